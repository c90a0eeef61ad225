//! Symmetry of work-items (`Options::work_item_symmetry`, the kernel front
//! end's default; `amdmm kernel --no-symmetry` turns it off): threads that
//! run the same code with the same paths, in the same relation to every
//! other thread, are interchangeable, and the search explores one
//! arrangement of each set of their choices.
//!
//! Interchangeable threads (see [`groups`]): every path of one equals the
//! path of the same index of the other (events, locations, attributes,
//! value expressions, guards, ends: a kernel's ids are constants in its
//! code, so ids that flow into an address, a value or a branch make the
//! paths differ); no path has a barrier or an asynchronous copy, and no
//! thread of the program has a barrier (the barrier model and its notes
//! speak of waves and name work-items); nothing of them is shown (no
//! register: an assertion register is); each event accesses the same
//! location instance in both (an LDS access only within one workgroup);
//! and they share the same scope instances with every other thread and
//! with the initial writes ([`crate::symmetry`]'s condition).
//!
//! Why it is sound. Let `π` permute the members of a group. It maps a
//! candidate execution `X` (one path per thread, reads-from, modification
//! order) to `π(X)`: the member `a`'s path and events become `π(a)`'s, a
//! read of any thread that read from a write of `a` reads from the same
//! write of `π(a)`, and the modification order follows. The paths are
//! equal, so the events' kinds, locations, attributes and values (the same
//! expressions over the same values read) agree; the placements are
//! related alike to everything else, so every relation of the model
//! (synchronizes-with, happens-before, availability, visibility, location
//! order, coherence, the value rules) maps edge for edge, and the model
//! names no thread otherwise: `π(X)` is consistent exactly when `X` is,
//! with the same flags, and with the same final memory (the last write of
//! each location maps to a write of the same value), nothing of the
//! members being shown. So the set of final states and the flags are
//! unions over orbits, and one execution per orbit gives them all:
//!
//! 1. Combinations of paths: `π` maps the combinations choosing paths `v`
//!    for the members to those choosing `π(v)`; every orbit has one whose
//!    members' path indices are non-decreasing in thread order, and only
//!    those are built ([`sorted`]).
//! 2. Within a combination, members with the same path are permuted among
//!    themselves; the lexicographically least reads-from vector of each
//!    orbit (in the search's order of the reads) is not greater than its
//!    image under any swap of two such members, and only vectors with that
//!    property are searched ([`Swaps::keeps`], applied to every prefix of
//!    the search as soon as the image's first positions are decided): a
//!    superset of the least ones, so every orbit keeps at least one.
//!
//! What it changes: which executions are examined (fewer), so the
//! candidates counted and the first execution of a finding; never the
//! states, flags or counts of final states. Which work-item a finding
//! names depends on the execution, so a caller that reports findings by
//! work-item runs again without the reduction when there are any
//! ([`crate::Findings::reduced`]; the kernel front end does, so its output
//! is byte for byte the same with `--no-symmetry`).

use crate::engine::{Combo, Placed, Setup};
use crate::symbolic::{Path, PathEvent};
use amdmm_graph::Set;
use amdmm_program::{Observable, Placement, ScopeLevel};

/// Are two path events the same instruction's event?
fn same_event(x: &PathEvent, y: &PathEvent) -> bool {
    x.kind == y.kind
        && x.access == y.access
        && x.loc == y.loc
        && x.attrs == y.attrs
        && x.intrinsic_scope == y.intrinsic_scope
        && x.read_node == y.read_node
        && x.write_node == y.write_node
        && x.deps == y.deps
        && x.instr == y.instr
        && x.line == y.line
}

/// Are two paths equal in everything the exploration reads?
fn same_path(p: &Path, q: &Path) -> bool {
    p.events.len() == q.events.len()
        && p.events
            .iter()
            .zip(&q.events)
            .all(|(x, y)| same_event(x, y))
        && p.nodes == q.nodes
        && p.node_deps == q.node_deps
        && p.guards == q.guards
        && p.end == q.end
        && p.barriers.is_empty()
        && q.barriers.is_empty()
        && p.asyncs.is_empty()
        && q.asyncs.is_empty()
}

/// Which scope instances two placements share, level by level.
fn shared_levels(p: &Placement, q: &Placement) -> [(bool, bool); 6] {
    std::array::from_fn(|l| (p.ids[l] == q.ids[l], p.ids[..=l] == q.ids[..=l]))
}

/// Are threads `a` and `b` interchangeable (module comment)?
fn interchangeable(setup: &Setup, a: usize, b: usize) -> bool {
    let (pa, pb) = (&setup.paths[a], &setup.paths[b]);
    if pa.len() != pb.len() || !pa.iter().zip(pb).all(|(p, q)| same_path(p, q)) {
        return false;
    }
    let program = setup.program;
    let (qa, qb) = (&program.threads[a].placement, &program.threads[b].placement);
    let (wa, wb) = (
        qa.instance(ScopeLevel::Workgroup),
        qb.instance(ScopeLevel::Workgroup),
    );
    let same_instances = pa.iter().flat_map(|p| &p.events).all(|e| {
        e.kind == amdmm_graph::EventKind::Fence
            || setup.locs.instance(program, e.loc, wa) == setup.locs.instance(program, e.loc, wb)
    });
    if !same_instances {
        return false;
    }
    let init = Placement { ids: [0; 6] };
    program
        .threads
        .iter()
        .enumerate()
        .filter(|&(u, _)| u != a && u != b)
        .map(|(_, t)| &t.placement)
        .chain(std::iter::once(&init))
        .all(|u| shared_levels(qa, u) == shared_levels(qb, u))
}

/// The groups of interchangeable threads (each of two or more, in thread
/// order); none when some thread has a barrier or an asynchronous copy.
pub(crate) fn groups(setup: &Setup) -> Vec<Vec<usize>> {
    let any_barrier = setup
        .paths
        .iter()
        .flatten()
        .any(|p| !p.barriers.is_empty() || !p.asyncs.is_empty());
    if any_barrier {
        return Vec::new();
    }
    let shown = |t: usize| {
        setup
            .columns
            .iter()
            .any(|c| matches!(c, Observable::Reg { thread, .. } if *thread as usize == t))
    };
    let mut groups: Vec<Vec<usize>> = Vec::new();
    for t in (0..setup.paths.len()).filter(|&t| !shown(t) && !setup.paths[t].is_empty()) {
        match groups.iter_mut().find(|g| {
            interchangeable(setup, g[0], t) && g.iter().all(|&u| interchangeable(setup, u, t))
        }) {
            Some(g) => g.push(t),
            None => groups.push(vec![t]),
        }
    }
    groups.retain(|g| g.len() > 1);
    groups
}

/// Does the combination of paths `choice` have its members' path indices
/// non-decreasing in each group (point 1 of the module comment)?
pub(crate) fn sorted(groups: &[Vec<usize>], choice: &[usize]) -> bool {
    groups
        .iter()
        .all(|g| g.windows(2).all(|w| choice[w[0]] <= choice[w[1]]))
}

/// The swaps of one combination: adjacent members of a group with the same
/// path (point 2 of the module comment), and where each read is in the
/// search's order.
#[derive(Clone, Debug, Default)]
pub(crate) struct Swaps {
    /// (offset of `a`'s events, offset of `b`'s, their number).
    pairs: Vec<(usize, usize, usize)>,
    /// Per event: its position in `Combo::reads` (`usize::MAX`: not a read).
    read_pos: Vec<usize>,
}

impl Swaps {
    /// The swaps of `combo` (built with path choice `choice`), once its
    /// reads are in their final order.
    pub(crate) fn new<S: Set>(groups: &[Vec<usize>], choice: &[usize], combo: &Combo<S>) -> Swaps {
        let mut pairs = Vec::new();
        for g in groups {
            for (i, &a) in g.iter().enumerate() {
                for &b in &g[i + 1..] {
                    let (pa, pb): (&Placed, &Placed) = (&combo.placed[a], &combo.placed[b]);
                    if choice[a] == choice[b] && pa.len == pb.len && pa.len > 0 {
                        pairs.push((pa.offset, pb.offset, pa.len));
                    }
                }
            }
        }
        let mut read_pos = vec![usize::MAX; combo.graph.len()];
        if !pairs.is_empty() {
            for (k, &r) in combo.reads.iter().enumerate() {
                read_pos[r] = k;
            }
        }
        Swaps { pairs, read_pos }
    }

    pub(crate) fn is_empty(&self) -> bool {
        self.pairs.is_empty()
    }

    /// Can the reads-from choices `pick` (of the first `pick.len()` reads)
    /// be completed into a vector not greater than its image under each
    /// swap (point 2 of the module comment)? False when, for some swap, the
    /// image's first differing position is already decided and smaller:
    /// then every completion is greater than its image, none is the least
    /// of its orbit, and the search prunes them all.
    pub(crate) fn keeps<S: Set>(&self, combo: &Combo<S>, pick: &[u8]) -> bool {
        self.pairs
            .iter()
            .all(|&(oa, ob, len)| self.not_greater(combo, pick, oa, ob, len))
    }

    /// `pick ≤ σ(pick)` lexicographically, `σ` swapping the events
    /// `oa..oa+len` with `ob..ob+len`.
    fn not_greater<S: Set>(
        &self,
        combo: &Combo<S>,
        pick: &[u8],
        oa: usize,
        ob: usize,
        len: usize,
    ) -> bool {
        let swap = |e: usize| {
            if (oa..oa + len).contains(&e) {
                e - oa + ob
            } else if (ob..ob + len).contains(&e) {
                e - ob + oa
            } else {
                e
            }
        };
        for (k, &r) in combo.reads.iter().enumerate().take(pick.len()) {
            // σ(pick) at read r: the source the read σ(r) takes, mapped by σ
            // (not decided yet: nothing to compare from here on).
            let from = self.read_pos[swap(r)];
            let Some(&c) = pick.get(from) else {
                return true;
            };
            let source = combo.cands[from][c as usize].map(|w| swap(w as usize));
            let Some(image) = combo.cands[k]
                .iter()
                .position(|&x| x.map(usize::from) == source)
            else {
                // Not a symmetric candidate list (cannot happen for
                // interchangeable threads): keep the vector.
                return true;
            };
            match pick[k].cmp(&(image as u8)) {
                std::cmp::Ordering::Less => return true,
                std::cmp::Ordering::Greater => return false,
                std::cmp::Ordering::Equal => {}
            }
        }
        true
    }
}
