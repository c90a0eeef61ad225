//! Synchronizes-with and happens-before (LangRef, "Memory Model for
//! Concurrent Operations" and "Atomic Memory Ordering Constraints").

use crate::scopes::inclusive;
use amdmm_graph::{
    relation::{full, members},
    BitRel, ExecutionGraph, Set,
};
use amdmm_program::AddrSpace;

/// The heads of the release sequences that write `w` belongs to: `w` itself
/// and, while the current write is an RMW that read a defined value, the write
/// it read from.
///
/// LangRef, `release`: "this occurs even if the value written by a `release`
/// operation has been modified by a read-modify-write operation before being
/// read. (Such a set of operations comprises a *release sequence*)."  We use
/// the C++20 definition as RC11 formalises it, `rs = [W] ; (rf ; rmw)*`: with
/// RMW atomicity this is exactly the contiguous run of RMWs after the head in
/// modification order.
pub fn release_sequence_heads<S: Set>(g: &ExecutionGraph<S>, w: usize) -> S {
    let mut heads = S::bit(w);
    let mut cur = w;
    let mut guard = 0;
    while g.events[cur].kind == amdmm_graph::EventKind::Rmw && guard < S::BITS {
        match g.rf[cur] {
            Some(prev) if g.events[prev as usize].is_atomic() => {
                let prev = prev as usize;
                if heads.has(prev) {
                    break;
                }
                heads |= S::bit(prev);
                cur = prev;
            }
            _ => break,
        }
        guard += 1;
    }
    heads
}

/// Synchronizes-with for release/acquire accesses and fences.
///
/// LangRef, `release`: "if this operation writes a value which is
/// subsequently read by an `acquire` operation, it *synchronizes-with* that
/// operation."  LangRef, `fence`: "A fence A which has (at least) `release`
/// ordering semantics *synchronizes with* a fence B with (at least) `acquire`
/// ordering semantics if and only if there exist atomic operations X and Y,
/// both operating on some atomic object M, such that A is sequenced before X,
/// X modifies M (either directly or through some side effect of a sequence
/// headed by X), Y is sequenced before B, and Y observes M. [...] one (but not
/// both) of the atomic operations X or Y might provide a `release` or
/// `acquire` (resp.) ordering constraint and still *synchronize-with* the
/// explicit `fence`."
///
/// Scopes: AMDGPUUsage, "Memory Scopes": "synchronizes-with allows the memory
/// scope instances to be inclusive" — an edge A → B exists only when A and B
/// have inclusive scopes (docs/semantics.md, "Scoped synchronizes-with").
///
/// Address spaces: an edge A → B synchronizes the address spaces both sides
/// synchronize (`Event::sync_spaces`; execution-synchronization rules for
/// barriers: "*BA* and *BR*'s address spaces both include *AS*"), and exists
/// only when there is one; [`happens_before_in`] uses it per address space.
/// A fence pairs with an atomic X / Y only when it synchronizes X's / Y's
/// address space: it orders nothing outside its spaces, the paired atomic
/// included (docs/semantics.md, "Fences that name address spaces").
pub fn synchronizes_with<S: Set>(g: &ExecutionGraph<S>) -> BitRel<S> {
    let n = g.len();
    let mut sw = BitRel::new(n);
    for y in 0..g.rf.len() {
        synchronizes_with_read(g, y, &mut |a, b| sw.add(a, b));
    }
    sw
}

/// The synchronizes-with edges that read `y` takes part in through what it
/// reads from (`g.rf[y]`), passed to `add(a, b)` (an edge may be passed more
/// than once): the rule of [`synchronizes_with`], which is the union of these
/// over every `y`.
///
/// Only `g.rf[y]` and the reads-from of the RMWs of the release sequence are
/// looked at. With some reads-from not chosen yet (`None`), the edges are a
/// subset of those of any completion: `y` reading nothing has none, and a
/// release sequence stops at an RMW that reads nothing, so it has fewer heads
/// (the exploration engine relies on this to prune; see `HbPrefix` there).
pub fn synchronizes_with_read<S: Set>(
    g: &ExecutionGraph<S>,
    y: usize,
    add: &mut dyn FnMut(usize, usize),
) {
    let Some(w) = g.rf[y] else { return };
    let ey = &g.events[y];
    if !ey.is_atomic() || !g.events[w as usize].is_atomic() {
        return;
    }
    // Acquire side: Y itself, or acquire fences after Y in program order.
    let mut acq = S::empty();
    if ey.ordering.is_acquire() {
        acq |= S::bit(y);
    }
    for f in members(g.po.row(y) & g.fences) {
        let ef = &g.events[f];
        if ef.ordering.is_acquire() && ef.sync_spaces.contains(ey.space) {
            acq |= S::bit(f);
        }
    }
    if acq.none() {
        return;
    }
    for x in members(release_sequence_heads(g, w as usize)) {
        let ex = &g.events[x];
        if ex.is_init() || !ex.is_atomic() {
            continue;
        }
        // Release side: X itself, or release fences before X.
        let mut rel = S::empty();
        if ex.ordering.is_release() {
            rel |= S::bit(x);
        }
        for f in members(g.po.column(x) & g.fences) {
            let ef = &g.events[f];
            if ef.ordering.is_release() && ef.sync_spaces.contains(ex.space) {
                rel |= S::bit(f);
            }
        }
        for a in members(rel) {
            for b in members(acq) {
                let (ea, eb) = (&g.events[a], &g.events[b]);
                if ea.thread != eb.thread
                    && inclusive(ea, eb)
                    && !ea.sync_spaces.intersection(eb.sync_spaces).is_empty()
                {
                    add(a, b);
                }
            }
        }
    }
}

/// Happens-before: "the least partial order that is a superset of
/// single-thread program order, and when `a` *synchronizes-with* `b`,
/// includes an edge from `a` to `b`" (LangRef, "Memory Model for Concurrent
/// Operations").  Initial writes happen before every other event: "initialized
/// globals are considered to have a write of the initializer which is atomic
/// and happens before any other read or write of the memory in question".
/// `None` when `po ∪ sw` is cyclic (no partial order exists: the candidate is
/// inconsistent).
pub fn happens_before<S: Set>(g: &ExecutionGraph<S>, sw: &BitRel<S>) -> Option<BitRel<S>> {
    let mut hb = g.po.union(sw);
    hb.union_with(&g.extra_sw);
    hb.union_with(&g.async_hb);
    let others = full::<S>(g.len()) & !g.inits;
    for i in members(g.inits) {
        hb.set_row(i, hb.row(i) | others);
    }
    if sw.is_empty() && g.extra_sw.is_empty() && g.async_hb.is_empty() {
        return Some(hb);
    }
    hb.close();
    if hb.is_reflexive_somewhere() {
        None
    } else {
        Some(hb)
    }
}

/// Happens-before in address space `space`: built like [`happens_before`]
/// from program order, the async and initial-write edges, and only those
/// synchronizes-with edges (`sw` and the barrier's `g.extra_sw`) whose two
/// ends both synchronize `space` (`Event::sync_spaces`).
///
/// AMDGPUUsage, "Fence and address spaces": a tagged fence synchronizes only
/// the address spaces its tags name; "Memory Scopes": with `one-as` "only the
/// effects of memory operations in the address space of the `one-as`
/// operation are synchronized"; "Execution Barriers": "A `BR`
/// *synchronizes-with* `BA` in an address space *AS* if and only if: [...]
/// *BA* and *BR*'s address spaces both include *AS*". The rules about a
/// location (availability, visibility, location order, the "may see"
/// exceptions, coherence) use the happens-before of the location's address
/// space. Contained in `happens_before(g, sw)` (a subset of its edges), so
/// acyclic when it is.
pub fn happens_before_in<S: Set>(
    g: &ExecutionGraph<S>,
    sw: &BitRel<S>,
    space: AddrSpace,
) -> BitRel<S> {
    let mut m = S::empty();
    for (i, e) in g.events.iter().enumerate() {
        m |= S::bit_if(e.sync_spaces.contains(space), i);
    }
    let mut hb = g.po.union(&g.async_hb);
    for a in members(m) {
        hb.set_row(a, hb.row(a) | ((sw.row(a) | g.extra_sw.row(a)) & m));
    }
    let others = full::<S>(g.len()) & !g.inits;
    for i in members(g.inits) {
        hb.set_row(i, hb.row(i) | others);
    }
    hb.close();
    hb
}

/// Whether some event synchronizes fewer than all address spaces (a tagged
/// fence, a `one-as` operation): only then does [`happens_before_in`] differ
/// from [`happens_before`].
pub fn narrowed<S: Set>(g: &ExecutionGraph<S>) -> bool {
    g.events.iter().any(|e| !e.sync_spaces.is_all())
}

/// Happens-before for the rules about one location: [`happens_before_in`] of
/// its address space where some event is [`narrowed`], else the whole
/// happens-before; each with its inverse.
pub struct SpaceHb<'a, S: Set = u64> {
    hb: &'a BitRel<S>,
    hb_inv: &'a BitRel<S>,
    per_space: Vec<(AddrSpace, BitRel<S>, BitRel<S>)>,
}

impl<'a, S: Set> SpaceHb<'a, S> {
    pub fn new(
        g: &ExecutionGraph<S>,
        sw: &BitRel<S>,
        hb: &'a BitRel<S>,
        hb_inv: &'a BitRel<S>,
    ) -> Self {
        let mut per_space: Vec<(AddrSpace, BitRel<S>, BitRel<S>)> = Vec::new();
        if narrowed(g) {
            for e in &g.events {
                if !e.is_fence() && !per_space.iter().any(|p| p.0 == e.space) {
                    let h = happens_before_in(g, sw, e.space);
                    let inv = h.inverse();
                    per_space.push((e.space, h, inv));
                }
            }
        }
        SpaceHb {
            hb,
            hb_inv,
            per_space,
        }
    }

    /// Happens-before and its inverse for accesses in `space`.
    pub fn of(&self, space: AddrSpace) -> (&BitRel<S>, &BitRel<S>) {
        match self.per_space.iter().find(|p| p.0 == space) {
            Some((_, h, inv)) => (h, inv),
            None => (self.hb, self.hb_inv),
        }
    }
}
