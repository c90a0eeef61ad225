//! Lowering of corpus tests, checked against the table rows.

use amdmm_hw::isa::MInstr;
use amdmm_hw::{all_targets, lower, Target};
use std::path::Path;

fn load(name: &str) -> amdmm_program::Program {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../litmus")
        .join(name);
    let src = std::fs::read_to_string(&path).unwrap();
    amdmm_program::load(&src).unwrap()
}

/// The machine code of every operation of thread `t`, rendered.
fn code(name: &str, target: &str, t: usize) -> Vec<Vec<String>> {
    let l = lower(&load(name), &Target::parse(target).unwrap()).unwrap();
    l.threads[t]
        .ops
        .iter()
        .map(|op| op.code.iter().map(|i| i.instr.to_string()).collect())
        .collect()
}

fn strs(v: &[&str]) -> Vec<String> {
    v.iter().map(|s| s.to_string()).collect()
}

#[test]
fn mp_rel_acq_agent_gfx942() {
    // GFX942, store atomic release agent global (AMDGPUUsage, "AMDHSA Memory Model Code Sequences GFX942"):
    // "1. buffer_wbl2 sc1=1  2. s_waitcnt lgkmcnt(0) & vmcnt(0)  3. buffer/global/flat_store sc1=1"
    assert_eq!(
        code("MP+rel-acq.agent.litmus", "gfx942", 0)[1],
        strs(&[
            "buffer_wbl2 sc1",
            "s_waitcnt vmcnt(0) lgkmcnt(0)",
            "global_store_dword sc1"
        ])
    );
    // load atomic acquire agent global: "1. buffer/global_load sc1=1
    // 2. s_waitcnt vmcnt(0)  3. buffer_inv sc1=1"
    assert_eq!(
        code("MP+rel-acq.agent.litmus", "gfx942", 1)[0],
        strs(&[
            "global_load_dword sc1",
            "s_waitcnt vmcnt(0)",
            "buffer_inv sc1"
        ])
    );
}

#[test]
fn acquire_workgroup_tgsplit_gfx90a() {
    // GFX90A load atomic acquire workgroup global: "1. buffer/global_load glc=1
    // - If not TgSplit execution mode, omit glc=1. 2. s_waitcnt vmcnt(0) - If not
    // TgSplit execution mode, omit. 3. buffer_wbinvl1_vol - If not TgSplit ..., omit."
    let f = "MP+rel-acq.workgroup.samewg.litmus";
    assert_eq!(code(f, "gfx90a", 1)[0], strs(&["global_load_dword"]));
    assert_eq!(
        code(f, "gfx90a:tgsplit", 1)[0],
        strs(&[
            "global_load_dword glc",
            "s_waitcnt vmcnt(0)",
            "buffer_wbinvl1_vol"
        ])
    );
}

#[test]
fn gfx6_9_and_gfx10_11_and_gfx12() {
    let f = "MP+rel-acq.agent.litmus";
    assert_eq!(
        code(f, "gfx600", 1)[0],
        strs(&[
            "buffer_load_dword glc",
            "s_waitcnt vmcnt(0)",
            "buffer_wbinvl1_vol"
        ])
    );
    assert_eq!(
        code(f, "gfx1100", 1)[0],
        strs(&[
            "global_load_b32 glc",
            "s_waitcnt vmcnt(0)",
            "buffer_gl1_inv",
            "buffer_gl0_inv"
        ])
    );
    // GFX10: "buffer/global_load glc=1 dlc=1 - If GFX11, omit dlc=1."
    assert_eq!(
        code(f, "gfx1010", 1)[0],
        strs(&[
            "global_load_dword glc dlc",
            "s_waitcnt vmcnt(0)",
            "buffer_gl1_inv",
            "buffer_gl0_inv"
        ])
    );
    assert_eq!(
        code(f, "gfx1200", 1)[0],
        strs(&[
            "global_load_b32 scope:SCOPE_DEV",
            "s_wait_loadcnt 0x0",
            "global_inv scope:SCOPE_DEV"
        ])
    );
}

#[test]
fn errors_are_reported_not_panics() {
    let e = Target::parse("sm_90").unwrap_err();
    assert!(e.contains("gfx942") && e.contains("gfx1250"), "{e}");
    assert!(Target::parse("gfx942:cumode").is_err());
    let p = load("LDS+shared.samewg.litmus");
    let e = lower(&p, &Target::parse("gfx942:tgsplit").unwrap()).unwrap_err();
    assert!(e.message.contains("no LDS"), "{}", e.message);
}

#[test]
fn every_corpus_test_on_every_target_lowers_or_errors() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../litmus");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "litmus"))
        .collect();
    files.sort();
    for t in all_targets() {
        for f in &files {
            let src = std::fs::read_to_string(f).unwrap();
            let Ok(p) = amdmm_program::load(&src) else {
                continue;
            };
            if let Ok(l) = lower(&p, &t) {
                for th in &l.threads {
                    for op in &th.ops {
                        // No table template survives lowering.
                        assert!(
                            op.code
                                .iter()
                                .all(|i| !matches!(i.instr, MInstr::Access(_))),
                            "{t} {}",
                            f.display()
                        );
                    }
                }
            }
        }
    }
}

/// async-operations.txt, "LDS DMA Operations": the intrinsics are
/// "supported only on the corresponding architectures (GFX9 and GFX10)";
/// GFX12.5 keeps its own LDS DMA (AMDGPUDMAOperations.md, "GFX1250").
#[test]
fn lds_dma_only_where_the_text_has_it() {
    let p = load("async/Async+tracked.global.load.lds.litmus");
    // tgsplit allocates no LDS at all.
    for t in all_targets().into_iter().filter(|t| !t.tgsplit) {
        let r = lower(&p, &t);
        let supported = t.major == 9 || t.major == 10 || t.name == "gfx1250";
        match r {
            Ok(_) => assert!(supported, "{t} lowers LDS DMA"),
            Err(e) => {
                assert!(!supported, "{t}: {e}");
                let e = e.to_string();
                assert!(
                    e.contains("llvm.amdgcn.global.load.lds") && e.contains("GFX9 and GFX10"),
                    "{t}: {e}"
                );
            }
        }
    }
}

/// `!nontemporal` takes the tables' "!volatile & nontemporal" steps: GFX6-GFX9
/// and GFX90A "glc=1 slc=1", GFX942 "nt=1", GFX10 load "slc=1" (GFX11 "slc=1
/// dlc=1"), GFX12 and GFX12.5 "th:TH_LOAD_NT" / "th:TH_STORE_NT".
#[test]
fn nontemporal_rows() {
    let f = "constructs/MP+rel-acq.agent.nontemporal.litmus";
    for (t, store, load) in [
        (
            "gfx600",
            "buffer_store_dword glc slc",
            "buffer_load_dword glc slc",
        ),
        (
            "gfx90a",
            "global_store_dword glc slc",
            "global_load_dword glc slc",
        ),
        ("gfx942", "global_store_dword nt", "global_load_dword nt"),
        (
            "gfx1010",
            "global_store_dword glc slc",
            "global_load_dword slc",
        ),
        (
            "gfx1100",
            "global_store_b32 glc slc dlc",
            "global_load_b32 slc dlc",
        ),
        (
            "gfx1200",
            "global_store_b32 th:TH_STORE_NT",
            "global_load_b32 th:TH_LOAD_NT",
        ),
        (
            "gfx1250",
            "global_store_b32 th:TH_STORE_NT",
            "global_load_b32 th:TH_LOAD_NT",
        ),
    ] {
        assert_eq!(code(f, t, 0)[0], strs(&[store]), "{t}");
        assert_eq!(code(f, t, 1)[1], strs(&[load]), "{t}");
        // Without the attachment, the plain row.
        let plain = code("MP+rel-acq.agent.litmus", t, 0)[0].clone();
        assert_ne!(plain, strs(&[store]), "{t}");
    }
}

/// The names each target's assembler uses (LLVM's AMDGPU assembler, as `llc`
/// prints them) and the return bit of returning atomics: `glc` before
/// GFX942 and on GFX10-GFX11, `sc0` on GFX942, `th:TH_ATOMIC_RETURN` on GFX12+
/// (the GFX12 table: "If atomic with return, use th:TH_ATOMIC_RETURN").
#[test]
fn real_mnemonics_and_return_bits() {
    let src = r#"AMDGPU mnemonics
"an RMW with return and one without, an LDS exchange and load"
{
  global x = 0;
  lds l = 0;
}
thread P0 @ wg 0 {
  %a = atomicrmw add ptr @x, i32 1 syncscope("agent") monotonic, align 4
  %b = atomicrmw umax ptr @x, i32 1 syncscope("agent") monotonic, align 4
  %c = atomicrmw xchg ptr addrspace(3) @l, i32 1 syncscope("workgroup") monotonic, align 4
  %d = load i32, ptr addrspace(3) @l
}
exists (P0:%a == 0 /\ P0:%c == 0 /\ P0:%d == 0)
"#;
    let p = amdmm_program::load(src).expect("parses");
    let mem = |t: &str| -> Vec<String> {
        let l = lower(&p, &Target::parse(t).unwrap()).unwrap();
        l.threads[0]
            .ops
            .iter()
            .flat_map(|o| o.code.iter())
            .filter(|i| matches!(i.instr, MInstr::Mem(_)))
            .map(|i| i.instr.to_string())
            .collect()
    };
    assert_eq!(
        mem("gfx600"),
        strs(&[
            "buffer_atomic_add glc",
            "buffer_atomic_umax",
            "ds_wrxchg_rtn_b32",
            "ds_read_b32"
        ])
    );
    assert_eq!(
        mem("gfx700"),
        strs(&[
            "flat_atomic_add glc",
            "flat_atomic_umax",
            "ds_wrxchg_rtn_b32",
            "ds_read_b32"
        ])
    );
    assert_eq!(
        mem("gfx942"),
        strs(&[
            "global_atomic_add sc0",
            "global_atomic_umax",
            "ds_wrxchg_rtn_b32",
            "ds_read_b32"
        ])
    );
    assert_eq!(
        mem("gfx1100"),
        strs(&[
            "global_atomic_add_u32 glc",
            "global_atomic_max_u32",
            "ds_storexchg_rtn_b32",
            "ds_load_b32"
        ])
    );
    assert_eq!(
        mem("gfx1200"),
        strs(&[
            "global_atomic_add_u32 th:TH_ATOMIC_RETURN scope:SCOPE_DEV",
            "global_atomic_max_u32 scope:SCOPE_DEV",
            "ds_storexchg_rtn_b32",
            "ds_load_b32"
        ])
    );
}

/// A fence tagged `amdgpu-as:local` / `:global` keeps only its address
/// space's part of the row (AMDGPUUsage, "Fence and address spaces": an
/// LDS-only fence need not "wait on all global memory operations").
#[test]
fn fences_that_name_address_spaces() {
    // GFX942 fence release agent: "buffer_wbl2 sc1; s_waitcnt lgkmcnt(0) & vmcnt(0)".
    let local = code(
        "fence-as/MP+fence-fence.agent.as-local.data-lds.litmus",
        "gfx942",
        0,
    );
    assert_eq!(local[1], strs(&["s_waitcnt lgkmcnt(0)"]));
    let global = code(
        "fence-as/MP+fence-fence.agent.as-global.data-global.litmus",
        "gfx942",
        0,
    );
    assert_eq!(global[1], strs(&["buffer_wbl2 sc1", "s_waitcnt vmcnt(0)"]));
    // Acquire agent: "s_waitcnt lgkmcnt(0) & vmcnt(0); buffer_inv sc1".
    let local = code(
        "fence-as/MP+fence-fence.agent.as-local.data-lds.litmus",
        "gfx942",
        1,
    );
    assert_eq!(local[1], strs(&["s_waitcnt lgkmcnt(0)"]));
    let global = code(
        "fence-as/MP+fence-fence.agent.as-global.data-global.litmus",
        "gfx942",
        1,
    );
    assert_eq!(global[1], strs(&["s_waitcnt vmcnt(0)", "buffer_inv sc1"]));
    // GFX12: the local fence has no global counter wait nor global_wb/global_inv.
    for op in code(
        "fence-as/MP+fence-fence.agent.as-local.data-lds.litmus",
        "gfx1200",
        1,
    ) {
        assert!(
            op.iter().all(|i| !i.contains("loadcnt")
                && !i.contains("storecnt")
                && !i.starts_with("global_inv")
                && !i.starts_with("global_wb")),
            "{op:?}"
        );
    }
}

/// A generic (`ptr addrspace(0)`) access is looked up in the tables'
/// `generic` rows and is a `flat_*` instruction. GFX942, "load atomic
/// acquire agent generic": "1. flat_load sc1=1  2. s_waitcnt vmcnt(0) &
/// lgkmcnt(0)  3. buffer_inv sc1=1" (the global row waits on vmcnt(0)
/// only); GFX10-GFX11, "load atomic acquire workgroup generic": "1.
/// flat_load glc=1  2. s_waitcnt lgkmcnt(0) & vmcnt(0)  3. buffer_gl0_inv";
/// GFX12, the same row: "flat_load", "s_wait_loadcnt 0x0", "s_wait_dscnt
/// 0x0", "global_inv scope:SCOPE_SE".
#[test]
fn generic_rows() {
    let f = "constructs/MP+rel-acq.agent.generic.litmus";
    assert_eq!(
        code(f, "gfx942", 1)[0],
        strs(&[
            "flat_load_dword sc1",
            "s_waitcnt vmcnt(0) lgkmcnt(0)",
            "buffer_inv sc1"
        ])
    );
    assert_eq!(code(f, "gfx942", 0)[0], strs(&["flat_store_dword"]));
    let f = "constructs/MP+rel-acq.workgroup.lds-flag.global-data.generic.litmus";
    assert_eq!(
        code(f, "gfx1100", 1)[0],
        strs(&[
            "flat_load_b32 glc",
            "s_waitcnt vmcnt(0) lgkmcnt(0)",
            "buffer_gl0_inv"
        ])
    );
    assert_eq!(
        code(f, "gfx1200", 1)[0],
        strs(&[
            "flat_load_b32 scope:SCOPE_SE",
            "s_wait_loadcnt 0x0",
            "s_wait_dscnt 0x0",
            "global_inv scope:SCOPE_SE"
        ])
    );
    // The same access through its own address space: the local row.
    let f = "MP+rel-acq.workgroup.lds.litmus";
    assert!(code(f, "gfx942", 1)[1][0].starts_with("ds_read"));
}

/// GFX6 has no flat instructions: AMDGPUUsage's processor table says
/// "Does not support generic address space" for gfx600-gfx602.
#[test]
fn generic_refused_on_gfx6() {
    let p = load("constructs/MP+rel-acq.agent.generic.litmus");
    let e = lower(&p, &Target::parse("gfx600").unwrap()).unwrap_err();
    assert!(
        e.message
            .contains("does not support the generic address space"),
        "{e}"
    );
}

/// AMDGPUDMAOperations.md: sizes "1/2/4 (12/16 for gfx950)" on GFX9, and "8,
/// 32, 64 or 128" bits on GFX1250. A copy filling several 32-bit elements
/// is one instruction (gfx950's `global_load_lds_dwordx3` / `_dwordx4`,
/// GFX1250's 128-bit form) covering every element; sizes a target lacks
/// are refused by name.
#[test]
fn dma_sizes_per_target() {
    let wide = load("constructs/Async+wide.16-fills-four.litmus");
    let e = lower(&wide, &Target::parse("gfx900").unwrap()).unwrap_err();
    assert!(e.message.contains("a 16-byte"), "{e}");
    for (t, mnemonic) in [
        ("gfx950", "global_load_lds_dwordx4"),
        ("gfx1250", "global_load_async_to_lds_b128"),
    ] {
        let l = lower(&wide, &Target::parse(t).unwrap()).unwrap();
        let dma: Vec<_> = l.threads[0]
            .ops
            .iter()
            .filter(|o| o.text.contains("load.lds"))
            .collect();
        assert_eq!(dma.len(), 1, "{t}: one instruction for the four elements");
        assert!(dma[0].text.contains("size 16"), "{t}: {}", dma[0].text);
        let code: Vec<String> = dma[0].code.iter().map(|c| c.instr.to_string()).collect();
        assert_eq!(
            code.iter().filter(|c| c.contains(mnemonic)).count(),
            1,
            "{t}: {code:?}"
        );
    }
    let three = load("constructs/Async+wide.12-fills-three.async.litmus");
    let l = lower(&three, &Target::parse("gfx950").unwrap()).unwrap();
    let code: Vec<String> = l.threads[0]
        .ops
        .iter()
        .flat_map(|o| o.code.iter().map(|c| c.instr.to_string()))
        .collect();
    assert!(
        code.iter().any(|c| c == "global_load_lds_dwordx3"),
        "{code:?}"
    );
    let e = lower(&three, &Target::parse("gfx1250").unwrap()).unwrap_err();
    assert!(e.message.contains("a 12-byte"), "{e}");
    let src = |size: u32| {
        format!(
            "AMDGPU t\n{{ global x = 0; lds t = 0; }}\nthread P0 {{\n  call void @llvm.amdgcn.global.load.lds(ptr @x, ptr @t, i32 {size}, i32 0, i32 0)\n}}\nexists (true)\n"
        )
    };
    for (size, t, ok) in [
        (4, "gfx900", true),
        (2, "gfx900", true),
        (8, "gfx900", false),
        (16, "gfx942", false),
        (16, "gfx950", true),
        (2, "gfx1250", false),
        (8, "gfx1250", true),
    ] {
        let p = amdmm_program::load(&src(size)).unwrap();
        let r = lower(&p, &Target::parse(t).unwrap());
        assert_eq!(r.is_ok(), ok, "size {size} on {t}: {r:?}");
        if let Err(e) = r {
            assert!(e.message.contains(&format!("a {size}-byte")), "{e}");
        }
    }
}

#[test]
fn acquire_workgroup_gfx12_applies_the_scopes_table() {
    // GFX12 load atomic acquire workgroup global: "1. buffer/global_load
    // scope:SCOPE_SE - Apply the Instruction Scopes table", whose workgroup
    // entry is `SCOPE_SE` in WGP mode and none in CU mode (AMDGPUUsage,
    // "AMDHSA Memory Model Code Sequences GFX12 - Instruction Scopes");
    // "2. s_wait_loadcnt 0x0 - If CU wavefront execution mode, omit.
    // 3. global_inv scope:SCOPE_SE - If CU wavefront execution mode, omit."
    let f = "MP+rel-acq.workgroup.samewg.litmus";
    assert_eq!(
        code(f, "gfx1200", 1)[0],
        strs(&[
            "global_load_b32 scope:SCOPE_SE",
            "s_wait_loadcnt 0x0",
            "global_inv scope:SCOPE_SE"
        ])
    );
    assert_eq!(code(f, "gfx1200:cumode", 1)[0], strs(&["global_load_b32"]));
}

/// A location accessed at several widths is modelled byte by byte
/// (docs/semantics.md, "Byte-level accesses"); the hardware lowering emits
/// each access as one instruction of its width, through the plain
/// load/store rows (an `i8` and an `i16` load of bytes of an `i32`
/// location: one byte load and one short load, not three byte loads), and
/// the llc IR emitter refuses it, naming the location.
#[test]
fn byte_level_accesses_lower_as_one_instruction_of_their_width() {
    let p = load("bytes/MP+rel-acq.agent.i8-i16-of-i32.litmus");
    let t = Target::parse("gfx942").unwrap();
    let l = lower(&p, &t).unwrap();
    let texts = |th: usize| -> Vec<String> {
        l.threads[th]
            .ops
            .iter()
            .flat_map(|o| o.code.iter().map(|c| c.instr.to_string()))
            .collect()
    };
    assert_eq!(
        l.threads[1]
            .ops
            .iter()
            .map(|o| o.text.as_str())
            .collect::<Vec<_>>(),
        [
            "load i32 @y acquire agent",
            "load i8 @x",
            "load i8 @x+3",
            "load i16 @x+1"
        ]
    );
    let p1 = texts(1);
    assert_eq!(
        p1[p1.len() - 3..],
        strs(&[
            "global_load_ubyte",
            "global_load_ubyte",
            "global_load_ushort"
        ])
    );
    assert_eq!(l.threads[0].ops[0].text, "store i32 287454020, @x");
    assert_eq!(texts(0)[0], "global_store_dword");
    for t in all_targets() {
        let l = lower(&p, &t).unwrap();
        assert_eq!(l.threads[1].ops.len(), 4, "{t}");
    }
    let e = amdmm_hw::llc::ir::emit(&p).unwrap_err().to_string();
    assert!(
        e.contains("`@x` is accessed at several widths")
            && e.contains("`--code llc` emits whole accesses only"),
        "{e}"
    );
}

/// A byte-level access through a generic pointer takes the generic row
/// (`flat_*`), with `!nontemporal` the nontemporal row, in LDS the local
/// row, each at the access's width
/// (`litmus/bytes/CoRR+generic-nontemporal-lds`).
#[test]
fn byte_level_accesses_take_the_generic_nontemporal_and_local_rows() {
    let f = "bytes/CoRR+generic-nontemporal-lds.litmus";
    let first = |t: &str| -> Vec<String> {
        code(f, t, 0)
            .into_iter()
            .map(|c| c.last().cloned().unwrap_or_default())
            .collect()
    };
    assert_eq!(
        first("gfx942"),
        strs(&[
            "flat_store_dword",
            "flat_load_ubyte",
            "global_store_short nt",
            "global_load_dword nt",
            "flat_store_dword",
            "ds_read_u16"
        ])
    );
    assert_eq!(
        first("gfx1200"),
        strs(&[
            "flat_store_b32",
            "flat_load_u8",
            "global_store_b16 th:TH_STORE_NT",
            "global_load_b32 th:TH_LOAD_NT",
            "flat_store_b32",
            "ds_load_u16"
        ])
    );
}

/// A floating-point `atomicrmw` takes the table's `atomicrmw` row with the
/// target's native instruction where the ISA has one, and is AtomicExpand's
/// compare-and-swap loop where LLVM would expand one (docs/semantics.md, "Floating-point
/// values").
#[test]
fn float_atomicrmw_native_instructions() {
    let src = |op: &str, space: u32, ty: &str, val: &str| {
        let decl = if space == 3 { "lds" } else { "global" };
        format!(
            "AMDGPU t\n{{ {decl} x = 0.5; }}\nthread P0 @ wg 0 {{\n  %r0 = atomicrmw {op} ptr addrspace({space}) @x, {ty} {val} syncscope(\"agent\") monotonic\n}}\nexists (true)\n"
        )
    };
    let access = |op: &str, space: u32, ty: &str, t: &str| {
        let p = amdmm_program::load(&src(op, space, ty, "1.5")).unwrap();
        lower(&p, &Target::parse(t).unwrap()).map(|l| {
            l.threads[0].ops[0]
                .code
                .iter()
                .filter(|c| c.is_access)
                .map(|c| {
                    c.instr
                        .to_string()
                        .split(' ')
                        .next()
                        .unwrap_or("")
                        .to_string()
                })
                .collect::<Vec<_>>()
        })
    };
    for (op, space, ty, t, want) in [
        ("fadd", 1, "float", "gfx90a", "global_atomic_add_f32"),
        ("fadd", 1, "float", "gfx942", "global_atomic_add_f32"),
        ("fadd", 1, "float", "gfx1100", "global_atomic_add_f32"),
        ("fadd", 1, "float", "gfx1200", "global_atomic_add_f32"),
        ("fadd", 1, "double", "gfx90a", "global_atomic_add_f64"),
        ("fmin", 1, "double", "gfx942", "global_atomic_min_f64"),
        ("fmax", 1, "float", "gfx1010", "global_atomic_fmax"),
        ("fmin", 1, "double", "gfx1010", "global_atomic_fmin_x2"),
        ("fmin", 1, "float", "gfx1100", "global_atomic_min_f32"),
        ("fmax", 1, "float", "gfx1200", "global_atomic_max_num_f32"),
        ("fadd", 3, "float", "gfx900", "ds_add_f32"),
        ("fmin", 3, "float", "gfx600", "ds_min_f32"),
        ("fmax", 3, "double", "gfx1200", "ds_max_num_f64"),
        // Found by llc-22 (live_llc_float_atomics_match_the_native_list).
        ("fmin", 1, "float", "gfx600", "buffer_atomic_fmin"),
        ("fmax", 1, "double", "gfx600", "buffer_atomic_fmax_x2"),
        ("fmax", 1, "float", "gfx700", "flat_atomic_fmax"),
        ("fadd", 1, "double", "gfx1250", "global_atomic_add_f64"),
        ("fmin", 1, "double", "gfx1250", "global_atomic_min_num_f64"),
        ("fadd", 3, "double", "gfx1250", "ds_add_f64"),
    ] {
        let code = access(op, space, ty, t).unwrap_or_else(|e| panic!("{op} {ty} {t}: {e}"));
        assert_eq!(
            code,
            vec![want.to_string()],
            "{op} {ty} addrspace({space}) on {t}"
        );
    }
    for (op, space, ty, t) in [
        ("fadd", 1, "float", "gfx900"),
        ("fadd", 1, "float", "gfx1010"),
        ("fadd", 1, "double", "gfx1200"),
        ("fmax", 1, "float", "gfx942"),
        ("fsub", 1, "float", "gfx942"),
        ("fmaximum", 1, "float", "gfx1250"),
        ("fadd", 1, "half", "gfx942"),
        ("fadd", 3, "float", "gfx700"),
        // llc-22 crashes on it: no compiler code to follow.
        ("fmin", 1, "double", "gfx700"),
    ] {
        // No native instruction: AtomicExpand's loop, a plain load then the
        // compare-and-swap (`cas_loop_is_atomic_expands_loop`).
        let code = access(op, space, ty, t).unwrap_or_else(|e| panic!("{op} {ty} {t}: {e}"));
        assert_eq!(code.len(), 2, "{op} {ty} {t}: {code:?}");
        assert!(
            (code[0].contains("_load") || code[0].contains("_read"))
                && (code[1].contains("cmpswap") || code[1].contains("cmpst")),
            "{op} {ty} {t}: {code:?}"
        );
    }
}

/// The lowering of `src`'s only thread on `target`, rendered per operation.
fn code_of_src(src: &str, target: &Target) -> Vec<Vec<String>> {
    let p = amdmm_program::load(src).unwrap();
    let l = lower(&p, target).unwrap_or_else(|e| panic!("{target}: {e}"));
    l.threads[0]
        .ops
        .iter()
        .map(|op| op.code.iter().map(|i| i.instr.to_string()).collect())
        .collect()
}

/// An RMW without an instruction is lowered as LLVM's AtomicExpand loop
/// (`insertRMWCmpXchgLoop`, docs/hardware.md, "Compare-and-swap loops"):
/// the code of a plain `load` of the location, the loop head, the code of
/// `cmpxchg` with the RMW's ordering and AtomicExpand's strongest failure
/// ordering (`acq_rel` fails as `acquire`, `release` as `monotonic`), and
/// the branch back. Each part is checked against the tables' lowering of
/// that operation written out by hand, on every target and for `nand`
/// (no target has it), `usub_sat` (none before GFX12) and `fsub` (none
/// anywhere), in global memory and the LDS.
#[test]
fn cas_loop_is_atomic_expands_loop() {
    let test = |decl: &str, body: &str| {
        format!("AMDGPU t\n{{ {decl} x; }}\nthread P0 @ wg 0 {{\n{body}\n}}\nexists (true)\n")
    };
    // A float loop compares and swaps the bits (AtomicExpand bitcasts to
    // the integer of the width).
    for (op, ty, val, cas_ty) in [
        ("nand", "i32", "5", "i32"),
        ("usub_sat", "i64", "1", "i64"),
        ("fsub", "float", "1.5", "i32"),
    ] {
        for (decl, space) in [("global", 1), ("lds", 3)] {
            for (ord, fail) in [
                ("monotonic", "monotonic"),
                ("acquire", "acquire"),
                ("release", "monotonic"),
                ("acq_rel", "acquire"),
                ("seq_cst", "seq_cst"),
            ] {
                for t in all_targets() {
                    let target = t;
                    if target.tgsplit && space == 3 {
                        continue;
                    }
                    if op == "usub_sat" && target.major >= 12 {
                        continue;
                    }
                    let rmw = test(
                        decl,
                        &format!("  %r0 = atomicrmw {op} ptr addrspace({space}) @x, {ty} {val} syncscope(\"agent\") {ord}"),
                    );
                    let by_hand = test(
                        decl,
                        &format!(
                            "  %r0 = load {ty}, ptr addrspace({space}) @x\n  %r1 = cmpxchg ptr addrspace({space}) @x, {cas_ty} 0, {cas_ty} 1 syncscope(\"agent\") {ord} {fail}"
                        ),
                    );
                    let loop_code = code_of_src(&rmw, &t);
                    let parts = code_of_src(&by_hand, &t);
                    assert_eq!(loop_code.len(), 1, "{op} {ord} {t}");
                    let mut want = parts[0].clone();
                    want.push(".LBB_cas:".to_string());
                    want.extend(parts[1].iter().cloned());
                    want.push("s_cbranch_execnz .LBB_cas".to_string());
                    assert_eq!(
                        loop_code[0], want,
                        "{op} {ty} addrspace({space}) {ord} on {t}"
                    );
                }
            }
        }
    }
}

/// The async marks count what the machine's counter counts
/// (`MemOp::vm_counter`, the one answer both use; async-operations.txt, Async
/// Mark Operations: a mark is completed when "all async operations program
/// ordered before M are reported by the implementation as having
/// finished"). A `flat_*` load that reaches the LDS after the mark is
/// counted on `vmcnt` (the tables await a generic access with both `vmcnt`
/// and `lgkmcnt`): the wait for the mark is `vmcnt(1)`. An atomic without
/// return is counted by `vscnt` on GFX10-GFX11 ("the vscnt reports the
/// completion of store and atomic without return in order"), so there the
/// wait is `vmcnt(0)`, and `vmcnt(1)` on GFX9.
#[test]
fn async_marks_count_what_the_counters_count() {
    let all = |f: &str, t: &str| -> Vec<String> {
        code(f, t, 0).into_iter().flatten().collect::<Vec<_>>()
    };
    let flat = "async/Async+mark.flat-lds-after-mark.litmus";
    let noret = "async/Async+mark.rmw-noret-after-mark.litmus";
    for t in ["gfx900", "gfx942", "gfx1010"] {
        assert!(
            all(flat, t).contains(&"s_waitcnt vmcnt(1)".to_string()),
            "{t}"
        );
    }
    assert!(all(noret, "gfx900").contains(&"s_waitcnt vmcnt(1)".to_string()));
    let gfx10 = all(noret, "gfx1010");
    assert!(
        gfx10.contains(&"s_waitcnt vmcnt(0)".to_string()),
        "{gfx10:?}"
    );
    assert!(
        !gfx10.contains(&"s_waitcnt vmcnt(1)".to_string()),
        "{gfx10:?}"
    );
}

/// An abstract *arrive* that updates the expected count ("If supported, an
/// additional argument to *arrive* can also update the *expected count*",
/// execution-synchronization.txt) has no hardware code: the tables' arrive
/// rows take no count. It is refused on every target, never lowered as a
/// plain arrive; the same test without the count lowers.
#[test]
fn arrive_with_a_new_count_is_refused() {
    let src = |arrive: &str| {
        format!(
            "AMDGPU Arrive+count\n{{\n  barrier B workgroup = 2;\n}}\n\
             thread P0 @ wg 0, wave 0 {{\n  barrier.join @B\n  barrier.arrive @B\n  barrier.wait @B\n}}\n\
             thread P1 @ wg 0, wave 1 {{\n  barrier.join @B\n  {arrive}\n  barrier.wait @B\n}}\n\
             exists (true)\n"
        )
    };
    let counted = amdmm_program::load(&src("barrier.arrive @B, 2")).unwrap();
    let plain = amdmm_program::load(&src("barrier.arrive @B")).unwrap();
    for t in all_targets() {
        let e = lower(&counted, &t)
            .err()
            .map(|e| e.to_string())
            .unwrap_or_default();
        assert!(
            e.contains("`barrier.arrive @B, N` updates the expected count"),
            "{t}: {e}"
        );
        lower(&plain, &t).unwrap_or_else(|e| panic!("{t}: {e}"));
    }
}
