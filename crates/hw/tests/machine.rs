//! The hardware models on MP and SB, per modelled target.

use amdmm_explore::{FinalState, ValueOut};
use amdmm_hw::machine::{explore, verify, HwOptions};
use amdmm_hw::Target;
use std::path::Path;

fn load(name: &str) -> amdmm_program::Program {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../litmus")
        .join(name);
    amdmm_program::load(&std::fs::read_to_string(path).unwrap()).unwrap()
}

fn states(name: &str, target: &str) -> Vec<Vec<i64>> {
    let h = explore(
        &load(name),
        &Target::parse(target).unwrap(),
        &HwOptions::default(),
    )
    .unwrap();
    assert!(h.outcome.limit.is_none());
    h.outcome
        .states
        .iter()
        .map(|s: &FinalState| {
            s.values
                .iter()
                .map(|v| match v {
                    ValueOut::Int(i) => *i,
                    ValueOut::Undef(_) => -1,
                })
                .collect()
        })
        .collect()
}

const MODELLED: &[&str] = &[
    "gfx600",
    "gfx700",
    "gfx900",
    "gfx90a",
    "gfx90a:tgsplit",
    "gfx942",
    "gfx942:tgsplit",
];

#[test]
fn mp_release_acquire_agent_is_ordered_on_every_modelled_target() {
    for t in MODELLED {
        let s = states("MP+rel-acq.agent.litmus", t);
        assert!(s.contains(&vec![1, 42]), "{t}: {s:?}");
        assert!(s.contains(&vec![0, 0]), "{t}: {s:?}");
        assert!(
            !s.contains(&vec![1, 0]),
            "{t}: the release/acquire sequences must forbid MP: {s:?}"
        );
    }
}

#[test]
fn mp_monotonic_is_reordered_across_cus() {
    // "Each CU has a separate request queue per channel for its associated
    // L2 ... can be reordered relative to each other."
    for t in MODELLED {
        let s = states("MP+mono-mono.agent.litmus", t);
        assert!(s.contains(&vec![1, 0]), "{t}: {s:?}");
    }
}

#[test]
fn sb_store_buffering_shows_without_seq_cst() {
    for t in MODELLED {
        let s = states("SB+mono.litmus", t);
        assert!(s.contains(&vec![0, 0]), "{t}: {s:?}");
        let s = states("SB+sc.litmus", t);
        assert!(
            !s.contains(&vec![0, 0]),
            "{t}: seq_cst must forbid SB: {s:?}"
        );
    }
}

#[test]
fn verify_accepts_mp_and_sb_and_reports_the_lds_finding() {
    let opts = HwOptions::default();
    let mopts = amdmm_explore::Options::default();
    for name in [
        "MP+rel-acq.agent.litmus",
        "SB+sc.litmus",
        "MP+rel-acq.workgroup.samewg.litmus",
    ] {
        let p = load(name);
        let model = amdmm_explore::explore(&p, &mopts);
        for t in MODELLED {
            let v = verify(&p, &Target::parse(t).unwrap(), &opts, &model).unwrap();
            assert!(v.forbidden.is_empty(), "{name} {t}: {:?}", v.forbidden);
        }
    }
    // docs/findings.md, finding 1.
    let p = load("MP+rel-acq.workgroup.lds.litmus");
    let model = amdmm_explore::explore(&p, &mopts);
    let v = verify(&p, &Target::parse("gfx942").unwrap(), &opts, &model).unwrap();
    assert_eq!(v.forbidden.len(), 1);
    assert!(!v.forbidden[0].1.is_empty());
}

#[test]
fn unmodelled_generation_is_an_error() {
    let e = explore(
        &load("SB+sc.litmus"),
        &Target::parse("gfx1100").unwrap(),
        &HwOptions::default(),
    );
    assert!(e.is_err());
}
