//! `amdmm verify`: every hardware outcome of every test on every target must
//! be allowed by the memory model; `--mutate` checks that the corpus detects
//! each weakened code sequence (crate `amdmm-hw`, docs/hardware.md).

use crate::collect::LoadFailure;
use crate::lower::targets_and_files;
use crate::progress::Progress;
use crate::run;
use amdmm_explore::ModelKind;
use clap::builder::PossibleValuesParser;
use clap::Args;
use schemars::JsonSchema;
use serde::Serialize;
use std::path::PathBuf;
use std::process::ExitCode;

pub(crate) use amdmm_report::verify::{
    parse_known, verify_pair, Checked, Code, Known, Pair, PairOptions, PairResult,
};

const VERIFY_EXAMPLES: &str = "\
Examples:
  amdmm verify --target gfx942 litmus/
  amdmm verify --target gfx90a:tgsplit litmus/MP+rel-acq.workgroup.samewg.litmus
  amdmm verify --target all litmus/
  amdmm verify --target all --no-known litmus/hw       show the known findings as FORBIDDEN
  amdmm verify --target all --allow mine.txt litmus/   more allowed outcomes, same format
  amdmm verify --target gfx90a --model upstream litmus/hw   check against LLVM's rules
  amdmm verify --target gfx942 --mutate litmus/hw

For each test and target, the lowered code runs on the target's operational
hardware model (every interleaving and cache behaviour, states hashed); each
hardware final state must be allowed by the memory model (`amdmm run`'s
states under --model: the seed by default; a model `undef` allows any
value). A forbidden state is printed as FORBIDDEN with the step-by-step
hardware trace that reaches it.

The known findings (forbidden outcomes explained in `amdmm docs findings`;
the list: `amdmm docs known-findings`) print as KNOWN and do not fail; --no-known shows them as FORBIDDEN, and --allow FILE adds
more lines of the same format. With --mutate, each
instruction of each code sequence the tests use is dropped or weakened in
turn and the tests that detect it are listed (DETECTED/UNDETECTED; exit 0).

Each (test, target) pair prints one status: OK (every hardware outcome
allowed), FORBIDDEN (with the machine code and the trace), KNOWN (forbidden
outcomes that are all known findings), SKIP (the test cannot be run on the
target: a construct without code, no model for the target; FILE:LINE:COL
where there is a place), LIMIT (--timeout, --max-memory or --max-states
reached in the memory model, llc or the hardware model: no verdict) or ERROR
(llc failed on the test: it crashed, failed, or exited without reading its
input). The summary line counts each apart. --quiet prints only FORBIDDEN,
LIMIT and ERROR lines (and SKIP under --strict), and the summary.

Exit status: 0 every outcome allowed (SKIP and LIMIT pairs have no verdict
and do not fail, unless --strict); 1 some hardware outcome is forbidden; 2
bad input, an ERROR pair (llc failing is a test that cannot be run), or
with --strict a SKIP or LIMIT pair (2 takes precedence over 1).";

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

    /// The rule set the hardware outcomes are checked against: `seed` (the specification's
    /// memory model), `upstream` (LLVM's AMDGPUMemoryModel) or `proposed` (not normative: the
    /// seed plus the wording changes of `amdmm docs findings`); how they differ: `amdmm docs
    /// semantics`. The known findings apply under each.
    #[arg(long, value_name = "NAME", default_value = "seed",
          value_parser = PossibleValuesParser::new(ModelKind::NAMES))]
    pub model: String,

    /// Each loop runs at most N iterations (hardware and model).
    #[arg(long, value_name = "N", default_value_t = 2)]
    pub loop_bound: u32,

    /// Give up on a test after N hardware states (the hardware model's limit; the memory
    /// model's is --max-candidates).
    #[arg(long, value_name = "N", default_value_t = 2_000_000)]
    pub max_states: usize,

    /// Give up on a test (SKIP with the reason) after N candidate executions of the memory
    /// model (as in run, explain and compare; `--max-executions` is an alias).
    #[arg(
        long = "max-candidates",
        visible_alias = "max-executions",
        value_name = "N"
    )]
    pub max_candidates: Option<u64>,

    /// Give up on a test (SKIP with the reason) after SECS seconds, in the memory model and in
    /// each hardware run (a test the memory model gives up on is not run on the hardware).
    #[arg(long, value_name = "SECS", value_parser = crate::args::parse_secs)]
    pub timeout: Option<f64>,

    /// Give up on a test (SKIP with the reason) when the process's resident memory passes MIB
    /// mebibytes.
    #[arg(long, value_name = "MIB", default_value_t = amdmm_explore::DEFAULT_MAX_MEMORY_MIB,
          value_parser = crate::args::parse_mib)]
    pub max_memory: u64,

    #[command(flatten)]
    pub reductions: ReductionArgs,

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

    /// Print only the FORBIDDEN, LIMIT and ERROR lines (SKIP too with --strict) and the
    /// summary line, not the OK, KNOWN and SKIP lines.
    #[arg(long, short = 'q')]
    pub quiet: bool,

    /// Fail (exit 2) when a pair has no verdict: SKIP (cannot be run on the target) or LIMIT
    /// (--timeout, --max-memory, --max-states). ERROR pairs (llc failing) fail without it.
    #[arg(long)]
    pub strict: bool,

    /// Print one JSON document (every test and target, with forbidden outcomes and their
    /// traces; `amdmm docs json`, schema: `amdmm schema verify`) instead of the text lines.
    #[arg(long)]
    pub json: bool,

    /// Write the hardware trace of every forbidden outcome (known findings too) into DIR
    /// as a sequence diagram of waves, caches and queues (`TEST.TARGET.forbidden-K.svg`, K
    /// counting the outcome lines from 1); the same picture as `run --target --graph`.
    #[arg(long, value_name = "DIR")]
    pub graph: Option<std::path::PathBuf>,

    /// Format of `--graph`: `svg` (laid out by Graphviz `dot`; DOT is written instead, with a
    /// note, when Graphviz is missing) or `dot` (Graphviz source, written by amdmm).
    #[arg(long, value_name = "FORMAT", value_enum, default_value = "svg")]
    pub graph_format: crate::graphviz::GraphFormat,

    /// Replace files in the --graph directory that amdmm did not write (amdmm's own are
    /// replaced freely; a symbolic link, FIFO or other non-regular file is refused even so).
    #[arg(long)]
    pub force: bool,
}

/// `--no-reduction`, `--no-symmetry`: the hardware model's references, in
/// `verify` and `run --target` alike.
#[derive(Args, Debug, Clone, Copy)]
pub struct ReductionArgs {
    /// Explore every interleaving (no partial-order reduction; for measuring it).
    #[arg(long, requires = "target")]
    pub no_reduction: bool,

    /// Explore every arrangement of interchangeable waves (the reference): by default waves
    /// with the same code and the same kind of place are explored in one arrangement, which
    /// gives the same final states (`amdmm docs hardware`, "Symmetry between waves").
    #[arg(long, requires = "target")]
    pub no_symmetry: bool,
}

fn println_line(s: &str) {
    println!("{s}");
}

fn eprintln_line(s: &str) {
    eprintln!("{s}");
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
        reduce: !a.reductions.no_reduction,
        symmetry: !a.reductions.no_symmetry,
        timeout: a.timeout.map(std::time::Duration::from_secs_f64),
        max_memory: Some(a.max_memory),
    };
    let Some(model) = ModelKind::from_name(&a.model) else {
        crate::diag::error_line(format_args!(
            "unknown model `{}` (known: {})",
            a.model,
            ModelKind::NAMES.join(", ")
        ));
        return ExitCode::from(2);
    };
    let mopts = amdmm_explore::Options {
        model,
        loop_bound: a.loop_bound,
        timeout: a.timeout.map(std::time::Duration::from_secs_f64),
        max_memory: Some(a.max_memory),
        max_executions: a.max_candidates,
        ..Default::default()
    };
    let known = match known_findings(a) {
        Ok(k) => k,
        Err(e) => {
            crate::diag::error_line(e);
            return ExitCode::from(2);
        }
    };
    let source = match a.code.source() {
        Ok(s) => s,
        Err(e) => {
            crate::diag::error_line(e);
            return ExitCode::from(2);
        }
    };
    if a.mutate && a.json {
        crate::diag::error_line("--json is not available with --mutate (its report is text: crates/hw/mutation-report.txt)");
        return ExitCode::from(2);
    }
    if a.mutate && a.graph.is_some() {
        crate::diag::error_line(
            "--graph draws forbidden outcomes' traces; --mutate reports mutations, not traces",
        );
        return ExitCode::from(2);
    }
    let sink = match a
        .graph
        .as_deref()
        .map(|dir| crate::graphviz::GraphSink::new(dir, a.graph_format, a.force, a.timeout))
        .transpose()
    {
        Ok(s) => s,
        Err(e) => {
            crate::diag::error_line(e);
            return ExitCode::from(2);
        }
    };
    let mut graph_failed = false;
    if a.mutate && a.code.code != crate::code::Code::Table {
        crate::diag::error_line(
            "--mutate mutates the tables' code sequences; it takes --code table",
        );
        return ExitCode::from(2);
    }
    let jobs = run::jobs_or_cores(a.jobs);
    let mut input_error = false;
    let mut diagnostics = Vec::new();
    let mut progs = Vec::new();
    // Each test's name in messages, for the places of lowering errors.
    let mut names = Vec::new();
    // A test that `--timeout` or `--max-memory` stops while it is read is
    // `Unknown` in the memory model (a LIMIT pair), like one stopped while
    // it is explored.
    let mut read_limits = Vec::new();
    for f in &files {
        match crate::collect::load_limited(f, &mopts, std::time::Instant::now()) {
            Ok((_, p)) => {
                progs.push(p);
                names.push(crate::collect::display_name(f));
                read_limits.push(None);
            }
            Err(LoadFailure::Limit { name, reason }) => {
                let p = amdmm_program::Program::unread(name);
                let mut outcome = amdmm_explore::Outcome::empty(&p);
                outcome.limit = Some(reason);
                progs.push(p);
                names.push(crate::collect::display_name(f));
                read_limits.push(Some(outcome));
            }
            Err(LoadFailure::Invalid(diags)) => {
                crate::diag::eprint(&diags);
                diagnostics.extend(diags.iter().map(|d| d.json()));
                input_error = true;
            }
        }
    }
    let started = std::time::Instant::now();
    // The memory model's outcomes, one per test, then one hardware run per
    // (test, target); both in parallel, reported in input order.
    let mut models = Vec::with_capacity(progs.len());
    let progress = Progress::counting(progs.len(), "tests in the memory model");
    let indices: Vec<usize> = (0..progs.len()).collect();
    if let Err(e) = run::ordered_parallel(
        &indices,
        jobs,
        |&i| match &read_limits[i] {
            Some(limited) => limited.clone(),
            None => amdmm_explore::explore(&progs[i], &mopts),
        },
        || progress.inc(),
        |m| models.push(m),
    ) {
        crate::diag::error_line(e);
        return ExitCode::from(2);
    }
    progress.finish();
    if a.mutate {
        return mutate_command(&progs, &models, &ts, &opts, jobs);
    }
    if let amdmm_hw::machine::CodeSource::Llc(llc) = &source {
        let needed: Vec<&amdmm_program::Program> = progs
            .iter()
            .zip(&models)
            .filter(|(_, m)| m.observation.is_some())
            .map(|(p, _)| p)
            .collect();
        let groups: Vec<_> = ts.iter().map(|t| (t, needed.clone())).collect();
        if let Err(e) = crate::code::prefetch_llc(&groups, llc, opts.timeout, jobs) {
            crate::diag::error_line(e);
            return ExitCode::from(2);
        }
    }
    let pairs: Vec<(usize, &amdmm_hw::Target)> = (0..progs.len())
        .flat_map(|i| ts.iter().map(move |t| (i, t)))
        .collect();
    let mut tally = Tally {
        used: vec![false; known.len()],
        ..Tally::default()
    };
    let pair_options = PairOptions {
        hw: &opts,
        code: Code::Source(&source),
        known: &known,
        recognise: None,
    };
    let progress = Progress::counting(pairs.len(), "(test, target) runs");
    let res = run::ordered_parallel(
        &pairs,
        jobs,
        |&(i, t)| {
            let pair = Pair {
                file: &names[i],
                program: &progs[i],
                target: t,
                model: &models[i],
            };
            verify_pair(&pair, &pair_options)
        },
        || progress.inc(),
        |Checked { result: r, used }| {
            progress.suspend(|| {
                for k in used {
                    tally.used[k] = true;
                }
                if let Some(sink) = &sink {
                    graph_failed |= !forbidden_graphs(sink, &r);
                }
                report(
                    r,
                    Print {
                        json: a.json,
                        quiet: a.quiet,
                        strict: a.strict,
                    },
                    &mut tally,
                )
            })
        },
    );
    progress.finish();
    if let Err(e) = res {
        crate::diag::error_line(e);
        return ExitCode::from(2);
    }
    let Tally {
        totals,
        used,
        results,
    } = tally;
    let amdmm_report::verify::Totals {
        allowed: ok,
        forbidden: bad,
        known: known_n,
        skipped,
        limited,
        errors,
        states,
    } = totals;
    let unseen = used
        .iter()
        .zip(&known)
        .filter(|(u, k)| !**u && k.from_file())
        .count();
    if a.json {
        let doc = VerifyDocument {
            amdmm: env!("CARGO_PKG_VERSION").to_string(),
            model: model.name().to_string(),
            results,
            allowed: ok,
            forbidden: bad,
            known: known_n,
            skipped,
            limited,
            errors,
            hardware_states: states,
            unseen_known: unseen,
            diagnostics,
        };
        match serde_json::to_string_pretty(&doc) {
            Ok(s) => println!("{s}"),
            Err(e) => {
                crate::diag::error_line(format_args!("cannot write JSON: {e}"));
                return ExitCode::from(2);
            }
        }
    } else if unseen > 0 {
        println!(
            "note: {unseen} lines of the --allow file not seen in this run (other tests or targets)"
        );
    }
    let secs = started.elapsed().as_secs_f64();
    // With --json the totals are in the document; the last line goes to stderr.
    (if a.json { eprintln_line } else { println_line })(&totals.summary_line(secs));
    let unanswered = a.strict && skipped + limited > 0;
    if input_error || graph_failed || errors > 0 || unanswered {
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
    totals: amdmm_report::verify::Totals,
    /// Which known-finding lines were seen.
    used: Vec<bool>,
    /// `--json`: the results, in input order.
    results: Vec<PairResult>,
}

/// `verify --json`: every (test, target) pair and the totals of the last line.
#[derive(Serialize, JsonSchema)]
pub struct VerifyDocument {
    /// The amdmm version.
    pub amdmm: String,
    /// The rule set the hardware outcomes were checked against (`--model`).
    pub model: String,
    /// One per (test, target), in input order (tests, then targets).
    pub results: Vec<PairResult>,
    /// Pairs whose hardware outcomes are all allowed.
    pub allowed: u32,
    /// Pairs with a forbidden outcome not in `--allow`'s list.
    pub forbidden: u32,
    /// Pairs whose forbidden outcomes are all known findings.
    pub known: u32,
    /// Pairs that cannot be run on the target (`skip`).
    pub skipped: u32,
    /// Pairs a limit ended without a verdict (`limit`).
    pub limited: u32,
    /// Pairs on which llc failed (`error`).
    pub errors: u32,
    /// Hardware states explored over the run.
    pub hardware_states: usize,
    /// Lines of the `--allow` file not seen in this run.
    pub unseen_known: usize,
    /// Why some files could not be read or parsed (also printed on
    /// stderr); they have no results.
    pub diagnostics: Vec<amdmm_report::DiagnosticJson>,
}

/// How `report` prints.
#[derive(Clone, Copy)]
struct Print {
    json: bool,
    quiet: bool,
    strict: bool,
}

/// `--graph DIR`: one sequence diagram per forbidden outcome of the pair,
/// the trace that reaches it (`TEST.TARGET.forbidden-K`). False when a
/// graph could not be written (reported on stderr).
fn forbidden_graphs(sink: &crate::graphviz::GraphSink, r: &PairResult) -> bool {
    let outcomes = r
        .forbidden
        .iter()
        .map(|f| (f.state.clone(), f.trace.as_slice()));
    sink.write_traces(&r.test, &r.target, "forbidden", outcomes)
}

/// Counts one pair and prints its lines (text mode) or keeps it (`--json`).
fn report(r: PairResult, how: Print, tally: &mut Tally) {
    tally.totals.count(&r);
    if how.json {
        tally.results.push(r);
        return;
    }
    print!(
        "{}",
        amdmm_report::verify::pair_text(&r, how.quiet, how.strict)
    );
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
        crate::diag::error_line(e);
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
