//! The `lower` command: print the machine code each operation of a litmus
//! test lowers to on a target, following the code-sequence tables (crate
//! `amdmm-hw`, docs/hardware.md).

use clap::Args;
use std::path::PathBuf;
use std::process::ExitCode;

const EXAMPLES: &str = "\
Examples:
  amdmm lower --target gfx942 litmus/MP+rel-acq.agent.litmus
  amdmm lower --target gfx90a:tgsplit litmus/MP+rel-acq.workgroup.samewg.litmus
  amdmm lower --target gfx1100:cumode litmus/SB+sc.litmus
  amdmm lower --target gfx1250 litmus/MP+rel-acq.cluster.samecluster.litmus

Targets: gfx600, gfx700, gfx900, gfx90a, gfx942, gfx1010, gfx1100, gfx1200,
gfx1250; features :tgsplit (gfx90a, gfx942), :cumode (gfx1010, gfx1100,
gfx1200), :wave32/:wave64 (GFX10+).

Each operation is printed as a `;` comment with the table row it comes from
(line in AMDGPUUsage-memory-model.md and in the seed amdgpu-usage.zh.txt),
followed by its machine code: only the instructions the memory model needs,
with their cache-policy bits.

Exit status: 0 success; 2 bad input (unknown target, unreadable or invalid
test, an operation the target has no code for).";

/// Options of `amdmm lower`.
#[derive(Args, Debug)]
#[command(after_help = EXAMPLES)]
pub struct LowerArgs {
    /// Target: NAME[:FEATURE]..., e.g. gfx942, gfx942:tgsplit, gfx1100:cumode.
    #[arg(long, value_name = "TARGET")]
    pub target: String,

    /// The litmus test.
    #[arg(value_name = "FILE")]
    pub file: PathBuf,
}

pub fn lower_command(a: &LowerArgs) -> ExitCode {
    let target = match amdmm_hw::Target::parse(&a.target) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::from(2);
        }
    };
    let file = a.file.display().to_string();
    let src = match std::fs::read_to_string(&a.file) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("error: cannot read {file}: {e}");
            return ExitCode::from(2);
        }
    };
    let program = match amdmm_program::load(&src) {
        Ok(p) => p,
        Err(diags) => {
            for d in &diags {
                eprint!("{}", d.render(&file, &src));
            }
            return ExitCode::from(2);
        }
    };
    match amdmm_hw::lower(&program, &target) {
        Ok(l) => {
            print!("{}", amdmm_hw::lower::render(&l));
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("error: {file}: {e}");
            ExitCode::from(2)
        }
    }
}

/// Parses `--target`: one target, or `all` (every target with a hardware
/// model, with every feature combination the tables distinguish).
fn targets(spec: &str, modelled_only: bool) -> Result<Vec<amdmm_hw::Target>, String> {
    if spec == "all" {
        Ok(amdmm_hw::all_targets()
            .into_iter()
            .filter(|t| !modelled_only || amdmm_hw::machine::has_model(t))
            .collect())
    } else {
        spec.split(',').map(amdmm_hw::Target::parse).collect()
    }
}

fn load_file(path: &std::path::Path) -> Result<amdmm_program::Program, String> {
    let file = path.display().to_string();
    let src = std::fs::read_to_string(path).map_err(|e| format!("cannot read {file}: {e}"))?;
    amdmm_program::load(&src).map_err(|diags| {
        diags
            .iter()
            .map(|d| d.render(&file, &src))
            .collect::<String>()
    })
}

/// `amdmm run --target TARGET FILE...`: the hardware model's outcomes, in the
/// herd format of `amdmm run`.
pub fn hw_run_command(a: &crate::args::RunArgs) -> ExitCode {
    let spec = a.target.as_deref().unwrap_or("");
    let ts = match targets(spec, false) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::from(2);
        }
    };
    let files = match crate::collect::collect(&a.paths) {
        Ok(f) => f,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::from(2);
        }
    };
    let opts = amdmm_hw::machine::HwOptions {
        loop_bound: a.loop_bound,
        ..Default::default()
    };
    let mut status = ExitCode::SUCCESS;
    for f in &files {
        let p = match load_file(f) {
            Ok(p) => p,
            Err(e) => {
                eprint!("{e}");
                status = ExitCode::from(2);
                continue;
            }
        };
        for t in &ts {
            let start = std::time::Instant::now();
            match amdmm_hw::machine::explore(&p, t, &opts) {
                Ok(h) => {
                    println!("Target {t} ({} hardware states)", h.states_visited);
                    let time = (!a.no_time).then(|| start.elapsed().as_secs_f64());
                    print!("{}", amdmm_report::herd_text(&p, &h.outcome, time, false));
                    if a.show_executions {
                        for (st, tr) in h.outcome.states.iter().zip(&h.traces) {
                            let vals: Vec<String> = h
                                .outcome
                                .columns
                                .iter()
                                .zip(&st.values)
                                .map(|(c, v)| format!("{c}={v}"))
                                .collect();
                            println!("Trace to {}:", vals.join("; "));
                            for (i, step) in tr.iter().enumerate() {
                                println!("  {:3}. {step}", i + 1);
                            }
                        }
                    }
                    println!();
                }
                Err(e) => {
                    eprintln!("error: {}: {e}", f.display());
                    status = ExitCode::from(2);
                }
            }
        }
    }
    status
}

const VERIFY_EXAMPLES: &str = "\
Examples:
  amdmm verify --target gfx942 litmus/
  amdmm verify --target gfx90a:tgsplit litmus/MP+rel-acq.workgroup.samewg.litmus
  amdmm verify --target all litmus/
  amdmm verify --target all --allow crates/hw/known-findings.txt litmus/hw
  amdmm verify --target gfx942 --mutate litmus/hw

For each test and target, the lowered code runs on the target's operational
hardware model (every interleaving and cache behaviour, states hashed); each
hardware final state must be allowed by the memory model (`amdmm run`'s
states; a model `undef` allows any value). A forbidden state is printed as
FORBIDDEN with the step-by-step hardware trace that reaches it.

With --allow, forbidden outcomes listed in the file (docs/findings.md's
known findings) print as KNOWN and do not fail. With --mutate, each
instruction of each code sequence the tests use is dropped or weakened in
turn and the tests that detect it are listed (DETECTED/UNDETECTED; exit 0).

Exit status: 0 every outcome allowed; 1 some hardware outcome is forbidden;
2 bad input (a test or target that cannot be run is reported and skipped).";

/// Options of `amdmm verify`.
#[derive(Args, Debug)]
#[command(after_help = VERIFY_EXAMPLES)]
pub struct VerifyArgs {
    /// Target (NAME[:FEATURE]...), a comma-separated list, or `all`.
    #[arg(long, value_name = "TARGET")]
    pub target: String,

    /// Test files, or directories searched recursively for `*.litmus`.
    #[arg(value_name = "FILE_OR_DIR", required = true)]
    pub paths: Vec<PathBuf>,

    /// Each loop runs at most N iterations (hardware and model).
    #[arg(long, value_name = "N", default_value_t = 2)]
    pub loop_bound: u32,

    /// Give up on a test after N hardware states.
    #[arg(long, value_name = "N", default_value_t = 2_000_000)]
    pub max_states: usize,

    /// Explore every interleaving (no partial-order reduction; for measuring it).
    #[arg(long)]
    pub no_reduction: bool,

    /// Known findings (lines `ID TEST TARGET|* OUTCOME`, e.g. crates/hw/known-findings.txt):
    /// a forbidden outcome listed there is printed as KNOWN and does not fail.
    #[arg(long, value_name = "FILE")]
    pub allow: Option<PathBuf>,

    /// Drop or weaken each instruction of each code sequence the tests use, in turn, and
    /// report which tests detect the mutation (a new forbidden outcome).
    #[arg(long)]
    pub mutate: bool,
}

/// One line of a known-findings file.
struct Known {
    id: String,
    test: String,
    target: String,
    outcome: String,
}

fn read_allow(path: &std::path::Path) -> Result<Vec<Known>, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let mut out = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let mut it = line.splitn(4, char::is_whitespace);
        match (it.next(), it.next(), it.next(), it.next()) {
            (Some(id), Some(test), Some(target), Some(outcome)) => out.push(Known {
                id: id.into(),
                test: test.into(),
                target: target.into(),
                outcome: outcome.trim().into(),
            }),
            _ => {
                return Err(format!(
                    "{}:{}: expected `ID TEST TARGET OUTCOME`",
                    path.display(),
                    n + 1
                ))
            }
        }
    }
    Ok(out)
}

pub fn verify_command(a: &VerifyArgs) -> ExitCode {
    let ts = match targets(&a.target, true) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::from(2);
        }
    };
    let files = match crate::collect::collect(&a.paths) {
        Ok(f) => f,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::from(2);
        }
    };
    let opts = amdmm_hw::machine::HwOptions {
        loop_bound: a.loop_bound,
        max_states: a.max_states,
        reduce: !a.no_reduction,
    };
    let mopts = amdmm_explore::Options {
        loop_bound: a.loop_bound,
        ..Default::default()
    };
    let known = match a.allow.as_deref().map(read_allow).transpose() {
        Ok(k) => k.unwrap_or_default(),
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::from(2);
        }
    };
    if a.mutate {
        return mutate_command(&files, &ts, &opts, &mopts);
    }
    let mut used = vec![false; known.len()];
    let (mut ok, mut bad, mut skipped, mut known_n) = (0u32, 0u32, 0u32, 0u32);
    let started = std::time::Instant::now();
    let mut total_states = 0usize;
    let mut input_error = false;
    for f in &files {
        let p = match load_file(f) {
            Ok(p) => p,
            Err(e) => {
                eprint!("{e}");
                input_error = true;
                continue;
            }
        };
        let model = amdmm_explore::explore(&p, &mopts);
        for t in &ts {
            match amdmm_hw::machine::verify(&p, t, &opts, &model) {
                Ok(v) if v.hw.outcome.limit.is_some() => {
                    println!("SKIP {} {t}: hardware state limit reached", p.name);
                    skipped += 1;
                }
                Ok(v) if model.observation.is_none() => {
                    println!("SKIP {} {t}: the memory model gave no verdict", p.name);
                    let _ = v;
                    skipped += 1;
                }
                Ok(v) if v.forbidden.is_empty() => {
                    total_states += v.hw.states_visited;
                    println!(
                        "OK {} {t}: {} hardware outcomes, all allowed ({} states)",
                        p.name,
                        v.hw.outcome.states.len(),
                        v.hw.states_visited
                    );
                    ok += 1;
                }
                Ok(v) => {
                    total_states += v.hw.states_visited;
                    let mut new = false;
                    for (st, trace) in &v.forbidden {
                        let vals: Vec<String> =
                            v.hw.outcome
                                .columns
                                .iter()
                                .zip(&st.values)
                                .map(|(c, v)| format!("{c}={v}"))
                                .collect();
                        let vals = vals.join("; ");
                        let tname = t.to_string();
                        if let Some(k) = known.iter().position(|k| {
                            k.test == p.name
                                && (k.target == "*" || k.target == tname)
                                && k.outcome == vals
                        }) {
                            used[k] = true;
                            println!("KNOWN {} {} {t}: {vals}", known[k].id, p.name);
                            continue;
                        }
                        new = true;
                        println!("FORBIDDEN {} {t}: {vals}", p.name);
                        println!("  machine code:");
                        for line in amdmm_hw::lower::render(&v.hw.lowered).lines().skip(1) {
                            println!("    {line}");
                        }
                        println!("  hardware trace:");
                        for (i, step) in trace.iter().enumerate() {
                            println!("    {:3}. {step}", i + 1);
                        }
                    }
                    if new {
                        bad += 1;
                    } else {
                        known_n += 1;
                    }
                }
                Err(e) => {
                    println!("SKIP {} {t}: {e}", p.name);
                    skipped += 1;
                }
            }
        }
    }
    let unseen = used.iter().filter(|u| !**u).count();
    if unseen > 0 {
        println!(
            "note: {unseen} known-finding lines not seen in this run (other tests or targets)"
        );
    }
    let secs = started.elapsed().as_secs_f64();
    println!(
        "{ok} allowed, {bad} with forbidden outcomes, {known_n} with known findings only, {skipped} skipped ({total_states} hardware states in {secs:.1} s)"
    );
    if input_error {
        ExitCode::from(2)
    } else if bad > 0 {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }
}

/// `amdmm verify --mutate`: per target, every mutation of the code the tests
/// lower to (`amdmm_hw::mutate`), and the tests that detect it.
fn mutate_command(
    files: &[PathBuf],
    ts: &[amdmm_hw::Target],
    opts: &amdmm_hw::machine::HwOptions,
    mopts: &amdmm_explore::Options,
) -> ExitCode {
    let mut progs = Vec::new();
    for f in files {
        match load_file(f) {
            Ok(p) => progs.push(p),
            Err(e) => eprint!("{e}"),
        }
    }
    let models: Vec<_> = progs
        .iter()
        .map(|p| amdmm_explore::explore(p, mopts))
        .collect();
    let cases: Vec<amdmm_hw::mutate::Case> = progs
        .iter()
        .zip(&models)
        .map(|(program, model)| amdmm_hw::mutate::Case { program, model })
        .collect();
    let (mut det, mut undet, mut unused) = (0u32, 0u32, 0u32);
    for t in ts {
        for r in amdmm_hw::mutate::analyse(&cases, t, opts) {
            let m = &r.mutation;
            if let Some((test, outcome)) = r.detected_by.first() {
                det += 1;
                let names: Vec<&str> = r.detected_by.iter().map(|d| d.0.as_str()).collect();
                println!(
                    "DETECTED {t}: {m}: by {} test(s): {} (e.g. {test}: {outcome})",
                    names.len(),
                    names.join(" ")
                );
            } else if r.used_by.is_empty() {
                unused += 1;
            } else {
                undet += 1;
                println!(
                    "UNDETECTED {t}: {m}: used by {} test(s): {}{}",
                    r.used_by.len(),
                    r.used_by.join(" "),
                    if r.limited.is_empty() {
                        String::new()
                    } else {
                        format!(" (state limit: {})", r.limited.join(" "))
                    }
                );
            }
        }
    }
    println!("{det} mutations detected, {undet} undetected, {unused} not exercised");
    ExitCode::SUCCESS
}
