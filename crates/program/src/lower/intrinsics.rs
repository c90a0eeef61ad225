//! LLVM intrinsic calls: av b128 accesses, LDS DMA, async marks, hardware
//! barriers and `llvm.assume`.

use super::body::{Code, Frame};
use super::{Cx, Named};
use crate::program::*;
use crate::scope::SyncScope;
use amdmm_litmus::ast;
use amdmm_litmus::suggest;
use amdmm_litmus::Diagnostic;

/// The shape of one argument.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Shape {
    /// `ptr @x`
    P,
    /// `<ty> <value>`
    V,
    /// `metadata !"scope"`
    M,
}

use Shape::{M, P, V};

/// An intrinsic: name, whether it returns a value, argument shapes, and the
/// signature shown in hints.
struct Intrinsic {
    name: &'static str,
    returns: bool,
    args: &'static [Shape],
    sig: &'static str,
}

const fn intr(
    name: &'static str,
    returns: bool,
    args: &'static [Shape],
    sig: &'static str,
) -> Intrinsic {
    Intrinsic {
        name,
        returns,
        args,
        sig,
    }
}

const DMA_SIG: &str = "(ptr <global loc>, ptr <lds loc>, i32 <size>, i32 <offset>, i32 <aux>)";

/// The buffer forms (AMDGPUDMAOperations.md, "Buffer Addressing"): the
/// resource is a pointer to a declared `global` location, the buffer's base.
const RAW_SIG: &str = "(ptr addrspace(8) <global loc>, ptr <lds loc>, i32 <size>, i32 <voffset>, i32 <soffset>, i32 <offset>, i32 <aux>)";
const STRUCT_SIG: &str = "(ptr addrspace(8) <global loc>, ptr <lds loc>, i32 <size>, i32 <vindex>, i32 <voffset>, i32 <soffset>, i32 <offset>, i32 <aux>)";

/// Every intrinsic a body may call.
const INTRINSICS: &[Intrinsic] = &[
    intr("llvm.amdgcn.av.global.store.b128", false, &[P, V, M], "call void @llvm.amdgcn.av.global.store.b128(ptr <loc>, <ty> <value>, metadata !\"<scope>\")"),
    intr("llvm.amdgcn.av.store.b128", false, &[P, V, M], "call void @llvm.amdgcn.av.store.b128(ptr <loc>, <ty> <value>, metadata !\"<scope>\")"),
    intr("llvm.amdgcn.av.global.load.b128", true, &[P, M], "%r = call <ty> @llvm.amdgcn.av.global.load.b128(ptr <loc>, metadata !\"<scope>\")"),
    intr("llvm.amdgcn.av.load.b128", true, &[P, M], "%r = call <ty> @llvm.amdgcn.av.load.b128(ptr <loc>, metadata !\"<scope>\")"),
    intr("llvm.amdgcn.global.load.lds", false, &[P, P, V, V, V], DMA_SIG),
    intr("llvm.amdgcn.raw.buffer.load.lds", false, &[P, P, V, V, V, V, V], RAW_SIG),
    intr("llvm.amdgcn.raw.ptr.buffer.load.lds", false, &[P, P, V, V, V, V, V], RAW_SIG),
    intr("llvm.amdgcn.raw.buffer.load.async.lds", false, &[P, P, V, V, V, V, V], RAW_SIG),
    intr("llvm.amdgcn.raw.ptr.buffer.load.async.lds", false, &[P, P, V, V, V, V, V], RAW_SIG),
    intr("llvm.amdgcn.struct.buffer.load.lds", false, &[P, P, V, V, V, V, V, V], STRUCT_SIG),
    intr("llvm.amdgcn.struct.ptr.buffer.load.lds", false, &[P, P, V, V, V, V, V, V], STRUCT_SIG),
    intr("llvm.amdgcn.struct.buffer.load.async.lds", false, &[P, P, V, V, V, V, V, V], STRUCT_SIG),
    intr("llvm.amdgcn.struct.ptr.buffer.load.async.lds", false, &[P, P, V, V, V, V, V, V], STRUCT_SIG),
    intr("llvm.amdgcn.global.load.async.lds", false, &[P, P, V, V, V], DMA_SIG),
    intr("llvm.amdgcn.load.async.to.lds", false, &[P, P, V, V, V], DMA_SIG),
    intr("llvm.amdgcn.asyncmark", false, &[], "call void @llvm.amdgcn.asyncmark()"),
    intr("llvm.amdgcn.wait.asyncmark", false, &[V], "call void @llvm.amdgcn.wait.asyncmark(i16 <N>)"),
    intr("llvm.amdgcn.s.barrier", false, &[], "call void @llvm.amdgcn.s.barrier()"),
    intr("llvm.amdgcn.s.barrier.signal", false, &[V], "call void @llvm.amdgcn.s.barrier.signal(i32 <id>)"),
    intr("llvm.amdgcn.s.barrier.signal.isfirst", true, &[V], "%first = call i1 @llvm.amdgcn.s.barrier.signal.isfirst(i32 <id>)"),
    intr("llvm.amdgcn.s.barrier.signal.var", false, &[V, V], "call void @llvm.amdgcn.s.barrier.signal.var(i32 <id>, i32 <count>)"),
    intr("llvm.amdgcn.s.barrier.wait", false, &[V], "call void @llvm.amdgcn.s.barrier.wait(i16 <id>)"),
    intr("llvm.amdgcn.s.barrier.init", false, &[V, V], "call void @llvm.amdgcn.s.barrier.init(i32 <id>, i32 <count>)"),
    intr("llvm.amdgcn.s.barrier.join", false, &[V], "call void @llvm.amdgcn.s.barrier.join(i32 <id>)"),
    intr("llvm.amdgcn.s.barrier.leave", false, &[], "call void @llvm.amdgcn.s.barrier.leave()"),
    intr("llvm.assume", false, &[V], "call void @llvm.assume(i1 %c)"),
];

fn shape(a: &ast::Arg) -> Shape {
    match a {
        ast::Arg::Ptr(_) => P,
        ast::Arg::Value { .. } => V,
        ast::Arg::Metadata(_) => M,
    }
}

impl<'a> Cx<'a> {
    pub(super) fn sync_scope(&mut self, s: &ast::Spanned<String>) -> SyncScope {
        if let Some(sc) = SyncScope::parse(&s.node) {
            return sc;
        }
        let spellings: Vec<String> = SyncScope::SPELLINGS
            .iter()
            .map(|s| format!("\"{s}\""))
            .collect();
        self.error(
            Diagnostic::new(format!("unknown syncscope \"{}\"", s.node), s.span)
                .with_label("not an AMDGPU sync scope")
                .with_hint(format!("sync scopes are {}", spellings.join(", "))),
        );
        SyncScope::SYSTEM
    }

    /// `call ... @llvm.*(...)`
    pub(super) fn intrinsic(
        &mut self,
        code: &mut Code,
        frame: &Frame,
        i: &'a ast::Instr,
        ret: &ast::Type,
        callee: &ast::Ident,
        args: &'a [ast::Arg],
    ) {
        let Some(intr) = INTRINSICS.iter().find(|x| x.name == callee.name) else {
            let names: Vec<&str> = INTRINSICS.iter().map(|x| x.name).collect();
            self.error(
                Diagnostic::new(format!("unknown intrinsic `@{}`", callee.name), callee.span)
                    .with_label("not a supported intrinsic")
                    .with_hint(suggest::hint(&callee.name, &names, "intrinsics")),
            );
            return;
        };
        let shapes: Vec<Shape> = args.iter().map(shape).collect();
        if shapes != intr.args {
            let span = args.iter().fold(callee.span, |s, a| s.to(a.span()));
            self.error(
                Diagnostic::new(format!("wrong arguments for `@{}`", intr.name), span)
                    .with_hint(format!("write `{}`", intr.sig)),
            );
            return;
        }
        let is_void = ret.node == ast::TyKind::Void;
        if intr.returns == is_void {
            let what = if intr.returns {
                "returns a value"
            } else {
                "returns void"
            };
            self.error(
                Diagnostic::new(format!("`@{}` {what}", intr.name), ret.span)
                    .with_label("wrong return type")
                    .with_hint(format!("write `{}`", intr.sig)),
            );
            return;
        }
        if !intr.returns {
            if let Some(d) = &i.dst {
                self.error(
                    Diagnostic::new(format!("`@{}` produces no value", intr.name), d.span)
                        .with_label("nothing to assign")
                        .with_hint(format!("remove `%{} =`", d.name)),
                );
            }
        }
        let value = |k: usize| match &args[k] {
            ast::Arg::Value { ty, value } => Some((ty, value)),
            _ => None,
        };
        let ptr = |k: usize| match &args[k] {
            ast::Arg::Ptr(p) => Some(p),
            _ => None,
        };
        let meta = |k: usize| match &args[k] {
            ast::Arg::Metadata(m) => Some(m),
            _ => None,
        };
        let plain = MemAttrs::PLAIN;
        let span = i.span;
        let name = intr.name.trim_start_matches("llvm.amdgcn.");
        let instr = match name {
            "av.global.store.b128" | "av.store.b128" => {
                let (Some(p), Some((ty, v)), Some(m)) = (ptr(0), value(1), meta(2)) else {
                    return;
                };
                let ty = self.ty(ty);
                let value = self.operand(code, frame, v);
                let scope = self.sync_scope(m);
                let Some(addr) = self.addr(code, frame, p, Some(ty), Some("a `.b128` store"))
                else {
                    return;
                };
                Instr::Store {
                    ty,
                    value,
                    addr,
                    attrs: plain,
                    available: Some(scope),
                }
            }
            "av.global.load.b128" | "av.load.b128" => {
                let (Some(p), Some(m)) = (ptr(0), meta(1)) else {
                    return;
                };
                let ty = self.ty(ret);
                let scope = self.sync_scope(m);
                let addr = self.addr(code, frame, p, Some(ty), Some("a `.b128` load"));
                let dst = self.def(code, frame, i);
                let Some(addr) = addr else { return };
                Instr::Load {
                    dst,
                    ty,
                    addr,
                    attrs: plain,
                    visible: Some(scope),
                }
            }
            "global.load.lds" | "global.load.async.lds" | "load.async.to.lds" => {
                let kind = match name {
                    "global.load.lds" => DmaKind::Tracked,
                    "global.load.async.lds" => DmaKind::GlobalAsync,
                    _ => DmaKind::LoadAsync,
                };
                match self.dma(code, frame, kind, args, span) {
                    Some(ins) => ins,
                    None => return,
                }
            }
            // async-operations.txt, "LDS DMA Operations": the `.async` buffer
            // forms "behave exactly like their non-async counterparts" but
            // their completion is "tracked using explicit mark/wait
            // intrinsics", as `global.load.async.lds`.
            _ if name.contains("buffer.load") => {
                let kind = if name.contains(".async.") {
                    DmaKind::GlobalAsync
                } else {
                    DmaKind::Tracked
                };
                match self.dma(code, frame, kind, args, span) {
                    Some(ins) => ins,
                    None => return,
                }
            }
            "asyncmark" => Instr::AsyncMark,
            "wait.asyncmark" => {
                let Some((_, v)) = value(0) else { return };
                match self.constant(v, "the number of outstanding marks") {
                    Some(n) if (0..=u32::MAX as i64).contains(&n) => Instr::WaitAsyncMark {
                        outstanding: n as u32,
                    },
                    Some(_) => {
                        self.error(
                            Diagnostic::new("invalid number of outstanding marks", v.span)
                                .with_hint("a non-negative count"),
                        );
                        return;
                    }
                    None => return,
                }
            }
            "llvm.assume" => {
                let Some((_, v)) = value(0) else { return };
                Instr::Assume {
                    cond: self.operand(code, frame, v),
                }
            }
            _ => {
                let mut ops = Vec::new();
                for k in 0..args.len() {
                    if let Some((_, v)) = value(k) {
                        ops.push(self.operand(code, frame, v));
                    }
                }
                if let Some((_, v)) = args.first().and_then(|_| value(0)) {
                    self.privileged_barrier(name, v);
                }
                let hw = match (name, ops.as_slice()) {
                    ("s.barrier", []) => HwBarrier::Barrier,
                    ("s.barrier.signal", [id]) => HwBarrier::Signal(*id),
                    ("s.barrier.signal.isfirst", [id]) => HwBarrier::SignalIsFirstTo {
                        id: *id,
                        dst: self.def(code, frame, i),
                    },
                    ("s.barrier.signal.var", [id, n]) => HwBarrier::SignalVar(*id, *n),
                    ("s.barrier.wait", [id]) => HwBarrier::Wait(*id),
                    ("s.barrier.init", [id, n]) => HwBarrier::Init(*id, *n),
                    ("s.barrier.join", [id]) => HwBarrier::Join(*id),
                    _ => HwBarrier::Leave,
                };
                Instr::Hw(hw)
            }
        };
        self.emit(code, instr, span);
    }

    /// Refuses the trap barriers. execution-synchronization.txt, table
    /// "s_barrier IDs GFX12": `-2` is the "*Workgroup trap barrier*,
    /// dedicated for the trap handler and only available in privileged
    /// execution mode (not accessible by the shader)", and `-4` the cluster
    /// one, with the same words. A litmus thread is shader code, so a
    /// constant ID naming either is an error here (docs/semantics.md,
    /// "Privileged barriers"); an ID computed at run time is refused by the
    /// barrier model when it takes one of these values.
    fn privileged_barrier(&mut self, intrinsic: &str, id: &ast::Operand) {
        let ast::OperandKind::Int(n @ (-2 | -4)) = id.node else {
            return;
        };
        let what = if n == -2 {
            "the workgroup trap barrier"
        } else {
            "the cluster trap barrier"
        };
        self.error(
            Diagnostic::new(
                format!("barrier ID {n} of `@llvm.amdgcn.{intrinsic}` is {what}, not accessible by the shader"),
                id.span,
            )
            .with_label("privileged barrier")
            .with_hint(format!(
                "execution-synchronization.txt, \"s_barrier IDs GFX12\": barrier {n} is \"dedicated for the trap handler and only available in privileged execution mode (not accessible by the shader)\"; use {} instead",
                if n == -2 { "-1, the workgroup barrier" } else { "-3, the cluster user barrier" }
            )),
        );
    }

    /// `a` moved `k` elements on: a constant index is checked against the
    /// array's length; a register index gets the offset added at run time
    /// (an out-of-range result is undefined behaviour, like any index).
    fn offset_addr(
        &mut self,
        code: &mut Code,
        a: Addr,
        k: i64,
        p: &ast::Pointer,
        span: ast::Span,
    ) -> Option<Addr> {
        if k == 0 {
            return Some(a);
        }
        let index = match a.index {
            Operand::Const(i) => {
                let len = self.symbols[a.symbol as usize].len as i64;
                if i + k >= len {
                    self.error(
                        Diagnostic::new(
                            format!(
                                "the DMA offset moves `@{}` to element {}, out of bounds for length {len}",
                                p.sym.name,
                                i + k
                            ),
                            span,
                        )
                        .with_label("out of bounds")
                        .with_hint("the offset is applied to both the source and the destination"),
                    );
                    return None;
                }
                Operand::Const(i + k)
            }
            Operand::Reg(r) => {
                let dst = self.hidden_reg(code, span);
                let add = Instr::Bin {
                    dst,
                    ty: Ty::I32,
                    op: BinOp::Add,
                    a: Operand::Reg(r),
                    b: Operand::Const(k),
                };
                self.emit(code, add, span);
                Operand::Reg(dst)
            }
            Operand::Undef => Operand::Undef,
        };
        Some(Addr { index, ..a })
    }

    /// `global.load.lds` and the async forms: global source, LDS
    /// destination, constant size (bytes), constant offset, constant aux.
    ///
    /// AMDGPUDMAOperations.md, "GFX9 DMA": the size is "data byte size
    /// (immediate): 1/2/4 (12/16 for gfx950)"; the 12- and 16-byte forms are
    /// `global_load_lds_dwordx3` / `_dwordx4`, which move dwords. A 12-byte
    /// copy therefore fills three consecutive 32-bit elements, and a 16-byte
    /// one between two arrays four, unless `@src` or `@dst` is accessed at
    /// 128 bits elsewhere in the test (then it is one 128-bit element, as the
    /// 128-bit availability intrinsics use, and so is a 16-byte copy of a
    /// scalar). The copy of several elements is one instruction per
    /// element (`part` 0, 1, ...), each a non-atomic read and write
    /// (async-operations.txt: "Each asynchronous operation consists of a
    /// non-atomic read on the source and a non-atomic write on the
    /// destination"; a copy is not performed atomically, so its elements
    /// are independent accesses); docs/semantics.md, "Wide LDS DMA".
    /// The DMA's last operand, `aux` (AMDGPUDMAOperations.md, "GFX9 DMA":
    /// `%cpol`, "cache policy (immediate)"; "GFX9 DMA instructions implement
    /// volatile (via `aux/cpol` bit 31)"). amdmm lowers every copy with the
    /// default cache policy and does not model volatile, so only 0 is
    /// accepted: any other value is refused naming it, never ignored.
    fn dma_aux(&mut self, aux: Option<i64>, arg: &ast::Arg) -> bool {
        match aux {
            Some(0) => true,
            Some(v) => {
                self.error(
                    Diagnostic::new(
                        format!("the DMA aux (cache policy) operand {v} is not modelled"),
                        arg.span(),
                    )
                    .with_label("non-zero cache policy")
                    .with_hint("amdmm lowers the copy with the default cache policy; the volatile and cpol bits are not modelled: use 0"),
                );
                false
            }
            None => false,
        }
    }

    /// The resource operand of a buffer LDS DMA (AMDGPUDMAOperations.md,
    /// "Buffer Addressing": "buffer resource descriptor (wave-uniform):
    /// `<4 x i32>` or `ptr addrspace(8)`"). amdmm has no descriptors: the
    /// resource is written `ptr addrspace(8) @x` (or `ptr @x`) and stands
    /// for a buffer whose base is the declared `global` location `@x`
    /// (docs/semantics.md, "Buffer LDS DMA"); any other address space is
    /// refused naming it.
    fn buffer_resource(&mut self, p: &ast::Pointer) -> Option<ast::Pointer> {
        match &p.addrspace {
            None => Some(p.clone()),
            Some(n) if n.node == 8 => Some(ast::Pointer {
                addrspace: None,
                ..p.clone()
            }),
            Some(n) => {
                self.error(
                    Diagnostic::new(
                        format!("a buffer resource in addrspace({})", n.node),
                        n.span,
                    )
                    .with_label("not a buffer resource")
                    .with_hint(format!(
                        "write the resource as `ptr addrspace(8) @{}`: a buffer whose base is that `global` location",
                        p.sym.name
                    )),
                );
                None
            }
        }
    }

    fn dma(
        &mut self,
        code: &mut Code,
        frame: &Frame,
        kind: DmaKind,
        args: &'a [ast::Arg],
        span: ast::Span,
    ) -> Option<Instr> {
        let (ast::Arg::Ptr(sp), ast::Arg::Ptr(dp)) = (&args[0], &args[1]) else {
            return None;
        };
        let n_args = args.len();
        let buffer = n_args > 5;
        let rsrc;
        let sp = if buffer {
            rsrc = self.buffer_resource(sp)?;
            &rsrc
        } else {
            sp
        };
        let (off_k, aux_k) = (n_args - 2, n_args - 1);
        let mut constant = |k: usize, what: &str| match &args[k] {
            ast::Arg::Value { value, .. } => self.constant(value, what),
            _ => None,
        };
        let consts = [
            constant(2, "the size"),
            constant(off_k, "the offset"),
            constant(aux_k, "the aux operand"),
        ];
        // The buffer forms' source offsets (voffset, soffset; vindex for
        // `struct`), in bytes past the resource's base, and their spans.
        let buffer_offsets: Vec<(Option<i64>, ast::Span, &str)> = (3..off_k)
            .map(|k| {
                let what = match (n_args - 2 - k, n_args) {
                    (1, _) => "the buffer soffset",
                    (2, _) => "the buffer voffset",
                    _ => "the buffer vindex",
                };
                (constant(k, what), args[k].span(), what)
            })
            .collect();
        let size_span = args[2].span();
        if !self.dma_aux(consts[2], &args[aux_k])
            || buffer_offsets.iter().any(|(c, _, _)| c.is_none())
        {
            return None;
        }
        let wide = match consts[0] {
            Some(12) => Some(3u8),
            Some(16)
                if [sp, dp]
                    .iter()
                    .all(|p| self.is_array(&p.sym.name) && !self.accessed_128(&p.sym.name)) =>
            {
                Some(4)
            }
            _ => None,
        };
        let ty = match consts[0] {
            _ if wide.is_some() => Some(Ty::I32),
            Some(1) => Some(Ty::I8),
            Some(2) => Some(Ty::I16),
            Some(4) => Some(Ty::I32),
            Some(8) => Some(Ty::I64),
            Some(16) => Some(Ty::I128),
            Some(n) => {
                self.error(
                    Diagnostic::new(format!("unsupported DMA size {n}"), size_span).with_hint(
                        "the size is in bytes: 1, 2, 4, 8, 12 or 16 (4 copies one i32 location, 12 and 16 three and four)",
                    ),
                );
                None
            }
            None => None,
        };
        // AMDGPUDMAOperations.md, "GFX9 DMA": `%offset` is an "offset
        // (immediate) applied to both global and LDS address". Locations are
        // elements of the copy's size, so an offset of k sizes moves both
        // pointers k elements on.
        let mut elements = 0;
        let mut src_elements = 0;
        let elem_size = if wide.is_some() { Some(4) } else { consts[0] };
        if let (Some(off), Some(size)) = (consts[1], elem_size.filter(|_| ty.is_some())) {
            if off < 0 || off % size != 0 {
                self.error(
                    Diagnostic::new(format!("DMA offset {off} is not a multiple of the size {size}"), args[off_k].span())
                        .with_label("not a whole number of elements")
                        .with_hint("amdmm's locations are whole elements of the copy's size: use a multiple of the size, or index the pointers (`ptr @t[1]`)"),
                );
                return None;
            }
            elements = off / size;
            src_elements = elements;
            let copy = consts[0].unwrap_or(size);
            for &(v, vspan, what) in &buffer_offsets {
                let v = v.unwrap_or_default();
                let k = if what == "the buffer vindex" {
                    // The record stride is the copy's size (docs/semantics.md,
                    // "Buffer LDS DMA"): index k is k copies further on.
                    (v >= 0).then(|| v * copy / size)
                } else {
                    (v >= 0 && v % size == 0).then(|| v / size)
                };
                let Some(k) = k else {
                    self.error(
                        Diagnostic::new(format!("{what} {v} is not a whole number of elements"), vspan)
                            .with_label("not a non-negative multiple of the element size")
                            .with_hint(format!("amdmm's locations are whole elements: the offsets are non-negative multiples of {size} bytes, vindex non-negative")),
                    );
                    return None;
                };
                src_elements += k;
            }
        }
        let src = self.addr(code, frame, sp, ty, Some("an LDS DMA copy"));
        let dst = self.addr(code, frame, dp, ty, Some("an LDS DMA copy"));
        let (src, dst) = (src?, dst?);
        let src = self.offset_addr(code, src, src_elements, sp, args[off_k].span())?;
        let dst = self.offset_addr(code, dst, elements, dp, args[off_k].span())?;
        for (a, p, want, what) in [
            (src, sp, AddrSpace::Global, "source"),
            (dst, dp, AddrSpace::Lds, "destination"),
        ] {
            if self.spaces[a.symbol as usize] != want {
                let kind = if want == AddrSpace::Global {
                    "global"
                } else {
                    "lds"
                };
                self.error(
                    Diagnostic::new(
                        format!(
                            "the DMA {what} `@{}` must be an `{kind}` location",
                            p.sym.name
                        ),
                        p.span,
                    )
                    .with_hint(
                        "LDS DMA copies from global memory (addrspace 1) to LDS (addrspace 3)",
                    ),
                );
                return None;
            }
        }
        self.dma_bases.push(super::lanes::DmaBase {
            thread: self.thread,
            base: dst,
            span,
        });
        let dst = self.lane_addr(
            code,
            dst,
            consts[0]?,
            elem_size?,
            wide.unwrap_or(1),
            dp,
            span,
        )?;
        let Some(n) = wide else {
            return Some(Instr::Dma {
                kind,
                src,
                dst,
                size: consts[0]? as u32,
                part: 0,
                lane: self.lane,
                buffer,
            });
        };
        // Every element's address first (a register index gets its additions
        // here), then the elements' copies, one after the other.
        for (a, p) in [(src, sp), (dst, dp)] {
            let len = self.symbols[a.symbol as usize].len as i64;
            if let Operand::Const(i) = a.index {
                if i + n as i64 > len {
                    self.error(
                        Diagnostic::new(
                            format!(
                                "a {}-byte copy fills {n} elements from element {i} of `@{}`, beyond its length {len}",
                                consts[0]?,
                                p.sym.name
                            ),
                            p.span,
                        )
                        .with_label("copy too long")
                        .with_hint("a 12-byte copy fills three 32-bit elements, a 16-byte one four"),
                    );
                    return None;
                }
            }
        }
        let mut parts = Vec::with_capacity(n as usize);
        for k in 0..n {
            let s = self.offset_addr(code, src, k as i64, sp, span)?;
            let d = self.offset_addr(code, dst, k as i64, dp, span)?;
            parts.push((s, d));
        }
        let (last_src, last_dst) = parts.pop()?;
        for (k, (s, d)) in parts.into_iter().enumerate() {
            let copy = Instr::Dma {
                kind,
                src: s,
                dst: d,
                size: 4,
                part: k as u8,
                lane: self.lane,
                buffer,
            };
            self.emit(code, copy, span);
        }
        Some(Instr::Dma {
            kind,
            src: last_src,
            dst: last_dst,
            size: 4,
            part: n - 1,
            lane: self.lane,
            buffer,
        })
    }

    /// The destination of the thread's lane: AMDGPUDMAOperations.md, "GFX9
    /// DMA": "The LDS address is implicitly offset by `4 * lane_id` bytes
    /// for sizes up to 4 bytes, and by `16 * lane_id` bytes for larger
    /// sizes". The threads of one wavefront are its lanes in declaration
    /// order (`self.lane`); `dst` is the LDS base the call names (uniform
    /// across the wave, `M0`), and the lane's copy fills the element(s) that
    /// many bytes further on. `elem` is the bytes of one element of `dst`
    /// (the copy's size, or 4 for a wide copy of `n` 32-bit elements); both
    /// strides are whole numbers of elements of every size the copy takes.
    /// A constant index whose lane's elements fall outside the array is an
    /// error naming the lane; a register index gets the offset added at run
    /// time (docs/semantics.md, "Per-lane LDS DMA").
    #[allow(clippy::too_many_arguments)]
    fn lane_addr(
        &mut self,
        code: &mut Code,
        dst: Addr,
        size: i64,
        elem: i64,
        n: u8,
        p: &ast::Pointer,
        span: ast::Span,
    ) -> Option<Addr> {
        if self.lane == 0 {
            return Some(dst);
        }
        let stride = if size <= 4 { 4 } else { 16 };
        let bytes = stride * self.lane as i64;
        let k = bytes / elem.max(1);
        if let Operand::Const(i) = dst.index {
            let len = self.symbols[dst.symbol as usize].len as i64;
            let last = i + k + n as i64 - 1;
            if last >= len {
                let name = &p.sym.name;
                let what = match (self.symbols[dst.symbol as usize].is_array, n) {
                    (false, _) => format!(
                        "byte {bytes} of `@{name}`, outside that single {elem}-byte location"
                    ),
                    (true, 1) => format!(
                        "element {} of `@{name}`, out of bounds for length {len}",
                        i + k
                    ),
                    (true, _) => format!(
                        "elements {} to {last} of `@{name}`, beyond its length {len}",
                        i + k
                    ),
                };
                self.error(
                    Diagnostic::new(
                        format!("lane {} of its wavefront copies to {what}", self.lane),
                        span,
                    )
                    .with_label(format!("LDS address + {stride} * {}", self.lane))
                    .with_hint(format!(
                        "AMDGPUDMAOperations, \"GFX9 DMA\": \"The LDS address is implicitly offset by `4 * lane_id` bytes for sizes up to 4 bytes, and by `16 * lane_id` bytes for larger sizes\"; the threads of one wavefront are its lanes in declaration order: give `@{}` an element for every lane, or place this thread in a wavefront of its own",
                        p.sym.name
                    )),
                );
                return None;
            }
        }
        self.offset_addr(code, dst, k, p, span)
    }

    /// Is `@name` a declared array (`global a[4]`)?
    fn is_array(&self, name: &str) -> bool {
        match self.names.get(name) {
            Some((Named::Sym(s), _)) => self.symbols[*s as usize].is_array,
            _ => false,
        }
    }

    /// Is `@name` accessed at 128 bits anywhere in the test (a load, store,
    /// `atomicrmw` or `cmpxchg` of `i128` / `<4 x i32>`, or a `.b128`
    /// intrinsic)? Decides whether a 16-byte LDS DMA copies one element.
    fn accessed_128(&self, name: &str) -> bool {
        let wide = |t: &ast::Type| matches!(t.node, ast::TyKind::I128 | ast::TyKind::V4I32);
        let bodies = self
            .file
            .threads
            .iter()
            .map(|t| &t.body)
            .chain(self.file.functions.iter().map(|f| &f.body));
        bodies.flatten().any(|s| {
            let ast::Stmt::Instr(i) = s else {
                return false;
            };
            match &i.kind {
                ast::InstrKind::Load { ty, ptr, .. }
                | ast::InstrKind::Store { ty, ptr, .. }
                | ast::InstrKind::AtomicRmw { ty, ptr, .. }
                | ast::InstrKind::CmpXchg { ty, ptr, .. } => ptr.sym.name == name && wide(ty),
                ast::InstrKind::Call { callee, args, .. } => {
                    callee.name.ends_with(".b128")
                        && args
                            .iter()
                            .any(|a| matches!(a, ast::Arg::Ptr(p) if p.sym.name == name))
                }
                _ => false,
            }
        })
    }
}
