//! amdmm-web: the pipeline for the browser playground (`web/`), compiled to
//! `wasm32-unknown-unknown` and exposed through wasm-bindgen (a wasm32-only
//! dependency: on the host the attributes are left out). Every function
//! takes and returns JSON text, so the JavaScript side needs no generated
//! types; the same functions are plain Rust on the host (tests below and in
//! `tests/`).
//!
//! The text outputs are built by the library functions the command line
//! uses (`amdmm_report::herd_text`, `amdmm_hw::lower::render`,
//! `amdmm_lds::report::text`), so the browser prints what `amdmm` prints;
//! `web/tests/corpus.mjs` checks it byte for byte on the whole corpus.

pub mod compare;
pub mod diagnostics;
pub mod explain;
pub mod run;
pub mod tools;
pub mod verify;

#[cfg(target_family = "wasm")]
use wasm_bindgen::prelude::*;

fn to_json<T: serde::Serialize>(v: &T) -> String {
    serde_json::to_string(v).unwrap_or_else(|e| format!("{{\"error\":\"cannot write JSON: {e}\"}}"))
}

fn bad_options(e: serde_json::Error) -> String {
    serde_json::json!({ "status": "option_error", "error": format!("bad options: {e}") })
        .to_string()
}

/// Runs one test. `options`: JSON of [`run::RunOptions`]; the answer: JSON
/// of [`run::RunReply`].
#[cfg_attr(target_family = "wasm", wasm_bindgen)]
pub fn run(src: &str, options: &str) -> String {
    match serde_json::from_str::<run::RunOptions>(options) {
        Ok(o) => to_json(&run::run(src, &o)),
        Err(e) => bad_options(e),
    }
}

/// Explains one test (`amdmm explain`). `options`: JSON of
/// [`explain::ExplainOptions`]; the answer: JSON of [`explain::ExplainReply`].
#[cfg_attr(target_family = "wasm", wasm_bindgen)]
pub fn explain(src: &str, options: &str) -> String {
    match serde_json::from_str::<explain::ExplainOptions>(options) {
        Ok(o) => to_json(&explain::run(src, &o)),
        Err(e) => bad_options(e),
    }
}

/// Compares memory models on one test (`amdmm compare --model A --model
/// B`). `options`: JSON of [`compare::CompareOptions`]; the answer: JSON of
/// [`compare::CompareReply`].
#[cfg_attr(target_family = "wasm", wasm_bindgen)]
pub fn compare(src: &str, options: &str) -> String {
    match serde_json::from_str::<compare::CompareOptions>(options) {
        Ok(o) => to_json(&compare::run(src, &o)),
        Err(e) => bad_options(e),
    }
}

/// Runs one test on a target's hardware model with the code-sequence tables
/// and compares its outcomes with the chosen memory model's (`amdmm verify
/// --target T [--model M] FILE`). `options`: JSON of [`verify::VerifyOptions`]; the
/// answer: JSON of [`verify::VerifyReply`].
#[cfg_attr(target_family = "wasm", wasm_bindgen)]
pub fn verify(src: &str, options: &str) -> String {
    match serde_json::from_str::<verify::VerifyOptions>(options) {
        Ok(o) => to_json(&verify::run(src, &o)),
        Err(e) => bad_options(e),
    }
}

/// Lowers one test for `target`: JSON of [`tools::LowerReply`].
#[cfg_attr(target_family = "wasm", wasm_bindgen)]
pub fn lower(src: &str, target: &str, file: &str) -> String {
    to_json(&tools::lower(src, target, file))
}

/// Analyses one DS instruction: `options` is JSON of [`tools::LdsOptions`];
/// the answer JSON of [`tools::LdsReply`].
#[cfg_attr(target_family = "wasm", wasm_bindgen)]
pub fn lds(options: &str) -> String {
    match serde_json::from_str::<tools::LdsOptions>(options) {
        Ok(o) => to_json(&tools::lds(&o)),
        Err(e) => bad_options(e),
    }
}

/// The page's menus (models, targets, DS instructions), as JSON.
#[cfg_attr(target_family = "wasm", wasm_bindgen)]
pub fn catalogue() -> String {
    tools::catalogue().to_string()
}

#[cfg(target_family = "wasm")]
#[wasm_bindgen]
extern "C" {
    /// Supplied by the worker: receives the message of a panic before the
    /// module traps (a panic aborts on wasm32-unknown-unknown, so it cannot
    /// be caught and turned into an `Unknown` result as on the command line).
    #[wasm_bindgen(js_namespace = globalThis, js_name = amdmmPanic)]
    fn report_panic(message: &str);
}

/// Installs the panic hook that hands panic messages to JavaScript.
#[cfg_attr(target_family = "wasm", wasm_bindgen(start))]
pub fn start() {
    #[cfg(target_family = "wasm")]
    std::panic::set_hook(Box::new(|info| report_panic(&info.to_string())));
}
