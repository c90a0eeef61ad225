//! `llvm.memcpy`, `llvm.memmove` and `llvm.memset` of a constant length:
//! element by element, as the plain loads and stores they perform
//! (docs/semantics.md, "Kernels: memcpy, memset and vector accesses").

use super::{err, Base, Frame, Ptr, Tx, V};
use crate::error::Result;
use crate::ir::{Inst, Type, Value};
use amdmm_program::{BinOp, Operand, Ty};

/// Which memory intrinsic a call is.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum MemOp {
    Copy,
    Move,
    Set,
}

impl MemOp {
    /// `llvm.memcpy.*` (and `.inline`), `llvm.memmove.*`, `llvm.memset.*`
    /// (and `.inline`).
    pub(super) fn of(callee: &str) -> Option<MemOp> {
        let rest = callee.strip_prefix("llvm.")?;
        if rest.starts_with("memcpy.") {
            Some(MemOp::Copy)
        } else if rest.starts_with("memmove.") {
            Some(MemOp::Move)
        } else if rest.starts_with("memset.") {
            Some(MemOp::Set)
        } else {
            None
        }
    }

    fn name(self) -> &'static str {
        match self {
            MemOp::Copy => "llvm.memcpy",
            MemOp::Move => "llvm.memmove",
            MemOp::Set => "llvm.memset",
        }
    }
}

/// The most elements one memory intrinsic may touch: more could not fit an
/// execution's events anyway.
const MAX_ELEMENTS: u64 = 256;

/// The IR integer or floating-point type of a program type.
pub(super) fn ir_type(t: Ty) -> Type {
    match t {
        Ty::Half => Type::Half,
        Ty::Float => Type::Float,
        Ty::Double => Type::Double,
        t => Type::Int(t.bits()),
    }
}

fn int_ty(bytes: u32) -> Ty {
    match bytes {
        1 => Ty::I8,
        2 => Ty::I16,
        8 => Ty::I64,
        _ => Ty::I32,
    }
}

impl<'a> Tx<'a> {
    /// LangRef, "'llvm.memcpy' Intrinsic": "copies a block of memory from
    /// the source location to the destination location"; "'llvm.memset'":
    /// "fills a block of memory with a particular byte value";
    /// "'llvm.memmove'": the same as memcpy but the blocks "may overlap".
    /// LangRef does not make these accesses atomic, so each is a sequence
    /// of non-atomic accesses: amdmm performs it as one plain load and one
    /// plain store per element of the buffers (memset: one plain store),
    /// in increasing address order, each racing on its own (memory-model.txt
    /// defines races per memory location). memmove loads every element
    /// before it stores any, so an overlapping move copies the old values.
    /// The length must be a constant ("Kernels" in docs/semantics.md says
    /// why); the element width is the buffers' (the one their other
    /// accesses or `--arg` fix), else the widest of 4, 2 and 1 bytes that
    /// divides the length. The `isvolatile` operand makes every element
    /// access volatile.
    pub(super) fn mem_intrinsic(
        &mut self,
        fr: &Frame<'a>,
        inst: &Inst,
        op: MemOp,
        callee: &str,
        args: &[(Type, Value)],
    ) -> Result<()> {
        let line = inst.line;
        if args.len() != 4 {
            return Err(err(
                line,
                format!("`@{callee}` with {} operands (4 expected)", args.len()),
            ));
        }
        let len = match self.int(fr, &args[2].1)? {
            Operand::Const(n) if n >= 0 => n as u64,
            Operand::Const(n) => {
                return Err(err(line, format!("`{}` of negative length {n}", op.name())))
            }
            _ => {
                return Err(err(
                    line,
                    format!("`{}` with a length computed at run time is not modelled", op.name()),
                )
                .hint("amdmm splits a copy or fill into the element accesses it performs, which needs a constant length; copy a fixed number of elements, or write the loop"))
            }
        };
        let volatile = !matches!(self.int(fr, &args[3].1)?, Operand::Const(0));
        let space = |t: &Type| match t {
            Type::Ptr(n) => *n,
            _ => 0,
        };
        let dst = self.ptr(fr, &args[0].1)?;
        let dst_space = space(&args[0].0);
        let src = if op == MemOp::Set {
            None
        } else {
            Some((self.ptr(fr, &args[1].1)?, space(&args[1].0)))
        };
        if len == 0 {
            return Ok(());
        }
        let ptrs: Vec<Ptr> = std::iter::once(dst).chain(src.map(|s| s.0)).collect();
        let (ty, width) = self.mem_element(line, op, &ptrs, len)?;
        let n = len / u64::from(width);
        if n > MAX_ELEMENTS {
            return Err(err(
                line,
                format!(
                    "`{}` of {len} bytes is {n} element accesses, more than amdmm models in one instruction ({MAX_ELEMENTS})",
                    op.name()
                ),
            )
            .hint("give the kernel smaller buffers"));
        }
        let at = |tx: &mut Tx, p: Ptr, k: u64| -> Result<Ptr> {
            let off = tx.bin(
                BinOp::Add,
                Ty::I64,
                p.off,
                Operand::Const((k * u64::from(width)) as i64),
            )?;
            Ok(Ptr { base: p.base, off })
        };
        match (op, src) {
            (MemOp::Set, _) => {
                let value = self.fill_value(fr, &args[1].1, width)?;
                for k in 0..n {
                    let p = at(self, dst, k)?;
                    self.store_at(inst, &ty, V::Int(value), dst_space, p, None, volatile)?;
                }
            }
            (MemOp::Copy, Some((s, s_space))) => {
                for k in 0..n {
                    let (ps, pd) = (at(self, s, k)?, at(self, dst, k)?);
                    let v = self.load_at(fr, inst, &ty, s_space, ps, None, volatile)?;
                    self.store_at(inst, &ty, v, dst_space, pd, None, volatile)?;
                }
            }
            (_, Some((s, s_space))) => {
                let mut values = Vec::new();
                for k in 0..n {
                    let ps = at(self, s, k)?;
                    values.push(self.load_at(fr, inst, &ty, s_space, ps, None, volatile)?);
                }
                for (k, v) in values.into_iter().enumerate() {
                    let pd = at(self, dst, k as u64)?;
                    self.store_at(inst, &ty, v, dst_space, pd, None, volatile)?;
                }
            }
            (_, None) => unreachable!("memcpy and memmove have a source"),
        }
        Ok(())
    }

    /// The element type and width of a memory intrinsic's accesses: the
    /// buffers' element width when one is known (they must agree), else the
    /// widest of 4, 2, 1 bytes dividing the length.
    fn mem_element(&mut self, line: u32, op: MemOp, ptrs: &[Ptr], len: u64) -> Result<(Type, u32)> {
        let mut known: Option<(Ty, u32, u32)> = None;
        for p in ptrs {
            if let Base::Sym(s) = p.base {
                if let Some(t) = self.syms.elem_ty(s) {
                    match known {
                        Some((k, _, other)) if k.bytes() != t.bytes() => {
                            return Err(err(line, format!("`{}` between `{}` ({}) and `{}` ({}): elements of different widths", op.name(), self.syms.name(other), k.name(), self.syms.name(s), t.name()))
                                .hint("amdmm copies whole elements; give both buffers one element type with --arg NAME=TYPE[LEN]"));
                        }
                        Some(_) => {}
                        None => known = Some((t, t.bytes(), s)),
                    }
                }
            }
        }
        let (ty, width) = match known {
            Some((t, b, _)) => (t, b),
            None => {
                let b = [4u32, 2, 1]
                    .into_iter()
                    .find(|b| len % u64::from(*b) == 0)
                    .unwrap_or(1);
                (int_ty(b), b)
            }
        };
        if len % u64::from(width) != 0 {
            return Err(err(
                line,
                format!(
                    "`{}` of {len} bytes is not a whole number of {width}-byte elements",
                    op.name()
                ),
            )
            .hint("amdmm models each element as one location; copy or fill whole elements"));
        }
        for p in ptrs {
            if let Base::Sym(s) = p.base {
                self.syms.untyped(s, ty, line);
            }
        }
        Ok((ir_type(ty), width))
    }

    /// memset's byte repeated over an element of `width` bytes.
    fn fill_value(&mut self, fr: &Frame, byte: &Value, width: u32) -> Result<Operand> {
        let ty = int_ty(width);
        let unit = (0..width).fold(0i64, |acc, k| acc | (1i64 << (8 * k)));
        Ok(match self.int(fr, byte)? {
            Operand::Const(b) => Operand::Const(ty.wrap((b & 0xff).wrapping_mul(unit))),
            Operand::Undef => Operand::Undef,
            r => {
                let low = self.bin(BinOp::And, ty, r, Operand::Const(0xff))?;
                self.bin(BinOp::Mul, ty, low, Operand::Const(unit))?
            }
        })
    }
}

impl<'a> Tx<'a> {
    /// The element type of the buffer `p` points into when a plain access
    /// of `t` is wider than it and covers whole elements (clang -O2 merges
    /// the loads of two adjacent `int`s, or a small memcpy, into one `i64`).
    pub(super) fn narrower_elements(&self, p: Ptr, t: Ty, atomic: bool) -> Option<Ty> {
        let Base::Sym(s) = p.base else { return None };
        let e = self.syms.elem_ty(s)?;
        (!atomic && t.bits() <= 64 && t.bytes() > e.bytes() && t.bytes() % e.bytes() == 0)
            .then_some(e)
    }

    /// A plain load of `t` over several elements of type `e`: one plain
    /// load per element (as a memcpy of that many bytes: LangRef's `load`
    /// of a non-atomic value is not single-copy atomic, and memory-model.txt
    /// defines races per location), the value put together little-endian
    /// (AMDGPU's data layout, "e").
    #[allow(clippy::too_many_arguments)]
    pub(super) fn wide_load(
        &mut self,
        fr: &Frame,
        inst: &Inst,
        t: Ty,
        e: Ty,
        space: u32,
        p: Ptr,
        volatile: bool,
    ) -> Result<V> {
        let eb = e.bytes();
        let mask = (1i64 << (8 * eb)) - 1;
        let mut acc = Operand::Const(0);
        for k in 0..t.bytes() / eb {
            let off = self.bin(
                BinOp::Add,
                Ty::I64,
                p.off,
                Operand::Const(i64::from(k * eb)),
            )?;
            let q = Ptr { base: p.base, off };
            let V::Int(part) = self.load_at(fr, inst, &ir_type(e), space, q, None, volatile)?
            else {
                return Err(err(inst.line, "internal: a pointer element in a wide load"));
            };
            let low = self.bin(BinOp::And, t, part, Operand::Const(mask))?;
            let moved = self.bin(BinOp::Shl, t, low, Operand::Const(i64::from(8 * eb * k)))?;
            acc = self.bin(BinOp::Or, t, acc, moved)?;
        }
        Ok(V::Int(acc))
    }

    /// A plain store of `x` (of type `t`) over several elements of type
    /// `e`: one plain store per element, little-endian ([`Tx::wide_load`]).
    #[allow(clippy::too_many_arguments)]
    pub(super) fn wide_store(
        &mut self,
        inst: &Inst,
        t: Ty,
        e: Ty,
        x: Operand,
        space: u32,
        p: Ptr,
        volatile: bool,
    ) -> Result<()> {
        let eb = e.bytes();
        for k in 0..t.bytes() / eb {
            let off = self.bin(
                BinOp::Add,
                Ty::I64,
                p.off,
                Operand::Const(i64::from(k * eb)),
            )?;
            let q = Ptr { base: p.base, off };
            let shifted = self.bin(BinOp::LShr, t, x, Operand::Const(i64::from(8 * eb * k)))?;
            let part = self.bin(BinOp::Or, int_ty(eb), shifted, Operand::Const(0))?;
            self.store_at(inst, &ir_type(e), V::Int(part), space, q, None, volatile)?;
        }
        Ok(())
    }
}
