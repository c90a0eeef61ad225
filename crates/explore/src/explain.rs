//! `amdmm explain`: why a final state is forbidden (or how it is allowed).
//!
//! The candidates are enumerated without the exploration's pruning: every
//! combination of thread paths, every reads-from choice (each read may read
//! any write to its location instance other than itself, or return
//! `undef`) and every modification order. The candidates that end in the
//! asked state are checked rule by rule in a fixed order, and each is
//! reported under the first rule it violates; candidates violating the same
//! rule on the same events form one class. A small test has a few hundred
//! candidates; `max_candidates` bounds the work (an honest "limit reached"):
//! the candidates, the reads-from choices inconsistent with the paths'
//! values, and the modification orders visited, each in all; so do the
//! options' `timeout` and `max_memory` (`--timeout`, `--max-memory`), checked
//! in every loop of the enumeration. The relations are as wide as `run`
//! makes them (up to 256 events).

use crate::engine::{build_setup, fill_values, final_state, Filled};
use crate::mo::{for_each_mo, MoNeed};
use crate::result::{millis, LimitReason, ValueOut, Witness};
use crate::Options;
use amdmm_graph::{relation::members, BitRel, ExecutionGraph, Set, Wide};
use amdmm_model::{
    analyze_lenient, coherence, happens_before, seq_cst, thin_air, Analysis, ReadRule,
};
use amdmm_program::{Observable, Program, Quantifier, Value};
use schemars::JsonSchema;
use serde::Serialize;

/// Which final state to explain.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ExplainTarget {
    /// The states the condition looks for: those satisfying the proposition
    /// for `exists` / `~exists`, those falsifying it for `forall`.
    Condition,
    /// The states with these values (column index into `Outcome::columns`,
    /// value); columns not named may take any value.
    State(Vec<(usize, ValueOut)>),
}

/// Parses `--state 'P1:%r0=1; P1:%r1=0'` against the test's columns.
pub fn parse_state(columns: &[String], text: &str) -> Result<ExplainTarget, String> {
    parse_state_at(columns, text).map_err(|e| e.message)
}

/// A `--state` error with the byte range of the offending part of the text,
/// so the CLI can underline it like any other diagnostic.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StateError {
    pub message: String,
    pub span: std::ops::Range<usize>,
}

/// [`parse_state`], with the place of the error in `text`.
///
/// Besides the `States` lines' form (`P1:%r0=1; P1:%r1=0`), herd's
/// condition form is accepted, so a state can be pasted from a condition:
/// terms joined by `/\` instead of `;`, `==` for `=`, the whole optionally
/// in parentheses (`(P1:%r0 == 1 /\ P1:%r1 == 0)`).
pub fn parse_state_at(columns: &[String], text: &str) -> Result<ExplainTarget, StateError> {
    let mut terms = Vec::new();
    let mut offset = 0;
    // `/\` and the outer parentheses become separators of the same length,
    // so the byte offsets of errors stay those of `text`.
    let mut split_text = text.replace("/\\", ";;");
    let trimmed = split_text.trim();
    if trimmed.starts_with('(') && trimmed.ends_with(')') {
        let open = split_text.find('(').unwrap_or(0);
        let close = split_text.rfind(')').unwrap_or(0);
        split_text.replace_range(open..open + 1, ";");
        split_text.replace_range(close..close + 1, ";");
    }
    for raw in split_text.split(';') {
        let raw_start = offset;
        offset += raw.len() + 1;
        let part = raw.trim();
        if part.is_empty() {
            continue;
        }
        let at = raw_start + (raw.len() - raw.trim_start().len());
        let err = |message: String, span: std::ops::Range<usize>| StateError { message, span };
        let Some((name, value)) = part.split_once('=') else {
            return Err(err(
                format!("`{part}` is not `COLUMN=VALUE`"),
                at..at + part.len(),
            ));
        };
        // herd's `==`: the second `=` belongs to the operator.
        let (value, op_len) = match value.strip_prefix('=') {
            Some(v) => (v, 2),
            None => (value, 1),
        };
        let name_at = at + (name.len() - name.trim_start().len());
        let value_at = at + name.len() + op_len + (value.len() - value.trim_start().len());
        let (name, value) = (name.trim(), value.trim());
        let Some(col) = columns.iter().position(|c| c == name) else {
            return Err(err(
                format!(
                    "`{name}` is not a column of this test (columns: {})",
                    columns.join(", ")
                ),
                name_at..name_at + name.len().max(1),
            ));
        };
        let v = if value == "undef" {
            ValueOut::from(Value::Undef)
        } else if value == "unwritten" {
            ValueOut::Undef(crate::result::UndefTag::Unwritten)
        } else {
            match (value.parse::<i64>(), value.parse::<f64>()) {
                (Ok(i), _) => ValueOut::Int(i),
                // A floating-point column's decimal (`1.5`, `-0.0`, `nan`):
                // matched by its text (`wants`).
                (_, Ok(x)) => ValueOut::Float(crate::result::FloatOut {
                    bits: x.to_bits() as i64,
                    width: 64,
                }),
                _ => {
                    return Err(err(
                        format!(
                            "`{value}` is not an integer, a floating-point decimal, `undef` or \
                             `unwritten`"
                        ),
                        value_at..value_at + value.len().max(1),
                    ))
                }
            }
        };
        terms.push((col, v));
    }
    if terms.is_empty() {
        return Err(StateError {
            message: "the state names no column (write e.g. `P1:%r0=1; P1:%r1=0`)".into(),
            span: 0..text.len().max(1),
        });
    }
    Ok(ExplainTarget::State(terms))
}

/// Whether a class of candidates is an execution of the model.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum Verdict {
    /// Consistent: the state is allowed; `detail` says what makes each read
    /// defined.
    Allowed,
    /// Inconsistent: `rule` is the first rule the candidates violate.
    Forbidden,
}

/// Candidates that end in the asked state and break the same rule on the
/// same events (or, for `Allowed`, consistent executions).
#[derive(Clone, Debug, PartialEq, Serialize, JsonSchema)]
pub struct ExplainClass {
    pub verdict: Verdict,
    /// The rule's short name (`coherence`, `read rule`, ...).
    pub rule: String,
    /// Where the rule is written (document, section).
    pub source: String,
    /// The rule, quoted.
    pub quote: String,
    /// How this class violates it, naming events and, for a cycle, the
    /// relation of each step (`e3 -hb-> e7 -mo-> e3`).
    pub detail: String,
    /// Candidates in the class.
    pub count: u64,
    /// The final state of the representative candidate.
    pub state: Vec<ValueOut>,
    /// The representative candidate (first in enumeration order), written
    /// as `run --json --show-executions` writes witnesses.
    #[serde(serialize_with = "crate::witness_json::serialize")]
    #[schemars(with = "crate::witness_json::WitnessJson")]
    pub witness: Witness,
    /// Events and edges to highlight in its graph.
    pub highlight_events: Vec<usize>,
    pub highlight_edges: Vec<(String, usize, usize)>,
}

/// Why a flag is raised, from the first consistent execution raising it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, JsonSchema)]
pub struct FlagReason {
    /// `race`, `ub` or `deadlock`.
    pub flag: String,
    pub text: String,
}

/// The answer of `explain` for one test.
#[derive(Clone, Debug, PartialEq, Serialize, JsonSchema)]
pub struct Explanation {
    pub columns: Vec<String>,
    /// Candidates enumerated (all reads-from and path choices whose values
    /// are defined and whose path guards hold).
    pub candidates: u64,
    /// Of those, the candidates ending in the asked state.
    pub matching: u64,
    /// Candidates with no final state: discarded by a false `llvm.assume` or
    /// cut short by the loop bound (as `run` counts them apart).
    pub discarded: u64,
    /// Allowed classes first, then forbidden ones in the order the rules
    /// are checked.
    pub classes: Vec<ExplainClass>,
    /// Why each flag of the test is raised (whatever the state).
    pub flags: Vec<FlagReason>,
    /// Set when the enumeration stopped early: the answer is incomplete.
    pub limit: Option<String>,
}

const LOCATION_ORDER: &str = "memory-model.txt, \"Location Order\"";
const LANGREF_MONOTONIC: &str = "LangRef, \"Memory Model for Concurrent Operations\", `monotonic`";

/// Highlighted edges: (relation, from, to).
type Edges = Vec<(String, usize, usize)>;

/// The limits of one explanation: `--max-candidates` (candidates, and
/// modification orders in all), `--timeout` and `--max-memory`.
///
/// Issue 12, "Every search loop, every command": every search command
/// honours the time and memory limits, checked inside every loop, so an
/// explanation stops within a few milliseconds of its timeout with an
/// honest "limit reached" instead of running on or being killed.
struct Limits<'o> {
    max_candidates: u64,
    opts: &'o Options,
    started: web_time::Instant,
    /// Steps since the clock was last read.
    steps: u32,
    /// Clock reads so far (the memory is read every 64th).
    checks: u32,
}

/// Steps (reads-from choices, modification orders, rule checks) between
/// two readings of the clock: a step costs microseconds, a clock read
/// about as much.
const CHECK_EVERY: u32 = 64;

impl Limits<'_> {
    /// One step of a search loop; every [`CHECK_EVERY`] steps the clock and
    /// (every 64th time) the resident memory are compared to the limits.
    fn step(&mut self) -> Result<(), String> {
        self.steps += 1;
        if self.steps < CHECK_EVERY {
            return Ok(());
        }
        self.steps = 0;
        if let Some(t) = self.opts.timeout {
            if self.started.elapsed() > t {
                return Err(LimitReason::Timeout(millis(t)).to_string());
            }
        }
        if let Some(max) = self.opts.max_memory {
            self.checks = self.checks.wrapping_add(1);
            if self.checks % 64 == 1 && crate::resident_mib().is_some_and(|m| m > max) {
                return Err(LimitReason::Memory(max).to_string());
            }
        }
        Ok(())
    }

    /// The message when `--max-candidates` is reached: explain's own flag
    /// (which is also `run`'s, `compare`'s and `verify`'s).
    fn candidates_reached(&self, what: &str) -> String {
        let n = self.max_candidates;
        format!("limit reached: more than {n} {what} (--max-candidates {n})")
    }
}

/// What the checks found for one candidate and modification order.
struct Finding {
    verdict: Verdict,
    rank: u8,
    rule: &'static str,
    source: &'static str,
    quote: &'static str,
    detail: String,
    events: Vec<usize>,
    edges: Vec<(String, usize, usize)>,
}

fn e(i: usize) -> String {
    format!("e{i}")
}

/// A cycle of `r` as a list of events (first repeated at the end), if any.
fn cycle<S: Set>(r: &BitRel<S>, n: usize) -> Option<Vec<usize>> {
    // Depth-first search with colours.
    fn dfs<S: Set>(
        r: &BitRel<S>,
        n: usize,
        v: usize,
        colour: &mut [u8],
        stack: &mut Vec<usize>,
    ) -> Option<Vec<usize>> {
        colour[v] = 1;
        stack.push(v);
        for w in 0..n {
            if !r.has(v, w) {
                continue;
            }
            if colour[w] == 1 {
                let start = stack.iter().position(|&x| x == w).unwrap_or(0);
                let mut c = stack[start..].to_vec();
                c.push(w);
                return Some(c);
            }
            if colour[w] == 0 {
                if let Some(c) = dfs(r, n, w, colour, stack) {
                    return Some(c);
                }
            }
        }
        stack.pop();
        colour[v] = 2;
        None
    }
    let mut colour = vec![0u8; n];
    for v in 0..n {
        if colour[v] == 0 {
            let mut stack = Vec::new();
            if let Some(c) = dfs(r, n, v, &mut colour, &mut stack) {
                return Some(c);
            }
        }
    }
    None
}

/// The events of a cycle, each once, in the order the cycle meets them.
fn cycle_events(c: &[Step]) -> Vec<usize> {
    let mut out: Vec<usize> = Vec::new();
    for &(x, _, _) in c {
        if !out.contains(&x) {
            out.push(x);
        }
    }
    out
}

/// [`cycle_text`] of edges named by [`name_edges`]: each event and the
/// relation that leads to the next (`e1 -dep-> e2 -rf-> e1`).
fn named_cycle_text(edges: &[(String, usize, usize)]) -> String {
    let Some(first) = edges.first() else {
        return String::new();
    };
    let mut t = e(first.1);
    for (rel, _, y) in edges {
        t.push_str(&format!(" -{rel}-> {}", e(*y)));
    }
    t
}

/// Names each edge of a cycle after the first relation (of `named`) that
/// has it.
fn name_edges<S: Set>(c: &[usize], named: &[(&str, &BitRel<S>)]) -> Vec<(String, usize, usize)> {
    c.windows(2)
        .map(|p| {
            let rel = named
                .iter()
                .find(|(_, r)| r.has(p[0], p[1]))
                .map_or("hb", |(n, _)| n);
            (rel.to_string(), p[0], p[1])
        })
        .collect()
}

/// One step of a cycle: (from, relation, to).
type Step = (usize, &'static str, usize);

/// A cycle as herd and GenMC print it: `e1 -rf-> e3 -hb-> e2 -mo-> e1`.
fn cycle_text(c: &[Step]) -> String {
    let Some(first) = c.first() else {
        return String::new();
    };
    let mut t = e(first.0);
    for (_, rel, y) in c {
        t.push_str(&format!(" -{rel}-> {}", e(*y)));
    }
    t
}

/// A modification-order edge coherence requires: `from` before `to`, the
/// clause that requires it, and the cycle (events and relations) that a
/// modification order with `to` before `from` closes.
struct MoConstraint {
    from: usize,
    to: usize,
    why: String,
    cycle: Vec<Step>,
}

/// The modification-order edges coherence requires, each with the clause
/// that requires it (as `coherence::mo_constraints` computes them) and the
/// `hb;eco` cycle that breaking it makes.
///
/// LangRef, "Memory Model for Concurrent Operations", `monotonic`: "All
/// modification orders must be compatible with the happens-before order";
/// C++20 [intro.races] write-write, read-write, write-read and read-read
/// coherence, which RC11 states as "`hb;eco` is irreflexive"
/// (`eco = (rf ∪ mo ∪ fr)+`). Each clause's violation is therefore a cycle
/// of happens-before and one or two of `rf`, `mo`, `fr` (from-reads: a read
/// to a write modification-ordered after the write it reads from); the
/// cycle is what herd and GenMC print for a coherence violation.
///
/// Happens-before is that of the location's address space, as there.
fn tagged_mo_constraints<S: Set>(g: &ExecutionGraph<S>, a: &Analysis<S>) -> Vec<MoConstraint> {
    let full_inv = a.hb.inverse();
    let hbs = happens_before::SpaceHb::new(g, &a.sw, &a.hb, &full_inv);
    let mut out = Vec::new();
    let same_loc_writes = |x: usize| g.same_loc[x] & g.writes;
    for w in members(g.writes) {
        let (hb, _) = hbs.of(g.events[w].space);
        for w2 in members(hb.row(w) & same_loc_writes(w) & !S::bit(w)) {
            out.push(MoConstraint {
                from: w,
                to: w2,
                why: format!("write-write: {} happens-before {}", e(w), e(w2)),
                cycle: vec![(w, "hb", w2), (w2, "mo", w)],
            });
        }
    }
    for (r, src) in g.rf.iter().enumerate() {
        let Some(src) = *src else { continue };
        let src = src as usize;
        let here = same_loc_writes(r);
        let (hb, hb_inv) = hbs.of(g.events[r].space);
        for w in members(hb.row(r) & here & !S::bit(src)) {
            out.push(MoConstraint {
                from: src,
                to: w,
                why: format!(
                    "read-write: {} reads from {} and happens-before the write {}",
                    e(r),
                    e(src),
                    e(w)
                ),
                cycle: vec![(src, "rf", r), (r, "hb", w), (w, "mo", src)],
            });
        }
        for w in members(hb_inv.row(r) & here & !S::bit(src)) {
            out.push(MoConstraint {
                from: w,
                to: src,
                why: format!(
                    "write-read: the write {} happens-before {}, which reads from {}",
                    e(w),
                    e(r),
                    e(src)
                ),
                // `src` before `w` in mo: `r` reads from-before `w`.
                cycle: vec![(w, "hb", r), (r, "fr", w)],
            });
        }
        for r2 in members(hb_inv.row(r) & g.reads) {
            if let Some(s2) = g.rf[r2] {
                let s2 = s2 as usize;
                if s2 != src && g.events[r2].loc == g.events[r].loc {
                    out.push(MoConstraint {
                        from: s2,
                        to: src,
                        why: format!(
                            "read-read: {} (reading {}) happens-before {} (reading {})",
                            e(r2),
                            e(s2),
                            e(r),
                            e(src)
                        ),
                        // `src` before `s2` in mo: `r` reads from-before `s2`.
                        cycle: vec![(s2, "rf", r2), (r2, "hb", r), (r, "fr", s2)],
                    });
                }
            }
        }
        if g.events[r].is_write() {
            out.push(MoConstraint {
                from: src,
                to: r,
                why: format!("RMW: {} reads from {}", e(r), e(src)),
                cycle: vec![(src, "rf", r), (r, "mo", src)],
            });
        }
    }
    out
}

/// The first rule the candidate (`g` with analysis `a`) breaks with
/// modification order `mo`, or `None` when it is consistent.
fn check_with_mo<S: Set>(
    g: &ExecutionGraph<S>,
    a: &Analysis<S>,
    mo: &BitRel<S>,
) -> Option<Finding> {
    // Coherence: every required edge in mo.
    // Only the edges the model requires (`Analysis::mo_required`), each
    // named by the clause that gives it.
    for c in tagged_mo_constraints(g, a) {
        let (x, y) = (c.from, c.to);
        if !a.mo_required.has(x, y) {
            continue;
        }
        if mo.has(y, x) || x == y {
            return Some(Finding {
                verdict: Verdict::Forbidden,
                rank: 4,
                rule: "coherence",
                source: LANGREF_MONOTONIC,
                quote: "\"All modification orders must be compatible with the happens-before \
                        order\"; read-write, write-read and read-read coherence as C++20 \
                        [intro.races] (RC11: hb;eco is irreflexive)",
                detail: format!(
                    "{}, so {} must be modification-ordered before {}; here {} is \
                     modification-ordered before {} (an hb;eco cycle); the cycle: {}",
                    c.why,
                    e(x),
                    e(y),
                    e(y),
                    e(x),
                    cycle_text(&c.cycle)
                ),
                events: cycle_events(&c.cycle),
                edges: c
                    .cycle
                    .iter()
                    .map(|&(a, rel, b)| (rel.to_string(), a, b))
                    .collect(),
            });
        }
    }
    if !coherence::rmw_atomicity(g, mo) {
        for m in members(g.reads & g.writes) {
            let Some(w) = g.rf[m] else { continue };
            let w = w as usize;
            if let Some(between) = members(mo.row(w) & mo.column(m)).next() {
                return Some(Finding {
                    verdict: Verdict::Forbidden,
                    rank: 5,
                    rule: "RMW atomicity",
                    source: LANGREF_MONOTONIC,
                    quote: "\"If the read in an atomic read-modify-write operation M reads from a \
                            monotonic (or stronger) write W, W must be immediately before M in \
                            the address's modification order\"",
                    detail: format!(
                        "the RMW {} reads from {}, but {} is modification-ordered between them",
                        e(m),
                        e(w),
                        e(between)
                    ),
                    events: vec![m, w, between],
                    edges: vec![("mo".into(), w, between), ("mo".into(), between, m)],
                });
            }
        }
    }
    if !seq_cst::sc_consistent(g, &a.hb, mo) {
        let sc: Vec<usize> = (0..g.len())
            .filter(|&i| g.events[i].ordering == amdmm_program::Ordering::SeqCst)
            .collect();
        let cycle = sc_cycle(g, a, mo, &sc);
        let cycle_text = match &cycle {
            Some(c) => format!("; the cycle: {}", cycle_text(c)),
            None => String::new(),
        };
        return Some(Finding {
            verdict: Verdict::Forbidden,
            rank: 6,
            rule: "seq_cst total order",
            source: "LangRef, `seq_cst` (C++20 [atomics.order] as RC11 formalises it)",
            quote: "\"there is a global total order on all sequentially-consistent operations \
                    on all addresses\"",
            detail: format!(
                "no total order of the seq_cst operations {} agrees with happens-before, \
                 modification order and from-reads{cycle_text}",
                sc.iter().map(|&i| e(i)).collect::<Vec<_>>().join(", ")
            ),
            events: sc,
            edges: cycle
                .unwrap_or_default()
                .into_iter()
                .map(|(x, rel, y)| (rel.to_string(), x, y))
                .collect(),
        });
    }
    None
}

/// A cycle through seq_cst events only, when there is one: it is why no
/// total order of the seq_cst operations agrees with happens-before,
/// modification order and from-reads (LangRef, `seq_cst`: "there is a
/// global total order on all sequentially-consistent operations"), the
/// cycle herd and GenMC name.
///
/// Each step joins two seq_cst operations with inclusive scopes (only those
/// are ordered, docs/semantics.md, "Scoped seq_cst") by happens-before,
/// modification order or from-reads (a read to a write
/// modification-ordered after the write it reads). A seq_cst fence takes
/// part through the accesses it is ordered with (RC11's
/// `[Fsc];hb;scb;hb;[Fsc]` and `[Fsc];hb;eco;hb;[Fsc]`, LangRef: "the
/// global ordering created by a seq_cst fence must be compatible with the
/// individual total orders of monotonic (or stronger) memory accesses"):
/// `F -hb-> a -fr-> b -hb-> F'` is one step, printed in full. `None` when
/// the violation needs a longer reasoning than one such cycle (the text
/// then names the operations only). Deterministic: the first cycle found
/// from the lowest event, in index order.
fn sc_cycle<S: Set>(
    g: &ExecutionGraph<S>,
    a: &Analysis<S>,
    mo: &BitRel<S>,
    sc: &[usize],
) -> Option<Vec<Step>> {
    let fr = |x: usize, y: usize| {
        g.reads.has(x)
            && g.writes.has(y)
            && g.same_loc[x].has(y)
            && g.rf[x].is_some_and(|w| w as usize != y && mo.has(w as usize, y))
    };
    // One memory step between two accesses of a location: mo, fr or rf.
    let eco = |x: usize, y: usize, with_rf: bool| -> Option<&'static str> {
        if x == y {
            None
        } else if mo.has(x, y) {
            Some("mo")
        } else if fr(x, y) {
            Some("fr")
        } else if with_rf && g.rf[y] == Some(x as _) {
            Some("rf")
        } else {
            None
        }
    };
    let is_fence = |x: usize| g.events[x].is_fence();
    let step = |x: usize, y: usize| -> Option<Vec<Step>> {
        if x == y || !amdmm_model::scopes::inclusive(&g.events[x], &g.events[y]) {
            return None;
        }
        if a.hb.has(x, y) {
            return Some(vec![(x, "hb", y)]);
        }
        if let Some(rel) = eco(x, y, false) {
            return Some(vec![(x, rel, y)]);
        }
        if !is_fence(x) && !is_fence(y) {
            return None;
        }
        // A fence reaches the accesses after it by happens-before, and is
        // reached from those before it.
        let starts: Vec<usize> = if is_fence(x) {
            members(a.hb.row(x)).filter(|&m| !is_fence(m)).collect()
        } else {
            vec![x]
        };
        let ends: Vec<usize> = if is_fence(y) {
            members(a.hb.column(y)).filter(|&m| !is_fence(m)).collect()
        } else {
            vec![y]
        };
        let with_rf = is_fence(x) && is_fence(y);
        for &p in &starts {
            for &q in &ends {
                let Some(rel) = eco(p, q, with_rf) else {
                    continue;
                };
                let mut out = Vec::new();
                if p != x {
                    out.push((x, "hb", p));
                }
                out.push((p, rel, q));
                if q != y {
                    out.push((q, "hb", y));
                }
                return Some(out);
            }
        }
        None
    };
    // Depth-first search from each event for a path back to it.
    fn search(
        at: usize,
        start: usize,
        sc: &[usize],
        step: &dyn Fn(usize, usize) -> Option<Vec<Step>>,
        path: &mut Vec<Step>,
        seen: &mut Vec<bool>,
    ) -> bool {
        for &y in sc {
            let Some(steps) = step(at, y) else { continue };
            if y == start {
                path.extend(steps);
                return true;
            }
            if seen[y] {
                continue;
            }
            seen[y] = true;
            let len = path.len();
            path.extend(steps);
            if search(y, start, sc, step, path, seen) {
                return true;
            }
            path.truncate(len);
        }
        false
    }
    for &start in sc {
        let mut path = Vec::new();
        let mut seen = vec![false; g.len()];
        seen[start] = true;
        if search(start, start, sc, &step, &mut path, &mut seen) {
            return Some(path);
        }
    }
    None
}

/// Why read `r` may not take its reads-from (its rule does not allow it).
fn read_rule_finding<S: Set>(
    g: &ExecutionGraph<S>,
    a: &Analysis<S>,
    r: usize,
    rule: ReadRule<S>,
) -> Finding {
    let src = g.rf[r].map(|w| w as usize);
    let loc_writes = g.same_loc[r] & g.writes;
    // The read rule uses the happens-before of the location's address space.
    let full_inv = a.hb.inverse();
    let hbs = happens_before::SpaceHb::new(g, &a.sw, &a.hb, &full_inv);
    let (hb, _) = hbs.of(g.events[r].space);
    if let Some(w) = src {
        if hb.has(r, w) {
            return Finding {
                verdict: Verdict::Forbidden,
                rank: 3,
                rule: "read rule",
                source: LOCATION_ORDER,
                quote: "\"If a read R happens-before a write W3, then R may not see W3.\"",
                detail: format!(
                    "{} happens-before {}, so {} may not see it",
                    e(r),
                    e(w),
                    e(r)
                ),
                events: vec![r, w],
                edges: vec![("hb".into(), r, w), ("rf".into(), w, r)],
            };
        }
        for w2 in members(loc_writes & !S::bit(w)) {
            if a.lo.has(w, w2) && a.lo.has(w2, r) {
                return Finding {
                    verdict: Verdict::Forbidden,
                    rank: 3,
                    rule: "read rule",
                    source: LOCATION_ORDER,
                    quote: "\"If a write W1 is location-ordered before a write W2, and W2 is \
                            location-ordered before a read R, then R may not see W1.\"",
                    detail: format!(
                        "{} is location-ordered before {}, which is location-ordered before {}, \
                         so {} may not see {}",
                        e(w),
                        e(w2),
                        e(r),
                        e(r),
                        e(w)
                    ),
                    events: vec![w, w2, r],
                    edges: vec![
                        ("lo".into(), w, w2),
                        ("lo".into(), w2, r),
                        ("rf".into(), w, r),
                    ],
                };
            }
        }
    }
    let (quote, detail, events, edges): (&str, String, Vec<usize>, Edges) = match rule {
        ReadRule::NothingOrdered => (
            "\"If no write is location-ordered before a read R, then R returns undef.\"",
            format!(
                "no write is location-ordered before {}, so it returns undef{}",
                e(r),
                src.map_or(String::new(), |w| format!(", not the value of {}", e(w)))
            ),
            vec![r],
            Vec::new(),
        ),
        ReadRule::UnorderedWrite(w) => (
            "\"Otherwise, if R may see some write that is not location-ordered before R, \
                 then R returns undef.\"",
            format!(
                "{} may see {}, which is not location-ordered before it (a data race), so it \
                     returns undef{}",
                e(r),
                e(w),
                src.map_or(String::new(), |s| format!(", not the value of {}", e(s)))
            ),
            vec![r, w],
            vec![("race".into(), w, r)],
        ),
        ReadRule::SeveralWrites => (
            "\"Otherwise, R returns undef.\"",
            format!(
                "{} may see several writes, so it returns undef{}",
                e(r),
                src.map_or(String::new(), |s| format!(", not the value of {}", e(s)))
            ),
            vec![r],
            Vec::new(),
        ),
        ReadRule::Exactly(w) => (
            "\"Otherwise, if R may see exactly one write W, then R returns the value \
                 written by W.\"",
            format!(
                "{} may see exactly one write, {}, location-ordered before it, so it returns \
                     the value of {}{}",
                e(r),
                e(w),
                e(w),
                if src.is_none() { ", not undef" } else { "" }
            ),
            vec![r, w],
            vec![("lo".into(), w, r)],
        ),
        ReadRule::OrderedAtomics(set) => (
            "(--model proposed, not normative) \"Otherwise, if every write R may see is an \
                 atomic operation, location-ordered before R, and their scopes are inclusive, \
                 R returns the value written by one of those writes.\"",
            format!(
                "{} may see several atomic writes with inclusive scopes ({}), each \
                     location-ordered before it, so it returns the value of one of them{}",
                e(r),
                members(set).map(e).collect::<Vec<_>>().join(", "),
                if src.is_none() { ", not undef" } else { "" }
            ),
            vec![r],
            Vec::new(),
        ),
        ReadRule::AnyAtomic(set) => (
            "\"Otherwise if the set consisting of R and all writes that R may see contains \
                 only atomic operations with inclusive scopes, then R returns the value written \
                 by one of those writes.\"",
            format!(
                "{} and the writes it may see ({}) are atomics with inclusive scopes, so it \
                     returns the value of one of them{}",
                e(r),
                members(set).map(e).collect::<Vec<_>>().join(", "),
                if src.is_none() { ", not undef" } else { "" }
            ),
            vec![r],
            Vec::new(),
        ),
    };
    Finding {
        verdict: Verdict::Forbidden,
        rank: 3,
        rule: "value rule",
        source: LOCATION_ORDER,
        quote,
        detail,
        events,
        edges,
    }
}

/// The rules checked before a modification order is chosen.
fn check_without_mo<S: Set>(g: &ExecutionGraph<S>) -> Result<Analysis<S>, Box<Finding>> {
    if !thin_air::no_thin_air(g) {
        let deps = thin_air::dependencies(g);
        let rf = g.rf_rel();
        let both = deps.union(&rf);
        let c = cycle(&both, g.len()).unwrap_or_default();
        let edges = name_edges(&c, &[("rf", &rf), ("dep", &deps)]);
        return Err(Box::new(Finding {
            verdict: Verdict::Forbidden,
            rank: 1,
            rule: "no thin air",
            source: "LangRef, `unordered` (`amdmm docs semantics`, \"Out-of-thin-air\")",
            quote: "\"A value cannot be read unless some operation wrote it.\" (read as: dep ∪ rf \
                    is acyclic)",
            detail: format!(
                "dependency and reads-from cycle {}",
                named_cycle_text(&edges)
            ),
            events: c,
            edges,
        }));
    }
    match analyze_lenient(g) {
        Ok(a) => Ok(a),
        Err(_) => {
            let sw = happens_before::synchronizes_with(g);
            let mut base = g.po.union(&sw);
            base.union_with(&g.extra_sw);
            base.union_with(&g.async_hb);
            let c = cycle(&base, g.len()).unwrap_or_default();
            let edges = name_edges(
                &c,
                &[
                    ("po", &g.po),
                    ("sw", &sw),
                    ("barrier-sw", &g.extra_sw),
                    ("async", &g.async_hb),
                ],
            );
            Err(Box::new(Finding {
                verdict: Verdict::Forbidden,
                rank: 2,
                rule: "happens-before is a partial order",
                source: "LangRef, \"Memory Model for Concurrent Operations\"",
                quote: "happens-before is \"the least partial order that is a superset of \
                        single-thread program order, and when a synchronizes-with b, includes \
                        an edge from a to b\"",
                detail: format!(
                    "program order and synchronizes-with form the cycle {}",
                    named_cycle_text(&edges)
                ),
                events: c,
                edges,
            }))
        }
    }
}

/// For an allowed execution: what makes each read's value defined.
fn allowed_detail<S: Set>(
    g: &ExecutionGraph<S>,
    a: &Analysis<S>,
) -> (String, Vec<(String, usize, usize)>) {
    let mut parts = Vec::new();
    let mut edges = Vec::new();
    for r in members(g.reads) {
        let text = match (a.rules[r], g.rf[r]) {
            (Some(ReadRule::Exactly(w)), _) => {
                edges.push(("lo".into(), w, r));
                format!(
                    "{} returns the value of {}, the one write it may see, location-ordered \
                     before it",
                    e(r),
                    e(w)
                )
            }
            (Some(ReadRule::AnyAtomic(_)), Some(w)) => format!(
                "{} returns the value of {}: it and the writes it may see are atomics with \
                 inclusive scopes",
                e(r),
                e(w as usize)
            ),
            (Some(ReadRule::OrderedAtomics(_)), Some(w)) => format!(
                "{} returns the value of {}: the writes it may see are atomics with inclusive \
                 scopes, each location-ordered before it (--model proposed)",
                e(r),
                e(w as usize)
            ),
            (Some(ReadRule::NothingOrdered), _) => {
                format!(
                    "{} returns undef: no write is location-ordered before it",
                    e(r)
                )
            }
            (Some(ReadRule::UnorderedWrite(w)), _) => {
                edges.push(("race".into(), w, r));
                format!(
                    "{} returns undef: it may see {}, not location-ordered before it (race)",
                    e(r),
                    e(w)
                )
            }
            (Some(ReadRule::SeveralWrites), _) => {
                format!("{} returns undef: it may see several writes (race)", e(r))
            }
            _ => continue,
        };
        parts.push(text);
    }
    (parts.join("; "), edges)
}

/// Explains `target` for `program`: the candidates ending in it, grouped by
/// the first rule they break. At most `max_candidates` candidates (and
/// modification orders in all) are enumerated, within `opts.timeout` and
/// `opts.max_memory`; `Explanation::limit` says which limit stopped it.
pub fn explain(
    program: &Program,
    opts: &Options,
    target: &ExplainTarget,
    max_candidates: u64,
) -> Explanation {
    explain_since(
        program,
        opts,
        target,
        max_candidates,
        web_time::Instant::now(),
    )
}

/// [`explain`] with `--timeout` counted from `started` (when reading the
/// test began, [`crate::load`]): reading and explaining share one limit.
pub fn explain_since(
    program: &Program,
    opts: &Options,
    target: &ExplainTarget,
    max_candidates: u64,
    started: web_time::Instant,
) -> Explanation {
    let mut out = Explanation {
        columns: program
            .shown_observables()
            .iter()
            .map(|o| program.observable_name(o))
            .collect(),
        candidates: 0,
        matching: 0,
        discarded: 0,
        classes: Vec::new(),
        flags: Vec::new(),
        limit: None,
    };
    let limit_text =
        |l: Option<LimitReason>| l.map_or("limit reached".to_string(), |l| l.to_string());
    let setup = match build_setup(program, opts, started) {
        Ok(s) => s,
        Err(l) => {
            out.limit = Some(limit_text(l));
            return out;
        }
    };
    // The relations' width, chosen as `run` chooses it (engine::run): the
    // 64-event fast path, or 128 or 256 events.
    let events = crate::engine::max_events(&setup);
    if events <= u64::BITS as usize {
        explain_with::<u64>(program, opts, &setup, target, max_candidates, started, out)
    } else if events <= <Wide<2> as Set>::BITS {
        explain_with::<Wide<2>>(program, opts, &setup, target, max_candidates, started, out)
    } else if events <= <Wide<4> as Set>::BITS {
        explain_with::<Wide<4>>(program, opts, &setup, target, max_candidates, started, out)
    } else {
        out.limit = Some(LimitReason::TooManyEvents(events).to_string());
        out
    }
}

/// [`explain`] with relations over set type `S` (`S::BITS` ≥ the test's
/// largest combination of paths).
fn explain_with<S: Set>(
    program: &Program,
    opts: &Options,
    setup: &crate::engine::Setup,
    target: &ExplainTarget,
    max_candidates: u64,
    started: web_time::Instant,
    mut out: Explanation,
) -> Explanation {
    let limit_text =
        |l: Option<LimitReason>| l.map_or("limit reached".to_string(), |l| l.to_string());
    let mut limits = Limits {
        max_candidates,
        opts,
        started,
        steps: 0,
        checks: 0,
    };
    // The combinations are made one at a time (crate::combos), so a launch
    // with many reaches `max_candidates` without holding them all.
    let combos = crate::combos::Combos::<S>::new(setup, opts, started);
    let wants = |state: &[ValueOut]| -> bool {
        match target {
            ExplainTarget::State(terms) => terms.iter().all(|(c, v)| {
                state.get(*c).is_some_and(|s| {
                    s == v
                            || s.to_string() == v.to_string()
                            // `undef` also names an unwritten register, as
                            // in the condition.
                            || (v.to_string() == "undef" && matches!(s, ValueOut::Undef(_)))
                })
            }),
            ExplainTarget::Condition => {
                let lookup = |o: &Observable| -> Value {
                    let i = setup.columns.iter().position(|c| c == o).unwrap_or(0);
                    state.get(i).map_or(Value::Undef, |v| v.value())
                };
                let holds = crate::condition::holds(&program.condition.cond, &lookup);
                holds != (program.condition.quantifier == Quantifier::Forall)
            }
        }
    };
    let mut classes: Vec<(u8, ExplainClass)> = Vec::new();
    // Modification orders visited, over all candidates.
    let mut orders = 0u64;
    // Reads-from choices that gave no candidate, over all path combinations.
    let mut rejected = 0u64;
    'combos: for combo in combos {
        let combo = match combo {
            Ok(c) => c,
            Err(l) => {
                // As when every combination was made first: no partial
                // explanation.
                out.limit = Some(limit_text(l));
                out.candidates = 0;
                out.matching = 0;
                out.discarded = 0;
                out.flags.clear();
                return out;
            }
        };
        let combo = &combo;
        let g0 = &combo.graph;
        // Every read: undef, or any write to its location instance.
        let choices: Vec<Vec<Option<u8>>> = combo
            .reads
            .iter()
            .map(|&r| {
                let mut c = vec![None];
                for w in members(g0.same_loc[r] & g0.writes & !S::bit(r)) {
                    c.push(Some(w as u8));
                }
                c
            })
            .collect();
        let mut pick = vec![0usize; choices.len()];
        loop {
            if let Err(l) = limits.step() {
                out.limit = Some(l);
                break 'combos;
            }
            let mut g = g0.clone();
            for (k, &r) in combo.reads.iter().enumerate() {
                g.rf[r] = choices[k][pick[k]];
            }
            let mut vals = vec![Vec::new(); combo.paths.len()];
            let filled = fill_values(setup, combo, &mut g, &mut vals);
            if filled != Filled::Ok {
                // The choices that contradict the paths' values count too:
                // a compare-and-swap loop (1,849 path combinations, most of
                // whose choices contradict them) ran for minutes under
                // `--max-candidates 20000` with few candidates counted.
                rejected += 1;
                if rejected > max_candidates {
                    out.limit = Some(limits.candidates_reached(
                        "reads-from choices inconsistent with the paths' values",
                    ));
                    break 'combos;
                }
            } else {
                out.candidates += 1;
                if out.candidates > max_candidates {
                    out.limit = Some(limits.candidates_reached("candidates"));
                    break 'combos;
                }
                let paths = &combo.paths[..];
                // Executions a false `llvm.assume` discards, and executions
                // the loop bound cut short, have no final state (as in `run`).
                use crate::symbolic::PathEnd;
                if paths
                    .iter()
                    .any(|p| matches!(p.end, PathEnd::Assumed | PathEnd::Cutoff))
                {
                    out.discarded += 1;
                    if !next(&mut pick, &choices) {
                        continue 'combos;
                    }
                    continue;
                }
                // Every modification order (coherence is checked on it, not
                // assumed), with the state it ends in.
                let mut matching_mos: Vec<(BitRel<S>, Vec<ValueOut>)> = Vec::new();
                // Initial writes come first by definition (not a choice).
                let mut init_first = BitRel::new(g.len());
                for i in members(g.inits) {
                    init_first.set_row(i, g.same_loc[i] & g.writes & !S::bit(i));
                }
                // Every order of every location: which one breaks a rule is
                // what is explained.
                // The orders are not pruned, so a location with many writes
                // has factorially many: `max_candidates` bounds them too (in
                // all), so that a wide test ends with an honest limit instead
                // of running for ever.
                let mut stopped = None;
                let complete = for_each_mo(&g, &init_first, &|_| MoNeed::All, &mut |mo| {
                    orders += 1;
                    if orders > max_candidates {
                        stopped = Some(limits.candidates_reached("modification orders"));
                        return false;
                    }
                    if let Err(l) = limits.step() {
                        stopped = Some(l);
                        return false;
                    }
                    let state = final_state(setup, paths, &g, &vals, mo);
                    if wants(&state) {
                        matching_mos.push((*mo, state));
                    }
                    true
                });
                if !complete {
                    out.limit = stopped;
                    break 'combos;
                }
                let pre = check_without_mo(&g);
                if let Ok(a) = &pre {
                    note_flags(&mut out.flags, program, &g, a, combo);
                }
                // A deadlocked execution has no final state (litmus-format.md):
                // it only explains the deadlock flag.
                let deadlocked = combo.barrier.deadlock
                    && !paths
                        .iter()
                        .any(|p| p.end == crate::symbolic::PathEnd::Cutoff);
                if !matching_mos.is_empty() && !deadlocked {
                    out.matching += 1;
                    let (finding, a, mo, state) =
                        match classify(&g, pre, &matching_mos, &mut limits) {
                            Ok(c) => c,
                            Err(l) => {
                                out.limit = Some(l);
                                break 'combos;
                            }
                        };
                    let analysis = a.unwrap_or_else(|| {
                        let mut x = Analysis::empty(g.len());
                        x.sw = happens_before::synchronizes_with(&g);
                        x
                    });
                    add_class(&mut classes, finding, state, || {
                        let mut w =
                            crate::witness::render(program, &setup.locs, &g, &analysis, &mo);
                        w.barrier = combo.barrier.witness.clone();
                        w
                    });
                }
            }
            if !next(&mut pick, &choices) {
                continue 'combos;
            }
        }
    }
    classes.sort_by_key(|(rank, c)| (c.verdict, *rank));
    out.classes = classes.into_iter().map(|(_, c)| c).collect();
    out
}

/// Advances `pick` to the next reads-from choice (odometer, last read
/// fastest); false after the last one.
fn next(pick: &mut [usize], choices: &[Vec<Option<u8>>]) -> bool {
    let mut k = pick.len();
    loop {
        if k == 0 {
            return false;
        }
        k -= 1;
        pick[k] += 1;
        if pick[k] < choices[k].len() {
            return true;
        }
        pick[k] = 0;
    }
}

type Classified<S> = (Finding, Option<Analysis<S>>, BitRel<S>, Vec<ValueOut>);

/// The first rule broken by a candidate ending in the asked state (through
/// one of `mos`), or `Allowed` when one of its modification orders is
/// consistent.
fn classify<S: Set>(
    g: &ExecutionGraph<S>,
    pre: Result<Analysis<S>, Box<Finding>>,
    mos: &[(BitRel<S>, Vec<ValueOut>)],
    limits: &mut Limits,
) -> Result<Classified<S>, String> {
    let (mo0, state0) = mos[0].clone();
    let a = match pre {
        Ok(a) => a,
        Err(f) => return Ok((*f, None, mo0, state0)),
    };
    for r in members(g.reads) {
        if let Some(rule) = a.rules[r] {
            if !rule.allows(g.rf[r]) {
                let f = read_rule_finding(g, &a, r, rule);
                return Ok((f, Some(a), mo0, state0));
            }
        }
    }
    let mut first: Option<(Finding, BitRel<S>, Vec<ValueOut>)> = None;
    for (mo, state) in mos {
        limits.step()?;
        match check_with_mo(g, &a, mo) {
            None => {
                let (detail, edges) = allowed_detail(g, &a);
                let f = Finding {
                    verdict: Verdict::Allowed,
                    rank: 0,
                    rule: "allowed",
                    source: "",
                    quote: "",
                    detail,
                    events: Vec::new(),
                    edges,
                };
                return Ok((f, Some(a), *mo, state.clone()));
            }
            Some(f) => {
                // Report the rule reached latest (a modification order that
                // meets coherence and breaks RMW atomicity or seq_cst says
                // more than one that breaks coherence).
                if first.as_ref().is_none_or(|(p, _, _)| f.rank > p.rank) {
                    first = Some((f, *mo, state.clone()));
                }
            }
        }
    }
    let (f, mo, state) = first.expect("at least one modification order");
    Ok((f, Some(a), mo, state))
}

fn add_class(
    classes: &mut Vec<(u8, ExplainClass)>,
    f: Finding,
    state: Vec<ValueOut>,
    witness: impl FnOnce() -> Witness,
) {
    if let Some((_, c)) = classes
        .iter_mut()
        .find(|(_, c)| c.verdict == f.verdict && c.rule == f.rule && c.detail == f.detail)
    {
        c.count += 1;
        return;
    }
    classes.push((
        f.rank,
        ExplainClass {
            verdict: f.verdict,
            rule: f.rule.to_string(),
            source: f.source.to_string(),
            quote: f.quote.to_string(),
            detail: f.detail,
            count: 1,
            state,
            witness: witness(),
            highlight_events: f.events,
            highlight_edges: f.edges,
        },
    ));
}

/// Records why flags are raised, from consistent executions (any state).
fn note_flags<S: Set>(
    flags: &mut Vec<FlagReason>,
    program: &Program,
    g: &ExecutionGraph<S>,
    a: &Analysis<S>,
    combo: &crate::engine::Combo<S>,
) {
    // Only consistent candidates raise flags: the value rules hold, and
    // some modification order (among all, not only the asked state's) fits.
    if members(g.reads).any(|r| a.rules[r].is_some_and(|rule| !rule.allows(g.rf[r]))) {
        return;
    }
    if !a.mo_required.is_acyclic() {
        return;
    }
    let mut add = |flag: &str, text: String| {
        if !flags.iter().any(|f| f.flag == flag && f.text == text) {
            flags.push(FlagReason {
                flag: flag.into(),
                text,
            });
        }
    };
    for r in members(g.reads) {
        match a.rules[r] {
            Some(ReadRule::UnorderedWrite(w)) => add(
                "race",
                format!(
                    "{} (line {}) may see {} (line {}), which is not location-ordered before it, \
                     so it returns undef (memory-model.txt, \"Location Order\")",
                    e(r),
                    g.events[r].line,
                    e(w),
                    g.events[w].line
                ),
            ),
            Some(ReadRule::SeveralWrites) => add(
                "race",
                format!(
                    "{} (line {}) may see several writes ({}), so it returns undef \
                     (memory-model.txt, \"Location Order\")",
                    e(r),
                    g.events[r].line,
                    members(g.same_loc[r] & g.writes & !a.hb.row(r) & !S::bit(r))
                        .map(e)
                        .collect::<Vec<_>>()
                        .join(", ")
                ),
            ),
            _ => {}
        }
    }
    let asyncs = crate::witness::async_events(program, g);
    for race in amdmm_model::async_ops::async_races(g, a, asyncs) {
        add(
            "race",
            format!(
                "{}: {} (line {}) of an async LDS DMA transfer in flight and {} (line {}) \
                 (async-operations.txt, \"Memory Consistency Model\")",
                race.kind.relation(),
                e(race.transfer),
                g.events[race.transfer].line,
                e(race.access),
                g.events[race.access].line
            ),
        );
    }
    for m in &combo.barrier.messages {
        match m.strip_prefix("deadlock: ") {
            Some(t) => add("deadlock", t.to_string()),
            None => add("ub", m.clone()),
        }
    }
    for p in &combo.paths {
        if let crate::symbolic::PathEnd::Ub(why) = &p.end {
            add("ub", why.to_string());
        }
    }
}
