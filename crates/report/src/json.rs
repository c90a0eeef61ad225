//! JSON output (`--json`); the schema is documented in `docs/json.md`.

use crate::check::CheckResult;
use crate::herd::{condition_line, kind, ok};
use crate::{observation_name, unknown_reason};
use amdmm_explore::{Outcome, Witness};
use amdmm_program::{Flags, Program};
use serde_json::{json as j, Map, Value};

fn flag_list(f: impl Into<Flags>) -> Value {
    j!(f.into().names())
}

/// One test's result as a JSON object (without `file` and `check`, which the
/// caller adds: see [`with_check`]).
pub fn json(
    program: &Program,
    outcome: &Outcome,
    time: Option<f64>,
    show_executions: bool,
) -> Value {
    let states: Vec<Value> = outcome
        .states
        .iter()
        .map(|s| {
            j!({
                "values": s.values,
                "satisfies": s.satisfies,
                "flags": flag_list(s.flags),
            })
        })
        .collect();
    let expect = program.expect.map(|e| {
        j!({
            "observation": e.observation.name(),
            "flags": flag_list(e.flags),
        })
    });
    let mut v = j!({
        "name": program.name,
        "description": program.description,
        "kind": kind(program.condition.quantifier),
        "condition": condition_line(program),
        "columns": outcome.columns,
        "states": states,
        "ok": ok(program.condition.quantifier, outcome),
        "positive": outcome.positive,
        "negative": outcome.negative,
        "flags": flag_list(outcome.flags),
        "observation": observation_name(outcome),
        "unknown_reason": outcome.observation.is_none().then(|| unknown_reason(outcome)),
        "cutoff_executions": outcome.cutoff_executions,
        "assume_discarded": outcome.assume_discarded,
        "candidates": outcome.candidates,
        "time": time,
        "expect": expect,
        "notes": outcome.notes,
    });
    if show_executions {
        let ws: Vec<Value> = outcome.witnesses.iter().map(witness_json).collect();
        v["witnesses"] = Value::Array(ws);
        let ds: Vec<Value> = outcome.deadlocks.iter().map(witness_json).collect();
        v["deadlocks"] = Value::Array(ds);
    }
    v
}

fn witness_json(w: &Witness) -> Value {
    let events: Vec<Value> = w
        .events
        .iter()
        .enumerate()
        .map(|(i, e)| {
            j!({
                "id": i,
                "thread": e.thread,
                "label": e.label,
                "line": e.line,
                "kind": e.kind,
                "location": e.location,
                "read_value": e.read_value,
                "write_value": e.write_value,
                "ordering": e.ordering,
                "scope": e.scope,
                "async": e.is_async,
                "placement": e.placement,
            })
        })
        .collect();
    let relations: Map<String, Value> = w
        .relations
        .iter()
        .map(|(name, edges)| (name.clone(), j!(edges)))
        .collect();
    let mut out = j!({"state": w.state, "events": events, "po": w.po, "relations": relations});
    if let Some(b) = &w.barrier {
        let ops: Vec<Value> = b
            .ops
            .iter()
            .enumerate()
            .map(|(i, e)| j!({"id": i, "wave": e.thread, "label": e.label, "line": e.line}))
            .collect();
        let relations: Map<String, Value> = b
            .relations
            .iter()
            .map(|(name, edges)| (name.clone(), j!(edges)))
            .collect();
        out["barrier"] = j!({"ops": ops, "relations": relations, "notes": b.notes});
    }
    out
}

/// Adds `"check": {"passed": bool, "message": string|null}` to a test object.
pub fn with_check(mut test: Value, name: &str, result: &CheckResult) -> Value {
    test["check"] = j!({
        "passed": result.passed(),
        "message": result.fail_line(name),
    });
    test
}

/// A file that could not be read or parsed: `{"file", "error", "diagnostics"}`.
pub fn input_error_json(file: &str, diagnostics: &[String]) -> Value {
    j!({
        "file": file,
        "name": Value::Null,
        "error": "input",
        "diagnostics": diagnostics,
    })
}

/// Totals of a run, for the document's `summary`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Summary {
    /// Files given (after directory expansion).
    pub tests: usize,
    /// Files that could not be read or parsed.
    pub input_errors: usize,
    /// Tests without a verdict (limit or internal error).
    pub unknown: usize,
    /// `Some((passed, failed))` under `--check`.
    pub check: Option<(usize, usize)>,
}

/// The whole output of `--json`:
/// `{"amdmm": version, "model": name, "tests": [...], "summary": {...}}`.
pub fn document(version: &str, model: &str, tests: Vec<Value>, summary: &Summary) -> Value {
    j!({
        "amdmm": version,
        "model": model,
        "tests": tests,
        "summary": {
            "tests": summary.tests,
            "input_errors": summary.input_errors,
            "unknown": summary.unknown,
            "passed": summary.check.map(|c| c.0),
            "failed": summary.check.map(|c| c.1),
        },
    })
}
