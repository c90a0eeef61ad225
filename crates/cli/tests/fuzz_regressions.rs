//! Replays every saved fuzzer input (fuzz/regressions/TARGET/, and the seed
//! corpora of fuzz/seeds/) through the same body as the cargo-fuzz target
//! (fuzz/src/lib.rs, included here so stable builds run it without
//! libFuzzer). A crash input once found must never crash again (issue 12,
//! fuzzing; fuzz/README.md).

use std::fs;
use std::path::Path;

#[allow(dead_code)]
#[path = "../../../fuzz/src/lib.rs"]
mod targets;

/// Runs `body` on every file of `fuzz/<dir>/<target>/`; returns how many.
fn replay(dir: &str, target: &str, body: fn(&[u8])) -> usize {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../fuzz")
        .join(dir)
        .join(target);
    let Ok(entries) = fs::read_dir(&root) else {
        return 0;
    };
    let mut files: Vec<_> = entries.filter_map(|e| e.ok()).map(|e| e.path()).collect();
    files.sort();
    for f in &files {
        let data = fs::read(f).unwrap();
        eprintln!("replaying {}", f.display());
        body(&data);
    }
    files.len()
}

#[test]
fn litmus_load_regressions() {
    replay("regressions", "litmus_load", targets::litmus_load);
}

#[test]
fn explore_regressions() {
    replay("regressions", "explore", targets::explore);
}

#[test]
fn lds_expr_regressions_and_seeds() {
    replay("regressions", "lds_expr", targets::lds_expr);
    assert!(replay("seeds", "lds_expr", targets::lds_expr) > 0);
}

/// The llc-output reader on its seeds (real llc output, fuzz/seeds/llc_asm)
/// and every saved crash input.
#[test]
fn llc_asm_regressions_and_seeds() {
    replay("regressions", "llc_asm", targets::llc_asm);
    assert!(replay("seeds", "llc_asm", targets::llc_asm) > 0);
}

/// The safe writer's path handling on its seeds (every kind of entry at the
/// output name) and every saved crash input.
#[cfg(unix)]
#[test]
fn writer_paths_regressions_and_seeds() {
    replay("regressions", "writer_paths", targets::writer_paths);
    assert!(replay("seeds", "writer_paths", targets::writer_paths) >= 8);
}

#[test]
fn vulkan_test_regressions() {
    replay("regressions", "vulkan_test", targets::vulkan_test);
}

/// The committed corpus passes the targets too (the fuzzer's seeds).
#[test]
fn seeds_pass_the_targets() {
    let fixtures = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/vulkan-alloy");
    for e in fs::read_dir(fixtures).unwrap() {
        let p = e.unwrap().path();
        if p.extension().is_some_and(|x| x == "test") {
            targets::vulkan_test(&fs::read(&p).unwrap());
        }
    }
}
