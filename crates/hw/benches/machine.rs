//! Exploration of the operational hardware models (crates/hw/src/machine):
//! a few representative tests on representative targets, in states per
//! second. `cargo bench -p amdmm-hw --bench machine`.
//! Figures: docs/performance.md, "Hardware models".

use amdmm_hw::machine::{explore, HwOptions};
use amdmm_hw::Target;
use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use std::path::Path;
use std::time::Duration;

/// Message passing (2 waves, 2 work-groups), the largest Vulkan test of the
/// corpus (4 waves), and one wave with ten LDS DMA copies in flight.
const TESTS: &[&str] = &[
    "MP+rel-acq.agent.litmus",
    "vulkan-alloy/mp3transitivefail.litmus",
    "async/Async+seed.uneven-blocks.litmus",
];

/// One target per family of models: one L2 (GFX6-GFX9), per-agent L2s
/// (GFX942, GFX12.5), the GFX10-GFX11 GL1 with a shared L0 (CU mode).
const TARGETS: &[&str] = &["gfx900", "gfx942", "gfx1100:cumode", "gfx1250"];

/// Pairs larger than this are left out (they would make a sample take
/// minutes); the bench prints which.
const MAX_STATES: usize = 400_000;

fn load(name: &str) -> amdmm_program::Program {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../litmus")
        .join(name);
    amdmm_program::load(&std::fs::read_to_string(path).unwrap()).unwrap()
}

fn machine(c: &mut Criterion) {
    let mut g = c.benchmark_group("hw");
    g.sample_size(10);
    g.warm_up_time(Duration::from_millis(500));
    g.measurement_time(Duration::from_secs(3));
    let opts = HwOptions {
        max_states: MAX_STATES,
        ..HwOptions::default()
    };
    for name in TESTS {
        let p = load(name);
        let short = name.rsplit('/').next().unwrap().trim_end_matches(".litmus");
        for t in TARGETS {
            let target = Target::parse(t).unwrap();
            let Ok(h) = explore(&p, &target, &opts) else {
                continue;
            };
            if h.outcome.limit.is_some() {
                eprintln!("{short} {t}: more than {MAX_STATES} states, left out");
                continue;
            }
            g.throughput(Throughput::Elements(h.states_visited as u64));
            g.bench_with_input(BenchmarkId::new(short, t), &target, |b, target| {
                b.iter(|| explore(&p, target, &opts).unwrap().states_visited)
            });
        }
    }
    g.finish();
}

criterion_group!(benches, machine);
criterion_main!(benches);
