//! Out-of-thin-air values.

use amdmm_graph::{relation::members, BitRel, ExecutionGraph, Set};

/// No value may justify itself through a cycle of dependencies and
/// reads-from.
///
/// LangRef, `unordered`: "A value cannot be read unless some operation wrote
/// it."  The text does not say how far speculation may go; we forbid cycles
/// in `dep ∪ rf` (syntactic data, address and control dependencies), which
/// keeps plain load buffering allowed and rules out self-justifying values
/// (docs/semantics.md, "Out-of-thin-air").
pub fn no_thin_air<S: Set>(g: &ExecutionGraph<S>) -> bool {
    dependencies(g).union(&g.rf_rel()).is_acyclic()
}

/// The dependency relation: read → event that depends on it.
pub fn dependencies<S: Set>(g: &ExecutionGraph<S>) -> BitRel<S> {
    let mut r = BitRel::new(g.len());
    for (e, ev) in g.events.iter().enumerate() {
        for d in members(ev.deps) {
            r.add(d, e);
        }
    }
    r
}
