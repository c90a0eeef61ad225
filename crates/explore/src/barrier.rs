//! The barrier execution model in the exploration: for one combination of
//! thread paths, the barrier executions (`amdmm_model::barrier`) and what each
//! means for the memory model — synchronizes-with edges, undefined behaviour,
//! deadlocks and the truncation of blocked threads.
//!
//! Barrier operations are per wavefront: the threads placed in one wave are
//! its lanes, and perform each barrier operation together (`s_barrier`
//! "instructions can only be used to synchronize threads at a wavefront
//! granularity"). Barrier objects exist per scope instance.

use crate::result::{millis, BarrierWitness, EventKindOut, EventOut, LimitReason};
use crate::symbolic::Path;
use amdmm_graph::{BitRel, EventKind, ExecutionGraph, Set};
use amdmm_model::barrier::hardware::{self, HwObject, Intrinsic, Lowering, Target};
use amdmm_model::barrier::{self, Clause, Execution, Object, Op, OpKind, System};
use amdmm_model::scopes::inclusive;
use amdmm_program::{BarrierOp, HwBarrier, Instr, Operand, Program, RegId, ScopeLevel};
use std::collections::BTreeMap;

/// A barrier instruction on a path, its operands resolved.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BarrierCall {
    Hw(Intrinsic),
    /// An operation of the abstract model on a declared barrier (index into
    /// `Program::barriers`).
    Init {
        barrier: u32,
        count: i64,
    },
    Join {
        barrier: u32,
    },
    Drop {
        barrier: u32,
    },
    Arrive {
        barrier: u32,
        new_count: Option<i64>,
    },
    Wait {
        barrier: u32,
    },
}

impl BarrierCall {
    /// The call with an `isfirst` expectation removed (lanes of one wave
    /// perform the same operations; the expectation is compared separately).
    fn shape(self) -> BarrierCall {
        match self {
            BarrierCall::Hw(Intrinsic::SignalIsFirst { id, .. }) => {
                BarrierCall::Hw(Intrinsic::SignalIsFirst { id, first: true })
            }
            c => c,
        }
    }

    fn text(self, program: &Program) -> String {
        let name = |b: u32| format!("@{}", program.barriers[b as usize].name);
        match self {
            BarrierCall::Hw(i) => match i {
                Intrinsic::Barrier => "s.barrier".into(),
                Intrinsic::Signal(id) => format!("s.barrier.signal({id})"),
                Intrinsic::SignalIsFirst { id, .. } => format!("s.barrier.signal.isfirst({id})"),
                Intrinsic::SignalVar(id, n) => format!("s.barrier.signal.var({id}, {n})"),
                Intrinsic::Wait(id) => format!("s.barrier.wait({id})"),
                Intrinsic::Init(id, n) => format!("s.barrier.init({id}, {n})"),
                Intrinsic::Join(id) => format!("s.barrier.join({id})"),
                Intrinsic::Leave => "s.barrier.leave".into(),
            },
            BarrierCall::Init { barrier, count } => {
                format!("barrier.init {}, {count}", name(barrier))
            }
            BarrierCall::Join { barrier } => format!("barrier.join {}", name(barrier)),
            BarrierCall::Drop { barrier } => format!("barrier.drop {}", name(barrier)),
            BarrierCall::Arrive {
                barrier,
                new_count: None,
            } => format!("barrier.arrive {}", name(barrier)),
            BarrierCall::Arrive {
                barrier,
                new_count: Some(n),
            } => format!("barrier.arrive {}, {n}", name(barrier)),
            BarrierCall::Wait { barrier } => format!("barrier.wait {}", name(barrier)),
        }
    }
}

/// A barrier instruction reached on a path.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PathBarrier {
    pub call: BarrierCall,
    /// Index of the instruction in the thread's code.
    pub instr: u32,
    pub line: u32,
    /// Memory events of the path before the instruction.
    pub events_before: usize,
    /// Guards of the path before the instruction.
    pub guards_before: usize,
}

/// One way a barrier instruction can go: the call, and the register a
/// `signal.isfirst` sets with the value assumed.
pub type CallAlternative = (BarrierCall, Option<(RegId, i64)>);

/// The ways a barrier instruction can go on a path: its call and, for
/// `signal.isfirst`, the register and the value the path assumes it gets
/// (one alternative per value). `resolve` gives the constant value of an
/// operand (`None`: it depends on memory).
pub fn calls(
    instr: &Instr,
    resolve: &mut dyn FnMut(Operand) -> Option<i64>,
) -> Result<Vec<CallAlternative>, String> {
    let mut get = |op: Operand| {
        resolve(op).ok_or_else(|| {
            "a barrier operand that depends on a value read from memory is not supported"
                .to_string()
        })
    };
    let one = |c: BarrierCall| Ok(vec![(c, None)]);
    match instr {
        Instr::Hw(h) => match *h {
            HwBarrier::Barrier => one(BarrierCall::Hw(Intrinsic::Barrier)),
            HwBarrier::Signal(id) => one(BarrierCall::Hw(Intrinsic::Signal(get(id)?))),
            HwBarrier::SignalIsFirst(id) => {
                let id = get(id)?;
                Ok(vec![
                    (
                        BarrierCall::Hw(Intrinsic::SignalIsFirst { id, first: true }),
                        None,
                    ),
                    (
                        BarrierCall::Hw(Intrinsic::SignalIsFirst { id, first: false }),
                        None,
                    ),
                ])
            }
            HwBarrier::SignalIsFirstTo { id, dst } => {
                let id = get(id)?;
                Ok(vec![
                    (
                        BarrierCall::Hw(Intrinsic::SignalIsFirst { id, first: true }),
                        Some((dst, 1)),
                    ),
                    (
                        BarrierCall::Hw(Intrinsic::SignalIsFirst { id, first: false }),
                        Some((dst, 0)),
                    ),
                ])
            }
            HwBarrier::SignalVar(id, n) => {
                one(BarrierCall::Hw(Intrinsic::SignalVar(get(id)?, get(n)?)))
            }
            HwBarrier::Wait(id) => one(BarrierCall::Hw(Intrinsic::Wait(get(id)?))),
            HwBarrier::Init(id, n) => one(BarrierCall::Hw(Intrinsic::Init(get(id)?, get(n)?))),
            HwBarrier::Join(id) => one(BarrierCall::Hw(Intrinsic::Join(get(id)?))),
            HwBarrier::Leave => one(BarrierCall::Hw(Intrinsic::Leave)),
        },
        Instr::Barrier(b) => match *b {
            BarrierOp::Init { barrier, count } => one(BarrierCall::Init {
                barrier,
                count: get(count)?,
            }),
            BarrierOp::Join { barrier } => one(BarrierCall::Join { barrier }),
            BarrierOp::Drop { barrier } => one(BarrierCall::Drop { barrier }),
            BarrierOp::Arrive { barrier, new_count } => one(BarrierCall::Arrive {
                barrier,
                new_count: match new_count {
                    Some(n) => Some(get(n)?),
                    None => None,
                },
            }),
            BarrierOp::Wait { barrier } => one(BarrierCall::Wait { barrier }),
        },
        _ => Ok(Vec::new()),
    }
}

/// One barrier execution of a combination of paths, as the memory model sees it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BarrierRun {
    /// Per thread: `Some((events, guards))` when the thread is blocked at a
    /// wait that never completes: only its first `events` memory events are
    /// performed, and only its first `guards` guards need to hold.
    pub truncate: Vec<Option<(usize, usize)>>,
    /// Candidate synchronizes-with edges as (thread, event, thread, event)
    /// with thread-local event indices: a release fence before an arrive and
    /// an acquire fence after a wait the arrive barrier-executes-before. The
    /// scope condition is checked by [`BarrierRun::extra_sw`].
    pub sw: Vec<(usize, usize, usize, usize)>,
    pub ub: bool,
    pub deadlock: bool,
    /// The broken clauses and deadlocks, one line each.
    pub messages: Vec<String>,
    pub witness: Option<BarrierWitness>,
}

impl BarrierRun {
    /// The run of a program without barriers.
    pub fn none(threads: usize) -> BarrierRun {
        BarrierRun {
            truncate: vec![None; threads],
            sw: Vec::new(),
            ub: false,
            deadlock: false,
            messages: Vec::new(),
            witness: None,
        }
    }

    /// Memory events of thread `t` that are performed (of `len` on its path).
    pub fn events(&self, t: usize, len: usize) -> usize {
        self.truncate[t].map_or(len, |(e, _)| e.min(len))
    }

    /// Guards of thread `t` that must hold (of `len` on its path).
    pub fn guards(&self, t: usize, len: usize) -> usize {
        self.truncate[t].map_or(len, |(_, g)| g.min(len))
    }

    /// The synchronizes-with edges of the run in graph `g`, whose thread `t`
    /// starts at event `offsets[t]`.
    ///
    /// AMDGPUUsage, "Execution Barriers": "A barrier *arrive* operation `A`
    /// can pair with a release fence program-ordered before it to form a
    /// `barrier-arrive-release` `BR`. [...] A barrier *wait* operation `W` can
    /// pair with an acquire fence program-ordered after it to form a
    /// `barrier-wait-acquire` `BA`. [...] A `BR` *synchronizes-with* `BA` in
    /// an address space *AS* if and only if: `A` *barrier-executes-before*
    /// `W`. *BA* and *BR*'s synchronization scope overlap. *BA* and *BR*'s
    /// synchronization scope allow cross address space synchronization (they
    /// cannot have `one-as`). *BA* and *BR*'s address spaces both include
    /// *AS*." A fence's address spaces are those its `amdgpu-as` tags name
    /// (every one when untagged); an edge needs a common one, and
    /// `amdmm_model::happens_before::happens_before_in` keeps it only in the
    /// common ones. Scopes overlap when they are inclusive (docs/semantics.md,
    /// "Barriers").
    pub fn extra_sw<S: Set>(&self, g: &ExecutionGraph<S>, offsets: &[usize]) -> BitRel<S> {
        let mut r = BitRel::new(g.len());
        for &(t, i, u, j) in &self.sw {
            let (a, b) = (offsets[t] + i, offsets[u] + j);
            if a >= g.len() || b >= g.len() {
                continue;
            }
            let (ea, eb) = (&g.events[a], &g.events[b]);
            if ea.kind == EventKind::Fence
                && eb.kind == EventKind::Fence
                && !ea.scope.one_as
                && !eb.scope.one_as
                && inclusive(ea, eb)
                && !ea.sync_spaces.intersection(eb.sync_spaces).is_empty()
            {
                r.add(a, b);
            }
        }
        r
    }
}

/// Where a model operation comes from.
#[derive(Clone, Copy, Debug)]
struct Origin {
    /// Index into `Waves::waves`.
    wave: usize,
    /// Index into the wave's calls (`None`: performed by the hardware).
    call: Option<usize>,
}

/// A barrier object key: declared, or hardware; and its scope instance.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
enum Key {
    Declared(u32),
    Hw(HwObject),
}

struct Wave {
    lanes: Vec<usize>,
    name: String,
    /// The barrier calls the wave performs (the lanes' common prefix).
    calls: Vec<PathBarrier>,
    /// Some lane's path was cut off by the loop bound: the wave has not
    /// ended, so it does not drop the barriers it joined at launch.
    running: bool,
}

/// The barrier executions of one combination of paths (`paths[t]` is thread
/// `t`'s path). `Ok(vec![])` when the combination is impossible (lanes of a
/// wave assume different `isfirst` results, or no run matches them).
/// Fails with the limit reached: an unsupported construct, a search too big,
/// or `deadline` (the test's `--timeout`, given with its length) passed.
pub fn runs(
    program: &Program,
    paths: &[&Path],
    target: &Target,
    deadline: Option<(web_time::Instant, std::time::Duration)>,
) -> Result<Vec<BarrierRun>, LimitReason> {
    let threads = paths.len();
    if paths.iter().all(|p| p.barriers.is_empty()) {
        return Ok(vec![BarrierRun::none(threads)]);
    }
    // Waves, in order of their first lane.
    let mut by_wave: BTreeMap<u32, usize> = BTreeMap::new();
    let mut waves: Vec<Wave> = Vec::new();
    for (t, th) in program.threads.iter().enumerate() {
        let id = th.placement.instance(ScopeLevel::Wavefront);
        let w = *by_wave.entry(id).or_insert_with(|| {
            waves.push(Wave {
                lanes: Vec::new(),
                name: String::new(),
                calls: Vec::new(),
                running: false,
            });
            waves.len() - 1
        });
        waves[w].lanes.push(t);
        waves[w].running |= paths[t].end == crate::symbolic::PathEnd::Cutoff;
    }
    let mut messages: Vec<String> = Vec::new();
    for w in &mut waves {
        w.name = w
            .lanes
            .iter()
            .map(|&t| program.threads[t].name.as_str())
            .collect::<Vec<_>>()
            .join("+");
        let first = &paths[w.lanes[0]].barriers;
        let mut common = first.len();
        for &l in &w.lanes[1..] {
            let other = &paths[l].barriers;
            let same = first
                .iter()
                .zip(other)
                .take_while(|(a, b)| a.call.shape() == b.call.shape())
                .count();
            // Lanes share one isfirst result.
            if first
                .iter()
                .zip(other)
                .take(same)
                .any(|(a, b)| a.call != b.call)
            {
                return Ok(Vec::new());
            }
            if same < first.len() || same < other.len() {
                let at = |v: &[PathBarrier]| match v.get(same) {
                    Some(b) => format!("{} (line {})", b.call.text(program), b.line),
                    None => "no further barrier instruction".to_string(),
                };
                messages.push(format!(
                    "{}: in wave {}, {} reaches {} but {} reaches {}",
                    Clause::Divergence,
                    w.name,
                    program.threads[w.lanes[0]].name,
                    at(first),
                    program.threads[l].name,
                    at(other)
                ));
                common = common.min(same);
            }
        }
        w.calls = first[..common].to_vec();
    }
    let divergence = !messages.is_empty();
    let (sys, origins) = build(program, &waves, target).map_err(LimitReason::Unsupported)?;
    let execs = barrier::executions_until(&sys, deadline.map(|d| d.0)).map_err(|e| match e {
        barrier::Stop::TooBig(t) => LimitReason::PathLimit(t.0),
        barrier::Stop::Deadline => LimitReason::Timeout(deadline.map_or(0, |d| millis(d.1))),
    })?;
    let mut out: Vec<BarrierRun> = Vec::new();
    for x in &execs {
        let run = run_of(paths, &waves, &sys, &origins, x, &messages, divergence);
        if !out.iter().any(|r| {
            r.truncate == run.truncate
                && r.sw == run.sw
                && r.messages == run.messages
                && r.ub == run.ub
                && r.deadlock == run.deadlock
        }) {
            out.push(run);
        }
    }
    Ok(out)
}

/// The model system of the waves: objects per scope instance, the waves'
/// operations with the hardware's automatic ones.
fn build(
    program: &Program,
    waves: &[Wave],
    target: &Target,
) -> Result<(System, Vec<Origin>), String> {
    let placement = |w: &Wave| program.threads[w.lanes[0]].placement;
    let level_of = |k: Key| match k {
        Key::Declared(b) => program.barriers[b as usize].scope,
        Key::Hw(h) => hardware::scope(h),
    };
    // Lower every wave's calls.
    let mut lowered: Vec<Vec<(Key, OpKind, usize, u32)>> = Vec::new();
    for w in waves {
        let mut l = Lowering::new();
        let mut ops = Vec::new();
        for (k, c) in w.calls.iter().enumerate() {
            match c.call {
                BarrierCall::Hw(i) => {
                    let v = l
                        .lower(target.generation, i)
                        .map_err(|e| format!("{e} (line {}; target {})", c.line, target.name))?;
                    for (h, kind) in v {
                        ops.push((Key::Hw(h), kind, k, c.line));
                    }
                }
                BarrierCall::Init { barrier, count } => {
                    ops.push((Key::Declared(barrier), OpKind::Init(count), k, c.line))
                }
                BarrierCall::Join { barrier } => {
                    ops.push((Key::Declared(barrier), OpKind::Join, k, c.line))
                }
                BarrierCall::Drop { barrier } => {
                    ops.push((Key::Declared(barrier), OpKind::Drop, k, c.line))
                }
                BarrierCall::Arrive { barrier, new_count } => ops.push((
                    Key::Declared(barrier),
                    OpKind::Arrive {
                        new_count,
                        first: None,
                    },
                    k,
                    c.line,
                )),
                BarrierCall::Wait { barrier } => {
                    ops.push((Key::Declared(barrier), OpKind::Wait, k, c.line))
                }
            }
        }
        lowered.push(ops);
    }
    // Objects: one per (key, scope instance) used.
    let mut objects: BTreeMap<(Key, u32), usize> = BTreeMap::new();
    let mut sys = System::default();
    for (w, ops) in waves.iter().zip(&lowered) {
        for &(key, ..) in ops {
            let inst = placement(w).instance(level_of(key));
            objects.entry((key, inst)).or_insert(usize::MAX);
        }
    }
    let waves_in = |level: ScopeLevel, inst: u32| -> Vec<usize> {
        (0..waves.len())
            .filter(|&w| placement(&waves[w]).instance(level) == inst)
            .collect()
    };
    let mut wgs_in_cluster: BTreeMap<u32, Vec<u32>> = BTreeMap::new();
    for th in &program.threads {
        let c = wgs_in_cluster
            .entry(th.placement.instance(ScopeLevel::Cluster))
            .or_default();
        let wg = th.placement.instance(ScopeLevel::Workgroup);
        if !c.contains(&wg) {
            c.push(wg);
        }
    }
    for (&(key, inst), id) in objects.iter_mut() {
        let (name, launch_init, one) = match key {
            Key::Declared(b) => {
                let d = &program.barriers[b as usize];
                let where_ = match d.scope {
                    ScopeLevel::System => String::new(),
                    l => format!(" ({} {inst})", short(l)),
                };
                (format!("@{}{where_}", d.name), d.init, false)
            }
            Key::Hw(h) => {
                let r = hardware::rules(h);
                let init = match r.launch_init {
                    hardware::LaunchInit::WavesInWorkgroup => {
                        Some(waves_in(ScopeLevel::Workgroup, inst).len() as i64)
                    }
                    hardware::LaunchInit::WorkgroupsInCluster => {
                        Some(wgs_in_cluster.get(&inst).map_or(0, |v| v.len()) as i64)
                    }
                    hardware::LaunchInit::None => None,
                };
                (
                    hardware::object_name(h, inst),
                    init,
                    r.one_arrive_per_workgroup,
                )
            }
        };
        *id = sys.add_object(Object {
            name,
            launch_init,
            one_arrive_per_group: one,
        });
    }
    // Mutual exclusion: declared pairs and the named barriers [0, 16].
    let keys: Vec<((Key, u32), usize)> = objects.iter().map(|(k, v)| (*k, *v)).collect();
    for (i, &((ka, ia), a)) in keys.iter().enumerate() {
        for &((kb, ib), b) in &keys[i + 1..] {
            let excl = match (ka, kb) {
                (Key::Declared(x), Key::Declared(y)) => {
                    ia == ib
                        && program
                            .exclusive
                            .iter()
                            .any(|&(p, q)| (p == x && q == y) || (p == y && q == x))
                }
                (Key::Hw(x), Key::Hw(y)) => {
                    ia == ib && hardware::rules(x).named && hardware::rules(y).named
                }
                _ => false,
            };
            if excl {
                sys.exclusive.push((a, b));
            }
        }
    }
    // Actors: every wave in the scope instance of some object.
    let mut origins = Vec::new();
    let mut actor_of = vec![None; waves.len()];
    for (wi, w) in waves.iter().enumerate() {
        let pl = placement(w);
        // Hardware objects this wave joins at launch and drops at its end.
        let mut auto: Vec<(usize, hardware::AutoDrop)> = Vec::new();
        for (&(key, inst), &id) in &objects {
            if let Key::Hw(h) = key {
                let r = hardware::rules(h);
                if r.auto_join && pl.instance(hardware::scope(h)) == inst {
                    auto.push((id, r.auto_drop));
                }
            }
        }
        if lowered[wi].is_empty() && auto.is_empty() {
            continue;
        }
        let a = sys.add_actor(w.name.clone(), pl.instance(ScopeLevel::Workgroup));
        actor_of[wi] = Some(a);
        let mut push = |sys: &mut System, object, kind, auto, line, call| {
            origins.push(Origin { wave: wi, call });
            sys.push_op(Op {
                actor: a,
                object,
                kind,
                auto,
                line,
                tag: (origins.len() - 1) as u32,
            });
        };
        for &(id, _) in &auto {
            push(&mut sys, id, OpKind::Join, true, 0, None);
        }
        for &(key, kind, k, line) in &lowered[wi] {
            let id = objects[&(key, pl.instance(level_of(key)))];
            push(&mut sys, id, kind, false, line, Some(k));
        }
        // execution-synchronization.txt, "Init, Join and Drop": a wave drops
        // the barriers it joined when it ends. A wave cut off by the loop
        // bound has not ended (it is still in its loop): no drop, so the
        // waves waiting for it stay blocked, which is what a spin loop that
        // never exits does to them (see `engine::spin_stuck`).
        for &(id, drop) in auto.iter().filter(|_| !w.running) {
            if drop == hardware::AutoDrop::WaveEnd {
                push(&mut sys, id, OpKind::Drop, true, 0, None);
            }
        }
    }
    // Cluster barriers: one drop per workgroup, when its last wave ends.
    for (&(key, inst), &id) in &objects {
        let Key::Hw(h) = key else { continue };
        if hardware::rules(h).auto_drop != hardware::AutoDrop::WorkgroupEnd {
            continue;
        }
        let mut wgs: Vec<u32> = waves_in(hardware::scope(h), inst)
            .iter()
            .map(|&w| placement(&waves[w]).instance(ScopeLevel::Workgroup))
            .collect();
        // A workgroup with a wave still in its loop (cut off) has not ended.
        wgs.retain(|&wg| {
            !waves_in(ScopeLevel::Workgroup, wg)
                .iter()
                .any(|&w| waves[w].running)
        });
        wgs.sort_unstable();
        wgs.dedup();
        for wg in wgs {
            let members: Vec<usize> = waves_in(ScopeLevel::Workgroup, wg)
                .into_iter()
                .filter_map(|w| actor_of[w])
                .collect();
            let a = sys.add_actor(format!("end of wg {wg}"), wg);
            sys.actors[a].after = members;
            origins.push(Origin {
                wave: usize::MAX,
                call: None,
            });
            sys.push_op(Op {
                actor: a,
                object: id,
                kind: OpKind::Drop,
                auto: true,
                line: 0,
                tag: (origins.len() - 1) as u32,
            });
        }
    }
    Ok((sys, origins))
}

fn short(l: ScopeLevel) -> &'static str {
    match l {
        ScopeLevel::Workgroup => "wg",
        ScopeLevel::Wavefront => "wave",
        ScopeLevel::SingleThread => "thread",
        other => other.name(),
    }
}

/// The memory-model view of one barrier execution.
#[allow(clippy::too_many_arguments)]
fn run_of(
    paths: &[&Path],
    waves: &[Wave],
    sys: &System,
    origins: &[Origin],
    x: &Execution,
    divergence_messages: &[String],
    divergence: bool,
) -> BarrierRun {
    let mut run = BarrierRun::none(paths.len());
    // Blocked waves stop at their blocked wait.
    for b in &x.blocked {
        let o = origins[sys.ops[b.wait].tag as usize];
        if let (Some(k), Some(w)) = (o.call, waves.get(o.wave)) {
            for &l in &w.lanes {
                let c = &paths[l].barriers[k];
                run.truncate[l] = Some((c.events_before, c.guards_before));
            }
        }
    }
    // Where each operation sits in its lanes: events before it.
    let at = |op: usize, lane_index: usize| -> Option<(usize, usize)> {
        let o = origins[sys.ops[op].tag as usize];
        let w = waves.get(o.wave)?;
        let k = o.call?;
        let l = w.lanes[lane_index];
        Some((l, paths[l].barriers[k].events_before))
    };
    let performed: Vec<bool> = (0..sys.ops.len())
        .map(|op| x.performed_op(sys, op))
        .collect();
    for (arr, oa) in sys.ops.iter().enumerate() {
        if !matches!(oa.kind, OpKind::Arrive { .. }) || !performed[arr] {
            continue;
        }
        for (w, p) in x.wait_phase.iter().enumerate() {
            if p.is_none() || !x.executes_before.has(arr, w) {
                continue;
            }
            let (wa, ww) = (
                origins[oa.tag as usize].wave,
                origins[sys.ops[w].tag as usize].wave,
            );
            let (Some(wave_a), Some(wave_w)) = (waves.get(wa), waves.get(ww)) else {
                continue;
            };
            for li in 0..wave_a.lanes.len() {
                let Some((l, ea)) = at(arr, li) else { continue };
                for mi in 0..wave_w.lanes.len() {
                    let Some((m, ew)) = at(w, mi) else { continue };
                    if l == m {
                        continue;
                    }
                    let rel: Vec<usize> = paths[l].events[..ea.min(paths[l].events.len())]
                        .iter()
                        .enumerate()
                        .filter(|(_, e)| {
                            e.kind == EventKind::Fence && e.attrs.ordering.is_release()
                        })
                        .map(|(i, _)| i)
                        .collect();
                    let end = run.events(m, paths[m].events.len());
                    let acq: Vec<usize> = (ew..end)
                        .filter(|&j| {
                            let e = &paths[m].events[j];
                            e.kind == EventKind::Fence && e.attrs.ordering.is_acquire()
                        })
                        .collect();
                    for &i in &rel {
                        for &j in &acq {
                            run.sw.push((l, i, m, j));
                        }
                    }
                }
            }
        }
    }
    run.sw.sort_unstable();
    run.sw.dedup();
    let mut messages: Vec<String> = divergence_messages.to_vec();
    messages.extend(x.undefined.iter().map(|u| u.message.clone()));
    messages.extend(x.deadlock_messages(sys));
    run.ub = divergence || !x.undefined.is_empty();
    run.deadlock = x.is_deadlock();
    run.messages = messages;
    run.witness = Some(witness(sys, x, &run.messages));
    run
}

/// The barrier part of a witness: operations, *barrier-participates-in*,
/// *barrier-executes-before* across waves, the phase of each wait.
fn witness(sys: &System, x: &Execution, notes: &[String]) -> BarrierWitness {
    let mut index = vec![usize::MAX; sys.ops.len()];
    let mut ops = Vec::new();
    for (a, actor) in sys.actors.iter().enumerate() {
        for &op in &actor.ops[..x.performed[a]] {
            let o = &sys.ops[op];
            index[op] = ops.len();
            let mut label = format!(
                "b{}: {} {}",
                ops.len(),
                o.kind.name(),
                sys.objects[o.object].name
            );
            match o.kind {
                OpKind::Init(k) => label.push_str(&format!(" k={k}")),
                OpKind::Arrive {
                    new_count: Some(n), ..
                } => label.push_str(&format!(" expected={n}")),
                _ => {}
            }
            if o.auto {
                label.push_str(" (automatic)");
            }
            if let Some(p) = x.wait_phase[op] {
                label.push_str(&format!(" completes phase {}", x.phases[p].number));
            } else if o.kind == OpKind::Wait {
                label.push_str(" never completes");
            } else if let Some(p) = x.phases.iter().find(|p| p.participants.contains(&op)) {
                label.push_str(&format!(" [phase {}]", p.number));
            }
            ops.push(EventOut {
                thread: actor.name.clone(),
                label,
                line: o.line,
                kind: EventKindOut::Barrier,
                location: Some(sys.objects[o.object].name.clone()),
                ..EventOut::default()
            });
        }
    }
    let map = |v: Vec<(usize, usize)>| -> Vec<(usize, usize)> {
        v.into_iter()
            .filter(|&(a, b)| index[a] != usize::MAX && index[b] != usize::MAX)
            .map(|(a, b)| (index[a], index[b]))
            .collect()
    };
    let bpi = map(x.participates_in());
    // barrier-executes-before from arrives to waits of other waves: the
    // edges that pair fences.
    let mut cross = Vec::new();
    for (a, b) in x.executes_before.edges() {
        if sys.ops[a].actor != sys.ops[b].actor
            && matches!(sys.ops[a].kind, OpKind::Arrive { .. })
            && sys.ops[b].kind == OpKind::Wait
        {
            cross.push((a, b));
        }
    }
    let bexec = map(cross);
    BarrierWitness {
        ops,
        relations: vec![("bpi".into(), bpi), ("bexec".into(), bexec)],
        notes: notes.to_vec(),
    }
}
