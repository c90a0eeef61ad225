//! Canonical forms of the parts of a state whose exact layout no step can
//! observe (issue 27): states that differ only there have the same steps
//! and the same final states, so the search stores and expands one of
//! them. Off with `--no-reduction` (`HwOptions { reduce: false }`).
//!
//! - **Queue order between channels** ([`sort_queues`]): a CU's queue
//!   towards the L2 (GFX10-GFX11: towards the GL1) and a shader array's
//!   queue towards the L2 keep only the order of requests *to the same
//!   channel* (AMDGPUUsage, "Memory Model GFX942": "Each CU has a separate
//!   request queue per channel for its associated L2"; GFX10-GFX11: "Each
//!   L0 cache has a separate request queue per L1 quadrant", "Each L1
//!   quadrant has a separate request queue per L2 channel").
//! - **Request numbers** ([`renumber_requests`]): a wave numbers its
//!   outstanding vector-memory requests only to find them again.

use super::state::{ChanReq, State};
use super::Ctx;

/// Puts the state in its canonical form (both rules of the module).
pub(super) fn canonicalize(s: &mut State, ctx: &Ctx) {
    sort_queues(s, ctx);
    renumber_requests(s);
}

/// The channel of a request to `loc`: the first byte of its byte-level
/// element, else the location itself (`Explorer::same_channel`).
fn channel(ctx: &Ctx, loc: u32) -> u32 {
    match ctx
        .p
        .locations
        .get(loc as usize)
        .and_then(|l| l.byte.as_ref())
    {
        Some(c) => loc - c.index,
        None => loc,
    }
}

/// Sorts every queue between cache levels by channel, keeping the order of
/// the requests of each channel (a stable sort).
///
/// Why states that differ only in this order behave alike: a queue is one
/// in-order queue per channel ("a separate request queue per channel"), so
/// everything a step asks of it depends only on the subsequence of each
/// channel. A request is taken when no earlier request of its channel is
/// queued (`Explorer::l2_step`, `Explorer::l2_step_sa`); a new request is
/// appended at the end, which appends it to its channel's subsequence
/// whatever the order of the others; every other question (a write to the
/// address still queued, for the refills; a write marked before a
/// `global_wb`; a part of a request still on its way, for its completion)
/// asks whether *some* entry of the queue matches, not where. Two queues
/// with the same per-channel subsequences therefore give the same steps,
/// and their successors again have the same per-channel subsequences. Not
/// on GFX12.5's CU queue (`fifo_l0_queue`: "Requests in one queue are
/// executed serially and in-order"), which is one queue for every address.
/// Reductions that pick the first request meeting a condition
/// (`Explorer::solo_fetch_step`, `Explorer::last_access_step`) pick it in
/// the sorted queue, a choice that still depends only on the (canonical)
/// state.
fn sort_queues(s: &mut State, ctx: &Ctx) {
    let key = |r: &ChanReq| channel(ctx, r.loc);
    if !ctx.geo.fifo_l0_queue {
        for q in &mut s.chan {
            q.sort_by_key(key);
        }
    }
    for q in &mut s.chan2 {
        q.sort_by_key(key);
    }
}

/// Renumbers each wave's outstanding vector-memory requests `0..k` in
/// issue order (the next request gets `k`), in the wave's list, in the
/// queues between cache levels and in GFX12.5's SIMD32-pair queues; a
/// store already acknowledged (`ChanReq::acked`, whose number is no longer
/// the wave's) gets number 0.
///
/// Why states that differ only in these numbers behave alike: a number is
/// only compared with the numbers of the same wave's requests, to find the
/// list entry of a queued request (`finish`, `Explorer::pair_step`) and
/// the other parts of a request still on their way; the numbers of
/// acknowledged stores are never compared (`finish` and the acknowledgement
/// skip them, which is why the wave may already reuse numbers: it restarts
/// from 0 whenever its list is empty). Renaming numbers one-to-one keeps
/// every such comparison, and the next number stays fresh, so the steps of
/// the two states correspond and their successors differ again only in
/// numbers.
fn renumber_requests(s: &mut State) {
    for (wi, w) in s.waves.iter_mut().enumerate() {
        let map: Vec<u32> = w.vm.iter().map(|e| e.id).collect();
        if map.iter().enumerate().all(|(k, &id)| id == k as u32) && w.next_id == map.len() as u32 {
            let acked = s
                .chan
                .iter()
                .chain(&s.chan2)
                .flatten()
                .any(|r| r.wave as usize == wi && r.acked && r.id != 0);
            if !acked {
                continue;
            }
        }
        let new = |id: u32| map.iter().position(|&x| x == id).map(|k| k as u32);
        for r in s.chan.iter_mut().chain(s.chan2.iter_mut()).flatten() {
            if r.wave as usize != wi {
                continue;
            }
            r.id = if r.acked {
                0
            } else {
                // An unacknowledged request is still in the wave's list
                // (it completes only when its last part is performed).
                new(r.id).unwrap_or(r.id)
            };
        }
        for q in &mut s.pairq {
            for r in q.iter_mut().filter(|r| r.wave as usize == wi) {
                r.id = r.id.map(|id| new(id).unwrap_or(id));
            }
        }
        for (k, e) in w.vm.iter_mut().enumerate() {
            e.id = k as u32;
        }
        w.next_id = map.len() as u32;
    }
}
