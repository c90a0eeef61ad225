//! The `lower` command: print the machine code each operation of a litmus
//! test lowers to on a target, following the code-sequence tables (crate
//! `amdmm-hw`, docs/hardware.md).

use clap::Args;
use schemars::JsonSchema;
use serde::Serialize;
use std::path::PathBuf;
use std::process::ExitCode;

const EXAMPLES: &str = "\
Examples:
  amdmm lower --target gfx942 litmus/MP+rel-acq.agent.litmus
  amdmm lower --target gfx90a:tgsplit litmus/MP+rel-acq.workgroup.samewg.litmus
  amdmm lower --target gfx1100:cumode litmus/SB+sc.litmus
  amdmm lower --target gfx1250 litmus/MP+rel-acq.cluster.samecluster.litmus

Targets: any processor name from GFX6 to GFX12.5 (gfx906, GFX1030, gfx1201,
...), checked as its family's modelled processor: gfx600, gfx700, gfx900,
gfx90a, gfx942, gfx1010, gfx1100, gfx1200, gfx1250. Features: :tgsplit (gfx90a,
gfx94x, gfx950), :cumode (GFX10-GFX12), :wave32/:wave64 (GFX10+), and
:xnack/:sramecc where the processor has them (they change no code).

With --code llc the code is LLVM llc's for the test (`amdmm docs llc`), in the
same format (no table row).

With --compare, each operation whose llc code differs from its table row
is printed with the row, both sequences and the kinds of difference
(extra-wait, missing-wait, cache-bits, extra-instruction,
missing-instruction, different-instruction, order, loop), then a summary per
target; --json prints the same as JSON. `verify --code llc` tells whether
a difference matters for the hardware model. Example:
  amdmm lower --compare --target all litmus/

Each operation is printed as a `;` comment with the table row it comes from
(the row's LLVM instruction / ordering / sync scope / address space columns in
the table named on the first lines, https://llvm.org/docs/AMDGPUUsage.html),
followed by its machine code: only the instructions the memory model needs,
with their cache-policy bits.

With --compare --fail-on weaker (or differ), the exit status is 1 when an
operation's llc code is weaker than its row (lacks one of its waits or
instructions), or differs at all: a CI gate on the compiler.

Exit status: 0 success; 1 with --fail-on, an operation that differs that way;
2 bad input (unknown target, unreadable or invalid test, an operation the
target has no code for; with --compare, a test or target that cannot be
compared is reported as SKIP and does not change the status).";

/// Options of `amdmm lower`.
#[derive(Args, Debug)]
#[command(after_help = EXAMPLES)]
pub struct LowerArgs {
    /// Target: NAME[:FEATURE]..., e.g. gfx942, gfx942:tgsplit, gfx1100:cumode.
    #[arg(long, value_name = "TARGET")]
    pub target: String,

    #[command(flatten)]
    pub code: crate::code::CodeArgs,

    /// Compare the tables' code with llc's, operation by operation (`--target` may be `all` or
    /// a list, and several files or directories may be given).
    #[arg(long)]
    pub compare: bool,

    /// Print JSON: one document (per thread, each operation, its table row and its machine
    /// code; `amdmm docs json`, schema: `amdmm schema lower`), or with --compare the
    /// comparison's.
    #[arg(long)]
    pub json: bool,

    /// With --compare, exit 1 when some operation's llc code differs from its row:
    /// `weaker` when llc's code lacks a wait or an instruction of the row (missing-wait,
    /// missing-instruction), `differ` on any difference. For gating CI on the compiler.
    #[arg(long, value_name = "WHAT", value_enum, requires = "compare")]
    pub fail_on: Option<FailOn>,

    /// Tests and targets compiled in parallel with --compare [default: the number of cores].
    #[arg(long, short = 'j', value_name = "N", value_parser = crate::args::parse_jobs,
          requires = "compare")]
    pub jobs: Option<usize>,

    /// The litmus test (with --compare: test files or directories).
    #[arg(value_name = "FILE", required = true)]
    pub files: Vec<PathBuf>,
}

/// `lower --compare --fail-on`: which differences fail the run.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum FailOn {
    /// A difference that makes llc's code weaker than the row's
    /// (missing-wait, missing-instruction).
    Weaker,
    /// Any difference.
    Differ,
}

/// `lower --json`: the machine code of each operation of one test.
#[derive(Serialize, JsonSchema)]
pub struct LowerDocument {
    /// The amdmm version.
    pub amdmm: String,
    pub test: String,
    pub file: String,
    /// The target (`gfx942:tgsplit`).
    pub target: String,
    /// `table` (AMDGPUUsage's code sequences) or `llc`.
    pub code: String,
    /// The AMDGPUUsage code-sequence table of the target's family, and its URL.
    pub table: String,
    pub table_url: String,
    pub threads: Vec<LowerThread>,
}

/// One thread's operations.
#[derive(Serialize, JsonSchema)]
pub struct LowerThread {
    pub name: String,
    pub ops: Vec<LowerOp>,
}

/// One LLVM operation and what it lowers to.
#[derive(Serialize, JsonSchema)]
pub struct LowerOp {
    /// Source position of the operation in the test.
    pub line: u32,
    pub column: u32,
    /// The operation (`store atomic i32 1, @y release agent`).
    pub operation: String,
    /// The table its row comes from (empty for barriers, DMA and marks).
    pub table: String,
    /// The row's key in that table, when the code comes from a row.
    pub row: Option<String>,
    /// Something to say about the code (llc made a loop of it, ...).
    pub note: Option<String>,
    /// The machine instructions, one per string, with their cache-policy bits.
    pub code: Vec<String>,
}

fn lower_document(file: &str, l: &amdmm_hw::Lowered, code: &str) -> LowerDocument {
    let table = amdmm_hw::tables::table(l.target.gen);
    LowerDocument {
        amdmm: env!("CARGO_PKG_VERSION").to_string(),
        test: l.name.clone(),
        file: file.to_string(),
        target: l.target.to_string(),
        code: code.to_string(),
        table: table.name.to_string(),
        table_url: table.url(),
        threads: l
            .threads
            .iter()
            .map(|t| LowerThread {
                name: t.name.clone(),
                ops: t
                    .ops
                    .iter()
                    .map(|op| LowerOp {
                        line: op.pos.line,
                        column: op.pos.col,
                        operation: op.text.clone(),
                        table: op.table.to_string(),
                        row: op.code.iter().find_map(|i| i.row).map(|r| r.key()),
                        note: op.note.clone(),
                        code: op.code.iter().map(|i| i.instr.to_string()).collect(),
                    })
                    .collect(),
            })
            .collect(),
    }
}

pub fn lower_command(a: &LowerArgs) -> ExitCode {
    if a.compare {
        return crate::lower_compare::compare_command(a);
    }
    let [file] = a.files.as_slice() else {
        crate::diag::error_line("lower takes one test (several with --compare)");
        return ExitCode::from(2);
    };
    let target = match amdmm_hw::Target::parse(&a.target) {
        Ok(t) => t,
        Err(e) => {
            crate::diag::error_line(e);
            return ExitCode::from(2);
        }
    };
    let path = file;
    let file = crate::collect::display_name(path);
    let (src, program) = match load_file(path) {
        Ok(x) => x,
        Err(diags) => {
            crate::diag::eprint(&diags);
            return ExitCode::from(2);
        }
    };
    let source = match a.code.source() {
        Ok(s) => s,
        Err(e) => {
            crate::diag::error_line(e);
            return ExitCode::from(2);
        }
    };
    // Printed even where the model could not run it (the notes say why).
    let code = match &source {
        amdmm_hw::machine::CodeSource::Llc(llc) => amdmm_hw::llc::lowered(&program, &target, llc),
        amdmm_hw::machine::CodeSource::Table => {
            amdmm_hw::lower(&program, &target).map_err(amdmm_hw::machine::HwError::Lower)
        }
    };
    match code {
        Ok(l) if a.json => {
            let code = match source {
                amdmm_hw::machine::CodeSource::Llc(_) => "llc",
                amdmm_hw::machine::CodeSource::Table => "table",
            };
            match serde_json::to_string_pretty(&lower_document(&file, &l, code)) {
                Ok(s) => {
                    println!("{s}");
                    ExitCode::SUCCESS
                }
                Err(e) => {
                    crate::diag::error_line(format_args!("cannot write JSON: {e}"));
                    ExitCode::from(2)
                }
            }
        }
        Ok(l) => {
            print!("{}", amdmm_hw::lower::render(&l));
            ExitCode::SUCCESS
        }
        Err(e) => {
            crate::diag::eprint(&[hw_diagnostic(&file, &src, &e)]);
            ExitCode::from(2)
        }
    }
}

/// Parses `--target`: one target, or `all` (every target with a hardware
/// model, with every feature combination the tables distinguish).
pub(crate) fn targets(spec: &str, modelled_only: bool) -> Result<Vec<amdmm_hw::Target>, String> {
    if spec == "all" {
        Ok(amdmm_hw::all_targets()
            .into_iter()
            .filter(|t| !modelled_only || amdmm_hw::machine::has_model(t))
            .collect())
    } else {
        spec.split(',').map(amdmm_hw::Target::parse).collect()
    }
}

pub(crate) use crate::collect::load as load_file;

/// Why the hardware model or the lowering cannot take the test in `src`
/// (named `file`): an operation the target has no code for, at its place
/// in the test; or the target or llc refusing the whole test.
pub(crate) fn hw_diagnostic(
    file: &str,
    src: &str,
    e: &amdmm_hw::machine::HwError,
) -> amdmm_report::FileDiagnostic {
    match e {
        amdmm_hw::machine::HwError::Lower(l) => lower_diagnostic(file, src, l),
        amdmm_hw::machine::HwError::Unsupported(s) | amdmm_hw::machine::HwError::Tool(s) => {
            amdmm_report::FileDiagnostic::whole(file, format!("{file}: {s}"), None)
        }
        amdmm_hw::machine::HwError::Limit(..) => {
            amdmm_report::FileDiagnostic::whole(file, format!("{file}: {e}"), None)
        }
    }
}

/// A lowering error as a diagnostic at its operation (`file:line:col`).
pub(crate) fn lower_diagnostic(
    file: &str,
    src: &str,
    e: &amdmm_hw::LowerError,
) -> amdmm_report::FileDiagnostic {
    let start = amdmm_litmus::offset_of(src, e.pos.line as usize, e.pos.col as usize);
    let (_, end) = amdmm_litmus::span::line_range(src, start);
    let len = src[start..end].find([';', '#']).unwrap_or(end - start);
    let len = src[start..start + len].trim_end().len().max(1);
    let d = amdmm_litmus::Diagnostic::new(
        e.message.clone(),
        amdmm_litmus::Span::new(start, start + len),
    )
    .with_label(format!("in {}", e.thread));
    amdmm_report::FileDiagnostic::at(file, &std::sync::Arc::from(src), d)
}

/// `--target` and the test paths of `run --target` and `verify`: the targets
/// and the `*.litmus` files, or the exit status after printing the error.
pub(crate) fn targets_and_files(
    spec: &str,
    modelled_only: bool,
    paths: &[PathBuf],
) -> Result<(Vec<amdmm_hw::Target>, Vec<PathBuf>), ExitCode> {
    let report = |e: String| {
        crate::diag::error_line(e);
        ExitCode::from(2)
    };
    let ts = targets(spec, modelled_only).map_err(report)?;
    let files = crate::collect::collect(paths).map_err(report)?;
    Ok((ts, files))
}
