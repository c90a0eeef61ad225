//! Mutations of the code sequences: drop or weaken one instruction of one
//! table row, everywhere the row is used, to find which corpus tests depend
//! on it (`amdmm verify --mutate`).
//!
//! The issue this answers (issue 7): "which instruction in each sequence is
//! the one that makes it correct". A mutation is *detected* when some test
//! gets a hardware outcome the memory model forbids that the unmutated code
//! does not have. An undetected mutation of an instruction the table
//! requires is either a gap in the corpus (a test is missing) or a sign that
//! the instruction is redundant *for the hardware model* (a finding about the
//! model or the table, docs/findings.md).
//!
//! Mutations are taken from the lowered corpus: every (row, instruction)
//! pair that some test emits. Rows the corpus never reaches are listed
//! separately by the caller ([`rows_of`]).

use crate::isa::{Cpol, MInstr, ScopeOp};
use crate::lower::{LInstr, Lowered};
use crate::tables::{Row, ScopeLevel};
use std::fmt;

/// What a mutation does to the instruction.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Kind {
    /// Remove the instruction.
    Drop,
    /// Replace it by a weaker one (fewer counters waited on, fewer
    /// cache-policy bits, fewer cache levels written back or invalidated).
    Weaken(String),
}

/// One mutation: in every operation lowered through the row at `en_line` of
/// `table`, the instruction `instr` (not the access, unless weakened) is
/// dropped or replaced by `to`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Mutation {
    pub table: &'static str,
    pub en_line: u32,
    /// The row as the table's columns name it ([`Row::key`]).
    pub row_key: String,
    pub instr: MInstr,
    /// `None`: drop.
    pub to: Option<MInstr>,
}

impl Mutation {
    pub fn kind(&self) -> Kind {
        match self.to {
            None => Kind::Drop,
            Some(t) => Kind::Weaken(t.to_string()),
        }
    }
}

impl fmt::Display for Mutation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.to {
            None => write!(f, "drop `{}`", self.instr)?,
            Some(t) => write!(f, "weaken `{}` to `{}`", self.instr, t)?,
        }
        write!(f, " [{}, row {}]", self.table, self.row_key)
    }
}

/// Clears one cache-policy bit.
type Clear = fn(Cpol) -> Cpol;

/// The weaker forms of an instruction (each loses one thing).
fn weakenings(i: &LInstr) -> Vec<MInstr> {
    let mut out = Vec::new();
    match i.instr {
        MInstr::Mem(m) => {
            let c = m.cpol;
            let bits: [(bool, Clear); 5] = [
                (c.glc, |c| Cpol { glc: false, ..c }),
                (c.sc0, |c| Cpol { sc0: false, ..c }),
                (c.sc1, |c| Cpol { sc1: false, ..c }),
                (c.slc, |c| Cpol { slc: false, ..c }),
                (c.nt, |c| Cpol { nt: false, ..c }),
            ];
            for (on, clear) in bits {
                if on {
                    let mut w = m;
                    w.cpol = clear(c);
                    out.push(MInstr::Mem(w));
                }
            }
            // GFX12+: one `scope:` level less (the access completes at a
            // nearer cache).
            if let Some(lower) = c.scope.and_then(narrower) {
                let mut w = m;
                w.cpol.scope = (lower != ScopeOp::Cu).then_some(lower);
                out.push(MInstr::Mem(w));
            }
        }
        MInstr::GlobalInv(sc) => {
            if let Some(lower) = narrower(sc) {
                out.push(MInstr::GlobalInv(lower));
            }
        }
        MInstr::GlobalWb(sc) => {
            if let Some(lower) = narrower(sc) {
                out.push(MInstr::GlobalWb(lower));
            }
        }
        MInstr::Waitcnt { vm, exp, lgkm } => {
            let n = [vm, exp, lgkm].iter().filter(|x| x.is_some()).count();
            if n > 1 {
                if vm.is_some() {
                    out.push(MInstr::Waitcnt {
                        vm: None,
                        exp,
                        lgkm,
                    });
                }
                if lgkm.is_some() {
                    out.push(MInstr::Waitcnt {
                        vm,
                        exp,
                        lgkm: None,
                    });
                }
            }
        }
        MInstr::BufferInv {
            sc0: true,
            sc1: true,
        } => {
            out.push(MInstr::BufferInv {
                sc0: true,
                sc1: false,
            });
            out.push(MInstr::BufferInv {
                sc0: false,
                sc1: true,
            });
        }
        MInstr::BufferWbl2 {
            sc0: true,
            sc1: true,
        } => out.push(MInstr::BufferWbl2 {
            sc0: false,
            sc1: true,
        }),
        _ => {}
    }
    out
}

/// The next narrower `scope:` (GFX12+), if any: `SCOPE_SYS` to `SCOPE_DEV`,
/// `SCOPE_DEV` to `SCOPE_SE`, `SCOPE_SE` to `SCOPE_CU`.
fn narrower(s: ScopeOp) -> Option<ScopeOp> {
    match s {
        ScopeOp::Sys => Some(ScopeOp::Dev),
        ScopeOp::Dev => Some(ScopeOp::Se),
        ScopeOp::Se => Some(ScopeOp::Cu),
        ScopeOp::Cu | ScopeOp::Table => None,
    }
}

/// Is this an instruction whose mutation is meaningful (memory-model
/// instructions of a table row; the access itself can only be weakened)?
fn mutable(i: &LInstr) -> bool {
    i.row.is_some()
        && !matches!(
            i.instr,
            MInstr::SBarrier
                | MInstr::SBarrierSignal(_)
                | MInstr::SBarrierWait(_)
                | MInstr::SBarrierSignalIsFirst(_)
                | MInstr::SBarrierInit(_)
                | MInstr::SBarrierJoin(_)
                | MInstr::SBarrierLeave
        )
}

/// Every mutation of the code `l` contains, in a stable order.
pub fn candidates(l: &Lowered, table: &'static str) -> Vec<Mutation> {
    let mut out: Vec<Mutation> = Vec::new();
    for t in &l.threads {
        for op in &t.ops {
            for i in &op.code {
                if !mutable(i) {
                    continue;
                }
                let row: &Row = i.row.expect("mutable rows have a row");
                let mk = |to| Mutation {
                    table,
                    en_line: row.en_line,
                    row_key: row.key(),
                    instr: i.instr,
                    to,
                };
                let mut ms = Vec::new();
                if !i.is_access {
                    ms.push(mk(None));
                }
                for w in weakenings(i) {
                    ms.push(mk(Some(w)));
                }
                for m in ms {
                    if !out.contains(&m) {
                        out.push(m);
                    }
                }
            }
        }
    }
    out
}

/// The code with the mutation applied; `None` when the code does not use the
/// mutated instruction of the row.
pub fn apply(l: &Lowered, m: &Mutation) -> Option<Lowered> {
    let mut n = l.clone();
    let mut hit = false;
    for t in &mut n.threads {
        for op in &mut t.ops {
            let mut code = Vec::with_capacity(op.code.len());
            for i in &op.code {
                let same = i.instr == m.instr && i.row.is_some_and(|r| r.en_line == m.en_line);
                if !same {
                    code.push(*i);
                    continue;
                }
                hit = true;
                if let Some(to) = m.to {
                    code.push(LInstr { instr: to, ..*i });
                }
            }
            op.code = code;
        }
    }
    hit.then_some(n)
}

/// Explores the hardware model running `p`'s table code on `target` with
/// the mutation printed as `name` applied (`amdmm campaign --mutation`);
/// the unmutated code when no candidate of the code prints so.
pub fn explore_mutated(
    p: &amdmm_program::Program,
    target: &crate::Target,
    opts: &crate::machine::HwOptions,
    name: &str,
) -> Result<crate::machine::HwOutcome, crate::machine::HwError> {
    let l = crate::lower(p, target).map_err(crate::machine::HwError::Lower)?;
    let table = l
        .threads
        .iter()
        .flat_map(|th| &th.ops)
        .map(|o| o.table)
        .find(|t| !t.is_empty())
        .unwrap_or("");
    let m = candidates(&l, table)
        .into_iter()
        .find(|m| m.to_string() == name);
    let l = match m.and_then(|m| apply(&l, &m)) {
        Some(changed) => changed,
        None => l,
    };
    crate::machine::explore_lowered(p, l, opts)
}

/// The `en_line`s of the rows the code uses.
pub fn rows_of(l: &Lowered) -> Vec<u32> {
    let mut v: Vec<u32> = l
        .threads
        .iter()
        .flat_map(|t| t.ops.iter())
        .flat_map(|o| o.code.iter())
        .filter_map(|i| i.row.map(|r| r.en_line))
        .collect();
    v.sort_unstable();
    v.dedup();
    v
}

/// What one mutation did on one target.
#[derive(Clone, Debug)]
pub struct MutResult {
    pub mutation: Mutation,
    /// Tests whose code uses the mutated instruction.
    pub used_by: Vec<String>,
    /// Tests with a forbidden hardware outcome the unmutated code does not
    /// have (with that outcome, rendered).
    pub detected_by: Vec<(String, String)>,
    /// Tests that hit the state limit with the mutation.
    pub limited: Vec<String>,
}

/// A test of the corpus with the memory model's outcome.
pub struct Case<'a> {
    pub program: &'a amdmm_program::Program,
    pub model: &'a amdmm_explore::Outcome,
}

/// Runs every mutation of the code the corpus lowers to on `target` over the
/// tests that use it. Tests that cannot be lowered or hit the state limit
/// unmutated are left out.
pub fn analyse(
    cases: &[Case],
    target: &crate::Target,
    opts: &crate::machine::HwOptions,
) -> Vec<MutResult> {
    use crate::machine::{compare, explore_lowered};
    let table = crate::tables::table(target.gen).name;
    // Baseline: lowered code and forbidden states per test.
    let mut base = Vec::new();
    for c in cases {
        if c.model.observation.is_none() {
            continue;
        }
        let Ok(l) = crate::lower(c.program, target) else {
            continue;
        };
        let Ok(h) = explore_lowered(c.program, l.clone(), opts) else {
            continue;
        };
        if h.outcome.limit.is_some() {
            continue;
        }
        let v = compare(h, c.model);
        let forb: Vec<_> = v.forbidden.into_iter().map(|(s, _)| s).collect();
        base.push((c, l, forb));
    }
    let mut muts: Vec<Mutation> = Vec::new();
    for (_, l, _) in &base {
        for m in candidates(l, table) {
            if !muts.contains(&m) {
                muts.push(m);
            }
        }
    }
    muts.sort_by(|a, b| {
        (a.en_line, a.instr.to_string(), a.kind()).cmp(&(b.en_line, b.instr.to_string(), b.kind()))
    });
    let mut out = Vec::new();
    for m in muts {
        let mut r = MutResult {
            mutation: m.clone(),
            used_by: Vec::new(),
            detected_by: Vec::new(),
            limited: Vec::new(),
        };
        for (c, l, forb) in &base {
            let Some(ml) = apply(l, &m) else {
                continue;
            };
            let name = c.program.name.clone();
            r.used_by.push(name.clone());
            let Ok(h) = explore_lowered(c.program, ml, opts) else {
                continue;
            };
            if h.outcome.limit.is_some() {
                r.limited.push(name);
                continue;
            }
            let v = compare(h, c.model);
            if let Some((s, _)) = v.forbidden.iter().find(|(s, _)| !forb.contains(s)) {
                r.detected_by
                    .push((name, crate::machine::render_state(&v.hw.outcome, s)));
            }
        }
        out.push(r);
    }
    out
}

/// Why an undetected mutation of an instruction the tables require cannot be
/// detected by any litmus outcome on the hardware model: the instruction is
/// redundant *for the model*. Each reason names the statement of the text or
/// the modelling choice (docs/hardware.md) it rests on; the mutation report
/// prints the reason's id after the `UNDETECTED` line, and `NOT EXPLAINED`
/// when none applies (a gap in the corpus or a finding).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Redundant {
    /// A cache-policy bit or `scope:` on the access of a monotonic, acquire or
    /// release atomic load or store.
    Freshness,
    /// A cache-policy bit or `scope:` on an atomic read-modify-write access.
    RmwAtCoherence,
    /// GFX942 `buffer_wbl2 sc1` at agent scope.
    SingleL2,
    /// Work-group-scope vector-memory waits and L0 invalidates in CU mode.
    CuMode,
    /// LDS (`lgkmcnt`) waits in tgsplit mode.
    TgSplitNoLds,
    /// GFX12+ waits on counters no litmus operation is counted by.
    UnusedCounter,
    /// GFX12 `global_wb scope:SCOPE_SYS` with the L2 coherent for all agents.
    CoherentL2,
    /// GFX12.5 `s_wait_loadcnt` for a `global_inv`'s completion.
    InvInOrder,
    /// An LDS wait before an LDS access of the same wave.
    LdsInOrder,
    /// The load half of a seq_cst load's leading wait.
    CoveredByAcquireWait,
    /// GFX12.5 waits on requests the wave's SIMD32-pair queue already orders.
    PairQueueInOrder,
    /// The LDS wait a fence keeps when it is narrowed to the local address
    /// space (`amdgpu-as:local`).
    LocalFenceInOrder,
    /// A cache-policy bit that a `!nontemporal` row adds to the plain row's
    /// access.
    NontemporalHint,
}

impl Redundant {
    pub const ALL: [Redundant; 13] = [
        Redundant::Freshness,
        Redundant::RmwAtCoherence,
        Redundant::SingleL2,
        Redundant::CuMode,
        Redundant::TgSplitNoLds,
        Redundant::UnusedCounter,
        Redundant::CoherentL2,
        Redundant::InvInOrder,
        Redundant::LdsInOrder,
        Redundant::CoveredByAcquireWait,
        Redundant::PairQueueInOrder,
        Redundant::LocalFenceInOrder,
        Redundant::NontemporalHint,
    ];

    pub fn id(self) -> &'static str {
        match self {
            Redundant::Freshness => "R1-freshness",
            Redundant::RmwAtCoherence => "R2-rmw-at-coherence",
            Redundant::SingleL2 => "R3-single-l2",
            Redundant::CuMode => "R4-cu-mode",
            Redundant::TgSplitNoLds => "R5-tgsplit-no-lds",
            Redundant::UnusedCounter => "R6-unused-counter",
            Redundant::CoherentL2 => "R7-coherent-l2",
            Redundant::InvInOrder => "R8-inv-in-order",
            Redundant::LdsInOrder => "R9-lds-in-order",
            Redundant::CoveredByAcquireWait => "R10-covered-by-acquire-wait",
            Redundant::PairQueueInOrder => "R11-pair-queue-in-order",
            Redundant::LocalFenceInOrder => "R12-local-fence-in-order",
            Redundant::NontemporalHint => "R13-nontemporal-hint",
        }
    }

    /// The argument, with the sentence it rests on.
    pub fn reason(self) -> &'static str {
        match self {
            Redundant::Freshness => {
                "the bit (or scope) on a monotonic, acquire or release atomic load or store only \
                 decides which cache level serves the load or absorbs the store, i.e. how soon the \
                 access sees, or is seen by, other CUs and agents: the progress guarantee of \
                 LangRef 'monotonic', 'If an address is written monotonic-ally by one thread, and \
                 other threads monotonic-ally read that address repeatedly, the other threads must \
                 eventually see the write', which no finite litmus outcome observes. Where such a \
                 bit also matters for coherence (a load at another scope leaves an older copy in a \
                 nearer cache, so the weakened load reads a value older than one already seen: \
                 LangRef 'the later read must not see an earlier value in the address's \
                 modification order'), the mixed-scope CoRR tests of litmus/hw/mp detect it, and \
                 the mutation is DETECTED, not classified; the orderings come from the waits, \
                 write-backs and invalidates around the access, whose mutations are detected."
            }
            Redundant::RmwAtCoherence => {
                "the model performs every atomic read-modify-write at the point of coherence of \
                 all agents ('Atomic read-modify-write instructions implicitly bypass the L1 \
                 cache'; system-scope atomics are coherent only on fine-grained memory, MTYPE \
                 CC/UC, where they are performed at memory: the model has no MTYPEs, \
                 `amdmm docs findings`, F3), so the bits that select the scope of an RMW change nothing \
                 in the model."
            }
            Redundant::SingleL2 => {
                "GFX942: 'To ensure coherence of local memory writes of CUs with different L1 \
                 caches in the same agent a buffer_wbl2 is required. It does nothing if the agent \
                 is configured to have a single L2' (likewise buffer_inv sc1 for reads); the model \
                 has one L2 per agent (partition modes with several L2s per agent are not \
                 modelled, `amdmm docs hardware`)."
            }
            Redundant::CuMode => {
                "GFX10-GFX12 in CU mode, a work-group-scope row's vector-memory wait (vmcnt, \
                 vscnt, loadcnt, storecnt) or L0 invalidate: 'In CU wavefront execution mode the \
                 wavefronts of a work-group are executed on the SIMDs of a single CU of the WGP. \
                 Therefore, all global memory access by the work-group access the same L0 which \
                 in turn ensures L1 accesses are ordered and so do not require explicit \
                 management of the caches for work-group synchronization.' The model has one L0 \
                 per work-group in CU mode that takes the requests of its waves in issue order, so \
                 these steps order nothing the L0 does not already order (the rows keep them for \
                 both modes)."
            }
            Redundant::TgSplitNoLds => {
                "tgsplit mode, the LDS half of a wait (lgkmcnt): 'in tgsplit execution mode ... no \
                 LDS is allocated', so no LDS access precedes the wait (tests with LDS accesses \
                 cannot be lowered for tgsplit targets); lgkmcnt also counts scalar memory, which \
                 the model does not have."
            }
            Redundant::UnusedCounter => {
                "GFX12+: s_wait_samplecnt, s_wait_bvhcnt, s_wait_kmcnt, s_wait_xcnt: litmus tests \
                 issue no sample, gather, BVH or scalar memory operation, so nothing is counted by \
                 them; xcnt (address translation) is not modelled (`amdmm docs hardware`, GFX12.5)."
            }
            Redundant::CoherentL2 => {
                "GFX12: 'The L2 cache can be kept coherent with other agents' — the model has one L2 \
                 coherent for all agents, and stores are acknowledged when they reach it (the \
                 reading under which 'global_wb can be omitted for scopes other than SCOPE_SYS in \
                 gfx120x' holds), so global_wb scope:SCOPE_SYS has nothing to write back; and the \
                 only caches are the L0 (SCOPE_CU) and that L2 ('The L1 buffer acts as a bridge to \
                 L2'), so global_inv and global_wb at SCOPE_SE, SCOPE_DEV and SCOPE_SYS act alike \
                 ('global_inv invalidates caches whose scope is strictly smaller than the \
                 instruction's')."
            }
            Redundant::InvInOrder => {
                "GFX12.5: 'The invalidation requests cannot be reordered with pending or upcoming \
                 memory operations' — the model performs global_inv at issue, in order with the \
                 wave's memory operations, so the s_wait_loadcnt that waits for its completion \
                 orders nothing more."
            }
            Redundant::LdsInOrder => {
                "an LDS counter wait (lgkmcnt, dscnt) right before an LDS access in a row for the \
                 local address space: 'All LDS operations of a WGP are performed as wavefront wide \
                 operations in a global order ... Completion is reported to a wavefront in \
                 execution order' — the wave's earlier LDS operations are performed before this \
                 one in the model's per-wave LDS queue, so the wait orders nothing more."
            }
            Redundant::CoveredByAcquireWait => {
                "the load half (vmcnt, loadcnt) of the wait that starts a seq_cst load row: it \
                 'must happen after preceding ... load atomic/atomicrmw-with-return-value with \
                 memory ordering of seq_cst and with equal or wider sync scope', and every such \
                 operation's own row ends with a wait for its completion (its acquire half, 'Must \
                 happen before any following global/generic load'), so nothing it waits for is \
                 still outstanding (GFX10+, where stores have a counter of their own; in CU mode \
                 at work-group scope see R4). The redundancy is in the tables, not only in the \
                 model."
            }
            Redundant::PairQueueInOrder => {
                "GFX12.5, s_wait_dscnt in any row, and s_wait_loadcnt / s_wait_storecnt in a \
                 work-group- or cluster-scope row: 'Each WGP$ has two request queues; one per \
                 SIMD32-pair. Each queue can handle both LDS and vector L0 requests. Requests in \
                 one queue are executed serially and in-order' and 'L1 buffers have separate \
                 request queues for each WGP$ it serves. Requests in one queue are executed \
                 serially and in-order' — a wave's LDS and vector requests are executed in program \
                 order, and reach the work-group's WGP$ and the cluster's L1 buffer (SCOPE_SE) \
                 through in-order queues only, so these waits order nothing the queues do not. A \
                 finding about the text: `amdmm docs findings`, F6."
            }
            Redundant::LocalFenceInOrder => {
                "GFX6-GFX11, the s_waitcnt lgkmcnt(0) that a fence narrowed to the local address \
                 space keeps of its row's combined wait (AMDGPUUsage, Fence and address spaces, \
                 amdgpu-as:local; `amdmm docs hardware`), in an acquire fence row, or in a release \
                 fence row on a target without BackOffBarrier (gfx600, gfx700, gfx900). Such a \
                 fence synchronizes only LDS accesses (`amdmm docs semantics`, Fences that name address \
                 spaces), and a wave's LDS operations are performed in order: GFX6-GFX9 'A \
                 s_waitcnt lgkmcnt(0) is required to ensure synchronization between LDS operations \
                 and vector memory operations between wavefronts of a work-group, but not between \
                 operations performed by the same wavefront'; GFX10-GFX11 'Completion is reported \
                 to a wavefront in execution order'. An acquire fence's wait orders the wave's \
                 earlier accesses before its later ones, and the later accesses it orders are LDS \
                 accesses, performed after the earlier LDS ones anyway. A release fence pairs with \
                 a later LDS atomic (performed after the earlier LDS writes anyway) or with a \
                 barrier arrive, and without BackOffBarrier 'there cannot be any outstanding \
                 memory operations before issuing the s_barrier instruction' (the barrier's own \
                 s_waitcnt vmcnt(0) expcnt(0) lgkmcnt(0)); with BackOffBarrier the barrier tests \
                 (MP+fence-sbarrier-fence.*.as-local) detect the drop. The same wait inside the \
                 unnarrowed row is detected by the both-tags LDS tests."
            }
            Redundant::NontemporalHint => {
                "a cache-policy bit that the table's '!volatile & nontemporal' case of a \
                 non-atomic load or store adds to the '!volatile & !nontemporal' case's access \
                 (`glc=1 slc=1` on GFX6-GFX90A, `nt=1` on GFX942, `slc=1 dlc=1` on GFX10-GFX11; \
                 the weakened access keeps every bit of the plain case). LangRef, 'load' \
                 instruction: '!nontemporal metadata ... tells the optimizer and code generator \
                 that this load is not expected to be reused in the cache. The code generator may \
                 select special instructions to save cache bandwidth' — a performance hint, with \
                 no ordering effect: memory-model.txt has no nontemporal rule, and the table \
                 orders a nontemporal access by the same waits, write-backs and invalidates of \
                 the surrounding atomics and fences as a plain one (their mutations are detected \
                 by the same tests). In the model such a bit only makes a load miss a cache level \
                 (it reads where the plain access would read after a miss) and has no effect on a \
                 store; dropping it leaves at least the plain case's access, which the corpus \
                 verifies."
            }
        }
    }
}

/// The table row of a mutation on `target`.
fn row_of(m: &Mutation, target: &crate::Target) -> Option<&'static Row> {
    crate::tables::table(target.gen)
        .rows
        .iter()
        .find(|r| r.en_line == m.en_line)
}

/// Why an undetected mutation is redundant for the hardware model, if one of
/// the [`Redundant`] reasons applies.
pub fn redundancy(m: &Mutation, target: &crate::Target) -> Option<Redundant> {
    use crate::isa::Counter;
    use crate::tables::{LlvmOp, Ord};
    use crate::target::Gen;
    let row = row_of(m, target)?;
    match (m.instr, m.to) {
        (MInstr::Mem(from), Some(MInstr::Mem(to)))
            if nontemporal_bits_only(row, target, from.cpol, to.cpol) =>
        {
            Some(Redundant::NontemporalHint)
        }
        (MInstr::Mem(_), Some(MInstr::Mem(_))) => match row.op {
            LlvmOp::AtomicRmw => Some(Redundant::RmwAtCoherence),
            LlvmOp::LoadAtomic | LlvmOp::StoreAtomic
                if matches!(row.ord, Ord::Monotonic | Ord::Acquire | Ord::Release) =>
            {
                Some(Redundant::Freshness)
            }
            _ => None,
        },
        (
            MInstr::BufferWbl2 {
                sc0: false,
                sc1: true,
            }
            | MInstr::BufferInv {
                sc0: false,
                sc1: true,
            },
            _,
        ) if target.gen == Gen::Gfx942 && within(row, ScopeLevel::Agent) => {
            // Only the write-back/invalidate half that spans several L2s of
            // one agent; `buffer_inv sc1` also invalidates the L1, which
            // the model needs (its drop is detected).
            matches!(m.instr, MInstr::BufferWbl2 { .. }).then_some(Redundant::SingleL2)
        }
        (
            MInstr::Wait(
                Counter::Sample | Counter::Bvh | Counter::Km | Counter::Exp | Counter::X,
                _,
            ),
            _,
        ) => Some(Redundant::UnusedCounter),
        (MInstr::GlobalWb(ScopeOp::Sys), None) if target.gen == Gen::Gfx12 => {
            Some(Redundant::CoherentL2)
        }
        (MInstr::Wait(Counter::Load, _), None)
            if target.gen == Gen::Gfx125x && follows_global_inv(m, target) =>
        {
            Some(Redundant::InvInOrder)
        }
        (
            MInstr::GlobalInv(a) | MInstr::GlobalWb(a),
            Some(MInstr::GlobalInv(b) | MInstr::GlobalWb(b)),
        ) if target.gen == Gen::Gfx12 && a != ScopeOp::Se && b != ScopeOp::Cu => {
            Some(Redundant::CoherentL2)
        }
        (MInstr::Wait(Counter::Ds, _), None) if target.gen == Gen::Gfx125x => {
            Some(Redundant::PairQueueInOrder)
        }
        (MInstr::Wait(Counter::Load | Counter::Store, _), None)
            if target.gen == Gen::Gfx125x && within(row, ScopeLevel::Cluster) =>
        {
            Some(Redundant::PairQueueInOrder)
        }
        (MInstr::GlobalInv(ScopeOp::Se), Some(MInstr::GlobalInv(ScopeOp::Cu)))
            if target.gen == Gen::Gfx12 && target.cumode =>
        {
            Some(Redundant::CuMode)
        }
        (MInstr::Waitcnt { .. }, None)
            if row.op == LlvmOp::Fence
                && m.instr == MInstr::waitcnt_lgkm(0)
                && (row.ord == Ord::Acquire || !crate::lower::back_off_barrier(target))
                && lds_wait_always_combined(row, target) =>
        {
            // Only a fence narrowed to the local address space emits the
            // LDS half of its row's combined wait on its own.
            Some(Redundant::LocalFenceInOrder)
        }
        (MInstr::Waitcnt { .. } | MInstr::Wait(Counter::Ds, _), to)
            if lds_only(row) && lds_half_removed(m.instr, to) =>
        {
            Some(Redundant::LdsInOrder)
        }
        (MInstr::Waitcnt { vm: Some(_), .. } | MInstr::Wait(Counter::Load, _), to)
            if matches!(target.gen, Gen::Gfx10To11 | Gen::Gfx12 | Gen::Gfx125x)
                && !(target.cumode && within(row, ScopeLevel::Workgroup))
                && row.op == LlvmOp::LoadAtomic
                && row.ord == Ord::SeqCst
                && leading_load_wait(row, m.instr)
                && load_half_removed(m.instr, to) =>
        {
            Some(Redundant::CoveredByAcquireWait)
        }
        (MInstr::Waitcnt { lgkm: Some(_), .. }, to)
            if target.tgsplit
                && (to.is_none() && m.instr == MInstr::waitcnt_lgkm(0)
                    || matches!(to, Some(MInstr::Waitcnt { lgkm: None, .. }))) =>
        {
            Some(Redundant::TgSplitNoLds)
        }
        (instr, to)
            if target.cumode
                && within(row, ScopeLevel::Workgroup)
                && vector_wait_or_l0(instr, to) =>
        {
            Some(Redundant::CuMode)
        }
        _ => None,
    }
}

/// The access's cache-policy bits that `row` emits on `target` for a
/// non-volatile access, plain or `!nontemporal`.
fn row_access_cpol(row: &Row, target: &crate::Target, nontemporal: bool) -> Option<Cpol> {
    use crate::tables::{Ctx, Step};
    let ctx = Ctx {
        target: *target,
        volatile: false,
        nontemporal,
        ret: false,
        scope: ScopeLevel::System,
    };
    row.code.iter().find_map(|st| match st {
        Step::Emit(conds, MInstr::Access(c)) if conds.iter().all(|k| k.holds(&ctx)) => Some(*c),
        _ => None,
    })
}

/// The mutation weakens a non-atomic row's `!nontemporal` access (`from` is
/// that case's access) by removing only bits the nontemporal case adds to
/// the plain case: `plain ⊆ to ⊆ from` bit by bit ([`Redundant::NontemporalHint`]).
fn nontemporal_bits_only(row: &Row, target: &crate::Target, from: Cpol, to: Cpol) -> bool {
    use crate::tables::LlvmOp;
    if !matches!(row.op, LlvmOp::Load | LlvmOp::Store) {
        return false;
    }
    let (Some(plain), Some(nt)) = (
        row_access_cpol(row, target, false),
        row_access_cpol(row, target, true),
    ) else {
        return false;
    };
    let bits = |c: Cpol| [c.glc, c.slc, c.dlc, c.sc0, c.sc1, c.nt];
    let subset = |a: Cpol, b: Cpol| bits(a).iter().zip(bits(b)).all(|(x, y)| !*x || y);
    from == nt
        && plain != nt
        && (to.th, to.scope) == (nt.th, nt.scope)
        && (plain.th, plain.scope) == (nt.th, nt.scope)
        && subset(plain, to)
        && subset(to, nt)
}

/// The instructions of table steps (a "Same as" step contributes none).
fn emitted(steps: &[crate::tables::Step]) -> Vec<MInstr> {
    steps
        .iter()
        .filter_map(|s| match s {
            crate::tables::Step::Emit(_, i) => Some(*i),
            crate::tables::Step::SameAs(..) => None,
        })
        .collect()
}

/// On `target`, the unnarrowed row never emits `s_waitcnt lgkmcnt(0)` on
/// its own: every LDS wait it emits is merged with an adjacent vector-memory
/// wait (lowering merges adjacent `s_waitcnt`s), at each of its scopes.
fn lds_wait_always_combined(row: &Row, target: &crate::Target) -> bool {
    use crate::tables::{Ctx, Step};
    row.scopes.iter().all(|&scope| {
        let ctx = Ctx {
            target: *target,
            volatile: false,
            nontemporal: false,
            ret: false,
            scope,
        };
        let mut merged: Vec<MInstr> = Vec::new();
        for st in row.code {
            let Step::Emit(conds, i) = st else { continue };
            if !conds.iter().all(|c| c.holds(&ctx)) {
                continue;
            }
            match (merged.last_mut(), *i) {
                (
                    Some(MInstr::Waitcnt { vm, exp, lgkm }),
                    MInstr::Waitcnt {
                        vm: v2,
                        exp: e2,
                        lgkm: l2,
                    },
                ) => {
                    *vm = vm.or(v2);
                    *exp = exp.or(e2);
                    *lgkm = lgkm.or(l2);
                }
                _ => merged.push(*i),
            }
        }
        !merged.contains(&MInstr::waitcnt_lgkm(0))
    })
}

/// In the mutation's row, the mutated wait comes right after a `global_inv`.
fn follows_global_inv(m: &Mutation, target: &crate::Target) -> bool {
    let Some(row) = row_of(m, target) else {
        return false;
    };
    emitted(row.code)
        .windows(2)
        .any(|w| matches!(w[0], MInstr::GlobalInv(_)) && w[1] == m.instr)
}

/// A row for the local (LDS) address space only.
fn lds_only(row: &Row) -> bool {
    !row.spaces.is_empty()
        && row
            .spaces
            .iter()
            .all(|s| matches!(s, crate::tables::Space::Local))
}

/// The mutation removes the LDS half of a wait (`lgkmcnt`, `dscnt`).
fn lds_half_removed(instr: MInstr, to: Option<MInstr>) -> bool {
    use crate::isa::Counter;
    match (instr, to) {
        (MInstr::Waitcnt { lgkm: Some(_), .. }, None) => instr == MInstr::waitcnt_lgkm(0),
        (MInstr::Waitcnt { lgkm: Some(_), .. }, Some(MInstr::Waitcnt { lgkm: None, .. })) => true,
        (MInstr::Wait(Counter::Ds, _), None) => true,
        _ => false,
    }
}

/// The mutation removes the load half of a wait (`vmcnt`, `loadcnt`).
fn load_half_removed(instr: MInstr, to: Option<MInstr>) -> bool {
    use crate::isa::Counter;
    match (instr, to) {
        (MInstr::Waitcnt { vm: Some(_), .. }, None) => instr == MInstr::waitcnt_vm(0),
        (MInstr::Waitcnt { vm: Some(_), .. }, Some(MInstr::Waitcnt { vm: None, .. })) => true,
        (MInstr::Wait(Counter::Load, _), None) => true,
        _ => false,
    }
}

/// The row waits on loads before its access (the lowered `instr` may merge
/// that wait with adjacent ones) and `instr` does not occur after the access
/// in this row (so mutating it leaves the completion wait in place; steps
/// of a "Same as" row are that row's, and a mutation never reaches them).
fn leading_load_wait(row: &Row, instr: MInstr) -> bool {
    use crate::isa::Counter;
    use crate::tables::Step;
    let waits_loads = |i: &MInstr| {
        matches!(
            i,
            MInstr::Waitcnt { vm: Some(_), .. } | MInstr::Wait(Counter::Load, _)
        )
    };
    let Some(boundary) = row
        .code
        .iter()
        .position(|s| matches!(s, Step::SameAs(..) | Step::Emit(_, MInstr::Access(_))))
    else {
        return false;
    };
    let leading = row.code[..boundary]
        .iter()
        .any(|s| matches!(s, Step::Emit(_, i) if waits_loads(i)));
    let trailing: Vec<MInstr> = match row.code[boundary] {
        // "Same as corresponding load atomic acquire": the steps taken from
        // the acquire row belong to that row (its `en_line`), so a mutation
        // of this row leaves its completion wait in place.
        Step::SameAs(..) => Vec::new(),
        Step::Emit(..) => emitted(&row.code[boundary + 1..]),
    };
    leading && !trailing.contains(&instr)
}

/// A row for scope `widest` or narrower scopes only (`ScopeLevel` orders
/// scopes from the largest, system, to the smallest).
fn within(row: &Row, widest: ScopeLevel) -> bool {
    row.scopes.iter().all(|s| *s >= widest)
}

/// The mutation removes a vector-memory wait (the `vmcnt` half of a combined
/// wait, `vscnt`, `loadcnt`, `storecnt`) or an L0 invalidate.
fn vector_wait_or_l0(instr: MInstr, to: Option<MInstr>) -> bool {
    use crate::isa::Counter;
    match (instr, to) {
        (MInstr::Waitcnt { vm: Some(_), .. }, None) => instr != MInstr::waitcnt_lgkm(0),
        (MInstr::Waitcnt { vm: Some(_), .. }, Some(MInstr::Waitcnt { vm: None, .. })) => true,
        (MInstr::WaitcntVscnt(_), None) | (MInstr::BufferGl0Inv, None) => true,
        (MInstr::Wait(Counter::Load | Counter::Store, _), None) => true,
        (MInstr::GlobalInv(_), None) => true,
        _ => false,
    }
}
