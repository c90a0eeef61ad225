//! Floating-point arithmetic, comparisons and conversions: values are the
//! IEEE-754 bits of `half`, `float` and `double` (docs/semantics.md,
//! "Floating-point values"), computed by the program's `FAdd` ... `Conv`
//! operations (`amdmm_program::float`) at exploration time.

use super::{err, Frame, Tx, V};
use crate::error::Result;
use crate::ir::{Type, Value};
use crate::lower::prog_ty;
use amdmm_program::{BinOp, CmpOp, ConvOp, FMathOp, FPred, Operand, Ty};

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
        self.cmp(CmpOp::F(p), t, x, y)
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

    /// The floating-point intrinsics (LangRef, "Standard C/C++ Library
    /// Intrinsics"; `amdmm_program::float::math` cites each rule), on
    /// scalars and element-wise on vectors:
    ///
    /// - `llvm.fabs` clears the sign bit; `llvm.copysign` takes the
    ///   magnitude of the first operand and the sign of the second.
    /// - `llvm.fmuladd`: "a * b + c, except that it is unspecified whether
    ///   rounding will be performed between the multiplication and
    ///   addition steps": amdmm rounds between them (the unfused result,
    ///   one of the two allowed; docs/semantics.md, "Kernels").
    /// - `llvm.fma` ("'llvm.fma.*' Intrinsic": "the fused multiply-add
    ///   operation", rounded once): `half` and `float` by the exact
    ///   product in `double` and a sum rounded to odd, then rounded to the
    ///   type (Boldo and Melquiond, "Emulation of FMA and correctly
    ///   rounded sums: proved algorithms using rounding to odd", IEEE TC
    ///   2008: rounding to odd in 53 >= p + 2 bits, then to nearest in p,
    ///   is correctly rounded); `double` by their Algorithm 5.4 (the
    ///   product's exact error, 2Sum, a sum rounded to odd, a last
    ///   rounding), exact unless `a * b` overflows or falls into the
    ///   subnormal range (docs/semantics.md, "Floating-point intrinsics").
    /// - `llvm.sqrt` (correctly rounded, IEEE-754 squareRoot), `llvm.floor`,
    ///   `ceil`, `trunc`, `round`, `rint`, `nearbyint`, `roundeven`,
    ///   `minnum`, `maxnum`, `minimum`, `maximum`.
    ///
    /// Fast-math flags (`afn` among them) and `!fpmath` allow a less
    /// accurate result; amdmm computes the correctly rounded one, which
    /// they also allow. The target's approximate intrinsics
    /// (`llvm.amdgcn.rcp`, `rsq`, `sqrt`, `exp2`, `log`, `sin`, `cos`)
    /// and LLVM's transcendental ones are refused: their result is not
    /// one value amdmm could compute.
    pub(super) fn float_intrinsic(
        &mut self,
        fr: &Frame,
        callee: &str,
        ret: &Type,
        args: &[(Type, Value)],
    ) -> Result<Option<V>> {
        if let Some(name) = APPROXIMATE
            .iter()
            .find(|n| callee == **n || callee.strip_prefix(**n).is_some_and(|r| r.starts_with('.')))
        {
            return Err(err(self.line(), format!("`@{callee}` is not modelled: `{name}` is the target's approximate operation, whose result the hardware defines only to within some ulps"))
                .hint("amdmm models correctly rounded floating point; use the IEEE operation (llvm.sqrt, fdiv) in the source, or leave the approximation out of the checked kernel"));
        }
        let Some(base) = callee
            .strip_prefix("llvm.")
            .and_then(|r| r.split('.').next())
        else {
            return Ok(None);
        };
        if TRANSCENDENTAL.contains(&base) {
            return Err(err(self.line(), format!("`@{callee}` is not modelled: LangRef leaves the accuracy of `llvm.{base}` to the target"))
                .hint("amdmm models the correctly rounded operations (+ - * /, fma, sqrt, rounding, min/max, copysign)"));
        }
        let (kind, arity) = match base {
            "fabs" => (Kind::Fabs, 1),
            "fmuladd" => (Kind::FmulAdd, 3),
            "fma" => (Kind::Fma, 3),
            "sqrt" => (Kind::Math(FMathOp::Sqrt), 1),
            "floor" => (Kind::Math(FMathOp::Floor), 1),
            "ceil" => (Kind::Math(FMathOp::Ceil), 1),
            "trunc" => (Kind::Math(FMathOp::Trunc), 1),
            "round" => (Kind::Math(FMathOp::Round), 1),
            "rint" | "nearbyint" | "roundeven" => (Kind::Math(FMathOp::Rint), 1),
            "minnum" => (Kind::Math(FMathOp::MinNum), 2),
            "maxnum" => (Kind::Math(FMathOp::MaxNum), 2),
            "minimum" => (Kind::Math(FMathOp::Minimum), 2),
            "maximum" => (Kind::Math(FMathOp::Maximum), 2),
            "copysign" => (Kind::Math(FMathOp::Copysign), 2),
            _ => return Ok(None),
        };
        if args.len() != arity {
            return Err(err(
                self.line(),
                format!(
                    "`@{callee}` with {} operands ({arity} expected)",
                    args.len()
                ),
            ));
        }
        let hint = |e: crate::error::KernelError| {
            e.hint(format!(
                "`@{callee}` is modelled on half, float and double, and vectors of them"
            ))
        };
        if let Type::Vector(n, e) = ret {
            let t = self.float_ty(e).map_err(hint)?;
            let mut lanes = Vec::new();
            for (_, v) in args {
                lanes.push(self.vec_of(fr, v, *n as usize)?);
            }
            let mut out = Vec::with_capacity(*n as usize);
            for k in 0..*n as usize {
                let ops: Vec<Operand> = lanes.iter().map(|l| l[k]).collect();
                out.push(self.float_op(kind, t, &ops)?);
            }
            return Ok(Some(self.new_vec(out)));
        }
        let t = self.float_ty(ret).map_err(hint)?;
        let mut ops = Vec::new();
        for (_, v) in args {
            ops.push(self.int(fr, v)?);
        }
        Ok(Some(V::Int(self.float_op(kind, t, &ops)?)))
    }

    /// One lane of a floating-point intrinsic (`ops` has its arity).
    fn float_op(&mut self, kind: Kind, t: Ty, ops: &[Operand]) -> Result<Operand> {
        let math = |tx: &mut Tx, op: FMathOp, t: Ty, a: Operand, b: Operand| {
            tx.bin(BinOp::FMath(op), t, a, b)
        };
        match (kind, ops) {
            (Kind::Fabs, [x]) => self.bin(BinOp::And, bits_ty(t), *x, Operand::Const(!sign_bit(t))),
            (Kind::FmulAdd, [a, b, c]) => {
                let p = self.bin(BinOp::FMul, t, *a, *b)?;
                self.bin(BinOp::FAdd, t, p, *c)
            }
            (Kind::Fma, [a, b, c]) if t == Ty::Double => {
                // Algorithm 5.4: uh + ul = a * b exactly, th + tl = c + uh
                // exactly, then RN(th + RO(tl + ul)).
                let uh = self.bin(BinOp::FMul, t, *a, *b)?;
                let ul = math(self, FMathOp::MulErr, t, *a, *b)?;
                let th = self.bin(BinOp::FAdd, t, *c, uh)?;
                let tl = math(self, FMathOp::AddErr, t, *c, uh)?;
                let v = math(self, FMathOp::AddOdd, t, tl, ul)?;
                self.bin(BinOp::FAdd, t, th, v)
            }
            (Kind::Fma, [a, b, c]) => {
                let wide = |tx: &mut Tx, x: Operand| {
                    tx.bin(
                        BinOp::Conv {
                            op: ConvOp::FPExt,
                            from: t,
                        },
                        Ty::Double,
                        x,
                        Operand::Const(0),
                    )
                };
                let (a, b, c) = (wide(self, *a)?, wide(self, *b)?, wide(self, *c)?);
                // Exact: 2 x 24 significant bits fit in 53.
                let p = self.bin(BinOp::FMul, Ty::Double, a, b)?;
                let s = math(self, FMathOp::AddOdd, Ty::Double, p, c)?;
                self.bin(
                    BinOp::Conv {
                        op: ConvOp::FPTrunc,
                        from: Ty::Double,
                    },
                    t,
                    s,
                    Operand::Const(0),
                )
            }
            (Kind::Math(op), [x]) => math(self, op, t, *x, Operand::Const(0)),
            (Kind::Math(op), [x, y]) => math(self, op, t, *x, *y),
            _ => Err(err(
                self.line(),
                "internal: a floating-point intrinsic's operands",
            )),
        }
    }
}

/// What a floating-point intrinsic computes.
#[derive(Clone, Copy)]
enum Kind {
    Fabs,
    FmulAdd,
    Fma,
    Math(FMathOp),
}

/// The target's approximate floating-point intrinsics. AMDGPUUsage, "LLVM
/// IR Intrinsics" (table "AMDGPU LLVM IR Intrinsics"): `llvm.amdgcn.sqrt`,
/// `log` and `exp2` "provide direct access to" the instructions
/// v_sqrt/v_log/v_exp, for which "the hardware provides 1ULP accuracy for
/// float, 0.51ULP for half"; `rcp`, `rsq`, `sin`, `cos` likewise give
/// direct access to v_rcp/v_rsq/v_sin/v_cos. Their result is the
/// hardware's, within some ulps, not one IEEE value.
const APPROXIMATE: &[&str] = &[
    "llvm.amdgcn.rcp",
    "llvm.amdgcn.rcp.legacy",
    "llvm.amdgcn.rsq",
    "llvm.amdgcn.rsq.legacy",
    "llvm.amdgcn.rsq.clamp",
    "llvm.amdgcn.sqrt",
    "llvm.amdgcn.exp2",
    "llvm.amdgcn.log",
    "llvm.amdgcn.log.clamp",
    "llvm.amdgcn.sin",
    "llvm.amdgcn.cos",
];

/// LLVM's intrinsics whose accuracy LangRef leaves to the target.
const TRANSCENDENTAL: &[&str] = &[
    "exp", "exp2", "exp10", "log", "log2", "log10", "sin", "cos", "tan", "asin", "acos", "atan",
    "atan2", "sinh", "cosh", "tanh", "pow", "powi",
];
