//! The total order over seq_cst operations (LangRef, `seq_cst`; RC11).

use crate::coherence::from_reads;
use crate::scopes::inclusive;
use amdmm_graph::{relation::members, BitRel, ExecutionGraph, Set};
use amdmm_program::Ordering;

/// Is there a total order over the seq_cst operations consistent with the
/// execution?
///
/// LangRef, `seq_cst`: "there is a global total order on all
/// sequentially-consistent operations on all addresses", and for fences: "the
/// global ordering created by a `seq_cst` fence must be compatible with the
/// individual total orders of `monotonic` (or stronger) memory accesses
/// occurring before and after such a fence. The exact semantics of this
/// interaction are somewhat complicated, see the C++ standard's
/// [atomics.order]".  We follow C++20 as RC11 (Lahav et al., PLDI 2017)
/// formalises it: `psc = psc_base ∪ psc_F` must be acyclic, with
/// `scb = sb ∪ sb|≠loc;hb;sb|≠loc ∪ hb|loc ∪ mo ∪ fr`,
/// `psc_base = ([Esc] ∪ [Fsc];hb?) ; scb ; ([Esc] ∪ hb?;[Fsc])` and
/// `psc_F = [Fsc] ; (hb ∪ hb;eco;hb) ; [Fsc]`.
/// Scoped: only pairs of seq_cst operations with inclusive scopes are
/// ordered (docs/semantics.md, "Scoped seq_cst").
pub fn sc_consistent<S: Set>(g: &ExecutionGraph<S>, hb: &BitRel<S>, mo: &BitRel<S>) -> bool {
    let n = g.len();
    let mut sc = S::empty();
    let mut fsc = S::empty();
    for (i, e) in g.events.iter().enumerate() {
        if e.ordering == Ordering::SeqCst {
            sc |= S::bit(i);
            if e.is_fence() {
                fsc |= S::bit(i);
            }
        }
    }
    if sc.size() < 2 {
        return true;
    }
    let fr = from_reads(g, mo);
    let rf = g.rf_rel();
    // sb|≠loc: program order between different locations (fences have none).
    let mut sb_nl = BitRel::new(n);
    let mut hb_loc = BitRel::new(n);
    for a in 0..n {
        let ea = &g.events[a];
        let mut nl = S::empty();
        let mut same = S::empty();
        for b in members(g.po.row(a)) {
            let eb = &g.events[b];
            if ea.is_fence() || eb.is_fence() || ea.loc != eb.loc {
                nl |= S::bit(b);
            }
        }
        for b in members(hb.row(a)) {
            let eb = &g.events[b];
            if !ea.is_fence() && !eb.is_fence() && ea.loc == eb.loc {
                same |= S::bit(b);
            }
        }
        sb_nl.set_row(a, nl);
        hb_loc.set_row(a, same);
    }
    let mut scb = g.po;
    scb.union_with(&sb_nl.compose(hb).compose(&sb_nl));
    scb.union_with(&hb_loc);
    scb.union_with(mo);
    scb.union_with(&fr);
    // Left: [Esc] ∪ [Fsc];hb ; right: [Esc] ∪ hb;[Fsc].
    let left = hb.restrict(fsc, S::full(n)).with_identity_on(sc);
    let right = hb.restrict(S::full(n), fsc).with_identity_on(sc);
    let mut psc = left.compose(&scb).compose(&right);
    let mut eco = rf.union(mo);
    eco.union_with(&fr);
    eco.close();
    let hb_eco_hb = hb.compose(&eco).compose(hb);
    psc.union_with(&hb.union(&hb_eco_hb).restrict(fsc, fsc));
    let mut scoped = BitRel::new(n);
    for a in members(sc) {
        let mut row = S::empty();
        for b in members(psc.row(a) & sc) {
            if inclusive(&g.events[a], &g.events[b]) {
                row |= S::bit(b);
            }
        }
        scoped.set_row(a, row);
    }
    scoped.is_acyclic()
}
