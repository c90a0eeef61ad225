//! `amdmm kernel --check`: the expectations a kernel states in comments of
//! its source (docs/kernels.md, "Expectations"):
//!
//! ```text
//! // expect flags: race            (exactly these flags; `none` for none)
//! // expect race: 5 9              (a race between lines 5 and 9; all of them listed)
//! // expect memory: out[0] = 42    (42 in every final state)
//! // expect memory: out[1] in {0, 42}
//! // expect assert: 12             (the assertion at line 12 is reachable)
//! // expect race: 9                (some race whose read is at line 9)
//! // expect note: S1               (the report names specification finding S1)
//! // expect deadlock: 21           (a barrier wait at line 21 never completes)
//! // expect error: is out of bounds (the run is refused: an input error saying this)
//! ```

use crate::report::KernelReport;
use std::collections::BTreeSet;

fn lines_with<'s>(source: &'s str, key: &str) -> Vec<(usize, &'s str)> {
    source
        .lines()
        .enumerate()
        .filter_map(|(n, l)| {
            let t = l.trim_start();
            let t = t
                .strip_prefix("//")
                .or_else(|| t.strip_prefix(';'))?
                .trim_start();
            t.strip_prefix(key).map(|r| (n + 1, r.trim()))
        })
        .collect()
}

/// The text a kernel whose run must be refused expects in the error
/// (`// expect error: TEXT`), if it has that line.
pub fn expected_error(source: &str) -> Option<String> {
    lines_with(source, "expect error:")
        .first()
        .map(|(_, t)| t.to_string())
}

/// Compares the outcome of a run with the `// expect` lines of `source`: a
/// refused run (`Err`, its error text) must be expected by an `expect
/// error:` line whose text the error contains, and a report ([`check`])
/// must not be. The mismatches, or `Err` for an expectation that cannot be
/// read.
pub fn check_run(source: &str, run: &Result<KernelReport, String>) -> Result<Vec<String>, String> {
    match (expected_error(source), run) {
        (Some(want), Err(e)) if e.contains(&want) => Ok(Vec::new()),
        (Some(want), Err(e)) => Ok(vec![format!("expected an error saying `{want}`, got: {e}")]),
        (Some(want), Ok(_)) => Ok(vec![format!(
            "expected an error saying `{want}`, but the kernel ran"
        )]),
        (None, Err(e)) => Ok(vec![e.clone()]),
        (None, Ok(r)) => check(source, r),
    }
}

/// Compares `r` with the `// expect` lines of `source`: the mismatches, or
/// `Err` for an expectation that cannot be read.
pub fn check(source: &str, r: &KernelReport) -> Result<Vec<String>, String> {
    let mut out = Vec::new();
    let flags = lines_with(source, "expect flags:");
    let Some(&(_, want)) = flags.first() else {
        return Err(
            "no `// expect flags:` line (write `// expect flags: none` for a clean kernel)".into(),
        );
    };
    let known = ["race", "ub", "deadlock", "undef", "assert", "cutoff"];
    let mut want_flags: BTreeSet<&str> = BTreeSet::new();
    for w in want.split_whitespace().filter(|w| *w != "none") {
        if !known.contains(&w) {
            return Err(format!("unknown flag `{w}` (flags: {})", known.join(", ")));
        }
        want_flags.insert(w);
    }
    if r.verdict != "complete" {
        out.push(format!(
            "the run did not complete: {}",
            r.limit.clone().unwrap_or_default()
        ));
        return Ok(out);
    }
    let got: BTreeSet<&str> = r.flags.names().into_iter().collect();
    if got != want_flags {
        let show = |s: &BTreeSet<&str>| {
            if s.is_empty() {
                "none".to_string()
            } else {
                s.iter().copied().collect::<Vec<_>>().join(" ")
            }
        };
        out.push(format!(
            "flags: expected {}, got {}",
            show(&want_flags),
            show(&got)
        ));
    }
    let races = lines_with(source, "expect race:");
    if !races.is_empty() {
        let mut want: BTreeSet<(u32, u32)> = BTreeSet::new();
        for (n, text) in races {
            let nums: Vec<u32> = text
                .split_whitespace()
                .filter_map(|w| w.parse().ok())
                .collect();
            match nums[..] {
                [a, b] => {
                    want.insert((a.min(b), a.max(b)));
                }
                // A read at that line that may see several writes.
                [read] => {
                    if !r.races.iter().any(|x| x.read.line == read) {
                        out.push(format!("races: expected a race read at line {read}"));
                    }
                }
                _ => {
                    return Err(format!(
                        "line {n}: `expect race:` takes two line numbers (or one: the read's)"
                    ))
                }
            }
        }
        let got: BTreeSet<(u32, u32)> = r
            .races
            .iter()
            .filter_map(|x| {
                x.write
                    .as_ref()
                    .map(|w| (x.read.line.min(w.line), x.read.line.max(w.line)))
            })
            .collect();
        if got != want {
            out.push(format!("races: expected line pairs {want:?}, got {got:?}"));
        }
    }
    for (n, text) in lines_with(source, "expect memory:") {
        let (name, values, every) = if let Some((name, v)) = text.split_once(" in ") {
            let v = v.trim().trim_start_matches('{').trim_end_matches('}');
            (
                name.trim(),
                v.split(',')
                    .map(|x| x.trim().to_string())
                    .collect::<Vec<_>>(),
                false,
            )
        } else if let Some((name, v)) = text.split_once('=') {
            (name.trim(), vec![v.trim().to_string()], true)
        } else {
            return Err(format!(
                "line {n}: `expect memory:` is `NAME[I] = V` or `NAME[I] in {{V, W}}`"
            ));
        };
        let Some(cell) = r.final_values.iter().find(|c| c.name == name) else {
            out.push(format!(
                "memory: `{name}` is not written by the kernel (written: {})",
                r.final_values
                    .iter()
                    .map(|c| c.name.as_str())
                    .collect::<Vec<_>>()
                    .join(", ")
            ));
            continue;
        };
        let got: BTreeSet<String> = cell.values.iter().map(|v| v.to_string()).collect();
        let want: BTreeSet<String> = values.into_iter().collect();
        if got != want || (every && !cell.always) {
            out.push(format!(
                "memory: {name}: expected {}, got {{{}}}",
                text.split_once(if every { '=' } else { 'n' })
                    .map_or(text, |x| x.1)
                    .trim(),
                got.into_iter().collect::<Vec<_>>().join(", ")
            ));
        }
    }
    for (n, text) in lines_with(source, "expect deadlock:") {
        let line: u32 = text
            .parse()
            .map_err(|_| format!("line {n}: `expect deadlock:` takes a line number"))?;
        let at = format!("(line {line})");
        if !r.barrier.iter().any(|x| {
            x.flag == "deadlock" && x.text.contains("never completes") && x.text.contains(&at)
        }) {
            out.push(format!(
                "deadlock: expected a wait that never completes at line {line}"
            ));
        }
    }
    for (_, text) in lines_with(source, "expect note:") {
        let want = format!("this is finding {} ", text.trim());
        if !r.notes.iter().any(|x| x.text.starts_with(&want)) {
            out.push(format!(
                "note: expected the report to name finding {}",
                text.trim()
            ));
        }
    }
    for (n, text) in lines_with(source, "expect assert:") {
        let line: u32 = text
            .parse()
            .map_err(|_| format!("line {n}: `expect assert:` takes a line number"))?;
        if !r.asserts.iter().any(|a| a.line == line) {
            out.push(format!(
                "assert: expected the assertion at line {line} to be reachable"
            ));
        }
    }
    Ok(out)
}
