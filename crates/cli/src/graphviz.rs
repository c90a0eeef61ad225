//! Writing execution graphs to a directory (`--graph DIR`): DOT as
//! `amdmm_report` builds it, or SVG laid out by Graphviz's `dot`.
//!
//! Graphviz is an optional tool: without it the SVG format is skipped with
//! a message (DOT files are written instead), except under CI (`CI` set),
//! where a missing `dot` is an error.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// `--graph-format`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum GraphFormat {
    /// Graphviz DOT text, as amdmm writes it.
    Dot,
    /// SVG laid out by Graphviz `dot` (Debian package `graphviz`).
    Svg,
}

/// Is Graphviz's `dot` on the PATH?
pub fn dot_available() -> bool {
    Command::new("dot")
        .arg("-V")
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|s| s.success())
}

/// Lays out `dot_text` with `dot -Tsvg`.
pub fn render_svg(dot_text: &str) -> Result<String, String> {
    let mut child = Command::new("dot")
        .arg("-Tsvg")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| format!("cannot run Graphviz `dot`: {e}"))?;
    if let Some(mut stdin) = child.stdin.take() {
        stdin
            .write_all(dot_text.as_bytes())
            .map_err(|e| format!("cannot write to Graphviz `dot`: {e}"))?;
    }
    let out = child
        .wait_with_output()
        .map_err(|e| format!("Graphviz `dot` failed: {e}"))?;
    if !out.status.success() {
        return Err(format!(
            "Graphviz `dot` failed: {}",
            String::from_utf8_lossy(&out.stderr).trim()
        ));
    }
    String::from_utf8(out.stdout).map_err(|e| format!("Graphviz `dot` wrote invalid UTF-8: {e}"))
}

/// Where graphs go and in which format, decided once per run.
pub struct GraphSink {
    dir: PathBuf,
    svg: bool,
}

impl GraphSink {
    /// Creates `dir` and checks for Graphviz when SVG is asked for. Without
    /// it: an error under CI, otherwise a note on stderr and DOT files.
    pub fn new(dir: &Path, format: GraphFormat) -> Result<GraphSink, String> {
        std::fs::create_dir_all(dir)
            .map_err(|e| format!("cannot create graph directory {}: {e}", dir.display()))?;
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
        crate::safe_write::write(&path, &format!("{head}{lines}"), false, |h| {
            h.starts_with("# amdmm run --graph:")
        })?;
        Ok(path)
    }

    /// Writes one graph as `STEM.svg` or `STEM.dot`; returns the path.
    pub fn write(&self, stem: &str, dot_text: &str) -> Result<PathBuf, String> {
        let (ext, body) = if self.svg {
            ("svg", render_svg(dot_text)?)
        } else {
            ("dot", dot_text.to_string())
        };
        let path = self.dir.join(format!("{stem}.{ext}"));
        std::fs::write(&path, body).map_err(|e| format!("cannot write {}: {e}", path.display()))?;
        Ok(path)
    }
}
