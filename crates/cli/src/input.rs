//! Reading input files safely: every command that reads a test file (or an
//! address list) goes through [`read_text`], which never blocks on a FIFO
//! or a device, never reads more than [`MAX_INPUT_BYTES`], and points at
//! the first byte that is not UTF-8 (issue 12, "Bad input and other
//! people's data").

use amdmm_report::FileDiagnostic;
use std::fs;
use std::io::Read;
use std::path::Path;
use std::sync::Arc;

/// The largest input file amdmm reads (16 MiB). Litmus tests are a few
/// kilobytes; anything near this size is a wrong path (`/dev/zero`, a
/// build artefact), and reading it whole would cost gigabytes.
pub const MAX_INPUT_BYTES: u64 = 16 << 20;

/// Why a file could not be read; [`ReadError::render`] gives the message.
#[derive(Debug)]
pub enum ReadError {
    /// The operating system's error (missing file, no permission, ...).
    Io(std::io::Error),
    /// A FIFO, socket or device: reading it could block forever or never end.
    NotRegular(&'static str),
    /// A directory that could not be listed (found while searching a directory).
    UnlistableDir(std::io::Error),
    /// Bigger than [`MAX_INPUT_BYTES`].
    TooBig,
    /// Not UTF-8: the text is rendered up to the first bad byte, at `offset`.
    NotUtf8 {
        text: String,
        offset: usize,
        byte: u8,
    },
}

impl ReadError {
    /// The diagnostic for `file` (as it is named in messages): `cannot read
    /// FILE: ...` with a hint, or for text that is not UTF-8, a diagnostic
    /// at the line and column of the first bad byte.
    pub fn diagnostic(&self, file: &str) -> FileDiagnostic {
        let cap = format!("{} MiB", MAX_INPUT_BYTES >> 20);
        let whole = |msg: String, hint: Option<&str>| FileDiagnostic::whole(file, msg, hint);
        match self {
            ReadError::Io(e) => whole(format!("cannot read {file}: {}", describe(e)), None),
            ReadError::UnlistableDir(e) => whole(
                format!("cannot read {file}: cannot list this directory: {}", describe(e)),
                Some("the other files were run; check the directory's permissions"),
            ),
            ReadError::NotRegular(kind) => whole(
                format!("cannot read {file}: it is a {kind}, not a regular file"),
                Some(&format!("amdmm reads regular files only (reading a {kind} may never end); give `-` to read standard input")),
            ),
            ReadError::TooBig => whole(
                format!("cannot read {file}: larger than the input size limit of {cap}"),
                Some("a litmus test is a few kilobytes; check the path"),
            ),
            ReadError::NotUtf8 { text, offset, byte } => {
                let d = amdmm_litmus::Diagnostic::new(
                    format!("{file} is not UTF-8 text (byte 0x{byte:02x})"),
                    amdmm_litmus::Span::new(*offset, *offset + 1),
                )
                .with_label("the first byte that is not UTF-8")
                .with_hint("amdmm reads UTF-8 text; convert the file (e.g. `iconv -t UTF-8`)");
                FileDiagnostic::at(file, &Arc::from(text.as_str()), d)
            }
        }
    }

    /// [`ReadError::diagnostic`] rendered without colour (no final newline).
    pub fn render(&self, file: &str) -> String {
        self.diagnostic(file).render(false).trim_end().to_string()
    }
}

/// The text of the file at `path`: a regular file of at most
/// [`MAX_INPUT_BYTES`] bytes of UTF-8. A FIFO, socket or device is refused
/// before it is opened (opening a FIFO blocks until a writer appears).
pub fn read_text(path: &Path) -> Result<String, ReadError> {
    let meta = fs::metadata(path).map_err(ReadError::Io)?;
    if meta.is_dir() {
        // Only a directory that could not be listed is ever read: say why.
        return Err(match fs::read_dir(path) {
            Err(e) => ReadError::UnlistableDir(e),
            Ok(_) => ReadError::NotRegular("directory"),
        });
    }
    if !meta.is_file() {
        return Err(ReadError::NotRegular(file_kind(&meta)));
    }
    if meta.len() > MAX_INPUT_BYTES {
        return Err(ReadError::TooBig);
    }
    let file = fs::File::open(path).map_err(ReadError::Io)?;
    read_capped(file)
}

/// Standard input, with the same size limit and UTF-8 check.
pub fn read_stdin() -> Result<String, ReadError> {
    read_capped(std::io::stdin().lock())
}

/// Reads at most [`MAX_INPUT_BYTES`] (a file may grow, and `/proc` files
/// report no size) and checks the text is UTF-8.
fn read_capped(r: impl Read) -> Result<String, ReadError> {
    let mut bytes = Vec::new();
    r.take(MAX_INPUT_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(ReadError::Io)?;
    if bytes.len() as u64 > MAX_INPUT_BYTES {
        return Err(ReadError::TooBig);
    }
    String::from_utf8(bytes).map_err(|e| {
        let offset = e.utf8_error().valid_up_to();
        let bytes = e.into_bytes();
        ReadError::NotUtf8 {
            byte: bytes[offset],
            text: String::from_utf8_lossy(&bytes).into_owned(),
            offset,
        }
    })
}

/// What kind of special file `meta` describes, for messages.
fn file_kind(meta: &fs::Metadata) -> &'static str {
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        let t = meta.file_type();
        if t.is_fifo() {
            return "FIFO (named pipe)";
        }
        if t.is_socket() {
            return "socket";
        }
        if t.is_char_device() || t.is_block_device() {
            return "device";
        }
    }
    let _ = meta;
    "special file"
}

/// The operating system's message, with "no such file or directory" for
/// a missing path.
pub fn describe(e: &std::io::Error) -> String {
    match e.kind() {
        std::io::ErrorKind::NotFound => "no such file or directory".to_string(),
        _ => e.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::PathBuf;

    fn scratch(name: &str) -> PathBuf {
        let d = std::env::temp_dir().join(format!("amdmm-input-{}-{name}", std::process::id()));
        let _ = fs::remove_dir_all(&d);
        fs::create_dir_all(&d).unwrap();
        d
    }

    #[test]
    fn reads_utf8_text() {
        let d = scratch("ok");
        let p = d.join("t.litmus");
        fs::write(&p, "AMDGPU é\n").unwrap();
        assert_eq!(read_text(&p).unwrap(), "AMDGPU é\n");
    }

    #[test]
    fn points_at_the_first_byte_that_is_not_utf8() {
        let d = scratch("utf8");
        let p = d.join("t.litmus");
        fs::write(&p, b"AMDGPU T\n{ global \xc3\xa9x = 0; \xff }\n").unwrap();
        let e = read_text(&p).unwrap_err();
        let msg = e.render("t.litmus");
        // Line 2, column 18: `é` is one character (two bytes).
        assert!(msg.contains("--> t.litmus:2:18"), "{msg}");
        assert!(msg.contains("byte 0xff"), "{msg}");
        assert!(msg.contains("help: amdmm reads UTF-8"), "{msg}");
    }

    #[test]
    fn refuses_a_fifo_without_blocking() {
        let d = scratch("fifo");
        let p = d.join("pipe.litmus");
        let made = std::process::Command::new("mkfifo").arg(&p).status();
        if !made.is_ok_and(|s| s.success()) {
            assert!(
                std::env::var_os("CI").is_none(),
                "mkfifo is needed for this test under CI"
            );
            eprintln!("skipped: mkfifo not available");
            return;
        }
        // Opening a FIFO with no writer would block this test forever.
        let msg = read_text(&p).unwrap_err().render("pipe.litmus");
        assert!(
            msg.contains("it is a FIFO (named pipe), not a regular file"),
            "{msg}"
        );
    }

    #[test]
    fn refuses_devices() {
        let msg = read_text(Path::new("/dev/zero"))
            .unwrap_err()
            .render("/dev/zero");
        assert!(msg.contains("it is a device"), "{msg}");
    }

    #[test]
    fn caps_the_size() {
        let d = scratch("big");
        let p = d.join("big.litmus");
        let f = fs::File::create(&p).unwrap();
        f.set_len(MAX_INPUT_BYTES + 1).unwrap();
        let msg = read_text(&p).unwrap_err().render("big.litmus");
        assert!(msg.contains("input size limit of 16 MiB"), "{msg}");
        // A reader that reports no size is cut at the limit, not read whole.
        let endless = std::io::repeat(b'a');
        assert!(matches!(read_capped(endless), Err(ReadError::TooBig)));
    }

    #[test]
    fn missing_file() {
        let msg = read_text(Path::new("/nonexistent/x.litmus"))
            .unwrap_err()
            .render("x.litmus");
        assert_eq!(
            msg,
            "error: cannot read x.litmus: no such file or directory"
        );
    }
}
