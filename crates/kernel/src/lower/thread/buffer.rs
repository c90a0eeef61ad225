//! Buffer resources in kernels (AMDGPUUsage, "Address Spaces", "Buffer
//! Resource"; AMDGPUDMAOperations.md, "Buffer Addressing"): a resource
//! made by `llvm.amdgcn.make.buffer.rsrc` over a global buffer, and the
//! `raw`/`struct` `.ptr.buffer` load, store, atomic and LDS DMA intrinsics
//! that address through it. Each lowers to the program operation the
//! same access written with a pointer lowers to (`Load`, `Store`, `Rmw`,
//! `CmpXchg`, `Dma` with `buffer: true`), at the byte the resource and
//! the offsets name; an access outside the resource is refused
//! (docs/semantics.md, "Buffer resources in kernels").

use super::{err, Base, Frame, Ptr, Tx, V};
use crate::error::Result;
use crate::ir::{Inst, Type, Value};
use crate::lower::symbols::ResourceCover;
use amdmm_program::{
    BinOp, CmpOp, DmaKind, Instr, MemAttrs, Operand, Ordering, RmwOp, Symbol, SyncScope, Ty,
};

/// A resource made by `llvm.amdgcn.make.buffer.rsrc` (`Base::Rsrc`).
#[derive(Clone, Copy, Debug)]
pub(super) struct Rsrc {
    /// The base: a global buffer and a byte offset into it.
    base: Ptr,
    /// The record stride in bytes; 0 for a raw, byte-addressed resource.
    stride: i64,
    /// NumRecords: the extent in bytes (stride 0) or in records.
    records: i64,
    /// The line of the `make.buffer.rsrc`, for messages.
    line: u32,
}

/// What a `.ptr.buffer` intrinsic does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Access {
    Load,
    Store,
    Rmw(RmwOp),
    CmpSwap,
    Lds(DmaKind),
}

/// The read-modify-write of `llvm.amdgcn.*.ptr.buffer.atomic.OP` (the
/// ISA's `buffer_atomic_*` operation that LLVM's intrinsic names): the
/// same operation as `atomicrmw` of that name (LangRef,
/// "'atomicrmw' Instruction").
const ATOMICS: &[(&str, RmwOp)] = &[
    ("swap", RmwOp::Xchg),
    ("add", RmwOp::Add),
    ("sub", RmwOp::Sub),
    ("smin", RmwOp::Min),
    ("umin", RmwOp::UMin),
    ("smax", RmwOp::Max),
    ("umax", RmwOp::UMax),
    ("and", RmwOp::And),
    ("or", RmwOp::Or),
    ("xor", RmwOp::Xor),
    ("inc", RmwOp::UIncWrap),
    ("dec", RmwOp::UDecWrap),
    ("cond.sub.u32", RmwOp::USubCond),
    ("fadd", RmwOp::FAdd),
    ("fmin", RmwOp::FMin),
    ("fmax", RmwOp::FMax),
];

/// `rest` is `op` or `op.<type suffix>`.
fn named(rest: &str, op: &str) -> bool {
    rest == op || rest.strip_prefix(op).is_some_and(|t| t.starts_with('.'))
}

/// The access of a `.ptr.buffer` intrinsic's name after
/// `llvm.amdgcn.{raw|struct}.ptr.buffer.`.
fn access(rest: &str) -> Option<Access> {
    Some(match rest {
        "load.lds" => Access::Lds(DmaKind::Tracked),
        // async-operations.txt, "LDS DMA Operations": the `.async` buffer
        // forms "behave exactly like their non-async counterparts", their
        // completion tracked by marks, as `global.load.async.lds`.
        "load.async.lds" => Access::Lds(DmaKind::GlobalAsync),
        _ if rest.starts_with("load.format") => return None,
        _ if named(rest, "load") => Access::Load,
        _ if rest.starts_with("store.format") => return None,
        _ if named(rest, "store") => Access::Store,
        _ => {
            let op = rest.strip_prefix("atomic.")?;
            if named(op, "cmpswap") {
                return Some(Access::CmpSwap);
            }
            let &(_, rmw) = ATOMICS.iter().find(|(name, _)| named(op, name))?;
            Access::Rmw(rmw)
        }
    })
}

/// The meaning amdmm gives the cache-policy operand's bits, by bit
/// (AMDGPUUsage's buffer instructions: `glc`/`sc0`, `slc`/`nt`, `dlc`,
/// `swz`, `sc1`; bit 31 is the intrinsics' volatile bit,
/// AMDGPUDMAOperations.md: "volatile (via `aux/cpol` bit 31)").
fn policy_bit(k: u32) -> &'static str {
    match k {
        0 => "glc, sc0 on gfx940",
        1 => "slc, nt on gfx940",
        2 => "dlc",
        3 => "swz",
        4 => "sc1 on gfx940",
        _ => "a target's cache-policy bit",
    }
}

impl<'a> Tx<'a> {
    /// A `.ptr.buffer` intrinsic or `make.buffer.rsrc`, lowered; `None`
    /// when `callee` is neither (the caller goes on), `Some(value)` with
    /// the call's value otherwise. The `<4 x i32>` forms, the typed
    /// (`tbuffer`, `.format`) forms and buffer fat pointers are refused
    /// naming them.
    pub(super) fn buffer_call(
        &mut self,
        fr: &Frame,
        inst: &Inst,
        ret: &Type,
        callee: &str,
        args: &[(Type, Value)],
    ) -> Result<Option<Option<V>>> {
        let line = inst.line;
        let Some(name) = callee.strip_prefix("llvm.amdgcn.") else {
            return Ok(None);
        };
        if let Some(kind) = name.strip_prefix("make.buffer.rsrc") {
            return self.make_rsrc(fr, line, callee, kind, args).map(Some);
        }
        let (structured, rest) = if let Some(r) = name.strip_prefix("raw.ptr.buffer.") {
            (false, r)
        } else if let Some(r) = name.strip_prefix("struct.ptr.buffer.") {
            (true, r)
        } else {
            if ["raw.buffer.", "struct.buffer."]
                .iter()
                .any(|p| name.starts_with(p))
            {
                return Err(err(line, format!("`@{callee}` takes the buffer descriptor as `<4 x i32>`, which amdmm does not model"))
                    .hint("use the `.ptr.` form (`llvm.amdgcn.raw.ptr.buffer...`) with a resource from `llvm.amdgcn.make.buffer.rsrc` (clang: __builtin_amdgcn_make_buffer_rsrc)"));
            }
            if name.contains("tbuffer.") || name.starts_with("s.buffer.") {
                return Err(err(line, format!("`@{callee}` is not modelled"))
                    .hint("amdmm models the untyped `.ptr.buffer` load, store, atomic and LDS DMA intrinsics; typed (tbuffer) and scalar (s.buffer) buffer accesses convert formats per target"));
            }
            return Ok(None);
        };
        let Some(what) = access(rest) else {
            return Err(err(line, format!("`@{callee}` is not modelled"))
                .hint("amdmm models the `.ptr.buffer` load, store, atomic.{swap,add,sub,smin,umin,smax,umax,and,or,xor,inc,dec,cmpswap,cond.sub.u32,fadd,fmin,fmax} and load[.async].lds intrinsics; `.format` ones convert formats per target"));
        };
        self.buffer_access(fr, inst, ret, callee, args, structured, what)
            .map(Some)
    }

    /// `llvm.amdgcn.make.buffer.rsrc(ptr %base, i16 %stride, i64
    /// %numrecords, i32 %flags)`. AMDGPUUsage, "Address Spaces", "Buffer
    /// Resource": it "takes the pointer, which becomes the base of the
    /// resource, the 16-bit stride (and swizzle control) field stored in
    /// bits 63:48 of a V#, the NumRecords/extent field, and the 32-bit
    /// flags field. NumRecords may be any integer width and is
    /// zero-extended or truncated to the target resource field width. The
    /// specific interpretation of these fields varies by the target
    /// architecture and is detailed in the ISA descriptions." Choices
    /// (docs/semantics.md, "Buffer resources in kernels"): the base is a
    /// global buffer; the stride is bytes and the swizzle bits (14, 15)
    /// are refused; NumRecords is bytes for stride 0, records otherwise,
    /// truncated to 32 bits; the flags word (formats, add-tid, swizzle
    /// and out-of-bounds controls, all per target) must be 0. The three
    /// fields are constants: the bounds check is made before exploring.
    /// `make.buffer.rsrc.p7` / `.p9` (buffer fat and strided pointers) are
    /// refused.
    fn make_rsrc(
        &mut self,
        fr: &Frame,
        line: u32,
        callee: &str,
        kind: &str,
        args: &[(Type, Value)],
    ) -> Result<Option<V>> {
        if kind.starts_with(".p7") || kind.starts_with(".p9") {
            let what = if kind.starts_with(".p7") {
                "a buffer fat pointer (addrspace 7)"
            } else {
                "a buffer strided pointer (addrspace 9)"
            };
            return Err(err(line, format!("`@{callee}` makes {what}, which amdmm does not model"))
                .hint("make a buffer resource (`ptr addrspace(8)`, `.p8`) and access it through the `.ptr.buffer` intrinsics"));
        }
        if args.len() != 4 {
            return Err(err(
                line,
                format!(
                    "`@{callee}` with {} operands (4 expected: base, stride, numrecords, flags)",
                    args.len()
                ),
            ));
        }
        let base = self.ptr(fr, &args[0].1)?;
        let Base::Sym(s) = base.base else {
            return Err(err(
                line,
                format!(
                    "a buffer resource over a pointer {} is not modelled",
                    self.base_text(base.base)
                ),
            )
            .hint("the base of a resource is a kernel's global buffer (a pointer parameter or a global variable)"));
        };
        if self.syms.is_lds(s) {
            return Err(err(
                line,
                format!(
                    "a buffer resource over the LDS variable `{}`",
                    self.syms.name(s)
                ),
            )
            .hint("buffer instructions address global memory; LDS DMA (`.ptr.buffer.load.lds`) copies from a resource into LDS"));
        }
        let mut field = |k: usize, what: &str| -> Result<i64> {
            match self.int(fr, &args[k].1)? {
                Operand::Const(v) => Ok(v),
                _ => Err(err(line, format!("the {what} of `@{callee}` is computed at run time"))
                    .hint("amdmm checks every buffer access against its resource before exploring: the stride, numrecords and flags are constants (kernel arguments are: `--arg n=4`)")),
            }
        };
        let stride = field(1, "stride")? & 0xffff;
        let records = field(2, "numrecords")? & 0xffff_ffff;
        let flags = field(3, "flags")? & 0xffff_ffff;
        if stride >= 0x4000 {
            return Err(err(line, format!("the stride field {stride:#x} of `@{callee}` sets the swizzle control bits (14, 15)"))
                .hint("swizzled buffers are addressed per target (AMDGPUUsage: \"detailed in the ISA descriptions\"), which amdmm does not model: a stride below 0x4000"));
        }
        if flags != 0 {
            return Err(err(
                line,
                format!(
                    "the flags word {flags:#x} of `@{callee}` sets {}, which amdmm does not model",
                    set_bits(flags)
                ),
            )
            .hint("the specification gives the flags word no meaning (AMDGPUUsage, \"Buffer Resource\": \"The specific interpretation of these fields varies by the target architecture and is detailed in the ISA descriptions\"); in the ISA manuals its bits choose the data format, component selects, add-tid and the out-of-bounds behaviour (composable_kernel's 0x00020000 on gfx9, 0x31014000 on gfx10.3, 0x31004000 on gfx11), which can change what an access reads or writes; amdmm models a plain resource: pass 0"));
        }
        self.rsrcs.push(Rsrc {
            base,
            stride,
            records,
            line,
        });
        Ok(Some(V::Ptr(Ptr {
            base: Base::Rsrc(self.rsrcs.len() as u32 - 1),
            off: Operand::Const(0),
        })))
    }

    /// A load, store, atomic or LDS DMA through a resource.
    /// AMDGPUDMAOperations.md, "Buffer Addressing" (the operands of every
    /// `.ptr.buffer` intrinsic): `%vindex` ("buffer index", struct forms
    /// only), `%voffset` ("offset (per-lane, included in bounds
    /// checking)"), `%soffset` ("offset (wave-uniform, excluded from
    /// bounds checking)"), `%offset` ("offset (immediate, included in
    /// bounds checking)", LDS DMA only), `%cpol` ("cache policy
    /// (immediate)"). The byte accessed is the resource's base + vindex *
    /// stride + voffset + soffset (+ offset); the access must lie in the
    /// resource, which [`Tx::within`] checks.
    #[allow(clippy::too_many_arguments)]
    fn buffer_access(
        &mut self,
        fr: &Frame,
        inst: &Inst,
        ret: &Type,
        callee: &str,
        args: &[(Type, Value)],
        structured: bool,
        what: Access,
    ) -> Result<Option<V>> {
        let line = inst.line;
        // Operands before the resource, and after it (before vindex).
        let (lead, mid, imm) = match what {
            Access::Load => (0, 0, 0),
            Access::Store | Access::Rmw(_) => (1, 0, 0),
            Access::CmpSwap => (2, 0, 0),
            Access::Lds(_) => (0, 2, 1),
        };
        let want = lead + 1 + mid + usize::from(structured) + 2 + imm + 1;
        if args.len() != want {
            return Err(err(
                line,
                format!(
                    "`@{callee}` with {} operands ({want} expected: {})",
                    args.len(),
                    operand_names(what, structured)
                ),
            ));
        }
        let rsrc = self.resource(fr, line, callee, &args[lead].1)?;
        let mut k = lead + 1 + mid;
        let mut operand = |tx: &mut Tx| -> Result<Operand> {
            let v = tx.int(fr, &args[k].1)?;
            k += 1;
            Ok(v)
        };
        let vindex = if structured {
            operand(self)?
        } else {
            Operand::Const(0)
        };
        let voffset = operand(self)?;
        let soffset = operand(self)?;
        let offset = if imm == 1 {
            operand(self)?
        } else {
            Operand::Const(0)
        };
        let aux = operand(self)?;
        let immediate = |v: Operand, what: &str| match v {
            Operand::Const(c) => Ok(c),
            _ => Err(
                err(line, format!("the {what} of `@{callee}` is not a constant"))
                    .hint("the size, offset and cache-policy operands are immediates"),
            ),
        };
        let (offset, aux) = (
            immediate(offset, "offset")?,
            immediate(aux, "aux (cache policy)")?,
        );
        let (bytes, volatile) = match what {
            Access::Load => (ret.size(), self.cache_policy(line, callee, aux)?),
            Access::Store | Access::Rmw(_) | Access::CmpSwap => {
                (args[0].0.size(), self.cache_policy(line, callee, aux)?)
            }
            Access::Lds(_) => {
                let size = immediate(self.int(fr, &args[2].1)?, "size")?;
                (size.max(0) as u64, false)
            }
        };
        // The source's byte from the resource's base: the LDS DMA's
        // `%offset` is applied to both addresses by the copy itself
        // ([`Tx::dma_copies`]), the other offsets are the source's only.
        let covers = self.syms.covers.len();
        let src_pos = match (vindex, voffset, soffset) {
            (Operand::Const(i), Operand::Const(v), Operand::Const(s)) => {
                let pos = self.within(line, callee, &rsrc, i, v + s + offset, bytes as i64)?;
                Operand::Const(pos - offset)
            }
            _ => {
                let elem = match what {
                    Access::Lds(_) => bytes.min(4),
                    _ => element_bytes(if matches!(what, Access::Load) {
                        ret
                    } else {
                        &args[0].0
                    }),
                };
                self.run_time_pos(
                    line,
                    callee,
                    &rsrc,
                    [vindex, voffset, soffset],
                    offset,
                    bytes as i64,
                    elem,
                )?
            }
        };
        let off = self.bin(BinOp::Add, Ty::I64, rsrc.base.off, src_pos)?;
        let p = Ptr {
            base: rsrc.base.base,
            off,
        };
        let out = self.buffer_emit(
            fr,
            inst,
            ret,
            callee,
            args,
            what,
            p,
            (bytes, offset, aux),
            volatile,
        )?;
        // A run-time access's check counts the buffer's elements as the
        // access fixed them.
        if let (true, Base::Sym(s)) = (self.syms.covers.len() > covers, p.base) {
            if let Some(t) = self.syms.elem_ty(s) {
                if let Some(c) = self.syms.covers.last_mut() {
                    c.elem_bytes = t.bytes();
                }
            }
        }
        Ok(out)
    }

    /// The operation of [`Tx::buffer_access`] at the resolved pointer `p`.
    #[allow(clippy::too_many_arguments)]
    fn buffer_emit(
        &mut self,
        fr: &Frame,
        inst: &Inst,
        ret: &Type,
        callee: &str,
        args: &[(Type, Value)],
        what: Access,
        p: Ptr,
        (bytes, offset, aux): (u64, i64, i64),
        volatile: bool,
    ) -> Result<Option<V>> {
        let line = inst.line;
        match what {
            Access::Load => {
                let v = if matches!(ret, Type::Vector(..)) {
                    self.vec_load(fr, inst, ret, 1, p, false, volatile)?
                } else {
                    self.load_at(fr, inst, ret, 1, p, None, volatile)?
                };
                Ok(Some(v))
            }
            Access::Store => {
                let (ty, value) = &args[0];
                if matches!(ty, Type::Vector(..)) {
                    self.vec_store(fr, inst, ty, value, 1, p, false, volatile)?;
                } else {
                    let v = self.value(fr, value)?;
                    self.store_at(inst, ty, v, 1, p, None, volatile)?;
                }
                Ok(None)
            }
            Access::Rmw(op) => {
                let t = self.atomic_ty(line, callee, &args[0].0)?;
                let float_op = matches!(op, RmwOp::FAdd | RmwOp::FMin | RmwOp::FMax);
                if float_op != t.is_float() {
                    return Err(err(
                        line,
                        format!(
                            "`@{callee}` on {}: a {} operation",
                            args[0].0.text(),
                            if float_op {
                                "floating-point"
                            } else {
                                "integer"
                            }
                        ),
                    ));
                }
                let addr = self.addr(p, 1, t, true)?;
                let value = self.int(fr, &args[0].1)?;
                let dst = self.named(fr, inst)?;
                self.emit(Instr::Rmw {
                    dst,
                    ty: t,
                    op,
                    addr,
                    value,
                    attrs: buffer_atomic(volatile),
                });
                Ok(Some(V::Int(Operand::Reg(dst))))
            }
            Access::CmpSwap => {
                // The ISA's BUFFER_ATOMIC_CMPSWAP: "src = DATA[0]; cmp =
                // DATA[1]; MEM[ADDR] = (tmp == cmp) ? src : tmp", the
                // intrinsic's first operand the new value, its second the
                // expected one; it returns the old value.
                let t = self.atomic_ty(line, callee, &args[0].0)?;
                let addr = self.addr(p, 1, t, true)?;
                let new = self.int(fr, &args[0].1)?;
                let expected = self.int(fr, &args[1].1)?;
                let dst_old = self.named(fr, inst)?;
                let dst_ok = self.temp()?;
                self.emit(Instr::CmpXchg {
                    weak: false,
                    dst_old,
                    dst_ok,
                    ty: t,
                    addr,
                    expected,
                    new,
                    attrs: buffer_atomic(volatile),
                    failure: Ordering::Monotonic,
                });
                Ok(Some(V::Int(Operand::Reg(dst_old))))
            }
            Access::Lds(kind) => {
                let dst = self.ptr(fr, &args[1].1)?;
                let ds = match &args[1].0 {
                    Type::Ptr(n) => *n,
                    _ => 0,
                };
                let size = bytes as i64;
                self.dma_copies(
                    line,
                    callee,
                    kind,
                    (p, 1),
                    (dst, ds),
                    size,
                    offset,
                    aux,
                    true,
                )?;
                Ok(None)
            }
        }
    }

    /// The resource operand: a value `make.buffer.rsrc` made (through
    /// registers, private variables and phis), without address arithmetic
    /// (AMDGPUUsage, "Buffer Resource": `getelementptr` on a resource "is
    /// currently **unimplemented** in the backend").
    fn resource(&mut self, fr: &Frame, line: u32, callee: &str, v: &Value) -> Result<Rsrc> {
        let p = match self.value(fr, v)? {
            V::Ptr(p) => p,
            _ => {
                return Err(err(
                    line,
                    format!("the resource of `@{callee}` is not a pointer"),
                ))
            }
        };
        let Base::Rsrc(k) = p.base else {
            return Err(err(line, format!("the resource of `@{callee}` does not come from `llvm.amdgcn.make.buffer.rsrc` (it points {})", self.base_text(p.base)))
                .hint("amdmm models resources made in the kernel by llvm.amdgcn.make.buffer.rsrc (clang: __builtin_amdgcn_make_buffer_rsrc); a resource passed as a kernel argument has no buffer to bind"));
        };
        if p.off != Operand::Const(0) {
            return Err(err(line, format!("the resource of `@{callee}` is offset from the one made at line {} (or stored in a private variable more than once)", self.rsrcs[k as usize].line))
                .hint("address arithmetic on a buffer resource is not modelled; pass the offset as the intrinsic's voffset"));
        }
        Ok(self.rsrcs[k as usize])
    }

    /// The byte, from the resource's base, of an access of `bytes` bytes
    /// at record `vindex` and byte `within` of it; an access outside the
    /// resource is an error. AMDGPUUsage ("Buffer Resource") leaves the
    /// bounds check to the target ("detailed in the ISA descriptions"),
    /// and the LLVM DMA text only says which offsets it includes, so amdmm
    /// refuses any access that is not inside the resource by every
    /// reading: stride 0, bytes `within..within + bytes` inside
    /// `0..numrecords`; a stride S, `vindex < numrecords` and those bytes
    /// inside `0..S` (docs/semantics.md, "Buffer resources in kernels").
    /// The wave-uniform `soffset`, which the hardware leaves out of the
    /// check, is counted too: an access it moves outside is refused, never
    /// given an out-of-range result.
    fn within(
        &self,
        line: u32,
        callee: &str,
        r: &Rsrc,
        vindex: i64,
        within: i64,
        bytes: i64,
    ) -> Result<i64> {
        let (limit, unit) = if r.stride == 0 {
            (r.records, "numrecords")
        } else {
            (r.stride, "stride")
        };
        let inside = within >= 0
            && within + bytes <= limit
            && vindex >= 0
            && (r.stride == 0 || vindex < r.records);
        if !inside {
            let at = if r.stride == 0 {
                format!("bytes {within}..{}", within + bytes)
            } else {
                format!("record {vindex}, bytes {within}..{}", within + bytes)
            };
            return Err(err(
                line,
                format!(
                    "`@{callee}` accesses {at} of the buffer resource made at line {} (stride {}, numrecords {}), outside it ({unit} {limit})",
                    r.line, r.stride, r.records
                ),
            )
            .hint("the result of an out-of-range buffer access is defined per target (AMDGPUUsage: \"detailed in the ISA descriptions\"), which amdmm does not model: keep voffset + soffset (+ offset) + size within the resource"));
        }
        Ok(vindex * r.stride + within)
    }

    /// The source's byte from the resource's base for offsets computed at
    /// run time (a loop's counter, a value read from memory): the static
    /// check of [`Tx::within`] cannot be made, so the resource must cover
    /// its whole buffer from its start (its base at byte 0 of the buffer;
    /// checked once the buffers have their lengths, [`check_covers`]):
    /// then every byte outside the resource is outside the buffer, and an
    /// execution that reaches one ends as undefined behaviour like any
    /// index out of a buffer's bounds (docs/semantics.md, "Kernels", "Out
    /// of bounds"). With a stride, only the index may be computed at run
    /// time: the bytes within the record are checked statically. A byte
    /// offset that is not a whole number of `elem`-byte elements is made
    /// out of bounds too (amdmm's locations are whole elements), so it is
    /// never rounded to a neighbouring element.
    #[allow(clippy::too_many_arguments)]
    fn run_time_pos(
        &mut self,
        line: u32,
        callee: &str,
        r: &Rsrc,
        [vindex, voffset, soffset]: [Operand; 3],
        offset: i64,
        bytes: i64,
        elem: u64,
    ) -> Result<Operand> {
        if [vindex, voffset, soffset].contains(&Operand::Undef) {
            return Err(err(line, format!("an offset of `@{callee}` is undef")));
        }
        let Base::Sym(sym) = r.base.base else {
            return Err(err(line, "internal: a resource without a buffer"));
        };
        if r.base.off != Operand::Const(0) {
            return Err(err(line, format!("`@{callee}` at an offset computed at run time, through a resource that starts inside `{}` (made at line {})", self.syms.name(sym), r.line))
                .hint("amdmm checks a run-time offset against the buffer, so the resource must start at the buffer's start and cover all of it; or keep the offsets constant per work-item"));
        }
        let pos = if r.stride == 0 {
            let a = self.bin(BinOp::Add, Ty::I64, voffset, soffset)?;
            self.bin(BinOp::Add, Ty::I64, a, Operand::Const(offset))?
        } else {
            let (Operand::Const(v), Operand::Const(s)) = (voffset, soffset) else {
                return Err(err(line, format!("the voffset or soffset of `@{callee}` is computed at run time, through a resource with a stride ({})", r.stride))
                    .hint("with a stride, amdmm checks the bytes within a record before exploring: only vindex may be computed at run time"));
            };
            self.within(line, callee, r, 0, v + s + offset, bytes)?;
            let i = self.bin(BinOp::Mul, Ty::I64, vindex, Operand::Const(r.stride))?;
            self.bin(BinOp::Add, Ty::I64, i, Operand::Const(v + s + offset))?
        };
        let extent = if r.stride == 0 {
            r.records
        } else {
            r.records * r.stride
        };
        self.syms.covers.push(ResourceCover {
            sym,
            extent: extent as u64,
            elem_bytes: elem as u32,
            line,
            callee: callee.to_string(),
        });
        let pos = if elem > 1 {
            let low = self.bin(BinOp::And, Ty::I64, pos, Operand::Const(elem as i64 - 1))?;
            let aligned = self.temp()?;
            self.emit(Instr::Cmp {
                dst: aligned,
                ty: Ty::I64,
                op: CmpOp::Eq,
                a: low,
                b: Operand::Const(0),
            });
            let dst = self.temp()?;
            self.emit(Instr::Select {
                dst,
                cond: Operand::Reg(aligned),
                a: pos,
                b: Operand::Const(MISALIGNED),
            });
            Operand::Reg(dst)
        } else {
            pos
        };
        Ok(match pos {
            Operand::Const(p) => Operand::Const(p - offset),
            p => self.bin(BinOp::Sub, Ty::I64, p, Operand::Const(offset))?,
        })
    }

    /// The cache-policy operand of a buffer load, store or atomic: bit 31
    /// is volatile (AMDGPUDMAOperations.md, "GFX9 DMA": "volatile (via
    /// `aux/cpol` bit 31)"; a volatile non-atomic access is a plain one in
    /// the seed model, docs/semantics.md, "volatile (seed model)"). The
    /// other bits (`glc`/`sc0`, `slc`/`nt`, `dlc`, `swz`, `sc1`) are how a
    /// target's code realises an ordering; memory-model.txt gives them no
    /// meaning of their own, and amdmm refuses them rather than drop them.
    fn cache_policy(&self, line: u32, callee: &str, aux: i64) -> Result<bool> {
        let bits = aux & 0xffff_ffff;
        if let Some(k) = (0..31).find(|k| bits & (1 << k) != 0) {
            return Err(err(line, format!("the cache-policy bit {k} ({}) of `@{callee}` is not modelled", policy_bit(k)))
                .hint("the memory model gives cache-policy bits no meaning (it orders accesses by their atomic orderings and scopes): use 0, or bit 31 (volatile)"));
        }
        Ok(bits & (1 << 31) != 0)
    }

    fn atomic_ty(&self, line: u32, callee: &str, t: &Type) -> Result<Ty> {
        super::prog_ty(t).ok_or_else(|| {
            err(line, format!("`@{callee}` on {} is not modelled", t.text()))
                .hint("buffer atomics of one integer or floating-point element")
        })
    }
}

/// A buffer atomic's ordering and scope. The intrinsics give neither:
/// memory-model.txt, "Scopes": "When an operation does not specify a
/// scope, it indicates the *system* scope"; with no ordering it is the
/// weakest atomic one, monotonic (docs/semantics.md, "Buffer resources in
/// kernels").
fn buffer_atomic(volatile: bool) -> MemAttrs {
    MemAttrs {
        ordering: Ordering::Monotonic,
        scope: SyncScope::SYSTEM,
        volatile,
        av_none: false,
        nontemporal: false,
        fence_spaces: None,
    }
}

/// The byte a misaligned run-time offset is moved to: far before the
/// buffer, so its access is out of bounds.
const MISALIGNED: i64 = -(1 << 40);

/// The element size of an access of `t` (a vector's element's).
fn element_bytes(t: &Type) -> u64 {
    match t {
        Type::Vector(_, e) => e.size(),
        t => t.size(),
    }
}

/// Every run-time buffer access's resource covers its buffer
/// ([`Tx::run_time_pos`]): the buffer's bytes (its length, known once
/// every work-item is translated, times its element size) are within the
/// resource's extent.
pub(crate) fn check_covers(covers: &[ResourceCover], symbols: &[Symbol]) -> Result<()> {
    for c in covers {
        let sym = &symbols[c.sym as usize];
        let have = u64::from(sym.len) * u64::from(c.elem_bytes);
        if have > c.extent {
            return Err(err(c.line, format!("`@{}` at an offset computed at run time, through a resource of {} bytes over `{}` ({have} bytes)", c.callee, c.extent, sym.name))
                .hint("amdmm checks a run-time offset against the buffer, so the resource must cover all of it (numrecords, or numrecords x stride, at least the buffer's bytes; --arg sizes the buffer); or keep the offsets constant per work-item"));
        }
    }
    Ok(())
}

fn operand_names(what: Access, structured: bool) -> String {
    let index = if structured { "vindex, " } else { "" };
    match what {
        Access::Load => format!("rsrc, {index}voffset, soffset, aux"),
        Access::Store | Access::Rmw(_) => format!("vdata, rsrc, {index}voffset, soffset, aux"),
        Access::CmpSwap => format!("src, cmp, rsrc, {index}voffset, soffset, aux"),
        Access::Lds(_) => format!("rsrc, lds_base, size, {index}voffset, soffset, offset, aux"),
    }
}

/// The positions of a flags word's set bits, for the refusal that names
/// them: `bit 17`, `bits 12, 14, 16`.
fn set_bits(word: i64) -> String {
    let bits: Vec<String> = (0..32)
        .filter(|b| word >> b & 1 == 1)
        .map(|b| b.to_string())
        .collect();
    match bits.len() {
        1 => format!("bit {}", bits[0]),
        _ => format!("bits {}", bits.join(", ")),
    }
}
