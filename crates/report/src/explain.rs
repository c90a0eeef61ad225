//! `amdmm explain`'s outputs: the text, the graphs of its classes and the
//! JSON document of `--json` (typed; its schema is generated from these
//! structs, docs/schema/explain.json). The command line and the playground
//! (`crates/web`) both print through these, so they agree byte for byte.

use amdmm_explore::explain::{Explanation, StateError, Verdict};
use schemars::JsonSchema;
use serde::Serialize;
use std::fmt::Write as _;

/// `amdmm explain --json`.
#[derive(Serialize, JsonSchema)]
pub struct ExplainDocument<'a> {
    pub test: &'a str,
    pub file: &'a str,
    pub model: &'a str,
    /// The `--state` given, or null for the condition's states.
    pub state: Option<&'a str>,
    /// `allowed`, `forbidden` or `unknown` (a limit stopped the enumeration).
    pub verdict: &'static str,
    #[serde(flatten)]
    pub explanation: &'a Explanation,
}

impl<'a> ExplainDocument<'a> {
    pub fn new(
        test: &'a str,
        file: &'a str,
        model: &'a str,
        state: Option<&'a str>,
        explanation: &'a Explanation,
    ) -> Self {
        use amdmm_explore::explain::Verdict;
        let verdict = if explanation.limit.is_some() {
            "unknown"
        } else if explanation
            .classes
            .iter()
            .any(|c| c.verdict == Verdict::Allowed)
        {
            "allowed"
        } else {
            "forbidden"
        };
        ExplainDocument {
            test,
            file,
            model,
            state,
            verdict,
            explanation,
        }
    }
}

/// One graph per class, as DOT: `NAME.explain-K` (the file stem) and the
/// representative candidate with the violated rule's events and edges
/// highlighted.
pub fn explain_graphs(test: &str, x: &Explanation) -> Vec<(String, String)> {
    let stem = crate::file_stem(test);
    x.classes
        .iter()
        .enumerate()
        .map(|(k, c)| {
            let title = match c.verdict {
                Verdict::Allowed => format!("{test}: class {}: allowed", k + 1),
                Verdict::Forbidden => format!("{test}: class {}: {}: {}", k + 1, c.rule, c.detail),
            };
            let opts = crate::DotOptions {
                title: Some(title),
                highlight_events: c.highlight_events.clone(),
                highlight_edges: c.highlight_edges.clone(),
                ..Default::default()
            };
            (
                format!("{stem}.explain-{}", k + 1),
                crate::witness_to_dot(&c.witness, &opts),
            )
        })
        .collect()
}

/// What `amdmm explain FILE [--state STATE]` prints without `--json`: the
/// asked state, the candidate count, the verdict, each class with its rule,
/// quote, detail and representative candidate, the flags and any limit.
pub fn explain_text(
    program: &amdmm_program::Program,
    state: Option<&str>,
    x: &Explanation,
) -> String {
    let mut s = String::new();
    let asked = match state {
        Some(st) => format!("state {st}"),
        None => format!(
            "the condition's states ({} {})",
            crate::kind(program.condition.quantifier),
            crate::condition_line(program)
        ),
    };
    let _ = writeln!(s, "Explain {}: {asked}", program.name);
    let allowed = x.classes.iter().any(|c| c.verdict == Verdict::Allowed);
    // Not `run`'s count: run's search prunes (`run --json`'s `candidates`
    // is smaller); explain enumerates every choice to name the rule each
    // breaks.
    let _ = writeln!(
        s,
        "Candidates {} enumerated (every path, reads-from and modification order, unpruned), \
         {} of them ending in this state",
        x.candidates, x.matching
    );
    let verdict = if x.limit.is_some() {
        "Unknown (the enumeration stopped early)"
    } else if allowed {
        "Allowed"
    } else if x.matching == 0 && x.flags.iter().any(|f| f.flag == "deadlock") {
        "Forbidden: no candidate execution ends in this state; deadlocked executions have no \
         final state (see the deadlock flag)"
    } else if x.matching == 0 {
        "Forbidden: no candidate execution ends in this state (no choice of paths, reads-from \
         and modification order produces these values)"
    } else {
        "Forbidden: every candidate ending in it breaks a rule"
    };
    let _ = writeln!(s, "Verdict {verdict}");
    for (k, c) in x.classes.iter().enumerate() {
        let state = x
            .columns
            .iter()
            .zip(&c.state)
            .map(|(col, v)| format!("{col}={v};"))
            .collect::<Vec<_>>()
            .join(" ");
        match c.verdict {
            Verdict::Allowed => {
                let _ = writeln!(s, "[{}] allowed ({} candidates): {state}", k + 1, c.count);
                let _ = writeln!(s, "    {}", c.detail);
            }
            Verdict::Forbidden => {
                let _ = writeln!(
                    s,
                    "[{}] {} ({} candidates): {state}",
                    k + 1,
                    c.rule,
                    c.count
                );
                let _ = writeln!(s, "    {}: {}", c.source, c.quote);
                let _ = writeln!(s, "    {}", c.detail);
            }
        }
        let w = crate::witness_text_events(&c.witness);
        for line in w.lines() {
            let _ = writeln!(s, "    {line}");
        }
    }
    for f in &x.flags {
        let _ = writeln!(s, "Flag {}: {}", f.flag, f.text);
    }
    if let Some(l) = &x.limit {
        let _ = writeln!(s, "Unknown {}: {l}", program.name);
    }
    s
}

/// A bad `--state` as a diagnostic: the option's text is the source
/// (`--state:1:COL`), the bad part underlined, with the hint.
pub fn state_diagnostic(text: &str, e: &StateError) -> amdmm_litmus::Diagnostic {
    let end = e.span.end.min(text.len()).max(e.span.start);
    amdmm_litmus::Diagnostic::new(
        format!("--state: {}", e.message),
        amdmm_litmus::Span::new(e.span.start.min(text.len()), end),
    )
    .with_hint(
        "write the state as `COLUMN=VALUE; ...` with the columns of the test's `States` lines, \
         e.g. 'P1:%r0=1; P1:%r1=0'",
    )
}
