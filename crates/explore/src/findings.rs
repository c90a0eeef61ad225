//! Results that come from a specification finding (docs/findings.md,
//! "Specification findings"): the notes `run` prints under them.

use crate::result::Note;
use amdmm_graph::Event;
use amdmm_program::Program;

/// The note for a read that returned `undef` in the pattern of finding S1:
/// memory-model.txt, "Location Order", "Otherwise, `R` returns `undef`",
/// reached although every write the read may see is an atomic operation with
/// inclusive scopes and location-ordered before it
/// (`amdmm_model::Analysis::s1_reads`, computed from the value rules, not
/// from the test's name). C++ returns the modification-order-last of those
/// writes, and so does `--model proposed`.
pub fn s1_note(program: &Program, read: &Event) -> Note {
    let thread = program
        .threads
        .get(read.thread as usize)
        .map_or("?", |t| t.name.as_str());
    Note {
        flag: "finding".into(),
        text: format!(
            "this is finding S1 (docs/findings.md, \"Specification findings\"): the plain \
             read of {thread} on line {} returns undef because it may see several atomic \
             writes with inclusive scopes, none location-ordered before another \
             (memory-model.txt, \"Location Order\"); C++ gives the last of them in \
             modification order, as --model proposed does",
            read.line
        ),
    }
}

/// Warnings for the undef trap (issue #29): the condition compares an
/// observable with a number (`P1:%r1 == 0`) in final states where it is a
/// racy `undef`, and never asks about `undef` for it. litmus-format.md,
/// "Final condition": "`undef == 42` is false", so such a state never
/// satisfies the comparison, which a reader of `exists (P1:%r1 == 0)` may
/// take for "the stale value is never read". An observable that no executed
/// instruction wrote (`unwritten`) is not counted: that is not a race.
pub fn undef_comparisons(program: &Program, outcome: &crate::result::Outcome) -> Vec<Note> {
    use amdmm_program::{Cond, Value};
    let mut compared: Vec<(&amdmm_program::Observable, i64)> = Vec::new();
    let mut asked_undef: Vec<&amdmm_program::Observable> = Vec::new();
    fn walk<'a>(
        c: &'a Cond,
        compared: &mut Vec<(&'a amdmm_program::Observable, i64)>,
        asked: &mut Vec<&'a amdmm_program::Observable>,
    ) {
        match c {
            Cond::True | Cond::False => {}
            Cond::Atom {
                obs,
                equal,
                value: Value::Int(v),
            } => {
                if *equal && !compared.iter().any(|(o, w)| *o == obs && w == v) {
                    compared.push((obs, *v));
                }
            }
            Cond::Atom { obs, .. } => asked.push(obs),
            Cond::Not(a) => walk(a, compared, asked),
            Cond::And(a, b) | Cond::Or(a, b) | Cond::Implies(a, b) => {
                walk(a, compared, asked);
                walk(b, compared, asked);
            }
        }
    }
    walk(&program.condition.cond, &mut compared, &mut asked_undef);
    let mut notes = Vec::new();
    for (obs, v) in compared {
        if asked_undef.contains(&obs) {
            continue;
        }
        let name = program.observable_name(obs);
        let Some(col) = outcome.columns.iter().position(|c| *c == name) else {
            continue;
        };
        let racy = outcome
            .states
            .iter()
            .filter(|s| {
                matches!(
                    s.values.get(col),
                    Some(crate::result::ValueOut::Undef(
                        crate::result::UndefTag::Undef
                    ))
                )
            })
            .count();
        if racy == 0 {
            continue;
        }
        let shown = program
            .float_type(obs)
            .map_or(v.to_string(), |ty| amdmm_program::float::display(ty, v));
        notes.push(Note {
            flag: "undef".into(),
            text: format!(
                "{name} is undef in {racy} of {} final states, where `{name} == {shown}` is \
                 false (undef equals no number): a racy read returns undef (the race flag); \
                 to ask for it, compare with undef (`{name} == undef`)",
                outcome.states.len()
            ),
        });
    }
    notes
}
