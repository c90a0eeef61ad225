//! The lexer: source text to tokens, comments dropped.
//!
//! `;` is a comment to end of line (LLVM style) inside thread and function
//! bodies and outside any bracket, and a separator inside the declaration
//! block and the `locations [...]` list, where it has a meaning.

use crate::budget::Budget;
use crate::diagnostic::Diagnostic;
use crate::span::Span;

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Tok {
    /// A bare word: keywords, names, `llvm.amdgcn...` (dots allowed).
    Ident(String),
    /// `@name` (the name without `@`).
    Global(String),
    /// `%name` (the name without `%`).
    Local(String),
    Int(i64),
    /// A decimal floating-point literal (`1.5`, `-0.0`, `2e3`): its value
    /// as the bits of an `f64`; the text stays in the source, to be rounded
    /// to the type it is used with.
    Float(u64),
    /// `"..."` (the contents, without quotes).
    Str(String),
    /// The test name after `AMDGPU`: any non-blank characters.
    TestName(String),
    LBrace,
    RBrace,
    LParen,
    RParen,
    LBracket,
    RBracket,
    LAngle,
    RAngle,
    Comma,
    Semi,
    Colon,
    /// `=`
    Eq,
    /// `==`
    EqEq,
    /// `!=`
    Ne,
    /// `!` (metadata)
    Bang,
    /// `@` alone (thread placement)
    At,
    /// `/\`
    And,
    /// `\/`
    Or,
    /// `~`
    Tilde,
    /// `->`
    Arrow,
    /// `*` (tolerated in typed pointers)
    Star,
    /// `#` (attribute groups, ignored where tolerated)
    Hash,
    Eof,
}

impl Tok {
    /// How the token is shown in "expected ..., found ..." messages.
    pub fn describe(&self) -> String {
        match self {
            Tok::Ident(s) => format!("`{s}`"),
            Tok::Global(s) => format!("`@{s}`"),
            Tok::Local(s) => format!("`%{s}`"),
            Tok::Int(v) => format!("`{v}`"),
            Tok::Float(b) => format!("`{}`", f64::from_bits(*b)),
            Tok::Str(s) => format!("\"{s}\""),
            Tok::TestName(s) => format!("`{s}`"),
            Tok::Eof => "end of file".into(),
            other => format!("`{}`", other.punct()),
        }
    }

    fn punct(&self) -> &'static str {
        match self {
            Tok::LBrace => "{",
            Tok::RBrace => "}",
            Tok::LParen => "(",
            Tok::RParen => ")",
            Tok::LBracket => "[",
            Tok::RBracket => "]",
            Tok::LAngle => "<",
            Tok::RAngle => ">",
            Tok::Comma => ",",
            Tok::Semi => ";",
            Tok::Colon => ":",
            Tok::Eq => "=",
            Tok::EqEq => "==",
            Tok::Ne => "!=",
            Tok::Bang => "!",
            Tok::At => "@",
            Tok::And => "/\\",
            Tok::Or => "\\/",
            Tok::Tilde => "~",
            Tok::Arrow => "->",
            Tok::Star => "*",
            Tok::Hash => "#",
            _ => "?",
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Token {
    pub tok: Tok,
    pub span: Span,
    /// First token on its line (used to resynchronise after an error).
    pub line_start: bool,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Delim {
    Body,
    Brace,
    Other,
}

fn is_name_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || matches!(c, '_' | '.' | '$')
}

struct Lexer<'a> {
    src: &'a str,
    pos: usize,
    toks: Vec<Token>,
    diags: Vec<Diagnostic>,
    line_start: bool,
    stack: Vec<Delim>,
    pending_body: bool,
    budget: &'a Budget<'a>,
}

/// A character that starts no token (and could not start one next to its
/// neighbours: `/`, `\\` and `-` do, in `//`, `\\/`, `-1`, `->`): the
/// run of them after an unexpected character is reported with it.
fn is_stray(c: char) -> bool {
    !(c.is_whitespace() || c.is_ascii_alphanumeric() || "_.$\"@%{}()[]<>,;:=!~*#/\\-".contains(c))
}

/// Splits `src` into tokens (always ending in `Eof`) and lexical errors.
pub fn lex(src: &str) -> (Vec<Token>, Vec<Diagnostic>) {
    lex_within(src, &Budget::unlimited())
}

/// [`lex`] within `budget`: once it says stop, the tokens end there (with
/// `Eof`), and the caller discards them ([`Budget::stopped`]).
pub fn lex_within<'a>(src: &'a str, budget: &'a Budget<'a>) -> (Vec<Token>, Vec<Diagnostic>) {
    let mut lx = Lexer {
        budget,
        src,
        pos: 0,
        toks: Vec::new(),
        diags: Vec::new(),
        line_start: true,
        stack: Vec::new(),
        pending_body: false,
    };
    lx.run();
    let end = src.len();
    lx.toks.push(Token {
        tok: Tok::Eof,
        span: Span::new(end, end),
        line_start: true,
    });
    (lx.toks, lx.diags)
}

impl<'a> Lexer<'a> {
    fn peek(&self) -> Option<char> {
        self.src[self.pos..].chars().next()
    }

    fn peek2(&self) -> Option<char> {
        let mut it = self.src[self.pos..].chars();
        it.next();
        it.next()
    }

    fn bump(&mut self) -> Option<char> {
        let c = self.peek()?;
        self.pos += c.len_utf8();
        Some(c)
    }

    fn push(&mut self, tok: Tok, start: usize) {
        self.toks.push(Token {
            tok,
            span: Span::new(start, self.pos),
            line_start: self.line_start,
        });
        self.line_start = false;
    }

    fn error(&mut self, msg: &str, span: Span, hint: &str) {
        self.diags.push(Diagnostic::new(msg, span).with_hint(hint));
    }

    fn skip_line(&mut self) {
        while let Some(c) = self.peek() {
            if c == '\n' {
                break;
            }
            self.bump();
        }
    }

    fn semi_is_comment(&self) -> bool {
        self.stack.is_empty() || self.stack.contains(&Delim::Body)
    }

    fn take_name(&mut self) -> &'a str {
        let start = self.pos;
        while self.peek().is_some_and(is_name_char) {
            self.bump();
        }
        &self.src[start..self.pos]
    }

    fn run(&mut self) {
        while let Some(c) = self.peek() {
            if self.budget.tick() {
                return;
            }
            let start = self.pos;
            match c {
                '\n' => {
                    self.bump();
                    self.line_start = true;
                }
                c if c.is_whitespace() => {
                    self.bump();
                }
                '/' if self.peek2() == Some('/') => self.skip_line(),
                ';' if self.semi_is_comment() => self.skip_line(),
                '(' if self.peek2() == Some('*') => self.block_comment(),
                '"' => self.string(),
                '@' | '%' => self.sigil(c),
                '-' if self.peek2().is_some_and(|d| d.is_ascii_digit()) => {
                    self.bump();
                    self.number(start, true)
                }
                c if c.is_ascii_digit() => self.number(start, false),
                c if c.is_ascii_alphabetic() || c == '_' || c == '.' || c == '$' => {
                    self.word(start)
                }
                _ => self.punct(c, start),
            }
        }
    }

    fn block_comment(&mut self) {
        let start = self.pos;
        self.pos += 2;
        match self.src[self.pos..].find("*)") {
            Some(i) => self.pos += i + 2,
            None => {
                self.pos = self.src.len();
                self.error(
                    "unterminated comment",
                    Span::new(start, start + 2),
                    "close it with `*)`",
                );
            }
        }
        if self.src[start..self.pos].contains('\n') {
            self.line_start = true;
        }
    }

    fn string(&mut self) {
        let start = self.pos;
        self.bump();
        let body_start = self.pos;
        loop {
            match self.peek() {
                Some('"') => {
                    let s = self.src[body_start..self.pos].to_string();
                    self.bump();
                    self.push(Tok::Str(s), start);
                    return;
                }
                // Only the description (at top level) may span lines.
                Some('\n') if self.stack.is_empty() => {
                    self.bump();
                }
                Some('\n') | None => {
                    self.error(
                        "unterminated string",
                        Span::new(start, self.pos),
                        "close the string with `\"` (on the same line, except the description)",
                    );
                    let s = self.src[body_start..self.pos].to_string();
                    self.push(Tok::Str(s), start);
                    return;
                }
                Some(_) => {
                    self.bump();
                }
            }
        }
    }

    fn sigil(&mut self, c: char) {
        let start = self.pos;
        self.bump();
        if self.peek() == Some('"') {
            // LLVM quoted names: @"name"
            self.bump();
            let body = self.pos;
            while self.peek().is_some_and(|c| c != '"' && c != '\n') {
                self.bump();
            }
            let name = self.src[body..self.pos].to_string();
            if self.peek() == Some('"') {
                self.bump();
            } else {
                self.error(
                    "unterminated quoted name",
                    Span::new(start, self.pos),
                    "close the name with `\"` on the same line",
                );
            }
            let tok = if c == '@' {
                Tok::Global(name)
            } else {
                Tok::Local(name)
            };
            self.push(tok, start);
            return;
        }
        let name = self.take_name().to_string();
        if name.is_empty() {
            if c == '@' {
                self.push(Tok::At, start);
            } else {
                self.error(
                    "expected a register name after `%`",
                    Span::new(start, self.pos),
                    "registers are written `%name`",
                );
            }
            return;
        }
        let tok = if c == '@' {
            Tok::Global(name)
        } else {
            Tok::Local(name)
        };
        self.push(tok, start);
    }

    fn number(&mut self, start: usize, negative: bool) {
        let rest = &self.src[self.pos..];
        let hex = rest.starts_with("0x") || rest.starts_with("0X");
        if hex {
            self.pos += 2;
        }
        let body_start = self.pos;
        while self
            .peek()
            .is_some_and(|c| c.is_ascii_alphanumeric() || c == '_')
        {
            self.bump();
        }
        if !hex {
            if let Some(tok) = self.float_literal(start, body_start) {
                self.push(tok, start);
                return;
            }
        }
        let text: String = self.src[body_start..self.pos]
            .chars()
            .filter(|&c| c != '_')
            .collect();
        let radix = if hex { 16 } else { 10 };
        let magnitude = u64::from_str_radix(&text, radix).ok();
        // Hex literals are bit patterns (0xFFFFFFFFFFFFFFFF is -1); decimal
        // ones must fit a signed 64-bit value.
        let value = magnitude.and_then(|m| match (hex, negative) {
            (true, false) => Some(m as i64),
            (_, true) if m <= 1 << 63 => Some((-(m as i128)) as i64),
            (false, false) => i64::try_from(m).ok(),
            _ => None,
        });
        let value = value.unwrap_or_else(|| {
            let malformed = text.is_empty() || text.chars().any(|c| !c.is_digit(radix));
            let msg = if malformed {
                "malformed number"
            } else {
                "integer literal out of range"
            };
            self.error(
                msg,
                Span::new(start, self.pos),
                "values are 64-bit signed integers",
            );
            0
        });
        self.push(Tok::Int(value), start);
    }

    /// A decimal floating-point literal (`1.5`, `2.0e3`, `1e-3`) at
    /// `start`, its digits lexed up to `self.pos`: the rest of it consumed
    /// and its value returned (`None`: not a floating-point literal).
    /// LangRef, "Simple Constants": "Floating-point constants use standard
    /// decimal notation (e.g. 123.421), exponential notation (e.g.
    /// 1.23421e+2)"; they are checked against the type they are used with
    /// when the program is lowered (docs/semantics.md, "Floating-point
    /// values").
    fn float_literal(&mut self, start: usize, body_start: usize) -> Option<Tok> {
        let body = &self.src[body_start..self.pos];
        let digits = |s: &str| !s.is_empty() && s.chars().all(|c| c.is_ascii_digit());
        let exponent = |s: &str| {
            let s = s.strip_prefix(['e', 'E']).unwrap_or("");
            digits(s.strip_prefix(['+', '-']).unwrap_or(s))
        };
        let fraction = self.peek() == Some('.') && self.peek2().is_some_and(|c| c.is_ascii_digit());
        let mantissa_end = body.find(['e', 'E']).unwrap_or(body.len());
        let sci = digits(&body[..mantissa_end]) && exponent(&body[mantissa_end..]);
        // `1e-3`: the lexed word stops before the exponent's sign.
        let signed_exp = !fraction
            && body.len() > 1
            && body.ends_with(['e', 'E'])
            && digits(&body[..body.len() - 1])
            && matches!(self.peek(), Some('+' | '-'))
            && self.peek2().is_some_and(|c| c.is_ascii_digit());
        if !fraction && !sci && !signed_exp {
            return None;
        }
        if fraction {
            self.bump();
            while self
                .peek()
                .is_some_and(|c| c.is_ascii_alphanumeric() || c == '_')
            {
                self.bump();
            }
        }
        // `1.5e-3`, `1e-3`: the sign of the exponent and its digits.
        if self.src[..self.pos].ends_with(['e', 'E'])
            && matches!(self.peek(), Some('+' | '-'))
            && self.peek2().is_some_and(|c| c.is_ascii_digit())
        {
            self.bump();
            while self.peek().is_some_and(|c| c.is_ascii_digit()) {
                self.bump();
            }
        }
        let text = &self.src[start..self.pos];
        match text.parse::<f64>() {
            Ok(v) if v.is_finite() => Some(Tok::Float(v.to_bits())),
            _ => {
                let text = text.to_string();
                self.error(
                    &format!("malformed floating-point literal `{text}`"),
                    Span::new(start, self.pos),
                    "write a finite decimal (`1.5`, `-0.0`, `2.5e-3`); NaN and infinities are written as the type's bits in hex (`0x7fc00000` is a `float` quiet NaN)",
                );
                Some(Tok::Float(0))
            }
        }
    }

    fn word(&mut self, start: usize) {
        let w = self.take_name();
        let at_top = self.stack.is_empty();
        if at_top && matches!(w, "thread" | "define") {
            self.pending_body = true;
        }
        if w == "thread" && self.line_start && !at_top {
            // A `thread` at the start of a line inside a body: the previous
            // body lacks its `}`; resynchronise so `;` keeps its meaning.
            self.stack.clear();
            self.pending_body = true;
        }
        let is_header = w == "AMDGPU" && self.toks.is_empty();
        self.push(Tok::Ident(w.to_string()), start);
        if is_header {
            while self.peek().is_some_and(|c| c.is_whitespace() && c != '\n') {
                self.bump();
            }
            let name_start = self.pos;
            while self.peek().is_some_and(|c| !c.is_whitespace()) {
                self.bump();
            }
            if self.pos > name_start {
                let name = self.src[name_start..self.pos].to_string();
                self.push(Tok::TestName(name), name_start);
            }
        }
    }

    fn punct(&mut self, c: char, start: usize) {
        self.bump();
        let next = self.peek();
        let two = |lx: &mut Self, t: Tok| {
            lx.bump();
            lx.push(t, start);
        };
        match (c, next) {
            ('=', Some('=')) => two(self, Tok::EqEq),
            ('!', Some('=')) => two(self, Tok::Ne),
            ('/', Some('\\')) => two(self, Tok::And),
            ('\\', Some('/')) => two(self, Tok::Or),
            ('-', Some('>')) => two(self, Tok::Arrow),
            _ => {
                let tok = match c {
                    '{' => {
                        let d = if self.pending_body && self.stack.is_empty() {
                            Delim::Body
                        } else {
                            Delim::Brace
                        };
                        self.pending_body = false;
                        self.stack.push(d);
                        Tok::LBrace
                    }
                    '}' => {
                        self.pop(Delim::Brace);
                        Tok::RBrace
                    }
                    '(' | '[' => {
                        self.stack.push(Delim::Other);
                        if c == '(' {
                            Tok::LParen
                        } else {
                            Tok::LBracket
                        }
                    }
                    ')' | ']' => {
                        self.pop(Delim::Other);
                        if c == ')' {
                            Tok::RParen
                        } else {
                            Tok::RBracket
                        }
                    }
                    '<' => Tok::LAngle,
                    '>' => Tok::RAngle,
                    ',' => Tok::Comma,
                    ';' => Tok::Semi,
                    ':' => Tok::Colon,
                    '=' => Tok::Eq,
                    '!' => Tok::Bang,
                    '~' => Tok::Tilde,
                    '*' => Tok::Star,
                    '#' => Tok::Hash,
                    _ => {
                        // A run of stray characters is one error, not one
                        // per character (issue 24).
                        while self.peek().is_some_and(is_stray) {
                            self.bump();
                        }
                        let run = &self.src[start..self.pos];
                        let msg = if run.chars().nth(1).is_some() {
                            format!("unexpected characters {}", crate::suggest::quoted(run))
                        } else {
                            format!("unexpected character {}", crate::suggest::quoted(run))
                        };
                        self.error(
                            &msg,
                            Span::new(start, self.pos),
                            "remove it, or comment it out with `//` or `(* ... *)`",
                        );
                        return;
                    }
                };
                self.push(tok, start);
            }
        }
    }

    /// Pops the innermost delimiter if it matches; tolerates mismatches
    /// (the parser reports them).
    fn pop(&mut self, kind: Delim) {
        match (self.stack.last(), kind) {
            (Some(Delim::Body | Delim::Brace), Delim::Brace)
            | (Some(Delim::Other), Delim::Other) => {
                self.stack.pop();
            }
            _ => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kinds(src: &str) -> Vec<Tok> {
        let (t, d) = lex(src);
        assert!(d.is_empty(), "{d:?}");
        t.into_iter().map(|t| t.tok).collect()
    }

    #[test]
    fn semicolon_meaning_depends_on_context() {
        let k = kinds("{ global x = 0; }\nthread P0 { %r = add i32 1, 2 ; comment\n }");
        assert!(k.contains(&Tok::Semi));
        assert!(!k.contains(&Tok::Ident("comment".into())));
        let k = kinds("locations [P1:%r0; @x;]");
        assert_eq!(k.iter().filter(|t| **t == Tok::Semi).count(), 2);
    }

    #[test]
    fn header_and_operators() {
        let k = kinds("AMDGPU MP+rel-acq.agent\n(* c *) ~exists (a /\\ b \\/ c -> d != -1)");
        assert_eq!(k[1], Tok::TestName("MP+rel-acq.agent".into()));
        assert!(k.contains(&Tok::Int(-1)));
        assert!(k.contains(&Tok::Arrow));
        assert!(k.contains(&Tok::And));
        assert!(k.contains(&Tok::Or));
    }
}
