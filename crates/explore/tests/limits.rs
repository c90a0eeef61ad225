//! Resource limits end a run with an honest Unknown, never a wrong verdict.

use amdmm_explore::{explore, families, LimitReason, Options};
use std::time::Duration;

#[test]
fn max_executions_gives_unknown_without_partial_results() {
    let p = amdmm_program::load(&families::iriw(6)).unwrap();
    let full = explore(&p, &Options::default());
    assert!(full.observation.is_some());
    assert!(full.candidates > 10);
    let opts = Options {
        max_executions: Some(10),
        ..Options::default()
    };
    let cut = explore(&p, &opts);
    assert_eq!(cut.observation, None);
    assert_eq!(cut.limit, Some(LimitReason::MaxExecutions(10)));
    assert!(cut.states.is_empty());
    assert_eq!((cut.positive, cut.negative), (0, 0));
}

#[test]
fn a_limit_above_the_total_changes_nothing() {
    let p = amdmm_program::load(&families::sb(4)).unwrap();
    let full = explore(&p, &Options::default());
    let opts = Options {
        max_executions: Some(full.candidates),
        ..Options::default()
    };
    assert_eq!(explore(&p, &opts), full);
}

#[test]
fn timeout_gives_unknown() {
    let p = amdmm_program::load(&families::four_by_six()).unwrap();
    let opts = Options {
        timeout: Some(Duration::from_millis(1)),
        ..Options::default()
    };
    let out = explore(&p, &opts);
    assert_eq!(out.observation, None);
    assert!(matches!(out.limit, Some(LimitReason::Timeout(_))));
}
