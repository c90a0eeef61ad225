//! Every limit holds, in every search loop and every command (issue 12):
//! a run stops close to its `--timeout`, `--max-executions` stops a search
//! that prunes heavily, the hardware model takes `--timeout` too, and a
//! numeric option out of range is an error, never a panic.

use std::time::{Duration, Instant};

mod common;
use common::*;

const RLX20: &str = "tests/fixtures/limits/RLX20.litmus";
const MO11_SC: &str = "tests/fixtures/limits/MO11.seq_cst.litmus";
const MO11: &str = "tests/fixtures/limits/MO11.monotonic.litmus";

fn timed(args: &[&str]) -> (std::process::Output, Duration) {
    let start = Instant::now();
    let o = amdmm(args);
    (o, start.elapsed())
}

/// The reads-from search checks the time limit at its inner nodes, not only
/// at completed candidates.
#[test]
fn timeout_ends_a_pruning_search_in_time() {
    let (o, t) = timed(&["run", "--no-time", "--timeout", "2", RLX20]);
    let out = stdout(&o);
    assert!(
        out.contains("Unknown RLX20 limit reached: --timeout 2s"),
        "{out}"
    );
    assert!(out.contains("\nNo\n"), "never Ok next to Unknown: {out}");
    assert!(t < Duration::from_secs(3), "took {t:?}");
}

/// The modification-order enumeration checks the limits too.
#[test]
fn timeout_ends_a_modification_order_search_in_time() {
    let (o, t) = timed(&["run", "--no-time", "--timeout", "2", MO11_SC]);
    let out = stdout(&o);
    assert!(
        out.contains("Unknown MO11.seq_cst limit reached: --timeout 2s"),
        "{out}"
    );
    assert!(t < Duration::from_secs(3), "took {t:?}");
    let (o, t) = timed(&["run", "--no-time", "--max-executions", "10", MO11_SC]);
    assert!(
        stdout(&o).contains("limit reached: --max-executions 10"),
        "{}",
        stdout(&o)
    );
    assert!(t < Duration::from_secs(3), "took {t:?}");
}

#[test]
fn max_executions_stops_a_pruning_search() {
    let (o, t) = timed(&["run", "--no-time", "--max-executions", "1000", RLX20]);
    let out = stdout(&o);
    assert!(
        out.contains("Unknown RLX20 limit reached: --max-executions 1000"),
        "{out}"
    );
    assert!(t < Duration::from_secs(3), "took {t:?}");
}

/// A condition on a final value needs only the last write of each shown
/// location: eleven candidates, not 11! orders.
#[test]
fn final_value_needs_only_the_last_write() {
    let (o, t) = timed(&["run", "--no-time", "--timeout", "10", MO11]);
    let out = stdout(&o);
    assert!(
        out.contains("Observation MO11.monotonic Sometimes 1 10"),
        "{out}"
    );
    assert!(t < Duration::from_secs(3), "took {t:?}");
}

/// `-j` far above the work is capped: one test does not start 5000 threads.
#[test]
fn jobs_capped_at_the_work() {
    let (o, t) = timed(&["run", "--no-time", "-j", "5000", MO11]);
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    assert!(t < Duration::from_secs(3), "took {t:?}");
}

/// `run --target` takes `--timeout` (the hardware model's search checks it).
#[test]
fn hardware_run_takes_a_timeout() {
    let o = amdmm(&[
        "run",
        "--no-time",
        "--target",
        "gfx942",
        "--timeout",
        "30",
        "tests/fixtures/pass/MP+rel-acq.agent.litmus",
    ]);
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    assert!(stdout(&o).contains("Observation"), "{}", stdout(&o));
}

/// Numeric options are validated: out of range is a usage error (exit 2),
/// never a panic (exit 101).
#[test]
fn numeric_options_validated() {
    for args in [
        &["import", "vulkan-alloy", "--timeout", "1e300", "x"][..],
        &["run", "--timeout", "1e300", RLX20],
        &["run", "--timeout=-1", RLX20],
        &["run", "--max-memory", "0", RLX20],
        &["verify", "--target", "gfx942", "--timeout", "nan", RLX20],
    ] {
        let o = amdmm(args);
        assert_eq!(code(&o), 2, "{args:?}: {}", stderr(&o));
        assert!(
            stderr(&o).contains("invalid value"),
            "{args:?}: {}",
            stderr(&o)
        );
    }
}

/// A memory limit below what the process already uses ends the run with
/// `Unknown` and the reason.
#[test]
fn memory_limit_gives_unknown() {
    if !std::path::Path::new("/proc/self/statm").exists() {
        eprintln!("skipped: no /proc/self/statm, the memory limit is not enforced here");
        return;
    }
    let o = amdmm(&["run", "--no-time", "--max-memory", "1", RLX20]);
    let out = stdout(&o);
    assert!(out.contains("limit reached: --max-memory 1 MiB"), "{out}");
}
