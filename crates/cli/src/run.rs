//! Running tests: one file through parse and exploration, many files on a
//! rayon pool with results delivered in input order.

use amdmm_explore::{LoadError, Options, Outcome};
use amdmm_program::Program;
use std::cell::{Cell, RefCell};
use std::collections::BTreeMap;
use std::panic::{self, AssertUnwindSafe};
use std::path::{Path, PathBuf};
use std::sync::mpsc;
use std::time::Instant;

/// What happened to one test file.
pub enum TestResult {
    /// The file could not be read or parsed: why.
    Input {
        file: String,
        diagnostics: Vec<amdmm_report::FileDiagnostic>,
    },
    /// The test ran; `internal_error` is set when the engine panicked (the
    /// outcome is then an empty `Unknown` one).
    Ran {
        file: String,
        program: Box<Program>,
        outcome: Box<Outcome>,
        seconds: f64,
        internal_error: Option<String>,
    },
}

thread_local! {
    /// Set while running parser or engine code: panics there are caught and reported.
    static CATCHING: Cell<bool> = const { Cell::new(false) };
    /// Where the last caught panic happened.
    static PANIC_AT: RefCell<Option<String>> = const { RefCell::new(None) };
}

/// Installs a panic hook that stays quiet for panics caught by [`guarded`]
/// (they are reported as test results) and keeps the default behaviour elsewhere.
pub fn install_panic_hook() {
    let default = panic::take_hook();
    panic::set_hook(Box::new(move |info| {
        if CATCHING.with(|c| c.get()) {
            let at = info.location().map(|l| l.to_string());
            PANIC_AT.with(|p| *p.borrow_mut() = at);
        } else {
            default(info);
        }
    }));
}

/// Runs `f`, turning a panic into `Err(message)`.
pub(crate) fn guarded<R>(f: impl FnOnce() -> R) -> Result<R, String> {
    CATCHING.with(|c| c.set(true));
    let r = panic::catch_unwind(AssertUnwindSafe(f));
    CATCHING.with(|c| c.set(false));
    r.map_err(|payload| {
        let msg = if let Some(s) = payload.downcast_ref::<&str>() {
            s.to_string()
        } else if let Some(s) = payload.downcast_ref::<String>() {
            s.clone()
        } else {
            "panic".to_string()
        };
        match PANIC_AT.with(|p| p.borrow_mut().take()) {
            Some(at) => format!("{msg} (at {at})"),
            None => msg,
        }
    })
}

/// Reads, parses and explores one file.
pub fn run_one(path: &Path, opts: &Options) -> TestResult {
    let file = crate::collect::display_name(path);
    let src = match crate::collect::read_or_diagnose(path) {
        Ok(s) => s,
        Err(e) => {
            let diagnostics = vec![*e];
            return TestResult::Input { file, diagnostics };
        }
    };
    // One clock for the whole test: `--timeout` covers reading it too.
    let start = Instant::now();
    let program = match guarded(|| amdmm_explore::load(&src, opts, start)) {
        Ok(Ok(p)) => p,
        Ok(Err(LoadError::Invalid(diags))) => {
            let diagnostics = crate::collect::in_source(&file, &src, diags);
            return TestResult::Input { file, diagnostics };
        }
        Ok(Err(LoadError::Limit(reason))) => {
            let program = amdmm_program::Program::unread(test_name(&src, path));
            let mut outcome = Outcome::empty(&program);
            outcome.limit = Some(reason);
            return TestResult::Ran {
                file,
                program: Box::new(program),
                outcome: Box::new(outcome),
                seconds: start.elapsed().as_secs_f64(),
                internal_error: None,
            };
        }
        Err(msg) => {
            let diagnostics = vec![amdmm_report::FileDiagnostic::whole(
                &file,
                format!("internal error in the parser on {file}: {msg}"),
                None,
            )];
            return TestResult::Input { file, diagnostics };
        }
    };
    let explored = guarded(|| amdmm_explore::explore_since(&program, opts, start));
    let seconds = start.elapsed().as_secs_f64();
    let (outcome, internal_error) = match explored {
        Ok(o) => (o, None),
        Err(msg) => (amdmm_report::internal_error_outcome(&program), Some(msg)),
    };
    TestResult::Ran {
        file,
        program: Box::new(program),
        outcome: Box::new(outcome),
        seconds,
        internal_error,
    }
}

/// The name of a test that a limit stopped reading: its header's name
/// (`AMDGPU NAME`, the first line that is not blank or a comment), else the
/// file's stem.
pub(crate) fn test_name(src: &str, path: &Path) -> String {
    let header = src
        .lines()
        .map(str::trim)
        .find(|l| !l.is_empty() && !l.starts_with("//"))
        .and_then(|l| l.strip_prefix("AMDGPU"))
        .and_then(|rest| rest.split_whitespace().next());
    match header {
        Some(name) => name.to_string(),
        None => path.file_stem().map_or_else(
            || "<stdin>".to_string(),
            |s| s.to_string_lossy().into_owned(),
        ),
    }
}

/// Runs every file on a pool of `jobs` threads and calls `deliver` on the
/// calling thread with each result, in the order of `files`. `done` is
/// called once per finished test, in completion order.
pub fn run_all(
    files: &[PathBuf],
    opts: &Options,
    jobs: usize,
    done: impl FnMut(),
    deliver: impl FnMut(TestResult),
) -> Result<(), String> {
    ordered_parallel(files, jobs, |f| run_one(f, opts), done, deliver)
}

/// Maps `f` over `items` on a pool of `jobs` threads and calls `deliver` on
/// the calling thread with each result in the order of `items` (so output
/// does not depend on the thread count), as soon as it and every earlier
/// result are ready. `done` is called once per finished item, in completion
/// order (for progress bars).
pub fn ordered_parallel<I: Sync, R: Send>(
    items: &[I],
    jobs: usize,
    f: impl Fn(&I) -> R + Sync,
    mut done: impl FnMut(),
    mut deliver: impl FnMut(R),
) -> Result<(), String> {
    use rayon::prelude::*;
    // No more threads than the work can use: the items, or the cores (one
    // test's units run in parallel too). `-j 5000` on one test starts at
    // most one thread per core.
    let cores = jobs_or_cores(None);
    let jobs = jobs.min(items.len().max(cores)).max(1);
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(jobs)
        .stack_size(64 << 20)
        .build()
        .map_err(|e| format!("cannot start {jobs} worker threads: {e}"))?;
    let (tx, rx) = mpsc::channel::<(usize, R)>();
    let f = &f;
    std::thread::scope(|s| {
        s.spawn(move || {
            pool.install(|| {
                items
                    .par_iter()
                    .enumerate()
                    .for_each_with(tx, |tx, (i, item)| {
                        // The receiver lives until every result is in.
                        let _ = tx.send((i, f(item)));
                    })
            })
        });
        let mut pending = BTreeMap::new();
        let mut next = 0;
        for (i, r) in rx {
            done();
            pending.insert(i, r);
            while let Some(r) = pending.remove(&next) {
                deliver(r);
                next += 1;
            }
        }
    });
    Ok(())
}

/// The number of worker threads: `--jobs N`, or one per core.
pub fn jobs_or_cores(jobs: Option<usize>) -> usize {
    jobs.unwrap_or_else(|| {
        std::thread::available_parallelism()
            .map(|n| n.get())
            .unwrap_or(1)
    })
}
