//! The kernel corpus (`kernels/`), through its checked-in `.ll` fixtures
//! (clang -O0 and -O2), so that it runs without clang: every kernel's
//! result matches the `// expect` lines of its source, under its
//! `// launch:` line.

use amdmm_kernel::launch::parse_launch_line;
use amdmm_kernel::{expect, run, RunOptions};
use std::path::{Path, PathBuf};

fn kernels_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../kernels")
}

fn launch_line(src: &str) -> &str {
    src.lines()
        .find_map(|l| {
            let l = l.trim_start();
            l.strip_prefix("// launch:")
                .or_else(|| l.strip_prefix("; launch:"))
        })
        .unwrap_or("")
}

#[test]
fn every_fixture_meets_its_expectations() {
    let dir = kernels_dir();
    let mut fixtures: Vec<PathBuf> = std::fs::read_dir(dir.join("fixtures"))
        .expect("kernels/fixtures")
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "ll"))
        .collect();
    fixtures.sort();
    assert!(fixtures.len() >= 60, "{} fixtures", fixtures.len());
    let mut failures = Vec::new();
    for f in &fixtures {
        let name = f.file_name().unwrap().to_str().unwrap();
        let stem = name.split(".O").next().unwrap();
        // The source is HIP (`.hip`), OpenCL C (`.cl`) or hand-written IR
        // (`.ll`, whose -O2 fixture is `opt -O2` of it).
        let src = std::fs::read_to_string(dir.join(format!("{stem}.hip")))
            .or_else(|_| std::fs::read_to_string(dir.join(format!("{stem}.cl"))))
            .or_else(|_| std::fs::read_to_string(dir.join(format!("{stem}.ll"))))
            .expect("the fixture's source");
        let spec = parse_launch_line(launch_line(&src)).expect("launch line");
        let opts = RunOptions {
            target: spec.target.clone().unwrap_or_else(|| "gfx942".into()),
            spec,
            ..Default::default()
        };
        let ll = std::fs::read_to_string(f).unwrap();
        let m = expect::check_run(&src, &run(&ll, name, &opts)).expect("readable expectations");
        if !m.is_empty() {
            failures.push(format!("{name}: {}", m.join("; ")));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// The -O0 and -O2 modules of a kernel give the same report (the same
/// races by source line, flags and final values): the front end follows
/// clang's allocas at -O0 and its phis and loops at -O2 to one answer.
#[test]
fn optimisation_levels_agree() {
    let dir = kernels_dir();
    for stem in [
        "mp_agent_spin",
        "mp_relaxed_flag",
        "lds_exchange_sync",
        "counter_relaxed",
    ] {
        let src = std::fs::read_to_string(dir.join(format!("{stem}.hip"))).unwrap();
        let spec = parse_launch_line(launch_line(&src)).unwrap();
        let opts = RunOptions {
            target: spec.target.clone().unwrap_or_else(|| "gfx942".into()),
            spec,
            ..Default::default()
        };
        let at = |o: u32| {
            let ll = std::fs::read_to_string(dir.join(format!("fixtures/{stem}.O{o}.ll"))).unwrap();
            run(&ll, stem, &opts).unwrap()
        };
        let (a, b) = (at(0), at(2));
        assert_eq!(a.flags, b.flags, "{stem}");
        assert_eq!(a.final_values, b.final_values, "{stem}");
        let lines = |r: &amdmm_kernel::report::KernelReport| -> Vec<(u32, Option<u32>)> {
            r.races
                .iter()
                .map(|x| (x.read.line, x.write.as_ref().map(|w| w.line)))
                .collect()
        };
        assert_eq!(lines(&a), lines(&b), "{stem}");
    }
}

/// The run options of a fixture's `// launch:` line.
fn fixture_options(dir: &Path, name: &str) -> RunOptions {
    let stem = name.split(".O").next().unwrap();
    let src = std::fs::read_to_string(dir.join(format!("{stem}.hip")))
        .or_else(|_| std::fs::read_to_string(dir.join(format!("{stem}.cl"))))
        .or_else(|_| std::fs::read_to_string(dir.join(format!("{stem}.ll"))))
        .expect("the fixture's source");
    let spec = parse_launch_line(launch_line(&src)).expect("launch line");
    RunOptions {
        target: spec.target.clone().unwrap_or_else(|| "gfx942".into()),
        spec,
        ..Default::default()
    }
}

/// issue #25 item 6: the symmetry of work-items (amdmm_explore's
/// `work_items`, docs/semantics.md "Symmetry of work-items") changes no
/// byte of any report: every fixture of the corpus, -O0 and -O2, under its
/// `// launch:` line and under a larger grid, gives the same text and the
/// same document with the reduction and with `--no-symmetry`.
#[test]
fn symmetry_reduction_changes_no_report() {
    let dir = kernels_dir();
    let mut fixtures: Vec<PathBuf> = std::fs::read_dir(dir.join("fixtures"))
        .expect("kernels/fixtures")
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "ll"))
        .collect();
    fixtures.sort();
    let mut differ = Vec::new();
    for f in &fixtures {
        let name = f.file_name().unwrap().to_str().unwrap();
        let ll = std::fs::read_to_string(f).unwrap();
        let base = fixture_options(&dir, name);
        // The launch line's grid, and twice as many workgroups (more
        // interchangeable work-items) within a limit that does not depend
        // on the machine's speed.
        // Its buffers twice as long too: an index the launch fixes past a
        // buffer's end is an input error, not a run to compare.
        let mut wider = base.clone();
        wider.spec.grid[0] *= 2;
        for (_, v) in &mut wider.spec.args {
            if let amdmm_kernel::ArgValue::Buffer { len, .. } = v {
                *len *= 2;
            }
        }
        wider.max_executions = Some(5_000);
        for opts in [base, wider] {
            let on = run(&ll, name, &opts);
            let off = run(
                &ll,
                name,
                &RunOptions {
                    no_symmetry: true,
                    ..opts.clone()
                },
            );
            let (Ok(on), Ok(off)) = (on, off) else {
                continue;
            };
            if on.limit.is_some() || off.limit.is_some() {
                continue;
            }
            if amdmm_kernel::report::text(&on) != amdmm_kernel::report::text(&off)
                || format!("{on:?}") != format!("{off:?}")
            {
                differ.push(format!(
                    "{name} --grid {}:\n{}\n--no-symmetry:\n{}",
                    opts.spec.grid[0],
                    amdmm_kernel::report::text(&on),
                    amdmm_kernel::report::text(&off)
                ));
            }
        }
    }
    assert!(differ.is_empty(), "{}", differ.join("\n"));
}

/// The reduction does reduce: four work-items adding 1 to one counter
/// (kernels/counter_relaxed.hip, `--grid 2 --block 2`) are interchangeable,
/// and the search examines fewer candidate executions for the same final
/// states and flags.
#[test]
fn symmetric_work_items_are_explored_once() {
    let program = build_fixture("counter_relaxed.O2.ll", 2, 2, None, &[]);
    let explore = |symmetry: bool| {
        let o = amdmm_explore::Options {
            symmetry,
            work_item_symmetry: true,
            ..Default::default()
        };
        amdmm_explore::explore_findings(&program, &o)
    };
    let (on, found_on) = explore(true);
    let (off, found_off) = explore(false);
    assert!(found_on.reduced && !found_off.reduced);
    assert_eq!(on.states, off.states);
    assert_eq!(on.flags, off.flags);
    assert!(
        on.candidates * 3 < off.candidates * 2,
        "{} candidates with the reduction, {} without",
        on.candidates,
        off.candidates
    );
}

/// Work-items whose paths differ only in the locations each alone touches
/// (`out[gid]`) are interchangeable under the renaming of those locations
/// (docs/semantics.md, "Symmetry of work-items"): the reduced search
/// examines fewer candidates, and the final states rebuilt from its orbits
/// are exactly the full search's (every permutation of the tickets).
#[test]
fn id_indexed_work_items_are_explored_once() {
    // (kernel, grid, block, --lanes, out's length): without a barrier
    // across workgroups; with one, lanes of one wave and whole waves of
    // one modelled lane each.
    for (stem, grid, block, lanes, out) in [
        ("tickets_by_id", 5u32, 1u32, None, 5u32),
        ("flag_readers_by_id", 6, 1, None, 6),
        ("tickets_barrier_by_id", 1, 5, None, 5),
        ("tickets_barrier_by_id", 1, 320, Some(1), 320),
    ] {
        for o in [0, 2] {
            let arg = format!("out=i32[{out}]");
            let program = build_fixture(&format!("{stem}.O{o}.ll"), grid, block, lanes, &[&arg]);
            assert_reduced_exactly(&program, &format!("{stem} -O{o}"));
        }
    }
    // 5! permutations of the tickets 0..4.
    let r = run_on_five_workgroups("tickets_by_id");
    assert_eq!(r.memory.len(), 120, "{}", amdmm_kernel::report::text(&r));
}

/// Work-items whose stores write values of their ids to elements each
/// alone writes and nobody reads (`out[gid] = ticket * 10 + gid`,
/// `stamp[gid] = gid * 2`), and work-items with asynchronous copies, are
/// interchangeable too (docs/semantics.md, "Symmetry of work-items",
/// id-dependent values and asynchronous copies): the reduced search
/// examines fewer candidates, and the final states rebuilt from its orbits,
/// each member's sinks computed from its own id, are exactly the full
/// search's.
#[test]
fn id_valued_and_async_work_items_are_explored_once() {
    // (kernel, optimisation levels, grid, block, an argument's size).
    type Case<'a> = (&'a str, &'a [u32], u32, u32, Option<&'a str>);
    let cases: [Case; 4] = [
        ("tickets_scaled_by_id", &[0, 2], 5, 1, Some("out=i32[5]")),
        ("id_stamped_counter", &[0, 2], 1, 5, Some("stamp=i32[5]")),
        ("async_dma_private_tickets", &[0, 2], 5, 1, None),
        ("async_dma_private_no_wait", &[0], 5, 1, None),
    ];
    for (stem, levels, grid, block, arg) in cases {
        for &o in levels {
            let args: Vec<&str> = arg.into_iter().collect();
            let program = build_fixture(&format!("{stem}.O{o}.ll"), grid, block, None, &args);
            assert_reduced_exactly(&program, &format!("{stem} -O{o}"));
        }
    }
    // 5! tickets, each out[i] = 10 * ticket + i: the members' own ids.
    let r = run_on_five_workgroups("tickets_scaled_by_id");
    assert_eq!(r.memory.len(), 120, "{}", amdmm_kernel::report::text(&r));
    let text = amdmm_kernel::report::text(&r);
    assert!(text.contains("out[4] in {4, 14, 24, 34, 44}"), "{text}");
    // An id that flows into a value another work-item reads (the shared
    // counter of `fetch_add(next, gid)`) leaves the work-items alone.
    for o in [0, 2] {
        let program = build_fixture(&format!("prefix_offsets_by_id.O{o}.ll"), 4, 1, None, &[]);
        let o = amdmm_explore::Options {
            work_item_symmetry: true,
            ..Default::default()
        };
        let (out, found) = amdmm_explore::explore_findings(&program, &o);
        assert!(!found.reduced, "prefix_offsets_by_id is not reduced");
        assert_eq!(out.states.len(), 24);
    }
}

/// The report of the fixture `STEM.O2.ll` under its `// launch:` line
/// but on five workgroups, with `out=i32[5]`.
fn run_on_five_workgroups(stem: &str) -> amdmm_kernel::report::KernelReport {
    let dir = kernels_dir();
    let name = format!("{stem}.O2.ll");
    let ll = std::fs::read_to_string(dir.join("fixtures").join(&name)).unwrap();
    let mut opts = fixture_options(&dir, &name);
    opts.spec.grid[0] = 5;
    opts.spec.args = vec![amdmm_kernel::launch::parse_arg("out=i32[5]").unwrap()];
    run(&ll, stem, &opts).unwrap()
}

/// The program of the fixture `kernels/fixtures/NAME` built on `grid`
/// workgroups of `block` work-items (wave64, the first `lanes` of each
/// wavefront modelled) with the `--arg` spellings `args`.
fn build_fixture(
    name: &str,
    grid: u32,
    block: u32,
    lanes: Option<u32>,
    args: &[&str],
) -> amdmm_program::Program {
    let ll = std::fs::read_to_string(kernels_dir().join("fixtures").join(name)).unwrap();
    let m = amdmm_kernel::parse::module(&ll).unwrap();
    let k = amdmm_kernel::pick_kernel(&m, None).unwrap();
    let opts = amdmm_kernel::BuildOptions {
        launch: amdmm_kernel::Launch {
            grid: [grid, 1],
            block: [block, 1],
            wave_size: 64,
            lanes,
        },
        args: args
            .iter()
            .map(|a| amdmm_kernel::launch::parse_arg(a).unwrap())
            .collect(),
        ..Default::default()
    };
    amdmm_kernel::build(&m, k, &opts).unwrap().program
}

/// The symmetry of work-items reduces `program` (fewer than half the
/// candidates) and finds exactly the final states and flags of the full
/// search; `what` names the case in a failure.
fn assert_reduced_exactly(program: &amdmm_program::Program, what: &str) {
    let explore = |symmetry: bool| {
        let o = amdmm_explore::Options {
            symmetry,
            work_item_symmetry: true,
            ..Default::default()
        };
        amdmm_explore::explore_findings(program, &o)
    };
    let (on, found_on) = explore(true);
    let (off, found_off) = explore(false);
    assert!(found_on.reduced && !found_off.reduced, "{what}");
    assert!(on.limit.is_none() && off.limit.is_none(), "{what}");
    assert_eq!(on.states, off.states, "{what}");
    assert_eq!(on.flags, off.flags, "{what}");
    assert!(
        on.candidates * 2 < off.candidates,
        "{what}: {} candidates with the reduction, {} without",
        on.candidates,
        off.candidates
    );
}
