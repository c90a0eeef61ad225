//! The `run` command: options, printing each result in input order, the
//! `--check` tally and the exit status.

use crate::args::RunArgs;
use crate::progress::Progress;
use crate::run::{self, TestResult};
use amdmm_explore::{ModelKind, Options};
use amdmm_report::{CheckResult, Summary};
use std::io::Write;
use std::process::ExitCode;
use std::time::Duration;

/// Exit status: 1 when a `--check` failed, 2 on bad input, a missing path
/// or an internal error (2 wins).
const EXIT_CHECK: u8 = 1;
const EXIT_INPUT: u8 = 2;

fn error(msg: &str) -> ExitCode {
    crate::diag::error_line(msg);
    ExitCode::from(EXIT_INPUT)
}

/// Writes `text` and a newline to stdout; a closed pipe (`| head`) is not an error.
fn out(text: &str) {
    let mut o = std::io::stdout().lock();
    let _ = writeln!(o, "{text}").and_then(|()| o.flush());
}

/// Writes `text` and a newline to stderr, ignoring failures.
fn err(text: &str) {
    let _ = writeln!(std::io::stderr().lock(), "{text}");
}

/// What has been printed so far, for the summary and the exit status.
#[derive(Default)]
struct Tally {
    summary: Summary,
    passed: usize,
    failed: usize,
    internal_errors: usize,
    tests_json: Vec<amdmm_report::TestEntry>,
    /// `--graph DIR`: where witness graphs go.
    graphs: Option<crate::graphviz::GraphSink>,
    /// Graphs that could not be written (each reported on stderr).
    graph_errors: usize,
    /// `--check` failures, printed together after the last test.
    fail_lines: Vec<String>,
    /// Tests per observation: Always, Sometimes, Never.
    observations: [usize; 3],
    /// Tests raising each flag, in the order `Flags::names` gives.
    flags: Vec<(&'static str, usize)>,
}

pub fn run_command(a: &RunArgs) -> ExitCode {
    let Some(model) = ModelKind::from_name(&a.model) else {
        return error(&format!(
            "unknown model `{}` (known: {})",
            a.model,
            ModelKind::NAMES.join(", ")
        ));
    };
    let files = match crate::collect::collect(&a.paths) {
        Ok(f) => f,
        Err(e) => return error(&e),
    };
    let opts = Options {
        loop_bound: a.loop_bound,
        max_executions: a.max_executions,
        timeout: a.timeout.map(Duration::from_secs_f64),
        max_memory: Some(a.max_memory),
        model,
        witnesses: a.show_executions || a.graph.is_some(),
        target: a.barrier_target.clone().unwrap_or_default(),
        exhaustive: a.exhaustive,
        ..Options::default()
    };
    let jobs = run::jobs_or_cores(a.jobs);
    run::install_panic_hook();
    let progress = Progress::new(files.len());
    let mut tally = Tally::default();
    if let Some(dir) = &a.graph {
        match crate::graphviz::GraphSink::new(dir, a.graph_format, a.force, a.timeout) {
            Ok(sink) => tally.graphs = Some(sink),
            Err(e) => return error(&e),
        }
    }
    tally.summary.tests = files.len();
    let res = run::run_all(
        &files,
        &opts,
        jobs,
        || progress.inc(),
        |r| progress.suspend(|| emit(a, r, &mut tally)),
    );
    progress.finish();
    if let Err(e) = res {
        return error(&e);
    }
    finish(a, model, tally)
}

/// Prints one result (text mode) or records it (JSON mode).
fn emit(a: &RunArgs, r: TestResult, t: &mut Tally) {
    match r {
        TestResult::Input { file, diagnostics } => {
            t.summary.input_errors += 1;
            crate::diag::eprint(&diagnostics);
            if a.check {
                t.failed += 1;
                t.fail_lines.push(format!(
                    "FAIL {file}: input error (see the diagnostics above)"
                ));
            }
            if a.json {
                t.tests_json.push(amdmm_report::TestEntry::InputError(
                    amdmm_report::input_error_json(&file, &diagnostics),
                ));
            }
        }
        TestResult::Ran {
            file,
            program,
            outcome,
            seconds,
            internal_error,
        } => {
            let time = (!a.no_time).then_some(seconds);
            match outcome.observation.map(|o| o.name()) {
                None => t.summary.unknown += 1,
                Some("Always") => t.observations[0] += 1,
                Some("Sometimes") => t.observations[1] += 1,
                Some(_) => t.observations[2] += 1,
            }
            for name in amdmm_program::Flags::from(outcome.flags).names() {
                match t.flags.iter_mut().find(|(n, _)| *n == name) {
                    Some((_, k)) => *k += 1,
                    None => t.flags.push((name, 1)),
                }
            }
            if let Some(msg) = &internal_error {
                t.internal_errors += 1;
                err(&format!(
                    "amdmm: internal error while exploring {} ({file}): {msg}",
                    program.name
                ));
            }
            if let Some(sink) = &t.graphs {
                let choice = amdmm_report::GraphChoice {
                    satisfying_only: a.graph_states == crate::args::GraphStates::Satisfying,
                    hide_init: a.graph_no_init,
                    relations: a.graph_relations.clone(),
                };
                let mut index = String::new();
                for g in amdmm_report::outcome_graphs_with(&program.name, &outcome, &choice) {
                    match sink.write(&g.stem, &g.dot) {
                        Ok(path) => {
                            let name = path.file_name().unwrap_or_default().to_string_lossy();
                            index.push_str(&format!("{name}  {}\n", g.about));
                        }
                        Err(e) => {
                            t.graph_errors += 1;
                            crate::diag::error_line(e);
                        }
                    }
                }
                if let Err(e) = sink.write_index(&program.name, &index) {
                    t.graph_errors += 1;
                    crate::diag::error_line(e);
                }
            }
            // The line for the model that ran (`expect upstream ...`), else
            // the unqualified one.
            let mut program = program;
            program.expect = program.expectation_for(&a.model);
            let check = a.check.then(|| amdmm_report::check(&program, &outcome));
            if a.json {
                let mut v = amdmm_report::json(&program, &outcome, time, a.show_executions);
                v.file = file.clone();
                if let Some(c) = &check {
                    v = amdmm_report::with_check(v, &program.name, c);
                }
                t.tests_json
                    .push(amdmm_report::TestEntry::Test(Box::new(v)));
            } else {
                if !a.quiet {
                    // A blank line after each block, as herd prints them.
                    let text = amdmm_report::herd_text(&program, &outcome, time, a.show_executions);
                    out(&format!("{}\n", text.trim_end_matches('\n')));
                }
            }
            match check {
                Some(CheckResult::Pass) => t.passed += 1,
                Some(c) => {
                    t.failed += 1;
                    if let Some(line) = c.fail_line_at(&file, &program) {
                        t.fail_lines.push(line);
                    }
                }
                None => {}
            }
        }
    }
}

/// `FAIL ...` and summary lines: stdout in text mode, stderr with `--json`
/// (stdout then holds only the JSON document).
fn fail_line(a: &RunArgs, line: &str) {
    if a.json {
        err(line);
    } else {
        out(line);
    }
}

fn finish(a: &RunArgs, model: ModelKind, mut t: Tally) -> ExitCode {
    if a.check {
        t.summary.check = Some((t.passed, t.failed));
    }
    if a.json {
        let doc = amdmm_report::document(
            env!("CARGO_PKG_VERSION"),
            model.name(),
            std::mem::take(&mut t.tests_json),
            &t.summary,
        );
        match serde_json::to_string_pretty(&doc) {
            Ok(s) => out(&s),
            Err(e) => return error(&format!("cannot write JSON: {e}")),
        }
    }
    for line in &t.fail_lines {
        fail_line(a, line);
    }
    fail_line(a, &summary_line(a, &t));
    if t.summary.input_errors > 0 || t.internal_errors > 0 || t.graph_errors > 0 {
        ExitCode::from(EXIT_INPUT)
    } else if t.failed > 0 {
        ExitCode::from(EXIT_CHECK)
    } else {
        ExitCode::SUCCESS
    }
}

/// The last line of every run: `Summary: 3 tests: 1 Always, 1 Sometimes,
/// 1 Never, 0 Unknown; flags: race 2; 0 input errors` and, with `--check`,
/// `; 2 passed, 1 failed` (so the line still ends with the tally).
fn summary_line(a: &RunArgs, t: &Tally) -> String {
    let [always, sometimes, never] = t.observations;
    let flags = if t.flags.is_empty() {
        "none".to_string()
    } else {
        t.flags
            .iter()
            .map(|(n, k)| format!("{n} {k}"))
            .collect::<Vec<_>>()
            .join(", ")
    };
    let mut s = format!(
        "Summary: {} tests: {always} Always, {sometimes} Sometimes, {never} Never, {} Unknown; flags: {flags}; {} input errors",
        t.summary.tests, t.summary.unknown, t.summary.input_errors
    );
    if a.check {
        s.push_str(&format!("; {} passed, {} failed", t.passed, t.failed));
    }
    s
}
