//! The cache of llc's output (docs/llc.md, "Cache"; issue 24 item 5: the
//! old cache was keyed on llc's `--version` line, so another binary
//! printing the same line poisoned it, and it was one shared directory
//! under /tmp without a size cap).
//!
//! - key: the llc binary's identity (canonical path, size, modification
//!   time, content hash), llc's arguments and the IR;
//! - place: `$AMDMM_LLC_CACHE`, else `$XDG_CACHE_HOME/amdmm/llc`, else
//!   `~/.cache/amdmm/llc`, created private (0700); written through the one
//!   safe writer (atomically, never through a link);
//! - size: an entry over [`MAX_ENTRY_BYTES`] is not stored; past the cap
//!   (`$AMDMM_LLC_CACHE_MAX_MIB`, default [`DEFAULT_CAP_MIB`] MiB) the
//!   least recently used entries are removed;
//! - validation: an entry that lacks a kernel the IR defines is removed
//!   and llc runs again.

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Mutex;
use std::time::SystemTime;

/// The cache's default size cap.
pub const DEFAULT_CAP_MIB: u64 = 1024;

/// Larger outputs are not cached (a test's assembly is tens of KiB).
pub const MAX_ENTRY_BYTES: usize = 16 << 20;

/// The cache directory: `$AMDMM_LLC_CACHE`, else `$XDG_CACHE_HOME/amdmm/llc`
/// (an absolute `XDG_CACHE_HOME` only, as the XDG specification says), else
/// `$HOME/.cache/amdmm/llc`; `None` when none is set (no cache).
pub fn default_dir() -> Option<PathBuf> {
    if let Some(d) = std::env::var_os("AMDMM_LLC_CACHE").filter(|d| !d.is_empty()) {
        return Some(PathBuf::from(d));
    }
    let xdg = std::env::var_os("XDG_CACHE_HOME")
        .map(PathBuf::from)
        .filter(|d| d.is_absolute());
    let base = xdg.or_else(|| {
        std::env::var_os("HOME")
            .filter(|h| !h.is_empty())
            .map(|h| PathBuf::from(h).join(".cache"))
    })?;
    Some(base.join("amdmm").join("llc"))
}

/// The cap in bytes: `$AMDMM_LLC_CACHE_MAX_MIB` or the default.
fn cap_bytes() -> u64 {
    std::env::var("AMDMM_LLC_CACHE_MAX_MIB")
        .ok()
        .and_then(|s| s.trim().parse::<u64>().ok())
        .unwrap_or(DEFAULT_CAP_MIB)
        .saturating_mul(1 << 20)
}

/// Which binary runs: its canonical path, size, modification time and a
/// hash of its content (a rebuilt or replaced llc at the same path is
/// another binary, even one given the old size and time; issue 26, item 4).
/// llc-22 is a small executable linked against libLLVM; the library
/// itself is not hashed: an LLVM updated in place keeps a stale cache until
/// `--version` changes (docs/llc.md, "Cache").
pub fn identity(llc: &Path) -> String {
    let canon = std::fs::canonicalize(llc).unwrap_or_else(|_| llc.to_path_buf());
    match std::fs::metadata(&canon) {
        Ok(m) => {
            let mtime = m
                .modified()
                .ok()
                .and_then(|t| t.duration_since(SystemTime::UNIX_EPOCH).ok())
                .map_or(0, |d| d.as_nanos());
            let content = std::fs::read(&canon).map_or(0, |b| content_hash(&b));
            format!("{} {} {mtime} {content:016x}", canon.display(), m.len())
        }
        Err(_) => canon.display().to_string(),
    }
}

/// A 64-bit hash of a binary's bytes: FNV-1a over 8-byte words (every
/// compilation asks for the identity, and a cache hit must stay in tens of
/// microseconds; llc-22's executable is about 190 KiB).
fn content_hash(bytes: &[u8]) -> u64 {
    let mut words = bytes.chunks_exact(8);
    let step = |h: u64, w: u64| (h ^ w).wrapping_mul(0x0000_0100_0000_01b3);
    let h = words.by_ref().fold(0xcbf2_9ce4_8422_2325, |h, w| {
        step(h, u64::from_le_bytes(w.try_into().expect("8 bytes")))
    });
    let rest = words.remainder();
    let mut last = [0u8; 8];
    last[..rest.len()].copy_from_slice(rest);
    step(step(h, u64::from_le_bytes(last)), bytes.len() as u64)
}

/// The file name of an entry: two 64-bit FNV-1a hashes (different offsets)
/// of the identity, the arguments and the IR; stable across runs and Rust
/// versions.
pub fn key(identity: &str, args: &[String], ir: &str) -> String {
    let fnv = |mut h: u64| {
        for b in identity
            .bytes()
            .chain([0u8])
            .chain(args.join(" ").bytes())
            .chain([0u8])
            .chain(ir.bytes())
        {
            h ^= b as u64;
            h = h.wrapping_mul(0x100000001b3);
        }
        h
    };
    format!(
        "{:016x}{:016x}",
        fnv(0xcbf29ce484222325),
        fnv(0x84222325cbf29ce4)
    )
}

/// The kernels `ir` defines (`define amdgpu_kernel void @NAME(`).
pub fn kernels(ir: &str) -> Vec<&str> {
    ir.lines()
        .filter_map(|l| l.trim().strip_prefix("define amdgpu_kernel void @"))
        .filter_map(|rest| rest.split('(').next())
        .collect()
}

/// The kernels of `want` that `asm` lacks (no `NAME:` label line).
pub fn missing_kernels<'a>(asm: &str, want: &[&'a str]) -> Vec<&'a str> {
    let labels: std::collections::HashSet<&str> = asm
        .lines()
        .filter_map(|l| l.split(';').next())
        .filter_map(|l| l.trim().strip_suffix(':'))
        .collect();
    want.iter()
        .copied()
        .filter(|k| !labels.contains(k))
        .collect()
}

/// The cached assembly for `key`, if present and holding every kernel of
/// `want`; an entry that does not is removed. A hit is marked used (its
/// modification time), for the eviction.
pub fn get(dir: &Path, key: &str, want: &[&str]) -> Option<String> {
    let path = dir.join(format!("{key}.s"));
    let meta = std::fs::symlink_metadata(&path).ok()?;
    if !meta.is_file() {
        return None;
    }
    let text = std::fs::read_to_string(&path).ok()?;
    if !missing_kernels(&text, want).is_empty() {
        let _ = std::fs::remove_file(&path);
        return None;
    }
    if let Ok(f) = std::fs::File::options().append(true).open(&path) {
        let _ = f.set_modified(SystemTime::now());
    }
    Some(text)
}

/// Bytes stored by this process since the last size check.
static WRITTEN: AtomicU64 = AtomicU64::new(0);
/// One size check at a time, and the first one at the first store.
static CHECK: Mutex<bool> = Mutex::new(false);

/// Stores `asm` for `key` (best effort: a cache that cannot be written is
/// no cache). Keeps the directory under the cap.
pub fn put(dir: &Path, key: &str, asm: &str) {
    if asm.len() > MAX_ENTRY_BYTES {
        return;
    }
    if amdmm_io::write::create_dir(dir, true).is_err() {
        return;
    }
    let path = dir.join(format!("{key}.s"));
    // The directory is amdmm's own: its entries are replaced freely.
    if amdmm_io::write::write(&path, asm.as_bytes(), true, |_| true).is_err() {
        return;
    }
    let cap = cap_bytes();
    let written = WRITTEN.fetch_add(asm.len() as u64, Ordering::Relaxed) + asm.len() as u64;
    let mut checked = CHECK.lock().unwrap_or_else(|e| e.into_inner());
    // A scan at the first store, then each time an eighth of the cap has
    // been written: the directory stays within 9/8 of the cap.
    if !*checked || written >= cap / 8 {
        *checked = true;
        WRITTEN.store(0, Ordering::Relaxed);
        evict(dir, cap);
    }
}

/// Removes the least recently used entries until the directory's `*.s`
/// files total at most three quarters of `cap` (when they exceed `cap`).
pub fn evict(dir: &Path, cap: u64) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    let mut files: Vec<(SystemTime, u64, PathBuf)> = entries
        .filter_map(|e| e.ok())
        .filter(|e| e.file_name().to_string_lossy().ends_with(".s"))
        .filter_map(|e| {
            let m = e.metadata().ok()?;
            m.is_file().then(|| {
                (
                    m.modified().unwrap_or(SystemTime::UNIX_EPOCH),
                    m.len(),
                    e.path(),
                )
            })
        })
        .collect();
    let mut total: u64 = files.iter().map(|f| f.1).sum();
    if total <= cap {
        return;
    }
    files.sort();
    for (_, len, path) in files {
        if total <= cap / 4 * 3 {
            break;
        }
        if std::fs::remove_file(&path).is_ok() {
            total -= len;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scratch(name: &str) -> PathBuf {
        let d = std::env::temp_dir().join(format!("amdmm-llc-cache-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&d);
        d
    }

    const IR: &str = "define amdgpu_kernel void @amdmm_t0_P0(ptr addrspace(1) %out) {\n}\n\
                      define amdgpu_kernel void @amdmm_t1_P1(ptr addrspace(1) %out) {\n}\n";

    #[test]
    fn the_key_depends_on_the_binary_the_options_and_the_ir() {
        let a = key("/usr/bin/llc-22 100 1", &["-O0".into()], IR);
        assert_ne!(a, key("/tmp/fake-llc 100 1", &["-O0".into()], IR));
        assert_ne!(a, key("/usr/bin/llc-22 100 2", &["-O0".into()], IR));
        assert_ne!(a, key("/usr/bin/llc-22 100 1", &["-O1".into()], IR));
        assert_ne!(a, key("/usr/bin/llc-22 100 1", &["-O0".into()], "x"));
        assert_eq!(a, key("/usr/bin/llc-22 100 1", &["-O0".into()], IR));
    }

    #[test]
    fn identity_changes_when_the_binary_changes() {
        let d = scratch("identity");
        std::fs::create_dir_all(&d).unwrap();
        let llc = d.join("llc");
        std::fs::write(&llc, "one").unwrap();
        let first = identity(&llc);
        std::fs::write(&llc, "other").unwrap();
        assert_ne!(first, identity(&llc));
    }

    /// Another binary with the old one's size and modification time is
    /// still another binary: the content counts.
    #[test]
    fn identity_sees_the_content_behind_the_same_size_and_time() {
        let d = scratch("identity-content");
        std::fs::create_dir_all(&d).unwrap();
        let llc = d.join("llc");
        let t = SystemTime::UNIX_EPOCH + std::time::Duration::from_secs(1_000_000);
        let set = |text: &str| {
            std::fs::write(&llc, text).unwrap();
            let f = std::fs::File::options().write(true).open(&llc).unwrap();
            f.set_modified(t).unwrap();
        };
        set("one");
        let first = identity(&llc);
        set("two");
        assert_ne!(first, identity(&llc));
        set("one");
        assert_eq!(first, identity(&llc));
    }

    #[test]
    fn entries_without_their_kernels_are_dropped() {
        let d = scratch("validate");
        assert_eq!(kernels(IR), ["amdmm_t0_P0", "amdmm_t1_P1"]);
        let good = "amdmm_t0_P0:\n  s_endpgm\namdmm_t1_P1:                ; @x\n  s_endpgm\n";
        put(&d, "k1", good);
        assert_eq!(get(&d, "k1", &kernels(IR)).as_deref(), Some(good));
        // A poisoned entry (another binary's output, or truncated).
        put(&d, "k2", "amdmm_t0_P0:\n");
        assert_eq!(get(&d, "k2", &kernels(IR)), None);
        assert!(!d.join("k2.s").exists());
    }

    #[cfg(unix)]
    #[test]
    fn the_directory_is_private() {
        use std::os::unix::fs::PermissionsExt;
        let d = scratch("private");
        put(&d, "k", "amdmm_t0_P0:\n");
        let mode = std::fs::metadata(&d).unwrap().permissions().mode() & 0o777;
        assert_eq!(mode, 0o700);
    }

    #[test]
    fn eviction_removes_the_least_recently_used() {
        let d = scratch("evict");
        std::fs::create_dir_all(&d).unwrap();
        let t0 = SystemTime::UNIX_EPOCH + std::time::Duration::from_secs(1_000_000);
        for i in 0..10u64 {
            let p = d.join(format!("e{i}.s"));
            std::fs::write(&p, vec![b'x'; 1000]).unwrap();
            let f = std::fs::File::options().append(true).open(&p).unwrap();
            f.set_modified(t0 + std::time::Duration::from_secs(i))
                .unwrap();
        }
        // 10,000 bytes over a cap of 8,000: down to 6,000, oldest first.
        evict(&d, 8000);
        let mut left: Vec<String> = std::fs::read_dir(&d)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        left.sort();
        assert_eq!(left, ["e4.s", "e5.s", "e6.s", "e7.s", "e8.s", "e9.s"]);
        // An entry over the per-entry cap is not stored at all.
        let huge = "x".repeat(MAX_ENTRY_BYTES + 1);
        put(&d, "huge", &huge);
        assert!(!d.join("huge.s").exists());
    }
}
