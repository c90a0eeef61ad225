//! Witnesses of what `amdmm kernel` reports: for each race, undefined
//! behaviour, deadlock and assertion failure, one execution that has it
//! (the first the search meets, `amdmm_explore::Findings::witnesses`), its
//! events labelled with the kernel's source lines, and for a race the
//! relations that make it one. The text is `amdmm explain`'s
//! ([`amdmm_report::witness_text_events`]) and the graphs `amdmm run
//! --graph`'s ([`amdmm_report::witness_to_dot`]).

use crate::lower::Built;
use crate::report::{AccessOut, KernelReport, WitnessOut};
use amdmm_explore::{Outcome, ReadFinding, ValueOut, Witness};
use amdmm_program::Placement;

/// The events of the read and of the write of a race in `w`, by work-item
/// and line (an event's line is its instruction's source line, or its
/// `.ll` line without debug info, as an access's `line`); among several (a
/// loop's iterations), the ends of a `race` edge.
fn race_events(
    w: &Witness,
    read: &AccessOut,
    write: Option<&AccessOut>,
) -> (Option<usize>, Option<usize>) {
    let is = |i: usize, a: &AccessOut| {
        w.events
            .get(i)
            .is_some_and(|e| e.thread == a.work_item && e.line == a.line)
    };
    let edges: Vec<(usize, usize)> = w
        .relations
        .iter()
        .filter(|(n, _)| n == "race" || n == "undef-read")
        .flat_map(|(_, es)| es.iter().copied())
        .collect();
    if let Some(wr) = write {
        if let Some(&(a, b)) = edges.iter().find(|&&(a, b)| is(a, wr) && is(b, read)) {
            return (Some(b), Some(a));
        }
    }
    let r = edges
        .iter()
        .map(|&(_, b)| b)
        .find(|&b| is(b, read))
        .or_else(|| (0..w.events.len()).find(|&i| is(i, read)));
    let wi = write.and_then(|wr| (0..w.events.len()).find(|&i| is(i, wr)));
    (r, wi)
}

/// Does event `a` happen before event `b` in `w`: a path of program-order
/// and (reduced) happens-before edges? The witness keeps happens-before
/// without its program-order and transitive edges; their closure is the
/// execution's happens-before.
fn happens_before(w: &Witness, a: usize, b: usize) -> bool {
    let mut edges: Vec<(usize, usize)> = w.po.clone();
    for (n, es) in &w.relations {
        if n == "hb" {
            edges.extend(es.iter().copied());
        }
    }
    let mut seen = vec![false; w.events.len()];
    let mut stack = vec![a];
    while let Some(x) = stack.pop() {
        for &(from, to) in &edges {
            if from == x && to < seen.len() && !seen[to] {
                if to == b {
                    return true;
                }
                seen[to] = true;
                stack.push(to);
            }
        }
    }
    false
}

/// Do two atomics at these placements and sync scopes have inclusive
/// scopes? memory-model.txt, "Inclusive Scopes": "Two operations X and Y
/// are said to have inclusive scopes if the scope instance of each
/// operation contains the other operation" (the same test as
/// `amdmm_model::scopes::inclusive`, on the program's placements).
fn inclusive(
    (px, sx): (&Placement, amdmm_program::ScopeLevel),
    (py, sy): (&Placement, amdmm_program::ScopeLevel),
) -> bool {
    px.same_instance(py, sx) && py.same_instance(px, sy)
}

/// Why the read of a race returns `undef`, one sentence per relation:
/// whether the write happens before the read, whether both are atomic and
/// with inclusive scopes, and the value rule (memory-model.txt, "Location
/// Order": "Otherwise, if R may see some write that is not
/// location-ordered before R, then R returns undef").
fn race_why(
    built: &Built,
    f: &ReadFinding,
    read: &AccessOut,
    write: Option<&AccessOut>,
    w: Option<(&Witness, Option<usize>, Option<usize>)>,
) -> Vec<String> {
    let p = &built.program;
    let Some(wr) = write else {
        return vec![format!(
            "the {} may see several writes, not all atomics with inclusive scopes and none \
             location-ordered before the others, so it returns undef (memory-model.txt, \
             \"Location Order\": \"Otherwise, R returns undef\")",
            read.op
        )];
    };
    let mut why = Vec::new();
    let (r_name, w_name) = (
        format!("{} of {}", read.op, read.work_item),
        format!("{} of {}", wr.op, wr.work_item),
    );
    if let Some((w, Some(ri), Some(wi))) = w {
        if happens_before(w, wi, ri) {
            why.push(format!(
                "the {w_name} happens before the {r_name}, but no availability and visibility \
                 operations with inclusive scopes make it location-ordered before it \
                 (memory-model.txt, \"Location Order\")"
            ));
        } else {
            why.push(format!(
                "the {w_name} does not happen before the {r_name}: no chain of program order \
                 and synchronizes-with edges leads from one to the other, so it is not \
                 location-ordered before it (memory-model.txt, \"Properties\": \
                 \"Happens-before is necessary for location-order\")"
            ));
        }
    }
    let (ra, wa) = (
        crate::report::attrs_of(p, f.read),
        f.write.and_then(|x| crate::report::attrs_of(p, x)),
    );
    let atomic = |a: Option<&amdmm_program::MemAttrs>| a.is_some_and(|a| a.ordering.is_atomic());
    match (atomic(ra), atomic(wa)) {
        (true, true) => {
            let (ra, wa) = (ra.expect("atomic"), wa.expect("atomic"));
            let place = |t: u32| &p.threads[t as usize].placement;
            let (rt, wt) = (f.read.0, f.write.map_or(f.read.0, |x| x.0));
            if inclusive((place(wt), wa.scope.level), (place(rt), ra.scope.level)) {
                why.push(format!(
                    "both are atomic with inclusive scopes, but the {r_name} may also see a \
                     write that is not (memory-model.txt, \"Location Order\")"
                ));
            } else {
                why.push(format!(
                    "both are atomic, but their scopes are not inclusive: the {} scope instance \
                     of the {w_name} and the {} scope instance of the {r_name} do not each \
                     contain the other operation (memory-model.txt, \"Inclusive Scopes\")",
                    wa.scope.level, ra.scope.level
                ));
            }
        }
        (false, false) => why.push("neither access is atomic".to_string()),
        (false, true) => why.push(format!("the {r_name} is not atomic")),
        (true, false) => why.push(format!("the {w_name} is not atomic")),
    }
    why.push(
        "so the read returns undef (memory-model.txt, \"Location Order\": \"if R may see some \
         write that is not location-ordered before R, then R returns undef\")"
            .to_string(),
    );
    why
}

/// The witness and the explanation of one race.
pub(crate) fn race(
    built: &Built,
    witness: Option<&Witness>,
    f: &ReadFinding,
    read: &AccessOut,
    write: Option<&AccessOut>,
) -> (Vec<String>, Option<WitnessOut>) {
    let ends = witness.map(|w| {
        let (r, wi) = race_events(w, read, write);
        (w, r, wi)
    });
    let why = race_why(built, f, read, write, ends);
    let out = witness.map(|w| WitnessOut {
        graph: None,
        execution: w.clone(),
    });
    (why, out)
}

/// A witness of the assertion failure at `line`: the first final state
/// (in the order of the states) in which some work-item's assert register
/// holds it.
pub(crate) fn assert_witness(outcome: &Outcome, cells: usize, line: u32) -> Option<WitnessOut> {
    let w = outcome.witnesses.iter().find(|w| {
        outcome.states.get(w.state).is_some_and(|s| {
            s.values
                .iter()
                .skip(cells)
                .any(|v| *v == ValueOut::Int(i64::from(line)))
        })
    })?;
    Some(WitnessOut {
        graph: None,
        execution: w.clone(),
    })
}

/// The explain-style trace of a witness, indented under its finding.
pub fn trace_text(w: &WitnessOut, indent: &str) -> String {
    let mut s = String::new();
    let graph = w
        .graph
        .as_ref()
        .map_or(String::new(), |g| format!(" (graph: {g})"));
    s.push_str(&format!("{indent}witness{graph}:\n"));
    for line in amdmm_report::witness_text_events(&w.execution).lines() {
        s.push_str(indent);
        s.push_str(line);
        s.push('\n');
    }
    s
}

/// The events a graph highlights: the ends of the race edge.
fn race_highlight(w: &Witness) -> (Vec<usize>, Vec<(String, usize, usize)>) {
    let mut events = Vec::new();
    let mut edges = Vec::new();
    for (n, es) in &w.relations {
        if n == "race" {
            for &(a, b) in es {
                events.extend([a, b]);
                edges.push((n.clone(), a, b));
            }
        }
    }
    (events, edges)
}

/// One graph per witness of `r`: (file stem, DOT, where its path goes).
/// Stems say which finding: `STEM.race-1-data`, `STEM.ub-1`,
/// `STEM.deadlock-1`, `STEM.assert-1-line24`.
pub fn graphs(r: &KernelReport, stem: &str) -> Vec<(String, String, GraphSlot)> {
    let stem = amdmm_report::file_stem(stem);
    let mut out = Vec::new();
    let dot = |w: &Witness, title: String, race: bool| {
        // The source line in each box (the text gives it as `(line N)`).
        let mut w = w.clone();
        for e in w
            .events
            .iter_mut()
            .filter(|e| e.thread != "init" && e.line > 0)
        {
            e.label = format!("{} (line {})", e.label, e.line);
        }
        let w = &w;
        let (highlight_events, highlight_edges) = if race {
            race_highlight(w)
        } else {
            Default::default()
        };
        amdmm_report::witness_to_dot(
            w,
            &amdmm_report::DotOptions {
                title: Some(title),
                highlight_events,
                highlight_edges,
                ..Default::default()
            },
        )
    };
    for (k, race) in r.races.iter().enumerate() {
        if let Some(w) = &race.witness {
            let var = race.read.variable.split('[').next().unwrap_or("");
            let title = format!(
                "{}: race {}: {}:{} {} ({}){}",
                r.kernel,
                k + 1,
                race.read.file,
                race.read.line,
                race.read.variable,
                race.read.work_item,
                race.write.as_ref().map_or(String::new(), |wr| format!(
                    " may see {}:{} ({})",
                    wr.file, wr.line, wr.work_item
                ))
            );
            out.push((
                format!("{stem}.race-{}-{}", k + 1, amdmm_report::file_stem(var)),
                dot(&w.execution, title, true),
                GraphSlot::Race(k),
            ));
        }
    }
    let (mut ub, mut deadlock) = (0, 0);
    for (k, n) in r.barrier.iter().enumerate() {
        if let Some(w) = &n.witness {
            let count = if n.flag == "deadlock" {
                deadlock += 1;
                deadlock
            } else {
                ub += 1;
                ub
            };
            out.push((
                format!("{stem}.{}-{count}", n.flag),
                dot(
                    &w.execution,
                    format!("{}: {} {count}: {}", r.kernel, n.flag, n.text),
                    false,
                ),
                GraphSlot::Barrier(k),
            ));
        }
    }
    for (k, a) in r.asserts.iter().enumerate() {
        if let Some(w) = &a.witness {
            out.push((
                format!("{stem}.assert-{}-line{}", k + 1, a.line),
                dot(
                    &w.execution,
                    format!("{}: assertion at {}:{} reached", r.kernel, a.file, a.line),
                    false,
                ),
                GraphSlot::Assert(k),
            ));
        }
    }
    out
}

/// Which witness of a report a graph shows (to record the file written).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GraphSlot {
    Race(usize),
    Barrier(usize),
    Assert(usize),
}

/// Records that the graph of `slot` was written to `path`.
pub fn set_graph(r: &mut KernelReport, slot: GraphSlot, path: String) {
    let w = match slot {
        GraphSlot::Race(k) => r.races.get_mut(k).and_then(|x| x.witness.as_mut()),
        GraphSlot::Barrier(k) => r.barrier.get_mut(k).and_then(|x| x.witness.as_mut()),
        GraphSlot::Assert(k) => r.asserts.get_mut(k).and_then(|x| x.witness.as_mut()),
    };
    if let Some(w) = w {
        w.graph = Some(path);
    }
}
