//! The value rules applied along the reads-from search (issue 12, "Scale
//! families"): a read that happens before the write it reads from, and two
//! reads breaking coherence, are pruned as soon as the happens-before edges
//! that order them are known, with the same verdict and fewer candidates.

use amdmm_explore::{explore, Options};
use amdmm_program::Observation;

/// Load buffering with a release/acquire pair on y only: when P1's acquire
/// reads P0's release store, P0's load of x happens before P1's store to x
/// (po; sw; po), so memory-model.txt "Location Order" ("If a read R
/// happens-before a write W3, then R may not see W3") forbids the load
/// reading that store.
const LB_REL_ACQ_Y: &str = r#"AMDGPU LB+po-rel+acq-po
"pruning test"

{
  global x = 0;
  global y = 0;
}

thread P0 @ wg 0 {
  %r0 = load atomic i32, ptr @x syncscope("agent") monotonic, align 4
  store atomic i32 1, ptr @y syncscope("agent") release, align 4
}

thread P1 @ wg 1 {
  %r1 = load atomic i32, ptr @y syncscope("agent") acquire, align 4
  store atomic i32 1, ptr @x syncscope("agent") monotonic, align 4
}

exists (P0:%r0 == 1 /\ P1:%r1 == 1)
"#;

#[test]
fn a_read_that_happens_before_its_source_is_pruned() {
    let p = amdmm_program::load(LB_REL_ACQ_Y).expect("loads");
    let out = explore(&p, &Options::default());
    assert_eq!(out.limit, None);
    assert_eq!(out.observation, Some(Observation::Never));
    // Each read: the initial write or the other thread's store (atomics
    // with inclusive scopes never return undef here): 4 reads-from
    // choices, of which (r0 from P1's store, r1 from P0's store) is pruned
    // before the leaf; the other 3 are consistent executions.
    assert_eq!(out.candidates, 3);
    assert_eq!(out.positive + out.negative, 3);
}

/// Message passing with atomic data: when P1's acquire reads P0's release
/// store of y, P0's store of x happens before P1's load of x, which then may
/// not return the initial value: write-read coherence (C++20
/// [intro.races], `amdmm_model::coherence::mo_constraints`: the store is
/// modification-ordered after the initial write, and a write that happens
/// before a read is not newer than what the read returns).
const MP_ATOMIC_DATA: &str = r#"AMDGPU MP+rel-acq.atomic-data
"pruning test"

{
  global x = 0;
  global y = 0;
}

thread P0 @ wg 0 {
  store atomic i32 1, ptr @x syncscope("agent") monotonic, align 4
  store atomic i32 1, ptr @y syncscope("agent") release, align 4
}

thread P1 @ wg 1 {
  %r1 = load atomic i32, ptr @y syncscope("agent") acquire, align 4
  %r2 = load atomic i32, ptr @x syncscope("agent") monotonic, align 4
}

exists (P1:%r1 == 1 /\ P1:%r2 == 0)
"#;

#[test]
fn a_read_older_than_a_write_that_happens_before_it_is_pruned() {
    let p = amdmm_program::load(MP_ATOMIC_DATA).expect("loads");
    let out = explore(&p, &Options::default());
    assert_eq!(out.limit, None);
    assert_eq!(out.observation, Some(Observation::Never));
    // r1 and r2: the initial write or P0's store each (4 choices); (r1 from
    // P0's y, r2 from the initial x) is cut before the leaf.
    assert_eq!(out.candidates, 3);
    assert_eq!(out.positive + out.negative, 3);
}

/// Read-read coherence through synchronizes-with: P1 reads x, then
/// releases y; P2 acquires y, then reads x. When P2's acquire reads P1's
/// release, P1's read of x happens before P2's (po; sw; po), so (LangRef,
/// `monotonic`) "the later read must not see an earlier value in the
/// address's modification order": P1 seeing P0's store and P2 the initial
/// value (first in every modification order) is incoherent.
const CORR_THROUGH_SW: &str = r#"AMDGPU CoRR+po-rel+acq-po
"pruning test"

{
  global x = 0;
  global y = 0;
}

thread P0 @ wg 0 {
  store atomic i32 1, ptr @x syncscope("agent") monotonic, align 4
}

thread P1 @ wg 1 {
  %r0 = load atomic i32, ptr @x syncscope("agent") monotonic, align 4
  store atomic i32 1, ptr @y syncscope("agent") release, align 4
}

thread P2 @ wg 2 {
  %r1 = load atomic i32, ptr @y syncscope("agent") acquire, align 4
  %r2 = load atomic i32, ptr @x syncscope("agent") monotonic, align 4
}

exists (P1:%r0 == 1 /\ P2:%r1 == 1 /\ P2:%r2 == 0)
"#;

#[test]
fn two_reads_incoherent_through_synchronizes_with_are_pruned() {
    let p = amdmm_program::load(CORR_THROUGH_SW).expect("loads");
    for model in [
        amdmm_explore::ModelKind::Seed,
        amdmm_explore::ModelKind::Upstream,
    ] {
        let opts = Options {
            model,
            ..Options::default()
        };
        let out = explore(&p, &opts);
        assert_eq!(out.limit, None);
        assert_eq!(out.observation, Some(Observation::Never), "{model:?}");
        // Three reads, two sources each: 8 choices, of which (r0 from P0's
        // store, r1 from P1's release, r2 from the initial x) is cut when r2
        // is chosen (program order alone does not order the two reads of
        // x, so `compatible` cannot); the other 7 are consistent.
        assert_eq!(out.candidates, 7, "{model:?}");
        assert_eq!(out.positive + out.negative, 7, "{model:?}");
    }
}
