//! The per-lane address expression: `lane*4`, `(lane%8)*128+lane/8*4`, ...
//!
//! Grammar (C precedence, loosest first; all binary operators are
//! left-associative):
//!
//! ```text
//! expr  := or
//! or    := xor ( '|' xor )*
//! xor   := and ( '^' and )*
//! and   := shift ( '&' shift )*
//! shift := sum ( ('<<' | '>>') sum )*
//! sum   := prod ( ('+' | '-') prod )*
//! prod  := unary ( ('*' | '/' | '%') unary )*
//! unary := ('-' | '~') unary | atom
//! atom  := INTEGER | 'lane' | '(' expr ')'
//! ```
//!
//! Integers are decimal, `0x` hexadecimal or `0b` binary (`_` separators
//! allowed). Arithmetic is on 64-bit signed integers; `/` and `%` truncate
//! toward zero as in C. Nothing panics: overflow, division by zero and shifts
//! by a negative amount or by 64 or more are errors with the column of the
//! operator and a hint.

use std::fmt;

/// Tallest expression tree accepted (e.g. a chain of 256 additions), so
/// that evaluation can recurse without risking the stack.
const MAX_DEPTH: usize = 256;

/// Deepest nesting of parentheses and unary operators accepted: the parser
/// recurses through every precedence level for each one.
const MAX_NESTING: usize = 32;

/// A parse or evaluation error: 1-based column (in characters) and a hint.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ExprError {
    /// 1-based column of the offending character in the expression.
    pub column: usize,
    /// What is wrong.
    pub message: String,
    /// How to fix it.
    pub hint: String,
    /// The lane being evaluated, for evaluation errors.
    pub lane: Option<u32>,
}

impl fmt::Display for ExprError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "column {}: {}", self.column, self.message)?;
        if let Some(l) = self.lane {
            write!(f, " (at lane {l})")?;
        }
        if !self.hint.is_empty() {
            write!(f, "; hint: {}", self.hint)?;
        }
        Ok(())
    }
}

impl std::error::Error for ExprError {}

impl ExprError {
    /// The error without its hint, then the expression quoted with a caret
    /// under the column (the hint is left to the caller).
    pub fn render(&self, src: &str) -> String {
        let caret = " ".repeat(self.column.saturating_sub(1)) + "^";
        let lane = self
            .lane
            .map(|l| format!(" (at lane {l})"))
            .unwrap_or_default();
        format!(
            "column {}: {}{lane}\n  {src}\n  {caret}",
            self.column, self.message
        )
    }
}

fn err(column: usize, message: impl Into<String>, hint: impl Into<String>) -> ExprError {
    ExprError {
        column,
        message: message.into(),
        hint: hint.into(),
        lane: None,
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum BinOp {
    Or,
    Xor,
    And,
    Shl,
    Shr,
    Add,
    Sub,
    Mul,
    Div,
    Rem,
}

impl BinOp {
    fn symbol(self) -> &'static str {
        match self {
            BinOp::Or => "|",
            BinOp::Xor => "^",
            BinOp::And => "&",
            BinOp::Shl => "<<",
            BinOp::Shr => ">>",
            BinOp::Add => "+",
            BinOp::Sub => "-",
            BinOp::Mul => "*",
            BinOp::Div => "/",
            BinOp::Rem => "%",
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
enum Node {
    Num(i64),
    Lane,
    Neg(Box<Node>, usize),
    Not(Box<Node>),
    Bin(BinOp, Box<Node>, Box<Node>, usize),
}

#[derive(Debug, Clone, PartialEq, Eq)]
enum Tok {
    Num(i64),
    Lane,
    Op(&'static str),
    LParen,
    RParen,
}

/// A parsed address expression over the variable `lane`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Expr {
    src: String,
    root: Node,
}

impl Expr {
    /// Parses `src`.
    pub fn parse(src: &str) -> Result<Expr, ExprError> {
        let toks = lex(src)?;
        let mut p = Parser {
            toks: &toks,
            pos: 0,
            end_col: src.chars().count() + 1,
        };
        let (root, _) = p.expr_at(0, 0)?;
        if let Some((t, col)) = p.toks.get(p.pos) {
            let hint = if *t == Tok::RParen {
                "remove it or add the matching `(` before it"
            } else {
                "put an operator (+ - * / % << >> & | ^) between the two terms"
            };
            return Err(err(*col, format!("unexpected {}", describe(t)), hint));
        }
        Ok(Expr {
            src: src.to_string(),
            root,
        })
    }

    /// The source text.
    pub fn source(&self) -> &str {
        &self.src
    }

    /// The value for `lane`.
    pub fn eval(&self, lane: u32) -> Result<i64, ExprError> {
        eval(&self.root, i64::from(lane)).map_err(|mut e| {
            e.lane = Some(lane);
            e
        })
    }
}

fn describe(t: &Tok) -> String {
    match t {
        Tok::Num(n) => format!("number `{n}`"),
        Tok::Lane => "`lane`".to_string(),
        Tok::Op(o) => format!("operator `{o}`"),
        Tok::LParen => "`(`".to_string(),
        Tok::RParen => "`)`".to_string(),
    }
}

fn lex(src: &str) -> Result<Vec<(Tok, usize)>, ExprError> {
    let chars: Vec<char> = src.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        let col = i + 1;
        if c.is_whitespace() {
            i += 1;
            continue;
        }
        if c.is_ascii_digit() {
            let start = i;
            while i < chars.len() && (chars[i].is_ascii_alphanumeric() || chars[i] == '_') {
                i += 1;
            }
            let text: String = chars[start..i].iter().filter(|&&c| c != '_').collect();
            out.push((Tok::Num(parse_int(&text, col)?), col));
            continue;
        }
        if c.is_alphabetic() || c == '_' {
            let start = i;
            while i < chars.len() && (chars[i].is_alphanumeric() || chars[i] == '_') {
                i += 1;
            }
            let word: String = chars[start..i].iter().collect();
            if word == "lane" {
                out.push((Tok::Lane, col));
                continue;
            }
            return Err(err(
                col,
                format!("unknown name `{word}`"),
                "the only variable is `lane` (0..wave size - 1)",
            ));
        }
        let two: String = chars[i..chars.len().min(i + 2)].iter().collect();
        let tok = match (c, two.as_str()) {
            (_, "<<") => Some(Tok::Op("<<")),
            (_, ">>") => Some(Tok::Op(">>")),
            ('+', _) => Some(Tok::Op("+")),
            ('-', _) => Some(Tok::Op("-")),
            ('*', _) => Some(Tok::Op("*")),
            ('/', _) => Some(Tok::Op("/")),
            ('%', _) => Some(Tok::Op("%")),
            ('&', _) => Some(Tok::Op("&")),
            ('|', _) => Some(Tok::Op("|")),
            ('^', _) => Some(Tok::Op("^")),
            ('~', _) => Some(Tok::Op("~")),
            ('(', _) => Some(Tok::LParen),
            (')', _) => Some(Tok::RParen),
            _ => None,
        };
        match tok {
            Some(t) => {
                i += match t {
                    Tok::Op(o) => o.len(),
                    _ => 1,
                };
                out.push((t, col));
            }
            None => {
                let hint = match c {
                    '<' | '>' => "comparisons are not supported; use `<<` or `>>` to shift",
                    '*' => "there is no power operator; use `<<` for powers of two",
                    _ => "operators are + - * / % << >> & | ^ ~ and parentheses",
                };
                return Err(err(col, format!("unexpected character `{c}`"), hint));
            }
        }
    }
    Ok(out)
}

fn parse_int(text: &str, col: usize) -> Result<i64, ExprError> {
    let lower = text.to_ascii_lowercase();
    let (digits, radix) = if let Some(h) = lower.strip_prefix("0x") {
        (h, 16)
    } else if let Some(b) = lower.strip_prefix("0b") {
        (b, 2)
    } else {
        (lower.as_str(), 10)
    };
    if digits.is_empty() || !digits.chars().all(|c| c.is_digit(radix)) {
        return Err(err(
            col,
            format!("malformed number `{text}`"),
            "write decimal (128), hexadecimal (0x80) or binary (0b1000_0000)",
        ));
    }
    i64::from_str_radix(digits, radix).map_err(|_| {
        err(
            col,
            format!("number `{text}` does not fit in 64 bits"),
            "LDS addresses are below 65536",
        )
    })
}

struct Parser<'a> {
    toks: &'a [(Tok, usize)],
    pos: usize,
    end_col: usize,
}

const LEVELS: [&[(&str, BinOp)]; 6] = [
    &[("|", BinOp::Or)],
    &[("^", BinOp::Xor)],
    &[("&", BinOp::And)],
    &[("<<", BinOp::Shl), (">>", BinOp::Shr)],
    &[("+", BinOp::Add), ("-", BinOp::Sub)],
    &[("*", BinOp::Mul), ("/", BinOp::Div), ("%", BinOp::Rem)],
];

impl Parser<'_> {
    fn peek(&self) -> Option<&(Tok, usize)> {
        self.toks.get(self.pos)
    }

    fn col(&self) -> usize {
        self.peek().map_or(self.end_col, |t| t.1)
    }

    fn check_depth(&self, depth: usize) -> Result<(), ExprError> {
        if depth > MAX_DEPTH {
            return Err(err(
                self.col(),
                format!("expression nested more than {MAX_DEPTH} levels deep"),
                "simplify the expression",
            ));
        }
        Ok(())
    }

    /// Parses precedence level `level` (0 = loosest) inside `nesting`
    /// parentheses; returns the node and the height of its tree.
    fn expr_at(&mut self, level: usize, nesting: usize) -> Result<(Node, usize), ExprError> {
        if level == LEVELS.len() {
            return self.unary(nesting);
        }
        let (mut lhs, mut depth) = self.expr_at(level + 1, nesting)?;
        while let Some((Tok::Op(o), col)) = self.peek() {
            let Some(&(_, op)) = LEVELS[level].iter().find(|(s, _)| s == o) else {
                break;
            };
            let col = *col;
            self.pos += 1;
            let (rhs, d) = self.expr_at(level + 1, nesting)?;
            depth = depth.max(d) + 1;
            self.check_depth(depth)?;
            lhs = Node::Bin(op, Box::new(lhs), Box::new(rhs), col);
        }
        Ok((lhs, depth))
    }

    /// Unary operators and atoms. `nesting` counts enclosing parentheses and
    /// unary operators, so recursion stays bounded by [`MAX_NESTING`].
    fn unary(&mut self, nesting: usize) -> Result<(Node, usize), ExprError> {
        if nesting > MAX_NESTING {
            return Err(err(
                self.col(),
                format!("parentheses or unary operators nested more than {MAX_NESTING} deep"),
                "simplify the expression",
            ));
        }
        match self.peek().cloned() {
            Some((Tok::Op("-"), col)) => {
                self.pos += 1;
                let (n, d) = self.unary(nesting + 1)?;
                Ok((Node::Neg(Box::new(n), col), d + 1))
            }
            Some((Tok::Op("~"), _)) => {
                self.pos += 1;
                let (n, d) = self.unary(nesting + 1)?;
                Ok((Node::Not(Box::new(n)), d + 1))
            }
            Some((Tok::Num(n), _)) => {
                self.pos += 1;
                Ok((Node::Num(n), 1))
            }
            Some((Tok::Lane, _)) => {
                self.pos += 1;
                Ok((Node::Lane, 1))
            }
            Some((Tok::LParen, open)) => {
                self.pos += 1;
                let (n, d) = self.expr_at(0, nesting + 1)?;
                match self.peek() {
                    Some((Tok::RParen, _)) => {
                        self.pos += 1;
                        Ok((n, d))
                    }
                    _ => Err(err(
                        self.col(),
                        "missing `)`",
                        format!("close the `(` opened at column {open}"),
                    )),
                }
            }
            Some((t, col)) => Err(err(
                col,
                format!("expected a number, `lane` or `(`, found {}", describe(&t)),
                "an operator needs a term on each side",
            )),
            None => Err(err(
                self.end_col,
                "unexpected end of expression",
                if self.toks.is_empty() {
                    "give an address such as `lane*4`"
                } else {
                    "the expression ends with an operator; add its right-hand term"
                },
            )),
        }
    }
}

fn overflow(col: usize, what: &str) -> ExprError {
    err(
        col,
        format!("{what} overflows 64-bit arithmetic"),
        "LDS addresses are below 65536; check the expression",
    )
}

fn eval(n: &Node, lane: i64) -> Result<i64, ExprError> {
    match n {
        Node::Num(v) => Ok(*v),
        Node::Lane => Ok(lane),
        Node::Neg(a, col) => eval(a, lane)?
            .checked_neg()
            .ok_or_else(|| overflow(*col, "negation")),
        Node::Not(a) => Ok(!eval(a, lane)?),
        Node::Bin(op, a, b, col) => {
            let (x, y) = (eval(a, lane)?, eval(b, lane)?);
            let col = *col;
            let what = format!("`{}`", op.symbol());
            match op {
                BinOp::Or => Ok(x | y),
                BinOp::Xor => Ok(x ^ y),
                BinOp::And => Ok(x & y),
                BinOp::Add => x.checked_add(y).ok_or_else(|| overflow(col, &what)),
                BinOp::Sub => x.checked_sub(y).ok_or_else(|| overflow(col, &what)),
                BinOp::Mul => x.checked_mul(y).ok_or_else(|| overflow(col, &what)),
                BinOp::Div | BinOp::Rem => {
                    if y == 0 {
                        return Err(err(
                            col,
                            format!("division by zero in `{}`", op.symbol()),
                            "the right-hand side is 0 for this lane",
                        ));
                    }
                    let r = if *op == BinOp::Div {
                        x.checked_div(y)
                    } else {
                        x.checked_rem(y)
                    };
                    r.ok_or_else(|| overflow(col, &what))
                }
                BinOp::Shl | BinOp::Shr => {
                    if !(0..64).contains(&y) {
                        return Err(err(
                            col,
                            format!("shift by {y}"),
                            "shift amounts must be between 0 and 63",
                        ));
                    }
                    if *op == BinOp::Shr {
                        return Ok(x >> y);
                    }
                    let r = x << y;
                    if r >> y != x {
                        return Err(overflow(col, &what));
                    }
                    Ok(r)
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ev(s: &str, lane: u32) -> i64 {
        Expr::parse(s).unwrap().eval(lane).unwrap()
    }

    fn perr(s: &str) -> ExprError {
        Expr::parse(s).unwrap_err()
    }

    #[test]
    fn examples_from_the_issue() {
        assert_eq!(ev("lane*4", 5), 20);
        // (lane%8)*128 + lane/8*4: lane 9 -> 1*128 + 1*4
        assert_eq!(ev("(lane%8)*128+lane/8*4", 9), 132);
    }

    #[test]
    fn c_precedence() {
        assert_eq!(ev("1+2*3", 0), 7);
        assert_eq!(ev("1<<2+1", 0), 8); // + binds tighter than <<
        assert_eq!(ev("6&3^1|8", 0), ((6 & 3) ^ 1) | 8);
        assert_eq!(ev("lane ^ lane>>1", 6), 6 ^ 3);
        assert_eq!(ev("10-4-3", 0), 3); // left-associative
        assert_eq!(ev("64/4/2", 0), 8);
        assert_eq!(ev("-lane*4", 2), -8);
        assert_eq!(ev("~0 & 0xff", 0), 255);
        assert_eq!(ev("-7/2", 0), -3); // truncates toward zero
        assert_eq!(ev("-7%2", 0), -1);
    }

    #[test]
    fn number_forms() {
        assert_eq!(ev("0x80 + 0b1_0000 + 1_000", 0), 128 + 16 + 1000);
        assert_eq!(ev("0X10", 0), 16);
    }

    #[test]
    fn errors_have_columns_and_hints() {
        let e = perr("lane*");
        assert_eq!(e.column, 6);
        assert!(e.hint.contains("right-hand"), "{e}");
        let e = perr("lane * foo");
        assert_eq!(e.column, 8);
        assert!(e.message.contains("foo") && e.hint.contains("lane"));
        let e = perr("(lane*4");
        assert_eq!(e.column, 8);
        assert!(e.message.contains("missing `)`") && e.hint.contains("column 1"));
        let e = perr("lane*4)");
        assert_eq!(e.column, 7);
        let e = perr("lane 4");
        assert_eq!(e.column, 6);
        let e = perr("lane ** 2");
        assert_eq!(e.column, 7);
        assert_eq!(perr("").column, 1);
        assert_eq!(perr("0x").column, 1);
        assert_eq!(perr("12ab").column, 1);
        assert_eq!(perr("lane < 2").column, 6);
        assert!(perr("99999999999999999999").message.contains("64 bits"));
        // Columns count characters, not bytes.
        assert_eq!(perr("é+1").column, 1);
        assert_eq!(perr("1+€").column, 3);
    }

    #[test]
    fn evaluation_errors_never_panic() {
        let e = Expr::parse("4/(lane-3)").unwrap().eval(3).unwrap_err();
        assert_eq!((e.column, e.lane), (2, Some(3)));
        assert!(e.message.contains("division by zero"));
        assert!(Expr::parse("lane%0").unwrap().eval(0).is_err());
        let e = Expr::parse("0x7fffffffffffffff + lane")
            .unwrap()
            .eval(1)
            .unwrap_err();
        assert!(e.message.contains("overflow"), "{e}");
        assert!(Expr::parse("1 << 64").unwrap().eval(0).is_err());
        assert!(Expr::parse("1 << -1").unwrap().eval(0).is_err());
        assert!(Expr::parse("1 << 63").unwrap().eval(0).is_err());
        assert!(Expr::parse("lane << 62").unwrap().eval(2).is_err());
        assert!(Expr::parse("-(-0x7fffffffffffffff - 1)")
            .unwrap()
            .eval(0)
            .is_err());
        assert!(Expr::parse("(-0x7fffffffffffffff - 1) / -1")
            .unwrap()
            .eval(0)
            .is_err());
        assert!(Expr::parse("lane * 0x4000000000000000")
            .unwrap()
            .eval(2)
            .is_err());
    }

    #[test]
    fn deep_nesting_is_an_error_not_a_stack_overflow() {
        let deep = "(".repeat(10_000) + "1" + &")".repeat(10_000);
        assert!(perr(&deep).message.contains("nested"));
        let long = vec!["1"; 10_000].join("+");
        assert!(perr(&long).message.contains("nested"));
        let negs = "-".repeat(10_000) + "1";
        assert!(perr(&negs).message.contains("nested"));
        // Moderate nesting is fine.
        let ok = "(".repeat(30) + "lane" + &")".repeat(30);
        assert_eq!(ev(&ok, 7), 7);
        let ok = vec!["1"; 200].join("+");
        assert_eq!(ev(&ok, 0), 200);
    }

    /// Random strings over the expression alphabet: parsing and evaluating
    /// return `Ok` or `Err`, never panic (deterministic generator).
    #[test]
    fn random_input_never_panics() {
        let alphabet: Vec<char> = "lane0123456789xX_+-*/%<>&|^~() é".chars().collect();
        let mut seed: u64 = 0x2545_F491_4F6C_DD1D;
        let mut next = move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        for _ in 0..20_000 {
            let len = (next() % 24) as usize;
            let s: String = (0..len)
                .map(|_| alphabet[(next() % alphabet.len() as u64) as usize])
                .collect();
            if let Ok(e) = Expr::parse(&s) {
                for lane in [0, 1, 31, 63] {
                    let _ = e.eval(lane);
                }
            } else {
                let err = Expr::parse(&s).unwrap_err();
                assert!(
                    err.column >= 1 && err.column <= s.chars().count() + 1,
                    "{s:?}"
                );
                let _ = err.render(&s);
            }
        }
    }

    #[test]
    fn render_points_at_the_column() {
        let e = perr("lane*$");
        let r = e.render("lane*$");
        assert!(r.starts_with("column 6: unexpected character `$`\n"), "{r}");
        assert!(r.ends_with("lane*$\n       ^"), "{r}");
    }
}
