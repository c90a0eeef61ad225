//! End-to-end observation of llc's code (docs/llc.md, "End-to-end
//! observation"): the hardware model runs a thread's whole machine code
//! and the observed registers are what the code stores to `%out`; the
//! outcome set is compared with the memory model's outcomes of the source
//! test. The fixtures are llc-22 output, some edited by hand to make what
//! per-operation attribution cannot follow (a merged access, a
//! compare-and-swap loop over two blocks) or to inject a wrong
//! instruction (a missing wait).

use amdmm_hw::llc::{self, whole};
use amdmm_hw::machine::{compare, explore_lowered, HwOptions, Verdict};
use amdmm_hw::Target;
use std::path::PathBuf;

/// The text of `DIR/NAME`, DIR relative to the crate.
fn read(dir: &str, name: &str) -> String {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join(dir)
        .join(name);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn fixture(name: &str) -> String {
    read("tests/fixtures/llc", name)
}

fn program(src: &str) -> amdmm_program::Program {
    amdmm_program::load(src).unwrap_or_else(|e| panic!("{e:?}"))
}

fn corpus(name: &str) -> amdmm_program::Program {
    program(&read("../../litmus", name))
}

/// llc's code for MP+rel-acq.agent on gfx942 without the acquire's
/// `s_waitcnt vmcnt(0)` and `buffer_inv sc1` in P1 (an injected fault:
/// the load of x may be performed before the load of the flag).
fn mp_without_the_acquire_wait() -> String {
    let asm = fixture("whole.MP+rel-acq.agent.gfx942.s");
    let faulty = asm.replacen(
        "\tglobal_load_dword v4, v0, s[2:3] sc1\n\ts_waitcnt vmcnt(0)\n\tbuffer_inv sc1\n",
        "\tglobal_load_dword v4, v0, s[2:3] sc1\n",
        1,
    );
    assert_ne!(
        faulty, asm,
        "the fixture has the acquire's wait and invalidate"
    );
    faulty
}

/// Why per-operation attribution refuses llc's code `asm` for `p` on
/// gfx942 (`llc::unattributable`).
fn unattributable(p: &amdmm_program::Program, asm: &str) -> Vec<String> {
    let t = Target::parse("gfx942").unwrap();
    let l = llc::from_asm(p, &t, asm).unwrap();
    llc::unattributable(p, &l)
}

/// The final states of a run, as `verify` prints them.
fn states(o: &amdmm_explore::Outcome) -> Vec<String> {
    let mut v: Vec<String> = o
        .states
        .iter()
        .map(|s| amdmm_hw::machine::render_state(o, s))
        .collect();
    v.sort();
    v
}

/// The end-to-end run of `asm` for `p` on `target` (no `ub`, deadlock or
/// cut-off loop) compared with the memory model's outcomes of `p`.
fn whole_verdict(
    p: &amdmm_program::Program,
    target: &str,
    asm: &str,
    model: &amdmm_explore::Outcome,
) -> Verdict {
    let t = Target::parse(target).unwrap();
    let (q, lowered) = whole::whole_program(p, &t, asm).unwrap_or_else(|e| panic!("{e}"));
    let hw = explore_lowered(&q, lowered, &HwOptions::default()).unwrap();
    let flags = &hw.outcome.flags;
    assert!(!flags.ub && !flags.deadlock && !flags.cutoff, "{flags:?}");
    compare(hw, model)
}

/// The memory model's outcomes and the end-to-end run's of `asm` for `p`
/// on `target`, with the forbidden ones.
fn run_whole(
    p: &amdmm_program::Program,
    target: &str,
    asm: &str,
) -> (Vec<String>, Vec<String>, Vec<String>) {
    let model = amdmm_explore::explore(p, &amdmm_explore::Options::default());
    let v = whole_verdict(p, target, asm, &model);
    let hw_states = states(&v.hw.outcome);
    let forbidden = v
        .forbidden
        .iter()
        .map(|(s, _)| amdmm_hw::machine::render_state(&v.hw.outcome, s))
        .collect();
    (states(&model), hw_states, forbidden)
}

/// Two monotonic loads of `y` merged into one by hand (the second
/// load's register copied from the first): per-operation attribution
/// refuses it (operation 1 has no memory instruction), the end-to-end run
/// reads both registers from the code's stores to `%out`. Both are the
/// one loaded value, so the outcomes are the memory model's two where
/// the loads agree (coherence allows them, memory-model.txt, "Location
/// Order"), and the one where they differ does not occur.
#[test]
fn a_merged_access_runs_end_to_end() {
    let p = program(&fixture("whole.CoRR+merged.litmus"));
    let asm = fixture("whole.CoRR+merged.gfx942.s");
    let bad = unattributable(&p, &asm);
    assert!(
        bad.iter().any(|b| b.contains("no memory instruction")),
        "{bad:?}"
    );
    let (model, hw, forbidden) = run_whole(&p, "gfx942", &asm);
    assert_eq!(
        model,
        [
            "P1:%r0=0; P1:%r1=0",
            "P1:%r0=0; P1:%r1=1",
            "P1:%r0=1; P1:%r1=1"
        ]
    );
    assert_eq!(hw, ["P1:%r0=0; P1:%r1=0", "P1:%r0=1; P1:%r1=1"]);
    assert!(forbidden.is_empty(), "{forbidden:?}");
}

/// A compare-and-swap loop over two blocks that loads x again on each
/// iteration (made by hand from P0's native add): per-operation
/// attribution refuses it ("a loop": its body has another access than the
/// compare-and-swap), the end-to-end run follows llc's branches and `exec`
/// mask, bounded by the loop bound, and gives exactly the memory model's
/// outcomes: the two adds read 0 and 1 in some order and x ends at 2
/// (atomicity of read-modify-writes).
#[test]
fn a_compare_and_swap_loop_of_two_blocks_runs_end_to_end() {
    let p = program(&fixture("whole.RMW+add.cas-loop.litmus"));
    let asm = fixture("whole.RMW+add.cas-loop.gfx942.s");
    let bad = unattributable(&p, &asm);
    assert!(bad.iter().any(|b| b.contains("a loop")), "{bad:?}");
    let (model, hw, forbidden) = run_whole(&p, "gfx942", &asm);
    assert_eq!(
        model,
        ["x=2; P0:%r0=0; P1:%r1=1", "x=2; P0:%r0=1; P1:%r1=0"]
    );
    assert_eq!(hw, model);
    assert!(forbidden.is_empty(), "{forbidden:?}");
}

/// llc's own code for MP+rel-acq.agent, run end to end, gives the memory
/// model's outcome set (the race's `undef` allows any value of x when the
/// flag reads 0); with the acquire's `s_waitcnt vmcnt(0)` and `buffer_inv
/// sc1` removed from P1 (an injected fault), the load of x may be
/// performed before the load of the flag, and the end-to-end run shows
/// the outcome the memory model forbids: the flag 1 and x 0.
#[test]
fn a_missing_wait_shows_a_forbidden_outcome_end_to_end() {
    let p = corpus("MP+rel-acq.agent.litmus");
    let asm = fixture("whole.MP+rel-acq.agent.gfx942.s");
    let (_, hw, forbidden) = run_whole(&p, "gfx942", &asm);
    assert!(forbidden.is_empty(), "{forbidden:?}");
    assert!(hw.contains(&"P1:%r0=1; P1:%r1=42".to_string()), "{hw:?}");
    assert!(hw.iter().any(|s| s.starts_with("P1:%r0=0")), "{hw:?}");
    let (_, _, forbidden) = run_whole(&p, "gfx942", &mp_without_the_acquire_wait());
    assert_eq!(forbidden, ["P1:%r0=1; P1:%r1=0"]);
}

/// What the end-to-end run does not interpret is refused naming the
/// instruction and its line, never skipped: an instruction it does not
/// know, and a source test with an `assume` (which the compiled code does
/// not keep).
#[test]
fn what_is_not_run_end_to_end_is_named() {
    let p = corpus("MP+rel-acq.agent.litmus");
    let asm = fixture("whole.MP+rel-acq.agent.gfx942.s").replacen(
        "\tv_mov_b32_e32 v1, 42\n",
        "\tv_bfrev_b32_e32 v1, 42\n",
        1,
    );
    let t = Target::parse("gfx942").unwrap();
    let e = whole::whole_program(&p, &t, &asm).unwrap_err();
    assert!(e.contains("`v_bfrev_b32_e32` is not run end to end"), "{e}");
    assert!(e.contains("llc output line"), "{e}");
    let assume = program(
        "AMDGPU A\n{ global x = 0; }\nthread P0 @ wg 0 {\n  %r0 = load i32, ptr @x\n  %c = icmp eq i32 %r0, 0\n  call void @llvm.assume(i1 %c)\n}\nexists (true)\n",
    );
    let e = whole::whole_program(&assume, &t, &asm).unwrap_err();
    assert!(e.contains("`assume` is not run end to end"), "{e}");
}

/// An instruction of llc's output short of an operand is refused naming
/// the thread, the output line, the instruction and the missing operand
/// (counted from 1), whether an ALU instruction or a memory access reads
/// it (the two readers share the operand fetch).
#[test]
fn a_missing_operand_is_named() {
    let p = program(&fixture("whole.CoRR+merged.litmus"));
    let asm = fixture("whole.CoRR+merged.gfx942.s");
    let t = Target::parse("gfx942").unwrap();
    for (line, short, missing) in [
        (125, "\tv_mov_b32_e32 v2", "operand 2 missing"),
        (120, "\tglobal_load_dword v4, v0", "operand 3 missing"),
    ] {
        let edited: Vec<&str> = asm
            .lines()
            .enumerate()
            .map(|(i, l)| if i + 1 == line { short } else { l })
            .collect();
        let e = whole::whole_program(&p, &t, &edited.join("\n"))
            .err()
            .unwrap_or_else(|| panic!("`{short}` was read"));
        let code = short.trim();
        assert!(
            e.contains(&format!("(llc output line {line}, `{code}`): {missing}")),
            "{e}"
        );
    }
}

/// An end-to-end FORBIDDEN trace prints the register arithmetic llc's code
/// does as a person reads it, in LLVM IR spelling with the machine's
/// registers (`$v1 = 42`, `$t24 = sub i64 $t23, 0x100000000000`), masks
/// and addresses in hexadecimal; never a Rust structure (`Bin { dst: ..`),
/// never cut short.
#[test]
fn an_end_to_end_trace_reads_as_assembly() {
    let p = corpus("MP+rel-acq.agent.litmus");
    let model = amdmm_explore::explore(&p, &amdmm_explore::Options::default());
    let v = whole_verdict(&p, "gfx942", &mp_without_the_acquire_wait(), &model);
    let (_, trace) = v.forbidden.first().expect("the missing wait's outcome");
    for step in [
        "P0: issue $v1 = 42",
        "P0: issue $t4 = and i64 $s0, 0xffffffff",
        "P0: issue $t14 = add i64 $t13, $scc",
        "P0: issue $t24 = sub i64 $t23, 0x100000000000",
        "P0: issue $t26 = and i32 $exec_lo, 1",
        "P0: issue global_store_dword x=42; L1 store x=42 (write-through, sent to L2)",
    ] {
        assert!(trace.iter().any(|l| l == step), "no `{step}` in {trace:#?}");
    }
    assert!(
        trace
            .iter()
            .all(|l| !l.contains(" { ") && !l.contains("Const(")),
        "{trace:#?}"
    );
}
