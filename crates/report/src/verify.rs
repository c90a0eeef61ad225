//! `amdmm verify`'s verdict on one (test, target) pair, and its text: the
//! part of verify the command line, the campaign (and its shrinker) and the
//! playground share. [`verify_pair`] runs the hardware model, compares its
//! final states with the memory model's and judges them; the callers differ
//! only in [`PairOptions`] (the browser runs the code-sequence tables,
//! `--code table`, llc is not there; the campaign recognises known findings
//! by mechanism and may mutate the tables' code). The command line adds the
//! files, the parallel runs, `--graph`, `--json` and the summary's time.

use schemars::JsonSchema;
use serde::Serialize;
use std::fmt::Write;

/// One line of a known-findings file.
pub struct Known {
    id: String,
    test: String,
    target: String,
    outcome: String,
    /// From an `--allow` file (reported when no test reaches it), not the
    /// built-in list (which covers the whole corpus, so most runs use few
    /// of its lines).
    from_file: bool,
}

impl Known {
    /// The finding's id (`F2`).
    pub fn id(&self) -> &str {
        &self.id
    }
    /// From an `--allow` file, not the built-in list.
    pub fn from_file(&self) -> bool {
        self.from_file
    }
    /// The target the line names (`gfx942`, `gfx90a:tgsplit`, or `*`).
    pub fn target(&self) -> &str {
        &self.target
    }
}

/// Parses known-finding lines (`#` comments, blank lines); `origin` names
/// the source in errors.
pub fn parse_known(text: &str, origin: &str, from_file: bool) -> Result<Vec<Known>, String> {
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

/// The target as the known-findings list names it: `gfx950:tgsplit` for
/// the printed `gfx950:tgsplit (as gfx942)` (a processor checked as its
/// family's modelled one).
pub fn target_spec(printed: &str) -> &str {
    printed.split(" (as ").next().unwrap_or(printed)
}

/// The verdict on one (test, target) pair.
#[derive(Serialize, serde::Deserialize, JsonSchema, Clone, Debug, PartialEq)]
pub struct PairResult {
    pub test: String,
    pub target: String,
    /// `ok`, `skip`, `limit`, `error`, `known` or `forbidden` (the word the text line starts
    /// with, in lower case).
    pub status: String,
    /// Why it was skipped, limited or an error.
    pub reason: Option<String>,
    /// Distinct hardware final states (null when skipped).
    pub hardware_outcomes: Option<usize>,
    pub hardware_states: Option<usize>,
    /// The hardware final states the memory model forbids.
    pub forbidden: Vec<ForbiddenOutcome>,
}

/// A hardware final state the memory model forbids.
#[derive(Serialize, serde::Deserialize, JsonSchema, Clone, Debug, PartialEq)]
pub struct ForbiddenOutcome {
    /// As the text prints it (`P1:%r0=1; P1:%r1=0;`).
    pub state: String,
    /// The id of the `--allow` line listing it (a known finding), else null.
    pub known: Option<String>,
    /// The lowered machine code (as `amdmm lower` prints it, without its first line).
    pub machine_code: Vec<String>,
    /// The hardware steps reaching the state.
    pub trace: Vec<String>,
}

/// One (test, target) pair for [`verify_pair`].
pub struct Pair<'a> {
    /// The test's name in messages (its path as given).
    pub file: &'a str,
    pub program: &'a amdmm_program::Program,
    pub target: &'a amdmm_hw::Target,
    /// The memory model's outcome of `program` (what `amdmm run` prints).
    pub model: &'a amdmm_explore::Outcome,
}

/// The code the hardware model runs.
#[derive(Clone, Copy)]
pub enum Code<'a> {
    /// The code-sequence tables' or llc's (`--code`).
    Source(&'a amdmm_hw::machine::CodeSource),
    /// The tables' code with the mutation printed so applied
    /// ([`amdmm_hw::mutate::explore_mutated`]; `amdmm campaign --mutation`).
    Mutated(&'a str),
}

/// Recognises known findings by their mechanism in a hardware verdict: the
/// forbidden outcomes (as [`amdmm_hw::machine::render_state`] prints them)
/// a finding explains, each with the finding's id.
pub type Recognise<'a> =
    &'a (dyn Fn(&amdmm_hw::machine::Verdict) -> Vec<(String, &'static str)> + Sync);

/// What differs between the callers of [`verify_pair`]: `amdmm verify`,
/// the campaign, its shrinker and the playground.
#[derive(Clone, Copy)]
pub struct PairOptions<'a> {
    pub hw: &'a amdmm_hw::machine::HwOptions,
    pub code: Code<'a>,
    /// The known findings (the built-in list unless `--no-known`, then the
    /// `--allow` lines).
    pub known: &'a [Known],
    /// Known findings recognised besides `known`'s lines, which name corpus
    /// tests (the campaign's generated tests have other names); `None`:
    /// `known`'s lines only.
    pub recognise: Option<Recognise<'a>>,
}

/// [`verify_pair`]'s answer.
#[derive(Clone, Debug)]
pub struct Checked {
    pub result: PairResult,
    /// The indices of the `known` lines that name one of the pair's
    /// forbidden outcomes (`verify` reports the `--allow` lines no pair
    /// used).
    pub used: Vec<usize>,
}

/// Checks one (test, target) pair: runs the hardware model (unless the
/// memory model gave no verdict: then `--timeout` bounds the whole test,
/// not each side of it), keeps the hardware final states the memory model
/// forbids ([`amdmm_hw::machine::compare`]) and judges them: OK, SKIP,
/// LIMIT, ERROR, KNOWN or FORBIDDEN.
pub fn verify_pair(pair: &Pair, o: &PairOptions) -> Checked {
    let hw = pair.model.observation.is_some().then(|| {
        match o.code {
            Code::Source(source) => {
                amdmm_hw::machine::explore_with(pair.program, pair.target, o.hw, source)
            }
            Code::Mutated(name) => {
                amdmm_hw::mutate::explore_mutated(pair.program, pair.target, o.hw, name)
            }
        }
        .map(|hw| amdmm_hw::machine::compare(hw, pair.model))
    });
    let recognised = match (&hw, o.recognise) {
        (Some(Ok(v)), Some(recognise)) => recognise(v),
        _ => Vec::new(),
    };
    verdict(pair, hw, o.known, &recognised)
}

/// The verdict of one (test, target) pair: OK, SKIP, KNOWN, or FORBIDDEN
/// with the machine code and the hardware trace. A forbidden outcome is
/// known when a line of `known` names it, else when `recognised` lists it.
fn verdict(
    pair: &Pair,
    r: Option<Result<amdmm_hw::machine::Verdict, amdmm_hw::machine::HwError>>,
    known: &[Known],
    recognised: &[(String, &'static str)],
) -> Checked {
    let Pair {
        file,
        program: p,
        target: t,
        model,
    } = *pair;
    let mut used = Vec::new();
    let mut out = PairResult {
        test: p.name.clone(),
        target: t.to_string(),
        status: "skip".into(),
        reason: None,
        hardware_outcomes: None,
        hardware_states: None,
        forbidden: Vec::new(),
    };
    let Some(r) = r else {
        out.status = model_status(model).into();
        out.reason = Some(format!(
            "{file}: the memory model gave no verdict ({}); the hardware model was not run",
            crate::unknown_reason(model)
        ));
        return Checked { result: out, used };
    };
    let v = match r {
        Ok(v) => v,
        // A lowering error names its place as editors read it,
        // `FILE:LINE:COL: THREAD: MESSAGE`.
        Err(amdmm_hw::machine::HwError::Lower(e)) => {
            let at = format!("{file}:{}:{}", e.pos.line, e.pos.col);
            out.reason = Some(format!("{at}: {}: {}", e.thread, e.message));
            return Checked { result: out, used };
        }
        Err(e) => {
            out.status = match e {
                amdmm_hw::machine::HwError::Tool(_) => "error",
                amdmm_hw::machine::HwError::Limit(..) => "limit",
                _ => "skip",
            }
            .into();
            // Every reason names the file (a place in it when there is one).
            out.reason = Some(format!("{file}: {e}"));
            return Checked { result: out, used };
        }
    };
    if let Some(limit) = &v.hw.outcome.limit {
        out.status = if is_limit(limit) { "limit" } else { "skip" }.into();
        out.reason = Some(format!("{file}: hardware model: {limit}"));
        return Checked { result: out, used };
    }
    if model.observation.is_none() {
        out.status = model_status(model).into();
        out.reason = Some(format!(
            "{file}: the memory model gave no verdict ({})",
            crate::unknown_reason(model)
        ));
        return Checked { result: out, used };
    }
    out.hardware_outcomes = Some(v.hw.outcome.states.len());
    out.hardware_states = Some(v.hw.states_visited);
    out.status = "ok".into();
    for (st, trace) in &v.forbidden {
        let vals = amdmm_hw::machine::render_state(&v.hw.outcome, st);
        let matching: Vec<usize> = (0..known.len())
            .filter(|&k| {
                let k = &known[k];
                k.test == out.test
                    && (k.target == "*" || k.target == target_spec(&out.target))
                    && k.outcome == vals
            })
            .collect();
        let id = match matching.first() {
            Some(&k) => Some(known[k].id.clone()),
            None => recognised
                .iter()
                .find(|(s, _)| *s == vals)
                .map(|(_, id)| (*id).to_string()),
        };
        used.extend(matching);
        out.forbidden.push(ForbiddenOutcome {
            state: vals,
            known: id,
            machine_code: amdmm_hw::lower::render(&v.hw.lowered)
                .lines()
                .skip(1)
                .map(String::from)
                .collect(),
            trace: trace.clone(),
        });
    }
    if !out.forbidden.is_empty() && model.flags.ub {
        // LangRef, "Undefined Values": "undefined behavior ... the program
        // may do anything"; C++ [intro.abstract]/5: an execution with an
        // undefined operation places "no requirement on the implementation
        // executing that program with that input". A test whose model run
        // has the `ub` flag constrains no outcome (docs/semantics.md,
        // "Undefined behaviour in verify").
        out.status = "skip".into();
        out.reason = Some(format!(
            "undefined behaviour: the memory model reports `ub`, so no hardware outcome is forbidden ({} outcome(s) outside the model's states not compared)",
            out.forbidden.len()
        ));
        out.forbidden.clear();
        out.hardware_outcomes = None;
        out.hardware_states = None;
    } else if !out.forbidden.is_empty() {
        out.status = if out.forbidden.iter().all(|f| f.known.is_some()) {
            "known".into()
        } else {
            "forbidden".into()
        };
    }
    Checked { result: out, used }
}

/// A limit of the user's (time, memory, states, size) rather than a
/// construct the engine does not take: LIMIT, not SKIP.
pub fn is_limit(l: &amdmm_explore::LimitReason) -> bool {
    use amdmm_explore::LimitReason as L;
    matches!(
        l,
        L::MaxExecutions(_)
            | L::Timeout(_)
            | L::Memory(_)
            | L::TooManyEvents(_)
            | L::PathLimit(_)
            | L::Stopped
    )
}

/// `limit` or `skip` for a test the memory model gave no verdict on.
pub fn model_status(model: &amdmm_explore::Outcome) -> &'static str {
    match &model.limit {
        Some(l) if is_limit(l) => "limit",
        _ => "skip",
    }
}

/// The text lines of one pair as `verify` prints them (each ending in a
/// newline): `OK`, `SKIP`, `LIMIT`, `ERROR`, `KNOWN`, or `FORBIDDEN` with
/// the machine code and the hardware trace. `quiet` (`--quiet`) leaves out
/// OK and KNOWN lines and, unless `strict` (`--strict`), SKIP lines.
pub fn pair_text(r: &PairResult, quiet: bool, strict: bool) -> String {
    let mut out = String::new();
    let (test, t) = (&r.test, &r.target);
    let reason = r.reason.as_deref().unwrap_or("");
    match r.status.as_str() {
        "skip" if quiet && !strict => {}
        "ok" if quiet => {}
        "skip" => {
            let _ = writeln!(out, "SKIP {test} {t}: {reason}");
        }
        "limit" => {
            let _ = writeln!(out, "LIMIT {test} {t}: {reason}");
        }
        "error" => {
            let _ = writeln!(out, "ERROR {test} {t}: {reason}");
        }
        "ok" => {
            let _ = writeln!(
                out,
                "OK {test} {t}: {} hardware outcomes, all allowed ({} states)",
                r.hardware_outcomes.unwrap_or(0),
                r.hardware_states.unwrap_or(0)
            );
        }
        _ => {
            for f in &r.forbidden {
                if let Some(id) = &f.known {
                    if !quiet {
                        let _ = writeln!(out, "KNOWN {id} {test} {t}: {}", f.state);
                    }
                    continue;
                }
                let _ = writeln!(out, "FORBIDDEN {test} {t}: {}", f.state);
                out.push_str("  machine code:\n");
                for line in &f.machine_code {
                    let _ = writeln!(out, "    {line}");
                }
                out.push_str("  hardware trace:\n");
                for (i, step) in f.trace.iter().enumerate() {
                    let _ = writeln!(out, "    {:3}. {step}", i + 1);
                }
            }
        }
    }
    out
}

/// The built-in known findings (crates/hw/known-findings.txt), which
/// `verify` applies unless `--no-known`.
pub fn builtin_known() -> Vec<Known> {
    parse_known(
        amdmm_hw::KNOWN_FINDINGS,
        "built-in known findings (crates/hw/known-findings.txt)",
        false,
    )
    .unwrap_or_default()
}

/// Pairs counted by verdict, for the summary line.
#[derive(Clone, Copy, Debug, Default)]
pub struct Totals {
    pub allowed: u32,
    pub forbidden: u32,
    pub known: u32,
    pub skipped: u32,
    pub limited: u32,
    pub errors: u32,
    pub states: usize,
}

impl Totals {
    /// Counts one pair.
    pub fn count(&mut self, r: &PairResult) {
        match r.status.as_str() {
            "skip" => self.skipped += 1,
            "limit" => self.limited += 1,
            "error" => self.errors += 1,
            "ok" => self.allowed += 1,
            "known" => self.known += 1,
            _ => self.forbidden += 1,
        }
        self.states += r.hardware_states.unwrap_or(0);
    }

    /// `verify`'s last line: the counts, the hardware states and the time.
    pub fn summary_line(&self, secs: f64) -> String {
        let t = self;
        format!(
            "{} allowed, {} with forbidden outcomes, {} with known findings only, {} skipped, {} at a limit, {} llc errors ({} hardware states in {secs:.1} s)",
            t.allowed, t.forbidden, t.known, t.skipped, t.limited, t.errors, t.states
        )
    }
}
