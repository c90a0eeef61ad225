//! Floating-point arithmetic, comparisons and conversions: values are the
//! IEEE-754 bits of `half`, `float` and `double` (docs/semantics.md,
//! "Floating-point values"), computed by the program's `FAdd` ... `Conv`
//! operations (`amdmm_program::float`) at exploration time.

use super::{err, Frame, Tx, V};
use crate::error::Result;
use crate::ir::{Type, Value};
use crate::lower::prog_ty;
use amdmm_program::{BinOp, CmpOp, ConvOp, FPred, Instr, Operand, Ty};

/// The integer type of a floating-point type's bits.
fn bits_ty(t: Ty) -> Ty {
    match t {
        Ty::Half => Ty::I16,
        Ty::Float => Ty::I32,
        _ => Ty::I64,
    }
}

/// The sign bit of `t`, in the checker's sign-extended form.
fn sign_bit(t: Ty) -> i64 {
    t.wrap(1i64 << (t.bits() - 1))
}

impl<'a> Tx<'a> {
    /// LangRef, "'fadd'", "'fsub'", "'fmul'", "'fdiv'", "'frem'
    /// Instruction": the IEEE-754 operation on the values, rounded to
    /// nearest even (`amdmm_program::float::bin`). Fast-math flags are
    /// read and not used: amdmm computes the IEEE result, one of the
    /// results they allow (docs/semantics.md, "Kernels").
    pub(super) fn float_bin(&mut self, op: &str, t: Ty, x: Operand, y: Operand) -> Result<Operand> {
        let b = match op {
            "fadd" => BinOp::FAdd,
            "fsub" => BinOp::FSub,
            "fmul" => BinOp::FMul,
            "fdiv" => BinOp::FDiv,
            "frem" => BinOp::FRem,
            _ => {
                return Err(err(self.line(), format!("`{op}` of {}", t.name()))
                    .hint("integer operations do not apply to floating-point values"))
            }
        };
        self.bin(b, t, x, y)
    }

    /// LangRef, "'fneg' Instruction": "a copy of the operand with its
    /// sign bit flipped" (on NaNs too): an `xor` of the bits.
    pub(super) fn fneg(&mut self, fr: &Frame, op: &str, ty: &Type, a: &Value) -> Result<V> {
        if op != "fneg" {
            return Err(err(
                self.line(),
                format!("the unary operation `{op}` is not modelled"),
            ));
        }
        if let Type::Vector(n, e) = ty {
            let xs = self.vec_of(fr, a, *n as usize)?;
            let t = self.float_ty(e)?;
            let mut out = Vec::with_capacity(xs.len());
            for x in xs {
                out.push(self.bin(BinOp::Xor, bits_ty(t), x, Operand::Const(sign_bit(t)))?);
            }
            return Ok(self.new_vec(out));
        }
        let t = self.float_ty(ty)?;
        let x = self.int(fr, a)?;
        Ok(V::Int(self.bin(
            BinOp::Xor,
            bits_ty(t),
            x,
            Operand::Const(sign_bit(t)),
        )?))
    }

    fn float_ty(&self, ty: &Type) -> Result<Ty> {
        prog_ty(ty).filter(|t| t.is_float()).ok_or_else(|| {
            err(
                self.line(),
                format!("{} is not a floating-point type", ty.text()),
            )
        })
    }

    /// LangRef, "'fcmp' Instruction" (`amdmm_program::float::cmp`); a
    /// vector compares each lane.
    pub(super) fn fcmp(
        &mut self,
        fr: &Frame,
        pred: &str,
        ty: &Type,
        a: &Value,
        b: &Value,
    ) -> Result<V> {
        let p = FPred::ALL
            .into_iter()
            .find(|p| p.name() == pred)
            .ok_or_else(|| err(self.line(), format!("unknown fcmp predicate `{pred}`")))?;
        if let Type::Vector(n, e) = ty {
            let t = self.float_ty(e)?;
            let (xs, ys) = (
                self.vec_of(fr, a, *n as usize)?,
                self.vec_of(fr, b, *n as usize)?,
            );
            let mut out = Vec::with_capacity(xs.len());
            for (x, y) in xs.into_iter().zip(ys) {
                out.push(self.float_cmp(p, t, x, y)?);
            }
            return Ok(self.new_vec(out));
        }
        let t = self.float_ty(ty)?;
        let (x, y) = (self.int(fr, a)?, self.int(fr, b)?);
        Ok(V::Int(self.float_cmp(p, t, x, y)?))
    }

    fn float_cmp(&mut self, p: FPred, t: Ty, x: Operand, y: Operand) -> Result<Operand> {
        let op = CmpOp::F(p);
        if let (Operand::Const(a), Operand::Const(b)) = (x, y) {
            return Ok(match super::fold_cmp(op, t, a, b) {
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

    /// `sitofp`, `uitofp`, `fptosi`, `fptoui`, `fpext`, `fptrunc` (LangRef,
    /// "Conversion Operations"; `amdmm_program::float::convert`: a value
    /// that does not fit is poison, `undef` here).
    pub(super) fn convert(
        &mut self,
        op: &str,
        from: &Type,
        x: Operand,
        to: &Type,
    ) -> Result<Operand> {
        let line = self.line();
        let conv = match op {
            "sitofp" => ConvOp::SIToFP,
            "uitofp" => ConvOp::UIToFP,
            "fptosi" => ConvOp::FPToSI,
            "fptoui" => ConvOp::FPToUI,
            "fpext" => ConvOp::FPExt,
            _ => ConvOp::FPTrunc,
        };
        let (Some(f), Some(t)) = (prog_ty(from), prog_ty(to)) else {
            return Err(err(
                line,
                format!(
                    "`{op}` from {} to {} is not modelled",
                    from.text(),
                    to.text()
                ),
            ));
        };
        if f.bits() > 64 || t.bits() > 64 {
            return Err(err(
                line,
                format!(
                    "`{op}` from {} to {} is not modelled",
                    from.text(),
                    to.text()
                ),
            )
            .hint("amdmm converts integers up to 64 bits"));
        }
        self.bin(BinOp::Conv { op: conv, from: f }, t, x, Operand::Const(0))
    }

    /// `llvm.fabs.*` (clear the sign bit) and `llvm.fmuladd.*`, which
    /// LangRef ("'llvm.fmuladd.*' Intrinsic") defines as "a * b + c, except
    /// that it is unspecified whether rounding will be performed between
    /// the multiplication and addition steps": amdmm rounds between them
    /// (the unfused result, one of the two allowed; docs/semantics.md,
    /// "Kernels"). Other floating-point intrinsics are refused by the
    /// caller.
    pub(super) fn float_intrinsic(
        &mut self,
        fr: &Frame,
        callee: &str,
        ret: &Type,
        args: &[(Type, Value)],
    ) -> Result<Option<V>> {
        let fabs = callee.starts_with("llvm.fabs.");
        let fmuladd = callee.starts_with("llvm.fmuladd.");
        if !fabs && !fmuladd {
            return Ok(None);
        }
        let t = self.float_ty(ret).map_err(|e| {
            e.hint(format!(
                "`@{callee}` is modelled on scalar half, float and double"
            ))
        })?;
        let mut ops = Vec::new();
        for (_, v) in args {
            ops.push(self.int(fr, v)?);
        }
        let v = match (fabs, ops.as_slice()) {
            (true, [x]) => self.bin(BinOp::And, bits_ty(t), *x, Operand::Const(!sign_bit(t)))?,
            (false, [a, b, c]) => {
                let p = self.bin(BinOp::FMul, t, *a, *b)?;
                self.bin(BinOp::FAdd, t, p, *c)?
            }
            _ => {
                return Err(err(
                    self.line(),
                    format!("`@{callee}` with {} operands", ops.len()),
                ))
            }
        };
        Ok(Some(V::Int(v)))
    }
}
