//! `amdmm kernel`'s launch and tool options end to end, each with the
//! behaviour it must change (issue 25, items 1-3): the clang it runs
//! (`--clang`, `AMDMM_CLANG`, PATH), which kernel (`--kernel`), the
//! wavefront size (`--wave-size` and the target's default), two-dimensional
//! grids and blocks, and LDS variables per workgroup.

mod common;
use common::*;

use std::path::PathBuf;
use std::process::{Command, Output};

/// A scratch directory of this test process.
fn scratch(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("amdmm-kopts-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&d).unwrap();
    d
}

/// `amdmm` with `AMDMM_CLANG` and `PATH` as given (`None`: unset).
fn amdmm_env(args: &[&str], amdmm_clang: Option<&str>, path: Option<&str>) -> Output {
    let mut c = Command::new(env!("CARGO_BIN_EXE_amdmm"));
    c.args(args).current_dir(manifest_dir());
    match amdmm_clang {
        Some(v) => c.env("AMDMM_CLANG", v),
        None => c.env_remove("AMDMM_CLANG"),
    };
    if let Some(p) = path {
        c.env("PATH", p);
    }
    c.output().expect("the amdmm binary runs")
}

fn clang22() -> Option<PathBuf> {
    std::env::var_os("PATH").and_then(|p| {
        std::env::split_paths(&p)
            .map(|d| d.join("clang-22"))
            .find(|c| c.is_file())
    })
}

/// The clang comes from `--clang`, else `AMDMM_CLANG`, else PATH
/// (docs/kernels.md, "The launch"); a missing one is one error naming the
/// package, whichever way it was named.
#[test]
fn amdmm_clang_and_path_choose_the_clang() {
    let hip = "../../kernels/mp_agent_spin.hip";
    let o = amdmm_env(&["kernel", hip], Some("/nonexistent/env-clang"), None);
    assert_eq!(code(&o), 2);
    let e = stderr(&o);
    assert!(
        e.contains("`/nonexistent/env-clang`") && e.contains("apt-get install clang-22"),
        "{e}"
    );
    assert_eq!(e.lines().count(), 1, "{e}");
    // --clang comes before AMDMM_CLANG.
    let o = amdmm_env(
        &["kernel", hip, "--clang", "/nonexistent/flag-clang"],
        Some("/nonexistent/env-clang"),
        None,
    );
    assert!(
        stderr(&o).contains("`/nonexistent/flag-clang`"),
        "{}",
        stderr(&o)
    );
    // Neither, and no clang on PATH.
    let empty = scratch("empty-path");
    let o = amdmm_env(&["kernel", hip], None, Some(empty.to_str().unwrap()));
    let _ = std::fs::remove_dir_all(&empty);
    assert_eq!(code(&o), 2);
    let e = stderr(&o);
    assert!(
        e.contains("no clang found") && e.contains("apt-get install clang-22"),
        "{e}"
    );
    let Some(clang) = clang22() else {
        if std::env::var_os("CI").is_some() {
            panic!("clang-22 is required under CI");
        }
        return;
    };
    // AMDMM_CLANG naming a real clang compiles and runs the kernel.
    let o = amdmm_env(
        &["kernel", hip, "--grid", "2", "--block", "1"],
        Some(clang.to_str().unwrap()),
        None,
    );
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    assert!(
        stdout(&o).contains("out[0] = 42  (every final state)"),
        "{}",
        stdout(&o)
    );
}

const TWO_KERNELS: &str = "\
define amdgpu_kernel void @first(ptr addrspace(1) %out) {
  store i32 1, ptr addrspace(1) %out
  ret void
}

define amdgpu_kernel void @second(ptr addrspace(1) %out) {
  store i32 2, ptr addrspace(1) %out
  ret void
}
";

/// Without `--kernel` a module of two kernels is refused with both names;
/// `--kernel NAME` runs the one named; an unknown name lists the kernels.
#[test]
fn kernel_chooses_one_of_several() {
    let d = scratch("two");
    let f = d.join("two.ll");
    std::fs::write(&f, TWO_KERNELS).unwrap();
    let f = f.to_str().unwrap();
    let none = amdmm(&["kernel", f]);
    let second = amdmm(&["kernel", f, "--kernel", "second"]);
    let unknown = amdmm(&["kernel", f, "--kernel", "third"]);
    let _ = std::fs::remove_dir_all(&d);
    assert_eq!(code(&none), 2);
    let e = stderr(&none);
    assert!(
        e.contains("the module has 2 kernels") && e.contains("--kernel NAME: first, second"),
        "{e}"
    );
    assert_eq!(code(&second), 0, "{}", stderr(&second));
    let out = stdout(&second);
    assert!(
        out.starts_with("Kernel second (") && out.contains("two.ll)"),
        "{out}"
    );
    assert!(out.contains("%out[0] = 2  (every final state)"), "{out}");
    assert_eq!(code(&unknown), 2);
    let e = stderr(&unknown);
    assert!(
        e.contains("no kernel named `third`") && e.contains("first, second"),
        "{e}"
    );
}

/// Work-item 0 publishes `data` with a wavefront-scope release; every other
/// modelled work-item reads the flag with a wavefront-scope acquire, then
/// `data`. memory-model.txt, "Inclusive Scopes": the two wavefront scope
/// instances are inclusive only when both work-items are in one wavefront,
/// else the accesses race and the read of `data` may see the store without
/// it being location-ordered before it ("Location Order"): a race.
const WAVE_MP: &str = "\
define amdgpu_kernel void @wave_mp(ptr addrspace(1) %data, ptr addrspace(1) %flag, ptr addrspace(1) %out) {
entry:
  %id = call i32 @llvm.amdgcn.workitem.id.x()
  %w = icmp eq i32 %id, 0
  br i1 %w, label %writer, label %reader
writer:
  store i32 42, ptr addrspace(1) %data, align 4
  store atomic i32 1, ptr addrspace(1) %flag syncscope(\"wavefront-one-as\") release, align 4
  ret void
reader:
  %f = load atomic i32, ptr addrspace(1) %flag syncscope(\"wavefront-one-as\") acquire, align 4
  %seen = icmp eq i32 %f, 1
  br i1 %seen, label %read, label %done
read:
  %d = load i32, ptr addrspace(1) %data, align 4
  store i32 %d, ptr addrspace(1) %out, align 4
  br label %done
done:
  ret void
}
declare i32 @llvm.amdgcn.workitem.id.x()
";

/// `--wave-size` decides which work-items share a wavefront (linear id L in
/// wavefront L / wave-size, docs/kernels.md, "The launch"), and so whether
/// a wavefront-scope message pass synchronizes; the default is the
/// target's (64 on gfx942, 32 on gfx1100).
#[test]
fn wave_size_places_work_items_in_wavefronts() {
    let d = scratch("wave");
    let f = d.join("wave.ll");
    std::fs::write(&f, WAVE_MP).unwrap();
    let f = f.to_str().unwrap();
    let mp = |extra: &[&str]| {
        let mut a = vec!["kernel", f, "--arg", "%out=i32[1]"];
        a.extend_from_slice(extra);
        amdmm(&a)
    };
    // Work-items 0 and 1: one wavefront whatever the size.
    let same = mp(&["--block", "2", "--wave-size", "64"]);
    // Lane 0 of each wavefront of a block of 64: wi0 and wi32 in wave 32.
    let split32 = mp(&["--block", "64", "--lanes", "1", "--wave-size", "32"]);
    let one64 = mp(&["--block", "64", "--lanes", "1", "--wave-size", "64"]);
    let gfx1100 = mp(&["--block", "64", "--lanes", "1", "--target", "gfx1100"]);
    let _ = std::fs::remove_dir_all(&d);
    for o in [&same, &split32, &one64, &gfx1100] {
        assert_eq!(code(o), 0, "{}", stderr(o));
    }
    let same = stdout(&same);
    assert!(
        same.contains("wave size 64, 2 work-items modelled"),
        "{same}"
    );
    assert!(same.contains("Races: none"), "{same}");
    assert!(same.contains("%out[0] in {0, 42}"), "{same}");
    let split = stdout(&split32);
    assert!(
        split.contains("wave size 32, 2 work-items modelled"),
        "{split}"
    );
    assert!(split.contains("Races: 1"), "{split}");
    assert!(
        split.contains("(wg0.wi32)") && split.contains("(wg0.wi0)"),
        "{split}"
    );
    let one = stdout(&one64);
    assert!(one.contains("wave size 64, 1 work-items modelled"), "{one}");
    assert!(one.contains("Races: none"), "{one}");
    // gfx1100's default wave size is 32: the same placement as --wave-size 32.
    assert_eq!(
        stdout(&gfx1100).lines().skip(1).collect::<Vec<_>>(),
        split.lines().skip(1).collect::<Vec<_>>()
    );
}

/// Each work-item of a 2 x 2 grid of 1 x 2 blocks stores its four ids to its
/// own element: `workgroup.id.{x,y}` and `workitem.id.{x,y}` are the
/// work-item's own, and the linear element index covers all eight.
const IDS_2D: &str = "\
define amdgpu_kernel void @ids(ptr addrspace(1) %out) {
  %gx = call i32 @llvm.amdgcn.workgroup.id.x()
  %gy = call i32 @llvm.amdgcn.workgroup.id.y()
  %tx = call i32 @llvm.amdgcn.workitem.id.x()
  %ty = call i32 @llvm.amdgcn.workitem.id.y()
  %g2 = shl i32 %gy, 1
  %g = add i32 %g2, %gx
  %gg = shl i32 %g, 1
  %l = add i32 %tx, %ty
  %i = add i32 %gg, %l
  %v1 = mul i32 %gy, 1000
  %v2 = mul i32 %gx, 100
  %v3 = mul i32 %ty, 10
  %a = add i32 %v1, %v2
  %b = add i32 %a, %v3
  %v = add i32 %b, %tx
  %p = getelementptr i32, ptr addrspace(1) %out, i32 %i
  store i32 %v, ptr addrspace(1) %p, align 4
  ret void
}
declare i32 @llvm.amdgcn.workgroup.id.x()
declare i32 @llvm.amdgcn.workgroup.id.y()
declare i32 @llvm.amdgcn.workitem.id.x()
declare i32 @llvm.amdgcn.workitem.id.y()
";

#[test]
fn two_dimensional_grids_and_blocks_give_each_work_item_its_ids() {
    let d = scratch("ids");
    let f = d.join("ids.ll");
    std::fs::write(&f, IDS_2D).unwrap();
    let o = amdmm(&[
        "kernel",
        f.to_str().unwrap(),
        "--grid",
        "2x2",
        "--block",
        "1x2",
        "--arg",
        "%out=i32[8]",
    ]);
    let _ = std::fs::remove_dir_all(&d);
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    let out = stdout(&o);
    assert!(
        out.contains("grid 2x2 x block 1x2") || out.contains("8 work-items modelled"),
        "{out}"
    );
    // Element 2 * (2 gy + gx) + ty holds gy gx ty tx as decimal digits (tx = 0).
    let want = [0, 10, 100, 110, 1000, 1010, 1100, 1110];
    for (i, v) in want.iter().enumerate() {
        let line = format!("%out[{i}] = {v}  (every final state)");
        assert!(out.contains(&line), "{line}\n{out}");
    }
    assert!(out.contains("Flags: none"), "{out}");
}

/// An LDS variable has one instance per workgroup (docs/kernels.md,
/// "Buffers"; memory-model.txt: LDS is shared by the work-items of one
/// workgroup): two workgroups that each write and read back `tile[0]` see
/// their own value and do not race.
const LDS_PER_WG: &str = "\
@tile = internal addrspace(3) global [1 x i32] undef, align 4

define amdgpu_kernel void @own(ptr addrspace(1) %out) {
  %g = call i32 @llvm.amdgcn.workgroup.id.x()
  %v = add i32 %g, 1
  store i32 %v, ptr addrspace(3) @tile, align 4
  %r = load i32, ptr addrspace(3) @tile, align 4
  %p = getelementptr i32, ptr addrspace(1) %out, i32 %g
  store i32 %r, ptr addrspace(1) %p, align 4
  ret void
}
declare i32 @llvm.amdgcn.workgroup.id.x()
";

#[test]
fn lds_variables_are_one_per_workgroup() {
    let d = scratch("lds");
    let f = d.join("lds.ll");
    std::fs::write(&f, LDS_PER_WG).unwrap();
    let o = amdmm(&[
        "kernel",
        f.to_str().unwrap(),
        "--grid",
        "2",
        "--arg",
        "%out=i32[2]",
    ]);
    let _ = std::fs::remove_dir_all(&d);
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    let out = stdout(&o);
    assert!(out.contains("Races: none"), "{out}");
    assert!(out.contains("%out[0] = 1  (every final state)"), "{out}");
    assert!(out.contains("%out[1] = 2  (every final state)"), "{out}");
    assert!(out.contains("Flags: none"), "{out}");
}
