//! `verify_pair`, the one check of a (test, target) pair that `amdmm
//! verify`, the campaign and the playground share: the hardware model's
//! final states the memory model forbids, known by a known-findings line or
//! by a recogniser, else FORBIDDEN.
//!
//! The test: litmus/hw/SB+sc.diffagent.primed-l1 on gfx90a, where the
//! hardware model reaches `P0:%r0=0; P1:%r1=0`, which the memory model
//! forbids for the test's seq_cst accesses (`amdmm run` gives it no
//! execution): the known finding F3 (docs/findings.md, section 3).

use amdmm_hw::machine::{CodeSource, HwOptions};
use amdmm_report::verify::{parse_known, verify_pair, Code, Pair, PairOptions};

const OUTCOME: &str = "P0:%r0=0; P1:%r1=0";

fn program() -> amdmm_program::Program {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../litmus/hw/SB+sc.diffagent.primed-l1.litmus");
    let text = std::fs::read_to_string(path).unwrap();
    amdmm_program::load(&text).unwrap()
}

fn check(
    known: &[amdmm_report::verify::Known],
    recognise: Option<amdmm_report::verify::Recognise>,
) -> amdmm_report::verify::Checked {
    let p = program();
    let target = amdmm_hw::Target::parse("gfx90a").unwrap();
    let model = amdmm_explore::explore(&p, &amdmm_explore::Options::default());
    // verify's defaults (`--loop-bound 2`, `--max-states 2000000`).
    let hw = HwOptions::default();
    let pair = Pair {
        file: "SB.litmus",
        program: &p,
        target: &target,
        model: &model,
    };
    verify_pair(
        &pair,
        &PairOptions {
            hw: &hw,
            code: Code::Source(&CodeSource::Table),
            known,
            recognise,
        },
    )
}

#[test]
fn an_outcome_no_finding_names_is_forbidden_with_its_trace() {
    let c = check(&[], None);
    assert_eq!(c.result.status, "forbidden");
    assert_eq!(c.result.forbidden.len(), 1);
    let f = &c.result.forbidden[0];
    assert_eq!(f.state, OUTCOME);
    assert_eq!(f.known, None);
    assert!(!f.trace.is_empty() && !f.machine_code.is_empty());
    assert!(c.used.is_empty());
}

#[test]
fn a_known_line_makes_it_known_and_is_reported_used() {
    let lines = format!(
        "X1 Other gfx90a {OUTCOME}\nF3 SB+sc.diffagent.primed-l1 gfx90a {OUTCOME}\nF3 SB+sc.diffagent.primed-l1 gfx942 {OUTCOME}\n"
    );
    let known = parse_known(&lines, "test", true).unwrap();
    let c = check(&known, None);
    assert_eq!(c.result.status, "known");
    assert_eq!(c.result.forbidden[0].known.as_deref(), Some("F3"));
    assert_eq!(c.used, vec![1]);
}

#[test]
fn a_recognised_outcome_is_known_and_a_line_wins_over_it() {
    let by_mechanism = |_: &amdmm_hw::machine::Verdict| vec![(OUTCOME.to_string(), "F9")];
    let c = check(&[], Some(&by_mechanism));
    assert_eq!(c.result.status, "known");
    assert_eq!(c.result.forbidden[0].known.as_deref(), Some("F9"));
    let other = |_: &amdmm_hw::machine::Verdict| vec![("P0:%r0=1".to_string(), "F9")];
    assert_eq!(check(&[], Some(&other)).result.status, "forbidden");
    let known = parse_known(
        &format!("F3 SB+sc.diffagent.primed-l1 * {OUTCOME}\n"),
        "t",
        true,
    )
    .unwrap();
    let c = check(&known, Some(&by_mechanism));
    assert_eq!(c.result.forbidden[0].known.as_deref(), Some("F3"));
}
