//! Model comparison (`amdmm compare`, the analogue of herd's mcompare): the
//! tests whose observations, flags or final states differ between models.

use crate::witness::state_text;
use crate::{observation_name, unknown_reason};
use amdmm_explore::Outcome;
use amdmm_program::{Flags, Program};
use schemars::JsonSchema;
use serde::Serialize;
use std::fmt::Write;

/// One model's result for one test.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, JsonSchema)]
pub struct ModelResult {
    /// The rule set: `seed` or `upstream`.
    pub model: String,
    /// `Always`, `Sometimes`, `Never` or `Unknown`.
    pub observation: String,
    /// Why there is no verdict (a limit), when the observation is `Unknown`.
    pub unknown_reason: Option<String>,
    /// The flags raised by some execution (`race`, `ub`, ...).
    pub flags: Vec<String>,
    /// Every final state, as the `States` lines print it.
    pub states: Vec<String>,
    /// The states no other compared model allows (empty when some model has
    /// no verdict: its state list may be incomplete).
    pub only_here: Vec<String>,
}

/// One test under every model.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, JsonSchema)]
pub struct CompareRow {
    /// The file, as given on the command line.
    pub file: String,
    /// The test's name (its header line).
    pub test: String,
    /// Observations, flags or states differ.
    pub differs: bool,
    /// One result per model, in the order of the `--model` options.
    pub results: Vec<ModelResult>,
}

/// `amdmm compare --json`: every test, in input order.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, JsonSchema)]
pub struct CompareDocument {
    /// The amdmm version that wrote the document.
    pub amdmm: String,
    /// The compared rule sets, in the order of the `--model` options.
    pub models: Vec<String>,
    /// Every test compared, in input order (files that could not be read or
    /// parsed are left out, reported on stderr and in `diagnostics`).
    pub tests: Vec<CompareRow>,
    /// How many tests differ.
    pub differing: usize,
    /// How many files could not be read or parsed.
    pub input_errors: usize,
    /// Why they could not: their diagnostics (also printed on stderr).
    pub diagnostics: Vec<crate::DiagnosticJson>,
}

/// Compares one test's outcomes, `(model name, outcome)` per model, in the
/// order given.
pub fn compare_row(file: &str, program: &Program, runs: &[(String, Outcome)]) -> CompareRow {
    let all: Vec<Vec<String>> = runs
        .iter()
        .map(|(_, o)| o.states.iter().map(|s| state_text(&o.columns, s)).collect())
        .collect();
    // A model without a verdict may have stopped before finding every state:
    // a state missing from its list proves nothing.
    let complete = runs.iter().all(|(_, o)| o.observation.is_some());
    let results: Vec<ModelResult> = runs
        .iter()
        .enumerate()
        .map(|(k, (model, o))| ModelResult {
            model: model.clone(),
            observation: observation_name(o).to_string(),
            unknown_reason: o.observation.is_none().then(|| unknown_reason(o)),
            flags: Flags::from(o.flags)
                .names()
                .into_iter()
                .map(String::from)
                .collect(),
            states: all[k].clone(),
            only_here: if complete {
                all[k]
                    .iter()
                    .filter(|s| {
                        all.iter()
                            .enumerate()
                            .all(|(j, other)| j == k || !other.contains(s))
                    })
                    .cloned()
                    .collect()
            } else {
                Vec::new()
            },
        })
        .collect();
    let differs = results.windows(2).any(|p| {
        p[0].observation != p[1].observation
            || p[0].flags != p[1].flags
            || p[0].states != p[1].states
    });
    CompareRow {
        file: file.to_string(),
        test: program.name.clone(),
        differs,
        results,
    }
}

/// A result's table cell: the observation and its flags.
fn cell(r: &ModelResult) -> String {
    let mut c = r.observation.clone();
    for f in &r.flags {
        c.push(' ');
        c.push_str(f);
    }
    c
}

/// The table of the differing tests: per test, each model's observation
/// and flags, then the states only one model allows; a last line counts.
///
/// ```text
/// Test                                         seed        upstream
/// MP+fence-fence.wg.as-local.av-none.data-lds  Never race  Sometimes race
///   only seed: P1:%r0=1; P1:%r1=undef;
///   only upstream: P1:%r0=1; P1:%r1=42;
/// 2 tests, 1 differ (seed vs upstream)
/// ```
pub fn compare_text(doc: &CompareDocument) -> String {
    let differing: Vec<&CompareRow> = doc.tests.iter().filter(|t| t.differs).collect();
    let mut widths = vec![differing
        .iter()
        .map(|t| t.test.len())
        .max()
        .unwrap_or(0)
        .max(4)];
    for (k, m) in doc.models.iter().enumerate() {
        let w = differing
            .iter()
            .filter_map(|t| t.results.get(k).map(|r| cell(r).len()))
            .max()
            .unwrap_or(0)
            .max(m.len());
        widths.push(w);
    }
    let line = |cells: Vec<String>| -> String {
        let mut s = String::new();
        for (c, w) in cells.iter().zip(&widths) {
            let _ = write!(s, "{c:w$}  ");
        }
        s.trim_end().to_string() + "\n"
    };
    let mut s = String::new();
    if !differing.is_empty() {
        let mut head = vec!["Test".to_string()];
        head.extend(doc.models.iter().cloned());
        s.push_str(&line(head));
    }
    for t in &differing {
        let mut row = vec![t.test.clone()];
        row.extend(t.results.iter().map(cell));
        s.push_str(&line(row));
        for r in &t.results {
            if let Some(why) = &r.unknown_reason {
                let _ = writeln!(s, "  {} Unknown: {why} (states not compared)", r.model);
            }
            for st in &r.only_here {
                let _ = writeln!(s, "  only {}: {st}", r.model);
            }
        }
    }
    // A test with no verdict under every model does not differ, but it was
    // not compared either: say so, never a silent "0 differ" (issue 12).
    let unknown: Vec<&CompareRow> = doc
        .tests
        .iter()
        .filter(|t| !t.differs && t.results.iter().any(|r| r.unknown_reason.is_some()))
        .collect();
    for t in &unknown {
        for r in &t.results {
            if let Some(why) = &r.unknown_reason {
                let _ = writeln!(s, "{}: {} Unknown: {why} (not compared)", t.test, r.model);
            }
        }
    }
    let _ = write!(
        s,
        "{} tests, {} differ ({})",
        doc.tests.len(),
        doc.differing,
        doc.models.join(" vs ")
    );
    if !unknown.is_empty() {
        let _ = write!(s, "; {} unknown under every model", unknown.len());
    }
    if doc.input_errors > 0 {
        let _ = write!(s, "; {} input errors", doc.input_errors);
    }
    s.push('\n');
    s
}
