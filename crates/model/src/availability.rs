//! Availability operations (memory-model.txt, "Ordering" → "Availability
//! Operation").

use amdmm_graph::{relation::members, BitRel, Event, ExecutionGraph, Set};
use amdmm_program::ScopeLevel;

/// The scope with which `z` acts as an availability operation on `w`:
/// its store-available scope when `z` is `w` itself, its sync scope when it is
/// a MakeAvailable operation.
#[inline]
pub fn av_level<S: Set>(g: &ExecutionGraph<S>, z: usize, w: usize) -> ScopeLevel {
    let e = &g.events[z];
    if z == w {
        e.store_available.unwrap_or(ScopeLevel::System)
    } else {
        e.scope.level
    }
}

/// Whether MakeAvailable / MakeVisible operation `op` acts on write `w`: only
/// on writes in the address spaces it synchronizes
/// ([`crate::attributes::sync_spaces`]: a fence's `amdgpu-as` tags, a `one-as`
/// operation's own address space).
///
/// AMDGPUUsage, "Memory Scopes": "If a `release` or `acquire` operation with a
/// `one-as` sync scope participates in a synchronization, only the effects of
/// memory operations in the address space of the `one-as` operation are
/// synchronized"; "Fence and address spaces": the tags name the address
/// spaces a fence synchronizes (docs/semantics.md, "one-as" and "Fences that
/// name address spaces").
#[inline]
pub fn acts_on(op: &Event, w: &Event) -> bool {
    op.sync_spaces.contains(w.space)
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
pub fn availability_ops<S: Set>(
    g: &ExecutionGraph<S>,
    hb: &BitRel<S>,
    hb_inv: &BitRel<S>,
    make_available: S,
    w: usize,
) -> AvOps<S> {
    let ew = &g.events[w];
    let mut av = AvOps::default();
    if let Some(l) = ew.store_available {
        av.add(w, l);
    }
    for x in members(g.po.row(w) & make_available) {
        let ex = &g.events[x];
        if acts_on(ex, ew) {
            av.add(x, ex.scope.level);
        }
    }
    // Third bullet, to a fixpoint: each round can only add operations that
    // some availability operation happens-before.
    let mut reach = S::empty();
    let mut seen = S::empty();
    loop {
        for z in members(av.all & !seen) {
            reach |= hb.row(z);
        }
        seen = av.all;
        let mut added = false;
        for x in members(make_available & !av.all & reach) {
            let ex = &g.events[x];
            // "whose scope instance includes `W`"
            if !acts_on(ex, ew) || !g.scope_peers[w][ex.scope.level as usize].has(x) {
                continue;
            }
            // "`Z` happens-before `X`, and, `Z`'s scope instance includes `X`"
            if (av.including(&g.scope_peers[x]) & hb_inv.row(x)).any() {
                av.add(x, ex.scope.level);
                added = true;
            }
        }
        if !added {
            return av;
        }
    }
}

/// The availability operations on one write, grouped by the level of the
/// scope instance each makes the write available in.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct AvOps<S: Set = u64> {
    pub all: S,
    pub by_level: [S; 6],
}

impl<S: Set> AvOps<S> {
    #[inline]
    fn add(&mut self, z: usize, level: ScopeLevel) {
        self.all |= S::bit(z);
        self.by_level[level as usize] |= S::bit(z);
    }

    /// The operations whose scope instance includes the event with the given
    /// scope peers (`ExecutionGraph::scope_peers[y]`).
    #[inline]
    pub fn including(&self, peers: &[S; 6]) -> S {
        self.by_level
            .iter()
            .zip(peers)
            .fold(S::empty(), |m, (ops, peers)| m | (*ops & *peers))
    }
}
