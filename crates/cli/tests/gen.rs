//! `amdmm gen`: every family, scope and ordering writes tests that parse and
//! get a verdict; the shapes ask what they say (the textbook answers below
//! follow from the rules named at each); bad options write nothing;
//! `hw-mp --replace` regenerates a directory and removes stale tests.

use std::collections::BTreeMap;
use std::path::Path;

mod common;
use common::*;

fn tmp(name: &str) -> std::path::PathBuf {
    let d = std::env::temp_dir().join(format!("amdmm-gen-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    d
}

/// Observation per test name of `amdmm run DIR`.
fn observations(dir: &Path) -> BTreeMap<String, String> {
    let o = amdmm(&["run", "--no-time", dir.to_str().unwrap()]);
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    stdout(&o)
        .lines()
        .filter_map(|l| l.strip_prefix("Observation "))
        .map(|l| {
            let mut w = l.split(' ');
            (w.next().unwrap().to_string(), w.next().unwrap().to_string())
        })
        .collect()
}

#[test]
fn every_family_scope_and_order_gets_a_verdict() {
    let dir = tmp("all");
    let d = dir.to_str().unwrap();
    let families = [
        ("sb", "2"),
        ("mp", "2..3"),
        ("lb", "2"),
        ("wrc", "3"),
        ("iriw", "4"),
        ("isa2", "3"),
        ("corr", "2"),
        ("coww", "1..2"),
    ];
    for (f, n) in families {
        let o = amdmm(&[
            "gen",
            f,
            "--threads",
            n,
            "--scope",
            "all",
            "--order",
            "all",
            "--out",
            d,
        ]);
        assert_eq!(code(&o), 0, "{f}: {}", stderr(&o));
    }
    let obs = observations(&dir);
    // 10 thread counts x 3 scopes x 5 orderings, no Unknown.
    assert_eq!(obs.len(), 150, "{obs:?}");
    assert!(
        obs.values().all(|v| v == "Never" || v == "Sometimes"),
        "{obs:?}"
    );
    for scope in ["workgroup", "agent", "system"] {
        let get = |t: &str| obs[&format!("{t}.{scope}")].as_str();
        for order in ["relaxed", "rel-acq", "sc", "fence-acqrel", "fence-sc"] {
            // Coherence (LangRef, monotonic: reads of one address follow its
            // modification order; writes in program order are in it).
            assert_eq!(get(&format!("CoRR-2+{order}")), "Never", "{order} {scope}");
            assert_eq!(get(&format!("CoWW-2+{order}")), "Never", "{order} {scope}");
        }
        // Relaxed shapes are observable (monotonic gives no ordering) ...
        for t in ["SB-2", "MP-2", "MP-3", "WRC-3", "ISA2-3", "IRIW-4"] {
            assert_eq!(get(&format!("{t}+relaxed")), "Sometimes", "{t} {scope}");
        }
        // ... release/acquire forbids message passing (synchronizes-with) but
        // not store buffering; seq_cst forbids both (one total order).
        for t in ["MP-2", "MP-3", "WRC-3", "ISA2-3"] {
            assert_eq!(get(&format!("{t}+rel-acq")), "Never", "{t} {scope}");
        }
        assert_eq!(get("SB-2+rel-acq"), "Sometimes", "{scope}");
        assert_eq!(get("SB-2+sc"), "Never", "{scope}");
        assert_eq!(get("SB-2+fence-sc"), "Never", "{scope}");
        assert_eq!(get("IRIW-4+sc"), "Never", "{scope}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_default_is_the_classic_size_relaxed_at_agent_scope() {
    let dir = tmp("default");
    let o = amdmm(&["gen", "iriw", "--out", dir.to_str().unwrap()]);
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    assert_eq!(
        stdout(&o).trim(),
        format!("1 tests written to {}", dir.display())
    );
    let text = std::fs::read_to_string(dir.join("IRIW-4+relaxed.agent.litmus")).unwrap();
    assert!(text.contains("thread P3 @ wg 3 {"), "{text}");
    assert!(text.contains("syncscope(\"agent\") monotonic"), "{text}");
    assert!(!text.lines().any(|l| l.starts_with("expect")), "{text}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn bad_options_write_nothing() {
    let dir = tmp("bad");
    let d = dir.to_str().unwrap();
    for args in [
        vec!["gen", "iriw", "--threads", "3", "--out", d],
        vec!["gen", "sb", "--threads", "5..2", "--out", d],
        vec!["gen", "sb", "--threads", "two", "--out", d],
        vec!["gen", "sb", "--threads", "2,200", "--out", d],
        vec!["gen", "hw-mp", "--threads", "2", "--out", d],
    ] {
        let o = amdmm(&args);
        assert_eq!(code(&o), 2, "{args:?}");
        // amdmm's own one-line errors, or clap's usage errors (docs/cli.md).
        assert!(
            stderr(&o).starts_with("amdmm: error: ") || stderr(&o).starts_with("error: "),
            "{args:?}: {}",
            stderr(&o)
        );
        assert!(!dir.exists(), "{args:?} wrote {}", dir.display());
    }
    let o = amdmm(&["gen", "sbb", "--out", d]);
    assert_eq!(code(&o), 2);
    assert!(stderr(&o).contains("sb"), "{}", stderr(&o));
}

#[test]
fn hw_mp_replace_regenerates_the_directory() {
    let dir = tmp("hwmp");
    std::fs::create_dir_all(&dir).unwrap();
    // A generated test this run does not write is removed; a hand-written
    // one is kept (docs/cli.md, "Files amdmm writes"), as is any other file.
    std::fs::write(
        dir.join("stale.litmus"),
        "AMDGPU Old\n\"Generated by scripts/gen-hw-mp.py. Old.\"\n",
    )
    .unwrap();
    std::fs::write(dir.join("mine.litmus"), "old").unwrap();
    std::fs::write(dir.join("notes.txt"), "kept").unwrap();
    let o = amdmm(&["gen", "hw-mp", "--replace", "--out", dir.to_str().unwrap()]);
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    assert!(!dir.join("stale.litmus").exists());
    assert!(dir.join("notes.txt").exists());
    assert!(dir.join("mine.litmus").exists());
    std::fs::remove_file(dir.join("mine.litmus")).unwrap();
    let corpus = manifest_dir().join("../../litmus/hw/mp");
    let n = std::fs::read_dir(&dir).unwrap().count();
    assert_eq!(n, 211);
    for e in std::fs::read_dir(&corpus).unwrap() {
        let p = e.unwrap().path();
        let name = p.file_name().unwrap();
        assert_eq!(
            std::fs::read(&p).unwrap(),
            std::fs::read(dir.join(name)).unwrap(),
            "{name:?}"
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// Whether `s` is one parenthesised group as a whole: `(a /\ b)`, not
/// `(a) \/ (b)`.
fn wrapped_whole(s: &str) -> bool {
    if !s.starts_with('(') {
        return false;
    }
    let mut depth = 0;
    for (i, c) in s.char_indices() {
        match c {
            '(' => depth += 1,
            ')' => {
                depth -= 1;
                if depth == 0 {
                    return i == s.len() - 1;
                }
            }
            _ => {}
        }
    }
    false
}

/// Conditions carry one pair of parentheses (issue 29): a lone disjunct is
/// not wrapped again inside `exists (...)`; with several, each conjunction
/// is parenthesised, so the condition parses as written.
#[test]
fn conditions_have_no_doubled_parentheses() {
    let dir = tmp("parens");
    let d = dir.to_str().unwrap();
    for (f, n) in [
        ("mp", "2..3"),
        ("corr", "2..3"),
        ("coww", "1..2"),
        ("sb", "2"),
    ] {
        let o = amdmm(&["gen", f, "--threads", n, "--out", d]);
        assert_eq!(code(&o), 0, "{f}: {}", stderr(&o));
    }
    let mut conditions = Vec::new();
    for e in std::fs::read_dir(&dir).unwrap().flatten() {
        let text = std::fs::read_to_string(e.path()).unwrap();
        let cond = text
            .lines()
            .find(|l| l.starts_with("exists"))
            .unwrap()
            .to_string();
        let inner = &cond["exists (".len()..cond.len() - 1];
        assert!(!wrapped_whole(inner), "{}: {cond}", e.path().display());
        conditions.push(cond);
    }
    assert!(
        conditions.contains(&"exists (P1:%r0 == 1 /\\ P1:%r1 == 0)".to_string()),
        "{conditions:?}"
    );
    assert!(
        conditions.contains(
            &"exists ((P1:%r0 == 1 /\\ P1:%r1 == 0) \\/ (P2:%r0 == 1 /\\ P2:%r1 == 0))".to_string()
        ),
        "{conditions:?}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}
