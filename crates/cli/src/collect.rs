//! Test discovery: files as given, directories searched recursively for
//! test files (`.litmus`, or `.test` for the importer) in sorted path order.

use crate::input::{self, ReadError};
use std::fs;
use std::io;
use std::path::{Path, PathBuf};

/// The path that names standard input (`amdmm run -`).
pub const STDIN: &str = "-";

/// The text of a test file, or of standard input for [`STDIN`], read by
/// [`input::read_text`] (no FIFOs or devices, a size limit, UTF-8 checked).
pub fn read_source(path: &Path) -> Result<String, ReadError> {
    if path.as_os_str() == STDIN {
        input::read_stdin()
    } else {
        input::read_text(path)
    }
}

/// [`read_source`] with its error as a diagnostic.
pub fn read_or_diagnose(path: &Path) -> Result<String, Box<amdmm_report::FileDiagnostic>> {
    read_source(path).map_err(|e| Box::new(e.diagnostic(&display_name(path))))
}

/// The test at `path` read and loaded, or its diagnostics (a file that
/// cannot be read, or the parser's and the lowering's errors).
pub fn load(
    path: &Path,
) -> Result<(String, amdmm_program::Program), Vec<amdmm_report::FileDiagnostic>> {
    let file = display_name(path);
    let src = read_or_diagnose(path).map_err(|d| vec![*d])?;
    match amdmm_program::load(&src) {
        Ok(p) => Ok((src, p)),
        Err(diags) => Err(in_source(&file, &src, diags)),
    }
}

/// Why [`load_limited`] gave no program.
pub enum LoadFailure {
    /// The file cannot be read or the test is invalid.
    Invalid(Vec<amdmm_report::FileDiagnostic>),
    /// `--timeout` or `--max-memory` was reached while reading it: the test
    /// (named by its header, else its file) is `Unknown` with the reason.
    Limit {
        name: String,
        reason: amdmm_explore::LimitReason,
    },
}

/// [`load`] under the time and memory limits of `opts`, the time counted
/// from `started` ([`amdmm_explore::load`]).
pub fn load_limited(
    path: &Path,
    opts: &amdmm_explore::Options,
    started: std::time::Instant,
) -> Result<(String, amdmm_program::Program), LoadFailure> {
    let file = display_name(path);
    let src = read_or_diagnose(path).map_err(|d| LoadFailure::Invalid(vec![*d]))?;
    match amdmm_explore::load(&src, opts, started) {
        Ok(p) => Ok((src, p)),
        Err(amdmm_explore::LoadError::Invalid(diags)) => {
            Err(LoadFailure::Invalid(in_source(&file, &src, diags)))
        }
        Err(amdmm_explore::LoadError::Limit(reason)) => Err(LoadFailure::Limit {
            name: crate::run::test_name(&src, path),
            reason,
        }),
    }
}

/// `diags` of the text `src` of `file`, kept with the text.
pub fn in_source(
    file: &str,
    src: &str,
    diags: Vec<amdmm_program::Diagnostic>,
) -> Vec<amdmm_report::FileDiagnostic> {
    let text: std::sync::Arc<str> = std::sync::Arc::from(src);
    diags
        .into_iter()
        .map(|d| amdmm_report::FileDiagnostic::at(file, &text, d))
        .collect()
}

/// How a path is named in messages and output (`<stdin>` for [`STDIN`]).
pub fn display_name(path: &Path) -> String {
    if path.as_os_str() == STDIN {
        "<stdin>".to_string()
    } else {
        path.display().to_string()
    }
}

/// The test files named by `paths`, in argument order; each directory's
/// `.litmus` files (recursively) in sorted order; `-` is standard input (at
/// most once). Errors name the path.
pub fn collect(paths: &[PathBuf]) -> Result<Vec<PathBuf>, String> {
    collect_ext(paths, "litmus", true)
}

/// [`collect`] for files ending in `.EXT`; `stdin` says whether `-` names
/// standard input. A directory that cannot be listed (even the one given)
/// is kept in the list at its place: reading it reports why
/// ([`ReadError::UnlistableDir`]), like an unreadable file, and the other
/// files still run.
pub fn collect_ext(paths: &[PathBuf], ext: &str, stdin: bool) -> Result<Vec<PathBuf>, String> {
    let mut out = Vec::new();
    let mut stdin_seen = false;
    for p in paths {
        if stdin && p.as_os_str() == STDIN {
            if stdin_seen {
                return Err("`-` (standard input) can be given only once".to_string());
            }
            stdin_seen = true;
            out.push(p.clone());
            continue;
        }
        let meta =
            fs::metadata(p).map_err(|e| format!("{}: {}", p.display(), input::describe(&e)))?;
        if meta.is_dir() {
            let before = out.len();
            walk(p, ext, &mut out, &list_dir);
            out[before..].sort();
            if out.len() == before {
                return Err(format!(
                    "{}: no .{ext} files in this directory",
                    p.display()
                ));
            }
        } else {
            out.push(p.clone());
        }
    }
    Ok(out)
}

/// One directory entry: its path, and whether it is a directory itself
/// (not a symlink to one: symlinked directories are not descended, so
/// there are no cycles).
type Entry = (PathBuf, bool);

fn list_dir(dir: &Path) -> io::Result<Vec<Entry>> {
    fs::read_dir(dir)?
        .map(|e| {
            let e = e?;
            let is_dir = e.file_type().map(|t| t.is_dir()).unwrap_or(false);
            Ok((e.path(), is_dir))
        })
        .collect()
}

/// Adds the `.EXT` files under `dir` to `out`; a directory `list` cannot
/// read is added itself (see [`collect_ext`]).
fn walk(
    dir: &Path,
    ext: &str,
    out: &mut Vec<PathBuf>,
    list: &dyn Fn(&Path) -> io::Result<Vec<Entry>>,
) {
    let entries = match list(dir) {
        Ok(e) => e,
        Err(_) => {
            out.push(dir.to_path_buf());
            return;
        }
    };
    for (path, is_dir) in entries {
        if is_dir {
            walk(&path, ext, out, list);
        } else if path.extension().is_some_and(|e| e == ext) && path.is_file() {
            out.push(path);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A directory that cannot be listed is kept in place, the rest is
    /// found. (Permissions cannot make a directory unreadable for root, as
    /// CI runs, so the failure is injected.)
    #[test]
    fn unreadable_subdirectory_is_kept_and_the_rest_found() {
        let d = std::env::temp_dir().join(format!("amdmm-collect-{}", std::process::id()));
        let _ = fs::remove_dir_all(&d);
        for sub in ["a", "b", "c"] {
            fs::create_dir_all(d.join(sub)).unwrap();
            fs::write(d.join(sub).join("t.litmus"), "").unwrap();
        }
        let failing = |p: &Path| {
            if p.ends_with("b") {
                Err(io::Error::from(io::ErrorKind::PermissionDenied))
            } else {
                list_dir(p)
            }
        };
        let mut out = Vec::new();
        walk(&d, "litmus", &mut out, &failing);
        out.sort();
        assert_eq!(
            out,
            vec![d.join("a/t.litmus"), d.join("b"), d.join("c/t.litmus")]
        );
        // Reading the kept directory says what went wrong with it.
        let msg = input::read_text(&d.join("b")).unwrap_err().render("b");
        assert!(msg.starts_with("error: cannot read b: "), "{msg}");
    }
}
