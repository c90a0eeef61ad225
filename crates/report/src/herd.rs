//! The herd-compatible text block of one test (litmus-format.md, "What a run prints").

use crate::witness::{state_text, witness_text};
use crate::{observation_name, unknown_reason};
use amdmm_explore::Outcome;
use amdmm_program::{Flags, Program, Quantifier};
use std::fmt::Write;

/// herd's word for the quantifier: `Allowed` (exists), `Required` (forall),
/// `Forbidden` (~exists).
pub fn kind(q: Quantifier) -> &'static str {
    match q {
        Quantifier::Exists => "Allowed",
        Quantifier::Forall => "Required",
        Quantifier::NotExists => "Forbidden",
    }
}

/// herd's `Ok` line: exists → some positive; forall → no negative;
/// ~exists → no positive. Never `Ok` without a verdict: an `Unknown`
/// observation prints `No` (herd's line has only the two words).
pub fn ok(q: Quantifier, outcome: &Outcome) -> bool {
    if outcome.observation.is_none() {
        return false;
    }
    match q {
        Quantifier::Exists => outcome.positive > 0,
        Quantifier::Forall => outcome.negative == 0,
        Quantifier::NotExists => outcome.positive == 0,
    }
}

/// `exists (P1:%r0=1 /\ P1:%r1!=42)`: the quantifier and the condition text,
/// parenthesised unless it already is.
pub fn condition_line(program: &Program) -> String {
    let q = match program.condition.quantifier {
        Quantifier::Exists => "exists",
        Quantifier::Forall => "forall",
        Quantifier::NotExists => "~exists",
    };
    let text = program.condition_text.trim();
    if fully_parenthesised(text) {
        format!("{q} {text}")
    } else {
        format!("{q} ({text})")
    }
}

/// True when `s` is `( ... )` with the first parenthesis closing at the end.
fn fully_parenthesised(s: &str) -> bool {
    if !s.starts_with('(') || !s.ends_with(')') {
        return false;
    }
    let mut depth = 0i32;
    for (i, c) in s.char_indices() {
        match c {
            '(' => depth += 1,
            ')' => {
                depth -= 1;
                if depth == 0 && i + 1 < s.len() {
                    return false;
                }
            }
            _ => {}
        }
    }
    depth == 0
}

/// The herd-style block for one test, ending with a newline. `time` in
/// seconds (`None`: no `Time` line). With `show_executions`, each witness
/// execution follows the block.
///
/// When the outcome has no verdict, the observation is `Unknown` and a line
/// `Unknown NAME <reason>` follows the `Observation` line.
pub fn herd_text(
    program: &Program,
    outcome: &Outcome,
    time: Option<f64>,
    show_executions: bool,
) -> String {
    let name = &program.name;
    let q = program.condition.quantifier;
    let mut s = String::new();
    let _ = writeln!(s, "Test {name} {}", kind(q));
    let _ = writeln!(s, "States {}", outcome.states.len());
    for st in &outcome.states {
        let _ = writeln!(s, "{}", state_text(&outcome.columns, st));
    }
    let _ = writeln!(s, "{}", if ok(q, outcome) { "Ok" } else { "No" });
    let _ = writeln!(s, "Witnesses");
    let _ = writeln!(
        s,
        "Positive: {} Negative: {}",
        outcome.positive, outcome.negative
    );
    let flags = Flags::from(outcome.flags).names();
    if !flags.is_empty() {
        let _ = writeln!(s, "Flags: {}", flags.join(" "));
    }
    s.push_str(&crate::barrier::notes_text(&outcome.notes));
    if outcome.assume_discarded > 0 {
        let _ = writeln!(
            s,
            "Discarded: {} executions by llvm.assume",
            outcome.assume_discarded
        );
    }
    let _ = writeln!(s, "Condition {}", condition_line(program));
    let _ = writeln!(
        s,
        "Observation {name} {} {} {}",
        observation_name(outcome),
        outcome.positive,
        outcome.negative
    );
    if outcome.observation.is_none() {
        let _ = writeln!(s, "Unknown {name} {}", unknown_reason(outcome));
    }
    if let Some(t) = time {
        let _ = writeln!(s, "Time {name} {t:.2}");
    }
    if show_executions {
        for w in &outcome.witnesses {
            s.push_str(&witness_text(outcome, w));
        }
        for (k, w) in outcome.deadlocks.iter().enumerate() {
            s.push_str(&crate::barrier::deadlock_text(outcome, k, w));
        }
    }
    s
}

#[cfg(test)]
mod tests {
    use super::fully_parenthesised;

    #[test]
    fn parentheses() {
        assert!(fully_parenthesised("(a /\\ b)"));
        assert!(fully_parenthesised("((a) \\/ b)"));
        assert!(!fully_parenthesised("(a) /\\ (b)"));
        assert!(!fully_parenthesised("a"));
    }
}
