//! The generated program is byte-stable (docs/gpu.md): the programs of two
//! corpus tests are checked in, and `amdmm_hip::generate` must reproduce
//! them byte for byte. A deliberate change of the generator regenerates
//! them with `AMDMM_BLESS=1 cargo test -p amdmm-hip --test golden` (then
//! review the diff: it is what every user's programs change by).

use std::path::Path;

fn check(test: &str) {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let src = root.join("../../litmus").join(test);
    let p = amdmm_program::load(&std::fs::read_to_string(&src).unwrap()).unwrap();
    let file = Path::new(test).file_name().unwrap().to_string_lossy();
    let text = amdmm_hip::generate(&p, &file).unwrap();
    // The same test twice gives the same bytes.
    assert_eq!(text, amdmm_hip::generate(&p, &file).unwrap());
    let golden = root
        .join("tests/golden")
        .join(format!("{}.hip", file.trim_end_matches(".litmus")));
    if std::env::var_os("AMDMM_BLESS").is_some() {
        std::fs::write(&golden, &text).unwrap();
        return;
    }
    let want = std::fs::read_to_string(&golden)
        .unwrap_or_else(|e| panic!("{}: {e} (AMDMM_BLESS=1 writes it)", golden.display()));
    if text != want {
        let line = text
            .lines()
            .zip(want.lines())
            .position(|(a, b)| a != b)
            .map_or(text.lines().count().min(want.lines().count()), |n| n);
        panic!(
            "{test}: the generated program differs from {} at line {} (AMDMM_BLESS=1 regenerates it after a deliberate change)",
            golden.display(),
            line + 1
        );
    }
}

#[test]
fn mp_program_is_byte_stable() {
    check("MP+rel-acq.agent.litmus");
}

/// A register the condition does not show (kept alive) and generic
/// pointers (laundered, so that their accesses stay flat instructions).
#[test]
fn generic_and_kept_registers_program_is_byte_stable() {
    check("hw/mp/MP+rel+sc.workgroup.litmus");
    check("constructs/generic/SB+sc.workgroup.samewg.generic.litmus");
}
