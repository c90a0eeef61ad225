//! Lowering a litmus [`Program`] to machine code through the code-sequence
//! tables ([`crate::tables`]).
//!
//! Every memory operation is mapped to a table row `(LLVM instruction,
//! ordering, scope, address space)`; the row's steps whose conditions hold for
//! the target are emitted, and the step that is "the access itself" becomes a
//! concrete [`MemOp`] (`global_load_b32 sc1`, `ds_write_b32`, ...). Barriers,
//! LDS DMA and async marks, which the memory-model tables do not cover, are
//! lowered by the small tables at the end of this module.

use crate::isa::{Counter, Cpol, Family, MInstr, MemKind, MemOp, ScopeOp};
use crate::tables::{self, Ctx, LlvmOp, Ord, Row, ScopeLevel, Space, TableError};
use crate::target::{Gen, Target};
use amdmm_program::{
    AddrSpace, BarrierOp, DmaKind, HwBarrier, Instr, MemAttrs, Observable, Operand, Ordering, Pos,
    Program, RegId, RmwOp, SpaceSet, Ty,
};
use std::fmt;

/// One machine instruction with where it came from.
#[derive(Clone, Copy, Debug)]
pub struct LInstr {
    pub instr: MInstr,
    /// The table row (for the memory-model tables), if any.
    pub row: Option<&'static Row>,
    /// This instruction is the access of the operation (the one that reads or
    /// writes memory).
    pub is_access: bool,
}

/// The machine code of one instruction of the program.
#[derive(Clone, Debug)]
pub struct LOp {
    /// Index of the instruction in `Thread::code`.
    pub index: usize,
    pub pos: Pos,
    /// The LLVM operation, as text (`store atomic i32 1, @y release agent`).
    pub text: String,
    /// The table the row comes from (empty for barriers, DMA, marks).
    pub table: &'static str,
    pub code: Vec<LInstr>,
    /// Something to say about the code (`--code llc`: the compiler made a
    /// loop of the operation, or removed or merged its access).
    pub note: Option<String>,
}

#[derive(Clone, Debug)]
pub struct LThread {
    pub name: String,
    pub ops: Vec<LOp>,
}

/// A lowered program.
#[derive(Clone, Debug)]
pub struct Lowered {
    pub target: Target,
    pub name: String,
    pub threads: Vec<LThread>,
    /// Set when a compiler made the code (`--code llc`), not the tables.
    pub compiler: Option<Compiler>,
}

/// The compiler whose code a [`Lowered`] holds, and that code as it
/// printed it (with operands), for [`render`].
#[derive(Clone, Debug)]
pub struct Compiler {
    /// The compiler and its version and options: `llc-22 (Debian LLVM
    /// version 22.1.8) -O0`.
    pub name: String,
    /// Per thread, per operation (as `LThread::ops`), the instruction lines
    /// as the compiler printed them.
    pub asm: Vec<Vec<Vec<String>>>,
}

/// An operation the target cannot lower.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LowerError {
    pub thread: String,
    pub pos: Pos,
    pub message: String,
}

impl fmt::Display for LowerError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}:{}:{}: {}",
            self.thread, self.pos.line, self.pos.col, self.message
        )
    }
}

/// Lowers every thread of `p` for `target`.
pub fn lower(p: &Program, target: &Target) -> Result<Lowered, LowerError> {
    let observed: Vec<Observable> = p.shown_observables();
    let mut threads = Vec::new();
    for (ti, t) in p.threads.iter().enumerate() {
        let mut ops = Vec::new();
        let mut marks = MarkState::default();
        let straight = !t
            .code
            .iter()
            .any(|i| matches!(i, Instr::Jump { .. } | Instr::Branch { .. }));
        let mut k = 0;
        while k < t.code.len() {
            let instr = &t.code[k];
            let pos = t.pos.get(k).copied().unwrap_or_default();
            let err = |message: String| LowerError {
                thread: t.name.clone(),
                pos,
                message,
            };
            let used = |r: RegId| {
                observed.contains(&Observable::Reg {
                    thread: ti as u32,
                    reg: r,
                }) || t.code.iter().any(|i| reads(i).contains(&r))
            };
            // A byte-level load or store is one instruction of its width
            // (docs/semantics.md, "Byte-level accesses").
            let (whole, len) = match p.byte_access(t, k) {
                Some(b) => (
                    whole_access(&t.code[b.first..b.first + b.len as usize]),
                    b.len,
                ),
                None => (None, 1),
            };
            let instr = whole.as_ref().unwrap_or(instr);
            let rest = &t.code[k + len as usize..];
            let (op, consumed) =
                lower_instr(p, target, instr, rest, used, &mut marks, straight).map_err(err)?;
            let consumed = consumed.max(len as usize);
            if let Some(mut op) = op {
                op.index = k;
                op.pos = pos;
                marks.count(target, &op.code);
                ops.push(op);
            }
            k += consumed;
        }
        threads.push(LThread {
            name: t.name.clone(),
            ops,
        });
    }
    Ok(Lowered {
        target: *target,
        name: p.name.clone(),
        threads,
        compiler: None,
    })
}

/// The load or store of a byte-level location's access, whose one-byte
/// accesses are `bytes` ([`Program::byte_access`]): one access of the
/// integer type of their width at the lowest byte, as the compiler emits it
/// (a `load i32` is one dword load, a `store i16` one short store; the
/// code-sequence tables' rows are by operation, not by width). A stored
/// value is the bytes' constants composed little-endian, or the register
/// the lowest byte stores (the later bytes are its shifts).
fn whole_access(bytes: &[Instr]) -> Option<Instr> {
    let ty = match bytes.len() {
        1 => Ty::I8,
        2 => Ty::I16,
        4 => Ty::I32,
        8 => Ty::I64,
        _ => return None,
    };
    match bytes.first()? {
        Instr::Load {
            dst,
            addr,
            attrs,
            visible,
            ..
        } => Some(Instr::Load {
            dst: *dst,
            ty,
            addr: *addr,
            attrs: *attrs,
            visible: *visible,
        }),
        Instr::Store {
            value,
            addr,
            attrs,
            available,
            ..
        } => {
            let consts: Option<Vec<i64>> = bytes
                .iter()
                .map(|i| match i {
                    Instr::Store {
                        value: Operand::Const(c),
                        ..
                    } => Some(*c),
                    _ => None,
                })
                .collect();
            let value = match consts {
                Some(c) => Operand::Const(
                    ty.wrap(
                        c.iter()
                            .enumerate()
                            .fold(0u64, |v, (k, b)| v | (*b as u64 & 0xff) << (8 * k))
                            as i64,
                    ),
                ),
                None => *value,
            };
            Some(Instr::Store {
                ty,
                value,
                addr: *addr,
                attrs: *attrs,
                available: *available,
            })
        }
        _ => None,
    }
}

fn op_text(
    p: &Program,
    op: &str,
    ty: Ty,
    addr: &amdmm_program::Addr,
    value: Option<Operand>,
    attrs: &MemAttrs,
) -> String {
    let mut s = format!("{op} {}", ty.name());
    if let Some(v) = value {
        // A floating-point constant is its bits; show it as the number.
        let text = match (v, ty) {
            (Operand::Const(c), Ty::Half | Ty::Float | Ty::Double) => {
                amdmm_program::float::display(ty, c)
            }
            _ => operand(v),
        };
        s.push_str(&format!(" {text},"));
    }
    s.push_str(&format!(" {}", addr_name(p, addr)));
    if attrs.ordering.is_atomic() {
        s.push_str(&format!(" {} {}", attrs.ordering.name(), attrs.scope));
    }
    if attrs.volatile {
        s.push_str(" volatile");
    }
    if attrs.av_none {
        s.push_str(" !amdgcn-av none");
    }
    if attrs.nontemporal {
        s.push_str(" !nontemporal");
    }
    s
}

fn operand(o: Operand) -> String {
    match o {
        Operand::Const(c) => c.to_string(),
        Operand::Reg(r) => format!("%r{r}"),
        Operand::Undef => "undef".into(),
    }
}

fn addr_name(p: &Program, a: &amdmm_program::Addr) -> String {
    let sym = p
        .symbols
        .get(a.symbol as usize)
        .map(|s| (s.name.as_str(), s.is_array))
        .unwrap_or(("?", false));
    let space = p
        .symbols
        .get(a.symbol as usize)
        .and_then(|s| p.locations.get(s.first as usize))
        .map(|l| l.space)
        .unwrap_or(AddrSpace::Global);
    let mut base = if sym.1 {
        format!("@{}[{}]", sym.0, operand(a.index))
    } else {
        format!("@{}", sym.0)
    };
    if a.byte != 0 {
        // A byte-level access at a byte offset (docs/format.md).
        base.push_str(&format!("+{}", a.byte));
    }
    let base = match space {
        AddrSpace::Global => base,
        AddrSpace::Lds => format!("{base} (lds)"),
    };
    if a.generic {
        format!("{base} (generic)")
    } else {
        base
    }
}

/// The declared address space of the location `a` names.
fn loc_space(p: &Program, a: &amdmm_program::Addr) -> AddrSpace {
    p.symbols
        .get(a.symbol as usize)
        .and_then(|s| p.locations.get(s.first as usize))
        .map(|l| l.space)
        .unwrap_or(AddrSpace::Global)
}

/// The "AMDGPU Address Space" column an access is looked up in: the
/// pointer's address space. A generic pointer (`ptr addrspace(0)`) uses the
/// `generic` rows whatever it points to: the compiler does not know the
/// location behind a flat address, and the tables' generic rows are written
/// for either ("s_waitcnt vmcnt(0) & lgkmcnt(0)": "If OpenCL, omit
/// lgkmcnt(0)", the wait on the LDS counter a flat access to LDS needs).
fn addr_space(p: &Program, a: &amdmm_program::Addr) -> Space {
    if a.generic {
        return Space::Generic;
    }
    match loc_space(p, a) {
        AddrSpace::Global => Space::Global,
        AddrSpace::Lds => Space::Local,
    }
}

/// Registers an instruction reads.
fn reads(i: &Instr) -> Vec<RegId> {
    let mut ops: Vec<Operand> = Vec::new();
    match i {
        Instr::Load { addr, .. } => ops.push(addr.index),
        Instr::Store { value, addr, .. } => {
            ops.push(*value);
            ops.push(addr.index)
        }
        Instr::Rmw { addr, value, .. } => {
            ops.push(*value);
            ops.push(addr.index)
        }
        Instr::CmpXchg {
            addr,
            expected,
            new,
            ..
        } => {
            ops.push(addr.index);
            ops.push(*expected);
            ops.push(*new)
        }
        Instr::Move { src, .. } => ops.push(*src),
        Instr::Bin { a, b, .. } | Instr::Cmp { a, b, .. } => {
            ops.push(*a);
            ops.push(*b)
        }
        Instr::Select { cond, a, b, .. } => {
            ops.push(*cond);
            ops.push(*a);
            ops.push(*b)
        }
        Instr::Branch { cond, .. } | Instr::Assume { cond } => ops.push(*cond),
        Instr::Dma { src, dst, .. } => {
            ops.push(src.index);
            ops.push(dst.index)
        }
        _ => {}
    }
    ops.into_iter()
        .filter_map(|o| match o {
            Operand::Reg(r) => Some(r),
            _ => None,
        })
        .collect()
}

/// The mnemonic stem of an `atomicrmw` operation's instruction. `uinc_wrap`
/// and `udec_wrap` are the hardware's `inc` / `dec` (LangRef defines them
/// with the wrap-around those instructions have); `usub_cond` and `usub_sat`
/// are GFX12's `cond_sub_u32` and `sub_clamp_u32`. `nand` has no instruction
/// (LLVM expands it into a cmpxchg loop), nor do `usub_cond` / `usub_sat`
/// before GFX12: refused by [`rmw_instruction`].
fn rmw_name(op: RmwOp) -> &'static str {
    match op {
        RmwOp::Nand => "nand",
        RmwOp::UIncWrap => "inc",
        RmwOp::UDecWrap => "dec",
        RmwOp::USubCond => "cond_sub",
        RmwOp::USubSat => "sub_clamp",
        RmwOp::Xchg => "swap",
        RmwOp::Add => "add",
        RmwOp::Sub => "sub",
        RmwOp::And => "and",
        RmwOp::Or => "or",
        RmwOp::Xor => "xor",
        RmwOp::Max => "smax",
        RmwOp::Min => "smin",
        RmwOp::UMax => "umax",
        RmwOp::UMin => "umin",
        RmwOp::FAdd => "add_f",
        RmwOp::FSub => "sub_f",
        RmwOp::FMax => "max_f",
        RmwOp::FMin => "min_f",
        RmwOp::FMaximum => "maximum_f",
        RmwOp::FMinimum => "minimum_f",
    }
}

/// The instruction of an `atomicrmw` operation on the target, or `None`
/// where the target has none and LLVM expands it into a compare-and-swap
/// loop ([`cas_loop`]): `nand` on every AMDGPU target, `usub_cond` /
/// `usub_sat` before GFX12, and the floating-point operations without a
/// native instruction ([`float_rmw_instruction`]).
fn rmw_instruction(target: &Target, op: RmwOp, ty: Ty, space: Space) -> Option<&'static str> {
    if op.is_float() {
        return float_rmw_instruction(target, op, ty, space);
    }
    match op {
        RmwOp::Nand => None,
        RmwOp::USubCond | RmwOp::USubSat if target.major < 12 => None,
        _ => Some(rmw_name(op)),
    }
}

/// The native floating-point atomic of `op` on `ty` in `space` (the stem
/// after `global_atomic_` / `ds_`, see [`crate::isa::MemOp::mnemonic`]), or
/// `None` where there is none.
///
/// The tables have one `atomicrmw` row per ordering, scope and address
/// space, "whatever the operation": a native floating-point atomic takes
/// the same row as an integer one. Which targets have which instruction is
/// the ISA's (LLVM's AMDGPU subtarget features; no AMDGPUUsage table lists
/// them), checked against llc-22 case by case
/// (`live_llc_float_atomics_match_the_native_list`, crates/hw/tests/llc.rs;
/// `amdmm docs hardware`, "Floating-point atomics"). In global memory:
/// `buffer_atomic_fmin` / `fmax` (`_x2` for `double`) on GFX6,
/// `flat_atomic_fmin` / `fmax` on GFX7 (`float`; llc-22 crashes on the
/// `double` form, which amdmm refuses), `global_atomic_fmin` / `fmax` /
/// `_x2` on GFX10; `global_atomic_add_f32` on gfx90a, gfx942, GFX11 and
/// GFX12+; `global_atomic_add_f64` / `min_f64` / `max_f64` on gfx90a and
/// gfx942; `global_atomic_min_f32` / `max_f32` on GFX11, `min_num_f32` /
/// `max_num_f32` on GFX12+, and `add_f64` / `min_num_f64` / `max_num_f64`
/// on GFX12.5. In the LDS: `ds_add_f32` from GFX9 (`ds_add_f64` on gfx90a,
/// gfx942 and GFX12.5), `ds_min_f32` / `ds_max_f32` and their `f64` forms
/// on every generation (`min_num` / `max_num` on GFX12+). LLVM emits the
/// native instruction only when AMDGPUUsage's metadata allows it
/// ("amdgpu.ignore.denormal.mode": "This is necessary to emit native atomic
/// instructions on some targets for some address spaces where float
/// denormals are unconditionally flushed"; "amdgpu.no.fine.grained.memory"),
/// otherwise a cmpxchg loop: amdmm lowers the native instruction, which the
/// metadata makes the compiler's code, and the machine computes the value
/// with the memory model's arithmetic (subnormals kept; docs/semantics.md,
/// "Floating-point values"). `fsub`, `fmaximum`, `fminimum`, `half`, and
/// generic pointers, have no instruction here: LLVM expands a cmpxchg loop,
/// which [`cas_loop`] lowers (`None`).
fn float_rmw_instruction(target: &Target, op: RmwOp, ty: Ty, space: Space) -> Option<&'static str> {
    let gfx90a_942 = matches!(target.gen, Gen::Gfx90a | Gen::Gfx942);
    let gfx12 = target.major >= 12;
    let gfx125 = target.gen == Gen::Gfx125x;
    match (space, op, ty) {
        (Space::Global, RmwOp::FMin, Ty::Float) if target.major <= 7 => Some("fmin"),
        (Space::Global, RmwOp::FMax, Ty::Float) if target.major <= 7 => Some("fmax"),
        (Space::Global, RmwOp::FMin, Ty::Double) if target.major == 6 => Some("fmin_x2"),
        (Space::Global, RmwOp::FMax, Ty::Double) if target.major == 6 => Some("fmax_x2"),
        (Space::Global, RmwOp::FAdd, Ty::Double) if gfx125 => Some("add_f64"),
        (Space::Global, RmwOp::FMin, Ty::Double) if gfx125 => Some("min_num_f64"),
        (Space::Global, RmwOp::FMax, Ty::Double) if gfx125 => Some("max_num_f64"),
        (Space::Local, RmwOp::FAdd, Ty::Double) if gfx125 => Some("add_f64"),
        (Space::Global, RmwOp::FAdd, Ty::Float) if gfx90a_942 || target.major >= 11 => {
            Some("add_f32")
        }
        (Space::Global, RmwOp::FAdd, Ty::Double) if gfx90a_942 => Some("add_f64"),
        (Space::Global, RmwOp::FMin, Ty::Double) if gfx90a_942 => Some("min_f64"),
        (Space::Global, RmwOp::FMax, Ty::Double) if gfx90a_942 => Some("max_f64"),
        (Space::Global, RmwOp::FMin, Ty::Float) if target.major == 10 => Some("fmin"),
        (Space::Global, RmwOp::FMax, Ty::Float) if target.major == 10 => Some("fmax"),
        (Space::Global, RmwOp::FMin, Ty::Double) if target.major == 10 => Some("fmin_x2"),
        (Space::Global, RmwOp::FMax, Ty::Double) if target.major == 10 => Some("fmax_x2"),
        (Space::Global, RmwOp::FMin, Ty::Float) if target.major == 11 => Some("min_f32"),
        (Space::Global, RmwOp::FMax, Ty::Float) if target.major == 11 => Some("max_f32"),
        (Space::Global, RmwOp::FMin, Ty::Float) if gfx12 => Some("min_num_f32"),
        (Space::Global, RmwOp::FMax, Ty::Float) if gfx12 => Some("max_num_f32"),
        (Space::Local, RmwOp::FAdd, Ty::Float) if target.major >= 9 => Some("add_f32"),
        (Space::Local, RmwOp::FAdd, Ty::Double) if gfx90a_942 => Some("add_f64"),
        (Space::Local, RmwOp::FMin, Ty::Float) if gfx12 => Some("min_num_f32"),
        (Space::Local, RmwOp::FMax, Ty::Float) if gfx12 => Some("max_num_f32"),
        (Space::Local, RmwOp::FMin, Ty::Double) if gfx12 => Some("min_num_f64"),
        (Space::Local, RmwOp::FMax, Ty::Double) if gfx12 => Some("max_num_f64"),
        (Space::Local, RmwOp::FMin, Ty::Float) => Some("min_f32"),
        (Space::Local, RmwOp::FMax, Ty::Float) => Some("max_f32"),
        (Space::Local, RmwOp::FMin, Ty::Double) => Some("min_f64"),
        (Space::Local, RmwOp::FMax, Ty::Double) => Some("max_f64"),
        _ => None,
    }
}

/// The instruction family for an access: the tables' `buffer/global/flat`
/// resolved per target as LLVM selects it for amdhsa: GFX6 has only MUBUF
/// `buffer_*` for global memory; GFX7-GFX8 use `flat_*` (LLVM's
/// flat-for-global on amdhsa; they have no `global_*`); GFX9+ `global_*`;
/// `ds_*` for LDS.
///
/// A generic access is a `flat_*` instruction on every target that has
/// them (AMDGPUUsage, "Address Spaces", Generic: "The generic address space
/// uses the hardware flat address support"); GFX6, which has none, refuses
/// it in [`table_sequence`].
fn family(target: &Target, space: Space) -> Family {
    match space {
        Space::Local => Family::Ds,
        Space::Generic => Family::Flat,
        _ if target.major <= 6 => Family::Buffer,
        _ if target.major <= 8 => Family::Flat,
        _ => Family::Global,
    }
}

/// The ordering a row is looked up with.
///
/// AMDGPUUsage, "Memory Model": "Acquire memory ordering is not meaningful on
/// store atomic instructions and is treated as non-atomic. Release memory
/// ordering is not meaningful on load atomic instructions and is treated as
/// non-atomic. Acquire-release memory ordering is not meaningful on load or
/// store atomic instructions and is treated as acquire and release
/// respectively."
fn row_ordering(op: LlvmOp, o: Ordering) -> Ordering {
    match (op, o) {
        (LlvmOp::LoadAtomic, Ordering::Release) | (LlvmOp::StoreAtomic, Ordering::Acquire) => {
            Ordering::NotAtomic
        }
        (LlvmOp::LoadAtomic, Ordering::AcqRel) => Ordering::Acquire,
        (LlvmOp::StoreAtomic, Ordering::AcqRel) => Ordering::Release,
        _ => o,
    }
}

/// The scope a row is looked up with.
///
/// AMDGPUUsage, "Memory Model": "A memory synchronization scope wider than
/// work-group is not meaningful for the group (LDS) address space and is
/// treated as work-group." The tables before GFX125x have no `cluster` rows:
/// there a cluster scope is lowered as `agent`, the next wider scope (a
/// cluster instance lies inside an agent instance, so this is conservative).
/// `-one-as` scopes use the rows of their scope (the GFX12 scope table maps
/// `agent-one-as` like `agent`, and the other tables list only the scopes).
fn row_scope(target: &Target, space: Option<Space>, s: ScopeLevel) -> ScopeLevel {
    let s = if space == Some(Space::Local) && s < ScopeLevel::Workgroup {
        ScopeLevel::Workgroup
    } else {
        s
    };
    if s == ScopeLevel::Cluster && target.gen != Gen::Gfx125x {
        ScopeLevel::Agent
    } else {
        s
    }
}

/// The ordering of a `cmpxchg` row: the success ordering strengthened by the
/// failure ordering (a failed cmpxchg is a load with the failure ordering).
fn cmpxchg_ordering(success: Ordering, failure: Ordering) -> Ordering {
    if success == Ordering::SeqCst || failure == Ordering::SeqCst {
        return Ordering::SeqCst;
    }
    match (
        success.is_release(),
        success.is_acquire() || failure.is_acquire(),
    ) {
        (true, true) => Ordering::AcqRel,
        (true, false) => Ordering::Release,
        (false, true) => Ordering::Acquire,
        (false, false) => success,
    }
}

struct MemReq {
    op: LlvmOp,
    ord: Ord,
    scope: ScopeLevel,
    space: Option<Space>,
    /// The location is in LDS (through a `local` or a generic pointer).
    lds: bool,
    volatile: bool,
    /// `!nontemporal`: the tables' `!volatile & nontemporal` steps.
    nontemporal: bool,
    ret: bool,
    av_none: bool,
    /// A fence's `amdgpu-as` tags (`None`: every address space).
    fence_spaces: Option<SpaceSet>,
    kind: MemKind,
    bits: u32,
    text: String,
}

/// A fence row's instruction as a fence that synchronizes only `spaces`
/// emits it (`None`: left out).
///
/// AMDGPUUsage, "Fence and address spaces": "fence codegen usually needs to
/// conservatively synchronize all address spaces [...] a fence that is
/// supposed to only synchronize local memory will also have to wait on all
/// global memory operations, which is unnecessary"; the rows' notes point
/// there ("See amdgpu-fence-as for more details on fencing specific address
/// spaces"). The tables' waits and cache operations divide by address
/// space: `vmcnt` / `vscnt` / `loadcnt` / `storecnt` and every cache write-back
/// or invalidate concern global memory, `lgkmcnt` / `dscnt` local memory
/// ("s_waitcnt lgkmcnt(0) must happen after any preceding local/generic load
/// atomic"; "s_waitcnt vmcnt(0) must happen after any preceding
/// global/generic load atomic"). A fence that does not synchronize a space
/// leaves out that space's part (docs/hardware.md, "Fences that name address
/// spaces").
fn narrow_fence_step(instr: MInstr, spaces: SpaceSet) -> Option<MInstr> {
    let global = spaces.contains(AddrSpace::Global);
    let local = spaces.contains(AddrSpace::Lds);
    match instr {
        MInstr::Waitcnt { vm, exp, lgkm } => {
            let vm = vm.filter(|_| global);
            let lgkm = lgkm.filter(|_| local);
            (vm.is_some() || exp.is_some() || lgkm.is_some()).then_some(MInstr::Waitcnt {
                vm,
                exp,
                lgkm,
            })
        }
        MInstr::WaitcntVscnt(_) | MInstr::Wait(Counter::Load | Counter::Store, _) => {
            global.then_some(instr)
        }
        MInstr::Wait(Counter::Ds, _) => local.then_some(instr),
        i if i.is_cache_op() => global.then_some(instr),
        i => Some(i),
    }
}

/// The refusal of an LDS access on a tgsplit target, shared by the tables'
/// lowering and `--code llc` ([`tgsplit_lds`]).
///
/// AMDGPUUsage, "Memory Model GFX90A"/"GFX942": "Each CU has a single LDS
/// memory shared by the wavefronts of the work-groups executing on it. The
/// exception is when in tgsplit execution mode when no LDS is allocated as
/// wavefronts of the same work-group can be in different CUs." The tables'
/// local rows say the same: "If TgSplit execution mode, local address space
/// cannot be used."
fn tgsplit_lds_message(what: &str, target: &Target) -> String {
    format!(
        "{what}: {target} allocates no LDS (\"in tgsplit execution mode ... no LDS is allocated\")"
    )
}

/// The first operation of `p` that accesses LDS, as an error, when `target`
/// is in tgsplit mode (see `tgsplit_lds_message`). The tables refuse such
/// an operation row by row; `llc` compiles it anyway (it emits `ds_*`
/// instructions for `+tgsplit`), so the compiler's code is refused here
/// before the hardware model runs an LDS the mode does not have.
pub fn tgsplit_lds(p: &Program, target: &Target) -> Result<(), LowerError> {
    if !target.tgsplit {
        return Ok(());
    }
    // Through a generic pointer too: llc compiles it as `flat_*`, which on
    // a mode without LDS cannot reach the location either.
    match first_access(p, |a| loc_space(p, a) == AddrSpace::Lds) {
        Some((t, k, a)) => Err(access_error(
            t,
            k,
            tgsplit_lds_message(&format!("an access to {}", addr_name(p, a)), target),
        )),
        None => Ok(()),
    }
}

/// The first instruction of `p` for which `hit` gives something: its
/// thread, its index and what `hit` gave. The refusals checked before a
/// test is lowered or compiled use it to find the place they point at.
pub(crate) fn find_instr<'p, T>(
    p: &'p Program,
    hit: impl Fn(&'p Instr) -> Option<T>,
) -> Option<(&'p amdmm_program::Thread, usize, T)> {
    p.threads.iter().find_map(|t| {
        t.code
            .iter()
            .enumerate()
            .find_map(|(k, i)| hit(i).map(|x| (t, k, x)))
    })
}

/// The first memory access of `p` (a load, store, RMW, cmpxchg, or either
/// side of an LDS DMA copy) whose address satisfies `hit`: its thread, its
/// instruction's index and the address.
fn first_access(
    p: &Program,
    hit: impl Fn(&amdmm_program::Addr) -> bool,
) -> Option<(&amdmm_program::Thread, usize, &amdmm_program::Addr)> {
    find_instr(p, |i| {
        let addrs: Vec<&amdmm_program::Addr> = match i {
            Instr::Load { addr, .. }
            | Instr::Store { addr, .. }
            | Instr::Rmw { addr, .. }
            | Instr::CmpXchg { addr, .. } => vec![addr],
            Instr::Dma { src, dst, .. } => vec![src, dst],
            _ => return None,
        };
        addrs.into_iter().find(|a| hit(a))
    })
}

/// An error at instruction `k` of thread `t`.
pub(crate) fn access_error(t: &amdmm_program::Thread, k: usize, message: String) -> LowerError {
    LowerError {
        thread: t.name.clone(),
        pos: t.pos.get(k).copied().unwrap_or_default(),
        message,
    }
}

/// Does `target` have the generic (flat) address space? AMDGPUUsage,
/// "Address Spaces", Generic: "The generic address space is supported
/// unless the *Target Properties* column of [the processor table] specifies
/// *Does not support generic address space*", which it does for every GFX6
/// processor (they have no `flat_*` instructions).
fn has_generic(target: &Target) -> bool {
    target.major > 6
}

/// The refusal of a generic access on a target without the generic address
/// space (`has_generic`), shared by the tables' lowering and `--code llc`
/// ([`generic_unsupported`]).
fn no_generic_message(what: &str, target: &Target) -> String {
    format!(
        "{what}: {target} does not support the generic address space (AMDGPUUsage, processor \
         table: \"Does not support generic address space\"); use `ptr addrspace(1)` or \
         `ptr addrspace(3)`"
    )
}

/// The first access of `p` through a generic pointer, as an error, when
/// `target` has no generic address space (`has_generic`). The tables
/// refuse it row by row; for `--code llc` it is refused before llc runs,
/// which cannot select a `flat_*` instruction there (llc-22 stops with
/// "LLVM ERROR: Cannot select" on gfx600).
pub fn generic_unsupported(p: &Program, target: &Target) -> Result<(), LowerError> {
    if has_generic(target) {
        return Ok(());
    }
    match first_access(p, |a| a.generic) {
        Some((t, k, a)) => Err(access_error(
            t,
            k,
            no_generic_message(&format!("an access to {}", addr_name(p, a)), target),
        )),
        None => Ok(()),
    }
}

/// Looks the operation up in the target's table and emits its sequence.
fn table_sequence(target: &Target, r: &MemReq) -> Result<LOp, String> {
    let table = tables::table(target.gen);
    if target.tgsplit && r.lds {
        return Err(tgsplit_lds_message(&r.text, target));
    }
    if r.space == Some(Space::Generic) && !has_generic(target) {
        return Err(no_generic_message(&r.text, target));
    }
    let scope = row_scope(target, r.space, r.scope);
    let ord = row_ordering(r.op, r.ord);
    let op = match (r.op, ord) {
        (LlvmOp::LoadAtomic, Ordering::NotAtomic) => LlvmOp::Load,
        (LlvmOp::StoreAtomic, Ordering::NotAtomic) => LlvmOp::Store,
        (o, _) => o,
    };
    let Some(row) = table.find(op, ord, scope, r.space) else {
        return Err(format!(
            "{}: no row of table \"{}\" for {} {} {} {}",
            target,
            table.name,
            op.name(),
            ord.name(),
            scope,
            r.space
                .map(tables::space_name)
                .unwrap_or("(no address space)")
        ));
    };
    let ctx = Ctx {
        target: *target,
        volatile: r.volatile,
        nontemporal: r.nontemporal,
        ret: r.ret,
        scope,
    };
    let emitted = tables::expand(table, row, r.space, &ctx).map_err(|e| match e {
        TableError::NoRow(m) | TableError::Unavailable(m) => m,
    })?;
    let mut code = Vec::new();
    let hw = tables::hw_scope(target, scope);
    for mut e in emitted {
        if r.av_none && e.instr.is_cache_op() {
            continue;
        }
        if let Some(spaces) = r.fence_spaces {
            match narrow_fence_step(e.instr, spaces) {
                Some(i) => e.instr = i,
                None => continue,
            }
        }
        let (instr, is_access) = match e.instr {
            MInstr::Access(c) => {
                let space = r.space.unwrap_or(Space::Global);
                let fam = family(target, space);
                let mut cpol = resolve_scope(c, hw);
                if fam == Family::Ds {
                    // LDS instructions carry no cache policy.
                    cpol = Cpol::NONE;
                }
                (
                    MInstr::Mem(MemOp {
                        family: fam,
                        kind: r.kind,
                        bits: r.bits,
                        cpol,
                        dialect: target.dialect(),
                        ret: r.ret,
                    }),
                    true,
                )
            }
            MInstr::GlobalInv(ScopeOp::Table) => (MInstr::GlobalInv(scope_op(hw)), false),
            MInstr::GlobalWb(ScopeOp::Table) => (MInstr::GlobalWb(scope_op(hw)), false),
            other => (other, false),
        };
        code.push(LInstr {
            instr,
            row: Some(e.row),
            is_access,
        });
    }
    Ok(LOp {
        index: 0,
        pos: Pos::default(),
        text: r.text.clone(),
        table: table.name,
        code: merge_waitcnts(code),
        note: None,
    })
}

/// Merges adjacent `s_waitcnt` instructions into one (`s_waitcnt
/// lgkmcnt(0) & vmcnt(0)` of the tables is one instruction).
///
/// AMDGPUUsage, "Memory Model": "The `s_waitcnt` and cache management
/// instructions such as `buffer_wbinvl1_vol` are defined with respect to other
/// memory instructions executed by the same thread. This allows them to be
/// moved earlier or later which can allow them to be combined with other
/// instances of the same instruction".
fn merge_waitcnts(code: Vec<LInstr>) -> Vec<LInstr> {
    fn min(a: Option<u8>, b: Option<u8>) -> Option<u8> {
        match (a, b) {
            (Some(x), Some(y)) => Some(x.min(y)),
            (x, None) => x,
            (None, y) => y,
        }
    }
    let mut out: Vec<LInstr> = Vec::with_capacity(code.len());
    for i in code {
        if let (
            Some(LInstr {
                instr:
                    MInstr::Waitcnt {
                        vm: v0,
                        exp: e0,
                        lgkm: l0,
                    },
                ..
            }),
            MInstr::Waitcnt { vm, exp, lgkm },
        ) = (out.last().copied(), i.instr)
        {
            if let Some(last) = out.last_mut() {
                last.instr = MInstr::Waitcnt {
                    vm: min(v0, vm),
                    exp: min(e0, exp),
                    lgkm: min(l0, lgkm),
                };
            }
            continue;
        }
        out.push(i);
    }
    out
}

fn scope_op(h: Option<crate::isa::HwScope>) -> ScopeOp {
    use crate::isa::HwScope;
    match h {
        None | Some(HwScope::Cu) => ScopeOp::Cu,
        Some(HwScope::Se) => ScopeOp::Se,
        Some(HwScope::Dev) => ScopeOp::Dev,
        Some(HwScope::Sys) => ScopeOp::Sys,
    }
}

fn resolve_scope(mut c: Cpol, hw: Option<crate::isa::HwScope>) -> Cpol {
    if c.scope == Some(ScopeOp::Table) {
        c.scope = Some(scope_op(hw));
    }
    c
}

#[allow(clippy::too_many_arguments)]
fn mem_req(
    p: &Program,
    op: LlvmOp,
    attrs: &MemAttrs,
    ord: Ordering,
    addr: &amdmm_program::Addr,
    ty: Ty,
    kind: MemKind,
    ret: bool,
    text: String,
) -> MemReq {
    let atomic_op = match op {
        LlvmOp::Load if attrs.ordering.is_atomic() => LlvmOp::LoadAtomic,
        LlvmOp::Store if attrs.ordering.is_atomic() => LlvmOp::StoreAtomic,
        o => o,
    };
    MemReq {
        op: atomic_op,
        ord,
        scope: attrs.scope.level,
        space: Some(addr_space(p, addr)),
        lds: loc_space(p, addr) == AddrSpace::Lds,
        volatile: attrs.volatile,
        nontemporal: attrs.nontemporal,
        ret,
        av_none: attrs.av_none,
        fence_spaces: None,
        kind,
        bits: ty.bits(),
        text,
    }
}

/// Lowers one instruction (`rest`: the ones after it); returns the machine
/// code (if any) and how many program instructions it consumed (a
/// GFX6-GFX11 `s_barrier` covers an arrive and the wait that follows it; a
/// wide LDS DMA covers the copies of all its elements).
fn lower_instr(
    p: &Program,
    target: &Target,
    instr: &Instr,
    rest: &[Instr],
    used: impl Fn(RegId) -> bool,
    marks: &mut MarkState,
    straight: bool,
) -> Result<(Option<LOp>, usize), String> {
    let next = rest.first();
    let one = |op: LOp| Ok((Some(op), 1));
    match instr {
        Instr::Load {
            dst: _,
            ty,
            addr,
            attrs,
            visible,
        } => {
            let text = match visible {
                Some(s) => format!(
                    "call llvm.amdgcn.av.global.load.b128 {} scope {s}",
                    addr_name(p, addr)
                ),
                None => op_text(p, "load", *ty, addr, None, attrs),
            };
            let req = match visible {
                // A load-visible with scope S: the row of a monotonic atomic
                // load at S (memory-model.txt: "An atomic operation that
                // results in a read operation is a load-visible operation
                // with scope syncscope.").
                Some(s) => {
                    let a = MemAttrs {
                        ordering: Ordering::Monotonic,
                        scope: *s,
                        volatile: false,
                        av_none: false,
                        nontemporal: false,
                        fence_spaces: None,
                    };
                    mem_req(
                        p,
                        LlvmOp::LoadAtomic,
                        &a,
                        Ordering::Monotonic,
                        addr,
                        *ty,
                        MemKind::Load,
                        true,
                        text,
                    )
                }
                None => mem_req(
                    p,
                    LlvmOp::Load,
                    attrs,
                    attrs.ordering,
                    addr,
                    *ty,
                    MemKind::Load,
                    true,
                    text,
                ),
            };
            one(table_sequence(target, &req)?)
        }
        Instr::Store {
            ty,
            value,
            addr,
            attrs,
            available,
        } => {
            let text = match available {
                Some(s) => format!(
                    "call llvm.amdgcn.av.global.store.b128 {}, {} scope {s}",
                    addr_name(p, addr),
                    operand(*value)
                ),
                None => op_text(p, "store", *ty, addr, Some(*value), attrs),
            };
            let req = match available {
                // A store-available with scope S: the row of a monotonic
                // atomic store at S (memory-model.txt: "An atomic operation
                // that results in a store operation is a store-available
                // operation with scope syncscope.").
                Some(s) => {
                    let a = MemAttrs {
                        ordering: Ordering::Monotonic,
                        scope: *s,
                        volatile: false,
                        av_none: false,
                        nontemporal: false,
                        fence_spaces: None,
                    };
                    mem_req(
                        p,
                        LlvmOp::StoreAtomic,
                        &a,
                        Ordering::Monotonic,
                        addr,
                        *ty,
                        MemKind::Store,
                        false,
                        text,
                    )
                }
                None => mem_req(
                    p,
                    LlvmOp::Store,
                    attrs,
                    attrs.ordering,
                    addr,
                    *ty,
                    MemKind::Store,
                    false,
                    text,
                ),
            };
            one(table_sequence(target, &req)?)
        }
        Instr::Rmw {
            dst,
            ty,
            op,
            addr,
            value,
            attrs,
        } => {
            let space = addr_space(p, addr);
            let Some(name) = rmw_instruction(target, *op, *ty, space) else {
                return one(cas_loop(p, target, instr)?);
            };
            let text = format!(
                "atomicrmw {} {}",
                if op.is_float() { op.name() } else { name },
                op_text(p, "", *ty, addr, Some(*value), attrs).trim_start()
            );
            let req = mem_req(
                p,
                LlvmOp::AtomicRmw,
                attrs,
                attrs.ordering,
                addr,
                *ty,
                MemKind::Atomic(name),
                used(*dst),
                text,
            );
            one(table_sequence(target, &req)?)
        }
        Instr::CmpXchg {
            ty,
            addr,
            expected,
            new,
            attrs,
            failure,
            ..
        } => {
            let text = format!(
                "cmpxchg {} {}, {}, {} {} {} {}",
                ty.name(),
                addr_name(p, addr),
                operand(*expected),
                operand(*new),
                attrs.scope,
                attrs.ordering.name(),
                failure.name()
            );
            // The success flag is computed from the returned old value: a
            // cmpxchg is always an atomic with return.
            let ord = cmpxchg_ordering(attrs.ordering, *failure);
            let req = mem_req(
                p,
                LlvmOp::AtomicRmw,
                attrs,
                ord,
                addr,
                *ty,
                MemKind::CmpSwap,
                true,
                text,
            );
            one(table_sequence(target, &req)?)
        }
        Instr::Fence { attrs } => {
            let mut text = format!("fence {} {}", attrs.ordering.name(), attrs.scope);
            if attrs.av_none {
                text.push_str(" !amdgcn-av none");
            }
            if let Some(spaces) = attrs.fence_spaces {
                for (space, name) in [(AddrSpace::Lds, "local"), (AddrSpace::Global, "global")] {
                    if spaces.contains(space) {
                        text.push_str(&format!(" !amdgpu-as {name}"));
                    }
                }
            }
            let req = MemReq {
                op: LlvmOp::Fence,
                ord: attrs.ordering,
                scope: attrs.scope.level,
                space: None,
                lds: false,
                volatile: false,
                nontemporal: false,
                ret: false,
                av_none: attrs.av_none,
                fence_spaces: attrs.fence_spaces,
                kind: MemKind::Load,
                bits: 32,
                text,
            };
            one(table_sequence(target, &req)?)
        }
        Instr::Dma {
            kind,
            src,
            dst,
            size,
            part,
            lane,
            buffer,
        } => {
            // A copy filling several elements (12 or 16 bytes of 32-bit
            // elements) is one instruction, `global_load_lds_dwordx3` /
            // `_dwordx4` on gfx950: its first element's copy stands for all
            // of them ([`wide_dma_elements`]).
            if *part > 0 {
                return Err(format!(
                    "{target}: an element of a wide LDS DMA copy without its first element \
                     (an internal inconsistency; please report it)"
                ));
            }
            // The tables' LDS DMA row is the global instruction
            // (`global_load_lds_*`); a buffer form is a `buffer_load_* ... lds`
            // with a descriptor amdmm does not have (docs/semantics.md,
            // "Buffer LDS DMA"): refused on the hardware models, not lowered
            // as the global one.
            if *buffer {
                return Err(format!(
                    "{target}: the buffer LDS DMA forms (`llvm.amdgcn.{{raw|struct}}[.ptr].buffer.load[.async].lds`) \
                     are not lowered by the hardware models (their `buffer_load_* ... lds` needs a buffer \
                     descriptor, which amdmm does not model); the memory model runs them"
                ));
            }
            let n = wide_dma_elements(rest);
            let op = lower_dma(p, target, *kind, src, dst, *size * n as u32, *lane)?;
            Ok((Some(op), n))
        }
        Instr::AsyncMark => {
            marks.mark();
            Ok((None, 1))
        }
        Instr::WaitAsyncMark { outstanding } => {
            let code = marks.wait(target, *outstanding, straight);
            one(LOp {
                index: 0,
                pos: Pos::default(),
                text: format!("call llvm.amdgcn.wait.asyncmark({outstanding})"),
                table: "",
                code: code
                    .into_iter()
                    .map(|instr| LInstr {
                        instr,
                        row: None,
                        is_access: false,
                    })
                    .collect(),
                note: None,
            })
        }
        Instr::Hw(b) => lower_hw_barrier(target, b, next),
        Instr::Barrier(b) => lower_barrier_object(p, target, b, next),
        _ => Ok((None, 1)),
    }
}

/// The failure ordering AtomicExpand gives the compare-and-swap of its
/// loop: LLVM's `AtomicCmpXchgInst::getStrongestFailureOrdering` (a
/// failure ordering can be neither release nor stronger than the success
/// ordering): `acq_rel` fails as `acquire`, `release` as `monotonic`, the
/// others as themselves.
fn strongest_failure(o: Ordering) -> Ordering {
    match o {
        Ordering::AcqRel => Ordering::Acquire,
        Ordering::Release => Ordering::Monotonic,
        o => o,
    }
}

/// An `atomicrmw` the target has no instruction for ([`rmw_instruction`]),
/// lowered as LLVM's AtomicExpand pass expands it (`insertRMWCmpXchgLoop`,
/// quoted in docs/hardware.md, "Compare-and-swap loops"):
///
/// ```text
///     %init_loaded = load iN, ptr %addr          ; a plain load
///   loop:
///     %loaded = phi [ %init_loaded ], [ %new_loaded ]
///     %new = some_op iN %loaded, %incr
///     %pair = cmpxchg ptr %addr, iN %loaded, iN %new <ordering> <strongest failure>
///     br i1 %success, label %end, label %loop
/// ```
///
/// The first load is the table's non-atomic `load` row (LLVM 22 builds it
/// with `CreateAlignedLoad`, neither atomic nor volatile); the
/// compare-and-swap is the `atomicrmw` row of the RMW's ordering (unordered
/// as monotonic: "MemOpOrder == Unordered ? Monotonic : MemOpOrder") and
/// scope, with the strongest failure ordering ([`strongest_failure`]),
/// which [`cmpxchg_ordering`] merges back into the RMW's ordering; its
/// return value is the loop's next expected value. The machine runs it
/// with [`MInstr::CasLoopHead`] and [`MInstr::CasLoopBack`], each retry a
/// back edge counted against `--loop-bound` (the cutoff flag beyond it).
fn cas_loop(p: &Program, target: &Target, instr: &Instr) -> Result<LOp, String> {
    let Instr::Rmw {
        ty,
        op,
        addr,
        value,
        attrs,
        ..
    } = instr
    else {
        return Err(format!(
            "{target}: a compare-and-swap loop for a non-RMW (an internal inconsistency; please report it)"
        ));
    };
    let text = format!(
        "atomicrmw {} {}",
        op.name(),
        op_text(p, "", *ty, addr, Some(*value), attrs).trim_start()
    );
    let ordering = match attrs.ordering {
        Ordering::Unordered => Ordering::Monotonic,
        o => o,
    };
    let plain = MemAttrs {
        ordering: Ordering::NotAtomic,
        volatile: false,
        nontemporal: false,
        av_none: false,
        fence_spaces: None,
        ..*attrs
    };
    let load = mem_req(
        p,
        LlvmOp::Load,
        &plain,
        Ordering::NotAtomic,
        addr,
        *ty,
        MemKind::Load,
        true,
        text.clone(),
    );
    let swap = mem_req(
        p,
        LlvmOp::AtomicRmw,
        attrs,
        cmpxchg_ordering(ordering, strongest_failure(ordering)),
        addr,
        *ty,
        MemKind::CmpSwap,
        true,
        text.clone(),
    );
    let mut op_out = table_sequence(target, &load)?;
    let swap = table_sequence(target, &swap)?;
    let mark = |instr| LInstr {
        instr,
        row: None,
        is_access: false,
    };
    op_out.code.push(mark(MInstr::CasLoopHead));
    op_out.code.extend(swap.code);
    op_out.code.push(mark(MInstr::CasLoopBack));
    op_out.note = Some(format!(
        "no `atomicrmw {}` instruction here: AtomicExpand's compare-and-swap loop (a plain load, \
         then the cmpxchg retried until it succeeds; bounded by --loop-bound)",
        op.name()
    ));
    Ok(op_out)
}

/// How many elements the LDS DMA copy starting here fills: 1, or 3 / 4 when
/// the copies of the following elements (`part` 1, 2, ...) come next, as
/// the program lowers a 12- or 16-byte copy of 32-bit elements
/// (docs/semantics.md, "Wide LDS DMA").
pub(crate) fn wide_dma_elements(rest: &[Instr]) -> usize {
    1 + rest
        .iter()
        .zip(1u8..)
        .take_while(|(i, k)| matches!(i, Instr::Dma { part, .. } if part == k))
        .count()
}

fn plain(text: String, code: Vec<MInstr>) -> LOp {
    LOp {
        index: 0,
        pos: Pos::default(),
        text,
        table: "",
        code: code
            .into_iter()
            .map(|instr| LInstr {
                instr,
                row: None,
                is_access: false,
            })
            .collect(),
        note: None,
    }
}

/// LDS DMA: GFX9 and GFX10 `global_load_lds_*`, completion counted by
/// `vmcnt`; GFX1250 `global_load_async_to_lds_*`, counted by `asynccnt`.
///
/// async-operations.txt, "LDS DMA Operations": the intrinsics are
/// "supported only on the corresponding architectures (GFX9 and GFX10)", so
/// GFX6-GFX8, GFX11 and GFX12.0 refuse them. GFX12.5 is kept on the
/// strength of AMDGPUDMAOperations.md (LLVM's "AMDGPU DMA Operations",
/// section "GFX1250"), which gives that generation an LDS DMA of its own
/// that "Loads data from global memory to LDS" (`global_load_async_to_lds`)
/// with the same copy semantics; docs/semantics.md, "LDS DMA generations".
///
/// `size` is the whole copy's: a 12- or 16-byte copy filling several 32-bit
/// elements is one `global_load_lds_dwordx3` / `_dwordx4` (AMDGPUDMAOperations.md,
/// "GFX9 DMA": "data byte size (immediate): 1/2/4 (12/16 for gfx950)"), one
/// vector-memory instruction for the counters and the async marks.
fn lower_dma(
    p: &Program,
    target: &Target,
    kind: DmaKind,
    src: &amdmm_program::Addr,
    dst: &amdmm_program::Addr,
    size: u32,
    lane: u32,
) -> Result<LOp, String> {
    let name = dma_name(kind);
    let mut text = format!(
        "call {name} {}, {}, size {size}",
        addr_name(p, src),
        addr_name(p, dst)
    );
    // AMDGPUDMAOperations.md, "GFX9 DMA": "The LDS address is implicitly
    // offset by `4 * lane_id` bytes for sizes up to 4 bytes, and by
    // `16 * lane_id` bytes for larger sizes". The program's destination is
    // already the lane's element (one instruction per lane: each thread of
    // the wave runs the same `global_load_lds` with the same `M0` base); the
    // text says which lane and how far past the base it writes.
    if lane > 0 {
        let stride = if size <= 4 { 4 } else { 16 };
        text.push_str(&format!(
            ", lane {lane}: LDS base + {} bytes",
            stride * lane
        ));
    }
    dma_supported(target, name, src, dst, size)?;
    let fam = Family::Global;
    let bits = size.saturating_mul(8);
    // async-operations.txt: "an access program-ordered before an overlapping
    // async operation happens-before it". The copy writes LDS through the
    // vector memory path, which does not wait for the wave's outstanding DS
    // accesses: the compiler first waits for them (`lgkmcnt(0)`, GFX12.5
    // `dscnt 0`), so an earlier LDS read cannot see the copied value.
    let drain_lds = match target.gen {
        Gen::Gfx125x => MInstr::Wait(Counter::Ds, 0),
        _ => MInstr::waitcnt_lgkm(0),
    };
    let mut code = vec![
        drain_lds,
        MInstr::Mem(MemOp {
            family: fam,
            kind: MemKind::LoadLds,
            bits,
            cpol: Cpol::NONE,
            dialect: target.dialect(),
            ret: false,
        }),
    ];
    // async-operations.txt: the non-async form's completion is tracked by
    // the compiler, which waits for the copy before any later access that
    // may overlap it; lowered conservatively as a wait right after the copy.
    if kind == DmaKind::Tracked {
        code.push(match target.gen {
            Gen::Gfx125x => MInstr::Wait(Counter::Async, 0),
            _ => MInstr::waitcnt_vm(0),
        });
    }
    Ok(plain(text, code))
}

/// Does `target` have an instruction for this LDS DMA copy ([`lower_dma`]:
/// the generations, the sizes, no generic pointers)?
fn dma_supported(
    target: &Target,
    name: &str,
    src: &amdmm_program::Addr,
    dst: &amdmm_program::Addr,
    size: u32,
) -> Result<(), String> {
    if !(target.major == 9 || target.major == 10 || target.gen == Gen::Gfx125x) {
        return Err(format!(
            "{target}: `{name}` is not supported on GFX{}: async-operations.txt, \"LDS DMA \
             Operations\": \"supported only on the corresponding architectures (GFX9 and \
             GFX10)\" (amdmm also lowers it on GFX12.5, whose own LDS DMA AMDGPUDMAOperations \
             documents)",
            target.major
        ));
    }
    dma_size(target, name, size)?;
    if src.generic || dst.generic {
        // AMDGPUDMAOperations.md, "GFX9 DMA": the LDS base is `ptr
        // addrspace(3)`, and only `load[.async].to.lds` takes a flat source;
        // the tables lower the copy as `global_load_lds`, so a generic
        // pointer is refused rather than lowered as a global one.
        return Err(format!(
            "{target}: `{name}` through a generic (`addrspace(0)`) pointer is not lowered; \
             write the source as `ptr addrspace(1)` and the destination as `ptr addrspace(3)`"
        ));
    }
    Ok(())
}

/// The first LDS DMA copy of `p` that `target` has no instruction for
/// (`dma_supported`), as an error at its place. `--code llc` refuses such a
/// test with the tables' reason before calling llc, which would fail to
/// select the intrinsic (llc-22: "Cannot select: intrinsic
/// %llvm.amdgcn.global.load.lds" on GFX6-GFX8, GFX11 and GFX12.0).
pub fn dma_refusal(p: &Program, target: &Target) -> Result<(), LowerError> {
    for t in &p.threads {
        for (k, i) in t.code.iter().enumerate() {
            let Instr::Dma {
                kind,
                src,
                dst,
                size,
                part: 0,
                ..
            } = i
            else {
                continue;
            };
            let n = wide_dma_elements(&t.code[k + 1..]) as u32;
            dma_supported(target, dma_name(*kind), src, dst, size * n).map_err(|message| {
                LowerError {
                    thread: t.name.clone(),
                    pos: t.pos.get(k).copied().unwrap_or_default(),
                    message,
                }
            })?;
        }
    }
    Ok(())
}

/// The first barrier operation of `p` that `target` has no code for, as an
/// error at its place: the tables' refusals (`lower_hw_barrier`,
/// `lower_barrier_object`: a split barrier on GFX6-GFX11 without its
/// wait right after it, named barriers before GFX12.5, a barrier object
/// that is not the work-group's one hardware barrier, ...), and GFX12's
/// split-barrier intrinsics on GFX6-GFX11 even where the tables fuse a
/// `signal(-1)` and the `wait(-1)` after it into `s_barrier`: the compiler
/// compiles what the test calls, and llc-22 has no GFX6-GFX11 code for
/// them (it crashes). `--code llc` refuses such a test before calling llc.
pub fn barrier_refusal(p: &Program, target: &Target) -> Result<(), LowerError> {
    for t in &p.threads {
        let mut k = 0;
        while let Some(i) = t.code.get(k) {
            let next = t.code.get(k + 1);
            let r: Result<usize, String> = match i {
                Instr::Hw(
                    b @ (HwBarrier::Signal(_)
                    | HwBarrier::SignalIsFirst(_)
                    | HwBarrier::SignalIsFirstTo { .. }
                    | HwBarrier::Wait(_)),
                ) if target.major < 12 => Err(format!(
                    "{target}: `{}` is GFX12's split barrier; GFX6-GFX11 have only `s_barrier` (\"*arrive* - Not available separately\"), and llc has no code for the intrinsic there: call `llvm.amdgcn.s.barrier`",
                    hw_barrier_name(b)
                )),
                // The number of instructions the tables' code covers (an
                // *arrive* and the *wait* after it are one `s_barrier`).
                Instr::Hw(b) => lower_hw_barrier(target, b, next).map(|r| r.1),
                Instr::Barrier(b) => lower_barrier_object(p, target, b, next).map(|r| r.1),
                _ => Ok(1),
            };
            k += r
                .map_err(|message| LowerError {
                    thread: t.name.clone(),
                    pos: t.pos.get(k).copied().unwrap_or_default(),
                    message,
                })?
                .max(1);
        }
    }
    Ok(())
}

fn hw_barrier_name(b: &HwBarrier) -> &'static str {
    match b {
        HwBarrier::Barrier => "llvm.amdgcn.s.barrier",
        HwBarrier::Signal(_) => "llvm.amdgcn.s.barrier.signal",
        HwBarrier::SignalIsFirst(_) | HwBarrier::SignalIsFirstTo { .. } => {
            "llvm.amdgcn.s.barrier.signal.isfirst"
        }
        HwBarrier::SignalVar(..) => "llvm.amdgcn.s.barrier.signal.var",
        HwBarrier::Wait(_) => "llvm.amdgcn.s.barrier.wait",
        HwBarrier::Init(..) => "llvm.amdgcn.s.barrier.init",
        HwBarrier::Join(_) => "llvm.amdgcn.s.barrier.join",
        HwBarrier::Leave => "llvm.amdgcn.s.barrier.leave",
    }
}

fn dma_name(kind: DmaKind) -> &'static str {
    match kind {
        DmaKind::Tracked => "llvm.amdgcn.global.load.lds",
        DmaKind::GlobalAsync => "llvm.amdgcn.global.load.async.lds",
        DmaKind::LoadAsync => "llvm.amdgcn.load.async.to.lds",
    }
}

/// The copy sizes the target's LDS DMA instruction has.
///
/// AMDGPUDMAOperations.md, "GFX9 DMA": "i32 immarg %size, ; data byte size
/// (immediate): 1/2/4 (12/16 for gfx950)"; "GFX1250": "The bit-size encoded
/// in the name can be 8, 32, 64 or 128". GFX10 uses the GFX9 instructions.
/// gfx950 is modelled as gfx942 (`Target::processor` keeps its name).
fn dma_size(target: &Target, name: &str, size: u32) -> Result<(), String> {
    let ok = match target.gen {
        Gen::Gfx125x => matches!(size, 1 | 4 | 8 | 16),
        _ if target.processor == "gfx950" => matches!(size, 1 | 2 | 4 | 12 | 16),
        _ => matches!(size, 1 | 2 | 4),
    };
    if ok {
        return Ok(());
    }
    let sizes = match target.gen {
        Gen::Gfx125x => {
            "1, 4, 8 or 16 bytes (\"The bit-size encoded in the name can be 8, 32, 64 or 128\")"
        }
        _ => "1, 2 or 4 bytes (\"1/2/4 (12/16 for gfx950)\")",
    };
    Err(format!(
        "{target}: a {size}-byte `{name}` has no instruction on {}: AMDGPUDMAOperations gives it {sizes}",
        target.processor
    ))
}

/// Which targets have LLVM's BackOffBarrier feature (AMDGPU.td: gfx90a, gfx942
/// and GFX10+); without it "there cannot be any outstanding memory operations
/// before issuing the `s_barrier` instruction" (execution-synchronization.txt,
/// table "s_barrier GFX6-11").
pub(crate) fn back_off_barrier(t: &Target) -> bool {
    !matches!(t.name, "gfx600" | "gfx700" | "gfx900")
}

/// execution-synchronization.txt, table "s_barrier GFX6-11", row "*arrive*
/// then *wait*":
///
/// ```text
/// | **BackOffBarrier**
/// | s_barrier
/// | **No BackOffBarrier**
/// | s_waitcnt vmcnt(0) expcnt(0) lgkmcnt(0)
/// | s_waitcnt_vscnt null, 0x0
/// | s_barrier
/// ```
///
/// Table "s_barrier GFX12": *arrive* is `s_barrier_signal <N>` (or
/// `s_barrier_signal_isfirst <N>`), *wait* is `s_barrier_wait <N>`; the
/// workgroup barrier is `-1`.
fn arrive_wait_gfx6_11(t: &Target) -> Vec<MInstr> {
    let mut v = Vec::new();
    if !back_off_barrier(t) {
        v.push(MInstr::Waitcnt {
            vm: Some(0),
            exp: Some(0),
            lgkm: Some(0),
        });
        if t.major >= 10 {
            v.push(MInstr::WaitcntVscnt(0));
        }
    }
    v.push(MInstr::SBarrier);
    v
}

fn const_id(o: &Operand) -> Result<i64, String> {
    match o {
        Operand::Const(c) => Ok(*c),
        _ => Err("barrier id must be a constant to be lowered".into()),
    }
}

fn lower_hw_barrier(
    t: &Target,
    b: &HwBarrier,
    next: Option<&Instr>,
) -> Result<(Option<LOp>, usize), String> {
    let split = t.major >= 12;
    let named = t.gen == Gen::Gfx125x;
    let no_split = |what: &str| {
        Err(format!(
            "{t}: `{what}` needs the split-barrier feature (GFX12+); GFX6-GFX11 have only `s_barrier` (\"*arrive* - Not available separately\")"
        ))
    };
    let no_named = |what: &str| {
        Err(format!(
            "{t}: `{what}` needs named barrier objects (GFX12.5)"
        ))
    };
    let out = |text: &str, code: Vec<MInstr>| Ok((Some(plain(text.to_string(), code)), 1));
    match b {
        HwBarrier::Barrier => {
            if split {
                out(
                    "call llvm.amdgcn.s.barrier",
                    vec![MInstr::SBarrierSignal(-1), MInstr::SBarrierWait(-1)],
                )
            } else {
                out("call llvm.amdgcn.s.barrier", arrive_wait_gfx6_11(t))
            }
        }
        HwBarrier::Signal(id) | HwBarrier::SignalVar(id, _) => {
            let id = const_id(id)?;
            if !split {
                // An arrive immediately followed by its wait is one s_barrier.
                if let Some(Instr::Hw(HwBarrier::Wait(w))) = next {
                    if const_id(w)? == id && id == -1 {
                        return Ok((
                            Some(plain(
                                format!("call llvm.amdgcn.s.barrier.signal({id}) + s.barrier.wait({id})"),
                                arrive_wait_gfx6_11(t),
                            )),
                            2,
                        ));
                    }
                }
                return no_split("s.barrier.signal");
            }
            if (0..=16).contains(&id) && !named {
                return no_named("s.barrier.signal");
            }
            out(
                &format!("call llvm.amdgcn.s.barrier.signal({id})"),
                vec![MInstr::SBarrierSignal(id)],
            )
        }
        HwBarrier::SignalIsFirst(id) | HwBarrier::SignalIsFirstTo { id, .. } => {
            let id = const_id(id)?;
            if !split {
                return no_split("s.barrier.signal.isfirst");
            }
            out(
                &format!("call llvm.amdgcn.s.barrier.signal.isfirst({id})"),
                vec![MInstr::SBarrierSignalIsFirst(id)],
            )
        }
        HwBarrier::Wait(id) => {
            let id = const_id(id)?;
            if !split {
                return no_split("s.barrier.wait");
            }
            out(
                &format!("call llvm.amdgcn.s.barrier.wait({id})"),
                vec![MInstr::SBarrierWait(id)],
            )
        }
        HwBarrier::Init(id, _) => {
            let id = const_id(id)?;
            if !named {
                return no_named("s.barrier.init");
            }
            out(
                &format!("call llvm.amdgcn.s.barrier.init({id})"),
                vec![MInstr::SBarrierInit(id)],
            )
        }
        HwBarrier::Join(id) => {
            let id = const_id(id)?;
            if !named {
                return no_named("s.barrier.join");
            }
            out(
                &format!("call llvm.amdgcn.s.barrier.join({id})"),
                vec![MInstr::SBarrierJoin(id)],
            )
        }
        HwBarrier::Leave => {
            if !named {
                return no_named("s.barrier.leave");
            }
            out(
                "call llvm.amdgcn.s.barrier.leave",
                vec![MInstr::SBarrierLeave],
            )
        }
    }
}

/// Barrier objects declared in the test: a workgroup barrier is barrier `-1`,
/// a cluster barrier `-3` (table "s_barrier IDs GFX12"); init/join/drop of
/// these are automatic ("Automatically initialized by the hardware when a
/// workgroup is launched", "Any thread launched within a workgroup
/// automatically *joins*").
fn lower_barrier_object(
    p: &Program,
    t: &Target,
    b: &BarrierOp,
    next: Option<&Instr>,
) -> Result<(Option<LOp>, usize), String> {
    let decl = |id: u32| p.barriers.get(id as usize);
    let name = |id: u32| {
        decl(id)
            .map(|d| d.name.clone())
            .unwrap_or_else(|| "?".into())
    };
    let hw_id = |id: u32| -> Result<i64, String> {
        match decl(id).map(|d| d.scope) {
            Some(ScopeLevel::Workgroup) => {
                workgroup_barrier_fits(p, t, id)?;
                Ok(-1)
            }
            Some(ScopeLevel::Cluster) if t.gen == Gen::Gfx125x => Ok(-3),
            Some(s) => Err(format!(
                "{t}: no hardware barrier object of scope {s} for barrier `{}`",
                name(id)
            )),
            None => Err("unknown barrier".into()),
        }
    };
    let out = |text: String, code: Vec<MInstr>, n: usize| Ok((Some(plain(text, code)), n));
    match b {
        BarrierOp::Init { barrier, .. }
        | BarrierOp::Join { barrier }
        | BarrierOp::Drop { barrier } => {
            hw_id(*barrier)?;
            Ok((None, 1))
        }
        BarrierOp::Arrive { barrier, new_count } => {
            let id = hw_id(*barrier)?;
            // execution-synchronization.txt, "Barrier arrive": "If supported,
            // an additional argument to *arrive* can also update the
            // *expected count*". The tables' arrive rows (`s_barrier`,
            // `s_barrier_signal <N>`) take no count: the hardware barrier
            // always expects its members, so the update has no code.
            if new_count.is_some() {
                return Err(format!(
                    "{t}: `barrier.arrive @{}, N` updates the expected count, which the tables' arrive code (s_barrier / s_barrier_signal) does not do: the hardware barrier always expects its members; leave out the count",
                    name(*barrier)
                ));
            }
            if t.major >= 12 {
                return out(
                    format!("barrier.arrive {}", name(*barrier)),
                    vec![MInstr::SBarrierSignal(id)],
                    1,
                );
            }
            match next {
                Some(Instr::Barrier(BarrierOp::Wait { barrier: w })) if w == barrier => out(
                    format!("barrier.arrive {0} + barrier.wait {0}", name(*barrier)),
                    arrive_wait_gfx6_11(t),
                    2,
                ),
                _ => Err(format!(
                    "{t}: a barrier *arrive* not immediately followed by its *wait* has no GFX6-GFX11 code (\"Not available separately, see *arrive* then *wait*\")"
                )),
            }
        }
        BarrierOp::Wait { barrier } => {
            let id = hw_id(*barrier)?;
            if t.major >= 12 {
                return out(
                    format!("barrier.wait {}", name(*barrier)),
                    vec![MInstr::SBarrierWait(id)],
                    1,
                );
            }
            Err(format!(
                "{t}: a barrier *wait* without the *arrive* before it has no GFX6-GFX11 code (\"Not available separately\")"
            ))
        }
    }
}

/// A barrier object of work-group scope becomes the work-group's one
/// hardware barrier (`s_barrier`, barrier `-1`), which "is automatically
/// initialized by the hardware when a workgroup is launched" with every wave
/// of the work-group (execution-synchronization.txt, "s_barrier IDs GFX12";
/// GFX6-GFX11 have no other barrier). A test with two work-group barrier
/// objects, or whose object expects a count other than the number of waves
/// of a work-group, has no lowering: mapping it onto `s_barrier` anyway
/// would change what it does (a deadlock would disappear).
fn workgroup_barrier_fits(p: &Program, t: &Target, id: u32) -> Result<(), String> {
    use amdmm_program::ScopeLevel as S;
    let name = &p.barriers[id as usize].name;
    if let Some(other) = p
        .barriers
        .iter()
        .enumerate()
        .find(|(i, d)| *i != id as usize && d.scope == S::Workgroup)
    {
        return Err(format!(
            "{t}: barriers `{name}` and `{}` would both be the work-group's one hardware barrier (s_barrier, -1)",
            other.1.name
        ));
    }
    if let Some(k) = p.barriers[id as usize].init {
        let mut waves: Vec<(u32, u32)> = p
            .threads
            .iter()
            .map(|th| {
                (
                    th.placement.instance(S::Workgroup),
                    th.placement.instance(S::Wavefront),
                )
            })
            .collect();
        waves.sort_unstable();
        waves.dedup();
        let mut wgs: Vec<u32> = waves.iter().map(|w| w.0).collect();
        wgs.dedup();
        for g in wgs {
            let n = waves.iter().filter(|w| w.0 == g).count() as i64;
            if n != k {
                return Err(format!(
                    "{t}: barrier `{name}` expects {k} but the work-group's hardware barrier (s_barrier, -1) expects its {n} waves"
                ));
            }
        }
    }
    Ok(())
}

/// Async marks lowered to counter waits (issue 7: "`s_waitcnt vmcnt(k)`
/// before GFX12, `s_wait_asynccnt k` on GFX12.5").
///
/// async-operations.txt: "A mark M is said to be *completed* only when all
/// async operations program ordered before M are reported by the
/// implementation as having finished". Completion is reported in order
/// within a counter (AMDGPUUsage: "completion is reported to a wavefront in
/// execution order"), so waiting for the mark that leaves `N` marks
/// outstanding is waiting until at most `k` operations counted by the same
/// counter remain, `k` being the number issued after that mark.
#[derive(Default)]
struct MarkState {
    /// Count of counted operations issued so far.
    issued: u32,
    /// `issued` at each mark.
    marks: Vec<u32>,
}

impl MarkState {
    fn mark(&mut self) {
        self.marks.push(self.issued);
    }

    /// Counts the operations of `code` that the counter the marks wait on
    /// ([`Self::counter`]) counts: the one answer [`MemOp::vm_counter`]
    /// gives, which the hardware models' waits use too (a `flat_*` access
    /// is counted whichever memory it reaches; GFX10+ stores and atomics
    /// without return are counted by `vscnt` / `storecnt`, not here).
    fn count(&mut self, t: &Target, code: &[LInstr]) {
        let counter = Self::counter(t);
        for i in code {
            if let MInstr::Mem(m) = i.instr {
                if m.vm_counter(t.gen) == Some(counter) {
                    self.issued += 1;
                }
            }
        }
    }

    /// The counter a mark is waited on: GFX12.5 `asynccnt` (it counts the
    /// LDS DMA only), else `vmcnt` / `loadcnt`.
    fn counter(t: &Target) -> Counter {
        match t.gen {
            Gen::Gfx125x => Counter::Async,
            _ => Counter::Load,
        }
    }

    fn wait(&self, t: &Target, outstanding: u32, straight: bool) -> Vec<MInstr> {
        let n = self.marks.len();
        let k = if !straight {
            // With branches or loops the marks seen so far do not bound what
            // can be outstanding: wait for everything.
            0
        } else if (outstanding as usize) >= n {
            // Straight-line code with no more marks than allowed: nothing to
            // wait for.
            return Vec::new();
        } else {
            let m = self.marks[n - 1 - outstanding as usize];
            (self.issued - m).min(63)
        };
        let k = k as u8;
        match t.gen {
            Gen::Gfx125x => vec![MInstr::Wait(Counter::Async, k)],
            Gen::Gfx12 => vec![MInstr::Wait(Counter::Load, k)],
            _ => vec![MInstr::waitcnt_vm(k)],
        }
    }
}

/// Renders a lowered program: per thread, each operation as a comment then
/// its machine code, with the table row it comes from; for a compiler's
/// code, the header names the compiler and its version, and each
/// operation's instructions are printed as the compiler printed them
/// (with their operands).
pub fn render(l: &Lowered) -> String {
    let table = crate::tables::table(l.target.gen);
    let mut s = match &l.compiler {
        Some(c) => format!(
            "{} {}\n; code of {}, per operation (its assembly, operands kept; no table row)\n",
            l.target, l.name, c.name
        ),
        None => format!(
            "{} {}\n; rows of AMDGPUUsage, table \"{}\": {}\n",
            l.target,
            l.name,
            table.name,
            table.url()
        ),
    };
    for (ti, t) in l.threads.iter().enumerate() {
        s.push_str(&format!("{}:\n", t.name));
        for (oi, op) in t.ops.iter().enumerate() {
            // The row of the (last) access: a compare-and-swap loop's
            // `atomicrmw` row rather than its first load's.
            let row = op
                .code
                .iter()
                .rev()
                .find(|i| i.is_access)
                .and_then(|i| i.row)
                .or_else(|| op.code.iter().find_map(|i| i.row));
            let src = match row {
                Some(r) => format!("  [{} row {}]", short(op.table), r.key()),
                None => String::new(),
            };
            s.push_str(&format!("  ; {}{}\n", op.text, src));
            if op.code.is_empty() {
                s.push_str("    ; (no code)\n");
            }
            if let Some(n) = &op.note {
                s.push_str(&format!("    ; note: {n}\n"));
            }
            let asm = l
                .compiler
                .as_ref()
                .and_then(|c| c.asm.get(ti)?.get(oi))
                .filter(|lines| !lines.is_empty());
            match asm {
                Some(lines) => {
                    for line in lines {
                        s.push_str(&format!("    {}\n", line.trim()));
                    }
                }
                None => {
                    for i in &op.code {
                        s.push_str(&format!("    {}\n", i.instr));
                    }
                }
            }
        }
    }
    s
}

fn short(table: &str) -> &str {
    table
        .strip_prefix("AMDHSA Memory Model Code Sequences ")
        .unwrap_or(table)
}
