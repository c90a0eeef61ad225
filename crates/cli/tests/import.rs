//! End-to-end tests of `amdmm import vulkan-alloy`: the listing, the files
//! written to `--out` / `--pending`, the report, and that the committed
//! translation (`litmus/vulkan-alloy/`) is what the importer produces.

use std::fs;
use std::path::{Path, PathBuf};

mod common;
use common::*;

/// A fresh scratch directory for one test.
fn scratch(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("amdmm-import-{}-{name}", std::process::id()));
    let _ = fs::remove_dir_all(&d);
    fs::create_dir_all(&d).unwrap();
    d
}

const FIXTURES: &str = "tests/fixtures/vulkan-alloy";

fn s(p: &Path) -> &str {
    p.to_str().unwrap()
}

#[test]
fn writes_agreeing_tests_pending_tests_and_the_report() {
    let d = scratch("write");
    let (out, pending, report) = (d.join("out"), d.join("pending"), d.join("report.md"));
    let o = amdmm(&[
        "import",
        "vulkan-alloy",
        FIXTURES,
        "--out",
        s(&out),
        "--pending",
        s(&pending),
        "--report",
        s(&report),
    ]);
    let listing = stdout(&o);
    assert_eq!(o.status.code(), Some(0), "{listing}\n{}", stderr(&o));
    assert!(listing.contains("agree    mp: Always"), "{listing}");
    assert!(
        listing.contains("agree    fencefencebroken: Never race"),
        "{listing}"
    );
    assert!(listing.contains("skip     ssw3: SSW"), "{listing}");
    assert!(
        listing.contains("skip     test1: storage-class semantics"),
        "{listing}"
    );
    assert!(
        listing.contains("differ   noncohcoww: Never race ub (documented model difference)"),
        "{listing}"
    );
    // Barriers may or may not be supported by the engine yet.
    assert!(
        listing.contains("pending  cbarinst:") || listing.contains("agree    cbarinst: Always"),
        "{listing}"
    );
    assert!(listing.contains("6 files: 4 translated"), "{listing}");

    let mp = fs::read_to_string(out.join("mp.litmus")).unwrap();
    assert!(mp.contains("AMDGPU VK.mp"));
    assert!(mp.contains("Creative Commons Attribution 4.0"));
    assert!(
        mp.contains("call void @llvm.amdgcn.av.global.store.b128(ptr @x, i32 1, metadata !\"\")")
    );
    assert!(mp
        .contains("syncscope(\"workgroup\") release, align 4, !mmra !{!\"amdgcn-av\", !\"none\"}"));
    assert!(mp.contains("call void @llvm.assume(i1 %c0)"));
    assert!(mp.ends_with("expect Always\n"));
    let coww = fs::read_to_string(out.join("noncohcoww.litmus")).unwrap();
    assert!(coww.contains("DOCUMENTED DIFFERENCE"));
    assert!(!out.join("ssw3.litmus").exists());

    let doc = fs::read_to_string(&report).unwrap();
    assert!(doc.contains("BEGIN GENERATED"));
    assert!(
        doc.contains("| mp | Always; race: no; ub: no | Always | agree |"),
        "{doc}"
    );
    assert!(doc.contains("| ssw3 | SSW |"), "{doc}");

    // What was written to --out passes its own check.
    let o = amdmm(&["run", "--check", "--no-time", s(&out)]);
    assert_eq!(o.status.code(), Some(0), "{}", stdout(&o));
    let _ = fs::remove_dir_all(&d);
}

#[test]
fn prints_translations_without_out() {
    let o = amdmm(&["import", "vulkan-alloy", &format!("{FIXTURES}/mp.test")]);
    assert_eq!(o.status.code(), Some(0));
    assert!(
        stdout(&o).starts_with("// Adapted from mp.test"),
        "{}",
        stdout(&o)
    );
    assert!(stdout(&o).contains("forall (P1:%r0 != undef /\\ P1:%r1 != undef)"));
    assert!(stderr(&o).contains("agree    mp: Always"));
}

#[test]
fn report_keeps_the_hand_written_analysis() {
    let d = scratch("report");
    let report = d.join("r.md");
    fs::write(
        &report,
        format!(
            "# Title\n\nintro\n\n{}\nold table\n{}\n\n## Analysis\n\nkept\n",
            amdmm_import::report::BEGIN,
            amdmm_import::report::END
        ),
    )
    .unwrap();
    let o = amdmm(&[
        "import",
        "vulkan-alloy",
        &format!("{FIXTURES}/mp.test"),
        "--out",
        s(&d.join("out")),
        "--report",
        s(&report),
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let doc = fs::read_to_string(&report).unwrap();
    assert!(doc.contains("intro") && doc.contains("## Analysis\n\nkept"));
    assert!(!doc.contains("old table"));
    assert!(doc.contains("| mp |"));
    let _ = fs::remove_dir_all(&d);
}

#[test]
fn bad_paths_are_errors() {
    let o = amdmm(&["import", "vulkan-alloy", "no/such/dir"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("no/such/dir"));
}

/// The committed translation is the importer's output (run
/// scripts/vulkan-crosscheck.sh after changing the importer or the engine).
#[test]
fn committed_translation_is_up_to_date() {
    // The Khronos suite is not part of the repository: $VULKAN_ALLOY, or a
    // checkout next to the clone.
    let corpus = std::env::var_os("VULKAN_ALLOY")
        .map(std::path::PathBuf::from)
        .unwrap_or_else(|| manifest_dir().join("../../../shared/corpora/vulkan-alloy"));
    let committed = manifest_dir().join("../../litmus/vulkan-alloy");
    if !corpus.is_dir() || !committed.is_dir() {
        eprintln!("skipped: the Khronos corpus or litmus/vulkan-alloy is not present");
        return;
    }
    let d = scratch("fresh");
    let o = amdmm(&[
        "import",
        "vulkan-alloy",
        s(&corpus),
        "--out",
        s(&d.join("out")),
        "--pending",
        s(&d.join("pending")),
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    for entry in fs::read_dir(&committed).unwrap() {
        let p = entry.unwrap().path();
        let name = p.file_name().unwrap();
        let fresh = fs::read_to_string(d.join("out").join(name)).unwrap_or_default();
        assert_eq!(
            fs::read_to_string(&p).unwrap(),
            fresh,
            "{} differs from the importer's output: run scripts/vulkan-crosscheck.sh",
            p.display()
        );
    }
    let _ = fs::remove_dir_all(&d);
}

/// A symbolic link in the output directory is never written through, even
/// with --force: the file it points to (outside DIR) is untouched.
#[cfg(unix)]
#[test]
fn never_writes_through_a_symlink() {
    let d = scratch("symlink");
    let (out, outside) = (d.join("out"), d.join("outside.txt"));
    fs::create_dir_all(&out).unwrap();
    fs::write(&outside, "precious\n").unwrap();
    std::os::unix::fs::symlink(&outside, out.join("mp.litmus")).unwrap();
    let mp = format!("{FIXTURES}/mp.test");
    for force in [false, true] {
        let mut args = vec!["import", "vulkan-alloy", &mp, "--out", s(&out)];
        if force {
            args.push("--force");
        }
        let o = amdmm(&args);
        assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
        assert!(stderr(&o).contains("is a symbolic link"), "{}", stderr(&o));
        assert_eq!(fs::read_to_string(&outside).unwrap(), "precious\n");
    }
}

/// A file the importer did not write is kept unless --force; its own
/// files are replaced (re-importing needs no --force), atomically.
#[test]
fn keeps_files_it_did_not_write_unless_forced() {
    let d = scratch("foreign");
    let out = d.join("out");
    fs::create_dir_all(&out).unwrap();
    fs::write(out.join("mp.litmus"), "hand-written\n").unwrap();
    let mp = format!("{FIXTURES}/mp.test");
    let o = amdmm(&["import", "vulkan-alloy", &mp, "--out", s(&out)]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(
        stderr(&o).contains("exists and was not written by amdmm; give --force"),
        "{}",
        stderr(&o)
    );
    assert_eq!(
        fs::read_to_string(out.join("mp.litmus")).unwrap(),
        "hand-written\n"
    );
    let o = amdmm(&["import", "vulkan-alloy", &mp, "--out", s(&out), "--force"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let first = fs::read_to_string(out.join("mp.litmus")).unwrap();
    assert!(first.contains("AMDGPU VK.mp"));
    let o = amdmm(&["import", "vulkan-alloy", &mp, "--out", s(&out)]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(fs::read_to_string(out.join("mp.litmus")).unwrap(), first);
    // Only the test: no temporary file left behind.
    assert_eq!(fs::read_dir(&out).unwrap().count(), 1);
}

/// A file that cannot be written (here: one the importer did not write,
/// without --force) is reported with its path, and the other translations
/// are still written (exit status 2 at the end).
#[test]
fn a_file_it_may_not_write_is_reported_and_the_rest_written() {
    let d = scratch("partial");
    let out = d.join("out");
    fs::create_dir_all(&out).unwrap();
    fs::write(out.join("mp.litmus"), "hand-written\n").unwrap();
    let o = amdmm(&["import", "vulkan-alloy", FIXTURES, "--out", s(&out)]);
    let err = stderr(&o);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert!(
        err.contains(&format!(
            "error: {}: exists and was not written by amdmm; give --force",
            s(&out.join("mp.litmus"))
        )),
        "{err}"
    );
    assert!(
        err.contains("1 translation could not be written (see above); the others were"),
        "{err}"
    );
    assert_eq!(
        fs::read_to_string(out.join("mp.litmus")).unwrap(),
        "hand-written\n"
    );
    // The other translations, before and after mp in the input order.
    for later in ["noncohcoww.litmus", "fencefencebroken.litmus"] {
        assert!(out.join(later).exists(), "{later}: {}", stdout(&o));
    }
    let _ = fs::remove_dir_all(&d);
}

/// A malformed `.test` file is reported at its own line and column, and
/// the other files are still imported (exit status 2 at the end).
#[test]
fn malformed_test_reported_at_its_line_and_the_rest_imported() {
    let d = scratch("malformed");
    let (inp, out) = (d.join("in"), d.join("out"));
    fs::create_dir_all(&inp).unwrap();
    fs::copy(format!("{FIXTURES}/mp.test"), inp.join("mp.test")).unwrap();
    fs::write(
        inp.join("bad.test"),
        "NEWTHREAD\nst.nonpriv.sc0 x = 1\n  ld.bogus.sc0 x\nSATISFIABLE consistent[X]\n",
    )
    .unwrap();
    fs::write(
        inp.join("huge.test"),
        "NEWTHREAD\nst.nonpriv.sc0 x = 99999999999\n",
    )
    .unwrap();
    let o = amdmm(&["import", "vulkan-alloy", s(&inp), "--out", s(&out)]);
    let err = stderr(&o);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert!(
        err.contains(&format!("--> {}:3:6", s(&inp.join("bad.test")))),
        "{err}"
    );
    assert!(err.contains("unknown token `bogus`"), "{err}");
    assert!(
        err.contains(&format!("--> {}:2:20", s(&inp.join("huge.test")))),
        "{err}"
    );
    assert!(err.contains("2 input files could not be imported"), "{err}");
    assert!(out.join("mp.litmus").exists(), "{}", stdout(&o));
}
