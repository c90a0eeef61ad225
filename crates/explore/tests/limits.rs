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

/// Eight one-load readers of two three-store writers: 7^7·... candidates in
/// hundreds of small units (each under the 4096 candidates between the
/// leaves' clock reads), several seconds in all. The clock is also read
/// between units, so a short `--timeout` ends it early.
#[test]
fn timeout_reached_in_many_small_units() {
    let mut src = String::from("AMDGPU Readers\n{\n  global x = 0;\n}\n");
    for t in 0..2 {
        src.push_str(&format!("thread W{t} @ wg {t} {{\n"));
        for i in 0..3 {
            src.push_str(&format!(
                "  store atomic i32 {}, ptr @x syncscope(\"agent\") monotonic, align 4\n",
                t * 10 + i + 1
            ));
        }
        src.push_str("}\n");
    }
    for t in 0..8 {
        src.push_str(&format!(
            "thread R{t} @ wg {} {{\n  %r0 = load atomic i32, ptr @x syncscope(\"agent\") monotonic, align 4\n}}\n",
            t + 2
        ));
    }
    // Every reader shown: the readers are not interchangeable, so the
    // symmetry reduction (which would explore one order of unshown
    // identical readers) leaves the whole space.
    let shown: Vec<String> = (0..8).map(|t| format!("R{t}:%r0 == 1")).collect();
    src.push_str(&format!("exists ({})\n", shown.join(" /\\ ")));
    let p = amdmm_program::load(&src).unwrap();
    let opts = Options {
        timeout: Some(Duration::from_millis(200)),
        ..Options::default()
    };
    let start = std::time::Instant::now();
    let o = explore(&p, &opts);
    assert_eq!(o.limit, Some(LimitReason::Timeout(200)));
    assert_eq!(
        o.limit.as_ref().unwrap().to_string(),
        "limit reached: --timeout 0.2s (per test)"
    );
    assert!(
        start.elapsed() < Duration::from_secs(5),
        "{:?}",
        start.elapsed()
    );
}
