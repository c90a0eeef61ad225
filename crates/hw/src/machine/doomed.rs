//! Doomed states (issue 27): a state from which some wave will reach an
//! `llvm.assume` whose condition is false on every path reaches no final
//! state, so the search does not explore past it when nothing it could
//! still raise is missing (docs/hardware.md, "Partial-order reduction",
//! "Doomed states").
//!
//! Why no final state is lost: the wave's instructions up to that
//! `assume` ([`Doom::fails_for_good`]) are evaluated on registers that no
//! other step can change: only the wave's own issue and its own requests
//! write them, and a register whose request is still outstanding is
//! pending (unknown to the evaluation). The evaluation is exact for a
//! loop-free thread whose memory-request destinations are each written by
//! one instruction (a request completing can then only write a register
//! that is still pending). None of the steps on the way can block for good
//! or raise a flag, so on every path the wave reaches the `assume`, whose
//! step ends the path ([`super::search::Issue::Dead`]) and stays that way:
//! the wave never halts, every path from the state ends in a state that is
//! not complete, with no outcome and no deadlock flag (a wave's next step
//! ends the path: `Explorer::path_ended`). What those paths can still
//! contribute is `ub` or `cutoff` raised by another wave's later
//! instruction. The state is cut only when no other wave's remaining code
//! may raise one of those that is not raised already ([`Doom::may_ub`], a
//! loop for `cutoff`).

use super::code::{Code, Micro};
use super::search::may_access;
use super::state::State;
use amdmm_explore::FlagsOut;
use amdmm_program::{Addr, BinOp, Instr, Operand, Program, RegId, Value};

/// What the doomed-state cut needs to know about each thread, computed
/// once per test.
pub(super) struct Doom {
    /// Per thread: a backward branch, jump or compare-and-swap loop (the
    /// loop bound may raise `cutoff`, and an instruction may run twice).
    loops: Vec<bool>,
    /// Per thread: every register a memory request writes is written by no
    /// other instruction.
    dst_once: Vec<bool>,
    /// Per thread and micro position (one past the end included): may the
    /// instructions from there on raise `ub` ([`may_ub_at`])?
    may_ub: Vec<Vec<bool>>,
}

/// The registers an instruction reads.
fn reads(i: &Instr) -> Vec<Operand> {
    let addr = |a: &Addr| a.index;
    match i {
        Instr::Load { addr: a, .. } => vec![addr(a)],
        Instr::Store { value, addr: a, .. } | Instr::Rmw { value, addr: a, .. } => {
            vec![*value, addr(a)]
        }
        Instr::CmpXchg {
            addr: a,
            expected,
            new,
            ..
        } => vec![addr(a), *expected, *new],
        Instr::Move { src, .. } => vec![*src],
        Instr::Bin { a, b, .. } | Instr::Cmp { a, b, .. } => vec![*a, *b],
        Instr::Select { cond, a, b, .. } => vec![*cond, *a, *b],
        Instr::Branch { cond, .. } | Instr::Assume { cond } => vec![*cond],
        Instr::Dma { src, dst, .. } => vec![addr(src), addr(dst)],
        _ => Vec::new(),
    }
}

/// Per thread and register: may it hold `undef` in some run? A
/// flow-insensitive over-approximation, to a fixed point over all threads
/// (values flow between threads through memory):
/// - a location may hold `undef` when it has no initial value, is one byte
///   of a byte-level element, is written by an RMW, a compare-and-swap or
///   an LDS DMA, or a store may write a value that may be `undef` to it;
/// - a register may hold `undef` when a load of such a location, an RMW or
///   a compare-and-swap writes it, an operand that may be `undef` flows
///   into it, an operation other than integer `add`, `sub`, `mul`, `and`,
///   `or`, `xor` or a comparison computes it (shifts, floating point and
///   conversions can make `undef` from integers: `symbolic::bin`), or it
///   may be read before any instruction wrote it (any register of a thread
///   with a branch, a barrier or a call; in straight-line code, one read
///   before its first write).
pub(super) fn may_undef(p: &Program) -> Vec<Vec<bool>> {
    let n_locs = p.locations.len();
    let mut loc_undef: Vec<bool> = p
        .locations
        .iter()
        .map(|l| l.init.is_none() || l.byte.is_some())
        .collect();
    let mut reg: Vec<Vec<bool>> = p
        .threads
        .iter()
        .map(|t| vec![false; t.regs.len()])
        .collect();
    for (ti, t) in p.threads.iter().enumerate() {
        let flow = t.code.iter().any(|i| {
            matches!(
                i,
                Instr::Jump { .. }
                    | Instr::Branch { .. }
                    | Instr::Barrier(_)
                    | Instr::Hw(_)
                    | Instr::CallEnter { .. }
                    | Instr::CallExit { .. }
            )
        });
        if flow {
            reg[ti].iter_mut().for_each(|x| *x = true);
        }
        let mut written = vec![false; t.regs.len()];
        for i in &t.code {
            for o in reads(i) {
                if let Operand::Reg(r) = o {
                    if !written.get(r as usize).copied().unwrap_or(false) {
                        if let Some(x) = reg[ti].get_mut(r as usize) {
                            *x = true;
                        }
                    }
                }
            }
            for r in i.writes() {
                if let Some(x) = written.get_mut(r as usize) {
                    *x = true;
                }
            }
            match i {
                Instr::Rmw { dst, addr, .. } => {
                    mark(&mut reg[ti], *dst);
                    may_access(p, addr).for_each(|l| loc_undef[l] = true);
                }
                Instr::CmpXchg {
                    dst_old,
                    dst_ok,
                    addr,
                    ..
                } => {
                    mark(&mut reg[ti], *dst_old);
                    mark(&mut reg[ti], *dst_ok);
                    may_access(p, addr).for_each(|l| loc_undef[l] = true);
                }
                Instr::Dma { dst, .. } => may_access(p, dst).for_each(|l| loc_undef[l] = true),
                Instr::Bin { dst, op, .. }
                    if !matches!(
                        op,
                        BinOp::Add | BinOp::Sub | BinOp::Mul | BinOp::And | BinOp::Or | BinOp::Xor
                    ) =>
                {
                    mark(&mut reg[ti], *dst)
                }
                _ => {}
            }
        }
    }
    let undef_op = |reg: &[bool], o: Operand| match o {
        Operand::Undef => true,
        Operand::Reg(r) => reg.get(r as usize).copied().unwrap_or(true),
        Operand::Const(_) => false,
    };
    loop {
        let mut changed = false;
        for (ti, t) in p.threads.iter().enumerate() {
            for i in &t.code {
                let (dst, from): (Option<RegId>, bool) = match i {
                    Instr::Load { dst, addr, .. } => (
                        Some(*dst),
                        may_access(p, addr).any(|l| l < n_locs && loc_undef[l]),
                    ),
                    Instr::Move { dst, src } => (Some(*dst), undef_op(&reg[ti], *src)),
                    Instr::Bin { dst, a, b, .. } | Instr::Cmp { dst, a, b, .. } => {
                        (Some(*dst), undef_op(&reg[ti], *a) || undef_op(&reg[ti], *b))
                    }
                    Instr::Select { dst, cond, a, b } => (
                        Some(*dst),
                        [cond, a, b].iter().any(|o| undef_op(&reg[ti], **o)),
                    ),
                    Instr::Store { value, addr, .. } => {
                        if undef_op(&reg[ti], *value) {
                            for l in may_access(p, addr) {
                                changed |= !loc_undef[l];
                                loc_undef[l] = true;
                            }
                        }
                        (None, false)
                    }
                    _ => (None, false),
                };
                if let (Some(d), true) = (dst, from) {
                    if let Some(x) = reg[ti].get_mut(d as usize) {
                        changed |= !*x;
                        *x = true;
                    }
                }
            }
        }
        if !changed {
            return reg;
        }
    }
}

fn mark(reg: &mut [bool], r: RegId) {
    if let Some(x) = reg.get_mut(r as usize) {
        *x = true;
    }
}

/// May instruction `i` of a thread raise `ub` when issued? A branch or an
/// `assume` on a value that may be `undef`, an address whose index is not
/// a constant within its symbol, and anything about barriers (a named
/// barrier's misuse; docs/hardware.md, "Named and cluster barriers").
pub(super) fn may_ub_at(p: &Program, undef: &[bool], i: &Instr) -> bool {
    let undef_op = |o: Operand| match o {
        Operand::Undef => true,
        Operand::Reg(r) => undef.get(r as usize).copied().unwrap_or(true),
        Operand::Const(_) => false,
    };
    let bad_addr = |a: &Addr| match a.index {
        Operand::Const(k) => p
            .symbols
            .get(a.symbol as usize)
            .is_none_or(|s| k < 0 || k as u64 >= s.len as u64),
        _ => true,
    };
    match i {
        Instr::Branch { cond, .. } | Instr::Assume { cond } => undef_op(*cond),
        Instr::Load { addr, .. }
        | Instr::Store { addr, .. }
        | Instr::Rmw { addr, .. }
        | Instr::CmpXchg { addr, .. } => bad_addr(addr),
        Instr::Dma { src, dst, .. } => bad_addr(src) || bad_addr(dst),
        Instr::Barrier(_) | Instr::Hw(_) => true,
        _ => false,
    }
}

impl Doom {
    pub(super) fn new(p: &Program, code: &[Code]) -> Doom {
        let undef = may_undef(p);
        let mut out = Doom {
            loops: Vec::new(),
            dst_once: Vec::new(),
            may_ub: Vec::new(),
        };
        for (ti, (t, c)) in p.threads.iter().zip(code).enumerate() {
            let looping = super::code::loops(c, t);
            let mut writers = vec![0u32; t.regs.len()];
            for i in &t.code {
                for r in i.writes() {
                    if let Some(x) = writers.get_mut(r as usize) {
                        *x += 1;
                    }
                }
            }
            let once = t.code.iter().all(|i| match i {
                Instr::Load { .. } | Instr::Rmw { .. } | Instr::CmpXchg { .. } => i
                    .writes()
                    .iter()
                    .all(|&r| writers.get(r as usize) == Some(&1)),
                _ => true,
            });
            // Per program instruction: may it or a later one raise `ub`?
            let n = t.code.len();
            let mut from = vec![false; n + 1];
            for k in (0..n).rev() {
                from[k] = from[k + 1] || may_ub_at(p, &undef[ti], &t.code[k]);
            }
            if looping {
                let any = from[0];
                from.iter_mut().for_each(|x| *x = any);
            }
            let at_micro: Vec<bool> = c
                .micro
                .iter()
                .map(|m| match m {
                    Micro::Ir(k) | Micro::M { ir: k, .. } => from[*k],
                })
                .chain([from[n]])
                .collect();
            out.loops.push(looping);
            out.dst_once.push(once);
            out.may_ub.push(at_micro);
        }
        out
    }

    /// Will wave `wi` reach an `llvm.assume` whose condition is false, on
    /// every path (module comment)? Its program instructions from the
    /// current one on are evaluated on the registers it holds now (a
    /// pending one, and a load's destination, unknown): straight-line
    /// register arithmetic, loads and stores whose addresses cannot be
    /// undefined behaviour, fences and `assume`s whose condition is known
    /// true, up to an `assume` whose condition is known false. Anything
    /// else (a branch, a barrier, a call, an LDS DMA, an unknown
    /// condition) gives up. None of the steps on the way can raise a flag
    /// or block for good: a counter wait ends once the wave's own requests
    /// complete.
    fn fails_for_good(&self, p: &Program, code: &[Code], s: &State, wi: usize) -> bool {
        let w = &s.waves[wi];
        if w.halted || self.loops[wi] || !self.dst_once[wi] {
            return false;
        }
        let Some(Micro::Ir(k0) | Micro::M { ir: k0, .. }) = code[wi].micro.get(w.pc as usize)
        else {
            return false;
        };
        let t = &p.threads[wi];
        let mut regs: Vec<Option<Value>> = (0..w.regs.len())
            .map(|r| (!w.pending.contains(&(r as RegId))).then(|| w.regs[r]))
            .collect();
        let get = |regs: &[Option<Value>], o: Operand| match o {
            Operand::Const(c) => Some(Value::Int(c)),
            Operand::Undef => Some(Value::Undef),
            Operand::Reg(r) => regs.get(r as usize).copied().flatten(),
        };
        for i in &t.code[*k0..] {
            let (dst, v) = match i {
                Instr::Move { dst, src } => (*dst, get(&regs, *src)),
                Instr::Bin { dst, ty, op, a, b } => (
                    *dst,
                    get(&regs, *a)
                        .zip(get(&regs, *b))
                        .map(|(x, y)| amdmm_explore::symbolic::bin(*op, *ty, x, y)),
                ),
                Instr::Cmp { dst, ty, op, a, b } => (
                    *dst,
                    get(&regs, *a)
                        .zip(get(&regs, *b))
                        .map(|(x, y)| amdmm_explore::symbolic::cmp(*op, *ty, x, y)),
                ),
                Instr::Load { dst, .. } if !may_ub_at(p, &[], i) => (*dst, None),
                Instr::Store { .. } if !may_ub_at(p, &[], i) => continue,
                Instr::Fence { .. } => continue,
                Instr::Assume { cond } => match get(&regs, *cond) {
                    Some(Value::Int(0)) => return true,
                    Some(Value::Int(_)) => continue,
                    _ => return false,
                },
                _ => return false,
            };
            if let Some(x) = regs.get_mut(dst as usize) {
                *x = v;
            }
        }
        false
    }

    /// May the search stop at `s` (module comment)? `flags`: those raised
    /// so far, which need not be raised again.
    pub(super) fn doomed(&self, p: &Program, code: &[Code], s: &State, flags: &FlagsOut) -> bool {
        let Some(wi) = (0..s.waves.len()).find(|&w| self.fails_for_good(p, code, s, w)) else {
            return false;
        };
        s.waves.iter().enumerate().all(|(v, w)| {
            v == wi
                || w.halted
                || ((flags.ub || !self.may_ub[v].get(w.pc as usize).copied().unwrap_or(true))
                    && (flags.cutoff || !self.loops[v]))
        })
    }
}
