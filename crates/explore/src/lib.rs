//! amdmm-explore: the third stage of the pipeline (parse → program →
//! **exploration** → model checks → report).

pub mod barrier;
mod combos;
pub mod condition;
mod engine;
pub mod explain;
mod feasible;
mod findings;
/// The scaling families of the benchmarks, now in `amdmm-gen` (shared with `amdmm gen`).
pub use amdmm_gen::families;
pub mod locations;
mod mo;
mod projection;
pub mod result;
pub mod symbolic;
mod symmetry;
mod witness;
pub mod witness_json;
mod work_items;

pub use amdmm_model::barrier::hardware::{parse_target, Generation, Target};
pub use amdmm_model::ModelKind;
/// How an observed byte-level `@x` is composed of its bytes (shared with
/// the hardware models' final states).
pub use engine::{compose_bytes, observed_cells};
pub use result::*;

use amdmm_program::Program;
use std::time::Duration;

/// How to explore a test.
#[derive(Clone, Debug)]
pub struct Options {
    /// Each loop may run at most this many iterations (back-edges per thread).
    pub loop_bound: u32,
    /// Stop with `Unknown` after this many candidate executions.
    pub max_executions: Option<u64>,
    /// Stop with `Unknown` after this much time.
    pub timeout: Option<Duration>,
    /// Stop with `Unknown` when the process's resident memory passes this
    /// many MiB ([`resident_mib`]).
    pub max_memory: Option<u64>,
    pub model: ModelKind,
    /// Collect one witness execution per final state.
    pub witnesses: bool,
    /// The GPU whose barrier intrinsics apply (`--barrier-target`; default: the
    /// newest generation).
    pub target: amdmm_model::barrier::hardware::Target,
    /// Enumerate every reads-from choice (`--exhaustive`, the reference
    /// mode) instead of one consistent choice of the reads nothing observes
    /// per assignment of the others (the projected search, `projection`).
    /// Both print the same outcome; only `candidates` differs.
    pub exhaustive: bool,
    /// Explore interchangeable threads in one arrangement (`symmetry`,
    /// read-only threads; with `work_item_symmetry`, `work_items`). False:
    /// every execution (`amdmm kernel --no-symmetry`, the reference).
    pub symmetry: bool,
    /// The symmetry of work-items running the same code (`work_items`)
    /// instead of that of read-only threads: the kernel front end's.
    pub work_item_symmetry: bool,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            loop_bound: 2,
            max_executions: None,
            timeout: None,
            max_memory: None,
            model: ModelKind::Seed,
            witnesses: false,
            target: Default::default(),
            exhaustive: false,
            symmetry: true,
            work_item_symmetry: false,
        }
    }
}

/// The resident memory of this process in MiB, where the system says
/// (Linux: `/proc/self/statm`); `None` elsewhere, and the memory limit is
/// then not enforced.
pub fn resident_mib() -> Option<u64> {
    let statm = std::fs::read_to_string("/proc/self/statm").ok()?;
    let pages: u64 = statm.split_whitespace().nth(1)?.parse().ok()?;
    Some(pages * 4096 / (1 << 20))
}

/// The default of `--max-memory` (MiB): a run that would need more ends
/// with `Unknown` rather than with the kernel killing the process.
pub const DEFAULT_MAX_MEMORY_MIB: u64 = 4096;

/// Explores every candidate execution of `program` and returns the outcome.
pub fn explore(program: &Program, opts: &Options) -> Outcome {
    engine::run(program, opts, None)
}

/// [`explore`] with `--timeout` counted from `started` (when reading the
/// test began, [`load`]), so that parsing, lowering and exploring share one
/// time limit.
pub fn explore_since(program: &Program, opts: &Options, started: web_time::Instant) -> Outcome {
    engine::run_collecting_since(program, opts, None, false, started).0
}

/// Why [`load`] gave no program.
#[derive(Debug)]
pub enum LoadError {
    /// The test is invalid: the parser's and the lowering's errors.
    Invalid(Vec<amdmm_program::Diagnostic>),
    /// `--timeout` or `--max-memory` was reached while reading the test.
    Limit(LimitReason),
}

/// Parses and lowers `src` under the limits of `opts` that apply before
/// any execution exists: `--timeout` (counted from `started`) and
/// `--max-memory`, checked every few thousand characters, tokens and
/// statements ([`amdmm_program::load_within`]). A test too big to read
/// within them is `Unknown` with the limit, like one too big to explore
/// (issue 24: 100,000 threads parsed for 38 s under `--timeout 2`).
pub fn load(src: &str, opts: &Options, started: web_time::Instant) -> Result<Program, LoadError> {
    let timed_out = || opts.timeout.is_some_and(|t| started.elapsed() > t);
    let too_big = || {
        opts.max_memory
            .is_some_and(|max| resident_mib().is_some_and(|m| m > max))
    };
    let check = || timed_out() || too_big();
    let budget = amdmm_program::Budget::new(&check);
    match amdmm_program::load_within(src, &budget) {
        Some(loaded) => loaded.map_err(LoadError::Invalid),
        None => Err(LoadError::Limit(match (opts.timeout, opts.max_memory) {
            (Some(t), _) if timed_out() => LimitReason::Timeout(millis(t)),
            (_, Some(max)) => LimitReason::Memory(max),
            (t, None) => LimitReason::Timeout(t.map_or(0, millis)),
        })),
    }
}

/// Like [`explore`], calling `visit` with every consistent execution (for
/// property tests and tools that inspect executions).
pub fn explore_visiting(program: &Program, opts: &Options, visit: engine::Visitor) -> Outcome {
    engine::run(program, opts, Some(visit))
}

/// Like [`explore`], also returning every read of a consistent execution
/// that returned `undef`, with the write it races with when there is one
/// (the kernel front end names them by source line).
pub fn explore_findings(program: &Program, opts: &Options) -> (Outcome, Findings) {
    engine::run_collecting(program, opts, None, true)
}

pub use amdmm_graph::{BitRel, ExecutionGraph};
pub use amdmm_model::Analysis;
pub use engine::Visitor;
pub use engine::{FindingKey, Findings, ReadFinding};
