//! Modification order and coherence (LangRef, `monotonic`).

use crate::happens_before::SpaceHb;
use amdmm_graph::{relation::members, BitRel, ExecutionGraph, Set};
use amdmm_program::Ordering;

/// The edges every modification order must contain, given reads-from and
/// happens-before.
///
/// LangRef, `monotonic`: "there is a single total order for modifications by
/// `monotonic` operations on each address. All modification orders must be
/// compatible with the happens-before order" (write-write coherence). "If
/// one atomic read happens before another atomic read of the same address and
/// both are at least `monotonic`, the later read must not see an earlier value
/// in the address's modification order" (read-read coherence). Read-write and
/// write-read coherence follow C++20 [intro.races] as RC11 formalises it
/// (`hb ; eco` irreflexive): a read that happens before a write reads
/// something modification-ordered before it, and a write that happens before
/// a read is not newer than what the read returns. "If the read in an atomic
/// read-modify-write operation M reads from a `monotonic` (or stronger) write
/// W, W must be immediately before M in the address's modification order":
/// here the edge W → M; immediacy is checked by [`rmw_atomicity`].
///
/// Only reads that return a defined value take part (a read returning
/// `undef` reads from no write). The initial write is first.
///
/// Happens-before is that of the location's address space (`SpaceHb`).
///
/// `unordered` accesses are outside both rules that LangRef states for
/// `monotonic`: "The set of values that can be read is governed by the
/// happens-before partial order" (`unordered`). Read-read coherence applies
/// only when "both are at least `monotonic`" (an `unordered` or plain read
/// is left out), and the "single total order for modifications by
/// `monotonic` operations" orders an `unordered` store by happens-before
/// with no other store (docs/semantics.md, "Coherence of unordered
/// accesses").
pub fn mo_constraints<S: Set>(g: &ExecutionGraph<S>, hbs: &SpaceHb<S>) -> BitRel<S> {
    let n = g.len();
    let mut c = BitRel::new(n);
    let same_loc_writes = |e: usize| -> S { g.same_loc[e] & g.writes };
    let unordered: S = members(g.writes)
        .filter(|&w| g.events[w].ordering == Ordering::Unordered)
        .fold(S::empty(), |s, w| s | S::bit(w));
    for w in members(g.writes) {
        let here = same_loc_writes(w) & !(S::bit(w));
        let (hb, _) = hbs.of(g.events[w].space);
        // Initial write first; write-write coherence.
        if g.events[w].is_init() {
            c.set_row(w, c.row(w) | here);
        }
        let ordered_here = if unordered.has(w) {
            S::empty()
        } else {
            here & !unordered
        };
        c.set_row(w, c.row(w) | (hb.row(w) & ordered_here));
    }
    for (r, src) in g.rf.iter().enumerate() {
        let Some(src) = *src else { continue };
        let src = src as usize;
        let here = same_loc_writes(r);
        let (hb, hb_inv) = hbs.of(g.events[r].space);
        // Read-write: r hb w ⇒ src mo w.
        for w in members(hb.row(r) & here & !(S::bit(src))) {
            c.add(src, w);
        }
        // Write-read: w hb r, w ≠ src ⇒ w mo src.
        for w in members(hb_inv.row(r) & here & !(S::bit(src))) {
            c.add(w, src);
        }
        // Read-read: r' hb r reading src' ≠ src ⇒ src' mo src, when both
        // reads are at least monotonic.
        if at_least_monotonic(g.events[r].ordering) {
            for r2 in members(hb_inv.row(r) & g.reads) {
                if !at_least_monotonic(g.events[r2].ordering) {
                    continue;
                }
                if let Some(s2) = g.rf[r2] {
                    if s2 as usize != src && g.events[r2].loc == g.events[r].loc {
                        c.add(s2 as usize, src);
                    }
                }
            }
        }
        // RMW: the write read from precedes the RMW.
        if g.events[r].is_write() {
            c.add(src, r);
        }
    }
    c
}

/// LangRef, `monotonic`: "both are at least `monotonic`" — `monotonic` or
/// stronger (not plain, not `unordered`).
pub fn at_least_monotonic(o: Ordering) -> bool {
    !matches!(o, Ordering::NotAtomic | Ordering::Unordered)
}

/// RMW atomicity: "W must be immediately before M in the address's
/// modification order" (LangRef, `monotonic`).  `mo` is transitive.
pub fn rmw_atomicity<S: Set>(g: &ExecutionGraph<S>, mo: &BitRel<S>) -> bool {
    for m in members(g.reads & g.writes) {
        let Some(w) = g.rf[m] else { continue };
        let w = w as usize;
        // Nothing strictly between w and m.
        if (mo.row(w) & mo.column(m)).any() {
            return false;
        }
    }
    true
}

/// From-reads: `rf⁻¹ ; mo`, minus identity (an RMW does not read before
/// itself).
pub fn from_reads<S: Set>(g: &ExecutionGraph<S>, mo: &BitRel<S>) -> BitRel<S> {
    let mut fr = BitRel::new(g.len());
    for (r, src) in g.rf.iter().enumerate() {
        if let Some(w) = *src {
            fr.set_row(r, mo.row(w as usize) & !(S::bit(r)));
        }
    }
    fr
}
