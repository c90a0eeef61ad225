//! Tokens of one line of an LLVM IR module.
//!
//! The reader is line based: clang and llc print one instruction, global,
//! declaration or metadata node per line, and a function body between a
//! `define ... {` line and a `}` line (docs/kernels.md, "The reader").

/// One token and the 1-based column it starts at.
#[derive(Clone, Debug, PartialEq)]
pub struct Token {
    pub kind: Tok,
    pub col: u32,
}

#[derive(Clone, Debug, PartialEq)]
pub enum Tok {
    /// `%name`, `%7`, `%"quoted name"` (without the `%`).
    Local(String),
    /// `@name` (without the `@`).
    Global(String),
    /// `!7`, `!dbg`, `!llvm.loop` (without the `!`).
    Meta(String),
    /// `!"text"`.
    MetaStr(String),
    /// `!{`: the start of an inline metadata tuple.
    MetaTuple,
    /// `#0` (an attribute group).
    Attr(String),
    /// A keyword, a type name, a label name, `#dbg_value`.
    Word(String),
    /// An integer literal.
    Int(i128),
    /// A floating-point literal, as written (`1.000000e+00`, `0x3FF0000000000000`).
    Float(String),
    /// `"text"` or `c"text"`.
    Str(String),
    /// `=`, `,`, `(`, `)`, `[`, `]`, `{`, `}`, `<`, `>`, `*`, `:`, `|`.
    Punct(char),
    /// `...`
    Ellipsis,
}

impl Tok {
    pub fn is_word(&self, w: &str) -> bool {
        matches!(self, Tok::Word(x) if x == w)
    }
    pub fn is_punct(&self, c: char) -> bool {
        matches!(self, Tok::Punct(x) if *x == c)
    }
}

fn is_ident_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || matches!(c, '_' | '.' | '$' | '-')
}

/// Splits `line` into tokens; a `;` outside a string starts a comment.
/// `Err((column, message))` for a character no LLVM IR token starts with.
pub fn tokens(line: &str) -> Result<Vec<Token>, (u32, String)> {
    let chars: Vec<char> = line.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    // Reads a `"..."` string starting at `j` (the opening quote).
    let string_at = |j: usize| -> Result<(String, usize), (u32, String)> {
        let mut k = j + 1;
        let mut s = String::new();
        while k < chars.len() && chars[k] != '"' {
            s.push(chars[k]);
            k += 1;
        }
        if k >= chars.len() {
            return Err((j as u32 + 1, "unterminated string".into()));
        }
        Ok((s, k + 1))
    };
    // Reads a name after a sigil: quoted, or identifier characters.
    let name_at = |j: usize| -> Result<(String, usize), (u32, String)> {
        if j < chars.len() && chars[j] == '"' {
            return string_at(j);
        }
        let mut k = j;
        while k < chars.len() && is_ident_char(chars[k]) {
            k += 1;
        }
        Ok((chars[j..k].iter().collect(), k))
    };
    while i < chars.len() {
        let c = chars[i];
        let col = i as u32 + 1;
        if c.is_whitespace() {
            i += 1;
            continue;
        }
        if c == ';' {
            break;
        }
        let (kind, next) = match c {
            '%' => {
                let (n, k) = name_at(i + 1)?;
                (Tok::Local(n), k)
            }
            '@' => {
                let (n, k) = name_at(i + 1)?;
                (Tok::Global(n), k)
            }
            '!' if i + 1 < chars.len() && chars[i + 1] == '{' => (Tok::MetaTuple, i + 2),
            '!' if i + 1 < chars.len() && chars[i + 1] == '"' => {
                let (s, k) = string_at(i + 1)?;
                (Tok::MetaStr(s), k)
            }
            '!' => {
                let (n, k) = name_at(i + 1)?;
                (Tok::Meta(n), k)
            }
            '#' => {
                let (n, k) = name_at(i + 1)?;
                if n.chars().all(|c| c.is_ascii_digit()) && !n.is_empty() {
                    (Tok::Attr(n), k)
                } else {
                    (Tok::Word(format!("#{n}")), k)
                }
            }
            '"' => {
                let (s, k) = string_at(i)?;
                (Tok::Str(s), k)
            }
            'c' if i + 1 < chars.len() && chars[i + 1] == '"' => {
                let (s, k) = string_at(i + 1)?;
                (Tok::Str(s), k)
            }
            '.' if chars[i..].starts_with(&['.', '.', '.']) => (Tok::Ellipsis, i + 3),
            '=' | ',' | '(' | ')' | '[' | ']' | '{' | '}' | '<' | '>' | '*' | ':' | '|' => {
                (Tok::Punct(c), i + 1)
            }
            _ if c.is_ascii_digit()
                || (c == '-' && i + 1 < chars.len() && chars[i + 1].is_ascii_digit()) =>
            {
                number(&chars, i)?
            }
            _ if is_ident_char(c) => {
                let mut k = i;
                while k < chars.len() && is_ident_char(chars[k]) {
                    k += 1;
                }
                (Tok::Word(chars[i..k].iter().collect()), k)
            }
            _ => return Err((col, format!("unexpected character `{c}`"))),
        };
        out.push(Token { kind, col });
        i = next;
    }
    Ok(out)
}

/// An integer, a decimal float (`1.5e+00`) or a hex float (`0x3FF0...`,
/// `0xH3C00`).
fn number(chars: &[char], i: usize) -> Result<(Tok, usize), (u32, String)> {
    let mut k = i;
    if chars[k] == '-' {
        k += 1;
    }
    if chars[k] == '0' && k + 1 < chars.len() && chars[k + 1] == 'x' {
        let mut e = k + 2;
        while e < chars.len() && chars[e].is_ascii_alphanumeric() {
            e += 1;
        }
        return Ok((Tok::Float(chars[i..e].iter().collect()), e));
    }
    let mut e = k;
    let mut float = false;
    while e < chars.len()
        && (chars[e].is_ascii_digit()
            || chars[e] == '.'
            || ((chars[e] == 'e' || chars[e] == 'E') && e > k)
            || ((chars[e] == '+' || chars[e] == '-') && matches!(chars[e - 1], 'e' | 'E')))
    {
        if !chars[e].is_ascii_digit() {
            float = true;
        }
        e += 1;
    }
    // A label like `7:` or a name made of digits and letters stays a word.
    if e < chars.len() && is_ident_char(chars[e]) && !float {
        let mut w = e;
        while w < chars.len() && is_ident_char(chars[w]) {
            w += 1;
        }
        return Ok((Tok::Word(chars[i..w].iter().collect()), w));
    }
    let text: String = chars[i..e].iter().collect();
    if float {
        return Ok((Tok::Float(text), e));
    }
    text.parse::<i128>()
        .map(|v| (Tok::Int(v), e))
        .map_err(|_| (i as u32 + 1, format!("integer `{text}` out of range")))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kinds(s: &str) -> Vec<Tok> {
        tokens(s).unwrap().into_iter().map(|t| t.kind).collect()
    }

    #[test]
    fn instruction_tokens() {
        assert_eq!(
            kinds("  %8 = load atomic i32, ptr addrspace(1) %1 syncscope(\"agent\") acquire, align 4, !dbg !31 ; c"),
            vec![
                Tok::Local("8".into()),
                Tok::Punct('='),
                Tok::Word("load".into()),
                Tok::Word("atomic".into()),
                Tok::Word("i32".into()),
                Tok::Punct(','),
                Tok::Word("ptr".into()),
                Tok::Word("addrspace".into()),
                Tok::Punct('('),
                Tok::Int(1),
                Tok::Punct(')'),
                Tok::Local("1".into()),
                Tok::Word("syncscope".into()),
                Tok::Punct('('),
                Tok::Str("agent".into()),
                Tok::Punct(')'),
                Tok::Word("acquire".into()),
                Tok::Punct(','),
                Tok::Word("align".into()),
                Tok::Int(4),
                Tok::Punct(','),
                Tok::Meta("dbg".into()),
                Tok::Meta("31".into()),
            ]
        );
    }

    #[test]
    fn labels_numbers_and_debug_records() {
        assert_eq!(kinds("7:"), vec![Tok::Int(7), Tok::Punct(':')]);
        assert_eq!(kinds("-5"), vec![Tok::Int(-5)]);
        assert_eq!(
            kinds("1.5e+00 0xH3C00"),
            vec![Tok::Float("1.5e+00".into()), Tok::Float("0xH3C00".into())]
        );
        assert_eq!(kinds("#dbg_value(")[0], Tok::Word("#dbg_value".into()));
        assert_eq!(kinds("#0")[0], Tok::Attr("0".into()));
        assert!(tokens("  ~").is_err());
    }
}
