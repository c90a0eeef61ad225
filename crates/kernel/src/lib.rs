//! amdmm-kernel: the kernel front end. An LLVM IR module (the `.ll` clang
//! emits for a HIP or OpenCL kernel) and a launch grid become the same
//! [`amdmm_program::Program`] a litmus test does: every modelled work-item
//! a thread, every buffer and LDS variable a symbol. Exploration, the
//! memory model and the reports are the litmus pipeline's.

pub mod debug;
pub mod error;
pub mod expect;
pub mod ir;
pub mod launch;
mod lexer;
pub mod lower;
pub mod parse;
pub mod report;
pub mod witness;

pub use error::KernelError;
pub use launch::{ArgValue, InitValue, Launch};
pub use lower::{build, pick_kernel, BuildOptions, Built};

/// How to run one module.
#[derive(Clone, Debug, Default)]
pub struct RunOptions {
    pub kernel: Option<String>,
    pub spec: launch::LaunchSpec,
    /// The processor (`gfx942`): its barriers and default wavefront size.
    pub target: String,
    pub timeout: Option<std::time::Duration>,
    pub max_executions: Option<u64>,
    /// Give up with "unknown" when the process's resident memory passes
    /// this many MiB (`None`: no memory limit; the command line always
    /// sets one, `amdmm_explore::DEFAULT_MAX_MEMORY_MIB` by default).
    pub max_memory: Option<u64>,
    /// Explore every arrangement of interchangeable work-items
    /// (`--no-symmetry`, the reference the reduction is tested against).
    pub no_symmetry: bool,
}

/// Reads `ll`, builds the kernel's program on the launch and explores it:
/// the report, or the error rendered with `shown` as the file name.
pub fn run(ll: &str, shown: &str, o: &RunOptions) -> Result<report::KernelReport, String> {
    run_module(ll, shown, o, false)
}

/// [`run`] for a module clang made from the source file `shown` (a `.hip`
/// or `.cl` compiled on the fly): an error names the source line of the
/// instruction's `!dbg` location, and the line of clang's IR it came from,
/// never an IR line as if it were the source's ([`error::KernelError::from_ir`]).
pub fn run_compiled(ll: &str, shown: &str, o: &RunOptions) -> Result<report::KernelReport, String> {
    run_module(ll, shown, o, true)
}

fn run_module(
    ll: &str,
    shown: &str,
    o: &RunOptions,
    compiled: bool,
) -> Result<report::KernelReport, String> {
    let m = parse::module(ll).map_err(|e| {
        if compiled {
            e.from_ir(None).render(shown)
        } else {
            e.locate(ll).render(shown)
        }
    })?;
    let render = |e: error::KernelError| {
        if compiled {
            let d = debug::DebugInfo::new(&m);
            let pos = d
                .source_of_line(e.line)
                .map(|p| (p.line, d.column_of_line(e.line).unwrap_or(0)));
            e.from_ir(pos).render(shown)
        } else {
            let source = debug::DebugInfo::new(&m).source_of_line(e.line);
            e.locate(ll).with_source(source).render(shown)
        }
    };
    let kernel = pick_kernel(&m, o.kernel.as_deref()).map_err(render)?;
    let target = if o.target.is_empty() {
        "gfx942"
    } else {
        o.target.as_str()
    };
    let s = &o.spec;
    let opts = BuildOptions {
        launch: Launch {
            grid: s.grid,
            block: s.block,
            wave_size: s
                .wave_size
                .unwrap_or_else(|| launch::default_wave_size(target)),
            lanes: s.lanes,
        },
        args: s.args.clone(),
        inits: s.inits.clone(),
    };
    let built = build(&m, kernel, &opts).map_err(render)?;
    let barrier_target = amdmm_explore::parse_target(target)
        .map_err(|e| format!("{shown}: error: --target {target}: {e}"))?;
    let started = std::time::Instant::now();
    let eopts = amdmm_explore::Options {
        loop_bound: s.loop_bound,
        max_executions: o.max_executions,
        max_memory: o.max_memory,
        timeout: o.timeout,
        target: barrier_target,
        symmetry: !o.no_symmetry,
        work_item_symmetry: true,
        ..Default::default()
    };
    let (outcome, findings) = amdmm_explore::explore_findings(&built.program, &eopts);
    let r = report::report(&built, shown, &outcome, &findings, s.loop_bound);
    if !findings.reduced || !names_work_items(&r) {
        return Ok(r);
    }
    // The reduction explored one arrangement of interchangeable work-items
    // (amdmm_explore's `work_items`): the states and flags are exact, but
    // which work-item a finding names, and its witness, are those of the
    // full search only when it runs; it does, within what is left of
    // --timeout, so the report is the same with --no-symmetry.
    let eopts = amdmm_explore::Options {
        symmetry: false,
        timeout: o.timeout.map(|t| t.saturating_sub(started.elapsed())),
        ..eopts
    };
    let (outcome, findings) = amdmm_explore::explore_findings(&built.program, &eopts);
    Ok(report::report(
        &built,
        shown,
        &outcome,
        &findings,
        s.loop_bound,
    ))
}

/// Does the report name work-items (a race, an undefined read, a barrier
/// note or undefined behaviour, a specification finding, an assertion) or
/// carry a witness?
fn names_work_items(r: &report::KernelReport) -> bool {
    !(r.races.is_empty()
        && r.undef_reads.is_empty()
        && r.barrier.is_empty()
        && r.notes.is_empty()
        && r.asserts.is_empty())
}
