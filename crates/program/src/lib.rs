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

pub use amdmm_litmus::Diagnostic;
pub use lower::lower;
pub use program::*;
pub use scope::{Placement, ScopeLevel, SyncScope};

/// Parses and lowers the text of a `.litmus` file.
pub fn load(src: &str) -> Result<Program, Vec<Diagnostic>> {
    lower(&amdmm_litmus::parse(src)?)
}
