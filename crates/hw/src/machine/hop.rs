//! Partial-order reduction, GFX10-GFX12: a request's hop past a second
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

use super::dead;
use super::memsys::Ack;
use super::search::Explorer;
use super::state::{ChanKind, ChanReq, Stage, State};

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
