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

/// Load buffering where P0 first performs `pad` monotonic stores to a
/// location nothing reads, so its load and its store are thread-local
/// events `pad` and `pad + 1`. With `ctrl`, each thread stores 1 only when
/// its load read 1 (LB+ctrls: the store is control-dependent on the load),
/// else P0 stores 1 unconditionally (LB+ctrl+po).
fn long_lb(pad: usize, ctrl: bool) -> String {
    let mut s = String::from(
        "AMDGPU LB+long\n\n{\n  global a = 0;\n  global x = 0;\n  global y = 0;\n}\n\nthread P0 @ wg 0 {\n",
    );
    for i in 0..pad {
        s += &format!(
            "  store atomic i32 {}, ptr @a syncscope(\"agent\") monotonic, align 4\n",
            i + 1
        );
    }
    s += "  %r0 = load atomic i32, ptr @x monotonic, align 4\n";
    if ctrl {
        s += "  %c0 = icmp eq i32 %r0, 1\n  br i1 %c0, label %then0, label %done0\nthen0:\n";
        s += "  store atomic i32 1, ptr @y monotonic, align 4\n  br label %done0\ndone0:\n";
        s += "  %z0 = add i32 0, 0\n";
    } else {
        s += "  store atomic i32 1, ptr @y monotonic, align 4\n";
    }
    s += "}\n\nthread P1 @ wg 1 {\n  %r1 = load atomic i32, ptr @y monotonic, align 4\n";
    s += "  %c1 = icmp eq i32 %r1, 1\n  br i1 %c1, label %then1, label %done1\nthen1:\n";
    s += "  store atomic i32 1, ptr @x monotonic, align 4\n  br label %done1\ndone1:\n";
    s += "  %z1 = add i32 0, 0\n}\n\nexists (P0:%r0 == 1 /\\ P1:%r1 == 1)\n";
    s
}

/// Issue 12, "The 64-event ceiling": one path of one thread with more than
/// 63 memory operations gets a verdict, and the dependencies of its events
/// past the 64th still count (the out-of-thin-air rule, dep ∪ rf acyclic,
/// docs/semantics.md "Out-of-thin-air"): with a control dependency on both
/// sides the load-buffering outcome is a dep ∪ rf cycle and forbidden (it
/// breaks no other rule: the stored values are constants), with P0's store
/// unconditional it is allowed. 62, 98 and 198 stores: 67 to 205 events
/// (the 128- and 256-event relations), the dependency in the first, second
/// and fourth word of the thread's sets.
#[test]
fn one_thread_with_more_than_63_memory_operations_gets_a_verdict() {
    for pad in [62, 98, 198] {
        for (ctrl, want) in [(true, Observation::Never), (false, Observation::Sometimes)] {
            let text = long_lb(pad, ctrl);
            let p = amdmm_program::load(&text).unwrap_or_else(|d| panic!("{d:?}"));
            let out = explore(&p, &Options::default());
            assert_eq!(out.limit, None, "pad {pad}");
            assert_eq!(out.observation, Some(want), "pad {pad}, ctrl {ctrl}");
        }
    }
}

#[test]
fn a_path_beyond_255_memory_operations_is_unknown_with_the_reason() {
    let p = amdmm_program::load(&long_lb(300, true)).expect("loads");
    let out = explore(&p, &Options::default());
    let reason = out
        .limit
        .as_ref()
        .map(|l| l.to_string())
        .unwrap_or_default();
    assert!(
        reason.contains("thread P0 performs more than 255 memory operations on one path"),
        "{reason}"
    );
    assert_eq!(out.observation, None);
}
