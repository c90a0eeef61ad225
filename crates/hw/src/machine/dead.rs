//! Dead cache lines: the lines of location `x` in the L1 (L0, WGP$) of a CU
//! and in the second level (GL1, GFX12.5 L1 buffer) of a shader array are
//! emptied in every state from which no request can read them again (no
//! load of `x` may reach that cache), so that states differing only in
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
/// serve (and which lines it may read there, and in the second level)?
pub(super) struct Liveness {
    l1: Vec<Vec<bool>>,
    /// The same per location (a bit set of locations per wave and
    /// program counter; every byte of a byte-level element together):
    /// which lines the wave may still read.
    l1_locs: Vec<Vec<Vec<u64>>>,
    second_locs: Vec<Vec<Vec<u64>>>,
    words: usize,
    /// Per location: the locations of its byte-level element (itself
    /// alone for a whole location).
    element: Vec<std::ops::Range<usize>>,
}

/// Does `op` read global memory through the L1 (a load that may hit it)?
fn reads_l1(g: &Geometry, op: &MemOp) -> bool {
    op.kind == MemKind::Load && g.fam.load_policy(g.tgsplit, &op.cpol).hit_l1
}

/// Does `op` read global memory through the second level?
fn reads_second(g: &Geometry, op: &MemOp) -> bool {
    matches!(op.kind, MemKind::Load | MemKind::LoadLds) && memsys::gl1_hit_allowed(g, &op.cpol)
}

/// The locations the source of a load or LDS DMA instruction may read.
fn reads_of(p: &Program, i: Option<&Instr>) -> std::ops::Range<usize> {
    match i {
        Some(
            Instr::Load { addr, .. }
            | Instr::Rmw { addr, .. }
            | Instr::CmpXchg { addr, .. }
            | Instr::Dma { src: addr, .. },
        ) => super::search::may_access(p, addr),
        _ => 0..0,
    }
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
                    let loops = super::code::loops(c, t);
                    let any = reads.iter().any(|&r| r);
                    let mut live = vec![false; reads.len() + 1];
                    for k in (0..reads.len()).rev() {
                        live[k] = loops && any || reads[k] || live[k + 1];
                    }
                    live
                })
                .collect()
        };
        let n_locs = p.locations.len();
        let words = n_locs.div_ceil(64).max(1);
        let element: Vec<std::ops::Range<usize>> = (0..n_locs)
            .map(|l| match p.locations[l].byte.as_ref() {
                Some(c) => {
                    let first = l.saturating_sub(c.index as usize);
                    let mut end = first;
                    while end < n_locs
                        && p.locations[end]
                            .byte
                            .as_ref()
                            .is_some_and(|d| end - first == d.index as usize)
                    {
                        end += 1;
                    }
                    first..end.max(l + 1)
                }
                None => l..l + 1,
            })
            .collect();
        let per_loc = |f: &dyn Fn(&MemOp) -> bool| -> Vec<Vec<Vec<u64>>> {
            code.iter()
                .zip(&p.threads)
                .map(|(c, t)| {
                    let len = c.micro.len();
                    let mut sets = vec![vec![0u64; words]; len + 1];
                    for k in (0..len).rev() {
                        sets[k] = sets[k + 1].clone();
                        if let Micro::M {
                            instr: MInstr::Mem(op),
                            ir,
                        } = &c.micro[k]
                        {
                            if f(op) {
                                for l in reads_of(p, t.code.get(*ir)) {
                                    for e in element[l].clone() {
                                        sets[k][e / 64] |= 1 << (e % 64);
                                    }
                                }
                            }
                        }
                    }
                    if super::code::loops(c, t) {
                        let all = sets[0].clone();
                        sets.iter_mut().for_each(|x| x.clone_from(&all));
                    }
                    sets
                })
                .collect()
        };
        Liveness {
            l1: per(&|op| reads_l1(g, op)),
            l1_locs: per_loc(&|op| reads_l1(g, op)),
            second_locs: per_loc(&|op| reads_second(g, op)),
            words,
            element,
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

/// Empties the lines of the L1 of every CU and of the second level of
/// every shader array that no request can read again (the module's comment
/// says why): a line of location `x` is read only by a load of `x`, so it
/// is dead when no wave placed on the cache may still issue one that the
/// cache may serve and none is queued or on its way there.
pub(super) fn drop_dead_lines(s: &mut State, live: &Liveness, g: &Geometry) {
    let (l1_live, second_live) = live_lines(s, live, g);
    let n_locs = live.element.len();
    let dead = |set: &[u64], l: usize| set[l / 64] >> (l % 64) & 1 == 0;
    for (cu, set) in l1_live.iter().enumerate() {
        for l in (0..n_locs).filter(|&l| dead(set, l)) {
            s.mem.l1_drop(cu, l as u32);
        }
    }
    for (sa, set) in second_live.iter().enumerate() {
        for l in (0..n_locs).filter(|&l| dead(set, l)) {
            s.mem.gl1_set(sa, l as u32, None);
        }
    }
}

/// Per CU's L1 and per shader array's second level, a bit set of the
/// locations whose lines a request may still read ([`live_lines`]).
pub(super) type LiveLines = (Vec<Vec<u64>>, Vec<Vec<u64>>);

/// The lines a request may still read in state `s`: one bit set of
/// locations per CU's L1 and one per shader array's second level
/// ([`drop_dead_lines`] empties the others).
pub(super) fn live_lines(s: &State, live: &Liveness, g: &Geometry) -> LiveLines {
    let n_cu = g.cu_l2.len();
    let words = live.words;
    let mut l1_live = vec![vec![0u64; words]; n_cu];
    let mut second_live = vec![vec![0u64; words]; g.n_sa];
    let or = |dst: &mut Vec<u64>, src: Option<&Vec<u64>>| {
        if let Some(src) = src {
            dst.iter_mut().zip(src).for_each(|(d, s)| *d |= s);
        }
    };
    let mark = |dst: &mut Vec<u64>, loc: u32| {
        let l = loc as usize;
        if let Some(e) = live.element.get(l) {
            for b in e.clone() {
                dst[b / 64] |= 1 << (b % 64);
            }
        }
    };
    for (wi, w) in s.waves.iter().enumerate() {
        let cu = g.cu[wi];
        let sa = g.sa.get(wi).copied();
        let pc = w.pc as usize;
        if !w.halted {
            if let Some(d) = l1_live.get_mut(cu) {
                or(d, live.l1_locs.get(wi).and_then(|v| v.get(pc)));
            }
            if let Some(d) = sa.and_then(|sa| second_live.get_mut(sa)) {
                or(d, live.second_locs.get(wi).and_then(|v| v.get(pc)));
            }
        }
        // Requests issued and not yet past the L1 (GFX12.5's pair queues).
        for e in w.vm.iter().filter(|e| e.stage == Stage::Queued) {
            match &e.req {
                Req::Load { op, loc, width, .. } => {
                    for k in 0..(*width).max(1) as u32 {
                        if reads_l1(g, op) {
                            if let Some(d) = l1_live.get_mut(cu) {
                                mark(d, loc + k);
                            }
                        }
                        if reads_second(g, op) {
                            if let Some(d) = sa.and_then(|sa| second_live.get_mut(sa)) {
                                mark(d, loc + k);
                            }
                        }
                    }
                }
                Req::Dma { op, copies } if reads_second(g, op) => {
                    for &(src, _) in copies {
                        if let Some(d) = sa.and_then(|sa| second_live.get_mut(sa)) {
                            mark(d, src);
                        }
                    }
                }
                _ => {}
            }
        }
    }
    // Fetches on their way to the second level.
    for r in s.chan.iter().chain(&s.chan2).flatten() {
        if let ChanKind::Fetch { gl1_ok: true, .. } = r.kind {
            if let Some(d) =
                g.sa.get(r.wave as usize)
                    .and_then(|&sa| second_live.get_mut(sa))
            {
                mark(d, r.loc);
            }
        }
    }
    (l1_live, second_live)
}

/// Is location `loc`'s line live in bit set `set` (of [`live_lines`])?
pub(super) fn is_live(set: &[u64], loc: u32) -> bool {
    let l = loc as usize;
    set.get(l / 64).is_some_and(|w| w >> (l % 64) & 1 == 1)
}
