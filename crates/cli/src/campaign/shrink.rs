//! The smallest reproducer of a finding: drop threads, instructions and
//! decorations from the test, one at a time, while the hardware model still
//! reaches a final state the memory model forbids (and that is no known
//! finding, by name or by mechanism). Greedy (each kept step restarts the search), bounded.

use crate::verify::Known;
use amdmm_hw::machine::{CodeSource, HwOptions};

/// What a check runs with.
pub struct Ctx<'a> {
    pub mopts: &'a amdmm_explore::Options,
    pub hopts: &'a HwOptions,
    pub known: &'a [Known],
}

/// At most this many candidate tests are run per finding.
const MAX_TRIES: usize = 200;

/// A test split into its parts (the format's layout: declarations, then
/// `thread NAME @ ... {` blocks, then the condition).
struct Parts {
    head: Vec<String>,
    threads: Vec<Vec<String>>,
}

fn split(text: &str) -> Parts {
    let mut head = Vec::new();
    let mut threads: Vec<Vec<String>> = Vec::new();
    let mut in_thread = false;
    for l in text.lines() {
        if l.starts_with("thread ") {
            in_thread = true;
            threads.push(vec![l.to_string()]);
        } else if in_thread {
            threads.last_mut().expect("in a thread").push(l.to_string());
            if l.trim() == "}" {
                in_thread = false;
            }
        } else if threads.is_empty() {
            head.push(l.to_string());
        }
        // After the threads: the condition, rebuilt by `join`.
    }
    Parts { head, threads }
}

/// The text of `p`, observing every register a thread loads and every
/// global location (the condition of the original may name what a step
/// removed; `verify` compares whole final states anyway).
fn join(p: &Parts) -> String {
    let mut s = p.head.join("\n");
    s.push('\n');
    let mut observed = Vec::new();
    for t in &p.threads {
        let name = t[0]
            .strip_prefix("thread ")
            .and_then(|r| r.split_whitespace().next())
            .unwrap_or("P0");
        for l in t {
            let l = l.trim();
            if let Some((reg, rhs)) = l.split_once(" = ") {
                // Every value a thread reads (a cmpxchg's pair is read
                // through its extractvalue).
                if reg.starts_with("%r") && !rhs.starts_with("cmpxchg") {
                    observed.push(format!("{name}:{reg}"));
                }
            }
        }
        s += &t.join("\n");
        s.push('\n');
    }
    for l in &p.head {
        let l = l.trim();
        if let Some(rest) = l.strip_prefix("global ") {
            let loc = rest.split([' ', ';', '[']).next().unwrap_or("");
            if !loc.is_empty() && !rest.contains('[') {
                observed.push(format!("@{loc}"));
            }
        }
    }
    s += &format!(
        "\nlocations [{}]\nexists (true)\n",
        observed.iter().map(|o| format!("{o};")).collect::<String>()
    );
    s
}

/// Every one-step smaller variant of `p`, largest steps first.
fn candidates(p: &Parts) -> Vec<Parts> {
    let mut out = Vec::new();
    let clone = |p: &Parts| Parts {
        head: p.head.clone(),
        threads: p.threads.clone(),
    };
    if p.threads.len() > 1 {
        for k in 0..p.threads.len() {
            let mut q = clone(p);
            q.threads.remove(k);
            out.push(q);
        }
    }
    for k in 0..p.threads.len() {
        let t = &p.threads[k];
        #[allow(clippy::needless_range_loop)] // j indexes the copies too
        for j in 1..t.len().saturating_sub(1) {
            let l = t[j].trim();
            if l.is_empty() || l.ends_with(':') {
                continue;
            }
            let mut q = clone(p);
            q.threads[k].remove(j);
            out.push(q);
            // Weaker decorations of the same line.
            let line = &t[j];
            let mut weaker = Vec::new();
            if let Some(i) = line.find(" syncscope(\"") {
                if let Some(e) = line[i + 12..].find("\")") {
                    weaker.push(format!("{}{}", &line[..i], &line[i + 12 + e + 2..]));
                }
            }
            for o in [" seq_cst", " acq_rel", " acquire", " release"] {
                if line.contains(o) && (line.contains(" atomic ") || line.contains("atomicrmw")) {
                    weaker.push(line.replacen(o, " monotonic", 1));
                }
            }
            if let Some(i) = line.find(", !mmra") {
                weaker.push(line[..i].to_string());
            }
            for w in weaker {
                let mut q = clone(p);
                q.threads[k][j] = w;
                out.push(q);
            }
        }
    }
    out
}

/// Whether `text` still shows a forbidden outcome that is no known finding.
fn fails(text: &str, target: &amdmm_hw::Target, code: &CodeSource, ctx: &Ctx) -> bool {
    let Ok(p) = amdmm_program::load(text) else {
        return false;
    };
    let model = amdmm_explore::explore(&p, ctx.mopts);
    if model.observation.is_none() {
        return false;
    }
    let pair = crate::verify::Pair {
        file: "shrink",
        program: &p,
        target,
        model: &model,
    };
    // Recognised by mechanism too: a new finding does not shrink into a
    // known one.
    let r = super::recognise::verify_pair(
        &pair,
        crate::verify::Code::Source(code),
        ctx.known,
        ctx.hopts,
    );
    r.status == "forbidden"
}

/// The smallest variant of `text` found that still fails (`text` itself,
/// with every register observed, when no step keeps the failure).
pub fn shrink(text: &str, target: &amdmm_hw::Target, code: &CodeSource, ctx: &Ctx) -> String {
    let mut cur = split(text);
    if !fails(&join(&cur), target, code, ctx) {
        return text.to_string();
    }
    let mut tries = 0;
    'outer: while tries < MAX_TRIES {
        for c in candidates(&cur) {
            tries += 1;
            if tries > MAX_TRIES {
                break 'outer;
            }
            if fails(&join(&c), target, code, ctx) {
                cur = c;
                continue 'outer;
            }
        }
        break;
    }
    join(&cur)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn steps_drop_threads_lines_and_decorations() {
        let t = "AMDGPU T\n{\n  global x = 0;\n}\n\nthread P0 @ wg 0 {\n  store atomic i32 1, ptr @x syncscope(\"agent\") release, align 4\n}\n\nthread P1 @ wg 1 {\n  %r0 = load atomic i32, ptr @x syncscope(\"agent\") acquire, align 4\n}\n\nexists (P1:%r0 == 1)\n";
        let p = split(t);
        assert_eq!(p.threads.len(), 2);
        let j = join(&p);
        assert!(j.contains("locations [P1:%r0;@x;]\nexists (true)"), "{j}");
        assert!(amdmm_program::load(&j).is_ok(), "{j}");
        let c = candidates(&p);
        // 2 thread drops; per thread: the line, no scope, monotonic.
        assert_eq!(c.len(), 2 + 3 + 3);
        assert!(join(&c[3]).contains("ptr @x release"));
        assert!(join(&c[4]).contains("ptr @x syncscope(\"agent\") monotonic"));
    }
}
