//! `amdmm diy`: diy7's spellings, files written through the safe writer,
//! the same bytes for the same options, every test valid input, errors
//! that name the bad edge.

mod common;
use common::*;

fn tmp(name: &str) -> std::path::PathBuf {
    let d = std::env::temp_dir().join(format!("amdmm-diy-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    d
}

fn files(dir: &std::path::Path) -> Vec<(String, String)> {
    let mut v: Vec<(String, String)> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| {
            let p = e.unwrap().path();
            (
                p.file_name().unwrap().to_string_lossy().into_owned(),
                std::fs::read_to_string(&p).unwrap(),
            )
        })
        .collect();
    v.sort();
    v
}

#[test]
fn writes_stable_tests_that_run() {
    let dir = tmp("stable");
    let d = dir.to_str().unwrap();
    let args = [
        "diy",
        "-size",
        "4",
        "-nprocs",
        "2",
        "-relax",
        "PodWR,FencedWR-sc.agent",
        "-safe",
        "Fre,Rfe,PodWW,PodRR_acq.agent_",
        "--placement",
        "wg,agent",
        "--out",
        d,
    ];
    let o = amdmm(&args);
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    let first = files(&dir);
    // SB and R shapes with PodWR or the fence, MP-like ones excluded (no relax edge).
    assert!(stdout(&o).starts_with(&format!("{} tests written", first.len())));
    assert!(first
        .iter()
        .any(|(f, _)| f == "FencedWR-sc.agent+Fre+FencedWR-sc.agent+Fre@wg@lds-xy.litmus"));
    assert!(first
        .iter()
        .all(|(f, _)| f.contains("PodWR") || f.contains("FencedWR")));
    // Same options, same bytes (the files are replaced: they are ours).
    let o = amdmm(&args);
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    assert_eq!(files(&dir), first);
    let o = amdmm(&["run", "--no-time", "-q", d]);
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    assert!(stdout(&o).contains("0 Unknown"), "{}", stdout(&o));
    assert!(stdout(&o).contains("0 input errors"), "{}", stdout(&o));
}

#[test]
fn default_vocabulary_is_a_vocabulary_file() {
    let dir = tmp("vocab");
    std::fs::create_dir_all(&dir).unwrap();
    let v = amdmm(&["diy", "--show-vocabulary"]);
    let file = dir.join("v.txt");
    std::fs::write(&file, stdout(&v)).unwrap();
    let a = amdmm(&["diy", "-size", "3", "--list"]);
    let b = amdmm(&[
        "diy",
        "-size",
        "3",
        "--list",
        "-vocabulary",
        file.to_str().unwrap(),
    ]);
    assert_eq!(code(&a), 0, "{}", stderr(&a));
    assert!(!stdout(&a).is_empty());
    assert_eq!(stdout(&a), stdout(&b));
}

#[test]
fn bad_edges_and_limits_are_errors() {
    let o = amdmm(&["diy", "-relax", "PodWR_acq_", "--list"]);
    assert_eq!(code(&o), 2);
    assert!(
        stderr(&o).contains("-relax: `PodWR_acq_`, source access: a store cannot be acquire"),
        "{}",
        stderr(&o)
    );
    let dir = tmp("vocabfile");
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("v.txt");
    std::fs::write(&file, "Rfe Fre\n# fine\nPodWW PodQQ\n").unwrap();
    let o = amdmm(&["diy", "--list", "-vocabulary", file.to_str().unwrap()]);
    assert_eq!(code(&o), 2);
    assert!(
        stderr(&o).contains("v.txt:3: unknown edge `PodQQ`"),
        "{}",
        stderr(&o)
    );
    let o = amdmm(&["diy", "--list", "--max-tests", "5"]);
    assert_eq!(code(&o), 2);
    assert!(stderr(&o).contains("limit reached"), "{}", stderr(&o));
}

#[test]
fn never_overwrites_other_files() {
    let dir = tmp("other");
    std::fs::create_dir_all(&dir).unwrap();
    let mine = dir.join("PodWR+Fre+PodWR+Fre@agent.litmus");
    std::fs::write(&mine, "hand-written\n").unwrap();
    let d = dir.to_str().unwrap();
    let o = amdmm(&[
        "diy",
        "-safe",
        "PodWR,Fre",
        "--placement",
        "agent",
        "--out",
        d,
    ]);
    assert_eq!(code(&o), 2);
    assert!(
        stderr(&o).contains("was not written by amdmm; give --force"),
        "{}",
        stderr(&o)
    );
    assert_eq!(std::fs::read_to_string(&mine).unwrap(), "hand-written\n");
}
