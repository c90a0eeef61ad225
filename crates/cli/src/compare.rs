//! The `compare` command: every test under several rule sets and hardware
//! configurations, the tests whose results differ (herd's mcompare).

use crate::collect::LoadFailure;
use amdmm_explore::{ModelKind, Options, Outcome, Target};
use amdmm_hw::machine::{CodeSource, HwOptions};
use amdmm_program::Program;
use amdmm_report::{compare_columns, compare_text, CompareDocument};
use clap::builder::PossibleValuesParser;
use clap::Args;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Duration;

const EXAMPLES: &str = "\
Examples:
  amdmm compare --model seed --model upstream litmus/
  amdmm compare --model seed --model proposed litmus/    # what the proposed wording changes
  amdmm compare --target gfx942 --code table --code llc litmus/hw
  amdmm compare --model seed --target gfx90a,gfx1200 litmus/MP+rel-acq.agent.litmus
  amdmm compare --json --model seed --model upstream litmus/ > compare.json

Each column is a memory model (`--model`) or a hardware target with its code
source (`--target T --code table|llc`, written `T/table`, `T/llc`); give two
columns or more. A column that cannot take a test (the hardware model on a
target: an operation llc cannot compile, LDS on tgsplit, ...) prints SKIP
with the reason and the other columns are compared without it.

Exit status: 0 no test differs; 1 some differ; 2 bad input or an internal
error (2 wins).";

#[derive(Args, Debug)]
#[command(after_help = EXAMPLES)]
pub struct CompareArgs {
    /// Test files, or directories (searched recursively for `*.litmus`, in sorted path order).
    #[arg(value_name = "FILE_OR_DIR", required = true)]
    pub paths: Vec<PathBuf>,

    /// A rule set to compare (repeatable): `seed`, `upstream` or `proposed`.
    #[arg(long = "model", value_name = "NAME", num_args = 1,
          value_parser = PossibleValuesParser::new(ModelKind::NAMES))]
    pub models: Vec<String>,

    /// Hardware targets whose outcomes are columns too: NAME[:FEATURE]..., a comma-separated
    /// list, or `all` (one column per target and `--code`).
    #[arg(long, value_name = "TARGETS")]
    pub target: Option<String>,

    /// Where a target's machine code comes from (repeatable; `--code table --code llc`
    /// compares the code-sequence tables with llc) [default: table].
    #[arg(long = "code", value_name = "SOURCE", value_enum, requires = "target")]
    pub codes: Vec<crate::code::Code>,

    /// The llc to run for `--code llc` (default: $AMDMM_LLC, then llc-22, llc-21, ..., llc on
    /// PATH).
    #[arg(long, value_name = "PATH", requires = "target")]
    pub llc: Option<PathBuf>,

    /// llc's optimization level for `--code llc`.
    #[arg(long = "opt-level", value_name = "N", default_value_t = 0,
          value_parser = clap::value_parser!(u8).range(0..=3))]
    pub opt_level: u8,

    /// Each loop runs at most N iterations.
    #[arg(long, value_name = "N", default_value_t = 2)]
    pub loop_bound: u32,

    /// Give up on a test under a model (observation `Unknown`) after N candidate executions
    /// (as in run, explain and verify; `--max-executions` is an alias).
    #[arg(
        long = "max-candidates",
        visible_alias = "max-executions",
        value_name = "N"
    )]
    pub max_executions: Option<u64>,

    /// Give up on a test under a target (observation `Unknown`) after N hardware states.
    #[arg(long, value_name = "N", default_value_t = 2_000_000)]
    pub max_states: usize,

    /// Give up on a test under a model or target (observation `Unknown`) after SECS seconds.
    #[arg(long, value_name = "SECS", value_parser = crate::args::parse_secs)]
    pub timeout: Option<f64>,

    /// Give up on a test under a model or target (observation `Unknown`) when the process's
    /// resident memory passes MIB mebibytes.
    #[arg(long, value_name = "MIB", default_value_t = amdmm_explore::DEFAULT_MAX_MEMORY_MIB,
          value_parser = crate::args::parse_mib)]
    pub max_memory: u64,

    /// The GPU whose barrier intrinsics the models apply (as `run --barrier-target`).
    #[arg(long = "barrier-target", value_name = "GFX", value_parser = amdmm_explore::parse_target)]
    pub barrier_target: Option<Target>,

    /// Tests run in parallel [default: the number of cores]; the output does not depend on N.
    #[arg(long, short = 'j', value_name = "N", value_parser = crate::args::parse_jobs)]
    pub jobs: Option<usize>,

    /// Print one JSON document (every test, `differs` set on those that differ; `amdmm docs json`).
    #[arg(long)]
    pub json: bool,
}

fn fail(msg: &str) -> ExitCode {
    crate::diag::error_line(msg);
    ExitCode::from(2)
}

/// One column of the comparison.
enum Column {
    /// A memory model's rule set.
    Model(ModelKind),
    /// A target's hardware model running the code of one source.
    Hardware(amdmm_hw::Target, CodeSource),
}

impl Column {
    /// The column's name: `seed`, `gfx942/table`, `gfx942/llc`.
    fn name(&self) -> String {
        match self {
            Column::Model(k) => k.name().to_string(),
            Column::Hardware(t, CodeSource::Table) => format!("{t}/table"),
            Column::Hardware(t, CodeSource::Llc(_)) => format!("{t}/llc"),
        }
    }
}

/// One column's result for one test.
enum ColumnResult {
    Ran(Outcome),
    /// The engine panicked: the message.
    Internal(String),
    /// The hardware model cannot take the test on this target: why, at
    /// `file:line:col` when one operation is the reason.
    Skipped(String),
}

/// One file's results.
enum FileResult {
    Input(Vec<amdmm_report::FileDiagnostic>),
    Ran {
        file: String,
        program: Box<Program>,
        results: Vec<ColumnResult>,
    },
}

/// The columns the options ask for: the models in order, then per target
/// the code sources in order; or the error.
fn columns(a: &CompareArgs) -> Result<(Vec<Column>, Option<String>), String> {
    let mut cols = Vec::new();
    for m in &a.models {
        match ModelKind::from_name(m) {
            Some(k)
                if !cols
                    .iter()
                    .any(|c| matches!(c, Column::Model(j) if *j == k)) =>
            {
                cols.push(Column::Model(k))
            }
            Some(_) => return Err(format!("--model {m} is given twice")),
            None => {
                return Err(format!(
                    "unknown model {}",
                    amdmm_litmus::suggest::quoted(m)
                ))
            }
        }
    }
    let mut llc_version = None;
    if let Some(spec) = &a.target {
        let mut codes = a.codes.clone();
        if codes.is_empty() {
            codes.push(crate::code::Code::Table);
        }
        for (i, c) in codes.iter().enumerate() {
            if codes[..i].contains(c) {
                return Err(format!("--code {} is given twice", code_name(*c)));
            }
        }
        let uses_llc = codes.contains(&crate::code::Code::Llc);
        if !uses_llc && (a.llc.is_some() || a.opt_level != 0) {
            return Err("--llc and --opt-level need --code llc".into());
        }
        let llc = if uses_llc {
            let l = amdmm_hw::llc::find(a.llc.as_deref(), a.opt_level)?;
            llc_version = Some(format!("{} -O{}", l.version, l.opt_level));
            Some(l)
        } else {
            None
        };
        for t in crate::lower::targets(spec, true)? {
            for c in &codes {
                let source = match (c, &llc) {
                    (crate::code::Code::Llc, Some(l)) => CodeSource::Llc(l.clone()),
                    _ => CodeSource::Table,
                };
                cols.push(Column::Hardware(t, source));
            }
        }
    }
    if cols.len() < 2 {
        return Err(
            "compare needs two columns or more: two models (--model seed --model \
                    upstream), two code sources (--target gfx942 --code table --code llc), \
                    or a model and a target (--model seed --target gfx942)"
                .into(),
        );
    }
    Ok((cols, llc_version))
}

fn code_name(c: crate::code::Code) -> &'static str {
    match c {
        crate::code::Code::Table => "table",
        crate::code::Code::Llc => "llc",
    }
}

/// Every column's result for the test at `path`.
fn run_file(path: &Path, cols: &[Column], a: &CompareArgs) -> FileResult {
    let file = crate::collect::display_name(path);
    // Reading counts against `--timeout` and `--max-memory` too (issue 24):
    // a test stopped while it is read is `Unknown` in every column.
    let read_opts = Options {
        timeout: a.timeout.map(Duration::from_secs_f64),
        max_memory: Some(a.max_memory),
        ..Options::default()
    };
    let loaded = crate::collect::load_limited(path, &read_opts, std::time::Instant::now());
    let (src, program) = match loaded {
        Ok(x) => x,
        Err(LoadFailure::Invalid(diags)) => return FileResult::Input(diags),
        Err(LoadFailure::Limit { name, reason }) => {
            let program = Program::unread(name);
            let results = cols
                .iter()
                .map(|_| {
                    let mut outcome = Outcome::empty(&program);
                    outcome.limit = Some(reason.clone());
                    ColumnResult::Ran(outcome)
                })
                .collect();
            return FileResult::Ran {
                file,
                program: Box::new(program),
                results,
            };
        }
    };
    let results = cols
        .iter()
        .map(|c| match c {
            Column::Model(model) => {
                let opts = Options {
                    loop_bound: a.loop_bound,
                    max_executions: a.max_executions,
                    timeout: a.timeout.map(Duration::from_secs_f64),
                    max_memory: Some(a.max_memory),
                    model: *model,
                    target: a.barrier_target.clone().unwrap_or_default(),
                    ..Options::default()
                };
                match crate::run::guarded(|| amdmm_explore::explore(&program, &opts)) {
                    Ok(o) => ColumnResult::Ran(o),
                    Err(msg) => ColumnResult::Internal(msg),
                }
            }
            Column::Hardware(t, source) => {
                let opts = HwOptions {
                    loop_bound: a.loop_bound,
                    max_states: a.max_states,
                    timeout: a.timeout.map(Duration::from_secs_f64),
                    max_memory: Some(a.max_memory),
                    ..HwOptions::default()
                };
                match crate::run::guarded(|| {
                    amdmm_hw::machine::explore_with(&program, t, &opts, source)
                }) {
                    Ok(Ok(h)) => ColumnResult::Ran(h.outcome),
                    Ok(Err(e)) => ColumnResult::Skipped(
                        crate::lower::hw_diagnostic(&file, &src, &e).one_line(),
                    ),
                    Err(msg) => ColumnResult::Internal(msg),
                }
            }
        })
        .collect();
    FileResult::Ran {
        file,
        program: Box::new(program),
        results,
    }
}

/// Exit status: 0 when no test differs, 1 when some differ, 2 on bad input
/// or an internal error (2 wins). Skipped tests change nothing.
pub fn compare_command(a: &CompareArgs) -> ExitCode {
    let (cols, llc) = match columns(a) {
        Ok(x) => x,
        Err(e) => return fail(&e),
    };
    let files = match crate::collect::collect(&a.paths) {
        Ok(f) => f,
        Err(e) => return fail(&e),
    };
    crate::run::install_panic_hook();
    let names: Vec<String> = cols.iter().map(Column::name).collect();
    let mut rows = Vec::new();
    let mut skipped = 0;
    let mut input_errors = 0;
    let mut input_diagnostics = Vec::new();
    let mut internal_errors = 0;
    let res = crate::run::ordered_parallel(
        &files,
        crate::run::jobs_or_cores(a.jobs),
        |f| run_file(f, &cols, a),
        || {},
        |r| match r {
            FileResult::Input(diagnostics) => {
                input_errors += 1;
                crate::diag::eprint(&diagnostics);
                input_diagnostics.extend(diagnostics.iter().map(|d| d.json()));
            }
            FileResult::Ran {
                file,
                program,
                results,
            } => {
                let mut runs = Vec::new();
                for (name, r) in names.iter().zip(results) {
                    match r {
                        ColumnResult::Ran(o) => runs.push((name.clone(), Ok(o))),
                        ColumnResult::Internal(msg) => {
                            internal_errors += 1;
                            let _ = writeln!(
                                std::io::stderr(),
                                "amdmm: internal error while exploring {} ({file}) under {name}: {msg}",
                                program.name
                            );
                            runs.push((
                                name.clone(),
                                Ok(amdmm_report::internal_error_outcome(&program)),
                            ));
                        }
                        ColumnResult::Skipped(reason) => {
                            skipped += 1;
                            runs.push((name.clone(), Err(reason)));
                        }
                    }
                }
                let hardware: Vec<bool> = cols
                    .iter()
                    .map(|c| matches!(c, Column::Hardware(..)))
                    .collect();
                rows.push(compare_columns(&file, &program, &runs, &hardware));
            }
        },
    );
    if let Err(e) = res {
        return fail(&e);
    }
    let differing = rows.iter().filter(|r| r.differs).count();
    let doc = CompareDocument {
        amdmm: env!("CARGO_PKG_VERSION").to_string(),
        models: names,
        llc,
        tests: rows,
        differing,
        skipped,
        input_errors,
        diagnostics: input_diagnostics,
    };
    let text = if a.json {
        match serde_json::to_string_pretty(&doc) {
            Ok(s) => s,
            Err(e) => return fail(&format!("cannot write JSON: {e}")),
        }
    } else {
        compare_text(&doc)
    };
    let mut o = std::io::stdout().lock();
    let _ = writeln!(o, "{}", text.trim_end());
    if input_errors > 0 || internal_errors > 0 {
        ExitCode::from(2)
    } else if differing > 0 {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }
}
