//! Test discovery: files as given, directories searched recursively for
//! `.litmus` files in sorted path order.

use std::fs;
use std::path::{Path, PathBuf};

/// The test files named by `paths`, in argument order; each directory's
/// `.litmus` files (recursively) in sorted order. Errors name the path.
pub fn collect(paths: &[PathBuf]) -> Result<Vec<PathBuf>, String> {
    let mut out = Vec::new();
    for p in paths {
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
