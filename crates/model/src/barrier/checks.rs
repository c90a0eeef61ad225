//! The relations derived from a run (*barrier-joined-before*,
//! *barrier-executes-before*, *barrier-phase-with*), the constraint the search
//! cannot guarantee by construction (phase separation), and every
//! "otherwise the behaviour is undefined" clause.

use super::search::{Pre, Run};
use super::{Clause, Execution, OpId, OpKind, OpRel, Phase, System, Undefined};

/// Relations that depend only on program order.
pub(super) struct Static {
    /// Per operation: the join that is *barrier-joined-before* it.
    pub joined_before: Vec<Option<OpId>>,
    /// Per wait: its own arrive and the other waits of its actor on its
    /// object.
    pub pre: Pre,
}

impl Static {
    pub fn new(sys: &System) -> Static {
        Static {
            joined_before: joined_before(sys),
            pre: Pre::new(sys),
        }
    }
}

/// *barrier-joined-before*, as the join (if any) each operation has.
///
/// execution-synchronization.txt, "Execution Model": "A barrier *join* `J` is
/// *barrier-joined-before* a barrier operation `X` if and only if all of the
/// following is true: `J -> X` in *thread-barrier-order<BO>*. `X` is not a
/// barrier *join*. There is no barrier *join* or *drop* `JD` where
/// `J -> JD -> X` in *thread-barrier-order<BO>*. There is no barrier *join*
/// `J'` on a distinct barrier *object* `BO'` such that `J -> J' -> X` in
/// *program-order*, and `BO` *barrier-mutually-exclusive* `BO'`."
///
/// Only the latest join on `BO` before `X` can qualify (every earlier one has
/// it in between), so one scan of each thread suffices.
pub(super) fn joined_before(sys: &System) -> Vec<Option<OpId>> {
    let mut out = vec![None; sys.ops.len()];
    for actor in &sys.actors {
        let mut last: Vec<Option<OpId>> = vec![None; sys.objects.len()];
        for &x in &actor.ops {
            let o = &sys.ops[x];
            match o.kind {
                OpKind::Join => {
                    for (obj, l) in last.iter_mut().enumerate() {
                        if sys.is_exclusive(obj, o.object) {
                            *l = None;
                        }
                    }
                    last[o.object] = Some(x);
                }
                OpKind::Drop => {
                    out[x] = last[o.object];
                    last[o.object] = None;
                }
                _ => out[x] = last[o.object],
            }
        }
    }
    out
}

/// *barrier-executes-before* over the performed operations.
///
/// execution-synchronization.txt, "Execution Model": "A barrier operation `A`
/// *barrier-executes-before* another barrier operation `B` if any of the
/// following is true: `A -> B` in *program-order*. `A -> B` in
/// *barrier-participates-in*. `A` *barrier-executes-before* some barrier
/// operation `X`, and `X` *barrier-executes-before* `B`."
///
/// "*Barrier-executes-before* is consistent with
/// *barrier-modification-order<BO>* for every barrier object `BO`" holds by
/// construction: the search appends an operation to
/// *barrier-modification-order* only after every operation that
/// barrier-executes-before it was performed. An actor that starts after others
/// (a workgroup's end) is program-ordered after their operations.
pub(super) fn executes_before(sys: &System, performed: &[usize], bpi: &[(OpId, OpId)]) -> OpRel {
    let mut r = OpRel::new(sys.ops.len());
    for (a, actor) in sys.actors.iter().enumerate() {
        let ops = &actor.ops[..performed[a]];
        for (i, &x) in ops.iter().enumerate() {
            for &y in &ops[i + 1..] {
                r.add(x, y);
            }
        }
        for &b in &actor.after {
            for &x in &sys.actors[b].ops[..performed[b]] {
                for &y in ops {
                    r.add(x, y);
                }
            }
        }
    }
    for &(x, w) in bpi {
        r.add(x, w);
    }
    r.close();
    r
}

/// Phase separation: is it violated?
///
/// execution-synchronization.txt, "Execution Model": "For every barrier
/// operation `A` that *barrier-participates-in* a barrier *wait* `W` on a
/// barrier *object* `BO`: There is no barrier operation `X` on `BO` such that
/// `A -> X -> W` in *barrier-executes-before*, and `X` *barrier-phase-with* a
/// non-empty set of operations that does not include `W`."
///
/// "*barrier-phase-with* is a symmetric relation over barrier operations
/// defined as the transitive closure of: *barrier-participates-in* and its
/// inverse relation." An operation belongs to at most one phase, and a wait
/// completes with one phase, so the *barrier-phase-with* class of an operation
/// is its phase (participants and waits) when some wait completes with that
/// phase, and empty otherwise.
pub(super) fn phase_separation_violated(
    sys: &System,
    x: &Execution,
    class: &[Option<usize>],
) -> bool {
    for (w, p) in x.wait_phase.iter().enumerate() {
        let Some(p) = *p else { continue };
        let obj = sys.ops[w].object;
        for &a in &x.phases[p].participants {
            for m in x.executes_before.successors(a) {
                if m != w
                    && sys.ops[m].object == obj
                    && x.executes_before.has(m, w)
                    && matches!(class[m], Some(q) if q != p)
                {
                    return true;
                }
            }
        }
    }
    false
}

/// The relations of a choice of phases: *barrier-executes-before* and the
/// *barrier-phase-with* class of each operation (a phase index).
fn relations(
    sys: &System,
    phases: &[Phase],
    wait_phase: &[Option<usize>],
    performed: &[usize],
) -> (OpRel, Vec<Option<usize>>, Vec<bool>) {
    let mut bpi = Vec::new();
    for (w, p) in wait_phase.iter().enumerate() {
        if let Some(p) = p {
            for &x in &phases[*p].participants {
                bpi.push((x, w));
            }
        }
    }
    let executes_before = executes_before(sys, performed, &bpi);
    let mut has_waits = vec![false; phases.len()];
    for p in wait_phase.iter().flatten() {
        has_waits[*p] = true;
    }
    let mut class: Vec<Option<usize>> = wait_phase.to_vec();
    for (i, p) in phases.iter().enumerate() {
        if has_waits[i] {
            for &x in &p.participants {
                class[x] = Some(i);
            }
        }
    }
    (executes_before, class, has_waits)
}

/// Does a wait leave out an own arrive that meets every condition of
/// *barrier-participates-in*?
///
/// execution-synchronization.txt, "Execution Model": "A barrier operation
/// ``X`` *barrier-participates-in* a barrier *wait* ``W`` if and only if all
/// of the following is true: [...] All dependent constraint and relations are
/// satisfied as well." A wait `W` whose own arrive `A` (its thread's latest
/// arrive on the object since its previous wait there) is in a completed
/// phase that no other wait of the thread took, while `W` completes with a
/// later phase: `A` is on the same object, an arrive, in no other wait of
/// the thread, and not after `W`; so unless making `W` complete with `A`'s
/// phase breaks phase separation, `A` participates in `W` and this run is
/// not a valid way of building the relation (note [0]).
fn own_arrive_left_out(sys: &System, stat: &Static, x: &Execution) -> bool {
    for (w, p) in x.wait_phase.iter().enumerate() {
        let (Some(p), Some(own)) = (*p, stat.pre.own_arrive[w]) else {
            continue;
        };
        let Some(q) = x
            .phases
            .iter()
            .position(|ph| ph.participants.contains(&own))
        else {
            continue;
        };
        if q == p
            || stat.pre.sibling_waits[w]
                .iter()
                .any(|&s| x.wait_phase[s] == Some(q))
        {
            continue;
        }
        let mut alt = x.wait_phase.clone();
        alt[w] = Some(q);
        let (executes_before, class, _) = relations(sys, &x.phases, &alt, &x.performed);
        let other = Execution {
            phases: x.phases.clone(),
            wait_phase: alt,
            performed: x.performed.clone(),
            blocked: x.blocked.clone(),
            undefined: Vec::new(),
            executes_before,
        };
        if !phase_separation_violated(sys, &other, &class) {
            return true;
        }
    }
    false
}

/// Builds the execution of a run, with its undefined behaviour; `None` when
/// the run's *barrier-participates-in* is not a valid way to build the
/// relation (note [0]): it breaks phase separation, or a wait leaves out an
/// own arrive that could participate in it ([`own_arrive_left_out`]).
pub(super) fn finish(sys: &System, stat: &Static, run: Run) -> Option<Execution> {
    let mut phases = Vec::new();
    let mut base = vec![0usize; sys.objects.len()];
    for (obj, ps) in run.phases.iter().enumerate() {
        base[obj] = phases.len();
        for (i, p) in ps.iter().enumerate() {
            phases.push(Phase {
                object: obj,
                number: i as u32 + 1,
                participants: p.clone(),
            });
        }
    }
    let wait_phase: Vec<Option<usize>> = run
        .wait_phase
        .iter()
        .enumerate()
        .map(|(op, p)| p.map(|p| base[sys.ops[op].object] + p))
        .collect();
    let (executes_before, class, has_waits) = relations(sys, &phases, &wait_phase, &run.performed);
    let mut x = Execution {
        phases,
        wait_phase,
        performed: run.performed,
        blocked: run.blocked,
        undefined: Vec::new(),
        executes_before,
    };
    if phase_separation_violated(sys, &x, &class) || own_arrive_left_out(sys, stat, &x) {
        return None;
    }
    let mut ub: Vec<Undefined> = run
        .ub
        .iter()
        .map(|&(clause, op, v, w)| dynamic_message(sys, clause, op, v, w))
        .collect();
    ub.extend(drop_clauses(sys, stat, &x, &has_waits));
    ub.extend(wait_clauses(sys, stat, &x));
    ub.sort();
    ub.dedup();
    x.undefined = ub;
    Some(x)
}

fn undefined(clause: Clause, op: OpId, text: String) -> Undefined {
    Undefined {
        clause,
        op,
        message: format!("{clause}: {text}"),
    }
}

/// Messages for the clauses the search meets while it runs.
fn dynamic_message(sys: &System, clause: Clause, op: OpId, v: i64, w: i64) -> Undefined {
    let d = sys.describe(op);
    let obj = &sys.objects[sys.ops[op].object].name;
    let text = match clause {
        Clause::InitCount => format!("{d} sets expected count {v}, not a positive integer"),
        Clause::NewCount => format!(
            "{d} sets the expected count to {v} while the arrive count is {w}: it must be greater"
        ),
        Clause::Uninitialised => {
            format!("{d} is the first modification of {obj}, which is not initialised")
        }
        Clause::DropNegative => format!("{d} makes the expected count of {obj} negative"),
        Clause::ClusterArrive => format!(
            "{d}: another wave of workgroup {v} already arrived in this phase (one arrive per workgroup)"
        ),
        _ => d,
    };
    undefined(clause, op, text)
}

/// The clauses on drops.
///
/// execution-synchronization.txt, "Execution Model": "For every barrier *drop*
/// `D` performed on a barrier *object* `BO`: There is a barrier *join* `J`
/// such that `J -> D` in *barrier-joined-before*; otherwise, the behavior is
/// undefined. `D` cannot cause the *expected count* of `BO` to become
/// negative; otherwise, the behavior is undefined." (the second is checked as
/// the search performs the drop), and "For every pair of barrier *arrive* `A`
/// and barrier *drop* `D` performed on a barrier *object* `BO`, such that
/// `A -> D` in *thread-barrier-order<BO>*, one of the following must be true:
/// `A` does not *barrier-participates-in* any barrier *wait*. `A`
/// *barrier-participates-in* at least one barrier *wait* `W` such that
/// `W -> D` in *barrier-executes-before*." — undefined behaviour by the
/// informational note: "A thread may not *arrive* and then *drop* a barrier
/// *object* unless the barrier completes before the barrier *drop*."
///
/// A drop the hardware performs at the end of a wave or workgroup is made only
/// "if it had previously *joined*" the object, so the join clause does not
/// apply to it.
fn drop_clauses(sys: &System, stat: &Static, x: &Execution, has_waits: &[bool]) -> Vec<Undefined> {
    let mut out = Vec::new();
    let mut phase_of = vec![None; sys.ops.len()];
    for (i, p) in x.phases.iter().enumerate() {
        for &op in &p.participants {
            phase_of[op] = Some(i);
        }
    }
    for (a, actor) in sys.actors.iter().enumerate() {
        let ops = &actor.ops[..x.performed[a]];
        for (i, &d) in ops.iter().enumerate() {
            let od = &sys.ops[d];
            if od.kind != OpKind::Drop {
                continue;
            }
            if !od.auto && stat.joined_before[d].is_none() {
                out.push(undefined(
                    Clause::DropWithoutJoin,
                    d,
                    format!("{}: no join is barrier-joined-before it", sys.describe(d)),
                ));
            }
            for &arr in &ops[..i] {
                let oa = &sys.ops[arr];
                if oa.object != od.object || !matches!(oa.kind, OpKind::Arrive { .. }) {
                    continue;
                }
                let Some(p) = phase_of[arr] else { continue };
                if !has_waits[p] {
                    continue;
                }
                let seen = x
                    .wait_phase
                    .iter()
                    .enumerate()
                    .any(|(w, q)| *q == Some(p) && x.executes_before.has(w, d));
                if !seen {
                    out.push(undefined(
                        Clause::DropRace,
                        d,
                        format!(
                            "{} barrier-participates-in a wait, but {} follows it before any such wait barrier-executes-before the drop",
                            sys.describe(arr),
                            sys.describe(d)
                        ),
                    ));
                }
            }
        }
    }
    out
}

/// The clause on waits.
///
/// execution-synchronization.txt, "Execution Model": "For every barrier *wait*
/// `W` performed on a barrier *object* `BO`: There is a barrier *join* `J` such
/// that `J -> W` in *barrier-joined-before*, and `J` must
/// *barrier-executes-before* at least one operation `X` that
/// *barrier-participates-in* `W`; otherwise, the behavior is undefined."
///
/// A join the hardware performs when a wave is launched precedes every
/// operation of the scope instance ("This instruction cannot complete before
/// all waves of the workgroup have launched"), so it satisfies the second
/// half for every phase (docs/semantics.md, "Barriers").
fn wait_clauses(sys: &System, stat: &Static, x: &Execution) -> Vec<Undefined> {
    let mut out = Vec::new();
    for (w, p) in x.wait_phase.iter().enumerate() {
        let Some(p) = *p else { continue };
        match stat.joined_before[w] {
            None => out.push(undefined(
                Clause::WaitWithoutJoin,
                w,
                format!("{}: no join is barrier-joined-before it", sys.describe(w)),
            )),
            Some(j) => {
                let ok = sys.ops[j].auto
                    || x.phases[p]
                        .participants
                        .iter()
                        .any(|&m| x.executes_before.has(j, m));
                if !ok {
                    out.push(undefined(
                        Clause::WaitJoinNotBefore,
                        w,
                        format!(
                            "{}: its join ({}) barrier-executes-before no operation of phase {} of {}",
                            sys.describe(w),
                            sys.describe(j),
                            x.phases[p].number,
                            sys.objects[x.phases[p].object].name
                        ),
                    ));
                }
            }
        }
    }
    out
}
