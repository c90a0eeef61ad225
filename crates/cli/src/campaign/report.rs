//! The campaign report, from the lines of every shard: text, JSON and a
//! static HTML page. Everything but the `time_seconds` field (and the text's
//! `Time` line) depends only on the lines, so a sharded campaign merges to
//! the report of a whole one.

use super::results::{Header, Line};
use serde::Serialize;
use std::collections::BTreeMap;

/// Per target and code source.
#[derive(Serialize, Default)]
pub struct Row {
    pub target: String,
    pub code: String,
    /// Pairs the hardware model ran (agreed + known + forbidden).
    pub ran: u32,
    pub agreed: u32,
    /// Forbidden outcomes that are all known findings.
    pub known: u32,
    /// A forbidden outcome that is no known finding.
    pub forbidden: u32,
    pub skipped: u32,
    /// Skips by reason (the reason without its place and target).
    pub skipped_by_reason: BTreeMap<String, u32>,
}

/// A forbidden outcome that is no known finding.
#[derive(Serialize)]
pub struct Finding {
    pub test: String,
    pub target: String,
    pub code: String,
    pub states: Vec<String>,
    pub machine_code: Vec<String>,
    pub trace: Vec<String>,
    pub reproducer: Option<String>,
}

#[derive(Serialize)]
pub struct Report {
    pub amdmm: String,
    pub generator: String,
    pub tests: usize,
    pub targets: Vec<String>,
    pub codes: Vec<String>,
    pub llc: Option<String>,
    pub options: String,
    pub pairs: usize,
    pub rows: Vec<Row>,
    /// Known findings seen: (id, pairs).
    pub known_findings: BTreeMap<String, u32>,
    pub findings: Vec<Finding>,
    /// The only field that varies between runs.
    pub time_seconds: f64,
}

/// A skip reason without what varies per test: the place (`FILE:L:C: P1:`),
/// the target, numbers.
pub fn reason_class(reason: &str) -> String {
    // The target's sentence: from the first word naming a target (what
    // precedes is the place and the operation), without `(as gfxNNN)`.
    let from_target = reason
        .split(' ')
        .position(|w| w.starts_with("gfx"))
        .map(|i| reason.split(' ').skip(i).collect::<Vec<_>>().join(" "));
    let r = match &from_target {
        Some(s) => s.as_str(),
        None => {
            // `FILE:LINE:COL: THREAD: MESSAGE`: the message.
            let mut r = reason;
            if let Some(i) = r.find(".litmus:") {
                r = r[i..].splitn(4, ':').nth(3).unwrap_or(r).trim_start();
            }
            r
        }
    };
    let mut out = String::new();
    let mut words = r.split(' ').peekable();
    while let Some(w) = words.next() {
        if w == "(as" && words.peek().is_some_and(|n| n.starts_with("gfx")) {
            words.next();
            continue;
        }
        if !out.is_empty() {
            out.push(' ');
        }
        if w.starts_with("gfx") {
            out.push_str("TARGET");
            if w.ends_with(':') {
                out.push(':');
            }
        } else if w.starts_with('@') {
            out.push_str("@LOC");
        } else {
            out.extend(w.chars().map(|c| if c.is_ascii_digit() { 'N' } else { c }));
        }
    }
    let mut cut = out.len().min(140);
    while !out.is_char_boundary(cut) {
        cut -= 1;
    }
    out.truncate(cut);
    out
}

pub fn build(h: &Header, lines: &[Line], secs: f64) -> Report {
    let mut rows: BTreeMap<(usize, usize), Row> = BTreeMap::new();
    let mut known_findings = BTreeMap::new();
    let mut findings = Vec::new();
    let ti = |t: &str| h.targets.iter().position(|x| x == t).unwrap_or(usize::MAX);
    let ci = |c: &str| h.codes.iter().position(|x| x == c).unwrap_or(usize::MAX);
    let mut sorted: Vec<&Line> = lines.iter().collect();
    sorted.sort_by_key(|l| l.key());
    for l in &sorted {
        let r = &l.result;
        let row = rows
            .entry((ti(&r.target), ci(&l.code)))
            .or_insert_with(|| Row {
                target: r.target.clone(),
                code: l.code.clone(),
                ..Row::default()
            });
        match r.status.as_str() {
            "skip" => {
                row.skipped += 1;
                let why = reason_class(r.reason.as_deref().unwrap_or(""));
                *row.skipped_by_reason.entry(why).or_insert(0) += 1;
            }
            "ok" => {
                row.ran += 1;
                row.agreed += 1;
            }
            "known" => {
                row.ran += 1;
                row.known += 1;
            }
            _ => {
                row.ran += 1;
                row.forbidden += 1;
            }
        }
        for f in &r.forbidden {
            if let Some(id) = &f.known {
                *known_findings.entry(id.clone()).or_insert(0) += 1;
            }
        }
        if r.status == "forbidden" {
            let new: Vec<_> = r.forbidden.iter().filter(|f| f.known.is_none()).collect();
            findings.push(Finding {
                test: r.test.clone(),
                target: r.target.clone(),
                code: l.code.clone(),
                states: new.iter().map(|f| f.state.clone()).collect(),
                machine_code: new
                    .first()
                    .map(|f| f.machine_code.clone())
                    .unwrap_or_default(),
                trace: new.first().map(|f| f.trace.clone()).unwrap_or_default(),
                reproducer: l.reproducer.clone(),
            });
        }
    }
    Report {
        amdmm: h.amdmm.clone(),
        generator: h.generator.clone(),
        tests: h.tests.len(),
        targets: h.targets.clone(),
        codes: h.codes.clone(),
        llc: h.llc.clone(),
        options: h.options.clone(),
        pairs: lines.len(),
        rows: rows.into_values().collect(),
        known_findings,
        findings,
        time_seconds: (secs * 10.0).round() / 10.0,
    }
}

pub fn text(r: &Report) -> String {
    let mut s = String::new();
    s += &format!("amdmm campaign report (amdmm {})\n", r.amdmm);
    s += &format!("Generator: {}\n", r.generator);
    s += &format!(
        "Tests: {}; targets: {}; code: {}; pairs: {}\n",
        r.tests,
        r.targets.join(","),
        r.codes.join(","),
        r.pairs
    );
    if let Some(l) = &r.llc {
        s += &format!("llc: {l}\n");
    }
    s += &format!("Options: {}\n\n", r.options);
    s += &format!(
        "{:<26} {:<8} {:>6} {:>7} {:>6} {:>9} {:>7}\n",
        "target", "code", "ran", "agreed", "known", "FORBIDDEN", "skipped"
    );
    for row in &r.rows {
        s += &format!(
            "{:<26} {:<8} {:>6} {:>7} {:>6} {:>9} {:>7}\n",
            row.target, row.code, row.ran, row.agreed, row.known, row.forbidden, row.skipped
        );
    }
    let mut reasons: BTreeMap<&str, u32> = BTreeMap::new();
    for row in &r.rows {
        for (why, n) in &row.skipped_by_reason {
            *reasons.entry(why).or_insert(0) += n;
        }
    }
    if !reasons.is_empty() {
        s += "\nSkipped, by reason (all targets and code sources):\n";
        let mut by_count: Vec<_> = reasons.into_iter().collect();
        by_count.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(b.0)));
        for (why, n) in by_count {
            s += &format!("  {n:>6}  {why}\n");
        }
    }
    if !r.known_findings.is_empty() {
        s += "\nKnown findings seen (amdmm docs findings):";
        for (id, n) in &r.known_findings {
            s += &format!(" {id} ({n})");
        }
        s += "\n";
    }
    if r.findings.is_empty() {
        s += "\nNo new finding: every hardware outcome is allowed or a known finding.\n";
    } else {
        s += &format!(
            "\n*** {} NEW FINDING(S): hardware outcomes the memory model forbids ***\n",
            r.findings.len()
        );
        for f in &r.findings {
            s += &format!("\nFORBIDDEN {} {} {}\n", f.test, f.target, f.code);
            for st in &f.states {
                s += &format!("  state: {st}\n");
            }
            if let Some(rep) = &f.reproducer {
                s += "  smallest reproducer:\n";
                for l in rep.lines() {
                    s += &format!("    {l}\n");
                }
            }
            s += "  machine code:\n";
            for l in &f.machine_code {
                s += &format!("    {l}\n");
            }
            s += "  hardware trace:\n";
            for l in &f.trace {
                s += &format!("    {l}\n");
            }
        }
    }
    s += &format!("\nTime {:.1}\n", r.time_seconds);
    s
}

fn esc(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

pub fn html(r: &Report) -> String {
    let mut s = String::from("<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>amdmm campaign report</title>\n<style>body{font-family:sans-serif;margin:2em}table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:2px 8px;text-align:right}td:first-child,td:nth-child(2){text-align:left}.bad{background:#fbb;font-weight:bold}pre{background:#f6f6f6;padding:6px}</style></head><body>\n");
    s += "<h1>amdmm campaign report</h1>\n";
    s += &format!(
        "<p>amdmm {}; generator <code>{}</code>; {} tests; {} pairs; options {}{}</p>\n",
        esc(&r.amdmm),
        esc(&r.generator),
        r.tests,
        r.pairs,
        esc(&r.options),
        r.llc
            .as_ref()
            .map_or(String::new(), |l| format!("; llc {}", esc(l)))
    );
    s += "<table><tr><th>target</th><th>code</th><th>ran</th><th>agreed</th><th>known</th><th>forbidden</th><th>skipped</th></tr>\n";
    for row in &r.rows {
        let cls = if row.forbidden > 0 {
            " class=\"bad\""
        } else {
            ""
        };
        s += &format!(
            "<tr><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td{cls}>{}</td><td title=\"{}\">{}</td></tr>\n",
            esc(&row.target),
            esc(&row.code),
            row.ran,
            row.agreed,
            row.known,
            row.forbidden,
            esc(&row
                .skipped_by_reason
                .iter()
                .map(|(w, n)| format!("{n}: {w}"))
                .collect::<Vec<_>>()
                .join("\n")),
            row.skipped
        );
    }
    s += "</table>\n";
    if !r.known_findings.is_empty() {
        s += "<p>Known findings seen: ";
        s += &r
            .known_findings
            .iter()
            .map(|(id, n)| format!("{} ({n})", esc(id)))
            .collect::<Vec<_>>()
            .join(", ");
        s += "</p>\n";
    }
    if r.findings.is_empty() {
        s += "<p>No new finding.</p>\n";
    } else {
        s += &format!(
            "<h2 class=\"bad\">{} new finding(s)</h2>\n",
            r.findings.len()
        );
        for f in &r.findings {
            s += &format!(
                "<details open><summary><b>FORBIDDEN</b> {} {} {}: {}</summary>\n",
                esc(&f.test),
                esc(&f.target),
                esc(&f.code),
                esc(&f.states.join(" | "))
            );
            if let Some(rep) = &f.reproducer {
                s += &format!("<h4>Smallest reproducer</h4><pre>{}</pre>\n", esc(rep));
            }
            s += &format!(
                "<h4>Machine code</h4><pre>{}</pre>\n<h4>Hardware trace</h4><pre>{}</pre></details>\n",
                esc(&f.machine_code.join("\n")),
                esc(&f.trace.join("\n"))
            );
        }
    }
    s += &format!("<p>Time {:.1} s</p>\n</body></html>\n", r.time_seconds);
    s
}

/// Writes report.txt, report.json and report.html into `dir` (over files
/// amdmm did not write only with `force`).
pub fn write(dir: &std::path::Path, r: &Report, force: bool) -> Result<(), String> {
    let ours_txt = |h: &str| h.starts_with("amdmm campaign report");
    let ours_json = |h: &str| h.starts_with("{\n  \"amdmm\"");
    let ours_html = |h: &str| h.contains("<title>amdmm campaign report</title>");
    let json = serde_json::to_string_pretty(r).map_err(|e| e.to_string())? + "\n";
    crate::safe_write::write(&dir.join("report.txt"), &text(r), force, ours_txt)?;
    crate::safe_write::write(&dir.join("report.json"), &json, force, ours_json)?;
    crate::safe_write::write(&dir.join("report.html"), &html(r), force, ours_html)
}

#[cfg(test)]
mod tests {
    use super::reason_class;

    #[test]
    fn reasons_lose_their_place() {
        assert_eq!(
            reason_class("t/a.litmus:10:3: P0: an access to @x (generic): gfx600 does not support the generic address space"),
            "TARGET does not support the generic address space"
        );
        assert_eq!(
            reason_class("t.litmus:3:1: P0: store i32 1, @x (lds) monotonic system: gfx950:tgsplit (as gfx942) allocates no LDS"),
            "TARGET allocates no LDS"
        );
        assert_eq!(
            reason_class("the memory model gave no verdict (limit reached: 20 s)"),
            "the memory model gave no verdict (limit reached: NN s)"
        );
    }
}
