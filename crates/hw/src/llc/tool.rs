//! Finding and running `llc`, with a cache of its output per (test, target,
//! options) (docs/llc.md).

use std::path::{Path, PathBuf};
use std::process::Command;

/// What to install when no usable `llc` is found.
pub const INSTALL_HINT: &str = "install LLVM with the AMDGPU backend, e.g. `apt-get install llvm-22` (Debian), or name an llc with `--llc PATH` or the AMDMM_LLC environment variable";

/// The oldest LLVM whose `llc` knows every modelled target but gfx1250
/// (gfx942 arrived in LLVM 18, gfx1250 in LLVM 22).
const MIN_MAJOR: u32 = 19;

impl Llc {
    /// The llc, its version and its options, as output headers name them:
    /// `llc-22 (Debian LLVM version 22.1.8) -O0`.
    pub fn describe(&self) -> String {
        let name = self.path.file_name().map_or_else(
            || self.path.display().to_string(),
            |n| n.to_string_lossy().into_owned(),
        );
        format!("{name} ({}) -O{}", self.version, self.opt_level)
    }
}

/// A usable `llc`.
#[derive(Clone, Debug)]
pub struct Llc {
    pub path: PathBuf,
    /// First line of `llc --version` naming the LLVM version.
    pub version: String,
    pub major: u32,
    /// `-O0` .. `-O3`.
    pub opt_level: u8,
    /// Where compiled assembly is cached (`None`: no cache).
    pub cache: Option<PathBuf>,
}

fn version_of(path: &Path) -> Option<(String, u32)> {
    let out = Command::new(path).arg("--version").output().ok()?;
    let text = String::from_utf8_lossy(&out.stdout).to_string();
    let line = text.lines().find(|l| l.contains("LLVM version"))?.trim();
    let v = line.split("LLVM version").nth(1)?.trim();
    let major = v.split('.').next()?.parse().ok()?;
    Some((line.to_string(), major))
}

/// Finds `llc`: `explicit` (`--llc PATH`), then `AMDMM_LLC`, then `llc-22`,
/// `llc-21`, ..., `llc-19` and `llc` on `PATH` (a PATH `llc` older than
/// LLVM 19 is passed over: it lacks targets).
pub fn find(explicit: Option<&Path>, opt_level: u8) -> Result<Llc, String> {
    let cache = Some(
        std::env::var_os("AMDMM_LLC_CACHE")
            .map(PathBuf::from)
            .unwrap_or_else(|| std::env::temp_dir().join("amdmm-llc-cache")),
    );
    let make = |path: PathBuf, (version, major): (String, u32)| Llc {
        path,
        version,
        major,
        opt_level,
        cache: cache.clone(),
    };
    let named = explicit
        .map(|p| (p.to_path_buf(), "--llc"))
        .or_else(|| std::env::var_os("AMDMM_LLC").map(|p| (PathBuf::from(p), "AMDMM_LLC")));
    if let Some((p, how)) = named {
        return match version_of(&p) {
            Some(v) => Ok(make(p, v)),
            None => Err(format!(
                "{how} names `{}`, which does not run as `llc --version`; {INSTALL_HINT}",
                p.display()
            )),
        };
    }
    let mut names: Vec<String> = (MIN_MAJOR..=30).rev().map(|v| format!("llc-{v}")).collect();
    names.push("llc".into());
    let mut too_old = Vec::new();
    for n in names {
        let Some(p) = on_path(&n) else { continue };
        match version_of(&p) {
            Some((v, major)) if major >= MIN_MAJOR => return Ok(make(p, (v, major))),
            Some((v, _)) => too_old.push(format!("{} ({v})", p.display())),
            None => {}
        }
    }
    let old = if too_old.is_empty() {
        String::new()
    } else {
        format!(" (too old: {})", too_old.join(", "))
    };
    Err(format!(
        "no llc of LLVM {MIN_MAJOR} or newer found{old}; {INSTALL_HINT}"
    ))
}

fn on_path(name: &str) -> Option<PathBuf> {
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path)
        .map(|d| d.join(name))
        .find(|p| p.is_file())
}

/// `-mattr` of a target's features (`+tgsplit`, `+cumode`, wave size).
pub fn mattr(t: &crate::Target) -> Vec<String> {
    let mut v = Vec::new();
    if t.tgsplit {
        v.push("+tgsplit".to_string());
    }
    if t.cumode {
        v.push("+cumode".to_string());
    }
    if t.major >= 10 {
        v.push(if t.wave64 {
            "+wavefrontsize64".to_string()
        } else {
            "+wavefrontsize32".to_string()
        });
    }
    v
}

impl Llc {
    /// The command-line arguments for `t` (without input and output).
    pub fn args(&self, t: &crate::Target) -> Vec<String> {
        let mut a = vec![
            "-mtriple=amdgcn-amd-amdhsa".to_string(),
            // The processor asked for (`gfx950`, `gfx1030`), not the one
            // it is modelled as: llc compiles for the real one (gfx950 has
            // the 16-byte LDS DMA gfx942 lacks).
            format!("-mcpu={}", t.processor),
            format!("-O{}", self.opt_level),
        ];
        let m = mattr(t);
        if !m.is_empty() {
            a.push(format!("-mattr={}", m.join(",")));
        }
        a
    }

    /// Compiles `ir` for `t`; returns the assembly and whether it came from
    /// the cache.
    pub fn compile(&self, ir: &str, t: &crate::Target) -> Result<(String, bool), String> {
        let args = self.args(t);
        let key = {
            // FNV-1a, 64 bits: stable across runs and Rust versions.
            let mut h: u64 = 0xcbf29ce484222325;
            for b in self
                .version
                .bytes()
                .chain(args.join(" ").bytes())
                .chain([0u8])
                .chain(ir.bytes())
            {
                h ^= b as u64;
                h = h.wrapping_mul(0x100000001b3);
            }
            format!("{h:016x}")
        };
        let cached = self.cache.as_ref().map(|d| d.join(format!("{key}.s")));
        if let Some(c) = &cached {
            if let Ok(s) = std::fs::read_to_string(c) {
                return Ok((s, true));
            }
        }
        let mut child = Command::new(&self.path)
            .args(&args)
            .args(["-o", "-", "-"])
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .map_err(|e| format!("cannot run {}: {e}", self.path.display()))?;
        {
            use std::io::Write;
            let mut stdin = child.stdin.take().ok_or("llc: no stdin")?;
            stdin
                .write_all(ir.as_bytes())
                .map_err(|e| format!("writing to llc: {e}"))?;
        }
        let out = child.wait_with_output().map_err(|e| format!("llc: {e}"))?;
        if !out.status.success() {
            let err = String::from_utf8_lossy(&out.stderr);
            // A backend failure (`LLVM ERROR: Cannot select: intrinsic ...`)
            // is followed by a crash banner and a stack dump: its one line
            // is the reason.
            let reason = match err.lines().find(|l| l.starts_with("LLVM ERROR:")) {
                Some(l) => l.to_string(),
                None => err.lines().take(5).collect::<Vec<_>>().join(" | "),
            };
            return Err(format!(
                "{} {} failed ({}): {reason}",
                self.path.display(),
                args.join(" "),
                self.version,
            ));
        }
        let asm = String::from_utf8_lossy(&out.stdout).to_string();
        if let (Some(c), Some(dir)) = (&cached, &self.cache) {
            // Best effort: a cache that cannot be written is no cache.
            if std::fs::create_dir_all(dir).is_ok() {
                let tmp = dir.join(format!("{key}.{}.tmp", std::process::id()));
                if std::fs::write(&tmp, &asm).is_ok() {
                    let _ = std::fs::rename(&tmp, c);
                }
            }
        }
        Ok((asm, false))
    }
}
