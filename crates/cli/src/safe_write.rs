//! Writing output files safely (issue 12: `import --out DIR` overwrote
//! files without a word and followed a symbolic link out of DIR).
//!
//! - never through a symbolic link: a link at the destination is an error;
//! - never over a file amdmm did not write, unless forced: the caller says
//!   what its own files begin with;
//! - atomically: the text goes to a new temporary file in the same
//!   directory, which is then renamed over the destination, so a reader
//!   sees the old file or the new one, never half of one.

use std::fs;
use std::io::{Read, Write};
use std::path::Path;

/// How much of an existing file `ours` is shown.
const HEAD_BYTES: u64 = 4096;

/// Writes `text` to `path`. An existing `path` must be a regular file that
/// `ours` recognises from its first bytes, or `force` must be set; a
/// symbolic link is refused either way. Errors name the path and say what
/// to do.
pub fn write(
    path: &Path,
    text: &str,
    force: bool,
    ours: impl Fn(&str) -> bool,
) -> Result<(), String> {
    let shown = path.display();
    match fs::symlink_metadata(path) {
        Ok(m) if m.file_type().is_symlink() => {
            return Err(format!(
                "{shown}: is a symbolic link; amdmm never writes through one (remove the link, or choose another directory)"
            ))
        }
        Ok(m) if !m.is_file() => {
            return Err(format!("{shown}: exists and is not a regular file"));
        }
        Ok(_) if !force && !ours(&head(path)) => {
            return Err(format!(
                "{shown}: exists and was not written by amdmm; give --force to overwrite it"
            ))
        }
        Ok(_) => {}
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
        Err(e) => return Err(format!("{shown}: {e}")),
    }
    let dir = path.parent().filter(|d| !d.as_os_str().is_empty());
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let tmp_name = format!(".{name}.amdmm-{}.tmp", std::process::id());
    let tmp = dir.map_or_else(|| Path::new(&tmp_name).to_path_buf(), |d| d.join(&tmp_name));
    // `create_new` fails on anything already there, a link included.
    let written = fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(&tmp)
        .and_then(|mut f| f.write_all(text.as_bytes()).and_then(|()| f.sync_all()))
        .and_then(|()| fs::rename(&tmp, path));
    written.map_err(|e| {
        let _ = fs::remove_file(&tmp);
        format!("{shown}: {e}")
    })
}

/// The first bytes of `path` as text (lossy), or "" when unreadable.
fn head(path: &Path) -> String {
    let mut buf = Vec::new();
    if let Ok(f) = fs::File::open(path) {
        let _ = f.take(HEAD_BYTES).read_to_end(&mut buf);
    }
    String::from_utf8_lossy(&buf).into_owned()
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::PathBuf;

    fn scratch(name: &str) -> PathBuf {
        let d = std::env::temp_dir().join(format!("amdmm-write-{}-{name}", std::process::id()));
        let _ = fs::remove_dir_all(&d);
        fs::create_dir_all(&d).unwrap();
        d
    }

    fn ours(head: &str) -> bool {
        head.starts_with("// generated")
    }

    #[test]
    fn creates_and_replaces_its_own_files() {
        let d = scratch("own");
        let p = d.join("t.litmus");
        write(&p, "// generated 1\n", false, ours).unwrap();
        write(&p, "// generated 2\n", false, ours).unwrap();
        assert_eq!(fs::read_to_string(&p).unwrap(), "// generated 2\n");
        // No temporary file is left behind.
        assert_eq!(fs::read_dir(&d).unwrap().count(), 1);
    }

    #[test]
    fn keeps_other_files_unless_forced() {
        let d = scratch("other");
        let p = d.join("t.litmus");
        fs::write(&p, "hand-written\n").unwrap();
        let e = write(&p, "// generated\n", false, ours).unwrap_err();
        assert!(e.contains("was not written by amdmm; give --force"), "{e}");
        assert_eq!(fs::read_to_string(&p).unwrap(), "hand-written\n");
        write(&p, "// generated\n", true, ours).unwrap();
        assert_eq!(fs::read_to_string(&p).unwrap(), "// generated\n");
    }

    #[cfg(unix)]
    #[test]
    fn never_writes_through_a_symlink() {
        let d = scratch("link");
        let outside = d.join("outside.txt");
        fs::write(&outside, "// generated, but outside\n").unwrap();
        let out = d.join("out");
        fs::create_dir_all(&out).unwrap();
        let p = out.join("t.litmus");
        std::os::unix::fs::symlink(&outside, &p).unwrap();
        for force in [false, true] {
            let e = write(&p, "// generated\n", force, ours).unwrap_err();
            assert!(e.contains("is a symbolic link"), "{e}");
        }
        assert_eq!(
            fs::read_to_string(&outside).unwrap(),
            "// generated, but outside\n"
        );
        assert!(fs::symlink_metadata(&p).unwrap().file_type().is_symlink());
    }

    #[test]
    fn refuses_directories() {
        let d = scratch("dir");
        let e = write(&d, "x", true, ours).unwrap_err();
        assert!(e.contains("not a regular file"), "{e}");
    }
}
