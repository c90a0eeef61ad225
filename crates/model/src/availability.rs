//! Availability operations (memory-model.txt, "Ordering" → "Availability
//! Operation").

use crate::scopes::includes;
use amdmm_graph::{relation::members, BitRel, Event, EventSet, ExecutionGraph};
use amdmm_program::{AddrSpace, ScopeLevel};

/// The scope with which `z` acts as an availability operation on `w`:
/// its store-available scope when `z` is `w` itself, its sync scope when it is
/// a MakeAvailable operation.
#[inline]
pub fn av_level(g: &ExecutionGraph, z: usize, w: usize) -> ScopeLevel {
    let e = &g.events[z];
    if z == w {
        e.store_available.unwrap_or(ScopeLevel::System)
    } else {
        e.scope.level
    }
}

/// The address space a MakeAvailable / MakeVisible operation acts on.
///
/// AMDGPUUsage, "Memory Scopes": "If a `release` or `acquire` operation with a
/// `one-as` sync scope participates in a synchronization, only the effects of
/// memory operations in the address space of the `one-as` operation are
/// synchronized."  A fence has no address of its own; a `one-as` fence acts
/// on the global address space (docs/semantics.md, "one-as").
#[inline]
pub fn acts_on(op: &Event, w: &Event) -> bool {
    !op.scope.one_as || op.space == w.space || (op.is_fence() && w.space == AddrSpace::Global)
}

/// The availability operations on write `w`.
///
/// memory-model.txt, "Availability Operation": "An operation `X` is an
/// *availability operation* on a write `W` if one of the following holds:
/// `X` is `W` itself, and `W` is a *store-available* operation, or, `X` is a
/// `MakeAvailable` operation that follows `W` in program order, or, `X` is a
/// `MakeAvailable` operation whose scope instance includes `W`, and there is
/// an availability operation `Z` on `W` such that: `Z` happens-before `X`,
/// and, `Z`'s scope instance includes `X`."
pub fn availability_ops(
    g: &ExecutionGraph,
    hb_inv: &BitRel,
    make_available: EventSet,
    w: usize,
) -> EventSet {
    let ew = &g.events[w];
    let mut av: EventSet = 0;
    if ew.store_available.is_some() {
        av |= 1 << w;
    }
    for x in members(g.po.row(w) & make_available) {
        if acts_on(&g.events[x], ew) {
            av |= 1 << x;
        }
    }
    // Third bullet, to a fixpoint: each round can only add operations that
    // some availability operation happens-before.
    loop {
        let mut added = false;
        for x in members(make_available & !av) {
            let ex = &g.events[x];
            if !acts_on(ex, ew) || !includes(ex, ex.scope.level, ew) {
                continue;
            }
            let found =
                members(av & hb_inv.row(x)).any(|z| includes(&g.events[z], av_level(g, z, w), ex));
            if found {
                av |= 1 << x;
                added = true;
            }
        }
        if !added {
            return av;
        }
    }
}
