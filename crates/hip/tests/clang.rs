//! CI check of the generated programs (docs/gpu.md, "What CI checks"):
//! the program of EVERY test of the corpus (`litmus/` and every directory
//! under it) that `amdmm hip` can write compiles for the device with
//! `clang-22 -x hip --cuda-device-only -nogpulib -nogpuinc` for each of
//! gfx90a, gfx942, gfx1100 and gfx1200 whose tables lower the test (no ROCm
//! needed), the host side parses (`--cuda-host-only -fsyntax-only`, with the
//! program's own declarations of the HIP runtime), and the device code clang
//! produced is read back per test operation, as `verify --code llc` reads
//! llc's code: every access is exactly one memory instruction of its kind,
//! and the hardware models running the compiled kernel find no outcome the
//! memory model forbids (beyond the known findings): the harness adds or
//! drops no ordering the test's outcomes depend on.
//!
//! The programs are compiled unchanged, many per translation unit
//! ([`amdmm_hip::bundle`]): one clang invocation per processor.
//!
//! Without clang-22 the test passes with a note, except under CI (`CI` set),
//! where it fails: the check must run there.

use amdmm_hw::machine::{compare, explore_lowered, HwOptions};
use amdmm_hw::Target;
use amdmm_program::Program;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

/// The device flags of docs/gpu.md's build line (`hipcc ...`).
const BUILD_FLAGS: [&str; 4] = [
    "-O2",
    "-fno-unroll-loops",
    "-mllvm",
    "-amdgpu-atomic-optimizer-strategy=None",
];

/// Hardware states per (test, processor) before the reading back gives up
/// with a LIMIT line (the corpus's widest tests on GFX10 and later; CI's
/// `verify` step gives litmus/wide 20,000).
const MAX_HW_STATES: usize = 200_000;

fn clang() -> Option<String> {
    let c = std::env::var("AMDMM_CLANG").unwrap_or_else(|_| "clang-22".into());
    Command::new(&c)
        .arg("--version")
        .output()
        .ok()
        .filter(|o| o.status.success())
        .map(|_| c)
}

/// Every `*.litmus` under `dir`, sorted.
fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    entries.sort();
    for p in entries {
        if p.is_dir() {
            walk(&p, out);
        } else if p.extension().is_some_and(|e| e == "litmus") {
            out.push(p);
        }
    }
}

/// The known findings: (test, target, outcome).
fn known() -> Vec<(String, String, String)> {
    amdmm_hw::KNOWN_FINDINGS
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .filter_map(|l| {
            let mut f = l.splitn(4, ' ');
            let _id = f.next()?;
            Some((f.next()?.into(), f.next()?.into(), f.next()?.into()))
        })
        .collect()
}

/// A corpus test with a program.
struct Case {
    file: String,
    program: Program,
    /// The program's file in the scratch directory.
    hip: String,
    text: String,
    /// The processors whose tables lower the test (the others cannot
    /// compile it either: `amdmm hip` would skip the test for them).
    targets: Vec<Target>,
}

fn spawn(clang: &str, dir: &Path, args: &[String]) -> Child {
    Command::new(clang)
        .current_dir(dir)
        .args(args)
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap()
}

fn finish(c: Child, what: &str) {
    let out = c.wait_with_output().unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        out.status.success(),
        "{what}: clang failed:\n{}",
        err.lines().take(40).collect::<Vec<_>>().join("\n")
    );
}

#[test]
fn every_corpus_program_compiles_and_keeps_its_orderings() {
    let Some(clang) = clang() else {
        assert!(
            std::env::var_os("CI").is_none(),
            "CI: clang-22 is needed to compile the generated HIP programs (apt-get install clang-22)"
        );
        eprintln!("note: clang-22 not found; the HIP programs were not compiled");
        return;
    };
    let started = std::time::Instant::now();
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../litmus");
    let mut files = Vec::new();
    walk(&root, &mut files);
    let tmp = std::env::temp_dir().join(format!("amdmm-hip-ci-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&tmp);
    std::fs::create_dir_all(&tmp).unwrap();
    let archs: Vec<Target> = amdmm_hip::DEFAULT_ARCHS
        .iter()
        .map(|a| Target::parse(a).unwrap())
        .collect();

    // The programs, each in its own file.
    let (mut refused, mut unlowered) = (0, 0);
    let mut cases = Vec::new();
    for path in &files {
        let file = path.strip_prefix(&root).unwrap().display().to_string();
        let p = amdmm_program::load(&std::fs::read_to_string(path).unwrap())
            .unwrap_or_else(|e| panic!("{file}: {e:?}"));
        let targets: Vec<Target> = archs
            .iter()
            .filter(|t| amdmm_hw::lower(&p, t).is_ok())
            .cloned()
            .collect();
        let Ok(text) = amdmm_hip::generate(&p, &file) else {
            refused += 1;
            continue;
        };
        if targets.is_empty() {
            unlowered += 1;
            continue;
        }
        let hip = format!("p{}.hip", cases.len());
        std::fs::write(tmp.join(&hip), &text).unwrap();
        cases.push(Case {
            file,
            program: p,
            hip,
            text,
            targets,
        });
    }

    // One translation unit per processor holding the programs of the tests
    // its tables lower, and one for the host side: all compiled at once.
    let mut children = Vec::new();
    let mut members: Vec<Vec<usize>> = Vec::new();
    for t in &archs {
        let idx: Vec<usize> = (0..cases.len())
            .filter(|&i| cases[i].targets.contains(t))
            .collect();
        let programs: Vec<(&str, &str)> = idx
            .iter()
            .map(|&i| (cases[i].text.as_str(), cases[i].hip.as_str()))
            .collect();
        let src = format!("bundle-{}.hip", t.name);
        std::fs::write(tmp.join(&src), amdmm_hip::bundle::bundle(&programs)).unwrap();
        let mut args: Vec<String> = [
            "-x",
            "hip",
            "--cuda-device-only",
            "-nogpulib",
            "-nogpuinc",
            "-S",
        ]
        .iter()
        .chain(BUILD_FLAGS.iter())
        .map(|s| s.to_string())
        .collect();
        args.push(format!("--offload-arch={}", t.name));
        args.push(src);
        args.push("-o".into());
        args.push(format!("bundle-{}.s", t.name));
        children.push((t.name.to_string(), spawn(&clang, &tmp, &args)));
        members.push(idx);
    }
    let all: Vec<(&str, &str)> = cases
        .iter()
        .map(|c| (c.text.as_str(), c.hip.as_str()))
        .collect();
    std::fs::write(tmp.join("bundle-host.hip"), amdmm_hip::bundle::bundle(&all)).unwrap();
    let host_args: Vec<String> = [
        "-x",
        "hip",
        "--cuda-host-only",
        "-nogpulib",
        "-nogpuinc",
        "-fsyntax-only",
        "bundle-host.hip",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    children.push(("the host side".into(), spawn(&clang, &tmp, &host_args)));

    // Meanwhile, the memory model's outcomes of every test.
    let models: Vec<amdmm_explore::Outcome> = cases
        .iter()
        .map(|c| amdmm_explore::explore(&c.program, &amdmm_explore::Options::default()))
        .collect();
    let models_at = started.elapsed().as_secs_f64();
    for (what, c) in children {
        finish(c, &what);
    }
    let compiled_at = started.elapsed().as_secs_f64();

    // Read each (test, processor) back and run it on the hardware model.
    let jobs: Vec<(usize, usize)> = members
        .iter()
        .enumerate()
        .flat_map(|(a, idx)| idx.iter().map(move |&i| (a, i)))
        .collect();
    let asm: Vec<String> = archs
        .iter()
        .map(|t| std::fs::read_to_string(tmp.join(format!("bundle-{}.s", t.name))).unwrap())
        .collect();
    let known = known();
    let next = AtomicUsize::new(0);
    let failures = Mutex::new(Vec::new());
    let limits = Mutex::new(Vec::new());
    let checked = AtomicUsize::new(0);
    std::thread::scope(|s| {
        for _ in 0..2 {
            s.spawn(|| loop {
                let j = next.fetch_add(1, Ordering::Relaxed);
                let Some(&(a, i)) = jobs.get(j) else { break };
                let (t, c) = (&archs[a], &cases[i]);
                let fail = |why: String| {
                    failures
                        .lock()
                        .unwrap()
                        .push(format!("{} ({}) {t}: {why}", c.program.name, c.file))
                };
                let k = members[a].iter().position(|&x| x == i).unwrap();
                let name = amdmm_hip::bundle::kernel_name(k);
                let Some(kernel) = amdmm_hip::asm::named_kernel_text(&asm[a], &name) else {
                    fail(format!("kernel {name} is not in the assembly"));
                    continue;
                };
                let p = &c.program;
                let mut per_thread = String::new();
                for ti in 0..p.threads.len() {
                    let n = amdmm_hw::llc::ir::kernel_name(p, ti);
                    per_thread.push_str(&amdmm_hip::asm::thread_kernel(&kernel, ti, &n));
                }
                let l = match amdmm_hw::llc::from_asm(p, t, &per_thread) {
                    Ok(l) => l,
                    Err(e) => {
                        fail(e);
                        continue;
                    }
                };
                let bad = amdmm_hw::llc::unattributable(p, &l);
                if !bad.is_empty() {
                    fail(bad.join("; "));
                    continue;
                }
                let opts = HwOptions {
                    max_states: MAX_HW_STATES,
                    ..HwOptions::default()
                };
                let hw = match explore_lowered(p, l, &opts) {
                    Ok(h) => h,
                    Err(e) => {
                        fail(e.to_string());
                        continue;
                    }
                };
                if let Some(r) = &hw.outcome.limit {
                    limits
                        .lock()
                        .unwrap()
                        .push(format!("LIMIT {} ({}) {t}: {r:?}", p.name, c.file));
                    continue;
                }
                checked.fetch_add(1, Ordering::Relaxed);
                let v = compare(hw, &models[i]);
                for (s, _) in &v.forbidden {
                    let shown = amdmm_hw::machine::render_state(&v.hw.outcome, s);
                    let is_known = known
                        .iter()
                        .any(|(kt, ka, ko)| *kt == p.name && *ka == t.to_string() && *ko == shown);
                    if !is_known {
                        fail(format!("FORBIDDEN {shown}"));
                    }
                }
            });
        }
    });
    let _ = std::fs::remove_dir_all(&tmp);
    let failures = failures.into_inner().unwrap();
    let limits = limits.into_inner().unwrap();
    let pairs = checked.load(Ordering::Relaxed);
    for l in &limits {
        eprintln!("{l}");
    }
    eprintln!(
        "{} of {} corpus tests compiled ({} (test, processor) pairs: {}), {refused} refused by the program, {unlowered} lowered on none of the four; \
         {pairs} pairs read back and checked, {} at the state limit; the model {models_at:.0} s, clang {compiled_at:.0} s, in all {:.0} s",
        cases.len(),
        files.len(),
        jobs.len(),
        archs
            .iter()
            .zip(&members)
            .map(|(t, m)| format!("{} {t}", m.len()))
            .collect::<Vec<_>>()
            .join(", "),
        limits.len(),
        started.elapsed().as_secs_f64()
    );
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    // The corpus's size today (700 tests): a change that loses programs
    // (a generator refusing more, a directory not walked) fails here.
    assert!(cases.len() >= 400, "only {} programs compiled", cases.len());
    assert!(pairs >= 1500, "only {pairs} pairs checked");
}
