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
        match run(&ll, name, &opts) {
            Ok(r) => {
                let m = expect::check(&src, &r).expect("readable expectations");
                if !m.is_empty() {
                    failures.push(format!("{name}: {}", m.join("; ")));
                }
            }
            Err(e) => failures.push(format!("{name}: {e}")),
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
