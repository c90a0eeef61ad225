//! The symmetry of work-items on corpus kernels (docs/semantics.md,
//! "Symmetry of work-items"): the same launch explored with the reduction
//! and without it (`--no-symmetry`), through the kernel front end's
//! `run` (build, exploration, report), including id-dependent values and
//! asynchronous copies. `cargo bench -p amdmm-kernel
//! --bench symmetry`. Figures: docs/performance.md, "Symmetry of
//! work-items".

use amdmm_kernel::launch::LaunchSpec;
use amdmm_kernel::{run, RunOptions};
use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};
use std::path::Path;

/// One benchmark: a fixture on a launch.
struct Case {
    stem: &'static str,
    grid: u32,
    block: u32,
}

const CASES: &[Case] = &[
    Case {
        stem: "counter_relaxed",
        grid: 4,
        block: 2,
    },
    Case {
        stem: "tickets_by_id",
        grid: 6,
        block: 1,
    },
    Case {
        stem: "tickets_barrier_by_id",
        grid: 1,
        block: 6,
    },
    // Id-dependent values: out[gid] = ticket * 10 + gid.
    Case {
        stem: "tickets_scaled_by_id",
        grid: 6,
        block: 1,
    },
    // Asynchronous copies with their marks and waits.
    Case {
        stem: "async_dma_private_tickets",
        grid: 5,
        block: 1,
    },
];

fn symmetry(c: &mut Criterion) {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../kernels/fixtures");
    let mut group = c.benchmark_group("kernel_symmetry");
    group.sample_size(10);
    for &Case { stem, grid, block } in CASES {
        let ll = std::fs::read_to_string(dir.join(format!("{stem}.O2.ll"))).expect("fixture");
        let spec = LaunchSpec {
            grid: [grid, 1],
            block: [block, 1],
            loop_bound: 2,
            ..Default::default()
        };
        let case = format!("{stem} --grid {grid} --block {block}");
        for (label, no_symmetry) in [("symmetry", false), ("no-symmetry", true)] {
            let opts = RunOptions {
                target: "gfx942".into(),
                spec: spec.clone(),
                no_symmetry,
                ..Default::default()
            };
            group.bench_with_input(BenchmarkId::new(label, &case), &opts, |b, o| {
                b.iter(|| run(&ll, stem, o).expect("the kernel runs"))
            });
        }
    }
    group.finish();
}

criterion_group!(benches, symmetry);
criterion_main!(benches);
