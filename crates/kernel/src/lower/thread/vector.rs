//! Vector values (`<N x T>`), element by element: what clang -O2 makes of
//! adjacent accesses (`load <2 x i32>`), of HIP's vector types (`int4`)
//! and of vectorized loops (docs/semantics.md, "Kernels: memcpy, memset
//! and vector accesses").

use super::memops::ir_type;
use super::{err, fold_cmp, Frame, Ptr, Tx, V};
use crate::error::Result;
use crate::ir::{Inst, Type, Value};
use crate::lower::prog_ty;
use amdmm_program::{BinOp, CmpOp, Instr, Operand, Ty};

/// The number of lanes and the element type of a vector type.
fn lanes(ty: &Type) -> Option<(usize, &Type)> {
    match ty {
        Type::Vector(n, e) => Some((*n as usize, e)),
        _ => None,
    }
}

/// The integer comparison of an `icmp` predicate (scalar or per lane).
pub(super) fn cmp_op(pred: &str) -> Option<CmpOp> {
    Some(match pred {
        "eq" => CmpOp::Eq,
        "ne" => CmpOp::Ne,
        "slt" => CmpOp::Slt,
        "sle" => CmpOp::Sle,
        "sgt" => CmpOp::Sgt,
        "sge" => CmpOp::Sge,
        "ult" => CmpOp::Ult,
        "ule" => CmpOp::Ule,
        "ugt" => CmpOp::Ugt,
        "uge" => CmpOp::Uge,
        _ => return None,
    })
}

impl<'a> Tx<'a> {
    pub(super) fn new_vec(&mut self, ops: Vec<Operand>) -> V {
        self.vecs.push(ops);
        V::Vec(self.vecs.len() as u32 - 1)
    }

    /// The `n` elements of a vector operand (`zeroinitializer`, `poison`
    /// and `undef` included).
    pub(super) fn vec_of(&mut self, fr: &Frame, v: &Value, n: usize) -> Result<Vec<Operand>> {
        let ops = match v {
            Value::ZeroInit => vec![Operand::Const(0); n],
            Value::Undef | Value::Poison => vec![Operand::Undef; n],
            _ => match self.value(fr, v)? {
                V::Vec(k) => self.vecs[k as usize].clone(),
                _ => return Err(err(self.line(), "a scalar is used as a vector")),
            },
        };
        if ops.len() != n {
            return Err(err(
                self.line(),
                format!("a vector of {} elements where {n} are expected", ops.len()),
            ));
        }
        Ok(ops)
    }

    fn vec_ty<'t>(&self, ty: &'t Type) -> Result<(usize, &'t Type)> {
        lanes(ty).ok_or_else(|| err(self.line(), format!("{} is not a vector type", ty.text())))
    }

    /// LangRef, "Binary Operations": on vectors, "the operation is
    /// performed element-wise".
    pub(super) fn vec_bin(
        &mut self,
        fr: &Frame,
        op: &str,
        ty: &Type,
        a: &Value,
        b: &Value,
    ) -> Result<V> {
        let (n, e) = self.vec_ty(ty)?;
        let (xs, ys) = (self.vec_of(fr, a, n)?, self.vec_of(fr, b, n)?);
        let mut out = Vec::with_capacity(n);
        for (x, y) in xs.into_iter().zip(ys) {
            out.push(self.scalar_bin(op, e, x, y)?);
        }
        Ok(self.new_vec(out))
    }

    /// LangRef, "'icmp' Instruction": on vectors, "the result is a vector
    /// of i1 [...] each element compared".
    pub(super) fn vec_icmp(
        &mut self,
        fr: &Frame,
        pred: &str,
        ty: &Type,
        a: &Value,
        b: &Value,
    ) -> Result<V> {
        let (n, e) = self.vec_ty(ty)?;
        let line = self.line();
        let op =
            cmp_op(pred).ok_or_else(|| err(line, format!("unknown icmp predicate `{pred}`")))?;
        let t = prog_ty(e)
            .ok_or_else(|| err(line, format!("icmp of {} is not supported", ty.text())))?;
        let (xs, ys) = (self.vec_of(fr, a, n)?, self.vec_of(fr, b, n)?);
        let mut out = Vec::with_capacity(n);
        for (x, y) in xs.into_iter().zip(ys) {
            out.push(self.cmp(op, t, x, y)?);
        }
        Ok(self.new_vec(out))
    }

    /// `x op y`, folded when both are constants.
    pub(super) fn cmp(&mut self, op: CmpOp, t: Ty, x: Operand, y: Operand) -> Result<Operand> {
        if let (Operand::Const(p), Operand::Const(q)) = (x, y) {
            return Ok(match fold_cmp(op, t, p, q) {
                amdmm_program::Value::Int(r) => Operand::Const(r),
                _ => Operand::Undef,
            });
        }
        if x == Operand::Undef || y == Operand::Undef {
            return Ok(Operand::Undef);
        }
        let dst = self.temp()?;
        self.emit(Instr::Cmp {
            dst,
            ty: t,
            op,
            a: x,
            b: y,
        });
        Ok(Operand::Reg(dst))
    }

    /// `c ? x : y` of one lane.
    fn pick(&mut self, c: Operand, x: Operand, y: Operand) -> Result<Operand> {
        if let Operand::Const(k) = c {
            return Ok(if k & 1 != 0 { x } else { y });
        }
        if x == y {
            return Ok(x);
        }
        let dst = self.temp()?;
        self.emit(Instr::Select {
            dst,
            cond: c,
            a: x,
            b: y,
        });
        Ok(Operand::Reg(dst))
    }

    /// LangRef, "'select' Instruction": a vector condition selects each
    /// element; a scalar one the whole vector.
    pub(super) fn vec_select(
        &mut self,
        fr: &Frame,
        cond: &Value,
        ty: &Type,
        a: &Value,
        b: &Value,
    ) -> Result<V> {
        let (n, _) = self.vec_ty(ty)?;
        let cs = match self.value(fr, cond)? {
            V::Vec(k) => self.vecs[k as usize].clone(),
            V::Int(c) => vec![c; n],
            _ => return Err(err(self.line(), "a select on a pointer")),
        };
        let (xs, ys) = (self.vec_of(fr, a, n)?, self.vec_of(fr, b, n)?);
        let mut out = Vec::with_capacity(n);
        for ((c, x), y) in cs.into_iter().zip(xs).zip(ys) {
            out.push(self.pick(c, x, y)?);
        }
        Ok(self.new_vec(out))
    }

    /// Casts of vectors: element-wise between vectors of one length
    /// (LangRef: "the cast is performed element-wise"), and `bitcast`
    /// between a vector and an integer of the same bits, little-endian
    /// (LangRef, "'bitcast .. to' Instruction": "as if the value had been
    /// stored to memory and read back"; the data layout is little-endian).
    pub(super) fn vec_cast(
        &mut self,
        fr: &Frame,
        op: &str,
        from: &Type,
        value: &Value,
        to: &Type,
    ) -> Result<V> {
        let line = self.line();
        match (lanes(from), lanes(to)) {
            (Some((n, fe)), Some((m, te))) if n == m => {
                let xs = self.vec_of(fr, value, n)?;
                let (fe, te) = (fe.clone(), te.clone());
                let mut out = Vec::with_capacity(n);
                for x in xs {
                    out.push(self.scalar_cast(op, &fe, x, &te)?);
                }
                Ok(self.new_vec(out))
            }
            (Some((n, fe)), None) if op == "bitcast" => {
                let (eb, t) = self.packed(fe, n, to)?;
                let xs = self.vec_of(fr, value, n)?;
                let mask = if eb >= 64 { -1 } else { (1i64 << eb) - 1 };
                let mut acc = Operand::Const(0);
                for (k, x) in xs.into_iter().enumerate() {
                    let low = self.bin(BinOp::And, t, x, Operand::Const(mask))?;
                    let moved = self.bin(BinOp::Shl, t, low, Operand::Const(eb * k as i64))?;
                    acc = self.bin(BinOp::Or, t, acc, moved)?;
                }
                Ok(V::Int(acc))
            }
            (None, Some((n, te))) if op == "bitcast" => {
                let (eb, t) = self.packed(te, n, from)?;
                let et = prog_ty(te).ok_or_else(|| err(line, "a vector of pointers"))?;
                let x = self.int(fr, value)?;
                let mut out = Vec::with_capacity(n);
                for k in 0..n {
                    let shifted = self.bin(BinOp::LShr, t, x, Operand::Const(eb * k as i64))?;
                    out.push(self.bin(BinOp::Or, et, shifted, Operand::Const(0))?);
                }
                Ok(self.new_vec(out))
            }
            _ => Err(err(
                line,
                format!("the cast `{op}` from {} to {} is not modelled", from.text(), to.text()),
            )
            .hint("amdmm casts vectors element-wise (same length) and bitcasts between a vector and an integer of the same size")),
        }
    }

    /// The element bits and the scalar type of a bitcast between `n`
    /// elements of `e` and the integer `scalar`.
    fn packed(&self, e: &Type, n: usize, scalar: &Type) -> Result<(i64, Ty)> {
        let line = self.line();
        let et = prog_ty(e).ok_or_else(|| err(line, "a vector of pointers"))?;
        let t = prog_ty(scalar).filter(|t| t.bits() <= 64 && !t.is_float());
        match t {
            Some(t) if t.bits() as usize == et.bits() as usize * n => Ok((i64::from(et.bits()), t)),
            _ => Err(err(
                line,
                format!(
                    "a bitcast between <{n} x {}> and {} is not modelled",
                    e.text(),
                    scalar.text()
                ),
            )
            .hint("amdmm bitcasts a vector to an integer of the same size, up to 64 bits")),
        }
    }

    /// A scalar cast (`zext`, `sext`, `trunc`, `bitcast`, int<->float) of a
    /// scalar value or of one lane of a vector.
    pub(super) fn scalar_cast(
        &mut self,
        op: &str,
        from: &Type,
        x: Operand,
        to: &Type,
    ) -> Result<Operand> {
        let line = self.line();
        let (Some(ft), Some(tt)) = (prog_ty(from), prog_ty(to)) else {
            return Err(err(
                line,
                format!(
                    "`{op}` from {} to {} is not supported",
                    from.text(),
                    to.text()
                ),
            ));
        };
        Ok(match op {
            "bitcast" => x,
            "zext" if ft == Ty::I1 => x,
            "zext" => {
                let mask = if ft.bits() >= 64 {
                    -1
                } else {
                    ((1u64 << ft.bits()) - 1) as i64
                };
                self.bin(BinOp::And, tt, x, Operand::Const(mask))?
            }
            "sext" if ft == Ty::I1 => self.bin(BinOp::Sub, tt, Operand::Const(0), x)?,
            "sext" => x,
            "trunc" => self.bin(BinOp::Or, tt, x, Operand::Const(0))?,
            "sitofp" | "uitofp" | "fptosi" | "fptoui" | "fpext" | "fptrunc" => {
                self.convert(op, from, x, to)?
            }
            _ => {
                return Err(err(
                    line,
                    format!(
                        "the cast `{op}` ({} to {}) is not modelled",
                        from.text(),
                        to.text()
                    ),
                ))
            }
        })
    }

    /// A lane's index: a constant, or `None` when computed at run time.
    fn lane_index(&mut self, fr: &Frame, index: &Value, n: usize) -> Result<Option<usize>> {
        match self.int(fr, index)? {
            Operand::Const(k) if (0..n as i64).contains(&k) => Ok(Some(k as usize)),
            Operand::Const(k) => Err(err(
                self.line(),
                format!("element {k} of a vector of {n} elements (poison)"),
            )),
            _ => Ok(None),
        }
    }

    /// LangRef, "'extractelement' Instruction". An index computed at run
    /// time selects among the lanes.
    pub(super) fn extract_element(&mut self, fr: &Frame, vec: &Value, index: &Value) -> Result<V> {
        let xs = match self.value(fr, vec)? {
            V::Vec(k) => self.vecs[k as usize].clone(),
            _ => return Err(err(self.line(), "extractelement of a scalar")),
        };
        if let Some(k) = self.lane_index(fr, index, xs.len())? {
            return Ok(V::Int(xs[k]));
        }
        let i = self.int(fr, index)?;
        let mut acc = Operand::Undef;
        for (k, x) in xs.into_iter().enumerate() {
            let hit = self.cmp(CmpOp::Eq, Ty::I64, i, Operand::Const(k as i64))?;
            acc = self.pick(hit, x, acc)?;
        }
        Ok(V::Int(acc))
    }

    /// LangRef, "'insertelement' Instruction".
    pub(super) fn insert_element(
        &mut self,
        fr: &Frame,
        ty: &Type,
        vec: &Value,
        elt: &Value,
        index: &Value,
    ) -> Result<V> {
        let (n, _) = self.vec_ty(ty)?;
        let mut xs = self.vec_of(fr, vec, n)?;
        let x = self.int(fr, elt)?;
        match self.lane_index(fr, index, n)? {
            Some(k) => xs[k] = x,
            None => {
                let i = self.int(fr, index)?;
                for (k, slot) in xs.iter_mut().enumerate() {
                    let hit = self.cmp(CmpOp::Eq, Ty::I64, i, Operand::Const(k as i64))?;
                    *slot = self.pick(hit, x, *slot)?;
                }
            }
        }
        Ok(self.new_vec(xs))
    }

    /// LangRef, "'shufflevector' Instruction": lane `k` of the result is
    /// lane `mask[k]` of the two inputs put end to end; a `poison` mask
    /// lane is poison (`undef` here).
    pub(super) fn shuffle(
        &mut self,
        fr: &Frame,
        ty: &Type,
        a: &Value,
        b: &Value,
        mask: &[Option<u32>],
    ) -> Result<V> {
        let (n, _) = self.vec_ty(ty)?;
        let mut both = self.vec_of(fr, a, n)?;
        both.extend(self.vec_of(fr, b, n)?);
        let mut out = Vec::with_capacity(mask.len());
        for m in mask {
            out.push(match m {
                Some(k) => *both.get(*k as usize).ok_or_else(|| {
                    err(
                        self.line(),
                        format!(
                            "shufflevector mask index {k} past the {} input lanes",
                            2 * n
                        ),
                    )
                })?,
                None => Operand::Undef,
            });
        }
        Ok(self.new_vec(out))
    }

    /// A load of `<N x T>`: N plain loads of `T`, one per element
    /// (docs/semantics.md, "Kernels": a vector access is one access per
    /// element, each racing on its own). Atomic vector loads are refused.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn vec_load(
        &mut self,
        fr: &Frame,
        inst: &Inst,
        ty: &Type,
        space: u32,
        p: Ptr,
        atomic: bool,
        volatile: bool,
    ) -> Result<V> {
        let (n, e) = self.vec_ty(ty)?;
        let e = e.clone();
        if atomic {
            return Err(atomic_vector(inst.line, "load", ty));
        }
        let mut out = Vec::with_capacity(n);
        for k in 0..n {
            let q = self.lane_ptr(p, &e, k)?;
            match self.load_at(fr, inst, &e, space, q, None, volatile)? {
                V::Int(x) => out.push(x),
                _ => return Err(err(inst.line, "a vector of pointers is not supported")),
            }
        }
        Ok(self.new_vec(out))
    }

    /// A store of `<N x T>`: N plain stores of `T` ([`Tx::vec_load`]).
    #[allow(clippy::too_many_arguments)]
    pub(super) fn vec_store(
        &mut self,
        fr: &Frame,
        inst: &Inst,
        ty: &Type,
        value: &Value,
        space: u32,
        p: Ptr,
        atomic: bool,
        volatile: bool,
    ) -> Result<()> {
        let (n, e) = self.vec_ty(ty)?;
        let e = e.clone();
        if atomic {
            return Err(atomic_vector(inst.line, "store", ty));
        }
        let xs = self.vec_of(fr, value, n)?;
        for (k, x) in xs.into_iter().enumerate() {
            let q = self.lane_ptr(p, &e, k)?;
            self.store_at(inst, &e, V::Int(x), space, q, None, volatile)?;
        }
        Ok(())
    }

    fn lane_ptr(&mut self, p: Ptr, e: &Type, k: usize) -> Result<Ptr> {
        let off = self.bin(
            BinOp::Add,
            Ty::I64,
            p.off,
            Operand::Const((e.size() as usize * k) as i64),
        )?;
        Ok(Ptr { base: p.base, off })
    }

    /// `llvm.vector.reduce.{add,mul,and,or,xor,smax,smin,umax,umin}`
    /// (LangRef, "Vector Reduction Intrinsics"): the lanes combined in
    /// order (these operations are associative, so the order does not
    /// change the value).
    pub(super) fn vec_reduce(
        &mut self,
        fr: &Frame,
        callee: &str,
        ret: &Type,
        args: &[(Type, Value)],
    ) -> Result<Option<V>> {
        let Some(rest) = callee.strip_prefix("llvm.vector.reduce.") else {
            return Ok(None);
        };
        let what = rest.split('.').next().unwrap_or("");
        let line = self.line();
        let [(vt, v)] = args else {
            return Err(err(line, format!("`@{callee}` takes one vector")));
        };
        let (n, _) = self.vec_ty(vt)?;
        let t = prog_ty(ret).filter(|t| !t.is_float()).ok_or_else(|| {
            err(
                line,
                format!("`@{callee}` of {} is not modelled", ret.text()),
            )
        })?;
        let xs = self.vec_of(fr, v, n)?;
        let mut acc = xs[0];
        for x in xs.into_iter().skip(1) {
            acc = match what {
                "add" | "mul" | "and" | "or" | "xor" => self.arith(what, t, acc, x)?,
                "smax" | "smin" | "umax" | "umin" => {
                    let op = match what {
                        "smax" => CmpOp::Sgt,
                        "smin" => CmpOp::Slt,
                        "umax" => CmpOp::Ugt,
                        _ => CmpOp::Ult,
                    };
                    let c = self.cmp(op, t, acc, x)?;
                    self.pick(c, acc, x)?
                }
                _ => {
                    return Err(err(line, format!("the intrinsic `@{callee}` is not modelled"))
                        .hint("amdmm reduces integer vectors with add, mul, and, or, xor, smax, smin, umax, umin"))
                }
            };
        }
        let _ = ir_type;
        Ok(Some(V::Int(acc)))
    }
}

/// An atomic vector access is refused. LangRef, "Atomic Memory Ordering
/// Constraints": an atomic access is single-copy atomic as a whole (even
/// `unordered`: "a load must read a value written by some store", never
/// pieces of two stores), and memory-model.txt's value rule ("R returns
/// the value written by one of those writes") speaks of one write for the
/// whole read. amdmm models a buffer element as one memory location and
/// a vector access as one access per element (docs/semantics.md, "Vector
/// accesses"): one atomic event per element would let a load take lane 0
/// from one store and lane 1 from another, an outcome the text forbids,
/// and the model has no event over several locations. So it refuses,
/// saying why (docs/semantics.md, "Atomic vector accesses").
fn atomic_vector(line: u32, what: &str, ty: &Type) -> crate::error::KernelError {
    err(
        line,
        format!("an atomic {what} of {} is not modelled: it is single-copy atomic as a whole (LangRef, \"Atomic Memory Ordering Constraints\"), and amdmm's one event per element would let a load mix the lanes of two stores", ty.text()),
    )
    .hint("access the elements with scalar atomics, or use an integer of the vector's width (an atomic i64 for <2 x i32>) on a buffer of that element width")
}
