//! Accesses outside their buffer that are known before exploring: a bad
//! launch or a wrong `--arg`, reported as one input error.
//!
//! Issue 25, item 4: "an access outside its buffer is an error naming the
//! line". A work-item's ids, the launch sizes and the scalar arguments are
//! constants of its code (lower/thread), so most indices are constants of
//! the program; an access whose constant index is outside its symbol, on
//! code the work-item reaches, is refused here with its line, the buffer,
//! the index, the buffer's length and the work-item. An index computed
//! from values read at run time is not known here: the executions that
//! reach it out of range end as undefined behaviour (`ub`, with the line),
//! as before (docs/semantics.md, "Kernels", "Out of bounds").

use super::symbols::{BufferInfo, SymbolKind};
use super::Origin;
use crate::error::KernelError;
use crate::launch::WorkItem;
use amdmm_program::{Addr, Instr, Operand, Program};

/// The instructions of `code` a work-item can reach: from the first, along
/// every jump, both edges of a branch on a register, the taken edge of a
/// branch on a constant, none after `Halt`, a branch on `undef` (undefined
/// behaviour: the path ends there) or an `assume` of a constant false or
/// `undef` (the path is not an execution).
fn reachable(code: &[Instr]) -> Vec<bool> {
    let mut seen = vec![false; code.len()];
    let mut stack = vec![0usize];
    while let Some(k) = stack.pop() {
        if k >= code.len() || seen[k] {
            continue;
        }
        seen[k] = true;
        match &code[k] {
            Instr::Halt => {}
            Instr::Jump { target } => stack.push(*target as usize),
            Instr::Branch { cond, then_, else_ } => match cond {
                Operand::Const(c) => stack.push(if *c != 0 { *then_ } else { *else_ } as usize),
                Operand::Reg(_) => stack.extend([*then_ as usize, *else_ as usize]),
                Operand::Undef => {}
            },
            Instr::Assume {
                cond: Operand::Const(0) | Operand::Undef,
            } => {}
            _ => stack.push(k + 1),
        }
    }
    seen
}

/// The addresses instruction `i` accesses, with the verb the error uses.
fn accesses(i: &Instr) -> Vec<(&'static str, Addr)> {
    match i {
        Instr::Load { addr, .. } => vec![("load from", *addr)],
        Instr::Store { addr, .. } => vec![("store to", *addr)],
        Instr::Rmw { addr, .. } => vec![("atomicrmw on", *addr)],
        Instr::CmpXchg { addr, .. } => vec![("cmpxchg on", *addr)],
        Instr::Dma { src, dst, .. } => vec![("LDS DMA copy from", *src), ("LDS DMA copy to", *dst)],
        _ => Vec::new(),
    }
}

/// A work-item as a HIP programmer names it: its ids (`(x, y)` in a 2-D
/// launch) and the report's name for it.
fn work_item_text(wi: &WorkItem, two_d: bool, name: &str) -> String {
    if two_d {
        format!(
            "work-item ({}, {}) of workgroup ({}, {}) ({name})",
            wi.local[0], wi.local[1], wi.wg[0], wi.wg[1]
        )
    } else {
        format!(
            "work-item {} of workgroup {} ({name})",
            wi.local[0], wi.wg[0]
        )
    }
}

/// Refuses the first access (by work-item, then by instruction) whose
/// index is a constant outside its symbol on code its work-item reaches.
/// The hint gives the length that holds every such access of that buffer.
pub(crate) fn check(
    p: &Program,
    origins: &[Vec<Origin>],
    items: &[WorkItem],
    buffers: &[BufferInfo],
    two_d: bool,
) -> Result<(), KernelError> {
    let mut first: Option<(usize, usize, &'static str, Addr, i64)> = None;
    // The largest known index past the end, per symbol.
    let mut needed: Vec<Option<i64>> = vec![None; p.symbols.len()];
    for (t, th) in p.threads.iter().enumerate() {
        let live = reachable(&th.code);
        for (k, i) in th.code.iter().enumerate().filter(|(k, _)| live[*k]) {
            for (verb, a) in accesses(i) {
                let Operand::Const(x) = a.index else { continue };
                let len = i64::from(p.symbols[a.symbol as usize].len);
                if (0..len).contains(&x) {
                    continue;
                }
                let n = &mut needed[a.symbol as usize];
                *n = Some(n.map_or(x, |m| m.max(x)));
                first.get_or_insert((t, k, verb, a, x));
            }
        }
    }
    let Some((t, k, verb, a, x)) = first else {
        return Ok(());
    };
    let sym = &p.symbols[a.symbol as usize];
    let b = buffers.iter().find(|b| b.symbol == a.symbol);
    let elem = b.map_or("", |b| b.elem.as_str());
    let who = work_item_text(&items[t], two_d, &p.threads[t].name);
    let origin = &origins[t][k];
    let message = format!(
        "the {verb} `{}[{x}]` by {who} is out of bounds: `{}` has {} elements ({elem}[{}])",
        sym.name, sym.name, sym.len, sym.len
    );
    let hint = if x < 0 {
        "the index is negative: check the kernel's index arithmetic".to_string()
    } else {
        let max = needed[a.symbol as usize].unwrap_or(x);
        match b.map(|b| b.kind) {
            Some(SymbolKind::Buffer) => format!(
                "give the buffer the elements the launch reaches (--arg {}={elem}[{}]), or launch fewer work-items (--grid, --block)",
                sym.name,
                max + 1
            ),
            _ => format!(
                "`{}` is declared with {} elements: launch fewer work-items (--grid, --block), or check the kernel's index arithmetic",
                sym.name, sym.len
            ),
        }
    };
    Err(KernelError::new(origin.ir_line, 0, message).hint(hint))
}

#[cfg(test)]
mod tests {
    use super::*;
    use amdmm_program::{MemAttrs, Ty};

    fn store(index: i64) -> Instr {
        Instr::Store {
            ty: Ty::I32,
            value: Operand::Const(1),
            addr: Addr {
                symbol: 0,
                index: Operand::Const(index),
                generic: false,
                byte: 0,
            },
            attrs: MemAttrs::PLAIN,
            available: None,
        }
    }

    /// A branch on a constant takes one edge; on a register, both; code
    /// after `Halt` or a branch on `undef` is not reached.
    #[test]
    fn reachability_folds_constant_branches() {
        let code = vec![
            Instr::Branch {
                cond: Operand::Const(0),
                then_: 1,
                else_: 3,
            },
            store(9), // 1: skipped
            Instr::Halt,
            Instr::Branch {
                cond: Operand::Reg(0),
                then_: 4,
                else_: 5,
            },
            store(1), // 4
            Instr::Branch {
                cond: Operand::Undef,
                then_: 6,
                else_: 6,
            },
            store(2), // 6: not reached
            Instr::Halt,
        ];
        let r = reachable(&code);
        assert_eq!(r, [true, false, false, true, true, true, false, false]);
    }
}
