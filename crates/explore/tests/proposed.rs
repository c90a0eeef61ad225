//! Specification finding S1 (docs/findings.md, "Specification findings") and
//! the `proposed` model's change for it (docs/semantics.md, "The `proposed`
//! model").
//!
//! memory-model.txt, "Location Order": two relaxed RMWs of one location are
//! not location-ordered before each other (no availability operation on one
//! happens-before the other), both are location-ordered before a later plain
//! read, so the read "may see" both and "Otherwise, `R` returns `undef`".
//! The seed and upstream models give `undef` (a race); `--model proposed`
//! lets such a read return one of the atomic writes, which coherence picks.

use amdmm_explore::{explore, ModelKind, Options};
use amdmm_program::Observation;

fn run(src: &str, model: ModelKind) -> (Option<Observation>, bool) {
    let p = amdmm_program::load(src).unwrap();
    let out = explore(
        &p,
        &Options {
            model,
            ..Options::default()
        },
    );
    (out.observation, out.flags.race)
}

const SYNC: &str = "  fence syncscope(\"workgroup\") release
  call void @llvm.amdgcn.s.barrier()
  fence syncscope(\"workgroup\") acquire";

/// The counter idiom of issue #31 with the given RMW ordering and final
/// load, asking `cond`.
fn counter(ordering: &str, load: &str, cond: &str) -> String {
    format!(
        "AMDGPU Counter
{{ global x = 0; }}
thread P0 @ wg 0, wave 0 {{
  %a = atomicrmw add ptr @x, i32 1 syncscope(\"workgroup\") {ordering}
{SYNC}
  %r = {load}
}}
thread P1 @ wg 0, wave 1 {{
  %b = atomicrmw add ptr @x, i32 1 syncscope(\"workgroup\") {ordering}
{SYNC}
}}
{cond}
"
    )
}

const PLAIN: &str = "load i32, ptr @x";
const ATOMIC: &str = "load atomic i32, ptr @x syncscope(\"workgroup\") monotonic, align 4";

/// The texts' reading (docs/semantics.md, "Two relaxed RMWs, a barrier and a
/// plain read"): undef in every execution, with the race flag, under the
/// seed and the upstream rules alike.
#[test]
fn counter_idiom_reads_undef_under_the_texts() {
    let src = counter("monotonic", PLAIN, "forall (P0:%r == undef)");
    for model in [ModelKind::Seed, ModelKind::Upstream] {
        assert_eq!(
            run(&src, model),
            (Some(Observation::Always), true),
            "{model:?}"
        );
    }
}

/// `--model proposed`: the read returns 2, the last value in modification
/// order (RMW atomicity orders the RMWs; write-read coherence picks the
/// last), and nothing races.
#[test]
fn counter_idiom_reads_two_under_proposed() {
    let src = counter("monotonic", PLAIN, "forall (P0:%r == 2)");
    assert_eq!(
        run(&src, ModelKind::Proposed),
        (Some(Observation::Always), false)
    );
}

/// The controls the issue names: an atomic final load ("contains only atomic
/// operations with inclusive scopes") or acq_rel RMWs (the first
/// synchronizes-with the second, so it is location-ordered before it) give 2
/// under every model.
#[test]
fn controls_read_two_under_every_model() {
    for src in [
        counter("monotonic", ATOMIC, "forall (P0:%r == 2)"),
        counter("acq_rel", PLAIN, "forall (P0:%r == 2)"),
    ] {
        for model in [ModelKind::Seed, ModelKind::Upstream, ModelKind::Proposed] {
            assert_eq!(
                run(&src, model),
                (Some(Observation::Always), false),
                "{model:?}\n{src}"
            );
        }
    }
}

/// Two atomic stores of different values: under `proposed` the read returns
/// either (whichever is last in the modification order), never undef; under
/// the seed always undef.
#[test]
fn proposed_returns_either_store_never_undef() {
    let src = |cond: &str| {
        format!(
            "AMDGPU Stores
{{ global x = 0; }}
thread P0 @ wg 0, wave 0 {{
  store atomic i32 1, ptr @x syncscope(\"workgroup\") monotonic, align 4
{SYNC}
  %r = load i32, ptr @x
}}
thread P1 @ wg 0, wave 1 {{
  store atomic i32 2, ptr @x syncscope(\"workgroup\") monotonic, align 4
{SYNC}
}}
{cond}
"
        )
    };
    let p = ModelKind::Proposed;
    assert_eq!(
        run(&src("exists (P0:%r == 1)"), p).0,
        Some(Observation::Sometimes)
    );
    assert_eq!(
        run(&src("exists (P0:%r == 2)"), p).0,
        Some(Observation::Sometimes)
    );
    assert_eq!(
        run(&src("exists (P0:%r == undef)"), p),
        (Some(Observation::Never), false)
    );
    assert_eq!(
        run(&src("forall (P0:%r == undef)"), ModelKind::Seed),
        (Some(Observation::Always), true)
    );
}

/// The change is only for atomics: a plain store and an atomic store, both
/// location-ordered before the read, still race under `proposed` (C++: the
/// plain store and the atomic store are a data race).
#[test]
fn proposed_keeps_plain_writes_racing() {
    let src = format!(
        "AMDGPU Mixed
{{ global x = 0; }}
thread P0 @ wg 0, wave 0 {{
  store i32 1, ptr @x
{SYNC}
  %r = load i32, ptr @x
}}
thread P1 @ wg 0, wave 1 {{
  store atomic i32 2, ptr @x syncscope(\"workgroup\") monotonic, align 4
{SYNC}
}}
forall (P0:%r == undef)
"
    );
    assert_eq!(
        run(&src, ModelKind::Proposed),
        (Some(Observation::Always), true)
    );
}

/// The change keeps the scope requirement: workgroup-scope RMWs in two
/// workgroups do not have inclusive scopes, so a read that may see both
/// still returns undef under `proposed`, even when agent-scope
/// release/acquire orders both before it.
#[test]
fn proposed_keeps_non_inclusive_scopes_racing() {
    let src = r#"AMDGPU Scopes
{ global x = 0; global f = 0; global g = 0; }
thread P0 @ wg 0 {
  %a = atomicrmw add ptr @x, i32 1 syncscope("workgroup") monotonic
  store atomic i32 1, ptr @f syncscope("agent") release, align 4
}
thread P1 @ wg 1 {
  %b = atomicrmw add ptr @x, i32 1 syncscope("workgroup") monotonic
  store atomic i32 1, ptr @g syncscope("agent") release, align 4
}
thread P2 @ wg 2 {
  %f = load atomic i32, ptr @f syncscope("agent") acquire, align 4
  %g = load atomic i32, ptr @g syncscope("agent") acquire, align 4
  %r = load i32, ptr @x
}
exists (P2:%f == 1 /\ P2:%g == 1 /\ P2:%r != undef)
"#;
    for model in [ModelKind::Seed, ModelKind::Proposed] {
        assert_eq!(
            run(src, model),
            (Some(Observation::Never), true),
            "{model:?}"
        );
    }
}
