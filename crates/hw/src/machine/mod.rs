//! Operational models of the memory systems of GFX6-GFX9, GFX90A, GFX942,
//! GFX10-GFX11, GFX12 and GFX12.5 as AMDGPUUsage's memory-model chapter
//! describes them, running the code that [`crate::lower`] produces.
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

pub mod memsys;

use crate::isa::{Counter, Family, HwScope, MInstr, MemOp};
use crate::lower::{lower, LowerError, Lowered};
use crate::target::{Gen, Target};
use amdmm_explore::symbolic;
use amdmm_explore::{FinalState, FlagsOut, Outcome, ValueOut};
use amdmm_program::{
    Addr, AddrSpace, Instr, Observable, Operand, Program, RegId, ScopeLevel, Value,
};
use foldhash::fast::FixedState;
use memsys::{Geometry, MemSys};
use std::collections::{HashMap, HashSet};

/// One micro-instruction of a wave: a program instruction (control flow and
/// register arithmetic) or a machine instruction of a lowered operation.
#[derive(Clone, Debug)]
enum Micro {
    Ir(usize),
    M {
        instr: MInstr,
        /// The program instruction the machine code belongs to.
        ir: usize,
    },
}

/// A wave's code and the map from program instruction to micro index.
#[derive(Clone, Debug)]
struct Code {
    micro: Vec<Micro>,
    start: Vec<usize>,
}

/// A queued vector-memory or LDS request.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Req {
    Load {
        dst: RegId,
        loc: u32,
        op: MemOp,
    },
    Store {
        loc: u32,
        val: Value,
        op: MemOp,
    },
    Rmw {
        dst: Option<RegId>,
        ok: Option<RegId>,
        loc: u32,
        /// `ir` index: the program instruction (for the operation and operands).
        ir: u32,
        a: Value,
        b: Value,
        op: MemOp,
    },
    /// LDS DMA: read global `src`, write LDS `dst`.
    Dma {
        src: u32,
        dst: u32,
        op: MemOp,
    },
    /// `buffer_wbl2`: write back dirty L2 lines at `system` scope or not.
    Wb {
        system: bool,
    },
    /// GFX12.5 `global_wb scope:S` ([`Explorer::global_wb_ready`]).
    GlobalWb {
        scope: HwScope,
    },
}

/// The counter a vector-memory request is reported on: `vmcnt` (GFX6-GFX11),
/// `s_wait_loadcnt` (GFX12+).
const LOADCNT: u8 = 0;
/// `vscnt` (GFX10-GFX11), `s_wait_storecnt` (GFX12+).
const STORECNT: u8 = 1;
/// `s_wait_asynccnt` (GFX12.5 LDS DMA).
const ASYNCCNT: u8 = 2;

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct Wave {
    pc: u32,
    regs: Vec<Value>,
    pending: Vec<RegId>,
    /// Vector-memory requests not yet reported complete, in issue order.
    vm: Vec<VmEntry>,
    next_id: u32,
    /// LDS queue, performed in order.
    lds: Vec<Req>,
    halted: bool,
    back_edges: u32,
    /// Waiting at the workgroup barrier for the phase after this one.
    barrier: Option<u32>,
}

/// Where a vector-memory request is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Stage {
    /// Issued, not yet processed by the CU's L1.
    Queued,
    /// Sent from the L1 towards the L2 (in a channel queue).
    InFlight,
    /// GFX12.5 `global_wb`: taken from its SIMD32-pair queue, the writes the
    /// WGP$ passed on before it are marked; waiting for them
    /// ([`Explorer::global_wb_ready`]).
    Marked,
    Done,
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct VmEntry {
    id: u32,
    req: Req,
    stage: Stage,
    /// The counter that reports it ([`LOADCNT`], [`STORECNT`], [`ASYNCCNT`]).
    cnt: u8,
}

/// A request in a CU's queue towards the L2.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct ChanReq {
    wave: u32,
    id: u32,
    loc: u32,
    kind: ChanKind,
    /// GFX12.5: a store already acknowledged by a cache of its scope (its
    /// request `id` is no longer the wave's), written through to the L2.
    acked: bool,
    /// GFX12.5: issued before a `global_wb` of its wave, which waits for it.
    before_wb: bool,
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
enum ChanKind {
    Write {
        val: Value,
        through: bool,
        /// Where the store is acknowledged ([`memsys::store_ack`]).
        ack: memsys::Ack,
    },
    Fetch {
        system: bool,
        to: FetchTo,
        /// GFX10-GFX11: the GL1 may serve it ([`memsys::gl1_hit_allowed`]).
        gl1_ok: bool,
    },
    Atomic {
        ir: u32,
        a: Value,
        b: Value,
        dst: Option<RegId>,
        ok: Option<RegId>,
    },
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum FetchTo {
    Reg(RegId),
    Lds(u32),
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct State {
    waves: Vec<Wave>,
    mem: MemSys,
    /// Per CU: requests on their way from the L1 to the L2 (GFX10-GFX11:
    /// from the L0 to the GL1).
    chan: Vec<Vec<ChanReq>>,
    /// GFX10-GFX11, per shader array: requests on their way from the GL1 to
    /// the L2.
    chan2: Vec<Vec<ChanReq>>,
    /// Per workgroup index: (arrived count, phase).
    bars: Vec<(u32, u32)>,
    /// GFX12.5, per WGP$ SIMD32-pair ([`Geometry::pair_queue`]): the
    /// vector-memory and LDS requests issued and not yet taken by the WGP$
    /// or the LDS, in issue order ([`Explorer::pair_step`]).
    pairq: Vec<Vec<PairReq>>,
}

/// A request in a GFX12.5 SIMD32-pair queue: wave `wave`'s vector-memory
/// request `id` (`Some`), or its oldest LDS request (`None`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct PairReq {
    wave: u32,
    id: Option<u32>,
}

/// Options of a hardware run.
#[derive(Clone, Debug)]
pub struct HwOptions {
    pub loop_bound: u32,
    /// Stop after this many distinct states.
    pub max_states: usize,
    /// Partial-order reduction (`Explorer::is_local`); off only to measure it.
    pub reduce: bool,
}

impl Default for HwOptions {
    fn default() -> Self {
        HwOptions {
            loop_bound: 2,
            max_states: 2_000_000,
            reduce: true,
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
}

impl std::fmt::Display for HwError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            HwError::Lower(e) => write!(f, "{e}"),
            HwError::Unsupported(s) => write!(f, "{s}"),
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
    n_locs: u32,
    opts: HwOptions,
    /// Per location: accessed by at most one dynamic request in any run, a
    /// read ([`solo_reads`]).
    solo: Vec<bool>,
    /// Per location: accessed by threads of more than one L2
    /// ([`shared_across_l2s`]).
    l2_shared: Vec<bool>,
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

/// Explores the hardware model running already lowered (possibly mutated,
/// see [`crate::mutate`]) code for `p`.
pub fn explore_lowered(
    p: &Program,
    lowered: Lowered,
    opts: &HwOptions,
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
    // Named barriers, cluster barriers and `s_barrier_signal_isfirst`'s
    // result are not modelled (docs/hardware.md, "Not modelled").
    let instrs = || {
        lowered
            .threads
            .iter()
            .flat_map(|t| t.ops.iter().flat_map(|o| o.code.iter().map(|c| c.instr)))
    };
    if let Some(b) = instrs().find(|i| {
        matches!(
            i,
            MInstr::SBarrierSignal(n) | MInstr::SBarrierWait(n) if *n != -1
        ) || matches!(
            i,
            MInstr::SBarrierSignalIsFirst(_)
                | MInstr::SBarrierInit(_)
                | MInstr::SBarrierJoin(_)
                | MInstr::SBarrierLeave
        )
    }) {
        return Err(HwError::Unsupported(format!(
            "{target}: `{b}` (named and cluster barriers) has no operational model"
        )));
    }
    let geo = Geometry::new(p, &lowered.target, &wg);
    let code = build_code(p, &lowered);
    let n_locs = p.locations.len() as u32;
    let init: Vec<Value> = p
        .locations
        .iter()
        .map(|l| l.init.map(Value::Int).unwrap_or(Value::Undef))
        .collect();
    let ctx = Ctx {
        p,
        code,
        geo: geo.clone(),
        wg,
        wg_size: wg_size.clone(),
        n_locs,
        opts: opts.clone(),
        solo: solo_reads(p),
        l2_shared: if opts.reduce {
            shared_across_l2s(p, &geo)
        } else {
            vec![true; p.locations.len()]
        },
    };
    let waves = p
        .threads
        .iter()
        .map(|t| Wave {
            pc: 0,
            regs: vec![Value::Undef; t.regs.len()],
            pending: Vec::new(),
            vm: Vec::new(),
            next_id: 0,
            lds: Vec::new(),
            halted: false,
            back_edges: 0,
            barrier: None,
        })
        .collect();
    let s0 = State {
        waves,
        mem: MemSys::new(&geo, &init, wgs.len()),
        chan: vec![Vec::new(); geo.cu_l2.len()],
        chan2: vec![Vec::new(); if geo.gl1 { geo.n_sa } else { 0 }],
        bars: vec![(0, 0); wgs.len()],
        pairq: vec![Vec::new(); geo.n_pairq],
    };
    let mut ex = Explorer {
        ctx: &ctx,
        seen: HashSet::default(),
        finals: HashMap::new(),
        flags: FlagsOut::default(),
        path: Vec::new(),
        limit: false,
        reduced: 0,
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
    let observation = if ex.limit {
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
            limit: if ex.limit {
                Some(amdmm_explore::LimitReason::Unsupported(format!(
                    "hardware model state limit ({} states)",
                    opts.max_states
                )))
            } else {
                None
            },
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

fn build_code(p: &Program, l: &Lowered) -> Vec<Code> {
    let mut out = Vec::new();
    for (ti, t) in p.threads.iter().enumerate() {
        let ops = &l.threads[ti].ops;
        let mut micro = Vec::new();
        let mut start = Vec::with_capacity(t.code.len() + 1);
        for (k, i) in t.code.iter().enumerate() {
            start.push(micro.len());
            match ops.iter().find(|o| o.index == k) {
                Some(op) => {
                    for m in &op.code {
                        micro.push(Micro::M {
                            instr: m.instr,
                            ir: k,
                        });
                    }
                }
                None => match i {
                    // Consumed by the lowered operation before it (an arrive
                    // and its wait lowered to one s_barrier) or without code.
                    Instr::Hw(_)
                    | Instr::Barrier(_)
                    | Instr::AsyncMark
                    | Instr::CallEnter { .. }
                    | Instr::CallExit { .. } => {}
                    _ => micro.push(Micro::Ir(k)),
                },
            }
        }
        start.push(micro.len());
        out.push(Code { micro, start });
    }
    out
}

/// The locations that at most one memory request of any run can access, and
/// only to read: no instruction of any thread stores to, RMWs, or is a DMA
/// destination of the location (so it keeps its initial value and every
/// cache line of it holds that value), and exactly one load or DMA source
/// may read it, in a thread without a backward branch (so it executes at
/// most once). A computed index counts as every element of its symbol.
/// [`Explorer::solo_fetch_step`] relies on this.
fn solo_reads(p: &Program) -> Vec<bool> {
    let n = p.locations.len();
    let mut reads = vec![0u32; n];
    let mut written = vec![false; n];
    let range = |a: &Addr| may_access(p, a);
    for t in &p.threads {
        let looping = t.code.iter().enumerate().any(|(k, i)| match i {
            Instr::Jump { target } => *target as usize <= k,
            Instr::Branch { then_, else_, .. } => *then_ as usize <= k || *else_ as usize <= k,
            _ => false,
        });
        let once = if looping { 2 } else { 1 };
        for i in &t.code {
            let (r, w): (Option<&Addr>, Option<&Addr>) = match i {
                Instr::Load { addr, .. } => (Some(addr), None),
                Instr::Store { addr, .. } => (None, Some(addr)),
                Instr::Rmw { addr, .. } | Instr::CmpXchg { addr, .. } => (Some(addr), Some(addr)),
                Instr::Dma { src, dst, .. } => (Some(src), Some(dst)),
                _ => (None, None),
            };
            for l in r.map(range).into_iter().flatten() {
                reads[l] += once;
            }
            for l in w.map(range).into_iter().flatten() {
                written[l] = true;
            }
        }
    }
    (0..n).map(|l| reads[l] == 1 && !written[l]).collect()
}

/// The locations an access to `a` may touch (a computed index: every
/// element of the symbol; an index out of bounds: none, the access is
/// undefined behaviour).
fn may_access(p: &Program, a: &Addr) -> std::ops::Range<usize> {
    let n = p.locations.len();
    let Some(sym) = p.symbols.get(a.symbol as usize) else {
        return 0..0;
    };
    let first = sym.first as usize;
    match a.index {
        Operand::Const(i) if i >= 0 && (i as u64) < sym.len as u64 => {
            first + i as usize..first + i as usize + 1
        }
        Operand::Const(_) => 0..0,
        _ => first..(first + sym.len as usize).min(n),
    }
}

/// Per location: do threads of more than one L2 (agent) access it? Only
/// then can the moment a dirty L2 line of it is written back be observed
/// ([`MemSys::housekeeping`]).
fn shared_across_l2s(p: &Program, geo: &Geometry) -> Vec<bool> {
    let n = p.locations.len();
    let mut l2: Vec<Option<usize>> = vec![None; n];
    let mut shared = vec![false; n];
    for (ti, t) in p.threads.iter().enumerate() {
        for i in &t.code {
            let addrs: &[&Addr] = match i {
                Instr::Load { addr, .. }
                | Instr::Store { addr, .. }
                | Instr::Rmw { addr, .. }
                | Instr::CmpXchg { addr, .. } => &[addr],
                Instr::Dma { src, dst, .. } => &[src, dst],
                _ => &[],
            };
            for a in addrs {
                for l in may_access(p, a) {
                    match l2[l] {
                        None => l2[l] = Some(geo.l2[ti]),
                        Some(x) if x != geo.l2[ti] => shared[l] = true,
                        Some(_) => {}
                    }
                }
            }
        }
    }
    shared
}

struct Explorer<'a, 'b> {
    ctx: &'b Ctx<'a>,
    /// Visited states. Hashed with `foldhash`'s fixed-seed fast hasher:
    /// SipHash was a third of the exploration's time (the set's iteration
    /// order is never used, so the output does not depend on the hasher).
    seen: HashSet<State, FixedState>,
    finals: HashMap<FinalState, Vec<String>>,
    flags: FlagsOut,
    path: Vec<String>,
    limit: bool,
    /// States where the reduction took a single step.
    reduced: usize,
}

/// The result of trying to issue a wave's next instruction (a transient
/// return value, never stored).
#[allow(clippy::large_enum_variant)]
enum Issue {
    Blocked,
    /// The path ends here (assume failed, cutoff, undefined behaviour).
    Dead,
    Next(State, String),
}

impl Explorer<'_, '_> {
    fn dfs(&mut self, s: State) {
        if self.limit {
            return;
        }
        if self.seen.len() >= self.ctx.opts.max_states {
            self.limit = true;
            return;
        }
        if self.seen.contains(&s) {
            return;
        }
        let succ = self.successors(&s);
        if succ.is_empty() {
            self.terminal(&s);
        }
        // Inserted after its successors are computed, which saves a clone
        // (the state graph is acyclic: no successor can be `s`).
        self.seen.insert(s);
        for (n, label) in succ {
            self.path.push(label);
            self.dfs(n);
            self.path.pop();
        }
    }

    fn terminal(&mut self, s: &State) {
        let done = s
            .waves
            .iter()
            .all(|w| w.halted && w.vm.is_empty() && w.lds.is_empty())
            && s.chan.iter().chain(&s.chan2).all(|c| c.is_empty())
            && s.pairq.iter().all(|q| q.is_empty());
        // Dirty L2 lines left are of locations one L2 alone accesses, whose
        // write-backs are taken here ([`MemSys::housekeeping`]).
        let mut mem = s.mem.clone();
        for a in 0..self.ctx.geo.n_l2 {
            mem.write_back(a, true);
        }
        if !done || !s.mem.clean_where(&self.ctx.l2_shared) {
            // Every wave is blocked: a deadlock (barrier) path.
            self.flags.deadlock = true;
            return;
        }
        let p = self.ctx.p;
        let value = |o: &Observable| -> Value {
            match o {
                Observable::Reg { thread, reg } => s
                    .waves
                    .get(*thread as usize)
                    .and_then(|w| w.regs.get(*reg as usize).copied())
                    .unwrap_or(Value::Undef),
                Observable::Mem { loc, wg } => {
                    match p.locations.get(*loc as usize).map(|l| l.space) {
                        Some(AddrSpace::Lds) => {
                            let wgi = wg
                                .and_then(|w| {
                                    let mut wgs: Vec<u32> = p
                                        .threads
                                        .iter()
                                        .map(|t| t.placement.instance(ScopeLevel::Workgroup))
                                        .collect();
                                    wgs.sort_unstable();
                                    wgs.dedup();
                                    wgs.binary_search(&w).ok()
                                })
                                .unwrap_or(0);
                            mem.lds_value(wgi, *loc, self.ctx.n_locs)
                        }
                        _ => mem.final_value(*loc),
                    }
                }
            }
        };
        let shown = p.shown_observables();
        let values: Vec<ValueOut> = shown.iter().map(|o| value(o).into()).collect();
        let satisfies = amdmm_explore::condition::holds(&p.condition.cond, &value);
        let fs = FinalState {
            values,
            satisfies,
            flags: FlagsOut::default(),
        };
        self.finals.entry(fs).or_insert_with(|| self.path.clone());
    }

    fn successors(&mut self, s: &State) -> Vec<(State, String)> {
        let mut out = Vec::new();
        let names: Vec<&str> = self.ctx.p.threads.iter().map(|t| t.name.as_str()).collect();
        // Partial-order reduction (an ample set of one step): a wave's next
        // instruction that only touches the wave itself is taken alone.
        if self.ctx.opts.reduce {
            for (w, name) in names.iter().enumerate() {
                if s.waves[w].halted || !self.is_local(s, w) {
                    continue;
                }
                let next = self.issue_at_l1(s, w, name);
                if !next.is_empty() {
                    self.reduced += 1;
                    return next;
                }
            }
            if let Some(step) = self.solo_fetch_step(s) {
                self.reduced += 1;
                return vec![step];
            }
            for q in 0..s.pairq.len() {
                if self.pair_head_is_local(s, q) {
                    let next: Vec<_> = [false, true]
                        .into_iter()
                        .filter_map(|evict| self.pair_step(s, q, evict))
                        .collect();
                    if !next.is_empty() {
                        self.reduced += 1;
                        return next;
                    }
                }
            }
        }
        for (w, name) in names.iter().enumerate() {
            if s.waves[w].halted {
                continue;
            }
            out.extend(self.issue_at_l1(s, w, name));
        }
        // A `buffer_wbl2` whose earlier requests have completed is processed
        // (every other request reached the L1 when it was issued).
        for (w, name) in names.iter().enumerate() {
            for evict in [false, true] {
                if let Some((n, l)) = self.l1_step(s, w, evict) {
                    out.push((n, format!("{name}: L1 {l}")));
                }
            }
        }
        // A request reaches the L2.
        for cu in 0..s.chan.len() {
            for i in 0..s.chan[cu].len() {
                for evict in [false, true] {
                    if let Some((n, l)) = self.l2_step(s, cu, i, evict) {
                        out.push((n, l));
                    }
                }
            }
        }
        for sa in 0..s.chan2.len() {
            for i in 0..s.chan2[sa].len() {
                if let Some((n, l)) = self.l2_step_sa(s, sa, i) {
                    out.push((n, l));
                }
            }
        }
        // GFX12.5: the head of a SIMD32-pair queue reaches the WGP$ or LDS.
        for q in 0..s.pairq.len() {
            for evict in [false, true] {
                out.extend(self.pair_step(s, q, evict));
            }
        }
        for (w, name) in names.iter().enumerate() {
            // GFX12.5: LDS requests are taken from the pair queues.
            if !s.waves[w].lds.is_empty() && self.ctx.geo.pairq.is_empty() {
                let (n, l) = self.perform_lds(s, w);
                out.push((n, format!("{name}: perform {l}")));
            }
        }
        // Cache housekeeping.
        for (mem, l) in s.mem.housekeeping(&self.ctx.geo, &self.ctx.l2_shared) {
            let mut n = s.clone();
            n.mem = mem;
            out.push((n, l));
        }
        out
    }

    /// Is the issue of wave `wi`'s next instruction *independent* of every
    /// step of the other waves, caches and queues, so that exploring it alone
    /// (an ample set of size one) keeps every final state?
    ///
    /// Such a step reads and writes only the wave's own program counter,
    /// registers and the tail of its own queues: register arithmetic and
    /// control flow; an `s_waitcnt` (once enabled it stays enabled, since the
    /// other steps only shorten queues); a vector-memory, LDS or
    /// `buffer_wbl2` request, which is appended to the wave's own queue (the
    /// L1/L2/LDS steps take requests from the head, so the two commute).
    /// Such a step cannot be disabled by another step (its register operands
    /// are no longer pending, and only the wave itself makes them pending).
    /// Invalidates, barriers and the end of a wave touch shared state and are
    /// interleaved in full. The state graph is acyclic (every step advances
    /// a program counter or a queue, or removes cache contents), so no cycle
    /// proviso is needed.
    fn is_local(&self, s: &State, wi: usize) -> bool {
        let w = &s.waves[wi];
        let Some(m) = self.ctx.code[wi].micro.get(w.pc as usize) else {
            return false;
        };
        // GFX12.5: a vector-memory, LDS or `global_wb` request is appended to
        // the wave's SIMD32-pair queue ([`Self::pair_step`] takes the head):
        // independent of the rest when no other wave shares the queue (two
        // waves appending to one queue do not commute).
        let geo = &self.ctx.geo;
        if let Some(&q) = geo.pairq.get(wi) {
            if let Micro::M {
                instr: MInstr::Mem(_) | MInstr::GlobalWb(_),
                ..
            } = m
            {
                return !geo
                    .pairq
                    .iter()
                    .enumerate()
                    .any(|(j, &p)| j != wi && p == q);
            }
        }
        match m {
            Micro::Ir(k) => match &self.ctx.p.threads[wi].code[*k] {
                Instr::Halt => false,
                Instr::Move { dst, .. }
                | Instr::Bin { dst, .. }
                | Instr::Cmp { dst, .. }
                | Instr::Select { dst, .. } => !w.pending.contains(dst),
                _ => true,
            },
            // A DS request goes to the wave's own LDS queue.
            Micro::M {
                instr: MInstr::Mem(op),
                ..
            } if op.family == Family::Ds => true,
            // A vector-memory request is processed by the CU's L1 when it is
            // issued: independent of the rest only when no other wave uses
            // that L1 and none of the wave's own loads is on its way back
            // (its refill of the L1 depends on the writes queued behind it).
            // A fetch of a solo location ([`solo_reads`]) does not count:
            // no write to its location can be queued, and its refill fills
            // a line that no other request (so not the one issued) reads.
            Micro::M {
                instr: MInstr::Mem(_),
                ..
            } => {
                let cu = self.ctx.geo.cu[wi];
                let alone = self
                    .ctx
                    .geo
                    .cu
                    .iter()
                    .enumerate()
                    .all(|(j, &c)| j == wi || c != cu);
                let fetching = s.chan.iter().chain(&s.chan2).flatten().any(|r| {
                    r.wave as usize == wi
                        && matches!(r.kind, ChanKind::Fetch { .. })
                        && !self.solo(r.loc)
                });
                alone && !fetching
            }
            // A GFX12.5 `global_wb` marks the writes in flight from the
            // wave's WGP$ (`before_wb`), which only a `global_wb` of that
            // WGP$ already pending depends on.
            Micro::M {
                instr: MInstr::GlobalWb(_),
                ..
            } => {
                let cu = self.ctx.geo.cu[wi];
                !s.waves.iter().enumerate().any(|(j, v)| {
                    self.ctx.geo.cu[j] == cu
                        && v.vm.iter().any(|e| matches!(e.req, Req::GlobalWb { .. }))
                })
            }
            Micro::M { instr, .. } => matches!(
                instr,
                MInstr::Waitcnt { .. }
                    | MInstr::WaitcntVscnt(_)
                    | MInstr::Wait(..)
                    | MInstr::BufferWbl2 { .. }
            ),
        }
    }

    /// Is global location `loc` read by at most one request of any run and
    /// never written ([`solo_reads`])?
    fn solo(&self, loc: u32) -> bool {
        self.ctx.solo.get(loc as usize).copied().unwrap_or(false)
    }

    /// Partial-order reduction, second rule: a fetch (load or LDS DMA) of a
    /// *solo* location ([`solo_reads`]: never written, and this fetch is the
    /// only request of the run that accesses it) that waits in a CU's queue
    /// in front of a second level (GFX10+: the GL1 / L1 buffer) passes that
    /// level alone, as an ample set of one step.
    ///
    /// Why it is sound: the step misses the second level (only this fetch
    /// could have filled a line of the location, and it has not been
    /// performed yet), so it changes nothing but the request's queue: it
    /// leaves the CU's queue for the shader array's queue, writing no
    /// register, LDS, cache line or memory (invisible to the final state).
    /// No other step reads where the request is: the per-address order of
    /// the queues only concerns requests to the same location (there are
    /// none), the refill checks look for writes to it (there are none),
    /// `global_wb` marks only writes, `is_local`'s in-flight test sees the
    /// fetch in either queue, and the final state needs both queues empty.
    /// So the step commutes with every other step and is never disabled by
    /// one (on GFX12.5, where the CU's queue is in order, it is only taken
    /// at the head, where it stays enabled; taking it can only enable the
    /// requests behind it). The state graph is acyclic, so no cycle proviso
    /// is needed. Only the GL1 stage is taken this way: the stage that
    /// performs the fetch writes its destination and is interleaved in full.
    /// This turns the three positions of an in-flight fetch (CU queue, SA
    /// queue, done) into two, e.g. 3^10 into 2^10 for the ten DMA copies of
    /// `Async+seed.uneven-blocks`.
    fn solo_fetch_step(&self, s: &State) -> Option<(State, String)> {
        let geo = &self.ctx.geo;
        if !geo.gl1 {
            return None;
        }
        for (cu, q) in s.chan.iter().enumerate() {
            for (i, r) in q.iter().enumerate() {
                let ChanKind::Fetch { gl1_ok, .. } = r.kind else {
                    continue;
                };
                let sa = geo.sa[r.wave as usize];
                if !self.solo(r.loc) || (gl1_ok && s.mem.gl1_peek(sa, r.loc).is_some()) {
                    continue;
                }
                if let Some(step) = self.l2_step(s, cu, i, false) {
                    return Some(step);
                }
            }
        }
        None
    }

    fn operand(w: &Wave, o: Operand) -> Option<Value> {
        match o {
            Operand::Const(c) => Some(Value::Int(c)),
            Operand::Undef => Some(Value::Undef),
            Operand::Reg(r) => {
                if w.pending.contains(&r) {
                    None
                } else {
                    Some(w.regs.get(r as usize).copied().unwrap_or(Value::Undef))
                }
            }
        }
    }

    /// Resolves an address to a location index (`None`: operand pending;
    /// `Some(Err)`: out of bounds or undef index).
    fn loc(&self, w: &Wave, a: &Addr) -> Option<Result<u32, ()>> {
        let sym = self.ctx.p.symbols.get(a.symbol as usize)?;
        let i = Self::operand(w, a.index)?;
        Some(match i {
            Value::Int(i) if i >= 0 && (i as u64) < sym.len as u64 => Ok(sym.first + i as u32),
            _ => Err(()),
        })
    }

    fn issue(&mut self, s: &State, wi: usize) -> Issue {
        let ctx = self.ctx;
        let w = &s.waves[wi];
        let code = &ctx.code[wi];
        let pc = w.pc as usize;
        let thread = &ctx.p.threads[wi];
        let Some(m) = code.micro.get(pc) else {
            let mut n = s.clone();
            n.waves[wi].halted = true;
            release_barrier(&mut n, ctx, ctx.wg[wi]);
            return Issue::Next(n, "end".into());
        };
        let mut n = s.clone();
        match m.clone() {
            Micro::Ir(k) => {
                let instr = &thread.code[k];
                let nw = &mut n.waves[wi];
                let next = code.start[k + 1] as u32;
                match instr {
                    Instr::Move { dst, src } => {
                        let Some(v) = Self::operand(w, *src) else {
                            return Issue::Blocked;
                        };
                        set(nw, *dst, v);
                        nw.pc = next;
                    }
                    Instr::Bin { dst, ty, op, a, b } => {
                        let (Some(x), Some(y)) = (Self::operand(w, *a), Self::operand(w, *b))
                        else {
                            return Issue::Blocked;
                        };
                        set(nw, *dst, symbolic::bin(*op, *ty, x, y));
                        nw.pc = next;
                    }
                    Instr::Cmp { dst, ty, op, a, b } => {
                        let (Some(x), Some(y)) = (Self::operand(w, *a), Self::operand(w, *b))
                        else {
                            return Issue::Blocked;
                        };
                        set(nw, *dst, symbolic::cmp(*op, *ty, x, y));
                        nw.pc = next;
                    }
                    Instr::Select { dst, cond, a, b } => {
                        let (Some(c), Some(x), Some(y)) = (
                            Self::operand(w, *cond),
                            Self::operand(w, *a),
                            Self::operand(w, *b),
                        ) else {
                            return Issue::Blocked;
                        };
                        let v = match c {
                            Value::Int(0) => y,
                            Value::Int(_) => x,
                            Value::Undef => Value::Undef,
                        };
                        set(nw, *dst, v);
                        nw.pc = next;
                    }
                    Instr::Jump { target } => {
                        return self.jump(n, wi, k, *target as usize, "br");
                    }
                    Instr::Branch { cond, then_, else_ } => {
                        let Some(c) = Self::operand(w, *cond) else {
                            return Issue::Blocked;
                        };
                        let t = match c {
                            Value::Int(0) => *else_,
                            Value::Int(_) => *then_,
                            Value::Undef => {
                                self.flags.ub = true;
                                return Issue::Dead;
                            }
                        };
                        return self.jump(n, wi, k, t as usize, "br");
                    }
                    Instr::Assume { cond } => {
                        let Some(c) = Self::operand(w, *cond) else {
                            return Issue::Blocked;
                        };
                        match c {
                            Value::Int(0) => return Issue::Dead,
                            Value::Int(_) => nw.pc = next,
                            Value::Undef => {
                                self.flags.ub = true;
                                return Issue::Dead;
                            }
                        }
                    }
                    Instr::Halt => {
                        nw.halted = true;
                        release_barrier(&mut n, ctx, ctx.wg[wi]);
                        return Issue::Next(n, "halt".into());
                    }
                    _ => nw.pc = next,
                }
                Issue::Next(n, format!("{:?}", instr).chars().take(60).collect())
            }
            Micro::M { instr, ir } => self.issue_machine(n, wi, instr, ir),
        }
    }

    fn jump(&mut self, mut n: State, wi: usize, from: usize, to: usize, what: &str) -> Issue {
        let code = &self.ctx.code[wi];
        let nw = &mut n.waves[wi];
        if to <= from {
            nw.back_edges += 1;
            if nw.back_edges > self.ctx.opts.loop_bound {
                self.flags.cutoff = true;
                return Issue::Dead;
            }
        }
        nw.pc = code.start.get(to).copied().unwrap_or(code.micro.len()) as u32;
        Issue::Next(n, format!("{what} -> {to}"))
    }

    fn issue_machine(&mut self, mut n: State, wi: usize, instr: MInstr, ir: usize) -> Issue {
        let ctx = self.ctx;
        let w = &n.waves[wi];
        match instr {
            // "s_waitcnt vmcnt(0) ... ensures a previous vector memory
            // operation has completed": completion is reported in order
            // (per counter, [`unreported`]).
            MInstr::Waitcnt { vm, lgkm, .. }
                if vm.is_some_and(|k| unreported(w, LOADCNT) > k as usize)
                    || lgkm.is_some_and(|k| w.lds.len() > k as usize) =>
            {
                return Issue::Blocked;
            }
            MInstr::Waitcnt { .. } => {}
            // GFX10-GFX11 `s_waitcnt_vscnt null, N`: stores and atomics
            // without return.
            MInstr::WaitcntVscnt(k) if unreported(w, STORECNT) > k as usize => {
                return Issue::Blocked;
            }
            MInstr::WaitcntVscnt(_) => {}
            // GFX12: "Completion of a vector memory operation is reported to
            // a wavefront in-order within a type, but may be out of order
            // between types" ("Memory Model GFX12", en 8164, zh 13128);
            // GFX12.5: "Within a wavefront, vector memory operation completion
            // (`s_wait_*cnt` decrement) is reported in order of issue within a
            // type, but in no particular order between types" (en 10360).
            // `s_wait_<type>cnt N` waits until at most N of that type are
            // unreported. `samplecnt`, `bvhcnt` and `kmcnt` count nothing a
            // test issues; `xcnt` (address translation, GFX12.5) is not
            // modelled: translation never fails or replays.
            MInstr::Wait(c, k) => {
                let open = match c {
                    Counter::Load => unreported(w, LOADCNT),
                    Counter::Store => unreported(w, STORECNT),
                    Counter::Async => unreported(w, ASYNCCNT),
                    Counter::Ds => w.lds.len(),
                    Counter::Km | Counter::Sample | Counter::Bvh | Counter::X => 0,
                };
                if open > k as usize {
                    return Issue::Blocked;
                }
            }
            // GFX12, GFX12.5: "The invalidation requests cannot be reordered
            // with pending or upcoming memory operations" (GFX12 en 8200,
            // zh 13162; GFX125x en 10424): performed when issued, in order
            // (like `buffer_gl0_inv`). GFX12.5 reports its completion with
            // `s_wait_loadcnt`; performing it at issue makes that wait
            // redundant for the model (docs/hardware.md, GFX12.5).
            MInstr::GlobalInv(_) => {
                let cu = ctx.geo.cu[wi];
                let sa = ctx.geo.sa[wi];
                let agent = ctx.geo.l2[wi];
                n.mem.invalidate(&ctx.geo, instr, cu, sa, agent);
            }
            MInstr::GlobalWb(s) => self.global_wb(&mut n, wi, s),
            MInstr::BufferWbinvl1Vol
            | MInstr::BufferInv { .. }
            | MInstr::BufferInvl2
            | MInstr::BufferGl0Inv
            | MInstr::BufferGl1Inv => {
                let cu = ctx.geo.cu[wi];
                let sa = ctx.geo.sa[wi];
                let agent = ctx.geo.l2[wi];
                n.mem.invalidate(&ctx.geo, instr, cu, sa, agent);
            }
            MInstr::BufferWbl2 { sc0, sc1 } => {
                let system = memsys::wbl2_is_system(ctx.geo.gen, sc0, sc1);
                push_vm(&mut n.waves[wi], Req::Wb { system }, LOADCNT);
            }
            MInstr::SBarrier | MInstr::SBarrierSignal(-1) | MInstr::SBarrierWait(-1) => {
                let g = ctx.wg[wi];
                let nw = &mut n.waves[wi];
                let arrive = !matches!(instr, MInstr::SBarrierWait(_));
                let wait = !matches!(instr, MInstr::SBarrierSignal(_));
                match nw.barrier {
                    None if arrive => {
                        let phase = n.bars[g].1;
                        n.bars[g].0 += 1;
                        release_barrier(&mut n, ctx, g);
                        let nw = &mut n.waves[wi];
                        if wait {
                            nw.barrier = Some(phase);
                            return Issue::Next(n, "s_barrier (arrive)".into());
                        }
                        nw.barrier = Some(phase);
                    }
                    Some(p) if wait => {
                        if n.bars[g].1 <= p {
                            return Issue::Blocked;
                        }
                        nw.barrier = None;
                    }
                    None => {
                        // A wait without a prior arrive: nothing to wait for.
                    }
                    Some(_) => {}
                }
            }
            MInstr::Mem(op) => return self.issue_access(n, wi, op, ir),
            // Other generations' instructions never reach a modelled target.
            _ => {}
        }
        n.waves[wi].pc += 1;
        Issue::Next(n, instr.to_string())
    }

    /// `global_wb scope:S`. GFX12: "`global_wb` can be omitted for scopes
    /// other than `SCOPE_SYS` in gfx120x" ("Memory Model GFX12", en 8207,
    /// zh 13166); with stores acknowledged at the L2 ([`memsys::store_ack`])
    /// and one L2 coherent for all agents, nothing is below `SCOPE_SYS`
    /// that a write-back could move, so it is a no-op (docs/hardware.md,
    /// GFX12).
    ///
    /// GFX12.5: "`global_wb` flushes the dirty data in affected caches to the
    /// next level in the cache hierarchy. This instruction additionally
    /// ensures previous memory operation done at a lower scope level have
    /// reached the desired `SCOPE:`. Instruction completion is reported using
    /// `s_wait_storecnt` once all data has been acknowledged by the next
    /// level in the cache hierarchy." ("Memory Model GFX125x", en 10426): a
    /// request on the wave's store counter. "Previous memory operation" is
    /// read as every write the WGP$ has passed on before the `global_wb`, of
    /// any wave: the WGP$'s queue to the L1 buffer is in order ("Requests in
    /// one queue are executed serially and in-order") and `global_wb`
    /// "behave[s] like memory operations issued to every address at the same
    /// time" (en 10435), so it is behind each of them in every channel. It
    /// goes through the wave's SIMD32-pair queue like any request; when the
    /// WGP$ takes it ([`Self::pair_step`]) the writes in flight from the
    /// WGP$ are marked `before_wb` ([`Self::mark_before_wb`]), and it
    /// completes once none of them is below `S` ([`Self::global_wb_ready`]),
    /// writing back the agent's dirty L2 lines for `SCOPE_SYS` (the L2 is
    /// `SCOPE_DEV`). "Only caches whose scope is strictly smaller than the
    /// instruction's are affected": `SCOPE_CU` affects nothing. (The reading
    /// "the wave's own writes" gives docs/findings.md's F2 on gfx1250 too;
    /// docs/hardware.md, GFX12.5.)
    fn global_wb(&self, n: &mut State, wi: usize, s: crate::isa::ScopeOp) {
        let geo = &self.ctx.geo;
        let scope = s.fixed().unwrap_or(HwScope::Cu);
        if geo.gen != Gen::Gfx125x || scope == HwScope::Cu {
            return;
        }
        let id = n.waves[wi].next_id;
        push_vm(&mut n.waves[wi], Req::GlobalWb { scope }, STORECNT);
        if let Some(&q) = geo.pairq.get(wi) {
            n.pairq[q].push(PairReq {
                wave: wi as u32,
                id: Some(id),
            });
        }
    }

    /// GFX12.5: the WGP$ takes a `global_wb`: every write and atomic it has
    /// passed on (of any wave) is marked as before it ([`Self::global_wb`]).
    fn mark_before_wb(&self, n: &mut State, wi: usize) {
        let geo = &self.ctx.geo;
        let cu = geo.cu[wi];
        for r in n.chan.iter_mut().chain(n.chan2.iter_mut()).flatten() {
            if geo.cu[r.wave as usize] == cu && !matches!(r.kind, ChanKind::Fetch { .. }) {
                r.before_wb = true;
            }
        }
    }

    /// GFX12.5: may wave `wi`'s `global_wb scope:S` complete? Every write and
    /// atomic its WGP$ passed on before it (marked `before_wb`) has reached a
    /// cache of scope `S`: past the WGP$ queue (the L1 buffer, `SCOPE_SE`)
    /// for `SCOPE_SE`, past the L1 buffer's queues (the L2) for `SCOPE_DEV`
    /// and `SCOPE_SYS`. (A mark set by a later `global_wb` of the WGP$ also
    /// holds this one back, which only delays it.)
    fn global_wb_ready(&self, s: &State, wi: usize, scope: HwScope) -> bool {
        let cu = self.ctx.geo.cu[wi];
        let mine = |q: &Vec<ChanReq>| {
            q.iter()
                .any(|r| self.ctx.geo.cu[r.wave as usize] == cu && r.before_wb)
        };
        let below_l1 = scope >= HwScope::Se && s.chan.iter().any(mine);
        let below_l2 = scope >= HwScope::Dev && s.chan2.iter().any(mine);
        !below_l1 && !below_l2
    }

    fn issue_access(&mut self, mut n: State, wi: usize, op: MemOp, ir: usize) -> Issue {
        let thread = &self.ctx.p.threads[wi];
        let w = n.waves[wi].clone();
        let wg = self.ctx.wg[wi];
        let lds_loc = |l: u32| wg as u32 * self.ctx.n_locs + l;
        let req = match &thread.code[ir] {
            Instr::Load { dst, addr, .. } => {
                let Some(l) = self.loc(&w, addr) else {
                    return Issue::Blocked;
                };
                let Ok(loc) = l else {
                    self.flags.ub = true;
                    return Issue::Dead;
                };
                Req::Load { dst: *dst, loc, op }
            }
            Instr::Store {
                ty, value, addr, ..
            } => {
                let Some(l) = self.loc(&w, addr) else {
                    return Issue::Blocked;
                };
                let Some(v) = Self::operand(&w, *value) else {
                    return Issue::Blocked;
                };
                // Truncated to the access width, as the explorer does.
                let v = symbolic::stored(*ty, v);
                let Ok(loc) = l else {
                    self.flags.ub = true;
                    return Issue::Dead;
                };
                Req::Store { loc, val: v, op }
            }
            Instr::Rmw {
                dst, addr, value, ..
            } => {
                let Some(l) = self.loc(&w, addr) else {
                    return Issue::Blocked;
                };
                let Some(v) = Self::operand(&w, *value) else {
                    return Issue::Blocked;
                };
                let Ok(loc) = l else {
                    self.flags.ub = true;
                    return Issue::Dead;
                };
                Req::Rmw {
                    dst: Some(*dst),
                    ok: None,
                    loc,
                    ir: ir as u32,
                    a: v,
                    b: Value::Undef,
                    op,
                }
            }
            Instr::CmpXchg {
                dst_old,
                dst_ok,
                ty,
                addr,
                expected,
                new,
                ..
            } => {
                let Some(l) = self.loc(&w, addr) else {
                    return Issue::Blocked;
                };
                let (Some(e), Some(nv)) = (Self::operand(&w, *expected), Self::operand(&w, *new))
                else {
                    return Issue::Blocked;
                };
                // Compared and written at the access width, as the explorer
                // does (its comparison is unsigned at the width).
                let (e, nv) = (symbolic::stored(*ty, e), symbolic::stored(*ty, nv));
                let Ok(loc) = l else {
                    self.flags.ub = true;
                    return Issue::Dead;
                };
                Req::Rmw {
                    dst: Some(*dst_old),
                    ok: Some(*dst_ok),
                    loc,
                    ir: ir as u32,
                    a: e,
                    b: nv,
                    op,
                }
            }
            Instr::Dma { src, dst, .. } => {
                let (Some(s), Some(d)) = (self.loc(&w, src), self.loc(&w, dst)) else {
                    return Issue::Blocked;
                };
                let (Ok(s), Ok(d)) = (s, d) else {
                    self.flags.ub = true;
                    return Issue::Dead;
                };
                Req::Dma {
                    src: s,
                    dst: lds_loc(d),
                    op,
                }
            }
            _ => {
                n.waves[wi].pc += 1;
                return Issue::Next(n, op.to_string());
            }
        };
        let nw = &mut n.waves[wi];
        let mut label = op.to_string();
        match &req {
            Req::Load { dst, loc, .. } => {
                nw.pending.push(*dst);
                label.push_str(&format!(" {}", self.loc_name(*loc, op)));
            }
            Req::Rmw { dst, ok, loc, .. } => {
                nw.pending.extend(dst.iter().chain(ok.iter()).copied());
                label.push_str(&format!(" {}", self.loc_name(*loc, op)));
            }
            Req::Store { loc, val, .. } => {
                label.push_str(&format!(" {}={val}", self.loc_name(*loc, op)))
            }
            _ => {}
        }
        if op.family == Family::Ds {
            let req = match req {
                Req::Load { dst, loc, op } => Req::Load {
                    dst,
                    loc: lds_loc(loc),
                    op,
                },
                Req::Store { loc, val, op } => Req::Store {
                    loc: lds_loc(loc),
                    val,
                    op,
                },
                Req::Rmw {
                    dst,
                    ok,
                    loc,
                    ir,
                    a,
                    b,
                    op,
                } => Req::Rmw {
                    dst,
                    ok,
                    loc: lds_loc(loc),
                    ir,
                    a,
                    b,
                    op,
                },
                r => r,
            };
            nw.lds.push(req);
            if let Some(&q) = self.ctx.geo.pairq.get(wi) {
                n.pairq[q].push(PairReq {
                    wave: wi as u32,
                    id: None,
                });
            }
        } else {
            // GFX10-GFX11 `vscnt`, GFX12+ `storecnt`: stores and atomics
            // without return. GFX12.5: "ASYNC LDS: `s_wait_asynccnt`"
            // ("Memory Model GFX125x", en 10349) for LDS DMA.
            let cnt = match &req {
                Req::Store { op, .. } | Req::Rmw { op, .. }
                    if self.ctx.geo.gl1 && op.counted_by_vscnt() =>
                {
                    STORECNT
                }
                Req::Dma { .. } if self.ctx.geo.gen == Gen::Gfx125x => ASYNCCNT,
                _ => LOADCNT,
            };
            let id = nw.next_id;
            push_vm(nw, req, cnt);
            if let Some(&q) = self.ctx.geo.pairq.get(wi) {
                n.pairq[q].push(PairReq {
                    wave: wi as u32,
                    id: Some(id),
                });
            }
        }
        let nw = &mut n.waves[wi];
        nw.pc += 1;
        Issue::Next(n, label)
    }

    fn loc_name(&self, loc: u32, op: MemOp) -> String {
        let p = self.ctx.p;
        let l = &p.locations[(loc % self.ctx.n_locs.max(1)) as usize];
        if op.family == Family::Ds {
            format!("{} (lds)", l.name)
        } else {
            l.name.clone()
        }
    }

    /// The L1 stage: a wave's oldest request not yet processed by its CU's
    /// L1 is processed (in order within the wave: "The vector memory
    /// operations are performed as wavefront wide operations and completion
    /// is reported to a wavefront in execution order", and the CU's single L1
    /// serves every wave of the CU, which is why work-group scope needs no
    /// wait there). A hit completes a load; a miss, a store (write-through)
    /// or an atomic ("Atomic read-modify-write instructions implicitly bypass
    /// the L1 cache") goes on to the CU's queue towards the L2. A
    /// `buffer_wbl2` writes back "previous global/generic store/atomicrmw"
    /// (table rows of release operations), so it waits for the wave's
    /// earlier requests to complete; later requests do not wait for it (only
    /// the `s_waitcnt` the rows put after it orders them).
    ///
    /// L1 lines "may be evicted at any time"; an eviction only matters to the
    /// next load of the line by the CU (the L1 is write-through, so evicting
    /// never changes the L2), so instead of offering evictions as separate
    /// steps, a load that would hit may also (`evict`) drop the line first
    /// and miss. This is the same set of behaviours with fewer states.
    fn l1_step(&self, s: &State, wi: usize, evict: bool) -> Option<(State, String)> {
        let w = &s.waves[wi];
        // The oldest request not yet processed, passing a `buffer_wbl2` that
        // still waits for the requests before it: the write-back is defined
        // on "previous global/generic store/atomicrmw" only, and it is the
        // `s_waitcnt vmcnt(0)` after it ("Must happen before following
        // s_waitcnt") that holds later stores back.
        // GFX12.5: requests reach the WGP$ through the SIMD32-pair queues
        // ([`Self::pair_step`]); only a `global_wb` taken from its queue
        // waits here.
        if !self.ctx.geo.pairq.is_empty() {
            let i = w.vm.iter().position(|e| {
                e.stage == Stage::Marked
                    && matches!(e.req, Req::GlobalWb { scope } if self.global_wb_ready(s, wi, scope))
            })?;
            return self.l1_at(s, wi, i, evict);
        }
        let i = w.vm.iter().enumerate().position(|(k, e)| {
            e.stage == Stage::Queued
                && match e.req {
                    Req::Wb { .. } => !w.vm[..k].iter().any(|p| p.stage != Stage::Done),
                    Req::GlobalWb { scope } => self.global_wb_ready(s, wi, scope),
                    _ => true,
                }
        })?;
        self.l1_at(s, wi, i, evict)
    }

    /// Issues wave `wi`'s next instruction; a vector-memory request (not a
    /// `buffer_wbl2`) is processed by the CU's L1 in the same step.
    ///
    /// AMDGPUUsage (GFX6-GFX942): "The vector memory operations access a
    /// single vector L1 cache shared by all SIMDs a CU. Therefore, no
    /// special action is required for coherence between wavefronts in the
    /// same work-group since they execute on the same CU." The tables rely on
    /// it: a work-group-scope release waits only `lgkmcnt(0)` (not `vmcnt`)
    /// outside tgsplit mode, and "store atomic release workgroup local" is a
    /// bare `ds_store`, so a wave's global store must be at the CU's L1, ahead
    /// of every later access of the CU, once the wave has issued it. The L1
    /// (GFX10-GFX11: the L0) therefore takes the requests of all waves of a
    /// CU in issue order; what can still be reordered is the traffic behind
    /// it (the per-channel queues). Before this, a request could wait in a
    /// per-wave queue while other waves of the CU went ahead, an artefact
    /// that produced forbidden outcomes with work-group fences and
    /// `s_barrier` (and docs/findings.md's withdrawn F4).
    fn issue_at_l1(&mut self, s: &State, wi: usize, name: &str) -> Vec<(State, String)> {
        let Issue::Next(n, l) = self.issue(s, wi) else {
            return Vec::new();
        };
        let w = &n.waves[wi];
        let last = w.vm.len().wrapping_sub(1);
        // GFX12.5: the request waits in its SIMD32-pair queue.
        let fresh = self.ctx.geo.pairq.is_empty()
            && w.vm.last().is_some_and(|e| {
                e.stage == Stage::Queued && !matches!(e.req, Req::Wb { .. } | Req::GlobalWb { .. })
            });
        if !fresh {
            return vec![(n, format!("{name}: issue {l}"))];
        }
        [false, true]
            .into_iter()
            .filter_map(|evict| self.l1_at(&n, wi, last, evict))
            .map(|(m, l1)| (m, format!("{name}: issue {l}; L1 {l1}")))
            .collect()
    }

    /// The L1 stage of request `i` of wave `wi` (see [`Self::l1_step`]).
    fn l1_at(&self, s: &State, wi: usize, i: usize, evict: bool) -> Option<(State, String)> {
        let w = &s.waves[wi];
        if evict {
            let Req::Load { loc, op, .. } = &w.vm[i].req else {
                return None;
            };
            let cu = self.ctx.geo.cu[wi];
            s.mem.l1_hit(&self.ctx.geo, cu, *loc, op)?;
            let mut n = s.clone();
            n.mem.l1_drop(cu, *loc);
            let (n, l) = self.l1_at(&n, wi, i, false)?;
            return Some((n, format!("evicts line, {l}")));
        }
        let ctx = self.ctx;
        let mut n = s.clone();
        let cu = ctx.geo.cu[wi];
        let agent = ctx.geo.l2[wi];
        let e = w.vm[i].clone();
        let mut chan = |loc: u32, kind: ChanKind, acked: bool| {
            n.chan[cu].push(ChanReq {
                wave: wi as u32,
                id: e.id,
                loc,
                kind,
                acked,
                before_wb: false,
            })
        };
        let mut done = false;
        let label = match e.req.clone() {
            Req::Load { dst, loc, op } => match s.mem.l1_hit(&ctx.geo, cu, loc, &op) {
                Some(v) => {
                    set(&mut n.waves[wi], dst, v);
                    done = true;
                    format!("load {} = {v} (L1 hit)", self.loc_name(loc, op))
                }
                None => {
                    let system = MemSys::load_is_system(&ctx.geo, &op);
                    chan(
                        loc,
                        ChanKind::Fetch {
                            system,
                            to: FetchTo::Reg(dst),
                            gl1_ok: memsys::gl1_hit_allowed(&ctx.geo, &op.cpol),
                        },
                        false,
                    );
                    format!("load {} misses, sent to L2", self.loc_name(loc, op))
                }
            },
            Req::Store { loc, val, op } => {
                let through = MemSys::store_is_through(&ctx.geo, &op);
                let ack = memsys::store_ack(&ctx.geo, &op);
                done = ack == memsys::Ack::L0;
                chan(loc, ChanKind::Write { val, through, ack }, done);
                n.mem.l1_store(cu, loc, val);
                format!(
                    "store {}={val} (write-through{}, sent to L2)",
                    self.loc_name(loc, op),
                    if done { ", acknowledged" } else { "" }
                )
            }
            Req::Rmw {
                dst,
                ok,
                loc,
                ir,
                a,
                b,
                op,
            } => {
                chan(loc, ChanKind::Atomic { ir, a, b, dst, ok }, false);
                n.mem.l1_drop(cu, loc);
                format!("atomic {} bypasses L1, sent to L2", self.loc_name(loc, op))
            }
            Req::Dma { src, dst, op } => {
                chan(
                    src,
                    ChanKind::Fetch {
                        system: MemSys::load_is_system(&ctx.geo, &op),
                        to: FetchTo::Lds(dst),
                        gl1_ok: memsys::gl1_hit_allowed(&ctx.geo, &op.cpol),
                    },
                    false,
                );
                format!("dma {} sent to L2", self.loc_name(src, op))
            }
            Req::Wb { system } => {
                let k = n.mem.write_back(agent, system);
                done = true;
                format!("buffer_wbl2 ({k} dirty L2 lines written back)")
            }
            Req::GlobalWb { scope } => {
                let k = n.mem.write_back(agent, scope == HwScope::Sys);
                done = true;
                format!(
                    "global_wb scope:{} (earlier writes reached it; {k} dirty L2 lines written back)",
                    scope.name()
                )
            }
        };
        let nw = &mut n.waves[wi];
        nw.vm[i].stage = if done { Stage::Done } else { Stage::InFlight };
        pop_done(nw);
        Some((n, label))
    }

    /// GFX12.5: the head of SIMD32-pair queue `q` is taken. "Each WGP$ has
    /// two request queues; one per SIMD32-pair. Each queue can handle both
    /// LDS and vector L0 requests. Requests in one queue are executed
    /// serially and in-order, but are not kept in order with the other
    /// queue." ("Memory Model GFX125x", en 10290): an LDS request is
    /// performed at the LDS ([`Self::perform_lds`]), a vector-memory request
    /// is processed by the WGP$ ([`Self::l1_at`]; `evict` as there), a
    /// `global_wb` marks the writes the WGP$ has passed on before it
    /// ([`Self::mark_before_wb`]) and then waits for them
    /// ([`Self::l1_step`]). The other queue's requests may be taken before
    /// or after, whatever their wave and issue order; within a wave, the
    /// order of "consecutive loads and store to the same address" holds
    /// because a wave's requests share its queue.
    fn pair_step(&self, s: &State, q: usize, evict: bool) -> Option<(State, String)> {
        let head = *s.pairq.get(q)?.first()?;
        let wi = head.wave as usize;
        let name = self.ctx.p.threads.get(wi)?.name.as_str();
        let mut n = s.clone();
        n.pairq[q].remove(0);
        let Some(id) = head.id else {
            if evict || n.waves[wi].lds.is_empty() {
                return None;
            }
            let (n, l) = self.perform_lds(&n, wi);
            return Some((n, format!("{name}: perform {l}")));
        };
        let i = n.waves[wi].vm.iter().position(|e| e.id == id)?;
        if let Req::GlobalWb { scope } = n.waves[wi].vm[i].req {
            if evict {
                return None;
            }
            self.mark_before_wb(&mut n, wi);
            n.waves[wi].vm[i].stage = Stage::Marked;
            return Some((
                n,
                format!("{name}: WGP$ takes global_wb scope:{}", scope.name()),
            ));
        }
        let (n, l) = self.l1_at(&n, wi, i, evict)?;
        Some((n, format!("{name}: WGP$ {l}")))
    }

    /// GFX12.5, partial-order reduction: may the head of pair queue `q` be
    /// taken alone (an ample set: both the hit and the evict-and-miss
    /// successors)? When its wave is the only wave of its WGP$ (so of its
    /// work-group and LDS), the step touches only that wave, its WGP$ lines
    /// and the tail of the WGP$'s queue towards the L1 buffer, as the
    /// GFX6-GFX12 issue of a vector-memory request does in [`Self::is_local`]:
    /// independent of the rest unless one of the wave's fetches is on its
    /// way back (its refill of the WGP$ or LDS depends on the order); a
    /// fetch of a solo location into a register does not count
    /// ([`solo_reads`]). A `global_wb` is never taken alone (its marks
    /// depend on when the other requests leave the WGP$ queue).
    fn pair_head_is_local(&self, s: &State, q: usize) -> bool {
        let Some(head) = s.pairq.get(q).and_then(|q| q.first()) else {
            return false;
        };
        let wi = head.wave as usize;
        let geo = &self.ctx.geo;
        let Some(&cu) = geo.cu.get(wi) else {
            return false;
        };
        if geo.cu.iter().enumerate().any(|(j, &c)| j != wi && c == cu) {
            return false;
        }
        if let Some(id) = head.id {
            if s.waves[wi]
                .vm
                .iter()
                .any(|e| e.id == id && matches!(e.req, Req::GlobalWb { .. }))
            {
                return false;
            }
        }
        !s.chan.iter().chain(&s.chan2).flatten().any(|r| {
            r.wave as usize == wi
                && match r.kind {
                    ChanKind::Fetch { to, .. } => {
                        !self.solo(r.loc) || matches!(to, FetchTo::Lds(_))
                    }
                    _ => false,
                }
        })
    }

    /// The L2 stage: a request of a CU's queue is performed at the L2.
    ///
    /// AMDGPUUsage, "Memory Model GFX942": "The L2 cache has independent
    /// channels to service disjoint ranges of virtual addresses." and "Each
    /// CU has a separate request queue per channel for its associated L2.
    /// Therefore, the vector and scalar memory operations performed by
    /// wavefronts executing with different L1 caches and the same L2 cache
    /// can be reordered relative to each other." A CU's requests to one
    /// address share a channel and stay in order; requests to different
    /// addresses are performed in any order.
    ///
    /// With `evict` (GFX10-GFX11 only), a load that the GL1 would serve finds
    /// its line evicted first (GL1 lines, like L0 lines, "may be evicted at
    /// any time", which only matters to the next load of the line).
    fn l2_step(&self, s: &State, cu: usize, i: usize, evict: bool) -> Option<(State, String)> {
        let q = &s.chan[cu];
        let r = &q[i];
        if q[..i].iter().any(|e| e.loc == r.loc) || (self.ctx.geo.fifo_l0_queue && i > 0) {
            return None;
        }
        let mut n = s.clone();
        let r = n.chan[cu].remove(i);
        if self.ctx.geo.gl1 {
            if evict {
                let sa = self.ctx.geo.sa[r.wave as usize];
                let hit = matches!(r.kind, ChanKind::Fetch { gl1_ok: true, .. })
                    && n.mem.gl1_peek(sa, r.loc).is_some();
                if !hit {
                    return None;
                }
                n.mem.gl1_set(sa, r.loc, None);
                let (n, l) = self.gl1_step(n, cu, r);
                return Some((n, format!("{l} (line evicted)")));
            }
            return Some(self.gl1_step(n, cu, r));
        }
        if evict {
            return None;
        }
        Some(self.perform_at_l2(n, cu, r))
    }

    /// GFX10-GFX11: a request of a CU's (L0's) queue reaches the shader
    /// array's L1. "The vector and scalar memory L0 caches use an L1 cache
    /// shared by all WGPs on the same SA." and "Each L0 cache has a separate
    /// request queue per L1 quadrant. Therefore, the vector and scalar memory
    /// operations performed by different wavefronts, whether executing in
    /// the same or different work-groups (which may be executing on
    /// different CUs accessing different L0s), can be reordered relative to
    /// each other." A load the GL1 may serve completes here; a store updates
    /// the GL1 line if present and goes on (no GFX10-GFX11 row writes an L1
    /// back, so the caches are write-through); an atomic drops the line and
    /// goes on to the L2.
    ///
    /// GFX12: the L1 buffer holds no lines ([`memsys::gl1_hit_allowed`]).
    /// GFX12.5: a `SCOPE_SE` store is acknowledged here
    /// ([`memsys::store_ack`]); the L1 buffer's queues start here.
    fn gl1_step(&self, mut n: State, cu: usize, mut r: ChanReq) -> (State, String) {
        let ctx = self.ctx;
        let wi = r.wave as usize;
        let sa = ctx.geo.sa[wi];
        let name = ctx.p.threads[wi].name.as_str();
        let loc_name = ctx.p.locations[(r.loc % ctx.n_locs.max(1)) as usize]
            .name
            .clone();
        match r.kind {
            ChanKind::Fetch {
                to, gl1_ok: true, ..
            } if n.mem.gl1_peek(sa, r.loc).is_some() => {
                let v = n.mem.gl1_peek(sa, r.loc).unwrap_or(Value::Undef);
                let fill = matches!(to, FetchTo::Reg(_))
                    && !n.chan[cu]
                        .iter()
                        .any(|e| e.loc == r.loc && matches!(e.kind, ChanKind::Write { .. }));
                if fill {
                    n.mem.l1_fill(cu, r.loc, v);
                }
                match to {
                    FetchTo::Reg(d) => set(&mut n.waves[wi], d, v),
                    FetchTo::Lds(d) => n.mem.lds_store(d, v),
                }
                let nw = &mut n.waves[wi];
                if let Some(e) = nw.vm.iter_mut().find(|e| e.id == r.id) {
                    e.stage = Stage::Done;
                }
                pop_done(nw);
                (n, format!("{name}: load {loc_name} = {v} (GL1 hit)"))
            }
            ChanKind::Fetch { .. } => {
                n.chan2[sa].push(r);
                (n, format!("{name}: load {loc_name} misses GL1, sent to L2"))
            }
            ChanKind::Write { val, ack, .. } => {
                n.mem.gl1_store(sa, r.loc, val);
                let acked = ack == memsys::Ack::L1 && !r.acked;
                if acked {
                    r.acked = true;
                    let nw = &mut n.waves[wi];
                    if let Some(e) = nw.vm.iter_mut().find(|e| e.id == r.id) {
                        e.stage = Stage::Done;
                    }
                    pop_done(nw);
                }
                n.chan2[sa].push(r);
                (
                    n,
                    format!(
                        "{name}: store {loc_name}={val} passes GL1{}",
                        if acked { " (acknowledged)" } else { "" }
                    ),
                )
            }
            ChanKind::Atomic { .. } => {
                n.mem.gl1_set(sa, r.loc, None);
                n.chan2[sa].push(r);
                (n, format!("{name}: atomic {loc_name} passes GL1"))
            }
        }
    }

    /// GFX10-GFX11: a request of a shader array's queue is performed at the
    /// L2. "Each L1 quadrant has a separate request queue per L2 channel.
    /// Therefore, the vector and scalar memory operations performed by
    /// wavefronts executing in different work-groups (which may be
    /// executing on different SAs) of an agent can be reordered relative to
    /// each other." Requests to one address stay in order.
    fn l2_step_sa(&self, s: &State, sa: usize, i: usize) -> Option<(State, String)> {
        let q = &s.chan2[sa];
        let r = &q[i];
        if q[..i].iter().any(|e| e.loc == r.loc) {
            return None;
        }
        let mut n = s.clone();
        let r = n.chan2[sa].remove(i);
        let wi = r.wave as usize;
        let cu = self.ctx.geo.cu[wi];
        let loc = r.loc;
        // Refill the GL1 with the value read at the L2 unless a later write
        // to the address is still on its way to the L2 (it updated the line
        // already).
        let refill = match r.kind {
            ChanKind::Fetch {
                to: FetchTo::Reg(d),
                ..
            } if !n.chan2[sa]
                .iter()
                .any(|e| e.loc == loc && matches!(e.kind, ChanKind::Write { .. })) =>
            {
                Some(d)
            }
            _ => None,
        };
        let (mut n, l) = self.perform_at_l2(n, cu, r);
        if let Some(d) = refill {
            let v = n.waves[wi]
                .regs
                .get(d as usize)
                .copied()
                .unwrap_or(Value::Undef);
            n.mem.gl1_set(sa, loc, Some(v));
        }
        Some((n, l))
    }

    /// A request performed at the L2 (GFX6-GFX942: the agent's L2, or
    /// memory; GFX10-GFX11: the coherent L2).
    fn perform_at_l2(&self, mut n: State, cu: usize, r: ChanReq) -> (State, String) {
        let ctx = self.ctx;
        let wi = r.wave as usize;
        let agent = ctx.geo.l2[wi];
        let name = ctx.p.threads[wi].name.as_str();
        let loc_name = ctx.p.locations[(r.loc % ctx.n_locs.max(1)) as usize]
            .name
            .clone();
        let label = match r.kind {
            ChanKind::Write { val, through, .. } => {
                let to = n.mem.l2_store(&ctx.geo, agent, r.loc, val, through);
                format!("{name}: store {loc_name}={val} performed at {to}")
            }
            ChanKind::Fetch { system, to, .. } => {
                // Refill the L1 unless a later write of the same CU to the
                // address is still on its way (it updated the line already).
                let later_write = |q: &Vec<ChanReq>| {
                    q.iter().any(|e| {
                        e.loc == r.loc
                            && ctx.geo.cu[e.wave as usize] == cu
                            && matches!(e.kind, ChanKind::Write { .. })
                    })
                };
                let sa = ctx.geo.sa[wi];
                let fill = !later_write(&n.chan[cu])
                    && !n.chan2.get(sa).is_some_and(later_write)
                    && matches!(to, FetchTo::Reg(_));
                let (v, from) = n.mem.fetch(&ctx.geo, cu, agent, r.loc, system, fill);
                match to {
                    FetchTo::Reg(d) => set(&mut n.waves[wi], d, v),
                    FetchTo::Lds(d) => n.mem.lds_store(d, v),
                }
                format!("{name}: load {loc_name} = {v} (from {from})")
            }
            ChanKind::Atomic { ir, a, b, dst, ok } => {
                let instr = &ctx.p.threads[wi].code[ir as usize];
                let (old, at) = n
                    .mem
                    .rmw(&ctx.geo, agent, r.loc, |old| rmw_new(instr, old, a, b));
                if let Some(d) = dst {
                    set(&mut n.waves[wi], d, old);
                }
                if let Some(k) = ok {
                    let success =
                        matches!(instr, Instr::CmpXchg { .. }) && old == a && old != Value::Undef;
                    set(&mut n.waves[wi], k, Value::Int(success as i64));
                }
                format!("{name}: atomic {loc_name} old={old} performed at {at}")
            }
        };
        if !r.acked {
            let nw = &mut n.waves[wi];
            if let Some(e) = nw.vm.iter_mut().find(|e| e.id == r.id) {
                e.stage = Stage::Done;
            }
            pop_done(nw);
        }
        (n, label)
    }

    /// AMDGPUUsage: "All LDS operations of a CU are performed as wavefront
    /// wide operations in a global order and involve no caching. Completion
    /// is reported to a wavefront in execution order." The LDS queue of a
    /// wave is performed in order; different waves' queues interleave ("LDS
    /// operations performed by different wavefronts of a work-group can be
    /// reordered relative to each other").
    fn perform_lds(&self, s: &State, wi: usize) -> (State, String) {
        let mut n = s.clone();
        let req = n.waves[wi].lds.remove(0);
        let label = match req {
            Req::Load { dst, loc, op } => {
                let v = n.mem.lds_load(loc);
                set(&mut n.waves[wi], dst, v);
                format!("ds load {} = {v}", self.loc_name(loc, op))
            }
            Req::Store { loc, val, op } => {
                n.mem.lds_store(loc, val);
                format!("ds store {}={val}", self.loc_name(loc, op))
            }
            Req::Rmw {
                dst,
                ok,
                loc,
                ir,
                a,
                b,
                op,
            } => {
                let instr = &self.ctx.p.threads[wi].code[ir as usize];
                let old = n.mem.lds_load(loc);
                let new = rmw_new(instr, old, a, b);
                if let Some(v) = new {
                    n.mem.lds_store(loc, v);
                }
                if let Some(d) = dst {
                    set(&mut n.waves[wi], d, old);
                }
                if let Some(k) = ok {
                    set(
                        &mut n.waves[wi],
                        k,
                        Value::Int((old == a && old != Value::Undef) as i64),
                    );
                }
                format!("ds atomic {} old={old}", self.loc_name(loc, op))
            }
            _ => "ds ?".into(),
        };
        (n, label)
    }
}

/// The value an RMW writes (`None`: a failed cmpxchg writes nothing).
fn rmw_new(instr: &Instr, old: Value, a: Value, b: Value) -> Option<Value> {
    match instr {
        Instr::Rmw { op, ty, .. } => Some(symbolic::rmw(*op, *ty, old, a)),
        Instr::CmpXchg { .. } => {
            if old == a && old != Value::Undef {
                Some(b)
            } else {
                None
            }
        }
        _ => None,
    }
}

/// Completes the workgroup barrier's phase when every wave of the
/// workgroup that has not ended has arrived. execution-synchronization.txt,
/// "s_barrier GFX6-11": "When a thread ends, it automatically *drops* this
/// barrier *object* if it had previously *joined* it."
fn release_barrier(n: &mut State, ctx: &Ctx, g: usize) {
    let ended = n
        .waves
        .iter()
        .enumerate()
        .filter(|(i, w)| ctx.wg[*i] == g && w.halted)
        .count() as u32;
    let expected = ctx.wg_size[g].saturating_sub(ended);
    if n.bars[g].0 > 0 && n.bars[g].0 >= expected {
        n.bars[g] = (0, n.bars[g].1 + 1);
    }
}

fn push_vm(w: &mut Wave, req: Req, cnt: u8) {
    w.vm.push(VmEntry {
        id: w.next_id,
        req,
        stage: Stage::Queued,
        cnt,
    });
    w.next_id += 1;
}

/// The requests of one counter not yet reported complete. GFX6-GFX942:
/// "completion is reported to a wavefront in execution order"; GFX10-GFX11:
/// "vmcnt reports completion of load, atomic with return and sample
/// instructions in order, and the vscnt reports the completion of store and
/// atomic without return in order": a request is reported once it and every
/// earlier request *of its counter* are complete. GFX12+: the same per
/// type (`loadcnt`, `storecnt`, GFX12.5 `asynccnt`; see the `s_wait_*cnt`
/// case of [`Explorer::issue_machine`]).
fn unreported(w: &Wave, cnt: u8) -> usize {
    match w
        .vm
        .iter()
        .position(|e| e.cnt == cnt && e.stage != Stage::Done)
    {
        Some(i) => w.vm[i..].iter().filter(|e| e.cnt == cnt).count(),
        None => 0,
    }
}

/// Drops the requests that have been reported complete.
fn pop_done(w: &mut Wave) {
    let mut open = [false; 3];
    w.vm.retain(|e| {
        let c = (e.cnt as usize).min(2);
        let keep = e.stage != Stage::Done || open[c];
        if e.stage != Stage::Done {
            open[c] = true;
        }
        keep
    });
    if w.vm.is_empty() {
        // Ids only need to be unique among outstanding requests.
        w.next_id = 0;
    }
}

fn set(w: &mut Wave, r: RegId, v: Value) {
    if let Some(slot) = w.regs.get_mut(r as usize) {
        *slot = v;
    }
    w.pending.retain(|&x| x != r);
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
