//! What `amdmm kernel` reports, in the kernel's terms: races as pairs of
//! source lines, undefined reads, barrier undefined behaviour and
//! deadlocks, assertion failures, and the final values of the buffers.
//! The same struct writes the text and the `--json` document
//! (`amdmm schema kernel`).

use crate::lower::Built;
use amdmm_explore::{FindingKey, Findings, Outcome, ReadFinding, ValueOut, Witness};
use amdmm_program::{Instr, MemAttrs, Program};
use schemars::JsonSchema;
use serde::Serialize;
use std::collections::{BTreeMap, BTreeSet};

/// The `--json` document of `amdmm kernel`.
#[derive(Clone, Debug, PartialEq, Serialize, JsonSchema)]
pub struct KernelReport {
    /// The kernel's source name (or IR name without debug info).
    pub kernel: String,
    /// The file read (the `.ll`, or the source amdmm compiled).
    pub file: String,
    pub launch: LaunchOut,
    /// `complete`, or `unknown` when a limit stopped the exploration.
    pub verdict: String,
    /// Why the verdict is unknown.
    pub limit: Option<String>,
    pub flags: KernelFlags,
    /// Every data race: a read that may see a write not location-ordered
    /// before it, by source lines.
    pub races: Vec<RaceOut>,
    /// Reads that return `undef` without a race (no write is
    /// location-ordered before them: uninitialised memory).
    pub undef_reads: Vec<AccessOut>,
    /// Undefined behaviour (barrier misuse, an index out of bounds, a
    /// branch on `undef`) and deadlocks.
    pub barrier: Vec<NoteOut>,
    /// Results that come from a specification finding (docs/findings.md,
    /// "Specification findings"): `note: this is finding S1 ...`, the line
    /// `amdmm run` prints for the same pattern.
    pub notes: Vec<NoteOut>,
    /// Reachable assertion failures (`llvm.trap`, `abort`,
    /// `__assert_fail`, `unreachable`).
    pub asserts: Vec<AssertOut>,
    /// The final memory of each final state: `"out[0]": 42`, buffers named
    /// by the parameter's source name (its IR name without debug info).
    pub memory: Vec<BTreeMap<String, ValueOut>>,
    /// Per written element: its value in every final state, or the set.
    pub final_values: Vec<CellOut>,
    /// Complete executions.
    pub executions: u64,
    /// Executions the loop bound cut short (`--loop-bound`).
    pub cutoff_executions: u64,
    /// `--loop-bound`.
    pub loop_bound: u32,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, JsonSchema)]
pub struct LaunchOut {
    pub grid: [u32; 2],
    pub block: [u32; 2],
    pub wave_size: u32,
    /// `--lanes K`: only the first K lanes of each wavefront are modelled.
    pub lanes: Option<u32>,
    /// Work-items modelled (threads of the memory model).
    pub work_items: u32,
    /// Some work-items are not modelled (`--lanes`): an under-approximation.
    pub partial: bool,
}

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, JsonSchema)]
pub struct KernelFlags {
    pub race: bool,
    pub ub: bool,
    pub deadlock: bool,
    pub undef: bool,
    #[serde(rename = "assert")]
    pub assert_: bool,
    pub cutoff: bool,
}

impl KernelFlags {
    pub fn names(&self) -> Vec<&'static str> {
        let mut v = Vec::new();
        for (on, n) in [
            (self.race, "race"),
            (self.ub, "ub"),
            (self.deadlock, "deadlock"),
            (self.undef, "undef"),
            (self.assert_, "assert"),
            (self.cutoff, "cutoff"),
        ] {
            if on {
                v.push(n);
            }
        }
        v
    }
}

/// One access, where it is in the source.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, JsonSchema)]
pub struct AccessOut {
    /// Source file (from the debug info), else the `.ll`.
    pub file: String,
    /// Source line, else the `.ll` line.
    pub line: u32,
    /// The line in the `.ll` file.
    pub ir_line: u32,
    /// `load`, `store`, `atomicrmw`, `cmpxchg`.
    pub op: String,
    /// Atomic (with its ordering and scope) or plain.
    pub atomic: Option<String>,
    /// The buffer or variable accessed.
    pub variable: String,
    /// One work-item that performs it (`wg1.wi0`).
    pub work_item: String,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, JsonSchema)]
pub struct RaceOut {
    /// The read that returns `undef`.
    pub read: AccessOut,
    /// The write it may see that is not location-ordered before it (none
    /// when it may see several writes).
    pub write: Option<AccessOut>,
    /// Why the read returns `undef`: the relations between the two
    /// accesses in the witness (happens-before, atomicity, scopes) and the
    /// value rule that applies, one sentence each.
    pub why: Vec<String>,
    /// An execution with this race.
    pub witness: Option<WitnessOut>,
    /// The result is an expected behaviour of the specification that a
    /// reader may not expect (docs/findings.md, "Expected behaviours"): a
    /// one-line note.
    pub note: Option<String>,
}

/// One execution that shows a finding (a race, undefined behaviour, a
/// deadlock, an assertion failure).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, JsonSchema)]
pub struct WitnessOut {
    /// The graph `--graph DIR` wrote of it (null without `--graph`).
    pub graph: Option<String>,
    /// The events (each labelled with its source file and line), program
    /// order and relations, as `amdmm run --json` gives its witnesses; the
    /// two racing accesses are the ends of the `race` relation's edge.
    pub execution: Witness,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, JsonSchema)]
pub struct NoteOut {
    /// `ub` or `deadlock` (in `barrier`), `note` (in `notes`).
    pub flag: String,
    pub text: String,
    /// An execution with it (`ub` and `deadlock`; null for `note`).
    pub witness: Option<WitnessOut>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, JsonSchema)]
pub struct AssertOut {
    pub file: String,
    pub line: u32,
    /// Work-items that reach it in some final state.
    pub work_items: Vec<String>,
    /// An execution that reaches it.
    pub witness: Option<WitnessOut>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, JsonSchema)]
pub struct CellOut {
    /// `out[0]`
    pub name: String,
    /// The values over the final states, sorted.
    pub values: Vec<ValueOut>,
    /// The same value in every final state.
    pub always: bool,
    /// Its initial value (none for uninitialised memory).
    pub initial: Option<i64>,
}

/// The memory attributes of instruction `k` of thread `t` (none for an
/// instruction that is not an access).
pub(crate) fn attrs_of(p: &Program, (t, k): (u32, u32)) -> Option<&MemAttrs> {
    match p.threads.get(t as usize)?.code.get(k as usize)? {
        Instr::Load { attrs, .. }
        | Instr::Store { attrs, .. }
        | Instr::Rmw { attrs, .. }
        | Instr::CmpXchg { attrs, .. } => Some(attrs),
        _ => None,
    }
}

/// One access of a finding: the instruction `k` of thread `t`; `write` when
/// it is the finding's write (an LDS DMA copy reads its source and writes
/// its destination).
fn access(built: &Built, ll: &str, (t, k): (u32, u32), write: bool) -> AccessOut {
    let p: &Program = &built.program;
    let thread = &p.threads[t as usize];
    let origin = &built.origins[t as usize][k as usize];
    let (file, line) = match &origin.source {
        Some(s) => (s.file.clone(), s.line),
        None => (ll.to_string(), origin.ir_line),
    };
    let instr = &thread.code[k as usize];
    let (op, attrs, addr) = match instr {
        Instr::Load { attrs, addr, .. } => ("load", Some(attrs), Some(addr)),
        Instr::Store { attrs, addr, .. } => ("store", Some(attrs), Some(addr)),
        Instr::Rmw { attrs, addr, .. } => ("atomicrmw", Some(attrs), Some(addr)),
        Instr::CmpXchg { attrs, addr, .. } => ("cmpxchg", Some(attrs), Some(addr)),
        Instr::Dma { src, dst, .. } => ("LDS DMA copy", None, Some(if write { dst } else { src })),
        _ => ("access", None, None),
    };
    let atomic = attrs.filter(|a| a.ordering.is_atomic()).map(|a| {
        let scope = a.scope.to_string();
        if scope.is_empty() || scope == "\"\"" {
            a.ordering.name().to_string()
        } else {
            format!("{} {}", a.ordering.name(), scope)
        }
    });
    let variable = addr.map_or(String::new(), |a| {
        let s = &p.symbols[a.symbol as usize];
        match a.index {
            amdmm_program::Operand::Const(i) => {
                let dims = built
                    .buffers
                    .iter()
                    .find(|b| b.symbol == a.symbol)
                    .map_or(&[][..], |b| b.dims.as_slice());
                crate::lower::element_name(&s.name, dims, i)
            }
            _ => format!("{}[*]", s.name),
        }
    });
    AccessOut {
        file,
        line,
        ir_line: origin.ir_line,
        op: op.into(),
        atomic,
        variable,
        work_item: thread.name.clone(),
    }
}

/// A race's entry in the report: the two accesses, why the read returns
/// `undef`, the witness, and the note of an expected behaviour.
fn race_out(
    built: &Built,
    findings: &Findings,
    f: &ReadFinding,
    read: AccessOut,
    write: Option<AccessOut>,
) -> RaceOut {
    let w = findings.witnesses.get(&FindingKey::Read(*f));
    let (why, witness) = crate::witness::race(built, w, f, &read, write.as_ref());
    let note = scope_mismatch_note(built, f);
    RaceOut {
        read,
        write,
        why,
        witness,
        note,
    }
}

/// The note under a race between two atomics whose scopes are not
/// inclusive: an expected behaviour (docs/findings.md, "Expected
/// behaviours": "a scope mismatch is a race in scoped (HRF) models"), not a
/// finding, but one a reader who expected the race on the data the flag
/// guards needs explained: the flag's own read returns `undef`
/// (memory-model.txt, "Location Order": the set of the read and the
/// writes it may see is not "only atomic operations with inclusive
/// scopes", and it may see the store, not location-ordered before it), so
/// a loop on it branches on `undef` and the data is never read.
fn scope_mismatch_note(built: &Built, f: &ReadFinding) -> Option<String> {
    let p = &built.program;
    let w = f.write?;
    let (ra, wa) = (attrs_of(p, f.read)?, attrs_of(p, w)?);
    if !(ra.ordering.is_atomic() && wa.ordering.is_atomic()) {
        return None;
    }
    let (pr, pw) = (
        &p.threads[f.read.0 as usize].placement,
        &p.threads[w.0 as usize].placement,
    );
    if pw.same_instance(pr, wa.scope.level) && pr.same_instance(pw, ra.scope.level) {
        return None;
    }
    let (wl, rl) = (wa.scope.level, ra.scope.level);
    // Equal levels would read "workgroup and workgroup": say the two
    // instances differ, each atomic's scope being its own.
    let scopes = if wl == rl {
        format!("both {wl} scope, but each names its own {wl} and they are in different {wl}s")
    } else {
        format!("{wl} and {rl}, and neither contains the other")
    };
    Some(format!(
        "a scope mismatch is a race (docs/findings.md, \"Expected behaviours\"): the atomics of \
         {} and {} have scopes that do not include each other ({scopes}), so even this read \
         returns undef; a loop or branch on it is undefined behaviour, and what it guards is \
         never read: the race is here, not on the data it was meant to publish",
        p.threads[w.0 as usize].name, p.threads[f.read.0 as usize].name,
    ))
}

/// A race by its read's file and line and its write's.
type RaceKey = (String, u32, Option<(String, u32)>);

/// The report of one run.
pub fn report(
    built: &Built,
    ll: &str,
    outcome: &Outcome,
    findings: &Findings,
    loop_bound: u32,
) -> KernelReport {
    let p = &built.program;
    // Races by their pair of lines: one representative pair of work-items.
    let mut races: BTreeMap<RaceKey, RaceOut> = BTreeMap::new();
    let mut undef: BTreeMap<(String, u32), AccessOut> = BTreeMap::new();
    for f in &findings.reads {
        let read = access(built, ll, f.read, false);
        if f.race {
            let write = f.write.map(|w| access(built, ll, w, true));
            let key = (
                read.file.clone(),
                read.line,
                write.as_ref().map(|w| (w.file.clone(), w.line)),
            );
            races
                .entry(key)
                .or_insert_with(|| race_out(built, findings, f, read, write));
        } else {
            undef.entry((read.file.clone(), read.line)).or_insert(read);
        }
    }
    // A race with a known write makes the "several writes" one of the same read redundant.
    let with_write: BTreeSet<(String, u32)> = races
        .values()
        .filter(|r| r.write.is_some())
        .map(|r| (r.read.file.clone(), r.read.line))
        .collect();
    let races: Vec<RaceOut> = races
        .into_values()
        .filter(|r| r.write.is_some() || !with_write.contains(&(r.read.file.clone(), r.read.line)))
        .collect();
    // Columns: the shown buffer cells, then the assert registers.
    let cells: usize = built.buffers.iter().map(|b| b.shown.len()).sum();
    let mut memory = Vec::new();
    let mut values: Vec<BTreeSet<ValueOut>> = vec![BTreeSet::new(); cells];
    let mut asserts: BTreeMap<u32, BTreeSet<String>> = BTreeMap::new();
    for s in &outcome.states {
        let mut m = BTreeMap::new();
        for (k, v) in s.values.iter().enumerate() {
            if k < cells {
                m.insert(outcome.columns[k].clone(), *v);
                values[k].insert(*v);
            } else if let ValueOut::Int(line) = v {
                if *line != 0 {
                    let who = outcome.columns[k]
                        .split(':')
                        .next()
                        .unwrap_or("")
                        .to_string();
                    asserts.entry(*line as u32).or_default().insert(who);
                }
            }
        }
        memory.push(m);
    }
    let mut final_values = Vec::new();
    let mut k = 0;
    for b in &built.buffers {
        for &loc in &b.shown {
            let vs: Vec<ValueOut> = values[k].iter().copied().collect();
            final_values.push(CellOut {
                name: p.locations[loc as usize].name.clone(),
                always: vs.len() == 1,
                values: vs,
                initial: b.init[(loc - b.first) as usize],
            });
            k += 1;
        }
    }
    let source_file = built
        .origins
        .iter()
        .flatten()
        .find_map(|o| o.source.as_ref().map(|s| s.file.clone()))
        .unwrap_or_else(|| ll.to_string());
    let asserts: Vec<AssertOut> = asserts
        .into_iter()
        .map(|(line, who)| AssertOut {
            file: source_file.clone(),
            line,
            work_items: who.into_iter().collect(),
            witness: crate::witness::assert_witness(outcome, cells, line),
        })
        .collect();
    let note_witness = |key: FindingKey| {
        findings.witnesses.get(&key).map(|w| WitnessOut {
            graph: None,
            execution: w.clone(),
        })
    };
    let flags = KernelFlags {
        race: outcome.flags.race,
        ub: outcome.flags.ub,
        deadlock: outcome.flags.deadlock,
        undef: !undef.is_empty(),
        assert_: !asserts.is_empty(),
        cutoff: outcome.flags.cutoff,
    };
    let l = &built.launch;
    KernelReport {
        kernel: built.kernel.clone(),
        file: ll.to_string(),
        launch: LaunchOut {
            grid: l.grid,
            block: l.block,
            wave_size: l.wave_size,
            lanes: l.lanes,
            work_items: built.work_items.len() as u32,
            partial: l.partial(),
        },
        verdict: if outcome.limit.is_some() {
            "unknown".into()
        } else {
            "complete".into()
        },
        limit: outcome.limit.as_ref().map(|l| l.to_string()),
        flags,
        races,
        undef_reads: undef.into_values().collect(),
        barrier: outcome
            .notes
            .iter()
            .filter(|n| n.flag != "finding")
            .map(|n| NoteOut {
                flag: n.flag.clone(),
                text: n.text.clone(),
                witness: note_witness(FindingKey::Note(n.flag.clone(), n.text.clone())),
            })
            .chain(findings.ub.iter().map(|u| NoteOut {
                flag: "ub".into(),
                text: ub_text(p, u),
                witness: note_witness(FindingKey::PathUb(u.clone())),
            }))
            .collect(),
        notes: outcome
            .notes
            .iter()
            .filter(|n| n.flag == "finding")
            .map(|n| NoteOut {
                flag: "note".into(),
                text: n.text.clone(),
                witness: None,
            })
            .collect(),
        asserts,
        memory,
        final_values,
        executions: outcome.positive + outcome.negative,
        cutoff_executions: outcome.cutoff_executions,
        loop_bound,
    }
}

/// A path's undefined behaviour in the report's names: the explorer
/// writes a symbol as a litmus test does (`index out of bounds of @out`);
/// the report names buffers as everywhere else in it, `out`, or its IR
/// name `%0` without debug info (never `@%0`).
fn ub_text(p: &Program, u: &str) -> String {
    const OOB: &str = "index out of bounds of @";
    let Some(rest) = u.strip_prefix(OOB) else {
        return u.to_string();
    };
    p.symbols
        .iter()
        .map(|s| s.name.as_str())
        .filter(|n| {
            rest.strip_prefix(n)
                .is_some_and(|t| t.is_empty() || t.starts_with(' '))
        })
        .max_by_key(|n| n.len())
        .map_or_else(
            || u.to_string(),
            |n| format!("index out of bounds of {n}{}", &rest[n.len()..]),
        )
}

fn access_text(a: &AccessOut) -> String {
    let kind = match &a.atomic {
        Some(at) => format!("{} atomic {at}", a.op),
        None => a.op.clone(),
    };
    format!(
        "{}:{} {kind} of {} ({})",
        a.file, a.line, a.variable, a.work_item
    )
}

/// The text report.
pub fn text(r: &KernelReport) -> String {
    let loop_bound = r.loop_bound;
    let mut s = String::new();
    let l = &r.launch;
    let dims = |d: [u32; 2]| {
        if d[1] == 1 {
            d[0].to_string()
        } else {
            format!("{}x{}", d[0], d[1])
        }
    };
    s.push_str(&format!(
        "Kernel {} ({}): grid {} x block {}, wave size {}, {} work-items modelled\n",
        r.kernel,
        r.file,
        dims(l.grid),
        dims(l.block),
        l.wave_size,
        l.work_items
    ));
    if l.partial {
        s.push_str(&format!(
            "  note: --lanes {}: only the first {} lanes of each wavefront are modelled (an under-approximation: what other lanes do is not checked)\n",
            l.lanes.unwrap_or(0),
            l.lanes.unwrap_or(0)
        ));
    }
    if let Some(limit) = &r.limit {
        s.push_str(&format!("Unknown: {limit}\n"));
        return s;
    }
    if r.races.is_empty() {
        s.push_str("Races: none\n");
    } else {
        s.push_str(&format!("Races: {}\n", r.races.len()));
        for race in &r.races {
            match &race.write {
                Some(w) => s.push_str(&format!(
                    "  race: {}\n        may see {}, not location-ordered before it\n",
                    access_text(&race.read),
                    access_text(w)
                )),
                None => s.push_str(&format!(
                    "  race: {}\n        may see several writes\n",
                    access_text(&race.read)
                )),
            }
            for why in &race.why {
                s.push_str(&format!("        why: {why}\n"));
            }
            if let Some(n) = &race.note {
                s.push_str(&format!("        note: {n}\n"));
            }
            if let Some(w) = &race.witness {
                s.push_str(&crate::witness::trace_text(w, "        "));
            }
        }
    }
    for u in &r.undef_reads {
        s.push_str(&format!(
            "  undef: {} returns undef: no write is location-ordered before it\n",
            access_text(u)
        ));
    }
    for n in &r.barrier {
        s.push_str(&format!("  {}: {}\n", n.flag, n.text));
        if let Some(g) = n.witness.as_ref().and_then(|w| w.graph.as_ref()) {
            s.push_str(&format!("        witness graph: {g}\n"));
        }
    }
    for n in &r.notes {
        s.push_str(&format!("note: {}\n", n.text));
    }
    for a in &r.asserts {
        s.push_str(&format!(
            "  assert: {}:{} is reached by {}\n",
            a.file,
            a.line,
            a.work_items.join(", ")
        ));
        if let Some(g) = a.witness.as_ref().and_then(|w| w.graph.as_ref()) {
            s.push_str(&format!("        witness graph: {g}\n"));
        }
    }
    if r.executions == 0 && r.flags.deadlock {
        s.push_str("  no execution completes: every one deadlocks\n");
    } else if r.executions == 0 && r.cutoff_executions > 0 {
        s.push_str(&format!(
            "  no execution completes: every one is cut off by --loop-bound {loop_bound} (a loop that never exits, or one that needs a larger bound)\n"
        ));
    }
    s.push_str(&format!(
        "Final memory ({} final states):\n",
        r.memory.len()
    ));
    if r.final_values.is_empty() {
        s.push_str("  (the kernel writes no buffer)\n");
    }
    for c in &r.final_values {
        let vals: Vec<String> = c.values.iter().map(|v| v.to_string()).collect();
        if c.always {
            s.push_str(&format!(
                "  {} = {}  (every final state)\n",
                c.name,
                vals.join("")
            ));
        } else if vals.is_empty() {
            s.push_str(&format!("  {}: no final state\n", c.name));
        } else {
            s.push_str(&format!("  {} in {{{}}}\n", c.name, vals.join(", ")));
        }
    }
    let flags = r.flags.names();
    s.push_str(&format!(
        "Flags: {}\n",
        if flags.is_empty() {
            "none".into()
        } else {
            flags.join(" ")
        }
    ));
    s.push_str(&format!("Executions: {} complete", r.executions));
    if r.cutoff_executions > 0 {
        s.push_str(&format!(
            ", {} cut off by --loop-bound {loop_bound}",
            r.cutoff_executions
        ));
    }
    s.push('\n');
    s
}
