//! The report names memory as the kernel's source does: buffers by their
//! parameter's name (its IR name without debug info), elements by their
//! indices.

use amdmm_kernel::launch::{parse_arg, parse_init};
use amdmm_kernel::report::KernelReport;
use amdmm_kernel::{run, RunOptions};

fn opts(args: &[&str], inits: &[&str]) -> RunOptions {
    let mut o = RunOptions::default();
    for a in args {
        o.spec.args.push(parse_arg(a).unwrap());
    }
    for i in inits {
        o.spec.inits.push(parse_init(i).unwrap());
    }
    o
}

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
