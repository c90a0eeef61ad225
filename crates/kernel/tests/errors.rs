//! Bad input gives one error with its line and a hint, never a panic.

mod common;

use amdmm_kernel::{run, RunOptions};

fn err(ll: &str) -> String {
    run(ll, "k.ll", &RunOptions::default()).unwrap_err()
}

const HEAD: &str = "define amdgpu_kernel void @k(ptr addrspace(1) %out) {\n";

/// A kernel over `%out` that runs `body`.
fn kernel(body: &str) -> String {
    format!("{HEAD}{body}  ret void\n}}\n")
}

#[test]
fn unsupported_instruction_names_itself_and_its_line() {
    let e = err(&kernel("  %v = va_arg ptr %out, i32\n"));
    assert!(e.starts_with("k.ll:2:"), "{e}");
    assert!(e.contains("unsupported instruction `va_arg`"), "{e}");
}

#[test]
fn unknown_intrinsic_is_refused() {
    let e = err(&kernel("  call void @llvm.amdgcn.s.sethalt(i32 1)\n"));
    // The column is where the intrinsic's name starts on the line.
    assert!(e.starts_with("k.ll:2:13: error:"), "{e}");
    assert!(
        e.contains("`@llvm.amdgcn.s.sethalt` is not modelled"),
        "{e}"
    );
}

/// An error about an instruction whose message names no text of the line
/// points at the instruction's first character, never a bare column 1.
#[test]
fn an_error_without_a_named_construct_points_at_the_instruction() {
    let e = err(&kernel("  %p = getelementptr i8, ptr addrspace(1) %out, i64 2\n    store i32 1, ptr addrspace(1) %p\n"));
    assert!(e.starts_with("k.ll:3:5: error:"), "{e}");
}

/// Floating-point arithmetic is modelled (tests/ir_coverage.rs,
/// tests/float_intrinsics.rs); a floating-point intrinsic amdmm does not
/// know is refused with its line.
#[test]
fn unknown_floating_point_intrinsic_is_refused() {
    let e = err(&kernel(
        "  %a = call float @llvm.ldexp.f32.i32(float 2.0, i32 3)\n",
    ));
    assert!(e.contains("k.ll:2:") && e.contains("llvm.ldexp.f32"), "{e}");
}

#[test]
fn module_without_kernel() {
    let e = err("define void @f() {\n  ret void\n}\n");
    // The line and column of the device function it has instead.
    assert!(
        e.starts_with("k.ll:1:13: error: the module has no kernel: `@f` is a device function"),
        "{e}"
    );
    assert!(e.contains("hint:"), "{e}");
    let e = err("declare void @g()\n");
    assert!(
        e.starts_with("k.ll: error: the module has no kernel"),
        "{e}"
    );
}

#[test]
fn misaligned_access_is_an_error_with_its_line() {
    let e = err(&kernel("  %p = getelementptr i8, ptr addrspace(1) %out, i64 2\n  store i32 1, ptr addrspace(1) %p\n"));
    assert!(e.starts_with("k.ll:3:"), "{e}");
    assert!(e.contains("element boundary"), "{e}");
}

#[test]
fn truncated_module() {
    let e = err(&format!("{HEAD}  ret void\n"));
    assert!(e.contains("closing `}`"), "{e}");
}

#[test]
fn scalar_parameter_without_value() {
    let e = run(
        "define amdgpu_kernel void @k(i32 %n) {\n  ret void\n}\n",
        "k.ll",
        &RunOptions::default(),
    )
    .unwrap_err();
    assert!(e.contains("--arg n=3") || e.contains("--arg %n=3"), "{e}");
}

/// An access past the end of a buffer at an index known before exploring
/// is bad input: one error with its line (tests/bounds.rs has the rest; an
/// index read at run time stays `ub` there).
#[test]
fn out_of_bounds_access_at_a_known_index_is_an_error_with_its_line() {
    let o = common::i32_buffers(&[("%out", 2)], &[]);
    let e = run(
        &kernel("  %p = getelementptr i32, ptr addrspace(1) %out, i64 5\n  store i32 1, ptr addrspace(1) %p\n"),
        "k.ll",
        &o,
    )
    .unwrap_err();
    assert!(
        e.starts_with("k.ll:3:3: error: the store to `%out[5]`") && e.contains("out of bounds"),
        "{e}"
    );
}

/// An atomic vector access is refused, saying why: it is single-copy
/// atomic as a whole, and one event per element could mix two stores'
/// lanes (docs/semantics.md, "Atomic vector accesses").
#[test]
fn atomic_vector_access_is_refused_with_the_reason() {
    let e = err(&kernel("  %v = load atomic <2 x i32>, ptr addrspace(1) %out syncscope(\"agent\") acquire, align 8\n"));
    assert!(e.starts_with("k.ll:2:"), "{e}");
    assert!(
        e.contains("single-copy atomic") && e.contains("<2 x i32>"),
        "{e}"
    );
    let e = err(&kernel(
        "  store atomic <2 x i32> zeroinitializer, ptr addrspace(1) %out monotonic, align 8\n",
    ));
    assert!(
        e.contains("atomic store of <2 x i32>") && e.contains("mix the lanes"),
        "{e}"
    );
}

/// A global variable's aggregate initializer of different values is refused
/// at the global's line (it was read as zeros); an all-zero one still runs.
#[test]
fn a_global_table_of_values_is_refused_and_a_zero_one_runs() {
    let body = "define amdgpu_kernel void @k(ptr addrspace(1) %out) {\n  %p = getelementptr [4 x i32], ptr addrspace(1) @tbl, i64 0, i64 2\n  %v = load i32, ptr addrspace(1) %p\n  store i32 %v, ptr addrspace(1) %out\n  ret void\n}\n";
    let e = err(&format!(
        "@tbl = addrspace(1) global [4 x i32] [i32 1, i32 2, i32 3, i32 4]\n\n{body}"
    ));
    assert!(e.starts_with("k.ll:1:1: error:"), "{e}");
    assert!(
        e.contains("`@tbl`") && e.contains("different initial values"),
        "{e}"
    );
    let zeros =
        format!("@tbl = addrspace(1) global [4 x i32] [i32 0, i32 0, i32 0, i32 0]\n\n{body}");
    let r = run(&zeros, "k.ll", &RunOptions::default()).expect("an all-zero table runs");
    let text = amdmm_kernel::report::text(&r);
    assert!(text.contains("out[0] = 0  (every final state)"), "{text}");
}
