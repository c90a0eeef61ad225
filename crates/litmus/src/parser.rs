//! Recursive-descent parser: tokens to [`crate::ast::File`].
//!
//! Errors are collected; after an error in a body the parser skips to the
//! next line and goes on, so one run reports several mistakes.

use crate::ast::*;
use crate::budget::Budget;
use crate::diagnostic::Diagnostic;
use crate::lexer::{lex_within, Tok, Token};
use crate::suggest;

/// The `!mmra` tags amdmm models (see `Parser::mmra`).
const VALID_MMRA: &str = "valid tags: `!{!\"amdgcn-av\", !\"none\"}` (atomics and fences), and on fences `!{!\"amdgpu-as\", !\"local\"}`, `!{!\"amdgpu-as\", !\"global\"}` or the upstream spelling `amdgpu-synchronize-as` with `local` / `global`";

/// Deepest nesting of `(` and `~` accepted in a condition.
const MAX_DEPTH: usize = 64;

/// LangRef's floating-point types ("Floating-Point Types") that amdmm does
/// not model: refused by name (`half`, `float` and `double` are modelled).
const FLOAT_TYPES: &[&str] = &["bfloat", "fp128", "x86_fp80", "ppc_fp128"];
/// Most atoms, constants and connectives in one condition.
const MAX_COND_NODES: usize = 512;
/// Stop after this many errors (of which the first
/// [`crate::diagnostic::MAX_DIAGNOSTICS`] are shown).
const MAX_ERRORS: usize = 200;

/// The instruction words a body accepts (for hints).
pub const INSTRUCTIONS: &[&str] = &[
    "load",
    "store",
    "atomicrmw",
    "cmpxchg",
    "extractvalue",
    "fence",
    "add",
    "sub",
    "mul",
    "and",
    "or",
    "xor",
    "shl",
    "lshr",
    "ashr",
    "icmp",
    "select",
    "br",
    "call",
    "ret",
    "barrier.init",
    "barrier.join",
    "barrier.drop",
    "barrier.arrive",
    "barrier.wait",
];

const HEADER_SYNTAX: &str =
    "a test starts `AMDGPU <name>`, an optional \"description\", then the declarations `{ ... }`";
const DECL_SYNTAX: &str = "declarations are `global x = 0;`, `global a[4] = 0;`, `lds t[4] = 0;`, `barrier B workgroup;` or `exclusive B, C;`";
const THREAD_SYNTAX: &str = "threads are `thread P0 @ agent 0, cluster 0, wg 1, wave 0 { ... }` (every placement field optional)";
const FUNCTION_SYNTAX: &str = "functions are `define void @f() { ... }`";
const BODY_SYNTAX: &str =
    "a body holds `label:` lines and instructions such as `%r = load i32, ptr @x`";
const COND_SYNTAX: &str = "the condition is `exists|~exists|forall (...)` over `P1:%r0 == 1`, `@x != 0`, `wg1:@t[0] == undef`, `true`, `false`, with `/\\`, `\\/`, `~`, `->` and parentheses";
const LOCATIONS_SYNTAX: &str = "`locations [P1:%r0; @x; wg1:@t[0];]`";
const EXPECT_SYNTAX: &str =
    "`expect [seed|upstream|proposed] Always|Sometimes|Never` followed by flags among `race ub deadlock cutoff`";

/// The syntax of each instruction, for hints.
fn instr_syntax(word: &str) -> &'static str {
    match word {
        "load" => "`%r = load [atomic] [volatile] <ty>, ptr <loc> [syncscope(\"<scope>\")] [<ordering>] [, align N]`",
        "store" => "`store [atomic] [volatile] <ty> <value>, ptr <loc> [syncscope(\"<scope>\")] [<ordering>] [, align N]`",
        "atomicrmw" => "`%r = atomicrmw <op> ptr <loc>, <ty> <value> [syncscope(\"<scope>\")] <ordering>`",
        "cmpxchg" => "`%p = cmpxchg ptr <loc>, <ty> <expected>, <ty> <new> [syncscope(\"<scope>\")] <success> <failure>`",
        "extractvalue" => "`%v = extractvalue { <ty>, i1 } %p, 0` (1 for the success flag)",
        "fence" => "`fence [syncscope(\"<scope>\")] <ordering>`",
        "icmp" => "`%c = icmp eq|ne|slt|sle|sgt|sge|ult|ule|ugt|uge <ty> <a>, <b>`",
        "select" => "`%r = select i1 %c, <ty> <a>, <ty> <b>`",
        "br" => "`br label %l` or `br i1 %c, label %then, label %else`",
        "call" | "tail" | "notail" | "musttail" => "`call void @f()` or `call <ty> @llvm.<intrinsic>(<args>)`",
        "ret" => "`ret void`",
        w if w.starts_with("barrier.") => "`barrier.init @B, <k>`, `barrier.arrive @B [, <k>]`, `barrier.join|drop|wait @B`",
        w if BIN_OPS.contains(&w) => "`%r = add|sub|mul|and|or|xor|shl|lshr|ashr <ty> <a>, <b>`",
        _ => BODY_SYNTAX,
    }
}

const BIN_OPS: &[&str] = &[
    "add", "sub", "mul", "and", "or", "xor", "shl", "lshr", "ashr",
];

/// Parses a whole `.litmus` file.
pub fn parse(src: &str) -> Result<File, Vec<Diagnostic>> {
    parse_within(src, &Budget::unlimited())
}

/// [`parse`] within `budget` (the caller's `--timeout` and `--max-memory`):
/// the lexer and the parser tick it once per character and per token, and
/// once it says stop the parser jumps to the end of the file. The result is
/// then incomplete: the caller checks [`Budget::stopped`] first and reports
/// its limit instead.
pub fn parse_within<'a>(src: &'a str, budget: &'a Budget<'a>) -> Result<File, Vec<Diagnostic>> {
    let (toks, diags) = lex_within(src, budget);
    // A string or comment left open swallows the rest of the file: whatever
    // the parser then misses there is a consequence, not a second error.
    let swallowed_from = diags
        .iter()
        .filter(|d| d.span.end >= src.len())
        .map(|d| d.span.start)
        .min();
    let mut p = Parser {
        src,
        toks,
        pos: 0,
        diags,
        depth: 0,
        cond_nodes: 0,
        context: HEADER_SYNTAX,
        budget,
    };
    let file = p.file();
    match file {
        Ok(f) if p.diags.is_empty() => Ok(f),
        _ => {
            if p.diags.is_empty() {
                // Defensive: a failure always records its reason.
                let span = p.span();
                p.diags.push(Diagnostic::new("syntax error", span));
            }
            if let Some(from) = swallowed_from {
                let (lexed, parsed): (Vec<_>, Vec<_>) = std::mem::take(&mut p.diags)
                    .into_iter()
                    .partition(|d| d.span.end >= src.len() && d.span.start == from);
                p.diags = parsed.into_iter().filter(|d| d.span.start < from).collect();
                p.diags.extend(lexed);
                p.diags.sort_by_key(|d| d.span.start);
            }
            let stopped = p.diags.len() >= MAX_ERRORS;
            p.diags.truncate(MAX_ERRORS);
            Err(crate::diagnostic::cap(p.diags, stopped))
        }
    }
}

/// Result of a parsing step; the error has already been recorded.
type PResult<T> = Result<T, ()>;

struct Parser<'a> {
    src: &'a str,
    toks: Vec<Token>,
    pos: usize,
    diags: Vec<Diagnostic>,
    depth: usize,
    /// Nodes of the condition so far (bounds the tree for later stages).
    cond_nodes: usize,
    /// The syntax of the construct being parsed: the hint of syntax errors
    /// that have no more specific one.
    context: &'static str,
    budget: &'a Budget<'a>,
}

impl<'a> Parser<'a> {
    // ---- token access -------------------------------------------------

    fn tok(&self) -> &Tok {
        &self.toks[self.pos].tok
    }

    fn tok_at(&self, n: usize) -> &Tok {
        let i = (self.pos + n).min(self.toks.len() - 1);
        &self.toks[i].tok
    }

    fn span(&self) -> Span {
        self.toks[self.pos].span
    }

    fn line_start(&self) -> bool {
        self.toks[self.pos].line_start
    }

    /// End of the previous token (start of the file if none).
    fn prev_end(&self) -> usize {
        if self.pos == 0 {
            0
        } else {
            self.toks[self.pos - 1].span.end
        }
    }

    fn at_eof(&self) -> bool {
        matches!(self.tok(), Tok::Eof)
    }

    fn bump(&mut self) -> Token {
        let t = self.toks[self.pos].clone();
        if self.budget.tick() {
            // A limit stopped the work: straight to the end, where every
            // construct finishes at once (the result is discarded).
            self.pos = self.toks.len() - 1;
        } else if !self.at_eof() {
            self.pos += 1;
        }
        t
    }

    fn is(&self, t: &Tok) -> bool {
        self.tok() == t
    }

    fn eat(&mut self, t: &Tok) -> Option<Span> {
        if self.is(t) {
            Some(self.bump().span)
        } else {
            None
        }
    }

    fn is_word(&self, w: &str) -> bool {
        matches!(self.tok(), Tok::Ident(s) if s == w)
    }

    fn eat_word(&mut self, w: &str) -> Option<Span> {
        if self.is_word(w) {
            Some(self.bump().span)
        } else {
            None
        }
    }

    // ---- errors ---------------------------------------------------------

    /// `default`, or "did you mean `thread`?" when the current word is a
    /// misspelt top-level keyword (`thred`, `exist`, `expcet`).
    fn keyword_hint(&self, default: &str) -> String {
        const KEYWORDS: &[&str] = &[
            "thread",
            "define",
            "locations",
            "exists",
            "forall",
            "expect",
        ];
        match self.tok() {
            Tok::Ident(w) if !suggest::similar(w, KEYWORDS).is_empty() => {
                suggest::hint(w, KEYWORDS, "keywords")
            }
            _ => default.to_string(),
        }
    }

    fn push(&mut self, d: Diagnostic) {
        if self.diags.len() < MAX_ERRORS {
            self.diags.push(d);
        }
    }

    /// Records "expected X, found Y" at the current token.
    fn expected<T>(&mut self, what: &str, hint: Option<&str>) -> PResult<T> {
        let found = self.tok().describe();
        let d = Diagnostic::new(format!("expected {what}, found {found}"), self.span())
            .with_label(format!("expected {what}"))
            .with_hint(hint.unwrap_or(self.context));
        self.push(d);
        Err(())
    }

    fn expect(&mut self, t: Tok, what: &str) -> PResult<Span> {
        match self.eat(&t) {
            Some(s) => Ok(s),
            None => self.expected(what, None),
        }
    }

    fn expect_word(&mut self, w: &str) -> PResult<Span> {
        match self.eat_word(w) {
            Some(s) => Ok(s),
            None => self.expected(&format!("`{w}`"), None),
        }
    }

    // ---- small pieces ---------------------------------------------------

    fn ident(&mut self, what: &str) -> PResult<Ident> {
        match self.tok().clone() {
            Tok::Ident(name) => Ok(Ident {
                name,
                span: self.bump().span,
            }),
            _ => self.expected(what, None),
        }
    }

    /// A declared name: `x` or `@x`.
    fn decl_name(&mut self, what: &str) -> PResult<Ident> {
        match self.tok().clone() {
            Tok::Ident(name) | Tok::Global(name) => Ok(Ident {
                name,
                span: self.bump().span,
            }),
            _ => self.expected(what, None),
        }
    }

    fn global(&mut self, what: &str, hint: Option<&str>) -> PResult<Ident> {
        match self.tok().clone() {
            Tok::Global(name) => Ok(Ident {
                name,
                span: self.bump().span,
            }),
            _ => self.expected(what, hint),
        }
    }

    fn local(&mut self, what: &str) -> PResult<Ident> {
        match self.tok().clone() {
            Tok::Local(name) => Ok(Ident {
                name,
                span: self.bump().span,
            }),
            _ => self.expected(what, Some("registers are written `%name`")),
        }
    }

    fn int(&mut self, what: &str) -> PResult<Spanned<i64>> {
        match *self.tok() {
            Tok::Int(v) => Ok(Spanned {
                node: v,
                span: self.bump().span,
            }),
            _ => self.expected(what, None),
        }
    }

    fn value(&mut self) -> PResult<Spanned<Value>> {
        let span = self.span();
        let node = match self.tok() {
            Tok::Int(v) => Value::Int(*v),
            Tok::Float(b) => Value::Float(*b),
            Tok::Ident(w) if w == "undef" => Value::Undef,
            Tok::Ident(w) if w == "true" => Value::Int(1),
            Tok::Ident(w) if w == "false" => Value::Int(0),
            _ => return self.expected("an integer or `undef`", None),
        };
        self.bump();
        Ok(Spanned { node, span })
    }

    // ---- file -----------------------------------------------------------

    fn file(&mut self) -> PResult<File> {
        let header = "a test starts with `AMDGPU <name>`";
        if self.eat_word("AMDGPU").is_none() {
            return self.expected("`AMDGPU`", Some(header));
        }
        let name = match self.tok().clone() {
            Tok::TestName(n) => Ident {
                name: n,
                span: self.bump().span,
            },
            _ => return self.expected("the test name", Some(header)),
        };
        // `AMDGPU MP extra words`: one error here, not a cascade of
        // "expected `thread`" below.
        if !self.line_start() && !self.at_eof() && !matches!(self.tok(), Tok::Str(_) | Tok::LBrace)
        {
            let start = self.span();
            while !self.line_start() && !self.at_eof() && !self.is(&Tok::LBrace) {
                self.bump();
            }
            let extra = Span::new(start.start, self.prev_end());
            self.push(
                Diagnostic::new("text after the test name", extra)
                    .with_label("not part of the name")
                    .with_hint(format!(
                        "the test name is one word without blanks, e.g. `AMDGPU {}`; put a description on the next line in double quotes",
                        name.name
                    )),
            );
        }
        let description = match self.tok().clone() {
            Tok::Str(s) => Some(Spanned {
                node: s,
                span: self.bump().span,
            }),
            _ => None,
        };
        let decls = if self.is(&Tok::LBrace) {
            self.decl_block()
        } else {
            Vec::new()
        };
        let mut functions = Vec::new();
        let mut threads = Vec::new();
        loop {
            if self.is_word("define") {
                if let Ok(f) = self.function() {
                    functions.push(f);
                }
            } else if self.is_word("thread") {
                if let Ok(t) = self.thread() {
                    threads.push(t);
                }
            } else {
                break;
            }
        }
        if threads.is_empty() && self.diags.is_empty() {
            let hint =
                self.keyword_hint("a test has one or more `thread NAME @ wg N { ... }` blocks");
            return self.expected("`thread`", Some(&hint));
        }
        let locations = if self.is_word("locations") {
            self.locations().ok()
        } else {
            None
        };
        let condition = self.condition()?;
        let mut expect: Option<Expect> = None;
        let mut model_expects: Vec<ModelExpect> = Vec::new();
        while self.is_word("expect") {
            let (model, e) = self.expect_line()?;
            let earlier = match &model {
                None => expect.as_ref().map(|x| x.span),
                Some(m) => model_expects
                    .iter()
                    .find(|x| x.model.node == m.node)
                    .map(|x| x.expect.span),
            };
            if let Some(earlier) = earlier {
                let which = match &model {
                    None => "unqualified `expect` line".to_string(),
                    Some(m) => format!("`expect {}` line", m.node),
                };
                let (line, _) = crate::span::line_col(self.src, earlier.start);
                self.push(
                    Diagnostic::new(format!("a second {which}"), e.span)
                        .with_label("repeated")
                        .with_hint(format!("the first is on line {line}; keep one per model (`expect upstream ...` overrides the unqualified line under `--model upstream`)")),
                );
                return Err(());
            }
            match model {
                None => expect = Some(e),
                Some(model) => model_expects.push(ModelExpect { model, expect: e }),
            }
        }
        if !self.at_eof() {
            return self.expected("end of file", Some("the `expect` line ends the test"));
        }
        Ok(File {
            source: self.src.to_string(),
            name,
            description,
            decls,
            functions,
            threads,
            locations,
            condition,
            expect,
            model_expects,
        })
    }

    /// Skips to the next top-level keyword at the start of a line.
    fn skip_to_top_level(&mut self) {
        self.bump();
        while !self.at_eof() {
            let top = [
                "thread",
                "define",
                "exists",
                "forall",
                "locations",
                "expect",
            ]
            .iter()
            .any(|w| self.is_word(w))
                || self.is(&Tok::Tilde);
            if top && self.line_start() {
                return;
            }
            self.bump();
        }
    }

    // ---- declarations -----------------------------------------------------

    fn decl_block(&mut self) -> Vec<Decl> {
        self.context = DECL_SYNTAX;
        let open = self.bump().span;
        let mut decls = Vec::new();
        loop {
            while self.eat(&Tok::Semi).is_some() || self.eat(&Tok::Comma).is_some() {}
            if self.eat(&Tok::RBrace).is_some() {
                break;
            }
            if self.at_eof() || self.is_word("thread") || self.is_word("define") {
                self.push(
                    Diagnostic::new("unclosed declaration block", open)
                        .with_label("this `{` is never closed")
                        .with_hint("close the declarations with `}`"),
                );
                break;
            }
            match self.decl() {
                Ok(d) => decls.push(d),
                Err(()) => {
                    // Resynchronise at the next `;` or `}`.
                    while !self.at_eof()
                        && !self.is(&Tok::Semi)
                        && !self.is(&Tok::RBrace)
                        && !self.is_word("thread")
                    {
                        self.bump();
                    }
                }
            }
        }
        decls
    }

    fn decl(&mut self) -> PResult<Decl> {
        let start = self.span();
        let word = match self.tok() {
            Tok::Ident(w) => w.clone(),
            _ => String::new(),
        };
        match word.as_str() {
            "global" | "lds" => {
                let space = Spanned {
                    node: if word == "global" {
                        Space::Global
                    } else {
                        Space::Lds
                    },
                    span: self.bump().span,
                };
                let name = self.decl_name("a location name")?;
                let len = if self.eat(&Tok::LBracket).is_some() {
                    let n = self.int("the array length")?;
                    self.expect(Tok::RBracket, "`]`")?;
                    Some(n)
                } else {
                    None
                };
                let init = if self.eat(&Tok::Eq).is_some() {
                    if self.eat(&Tok::LBrace).is_some() {
                        let mut vals = Vec::new();
                        if !self.is(&Tok::RBrace) {
                            loop {
                                vals.push(self.value()?);
                                if self.eat(&Tok::Comma).is_none() {
                                    break;
                                }
                            }
                        }
                        self.expect(Tok::RBrace, "`}` or `,`")?;
                        Some(Init::List(vals))
                    } else {
                        Some(Init::All(self.value()?))
                    }
                } else {
                    None
                };
                Ok(Decl::Var {
                    space,
                    name,
                    len,
                    init,
                    span: start.to(Span::new(self.prev_end(), self.prev_end())),
                })
            }
            "private" | "constant" | "region" | "gds" => {
                let (_, name, why) = crate::ast::UNMODELLED_SPACES
                    .iter()
                    .find(|s| s.1.starts_with(if word == "gds" { "region" } else { word.as_str() }))
                    .expect("the declaration keywords are in the table");
                let d = Diagnostic::new(
                    format!("`{word}` locations are not modelled"),
                    self.span(),
                )
                .with_label(format!("the {name} address space"))
                .with_hint(format!(
                    "amdmm models `global` and `lds` locations; AMDGPUUsage: {why}"
                ));
                self.push(d);
                Err(())
            }
            "barrier" => {
                self.bump();
                let name = self.decl_name("a barrier name")?;
                let scope = self.ident("the barrier's scope (e.g. `workgroup`)")?;
                let init = if self.eat(&Tok::Eq).is_some() {
                    Some(self.int("the barrier's initial expected count")?)
                } else {
                    None
                };
                Ok(Decl::Barrier {
                    name,
                    scope,
                    init,
                    span: start.to(Span::new(self.prev_end(), self.prev_end())),
                })
            }
            "exclusive" => {
                self.bump();
                let mut names = vec![self.decl_name("a barrier name")?];
                while self.eat(&Tok::Comma).is_some() {
                    names.push(self.decl_name("a barrier name")?);
                }
                Ok(Decl::Exclusive {
                    names,
                    span: start.to(Span::new(self.prev_end(), self.prev_end())),
                })
            }
            _ => self.expected(
                "a declaration",
                Some("declarations are `global x = 0;`, `lds t[4] = 0;`, `barrier B workgroup;` or `exclusive B, C;`"),
            ),
        }
    }

    // ---- threads and functions --------------------------------------------

    fn function(&mut self) -> PResult<Function> {
        self.context = FUNCTION_SYNTAX;
        let start = self.bump().span;
        let r = (|| {
            if self.eat_word("void").is_none() {
                return self.expected("`void`", Some("functions are `define void @f() { ... }`"));
            }
            let name = self.global("a function name `@f`", None)?;
            self.expect(Tok::LParen, "`(`")?;
            self.expect(Tok::RParen, "`)` (functions take no parameters)")?;
            self.skip_attributes();
            Ok(name)
        })();
        let name = match r {
            Ok(n) => n,
            Err(()) => {
                self.skip_to_top_level();
                return Err(());
            }
        };
        let (body, end) = self.body()?;
        Ok(Function {
            name,
            body,
            span: start.to(end),
        })
    }

    /// Skips LLVM function attributes (`#0`, `nounwind`, ...) before `{`.
    fn skip_attributes(&mut self) {
        while !self.is(&Tok::LBrace) && !self.at_eof() && !self.line_start() {
            self.bump();
        }
    }

    fn thread(&mut self) -> PResult<Thread> {
        self.context = THREAD_SYNTAX;
        let start = self.bump().span;
        let header = (|| {
            let name = match self.tok().clone() {
                Tok::Ident(n) => Ident {
                    name: n,
                    span: self.bump().span,
                },
                Tok::Int(v) => Ident {
                    name: v.to_string(),
                    span: self.bump().span,
                },
                _ => {
                    return self.expected(
                        "a thread name",
                        Some("threads are `thread P0 @ wg 0 { ... }`"),
                    )
                }
            };
            let placement = self.placement()?;
            Ok((name, placement))
        })();
        let (name, placement) = match header {
            Ok(h) => h,
            Err(()) => {
                let stop = |p: &Self| {
                    p.at_eof() || p.is(&Tok::LBrace) || (p.line_start() && p.is_word("thread"))
                };
                while !stop(self) {
                    self.bump();
                }
                if self.is(&Tok::LBrace) {
                    let _ = self.body();
                }
                return Err(());
            }
        };
        let (body, end) = self.body()?;
        Ok(Thread {
            name,
            placement,
            body,
            span: start.to(end),
            end,
        })
    }

    fn place_key(word: &str) -> Option<PlaceKey> {
        Some(match word {
            "agent" => PlaceKey::Agent,
            "cluster" => PlaceKey::Cluster,
            "wg" | "workgroup" => PlaceKey::Wg,
            "wave" | "wavefront" => PlaceKey::Wave,
            _ => return None,
        })
    }

    fn placement(&mut self) -> PResult<Vec<PlaceField>> {
        let mut fields = Vec::new();
        let hint = "a placement is `@ agent 0, cluster 0, wg 1, wave 0` (every field optional)";
        // `@wg 1` lexes as the global name `@wg`.
        let glued = matches!(self.tok(), Tok::Global(k) if Self::place_key(k).is_some());
        if self.eat(&Tok::At).is_none() && !glued {
            return Ok(fields);
        }
        loop {
            let (key, span) = match self.tok() {
                Tok::Ident(w) | Tok::Global(w) => match Self::place_key(w) {
                    Some(k) => (k, self.span()),
                    None => return self.expected("`agent`, `cluster`, `wg` or `wave`", Some(hint)),
                },
                _ if fields.is_empty() && self.is(&Tok::LBrace) => break,
                _ => return self.expected("`agent`, `cluster`, `wg` or `wave`", Some(hint)),
            };
            self.bump();
            let value = self.int("a number")?;
            fields.push(PlaceField {
                key: Spanned { node: key, span },
                value,
            });
            if self.eat(&Tok::Comma).is_none() {
                break;
            }
        }
        Ok(fields)
    }

    /// `{ stmt* }`; returns the statements and the span of the closing `}`.
    fn body(&mut self) -> PResult<(Vec<Stmt>, Span)> {
        let open = self.expect(Tok::LBrace, "`{`")?;
        let mut stmts = Vec::new();
        loop {
            if let Some(end) = self.eat(&Tok::RBrace) {
                return Ok((stmts, end));
            }
            if self.at_eof() || (self.line_start() && self.is_word("thread")) {
                self.push(
                    Diagnostic::new("unclosed body", open)
                        .with_label("this `{` is never closed")
                        .with_hint("close the body with `}`"),
                );
                return Err(());
            }
            let before = self.pos;
            match self.stmt() {
                Ok(s) => stmts.push(s),
                Err(()) => {
                    if self.diags.len() >= MAX_ERRORS {
                        return Err(());
                    }
                    // Skip the rest of the line. A statement refused at its
                    // very end (an unknown `!mmra` tag, after its `}`) has
                    // already reached the next line: skipping a token there
                    // swallowed the body's closing `}` and gave three more
                    // errors (issue 24).
                    if self.pos == before || !self.line_start() {
                        self.bump();
                        while !self.at_eof() && !self.line_start() && !self.is(&Tok::RBrace) {
                            self.bump();
                        }
                    }
                }
            }
        }
    }

    fn stmt(&mut self) -> PResult<Stmt> {
        self.context = BODY_SYNTAX;
        // `label:`
        if let (Tok::Ident(name) | Tok::Local(name), Tok::Colon) =
            (self.tok().clone(), self.tok_at(1))
        {
            let span = self.bump().span;
            self.bump();
            return Ok(Stmt::Label(Ident { name, span }));
        }
        if let (Tok::Int(n), Tok::Colon) = (self.tok().clone(), self.tok_at(1)) {
            let span = self.bump().span;
            self.bump();
            return Ok(Stmt::Label(Ident {
                name: n.to_string(),
                span,
            }));
        }
        let start = self.span();
        let dst = if let (Tok::Local(_), Tok::Eq) = (self.tok(), self.tok_at(1)) {
            let d = self.local("a register")?;
            self.bump();
            Some(d)
        } else {
            None
        };
        let (kind, op_span) = self.instr()?;
        let span = start.to(Span::new(self.prev_end(), self.prev_end()));
        Ok(Stmt::Instr(Instr {
            dst,
            kind,
            span,
            op_span,
        }))
    }

    // ---- instructions -------------------------------------------------------

    fn instr(&mut self) -> PResult<(InstrKind, Span)> {
        let word = match self.tok() {
            Tok::Ident(w) => w.clone(),
            _ => return self.expected(
                "an instruction",
                Some(
                    "a body holds instructions such as `%r = load i32, ptr @x`, and `label:` lines",
                ),
            ),
        };
        let op_span = self.span();
        self.context = instr_syntax(&word);
        let kind = match word.as_str() {
            "load" => {
                self.bump();
                let atomic = self.eat_word("atomic").is_some();
                let volatile = self.eat_word("volatile").is_some();
                let ty = self.ty()?;
                self.expect(Tok::Comma, "`,`")?;
                let ptr = self.pointer()?;
                let at = self.atomicity(1)?;
                InstrKind::Load {
                    atomic,
                    volatile,
                    ty,
                    ptr,
                    at,
                }
            }
            "store" => {
                self.bump();
                let atomic = self.eat_word("atomic").is_some();
                let volatile = self.eat_word("volatile").is_some();
                let ty = self.ty()?;
                let value = self.operand()?;
                self.expect(Tok::Comma, "`,`")?;
                let ptr = self.pointer()?;
                let at = self.atomicity(1)?;
                InstrKind::Store {
                    atomic,
                    volatile,
                    ty,
                    value,
                    ptr,
                    at,
                }
            }
            "atomicrmw" => {
                self.bump();
                let volatile = self.eat_word("volatile").is_some();
                let op = self.ident("an atomicrmw operation (`add`, `xchg`, ...)")?;
                let ptr = self.pointer()?;
                self.expect(Tok::Comma, "`,`")?;
                let ty = self.ty()?;
                let value = self.operand()?;
                let at = self.atomicity(1)?;
                InstrKind::AtomicRmw {
                    volatile,
                    op,
                    ptr,
                    ty,
                    value,
                    at,
                }
            }
            "cmpxchg" => {
                self.bump();
                let weak = self.eat_word("weak").is_some();
                let volatile = self.eat_word("volatile").is_some();
                let ptr = self.pointer()?;
                self.expect(Tok::Comma, "`,`")?;
                let ty = self.ty()?;
                let expected = self.operand()?;
                self.expect(Tok::Comma, "`,`")?;
                self.ty()?;
                let new = self.operand()?;
                let at = self.atomicity(2)?;
                InstrKind::CmpXchg {
                    weak,
                    volatile,
                    ptr,
                    ty,
                    expected,
                    new,
                    at,
                }
            }
            "extractvalue" => {
                self.bump();
                self.struct_ty()?;
                let src = self.local("the cmpxchg result register")?;
                self.expect(Tok::Comma, "`,`")?;
                let index = self.int("the field index (0 or 1)")?;
                InstrKind::ExtractValue { src, index }
            }
            "fence" => {
                self.bump();
                let at = self.atomicity(1)?;
                InstrKind::Fence { at }
            }
            w if BIN_OPS.contains(&w) => {
                let op = self.ident("an operation")?;
                while ["nuw", "nsw", "exact", "disjoint"]
                    .iter()
                    .any(|f| self.is_word(f))
                {
                    self.bump();
                }
                let ty = self.ty()?;
                let a = self.operand()?;
                self.expect(Tok::Comma, "`,`")?;
                let b = self.operand()?;
                InstrKind::Bin { op, ty, a, b }
            }
            "icmp" => {
                self.bump();
                let pred = self.ident("a predicate (`eq`, `ne`, `slt`, ...)")?;
                let ty = self.ty()?;
                let a = self.operand()?;
                self.expect(Tok::Comma, "`,`")?;
                let b = self.operand()?;
                InstrKind::ICmp { pred, ty, a, b }
            }
            "select" => {
                self.bump();
                self.ty()?;
                let cond = self.operand()?;
                self.expect(Tok::Comma, "`,`")?;
                let ty = self.ty()?;
                let a = self.operand()?;
                self.expect(Tok::Comma, "`,`")?;
                self.ty()?;
                let b = self.operand()?;
                InstrKind::Select { cond, ty, a, b }
            }
            "br" => {
                self.bump();
                if self.is_word("label") {
                    let target = self.label_ref()?;
                    InstrKind::Br { target }
                } else {
                    self.ty()?;
                    let cond = self.operand()?;
                    self.expect(Tok::Comma, "`,`")?;
                    let then_ = self.label_ref()?;
                    self.expect(Tok::Comma, "`,`")?;
                    let else_ = self.label_ref()?;
                    InstrKind::CondBr { cond, then_, else_ }
                }
            }
            "call" | "tail" | "notail" | "musttail" => {
                self.bump();
                if word != "call" {
                    self.expect_word("call")?;
                }
                let ret = self.ty()?;
                let callee = self.global("the called function `@name`", None)?;
                let args = self.args()?;
                // Attribute groups: `#0`.
                if self.is(&Tok::Hash) && !self.line_start() {
                    self.bump();
                    if matches!(self.tok(), Tok::Int(_)) {
                        self.bump();
                    }
                }
                InstrKind::Call { ret, callee, args }
            }
            "barrier.init" | "barrier.join" | "barrier.drop" | "barrier.arrive"
            | "barrier.wait" => {
                let op = self.ident("a barrier operation")?;
                let barrier = self.global(
                    "a barrier `@B`",
                    Some("barrier operations name a declared barrier: `barrier.join @B`"),
                )?;
                let count = if self.eat(&Tok::Comma).is_some() {
                    // Tolerate a type before the count: `barrier.init @B, i32 2`.
                    if self.is_type_word() {
                        self.ty()?;
                    }
                    Some(self.operand()?)
                } else {
                    None
                };
                InstrKind::Barrier { op, barrier, count }
            }
            "ret" => {
                self.bump();
                if self.eat_word("void").is_none() {
                    return self.expected("`void`", Some("functions return nothing: `ret void`"));
                }
                InstrKind::Ret
            }
            _ => {
                let d = Diagnostic::new(format!("unknown instruction `{word}`"), op_span)
                    .with_label("not an instruction")
                    .with_hint(suggest::hint(&word, INSTRUCTIONS, "instructions"));
                self.push(d);
                return Err(());
            }
        };
        Ok((kind, op_span))
    }

    fn label_ref(&mut self) -> PResult<Ident> {
        self.expect_word("label")?;
        match self.tok().clone() {
            Tok::Local(name) | Tok::Ident(name) => Ok(Ident {
                name,
                span: self.bump().span,
            }),
            Tok::Int(n) => Ok(Ident {
                name: n.to_string(),
                span: self.bump().span,
            }),
            _ => self.expected("a label `%name`", None),
        }
    }

    fn is_type_word(&self) -> bool {
        matches!(self.tok(), Tok::Ident(w) if Self::int_ty(w).is_some()) || self.is(&Tok::LAngle)
    }

    fn int_ty(w: &str) -> Option<TyKind> {
        Some(match w {
            "i1" => TyKind::I1,
            "i8" => TyKind::I8,
            "i16" => TyKind::I16,
            "i32" => TyKind::I32,
            "i64" => TyKind::I64,
            "i128" => TyKind::I128,
            _ => return None,
        })
    }

    /// A type; LangRef's floating-point types other than `half`, `float`
    /// and `double` are refused by name.
    fn ty(&mut self) -> PResult<Type> {
        let span = self.span();
        let hint = "types are `i1`, `i8`, `i16`, `i32`, `i64`, `i128`, `<4 x i32>`, `half`, `float` and `double`";
        if self.eat(&Tok::LAngle).is_some() {
            let n = self.int("the vector length")?;
            self.expect_word("x")?;
            // The element is a scalar type (no recursion: `<4 x <4 x ...`).
            let elem = match self.tok() {
                Tok::Ident(w) => Self::int_ty(w),
                _ => None,
            };
            if elem.is_some() {
                self.bump();
            }
            let close = self.expect(Tok::RAngle, "`>`")?;
            if n.node != 4 || elem != Some(TyKind::I32) {
                self.push(
                    Diagnostic::new("unsupported vector type", span.to(close)).with_hint(
                        "the only vector type is `<4 x i32>` (the b128 intrinsics' value)",
                    ),
                );
                return Err(());
            }
            return Ok(Spanned {
                node: TyKind::V4I32,
                span: span.to(close),
            });
        }
        let node = match self.tok() {
            Tok::Ident(w) => match (Self::int_ty(w), w.as_str()) {
                (Some(t), _) => t,
                (None, "void") => TyKind::Void,
                (None, "half") => TyKind::Half,
                (None, "float") => TyKind::Float,
                (None, "double") => TyKind::Double,
                (None, "ptr") => TyKind::Ptr,
                (None, f) if FLOAT_TYPES.contains(&f) => {
                    // LangRef, "Floating-Point Types"; litmus-format.md:
                    // "Values are integers (64-bit signed in the checker)".
                    let d = Diagnostic::new(
                        format!("floating-point type `{f}` is not modelled"),
                        span,
                    )
                    .with_label("not modelled")
                    .with_hint("the floating-point types amdmm models are `half`, `float` and `double` (`amdmm docs semantics`, \"Floating-point values\")");
                    self.push(d);
                    return Err(());
                }
                _ => return self.expected("a type", Some(hint)),
            },
            _ => return self.expected("a type", Some(hint)),
        };
        self.bump();
        Ok(Spanned { node, span })
    }

    /// `{ <ty>, i1 }` (the type of a cmpxchg pair), checked loosely.
    fn struct_ty(&mut self) -> PResult<()> {
        self.expect(Tok::LBrace, "`{ <ty>, i1 }`")?;
        self.ty()?;
        self.expect(Tok::Comma, "`,`")?;
        self.ty()?;
        self.expect(Tok::RBrace, "`}`")?;
        Ok(())
    }

    fn operand(&mut self) -> PResult<Operand> {
        let span = self.span();
        let node = match self.tok() {
            Tok::Int(v) => OperandKind::Int(*v),
            Tok::Float(b) => OperandKind::Float(*b),
            Tok::Local(r) => OperandKind::Reg(r.clone()),
            Tok::Ident(w) => match w.as_str() {
                "undef" | "poison" => OperandKind::Undef,
                "true" => OperandKind::Int(1),
                "false" | "zeroinitializer" => OperandKind::Int(0),
                _ => return self.expected("a value (an integer, `%reg` or `undef`)", None),
            },
            _ => return self.expected("a value (an integer, `%reg` or `undef`)", None),
        };
        self.bump();
        Ok(Spanned { node, span })
    }

    /// `ptr [addrspace(N)] @sym[[index]]`
    fn pointer(&mut self) -> PResult<Pointer> {
        let start = self.span();
        let hint =
            "pointers are written `ptr @x`, `ptr addrspace(1) @x`, `ptr @a[2]` or `ptr @a[%i]`";
        if self.eat_word("ptr").is_none() {
            return self.expected("`ptr`", Some(hint));
        }
        let addrspace = if let Some(kw) = self.eat_word("addrspace") {
            self.expect(Tok::LParen, "`(`")?;
            let n = self.int("an address space number")?;
            let close = self.expect(Tok::RParen, "`)`")?;
            Some(Spanned {
                node: n.node,
                span: kw.to(close),
            })
        } else {
            None
        };
        // Parameter attributes a paste may carry.
        while ["noundef", "nonnull", "readonly", "writeonly", "nocapture"]
            .iter()
            .any(|w| self.is_word(w))
        {
            self.bump();
        }
        if self.is_word("getelementptr") {
            let mut p = self.byte_offset()?;
            p.addrspace = addrspace.or(p.addrspace);
            p.span = start.to(p.span);
            return Ok(p);
        }
        let sym = self.global(
            "a declared location `@x`",
            Some("pointers name a declared location: registers holding pointers are not supported"),
        )?;
        let index = if self.eat(&Tok::LBracket).is_some() {
            let i = self.operand()?;
            self.expect(Tok::RBracket, "`]`")?;
            Some(i)
        } else {
            None
        };
        Ok(Pointer {
            addrspace,
            sym,
            index,
            offset: None,
            span: start.to(Span::new(self.prev_end(), self.prev_end())),
        })
    }

    /// `getelementptr [inbounds] (i8, ptr P, i64 N)`: the pointer `P`
    /// moved on by a constant `N` bytes, LLVM's constant expression for a
    /// byte inside a location (docs/semantics.md, "Byte-level accesses").
    /// Only `i8` steps are accepted: a step of another type would be a
    /// second way to name an array element.
    fn byte_offset(&mut self) -> PResult<Pointer> {
        let start = self.span();
        let hint = "a byte offset is written `getelementptr (i8, ptr @x, i64 2)`";
        self.bump();
        while ["inbounds", "nuw", "nusw"].iter().any(|w| self.is_word(w)) {
            self.bump();
        }
        self.expect(Tok::LParen, "`(`")?;
        let step = self.ty()?;
        if step.node != TyKind::I8 {
            self.push(
                Diagnostic::new("only byte (`i8`) offsets are supported", step.span)
                    .with_label("not `i8`")
                    .with_hint(format!("{hint}; name an array element with `ptr @a[2]`")),
            );
            return Err(());
        }
        self.expect(Tok::Comma, "`,`")?;
        let mut inner = self.pointer()?;
        self.expect(Tok::Comma, "`,`")?;
        let ity = self.ty()?;
        if !matches!(
            ity.node,
            TyKind::I64 | TyKind::I32 | TyKind::I16 | TyKind::I8
        ) {
            self.push(Diagnostic::new("expected an integer index type", ity.span).with_hint(hint));
            return Err(());
        }
        let n = self.int("a constant byte offset")?;
        let close = self.expect(Tok::RParen, "`)`")?;
        let total = match inner.offset {
            Some(o) => o.node.checked_add(n.node),
            None => Some(n.node),
        };
        let Some(total) = total else {
            self.push(Diagnostic::new("byte offset out of range", n.span).with_hint(hint));
            return Err(());
        };
        inner.offset = Some(Spanned {
            node: total,
            span: n.span,
        });
        inner.span = start.to(close);
        Ok(inner)
    }

    /// `[syncscope("s")] [ordering [ordering]] (, align N | , !md node)*`;
    /// `max_orderings` is 2 for cmpxchg.
    fn atomicity(&mut self, max_orderings: usize) -> PResult<Atomicity> {
        let mut at = Atomicity::default();
        if self.eat_word("syncscope").is_some() {
            self.expect(Tok::LParen, "`(`")?;
            match self.tok().clone() {
                Tok::Str(s) => {
                    let span = self.bump().span;
                    at.scope = Some(Spanned { node: s, span });
                }
                _ => return self.expected("a quoted scope name such as `\"agent\"`", None),
            }
            self.expect(Tok::RParen, "`)`")?;
        }
        let mut orderings = Vec::new();
        while orderings.len() < max_orderings && !self.line_start() {
            let Tok::Ident(w) = self.tok() else { break };
            match Ordering::parse(w) {
                Some(o) => {
                    let span = self.bump().span;
                    orderings.push(Spanned { node: o, span });
                }
                None if !INSTRUCTIONS.contains(&w.as_str()) => {
                    let d = Diagnostic::new(format!("unknown ordering `{w}`"), self.span())
                        .with_label("not an ordering")
                        .with_hint(suggest::hint(w, Ordering::SPELLINGS, "orderings"));
                    self.push(d);
                    return Err(());
                }
                None => break,
            }
        }
        let mut it = orderings.into_iter();
        at.ordering = it.next();
        at.failure = it.next();
        while self.is(&Tok::Comma) && !self.toks[self.pos].line_start {
            self.bump();
            if self.eat_word("align").is_some() {
                self.int("the alignment")?;
            } else if self.is(&Tok::Bang) {
                self.bump();
                let name = self.ident("a metadata kind such as `mmra`")?;
                if name.name == "nontemporal" {
                    self.nontemporal_node()?;
                    at.nontemporal = Some(name.span);
                    continue;
                }
                if name.name == "mmra" {
                    self.mmra(&mut at)?;
                } else {
                    // What amdmm does not model is refused, never dropped.
                    self.push(
                        Diagnostic::new(
                            format!("unsupported metadata `!{}`", name.name),
                            name.span,
                        )
                        .with_label("not modelled")
                        .with_hint(
                            "amdmm models `!mmra` and `!nontemporal` on memory instructions; remove this metadata",
                        ),
                    );
                    return Err(());
                }
            } else {
                return self.expected("`align N` or `!mmra !{...}`", None);
            }
        }
        Ok(at)
    }

    /// The node of `!nontemporal`: a reference `!N` or `!{i32 1}`. LangRef,
    /// "'load' Instruction": "The optional `!nontemporal` metadata must
    /// reference a single metadata name `<nontemporal_node>` corresponding to
    /// a metadata node with one `i32` entry of value 1."
    fn nontemporal_node(&mut self) -> PResult<()> {
        self.expect(Tok::Bang, "`!`")?;
        if let Tok::Int(_) = self.tok() {
            self.bump();
            return Ok(());
        }
        self.expect(Tok::LBrace, "`{i32 1}` or a reference `!N`")?;
        if self.eat_word("i32").is_none() {
            return self.expected("`i32 1`", None);
        }
        match self.tok() {
            Tok::Int(1) => {
                self.bump();
            }
            _ => return self.expected("`1` (the node of `!nontemporal` is `!{i32 1}`)", None),
        }
        self.expect(Tok::RBrace, "`}`")?;
        Ok(())
    }

    /// The operand of `!mmra`: one tag `!{!"prefix", !"suffix"}` or a tuple
    /// of tags `!{!{...}, !{...}}`, written inline.
    ///
    /// LLVM's Memory Model Relaxation Annotations: an `!mmra` attachment is
    /// either a single tag (a pair of strings) or a tuple of such pairs. The
    /// tags amdmm accepts are exactly those the texts define: `amdgcn-av:none`
    /// (memory-model.txt, "MakeAvailable and MakeVisible"; a scoped
    /// `amdgcn-av` tag is the "hypothetical operation" the same text says
    /// "Metadata cannot be used to model"), and the fence address-space tags
    /// `amdgpu-as:local|global` (AMDGPUUsage, "Fence and address spaces") and
    /// `amdgpu-synchronize-as:local|global` (upstream AMDGPUUsage, "Fence and
    /// Address Spaces": "Multiple tags can be used at the same time").
    /// Anything else is refused with the list of valid tags: an unmodelled
    /// tag is never ignored. Where each tag may be used is checked when the
    /// program is built.
    fn mmra(&mut self, at: &mut Atomicity) -> PResult<()> {
        let start = self.span();
        self.expect(Tok::Bang, "`!`")?;
        if let Tok::Int(_) = self.tok() {
            let node_span = start.to(self.bump().span);
            self.push(
                Diagnostic::new("`!mmra` must be written inline", node_span)
                    .with_label("a metadata reference")
                    .with_hint("write the tag inline: `!mmra !{!\"amdgcn-av\", !\"none\"}`, or a tuple of tags `!mmra !{!{...}, !{...}}`"),
            );
            return Err(());
        }
        self.expect(Tok::LBrace, "`{` of an inline `!mmra` node")?;
        let mut tags = Vec::new();
        let tuple = self.is(&Tok::Bang) && matches!(self.tok_at(1), Tok::LBrace);
        if tuple {
            // A tuple of tags.
            loop {
                let tag_start = self.span();
                self.expect(Tok::Bang, "`!{` of a tag")?;
                self.expect(Tok::LBrace, "`{` of a tag")?;
                let strings = self.mmra_strings()?;
                let close = self.expect(Tok::RBrace, "`}`")?;
                tags.push((strings, tag_start.to(close)));
                if self.eat(&Tok::Comma).is_none() {
                    break;
                }
            }
        } else {
            tags.push((self.mmra_strings()?, start));
        }
        let close = self.expect(Tok::RBrace, "`}`")?;
        at.mmra = Some(start.to(close));
        if !tuple {
            // The single tag is the whole node.
            tags[0].1 = start.to(close);
        }
        for (strings, span) in tags {
            let [prefix, suffix] = strings.as_slice() else {
                let d = Diagnostic::new(
                    format!(
                        "an MMRA tag is a pair of strings, found {} string{}",
                        strings.len(),
                        if strings.len() == 1 { "" } else { "s" }
                    ),
                    span,
                )
                .with_label("not a tag")
                .with_hint(format!(
                    "write one tag `!{{!\"prefix\", !\"suffix\"}}` or a tuple of tags `!{{!{{...}}, !{{...}}}}`; {}",
                    VALID_MMRA
                ));
                self.push(d);
                return Err(());
            };
            match (prefix.as_str(), suffix.as_str()) {
                ("amdgcn-av", "none") => at.av_none = true,
                ("amdgpu-as" | "amdgpu-synchronize-as", space @ ("local" | "global")) => {
                    let f = at.fence_spaces.get_or_insert(Spanned {
                        node: FenceSpaces::default(),
                        span,
                    });
                    if space == "local" {
                        f.node.local = true;
                    } else {
                        f.node.global = true;
                    }
                }
                ("amdgcn-av", other) => {
                    let d = Diagnostic::new(format!("unsupported MMRA tag `amdgcn-av:{other}`"), span)
                        .with_label("only `amdgcn-av:none` is defined")
                        .with_hint(
                            "memory-model.txt: a scoped `amdgcn-av` tag is hypothetical (\"Metadata cannot be used to model this\"); \
                             use @llvm.amdgcn.av.global.store.b128 / load.b128 for a scoped store-available / load-visible access",
                        );
                    self.push(d);
                    return Err(());
                }
                (p, s) => {
                    let d = Diagnostic::new(format!("unknown MMRA tag `{p}:{s}`"), span)
                        .with_label("not a tag amdmm models")
                        .with_hint(VALID_MMRA);
                    self.push(d);
                    return Err(());
                }
            }
        }
        Ok(())
    }

    /// `!"a", !"b", ...` up to the closing brace (not consumed).
    fn mmra_strings(&mut self) -> PResult<Vec<String>> {
        let mut out = Vec::new();
        while !self.is(&Tok::RBrace) {
            self.expect(Tok::Bang, "`!\"...\"`")?;
            match self.tok().clone() {
                Tok::Str(s) => {
                    self.bump();
                    out.push(s);
                }
                _ => {
                    return self.expected(
                        "a metadata string `!\"...\"`",
                        Some("an MMRA tag is a pair of strings `!{!\"prefix\", !\"suffix\"}`"),
                    )
                }
            }
            if self.eat(&Tok::Comma).is_none() {
                break;
            }
        }
        Ok(out)
    }

    fn args(&mut self) -> PResult<Vec<Arg>> {
        self.expect(Tok::LParen, "`(`")?;
        let mut args = Vec::new();
        if self.eat(&Tok::RParen).is_some() {
            return Ok(args);
        }
        loop {
            if self.is_word("ptr") {
                args.push(Arg::Ptr(self.pointer()?));
            } else if let Some(start) = self.eat_word("metadata") {
                self.expect(Tok::Bang, "`!\"scope\"`")?;
                match self.tok().clone() {
                    Tok::Str(s) => {
                        let span = self.bump().span;
                        args.push(Arg::Metadata(Spanned {
                            node: s,
                            span: start.to(span),
                        }));
                    }
                    _ => return self.expected("a metadata string `!\"...\"`", None),
                }
            } else {
                let ty = self.ty()?;
                while ["noundef", "immarg", "signext", "zeroext"]
                    .iter()
                    .any(|w| self.is_word(w))
                {
                    self.bump();
                }
                let value = self.operand()?;
                args.push(Arg::Value { ty, value });
            }
            if self.eat(&Tok::Comma).is_none() {
                break;
            }
        }
        self.expect(Tok::RParen, "`)` or `,`")?;
        Ok(args)
    }

    // ---- final condition ----------------------------------------------------

    fn locations(&mut self) -> PResult<Vec<Observable>> {
        self.context = LOCATIONS_SYNTAX;
        self.bump();
        self.expect(Tok::LBracket, "`[`")?;
        let mut out = Vec::new();
        loop {
            while self.eat(&Tok::Semi).is_some() || self.eat(&Tok::Comma).is_some() {}
            if self.eat(&Tok::RBracket).is_some() {
                return Ok(out);
            }
            out.push(self.observable()?);
        }
    }

    fn condition(&mut self) -> PResult<Condition> {
        self.context = COND_SYNTAX;
        let start = self.span();
        let hint = "the final condition is `exists (...)`, `~exists (...)` or `forall (...)`";
        let quantifier = if self.eat_word("exists").is_some() {
            Quantifier::Exists
        } else if self.eat_word("forall").is_some() {
            Quantifier::Forall
        } else if self.is(&Tok::Tilde) && matches!(self.tok_at(1), Tok::Ident(w) if w == "exists") {
            self.bump();
            self.bump();
            Quantifier::NotExists
        } else {
            let hint = self.keyword_hint(hint);
            return self.expected("the final condition", Some(&hint));
        };
        let quantifier = Spanned {
            node: quantifier,
            span: start.to(Span::new(self.prev_end(), self.prev_end())),
        };
        let expr = self.expr()?;
        Ok(Condition {
            quantifier,
            expr,
            span: start.to(Span::new(self.prev_end(), self.prev_end())),
        })
    }

    /// `a -> b -> c` (right-associative), parsed iteratively.
    fn expr(&mut self) -> PResult<Expr> {
        let mut parts = vec![self.or_expr()?];
        while self.eat(&Tok::Arrow).is_some() {
            parts.push(self.or_expr()?);
        }
        let mut e = parts.pop().ok_or(())?;
        while let Some(l) = parts.pop() {
            e = Expr::Implies(Box::new(l), Box::new(e));
        }
        Ok(e)
    }

    fn or_expr(&mut self) -> PResult<Expr> {
        let mut e = self.and_expr()?;
        while self.eat(&Tok::Or).is_some() {
            let r = self.and_expr()?;
            e = Expr::Or(Box::new(e), Box::new(r));
        }
        Ok(e)
    }

    fn and_expr(&mut self) -> PResult<Expr> {
        let mut e = self.unary()?;
        while self.eat(&Tok::And).is_some() {
            let r = self.unary()?;
            e = Expr::And(Box::new(e), Box::new(r));
        }
        Ok(e)
    }

    fn enter(&mut self) -> PResult<()> {
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            let d = Diagnostic::new("condition nested too deeply", self.span())
                .with_hint(format!("at most {MAX_DEPTH} levels of `(` and `~`"));
            self.push(d);
            return Err(());
        }
        Ok(())
    }

    fn unary(&mut self) -> PResult<Expr> {
        self.cond_nodes += 1;
        if self.cond_nodes > MAX_COND_NODES {
            let d = Diagnostic::new("condition too large", self.span())
                .with_hint(format!("at most {MAX_COND_NODES} terms and connectives"));
            self.push(d);
            return Err(());
        }
        if let Some(s) = self.eat(&Tok::Tilde) {
            self.enter()?;
            let inner = self.unary();
            self.depth -= 1;
            return Ok(Expr::Not(Box::new(inner?), s));
        }
        if self.eat(&Tok::LParen).is_some() {
            self.enter()?;
            let inner = self.expr();
            self.depth -= 1;
            let inner = inner?;
            self.expect(Tok::RParen, "`)`")?;
            return Ok(inner);
        }
        if let Some(s) = self.eat_word("true") {
            return Ok(Expr::True(s));
        }
        if let Some(s) = self.eat_word("false") {
            return Ok(Expr::False(s));
        }
        let obs = self.observable()?;
        let equal = match self.tok() {
            Tok::EqEq | Tok::Eq => true,
            Tok::Ne => false,
            _ => return self.expected("`==` or `!=`", None),
        };
        self.bump();
        let value = self.value()?;
        Ok(Expr::Atom { obs, equal, value })
    }

    fn observable(&mut self) -> PResult<Observable> {
        let start = self.span();
        let hint = "observe `P1:%r0`, `@x`, `@a[1]` or `wg1:@t[0]`";
        let end = |p: &Self| start.to(Span::new(p.prev_end(), p.prev_end()));
        let prefix = match (self.tok().clone(), self.tok_at(1)) {
            (Tok::Ident(n), Tok::Colon) => Some(n),
            (Tok::Int(n), Tok::Colon) => Some(n.to_string()),
            _ => None,
        };
        if let Some(prefix) = prefix {
            let prefix_span = self.bump().span;
            self.bump();
            let wg = prefix
                .strip_prefix("wg")
                .and_then(|n| n.parse::<i64>().ok())
                .map(|n| Spanned {
                    node: n,
                    span: prefix_span,
                });
            return match (self.tok().clone(), wg) {
                (Tok::Local(reg), _) => {
                    let reg = Ident {
                        name: reg,
                        span: self.bump().span,
                    };
                    let thread = Ident {
                        name: prefix,
                        span: prefix_span,
                    };
                    Ok(Observable::Reg {
                        thread,
                        reg,
                        span: end(self),
                    })
                }
                (Tok::Global(_), Some(wg)) | (Tok::Ident(_), Some(wg)) => {
                    let (sym, index) = self.mem_ref()?;
                    Ok(Observable::Mem {
                        wg: Some(wg),
                        sym,
                        index,
                        span: end(self),
                    })
                }
                (Tok::Ident(reg), None) => {
                    // herd style: `P1:r0`.
                    let reg = Ident {
                        name: reg,
                        span: self.bump().span,
                    };
                    let thread = Ident {
                        name: prefix,
                        span: prefix_span,
                    };
                    Ok(Observable::Reg {
                        thread,
                        reg,
                        span: end(self),
                    })
                }
                (Tok::Global(_), None) => {
                    let d = Diagnostic::new(
                        format!("`{prefix}:` before a location is not a workgroup"),
                        prefix_span,
                    )
                    .with_hint(
                        "an LDS location of workgroup N is written `wgN:@t`; a global one `@x`",
                    );
                    self.push(d);
                    Err(())
                }
                _ => self.expected("a register `%r` or a location `@x`", Some(hint)),
            };
        }
        match self.tok() {
            Tok::Global(_) | Tok::Ident(_) => {
                let (sym, index) = self.mem_ref()?;
                Ok(Observable::Mem {
                    wg: None,
                    sym,
                    index,
                    span: end(self),
                })
            }
            _ => self.expected("a register or a location", Some(hint)),
        }
    }

    fn mem_ref(&mut self) -> PResult<(Ident, Option<Spanned<i64>>)> {
        let sym = self.decl_name("a location")?;
        let index = if self.eat(&Tok::LBracket).is_some() {
            let i = self.int("an element index")?;
            self.expect(Tok::RBracket, "`]`")?;
            Some(i)
        } else {
            None
        };
        Ok((sym, index))
    }

    /// `expect [MODEL] Always|Sometimes|Never flag*`, one line.
    fn expect_line(&mut self) -> PResult<(Option<Spanned<String>>, Expect)> {
        self.context = EXPECT_SYNTAX;
        let start = self.bump().span;
        let outcome_hint = "`expect` takes `Always`, `Sometimes` or `Never`, then flags among `race ub deadlock cutoff`";
        let mut model = None;
        if let Tok::Ident(w) = self.tok() {
            let w = w.clone();
            let is_outcome = matches!(w.as_str(), "Always" | "Sometimes" | "Never");
            if MODEL_NAMES.contains(&w.as_str()) {
                model = Some(Spanned {
                    node: w,
                    span: self.bump().span,
                });
            } else if !is_outcome
                && matches!(self.tok_at(1), Tok::Ident(o) if matches!(o.as_str(), "Always" | "Sometimes" | "Never"))
            {
                let d = Diagnostic::new(format!("unknown model `{w}`"), self.span())
                    .with_label("not a `--model` name")
                    .with_hint(suggest::hint(&w, MODEL_NAMES, "models"));
                self.push(d);
                return Err(());
            }
        }
        let outcome = match self.tok() {
            Tok::Ident(w) => match w.as_str() {
                "Always" => Outcome::Always,
                "Sometimes" => Outcome::Sometimes,
                "Never" => Outcome::Never,
                _ => return self.expected("`Always`, `Sometimes` or `Never`", Some(outcome_hint)),
            },
            _ => return self.expected("`Always`, `Sometimes` or `Never`", Some(outcome_hint)),
        };
        let outcome = Spanned {
            node: outcome,
            span: self.bump().span,
        };
        let mut flags = Vec::new();
        while let (Tok::Ident(w), false) = (self.tok(), self.line_start()) {
            let flag = match w.as_str() {
                "race" => Flag::Race,
                "ub" => Flag::Ub,
                "deadlock" => Flag::Deadlock,
                "cutoff" => Flag::Cutoff,
                _ => {
                    let d = Diagnostic::new(format!("unknown flag `{w}`"), self.span())
                        .with_label("not a flag")
                        .with_hint(suggest::hint(
                            w,
                            &["race", "ub", "deadlock", "cutoff"],
                            "flags",
                        ));
                    self.push(d);
                    return Err(());
                }
            };
            flags.push(Spanned {
                node: flag,
                span: self.bump().span,
            });
        }
        Ok((
            model,
            Expect {
                outcome,
                flags,
                span: start.to(Span::new(self.prev_end(), self.prev_end())),
            },
        ))
    }
}
