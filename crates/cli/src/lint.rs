//! The `lint` command: static checks of asynchronous LDS DMA code
//! (`amdmm-lint`), without exploring executions.

use clap::Args;
use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(Args, Debug)]
pub struct LintArgs {
    /// Test files, or directories (searched recursively for `*.litmus`, in sorted path order).
    #[arg(value_name = "FILE_OR_DIR", required = true)]
    pub paths: Vec<PathBuf>,
}

/// Prints each finding as `FILE:LINE:COL: warning: ... [KIND]` with a `help:`
/// line, then `N warnings` on stderr. Exit status: 0 no finding, 1 some
/// finding, 2 a missing path or a file that does not parse.
pub fn lint_command(a: &LintArgs) -> ExitCode {
    let files = match crate::collect::collect(&a.paths) {
        Ok(f) => f,
        Err(e) => {
            let _ = writeln!(std::io::stderr(), "amdmm: error: {e}");
            return ExitCode::from(2);
        }
    };
    let mut findings = 0usize;
    let mut bad_input = false;
    for path in &files {
        let file = path.display().to_string();
        let src = match crate::collect::read_or_render(path) {
            Ok(s) => s,
            Err(e) => {
                let _ = writeln!(std::io::stderr(), "{e}\n");
                bad_input = true;
                continue;
            }
        };
        let program = match amdmm_program::load(&src) {
            Ok(p) => p,
            Err(diags) => {
                for d in diags {
                    let _ = writeln!(std::io::stderr(), "{}", d.render(&file, &src));
                }
                bad_input = true;
                continue;
            }
        };
        let mut out = std::io::stdout().lock();
        for l in amdmm_lint::lint(&program) {
            findings += 1;
            let _ = write!(out, "{}", l.render(&file));
        }
        let _ = out.flush();
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
