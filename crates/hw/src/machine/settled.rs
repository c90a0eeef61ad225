//! Settled states (issue 27): a state from which every continuation
//! reaches a final state, and the same one, is run to its end along one
//! continuation instead of every interleaving of the steps left
//! (docs/hardware.md, "Partial-order reduction", "Settled states").
//!
//! A final state shows the shown registers (the `locations` list and the
//! condition's, [`Program::shown_observables`]), the shown locations'
//! final values, and whether the condition holds on them; a path may
//! instead end with a flag (`ub`, `cutoff`), with no outcome (an `assume`
//! that fails), or blocked (`deadlock`). A state is *settled* when:
//!
//! - every wave has ended or is *calm* from its current position
//!   ([`Settled::calm`]): no instruction it may still issue writes a
//!   shown register or (possibly, through a computed index) a shown
//!   location, is a barrier operation, an `assume`, a call, or may raise
//!   `ub` (a branch on a value that may be `undef`, an address whose index
//!   is not a constant within its symbol: `doomed::may_ub_at`), and the
//!   wave has no backward branch or compare-and-swap loop (so no `cutoff`,
//!   and every instruction runs at most once);
//! - no shown register is pending (a load or atomic on its way to it);
//! - no write to a shown location is on its way: no store, atomic or LDS
//!   DMA to it waits in a wave's queues, its LDS queue, or the queues
//!   between cache levels;
//! - at most one L2 holds a dirty line of each shown location.
//!
//! Why every continuation then reaches one and the same final state: the
//! steps left are issues of calm instructions (none blocks for good: a
//! counter wait ends once the wave's own requests complete, and no barrier
//! is left; none ends the path), the requests' way through the queues and
//! caches (always enabled in turn), cache housekeeping, and the ends of
//! the waves; so every maximal path ends with every wave ended and every
//! queue empty, a final state, with no flag raised. A shown register is
//! written only by its own wave's instructions and by its requests
//! completing (`state::set`); neither is left. A shown location's final
//! value (memory once every dirty L2 line is written back, or its LDS
//! cell) is changed only by a write request reaching it; none is left
//! (invalidates keep dirty lines, write-backs and fills copy the one
//! dirty line's value or memory's, evictions drop clean lines), so it is
//! the dirty line's value if an L2 holds one, else memory's, on every
//! path. The condition is a function of those values. So one
//! continuation ([`super::search::Explorer::run_out`]) records the one
//! final state all of them reach, with a trace the machine can take.

use super::code::{Code, Micro};
use super::independence::is_barrier;
use super::search::may_access;
use super::state::{ChanKind, ChanReq, FetchTo, Req, Stage, State};
use crate::isa::MInstr;
use amdmm_program::{Instr, Observable, Program, RegId};

/// What the settled-state test needs, computed once per test.
pub(super) struct Settled {
    /// Per wave and micro position (one past the end included): is the
    /// wave calm from there on (module comment)?
    calm: Vec<Vec<bool>>,
    /// Per wave: its shown registers.
    shown_regs: Vec<Vec<RegId>>,
    /// Per location: is it (a byte of) a shown location (global, or LDS
    /// in any work-group)?
    shown_loc: Vec<bool>,
}

impl Settled {
    pub(super) fn new(p: &Program, code: &[Code]) -> Settled {
        let n_locs = p.locations.len();
        let mut shown_regs = vec![Vec::new(); p.threads.len()];
        let mut shown_loc = vec![false; n_locs];
        for o in p.shown_observables() {
            match o {
                Observable::Reg { thread, reg } => {
                    if let Some(r) = shown_regs.get_mut(thread as usize) {
                        r.push(reg);
                    }
                }
                Observable::Mem { loc, .. } => {
                    for l in amdmm_explore::observed_cells(p, loc) {
                        if let Some(x) = shown_loc.get_mut(l as usize) {
                            *x = true;
                        }
                    }
                }
            }
        }
        let undef = super::doomed::may_undef(p);
        let calm = p
            .threads
            .iter()
            .zip(code)
            .enumerate()
            .map(|(ti, (t, c))| {
                let n = c.micro.len();
                let mut from = vec![true; n + 1];
                // A wave that may run an instruction again is calm only
                // once its code is done.
                if super::code::loops(c, t) {
                    from[..n].iter_mut().for_each(|x| *x = false);
                    return from;
                }
                // Per program instruction: is it and every later one calm?
                let k_n = t.code.len();
                let mut ir_from = vec![true; k_n + 1];
                for k in (0..k_n).rev() {
                    ir_from[k] = ir_from[k + 1]
                        && calm_instr(p, &undef[ti], &shown_regs[ti], &shown_loc, &t.code[k]);
                }
                for pos in (0..n).rev() {
                    let (k, ok) = match &c.micro[pos] {
                        Micro::Ir(k) => (*k, true),
                        Micro::M { instr, ir } => (
                            *ir,
                            !is_barrier(instr) && !matches!(instr, MInstr::CasLoopBack),
                        ),
                    };
                    from[pos] = from[pos + 1] && ok && ir_from[k];
                }
                from
            })
            .collect();
        Settled {
            calm,
            shown_regs,
            shown_loc,
        }
    }

    /// Is `s` settled (module comment)?
    pub(super) fn holds(&self, s: &State) -> bool {
        let n_locs = self.shown_loc.len();
        // LDS requests name the work-group's copy, `wg * n_locs + loc`.
        let shown = |loc: u32| n_locs > 0 && self.shown_loc[loc as usize % n_locs];
        let req_writes_shown = |r: &Req| match r {
            Req::Store { loc, width, .. } => (*loc..*loc + u32::from(*width).max(1)).any(shown),
            Req::Rmw { loc, .. } => shown(*loc),
            Req::Dma { copies, .. } => copies.iter().any(|&(_, d)| shown(d)),
            Req::Load { .. } | Req::Wb { .. } | Req::GlobalWb { .. } => false,
        };
        let chan_writes_shown = |r: &ChanReq| match r.kind {
            ChanKind::Write { .. } | ChanKind::Atomic { .. } => shown(r.loc),
            ChanKind::Fetch {
                to: FetchTo::Lds(d),
                ..
            } => shown(d),
            ChanKind::Fetch { .. } => false,
        };
        let waves_calm = s.waves.iter().enumerate().all(|(wi, w)| {
            (w.halted || self.calm[wi].get(w.pc as usize).copied().unwrap_or(false))
                && !w.pending.iter().any(|r| self.shown_regs[wi].contains(r))
                && !w
                    .vm
                    .iter()
                    .any(|e| e.stage != Stage::Done && req_writes_shown(&e.req))
                && !w.lds.iter().any(req_writes_shown)
        });
        waves_calm
            && !s
                .chan
                .iter()
                .chain(&s.chan2)
                .flatten()
                .any(chan_writes_shown)
            && (0..n_locs).all(|l| !self.shown_loc[l] || s.mem.dirty_l2s(l) <= 1)
    }
}

/// Is program instruction `i` calm (module comment): it writes no shown
/// register (`shown_regs`) and no shown location (`shown_loc`, any
/// location its address may reach), cannot raise `ub`
/// ([`super::doomed::may_ub_at`], with `undef` the registers that may hold
/// `undef`), and is not an `assume`, a barrier or a call.
fn calm_instr(
    p: &Program,
    undef: &[bool],
    shown_regs: &[RegId],
    shown_loc: &[bool],
    i: &Instr,
) -> bool {
    if super::doomed::may_ub_at(p, undef, i) || i.writes().iter().any(|r| shown_regs.contains(r)) {
        return false;
    }
    let writes_shown = |a| may_access(p, a).any(|l| shown_loc.get(l).copied().unwrap_or(true));
    match i {
        Instr::Store { addr, .. } | Instr::Rmw { addr, .. } | Instr::CmpXchg { addr, .. } => {
            !writes_shown(addr)
        }
        Instr::Dma { dst, .. } => !writes_shown(dst),
        Instr::Assume { .. }
        | Instr::Barrier(_)
        | Instr::Hw(_)
        | Instr::CallEnter { .. }
        | Instr::CallExit { .. } => false,
        Instr::Load { .. }
        | Instr::Fence { .. }
        | Instr::Move { .. }
        | Instr::Bin { .. }
        | Instr::Cmp { .. }
        | Instr::Select { .. }
        | Instr::Jump { .. }
        | Instr::Branch { .. }
        | Instr::AsyncMark
        | Instr::WaitAsyncMark { .. }
        | Instr::Halt => true,
    }
}
