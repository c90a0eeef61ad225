//! `explain`: why a final state is forbidden or how it is allowed, with the
//! text `amdmm explain FILE [--state STATE]` prints (through the same
//! `amdmm_report::explain_text`) and each class's highlighted graph.

use crate::diagnostics::DiagnosticJson;
use crate::run::{input_error, parse_timeout};
use amdmm_explore::explain::{explain, parse_state_at, ExplainTarget};
use amdmm_explore::{ModelKind, Options};
use serde::{Deserialize, Serialize};

/// What the page may choose; absent fields take the command line's defaults.
#[derive(Debug, Default, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct ExplainOptions {
    /// The name diagnostics give the test.
    pub file: Option<String>,
    /// `seed`, `upstream` or `proposed` (`--model`).
    pub model: Option<String>,
    /// `--state`: none for the condition's states.
    pub state: Option<String>,
    /// `--loop-bound`.
    pub loop_bound: Option<u32>,
    /// `--max-candidates` (default 200,000 as on the command line).
    pub max_candidates: Option<u64>,
    /// `--timeout` in seconds.
    pub timeout: Option<f64>,
}

/// The answer to `explain`.
#[derive(Debug, Serialize)]
pub struct ExplainReply {
    /// `ran`, `input_error` (the test does not parse) or `option_error`
    /// (an unknown model, a bad state).
    pub status: &'static str,
    /// Exactly what `amdmm explain FILE` writes to stdout.
    pub stdout: String,
    /// Exactly what it writes to stderr.
    pub stderr: String,
    pub exit: u8,
    pub diagnostics: Vec<DiagnosticJson>,
    /// `allowed`, `forbidden` or `unknown`, as `--json`'s `verdict`.
    pub verdict: Option<&'static str>,
    /// Each class's graph as DOT (`--graph DIR --graph-format dot`).
    pub class_dots: Vec<String>,
}

impl ExplainReply {
    fn error(status: &'static str, stderr: String, diagnostics: Vec<DiagnosticJson>) -> Self {
        ExplainReply {
            status,
            stdout: String::new(),
            stderr,
            exit: 2,
            diagnostics,
            verdict: None,
            class_dots: Vec::new(),
        }
    }
}

/// Explains the test `src`.
pub fn run(src: &str, o: &ExplainOptions) -> ExplainReply {
    let file = o.file.as_deref().unwrap_or("test.litmus");
    let model = match o.model.as_deref().map(ModelKind::from_name) {
        None => ModelKind::Seed,
        Some(Some(m)) => m,
        Some(None) => {
            let m = o.model.as_deref().unwrap_or_default();
            return ExplainReply::error(
                "option_error",
                format!("amdmm: error: unknown model `{m}`\n"),
                Vec::new(),
            );
        }
    };
    let timeout = match parse_timeout(o.timeout) {
        Ok(t) => t,
        Err(e) => {
            return ExplainReply::error("option_error", format!("amdmm: error: {e}\n"), Vec::new())
        }
    };
    let program = match amdmm_program::load(src) {
        Ok(p) => p,
        Err(diags) => {
            let (stderr, ds) = input_error(&diags, file, src);
            return ExplainReply::error("input_error", stderr, ds);
        }
    };
    let columns: Vec<String> = program
        .shown_observables()
        .iter()
        .map(|c| program.observable_name(c))
        .collect();
    let target = match &o.state {
        Some(s) => match parse_state_at(&columns, s) {
            Ok(t) => t,
            Err(e) => {
                let d = amdmm_report::state_diagnostic(s, &e);
                let text = d.render("--state", s);
                return ExplainReply::error(
                    "option_error",
                    format!("{}\n", text.trim_end()),
                    Vec::new(),
                );
            }
        },
        None => ExplainTarget::Condition,
    };
    let opts = Options {
        loop_bound: o.loop_bound.unwrap_or(Options::default().loop_bound),
        model,
        timeout,
        // No resident memory to read in a browser: `--timeout` is the limit.
        max_memory: None,
        ..Options::default()
    };
    let x = explain(
        &program,
        &opts,
        &target,
        o.max_candidates.unwrap_or(200_000),
    );
    let text = amdmm_report::explain_text(&program, o.state.as_deref(), &x);
    let doc = amdmm_report::ExplainDocument::new(
        &program.name,
        file,
        model.name(),
        o.state.as_deref(),
        &x,
    );
    ExplainReply {
        status: "ran",
        stdout: format!("{}\n", text.trim_end()),
        stderr: String::new(),
        exit: if x.limit.is_some() { 2 } else { 0 },
        diagnostics: Vec::new(),
        verdict: Some(doc.verdict),
        class_dots: amdmm_report::explain_graphs(&program.name, &x)
            .into_iter()
            .map(|(_, dot)| dot)
            .collect(),
    }
}
