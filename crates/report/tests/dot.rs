//! Execution graphs (`witness_to_dot`): DOT snapshots of a handful of
//! witnesses, and SVG laid out by Graphviz that names every event.

use amdmm_explore::{explore, Options, Outcome};
use amdmm_program::Program;
use amdmm_report::outcome_graphs;
use std::io::Write;
use std::path::Path;
use std::process::{Command, Stdio};

fn corpus(rel: &str) -> (Program, Outcome) {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../litmus")
        .join(rel);
    let src = std::fs::read_to_string(&path).expect("corpus file");
    let program = amdmm_program::load(&src).expect("corpus test parses");
    let opts = Options {
        witnesses: true,
        ..Options::default()
    };
    let outcome = explore(&program, &opts);
    (program, outcome)
}

/// The graph of the witness of the state whose line is `state`.
fn graph_of(rel: &str, stem_suffix: &str) -> String {
    let (program, outcome) = corpus(rel);
    let graphs = outcome_graphs(&program.name, &outcome);
    graphs
        .into_iter()
        .find(|(stem, _)| stem.ends_with(stem_suffix))
        .unwrap_or_else(|| panic!("{rel}: no graph {stem_suffix}"))
        .1
}

// Message passing: rf, sw, av/vis, lo between two workgroups.
#[test]
fn mp_release_acquire_state_2() {
    insta::assert_snapshot!(graph_of("MP+rel-acq.agent.litmus", "state-2"));
}

// A racy read: the undef read is marked and the race edge drawn.
#[test]
fn plain_race() {
    insta::assert_snapshot!(graph_of("Race+plain.litmus", "state-1"));
}

// Store buffering with seq_cst: mo and hb between four events.
#[test]
fn sb_seq_cst() {
    insta::assert_snapshot!(graph_of("SB+sc.litmus", "state-1"));
}

// Barrier operations: their own column per wave, bpi and bexec edges.
#[test]
fn barrier_message_passing() {
    insta::assert_snapshot!(graph_of("barrier/Abstract+mp.litmus", "state-1"));
}

// A deadlocked execution has a graph too.
#[test]
fn barrier_deadlock() {
    insta::assert_snapshot!(graph_of(
        "barrier/Abstract+too-few.deadlock.litmus",
        "deadlock-1"
    ));
}

// An async LDS DMA race.
#[test]
fn async_race() {
    insta::assert_snapshot!(graph_of(
        "async/Async+race.read-destination.litmus",
        "state-1"
    ));
}

// Highlighting: the events and edges asked for are drawn bold, including an
// edge of a relation the witness does not list.
#[test]
fn highlight_marks_events_and_edges() {
    let (_, outcome) = corpus("MP+rel-acq.agent.litmus");
    let w = &outcome.witnesses[0];
    let dot = amdmm_report::witness_to_dot(
        w,
        &amdmm_report::DotOptions {
            title: None,
            highlight_events: vec![4],
            highlight_edges: vec![("fr".into(), 5, 2)],
            ..Default::default()
        },
    );
    assert!(
        dot.contains(
            "e4 [label=\"e4: R.acquire.agent y=0\", tooltip=\"line 15\", style=\"filled,bold\""
        ),
        "{dot}"
    );
    assert!(dot.contains("e5 -> e2 [color=\"darkviolet\""), "{dot}");
    assert!(dot.contains("penwidth=3"), "{dot}");
}

fn dot_installed() -> bool {
    Command::new("dot")
        .arg("-V")
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|s| s.success())
}

/// Every graph of a few tests laid out by Graphviz: the SVG parses as XML
/// and its text names every event (`eN:` of each label).
#[test]
fn svg_through_graphviz_names_every_event() {
    if !dot_installed() {
        assert!(
            std::env::var_os("CI").is_none(),
            "Graphviz `dot` is required under CI (apt-get install graphviz)"
        );
        eprintln!("skipped: Graphviz `dot` is not installed (apt-get install graphviz)");
        return;
    }
    for rel in [
        "MP+rel-acq.agent.litmus",
        "IRIW+rel-acq.litmus",
        "barrier/Abstract+mp.litmus",
        "async/Async+race.read-destination.litmus",
    ] {
        let (program, outcome) = corpus(rel);
        let graphs = outcome_graphs(&program.name, &outcome);
        assert!(!graphs.is_empty(), "{rel}: no graphs");
        for (stem, dot) in graphs {
            let mut child = Command::new("dot")
                .arg("-Tsvg")
                .stdin(Stdio::piped())
                .stdout(Stdio::piped())
                .spawn()
                .expect("dot runs");
            child
                .stdin
                .take()
                .unwrap()
                .write_all(dot.as_bytes())
                .unwrap();
            let out = child.wait_with_output().unwrap();
            assert!(out.status.success(), "{stem}: dot failed");
            let svg = String::from_utf8(out.stdout).unwrap();
            // Graphviz writes a DOCTYPE line; allow it.
            let parse = roxmltree::ParsingOptions {
                allow_dtd: true,
                ..Default::default()
            };
            let doc = roxmltree::Document::parse_with_options(&svg, parse).expect("SVG parses");
            let text: Vec<&str> = doc
                .descendants()
                .filter(|n| n.has_tag_name("text"))
                .filter_map(|n| n.text())
                .collect();
            let w_count = dot.matches(" [label=\"e").count();
            for i in 0..w_count {
                let label = format!("e{i}:");
                assert!(
                    text.iter().any(|t| t.starts_with(&label)),
                    "{stem}: SVG does not name event e{i}"
                );
            }
            assert!(w_count > 0, "{stem}: no events");
        }
    }
}

/// The fallback layout is the same graph without `newrank` (Graphviz 2.43
/// fails on a few graphs with it), and there is none without it.
#[test]
fn the_fallback_drops_newrank_only() {
    let dot = graph_of("MP+rel-acq.agent.litmus", "state-2");
    let alt = amdmm_report::dot_fallback(&dot).expect("a fallback");
    assert_eq!(alt, dot.replacen("  newrank=true;\n", "", 1));
    assert!(!alt.contains("newrank"));
    assert_eq!(amdmm_report::dot_fallback(&alt), None);
}
