//! Error diagnostics with spans, and their rustc-style text rendering.

use crate::span::{floor_char_boundary, line_col, line_range, Span};
use annotate_snippets::{Level, Message, Renderer, Snippet};
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

/// How bad a diagnostic is: an error stops the test, a warning (a lint
/// finding) does not.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Severity {
    #[default]
    Error,
    Warning,
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
    pub severity: Severity,
    /// A short name of the check (`unwaited-mark`), printed as `warning[NAME]`.
    pub code: Option<String>,
}

impl Diagnostic {
    pub fn new(message: impl Into<String>, span: Span) -> Diagnostic {
        Diagnostic {
            message: shorten_tokens(&message.into()),
            span,
            label: None,
            hint: None,
            secondary: Vec::new(),
            severity: Severity::Error,
            code: None,
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

    /// The same diagnostic as a warning named `code` (a lint finding).
    pub fn warning(mut self, code: impl Into<String>) -> Diagnostic {
        self.severity = Severity::Warning;
        self.code = Some(code.into());
        self
    }

    /// 1-based line and column (in characters) of the diagnostic in `src`.
    pub fn line_col(&self, src: &str) -> (usize, usize) {
        line_col(src, self.span.start)
    }

    /// rustc-style text without colour (see [`Diagnostic::render_styled`]):
    ///
    /// ```text
    /// error: undeclared location `z`
    ///  --> t.litmus:7:20
    ///   |
    /// 7 |   store i32 1, ptr @z
    ///   |                    ^^ not declared
    ///   |
    ///   = help: declared locations: x, y
    /// ```
    pub fn render(&self, path: &str, src: &str) -> String {
        self.render_styled(path, src, false)
    }

    /// The diagnostic laid out by `annotate-snippets` (the renderer of
    /// rustc and cargo; docs/diagnostics.md says why it was chosen), with
    /// ANSI colour when `color` is set. Only the lines from the first to
    /// the last underlined one are handed to it (unmarked lines between
    /// them are folded), and lines longer than [`MAX_LINE_CHARS`] are cut
    /// to a window around the underline, so a huge file or line costs
    /// nothing extra.
    pub fn render_styled(&self, path: &str, src: &str, color: bool) -> String {
        let mut marks = vec![(self.span, true, self.label.as_deref().unwrap_or(""))];
        for l in &self.secondary {
            marks.push((l.span, false, l.message.as_str()));
        }
        // Each mark clamped to the line it starts on.
        let marks: Vec<(usize, usize, bool, &str)> = marks
            .into_iter()
            .map(|(span, primary, text)| {
                let (ls, le) = line_range(src, span.start);
                let start = floor_char_boundary(src, span.start).clamp(ls, le);
                let end = floor_char_boundary(src, span.end).clamp(start, le);
                // The renderer echoes an underlined text whole: only the
                // start of a long one is underlined.
                let end = src[start..end]
                    .char_indices()
                    .nth(MAX_LINE_CHARS * 3 / 4)
                    .map_or(end, |(i, _)| start + i);
                (start, end, primary, text)
            })
            .collect();
        let first = marks
            .iter()
            .map(|m| line_range(src, m.0).0)
            .min()
            .unwrap_or(0);
        let hi = marks
            .iter()
            .map(|m| line_range(src, m.0).1)
            .max()
            .unwrap_or(0)
            .max(first);
        let level = match self.severity {
            Severity::Error => Level::Error,
            Severity::Warning => Level::Warning,
        };
        // The renderer cannot underline a blank line (it shows it as cut,
        // `...`, or underlines the line above), so a mark on blank lines
        // (the end of the file) is shown as its place alone.
        if src[first..hi].trim().is_empty() {
            let (line, col) = line_col(src, marks[0].0);
            let place = format!("{path}:{line}:{col}");
            let mut message = level
                .title(&self.message)
                .snippet(Snippet::source("").origin(&place));
            if let Some(label) = &self.label {
                message = message.footer(Level::Note.title(label));
            }
            return self.finish(message, color);
        }
        let lo = first;
        // With its line break: an empty last line is still shown.
        let excerpt = format!("{}\n", &src[lo..hi]);
        let annotations = marks.iter().map(|&(start, end, primary, text)| {
            // A warning's underline is `-` with no level prefix, as rustc
            // draws secondary places.
            let kind = if primary { level } else { Level::Warning };
            let a = kind.span(start - lo..end - lo);
            if text.is_empty() {
                a
            } else {
                a.label(text)
            }
        });
        let snippet = Snippet::source(&excerpt)
            .line_start(line_col(src, lo).0)
            .origin(path)
            // Unmarked lines between far marks are hidden.
            .fold(true)
            .annotations(annotations);
        self.finish(level.title(&self.message).snippet(snippet), color)
    }

    /// `message` with this diagnostic's check name and hint, rendered.
    fn finish<'a>(&'a self, mut message: Message<'a>, color: bool) -> String {
        if let Some(code) = &self.code {
            message = message.id(code);
        }
        if let Some(h) = &self.hint {
            message = message.footer(Level::Help.title(h));
        }
        format!("{}\n", renderer(color).render(message))
    }
}

/// The renderer: plain or coloured, and cutting lines wider than
/// [`MAX_LINE_CHARS`] around the underline (`...` marks a cut).
fn renderer(color: bool) -> Renderer {
    let r = if color {
        Renderer::styled()
    } else {
        Renderer::plain()
    };
    r.term_width(MAX_LINE_CHARS)
}

/// An error that has no place in a source file (a file that cannot be
/// read, an option out of range), rendered like the others: `error:
/// MESSAGE` and, when there is one, `= help: HINT`.
pub fn render_message(message: &str, hint: Option<&str>, color: bool) -> String {
    let message = shorten_tokens(message);
    let hint = hint.map(shorten_tokens);
    let mut m = Level::Error.title(&message);
    if let Some(h) = &hint {
        m = m.footer(Level::Help.title(h));
    }
    format!("{}\n", renderer(color).render(m))
}

/// Byte offset in `src` of 1-based `line` and `col` (characters), clamped
/// to the end of the line (or of the text): how positions kept as line and
/// column (lint findings, lowering errors) become spans.
pub fn offset_of(src: &str, line: usize, col: usize) -> usize {
    let mut start = 0;
    for _ in 1..line.max(1) {
        match src[start..].find('\n') {
            Some(i) => start += i + 1,
            None => return src.len(),
        }
    }
    let (_, end) = line_range(src, start);
    src[start..end]
        .char_indices()
        .nth(col.saturating_sub(1))
        .map_or(end, |(i, _)| start + i)
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
            "error: undeclared location `z`\n --> t.litmus:2:19\n  |\n2 |   store i32 1, ptr @z\n  |                   ^^ not declared\n  |\n  = help: declared locations: x\n"
        );
        // The same with colour: ANSI escapes, and the same text under them.
        let styled = d.render_styled("t.litmus", src, true);
        assert!(styled.contains("\x1b["), "{styled:?}");
        assert_eq!(strip_ansi(&styled), d.render("t.litmus", src));
    }

    /// `text` without its ANSI escape sequences.
    fn strip_ansi(text: &str) -> String {
        let mut out = String::new();
        let mut chars = text.chars();
        while let Some(c) = chars.next() {
            if c == '\x1b' {
                for c in chars.by_ref() {
                    if c == 'm' {
                        break;
                    }
                }
            } else {
                out.push(c);
            }
        }
        out
    }

    #[test]
    fn secondary_labels_and_folded_lines() {
        let src = "a x\nb\nc\nd\ne\nf\ng\nh y\n";
        let d = Diagnostic::new("a second `y`", Span::new(18, 19))
            .with_label("here")
            .with_secondary(Span::new(2, 3), "first here");
        let r = d.render("t", src);
        assert!(r.starts_with("error: a second `y`\n --> t:8:3\n"), "{r}");
        assert!(r.contains("1 | a x\n  |   - first here\n"), "{r}");
        assert!(r.contains("8 | h y\n  |   ^ here\n"), "{r}");
        // The unmarked lines between are folded.
        assert!(r.contains("...") && !r.contains("| d"), "{r}");
    }

    #[test]
    fn warnings_carry_their_check_name() {
        let d = Diagnostic::new("m", Span::new(0, 1))
            .with_hint("h")
            .warning("unwaited-mark");
        let r = d.render("f", "x\n");
        assert!(
            r.starts_with("warning[unwaited-mark]: m\n --> f:1:1\n"),
            "{r}"
        );
        assert!(r.ends_with("= help: h\n"), "{r}");
    }

    #[test]
    fn messages_without_a_place() {
        assert_eq!(
            render_message("cannot read x", None, false),
            "error: cannot read x\n"
        );
        let r = render_message("m", Some("h"), false);
        assert!(
            r.starts_with("error: m\n") && r.contains("= help: h"),
            "{r}"
        );
        assert!(render_message("m", None, true).contains("\x1b["));
    }

    #[test]
    fn offsets_of_lines_and_columns() {
        let src = "ab\nçé x\n";
        assert_eq!(offset_of(src, 1, 1), 0);
        assert_eq!(offset_of(src, 2, 4), 8);
        assert_eq!(line_col(src, offset_of(src, 2, 4)), (2, 4));
        // Past the end of a line or of the text: clamped.
        assert_eq!(offset_of(src, 1, 99), 2);
        assert_eq!(offset_of(src, 99, 1), src.len());
        assert_eq!(offset_of("", 0, 0), 0);
    }

    /// Any span over any text renders without panicking, and names the
    /// line and column of its start.
    #[test]
    fn any_span_renders() {
        let texts = [
            "",
            "\n",
            "a",
            "a\r\nb\r\n",
            "\t\tx\n\n",
            "é\u{301}z\n漢字\n",
            "a\nb",
        ];
        for src in texts {
            for s in 0..=src.len() + 2 {
                // A `\r` before a line break is not part of the line: the
                // underline moves to the line's end.
                if src.as_bytes().get(s) == Some(&b'\r')
                    || src.as_bytes().get(s.wrapping_sub(1)) == Some(&b'\r')
                {
                    continue;
                }
                for e in [s, s + 1, s + 3, src.len() + 5] {
                    let d = Diagnostic::new("m", Span::new(s, e))
                        .with_label("l")
                        .with_secondary(Span::new(e, s), "s");
                    let (line, col) = line_col(src, s);
                    let r = d.render("p", src);
                    assert!(
                        r.contains(&format!("--> p:{line}:{col}\n")),
                        "{src:?} {s} {e}\n{r}"
                    );
                }
            }
        }
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
        assert!(
            code.starts_with("1 | ...") && code.ends_with("..."),
            "{code}"
        );
        assert_eq!(code.chars().nth(caret), Some('Z'), "{code}\n{under}");
    }

    #[test]
    fn long_spans_are_cut() {
        let src = format!("x {} y\n", "b".repeat(100_000));
        let d = Diagnostic::new("m", Span::new(2, 100_002)).with_label("here");
        let r = d.render("p", &src);
        assert!(r.len() < 2 * MAX_LINE_CHARS + 200, "{}", r.len());
        assert!(r.contains("--> p:1:3"), "{r}");
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
