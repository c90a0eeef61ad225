//! What a read may see and the value it returns (memory-model.txt, "Location
//! Order", the rules that override LangRef's definition of each byte).

use crate::scopes::inclusive;
use amdmm_graph::{relation::members, BitRel, ExecutionGraph, Set};

/// The writes a read `r` may see.
///
/// memory-model.txt: "For each byte of a read `R`, `R` may see any write to
/// the same byte, except: If a write `W1` is *location-ordered* before a write
/// `W2`, and `W2` is *location-ordered* before a read `R`, then `R` may not
/// see `W1`. If a read `R` happens-before a write `W3`, then `R` may not see
/// `W3`."  (An RMW does not see its own write.)
pub fn may_see<S: Set>(writes_here: S, lo_inv: &BitRel<S>, hb: &BitRel<S>, r: usize) -> S {
    let lo_before_r = lo_inv.row(r) & writes_here;
    let mut hidden = S::empty();
    for w2 in members(lo_before_r) {
        hidden |= lo_inv.row(w2);
    }
    writes_here & !(S::bit(r)) & !hidden & !hb.row(r)
}

/// How the value of a read is determined.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ReadRule<S: Set = u64> {
    /// "If no write is *location-ordered* before a read `R`, then `R` returns
    /// `undef`."  Not a race.
    NothingOrdered,
    /// "Otherwise if the set consisting of `R` and all writes that `R` may see
    /// contains only atomic operations with inclusive scopes, then `R` returns
    /// the value written by one of those writes."
    AnyAtomic(S),
    /// "Otherwise, if `R` may see some write that is not *location-ordered*
    /// before `R`, then `R` returns `undef`."  A data race.
    UnorderedWrite(usize),
    /// "Otherwise, if `R` may see exactly one write `W`, then `R` returns the
    /// value written by `W`."
    Exactly(usize),
    /// "Otherwise, `R` returns `undef`."  Several writes: a data race.
    SeveralWrites,
    /// Not normative (`--model proposed`, specification finding S1): `R` may
    /// see several writes, each location-ordered before it, all atomic with
    /// pairwise inclusive scopes; `R` returns the value of one of them, and
    /// coherence chooses which (the modification-order-last of those that
    /// happen before it). Where the text says "Otherwise, `R` returns
    /// `undef`".
    OrderedAtomics(S),
}

impl<S: Set> ReadRule<S> {
    /// Does this rule make the read return `undef` because of a race?
    pub fn is_race(self) -> bool {
        matches!(self, ReadRule::UnorderedWrite(_) | ReadRule::SeveralWrites)
    }

    /// Is `source` (the write read from, or `None` for `undef`) a value this
    /// rule allows?
    pub fn allows(self, source: Option<u8>) -> bool {
        match (self, source) {
            (ReadRule::AnyAtomic(set) | ReadRule::OrderedAtomics(set), Some(w)) => {
                set.has(w as usize)
            }
            (ReadRule::Exactly(w), Some(s)) => w == s as usize,
            (
                ReadRule::NothingOrdered | ReadRule::UnorderedWrite(_) | ReadRule::SeveralWrites,
                None,
            ) => true,
            _ => false,
        }
    }
}

/// Applies the value rules to read `r` given the writes it may see.
pub fn read_rule<S: Set>(
    g: &ExecutionGraph<S>,
    lo_inv: &BitRel<S>,
    writes_here: S,
    seen: S,
    r: usize,
) -> ReadRule<S> {
    let ordered = lo_inv.row(r) & writes_here & !(S::bit(r));
    if ordered.none() {
        return ReadRule::NothingOrdered;
    }
    let er = &g.events[r];
    if er.is_atomic() && seen.any() && atomics_with_inclusive_scopes(g, seen | S::bit(r)) {
        return ReadRule::AnyAtomic(seen);
    }
    if let Some(w) = members(seen & !ordered).next() {
        return ReadRule::UnorderedWrite(w);
    }
    if seen.size() == 1 {
        return ReadRule::Exactly(seen.first().expect("one write"));
    }
    if g.ordered_atomics_coherent && atomics_with_inclusive_scopes(g, seen) {
        return ReadRule::OrderedAtomics(seen);
    }
    ReadRule::SeveralWrites
}

/// Are all of `set` atomic operations with pairwise inclusive scopes
/// (docs/semantics.md, "Which value rule applies")?
pub fn atomics_with_inclusive_scopes<S: Set>(g: &ExecutionGraph<S>, set: S) -> bool {
    members(set).all(|w| g.events[w].is_atomic())
        && members(set)
            .all(|a| members(set).all(|b| a >= b || inclusive(&g.events[a], &g.events[b])))
}
