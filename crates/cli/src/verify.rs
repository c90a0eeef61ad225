//! `amdmm verify`: every hardware outcome of every test on every target must
//! be allowed by the memory model; `--mutate` checks that the corpus detects
//! each weakened code sequence (crate `amdmm-hw`, docs/hardware.md).

use crate::lower::{load_file, targets_and_files};
use crate::progress::Progress;
use crate::run;
use clap::Args;
use std::path::PathBuf;
use std::process::ExitCode;

const VERIFY_EXAMPLES: &str = "\
Examples:
  amdmm verify --target gfx942 litmus/
  amdmm verify --target gfx90a:tgsplit litmus/MP+rel-acq.workgroup.samewg.litmus
  amdmm verify --target all litmus/
  amdmm verify --target all --no-known litmus/hw       show the known findings as FORBIDDEN
  amdmm verify --target all --allow mine.txt litmus/   more allowed outcomes, same format
  amdmm verify --target gfx942 --mutate litmus/hw

For each test and target, the lowered code runs on the target's operational
hardware model (every interleaving and cache behaviour, states hashed); each
hardware final state must be allowed by the memory model (`amdmm run`'s
states; a model `undef` allows any value). A forbidden state is printed as
FORBIDDEN with the step-by-step hardware trace that reaches it.

The known findings (forbidden outcomes explained in `amdmm docs findings`;
the list: `amdmm docs known-findings`) print as KNOWN and do not fail; --no-known shows them as FORBIDDEN, and --allow FILE adds
more lines of the same format. With --mutate, each
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

    #[command(flatten)]
    pub code: crate::code::CodeArgs,

    /// Test files, or directories searched recursively for `*.litmus`.
    #[arg(value_name = "FILE_OR_DIR", required = true)]
    pub paths: Vec<PathBuf>,

    /// Each loop runs at most N iterations (hardware and model).
    #[arg(long, value_name = "N", default_value_t = 2)]
    pub loop_bound: u32,

    /// Give up on a test after N hardware states.
    #[arg(long, value_name = "N", default_value_t = 2_000_000)]
    pub max_states: usize,

    /// Give up on a test (SKIP with the reason) after SECS seconds, in the memory model and in
    /// each hardware run.
    #[arg(long, value_name = "SECS", value_parser = crate::args::parse_secs)]
    pub timeout: Option<f64>,

    /// Give up on a test (SKIP with the reason) when the process's resident memory passes MIB
    /// mebibytes.
    #[arg(long, value_name = "MIB", default_value_t = amdmm_explore::DEFAULT_MAX_MEMORY_MIB,
          value_parser = crate::args::parse_mib)]
    pub max_memory: u64,

    /// Explore every interleaving (no partial-order reduction; for measuring it).
    #[arg(long)]
    pub no_reduction: bool,

    /// More known findings, besides the built-in ones (lines `ID TEST TARGET|* OUTCOME`, the
    /// format of `amdmm docs known-findings`): a forbidden outcome listed there is printed
    /// as KNOWN and does not fail.
    #[arg(long, value_name = "FILE")]
    pub allow: Option<PathBuf>,

    /// Do not apply the built-in known findings (`amdmm docs findings`): their outcomes print as
    /// FORBIDDEN and fail.
    #[arg(long)]
    pub no_known: bool,

    /// Tests and targets run in parallel [default: the number of cores]. The output does not
    /// depend on N (only the final line's time does).
    #[arg(long, short = 'j', value_name = "N", value_parser = crate::args::parse_jobs)]
    pub jobs: Option<usize>,

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
    /// From an `--allow` file (reported when no test reaches it), not the
    /// built-in list (which covers the whole corpus, so most runs use few
    /// of its lines).
    from_file: bool,
}

/// Parses known-finding lines (`#` comments, blank lines); `origin` names
/// the source in errors.
fn parse_known(text: &str, origin: &str, from_file: bool) -> Result<Vec<Known>, String> {
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
                from_file,
            }),
            _ => {
                return Err(format!(
                    "{origin}:{}: expected `ID TEST TARGET OUTCOME`",
                    n + 1
                ))
            }
        }
    }
    Ok(out)
}

/// The known findings a run applies: the built-in list unless `--no-known`,
/// then the `--allow` file's lines.
fn known_findings(a: &VerifyArgs) -> Result<Vec<Known>, String> {
    let mut known = if a.no_known {
        Vec::new()
    } else {
        parse_known(
            amdmm_hw::KNOWN_FINDINGS,
            "built-in known findings (crates/hw/known-findings.txt)",
            false,
        )?
    };
    if let Some(path) = &a.allow {
        let text = crate::input::read_text(path).map_err(|e| {
            e.render(&path.display().to_string())
                .trim_start_matches("error: ")
                .to_string()
        })?;
        known.extend(parse_known(&text, &path.display().to_string(), true)?);
    }
    Ok(known)
}

pub fn verify_command(a: &VerifyArgs) -> ExitCode {
    let (ts, files) = match targets_and_files(&a.target, true, &a.paths) {
        Ok(x) => x,
        Err(code) => return code,
    };
    let opts = amdmm_hw::machine::HwOptions {
        loop_bound: a.loop_bound,
        max_states: a.max_states,
        reduce: !a.no_reduction,
        timeout: a.timeout.map(std::time::Duration::from_secs_f64),
        max_memory: Some(a.max_memory),
    };
    let mopts = amdmm_explore::Options {
        loop_bound: a.loop_bound,
        timeout: a.timeout.map(std::time::Duration::from_secs_f64),
        max_memory: Some(a.max_memory),
        ..Default::default()
    };
    let known = match known_findings(a) {
        Ok(k) => k,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::from(2);
        }
    };
    let source = match a.code.source() {
        Ok(s) => s,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::from(2);
        }
    };
    if a.mutate && a.code.code != crate::code::Code::Table {
        eprintln!("error: --mutate mutates the tables' code sequences; it takes --code table");
        return ExitCode::from(2);
    }
    let jobs = run::jobs_or_cores(a.jobs);
    let mut input_error = false;
    let mut progs = Vec::new();
    for f in &files {
        match load_file(f) {
            Ok(p) => progs.push(p),
            Err(e) => {
                eprint!("{e}");
                input_error = true;
            }
        }
    }
    let started = std::time::Instant::now();
    // The memory model's outcomes, one per test, then one hardware run per
    // (test, target); both in parallel, reported in input order.
    let mut models = Vec::with_capacity(progs.len());
    let progress = Progress::counting(progs.len(), "tests in the memory model");
    if let Err(e) = run::ordered_parallel(
        &progs,
        jobs,
        |p| amdmm_explore::explore(p, &mopts),
        || progress.inc(),
        |m| models.push(m),
    ) {
        eprintln!("error: {e}");
        return ExitCode::from(2);
    }
    progress.finish();
    if a.mutate {
        return mutate_command(&progs, &models, &ts, &opts, jobs);
    }
    let pairs: Vec<(usize, &amdmm_hw::Target)> = (0..progs.len())
        .flat_map(|i| ts.iter().map(move |t| (i, t)))
        .collect();
    let mut tally = Tally {
        used: vec![false; known.len()],
        ..Tally::default()
    };
    let progress = Progress::counting(pairs.len(), "(test, target) runs");
    let res = run::ordered_parallel(
        &pairs,
        jobs,
        |&(i, t)| {
            (
                i,
                *t,
                amdmm_hw::machine::explore_with(&progs[i], t, &opts, &source)
                    .map(|hw| amdmm_hw::machine::compare(hw, &models[i])),
            )
        },
        || progress.inc(),
        |(i, t, r)| progress.suspend(|| report(&progs[i], &t, &models[i], r, &known, &mut tally)),
    );
    progress.finish();
    if let Err(e) = res {
        eprintln!("error: {e}");
        return ExitCode::from(2);
    }
    let Tally {
        ok,
        bad,
        skipped,
        known: known_n,
        states,
        used,
    } = tally;
    let unseen = used
        .iter()
        .zip(&known)
        .filter(|(u, k)| !**u && k.from_file)
        .count();
    if unseen > 0 {
        println!(
            "note: {unseen} lines of the --allow file not seen in this run (other tests or targets)"
        );
    }
    let secs = started.elapsed().as_secs_f64();
    println!(
        "{ok} allowed, {bad} with forbidden outcomes, {known_n} with known findings only, {skipped} skipped ({states} hardware states in {secs:.1} s)"
    );
    if input_error {
        ExitCode::from(2)
    } else if bad > 0 {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }
}

/// Counts of a `verify` run.
#[derive(Default)]
struct Tally {
    ok: u32,
    bad: u32,
    skipped: u32,
    known: u32,
    states: usize,
    /// Which known-finding lines were seen.
    used: Vec<bool>,
}

/// Prints the verdict of one (test, target) pair: OK, SKIP, KNOWN, or
/// FORBIDDEN with the machine code and the hardware trace.
fn report(
    p: &amdmm_program::Program,
    t: &amdmm_hw::Target,
    model: &amdmm_explore::Outcome,
    r: Result<amdmm_hw::machine::Verdict, amdmm_hw::machine::HwError>,
    known: &[Known],
    tally: &mut Tally,
) {
    let v = match r {
        Ok(v) => v,
        Err(e) => {
            println!("SKIP {} {t}: {e}", p.name);
            tally.skipped += 1;
            return;
        }
    };
    if let Some(limit) = &v.hw.outcome.limit {
        println!("SKIP {} {t}: hardware model: {limit}", p.name);
        tally.skipped += 1;
        return;
    }
    if model.observation.is_none() {
        println!(
            "SKIP {} {t}: the memory model gave no verdict ({})",
            p.name,
            amdmm_report::unknown_reason(model)
        );
        tally.skipped += 1;
        return;
    }
    tally.states += v.hw.states_visited;
    if v.forbidden.is_empty() {
        println!(
            "OK {} {t}: {} hardware outcomes, all allowed ({} states)",
            p.name,
            v.hw.outcome.states.len(),
            v.hw.states_visited
        );
        tally.ok += 1;
        return;
    }
    let mut new = false;
    for (st, trace) in &v.forbidden {
        let vals = amdmm_hw::machine::render_state(&v.hw.outcome, st);
        let tname = t.to_string();
        let matching: Vec<usize> = (0..known.len())
            .filter(|&k| {
                let k = &known[k];
                k.test == p.name && (k.target == "*" || k.target == tname) && k.outcome == vals
            })
            .collect();
        if let Some(&first) = matching.first() {
            for &k in &matching {
                tally.used[k] = true;
            }
            println!("KNOWN {} {} {t}: {vals}", known[first].id, p.name);
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
        tally.bad += 1;
    } else {
        tally.known += 1;
    }
}

/// `amdmm verify --mutate`: per target, every mutation of the code the tests
/// lower to (`amdmm_hw::mutate`), and the tests that detect it. Targets run
/// in parallel; the report is in target order.
fn mutate_command(
    progs: &[amdmm_program::Program],
    models: &[amdmm_explore::Outcome],
    ts: &[amdmm_hw::Target],
    opts: &amdmm_hw::machine::HwOptions,
    jobs: usize,
) -> ExitCode {
    let cases: Vec<amdmm_hw::mutate::Case> = progs
        .iter()
        .zip(models)
        .map(|(program, model)| amdmm_hw::mutate::Case { program, model })
        .collect();
    let (mut det, mut undet, mut unused) = (0u32, 0u32, 0u32);
    let mut redundant = std::collections::BTreeMap::new();
    let progress = Progress::counting(ts.len(), "targets mutated");
    let res = run::ordered_parallel(
        ts,
        jobs,
        |t| (*t, amdmm_hw::mutate::analyse(&cases, t, opts)),
        || progress.inc(),
        |(t, results)| {
            progress.suspend(|| {
                for r in results {
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
                        let why = amdmm_hw::mutate::redundancy(m, &t);
                        match why {
                            Some(w) => *redundant.entry(w).or_insert(0) += 1,
                            None => undet += 1,
                        }
                        println!(
                            "UNDETECTED {t}: {m}: used by {} test(s): {}{} => {}",
                            r.used_by.len(),
                            r.used_by.join(" "),
                            if r.limited.is_empty() {
                                String::new()
                            } else {
                                format!(" (state limit: {})", r.limited.join(" "))
                            },
                            why.map_or("NOT EXPLAINED", |w| w.id())
                        );
                    }
                }
            })
        },
    );
    progress.finish();
    if let Err(e) = res {
        eprintln!("error: {e}");
        return ExitCode::from(2);
    }
    println!();
    println!("Undetected mutations that are redundant for the hardware model:");
    for w in amdmm_hw::mutate::Redundant::ALL {
        let n = redundant.get(&w).copied().unwrap_or(0);
        println!("  {} ({n}): {}", w.id(), w.reason());
    }
    let n_red: u32 = redundant.values().sum();
    println!(
        "{det} mutations detected, {n_red} undetected and redundant for the model, {undet} undetected and not explained, {unused} not exercised"
    );
    ExitCode::SUCCESS
}
