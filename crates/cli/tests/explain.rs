//! `amdmm explain`: text, JSON and highlighted graphs.

mod common;
use common::*;

#[test]
fn explain_text_names_the_rule() {
    let o = amdmm(&[
        "explain",
        "../../litmus/MP+rel-acq.agent.litmus",
        "--state",
        "P1:%r0=1; P1:%r1=0",
    ]);
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    let s = stdout(&o);
    assert!(
        s.contains("Verdict Forbidden: every candidate ending in it breaks a rule"),
        "{s}"
    );
    assert!(
        s.contains("[1] read rule (1 candidates): P1:%r0=1; P1:%r1=0;"),
        "{s}"
    );
    assert!(
        s.contains("memory-model.txt, \"Location Order\": \"If a write W1"),
        "{s}"
    );
}

#[test]
fn explain_json_and_graphs() {
    let dir = std::env::temp_dir().join(format!("amdmm-explain-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let o = amdmm(&[
        "explain",
        "--json",
        "--graph",
        dir.to_str().unwrap(),
        "--graph-format",
        "dot",
        "../../litmus/CoRR.litmus",
    ]);
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    let v: serde_json::Value = serde_json::from_str(&stdout(&o)).expect("JSON");
    assert_eq!(v["verdict"], "forbidden");
    assert_eq!(v["classes"][0]["rule"], "coherence");
    assert_eq!(v["classes"][0]["witness"]["events"][2]["kind"], "read");
    let dot = std::fs::read_to_string(dir.join("CoRR.explain-1.dot")).unwrap();
    assert!(dot.contains("penwidth=3"), "{dot}");
    assert!(dot.contains("fillcolor=gold"), "{dot}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn explain_bad_state_is_an_error() {
    let o = amdmm(&["explain", "../../litmus/CoRR.litmus", "--state", "P7:%r9=1"]);
    assert_eq!(code(&o), 2);
    assert!(
        stderr(&o).contains("`P7:%r9` is not a column of this test (columns: P1:%r0, P1:%r1)"),
        "{}",
        stderr(&o)
    );
    // Through the one renderer: the option's text is the source, the bad
    // part underlined at its column.
    let o = amdmm(&[
        "explain",
        "../../litmus/CoRR.litmus",
        "--state",
        "P1:%r0=1; P7:%r9=1",
    ]);
    assert_eq!(code(&o), 2);
    let e = stderr(&o);
    assert!(e.contains(" --> --state:1:11"), "{e}");
    assert!(e.contains("1 | P1:%r0=1; P7:%r9=1"), "{e}");
    assert!(e.contains("  |           ^^^^^^"), "{e}");
    assert!(e.contains("= help: write the state as"), "{e}");
    let o = amdmm(&["explain", "../../litmus/CoRR.litmus", "--state", "P1:%r0=x"]);
    assert!(stderr(&o).contains(" --> --state:1:8"), "{}", stderr(&o));
}

/// `--state` in herd's condition form explains the same state as in the
/// `States` lines' form (issue 29): the same output, but for the first
/// line, which echoes the state as typed.
#[test]
fn explain_takes_herds_state_syntax() {
    let ours = amdmm(&[
        "explain",
        "../../litmus/MP+rel-acq.agent.litmus",
        "--state",
        "P1:%r0=1; P1:%r1=0",
    ]);
    let herd = amdmm(&[
        "explain",
        "../../litmus/MP+rel-acq.agent.litmus",
        "--state",
        "P1:%r0=1 /\\ P1:%r1=0",
    ]);
    assert_eq!(code(&herd), 0, "{}", stderr(&herd));
    let (ours, herd) = (stdout(&ours), stdout(&herd));
    assert!(herd.starts_with("Explain MP+rel-acq.agent: state P1:%r0=1 /\\ P1:%r1=0\n"));
    assert_eq!(
        ours.split_once('\n').unwrap().1,
        herd.split_once('\n').unwrap().1
    );
}

/// A seq_cst violation names its cycle (issue 29), as herd and GenMC do:
/// in SB with seq_cst accesses, both reads seeing 0 needs each write
/// program-ordered (so happens-before) before its thread's read, and each
/// read from-read-before the other thread's write (it reads the initial
/// value, which is modification-ordered before that write): a cycle, so no
/// total order of the four seq_cst operations exists (LangRef, `seq_cst`).
#[test]
fn explain_names_the_seq_cst_cycle() {
    let o = amdmm(&["explain", "../../litmus/SB+sc.litmus"]);
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    let s = stdout(&o);
    assert!(
        s.contains("; the cycle: e2 -hb-> e3 -fr-> e4 -hb-> e5 -fr-> e2"),
        "{s}"
    );
}
