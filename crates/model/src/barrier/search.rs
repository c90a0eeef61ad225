//! The search over barrier runs: *barrier-modification-order* is built one
//! modification at a time, and each wait picks the phase it completes with.
//!
//! A state holds, per object, the counts and the operations of the phase in
//! progress as a *set*: runs that differ only in the order of the arrives of
//! one phase reach the same state and are explored once (the state space of
//! `n` waves arriving at a phase is `2^n`, not `n!`). Joins and waits do not
//! change any object's state, so they are taken eagerly, one at a time (they
//! commute with every other transition). A wait branches on the phases it
//! may complete with (for a wait whose thread arrived since its previous wait
//! on the object: the phase of that arrive or a later one) and on waiting for
//! a later phase; `checks.rs` keeps the runs that satisfy every constraint
//! (see docs/semantics.md, "Which phase a wait completes with").

use super::{ActorId, Blocked, Clause, ObjId, OpId, OpKind, Stop, System, TooBig, MAX_STATES};
use std::collections::HashSet;

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct ObjState {
    /// Initialised (by an init or at launch).
    init: bool,
    /// The first modification was not an init (reported once).
    bad_first: bool,
    expected: i64,
    arrive: i64,
    /// Arrives and drops of the phase in progress, sorted.
    current: Vec<u32>,
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct State {
    /// Per actor: index of its next operation.
    pos: Vec<u16>,
    objs: Vec<ObjState>,
    /// Per object: the completed phases (sorted participants), in order.
    phases: Vec<Vec<Vec<u32>>>,
    /// Per operation: the phase index a completed wait took (`NONE` otherwise).
    wait_phase: Vec<u16>,
    /// Per actor: a wait without an own arrive may only take phases from this
    /// index on (it chose to wait for a later phase).
    defer: Vec<u16>,
    /// Undefined behaviour met so far: (clause, op, value, value), sorted.
    ub: Vec<(Clause, u32, i64, i64)>,
}

const NONE: u16 = u16::MAX;

/// A finished run, before the checks of `checks.rs`.
#[derive(Clone, Debug)]
pub(super) struct Run {
    /// Per object: completed phases in order.
    pub phases: Vec<Vec<Vec<OpId>>>,
    /// Per operation: index into its object's phases.
    pub wait_phase: Vec<Option<usize>>,
    pub performed: Vec<usize>,
    pub blocked: Vec<Blocked>,
    pub ub: Vec<(Clause, OpId, i64, i64)>,
}

/// What the search needs to know about the operations, computed once.
pub(super) struct Pre {
    /// Per wait: the latest arrive of its actor on its object since the
    /// actor's previous wait on that object.
    pub own_arrive: Vec<Option<OpId>>,
    /// Per wait: the other waits of its actor on its object.
    pub sibling_waits: Vec<Vec<OpId>>,
}

impl Pre {
    pub(super) fn new(sys: &System) -> Pre {
        let n = sys.ops.len();
        let mut own_arrive = vec![None; n];
        let mut sibling_waits = vec![Vec::new(); n];
        for actor in &sys.actors {
            let mut last: Vec<(ObjId, Option<OpId>)> = Vec::new();
            for &op in &actor.ops {
                let o = &sys.ops[op];
                let slot = match last.iter().position(|(obj, _)| *obj == o.object) {
                    Some(i) => i,
                    None => {
                        last.push((o.object, None));
                        last.len() - 1
                    }
                };
                match o.kind {
                    OpKind::Arrive { .. } => last[slot].1 = Some(op),
                    OpKind::Wait => {
                        own_arrive[op] = last[slot].1.take();
                        sibling_waits[op] = actor
                            .ops
                            .iter()
                            .copied()
                            .filter(|&w| {
                                w != op
                                    && sys.ops[w].kind == OpKind::Wait
                                    && sys.ops[w].object == o.object
                            })
                            .collect();
                    }
                    _ => {}
                }
            }
        }
        Pre {
            own_arrive,
            sibling_waits,
        }
    }
}

fn start(sys: &System) -> State {
    State {
        pos: vec![0; sys.actors.len()],
        objs: sys
            .objects
            .iter()
            .map(|o| ObjState {
                init: o.launch_init.is_some(),
                bad_first: false,
                expected: o.launch_init.unwrap_or(0),
                arrive: 0,
                current: Vec::new(),
            })
            .collect(),
        phases: vec![Vec::new(); sys.objects.len()],
        wait_phase: vec![NONE; sys.ops.len()],
        defer: vec![0; sys.actors.len()],
        ub: Vec::new(),
    }
}

fn done(sys: &System, s: &State, a: ActorId) -> bool {
    s.pos[a] as usize == sys.actors[a].ops.len()
}

/// The actor's next operation, if it may perform it now.
fn next_op(sys: &System, s: &State, a: ActorId) -> Option<OpId> {
    let actor = &sys.actors[a];
    if done(sys, s, a) || !actor.after.iter().all(|&b| done(sys, s, b)) {
        return None;
    }
    Some(actor.ops[s.pos[a] as usize])
}

fn add_ub(s: &mut State, clause: Clause, op: OpId, x: i64, y: i64) {
    let e = (clause, op as u32, x, y);
    if let Err(i) = s.ub.binary_search(&e) {
        s.ub.insert(i, e);
    }
}

fn insert_sorted(v: &mut Vec<u32>, x: u32) {
    if let Err(i) = v.binary_search(&x) {
        v.insert(i, x);
    }
}

/// execution-synchronization.txt, "Execution Model": "When an operation causes
/// *arrive count* to be equal to *expected count*, the barrier is completed,
/// and the *arrive count* is reset to zero."
///
/// The completed phase is the set `S` of the waits that complete with it:
/// "The elements of ``S`` all exist in a continuous, uninterrupted interval of
/// *barrier-modification-order<BO>*. The *arrive count* of ``BO`` is zero
/// before the first operation of ``S`` [...] The *arrive count* and *expected
/// count* of ``BO`` are equal after the last operation of ``S`` [...] and
/// cannot equal at any other point in ``S``." Every arrive and drop since the
/// previous completion (or init) is in it (docs/semantics.md, "Which
/// operations form a phase").
fn complete_if_equal(s: &mut State, o: ObjId) {
    let st = &mut s.objs[o];
    if st.arrive == st.expected {
        let phase = std::mem::take(&mut st.current);
        st.arrive = 0;
        s.phases[o].push(phase);
    }
}

/// Performs modification `op` on a copy of `s`; `None` when the run cannot
/// perform it now (an `isfirst` result that does not match).
///
/// execution-synchronization.txt, "Execution Model": init "Sets the *expected
/// count* of the *barrier object* to *k*. Resets the *arrive count* of the
/// *barrier object* to zero."; drop "Decrements *expected count* of the
/// barrier *object* by one."; arrive "Increments the *arrive count* of the
/// barrier *object* by one. If supported, an additional argument to *arrive*
/// can also update the *expected count* of the barrier *object* before the
/// *arrive count* is incremented; the new *expected count* cannot be less than
/// or equal to the *arrive count*, otherwise the behavior is undefined."
/// Appending `op` here is appending it to *barrier-modification-order<BO>*.
fn modify(sys: &System, s: &State, op: OpId) -> Option<State> {
    let o = &sys.ops[op];
    let obj = o.object;
    let mut n = s.clone();
    n.pos[o.actor] += 1;
    let uninit = !n.objs[obj].init;
    if uninit && !matches!(o.kind, OpKind::Init(_)) && !n.objs[obj].bad_first {
        // "The first element in barrier-modification-order<BO> is always a
        // barrier init, otherwise the behavior is undefined."
        n.objs[obj].bad_first = true;
        add_ub(&mut n, Clause::Uninitialised, op, 0, 0);
    }
    match o.kind {
        OpKind::Init(k) => {
            if k <= 0 {
                add_ub(&mut n, Clause::InitCount, op, k, 0);
                return Some(n);
            }
            let st = &mut n.objs[obj];
            st.init = true;
            st.expected = k;
            st.arrive = 0;
            st.current.clear();
        }
        OpKind::Drop => {
            if uninit {
                return Some(n);
            }
            let st = &mut n.objs[obj];
            if st.expected == 0 {
                add_ub(&mut n, Clause::DropNegative, op, 0, 0);
                return Some(n);
            }
            st.expected -= 1;
            insert_sorted(&mut st.current, op as u32);
            complete_if_equal(&mut n, obj);
        }
        OpKind::Arrive { new_count, first } => {
            let arrives_before = |st: &ObjState| {
                st.current
                    .iter()
                    .filter(|&&x| matches!(sys.ops[x as usize].kind, OpKind::Arrive { .. }))
                    .count()
            };
            if let Some(f) = first {
                if f != (arrives_before(&n.objs[obj]) == 0) {
                    return None;
                }
            }
            if sys.objects[obj].one_arrive_per_group {
                let group = sys.actors[o.actor].group;
                let clash = n.objs[obj].current.iter().any(|&x| {
                    let xo = &sys.ops[x as usize];
                    matches!(xo.kind, OpKind::Arrive { .. }) && sys.actors[xo.actor].group == group
                });
                if clash {
                    add_ub(&mut n, Clause::ClusterArrive, op, group as i64, 0);
                }
            }
            if uninit {
                let st = &mut n.objs[obj];
                st.arrive += 1;
                insert_sorted(&mut st.current, op as u32);
                return Some(n);
            }
            if let Some(k) = new_count {
                let arrive = n.objs[obj].arrive;
                if k <= arrive {
                    add_ub(&mut n, Clause::NewCount, op, k, arrive);
                }
                n.objs[obj].expected = k;
            }
            let st = &mut n.objs[obj];
            st.arrive += 1;
            insert_sorted(&mut st.current, op as u32);
            complete_if_equal(&mut n, obj);
        }
        OpKind::Join | OpKind::Wait => unreachable!("not a modification"),
    }
    Some(n)
}

/// The phases wait `w` of actor `a` may take now (indices into its object's
/// phases), and whether it may instead wait for a later phase.
///
/// execution-synchronization.txt, "Execution Model": "A barrier operation
/// ``X`` *barrier-participates-in* a barrier *wait* ``W`` if and only if all
/// of the following is true: ``X`` and ``W`` are both performed on the same
/// barrier *object* ``BO``. ``X`` is a barrier *arrive* or *drop* operation.
/// ``X`` does not *barrier-participate-in* another distinct barrier *wait*
/// ``W'`` in the same thread as ``W``. ``W -> X`` not in
/// *thread-barrier-order<BO>*. All dependent constraint and relations are
/// satisfied as well." and note [0]: "there may be multiple ways to build
/// barrier-participates-in, however there is only one way to build it that
/// also satisfies all other relations and constraints".
///
/// Same object: only the object's phases are candidates. Not in another wait
/// of the same thread: a phase another wait of the actor took is excluded.
/// Not after `W`: only completed phases are candidates, and the actor's
/// operations after `W` have not been performed. A wait with an own arrive
/// (the actor's latest arrive since its previous wait on the object) takes
/// the phase of that arrive or a later one, never an earlier one, and only
/// once the own arrive's phase is complete (too few arrivals deadlock). The
/// choice is searched, not fixed: `checks::finish` keeps a run whose wait
/// left its own arrive out only when the own arrive's phase would break a
/// constraint ("if and only if"; docs/semantics.md, "Which phase a wait
/// completes with").
fn wait_choices(sys: &System, pre: &Pre, s: &State, a: ActorId, w: OpId) -> (Vec<u16>, bool) {
    let obj = sys.ops[w].object;
    let taken = |p: u16| pre.sibling_waits[w].iter().any(|&x| s.wait_phase[x] == p);
    let from = match pre.own_arrive[w] {
        Some(own) => {
            let p = s.phases[obj]
                .iter()
                .position(|ph| ph.binary_search(&(own as u32)).is_ok());
            match p {
                Some(p) => (p as u16).max(s.defer[a]),
                None => return (Vec::new(), false),
            }
        }
        None => s.defer[a],
    };
    let v = (from..s.phases[obj].len() as u16)
        .filter(|&p| !taken(p))
        .collect();
    (v, true)
}

fn take_wait(s: &State, a: ActorId, w: OpId, p: u16) -> State {
    let mut n = s.clone();
    n.wait_phase[w] = p;
    n.pos[a] += 1;
    n.defer[a] = 0;
    n
}

/// The successors of `s` (empty: `s` is final).
///
/// Each actor performs its operations in program order, so
/// *barrier-modification-order* contains *thread-barrier-order*
/// (execution-synchronization.txt: "Let ``A`` and ``B`` be two barrier
/// modification operations where ``A -> B`` in *thread-barrier-order<BO>*,
/// then ``A -> B`` is also in *barrier-modification-order<BO>*.").
fn successors(sys: &System, pre: &Pre, s: &State) -> Vec<State> {
    // Joins first: they change no state.
    for a in 0..sys.actors.len() {
        if let Some(op) = next_op(sys, s, a) {
            if sys.ops[op].kind == OpKind::Join {
                let mut n = s.clone();
                n.pos[a] += 1;
                return vec![n];
            }
        }
    }
    // Waits next: completing one commutes with everything else.
    for a in 0..sys.actors.len() {
        if let Some(w) = next_op(sys, s, a) {
            if sys.ops[w].kind != OpKind::Wait {
                continue;
            }
            let (choices, may_defer) = wait_choices(sys, pre, s, a, w);
            if choices.is_empty() {
                continue;
            }
            let mut out: Vec<State> = choices.iter().map(|&p| take_wait(s, a, w, p)).collect();
            if may_defer {
                // Or wait for a phase that completes later.
                let mut d = s.clone();
                d.defer[a] = s.phases[sys.ops[w].object].len() as u16;
                out.push(d);
            }
            return out;
        }
    }
    let mut out = Vec::new();
    for a in 0..sys.actors.len() {
        if let Some(op) = next_op(sys, s, a) {
            if sys.ops[op].kind.is_modification() {
                if let Some(n) = modify(sys, s, op) {
                    out.push(n);
                }
            }
        }
    }
    out
}

/// Turns a final state into a run; `None` when it is not a genuine end (an
/// actor stuck on an `isfirst` that cannot match, or a wait that chose to
/// wait for a later phase that never came although it could have completed).
fn finish(sys: &System, pre: &Pre, s: &State) -> Option<Run> {
    let mut blocked = Vec::new();
    for a in 0..sys.actors.len() {
        let Some(op) = next_op(sys, s, a) else {
            continue;
        };
        let o = &sys.ops[op];
        if o.kind != OpKind::Wait {
            return None;
        }
        if s.defer[a] > 0 {
            let mut t = s.clone();
            t.defer[a] = 0;
            if !wait_choices(sys, pre, &t, a, op).0.is_empty() {
                return None;
            }
        }
        let st = &s.objs[o.object];
        blocked.push(Blocked {
            actor: a,
            wait: op,
            object: o.object,
            arrive_count: st.arrive,
            expected: st.init.then_some(st.expected),
        });
    }
    let performed = (0..sys.actors.len())
        .map(|a| {
            let p = s.pos[a] as usize;
            if blocked.iter().any(|b| b.actor == a) {
                p + 1
            } else {
                p
            }
        })
        .collect();
    Some(Run {
        phases: s
            .phases
            .iter()
            .map(|ps| {
                ps.iter()
                    .map(|p| p.iter().map(|&x| x as usize).collect())
                    .collect()
            })
            .collect(),
        wait_phase: s
            .wait_phase
            .iter()
            .map(|&p| (p != NONE).then_some(p as usize))
            .collect(),
        performed,
        blocked,
        ub: s
            .ub
            .iter()
            .map(|&(c, op, x, y)| (c, op as usize, x, y))
            .collect(),
    })
}

/// Every final run of `sys`; stops when `deadline` passes.
pub(super) fn search(sys: &System, deadline: Option<web_time::Instant>) -> Result<Vec<Run>, Stop> {
    assert!(sys.ops.len() < NONE as usize, "too many barrier operations");
    let pre = Pre::new(sys);
    let mut seen: HashSet<State> = HashSet::new();
    let mut stack = vec![start(sys)];
    let mut runs = Vec::new();
    while let Some(s) = stack.pop() {
        if seen.contains(&s) {
            continue;
        }
        if seen.len() >= MAX_STATES {
            return Err(Stop::TooBig(TooBig(format!(
                "the barrier operations have more than {MAX_STATES} states"
            ))));
        }
        if seen.len() % 256 == 255 && deadline.is_some_and(|d| web_time::Instant::now() > d) {
            return Err(Stop::Deadline);
        }
        let next = successors(sys, &pre, &s);
        if next.is_empty() {
            if let Some(r) = finish(sys, &pre, &s) {
                runs.push(r);
            }
        } else {
            // Reverse, so that the first successor is explored first.
            stack.extend(next.into_iter().rev());
        }
        seen.insert(s);
    }
    Ok(runs)
}
