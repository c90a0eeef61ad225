//! Symmetry of work-items (`Options::work_item_symmetry`, the kernel front
//! end's default; `amdmm kernel --no-symmetry` turns it off): threads that
//! run the same code with the same paths, in the same relation to every
//! other thread, are interchangeable, and the search explores one
//! arrangement of each set of their choices.
//!
//! Interchangeable threads (see [`groups`]): every path of one equals the
//! path of the same index of the other up to a renaming `σ` of the
//! location instances each of them alone touches (events, attributes,
//! value expressions and guards compared from what the exploration reads,
//! ends: a kernel's ids are constants in its code, so ids that flow into a
//! value or a branch make the paths differ, while an id that only selects
//! the element `out[gid]` a work-item alone touches is renamed away); the
//! renamed instances are alike (address space, initial value, whole
//! elements, shown in a column of the same type or not shown), and the
//! condition is `true` (the kernel front end's: no condition reads a
//! renamed location); their barrier instructions are the same (the same
//! calls at the same points of equal paths), and so are their asynchronous
//! copies and completion points; nothing of them is shown (no register: an
//! assertion register is); and they share the same scope instances with
//! every other thread and with the initial writes ([`crate::symmetry`]'s
//! condition): so a swap keeps the placement, two lanes of one wave
//! trading places, or two waves of one modelled lane each.
//!
//! Barriers. The barrier model (execution-synchronization.txt, "Barrier
//! Objects", "Init, Join and Drop", the rules of barrier-executes-before)
//! speaks of waves, barrier objects per scope instance and the order of
//! each wave's barrier operations, and names a wave only through them: a
//! swap that keeps the placement and the barrier instructions maps the
//! barrier executions of a combination of paths to those of its image
//! (point 1). Within one combination (point 2) a swap may prune only when
//! it maps the combination's barrier execution to itself ([`run_keeps`]:
//! both threads blocked alike, the barrier's synchronizes-with edges the
//! same set once swapped); another barrier execution of the same paths is
//! another combination. Not reduced: two waves of several modelled lanes
//! each (their swap moves several threads at once, which the pairwise
//! swaps here do not express).
//!
//! Asynchronous copies. async-operations.txt, "Async Mark Operations": the
//! marks are a sequence "associated with the currently executing function
//! body" of the thread that requests the copies, and "Memory Consistency
//! Model": each copy is "a non-atomic read on the source and a non-atomic
//! write on the destination", whose program-order and happens-before edges
//! depend only on where its own thread's marks complete it
//! (`amdmm_model::async_ops::thread_order`, over thread-local indices).
//! Hardware keeps the counters per wave; lanes of one wave that execute
//! the same marks have the same counter, which the per-thread sequence
//! follows. Paths with the same copies at the same positions and the same
//! completion points ([`same_path`] compares them) thus give the two
//! threads the same local orders, and a swap that keeps the placement (two
//! lanes of one wave, or two waves of one modelled lane each) maps those
//! edges to edges: the argument below holds unchanged. Two work-items
//! whose copies complete at different points of a path are not
//! interchangeable (their paths differ), and neither are waves of several
//! lanes, as for barriers.
//!
//! Why it is sound. Let `π` permute the members of a group, and `σ` the
//! matching renaming of their private instances (the `i`-th of `a` to the
//! `i`-th of `π(a)`). It maps a candidate execution `X` (one path per
//! thread, reads-from, modification order) to `π(X)`: the member `a`'s path
//! and events become `π(a)`'s, the initial write of a private instance `l`
//! becomes that of `σ(l)`, a read of any thread that read from a write of
//! `a` reads from the same write of `π(a)`, and the modification order
//! follows. The paths are equal up to `σ`, so the events' kinds,
//! attributes and values (the same expressions over the same values read)
//! agree and their locations correspond; no other thread touches a
//! private instance, and `σ` preserves "same location" among the events
//! (it is a bijection that fixes every shared instance) and the initial
//! values; the placements are related alike to everything else, so every
//! relation of the model (synchronizes-with, happens-before, availability,
//! visibility, location order, coherence, the value rules) maps edge for
//! edge, and the model names no thread or location otherwise: `π(X)` is
//! consistent exactly when `X` is, with the same flags, and its final
//! memory is `X`'s renamed by `σ` (the last write of `l` in `X` is the last
//! write of `σ(l)` in `π(X)`, with the same value), nothing else of the
//! members being shown. So the set of final states is the union of the
//! orbits of the states found, the flags of a state those of its orbit,
//! and one execution per orbit gives them all:
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
//! 3. When members show private instances (`out[gid]` is a written
//!    element, shown), the states found are those of the orbits'
//!    representatives, and [`Groups::expand`] makes every image of each
//!    (the permutations of the members' blocks of columns).
//!
//! Id-dependent values. A kernel's ids are constants in its code, so
//! `out[gid] = gid * 2` writes a different expression in each work-item.
//! A *sink* is a private instance its thread only writes (plain writes: no
//! read and no read-modify-write of it on any path, [`Locals::sink`]).
//! Paths are compared with the values written to sinks left out
//! ([`same_path`]; the events, their order, attributes and dependencies
//! still compared). The argument above holds for `π(X)` with one change.
//! Every read of `π(X)` reads from the image of its source in `X`; that
//! source is never a sink write (nobody reads a sink), so it computes the
//! same expression, and by induction on the values' evaluation every read,
//! guard and non-sink write of `π(X)` has the value of its preimage, and
//! `π(X)` is consistent exactly when `X` is, with the same flags (the model
//! reads a written value only through a read of it). Only the final memory
//! changes: the sink of `π(a)` shows `π(a)`'s own last write to it, its own
//! expression over the reads `a` made in `X` (or the initial value, alike
//! for both). So a state is not enough to rebuild its orbit: for a group
//! whose members' sink values differ ([`Valued`]), the search records each
//! member's *role* with the state (its path, its last write to each shown
//! sink, the values of the reads those sinks depend on), the orbit is the
//! arrangements of the roles among the members, and each member's sinks
//! are computed from the role it receives ([`Groups::expand`]). Not
//! reached: an id-dependent value that any event reads (the work-item's own
//! read-back of a private location, another work-item's read of a shared
//! one such as `tile[tid] = tid` read as `tile[tid + 1]`), a branch or an
//! address of a shared location: those paths differ.
//!
//! What it changes: which executions are examined (fewer), so the
//! candidates counted and the first execution of a finding; never the
//! states, flags or counts of final states. Which work-item a finding
//! names depends on the execution, so a caller that reports findings by
//! work-item runs again without the reduction when there are any
//! ([`crate::Findings::reduced`]; the kernel front end does, so its output
//! is byte for byte the same with `--no-symmetry`).

use crate::engine::{Combo, Placed, Setup};
use crate::result::{LimitReason, ValueOut};
use crate::symbolic::{Guard, Node, NodeId, Path, PathEvent};
use amdmm_graph::{EventKind, Set};
use amdmm_program::{Cond, Observable, Placement, ScopeLevel, Value};
use std::collections::{BTreeMap, HashMap};

/// Interchangeable work-items, and the location instances each of them
/// alone touches (renamed along with it).
#[derive(Clone, Debug, Default)]
pub(crate) struct Groups {
    /// The groups of two or more interchangeable threads, in thread order.
    pub(crate) members: Vec<Vec<usize>>,
    /// Per thread: the location instances it alone touches, in the order
    /// of their first access over its paths (empty for a thread in no
    /// group). The `i`-th of one member corresponds to the `i`-th of every
    /// other member of its group.
    pub(crate) private: Vec<Vec<u32>>,
    /// Per group, per member: the columns (of `Setup::columns`) that show
    /// its private instances, in the order of `private` (members' lists
    /// correspond position by position); for a group with id-valued sinks,
    /// all but those sinks' columns.
    pub(crate) shown: Vec<Vec<Vec<usize>>>,
    /// Per group: its id-valued sinks, when its members write different
    /// values to shown locations each alone writes and nobody reads
    /// ([`Valued`]).
    pub(crate) valued: Vec<Option<Valued>>,
}

/// A group whose members write values that depend on their ids to shown
/// sinks: private instances each member only writes (no read, no
/// read-modify-write, on any path). The final value of a member's sink is
/// its own expression evaluated on the reads of the role it plays, so the
/// search appends each member's *role* to the state (columns past
/// `Setup::columns`, [`Groups::push_roles`]) and [`Groups::expand`]
/// recomputes the sinks of every arrangement of the roles.
///
/// A role: the member's path index; per sink, the path event that is its
/// modification-order-last write (`-1`: none, then the value shown, the
/// initial value or undef, alike for every member); the values of the
/// member's reads that the sinks' values depend on ([`Valued::deps`]).
#[derive(Clone, Debug, Default)]
pub(crate) struct Valued {
    /// Per member: the shown sinks' columns and instances, in the order of
    /// `Groups::private` (members' lists correspond position by position).
    sinks: Vec<Vec<(usize, u32)>>,
    /// The thread-local read events any member's sink values depend on,
    /// over all paths, sorted.
    deps: Vec<u32>,
    /// The first column of the group's roles (member `i`'s role starts at
    /// `start + i * role_len`).
    start: usize,
}

impl Valued {
    fn role_len(&self) -> usize {
        1 + 2 * self.sinks[0].len() + self.deps.len()
    }
}

impl Groups {
    pub(crate) fn is_empty(&self) -> bool {
        self.members.is_empty()
    }

    /// Does some permutation of a group move a shown column: are the final
    /// states found those of representatives only ([`Groups::expand`])?
    pub(crate) fn moves_columns(&self) -> bool {
        self.shown.iter().flatten().any(|c| !c.is_empty())
            || self.valued.iter().any(|v| v.is_some())
    }

    /// How many role columns the search appends to each state.
    pub(crate) fn role_columns(&self) -> usize {
        self.members
            .iter()
            .zip(&self.valued)
            .filter_map(|(g, v)| v.as_ref().map(|v| g.len() * v.role_len()))
            .sum()
    }

    /// Appends the roles of the members of groups with id-valued sinks
    /// ([`Valued`]) to `state`, the final state of execution `g` under
    /// modification order `mo` of `combo`.
    pub(crate) fn push_roles<S: Set>(
        &self,
        setup: &Setup,
        combo: &Combo<S>,
        g: &amdmm_graph::ExecutionGraph<S>,
        mo: &amdmm_graph::BitRel<S>,
        state: &mut Vec<ValueOut>,
    ) {
        let n_init = setup.inits.len();
        for (members, valued) in self.members.iter().zip(&self.valued) {
            let Some(v) = valued else { continue };
            for (i, &t) in members.iter().enumerate() {
                let placed = &combo.placed[t];
                state.push(ValueOut::Int(combo.choice[t] as i64));
                for &(col, inst) in &v.sinks[i] {
                    match crate::engine::last_write(g, mo, inst).filter(|&w| w >= n_init) {
                        Some(w) => {
                            let (wt, k) = combo.thread_of[w - n_init];
                            debug_assert_eq!(wt, t, "a sink only its member writes");
                            state.push(ValueOut::Int(k as i64));
                            state.push(ValueOut::Int(0));
                        }
                        None => {
                            state.push(ValueOut::Int(-1));
                            state.push(state[col]);
                        }
                    }
                }
                for &e in &v.deps {
                    let e = e as usize;
                    let read = (e < placed.len)
                        .then(|| &g.events[placed.offset + e])
                        .filter(|ev| matches!(ev.kind, EventKind::Read | EventKind::Rmw))
                        .map_or(Value::Undef, |ev| ev.read_value);
                    state.push(read.into());
                }
            }
        }
    }

    /// The values of member `i` (thread `t`) of a valued group's sinks in
    /// the role `role` ([`Valued`]): its own sink expressions on the role's
    /// reads.
    fn sink_values(
        setup: &Setup,
        v: &Valued,
        i: usize,
        t: usize,
        role: &[ValueOut],
    ) -> Vec<ValueOut> {
        let path = &setup.paths[t][int(role[0]) as usize];
        let reads = &role[1 + 2 * v.sinks[i].len()..];
        let read = |e: u32, _: &[Option<Value>]| -> Option<Value> {
            let k = v.deps.binary_search(&e).ok()?;
            Some(match reads[k] {
                ValueOut::Int(x) => Value::Int(x),
                _ => Value::Undef,
            })
        };
        let mut vals = Vec::new();
        crate::symbolic::eval_nodes(&path.nodes, &mut vals, &read);
        v.sinks[i]
            .iter()
            .enumerate()
            .map(|(j, &(col, _))| {
                let k = int(role[1 + 2 * j]);
                if k < 0 {
                    return role[2 + 2 * j];
                }
                let node = path.events[k as usize].write_node;
                let value = node
                    .and_then(|n| vals.get(n as usize).copied().flatten())
                    .unwrap_or(Value::Undef);
                ValueOut::shown(setup.program, &setup.columns[col], value)
            })
            .collect()
    }
}

/// The integer of a role column (a path or event index; `-1` otherwise).
fn int(v: ValueOut) -> i64 {
    match v {
        ValueOut::Int(x) => x,
        _ => -1,
    }
}

/// Where an event's location instance stands: an instance other threads
/// may touch (compared as is), or the `i`-th instance its thread alone
/// touches (compared by position, renamed with the thread).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Canon {
    Fence(u32),
    Shared(u32),
    Private(usize),
}

/// Per thread, what [`interchangeable`] compares: its private instances
/// (with their index) and each instance's column.
struct Locals {
    /// Per thread: private instance → its position in `private[t]`.
    index: Vec<HashMap<u32, usize>>,
    private: Vec<Vec<u32>>,
    /// Per thread, per private instance (in the order of `private`): is it
    /// a sink, written by plain writes only (no read or read-modify-write
    /// on any path), so that no event reads the values written to it?
    sink: Vec<Vec<bool>>,
    /// Location instance → the column showing it (single-cell columns).
    column: HashMap<u32, usize>,
}

impl Locals {
    /// Every thread's private instances: those no other thread touches on
    /// any of its paths. None when the condition reads memory (a renamed
    /// location would change what it reads; the kernel front end's
    /// condition is `true`).
    fn new(setup: &Setup) -> Locals {
        let program = setup.program;
        let threads = setup.paths.len();
        let mut touched: Vec<Vec<u32>> = vec![Vec::new(); threads];
        let mut owner: HashMap<u32, Option<usize>> = HashMap::new();
        let mut read: std::collections::HashSet<u32> = std::collections::HashSet::new();
        for (t, paths) in setup.paths.iter().enumerate() {
            let wg = program.threads[t].placement.instance(ScopeLevel::Workgroup);
            for e in paths.iter().flat_map(|p| &p.events) {
                if e.kind == EventKind::Fence {
                    continue;
                }
                let inst = setup.locs.instance(program, e.loc, wg);
                if e.kind != EventKind::Write || e.read_node.is_some() {
                    read.insert(inst);
                }
                let o = owner.entry(inst).or_insert(Some(t));
                if *o != Some(t) {
                    *o = None;
                }
                if !touched[t].contains(&inst) {
                    touched[t].push(inst);
                }
            }
        }
        let renamable = program.condition.cond == Cond::True;
        let private: Vec<Vec<u32>> = touched
            .into_iter()
            .enumerate()
            .map(|(t, ts)| {
                ts.into_iter()
                    .filter(|i| renamable && owner[i] == Some(t))
                    .collect()
            })
            .collect();
        let index = private
            .iter()
            .map(|p| p.iter().enumerate().map(|(k, &i)| (i, k)).collect())
            .collect();
        let sink = private
            .iter()
            .map(|p| p.iter().map(|i| !read.contains(i)).collect())
            .collect();
        let mut column = HashMap::new();
        for (c, o) in setup.columns.iter().enumerate() {
            if let Observable::Mem { loc, wg } = o {
                for cell in crate::engine::observed_cells(program, *loc) {
                    column.insert(setup.locs.observed(program, cell, *wg), c);
                }
            }
        }
        Locals {
            index,
            private,
            sink,
            column,
        }
    }

    fn canon(&self, setup: &Setup, t: usize, e: &PathEvent) -> Canon {
        if e.kind == EventKind::Fence {
            return Canon::Fence(e.loc);
        }
        let wg = setup.program.threads[t]
            .placement
            .instance(ScopeLevel::Workgroup);
        let inst = setup.locs.instance(setup.program, e.loc, wg);
        match self.index[t].get(&inst) {
            Some(&k) => Canon::Private(k),
            None => Canon::Shared(inst),
        }
    }

    /// Can private instance `x` of one thread be renamed to `y` of
    /// another: the same kind of location (address space, initial value,
    /// a whole element, not bytes of one), shown alike (both in a column
    /// of their own, of the same type, or neither)?
    fn renamable(&self, setup: &Setup, x: u32, y: u32) -> bool {
        let program = setup.program;
        let (lx, ly) = (setup.locs.location(x), setup.locs.location(y));
        let (px, py) = (
            &program.locations[lx as usize],
            &program.locations[ly as usize],
        );
        let whole_column = |i: u32| {
            self.column.get(&i).map(|&c| {
                let o = &setup.columns[c];
                let single = matches!(o, Observable::Mem { loc, .. }
                    if crate::engine::observed_cells(program, *loc).len() == 1);
                (single, program.float_type(o))
            })
        };
        let (cx, cy) = (whole_column(x), whole_column(y));
        px.space == py.space
            && px.init == py.init
            && px.byte.is_none()
            && py.byte.is_none()
            && setup.locs.init(program, x) == setup.locs.init(program, y)
            && cx == cy
            && cx.is_none_or(|(single, _)| single)
    }
}

/// Are two path events the same instruction's event, their locations
/// compared as [`Canon`]s?
fn same_event(x: &PathEvent, cx: Canon, y: &PathEvent, cy: Canon) -> bool {
    x.kind == y.kind
        && x.access == y.access
        && cx == cy
        && x.attrs == y.attrs
        && x.intrinsic_scope == y.intrinsic_scope
        && x.read_node.is_some() == y.read_node.is_some()
        && x.write_node.is_some() == y.write_node.is_some()
        && x.deps == y.deps
        && x.instr == y.instr
        && x.line == y.line
}

/// Are two paths (of threads `a` and `b`) equal in everything the
/// exploration reads, up to the renaming of their private instances? With
/// `sinks`, the values written to sinks ([`Locals::sink`]) are not
/// compared: nothing reads them (module comment, "Id-dependent values").
fn same_path(
    setup: &Setup,
    locals: &Locals,
    a: usize,
    p: &Path,
    b: usize,
    q: &Path,
    sinks: bool,
) -> bool {
    if p.events.len() != q.events.len() {
        return false;
    }
    let mut skip = Vec::with_capacity(p.events.len());
    for (x, y) in p.events.iter().zip(&q.events) {
        let (cx, cy) = (locals.canon(setup, a, x), locals.canon(setup, b, y));
        if !same_event(x, cx, y, cy) {
            return false;
        }
        skip.push(sinks && matches!(cx, Canon::Private(k) if locals.sink[a][k]));
    }
    same_values(p, q, &skip) && p.end == q.end && p.barriers == q.barriers && p.asyncs == q.asyncs
}

/// Do two paths compute the same values for the exploration: the nodes
/// that their events read and write and their guards test, compared
/// structurally? A kernel's id that flows nowhere leaves a constant node
/// that nothing reads (an address computed at translation time), and does
/// not count: the engine reads a node only through these roots (a node's
/// value depends on its operands alone, so one that no root reaches changes
/// no event, guard or flag).
fn same_values(p: &Path, q: &Path, skip_write: &[bool]) -> bool {
    let mut todo: Vec<(NodeId, NodeId)> = Vec::new();
    for ((x, y), &skip) in p.events.iter().zip(&q.events).zip(skip_write) {
        todo.extend(x.read_node.zip(y.read_node));
        if !skip {
            todo.extend(x.write_node.zip(y.write_node));
        }
    }
    if p.guards.len() != q.guards.len() {
        return false;
    }
    for (g, h) in p.guards.iter().zip(&q.guards) {
        let pair = match (*g, *h) {
            (Guard::True(a), Guard::True(b))
            | (Guard::False(a), Guard::False(b))
            | (Guard::Undef(a), Guard::Undef(b)) => (a, b),
            (Guard::Equals(a, c), Guard::Equals(b, d)) if c == d => (a, b),
            (Guard::OutOfRange(a, l), Guard::OutOfRange(b, m)) if l == m => (a, b),
            _ => return false,
        };
        todo.push(pair);
    }
    let mut seen = std::collections::HashSet::new();
    while let Some((a, b)) = todo.pop() {
        if !seen.insert((a, b)) {
            continue;
        }
        let (Some(&na), Some(&nb)) = (p.nodes.get(a as usize), q.nodes.get(b as usize)) else {
            return false;
        };
        if p.node_deps.get(a as usize) != q.node_deps.get(b as usize) {
            return false;
        }
        let same = match (na, nb) {
            (Node::Const(x), Node::Const(y)) => x == y,
            (Node::Undef, Node::Undef) => true,
            (Node::Read(x), Node::Read(y)) => x == y,
            (Node::Bin(o, t, a1, a2), Node::Bin(o2, t2, b1, b2)) if o == o2 && t == t2 => {
                todo.extend([(a1, b1), (a2, b2)]);
                true
            }
            (Node::Cmp(o, t, a1, a2), Node::Cmp(o2, t2, b1, b2)) if o == o2 && t == t2 => {
                todo.extend([(a1, b1), (a2, b2)]);
                true
            }
            (Node::Rmw(o, t, a1, a2), Node::Rmw(o2, t2, b1, b2)) if o == o2 && t == t2 => {
                todo.extend([(a1, b1), (a2, b2)]);
                true
            }
            (Node::Select(a1, a2, a3), Node::Select(b1, b2, b3)) => {
                todo.extend([(a1, b1), (a2, b2), (a3, b3)]);
                true
            }
            (Node::Wrap(t, a1), Node::Wrap(t2, b1)) if t == t2 => {
                todo.push((a1, b1));
                true
            }
            _ => false,
        };
        if !same {
            return false;
        }
    }
    true
}

/// Which scope instances two placements share, level by level.
fn shared_levels(p: &Placement, q: &Placement) -> [(bool, bool); 6] {
    std::array::from_fn(|l| (p.ids[l] == q.ids[l], p.ids[..=l] == q.ids[..=l]))
}

/// Are threads `a` and `b` interchangeable (module comment)?
fn interchangeable(setup: &Setup, locals: &Locals, a: usize, b: usize) -> bool {
    let (pa, pb) = (&setup.paths[a], &setup.paths[b]);
    if pa.len() != pb.len()
        || !pa
            .iter()
            .zip(pb)
            .all(|(p, q)| same_path(setup, locals, a, p, b, q, true))
    {
        return false;
    }
    // Equal canonical events touch the same number of private instances,
    // the `i`-th of `a` where `b` touches its `i`-th.
    let (ia, ib) = (&locals.private[a], &locals.private[b]);
    if ia.len() != ib.len()
        || !ia
            .iter()
            .zip(ib)
            .all(|(&x, &y)| locals.renamable(setup, x, y))
    {
        return false;
    }
    let program = setup.program;
    let (qa, qb) = (&program.threads[a].placement, &program.threads[b].placement);
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
/// order).
pub(crate) fn groups(setup: &Setup) -> Groups {
    let shown = |t: usize| {
        setup
            .columns
            .iter()
            .any(|c| matches!(c, Observable::Reg { thread, .. } if *thread as usize == t))
    };
    let locals = Locals::new(setup);
    let mut members: Vec<Vec<usize>> = Vec::new();
    for t in (0..setup.paths.len()).filter(|&t| !shown(t) && !setup.paths[t].is_empty()) {
        match members
            .iter_mut()
            .find(|g| g.iter().all(|&u| interchangeable(setup, &locals, u, t)))
        {
            Some(g) => g.push(t),
            None => members.push(vec![t]),
        }
    }
    members.retain(|g| g.len() > 1);
    let mut private = vec![Vec::new(); setup.paths.len()];
    let mut start = setup.columns.len();
    let mut shown = Vec::new();
    let mut valued = Vec::new();
    for g in &members {
        for &t in g {
            private[t] = locals.private[t].clone();
        }
        let v = valued_sinks(setup, &locals, g, start);
        if let Some(v) = &v {
            start += g.len() * v.role_len();
        }
        let is_sink = |i: usize, c: usize| {
            v.as_ref()
                .is_some_and(|v| v.sinks[i].iter().any(|&(col, _)| col == c))
        };
        shown.push(
            g.iter()
                .enumerate()
                .map(|(i, &t)| {
                    private[t]
                        .iter()
                        .filter_map(|inst| locals.column.get(inst).copied())
                        .filter(|&c| !is_sink(i, c))
                        .collect()
                })
                .collect(),
        );
        valued.push(v);
    }
    Groups {
        members,
        private,
        shown,
        valued,
    }
}

/// The id-valued sinks of group `g` ([`Valued`]), its roles starting at
/// column `start`: none when its members' paths are equal with the values
/// written to sinks compared too (their blocks of columns are permuted as
/// they are), or when no sink is shown.
fn valued_sinks(setup: &Setup, locals: &Locals, g: &[usize], start: usize) -> Option<Valued> {
    let a = g[0];
    let equal = g[1..].iter().all(|&b| {
        setup.paths[a]
            .iter()
            .zip(&setup.paths[b])
            .all(|(p, q)| same_path(setup, locals, a, p, b, q, false))
    });
    if equal {
        return None;
    }
    let sinks: Vec<Vec<(usize, u32)>> = g
        .iter()
        .map(|&t| {
            locals.private[t]
                .iter()
                .zip(&locals.sink[t])
                .filter(|&(_, &sink)| sink)
                .filter_map(|(&inst, _)| locals.column.get(&inst).map(|&c| (c, inst)))
                .collect()
        })
        .collect();
    if sinks[0].is_empty() {
        return None;
    }
    let mut deps = amdmm_graph::LocalSet::empty();
    for &t in g {
        let wg = setup.program.threads[t]
            .placement
            .instance(ScopeLevel::Workgroup);
        for p in &setup.paths[t] {
            for e in p.events.iter().filter(|e| e.kind == EventKind::Write) {
                let inst = setup.locs.instance(setup.program, e.loc, wg);
                let sink = locals.index[t]
                    .get(&inst)
                    .is_some_and(|&k| locals.sink[t][k]);
                if let (true, Some(n)) = (sink, e.write_node) {
                    deps |= p.node_deps[n as usize];
                }
            }
        }
    }
    Some(Valued {
        sinks,
        deps: amdmm_graph::relation::members(deps)
            .map(|e| e as u32)
            .collect(),
        start,
    })
}

/// Does the combination of paths `choice` have its members' path indices
/// non-decreasing in each group (point 1 of the module comment)?
pub(crate) fn sorted(groups: &Groups, choice: &[usize]) -> bool {
    groups
        .members
        .iter()
        .all(|g| g.windows(2).all(|w| choice[w[0]] <= choice[w[1]]))
}

/// One swap of two members with the same path.
#[derive(Clone, Debug, Default)]
struct Swap {
    /// Offset of `a`'s events, of `b`'s, their number.
    oa: usize,
    ob: usize,
    len: usize,
    /// The initial writes of their private instances, both ways
    /// (`a`'s ↔ `b`'s), sorted.
    inits: Vec<(usize, usize)>,
}

impl Swap {
    /// The event `e` is mapped to: the members' events and the initial
    /// writes of their private instances trade places.
    fn map(&self, e: usize) -> usize {
        let (oa, ob, len) = (self.oa, self.ob, self.len);
        if (oa..oa + len).contains(&e) {
            e - oa + ob
        } else if (ob..ob + len).contains(&e) {
            e - ob + oa
        } else {
            match self.inits.binary_search_by_key(&e, |p| p.0) {
                Ok(k) => self.inits[k].1,
                Err(_) => e,
            }
        }
    }
}

/// Does swapping threads `a` and `b` map the barrier run of a combination
/// to itself: both blocked alike (or neither), and the run's
/// synchronizes-with edges the same set once their threads are swapped?
/// The swaps of point 2 permute executions within one combination, so
/// only such a swap may prune it; another run of the same paths is a
/// combination of its own.
fn run_keeps(run: &crate::barrier::BarrierRun, a: usize, b: usize) -> bool {
    if run.truncate[a] != run.truncate[b] {
        return false;
    }
    if run.sw.is_empty() {
        return true;
    }
    let swap = |t: usize| {
        if t == a {
            b
        } else if t == b {
            a
        } else {
            t
        }
    };
    let mut edges = run.sw.clone();
    let mut image: Vec<_> = run
        .sw
        .iter()
        .map(|&(t, e, u, f)| (swap(t), e, swap(u), f))
        .collect();
    edges.sort_unstable();
    image.sort_unstable();
    edges == image
}

/// The swaps of one combination: adjacent members of a group with the same
/// path (point 2 of the module comment), and where each read is in the
/// search's order.
#[derive(Clone, Debug, Default)]
pub(crate) struct Swaps {
    pairs: Vec<Swap>,
    /// Per event: its position in `Combo::reads` (`usize::MAX`: not a read).
    read_pos: Vec<usize>,
}

impl Swaps {
    /// The swaps of `combo` (built with path choice `choice`), once its
    /// reads are in their final order.
    pub(crate) fn new<S: Set>(
        setup: &Setup,
        groups: &Groups,
        choice: &[usize],
        combo: &Combo<S>,
    ) -> Swaps {
        // The initial write of an instance is the event at its position
        // in `Setup::inits` (they come first in every graph).
        let init_event = |i: u32| setup.inits.binary_search(&i).ok();
        let mut pairs = Vec::new();
        for g in &groups.members {
            for (i, &a) in g.iter().enumerate() {
                for &b in &g[i + 1..] {
                    let (pa, pb): (&Placed, &Placed) = (&combo.placed[a], &combo.placed[b]);
                    if choice[a] == choice[b]
                        && pa.len == pb.len
                        && pa.len > 0
                        && run_keeps(&combo.barrier, a, b)
                    {
                        let mut inits = Vec::new();
                        for (&x, &y) in groups.private[a].iter().zip(&groups.private[b]) {
                            if let (Some(x), Some(y)) = (init_event(x), init_event(y)) {
                                inits.push((x, y));
                                inits.push((y, x));
                            }
                        }
                        inits.sort_unstable();
                        pairs.push(Swap {
                            oa: pa.offset,
                            ob: pb.offset,
                            len: pa.len,
                            inits,
                        });
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
            .all(|swap| self.not_greater(combo, pick, swap))
    }

    /// `pick ≤ σ(pick)` lexicographically, `σ` the swap.
    fn not_greater<S: Set>(&self, combo: &Combo<S>, pick: &[u8], swap: &Swap) -> bool {
        for (k, &r) in combo.reads.iter().enumerate().take(pick.len()) {
            // σ(pick) at read r: the source the read σ(r) takes, mapped by σ
            // (not decided yet: nothing to compare from here on).
            let from = self.read_pos[swap.map(r)];
            let Some(&c) = pick.get(from) else {
                return true;
            };
            let source = combo.cands[from][c as usize].map(|w| swap.map(w as usize));
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

/// How many final states [`Groups::expand`] makes before it checks the
/// limits again.
const EXPAND_CHECK_EVERY: u64 = 4096;

impl Groups {
    /// The final states of the full search from those of the reduced one
    /// (point 3 of the module comment): every distinct image of each state
    /// under the permutations of each group's members, which move the
    /// columns of their private instances block by block. A state's
    /// images share its entry (`merge` unites the entries of one orbit:
    /// the flags of a state are those of every execution of its orbit).
    ///
    /// The cost: states of one orbit are first brought to one
    /// representative (the members' blocks of values sorted), then every
    /// distinct arrangement of its blocks is made once (the next
    /// permutation of a multiset: `m! / Π kᵢ!` arrangements for `m`
    /// members with `kᵢ` equal blocks), so the work is that of writing the
    /// full search's states, never `m!` per state. `check` is called every
    /// [`EXPAND_CHECK_EVERY`] states made (the time and memory limits).
    ///
    /// A group with id-valued sinks ([`Valued`]) permutes its members'
    /// roles with their blocks, and each member's sinks are then its own
    /// values in the role it received ([`Groups::sink_values`]): the final
    /// memory of an orbit member is its own, not a permutation of the
    /// representative's. The roles are dropped at the end, uniting the
    /// entries of states that differ in them alone.
    pub(crate) fn expand<T: Clone>(
        &self,
        setup: &Setup,
        mut states: BTreeMap<Vec<ValueOut>, T>,
        merge: impl Fn(&mut T, &T),
        check: &mut dyn FnMut() -> Result<(), LimitReason>,
    ) -> Result<BTreeMap<Vec<ValueOut>, T>, LimitReason> {
        let mut made = 0u64;
        for (gi, members) in self.members.iter().enumerate() {
            let valued = self.valued.get(gi).and_then(|v| v.as_ref());
            // Each member's block: its shown private columns, then its role.
            let blocks: Vec<Vec<usize>> = (0..members.len())
                .map(|i| {
                    let mut b = self.shown[gi][i].clone();
                    if let Some(v) = valued {
                        let len = v.role_len();
                        b.extend(v.start + i * len..v.start + (i + 1) * len);
                    }
                    b
                })
                .collect();
            if blocks.iter().all(|b| b.is_empty()) {
                continue;
            }
            let values = |s: &[ValueOut]| -> Vec<Vec<ValueOut>> {
                blocks
                    .iter()
                    .map(|b| b.iter().map(|&c| s[c]).collect())
                    .collect()
            };
            let place = |s: &mut [ValueOut], arrangement: &[Vec<ValueOut>]| {
                for (b, v) in blocks.iter().zip(arrangement) {
                    for (&c, &x) in b.iter().zip(v) {
                        s[c] = x;
                    }
                }
            };
            // The sinks of a valued group's members, from their roles
            // (memoised: an orbit has few distinct roles).
            let mut cache: HashMap<(usize, Vec<ValueOut>), Vec<ValueOut>> = HashMap::new();
            let mut fill_sinks = |s: &mut [ValueOut], placeholder: bool| {
                let Some(v) = valued else { return };
                let len = v.role_len();
                for (i, &t) in members.iter().enumerate() {
                    let role = s[v.start + i * len..v.start + (i + 1) * len].to_vec();
                    let sinks = if placeholder {
                        vec![ValueOut::Int(0); v.sinks[i].len()]
                    } else {
                        cache
                            .entry((i, role))
                            .or_insert_with_key(|(_, role)| {
                                Groups::sink_values(setup, v, i, t, role)
                            })
                            .clone()
                    };
                    for (&(c, _), x) in v.sinks[i].iter().zip(sinks) {
                        s[c] = x;
                    }
                }
            };
            // One representative per orbit: the blocks in sorted order (a
            // valued group's sinks blanked: they follow from the roles).
            let mut reps: BTreeMap<Vec<ValueOut>, T> = BTreeMap::new();
            for (mut s, t) in std::mem::take(&mut states) {
                let mut v = values(&s);
                v.sort();
                place(&mut s, &v);
                fill_sinks(&mut s, true);
                match reps.get_mut(&s) {
                    Some(e) => merge(e, &t),
                    None => {
                        reps.insert(s, t);
                    }
                }
            }
            for (rep, t) in reps {
                let mut v = values(&rep);
                loop {
                    let mut s = rep.clone();
                    place(&mut s, &v);
                    fill_sinks(&mut s, false);
                    states.insert(s, t.clone());
                    made += 1;
                    if made % EXPAND_CHECK_EVERY == 0 {
                        check()?;
                    }
                    if !next_permutation(&mut v) {
                        break;
                    }
                }
            }
        }
        if self.role_columns() > 0 {
            // The roles are not shown: states that differ only in them
            // are one final state, with the flags of all.
            let shown = setup.columns.len();
            let mut out: BTreeMap<Vec<ValueOut>, T> = BTreeMap::new();
            for (mut s, t) in states {
                s.truncate(shown);
                match out.get_mut(&s) {
                    Some(e) => merge(e, &t),
                    None => {
                        out.insert(s, t);
                    }
                }
            }
            states = out;
        }
        Ok(states)
    }
}

/// Rearranges `v` into the next greater permutation (lexicographically) and
/// returns true, or returns false when `v` is the greatest. Equal elements
/// are never swapped, so from the sorted order it visits every distinct
/// arrangement of a multiset once.
fn next_permutation<T: Ord>(v: &mut [T]) -> bool {
    let Some(i) = (1..v.len()).rev().find(|&i| v[i - 1] < v[i]) else {
        return false;
    };
    let j = (i..v.len())
        .rev()
        .find(|&j| v[j] > v[i - 1])
        .expect("v[i] > v[i - 1]");
    v.swap(i - 1, j);
    v[i..].reverse();
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A program for the setup [`Groups::expand`] takes; groups without
    /// id-valued sinks read nothing of it.
    fn tiny_program() -> amdmm_program::Program {
        amdmm_program::load(
            "AMDGPU tiny\n{\n  global x = 0;\n}\n\
             thread T @ wg 0 {\n  store i32 1, ptr @x\n}\nexists (x == 1)\n",
        )
        .expect("the test loads")
    }

    fn setup_of(program: &amdmm_program::Program) -> Setup<'_> {
        let started = web_time::Instant::now();
        crate::engine::build_setup(program, &crate::Options::default(), started).expect("setup")
    }

    #[test]
    fn next_permutation_visits_each_distinct_arrangement_once() {
        let mut v = vec![1, 1, 2, 3];
        let mut seen = vec![v.clone()];
        while next_permutation(&mut v) {
            seen.push(v.clone());
        }
        // 4! / 2! arrangements, all distinct.
        assert_eq!(seen.len(), 12);
        seen.sort();
        seen.dedup();
        assert_eq!(seen.len(), 12);
        assert!(!next_permutation(&mut [7]));
    }

    #[test]
    fn expand_makes_every_image_and_merges_an_orbit() {
        // Two members; each shows one private column (0 and 1); column 2
        // is shared. The reduced search found (1, 0, 5) with flag 1 and
        // (0, 1, 5) with flag 2: one orbit, whose two states both get
        // flags 1 | 2. (4, 4, 6) is its own image.
        let groups = Groups {
            members: vec![vec![0, 1]],
            private: vec![vec![10], vec![11]],
            shown: vec![vec![vec![0], vec![1]]],
            valued: vec![None],
        };
        let st =
            |a: i64, b: i64, c: i64| vec![ValueOut::Int(a), ValueOut::Int(b), ValueOut::Int(c)];
        let states: BTreeMap<Vec<ValueOut>, u8> =
            [(st(1, 0, 5), 1), (st(0, 1, 5), 2), (st(4, 4, 6), 4)].into();
        let program = tiny_program();
        let setup = setup_of(&program);
        let out = groups
            .expand(&setup, states, |a, b| *a |= *b, &mut || Ok(()))
            .unwrap();
        let want: BTreeMap<Vec<ValueOut>, u8> =
            [(st(0, 1, 5), 3), (st(1, 0, 5), 3), (st(4, 4, 6), 4)].into();
        assert_eq!(out, want);
    }

    #[test]
    fn expand_counts_three_members_with_two_equal_blocks() {
        let groups = Groups {
            members: vec![vec![0, 1, 2]],
            private: vec![vec![10], vec![11], vec![12]],
            shown: vec![vec![vec![0], vec![1], vec![2]]],
            valued: vec![None],
        };
        let st = |v: [i64; 3]| v.iter().map(|&x| ValueOut::Int(x)).collect::<Vec<_>>();
        let program = tiny_program();
        let setup = setup_of(&program);
        let out = groups
            .expand(&setup, [(st([2, 1, 1]), ())].into(), |_, _| {}, &mut || {
                Ok(())
            })
            .unwrap();
        let keys: Vec<Vec<ValueOut>> = out.into_keys().collect();
        assert_eq!(keys, vec![st([1, 1, 2]), st([1, 2, 1]), st([2, 1, 1])]);
    }
}
