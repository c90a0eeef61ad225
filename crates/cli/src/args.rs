//! Command-line arguments (clap derive).

use amdmm_explore::{ModelKind, Target};
use clap::builder::PossibleValuesParser;
use clap::{Args, Parser, Subcommand};
use std::path::PathBuf;

const EXAMPLES: &str = "\
Examples:
  amdmm run litmus/                      run every .litmus file under litmus/
  amdmm run --check litmus/              compare each result with its `expect` line
  amdmm run --show-executions t.litmus   also print one witness execution per final state
  amdmm run --json --no-time litmus/ > out.json
  amdmm run --model upstream --loop-bound 4 t.litmus
  amdmm run --graph out/ t.litmus        one SVG execution graph per final state in out/

Exit status: 0 success; 1 a --check failure; 2 bad input, a missing path or an
internal error (2 takes precedence over 1).";

/// `amdmm --version`: the workspace version and the git revision built
/// from (crates/cli/build.rs).
pub(crate) const VERSION: &str = concat!(
    env!("CARGO_PKG_VERSION"),
    " (",
    env!("AMDMM_GIT_REVISION"),
    ")"
);

/// Executable model of AMDGPU concurrency semantics: litmus tests in, every
/// allowed outcome out (herd-compatible text or JSON).
#[derive(Parser, Debug)]
#[command(name = "amdmm", version = VERSION, after_help = EXAMPLES)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,

    /// Colour diagnostics: `auto` when standard error is a terminal and NO_COLOR is not set.
    #[arg(
        long,
        global = true,
        value_name = "WHEN",
        value_enum,
        default_value = "auto"
    )]
    pub color: crate::diag::ColorChoice,
}

// `amdmm --help` lists the subcommands in the order of this enum, grouped by
// what a user does, most used first: the memory model, hardware and compiler,
// other inputs, reference and setup. A new subcommand goes at the end of its
// group (tests/cli.rs checks the groups' order through `--help`).
#[derive(Subcommand, Debug)]
pub enum Command {
    // The memory model: run tests, explain a state, compare rule sets, generate tests.
    /// Run litmus tests: files, or directories searched recursively for `.litmus` files.
    #[command(after_help = EXAMPLES)]
    Run(RunArgs),
    /// Why is a final state forbidden? The candidate executions ending in it, each class with
    /// the first rule it breaks (quoted) and its graph; for an allowed state, the witness.
    Explain(crate::explain::ExplainArgs),
    /// Run tests under several rule sets (--model seed --model upstream) and list those whose
    /// observations, flags or final states differ, with the states only one model allows.
    Compare(crate::compare::CompareArgs),
    /// Write a campaign of generated tests: SB, MP, LB, WRC, IRIW, ISA2, CoRR, CoWW with N
    /// threads, scope and ordering variants, or the hardware guard tests of litmus/hw/mp.
    Gen(crate::gen::GenArgs),
    /// Write the tests of every critical cycle of relaxation edges (herd's diy7): -size,
    /// -nprocs, -relax, -safe, a vocabulary with AMDGPU's orderings, scopes, address spaces,
    /// fences, RMWs and barriers, and thread placements.
    Diy(crate::diy::DiyArgs),
    /// Run generated (or given) tests through the memory model and `verify` on many targets
    /// and code sources; resumable, shardable (--shard K/N, `campaign merge`), one report.
    Campaign(crate::campaign::CampaignArgs),

    // Hardware and compiler: the tables' and llc's code on the hardware models, LDS banks.
    /// Check that every outcome of the hardware model of a target is allowed by the memory
    /// model; print a step-by-step trace for each one that is not (`amdmm docs hardware`).
    Verify(crate::verify::VerifyArgs),
    /// Print the machine code each operation of a test lowers to on a target, following the
    /// code-sequence tables of AMDGPUUsage (`amdmm docs hardware`).
    Lower(crate::lower::LowerArgs),
    /// Print the LLVM IR amdmm makes of a test, or LLVM llc's assembly for it (`amdmm docs llc`).
    Compile(crate::code::CompileArgs),
    /// Analyse the LDS bank conflicts and addressing of one DS instruction for one wavefront.
    Lds(crate::lds::LdsArgs),
    /// Write each test as a standalone HIP program that runs it on a ROCm GPU many times and
    /// prints the histogram of final states (`amdmm docs gpu`).
    Hip(crate::hip::HipArgs),
    /// Compare histograms observed on a GPU (`amdmm hip`'s programs, litmus7 logs) with the
    /// model: an observed state the model forbids fails, naming the test.
    CheckObserved(crate::hip::CheckObservedArgs),

    // Other inputs: asynchronous-copy lint, other suites, real kernels.
    /// Check asynchronous LDS DMA code (asyncmark / wait.asyncmark) without exploring executions.
    Lint(crate::lint::LintArgs),
    /// Translate another suite into litmus tests (`import vulkan-alloy`: the Khronos Vulkan
    /// memory model tests), check the translations and write the cross-check report.
    Import(crate::import::ImportArgs),
    /// Check a real kernel: an LLVM IR module or HIP / OpenCL source on a launch grid; print
    /// its races (by source line), undefined reads, barrier deadlocks, assertion failures and
    /// final buffer values (`amdmm docs kernels`).
    Kernel(crate::kernel::KernelArgs),

    // Reference and setup.
    /// Print a page of the documentation (built in): `amdmm docs` lists them.
    Docs(crate::docs::DocsArgs),
    /// Print the JSON Schema of a command's `--json` document (`amdmm docs json`).
    Schema(crate::schema::SchemaArgs),
    /// Print a shell completion script (bash, zsh, fish, elvish, powershell).
    Completions(crate::shell::CompletionsArgs),
    /// Print the man page (roff): amdmm(1), or `amdmm man COMMAND` for amdmm-COMMAND(1).
    Man(crate::shell::ManArgs),
}

#[derive(Args, Debug)]
pub struct RunArgs {
    /// Test files, or directories (searched recursively for `*.litmus`, in sorted path order).
    #[arg(value_name = "FILE_OR_DIR", required = true)]
    pub paths: Vec<PathBuf>,

    /// Compare each result with the test's `expect` line; print `FAIL ...` per failure after
    /// the last test and `N passed, N failed` in the summary line; exit 1 if any failed (a
    /// missing `expect` line fails).
    #[arg(long)]
    pub check: bool,

    /// Print one JSON document instead of the text blocks (schema: `amdmm docs json`).
    #[arg(long)]
    pub json: bool,

    /// Print only the `--check` failures, the diagnostics and the summary line, not the
    /// per-test blocks.
    #[arg(long, short = 'q')]
    pub quiet: bool,

    /// After each test, print one witness execution per final state: events and relations.
    #[arg(long)]
    pub show_executions: bool,

    /// Tests run in parallel [default: the number of cores]. Output order and content do not
    /// depend on N.
    #[arg(long, short = 'j', value_name = "N", value_parser = parse_jobs)]
    pub jobs: Option<usize>,

    /// Each loop runs at most N iterations; executions cut short raise the `cutoff` flag.
    #[arg(long, value_name = "N", default_value_t = 2)]
    pub loop_bound: u32,

    /// Give up on a test (observation `Unknown`) after N candidate executions of the memory
    /// model (the limit's one name in run, explain, compare and verify; `--max-executions` is
    /// an alias).
    #[arg(
        long = "max-candidates",
        visible_alias = "max-executions",
        value_name = "N"
    )]
    pub max_executions: Option<u64>,

    /// Give up on a test (observation `Unknown`) after SECS seconds (with --target too).
    #[arg(long, value_name = "SECS", value_parser = parse_secs)]
    pub timeout: Option<f64>,

    /// Give up on a test (observation `Unknown`) when the process's resident memory passes
    /// MIB mebibytes (with --target too).
    #[arg(long, value_name = "MIB", default_value_t = amdmm_explore::DEFAULT_MAX_MEMORY_MIB,
          value_parser = parse_mib)]
    pub max_memory: u64,

    /// Rule set: `seed` (the specification's memory model), `upstream` (LLVM's
    /// AMDGPUMemoryModel) or `proposed` (not normative: the seed plus the
    /// wording changes of `amdmm docs findings`); how they differ: `amdmm docs
    /// semantics`.
    #[arg(long, value_name = "NAME", default_value = "seed",
          value_parser = PossibleValuesParser::new(ModelKind::NAMES))]
    pub model: String,

    /// Run the lowered code on the operational hardware model of TARGET (e.g. gfx942,
    /// gfx90a:tgsplit) instead of the memory model, and print the hardware outcomes
    /// (`amdmm docs hardware`).
    #[arg(long, value_name = "TARGET")]
    pub target: Option<String>,

    /// With --target: where the machine code comes from (`amdmm docs llc`).
    #[command(flatten)]
    pub code: crate::code::CodeArgs,

    /// With --target: the hardware model's references (as in `amdmm verify`).
    #[command(flatten)]
    pub reductions: crate::verify::ReductionArgs,

    /// The GPU whose barrier intrinsics the memory model applies: gfx6xx-gfx11xx (GFX6-11:
    /// s.barrier only), gfx120x (GFX12: split barriers), gfx125x (GFX12.5: named and cluster
    /// barriers). Intrinsics the target lacks are errors. [default: the newest, GFX12.5]
    #[arg(long = "barrier-target", value_name = "GFX", value_parser = parse_barrier_target)]
    pub barrier_target: Option<Target>,

    /// Write one execution graph per witness (one per final state, one per deadlocked
    /// execution) into DIR, named `TEST.state-K.svg` / `TEST.deadlock-K.svg`; with --target,
    /// one hardware trace per final state as a sequence diagram (`TEST.TARGET.state-K.svg`).
    #[arg(long, value_name = "DIR")]
    pub graph: Option<PathBuf>,

    /// Format of `--graph`: `svg` (laid out by Graphviz `dot`; DOT is written instead, with a
    /// note, when Graphviz is missing) or `dot` (Graphviz source, written by amdmm).
    #[arg(long, value_name = "FORMAT", value_enum, default_value = "svg")]
    pub graph_format: crate::graphviz::GraphFormat,

    /// With --graph: `all` final states' witnesses, or only those `satisfying` the condition's
    /// proposition (deadlocked executions are drawn either way). Each test also gets
    /// `TEST.index.txt` saying which file shows which state.
    #[arg(
        long,
        value_name = "WHICH",
        value_enum,
        default_value = "all",
        requires = "graph"
    )]
    pub graph_states: GraphStates,

    /// With --graph: leave out the initial writes and their edges.
    #[arg(long, requires = "graph")]
    pub graph_no_init: bool,

    /// With --graph: draw only these relations (comma-separated: rf,mo,hb,sw,av,vis,lo,...;
    /// program order is always drawn).
    #[arg(long, value_name = "LIST", value_delimiter = ',', requires = "graph",
          value_parser = PossibleValuesParser::new(amdmm_report::relation_names()))]
    pub graph_relations: Option<Vec<String>>,

    /// Replace files in the --graph directory that amdmm did not write (amdmm's own are
    /// replaced freely; a symbolic link, FIFO or other non-regular file is refused even so).
    #[arg(long)]
    pub force: bool,

    /// Omit the `Time` lines (and JSON times): the only output that varies between runs,
    /// so the output becomes byte-for-byte reproducible.
    #[arg(long)]
    pub no_time: bool,

    /// Enumerate every reads-from choice, the reference mode. By default a read whose value
    /// nothing shown depends on (and that synchronizes nothing) gets one consistent choice per
    /// choice of the others, not all: same output, only JSON `candidates` differs
    /// (`amdmm docs performance`).
    #[arg(long)]
    pub exhaustive: bool,
}

/// `run --graph-states`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum GraphStates {
    /// Every final state's witness.
    All,
    /// Only the states that satisfy the condition's proposition.
    Satisfying,
}

fn parse_barrier_target(s: &str) -> Result<Target, String> {
    amdmm_explore::parse_target(s)
}

pub(crate) fn parse_jobs(s: &str) -> Result<usize, String> {
    match s.parse::<usize>() {
        Ok(n) if n >= 1 => Ok(n),
        _ => Err(format!("`{s}` is not a positive number of jobs")),
    }
}

/// A memory size in MiB: a positive integer.
pub(crate) fn parse_mib(s: &str) -> Result<u64, String> {
    match s.parse::<u64>() {
        Ok(x) if (1..=1 << 40).contains(&x) => Ok(x),
        _ => Err(format!("`{s}` is not a positive number of MiB")),
    }
}

pub(crate) fn parse_secs(s: &str) -> Result<f64, String> {
    match s.parse::<f64>() {
        Ok(x) if x.is_finite() && x > 0.0 && x < MAX_SECS => Ok(x),
        // The cap is named: "not a positive number" for 1e9 hid it (issue 24).
        Ok(x) if x >= MAX_SECS => Err(format!(
            "`{s}` seconds is above the largest timeout, {MAX_SECS:e} seconds (leave --timeout out for none)"
        )),
        _ => Err(format!("`{s}` is not a positive number of seconds")),
    }
}

/// The largest `--timeout` (about 31 years): a deadline past it would
/// overflow the clock arithmetic.
const MAX_SECS: f64 = 1e9;
