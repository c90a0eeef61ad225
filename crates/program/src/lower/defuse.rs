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
///
/// The dataflow keeps one register set per basic block, not per
/// instruction: a straight-line thread of 65,535 loads is one block, and a
/// set per instruction made it quadratic (65,535 sets of 65,535 bits: 0.9 GB
/// and seconds, issue 24). Within a block the set is carried forward.
pub(super) fn check(code: &Code, diags: &mut Vec<Diagnostic>) {
    let n = code.regs.len();
    let len = code.code.len();
    if len == 0 {
        return;
    }
    let mut ever = Set::empty(n);
    for i in &code.code {
        for d in i.writes() {
            ever.insert(d);
        }
    }
    // Block leaders: the entry, every jump target, every instruction after
    // a jump, branch or halt.
    let mut leader = vec![false; len];
    leader[0] = true;
    for (pc, i) in code.code.iter().enumerate() {
        if matches!(i, Instr::Halt | Instr::Jump { .. } | Instr::Branch { .. }) {
            if pc + 1 < len {
                leader[pc + 1] = true;
            }
            for s in successors(i, pc, len) {
                if s < len {
                    leader[s] = true;
                }
            }
        }
    }
    let starts: Vec<usize> = (0..len).filter(|&pc| leader[pc]).collect();
    // The block of each leader, by its first instruction.
    let mut block_of = vec![usize::MAX; len];
    for (b, &s) in starts.iter().enumerate() {
        block_of[s] = b;
    }
    let end_of = |b: usize| starts.get(b + 1).copied().unwrap_or(len);
    // `None`: not reached yet (the top of the lattice).
    let mut entry: Vec<Option<Set>> = vec![None; starts.len()];
    entry[0] = Some(Set::empty(n));
    let mut work = vec![0usize];
    while let Some(b) = work.pop() {
        let Some(mut out) = entry[b].clone() else {
            continue;
        };
        let last = end_of(b) - 1;
        for i in &code.code[starts[b]..=last] {
            for d in i.writes() {
                out.insert(d);
            }
        }
        for s in successors(&code.code[last], last, len) {
            if s >= len {
                continue;
            }
            let t = block_of[s];
            let new = match &entry[t] {
                None => out.clone(),
                Some(old) => {
                    let mut m = old.clone();
                    m.intersect(&out);
                    m
                }
            };
            if entry[t].as_ref() != Some(&new) {
                entry[t] = Some(new);
                work.push(t);
            }
        }
    }
    // Each use checked against the set before its instruction, found by
    // walking each reached block once (uses in instruction order).
    let mut order: Vec<usize> = (0..code.uses.len()).collect();
    order.sort_by_key(|&u| code.uses[u].0);
    let mut written: Vec<Option<bool>> = vec![None; code.uses.len()];
    let mut next = 0;
    for (b, &start) in starts.iter().enumerate() {
        let end = end_of(b);
        while next < order.len() && code.uses[order[next]].0 < start {
            next += 1;
        }
        let Some(mut set) = entry[b].clone() else {
            continue;
        };
        for pc in start..end {
            while next < order.len() && code.uses[order[next]].0 == pc {
                let u = order[next];
                written[u] = Some(set.contains(code.uses[u].1));
                next += 1;
            }
            for d in code.code[pc].writes() {
                set.insert(d);
            }
        }
    }
    for (u, &(_, reg, span)) in code.uses.iter().enumerate() {
        // `None`: unreachable (not checked) or past the code.
        if written[u] != Some(false) || code.poisoned.contains(&reg) {
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
