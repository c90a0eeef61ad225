//! Table versus compiler, per operation (`amdmm lower --compare`,
//! docs/llc.md): which operations' `llc` code differs from their
//! code-sequence table row, and how.
//!
//! Two sequences that wait on the same counters down to the same counts
//! before and after the access, with the same other instructions in the same
//! order, are the same code: `s_waitcnt vmcnt(0) lgkmcnt(0)` and
//! `s_waitcnt vmcnt(0)` followed by `s_waitcnt lgkmcnt(0)` do not differ.

use crate::isa::{Counter, MInstr, MemKind, MemOp, ScopeOp, Th};
use crate::lower::{LOp, Lowered};
use std::collections::BTreeMap;
use std::fmt;

/// How an operation's compiler code differs from its table row.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum DiffKind {
    /// llc waits on a counter the row does not wait on at that point, or
    /// down to a lower count.
    ExtraWait,
    /// The row waits on a counter llc does not wait on at that point, or
    /// down to a lower count.
    MissingWait,
    /// The same instruction with other cache-policy bits (`glc`, `sc0 sc1`,
    /// `th:`/`scope:`, the return bit, a cache operation's scope bits).
    CacheBits,
    /// An instruction (cache operation, barrier) llc has and the row not.
    ExtraInstruction,
    /// An instruction the row has and llc not.
    MissingInstruction,
    /// An instruction of the row replaced by another (a different access
    /// family, kind or width; `buffer_wbinvl1` for `buffer_wbinvl1_vol`).
    DifferentInstruction,
    /// The same instructions in another order.
    Order,
    /// llc made a loop of the operation (a compare-and-swap loop): not
    /// compared instruction by instruction.
    Loop,
    /// llc has no access for the operation: it removed it (a load whose
    /// value nothing uses, legal for a non-atomic access) or merged it.
    Removed,
}

impl DiffKind {
    pub const ALL: [DiffKind; 9] = [
        DiffKind::ExtraWait,
        DiffKind::MissingWait,
        DiffKind::CacheBits,
        DiffKind::ExtraInstruction,
        DiffKind::MissingInstruction,
        DiffKind::DifferentInstruction,
        DiffKind::Order,
        DiffKind::Loop,
        DiffKind::Removed,
    ];

    /// Stable name (text and JSON output).
    pub fn name(self) -> &'static str {
        match self {
            DiffKind::ExtraWait => "extra-wait",
            DiffKind::MissingWait => "missing-wait",
            DiffKind::CacheBits => "cache-bits",
            DiffKind::ExtraInstruction => "extra-instruction",
            DiffKind::MissingInstruction => "missing-instruction",
            DiffKind::DifferentInstruction => "different-instruction",
            DiffKind::Order => "order",
            DiffKind::Loop => "loop",
            DiffKind::Removed => "removed",
        }
    }

    /// Is the compiler's code at least as strong as the row's in this
    /// respect (more waiting, more cache maintenance)? `None`: it depends
    /// on the bits or instructions (the hardware model decides:
    /// `verify --code llc`).
    pub fn stronger(self) -> Option<bool> {
        match self {
            DiffKind::ExtraWait | DiffKind::ExtraInstruction => Some(true),
            DiffKind::MissingWait | DiffKind::MissingInstruction => Some(false),
            _ => None,
        }
    }
}

impl fmt::Display for DiffKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// One operation whose compiler code differs from its table row.
#[derive(Clone, Debug)]
pub struct OpDiff {
    pub thread: String,
    pub line: u32,
    /// The operation as text (`store atomic i32 1, @y release agent`).
    pub text: String,
    /// The table row it comes from (`store atomic/release/agent/global`),
    /// if the table has one (barriers have none).
    pub row: Option<String>,
    pub table: Vec<MInstr>,
    pub llc: Vec<MInstr>,
    pub kinds: Vec<DiffKind>,
}

/// The operations of `table` (the table lowering) and `llc` (the compiler's
/// code for the same program and target) whose code differs, in program
/// order. Operations are matched by their index in the thread's code.
pub fn compare(table: &Lowered, llc: &Lowered) -> Vec<OpDiff> {
    let mut out = Vec::new();
    for (tt, lt) in table.threads.iter().zip(&llc.threads) {
        let mut indices: Vec<usize> = tt.ops.iter().chain(&lt.ops).map(|o| o.index).collect();
        indices.sort_unstable();
        indices.dedup();
        for k in indices {
            let t_op = tt.ops.iter().find(|o| o.index == k);
            let l_op = lt.ops.iter().find(|o| o.index == k);
            if t_op.is_none() && l_op.is_some_and(|o| o.table == super::FLOW_TABLE) {
                continue;
            }
            let t_code = code_of(t_op);
            let l_code = code_of(l_op);
            let looped = l_op
                .and_then(|o| o.note.as_deref())
                .is_some_and(|n| n.starts_with(super::LOOP_NOTE));
            let access = |c: &[MInstr]| c.iter().any(|i| matches!(i, MInstr::Mem(_)));
            let kinds = if looped {
                vec![DiffKind::Loop]
            } else if access(&t_code) && !access(&l_code) {
                vec![DiffKind::Removed]
            } else {
                differences(&t_code, &l_code)
            };
            if kinds.is_empty() {
                continue;
            }
            let any = t_op.or(l_op).expect("index comes from one of them");
            out.push(OpDiff {
                thread: tt.name.clone(),
                line: any.pos.line,
                text: t_op
                    .map(|o| o.text.clone())
                    .unwrap_or_else(|| any.text.clone()),
                row: t_op
                    .and_then(|o| o.code.iter().find_map(|i| i.row))
                    .map(|r| r.key()),
                table: t_code,
                llc: l_code,
                kinds,
            });
        }
    }
    out
}

fn code_of(op: Option<&LOp>) -> Vec<MInstr> {
    op.map(|o| o.code.iter().map(|c| normal(c.instr)).collect())
        .unwrap_or_default()
}

/// One spelling per meaning, so that only real differences count: the
/// return bit only means something on atomics (the table lowering marks
/// loads as returning, the assembly reader does not); on GFX12+ the return
/// bit is `th:TH_ATOMIC_RETURN`, kept in `ret` (the reader also keeps the
/// `th:`); `scope:SCOPE_CU` is the default scope ("will be omitted when
/// instructions are emitted in textual form by the compiler", AMDGPUUsage
/// GFX12 memory model).
fn normal(i: MInstr) -> MInstr {
    match i {
        MInstr::Mem(mut m) => {
            if !matches!(m.kind, MemKind::Atomic(_) | MemKind::CmpSwap) {
                m.ret = false;
            }
            if m.cpol.th == Th::AtomicReturn {
                m.ret = true;
                m.cpol.th = Th::Default;
            }
            if m.cpol.scope == Some(ScopeOp::Cu) {
                m.cpol.scope = None;
            }
            MInstr::Mem(m)
        }
        i => i,
    }
}

/// A waited-on counter, across the generations' spellings.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum WaitCounter {
    Vm,
    Exp,
    Lgkm,
    Vs,
    Gfx12(Counter),
}

/// The counters `w` waits on, with their counts.
fn waits(w: &MInstr) -> Vec<(WaitCounter, u8)> {
    match *w {
        MInstr::Waitcnt { vm, exp, lgkm } => [
            (WaitCounter::Vm, vm),
            (WaitCounter::Exp, exp),
            (WaitCounter::Lgkm, lgkm),
        ]
        .into_iter()
        .filter_map(|(c, n)| n.map(|n| (c, n)))
        .collect(),
        MInstr::WaitcntVscnt(n) => vec![(WaitCounter::Vs, n)],
        MInstr::Wait(c, n) => vec![(WaitCounter::Gfx12(c), n)],
        _ => Vec::new(),
    }
}

fn is_wait(i: &MInstr) -> bool {
    !waits(i).is_empty()
}

/// Per segment (the code between two non-wait instructions), the lowest
/// count each counter is waited down to.
fn wait_segments(code: &[MInstr]) -> Vec<BTreeMap<WaitCounter, u8>> {
    let mut segs = vec![BTreeMap::new()];
    for i in code {
        if is_wait(i) {
            let seg = segs.last_mut().expect("never empty");
            for (c, n) in waits(i) {
                let e = seg.entry(c).or_insert(n);
                *e = (*e).min(n);
            }
        } else {
            segs.push(BTreeMap::new());
        }
    }
    segs
}

/// The kinds of difference between a row's code and the compiler's.
pub fn differences(table: &[MInstr], llc: &[MInstr]) -> Vec<DiffKind> {
    let mut kinds = Vec::new();
    let t_rest: Vec<MInstr> = table.iter().copied().filter(|i| !is_wait(i)).collect();
    let l_rest: Vec<MInstr> = llc.iter().copied().filter(|i| !is_wait(i)).collect();
    instruction_differences(&t_rest, &l_rest, &mut kinds);
    if t_rest.len() == l_rest.len() {
        // Waits are compared where they stand between the same instructions.
        for (t, l) in wait_segments(table).iter().zip(wait_segments(llc).iter()) {
            wait_differences(t, l, &mut kinds);
        }
    } else {
        // Positions do not line up: compare all the waits of the operation.
        let all = |code: &[MInstr]| {
            let mut m = BTreeMap::new();
            for (c, n) in code.iter().flat_map(waits) {
                let e = m.entry(c).or_insert(n);
                *e = (*e).min(n);
            }
            m
        };
        wait_differences(&all(table), &all(llc), &mut kinds);
    }
    kinds.sort_unstable();
    kinds.dedup();
    kinds
}

fn wait_differences(
    t: &BTreeMap<WaitCounter, u8>,
    l: &BTreeMap<WaitCounter, u8>,
    kinds: &mut Vec<DiffKind>,
) {
    for (c, &n) in l {
        if t.get(c).is_none_or(|&m| n < m) {
            kinds.push(DiffKind::ExtraWait);
        }
    }
    for (c, &n) in t {
        if l.get(c).is_none_or(|&m| n < m) {
            kinds.push(DiffKind::MissingWait);
        }
    }
}

/// Same instruction, ignoring cache-policy bits and operands.
fn same_instruction(a: &MInstr, b: &MInstr) -> bool {
    match (a, b) {
        (MInstr::Mem(x), MInstr::Mem(y)) => same_access(x, y),
        _ => std::mem::discriminant(a) == std::mem::discriminant(b),
    }
}

fn same_access(x: &MemOp, y: &MemOp) -> bool {
    x.family == y.family && x.kind == y.kind && x.bits == y.bits
}

fn instruction_differences(t: &[MInstr], l: &[MInstr], kinds: &mut Vec<DiffKind>) {
    if t.iter()
        .map(MInstr::to_string)
        .eq(l.iter().map(MInstr::to_string))
    {
        return;
    }
    // Pair each row instruction with the first unpaired llc instruction of
    // the same kind.
    let mut used = vec![false; l.len()];
    let mut pairs = Vec::new();
    let mut unpaired_t = Vec::new();
    for (i, a) in t.iter().enumerate() {
        match (0..l.len()).find(|&j| !used[j] && same_instruction(a, &l[j])) {
            Some(j) => {
                used[j] = true;
                pairs.push((i, j));
                // As the assembler spells them: the table lowering and the
                // reader may keep one spelling in different fields.
                if a.to_string() != l[j].to_string() {
                    kinds.push(DiffKind::CacheBits);
                }
            }
            None => unpaired_t.push(*a),
        }
    }
    let unpaired_l = used.iter().filter(|&&u| !u).count();
    // Instructions of the row replaced one for one by others (a different
    // access, `buffer_wbinvl1` for `buffer_wbinvl1_vol`), then what is left
    // over on either side.
    let (nt, nl) = (unpaired_t.len(), unpaired_l);
    if nt.min(nl) > 0 {
        kinds.push(DiffKind::DifferentInstruction);
    }
    if nl > nt {
        kinds.push(DiffKind::ExtraInstruction);
    }
    if nt > nl {
        kinds.push(DiffKind::MissingInstruction);
    }
    // Paired instructions in another relative order.
    if pairs.windows(2).any(|w| w[0].1 > w[1].1) {
        kinds.push(DiffKind::Order);
    }
}

/// Counts per target: operations compared, operations that differ, and
/// operations per kind of difference.
#[derive(Clone, Debug, Default)]
pub struct Summary {
    pub tests: usize,
    pub skipped: usize,
    pub operations: usize,
    pub differing: usize,
    pub kinds: BTreeMap<DiffKind, usize>,
}

impl Summary {
    /// Adds one test's comparison (`ops`: the operations with code in
    /// either lowering).
    pub fn add(&mut self, ops: usize, diffs: &[OpDiff]) {
        self.tests += 1;
        self.operations += ops;
        self.differing += diffs.len();
        for d in diffs {
            for &k in &d.kinds {
                *self.kinds.entry(k).or_default() += 1;
            }
        }
    }
}

/// The number of operations with code in either lowering.
pub fn operations(table: &Lowered, llc: &Lowered) -> usize {
    table
        .threads
        .iter()
        .zip(&llc.threads)
        .map(|(t, l)| {
            let mut ix: Vec<usize> = t.ops.iter().chain(&l.ops).map(|o| o.index).collect();
            ix.sort_unstable();
            ix.dedup();
            ix.len()
        })
        .sum()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::isa::{Cpol, Dialect, Family};

    fn store(cpol: Cpol) -> MInstr {
        MInstr::Mem(MemOp {
            family: Family::Global,
            kind: MemKind::Store,
            bits: 32,
            cpol,
            dialect: Dialect::Gfx942,
            ret: false,
        })
    }

    #[test]
    fn split_waits_are_the_same_code() {
        let t = [
            MInstr::Waitcnt {
                vm: Some(0),
                exp: None,
                lgkm: Some(0),
            },
            store(Cpol::NONE),
        ];
        let l = [
            MInstr::waitcnt_lgkm(0),
            MInstr::waitcnt_vm(0),
            store(Cpol::NONE),
        ];
        assert!(differences(&t, &l).is_empty());
    }

    #[test]
    fn kinds() {
        let s = store(Cpol::NONE);
        assert_eq!(
            differences(&[s], &[MInstr::waitcnt_lgkm(0), s]),
            [DiffKind::ExtraWait]
        );
        assert_eq!(
            differences(&[MInstr::waitcnt_vm(0), s], &[MInstr::waitcnt_vm(1), s]),
            [DiffKind::MissingWait]
        );
        // A wait after the access instead of before it is missing before
        // and extra after.
        assert_eq!(
            differences(&[MInstr::waitcnt_vm(0), s], &[s, MInstr::waitcnt_vm(0)]),
            [DiffKind::ExtraWait, DiffKind::MissingWait]
        );
        assert_eq!(
            differences(&[store(Cpol::NONE.sc0().sc1())], &[store(Cpol::NONE.sc1())]),
            [DiffKind::CacheBits]
        );
        let inv = MInstr::BufferInv {
            sc0: false,
            sc1: true,
        };
        assert_eq!(differences(&[s], &[s, inv]), [DiffKind::ExtraInstruction]);
        assert_eq!(differences(&[s, inv], &[s]), [DiffKind::MissingInstruction]);
        assert_eq!(differences(&[inv, s], &[s, inv]), [DiffKind::Order]);
        let wb = MInstr::GlobalWb(ScopeOp::Dev);
        assert_eq!(
            differences(&[wb], &[MInstr::GlobalWb(ScopeOp::Sys)]),
            [DiffKind::CacheBits]
        );
        let ds = MInstr::Mem(MemOp {
            family: Family::Ds,
            ..match s {
                MInstr::Mem(m) => m,
                _ => unreachable!(),
            }
        });
        assert_eq!(differences(&[s], &[ds]), [DiffKind::DifferentInstruction]);
        assert_eq!(
            differences(&[MInstr::BufferWbinvl1Vol], &[MInstr::BufferWbinvl1]),
            [DiffKind::DifferentInstruction]
        );
        assert!(differences(&[s, inv], &[s, inv]).is_empty());
    }
}
