//! Every command that writes files goes through the one safe writer
//! (`amdmm_io::write`, docs/cli.md "Files amdmm writes"; issue 24 items 1,
//! 2 and 7): for each writer — `run --graph`, `run --target --graph`,
//! `explain --graph`, `verify --graph`, `gen --out`, `diy --out`, `import
//! --out`, `hip --out`, `campaign --out` (results and report), `campaign
//! merge --out` — a
//! symbolic link, a dangling link, a FIFO, a foreign file and a read-only
//! directory at the output are refused (the link's target untouched, no
//! file created outside DIR, no hang), `--force` replaces only the foreign
//! regular file, and amdmm's own files are regenerated without `--force`.
//! SIGINT in the middle of any of them leaves no empty or partial file.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

mod common;
use common::*;

fn scratch(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("amdmm-writers-{}-{name}", std::process::id()));
    let _ = fs::remove_dir_all(&d);
    fs::create_dir_all(&d).unwrap();
    d
}

/// One writer: its arguments given the output directory, and the name of
/// one file it writes there (a file it writes the same bytes to every time:
/// the SIGINT case compares it with a full run's).
struct Writer {
    name: &'static str,
    args: fn(&str) -> Vec<String>,
    file: &'static str,
}

impl Writer {
    /// Whether its file carries the run's time (campaign reports): the same
    /// run twice does not give the same bytes.
    fn timed(&self) -> bool {
        self.name.starts_with("campaign") && self.file.starts_with("report")
    }
}

fn v(a: &[&str]) -> Vec<String> {
    a.iter().map(|s| s.to_string()).collect()
}

const WRITERS: &[Writer] = &[
    Writer {
        name: "run --graph",
        args: |d| {
            v(&[
                "run",
                "--graph",
                d,
                "--graph-format",
                "dot",
                "../../litmus/MP+rel-acq.agent.litmus",
            ])
        },
        file: "MP+rel-acq.agent.state-1.dot",
    },
    Writer {
        name: "run --target --graph",
        args: |d| {
            v(&[
                "run",
                "--target",
                "gfx942",
                "--graph",
                d,
                "--graph-format",
                "dot",
                "../../litmus/MP+rel-acq.agent.litmus",
            ])
        },
        file: "MP+rel-acq.agent.gfx942.state-1.dot",
    },
    Writer {
        name: "explain --graph",
        args: |d| {
            v(&[
                "explain",
                "--graph",
                d,
                "--graph-format",
                "dot",
                "../../litmus/CoRR.litmus",
            ])
        },
        file: "CoRR.explain-1.dot",
    },
    Writer {
        name: "verify --graph",
        args: |d| {
            v(&[
                "verify",
                "--target",
                "gfx942",
                "--graph",
                d,
                "--graph-format",
                "dot",
                "../../litmus/ISA2+avs.wg+fence-rel.agent+avl.agent.litmus",
            ])
        },
        file: "ISA2+avs.wg+fence-rel.agent+avl.agent.gfx942.forbidden-1.dot",
    },
    Writer {
        name: "gen --out",
        args: |d| v(&["gen", "sb", "--out", d]),
        file: "SB-2+relaxed.agent.litmus",
    },
    Writer {
        name: "diy --out",
        args: |d| {
            v(&[
                "diy",
                "-size",
                "4",
                "-nprocs",
                "2",
                "-relax",
                "PodWR",
                "-safe",
                "Fre",
                "--placement",
                "agent",
                "--out",
                d,
            ])
        },
        file: "PodWR+Fre+PodWR+Fre@agent.litmus",
    },
    Writer {
        name: "import --out",
        args: |d| {
            v(&[
                "import",
                "vulkan-alloy",
                "tests/fixtures/vulkan-alloy/mp.test",
                "--out",
                d,
            ])
        },
        file: "mp.litmus",
    },
    Writer {
        name: "hip --out",
        args: |d| v(&["hip", "../../litmus/MP+rel-acq.agent.litmus", "--out", d]),
        file: "MP+rel-acq.agent.hip",
    },
    Writer {
        name: "campaign --out (results)",
        args: |d| campaign_args(d),
        file: "results-1-of-1.jsonl",
    },
    Writer {
        name: "campaign --out (report)",
        args: |d| campaign_args(d),
        file: "report.txt",
    },
    Writer {
        name: "campaign merge --out",
        args: |d| {
            let shard = campaign_shard();
            v(&["campaign", "merge", shard.to_str().unwrap(), "--out", d])
        },
        file: "report.json",
    },
];

/// A small campaign: one test, one target, the tables' code.
fn campaign_args(d: &str) -> Vec<String> {
    v(&[
        "campaign",
        "../../litmus/CoRR.litmus",
        "--target",
        "gfx942",
        "--code",
        "table",
        "-j",
        "1",
        "--out",
        d,
    ])
}

/// A shard's results for `campaign merge` to read, made once per test run.
fn campaign_shard() -> PathBuf {
    static SHARD: std::sync::OnceLock<PathBuf> = std::sync::OnceLock::new();
    SHARD
        .get_or_init(|| {
            let d = scratch("merge-input");
            let o = amdmm(
                &campaign_args(d.to_str().unwrap())
                    .iter()
                    .map(String::as_str)
                    .collect::<Vec<_>>(),
            );
            assert_eq!(code(&o), 0, "{}", stderr(&o));
            d.join("results-1-of-1.jsonl")
        })
        .clone()
}

/// Runs amdmm with `args` (plus `--force` when asked), killed after 60 s so
/// that a hang fails the test instead of hanging it.
fn run(w: &Writer, dir: &Path, force: bool) -> Output {
    let mut args = (w.args)(dir.to_str().unwrap());
    if force {
        args.push("--force".into());
    }
    let mut child = Command::new(env!("CARGO_BIN_EXE_amdmm"))
        .args(&args)
        .current_dir(manifest_dir())
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let start = Instant::now();
    while child.try_wait().unwrap().is_none() {
        if start.elapsed() > Duration::from_secs(60) {
            let _ = child.kill();
            panic!("{}: still running after 60 s (a hang)", w.name);
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    child.wait_with_output().unwrap()
}

fn assert_refused(w: &Writer, o: &Output, what: &str) {
    assert_eq!(o.status.code(), Some(2), "{}: {}", w.name, stderr(o));
    assert!(stderr(o).contains(what), "{}: {}", w.name, stderr(o));
}

#[test]
fn foreign_files_need_force_and_own_files_are_regenerated() {
    for (k, w) in WRITERS.iter().enumerate() {
        let d = scratch(&format!("foreign-{k}"));
        let p = d.join(w.file);
        fs::write(&p, "hand-written\n").unwrap();
        let o = run(w, &d, false);
        assert_refused(w, &o, "exists and was not written by amdmm; give --force");
        assert_eq!(
            fs::read_to_string(&p).unwrap(),
            "hand-written\n",
            "{}",
            w.name
        );
        let o = run(w, &d, true);
        assert_eq!(o.status.code(), Some(0), "{}: {}", w.name, stderr(&o));
        let first = fs::read_to_string(&p).unwrap();
        assert_ne!(first, "hand-written\n", "{}", w.name);
        // Its own file: replaced without --force, same bytes (but the time).
        let o = run(w, &d, false);
        assert_eq!(o.status.code(), Some(0), "{}: {}", w.name, stderr(&o));
        if !w.timed() {
            assert_eq!(fs::read_to_string(&p).unwrap(), first, "{}", w.name);
        }
        // No temporary file left behind.
        let hidden: Vec<_> = fs::read_dir(&d)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .filter(|n| n.starts_with('.'))
            .collect();
        assert!(hidden.is_empty(), "{}: {hidden:?}", w.name);
    }
}

#[cfg(unix)]
#[test]
fn links_are_never_written_through() {
    for (k, w) in WRITERS.iter().enumerate() {
        let d = scratch(&format!("link-{k}"));
        let out = d.join("out");
        fs::create_dir_all(&out).unwrap();
        let outside = d.join("outside.txt");
        fs::write(&outside, "precious\n").unwrap();
        std::os::unix::fs::symlink(&outside, out.join(w.file)).unwrap();
        for force in [false, true] {
            let o = run(w, &out, force);
            assert_refused(w, &o, "is a symbolic link");
            assert_eq!(
                fs::read_to_string(&outside).unwrap(),
                "precious\n",
                "{}",
                w.name
            );
        }
        // A dangling link creates nothing outside DIR.
        let nowhere = d.join("nowhere.txt");
        fs::remove_file(out.join(w.file)).unwrap();
        std::os::unix::fs::symlink(&nowhere, out.join(w.file)).unwrap();
        for force in [false, true] {
            let o = run(w, &out, force);
            assert_refused(w, &o, "is a symbolic link");
            assert!(
                !nowhere.exists(),
                "{}: wrote through a dangling link",
                w.name
            );
        }
    }
}

#[cfg(unix)]
#[test]
fn a_fifo_is_refused_without_hanging() {
    for (k, w) in WRITERS.iter().enumerate() {
        let d = scratch(&format!("fifo-{k}"));
        let p = d.join(w.file);
        let made = Command::new("mkfifo").arg(&p).status();
        if !made.is_ok_and(|s| s.success()) {
            eprintln!("mkfifo unavailable: FIFO case not run");
            return;
        }
        for force in [false, true] {
            let o = run(w, &d, force);
            assert_refused(w, &o, "is not a regular file (a FIFO)");
        }
    }
}

#[cfg(unix)]
#[test]
fn a_read_only_directory_is_an_error() {
    use std::os::unix::fs::PermissionsExt;
    for (k, w) in WRITERS.iter().enumerate() {
        let d = scratch(&format!("ro-{k}"));
        fs::set_permissions(&d, fs::Permissions::from_mode(0o500)).unwrap();
        // root writes into any directory: nothing to test then.
        let probe = fs::write(d.join("probe"), "");
        if probe.is_ok() {
            fs::set_permissions(&d, fs::Permissions::from_mode(0o700)).unwrap();
            eprintln!("running as root: the read-only directory case cannot fail");
            return;
        }
        let o = run(w, &d, false);
        fs::set_permissions(&d, fs::Permissions::from_mode(0o700)).unwrap();
        assert_refused(w, &o, "not writable");
        assert_eq!(fs::read_dir(&d).unwrap().count(), 0, "{}", w.name);
    }
}

/// `gen --replace` removes the generated tests it did not write this time,
/// never a hand-written one (unless --force).
#[test]
fn gen_replace_keeps_hand_written_tests() {
    let d = scratch("replace");
    let ds = d.to_str().unwrap();
    let o = amdmm(&["gen", "mp", "--out", ds]);
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    fs::write(d.join("mine.litmus"), "hand-written\n").unwrap();
    let o = amdmm(&["gen", "sb", "--replace", "--out", ds]);
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    assert!(stderr(&o).contains("kept 1 file(s)"), "{}", stderr(&o));
    assert!(!d.join("MP-2+relaxed.agent.litmus").exists());
    assert!(d.join("mine.litmus").exists());
    let o = amdmm(&["gen", "sb", "--replace", "--force", "--out", ds]);
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    assert!(!d.join("mine.litmus").exists());
}

/// SIGINT at random moments of `gen hw-mp` (210 tests): every `.litmus`
/// file left is complete (byte for byte the full run's), and no temporary
/// file is left (issue 24 item 7: 0-byte tests in 3 of 8 trials).
#[cfg(unix)]
#[test]
fn sigint_mid_write_leaves_no_partial_file() {
    let full = scratch("sigint-full");
    let o = amdmm(&["gen", "hw-mp", "--out", full.to_str().unwrap()]);
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    let mut interrupted = 0;
    for trial in 0..8u64 {
        let d = scratch(&format!("sigint-{trial}"));
        let mut child = Command::new(env!("CARGO_BIN_EXE_amdmm"))
            .args(["gen", "hw-mp", "--out", d.to_str().unwrap()])
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        // Spread over the run: 2 ms to ~100 ms.
        std::thread::sleep(Duration::from_millis(2 + trial * trial * 2));
        // SAFETY: kill(2) on our own child's pid.
        unsafe {
            libc_kill(child.id() as i32, 2);
        }
        let st = child.wait().unwrap();
        if st.code().is_none() {
            interrupted += 1;
        }
        for e in fs::read_dir(&d).unwrap() {
            let name = e.unwrap().file_name().to_string_lossy().into_owned();
            assert!(
                !name.starts_with('.'),
                "trial {trial}: temporary file {name} left"
            );
            let got = fs::read(d.join(&name)).unwrap();
            let want = fs::read(full.join(&name)).unwrap();
            assert!(
                got == want,
                "trial {trial}: {name} is partial ({} bytes)",
                got.len()
            );
        }
    }
    eprintln!("{interrupted} of 8 trials interrupted mid-run");
}

/// SIGINT at several moments of every writer's run (issue 24, "the audit's
/// cases pass for every writer"): what is left in DIR is never a temporary
/// file, and its file is either absent or complete: byte for byte the full
/// run's, or (campaign reports, which carry the run's time, and results,
/// which grow) ending in a newline; a results file's lines are each a JSON
/// object.
#[cfg(unix)]
#[test]
fn sigint_leaves_every_writer_s_files_whole() {
    for (k, w) in WRITERS.iter().enumerate() {
        let full = scratch(&format!("sigint-ref-{k}"));
        let o = run(w, &full, false);
        assert_eq!(o.status.code(), Some(0), "{}: {}", w.name, stderr(&o));
        let want = fs::read(full.join(w.file)).unwrap();
        for ms in [0u64, 5, 15, 40, 90] {
            let d = scratch(&format!("sigint-{k}-{ms}"));
            let mut child = Command::new(env!("CARGO_BIN_EXE_amdmm"))
                .args((w.args)(d.to_str().unwrap()))
                .current_dir(manifest_dir())
                .stdout(Stdio::null())
                .stderr(Stdio::null())
                .spawn()
                .unwrap();
            std::thread::sleep(Duration::from_millis(ms));
            // SAFETY: kill(2) on our own child's pid.
            unsafe {
                libc_kill(child.id() as i32, 2);
            }
            child.wait().unwrap();
            for e in fs::read_dir(&d).unwrap() {
                let name = e.unwrap().file_name().to_string_lossy().into_owned();
                assert!(
                    !name.starts_with('.'),
                    "{}, {ms} ms: temporary file {name} left",
                    w.name
                );
            }
            let Ok(got) = fs::read(d.join(w.file)) else {
                continue;
            };
            // A campaign's results grow as pairs finish: a whole file of
            // fewer lines is complete too.
            if w.timed() || w.file.ends_with(".jsonl") {
                assert!(got.ends_with(b"\n"), "{}, {ms} ms: partial file", w.name);
            } else {
                assert!(
                    got == want,
                    "{}, {ms} ms: partial file ({} bytes)",
                    w.name,
                    got.len()
                );
            }
            if w.file.ends_with(".jsonl") {
                for l in String::from_utf8(got).unwrap().lines() {
                    assert!(
                        serde_json::from_str::<serde_json::Value>(l).is_ok(),
                        "{}, {ms} ms: partial line {l}",
                        w.name
                    );
                }
            }
        }
    }
}

#[cfg(unix)]
extern "C" {
    #[link_name = "kill"]
    fn libc_kill(pid: i32, sig: i32) -> i32;
}
