//! Bad input never hangs, never eats the machine and never floods the
//! terminal (issue 12, "Bad input and other people's data"): FIFOs and
//! devices are refused, the input size is capped, text that is not UTF-8 is
//! reported at its first bad byte, diagnostics are capped per file and long
//! tokens are shortened. Every command that reads test files uses the same
//! reader.

use std::fs;
use std::path::PathBuf;
use std::time::{Duration, Instant};

mod common;
use common::*;

fn scratch(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("amdmm-bad-{}-{name}", std::process::id()));
    let _ = fs::remove_dir_all(&d);
    fs::create_dir_all(&d).unwrap();
    d
}

const GOOD: &str = "tests/fixtures/pass/CoWR.litmus";

fn s(p: &std::path::Path) -> &str {
    p.to_str().unwrap()
}

/// A FIFO is refused at once by every command (opening it would block),
/// and the other files of the run still run.
#[test]
fn fifo_is_refused_without_blocking() {
    let d = scratch("fifo");
    let fifo = d.join("pipe.litmus");
    let made = std::process::Command::new("mkfifo").arg(&fifo).status();
    if !made.is_ok_and(|st| st.success()) {
        assert!(
            std::env::var_os("CI").is_none(),
            "mkfifo is needed under CI"
        );
        eprintln!("skipped: mkfifo not available");
        return;
    }
    let start = Instant::now();
    let o = amdmm(&["run", "--no-time", s(&fifo), GOOD]);
    assert_eq!(code(&o), 2, "{}", stderr(&o));
    assert!(
        stderr(&o).contains("it is a FIFO (named pipe), not a regular file"),
        "{}",
        stderr(&o)
    );
    assert!(
        stdout(&o).contains("Observation CoWR Always"),
        "{}",
        stdout(&o)
    );
    for cmd in [
        &["lint", s(&fifo)][..],
        &["explain", s(&fifo)],
        &["lower", "--target", "gfx942", s(&fifo)],
        &["verify", "--target", "gfx942", s(&fifo)],
        &["run", "--target", "gfx942", s(&fifo)],
    ] {
        let o = amdmm(cmd);
        assert_eq!(code(&o), 2, "{cmd:?}: {}", stderr(&o));
        assert!(stderr(&o).contains("FIFO"), "{cmd:?}: {}", stderr(&o));
    }
    assert!(start.elapsed() < Duration::from_secs(60));
}

#[test]
fn devices_and_huge_files_are_refused() {
    let o = amdmm(&["run", "/dev/zero"]);
    assert_eq!(code(&o), 2);
    assert!(stderr(&o).contains("it is a device"), "{}", stderr(&o));
    let d = scratch("big");
    let big = d.join("big.litmus");
    fs::File::create(&big).unwrap().set_len(100 << 20).unwrap();
    let o = amdmm(&["run", s(&big)]);
    assert_eq!(code(&o), 2);
    assert!(
        stderr(&o).contains("larger than the input size limit of 16 MiB"),
        "{}",
        stderr(&o)
    );
}

#[test]
fn not_utf8_is_reported_at_the_first_bad_byte() {
    let d = scratch("utf8");
    let p = d.join("latin1.litmus");
    fs::write(&p, b"AMDGPU T\n\"caf\xe9\"\n").unwrap();
    let o = amdmm(&["run", s(&p)]);
    assert_eq!(code(&o), 2);
    let err = stderr(&o);
    assert!(err.contains("latin1.litmus:2:5"), "{err}");
    assert!(err.contains("is not UTF-8 text (byte 0xe9)"), "{err}");
}

/// 2,000 errors: twenty are shown, then how many more; quickly.
#[test]
fn diagnostics_are_capped_per_file() {
    let d = scratch("many");
    let p = d.join("many.litmus");
    let mut src =
        String::from("AMDGPU T\n{ global x = 0; }\nthread P0 @ agent 0, wg 0, wave 0 {\n");
    for i in 0..2000 {
        src.push_str(&format!("  frob {i}\n"));
    }
    src.push_str("}\nexists (x=0)\n");
    fs::write(&p, src).unwrap();
    let start = Instant::now();
    let o = amdmm(&["run", s(&p)]);
    assert!(start.elapsed() < Duration::from_secs(10));
    let err = stderr(&o);
    assert_eq!(
        err.matches("error: unknown instruction `frob`").count(),
        20,
        "{err}"
    );
    assert!(
        err.contains("error: … and at least 180 more errors in this file"),
        "{err}"
    );
}

/// A million-character name is never echoed whole, and is fast to report.
#[test]
fn long_tokens_are_shortened() {
    let d = scratch("long");
    let p = d.join("long.litmus");
    let a = "a".repeat(1_000_000);
    let b = "b".repeat(1_000_000);
    fs::write(
        &p,
        format!("AMDGPU T\n{{ global {a} = 0; }}\nthread P0 @ agent 0, wg 0, wave 0 {{\n  store i32 1, ptr @{b}\n}}\nexists (x=0)\n"),
    )
    .unwrap();
    let start = Instant::now();
    let o = amdmm(&["run", s(&p)]);
    assert!(
        start.elapsed() < Duration::from_secs(20),
        "{:?}",
        start.elapsed()
    );
    assert_eq!(code(&o), 2);
    let err = stderr(&o);
    assert!(err.len() < 20_000, "{} bytes of errors", err.len());
    assert!(err.contains("characters)…"), "{err}");
}

/// A reader that stops early (`amdmm verify … | head -1`) ends amdmm
/// quietly by SIGPIPE, like `cat`; it used to panic ("failed printing to
/// stdout: Broken pipe", exit 101) at the next line it printed.
#[cfg(unix)]
#[test]
fn a_closed_pipe_ends_quietly() {
    use std::io::{BufRead, BufReader};
    use std::os::unix::process::ExitStatusExt;
    use std::process::{Command, Stdio};
    let mut child = Command::new(env!("CARGO_BIN_EXE_amdmm"))
        .args(["verify", "--target", "gfx942", "../../litmus/hw"])
        .current_dir(manifest_dir())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("amdmm starts");
    let mut first = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut first)
        .unwrap();
    assert!(!first.is_empty());
    // The reader is gone; amdmm's next write gets EPIPE.
    let out = child.wait_with_output().unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!err.contains("panicked"), "{err}");
    assert_eq!(out.status.signal(), Some(SIGPIPE), "{:?} {err}", out.status);
}

#[cfg(unix)]
const SIGPIPE: i32 = 13; // on Linux and the BSDs

/// Issue 24: a user-supplied name echoed in an error is shortened: a
/// 100,000-character target name is quoted as its first 80 characters, an
/// ellipsis and its length, not whole.
#[test]
fn a_huge_target_name_is_shortened_in_the_error() {
    let name = "x".repeat(100_000);
    for cmd in ["verify", "lower"] {
        let o = amdmm(&[cmd, "--target", &name, "../../litmus/2+2W+mono.litmus"]);
        let err = stderr(&o);
        assert_eq!(code(&o), 2, "{cmd}: {err}");
        assert!(err.contains("unknown processor `xxxx"), "{cmd}: {err}");
        assert!(err.contains("…` (100000 characters)"), "{cmd}: {err}");
        assert!(err.len() < 2_000, "{cmd}: {} bytes", err.len());
    }
    // A feature name too.
    let o = amdmm(&[
        "verify",
        "--target",
        &format!("gfx942:{name}"),
        "../../litmus/2+2W+mono.litmus",
    ]);
    let err = stderr(&o);
    assert!(
        err.contains("has no feature `xxxx") && err.contains("(100000 characters)"),
        "{err}"
    );
    assert!(err.len() < 2_000, "{} bytes", err.len());
}
