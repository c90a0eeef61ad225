//! Test discovery: files as given, directories searched recursively for
//! `.litmus` files in sorted path order.

use std::fs;
use std::path::{Path, PathBuf};

/// The path that names standard input (`amdmm run -`).
pub const STDIN: &str = "-";

/// The text of a test file, or of standard input for [`STDIN`].
pub fn read_source(path: &Path) -> std::io::Result<String> {
    if path.as_os_str() == STDIN {
        std::io::read_to_string(std::io::stdin())
    } else {
        fs::read_to_string(path)
    }
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
    let mut out = Vec::new();
    let mut stdin_seen = false;
    for p in paths {
        if p.as_os_str() == STDIN {
            if stdin_seen {
                return Err("`-` (standard input) can be given only once".to_string());
            }
            stdin_seen = true;
            out.push(p.clone());
            continue;
        }
        let meta = fs::metadata(p).map_err(|e| format!("{}: {}", p.display(), describe(&e)))?;
        if meta.is_dir() {
            let before = out.len();
            walk(p, &mut out)?;
            out[before..].sort();
            if out.len() == before {
                return Err(format!(
                    "{}: no .litmus files in this directory",
                    p.display()
                ));
            }
        } else {
            out.push(p.clone());
        }
    }
    Ok(out)
}

fn walk(dir: &Path, out: &mut Vec<PathBuf>) -> Result<(), String> {
    let entries = fs::read_dir(dir).map_err(|e| format!("{}: {}", dir.display(), describe(&e)))?;
    for entry in entries {
        let entry = entry.map_err(|e| format!("{}: {}", dir.display(), describe(&e)))?;
        let path = entry.path();
        // Follows symlinks to files; does not descend into symlinked directories (no cycles).
        let is_real_dir = entry.file_type().map(|t| t.is_dir()).unwrap_or(false);
        if is_real_dir {
            walk(&path, out)?;
        } else if path.extension().is_some_and(|e| e == "litmus") && path.is_file() {
            out.push(path);
        }
    }
    Ok(())
}

fn describe(e: &std::io::Error) -> String {
    match e.kind() {
        std::io::ErrorKind::NotFound => "no such file or directory".to_string(),
        _ => e.to_string(),
    }
}
