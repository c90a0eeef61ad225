//! compare's "differs": columns without a verdict (a limit) take part only
//! through a state they did find that a column with a verdict lacks.

mod common;

use amdmm_explore::{LimitReason, Outcome};
use amdmm_report::compare_row;
use common::{outcome, program};

/// The hand-made outcome stopped by a limit after finding only its
/// state `keep`.
fn unknown(keep: usize) -> Outcome {
    let mut o = outcome();
    o.states = vec![o.states[keep].clone()];
    o.observation = None;
    o.limit = Some(LimitReason::MaxExecutions(1));
    o
}

fn differs(columns: Vec<Outcome>) -> bool {
    let runs: Vec<(String, Result<Outcome, String>)> = columns
        .into_iter()
        .enumerate()
        .map(|(k, o)| (format!("m{k}"), Ok(o)))
        .collect();
    compare_row("t.litmus", &program(None), &runs).differs
}

#[test]
fn two_unknowns_with_different_partial_states_do_not_differ() {
    assert!(!differs(vec![unknown(0), unknown(1)]));
}

#[test]
fn an_unknown_missing_states_does_not_differ_from_a_verdict() {
    assert!(!differs(vec![outcome(), unknown(1)]));
}

#[test]
fn an_unknown_that_found_a_state_a_verdict_lacks_differs() {
    let mut decided = outcome();
    decided.states.truncate(1);
    assert!(differs(vec![decided, unknown(1)]));
}

#[test]
fn verdicts_still_differ_by_states() {
    let mut other = outcome();
    other.states.truncate(1);
    assert!(differs(vec![outcome(), other]));
    assert!(!differs(vec![outcome(), outcome()]));
}
