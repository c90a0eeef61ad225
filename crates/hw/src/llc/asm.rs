//! Reading `llc`'s AMDGPU assembly into the hardware model's instructions
//! (docs/llc.md, "How operations are attributed").
//!
//! Each kernel (`amdmm_tN_...:` up to `s_endpgm`) is split at the markers
//! of [`super::ir`]: the instructions after `; amdmm op K` and before the
//! next marker are operation K's. Instructions before the first marker (the
//! kernel-argument load) and after `; amdmm end` (the stores of the
//! observed registers) belong to no operation. An instruction with no memory
//! effect is skipped; a memory instruction the model does not know is an
//! error naming it, never a silent skip.

use crate::isa::{Counter, Cpol, Dialect, Family, MInstr, MemKind, MemOp, ScopeOp, Th};
use std::collections::HashMap;

/// One operation's machine code as `llc` emitted it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AsmOp {
    /// The operation's index in the thread's code (the marker's K).
    pub index: usize,
    pub code: Vec<MInstr>,
    /// The instructions as printed, for error messages and `--emit asm`.
    pub text: Vec<String>,
    /// The first label inside the operation: `llc` made a loop of it (e.g.
    /// a compare-and-swap loop for an RMW the target has no instruction for
    /// at this scope), which the model cannot attribute.
    pub label: Option<String>,
}

/// A problem in the assembly: the line and what is wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AsmError {
    pub line: usize,
    pub message: String,
}

impl std::fmt::Display for AsmError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "llc output line {}: {}", self.line, self.message)
    }
}

/// Reads kernel `kernel`'s operations from `asm`.
pub fn read_kernel(asm: &str, kernel: &str, dialect: Dialect) -> Result<Vec<AsmOp>, AsmError> {
    let label = format!("{kernel}:");
    let mut lines = asm.lines().enumerate();
    let found = lines
        .by_ref()
        .any(|(_, l)| l.split(';').next().unwrap_or("").trim() == label);
    if !found {
        return Err(AsmError {
            line: 0,
            message: format!("kernel `{kernel}` not found in llc's output"),
        });
    }
    let loop_heads = loop_heads(lines.clone());
    let mut ops: Vec<AsmOp> = Vec::new();
    let mut open = false;
    // After a block label: the label and the code read since, not yet
    // attributed ([`Pending`]).
    let mut pending: Option<Pending> = None;
    // The scalar registers (and M0) that hold a constant llc computed
    // ([`scalar_write`]): llc sets M0 before a named barrier instruction,
    // maybe before the operation's marker, at -O0 through SGPRs.
    let mut scalars: HashMap<String, i64> = HashMap::new();
    for (n, raw) in lines {
        let line = n + 1;
        let trimmed = raw.trim();
        if let Some(c) = trimmed.strip_prefix(';') {
            let c = c.trim_start_matches(';').trim();
            if let Some(k) = c.strip_prefix("amdmm op ") {
                let index = k.trim().parse().map_err(|_| AsmError {
                    line,
                    message: format!("bad marker `{c}`"),
                })?;
                let (code, text) = match pending.take() {
                    Some(b) => b.before_marker(&mut ops),
                    None => (Vec::new(), Vec::new()),
                };
                ops.push(AsmOp {
                    index,
                    code,
                    text,
                    label: None,
                });
                open = true;
            } else if c == super::ir::END_MARKER {
                if let Some(b) = pending.take() {
                    b.before_end(&mut ops);
                }
                open = false;
            } else if let Some(bb) = fallthrough_block(c) {
                if open {
                    Pending::label(&mut pending, &mut ops, bb, &loop_heads);
                }
            }
            continue;
        }
        let code = trimmed.split(';').next().unwrap_or("").trim();
        if code.ends_with(':') {
            if open {
                Pending::label(
                    &mut pending,
                    &mut ops,
                    code.trim_end_matches(':'),
                    &loop_heads,
                );
            }
            continue;
        }
        if code.is_empty() || code.starts_with('.') {
            continue;
        }
        // Register spills and reloads (llc comments them `Folded Spill`,
        // `Reload`): private memory of one lane, which no other thread can
        // see; at -O0 they appear where llc made blocks (loops, the test's
        // branches). Their `vmcnt` is not counted (docs/llc.md, "Control
        // flow").
        let comment = trimmed.split_once(';').map(|x| x.1).unwrap_or("");
        if comment.contains("Spill") || comment.contains("Reload") {
            continue;
        }
        if code.starts_with("s_endpgm") {
            if let Some(b) = pending.take() {
                b.before_end(&mut ops);
            }
            break;
        }
        // A branch back to the start of the block being read: the block is
        // a loop of its own (llc's compare-and-swap loop, [`Pending`]).
        if let (Some(b), Some(target)) = (pending.as_mut(), branch_target(code)) {
            if target == b.label {
                b.back = Some(code.to_string());
            }
        }
        let err = |message| AsmError { line, message };
        let with_m0 = named_barrier_m0(code, scalars.get("m0").copied()).map_err(err)?;
        scalar_write(code, &mut scalars);
        let code_read = with_m0.as_deref().unwrap_or(code);
        let instrs: Vec<MInstr> = match combined_wait(code_read) {
            Some(r) => r.map_err(err)?.to_vec(),
            None => instruction(code_read, dialect)
                .map_err(err)?
                .into_iter()
                .collect(),
        };
        if !open || instrs.is_empty() {
            continue;
        }
        let (c, t) = match pending.as_mut() {
            Some(b) => (&mut b.code, &mut b.text),
            None => {
                let op = ops.last_mut().expect("open implies a marker");
                (&mut op.code, &mut op.text)
            }
        };
        c.extend(instrs);
        t.push(code.to_string());
    }
    Ok(ops)
}

/// Follows the constants in the scalar registers and M0: `code`'s
/// destination (its first operand, when that is `sN`, `s[A:B]` or `m0`)
/// gets the value of a move, `and`, `or` or shift of known values
/// (`s_mov_b32 m0, 0x20001`; at -O0 `s_mov_b32 s0, 0x80201`, `s_and_b32
/// s1, s0, 63`, `s_or_b32 s0, s0, s1`, `s_mov_b32 m0, s0`), and forgets it
/// on any other write (the barrier instructions, compares and scalar
/// stores, which read their first operand, write nothing). An unknown M0
/// is an error, never a wrong barrier.
fn scalar_write(code: &str, regs: &mut HashMap<String, i64>) {
    let Some((mn, rest)) = code.split_once(char::is_whitespace) else {
        return;
    };
    // These read their first operand.
    if [
        "s_barrier",
        "s_cmp",
        "s_bitcmp",
        "s_store",
        "s_buffer_store",
    ]
    .iter()
    .any(|r| mn.starts_with(r))
    {
        return;
    }
    let ops: Vec<&str> = rest.split(',').map(str::trim).collect();
    let Some(&dst) = ops.first() else {
        return;
    };
    if let Some(range) = dst.strip_prefix("s[").and_then(|r| r.strip_suffix(']')) {
        if let Some((a, b)) = range.split_once(':') {
            if let (Ok(a), Ok(b)) = (a.parse::<u32>(), b.parse::<u32>()) {
                for r in a..=b {
                    regs.remove(&format!("s{r}"));
                }
            }
        }
        return;
    }
    let is_scalar = dst == "m0"
        || dst
            .strip_prefix('s')
            .is_some_and(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()));
    if !is_scalar {
        return;
    }
    let val = |o: &str| number(o).or_else(|| regs.get(o).copied());
    let value = match (
        mn,
        ops.get(1).and_then(|o| val(o)),
        ops.get(2).and_then(|o| val(o)),
    ) {
        ("s_mov_b32", Some(a), _) => Some(a),
        ("s_and_b32", Some(a), Some(b)) => Some(a & b),
        ("s_or_b32", Some(a), Some(b)) => Some(a | b),
        ("s_lshl_b32", Some(a), Some(b)) => Some((a << (b & 31)) & 0xffff_ffff),
        ("s_lshr_b32", Some(a), Some(b)) => Some((a & 0xffff_ffff) >> (b & 31)),
        _ => None,
    };
    match value {
        Some(v) => regs.insert(dst.to_string(), v),
        None => regs.remove(dst),
    };
}

/// A named barrier instruction with its barrier in M0 (`s_barrier_init
/// m0`, `s_barrier_join m0`, `s_barrier_signal m0`, as llc-22 compiles
/// the intrinsics that take a named-barrier object), rewritten with the
/// barrier id M0 holds: execution-synchronization.txt, table "s_barrier
/// GFX12": for *init* and *join* "``<N>`` is an immediate constant, or
/// stored in the lower half of ``m0``", for *arrive* "stored in bits
/// ``[4:0]`` of ``m0``" (the expected counts in the upper half and bits
/// ``[22:16]`` are the program's, which the hardware model reads there).
/// The id is llc's own numbering of the objects, mapped back to the
/// test's by [`super::from_asm`]. `Ok(None)` for any other instruction.
fn named_barrier_m0(code: &str, m0: Option<i64>) -> Result<Option<String>, String> {
    let Some((mn, rest)) = code.split_once(char::is_whitespace) else {
        return Ok(None);
    };
    let bits = match mn {
        "s_barrier_init" | "s_barrier_join" => 0xffff,
        "s_barrier_signal" | "s_barrier_signal_isfirst" => 0x1f,
        _ => return Ok(None),
    };
    if rest.trim() != "m0" {
        return Ok(None);
    }
    let v = m0.ok_or_else(|| {
        format!(
            "`{code}`: M0 does not hold a constant llc set before it (the barrier is not known)"
        )
    })?;
    Ok(Some(format!("{mn} {}", v & bits)))
}

/// The labels of the kernel (the lines from its start to `s_endpgm`) that
/// a later branch goes back to: the heads of loops. A block of llc's own
/// with an access whose label is none of them is not a loop (the atomic
/// optimizer's block for the first active lane, [`Pending::into_loop_of`]).
fn loop_heads<'a>(lines: impl Iterator<Item = (usize, &'a str)>) -> Vec<String> {
    let mut seen: Vec<String> = Vec::new();
    let mut heads: Vec<String> = Vec::new();
    for (_, raw) in lines {
        let code = raw.split(';').next().unwrap_or("").trim();
        if code.starts_with("s_endpgm") {
            break;
        }
        if let Some(l) = code.strip_suffix(':') {
            seen.push(l.to_string());
        } else if let Some(t) = branch_target(code) {
            if seen.iter().any(|l| l == t) && !heads.iter().any(|h| h == t) {
                heads.push(t.to_string());
            }
        }
    }
    heads
}

/// The block name of llc's comment for a block without a label (one only
/// fallen into: `; %bb.3:` ...).
fn fallthrough_block(comment: &str) -> Option<&str> {
    let (bb, _) = comment.split_once(':')?;
    bb.strip_prefix("%bb.")?
        .bytes()
        .all(|b| b.is_ascii_digit())
        .then_some(bb)
}

/// The code after a block's start (a label, or llc's `; %bb.N:` comment for
/// a block fallen into) that no marker has claimed yet. Every block of the
/// test starts with its marker (crates/hw/src/llc/ir.rs puts one at each
/// block start), so code between a block's start and its marker (reloads,
/// a wait) is run when entering the block: it is the marker's operation's
/// ([`Pending::before_marker`]). With a memory access in it, it is a loop
/// llc made of the operation before (a compare-and-swap loop): it stays
/// that operation's, with the label, which the model cannot attribute, and
/// so is the code after the loop up to the next marker. Blocks of llc's own between two markers accumulate into the next
/// marker; the exit block's code (before the end marker) belongs to no
/// operation, as the stores of the observed registers after it.
struct Pending {
    label: String,
    code: Vec<MInstr>,
    text: Vec<String>,
    /// The block's branch back to its own label, if it has one: a loop of
    /// one block, which llc's compare-and-swap loops are.
    back: Option<String>,
    /// A later branch goes back to the block's label ([`loop_heads`]).
    loop_head: bool,
}

/// The label a conditional or unconditional branch (`s_cbranch_execnz
/// .LBB0_1`, `s_branch .LBB0_2`) goes to.
fn branch_target(code: &str) -> Option<&str> {
    let (mn, rest) = code.split_once(char::is_whitespace)?;
    (mn.starts_with("s_cbranch_") || mn == "s_branch").then(|| rest.trim())
}

impl Pending {
    fn has_access(&self) -> bool {
        self.code.iter().any(|m| matches!(m, MInstr::Mem(_)))
    }

    /// A new block starts: a loop body before it goes to its operation;
    /// code without accesses waits for the next marker.
    fn label(pending: &mut Option<Pending>, ops: &mut [AsmOp], label: &str, heads: &[String]) {
        if ops.last().is_some_and(|op| op.label.is_some()) {
            return;
        }
        let head = heads.iter().any(|h| h == label);
        match pending.take() {
            // The loop's exit and what follows stay the looped operation's.
            Some(b) if b.has_access() && b.loop_head => return b.into_loop_of(ops),
            // A block that is not a loop: its code is the operation's, and
            // the new block is read on its own.
            Some(b) if b.has_access() => b.into_loop_of(ops),
            // A loop starts after code without accesses: both are the
            // operation's (the loop follows its marker).
            Some(b) if head => {
                if let Some(op) = ops.last_mut() {
                    op.code.extend(b.code);
                    op.text.extend(b.text);
                }
            }
            Some(b) => {
                *pending = Some(b);
                return;
            }
            None => {}
        }
        *pending = Some(Pending {
            label: label.to_string(),
            code: Vec::new(),
            text: Vec::new(),
            back: None,
            loop_head: head,
        });
    }

    /// The loop goes to the operation before it. A loop of one block (its
    /// own branch back ends it) is marked with [`MInstr::CasLoopHead`] and
    /// [`MInstr::CasLoopBack`], so that the machine can run it as a
    /// compare-and-swap loop when it is one (`crate::llc::cas_loop_shape`).
    ///
    /// A block no branch goes back to is not a loop: at `-O1` and above
    /// LLVM's atomic optimizer (`AMDGPUAtomicOptimizer`) performs an RMW
    /// only in the first active lane (`v_mbcnt` = 0, `s_and_saveexec`) with
    /// the operand combined over the active lanes. A litmus thread is one
    /// lane of a kernel of its own, so that lane is always the first and
    /// the block always runs, once: its code is the operation's, straight
    /// (docs/llc.md, "The atomic optimizer").
    fn into_loop_of(self, ops: &mut [AsmOp]) {
        if let Some(op) = ops.last_mut() {
            if !self.loop_head {
                op.code.extend(self.code);
                op.text.extend(self.text);
                return;
            }
            op.label.get_or_insert(self.label.clone());
            match self.back {
                Some(branch) => {
                    op.code.push(MInstr::CasLoopHead);
                    op.text.push(format!("{}:", self.label));
                    op.code.extend(self.code);
                    op.text.extend(self.text);
                    op.code.push(MInstr::CasLoopBack);
                    op.text.push(branch);
                }
                None => {
                    op.code.extend(self.code);
                    op.text.extend(self.text);
                }
            }
        }
    }

    /// The code the next operation starts with.
    fn before_marker(self, ops: &mut [AsmOp]) -> (Vec<MInstr>, Vec<String>) {
        if self.has_access() {
            self.into_loop_of(ops);
            (Vec::new(), Vec::new())
        } else {
            (self.code, self.text)
        }
    }

    fn before_end(self, ops: &mut [AsmOp]) {
        if self.has_access() {
            self.into_loop_of(ops);
        }
    }
}

fn number(s: &str) -> Option<i64> {
    let s = s.trim().trim_end_matches(',');
    if let Some(h) = s.strip_prefix("0x") {
        i64::from_str_radix(h, 16).ok()
    } else {
        s.parse().ok()
    }
}

fn count(s: &str) -> Result<u8, String> {
    number(s)
        .and_then(|n| u8::try_from(n.min(255)).ok())
        .ok_or_else(|| format!("bad counter value `{s}`"))
}

/// One instruction: `Ok(None)` for an instruction without memory effect.
pub fn instruction(code: &str, dialect: Dialect) -> Result<Option<MInstr>, String> {
    let (mn, rest) = match code.split_once(char::is_whitespace) {
        Some((m, r)) => (m, r.trim()),
        None => (code, ""),
    };
    let ops: Vec<&str> = rest
        .split([',', ' ', '&'])
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .collect();
    let unknown = || {
        Err(format!(
            "memory instruction `{mn}` is not known to the hardware model (`amdmm docs llc`, \"Not supported\")"
        ))
    };
    match mn {
        "s_waitcnt" => {
            let (mut vm, mut exp, mut lgkm) = (None, None, None);
            for o in &ops {
                let (name, val) = o
                    .strip_suffix(')')
                    .and_then(|o| o.split_once('('))
                    .ok_or_else(|| format!("bad s_waitcnt operand `{o}`"))?;
                let v = Some(count(val)?);
                match name.trim_end_matches("_sat") {
                    "vmcnt" => vm = v,
                    "expcnt" => exp = v,
                    "lgkmcnt" => lgkm = v,
                    _ => return Err(format!("bad s_waitcnt counter `{name}`")),
                }
            }
            Ok(Some(MInstr::Waitcnt { vm, exp, lgkm }))
        }
        "s_waitcnt_vscnt" => {
            let v = ops.last().ok_or("s_waitcnt_vscnt without a count")?;
            Ok(Some(MInstr::WaitcntVscnt(count(v)?)))
        }
        // GFX10-GFX11 `s_waitcnt_expcnt null, N`: read as the `expcnt`
        // field of an `s_waitcnt` (kept, shown, satisfied at once:
        // [`Counter::orders_memory`]).
        "s_waitcnt_expcnt" => {
            let v = count(ops.last().ok_or("s_waitcnt_expcnt without a count")?)?;
            Ok(Some(MInstr::Waitcnt {
                vm: None,
                exp: Some(v),
                lgkm: None,
            }))
        }
        // Dependency counters of the ALUs (register hazards between ALU
        // instructions), which count no memory instruction.
        "s_waitcnt_depctr" | "s_wait_alu" => Ok(None),
        "s_waitcnt_vmcnt" | "s_waitcnt_lgkmcnt" => {
            let v = count(ops.last().ok_or("missing count")?)?;
            Ok(Some(if mn == "s_waitcnt_vmcnt" {
                MInstr::waitcnt_vm(v)
            } else {
                MInstr::waitcnt_lgkm(v)
            }))
        }
        _ if mn.starts_with("s_wait_") => wait(mn, &ops),
        "buffer_wbinvl1_vol" => Ok(Some(MInstr::BufferWbinvl1Vol)),
        "buffer_wbinvl1" => Ok(Some(MInstr::BufferWbinvl1)),
        "buffer_invl2" => Ok(Some(MInstr::BufferInvl2)),
        "buffer_gl0_inv" => Ok(Some(MInstr::BufferGl0Inv)),
        "buffer_gl1_inv" => Ok(Some(MInstr::BufferGl1Inv)),
        "buffer_wbl2" | "buffer_inv" => {
            let sc0 = ops.contains(&"sc0");
            let sc1 = ops.contains(&"sc1");
            Ok(Some(if mn == "buffer_wbl2" {
                MInstr::BufferWbl2 { sc0, sc1 }
            } else {
                MInstr::BufferInv { sc0, sc1 }
            }))
        }
        "global_inv" | "global_wb" => {
            let s = scope_of(&ops)?.unwrap_or(ScopeOp::Cu);
            Ok(Some(if mn == "global_inv" {
                MInstr::GlobalInv(s)
            } else {
                MInstr::GlobalWb(s)
            }))
        }
        "s_barrier" => Ok(Some(MInstr::SBarrier)),
        "s_barrier_leave" => Ok(Some(MInstr::SBarrierLeave)),
        "s_barrier_signal"
        | "s_barrier_signal_isfirst"
        | "s_barrier_wait"
        | "s_barrier_init"
        | "s_barrier_join" => {
            let n = ops
                .first()
                .and_then(|o| number(o))
                .ok_or_else(|| format!("`{code}`: only an immediate barrier id is supported"))?;
            Ok(Some(match mn {
                "s_barrier_signal" => MInstr::SBarrierSignal(n),
                "s_barrier_signal_isfirst" => MInstr::SBarrierSignalIsFirst(n),
                "s_barrier_wait" => MInstr::SBarrierWait(n),
                "s_barrier_init" => MInstr::SBarrierInit(n),
                _ => MInstr::SBarrierJoin(n),
            }))
        }
        // Private (scratch) memory: register spills of one lane, which no
        // other thread can see (at -O0 they appear only around the loops
        // llc makes of an operation, which are refused anyway).
        _ if mn.starts_with("scratch_") => Ok(None),
        // Scalar loads read the kernel arguments and other constant data no
        // test writes; their `lgkmcnt`/`kmcnt` waits are kept (docs/llc.md).
        _ if mn.starts_with("s_load_") || mn.starts_with("s_buffer_load_") => Ok(None),
        _ if mn.starts_with("s_store")
            || mn.starts_with("s_buffer_store")
            || mn.starts_with("s_atomic")
            || mn.starts_with("s_buffer_atomic")
            || mn.starts_with("s_dcache")
            || mn.starts_with("s_scratch")
            || mn.starts_with("s_barrier")
            || mn.starts_with("image_")
            || mn.starts_with("tbuffer_")
            || mn.starts_with("buffer_")
            || mn.starts_with("global_")
            || mn.starts_with("flat_")
            || mn.starts_with("ds_") =>
        {
            match mem(mn, &ops, dialect)? {
                Some(m) => Ok(Some(MInstr::Mem(m))),
                None => unknown(),
            }
        }
        _ => Ok(None),
    }
}

/// GFX12+ `s_wait_<counter> N` and the combined `s_wait_loadcnt_dscnt` /
/// `s_wait_storecnt_dscnt` (the second count in bits 5:0, the first in bits
/// 13:8 of the immediate).
fn wait(mn: &str, ops: &[&str]) -> Result<Option<MInstr>, String> {
    let n = ops
        .first()
        .and_then(|o| number(o))
        .ok_or_else(|| format!("`{mn}` without a count"))?;
    let c = |s: &str| -> Option<Counter> {
        Some(match s {
            "loadcnt" => Counter::Load,
            "storecnt" => Counter::Store,
            "dscnt" => Counter::Ds,
            "kmcnt" => Counter::Km,
            "samplecnt" => Counter::Sample,
            "bvhcnt" => Counter::Bvh,
            "expcnt" => Counter::Exp,
            "xcnt" => Counter::X,
            "asynccnt" => Counter::Async,
            _ => return None,
        })
    };
    let name = mn.trim_start_matches("s_wait_");
    if let Some(k) = c(name) {
        return Ok(Some(MInstr::Wait(k, n.clamp(0, 255) as u8)));
    }
    match name {
        "loadcnt_dscnt" | "storecnt_dscnt" => Err(format!(
            "`{mn}` (combined wait) reached a single-instruction reader"
        )),
        _ => Err(format!(
            "wait `{mn}` is not known to the hardware model (`amdmm docs llc`, \"Not supported\")"
        )),
    }
}

/// The combined GFX12 waits, as two instructions.
pub fn combined_wait(code: &str) -> Option<Result<[MInstr; 2], String>> {
    let (mn, rest) = code.split_once(char::is_whitespace)?;
    let first = match mn {
        "s_wait_loadcnt_dscnt" => Counter::Load,
        "s_wait_storecnt_dscnt" => Counter::Store,
        _ => return None,
    };
    Some(match number(rest) {
        Some(n) => Ok([
            MInstr::Wait(first, ((n >> 8) & 0x3f) as u8),
            MInstr::Wait(Counter::Ds, (n & 0x3f) as u8),
        ]),
        None => Err(format!("`{code}`: bad count")),
    })
}

fn scope_of(ops: &[&str]) -> Result<Option<ScopeOp>, String> {
    for o in ops {
        if let Some(s) = o.strip_prefix("scope:") {
            return Ok(Some(match s {
                "SCOPE_CU" => ScopeOp::Cu,
                "SCOPE_SE" => ScopeOp::Se,
                "SCOPE_DEV" => ScopeOp::Dev,
                "SCOPE_SYS" => ScopeOp::Sys,
                _ => return Err(format!("unknown scope `{o}`")),
            }));
        }
    }
    Ok(None)
}

/// The `rmw` names of [`MemKind::Atomic`] (the table lowering's names).
fn atomic_name(op: &str, ty: Option<char>) -> Option<&'static str> {
    Some(match (op, ty) {
        ("add", _) => "add",
        ("sub", _) => "sub",
        ("and", _) => "and",
        ("or", _) => "or",
        ("xor", _) => "xor",
        ("smax", _) | ("max", Some('i')) => "smax",
        ("smin", _) | ("min", Some('i')) => "smin",
        ("umax", _) | ("max", Some('u')) => "umax",
        ("umin", _) | ("min", Some('u')) => "umin",
        ("swap" | "wrxchg" | "storexchg", _) => "swap",
        // `uinc_wrap` / `udec_wrap` (`global_atomic_inc`, `_x2`, GFX12's
        // `_u32` / `_u64`) and GFX12's `usub_cond` / `usub_sat`
        // (`global_atomic_cond_sub_u32`, `_sub_clamp_u32`): the tables'
        // stems (`rmw_name` in crate::lower).
        ("inc", _) => "inc",
        ("dec", _) => "dec",
        ("cond_sub", _) => "cond_sub",
        ("sub_clamp", _) => "sub_clamp",
        _ => return None,
    })
}

/// The floating-point atomics' stems, as the table lowering names them
/// (`float_rmw_instruction` in crate::lower), so that the compiler's
/// instruction and the table's compare equal.
const FLOAT_STEMS: [&str; 14] = [
    "fmin",
    "fmax",
    "fmin_x2",
    "fmax_x2",
    "add_f32",
    "add_f64",
    "min_f32",
    "max_f32",
    "min_f64",
    "max_f64",
    "min_num_f32",
    "max_num_f32",
    "min_num_f64",
    "max_num_f64",
];

/// A floating-point atomic: its stem, width and whether the DS form
/// returns (`global_atomic_add_f32`, `buffer_atomic_fmin_x2`,
/// `flat_atomic_fmax`, `ds_add_rtn_f32`, `ds_max_num_f64`); `None` for
/// every other mnemonic.
fn float_atomic(family: Family, rest: &str) -> Option<(&'static str, u32, bool)> {
    let (body, rtn) = if family == Family::Ds {
        match rest.split_once("_rtn") {
            Some((a, b)) => (format!("{a}{b}"), true),
            None => (rest.to_string(), false),
        }
    } else {
        (rest.strip_prefix("atomic_")?.to_string(), false)
    };
    let stem = FLOAT_STEMS.iter().find(|s| **s == body)?;
    let bits = if stem.ends_with("x2") || stem.ends_with("f64") {
        64
    } else {
        32
    };
    Some((stem, bits, rtn))
}

/// Width and type letter of a suffix: `dword` 32, `dwordx2` 64, `b32`,
/// `u32`, `i64`, `ubyte` 8, `ushort` 16, `x2` 64.
fn width(s: &str) -> Option<(u32, Option<char>)> {
    Some(match s {
        "" => (32, None),
        "dword" => (32, None),
        "ubyte" | "sbyte" | "byte" => (8, None),
        "ushort" | "sshort" | "short" => (16, None),
        "x2" => (64, None),
        _ if s.starts_with("dwordx") => (32 * s[6..].parse::<u32>().ok()?, None),
        _ => {
            let (c, n) = s.split_at(1);
            let c = c.chars().next()?;
            if !matches!(c, 'b' | 'u' | 'i') {
                return None;
            }
            (n.parse().ok()?, Some(c))
        }
    })
}

/// The mnemonic's stem without its `d16` marks: a `d16` load reads 8 or
/// 16 bits into one half of a register and keeps the other half
/// (`global_load_d16_b16`, `global_load_d16_hi_u8` on GFX11+,
/// `global_load_short_d16`, `global_load_ubyte_d16_hi` before), a `d16_hi`
/// store writes the upper half's 8 or 16 bits (`global_store_d16_hi_b16`,
/// `global_store_byte_d16_hi`). Which half of the register is the
/// register arithmetic's, which the model does not run (docs/llc.md); the
/// memory access is the plain load or store of that width.
fn without_d16(rest: &str) -> String {
    for kind in ["load_", "store_"] {
        if let Some(w) = rest.strip_prefix(kind) {
            let w = w
                .strip_prefix("d16_hi_")
                .or_else(|| w.strip_prefix("d16_"))
                .or_else(|| w.strip_suffix("_d16_hi"))
                .or_else(|| w.strip_suffix("_d16"))
                .unwrap_or(w);
            return format!("{kind}{w}");
        }
    }
    rest.to_string()
}

/// A vector-memory or LDS access: `None` if the mnemonic is not one the
/// model knows.
fn mem(mn: &str, ops: &[&str], dialect: Dialect) -> Result<Option<MemOp>, String> {
    let (family, rest) = if let Some(r) = mn.strip_prefix("buffer_") {
        (Family::Buffer, r)
    } else if let Some(r) = mn.strip_prefix("global_") {
        (Family::Global, r)
    } else if let Some(r) = mn.strip_prefix("flat_") {
        (Family::Flat, r)
    } else if let Some(r) = mn.strip_prefix("ds_") {
        (Family::Ds, r)
    } else {
        return Ok(None);
    };
    let mut cpol = Cpol::NONE;
    let mut ret = false;
    for o in ops {
        match *o {
            "glc" => cpol.glc = true,
            "slc" => cpol.slc = true,
            "dlc" => cpol.dlc = true,
            "sc0" => cpol.sc0 = true,
            "sc1" => cpol.sc1 = true,
            "nt" => cpol.nt = true,
            "th:TH_LOAD_NT" => cpol.th = Th::LoadNt,
            "th:TH_STORE_NT" => cpol.th = Th::StoreNt,
            "th:TH_ATOMIC_RETURN" => cpol.th = Th::AtomicReturn,
            _ if o.starts_with("th:") => {
                return Err(format!("`{mn}`: temporal hint `{o}` is not modelled"))
            }
            _ => {}
        }
    }
    if let Some(s) = scope_of(ops)? {
        cpol.scope = Some(s);
    }
    // LDS DMA, as each generation's assembler spells it: GFX942/gfx950
    // `global_load_lds_dword`, GFX12.5 `global_load_async_to_lds_b32`, and
    // GFX6-GFX10's ordinary load with the `lds` modifier (`global_load_dword
    // v0, s[6:7] lds`, `buffer_load_dword ... lds`): its data goes to the LDS
    // address in M0, not to a register. The M0 setup (`s_mov_b32 m0, ...`)
    // is a scalar move, skipped: the model takes the copy's addresses from
    // the program, as for every access.
    let lds_modifier = ops.contains(&"lds");
    let d16 = without_d16(rest);
    let rest = d16.as_str();
    let (kind, bits) = if let Some(w) = rest
        .strip_prefix("load_lds_")
        .or_else(|| rest.strip_prefix("load_async_to_lds_"))
    {
        (MemKind::LoadLds, width(w).map(|x| x.0))
    } else if let Some(w) = rest.strip_prefix("load_").filter(|_| lds_modifier) {
        if family == Family::Ds || family == Family::Flat {
            return Err(format!("`{mn}`: the `lds` modifier on a {family:?} load"));
        }
        (MemKind::LoadLds, width(w).map(|x| x.0))
    } else if let Some(w) = rest
        .strip_prefix("load_")
        .or_else(|| rest.strip_prefix("read_"))
    {
        (MemKind::Load, width(w).map(|x| x.0))
    } else if let Some(w) = rest
        .strip_prefix("store_")
        .or_else(|| rest.strip_prefix("write_"))
    {
        (MemKind::Store, width(w).map(|x| x.0))
    } else {
        // Atomics: `atomic_OP[_W]` (vector), `OP[_rtn]_W` (DS).
        if let Some((stem, bits, rtn)) = float_atomic(family, rest) {
            if family == Family::Ds {
                ret = rtn;
            }
            (MemKind::Atomic(stem), Some(bits))
        } else {
            let body = if family == Family::Ds {
                rest
            } else {
                match rest.strip_prefix("atomic_") {
                    Some(b) => b,
                    None => return Ok(None),
                }
            };
            let (op, w) = match body.rsplit_once('_') {
                Some((o, w)) if width(w).is_some() => (o, w),
                _ => (body, ""),
            };
            let (op, rtn) = match op.strip_suffix("_rtn") {
                Some(o) => (o, true),
                None => (op, false),
            };
            let (bits, ty) = width(w).unwrap_or((32, None));
            if family == Family::Ds {
                ret = rtn;
            }
            let kind = match op {
                "cmpswap" | "cmpst" | "cmpstore" => MemKind::CmpSwap,
                _ => match atomic_name(op, ty) {
                    Some(n) => MemKind::Atomic(n),
                    None => return Ok(None),
                },
            };
            (kind, Some(bits))
        }
    };
    let Some(bits) = bits else {
        return Ok(None);
    };
    if family != Family::Ds && matches!(kind, MemKind::Atomic(_) | MemKind::CmpSwap) {
        // The return bit: `glc` (GFX6-GFX11), `sc0` (GFX942),
        // `th:TH_ATOMIC_RETURN` (GFX12+, which the tables also write).
        match dialect {
            Dialect::Gfx942 => {
                ret = cpol.sc0;
                cpol.sc0 = false;
            }
            Dialect::Gfx12 => ret = cpol.th == Th::AtomicReturn,
            _ => {
                ret = cpol.glc;
                cpol.glc = false;
            }
        }
    }
    if family == Family::Ds && cpol != Cpol::NONE {
        return Err(format!("`{mn}`: cache-policy bits on an LDS instruction"));
    }
    Ok(Some(MemOp {
        family,
        kind,
        bits,
        cpol,
        dialect,
        ret,
    }))
}
