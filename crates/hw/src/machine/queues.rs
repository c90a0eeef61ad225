//! The way of a request after its wave issued it: the CU's L1 (GFX10+: L0,
//! GFX12.5: WGP$ behind its SIMD32-pair queues), the queues towards the
//! second level (GFX10-GFX11 GL1, GFX12+ L1 buffer) and the L2, and the LDS.
//! What a cache level does with a request is the generation's
//! ([`super::memsys`]).

use super::memsys::{self, MemSys};
use super::search::{Explorer, Issue};
use super::state::{
    byte_of, pop_done, push_vm, set, ChanKind, ChanReq, FetchTo, PairReq, Req, Stage, State,
    STORECNT,
};
use super::wave::{cas_succeeds, rmw_new};
use crate::isa::HwScope;
use amdmm_program::Value;

impl Explorer<'_, '_> {
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
    pub(super) fn global_wb(&self, n: &mut State, wi: usize, s: crate::isa::ScopeOp) {
        let geo = &self.ctx.geo;
        let scope = s.fixed().unwrap_or(HwScope::Cu);
        if !geo.fam.global_wb_acts() || scope == HwScope::Cu {
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
    pub(super) fn mark_before_wb(&self, n: &mut State, wi: usize) {
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
    pub(super) fn global_wb_ready(&self, s: &State, wi: usize, scope: HwScope) -> bool {
        let cu = self.ctx.geo.cu[wi];
        let mine = |q: &Vec<ChanReq>| {
            q.iter()
                .any(|r| self.ctx.geo.cu[r.wave as usize] == cu && r.before_wb)
        };
        let below_l1 = scope >= HwScope::Se && s.chan.iter().any(mine);
        let below_l2 = scope >= HwScope::Dev && s.chan2.iter().any(mine);
        !below_l1 && !below_l2
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
    pub(super) fn l1_step(&self, s: &State, wi: usize, evict: bool) -> Option<(State, String)> {
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
    pub(super) fn issue_at_l1(&mut self, s: &State, wi: usize, name: &str) -> Vec<(State, String)> {
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
    pub(super) fn l1_at(
        &self,
        s: &State,
        wi: usize,
        i: usize,
        evict: bool,
    ) -> Option<(State, String)> {
        let w = &s.waves[wi];
        if evict {
            let Req::Load { loc, op, width, .. } = &w.vm[i].req else {
                return None;
            };
            // A byte-level load's lines go together: the bytes of one
            // access are in one line of the hardware (docs/hardware.md,
            // "Byte-level accesses").
            let cu = self.ctx.geo.cu[wi];
            let locs = *loc..*loc + *width as u32;
            if !locs
                .clone()
                .any(|l| s.mem.l1_hit(&self.ctx.geo, cu, l, op).is_some())
            {
                return None;
            }
            let mut n = s.clone();
            for l in locs {
                n.mem.l1_drop(cu, l);
            }
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
            // A byte-level load (`width` > 1) is one request whose bytes are
            // served each by its own line, a hit or a fetch; the request
            // completes with its last byte ([`finish`]), like a wide DMA.
            Req::Load {
                dst,
                loc,
                op,
                ir,
                width,
            } => {
                let mut labels = Vec::new();
                done = true;
                for (d, l) in self.load_parts(wi, dst, loc, ir, width) {
                    match s.mem.l1_hit(&ctx.geo, cu, l, &op) {
                        Some(v) => {
                            set(&mut n.waves[wi], d, v);
                            labels.push(format!("load {} = {v} (L1 hit)", self.loc_name(l, op)));
                        }
                        None => {
                            done = false;
                            let system = MemSys::load_is_system(&ctx.geo, &op);
                            chan(
                                l,
                                ChanKind::Fetch {
                                    system,
                                    to: FetchTo::Reg(d),
                                    gl1_ok: memsys::gl1_hit_allowed(&ctx.geo, &op.cpol),
                                },
                                false,
                            );
                            labels
                                .push(format!("load {} misses, sent to L2", self.loc_name(l, op)));
                        }
                    }
                }
                labels.join("; ")
            }
            // A byte-level store writes each byte as its own write, in one
            // request (`done` when all are acknowledged).
            Req::Store {
                loc,
                val,
                op,
                width,
            } => {
                let through = MemSys::store_is_through(&ctx.geo, &op);
                let ack = memsys::store_ack(&ctx.geo, &op);
                done = ack == memsys::Ack::L0;
                let mut labels = Vec::new();
                for k in 0..width as u32 {
                    let (l, v) = if width > 1 {
                        (loc + k, byte_of(val, k))
                    } else {
                        (loc, val)
                    };
                    chan(
                        l,
                        ChanKind::Write {
                            val: v,
                            through,
                            ack,
                        },
                        done,
                    );
                    n.mem.l1_store(cu, l, v);
                    labels.push(format!("store {}={v}", self.loc_name(l, op)));
                }
                format!(
                    "{} (write-through{}, sent to L2)",
                    labels.join("; "),
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
            Req::Dma { copies, op } => {
                // One fetch per element: the elements of a `dwordx3` /
                // `dwordx4` copy are independent reads (async-operations.txt:
                // "Each asynchronous operation consists of a non-atomic read
                // on the source and a non-atomic write on the destination"),
                // performed in any order; the request completes with the
                // last ([`finish`]).
                for &(src, dst) in &copies {
                    chan(
                        src,
                        ChanKind::Fetch {
                            system: MemSys::load_is_system(&ctx.geo, &op),
                            to: FetchTo::Lds(dst),
                            gl1_ok: memsys::gl1_hit_allowed(&ctx.geo, &op.cpol),
                        },
                        false,
                    );
                }
                let names: Vec<String> = copies
                    .iter()
                    .map(|&(src, _)| self.loc_name(src, op))
                    .collect();
                format!("dma {} sent to L2", names.join(" "))
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
    pub(super) fn pair_step(&self, s: &State, q: usize, evict: bool) -> Option<(State, String)> {
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
    /// ([`solo_reads`]), nor does any fetch into a register when every line
    /// of the WGP$ is dead ([`super::dead`]: its refill then writes a line
    /// no request reads, which every state empties). A `global_wb` is never
    /// taken alone (its marks depend on when the other requests leave the
    /// WGP$ queue).
    pub(super) fn pair_head_is_local(&self, s: &State, q: usize) -> bool {
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
        // Does the CU's L1 hold a line a request may still read? Computed
        // once, and only when a fetch into a register asks.
        let l1_live = std::cell::OnceCell::new();
        let l1_live = || {
            *l1_live.get_or_init(|| {
                let (l1, _) = super::dead::live_lines(s, &self.ctx.live, geo);
                l1.get(cu).is_none_or(|set| set.iter().any(|&w| w != 0))
            })
        };
        !s.chan.iter().chain(&s.chan2).flatten().any(|r| {
            r.wave as usize == wi
                && match r.kind {
                    ChanKind::Fetch { to, .. } => {
                        matches!(to, FetchTo::Lds(_)) || (!self.solo(r.loc) && l1_live())
                    }
                    _ => false,
                }
        })
    }

    /// Do requests to locations `a` and `b` share an L2 channel queue (and
    /// stay in order)? The same location does ("The L2 cache has
    /// independent channels to service disjoint ranges of virtual
    /// addresses"); so do two bytes of one byte-level element, which are
    /// one naturally aligned range of at most 8 bytes of the hardware
    /// (docs/hardware.md, "Byte-level accesses").
    pub(super) fn same_channel(&self, a: u32, b: u32) -> bool {
        let element = |l: u32| {
            let p = self.ctx.p;
            match p.locations.get(l as usize).and_then(|x| x.byte.as_ref()) {
                Some(c) => l - c.index,
                None => l,
            }
        };
        a == b || element(a) == element(b)
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
    pub(super) fn l2_step(
        &self,
        s: &State,
        cu: usize,
        i: usize,
        evict: bool,
    ) -> Option<(State, String)> {
        let q = &s.chan[cu];
        let r = &q[i];
        if q[..i].iter().any(|e| self.same_channel(e.loc, r.loc))
            || (self.ctx.geo.fifo_l0_queue && i > 0)
        {
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
    pub(super) fn gl1_step(&self, mut n: State, cu: usize, mut r: ChanReq) -> (State, String) {
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
                finish(&mut n, wi, r.id);
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
                    // A byte-level store is acknowledged with its last byte.
                    let rest = n
                        .chan
                        .iter()
                        .flatten()
                        .any(|e| e.wave == r.wave && e.id == r.id && !e.acked);
                    let nw = &mut n.waves[wi];
                    if !rest {
                        if let Some(e) = nw.vm.iter_mut().find(|e| e.id == r.id) {
                            e.stage = Stage::Done;
                        }
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
    pub(super) fn l2_step_sa(&self, s: &State, sa: usize, i: usize) -> Option<(State, String)> {
        let q = &s.chan2[sa];
        let r = &q[i];
        if q[..i].iter().any(|e| self.same_channel(e.loc, r.loc)) {
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
    pub(super) fn perform_at_l2(&self, mut n: State, cu: usize, r: ChanReq) -> (State, String) {
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
                let (old, at) = n.mem.rmw(&ctx.geo, agent, r.loc, |old| {
                    rmw_new(instr, ok.is_some(), old, a, b)
                });
                if let Some(d) = dst {
                    set(&mut n.waves[wi], d, old);
                }
                if let Some(k) = ok {
                    set(&mut n.waves[wi], k, Value::Int(cas_succeeds(old, a) as i64));
                }
                format!("{name}: atomic {loc_name} old={old} performed at {at}")
            }
        };
        if !r.acked {
            finish(&mut n, wi, r.id);
        }
        (n, label)
    }

    /// AMDGPUUsage: "All LDS operations of a CU are performed as wavefront
    /// wide operations in a global order and involve no caching. Completion
    /// is reported to a wavefront in execution order." The LDS queue of a
    /// wave is performed in order; different waves' queues interleave ("LDS
    /// operations performed by different wavefronts of a work-group can be
    /// reordered relative to each other").
    pub(super) fn perform_lds(&self, s: &State, wi: usize) -> (State, String) {
        let mut n = s.clone();
        let req = n.waves[wi].lds.remove(0);
        let label = match req {
            // A byte-level LDS access reads or writes all its bytes at once:
            // "All LDS operations of a CU are performed as wavefront wide
            // operations in a global order".
            Req::Load {
                dst,
                loc,
                op,
                ir,
                width,
            } => {
                let mut vals = Vec::new();
                for (d, l) in self.load_parts(wi, dst, loc, ir, width) {
                    let v = n.mem.lds_load(l);
                    set(&mut n.waves[wi], d, v);
                    vals.push(v.to_string());
                }
                format!(
                    "ds load {} = {}",
                    self.locs_name(loc, width, op),
                    vals.join(" ")
                )
            }
            Req::Store {
                loc,
                val,
                op,
                width,
            } => {
                if width > 1 {
                    for k in 0..width as u32 {
                        n.mem.lds_store(loc + k, byte_of(val, k));
                    }
                } else {
                    n.mem.lds_store(loc, val);
                }
                format!("ds store {}={val}", self.locs_name(loc, width, op))
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
                let new = rmw_new(instr, ok.is_some(), old, a, b);
                if let Some(v) = new {
                    n.mem.lds_store(loc, v);
                }
                if let Some(d) = dst {
                    set(&mut n.waves[wi], d, old);
                }
                if let Some(k) = ok {
                    set(&mut n.waves[wi], k, Value::Int(cas_succeeds(old, a) as i64));
                }
                format!("ds atomic {} old={old}", self.loc_name(loc, op))
            }
            _ => "ds ?".into(),
        };
        (n, label)
    }
}

/// Wave `wi`'s request `id` has had one of its parts performed: it is
/// complete once none is left on its way (a wide LDS DMA sends one fetch
/// per element; every other request, one). A store already acknowledged
/// does not count: its id may have been reused.
fn finish(n: &mut State, wi: usize, id: u32) {
    let left = n
        .chan
        .iter()
        .chain(&n.chan2)
        .flatten()
        .any(|e| e.wave as usize == wi && e.id == id && !e.acked);
    if left {
        return;
    }
    let nw = &mut n.waves[wi];
    if let Some(e) = nw.vm.iter_mut().find(|e| e.id == id) {
        e.stage = Stage::Done;
    }
    pop_done(nw);
}
