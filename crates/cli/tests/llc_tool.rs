//! llc through the one process helper and its cache (issue 24 items 3, 4
//! and 5; docs/llc.md "Running llc" and "Cache"), with stand-in llc
//! scripts: a stuck llc is killed at `--timeout`, an llc that exits at once
//! is a clear error naming it (never amdmm's death by SIGPIPE), and the
//! cache tells two binaries that print the same version apart.

#![cfg(unix)]

use std::fs;
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::time::{Duration, Instant};

mod common;
use common::*;

fn scratch(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("amdmm-llc-tool-{}-{name}", std::process::id()));
    let _ = fs::remove_dir_all(&d);
    fs::create_dir_all(&d).unwrap();
    d
}

/// A stand-in llc: answers `--version` as LLVM 22 does, else runs `body`.
fn fake_llc(dir: &Path, name: &str, body: &str) -> PathBuf {
    let p = dir.join(name);
    fs::write(
        &p,
        format!(
            "#!/bin/sh\nif [ \"$1\" = --version ]; then echo '  Ubuntu LLVM version 22.1.0'; exit 0; fi\n{body}\n"
        ),
    )
    .unwrap();
    fs::set_permissions(&p, fs::Permissions::from_mode(0o755)).unwrap();
    p
}

/// Runs amdmm with its own (empty) llc cache.
fn amdmm_with_cache(args: &[&str], cache: &Path) -> (Output, Duration) {
    let t = Instant::now();
    let o = Command::new(env!("CARGO_BIN_EXE_amdmm"))
        .args(args)
        .current_dir(manifest_dir())
        .env("AMDMM_LLC_CACHE", cache)
        .output()
        .unwrap();
    (o, t.elapsed())
}

const TEST: &str = "../../litmus/MP+rel-acq.agent.litmus";

/// `verify --timeout 2 --code llc --llc STUCK` ends within 2.5 s, the test
/// a LIMIT with the reason (issue 24, "Done when").
#[test]
fn a_stuck_llc_is_killed_at_the_timeout() {
    let d = scratch("stuck");
    let llc = fake_llc(&d, "llc-stuck", "sleep 100");
    let (o, took) = amdmm_with_cache(
        &[
            "verify",
            "--timeout",
            "2",
            "--code",
            "llc",
            "--llc",
            llc.to_str().unwrap(),
            "--target",
            "gfx942",
            TEST,
        ],
        &d.join("cache"),
    );
    assert!(took < Duration::from_millis(2500), "took {took:?}");
    let out = stdout(&o);
    assert!(
        out.starts_with("LIMIT MP+rel-acq.agent gfx942: ../../litmus/MP+rel-acq.agent.litmus: limit reached: --timeout 2s (per test): llc did not finish and was killed"),
        "{out}\n{}",
        stderr(&o)
    );
    assert!(out.contains(", 1 at a limit, 0 llc errors"), "{out}");
    // No verdict is not a failure, unless --strict.
    assert_eq!(o.status.code(), Some(0));
    let (o, _) = amdmm_with_cache(
        &[
            "verify",
            "--timeout",
            "0.5",
            "--strict",
            "--quiet",
            "--code",
            "llc",
            "--llc",
            llc.to_str().unwrap(),
            "--target",
            "gfx942",
            TEST,
        ],
        &d.join("cache"),
    );
    assert_eq!(o.status.code(), Some(2), "{}", stdout(&o));
    assert!(stdout(&o).starts_with("LIMIT "), "{}", stdout(&o));
}

/// `verify --code llc` with an llc that fails on a test: an ERROR line
/// naming llc, and exit 2 (issue 24 item 8: it was a SKIP with exit 0).
#[test]
fn verify_fails_on_an_llc_error() {
    let d = scratch("verify-error");
    let llc = fake_llc(
        &d,
        "llc-broken",
        "cat >/dev/null; echo 'LLVM ERROR: Cannot select: x' >&2; exit 1",
    );
    let (o, _) = amdmm_with_cache(
        &[
            "verify",
            "--quiet",
            "--code",
            "llc",
            "--llc",
            llc.to_str().unwrap(),
            "--target",
            "gfx942",
            TEST,
        ],
        &d.join("cache"),
    );
    assert_eq!(o.status.code(), Some(2), "{}", stdout(&o));
    let out = stdout(&o);
    let first = out.lines().next().unwrap_or("");
    assert!(
        first.starts_with("ERROR MP+rel-acq.agent gfx942: ../../litmus/MP+rel-acq.agent.litmus: ")
            && first.contains("llc-broken -mtriple=amdgcn-amd-amdhsa -mcpu=gfx942")
            && first.ends_with(
                "failed (Ubuntu LLVM version 22.1.0): exit status 1: LLVM ERROR: Cannot select: x"
            ),
        "{out}"
    );
    assert!(out.contains(", 0 at a limit, 1 llc errors"), "{out}");
}

/// An llc that exits at once, without reading its input: a clear error
/// naming it, exit 2 — for a large module (the pipe closes: once amdmm's
/// death by SIGPIPE, exit 141) and a small one (it fits in the pipe; the
/// empty output is the error).
#[test]
fn an_llc_that_exits_at_once_is_a_clear_error() {
    let d = scratch("exits");
    let llc = fake_llc(&d, "llc-exits", "exit 0");
    {
        let test = TEST;
        let (o, _) = amdmm_with_cache(
            &[
                "compile",
                "--llc",
                llc.to_str().unwrap(),
                "--target",
                "gfx942",
                test,
            ],
            &d.join("cache"),
        );
        assert_eq!(
            o.status.code(),
            Some(2),
            "{test}: {:?} {}",
            o.status,
            stderr(&o)
        );
        let e = stderr(&o);
        assert!(e.contains("llc-exits"), "{e}");
        assert!(
            e.contains("without reading its input") || e.contains("lacks the kernel(s)"),
            "{e}"
        );
    }
    // The same on a module of 200 KB, surely larger than a pipe's buffer.
    let big = d.join("big.litmus");
    let mut text = String::from("AMDGPU Big\n{\n  global x = 0;\n}\nthread P0 @ wg 0 {\n");
    for k in 0..4000 {
        text.push_str(&format!(
            "  store atomic i32 {k}, ptr @x monotonic, align 4\n"
        ));
    }
    text.push_str("}\nexists (x == 0)\n");
    fs::write(&big, text).unwrap();
    let (o, _) = amdmm_with_cache(
        &[
            "compile",
            "--llc",
            llc.to_str().unwrap(),
            "--target",
            "gfx942",
            big.to_str().unwrap(),
        ],
        &d.join("cache"),
    );
    assert_eq!(o.status.code(), Some(2), "{:?} {}", o.status, stderr(&o));
    assert!(
        stderr(&o).contains("exited without reading its input"),
        "{}",
        stderr(&o)
    );
}

/// An llc killed by a signal is reported with the signal's name.
#[test]
fn an_llc_killed_by_a_signal_is_named() {
    let d = scratch("signal");
    let llc = fake_llc(&d, "llc-segv", "cat >/dev/null; kill -SEGV $$");
    let (o, _) = amdmm_with_cache(
        &[
            "compile",
            "--llc",
            llc.to_str().unwrap(),
            "--target",
            "gfx942",
            TEST,
        ],
        &d.join("cache"),
    );
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("killed by signal 11 (SIGSEGV)"),
        "{}",
        stderr(&o)
    );
}

/// Two llc binaries printing the same version line get their own cache
/// entries (the cache is keyed on the binary: issue 24 item 5), and the
/// cache directory is private.
#[test]
fn the_cache_tells_binaries_apart() {
    let d = scratch("cache");
    // Each prints the kernels' labels and its own name.
    let labels = "sed -n 's/^define amdgpu_kernel void @\\([^(]*\\)(.*/\\1:/p'";
    let one = fake_llc(&d, "llc-one", &format!("{labels}; echo '; one'"));
    let two = fake_llc(&d, "llc-two", &format!("{labels}; echo '; two'"));
    let cache = d.join("cache");
    for (llc, mark) in [(&one, "; one"), (&two, "; two"), (&one, "; one")] {
        let (o, _) = amdmm_with_cache(
            &[
                "compile",
                "--llc",
                llc.to_str().unwrap(),
                "--target",
                "gfx942",
                TEST,
            ],
            &cache,
        );
        assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
        assert!(stdout(&o).contains(mark), "{}", stdout(&o));
    }
    assert_eq!(fs::read_dir(&cache).unwrap().count(), 2);
    let mode = fs::metadata(&cache).unwrap().permissions().mode() & 0o777;
    assert_eq!(mode, 0o700);
    // A poisoned entry (its kernels missing) is dropped and llc runs again.
    for e in fs::read_dir(&cache).unwrap() {
        fs::write(e.unwrap().path(), "; nothing\n").unwrap();
    }
    let (o, _) = amdmm_with_cache(
        &[
            "compile",
            "--llc",
            one.to_str().unwrap(),
            "--target",
            "gfx942",
            TEST,
        ],
        &cache,
    );
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(stdout(&o).contains("; one"), "{}", stdout(&o));
}
