//! The cache hierarchy: vector L1 per CU, L2 per agent (GFX90A, GFX942,
//! GFX12.5) or one coherent L2 (GFX6-GFX9, GFX10-GFX12), memory, and LDS per
//! workgroup. GFX10+ have a second level per shader array (GFX12.5: per
//! shader engine) between the CU's cache and the L2; GFX12+ caches carry a
//! `SCOPE` ([`op_scope`]).
//!
//! Each rule quotes the AMDGPUUsage text it implements; docs/hardware.md
//! lists what is modelled and what is not.

use crate::isa::{Cpol, HwScope, MInstr, MemOp, ScopeOp};
use crate::target::{Gen, Target};
use amdmm_program::{Program, ScopeLevel, Value};

/// Where each wave runs.
#[derive(Clone, Debug)]
pub struct Geometry {
    pub gen: Gen,
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
    /// GFX6-GFX9: "The L2 cache can be kept coherent with other agents on
    /// some targets, or ranges of virtual addresses can be set up to bypass it
    /// to ensure system coherence": modelled as one L2 coherent for all
    /// agents. GFX90A/GFX942: each agent has its own L2 ("The gfx942 can be
    /// configured as a number of smaller agents with each having a single L2
    /// shared by all CUs on the same agent"), not coherent with the others
    /// without `buffer_wbl2`/`buffer_inv` (MTYPE NC memory).
    ///
    /// GFX12 ("Memory Model GFX12", en 8126; seed zh 13104): the same
    /// geometry as GFX10-GFX11 ("The wavefronts for a single work-group are
    /// executed in the same WGP. In CU wavefront execution mode the wavefronts
    /// may be executed by different SIMDs in the same CU. In WGP wavefront
    /// execution mode the wavefronts may be executed by different SIMDs in
    /// different CUs in the same WGP.", "There is a single L0 cache per
    /// CU"): WGP mode one L0 per wave, CU mode one per work-group; "The
    /// vector and scalar memory L0 caches use an L1 buffer shared by all WGPs
    /// on the same SA": one SA per work-group; "The L2 cache can be kept
    /// coherent with other agents": one coherent L2 (as GFX10-GFX11).
    ///
    /// GFX12.5 ("Memory Model GFX125x", en 10278): "The wavefronts for a
    /// single work-group are executed in the same WGP" and "Each WGP has a
    /// single write-through WGP cache (WGP$) shared by the wavefronts of the
    /// work-groups executing on it": one WGP$ per work-group. "The vector and
    /// scalar memory L0 caches are both clients of an L1 buffer shared by all
    /// WGPs on the same SE": the work-groups of one cluster instance of the
    /// test (`cluster N`, 0 by default; `SCOPE_SE` is the cluster scope,
    /// GFX125x scopes table) share an SE, work-groups of different clusters
    /// (or agents) are on different SEs. The placement depends on the
    /// program only, never on the machine code, so weakening a row's
    /// `SCOPE_DEV` to `SCOPE_SE` cannot move the work-groups together and
    /// hide itself (docs/hardware.md, GFX12.5). "Each WGP$ has two request
    /// queues; one per SIMD32-pair": the waves of a work-group are spread
    /// over the two queues of its WGP$ by their index in the work-group
    /// ([`Geometry::pair_queue`]). "There may be multiple L2 caches per
    /// agent ... Be non-hardware-coherent": one L2 per agent with
    /// `SCOPE_DEV`, memory below it (`SCOPE_SYS`), like GFX942, so the
    /// system-scope `global_wb`/`global_inv` act (docs/hardware.md, GFX12.5).
    pub fn new(p: &Program, target: &Target, wg: &[usize]) -> Geometry {
        let per_agent_l2 = matches!(target.gen, Gen::Gfx90a | Gen::Gfx942 | Gen::Gfx125x);
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
        // GFX10-GFX11: "In WGP wavefront execution mode the wavefronts may be
        // executed by different SIMDs in different CUs in the same WGP":
        // each wave gets an L0 of its own (the most separated placement); in
        // CU mode ("executed by different SIMDs in the same CU") a
        // work-group shares one L0. "a `buffer_gl1_inv` is required for
        // coherence between wavefronts executing in different work-groups as
        // they may be executing on different SAs that access different L1s":
        // each work-group gets a shader array of its own.
        let gl1 = matches!(target.gen, Gen::Gfx10To11 | Gen::Gfx12 | Gen::Gfx125x);
        let wgp_split = matches!(target.gen, Gen::Gfx10To11 | Gen::Gfx12) && !target.cumode;
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
        let sa: Vec<usize> = if target.gen == Gen::Gfx125x {
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
        let pairq = if target.gen == Gen::Gfx125x {
            Self::pair_queue(p, &cu)
        } else {
            Vec::new()
        };
        let n_pairq = pairq.iter().copied().max().map(|m| m + 1).unwrap_or(0);
        Geometry {
            pairq,
            n_pairq,
            gen: target.gen,
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
            l1_cache: gl1 && target.gen != Gen::Gfx12,
            fifo_l0_queue: target.gen == Gen::Gfx125x,
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

/// How a load uses the caches.
struct LoadPolicy {
    /// May be served by a valid L1 line.
    hit_l1: bool,
    /// System scope: must not be served by a clean (possibly stale) L2 line.
    system: bool,
}

/// GFX6-GFX9, GFX90A: "buffer/global/flat_load glc=1" is the agent-scope
/// load, and the acquire rows pair it with `buffer_wbinvl1_vol` to stop
/// following loads from seeing "stale global data" in the L1: a `glc` load
/// misses the L1. GFX942 (`sc0`/`sc1` encode the scope: "Atomic
/// read-modify-write instructions [...] use sc1 to indicate system or agent
/// scope coherence"): a load with `sc1` (agent or system) misses the L1; one
/// with `sc0` only (work-group) misses it in tgsplit mode, where "wavefronts
/// of the same work-group can be in different CUs"; `sc0 sc1` (system) also
/// refetches clean L2 lines ("stale MTYPE NC global data").
///
/// GFX10-GFX11: the rows give a work-group-scope load in WGP mode `glc=1`
/// (its wavefronts "may be executing on SIMDs of different CUs that access
/// different L0s"): `glc` misses the L0. See [`gl1_hit_allowed`] for the L1.
///
/// GFX12, GFX12.5: "When a memory operation with a given `SCOPE` reaches a
/// cache with a smaller `SCOPE` value, it is forwarded to the next level of
/// cache." / "When a memory operation with a given `SCOPE` reaches a cache
/// with a `SCOPE` value greater than or equal to its own, the operation can
/// proceed: Reads can hit into the cache" ("Memory Model GFX12", en 8184,
/// zh 13150; "Memory Model GFX125x", en 10398): the L0 (WGP$) is
/// `SCOPE_CU`, so only a load with scope `SCOPE_CU` may hit it; a
/// `SCOPE_SYS` load on GFX12.5 also misses the agent's clean L2 lines (the L2
/// is `SCOPE_DEV`).
fn load_policy(gen: Gen, tgsplit: bool, c: &Cpol) -> LoadPolicy {
    match gen {
        Gen::Gfx12 | Gen::Gfx125x => LoadPolicy {
            hit_l1: op_scope(c) == HwScope::Cu,
            system: op_scope(c) == HwScope::Sys,
        },
        Gen::Gfx942 => LoadPolicy {
            hit_l1: !(c.sc1 || (c.sc0 && tgsplit)),
            system: c.sc0 && c.sc1,
        },
        _ => LoadPolicy {
            hit_l1: !c.glc,
            system: false,
        },
    }
}

/// GFX10-GFX11: may a load that missed the L0 be served by the GL1? The
/// agent-scope load is `glc=1 dlc=1` on GFX10 but only `glc=1` on GFX11
/// ("If GFX11, omit dlc=1"): on GFX10 `dlc` misses the L1, on GFX11 `glc`
/// does (the agent-scope row would otherwise read a stale L1).
///
/// GFX12: never ("The L1 buffer acts as a bridge to L2 for clients within a
/// SA": not a cache). GFX12.5: the L1 buffer is read as a `SCOPE_SE` cache
/// (docs/hardware.md, GFX12.5), so a load with scope `SCOPE_CU` or
/// `SCOPE_SE` may hit it ("Reads can hit into the cache").
pub fn gl1_hit_allowed(g: &Geometry, c: &Cpol) -> bool {
    if g.gen == Gen::Gfx12 {
        false
    } else if g.gen == Gen::Gfx125x {
        op_scope(c) <= HwScope::Se
    } else if g.major >= 11 {
        !c.glc
    } else {
        !c.dlc
    }
}

/// GFX942 stores with `sc0 sc1` (system scope) write through the L2 to
/// memory; other stores leave a dirty L2 line ("To ensure coherence of local
/// memory writes of CUs in different agents a `buffer_wbl2 sc1` is
/// required. It will writeback dirty L2 cache lines.").
///
/// GFX12.5: a `SCOPE_SYS` store is forwarded past the `SCOPE_DEV` L2 to
/// memory ("When a vector memory operation with a given `SCOPE` reaches a
/// cache with a smaller `SCOPE` value, it is forwarded to the next level of
/// cache", "Memory Model GFX125x", en 10398).
fn store_writes_through(gen: Gen, c: &Cpol) -> bool {
    (gen == Gen::Gfx942 && c.sc0 && c.sc1) || (gen == Gen::Gfx125x && op_scope(c) == HwScope::Sys)
}

/// GFX12+: the `scope:` of an access (`SCOPE_CU` when it has none: "`SCOPE_CU`
/// is the default `scope:` emitted by the compiler").
pub fn op_scope(c: &Cpol) -> HwScope {
    c.scope.and_then(ScopeOp::fixed).unwrap_or(HwScope::Cu)
}

/// Where a store is acknowledged (its counter, `vscnt`/`storecnt`, is
/// decremented).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Ack {
    /// At the CU's cache (GFX12.5 WGP$, `SCOPE_CU`).
    L0,
    /// At the second level (GFX12.5 L1 buffer, `SCOPE_SE`).
    L1,
    /// Where it is performed at the L2 (or memory, for a write-through).
    L2,
}

/// GFX12.5: "When a vector memory operation with a given `SCOPE` reaches a
/// cache with a `SCOPE` value greater than or equal to its own, the
/// operation can proceed: ... Writes can happen in this cache and completion
/// (`s_wait` decrement) can be reported." ("Memory Model GFX125x", en 10405):
/// a `SCOPE_CU` store is acknowledged by the WGP$, a `SCOPE_SE` store by the
/// L1 buffer, a `SCOPE_DEV` store by the L2, a `SCOPE_SYS` store by memory;
/// the caches are write-through ("write-through WGP cache", "Vector L0
/// memory holds clean data only"), so the store goes on asynchronously and
/// `global_wb` waits for it.
///
/// GFX12 (and earlier): at the L2. The GFX12 text says the same of a store
/// reaching a cache of its scope ("the transaction is acknowledged from this
/// level of cache", en 8191, zh 13156) but also "`global_wb` can be omitted
/// for scopes other than `SCOPE_SYS` in gfx120x" (en 8207, zh 13166), and the GFX12 release rows
/// have no `global_wb` below system scope: they only wait `s_wait_storecnt
/// 0x0` for the plain stores before the flag. That holds only if the
/// `SCOPE_CU` L0 does not acknowledge a write before the L2 has it, which is
/// the reading modelled (docs/hardware.md, GFX12).
pub fn store_ack(g: &Geometry, op: &MemOp) -> Ack {
    if g.gen != Gen::Gfx125x {
        return Ack::L2;
    }
    match op_scope(&op.cpol) {
        HwScope::Cu => Ack::L0,
        HwScope::Se => Ack::L1,
        HwScope::Dev | HwScope::Sys => Ack::L2,
    }
}

/// Does a `buffer_wbl2` write back the agent's L2 to memory? GFX90A: "To
/// ensure coherence of local memory writes of different agents a
/// `buffer_wbl2` is required. It will writeback dirty L2 cache lines."
/// GFX942: the system-scope rows use `buffer_wbl2 sc0=1 sc1=1`; the agent
/// rows' `buffer_wbl2 sc1=1` "does nothing if the agent is configured to have
/// a single L2", which is the configuration modelled.
pub fn wbl2_is_system(gen: Gen, sc0: bool, sc1: bool) -> bool {
    match gen {
        Gen::Gfx942 => sc0 && sc1,
        _ => true,
    }
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
        let pol = load_policy(g.gen, g.tgsplit, &op.cpol);
        if pol.hit_l1 {
            self.l1[cu][loc as usize]
        } else {
            None
        }
    }

    /// Whether a load that misses the L1 must also miss clean L2 lines.
    pub fn load_is_system(g: &Geometry, op: &MemOp) -> bool {
        load_policy(g.gen, g.tgsplit, &op.cpol).system
    }

    /// Whether a store writes through the L2 to memory.
    pub fn store_is_through(g: &Geometry, op: &MemOp) -> bool {
        store_writes_through(g.gen, &op.cpol)
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

    /// `buffer_wbinvl1_vol` (GFX6-GFX9, GFX90A): "invalidate the L1 cache";
    /// `buffer_inv sc0`/`sc1` (GFX942) invalidate the L1 and, with `sc0 sc1`,
    /// "will invalidate non-local L2 cache lines"; `buffer_invl2` (GFX90A)
    /// invalidates the L2's non-coherent lines. Dirty lines are kept.
    pub fn invalidate(&mut self, g: &Geometry, instr: MInstr, cu: usize, sa: usize, a: usize) {
        let (l1, l2) = match instr {
            MInstr::BufferWbinvl1Vol => (true, false),
            MInstr::BufferInv { sc0, sc1 } => (true, sc0 && sc1),
            MInstr::BufferInvl2 => (false, true),
            // GFX10-GFX11: "a `buffer_gl0_inv` is required for coherence
            // between wavefronts executing in the same work-group as they may
            // be executing on SIMDs of different CUs that access different
            // L0s"; "a `buffer_gl1_inv` is required for coherence between
            // wavefronts executing in different work-groups as they may be
            // executing on different SAs that access different L1s".
            MInstr::BufferGl0Inv => (true, false),
            MInstr::BufferGl1Inv => {
                if let Some(lines) = self.gl1.get_mut(sa) {
                    for line in lines.iter_mut() {
                        *line = None;
                    }
                }
                (false, false)
            }
            // GFX12, GFX12.5: "`global_inv` invalidates caches whose scope is
            // strictly smaller than the instruction's" ("Memory Model GFX12",
            // en 8199, zh 13162; GFX125x: "Only caches whose scope is strictly
            // smaller than the instruction's are affected", en 10420): the
            // L0/WGP$ (`SCOPE_CU`) for SE and up; the GFX12.5 L1 buffer
            // (`SCOPE_SE`) for DEV and up; the GFX12.5 L2 (`SCOPE_DEV`) for SYS.
            MInstr::GlobalInv(s) => {
                let s = s.fixed().unwrap_or(HwScope::Cu);
                if s > HwScope::Se {
                    if let Some(lines) = self.gl1.get_mut(sa) {
                        for line in lines.iter_mut() {
                            *line = None;
                        }
                    }
                }
                (s > HwScope::Cu, s > HwScope::Dev)
            }
            _ => (false, false),
        };
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
    /// memory.)
    pub fn housekeeping(&self, g: &Geometry, shared: &[bool]) -> Vec<(MemSys, String)> {
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
                            ));
                        }
                        Some((v, false)) if *v != self.mem[loc] => {
                            let mut n = self.clone();
                            n.l2[a][loc] = None;
                            out.push((n, format!("evict L2[agent{a}] line {loc} ({v})")));
                        }
                        _ => {}
                    }
                }
            }
        }
        out
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

    pub fn lds_value(&self, wg: usize, loc: u32, n_locs: u32) -> Value {
        self.lds_load(wg as u32 * n_locs + loc)
    }
}
