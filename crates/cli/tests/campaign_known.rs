//! `amdmm campaign` recognises known findings by mechanism, not by test
//! name (docs/campaigns.md, "Known findings by mechanism"): a generated
//! test of F2's shape on an affected target is KNOWN (F2), the same test on
//! an unaffected target agrees, F3 and F7 likewise, and a forbidden
//! outcome of another mechanism in a test with F2's construct pattern
//! (injected by a deliberately broken table, the hidden `--mutation` hook)
//! stays a new finding: FORBIDDEN, exit 1.

mod common;
use common::*;
use std::path::{Path, PathBuf};

fn tmp(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("amdmm-known-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    d
}

/// `amdmm diy ARGS --out DIR`.
fn diy(name: &str, args: &[&str]) -> PathBuf {
    let dir = tmp(name);
    let mut a = vec!["diy"];
    a.extend_from_slice(args);
    a.extend(["--out", dir.to_str().unwrap()]);
    let o = amdmm(&a);
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    dir
}

/// Runs a campaign over `tests`; returns (exit code, stdout, results).
fn campaign(tests: &Path, name: &str, extra: &[&str]) -> (i32, String, String) {
    let out = tmp(&format!("{name}-out"));
    let mut a = vec![
        "campaign",
        tests.to_str().unwrap(),
        "-j",
        "2",
        "--out",
        out.to_str().unwrap(),
    ];
    a.extend_from_slice(extra);
    let o = amdmm(&a);
    let results = std::fs::read_to_string(out.join("results-1-of-1.jsonl")).unwrap_or_default();
    (code(&o), stdout(&o), results)
}

/// The results line of (test, target, code).
fn line<'a>(results: &'a str, test: &str, target: &str, code: &str) -> &'a str {
    let key = format!("{{\"code\":\"{code}\",\"test\":\"{test}\",\"target\":\"{target}\",");
    results
        .lines()
        .find(|l| l.starts_with(&key))
        .unwrap_or_else(|| panic!("no line {key} in\n{results}"))
}

const F2_TEST: &str = "PodRR_acq.agent_+Fre+PodWW_na_rel.wg+Rfe+PodRW_acq.wg_rel.agent+Rfe@wg-011";

#[test]
fn f2_is_recognised_by_mechanism() {
    let dir = diy(
        "f2",
        &[
            "-size",
            "6",
            "-safe",
            "Rfe,Fre,PodWW_na_rel.wg,PodRW_acq.wg_rel.agent,PodRR_acq.agent_",
            "--placement",
            "mixed",
            "--spaces",
            "global",
        ],
    );
    let (status, out, results) = campaign(&dir, "f2", &["--target", "gfx942,gfx1200"]);
    assert_eq!(status, 0, "{out}");
    let l = line(&results, F2_TEST, "gfx942", "table");
    assert!(
        l.contains("\"status\":\"known\"")
            && l.contains("{\"state\":\"P0:%r0=1; P0:%r1=0; P2:%r0=1\",\"known\":\"F2\""),
        "{l}"
    );
    // GFX12 acknowledges stores at the L2 (F2's write-up): no F2 there.
    assert!(line(&results, F2_TEST, "gfx1200", "table").contains("\"status\":\"ok\""));
    assert!(
        out.contains("Known findings seen (amdmm docs findings): F2 ("),
        "{out}"
    );
    // --no-known applies no known finding, by name or by mechanism.
    let (status, out, _) = campaign(
        &dir,
        "f2-none",
        &["--target", "gfx942", "--no-known", "--no-shrink"],
    );
    assert_eq!(status, 1, "{out}");
    assert!(
        out.contains(&format!("FORBIDDEN {F2_TEST} gfx942 table")),
        "{out}"
    );
}

#[test]
fn f3_is_recognised_by_mechanism() {
    let dir = diy(
        "f3",
        &[
            "-nprocs",
            "2",
            "-safe",
            "Rfe,Fre,PodWW__rel.avnone,PodRR_acq_,PodWR_sc_sc",
            "--placement",
            "sys",
            "--spaces",
            "global",
        ],
    );
    let (status, out, results) = campaign(&dir, "f3", &["--target", "gfx90a,gfx942"]);
    assert_eq!(status, 0, "{out}");
    for t in [
        "PodRR_acq_+Fre+PodWW__rel.avnone+Rfe@sys",
        "PodWR_sc_sc+Fre+PodWR_sc_sc+Fre@sys",
    ] {
        let l = line(&results, t, "gfx90a", "table");
        assert!(
            l.contains("\"status\":\"known\"") && l.contains("\"known\":\"F3\""),
            "{l}"
        );
        assert!(line(&results, t, "gfx942", "table").contains("\"status\":\"ok\""));
    }
}

#[test]
fn f7_is_recognised_by_mechanism() {
    let dir = diy(
        "f7",
        &[
            "--one-thread",
            "-nprocs",
            "1",
            "-size",
            "2",
            "-safe",
            "PosRW__dma,Rfi",
            "--spaces",
            "lds",
        ],
    );
    let t = "PosRW__dma+Rfi@wg@lds-x";
    let probe = amdmm(&[
        "compile",
        "--target",
        "gfx942",
        dir.join(format!("{t}.litmus")).to_str().unwrap(),
    ]);
    if code(&probe) != 0 {
        assert!(
            std::env::var_os("CI").is_none(),
            "CI needs llc: {}",
            stderr(&probe)
        );
        eprintln!("skipped: no llc ({})", stderr(&probe).trim());
        return;
    }
    let (status, out, results) =
        campaign(&dir, "f7", &["--target", "gfx942", "--code", "table,llc"]);
    assert_eq!(status, 0, "{out}");
    assert!(line(&results, t, "gfx942", "table").contains("\"status\":\"ok\""));
    let l = line(&results, t, "gfx942", "llc-O0");
    assert!(
        l.contains("\"status\":\"known\"") && l.contains("\"known\":\"F7\""),
        "{l}"
    );
}

/// F2's construct pattern (a work-group release in P0, an agent release in
/// P1 of its work-group, a reader in another work-group) without F2's
/// mechanism: message passing from P1 to P2 at agent scope. The tables
/// keep it (agreed); with the agent release's `s_waitcnt vmcnt(0)
/// lgkmcnt(0)` dropped, P2 reads z=1 and x=0, which F2's repair (waits
/// around P0's work-group release) does not remove: a new finding.
#[test]
fn another_mechanism_stays_loud() {
    let dir = tmp("loud-tests");
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(
        dir.join("Loud.litmus"),
        "AMDGPU Loud\n{\n  global x = 0;\n  global z = 0;\n  global w = 0;\n}\n\
         thread P0 @ wg 0, wave 0 {\n  store atomic i32 1, ptr @w syncscope(\"workgroup\") release, align 4\n}\n\
         thread P1 @ wg 0, wave 1 {\n  store i32 1, ptr @x\n  store atomic i32 1, ptr @z syncscope(\"agent\") release, align 4\n}\n\
         thread P2 @ wg 1 {\n  %r1 = load atomic i32, ptr @z syncscope(\"agent\") acquire, align 4\n  %r2 = load i32, ptr @x\n}\n\
         exists (P2:%r1 == 1 /\\ P2:%r2 == 0)\n",
    )
    .unwrap();
    let (status, out, _) = campaign(&dir, "loud", &["--target", "gfx942"]);
    assert_eq!(status, 0, "{out}");
    let broken = "drop `s_waitcnt vmcnt(0) lgkmcnt(0)` [AMDHSA Memory Model Code Sequences GFX942, row store atomic / release / agent / global, generic]";
    let (status, out, results) = campaign(
        &dir,
        "loud-broken",
        &["--target", "gfx942", "--no-shrink", "--mutation", broken],
    );
    assert_eq!(status, 1, "{out}");
    assert!(out.contains("FORBIDDEN Loud gfx942 table"), "{out}");
    let l = line(&results, "Loud", "gfx942", "table");
    assert!(
        l.contains("\"status\":\"forbidden\"") && l.contains("\"known\":null"),
        "{l}"
    );
}
