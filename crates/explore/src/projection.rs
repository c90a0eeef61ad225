//! Observation-projected search: reads whose choice of write nothing
//! observes ("free" reads) are searched last, and under each choice of the
//! other reads only until one consistent completion is found.
//!
//! Why it is exact. Call a read `r` free when (see [`free_reads`]):
//!
//! 1. its value flows nowhere: no guard, written value, shown register or
//!    dependency of another event of its path uses it (`Path::node_deps`,
//!    `PathEvent::deps`), and its thread has no barrier or async copy and
//!    was not cut off by the loop bound (a cut-off path's reads decide
//!    whether it is stuck in its loop, `engine::spin_stuck`);
//! 2. it synchronizes nothing: it is not an acquire, and no acquire fence
//!    follows it in its thread, so `synchronizes_with_read` adds no edge for
//!    it whatever it reads (`amdmm_model::happens_before`);
//! 3. it is a plain read (not an RMW) of a location whose modification
//!    order is neither shown nor checked: the location's final value is not
//!    shown, no RMW writes it, and no event of the test is `seq_cst`
//!    (`engine::mo_need` gives it one order, `MoNeed::One`).
//!
//! Then the reads-from choice of `r` changes nothing but two conditions on
//! itself: the value rules for `r` ("`R` returns the value of a write it
//! may see", memory-model.txt, "Location Order"; `ReadRule::allows`) and the
//! coherence edges of its source (`coherence::mo_constraints`, LangRef,
//! `monotonic`). Happens-before, availability, visibility and location
//! order do not depend on it (by 2: they depend on reads-from only through
//! synchronizes-with), so neither does any read's rule, nor the `race` flag
//! (`ReadRule::is_race` looks at the rule, not at the source). By 1 no value
//! changes, so no register, guard, written value or thin-air cycle does; by
//! 3 the coherence edges it adds bind a location whose order is enumerated
//! once and read by nothing shown, so the modification orders of the shown
//! locations, and with them the final states, are the same. Hence every
//! consistent completion of the other reads' choices (the "observed" ones)
//! with some choice of the free reads gives the same final states with the
//! same flags: the search needs one consistent completion, not all of them
//! (issue 27: "Reads whose values nothing observes need one consistent
//! choice, not all").
//!
//! What it changes: the number of candidates examined, and nothing printed
//! except that (`candidates` in `--json`). `Positive`/`Negative` count
//! final states in both modes (docs/semantics.md, "Counting executions"),
//! so `--exhaustive`, which enumerates every reads-from choice, prints the
//! same bytes. Witnesses (`--show-executions`, `--graph`) and visitors need
//! the executions themselves, so the projection is off for them, as the
//! symmetry reduction is.

use crate::engine::{Combo, Setup};
use amdmm_graph::{relation::members, EventKind, LocalSet, Set};
use amdmm_program::{Observable, Ordering};

/// The free reads of `combo` (module comment), as a set of its events.
pub(crate) fn free_reads<S: Set>(setup: &Setup, combo: &Combo<S>) -> S {
    let g = &combo.graph;
    // 3: no seq_cst event anywhere (the total order `S` ties every
    // location's order to the others').
    if g.events.iter().any(|e| e.ordering == Ordering::SeqCst) {
        return S::empty();
    }
    let rmw_locs: Vec<u32> = g
        .events
        .iter()
        .filter(|e| e.kind == EventKind::Rmw)
        .map(|e| e.loc)
        .collect();
    let mut free = S::empty();
    for (t, pl) in combo.placed.iter().enumerate() {
        let path = combo.paths[t];
        // 1: barriers and async copies tie values and order to other
        // threads in ways this argument does not follow. Nor does a path
        // the loop bound cut off: whether it is stuck in its loop for good
        // (`engine::spin_stuck`, a deadlock rather than a cutoff) looks at
        // the source of its last read of every location, used or not.
        if !path.barriers.is_empty()
            || !path.asyncs.is_empty()
            || path.end == crate::symbolic::PathEnd::Cutoff
            || pl.len == 0
        {
            continue;
        }
        let used = used_reads(setup, combo, t);
        for (i, &used_here) in used.iter().enumerate().take(pl.len) {
            let e = pl.offset + i;
            let ev = &g.events[e];
            if ev.kind != EventKind::Read
                || used_here
                || ev.ordering.is_acquire()
                || setup.shown_locs.contains(&ev.loc)
                || rmw_locs.contains(&ev.loc)
            {
                continue;
            }
            // 2: an acquire fence after the read would synchronize it.
            let fence_after =
                members(g.po.row(e) & g.fences).any(|f| g.events[f].ordering.is_acquire());
            if fence_after {
                continue;
            }
            free |= S::bit(e);
        }
    }
    free
}

/// Per event of thread `t`'s path (up to what the combination performs):
/// does anything that matters use its value? Guards, written values, shown
/// registers and other events' dependencies (`Path::node_deps` is
/// transitive over the nodes, so one look per root is enough).
fn used_reads<S: Set>(setup: &Setup, combo: &Combo<S>, t: usize) -> Vec<bool> {
    let path = combo.paths[t];
    let len = path.events.len();
    let mut used = vec![false; len];
    let mut mark = |deps: &LocalSet| {
        for i in members(*deps) {
            if i < len {
                used[i] = true;
            }
        }
    };
    let node_deps = |n: u32| path.node_deps.get(n as usize);
    for gd in &path.guards {
        let n = match *gd {
            crate::symbolic::Guard::True(n)
            | crate::symbolic::Guard::False(n)
            | crate::symbolic::Guard::Undef(n)
            | crate::symbolic::Guard::Equals(n, _)
            | crate::symbolic::Guard::OutOfRange(n, _) => n,
        };
        if let Some(d) = node_deps(n) {
            mark(d);
        }
    }
    for pe in &path.events {
        mark(&pe.deps);
        if let Some(d) = pe.write_node.and_then(node_deps) {
            mark(d);
        }
    }
    for c in &setup.columns {
        if let Observable::Reg { thread, reg } = c {
            if *thread as usize == t {
                let node = path.regs.get(*reg as usize).copied().flatten();
                if let Some(d) = node.and_then(node_deps) {
                    mark(d);
                }
            }
        }
    }
    used
}
