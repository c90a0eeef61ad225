//! The herd block of litmus-format.md, reproduced from a hand-made outcome.

mod common;

use amdmm_explore::LimitReason;
use amdmm_program::{Expectation, Flags, Observation, Pos, Quantifier};
use amdmm_report::{check, herd_text, json, CheckResult};
use common::{outcome, program};

const BLOCK: &str = "\
Test MP+rel-acq.agent Allowed
States 2
P1:%r0=0; P1:%r1=undef;
P1:%r0=1; P1:%r1=42;
No
Witnesses
Positive: 0 Negative: 2
Flags: race
Condition exists (P1:%r0=1 /\\ P1:%r1!=42)
Observation MP+rel-acq.agent Never 0 2
Time MP+rel-acq.agent 0.00
";

fn expect(observation: Observation, race: bool) -> Option<Expectation> {
    Some(Expectation {
        observation,
        flags: Flags {
            race,
            ..Default::default()
        },
        pos: Pos::default(),
    })
}

#[test]
fn format_page_block() {
    assert_eq!(
        herd_text(&program(None), &outcome(), Some(0.001), false),
        BLOCK
    );
}

#[test]
fn unknown_block() {
    let mut o = outcome();
    o.observation = None;
    o.limit = Some(LimitReason::MaxExecutions(10));
    let text = herd_text(&program(None), &o, None, false);
    assert!(text.contains("Observation MP+rel-acq.agent Unknown 0 2\n"));
    assert!(text.ends_with("Unknown MP+rel-acq.agent limit reached: --max-candidates 10\n"));
}

#[test]
fn checks() {
    let o = outcome();
    assert_eq!(
        check(&program(expect(Observation::Never, true)), &o),
        CheckResult::Pass
    );
    let r = check(&program(expect(Observation::Never, false)), &o);
    assert_eq!(
        r.fail_line("T").unwrap(),
        "FAIL T: expected Never, got Never race"
    );
    assert!(!check(&program(None), &o).passed());
}

#[test]
fn json_fields() {
    let v = serde_json::to_value(json(&program(None), &outcome(), None, false)).unwrap();
    assert_eq!(v["observation"], "Never");
    assert_eq!(v["states"][0]["values"][1], "undef");
    assert_eq!(v["flags"][0], "race");
    assert_eq!(v["ok"], false);
}

/// herd's line never says `Ok` next to an `Unknown` observation, even when
/// the counts (all zero) would satisfy the quantifier.
#[test]
fn no_ok_next_to_unknown() {
    let mut o = outcome();
    o.states.clear();
    o.positive = 0;
    o.negative = 0;
    o.observation = None;
    o.limit = Some(LimitReason::NoExecution);
    let mut p = program(None);
    p.condition.quantifier = Quantifier::NotExists;
    let text = herd_text(&p, &o, None, false);
    assert!(text.contains("\nNo\n"), "{text}");
    assert!(!text.contains("\nOk\n"), "{text}");
    assert!(
        text.contains("Unknown MP+rel-acq.agent no execution:"),
        "{text}"
    );
    p.condition.quantifier = Quantifier::Forall;
    assert!(!herd_text(&p, &o, None, false).contains("\nOk\n"));
}

/// Executions discarded by `llvm.assume` are counted in a line of their own.
#[test]
fn discarded_line() {
    let mut o = outcome();
    o.assume_discarded = 3;
    let text = herd_text(&program(None), &o, None, false);
    assert!(
        text.contains("Flags: race\nDiscarded: 3 executions by llvm.assume\nCondition"),
        "{text}"
    );
}
