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
            "MP+rel-acq.agent.index.txt",
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

/// The files `run --graph DIR --graph-format dot ARGS... FILE` writes: (file
/// name, contents), sorted by name.
fn graph_files(name: &str, args: &[&str], file: &str) -> Vec<(String, String)> {
    let dir = tmp(name);
    let mut all = vec!["run", "--no-time", "--graph", dir.to_str().unwrap()];
    all.extend_from_slice(&["--graph-format", "dot"]);
    all.extend_from_slice(args);
    all.push(file);
    let o = amdmm(&all);
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    let mut files: Vec<(String, String)> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| {
            let e = e.unwrap();
            let text = std::fs::read_to_string(e.path()).unwrap();
            (e.file_name().to_string_lossy().into_owned(), text)
        })
        .collect();
    files.sort();
    let _ = std::fs::remove_dir_all(&dir);
    files
}

/// `--graph-states satisfying` (issue 29): SB with monotonic accesses has
/// four final states (each read sees 0 or 1); only both-reads-0 satisfies
/// `exists (P0:%r0 == 0 /\ P1:%r1 == 0)`, allowed since nothing orders
/// the relaxed accesses (LangRef, `monotonic`). One graph is drawn, and
/// the index names its state and says it satisfies the condition.
#[test]
fn graph_states_satisfying_draws_the_witnesses_asked_for() {
    let all = graph_files("sb-all", &[], "../../litmus/SB+mono.litmus");
    assert_eq!(all.len(), 5, "{all:?}");
    let sat = graph_files(
        "sb-sat",
        &["--graph-states", "satisfying"],
        "../../litmus/SB+mono.litmus",
    );
    assert_eq!(sat.len(), 2, "{sat:?}");
    let (index_name, index) = &sat[0];
    assert_eq!(index_name, "SB+mono.index.txt");
    let lines: Vec<&str> = index.lines().collect();
    assert_eq!(lines.len(), 2, "{index}");
    assert!(lines[0].starts_with("# amdmm run --graph: the witness graphs of SB+mono"));
    assert!(
        lines[1].contains(": P0:%r0=0; P1:%r1=0; (satisfies the condition)"),
        "{index}"
    );
    assert!(lines[1].starts_with(&sat[1].0), "{index}");
    // The index of all states marks exactly that one.
    let all_index = &all
        .iter()
        .find(|(n, _)| n.ends_with(".index.txt"))
        .unwrap()
        .1;
    assert_eq!(
        all_index.matches("(satisfies the condition)").count(),
        1,
        "{all_index}"
    );
}

/// `--graph-no-init` leaves out the initial writes; `--graph-relations`
/// draws only the relations named (and program order); each relation
/// between two events is its own strand with its own label.
#[test]
fn graph_filters_and_one_strand_per_relation() {
    let file = "../../litmus/MP+rel-acq.agent.litmus";
    let full = &graph_files("mp-full", &[], file)[2].1;
    assert!(full.contains("initial writes"), "{full}");
    assert!(full.contains("label=\"mo\""), "{full}");
    // One label per edge statement: never two relation names in one label,
    // never parallel colours on one strand.
    for l in full
        .lines()
        .filter(|l| l.contains(" -> ") && l.contains("label="))
    {
        let label = l
            .split("label=\"")
            .nth(1)
            .unwrap()
            .split('"')
            .next()
            .unwrap();
        assert!(!label.contains(' '), "{l}");
        assert!(
            !l.contains("color=\"")
                || !l
                    .split("color=\"")
                    .nth(1)
                    .unwrap()
                    .split('"')
                    .next()
                    .unwrap()
                    .contains(':'),
            "{l}"
        );
    }
    let no_init = &graph_files("mp-noinit", &["--graph-no-init"], file)[2].1;
    assert!(!no_init.contains("initial writes"), "{no_init}");
    assert!(!no_init.contains(".init"), "{no_init}");
    let rf = &graph_files("mp-rf", &["--graph-relations", "rf"], file)[2].1;
    assert!(rf.contains("label=\"rf\""), "{rf}");
    assert!(rf.contains("label=\"po\""), "{rf}");
    assert!(
        !rf.contains("label=\"mo\"") && !rf.contains("label=\"hb\""),
        "{rf}"
    );
    let o = amdmm(&[
        "run",
        "--graph",
        "/tmp/x",
        "--graph-relations",
        "nope",
        file,
    ]);
    assert_eq!(code(&o), 2);
    assert!(stderr(&o).contains("rf"), "{}", stderr(&o));
    let o = amdmm(&[
        "run",
        "--target",
        "gfx942",
        "--graph",
        "/tmp/x",
        "--graph-no-init",
        file,
    ]);
    assert_eq!(code(&o), 2);
}

/// More than four initial writes form a column beside the threads, one
/// per row, instead of a row above them.
#[test]
fn many_initial_writes_form_a_column() {
    let dir = tmp("inits");
    std::fs::create_dir_all(&dir).unwrap();
    let test = dir.join("wide.litmus");
    std::fs::write(
        &test,
        "AMDGPU Wide+inits\n{\n  global a = 0;\n  global b = 0;\n  global c = 0;\n  global d = 0;\n  global e = 0;\n}\n\
         thread P0 @ wg 0 {\n  store i32 1, ptr @a\n  store i32 1, ptr @b\n  store i32 1, ptr @e\n}\n\
         thread P1 @ wg 1 {\n  %r0 = load i32, ptr @c\n  %r1 = load i32, ptr @d\n}\n\
         exists (P1:%r0 == 0)\n",
    )
    .unwrap();
    let files = graph_files("inits-out", &[], test.to_str().unwrap());
    let dot = &files[1].1;
    // Initial writes e0..e4, each with the next one below it.
    for k in 0..4 {
        assert!(
            dot.contains(&format!("  e{k} -> e{} [style=invis];", k + 1)),
            "{dot}"
        );
    }
    // The first row: e0 beside the threads' first events.
    assert!(dot.contains("{ rank=same; e0; "), "{dot}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// The x of each event's label in an SVG Graphviz laid out (`text-anchor
/// middle`: the node's centre), by event number.
fn event_columns(svg: &str) -> std::collections::BTreeMap<usize, f64> {
    let mut out = std::collections::BTreeMap::new();
    for part in svg.split("<title>e").skip(1) {
        let Some((num, rest)) = part.split_once("</title>") else {
            continue;
        };
        let Ok(n) = num.parse::<usize>() else {
            continue;
        };
        let x = rest
            .split_once("<text text-anchor=\"middle\" x=\"")
            .and_then(|(_, t)| t.split_once('"'))
            .and_then(|(x, _)| x.parse::<f64>().ok());
        if let Some(x) = x {
            out.entry(n).or_insert(x);
        }
    }
    out
}

/// Is Graphviz's `dot` installed? Under CI it must be.
fn have_dot() -> bool {
    let has = std::process::Command::new("dot")
        .arg("-V")
        .output()
        .is_ok_and(|o| o.status.success());
    if !has {
        assert!(
            std::env::var_os("CI").is_none(),
            "Graphviz `dot` is required under CI (apt-get install graphviz)"
        );
    }
    has
}

/// Lays `src` out as SVG (`run --graph DIR` with `args`), and returns each
/// SVG file with its event columns (see [`event_columns`]).
fn laid_out(name: &str, src: &str, args: &[&str]) -> Vec<(String, String)> {
    let dir = tmp(name);
    std::fs::create_dir_all(&dir).unwrap();
    let test = dir.join("test.litmus");
    std::fs::write(&test, src).unwrap();
    let out = dir.join("out");
    let mut all = vec!["run", "--no-time", "--graph", out.to_str().unwrap()];
    all.extend_from_slice(args);
    all.push(test.to_str().unwrap());
    let o = amdmm(&all);
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    let mut files: Vec<(String, String)> = std::fs::read_dir(&out)
        .unwrap()
        .map(|e| e.unwrap())
        .filter(|e| e.file_name().to_string_lossy().ends_with(".svg"))
        .map(|e| {
            let text = std::fs::read_to_string(e.path()).unwrap();
            (e.file_name().to_string_lossy().into_owned(), text)
        })
        .collect();
    files.sort();
    let _ = std::fs::remove_dir_all(&dir);
    files
}

/// Asserts that each group of events (a column: the initial writes, or a
/// thread, in listing order) is laid out at one x, and that the columns
/// run left to right in the order given. Returns the columns' x.
fn assert_columns(file: &str, svg: &str, columns: &[Vec<usize>]) -> Vec<f64> {
    let cols = event_columns(svg);
    let mut at = Vec::new();
    for (k, c) in columns.iter().enumerate() {
        let xs: Vec<f64> = c
            .iter()
            .map(|e| *cols.get(e).unwrap_or_else(|| panic!("{file}: no e{e}")))
            .collect();
        // Within 2 pt: Graphviz rounds each node's centre on its own.
        assert!(
            xs.iter().all(|x| (x - xs[0]).abs() < 2.0),
            "{file}: column {k} is not one column: {xs:?}"
        );
        at.push(xs[0]);
    }
    assert!(
        at.windows(2).all(|w| w[1] - w[0] > 100.0),
        "{file}: the columns are not left to right in listing order: {at:?}"
    );
    at
}

/// Three threads of six events over twelve locations (30 events with the
/// initial writes).
fn large_test() -> String {
    let locs = "abcdefghijkl";
    let mut src = String::from("AMDGPU Large\n{\n");
    for c in locs.chars() {
        src += &format!("  global {c} = 0;\n");
    }
    src += "}\n";
    for t in 0..3 {
        src += &format!("thread P{t} @ wg {t} {{\n");
        for i in 0..6 {
            let c = locs.as_bytes()[(t * 4 + i) % 12] as char;
            if i % 2 == 0 {
                src += &format!(
                    "  store atomic i32 {}, ptr @{c} syncscope(\"agent\") monotonic, align 4\n",
                    t + 1
                );
            } else {
                src += &format!(
                    "  %r{i} = load atomic i32, ptr @{c} syncscope(\"agent\") monotonic, align 4\n"
                );
            }
        }
        src += "}\n";
    }
    src + "exists (P0:%r1 == 0)\n"
}

/// A 30-event graph stays legible when laid out (issue 29, item 6): twelve
/// initial writes and three threads of six events. The initial writes form
/// one column at the left, then P0, P1 and P2 each form one column, left
/// to right in listing order (Graphviz drew them right to left before the
/// columns' order was pinned), and the drawing is about as wide as four
/// columns and the legend — not the 3,462 pt of twelve initial writes in
/// one row. Without the initial writes (`--graph-no-init`) the threads
/// keep their order.
#[test]
fn a_large_graph_lays_out_as_columns() {
    if !have_dot() {
        return;
    }
    let src = large_test();
    let args = ["--graph-states", "satisfying"];
    let files = laid_out("large", &src, &args);
    assert_eq!(files.len(), 1, "{files:?}");
    let (file, svg) = &files[0];
    assert_eq!(event_columns(svg).len(), 30);
    let columns: Vec<Vec<usize>> = vec![
        (0..12).collect(),
        (12..18).collect(),
        (18..24).collect(),
        (24..30).collect(),
    ];
    assert_columns(file, svg, &columns);
    let width: f64 = svg
        .split_once("<svg width=\"")
        .and_then(|(_, r)| r.split_once("pt\""))
        .and_then(|(w, _)| w.parse().ok())
        .unwrap();
    assert!(width < 1_600.0, "{width} pt wide");
    let files = laid_out(
        "large-noinit",
        &src,
        &[&args[..], &["--graph-no-init"]].concat(),
    );
    let (file, svg) = &files[0];
    assert_columns(file, svg, &columns[1..]);
}

/// CoRR with six threads (one writer, five readers loading x twice) keeps
/// its threads as columns in listing order in every satisfying witness,
/// with the initial write in a row above them and without it. The
/// condition picks the states where P1 reads 1 twice and P5 reads 0 first
/// (allowed: nothing orders P5's reads after P0's write; LangRef,
/// `monotonic`).
#[test]
fn six_thread_corr_lays_out_threads_left_to_right() {
    if !have_dot() {
        return;
    }
    let mut src = String::from("AMDGPU CoRR-6\n{\n  global x = 0;\n}\n");
    src += "thread P0 @ wg 0 {\n  store atomic i32 1, ptr @x syncscope(\"agent\") monotonic, align 4\n}\n";
    for t in 1..6 {
        src += &format!("thread P{t} @ wg {t} {{\n");
        for r in 0..2 {
            src += &format!(
                "  %r{r} = load atomic i32, ptr @x syncscope(\"agent\") monotonic, align 4\n"
            );
        }
        src += "}\n";
    }
    // The other registers are shown too, one state (and graph) each.
    src += "locations [P3:%r0; P3:%r1; P4:%r0; P4:%r1; P5:%r1;]\n";
    src += "exists (P1:%r0 == 1 /\\ P1:%r1 == 1 /\\ P2:%r0 == 1 /\\ P5:%r0 == 0)\n";
    // e0: the initial write; e1: P0; e2.., two per reader.
    let mut columns: Vec<Vec<usize>> = vec![vec![1]];
    columns.extend((0..5).map(|t| vec![2 + 2 * t, 3 + 2 * t]));
    for args in [
        &["--graph-states", "satisfying"][..],
        &["--graph-states", "satisfying", "--graph-no-init"][..],
    ] {
        let files = laid_out("corr6", &src, args);
        // P3, P4 and P5's second read are free: 3 x 3 x 2 states.
        assert_eq!(files.len(), 18, "{args:?}: {:?}", files.len());
        for (file, svg) in &files {
            assert_columns(file, svg, &columns);
        }
    }
}

/// A graph Graphviz 2.43 cannot lay out as written ("trouble in init_rank":
/// the grid barrier idiom's rows across boxes) is laid out without
/// `newrank` instead: every witness still gets its SVG, and no error. On a
/// Graphviz without that fault the first layout succeeds.
#[test]
fn a_graph_dot_rejects_is_laid_out_again() {
    if !have_dot() {
        return;
    }
    let dir = tmp("fallback");
    let o = amdmm(&[
        "run",
        "--no-time",
        "--graph",
        dir.to_str().unwrap(),
        "--graph-states",
        "satisfying",
        "../../litmus/idioms/GridSync+rmw-counter+threadfence.agent.litmus",
    ]);
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    assert!(!stderr(&o).contains("Graphviz"), "{}", stderr(&o));
    let svgs: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".svg"))
        .collect();
    assert!(!svgs.is_empty(), "no SVG written");
    for name in &svgs {
        let svg = std::fs::read_to_string(dir.join(name)).unwrap();
        assert!(svg.contains("<svg"), "{name}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}
