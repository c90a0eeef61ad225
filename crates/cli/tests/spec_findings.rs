//! Specification findings (docs/findings.md, "Specification findings") and
//! the idioms corpus `litmus/idioms/` that pins them.
//!
//! Every idiom states the answer C++/HIP expects and amdmm's answers under
//! the seed, upstream and proposed models, and carries `expect` lines for the
//! three; `--check` must pass under each. `--model proposed` (the seed plus
//! the wording change each finding proposes) must differ from the seed on
//! exactly the tests the findings list.

mod common;
use common::*;
use std::collections::BTreeSet;

const MODELS: [&str; 3] = ["seed", "upstream", "proposed"];

fn idioms_dir() -> String {
    manifest_dir()
        .join("../../litmus/idioms")
        .to_str()
        .unwrap()
        .to_string()
}

#[test]
fn idioms_meet_their_expect_lines_under_every_model() {
    let dir = idioms_dir();
    for model in MODELS {
        let o = amdmm(&["run", "--check", "--no-time", "--model", model, &dir]);
        assert_eq!(
            code(&o),
            0,
            "--model {model}:\n{}\n{}",
            stdout(&o),
            stderr(&o)
        );
    }
}

/// At least 25 idioms, each describing the rule, what C++/HIP expects and
/// each model's answer (the "Done when").
#[test]
fn idioms_say_what_cpp_and_each_model_give() {
    let mut n = 0;
    for entry in std::fs::read_dir(idioms_dir()).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().and_then(|e| e.to_str()) != Some("litmus") {
            continue;
        }
        n += 1;
        let text = std::fs::read_to_string(&path).unwrap();
        let desc = text.lines().nth(1).unwrap_or("");
        assert!(desc.starts_with('"'), "{}: no description", path.display());
        for word in ["C++", "seed", "upstream", "proposed"] {
            assert!(
                desc.contains(word),
                "{}: the description does not say what {word} gives",
                path.display()
            );
        }
    }
    assert!(n >= 25, "{n} idioms");
}

/// The tests docs/findings.md lists under "Changed by `--model proposed`".
fn tests_the_findings_name() -> BTreeSet<String> {
    let doc = std::fs::read_to_string(manifest_dir().join("../../docs/findings.md")).unwrap();
    let section = doc
        .split("## Specification findings")
        .nth(1)
        .expect("docs/findings.md has a Specification findings section");
    let mut names = BTreeSet::new();
    let mut in_list = false;
    for line in section.lines() {
        if line.starts_with("Changed by `--model proposed`") {
            in_list = true;
        } else if in_list && line.starts_with("- `litmus/") {
            names.insert(
                line.trim_start_matches("- `")
                    .trim_end_matches('`')
                    .to_string(),
            );
        } else if in_list && !line.trim().is_empty() {
            in_list = false;
        }
    }
    names
}

#[test]
fn proposed_differs_from_seed_exactly_on_the_findings_tests() {
    let named = tests_the_findings_name();
    assert!(!named.is_empty(), "no tests listed in docs/findings.md");
    let o = amdmm(&[
        "compare",
        "--json",
        "--model",
        "seed",
        "--model",
        "proposed",
        "../../litmus",
    ]);
    assert_eq!(code(&o), 1, "{}", stderr(&o));
    let v: serde_json::Value = serde_json::from_str(&stdout(&o)).expect("JSON");
    let differing: BTreeSet<String> = v["tests"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|t| t["differs"] == true)
        .map(|t| {
            let f = t["file"].as_str().unwrap();
            f[f.find("litmus/").unwrap()..].to_string()
        })
        .collect();
    assert_eq!(differing, named);
}

/// The tests of the corpus whose `run --json` result carries a `finding`
/// note under `model`.
fn tests_with_a_finding_note(model: &str) -> BTreeSet<String> {
    let o = amdmm(&[
        "run",
        "--json",
        "--no-time",
        "--model",
        model,
        "../../litmus",
    ]);
    let v: serde_json::Value = serde_json::from_str(&stdout(&o)).expect("JSON");
    v["tests"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|t| {
            t["notes"]
                .as_array()
                .is_some_and(|n| n.iter().any(|n| n["flag"] == "finding"))
        })
        .map(|t| {
            let f = t["file"].as_str().unwrap();
            f[f.find("litmus/").unwrap()..].to_string()
        })
        .collect()
}

/// The detector (`note: this is finding S1 ...`) fires on a read that
/// returns undef in S1's pattern (the value rules' own check, not the
/// test's name): over the whole corpus, under the seed and the upstream
/// rules, on exactly the tests the proposed model changes, and never under
/// the proposed model, which answers those reads.
#[test]
fn the_s1_note_marks_exactly_the_findings_tests() {
    let named = tests_the_findings_name();
    assert_eq!(tests_with_a_finding_note("seed"), named);
    assert_eq!(tests_with_a_finding_note("upstream"), named);
    assert!(tests_with_a_finding_note("proposed").is_empty());
    let o = amdmm(&[
        "run",
        "--no-time",
        "../../litmus/idioms/Counter+rmw.wg+syncthreads+plain.litmus",
    ]);
    let out = stdout(&o);
    let notes: Vec<&str> = out.lines().filter(|l| l.starts_with("note: ")).collect();
    assert_eq!(notes.len(), 1, "{out}");
    assert!(
        notes[0].starts_with("note: this is finding S1 ") && notes[0].contains("P0 on line 10"),
        "{out}"
    );
}
