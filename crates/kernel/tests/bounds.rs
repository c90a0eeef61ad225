//! An access whose index is known before exploring (from the work-item's
//! ids, the launch and the scalar arguments) and outside its buffer is one
//! input error with its line (issue 25: "an access outside its buffer is an
//! error naming the line"); an index read from memory stays a run-time
//! `ub` (docs/kernels.md, "Out of bounds").

mod common;
use common::spelled;

use amdmm_kernel::{run, RunOptions};

fn opts(grid: [u32; 2], block: [u32; 2], args: &[&str], inits: &[&str]) -> RunOptions {
    let mut o = spelled(args, inits);
    o.spec.grid = grid;
    o.spec.block = block;
    o.spec.loop_bound = 2;
    o
}

/// Work-item `wg * 2 + tid` stores `out[i]`: a module with the ids.
const FILL: &str = "define amdgpu_kernel void @k(ptr addrspace(1) %out) {
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %g = call i32 @llvm.amdgcn.workgroup.id.x()
  %g2 = mul i32 %g, 2
  %i = add i32 %g2, %t
  %p = getelementptr inbounds i32, ptr addrspace(1) %out, i32 %i
  store i32 1, ptr addrspace(1) %p
  ret void
}
declare i32 @llvm.amdgcn.workitem.id.x()
declare i32 @llvm.amdgcn.workgroup.id.x()
";

/// LangRef, "'getelementptr' Instruction" and "Undefined Behavior": a
/// store outside its object is undefined; here work-item (wg 1, tid 1)
/// stores `out[3]` of 3 elements, known from its ids: refused before
/// exploring, with the store's line and column, the buffer, the index, the
/// length, the work-item and the `--arg` that fits every work-item.
#[test]
fn a_store_past_the_end_known_from_the_ids_is_an_input_error() {
    let e = run(FILL, "k.ll", &opts([2, 1], [2, 1], &["out=i32[3]"], &[])).unwrap_err();
    assert_eq!(
        e,
        "k.ll:7:3: error: the store to `%out[3]` by work-item 1 of workgroup 1 (wg1.wi1) is out \
         of bounds: `%out` has 3 elements (i32[3])\n  hint: give the buffer the elements the \
         launch reaches (--arg %out=i32[4]), or launch fewer work-items (--grid, --block)"
    );
    // The hint's length covers the largest known index: 3 workgroups reach out[5].
    let e = run(FILL, "k.ll", &opts([3, 1], [2, 1], &["out=i32[3]"], &[])).unwrap_err();
    assert!(e.contains("--arg %out=i32[6]"), "{e}");
    // The buffer that fits runs, every element written once.
    let r = run(FILL, "k.ll", &opts([2, 1], [2, 1], &["out=i32[4]"], &[])).unwrap();
    assert!(!r.flags.ub, "{r:?}");
    assert_eq!(r.final_values.len(), 4);
}

/// In a 2-D launch the work-item is named by its (x, y) ids.
#[test]
fn a_two_dimensional_launch_names_the_work_item_by_its_ids() {
    let e = run(FILL, "k.ll", &opts([2, 2], [2, 1], &["out=i32[3]"], &[])).unwrap_err();
    assert!(
        e.contains("by work-item (1, 0) of workgroup (1, 0) (wg1.wi1)"),
        "{e}"
    );
}

/// LangRef: "The one-past-the-end element" may be pointed to; only the
/// access is out of bounds. A pointer to `out[2]` of 2 elements, stepped
/// back to `out[1]` before the store, is fine; a store under a branch the
/// launch decides against (`if (i < n)`) is not reached.
#[test]
fn a_pointer_one_past_the_end_and_an_unreached_access_are_fine() {
    let ll = "define amdgpu_kernel void @k(ptr addrspace(1) %out, i32 %n) {
entry:
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %end = getelementptr inbounds i32, ptr addrspace(1) %out, i32 2
  %last = getelementptr inbounds i32, ptr addrspace(1) %end, i32 -1
  store i32 7, ptr addrspace(1) %last
  %in = icmp ult i32 %t, %n
  br i1 %in, label %then, label %done
then:
  %p = getelementptr inbounds i32, ptr addrspace(1) %out, i32 %t
  store i32 1, ptr addrspace(1) %p
  br label %done
done:
  ret void
}
declare i32 @llvm.amdgcn.workitem.id.x()
";
    let r = run(
        ll,
        "k.ll",
        &opts([1, 1], [3, 1], &["out=i32[2]", "n=1"], &[]),
    )
    .unwrap();
    assert!(!r.flags.ub, "{r:?}");
    let names: Vec<&str> = r.final_values.iter().map(|c| c.name.as_str()).collect();
    assert_eq!(names, ["%out[0]", "%out[1]"]);
}

/// An access whose index is known is refused even where a value read at
/// run time guards it: its address is wrong whatever the kernel reads
/// (docs/semantics.md, "Kernels", "Out of bounds").
#[test]
fn a_known_index_under_a_branch_on_memory_is_refused() {
    let ll = "define amdgpu_kernel void @k(ptr addrspace(1) %out, ptr addrspace(1) %flag) {
entry:
  %f = load i32, ptr addrspace(1) %flag
  %c = icmp eq i32 %f, 1
  br i1 %c, label %then, label %done
then:
  %p = getelementptr inbounds i32, ptr addrspace(1) %out, i32 5
  store i32 1, ptr addrspace(1) %p
  br label %done
done:
  ret void
}
";
    let e = run(
        ll,
        "k.ll",
        &opts([1, 1], [1, 1], &["out=i32[2]", "flag=i32[1]"], &[]),
    )
    .unwrap_err();
    assert!(
        e.starts_with("k.ll:8:3: error: the store to `%out[5]`"),
        "{e}"
    );
}

/// An index read from memory is not known before exploring: the execution
/// that reads 5 ends as undefined behaviour at the store's line (LangRef,
/// "Undefined Behavior"), exit 0, as before.
#[test]
fn an_index_read_from_memory_stays_run_time_undefined_behaviour() {
    let ll = "define amdgpu_kernel void @k(ptr addrspace(1) %out, ptr addrspace(1) %in) {
  %i = load i32, ptr addrspace(1) %in
  %p = getelementptr inbounds i32, ptr addrspace(1) %out, i32 %i
  store i32 1, ptr addrspace(1) %p
  ret void
}
";
    let r = run(
        ll,
        "k.ll",
        &opts([1, 1], [1, 1], &["out=i32[2]", "in=i32[1]"], &["%in[0]=5"]),
    )
    .unwrap();
    assert!(r.flags.ub, "{r:?}");
    assert!(
        r.barrier.iter().any(|n| n.text.contains("(line 4)")),
        "{r:?}"
    );
}

/// An LDS array has its declared length: an index past it is refused with
/// a hint about the launch and the arithmetic (no --arg can resize it); a
/// negative index says so.
#[test]
fn lds_and_negative_indices_are_refused_with_their_own_hints() {
    let ll = "@tile = internal addrspace(3) global [2 x i32] undef
define amdgpu_kernel void @k() {
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %p = getelementptr inbounds [2 x i32], ptr addrspace(3) @tile, i32 0, i32 %t
  store i32 1, ptr addrspace(3) %p
  ret void
}
declare i32 @llvm.amdgcn.workitem.id.x()
";
    let e = run(ll, "k.ll", &opts([1, 1], [3, 1], &[], &[])).unwrap_err();
    assert!(
        e.contains("the store to `tile[2]` by work-item 2 of workgroup 0 (wg0.wi2)"),
        "{e}"
    );
    assert!(e.contains("`tile` is declared with 2 elements"), "{e}");
    let neg = FILL.replace("add i32 %g2, %t", "sub i32 %g2, 1");
    let e = run(&neg, "k.ll", &opts([1, 1], [1, 1], &["out=i32[3]"], &[])).unwrap_err();
    assert!(
        e.contains("`%out[-1]`") && e.contains("the index is negative"),
        "{e}"
    );
}
