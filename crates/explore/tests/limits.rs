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

/// Fourteen threads, each branching twice on the value it reads from a
/// location every thread writes: at least 4^14 (268 million) combinations
/// of paths. They are made one batch at a time as the search goes
/// (`combos.rs`), so the run reaches `--max-candidates` after a few of
/// them, within bounded memory (`--max-memory` is not what stops it),
/// and says so: Unknown, no partial states. Made all at once before the
/// search, as they were, they needed far more memory than any machine
/// has before the first candidate was counted.
#[test]
fn a_huge_product_of_paths_ends_at_the_candidate_limit() {
    let mut src = String::from("AMDGPU Branchy\n{\n  global x = 0;\n}\n");
    for t in 0..14 {
        src.push_str(&format!(
            "thread T{t} @ wg {t} {{\n  \
             %r0 = load atomic i32, ptr @x syncscope(\"agent\") monotonic, align 4\n  \
             %c1 = icmp eq i32 %r0, 1\n  \
             br i1 %c1, label %one, label %other\n\
             one:\n  \
             store atomic i32 2, ptr @x syncscope(\"agent\") monotonic, align 4\n  \
             br label %next\n\
             other:\n  \
             store atomic i32 1, ptr @x syncscope(\"agent\") monotonic, align 4\n  \
             br label %next\n\
             next:\n  \
             %c2 = icmp eq i32 %r0, 2\n  \
             br i1 %c2, label %two, label %done\n\
             two:\n  \
             %r1 = add i32 %r0, 1\n  \
             br label %done\n\
             done:\n  \
             %z = add i32 0, 0\n\
             }}\n"
        ));
    }
    src.push_str("exists (T0:%r0 == 1)\n");
    let p = amdmm_program::load(&src).unwrap();
    let opts = Options {
        max_executions: Some(1000),
        max_memory: Some(2048),
        ..Options::default()
    };
    let o = explore(&p, &opts);
    assert_eq!(o.limit, Some(LimitReason::MaxExecutions(1000)));
    assert_eq!(o.observation, None);
    assert!(o.states.is_empty());
    // The test's own memory stayed small (the limit was not reached by
    // way of the memory check, and nothing near it was held).
    if let Some(mib) = amdmm_explore::resident_mib() {
        assert!(mib < 1024, "{mib} MiB resident");
    }
}
