//! Hardware traces as Graphviz DOT (`run --target T --graph DIR`): a
//! sequence diagram of one trace of the operational hardware model.
//!
//! Time runs down the page, one row per step. Each wave has a column with
//! the instructions it issues (program order: solid edges); a last column,
//! "caches and queues", holds what the memory system does on a wave's
//! behalf (a store performed at the L2, a load returning its value, a
//! write-back or an invalidation), each connected by a dashed edge to the
//! issue it serves (the wave's latest issue naming the same location or
//! instruction). Steps that return a value to a wave are filled,
//! so the reads that make the final state stand out. Like `dot.rs`, pure
//! string building: the command line lays it out with Graphviz.

use std::collections::BTreeMap;
use std::fmt::Write;

use crate::dot::quote;

/// A step of a trace: `WAVE: TEXT`; the wave is empty when the step names none.
fn split(step: &str) -> (&str, &str) {
    match step.split_once(": ") {
        Some((w, t)) if !w.is_empty() && !w.contains(' ') => (w, t),
        _ => ("", step),
    }
}

/// An instruction the wave issues (its own column), as opposed to work the
/// memory system does for it.
fn is_issue(text: &str) -> bool {
    text.starts_with("issue ")
}

/// A step that returns a value to the wave (`load y = 0 (from memory)`).
fn returns_value(text: &str) -> bool {
    !is_issue(text) && text.contains(" = ")
}

/// Words of a step that name what it is about: locations and instruction
/// mnemonics (not the memory system's vocabulary).
fn words(text: &str) -> Vec<&str> {
    const COMMON: &[&str] = &[
        "issue",
        "L1",
        "L2",
        "load",
        "store",
        "sent",
        "to",
        "from",
        "memory",
        "performed",
        "at",
        "write",
        "through",
        "misses",
        "hits",
        "dirty",
        "lines",
        "line",
        "written",
        "back",
        "the",
        "a",
        "of",
        "and",
        "in",
    ];
    text.split(|c: char| !(c.is_ascii_alphanumeric() || "_%@[]".contains(c)))
        // Bare numbers (a wait count, a value) would tie unrelated steps.
        .filter(|w| !w.is_empty() && !COMMON.contains(w) && !w.bytes().all(|b| b.is_ascii_digit()))
        .collect()
}

/// The issue a memory-system step serves: the latest earlier issue of the
/// same wave sharing the most words with it (a location, a mnemonic), else
/// the wave's latest issue.
fn serving_issue(steps: &[String], i: usize, wave: &str, text: &str) -> Option<usize> {
    let mine = words(text);
    let mut best: Option<(usize, usize)> = None;
    let mut latest = None;
    for j in (0..i).rev() {
        let (wj, tj) = split(&steps[j]);
        if wj != wave || !is_issue(tj) {
            continue;
        }
        latest.get_or_insert(j);
        // The instruction only: after `;` comes what the L1 did with it.
        let instr = tj.split(';').next().unwrap_or(tj);
        let score = words(instr).iter().filter(|w| mine.contains(w)).count();
        if score > 0 && !matches!(best, Some((b, _)) if b >= score) {
            best = Some((score, j));
        }
    }
    best.map(|(_, j)| j).or(latest)
}

/// The sequence diagram of `steps` (one hardware trace, as `run --target
/// --show-executions` prints it), titled with the test, the target and the
/// final state the trace reaches.
pub fn trace_to_dot(test: &str, target: &str, state: &str, steps: &[String]) -> String {
    let mut waves: Vec<&str> = Vec::new();
    for s in steps {
        let (w, _) = split(s);
        if !w.is_empty() && !waves.contains(&w) {
            waves.push(w);
        }
    }
    let mut out = String::new();
    let title = format!("{test} on {target}: hardware trace to {state}");
    let _ = writeln!(out, "digraph {} {{", quote(&title));
    let _ = writeln!(
        out,
        "  graph [label={}, labelloc=t, fontname=\"Helvetica\", newrank=true, nodesep=0.3, ranksep=0.2];",
        quote(&title)
    );
    let _ = writeln!(
        out,
        "  node [shape=box, fontname=\"Courier\", fontsize=10, style=rounded];"
    );
    let _ = writeln!(out, "  edge [arrowsize=0.6];");
    // The clock: one invisible node per step, chained, so each step gets its row.
    let _ = writeln!(out, "  subgraph clock {{");
    let _ = writeln!(
        out,
        "    node [shape=plaintext, style=\"\", fontname=\"Helvetica\"];"
    );
    for i in 0..steps.len() {
        let _ = writeln!(out, "    t{i} [label=\"{}\"];", i + 1);
    }
    if steps.len() > 1 {
        let chain: Vec<String> = (0..steps.len()).map(|i| format!("t{i}")).collect();
        let _ = writeln!(out, "    {} [style=invis];", chain.join(" -> "));
    }
    let _ = writeln!(out, "  }}");
    // Columns: the waves', then the memory system's.
    let mut column: BTreeMap<usize, Vec<usize>> = BTreeMap::new();
    let mem = waves.len();
    for (i, s) in steps.iter().enumerate() {
        let (w, text) = split(s);
        let c = match waves.iter().position(|x| *x == w) {
            Some(c) if is_issue(text) => c,
            _ => mem,
        };
        column.entry(c).or_default().push(i);
    }
    for (c, idx) in &column {
        let name = waves.get(*c).copied().unwrap_or("caches and queues");
        let _ = writeln!(out, "  subgraph cluster_{c} {{");
        let _ = writeln!(
            out,
            "    label={}; style=rounded; color=gray60;",
            quote(name)
        );
        for &i in idx {
            let (w, text) = split(&steps[i]);
            let label = if *c == mem && !w.is_empty() {
                format!("{w}: {text}")
            } else {
                text.strip_prefix("issue ").unwrap_or(text).to_string()
            };
            let fill = if returns_value(text) {
                ", style=\"rounded,filled\", fillcolor=lightblue"
            } else {
                ""
            };
            let _ = writeln!(out, "    s{i} [label={}{fill}];", quote(&label));
        }
        let _ = writeln!(out, "  }}");
    }
    for i in 0..steps.len() {
        let _ = writeln!(out, "  {{ rank=same; t{i}; s{i}; }}");
    }
    // Program order down each wave's column; the memory system's steps
    // hang off the issue of the same wave just before them.
    for (c, idx) in &column {
        if *c == mem {
            continue;
        }
        for p in idx.windows(2) {
            let _ = writeln!(out, "  s{} -> s{} [color=black];", p[0], p[1]);
        }
    }
    for (i, s) in steps.iter().enumerate() {
        let (w, text) = split(s);
        if is_issue(text) || w.is_empty() {
            continue;
        }
        let issued = serving_issue(steps, i, w, text);
        if let Some(j) = issued {
            let _ = writeln!(
                out,
                "  s{j} -> s{i} [style=dashed, color=gray40, constraint=false];"
            );
        }
    }
    let _ = writeln!(
        out,
        "  legend [shape=note, style=\"\", fontname=\"Helvetica\", label=\"solid: program order (issue)\\ldashed: the issue a memory-system step serves\\lfilled: a value returned to the wave\\l\"];"
    );
    let _ = writeln!(out, "}}");
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn columns_rows_and_returned_values() {
        let steps: Vec<String> = [
            "P0: issue global_store_dword x=42; L1 store x=42 (write-through, sent to L2)",
            "P1: issue global_load_dword x; L1 load x misses, sent to L2",
            "P0: store x=42 performed at L2",
            "P1: load x = 42 (from L2)",
        ]
        .iter()
        .map(|s| s.to_string())
        .collect();
        let d = trace_to_dot("T", "gfx942", "P1:%r0=42;", &steps);
        assert!(d.contains("label=\"P0\""), "{d}");
        assert!(d.contains("label=\"caches and queues\""), "{d}");
        assert!(
            d.contains("s3 [label=\"P1: load x = 42 (from L2)\", style=\"rounded,filled\""),
            "{d}"
        );
        assert!(d.contains("s0 [label=\"global_store_dword x=42;"), "{d}");
        assert!(d.contains("{ rank=same; t3; s3; }"), "{d}");
        assert!(d.contains("s1 -> s3 [style=dashed"), "{d}");
        assert!(d.contains("s0 -> s2 [style=dashed"), "{d}");
        // A later wait does not take the load's dashed edge: the load it
        // serves names the same location.
        let later: Vec<String> = [
            "P1: issue global_load_dword x; L1 load x misses, sent to L2",
            "P1: issue s_waitcnt vmcnt(0)",
            "P1: issue halt",
            "P1: load x = 0 (from memory)",
        ]
        .iter()
        .map(|s| s.to_string())
        .collect();
        let d2 = trace_to_dot("T", "gfx942", "P1:%r0=0;", &later);
        assert!(d2.contains("s0 -> s3 [style=dashed"), "{d2}");
        assert!(!d2.contains("s2 -> s3"), "{d2}");
        // No program-order edge between different waves.
        assert!(!d.contains("s0 -> s1 [color=black]"), "{d}");
    }
}
