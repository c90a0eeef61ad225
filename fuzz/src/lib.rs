//! The bodies of the fuzz targets, shared with the regression test that
//! replays every saved crash input (crates/cli/tests/fuzz_regressions.rs
//! includes this file). Each takes the raw input bytes; a panic is a bug.

use std::time::Duration;

/// Input as text: the commands refuse non-UTF-8 before parsing
/// (crates/cli/src/input.rs), so only text reaches the parsers.
fn text(data: &[u8]) -> Option<&str> {
    std::str::from_utf8(data).ok()
}

/// The litmus parser and loader: parse, lower, and render every diagnostic.
pub fn litmus_load(data: &[u8]) {
    let Some(src) = text(data) else { return };
    match amdmm_program::load(src) {
        Ok(p) => {
            let _ = p.shown_observables();
        }
        Err(diags) => {
            assert!(!diags.is_empty(), "an error without a diagnostic");
            assert!(
                diags.len() <= amdmm_litmus::diagnostic::MAX_DIAGNOSTICS + 1,
                "diagnostics not capped"
            );
            for d in &diags {
                let _ = d.render("fuzz.litmus", src);
            }
        }
    }
}

/// Parse and explore under tight limits (small loop bound, few executions,
/// a short time limit): any outcome, `Unknown` included, is fine; a panic
/// or a hang is not.
pub fn explore(data: &[u8]) {
    let Some(src) = text(data) else { return };
    let Ok(program) = amdmm_program::load(src) else {
        return;
    };
    let opts = amdmm_explore::Options {
        loop_bound: 2,
        max_executions: Some(2_000),
        timeout: Some(Duration::from_millis(300)),
        max_memory: Some(2048),
        ..amdmm_explore::Options::default()
    };
    let _ = amdmm_explore::explore(&program, &opts);
}

/// The LDS address-expression parser: parse, evaluate for a wave, analyse.
pub fn lds_expr(data: &[u8]) {
    let Some(src) = text(data) else { return };
    match amdmm_lds::expr::Expr::parse(src) {
        Ok(e) => {
            for lane in 0..64 {
                let _ = e.eval(lane);
            }
        }
        Err(e) => {
            let _ = e.render(src);
        }
    }
    let params = amdmm_lds::addressing::Params::default();
    let _ = amdmm_lds::analyze_expr("ds_read_b32", src, 64, &params);
}

/// The Vulkan `.test` importer: a translation must load as a litmus test
/// (the importer validates names and values; a translation that does not
/// load is an importer bug).
pub fn vulkan_test(data: &[u8]) {
    let Some(src) = text(data) else { return };
    if let Ok(t) = amdmm_import::translate("fuzz", src) {
        let rendered = t.render(&t.expected.representative(), &[]);
        if let Err(diags) = amdmm_program::load(&rendered) {
            panic!(
                "the translation does not load:\n{}",
                amdmm_litmus::render_all(&diags, "fuzz.litmus", &rendered)
            );
        }
    }
}
