//! Diagnostics with their place in the source, for the editor's markers.

use amdmm_program::Diagnostic;
use serde::Serialize;

/// One diagnostic: its 1-based line and column (characters), where the
/// underlined text ends, and the text the command line prints.
#[derive(Debug, Serialize)]
pub struct DiagnosticJson {
    pub message: String,
    pub line: usize,
    pub column: usize,
    pub end_line: usize,
    pub end_column: usize,
    pub label: Option<String>,
    pub hint: Option<String>,
    /// The rustc-style rendering, exactly as `amdmm run` prints it.
    pub rendered: String,
}

pub fn diagnostic_json(d: &Diagnostic, file: &str, src: &str) -> DiagnosticJson {
    let (line, column) = amdmm_litmus::line_col(src, d.span.start);
    let (end_line, end_column) = amdmm_litmus::line_col(src, d.span.end.max(d.span.start));
    DiagnosticJson {
        message: d.message.clone(),
        line,
        column,
        end_line,
        end_column,
        label: d.label.clone(),
        hint: d.hint.clone(),
        rendered: d.render(file, src),
    }
}
