//! `verify`: one test on one target's operational hardware model with the
//! code-sequence tables (`amdmm verify --target T [--model M] FILE`,
//! `--code table`), its outcomes compared with the chosen memory model's. The verdict and its text
//! are the command line's (`amdmm_report::verify::verify_pair`, `pair_text`,
//! `Totals::summary_line`). llc is not in the browser, so there is no
//! `--code llc` here.

use crate::diagnostics::DiagnosticJson;
use crate::run::{input_error, parse_model, parse_timeout};
use amdmm_report::verify::{
    builtin_known, pair_text, verify_pair, Code, Pair, PairOptions, Totals,
};
use serde::{Deserialize, Serialize};

/// The target, the memory model and the limits.
#[derive(Debug, Default, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct VerifyOptions {
    pub file: Option<String>,
    /// `--target`: one processor (`gfx942`, `gfx90a:tgsplit`, ...).
    pub target: String,
    /// `--model`: `seed` (the default), `upstream` or `proposed`, the rules
    /// the hardware outcomes are checked against.
    pub model: Option<String>,
    pub loop_bound: Option<u32>,
    /// `--max-states` (default 2,000,000 as on the command line).
    pub max_states: Option<usize>,
    /// `--timeout` in seconds.
    pub timeout: Option<f64>,
}

/// The answer to `verify`.
#[derive(Debug, Serialize)]
pub struct VerifyReply {
    /// `ran`, `input_error` or `option_error`.
    pub status: &'static str,
    /// What `amdmm verify --target T FILE` writes to stdout; its last line
    /// ends with the time taken (`in 0.1 s)`), which differs run to run.
    pub stdout: String,
    pub stderr: String,
    /// 0 every hardware outcome is allowed, 1 one is forbidden, 2 an error.
    pub exit: u8,
    pub diagnostics: Vec<DiagnosticJson>,
    /// The pair's status: `ok`, `skip`, `limit`, `known` or `forbidden`.
    pub verdict: Option<String>,
}

fn option_error(message: String) -> VerifyReply {
    VerifyReply {
        status: "option_error",
        stdout: String::new(),
        stderr: format!("amdmm: error: {message}\n"),
        exit: 2,
        diagnostics: Vec::new(),
        verdict: None,
    }
}

/// Runs the test `src` on the target's hardware model and the memory model.
pub fn run(src: &str, o: &VerifyOptions) -> VerifyReply {
    let started = web_time::Instant::now();
    let file = o.file.as_deref().unwrap_or("test.litmus");
    let target = match amdmm_hw::Target::parse(&o.target) {
        Ok(t) => t,
        Err(e) => return option_error(e),
    };
    let model_kind = match parse_model(o.model.as_deref()) {
        Ok(m) => m,
        Err(e) => return option_error(e),
    };
    let timeout = match parse_timeout(o.timeout) {
        Ok(t) => t,
        Err(e) => return option_error(e),
    };
    let loop_bound = o
        .loop_bound
        .unwrap_or(amdmm_explore::Options::default().loop_bound);
    let program = match amdmm_program::load(src) {
        Ok(p) => p,
        Err(diags) => {
            let (stderr, diagnostics) = input_error(&diags, file, src);
            return VerifyReply {
                status: "input_error",
                stdout: format!("{}\n", Totals::default().summary_line(0.0)),
                stderr,
                exit: 2,
                diagnostics,
                verdict: None,
            };
        }
    };
    let mopts = amdmm_explore::Options {
        model: model_kind,
        loop_bound,
        timeout,
        max_memory: None,
        ..Default::default()
    };
    let model = amdmm_explore::explore(&program, &mopts);
    let hopts = amdmm_hw::machine::HwOptions {
        loop_bound,
        max_states: o.max_states.unwrap_or(2_000_000),
        reduce: true,
        symmetry: true,
        timeout,
        max_memory: None,
    };
    let known = builtin_known();
    let pair = Pair {
        file,
        program: &program,
        target: &target,
        model: &model,
    };
    let r = verify_pair(
        &pair,
        &PairOptions {
            hw: &hopts,
            code: Code::Source(&amdmm_hw::machine::CodeSource::Table),
            known: &known,
            recognise: None,
        },
    )
    .result;
    let mut totals = Totals::default();
    totals.count(&r);
    let secs = started.elapsed().as_secs_f64();
    VerifyReply {
        status: "ran",
        stdout: format!(
            "{}{}\n",
            pair_text(&r, false, false),
            totals.summary_line(secs)
        ),
        stderr: String::new(),
        exit: u8::from(totals.forbidden > 0),
        diagnostics: Vec::new(),
        verdict: Some(r.status),
    }
}
