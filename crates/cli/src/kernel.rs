//! The `kernel` command: a real kernel (an LLVM IR module, or HIP / OpenCL
//! source amdmm compiles with clang) on a launch grid, explored under the
//! memory model like a litmus test (docs/kernels.md).

use amdmm_kernel::launch::{parse_arg, parse_dims, parse_init};
use amdmm_kernel::launch::{parse_launch_line, LaunchSpec};
use amdmm_kernel::report::{self, KernelReport};
use amdmm_kernel::{ArgValue, InitValue, RunOptions};
use clap::Args;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Duration;

const EXAMPLES: &str = "Examples:
  amdmm kernel mp.hip --grid 2 --block 1
  amdmm kernel mp.ll --grid 2 --block 1 --json
  amdmm kernel reduce.hip --grid 1 --block 4 --arg out=i32[1] --init out[0]=0
  amdmm kernel --check kernels/*.hip          (each file's `// launch:` and `// expect` lines)
  amdmm kernel mp.ll --grid 2 --graph out/     (a witness graph per race, ub, deadlock, assert)

Exit status: 0 success; 1 a --check mismatch; 2 bad input (an unsupported construct, a
missing clang, a module without the kernel, an access out of its buffer at an index the
launch fixes), each one error with its file and line.";

/// The launch options (also read from a kernel's `// launch:` line under --check).
#[derive(Args, Debug, Clone)]
pub struct LaunchArgs {
    /// Workgroups in the grid: G, or GxH for two dimensions.
    #[arg(long, value_name = "G", default_value = "1", value_parser = parse_dims)]
    pub grid: [u32; 2],

    /// Work-items per workgroup: B, or BxC for two dimensions.
    #[arg(long, value_name = "B", default_value = "1", value_parser = parse_dims)]
    pub block: [u32; 2],

    /// Wavefront size: 32 or 64 (default: the target's: 64 on GFX9, 32 on GFX10 and later).
    #[arg(long, value_name = "N", value_parser = ["32", "64"])]
    pub wave_size: Option<String>,

    /// Model only the first K work-items of each wavefront: an under-approximation, stated in
    /// the output, for blocks of 64 work-items or more.
    #[arg(long, value_name = "K")]
    pub lanes: Option<u32>,

    /// Bind a kernel parameter: a scalar (`n=3`) or a buffer's element type and length
    /// (`out=i32[4]`). Pointer parameters default to a buffer sized from the accesses,
    /// initialised to 0. Repeatable.
    #[arg(long = "arg", value_name = "NAME=VALUE", value_parser = parse_arg)]
    pub args: Vec<(String, ArgValue)>,

    /// An initial buffer value (`data[0]=5`; `x[0]=1.5` for a float buffer; default 0).
    /// Repeatable.
    #[arg(long = "init", value_name = "NAME[I]=V", value_parser = parse_init)]
    pub inits: Vec<InitValue>,

    /// Each loop runs at most this many iterations; executions cut short are counted apart
    /// and flagged `cutoff`.
    #[arg(long, value_name = "N", default_value_t = 2)]
    pub loop_bound: u32,
}

#[derive(Args, Debug)]
#[command(after_help = EXAMPLES)]
pub struct KernelArgs {
    /// The kernel: an LLVM IR module (`.ll`, from any front end) or HIP / OpenCL source
    /// (`.hip`, `.cl`: amdmm runs clang). Several files with --check.
    #[arg(value_name = "FILE", required = true)]
    pub files: Vec<PathBuf>,

    /// The kernel to run (IR or source name; default: the module's only kernel).
    #[arg(long, value_name = "NAME")]
    pub kernel: Option<String>,

    #[command(flatten)]
    pub launch: LaunchArgs,

    /// The processor clang compiles for and whose barriers apply (gfx942, gfx90a, gfx1100,
    /// gfx1200...).
    #[arg(long, value_name = "GFX", default_value = "gfx942")]
    pub target: String,

    /// clang's optimisation level for source files (0-3).
    #[arg(long, value_name = "N", default_value_t = 2, value_parser = clap::value_parser!(u8).range(0..=3))]
    pub opt_level: u8,

    /// The clang to compile source files with (default: AMDMM_CLANG, then clang-22 ... clang-19
    /// and clang on PATH).
    #[arg(long, value_name = "PATH")]
    pub clang: Option<PathBuf>,

    /// Compare each result with the kernel's `// expect` lines (in the source, or the `.hip`
    /// / `.cl` / hand-written `.ll` next to a `NAME.O2.ll` fixture; `; expect` in a `.ll`);
    /// use its `// launch:` line. Exit 1 on a mismatch.
    #[arg(long)]
    pub check: bool,

    /// Print the JSON document instead of the text (schema: `amdmm schema kernel`); one
    /// document per line with several files.
    #[arg(long)]
    pub json: bool,

    /// Write a witness execution graph into DIR for each race, undefined behaviour, deadlock
    /// and assertion failure (`FILE.race-1-data.svg`, `FILE.ub-1.svg`, ...; FILE the input's
    /// name without `.ll`/`.hip`); the text names each graph under its finding.
    #[arg(long, value_name = "DIR")]
    pub graph: Option<PathBuf>,

    /// Format of `--graph`: `svg` (Graphviz `dot`) or `dot`.
    #[arg(long, value_name = "FORMAT", value_enum, default_value = "svg")]
    pub graph_format: crate::graphviz::GraphFormat,

    /// Replace files in the --graph directory that amdmm did not write.
    #[arg(long)]
    pub force: bool,

    /// Explore every arrangement of work-items that run the same code (the reference): by
    /// default interchangeable work-items are explored in one arrangement, which gives the
    /// same report (`amdmm docs semantics`, "Symmetry of work-items").
    #[arg(long)]
    pub no_symmetry: bool,

    /// Stop with "unknown" after this many seconds.
    #[arg(long, value_name = "SECS", value_parser = crate::args::parse_secs)]
    pub timeout: Option<f64>,

    /// Stop with "unknown" after this many candidate executions.
    #[arg(long, value_name = "N")]
    pub max_executions: Option<u64>,

    /// Stop with "unknown" when amdmm's resident memory passes MIB mebibytes.
    #[arg(long, value_name = "MIB", default_value_t = amdmm_explore::DEFAULT_MAX_MEMORY_MIB,
          value_parser = crate::args::parse_mib)]
    pub max_memory: u64,
}

/// One kernel to run: its IR text, the name to show, and the source its
/// `// expect` and `// launch:` lines are read from.
struct Input {
    ll: String,
    shown: String,
    source: Option<String>,
    /// `ll` is clang's output for the `.hip`/`.cl` file `shown`.
    compiled: bool,
}

/// Finds clang: `--clang`, `AMDMM_CLANG`, then `clang-22` ... `clang-19`,
/// `clang` on PATH.
fn find_clang(explicit: Option<&Path>) -> Result<PathBuf, String> {
    const HINT: &str = "install clang with the AMDGPU backend (Debian: `apt-get install clang-22`), name one with --clang PATH or AMDMM_CLANG, or give the kernel as a .ll module";
    if let Some(p) = explicit
        .map(Path::to_path_buf)
        .or_else(|| std::env::var_os("AMDMM_CLANG").map(PathBuf::from))
    {
        return if p.is_file() {
            Ok(p)
        } else {
            Err(format!("clang `{}` does not exist; {HINT}", p.display()))
        };
    }
    let path = std::env::var_os("PATH").unwrap_or_default();
    let names = (19..=30)
        .rev()
        .map(|v| format!("clang-{v}"))
        .chain(["clang".to_string()]);
    for n in names {
        if let Some(p) = std::env::split_paths(&path)
            .map(|d| d.join(&n))
            .find(|p| p.is_file())
        {
            return Ok(p);
        }
    }
    Err(format!("no clang found; {HINT}"))
}

/// Compiles HIP or OpenCL device code to LLVM IR (`-emit-llvm -S -g`) on
/// standard output.
fn compile(a: &KernelArgs, file: &Path, target: &str) -> Result<String, String> {
    let clang = find_clang(a.clang.as_deref())?;
    let lang: &[&str] = match file.extension().and_then(|e| e.to_str()) {
        Some("cl") => &[
            "-x",
            "cl",
            "-cl-std=CL2.0",
            "--target=amdgcn-amd-amdhsa",
            "-nogpulib",
        ],
        _ => &["-x", "hip", "--cuda-device-only", "-nogpulib", "-nogpuinc"],
    };
    let mut args: Vec<String> = lang.iter().map(|s| s.to_string()).collect();
    if file.extension().and_then(|e| e.to_str()) == Some("cl") {
        args.push(format!("-mcpu={target}"));
    } else {
        args.push(format!("--offload-arch={target}"));
    }
    args.push(format!("-O{}", a.opt_level));
    args.extend(["-g", "-emit-llvm", "-S", "-o", "-"].map(String::from));
    args.push(file.display().to_string());
    // The one process helper (amdmm_io::tool): output read on threads, a
    // deadline from --timeout, the error text kept.
    let deadline = a
        .timeout
        .map(|t| std::time::Instant::now() + Duration::from_secs_f64(t));
    let out = amdmm_io::tool::run_tool(&clang, &args, &[], deadline).map_err(|e| e.to_string())?;
    Ok(String::from_utf8_lossy(&out.stdout).to_string())
}

/// The source next to a fixture: `k.O2.ll` → `k.hip` (or `.cl`, or a
/// hand-written `k.ll`).
fn sibling_source(file: &Path) -> Option<PathBuf> {
    let name = file.file_name()?.to_str()?;
    let stem = name.strip_suffix(".ll")?;
    let stem = stem.rsplit_once(".O").map_or(stem, |(s, lvl)| {
        if lvl.chars().all(|c| c.is_ascii_digit()) {
            s
        } else {
            stem
        }
    });
    // Next to it, or one directory up (`kernels/fixtures/k.O2.ll` → `kernels/k.hip`).
    let dirs = [
        file.parent()?.to_path_buf(),
        file.parent()?
            .parent()
            .map(Path::to_path_buf)
            .unwrap_or_default(),
    ];
    dirs.iter()
        .flat_map(|d| {
            ["hip", "cl", "ll"]
                .iter()
                .map(move |e| d.join(format!("{stem}.{e}")))
        })
        .find(|p| p.is_file())
}

fn read_input(a: &KernelArgs, file: &Path) -> Result<Input, String> {
    let ext = file.extension().and_then(|e| e.to_str()).unwrap_or("");
    let text = std::fs::read_to_string(file)
        .map_err(|e| format!("cannot read {}: {e}", file.display()))?;
    if ext == "hip" || ext == "cl" {
        let ll = compile(a, file, &target_of(a, Some(&text)))?;
        Ok(Input {
            ll,
            shown: file.display().to_string(),
            source: Some(text),
            compiled: true,
        })
    } else {
        let source = match sibling_source(file) {
            Some(p) => std::fs::read_to_string(p).ok(),
            None => Some(text.clone()),
        };
        Ok(Input {
            ll: text,
            shown: file.display().to_string(),
            source,
            compiled: false,
        })
    }
}

/// The processor a file is compiled for and run on: its `// launch:`
/// line's `--target` under --check, else `--target`.
fn target_of(a: &KernelArgs, source: Option<&str>) -> String {
    launch_of(a, source)
        .ok()
        .and_then(|s| s.target)
        .unwrap_or_else(|| a.target.clone())
}

/// The launch of a file: its `// launch:` line under --check, else the
/// command line's.
fn launch_of(a: &KernelArgs, source: Option<&str>) -> Result<LaunchSpec, String> {
    if a.check {
        if let Some(line) = source.and_then(|s| directive(s, "launch:").into_iter().next()) {
            return parse_launch_line(&line).map_err(|e| format!("its `launch:` line: {e}"));
        }
    }
    let l = &a.launch;
    Ok(LaunchSpec {
        grid: l.grid,
        block: l.block,
        wave_size: l.wave_size.as_deref().and_then(|w| w.parse().ok()),
        lanes: l.lanes,
        args: l.args.clone(),
        inits: l.inits.clone(),
        loop_bound: l.loop_bound,
        target: None,
    })
}

/// The text after `// KEY` (or `; KEY` in a `.ll`) on each line that has it.
fn directive(source: &str, key: &str) -> Vec<String> {
    source
        .lines()
        .filter_map(|l| {
            let t = l.trim_start();
            let t = t
                .strip_prefix("//")
                .or_else(|| t.strip_prefix(';'))?
                .trim_start();
            t.strip_prefix(key).map(|r| r.trim().to_string())
        })
        .collect()
}

pub fn kernel_command(a: &KernelArgs) -> ExitCode {
    if a.files.len() > 1 && !a.check {
        crate::diag::error_line("several files need --check (each with its own `// launch:` line)");
        return ExitCode::from(2);
    }
    let sink = match &a.graph {
        Some(dir) => match crate::graphviz::GraphSink::new(dir, a.graph_format, a.force, a.timeout)
        {
            Ok(s) => Some(s),
            Err(e) => {
                crate::diag::error_line(&e);
                return ExitCode::from(2);
            }
        },
        None => None,
    };
    let mut failed = 0;
    let mut passed = 0;
    let mut documents = Vec::new();
    for file in &a.files {
        match run_one(a, file) {
            Ok((r, mismatches)) => {
                if let Some(mut r) = r {
                    if let Some(sink) = &sink {
                        if let Err(e) = write_graphs(sink, file, &mut r) {
                            crate::diag::error_line(&e);
                            return ExitCode::from(2);
                        }
                    }
                    if a.json {
                        documents.push(r);
                    } else {
                        print!("{}", report::text(&r));
                    }
                } else if !a.json && mismatches.is_empty() {
                    println!("Refused, as its `// expect error:` line says");
                }
                if a.check {
                    if mismatches.is_empty() {
                        passed += 1;
                        if !a.json {
                            println!("OK {}\n", file.display());
                        }
                    } else {
                        failed += 1;
                        for m in mismatches {
                            eprintln!("FAIL {}: {m}", file.display());
                        }
                        if !a.json {
                            println!();
                        }
                    }
                }
            }
            Err(e) => {
                eprintln!("{e}");
                if !a.check {
                    return ExitCode::from(2);
                }
                failed += 1;
            }
        }
    }
    if a.json {
        // One document per kernel: pretty for one file, one per line (JSON
        // Lines) for several.
        for d in &documents {
            let text = if a.files.len() == 1 {
                serde_json::to_string_pretty(d)
            } else {
                serde_json::to_string(d)
            };
            println!("{}", text.unwrap_or_default());
        }
    }
    if a.check {
        eprintln!("{passed} passed, {failed} failed");
        if failed > 0 {
            return ExitCode::from(1);
        }
    }
    ExitCode::SUCCESS
}

/// Writes the witness graphs of `r` (`amdmm_kernel::witness::graphs`),
/// named after `file`, and records each path in the report.
fn write_graphs(
    sink: &crate::graphviz::GraphSink,
    file: &Path,
    r: &mut KernelReport,
) -> Result<(), String> {
    let name = file
        .file_name()
        .and_then(|n| n.to_str())
        .unwrap_or("kernel");
    let stem = [".ll", ".hip", ".cl"]
        .iter()
        .find_map(|e| name.strip_suffix(e))
        .unwrap_or(name);
    for (stem, dot, slot) in amdmm_kernel::witness::graphs(r, stem) {
        let path = sink.write(&stem, &dot)?;
        amdmm_kernel::witness::set_graph(r, slot, path.display().to_string());
    }
    Ok(())
}

/// Runs one file: its report (none when the kernel expects its run to be
/// refused, `// expect error:`) and, under --check, the mismatches with
/// its expectations.
fn run_one(a: &KernelArgs, file: &Path) -> Result<(Option<KernelReport>, Vec<String>), String> {
    let input = read_input(a, file).map_err(|e| format!("amdmm: error: {e}"))?;
    let spec = launch_of(a, input.source.as_deref())
        .map_err(|e| format!("{}: error: {e}", file.display()))?;
    let opts = RunOptions {
        kernel: a.kernel.clone(),
        target: spec.target.clone().unwrap_or_else(|| a.target.clone()),
        spec,
        timeout: a.timeout.map(Duration::from_secs_f64),
        max_executions: a.max_executions,
        max_memory: Some(a.max_memory),
        no_symmetry: a.no_symmetry,
    };
    let run = if input.compiled {
        amdmm_kernel::run_compiled(&input.ll, &input.shown, &opts)
    } else {
        amdmm_kernel::run(&input.ll, &input.shown, &opts)
    };
    // A kernel whose `// expect error:` line says the run is refused
    // (an input error), under --check.
    if let Some(src) = input
        .source
        .as_deref()
        .filter(|s| a.check && amdmm_kernel::expect::expected_error(s).is_some())
    {
        let mismatches = amdmm_kernel::expect::check_run(src, &run)
            .map_err(|e| format!("{}: error: {e}", file.display()))?;
        return Ok((run.ok(), mismatches));
    }
    let r = run?;
    let mismatches = if a.check {
        match input.source.as_deref() {
            Some(src) => amdmm_kernel::expect::check(src, &r)
                .map_err(|e| format!("{}: error: {e}", file.display()))?,
            None => vec!["no source with `// expect` lines found".into()],
        }
    } else {
        Vec::new()
    };
    Ok((Some(r), mismatches))
}
