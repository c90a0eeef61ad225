//! The seam where a wave's code comes from: the lowered machine code of each
//! operation (from the code-sequence tables today, see [`crate::lower`](mod@crate::lower)) is
//! laid out with the program's own instructions (control flow, register
//! arithmetic) as one list of micro-instructions per wave.

use crate::isa::MInstr;

/// Where each operation's machine code comes from: the code-sequence tables
/// ([`crate::lower`](mod@crate::lower)) or LLVM's `llc` ([`crate::llc`], docs/llc.md).
#[derive(Clone, Debug)]
pub enum CodeSource {
    Table,
    Llc(crate::llc::Llc),
}

/// The machine code of `p` on `target` from `source`. With `llc`, every
/// access must be attributable to one memory instruction
/// ([`crate::llc::unattributable`]), else the test is refused naming the
/// operations. A tgsplit target's LDS accesses are refused as the tables
/// refuse them ([`crate::lower::tgsplit_lds`]): llc compiles them, but the
/// mode allocates no LDS.
pub fn code_for(
    p: &Program,
    target: &Target,
    source: &CodeSource,
) -> Result<Lowered, super::HwError> {
    match source {
        CodeSource::Table => lower(p, target).map_err(super::HwError::Lower),
        CodeSource::Llc(llc) => {
            crate::lower::tgsplit_lds(p, target).map_err(super::HwError::Lower)?;
            let l = crate::llc::lowered(p, target, llc)?;
            // Refused at the first such operation (`FILE:LINE:COL` in
            // messages), the others named by place.
            let mut bad = crate::llc::unattributable_at(p, &l).into_iter();
            let Some((thread, pos, what)) = bad.next() else {
                return Ok(l);
            };
            let more: Vec<String> = bad
                .map(|(t, at, _)| format!("{t} at {}:{}", at.line, at.col))
                .collect();
            let more = if more.is_empty() {
                String::new()
            } else {
                format!(" (also: {})", more.join(", "))
            };
            Err(super::HwError::Lower(crate::lower::LowerError {
                thread,
                pos,
                message: format!(
                    "{target} (llc): the compiler's code has {what}; the hardware model needs one access per operation{more}"
                ),
            }))
        }
    }
}
use crate::lower::{lower, Lowered};
use crate::target::Target;
use amdmm_program::{Instr, Program};

/// One micro-instruction of a wave: a program instruction (control flow and
/// register arithmetic) or a machine instruction of a lowered operation.
#[derive(Clone, Debug, PartialEq)]
pub(super) enum Micro {
    Ir(usize),
    M {
        instr: MInstr,
        /// The program instruction the machine code belongs to.
        ir: usize,
    },
}

/// A wave's code and the map from program instruction to micro index.
#[derive(Clone, Debug)]
pub(super) struct Code {
    pub(super) micro: Vec<Micro>,
    pub(super) start: Vec<usize>,
}

pub(super) fn build_code(p: &Program, l: &Lowered) -> Vec<Code> {
    let mut out = Vec::new();
    for (ti, t) in p.threads.iter().enumerate() {
        let ops = &l.threads[ti].ops;
        let mut micro = Vec::new();
        let mut start = Vec::with_capacity(t.code.len() + 1);
        for (k, i) in t.code.iter().enumerate() {
            start.push(micro.len());
            match ops.iter().find(|o| o.index == k) {
                Some(op) => {
                    for m in &op.code {
                        micro.push(Micro::M {
                            instr: m.instr,
                            ir: k,
                        });
                    }
                    // llc's code at a branch or block start (`--code llc`,
                    // [`crate::llc::FLOW_TABLE`]) runs before the program's
                    // own instruction, which still runs.
                    if !crate::llc::has_table_code(i) {
                        micro.push(Micro::Ir(k));
                    }
                }
                // The later bytes of a byte-level load or store belong to
                // its first byte's instruction, which performs them all
                // (`Program::byte_access`).
                None if p.byte_access(t, k).is_some_and(|b| b.first != k) => {}
                None => match i {
                    // Consumed by the lowered operation before it (an arrive
                    // and its wait lowered to one s_barrier) or without code.
                    // The later elements of a wide LDS DMA belong to its
                    // first element's instruction.
                    Instr::Hw(_)
                    | Instr::Dma { part: 1.., .. }
                    | Instr::Barrier(_)
                    | Instr::AsyncMark
                    | Instr::CallEnter { .. }
                    | Instr::CallExit { .. } => {}
                    _ => micro.push(Micro::Ir(k)),
                },
            }
        }
        start.push(micro.len());
        out.push(Code { micro, start });
    }
    out
}

/// Has the wave's code a backward jump or branch, or a compare-and-swap
/// loop in its machine code (may any of its instructions run again)? The
/// reductions that reason about "the rest of the code" (dead lines, dead
/// registers, doomed states) treat such a wave as a whole.
pub(super) fn loops(c: &Code, t: &amdmm_program::Thread) -> bool {
    c.micro.iter().any(|m| {
        matches!(
            m,
            Micro::M {
                instr: MInstr::CasLoopBack,
                ..
            }
        )
    }) || t.code.iter().enumerate().any(|(k, i)| match i {
        Instr::Jump { target } => *target as usize <= k,
        Instr::Branch { then_, else_, .. } => *then_ as usize <= k || *else_ as usize <= k,
        _ => false,
    })
}
