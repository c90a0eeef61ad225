//! End-to-end tests of `amdmm lint`: the findings with file:line:column and
//! a suggested fix, the exit status, bad input.

mod common;
use common::*;

#[test]
fn clean_file_has_no_finding() {
    let o = amdmm(&["lint", "tests/fixtures/lint/clean.litmus"]);
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    assert_eq!(stdout(&o), "");
    assert_eq!(stderr(&o), "0 warnings\n");
}

#[test]
fn one_finding_of_each_kind() {
    let f = "tests/fixtures/lint/findings.litmus";
    let o = amdmm(&["lint", f]);
    assert_eq!(code(&o), 1, "{}", stderr(&o));
    // Each finding is a warning diagnostic of the one renderer: the
    // check's name, `FILE:LINE:COL`, the operation underlined, the fix.
    insta::assert_snapshot!(stdout(&o));
    assert_eq!(stderr(&o), "6 warnings\n");
}

#[test]
fn directory_and_corpus_examples() {
    // The seed's software pipeline is clean. In its uneven blocks, the marks
    // of the second and third blocks are counted in wait.asyncmark(2)'s N:
    // removing them would change which copies the wait completes, so they
    // are not unwaited marks (async-operations.txt, "Optimization", case 1:
    // only a mark "not included in the wait count of a later wait").
    let o = amdmm(&[
        "lint",
        "../../litmus/async/Async+seed.software-pipeline.litmus",
        "../../litmus/async/Async+seed.uneven-blocks.litmus",
    ]);
    assert_eq!(code(&o), 1);
    let out = stdout(&o);
    assert!(!out.contains("software-pipeline"), "{out}");
    assert_eq!(
        out.matches("Async+seed.uneven-blocks.litmus:").count(),
        3,
        "{out}"
    );
    assert_eq!(out.matches("[unwaited-mark]").count(), 0, "{out}");
    let o = amdmm(&["lint", "tests/fixtures/lint"]);
    assert_eq!(code(&o), 1);
    assert_eq!(stderr(&o), "6 warnings\n");
}

#[test]
fn bad_input_and_missing_path() {
    let o = amdmm(&["lint", "tests/fixtures/bad/syntax-error.litmus"]);
    assert_eq!(code(&o), 2);
    assert!(stderr(&o).contains("error"), "{}", stderr(&o));
    let o = amdmm(&["lint", "tests/fixtures/lint/nope.litmus"]);
    assert_eq!(code(&o), 2);
    assert!(stderr(&o).contains("nope.litmus"), "{}", stderr(&o));
}

#[test]
fn help_lists_lint() {
    let o = amdmm(&["--help"]);
    assert!(stdout(&o).contains("lint"), "{}", stdout(&o));
}
