//! End-to-end tests of the barrier model: `--barrier-target`, the notes on undefined
//! behaviour and deadlocks, barrier witnesses in text and JSON.

use std::path::PathBuf;

mod common;
use common::*;

fn corpus(name: &str) -> String {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../litmus/barrier")
        .join(name)
        .display()
        .to_string()
}

#[test]
fn gfx11_has_no_split_barriers() {
    let f = corpus("MP+split.work-between.litmus");
    let o = amdmm(&["run", "--no-time", "--barrier-target", "gfx1100", &f]);
    let out = stdout(&o);
    assert!(
        out.contains("Observation MP+split.work-between Unknown"),
        "{out}"
    );
    assert!(
        out.contains("`llvm.amdgcn.s.barrier.signal` is not available on GFX6-11"),
        "{out}"
    );
    assert!(out.contains("target gfx1100"), "{out}");
}

#[test]
fn gfx11_s_barrier_synchronizes() {
    let f = corpus("MP+fence-sbarrier-fence.wg.litmus");
    let o = amdmm(&["run", "--check", "--barrier-target", "gfx90a", &f]);
    assert_eq!(o.status.code(), Some(0), "{}", stdout(&o));
}

#[test]
fn gfx12_has_no_named_barriers() {
    let f = corpus("Named+count.mp.litmus");
    let o = amdmm(&["run", "--no-time", "--barrier-target", "gfx1200", &f]);
    let out = stdout(&o);
    assert!(out.contains("Unknown"), "{out}");
    assert!(
        out.contains("not available on GFX12 (it needs GFX12.5"),
        "{out}"
    );
    let o = amdmm(&["run", "--check", "--barrier-target", "gfx1250", &f]);
    assert_eq!(o.status.code(), Some(0), "{}", stdout(&o));
}

#[test]
fn unknown_target_is_an_error() {
    let f = corpus("MP+fence-sbarrier-fence.wg.litmus");
    let o = amdmm(&["run", "--barrier-target", "sm_90", &f]);
    assert_eq!(o.status.code(), Some(2));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("unknown processor `sm_90`"), "{err}");
}

#[test]
fn deadlock_is_reported_with_its_barrier_and_counts() {
    let f = corpus("Abstract+too-few.deadlock.litmus");
    let o = amdmm(&["run", "--no-time", "--show-executions", &f]);
    let out = stdout(&o);
    assert!(out.contains("Flags: deadlock"), "{out}");
    assert!(
        out.contains(
            "Deadlock: the wait on @B (wg 0) never completes for P0 (line 11), P1 (line 17): \
             arrive count 2 of expected count 3"
        ),
        "{out}"
    );
    assert!(out.contains("Deadlocked execution 1:"), "{out}");
    assert!(out.contains("wait @B (wg 0) never completes"), "{out}");
}

#[test]
fn undefined_behaviour_names_the_clause() {
    let f = corpus("Abstract+drop-without-join.ub.litmus");
    let o = amdmm(&["run", "--no-time", &f]);
    let out = stdout(&o);
    assert!(
        out.contains("Undefined: drop-without-join: drop @B"),
        "{out}"
    );
}

#[test]
fn witnesses_show_barrier_edges_and_phases() {
    let f = corpus("MP+fence-sbarrier-fence.wg.litmus");
    let o = amdmm(&["run", "--no-time", "--show-executions", &f]);
    let out = stdout(&o);
    assert!(out.contains("completes phase 1"), "{out}");
    assert!(out.contains("  bpi: "), "{out}");
    assert!(out.contains("  bexec: "), "{out}");
    assert!(out.contains("  barrier-sw: e2->e3"), "{out}");
    let o = amdmm(&["run", "--no-time", "--json", "--show-executions", &f]);
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).expect("JSON");
    let w = &v["tests"][0]["witnesses"][0]["barrier"];
    assert!(!w["relations"]["bpi"].as_array().unwrap().is_empty(), "{w}");
    assert!(
        !w["relations"]["bexec"].as_array().unwrap().is_empty(),
        "{w}"
    );
    assert!(w["ops"][2]["label"]
        .as_str()
        .unwrap()
        .contains("completes phase 1"));
    let f = corpus("Abstract+circular.deadlock.litmus");
    let o = amdmm(&["run", "--no-time", "--json", "--show-executions", &f]);
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).expect("JSON");
    let t = &v["tests"][0];
    assert_eq!(t["notes"][0]["flag"], "deadlock", "{t}");
    assert!(!t["deadlocks"].as_array().unwrap().is_empty(), "{t}");
}

/// GFX12's barrier ID -1 is the table's "Workgroup barrier" (s_barrier IDs
/// GFX12): `run` names it as `kernel` does, not by its number.
#[test]
fn gfx12_names_barrier_minus_one_the_workgroup_barrier() {
    let f = corpus("Split+signal-exit.ub.litmus");
    let o = amdmm(&["run", "--no-time", "--barrier-target", "gfx1200", &f]);
    let out = stdout(&o);
    assert!(
        out.contains("arrive the workgroup barrier (wg 0) by P0 (line 8)"),
        "{out}"
    );
    assert!(!out.contains("barrier -1"), "{out}");
}
