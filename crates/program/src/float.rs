//! IEEE-754 `half`, `float` and `double` values, held by the checker as the
//! bit patterns of their type (docs/semantics.md, "Floating-point values").
//!
//! A value of a floating-point type is an integer of the same width whose
//! bits are the IEEE-754 encoding, in the checker's sign-extended form (as
//! [`Ty::wrap`] gives it): loads, stores and `xchg` move bits unchanged,
//! and only the floating-point `atomicrmw` operations look at them as
//! numbers.

use crate::program::{BinOp, ConvOp, FMathOp, FPred, RmwOp, Ty};
use half::f16;

/// LangRef, "Behavior of Floating-Point NaN values": the preferred NaN,
/// "the quiet bit is set and the payload is all-zero", with sign 0 — the one
/// NaN amdmm's operations produce.
fn preferred_nan(ty: Ty) -> i64 {
    match ty {
        Ty::Half => ty.wrap(0x7e00),
        Ty::Float => ty.wrap(0x7fc0_0000),
        _ => 0x7ff8_0000_0000_0000,
    }
}

/// The number `bits` encodes in `ty` (widened to `f64`, which is exact).
pub fn to_f64(ty: Ty, bits: i64) -> f64 {
    match ty {
        Ty::Half => f16::from_bits(bits as u16).to_f64(),
        Ty::Float => f32::from_bits(bits as u32) as f64,
        _ => f64::from_bits(bits as u64),
    }
}

/// Is `bits` a NaN of `ty`?
pub fn is_nan(ty: Ty, bits: i64) -> bool {
    to_f64(ty, bits).is_nan()
}

/// A decimal literal (its source text, `1.5`, `-0.0`, `2.5e-3`) as the
/// bits of `ty`, rounded to nearest, ties to even. LangRef, "Simple
/// Constants": "Floating-point constants use standard decimal notation
/// [...] The assembler requires the exact decimal value of a
/// floating-point constant" — amdmm rounds an inexact one (`0.1`) to the
/// nearest value instead, and refuses a literal that overflows the type
/// (docs/semantics.md, "Floating-point values").
/// `half` is rounded from the nearest `f64`, which can differ from direct
/// rounding only for literals within 2^-53 of a `half` rounding boundary.
pub fn parse_literal(ty: Ty, text: &str) -> Result<i64, String> {
    let bits = match ty {
        Ty::Half => {
            let v: f64 = text.parse().map_err(|_| format!("malformed `{text}`"))?;
            let h = f16::from_f64(v);
            (!h.is_infinite()).then(|| ty.wrap(h.to_bits() as i64))
        }
        Ty::Float => {
            let v: f32 = text.parse().map_err(|_| format!("malformed `{text}`"))?;
            v.is_finite().then(|| ty.wrap(v.to_bits() as i64))
        }
        Ty::Double => {
            let v: f64 = text.parse().map_err(|_| format!("malformed `{text}`"))?;
            v.is_finite().then(|| v.to_bits() as i64)
        }
        _ => return Err(format!("`{}` is not a floating-point type", ty.name())),
    };
    bits.ok_or_else(|| format!("`{text}` overflows `{}`", ty.name()))
}

/// The shortest decimal that reads back as `bits` of `ty` (`1.5`, `-0.0`,
/// `nan`, `inf`): how final states show a floating-point observable.
pub fn display(ty: Ty, bits: i64) -> String {
    let text = match ty {
        Ty::Half => format!("{:?}", f16::from_bits(bits as u16).to_f32()),
        Ty::Float => format!("{:?}", f32::from_bits(bits as u32)),
        _ => format!("{:?}", f64::from_bits(bits as u64)),
    };
    match text.as_str() {
        "NaN" => "nan".into(),
        _ => text,
    }
}

/// `v` rounded to `ty`, as its bits; a NaN becomes the preferred NaN.
fn encode(ty: Ty, v: f64) -> i64 {
    if v.is_nan() {
        return preferred_nan(ty);
    }
    match ty {
        Ty::Half => ty.wrap(f16::from_f64(v).to_bits() as i64),
        Ty::Float => ty.wrap((v as f32).to_bits() as i64),
        _ => v.to_bits() as i64,
    }
}

/// `a op b` rounded once to `ty` (round to nearest, ties to even: LangRef,
/// "Floating-Point Environment", "the default LLVM floating-point
/// environment assumes that [...] the rounding mode is
/// round-to-nearest-ties-to-even"). `half` and `float` are computed in
/// `f64`, whose 53 bits are more than 2p + 2 for p = 11 and 24, so rounding
/// twice gives the correctly rounded sum (Figueroa's double-rounding bound).
fn arith(ty: Ty, a: i64, b: i64, sub: bool) -> i64 {
    let (x, y) = (to_f64(ty, a), to_f64(ty, b));
    encode(ty, if sub { x - y } else { x + y })
}

/// The value a floating-point `atomicrmw` writes, from the old value `a`
/// and the operand `b`. LangRef, "'atomicrmw' Instruction":
/// "fadd: *ptr = *ptr + val", "fsub: *ptr = *ptr - val",
/// "fmax: *ptr = maxnum(*ptr, val) (match the llvm.maxnum.* intrinsic)",
/// "fmin: *ptr = minnum(*ptr, val)", "fmaximum: *ptr = maximum(*ptr, val)
/// (match the llvm.maximum.* intrinsic)", "fminimum: *ptr = minimum(*ptr,
/// val)".
///
/// - `maxnum` / `minnum` ("'llvm.maxnum.*' Intrinsic"): "If either operand
///   is a NaN, returns the other non-NaN operand. Returns NaN only if both
///   operands are NaN. [...] If the operands compare equal, returns either
///   one of the operands. For example, this means that fmax(+0.0, -0.0)
///   returns either operand." This function returns `a` for equal operands;
///   the explorer also runs the operation with its operands swapped, so both
///   choices are explored.
/// - `maximum` / `minimum` ("'llvm.maximum.*' Intrinsic"): "If either
///   operand is a NaN, returns NaN. [...] -0.0 is considered to be less
///   than +0.0 for this intrinsic."
/// - A NaN result is the preferred NaN (docs/semantics.md, "Floating-point
///   values").
pub fn rmw(op: RmwOp, ty: Ty, a: i64, b: i64) -> i64 {
    let (x, y) = (to_f64(ty, a), to_f64(ty, b));
    // `x` is greater in maxnum's order (equal operands: neither).
    let greater = |x: f64, y: f64| x > y;
    match op {
        RmwOp::FAdd => arith(ty, a, b, false),
        RmwOp::FSub => arith(ty, a, b, true),
        RmwOp::FMax | RmwOp::FMin => match (x.is_nan(), y.is_nan()) {
            (true, true) => preferred_nan(ty),
            (true, false) => ty.wrap(b),
            (false, true) => ty.wrap(a),
            _ => {
                let pick_b = if op == RmwOp::FMax {
                    greater(y, x)
                } else {
                    greater(x, y)
                };
                ty.wrap(if pick_b { b } else { a })
            }
        },
        RmwOp::FMaximum | RmwOp::FMinimum => {
            if x.is_nan() || y.is_nan() {
                return preferred_nan(ty);
            }
            // Total order on the non-NaN values with -0.0 < +0.0.
            let key = |v: f64| (v, !v.is_sign_negative());
            let b_greater = key(y).partial_cmp(&key(x)) == Some(std::cmp::Ordering::Greater);
            let pick_b = if op == RmwOp::FMaximum {
                b_greater
            } else {
                key(y).partial_cmp(&key(x)) == Some(std::cmp::Ordering::Less)
            };
            ty.wrap(if pick_b { b } else { a })
        }
        _ => unreachable!("not a floating-point atomicrmw operation"),
    }
}

/// `a op b` of the floating-point type `ty` (`fadd`, `fsub`, `fmul`,
/// `fdiv`, `frem`), rounded once to `ty` (round to nearest, ties to even,
/// as [`rmw`]'s `fadd`; `half` and `float` are computed in `f64`, which
/// rounds `+ - * /` correctly for them by the same double-rounding bound,
/// and `frem` is exact). LangRef, "'frem' Instruction": "the same sign as
/// the dividend", which is `f64`'s `%`. A NaN result is the preferred NaN
/// (docs/semantics.md, "Floating-point values"). `None` for an operation
/// that is not floating-point.
pub fn bin(op: BinOp, ty: Ty, a: i64, b: i64) -> Option<i64> {
    let (x, y) = (to_f64(ty, a), to_f64(ty, b));
    let r = match op {
        BinOp::FAdd => x + y,
        BinOp::FSub => x - y,
        BinOp::FMul => x * y,
        BinOp::FDiv => x / y,
        BinOp::FRem => x % y,
        _ => return None,
    };
    Some(encode(ty, r))
}

/// The floating-point intrinsic `op` on `a` (and `b`) of type `ty`
/// (LangRef, "Standard C/C++ Library Intrinsics"); `None` for a result
/// that is poison. A NaN result is the preferred NaN.
///
/// - `sqrt` ("'llvm.sqrt.*' Intrinsic": "the same as the library sqrt
///   function ... correctly rounded", IEEE-754's squareRoot): computed in
///   `f64`, correctly rounded for `half` and `float` by the same
///   double-rounding bound as [`bin`] (53 >= 2p + 2), exact for `double`.
/// - `floor`, `ceil`, `trunc`, `round` (ties away from zero), `rint` /
///   `nearbyint` / `roundeven` (ties to even: the default rounding mode):
///   the integral value, exact in the type.
/// - `minnum`/`maxnum` and `minimum`/`maximum`: [`rmw`]'s `fmin`/`fmax`/
///   `fminimum`/`fmaximum`, which LangRef defines as these intrinsics (for
///   operands that compare equal, `minnum`/`maxnum` may return either;
///   amdmm returns `a`: docs/semantics.md, "Floating-point intrinsics").
/// - `copysign` ("'llvm.copysign.*' Intrinsic": "the magnitude of the
///   first operand with the sign bit of the second operand"): bits.
/// - `AddOdd`, `AddErr`, `MulErr`: the exact steps `llvm.fma` is built
///   from (`f64` only; `amdmm-kernel` composes them): `a + b` rounded to
///   odd, the error of `a + b` (2Sum), the error of `a * b` (by `f64`'s
///   fused multiply-add). An error is 0 when the rounded result is not
///   finite.
pub fn math(op: FMathOp, ty: Ty, a: i64, b: i64) -> Option<i64> {
    let (x, y) = (to_f64(ty, a), to_f64(ty, b));
    let r = match op {
        FMathOp::Sqrt => x.sqrt(),
        FMathOp::Floor => x.floor(),
        FMathOp::Ceil => x.ceil(),
        FMathOp::Trunc => x.trunc(),
        FMathOp::Round => x.round(),
        FMathOp::Rint => x.round_ties_even(),
        FMathOp::MinNum => return Some(rmw(RmwOp::FMin, ty, a, b)),
        FMathOp::MaxNum => return Some(rmw(RmwOp::FMax, ty, a, b)),
        FMathOp::Minimum => return Some(rmw(RmwOp::FMinimum, ty, a, b)),
        FMathOp::Maximum => return Some(rmw(RmwOp::FMaximum, ty, a, b)),
        FMathOp::Copysign => {
            let sign = ty.wrap(1i64 << (ty.bits() - 1));
            return Some(ty.wrap((a & !sign) | (b & sign)));
        }
        FMathOp::AddOdd => {
            let s = x + y;
            let e = two_sum_error(x, y, s);
            if e != 0.0 && s.to_bits() & 1 == 0 {
                // Toward the exact sum, by one unit in the last place.
                let toward = if e > 0.0 { 1i64 } else { -1 };
                let step = if s >= 0.0 { toward } else { -toward };
                f64::from_bits((s.to_bits() as i64 + step) as u64)
            } else {
                s
            }
        }
        FMathOp::AddErr => two_sum_error(x, y, x + y),
        FMathOp::MulErr => {
            let p = x * y;
            if p.is_finite() {
                x.mul_add(y, -p)
            } else {
                0.0
            }
        }
    };
    Some(encode(ty, r))
}

/// Knuth's 2Sum: the exact `(x + y) - s` for `s = RN(x + y)`; 0 when `s`
/// is not finite.
fn two_sum_error(x: f64, y: f64, s: f64) -> f64 {
    if !s.is_finite() {
        return 0.0;
    }
    let yy = s - x;
    let xx = s - yy;
    (x - xx) + (y - yy)
}

/// `fcmp PRED a, b` of the floating-point type `ty` (LangRef, "'fcmp'
/// Instruction": ordered predicates are false when either operand is a
/// NaN, unordered ones true).
pub fn cmp(p: FPred, ty: Ty, a: i64, b: i64) -> bool {
    let (x, y) = (to_f64(ty, a), to_f64(ty, b));
    let nan = x.is_nan() || y.is_nan();
    let (eq, lt, gt) = (x == y, x < y, x > y);
    match p {
        FPred::False => false,
        FPred::True => true,
        FPred::Ord => !nan,
        FPred::Uno => nan,
        FPred::Oeq => eq,
        FPred::Ogt => gt,
        FPred::Oge => gt || eq,
        FPred::Olt => lt,
        FPred::Ole => lt || eq,
        FPred::One => lt || gt,
        FPred::Ueq => nan || eq,
        FPred::Ugt => nan || gt,
        FPred::Uge => nan || gt || eq,
        FPred::Ult => nan || lt,
        FPred::Ule => nan || lt || eq,
        FPred::Une => nan || !eq,
    }
}

/// `a` of type `from` converted to `to` (LangRef, "Conversion
/// Operations"): `sitofp`/`uitofp` round to nearest; `fptosi`/`fptoui`
/// truncate toward zero, and "If the value cannot fit in ty2, the result
/// is a poison value" (`None`; a NaN does not fit either); `fpext` is
/// exact, `fptrunc` rounds to nearest. A NaN result is the preferred NaN.
pub fn convert(op: ConvOp, from: Ty, to: Ty, a: i64) -> Option<i64> {
    let int_bits = |t: Ty| t.bits().min(64);
    match op {
        ConvOp::SIToFP | ConvOp::UIToFP => {
            let signed = from.wrap(a);
            let w = int_bits(from);
            let unsigned = if w >= 64 {
                a as u64
            } else {
                (a as u64) & ((1u64 << w) - 1)
            };
            let bits = match (to, op) {
                (Ty::Float, ConvOp::SIToFP) => (signed as f32).to_bits() as i64,
                (Ty::Float, _) => (unsigned as f32).to_bits() as i64,
                (Ty::Double, ConvOp::SIToFP) => (signed as f64).to_bits() as i64,
                (Ty::Double, _) => (unsigned as f64).to_bits() as i64,
                (_, ConvOp::SIToFP) => f16::from_f64(signed as f64).to_bits() as i64,
                _ => f16::from_f64(unsigned as f64).to_bits() as i64,
            };
            Some(to.wrap(bits))
        }
        ConvOp::FPToSI | ConvOp::FPToUI => {
            let v = to_f64(from, a).trunc();
            let w = int_bits(to) as i32;
            let (lo, hi) = if op == ConvOp::FPToSI {
                (-(2f64.powi(w - 1)), 2f64.powi(w - 1))
            } else {
                (0.0, 2f64.powi(w))
            };
            // NaN fails both comparisons.
            if !(v >= lo && v < hi) {
                return None;
            }
            let r = if op == ConvOp::FPToSI {
                v as i64
            } else {
                v as u64 as i64
            };
            Some(to.wrap(r))
        }
        ConvOp::FPExt | ConvOp::FPTrunc => Some(encode(to, to_f64(from, a))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn f(v: f32) -> i64 {
        Ty::Float.wrap(v.to_bits() as i64)
    }

    #[test]
    fn literals_round_to_the_type() {
        assert_eq!(parse_literal(Ty::Float, "1.5"), Ok(f(1.5)));
        assert_eq!(parse_literal(Ty::Float, "-0.0"), Ok(f(-0.0)));
        assert_eq!(parse_literal(Ty::Float, "0.1"), Ok(f(0.1)));
        assert_eq!(
            parse_literal(Ty::Double, "0.1"),
            Ok(0.1f64.to_bits() as i64)
        );
        assert_eq!(parse_literal(Ty::Half, "1.5"), Ok(0x3e00));
        assert_eq!(parse_literal(Ty::Half, "-2.0"), Ok(Ty::Half.wrap(0xc000)));
        assert!(parse_literal(Ty::Half, "70000.0").is_err());
        assert!(parse_literal(Ty::Float, "1e39").is_err());
    }

    #[test]
    fn fadd_rounds_and_nan_is_preferred() {
        assert_eq!(rmw(RmwOp::FAdd, Ty::Float, f(1.5), f(2.25)), f(3.75));
        assert_eq!(rmw(RmwOp::FSub, Ty::Float, f(1.0), f(3.0)), f(-2.0));
        // 2^24 + 1 is not a float: ties to even.
        assert_eq!(
            rmw(RmwOp::FAdd, Ty::Float, f(16777216.0), f(1.0)),
            f(16777216.0)
        );
        let inf = f(f32::INFINITY);
        assert_eq!(rmw(RmwOp::FSub, Ty::Float, inf, inf), 0x7fc0_0000);
        assert_eq!(rmw(RmwOp::FAdd, Ty::Half, 0x3c00, 0x3c00), 0x4000);
    }

    #[test]
    fn math_intrinsics_round_as_ieee_754_says() {
        let d = |v: f64| v.to_bits() as i64;
        assert_eq!(
            math(FMathOp::Sqrt, Ty::Float, f(2.0), 0),
            Some(f(2f32.sqrt()))
        );
        assert_eq!(
            math(FMathOp::Sqrt, Ty::Double, d(2.0), 0),
            Some(d(2f64.sqrt()))
        );
        assert_eq!(
            math(FMathOp::Sqrt, Ty::Float, f(-1.0), 0),
            Some(0x7fc0_0000)
        );
        assert_eq!(math(FMathOp::Floor, Ty::Float, f(-1.5), 0), Some(f(-2.0)));
        assert_eq!(math(FMathOp::Ceil, Ty::Float, f(-1.5), 0), Some(f(-1.0)));
        assert_eq!(math(FMathOp::Trunc, Ty::Float, f(-1.5), 0), Some(f(-1.0)));
        assert_eq!(math(FMathOp::Round, Ty::Float, f(2.5), 0), Some(f(3.0)));
        assert_eq!(math(FMathOp::Rint, Ty::Float, f(2.5), 0), Some(f(2.0)));
        assert_eq!(math(FMathOp::Round, Ty::Float, f(-0.4), 0), Some(f(-0.0)));
        assert_eq!(
            math(FMathOp::Copysign, Ty::Float, f(3.0), f(-0.0)),
            Some(f(-3.0))
        );
        assert_eq!(
            math(FMathOp::Copysign, Ty::Half, 0xbc00u16 as i16 as i64, 0x0000),
            Some(0x3c00)
        );
        assert_eq!(
            math(FMathOp::Minimum, Ty::Float, f(0.0), f(-0.0)),
            Some(f(-0.0))
        );
        assert_eq!(
            math(FMathOp::MaxNum, Ty::Float, f(f32::NAN), f(1.0)),
            Some(f(1.0))
        );
    }

    /// Round-to-odd: 1 + 2^-60 is not a double; RN gives 1 (even last
    /// bit), RO the next double up (odd); the errors are exact.
    #[test]
    fn fma_steps_are_exact() {
        let d = |v: f64| v.to_bits() as i64;
        let tiny = 2f64.powi(-60);
        assert_eq!(
            math(FMathOp::AddOdd, Ty::Double, d(1.0), d(tiny)),
            Some(d(f64::from_bits(1f64.to_bits() + 1)))
        );
        assert_eq!(
            math(FMathOp::AddOdd, Ty::Double, d(1.0), d(2.0)),
            Some(d(3.0))
        );
        assert_eq!(
            math(FMathOp::AddErr, Ty::Double, d(1.0), d(tiny)),
            Some(d(tiny))
        );
        let a = 1.0 + 2f64.powi(-30);
        // a * a = 1 + 2^-29 + 2^-60: the last term is the product's error.
        assert_eq!(
            math(FMathOp::MulErr, Ty::Double, d(a), d(a)),
            Some(d(2f64.powi(-60)))
        );
    }

    #[test]
    fn maxnum_ignores_nan_and_maximum_propagates_it() {
        let nan = f(f32::NAN);
        assert_eq!(rmw(RmwOp::FMax, Ty::Float, nan, f(1.0)), f(1.0));
        assert_eq!(rmw(RmwOp::FMin, Ty::Float, f(1.0), nan), f(1.0));
        assert_eq!(rmw(RmwOp::FMaximum, Ty::Float, nan, f(1.0)), 0x7fc0_0000);
        assert_eq!(rmw(RmwOp::FMinimum, Ty::Float, f(1.0), nan), 0x7fc0_0000);
        assert_eq!(rmw(RmwOp::FMax, Ty::Float, f(1.0), f(2.0)), f(2.0));
        assert_eq!(rmw(RmwOp::FMin, Ty::Float, f(1.0), f(2.0)), f(1.0));
    }

    #[test]
    fn signed_zeros() {
        let (p, n) = (f(0.0), f(-0.0));
        // maxnum: either operand; this function returns the first.
        assert_eq!(rmw(RmwOp::FMax, Ty::Float, p, n), p);
        assert_eq!(rmw(RmwOp::FMax, Ty::Float, n, p), n);
        // maximum: -0.0 < +0.0.
        assert_eq!(rmw(RmwOp::FMaximum, Ty::Float, n, p), p);
        assert_eq!(rmw(RmwOp::FMaximum, Ty::Float, p, n), p);
        assert_eq!(rmw(RmwOp::FMinimum, Ty::Float, p, n), n);
        assert_eq!(rmw(RmwOp::FMinimum, Ty::Float, n, p), n);
    }

    #[test]
    fn display_is_the_shortest_decimal() {
        assert_eq!(display(Ty::Float, f(1.5)), "1.5");
        assert_eq!(display(Ty::Float, f(-0.0)), "-0.0");
        assert_eq!(display(Ty::Float, 0x7fc0_0000), "nan");
        assert_eq!(display(Ty::Half, 0x3e00), "1.5");
        assert_eq!(display(Ty::Double, 0.1f64.to_bits() as i64), "0.1");
    }

    #[test]
    fn conversions_and_comparisons() {
        let f = |x: f32| Ty::Float.wrap(x.to_bits() as i64);
        // fptosi truncates toward zero; 300.0 does not fit i8 (poison).
        assert_eq!(
            convert(ConvOp::FPToSI, Ty::Float, Ty::I32, f(-2.75)),
            Some(-2)
        );
        assert_eq!(convert(ConvOp::FPToSI, Ty::Float, Ty::I8, f(300.0)), None);
        assert_eq!(convert(ConvOp::FPToUI, Ty::Float, Ty::I32, f(-1.0)), None);
        assert_eq!(
            convert(ConvOp::FPToSI, Ty::Float, Ty::I32, f(f32::NAN)),
            None
        );
        // uitofp reads the bits unsigned: i8 -1 is 255.
        assert_eq!(
            convert(ConvOp::UIToFP, Ty::I8, Ty::Float, -1),
            Some(f(255.0))
        );
        assert_eq!(
            convert(ConvOp::SIToFP, Ty::I8, Ty::Float, -1),
            Some(f(-1.0))
        );
        // fcmp with a NaN: ordered false, unordered true; -0.0 == 0.0.
        let nan = f(f32::NAN);
        assert!(!cmp(FPred::Oeq, Ty::Float, nan, nan));
        assert!(cmp(FPred::Une, Ty::Float, nan, nan));
        assert!(cmp(FPred::Oeq, Ty::Float, f(-0.0), f(0.0)));
        // fdiv of zeros is the preferred NaN.
        assert_eq!(
            bin(BinOp::FDiv, Ty::Float, f(0.0), f(0.0)),
            Some(preferred_nan(Ty::Float))
        );
        assert_eq!(bin(BinOp::Add, Ty::Float, 0, 0), None);
    }
}
