//! `run --graph DIR`: one execution graph per witness, as DOT or as SVG laid
//! out by Graphviz.

mod common;
use common::*;

fn tmp(name: &str) -> std::path::PathBuf {
    let d = std::env::temp_dir().join(format!("amdmm-graphs-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    d
}

#[test]
fn dot_files_one_per_state() {
    let dir = tmp("dot");
    let o = amdmm(&[
        "run",
        "--no-time",
        "--graph",
        dir.to_str().unwrap(),
        "--graph-format",
        "dot",
        "../../litmus/MP+rel-acq.agent.litmus",
    ]);
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    let mut names: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    assert_eq!(
        names,
        [
            "MP+rel-acq.agent.state-1.dot",
            "MP+rel-acq.agent.state-2.dot"
        ]
    );
    let dot = std::fs::read_to_string(dir.join("MP+rel-acq.agent.state-2.dot")).unwrap();
    assert!(dot.starts_with("digraph execution {"));
    assert!(dot.contains("state 2: P1:%r0=1; P1:%r1=42;"), "{dot}");
    // The text output is unchanged by --graph (no witnesses printed).
    assert!(!stdout(&o).contains("Witness for state"));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn svg_files_or_a_clear_note_without_graphviz() {
    let dir = tmp("svg");
    let o = amdmm(&[
        "run",
        "--graph",
        dir.to_str().unwrap(),
        "../../litmus/Race+plain.litmus",
    ]);
    let has_dot = std::process::Command::new("dot")
        .arg("-V")
        .output()
        .is_ok_and(|o| o.status.success());
    if has_dot {
        assert_eq!(code(&o), 0, "{}", stderr(&o));
        let svg = std::fs::read_to_string(dir.join("Race+plain.state-1.svg")).unwrap();
        assert!(svg.contains("<svg"), "{svg}");
    } else if std::env::var_os("CI").is_some() {
        panic!("Graphviz `dot` is required under CI (apt-get install graphviz)");
    } else {
        assert!(
            stderr(&o).contains("Graphviz `dot` not found"),
            "{}",
            stderr(&o)
        );
        assert!(dir.join("Race+plain.state-1.dot").exists());
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// Without Graphviz on the PATH: a note and DOT files; under CI an error.
#[test]
fn missing_graphviz_is_a_note_or_a_ci_error() {
    let dir = tmp("nodot");
    let run = |ci: bool| {
        let mut c = std::process::Command::new(env!("CARGO_BIN_EXE_amdmm"));
        c.args(["run", "--graph", dir.to_str().unwrap()])
            .arg("../../litmus/Race+plain.litmus")
            .current_dir(manifest_dir())
            .env("PATH", "/nonexistent");
        if ci {
            c.env("CI", "true");
        } else {
            c.env_remove("CI");
        }
        c.output().unwrap()
    };
    let o = run(false);
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    assert!(
        stderr(&o).contains("Graphviz `dot` not found, so SVG is skipped"),
        "{}",
        stderr(&o)
    );
    assert!(dir.join("Race+plain.state-1.dot").exists());
    let o = run(true);
    assert_eq!(code(&o), 2);
    assert!(stderr(&o).contains("CI requires it"), "{}", stderr(&o));
    let _ = std::fs::remove_dir_all(&dir);
}

/// `run --target T --graph DIR`: one sequence diagram per hardware final
/// state, its steps those of the `Trace to` lines of `--show-executions`.
#[test]
fn hardware_traces_one_per_state() {
    let dir = tmp("hw");
    let test = "../../litmus/MP+rel-acq.agent.litmus";
    let o = amdmm(&[
        "run",
        "--target",
        "gfx942,gfx90a:tgsplit",
        "--graph",
        dir.to_str().unwrap(),
        "--graph-format",
        "dot",
        test,
    ]);
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    let mut names: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    let states = stdout(&o)
        .split("Target ")
        .map(|b| b.lines().filter(|l| l.starts_with("P1:%r0=")).count())
        .collect::<Vec<_>>();
    assert_eq!(names.len(), states.iter().sum::<usize>(), "{names:?}");
    assert!(
        names.contains(&"MP+rel-acq.agent.gfx942.state-1.dot".to_string()),
        "{names:?}"
    );
    assert!(
        names.contains(&"MP+rel-acq.agent.gfx90a_tgsplit.state-1.dot".to_string()),
        "{names:?}"
    );
    // Every step of the trace is in the diagram, on its own row.
    let traced = amdmm(&["run", "--target", "gfx942", "--show-executions", test]);
    let text = stdout(&traced);
    let first = text.split("Trace to ").nth(1).expect("a trace");
    let steps: Vec<&str> = first
        .lines()
        .skip(1)
        .take_while(|l| l.starts_with("  "))
        .map(|l| l.trim_start().split_once(". ").unwrap().1)
        .collect();
    assert!(!steps.is_empty());
    let dot = std::fs::read_to_string(dir.join("MP+rel-acq.agent.gfx942.state-1.dot")).unwrap();
    assert!(
        dot.contains("hardware trace to P1:%r0=0; P1:%r1=0\""),
        "{dot}"
    );
    for (i, step) in steps.iter().enumerate() {
        let text = step.split_once(": ").unwrap().1;
        let text = text.strip_prefix("issue ").unwrap_or(text);
        assert!(
            dot.contains(text),
            "step {} `{step}` missing:\n{dot}",
            i + 1
        );
        assert!(
            dot.contains(&format!("{{ rank=same; t{i}; s{i}; }}")),
            "{dot}"
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// `verify --graph DIR`: one sequence diagram per forbidden outcome (here a
/// known finding on gfx600), the trace of the `FORBIDDEN` report's steps;
/// a pair with nothing forbidden draws nothing.
#[test]
fn verify_draws_each_forbidden_trace() {
    let dir = tmp("verify");
    let test = "../../litmus/ISA2+avs.wg+fence-rel.agent+avl.agent.litmus";
    let o = amdmm(&[
        "verify",
        "--target",
        "gfx600,gfx1200",
        "--graph",
        dir.to_str().unwrap(),
        "--graph-format",
        "dot",
        test,
    ]);
    assert_eq!(code(&o), 0, "{}{}", stdout(&o), stderr(&o));
    assert!(stdout(&o).contains("KNOWN F2 ISA2+avs.wg+fence-rel.agent+avl.agent gfx600"));
    let names: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    assert_eq!(
        names,
        ["ISA2+avs.wg+fence-rel.agent+avl.agent.gfx600.forbidden-1.dot"],
        "{}",
        stdout(&o)
    );
    let dot = std::fs::read_to_string(dir.join(&names[0])).unwrap();
    assert!(
        dot.contains("on gfx600: hardware trace to P1:%r0=1; P2:%r1=1; P2:%r2=0\""),
        "{dot}"
    );
    // The steps are the JSON report's trace, each on its own row.
    let j = amdmm(&["verify", "--json", "--target", "gfx600", test]);
    let doc: serde_json::Value = serde_json::from_str(&stdout(&j)).unwrap();
    let trace = doc["results"][0]["forbidden"][0]["trace"]
        .as_array()
        .expect("a trace");
    assert!(!trace.is_empty());
    for i in 0..trace.len() {
        assert!(
            dot.contains(&format!("{{ rank=same; t{i}; s{i}; }}")),
            "{dot}"
        );
    }
    let o = amdmm(&[
        "verify",
        "--target",
        "gfx600",
        "--mutate",
        "--graph",
        dir.to_str().unwrap(),
        test,
    ]);
    assert_eq!(code(&o), 2);
    assert!(
        stderr(&o).contains("--mutate reports mutations"),
        "{}",
        stderr(&o)
    );
    let _ = std::fs::remove_dir_all(&dir);
}
