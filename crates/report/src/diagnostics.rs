//! Diagnostics of input files, kept with the file's text so that every
//! command prints them through the one renderer
//! ([`Diagnostic::render_styled`], annotate-snippets) and
//! writes them in `--json` documents as objects ([`DiagnosticJson`]).

use amdmm_litmus::{Diagnostic, Severity};
use schemars::JsonSchema;
use serde::Serialize;
use std::sync::Arc;

/// A diagnostic about one input file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FileDiagnostic {
    /// The file as messages name it (`<stdin>` for standard input).
    pub file: String,
    /// The file's text, when the diagnostic has a place in it; `None` for
    /// errors about the file as a whole (it cannot be read).
    pub src: Option<Arc<str>>,
    pub diagnostic: Diagnostic,
}

impl FileDiagnostic {
    /// A diagnostic at its span of `src`.
    pub fn at(file: &str, src: &Arc<str>, diagnostic: Diagnostic) -> FileDiagnostic {
        FileDiagnostic {
            file: file.to_string(),
            src: Some(src.clone()),
            diagnostic,
        }
    }

    /// An error about the file as a whole: `message` (which names the
    /// file) and a hint.
    pub fn whole(file: &str, message: impl Into<String>, hint: Option<&str>) -> FileDiagnostic {
        let mut d = Diagnostic::new(message, amdmm_litmus::Span::default());
        if let Some(h) = hint {
            d = d.with_hint(h);
        }
        FileDiagnostic {
            file: file.to_string(),
            src: None,
            diagnostic: d,
        }
    }

    /// The rendered text (ANSI colour when `color`), ending in a newline.
    pub fn render(&self, color: bool) -> String {
        let d = &self.diagnostic;
        match &self.src {
            Some(src) => d.render_styled(&self.file, src, color),
            None => amdmm_litmus::render_message(&d.message, d.hint.as_deref(), color),
        }
    }

    /// The diagnostic on one line, for tables and reasons inside other
    /// output: `file:line:col: message (label)`, or the message alone for
    /// an error about the whole file (its message names the file).
    pub fn one_line(&self) -> String {
        let d = &self.diagnostic;
        let label = d
            .label
            .as_ref()
            .map(|l| format!(" ({l})"))
            .unwrap_or_default();
        match self.line_col() {
            Some((line, col)) => format!("{}:{line}:{col}: {}{label}", self.file, d.message),
            None => format!("{}{label}", d.message),
        }
    }

    /// 1-based line and column of the diagnostic, when it has a place.
    pub fn line_col(&self) -> Option<(usize, usize)> {
        self.src.as_ref().map(|s| self.diagnostic.line_col(s))
    }

    /// The `--json` object.
    pub fn json(&self) -> DiagnosticJson {
        let d = &self.diagnostic;
        let (start, end) = match &self.src {
            Some(src) => (
                Some(amdmm_litmus::line_col(src, d.span.start)),
                Some(amdmm_litmus::line_col(src, d.span.end)),
            ),
            None => (None, None),
        };
        DiagnosticJson {
            file: self.file.clone(),
            line: start.map(|p| p.0),
            column: start.map(|p| p.1),
            end_line: end.map(|p| p.0),
            end_column: end.map(|p| p.1),
            severity: match d.severity {
                Severity::Error => "error",
                Severity::Warning => "warning",
            }
            .to_string(),
            code: d.code.clone(),
            message: d.message.clone(),
            label: d.label.clone(),
            hint: d.hint.clone(),
            rendered: self.render(false),
        }
    }
}

/// A diagnostic in a `--json` document.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, JsonSchema)]
pub struct DiagnosticJson {
    /// The file, as messages name it (`<stdin>` for standard input).
    pub file: String,
    /// 1-based line of the start of the offending text; null when the
    /// error is about the whole file (it cannot be read).
    pub line: Option<usize>,
    /// 1-based column (in characters) of the start; null with `line`.
    pub column: Option<usize>,
    /// Where the offending text ends (line and column just past it).
    pub end_line: Option<usize>,
    pub end_column: Option<usize>,
    /// `error` or `warning`.
    pub severity: String,
    /// The check that warns (`unwaited-mark`, ...), for warnings.
    pub code: Option<String>,
    pub message: String,
    /// The text under the underline.
    pub label: Option<String>,
    /// How to fix it.
    pub hint: Option<String>,
    /// The diagnostic as printed on stderr, without colour.
    pub rendered: String,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn json_fields() {
        let src: Arc<str> = Arc::from("ab\n  cd\n");
        let d = Diagnostic::new("m", amdmm_litmus::Span::new(5, 7))
            .with_label("l")
            .with_hint("h");
        let j = FileDiagnostic::at("f", &src, d).json();
        assert_eq!(
            (j.line, j.column, j.end_line, j.end_column),
            (Some(2), Some(3), Some(2), Some(5))
        );
        assert_eq!((j.message.as_str(), j.hint.as_deref()), ("m", Some("h")));
        assert!(j.rendered.contains("--> f:2:3"), "{}", j.rendered);
        // An error about the whole file has no place.
        let j = FileDiagnostic::whole("f", "cannot read f: gone", Some("check")).json();
        assert_eq!((j.line, j.column), (None, None));
        assert_eq!(j.rendered, "error: cannot read f: gone\n = help: check\n");
    }
}
