//! The compiler's code instead of the tables': a litmus test compiled by
//! LLVM's `llc` ([`ir`] emits the module, [`tool`] runs `llc`, [`asm`] reads
//! its assembly back into per-operation machine code). docs/llc.md.

pub mod asm;
pub mod batch;
pub mod cache;
pub mod compare;
pub mod ir;
pub mod tool;
pub mod whole;

use crate::isa::{Family, MInstr, MemKind};
use crate::lower::{wide_dma_elements, LInstr, LOp, LThread, Lowered};
use crate::machine::HwError;
use crate::Target;
use amdmm_program::{AddrSpace, BarrierOp, Instr, Program};
pub use tool::{find, CompileError, Llc, INSTALL_HINT};

/// The compiler's code for every thread of `p` on `target`, per operation,
/// in the shape of the table lowering ([`crate::lower::render`] prints it).
/// Operation texts are the table lowering's where it has the operation.
/// A construct the IR cannot express is refused at its place in the test
/// ([`HwError::Lower`]), as is a generic access on a target without the
/// generic address space (GFX6, [`crate::lower::generic_unsupported`]),
/// before llc runs; llc's failures are [`HwError::Unsupported`].
pub fn lowered(p: &Program, target: &Target, llc: &Llc) -> Result<Lowered, HwError> {
    let ir = module_for(p, target)?;
    let (asm_text, _) = llc.compile(&ir, target).map_err(compile_error)?;
    let mut l = from_asm(p, target, &asm_text).map_err(HwError::Unsupported)?;
    if let Some(c) = l.compiler.as_mut() {
        c.name = llc.describe();
    }
    Ok(l)
}

/// llc's failure as the test's hardware error: a timeout is a limit (the
/// test's verdict is LIMIT), any other failure the tool's error.
pub(crate) fn compile_error(e: CompileError) -> HwError {
    match e {
        CompileError::Failed(s) => HwError::Tool(s),
        CompileError::Timeout(ms) => HwError::Limit(
            amdmm_explore::LimitReason::Timeout(ms),
            "llc did not finish and was killed".into(),
        ),
    }
}

/// Compiles, in batches of `batch` tests per llc run ([`batch::prefetch`]),
/// the modules of those `programs` that [`lowered`] would give to llc on
/// `target` and the cache lacks; [`lowered`] then finds them in the cache.
pub fn prefetch(programs: &[&Program], target: &Target, llc: &Llc, batch: usize) -> batch::Stats {
    if llc.cache.is_none() || !crate::machine::has_model(target) {
        return batch::Stats::default();
    }
    let irs: Vec<String> = programs
        .iter()
        .filter(|p| crate::lower::tgsplit_lds(p, target).is_ok())
        .filter_map(|p| module_for(p, target).ok())
        .collect();
    batch::prefetch(llc, target, &irs, batch)
}

/// The module llc compiles for `p` on `target`, after the refusals made
/// before llc runs: a construct the IR cannot express ([`HwError::Lower`]
/// at its place), a generic access without the generic address space
/// (GFX6), and the constructs llc-22 cannot compile for the target.
pub fn module_for(p: &Program, target: &Target) -> Result<String, HwError> {
    crate::lower::generic_unsupported(p, target).map_err(HwError::Lower)?;
    let ir = ir::emit(p).map_err(|e| {
        HwError::Lower(crate::lower::LowerError {
            thread: e.thread,
            pos: amdmm_program::Pos {
                line: e.line,
                col: e.col,
            },
            message: e.message,
        })
    })?;
    crate::lower::dma_refusal(p, target).map_err(HwError::Lower)?;
    tracked_dma_on_gfx125x(p, target).map_err(HwError::Lower)?;
    double_minmax_on_gfx7(p, target).map_err(HwError::Lower)?;
    crate::lower::barrier_refusal(p, target).map_err(HwError::Lower)?;
    Ok(ir)
}

/// The compiler-tracked LDS DMA (`llvm.amdgcn.global.load.lds`) on
/// GFX12.5, refused before llc runs: the tables lower it (GFX12.5's
/// `global_load_async_to_lds_b*`), but llc-22 has no selection for the
/// intrinsic there ("Cannot select: intrinsic %llvm.amdgcn.global.load.lds";
/// GFX12.5's own DMA intrinsics are `llvm.amdgcn.global.load.async.to.lds.b<N>`,
/// asynchronous ones the litmus format does not have). The live test
/// `llc_lds_dma_targets` calls llc on the same IR and fails when an llc
/// selects it, so that this refusal can be lifted.
pub fn tracked_dma_on_gfx125x(
    p: &Program,
    target: &Target,
) -> Result<(), crate::lower::LowerError> {
    if target.gen != crate::target::Gen::Gfx125x {
        return Ok(());
    }
    let tracked = |i: &Instr| {
        matches!(
            i,
            Instr::Dma {
                kind: amdmm_program::DmaKind::Tracked,
                ..
            }
        )
        .then_some(())
    };
    match crate::lower::find_instr(p, tracked) {
        Some((t, k, ())) => Err(crate::lower::access_error(
            t,
            k,
            format!(
                "{target}: `llvm.amdgcn.global.load.lds` is not compiled by llc-22 for GFX12.5 \
                 (\"Cannot select\"; its DMA intrinsics there are the asynchronous \
                 `llvm.amdgcn.global.load.async.to.lds.b<N>`); use --code table for it"
            ),
        )),
        None => Ok(()),
    }
}

/// A global `double` `atomicrmw fmin` / `fmax` on GFX7, refused before
/// llc runs: llc-22 crashes on it ("PLEASE submit a bug report", in its
/// branch relaxation pass), and the tables' lowering refuses it too
/// (`float_rmw_instruction` in crate::lower). The live test
/// `live_llc_float_atomics_match_the_native_list` fails when an llc
/// compiles it, so that this refusal can be revisited.
pub fn double_minmax_on_gfx7(p: &Program, target: &Target) -> Result<(), crate::lower::LowerError> {
    if target.major != 7 {
        return Ok(());
    }
    let global_double_minmax = |i: &Instr| match i {
        Instr::Rmw {
            op: op @ (amdmm_program::RmwOp::FMin | amdmm_program::RmwOp::FMax),
            ty: amdmm_program::Ty::Double,
            addr,
            ..
        } => {
            let first = p.symbols[addr.symbol as usize].first as usize;
            (p.locations[first].space == amdmm_program::AddrSpace::Global).then_some(*op)
        }
        _ => None,
    };
    match crate::lower::find_instr(p, global_double_minmax) {
        Some((t, k, op)) => Err(crate::lower::access_error(
            t,
            k,
            format!(
                "{target}: `atomicrmw {} double` on a global location: llc-22 crashes on it \
                 (and the tables have no native instruction for it); use `amdmm run` for it",
                op.name()
            ),
        )),
        None => Ok(()),
    }
}

/// The memory instructions llc's code has for operation `k` of thread `ti`.
fn memory_instrs(l: &Lowered, ti: usize, k: usize) -> Vec<crate::isa::MemOp> {
    l.threads[ti]
        .ops
        .iter()
        .filter(|o| o.index == k)
        .flat_map(|o| o.code.iter())
        .filter_map(|c| match c.instr {
            MInstr::Mem(m) => Some(m),
            _ => None,
        })
        .collect()
}

/// The whole machine code llc has for operation `k` of thread `ti`.
fn op_code(l: &Lowered, ti: usize, k: usize) -> Vec<MInstr> {
    l.threads[ti]
        .ops
        .iter()
        .filter(|o| o.index == k)
        .flat_map(|o| o.code.iter().map(|c| c.instr))
        .collect()
}

/// The memory instructions of `code` when it is a compare-and-swap loop
/// the machine can run (docs/llc.md, "Compare-and-swap loops"): at most one
/// load before the loop (none when llc loads the first value with a scalar
/// load, which the reader skips), then one loop of one block
/// ([`MInstr::CasLoopHead`] to [`MInstr::CasLoopBack`]) whose only access
/// is one compare-and-swap, and no access after it. AtomicExpand's shape
/// (`insertRMWCmpXchgLoop`), as the tables' lowering builds it.
pub fn cas_loop_shape(code: &[MInstr]) -> Option<Vec<crate::isa::MemOp>> {
    let head = code.iter().position(|m| *m == MInstr::CasLoopHead)?;
    let back = code.iter().position(|m| *m == MInstr::CasLoopBack)?;
    let heads = code.iter().filter(|m| **m == MInstr::CasLoopHead).count();
    let backs = code.iter().filter(|m| **m == MInstr::CasLoopBack).count();
    if heads != 1 || backs != 1 || back < head {
        return None;
    }
    let mems = |c: &[MInstr]| -> Vec<crate::isa::MemOp> {
        c.iter()
            .filter_map(|m| match m {
                MInstr::Mem(m) => Some(*m),
                _ => None,
            })
            .collect()
    };
    let (before, body, after) = (
        mems(&code[..head]),
        mems(&code[head..back]),
        mems(&code[back..]),
    );
    let load_ok = before.len() <= 1 && before.iter().all(|m| m.kind == MemKind::Load);
    let swap_ok = body.len() == 1 && body[0].kind == MemKind::CmpSwap;
    (load_ok && swap_ok && after.is_empty()).then(|| before.into_iter().chain(body).collect())
}

/// The memory instructions of `code` when it is AtomicExpand's partword
/// compare-and-swap loop of a `cmpxchg` narrower than 32 bits
/// (`expandPartwordCmpXchg`, docs/llc.md, "Partword compare-and-swap
/// loops"): at most one 32-bit load of the containing word (none when llc
/// loads it with a scalar `s_load`), then one 32-bit `cmpswap` of the word,
/// in a loop of several blocks (`partword.cmpxchg.loop` / `.failure`) that
/// goes back only when the word's *other* bytes changed, and no other
/// access. A test `--code llc` runs accesses every location at one width
/// (several widths are refused), so no access writes those bytes: the
/// back edge is never taken and the loop is the load, then one
/// compare-and-swap of the operation's expected and new values.
pub fn partword_cas_shape(code: &[MInstr], bits: u32) -> Option<Vec<crate::isa::MemOp>> {
    if bits >= 32 {
        return None;
    }
    let mems: Vec<crate::isa::MemOp> = code
        .iter()
        .filter_map(|m| match m {
            MInstr::Mem(m) => Some(*m),
            _ => None,
        })
        .collect();
    let word = |m: &crate::isa::MemOp, kind: MemKind| m.kind == kind && m.bits == 32;
    match mems.as_slice() {
        [cas] if word(cas, MemKind::CmpSwap) => Some(mems),
        [load, cas] if word(load, MemKind::Load) && word(cas, MemKind::CmpSwap) => Some(mems),
        _ => None,
    }
}

/// [`lowered`] from already compiled assembly (a checked-in fixture).
pub fn from_asm(p: &Program, target: &Target, asm_text: &str) -> Result<Lowered, String> {
    let table = crate::lower(p, target).ok();
    let mut threads = Vec::new();
    let mut asm = Vec::new();
    for (ti, t) in p.threads.iter().enumerate() {
        let kernel = ir::kernel_name(p, ti);
        let ops = asm::read_kernel(asm_text, &kernel, target.dialect())
            .map_err(|e| format!("{}: {e}", t.name))?;
        let mut out = Vec::new();
        let mut lines = Vec::new();
        for op in ops {
            lines.push(op.text.clone());
            let pos = t.pos.get(op.index).copied().unwrap_or_default();
            let text = table
                .as_ref()
                .and_then(|l| l.threads[ti].ops.iter().find(|o| o.index == op.index))
                .map(|o| o.text.clone())
                .unwrap_or_else(|| match t.code.get(op.index) {
                    Some(Instr::Jump { .. } | Instr::Branch { .. }) => {
                        format!("br at line {} (llc's code before the branch)", pos.line)
                    }
                    Some(i) if !has_table_code(i) => format!(
                        "block start at line {} (llc's code entering the block)",
                        pos.line
                    ),
                    _ => format!("operation at line {}", pos.line),
                });
            let flow = t.code.get(op.index).is_some_and(|i| !has_table_code(i));
            // A partword loop runs straight (its back edge is never taken,
            // [`partword_cas_shape`]): the reader's marks of a loop of one
            // block, which its `%Flow` block can look like at -O2, go.
            let partword = op.label.is_some()
                && matches!(t.code.get(op.index),
                    Some(Instr::CmpXchg { ty, .. })
                        if partword_cas_shape(&op.code, ty.bits()).is_some());
            out.push(LOp {
                index: op.index,
                pos,
                text,
                table: if flow { FLOW_TABLE } else { "llc" },
                code: op
                    .code
                    .iter()
                    .filter(|m| {
                        !partword || !matches!(m, MInstr::CasLoopHead | MInstr::CasLoopBack)
                    })
                    .map(|&instr| LInstr {
                        instr,
                        row: None,
                        is_access: matches!(instr, MInstr::Mem(_)),
                    })
                    .collect(),
                note: op
                    .label
                    .as_ref()
                    .map(|l| {
                        if partword {
                            format!(
                                "{LOOP_NOTE} (label `{l}`), {PARTWORD_NOTE}: run as its load of \
                                 the word and one compare-and-swap (it retries only when the \
                                 word's other bytes change, which no access of the test writes)"
                            )
                        } else if op.code.contains(&MInstr::CasLoopBack) {
                            format!(
                                "{LOOP_NOTE} (label `{l}`), a loop of one block: run as a \
                                 compare-and-swap loop, bounded by --loop-bound, when it is one"
                            )
                        } else {
                            format!(
                                "{LOOP_NOTE} (label `{l}`); the hardware model cannot attribute it"
                            )
                        }
                    })
                    .or_else(|| tgsplit_note(target, &op.code)),
            });
        }
        named_barriers_back(p, ti, &mut out)?;
        threads.push(LThread {
            name: t.name.clone(),
            ops: out,
        });
        asm.push(lines);
    }
    let mut l = Lowered {
        target: *target,
        name: p.name.clone(),
        threads,
        compiler: Some(crate::lower::Compiler {
            name: "llc".to_string(),
            asm,
        }),
    };
    note_unattributable(p, &mut l);
    Ok(l)
}

/// The test's named barrier ids in thread `ti`'s compiled code: llc-22
/// numbers the module's LDS named-barrier objects 1, 2, ... in the order
/// [`ir::named_barrier_ids`] declares them (the test's ids, ascending), so
/// its id `r` is the test's `r`-th id. Each named barrier operation's
/// `s_barrier_init` / `_join` / `_signal` must carry exactly the id of its
/// own object: anything else is an error naming the operation, so a
/// change in llc's numbering cannot go unnoticed.
fn named_barriers_back(p: &Program, ti: usize, ops: &mut [LOp]) -> Result<(), String> {
    let ids = ir::named_barrier_ids(p);
    let t = &p.threads[ti];
    for op in ops {
        let Some(Instr::Hw(b)) = t.code.get(op.index) else {
            continue;
        };
        let Some(id) = ir::named_barrier_id(b) else {
            continue;
        };
        let rank = ids
            .iter()
            .position(|&x| x == id)
            .map_or(0, |r| r as i64 + 1);
        for c in &mut op.code {
            let got = match &mut c.instr {
                MInstr::SBarrierInit(n)
                | MInstr::SBarrierJoin(n)
                | MInstr::SBarrierSignal(n)
                | MInstr::SBarrierSignalIsFirst(n) => n,
                _ => continue,
            };
            if *got != rank {
                return Err(format!(
                    "{} line {}: llc gave the object of named barrier {id} the id {got}, not {rank} (the test's named barriers {ids:?} in order)",
                    t.name, op.pos.line
                ));
            }
            *got = id;
        }
    }
    Ok(())
}

/// The `table` of the code llc puts at a branch or at the start of a block
/// whose first instruction has no code of its own (a wait for the branch
/// condition's register, reloads): the model runs it there, `lower
/// --compare` leaves it out (no table row has such code).
pub const FLOW_TABLE: &str = "llc (control flow)";

/// Does the table lowering give `i` code of its own (an access, fence,
/// barrier, DMA or mark)? Everything else (control flow, register
/// arithmetic, assumptions) the model runs from the program.
pub fn has_table_code(i: &Instr) -> bool {
    !matches!(
        i,
        Instr::Move { .. }
            | Instr::Bin { .. }
            | Instr::Cmp { .. }
            | Instr::Select { .. }
            | Instr::Jump { .. }
            | Instr::Branch { .. }
            | Instr::Assume { .. }
            | Instr::Halt
            | Instr::CallEnter { .. }
            | Instr::CallExit { .. }
    )
}

/// How the note of an operation llc made a loop of begins.
const LOOP_NOTE: &str = "llc made a loop of this operation";

/// What the note of an operation whose code [`from_asm`] found to be
/// AtomicExpand's partword loop ([`partword_cas_shape`]) says: the shape
/// is computed once, there, and [`attribution_problem`] reads the note.
const PARTWORD_NOTE: &str = "AtomicExpand's partword compare-and-swap loop";

/// The note of an operation whose compiled code uses LDS on a tgsplit
/// target: llc emits `ds_*` instructions for `+tgsplit`, but "in tgsplit
/// execution mode ... no LDS is allocated" (AMDGPUUsage, "Memory Model
/// GFX942"), so `run`/`verify` refuse the test ([`crate::lower::tgsplit_lds`]).
fn tgsplit_note(target: &Target, code: &[MInstr]) -> Option<String> {
    let ds = code
        .iter()
        .any(|m| matches!(m, MInstr::Mem(m) if m.family == Family::Ds));
    (target.tgsplit && ds).then(|| {
        format!("llc emits LDS code, but {target} allocates no LDS (\"in tgsplit execution mode ... no LDS is allocated\"); the hardware model refuses it")
    })
}

/// Can the hardware model run this compiled code? Each access of the
/// program must be exactly one memory instruction of its kind and address
/// space in its operation; the compiler may remove, merge or split
/// accesses (legal at `-O1` and above for non-atomic ones), or lower an
/// operation to one the litmus format cannot express (an idempotent RMW to
/// a load), which the model cannot attribute. Returns one message per
/// operation that fails.
pub fn unattributable(p: &Program, l: &Lowered) -> Vec<String> {
    unattributable_at(p, l)
        .into_iter()
        .map(|(thread, pos, what)| {
            format!(
                "{thread} line {}: the compiler's code has {what}; the hardware model needs one access per operation",
                pos.line
            )
        })
        .collect()
}

/// [`unattributable`] with places: (thread, line and column, what the
/// compiler's code has), in thread and program order.
pub fn unattributable_at(p: &Program, l: &Lowered) -> Vec<(String, amdmm_program::Pos, String)> {
    let mut bad = Vec::new();
    for (ti, t) in p.threads.iter().enumerate() {
        for k in 0..t.code.len() {
            if let Some(what) = attribution_problem(p, l, ti, k) {
                let pos = t.pos.get(k).copied().unwrap_or_default();
                bad.push((t.name.clone(), pos, what));
            }
        }
    }
    bad
}

/// Gives every operation the hardware model cannot attribute a note saying
/// why ("where llc lowers an operation the litmus format cannot express, or
/// the compiler removes or merges an access ..., say so per operation", the
/// issue; `run`/`verify` then skip the test naming these operations).
fn note_unattributable(p: &Program, l: &mut Lowered) {
    for ti in 0..l.threads.len() {
        for oi in 0..l.threads[ti].ops.len() {
            let k = l.threads[ti].ops[oi].index;
            if l.threads[ti].ops[oi].note.is_some() {
                continue;
            }
            if let Some(what) = attribution_problem(p, l, ti, k) {
                l.threads[ti].ops[oi].note = Some(format!(
                    "the compiler's code has {what}; the hardware model cannot attribute it (run and verify skip the test)"
                ));
            } else if idempotent_as_load(p, l, ti, k) {
                l.threads[ti].ops[oi].note = Some(IDEMPOTENT_NOTE.to_string());
            }
        }
    }
}

/// The note of an RMW that llc lowered to a load.
const IDEMPOTENT_NOTE: &str = "llc lowered this idempotent RMW to a load (LLVM's AtomicExpand, \
     `simplifyIdempotentRMW`); the hardware model runs the load, whose value is the RMW's result";

/// Is operation `k` of thread `ti` an RMW whose only memory instruction
/// is a load (LLVM's idempotent-RMW lowering: `add 0`, `sub 0`, `or 0`,
/// `xor 0`, `and -1` become a load, `AtomicExpandImpl::isIdempotentRMW`)?
fn idempotent_as_load(p: &Program, l: &Lowered, ti: usize, k: usize) -> bool {
    matches!(p.threads[ti].code.get(k), Some(Instr::Rmw { .. }))
        && matches!(memory_instrs(l, ti, k).as_slice(), [m] if m.kind == MemKind::Load)
        && !op_code(l, ti, k).contains(&MInstr::CasLoopHead)
}

/// Why operation `k` of thread `ti` is not exactly one memory instruction
/// of its kind and address space in `l`, if it is not.
fn attribution_problem(p: &Program, l: &Lowered, ti: usize, k: usize) -> Option<String> {
    let t = &p.threads[ti];
    let i = t.code.get(k)?;
    let (kind, addr) = match i {
        Instr::Dma {
            part: 0, size, dst, ..
        } => {
            return dma_attribution_problem(
                l,
                ti,
                k,
                *size * wide_dma_elements(&t.code[k + 1..]) as u32,
                dst,
            )
        }
        Instr::Hw(_) | Instr::Barrier(BarrierOp::Arrive { .. } | BarrierOp::Wait { .. }) => {
            return barrier_attribution_problem(l, ti, k)
        }
        Instr::Load { addr, .. } => (MemKind::Load, addr),
        Instr::Store { addr, .. } => (MemKind::Store, addr),
        Instr::Rmw { addr, .. } => (MemKind::Atomic(""), addr),
        Instr::CmpXchg { addr, .. } => (MemKind::CmpSwap, addr),
        _ => return None,
    };
    let mems = memory_instrs(l, ti, k);
    let lds = p
        .symbols
        .get(addr.symbol as usize)
        .and_then(|s| p.locations.get(s.first as usize))
        .is_some_and(|l| l.space == AddrSpace::Lds);
    let generic = addr.generic;
    let note = |what: &str| {
        l.threads[ti].ops.iter().any(|o| {
            o.index == k
                && o.note
                    .as_deref()
                    .is_some_and(|n| n.starts_with(LOOP_NOTE) && n.contains(what))
        })
    };
    let looped = note("");
    let partword = matches!(i, Instr::CmpXchg { .. }) && note(PARTWORD_NOTE);
    let in_space = |m: &crate::isa::MemOp| {
        if generic {
            m.family == Family::Flat
        } else {
            (m.family == Family::Ds) == lds
        }
    };
    Some(match mems.as_slice() {
        _ if looped
            && matches!(i, Instr::Rmw { .. })
            && cas_loop_shape(&op_code(l, ti, k)).is_some_and(|ms| ms.iter().all(in_space)) =>
        {
            return None
        }
        // [`from_asm`] found the partword shape and said so in the note.
        _ if partword && mems.iter().all(in_space) => return None,
        _ if looped => {
            "a loop (e.g. a compare-and-swap loop for an RMW the target lacks at this scope)"
                .to_string()
        }
        [] => "no memory instruction (the compiler removed or merged the access)".to_string(),
        [m] => {
            let same_kind = std::mem::discriminant(&m.kind) == std::mem::discriminant(&kind);
            let same_space = in_space(m);
            if same_kind && same_space {
                return None;
            }
            if matches!(i, Instr::Rmw { .. }) && m.kind == MemKind::Load && same_space {
                // LLVM's idempotent-RMW lowering: the machine runs the load,
                // whose value is the RMW's result (`Explorer::issue_access`).
                return None;
            }
            format!("`{m}`, which is not the access's kind or address space")
        }
        many => format!(
            "{} memory instructions ({})",
            many.len(),
            many.iter()
                .map(|m| m.to_string())
                .collect::<Vec<_>>()
                .join(", ")
        ),
    })
}

/// Why the LDS DMA copy at operation `k` is not exactly one LDS DMA
/// instruction (`global_load_dword ... lds`, `global_load_lds_dword`) of the
/// copy's whole width, if it is not: the machine runs one instruction per
/// copy and takes the number of elements it fills from its width
/// ([`crate::lower::wide_dma_elements`]).
fn dma_attribution_problem(
    l: &Lowered,
    ti: usize,
    k: usize,
    bytes: u32,
    dst: &amdmm_program::Addr,
) -> Option<String> {
    let mems = memory_instrs(l, ti, k);
    match mems.as_slice() {
        [m] if m.kind == MemKind::LoadLds && m.bits == bytes * 8 && !dst.generic => None,
        [m] => Some(format!(
            "`{m}`, which is not a {bytes}-byte LDS DMA instruction"
        )),
        [] => Some("no LDS DMA instruction".to_string()),
        many => Some(format!(
            "{} memory instructions ({})",
            many.len(),
            many.iter()
                .map(|m| m.to_string())
                .collect::<Vec<_>>()
                .join(", ")
        )),
    }
}

/// A barrier operation with a marker must have a barrier instruction
/// (`s_barrier`, `s_barrier_signal`, `s_barrier_wait`, ...) in its code:
/// the machine synchronizes on those. An operation without a marker (the
/// *wait* of an *arrive* then *wait* pair, compiled as one `s.barrier` at
/// the *arrive*) has no code of its own.
fn barrier_attribution_problem(l: &Lowered, ti: usize, k: usize) -> Option<String> {
    let mut ops = l.threads[ti].ops.iter().filter(|o| o.index == k).peekable();
    ops.peek()?;
    let has = ops.flat_map(|o| o.code.iter()).any(|c| {
        matches!(
            c.instr,
            MInstr::SBarrier
                | MInstr::SBarrierSignal(_)
                | MInstr::SBarrierSignalIsFirst(_)
                | MInstr::SBarrierWait(_)
                | MInstr::SBarrierInit(_)
                | MInstr::SBarrierJoin(_)
                | MInstr::SBarrierLeave
        )
    });
    (!has).then(|| "no barrier instruction (the compiler removed the barrier)".to_string())
}
