//! Writing execution graphs to a directory (`--graph DIR`): DOT as
//! `amdmm_report` builds it, or SVG laid out by Graphviz's `dot`.
//!
//! Graphviz is an optional tool: without it the SVG format is skipped with
//! a message (DOT files are written instead), except under CI (`CI` set),
//! where a missing `dot` is an error.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// `--graph-format`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum GraphFormat {
    /// Graphviz DOT text, as amdmm writes it.
    Dot,
    /// SVG laid out by Graphviz `dot` (Debian package `graphviz`).
    Svg,
}

/// How long `dot -V` may take.
const PROBE_TIMEOUT: Duration = Duration::from_secs(30);

/// Is Graphviz's `dot` on the PATH?
pub fn dot_available() -> bool {
    amdmm_io::run_tool(
        Path::new("dot"),
        &["-V"],
        b"",
        Some(Instant::now() + PROBE_TIMEOUT),
    )
    .is_ok()
}

/// Lays out `dot_text` with `dot -Tsvg`, killed at `deadline` (the
/// command's `--timeout`). When `dot` fails on it (Graphviz 2.43's "trouble
/// in init_rank" on a few graphs), it lays out the fallback of
/// [`amdmm_report::dot_fallback`] instead, and reports the first failure
/// if that fails too.
pub fn render_svg(dot_text: &str, deadline: Option<Instant>) -> Result<String, String> {
    let dot =
        |text: &str| amdmm_io::run_tool(Path::new("dot"), &["-Tsvg"], text.as_bytes(), deadline);
    let out = match dot(dot_text) {
        Ok(out) => out,
        Err(e @ amdmm_io::ToolError::Failed { .. }) => amdmm_report::dot_fallback(dot_text)
            .and_then(|alt| dot(&alt).ok())
            .ok_or_else(|| format!("Graphviz {e}"))?,
        Err(e) => return Err(format!("Graphviz {e}")),
    };
    String::from_utf8(out.stdout).map_err(|e| format!("Graphviz `dot` wrote invalid UTF-8: {e}"))
}

/// `text` with amdmm's mark ([`amdmm_io::write::MARK`]) as a comment after
/// its first line (`digraph … {` or the SVG's `<?xml …?>`), by which a
/// later run knows the file is its own to replace.
fn marked(text: &str, svg: bool) -> String {
    let (first, rest) = text.split_once('\n').unwrap_or((text, ""));
    let mark = amdmm_io::write::MARK;
    if svg {
        format!("{first}\n<!-- {mark} -->\n{rest}")
    } else {
        format!("{first}\n  // {mark}\n{rest}")
    }
}

/// Where graphs go and in which format, decided once per run.
pub struct GraphSink {
    dir: PathBuf,
    svg: bool,
    /// `--force`: replace files amdmm did not write.
    force: bool,
    /// The command's `--timeout`, bounding each `dot` run.
    timeout: Option<Duration>,
}

impl GraphSink {
    /// Creates `dir` and checks for Graphviz when SVG is asked for. Without
    /// it: an error under CI, otherwise a note on stderr and DOT files.
    /// Files are written by [`amdmm_io::write`] (`force`: over files amdmm
    /// did not write); `timeout` (seconds) bounds each `dot` run.
    pub fn new(
        dir: &Path,
        format: GraphFormat,
        force: bool,
        timeout: Option<f64>,
    ) -> Result<GraphSink, String> {
        amdmm_io::write::create_dir(dir, false)?;
        let mut svg = format == GraphFormat::Svg;
        if svg && !dot_available() {
            if std::env::var_os("CI").is_some() {
                return Err(
                    "--graph-format svg needs Graphviz `dot`, which is not installed \
                     (Debian: apt-get install graphviz); CI requires it"
                        .into(),
                );
            }
            eprintln!(
                "amdmm: note: Graphviz `dot` not found, so SVG is skipped and DOT files are \
                 written to {} instead (install it with: apt-get install graphviz)",
                dir.display()
            );
            svg = false;
        }
        Ok(GraphSink {
            dir: dir.to_path_buf(),
            svg,
            force,
            timeout: timeout.map(Duration::from_secs_f64),
        })
    }

    /// One hardware trace per item as a sequence diagram, named
    /// `TEST.TARGET.KIND-K` (K counting from 1); `items` are (final state,
    /// steps). False when a graph could not be written (reported on stderr).
    pub fn write_traces<'a>(
        &self,
        test: &str,
        target: &str,
        kind: &str,
        items: impl IntoIterator<Item = (String, &'a [String])>,
    ) -> bool {
        let mut ok = true;
        for (k, (state, steps)) in items.into_iter().enumerate() {
            let dot = amdmm_report::trace_to_dot(test, target, &state, steps);
            let stem = amdmm_report::file_stem(&format!("{test}.{target}.{kind}-{}", k + 1));
            if let Err(e) = self.write(&stem, &dot) {
                crate::diag::error_line(e);
                ok = false;
            }
        }
        ok
    }

    /// Writes `TEST.index.txt`: one line per graph written for the test
    /// (file name, then the state it shows), through the safe writer; an
    /// index amdmm wrote before is replaced.
    pub fn write_index(&self, test: &str, lines: &str) -> Result<PathBuf, String> {
        let stem = amdmm_report::file_stem(test);
        let path = self.dir.join(format!("{stem}.index.txt"));
        let head = format!("# amdmm run --graph: the witness graphs of {test}\n");
        crate::safe_write::write(&path, &format!("{head}{lines}"), self.force, |h| {
            h.starts_with("# amdmm run --graph:")
        })?;
        Ok(path)
    }

    /// Writes one graph as `STEM.svg` or `STEM.dot`; returns the path.
    pub fn write(&self, stem: &str, dot_text: &str) -> Result<PathBuf, String> {
        let ext = if self.svg { "svg" } else { "dot" };
        let path = self.dir.join(format!("{stem}.{ext}"));
        let body = if self.svg {
            let deadline = self.timeout.map(|t| Instant::now() + t);
            render_svg(dot_text, deadline).map_err(|e| format!("{}: {e}", path.display()))?
        } else {
            dot_text.to_string()
        };
        let body = marked(&body, self.svg);
        amdmm_io::write::write(&path, body.as_bytes(), self.force, amdmm_io::write::marked)?;
        Ok(path)
    }
}
