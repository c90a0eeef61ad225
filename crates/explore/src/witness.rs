//! Rendering one execution as a witness: events and the edges that justify
//! the values read.

use crate::locations::LocationMap;
use crate::result::{EventKindOut, EventOut, Witness};
use amdmm_graph::{relation::members, BitRel, EventKind, ExecutionGraph, Set};
use amdmm_model::async_ops;
use amdmm_model::{Analysis, ReadRule};
use amdmm_program::{DmaKind, Instr, Ordering, Program};

/// The events of async LDS DMA copies (the `.async` intrinsics).
pub(crate) fn async_events<S: Set>(program: &Program, g: &ExecutionGraph<S>) -> S {
    let mut s = S::empty();
    for (i, e) in g.events.iter().enumerate() {
        if e.is_init() {
            continue;
        }
        let code = &program.threads[e.thread as usize].code;
        if let Some(Instr::Dma { kind, .. }) = code.get(e.instr as usize) {
            if *kind != DmaKind::Tracked {
                s |= S::bit(i);
            }
        }
    }
    s
}

fn label<S: Set>(
    program: &Program,
    locs: &LocationMap,
    g: &ExecutionGraph<S>,
    asyncs: S,
    i: usize,
) -> String {
    let e = &g.events[i];
    let mut s = format!("e{i}: ");
    s.push_str(match e.kind {
        EventKind::Read => "R",
        EventKind::Write => "W",
        EventKind::Rmw => "RMW",
        EventKind::Fence => "F",
    });
    if asyncs.has(i) {
        s.push_str(".async");
    }
    if e.ordering != Ordering::NotAtomic {
        s.push('.');
        s.push_str(e.ordering.name());
    }
    if e.is_atomic() || e.is_fence() {
        s.push('.');
        s.push_str(&e.scope.to_string());
    }
    if let Some(l) = e.store_available {
        if !e.is_atomic() && !e.is_init() {
            s.push_str(&format!(".av({l})"));
        }
    }
    if let Some(l) = e.load_visible {
        if !e.is_atomic() {
            s.push_str(&format!(".vis({l})"));
        }
    }
    if !e.is_fence() {
        s.push(' ');
        s.push_str(&locs.name(program, e.loc));
        match e.kind {
            EventKind::Read => s.push_str(&format!("={}", e.read_value)),
            EventKind::Write => s.push_str(&format!("={}", e.write_value)),
            EventKind::Rmw => s.push_str(&format!(" {}->{}", e.read_value, e.write_value)),
            EventKind::Fence => {}
        }
    }
    s
}

/// Edges of `r` not implied by transitivity through other edges of `r`
/// (for a readable display of transitive relations).
fn covering<S: Set>(r: &BitRel<S>) -> Vec<(usize, usize)> {
    let two = r.compose(r);
    r.edges().filter(|&(a, b)| !two.has(a, b)).collect()
}

pub fn render<S: Set>(
    program: &Program,
    locs: &LocationMap,
    g: &ExecutionGraph<S>,
    a: &Analysis<S>,
    mo: &BitRel<S>,
) -> Witness {
    let asyncs = async_events(program, g);
    let events = (0..g.len())
        .map(|i| {
            let e = &g.events[i];
            EventOut {
                thread: if e.is_init() {
                    "init".to_string()
                } else {
                    program.threads[e.thread as usize].name.clone()
                },
                label: label(program, locs, g, asyncs, i),
                line: e.line,
                kind: match e.kind {
                    EventKind::Read => EventKindOut::Read,
                    EventKind::Write => EventKindOut::Write,
                    EventKind::Rmw => EventKindOut::Rmw,
                    EventKind::Fence => EventKindOut::Fence,
                },
                location: (!e.is_fence()).then(|| locs.name(program, e.loc)),
                read_value: e.is_read().then(|| e.read_value.into()),
                write_value: e.is_write().then(|| e.write_value.into()),
                ordering: Some(e.ordering.name().to_string()),
                scope: (e.is_atomic() || e.is_fence()).then(|| e.scope.to_string()),
                is_async: asyncs.has(i),
                placement: (!e.is_init()).then(|| e.placement.into()),
            }
        })
        .collect();
    let mut rf = Vec::new();
    let mut undef_reads = Vec::new();
    for r in members(g.reads) {
        match g.rf[r] {
            Some(w) => rf.push((w as usize, r)),
            None => undef_reads.push((r, r)),
        }
    }
    let mut races = Vec::new();
    for r in members(g.reads) {
        if let Some(ReadRule::UnorderedWrite(w)) = a.rules[r] {
            races.push((w, r));
        }
    }
    // Availability / visibility: write → operation that makes it
    // available / visible (other than the write itself).
    let mut av = Vec::new();
    let mut vis = Vec::new();
    for w in members(g.writes) {
        if g.events[w].is_init() {
            continue;
        }
        for z in members(a.av.as_ref()[w] & !S::bit(w)) {
            av.push((w, z));
        }
        for y in members(a.vis.as_ref()[w]) {
            vis.push((w, y));
        }
    }
    let lo: Vec<(usize, usize)> =
        a.lo.edges()
            .filter(|&(w, y)| !g.events[w].is_init() && !g.po.has(w, y))
            .collect();
    // Happens-before reduced (transitive edges hidden), without the
    // program-order edges (drawn as po) and the initial writes' edges.
    let hb_reduced: Vec<(usize, usize)> = covering(&a.hb)
        .into_iter()
        .filter(|&(x, y)| !g.po.has(x, y) && !g.events[x].is_init())
        .collect();
    // Races with transfers in flight, one relation per kind: transfer →
    // access (async-operations.txt, "Memory Consistency Model").
    let mut async_races: Vec<(String, Vec<(usize, usize)>)> = Vec::new();
    for race in async_ops::async_races(g, a, asyncs) {
        let name = race.kind.relation();
        match async_races.iter_mut().find(|(n, _)| n == name) {
            Some((_, edges)) => edges.push((race.transfer, race.access)),
            None => async_races.push((name.into(), vec![(race.transfer, race.access)])),
        }
    }
    let mut w = Witness {
        state: 0,
        events,
        po: covering(&g.po),
        relations: vec![
            ("rf".into(), rf),
            ("undef-read".into(), undef_reads),
            ("race".into(), races),
            ("mo".into(), covering(mo)),
            ("sw".into(), a.sw.edges().collect()),
            // Release fence -> acquire fence through a barrier (AMDGPUUsage,
            // "Execution Barriers").
            ("barrier-sw".into(), g.extra_sw.edges().collect()),
            ("hb".into(), hb_reduced),
            ("av".into(), av),
            ("vis".into(), vis),
            ("lo".into(), lo),
        ],
        barrier: None,
    };
    w.relations.splice(3..3, async_races);
    w
}
