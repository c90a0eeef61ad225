//! Printing diagnostics: every command's input errors, lint findings and
//! hardware-lowering errors go through the one renderer
//! ([`amdmm_litmus::Diagnostic::render_styled`], annotate-snippets), with
//! colour chosen once per run by `--color` and `NO_COLOR`.

use amdmm_report::FileDiagnostic;
use clap::ValueEnum;
use std::io::{IsTerminal, Write};
use std::sync::OnceLock;

/// `--color`: when diagnostics are coloured.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, ValueEnum)]
pub enum ColorChoice {
    /// When standard error is a terminal and `NO_COLOR` is not set.
    #[default]
    Auto,
    Always,
    Never,
}

static COLOR: OnceLock<bool> = OnceLock::new();

/// Whether `choice` colours output, given `NO_COLOR`'s value and whether
/// standard error is a terminal. `NO_COLOR` set to anything but the empty
/// string turns colour off unless `--color always` asks for it
/// (<https://no-color.org>: "user-level configuration files and per-instance
/// command-line arguments should override `NO_COLOR`").
pub fn decide(choice: ColorChoice, no_color: Option<&str>, terminal: bool) -> bool {
    match choice {
        ColorChoice::Always => true,
        ColorChoice::Never => false,
        ColorChoice::Auto => terminal && !matches!(no_color, Some(v) if !v.is_empty()),
    }
}

/// Sets the colour of this run's diagnostics (called once, by `main`).
pub fn init(choice: ColorChoice) {
    let no_color = std::env::var("NO_COLOR").ok();
    let on = decide(choice, no_color.as_deref(), std::io::stderr().is_terminal());
    let _ = COLOR.set(on);
}

/// Whether diagnostics are coloured in this run.
pub fn color() -> bool {
    COLOR.get().copied().unwrap_or(false)
}

/// `d` as it is printed in this run.
pub fn render(d: &FileDiagnostic) -> String {
    d.render(color())
}

/// Prints `diags` on stderr, each followed by a blank line (as rustc does).
pub fn eprint(diags: &[FileDiagnostic]) {
    let mut e = std::io::stderr().lock();
    for d in diags {
        let _ = writeln!(e, "{}\n", render(d).trim_end());
    }
}

/// Prints a one-line error that is not about a place in a text (an option's
/// value as a whole, a file that cannot be written): `amdmm: error: MSG`
/// (docs/cli.md, "Diagnostics"). Failures to write stderr are ignored.
pub fn error_line(msg: impl std::fmt::Display) {
    let _ = writeln!(std::io::stderr().lock(), "amdmm: error: {msg}");
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn no_color_and_the_option() {
        assert!(decide(ColorChoice::Auto, None, true));
        assert!(!decide(ColorChoice::Auto, None, false));
        assert!(!decide(ColorChoice::Auto, Some("1"), true));
        // An empty NO_COLOR is as if unset.
        assert!(decide(ColorChoice::Auto, Some(""), true));
        assert!(decide(ColorChoice::Always, Some("1"), false));
        assert!(!decide(ColorChoice::Never, None, true));
    }
}
