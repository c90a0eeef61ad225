//! `amdmm hip` (write each test as a standalone HIP program, crate
//! `amdmm-hip`) and `amdmm check-observed` (compare the histograms a GPU
//! printed with the model). docs/gpu.md is the guide.

use amdmm_explore::ValueOut;
use amdmm_hip::log::{self, ObservedTest};
use amdmm_hw::{Gen, Target};
use amdmm_program::{Instr, Program, ScopeLevel};
use clap::Args;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

const HIP_EXAMPLES: &str = "\
Examples:
  amdmm hip litmus/MP+rel-acq.agent.litmus --out gpu/
  amdmm hip litmus/ --out gpu/ --arch gfx942
  hipcc -O2 --offload-arch=gfx942 gpu/MP+rel-acq.agent.hip -o mp && ./mp > mp.log
  amdmm check-observed mp.log litmus/MP+rel-acq.agent.litmus

Each test becomes DIR/NAME.hip (a test found in the subdirectory SUB of a
directory given keeps it: DIR/SUB/NAME.hip): one kernel in which every
thread of the test is a work-item placed as the test says (its own
work-group and wave), every
operation keeps the test's ordering and scope (__hip_atomic_* builtins with
__HIP_MEMORY_SCOPE_*, __builtin_amdgcn_fence), and many instances run per
launch, each on fresh locations. The program's options (-h): iterations,
instances per launch, stress work-groups, random delays; compile with
-DAMDMM_STRIDE=BYTES (default 4352: other cache lines and L2 channels) or
-DAMDMM_SHARE_LINES to place the locations.
It prints the histogram of final states in herd's format (`amdmm docs gpu`).

A test is written only if the code-sequence tables lower it on every --arch
(else the program could not be compiled there) and the program can express
it; the others are listed as SKIP with the reason (several agents or
clusters, named barriers, LDS DMA, byte-level or float locations, ...).
Files are written atomically, never through a symbolic link, and never over
a file amdmm hip did not write (unless --force). The output is byte-stable.

Exit status: 0 every test written; 1 some skipped; 2 bad options, an
unreadable or invalid test, or a file that cannot be written.";

/// Options of `amdmm hip`.
#[derive(Args, Debug)]
#[command(after_help = HIP_EXAMPLES)]
pub struct HipArgs {
    /// Test files, or directories searched recursively for `*.litmus`.
    #[arg(value_name = "FILE_OR_DIR", required = true)]
    pub paths: Vec<PathBuf>,

    /// The directory to write the programs into (created if missing).
    #[arg(long, value_name = "DIR", required = true)]
    pub out: PathBuf,

    /// The processors the programs are for, comma-separated [default: gfx90a,gfx942,gfx1100,
    /// gfx1200]: a test the tables cannot lower on one of them is skipped.
    #[arg(long, value_name = "ARCH", value_delimiter = ',')]
    pub arch: Vec<String>,

    /// Overwrite files amdmm hip did not write.
    #[arg(long)]
    pub force: bool,
}

pub fn hip_command(a: &HipArgs) -> ExitCode {
    let archs: Vec<String> = if a.arch.is_empty() {
        amdmm_hip::DEFAULT_ARCHS
            .iter()
            .map(|s| s.to_string())
            .collect()
    } else {
        a.arch.clone()
    };
    let mut targets = Vec::new();
    for n in &archs {
        match Target::parse(n) {
            Ok(t) => targets.push(t),
            Err(e) => {
                crate::diag::error_line(format!("--arch: {e}"));
                return ExitCode::from(2);
            }
        }
    }
    let files = match crate::collect::collect(&a.paths) {
        Ok(f) => f,
        Err(e) => {
            crate::diag::error_line(e);
            return ExitCode::from(2);
        }
    };
    if let Err(e) = amdmm_io::write::create_dir(&a.out, false) {
        crate::diag::error_line(e);
        return ExitCode::from(2);
    }
    let (mut written, mut skipped, mut bad) = (0, 0, false);
    let mut names = std::collections::BTreeSet::new();
    for f in &files {
        let (_, p) = match crate::collect::load(f) {
            Ok(x) => x,
            Err(d) => {
                crate::diag::eprint(&d);
                bad = true;
                continue;
            }
        };
        let file = crate::collect::display_name(f);
        let text = match program(&p, &file, &targets) {
            Ok(t) => t,
            Err(why) => {
                println!("SKIP {} {file}: {why}", p.name);
                skipped += 1;
                continue;
            }
        };
        let name: String = p
            .name
            .chars()
            .map(|c| {
                if c.is_ascii_alphanumeric() || "+-._".contains(c) {
                    c
                } else {
                    '_'
                }
            })
            .collect();
        let dir = out_dir(&a.out, &a.paths, f);
        let path = dir.join(format!("{name}.hip"));
        if !names.insert(path.clone()) {
            crate::diag::error_line(format!(
                "{file}: a second test named `{}` in {}: its program would replace the first one's (rename one)",
                p.name,
                dir.display()
            ));
            bad = true;
            continue;
        }
        if let Err(e) = amdmm_io::write::create_dir(&dir, false) {
            crate::diag::error_line(e);
            bad = true;
            continue;
        }
        if let Err(e) = crate::safe_write::write(&path, &text, a.force, |head| {
            head.starts_with(amdmm_hip::HEADER)
        }) {
            crate::diag::error_line(e);
            bad = true;
            continue;
        }
        written += 1;
    }
    println!(
        "{written} programs written to {}, {skipped} skipped (for {})",
        a.out.display(),
        archs.join(", ")
    );
    if bad {
        ExitCode::from(2)
    } else if skipped > 0 {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }
}

/// Where the program of the test file `f` goes: `out` itself for a file
/// given by name, or `out/SUB` for a file found in `SUB` below a directory
/// given by name, so that a tree of tests gives the same tree of programs
/// (and tests of one name in two subdirectories do not collide).
fn out_dir(out: &Path, roots: &[PathBuf], f: &Path) -> PathBuf {
    roots
        .iter()
        .filter(|r| r.is_dir())
        .find_map(|r| f.strip_prefix(r).ok())
        .and_then(Path::parent)
        .map_or_else(|| out.to_path_buf(), |sub| out.join(sub))
}

/// The program of `p`, or why there is none for `targets`.
fn program(p: &Program, file: &str, targets: &[Target]) -> Result<String, String> {
    for t in targets {
        amdmm_hw::lower(p, t).map_err(|e| format!("{t}: {e}"))?;
        if t.gen == Gen::Gfx125x && uses_cluster(p) {
            return Err(format!(
                "{t}: cluster scope and the cluster barrier need a work-group cluster launch, which the program does not make (`amdmm docs gpu`, \"Restrictions\")"
            ));
        }
    }
    let base = std::path::Path::new(file)
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    amdmm_hip::generate(p, &base).map_err(|r| {
        if r.line > 0 {
            format!("{file}:{}:{}: {r}", r.line, r.col)
        } else {
            format!("{file}: {r}")
        }
    })
}

fn uses_cluster(p: &Program) -> bool {
    p.threads.iter().flat_map(|t| &t.code).any(|i| match i {
        Instr::Load { attrs, .. }
        | Instr::Store { attrs, .. }
        | Instr::Rmw { attrs, .. }
        | Instr::CmpXchg { attrs, .. }
        | Instr::Fence { attrs } => attrs.scope.level == ScopeLevel::Cluster,
        Instr::Hw(_) => true,
        _ => false,
    })
}

const CHECK_EXAMPLES: &str = "\
Examples:
  amdmm check-observed mp.log litmus/MP+rel-acq.agent.litmus
  amdmm check-observed run.log litmus/          every test of the log, found by name

LOG holds one or more histograms: the output of the programs of `amdmm hip`
(`COUNT*>P1:%r0=1; P1:%r1=42;` after `States N`), litmus7's logs
(`COUNT:>1:r0=1; ...` after `Histogram (N states)`) or herd's state lists.
Each test of the log is found among the tests given by its name, and its
observed states are compared with the memory model's final states (a model
`undef`, a racy read, allows any value; names match with or without `P`, `%`
and `@`). An observed state the model forbids is printed as FORBIDDEN with
the test, the state, its count and its line; allowed states never observed
are listed as information.

Exit status: 0 every observed state allowed; 1 some observed state
forbidden (or the model gave up: unknown); 2 bad input (unreadable or
malformed log, a test of the log not among the tests given, a column the
log lacks).";

/// Options of `amdmm check-observed`.
#[derive(Args, Debug)]
#[command(after_help = CHECK_EXAMPLES)]
pub struct CheckObservedArgs {
    /// The log of observed histograms.
    #[arg(value_name = "LOG")]
    pub log: PathBuf,

    /// The tests the log is about: files, or directories searched recursively for `*.litmus`.
    #[arg(value_name = "FILE_OR_DIR", required = true)]
    pub paths: Vec<PathBuf>,
}

pub fn check_observed_command(a: &CheckObservedArgs) -> ExitCode {
    let log_name = a.log.display().to_string();
    let text = match crate::input::read_text(&a.log) {
        Ok(t) => t,
        Err(e) => {
            crate::diag::eprint(&[e.diagnostic(&log_name)]);
            return ExitCode::from(2);
        }
    };
    let observed = match log::parse(&text) {
        Ok(o) if o.is_empty() => {
            crate::diag::error_line(format!(
                "{log_name}: no `Test NAME` line: not a histogram log (hint: the output of a program of `amdmm hip`, or litmus7's)"
            ));
            return ExitCode::from(2);
        }
        Ok(o) => o,
        Err(e) => {
            crate::diag::error_line(format!("{log_name}:{e}"));
            return ExitCode::from(2);
        }
    };
    let files = match crate::collect::collect(&a.paths) {
        Ok(f) => f,
        Err(e) => {
            crate::diag::error_line(e);
            return ExitCode::from(2);
        }
    };
    let mut tests: Vec<Program> = Vec::new();
    for f in &files {
        match crate::collect::load(f) {
            Ok((_, p)) => tests.push(p),
            Err(d) => {
                crate::diag::eprint(&d);
                return ExitCode::from(2);
            }
        }
    }
    let mut status = 0u8;
    for o in &observed {
        let Some(p) = tests.iter().find(|p| p.name == o.name) else {
            crate::diag::error_line(format!(
                "{log_name}:{}: test `{}` is not among the tests given (hint: name its .litmus file or directory)",
                o.line, o.name
            ));
            status = 2;
            continue;
        };
        match check(p, o, &log_name) {
            Ok(forbidden) => {
                if forbidden {
                    status = status.max(1);
                }
            }
            Err(e) => {
                crate::diag::error_line(e);
                status = 2;
            }
        }
    }
    ExitCode::from(status)
}

/// Compares one observed histogram with the model; prints the verdict.
/// `Ok(true)` when some observed state is forbidden (or the model is
/// unknown).
fn check(p: &Program, o: &ObservedTest, log_name: &str) -> Result<bool, String> {
    let model = amdmm_explore::explore(p, &amdmm_explore::Options::default());
    if let Some(l) = &model.limit {
        println!(
            "UNKNOWN {}: the model gave up ({l:?}); the observed states cannot be judged",
            p.name
        );
        return Ok(true);
    }
    let keys: Vec<String> = model.columns.iter().map(|c| log::key(c)).collect();
    let mut forbidden = false;
    let mut seen = vec![false; model.states.len()];
    let mut observed_count = 0u64;
    for s in &o.states {
        let mut values = Vec::new();
        for (c, k) in model.columns.iter().zip(&keys) {
            let v = s
                .values
                .iter()
                .find(|(n, _)| log::key(n) == *k)
                .map(|x| x.1)
                .ok_or_else(|| {
                    format!(
                        "{log_name}:{}: test `{}`: the state has no value for `{c}` (hint: the log must show every column of the test's final states)",
                        s.line, p.name
                    )
                })?;
            values.push(v);
        }
        observed_count += s.count.unwrap_or(1);
        let mut allowed = false;
        for (m, seen) in model.states.iter().zip(seen.iter_mut()) {
            let fits = m.values.iter().zip(&values).all(|(mv, v)| match mv {
                ValueOut::Int(i) => i == v,
                ValueOut::Undef(_) => true,
                ValueOut::Float(f) => f.bits == *v,
            });
            if fits {
                allowed = true;
                *seen = true;
            }
        }
        if !allowed {
            forbidden = true;
            let shown: Vec<String> = model
                .columns
                .iter()
                .zip(&values)
                .map(|(c, v)| format!("{c}={v};"))
                .collect();
            println!(
                "FORBIDDEN {}: observed {} ({}, {log_name}:{}) is not allowed by the model",
                p.name,
                shown.join(" "),
                match s.count {
                    Some(n) => format!("{n} times"),
                    None => "count not given".into(),
                },
                s.line
            );
        }
    }
    if !forbidden {
        println!(
            "OK {}: {} observed states ({observed_count} runs), all allowed by the model",
            p.name,
            o.states.len()
        );
    }
    for (m, seen) in model.states.iter().zip(&seen) {
        if !seen {
            let shown: Vec<String> = model
                .columns
                .iter()
                .zip(&m.values)
                .map(|(c, v)| format!("{c}={v};"))
                .collect();
            println!("  allowed, not observed: {}", shown.join(" "));
        }
    }
    Ok(forbidden)
}
