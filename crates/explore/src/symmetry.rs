//! Symmetry reduction of the reads-from search: threads that only read,
//! have identical bodies and placements, and show nothing of their own are
//! interchangeable, so the search explores one representative ordering of
//! their choices and counts it once per execution it stands for.
//!
//! Why it is exact. Let `a` and `b` be two such threads (see [`groups`] for
//! the conditions). Swapping their events maps every candidate execution `X`
//! to a candidate `X'` of the same combination: neither writes, so no read
//! of another thread changes source and the modification orders are the
//! same; their events, reads-from candidates, program order, dependencies
//! and path are equal, and every other thread (and every initial write) is
//! in the same scope instances with `a` as with `b`, so every relation of the
//! model (synchronizes-with, happens-before, availability, visibility,
//! location order, coherence, the value rules) maps edge for edge. The model
//! names no thread except through these, so `X` is consistent exactly when
//! `X'` is, with the same flags. Neither thread's registers is shown, and the
//! condition reads only shown values, so `X` and `X'` have the same final
//! state and the same verdict. Swaps generate every permutation of a group:
//! the executions of a combination fall into orbits of equal outcome, and
//! the orbit of a choice vector whose group members' choice tuples are in
//! non-decreasing (lexicographic) order has `m! / Π kᵢ!` members (`m`
//! threads, `kᵢ` of them with the `i`-th distinct tuple). The search keeps
//! exactly the non-decreasing vectors ([`Symmetry::allows`]) and counts each
//! with that weight ([`Symmetry::weight`]): states, flags, counts and the
//! number of candidates are those of the full search.
//!
//! Witnesses and visitors need the executions themselves (the first one of
//! each state in search order, or every one), so the reduction is used only
//! when neither is asked for.

use crate::engine::{Combo, Setup};
use amdmm_graph::{relation::members, EventKind, Set};
use amdmm_program::{Observable, Placement};

/// The most threads of one group: `20!` still fits in a `u64` weight.
const MAX_GROUP: usize = 20;

/// The interchangeable threads of one combination, as ranges of its reads.
#[derive(Clone, Debug, Default)]
pub(crate) struct Symmetry {
    /// Per group: the first read (index into `Combo::reads`) of each member,
    /// in thread order; every member has `len` reads.
    groups: Vec<(Vec<usize>, usize)>,
    /// Per read: `Some((first, d))` when it belongs to a member other than
    /// the first of its group: that member's reads start at `first`, and the
    /// previous member's read at the same position is `d` reads earlier.
    prev: Vec<Option<(usize, usize)>>,
}

impl Symmetry {
    /// Is choice `c` for the next read (after `pick`) in non-decreasing
    /// order with the previous member's choices? Choices are indices into
    /// equal candidate lists, so comparing indices compares sources.
    #[inline]
    pub(crate) fn allows(&self, pick: &[u8], c: u8) -> bool {
        let k = pick.len();
        let Some(&Some((first, d))) = self.prev.get(k) else {
            return true;
        };
        for i in first..k {
            if pick[i] != pick[i - d] {
                return pick[i] > pick[i - d];
            }
        }
        c >= pick[k - d]
    }

    /// How many executions the complete choice vector `pick` stands for.
    pub(crate) fn weight(&self, pick: &[u8]) -> u64 {
        let mut w = 1u64;
        for (starts, len) in &self.groups {
            let tuple = |s: usize| &pick[s..s + len];
            // The multinomial `m! / Π kᵢ!`, member by member: with `j`
            // members it is `j! / Π (run lengths)!`, an integer at every
            // step (the tuples are sorted, so equal ones are adjacent).
            let mut group = 1u64;
            let mut run = 1u64;
            for (i, pair) in starts.windows(2).enumerate() {
                group *= i as u64 + 2;
                if tuple(pair[0]) == tuple(pair[1]) {
                    run += 1;
                    group /= run;
                } else {
                    run = 1;
                }
            }
            // Beyond u64 no search could count anyway.
            w = w.saturating_mul(group);
        }
        w
    }

    pub(crate) fn is_trivial(&self) -> bool {
        self.groups.is_empty()
    }
}

/// Does thread `t` (events `offset..offset + len` of the combination's
/// graph) qualify: one path with no guards, barriers or async copies, only
/// reads, nothing of it shown, not blocked by the barrier run?
fn candidate<S: Set>(setup: &Setup, combo: &Combo<S>, t: usize) -> bool {
    let path = combo.paths[t];
    let placed = &combo.placed[t];
    setup.paths[t].len() == 1
        && path.guards.is_empty()
        && path.barriers.is_empty()
        && path.asyncs.is_empty()
        && placed.len == path.events.len()
        && placed.len > 0
        && combo.barrier.truncate[t].is_none()
        && !combo
            .barrier
            .sw
            .iter()
            .any(|&(a, _, b, _)| a == t || b == t)
        && (placed.offset..placed.offset + placed.len)
            .all(|e| combo.graph.events[e].kind == EventKind::Read)
        && !setup
            .columns
            .iter()
            .any(|c| matches!(c, Observable::Reg { thread, .. } if *thread as usize == t))
}

/// Which scope instances two placements share, level by level (both the
/// instance id and the whole path of ids down to it).
fn shared_levels(p: &Placement, q: &Placement) -> [(bool, bool); 6] {
    std::array::from_fn(|l| (p.ids[l] == q.ids[l], p.ids[..=l] == q.ids[..=l]))
}

/// Are threads `a` and `b` (both [`candidate`]s) interchangeable: equal
/// events (up to thread, placement and source position), program order,
/// reads-from candidates and path end, and the same scope instances shared
/// with every other thread and with the initial writes?
fn equivalent<S: Set>(
    setup: &Setup,
    combo: &Combo<S>,
    read_start: &[usize],
    a: usize,
    b: usize,
) -> bool {
    let g = &combo.graph;
    let (pa, pb) = (&combo.placed[a], &combo.placed[b]);
    if pa.len != pb.len || combo.paths[a].end != combo.paths[b].end {
        return false;
    }
    let same_event = |i: usize| {
        let (x, y) = (&g.events[pa.offset + i], &g.events[pb.offset + i]);
        x.kind == y.kind
            && x.loc == y.loc
            && x.space == y.space
            && x.ordering == y.ordering
            && x.scope == y.scope
            && x.store_available == y.store_available
            && x.load_visible == y.load_visible
            && x.make_available == y.make_available
            && x.make_visible == y.make_visible
            && x.sync_spaces == y.sync_spaces
            && members(x.deps)
                .map(|d| d - pa.offset)
                .eq(members(y.deps).map(|d| d - pb.offset))
            && members(g.po.row(pa.offset + i))
                .map(|d| d - pa.offset)
                .eq(members(g.po.row(pb.offset + i)).map(|d| d - pb.offset))
            && g.async_hb.row(pa.offset + i).none()
            && g.async_hb.row(pb.offset + i).none()
    };
    if !(0..pa.len).all(same_event) {
        return false;
    }
    let (ra, rb) = (read_start[a], read_start[b]);
    if (0..pa.len).any(|i| combo.cands[ra + i] != combo.cands[rb + i]) {
        return false;
    }
    let (qa, qb) = (
        &setup.program.threads[a].placement,
        &setup.program.threads[b].placement,
    );
    let init = Placement { ids: [0; 6] };
    let others = setup
        .program
        .threads
        .iter()
        .enumerate()
        .filter(|&(u, _)| u != a && u != b)
        .map(|(_, t)| &t.placement)
        .chain(std::iter::once(&init));
    let levels_agree = |u: &Placement| shared_levels(qa, u) == shared_levels(qb, u);
    others.into_iter().all(levels_agree)
}

/// The groups of interchangeable threads of `combo` (module comment).
pub(crate) fn groups<S: Set>(setup: &Setup, combo: &Combo<S>) -> Symmetry {
    let threads = combo.paths.len();
    // The first read of each thread (its reads are contiguous: threads are
    // laid out one after the other, and `Combo::reads` is sorted).
    let mut read_start = vec![usize::MAX; threads];
    for (k, &r) in combo.reads.iter().enumerate() {
        let (t, _) = combo.thread_of[r - setup.inits.len()];
        read_start[t] = read_start[t].min(k);
    }
    let mut groups: Vec<Vec<usize>> = Vec::new();
    for t in (0..threads).filter(|&t| candidate(setup, combo, t)) {
        let home = groups.iter_mut().find(|m| {
            m.len() < MAX_GROUP
                && m.iter()
                    .all(|&u| equivalent(setup, combo, &read_start, u, t))
        });
        match home {
            Some(m) => m.push(t),
            None => groups.push(vec![t]),
        }
    }
    let mut sym = Symmetry {
        groups: Vec::new(),
        prev: vec![None; combo.reads.len()],
    };
    for m in groups.into_iter().filter(|m| m.len() > 1) {
        let len = combo.placed[m[0]].len;
        let starts: Vec<usize> = m.iter().map(|&t| read_start[t]).collect();
        for pair in starts.windows(2) {
            for i in 0..len {
                sym.prev[pair[1] + i] = Some((pair[1], pair[1] - pair[0]));
            }
        }
        sym.groups.push((starts, len));
    }
    sym
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The groups found in a generated test.
    fn groups_of(src: &str) -> Vec<(Vec<usize>, usize)> {
        let program = amdmm_program::load(src).expect("generated test loads");
        let opts = crate::Options::default();
        let started = web_time::Instant::now();
        let setup = crate::engine::build_setup(&program, &opts, started).expect("setup");
        let combos = crate::engine::build_combos::<u64>(&setup, &opts, started).expect("combos");
        assert_eq!(combos.len(), 1);
        groups(&setup, &combos[0]).groups
    }

    #[test]
    fn finds_the_unshown_identical_readers() {
        // W-R-5: R0 and R4 are shown, R1..R3 are not (reads 1, 2, 3 of
        // five); the writers write different values.
        assert_eq!(
            groups_of(&crate::families::writers_readers(5)),
            vec![(vec![1, 2, 3], 1)]
        );
        // W-R-2: both readers are shown.
        assert!(groups_of(&crate::families::writers_readers(2)).is_empty());
    }

    #[test]
    fn placement_breaks_symmetry() {
        // Three equal readers of x; the writer shares R0's work-group, so
        // only R1 and R2 are interchangeable.
        let src = "AMDGPU sym\n{\n  global x = 0;\n}\n\
            thread W @ wg 0, wave 0 {\n  store atomic i32 1, ptr @x syncscope(\"agent\") release\n}\n\
            thread R0 @ wg 0, wave 1 {\n  %r = load atomic i32, ptr @x syncscope(\"workgroup\") acquire\n}\n\
            thread R1 @ wg 1 {\n  %r = load atomic i32, ptr @x syncscope(\"workgroup\") acquire\n}\n\
            thread R2 @ wg 2 {\n  %r = load atomic i32, ptr @x syncscope(\"workgroup\") acquire\n}\n\
            exists (x == 1)\n";
        assert_eq!(groups_of(src), vec![(vec![1, 2], 1)]);
    }

    #[test]
    fn weight_counts_distinct_permutations() {
        // Three members of one read each, at reads 0, 1, 2.
        let sym = Symmetry {
            groups: vec![(vec![0, 1, 2], 1)],
            prev: vec![None, Some((1, 1)), Some((2, 1))],
        };
        assert_eq!(sym.weight(&[0, 1, 2]), 6);
        assert_eq!(sym.weight(&[0, 0, 2]), 3);
        assert_eq!(sym.weight(&[1, 1, 1]), 1);
        assert_eq!(sym.weight(&[0, 1, 1]), 3);
        // Non-decreasing only.
        assert!(sym.allows(&[1], 1));
        assert!(sym.allows(&[1], 2));
        assert!(!sym.allows(&[1], 0));
        assert!(sym.allows(&[], 0));
    }

    #[test]
    fn weights_sum_to_the_full_space() {
        // Four members of two reads each, three choices per read: the
        // non-decreasing vectors weigh 3^8 in all.
        let starts = vec![0, 2, 4, 6];
        let mut prev = vec![None; 8];
        for pair in starts.windows(2) {
            for i in 0..2 {
                prev[pair[1] + i] = Some((pair[1], pair[1] - pair[0]));
            }
        }
        let sym = Symmetry {
            groups: vec![(starts, 2)],
            prev,
        };
        let mut total = 0u64;
        let mut kept = 0u64;
        let mut pick = Vec::new();
        fn walk(sym: &Symmetry, pick: &mut Vec<u8>, total: &mut u64, kept: &mut u64) {
            if pick.len() == 8 {
                *total += sym.weight(pick);
                *kept += 1;
                return;
            }
            for c in 0..3u8 {
                if sym.allows(pick, c) {
                    pick.push(c);
                    walk(sym, pick, total, kept);
                    pick.pop();
                }
            }
        }
        walk(&sym, &mut pick, &mut total, &mut kept);
        assert_eq!(total, 3u64.pow(8));
        // Multisets of 4 tuples out of 9: C(12, 4).
        assert_eq!(kept, 495);
    }
}
