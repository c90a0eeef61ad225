//! The floating-point intrinsics beyond `fabs`/`fmuladd`: `llvm.fma`
//! rounded once, `sqrt`, the roundings, min/max with NaN and signed
//! zeros, `copysign`, on `half`, `float`, `double` and vectors; the
//! target's approximate intrinsics and the transcendental ones refused.

mod common;
use common::{buffers, init_floats, value};

use amdmm_kernel::{run, RunOptions};

fn opts(elem: &str, n: u32, inits: &[f64]) -> RunOptions {
    let mut o = buffers(
        &[("%out", elem, n), ("%in", elem, inits.len().max(1) as u32)],
        &[],
    );
    let values: Vec<(u32, f64)> = (0u32..).zip(inits.iter().copied()).collect();
    init_floats(&mut o, "%in", &values);
    o
}

/// `body` reads `%x`, `%y` (in[0], in[1]) of type `t` and defines `%v0`..
/// `%v{n-1}`, stored to out[0..n].
fn kernel(t: &str, n: u32, body: &str) -> String {
    let mut s = format!(
        "define amdgpu_kernel void @k(ptr addrspace(1) %out, ptr addrspace(1) %in) {{\n  %x = load {t}, ptr addrspace(1) %in\n  %i1 = getelementptr {t}, ptr addrspace(1) %in, i64 1\n  %y = load {t}, ptr addrspace(1) %i1\n{body}"
    );
    for k in 0..n {
        s += &format!("  %o{k} = getelementptr {t}, ptr addrspace(1) %out, i64 {k}\n  store {t} %v{k}, ptr addrspace(1) %o{k}\n");
    }
    s + "  ret void\n}\n"
}

/// LangRef, "'llvm.fma.*' Intrinsic": rounded once. x = 1 + 2^-30:
/// x * x = 1 + 2^-29 + 2^-60, so fma(x, x, -(1 + 2^-29)) = 2^-60 in
/// double, where fmuladd (amdmm: unfused) gives 0; in float, x = 1 +
/// 2^-12 gives 2^-24.
#[test]
fn fma_rounds_once_in_double_float_and_half() {
    let x = 1.0 + 2f64.powi(-30);
    let r = run(
        &kernel(
            "double",
            2,
            "  %v0 = call double @llvm.fma.f64(double %x, double %x, double %y)\n  %v1 = call double @llvm.fmuladd.f64(double %x, double %x, double %y)\n",
        ),
        "k.ll",
        &opts("double", 2, &[x, -(1.0 + 2f64.powi(-29))]),
    )
    .unwrap();
    assert_eq!(value(&r, "%out[0]"), format!("\"{:?}\"", 2f64.powi(-60)));
    assert_eq!(value(&r, "%out[1]"), "\"0.0\"");
    let xf = 1.0 + 2f64.powi(-12);
    let r = run(
        &kernel(
            "float",
            1,
            "  %v0 = call float @llvm.fma.f32(float %x, float %x, float %y)\n",
        ),
        "k.ll",
        &opts("float", 1, &[xf, -(1.0 + 2f64.powi(-11))]),
    )
    .unwrap();
    assert_eq!(value(&r, "%out[0]"), format!("\"{:?}\"", 2f32.powi(-24)));
    // half: x = 1 + 2^-6, x * x = 1 + 2^-5 + 2^-12; minus (1 + 2^-5).
    let r = run(
        &kernel(
            "half",
            1,
            "  %v0 = call half @llvm.fma.f16(half %x, half %x, half %y)\n",
        ),
        "k.ll",
        &opts("half", 1, &[1.0 + 2f64.powi(-6), -(1.0 + 2f64.powi(-5))]),
    )
    .unwrap();
    assert_eq!(value(&r, "%out[0]"), format!("\"{:?}\"", 2f32.powi(-12)));
}

/// Special values go through fma as through a * b + c: inf * 1 + 0 is
/// inf, inf * 0 is a NaN.
#[test]
fn fma_of_infinities_and_nan() {
    let r = run(
        &kernel(
            "double",
            2,
            "  %inf = fdiv double %x, %y\n  %v0 = call double @llvm.fma.f64(double %inf, double 1.0, double %y)\n  %v1 = call double @llvm.fma.f64(double %inf, double 0.0, double %y)\n",
        ),
        "k.ll",
        &opts("double", 2, &[1.0, 0.0]),
    )
    .unwrap();
    assert_eq!(value(&r, "%out[0]"), "\"inf\"");
    assert_eq!(value(&r, "%out[1]"), "\"nan\"");
}

/// sqrt correctly rounded, the five roundings of -2.5 and 0.5, min/max:
/// minnum ignores a NaN, minimum propagates it and orders -0 below +0,
/// copysign takes the sign bit.
#[test]
fn sqrt_roundings_min_max_and_copysign() {
    let body = concat!(
        "  %v0 = call float @llvm.sqrt.f32(float 2.0)\n",
        "  %v1 = call float @llvm.floor.f32(float %x)\n",
        "  %v2 = call float @llvm.ceil.f32(float %x)\n",
        "  %v3 = call float @llvm.trunc.f32(float %x)\n",
        "  %v4 = call float @llvm.round.f32(float %x)\n",
        "  %v5 = call float @llvm.rint.f32(float %x)\n",
        "  %v6 = call float @llvm.nearbyint.f32(float %y)\n",
        "  %v7 = call float @llvm.roundeven.f32(float 1.5)\n",
        "  %nan = fdiv float 0.0, 0.0\n",
        "  %v8 = call float @llvm.minnum.f32(float %nan, float %x)\n",
        "  %v9 = call float @llvm.minimum.f32(float %nan, float %x)\n",
        "  %v10 = call float @llvm.minimum.f32(float 0.0, float -0.0)\n",
        "  %v11 = call float @llvm.maximum.f32(float -0.0, float 0.0)\n",
        "  %v12 = call float @llvm.maxnum.f32(float %x, float %y)\n",
        "  %v13 = call float @llvm.copysign.f32(float %y, float %x)\n",
    );
    let r = run(
        &kernel("float", 14, body),
        "k.ll",
        &opts("float", 14, &[-2.5, 0.5]),
    )
    .unwrap();
    let want = [
        format!("{:?}", 2f32.sqrt()),
        "-3.0".into(),
        "-2.0".into(),
        "-2.0".into(),
        "-3.0".into(),
        "-2.0".into(),
        "0.0".into(),
        "2.0".into(),
        "-2.5".into(),
        "nan".into(),
        "-0.0".into(),
        "0.0".into(),
        "0.5".into(),
        "-0.5".into(),
    ];
    for (k, w) in want.iter().enumerate() {
        assert_eq!(
            value(&r, &format!("%out[{k}]")),
            format!("\"{w}\""),
            "out[{k}]"
        );
    }
}

/// A vector intrinsic is the intrinsic on each lane.
#[test]
fn vector_intrinsics_apply_to_each_lane() {
    let body = concat!(
        "  %a = insertelement <2 x float> undef, float %x, i64 0\n",
        "  %b = insertelement <2 x float> %a, float %y, i64 1\n",
        "  %f = call <2 x float> @llvm.floor.v2f32(<2 x float> %b)\n",
        "  %v0 = extractelement <2 x float> %f, i64 0\n",
        "  %v1 = extractelement <2 x float> %f, i64 1\n",
    );
    let r = run(
        &kernel("float", 2, body),
        "k.ll",
        &opts("float", 2, &[1.75, -0.25]),
    )
    .unwrap();
    assert_eq!(value(&r, "%out[0]"), "\"1.0\"");
    assert_eq!(value(&r, "%out[1]"), "\"-1.0\"");
}

/// The target's approximate operations (AMDGPUUsage: direct access to
/// v_rsq, v_sqrt, v_exp, ...) and LLVM's transcendental intrinsics are
/// refused with their line and why.
#[test]
fn approximate_and_transcendental_intrinsics_are_refused() {
    for (call, why) in [
        ("call float @llvm.amdgcn.rsq.f32(float %x)", "approximate"),
        ("call float @llvm.amdgcn.rcp.f32(float %x)", "approximate"),
        ("call float @llvm.amdgcn.exp2.f32(float %x)", "approximate"),
        ("call float @llvm.amdgcn.log.f32(float %x)", "approximate"),
        ("call float @llvm.amdgcn.sqrt.f32(float %x)", "approximate"),
        ("call float @llvm.exp.f32(float %x)", "accuracy"),
        ("call float @llvm.sin.f32(float %x)", "accuracy"),
    ] {
        let e = run(
            &kernel("float", 1, &format!("  %v0 = {call}\n")),
            "k.ll",
            &opts("float", 1, &[1.0, 2.0]),
        )
        .unwrap_err();
        assert!(
            e.contains("k.ll:5:") && e.contains(why) && e.contains("not modelled"),
            "{call}: {e}"
        );
    }
}
