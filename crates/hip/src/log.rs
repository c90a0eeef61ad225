//! Reading observed histograms: the output of `amdmm hip`'s programs
//! (`COUNT*>P1:%r0=1; ...` after `States N`), litmus7's logs
//! (`COUNT:>1:r0=1; ...` after `Histogram (N states)`) and herd's state
//! lists (no counts). One log may hold many tests, each from its `Test NAME`
//! line.

/// One test's histogram.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ObservedTest {
    pub name: String,
    /// The line of `Test NAME` (1-based).
    pub line: usize,
    pub states: Vec<ObservedState>,
}

/// One line of a histogram.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ObservedState {
    pub line: usize,
    /// How many times it was observed (`None`: a list without counts).
    pub count: Option<u64>,
    /// `(name, value)` in the line's order, names as written.
    pub values: Vec<(String, i64)>,
}

/// A malformed log: the line and what is wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LogError {
    pub line: usize,
    pub col: usize,
    pub message: String,
}

impl std::fmt::Display for LogError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}:{}: {}", self.line, self.col, self.message)
    }
}

/// The key under which an observable's name is matched: `%` and `@` are
/// dropped and a bare thread number gets litmus's `P` (`1:r0`, `P1:r0` and
/// `P1:%r0` are the same register; `x` and `@x` the same location).
pub fn key(name: &str) -> String {
    let k: String = name.chars().filter(|c| *c != '%' && *c != '@').collect();
    match k.split_once(':') {
        Some((t, r)) if !t.is_empty() && t.chars().all(|c| c.is_ascii_digit()) => {
            format!("P{t}:{r}")
        }
        _ => k,
    }
}

/// Parses every test of `text`.
pub fn parse(text: &str) -> Result<Vec<ObservedTest>, LogError> {
    let lines: Vec<&str> = text.lines().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < lines.len() {
        let l = lines[i].trim();
        let Some(rest) = l.strip_prefix("Test ") else {
            i += 1;
            continue;
        };
        let name = rest.split_whitespace().next().unwrap_or("").to_string();
        let test_line = i + 1;
        // The count line: `States N` (herd, amdmm) or `Histogram (N states)`.
        let mut j = i + 1;
        let mut n = None;
        while j < lines.len() && !lines[j].trim().starts_with("Test ") {
            let t = lines[j].trim();
            if let Some(k) = t.strip_prefix("States ") {
                n = Some((k.trim(), j));
                break;
            }
            if let Some(k) = t.strip_prefix("Histogram (") {
                n = Some((k.trim_end_matches(')').trim_end_matches("states").trim(), j));
                break;
            }
            j += 1;
        }
        let Some((count, at)) = n else {
            return Err(LogError {
                line: test_line,
                col: 1,
                message: format!("test `{name}` has no `States N` or `Histogram (N states)` line"),
            });
        };
        let count: usize = count.parse().map_err(|_| LogError {
            line: at + 1,
            col: 1,
            message: format!(
                "`{}`: the number of states is not a number",
                lines[at].trim()
            ),
        })?;
        let mut states = Vec::new();
        for k in 0..count {
            let ln = at + 1 + k;
            let Some(s) = lines.get(ln) else {
                return Err(LogError {
                    line: ln,
                    col: 1,
                    message: format!("test `{name}`: {count} states announced, {k} found"),
                });
            };
            states.push(state(s, ln + 1)?);
        }
        out.push(ObservedTest {
            name,
            line: test_line,
            states,
        });
        i = at + 1 + count;
    }
    Ok(out)
}

/// One state line: `[COUNT(:|*)>]NAME=VALUE; NAME=VALUE;`.
fn state(raw: &str, line: usize) -> Result<ObservedState, LogError> {
    let err = |col: usize, message: String| LogError { line, col, message };
    let s = raw.trim();
    let (count, body) = match s.find('>') {
        Some(g) if g > 0 && matches!(&s[g - 1..g], ":" | "*") => {
            let c = s[..g - 1].trim();
            let c: u64 = c
                .parse()
                .map_err(|_| err(1, format!("`{c}` is not a count")))?;
            (Some(c), &s[g + 1..])
        }
        _ => (None, s),
    };
    let mut values = Vec::new();
    for part in body.split(';') {
        let part = part.trim();
        if part.is_empty() {
            continue;
        }
        let col = raw.find(part).map_or(1, |c| c + 1);
        let Some((n, v)) = part.split_once('=') else {
            return Err(err(col, format!("`{part}`: expected NAME=VALUE")));
        };
        let v = v.trim();
        let value = match v.strip_prefix("0x") {
            Some(h) => i64::from_str_radix(h, 16).ok(),
            None => v.parse().ok(),
        }
        .ok_or_else(|| err(col, format!("`{v}` is not an integer value")))?;
        values.push((n.trim().to_string(), value));
    }
    Ok(ObservedState {
        line,
        count,
        values,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_amdmm_litmus7_and_herd_histograms() {
        let log =
            "Test MP Allowed\nStates 2\n10:>P1:%r0=0; P1:%r1=0;\n5*>P1:%r0=1; P1:%r1=42;\nOk\n\
                   Test SB Allowed\nHistogram (1 states)\n999:>0:r0=0; 1:r0=-1;\n\
                   Test LB Allowed\nStates 1\n1:r0=0x10; x=2;\n";
        let t = parse(log).unwrap();
        assert_eq!(t.len(), 3);
        assert_eq!(t[0].name, "MP");
        assert_eq!(t[0].states[1].count, Some(5));
        assert_eq!(t[0].states[1].values[1], ("P1:%r1".to_string(), 42));
        assert_eq!(t[1].states[0].values[1], ("1:r0".to_string(), -1));
        assert_eq!(t[2].states[0].count, None);
        assert_eq!(t[2].states[0].values[0].1, 16);
        assert_eq!(key("1:r0"), key("P1:%r0"));
        assert_eq!(key("@x"), "x");
    }

    #[test]
    fn bad_lines_are_errors_with_their_place() {
        let e = parse("Test MP Allowed\nStates 1\n10:>P1:%r0=zero;\n").unwrap_err();
        assert_eq!(e.line, 3);
        assert!(e.message.contains("`zero` is not an integer"), "{e}");
        let e = parse("Test MP Allowed\nStates 2\n1:>P1:%r0=0;\n").unwrap_err();
        assert!(e.message.contains("2 states announced, 1 found"), "{e}");
        let e = parse("Test MP Allowed\nOk\n").unwrap_err();
        assert_eq!(e.line, 1);
    }
}
