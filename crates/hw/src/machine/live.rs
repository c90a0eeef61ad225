//! Dead registers (issue 27): a register that no instruction of its wave
//! can read again and that the final state does not show is forgotten
//! (its value reset to `undef`, its written bit cleared), so that states
//! differing only in it are one state (docs/hardware.md, "Partial-order
//! reduction", "Dead registers").
//!
//! Why no final state changes: a register's value is read only by its own
//! wave's instructions (their operands, addresses and conditions, through
//! `Explorer::operand`) and, at the end, by the final state's shown
//! registers and the condition ([`amdmm_program::Program::shown_observables`],
//! which includes the condition's). A request completing writes its
//! destination and never reads it; a register still pending keeps its
//! pending mark (only the value is reset), so an instruction that would
//! wait for it still waits. So two states that differ only in the values
//! of registers none of these can read have the same steps, the same
//! successors up to those registers, and the same final states and flags.
//! "Can read again" is over-approximated by position: the operands of the
//! program instructions at or after the wave's current one (every
//! instruction of a thread with a backward branch, a compare-and-swap loop,
//! a barrier operation or a call, which may read any of its registers
//! again or through operands this list does not follow).

use super::code::{Code, Micro};
use super::state::State;
use amdmm_program::{Instr, Observable, Operand, Program};

/// Per wave and micro position (one past the end included): the registers
/// that must be kept, as a bit set (`None`: all of them).
pub(super) struct LiveRegs {
    keep: Vec<Vec<Option<Vec<u64>>>>,
}

/// The registers an instruction reads (its operands; `None`: an
/// instruction whose reads this list does not follow).
fn operands(i: &Instr) -> Option<Vec<Operand>> {
    Some(match i {
        Instr::Load { addr, .. } => vec![addr.index],
        Instr::Store { value, addr, .. } | Instr::Rmw { value, addr, .. } => {
            vec![*value, addr.index]
        }
        Instr::CmpXchg {
            addr,
            expected,
            new,
            ..
        } => vec![addr.index, *expected, *new],
        Instr::Move { src, .. } => vec![*src],
        Instr::Bin { a, b, .. } | Instr::Cmp { a, b, .. } => vec![*a, *b],
        Instr::Select { cond, a, b, .. } => vec![*cond, *a, *b],
        Instr::Branch { cond, .. } | Instr::Assume { cond } => vec![*cond],
        Instr::Dma { src, dst, .. } => vec![src.index, dst.index],
        Instr::Fence { .. }
        | Instr::Jump { .. }
        | Instr::AsyncMark
        | Instr::WaitAsyncMark { .. }
        | Instr::Halt => Vec::new(),
        Instr::Barrier(_) | Instr::Hw(_) | Instr::CallEnter { .. } | Instr::CallExit { .. } => {
            return None
        }
    })
}

impl LiveRegs {
    pub(super) fn new(p: &Program, code: &[Code]) -> LiveRegs {
        let shown = p.shown_observables();
        let keep = p
            .threads
            .iter()
            .zip(code)
            .enumerate()
            .map(|(ti, (t, c))| {
                let n = t.regs.len();
                let words = n.div_ceil(64).max(1);
                let mut base = vec![0u64; words];
                for o in &shown {
                    if let Observable::Reg { thread, reg } = o {
                        if *thread as usize == ti && (*reg as usize) < n {
                            base[*reg as usize / 64] |= 1 << (*reg as usize % 64);
                        }
                    }
                }
                let looping = super::code::loops(c, t);
                let reads: Option<Vec<Vec<Operand>>> = t.code.iter().map(operands).collect();
                let (Some(reads), false) = (reads, looping) else {
                    return vec![None; c.micro.len() + 1];
                };
                // Per program instruction: the registers read from it on.
                let mut from = vec![base; t.code.len() + 1];
                for k in (0..t.code.len()).rev() {
                    let mut set = from[k + 1].clone();
                    for o in &reads[k] {
                        if let Operand::Reg(r) = o {
                            if (*r as usize) < n {
                                set[*r as usize / 64] |= 1 << (*r as usize % 64);
                            }
                        }
                    }
                    from[k] = set;
                }
                c.micro
                    .iter()
                    .map(|m| match m {
                        Micro::Ir(k) | Micro::M { ir: k, .. } => Some(from[*k].clone()),
                    })
                    .chain([Some(from[t.code.len()].clone())])
                    .collect()
            })
            .collect();
        LiveRegs { keep }
    }

    /// Forgets the dead registers of every wave of `s` (module comment).
    /// The registers past the program's (a compare-and-swap loop's
    /// scratch registers) are kept.
    pub(super) fn forget_dead(&self, p: &Program, s: &mut State) {
        for (wi, w) in s.waves.iter_mut().enumerate() {
            let Some(Some(keep)) = self.keep[wi].get(w.pc as usize) else {
                continue;
            };
            let n = p.threads[wi].regs.len().min(w.regs.len());
            for r in 0..n {
                if keep[r / 64] >> (r % 64) & 1 == 0 {
                    w.regs[r] = amdmm_program::Value::Undef;
                    if let Some(word) = w.written.get_mut(r / 64) {
                        *word &= !(1 << (r % 64));
                    }
                }
            }
        }
    }
}
