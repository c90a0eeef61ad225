//! The herd block of litmus-format.md, reproduced from a hand-made outcome.

use amdmm_explore::{FinalState, FlagsOut, LimitReason, Outcome, ValueOut};
use amdmm_program::{
    Cond, Condition, Expectation, Flags, Observation, Pos, Program, Quantifier, Value,
};
use amdmm_report::{check, herd_text, json, CheckResult};

fn program(expect: Option<Expectation>) -> Program {
    Program {
        name: "MP+rel-acq.agent".into(),
        description: None,
        locations: vec![],
        symbols: vec![],
        barriers: vec![],
        exclusive: vec![],
        functions: vec![],
        threads: vec![],
        workgroups: vec![],
        observed: vec![],
        condition: Condition {
            quantifier: Quantifier::Exists,
            cond: Cond::True,
        },
        condition_text: "P1:%r0=1 /\\ P1:%r1!=42".into(),
        expect,
        expect_by_model: Vec::new(),
        float_types: Vec::new(),
    }
}

fn outcome() -> Outcome {
    let race = FlagsOut {
        race: true,
        ..Default::default()
    };
    Outcome {
        columns: vec!["P1:%r0".into(), "P1:%r1".into()],
        states: vec![
            FinalState {
                values: vec![ValueOut::Int(0), Value::Undef.into()],
                satisfies: false,
                flags: race,
            },
            FinalState {
                values: vec![ValueOut::Int(1), ValueOut::Int(42)],
                satisfies: false,
                flags: FlagsOut::default(),
            },
        ],
        positive: 0,
        negative: 2,
        flags: race,
        observation: Some(Observation::Never),
        limit: None,
        cutoff_executions: 0,
        assume_discarded: 0,
        candidates: 2,
        witnesses: vec![],
        notes: vec![],
        deadlocks: vec![],
    }
}

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
    assert!(text.ends_with("Unknown MP+rel-acq.agent limit reached: --max-executions 10\n"));
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
