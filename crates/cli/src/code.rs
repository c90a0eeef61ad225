//! Where the hardware commands take their machine code from (`--code
//! table|llc`, docs/llc.md), and `amdmm compile`.

use crate::lower::load_file;
use amdmm_hw::machine::CodeSource;
use clap::{Args, ValueEnum};
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Code {
    /// The AMDGPUUsage code-sequence tables (`amdmm docs hardware`).
    Table,
    /// LLVM's `llc` (`amdmm docs llc`).
    Llc,
}

/// `--code`, `--llc`, `--opt-level`.
#[derive(Args, Debug, Clone)]
pub struct CodeArgs {
    /// Where the machine code comes from: the code-sequence tables or LLVM's llc.
    #[arg(long, value_enum, default_value_t = Code::Table)]
    pub code: Code,

    /// The llc to run (default: $AMDMM_LLC, then llc-22, llc-21, ..., llc on PATH).
    #[arg(long, value_name = "PATH")]
    pub llc: Option<PathBuf>,

    /// llc's optimization level.
    #[arg(long = "opt-level", value_name = "N", default_value_t = 0,
          value_parser = clap::value_parser!(u8).range(0..=3))]
    pub opt_level: u8,
}

impl CodeArgs {
    /// The code source, or an error saying what to install.
    pub fn source(&self) -> Result<CodeSource, String> {
        match self.code {
            Code::Table => {
                if self.llc.is_some() || self.opt_level != 0 {
                    return Err("--llc and --opt-level need --code llc".into());
                }
                Ok(CodeSource::Table)
            }
            Code::Llc => Ok(CodeSource::Llc(amdmm_hw::llc::find(
                self.llc.as_deref(),
                self.opt_level,
            )?)),
        }
    }
}

const EXAMPLES: &str = "\
Examples:
  amdmm compile --target gfx942 litmus/MP+rel-acq.agent.litmus
  amdmm compile --target gfx1200 --emit ir litmus/SB+sc.litmus
  amdmm compile --target gfx90a:tgsplit --opt-level 2 litmus/MP+rel-acq.workgroup.samewg.litmus

Prints the LLVM IR module amdmm makes of the test (--emit ir) or llc's
assembly for it (--emit asm): one amdgpu_kernel per thread, a `; amdmm op K`
marker before each operation (`amdmm docs llc`).

Exit status: 0 success; 2 bad input, a construct that cannot be compiled, or
no usable llc (the message says what to install).";

/// Options of `amdmm compile`.
#[derive(Args, Debug)]
#[command(after_help = EXAMPLES)]
pub struct CompileArgs {
    /// Target: NAME[:FEATURE]..., e.g. gfx942, gfx942:tgsplit, gfx1100:cumode.
    #[arg(long, value_name = "TARGET")]
    pub target: String,

    /// What to print.
    #[arg(long, value_enum, default_value_t = Emit::Asm)]
    pub emit: Emit,

    /// The llc to run (default: $AMDMM_LLC, then llc-22, llc-21, ..., llc on PATH).
    #[arg(long, value_name = "PATH")]
    pub llc: Option<PathBuf>,

    /// llc's optimization level.
    #[arg(long = "opt-level", value_name = "N", default_value_t = 0,
          value_parser = clap::value_parser!(u8).range(0..=3))]
    pub opt_level: u8,

    /// The litmus test.
    #[arg(value_name = "FILE")]
    pub file: PathBuf,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Emit {
    Ir,
    Asm,
}

pub fn compile_command(a: &CompileArgs) -> ExitCode {
    let target = match amdmm_hw::Target::parse(&a.target) {
        Ok(t) => t,
        Err(e) => {
            crate::diag::error_line(e);
            return ExitCode::from(2);
        }
    };
    let (src, program) = match load_file(&a.file) {
        Ok(x) => x,
        Err(diags) => {
            crate::diag::eprint(&diags);
            return ExitCode::from(2);
        }
    };
    let file = crate::collect::display_name(&a.file);
    let ir = match amdmm_hw::llc::ir::emit(&program) {
        Ok(ir) => ir,
        Err(e) => {
            let e = amdmm_hw::LowerError {
                thread: e.thread,
                pos: amdmm_program::Pos {
                    line: e.line,
                    col: e.col,
                },
                message: e.message,
            };
            crate::diag::eprint(&[crate::lower::lower_diagnostic(&file, &src, &e)]);
            return ExitCode::from(2);
        }
    };
    if a.emit == Emit::Ir {
        print!("{ir}");
        return ExitCode::SUCCESS;
    }
    let llc = match amdmm_hw::llc::find(a.llc.as_deref(), a.opt_level) {
        Ok(l) => l,
        Err(e) => {
            crate::diag::error_line(e);
            return ExitCode::from(2);
        }
    };
    match llc.compile_full(&ir, &target) {
        Ok((asm, _)) => {
            print!("{asm}");
            ExitCode::SUCCESS
        }
        Err(e) => {
            crate::diag::error_line(format_args!("{file}: {e}"));
            ExitCode::from(2)
        }
    }
}

/// How many tests one llc run compiles (docs/llc.md, "Batches"):
/// `$AMDMM_LLC_BATCH` (1: one run per test, as before batching), else
/// [`amdmm_hw::llc::batch::DEFAULT_BATCH`].
fn batch_size() -> usize {
    std::env::var("AMDMM_LLC_BATCH")
        .ok()
        .and_then(|s| s.trim().parse::<usize>().ok())
        .filter(|&n| n >= 1)
        .unwrap_or(amdmm_hw::llc::batch::DEFAULT_BATCH)
}

/// Before the (test, target) runs of `verify` and `campaign` with `--code
/// llc`: compiles the tests the llc cache lacks in batches, one llc run per
/// batch of tests for one target, the batches in parallel on `jobs` threads
/// ([`amdmm_hw::llc::prefetch`]). The runs then read llc's output from the
/// cache; a test llc fails on is compiled again alone by its run, which
/// reports the error. `timeout` bounds each test's share of a batch.
pub fn prefetch_llc(
    groups: &[(&amdmm_hw::Target, Vec<&amdmm_program::Program>)],
    llc: &amdmm_hw::llc::Llc,
    timeout: Option<std::time::Duration>,
    jobs: usize,
) -> Result<amdmm_hw::llc::batch::Stats, String> {
    let batch = batch_size();
    if batch <= 1 || llc.cache.is_none() {
        return Ok(Default::default());
    }
    let llc = amdmm_hw::llc::Llc {
        timeout,
        ..llc.clone()
    };
    let work: Vec<(&amdmm_hw::Target, &[&amdmm_program::Program])> = groups
        .iter()
        .flat_map(|(t, ps)| ps.chunks(batch).map(move |c| (*t, c)))
        .collect();
    let progress = crate::progress::Progress::counting(work.len(), "llc batches");
    let mut stats = amdmm_hw::llc::batch::Stats::default();
    crate::run::ordered_parallel(
        &work,
        jobs,
        |(t, c)| amdmm_hw::llc::prefetch(c, t, &llc, batch),
        || progress.inc(),
        |s| stats += s,
    )?;
    progress.finish();
    Ok(stats)
}
