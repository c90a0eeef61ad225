//! amdmm-hw: the AMDGPU code-sequence tables as data, lowering of litmus
//! programs to machine code through them, and operational models of the
//! hardware memory systems the tables target.
//!
//! - [`tables`]: one module per table of AMDGPUUsage's memory-model chapter.
//! - [`isa`]: the memory-model-relevant machine instructions (typed).
//! - [`target`]: targets and features (`gfx942:tgsplit`, `gfx1100:cumode`).
//! - [`lower`](mod@lower): `Program` → per-thread machine code.
//! - [`machine`]: operational models of the memory systems, explored
//!   exhaustively, and the check of their outcomes against the model.

pub mod isa;
pub mod llc;
pub mod lower;
pub mod machine;
pub mod mutate;
pub mod tables;
pub mod target;

pub use lower::{lower, LowerError, Lowered};
pub use target::{all_targets, target_names, Gen, Target};

/// The known findings of docs/findings.md: hardware outcomes the memory
/// model forbids that are explained there, one `ID TEST TARGET OUTCOME` line
/// each (`crates/hw/known-findings.txt`, built into the binary so an
/// installed `amdmm verify` applies them by default).
pub const KNOWN_FINDINGS: &str = include_str!("../known-findings.txt");
