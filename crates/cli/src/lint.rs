//! The `lint` command: static checks of asynchronous LDS DMA code
//! (`amdmm-lint`), without exploring executions.

use clap::Args;
use schemars::JsonSchema;
use serde::Serialize;
use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

const LINT_EXAMPLES: &str = "\
Examples:
  amdmm lint litmus/async/
  amdmm lint --json t.litmus

Exit status: 0 no finding; 1 some finding; 2 a missing path or a file that
does not parse.";

#[derive(Args, Debug)]
#[command(after_help = LINT_EXAMPLES)]
pub struct LintArgs {
    /// Test files, or directories (searched recursively for `*.litmus`, in sorted path order).
    #[arg(value_name = "FILE_OR_DIR", required = true)]
    pub paths: Vec<PathBuf>,

    /// Print one JSON document (per file, its findings; `amdmm docs json`, schema: `amdmm schema
    /// lint`) instead of the warnings.
    #[arg(long)]
    pub json: bool,
}

/// `lint --json`.
#[derive(Serialize, JsonSchema)]
pub struct LintDocument {
    /// The amdmm version.
    pub amdmm: String,
    /// Every file that parsed, in input order (files that did not are
    /// reported on stderr and counted in `input_errors`).
    pub files: Vec<LintFile>,
    /// Findings over all files.
    pub warnings: usize,
    pub input_errors: usize,
    /// Why those files could not be read or parsed (also printed on stderr).
    pub diagnostics: Vec<amdmm_report::DiagnosticJson>,
}

/// One file's findings.
#[derive(Serialize, JsonSchema)]
pub struct LintFile {
    pub file: String,
    pub test: String,
    pub findings: Vec<LintFinding>,
}

/// One finding, sorted by position.
#[derive(Serialize, JsonSchema)]
pub struct LintFinding {
    pub line: u32,
    pub column: u32,
    /// The check: `unwaited-mark`, `redundant-wait`, `uncovered-access`,
    /// `outstanding-at-end`, `outstanding-at-sync` or `unmarked-copy`.
    pub kind: String,
    pub message: String,
    /// A suggested fix.
    pub hint: String,
}

/// Prints each finding as a `warning[KIND]: ...` diagnostic at
/// `FILE:LINE:COL` with the source line and a `help:` line, then `N
/// warnings` on stderr. Exit status: 0 no finding, 1 some
/// finding, 2 a missing path or a file that does not parse.
pub fn lint_command(a: &LintArgs) -> ExitCode {
    let files = match crate::collect::collect(&a.paths) {
        Ok(f) => f,
        Err(e) => {
            crate::diag::error_line(e);
            return ExitCode::from(2);
        }
    };
    let mut findings = 0usize;
    let mut bad_input = false;
    let mut input_errors = 0usize;
    let mut json_files = Vec::new();
    let mut diagnostics = Vec::new();
    for path in &files {
        let file = crate::collect::display_name(path);
        let (src, program) = match crate::collect::load(path) {
            Ok(x) => x,
            Err(diags) => {
                crate::diag::eprint(&diags);
                diagnostics.extend(diags.iter().map(|d| d.json()));
                bad_input = true;
                input_errors += 1;
                continue;
            }
        };
        let lints = amdmm_lint::lint(&program);
        findings += lints.len();
        if a.json {
            json_files.push(LintFile {
                file,
                test: program.name.clone(),
                findings: lints
                    .into_iter()
                    .map(|l| LintFinding {
                        line: l.line,
                        column: l.col,
                        kind: l.kind.name().to_string(),
                        message: l.message,
                        hint: l.help,
                    })
                    .collect(),
            });
            continue;
        }
        let text: std::sync::Arc<str> = std::sync::Arc::from(src.as_str());
        let mut out = std::io::stdout().lock();
        for l in lints {
            let d = amdmm_report::FileDiagnostic::at(&file, &text, l.diagnostic(&src));
            let _ = writeln!(out, "{}", crate::diag::render(&d));
        }
        let _ = out.flush();
    }
    if a.json {
        let doc = LintDocument {
            amdmm: env!("CARGO_PKG_VERSION").to_string(),
            files: json_files,
            warnings: findings,
            input_errors,
            diagnostics,
        };
        match serde_json::to_string_pretty(&doc) {
            Ok(s) => println!("{s}"),
            Err(e) => {
                crate::diag::error_line(format_args!("cannot write JSON: {e}"));
                return ExitCode::from(2);
            }
        }
    }
    let _ = writeln!(
        std::io::stderr(),
        "{findings} warning{}",
        if findings == 1 { "" } else { "s" }
    );
    if bad_input {
        ExitCode::from(2)
    } else if findings > 0 {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }
}
