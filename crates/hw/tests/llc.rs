//! The llc front end (docs/llc.md): the assembly reader on checked-in llc
//! output for every modelled target, and live llc runs (skipped with a
//! message when no llc is installed; a failure under CI).
//!
//! The fixtures `fixtures/llc/ops.TARGET.s` are `amdmm compile --target
//! TARGET fixtures/llc/ops.litmus` with llc-22 (LLVM 22.1.8) at -O0.

use amdmm_hw::isa::{Family, MInstr, MemKind};
use amdmm_hw::llc::{self, asm};
use amdmm_hw::machine::{compare, explore_with, CodeSource, HwOptions};
use amdmm_hw::{all_targets, Target};
use std::path::PathBuf;

fn fixtures() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/llc")
}

fn ops_program() -> amdmm_program::Program {
    let src = std::fs::read_to_string(fixtures().join("ops.litmus")).unwrap();
    amdmm_program::load(&src).unwrap()
}

fn fixture(t: &Target) -> String {
    let name = t.to_string().replace(':', "-");
    std::fs::read_to_string(fixtures().join(format!("ops.{name}.s")))
        .unwrap_or_else(|e| panic!("fixture for {t}: {e}"))
}

/// Every target's llc output reads without error; every operation but the
/// system-scope `umax` (which llc makes a compare-and-swap loop of where the
/// target has no such atomic at system scope) has exactly one access of the
/// program's kind, and returning RMWs carry the return bit.
#[test]
fn fixtures_read_on_every_modelled_target() {
    let p = ops_program();
    // Fixtures are per modelled processor (gfx950 is checked as gfx942).
    for t in all_targets().into_iter().filter(|t| t.processor == t.name) {
        let l = llc::from_asm(&p, &t, &fixture(&t)).unwrap_or_else(|e| panic!("{t}: {e}"));
        let ops = &l.threads[0].ops;
        // 14 operations with code: the extractvalue has none.
        assert_eq!(ops.len(), 14, "{t}");
        let bad = llc::unattributable(&p, &l);
        assert!(
            bad.iter().all(|b| b.contains("line 14")),
            "{t}: only the system umax may be unattributable: {bad:?}"
        );
        let mem = |k: usize| -> Vec<amdmm_hw::isa::MemOp> {
            ops.iter()
                .filter(|o| o.index == k)
                .flat_map(|o| o.code.iter())
                .filter_map(|c| match c.instr {
                    MInstr::Mem(m) => Some(m),
                    _ => None,
                })
                .collect()
        };
        // op 3: `%b = atomicrmw add ... agent acq_rel`, result used.
        let add = mem(3);
        assert_eq!(add.len(), 1, "{t}");
        assert!(
            add[0].ret && add[0].kind == MemKind::Atomic("add"),
            "{t}: {:?}",
            add[0]
        );
        // op 9: LDS exchange, with return.
        let x = mem(9);
        assert!(
            x.len() == 1 && x[0].family == Family::Ds && x[0].ret,
            "{t}: {x:?}"
        );
        // op 13: the barrier.
        let bar: Vec<MInstr> = ops
            .iter()
            .filter(|o| o.index == 13)
            .flat_map(|o| o.code.iter().map(|c| c.instr))
            .collect();
        assert!(
            bar.contains(&MInstr::SBarrier) || bar.contains(&MInstr::SBarrierWait(-1)),
            "{t}: {bar:?}"
        );
    }
}

/// On GFX942 the compiler's agent-scope release store is the table's row
/// (AMDGPUUsage "AMDHSA Memory Model Code Sequences GFX942", store atomic
/// release agent global: `buffer_wbl2 sc1=1`, `s_waitcnt lgkmcnt(0) &
/// vmcnt(0)`, `global_store sc1=1`).
#[test]
fn gfx942_release_store_is_the_table_row() {
    let p = ops_program();
    let t = Target::parse("gfx942").unwrap();
    let l = llc::from_asm(&p, &t, &fixture(&t)).unwrap();
    let code: Vec<String> = l.threads[0].ops[1]
        .code
        .iter()
        .map(|c| c.instr.to_string())
        .collect();
    assert_eq!(
        code,
        [
            "buffer_wbl2 sc1",
            "s_waitcnt vmcnt(0) lgkmcnt(0)",
            "global_store_dword sc1"
        ]
    );
    let table = amdmm_hw::lower(&p, &t).unwrap();
    let table_code: Vec<String> = table.threads[0].ops[1]
        .code
        .iter()
        .map(|c| c.instr.to_string())
        .collect();
    assert_eq!(code, table_code);
}

#[test]
fn reader_forms() {
    use amdmm_hw::isa::{Counter, Dialect};
    let d = Dialect::Gfx12;
    assert_eq!(asm::instruction("v_mov_b32_e32 v0, 0", d), Ok(None));
    assert_eq!(
        asm::instruction("s_load_b64 s[0:1], s[4:5], 0x0", d),
        Ok(None)
    );
    assert_eq!(
        asm::instruction("s_wait_kmcnt 0x0", d),
        Ok(Some(MInstr::Wait(Counter::Km, 0)))
    );
    assert_eq!(
        asm::combined_wait("s_wait_loadcnt_dscnt 0x102"),
        Some(Ok([
            MInstr::Wait(Counter::Load, 1),
            MInstr::Wait(Counter::Ds, 2)
        ]))
    );
    assert_eq!(
        asm::instruction("s_waitcnt vmcnt(0) expcnt(1) lgkmcnt(2)", Dialect::Gfx9),
        Ok(Some(MInstr::Waitcnt {
            vm: Some(0),
            exp: Some(1),
            lgkm: Some(2)
        }))
    );
    assert_eq!(
        asm::instruction("s_waitcnt_vscnt null, 0x0", Dialect::Gfx11),
        Ok(Some(MInstr::WaitcntVscnt(0)))
    );
    // The export counter in all its forms (GFX10-GFX11 `s_waitcnt_expcnt`,
    // GFX12 `s_wait_expcnt`) and GFX12.5's translation counter are read as
    // waits, not skipped (the machine satisfies them at once:
    // `Counter::orders_memory`).
    assert_eq!(
        asm::instruction("s_waitcnt_expcnt null, 0x1", Dialect::Gfx11),
        Ok(Some(MInstr::Waitcnt {
            vm: None,
            exp: Some(1),
            lgkm: None
        }))
    );
    assert_eq!(
        asm::instruction("s_wait_expcnt 0x0", d),
        Ok(Some(MInstr::Wait(Counter::Exp, 0)))
    );
    assert_eq!(
        asm::instruction("s_wait_xcnt 0x0", d),
        Ok(Some(MInstr::Wait(Counter::X, 0)))
    );
    assert!(!Counter::Exp.orders_memory() && !Counter::X.orders_memory());
    assert!(Counter::Load.orders_memory() && Counter::Store.orders_memory());
    // GFX942: `sc0` on an atomic is its return bit, not a scope bit.
    match asm::instruction(
        "global_atomic_add v3, v0, v1, s[2:3] sc0 sc1",
        Dialect::Gfx942,
    ) {
        Ok(Some(MInstr::Mem(m))) => assert!(m.ret && !m.cpol.sc0 && m.cpol.sc1, "{m:?}"),
        other => panic!("{other:?}"),
    }
    // LDS DMA, in each generation's spelling: the `lds` modifier (GFX9,
    // GFX10, buffer forms), `_lds_` (GFX942), `_async_to_lds_` (GFX12.5).
    for (code, d, family, bits) in [
        (
            "global_load_dword v0, s[6:7] lds",
            Dialect::Gfx9,
            Family::Global,
            32,
        ),
        (
            "buffer_load_dword v0, s[0:3], 0 offen lds",
            Dialect::Gfx9,
            Family::Buffer,
            32,
        ),
        (
            "global_load_lds_dwordx4 v0, s[2:3]",
            Dialect::Gfx942,
            Family::Global,
            128,
        ),
        (
            "global_load_async_to_lds_b32 v1, v2, s[0:1]",
            Dialect::Gfx12,
            Family::Global,
            32,
        ),
    ] {
        match asm::instruction(code, d) {
            Ok(Some(MInstr::Mem(m))) => {
                assert!(
                    m.kind == MemKind::LoadLds && m.family == family && m.bits == bits,
                    "{code}: {m:?}"
                );
                // Printed back as the assembler spells it.
                let mn: Vec<&str> = code.split_whitespace().collect();
                assert!(m.to_string().starts_with(mn[0]), "{code}: {m}");
                assert_eq!(
                    m.to_string().ends_with(" lds"),
                    code.ends_with(" lds"),
                    "{m}"
                );
            }
            other => panic!("{code}: {other:?}"),
        }
    }
    assert_eq!(
        asm::instruction("global_load_dword v0, v[0:1], off", Dialect::Gfx9)
            .map(|m| matches!(m, Some(MInstr::Mem(m)) if m.kind == MemKind::Load)),
        Ok(true)
    );
    // Unknown memory instructions are errors naming them, never skipped.
    for bad in [
        "global_atomic_pk_add_f16 v0, v1, s[0:1]",
        "image_load v0, v1, s[0:7]",
        "ds_read2_b32 v[0:1], v2 offset1:1",
        "s_dcache_inv",
        "buffer_wbinvl1_sc",
    ] {
        let e = asm::instruction(bad, Dialect::Gfx9).unwrap_err();
        let mn = bad.split_whitespace().next().unwrap();
        assert!(e.contains(mn), "{bad}: {e}");
    }
}

/// The llc to use for live runs: `None` (and a message) when there is none;
/// under CI a missing llc fails the test.
fn live_llc() -> Option<llc::Llc> {
    match llc::find(None, 0) {
        Ok(l) => Some(l),
        Err(e) if std::env::var_os("CI").is_some() => panic!("CI needs llc: {e}"),
        Err(e) => {
            eprintln!("skipped: live llc tests ({e})");
            None
        }
    }
}

/// A live llc compiles the fixture for every target it supports, and on
/// LLVM 22 (the fixtures' version) its output reads to the same code.
#[test]
fn live_llc_matches_the_fixtures() {
    let Some(l) = live_llc() else { return };
    let p = ops_program();
    let ir = llc::ir::emit(&p).unwrap();
    for t in all_targets().into_iter().filter(|t| t.processor == t.name) {
        if t.name == "gfx1250" && l.major < 22 {
            continue;
        }
        let (asm_text, _) = l.compile(&ir, &t).unwrap_or_else(|e| panic!("{t}: {e}"));
        let live = llc::from_asm(&p, &t, &asm_text).unwrap();
        if l.major == 22 {
            let fixed = llc::from_asm(&p, &t, &fixture(&t)).unwrap();
            let code = |x: &amdmm_hw::Lowered| -> Vec<Vec<MInstr>> {
                x.threads[0]
                    .ops
                    .iter()
                    .map(|o| o.code.iter().map(|c| c.instr).collect())
                    .collect()
            };
            assert_eq!(code(&live), code(&fixed), "{t}");
        }
    }
}

/// The hardware model runs the compiler's code: message passing with an
/// agent-scope release/acquire has no outcome the memory model forbids.
#[test]
fn live_llc_verify_message_passing() {
    let Some(l) = live_llc() else { return };
    let src = std::fs::read_to_string(
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../litmus/MP+rel-acq.agent.litmus"),
    )
    .unwrap();
    let p = amdmm_program::load(&src).unwrap();
    let model = amdmm_explore::explore(&p, &amdmm_explore::Options::default());
    for t in ["gfx600", "gfx942", "gfx1100", "gfx1200"] {
        let t = Target::parse(t).unwrap();
        let hw = explore_with(&p, &t, &HwOptions::default(), &CodeSource::Llc(l.clone()))
            .unwrap_or_else(|e| panic!("{t}: {e}"));
        let v = compare(hw, &model);
        assert!(v.forbidden.is_empty(), "{t}: {:?}", v.forbidden);
        assert!(v.hw.outcome.states.len() >= 2, "{t}");
    }
}

/// tgsplit mode allocates no LDS ("in tgsplit execution mode ... no LDS is
/// allocated", AMDGPUUsage "Memory Model GFX942"): llc compiles the test's
/// LDS accesses anyway, so `--code llc` refuses them as the tables do,
/// before calling llc (the llc here does not exist), while a target
/// without tgsplit goes on to call it.
#[test]
fn tgsplit_lds_is_refused_before_llc_runs() {
    let p = ops_program();
    let missing = llc::Llc {
        path: PathBuf::from("/nonexistent/amdmm-test-llc"),
        version: "LLVM version 22.1.8".into(),
        major: 22,
        opt_level: 0,
        cache: None,
        timeout: None,
    };
    let source = CodeSource::Llc(missing);
    for t in ["gfx90a:tgsplit", "gfx942:tgsplit"] {
        let t = Target::parse(t).unwrap();
        let e = explore_with(&p, &t, &HwOptions::default(), &source)
            .err()
            .unwrap_or_else(|| panic!("{t}: LDS accepted"))
            .to_string();
        assert!(
            e.contains("P0:17:3") && e.contains("@l (lds)") && e.contains("allocates no LDS"),
            "{t}: {e}"
        );
    }
    // An LDS location reached through a generic pointer (llc: `flat_*`)
    // is refused the same way (found by `verify --code llc` over
    // litmus/constructs, which ran the flat code as if the mode had LDS).
    let g = corpus_program("constructs/MP+rel-acq.workgroup.lds-flag.global-data.generic.litmus");
    for t in ["gfx90a:tgsplit", "gfx942:tgsplit"] {
        let t = Target::parse(t).unwrap();
        let e = explore_with(&g, &t, &HwOptions::default(), &source)
            .err()
            .unwrap_or_else(|| panic!("{t}: generic LDS accepted"))
            .to_string();
        assert!(
            e.contains("@y (lds)") && e.contains("allocates no LDS"),
            "{t}: {e}"
        );
    }
    let t = Target::parse("gfx942").unwrap();
    let Err(e) = explore_with(&p, &t, &HwOptions::default(), &source) else {
        panic!("the missing llc cannot have run")
    };
    let e = e.to_string();
    assert!(!e.contains("allocates no LDS"), "{e}");
}

/// `lower --code llc` still prints what llc emits for a tgsplit target, with
/// a note on each operation whose code uses LDS (fixture: llc-22 for
/// `+tgsplit` emits `ds_*` for the three LDS operations).
#[test]
fn tgsplit_lds_code_is_noted() {
    let p = ops_program();
    for (t, want) in [("gfx942:tgsplit", vec![7, 8, 9]), ("gfx942", vec![])] {
        let t = Target::parse(t).unwrap();
        let l = llc::from_asm(&p, &t, &fixture(&t)).unwrap();
        let noted: Vec<usize> = l.threads[0]
            .ops
            .iter()
            .filter(|o| {
                o.note
                    .as_deref()
                    .is_some_and(|n| n.contains("allocates no LDS"))
            })
            .map(|o| o.index)
            .collect();
        assert_eq!(noted, want, "{t}");
    }
}

/// `lower --compare` on the fixtures: the differences llc-22 -O0 shows
/// against the rows, by kind (docs/findings.md, "The compiler's code").
#[test]
fn compare_with_the_rows_on_the_fixtures() {
    use amdmm_hw::llc::compare::{compare, DiffKind};
    let p = ops_program();
    let diffs = |t: &str| {
        let t = Target::parse(t).unwrap();
        let table = amdmm_hw::lower(&p, &t).unwrap();
        let code = llc::from_asm(&p, &t, &fixture(&t)).unwrap();
        compare(&table, &code)
            .into_iter()
            .map(|d| (d.line, d.kinds))
            .collect::<Vec<_>>()
    };
    use DiffKind::*;
    // GFX942: the extra `s_waitcnt vmcnt(0)` after a work-group acquire load
    // (line 12), the system umax llc makes a loop of (14), and the extra
    // `s_waitcnt lgkmcnt(0)` before the work-group LDS release store and RMW
    // (17, 19).
    assert_eq!(
        diffs("gfx942"),
        [
            (12, vec![ExtraWait]),
            (14, vec![Loop]),
            (17, vec![ExtraWait]),
            (19, vec![ExtraWait])
        ]
    );
    // GFX6 has no `buffer_wbinvl1_vol`: llc invalidates with
    // `buffer_wbinvl1` (13, 15, 21, 22), waits on `expcnt` (11, 13, 17), and
    // its barrier has no wait where nothing is outstanding (23).
    let g6 = diffs("gfx600");
    for line in [13, 15, 21, 22] {
        assert!(
            g6.iter()
                .any(|(l, k)| *l == line && k.contains(&DifferentInstruction)),
            "{line}: {g6:?}"
        );
    }
    assert!(g6.contains(&(23, vec![MissingWait])), "{g6:?}");
    // GFX12 writes the return bit and the default scope differently from
    // the table lowering: not a difference.
    assert_eq!(diffs("gfx1200"), [(14, vec![Loop])]);
}

/// A fence's `amdgpu-as` tags reach llc as `amdgpu-synchronize-as` MMRAs
/// (AMDGPUUsage, "Fence and Address Spaces"), and llc narrows the fence as
/// the tables' lowering does: an agent-scope release fence tagged `local`
/// keeps only its LDS wait on GFX942 (no `buffer_wbl2`, no `vmcnt`), one
/// tagged `global` only its global part; untagged, both.
#[test]
fn live_llc_narrows_tagged_fences() {
    let src = |tag: &str| {
        format!(
            "AMDGPU fence-as-llc\n\"llc narrows tagged fences\"\n{{ global x = 0; }}\n\
             thread P0 @ wg 0 {{\n  store i32 1, ptr @x\n  fence syncscope(\"agent\") release{tag}\n}}\n\
             exists (x == 1)\n"
        )
    };
    let local = amdmm_program::load(&src(", !mmra !{!\"amdgpu-as\", !\"local\"}")).unwrap();
    let ir = llc::ir::emit(&local).unwrap();
    assert!(
        ir.contains(
            r#"fence syncscope("agent") release, !mmra !{!"amdgpu-synchronize-as", !"local"}"#
        ),
        "{ir}"
    );
    let Some(l) = live_llc() else { return };
    let t = Target::parse("gfx942").unwrap();
    let fence_code = |p: &amdmm_program::Program| -> Vec<String> {
        let code = llc::lowered(p, &t, &l).unwrap();
        code.threads[0]
            .ops
            .iter()
            .find(|o| o.index == 1)
            .map(|o| o.code.iter().map(|c| c.instr.to_string()).collect())
            .unwrap_or_default()
    };
    assert_eq!(fence_code(&local), ["s_waitcnt lgkmcnt(0)"]);
    let global = amdmm_program::load(&src(", !mmra !{!\"amdgpu-as\", !\"global\"}")).unwrap();
    assert_eq!(
        fence_code(&global),
        ["buffer_wbl2 sc1", "s_waitcnt vmcnt(0)"]
    );
    let plain = amdmm_program::load(&src("")).unwrap();
    assert_eq!(
        fence_code(&plain),
        ["buffer_wbl2 sc1", "s_waitcnt vmcnt(0) lgkmcnt(0)"]
    );
    // The table lowering narrows the same way.
    for p in [&local, &global, &plain] {
        let table = amdmm_hw::lower(p, &t).unwrap();
        let tc: Vec<String> = table.threads[0].ops[1]
            .code
            .iter()
            .map(|c| c.instr.to_string())
            .collect();
        assert_eq!(tc, fence_code(p));
    }
}

/// Agreement with LLVM's own memory-legalizer codegen tests: for a sample of
/// the operations of
/// <https://github.com/llvm/llvm-project/blob/main/llvm/test/CodeGen/AMDGPU/memory-legalizer-global-agent.ll>
/// (agent-scope global loads and `xchg` RMWs with and without return), amdmm
/// compiles its own one-operation test with the live llc and the assembly
/// reader must give the instructions that file's CHECK lines give for that
/// function (their GFX940 prefix for our gfx942), in order: the cache
/// operations, the access with its bits and the waits after it. Waits before
/// the access are left out: at `-O0` they wait for the kernel argument and
/// for nothing outstanding (the CHECK lines are `-O2`, whose wait inserter
/// drops them).
#[test]
fn live_llc_agrees_with_the_memory_legalizer_tests() {
    let Some(l) = live_llc() else { return };
    let load = |ord: &str| {
        (
            format!("%r = load atomic i32, ptr @x syncscope(\"agent\") {ord}, align 4"),
            "P0:%r == 0",
        )
    };
    let swap = |ord: &str, ret: bool| {
        (
            format!(
                "%r = atomicrmw volatile xchg ptr @x, i32 1 syncscope(\"agent\") {ord}, align 4"
            ),
            if ret { "P0:%r == 0" } else { "x == 1" },
        )
    };
    #[rustfmt::skip]
    let cases: Vec<((String, &str), &str, &[&str])> = vec![
        // @global_agent_monotonic_load (the CHECK lines' wait after the
        // load is for storing the value to %out, after our end marker)
        (load("monotonic"), "gfx600", &["buffer_load_dword glc"]),
        (load("monotonic"), "gfx700", &["flat_load_dword glc"]),
        (load("monotonic"), "gfx1010", &["global_load_dword glc dlc"]),
        (load("monotonic"), "gfx90a", &["global_load_dword glc"]),
        (load("monotonic"), "gfx942", &["global_load_dword sc1"]),
        (load("monotonic"), "gfx1100", &["global_load_b32 glc"]),
        // @global_agent_acquire_load
        (load("acquire"), "gfx600", &["buffer_load_dword glc", "s_waitcnt vmcnt(0)", "buffer_wbinvl1"]),
        (load("acquire"), "gfx700", &["flat_load_dword glc", "s_waitcnt vmcnt(0)", "buffer_wbinvl1_vol"]),
        (load("acquire"), "gfx1010", &["global_load_dword glc dlc", "s_waitcnt vmcnt(0)", "buffer_gl1_inv", "buffer_gl0_inv"]),
        (load("acquire"), "gfx90a", &["global_load_dword glc", "s_waitcnt vmcnt(0)", "buffer_wbinvl1_vol"]),
        // @global_agent_acq_rel_atomicrmw (no return)
        (swap("acq_rel", false), "gfx942", &["buffer_wbl2 sc1", "global_atomic_swap", "s_waitcnt vmcnt(0)", "buffer_inv sc1"]),
        (swap("acq_rel", false), "gfx90a", &["global_atomic_swap", "s_waitcnt vmcnt(0)", "buffer_wbinvl1_vol"]),
        (swap("acq_rel", false), "gfx1010", &["global_atomic_swap", "s_waitcnt_vscnt null, 0x0", "buffer_gl1_inv", "buffer_gl0_inv"]),
        (swap("acq_rel", false), "gfx1100", &["global_atomic_swap_b32", "s_waitcnt_vscnt null, 0x0", "buffer_gl1_inv", "buffer_gl0_inv"]),
        // @global_agent_acquire_ret_atomicrmw
        (swap("acquire", true), "gfx600", &["buffer_atomic_swap glc", "s_waitcnt vmcnt(0)", "buffer_wbinvl1"]),
        (swap("acquire", true), "gfx700", &["flat_atomic_swap glc", "s_waitcnt vmcnt(0)", "buffer_wbinvl1_vol"]),
        (swap("acquire", true), "gfx1010", &["global_atomic_swap glc", "s_waitcnt vmcnt(0)", "buffer_gl1_inv", "buffer_gl0_inv"]),
        (swap("acquire", true), "gfx90a", &["global_atomic_swap glc", "s_waitcnt vmcnt(0)", "buffer_wbinvl1_vol"]),
        (swap("acquire", true), "gfx942", &["global_atomic_swap sc0", "s_waitcnt vmcnt(0)", "buffer_inv sc1"]),
    ];
    let mut bad = Vec::new();
    for ((op, cond), target, want) in &cases {
        let src = format!(
            "AMDGPU legalizer-sample\n\"one operation of memory-legalizer-global-agent.ll\"\n\
             {{ global x = 0; }}\nthread P0 @ wg 0 {{\n  {op}\n}}\nexists ({cond})\n"
        );
        let p = amdmm_program::load(&src).unwrap_or_else(|e| panic!("{op}: {e:?}"));
        let t = Target::parse(target).unwrap();
        let code = llc::lowered(&p, &t, &l).unwrap_or_else(|e| panic!("{t} {op}: {e}"));
        let instrs: Vec<MInstr> = code.threads[0].ops[0]
            .code
            .iter()
            .map(|c| c.instr)
            .collect();
        let first = instrs
            .iter()
            .position(|i| matches!(i, MInstr::Mem(_)))
            .unwrap_or_else(|| panic!("{t} {op}: no access"));
        let is_wait = |i: &MInstr| {
            matches!(
                i,
                MInstr::Waitcnt { .. } | MInstr::WaitcntVscnt(_) | MInstr::Wait(..)
            )
        };
        let got: Vec<String> = instrs
            .iter()
            .enumerate()
            .filter(|&(k, i)| k >= first || !is_wait(i))
            .map(|(_, i)| i.to_string())
            .collect();
        if got != *want {
            bad.push(format!("{t} `{op}`: llc {got:?}, CHECK lines {want:?}"));
        }
    }
    assert!(bad.is_empty(), "{}", bad.join("\n"));
}

/// One operation of an upstream memory-legalizer test, the target, and the
/// instructions that file's CHECK lines give for it on that target.
struct LegalizerCase {
    /// The upstream test file and function the CHECK lines are read from.
    source: &'static str,
    /// The litmus operation(s) compiled; the last is the one compared.
    ops: &'static [&'static str],
    /// The condition (keeps a loaded value alive).
    cond: &'static str,
    target: &'static str,
    /// The CHECK lines' instructions, as written there (operands included),
    /// from the operation's first legalizer instruction to its last.
    check: &'static [&'static str],
}

/// The reader's view of assembly text written as in a CHECK line: combined
/// GFX12 waits split, non-memory instructions dropped, and kernel-argument
/// waits (`s_wait_kmcnt`: only scalar kernel-argument loads use that counter
/// in these tests) dropped as `-O0` noise.
fn as_read(lines: &[&str], t: &Target) -> Vec<String> {
    let mut out = Vec::new();
    for l in lines {
        let instrs: Vec<MInstr> = match asm::combined_wait(l) {
            Some(r) => r.unwrap_or_else(|e| panic!("{l}: {e}")).to_vec(),
            None => asm::instruction(l, t.dialect())
                .unwrap_or_else(|e| panic!("{l}: {e}"))
                .into_iter()
                .collect(),
        };
        out.extend(instrs);
    }
    without_kernarg_waits(&out)
}

fn without_kernarg_waits(code: &[MInstr]) -> Vec<String> {
    code.iter()
        .filter(|i| !matches!(i, MInstr::Wait(amdmm_hw::isa::Counter::Km, _)))
        .map(|i| i.to_string())
        .collect()
}

/// Agreement with LLVM's own memory-legalizer codegen tests for the
/// operations of the tables' rows beyond agent-scope global accesses: LDS
/// loads, stores and RMWs, work-group and system scope global accesses,
/// fences at work-group, agent and system scope, and the barrier, on a
/// GFX6-9 target (gfx600, gfx700, gfx900), GFX90A, GFX942, GFX10/11
/// (gfx1010, gfx1100, with and without CU mode) and GFX12 (gfx1200, with and
/// without CU mode).
///
/// The expected instructions are the CHECK lines (all `-O0`, except the
/// barrier test's default `-O2`) of
/// <https://github.com/llvm/llvm-project/blob/main/llvm/test/CodeGen/AMDGPU/memory-legalizer-local-workgroup.ll>,
/// `memory-legalizer-global-workgroup.ll`, `memory-legalizer-global-system.ll`,
/// `memory-legalizer-fence.ll` and `llvm.amdgcn.s.barrier.ll`, as of the
/// LLVM 22 development tree (read at triton-lang/llvm-project
/// c3ad2eb894c7394806f92197e2b885f09b71810a, whose GFX942/GFX1250 prefixes
/// and output match llc-22; llvm main has since added a `global_wb` to GFX12
/// work-group and agent releases, which LLVM 22.1.8 does not emit). amdmm
/// compiles its own test of the same operation with the live llc, and the
/// assembly reader's instructions for it must be those of the CHECK lines,
/// in order, with their cache bits. Allowed `-O0` kernel-argument noise:
/// the CHECK functions load their pointers from kernel arguments and wait
/// for them (`s_wait_kmcnt`, or an `s_waitcnt lgkmcnt(0)` before the first
/// legalizer instruction, left out of `check`), and store a loaded value to
/// their `%out` (the wait for that value, after the last legalizer
/// instruction, left out); amdmm's globals are PC-relative and its stores
/// to `%out` come after the end marker.
#[test]
fn live_llc_agrees_with_the_memory_legalizer_tests_beyond_agent_global() {
    let Some(l) = live_llc() else { return };
    const LDS: &str = "memory-legalizer-local-workgroup.ll";
    const GWG: &str = "memory-legalizer-global-workgroup.ll";
    const GSYS: &str = "memory-legalizer-global-system.ll";
    const FENCE: &str = "memory-legalizer-fence.ll";
    const BAR: &str = "llvm.amdgcn.s.barrier.ll";
    let lds_acq = &[
        "%r = load atomic i32, ptr addrspace(3) @l syncscope(\"workgroup\") acquire, align 4",
    ][..];
    let lds_sc = &[
        "%r = load atomic i32, ptr addrspace(3) @l syncscope(\"workgroup\") seq_cst, align 4",
    ][..];
    let lds_rel =
        &["store atomic i32 1, ptr addrspace(3) @l syncscope(\"workgroup\") release, align 4"][..];
    let lds_rmw = &["atomicrmw volatile xchg ptr addrspace(3) @l, i32 1 syncscope(\"workgroup\") acquire, align 4"][..];
    let wg_acq = &["%r = load atomic i32, ptr @x syncscope(\"workgroup\") acquire, align 4"][..];
    let wg_sc = &["%r = load atomic i32, ptr @x syncscope(\"workgroup\") seq_cst, align 4"][..];
    let wg_rel = &["store atomic i32 1, ptr @x syncscope(\"workgroup\") release, align 4"][..];
    let wg_sc_st = &["store atomic i32 1, ptr @x syncscope(\"workgroup\") seq_cst, align 4"][..];
    let sys_acq = &["%r = load atomic i32, ptr @x acquire, align 4"][..];
    let sys_sc = &["%r = load atomic i32, ptr @x seq_cst, align 4"][..];
    let sys_rel = &["store atomic i32 1, ptr @x release, align 4"][..];
    let barrier = &["store i32 1, ptr @x", "call void @llvm.amdgcn.s.barrier()"][..];
    let r = "P0:%r == 0";
    let l1 = "wg0:l == 1";
    let x1 = "x == 1";
    let x0 = "x == 0";
    let c = |source, ops, cond, target, check| LegalizerCase {
        source,
        ops,
        cond,
        target,
        check,
    };
    #[rustfmt::skip]
    let cases: Vec<LegalizerCase> = vec![
        // LDS, @local_workgroup_acquire_load / _seq_cst_load / _release_store / _acquire_atomicrmw
        c(LDS, lds_acq, r, "gfx600", &["ds_read_b32 v1, v0", "s_waitcnt lgkmcnt(0)"]),
        c(LDS, lds_acq, r, "gfx942", &["ds_read_b32 v1, v0", "s_waitcnt lgkmcnt(0)"]),
        c(LDS, lds_acq, r, "gfx1100", &["ds_load_b32 v1, v0", "s_waitcnt lgkmcnt(0)", "buffer_gl0_inv"]),
        c(LDS, lds_acq, r, "gfx1100:cumode", &["ds_load_b32 v1, v0", "s_waitcnt lgkmcnt(0)"]),
        c(LDS, lds_acq, r, "gfx1200", &["ds_load_b32 v1, v0", "s_wait_dscnt 0x0", "global_inv scope:SCOPE_SE"]),
        c(LDS, lds_acq, r, "gfx1200:cumode", &["ds_load_b32 v1, v0", "s_wait_dscnt 0x0"]),
        c(LDS, lds_sc, r, "gfx600", &["s_waitcnt lgkmcnt(0)", "ds_read_b32 v1, v0", "s_waitcnt lgkmcnt(0)"]),
        c(LDS, lds_sc, r, "gfx942", &["s_waitcnt lgkmcnt(0)", "ds_read_b32 v1, v0", "s_waitcnt lgkmcnt(0)"]),
        c(LDS, lds_sc, r, "gfx1100", &["s_waitcnt vmcnt(0) lgkmcnt(0)", "s_waitcnt_vscnt null, 0x0", "ds_load_b32 v1, v0", "s_waitcnt lgkmcnt(0)", "buffer_gl0_inv"]),
        c(LDS, lds_sc, r, "gfx1200", &["s_wait_bvhcnt 0x0", "s_wait_samplecnt 0x0", "s_wait_storecnt 0x0", "s_wait_loadcnt_dscnt 0x0", "ds_load_b32 v1, v0", "s_wait_dscnt 0x0", "global_inv scope:SCOPE_SE"]),
        c(LDS, lds_rel, l1, "gfx600", &["s_waitcnt lgkmcnt(0)", "ds_write_b32 v0, v1"]),
        c(LDS, lds_rel, l1, "gfx942", &["s_waitcnt lgkmcnt(0)", "ds_write_b32 v0, v1"]),
        c(LDS, lds_rel, l1, "gfx1100", &["s_waitcnt vmcnt(0) lgkmcnt(0)", "s_waitcnt_vscnt null, 0x0", "ds_store_b32 v0, v1"]),
        c(LDS, lds_rel, l1, "gfx1200", &["s_wait_bvhcnt 0x0", "s_wait_samplecnt 0x0", "s_wait_storecnt 0x0", "s_wait_loadcnt_dscnt 0x0", "ds_store_b32 v0, v1"]),
        c(LDS, lds_rmw, l1, "gfx600", &["ds_wrxchg_rtn_b32 v0, v0, v1", "s_waitcnt lgkmcnt(0)"]),
        c(LDS, lds_rmw, l1, "gfx1010", &["ds_wrxchg_rtn_b32 v0, v0, v1", "s_waitcnt lgkmcnt(0)", "buffer_gl0_inv"]),
        c(LDS, lds_rmw, l1, "gfx1010:cumode", &["ds_wrxchg_rtn_b32 v0, v0, v1", "s_waitcnt lgkmcnt(0)"]),
        // global, work-group scope: @global_workgroup_acquire_load / _seq_cst_load / _release_store / _seq_cst_store
        c(GWG, wg_acq, r, "gfx942", &["global_load_dword v1, v0, s[2:3] sc0"]),
        c(GWG, wg_acq, r, "gfx1100", &["global_load_b32 v1, v0, s[2:3] glc", "s_waitcnt vmcnt(0)", "buffer_gl0_inv"]),
        c(GWG, wg_acq, r, "gfx1100:cumode", &["global_load_b32 v1, v0, s[2:3]"]),
        c(GWG, wg_acq, r, "gfx1200", &["global_load_b32 v1, v0, s[2:3] scope:SCOPE_SE", "s_wait_loadcnt 0x0", "global_inv scope:SCOPE_SE"]),
        c(GWG, wg_acq, r, "gfx1200:cumode", &["global_load_b32 v1, v0, s[2:3]"]),
        c(GWG, wg_sc, r, "gfx1010", &["s_waitcnt vmcnt(0) lgkmcnt(0)", "s_waitcnt_vscnt null, 0x0", "global_load_dword v1, v0, s[6:7] glc", "s_waitcnt vmcnt(0)", "buffer_gl0_inv"]),
        c(GWG, wg_sc, r, "gfx1100", &["s_waitcnt vmcnt(0) lgkmcnt(0)", "s_waitcnt_vscnt null, 0x0", "global_load_b32 v1, v0, s[2:3] glc", "s_waitcnt vmcnt(0)", "buffer_gl0_inv"]),
        c(GWG, wg_sc, r, "gfx1200", &["s_wait_bvhcnt 0x0", "s_wait_samplecnt 0x0", "s_wait_storecnt 0x0", "s_wait_loadcnt_dscnt 0x0", "global_load_b32 v1, v0, s[2:3] scope:SCOPE_SE", "s_wait_loadcnt 0x0", "global_inv scope:SCOPE_SE"]),
        c(GWG, wg_rel, x1, "gfx1200", &["s_wait_bvhcnt 0x0", "s_wait_samplecnt 0x0", "s_wait_storecnt 0x0", "s_wait_loadcnt_dscnt 0x0", "s_wait_kmcnt 0x0", "global_store_b32 v0, v1, s[0:1] scope:SCOPE_SE"]),
        c(GWG, wg_rel, x1, "gfx1200:cumode", &["s_wait_bvhcnt 0x0", "s_wait_samplecnt 0x0", "s_wait_storecnt 0x0", "s_wait_loadcnt_dscnt 0x0", "s_wait_kmcnt 0x0", "global_store_b32 v0, v1, s[0:1]"]),
        c(GWG, wg_sc_st, x1, "gfx942", &["s_waitcnt lgkmcnt(0)", "global_store_dword v0, v1, s[0:1] sc0"]),
        c(GWG, wg_sc_st, x1, "gfx1100", &["s_waitcnt vmcnt(0) lgkmcnt(0)", "s_waitcnt_vscnt null, 0x0", "global_store_b32 v0, v1, s[0:1]"]),
        // global, system scope: @global_system_acquire_load / _seq_cst_load / _release_store
        c(GSYS, sys_acq, r, "gfx90a", &["global_load_dword v1, v0, s[6:7] glc", "s_waitcnt vmcnt(0)", "buffer_invl2", "buffer_wbinvl1_vol"]),
        c(GSYS, sys_acq, r, "gfx942", &["global_load_dword v1, v0, s[2:3] sc0 sc1", "s_waitcnt vmcnt(0)", "buffer_inv sc0 sc1"]),
        c(GSYS, sys_acq, r, "gfx1010:cumode", &["global_load_dword v1, v0, s[6:7] glc dlc", "s_waitcnt vmcnt(0)", "buffer_gl1_inv", "buffer_gl0_inv"]),
        c(GSYS, sys_acq, r, "gfx1100", &["global_load_b32 v1, v0, s[2:3] glc", "s_waitcnt vmcnt(0)", "buffer_gl1_inv", "buffer_gl0_inv"]),
        c(GSYS, sys_acq, r, "gfx1200", &["global_load_b32 v1, v0, s[2:3] scope:SCOPE_SYS", "s_wait_loadcnt 0x0", "global_inv scope:SCOPE_SYS"]),
        c(GSYS, sys_acq, r, "gfx1200:cumode", &["global_load_b32 v1, v0, s[2:3] scope:SCOPE_SYS", "s_wait_loadcnt 0x0", "global_inv scope:SCOPE_SYS"]),
        c(GSYS, sys_sc, r, "gfx600", &["s_waitcnt vmcnt(0) lgkmcnt(0)", "buffer_load_dword v0, off, s[8:11], 0 glc", "s_waitcnt vmcnt(0)", "buffer_wbinvl1"]),
        c(GSYS, sys_sc, r, "gfx700", &["s_waitcnt vmcnt(0) lgkmcnt(0)", "flat_load_dword v2, v[0:1] glc", "s_waitcnt vmcnt(0)", "buffer_wbinvl1_vol"]),
        c(GSYS, sys_rel, x1, "gfx600", &["s_waitcnt vmcnt(0) lgkmcnt(0)", "buffer_store_dword v0, off, s[4:7], 0"]),
        c(GSYS, sys_rel, x1, "gfx700", &["s_waitcnt vmcnt(0) lgkmcnt(0)", "flat_store_dword v[0:1], v2"]),
        c(GSYS, sys_rel, x1, "gfx90a", &["buffer_wbl2", "s_waitcnt vmcnt(0) lgkmcnt(0)", "global_store_dword v0, v1, s[4:5]"]),
        c(GSYS, sys_rel, x1, "gfx942", &["buffer_wbl2 sc0 sc1", "s_waitcnt vmcnt(0) lgkmcnt(0)", "global_store_dword v0, v1, s[0:1] sc0 sc1"]),
        c(GSYS, sys_rel, x1, "gfx1100", &["s_waitcnt vmcnt(0) lgkmcnt(0)", "s_waitcnt_vscnt null, 0x0", "global_store_b32 v0, v1, s[0:1]"]),
        c(GSYS, sys_rel, x1, "gfx1200", &["global_wb scope:SCOPE_SYS", "s_wait_bvhcnt 0x0", "s_wait_samplecnt 0x0", "s_wait_storecnt 0x0", "s_wait_loadcnt_dscnt 0x0", "s_wait_kmcnt 0x0", "global_store_b32 v0, v1, s[0:1] scope:SCOPE_SYS"]),
        c(GSYS, sys_rel, x1, "gfx1200:cumode", &["global_wb scope:SCOPE_SYS", "s_wait_bvhcnt 0x0", "s_wait_samplecnt 0x0", "s_wait_storecnt 0x0", "s_wait_loadcnt_dscnt 0x0", "s_wait_kmcnt 0x0", "global_store_b32 v0, v1, s[0:1] scope:SCOPE_SYS"]),
        // fences: @workgroup_* / @agent_* / @system_*_fence
        c(FENCE, &["fence syncscope(\"workgroup\") acquire"], x0, "gfx600", &["s_waitcnt lgkmcnt(0)"]),
        c(FENCE, &["fence syncscope(\"workgroup\") acquire"], x0, "gfx942", &["s_waitcnt lgkmcnt(0)"]),
        c(FENCE, &["fence syncscope(\"workgroup\") acquire"], x0, "gfx1100", &["s_waitcnt vmcnt(0) lgkmcnt(0)", "s_waitcnt_vscnt null, 0x0", "buffer_gl0_inv"]),
        c(FENCE, &["fence syncscope(\"workgroup\") acquire"], x0, "gfx1100:cumode", &["s_waitcnt lgkmcnt(0)"]),
        c(FENCE, &["fence syncscope(\"workgroup\") acquire"], x0, "gfx1200", &["s_wait_storecnt 0x0", "s_wait_loadcnt_dscnt 0x0", "global_inv scope:SCOPE_SE"]),
        c(FENCE, &["fence syncscope(\"workgroup\") acquire"], x0, "gfx1200:cumode", &["s_wait_dscnt 0x0"]),
        c(FENCE, &["fence syncscope(\"workgroup\") release"], x0, "gfx600", &["s_waitcnt lgkmcnt(0)"]),
        c(FENCE, &["fence syncscope(\"workgroup\") release"], x0, "gfx1100", &["s_waitcnt vmcnt(0) lgkmcnt(0)", "s_waitcnt_vscnt null, 0x0"]),
        c(FENCE, &["fence syncscope(\"workgroup\") release"], x0, "gfx1100:cumode", &["s_waitcnt vmcnt(0) lgkmcnt(0)", "s_waitcnt_vscnt null, 0x0"]),
        c(FENCE, &["fence syncscope(\"workgroup\") release"], x0, "gfx1200", &["s_wait_bvhcnt 0x0", "s_wait_samplecnt 0x0", "s_wait_storecnt 0x0", "s_wait_loadcnt_dscnt 0x0"]),
        c(FENCE, &["fence syncscope(\"workgroup\") release"], x0, "gfx1200:cumode", &["s_wait_bvhcnt 0x0", "s_wait_samplecnt 0x0", "s_wait_storecnt 0x0", "s_wait_loadcnt_dscnt 0x0"]),
        c(FENCE, &["fence syncscope(\"workgroup\") acq_rel"], x0, "gfx942", &["s_waitcnt lgkmcnt(0)"]),
        c(FENCE, &["fence syncscope(\"workgroup\") acq_rel"], x0, "gfx1200", &["s_wait_bvhcnt 0x0", "s_wait_samplecnt 0x0", "s_wait_storecnt 0x0", "s_wait_loadcnt_dscnt 0x0", "global_inv scope:SCOPE_SE"]),
        c(FENCE, &["fence syncscope(\"workgroup\") acq_rel"], x0, "gfx1200:cumode", &["s_wait_bvhcnt 0x0", "s_wait_samplecnt 0x0", "s_wait_storecnt 0x0", "s_wait_loadcnt_dscnt 0x0"]),
        c(FENCE, &["fence syncscope(\"workgroup\") seq_cst"], x0, "gfx1100", &["s_waitcnt vmcnt(0) lgkmcnt(0)", "s_waitcnt_vscnt null, 0x0", "buffer_gl0_inv"]),
        c(FENCE, &["fence syncscope(\"agent\") acquire"], x0, "gfx600", &["s_waitcnt vmcnt(0) lgkmcnt(0)", "buffer_wbinvl1"]),
        c(FENCE, &["fence syncscope(\"agent\") acquire"], x0, "gfx942", &["s_waitcnt vmcnt(0) lgkmcnt(0)", "buffer_inv sc1"]),
        c(FENCE, &["fence syncscope(\"agent\") acquire"], x0, "gfx1100", &["s_waitcnt vmcnt(0) lgkmcnt(0)", "s_waitcnt_vscnt null, 0x0", "buffer_gl1_inv", "buffer_gl0_inv"]),
        c(FENCE, &["fence syncscope(\"agent\") acquire"], x0, "gfx1200", &["s_wait_storecnt 0x0", "s_wait_loadcnt_dscnt 0x0", "global_inv scope:SCOPE_DEV"]),
        c(FENCE, &["fence syncscope(\"agent\") release"], x0, "gfx600", &["s_waitcnt vmcnt(0) lgkmcnt(0)"]),
        c(FENCE, &["fence syncscope(\"agent\") release"], x0, "gfx942", &["buffer_wbl2 sc1", "s_waitcnt vmcnt(0) lgkmcnt(0)"]),
        c(FENCE, &["fence syncscope(\"agent\") release"], x0, "gfx1200", &["s_wait_bvhcnt 0x0", "s_wait_samplecnt 0x0", "s_wait_storecnt 0x0", "s_wait_loadcnt_dscnt 0x0"]),
        c(FENCE, &["fence syncscope(\"agent\") acq_rel"], x0, "gfx942", &["buffer_wbl2 sc1", "s_waitcnt vmcnt(0) lgkmcnt(0)", "buffer_inv sc1"]),
        c(FENCE, &["fence syncscope(\"agent\") acq_rel"], x0, "gfx1200:cumode", &["s_wait_bvhcnt 0x0", "s_wait_samplecnt 0x0", "s_wait_storecnt 0x0", "s_wait_loadcnt_dscnt 0x0", "global_inv scope:SCOPE_DEV"]),
        c(FENCE, &["fence acquire"], x0, "gfx90a", &["s_waitcnt vmcnt(0) lgkmcnt(0)", "buffer_invl2", "buffer_wbinvl1_vol"]),
        c(FENCE, &["fence acquire"], x0, "gfx942", &["s_waitcnt vmcnt(0) lgkmcnt(0)", "buffer_inv sc0 sc1"]),
        c(FENCE, &["fence acquire"], x0, "gfx1200", &["s_wait_storecnt 0x0", "s_wait_loadcnt_dscnt 0x0", "global_inv scope:SCOPE_SYS"]),
        c(FENCE, &["fence release"], x0, "gfx90a", &["buffer_wbl2", "s_waitcnt vmcnt(0) lgkmcnt(0)"]),
        c(FENCE, &["fence release"], x0, "gfx942", &["buffer_wbl2 sc0 sc1", "s_waitcnt vmcnt(0) lgkmcnt(0)"]),
        c(FENCE, &["fence release"], x0, "gfx1200", &["global_wb scope:SCOPE_SYS", "s_wait_bvhcnt 0x0", "s_wait_samplecnt 0x0", "s_wait_storecnt 0x0", "s_wait_loadcnt_dscnt 0x0"]),
        c(FENCE, &["fence acq_rel"], x0, "gfx600", &["s_waitcnt vmcnt(0) lgkmcnt(0)", "buffer_wbinvl1"]),
        c(FENCE, &["fence acq_rel"], x0, "gfx942", &["buffer_wbl2 sc0 sc1", "s_waitcnt vmcnt(0) lgkmcnt(0)", "buffer_inv sc0 sc1"]),
        c(FENCE, &["fence acq_rel"], x0, "gfx1200:cumode", &["global_wb scope:SCOPE_SYS", "s_wait_bvhcnt 0x0", "s_wait_samplecnt 0x0", "s_wait_storecnt 0x0", "s_wait_loadcnt_dscnt 0x0", "global_inv scope:SCOPE_SYS"]),
        // barrier after a store: @test_barrier (VARIANT0 is the default
        // GFX6 CPU, VARIANT2 gfx900, VARIANT4 gfx1200)
        c(BAR, barrier, x1, "gfx600", &["s_waitcnt vmcnt(0) expcnt(0)", "s_barrier"]),
        c(BAR, barrier, x1, "gfx900", &["s_waitcnt vmcnt(0)", "s_barrier"]),
        c(BAR, barrier, x1, "gfx1200", &["s_barrier_signal -1", "s_barrier_wait -1"]),
    ];
    let mut bad = Vec::new();
    for case in &cases {
        let body = case.ops.join("\n  ");
        let src = format!(
            "AMDGPU legalizer-sample\n\"operations of {}\"\n\
             {{ global x = 0; lds l = 0; }}\nthread P0 @ wg 0 {{\n  {body}\n}}\nexists ({})\n",
            case.source, case.cond
        );
        let p = amdmm_program::load(&src).unwrap_or_else(|e| panic!("{body}: {e:?}"));
        let t = Target::parse(case.target).unwrap();
        let code = llc::lowered(&p, &t, &l).unwrap_or_else(|e| panic!("{t} {body}: {e}"));
        let op = code.threads[0]
            .ops
            .last()
            .unwrap_or_else(|| panic!("{t} {body}: no operation"));
        let got: Vec<MInstr> = op.code.iter().map(|c| c.instr).collect();
        let got = without_kernarg_waits(&got);
        let want = as_read(case.check, &t);
        if got != want {
            bad.push(format!(
                "{t} `{body}` ({}): llc {got:?}, CHECK lines {want:?}",
                case.source
            ));
        }
    }
    assert!(bad.is_empty(), "{}", bad.join("\n"));
    // The cases cover every scope and kind the quality bar names.
    for t in ["gfx600", "gfx942", "gfx1100", "gfx1200", "gfx1200:cumode"] {
        assert!(cases.iter().filter(|c| c.target == t).count() >= 5, "{t}");
    }
}

/// An idempotent RMW (`add 0`) that llc lowers to a load (LLVM's
/// AtomicExpand, `simplifyIdempotentRMW`) runs end to end: `lower --code
/// llc` notes it, the hardware model runs llc's load with the RMW's result
/// register as its destination, and every hardware outcome is one the
/// memory model allows for the source test (litmus/hw/mp/MP+rel+rmw-acq.agent:
/// the acquire RMW `add 0` reads the flag). At -O0 (llc-22 keeps the
/// atomic at -O2, which runs as any RMW).
#[test]
fn idempotent_rmws_run_as_llcs_load() {
    let Some(l) = live_llc() else { return };
    let p = corpus_program("hw/mp/MP+rel+rmw-acq.agent.litmus");
    let model = amdmm_explore::explore(&p, &amdmm_explore::Options::default());
    let rmw = p.threads[1]
        .code
        .iter()
        .position(|i| matches!(i, amdmm_program::Instr::Rmw { .. }))
        .unwrap();
    for opt in [0, 2] {
        let l = llc::Llc {
            opt_level: opt,
            ..l.clone()
        };
        for t in ["gfx942", "gfx1100", "gfx1200"] {
            let t = Target::parse(t).unwrap();
            let code = llc::lowered(&p, &t, &l).unwrap_or_else(|e| panic!("{t}: {e}"));
            let op = code.threads[1].ops.iter().find(|o| o.index == rmw).unwrap();
            let mems: Vec<MInstr> = op
                .code
                .iter()
                .map(|c| c.instr)
                .filter(|i| matches!(i, MInstr::Mem(_)))
                .collect();
            // llc-22 makes the load at -O0; at -O2 it keeps the atomic.
            if opt == 0 {
                let n = op.note.clone().unwrap_or_else(|| panic!("{t}: no note"));
                assert!(n.contains("idempotent RMW"), "{t}: {n}");
                assert!(
                    matches!(mems.as_slice(), [MInstr::Mem(m)] if m.kind == amdmm_hw::isa::MemKind::Load),
                    "-O{opt} {t}: {mems:?}"
                );
            }
            assert!(llc::unattributable(&p, &code).is_empty(), "-O{opt} {t}");
            let hw = explore_with(&p, &t, &HwOptions::default(), &CodeSource::Llc(l.clone()))
                .unwrap_or_else(|e| panic!("-O{opt} {t}: {e}"));
            let v = compare(hw, &model);
            assert!(v.forbidden.is_empty(), "-O{opt} {t}: {:?}", v.forbidden);
            assert!(v.hw.outcome.states.len() >= 2, "-O{opt} {t}");
        }
    }
}

/// llc's compare-and-swap loops run end to end (docs/llc.md,
/// "Compare-and-swap loops"): the reader marks a loop of one block
/// (`.LBB_cas:` ... `s_cbranch_execnz`), and the hardware model runs it as
/// the tables' loop, bounded, with the program's data flow, at -O0 and -O2:
/// litmus/constructs/RMW+nand gives LangRef's values (12 nand 10 = -9
/// returning 12, then 8 returning -9) and RMW+fadd.atomicity's two loops
/// stay atomic (only outcomes the memory model allows, both orders).
#[test]
fn llc_cas_loops_run_end_to_end() {
    let Some(l) = live_llc() else { return };
    let nand = corpus_program("constructs/RMW+nand.litmus");
    let fadd = corpus_program("constructs/RMW+fadd.atomicity.litmus");
    let model = amdmm_explore::explore(&fadd, &amdmm_explore::Options::default());
    for opt in [0, 2] {
        let l = llc::Llc {
            opt_level: opt,
            ..l.clone()
        };
        for t in ["gfx600", "gfx900", "gfx942", "gfx1100", "gfx1200"] {
            let t = Target::parse(t).unwrap();
            let code = llc::lowered(&nand, &t, &l).unwrap_or_else(|e| panic!("{t}: {e}"));
            let op = &code.threads[0].ops[0];
            let instrs: Vec<MInstr> = op.code.iter().map(|c| c.instr).collect();
            assert!(
                llc::cas_loop_shape(&instrs).is_some(),
                "-O{opt} {t}: {instrs:?}"
            );
            let hw = explore_with(
                &nand,
                &t,
                &HwOptions::default(),
                &CodeSource::Llc(l.clone()),
            )
            .unwrap_or_else(|e| panic!("-O{opt} {t}: {e}"));
            let states: Vec<Vec<String>> = hw
                .outcome
                .states
                .iter()
                .map(|s| s.values.iter().map(|v| v.to_string()).collect())
                .collect();
            assert_eq!(states, [["8", "12", "-9"]], "-O{opt} {t}");
            if t.name == "gfx942" || t.name == "gfx1200" {
                // Native global fadd there: not a loop.
                continue;
            }
            let hw = explore_with(
                &fadd,
                &t,
                &HwOptions::default(),
                &CodeSource::Llc(l.clone()),
            )
            .unwrap_or_else(|e| panic!("-O{opt} {t}: {e}"));
            let v = compare(hw, &model);
            assert!(v.forbidden.is_empty(), "-O{opt} {t}: {:?}", v.forbidden);
            assert_eq!(v.hw.outcome.states.len(), 2, "-O{opt} {t}");
        }
    }
}

/// The loop reader on checked-in assembly: a loop of one block around a
/// `cmpswap` is marked as a compare-and-swap loop; a block with the access
/// that no branch goes back to (the atomic optimizer's first-lane block)
/// is the operation's code, straight; a loop spread over two blocks stays
/// a loop the model cannot attribute.
#[test]
fn asm_reader_marks_loops_of_one_block() {
    let src = "AMDGPU r\n{ global x = 0; }\nthread P0 @ wg 0 {\n  %r0 = atomicrmw nand ptr @x, i32 1 syncscope(\"agent\") monotonic\n}\nexists (true)\n";
    let p = amdmm_program::load(src).unwrap();
    let t = Target::parse("gfx900").unwrap();
    let kernel = llc::ir::kernel_name(&p, 0);
    let asm = |body: &str| {
        format!("{kernel}:\n\t;;#ASMSTART\n\t; amdmm op 0\n\t;;#ASMEND\n{body}\t;;#ASMSTART\n\t; amdmm end\n\t;;#ASMEND\n\ts_endpgm\n")
    };
    let one_block = asm(
        "\tglobal_load_dword v1, v0, s[0:1]\n.LBB0_1:\n\tglobal_atomic_cmpswap v2, v0, v[2:3], s[0:1] glc\n\ts_waitcnt vmcnt(0)\n\ts_cbranch_execnz .LBB0_1\n; %bb.2:\n",
    );
    let code = |text: &str| -> Vec<MInstr> {
        let l = llc::from_asm(&p, &t, text).unwrap();
        l.threads[0].ops[0].code.iter().map(|c| c.instr).collect()
    };
    let c = code(&one_block);
    assert!(llc::cas_loop_shape(&c).is_some(), "{c:?}");
    let l = llc::from_asm(&p, &t, &one_block).unwrap();
    assert!(llc::unattributable(&p, &l).is_empty());
    let first_lane = asm(
        "\ts_and_saveexec_b64 s[2:3], vcc\n\ts_cbranch_execz .LBB0_2\n; %bb.1:\n\tglobal_atomic_add v0, v1, s[0:1]\n.LBB0_2:\n\ts_or_b64 exec, exec, s[2:3]\n",
    );
    let c = code(&first_lane);
    assert!(!c.contains(&MInstr::CasLoopHead), "{c:?}");
    assert_eq!(c.iter().filter(|i| matches!(i, MInstr::Mem(_))).count(), 1);
    let two_blocks = asm(
        "\tglobal_load_dword v1, v0, s[0:1]\n.LBB0_1:\n\tglobal_atomic_cmpswap v2, v0, v[2:3], s[0:1] glc\n\ts_cbranch_scc1 .LBB0_3\n.LBB0_2:\n\ts_waitcnt vmcnt(0)\n\ts_cbranch_execnz .LBB0_1\n.LBB0_3:\n",
    );
    let l = llc::from_asm(&p, &t, &two_blocks).unwrap();
    let bad = llc::unattributable(&p, &l);
    assert!(bad.iter().any(|b| b.contains("a loop")), "{bad:?}");
}

/// `wait.asyncmark` cannot be compared with llc yet: LLVM 22 compiles
/// `llvm.amdgcn.asyncmark` / `wait.asyncmark` as calls to external
/// functions (the async-operations text: "A later change will implement the
/// actual mark/wait semantics in SIInsertWaitcnts"), so `--code llc` refuses
/// them (docs/llc.md, "`wait.asyncmark`: amdmm's count"). This pins that
/// fact for the llc in use: when an llc implements the intrinsics, this test
/// fails and says that the refusal can be lifted and the counts compared.
#[test]
fn llc_has_no_asyncmark_semantics_yet() {
    let Some(l) = live_llc() else { return };
    let ir = "declare void @llvm.amdgcn.asyncmark()\n\
              declare void @llvm.amdgcn.wait.asyncmark(i16)\n\
              define amdgpu_kernel void @k() {\n  call void @llvm.amdgcn.asyncmark()\n  \
              call void @llvm.amdgcn.wait.asyncmark(i16 0)\n  ret void\n}\n";
    for t in ["gfx950", "gfx1250"] {
        if t == "gfx1250" && l.major < 22 {
            continue;
        }
        let Ok(t) = Target::parse(t) else { continue };
        let (asm_text, _) = l.compile(ir, &t).unwrap_or_else(|e| panic!("{t}: {e}"));
        assert!(
            asm_text.contains("llvm.amdgcn.asyncmark@")
                || asm_text.contains("llvm.amdgcn.wait.asyncmark@"),
            "{} on {t} no longer compiles asyncmark as an external call: lift the \
             `--code llc` refusal of asyncmark/wait.asyncmark and compare its waits \
             with amdmm's count (`amdmm docs llc`)\n{asm_text}",
            l.version
        );
    }
}

fn corpus_program(name: &str) -> amdmm_program::Program {
    let src = std::fs::read_to_string(
        PathBuf::from(env!("CARGO_MANIFEST_DIR"))
            .join("../../litmus")
            .join(name),
    )
    .unwrap();
    amdmm_program::load(&src).unwrap()
}

/// Control flow (docs/llc.md, "Control flow"): llc-22's `-O0` code for two
/// corpus tests with branches (checked-in fixtures `NAME.TARGET.s`, from
/// `amdmm compile`) is read block by block. Each access is one instruction
/// of its operation (no loop, no note); the code llc puts between a block's
/// label (or `; %bb.N:`) and the block's marker starts that block's
/// operation (GFX12's `s_wait_loadcnt` for the reloads after the spin loop
/// comes before the load of `x`); each `br` has an operation of its own
/// that `lower --compare` leaves out; and the hardware model, following
/// the program's branches, runs it with no outcome the memory model
/// forbids: LB+ctrls has only r0 = r1 = 0 (its stores are control
/// dependent), Loop+spin's executions that spin past the bound are cut off.
#[test]
fn control_flow_fixtures_run_block_by_block() {
    for name in ["LB+ctrls", "Loop+spin.cutoff"] {
        let p = corpus_program(&format!("{name}.litmus"));
        let model = amdmm_explore::explore(&p, &amdmm_explore::Options::default());
        for t in ["gfx600", "gfx942", "gfx1200"] {
            let target = Target::parse(t).unwrap();
            let asm_text = std::fs::read_to_string(fixtures().join(format!("{name}.{t}.s")))
                .unwrap_or_else(|e| panic!("{name} {t}: {e}"));
            let l = llc::from_asm(&p, &target, &asm_text).unwrap();
            assert!(llc::unattributable(&p, &l).is_empty(), "{name} {t}");
            for (ti, th) in p.threads.iter().enumerate() {
                for (k, i) in th.code.iter().enumerate() {
                    let op = l.threads[ti].ops.iter().find(|o| o.index == k);
                    let is_br = matches!(
                        i,
                        amdmm_program::Instr::Jump { .. } | amdmm_program::Instr::Branch { .. }
                    );
                    if is_br {
                        let op = op.unwrap_or_else(|| panic!("{name} {t}: br {k} has no op"));
                        assert_eq!(op.table, llc::FLOW_TABLE, "{name} {t}");
                        assert!(
                            !op.code.iter().any(|c| matches!(c.instr, MInstr::Mem(_))),
                            "{name} {t}: an access attributed to a br"
                        );
                    }
                    if let Some(op) = op {
                        assert!(op.note.is_none(), "{name} {t} op {k}: {:?}", op.note);
                    }
                }
            }
            let table = amdmm_hw::lower(&p, &target).unwrap();
            let diffs = llc::compare::compare(&table, &l);
            assert!(
                diffs.iter().all(|d| !d.text.starts_with("br at")),
                "{name} {t}: a br compared"
            );
            let hw = amdmm_hw::machine::explore_lowered(&p, l, &HwOptions::default())
                .unwrap_or_else(|e| panic!("{name} {t}: {e}"));
            let cutoff = hw.outcome.flags.cutoff;
            let states = hw.outcome.states.len();
            let v = compare(hw, &model);
            assert!(v.forbidden.is_empty(), "{name} {t}: {:?}", v.forbidden);
            if name == "LB+ctrls" {
                assert_eq!(states, 1, "{name} {t}");
            } else {
                assert!(cutoff && states >= 1, "{name} {t}");
            }
        }
    }
    // The spin loop's exit: llc reloads the registers the phis carry and
    // waits for them before the load of `x`; that wait is the load's.
    let p = corpus_program("Loop+spin.cutoff.litmus");
    let t = Target::parse("gfx1200").unwrap();
    let asm_text = std::fs::read_to_string(fixtures().join("Loop+spin.cutoff.gfx1200.s")).unwrap();
    let l = llc::from_asm(&p, &t, &asm_text).unwrap();
    let last = l.threads[1].ops.last().unwrap();
    let code: Vec<MInstr> = last.code.iter().map(|c| c.instr).collect();
    assert!(
        matches!(code.as_slice(), [MInstr::Wait(..), MInstr::Mem(_), ..]),
        "{code:?}"
    );
}

/// With a live llc, every corpus test with control flow compiles, reads
/// and runs on the hardware model of a target per generation family, with
/// no outcome the memory model forbids.
#[test]
fn live_llc_runs_control_flow() {
    let Some(l) = live_llc() else { return };
    for name in [
        "LB+ctrls.litmus",
        "Loop+counter.bound.litmus",
        "Loop+counter.all-cut.litmus",
        "Loop+spin.cutoff.litmus",
        "MP+rel-cas.acq.agent.litmus",
        "Branch+undef.ub.litmus",
    ] {
        let p = corpus_program(name);
        let model = amdmm_explore::explore(&p, &amdmm_explore::Options::default());
        for t in ["gfx700", "gfx90a", "gfx1100", "gfx1200:cumode"] {
            let t = Target::parse(t).unwrap();
            let hw = explore_with(&p, &t, &HwOptions::default(), &CodeSource::Llc(l.clone()))
                .unwrap_or_else(|e| panic!("{name} {t}: {e}"));
            let v = compare(hw, &model);
            assert!(v.forbidden.is_empty(), "{name} {t}: {:?}", v.forbidden);
        }
    }
}

/// GFX6 has no generic address space ("Does not support generic address
/// space", AMDGPUUsage's processor table) and no `flat_*` instruction, so
/// llc-22 cannot compile a generic access for gfx600 ("LLVM ERROR: Cannot
/// select", found by `verify --code llc` over litmus/constructs). `--code
/// llc` refuses such a test before llc runs (a missing llc here), with the
/// tables' refusal at the access's place, in `verify` and in `lower`; the
/// same test on GFX7 goes on to run llc.
#[test]
fn generic_access_on_gfx6_is_refused_before_llc_runs() {
    let missing = llc::Llc {
        path: PathBuf::from("/nonexistent/amdmm-test-llc"),
        version: "LLVM version 22.1.8".into(),
        major: 22,
        opt_level: 0,
        cache: None,
        timeout: None,
    };
    let g = corpus_program("constructs/MP+rel-acq.agent.generic.litmus");
    let t = Target::parse("gfx600").unwrap();
    let source = CodeSource::Llc(missing.clone());
    let Err(e) = explore_with(&g, &t, &HwOptions::default(), &source) else {
        panic!("generic accepted on gfx600")
    };
    let e = e.to_string();
    let table = amdmm_hw::lower(&g, &t).unwrap_err().to_string();
    for e in [&e, &llc::lowered(&g, &t, &missing).unwrap_err().to_string()] {
        assert!(
            e.contains("does not support the generic address space") && e.contains("(generic)"),
            "{e}"
        );
    }
    assert!(
        table.contains("does not support the generic address space"),
        "{table}"
    );
    let t7 = Target::parse("gfx700").unwrap();
    let e7 = llc::lowered(&g, &t7, &missing).unwrap_err().to_string();
    assert!(!e7.contains("generic address space"), "{e7}");
}

/// The counters that order no memory operation
/// ([`amdmm_hw::isa::Counter::orders_memory`], docs/llc.md, "Counters that
/// order no memory operation"), on real llc output: llc-22's `-O0` code for
/// litmus/SB+mono (fixtures `SB+mono.gfx600.s`, `SB+mono.gfx1250.s`, from
/// `amdmm compile`) waits between each thread's store and load on `expcnt`
/// on GFX6 (the store's data registers) and on `xcnt` on GFX12.5 (address
/// translation). The reader keeps these waits, and the machine satisfies
/// them at once: the store-buffering outcome r0 = r1 = 0 remains, as the
/// memory model allows. The same code with that wait turned into a wait for
/// the store's completion (`vmcnt(0)`, `s_wait_storecnt 0x0`) loses the
/// outcome, so a machine that let the two counters block would fail here.
#[test]
fn export_and_translation_counters_order_no_memory_operation() {
    use amdmm_explore::ValueOut;
    use amdmm_hw::isa::Counter;
    let sb = |p: &amdmm_program::Program, l: amdmm_hw::lower::Lowered| -> bool {
        let hw = amdmm_hw::machine::explore_lowered(p, l, &HwOptions::default()).unwrap();
        assert!(hw.outcome.limit.is_none());
        hw.outcome
            .states
            .iter()
            .any(|s| s.values.iter().all(|v| matches!(v, ValueOut::Int(0))))
    };
    let cases = [
        (
            "gfx600",
            MInstr::Waitcnt {
                vm: None,
                exp: Some(0),
                lgkm: None,
            },
            MInstr::waitcnt_vm(0),
        ),
        (
            "gfx1250",
            MInstr::Wait(Counter::X, 0),
            MInstr::Wait(Counter::Store, 0),
        ),
    ];
    for (t, wait, completion) in cases {
        let mut src = std::fs::read_to_string(
            PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../litmus/SB+mono.litmus"),
        )
        .unwrap();
        if t == "gfx1250" {
            // GFX12.5 places the work-groups of one cluster on one SE, whose
            // in-order queues order them (crates/hw/tests/machine.rs,
            // `load_apart`): one cluster per thread, as the tests of
            // reorderings between work-groups do there. The placement does
            // not change the compiled module.
            for n in 0..2 {
                src = src.replace(&format!("@ wg {n} "), &format!("@ cluster {n}, wg {n} "));
            }
        }
        let p = amdmm_program::load(&src).unwrap();
        let target = Target::parse(t).unwrap();
        let asm_text = std::fs::read_to_string(fixtures().join(format!("SB+mono.{t}.s"))).unwrap();
        let l = llc::from_asm(&p, &target, &asm_text).unwrap();
        assert!(llc::unattributable(&p, &l).is_empty(), "{t}");
        for th in &l.threads {
            // The load's operation: the wait, then the load.
            let load: Vec<MInstr> = th.ops[1].code.iter().map(|c| c.instr).collect();
            assert!(
                matches!(load.as_slice(), [w, MInstr::Mem(m)] if *w == wait && m.kind == MemKind::Load),
                "{t}: {load:?}"
            );
        }
        assert!(
            sb(&p, l.clone()),
            "{t}: the wait on {wait} removed store buffering"
        );
        let mut blocking = l;
        for th in &mut blocking.threads {
            for c in &mut th.ops[1].code {
                if c.instr == wait {
                    c.instr = completion;
                }
            }
        }
        assert!(
            !sb(&p, blocking),
            "{t}: `{completion}` should have removed store buffering"
        );
    }
}

/// The fixture of `litmus/NAME.litmus` compiled for `t` (`amdmm compile`,
/// llc-22 -O0).
fn corpus_fixture(name: &str, t: &str) -> String {
    let stem = name.rsplit('/').next().unwrap();
    std::fs::read_to_string(fixtures().join(format!("{stem}.{t}.s")))
        .unwrap_or_else(|e| panic!("{stem} {t}: {e}"))
}

/// The compiler-tracked LDS DMA under `--code llc` (docs/llc.md, "LDS
/// DMA"): llc-22's copy, as each target's assembler spells it, is the
/// copy operation's one memory instruction of the copy's whole width (16
/// bytes on gfx950: the four elements of `Async+wide.16-fills-four`), and
/// the hardware model runs it with the memory model's one outcome (the
/// read after the copy sees the copied values). Without llc's
/// `s_waitcnt vmcnt(0)` before that read, the model finds the read before
/// the copy has landed: the test can fail.
#[test]
fn lds_dma_fixtures_run_on_the_machine() {
    for (name, t, spelled) in [
        (
            "async/Async+tracked.global.load.lds",
            "gfx900",
            "global_load_dword lds",
        ),
        (
            "async/Async+tracked.global.load.lds",
            "gfx942",
            "global_load_lds_dword",
        ),
        (
            "async/Async+tracked.global.load.lds",
            "gfx1010",
            "global_load_dword lds",
        ),
        (
            "constructs/Async+wide.16-fills-four",
            "gfx950",
            "global_load_lds_dwordx4",
        ),
    ] {
        let p = corpus_program(&format!("{name}.litmus"));
        let model = amdmm_explore::explore(&p, &amdmm_explore::Options::default());
        let target = Target::parse(t).unwrap();
        let asm_text = corpus_fixture(name, t);
        let l = llc::from_asm(&p, &target, &asm_text).unwrap();
        assert!(llc::unattributable(&p, &l).is_empty(), "{name} {t}");
        let k = p.threads[0]
            .code
            .iter()
            .position(|i| matches!(i, amdmm_program::Instr::Dma { .. }))
            .unwrap();
        let dma: Vec<String> = l.threads[0]
            .ops
            .iter()
            .filter(|o| o.index == k)
            .flat_map(|o| o.code.iter())
            .filter(|c| matches!(c.instr, MInstr::Mem(_)))
            .map(|c| c.instr.to_string())
            .collect();
        assert_eq!(dma, [spelled], "{name} {t}");
        // The table lowering spells the copy the same way.
        let table = amdmm_hw::lower(&p, &target).unwrap();
        let table_dma: Vec<String> = table.threads[0]
            .ops
            .iter()
            .flat_map(|o| o.code.iter())
            .filter(|c| matches!(c.instr, MInstr::Mem(m) if m.kind == MemKind::LoadLds))
            .map(|c| c.instr.to_string())
            .collect();
        assert_eq!(table_dma, [spelled], "{name} {t}: table");
        let hw = amdmm_hw::machine::explore_lowered(&p, l, &HwOptions::default())
            .unwrap_or_else(|e| panic!("{name} {t}: {e}"));
        let states = hw.outcome.states.len();
        let v = compare(hw, &model);
        assert!(v.forbidden.is_empty(), "{name} {t}: {:?}", v.forbidden);
        assert_eq!(states, 1, "{name} {t}");
        let unwaited = asm_text.replacen("s_waitcnt vmcnt(0)", "", 1);
        let l = llc::from_asm(&p, &target, &unwaited).unwrap();
        let hw = amdmm_hw::machine::explore_lowered(&p, l, &HwOptions::default()).unwrap();
        let v = compare(hw, &model);
        assert!(
            !v.forbidden.is_empty(),
            "{name} {t}: the read no longer waits for the copy, yet nothing is forbidden"
        );
    }
}

/// F7 (docs/findings.md): llc-22 issues the copy with an earlier LDS load
/// or store to the same location outstanding (no `lgkmcnt(0)` between
/// them, where the tables' DMA lowering has one), and the hardware model
/// finds the program order broken; with the tables' code it does not.
#[test]
fn lds_dma_after_outstanding_ds_accesses_is_f7() {
    for (name, bad) in [
        ("async/Async+tracked.lds-load-before-copy", "P0:%r0=42"),
        ("async/Async+tracked.lds-store-before-copy", "P0:%r0=1"),
    ] {
        let p = corpus_program(&format!("{name}.litmus"));
        let model = amdmm_explore::explore(&p, &amdmm_explore::Options::default());
        for t in ["gfx900", "gfx942", "gfx1010"] {
            let target = Target::parse(t).unwrap();
            let l = llc::from_asm(&p, &target, &corpus_fixture(name, t)).unwrap();
            assert!(llc::unattributable(&p, &l).is_empty(), "{name} {t}");
            let dma = p.threads[0]
                .code
                .iter()
                .position(|i| matches!(i, amdmm_program::Instr::Dma { .. }))
                .unwrap();
            let waits_before_copy = l.threads[0]
                .ops
                .iter()
                .filter(|o| o.index == dma)
                .flat_map(|o| o.code.iter())
                .any(|c| matches!(c.instr, MInstr::Waitcnt { lgkm: Some(0), .. }));
            assert!(
                !waits_before_copy,
                "{name} {t}: llc-22 now waits: F7 is gone"
            );
            let hw = amdmm_hw::machine::explore_lowered(&p, l, &HwOptions::default()).unwrap();
            let v = compare(hw, &model);
            let forbidden: Vec<String> = v
                .forbidden
                .iter()
                .map(|(s, _)| amdmm_hw::machine::render_state(&v.hw.outcome, s))
                .collect();
            assert!(
                forbidden.iter().any(|o| o.contains(bad)),
                "{name} {t}: {forbidden:?}"
            );
            let table =
                explore_with(&p, &target, &HwOptions::default(), &CodeSource::Table).unwrap();
            assert!(
                compare(table, &model).forbidden.is_empty(),
                "{name} {t}: table"
            );
        }
    }
}

/// Where the tables refuse an LDS DMA copy (GFX6-GFX8, GFX11, GFX12.0, a
/// size the target lacks), `--code llc` refuses it with their reason before
/// calling llc (the llc here does not exist); the `.async` forms are
/// refused by the IR emitter, naming them.
#[test]
fn lds_dma_refusals_before_llc_runs() {
    let missing = llc::Llc {
        path: PathBuf::from("/nonexistent/amdmm-test-llc"),
        version: "LLVM version 22.1.8".into(),
        major: 22,
        opt_level: 0,
        cache: None,
        timeout: None,
    };
    let source = CodeSource::Llc(missing);
    let tracked = corpus_program("async/Async+tracked.global.load.lds.litmus");
    for (t, why) in [
        ("gfx600", "not supported on GFX6"),
        ("gfx1100", "not supported on GFX11"),
        ("gfx1200", "not supported on GFX12"),
    ] {
        let target = Target::parse(t).unwrap();
        let e = explore_with(&tracked, &target, &HwOptions::default(), &source)
            .err()
            .unwrap()
            .to_string();
        assert!(e.contains(why) && e.contains(":10:3"), "{t}: {e}");
    }
    let wide = corpus_program("constructs/Async+wide.16-fills-four.litmus");
    let e = explore_with(
        &wide,
        &Target::parse("gfx942").unwrap(),
        &HwOptions::default(),
        &source,
    )
    .err()
    .unwrap()
    .to_string();
    assert!(e.contains("a 16-byte"), "{e}");
    // gfx900 passes the check and goes on to call the (missing) llc.
    let e = explore_with(
        &tracked,
        &Target::parse("gfx900").unwrap(),
        &HwOptions::default(),
        &source,
    )
    .err()
    .unwrap()
    .to_string();
    assert!(e.contains("amdmm-test-llc"), "{e}");
    for name in [
        "async/Async+read-after-wait.litmus",
        "constructs/Async+offset.litmus",
    ] {
        let p = corpus_program(name);
        let e = llc::ir::emit(&p).unwrap_err().to_string();
        assert!(e.contains("`.async` LDS DMA forms"), "{name}: {e}");
    }
}

/// With a live llc: the tracked copy compiles to the fixtures' code on
/// gfx900, gfx942, gfx950 and gfx1010 (on LLVM 22), and llc-22 cannot
/// select it on gfx1250 (whose own LDS DMA is `global_load_async_to_lds`):
/// when an llc does, this test says so and docs/llc.md, "LDS DMA", is to
/// be updated.
#[test]
fn llc_lds_dma_targets() {
    let Some(l) = live_llc() else { return };
    for (name, t) in [
        ("async/Async+tracked.global.load.lds", "gfx900"),
        ("async/Async+tracked.global.load.lds", "gfx942"),
        ("async/Async+tracked.global.load.lds", "gfx1010"),
        ("async/Async+tracked.lds-store-before-copy", "gfx942"),
        ("constructs/Async+wide.16-fills-four", "gfx950"),
    ] {
        let p = corpus_program(&format!("{name}.litmus"));
        let target = Target::parse(t).unwrap();
        let live = llc::lowered(&p, &target, &l).unwrap_or_else(|e| panic!("{name} {t}: {e}"));
        assert!(llc::unattributable(&p, &live).is_empty(), "{name} {t}");
        if l.major == 22 {
            let fixed = llc::from_asm(&p, &target, &corpus_fixture(name, t)).unwrap();
            let code = |x: &amdmm_hw::Lowered| -> Vec<Vec<MInstr>> {
                x.threads[0]
                    .ops
                    .iter()
                    .map(|o| o.code.iter().map(|c| c.instr).collect())
                    .collect()
            };
            assert_eq!(code(&live), code(&fixed), "{name} {t}");
        }
    }
    if l.major == 22 {
        // `--code llc` refuses the test before llc runs (naming the
        // intrinsic); llc itself still cannot select it for GFX12.5.
        let p = corpus_program("async/Async+tracked.global.load.lds.litmus");
        let gfx1250 = Target::parse("gfx1250").unwrap();
        let refused = llc::lowered(&p, &gfx1250, &l)
            .err()
            .map(|e| e.to_string())
            .unwrap_or_default();
        assert!(
            refused.contains("`llvm.amdgcn.global.load.lds` is not compiled by llc-22 for GFX12.5"),
            "{refused}"
        );
        let ir = llc::ir::emit(&p).unwrap();
        let e = l
            .compile(&ir, &gfx1250)
            .err()
            .map(|e| e.to_string())
            .unwrap_or_default();
        assert!(
            e.contains("Cannot select: intrinsic %llvm.amdgcn.global.load.lds"),
            "{} compiles global.load.lds for gfx1250 now: update docs/llc.md, \"LDS DMA\" ({e})",
            l.version
        );
    }
}

/// The availability / visibility intrinsics are not LLVM 22's: llc-22
/// cannot compile a call to `llvm.amdgcn.av.global.load.b128`, so `--code
/// llc` refuses them (docs/llc.md, "Not supported"). When an llc compiles
/// it, this test fails and says that the refusal can be lifted.
#[test]
fn llc_has_no_av_intrinsics_yet() {
    let Some(l) = live_llc() else { return };
    let ir = "declare <4 x i32> @llvm.amdgcn.av.global.load.b128(ptr addrspace(1), metadata)\n\
              define amdgpu_kernel void @k(ptr addrspace(1) %p, ptr addrspace(1) %o) {\n  \
              %v = call <4 x i32> @llvm.amdgcn.av.global.load.b128(ptr addrspace(1) %p, metadata !\"agent\")\n  \
              store <4 x i32> %v, ptr addrspace(1) %o\n  ret void\n}\n";
    let t = Target::parse("gfx942").unwrap();
    assert!(
        l.compile(ir, &t).is_err(),
        "{} compiles llvm.amdgcn.av.global.load.b128: lift the `--code llc` refusal (`amdmm docs llc`)",
        l.version
    );
    let p = corpus_program("MP+avs-avl.agent.litmus");
    let e = llc::ir::emit(&p).unwrap_err().to_string();
    assert!(e.contains("is not an intrinsic of LLVM 22"), "{e}");
}

/// The native floating-point atomics of the hardware models (which targets
/// have `global_atomic_add_f32`, `ds_add_f32`, the `f64` min/max, ...:
/// `float_rmw_instruction` in the lowering, from LLVM's subtarget features)
/// against llc: every `atomicrmw` fadd / fsub / fmax / fmin / fmaximum /
/// fminimum on `half`, `float` and `double`, in global memory and in the LDS,
/// agent scope, its result used, with the metadata amdmm assumes
/// (`!amdgpu.no.fine.grained.memory` and `!amdgpu.ignore.denormal.mode`,
/// AMDGPUUsage "Memory Model", `amdmm docs hardware`), on every modelled
/// processor (features do not change the selection; tgsplit has no LDS).
/// amdmm lowers a native instruction exactly where llc emits one, with
/// llc's mnemonic, and a compare-and-swap loop exactly where llc emits one
/// (docs/hardware.md, "Compare-and-swap loops"). llc-22 crashes on gfx700's
/// global `double` fmin / fmax (the one case it cannot compile); `--code
/// llc` refuses it, and the test fails when an llc compiles it, so the
/// choice is revisited.
#[test]
fn live_llc_float_atomics_match_the_native_list() {
    let Some(l) = live_llc() else { return };
    let ops = ["fadd", "fsub", "fmax", "fmin", "fmaximum", "fminimum"];
    let tys = [("half", 2), ("float", 4), ("double", 8)];
    let crashes = [
        ("gfx700", "1", "fmax", "double"),
        ("gfx700", "1", "fmin", "double"),
    ];
    let mut disagree = Vec::new();
    let mut llc_failed = Vec::new();
    let targets = all_targets()
        .into_iter()
        .filter(|t| !t.tgsplit && !t.cumode && t.processor == t.name);
    for t in targets {
        if t.name == "gfx1250" && l.major < 22 {
            continue;
        }
        for space in ["1", "3"] {
            for op in ops {
                for (ty, align) in tys {
                    let decl = if space == "1" { "global" } else { "lds" };
                    let src = format!(
                        "AMDGPU F\n\"float atomic\"\n{{ {decl} x = 0.0; }}\n\
                         thread P0 @ wg 0 {{\n  %r = atomicrmw {op} ptr addrspace({space}) @x, \
                         {ty} 1.0 syncscope(\"agent\") monotonic\n}}\nexists (P0:%r == 0.0)\n"
                    );
                    let p = amdmm_program::load(&src).unwrap_or_else(|e| panic!("{src}: {e:?}"));
                    // The first vector-memory or LDS mnemonic other than a
                    // load or store (llc's code also stores the result).
                    let mnemonic = |text: &str| -> String {
                        text.split_whitespace()
                            .find(|w| {
                                ["global_", "flat_", "buffer_", "ds_"]
                                    .iter()
                                    .any(|f| w.starts_with(f))
                                    && !w.contains("load")
                                    && !w.contains("store")
                                    && !w.contains("scratch")
                            })
                            .unwrap_or("?")
                            .to_string()
                    };
                    // `None`: a compare-and-swap loop (the tables'
                    // lowering of an RMW without an instruction).
                    let loops = |text: &str| ["cmpswap", "cmpst"].iter().any(|k| text.contains(k));
                    let ours: Option<String> = amdmm_hw::lower(&p, &t)
                        .ok()
                        .map(|low| amdmm_hw::lower::render(&low))
                        .and_then(|text| (!loops(&text)).then(|| mnemonic(&text)));
                    let ir = format!(
                        "define amdgpu_kernel void @f(ptr addrspace({space}) %p, ptr addrspace(1) \
                         %out, {ty} %v) {{\n  %r = atomicrmw {op} ptr addrspace({space}) %p, {ty} \
                         %v syncscope(\"agent\") monotonic, align {align}, \
                         !amdgpu.no.fine.grained.memory !0, !amdgpu.ignore.denormal.mode !0\n  \
                         store {ty} %r, ptr addrspace(1) %out\n  ret void\n}}\n!0 = !{{}}\n"
                    );
                    let case = (t.name, space, op, ty);
                    let asm_text = match l.compile(&ir, &t) {
                        Ok((a, _)) => a,
                        Err(_) => {
                            llc_failed.push(case);
                            continue;
                        }
                    };
                    let theirs: Option<String> = (!loops(&asm_text)).then(|| mnemonic(&asm_text));
                    if ours != theirs {
                        disagree.push(format!("{case:?}: amdmm {ours:?}, llc {theirs:?}"));
                    }
                }
            }
        }
    }
    assert!(disagree.is_empty(), "{}", disagree.join("\n"));
    if l.major == 22 {
        assert_eq!(llc_failed, crashes, "llc failures");
    }
}

/// GFX12's split barrier and the abstract barrier operations under `--code
/// llc` (docs/llc.md, "Barriers"), on llc-22's code: `s.barrier.signal(-1)`
/// and `.wait(-1)` are one `s_barrier_signal -1` / `s_barrier_wait -1`
/// each, in their own operations (`MP+split.signal-wait`, GFX12 and
/// GFX12.5); an abstract *arrive* right before its *wait* is one
/// `s.barrier` at the *arrive* (`Abstract+mp`: `s_barrier` on GFX942,
/// `s_barrier_signal -1` + `s_barrier_wait -1` on GFX12), the *wait* having
/// no code. The hardware model runs them with no outcome the memory model
/// forbids; without the reader's `s_barrier_wait` (GFX12) the reader of `x` no
/// longer waits for the writer's release and the model finds the
/// forbidden outcome, so the barrier code is what orders the test.
#[test]
fn barrier_fixtures_run_on_the_machine() {
    use amdmm_program::{BarrierOp, HwBarrier, Instr};
    let barrier_code = |l: &amdmm_hw::Lowered, ti: usize, k: usize| -> Option<Vec<MInstr>> {
        l.threads[ti].ops.iter().find(|o| o.index == k).map(|o| {
            o.code
                .iter()
                .map(|c| c.instr)
                .filter(|i| !matches!(i, MInstr::Waitcnt { .. } | MInstr::Wait(..)))
                .collect()
        })
    };
    for (name, t) in [
        ("barrier/MP+split.signal-wait", "gfx1200"),
        ("barrier/MP+split.signal-wait", "gfx1250"),
        ("barrier/Abstract+mp", "gfx942"),
        ("barrier/Abstract+mp", "gfx1200"),
    ] {
        let p = corpus_program(&format!("{name}.litmus"));
        let model = amdmm_explore::explore(&p, &amdmm_explore::Options::default());
        let target = Target::parse(t).unwrap();
        let asm_text = corpus_fixture(name, t);
        let l = llc::from_asm(&p, &target, &asm_text).unwrap();
        assert!(llc::unattributable(&p, &l).is_empty(), "{name} {t}");
        for (ti, th) in p.threads.iter().enumerate() {
            for (k, i) in th.code.iter().enumerate() {
                let code = barrier_code(&l, ti, k);
                let want: Option<Vec<MInstr>> = match i {
                    Instr::Hw(HwBarrier::Signal(_)) => Some(vec![MInstr::SBarrierSignal(-1)]),
                    Instr::Hw(HwBarrier::Wait(_)) => Some(vec![MInstr::SBarrierWait(-1)]),
                    Instr::Barrier(BarrierOp::Arrive { .. }) if t == "gfx942" => {
                        Some(vec![MInstr::SBarrier])
                    }
                    Instr::Barrier(BarrierOp::Arrive { .. }) => {
                        Some(vec![MInstr::SBarrierSignal(-1), MInstr::SBarrierWait(-1)])
                    }
                    Instr::Barrier(_) => None,
                    _ => continue,
                };
                assert_eq!(code, want, "{name} {t} {} op {k}", th.name);
            }
        }
        let hw = amdmm_hw::machine::explore_lowered(&p, l, &HwOptions::default())
            .unwrap_or_else(|e| panic!("{name} {t}: {e}"));
        let v = compare(hw, &model);
        assert!(v.forbidden.is_empty(), "{name} {t}: {:?}", v.forbidden);
        // P1 without its barrier wait (GFX12: the arrive stays, so P0 is
        // not left waiting): the forbidden outcome appears.
        if t == "gfx942" {
            continue;
        }
        let p1 = asm_text.find("amdmm_t1_P1:").unwrap();
        let wait = "s_barrier_wait -1";
        let at = p1 + asm_text[p1..].find(wait).unwrap();
        let unwaited = format!("{}{}", &asm_text[..at], &asm_text[at + wait.len()..]);
        let l = llc::from_asm(&p, &target, &unwaited).unwrap();
        let hw = amdmm_hw::machine::explore_lowered(&p, l, &HwOptions::default()).unwrap();
        assert!(
            !compare(hw, &model).forbidden.is_empty(),
            "{name} {t}: P1 no longer waits at the barrier, yet nothing is forbidden"
        );
    }
}

/// Before llc runs: GFX12's split-barrier intrinsics are refused on
/// GFX6-GFX11 (llc-22 has no code for them there), and the tables'
/// barrier refusals apply (an abstract *arrive* without its *wait* on
/// GFX6-GFX11); the named-barrier intrinsics are refused by the IR
/// emitter, naming them. The abstract split is emitted as the two
/// intrinsics and the pair as one `s.barrier`.
#[test]
fn barrier_refusals_and_ir() {
    let missing = llc::Llc {
        path: PathBuf::from("/nonexistent/amdmm-test-llc"),
        version: "LLVM version 22.1.8".into(),
        major: 22,
        opt_level: 0,
        cache: None,
        timeout: None,
    };
    let source = CodeSource::Llc(missing);
    let split = corpus_program("barrier/MP+split.signal-wait.litmus");
    for t in ["gfx600", "gfx942", "gfx1100"] {
        let target = Target::parse(t).unwrap();
        let e = explore_with(&split, &target, &HwOptions::default(), &source)
            .err()
            .unwrap()
            .to_string();
        assert!(
            e.contains("split barrier") && e.contains("llvm.amdgcn.s.barrier.signal"),
            "{t}: {e}"
        );
    }
    let e = explore_with(
        &split,
        &Target::parse("gfx1200").unwrap(),
        &HwOptions::default(),
        &source,
    )
    .err()
    .unwrap()
    .to_string();
    assert!(e.contains("amdmm-test-llc"), "gfx1200 goes on to llc: {e}");
    let src = "AMDGPU s\n{ global x = 0; barrier B workgroup = 2; }\n\
               thread P0 @ wg 0, wave 0 {\n  barrier.arrive @B\n  store i32 1, ptr @x\n  barrier.wait @B\n}\n\
               thread P1 @ wg 0, wave 1 {\n  barrier.arrive @B\n  barrier.wait @B\n}\nexists (true)\n";
    let abs = amdmm_program::load(src).unwrap();
    let e = explore_with(
        &abs,
        &Target::parse("gfx942").unwrap(),
        &HwOptions::default(),
        &source,
    )
    .err()
    .unwrap()
    .to_string();
    assert!(e.contains("not immediately followed by its *wait*"), "{e}");
    let ir = llc::ir::emit(&abs).unwrap();
    let p0 = &ir[ir.find("@amdmm_t0_P0").unwrap()..ir.find("@amdmm_t1_P1").unwrap()];
    assert!(
        p0.contains("@llvm.amdgcn.s.barrier.signal(i32 -1)")
            && p0.contains("@llvm.amdgcn.s.barrier.wait(i16 -1)"),
        "{p0}"
    );
    let p1 = &ir[ir.find("@amdmm_t1_P1").unwrap()..ir.find("declare ").unwrap()];
    assert_eq!(
        p1.matches("call void @llvm.amdgcn.s.barrier()").count(),
        1,
        "{p1}"
    );
    assert!(!p1.contains("barrier.signal"), "{p1}");
    // GFX12.5's named barrier 1 is an LDS named-barrier object: init, join
    // and signal name it (signal through `.signal.var` with count 0: the
    // expected count unchanged), wait keeps its immediate, leave has none.
    let named = corpus_program("barrier/Named+leave.litmus");
    let ir = llc::ir::emit(&named).unwrap();
    assert!(
        ir.contains("@amdmm.named.barrier.1 = internal addrspace(3) global target(\"amdgcn.named.barrier\", 0) poison"),
        "{ir}"
    );
    for call in [
        "call void @llvm.amdgcn.s.barrier.init(ptr addrspace(3) @amdmm.named.barrier.1, i32 2)",
        "call void @llvm.amdgcn.s.barrier.join(ptr addrspace(3) @amdmm.named.barrier.1)",
        "call void @llvm.amdgcn.s.barrier.signal.var(ptr addrspace(3) @amdmm.named.barrier.1, i32 0)",
        "call void @llvm.amdgcn.s.barrier.wait(i16 1)",
        "call void @llvm.amdgcn.s.barrier.leave(i16 1)",
    ] {
        assert!(ir.contains(call), "{call}\n{ir}");
    }
    let null = corpus_program("barrier/Named+null-unjoin.litmus");
    let ir = llc::ir::emit(&null).unwrap();
    assert!(
        ir.contains("call void @llvm.amdgcn.s.barrier.join(ptr addrspace(3) null)"),
        "{ir}"
    );
    // `_isfirst` on a named barrier stays refused (llc-22's takes an
    // immediate id, not the object).
    let src = "AMDGPU s\n{ global x = 0; }\nthread P0 @ wg 0, wave 0 {\n  call void @llvm.amdgcn.s.barrier.init(i32 1, i32 1)\n  call void @llvm.amdgcn.s.barrier.join(i32 1)\n  %f = call i1 @llvm.amdgcn.s.barrier.signal.isfirst(i32 1)\n}\nexists (true)\n";
    let e = llc::ir::emit(&amdmm_program::load(src).unwrap())
        .unwrap_err()
        .to_string();
    assert!(
        e.contains("`s.barrier.signal.isfirst` on a named barrier"),
        "{e}"
    );
}

/// With a live llc-22: every named barrier test of the corpus compiles for
/// gfx1250 at -O0 and -O2, its `s_barrier_init m0` / `_join m0` /
/// `_signal m0` are read back with the barrier M0 holds (at -O0 computed
/// through SGPRs), and the hardware model running llc's code finds no
/// outcome the memory model forbids.
#[test]
fn live_llc_compiles_named_barriers() {
    let Some(l) = live_llc() else { return };
    if l.major < 22 {
        return;
    }
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../litmus/barrier");
    let mut names: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.starts_with("Named+"))
        .collect();
    names.sort();
    assert!(names.len() >= 14, "{names:?}");
    let t = Target::parse("gfx1250").unwrap();
    for opt in [0, 2] {
        let l = llc::Llc {
            opt_level: opt,
            ..l.clone()
        };
        for n in &names {
            let p = corpus_program(&format!("barrier/{n}"));
            let model = amdmm_explore::explore(&p, &amdmm_explore::Options::default());
            let live = llc::lowered(&p, &t, &l).unwrap_or_else(|e| panic!("{n} -O{opt}: {e}"));
            assert!(llc::unattributable(&p, &live).is_empty(), "{n} -O{opt}");
            let named: Vec<MInstr> = live
                .threads
                .iter()
                .flat_map(|th| th.ops.iter().flat_map(|o| o.code.iter().map(|c| c.instr)))
                .filter(|i| matches!(i, MInstr::SBarrierInit(_) | MInstr::SBarrierJoin(_)))
                .collect();
            assert!(
                named.contains(&MInstr::SBarrierJoin(1)),
                "{n} -O{opt}: {named:?}"
            );
            let hw = explore_with(&p, &t, &HwOptions::default(), &CodeSource::Llc(l.clone()))
                .unwrap_or_else(|e| panic!("{n} -O{opt}: {e}"));
            let v = compare(hw, &model);
            assert!(v.forbidden.is_empty(), "{n} -O{opt}: {:?}", v.forbidden);
        }
    }
}

/// With a live llc: the barrier fixtures' tests compile to the fixtures'
/// code (on LLVM 22), and an abstract split *arrive* / *wait* runs on GFX12
/// as `s_barrier_signal -1` ... `s_barrier_wait -1` with the store between
/// them.
#[test]
fn live_llc_compiles_barriers() {
    let Some(l) = live_llc() else { return };
    for (name, t) in [
        ("barrier/MP+split.signal-wait", "gfx1200"),
        ("barrier/MP+split.signal-wait", "gfx1250"),
        ("barrier/Abstract+mp", "gfx942"),
        ("barrier/Abstract+mp", "gfx1200"),
    ] {
        if t == "gfx1250" && l.major < 22 {
            continue;
        }
        let p = corpus_program(&format!("{name}.litmus"));
        let target = Target::parse(t).unwrap();
        let live = llc::lowered(&p, &target, &l).unwrap_or_else(|e| panic!("{name} {t}: {e}"));
        assert!(llc::unattributable(&p, &live).is_empty(), "{name} {t}");
        if l.major == 22 {
            let fixed = llc::from_asm(&p, &target, &corpus_fixture(name, t)).unwrap();
            let code = |x: &amdmm_hw::Lowered| -> Vec<Vec<Vec<MInstr>>> {
                x.threads
                    .iter()
                    .map(|th| {
                        th.ops
                            .iter()
                            .map(|o| o.code.iter().map(|c| c.instr).collect())
                            .collect()
                    })
                    .collect()
            };
            assert_eq!(code(&live), code(&fixed), "{name} {t}");
        }
    }
    let src = "AMDGPU s\n{ global x = 0; barrier B workgroup = 2; }\n\
               thread P0 @ wg 0, wave 0 {\n  barrier.arrive @B\n  store i32 1, ptr @x\n  barrier.wait @B\n}\n\
               thread P1 @ wg 0, wave 1 {\n  barrier.arrive @B\n  barrier.wait @B\n}\nexists (true)\n";
    let abs = amdmm_program::load(src).unwrap();
    let t = Target::parse("gfx1200").unwrap();
    let live = llc::lowered(&abs, &t, &l).unwrap();
    let p0: Vec<MInstr> = live.threads[0]
        .ops
        .iter()
        .flat_map(|o| o.code.iter().map(|c| c.instr))
        .filter(|i| {
            matches!(
                i,
                MInstr::SBarrierSignal(_) | MInstr::SBarrierWait(_) | MInstr::Mem(_)
            )
        })
        .collect();
    assert!(
        matches!(
            p0.as_slice(),
            [
                MInstr::SBarrierSignal(-1),
                MInstr::Mem(_),
                MInstr::SBarrierWait(-1)
            ]
        ),
        "{p0:?}"
    );
}

/// A test's "priming" load (a plain load whose register nothing reads or
/// observes, which brings a stale copy into a cache) is kept alive: its
/// register is stored to `%out` after the end marker, like the observed
/// ones (docs/llc.md, "How a test is compiled"), while an RMW's unused
/// result is not (storing it would make llc's no-return atomic a returning
/// one). Before, llc-22 removed the load even at `-O0` and `verify --code
/// llc` skipped 2285 (test, target) pairs of the corpus ("the compiler's
/// code has no memory instruction"). With a live llc, the compiled test's
/// every access is attributable on a target per generation family.
#[test]
fn priming_loads_are_kept_alive() {
    let p = corpus_program("hw/mp/MP+rel+rmw-noret-fence-acqrel.agent.litmus");
    let ir = llc::ir::emit(&p).unwrap();
    let p1 = ir
        .split("define amdgpu_kernel void @amdmm_t1_P1")
        .nth(1)
        .unwrap()
        .split("\n}")
        .next()
        .unwrap();
    let end = p1.find("amdmm end").unwrap();
    let (ops, after) = p1.split_at(end);
    // Operation 0 is the priming load `%r2 = load i32, ptr @x` (`%v1`),
    // operation 1 the RMW (`%v2`), whose result nothing uses.
    assert!(ops.contains("%v1 = load i32"), "{p1}");
    assert!(ops.contains("%v2 = atomicrmw add"), "{p1}");
    assert_eq!(after.matches("store i64").count(), 2, "{p1}");
    assert!(after.contains("zext i32 %v1 to i64"), "{p1}");
    assert!(!after.contains("%v2"), "the RMW's result is stored: {p1}");
    let Some(l) = live_llc() else { return };
    for t in ["gfx600", "gfx942", "gfx1100", "gfx1200", "gfx1250"] {
        let t = Target::parse(t).unwrap();
        let code = llc::lowered(&p, &t, &l).unwrap_or_else(|e| panic!("{t}: {e}"));
        let bad = llc::unattributable(&p, &code);
        assert!(bad.is_empty(), "{t}: {bad:?}");
    }
}

/// The buffer LDS DMA forms run on the memory model only: the hardware
/// models (the tables) and `--code llc` refuse them naming them
/// (docs/semantics.md, "Buffer LDS DMA"), never lowering them as the global
/// form.
#[test]
fn buffer_lds_dma_is_refused_on_the_hardware_models() {
    let missing = llc::Llc {
        path: PathBuf::from("/nonexistent/amdmm-test-llc"),
        version: "LLVM version 22.1.8".into(),
        major: 22,
        opt_level: 0,
        cache: None,
        timeout: None,
    };
    let target = Target::parse("gfx942").unwrap();
    for name in [
        "async/Async+buffer.raw-offsets.litmus",
        "async/Async+buffer.async-marks.litmus",
    ] {
        let p = corpus_program(name);
        for source in [CodeSource::Table, CodeSource::Llc(missing.clone())] {
            let e = explore_with(&p, &target, &HwOptions::default(), &source)
                .err()
                .unwrap()
                .to_string();
            assert!(
                e.contains("buffer LDS DMA form") && e.contains(":10:3"),
                "{name}: {e}"
            );
        }
    }
}

/// Floating-point accesses under `--code llc` (docs/llc.md, "Floating-point
/// accesses"): the IR holds each constant in LLVM's hexadecimal form
/// (`half 0xH3C00`, `double 0x3FC999999999999A`, `float` as the `double` of
/// its value), each float `atomicrmw` carries the metadata the tables'
/// lowering assumes, and a float result is stored to the output buffer by
/// its bits. A live llc compiles it; where the target has the native
/// instruction (gfx942's `global_atomic_add_f32`, gfx1200's
/// `global_atomic_add_f32` and `ds_add_rtn_f32`) the reader attributes it
/// to the operation with the tables' spelling and the hardware model finds
/// no outcome the memory model forbids; where llc makes a compare-and-swap
/// loop, the model runs the loop (no forbidden outcome either).
#[test]
fn float_accesses_compile_and_run() {
    let p = corpus_program("constructs/RMW+fadd.rounding.litmus");
    let ir = llc::ir::emit(&p).unwrap();
    for want in [
        "atomicrmw fadd ptr addrspace(1) @amdmm_h, half 0xH3C00",
        "double 0x3FC999999999999A",
        "atomicrmw fsub ptr addrspace(1) @amdmm_f, float 0x4008000000000000",
        "!amdgpu.no.fine.grained.memory !2, !amdgpu.ignore.denormal.mode !2",
        "bitcast double %v2 to i64",
        "!2 = !{}",
    ] {
        assert!(ir.contains(want), "{want}:\n{ir}");
    }
    let Some(l) = live_llc() else { return };
    for (name, t, native) in [
        (
            "constructs/MP+rel-acq.agent.fadd-flag",
            "gfx942",
            Some("global_atomic_add_f32"),
        ),
        (
            "constructs/MP+rel-acq.agent.fadd-flag",
            "gfx1200",
            Some("global_atomic_add_f32"),
        ),
        (
            "constructs/RMW+fadd.lds.atomicity.samewg",
            "gfx1200",
            Some("ds_add_rtn_f32"),
        ),
        ("constructs/RMW+fadd.atomicity", "gfx900", None),
    ] {
        let p = corpus_program(&format!("{name}.litmus"));
        let target = Target::parse(t).unwrap();
        let ir = llc::ir::emit(&p).unwrap();
        let (asm_text, _) = l.compile(&ir, &target).unwrap();
        let Some(native) = native else {
            // llc's compare-and-swap loop, run as one (`llc_cas_loops_run_end_to_end`).
            let low = llc::from_asm(&p, &target, &asm_text).unwrap();
            let code: Vec<MInstr> = low.threads[0].ops[0].code.iter().map(|c| c.instr).collect();
            assert!(llc::cas_loop_shape(&code).is_some(), "{name} {t}: {code:?}");
            let hw = explore_with(
                &p,
                &target,
                &HwOptions::default(),
                &CodeSource::Llc(l.clone()),
            )
            .unwrap_or_else(|e| panic!("{name} {t}: {e}"));
            let model = amdmm_explore::explore(&p, &amdmm_explore::Options::default());
            assert!(compare(hw, &model).forbidden.is_empty(), "{name} {t}");
            continue;
        };
        let low = llc::from_asm(&p, &target, &asm_text).unwrap();
        let mems: Vec<String> = low
            .threads
            .iter()
            .flat_map(|th| th.ops.iter())
            .flat_map(|o| o.code.iter())
            .filter(|c| matches!(c.instr, MInstr::Mem(_)))
            .map(|c| c.instr.to_string())
            .collect();
        if l.major == 22 {
            assert!(
                mems.iter().any(|m| m.starts_with(native)),
                "{name} {t}: {mems:?}"
            );
        }
        let model = amdmm_explore::explore(&p, &amdmm_explore::Options::default());
        let hw = explore_with(
            &p,
            &target,
            &HwOptions::default(),
            &CodeSource::Llc(l.clone()),
        )
        .unwrap_or_else(|e| panic!("{name} {t}: {e}"));
        let v = compare(hw, &model);
        assert!(v.forbidden.is_empty(), "{name} {t}: {:?}", v.forbidden);
    }
}

/// llc-22's code for two float tests, checked in (no llc needed): gfx942's
/// release `fadd` on the flag is `buffer_wbl2 sc1`, `s_waitcnt vmcnt(0)
/// lgkmcnt(0)`, `global_atomic_add_f32` (the tables' release-RMW row with
/// the native float instruction), gfx1200's LDS `fadd` is `ds_add_rtn_f32`.
/// Each native instruction is read as the RMW operation's one access, with
/// the tables' spelling; the hardware model runs the code with no outcome
/// the memory model forbids, and without the wait before gfx942's RMW the
/// flag can be seen before the data: the model finds the forbidden outcome,
/// so the compiler's release code is what orders the test.
#[test]
fn float_fixtures_run_on_the_machine() {
    for (name, t, native, unwaited) in [
        (
            "constructs/MP+rel-acq.agent.fadd-flag",
            "gfx942",
            "global_atomic_add_f32",
            Some("s_waitcnt vmcnt(0) lgkmcnt(0)\n\tglobal_atomic_add_f32"),
        ),
        (
            "constructs/RMW+fadd.lds.atomicity.samewg",
            "gfx1200",
            "ds_add_rtn_f32",
            None,
        ),
    ] {
        let p = corpus_program(&format!("{name}.litmus"));
        let model = amdmm_explore::explore(&p, &amdmm_explore::Options::default());
        let target = Target::parse(t).unwrap();
        let asm_text = corpus_fixture(name, t);
        let l = llc::from_asm(&p, &target, &asm_text).unwrap();
        assert!(llc::unattributable(&p, &l).is_empty(), "{name} {t}");
        let k = p.threads[0]
            .code
            .iter()
            .position(|i| matches!(i, amdmm_program::Instr::Rmw { .. }))
            .unwrap();
        let rmw: Vec<String> = l.threads[0]
            .ops
            .iter()
            .filter(|o| o.index == k)
            .flat_map(|o| o.code.iter())
            .filter(|c| matches!(c.instr, MInstr::Mem(_)))
            .map(|c| c.instr.to_string())
            .collect();
        assert_eq!(rmw.len(), 1, "{name} {t}: {rmw:?}");
        assert!(rmw[0].starts_with(native), "{name} {t}: {rmw:?}");
        let hw = amdmm_hw::machine::explore_lowered(&p, l, &HwOptions::default())
            .unwrap_or_else(|e| panic!("{name} {t}: {e}"));
        let v = compare(hw, &model);
        assert!(v.forbidden.is_empty(), "{name} {t}: {:?}", v.forbidden);
        if let Some(wait) = unwaited {
            assert!(asm_text.contains(wait), "{name} {t}");
            let cut = asm_text.replacen(wait, native, 1);
            let l = llc::from_asm(&p, &target, &cut).unwrap();
            let hw = amdmm_hw::machine::explore_lowered(&p, l, &HwOptions::default()).unwrap();
            let v = compare(hw, &model);
            assert!(
                !v.forbidden.is_empty(),
                "{name} {t}: the RMW no longer waits for the data store, yet nothing is forbidden"
            );
        }
    }
    // A float atomic the model does not know is an error naming it.
    let p = corpus_program("constructs/RMW+fadd.lds.atomicity.samewg.litmus");
    let t = Target::parse("gfx1200").unwrap();
    let bad = corpus_fixture("constructs/RMW+fadd.lds.atomicity.samewg", "gfx1200")
        .replace("ds_add_rtn_f32", "ds_pk_add_rtn_f16");
    let e = llc::from_asm(&p, &t, &bad).unwrap_err().to_string();
    assert!(e.contains("ds_pk_add_rtn_f16"), "{e}");
}

/// Batches (docs/llc.md, "Batches"; issue 26 item 4): tests compiled
/// together in one llc run give each test the assembly of a run on it
/// alone, line for line up to the module's trailer (data and metadata,
/// which the reader does not read), at -O0 and -O2, on a test with a
/// loop, one with LDS and a barrier, one with a compare-and-swap loop and
/// one with metadata (`amdgcn-av`); the batch's entries are marked, and
/// `compile_full` (for `amdmm compile`) does not take them.
#[test]
fn live_llc_batches_give_each_test_its_own_code() {
    let Some(base) = live_llc() else { return };
    let names = [
        "MP+rel-acq.workgroup.lds.litmus",
        "barrier/MP+fence-sbarrier-fence.wavefront.litmus",
        "constructs/RMW+nand.litmus",
        "MP+rel-acq.agent.av-none-acq.litmus",
        "SB+sc.litmus",
        "IRIW+sc.litmus",
        // Last: its loop's labels are renumbered from two digits.
        "Loop+spin.cutoff.litmus",
    ];
    let progs: Vec<_> = names
        .iter()
        .filter(|n| {
            PathBuf::from(env!("CARGO_MANIFEST_DIR"))
                .join("../../litmus")
                .join(n)
                .exists()
        })
        .map(|n| corpus_program(n))
        .collect();
    assert_eq!(progs.len(), names.len(), "corpus tests moved");
    for opt in [0u8, 2] {
        for t in ["gfx942", "gfx1200"] {
            let t = Target::parse(t).unwrap();
            let dir = std::env::temp_dir().join(format!(
                "amdmm-batch-test-{}-{opt}-{}",
                std::process::id(),
                t.processor
            ));
            let _ = std::fs::remove_dir_all(&dir);
            let batched = llc::Llc {
                opt_level: opt,
                cache: Some(dir.clone()),
                ..base.clone()
            };
            let refs: Vec<&amdmm_program::Program> = progs.iter().collect();
            let stats = llc::prefetch(&refs, &t, &batched, 32);
            assert_eq!(stats.runs, 1, "{t} -O{opt}: one llc run for the batch");
            assert_eq!(stats.compiled, progs.len());
            let alone = llc::Llc {
                opt_level: opt,
                cache: None,
                ..base.clone()
            };
            for p in &progs {
                let ir = llc::module_for(p, &t).unwrap();
                let (from_batch, hit) = batched.compile(&ir, &t).unwrap();
                assert!(hit, "{} {t}: the batch stored it", p.name);
                assert!(llc::batch::is_batch_entry(&from_batch));
                let (own, _) = alone.compile(&ir, &t).unwrap();
                let own_kernels: Vec<&str> = own
                    .lines()
                    .take_while(|l| !l.starts_with("\t.p2alignl"))
                    .collect();
                let batch_kernels: Vec<&str> = from_batch
                    .lines()
                    .filter(|l| *l != llc::batch::BATCH_MARK)
                    .collect();
                assert_eq!(batch_kernels, own_kernels, "{} {t} -O{opt}", p.name);
                // `amdmm compile` prints the whole output, not the entry.
                let (full, hit) = batched.compile_full(&ir, &t).unwrap();
                assert!(!hit && full == own, "{} {t}", p.name);
            }
            let _ = std::fs::remove_dir_all(&dir);
        }
    }
}

/// llc-22's named barrier instructions take their barrier in M0: the
/// reader follows the constants llc moves there, at -O2 directly
/// (`s_mov_b32 m0, 0x20001`: barrier 1 in bits [4:0], count 2 above) and
/// at -O0 through SGPRs; an M0 it cannot follow is an error, not a guess.
#[test]
fn named_barrier_ids_are_read_from_m0() {
    let o2 = "k:\n\ts_mov_b32 m0, 0x20001\n\t; amdmm op 0\n\ts_barrier_signal m0 \n\ts_mov_b32 m0, 1\n\t; amdmm op 1\n\ts_barrier_join m0 \n\t; amdmm end\n\ts_endpgm\n";
    let ops = asm::read_kernel(o2, "k", amdmm_hw::isa::Dialect::Gfx12).unwrap();
    assert_eq!(ops[0].code, vec![MInstr::SBarrierSignal(1)]);
    assert_eq!(ops[1].code, vec![MInstr::SBarrierJoin(1)]);
    let o0 = "k:\n\t; amdmm op 0\n\ts_mov_b32 s0, 0x80201\n\ts_and_b32 s1, s0, 63\n\ts_mov_b32 s0, 0x20000\n\ts_or_b32 s0, s0, s1\n\ts_mov_b32 m0, s0\n\ts_barrier_init m0 \n\t; amdmm end\n\ts_endpgm\n";
    let ops = asm::read_kernel(o0, "k", amdmm_hw::isa::Dialect::Gfx12).unwrap();
    assert_eq!(ops[0].code, vec![MInstr::SBarrierInit(1)]);
    let unknown =
        "k:\n\t; amdmm op 0\n\ts_mov_b32 m0, s7\n\ts_barrier_join m0 \n\t; amdmm end\n\ts_endpgm\n";
    let e = asm::read_kernel(unknown, "k", amdmm_hw::isa::Dialect::Gfx12)
        .unwrap_err()
        .to_string();
    assert!(e.contains("M0 does not hold a constant"), "{e}");
}

/// The instructions the reader learnt for issue 26 (docs/llc.md, "How
/// operations are attributed"), each in every spelling llc-22 and the
/// assembler use: `uinc_wrap` / `udec_wrap` as `global_atomic_inc` /
/// `_dec` (GFX6-GFX11, `_x2` for 64 bits; GFX12 `_u32` / `_u64`), GFX12's
/// `usub_cond` / `usub_sat` as `global_atomic_cond_sub_u32` /
/// `_sub_clamp_u32`, and the `d16` loads and stores (GFX11+
/// `global_load_d16_b16`, `_d16_u8`, `_d16_hi_b16`; GFX9 `_short_d16`,
/// `_ubyte_d16_hi`; `global_store_d16_hi_b16`, `_byte_d16_hi`), read as the
/// access of their width (which register half they use is register
/// arithmetic, not memory).
#[test]
fn reader_knows_inc_dec_cond_sub_and_d16() {
    use amdmm_hw::isa::Dialect;
    for (code, d, kind, bits, ret) in [
        (
            "global_atomic_inc v0, v1, s[0:1] sc0",
            Dialect::Gfx942,
            MemKind::Atomic("inc"),
            32,
            true,
        ),
        (
            "global_atomic_dec v0, v1, s[0:1]",
            Dialect::Gfx942,
            MemKind::Atomic("dec"),
            32,
            false,
        ),
        (
            "global_atomic_inc_x2 v[0:1], v2, v[3:4], s[0:1] glc",
            Dialect::Gfx9,
            MemKind::Atomic("inc"),
            64,
            true,
        ),
        (
            "flat_atomic_dec_x2 v[0:1], v[2:3]",
            Dialect::Gfx9,
            MemKind::Atomic("dec"),
            64,
            false,
        ),
        (
            "buffer_atomic_inc v1, off, s[0:3], 0 glc",
            Dialect::Gfx6,
            MemKind::Atomic("inc"),
            32,
            true,
        ),
        (
            "global_atomic_inc_u32 v0, v1, v2, s[0:1] th:TH_ATOMIC_RETURN scope:SCOPE_DEV",
            Dialect::Gfx12,
            MemKind::Atomic("inc"),
            32,
            true,
        ),
        (
            "global_atomic_dec_u64 v[0:1], v2, s[0:1] scope:SCOPE_SYS",
            Dialect::Gfx12,
            MemKind::Atomic("dec"),
            64,
            false,
        ),
        (
            "global_atomic_cond_sub_u32 v0, v1, v2, s[0:1] th:TH_ATOMIC_RETURN",
            Dialect::Gfx12,
            MemKind::Atomic("cond_sub"),
            32,
            true,
        ),
        (
            "global_atomic_sub_clamp_u32 v0, v1, s[0:1]",
            Dialect::Gfx12,
            MemKind::Atomic("sub_clamp"),
            32,
            false,
        ),
        (
            "global_load_d16_b16 v0, v1, s[0:1]",
            Dialect::Gfx11,
            MemKind::Load,
            16,
            false,
        ),
        (
            "global_load_d16_u8 v0, v1, s[0:1]",
            Dialect::Gfx11,
            MemKind::Load,
            8,
            false,
        ),
        (
            "global_load_d16_hi_b16 v0, v1, s[0:1]",
            Dialect::Gfx11,
            MemKind::Load,
            16,
            false,
        ),
        (
            "global_load_short_d16 v0, v1, s[0:1]",
            Dialect::Gfx9,
            MemKind::Load,
            16,
            false,
        ),
        (
            "global_load_ubyte_d16_hi v0, v1, s[0:1]",
            Dialect::Gfx9,
            MemKind::Load,
            8,
            false,
        ),
        (
            "buffer_load_sbyte_d16 v0, off, s[0:3], 0",
            Dialect::Gfx9,
            MemKind::Load,
            8,
            false,
        ),
        (
            "global_store_d16_hi_b16 v0, v1, s[0:1]",
            Dialect::Gfx11,
            MemKind::Store,
            16,
            false,
        ),
        (
            "global_store_byte_d16_hi v0, v1, s[0:1]",
            Dialect::Gfx9,
            MemKind::Store,
            8,
            false,
        ),
        (
            "global_store_short_d16_hi v0, v1, s[0:1]",
            Dialect::Gfx9,
            MemKind::Store,
            16,
            false,
        ),
    ] {
        match asm::instruction(code, d) {
            Ok(Some(MInstr::Mem(m))) => {
                assert!(
                    m.kind == kind && m.bits == bits && m.ret == ret,
                    "{code}: {m:?}"
                );
                // The atomics print back as the assembler spells them (the
                // tables' `lower` output uses the same spelling).
                let mn = code.split_whitespace().next().unwrap();
                if matches!(kind, MemKind::Atomic(_)) {
                    assert_eq!(m.mnemonic(), mn, "{code}");
                }
            }
            other => panic!("{code}: {other:?}"),
        }
    }
    // LDS `inc` / `dec` are `ds_inc_u32` / `ds_dec_rtn_u32` on every
    // generation.
    for (code, d) in [
        ("ds_inc_u32 v0, v1", Dialect::Gfx9),
        ("ds_dec_rtn_u32 v0, v1, v2", Dialect::Gfx12),
    ] {
        match asm::instruction(code, d) {
            Ok(Some(MInstr::Mem(m))) => {
                assert_eq!(m.mnemonic(), code.split_whitespace().next().unwrap())
            }
            other => panic!("{code}: {other:?}"),
        }
    }
    // Still errors naming them: an atomic stem the model lacks, a `d16`
    // form of one.
    for bad in [
        "global_atomic_csub v0, v1, s[0:1]",
        "global_load_d16_x3 v0, v1, s[0:1]",
    ] {
        let e = asm::instruction(bad, Dialect::Gfx11).unwrap_err();
        assert!(e.contains(bad.split_whitespace().next().unwrap()), "{e}");
    }
}

/// llc-22's -O0 code for the corpus tests the reader used to skip
/// (checked-in fixtures, no llc needed): `RMW+inc-dec` on gfx942
/// (`global_atomic_inc` / `_dec`) and gfx1200 (`_inc_u32` / `_dec_u32`),
/// `RMW+usub` on gfx1200 (`global_atomic_cond_sub_u32`,
/// `_sub_clamp_u32`), `Width+init-i16.truncated` on gfx1100
/// (`global_load_d16_b16`). Each RMW is one atomic of its operation's
/// stem, each load one of its width; the hardware model runs the code and
/// its outcomes are exactly the memory model's (each test has one outcome,
/// LangRef's values: `forall`).
#[test]
fn inc_dec_cond_sub_and_d16_fixtures_run_on_the_machine() {
    for (name, t, want) in [
        (
            "constructs/RMW+inc-dec",
            "gfx942",
            ["global_atomic_inc", "global_atomic_dec"],
        ),
        (
            "constructs/RMW+inc-dec",
            "gfx1200",
            ["global_atomic_inc_u32", "global_atomic_dec_u32"],
        ),
        (
            "constructs/RMW+usub",
            "gfx1200",
            ["global_atomic_cond_sub_u32", "global_atomic_sub_clamp_u32"],
        ),
        (
            "constructs/Width+init-i16.truncated",
            "gfx1100",
            ["global_load_u16", "global_load_u16"],
        ),
    ] {
        let p = corpus_program(&format!("{name}.litmus"));
        let model = amdmm_explore::explore(&p, &amdmm_explore::Options::default());
        let target = Target::parse(t).unwrap();
        let asm_text = corpus_fixture(name, t);
        let l = llc::from_asm(&p, &target, &asm_text).unwrap_or_else(|e| panic!("{name} {t}: {e}"));
        assert!(llc::unattributable(&p, &l).is_empty(), "{name} {t}");
        let mems: Vec<String> = l.threads[0]
            .ops
            .iter()
            .flat_map(|o| o.code.iter())
            .filter(|c| matches!(c.instr, MInstr::Mem(_)))
            .map(|c| c.instr.to_string())
            .collect();
        for w in want {
            assert!(
                mems.iter().any(|m| m.starts_with(w)),
                "{name} {t}: {w} not in {mems:?}"
            );
        }
        let hw = amdmm_hw::machine::explore_lowered(&p, l, &HwOptions::default())
            .unwrap_or_else(|e| panic!("{name} {t}: {e}"));
        let v = compare(hw, &model);
        assert!(v.forbidden.is_empty(), "{name} {t}: {:?}", v.forbidden);
        assert_eq!(v.hw.outcome.states.len(), 1, "{name} {t}");
    }
}

/// AtomicExpand's partword compare-and-swap loop (docs/llc.md, "Partword
/// compare-and-swap loops"): llc-22 expands `cmpxchg i8` of
/// `Width+store-i8.sign` into a load of the containing word and a loop of
/// several blocks around a 32-bit `cmpswap` (`partword.cmpxchg.loop`,
/// `.failure`), at -O0 on gfx942, gfx1100 (whose i8 load is
/// `global_load_d16_u8`) and gfx1200, and at -O2 on gfx942 (checked-in
/// fixtures). It is attributed to the cmpxchg (a note says so), and the
/// hardware model runs the load and the compare-and-swap with the
/// operation's values: the test's one outcome (200 read back as -56, the
/// cmpxchg succeeds, x = -1). Without the `cmpswap` the operation is
/// refused, and the same code for a 32-bit cmpxchg is not this shape.
#[test]
fn partword_cmpxchg_loops_run_on_the_machine() {
    let name = "constructs/Width+store-i8.sign";
    let p = corpus_program(&format!("{name}.litmus"));
    let model = amdmm_explore::explore(&p, &amdmm_explore::Options::default());
    let k = p.threads[0]
        .code
        .iter()
        .position(|i| matches!(i, amdmm_program::Instr::CmpXchg { .. }))
        .unwrap();
    for t in ["gfx942", "gfx1100", "gfx1200", "gfx942.O2"] {
        let target = Target::parse(t.trim_end_matches(".O2")).unwrap();
        let asm_text = corpus_fixture(name, t);
        assert!(asm_text.contains("partword.cmpxchg"), "{t}");
        let l = llc::from_asm(&p, &target, &asm_text).unwrap_or_else(|e| panic!("{t}: {e}"));
        assert!(llc::unattributable(&p, &l).is_empty(), "{t}");
        let op = l.threads[0].ops.iter().find(|o| o.index == k).unwrap();
        let code: Vec<MInstr> = op.code.iter().map(|c| c.instr).collect();
        let mems = llc::partword_cas_shape(&code, 8).unwrap_or_else(|| panic!("{t}: {code:?}"));
        assert_eq!(mems.last().unwrap().kind, MemKind::CmpSwap, "{t}");
        assert!(llc::partword_cas_shape(&code, 32).is_none(), "{t}");
        let note = op.note.clone().unwrap_or_default();
        assert!(note.contains("partword"), "{t}: {note}");
        let hw = amdmm_hw::machine::explore_lowered(&p, l, &HwOptions::default())
            .unwrap_or_else(|e| panic!("{t}: {e}"));
        let v = compare(hw, &model);
        assert!(v.forbidden.is_empty(), "{t}: {:?}", v.forbidden);
        let states: Vec<Vec<String>> =
            v.hw.outcome
                .states
                .iter()
                .map(|s| s.values.iter().map(|v| v.to_string()).collect())
                .collect();
        assert_eq!(states.len(), 1, "{t}: {states:?}");
        // Without its compare-and-swap the code is the word's load alone:
        // refused, naming it.
        let cas_line = asm_text
            .lines()
            .find(|l| l.contains("atomic_cmpswap"))
            .unwrap();
        let cut = asm_text.replacen(cas_line, "", 1);
        let l = llc::from_asm(&p, &target, &cut).unwrap();
        let bad = llc::unattributable(&p, &l);
        assert!(
            bad.iter()
                .any(|b| b.contains("which is not the access's kind")),
            "{t}: {bad:?}"
        );
    }
}

/// Why `-O2` / `-O3` remove and merge no access (docs/llc.md, "Every
/// level, end to end"): the markers around each operation are side-effecting
/// inline asm, which LLVM must assume reads and writes memory, so neither
/// load forwarding nor dead-store elimination crosses one. Two plain loads
/// of one location, then a plain store, load and store of another (each a
/// candidate for GVN or DSE without the markers) stay five accesses, one
/// per operation of its kind, at -O2 and -O3 on three generations, and the
/// hardware model runs them with no outcome the memory model forbids.
#[test]
fn live_llc_keeps_every_access_at_o2_and_o3() {
    let Some(l) = live_llc() else { return };
    let src = "AMDGPU keep\n{ global x = 0; global y = 0; }\n\
               thread P0 @ wg 0 {\n  %r0 = load i32, ptr @x\n  %r1 = load i32, ptr @x\n  \
               store i32 1, ptr @y\n  %r2 = load i32, ptr @y\n  store i32 2, ptr @y\n}\n\
               thread P1 @ wg 1 {\n  store i32 1, ptr @x\n}\n\
               exists (P0:%r0 == 1 /\\ P0:%r1 == 0)\n";
    let p = amdmm_program::load(src).unwrap();
    let model = amdmm_explore::explore(&p, &amdmm_explore::Options::default());
    for opt in [2, 3] {
        let l = llc::Llc {
            opt_level: opt,
            ..l.clone()
        };
        for t in ["gfx900", "gfx942", "gfx1200"] {
            let t = Target::parse(t).unwrap();
            let code = llc::lowered(&p, &t, &l).unwrap_or_else(|e| panic!("-O{opt} {t}: {e}"));
            assert!(llc::unattributable(&p, &code).is_empty(), "-O{opt} {t}");
            for (k, i) in p.threads[0].code.iter().enumerate() {
                let kind = match i {
                    amdmm_program::Instr::Load { .. } => MemKind::Load,
                    amdmm_program::Instr::Store { .. } => MemKind::Store,
                    _ => continue,
                };
                let mems: Vec<MemKind> = code.threads[0]
                    .ops
                    .iter()
                    .filter(|o| o.index == k)
                    .flat_map(|o| o.code.iter())
                    .filter_map(|c| match c.instr {
                        MInstr::Mem(m) => Some(m.kind),
                        _ => None,
                    })
                    .collect();
                assert_eq!(mems, [kind], "-O{opt} {t} operation {k}");
            }
            let hw = explore_with(&p, &t, &HwOptions::default(), &CodeSource::Llc(l.clone()))
                .unwrap_or_else(|e| panic!("-O{opt} {t}: {e}"));
            let v = compare(hw, &model);
            assert!(v.forbidden.is_empty(), "-O{opt} {t}: {:?}", v.forbidden);
        }
    }
}

/// Narrow atomics under contention, compiled by llc (docs/llc.md,
/// "Compare-and-swap loops" and "Partword compare-and-swap loops"):
/// litmus/constructs/RMW+cmpxchg-i16.contended (two `cmpxchg i16` from
/// two work-groups, AtomicExpand's partword loop) and
/// RMW+add-i8.atomicity (two `atomicrmw add i8`, its masked loop of one
/// block) at -O0 and -O2: every hardware outcome is one the memory model
/// allows (exactly one cmpxchg succeeds; the adds wrap to 44), and both
/// orders occur, so the two threads' loops really interleave.
#[test]
fn live_llc_narrow_atomics_stay_atomic() {
    let Some(l) = live_llc() else { return };
    for name in [
        "constructs/RMW+cmpxchg-i16.contended",
        "constructs/RMW+add-i8.atomicity",
    ] {
        let p = corpus_program(&format!("{name}.litmus"));
        let model = amdmm_explore::explore(&p, &amdmm_explore::Options::default());
        for opt in [0, 2] {
            let l = llc::Llc {
                opt_level: opt,
                ..l.clone()
            };
            for t in ["gfx600", "gfx942", "gfx1100", "gfx1200"] {
                let t = Target::parse(t).unwrap();
                let hw = explore_with(&p, &t, &HwOptions::default(), &CodeSource::Llc(l.clone()))
                    .unwrap_or_else(|e| panic!("{name} -O{opt} {t}: {e}"));
                let v = compare(hw, &model);
                assert!(
                    v.forbidden.is_empty(),
                    "{name} -O{opt} {t}: {:?}",
                    v.forbidden
                );
                assert_eq!(v.hw.outcome.states.len(), 2, "{name} -O{opt} {t}");
            }
        }
    }
}

/// 64-bit `uinc_wrap` / `udec_wrap` in llc-22's -O0 code (checked-in
/// fixtures of `fixtures/llc/inc-dec.i64.litmus`, no llc needed):
/// gfx942's `global_atomic_inc_x2` / `_dec_x2` and gfx1200's
/// `global_atomic_inc_u64` / `_dec_u64` are read as 64-bit `inc` / `dec`
/// with return, and gfx900's compare-and-swap loops (llc expands the
/// operations there) as loops; the hardware model gives the test's one
/// outcome (LangRef's values beyond 32 bits).
#[test]
fn inc_dec_64_bit_fixtures_run_on_the_machine() {
    let src = std::fs::read_to_string(fixtures().join("inc-dec.i64.litmus")).unwrap();
    let p = amdmm_program::load(&src).unwrap();
    let model = amdmm_explore::explore(&p, &amdmm_explore::Options::default());
    for (t, want) in [
        ("gfx900", None),
        (
            "gfx942",
            Some(["global_atomic_inc_x2", "global_atomic_dec_x2"]),
        ),
        (
            "gfx1200",
            Some(["global_atomic_inc_u64", "global_atomic_dec_u64"]),
        ),
    ] {
        let target = Target::parse(t).unwrap();
        let asm_text =
            std::fs::read_to_string(fixtures().join(format!("inc-dec.i64.{t}.s"))).unwrap();
        let l = llc::from_asm(&p, &target, &asm_text).unwrap_or_else(|e| panic!("{t}: {e}"));
        assert!(llc::unattributable(&p, &l).is_empty(), "{t}");
        for (k, op) in l.threads[0].ops.iter().enumerate() {
            let code: Vec<MInstr> = op.code.iter().map(|c| c.instr).collect();
            match want {
                Some(names) => {
                    let mems: Vec<_> = code
                        .iter()
                        .filter_map(|i| match i {
                            MInstr::Mem(m) => Some(*m),
                            _ => None,
                        })
                        .collect();
                    assert_eq!(mems.len(), 1, "{t}: {mems:?}");
                    assert_eq!(mems[0].mnemonic(), names[k], "{t}");
                    assert!(mems[0].bits == 64 && mems[0].ret, "{t}: {:?}", mems[0]);
                }
                None => assert!(llc::cas_loop_shape(&code).is_some(), "{t}: {code:?}"),
            }
        }
        let hw = amdmm_hw::machine::explore_lowered(&p, l, &HwOptions::default())
            .unwrap_or_else(|e| panic!("{t}: {e}"));
        let v = compare(hw, &model);
        assert!(v.forbidden.is_empty(), "{t}: {:?}", v.forbidden);
        assert_eq!(v.hw.outcome.states.len(), 1, "{t}");
    }
}

/// `s.barrier.signal.isfirst` writes its flag register like any other
/// definition (`amdmm_program::Instr::writes`; the s_barrier GFX12 table:
/// "s_barrier_signal_isfirst sets SCC=1 if this wave is the first to signal
/// the barrier"): in a thread with branches the flag reaches the blocks
/// after the branch through a phi, and the output buffer gets the flag,
/// not `undef`.
#[test]
fn the_isfirst_flag_flows_through_phis() {
    let text = "AMDGPU Split+isfirst+branch\n\
\"The isfirst flag read after a branch.\"\n\
{\n  global x = 0;\n}\n\n\
thread P0 @ wg 0, wave 0 {\n\
  %f0 = call i1 @llvm.amdgcn.s.barrier.signal.isfirst(i32 -1)\n\
  call void @llvm.amdgcn.s.barrier.wait(i16 -1)\n\
  br i1 %f0, label %then0, label %done0\n\
then0:\n\
  store atomic i32 1, ptr @x monotonic, align 4\n\
  br label %done0\n\
done0:\n\
  %z0 = add i32 0, 0\n\
}\n\n\
thread P1 @ wg 0, wave 1 {\n\
  %f1 = call i1 @llvm.amdgcn.s.barrier.signal.isfirst(i32 -1)\n\
  call void @llvm.amdgcn.s.barrier.wait(i16 -1)\n\
}\n\n\
exists (P0:%f0 == 1)\n";
    let p = amdmm_program::load(text).unwrap();
    let ir = llc::ir::emit(&p).unwrap();
    let p0 = ir
        .split("define amdgpu_kernel void @amdmm_t0_P0")
        .nth(1)
        .unwrap()
        .split("\n}")
        .next()
        .unwrap();
    let def = |needle: &str| {
        p0.lines()
            .find(|l| l.contains(needle))
            .and_then(|l| l.trim().split(" = ").next())
            .unwrap_or_else(|| panic!("no `{needle}`: {p0}"))
            .to_string()
    };
    let flag = def("= call i1 @llvm.amdgcn.s.barrier.signal.isfirst");
    let wide = def(&format!("= zext i1 {flag} to i64"));
    assert!(
        p0.lines()
            .any(|l| l.contains(" = phi i64 ") && l.contains(&format!("[ {wide}, %B0 ]"))),
        "no phi takes the flag: {p0}"
    );
    let stored = p0
        .lines()
        .find(|l| l.contains("ptr addrspace(1) %out0,"))
        .unwrap_or_else(|| panic!("P0:%f0 is not stored: {p0}"));
    assert!(!stored.contains("undef"), "{stored}");
}
