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
    let expected = format!(
        "\
{f}:10:3: warning: wait.asyncmark(0) waits for nothing: no asyncmark of this function can be outstanding here [redundant-wait]
  help: remove it: no asyncmark of this function can be outstanding here (marks of callers and callees are not counted)
{f}:17:3: warning: this load of @t[1] may read the destination of the async copy at 13:3 before the copy completes [uncovered-access]
  help: wait for the copy's mark first: `call void @llvm.amdgcn.wait.asyncmark(i16 0)` before this load
{f}:18:3: warning: this release fence may be reached while the async copy at 13:3 is outstanding: a wave synchronizing with it may read the copy's destination, or overwrite its source, before the copy completes [outstanding-at-sync]
  help: complete the copy first: `call void @llvm.amdgcn.asyncmark()` after the copy and `call void @llvm.amdgcn.wait.asyncmark(i16 0)` before this
{f}:19:3: warning: no later wait.asyncmark of its function counts this asyncmark [unwaited-mark]
  help: it may be removed (async-operations.txt, Optimization, case 1); if the data it tracks is used later, add `call void @llvm.amdgcn.wait.asyncmark(i16 0)` before the use instead (a wait in a caller or callee does not count it)
{f}:20:3: warning: this async copy can reach the end of the kernel with no asyncmark after it: no wait can complete it [unmarked-copy]
  help: add `call void @llvm.amdgcn.asyncmark()` after the copy, and a `wait.asyncmark` before its data is used
{f}:21:1: warning: thread P0 can end with 2 asyncmarks outstanding [outstanding-at-end]
  help: add `call void @llvm.amdgcn.wait.asyncmark(i16 0)` before the end, or remove the marks no wait counts
"
    );
    assert_eq!(stdout(&o), expected);
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
