//! Buffer resources in kernels: `llvm.amdgcn.make.buffer.rsrc` and the
//! `raw`/`struct` `.ptr.buffer` load, store, atomic and LDS DMA
//! intrinsics (AMDGPUUsage, "Address Spaces", "Buffer Resource";
//! AMDGPUDMAOperations.md, "Buffer Addressing"). Each test runs a small
//! module and checks the final memory the intrinsic's addressing gives, or
//! the error that names what amdmm does not model
//! (docs/semantics.md, "Buffer resources in kernels").

mod common;
use common::{buffers, i32_buffers, value};

use amdmm_kernel::{run, RunOptions};

fn opts(args: &[(&str, u32)], inits: &[(&str, u32, i64)], block: u32) -> RunOptions {
    let mut o = i32_buffers(args, inits);
    o.spec.block = [block, 1];
    o
}

/// A kernel over `%out` and `%in` whose entry makes `%rin` (over `%in`,
/// stride `stride`, `records` numrecords) and `%rout` (over `%out`, 64
/// bytes), gets the work-item id `%l` and `%l4` = 4 * `%l`, then runs
/// `body`.
fn kernel(stride: u32, records: u32, body: &str) -> String {
    format!(
        concat!(
            "@t = internal addrspace(3) global [4 x i32] undef\n\n",
            "define amdgpu_kernel void @k(ptr addrspace(1) %out, ptr addrspace(1) %in) {{\n",
            "  %rin = call ptr addrspace(8) @llvm.amdgcn.make.buffer.rsrc.p8.p1(ptr addrspace(1) %in, i16 {}, i64 {}, i32 0)\n",
            "  %rout = call ptr addrspace(8) @llvm.amdgcn.make.buffer.rsrc.p8.p1(ptr addrspace(1) %out, i16 0, i64 64, i32 0)\n",
            "  %l = call i32 @llvm.amdgcn.workitem.id.x()\n",
            "  %l4 = shl i32 %l, 2\n",
            "{}",
            "  ret void\n",
            "}}\n"
        ),
        stride, records, body
    )
}

/// The line of the first `body` line in [`kernel`]'s module.
const BODY_LINE: u32 = 8;

fn error(ll: &str) -> String {
    run(ll, "k.ll", &opts(&[("%out", 4), ("%in", 4)], &[], 1)).unwrap_err()
}

/// A raw resource is byte-addressed from its base by voffset + soffset:
/// work-item L loads in[1 - L] (voffset 4 - 4L) and stores it to out[L]
/// (voffset 4L); another load at voffset 0, soffset 8 reads in[2].
#[test]
fn raw_load_and_store_address_voffset_plus_soffset() {
    let ll = kernel(
        0,
        16,
        concat!(
            "  %back = sub i32 4, %l4\n",
            "  %v = call i32 @llvm.amdgcn.raw.ptr.buffer.load.i32(ptr addrspace(8) %rin, i32 %back, i32 0, i32 0)\n",
            "  call void @llvm.amdgcn.raw.ptr.buffer.store.i32(i32 %v, ptr addrspace(8) %rout, i32 %l4, i32 0, i32 0)\n",
            "  %w = call i32 @llvm.amdgcn.raw.ptr.buffer.load.i32(ptr addrspace(8) %rin, i32 0, i32 8, i32 0)\n",
            "  %o2 = add i32 %l4, 8\n",
            "  call void @llvm.amdgcn.raw.ptr.buffer.store.i32(i32 %w, ptr addrspace(8) %rout, i32 %o2, i32 0, i32 0)\n",
        ),
    );
    let o = opts(
        &[("%out", 4), ("%in", 4)],
        &[("%in", 0, 10), ("%in", 1, 11), ("%in", 2, 12)],
        2,
    );
    let r = run(&ll, "k.ll", &o).unwrap();
    assert!(!r.flags.race && !r.flags.ub, "{:?}", r.flags);
    assert_eq!(value(&r, "%out[0]"), "11");
    assert_eq!(value(&r, "%out[1]"), "10");
    assert_eq!(value(&r, "%out[2]"), "12");
    assert_eq!(value(&r, "%out[3]"), "12");
}

/// A struct access with a stride of 8 bytes reads record vindex at byte
/// voffset of it: vindex 1, voffset 4 is byte 12, in[3].
#[test]
fn struct_load_addresses_records_of_the_stride() {
    let ll = kernel(
        8,
        2,
        concat!(
            "  %v = call i32 @llvm.amdgcn.struct.ptr.buffer.load.i32(ptr addrspace(8) %rin, i32 1, i32 4, i32 0, i32 0)\n",
            "  call void @llvm.amdgcn.struct.ptr.buffer.store.i32(i32 %v, ptr addrspace(8) %rout, i32 0, i32 0, i32 0, i32 0)\n",
        ),
    );
    let o = opts(&[("%out", 1), ("%in", 4)], &[("%in", 3, 7)], 1);
    let r = run(&ll, "k.ll", &o).unwrap();
    assert_eq!(value(&r, "%out[0]"), "7");
}

/// A vector buffer load is one access per element (docs/semantics.md,
/// "Vector accesses"): `<2 x i32>` at byte 4 is in[1], in[2].
#[test]
fn a_vector_buffer_load_reads_each_element() {
    let ll = kernel(
        0,
        16,
        concat!(
            "  %v = call <2 x i32> @llvm.amdgcn.raw.ptr.buffer.load.v2i32(ptr addrspace(8) %rin, i32 4, i32 0, i32 0)\n",
            "  call void @llvm.amdgcn.raw.ptr.buffer.store.v2i32(<2 x i32> %v, ptr addrspace(8) %rout, i32 0, i32 0, i32 0)\n",
        ),
    );
    let o = opts(
        &[("%out", 2), ("%in", 4)],
        &[("%in", 1, 5), ("%in", 2, 6)],
        1,
    );
    let r = run(&ll, "k.ll", &o).unwrap();
    assert_eq!(value(&r, "%out[0]"), "5");
    assert_eq!(value(&r, "%out[1]"), "6");
}

/// Buffer atomics are atomic (system scope, monotonic: memory-model.txt,
/// "Scopes": no scope is the system scope): two work-items adding 1 to
/// out[0] never race and end at 2; of two compare-and-swaps of out[1]
/// from 0, one succeeds (out[1] = 5 + the work-item), and it returns the
/// old value 0 to exactly one of them, which stores 1 to out[2 + L].
#[test]
fn buffer_atomics_are_system_scope_atomics() {
    let ll = kernel(
        0,
        16,
        concat!(
            "  %old = call i32 @llvm.amdgcn.raw.ptr.buffer.atomic.add.i32(i32 1, ptr addrspace(8) %rout, i32 0, i32 0, i32 0)\n",
            "  %new = add i32 %l, 5\n",
            "  %was = call i32 @llvm.amdgcn.raw.ptr.buffer.atomic.cmpswap.i32(i32 %new, i32 0, ptr addrspace(8) %rout, i32 4, i32 0, i32 0)\n",
            "  %won = icmp eq i32 %was, 0\n",
            "  %flag = zext i1 %won to i32\n",
            "  %at = add i32 %l4, 8\n",
            "  call void @llvm.amdgcn.raw.ptr.buffer.store.i32(i32 %flag, ptr addrspace(8) %rout, i32 %at, i32 0, i32 0)\n",
        ),
    );
    let o = opts(&[("%out", 4), ("%in", 1)], &[], 2);
    let r = run(&ll, "k.ll", &o).unwrap();
    assert!(!r.flags.race, "{:?}", r.races);
    assert_eq!(value(&r, "%out[0]"), "2");
    let finals: Vec<_> = r
        .memory
        .iter()
        .map(|m| {
            let v = |c: &str| {
                let x = m.get(c).unwrap_or_else(|| panic!("{c} not in {m:?}"));
                serde_json::to_string(x).unwrap()
            };
            (v("%out[1]"), v("%out[2]"), v("%out[3]"))
        })
        .collect();
    for (cas, a, b) in &finals {
        let winner = if a == "1" { "5" } else { "6" };
        assert_eq!(cas, winner, "{finals:?}");
        assert_ne!(a, b, "{finals:?}");
    }
    assert!(finals.iter().any(|f| f.0 == "5") && finals.iter().any(|f| f.0 == "6"));
}

/// A floating-point buffer atomic adds IEEE values (1.5 + 2.25 = 3.75
/// whatever the order); an integer operation on a float, or a float one
/// on an integer, is refused.
#[test]
fn float_buffer_atomics_add_floats() {
    let ll = kernel(
        0,
        16,
        concat!(
            "  %is0 = icmp eq i32 %l, 0\n",
            "  %v = select i1 %is0, float 1.5, float 2.25\n",
            "  %old = call float @llvm.amdgcn.raw.ptr.buffer.atomic.fadd.f32(float %v, ptr addrspace(8) %rout, i32 0, i32 0, i32 0)\n",
        ),
    );
    let mut o = buffers(&[("%out", "float", 1)], &[]);
    o.spec.block = [2, 1];
    let r = run(&ll, "k.ll", &o).unwrap();
    assert!(!r.flags.race, "{:?}", r.races);
    assert_eq!(value(&r, "%out[0]"), "\"3.75\"");
    let e = error(&kernel(
        0,
        16,
        "  %old = call i32 @llvm.amdgcn.raw.ptr.buffer.atomic.fadd.i32(i32 1, ptr addrspace(8) %rout, i32 0, i32 0, i32 0)\n",
    ));
    assert!(e.contains("a floating-point operation"), "{e}");
}

/// A plain buffer store and a plain buffer load of one element by two
/// work-items with nothing ordering them race (memory-model.txt: the load
/// may see a write not location-ordered before it, and returns undef);
/// the race names the two intrinsics' lines.
#[test]
fn plain_buffer_accesses_race() {
    let ll = kernel(
        0,
        16,
        concat!(
            "  %is0 = icmp eq i32 %l, 0\n",
            "  br i1 %is0, label %w, label %r\n",
            "w:\n",
            "  call void @llvm.amdgcn.raw.ptr.buffer.store.i32(i32 42, ptr addrspace(8) %rout, i32 0, i32 0, i32 0)\n",
            "  br label %e\n",
            "r:\n",
            "  %v = call i32 @llvm.amdgcn.raw.ptr.buffer.load.i32(ptr addrspace(8) %rout, i32 0, i32 0, i32 0)\n",
            "  call void @llvm.amdgcn.raw.ptr.buffer.store.i32(i32 %v, ptr addrspace(8) %rout, i32 4, i32 0, i32 0)\n",
            "  br label %e\n",
            "e:\n",
        ),
    );
    let r = run(&ll, "k.ll", &opts(&[("%out", 2), ("%in", 1)], &[], 2)).unwrap();
    assert!(r.flags.race, "{:?}", r.flags);
    assert_eq!(r.races[0].read.line, BODY_LINE + 6);
    assert_eq!(r.races[0].write.as_ref().unwrap().line, BODY_LINE + 3);
}

/// AMDGPUDMAOperations.md, "Buffer Addressing" and "GFX9 DMA": the copy
/// reads the resource at voffset + soffset + offset and writes the LDS
/// base + offset + 4 * lane. Lane L copies in[L + 1] (voffset 4L, offset
/// 4) into t[L + 1]; the non-async form is complete before the lane's
/// own later read.
#[test]
fn buffer_lds_dma_copies_from_the_resource_to_the_lane_offset() {
    let ll = kernel(
        0,
        16,
        concat!(
            "  call void @llvm.amdgcn.raw.ptr.buffer.load.lds(ptr addrspace(8) %rin, ptr addrspace(3) @t, i32 4, i32 %l4, i32 0, i32 4, i32 0)\n",
            "  %d = getelementptr i32, ptr addrspace(3) @t, i32 %l\n",
            "  %d2 = getelementptr i32, ptr addrspace(3) %d, i32 1\n",
            "  %v = load i32, ptr addrspace(3) %d2\n",
            "  call void @llvm.amdgcn.raw.ptr.buffer.store.i32(i32 %v, ptr addrspace(8) %rout, i32 %l4, i32 0, i32 0)\n",
        ),
    );
    let o = opts(
        &[("%out", 2), ("%in", 4)],
        &[("%in", 1, 7), ("%in", 2, 8)],
        2,
    );
    let r = run(&ll, "k.ll", &o).unwrap();
    assert!(!r.flags.race, "{:?}", r.races);
    assert_eq!(value(&r, "%out[0]"), "7");
    assert_eq!(value(&r, "%out[1]"), "8");
}

/// async-operations.txt, "LDS DMA Operations": the `.async` buffer form
/// completes only at `wait.asyncmark`; a struct-form copy (vindex 1 of
/// 4-byte records: in[1]) read back by the same work-item races without
/// the wait and returns the copied value with it.
#[test]
fn async_buffer_lds_dma_completes_at_its_wait() {
    let body = |wait: &str| {
        kernel(
            4,
            4,
            &format!(
                concat!(
                    "  store i32 0, ptr addrspace(3) @t\n",
                    "  call void @llvm.amdgcn.struct.ptr.buffer.load.async.lds(ptr addrspace(8) %rin, ptr addrspace(3) @t, i32 4, i32 1, i32 0, i32 0, i32 0, i32 0)\n",
                    "  call void @llvm.amdgcn.asyncmark()\n",
                    "{}",
                    "  %v = load i32, ptr addrspace(3) @t\n",
                    "  store i32 %v, ptr addrspace(1) %out\n",
                ),
                wait
            ),
        )
    };
    let o = opts(&[("%out", 1), ("%in", 4)], &[("%in", 1, 9)], 1);
    let waited = run(
        &body("  call void @llvm.amdgcn.wait.asyncmark(i16 0)\n"),
        "k.ll",
        &o,
    )
    .unwrap();
    assert!(!waited.flags.race, "{:?}", waited.races);
    assert_eq!(value(&waited, "%out[0]"), "9");
    let unwaited = run(&body(""), "k.ll", &o).unwrap();
    assert!(unwaited.flags.race, "{:?}", unwaited.flags);
}

/// An access outside the resource is refused with its line: the last
/// element of a 12-byte resource is bytes 8..12, and 12..16 is outside it
/// even though `%in` has a fourth element; a struct index past
/// numrecords and bytes past the stride are refused too.
#[test]
fn an_access_outside_the_resource_is_refused_with_its_line() {
    let ok = kernel(
        0,
        12,
        "  %v = call i32 @llvm.amdgcn.raw.ptr.buffer.load.i32(ptr addrspace(8) %rin, i32 8, i32 0, i32 0)\n",
    );
    assert!(run(&ok, "k.ll", &opts(&[("%out", 4), ("%in", 4)], &[], 1)).is_ok());
    let e = error(&kernel(
        0,
        12,
        "  %v = call i32 @llvm.amdgcn.raw.ptr.buffer.load.i32(ptr addrspace(8) %rin, i32 8, i32 4, i32 0)\n",
    ));
    assert!(e.starts_with(&format!("k.ll:{BODY_LINE}:")), "{e}");
    assert!(
        e.contains("accesses bytes 12..16 of the buffer resource made at line 4"),
        "{e}"
    );
    let e = error(&kernel(
        8,
        2,
        "  %v = call i32 @llvm.amdgcn.struct.ptr.buffer.load.i32(ptr addrspace(8) %rin, i32 2, i32 0, i32 0, i32 0)\n",
    ));
    assert!(e.contains("record 2, bytes 0..4"), "{e}");
    let e = error(&kernel(
        8,
        2,
        "  %v = call i32 @llvm.amdgcn.struct.ptr.buffer.load.i32(ptr addrspace(8) %rin, i32 0, i32 6, i32 0, i32 0)\n",
    ));
    assert!(e.contains("outside it (stride 8)"), "{e}");
}

/// An offset computed at run time (here read from memory) is checked
/// against the buffer, which the resource must cover: in[0] = 12 reads
/// in[3]; 16 is past the buffer and 2 is not a whole element, so those
/// executions end as undefined behaviour; a resource smaller than its
/// buffer is refused, since amdmm could not tell its bound apart.
#[test]
fn a_run_time_offset_is_checked_against_the_buffer_the_resource_covers() {
    let body = concat!(
        "  %o = load i32, ptr addrspace(1) %in\n",
        "  %v = call i32 @llvm.amdgcn.raw.ptr.buffer.load.i32(ptr addrspace(8) %rin, i32 %o, i32 0, i32 0)\n",
        "  store i32 %v, ptr addrspace(1) %out\n",
    );
    let run_with = |first: i64| {
        let o = opts(
            &[("%out", 1), ("%in", 4)],
            &[("%in", 0, first), ("%in", 3, 9)],
            1,
        );
        run(&kernel(0, 16, body), "k.ll", &o).unwrap()
    };
    let r = run_with(12);
    assert!(!r.flags.ub, "{:?}", r.barrier);
    assert_eq!(value(&r, "%out[0]"), "9");
    for bad in [16, 2, -4] {
        let r = run_with(bad);
        assert!(r.flags.ub, "voffset {bad}: {:?}", r.flags);
        assert!(
            r.barrier
                .iter()
                .any(|n| n.text.contains("index out of bounds")),
            "{:?}",
            r.barrier
        );
    }
    let o = opts(&[("%out", 1), ("%in", 4)], &[], 1);
    let e = run(&kernel(0, 8, body), "k.ll", &o).unwrap_err();
    assert!(e.starts_with(&format!("k.ll:{}:", BODY_LINE + 1)), "{e}");
    assert!(
        e.contains("through a resource of 8 bytes over `%in` (16 bytes)"),
        "{e}"
    );
}

/// With a stride, the index may be computed at run time (a loop's
/// counter: the sum of records 0..4 of 4 bytes is in[0] + ... + in[3]);
/// voffset may not, the bytes within a record being checked before
/// exploring.
#[test]
fn a_run_time_index_walks_the_records() {
    let ll = concat!(
        "define amdgpu_kernel void @k(ptr addrspace(1) %out, ptr addrspace(1) %in) {\n",
        "entry:\n",
        "  %r = call ptr addrspace(8) @llvm.amdgcn.make.buffer.rsrc.p8.p1(ptr addrspace(1) %in, i16 4, i64 4, i32 0)\n",
        "  br label %loop\n",
        "loop:\n",
        "  %i = phi i32 [ 0, %entry ], [ %i1, %loop ]\n",
        "  %acc = phi i32 [ 0, %entry ], [ %acc1, %loop ]\n",
        "  %v = call i32 @llvm.amdgcn.struct.ptr.buffer.load.i32(ptr addrspace(8) %r, i32 %i, i32 0, i32 0, i32 0)\n",
        "  %acc1 = add i32 %acc, %v\n",
        "  %i1 = add i32 %i, 1\n",
        "  %c = icmp ult i32 %i1, 4\n",
        "  br i1 %c, label %loop, label %done\n",
        "done:\n",
        "  store i32 %acc1, ptr addrspace(1) %out\n",
        "  ret void\n",
        "}\n",
    );
    let mut o = opts(
        &[("%out", 1), ("%in", 4)],
        &[("%in", 0, 1), ("%in", 1, 2), ("%in", 2, 3), ("%in", 3, 4)],
        1,
    );
    o.spec.loop_bound = 5;
    let r = run(ll, "k.ll", &o).unwrap();
    assert!(!r.flags.ub && !r.flags.cutoff, "{:?}", r.flags);
    assert_eq!(value(&r, "%out[0]"), "10");
    let e = error(&kernel(
        4,
        4,
        concat!(
            "  %o = load i32, ptr addrspace(1) %in\n",
            "  %v = call i32 @llvm.amdgcn.struct.ptr.buffer.load.i32(ptr addrspace(8) %rin, i32 0, i32 %o, i32 0, i32 0)\n",
        ),
    ));
    assert!(e.contains("the voffset or soffset of"), "{e}");
    assert!(e.contains("through a resource with a stride (4)"), "{e}");
}

/// Cache-policy bits: bit 31 (volatile) is modelled, the others are
/// refused by name; the DMA forms take none.
#[test]
fn cache_policy_bits_are_modelled_or_refused() {
    let load = |aux: &str| {
        kernel(
            0,
            16,
            &format!("  %v = call i32 @llvm.amdgcn.raw.ptr.buffer.load.i32(ptr addrspace(8) %rin, i32 0, i32 0, i32 {aux})\n  store i32 %v, ptr addrspace(1) %out\n"),
        )
    };
    let o = opts(&[("%out", 1), ("%in", 1)], &[("%in", 0, 3)], 1);
    let r = run(&load("-2147483648"), "k.ll", &o).unwrap();
    assert_eq!(value(&r, "%out[0]"), "3");
    let e = error(&load("2"));
    assert!(e.contains("cache-policy bit 1 (slc, nt on gfx940)"), "{e}");
    let e = error(&load("1"));
    assert!(e.contains("cache-policy bit 0 (glc, sc0 on gfx940)"), "{e}");
    let e = error(&kernel(
        0,
        16,
        "  call void @llvm.amdgcn.raw.ptr.buffer.load.lds(ptr addrspace(8) %rin, ptr addrspace(3) @t, i32 4, i32 0, i32 0, i32 0, i32 1)\n",
    ));
    assert!(e.contains("DMA aux (cache policy) operand 1"), "{e}");
}

/// What amdmm does not model is refused naming it: a flags word, swizzle
/// bits in the stride, buffer fat pointers, the `<4 x i32>` forms, typed
/// buffers, a resource passed as an argument, and an access through the
/// resource pointer itself.
#[test]
fn unmodelled_resources_and_forms_are_refused() {
    let make = |stride: &str, flags: &str| {
        format!(
            concat!(
                "define amdgpu_kernel void @k(ptr addrspace(1) %out, ptr addrspace(1) %in) {{\n",
                "  %r = call ptr addrspace(8) @llvm.amdgcn.make.buffer.rsrc.p8.p1(ptr addrspace(1) %in, i16 {}, i64 16, i32 {})\n",
                "  ret void\n",
                "}}\n"
            ),
            stride, flags
        )
    };
    // composable_kernel's flags words (CK_BUFFER_RESOURCE_3RD_DWORD): the
    // refusal names the bits set and says why they are not modelled.
    let e = error(&make("0", "131072"));
    assert!(
        e.starts_with("k.ll:2:")
            && e.contains("the flags word 0x20000")
            && e.contains("sets bit 17,"),
        "{e}"
    );
    assert!(
        e.contains("detailed in the ISA descriptions") && e.contains("pass 0"),
        "{e}"
    );
    let e = error(&make("0", "822165504"));
    assert!(
        e.contains("the flags word 0x31014000") && e.contains("sets bits 14, 16, 24, 28, 29,"),
        "{e}"
    );
    let e = error(&make("-16384", "0"));
    assert!(e.contains("swizzle control bits"), "{e}");
    let fat = "define amdgpu_kernel void @k(ptr addrspace(1) %out, ptr addrspace(1) %in) {\n  %r = call ptr addrspace(7) @llvm.amdgcn.make.buffer.rsrc.p7.p1(ptr addrspace(1) %in, i16 0, i64 16, i32 0)\n  ret void\n}\n";
    let e = error(fat);
    assert!(e.contains("buffer fat pointer (addrspace 7)"), "{e}");
    let e = error(&kernel(
        0,
        16,
        "  %v = call i32 @llvm.amdgcn.raw.buffer.load.i32(<4 x i32> zeroinitializer, i32 0, i32 0, i32 0)\n",
    ));
    assert!(e.contains("`<4 x i32>`"), "{e}");
    let e = error(&kernel(
        0,
        16,
        "  %v = call i32 @llvm.amdgcn.raw.ptr.tbuffer.load.i32(ptr addrspace(8) %rin, i32 0, i32 0, i32 0, i32 0)\n",
    ));
    assert!(e.contains("tbuffer"), "{e}");
    let e = error(&kernel(0, 16, "  %v = load i32, ptr addrspace(8) %rin\n"));
    assert!(e.contains("through a buffer resource"), "{e}");
    let e = error(&kernel(
        0,
        16,
        "  %c = addrspacecast ptr addrspace(1) %in to ptr addrspace(7)\n  %v = load i32, ptr addrspace(7) %c\n",
    ));
    assert!(e.contains("buffer fat pointer (addrspace(7))"), "{e}");
}
