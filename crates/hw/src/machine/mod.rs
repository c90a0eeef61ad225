//! Operational models of the memory systems of GFX6-GFX9, GFX90A, GFX942,
//! GFX10-GFX11, GFX12 and GFX12.5 as AMDGPUUsage's memory-model chapter
//! describes them, running the code that [`crate::lower`](mod@crate::lower) produces.
//!
//! The model is small-step and deterministic given the scheduler's choice of
//! the next step; [`explore`] tries every choice depth-first and never visits
//! a state twice (a set of visited states), with the partial-order
//! reductions of docs/hardware.md. The structure (what is modelled per
//! generation, and the quote each rule implements) is in [`memsys`] and in
//! docs/hardware.md:
//!
//! - waves issue their instructions in order; vector-memory requests (loads,
//!   stores, atomics, LDS DMA, write-backs) go into the wave's vector-memory
//!   queue, LDS operations into its LDS queue (GFX12.5: both into the wave's
//!   SIMD32-pair queue);
//! - a queued vector-memory request is *performed* (reaches the cache level
//!   it targets) in any order with respect to the wave's other requests to
//!   other addresses, but completion is *reported* in order per counter
//!   (`vmcnt`; GFX10-GFX11 also `vscnt`; GFX12+ `loadcnt`, `storecnt`,
//!   `dscnt`, `asynccnt`);
//! - caches: the L1 (GFX10+: L0, GFX12.5: WGP$) per CU, wave or work-group,
//!   GFX10-GFX11's GL1 and GFX12.5's L1 buffer, one L2 per agent (GFX90A,
//!   GFX942, GFX12.5) or one coherent L2 for all, then memory.

//!
//! The rooms: `search` (the state-space search and its reductions),
//! `wave` (the wave's instruction semantics), `queues` (a request's way
//! through the cache levels), [`memsys`] (cache contents, and one module per
//! generation family behind [`memsys::Generation`]), `state` (what a state
//! holds) and [`code`] (where a wave's code comes from).

mod barriers;
mod canon;
pub mod code;
mod dead;
mod doomed;
mod fingerprint;
mod hop;
mod independence;
mod live;
pub mod memsys;
mod queues;
mod search;
mod settled;
mod state;
mod symmetry;
mod wave;

pub use state::Req;

use crate::isa::MInstr;
use crate::lower::{lower, LowerError, Lowered};
use crate::target::{Gen, Target};
use amdmm_explore::{FinalState, FlagsOut, Outcome, ValueOut};
use amdmm_program::{Program, ScopeLevel, Value};
use code::{build_code, Code};
pub use code::{code_for, CodeSource};
use memsys::{Geometry, MemSys};
use search::{shared_across_l2s, solo_reads, Explorer};
use state::{BarObj, State, Wave};
use std::collections::HashMap;

/// Options of a hardware run.
#[derive(Clone, Debug)]
pub struct HwOptions {
    pub loop_bound: u32,
    /// Stop after this many distinct states.
    pub max_states: usize,
    /// Partial-order reduction (`Explorer::is_local`); off only to measure it.
    pub reduce: bool,
    /// Symmetry between interchangeable waves (`machine::symmetry`; only
    /// with `reduce`); off only to measure it.
    pub symmetry: bool,
    /// Give up (`Unknown`) after this much time.
    pub timeout: Option<std::time::Duration>,
    /// Give up (`Unknown`) when the process's resident memory passes this
    /// many MiB.
    pub max_memory: Option<u64>,
}

impl Default for HwOptions {
    fn default() -> Self {
        HwOptions {
            loop_bound: 2,
            max_states: 2_000_000,
            reduce: true,
            symmetry: true,
            timeout: None,
            max_memory: None,
        }
    }
}

/// The result of exploring the hardware model on one test.
#[derive(Clone, Debug)]
pub struct HwOutcome {
    pub outcome: Outcome,
    /// One trace per final state (same order as `outcome.states`).
    pub traces: Vec<Vec<String>>,
    pub states_visited: usize,
    /// The code the machine ran.
    pub lowered: Lowered,
}

/// Why the hardware model cannot run a test.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum HwError {
    Lower(LowerError),
    Unsupported(String),
    /// An external tool (llc) failed on the test: its command line and why.
    Tool(String),
    /// A limit (llc past `--timeout`) ended the test before the hardware
    /// model ran: the limit, and what it stopped.
    Limit(amdmm_explore::LimitReason, String),
}

impl std::fmt::Display for HwError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            HwError::Lower(e) => write!(f, "{e}"),
            HwError::Unsupported(s) | HwError::Tool(s) => write!(f, "{s}"),
            HwError::Limit(l, what) => write!(f, "{l}: {what}"),
        }
    }
}

/// Targets with an operational model.
pub fn has_model(t: &Target) -> bool {
    matches!(
        t.gen,
        Gen::Gfx6To9 | Gen::Gfx90a | Gen::Gfx942 | Gen::Gfx10To11 | Gen::Gfx12 | Gen::Gfx125x
    )
}

struct Ctx<'a> {
    p: &'a Program,
    code: Vec<Code>,
    geo: Geometry,
    /// Workgroup index of each wave.
    wg: Vec<usize>,
    /// Waves per workgroup index.
    wg_size: Vec<u32>,
    /// Per workgroup index: does a wave of it have a barrier operation
    /// (`Explorer::is_local`: only then does the end of a wave reach its
    /// work-group's other waves)?
    wg_barrier: Vec<bool>,
    n_locs: u32,
    opts: HwOptions,
    /// Per location: accessed by at most one dynamic request in any run, a
    /// read ([`solo_reads`]).
    solo: Vec<bool>,
    /// Per location: accessed by threads of more than one L2
    /// ([`shared_across_l2s`]).
    l2_shared: Vec<bool>,
    /// Cluster index of each work-group index.
    cluster_of: Vec<usize>,
    /// Where each wave may still read its L1 or second level
    /// ([`dead::drop_dead_lines`]).
    live: dead::Liveness,
    /// Per wave and location: the last instruction that may access it
    /// ([`search::last_access`]).
    last_access: Vec<Vec<Option<usize>>>,
    /// What each wave may still touch ([`independence::Footprints`]).
    foot: independence::Footprints,
    /// When a failed `assume` ends the search ([`doomed::Doom`]).
    doom: doomed::Doom,
    /// The registers each wave may still read ([`live::LiveRegs`]).
    live_regs: live::LiveRegs,
    /// The interchangeable waves ([`symmetry::Symmetry`]).
    sym: symmetry::Symmetry,
    /// When the rest of a run cannot change its final state
    /// ([`settled::Settled`]).
    settled: settled::Settled,
}

/// Lowers `p` for `target` and explores every behaviour of the hardware model.
pub fn explore(p: &Program, target: &Target, opts: &HwOptions) -> Result<HwOutcome, HwError> {
    if !has_model(target) {
        return Err(HwError::Unsupported(format!(
            "{target}: no operational model for this generation yet (modelled: GFX6-GFX9, GFX90A, GFX942, GFX10-GFX11, GFX12, GFX12.5)"
        )));
    }
    let lowered = lower(p, target).map_err(HwError::Lower)?;
    explore_lowered(p, lowered, opts)
}

/// [`explore`] with the machine code from `source` (tables or `llc`).
pub fn explore_with(
    p: &Program,
    target: &Target,
    opts: &HwOptions,
    source: &CodeSource,
) -> Result<HwOutcome, HwError> {
    if !has_model(target) {
        return explore(p, target, opts);
    }
    // `--timeout` bounds the whole hardware side of the test: llc's run
    // (killed at the timeout) and the exploration after it.
    let started = web_time::Instant::now();
    // llc's whole code, run end to end where per-operation attribution
    // fails (docs/llc.md, "End-to-end observation").
    if let CodeSource::Llc(l) = source {
        let l = crate::llc::Llc {
            timeout: opts.timeout.or(l.timeout),
            ..l.clone()
        };
        if let Some(r) = crate::llc::whole::explore(p, target, opts, &l) {
            return r;
        }
    }
    let lowered = match source {
        CodeSource::Llc(l) if opts.timeout.is_some() => {
            let l = crate::llc::Llc {
                timeout: opts.timeout,
                ..l.clone()
            };
            code_for(p, target, &CodeSource::Llc(l))?
        }
        _ => code_for(p, target, source)?,
    };
    explore_lowered_from(p, lowered, opts, started)
}

/// Explores the hardware model running already lowered (possibly mutated,
/// see [`crate::mutate`]) code for `p`.
pub fn explore_lowered(
    p: &Program,
    lowered: Lowered,
    opts: &HwOptions,
) -> Result<HwOutcome, HwError> {
    explore_lowered_from(p, lowered, opts, web_time::Instant::now())
}

/// [`explore_lowered`] with `opts.timeout` counted from `started`.
fn explore_lowered_from(
    p: &Program,
    lowered: Lowered,
    opts: &HwOptions,
    started: web_time::Instant,
) -> Result<HwOutcome, HwError> {
    let target = &lowered.target;
    if !has_model(target) {
        return Err(HwError::Unsupported(format!(
            "{target}: no operational model for this generation yet (modelled: GFX6-GFX9, GFX90A, GFX942, GFX10-GFX11, GFX12, GFX12.5)"
        )));
    }
    let mut wgs: Vec<u32> = p
        .threads
        .iter()
        .map(|t| t.placement.instance(ScopeLevel::Workgroup))
        .collect();
    wgs.sort_unstable();
    wgs.dedup();
    let wg: Vec<usize> = p
        .threads
        .iter()
        .map(|t| {
            wgs.binary_search(&t.placement.instance(ScopeLevel::Workgroup))
                .unwrap_or(0)
        })
        .collect();
    let mut wg_size = vec![0u32; wgs.len()];
    for &w in &wg {
        wg_size[w] += 1;
    }
    // The trap barriers -2 and -4 are "only available in privileged
    // execution mode (not accessible by the shader)" (table "s_barrier IDs
    // GFX12"), and `s_barrier_signal_isfirst 0`'s result is not specified
    // (the NULL barrier's operations are no-ops): refused, as the memory
    // model refuses them.
    let instrs = || {
        lowered
            .threads
            .iter()
            .flat_map(|t| t.ops.iter().flat_map(|o| o.code.iter().map(|c| c.instr)))
    };
    if let Some(b) = instrs().find(|i| match i {
        MInstr::SBarrierSignal(n) | MInstr::SBarrierWait(n) => !(-3..=16).contains(n) || *n == -2,
        MInstr::SBarrierSignalIsFirst(n) => !(-3..=16).contains(n) || *n == -2 || *n == 0,
        MInstr::SBarrierInit(n) | MInstr::SBarrierJoin(n) => !(0..=16).contains(n),
        _ => false,
    }) {
        return Err(HwError::Unsupported(format!(
            "{target}: `{b}` has no operational model (the trap barriers -2 and -4 are privileged; named barriers are 0-16; `s_barrier_signal_isfirst 0` has no specified result)"
        )));
    }
    let named = instrs().any(|i| {
        matches!(
            i,
            MInstr::SBarrierInit(_) | MInstr::SBarrierJoin(_) | MInstr::SBarrierLeave
        ) || matches!(i, MInstr::SBarrierSignal(n) | MInstr::SBarrierSignalIsFirst(n) | MInstr::SBarrierWait(n) if n >= 0)
    });
    let uses_cluster = instrs().any(|i| {
        matches!(
            i,
            MInstr::SBarrierSignal(-3)
                | MInstr::SBarrierSignalIsFirst(-3)
                | MInstr::SBarrierWait(-3)
        )
    });
    // Cluster index of each work-group index, and work-groups per cluster.
    let mut clusters: Vec<u32> = Vec::new();
    let mut cluster_of = vec![0usize; wgs.len()];
    for (i, t) in p.threads.iter().enumerate() {
        let c = t.placement.instance(ScopeLevel::Cluster);
        let ci = match clusters.iter().position(|&x| x == c) {
            Some(ci) => ci,
            None => {
                clusters.push(c);
                clusters.len() - 1
            }
        };
        cluster_of[wg[i]] = ci;
    }
    let mut cluster_wgs = vec![0u32; clusters.len()];
    for &c in &cluster_of {
        cluster_wgs[c] += 1;
    }
    let geo = Geometry::new(p, &lowered.target, &wg);
    let code = build_code(p, &lowered);
    let n_locs = p.locations.len() as u32;
    let init: Vec<Value> = p
        .locations
        .iter()
        .map(|l| l.init.map(Value::Int).unwrap_or(Value::Undef))
        .collect();
    let foot = independence::Footprints::new(p, &code, &geo, &wg);
    let mut wg_barrier = vec![false; wg_size.len()];
    for (i, c) in code.iter().enumerate() {
        let barrier = |m: &code::Micro| matches!(m, code::Micro::M { instr, .. } if independence::is_barrier(instr));
        if c.micro.iter().any(barrier) {
            wg_barrier[wg[i]] = true;
        }
    }
    let sym = symmetry::Symmetry::new(
        p,
        &code,
        &geo,
        &wg,
        &cluster_of,
        opts.reduce && opts.symmetry,
    );
    let ctx = Ctx {
        p,
        code: code.clone(),
        geo: geo.clone(),
        wg,
        wg_size: wg_size.clone(),
        wg_barrier,
        n_locs,
        opts: opts.clone(),
        solo: solo_reads(p),
        l2_shared: if opts.reduce {
            shared_across_l2s(p, &geo)
        } else {
            vec![true; p.locations.len()]
        },
        cluster_of,
        live: dead::Liveness::new(p, &code, &geo),
        last_access: search::last_access(p, &code),
        foot,
        doom: doomed::Doom::new(p, &code),
        live_regs: live::LiveRegs::new(p, &code),
        sym,
        settled: settled::Settled::new(p, &code),
    };
    let waves = p
        .threads
        .iter()
        .map(|t| Wave {
            pc: 0,
            // Two more for a compare-and-swap loop (`Explorer::cas_regs`).
            regs: vec![Value::Undef; t.regs.len() + 2],
            written: vec![0; (t.regs.len() + 2).div_ceil(64)],
            pending: Vec::new(),
            vm: Vec::new(),
            next_id: 0,
            lds: Vec::new(),
            halted: false,
            back_edges: 0,
            barrier: None,
            join: None,
            named_arrive: None,
            cluster_next: 0,
        })
        .collect();
    let s0 = State {
        waves,
        mem: MemSys::new(&geo, &init, wgs.len()),
        chan: vec![Vec::new(); geo.cu_l2.len()],
        chan2: vec![Vec::new(); if geo.gl1 { geo.n_sa } else { 0 }],
        bars: vec![(0, 0); wgs.len()],
        named: if named {
            vec![BarObj::default(); 16 * wgs.len()]
        } else {
            Vec::new()
        },
        // "Automatically initialized by the hardware when a workgroup is
        // launched as part of a workgroup cluster. The *expected count* of
        // this barrier is set to the number of workgroups in the workgroup
        // cluster." (table "s_barrier GFX12", init -4, -3)
        cluster: if uses_cluster {
            cluster_wgs
                .iter()
                .map(|&k| BarObj {
                    expected: Some(k),
                    ..BarObj::default()
                })
                .collect()
        } else {
            Vec::new()
        },
        wg_cluster_arrive: vec![None; wgs.len()],
        pairq: vec![Vec::new(); geo.n_pairq],
    };
    let mut ex = Explorer {
        ctx: &ctx,
        seen: Default::default(),
        finals: HashMap::new(),
        flags: FlagsOut::default(),
        path: Vec::new(),
        limit: None,
        started,
        reduced: 0,
        calls: 0,
    };
    ex.dfs(s0);
    let columns: Vec<String> = p
        .shown_observables()
        .iter()
        .map(|o| p.observable_name(o))
        .collect();
    let mut finals: Vec<(FinalState, Vec<String>)> = ex.finals.into_iter().collect();
    finals.sort_by(|a, b| a.0.cmp(&b.0));
    let positive = finals.iter().filter(|f| f.0.satisfies).count() as u64;
    let negative = finals.len() as u64 - positive;
    let observation = if ex.limit.is_some() {
        None
    } else {
        Some(amdmm_explore::condition::observation(positive, negative))
    };
    let states_visited = ex.seen.len();
    let (states, traces): (Vec<_>, Vec<_>) = finals.into_iter().unzip();
    Ok(HwOutcome {
        outcome: Outcome {
            columns,
            states,
            positive,
            negative,
            flags: ex.flags,
            observation,
            limit: ex.limit,
            cutoff_executions: 0,
            assume_discarded: 0,
            candidates: states_visited as u64,
            witnesses: Vec::new(),
            notes: Vec::new(),
            deadlocks: Vec::new(),
        },
        traces,
        states_visited,
        lowered,
    })
}

/// A final state as `verify` and the mutation report print it and as
/// known-findings.txt lists it: `P1:%r0=1; P1:%r1=0` (the outcome's
/// columns, in order).
pub fn render_state(o: &Outcome, s: &FinalState) -> String {
    o.columns
        .iter()
        .zip(&s.values)
        .map(|(c, v)| format!("{c}={v}"))
        .collect::<Vec<_>>()
        .join("; ")
}

/// Is the hardware state `hw` allowed by some model state? A model `undef`
/// (a racy read) allows any value.
pub fn allowed_by(hw: &FinalState, model: &[FinalState]) -> bool {
    model.iter().any(|m| {
        m.values.len() == hw.values.len()
            && m.values
                .iter()
                .zip(&hw.values)
                .all(|(mv, hv)| matches!(mv, ValueOut::Undef(_)) || mv == hv)
    })
}

/// The result of checking one test on one target.
#[derive(Clone, Debug)]
pub struct Verdict {
    pub hw: HwOutcome,
    /// Hardware final states the model forbids, with their traces.
    pub forbidden: Vec<(FinalState, Vec<String>)>,
}

/// Explores the hardware model and the memory model and compares them.
pub fn verify(
    p: &Program,
    target: &Target,
    opts: &HwOptions,
    model: &Outcome,
) -> Result<Verdict, HwError> {
    let hw = explore(p, target, opts)?;
    Ok(compare(hw, model))
}

/// The hardware final states of `hw` that `model` forbids.
pub fn compare(hw: HwOutcome, model: &Outcome) -> Verdict {
    let forbidden = hw
        .outcome
        .states
        .iter()
        .zip(&hw.traces)
        .filter(|(s, _)| !allowed_by(s, &model.states))
        .map(|(s, t)| (s.clone(), t.clone()))
        .collect();
    Verdict { hw, forbidden }
}
