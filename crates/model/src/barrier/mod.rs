//! The barrier execution model of `execution-synchronization.txt` ("Barriers",
//! "Execution Model"): barrier objects, the barrier operations each wave
//! performs on them, and the enumeration of the consistent barrier executions
//! with their undefined behaviour and deadlocks.
//!
//! This module is pure: it knows nothing of memory, litmus files or
//! hardware. Its input is a [`System`] — objects, actors (waves, each with its
//! sequence of operations in program order) and the
//! *barrier-mutually-exclusive* pairs —, its output the [`Execution`]s.
//! [`hardware`] maps the `s_barrier` intrinsics of each GPU generation onto
//! these operations; `amdmm-explore` links the result to the memory model.
//!
//! How an execution is found (see `search.rs` and docs/semantics.md,
//! "Barriers"): the operations are executed as a transition system whose runs
//! build *barrier-modification-order* one operation at a time, each wait
//! choosing the phase it completes with; the axioms that a run cannot
//! guarantee by construction (phase separation) and every "otherwise the
//! behaviour is undefined" clause are checked on the finished runs
//! (`checks.rs`). A run in which some wait can never complete is a deadlock.

mod checks;
pub mod hardware;
mod search;
#[cfg(test)]
mod tests;

use std::fmt;

/// Index into [`System::objects`].
pub type ObjId = usize;
/// Index into [`System::ops`].
pub type OpId = usize;
/// Index into [`System::actors`].
pub type ActorId = usize;

/// One barrier object instance.
///
/// execution-synchronization.txt, "Execution Model": "Barrier *objects* exist
/// within a *scope* [...], and each instance of a barrier *object* can only be
/// accessed by threads in the same *scope* instance." The caller creates one
/// `Object` per scope instance (a workgroup barrier is one object per
/// workgroup).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Object {
    /// Display name, e.g. `@B (wg 0)` or `the workgroup barrier (wg 1)`.
    pub name: String,
    /// `Some(k)`: initialised to expected count `k` before any thread starts
    /// (the hardware's launch-time init, or `barrier B workgroup = k;`). The
    /// launch init is then the first element of its
    /// *barrier-modification-order*.
    pub launch_init: Option<i64>,
    /// Cluster barriers: "only one wave per workgroup may arrive at the
    /// barrier on behalf of its entire workgroup" (execution-synchronization.txt,
    /// "s_barrier GFX12" table). Actors are grouped by [`Actor::group`].
    pub one_arrive_per_group: bool,
}

/// A barrier operation.
///
/// execution-synchronization.txt, "Execution Model": "A barrier operation is a
/// dynamic instance of one of the following: Barrier *init* [...] Barrier
/// *join* [...] Barrier *drop* [...] Barrier *arrive* [...] Barrier *wait*".
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum OpKind {
    /// "Barrier *init* takes an additional unsigned positive integer argument
    /// *k*. Sets the *expected count* of the *barrier object* to *k*. Resets
    /// the *arrive count* of the *barrier object* to zero."
    Init(i64),
    /// "Allow the thread that executes the operation to *wait* on a barrier
    /// *object*."
    Join,
    /// "Decrements *expected count* of the barrier *object* by one."
    Drop,
    /// "Increments the *arrive count* of the barrier *object* by one. If
    /// supported, an additional argument to *arrive* can also update the
    /// *expected count* of the barrier *object* before the *arrive count* is
    /// incremented".
    ///
    /// `first`: the run must make this arrive the first of its phase
    /// (`Some(true)`) or not (`Some(false)`) — `s_barrier_signal_isfirst`,
    /// whose result the thread has already branched on.
    Arrive {
        new_count: Option<i64>,
        first: Option<bool>,
    },
    /// "Introduces execution dependencies between threads; this operation
    /// depends on other barrier operations to complete."
    Wait,
}

impl OpKind {
    /// "Barrier modification operations are barrier operations that modify
    /// the barrier *object* state: Barrier *init*. Barrier *drop*. Barrier
    /// *arrive*."
    pub fn is_modification(self) -> bool {
        matches!(self, OpKind::Init(_) | OpKind::Drop | OpKind::Arrive { .. })
    }

    pub fn name(self) -> &'static str {
        match self {
            OpKind::Init(_) => "init",
            OpKind::Join => "join",
            OpKind::Drop => "drop",
            OpKind::Arrive { .. } => "arrive",
            OpKind::Wait => "wait",
        }
    }
}

/// One operation of one actor.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Op {
    pub actor: ActorId,
    pub object: ObjId,
    pub kind: OpKind,
    /// Performed by the hardware, not by an instruction: the join at launch
    /// and the drop when a wave (or, for cluster barriers, a workgroup) ends.
    pub auto: bool,
    /// Source line (0 for automatic operations).
    pub line: u32,
    /// Opaque to the model: lets the caller map the operation back.
    pub tag: u32,
}

/// Something that performs barrier operations: a wavefront ("`s_barrier`
/// instructions can only be used to synchronize threads at a wavefront
/// granularity"), or the end of a workgroup for a cluster barrier's drop.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Actor {
    /// Display name, e.g. `P0` or `P0+P1` (the lanes of the wave).
    pub name: String,
    /// Group for [`Object::one_arrive_per_group`] (the workgroup id).
    pub group: u32,
    /// Operations in program order.
    pub ops: Vec<OpId>,
    /// The actor starts only once these actors have performed all their
    /// operations (their operations are program-ordered before its own).
    pub after: Vec<ActorId>,
}

/// The barrier objects, actors and operations of one combination of thread
/// paths.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct System {
    pub objects: Vec<Object>,
    pub actors: Vec<Actor>,
    pub ops: Vec<Op>,
    /// "*Barrier-mutually-exclusive* is a symmetric relation between barrier
    /// *objects* that share resources in a way that restricts how a thread can
    /// use them at the same time." One entry per unordered pair.
    pub exclusive: Vec<(ObjId, ObjId)>,
}

impl System {
    pub fn add_object(&mut self, object: Object) -> ObjId {
        self.objects.push(object);
        self.objects.len() - 1
    }

    pub fn add_actor(&mut self, name: impl Into<String>, group: u32) -> ActorId {
        self.actors.push(Actor {
            name: name.into(),
            group,
            ops: Vec::new(),
            after: Vec::new(),
        });
        self.actors.len() - 1
    }

    /// Appends an operation to `actor`'s program order.
    pub fn push(&mut self, actor: ActorId, object: ObjId, kind: OpKind, line: u32) -> OpId {
        self.push_op(Op {
            actor,
            object,
            kind,
            auto: false,
            line,
            tag: 0,
        })
    }

    pub fn push_op(&mut self, op: Op) -> OpId {
        let id = self.ops.len();
        self.actors[op.actor].ops.push(id);
        self.ops.push(op);
        id
    }

    pub fn is_exclusive(&self, a: ObjId, b: ObjId) -> bool {
        a != b
            && self
                .exclusive
                .iter()
                .any(|&(x, y)| (x == a && y == b) || (x == b && y == a))
    }

    /// A short description of an operation for messages:
    /// `arrive @B (wg 0) by P0 (line 7)`.
    pub fn describe(&self, op: OpId) -> String {
        let o = &self.ops[op];
        let mut s = format!(
            "{} {} by {}",
            o.kind.name(),
            self.objects[o.object].name,
            self.actors[o.actor].name
        );
        if o.auto {
            s.push_str(" (automatic)");
        } else if o.line > 0 {
            s.push_str(&format!(" (line {})", o.line));
        }
        s
    }
}

/// A relation over barrier operations as bit rows.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct OpRel {
    n: usize,
    words: usize,
    bits: Vec<u64>,
}

impl OpRel {
    pub fn new(n: usize) -> OpRel {
        let words = n.div_ceil(64).max(1);
        OpRel {
            n,
            words,
            bits: vec![0; n * words],
        }
    }

    pub fn len(&self) -> usize {
        self.n
    }

    pub fn is_empty(&self) -> bool {
        self.bits.iter().all(|w| *w == 0)
    }

    pub fn add(&mut self, a: usize, b: usize) {
        self.bits[a * self.words + b / 64] |= 1 << (b % 64);
    }

    pub fn has(&self, a: usize, b: usize) -> bool {
        self.bits[a * self.words + b / 64] >> (b % 64) & 1 == 1
    }

    /// Successors of `a`.
    pub fn successors(&self, a: usize) -> impl Iterator<Item = usize> + '_ {
        (0..self.n).filter(move |&b| self.has(a, b))
    }

    /// All edges, in order.
    pub fn edges(&self) -> Vec<(usize, usize)> {
        let mut v = Vec::new();
        for a in 0..self.n {
            for b in self.successors(a) {
                v.push((a, b));
            }
        }
        v
    }

    /// Transitive closure (Warshall on bit rows).
    pub fn close(&mut self) {
        let w = self.words;
        for k in 0..self.n {
            let (kw, kb) = (k / 64, k % 64);
            for i in 0..self.n {
                if i != k && self.bits[i * w + kw] >> kb & 1 == 1 {
                    for j in 0..w {
                        let v = self.bits[k * w + j];
                        self.bits[i * w + j] |= v;
                    }
                }
            }
        }
    }

    /// Edges not implied by two other edges (for display).
    pub fn covering(&self) -> Vec<(usize, usize)> {
        self.edges()
            .into_iter()
            .filter(|&(a, b)| {
                !(0..self.n).any(|x| x != a && x != b && self.has(a, x) && self.has(x, b))
            })
            .collect()
    }
}

/// One completed phase of a barrier object: the operations that
/// *barrier-participate-in* the waits that complete with it.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Phase {
    pub object: ObjId,
    /// 1-based, per object, in *barrier-modification-order*.
    pub number: u32,
    /// The arrives and drops of the phase.
    pub participants: Vec<OpId>,
}

/// A wait that never completes.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Blocked {
    pub actor: ActorId,
    pub wait: OpId,
    pub object: ObjId,
    /// The *arrive count* the object reached.
    pub arrive_count: i64,
    /// Its *expected count* (`None`: never initialised).
    pub expected: Option<i64>,
}

/// The rule an undefined execution breaks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Clause {
    /// An init whose count is not a positive integer.
    InitCount,
    /// An arrive's new expected count is not above the arrive count.
    NewCount,
    /// The first element of barrier-modification-order is not an init.
    Uninitialised,
    /// A drop with no join barrier-joined-before it.
    DropWithoutJoin,
    /// A drop makes the expected count negative.
    DropNegative,
    /// An arrive followed by a drop before the thread saw the phase complete.
    DropRace,
    /// A wait with no join barrier-joined-before it.
    WaitWithoutJoin,
    /// A wait whose join does not barrier-execute-before any participant.
    WaitJoinNotBefore,
    /// Two waves of one workgroup arrive at a cluster barrier in one phase.
    ClusterArrive,
    /// Lanes of one wave reach different barrier operations.
    Divergence,
}

impl Clause {
    /// A short identifier, used in messages.
    pub fn id(self) -> &'static str {
        match self {
            Clause::InitCount => "init-count",
            Clause::NewCount => "arrive-new-count",
            Clause::Uninitialised => "uninitialised",
            Clause::DropWithoutJoin => "drop-without-join",
            Clause::DropNegative => "drop-negative",
            Clause::DropRace => "arrive-then-drop",
            Clause::WaitWithoutJoin => "wait-without-join",
            Clause::WaitJoinNotBefore => "wait-join-order",
            Clause::ClusterArrive => "cluster-arrive",
            Clause::Divergence => "divergence",
        }
    }

    /// The sentence of the specification that the clause implements.
    pub fn quote(self) -> &'static str {
        match self {
            Clause::InitCount => {
                "Barrier init takes an additional unsigned positive integer argument k."
            }
            Clause::NewCount => {
                "the new expected count cannot be less than or equal to the arrive count, otherwise the behavior is undefined."
            }
            Clause::Uninitialised => {
                "The first element in barrier-modification-order<BO> is always a barrier init, otherwise the behavior is undefined."
            }
            Clause::DropWithoutJoin => {
                "There is a barrier join J such that J -> D in barrier-joined-before; otherwise, the behavior is undefined."
            }
            Clause::DropNegative => {
                "D cannot cause the expected count of BO to become negative; otherwise, the behavior is undefined."
            }
            Clause::DropRace => {
                "For every pair of barrier arrive A and barrier drop D [...] such that A -> D in thread-barrier-order<BO>, one of the following must be true: A does not barrier-participates-in any barrier wait. A barrier-participates-in at least one barrier wait W such that W -> D in barrier-executes-before."
            }
            Clause::WaitWithoutJoin | Clause::WaitJoinNotBefore => {
                "There is a barrier join J such that J -> W in barrier-joined-before, and J must barrier-executes-before at least one operation X that barrier-participates-in W; otherwise, the behavior is undefined."
            }
            Clause::ClusterArrive => {
                "only one wave per workgroup may arrive at the barrier on behalf of its entire workgroup."
            }
            Clause::Divergence => {
                "s_barrier instructions are convergent within a wave, and thus can only be performed in wave-uniform control flow."
            }
        }
    }
}

impl fmt::Display for Clause {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}

/// One broken "otherwise the behaviour is undefined" clause.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Undefined {
    pub clause: Clause,
    /// The operation concerned.
    pub op: OpId,
    /// `clause-id: what happened`.
    pub message: String,
}

/// One consistent barrier execution (complete, or deadlocked).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Execution {
    /// Completed phases, per object in *barrier-modification-order*.
    pub phases: Vec<Phase>,
    /// Per operation: for a completed wait, the index into `phases` of the
    /// phase it completed with (its *barrier-participates-in* set).
    pub wait_phase: Vec<Option<usize>>,
    /// Per actor: how many of its operations were performed. A blocked actor
    /// stops at its blocked wait (which counts as performed: it started).
    pub performed: Vec<usize>,
    /// Waits that never complete (empty for a complete execution).
    pub blocked: Vec<Blocked>,
    /// Broken clauses, sorted.
    pub undefined: Vec<Undefined>,
    /// *barrier-executes-before* over the performed operations (transitive).
    pub executes_before: OpRel,
}

impl Execution {
    /// *barrier-participates-in*: (participant, wait) pairs.
    pub fn participates_in(&self) -> Vec<(OpId, OpId)> {
        let mut v = Vec::new();
        for (w, p) in self.wait_phase.iter().enumerate() {
            if let Some(p) = p {
                for &x in &self.phases[*p].participants {
                    v.push((x, w));
                }
            }
        }
        v.sort_unstable();
        v
    }

    pub fn is_deadlock(&self) -> bool {
        !self.blocked.is_empty()
    }

    /// Was operation `op` of `sys` performed in this execution?
    pub fn performed_op(&self, sys: &System, op: OpId) -> bool {
        let a = sys.ops[op].actor;
        sys.actors[a].ops[..self.performed[a]].contains(&op)
    }

    /// The deadlock messages: one per blocked object, naming the barrier, the
    /// waiting actors and the counts reached.
    pub fn deadlock_messages(&self, sys: &System) -> Vec<String> {
        let mut objs: Vec<ObjId> = self.blocked.iter().map(|b| b.object).collect();
        objs.sort_unstable();
        objs.dedup();
        objs.into_iter()
            .map(|o| {
                let bs: Vec<&Blocked> = self.blocked.iter().filter(|b| b.object == o).collect();
                let who: Vec<String> = bs
                    .iter()
                    .map(|b| {
                        let op = &sys.ops[b.wait];
                        if op.line > 0 {
                            format!("{} (line {})", sys.actors[b.actor].name, op.line)
                        } else {
                            sys.actors[b.actor].name.clone()
                        }
                    })
                    .collect();
                let counts = match bs[0].expected {
                    Some(e) => format!(
                        "arrive count {} of expected count {}",
                        bs[0].arrive_count, e
                    ),
                    None => format!("arrive count {}, never initialised", bs[0].arrive_count),
                };
                format!(
                    "deadlock: the wait on {} never completes for {}: {}",
                    sys.objects[o].name,
                    who.join(", "),
                    counts
                )
            })
            .collect()
    }
}

/// The search gave up.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TooBig(pub String);

/// Upper bound on the states one enumeration may visit.
pub const MAX_STATES: usize = 2_000_000;

/// Every consistent barrier execution of `sys`, complete or deadlocked,
/// without duplicates, in a deterministic order.
///
/// execution-synchronization.txt, note \[0\]: "The definition of
/// *barrier-participates-in* (in its current state) is non-deterministic [...]
/// Within a valid execution, there may be multiple ways to build
/// *barrier-participates-in*, however there is only one way to build it that
/// also satisfies all other relations and constraints". The search builds
/// *barrier-modification-order* and *barrier-participates-in* together and
/// keeps the runs that satisfy every constraint; it is not a product over the
/// arrives (see `search.rs`).
pub fn executions(sys: &System) -> Result<Vec<Execution>, TooBig> {
    executions_until(sys, None).map_err(|e| match e {
        Stop::TooBig(t) => t,
        Stop::Deadline => unreachable!("no deadline given"),
    })
}

/// Why [`executions_until`] stopped.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Stop {
    TooBig(TooBig),
    /// The deadline passed (the caller's `--timeout`).
    Deadline,
}

/// [`executions`], giving up when `deadline` passes (checked every few
/// hundred states of the search).
pub fn executions_until(
    sys: &System,
    deadline: Option<web_time::Instant>,
) -> Result<Vec<Execution>, Stop> {
    let runs = search::search(sys, deadline)?;
    let stat = checks::Static::new(sys);
    let mut out: Vec<Execution> = Vec::new();
    for run in runs {
        if let Some(x) = checks::finish(sys, &stat, run) {
            if !out.contains(&x) {
                out.push(x);
            }
        }
    }
    Ok(out)
}
