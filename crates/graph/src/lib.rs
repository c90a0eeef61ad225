//! amdmm-graph: execution graphs — events and bit-matrix relations (64
//! events on the fast path, up to 256 with wide sets) — shared by the
//! exploration engine and the model's axioms.

pub mod event;
pub mod relation;
pub mod set;

pub use event::{DepSet, Event, EventKind, ExecutionGraph, INIT_THREAD};
pub use relation::{BitRel, EventSet, MAX_EVENTS, MAX_WIDE_EVENTS};
pub use set::{LocalSet, Set, Wide};
