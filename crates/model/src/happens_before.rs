//! Synchronizes-with and happens-before (LangRef, "Memory Model for
//! Concurrent Operations" and "Atomic Memory Ordering Constraints").

use crate::scopes::inclusive;
use amdmm_graph::{
    relation::{full, members},
    BitRel, EventSet, ExecutionGraph,
};

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
pub fn release_sequence_heads(g: &ExecutionGraph, w: usize) -> EventSet {
    let mut heads: EventSet = 1 << w;
    let mut cur = w;
    let mut guard = 0;
    while g.events[cur].kind == amdmm_graph::EventKind::Rmw && guard < 64 {
        match g.rf[cur] {
            Some(prev) if g.events[prev as usize].is_atomic() => {
                let prev = prev as usize;
                if heads >> prev & 1 == 1 {
                    break;
                }
                heads |= 1 << prev;
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
pub fn synchronizes_with(g: &ExecutionGraph) -> BitRel {
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
pub fn synchronizes_with_read(g: &ExecutionGraph, y: usize, add: &mut dyn FnMut(usize, usize)) {
    let Some(w) = g.rf[y] else { return };
    let ey = &g.events[y];
    if !ey.is_atomic() || !g.events[w as usize].is_atomic() {
        return;
    }
    // Acquire side: Y itself, or acquire fences after Y in program order.
    let mut acq: EventSet = 0;
    if ey.ordering.is_acquire() {
        acq |= 1 << y;
    }
    for f in members(g.po.row(y) & g.fences) {
        if g.events[f].ordering.is_acquire() {
            acq |= 1 << f;
        }
    }
    if acq == 0 {
        return;
    }
    for x in members(release_sequence_heads(g, w as usize)) {
        let ex = &g.events[x];
        if ex.is_init() || !ex.is_atomic() {
            continue;
        }
        // Release side: X itself, or release fences before X.
        let mut rel: EventSet = 0;
        if ex.ordering.is_release() {
            rel |= 1 << x;
        }
        for f in members(g.po.column(x) & g.fences) {
            if g.events[f].ordering.is_release() {
                rel |= 1 << f;
            }
        }
        for a in members(rel) {
            for b in members(acq) {
                if g.events[a].thread != g.events[b].thread && inclusive(&g.events[a], &g.events[b])
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
pub fn happens_before(g: &ExecutionGraph, sw: &BitRel) -> Option<BitRel> {
    let mut hb = g.po.union(sw);
    hb.union_with(&g.extra_sw);
    hb.union_with(&g.async_hb);
    let others = full(g.len()) & !g.inits;
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
