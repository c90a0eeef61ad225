//! Finding and running `llc`, with a cache of its output per (test, target,
//! options) (docs/llc.md). llc runs through the one process helper,
//! [`amdmm_io::run_tool`]: bounded by the test's `--timeout`, a closed
//! pipe or a signal an error naming llc.

use amdmm_io::ToolError;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

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
    /// How long one compilation may take (the command's `--timeout`):
    /// past it llc is killed and the test gets [`CompileError::Timeout`].
    pub timeout: Option<Duration>,
}

/// Why llc gave no assembly.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CompileError {
    /// llc failed, could not run, or exited without reading the module:
    /// the message names llc's command line and says why.
    Failed(String),
    /// llc ran past the timeout (in milliseconds) and was killed.
    Timeout(u64),
}

impl std::fmt::Display for CompileError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            CompileError::Failed(s) => write!(f, "{s}"),
            CompileError::Timeout(ms) => write!(
                f,
                "{}: llc did not finish and was killed",
                amdmm_explore::LimitReason::Timeout(*ms)
            ),
        }
    }
}

impl From<CompileError> for String {
    fn from(e: CompileError) -> String {
        e.to_string()
    }
}

/// How long `llc --version` may take before the llc is called unusable.
const VERSION_TIMEOUT: Duration = Duration::from_secs(30);

fn version_of(path: &Path) -> Option<(String, u32)> {
    let out = amdmm_io::run_tool(
        path,
        &["--version"],
        b"",
        Some(Instant::now() + VERSION_TIMEOUT),
    )
    .ok()?;
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
    let cache = super::cache::default_dir();
    let make = |path: PathBuf, (version, major): (String, u32)| Llc {
        path,
        version,
        major,
        opt_level,
        cache: cache.clone(),
        timeout: None,
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

/// llc reads the module from standard input and writes to standard output.
fn io_args() -> [String; 3] {
    ["-o".into(), "-".into(), "-".into()]
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

    /// Why llc failed, as one line: llc's command line, its version, and
    /// its `LLVM ERROR:` line or the start of its standard error. A backend
    /// failure (`LLVM ERROR: Cannot select: intrinsic ...`) is followed by
    /// a crash banner and a stack dump: its one line is the reason.
    fn failure(&self, args: &[String], e: &ToolError) -> String {
        let reason = match e {
            ToolError::Failed { status, stderr, .. } => {
                match stderr.lines().find(|l| l.starts_with("LLVM ERROR:")) {
                    Some(l) => format!("{status}: {l}"),
                    None => e.to_string(),
                }
            }
            _ => e.to_string(),
        };
        format!(
            "{} {} failed ({}): {reason}",
            self.path.display(),
            args.join(" "),
            self.version,
        )
    }

    /// Compiles `ir` for `t`; returns the assembly and whether it came from
    /// the cache.
    /// A cache entry made by a batch ([`super::batch`]) holds the test's
    /// kernels only, which is all the reader needs.
    pub fn compile(&self, ir: &str, t: &crate::Target) -> Result<(String, bool), CompileError> {
        self.compile_with(ir, t, true)
    }

    /// [`Llc::compile`] for a caller that prints llc's whole output (`amdmm
    /// compile`): a batch's entry, the kernels only, counts as a miss (and
    /// is replaced by the whole output).
    pub fn compile_full(
        &self,
        ir: &str,
        t: &crate::Target,
    ) -> Result<(String, bool), CompileError> {
        self.compile_with(ir, t, false)
    }

    /// The cache key of `ir` compiled with `args` by this llc.
    pub fn cache_key(&self, args: &[String], ir: &str) -> String {
        super::cache::key(
            &format!("{} {}", super::cache::identity(&self.path), self.version),
            args,
            ir,
        )
    }

    fn compile_with(
        &self,
        ir: &str,
        t: &crate::Target,
        batch_entries: bool,
    ) -> Result<(String, bool), CompileError> {
        let args = self.args(t);
        let want = super::cache::kernels(ir);
        let key = self.cache_key(&args, ir);
        if let Some(dir) = &self.cache {
            if let Some(s) = super::cache::get(dir, &key, &want) {
                if batch_entries || !super::batch::is_batch_entry(&s) {
                    return Ok((s, true));
                }
            }
        }
        let deadline = self.timeout.map(|t| Instant::now() + t);
        let out = match amdmm_io::run_tool(
            &self.path,
            &[&args[..], &io_args()].concat(),
            ir.as_bytes(),
            deadline,
        ) {
            Ok(out) => out,
            Err(ToolError::Timeout { .. }) => {
                return Err(CompileError::Timeout(amdmm_explore::millis(
                    self.timeout.unwrap_or_default(),
                )))
            }
            Err(e) => return Err(CompileError::Failed(self.failure(&args, &e))),
        };
        let asm = String::from_utf8_lossy(&out.stdout).to_string();
        // An llc that exits at once with status 0 (its input unread, but
        // small enough to fit in the pipe) printed nothing: its output must
        // hold every kernel of the module.
        let missing = super::cache::missing_kernels(&asm, &want);
        if !missing.is_empty() {
            return Err(CompileError::Failed(format!(
                "{} {} failed ({}): exit status 0, but its output ({} bytes) lacks the kernel(s) {}",
                self.path.display(),
                args.join(" "),
                self.version,
                asm.len(),
                missing.join(", ")
            )));
        }
        if let Some(dir) = &self.cache {
            super::cache::put(dir, &key, &asm);
        }
        Ok((asm, false))
    }
}
