//! Running an external program (llc, clang, Graphviz `dot`): the one way
//! amdmm does it (issue 24: an llc that exited without reading its input
//! killed amdmm by SIGPIPE; a stuck llc hung `verify --timeout 2`).
//!
//! - the input is written on its own thread, with SIGPIPE blocked there, so
//!   a program that exits without reading it is an error naming the
//!   program, never the death of amdmm;
//! - standard output and standard error are read on their own threads (no
//!   deadlock on a full pipe) and kept: the error text goes into messages;
//! - a deadline bounds the run: past it, the program and everything it
//!   started (it runs in its own process group) are killed and the run is
//!   [`ToolError::Timeout`];
//! - an exit by signal is reported with the signal's name.

use std::ffi::OsStr;
use std::io::{Read, Write};
use std::path::Path;
use std::process::{Child, Command, ExitStatus, Stdio};
use std::time::{Duration, Instant};

/// What a program that succeeded printed.
#[derive(Clone, Debug)]
pub struct ToolOutput {
    pub stdout: Vec<u8>,
    pub stderr: Vec<u8>,
}

/// Why running a program failed. Every variant names the program.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ToolError {
    /// It could not be started (not found, not executable).
    Spawn { tool: String, error: String },
    /// It exited successfully without reading all of its input.
    ClosedInput { tool: String, stderr: String },
    /// It was still running at the deadline and was killed.
    Timeout { tool: String, after: Duration },
    /// It exited with a failure status or was killed by a signal.
    Failed {
        tool: String,
        /// `exit status 1`, `killed by signal 11 (SIGSEGV)`.
        status: String,
        stderr: String,
        /// It exited before reading all of its input.
        unread_input: bool,
    },
    /// Reading its output failed.
    Io { tool: String, error: String },
}

impl ToolError {
    /// The program's standard error, when it ran.
    pub fn stderr(&self) -> &str {
        match self {
            ToolError::ClosedInput { stderr, .. } | ToolError::Failed { stderr, .. } => stderr,
            _ => "",
        }
    }
}

/// At most this many lines of a program's standard error go into a message.
const STDERR_LINES: usize = 5;

fn stderr_summary(stderr: &str) -> String {
    let lines: Vec<&str> = stderr
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .take(STDERR_LINES)
        .collect();
    if lines.is_empty() {
        String::new()
    } else {
        format!(": {}", lines.join(" | "))
    }
}

impl std::fmt::Display for ToolError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ToolError::Spawn { tool, error } => write!(f, "cannot run `{tool}`: {error}"),
            ToolError::ClosedInput { tool, stderr } => write!(
                f,
                "`{tool}` exited without reading its input{}",
                stderr_summary(stderr)
            ),
            ToolError::Timeout { tool, after } => write!(
                f,
                "`{tool}` did not finish within {} s and was killed (--timeout)",
                trim_secs(*after)
            ),
            ToolError::Failed {
                tool,
                status,
                stderr,
                unread_input,
            } => write!(
                f,
                "`{tool}` failed ({status}{}){}",
                if *unread_input {
                    ", without reading all of its input"
                } else {
                    ""
                },
                stderr_summary(stderr)
            ),
            ToolError::Io { tool, error } => write!(f, "reading the output of `{tool}`: {error}"),
        }
    }
}

impl std::error::Error for ToolError {}

/// `2`, `0.5`: seconds as a user wrote them.
fn trim_secs(d: Duration) -> String {
    let s = format!("{:.3}", d.as_secs_f64());
    s.trim_end_matches('0').trim_end_matches('.').to_string()
}

/// Runs `cmd` with `args`, feeding it `stdin`, until it exits or `deadline`
/// passes (then it and its process group are killed). Success is an exit
/// status of 0 with all of `stdin` read.
pub fn run_tool<S: AsRef<OsStr>>(
    cmd: &Path,
    args: &[S],
    stdin: &[u8],
    deadline: Option<Instant>,
) -> Result<ToolOutput, ToolError> {
    let tool = cmd.display().to_string();
    let started = Instant::now();
    let mut command = Command::new(cmd);
    command
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    #[cfg(unix)]
    {
        // Its own process group, so that a timeout kills what it started
        // too (a shell script's children hold its pipes open).
        use std::os::unix::process::CommandExt;
        command.process_group(0);
    }
    let mut child = command.spawn().map_err(|e| ToolError::Spawn {
        tool: tool.clone(),
        error: e.to_string(),
    })?;
    let (mut input, mut out, mut err) =
        (child.stdin.take(), child.stdout.take(), child.stderr.take());
    std::thread::scope(|s| {
        let writer = s.spawn(move || {
            let Some(pipe) = input.as_mut() else {
                return Ok(());
            };
            write_without_sigpipe(pipe, stdin)
            // The pipe closes here: the program sees the end of its input.
        });
        let out_reader = s.spawn(move || read_all(out.as_mut()));
        let err_reader = s.spawn(move || read_all(err.as_mut()));
        let status = wait_until(&mut child, deadline);
        let written = writer.join().unwrap_or(Ok(()));
        let stdout = out_reader.join().unwrap_or_else(|_| Ok(Vec::new()));
        let stderr = err_reader.join().unwrap_or_else(|_| Ok(Vec::new()));
        let Some(status) = status else {
            return Err(ToolError::Timeout {
                tool: tool.clone(),
                after: deadline.map_or(Duration::ZERO, |d| d.saturating_duration_since(started)),
            });
        };
        let status = status.map_err(|e| ToolError::Io {
            tool: tool.clone(),
            error: e.to_string(),
        })?;
        let io = |e: std::io::Error| ToolError::Io {
            tool: tool.clone(),
            error: e.to_string(),
        };
        let (stdout, stderr) = (stdout.map_err(io)?, stderr.map_err(io)?);
        let stderr_text = String::from_utf8_lossy(&stderr).into_owned();
        let unread_input = written.is_err();
        if !status.success() {
            return Err(ToolError::Failed {
                tool: tool.clone(),
                status: describe(status),
                stderr: stderr_text,
                unread_input,
            });
        }
        if unread_input {
            return Err(ToolError::ClosedInput {
                tool: tool.clone(),
                stderr: stderr_text,
            });
        }
        Ok(ToolOutput { stdout, stderr })
    })
}

fn read_all<R: Read>(r: Option<&mut R>) -> std::io::Result<Vec<u8>> {
    let mut buf = Vec::new();
    if let Some(r) = r {
        r.read_to_end(&mut buf)?;
    }
    Ok(buf)
}

/// Waits for `child` until `deadline`; past it, kills its process group
/// and returns `None`.
fn wait_until(child: &mut Child, deadline: Option<Instant>) -> Option<std::io::Result<ExitStatus>> {
    let Some(deadline) = deadline else {
        return Some(child.wait());
    };
    // Polled: a program runs for milliseconds to minutes, so a sleep that
    // grows from 1 ms to 20 ms costs nothing and overshoots by at most 20 ms.
    let mut nap = Duration::from_millis(1);
    loop {
        match child.try_wait() {
            Ok(Some(st)) => return Some(Ok(st)),
            Ok(None) => {}
            Err(e) => return Some(Err(e)),
        }
        let now = Instant::now();
        if now >= deadline {
            kill_group(child);
            let _ = child.wait();
            return None;
        }
        std::thread::sleep(nap.min(deadline - now));
        nap = (nap * 2).min(Duration::from_millis(20));
    }
}

fn kill_group(child: &mut Child) {
    #[cfg(unix)]
    {
        if let Ok(pid) = i32::try_from(child.id()) {
            // SAFETY: kill(2) with a negative pid signals the process group
            // the child leads (`process_group(0)` above); no memory is shared.
            unsafe {
                libc::kill(-pid, libc::SIGKILL);
            }
        }
    }
    let _ = child.kill();
}

/// Writes `data` to `pipe` with SIGPIPE blocked in this thread, so a reader
/// that has gone is an `EPIPE` error here, not a signal that ends amdmm
/// (whose SIGPIPE is the default action: `amdmm … | head` ends quietly).
fn write_without_sigpipe<W: Write>(pipe: &mut W, data: &[u8]) -> std::io::Result<()> {
    #[cfg(unix)]
    {
        // SAFETY: the signal set is initialised by sigemptyset before use,
        // and pthread_sigmask only changes this (short-lived) thread's mask.
        unsafe {
            let mut set: libc::sigset_t = std::mem::zeroed();
            libc::sigemptyset(&mut set);
            libc::sigaddset(&mut set, libc::SIGPIPE);
            libc::pthread_sigmask(libc::SIG_BLOCK, &set, std::ptr::null_mut());
            let r = pipe.write_all(data).and_then(|()| pipe.flush());
            if r.is_err() {
                // Take the SIGPIPE the failed write left pending on this
                // thread, so it is never delivered.
                let zero = libc::timespec {
                    tv_sec: 0,
                    tv_nsec: 0,
                };
                libc::sigtimedwait(&set, std::ptr::null_mut(), &zero);
            }
            r
        }
    }
    #[cfg(not(unix))]
    {
        pipe.write_all(data).and_then(|()| pipe.flush())
    }
}

/// `exit status 1`, `killed by signal 11 (SIGSEGV)`.
pub fn describe(status: ExitStatus) -> String {
    #[cfg(unix)]
    {
        use std::os::unix::process::ExitStatusExt;
        if let Some(sig) = status.signal() {
            let name = match sig {
                1 => " (SIGHUP)",
                2 => " (SIGINT)",
                4 => " (SIGILL)",
                6 => " (SIGABRT)",
                7 => " (SIGBUS)",
                8 => " (SIGFPE)",
                9 => " (SIGKILL)",
                11 => " (SIGSEGV)",
                13 => " (SIGPIPE)",
                15 => " (SIGTERM)",
                _ => "",
            };
            return format!("killed by signal {sig}{name}");
        }
    }
    match status.code() {
        Some(c) => format!("exit status {c}"),
        None => "no exit status".to_string(),
    }
}

#[cfg(all(test, unix))]
mod tests {
    use super::*;

    fn sh(script: &str, input: &[u8], deadline: Option<Instant>) -> Result<ToolOutput, ToolError> {
        run_tool(Path::new("/bin/sh"), &["-c", script], input, deadline)
    }

    #[test]
    fn feeds_input_and_keeps_output() {
        let o = sh("cat; echo note >&2", b"hello", None).unwrap();
        assert_eq!(o.stdout, b"hello");
        assert_eq!(o.stderr, b"note\n");
    }

    #[test]
    fn large_input_and_output_do_not_deadlock() {
        // 4 MiB each way: more than any pipe buffer.
        let big = vec![b'x'; 4 << 20];
        let o = sh("cat", &big, Some(Instant::now() + Duration::from_secs(60))).unwrap();
        assert_eq!(o.stdout.len(), big.len());
    }

    #[test]
    fn a_program_that_does_not_read_its_input_is_an_error_not_sigpipe() {
        let big = vec![b'x'; 4 << 20];
        let e = sh("exit 0", &big, None).unwrap_err();
        assert!(matches!(e, ToolError::ClosedInput { .. }), "{e:?}");
        assert!(
            e.to_string()
                .contains("`/bin/sh` exited without reading its input"),
            "{e}"
        );
        let e = sh("echo bad >&2; exit 3", &big, None).unwrap_err();
        assert_eq!(
            e.to_string(),
            "`/bin/sh` failed (exit status 3, without reading all of its input): bad"
        );
    }

    #[test]
    fn the_deadline_kills_the_program_and_its_children() {
        let t = Instant::now();
        let e = sh(
            "sleep 30; echo late",
            b"",
            Some(t + Duration::from_millis(300)),
        )
        .unwrap_err();
        assert!(matches!(e, ToolError::Timeout { .. }), "{e:?}");
        assert!(t.elapsed() < Duration::from_secs(5), "{:?}", t.elapsed());
        assert!(e.to_string().contains("did not finish within 0.3 s"), "{e}");
    }

    #[test]
    fn signals_and_failures_are_named() {
        let e = sh("kill -SEGV $$", b"", None).unwrap_err();
        assert!(
            e.to_string().contains("killed by signal 11 (SIGSEGV)"),
            "{e}"
        );
        let e = sh("echo 'LLVM ERROR: x' >&2; exit 1", b"", None).unwrap_err();
        assert_eq!(e.stderr(), "LLVM ERROR: x\n");
        let e = run_tool(Path::new("/nonexistent/llc"), &["-x"], b"", None).unwrap_err();
        assert!(
            e.to_string().starts_with("cannot run `/nonexistent/llc`"),
            "{e}"
        );
    }
}
