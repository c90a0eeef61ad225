//! Launches whose combinations of paths are many end promptly: with a
//! complete answer when the paths the known values rule out are dropped
//! (amdmm_explore's `feasible`), or at `--max-candidates` with the limit
//! named, in bounded memory (the combinations are made batch by batch).
//! No clock: the candidate limit is the bound.

use amdmm_kernel::launch::parse_launch_line;
use amdmm_kernel::{run, RunOptions};
use std::path::Path;

/// kernels/private_table_runtime_index at -O0 and twice its launch's grid
/// (four work-items). Each keeps `t[4]`, `s` and `k` in private allocas
/// and indexes `t` by the `sel[w]` it read: every load forks its paths on
/// the index (four in range and one out of bounds), so the work-items'
/// combinations of paths were millions, made in full before the search
/// (3.7 GB, then `--max-candidates 5000` reached). `sel` is never written
/// and the allocas only by their own work-item, so every index is known
/// (memory-model.txt, the value rules): one path per work-item, one
/// execution, far inside the limit; the values are the launch line's
/// (the kernel's comment argues them), the second workgroup's work-items
/// writing the same elements as the first's.
#[test]
fn private_table_at_twice_its_grid_completes_within_the_candidate_limit() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../kernels");
    let ll = std::fs::read_to_string(dir.join("fixtures/private_table_runtime_index.O0.ll"))
        .expect("fixture");
    let mut spec = parse_launch_line(
        "--grid 2 --block 2 --loop-bound 5 --arg sel=i32[2] --arg out=i32[4] \
         --init sel[0]=2 --init sel[1]=3",
    )
    .expect("launch");
    spec.grid[0] = 2;
    for no_symmetry in [false, true] {
        let opts = RunOptions {
            target: "gfx942".into(),
            spec: spec.clone(),
            max_executions: Some(5_000),
            no_symmetry,
            ..Default::default()
        };
        let r = run(&ll, "private_table_runtime_index.O0.ll", &opts).expect("runs");
        assert!(r.limit.is_none(), "{:?}", r.limit);
        let text = amdmm_kernel::report::text(&r);
        for line in [
            "out[0] = 2  (every final state)",
            "out[1] = 13  (every final state)",
            "out[2] = 8  (every final state)",
            "out[3] = 17  (every final state)",
            "Flags: none",
        ] {
            assert!(text.contains(line), "{line} not in\n{text}");
        }
    }
}
