//! Readable text of witness executions (`--show-executions`).

use amdmm_explore::{FinalState, Outcome, Witness};
use std::fmt::Write;

/// One state line as herd prints it: `P1:%r0=0; P1:%r1=undef;`.
pub fn state_text(columns: &[String], state: &FinalState) -> String {
    columns
        .iter()
        .zip(&state.values)
        .map(|(c, v)| format!("{c}={v};"))
        .collect::<Vec<_>>()
        .join(" ")
}

/// A witness as text: `Witness for state K: <state>` (K counts from 1 in the
/// order of the `States` lines), the events grouped by thread (initial writes
/// first), then one line per non-empty relation.
pub fn witness_text(outcome: &Outcome, w: &Witness) -> String {
    let mut s = String::new();
    let state = outcome
        .states
        .get(w.state)
        .map(|st| state_text(&outcome.columns, st))
        .unwrap_or_default();
    let _ = writeln!(s, "Witness for state {}: {state}", w.state + 1);
    s.push_str(&witness_text_events(w));
    s
}

/// A witness's events grouped by thread and its relations, one per line
/// (the body of [`witness_text`], without the state line).
pub fn witness_text_events(w: &Witness) -> String {
    let mut s = String::new();
    let mut threads: Vec<&str> = Vec::new();
    for e in &w.events {
        if !threads.contains(&e.thread.as_str()) {
            threads.push(&e.thread);
        }
    }
    // Initial writes first, then threads in order of first appearance.
    threads.sort_by_key(|t| *t != "init");
    for t in threads {
        let _ = writeln!(s, "  {t}:");
        for (i, e) in w.events.iter().enumerate().filter(|(_, e)| e.thread == t) {
            let _ = write!(s, "    {}", event_label(i, &e.label));
            if e.line > 0 {
                let _ = write!(s, "  (line {})", e.line);
            }
            s.push('\n');
        }
    }
    for (name, edges) in &w.relations {
        if edges.is_empty() {
            continue;
        }
        // A self-edge marks one event (e.g. a read that returned undef).
        let list: Vec<String> = edges
            .iter()
            .map(|(a, b)| {
                if a == b {
                    format!("e{a}")
                } else {
                    format!("e{a}->e{b}")
                }
            })
            .collect();
        let _ = writeln!(s, "  {name}: {}", list.join(", "));
    }
    if let Some(b) = &w.barrier {
        s.push_str(&crate::barrier::barrier_text(b));
    }
    s
}

/// The event's label, prefixed with `eI: ` unless it already starts so
/// (relation edges name events by their index `I`).
fn event_label(i: usize, label: &str) -> String {
    let prefix = format!("e{i}:");
    if label.starts_with(&prefix) {
        label.to_string()
    } else {
        format!("e{i}: {label}")
    }
}
