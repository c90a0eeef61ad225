//! One diagnostics renderer (issue 13): input errors, lint findings, LDS
//! errors and hardware-lowering errors all print as annotate-snippets
//! diagnostics at `FILE:LINE:COL`, coloured only when asked (`--color`,
//! `NO_COLOR`), and as objects in `--json` documents.

mod common;
use common::*;
use std::process::Command;

const BAD: &str = "tests/fixtures/bad/syntax-error.litmus";

fn has_ansi(s: &str) -> bool {
    s.contains("\x1b[")
}

/// The plain text of a parse error: message, place, source line, underline, hint.
#[test]
fn plain_rendering_snapshot() {
    let o = amdmm(&["--color", "never", "run", BAD]);
    assert_eq!(code(&o), 2);
    let err = stderr(&o);
    assert!(!has_ansi(&err), "{err}");
    insta::assert_snapshot!(err);
}

#[test]
fn color_always_writes_ansi_and_the_same_text() {
    let plain = stderr(&amdmm(&["run", BAD]));
    let o = amdmm(&["run", "--color", "always", BAD]);
    let colored = stderr(&o);
    assert!(has_ansi(&colored), "{colored}");
    // Without its escapes, the coloured text is the plain one.
    let mut stripped = String::new();
    let mut in_escape = false;
    for c in colored.chars() {
        match (in_escape, c) {
            (false, '\x1b') => in_escape = true,
            (true, 'm') => in_escape = false,
            (true, _) => {}
            (false, c) => stripped.push(c),
        }
    }
    assert_eq!(stripped, plain);
    // `--color always` wins over NO_COLOR (no-color.org: a command-line
    // option overrides it).
    let o = Command::new(env!("CARGO_BIN_EXE_amdmm"))
        .args(["run", "--color", "always", BAD])
        .current_dir(manifest_dir())
        .env("NO_COLOR", "1")
        .output()
        .unwrap();
    assert!(has_ansi(&stderr(&o)));
}

/// On a terminal `--color auto` colours, and NO_COLOR turns it off. The
/// terminal is `script`'s pseudo-terminal (util-linux, in every Debian).
#[test]
fn auto_colours_a_terminal_unless_no_color() {
    let Ok(script) = which("script") else {
        assert!(
            std::env::var_os("CI").is_none(),
            "`script` (util-linux) is needed under CI"
        );
        eprintln!("skipped: `script` not found");
        return;
    };
    let run = |no_color: Option<&str>| {
        let cmd = format!("{} run {BAD}", env!("CARGO_BIN_EXE_amdmm"));
        let mut c = Command::new(&script);
        c.args(["-qec", &cmd, "/dev/null"])
            .current_dir(manifest_dir())
            .env_remove("NO_COLOR");
        if let Some(v) = no_color {
            c.env("NO_COLOR", v);
        }
        String::from_utf8_lossy(&c.output().unwrap().stdout).into_owned()
    };
    let tty = run(None);
    assert!(tty.contains("syntax-error.litmus:8:"), "{tty}");
    assert!(has_ansi(&tty), "{tty:?}");
    let off = run(Some("1"));
    assert!(off.contains("syntax-error.litmus:8:"), "{off}");
    assert!(!has_ansi(&off), "{off:?}");
}

fn which(name: &str) -> Result<std::path::PathBuf, ()> {
    let path = std::env::var_os("PATH").ok_or(())?;
    std::env::split_paths(&path)
        .map(|d| d.join(name))
        .find(|p| p.is_file())
        .ok_or(())
}

/// A lowering error names `FILE:LINE:COL` (not `P0:10:3`), in `lower`,
/// `run --target` and `verify`.
#[test]
fn hardware_errors_are_file_line_col() {
    let f = "../../litmus/MP+rel-acq.workgroup.lds.litmus";
    let want = format!("--> {f}:10:3\n");
    for args in [
        vec!["lower", "--target", "gfx90a:tgsplit", f],
        vec!["run", "--target", "gfx90a:tgsplit", f],
    ] {
        let o = amdmm(&args);
        assert_eq!(code(&o), 2, "{args:?}");
        let err = stderr(&o);
        assert!(err.contains(&want), "{args:?}\n{err}");
        assert!(err.contains("^ in P0"), "{err}");
        assert!(err.starts_with("error: store i32 42"), "{err}");
    }
    let o = amdmm(&["verify", "--target", "gfx90a:tgsplit", f]);
    let out = stdout(&o);
    assert!(
        out.contains(&format!("{f}:10:3: P0: store i32 42")),
        "{out}"
    );
    assert!(!out.contains(" P0:10:3"), "{out}");
}

/// `lds` errors are diagnostics too: the expression is the source.
#[test]
fn lds_errors_point_into_the_expression() {
    let o = amdmm(&["lds", "ds_read_b32", "--addr", "(lane*4"]);
    assert_eq!(code(&o), 2);
    insta::assert_snapshot!(stderr(&o));
}

/// Issue 24: after a refused `!mmra` tag and after a run of stray
/// characters the parser recovers with one error each, at FILE:LINE:COL
/// with a hint, and nothing spurious after them.
#[test]
fn recovery_gives_one_error_each_snapshot() {
    let o = amdmm(&[
        "--color",
        "never",
        "run",
        "tests/fixtures/recovery/recovery.litmus",
    ]);
    assert_eq!(code(&o), 2);
    let err = stderr(&o);
    assert_eq!(err.matches("error:").count(), 2, "{err}");
    insta::assert_snapshot!(err);
}
