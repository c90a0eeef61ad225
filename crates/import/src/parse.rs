//! Parser for the alloy `.test` syntax, following `alloy/litmus.cpp` of the
//! Khronos Vulkan-MemoryModel repository (the program that turns a `.test`
//! file into an Alloy predicate):
//!
//! - a line shorter than two characters, or starting with `//`, is skipped
//!   (a comment: kept for the description);
//! - `SATISFIABLE` / `NOSOLUTION` at the start of a line is an expectation,
//!   `SSW` and `SLOC` are directives;
//! - `NEWQF` / `NEWWG` / `NEWSG` / `NEWTHREAD [n]` open a new queue family,
//!   workgroup, subgroup or thread (a level is only closed once an
//!   instruction has been read, as in `litmus.cpp`);
//! - anything else is an instruction `tok.tok... [var [= value [value2]]]`,
//!   or `cbar... <instance>`.
//!
//! Unlike `litmus.cpp`, an unknown opcode token is an error rather than
//! silently ignored, and a hierarchy the Alloy model cannot satisfy (a thread
//! spanning two subgroups, a new workgroup without a new subgroup) is
//! rejected.

use crate::ast::{ExpectLine, Instr, TestFile, Thread, Token};
use std::fmt;

/// Why a `.test` file could not be read: the message, at a 1-based line
/// and column (in characters) of the `.test` file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseError {
    pub line: usize,
    pub col: usize,
    pub message: String,
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}:{}: {}", self.line, self.col, self.message)
    }
}

/// A line of the file and its number, for errors at a part of it.
#[derive(Clone, Copy)]
struct At<'a> {
    no: usize,
    line: &'a str,
}

impl At<'_> {
    /// An error at `part`, a slice of the line (else at the line's first
    /// non-blank character).
    fn err<T>(self, part: &str, message: impl Into<String>) -> Result<T, ParseError> {
        let start = self.line.as_ptr() as usize;
        let offset = (part.as_ptr() as usize)
            .checked_sub(start)
            .filter(|o| *o <= self.line.len() && self.line.is_char_boundary(*o))
            .unwrap_or_else(|| self.line.len() - self.line.trim_start().len());
        Err(ParseError {
            line: self.no,
            col: self.line[..offset].chars().count() + 1,
            message: message.into(),
        })
    }
}

/// Longest variable name (the translation declares each as a location).
const MAX_NAME: usize = 64;

/// Where the next thread is placed, and what changed since the last thread.
#[derive(Default)]
struct Cursor {
    any_instr: bool,
    qf: u32,
    wg: u32,
    sg: u32,
    thread_number: i64,
    /// A `NEWTHREAD` (or the start of the file) was read: the next
    /// instruction opens a thread.
    new_thread: bool,
    /// Levels closed since the current thread was opened.
    new_qf: bool,
    new_wg: bool,
    new_sg: bool,
}

/// Parses one `.test` file.
pub fn parse(src: &str) -> Result<TestFile, ParseError> {
    let mut file = TestFile::default();
    let mut cur = Cursor {
        new_thread: true,
        ..Cursor::default()
    };
    for (i, raw) in src.lines().enumerate() {
        let line_no = i + 1;
        let line = raw.trim_end_matches(['\r', '\n']);
        let at = At { no: line_no, line };
        if line.len() < 2 || line.starts_with("//") {
            if let Some(c) = line.strip_prefix("//") {
                file.comments.push(c.trim().to_string());
            }
            continue;
        }
        let text = line.trim();
        if text.is_empty() {
            continue;
        }
        if let Some(rest) = line.strip_prefix("SATISFIABLE") {
            file.expectations
                .push(expectation(line_no, text, true, rest));
            continue;
        }
        if let Some(rest) = line.strip_prefix("NOSOLUTION") {
            file.expectations
                .push(expectation(line_no, text, false, rest));
            continue;
        }
        if let Some(rest) = line.strip_prefix("SSW") {
            let nums: Vec<&str> = rest.split_whitespace().collect();
            match nums.as_slice() {
                [a, b] => match (a.parse(), b.parse()) {
                    (Ok(a), Ok(b)) => file.ssw.push((line_no, a, b)),
                    _ => return at.err(rest, "`SSW` takes two thread numbers"),
                },
                _ => return at.err(rest, "`SSW` takes two thread numbers"),
            }
            continue;
        }
        if let Some(rest) = line.strip_prefix("SLOC") {
            let names: Vec<&str> = rest.split_whitespace().collect();
            match names.as_slice() {
                [a, b] => file.sloc.push((line_no, a.to_string(), b.to_string())),
                _ => return at.err(rest, "`SLOC` takes two variable names"),
            }
            continue;
        }
        let first = text.split_whitespace().next().unwrap_or("");
        match first {
            "NEWQF" => {
                if cur.any_instr {
                    cur.qf += 1;
                    cur.new_qf = true;
                }
                continue;
            }
            "NEWWG" => {
                if cur.any_instr {
                    cur.wg += 1;
                    cur.new_wg = true;
                }
                continue;
            }
            "NEWSG" => {
                if cur.any_instr {
                    cur.sg += 1;
                    cur.new_sg = true;
                }
                continue;
            }
            "NEWTHREAD" => {
                let rest = text["NEWTHREAD".len()..].trim();
                if rest.is_empty() {
                    cur.thread_number += 1;
                } else {
                    match rest.parse() {
                        Ok(n) => cur.thread_number = n,
                        Err(_) => return at.err(rest, "`NEWTHREAD` takes an optional number"),
                    }
                }
                cur.new_thread = true;
                continue;
            }
            _ => {}
        }
        let instr = instruction(at, text)?;
        if cur.new_thread || file.threads.is_empty() {
            // A new level must also open every level below it.
            if (cur.new_qf && !cur.new_wg) || (cur.new_wg && !cur.new_sg) {
                return at.err(
                    text,
                    "a new queue family or workgroup without a new workgroup or subgroup \
                     (the Alloy model has no such execution)",
                );
            }
            if file.threads.iter().any(|t| t.number == cur.thread_number) {
                return at.err(
                    text,
                    format!("thread number {} used twice", cur.thread_number),
                );
            }
            file.threads.push(Thread {
                number: cur.thread_number,
                qf: cur.qf,
                wg: cur.wg,
                sg: cur.sg,
                instrs: Vec::new(),
            });
            cur.new_thread = false;
            cur.new_qf = false;
            cur.new_wg = false;
            cur.new_sg = false;
        } else if cur.new_qf || cur.new_wg || cur.new_sg {
            return at.err(
                text,
                "a thread continues across a new queue family, workgroup or subgroup",
            );
        }
        cur.any_instr = true;
        file.threads
            .last_mut()
            .expect("a thread")
            .instrs
            .push(instr);
    }
    Ok(file)
}

fn expectation(line: usize, text: &str, satisfiable: bool, rest: &str) -> ExpectLine {
    let (nochains, predicate) = match rest.find("NOCHAINS") {
        Some(p) => (true, &rest[p + "NOCHAINS".len()..]),
        None => (false, rest),
    };
    ExpectLine {
        line,
        text: text.to_string(),
        satisfiable,
        nochains,
        predicate: predicate.trim().to_string(),
    }
}

/// A thread number or barrier instance.
fn number(at: At, s: &str) -> Result<i64, ParseError> {
    s.parse()
        .or_else(|_| at.err(s, format!("`{s}` is not a number")))
}

/// A stored or observed value: the translation stores `i32` values.
fn value(at: At, s: &str) -> Result<i64, ParseError> {
    let v = number(at, s)?;
    if i32::try_from(v).is_err() {
        return at.err(
            s,
            format!("`{s}` does not fit in 32 bits (values are i32 in the translation)"),
        );
    }
    Ok(v)
}

fn instruction(at: At, text: &str) -> Result<Instr, ParseError> {
    let line = at.no;
    let (opcode, rest) = match text.find(char::is_whitespace) {
        Some(p) => (&text[..p], text[p..].trim()),
        None => (text, ""),
    };
    let mut tokens = Vec::new();
    for word in opcode.split('.') {
        match Token::from_name(word) {
            Some(t) => tokens.push(t),
            None => return at.err(word, format!("unknown token `{word}` in `{opcode}`")),
        }
    }
    let mut instr = Instr {
        line,
        text: text.to_string(),
        tokens,
        var: None,
        value: None,
        value2: None,
        cbar_instance: None,
    };
    if rest.is_empty() {
        return Ok(instr);
    }
    if instr.has(Token::Cbar) {
        instr.cbar_instance = Some(number(at, rest)?);
        return Ok(instr);
    }
    let var_end = rest
        .find(|c: char| c == '=' || c.is_whitespace())
        .unwrap_or(rest.len());
    let var = &rest[..var_end];
    if var.is_empty() {
        return at.err(rest, "expected a variable name");
    }
    let ident = var
        .chars()
        .next()
        .is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
        && var.chars().all(|c| c.is_ascii_alphanumeric() || c == '_');
    if !ident || var.len() > MAX_NAME {
        return at.err(
            var,
            format!(
                "`{var}` is not a variable name (letters, digits and `_`, at most {MAX_NAME}, not starting with a digit)"
            ),
        );
    }
    instr.var = Some(var.to_string());
    let after = rest[var_end..].trim();
    if after.is_empty() {
        return Ok(instr);
    }
    let Some(values) = after.strip_prefix('=') else {
        return at.err(after, format!("unexpected `{after}` after the variable"));
    };
    let values: Vec<&str> = values.split_whitespace().collect();
    match values.as_slice() {
        [v] => instr.value = Some(value(at, v)?),
        [v, w] => {
            instr.value = Some(value(at, v)?);
            instr.value2 = Some(value(at, w)?);
        }
        _ => return at.err(after, "expected `= value` or `= value value2`"),
    }
    Ok(instr)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_hierarchy_values_and_expectations() {
        let src = "// Copyright\n\n// a test\nNEWWG\nNEWSG\nNEWTHREAD\nst.av.scopedev.sc0 x = 1\n\
                   rmw.acq.rel.scopedev.sc0.semsc0 y = 1 2\nNEWSG\nNEWTHREAD\nld.vis.scopedev.sc0 x\n\
                   NEWTHREAD\ncbar.scopesg 3\nNEWQF\nNEWWG\nNEWSG\nNEWTHREAD\nld.sc0 x = 0\n\
                   SATISFIABLE consistent[X] && #dr=0\nNOSOLUTION NOCHAINS consistent[X]";
        let f = parse(src).unwrap();
        assert_eq!(f.comments, vec!["Copyright", "a test"]);
        let places: Vec<_> = f
            .threads
            .iter()
            .map(|t| (t.qf, t.wg, t.sg, t.number))
            .collect();
        assert_eq!(
            places,
            vec![(0, 0, 0, 1), (0, 0, 1, 2), (0, 0, 1, 3), (1, 1, 2, 4)]
        );
        let rmw = &f.threads[0].instrs[1];
        assert_eq!((rmw.value, rmw.value2), (Some(1), Some(2)));
        assert!(rmw.has(Token::Rmw) && rmw.has(Token::SemSc0));
        assert_eq!(f.threads[1].instrs[0].value, None);
        assert_eq!(f.threads[2].instrs[0].cbar_instance, Some(3));
        assert_eq!(f.expectations.len(), 2);
        assert!(f.expectations[0].satisfiable && !f.expectations[0].nochains);
        assert_eq!(f.expectations[1].predicate, "consistent[X]");
        assert!(f.expectations[1].nochains);
    }

    #[test]
    fn explicit_thread_numbers_and_directives() {
        let src = "NEWWG\nNEWSG\nNEWTHREAD 0\nst.sc0 x = 1\nNEWSG\nNEWTHREAD 1\navdevice\nSSW 0 1\nSLOC x y\n";
        let f = parse(src).unwrap();
        assert_eq!(f.threads[0].number, 0);
        assert_eq!(f.threads[1].number, 1);
        assert_eq!(f.ssw, vec![(8, 0, 1)]);
        assert_eq!(f.sloc, vec![(9, "x".into(), "y".into())]);
    }

    #[test]
    fn rejects_unknown_tokens_and_bad_hierarchy() {
        assert!(parse("st.foo.sc0 x = 1\n")
            .unwrap_err()
            .message
            .contains("unknown token"));
        let e = parse("NEWTHREAD\nst.sc0 x = 1\nNEWSG\nst.sc0 y = 1\n").unwrap_err();
        assert!(e.message.contains("continues across"));
        let e = parse("NEWTHREAD\nst.sc0 x = 1\nNEWWG\nNEWTHREAD\nst.sc0 y = 1\n").unwrap_err();
        assert!(e.message.contains("without a new"));
        assert!(parse("st.sc0 x = one\n").is_err());
    }

    /// Errors point at the offending part of the `.test` line.
    #[test]
    fn errors_have_columns() {
        let e = parse("NEWTHREAD\n  st.foo.sc0 x = 1\n").unwrap_err();
        assert_eq!((e.line, e.col), (2, 6), "{e}");
        let e = parse("st.sc0 x = 1 two\n").unwrap_err();
        assert_eq!((e.line, e.col), (1, 14), "{e}");
        let e = parse("st.sc0 x = 99999999999\n").unwrap_err();
        assert_eq!((e.line, e.col), (1, 12), "{e}");
        assert!(e.message.contains("does not fit in 32 bits"), "{e}");
        let e = parse("st.sc0 x$y = 1\n").unwrap_err();
        assert_eq!((e.line, e.col), (1, 8), "{e}");
        assert!(e.message.contains("is not a variable name"), "{e}");
        let e = parse("NEWTHREAD x\n").unwrap_err();
        assert_eq!((e.line, e.col), (1, 11), "{e}");
        let e = parse("NEWTHREAD\nst.sc0 x = 1\nNEWSG\nst.sc0 y = 1\n").unwrap_err();
        assert_eq!((e.line, e.col), (4, 1), "{e}");
    }
}
