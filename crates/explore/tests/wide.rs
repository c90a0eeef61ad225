//! Executions wider than 64 events (issue 12, "The 64-event ceiling"): the
//! relations widen to 128 or 256 events per test, with the same results as
//! the 64-event fast path where both apply.

use amdmm_explore::{explore, families, LimitReason, Options};
use amdmm_program::Observation;

/// `src` with `threads` extra threads of `stores` plain-atomic stores each to
/// a location nothing reads or shows (`pad`): they add events, not outcomes.
fn padded(src: &str, threads: usize, stores: usize) -> String {
    let open = src.find('{').expect("an initial state");
    let mut s = format!("{}{{\n  global pad = 0;{}", &src[..open], &src[open + 1..]);
    let at = s
        .find("\nexists")
        .or_else(|| s.find("\nforall"))
        .expect("a condition");
    let mut extra = String::new();
    for t in 0..threads {
        extra += &format!("\nthread Pad{t} @ wg {} {{\n", 50 + t);
        for i in 0..stores {
            extra += &format!(
                "  store atomic i32 {}, ptr @pad syncscope(\"agent\") monotonic, align 4\n",
                i + 1
            );
        }
        extra += "}";
    }
    s.insert_str(at, &extra);
    s
}

#[test]
fn padding_past_64_and_128_events_changes_no_outcome() {
    let tests = [
        families::sb(2),
        families::mp(3),
        families::iriw(4),
        families::wrc(3),
    ];
    for src in tests {
        let base = amdmm_program::load(&src).expect("loads");
        let want = explore(&base, &Options::default());
        assert_eq!(want.limit, None);
        // 1 padding thread of 60 stores: over 64 events (128-event sets);
        // 3 of 60: over 128 (256-event sets).
        for threads in [1, 3] {
            let text = padded(&src, threads, 60);
            let p = amdmm_program::load(&text).unwrap_or_else(|d| panic!("{d:?}\n{text}"));
            let got = explore(&p, &Options::default());
            assert_eq!(got.limit, None, "{text}");
            assert_eq!(got.states, want.states, "{text}");
            assert_eq!(
                (got.positive, got.negative, got.observation, got.flags),
                (want.positive, want.negative, want.observation, want.flags),
                "{text}"
            );
        }
    }
}

#[test]
fn a_long_thread_pair_gets_a_verdict() {
    // Long-31: 65 events. Before the wide relations: Unknown (too many
    // events). Read-read coherence forbids the condition.
    let p = amdmm_program::load(&families::long_threads(31)).expect("loads");
    let out = explore(&p, &Options::default());
    assert_eq!(out.limit, None);
    assert_eq!(out.observation, Some(Observation::Never));
    assert!(out.negative > 0);
}

#[test]
fn beyond_256_events_is_unknown_with_the_reason() {
    let text = padded(&families::sb(2), 5, 60);
    let p = amdmm_program::load(&text).expect("loads");
    let out = explore(&p, &Options::default());
    assert!(
        matches!(out.limit, Some(LimitReason::TooManyEvents(n)) if n > 256),
        "{:?}",
        out.limit
    );
    assert_eq!(out.observation, None);
}
