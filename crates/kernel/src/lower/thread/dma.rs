//! The LDS DMA intrinsics and async marks (async-operations.txt;
//! AMDGPUDMAOperations.md, "GFX9 DMA"): the same `Instr::Dma`,
//! `Instr::AsyncMark` and `Instr::WaitAsyncMark` a litmus test's calls
//! lower to, so the exploration gives them the one meaning.

use super::{err, Base, Frame, Ptr, Tx};
use crate::error::Result;
use crate::ir::{Function, Inst, Module, Op, Type, Value};
use amdmm_program::{BinOp, DmaKind, Instr, Operand, Ty};

/// The DMA intrinsic a callee names: its kind (async-operations.txt, "LDS
/// DMA Operations": `global.load.lds` is tracked by the compiler, the
/// `.async` forms by explicit marks).
pub(super) fn dma_kind(callee: &str) -> Option<DmaKind> {
    Some(match callee {
        "llvm.amdgcn.global.load.lds" => DmaKind::Tracked,
        "llvm.amdgcn.global.load.async.lds" => DmaKind::GlobalAsync,
        "llvm.amdgcn.load.async.to.lds" => DmaKind::LoadAsync,
        _ => return None,
    })
}

/// Does the module use async marks? Then inlined calls are bracketed by
/// `CallEnter`/`CallExit`, which give each function body its own sequence
/// of marks.
pub(crate) fn uses_async_marks(m: &Module) -> bool {
    m.functions
        .iter()
        .flat_map(|f: &Function| &f.blocks)
        .flat_map(|b| &b.insts)
        .any(|i| {
            matches!(&i.op, Op::Call { callee, .. }
                if callee == "llvm.amdgcn.asyncmark" || callee == "llvm.amdgcn.wait.asyncmark")
        })
}

impl<'a> Tx<'a> {
    /// `call void @llvm.amdgcn.global.load.lds(ptr addrspace(1) %src,
    /// ptr addrspace(3) %dst, i32 size, i32 offset, i32 aux)` and the
    /// `.async` forms. AMDGPUDMAOperations.md, "GFX9 DMA": the size is
    /// "data byte size (immediate): 1/2/4 (12/16 for gfx950)"; `offset` is
    /// "applied to both global and LDS address"; "The LDS address is
    /// implicitly offset by `4 * lane_id` bytes for sizes up to 4 bytes,
    /// and by `16 * lane_id` bytes for larger sizes" (the work-item's lane
    /// in its wavefront); `aux` is the cache policy, which amdmm does not
    /// model, so only 0 is accepted. async-operations.txt, "Memory
    /// Consistency Model": "Each asynchronous operation consists of a
    /// non-atomic read on the source and a non-atomic write on the
    /// destination"; a 12- or 16-byte copy is three or four such copies of
    /// 32-bit elements (docs/semantics.md, "Wide LDS DMA").
    pub(super) fn lds_dma(
        &mut self,
        fr: &Frame,
        inst: &Inst,
        kind: DmaKind,
        callee: &str,
        args: &[(Type, Value)],
    ) -> Result<()> {
        let line = inst.line;
        if args.len() != 5 {
            return Err(err(
                line,
                format!(
                    "`@{callee}` with {} operands (5 expected: src, dst, size, offset, aux)",
                    args.len()
                ),
            ));
        }
        let constant = |tx: &mut Tx, k: usize, what: &str| -> Result<i64> {
            match tx.int(fr, &args[k].1)? {
                Operand::Const(v) => Ok(v),
                _ => Err(
                    err(line, format!("the {what} of `@{callee}` is not a constant"))
                        .hint("the size, offset and aux operands are immediates"),
                ),
            }
        };
        let size = constant(self, 2, "size")?;
        let offset = constant(self, 3, "offset")?;
        let aux = constant(self, 4, "aux (cache policy)")?;
        let space = |t: &Type| match t {
            Type::Ptr(n) => *n,
            _ => 0,
        };
        let src = self.ptr(fr, &args[0].1)?;
        let dst = self.ptr(fr, &args[1].1)?;
        let (ss, ds) = (space(&args[0].0), space(&args[1].0));
        self.dma_copies(
            line,
            callee,
            kind,
            (src, ss),
            (dst, ds),
            size,
            offset,
            aux,
            false,
        )
    }

    /// The copies of one LDS DMA call: `size` bytes from `src` (+
    /// `offset`) to the lane's element of `dst` (+ `offset`), as
    /// [`Tx::lds_dma`] describes; `buffer` for the buffer forms, whose
    /// `src` is the resource's byte (docs/semantics.md, "Buffer resources
    /// in kernels").
    #[allow(clippy::too_many_arguments)]
    pub(super) fn dma_copies(
        &mut self,
        line: u32,
        callee: &str,
        kind: DmaKind,
        (src, ss): (Ptr, u32),
        (dst, ds): (Ptr, u32),
        size: i64,
        offset: i64,
        aux: i64,
        buffer: bool,
    ) -> Result<()> {
        if aux != 0 {
            return Err(err(line, format!("the DMA aux (cache policy) operand {aux} is not modelled"))
                .hint("amdmm models the copy with the default cache policy; the volatile and cpol bits are not modelled: use 0"));
        }
        let (ty, parts, elem) = match size {
            1 => (Ty::I8, 1, 1),
            2 => (Ty::I16, 1, 2),
            4 => (Ty::I32, 1, 4),
            12 => (Ty::I32, 3, 4),
            16 => (Ty::I32, 4, 4),
            n => {
                return Err(err(line, format!("unsupported DMA size {n}"))
                    .hint("the size is in bytes: 1, 2, 4, or 12 and 16 (gfx950: three or four 32-bit elements)"))
            }
        };
        if offset < 0 || offset % elem != 0 {
            return Err(err(
                line,
                format!("DMA offset {offset} is not a multiple of the element size {elem}"),
            )
            .hint("amdmm's locations are whole elements"));
        }
        if ss != 1 || ds != 3 {
            return Err(err(
                line,
                format!("`@{callee}` copies from addrspace({ss}) to addrspace({ds})"),
            )
            .hint("LDS DMA copies from global memory (addrspace 1) to LDS (addrspace 3)"));
        }
        for (p, what) in [(src, "source"), (dst, "destination")] {
            if !matches!(p.base, Base::Sym(_)) {
                return Err(err(
                    line,
                    format!(
                        "the DMA {what} {} is not a buffer or LDS variable",
                        self.base_text(p.base)
                    ),
                ));
            }
        }
        let lane = self.wi.lane;
        let stride = if size <= 4 { 4 } else { 16 };
        let at = |tx: &mut Tx, p: Ptr, bytes: i64| -> Result<Ptr> {
            let off = tx.bin(BinOp::Add, Ty::I64, p.off, Operand::Const(bytes))?;
            Ok(Ptr { base: p.base, off })
        };
        for k in 0..parts {
            let ps = at(self, src, offset + elem * k)?;
            let pd = at(self, dst, offset + stride * i64::from(lane) + elem * k)?;
            let s = self.addr(ps, ss, ty, false)?;
            let d = self.addr(pd, ds, ty, true)?;
            self.emit(Instr::Dma {
                kind,
                src: s,
                dst: d,
                size: if parts > 1 { 4 } else { size as u32 },
                part: k as u8,
                lane,
                buffer,
            });
        }
        Ok(())
    }

    /// `llvm.amdgcn.asyncmark()` and `llvm.amdgcn.wait.asyncmark(i16 N)`
    /// (async-operations.txt, "Async Mark Operations": a mark "tracks all
    /// the async operations that are program ordered before that mark";
    /// the wait "Waits until there are at most N outstanding marks").
    pub(super) fn async_mark(
        &mut self,
        fr: &Frame,
        callee: &str,
        args: &[(Type, Value)],
    ) -> Result<bool> {
        match callee {
            "llvm.amdgcn.asyncmark" => {
                self.emit(Instr::AsyncMark);
                Ok(true)
            }
            "llvm.amdgcn.wait.asyncmark" => {
                let line = self.line();
                let n = match args.first() {
                    Some((_, v)) => self.int(fr, v)?,
                    None => return Err(err(line, "`@llvm.amdgcn.wait.asyncmark` needs its count")),
                };
                let Operand::Const(n) = n else {
                    return Err(err(
                        line,
                        "the count of `@llvm.amdgcn.wait.asyncmark` is not a constant",
                    ));
                };
                let n = u16::try_from(n & 0xffff).unwrap_or(0);
                self.emit(Instr::WaitAsyncMark {
                    outstanding: u32::from(n),
                });
                Ok(true)
            }
            _ => Ok(false),
        }
    }
}
