//! `amdmm campaign`: a whole campaign, resumed after a kill, the same
//! campaign as 4 shards merged (the same report but for timing), the
//! schedulers' shard variables, merge's refusals, and a finding shrunk.

mod common;
use common::*;
use std::path::{Path, PathBuf};

fn tmp(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("amdmm-campaign-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    d
}

fn repo_path(p: &str) -> PathBuf {
    manifest_dir().join("../..").join(p)
}

/// `amdmm` with the schedulers' variables set as given (and no others).
fn amdmm_env(args: &[&str], vars: &[(&str, &str)]) -> std::process::Output {
    let mut c = std::process::Command::new(env!("CARGO_BIN_EXE_amdmm"));
    c.args(args).current_dir(manifest_dir());
    for v in [
        "SLURM_ARRAY_TASK_ID",
        "SLURM_ARRAY_TASK_MIN",
        "SLURM_ARRAY_TASK_COUNT",
        "JOB_COMPLETION_INDEX",
        "AMDMM_SHARD_COUNT",
    ] {
        c.env_remove(v);
    }
    for (k, v) in vars {
        c.env(k, v);
    }
    c.output().expect("the amdmm binary runs")
}

const DIY: &str = "-size 4 -nprocs 2 -relax PodWR_sc.agent_sc.agent,PodWW__rel.agent -safe Rfe,Fre,Coe,PodRR_acq.agent_,PodWR,PodWW --placement wg,agent --spaces global,lds";

fn campaign(out: &Path, extra: &[&str]) -> std::process::Output {
    let mut args = vec![
        "campaign",
        "--diy",
        DIY,
        "--target",
        "gfx942,gfx1200",
        "--code",
        "table",
        "-j",
        "2",
        "--out",
        out.to_str().unwrap(),
    ];
    args.extend_from_slice(extra);
    amdmm(&args)
}

/// The report without its timing fields.
fn untimed(dir: &Path) -> (String, String, String) {
    let read = |f: &str| std::fs::read_to_string(dir.join(f)).unwrap();
    let txt: String = read("report.txt")
        .lines()
        .filter(|l| !l.starts_with("Time "))
        .map(|l| format!("{l}\n"))
        .collect();
    let json: String = read("report.json")
        .lines()
        .filter(|l| !l.contains("\"time_seconds\""))
        .map(|l| format!("{l}\n"))
        .collect();
    let html: String = read("report.html")
        .lines()
        .filter(|l| !l.starts_with("<p>Time "))
        .map(|l| format!("{l}\n"))
        .collect();
    (txt, json, html)
}

#[test]
fn four_shards_merge_to_the_whole_report() {
    let whole = tmp("whole");
    let o = campaign(&whole, &[]);
    assert_eq!(code(&o), 0, "{}{}", stdout(&o), stderr(&o));
    let report = untimed(&whole);
    assert!(
        report.0.contains("gfx942                     table"),
        "{}",
        report.0
    );
    let shards = tmp("shards");
    let mut dirs = Vec::new();
    for k in 1..=4 {
        let d = shards.join(k.to_string());
        let o = campaign(&d, &["--shard", &format!("{k}/4")]);
        assert_eq!(code(&o), 0, "{}", stderr(&o));
        assert!(d.join(format!("results-{k}-of-4.jsonl")).exists());
        dirs.push(d.to_str().unwrap().to_string());
    }
    let merged = shards.join("merged");
    let mut args = vec!["campaign", "merge"];
    args.extend(dirs.iter().map(String::as_str));
    args.extend(["--out", merged.to_str().unwrap()]);
    let o = amdmm(&args);
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    assert_eq!(untimed(&merged), report);

    // Refusals: a missing shard, a shard twice, another campaign's shard.
    let o = amdmm(&[
        "campaign",
        "merge",
        &dirs[0],
        &dirs[1],
        &dirs[3],
        "--out",
        merged.to_str().unwrap(),
    ]);
    assert_eq!(code(&o), 2);
    assert!(stderr(&o).contains("missing shards: 3/4"), "{}", stderr(&o));
    let o = amdmm(&[
        "campaign",
        "merge",
        &dirs[0],
        &dirs[1],
        &dirs[2],
        &dirs[3],
        &dirs[3],
        "--out",
        merged.to_str().unwrap(),
    ]);
    assert!(
        stderr(&o).contains("shard 4/4 given twice"),
        "{}",
        stderr(&o)
    );
    let other = tmp("other");
    let o = amdmm(&[
        "campaign",
        "--diy",
        "-size 4 -nprocs 2 -safe PodWR,Fre --placement agent",
        "--target",
        "gfx942,gfx1200",
        "--out",
        other.to_str().unwrap(),
        "--shard",
        "4/4",
    ]);
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    let o = amdmm(&[
        "campaign",
        "merge",
        &dirs[0],
        &dirs[1],
        &dirs[2],
        other.to_str().unwrap(),
        "--out",
        merged.to_str().unwrap(),
    ]);
    assert_eq!(code(&o), 2);
    assert!(
        stderr(&o).contains("not shards of one campaign: their generator differ"),
        "{}",
        stderr(&o)
    );
}

#[test]
fn a_killed_run_resumes() {
    let out = tmp("resume");
    let o = campaign(&out, &[]);
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    let file = out.join("results-1-of-1.jsonl");
    let full = std::fs::read_to_string(&file).unwrap();
    let n = full.lines().count() - 1;
    assert!(n > 20, "{n} pairs");
    // Killed after 10 pairs, in the middle of the 11th line.
    let mut cut: String = full.lines().take(11).map(|l| format!("{l}\n")).collect();
    cut += &full.lines().nth(11).unwrap()[..20];
    std::fs::write(&file, cut).unwrap();
    let o = campaign(&out, &[]);
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    assert!(
        stdout(&o).contains(&format!("{n} pairs (10 resumed, {} run)", n - 10)),
        "{}",
        stdout(&o)
    );
    assert_eq!(std::fs::read_to_string(&file).unwrap(), full);
    // Other options, same directory: refused, not mixed.
    let o = amdmm(&[
        "campaign",
        "--diy",
        DIY,
        "--target",
        "gfx942",
        "--out",
        out.to_str().unwrap(),
    ]);
    assert_eq!(code(&o), 2);
    assert!(
        stderr(&o).contains("the results of another campaign (targets differs)"),
        "{}",
        stderr(&o)
    );
}

#[test]
fn schedulers_choose_the_shard() {
    let out = tmp("slurm");
    let d = out.to_str().unwrap();
    let args = [
        "campaign",
        "--diy",
        "-safe PodWR,Fre --placement agent",
        "--target",
        "gfx942",
        "--out",
        d,
    ];
    let o = amdmm_env(
        &args,
        &[
            ("SLURM_ARRAY_TASK_ID", "1"),
            ("SLURM_ARRAY_TASK_COUNT", "3"),
        ],
    );
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    assert!(out.join("results-2-of-3.jsonl").exists());
    let o = amdmm_env(&args, &[("JOB_COMPLETION_INDEX", "2")]);
    assert_eq!(code(&o), 2);
    assert!(stderr(&o).contains("--shard-count"), "{}", stderr(&o));
    let o = amdmm_env(
        &args,
        &[("JOB_COMPLETION_INDEX", "2"), ("AMDMM_SHARD_COUNT", "3")],
    );
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    assert!(out.join("results-3-of-3.jsonl").exists());
}

/// F2 (docs/findings.md) without the known-findings list: a new finding,
/// reported loud (exit 1, FORBIDDEN), shrunk to a smaller test that still
/// fails (the decorations the outcome does not need are gone).
#[test]
fn a_finding_is_shrunk() {
    let out = tmp("finding");
    let test = repo_path("litmus/ISA2+avs.wg+fence-rel.agent+avl.agent.litmus");
    let args = [
        "campaign",
        test.to_str().unwrap(),
        "--target",
        "gfx942",
        "--out",
        out.to_str().unwrap(),
    ];
    let o = amdmm(&args);
    assert_eq!(code(&o), 0, "known: {}", stdout(&o));
    assert!(
        stdout(&o).contains("Known findings seen (amdmm docs findings): F2 (1)"),
        "{}",
        stdout(&o)
    );
    let out2 = tmp("finding2");
    let o = amdmm(&[
        "campaign",
        test.to_str().unwrap(),
        "--target",
        "gfx942",
        "--no-known",
        "--out",
        out2.to_str().unwrap(),
    ]);
    assert_eq!(code(&o), 1, "{}", stderr(&o));
    let s = stdout(&o);
    assert!(s.contains("1 NEW FINDING(S)"), "{s}");
    assert!(
        s.contains("FORBIDDEN ISA2+avs.wg+fence-rel.agent+avl.agent gfx942 table"),
        "{s}"
    );
    let rep = s
        .split("smallest reproducer:")
        .nth(1)
        .unwrap()
        .split("machine code:")
        .next()
        .unwrap();
    assert!(
        rep.contains("exists (true)") && !rep.contains("amdgcn-av"),
        "{rep}"
    );
    let html = std::fs::read_to_string(out2.join("report.html")).unwrap();
    assert!(html.contains("1 new finding(s)"));
}

/// The first campaign's FORBIDDEN outcomes (docs/findings.md, "Campaign
/// 1"), shrunk: a racy monotonic load returns undef (scopes not
/// inclusive), `undef ^ undef` is undef (LangRef), the store to `@y[undef]`
/// is undefined behaviour; the hardware stores y=1. With the model's `ub`
/// flag no outcome is forbidden (docs/semantics.md, "Undefined behaviour
/// in verify"): SKIP with the reason, exit 0.
#[test]
fn undefined_behaviour_forbids_no_outcome() {
    let dir = tmp("ub");
    std::fs::create_dir_all(&dir).unwrap();
    let t = dir.join("ub.litmus");
    std::fs::write(
        &t,
        "AMDGPU UB\n{\n  global x = 0;\n  global y = 0;\n}\nthread P0 @ wg 0 {\n  %r0 = load atomic i32, ptr @x monotonic, align 4\n  %d1 = xor i32 %r0, %r0\n  store atomic i32 1, ptr @y[%d1] monotonic, align 4\n}\nthread P1 @ wg 1 {\n  store atomic i32 1, ptr @x syncscope(\"workgroup\") monotonic, align 4\n}\nlocations [P0:%r0;@x;@y;]\nexists (true)\n",
    )
    .unwrap();
    let run = amdmm(&["run", t.to_str().unwrap()]);
    assert!(stdout(&run).contains("Flags: race ub"), "{}", stdout(&run));
    let o = amdmm(&["verify", "--target", "gfx942", t.to_str().unwrap()]);
    assert_eq!(code(&o), 0, "{}", stdout(&o));
    assert!(
        stdout(&o).contains("SKIP UB gfx942: undefined behaviour: the memory model reports `ub`"),
        "{}",
        stdout(&o)
    );
}
