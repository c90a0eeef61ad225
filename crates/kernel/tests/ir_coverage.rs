//! The IR constructs clang emits beyond plain scalar accesses: memory
//! intrinsics, wide and vector accesses, LDS DMA, floating point. Each test
//! runs a small module and checks the final memory the construct's
//! LangRef / specification meaning gives.

use amdmm_kernel::report::KernelReport;
use amdmm_kernel::{run, ArgValue, InitValue, RunOptions};

fn opts(args: &[(&str, &str, u32)], inits: &[(&str, u32, i64)]) -> RunOptions {
    let mut o = RunOptions::default();
    for (name, elem, len) in args {
        o.spec.args.push((
            name.to_string(),
            ArgValue::Buffer {
                elem: elem.to_string(),
                len: *len,
            },
        ));
    }
    for (buffer, index, value) in inits {
        o.spec.inits.push(InitValue {
            buffer: buffer.to_string(),
            index: *index,
            value: *value,
        });
    }
    o
}

/// The value of `cell` in every final state (panics if it varies).
fn value(r: &KernelReport, cell: &str) -> String {
    let c = r
        .final_values
        .iter()
        .find(|c| c.name == cell)
        .unwrap_or_else(|| panic!("{cell} not written: {:?}", r.final_values));
    assert!(c.always, "{cell} varies: {:?}", c.values);
    serde_json::to_string(&c.values[0]).unwrap()
}

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
