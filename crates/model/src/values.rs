//! What a read may see and the value it returns (memory-model.txt, "Location
//! Order", the rules that override LangRef's definition of each byte).

use crate::scopes::inclusive;
use amdmm_graph::{relation::members, BitRel, EventSet, ExecutionGraph};

/// The writes a read `r` may see.
///
/// memory-model.txt: "For each byte of a read `R`, `R` may see any write to
/// the same byte, except: If a write `W1` is *location-ordered* before a write
/// `W2`, and `W2` is *location-ordered* before a read `R`, then `R` may not
/// see `W1`. If a read `R` happens-before a write `W3`, then `R` may not see
/// `W3`."  (An RMW does not see its own write.)
pub fn may_see(writes_here: EventSet, lo_inv: &BitRel, hb: &BitRel, r: usize) -> EventSet {
    let lo_before_r = lo_inv.row(r) & writes_here;
    let mut hidden: EventSet = 0;
    for w2 in members(lo_before_r) {
        hidden |= lo_inv.row(w2);
    }
    writes_here & !(1u64 << r) & !hidden & !hb.row(r)
}

/// How the value of a read is determined.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ReadRule {
    /// "If no write is *location-ordered* before a read `R`, then `R` returns
    /// `undef`."  Not a race.
    NothingOrdered,
    /// "Otherwise if the set consisting of `R` and all writes that `R` may see
    /// contains only atomic operations with inclusive scopes, then `R` returns
    /// the value written by one of those writes."
    AnyAtomic(EventSet),
    /// "Otherwise, if `R` may see some write that is not *location-ordered*
    /// before `R`, then `R` returns `undef`."  A data race.
    UnorderedWrite(usize),
    /// "Otherwise, if `R` may see exactly one write `W`, then `R` returns the
    /// value written by `W`."
    Exactly(usize),
    /// "Otherwise, `R` returns `undef`."  Several writes: a data race.
    SeveralWrites,
}

impl ReadRule {
    /// Does this rule make the read return `undef` because of a race?
    pub fn is_race(self) -> bool {
        matches!(self, ReadRule::UnorderedWrite(_) | ReadRule::SeveralWrites)
    }

    /// Is `source` (the write read from, or `None` for `undef`) a value this
    /// rule allows?
    pub fn allows(self, source: Option<u8>) -> bool {
        match (self, source) {
            (ReadRule::AnyAtomic(set), Some(w)) => set >> w & 1 == 1,
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
pub fn read_rule(
    g: &ExecutionGraph,
    lo_inv: &BitRel,
    writes_here: EventSet,
    seen: EventSet,
    r: usize,
) -> ReadRule {
    let ordered = lo_inv.row(r) & writes_here & !(1u64 << r);
    if ordered == 0 {
        return ReadRule::NothingOrdered;
    }
    let er = &g.events[r];
    if er.is_atomic() && seen != 0 {
        let all_atomic = members(seen).all(|w| g.events[w].is_atomic());
        if all_atomic {
            let set = seen | 1u64 << r;
            let pairwise = members(set)
                .all(|a| members(set).all(|b| a >= b || inclusive(&g.events[a], &g.events[b])));
            if pairwise {
                return ReadRule::AnyAtomic(seen);
            }
        }
    }
    if let Some(w) = members(seen & !ordered).next() {
        return ReadRule::UnorderedWrite(w);
    }
    if seen.count_ones() == 1 {
        return ReadRule::Exactly(seen.trailing_zeros() as usize);
    }
    ReadRule::SeveralWrites
}
