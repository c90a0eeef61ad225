//! Partial-order reductions of the GFX10+ queues. GFX10-GFX12: a request's hop past a second
//! level (GFX10-GFX11 GL1, GFX12 L1 buffer) that cannot observe it is taken
//! alone ([`Explorer::unobserved_hop`]; docs/hardware.md, "Partial-order
//! reduction").
//!
//! On these generations a request goes from its CU's (L0's) queue to its
//! shader array's second level, then through the shader array's queue to
//! the L2: two queue hops where GFX6-GFX942 have one. When the second level
//! can neither serve nor keep the request, the first hop only moves it from
//! one queue to the next, and exploring where every such request is between
//! the two queues multiplies the states (litmus/wide's CoRR+wide: the
//! writers' stores split between the two queues in every way, 1.39 M states
//! at 12 stores a writer where GFX942 has 49 K).
//!
//! The second rule, the *sole route* ([`Explorer::sole_route_step`],
//! GFX10-GFX12.5), performs the first request of its channel in a shader
//! array's queue towards the L2 at once when every request to its location
//! takes that queue (GFX12.5: one shader engine per cluster).

use super::dead;
use super::memsys::Ack;
use super::search::Explorer;
use super::state::{ChanKind, ChanReq, FetchTo, Stage, State};

impl Explorer<'_, '_> {
    /// Partial-order reduction, the *unobserved hop* (GFX10-GFX12): a
    /// request of a CU's queue whose step through its shader array's second
    /// level ([`Self::gl1_step`]) only moves it to the shader array's queue
    /// is taken alone, as an ample set of one step. That is so when:
    ///
    /// - the second level does not look at it: a fetch the second level
    ///   may not serve (`gl1_ok` false: GFX10 `dlc`, GFX11 `glc`), or any
    ///   request on GFX12, whose L1 buffer holds no lines; a store or an
    ///   atomic, which updates or drops the location's line, only when no
    ///   request can read that line again ([`super::dead`]: the line is
    ///   dead, and stays dead, so it is emptied in every state either way);
    /// - it completes nothing: not a store acknowledged at the second level
    ///   (GFX12.5 only, which is left out with its in-order queues);
    /// - no request of another CU of its shader array to its location is
    ///   queued, and no wave of another CU of the shader array may still
    ///   access the location ([`Self::others_done_with`]): only then is no
    ///   other request of its channel ever appended to the shader array's
    ///   queue, whose order per channel is observable.
    ///
    /// Why it is sound (the ample-set conditions): the step removes the
    /// request from its CU's queue and appends it to its shader array's.
    /// No other step reads or writes what it changes, up to what the
    /// reductions already identify: a request behind it in its CU's queue
    /// with the same channel is enabled only by it; requests of other
    /// channels commute with it up to the queues' channel order
    /// ([`super::canon`]: only the order within a channel is observable);
    /// no other request of its channel enters the shader array's queue
    /// (third condition), so its place among that queue's requests of its
    /// channel is the same whichever order the steps take; the shader
    /// array's queue steps (to the L2) take requests whose earlier
    /// same-channel requests are gone, which an append at the tail does not
    /// change; their GL1 refill, which looks for a write queued behind, and
    /// the store's update of the line, touch only a dead line; the L0 refill
    /// looks at both queues alike. Every other step reads neither queue, or
    /// both alike (`is_local`'s in-flight test, the last-access rule's
    /// count, the final state's empty queues). The step is never disabled:
    /// it needs only that no earlier request of its CU's queue has its
    /// channel, and other steps only remove requests or append at the tail.
    /// The state graph is acyclic, so no cycle proviso is needed.
    ///
    /// This generalises [`Self::solo_fetch_step`] (a fetch of a location no
    /// one writes) to every request whose hop nothing observes.
    pub(super) fn unobserved_hop(&self, s: &State) -> Option<(State, String)> {
        let geo = &self.ctx.geo;
        if !geo.gl1 || !geo.pairq.is_empty() || geo.fifo_l0_queue {
            return None;
        }
        let mut second: Option<Vec<Vec<u64>>> = None;
        for (cu, q) in s.chan.iter().enumerate() {
            for (i, r) in q.iter().enumerate() {
                if q[..i].iter().any(|e| self.same_channel(e.loc, r.loc)) {
                    continue;
                }
                let sa = geo.sa[r.wave as usize];
                let line_dead = |second: &mut Option<Vec<Vec<u64>>>| {
                    if !geo.l1_cache {
                        return true;
                    }
                    let sets =
                        second.get_or_insert_with(|| dead::live_lines(s, &self.ctx.live, geo).1);
                    !sets.get(sa).is_some_and(|set| dead::is_live(set, r.loc))
                };
                let unobserved = match r.kind {
                    ChanKind::Fetch { gl1_ok, .. } => !gl1_ok || !geo.l1_cache,
                    ChanKind::Write { ack, .. } => {
                        (ack != Ack::L1 || r.acked) && line_dead(&mut second)
                    }
                    ChanKind::Atomic { .. } => line_dead(&mut second),
                };
                if !unobserved || !self.others_done_with(s, cu, r) {
                    continue;
                }
                if let Some(step) = self.l2_step(s, cu, i, false) {
                    return Some(step);
                }
            }
        }
        None
    }

    /// Will no request of a CU other than `cu` in request `r`'s shader array
    /// ever join that shader array's queue with `r`'s channel? None is in a
    /// CU's queue, and every wave of such a CU is past its last access to
    /// the location ([`super::search::last_access`]; a byte-level location,
    /// whose channel is its element's, is not taken).
    fn others_done_with(&self, s: &State, cu: usize, r: &ChanReq) -> bool {
        let ctx = self.ctx;
        let geo = &ctx.geo;
        let l = r.loc as usize;
        if ctx.p.locations.get(l).is_none_or(|p| p.byte.is_some()) {
            return false;
        }
        let sa = geo.sa[r.wave as usize];
        s.waves.iter().enumerate().all(|(wi, w)| {
            let c = geo.cu[wi];
            if c == cu || geo.sa[wi] != sa {
                return true;
            }
            let queued = s.chan[c].iter().any(|e| e.loc == r.loc)
                || w.vm.iter().any(|e| e.stage == Stage::Queued);
            let later = match ctx.last_access[wi][l] {
                None => false,
                Some(usize::MAX) => true,
                Some(last) => !w.halted && last >= w.pc as usize,
            };
            !queued && !later
        })
    }
}

impl Explorer<'_, '_> {
    /// Partial-order reduction, the *sole route* (GFX10-GFX12.5): the first
    /// request of its channel in a shader array's (GFX12.5: shader engine's)
    /// queue towards the L2 is performed alone, as an ample set of one step,
    /// when that queue is the only way to the L2 for its location: every
    /// wave that may access the location is placed in that shader array
    /// (`last_access`), so every request to it passes this queue, in order
    /// per channel ([`Self::l2_step_sa`]). GFX12.5 puts the work-groups of
    /// one cluster on one shader engine, whose one queue then takes every
    /// wave's requests: without this rule it holds every interleaving of
    /// the writers' stores that are not yet at the L2.
    ///
    /// Taken for a store; for an atomic or a fetch into a register when the
    /// registers it writes are written by no other instruction of its wave
    /// (a loop-free wave, each of them the destination of one instruction)
    /// and, for a fetch, when the lines its refills write are dead
    /// ([`super::dead`]: its CU's L1 line and its shader array's second-level
    /// line of the location). Not for LDS DMA, nor byte-level locations.
    ///
    /// Why it is sound (the ample-set conditions): the step reads and writes
    /// the location's L2 line and memory, removes the request from the head
    /// of its channel, completes the request for its wave (which only
    /// enables that wave's waits and a `global_wb` waiting for it), writes
    /// the request's destination registers and, for a fetch, refills two
    /// lines. No other step can touch the location's L2 line or memory
    /// before it: every other request to the location is behind it in its
    /// channel (the location's requests all take this queue), no
    /// housekeeping step is offered for a location of one agent, and an
    /// invalidate or write-back of the L2 leaves its effective value alone
    /// (`MemSys::fold_unshared_l2`). An append at the tail of the queue
    /// commutes with the removal of its head. Only the wave reads the
    /// destination registers, and its instructions that read them wait for
    /// the request (they are pending), and none writes them. The refills'
    /// conditions (a write queued behind, a later write of the CU) are the
    /// only other dependency, and they only decide dead lines, which every
    /// state empties. A `global_wb` taking the WGP$ marks the request or
    /// not, and the mark leaves with the request either way. The step is
    /// never disabled (it is at the head of its channel, and steps only
    /// append behind it). The state graph is acyclic, so no cycle proviso
    /// is needed.
    pub(super) fn sole_route_step(&self, s: &State) -> Option<(State, String)> {
        let geo = &self.ctx.geo;
        if !geo.gl1 {
            return None;
        }
        let mut lines: Option<dead::LiveLines> = None;
        for (q, reqs) in s.chan2.iter().enumerate() {
            for (i, r) in reqs.iter().enumerate() {
                if reqs[..i].iter().any(|e| self.same_channel(e.loc, r.loc))
                    || !self.sole_route(q, r.loc)
                {
                    continue;
                }
                let wi = r.wave as usize;
                let alone = match r.kind {
                    ChanKind::Write { .. } => true,
                    ChanKind::Atomic { dst, ok, .. } => {
                        dst.iter().chain(&ok).all(|&d| self.written_once(wi, d))
                    }
                    ChanKind::Fetch {
                        to: FetchTo::Reg(d),
                        ..
                    } => {
                        let (l1, second) =
                            lines.get_or_insert_with(|| dead::live_lines(s, &self.ctx.live, geo));
                        let live = |sets: &Vec<Vec<u64>>, k: usize| {
                            sets.get(k).is_some_and(|set| dead::is_live(set, r.loc))
                        };
                        self.written_once(wi, d) && !live(l1, geo.cu[wi]) && !live(second, q)
                    }
                    ChanKind::Fetch { .. } => false,
                };
                if !alone {
                    continue;
                }
                if let Some(step) = self.l2_step_sa(s, q, i) {
                    return Some(step);
                }
            }
        }
        None
    }

    /// Does every wave that may access location `loc` sit in shader array
    /// `q` ([`Self::sole_route_step`])? Not for a byte-level location.
    fn sole_route(&self, q: usize, loc: u32) -> bool {
        let ctx = self.ctx;
        let l = loc as usize;
        if ctx.p.locations.get(l).is_none_or(|p| p.byte.is_some()) {
            return false;
        }
        (0..ctx.p.threads.len())
            .all(|wi| ctx.last_access[wi].get(l).is_none_or(|a| a.is_none()) || ctx.geo.sa[wi] == q)
    }

    /// Is register `d` of wave `wi` written by one instruction of its code,
    /// which has no loop ([`super::code::loops`])?
    fn written_once(&self, wi: usize, d: amdmm_program::RegId) -> bool {
        let t = &self.ctx.p.threads[wi];
        !super::code::loops(&self.ctx.code[wi], t)
            && t.code.iter().filter(|i| i.writes().contains(&d)).count() == 1
    }
}

impl Explorer<'_, '_> {
    /// Takes the sole-route step ([`Self::sole_route_step`]) of each
    /// successor in the same step, as long as it has one: such a state
    /// would be expanded by that one step alone (an ample set of one), so
    /// storing it as a state of its own only counts it. On GFX12.5 every
    /// request that enters its shader engine's queue is then performed in
    /// the step that brought it there, as on GFX6-GFX942 a request leaving
    /// its CU's queue is performed at the L2.
    pub(super) fn fuse_sole_routes(&self, succ: &mut [(State, String)]) {
        if !self.ctx.opts.reduce || !self.ctx.geo.gl1 {
            return;
        }
        for (n, label) in succ.iter_mut() {
            while let Some((m, l)) = self.sole_route_step(n) {
                *n = m;
                label.push_str("; ");
                label.push_str(&l);
            }
        }
    }
}
