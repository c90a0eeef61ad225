//! The `compare` command: every test under several rule sets, the tests
//! whose results differ (herd's mcompare).

use amdmm_explore::{ModelKind, Options, Target};
use amdmm_report::{compare_row, compare_text, CompareDocument};
use clap::builder::PossibleValuesParser;
use clap::Args;
use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

#[derive(Args, Debug)]
pub struct CompareArgs {
    /// Test files, or directories (searched recursively for `*.litmus`, in sorted path order).
    #[arg(value_name = "FILE_OR_DIR", required = true)]
    pub paths: Vec<PathBuf>,

    /// A rule set to compare (give two or more): `seed` or `upstream`.
    #[arg(long = "model", value_name = "NAME", required = true, num_args = 1,
          value_parser = PossibleValuesParser::new(ModelKind::NAMES))]
    pub models: Vec<String>,

    /// Each loop runs at most N iterations.
    #[arg(long, value_name = "N", default_value_t = 2)]
    pub loop_bound: u32,

    /// Give up on a test under a model (observation `Unknown`) after N candidate executions.
    #[arg(long, value_name = "N")]
    pub max_executions: Option<u64>,

    /// Give up on a test under a model (observation `Unknown`) after SECS seconds.
    #[arg(long, value_name = "SECS", value_parser = crate::args::parse_secs)]
    pub timeout: Option<f64>,

    /// Give up on a test under a model (observation `Unknown`) when the process's resident
    /// memory passes MIB mebibytes.
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
    let _ = writeln!(std::io::stderr(), "amdmm: error: {msg}");
    ExitCode::from(2)
}

/// Exit status: 0 when no test differs, 1 when some differ, 2 on bad input
/// or an internal error (2 wins).
pub fn compare_command(a: &CompareArgs) -> ExitCode {
    let mut models = Vec::new();
    for m in &a.models {
        match ModelKind::from_name(m) {
            Some(k) if !models.contains(&k) => models.push(k),
            Some(_) => return fail(&format!("--model {m} is given twice")),
            None => return fail(&format!("unknown model `{m}`")),
        }
    }
    if models.len() < 2 {
        return fail("compare needs two models or more (--model seed --model upstream)");
    }
    let files = match crate::collect::collect(&a.paths) {
        Ok(f) => f,
        Err(e) => return fail(&e),
    };
    crate::run::install_panic_hook();
    let jobs = crate::run::jobs_or_cores(a.jobs);
    let mut rows = Vec::new();
    let mut input_errors = 0;
    let mut input_diagnostics = Vec::new();
    let mut internal_errors = 0;
    let res = crate::run::ordered_parallel(
        &files,
        jobs,
        |f| {
            models
                .iter()
                .map(|&model| {
                    let opts = Options {
                        loop_bound: a.loop_bound,
                        max_executions: a.max_executions,
                        timeout: a.timeout.map(Duration::from_secs_f64),
                        max_memory: Some(a.max_memory),
                        model,
                        target: a.barrier_target.clone().unwrap_or_default(),
                        ..Options::default()
                    };
                    (model.name().to_string(), crate::run::run_one(f, &opts))
                })
                .collect::<Vec<_>>()
        },
        || {},
        |results| {
            let mut runs = Vec::new();
            let mut test = None;
            for (model, r) in results {
                match r {
                    // Reading and parsing do not depend on the model: the
                    // first model's diagnostics are the file's.
                    crate::run::TestResult::Input { diagnostics, .. } => {
                        input_errors += 1;
                        crate::diag::eprint(&diagnostics);
                        input_diagnostics.extend(diagnostics.iter().map(|d| d.json()));
                        return;
                    }
                    crate::run::TestResult::Ran {
                        file,
                        program,
                        outcome,
                        internal_error,
                        ..
                    } => {
                        if let Some(msg) = internal_error {
                            internal_errors += 1;
                            let _ = writeln!(
                                std::io::stderr(),
                                "amdmm: internal error while exploring {} ({file}) under {model}: {msg}",
                                program.name
                            );
                        }
                        runs.push((model, *outcome));
                        test = Some((file, program));
                    }
                }
            }
            if let Some((file, program)) = test {
                rows.push(compare_row(&file, &program, &runs));
            }
        },
    );
    if let Err(e) = res {
        return fail(&e);
    }
    let differing = rows.iter().filter(|r| r.differs).count();
    let doc = CompareDocument {
        amdmm: env!("CARGO_PKG_VERSION").to_string(),
        models: models.iter().map(|m| m.name().to_string()).collect(),
        tests: rows,
        differing,
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
