//! `amdmm_explore::load` checks `--timeout` and `--max-memory` while it
//! lexes, parses and lowers (issue 24: parsing ran before any limit).

use amdmm_explore::{load, LimitReason, LoadError, Options};
use std::time::{Duration, Instant};

/// Two hundred one-store threads: long enough (about 14,000 characters)
/// that the limit checks run while reading it.
fn threads(n: usize) -> String {
    let mut s = String::from("AMDGPU Many\n{\n  global x = 0;\n}\n");
    for i in 0..n {
        s.push_str(&format!(
            "thread P{i} @ wg {i} {{\n  store atomic i32 1, ptr @x monotonic, align 4\n}}\n"
        ));
    }
    s + "exists (@x == 1)\n"
}

#[test]
fn without_limits_the_test_loads() {
    let p = load(&threads(200), &Options::default(), Instant::now()).expect("loads");
    assert_eq!(p.threads.len(), 200);
}

#[test]
fn a_passed_deadline_stops_the_reading() {
    let opts = Options {
        timeout: Some(Duration::from_millis(5)),
        ..Options::default()
    };
    // The test's clock started a second ago: its time is already up.
    let started = Instant::now() - Duration::from_secs(1);
    match load(&threads(200), &opts, started) {
        Err(LoadError::Limit(LimitReason::Timeout(5))) => {}
        other => panic!("expected the timeout, got {other:?}"),
    }
}

#[test]
fn a_generous_deadline_does_not() {
    let opts = Options {
        timeout: Some(Duration::from_secs(600)),
        ..Options::default()
    };
    assert!(load(&threads(200), &opts, Instant::now()).is_ok());
}

#[cfg(target_os = "linux")]
#[test]
fn the_memory_limit_stops_the_reading() {
    // Any process is above 0 MiB resident.
    let opts = Options {
        max_memory: Some(0),
        ..Options::default()
    };
    match load(&threads(200), &opts, Instant::now()) {
        Err(LoadError::Limit(LimitReason::Memory(0))) => {}
        other => panic!("expected the memory limit, got {other:?}"),
    }
}

/// Invalid input is still reported as such under limits.
#[test]
fn errors_are_errors() {
    let src = threads(3).replace("store atomic", "stor atomic");
    assert!(matches!(
        load(&src, &Options::default(), Instant::now()),
        Err(LoadError::Invalid(d)) if !d.is_empty()
    ));
}
