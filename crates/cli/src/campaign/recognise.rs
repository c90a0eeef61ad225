//! Known findings recognised by their mechanism, not by test name
//! (docs/campaigns.md, "Known findings by mechanism").
//!
//! The known-findings list names corpus tests; a generated test that shows
//! a finding's behaviour has another name. A finding is recognised in any
//! test by three things together:
//!
//! 1. the target is one the list names for the finding (its family: F2's
//!    are gfx600-gfx950, F3's gfx90a, F7's the llc targets of the DMA);
//! 2. the test has the finding's construct pattern (F2: a work-group-scope
//!    publication and, in another wave of its work-group, a release at
//!    agent or system scope, with a third thread in another work-group;
//!    F3: threads on different agents; F7: an LDS DMA copy in llc's code);
//! 3. the *repair* the finding's write-up names, applied to the machine
//!    code the hardware model ran, removes the forbidden outcome: the
//!    outcome exists because of that mechanism. Each repair only adds
//!    waits, write-backs or invalidates, so it can hide outcomes, never make
//!    new ones.
//!
//! An outcome the repair does not remove stays a new finding (loud).

use amdmm_hw::isa::{Family, MInstr, MemKind};
use amdmm_hw::lower::{LInstr, Lowered};
use amdmm_hw::machine::{HwOptions, Verdict};
use amdmm_program::{Instr, Ordering, Program, ScopeLevel};

/// A known finding's signature.
struct Signature {
    id: &'static str,
    /// The finding shows with the compiler's code only (F7), else with
    /// either code source.
    llc_only: bool,
    /// The construct pattern (item 2 above).
    pattern: fn(&Program) -> bool,
    /// The repair (item 3 above); `None` when there is nothing to repair.
    repair: fn(&Program, &Lowered) -> Option<Lowered>,
}

const SIGNATURES: [Signature; 3] = [
    Signature {
        id: "F2",
        llc_only: false,
        pattern: f2_pattern,
        repair: f2_repair,
    },
    Signature {
        id: "F3",
        llc_only: false,
        pattern: f3_pattern,
        repair: f3_repair,
    },
    Signature {
        id: "F7",
        llc_only: true,
        pattern: f7_pattern,
        repair: f7_repair,
    },
];

/// The forbidden outcomes of `v` (rendered as `verify` prints them) that a
/// known finding's mechanism explains, each with the finding's id.
/// `targets(id)` lists the targets the known-findings list names for `id`.
pub fn recognise(
    p: &Program,
    v: &Verdict,
    model: &amdmm_explore::Outcome,
    opts: &HwOptions,
    targets: &dyn Fn(&str) -> Vec<String>,
) -> Vec<(String, &'static str)> {
    let forbidden: Vec<String> = v
        .forbidden
        .iter()
        .map(|(s, _)| amdmm_hw::machine::render_state(&v.hw.outcome, s))
        .collect();
    if forbidden.is_empty() {
        return Vec::new();
    }
    let lowered = &v.hw.lowered;
    let target = lowered.target.to_string();
    let target = target.split(" (as ").next().unwrap_or(&target);
    let mut out: Vec<(String, &'static str)> = Vec::new();
    for sig in &SIGNATURES {
        if sig.llc_only && lowered.compiler.is_none() {
            continue;
        }
        if !targets(sig.id).iter().any(|t| t == target) || !(sig.pattern)(p) {
            continue;
        }
        let Some(repaired) = (sig.repair)(p, lowered) else {
            continue;
        };
        let Ok(hw) = amdmm_hw::machine::explore_lowered(p, repaired, opts) else {
            continue;
        };
        if hw.outcome.limit.is_some() {
            continue;
        }
        let after = amdmm_hw::machine::compare(hw, model);
        let remaining: Vec<String> = after
            .forbidden
            .iter()
            .map(|(s, _)| amdmm_hw::machine::render_state(&after.hw.outcome, s))
            .collect();
        for f in &forbidden {
            if !remaining.contains(f) && !out.iter().any(|(g, _)| g == f) {
                out.push((f.clone(), sig.id));
            }
        }
    }
    out
}

/// The memory attributes of a memory operation or fence.
fn attrs(i: &Instr) -> Option<&amdmm_program::MemAttrs> {
    match i {
        Instr::Load { attrs, .. }
        | Instr::Store { attrs, .. }
        | Instr::Rmw { attrs, .. }
        | Instr::CmpXchg { attrs, .. }
        | Instr::Fence { attrs } => Some(attrs),
        _ => None,
    }
}

/// An operation that publishes the wave's writes at work-group (or
/// wavefront) scope: a release (store, RMW or fence) at that scope, or a
/// store-available one (an atomic store or RMW at that scope:
/// memory-model.txt, "An atomic operation that results in a store operation
/// is a store-available operation with scope syncscope").
fn publishes_narrowly(i: &Instr) -> bool {
    let Some(a) = attrs(i) else {
        return false;
    };
    let narrow = matches!(a.scope.level, ScopeLevel::Workgroup | ScopeLevel::Wavefront);
    let writes = matches!(
        i,
        Instr::Store { .. } | Instr::Rmw { .. } | Instr::CmpXchg { .. }
    );
    let atomic = !matches!(a.ordering, Ordering::NotAtomic | Ordering::Unordered);
    let available = matches!(i, Instr::Store { available: Some(s), .. }
        if matches!(s.level, ScopeLevel::Workgroup | ScopeLevel::Wavefront));
    available || (narrow && atomic && (a.ordering.is_release() || writes))
}

/// A release at agent or system scope (a release store, RMW or fence).
fn releases_widely(i: &Instr) -> bool {
    attrs(i).is_some_and(|a| {
        a.ordering.is_release() && matches!(a.scope.level, ScopeLevel::Agent | ScopeLevel::System)
    })
}

/// F2 (docs/findings.md): "Work-group release, then agent release by
/// another wave: not cumulative". A thread publishing at work-group scope,
/// another thread of its work-group releasing at agent or system scope,
/// and a thread in another work-group.
fn f2_pattern(p: &Program) -> bool {
    let wg = |t: usize| p.threads[t].placement.instance(ScopeLevel::Workgroup);
    let n = p.threads.len();
    (0..n).any(|a| {
        p.threads[a].code.iter().any(publishes_narrowly)
            && (0..n).any(|b| {
                b != a
                    && wg(b) == wg(a)
                    && p.threads[b].code.iter().any(releases_widely)
                    && (0..n).any(|c| wg(c) != wg(a))
            })
    })
}

/// F2's repair, the write-up's first fix: "the work-group release waits
/// `vmcnt(0)` like the agent one". Every operation that publishes at
/// work-group scope is preceded and followed by `s_waitcnt vmcnt(0)`, so
/// the wave's stores have reached the L2 before it is performed and before
/// the wave goes on. (F2's targets, GFX6-GFX9,
/// GFX90A and GFX942, count stores with `vmcnt`.)
fn f2_repair(p: &Program, l: &Lowered) -> Option<Lowered> {
    let mut n = l.clone();
    let mut hit = false;
    for (t, lt) in n.threads.iter_mut().enumerate() {
        for op in &mut lt.ops {
            if p.threads[t]
                .code
                .get(op.index)
                .is_some_and(publishes_narrowly)
            {
                // Before: the earlier stores are at the L2 when the release
                // is performed (as the agent rows wait). After: so is the
                // operation's own store (a store-available one).
                op.code.insert(0, added(MInstr::waitcnt_vm(0)));
                op.code.push(added(MInstr::waitcnt_vm(0)));
                hit = true;
            }
        }
    }
    hit.then_some(n)
}

/// F3 (docs/findings.md): "GFX90A: a system-scope store-available needs
/// fine-grained memory". Threads on different agents.
fn f3_pattern(p: &Program) -> bool {
    let agent = |t: &amdmm_program::Thread| t.placement.instance(ScopeLevel::Agent);
    p.threads.iter().any(|t| agent(t) != agent(&p.threads[0]))
}

/// F3's repair: the memory fine-grained, as the write-up says the tables
/// rely on ("MTYPE CC ... causes write through to DRAM, and MTYPE UC ...
/// bypasses the L2"), emulated by instructions: every global access that
/// writes is followed by `buffer_wbl2` and `s_waitcnt vmcnt(0)` (written
/// through), every global read is preceded by `buffer_invl2` and
/// `buffer_wbinvl1_vol` (no stale L2 or L1 line serves it).
fn f3_repair(_: &Program, l: &Lowered) -> Option<Lowered> {
    let mut n = l.clone();
    let mut hit = false;
    for lt in &mut n.threads {
        for op in &mut lt.ops {
            let mut code = Vec::with_capacity(op.code.len() + 4);
            for i in &op.code {
                let MInstr::Mem(m) = i.instr else {
                    code.push(*i);
                    continue;
                };
                if m.family == Family::Ds {
                    code.push(*i);
                    continue;
                }
                hit = true;
                let reads = !matches!(m.kind, MemKind::Store);
                let writes = !matches!(m.kind, MemKind::Load | MemKind::LoadLds);
                if reads {
                    code.push(added(MInstr::BufferInvl2));
                    code.push(added(MInstr::BufferWbinvl1Vol));
                }
                code.push(*i);
                if writes {
                    code.push(added(MInstr::BufferWbl2 {
                        sc0: false,
                        sc1: false,
                    }));
                    code.push(added(MInstr::waitcnt_vm(0)));
                }
            }
            op.code = code;
        }
    }
    hit.then_some(n)
}

/// F7 (docs/findings.md): "The compiler's code: an LDS DMA issued with the
/// wave's DS accesses outstanding". The test has an LDS DMA copy.
fn f7_pattern(p: &Program) -> bool {
    p.threads
        .iter()
        .any(|t| t.code.iter().any(|i| matches!(i, Instr::Dma { .. })))
}

/// F7's repair: what the tables' DMA lowering does and llc-22 does not,
/// `s_waitcnt lgkmcnt(0)` before the copy (the wave's DS accesses done).
fn f7_repair(p: &Program, l: &Lowered) -> Option<Lowered> {
    let mut n = l.clone();
    let mut hit = false;
    for (t, lt) in n.threads.iter_mut().enumerate() {
        for op in &mut lt.ops {
            if matches!(p.threads[t].code.get(op.index), Some(Instr::Dma { .. })) {
                op.code.insert(0, added(MInstr::waitcnt_lgkm(0)));
                hit = true;
            }
        }
    }
    hit.then_some(n)
}

/// An instruction a repair adds (no table row, not the access).
fn added(instr: MInstr) -> LInstr {
    LInstr {
        instr,
        row: None,
        is_access: false,
    }
}

/// `verify`'s check of one pair ([`crate::verify::verify_pair`]), its
/// forbidden outcomes that no known-findings line names recognised by
/// mechanism ([`recognise`]) against the findings of `known`: such an
/// outcome is KNOWN with the finding's id, the pair `known` when all its
/// forbidden outcomes are.
pub fn verify_pair(
    pair: &crate::verify::Pair,
    code: crate::verify::Code,
    known: &[crate::verify::Known],
    opts: &HwOptions,
) -> crate::verify::PairResult {
    let targets = |id: &str| -> Vec<String> {
        known
            .iter()
            .filter(|k| k.id() == id)
            .map(|k| k.target().to_string())
            .collect()
    };
    let by_mechanism = |v: &Verdict| recognise(pair.program, v, pair.model, opts, &targets);
    let o = crate::verify::PairOptions {
        hw: opts,
        code,
        known,
        recognise: (!known.is_empty()).then_some(&by_mechanism as _),
    };
    crate::verify::verify_pair(pair, &o).result
}
