//! amdmm-graph: execution graphs — events and fixed-size bit-matrix
//! relations — shared by the exploration engine and the model's axioms.

pub mod event;
pub mod relation;

pub use event::{Event, EventKind, ExecutionGraph, INIT_THREAD};
pub use relation::{BitRel, EventSet, MAX_EVENTS};
