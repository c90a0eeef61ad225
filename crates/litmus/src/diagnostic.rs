//! Error diagnostics with spans, and their rustc-style text rendering.

use crate::span::{floor_char_boundary, line_col, line_range, Span};
use std::fmt;

/// Most diagnostics reported for one file; the rest are counted in a last
/// "… and K more" diagnostic ([`cap`]). Thousands of errors are one mistake
/// repeated, and printing them all took tens of seconds (issue 12).
pub const MAX_DIAGNOSTICS: usize = 20;

/// Longest token (run of non-blank characters) a message quotes whole;
/// longer ones are cut in the middle ([`shorten_tokens`]), so a
/// million-character name is never echoed whole.
pub const MAX_TOKEN_CHARS: usize = 64;

/// Longest source line echoed whole under a diagnostic; a longer one is
/// shown as a window around the error.
pub const MAX_LINE_CHARS: usize = 160;

/// `text` with every token longer than [`MAX_TOKEN_CHARS`] shortened to its
/// first and last characters around `…(N characters)…`.
pub fn shorten_tokens(text: &str) -> String {
    let mut out = String::with_capacity(text.len().min(4 * MAX_LINE_CHARS));
    let mut rest = text;
    while !rest.is_empty() {
        let blank = rest
            .find(|c: char| !c.is_whitespace())
            .unwrap_or(rest.len());
        out.push_str(&rest[..blank]);
        rest = &rest[blank..];
        let end = rest.find(char::is_whitespace).unwrap_or(rest.len());
        out.push_str(&shorten(&rest[..end], MAX_TOKEN_CHARS));
        rest = &rest[end..];
    }
    out
}

/// One token, shortened when it has more than `max` characters.
fn shorten(token: &str, max: usize) -> std::borrow::Cow<'_, str> {
    let n = token.chars().count();
    if n <= max {
        return token.into();
    }
    let head: String = token.chars().take(max / 2).collect();
    let tail_from = token
        .char_indices()
        .nth(n - max / 4)
        .map_or(token.len(), |(i, _)| i);
    format!("{head}…({n} characters)…{}", &token[tail_from..]).into()
}

/// At most [`MAX_DIAGNOSTICS`] diagnostics, the last of them saying how
/// many more there were (`… and K more errors`). `more_unseen` says that
/// the producer stopped early, so there may be more than counted.
pub fn cap(mut diags: Vec<Diagnostic>, more_unseen: bool) -> Vec<Diagnostic> {
    if diags.len() <= MAX_DIAGNOSTICS {
        return diags;
    }
    let more = diags.len() - MAX_DIAGNOSTICS;
    let span = diags[MAX_DIAGNOSTICS].span;
    diags.truncate(MAX_DIAGNOSTICS);
    let (at_least, stop) = if more_unseen {
        ("at least ", " (amdmm stopped reading the file there)")
    } else {
        ("", "")
    };
    diags.push(
        Diagnostic::new(
            format!(
                "… and {at_least}{more} more error{} in this file{stop}",
                if more == 1 { "" } else { "s" }
            ),
            span,
        )
        .with_label("the next one is here")
        .with_hint(format!(
            "only the first {MAX_DIAGNOSTICS} errors of a file are shown; fix them and run again"
        )),
    );
    diags
}

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
            message: shorten_tokens(&message.into()),
            span,
            label: None,
            hint: None,
            secondary: Vec::new(),
        }
    }

    pub fn with_label(mut self, label: impl Into<String>) -> Diagnostic {
        self.label = Some(shorten_tokens(&label.into()));
        self
    }

    pub fn with_hint(mut self, hint: impl Into<String>) -> Diagnostic {
        self.hint = Some(shorten_tokens(&hint.into()));
        self
    }

    pub fn with_secondary(mut self, span: Span, message: impl Into<String>) -> Diagnostic {
        self.secondary.push(Label {
            span,
            message: shorten_tokens(&message.into()),
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
            let start = floor_char_boundary(src, span.start).clamp(ls, le);
            let end = floor_char_boundary(src, span.end).clamp(start, le);
            let (ws, we) = line_window(src, ls, le, start);
            if last_line != Some(l) {
                if last_line.is_some() {
                    out.push_str(&format!("{pad} |\n"));
                }
                let cut_left = if ws > ls { "…" } else { "" };
                let cut_right = if we < le { "…" } else { "" };
                out.push_str(&format!(
                    "{l:>width$} | {cut_left}{}{cut_right}\n",
                    &src[ws..we]
                ));
                last_line = Some(l);
            }
            let (start, end) = (start.max(ws), end.min(we).max(start.max(ws)));
            let mut indent: String = src[ws..start]
                .chars()
                .map(|c| if c == '\t' { '\t' } else { ' ' })
                .collect();
            if ws > ls {
                indent.insert(0, ' ');
            }
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

/// The part of line `ls..le` echoed under a diagnostic at `start`: the
/// whole line when it has at most [`MAX_LINE_CHARS`] characters, else a
/// window of that many characters beginning a little before `start`.
fn line_window(src: &str, ls: usize, le: usize, start: usize) -> (usize, usize) {
    let line = &src[ls..le];
    if line.len() <= MAX_LINE_CHARS || line.chars().count() <= MAX_LINE_CHARS {
        return (ls, le);
    }
    let before = src[ls..start].chars().count();
    let skip = before.saturating_sub(MAX_LINE_CHARS / 4);
    let ws = line.char_indices().nth(skip).map_or(le, |(i, _)| ls + i);
    let we = src[ws..le]
        .char_indices()
        .nth(MAX_LINE_CHARS)
        .map_or(le, |(i, _)| ws + i);
    (ws, we)
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
    fn long_tokens_are_shortened() {
        let long = "b".repeat(1_000_000);
        let d = Diagnostic::new(format!("undeclared location `{long}`"), Span::new(0, 1))
            .with_hint(format!("declared: {long}, x"));
        assert!(d.message.len() < 200, "{}", d.message.len());
        assert!(
            d.message.contains("…(1000002 characters)…"),
            "{}",
            d.message
        );
        assert!(d.message.starts_with("undeclared location `bbb"));
        assert!(d.message.ends_with("bbb`"));
        assert!(d.hint.as_deref().unwrap().ends_with(", x"));
        // Short text is kept as it is, blanks included.
        assert_eq!(shorten_tokens("a  b\tc"), "a  b\tc");
    }

    #[test]
    fn long_lines_are_echoed_as_a_window() {
        let src = format!("x = {}Z{};\n", "a".repeat(49_996), "a".repeat(50_000));
        let d = Diagnostic::new("m", Span::new(50_000, 50_001)).with_label("here");
        let r = d.render("p", &src);
        assert!(r.len() < 2 * MAX_LINE_CHARS + 200, "{}", r.len());
        assert!(r.contains("p:1:50001"), "{r}");
        // The underline is under the error inside the window.
        let lines: Vec<&str> = r.lines().collect();
        let code = lines[3];
        let under = lines[4];
        let caret = under.chars().position(|c| c == '^').unwrap();
        assert!(code.starts_with("1 | …") && code.ends_with('…'), "{code}");
        assert_eq!(code.chars().nth(caret), Some('Z'), "{code}\n{under}");
    }

    #[test]
    fn capped_per_file() {
        let diags: Vec<Diagnostic> = (0..2000)
            .map(|i| Diagnostic::new(format!("e{i}"), Span::new(i, i + 1)))
            .collect();
        let capped = cap(diags.clone(), false);
        assert_eq!(capped.len(), MAX_DIAGNOSTICS + 1);
        assert_eq!(
            capped[MAX_DIAGNOSTICS].message,
            "… and 1980 more errors in this file"
        );
        assert_eq!(capped[MAX_DIAGNOSTICS].span, Span::new(20, 21));
        let unseen = cap(diags[..22].to_vec(), true);
        assert_eq!(
            unseen[MAX_DIAGNOSTICS].message,
            "… and at least 2 more errors in this file (amdmm stopped reading the file there)"
        );
        assert_eq!(cap(diags[..20].to_vec(), true).len(), 20);
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
