//! What an exploration produces for one test: the report stage's input.

use amdmm_program::{Flags, Observable, Observation, Value};
use schemars::JsonSchema;
use serde::Serialize;

/// One final state: the value of every shown observable, in the order of
/// `Program::shown_observables`.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
pub struct FinalState {
    pub values: Vec<ValueOut>,
    /// Does the state satisfy the condition's proposition?
    pub satisfies: bool,
    /// Flags raised by the executions that end in this state.
    pub flags: FlagsOut,
}

/// `Value` in a serialisable form (`undef`, an integer, or the decimal of
/// a floating-point observable's value).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, JsonSchema)]
#[serde(untagged)]
pub enum ValueOut {
    Int(i64),
    Undef(UndefTag),
    /// Serialised as its decimal text (`"1.5"`, `"-0.0"`, `"nan"`).
    Float(#[schemars(with = "String")] FloatOut),
}

/// The value of a `half` / `float` / `double` observable: its bits and the
/// width of its type.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct FloatOut {
    pub bits: i64,
    pub width: u8,
}

impl FloatOut {
    fn ty(self) -> amdmm_program::Ty {
        match self.width {
            16 => amdmm_program::Ty::Half,
            32 => amdmm_program::Ty::Float,
            _ => amdmm_program::Ty::Double,
        }
    }
}

impl Serialize for FloatOut {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&amdmm_program::float::display(self.ty(), self.bits))
    }
}

impl ValueOut {
    /// The checker's value (a floating-point value is its bits).
    pub fn value(self) -> Value {
        match self {
            ValueOut::Int(i) => Value::Int(i),
            ValueOut::Float(x) => Value::Int(x.bits),
            ValueOut::Undef(_) => Value::Undef,
        }
    }

    /// How `program` shows `v` for `obs`: a floating-point observable's
    /// value as a decimal, anything else as it is.
    pub fn shown(program: &amdmm_program::Program, obs: &Observable, v: Value) -> ValueOut {
        match (program.float_type(obs), v) {
            (Some(ty), Value::Int(bits)) => ValueOut::Float(FloatOut {
                bits,
                width: ty.bits() as u8,
            }),
            _ => v.into(),
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, JsonSchema)]
pub enum UndefTag {
    /// A read returned `undef` (a race, or no write location-ordered
    /// before it), or arithmetic on one.
    #[serde(rename = "undef")]
    Undef,
    /// A register that no executed instruction wrote (on a branch that was
    /// not taken): printed `unwritten`, and `undef` to the condition
    /// (docs/format.md, "The final condition").
    #[serde(rename = "unwritten")]
    Unwritten,
}

impl From<Value> for ValueOut {
    fn from(v: Value) -> Self {
        match v {
            Value::Int(i) => ValueOut::Int(i),
            Value::Undef => ValueOut::Undef(UndefTag::Undef),
        }
    }
}

impl std::fmt::Display for ValueOut {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ValueOut::Int(i) => write!(f, "{i}"),
            ValueOut::Undef(UndefTag::Undef) => f.write_str("undef"),
            ValueOut::Undef(UndefTag::Unwritten) => f.write_str("unwritten"),
            ValueOut::Float(x) => f.write_str(&amdmm_program::float::display(x.ty(), x.bits)),
        }
    }
}

#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, JsonSchema,
)]
pub struct FlagsOut {
    pub race: bool,
    pub ub: bool,
    pub deadlock: bool,
    pub cutoff: bool,
}

impl From<Flags> for FlagsOut {
    fn from(f: Flags) -> Self {
        FlagsOut {
            race: f.race,
            ub: f.ub,
            deadlock: f.deadlock,
            cutoff: f.cutoff,
        }
    }
}

impl From<FlagsOut> for Flags {
    fn from(f: FlagsOut) -> Self {
        Flags {
            race: f.race,
            ub: f.ub,
            deadlock: f.deadlock,
            cutoff: f.cutoff,
        }
    }
}

/// Why a run could not give a verdict.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub enum LimitReason {
    /// `--max-candidates N` (alias `--max-executions`) was reached.
    MaxExecutions(u64),
    /// `--timeout SECS` per test was reached (the limit in milliseconds,
    /// so that `--timeout 0.5` is reported as 0.5s, not 0s).
    Timeout(u64),
    /// `--max-memory MIB`: the process's resident memory passed it (MiB).
    Memory(u64),
    /// The test needs more events than the engine supports in one execution.
    TooManyEvents(usize),
    /// A feature the engine does not implement yet (named).
    Unsupported(String),
    /// A thread has too many paths, or too long a path (named).
    PathLimit(String),
    /// The search ended without any execution to report: no complete,
    /// deadlocked, cut-off or `llvm.assume`-discarded execution (every
    /// candidate was rejected). The format's "Never … also when there is no
    /// complete execution at all" is for executions that `assume` discards
    /// or that deadlock; an execution lost otherwise is the tool failing,
    /// never a verdict.
    NoExecution,
    /// Another part of the same test reached a limit (internal: never the
    /// reason reported when a real limit is known).
    Stopped,
}

/// A `--timeout` as the milliseconds [`LimitReason::Timeout`] carries
/// (saturating: a timeout of centuries is still a number).
pub fn millis(d: std::time::Duration) -> u64 {
    u64::try_from(d.as_millis()).unwrap_or(u64::MAX)
}

/// Milliseconds as the seconds a user typed: `2s`, `0.5s`, `1.25s`.
fn seconds_text(ms: u64) -> String {
    let (s, frac) = (ms / 1000, ms % 1000);
    if frac == 0 {
        format!("{s}s")
    } else {
        let digits = format!("{frac:03}");
        format!("{s}.{}s", digits.trim_end_matches('0'))
    }
}

impl std::fmt::Display for LimitReason {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            LimitReason::MaxExecutions(n) => write!(f, "limit reached: --max-candidates {n}"),
            LimitReason::Timeout(ms) => write!(
                f,
                "limit reached: --timeout {} (per test)",
                seconds_text(*ms)
            ),
            LimitReason::Memory(m) => write!(
                f,
                "limit reached: --max-memory {m} MiB (resident memory of the process)"
            ),
            LimitReason::TooManyEvents(n) => {
                write!(
                    f,
                    "limit reached: an execution has {n} events (at most 256 supported; 64 with an execution visitor)"
                )
            }
            LimitReason::Unsupported(what) => write!(f, "unsupported: {what}"),
            LimitReason::PathLimit(what) => write!(f, "limit reached: {what}"),
            LimitReason::NoExecution => write!(
                f,
                "no execution: every candidate execution was rejected (none complete, deadlocked, cut off or discarded by llvm.assume)"
            ),
            LimitReason::Stopped => write!(f, "limit reached"),
        }
    }
}

/// A witness execution, already rendered as text lines (for `--show-executions`)
/// and as structured data (for `--json`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, JsonSchema)]
pub struct Witness {
    /// Index into `Outcome::states` of the state this execution ends in.
    pub state: usize,
    pub events: Vec<EventOut>,
    /// Program order, immediate edges only (event indices into `events`).
    pub po: Vec<(usize, usize)>,
    /// Named relations: ("rf", [(from, to)...]), ("mo", ...), ("hb", ...),
    /// ("av", ...), ("vis", ...), ("lo", ...); event indices into `events`.
    pub relations: Vec<(String, Vec<(usize, usize)>)>,
    /// The barrier execution, when the test has barrier operations.
    pub barrier: Option<BarrierWitness>,
}

/// The barrier part of a witness: the barrier operations performed,
/// *barrier-participates-in* and *barrier-executes-before*, and the
/// undefined behaviour and deadlocks of the execution.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, JsonSchema)]
pub struct BarrierWitness {
    /// `thread` is the wave (its lanes joined by `+`); labels name the
    /// operation, the barrier object and the phase (`b3: wait @B (wg 0)
    /// completes phase 1`).
    pub ops: Vec<EventOut>,
    /// ("bpi", participant → wait), ("bexec", arrive → wait of another wave
    /// that it barrier-executes-before); indices into `ops`.
    pub relations: Vec<(String, Vec<(usize, usize)>)>,
    /// The broken clauses and the waits that never complete.
    pub notes: Vec<String>,
}

/// Why an execution raised `ub` or `deadlock`, for the barrier model.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, JsonSchema)]
pub struct Note {
    /// `ub`, `deadlock`, `finding` (a result that comes from a specification
    /// finding) or `undef` (the condition compares a racy undef with a number).
    pub flag: String,
    /// `clause: what happened` (`deadlock: the wait on ... never completes ...`).
    pub text: String,
}

#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, JsonSchema)]
pub struct EventOut {
    /// `init`, or the thread name.
    pub thread: String,
    /// A short label, e.g. `e3: W.rel.agent x=1`.
    pub label: String,
    /// Source line of the instruction (0 for initial writes).
    pub line: u32,
    /// What the event is (`read`, `write`, `rmw`, `fence`, `barrier`): the
    /// label's first word as a field.
    pub kind: EventKindOut,
    /// The location instance accessed (`x`, `wg1:t[0]`); `None` (JSON
    /// null) for fences and barrier operations.
    pub location: Option<String>,
    /// The value read (reads and RMWs).
    pub read_value: Option<ValueOut>,
    /// The value written (writes and RMWs).
    pub write_value: Option<ValueOut>,
    /// `na`, `monotonic`, `acquire`, ... (`None` for barrier operations).
    pub ordering: Option<String>,
    /// The sync scope of an atomic or fence (`agent`, `workgroup-one-as`).
    pub scope: Option<String>,
    /// One of the asynchronous LDS DMA transfers' events.
    #[serde(rename = "async")]
    pub is_async: bool,
    /// Where the thread runs (`None`, JSON null, for initial writes).
    pub placement: Option<PlacementOut>,
}

/// The kind of a witness event.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum EventKindOut {
    #[default]
    Read,
    Write,
    Rmw,
    Fence,
    /// A barrier operation (`BarrierWitness::ops`).
    Barrier,
}

/// A thread's place in the scope hierarchy: the instance ids of its agent,
/// cluster, workgroup and wave (as in `@ agent A, cluster C, wg W, wave V`).
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, JsonSchema,
)]
pub struct PlacementOut {
    pub agent: u32,
    pub cluster: u32,
    pub wg: u32,
    pub wave: u32,
}

impl From<amdmm_program::Placement> for PlacementOut {
    fn from(p: amdmm_program::Placement) -> Self {
        use amdmm_program::ScopeLevel;
        PlacementOut {
            agent: p.instance(ScopeLevel::Agent),
            cluster: p.instance(ScopeLevel::Cluster),
            wg: p.instance(ScopeLevel::Workgroup),
            wave: p.instance(ScopeLevel::Wavefront),
        }
    }
}

/// The result of exploring one test.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Outcome {
    /// Column headers of `states` (`P1:%r0`, `x`, `wg1:t[0]`).
    pub columns: Vec<String>,
    /// Distinct final states of complete executions, sorted.
    pub states: Vec<FinalState>,
    /// Complete executions whose final state satisfies the proposition.
    pub positive: u64,
    /// Complete executions whose final state does not.
    pub negative: u64,
    /// Union of the flags of all executions (complete or not).
    pub flags: FlagsOut,
    /// `None` when a limit was reached: the verdict is Unknown.
    pub observation: Option<Observation>,
    pub limit: Option<LimitReason>,
    /// Executions cut off by the loop bound (not in `states`).
    pub cutoff_executions: u64,
    /// Executions discarded by an `llvm.assume` whose condition is false
    /// (not in `states`).
    pub assume_discarded: u64,
    /// Candidate executions examined (for statistics and benchmarks).
    pub candidates: u64,
    /// One witness per state, when requested.
    pub witnesses: Vec<Witness>,
    /// Barrier undefined behaviour and deadlocks met by some execution,
    /// sorted, without repetition.
    pub notes: Vec<Note>,
    /// Deadlocked executions (they have no final state), when witnesses are
    /// requested: one per distinct set of notes.
    pub deadlocks: Vec<Witness>,
}

impl Outcome {
    /// No states, no verdict yet: the columns of `program`'s shown
    /// observables and everything else empty.
    pub fn empty(program: &amdmm_program::Program) -> Outcome {
        Outcome {
            columns: program
                .shown_observables()
                .iter()
                .map(|o| program.observable_name(o))
                .collect(),
            states: Vec::new(),
            positive: 0,
            negative: 0,
            flags: FlagsOut::default(),
            observation: None,
            limit: None,
            cutoff_executions: 0,
            assume_discarded: 0,
            candidates: 0,
            witnesses: Vec::new(),
            notes: Vec::new(),
            deadlocks: Vec::new(),
        }
    }
}
