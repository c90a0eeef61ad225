//! Model comparison (`amdmm compare`, the analogue of herd's mcompare): the
//! tests whose observations, flags or final states differ between models.

use crate::witness::state_text;
use crate::{observation_name, unknown_reason};
use amdmm_explore::{Outcome, ValueOut};
use amdmm_program::{Flags, Program};
use schemars::JsonSchema;
use serde::Serialize;
use std::fmt::Write;

/// One column's result for one test.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, JsonSchema)]
pub struct ModelResult {
    /// The column: a rule set (`seed`, `upstream`, `proposed`) or a target's hardware
    /// model with its code source (`gfx942/table`, `gfx942/llc`).
    pub model: String,
    /// `Always`, `Sometimes`, `Never`, `Unknown`, or `Skipped` when the
    /// column cannot take the test (see `skipped`).
    pub observation: String,
    /// Why the column cannot take the test (the hardware model on a target:
    /// an operation llc cannot compile, LDS on a tgsplit target, ...):
    /// `file:line:col: message (in THREAD)` when one operation is the
    /// reason, else a message naming the file. A skipped column is left out
    /// of `differs` and `only_here`.
    pub skipped: Option<String>,
    /// Why there is no verdict (a limit), when the observation is `Unknown`.
    pub unknown_reason: Option<String>,
    /// The flags raised by some execution (`race`, `ub`, ...).
    pub flags: Vec<String>,
    /// Every final state, as the `States` lines print it.
    pub states: Vec<String>,
    /// The states no other compared column allows (empty when some column
    /// has no verdict: its state list may be incomplete).
    pub only_here: Vec<String>,
}

/// One test under every model.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, JsonSchema)]
pub struct CompareRow {
    /// The file, as given on the command line.
    pub file: String,
    /// The test's name (its header line).
    pub test: String,
    /// Observations, flags or states differ between the columns that took
    /// the test.
    pub differs: bool,
    /// One result per column, in the order of `models`.
    pub results: Vec<ModelResult>,
}

/// `amdmm compare --json`: every test, in input order.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, JsonSchema)]
pub struct CompareDocument {
    /// The amdmm version that wrote the document.
    pub amdmm: String,
    /// The compared columns: the rule sets of the `--model` options in
    /// their order, then per `--target` target one column per `--code`
    /// source in their order (`gfx942/table`, `gfx942/llc`).
    pub models: Vec<String>,
    /// The llc that made the `/llc` columns' code (`llc --version`'s LLVM
    /// line and `-O` level); null without `--code llc`.
    pub llc: Option<String>,
    /// Every test compared, in input order (files that could not be read or
    /// parsed are left out, reported on stderr and in `diagnostics`).
    pub tests: Vec<CompareRow>,
    /// How many tests differ.
    pub differing: usize,
    /// How many (test, column) pairs were skipped (`results[].skipped`).
    pub skipped: usize,
    /// How many files could not be read or parsed.
    pub input_errors: usize,
    /// Why they could not: their diagnostics (also printed on stderr).
    pub diagnostics: Vec<crate::DiagnosticJson>,
}

/// Compares one test's outcomes, `(column name, outcome or why the column
/// cannot take the test)` per column, in the order given, every column a
/// memory model. Skipped columns take no part in `differs` and `only_here`.
pub fn compare_row(
    file: &str,
    program: &Program,
    runs: &[(String, Result<Outcome, String>)],
) -> CompareRow {
    compare_columns(file, program, runs, &vec![false; runs.len()])
}

/// Does the final state `model` of a memory model allow the hardware state
/// `hw`? An `undef` value matches any value, as `amdmm verify` judges
/// (docs/hardware.md: a racy read returns `undef`, which the hardware
/// realises as some value).
fn allows(model: &[ValueOut], hw: &[ValueOut]) -> bool {
    model.len() == hw.len()
        && model
            .iter()
            .zip(hw)
            .all(|(m, h)| matches!(m, ValueOut::Undef(_)) || m == h)
}

/// Does state `a` of a column match state `b` of another? Literally between
/// two models or two hardware columns; with `undef` matching any value
/// between a model and a hardware column ([`allows`]).
fn state_matches(a: &[ValueOut], a_hw: bool, b: &[ValueOut], b_hw: bool) -> bool {
    match (a_hw, b_hw) {
        (false, true) => allows(a, b),
        (true, false) => allows(b, a),
        _ => a == b,
    }
}

/// [`compare_row`] with hardware columns: `hardware[k]` says whether column
/// `k` is a target's hardware model. Between a model and a hardware column,
/// a model's `undef` matches any hardware value (as `amdmm verify` judges),
/// and only the states are compared: the hardware raises no flags, and a
/// condition that compares an `undef` read is false where the hardware's
/// value makes it true, so the observations differ by construction (the
/// text table says so under such a test).
pub fn compare_columns(
    file: &str,
    program: &Program,
    runs: &[(String, Result<Outcome, String>)],
    hardware: &[bool],
) -> CompareRow {
    let values: Vec<Option<Vec<Vec<ValueOut>>>> = runs
        .iter()
        .map(|(_, r)| {
            r.as_ref()
                .ok()
                .map(|o| o.states.iter().map(|s| s.values.clone()).collect())
        })
        .collect();
    let all: Vec<Option<Vec<String>>> = runs
        .iter()
        .map(|(_, r)| {
            r.as_ref()
                .ok()
                .map(|o| o.states.iter().map(|s| state_text(&o.columns, s)).collect())
        })
        .collect();
    // A column without a verdict may have stopped before finding every
    // state: a state missing from its list proves nothing.
    let complete = runs
        .iter()
        .all(|(_, r)| r.as_ref().map_or(true, |o| o.observation.is_some()));
    let results: Vec<ModelResult> = runs
        .iter()
        .enumerate()
        .map(|(k, (model, r))| match r {
            Err(why) => ModelResult {
                model: model.clone(),
                observation: "Skipped".to_string(),
                skipped: Some(why.clone()),
                unknown_reason: None,
                flags: Vec::new(),
                states: Vec::new(),
                only_here: Vec::new(),
            },
            Ok(o) => {
                let mine = all[k].clone().unwrap_or_default();
                let mine_values = values[k].clone().unwrap_or_default();
                let only_here = if complete {
                    mine.iter()
                        .zip(&mine_values)
                        .filter(|(_, s)| {
                            values.iter().enumerate().all(|(j, other)| {
                                j == k
                                    || other.as_ref().is_none_or(|o| {
                                        !o.iter()
                                            .any(|t| state_matches(s, hardware[k], t, hardware[j]))
                                    })
                            })
                        })
                        .map(|(text, _)| text.clone())
                        .collect()
                } else {
                    Vec::new()
                };
                ModelResult {
                    model: model.clone(),
                    observation: observation_name(o).to_string(),
                    skipped: None,
                    unknown_reason: o.observation.is_none().then(|| unknown_reason(o)),
                    flags: Flags::from(o.flags)
                        .names()
                        .into_iter()
                        .map(String::from)
                        .collect(),
                    states: mine,
                    only_here,
                }
            }
        })
        .collect();
    let ran: Vec<usize> = (0..results.len())
        .filter(|&k| results[k].skipped.is_none())
        .collect();
    let (decided, undecided): (Vec<usize>, Vec<usize>) = ran
        .iter()
        .partition(|&&k| results[k].unknown_reason.is_none());
    let states = |k: usize| values[k].as_deref().unwrap_or_default();
    // Does every state of column `a` match some state of column `b`?
    let covered = |a: usize, b: usize| {
        states(a).iter().all(|s| {
            states(b)
                .iter()
                .any(|t| state_matches(s, hardware[a], t, hardware[b]))
        })
    };
    // Columns with a verdict differ by verdict, flags or states; a model and
    // a hardware column by states only, `undef` matching any value. A column
    // without one (a limit) only shows a difference through a state it did
    // find that a column with a verdict lacks: what it did not find yet
    // proves nothing, so two Unknowns never "differ" by their partial lists.
    let differs = decided.iter().enumerate().any(|(i, &a)| {
        decided[i + 1..].iter().any(|&b| {
            let (ra, rb) = (&results[a], &results[b]);
            if hardware[a] != hardware[b] {
                !covered(a, b) || !covered(b, a)
            } else {
                ra.observation != rb.observation || ra.flags != rb.flags || ra.states != rb.states
            }
        })
    }) || undecided
        .iter()
        .any(|&u| decided.iter().any(|&d| !covered(u, d)));
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

/// The table of the differing tests (after the `SKIP` lines of the tests
/// not compared): per test, each column's observation
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
    if let Some(llc) = &doc.llc {
        let _ = writeln!(s, "; llc: {llc}");
    }
    // Hardware columns are named `TARGET/CODE`, models by their name.
    let hardware = doc.models.iter().filter(|m| m.contains('/')).count();
    if hardware > 0 && hardware < doc.models.len() {
        let _ = writeln!(
            s,
            "; a model and a hardware column are compared by their states, a model's undef \
             matching any value (as verify does): the hardware raises no flags, and its \
             observation differs wherever the condition compares an undef read"
        );
    }
    // One SKIP line per test and distinct reason, naming every column it
    // skipped (issue 29: the same ~400-character reason once per column).
    for t in &doc.tests {
        let mut reasons: Vec<(&str, Vec<&str>)> = Vec::new();
        for r in &t.results {
            if let Some(why) = &r.skipped {
                match reasons.iter_mut().find(|(w, _)| w == why) {
                    Some((_, cols)) => cols.push(&r.model),
                    None => reasons.push((why, vec![&r.model])),
                }
            }
        }
        for (why, cols) in reasons {
            let _ = writeln!(s, "SKIP {} {}: {why}", t.test, cols.join(", "));
        }
    }
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
    if doc.skipped > 0 {
        let _ = write!(s, "; {} (test, column) pairs skipped", doc.skipped);
    }
    if doc.input_errors > 0 {
        let _ = write!(s, "; {} input errors", doc.input_errors);
    }
    s.push('\n');
    s
}
