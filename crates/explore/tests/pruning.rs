//! The value rules applied along the reads-from search (issue 12, "Scale
//! families"): a read that happens before the write it reads from is pruned
//! as soon as the happens-before edges that order them are known, with the
//! same verdict and fewer candidates.

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
