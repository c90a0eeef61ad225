//! IEEE-754 `half`, `float` and `double` values, held by the checker as the
//! bit patterns of their type (docs/semantics.md, "Floating-point values").
//!
//! A value of a floating-point type is an integer of the same width whose
//! bits are the IEEE-754 encoding, in the checker's sign-extended form (as
//! [`Ty::wrap`] gives it): loads, stores and `xchg` move bits unchanged,
//! and only the floating-point `atomicrmw` operations look at them as
//! numbers.

use crate::program::{BinOp, ConvOp, FPred, RmwOp, Ty};
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
