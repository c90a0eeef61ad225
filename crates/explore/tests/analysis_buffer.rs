//! The engine's reused analysis buffer (`amdmm_model::analyze_into`) gives
//! every consistent execution the same analysis as a fresh `analyze`.

use amdmm_explore::{explore, explore_visiting, families, Options};
use std::sync::atomic::{AtomicU64, Ordering};

#[test]
fn reused_buffer_equals_fresh_analysis() {
    let tests = [
        families::sb(3),
        families::mp(3),
        families::wrc(3),
        families::iriw(4),
    ];
    for src in &tests {
        let program = amdmm_program::load(src).expect("generated test parses");
        let opts = Options::default();
        let seen = AtomicU64::new(0);
        let visit = |g: &amdmm_explore::ExecutionGraph, a: &amdmm_explore::Analysis, _: &_| {
            let fresh = amdmm_model::analyze(g).expect("a visited execution is consistent");
            assert_eq!(&fresh, a);
            seen.fetch_add(1, Ordering::Relaxed);
        };
        let with = explore_visiting(&program, &opts, &visit);
        assert!(seen.load(Ordering::Relaxed) > 0);
        // And the outcome is the plain run's.
        let plain = explore(&program, &opts);
        assert_eq!(with.candidates, plain.candidates);
        assert_eq!(with.states.len(), plain.states.len());
    }
}
