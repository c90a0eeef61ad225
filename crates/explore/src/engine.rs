//! The exploration loop: thread paths × reads-from × modification order,
//! checked against the model and gathered into an [`Outcome`].

use crate::condition;
use crate::locations::LocationMap;
use crate::mo::for_each_mo;
use crate::result::*;
use crate::symbolic::{self, eval_nodes, guard_holds, Path, PathEnd, SymbolicError};
use crate::witness;
use crate::Options;
use amdmm_graph::{
    relation::members, BitRel, Event, EventKind, EventSet, ExecutionGraph, INIT_THREAD, MAX_EVENTS,
};
use amdmm_model::attributes::roles;
use amdmm_model::{analyze, mo_consistent};
use amdmm_program::{AddrSpace, Observable, Ordering, Placement, Program, SyncScope, Value};
use std::collections::BTreeMap;
use std::time::Instant;

/// The static part of a test: paths per thread, location instances, the
/// observables shown.
struct Setup<'p> {
    program: &'p Program,
    locs: LocationMap,
    paths: Vec<Vec<Path>>,
    columns: Vec<Observable>,
    /// Location instances with an initial write, sorted.
    inits: Vec<u32>,
    /// Location instances whose final value is shown.
    shown_locs: Vec<u32>,
}

pub fn run(program: &Program, opts: &Options) -> Outcome {
    let columns = program.shown_observables();
    let mut outcome = Outcome {
        columns: columns.iter().map(|o| program.observable_name(o)).collect(),
        states: Vec::new(),
        positive: 0,
        negative: 0,
        flags: FlagsOut::default(),
        observation: None,
        limit: None,
        cutoff_executions: 0,
        candidates: 0,
        witnesses: Vec::new(),
    };
    let mut paths = Vec::new();
    for t in &program.threads {
        match symbolic::paths(program, t, opts.loop_bound) {
            Ok(p) => paths.push(p),
            Err(SymbolicError::Unsupported(what)) => {
                outcome.limit = Some(LimitReason::Unsupported(what));
                return outcome;
            }
            Err(SymbolicError::TooBig(what)) => {
                outcome.limit = Some(LimitReason::Unsupported(what));
                return outcome;
            }
        }
    }
    let locs = LocationMap::new(program);
    let mut touched: Vec<u32> = Vec::new();
    for (t, tp) in paths.iter().enumerate() {
        let wg = program.threads[t]
            .placement
            .instance(amdmm_program::ScopeLevel::Workgroup);
        for p in tp {
            for e in &p.events {
                if e.kind != EventKind::Fence {
                    touched.push(locs.instance(program, e.loc, wg));
                }
            }
        }
    }
    let mut shown_locs = Vec::new();
    for c in &columns {
        if let Observable::Mem { loc, wg } = c {
            shown_locs.push(locs.observed(program, *loc, *wg));
        }
    }
    touched.extend(shown_locs.iter().copied());
    touched.sort_unstable();
    touched.dedup();
    let inits: Vec<u32> = touched
        .into_iter()
        .filter(|&i| locs.init(program, i).is_some())
        .collect();
    let setup = Setup {
        program,
        locs,
        paths,
        columns,
        inits,
        shown_locs,
    };
    let mut acc = Accumulator::default();
    let started = Instant::now();
    let mut choice = vec![0usize; setup.paths.len()];
    if setup.paths.iter().any(|p| p.is_empty()) {
        // Some thread has no path at all (every path assumed false).
        finish(&mut outcome, acc);
        return outcome;
    }
    'combos: loop {
        if let Err(limit) = explore_combination(&setup, &choice, opts, started, &mut acc) {
            outcome.limit = Some(limit);
            break 'combos;
        }
        // Next combination (odometer, last thread fastest).
        let mut t = choice.len();
        loop {
            if t == 0 {
                break 'combos;
            }
            t -= 1;
            choice[t] += 1;
            if choice[t] < setup.paths[t].len() {
                break;
            }
            choice[t] = 0;
        }
    }
    finish(&mut outcome, acc);
    outcome
}

#[derive(Default)]
struct Accumulator {
    /// Final state → (satisfies, flags, executions reaching it).
    states: BTreeMap<Vec<ValueOut>, (bool, amdmm_program::Flags, u64)>,
    witnesses: BTreeMap<Vec<ValueOut>, Witness>,
    positive: u64,
    negative: u64,
    flags: amdmm_program::Flags,
    cutoff_executions: u64,
    candidates: u64,
}

fn finish(outcome: &mut Outcome, acc: Accumulator) {
    outcome.positive = acc.positive;
    outcome.negative = acc.negative;
    outcome.flags = acc.flags.into();
    outcome.cutoff_executions = acc.cutoff_executions;
    outcome.candidates = acc.candidates;
    let mut witnesses = acc.witnesses;
    for (k, (values, (satisfies, flags, _))) in acc.states.into_iter().enumerate() {
        if let Some(mut w) = witnesses.remove(&values) {
            w.state = k;
            outcome.witnesses.push(w);
        }
        outcome.states.push(FinalState {
            values,
            satisfies,
            flags: flags.into(),
        });
    }
    if outcome.limit.is_none() {
        outcome.observation = Some(condition::observation(acc.positive, acc.negative));
    }
}

/// One thread's events placed in the graph.
struct Placed {
    offset: usize,
    len: usize,
}

fn explore_combination(
    setup: &Setup,
    choice: &[usize],
    opts: &Options,
    started: Instant,
    acc: &mut Accumulator,
) -> Result<(), LimitReason> {
    let program = setup.program;
    let paths: Vec<&Path> = choice
        .iter()
        .enumerate()
        .map(|(t, &c)| &setup.paths[t][c])
        .collect();
    // Events: initial writes, then each thread in program order.
    let total = setup.inits.len() + paths.iter().map(|p| p.events.len()).sum::<usize>();
    if total > MAX_EVENTS {
        return Err(LimitReason::TooManyEvents(total));
    }
    let mut events: Vec<Event> = Vec::with_capacity(total);
    for &inst in &setup.inits {
        let loc = &program.locations[setup.locs.location(inst) as usize];
        let v = setup.locs.init(program, inst).unwrap_or(Value::Undef);
        events.push(Event {
            thread: INIT_THREAD,
            kind: EventKind::Write,
            loc: inst,
            space: loc.space,
            read_value: Value::Undef,
            write_value: v,
            ordering: Ordering::Monotonic,
            scope: SyncScope::SYSTEM,
            store_available: Some(amdmm_program::ScopeLevel::System),
            load_visible: None,
            make_available: false,
            make_visible: false,
            placement: Placement { ids: [0; 6] },
            deps: 0,
            instr: 0,
            line: 0,
        });
    }
    let mut placed = Vec::with_capacity(paths.len());
    for (t, p) in paths.iter().enumerate() {
        let thread = &program.threads[t];
        let wg = thread
            .placement
            .instance(amdmm_program::ScopeLevel::Workgroup);
        let offset = events.len();
        for pe in &p.events {
            let inst = if pe.kind == EventKind::Fence {
                u32::MAX
            } else {
                setup.locs.instance(program, pe.loc, wg)
            };
            let space = if pe.kind == EventKind::Fence {
                AddrSpace::Global
            } else {
                program.locations[pe.loc as usize].space
            };
            let r = roles(opts.model, pe.access, &pe.attrs, space, pe.intrinsic_scope);
            let mut deps: EventSet = 0;
            for d in members(pe.deps) {
                deps |= 1 << (offset + d);
            }
            events.push(Event {
                thread: t as u32,
                kind: pe.kind,
                loc: inst,
                space,
                read_value: Value::Undef,
                write_value: Value::Undef,
                ordering: pe.attrs.ordering,
                scope: pe.attrs.scope,
                store_available: r.store_available,
                load_visible: r.load_visible,
                make_available: r.make_available,
                make_visible: r.make_visible,
                placement: thread.placement,
                deps,
                instr: pe.instr,
                line: pe.line,
            });
        }
        placed.push(Placed {
            offset,
            len: p.events.len(),
        });
    }
    let n = events.len();
    let mut po = BitRel::new(n);
    for pl in &placed {
        for a in pl.offset..pl.offset + pl.len {
            for b in a + 1..pl.offset + pl.len {
                po.add(a, b);
            }
        }
    }
    let mut reads = 0u64;
    let mut writes = 0u64;
    let mut fences = 0u64;
    let mut atomics = 0u64;
    let mut inits = 0u64;
    for (i, e) in events.iter().enumerate() {
        reads |= (e.is_read() as u64) << i;
        writes |= (e.is_write() as u64) << i;
        fences |= (e.is_fence() as u64) << i;
        atomics |= (e.is_atomic() as u64) << i;
        inits |= (e.is_init() as u64) << i;
    }
    let mut g = ExecutionGraph {
        events,
        po,
        rf: vec![None; n],
        extra_sw: BitRel::new(n),
        reads,
        writes,
        fences,
        atomics,
        inits,
    };
    // Reads-from candidates per read: `None` (undef) first, then writes.
    let read_list: Vec<usize> = members(reads).collect();
    let mut cands: Vec<Vec<Option<u8>>> = Vec::with_capacity(read_list.len());
    for &r in &read_list {
        let loc = g.events[r].loc;
        let po_before = g.po.column(r);
        // The latest own write before `r` hides the initial write and every
        // earlier own write (they are location-ordered before it).
        let own_latest = members(po_before & writes)
            .filter(|&w| g.events[w].loc == loc)
            .last();
        let mut c = vec![None];
        for w in members(writes) {
            let ew = &g.events[w];
            if ew.loc != loc || w == r || g.po.has(r, w) {
                continue;
            }
            if let Some(own) = own_latest {
                if w != own && (ew.is_init() || g.po.has(w, own)) {
                    continue;
                }
            }
            c.push(Some(w as u8));
        }
        cands.push(c);
    }
    let mut pick = vec![0usize; read_list.len()];
    let mut vals: Vec<Vec<Option<Value>>> = vec![Vec::new(); paths.len()];
    loop {
        acc.candidates += 1;
        if let Some(max) = opts.max_executions {
            if acc.candidates > max {
                return Err(LimitReason::MaxExecutions(max));
            }
        }
        if acc.candidates & 1023 == 0 {
            if let Some(t) = opts.timeout {
                if started.elapsed() > t {
                    return Err(LimitReason::Timeout(t.as_secs()));
                }
            }
        }
        for (k, &r) in read_list.iter().enumerate() {
            g.rf[r] = cands[k][pick[k]];
        }
        check_candidate(setup, &paths, &placed, &mut g, &mut vals, opts, acc);
        // Next reads-from choice.
        let mut k = read_list.len();
        loop {
            if k == 0 {
                return Ok(());
            }
            k -= 1;
            pick[k] += 1;
            if pick[k] < cands[k].len() {
                break;
            }
            pick[k] = 0;
        }
    }
}

/// Fixes the values of a candidate from its reads-from, checks path guards,
/// the model, and every modification order; records what it finds.
fn check_candidate(
    setup: &Setup,
    paths: &[&Path],
    placed: &[Placed],
    g: &mut ExecutionGraph,
    vals: &mut [Vec<Option<Value>>],
    opts: &Options,
    acc: &mut Accumulator,
) {
    // Values: evaluate until nothing changes; a value that stays unknown
    // depends on itself through reads-from (out of thin air).
    for v in vals.iter_mut() {
        v.clear();
    }
    let thread_of: Vec<(usize, usize)> = placed
        .iter()
        .enumerate()
        .flat_map(|(t, pl)| (0..pl.len).map(move |i| (t, i)))
        .collect();
    let n_init = setup.inits.len();
    let mut done = vec![false; paths.len()];
    loop {
        let mut progress = false;
        for t in 0..paths.len() {
            if done[t] {
                continue;
            }
            let offset = placed[t].offset;
            let before = vals[t].iter().filter(|v| v.is_some()).count();
            let mut mine = std::mem::take(&mut vals[t]);
            let all = {
                let vals_ro: &[Vec<Option<Value>>] = vals;
                let read = |e: u32, own: &[Option<Value>]| -> Option<Value> {
                    match g.rf[offset + e as usize] {
                        None => Some(Value::Undef),
                        Some(w) => {
                            let w = w as usize;
                            if w < n_init {
                                Some(g.events[w].write_value)
                            } else {
                                let (wt, wi) = thread_of[w - n_init];
                                let node = paths[wt].events[wi].write_node? as usize;
                                let src = if wt == t { own } else { &vals_ro[wt][..] };
                                src.get(node).copied().flatten()
                            }
                        }
                    }
                };
                eval_nodes(&paths[t].nodes, &mut mine, &read)
            };
            let after = mine.iter().filter(|v| v.is_some()).count();
            vals[t] = mine;
            done[t] = all;
            progress |= after > before;
        }
        if done.iter().all(|d| *d) {
            break;
        }
        if !progress {
            return;
        }
    }
    for (t, p) in paths.iter().enumerate() {
        if !p.guards.iter().all(|gd| guard_holds(*gd, &vals[t])) {
            return;
        }
        let offset = placed[t].offset;
        for (i, pe) in p.events.iter().enumerate() {
            let e = &mut g.events[offset + i];
            if let Some(n) = pe.read_node {
                e.read_value = vals[t][n as usize].unwrap_or(Value::Undef);
            }
            if let Some(n) = pe.write_node {
                e.write_value = vals[t][n as usize].unwrap_or(Value::Undef);
            }
        }
    }
    // A read's value must be the value of the write it reads from.
    let analysis = match analyze(g) {
        Ok(a) => a,
        Err(_) => return,
    };
    let cutoff = paths.iter().any(|p| p.end == PathEnd::Cutoff);
    let ub = paths.iter().any(|p| matches!(p.end, PathEnd::Ub(_)));
    let mut found: Vec<Vec<ValueOut>> = Vec::new();
    let mut witness_mo: Vec<BitRel> = Vec::new();
    let relevant = relevant_locations(setup, g);
    for_each_mo(g, &analysis.mo_required, relevant, &mut |mo: &BitRel| {
        if !mo_consistent(g, &analysis, mo) {
            return;
        }
        let state = final_state(setup, paths, g, vals, mo);
        if !found.contains(&state) {
            found.push(state);
            witness_mo.push(*mo);
        }
    });
    if found.is_empty() {
        return;
    }
    let flags = amdmm_program::Flags {
        race: analysis.race,
        ub,
        deadlock: false,
        cutoff,
    };
    acc.flags = acc.flags.union(flags);
    if cutoff {
        acc.cutoff_executions += found.len() as u64;
        return;
    }
    for (state, mo) in found.into_iter().zip(witness_mo) {
        let satisfies = {
            let lookup = |o: &Observable| -> Value {
                let i = setup.columns.iter().position(|c| c == o).unwrap_or(0);
                match state.get(i) {
                    Some(ValueOut::Int(v)) => Value::Int(*v),
                    _ => Value::Undef,
                }
            };
            condition::holds(&setup.program.condition.cond, &lookup)
        };
        if satisfies {
            acc.positive += 1;
        } else {
            acc.negative += 1;
        }
        let entry = acc.states.entry(state.clone()).or_insert((
            satisfies,
            amdmm_program::Flags::default(),
            0,
        ));
        entry.1 = entry.1.union(flags);
        entry.2 += 1;
        if opts.witnesses && !acc.witnesses.contains_key(&state) {
            acc.witnesses.insert(
                state,
                witness::render(setup.program, &setup.locs, g, &analysis, &mo),
            );
        }
    }
}

/// Locations whose modification order matters beyond existence: shown ones,
/// those with RMWs, and every one when seq_cst operations exist.
fn relevant_locations(setup: &Setup, g: &ExecutionGraph) -> Option<Vec<u32>> {
    if g.events.iter().any(|e| e.ordering == Ordering::SeqCst) {
        return None;
    }
    let mut v = setup.shown_locs.clone();
    for e in &g.events {
        if e.kind == EventKind::Rmw {
            v.push(e.loc);
        }
    }
    Some(v)
}

fn final_state(
    setup: &Setup,
    paths: &[&Path],
    g: &ExecutionGraph,
    vals: &[Vec<Option<Value>>],
    mo: &BitRel,
) -> Vec<ValueOut> {
    setup
        .columns
        .iter()
        .map(|c| match c {
            Observable::Reg { thread, reg } => {
                let t = *thread as usize;
                let node = paths[t].regs.get(*reg as usize).copied().flatten();
                node.and_then(|n| vals[t].get(n as usize).copied().flatten())
                    .unwrap_or(Value::Undef)
                    .into()
            }
            Observable::Mem { loc, wg } => {
                let inst = setup.locs.observed(setup.program, *loc, *wg);
                last_write(g, mo, inst)
                    .map(|w| g.events[w].write_value)
                    .unwrap_or(Value::Undef)
                    .into()
            }
        })
        .collect()
}

/// The modification-order-last write to a location instance.
pub(crate) fn last_write(g: &ExecutionGraph, mo: &BitRel, inst: u32) -> Option<usize> {
    members(g.writes)
        .filter(|&w| g.events[w].loc == inst)
        .find(|&w| mo.row(w) & g.at_loc(inst) & g.writes == 0)
}
