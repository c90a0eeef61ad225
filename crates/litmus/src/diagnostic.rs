//! Error diagnostics with spans, and their rustc-style text rendering.

use crate::span::{floor_char_boundary, line_col, line_range, Span};
use std::fmt;

/// A secondary place in the source that explains the error.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Label {
    pub span: Span,
    pub message: String,
}

/// A static error: a message, the offending source text, and help.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagnostic {
    pub message: String,
    /// The offending text (underlined with `^`).
    pub span: Span,
    /// Text printed after the `^^^` underline.
    pub label: Option<String>,
    pub hint: Option<String>,
    /// Other places that explain the error (underlined with `-`).
    pub secondary: Vec<Label>,
}

impl Diagnostic {
    pub fn new(message: impl Into<String>, span: Span) -> Diagnostic {
        Diagnostic {
            message: message.into(),
            span,
            label: None,
            hint: None,
            secondary: Vec::new(),
        }
    }

    pub fn with_label(mut self, label: impl Into<String>) -> Diagnostic {
        self.label = Some(label.into());
        self
    }

    pub fn with_hint(mut self, hint: impl Into<String>) -> Diagnostic {
        self.hint = Some(hint.into());
        self
    }

    pub fn with_secondary(mut self, span: Span, message: impl Into<String>) -> Diagnostic {
        self.secondary.push(Label {
            span,
            message: message.into(),
        });
        self
    }

    /// rustc-style text (no colour):
    ///
    /// ```text
    /// error: undeclared location `z`
    ///  --> t.litmus:7:20
    ///   |
    /// 7 |   store i32 1, ptr @z
    ///   |                    ^^ not declared
    ///   |
    ///   = hint: declared locations: x, y
    /// ```
    pub fn render(&self, path: &str, src: &str) -> String {
        let (line, col) = line_col(src, self.span.start);
        let mut marks = vec![(self.span, '^', self.label.as_deref().unwrap_or(""))];
        for l in &self.secondary {
            marks.push((l.span, '-', l.message.as_str()));
        }
        let width = marks
            .iter()
            .map(|(s, _, _)| line_col(src, s.start).0.to_string().len())
            .max()
            .unwrap_or(1);
        let pad = " ".repeat(width);
        let mut out = format!(
            "error: {}\n{pad}--> {path}:{line}:{col}\n{pad} |\n",
            self.message
        );
        let mut last_line = None;
        for (span, ch, text) in marks {
            let (l, _) = line_col(src, span.start);
            let (ls, le) = line_range(src, span.start);
            if last_line != Some(l) {
                if last_line.is_some() {
                    out.push_str(&format!("{pad} |\n"));
                }
                out.push_str(&format!("{l:>width$} | {}\n", &src[ls..le]));
                last_line = Some(l);
            }
            let start = floor_char_boundary(src, span.start).clamp(ls, le);
            let end = floor_char_boundary(src, span.end).clamp(start, le);
            let indent: String = src[ls..start]
                .chars()
                .map(|c| if c == '\t' { '\t' } else { ' ' })
                .collect();
            let n = src[start..end].chars().count().max(1);
            let under = ch.to_string().repeat(n);
            let sep = if text.is_empty() { "" } else { " " };
            out.push_str(&format!("{pad} | {indent}{under}{sep}{text}\n"));
        }
        if let Some(h) = &self.hint {
            out.push_str(&format!("{pad} |\n{pad} = hint: {h}\n"));
        }
        out
    }
}

impl fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for Diagnostic {}

/// Renders every diagnostic, separated by blank lines.
pub fn render_all(diags: &[Diagnostic], path: &str, src: &str) -> String {
    diags
        .iter()
        .map(|d| d.render(path, src))
        .collect::<Vec<_>>()
        .join("\n")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn renders_rustc_style() {
        let src = "a\n  store i32 1, ptr @z\n";
        let d = Diagnostic::new("undeclared location `z`", Span::new(20, 22))
            .with_label("not declared")
            .with_hint("declared locations: x");
        assert_eq!(
            d.render("t.litmus", src),
            "error: undeclared location `z`\n --> t.litmus:2:19\n  |\n2 |   store i32 1, ptr @z\n  |                   ^^ not declared\n  |\n  = hint: declared locations: x\n"
        );
    }

    #[test]
    fn multibyte_and_eof() {
        let src = "é@z";
        let d = Diagnostic::new("m", Span::new(2, 4));
        assert!(d.render("p", src).contains("p:1:2"));
        let d = Diagnostic::new("m", Span::new(99, 99));
        assert!(d.render("p", src).contains("p:1:4"));
    }
}
