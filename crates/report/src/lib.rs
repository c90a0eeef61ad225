//! amdmm-report: the last stage of the pipeline (parse → program →
//! exploration → model checks → **report**).
//!
//! Turns an [`Outcome`] into herd-compatible text ([`herd_text`]), JSON
//! ([`json`], [`document`]) and a verdict against the test's `expect` line
//! ([`compare`], [`check`]), and execution graphs as Graphviz DOT
//! ([`witness_to_dot`]).

mod barrier;
mod check;
mod compare;
mod diagnostics;
mod dot;
mod explain;
mod herd;
mod json;
mod trace_dot;
pub mod verify;
mod witness;

pub use barrier::{barrier_text, deadlock_text, notes_text};
pub use check::{check, compare, CheckResult, Failure};
pub use compare::{
    compare_columns, compare_row, compare_text, CompareDocument, CompareRow, ModelResult,
};
pub use diagnostics::{DiagnosticJson, FileDiagnostic};
pub use dot::{
    dot_fallback, file_stem, outcome_graphs, outcome_graphs_with, relation_names, witness_to_dot,
    DotOptions, Graph, GraphChoice,
};
pub use explain::{explain_graphs, explain_text, state_diagnostic, ExplainDocument};
pub use herd::{condition_line, herd_text, kind, ok};
pub use json::{
    document, input_error_json, json, with_check, BarrierJson, BarrierOpJson, CheckJson, EventJson,
    ExpectJson, InputErrorJson, RunDocument, StateJson, Summary, SummaryJson, TestEntry, TestJson,
    WitnessJson,
};
pub use trace_dot::trace_to_dot;
pub use witness::{state_text, witness_text, witness_text_events};

use amdmm_explore::Outcome;

/// Why `outcome` has no verdict: the limit that was reached, or
/// `internal error` when the engine gave none (e.g. it panicked).
pub fn unknown_reason(outcome: &Outcome) -> String {
    match &outcome.limit {
        Some(limit) => limit.to_string(),
        None => "internal error".to_string(),
    }
}

/// The observation as printed: `Always`, `Sometimes`, `Never` or `Unknown`.
pub fn observation_name(outcome: &Outcome) -> &'static str {
    outcome.observation.map_or("Unknown", |o| o.name())
}

/// An outcome with no verdict and no states, for a test whose exploration
/// failed internally (reported as `Unknown ... internal error`).
pub fn internal_error_outcome(program: &amdmm_program::Program) -> Outcome {
    Outcome::empty(program)
}
