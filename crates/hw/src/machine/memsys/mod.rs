//! The cache hierarchy: vector L1 per CU, L2 per agent (GFX90A, GFX942,
//! GFX12.5) or one coherent L2 (GFX6-GFX9, GFX10-GFX12), memory, and LDS per
//! workgroup. GFX10+ have a second level per shader array (GFX12.5: per
//! shader engine) between the CU's cache and the L2; GFX12+ caches carry a
//! `SCOPE` ([`op_scope`]).
//!
//! Each rule quotes the AMDGPUUsage text it implements; docs/hardware.md
//! lists what is modelled and what is not.

mod gfx10_11;
mod gfx12;
mod gfx125x;
mod gfx6_942;

use crate::isa::{Cpol, HwScope, MInstr, MemOp, ScopeOp};
use crate::target::{Gen, Target};
use amdmm_program::{Program, ScopeLevel, Value};

/// What distinguishes one generation family's memory system: its layout and
/// what its caches do with a request's cache-policy bits. One implementation
/// per family, each in its own file next to the sentences it implements
/// (`gfx6_942`, `gfx10_11`, `gfx12`, `gfx125x`); the steps common to
/// all (queues, L2, memory, LDS) are in [`MemSys`] and `super::queues`.
pub trait Generation: std::fmt::Debug + Sync {
    /// The caches and queues there are, and where the waves run.
    fn layout(&self, t: &Target) -> Layout;
    /// How a load uses the caches.
    fn load_policy(&self, tgsplit: bool, c: &Cpol) -> LoadPolicy;
    /// May a load that missed the L1 (L0, WGP$) be served by the second level?
    fn second_level_hit(&self, major: u32, c: &Cpol) -> bool;
    /// Does a store write through the L2 to memory?
    fn store_writes_through(&self, c: &Cpol) -> bool;
    /// Where a store is acknowledged.
    fn store_ack(&self, c: &Cpol) -> Ack;
    /// Does a `buffer_wbl2` write back the agent's L2 to memory?
    fn wbl2_is_system(&self, sc0: bool, sc1: bool) -> bool;
    /// Which caches an invalidate instruction empties (another
    /// generation's instruction: none).
    fn invalidates(&self, instr: MInstr) -> Invalidate;
    /// Does `global_wb` below `SCOPE_SYS` do anything?
    fn global_wb_acts(&self) -> bool {
        false
    }
}

/// The family of a generation.
pub fn family(gen: Gen) -> &'static dyn Generation {
    static GFX6_9: gfx6_942::Gfx6To942 = gfx6_942::Gfx6To942 { gen: Gen::Gfx6To9 };
    static GFX90A: gfx6_942::Gfx6To942 = gfx6_942::Gfx6To942 { gen: Gen::Gfx90a };
    static GFX942: gfx6_942::Gfx6To942 = gfx6_942::Gfx6To942 { gen: Gen::Gfx942 };
    match gen {
        Gen::Gfx6To9 => &GFX6_9,
        Gen::Gfx90a => &GFX90A,
        Gen::Gfx942 => &GFX942,
        Gen::Gfx10To11 => &gfx10_11::Gfx10To11,
        Gen::Gfx12 => &gfx12::Gfx12,
        Gen::Gfx125x => &gfx125x::Gfx125x,
    }
}

/// A family's caches and queues ([`Generation::layout`]).
#[derive(Clone, Copy, Debug, Default)]
pub struct Layout {
    /// One non-coherent L2 per agent, memory below it (else one coherent L2).
    pub per_agent_l2: bool,
    /// A second level between the CU's cache and the L2 (GL1, L1 buffer),
    /// with a queue level of its own.
    pub second_level: bool,
    /// The second level holds lines.
    pub l1_cache: bool,
    /// WGP mode: each wave has an L0 of its own.
    pub wgp_split: bool,
    /// The second level is per shader engine, one per cluster instance
    /// (else per work-group).
    pub se_per_cluster: bool,
    /// SIMD32-pair request queues in front of the CU's cache.
    pub pair_queues: bool,
    /// The queue from the CU's cache to the second level is in order.
    pub fifo_l0_queue: bool,
}

/// The caches an invalidate empties (dirty L2 lines are kept).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Invalidate {
    pub l1: bool,
    pub second: bool,
    pub l2: bool,
}

impl Invalidate {
    pub const NONE: Invalidate = Invalidate {
        l1: false,
        second: false,
        l2: false,
    };
    pub const L1: Invalidate = Invalidate {
        l1: true,
        second: false,
        l2: false,
    };
}

/// GFX12, GFX12.5: "`global_inv` invalidates caches whose scope is strictly
/// smaller than the instruction's" ("Memory Model GFX12", en 8199, zh 13162;
/// GFX125x: "Only caches whose scope is strictly smaller than the
/// instruction's are affected", en 10420): the L0/WGP$ (`SCOPE_CU`) for SE
/// and up; the GFX12.5 L1 buffer (`SCOPE_SE`) for DEV and up; the GFX12.5 L2
/// (`SCOPE_DEV`) for SYS.
pub fn global_inv(s: ScopeOp) -> Invalidate {
    let s = s.fixed().unwrap_or(HwScope::Cu);
    Invalidate {
        l1: s > HwScope::Cu,
        second: s > HwScope::Se,
        l2: s > HwScope::Dev,
    }
}

/// Where each wave runs.
#[derive(Clone, Debug)]
pub struct Geometry {
    pub gen: Gen,
    /// The generation family's memory system.
    pub fam: &'static dyn Generation,
    pub tgsplit: bool,
    /// CU (vector L1) of each wave.
    pub cu: Vec<usize>,
    /// L2 of each wave.
    pub l2: Vec<usize>,
    /// L2 of each CU.
    pub cu_l2: Vec<usize>,
    pub n_l2: usize,
    /// GFX90A, GFX942: one non-coherent L2 per agent, with memory below.
    pub per_agent_l2: bool,
    /// Major GFX version (GFX10 and GFX11 differ in `dlc`).
    pub major: u32,
    /// GFX10-GFX11: the vector cache of a CU is the L0, and the L1 (GL1) is
    /// per shader array, with a second queue level between it and the L2.
    pub gl1: bool,
    /// GFX10-GFX11: shader array (GL1) of each wave; GFX12: shader array
    /// (L1 buffer); GFX12.5: shader engine (L1 buffer).
    pub sa: Vec<usize>,
    pub n_sa: usize,
    /// The second level holds lines: the GL1 (GFX10-GFX11) and the GFX12.5
    /// L1 buffer (`SCOPE_SE`, see [`Geometry::new`]); not the GFX12 L1
    /// buffer, which "acts as a bridge to L2".
    pub l1_cache: bool,
    /// GFX12.5: the queue from a WGP$ to the L1 buffer is in order ("L1
    /// buffers have separate request queues for each WGP$ it serves.
    /// Requests in one queue are executed serially and in-order").
    pub fifo_l0_queue: bool,
    /// GFX12.5: the SIMD32-pair request queue of each wave (index into the
    /// state's pair queues; [`Geometry::pair_queue`]); empty on the other
    /// generations, whose L1/L0 takes a request when it is issued.
    pub pairq: Vec<usize>,
    pub n_pairq: usize,
}

impl Geometry {
    /// AMDGPUUsage, "Memory Model GFX942": "The wavefronts for a single
    /// work-group are executed in the same CU but may be executed by
    /// different SIMDs. The exception is when in tgsplit execution mode when
    /// the wavefronts may be executed by different SIMDs in different CUs."
    /// Different work-groups are placed on different CUs (the placement that
    /// needs the most synchronization), and in tgsplit mode every wave has a
    /// CU of its own. Threads of one wave (lanes) always share the CU; they
    /// are otherwise modelled as separate waves (each with its own in-order
    /// queue), which orders them less than the hardware does.
    ///
    /// What each family has (one L2 or one per agent, a second level, WGP
    /// mode, SIMD32-pair queues) is its [`Generation::layout`].
    pub fn new(p: &Program, target: &Target, wg: &[usize]) -> Geometry {
        let fam = family(target.gen);
        let layout = fam.layout(target);
        let per_agent_l2 = layout.per_agent_l2;
        let mut agents: Vec<u32> = p
            .threads
            .iter()
            .map(|t| t.placement.instance(ScopeLevel::Agent))
            .collect();
        agents.sort_unstable();
        agents.dedup();
        let agent_of = |i: usize| {
            agents
                .binary_search(&p.threads[i].placement.instance(ScopeLevel::Agent))
                .unwrap_or(0)
        };
        let n = p.threads.len();
        // In tgsplit mode each wave gets a CU of its own (threads of one
        // wave share it); otherwise each work-group does.
        let mut waves: Vec<u32> = p
            .threads
            .iter()
            .map(|t| t.placement.instance(ScopeLevel::Wavefront))
            .collect();
        waves.sort_unstable();
        waves.dedup();
        let gl1 = layout.second_level;
        let wgp_split = layout.wgp_split;
        let cu: Vec<usize> = (0..n)
            .map(|i| {
                if target.tgsplit || wgp_split {
                    waves
                        .binary_search(&p.threads[i].placement.instance(ScopeLevel::Wavefront))
                        .unwrap_or(0)
                } else {
                    wg[i]
                }
            })
            .collect();
        let n_cu = cu.iter().copied().max().map(|m| m + 1).unwrap_or(0);
        let l2: Vec<usize> = (0..n)
            .map(|i| if per_agent_l2 { agent_of(i) } else { 0 })
            .collect();
        let mut cu_l2 = vec![0; n_cu];
        for i in 0..n {
            cu_l2[cu[i]] = l2[i];
        }
        let sa: Vec<usize> = if layout.se_per_cluster {
            let key = |t: &amdmm_program::Thread| {
                (
                    t.placement.instance(ScopeLevel::Agent),
                    t.placement.instance(ScopeLevel::Cluster),
                )
            };
            let mut cl: Vec<(u32, u32)> = p.threads.iter().map(key).collect();
            cl.sort_unstable();
            cl.dedup();
            p.threads
                .iter()
                .map(|t| cl.binary_search(&key(t)).unwrap_or(0))
                .collect()
        } else if gl1 {
            wg.to_vec()
        } else {
            vec![0; n]
        };
        let n_sa = sa.iter().copied().max().map(|m| m + 1).unwrap_or(0);
        let pairq = if layout.pair_queues {
            Self::pair_queue(p, &cu)
        } else {
            Vec::new()
        };
        let n_pairq = pairq.iter().copied().max().map(|m| m + 1).unwrap_or(0);
        Geometry {
            pairq,
            n_pairq,
            gen: target.gen,
            fam,
            tgsplit: target.tgsplit,
            major: target.major,
            gl1,
            sa,
            n_sa,
            cu,
            l2,
            cu_l2,
            n_l2: if per_agent_l2 { agents.len().max(1) } else { 1 },
            per_agent_l2,
            l1_cache: gl1 && layout.l1_cache,
            fifo_l0_queue: layout.fifo_l0_queue,
        }
    }
}

impl Geometry {
    /// GFX12.5 ("Memory Model GFX125x", en 10278): "Each WGP$ has two
    /// request queues; one per SIMD32-pair. Each queue can handle both LDS
    /// and vector L0 requests. Requests in one queue are executed serially
    /// and in-order, but are not kept in order with the other queue." The
    /// text does not say which waves share a SIMD32-pair; the model puts the
    /// `k`-th wave of a work-group (its waves ordered by their wave number)
    /// on pair `k mod 2` of the work-group's WGP$ (`cu`), so two waves of one
    /// work-group use different queues (the placement that orders them
    /// least; a third wave shares the first one's queue). Threads of one
    /// wave share its queue. Returns the queue index of each wave,
    /// `2 * cu + pair`.
    pub fn pair_queue(p: &Program, cu: &[usize]) -> Vec<usize> {
        let wave = |i: usize| p.threads[i].placement.instance(ScopeLevel::Wavefront);
        let wgi = |i: usize| p.threads[i].placement.instance(ScopeLevel::Workgroup);
        (0..p.threads.len())
            .map(|i| {
                let mut in_wg: Vec<u32> = (0..p.threads.len())
                    .filter(|&j| wgi(j) == wgi(i))
                    .map(wave)
                    .collect();
                in_wg.sort_unstable();
                in_wg.dedup();
                let k = in_wg.binary_search(&wave(i)).unwrap_or(0);
                2 * cu.get(i).copied().unwrap_or(0) + k % 2
            })
            .collect()
    }
}

/// The contents of every cache and memory.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct MemSys {
    /// Vector L1 per CU: a copy of each location, if cached.
    l1: Vec<Vec<Option<Value>>>,
    /// L2 per agent: (value, dirty) per location, if cached.
    l2: Vec<Vec<Option<(Value, bool)>>>,
    /// GFX10-GFX11: the L1 (GL1) per shader array.
    gl1: Vec<Vec<Option<Value>>>,
    mem: Vec<Value>,
    lds: Vec<Value>,
}

/// How a load uses the caches ([`Generation::load_policy`]).
pub struct LoadPolicy {
    /// May be served by a valid L1 line.
    pub hit_l1: bool,
    /// System scope: must not be served by a clean (possibly stale) L2 line.
    pub system: bool,
}

/// GFX12+: the `scope:` of an access (`SCOPE_CU` when it has none: "`SCOPE_CU`
/// is the default `scope:` emitted by the compiler").
pub fn op_scope(c: &Cpol) -> HwScope {
    c.scope.and_then(ScopeOp::fixed).unwrap_or(HwScope::Cu)
}

/// Where a store is acknowledged (its counter, `vscnt`/`storecnt`, is
/// decremented; [`Generation::store_ack`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Ack {
    /// At the CU's cache (GFX12.5 WGP$, `SCOPE_CU`).
    L0,
    /// At the second level (GFX12.5 L1 buffer, `SCOPE_SE`).
    L1,
    /// Where it is performed at the L2 (or memory, for a write-through).
    L2,
}

/// May a load that missed the L1 be served by the second level
/// ([`Generation::second_level_hit`])?
pub fn gl1_hit_allowed(g: &Geometry, c: &Cpol) -> bool {
    g.fam.second_level_hit(g.major, c)
}

/// Where a store is acknowledged ([`Generation::store_ack`]).
pub fn store_ack(g: &Geometry, op: &MemOp) -> Ack {
    g.fam.store_ack(&op.cpol)
}

impl MemSys {
    pub fn new(g: &Geometry, init: &[Value], n_wgs: usize) -> MemSys {
        let n_cu = g.cu_l2.len();
        MemSys {
            l1: vec![vec![None; init.len()]; n_cu],
            l2: vec![vec![None; init.len()]; g.n_l2],
            gl1: vec![vec![None; init.len()]; if g.gl1 && g.l1_cache { g.n_sa } else { 0 }],
            mem: init.to_vec(),
            lds: (0..n_wgs).flat_map(|_| init.iter().copied()).collect(),
        }
    }

    fn l2_read(
        &mut self,
        g: &Geometry,
        a: usize,
        loc: usize,
        system: bool,
    ) -> (Value, &'static str) {
        if !g.per_agent_l2 {
            return (self.mem[loc], "L2");
        }
        match self.l2[a][loc] {
            Some((v, dirty)) if dirty || !system => (v, "L2"),
            _ => {
                let v = self.mem[loc];
                self.l2[a][loc] = Some((v, false));
                (v, "memory")
            }
        }
    }

    /// The L1 stage of a load: the value if the CU's L1 may serve it.
    ///
    /// "The vector memory operations access a single vector L1 cache shared
    /// by all SIMDs a CU. Therefore, no special action is required for
    /// coherence between wavefronts in the same work-group since they execute
    /// on the same CU."
    pub fn l1_hit(&self, g: &Geometry, cu: usize, loc: u32, op: &MemOp) -> Option<Value> {
        let pol = g.fam.load_policy(g.tgsplit, &op.cpol);
        if pol.hit_l1 {
            self.l1[cu][loc as usize]
        } else {
            None
        }
    }

    /// Whether a load that misses the L1 must also miss clean L2 lines.
    pub fn load_is_system(g: &Geometry, op: &MemOp) -> bool {
        g.fam.load_policy(g.tgsplit, &op.cpol).system
    }

    /// Whether a store writes through the L2 to memory.
    pub fn store_is_through(g: &Geometry, op: &MemOp) -> bool {
        g.fam.store_writes_through(&op.cpol)
    }

    /// The L2 stage of a load that missed the L1: read the L2 (or memory)
    /// and, when `fill`, refill the CU's L1 line.
    pub fn fetch(
        &mut self,
        g: &Geometry,
        cu: usize,
        a: usize,
        loc: u32,
        system: bool,
        fill: bool,
    ) -> (Value, &'static str) {
        let (v, from) = self.l2_read(g, a, loc as usize, system);
        if fill {
            self.l1[cu][loc as usize] = Some(v);
        }
        (v, from)
    }

    /// The L1 stage of a store: the vector L1 is write-through (the release
    /// rows of GFX6-GFX942 never write the L1 back, they only wait for the
    /// store to complete), so a store updates the CU's line if present and
    /// goes on to the L2.
    pub fn l1_store(&mut self, cu: usize, loc: u32, v: Value) {
        if let Some(line) = self.l1[cu][loc as usize].as_mut() {
            *line = v;
        }
    }

    /// GFX10-GFX11: the GL1 line of `loc`, if present.
    pub fn gl1_peek(&self, sa: usize, loc: u32) -> Option<Value> {
        self.gl1.get(sa)?.get(loc as usize).copied().flatten()
    }

    /// GFX10-GFX11: a store passing the GL1 updates its line (write-through:
    /// no GFX10-GFX11 row writes an L1 back).
    pub fn gl1_store(&mut self, sa: usize, loc: u32, v: Value) {
        if let Some(Some(line)) = self.gl1.get_mut(sa).and_then(|l| l.get_mut(loc as usize)) {
            *line = v;
        }
    }

    /// GFX10-GFX11: drops (`None`) or fills the GL1 line of `loc`.
    pub fn gl1_set(&mut self, sa: usize, loc: u32, v: Option<Value>) {
        if let Some(line) = self.gl1.get_mut(sa).and_then(|l| l.get_mut(loc as usize)) {
            *line = v;
        }
    }

    /// Fills the CU's L1 (GFX10-GFX11: L0) line of `loc`.
    pub fn l1_fill(&mut self, cu: usize, loc: u32, v: Value) {
        self.l1[cu][loc as usize] = Some(v);
    }

    /// Empties the CU's L1 (no request can read it again:
    /// `dead::drop_dead_lines`).
    pub fn clear_l1(&mut self, cu: usize) {
        if let Some(lines) = self.l1.get_mut(cu) {
            lines.iter_mut().for_each(|l| *l = None);
        }
    }

    /// Empties the second level (GL1, L1 buffer) of shader array `sa`.
    pub fn clear_gl1(&mut self, sa: usize) {
        if let Some(lines) = self.gl1.get_mut(sa) {
            lines.iter_mut().for_each(|l| *l = None);
        }
    }

    /// Drops the CU's L1 line of `loc`.
    pub fn l1_drop(&mut self, cu: usize, loc: u32) {
        self.l1[cu][loc as usize] = None;
    }

    /// The L2 stage of a store.
    pub fn l2_store(
        &mut self,
        g: &Geometry,
        a: usize,
        loc: u32,
        v: Value,
        through: bool,
    ) -> &'static str {
        let loc = loc as usize;
        if !g.per_agent_l2 {
            self.mem[loc] = v;
            return "L2";
        }
        if through {
            self.l2[a][loc] = Some((v, false));
            self.mem[loc] = v;
            "L2 and memory"
        } else {
            self.l2[a][loc] = Some((v, true));
            "L2"
        }
    }

    /// An atomic read-modify-write. AMDGPUUsage, GFX90A/GFX942: "Atomic
    /// read-modify-write instructions implicitly bypass the L1 cache." They
    /// are performed at the point of coherence of every agent (memory, after
    /// writing back the issuing agent's dirty line), the behaviour of
    /// fine-grained (MTYPE UC/CC) memory; the CU's L1 copy is dropped.
    pub fn rmw(
        &mut self,
        g: &Geometry,
        a: usize,
        loc: u32,
        f: impl Fn(Value) -> Option<Value>,
    ) -> (Value, &'static str) {
        let loc = loc as usize;
        if g.per_agent_l2 {
            if let Some((v, true)) = self.l2[a][loc] {
                self.mem[loc] = v;
            }
        }
        let old = self.mem[loc];
        let new = f(old).unwrap_or(old);
        self.mem[loc] = new;
        if g.per_agent_l2 {
            self.l2[a][loc] = Some((new, false));
        }
        (old, if g.per_agent_l2 { "memory" } else { "L2" })
    }

    /// An invalidate instruction: empties the caches the generation says
    /// it does ([`Generation::invalidates`]); dirty L2 lines are kept.
    pub fn invalidate(&mut self, g: &Geometry, instr: MInstr, cu: usize, sa: usize, a: usize) {
        let Invalidate { l1, second, l2 } = g.fam.invalidates(instr);
        if second {
            if let Some(lines) = self.gl1.get_mut(sa) {
                for line in lines.iter_mut() {
                    *line = None;
                }
            }
        }
        if l1 {
            for line in self.l1[cu].iter_mut() {
                *line = None;
            }
        }
        if l2 && g.per_agent_l2 {
            for line in self.l2[a].iter_mut() {
                if matches!(line, Some((_, false))) {
                    *line = None;
                }
            }
        }
    }

    /// Writes back the dirty lines of L2 `a` (when `system`); returns how many.
    pub fn write_back(&mut self, a: usize, system: bool) -> usize {
        if !system {
            return 0;
        }
        let mut k = 0;
        let Some(l2) = self.l2.get_mut(a) else {
            return 0;
        };
        for (loc, line) in l2.iter_mut().enumerate() {
            if let Some((v, true)) = *line {
                self.mem[loc] = v;
                *line = Some((v, false));
                k += 1;
            }
        }
        k
    }

    /// Steps the caches may take at any time: write back a dirty L2 line,
    /// evict a clean L2 line. Only steps that change what a
    /// later access can observe are offered (evicting a line equal to what a
    /// refill would fetch changes nothing, and stays possible later).
    ///
    /// Write-backs of a location that threads of one L2 alone access
    /// (`shared[loc]` false) are not offered: they are taken at the end of
    /// the run (`Explorer::terminal`). Why that keeps every final state:
    /// only that L2 and memory ever hold the location (no other agent
    /// fills, stores, invalidates or writes it back), so a clean line of it
    /// always equals memory (fills, write-throughs, RMWs and write-backs
    /// make them equal, and nothing else changes memory there). Every access
    /// then sees the *effective* value, the dirty line's if there is one,
    /// otherwise memory's: a hit on a dirty line returns it, a hit on a clean
    /// line or a miss returns memory; a system-scope load refetches memory
    /// only past a clean line; an RMW writes the dirty line back before
    /// reading memory; an invalidate drops only clean lines. Each access's
    /// result and the effective value after it depend only on the effective
    /// value before it, and no step's enabledness depends on L2 contents.
    /// A write-back changes memory and the dirty bit but not the effective
    /// value, so the states before and after it have the same futures up to
    /// those two (a stuttering bisimulation), and the final memory, after
    /// the last write-backs, is the effective value either way. (Clean-line
    /// evictions of such a location are never offered: the line equals
    /// memory.) Each step comes with its location.
    pub fn housekeeping(&self, g: &Geometry, shared: &[bool]) -> Vec<(MemSys, String, u32)> {
        let mut out = Vec::new();
        // L1 evictions are taken by the load that would hit the line
        // (`Explorer::l1_step`), the only step an eviction can influence.
        if g.per_agent_l2 {
            for (a, lines) in self.l2.iter().enumerate() {
                for (loc, line) in lines.iter().enumerate() {
                    match line {
                        Some((v, true)) if shared.get(loc).copied().unwrap_or(true) => {
                            let mut n = self.clone();
                            n.mem[loc] = *v;
                            n.l2[a][loc] = Some((*v, false));
                            out.push((
                                n,
                                format!("write back L2[agent{a}] line {loc} ({v}) to memory"),
                                loc as u32,
                            ));
                        }
                        Some((v, false)) if *v != self.mem[loc] => {
                            let mut n = self.clone();
                            n.l2[a][loc] = None;
                            out.push((
                                n,
                                format!("evict L2[agent{a}] line {loc} ({v})"),
                                loc as u32,
                            ));
                        }
                        _ => {}
                    }
                }
            }
        }
        out
    }

    /// Folds the L2 lines of every location that threads of one agent
    /// alone access (`shared[loc]` false) into memory: a dirty line's
    /// value is written to memory and every such line is dropped. Why the
    /// state after it has the same final states: for such a location every
    /// access sees the *effective* value (the dirty line's if there is
    /// one, else memory's, which a clean line always equals) and leaves an
    /// effective value that depends only on the one before
    /// ([`Self::housekeeping`] gives the argument), no step's enabledness
    /// depends on these lines (no housekeeping step is offered for such a
    /// location: its write-backs are taken at the end and a clean line
    /// equals memory), and the final value is the effective one. The fold
    /// keeps the effective value, so the states before and after it have
    /// the same futures up to the lines themselves. Only on targets with
    /// one L2 per agent (GFX90A, GFX942, GFX12.5; the others keep no L2
    /// lines).
    pub fn fold_unshared_l2(&mut self, shared: &[bool]) {
        for lines in self.l2.iter_mut() {
            for (loc, line) in lines.iter_mut().enumerate() {
                if shared.get(loc).copied().unwrap_or(true) {
                    continue;
                }
                if let Some((v, dirty)) = line.take() {
                    if dirty {
                        self.mem[loc] = v;
                    }
                }
            }
        }
    }

    /// No dirty L2 line of a location with `shared[loc]` remains.
    pub fn clean_where(&self, shared: &[bool]) -> bool {
        self.l2.iter().all(|lines| {
            lines.iter().enumerate().all(|(loc, l)| {
                !matches!(l, Some((_, true))) || !shared.get(loc).copied().unwrap_or(true)
            })
        })
    }

    pub fn final_value(&self, loc: u32) -> Value {
        self.mem.get(loc as usize).copied().unwrap_or(Value::Undef)
    }

    pub fn lds_load(&self, i: u32) -> Value {
        self.lds.get(i as usize).copied().unwrap_or(Value::Undef)
    }

    pub fn lds_store(&mut self, i: u32, v: Value) {
        if let Some(s) = self.lds.get_mut(i as usize) {
            *s = v;
        }
    }

    /// How many L2s hold a dirty line of `loc` (`machine::settled`: with
    /// at most one, the location's final value is fixed until a write to
    /// it comes).
    pub(in crate::machine) fn dirty_l2s(&self, loc: usize) -> usize {
        self.l2
            .iter()
            .filter(|lines| matches!(lines.get(loc), Some(Some((_, true)))))
            .count()
    }

    pub fn lds_value(&self, wg: usize, loc: u32, n_locs: u32) -> Value {
        self.lds_load(wg as u32 * n_locs + loc)
    }

    /// Symmetry between waves (`machine::symmetry`): hashes the rows a
    /// wave owns alone (`None`: not owned): its CU's L1, its shader
    /// array's GL1, its agent's L2 and its work-group's LDS.
    pub(in crate::machine) fn hash_owned<H: std::hash::Hasher>(
        &self,
        h: &mut H,
        owned: [Option<usize>; 4],
        n_locs: usize,
    ) {
        use std::hash::Hash;
        let [cu, sa, l2, wg] = owned;
        if let Some(c) = cu {
            self.l1.get(c).hash(h);
        }
        if let Some(a) = sa {
            self.gl1.get(a).hash(h);
        }
        if let Some(a) = l2 {
            self.l2.get(a).hash(h);
        }
        if let Some(g) = wg {
            self.lds.get(g * n_locs..(g + 1) * n_locs).hash(h);
        }
    }

    /// Moves row `i` of each cache to row `to[i]` (an empty map: unmoved):
    /// the L1s by `cu`, the GL1s by `sa`, the L2s by `l2` and the
    /// work-groups' LDS by `wg` (`machine::symmetry`).
    pub(in crate::machine) fn permute_rows(&mut self, maps: [&[usize]; 4], n_locs: usize) {
        let [cu, sa, l2, wg] = maps;
        permute(&mut self.l1, cu);
        permute(&mut self.gl1, sa);
        permute(&mut self.l2, l2);
        if !wg.is_empty() && n_locs > 0 {
            let mut rows: Vec<Vec<Value>> =
                self.lds.chunks(n_locs).map(<[Value]>::to_vec).collect();
            permute(&mut rows, wg);
            self.lds = rows.concat();
        }
    }
}

/// Moves `v[i]` to `v[to[i]]` (`to` a permutation of `0..v.len()`, or empty
/// or shorter than `v`: the rows past it stay).
pub(in crate::machine) fn permute<T: Clone>(v: &mut [T], to: &[usize]) {
    if to.iter().enumerate().all(|(i, &j)| i == j) || to.len() > v.len() {
        return;
    }
    let old: Vec<T> = v[..to.len()].to_vec();
    for (i, row) in old.into_iter().enumerate() {
        v[to[i]] = row;
    }
}
