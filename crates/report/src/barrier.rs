//! The barrier parts of the output: notes on undefined behaviour and
//! deadlocks, the barrier execution of a witness, deadlocked executions.

use crate::witness::witness_text;
use amdmm_explore::{BarrierWitness, Note, Outcome, Witness};
use std::fmt::Write;

/// One line per note: `Undefined: <clause>: ...` or `Deadlock: ...`.
pub fn notes_text(notes: &[Note]) -> String {
    let mut s = String::new();
    for n in notes {
        let head = match n.flag.as_str() {
            "deadlock" => "Deadlock",
            // A result that comes from a specification finding.
            "finding" => "note",
            // The condition compares a racy undef with a number.
            "undef" => "warning",
            _ => "Undefined",
        };
        let _ = writeln!(s, "{head}: {}", n.text);
    }
    s
}

/// The barrier execution of a witness: the operations per wave, with the
/// phase of each, then *barrier-participates-in* (`bpi`), the arrives that
/// barrier-execute-before waits of other waves (`bexec`), and the notes.
pub fn barrier_text(b: &BarrierWitness) -> String {
    let mut s = String::new();
    let _ = writeln!(s, "  barrier operations:");
    let mut actors: Vec<&str> = Vec::new();
    for e in &b.ops {
        if !actors.contains(&e.thread.as_str()) {
            actors.push(&e.thread);
        }
    }
    for a in actors {
        let _ = writeln!(s, "    {a}:");
        for e in b.ops.iter().filter(|e| e.thread == a) {
            let _ = write!(s, "      {}", e.label);
            if e.line > 0 {
                let _ = write!(s, "  (line {})", e.line);
            }
            s.push('\n');
        }
    }
    for (name, edges) in &b.relations {
        if edges.is_empty() {
            continue;
        }
        let list: Vec<String> = edges.iter().map(|(x, y)| format!("b{x}->b{y}")).collect();
        let _ = writeln!(s, "  {name}: {}", list.join(", "));
    }
    for n in &b.notes {
        let _ = writeln!(s, "  note: {n}");
    }
    s
}

/// A deadlocked execution: `Deadlocked execution K:` then the events and
/// relations of the memory model (blocked threads stop at their wait) and the
/// barrier execution.
pub fn deadlock_text(outcome: &Outcome, k: usize, w: &Witness) -> String {
    let text = witness_text(outcome, w);
    let body = text.split_once('\n').map_or("", |(_, b)| b);
    format!("Deadlocked execution {}:\n{body}", k + 1)
}
