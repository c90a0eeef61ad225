//! The playground's other tools: `lower` (a test's machine code on a target,
//! from the code-sequence tables) and `lds` (bank conflicts of one DS
//! instruction), with the text of `amdmm lower` and `amdmm lds`.

use crate::diagnostics::{diagnostic_json, DiagnosticJson};
use amdmm_lds::addressing::{Params, LDS_BYTES, M0_NO_LIMIT};
use serde::{Deserialize, Serialize};

/// The answer to `lower`: the listing, or what is wrong.
#[derive(Debug, Serialize)]
pub struct LowerReply {
    pub ok: bool,
    /// `amdmm lower --target T FILE`'s stdout.
    pub text: String,
    /// An unknown target or an operation the target has no code for.
    pub error: Option<String>,
    pub diagnostics: Vec<DiagnosticJson>,
}

/// Lowers the test `src` for `target` (`gfx942`, `gfx90a:tgsplit`, ...).
pub fn lower(src: &str, target: &str, file: &str) -> LowerReply {
    let fail = |error: String, diagnostics| LowerReply {
        ok: false,
        text: String::new(),
        error: Some(error),
        diagnostics,
    };
    let t = match amdmm_hw::Target::parse(target) {
        Ok(t) => t,
        Err(e) => return fail(e, Vec::new()),
    };
    let program = match amdmm_program::load(src) {
        Ok(p) => p,
        Err(diags) => {
            let ds: Vec<_> = diags
                .iter()
                .map(|d| diagnostic_json(d, file, src))
                .collect();
            return fail(format!("{file} does not parse"), ds);
        }
    };
    match amdmm_hw::lower(&program, &t) {
        Ok(l) => LowerReply {
            ok: true,
            text: amdmm_hw::lower::render(&l),
            error: None,
            diagnostics: Vec::new(),
        },
        Err(e) => fail(format!("{file}: {e}"), Vec::new()),
    }
}

/// The inputs of `amdmm lds INSTR --addr EXPR ...`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LdsOptions {
    pub instr: String,
    pub addr: String,
    #[serde(default)]
    pub offset0: u8,
    #[serde(default)]
    pub offset1: u8,
    pub wave: Option<u32>,
    pub m0: Option<u32>,
    pub lds_size: Option<u32>,
    pub lds_base: Option<u32>,
}

/// The answer to `lds`: the text report and its JSON form (the page draws
/// the heat map from `json.lanes[].banks`), or the error and its hint.
#[derive(Debug, Serialize)]
pub struct LdsReply {
    pub ok: bool,
    pub text: String,
    pub json: serde_json::Value,
    pub error: Option<String>,
    pub hint: Option<String>,
    /// The error as `amdmm lds` prints it on stderr (plain, no colour, no
    /// trailing newline): the one diagnostics renderer's text.
    pub rendered: Option<String>,
}

pub fn lds(o: &LdsOptions) -> LdsReply {
    let params = Params {
        offset0: o.offset0,
        offset1: o.offset1,
        lds_base: o.lds_base.unwrap_or(0),
        lds_size: o.lds_size.unwrap_or(LDS_BYTES),
        m0: o.m0.unwrap_or(M0_NO_LIMIT),
        ..Params::default()
    };
    match amdmm_lds::analyze_expr(&o.instr, &o.addr, o.wave.unwrap_or(64), &params) {
        Ok(a) => LdsReply {
            ok: true,
            text: amdmm_lds::report::text(&a),
            json: amdmm_lds::report::json(&a),
            error: None,
            hint: None,
            rendered: None,
        },
        Err(e) => LdsReply {
            ok: false,
            text: String::new(),
            json: serde_json::Value::Null,
            hint: (!e.hint.is_empty()).then(|| e.hint.clone()),
            rendered: Some(e.render(false).trim_end().to_string()),
            error: Some(e.message),
        },
    }
}

/// The page's menus: models, barrier targets, lowering targets and DS
/// instructions.
pub fn catalogue() -> serde_json::Value {
    // The modelled processors (a processor checked as another prints as
    // `gfx950 (as gfx942)`, which is no value for `--target`).
    let lower: Vec<String> = amdmm_hw::all_targets()
        .iter()
        .filter(|t| t.processor == t.name)
        .map(|t| t.to_string())
        .collect();
    let instrs: Vec<String> = amdmm_lds::instr::all()
        .into_iter()
        .map(|i| i.name)
        .collect();
    serde_json::json!({
        "version": env!("CARGO_PKG_VERSION"),
        "models": amdmm_explore::ModelKind::NAMES,
        "barrier_targets": BARRIER_TARGETS,
        "default_barrier_target": amdmm_explore::Target::default().name,
        "lower_targets": lower,
        "lds_instructions": instrs,
    })
}

/// One processor per barrier generation (GFX6-11, GFX12, GFX12.5), the
/// choices of `--barrier-target` the page offers; any `gfxNNN` is accepted.
const BARRIER_TARGETS: [&str; 3] = ["gfx1100", "gfx1200", "gfx1250"];
