//! CI check of the generated programs (docs/gpu.md, "What CI checks"):
//! every program of the corpus's top-level tests compiles for the device
//! with `clang-22 -x hip --cuda-device-only -nogpulib -nogpuinc` for
//! gfx90a, gfx942, gfx1100 and gfx1200 (no ROCm needed), the host side
//! parses (`--cuda-host-only -fsyntax-only`, with the program's own
//! declarations of the HIP runtime), and the device code clang produced is
//! read back per test operation, as `verify --code llc` reads llc's code:
//! every access is exactly one memory instruction of its kind, and the
//! hardware models running the compiled kernel find no outcome the memory
//! model forbids (beyond the known findings): the harness adds or drops no
//! ordering the test's outcomes depend on.
//!
//! Without clang-22 the test passes with a note, except under CI (`CI` set),
//! where it fails: the check must run there.

use amdmm_hw::machine::{compare, explore_lowered, HwOptions};
use amdmm_hw::Target;
use std::path::{Path, PathBuf};
use std::process::Command;

/// The device flags of docs/gpu.md's build line (`hipcc ...`).
const BUILD_FLAGS: [&str; 4] = [
    "-O2",
    "-fno-unroll-loops",
    "-mllvm",
    "-amdgpu-atomic-optimizer-strategy=None",
];

fn clang() -> Option<String> {
    let c = std::env::var("AMDMM_CLANG").unwrap_or_else(|_| "clang-22".into());
    Command::new(&c)
        .arg("--version")
        .output()
        .ok()
        .filter(|o| o.status.success())
        .map(|_| c)
}

fn corpus() -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../litmus");
    let mut v: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "litmus"))
        .collect();
    v.sort();
    v
}

/// The known findings of `test` on `target`: (test, target, outcome).
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

#[test]
fn corpus_programs_compile_and_keep_their_orderings() {
    let Some(clang) = clang() else {
        assert!(
            std::env::var_os("CI").is_none(),
            "CI: clang-22 is needed to compile the generated HIP programs (apt-get install clang-22)"
        );
        eprintln!("note: clang-22 not found; the HIP programs were not compiled");
        return;
    };
    let started = std::time::Instant::now();
    let tmp = std::env::temp_dir().join(format!("amdmm-hip-ci-{}", std::process::id()));
    std::fs::create_dir_all(&tmp).unwrap();
    let known = known();
    let (mut compiled, mut pairs, mut skipped) = (0, 0, 0);
    let mut failures = Vec::new();
    // CI compiles every third top-level test (docs/gpu.md, "What CI checks",
    // for the cost); AMDMM_HIP_ALL=1 compiles them all.
    let all = std::env::var_os("AMDMM_HIP_ALL").is_some();
    for (n, path) in corpus().into_iter().enumerate() {
        if !all && n % 3 != 0 {
            continue;
        }
        let p = amdmm_program::load(&std::fs::read_to_string(&path).unwrap()).unwrap();
        // The processors whose tables lower the test (the others cannot
        // compile it either: `amdmm hip` would skip the test for them).
        let targets: Vec<Target> = amdmm_hip::DEFAULT_ARCHS
            .iter()
            .map(|a| Target::parse(a).unwrap())
            .filter(|t| amdmm_hw::lower(&p, t).is_ok())
            .collect();
        let Ok(text) = amdmm_hip::generate(&p, "test.litmus") else {
            skipped += 1;
            continue;
        };
        if targets.is_empty() {
            skipped += 1;
            continue;
        }
        let src = tmp.join(format!("t{compiled}.hip"));
        std::fs::write(&src, &text).unwrap();
        let archs: Vec<String> = targets.iter().map(|t| t.name.to_string()).collect();
        let out = Command::new(&clang)
            .current_dir(&tmp)
            .args([
                "-x",
                "hip",
                "--cuda-device-only",
                "-nogpulib",
                "-nogpuinc",
                "-S",
            ])
            .args(BUILD_FLAGS)
            .arg(format!("--offload-arch={}", archs.join(",")))
            .arg(&src)
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "{}: clang failed:\n{}",
            p.name,
            String::from_utf8_lossy(&out.stderr)
        );
        let host = Command::new(&clang)
            .args([
                "-x",
                "hip",
                "--cuda-host-only",
                "-nogpulib",
                "-nogpuinc",
                "-fsyntax-only",
            ])
            .arg(&src)
            .output()
            .unwrap();
        assert!(
            host.status.success(),
            "{}: the host side does not parse:\n{}",
            p.name,
            String::from_utf8_lossy(&host.stderr)
        );
        compiled += 1;
        let model = amdmm_explore::explore(&p, &amdmm_explore::Options::default());
        for t in &targets {
            let stem = src.file_stem().unwrap().to_string_lossy();
            let s = tmp.join(format!("{stem}-hip-amdgcn-amd-amdhsa-{}.s", t.name));
            let asm = std::fs::read_to_string(&s).unwrap();
            let kernel = amdmm_hip::asm::kernel_text(&asm).expect("the kernel is in the assembly");
            let mut per_thread = String::new();
            for ti in 0..p.threads.len() {
                let name = amdmm_hw::llc::ir::kernel_name(&p, ti);
                per_thread.push_str(&amdmm_hip::asm::thread_kernel(&kernel, ti, &name));
            }
            let l = match amdmm_hw::llc::from_asm(&p, t, &per_thread) {
                Ok(l) => l,
                Err(e) => {
                    failures.push(format!("{} {t}: {e}", p.name));
                    continue;
                }
            };
            let bad = amdmm_hw::llc::unattributable(&p, &l);
            if !bad.is_empty() {
                failures.push(format!("{} {t}: {}", p.name, bad.join("; ")));
                continue;
            }
            pairs += 1;
            let hw = match explore_lowered(&p, l, &HwOptions::default()) {
                Ok(h) => h,
                Err(e) => {
                    failures.push(format!("{} {t}: {e}", p.name));
                    continue;
                }
            };
            let v = compare(hw, &model);
            for (s, _) in &v.forbidden {
                let shown = amdmm_hw::machine::render_state(&v.hw.outcome, s);
                let is_known = known
                    .iter()
                    .any(|(kt, ka, ko)| *kt == p.name && *ka == t.to_string() && *ko == shown);
                if !is_known {
                    failures.push(format!("{} {t}: FORBIDDEN {shown}", p.name));
                }
            }
        }
    }
    let _ = std::fs::remove_dir_all(&tmp);
    eprintln!(
        "{compiled} programs compiled, {pairs} (test, processor) pairs checked, {skipped} tests skipped, in {:.0} s",
        started.elapsed().as_secs_f64()
    );
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert!(compiled >= 20, "only {compiled} programs compiled");
    assert!(pairs >= 70, "only {pairs} pairs checked");
}
