//! `run`: one litmus test through parse → program → explore → report, with
//! the same text the command line prints for `amdmm run --no-time FILE`
//! (built by the same library functions, so the two agree by construction)
//! and the structured result the page draws its table and graphs from.

use crate::diagnostics::{diagnostic_json, DiagnosticJson};
use amdmm_explore::{ModelKind, Options};
use serde::{Deserialize, Serialize};
use std::time::Duration;

/// What the page may choose (each field defaults to the command line's
/// default when absent).
#[derive(Debug, Default, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct RunOptions {
    /// The name diagnostics give the test (the CLI prints the path).
    pub file: Option<String>,
    /// `seed`, `upstream` or `proposed` (`--model`).
    pub model: Option<String>,
    /// `gfxNNN` (`--barrier-target`).
    pub barrier_target: Option<String>,
    /// `--loop-bound`.
    pub loop_bound: Option<u32>,
    /// `--max-candidates`.
    pub max_executions: Option<u64>,
    /// `--timeout` in seconds.
    pub timeout: Option<f64>,
    /// `--show-executions`: witnesses in the text (the structured result
    /// always has them).
    pub show_executions: bool,
}

/// The answer to `run`.
#[derive(Debug, Serialize)]
pub struct RunReply {
    /// `ran`, `input_error` (the test does not parse) or `option_error`.
    pub status: &'static str,
    /// Exactly what `amdmm run --no-time FILE` writes to stdout.
    pub stdout: String,
    /// Exactly what it writes to stderr (rendered diagnostics).
    pub stderr: String,
    /// Its exit status.
    pub exit: u8,
    /// Diagnostics with their place, for the editor.
    pub diagnostics: Vec<DiagnosticJson>,
    /// The `--json` test object (with witnesses), for the table and graphs.
    pub result: Option<serde_json::Value>,
    /// Each witness's text block, in the order of `result.witnesses`.
    pub witness_texts: Vec<String>,
    /// Each witness's execution graph as DOT, in the same order: what
    /// `amdmm run --graph DIR --graph-format dot` writes.
    pub witness_dots: Vec<String>,
}

impl RunReply {
    fn option_error(message: String) -> RunReply {
        RunReply {
            status: "option_error",
            stdout: String::new(),
            stderr: format!("amdmm: error: {message}\n"),
            exit: 2,
            diagnostics: Vec::new(),
            result: None,
            witness_texts: Vec::new(),
            witness_dots: Vec::new(),
        }
    }
}

/// `--model NAME` as the command line reads it: the seed when absent.
pub fn parse_model(model: Option<&str>) -> Result<ModelKind, String> {
    match model {
        None => Ok(ModelKind::Seed),
        Some(m) => ModelKind::from_name(m).ok_or_else(|| {
            format!(
                "unknown model `{m}` (known: {})",
                ModelKind::NAMES.join(", ")
            )
        }),
    }
}

/// The exploration options the command line would use for `o`.
pub fn options(o: &RunOptions) -> Result<Options, String> {
    let model = parse_model(o.model.as_deref())?;
    let target = match &o.barrier_target {
        None => Default::default(),
        Some(t) => amdmm_explore::parse_target(t)?,
    };
    let timeout = parse_timeout(o.timeout)?;
    Ok(Options {
        loop_bound: o.loop_bound.unwrap_or(Options::default().loop_bound),
        max_executions: o.max_executions,
        timeout,
        // The process's resident memory cannot be read in a browser (no
        // /proc); a worker that runs out of memory traps and the page
        // reports it. `--timeout` is the playground's limit.
        max_memory: None,
        model,
        // The page draws every witness; the text shows them on request.
        witnesses: true,
        target,
        exhaustive: false,
        ..Options::default()
    })
}

/// `--timeout SECS` as the command line reads it: a positive number.
pub fn parse_timeout(t: Option<f64>) -> Result<Option<Duration>, String> {
    match t {
        None => Ok(None),
        Some(s) if s.is_finite() && s > 0.0 && s < 1e9 => Ok(Some(Duration::from_secs_f64(s))),
        Some(s) => Err(format!("`{s}` is not a positive number of seconds")),
    }
}

/// A test that does not parse: its diagnostics as the command line prints
/// them on stderr (each followed by a blank line), and with their places
/// for the editor.
pub fn input_error(
    diags: &[amdmm_program::Diagnostic],
    file: &str,
    src: &str,
) -> (String, Vec<DiagnosticJson>) {
    let stderr = diags
        .iter()
        .map(|d| format!("{}\n\n", d.render(file, src).trim_end()))
        .collect();
    let json = diags
        .iter()
        .map(|d| diagnostic_json(d, file, src))
        .collect();
    (stderr, json)
}

/// Runs the test `src`.
pub fn run(src: &str, o: &RunOptions) -> RunReply {
    let file = o.file.as_deref().unwrap_or("test.litmus");
    let opts = match options(o) {
        Ok(x) => x,
        Err(e) => return RunReply::option_error(e),
    };
    let program = match amdmm_program::load(src) {
        Ok(p) => p,
        Err(diags) => {
            let (stderr, diagnostics) = input_error(&diags, file, src);
            return RunReply {
                status: "input_error",
                stdout: String::new(),
                stderr,
                exit: 2,
                diagnostics,
                result: None,
                witness_texts: Vec::new(),
                witness_dots: Vec::new(),
            };
        }
    };
    let outcome = amdmm_explore::explore(&program, &opts);
    let text = amdmm_report::herd_text(&program, &outcome, None, o.show_executions);
    let stdout = format!("{}\n", text.trim_end_matches('\n'));
    let mut result = amdmm_report::json(&program, &outcome, None, true);
    result.file = file.to_string();
    let check = amdmm_report::check(&program, &outcome);
    let result = amdmm_report::with_check(result, &program.name, &check);
    let witness_texts = outcome
        .witnesses
        .iter()
        .map(|w| amdmm_report::witness_text(&outcome, w))
        .collect();
    // Witnesses first, then deadlocked executions: keep the witnesses'.
    let mut witness_dots: Vec<String> = amdmm_report::outcome_graphs(&program.name, &outcome)
        .into_iter()
        .map(|(_, dot)| dot)
        .collect();
    witness_dots.truncate(outcome.witnesses.len());
    RunReply {
        status: "ran",
        stdout,
        stderr: String::new(),
        exit: 0,
        diagnostics: Vec::new(),
        result: serde_json::to_value(&result).ok(),
        witness_texts,
        witness_dots,
    }
}
