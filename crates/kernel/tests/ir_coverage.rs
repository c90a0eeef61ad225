//! The IR constructs clang emits beyond plain scalar accesses: memory
//! intrinsics, wide and vector accesses, LDS DMA, floating point. Each test
//! runs a small module and checks the final memory the construct's
//! LangRef / specification meaning gives.

mod common;
use common::{buffers as opts, init_floats, value};

use amdmm_kernel::{run, ArgValue, RunOptions};

fn kernel(body: &str) -> String {
    format!(
        "define amdgpu_kernel void @k(ptr addrspace(1) %out, ptr addrspace(1) %in) {{\n{body}  ret void\n}}\n"
    )
}

/// LangRef, "'llvm.memcpy' Intrinsic": the destination gets the source's
/// bytes, element by element.
#[test]
fn memcpy_copies_every_element() {
    let ll = kernel("  call void @llvm.memcpy.p1.p1.i64(ptr addrspace(1) align 4 %out, ptr addrspace(1) align 4 %in, i64 12, i1 false)\n");
    let o = opts(
        &[("%out", "i32", 3), ("%in", "i32", 3)],
        &[("%in", 0, 7), ("%in", 1, 8), ("%in", 2, 9)],
    );
    let r = run(&ll, "k.ll", &o).unwrap();
    assert_eq!(value(&r, "%out[0]"), "7");
    assert_eq!(value(&r, "%out[1]"), "8");
    assert_eq!(value(&r, "%out[2]"), "9");
}

/// LangRef, "'llvm.memset' Intrinsic": every byte gets the value, so a
/// 32-bit element filled with 0xAB is 0xABABABAB.
#[test]
fn memset_repeats_its_byte_over_each_element() {
    let ll = kernel(
        "  call void @llvm.memset.p1.i64(ptr addrspace(1) align 4 %out, i8 -85, i64 8, i1 false)\n",
    );
    let o = opts(&[("%out", "i32", 2), ("%in", "i32", 1)], &[("%out", 1, 5)]);
    let r = run(&ll, "k.ll", &o).unwrap();
    let v = (0xABAB_ABABu32 as i32).to_string();
    assert_eq!(value(&r, "%out[0]"), v);
    assert_eq!(value(&r, "%out[1]"), v);
}

/// LangRef, "'llvm.memmove' Intrinsic": the blocks may overlap, and the
/// destination gets the source's old bytes: {1, 2, 3} moved one element
/// on is {1, 1, 2}.
#[test]
fn memmove_of_overlapping_blocks_copies_the_old_values() {
    let ll = kernel("  %d = getelementptr i32, ptr addrspace(1) %out, i64 1\n  call void @llvm.memmove.p1.p1.i64(ptr addrspace(1) %d, ptr addrspace(1) %out, i64 8, i1 false)\n");
    let o = opts(
        &[("%out", "i32", 3), ("%in", "i32", 1)],
        &[("%out", 0, 1), ("%out", 1, 2), ("%out", 2, 3)],
    );
    let r = run(&ll, "k.ll", &o).unwrap();
    assert_eq!(value(&r, "%out[1]"), "1");
    assert_eq!(value(&r, "%out[2]"), "2");
}

#[test]
fn memcpy_of_a_length_computed_at_run_time_is_refused_with_its_line() {
    let ll = "define amdgpu_kernel void @k(ptr addrspace(1) %out, ptr addrspace(1) %in, i64 %n) {\n  call void @llvm.memcpy.p1.p1.i64(ptr addrspace(1) %out, ptr addrspace(1) %in, i64 %n, i1 false)\n  ret void\n}\n";
    let mut o = opts(&[], &[]);
    o.spec.args.push(("%n".into(), ArgValue::Scalar(4)));
    // A scalar argument is a launch constant, so this length is known...
    assert!(run(ll, "k.ll", &o).is_ok());
    // ... but one loaded from memory is not.
    let ll = "define amdgpu_kernel void @k(ptr addrspace(1) %out, ptr addrspace(1) %in) {\n  %n = load i64, ptr addrspace(1) %in\n  call void @llvm.memcpy.p1.p1.i64(ptr addrspace(1) %out, ptr addrspace(1) %in, i64 %n, i1 false)\n  ret void\n}\n";
    let e = run(ll, "k.ll", &RunOptions::default()).unwrap_err();
    assert!(e.starts_with("k.ll:3:"), "{e}");
    assert!(
        e.contains("`llvm.memcpy` with a length computed at run time"),
        "{e}"
    );
}

/// A plain `i64` load over two `i32` elements (what clang -O2 makes of a
/// small memcpy) is two element loads, put together little-endian.
#[test]
fn a_wide_plain_access_is_one_access_per_element() {
    let ll = kernel("  %v = load i64, ptr addrspace(1) %in, align 4\n  store i64 %v, ptr addrspace(1) %out, align 4\n");
    let o = opts(
        &[("%out", "i32", 2), ("%in", "i32", 2)],
        &[("%in", 0, 3), ("%in", 1, -1)],
    );
    let r = run(&ll, "k.ll", &o).unwrap();
    assert_eq!(value(&r, "%out[0]"), "3");
    assert_eq!(value(&r, "%out[1]"), "-1");
}

/// A named struct type (`%struct.S = type { ... }`) is read and laid out.
#[test]
fn named_struct_types_are_read() {
    let ll = "%struct.S = type { i32, i32 }\n\ndefine amdgpu_kernel void @k(ptr addrspace(1) %out) {\n  %p = getelementptr inbounds %struct.S, ptr addrspace(1) %out, i64 1, i32 1\n  store i32 5, ptr addrspace(1) %p\n  ret void\n}\n";
    let r = run(ll, "k.ll", &RunOptions::default()).unwrap();
    assert_eq!(value(&r, "%out[3]"), "5");
}

/// LangRef, "'shufflevector'", "'insertelement'", "'extractelement'",
/// vector constants and `splat`, element-wise `add` and `icmp`/`select`,
/// a bitcast of `<2 x i32>` to `i64` (little-endian) and
/// `llvm.vector.reduce.smax`, each checked on its value.
#[test]
fn vector_operations_compute_each_lane() {
    let ll = kernel(concat!(
        "  %v = load <2 x i32>, ptr addrspace(1) %in, align 8\n",
        // {3, -2} + {10, 10} = {13, 8}
        "  %a = add <2 x i32> %v, splat (i32 10)\n",
        // {8, 13, 5, 13}
        "  %s = shufflevector <2 x i32> %a, <2 x i32> <i32 5, i32 6>, <4 x i32> <i32 1, i32 0, i32 2, i32 0>\n",
        // {8, 13, 5, 1}
        "  %i = insertelement <4 x i32> %s, i32 1, i64 3\n",
        "  %m = call i32 @llvm.vector.reduce.smax.v4i32(<4 x i32> %i)\n",
        "  store i32 %m, ptr addrspace(1) %out\n",
        // lanes > 6: {1, 1, 0, 0} select {8, 13, 5, 1} else 0 -> {8, 13, 0, 0}
        "  %c = icmp sgt <4 x i32> %i, <i32 6, i32 6, i32 6, i32 6>\n",
        "  %z = select <4 x i1> %c, <4 x i32> %i, <4 x i32> zeroinitializer\n",
        "  %e = extractelement <4 x i32> %z, i64 1\n",
        "  %o1 = getelementptr i32, ptr addrspace(1) %out, i64 1\n",
        "  store i32 %e, ptr addrspace(1) %o1\n",
        // <2 x i32> {3, -2} as i64: 0xFFFFFFFE_00000003
        "  %b = bitcast <2 x i32> %v to i64\n",
        "  %h = lshr i64 %b, 32\n",
        "  %t = trunc i64 %h to i32\n",
        "  %o2 = getelementptr i32, ptr addrspace(1) %out, i64 2\n",
        "  store i32 %t, ptr addrspace(1) %o2\n",
        // the lanes of %z stored back as a vector: out[3..6] = {8, 13, 0, 0}
        "  %o3 = getelementptr i32, ptr addrspace(1) %out, i64 3\n",
        "  store <4 x i32> %z, ptr addrspace(1) %o3\n",
    ));
    let o = opts(
        &[("%out", "i32", 7), ("%in", "i32", 2)],
        &[
            ("%in", 0, 3),
            ("%in", 1, -2),
            ("%out", 5, 9),
            ("%out", 6, 9),
        ],
    );
    let r = run(&ll, "k.ll", &o).unwrap();
    assert_eq!(value(&r, "%out[0]"), "13");
    assert_eq!(value(&r, "%out[1]"), "13");
    assert_eq!(value(&r, "%out[2]"), "-2");
    assert_eq!(value(&r, "%out[3]"), "8");
    assert_eq!(value(&r, "%out[4]"), "13");
    assert_eq!(value(&r, "%out[5]"), "0");
    assert_eq!(value(&r, "%out[6]"), "0");
}

/// An element index computed at run time selects among the lanes.
#[test]
fn extractelement_at_a_run_time_index() {
    let ll = kernel(concat!(
        "  %k = load i32, ptr addrspace(1) %in\n",
        "  %e = extractelement <3 x i32> <i32 4, i32 5, i32 6>, i32 %k\n",
        "  store i32 %e, ptr addrspace(1) %out\n",
    ));
    let o = opts(&[("%out", "i32", 1), ("%in", "i32", 1)], &[("%in", 0, 2)]);
    let r = run(&ll, "k.ll", &o).unwrap();
    assert_eq!(value(&r, "%out[0]"), "6");
}

/// A vector access is one access per element: two work-items that store
/// `<2 x i32>` over one shared element race on that element only.
#[test]
fn a_vector_access_races_per_element() {
    let ll = concat!(
        "define amdgpu_kernel void @k(ptr addrspace(1) %buf, ptr addrspace(1) %out) {\n",
        "  %w = call i32 @llvm.amdgcn.workitem.id.x()\n",
        "  %c = icmp eq i32 %w, 0\n",
        "  br i1 %c, label %st, label %ld\n",
        "st:\n",
        "  %p = getelementptr i32, ptr addrspace(1) %buf, i64 1\n",
        "  store <2 x i32> <i32 7, i32 8>, ptr addrspace(1) %p\n",
        "  ret void\n",
        "ld:\n",
        "  %v = load <2 x i32>, ptr addrspace(1) %buf\n",
        "  store <2 x i32> %v, ptr addrspace(1) %out\n",
        "  ret void\n",
        "}\n",
    );
    let mut o = opts(&[("%buf", "i32", 3), ("%out", "i32", 2)], &[("%buf", 0, 1)]);
    o.spec.block = [2, 1];
    let r = run(ll, "k.ll", &o).unwrap();
    assert!(r.flags.race);
    assert_eq!(value(&r, "%out[0]"), "1");
    assert_eq!(value(&r, "%out[1]"), "\"undef\"");
}

fn dma_kernel(call: &str) -> String {
    format!(
        "@t = internal addrspace(3) global [4 x i32] undef\n\ndefine amdgpu_kernel void @k(ptr addrspace(1) %out, ptr addrspace(1) %in) {{\n  {call}\n  ret void\n}}\n"
    )
}

/// AMDGPUDMAOperations.md, "GFX9 DMA": lane L's copy lands `4 * L` bytes
/// past the LDS base; with the offset applied to both addresses, lane 1 of
/// `global.load.lds(in, t, 4, 4, 0)` copies in[2] into t[2].
#[test]
fn lds_dma_copies_to_the_lane_offset_and_the_offset() {
    let ll = concat!(
        "@t = internal addrspace(3) global [4 x i32] undef\n\n",
        "define amdgpu_kernel void @k(ptr addrspace(1) %out, ptr addrspace(1) %in) {\n",
        "  %l = call i32 @llvm.amdgcn.workitem.id.x()\n",
        "  %l64 = zext i32 %l to i64\n",
        "  %s = getelementptr i32, ptr addrspace(1) %in, i64 %l64\n",
        "  call void @llvm.amdgcn.global.load.lds(ptr addrspace(1) %s, ptr addrspace(3) @t, i32 4, i32 4, i32 0)\n",
        "  %d = getelementptr i32, ptr addrspace(3) @t, i32 %l\n",
        "  %d2 = getelementptr i32, ptr addrspace(3) %d, i32 1\n",
        "  %v = load i32, ptr addrspace(3) %d2\n",
        "  %o = getelementptr i32, ptr addrspace(1) %out, i64 %l64\n",
        "  store i32 %v, ptr addrspace(1) %o\n",
        "  ret void\n",
        "}\n",
    );
    let mut o = opts(
        &[("%out", "i32", 2), ("%in", "i32", 3)],
        &[("%in", 1, 7), ("%in", 2, 8)],
    );
    o.spec.block = [2, 1];
    let r = run(ll, "k.ll", &o).unwrap();
    // lane 0: in[0 + 1] -> t[0 + 1]; lane 1: in[1 + 1] -> t[1 + 1].
    assert_eq!(value(&r, "%out[0]"), "7");
    assert_eq!(value(&r, "%out[1]"), "8");
}

#[test]
fn lds_dma_with_a_cache_policy_is_refused_with_its_line() {
    let ll = dma_kernel("call void @llvm.amdgcn.global.load.lds(ptr addrspace(1) %in, ptr addrspace(3) @t, i32 4, i32 0, i32 1)");
    let e = run(&ll, "k.ll", &RunOptions::default()).unwrap_err();
    assert!(e.starts_with("k.ll:4:"), "{e}");
    assert!(e.contains("aux (cache policy) operand 1"), "{e}");
}

#[test]
fn lds_dma_into_global_memory_is_refused() {
    let ll = dma_kernel("call void @llvm.amdgcn.global.load.async.lds(ptr addrspace(1) %in, ptr addrspace(1) %out, i32 4, i32 0, i32 0)");
    let e = run(&ll, "k.ll", &RunOptions::default()).unwrap_err();
    assert!(e.starts_with("k.ll:4:"), "{e}");
    assert!(e.contains("addrspace(1) to addrspace(1)"), "{e}");
}

#[test]
fn lds_dma_of_three_bytes_is_refused() {
    let ll = dma_kernel("call void @llvm.amdgcn.global.load.lds(ptr addrspace(1) %in, ptr addrspace(3) @t, i32 3, i32 0, i32 0)");
    let e = run(&ll, "k.ll", &RunOptions::default()).unwrap_err();
    assert!(e.contains("unsupported DMA size 3"), "{e}");
}

/// async-operations.txt: an async copy not completed before a later
/// overlapping access does not happen-before it; `wait.asyncmark(0)` after
/// a mark completes it. The same thread reading what its own copy wrote:
/// without the wait the read may see the copy's write unordered (undef),
/// with it the read returns the copied value.
#[test]
fn an_async_copy_is_ordered_only_once_its_mark_completes() {
    let body = |wait: &str| {
        format!(concat!(
            "@t = internal addrspace(3) global [1 x i32] undef\n\n",
            "define amdgpu_kernel void @k(ptr addrspace(1) %out, ptr addrspace(1) %in) {{\n",
            "  store i32 0, ptr addrspace(3) @t\n",
            "  call void @llvm.amdgcn.global.load.async.lds(ptr addrspace(1) %in, ptr addrspace(3) @t, i32 4, i32 0, i32 0)\n",
            "  call void @llvm.amdgcn.asyncmark()\n",
            "{}",
            "  %v = load i32, ptr addrspace(3) @t\n",
            "  store i32 %v, ptr addrspace(1) %out\n",
            "  ret void\n",
            "}}\n"
        ), wait)
    };
    let o = opts(&[("%out", "i32", 1), ("%in", "i32", 1)], &[("%in", 0, 9)]);
    let waited = run(
        &body("  call void @llvm.amdgcn.wait.asyncmark(i16 0)\n"),
        "k.ll",
        &o,
    )
    .unwrap();
    assert_eq!(value(&waited, "%out[0]"), "9");
    assert!(!waited.flags.race);
    let unwaited = run(&body(""), "k.ll", &o).unwrap();
    assert!(unwaited.flags.race, "{:?}", unwaited.flags);
}

fn float_opts(n: u32, inits: &[(u32, f64)]) -> RunOptions {
    let mut o = opts(&[("%out", "float", n), ("%in", "float", 2)], &[]);
    init_floats(&mut o, "%in", inits);
    o
}

/// LangRef's floating-point instructions on IEEE-754 values, rounded to
/// nearest even: 1.5 + 0.25, 1.5 * 0.25, 1.5 / 0.25, 0.25 - 1.5, fneg,
/// frem (sign of the dividend), and 0.1f + 0.2f rounded in float.
#[test]
fn float_arithmetic_is_ieee_754() {
    let ll = kernel(concat!(
        "  %a = load float, ptr addrspace(1) %in\n",
        "  %p1 = getelementptr float, ptr addrspace(1) %in, i64 1\n",
        "  %b = load float, ptr addrspace(1) %p1\n",
        "  %s = fadd float %a, %b\n",
        "  store float %s, ptr addrspace(1) %out\n",
        "  %m = fmul fast float %a, %b\n",
        "  %o1 = getelementptr float, ptr addrspace(1) %out, i64 1\n",
        "  store float %m, ptr addrspace(1) %o1\n",
        "  %d = fdiv float %a, %b\n",
        "  %o2 = getelementptr float, ptr addrspace(1) %out, i64 2\n",
        "  store float %d, ptr addrspace(1) %o2\n",
        "  %n = fsub float %b, %a\n",
        "  %o3 = getelementptr float, ptr addrspace(1) %out, i64 3\n",
        "  store float %n, ptr addrspace(1) %o3\n",
        "  %g = fneg float %n\n",
        "  %o4 = getelementptr float, ptr addrspace(1) %out, i64 4\n",
        "  store float %g, ptr addrspace(1) %o4\n",
        "  %r = frem float %n, 1.000000e+00\n",
        "  %o5 = getelementptr float, ptr addrspace(1) %out, i64 5\n",
        "  store float %r, ptr addrspace(1) %o5\n",
        "  %t = fadd float 0x3FB99999A0000000, 0x3FC99999A0000000\n",
        "  %o6 = getelementptr float, ptr addrspace(1) %out, i64 6\n",
        "  store float %t, ptr addrspace(1) %o6\n",
    ));
    let r = run(&ll, "k.ll", &float_opts(7, &[(0, 1.5), (1, 0.25)])).unwrap();
    let want = ["1.75", "0.375", "6.0", "-1.25", "1.25", "-0.25", "0.3"];
    for (k, w) in want.iter().enumerate() {
        assert_eq!(
            value(&r, &format!("%out[{k}]")),
            format!("\"{w}\""),
            "out[{k}]"
        );
    }
    // The sum is rounded in float, not in double: IEEE-754's float sum of
    // 0.1f and 0.2f (in double, 0.1 + 0.2 is not 0.3's nearest double).
    let c = r.final_values.iter().find(|c| c.name == "%out[6]").unwrap();
    let f32_sum = (0.1f32 + 0.2f32).to_bits() as i32 as i64;
    assert_eq!(c.values[0].value(), amdmm_program::Value::Int(f32_sum));
}

/// LangRef, "'fcmp' Instruction": with a NaN operand the ordered
/// predicates are false and the unordered ones true; 0/0 is a NaN.
#[test]
fn fcmp_orders_and_unorders_nan() {
    let ll = concat!(
        "define amdgpu_kernel void @k(ptr addrspace(1) %out, ptr addrspace(1) %in) {\n",
        "  %z = load float, ptr addrspace(1) %in\n",
        "  %nan = fdiv float %z, %z\n",
        "  %olt = fcmp olt float %nan, 1.000000e+00\n",
        "  %ult = fcmp ult float %nan, 1.000000e+00\n",
        "  %oeq = fcmp oeq float %z, -0.000000e+00\n",
        "  %a = zext i1 %olt to i32\n",
        "  %b = zext i1 %ult to i32\n",
        "  %c = zext i1 %oeq to i32\n",
        "  store i32 %a, ptr addrspace(1) %out\n",
        "  %o1 = getelementptr i32, ptr addrspace(1) %out, i64 1\n",
        "  store i32 %b, ptr addrspace(1) %o1\n",
        "  %o2 = getelementptr i32, ptr addrspace(1) %out, i64 2\n",
        "  store i32 %c, ptr addrspace(1) %o2\n",
        "  ret void\n",
        "}\n",
    );
    let o = opts(&[("%out", "i32", 3), ("%in", "float", 1)], &[]);
    let r = run(ll, "k.ll", &o).unwrap();
    assert_eq!(value(&r, "%out[0]"), "0");
    assert_eq!(value(&r, "%out[1]"), "1");
    // 0.0 == -0.0
    assert_eq!(value(&r, "%out[2]"), "1");
}

/// LangRef, "Conversion Operations": sitofp and fptosi (truncating toward
/// zero), a value that does not fit is poison (undef), and bitcast keeps
/// the bits (1.0f is 0x3F800000).
#[test]
fn conversions_round_truncate_and_keep_bits() {
    let ll = concat!(
        "define amdgpu_kernel void @k(ptr addrspace(1) %out, ptr addrspace(1) %in) {\n",
        "  %x = load float, ptr addrspace(1) %in\n",
        "  %i = fptosi float %x to i32\n",
        "  store i32 %i, ptr addrspace(1) %out\n",
        "  %p1 = getelementptr float, ptr addrspace(1) %in, i64 1\n",
        "  %big = load float, ptr addrspace(1) %p1\n",
        "  %j = fptosi float %big to i8\n",
        "  %j32 = sext i8 %j to i32\n",
        "  %o1 = getelementptr i32, ptr addrspace(1) %out, i64 1\n",
        "  store i32 %j32, ptr addrspace(1) %o1\n",
        "  %f = sitofp i32 -3 to float\n",
        "  %fb = bitcast float %f to i32\n",
        "  %o2 = getelementptr i32, ptr addrspace(1) %out, i64 2\n",
        "  store i32 %fb, ptr addrspace(1) %o2\n",
        "  %one = bitcast i32 1065353216 to float\n",
        "  %e = fpext float %one to double\n",
        "  %t = fptrunc double %e to float\n",
        "  %k = fptoui float %t to i32\n",
        "  %o3 = getelementptr i32, ptr addrspace(1) %out, i64 3\n",
        "  store i32 %k, ptr addrspace(1) %o3\n",
        "  ret void\n",
        "}\n",
    );
    let mut o = float_opts(0, &[(0, -2.75), (1, 300.0)]);
    o.spec.args[0] = (
        "%out".into(),
        ArgValue::Buffer {
            elem: "i32".into(),
            len: 4,
        },
    );
    let r = run(ll, "k.ll", &o).unwrap();
    assert_eq!(value(&r, "%out[0]"), "-2");
    assert_eq!(value(&r, "%out[1]"), "\"undef\"");
    assert_eq!(
        value(&r, "%out[2]"),
        ((-3.0f32).to_bits() as i32).to_string()
    );
    assert_eq!(value(&r, "%out[3]"), "1");
}

/// `--init` of a floating-point buffer takes a decimal; an integer buffer
/// refuses one.
#[test]
fn float_inits_are_decimals() {
    let ll = kernel(
        "  %v = load float, ptr addrspace(1) %in\n  store float %v, ptr addrspace(1) %out\n",
    );
    let r = run(&ll, "k.ll", &float_opts(1, &[(0, 2.5)])).unwrap();
    assert_eq!(value(&r, "%out[0]"), "\"2.5\"");
    let mut o = opts(&[("%out", "i32", 1), ("%in", "i32", 1)], &[]);
    init_floats(&mut o, "%in", &[(0, 2.5)]);
    let ll =
        kernel("  %v = load i32, ptr addrspace(1) %in\n  store i32 %v, ptr addrspace(1) %out\n");
    let e = run(&ll, "k.ll", &o).unwrap_err();
    assert!(e.contains("2.5 is not an integer"), "{e}");
}
