//! Barrier-heavy benchmarks: `W` waves × `P` barrier phases, through the whole
//! exploration (paths, barrier executions, memory model) and through the
//! barrier model alone. `cargo bench -p amdmm-explore --bench barriers`.
//! Figures: docs/performance.md, "Barriers".

use amdmm_explore::{explore, Options};
use amdmm_model::barrier::{executions, Object, OpKind, System};
use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};

/// `waves` waves of one workgroup; each stores to its own location, releases,
/// passes `phases` workgroup barriers (`s.barrier`), acquires and reads its
/// neighbour's location.
pub fn sbarrier_test(waves: usize, phases: usize) -> String {
    let mut s = format!("AMDGPU Barrier+{waves}x{phases}\n{{\n");
    for t in 0..waves {
        s.push_str(&format!("  global x{t} = 0;\n"));
    }
    s.push_str("}\n");
    for t in 0..waves {
        s.push_str(&format!("thread P{t} @ wg 0, wave {t} {{\n"));
        s.push_str(&format!("  store i32 1, ptr @x{t}\n"));
        s.push_str("  fence syncscope(\"workgroup\") release\n");
        for _ in 0..phases {
            s.push_str("  call void @llvm.amdgcn.s.barrier()\n");
        }
        s.push_str("  fence syncscope(\"workgroup\") acquire\n");
        s.push_str(&format!("  %r = load i32, ptr @x{}\n", (t + 1) % waves));
        s.push_str("}\n");
    }
    s.push_str("exists (P0:%r != 1)\nexpect Never\n");
    s
}

/// The same barrier structure as [`sbarrier_test`] on named barrier 1, with
/// split signal / wait, for the barrier model alone: `waves` actors, each
/// with a launch join, `phases` × (arrive, wait) and a drop at its end.
pub fn phased_system(waves: usize, phases: usize) -> System {
    let mut sys = System::default();
    let b = sys.add_object(Object {
        name: "the workgroup barrier (wg 0)".into(),
        launch_init: Some(waves as i64),
        one_arrive_per_group: false,
    });
    for t in 0..waves {
        let a = sys.add_actor(format!("P{t}"), 0);
        sys.push(a, b, OpKind::Join, 0);
        for _ in 0..phases {
            sys.push(
                a,
                b,
                OpKind::Arrive {
                    new_count: None,
                    first: None,
                },
                1,
            );
            sys.push(a, b, OpKind::Wait, 1);
        }
        sys.push(a, b, OpKind::Drop, 0);
    }
    sys
}

fn bench(c: &mut Criterion) {
    let opts = Options::default();
    let mut group = c.benchmark_group("barriers");
    group.sample_size(10);
    for (waves, phases) in [(2, 1), (4, 2), (4, 4), (8, 1), (8, 4)] {
        let src = sbarrier_test(waves, phases);
        let program = amdmm_program::load(&src).expect("generated test parses");
        let id = format!("{waves}x{phases}");
        group.bench_with_input(BenchmarkId::new("explore", &id), &program, |b, p| {
            b.iter(|| explore(p, &opts))
        });
        let sys = phased_system(waves, phases);
        group.bench_with_input(BenchmarkId::new("model", &id), &sys, |b, s| {
            b.iter(|| executions(s).expect("within limits"))
        });
    }
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
