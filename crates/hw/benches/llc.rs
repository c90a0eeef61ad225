//! The cost of `--code llc` per (test, target) (docs/llc.md, "Cache"):
//! emitting the IR, compiling it with llc (no cache: one llc process per
//! call), the same with a warm cache (a file read), and reading the
//! assembly back into the hardware model's code. Without an llc (docs/llc.md,
//! "Finding llc") the llc cases are left out and the bench says so.
//! `cargo bench -p amdmm-hw --bench llc`. Figures: docs/performance.md,
//! "Compiling with llc".

use amdmm_hw::llc::{self, tool};
use amdmm_hw::Target;
use criterion::{criterion_group, criterion_main, Criterion};
use std::path::Path;
use std::time::Duration;

/// A two-thread test and a four-thread one; one target per table family
/// llc compiles differently.
const TESTS: &[&str] = &[
    "MP+rel-acq.agent.litmus",
    "vulkan-alloy/mp3transitivefail.litmus",
];
const TARGETS: &[&str] = &["gfx900", "gfx942", "gfx1200"];

fn load(name: &str) -> amdmm_program::Program {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../litmus")
        .join(name);
    amdmm_program::load(&std::fs::read_to_string(path).unwrap()).unwrap()
}

fn compile(c: &mut Criterion) {
    let mut g = c.benchmark_group("llc");
    g.sample_size(10);
    g.warm_up_time(Duration::from_millis(500));
    g.measurement_time(Duration::from_secs(3));
    let found = tool::find(None, 0);
    if let Err(e) = &found {
        eprintln!("llc bench: no llc, only the IR emitter is measured ({e})");
    }
    let cache = std::env::temp_dir().join(format!("amdmm-llc-bench-{}", std::process::id()));
    for name in TESTS {
        let p = load(name);
        let stem = name.trim_end_matches(".litmus");
        g.bench_function(format!("emit-ir/{stem}"), |b| {
            b.iter(|| llc::ir::emit(&p).unwrap())
        });
        let Ok(base) = &found else { continue };
        let ir = llc::ir::emit(&p).unwrap();
        for t in TARGETS {
            let target = Target::parse(t).unwrap();
            let cold = tool::Llc {
                cache: None,
                ..base.clone()
            };
            g.bench_function(format!("llc-no-cache/{stem}/{t}"), |b| {
                b.iter(|| cold.compile(&ir, &target).unwrap())
            });
            let warm = tool::Llc {
                cache: Some(cache.clone()),
                ..base.clone()
            };
            let (asm, _) = warm.compile(&ir, &target).unwrap();
            g.bench_function(format!("llc-cached/{stem}/{t}"), |b| {
                b.iter(|| {
                    let (s, hit) = warm.compile(&ir, &target).unwrap();
                    assert!(hit);
                    s
                })
            });
            g.bench_function(format!("read-asm/{stem}/{t}"), |b| {
                b.iter(|| llc::from_asm(&p, &target, &asm).unwrap())
            });
        }
    }
    g.finish();
    let _ = std::fs::remove_dir_all(&cache);
}

criterion_group!(benches, compile);
criterion_main!(benches);
