//! `compare`: one test under several memory models (`seed`, `upstream`,
//! `proposed`), with the text `amdmm compare --model A --model B FILE`
//! prints (through the same `amdmm_report::compare_columns` and
//! `compare_text`).

use crate::diagnostics::DiagnosticJson;
use crate::run::{input_error, parse_timeout};
use amdmm_explore::{ModelKind, Options};
use amdmm_report::{compare_columns, compare_text, CompareDocument};
use serde::{Deserialize, Serialize};

/// The models to compare (two or more, each once) and the limits.
#[derive(Debug, Default, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct CompareOptions {
    pub file: Option<String>,
    /// `--model` in order.
    pub models: Vec<String>,
    /// `gfxNNN` (`--barrier-target`).
    pub barrier_target: Option<String>,
    pub loop_bound: Option<u32>,
    /// `--max-candidates`.
    pub max_executions: Option<u64>,
    /// `--timeout` in seconds.
    pub timeout: Option<f64>,
}

/// The answer to `compare`.
#[derive(Debug, Serialize)]
pub struct CompareReply {
    /// `ran`, `input_error` or `option_error`.
    pub status: &'static str,
    /// Exactly what `amdmm compare --model ... FILE` writes to stdout.
    pub stdout: String,
    pub stderr: String,
    /// 0 the models agree, 1 they differ, 2 an error.
    pub exit: u8,
    pub diagnostics: Vec<DiagnosticJson>,
    /// Whether the test's results differ between the models.
    pub differs: bool,
}

fn option_error(message: String) -> CompareReply {
    CompareReply {
        status: "option_error",
        stdout: String::new(),
        stderr: format!("amdmm: error: {message}\n"),
        exit: 2,
        diagnostics: Vec::new(),
        differs: false,
    }
}

/// Compares the models on the test `src`.
pub fn run(src: &str, o: &CompareOptions) -> CompareReply {
    let file = o.file.as_deref().unwrap_or("test.litmus");
    let mut models = Vec::new();
    for m in &o.models {
        match ModelKind::from_name(m) {
            Some(k) if !models.contains(&k) => models.push(k),
            Some(_) => return option_error(format!("--model {m} is given twice")),
            None => return option_error(format!("unknown model `{m}`")),
        }
    }
    if models.len() < 2 {
        return option_error("compare needs two models or more".into());
    }
    let timeout = match parse_timeout(o.timeout) {
        Ok(t) => t,
        Err(e) => return option_error(e),
    };
    let target = match &o.barrier_target {
        None => Default::default(),
        Some(t) => match amdmm_explore::parse_target(t) {
            Ok(t) => t,
            Err(e) => return option_error(e),
        },
    };
    let program = match amdmm_program::load(src) {
        Ok(p) => p,
        Err(diags) => {
            let (stderr, diagnostics) = input_error(&diags, file, src);
            return CompareReply {
                status: "input_error",
                stdout: String::new(),
                stderr,
                exit: 2,
                diagnostics,
                differs: false,
            };
        }
    };
    let runs: Vec<(String, Result<amdmm_explore::Outcome, String>)> = models
        .iter()
        .map(|&model| {
            let opts = Options {
                loop_bound: o.loop_bound.unwrap_or(Options::default().loop_bound),
                max_executions: o.max_executions,
                timeout,
                max_memory: None,
                model,
                target: target.clone(),
                ..Options::default()
            };
            (
                model.name().to_string(),
                Ok(amdmm_explore::explore(&program, &opts)),
            )
        })
        .collect();
    let row = compare_columns(file, &program, &runs, &vec![false; runs.len()]);
    let differs = row.differs;
    let doc = CompareDocument {
        amdmm: env!("CARGO_PKG_VERSION").to_string(),
        models: models.iter().map(|m| m.name().to_string()).collect(),
        llc: None,
        tests: vec![row],
        differing: usize::from(differs),
        skipped: 0,
        input_errors: 0,
        diagnostics: Vec::new(),
    };
    CompareReply {
        status: "ran",
        stdout: format!("{}\n", compare_text(&doc).trim_end()),
        stderr: String::new(),
        exit: u8::from(differs),
        diagnostics: Vec::new(),
        differs,
    }
}
