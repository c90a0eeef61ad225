//! amdmm-program: the second stage of the pipeline (parse → **program** →
//! exploration → model checks → report).
//!
//! It turns a parsed litmus file into a [`Program`]: locations expanded,
//! registers and labels resolved, calls inlined, scope instances computed from
//! the placement, and every static error reported with a position and a hint.

pub mod float;
pub mod lower;
pub mod processor;
pub mod program;
pub mod scope;
mod text;

pub use amdmm_litmus::{suggest, Budget, Diagnostic};
pub use lower::{lower, lower_within};
pub use program::*;
pub use scope::{Placement, ScopeLevel, SyncScope};

/// Parses and lowers the text of a `.litmus` file.
pub fn load(src: &str) -> Result<Program, Vec<Diagnostic>> {
    lower(&amdmm_litmus::parse(src)?)
}

/// [`load`] within `budget` (the caller's time and memory limits, checked
/// while lexing, parsing and lowering): `None` when the budget stopped the
/// work, and the caller reports its limit.
pub fn load_within<'a>(
    src: &'a str,
    budget: &'a amdmm_litmus::Budget<'a>,
) -> Option<Result<Program, Vec<Diagnostic>>> {
    let parsed = amdmm_litmus::parse_within(src, budget);
    if budget.stopped() {
        return None;
    }
    let lowered = match parsed {
        Ok(file) => lower_within(&file, budget),
        Err(diags) => Err(diags),
    };
    (!budget.stopped()).then_some(lowered)
}
