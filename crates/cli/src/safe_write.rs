//! The command line's name for the one safe writer, [`amdmm_io::write`]
//! (docs/cli.md, "Files amdmm writes"): every file a command writes goes
//! through it — never through a symbolic link, only into a regular or new
//! file (a FIFO is refused without being opened), atomically (temporary
//! file and rename, removed on SIGINT), never over a file amdmm did not
//! write unless `force`.

use std::path::Path;

/// Writes `text` to `path` ([`amdmm_io::write::write`]); `ours` recognises
/// amdmm's own files from their first bytes.
pub fn write(
    path: &Path,
    text: &str,
    force: bool,
    ours: impl Fn(&str) -> bool,
) -> Result<(), String> {
    amdmm_io::write::write(path, text.as_bytes(), force, ours)
}
