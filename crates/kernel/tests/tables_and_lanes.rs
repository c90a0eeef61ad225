//! Private arrays indexed at run time, constant tables (`addrspace(4)`)
//! and lane counting (`llvm.amdgcn.mbcnt.lo/hi`): each test runs a small
//! module and checks the values the construct's definition gives.

mod common;
use common::{i32_buffers as opts, value};

use amdmm_kernel::run;

fn kernel(globals: &str, body: &str) -> String {
    format!(
        "{globals}define amdgpu_kernel void @k(ptr addrspace(1) %out, ptr addrspace(1) %in) {{\n{body}  ret void\n}}\n"
    )
}

const STORE_AT: &str = "  %o{k} = getelementptr i32, ptr addrspace(1) %out, i64 {k}\n  store i32 %v{k}, ptr addrspace(1) %o{k}\n";

fn store(k: u32) -> String {
    STORE_AT.replace("{k}", &k.to_string())
}

/// A private array written and read at indices loaded from memory: the
/// work-item's own program order gives every value (AMDGPUUsage, "Address
/// Spaces": private memory is per work-item). t = {1, 2, 3, 4}; t[in[0] =
/// 2] = 9; then t[in[1] = 3], t[in[0]] and t[0].
#[test]
fn a_private_array_at_a_run_time_index_reads_what_its_work_item_stored() {
    let body = format!(
        "{}{}{}{}{}{}{}",
        concat!(
            "  %t = alloca [4 x i32], addrspace(5)\n",
            "  store i32 1, ptr addrspace(5) %t\n",
            "  %t1 = getelementptr i32, ptr addrspace(5) %t, i64 1\n",
            "  store i32 2, ptr addrspace(5) %t1\n",
            "  %t2 = getelementptr i32, ptr addrspace(5) %t, i64 2\n",
            "  store i32 3, ptr addrspace(5) %t2\n",
            "  %t3 = getelementptr i32, ptr addrspace(5) %t, i64 3\n",
            "  store i32 4, ptr addrspace(5) %t3\n",
            "  %i0 = load i32, ptr addrspace(1) %in\n",
            "  %in1 = getelementptr i32, ptr addrspace(1) %in, i64 1\n",
            "  %i1 = load i32, ptr addrspace(1) %in1\n",
            "  %x0 = sext i32 %i0 to i64\n",
            "  %x1 = sext i32 %i1 to i64\n",
            "  %p0 = getelementptr [4 x i32], ptr addrspace(5) %t, i64 0, i64 %x0\n",
            "  %p1 = getelementptr [4 x i32], ptr addrspace(5) %t, i64 0, i64 %x1\n",
            "  %v0 = load i32, ptr addrspace(5) %p1\n",
            "  store i32 9, ptr addrspace(5) %p0\n",
            "  %v1 = load i32, ptr addrspace(5) %p1\n",
            "  %v2 = load i32, ptr addrspace(5) %p0\n",
            "  %v3 = load i32, ptr addrspace(5) %t2\n",
            "  %v4 = load i32, ptr addrspace(5) %t\n",
        ),
        store(0),
        store(1),
        store(2),
        store(3),
        store(4),
        "",
    );
    let o = opts(&[("%out", 5), ("%in", 2)], &[("%in", 0, 2), ("%in", 1, 3)]);
    let r = run(&kernel("", &body), "k.ll", &o).unwrap();
    // v0 = t[3] before the store; the store to t[2] leaves t[3];
    // v2 = t[2] = 9 through the run-time pointer, v3 = 9 through the
    // constant one, v4 = t[0] = 1.
    for (k, want) in ["4", "4", "9", "9", "1"].iter().enumerate() {
        assert_eq!(value(&r, &format!("%out[{k}]")), *want, "out[{k}]");
    }
    assert!(!r.flags.ub && !r.flags.race, "{:?}", r.flags);
}

/// An index past a private array's end is the buffer's "index out of
/// bounds" undefined behaviour (LangRef, "'getelementptr' Instruction");
/// in bounds, the same load is fine.
#[test]
fn a_private_index_out_of_bounds_is_undefined_behaviour() {
    let body = concat!(
        "  %t = alloca [4 x i32], addrspace(5)\n",
        "  %i = load i32, ptr addrspace(1) %in\n",
        "  %x = sext i32 %i to i64\n",
        "  %p = getelementptr [4 x i32], ptr addrspace(5) %t, i64 0, i64 %x\n",
        "  store i32 1, ptr addrspace(5) %p\n",
    );
    let inside = run(
        &kernel("", body),
        "k.ll",
        &opts(&[("%out", 1), ("%in", 1)], &[("%in", 0, 3)]),
    )
    .unwrap();
    assert!(!inside.flags.ub, "{:?}", inside.barrier);
    let outside = run(
        &kernel("", body),
        "k.ll",
        &opts(&[("%out", 1), ("%in", 1)], &[("%in", 0, 4)]),
    )
    .unwrap();
    assert!(outside.flags.ub);
    assert!(
        outside
            .barrier
            .iter()
            .any(|n| n.text.contains("index out of bounds of %t (private)")),
        "{:?}",
        outside.barrier
    );
}

const TABLE: &str = "@tbl = private unnamed_addr addrspace(4) constant [4 x i32] [i32 5, i32 20, i32 30, i32 -40], align 16\n";

/// A constant table's loads are its initializer's values, at constant and
/// run-time indices (AMDGPUUsage, "Address Spaces": constant memory is
/// read-only), a narrower load reads the little-endian bytes, and a
/// run-time index past the end is "index out of bounds".
#[test]
fn a_constant_table_reads_its_initializer() {
    let body = concat!(
        "  %c2 = getelementptr [4 x i32], ptr addrspace(4) @tbl, i64 0, i64 2\n",
        "  %v0 = load i32, ptr addrspace(4) %c2\n",
        "  %i = load i32, ptr addrspace(1) %in\n",
        "  %x = sext i32 %i to i64\n",
        "  %p = getelementptr i32, ptr addrspace(4) @tbl, i64 %x\n",
        "  %v1 = load i32, ptr addrspace(4) %p\n",
        "  %b = getelementptr i8, ptr addrspace(4) @tbl, i64 12\n",
        "  %h = load i16, ptr addrspace(4) %b\n",
        "  %v2 = sext i16 %h to i32\n",
    );
    let body = format!("{body}{}{}{}", store(0), store(1), store(2));
    let r = run(
        &kernel(TABLE, &body),
        "k.ll",
        &opts(&[("%out", 3), ("%in", 1)], &[("%in", 0, 3)]),
    )
    .unwrap();
    assert_eq!(value(&r, "%out[0]"), "30");
    assert_eq!(value(&r, "%out[1]"), "-40");
    // The low half of -40 (0xFFD8) as i16.
    assert_eq!(value(&r, "%out[2]"), "-40");
    assert!(
        !r.flags.ub && !r.flags.race && !r.flags.undef,
        "{:?}",
        r.flags
    );
    let oob = run(
        &kernel(TABLE, &body),
        "k.ll",
        &opts(&[("%out", 3), ("%in", 1)], &[("%in", 0, 7)]),
    )
    .unwrap();
    assert!(oob.flags.ub);
    assert!(
        oob.barrier
            .iter()
            .any(|n| n.text.contains("index out of bounds of tbl (constant)")),
        "{:?}",
        oob.barrier
    );
}

/// Nested arrays, structs, `zeroinitializer` and strings are laid out at
/// their offsets.
#[test]
fn aggregate_initializers_are_laid_out() {
    let globals = concat!(
        "@m = private addrspace(4) constant [2 x [2 x i16]] [[2 x i16] [i16 1, i16 2], [2 x i16] zeroinitializer]\n",
        "@s = private addrspace(4) constant { i8, i32 } { i8 7, i32 300 }\n",
        "@str = private addrspace(4) constant [3 x i8] c\"A\\42\\00\"\n",
    );
    let body = concat!(
        "  %m1 = getelementptr [2 x [2 x i16]], ptr addrspace(4) @m, i64 0, i64 0, i64 1\n",
        "  %a = load i16, ptr addrspace(4) %m1\n",
        "  %v0 = zext i16 %a to i32\n",
        "  %s1 = getelementptr { i8, i32 }, ptr addrspace(4) @s, i64 0, i32 1\n",
        "  %v1 = load i32, ptr addrspace(4) %s1\n",
        "  %c1 = getelementptr i8, ptr addrspace(4) @str, i64 1\n",
        "  %c = load i8, ptr addrspace(4) %c1\n",
        "  %v2 = zext i8 %c to i32\n",
        "  %m3 = getelementptr i16, ptr addrspace(4) @m, i64 3\n",
        "  %z = load i16, ptr addrspace(4) %m3\n",
        "  %v3 = zext i16 %z to i32\n",
    );
    let body = format!("{body}{}{}{}{}", store(0), store(1), store(2), store(3));
    let r = run(
        &kernel(globals, &body),
        "k.ll",
        &opts(&[("%out", 4), ("%in", 1)], &[]),
    )
    .unwrap();
    assert_eq!(value(&r, "%out[0]"), "2");
    assert_eq!(value(&r, "%out[1]"), "300");
    assert_eq!(value(&r, "%out[2]"), "66");
    assert_eq!(value(&r, "%out[3]"), "0");
}

/// A store into constant memory is refused with its line; so is a table
/// the host sets (`externally_initialized`, HIP's `__constant__`).
#[test]
fn writing_a_constant_table_is_refused_with_its_line() {
    let e = run(
        &kernel(TABLE, "  store i32 1, ptr addrspace(4) @tbl\n"),
        "k.ll",
        &opts(&[("%out", 1), ("%in", 1)], &[]),
    )
    .unwrap_err();
    assert!(
        e.contains("k.ll:3:") && e.contains("constant address space"),
        "{e}"
    );
    let host =
        "@c = protected addrspace(4) externally_initialized constant [2 x i32] zeroinitializer\n";
    let e = run(
        &kernel(host, "  %v0 = load i32, ptr addrspace(4) @c\n"),
        "k.ll",
        &opts(&[("%out", 1), ("%in", 1)], &[]),
    )
    .unwrap_err();
    assert!(e.contains("externally_initialized"), "{e}");
}

/// Work-items below 29 do nothing (their id is a constant, so the branch
/// folds), which keeps the exploration to the lanes the tests look at.
fn lanes_kernel() -> String {
    kernel(
        "",
        concat!(
            "  %id = call i32 @llvm.amdgcn.workitem.id.x()\n",
            "  %late = icmp uge i32 %id, 29\n",
            "  br i1 %late, label %work, label %done\n",
            "work:\n",
            "  %lo = call i32 @llvm.amdgcn.mbcnt.lo(i32 -1, i32 0)\n",
            "  %lane = call i32 @llvm.amdgcn.mbcnt.hi(i32 -1, i32 %lo)\n",
            "  %m = load i32, ptr addrspace(1) %in\n",
            "  %rlo = call i32 @llvm.amdgcn.mbcnt.lo(i32 %m, i32 100)\n",
            "  %rank = call i32 @llvm.amdgcn.mbcnt.hi(i32 %m, i32 %rlo)\n",
            "  %two = mul i32 %id, 2\n",
            "  %x = zext i32 %two to i64\n",
            "  %p = getelementptr i32, ptr addrspace(1) %out, i64 %x\n",
            "  store i32 %lane, ptr addrspace(1) %p\n",
            "  %q = getelementptr i32, ptr addrspace(1) %p, i64 1\n",
            "  store i32 %rank, ptr addrspace(1) %q\n",
            "  br label %done\n",
            "done:\n",
        ),
    )
}

/// mbcnt counts the mask's set bits below the lane (AMD "Vega" ISA,
/// V_MBCNT_LO/HI_U32_B32), lo over lanes 0-31 and hi over 32-63, plus the
/// accumulator: with the mask 0xF0F0F0F0 loaded at run time (both
/// halves), lane 29 counts the 13 set bits of 0..28, lane 31 the 15 of
/// 0..30, lane 32 all 16 of the low half, lane 36 those plus none of bits
/// 0..3 of the high half, and lane 39 its bits 4, 5, 6.
#[test]
fn mbcnt_counts_the_mask_bits_below_the_lane() {
    let mut o = opts(
        &[("%out", 80), ("%in", 1)],
        &[("%in", 0, 0xF0F0_F0F0u32 as i32 as i64)],
    );
    o.spec.block = [40, 1];
    o.spec.wave_size = Some(64);
    let r = run(&lanes_kernel(), "k.ll", &o).unwrap();
    for (lane, rank) in [
        (29u32, 113),
        (31, 115),
        (32, 116),
        (36, 116),
        (37, 117),
        (39, 119),
    ] {
        assert_eq!(
            value(&r, &format!("%out[{}]", 2 * lane)),
            lane.to_string(),
            "lane {lane}"
        );
        assert_eq!(
            value(&r, &format!("%out[{}]", 2 * lane + 1)),
            rank.to_string(),
            "rank {lane}"
        );
    }
}

/// In a wave32 every lane is below 32: mbcnt.hi adds nothing, and the
/// second wavefront's lanes start again at 0.
#[test]
fn mbcnt_in_wave32_restarts_in_each_wavefront() {
    let mut o = opts(&[("%out", 80), ("%in", 1)], &[("%in", 0, -1)]);
    o.spec.block = [34, 1];
    o.spec.wave_size = Some(32);
    let r = run(&lanes_kernel(), "k.ll", &o).unwrap();
    assert_eq!(value(&r, "%out[58]"), "29");
    assert_eq!(value(&r, "%out[62]"), "31");
    assert_eq!(value(&r, "%out[63]"), "131");
    assert_eq!(value(&r, "%out[64]"), "0");
    assert_eq!(value(&r, "%out[66]"), "1");
    assert_eq!(value(&r, "%out[67]"), "101");
}
