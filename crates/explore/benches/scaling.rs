//! Scaling benchmarks: SB, MP, IRIW and WRC with 2 to 8 threads, a test
//! with 4 threads × 6 accesses, and n writers / n readers of one location;
//! the CO-n family (issue 27) in the default projected search and, where it
//! ends in seconds, with `exhaustive`. `cargo bench -p amdmm-explore --bench
//! scaling`.

use amdmm_explore::{explore, families, Options};
use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};

fn bench(c: &mut Criterion) {
    let mut cases: Vec<(String, String)> = Vec::new();
    for n in [2, 4, 6, 8] {
        cases.push(("SB".into(), families::sb(n)));
        cases.push(("MP".into(), families::mp(n)));
        cases.push(("WRC".into(), families::wrc(n)));
    }
    for n in [3, 4, 6, 8] {
        cases.push(("IRIW".into(), families::iriw(n)));
    }
    cases.push(("4x6".into(), families::four_by_six()));
    // n writers and n readers of one location (2n threads), symmetric
    // readers reduced (crate::symmetry).
    for n in [4, 6] {
        cases.push(("W-R".into(), families::writers_readers(n)));
    }
    let opts = Options::default();
    let mut group = c.benchmark_group("explore");
    group.sample_size(10);
    for (family, src) in &cases {
        let program = amdmm_program::load(src).expect("generated test parses");
        let n = program.threads.len();
        let candidates = explore(&program, &opts).candidates;
        group.throughput(Throughput::Elements(candidates));
        group.bench_with_input(BenchmarkId::new(family.as_str(), n), &program, |b, p| {
            b.iter(|| explore(p, &opts))
        });
    }
    group.finish();
    // CO-n: n writers, n readers reading twice, two readers shown
    // (families::coherence_observers). The projected search examines one
    // candidate per observed state; `exhaustive` (n² + n + 1)ⁿ of them, so
    // it is measured for n ≤ 4 only (n = 5 takes minutes).
    let mut group = c.benchmark_group("projection");
    group.sample_size(10);
    for n in 3..=7 {
        let program =
            amdmm_program::load(&families::coherence_observers(n)).expect("generated test parses");
        let modes: &[(&str, bool)] = if n <= 4 {
            &[("CO-projected", false), ("CO-exhaustive", true)]
        } else {
            &[("CO-projected", false)]
        };
        for &(name, exhaustive) in modes {
            let opts = Options {
                exhaustive,
                ..Options::default()
            };
            group.bench_with_input(BenchmarkId::new(name, n), &program, |b, p| {
                b.iter(|| explore(p, &opts))
            });
        }
    }
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
