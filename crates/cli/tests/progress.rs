//! Progress bars go to stderr only when stderr is a terminal: the stdout
//! bytes are the same with and without one, and a pipe gets no bar. The
//! terminal is `script`'s pseudo-terminal (util-linux; Debian's bsdutils is
//! essential, so CI always has it).

use std::process::Command;

mod common;
use common::*;

/// Runs `amdmm ARGS > out` with stderr on a pseudo-terminal; returns
/// (stdout bytes, terminal transcript), or None without `script`.
fn on_terminal(args: &[&str], name: &str) -> Option<(String, String)> {
    if Command::new("script").arg("--version").output().is_err() {
        assert!(
            std::env::var_os("CI").is_none(),
            "`script` (util-linux) is missing; CI needs it for the progress test"
        );
        eprintln!("skipped: `script` (util-linux) is not installed");
        return None;
    }
    let tmp = std::env::temp_dir();
    let out = tmp.join(format!("amdmm-progress-{name}-{}.out", std::process::id()));
    let log = tmp.join(format!("amdmm-progress-{name}-{}.log", std::process::id()));
    let cmd = format!(
        "'{}' {} > '{}'",
        env!("CARGO_BIN_EXE_amdmm"),
        args.join(" "),
        out.display()
    );
    let o = Command::new("script")
        .args(["-qec", &cmd])
        .arg(&log)
        .current_dir(manifest_dir())
        .stdin(std::process::Stdio::null())
        .output()
        .expect("script runs");
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let stdout = std::fs::read_to_string(&out).unwrap();
    let transcript = String::from_utf8_lossy(&std::fs::read(&log).unwrap()).into_owned();
    let _ = std::fs::remove_file(&out);
    let _ = std::fs::remove_file(&log);
    Some((stdout, transcript))
}

/// Everything but the last line (verify's elapsed time).
fn without_last_line(s: &str) -> String {
    let mut l: Vec<&str> = s.lines().collect();
    l.pop();
    l.join("\n")
}

#[test]
fn verify_shows_progress_on_a_terminal_only() {
    let args = ["verify", "--target", "gfx942,gfx1100", "../../litmus/hw/mp"];
    let Some((tty_out, transcript)) = on_terminal(&args, "verify") else {
        return;
    };
    assert!(
        transcript.contains("/420 (test, target) runs"),
        "{transcript}"
    );
    assert!(
        transcript.contains("/210 tests in the memory model"),
        "{transcript}"
    );
    let piped = amdmm(&args);
    assert_eq!(code(&piped), 0, "{}", stdout(&piped));
    assert_eq!(stderr(&piped), "", "no bar on a pipe");
    assert_eq!(
        without_last_line(&tty_out),
        without_last_line(&stdout(&piped))
    );
    assert!(!tty_out.contains("runs"), "the bar is not in stdout");
}

#[test]
fn run_shows_progress_on_a_terminal_only() {
    let args = ["run", "--no-time", "../../litmus/hw/mp"];
    let Some((tty_out, transcript)) = on_terminal(&args, "run") else {
        return;
    };
    assert!(transcript.contains("/210 tests"), "{transcript}");
    let piped = amdmm(&args);
    assert_eq!(stderr(&piped), "");
    assert_eq!(tty_out, stdout(&piped));
}

/// `lower --compare` calls llc once per (test, target): a bar on a terminal,
/// nothing on a pipe, the same stdout. Needs llc (skipped without it, except
/// under CI).
#[test]
fn lower_compare_shows_progress_on_a_terminal_only() {
    let args = [
        "lower",
        "--compare",
        "--target",
        "gfx942,gfx1100",
        "../../litmus/unordered",
    ];
    let piped = amdmm(&args);
    if code(&piped) != 0 && stderr(&piped).contains("llc") && std::env::var_os("CI").is_none() {
        eprintln!("skipped: no llc ({})", stderr(&piped).trim());
        return;
    }
    assert_eq!(code(&piped), 0, "{}", stderr(&piped));
    assert_eq!(stderr(&piped), "", "no bar on a pipe");
    let Some((tty_out, transcript)) = on_terminal(&args, "lower-compare") else {
        return;
    };
    assert!(
        transcript.contains("/10 (test, target) compilations"),
        "{transcript}"
    );
    assert_eq!(tty_out, stdout(&piped));
}
