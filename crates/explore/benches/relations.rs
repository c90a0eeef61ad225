//! The cost of the relation width (issue 12, "The 64-event ceiling"): the
//! same relation over `n` events in 64-, 128- and 256-event bit matrices
//! (`u64`, `Wide<2>`, `Wide<4>`), through the operations the axioms use
//! most (closure, composition, inverse, the acyclicity test). The engine
//! picks the narrowest width that holds a test, so a test of at most 64
//! events never pays for the wider ones; these figures say what a wider
//! test pays per operation.
//! `cargo bench -p amdmm-explore --bench relations -- --measurement-time 2`.

use amdmm_graph::{BitRel, Set, Wide};
use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};
use std::hint::black_box;

/// An acyclic relation shaped like an execution's happens-before before
/// closure: `threads` chains of program order over `n` events, and a few
/// forward edges between threads (deterministic, every 7th event).
fn execution_like<S: Set>(n: usize, threads: usize) -> BitRel<S> {
    let mut r = BitRel::<S>::new(n);
    let per = n.div_ceil(threads);
    for a in 0..n {
        if (a + 1) % per != 0 && a + 1 < n {
            r.add(a, a + 1);
        }
        if a % 7 == 3 && a + per + 1 < n {
            r.add(a, a + per + 1);
        }
    }
    assert!(r.is_acyclic());
    r
}

fn ops<S: Set>(c: &mut Criterion, n: usize, width: &str) {
    let mut group = c.benchmark_group(format!("relations/{n}-events"));
    let r = execution_like::<S>(n, 4);
    let closed = r.closure();
    group.bench_function(BenchmarkId::new("close", width), |b| {
        b.iter(|| black_box(&r).closure())
    });
    group.bench_function(BenchmarkId::new("compose", width), |b| {
        b.iter(|| black_box(&closed).compose(black_box(&r)))
    });
    group.bench_function(BenchmarkId::new("inverse", width), |b| {
        b.iter(|| black_box(&closed).inverse())
    });
    // The edge-by-edge transpose the wide widths used before the block
    // transpose (the reference it is tested against).
    let mut rows = S::empty_rows();
    for (a, row) in rows.as_mut().iter_mut().enumerate().take(n) {
        *row = closed.row(a);
    }
    group.bench_function(BenchmarkId::new("inverse-by-edges", width), |b| {
        b.iter(|| amdmm_graph::set::transpose_by_edges::<S>(black_box(&rows), n))
    });
    group.bench_function(BenchmarkId::new("is_acyclic", width), |b| {
        b.iter(|| black_box(&closed).is_acyclic())
    });
    group.finish();
}

fn bench(c: &mut Criterion) {
    // One relation of 60 events in every width: the pure cost of the width.
    ops::<u64>(c, 60, "64");
    ops::<Wide<2>>(c, 60, "128");
    ops::<Wide<4>>(c, 60, "256");
    // Wider relations where the events need them.
    ops::<Wide<2>>(c, 120, "128");
    ops::<Wide<4>>(c, 120, "256");
    ops::<Wide<4>>(c, 250, "256");
}

criterion_group!(benches, bench);
criterion_main!(benches);
