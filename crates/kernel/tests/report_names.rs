//! The report names memory as the kernel's source does: buffers by their
//! parameter's name (its IR name without debug info), elements by their
//! indices.

mod common;
use common::spelled as opts;

use amdmm_kernel::report::KernelReport;
use amdmm_kernel::{run, RunOptions};

fn report(ll: &str, o: &RunOptions) -> KernelReport {
    run(ll, "k.ll", o).unwrap_or_else(|e| panic!("{e}"))
}

/// Without debug info a buffer is its parameter's IR name everywhere in
/// the report, the `ub` line of an index out of bounds included: `%out`,
/// as in `%out[0]`, not the litmus spelling `@%out`. The index is read
/// from memory (5, past `%out`'s 2 elements), so the access is undefined
/// behaviour at run time (docs/kernels.md, "Out of bounds").
#[test]
fn an_out_of_bounds_line_without_debug_info_names_the_ir_parameter() {
    let ll = "define amdgpu_kernel void @k(ptr addrspace(1) %out, ptr addrspace(1) %in) {\n\
              \x20 %i = load i32, ptr addrspace(1) %in\n\
              \x20 %p = getelementptr i32, ptr addrspace(1) %out, i32 %i\n\
              \x20 store i32 1, ptr addrspace(1) %p\n\
              \x20 ret void\n}\n";
    let o = opts(&["%out=i32[2]", "%in=i32[1]"], &["%in[0]=5"]);
    let r = report(ll, &o);
    assert!(r.flags.ub, "{r:?}");
    let ub: Vec<&str> = r.barrier.iter().map(|n| n.text.as_str()).collect();
    assert_eq!(ub, ["index out of bounds of %out (length 2) (line 4)"]);
    let text = amdmm_kernel::report::text(&r);
    assert!(!text.contains("@%"), "{text}");
}

/// An n-D array is named by its indices, as the source writes it: a
/// `__device__ int g[2][3]` (`[2 x [3 x i32]]`) in the final memory and
/// the JSON `memory` keys (`g[1][2]`), an LDS `__shared__ int tile[2][2]`
/// in the accesses of the report (`tile[1][0]`, not the flat `tile[2]`).
#[test]
fn two_dimensional_arrays_are_named_by_their_indices() {
    let ll = "@g = addrspace(1) global [2 x [3 x i32]] zeroinitializer
@tile = internal addrspace(3) global [2 x [2 x i32]] undef
define amdgpu_kernel void @k(ptr addrspace(1) %out) {
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %p = getelementptr [2 x [3 x i32]], ptr addrspace(1) @g, i32 0, i32 1, i32 2
  store i32 5, ptr addrspace(1) %p
  %q = getelementptr [2 x [2 x i32]], ptr addrspace(3) @tile, i32 0, i32 1, i32 %t
  %v = load i32, ptr addrspace(3) %q
  %o = getelementptr i32, ptr addrspace(1) %out, i32 %t
  store i32 %v, ptr addrspace(1) %o
  ret void
}
declare i32 @llvm.amdgcn.workitem.id.x()
";
    let mut o = opts(&[], &[]);
    o.spec.block = [2, 1];
    let r = report(ll, &o);
    let names: Vec<&str> = r.final_values.iter().map(|c| c.name.as_str()).collect();
    assert_eq!(names, ["%out[0]", "%out[1]", "g[1][2]"]);
    assert_eq!(
        serde_json::to_value(&r.memory[0]).unwrap()["g[1][2]"],
        serde_json::json!(5)
    );
    let undef: Vec<&str> = r.undef_reads.iter().map(|a| a.variable.as_str()).collect();
    assert_eq!(undef, ["tile[1][0]"], "{r:?}");
    let text = amdmm_kernel::report::text(&r);
    assert!(text.contains("g[1][2] = 5  (every final state)"), "{text}");
    assert!(text.contains("load of tile[1][0] (wg0.wi0)"), "{text}");
}

/// `element_name`: row-major indices for an n-D array, the flat index for
/// a 1-D one or an index outside the array.
#[test]
fn element_names_are_row_major() {
    use amdmm_kernel::lower::element_name;
    assert_eq!(element_name("m", &[2, 3], 5), "m[1][2]");
    assert_eq!(element_name("m", &[2, 3, 4], 13), "m[1][0][1]");
    assert_eq!(element_name("m", &[], 5), "m[5]");
    assert_eq!(element_name("m", &[2, 3], 6), "m[6]");
}
