//! Unit tests of the barrier execution model: one per rule.

use super::hardware::{parse_target, Generation, HwObject, Intrinsic, Lowering};
use super::*;

const ARRIVE: OpKind = OpKind::Arrive {
    new_count: None,
    first: None,
};

fn obj(sys: &mut System, name: &str, init: Option<i64>) -> ObjId {
    sys.add_object(Object {
        name: name.into(),
        launch_init: init,
        one_arrive_per_group: false,
    })
}

/// `n` actors on one object, each: join, then `phases` × (arrive, wait).
fn phased(n: usize, phases: usize, init: Option<i64>) -> System {
    let mut sys = System::default();
    let b = obj(&mut sys, "@B", init);
    for t in 0..n {
        let a = sys.add_actor(format!("P{t}"), 0);
        sys.push(a, b, OpKind::Join, 1);
        for _ in 0..phases {
            sys.push(a, b, ARRIVE, 2);
            sys.push(a, b, OpKind::Wait, 3);
        }
    }
    sys
}

fn clauses(x: &Execution) -> Vec<Clause> {
    x.undefined.iter().map(|u| u.clause).collect()
}

#[test]
fn two_waves_one_phase() {
    let sys = phased(2, 1, Some(2));
    let xs = executions(&sys).unwrap();
    assert_eq!(xs.len(), 1);
    let x = &xs[0];
    assert!(x.undefined.is_empty() && !x.is_deadlock());
    assert_eq!(x.phases.len(), 1);
    // Both arrives participate in both waits.
    assert_eq!(x.participates_in(), vec![(1, 2), (1, 5), (4, 2), (4, 5)]);
    // P0's arrive barrier-executes-before P1's wait.
    assert!(x.executes_before.has(1, 5) && x.executes_before.has(4, 2));
    assert!(!x.executes_before.has(2, 4));
}

#[test]
fn phases_follow_program_order() {
    let sys = phased(3, 3, Some(3));
    let xs = executions(&sys).unwrap();
    assert_eq!(xs.len(), 1, "one way to build barrier-participates-in");
    let x = &xs[0];
    assert_eq!(x.phases.len(), 3);
    for (k, p) in x.phases.iter().enumerate() {
        // Phase k holds every actor's k-th arrive.
        let mut want: Vec<OpId> = (0..3).map(|t| t * 7 + 1 + 2 * k).collect();
        want.sort();
        assert_eq!(p.participants, want);
    }
    // P0's first arrive executes before P2's last wait.
    assert!(x.executes_before.has(1, 20));
}

#[test]
fn too_few_arrivals_deadlock() {
    let sys = phased(2, 1, Some(3));
    let xs = executions(&sys).unwrap();
    assert_eq!(xs.len(), 1);
    let x = &xs[0];
    assert_eq!(x.blocked.len(), 2);
    assert_eq!(x.blocked[0].arrive_count, 2);
    assert_eq!(x.blocked[0].expected, Some(3));
    let m = x.deadlock_messages(&sys);
    assert_eq!(m.len(), 1);
    assert!(m[0].contains("@B") && m[0].contains("P0") && m[0].contains("P1"));
    assert!(
        m[0].contains("arrive count 2 of expected count 3"),
        "{}",
        m[0]
    );
}

#[test]
fn circular_wait_deadlock() {
    let mut sys = System::default();
    let b1 = obj(&mut sys, "@B1", Some(2));
    let b2 = obj(&mut sys, "@B2", Some(2));
    for (name, first, second) in [("P0", b1, b2), ("P1", b2, b1)] {
        let a = sys.add_actor(name, 0);
        sys.push(a, b1, OpKind::Join, 1);
        sys.push(a, b2, OpKind::Join, 1);
        sys.push(a, first, ARRIVE, 2);
        sys.push(a, first, OpKind::Wait, 3);
        sys.push(a, second, ARRIVE, 4);
        sys.push(a, second, OpKind::Wait, 5);
    }
    let xs = executions(&sys).unwrap();
    assert!(!xs.is_empty());
    assert!(xs.iter().all(|x| x.is_deadlock()));
}

#[test]
fn drop_without_join_is_undefined() {
    let mut sys = System::default();
    let b = obj(&mut sys, "@B", Some(1));
    let a = sys.add_actor("P0", 0);
    sys.push(a, b, OpKind::Drop, 1);
    let xs = executions(&sys).unwrap();
    assert_eq!(clauses(&xs[0]), vec![Clause::DropWithoutJoin]);
}

#[test]
fn drop_below_zero_is_undefined() {
    let mut sys = System::default();
    let b = obj(&mut sys, "@B", Some(1));
    let a = sys.add_actor("P0", 0);
    sys.push(a, b, OpKind::Join, 1);
    sys.push(a, b, OpKind::Drop, 2);
    sys.push(a, b, OpKind::Join, 3);
    sys.push(a, b, OpKind::Drop, 4);
    let xs = executions(&sys).unwrap();
    assert_eq!(xs.len(), 1);
    assert_eq!(clauses(&xs[0]), vec![Clause::DropNegative]);
}

#[test]
fn uninitialised_is_undefined() {
    let mut sys = System::default();
    let b = obj(&mut sys, "@B", None);
    let a = sys.add_actor("P0", 0);
    sys.push(a, b, OpKind::Join, 1);
    sys.push(a, b, ARRIVE, 2);
    let xs = executions(&sys).unwrap();
    assert_eq!(clauses(&xs[0]), vec![Clause::Uninitialised]);
    // An init first is fine.
    let mut sys = System::default();
    let b = obj(&mut sys, "@B", None);
    let a = sys.add_actor("P0", 0);
    sys.push(a, b, OpKind::Init(1), 1);
    sys.push(a, b, OpKind::Join, 1);
    sys.push(a, b, ARRIVE, 2);
    sys.push(a, b, OpKind::Wait, 3);
    let xs = executions(&sys).unwrap();
    assert_eq!(xs.len(), 1);
    assert!(xs[0].undefined.is_empty() && !xs[0].is_deadlock());
}

#[test]
fn init_count_must_be_positive() {
    let mut sys = System::default();
    let b = obj(&mut sys, "@B", None);
    let a = sys.add_actor("P0", 0);
    sys.push(a, b, OpKind::Init(0), 1);
    let xs = executions(&sys).unwrap();
    assert_eq!(clauses(&xs[0]), vec![Clause::InitCount]);
}

#[test]
fn arrive_then_drop_races() {
    // P0 arrives and drops without waiting; P1 waits for the phase.
    let mut sys = System::default();
    let b = obj(&mut sys, "@B", Some(2));
    let p0 = sys.add_actor("P0", 0);
    sys.push(p0, b, OpKind::Join, 1);
    sys.push(p0, b, ARRIVE, 2);
    sys.push(p0, b, OpKind::Drop, 3);
    let p1 = sys.add_actor("P1", 0);
    sys.push(p1, b, OpKind::Join, 1);
    sys.push(p1, b, ARRIVE, 2);
    sys.push(p1, b, OpKind::Wait, 3);
    let xs = executions(&sys).unwrap();
    // A0, A1 complete the phase P1 waits for, then D0 drops: undefined. (A0, D0
    // complete a phase of their own with no wait on it: defined.)
    assert_eq!(xs.len(), 2);
    assert!(xs.iter().any(|x| clauses(x) == vec![Clause::DropRace]));
    assert!(xs.iter().any(|x| x.undefined.is_empty()));
    // Waiting before the drop is fine.
    let mut sys = System::default();
    let b = obj(&mut sys, "@B", Some(2));
    for t in 0..2 {
        let a = sys.add_actor(format!("P{t}"), 0);
        sys.push(a, b, OpKind::Join, 1);
        sys.push(a, b, ARRIVE, 2);
        sys.push(a, b, OpKind::Wait, 3);
        if t == 0 {
            sys.push(a, b, OpKind::Drop, 4);
        }
    }
    let xs = executions(&sys).unwrap();
    assert!(xs
        .iter()
        .all(|x| x.undefined.is_empty() && !x.is_deadlock()));
}

#[test]
fn drop_completes_phase() {
    // Expected 2: P0 arrives and waits; P1 joins and drops.
    let mut sys = System::default();
    let b = obj(&mut sys, "@B", Some(2));
    let p0 = sys.add_actor("P0", 0);
    sys.push(p0, b, OpKind::Join, 1);
    sys.push(p0, b, ARRIVE, 2);
    sys.push(p0, b, OpKind::Wait, 3);
    let p1 = sys.add_actor("P1", 0);
    sys.push(p1, b, OpKind::Join, 1);
    let d = sys.push(p1, b, OpKind::Drop, 2);
    let xs = executions(&sys).unwrap();
    assert_eq!(xs.len(), 1);
    let x = &xs[0];
    assert!(x.undefined.is_empty() && !x.is_deadlock());
    assert!(x.executes_before.has(d, 2));
}

#[test]
fn new_count_not_above_arrive_count() {
    let mut sys = System::default();
    let b = obj(&mut sys, "@B", Some(3));
    for (t, count) in [(0, None), (1, Some(1))] {
        let a = sys.add_actor(format!("P{t}"), 0);
        sys.push(a, b, OpKind::Join, 1);
        sys.push(
            a,
            b,
            OpKind::Arrive {
                new_count: count,
                first: None,
            },
            2,
        );
    }
    let xs = executions(&sys).unwrap();
    // P1 first: count 1 > 0 is fine; P0 first: count 1 <= 1 is undefined.
    assert_eq!(xs.len(), 2);
    assert!(xs.iter().any(|x| x.undefined.is_empty()));
    assert!(xs.iter().any(|x| clauses(x) == vec![Clause::NewCount]));
}

#[test]
fn wait_without_join() {
    let mut sys = System::default();
    let b = obj(&mut sys, "@B", Some(1));
    let a = sys.add_actor("P0", 0);
    sys.push(a, b, ARRIVE, 1);
    sys.push(a, b, OpKind::Wait, 2);
    let xs = executions(&sys).unwrap();
    assert_eq!(clauses(&xs[0]), vec![Clause::WaitWithoutJoin]);
}

#[test]
fn exclusive_join_breaks_joined_before() {
    let mut sys = System::default();
    let b = obj(&mut sys, "@B", Some(1));
    let c = obj(&mut sys, "@C", Some(1));
    sys.exclusive.push((b, c));
    let a = sys.add_actor("P0", 0);
    sys.push(a, b, OpKind::Join, 1);
    sys.push(a, c, OpKind::Join, 2);
    sys.push(a, b, ARRIVE, 3);
    sys.push(a, b, OpKind::Wait, 4);
    let xs = executions(&sys).unwrap();
    assert_eq!(clauses(&xs[0]), vec![Clause::WaitWithoutJoin]);
    let jb = checks::joined_before(&sys);
    assert_eq!(jb[2], None);
}

#[test]
fn join_must_execute_before_a_participant() {
    // P1 joins after P0's phase completed and waits without arriving.
    let mut sys = System::default();
    let b = obj(&mut sys, "@B", Some(1));
    let p0 = sys.add_actor("P0", 0);
    sys.push(p0, b, OpKind::Join, 1);
    sys.push(p0, b, ARRIVE, 2);
    sys.push(p0, b, OpKind::Wait, 3);
    let p1 = sys.add_actor("P1", 0);
    sys.push(p1, b, OpKind::Join, 1);
    sys.push(p1, b, OpKind::Wait, 2);
    let xs = executions(&sys).unwrap();
    assert!(!xs.is_empty());
    for x in &xs {
        assert!(x.is_deadlock() || clauses(x) == vec![Clause::WaitJoinNotBefore]);
    }
}

#[test]
fn isfirst_must_match() {
    let mut sys = System::default();
    let b = obj(&mut sys, "@B", Some(2));
    for (t, first) in [(0, true), (1, true)] {
        let a = sys.add_actor(format!("P{t}"), 0);
        sys.push(a, b, OpKind::Join, 1);
        sys.push(
            a,
            b,
            OpKind::Arrive {
                new_count: None,
                first: Some(first),
            },
            2,
        );
    }
    assert!(executions(&sys).unwrap().is_empty());
    sys.ops[3].kind = OpKind::Arrive {
        new_count: None,
        first: Some(false),
    };
    assert_eq!(executions(&sys).unwrap().len(), 1);
}

#[test]
fn cluster_barrier_one_arrive_per_workgroup() {
    let mut sys = System::default();
    let b = sys.add_object(Object {
        name: "cluster barrier -3".into(),
        launch_init: Some(2),
        one_arrive_per_group: true,
    });
    for t in 0..2 {
        let a = sys.add_actor(format!("P{t}"), 0);
        sys.push(a, b, ARRIVE, 1);
    }
    let xs = executions(&sys).unwrap();
    assert!(xs.iter().all(|x| clauses(x) == vec![Clause::ClusterArrive]));
}

#[test]
fn waiter_without_arrive_takes_some_phase() {
    // Hardware-joined (auto) waiter: P2 waits once without arriving.
    let mut sys = System::default();
    let b = obj(&mut sys, "cluster", Some(2));
    for t in 0..2 {
        let a = sys.add_actor(format!("P{t}"), t as u32);
        sys.push(a, b, ARRIVE, 1);
        sys.push(a, b, OpKind::Wait, 2);
    }
    let w = sys.add_actor("P2", 0);
    sys.push_op(Op {
        actor: w,
        object: b,
        kind: OpKind::Join,
        auto: true,
        line: 0,
        tag: 0,
    });
    let wait = sys.push(w, b, OpKind::Wait, 3);
    let xs = executions(&sys).unwrap();
    let complete: Vec<&Execution> = xs.iter().filter(|x| !x.is_deadlock()).collect();
    assert_eq!(complete.len(), 1);
    assert_eq!(complete[0].wait_phase[wait], Some(0));
}

#[test]
fn eight_waves_four_phases_is_fast() {
    let sys = phased(8, 4, Some(8));
    let start = std::time::Instant::now();
    let xs = executions(&sys).unwrap();
    assert_eq!(xs.len(), 1);
    assert_eq!(xs[0].phases.len(), 4);
    assert!(start.elapsed().as_secs_f64() < 5.0);
}

#[test]
fn targets() {
    assert_eq!(
        parse_target("gfx90a").unwrap().generation,
        Generation::Gfx6To11
    );
    assert_eq!(
        parse_target("gfx1100").unwrap().generation,
        Generation::Gfx6To11
    );
    assert_eq!(
        parse_target("gfx1200").unwrap().generation,
        Generation::Gfx12
    );
    assert_eq!(
        parse_target("GFX1250").unwrap().generation,
        Generation::Gfx12_5
    );
    assert!(parse_target("gfx1300").is_err());
    assert_eq!(
        parse_target("gfx90a:tgsplit").unwrap().generation,
        Generation::Gfx6To11
    );
    assert!(parse_target("sm_90").is_err());
    // Every processor of the generations, not only the modelled ones.
    assert_eq!(
        parse_target("gfx1201").unwrap().generation,
        Generation::Gfx12
    );
    assert_eq!(
        parse_target("gfx1030").unwrap().generation,
        Generation::Gfx6To11
    );
    let e = parse_target("gfx1210").unwrap_err();
    assert!(e.contains("did you mean"), "{e}");
}

#[test]
fn lowering_per_generation() {
    let mut l = Lowering::new();
    let e = l
        .lower(Generation::Gfx6To11, Intrinsic::Signal(-1))
        .unwrap_err();
    assert!(e.contains("not available on GFX6-11"), "{e}");
    assert_eq!(
        l.lower(Generation::Gfx6To11, Intrinsic::Barrier).unwrap(),
        vec![
            (HwObject::Workgroup, ARRIVE),
            (HwObject::Workgroup, OpKind::Wait)
        ]
    );
    assert!(l.lower(Generation::Gfx12, Intrinsic::Join(1)).is_err());
    assert!(l.lower(Generation::Gfx12, Intrinsic::Signal(-3)).is_err());
    assert!(l.lower(Generation::Gfx12_5, Intrinsic::Signal(17)).is_err());
    // Waits on named barriers follow the last join.
    let mut l = Lowering::new();
    l.lower(Generation::Gfx12_5, Intrinsic::Join(3)).unwrap();
    assert_eq!(
        l.lower(Generation::Gfx12_5, Intrinsic::Wait(5)).unwrap(),
        vec![(HwObject::Id(3), OpKind::Wait)]
    );
    // Barrier 0 is a named barrier object: wait 0 waits on the last joined
    // one too (a no-op only when that is NULL).
    assert_eq!(
        l.lower(Generation::Gfx12_5, Intrinsic::Wait(0)).unwrap(),
        vec![(HwObject::Id(3), OpKind::Wait)]
    );
    assert!(Lowering::new()
        .lower(Generation::Gfx12_5, Intrinsic::Wait(0))
        .unwrap()
        .is_empty());
    assert_eq!(
        l.lower(Generation::Gfx12_5, Intrinsic::Leave).unwrap(),
        vec![(HwObject::Id(3), OpKind::Drop)]
    );
    // A second leave has no join before it: a no-op.
    assert!(l
        .lower(Generation::Gfx12_5, Intrinsic::Leave)
        .unwrap()
        .is_empty());
    // NULL barrier: only join does something.
    l.lower(Generation::Gfx12_5, Intrinsic::Join(0)).unwrap();
    assert!(l
        .lower(Generation::Gfx12_5, Intrinsic::Wait(1))
        .unwrap()
        .is_empty());
    assert!(l
        .lower(Generation::Gfx12_5, Intrinsic::Signal(0))
        .unwrap()
        .is_empty());
    assert_eq!(
        l.lower(Generation::Gfx12_5, Intrinsic::SignalVar(2, 4))
            .unwrap(),
        vec![(
            HwObject::Id(2),
            OpKind::Arrive {
                new_count: Some(4),
                first: None
            }
        )]
    );
}

/// The issue-12 shape: P0 arrives on B (count 1) early and waits on B only at
/// the end; P1's arrive on B comes after a phase of C that P0's early arrive
/// barrier-executes-before, and barrier-executes-before P0's wait through D.
/// P0's wait taking its own arrive's phase breaks phase separation, so the
/// construction that satisfies every constraint (note [0]) has it complete
/// with P1's phase. Before the search covered it, no run was left.
#[test]
fn own_arrive_left_out_when_separation_needs_it() {
    let mut sys = System::default();
    let b = obj(&mut sys, "@B", Some(1));
    let c = obj(&mut sys, "@C", Some(2));
    let d = obj(&mut sys, "@D", Some(2));
    let p0 = sys.add_actor("P0", 0);
    let p1 = sys.add_actor("P1", 0);
    for a in [p0, p1] {
        for o in [b, c, d] {
            sys.push(a, o, OpKind::Join, 1);
        }
    }
    let a1 = sys.push(p0, b, ARRIVE, 2);
    sys.push(p0, c, ARRIVE, 3);
    sys.push(p0, c, OpKind::Wait, 4);
    sys.push(p0, d, ARRIVE, 5);
    sys.push(p0, d, OpKind::Wait, 6);
    let w = sys.push(p0, b, OpKind::Wait, 7);
    sys.push(p1, c, ARRIVE, 3);
    sys.push(p1, c, OpKind::Wait, 4);
    let a2 = sys.push(p1, b, ARRIVE, 5);
    sys.push(p1, d, ARRIVE, 6);
    sys.push(p1, d, OpKind::Wait, 7);
    sys.push(p1, b, OpKind::Wait, 8);
    let xs = executions(&sys).unwrap();
    assert_eq!(xs.len(), 1, "exactly one valid construction");
    let bpi = xs[0].participates_in();
    assert!(
        bpi.contains(&(a2, w)),
        "P1's arrive takes part in P0's wait"
    );
    assert!(!bpi.contains(&(a1, w)), "P0's early arrive does not");
}

/// When the own arrive's phase satisfies every constraint, it is the only
/// construction: a wait never skips to a later phase by choice.
#[test]
fn own_arrive_phase_taken_when_valid() {
    let sys = phased(2, 2, Some(1));
    let xs = executions(&sys).unwrap();
    for x in &xs {
        for (w, p) in x.wait_phase.iter().enumerate() {
            let Some(p) = p else { continue };
            let actor = sys.ops[w].actor;
            let own = sys.actors[actor]
                .ops
                .iter()
                .copied()
                .take_while(|&o| o != w)
                .filter(|&o| matches!(sys.ops[o].kind, OpKind::Arrive { .. }))
                .last()
                .unwrap();
            assert!(x.phases[*p].participants.contains(&own));
        }
    }
    assert!(!xs.is_empty());
}
