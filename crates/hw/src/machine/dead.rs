//! Dead cache lines: the L1 (L0, WGP$) of a CU and the second level (GL1,
//! GFX12.5 L1 buffer) of a shader array are emptied in every state from
//! which no request can read them again, so that states differing only in
//! lines nothing will read are one state (a dead-variable reduction,
//! docs/hardware.md "Partial-order reduction").
//!
//! Why it keeps every final state: a line of these caches is read only by
//! a load that may hit it (`MemSys::l1_hit`, the L1 stage of a load, and
//! its evict-and-miss successor, which exists only for a hit) and by a
//! fetch that may be served by the second level (`gl1_ok`, the GL1 stage).
//! Every other use writes it (a fill, a store updating a present line, an
//! RMW or an invalidate dropping it). Both caches are write-through (the
//! tables never write an L1 back), so the final state reads neither: it
//! reads registers, the L2, memory and the LDS. So when no wave placed on
//! the cache can issue such a load again and none is queued or in flight,
//! the line's value cannot influence any later step, and the state with
//! the cache emptied has the same futures, up to the lines themselves,
//! hence the same final states.

use super::code::{Code, Micro};
use super::memsys::{self, Geometry};
use super::state::{ChanKind, Req, Stage, State};
use crate::isa::{MInstr, MemKind, MemOp};
use amdmm_program::{Instr, Program};

/// Per wave and program counter (an index of its micro code, one past the
/// end included): may the wave, from there on, issue a load the L1 may
/// serve, or a load or LDS DMA the second level may serve?
pub(super) struct Liveness {
    l1: Vec<Vec<bool>>,
    second: Vec<Vec<bool>>,
}

/// Does `op` read global memory through the L1 (a load that may hit it)?
fn reads_l1(g: &Geometry, op: &MemOp) -> bool {
    op.kind == MemKind::Load && g.fam.load_policy(g.tgsplit, &op.cpol).hit_l1
}

/// Does `op` read global memory through the second level?
fn reads_second(g: &Geometry, op: &MemOp) -> bool {
    matches!(op.kind, MemKind::Load | MemKind::LoadLds) && memsys::gl1_hit_allowed(g, &op.cpol)
}

impl Liveness {
    pub(super) fn new(p: &Program, code: &[Code], g: &Geometry) -> Liveness {
        let per = |f: &dyn Fn(&MemOp) -> bool| -> Vec<Vec<bool>> {
            code.iter()
                .zip(&p.threads)
                .map(|(c, t)| {
                    let reads: Vec<bool> = c
                        .micro
                        .iter()
                        .map(|m| matches!(m, Micro::M { instr: MInstr::Mem(op), .. } if f(op)))
                        .collect();
                    // A backward branch (or a compare-and-swap loop) may run
                    // any instruction again: the whole code counts.
                    let loops = c.micro.iter().any(|m| {
                        matches!(
                            m,
                            Micro::M {
                                instr: MInstr::CasLoopBack,
                                ..
                            }
                        )
                    }) || t.code.iter().enumerate().any(|(k, i)| match i {
                        Instr::Jump { target } => *target as usize <= k,
                        Instr::Branch { then_, else_, .. } => {
                            *then_ as usize <= k || *else_ as usize <= k
                        }
                        _ => false,
                    });
                    let any = reads.iter().any(|&r| r);
                    let mut live = vec![false; reads.len() + 1];
                    for k in (0..reads.len()).rev() {
                        live[k] = loops && any || reads[k] || live[k + 1];
                    }
                    live
                })
                .collect()
        };
        Liveness {
            l1: per(&|op| reads_l1(g, op)),
            second: per(&|op| reads_second(g, op)),
        }
    }

    /// May wave `wi`, from program counter `pc` on, issue a load its L1
    /// may serve?
    pub(super) fn l1_at(&self, wi: usize, pc: u32) -> bool {
        Self::at(&self.l1, wi, pc)
    }

    fn at(v: &[Vec<bool>], wi: usize, pc: u32) -> bool {
        v.get(wi)
            .map(|w| w.get(pc as usize).copied().unwrap_or(false))
            .unwrap_or(true)
    }
}

/// Empties the L1 of every CU and the second level of every shader array
/// that no request can read again (the module's comment says why).
pub(super) fn drop_dead_lines(s: &mut State, live: &Liveness, g: &Geometry) {
    let n_cu = g.cu_l2.len();
    let mut l1_live = vec![false; n_cu];
    let mut second_live = vec![false; g.n_sa];
    for (wi, w) in s.waves.iter().enumerate() {
        let cu = g.cu[wi];
        let sa = g.sa.get(wi).copied();
        let mut l1 = !w.halted && Liveness::at(&live.l1, wi, w.pc);
        let mut second = !w.halted && Liveness::at(&live.second, wi, w.pc);
        // Requests issued and not yet past the L1 (GFX12.5's pair queues).
        for e in w.vm.iter().filter(|e| e.stage == Stage::Queued) {
            match &e.req {
                Req::Load { op, .. } => {
                    l1 |= reads_l1(g, op);
                    second |= reads_second(g, op);
                }
                Req::Dma { op, .. } => second |= reads_second(g, op),
                _ => {}
            }
        }
        if let Some(x) = l1_live.get_mut(cu) {
            *x |= l1;
        }
        if let Some(x) = sa.and_then(|sa| second_live.get_mut(sa)) {
            *x |= second;
        }
    }
    // Fetches on their way to the second level.
    for r in s.chan.iter().chain(&s.chan2).flatten() {
        if let ChanKind::Fetch { gl1_ok: true, .. } = r.kind {
            if let Some(x) =
                g.sa.get(r.wave as usize)
                    .and_then(|&sa| second_live.get_mut(sa))
            {
                *x = true;
            }
        }
    }
    for (cu, live) in l1_live.into_iter().enumerate() {
        if !live {
            s.mem.clear_l1(cu);
        }
    }
    for (sa, live) in second_live.into_iter().enumerate() {
        if !live {
            s.mem.clear_gl1(sa);
        }
    }
}
