//! `amdmm import vulkan-alloy`: translate the Khronos Vulkan memory model
//! tests, run each translation, compare with the Khronos expectations, write
//! the tests (agreeing ones to `--out`, the others to `--pending`) and the
//! report (`--report`).

use amdmm_explore::Options;
use amdmm_import::differences::{self, Kind};
use amdmm_import::report::{self, Entry, Status};
use amdmm_import::{Expected, Flags, Observation, Translation, Verdict};
use clap::{Args, Subcommand};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Duration;

const IMPORT_EXAMPLES: &str = "\
Examples:
  amdmm import vulkan-alloy ~/Vulkan-MemoryModel/alloy/tests
  amdmm import vulkan-alloy --out litmus/vulkan-alloy --pending tests-pending/vulkan-alloy DIR

Exit status: 0 success; 2 a file that cannot be read, a malformed `.test`
file, a translation that does not load or cannot be written (the other files
are still imported).";

#[derive(Args, Debug)]
#[command(after_help = IMPORT_EXAMPLES)]
pub struct ImportArgs {
    #[command(subcommand)]
    pub suite: Suite,
}

#[derive(Subcommand, Debug)]
pub enum Suite {
    /// The Khronos Vulkan memory model tests (`.test` files of Vulkan-MemoryModel/alloy/tests).
    ///
    /// Each test is translated (or skipped, with the reason), run, and compared with its
    /// Khronos expectation lines. Without --out, the translations are printed.
    #[command(name = "vulkan-alloy", after_help = IMPORT_EXAMPLES)]
    VulkanAlloy(VulkanAlloyArgs),
}

#[derive(Args, Debug)]
pub struct VulkanAlloyArgs {
    /// `.test` files, or directories (searched recursively for `*.test`, in sorted order).
    #[arg(value_name = "FILE_OR_DIR", required = true)]
    pub paths: Vec<PathBuf>,

    /// Write the translations whose amdmm result agrees with the Khronos expectations (or
    /// carries a documented model difference) here, as NAME.litmus.
    #[arg(long, value_name = "DIR")]
    pub out: Option<PathBuf>,

    /// Write the other translations (no engine verdict yet, or a disagreement) here.
    #[arg(long, value_name = "DIR")]
    pub pending: Option<PathBuf>,

    /// Regenerate the generated part of this Markdown report (created if missing).
    #[arg(long, value_name = "FILE")]
    pub report: Option<PathBuf>,

    /// Give up on one translation (verdict Unknown) after SECS seconds.
    #[arg(long, value_name = "SECS", default_value_t = 120.0,
          value_parser = crate::args::parse_secs)]
    pub timeout: f64,

    /// Overwrite files in --out / --pending that `amdmm import` did not write
    /// (without it they are an error). Symbolic links are never written through.
    #[arg(long)]
    pub force: bool,
}

pub fn import_command(a: &ImportArgs) -> ExitCode {
    match &a.suite {
        Suite::VulkanAlloy(v) => match vulkan_alloy(v) {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => {
                crate::diag::error_line(e);
                ExitCode::from(2)
            }
        },
    }
}

/// An error at 1-based `line` and `col` of the `.test` file `file`
/// (source `src`), rendered like every other amdmm diagnostic.
fn test_error(file: &str, src: &str, line: usize, col: usize, message: &str, hint: &str) -> String {
    let offset = amdmm_litmus::offset_of(src, line, col);
    amdmm_litmus::Diagnostic::new(message, amdmm_litmus::Span::new(offset, offset + 1))
        .with_hint(hint)
        .render_styled(file, src, crate::diag::color())
}

/// Runs a translation; `Err` when amdmm cannot load it (a translator bug),
/// with the rendered error at the `.test` line the failing litmus line
/// translates.
fn run(t: &Translation, timeout: f64, file: &str, src: &str) -> Result<(Verdict, String), String> {
    let text = t.render(&t.expected.representative(), &[]);
    let program = amdmm_program::load(&text).map_err(|diags| {
        let d = &diags[0];
        let (litmus_line, _) = amdmm_litmus::line_col(&text, d.span.start);
        let line = t.test_line(&text, litmus_line).unwrap_or(1);
        let col = src
            .lines()
            .nth(line - 1)
            .map_or(1, |l| l.len() - l.trim_start().len() + 1);
        test_error(
            file,
            src,
            line,
            col,
            &format!("the translation of this line does not load: {}", d.message),
            "an importer bug: please report it with this .test file",
        )
    })?;
    let opts = Options {
        timeout: Some(Duration::from_secs_f64(timeout)),
        ..Options::default()
    };
    let outcome = amdmm_explore::explore(&program, &opts);
    let f = amdmm_program::Flags::from(outcome.flags);
    let verdict = Verdict {
        observation: Observation::from_name(amdmm_report::observation_name(&outcome)),
        flags: Flags {
            race: f.race,
            ub: f.ub,
            deadlock: f.deadlock,
            cutoff: f.cutoff,
        },
    };
    Ok((verdict, amdmm_report::unknown_reason(&outcome)))
}

/// The parts of the expectation the Khronos lines leave open.
fn open_parts(e: &Expected) -> Vec<String> {
    let mut v = Vec::new();
    let obs = e.observations();
    if obs.len() > 1 {
        let names: Vec<&str> = obs.iter().map(|o| o.name()).collect();
        v.push(format!("the observation ({})", names.join(" or ")));
    }
    if e.race().is_none() {
        v.push("the race flag".to_string());
    }
    if e.ub().is_none() {
        v.push(
            "the ub flag (raised when a read whose value the test fixes races: its llvm.assume is then on undef)"
                .to_string(),
        );
    }
    v
}

/// `a`, `a and b`, `a, b and c`.
fn join_and(parts: &[String]) -> String {
    match parts {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} and {last}", init.join(", ")),
    }
}

/// Writes NAME.litmus in `dir` (see [`amdmm_io::write`]): never through
/// a symbolic link, never over a file the importer did not write unless
/// `force`, atomically.
fn write(dir: &Path, name: &str, text: &str, force: bool) -> Result<String, String> {
    amdmm_io::write::create_dir(dir, false)?;
    let p = dir.join(format!("{name}.litmus"));
    amdmm_io::write::write(&p, text.as_bytes(), force, written_by_import)?;
    Ok(p.display().to_string())
}

/// Whether `head` (the start of an existing file) is a translation this
/// importer wrote: its header says so (`Translation::render`).
fn written_by_import(head: &str) -> bool {
    let joined: String = head
        .lines()
        .take_while(|l| l.starts_with("//"))
        .map(|l| l.trim_start_matches('/').trim())
        .collect::<Vec<_>>()
        .join(" ");
    joined.starts_with("Adapted from ") && joined.contains("by `amdmm import vulkan-alloy`")
}

/// Exit status: 0, or 2 when a file could not be read, a `.test` file is
/// malformed or a translation does not load (each reported on stderr at
/// its file, line and column), or a translation could not be written (an
/// existing file without `--force`, a symbolic link, an I/O error; reported
/// with its path). Either way the other files are still imported.
fn vulkan_alloy(a: &VulkanAlloyArgs) -> Result<(), String> {
    if !(a.timeout.is_finite() && a.timeout > 0.0) {
        return Err("--timeout needs a positive number of seconds".to_string());
    }
    let files = crate::collect::collect_ext(&a.paths, "test", false)?;
    let mut entries = Vec::new();
    let mut printed = Vec::new();
    // Translating and running every test takes a while: a bar on a terminal.
    let progress = crate::progress::Progress::counting(files.len(), "tests translated and run");
    let mut input_errors = 0usize;
    let mut write_errors = 0usize;
    for f in &files {
        progress.inc();
        let name = f
            .file_stem()
            .map(|s| s.to_string_lossy().to_string())
            .unwrap_or_default();
        let file = f.display().to_string();
        let src = match crate::input::read_text(f) {
            Ok(s) => s,
            Err(e) => {
                progress.suspend(|| crate::diag::eprint(&[e.diagnostic(&file)]));
                input_errors += 1;
                continue;
            }
        };
        let t = match amdmm_import::translate(&name, &src) {
            Ok(t) => t,
            Err(reason) => {
                if let amdmm_import::SkipReason::Parse { line, col, message } = &reason {
                    let hint = "the syntax is alloy/litmus.cpp's (`amdmm docs vulkan-crosscheck`); the other files are imported";
                    let shown = test_error(&file, &src, *line, *col, message, hint);
                    progress.suspend(|| eprintln!("{shown}"));
                    input_errors += 1;
                }
                entries.push(Entry {
                    name,
                    status: Status::Skipped(reason),
                    constraint: None,
                    dropped: Vec::new(),
                    path: None,
                });
                continue;
            }
        };
        let (verdict, why) = match run(&t, a.timeout, &file, &src) {
            Ok(r) => r,
            Err(e) => {
                progress.suspend(|| eprintln!("{e}"));
                input_errors += 1;
                continue;
            }
        };
        let constraint = t.expected.constraint();
        let status = if verdict.observation.is_none() {
            Status::Pending { reason: why }
        } else if t.expected.admits(&verdict) {
            Status::Agree {
                result: verdict,
                open: t.expected.determined().is_none(),
            }
        } else {
            match differences::find(&name, &verdict.to_string()) {
                Some(d) if d.kind == Kind::ModelDifference => Status::Difference {
                    result: verdict,
                    note: d.note,
                },
                Some(d) => Status::SuspectedBug {
                    result: verdict,
                    note: d.note,
                },
                None => Status::Disagree { result: verdict },
            }
        };
        let (expect, extra, dir) = match &status {
            Status::Agree { result, open } => {
                let mut extra = Vec::new();
                if *open {
                    extra.push(format!(
                        "The Khronos lines leave open {}; the expect line records amdmm's result there.",
                        join_and(&open_parts(&t.expected))
                    ));
                }
                (*result, extra, a.out.as_deref())
            }
            Status::Difference { result, note } => (
                *result,
                vec![format!(
                    "DOCUMENTED DIFFERENCE between the models (`amdmm docs vulkan-crosscheck`): {note} \
                     The expect line is amdmm's result; the Khronos expectation is: {constraint}."
                )],
                a.out.as_deref(),
            ),
            Status::SuspectedBug { note, .. } => (
                t.expected.representative(),
                vec![format!(
                    "Suspected amdmm bug (`amdmm docs vulkan-crosscheck`): {note} The expect line is the Khronos expectation."
                )],
                a.pending.as_deref(),
            ),
            Status::Disagree { result } => (
                t.expected.representative(),
                vec![format!(
                    "Disagreement not analysed yet: amdmm gives {result}. The expect line is the Khronos expectation."
                )],
                a.pending.as_deref(),
            ),
            Status::Pending { reason } => (
                t.expected.representative(),
                vec![format!(
                    "Pending: amdmm gives no verdict yet ({reason}). The expect line is the Khronos expectation."
                )],
                a.pending.as_deref(),
            ),
            Status::Skipped(_) => unreachable!("translated"),
        };
        let text = t.render(&expect, &extra);
        let path = match (&a.out, dir) {
            (None, _) => {
                printed.push(text);
                None
            }
            (Some(_), Some(d)) => match write(d, &name, &text, a.force) {
                Ok(p) => Some(p),
                Err(e) => {
                    // One file that cannot be written (kept without
                    // --force, a symbolic link, a full disk) does not stop
                    // the others: reported here, counted in the exit status.
                    progress.suspend(|| crate::diag::error_line(e));
                    write_errors += 1;
                    None
                }
            },
            (Some(_), None) => None,
        };
        entries.push(Entry {
            name,
            status,
            constraint: Some(constraint),
            dropped: t
                .expected
                .lines
                .iter()
                .filter_map(|(l, u)| match u {
                    amdmm_import::expect::LineUse::Dropped(why) => {
                        Some((l.text.clone(), why.to_string()))
                    }
                    _ => None,
                })
                .collect(),
            path,
        });
    }
    progress.finish();
    // The listing: on stdout when files were written, else on stderr after the tests.
    let mut listing = String::new();
    for e in &entries {
        let line = match &e.status {
            Status::Skipped(r) => format!("skip     {}: {} ({r})", e.name, r.key()),
            Status::Agree { result, .. } => format!("agree    {}: {result}", e.name),
            Status::Difference { result, .. } => format!(
                "differ   {}: {result} (documented model difference)",
                e.name
            ),
            Status::SuspectedBug { result, .. } => {
                format!("bug?     {}: {result} (suspected amdmm bug)", e.name)
            }
            Status::Disagree { result } => format!(
                "DISAGREE {}: {result}, Khronos: {}",
                e.name,
                e.constraint.as_deref().unwrap_or("")
            ),
            Status::Pending { reason } => format!("pending  {}: {reason}", e.name),
        };
        listing.push_str(&line);
        listing.push('\n');
    }
    let c = report::counts(&entries);
    listing.push_str(&format!(
        "{} files: {} translated ({} agree, {} documented differences, {} suspected bugs, {} disagree, {} pending), {} skipped\n",
        c.files, c.translated, c.agree, c.differences, c.suspected_bugs, c.disagree, c.pending, c.skipped
    ));
    if a.out.is_some() {
        print!("{listing}");
    } else {
        print!("{}", printed.join("\n"));
        eprint!("{listing}");
    }
    if let Some(r) = &a.report {
        let doc = match crate::input::read_text(r) {
            Ok(doc) => doc,
            Err(crate::input::ReadError::Io(e)) if e.kind() == std::io::ErrorKind::NotFound => {
                "# Cross-check against the Khronos Vulkan memory model tests\n".to_string()
            }
            Err(e) => {
                return Err(e
                    .render(&r.display().to_string())
                    .trim_start_matches("error: ")
                    .to_string())
            }
        };
        let new = report::splice(&doc, &report::render(&entries));
        // The report keeps the text around its generated part: always rewritten.
        amdmm_io::write::write(r, new.as_bytes(), true, |_| true)?;
    }
    let plural = |n: usize| if n == 1 { "" } else { "s" };
    let mut failed = Vec::new();
    if input_errors > 0 {
        failed.push(format!(
            "{input_errors} input file{} could not be imported",
            plural(input_errors)
        ));
    }
    if write_errors > 0 {
        failed.push(format!(
            "{write_errors} translation{} could not be written",
            plural(write_errors)
        ));
    }
    if !failed.is_empty() {
        return Err(format!(
            "{} (see above); the others were",
            failed.join(", ")
        ));
    }
    Ok(())
}
