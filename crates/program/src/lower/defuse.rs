//! Registers read before they are written.
//!
//! A forward "definitely assigned" dataflow over the lowered code: a read is
//! an error when some path from the thread's start reaches it without
//! writing the register. Unreachable code is not checked; loops are handled
//! by the fixpoint (a register written in the loop before it is read is fine).

use super::body::Code;
use crate::program::*;
use amdmm_litmus::Diagnostic;

/// A set of registers.
#[derive(Clone, PartialEq, Eq)]
struct Set(Vec<u64>);

impl Set {
    fn empty(n: usize) -> Set {
        Set(vec![0; n.div_ceil(64)])
    }
    fn insert(&mut self, r: RegId) {
        self.0[r as usize / 64] |= 1 << (r % 64);
    }
    fn contains(&self, r: RegId) -> bool {
        self.0[r as usize / 64] & (1 << (r % 64)) != 0
    }
    fn intersect(&mut self, o: &Set) {
        for (a, b) in self.0.iter_mut().zip(&o.0) {
            *a &= b;
        }
    }
}

/// The registers an instruction writes.
pub(super) fn defs(i: &Instr) -> Vec<RegId> {
    match *i {
        Instr::Load { dst, .. }
        | Instr::Rmw { dst, .. }
        | Instr::Move { dst, .. }
        | Instr::Bin { dst, .. }
        | Instr::Cmp { dst, .. }
        | Instr::Select { dst, .. }
        | Instr::Hw(HwBarrier::SignalIsFirstTo { dst, .. }) => vec![dst],
        Instr::CmpXchg {
            dst_old, dst_ok, ..
        } => vec![dst_old, dst_ok],
        _ => Vec::new(),
    }
}

fn successors(i: &Instr, pc: usize, len: usize) -> Vec<usize> {
    let next = if pc + 1 < len { vec![pc + 1] } else { vec![] };
    match *i {
        Instr::Halt => vec![],
        Instr::Jump { target } => vec![target as usize],
        Instr::Branch { then_, else_, .. } => vec![then_ as usize, else_ as usize],
        _ => next,
    }
}

/// Reports every read that some path reaches before a write.
pub(super) fn check(code: &Code, diags: &mut Vec<Diagnostic>) {
    let n = code.regs.len();
    let len = code.code.len();
    let mut ever = Set::empty(n);
    for i in &code.code {
        for d in defs(i) {
            ever.insert(d);
        }
    }
    // `None`: not reached yet (the top of the lattice).
    let mut before: Vec<Option<Set>> = vec![None; len];
    if len == 0 {
        return;
    }
    before[0] = Some(Set::empty(n));
    let mut work = vec![0usize];
    while let Some(pc) = work.pop() {
        let Some(mut out) = before[pc].clone() else {
            continue;
        };
        for d in defs(&code.code[pc]) {
            out.insert(d);
        }
        for s in successors(&code.code[pc], pc, len) {
            if s >= len {
                continue;
            }
            let new = match &before[s] {
                None => out.clone(),
                Some(old) => {
                    let mut m = old.clone();
                    m.intersect(&out);
                    m
                }
            };
            if before[s].as_ref() != Some(&new) {
                before[s] = Some(new);
                work.push(s);
            }
        }
    }
    for &(pc, reg, span) in &code.uses {
        let Some(Some(set)) = before.get(pc) else {
            continue;
        };
        if set.contains(reg) || code.poisoned.contains(&reg) {
            continue;
        }
        let name = &code.regs[reg as usize];
        let shown = name.split('#').next().unwrap_or(name);
        let d = if ever.contains(reg) {
            Diagnostic::new(
                format!("register `{shown}` may be read before it is written"),
                span,
            )
            .with_label("not written on every path to here")
            .with_hint(format!(
                "write `{shown}` on every path before this read (registers have no initial value)"
            ))
        } else {
            Diagnostic::new(
                format!("register `{shown}` is read but never written"),
                span,
            )
            .with_label("never written in this thread")
            .with_hint(format!(
                "assign `{shown}` first, e.g. `{shown} = add i32 0, 0`, or check its spelling"
            ))
        };
        diags.push(d);
    }
}
