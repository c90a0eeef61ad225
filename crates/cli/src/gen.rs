//! `amdmm gen`: write a campaign of generated litmus tests (crate
//! `amdmm-gen`), the way herd users do with diy.

use amdmm_gen::campaign::{self, Family, Order, Scope};
use clap::builder::PossibleValuesParser;
use clap::Args;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

const EXAMPLES: &str = "\
Examples:
  amdmm gen sb --out tests/                             SB-2+relaxed.agent
  amdmm gen mp --threads 2..5 --order all --out tests/  MP with 2-5 threads, every ordering
  amdmm gen iriw --threads 4,6 --scope all --order rel-acq,sc --out tests/
  amdmm gen hw-mp --replace --out litmus/hw/mp          the hardware guard tests of the corpus
  amdmm run tests/                                      then ask the model

Families: sb (store buffering, a ring of N), mp (one writer, N-1 readers), lb
(load buffering, a ring of N), wrc (write-to-read causality, a chain of N),
iriw (two writers, N-2 readers), isa2 (message passing along a chain of N),
corr (one writer, N-1 readers reading twice), coww (N threads storing twice);
hw-mp: the 210 hardware guard tests of litmus/hw/mp (no other option).

Every access is atomic; --scope places the threads as far apart as the scope
includes (workgroup: waves of one work-group; agent: work-groups of one
agent; system: agents) and gives every access that syncscope. --order:
relaxed (monotonic), rel-acq (release stores, acquire loads), sc (seq_cst),
fence-acqrel and fence-sc (monotonic accesses, a fence between a thread's
accesses). The condition is the shape's relaxed outcome. Generated tests have
no expect line (each corpus expectation is argued from the specification).
A test is named FAMILY-N+ORDER.SCOPE and written to DIR/NAME.litmus.

Exit status: 0 success; 2 bad options or a file that cannot be written.";

/// Options of `amdmm gen`.
#[derive(Args, Debug)]
#[command(after_help = EXAMPLES)]
pub struct GenArgs {
    /// The family: sb, mp, lb, wrc, iriw, isa2, corr, coww, or hw-mp.
    #[arg(value_name = "FAMILY", value_parser = PossibleValuesParser::new(FAMILIES))]
    pub family: String,

    /// Thread counts: N, a list `2,4,6` or a range `2..6` (inclusive) [default: the classic
    /// size: 1 for coww, 2 for sb, mp, lb and corr, 3 for wrc and isa2, 4 for iriw].
    #[arg(long, value_name = "N")]
    pub threads: Option<String>,

    /// Scopes, comma-separated, or `all` [default: agent].
    #[arg(long, value_name = "SCOPE", value_delimiter = ',',
          value_parser = PossibleValuesParser::new(["workgroup", "agent", "system", "all"]))]
    pub scope: Vec<String>,

    /// Orderings, comma-separated, or `all` [default: relaxed].
    #[arg(long, value_name = "ORDER", value_delimiter = ',',
          value_parser = PossibleValuesParser::new(["relaxed", "rel-acq", "sc", "fence-acqrel", "fence-sc", "all"]))]
    pub order: Vec<String>,

    /// The directory to write the tests into (created if missing).
    #[arg(long, value_name = "DIR", required = true)]
    pub out: PathBuf,

    /// Afterwards, remove the generated `.litmus` files of DIR that this run did not write
    /// (regenerate a directory of generated tests); other files stay unless --force. Files are
    /// removed only once every test is written.
    #[arg(long)]
    pub replace: bool,

    /// Replace (and with --replace remove) `.litmus` files of DIR that amdmm did not generate.
    /// Generated tests are replaced freely; a symbolic link, FIFO or other non-regular file is
    /// refused even so.
    #[arg(long)]
    pub force: bool,
}

const FAMILIES: [&str; 9] = [
    "sb", "mp", "lb", "wrc", "iriw", "isa2", "corr", "coww", "hw-mp",
];

pub fn gen_command(a: &GenArgs) -> ExitCode {
    match tests(a).and_then(|t| write(&a.out, &t, a.replace, a.force)) {
        Ok(n) => {
            println!("{n} tests written to {}", a.out.display());
            ExitCode::SUCCESS
        }
        Err(e) => {
            crate::diag::error_line(e);
            ExitCode::from(2)
        }
    }
}

/// Every test the options ask for, as (name, text), checked before anything
/// is written.
fn tests(a: &GenArgs) -> Result<Vec<(String, String)>, String> {
    if a.family == "hw-mp" {
        if a.threads.is_some() || !a.scope.is_empty() || !a.order.is_empty() {
            return Err(
                "hw-mp is a fixed set of tests: it takes no --threads, --scope or --order".into(),
            );
        }
        return Ok(amdmm_gen::hw_mp::all());
    }
    let family = *Family::ALL
        .iter()
        .find(|f| f.name() == a.family)
        .ok_or_else(|| {
            format!(
                "unknown family {}",
                amdmm_litmus::suggest::quoted(&a.family)
            )
        })?;
    let counts = match &a.threads {
        Some(s) => parse_threads(s)?,
        None => vec![family.classic_threads()],
    };
    let scopes = pick(&a.scope, &Scope::ALL, Scope::Agent, Scope::name);
    let orders = pick(&a.order, &Order::ALL, Order::Relaxed, Order::name);
    let mut out = Vec::new();
    for &n in &counts {
        for &o in &orders {
            for &s in &scopes {
                let t = campaign::generate(family, n, s, o)?;
                out.push((t.name, t.text));
            }
        }
    }
    Ok(out)
}

/// The values named on the command line (`all`: every one; none: the default).
fn pick<T: Copy>(names: &[String], all: &[T], default: T, name: fn(T) -> &'static str) -> Vec<T> {
    if names.is_empty() {
        return vec![default];
    }
    if names.iter().any(|n| n == "all") {
        return all.to_vec();
    }
    all.iter()
        .copied()
        .filter(|x| names.iter().any(|n| n == name(*x)))
        .collect()
}

/// `N`, `A,B,C` or `A..B` (inclusive), each at least 1.
fn parse_threads(s: &str) -> Result<Vec<usize>, String> {
    let num = |x: &str| {
        x.trim()
            .parse::<usize>()
            .ok()
            .filter(|n| (1..=64).contains(n))
            .ok_or_else(|| {
                format!("--threads: `{x}` is not a thread count from 1 to 64 (N, A,B,C or A..B)")
            })
    };
    if let Some((lo, hi)) = s.split_once("..") {
        let (lo, hi) = (num(lo)?, num(hi)?);
        if lo > hi {
            return Err(format!("--threads: the range `{s}` is empty"));
        }
        return Ok((lo..=hi).collect());
    }
    s.split(',').map(num).collect()
}

/// Whether `head` (the start of an existing test) is a generated test: its
/// description says "Generated by `amdmm gen" (campaigns) or "Generated by
/// scripts/gen-" (the corpus's generated directories, hw-mp's included).
fn generated(head: &str) -> bool {
    head.lines().nth(1).is_some_and(|l| {
        l.starts_with("\"Generated by `amdmm gen ") || l.starts_with("\"Generated by scripts/gen-")
    })
}

/// Writes the tests into `dir` through [`amdmm_io::write`] (no link
/// followed, nothing partial, no foreign file replaced without `force`);
/// with `replace`, then removes the generated `.litmus` files of `dir` that
/// were not written (others too with `force`). Returns the number written.
fn write(
    dir: &Path,
    tests: &[(String, String)],
    replace: bool,
    force: bool,
) -> Result<usize, String> {
    amdmm_io::write::create_dir(dir, false)?;
    let mut written = std::collections::BTreeSet::new();
    for (name, text) in tests {
        let file = format!("{name}.litmus");
        amdmm_io::write::write(&dir.join(&file), text.as_bytes(), force, generated)?;
        written.insert(file);
    }
    if replace {
        let entries = std::fs::read_dir(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
        let mut kept = Vec::new();
        for e in entries {
            let path = e.map_err(|e| format!("{}: {e}", dir.display()))?.path();
            let name = path.file_name().map(|n| n.to_string_lossy().into_owned());
            if let Some(name) = name {
                if name.ends_with(".litmus")
                    && !written.contains(&name)
                    && !amdmm_io::write::remove_own(&path, force, generated)?
                {
                    kept.push(name);
                }
            }
        }
        if !kept.is_empty() {
            kept.sort();
            eprintln!(
                "amdmm: note: --replace kept {} file(s) of {} that amdmm did not generate (--force removes them): {}",
                kept.len(),
                dir.display(),
                kept.join(" ")
            );
        }
    }
    Ok(tests.len())
}
