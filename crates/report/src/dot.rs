//! Execution graphs as Graphviz DOT (`run --graph`, `explain --graph`).
//!
//! Pure string building, no process spawning and no file access, so the
//! same code serves the command line and the WebAssembly playground: lay
//! the result out with Graphviz's `dot` (the command line does so for
//! `--graph-format svg`) or any DOT renderer.
//!
//! The picture follows the scope tree: one column per thread, threads boxed
//! by wave (when a wave holds more than one thread), workgroup (always),
//! cluster and agent (when the test has more than one of them), initial
//! writes in a box above. Program order runs down each column; every other
//! relation is an edge that does not move the events (`constraint=false`),
//! one colour per relation, and a legend lists the relations drawn.

use amdmm_explore::{EventOut, PlacementOut, Witness};
use std::collections::BTreeMap;
use std::fmt::Write;

/// What to draw beyond the witness itself.
#[derive(Clone, Debug, Default)]
pub struct DotOptions {
    /// A title above the graph (test name and final state, say).
    pub title: Option<String>,
    /// Events drawn highlighted (filled), by index into `Witness::events`.
    pub highlight_events: Vec<usize>,
    /// Edges drawn highlighted (thick): `(relation, from, to)`. An edge of a
    /// relation the witness does not have is drawn too, so an explanation
    /// can show the edges of a violating cycle.
    pub highlight_edges: Vec<(String, usize, usize)>,
    /// Leave out the initial writes and their edges (`--graph-no-init`).
    pub hide_init: bool,
    /// Draw only these relations (`--graph-relations`); program order is
    /// always drawn (it places the events). `None`: every relation.
    pub relations: Option<Vec<String>>,
}

/// The names of the relations a witness graph can draw, in legend order
/// (`--graph-relations` takes them).
pub fn relation_names() -> Vec<&'static str> {
    STYLES.iter().map(|(n, _)| *n).collect()
}

/// Initial writes beyond this many are stacked in a column beside the
/// threads instead of a row above them: a row of a dozen initial writes is
/// wider than the threads it initialises (issue 29: 3,462 pt for 12).
const INIT_ROW_MAX: usize = 4;

/// How a relation is drawn: colour, line style, legend text.
struct Style {
    color: &'static str,
    style: &'static str,
    meaning: &'static str,
}

/// The relations in legend order. Relations not listed (none today) fall
/// back to a grey edge labelled with their name.
const STYLES: &[(&str, Style)] = &[
    (
        "po",
        Style {
            color: "black",
            style: "solid",
            meaning: "program order",
        },
    ),
    (
        "rf",
        Style {
            color: "red",
            style: "solid",
            meaning: "reads-from",
        },
    ),
    (
        "mo",
        Style {
            color: "blue",
            style: "solid",
            meaning: "modification order",
        },
    ),
    (
        "sw",
        Style {
            color: "darkgreen",
            style: "bold",
            meaning: "synchronizes-with",
        },
    ),
    (
        "barrier-sw",
        Style {
            color: "forestgreen",
            style: "dashed",
            meaning: "synchronizes-with through a barrier",
        },
    ),
    (
        "hb",
        Style {
            color: "gray40",
            style: "dashed",
            meaning: "happens-before (not po; transitive edges hidden)",
        },
    ),
    (
        "av",
        Style {
            color: "darkorange",
            style: "dotted",
            meaning: "availability operation of a write",
        },
    ),
    (
        "vis",
        Style {
            color: "purple",
            style: "dotted",
            meaning: "visibility operation of a write",
        },
    ),
    (
        "lo",
        Style {
            color: "saddlebrown",
            style: "solid",
            meaning: "location order (not po)",
        },
    ),
    (
        "race",
        Style {
            color: "crimson",
            style: "dashed",
            meaning: "data race: a write the read may see, not location-ordered before it",
        },
    ),
    (
        "race-read-destination",
        Style {
            color: "deeppink",
            style: "dashed",
            meaning: "async race: transfer writes what the access reads",
        },
    ),
    (
        "race-write-destination",
        Style {
            color: "deeppink",
            style: "dashed",
            meaning: "async race: transfer and access write the destination",
        },
    ),
    (
        "race-write-source",
        Style {
            color: "deeppink",
            style: "dashed",
            meaning: "async race: access writes the transfer's source",
        },
    ),
    (
        "eco",
        Style {
            color: "navy",
            style: "solid",
            meaning: "extended coherence order (rf, mo, fr)",
        },
    ),
    (
        "fr",
        Style {
            color: "darkviolet",
            style: "solid",
            meaning: "from-reads",
        },
    ),
    (
        "bpi",
        Style {
            color: "teal",
            style: "dotted",
            meaning: "barrier-participates-in",
        },
    ),
    (
        "bexec",
        Style {
            color: "darkcyan",
            style: "bold",
            meaning: "barrier-executes-before",
        },
    ),
];

fn style_of(relation: &str) -> (&'static str, &'static str) {
    STYLES
        .iter()
        .find(|(n, _)| *n == relation)
        .map_or(("gray50", "solid"), |(_, s)| (s.color, s.style))
}

fn meaning_of(relation: &str) -> &str {
    STYLES
        .iter()
        .find(|(n, _)| *n == relation)
        .map_or(relation, |(_, s)| s.meaning)
}

/// A DOT string literal.
pub(crate) fn quote(s: &str) -> String {
    let mut q = String::with_capacity(s.len() + 2);
    q.push('"');
    for c in s.chars() {
        match c {
            '"' => q.push_str("\\\""),
            '\\' => q.push_str("\\\\"),
            '\n' => q.push_str("\\n"),
            c => q.push(c),
        }
    }
    q.push('"');
    q
}

/// Text for a DOT HTML-like label.
fn html(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// The threads in order of first appearance (initial writes excluded),
/// each with its placement and its events.
fn threads(w: &Witness) -> Vec<Column> {
    let mut out: Vec<Column> = Vec::new();
    for (i, e) in w.events.iter().enumerate() {
        if e.thread == "init" {
            continue;
        }
        match out.iter_mut().find(|(t, _, _)| *t == e.thread) {
            Some((_, _, evs)) => evs.push(i),
            None => out.push((e.thread.clone(), e.placement, vec![i])),
        }
    }
    out
}

/// A level of the scope tree: its name, the instance id of a placement at
/// it, and whether its box is drawn even around a single member.
type Level = (&'static str, fn(&PlacementOut) -> u32, bool);

/// A thread column: its name, placement and events.
type Column = (String, Option<PlacementOut>, Vec<usize>);

/// A box of the scope tree: its kind and instance id, then what it holds.
enum Tree {
    Box {
        title: String,
        children: Vec<Tree>,
    },
    /// One thread column (index into the thread list).
    Thread(usize),
}

/// Nests the threads in agent / cluster / workgroup / wave boxes. A level
/// is drawn only where it tells something: workgroups always, agents and
/// clusters when there is more than one, a wave when it has several threads.
fn scope_tree(ts: &[Column]) -> Vec<Tree> {
    let place = |k: usize| ts[k].1.unwrap_or_default();
    let distinct = |f: &dyn Fn(&PlacementOut) -> u32| {
        let mut v: Vec<u32> = (0..ts.len()).map(|k| f(&place(k))).collect();
        v.sort_unstable();
        v.dedup();
        v.len()
    };
    let many_agents = distinct(&|p| p.agent) > 1;
    let many_clusters = distinct(&|p| p.cluster) > 1;
    let levels: [Level; 4] = [
        ("agent", |p| p.agent, many_agents),
        ("cluster", |p| p.cluster, many_clusters),
        ("wg", |p| p.wg, true),
        ("wave", |p| p.wave, false),
    ];
    fn build(
        members: &[usize],
        level: usize,
        levels: &[Level; 4],
        place: &dyn Fn(usize) -> PlacementOut,
    ) -> Vec<Tree> {
        if level == levels.len() {
            return members.iter().map(|&k| Tree::Thread(k)).collect();
        }
        let (name, key, always) = levels[level];
        let mut groups: BTreeMap<u32, Vec<usize>> = BTreeMap::new();
        for &k in members {
            groups.entry(key(&place(k))).or_default().push(k);
        }
        let mut out = Vec::new();
        for (id, ms) in groups {
            let children = build(&ms, level + 1, levels, place);
            // A wave box around a single thread says nothing new.
            let drawn = always || (name == "wave" && ms.len() > 1);
            if drawn {
                out.push(Tree::Box {
                    title: format!("{name} {id}"),
                    children,
                });
            } else {
                out.extend(children);
            }
        }
        out
    }
    let all: Vec<usize> = (0..ts.len()).collect();
    build(&all, 0, &levels, &place)
}

/// The node statement of event `i`.
fn node(out: &mut String, indent: &str, id: &str, e: &EventOut, highlighted: bool, undef: bool) {
    let mut attrs = vec![format!("label={}", quote(&e.label))];
    if e.line > 0 {
        attrs.push(format!("tooltip={}", quote(&format!("line {}", e.line))));
    }
    if highlighted {
        attrs.push("style=\"filled,bold\"".into());
        attrs.push("fillcolor=gold".into());
    } else if undef {
        attrs.push("style=filled".into());
        attrs.push("fillcolor=mistyrose".into());
    }
    if undef {
        attrs.push("color=crimson".into());
    }
    let _ = writeln!(out, "{indent}{id} [{}];", attrs.join(", "));
}

/// The witness `w` as a DOT digraph. Deterministic: the same witness and
/// options give the same text.
pub fn witness_to_dot(w: &Witness, opts: &DotOptions) -> String {
    let mut out = String::new();
    out.push_str("digraph execution {\n");
    out.push_str("  rankdir=TB;\n  newrank=true;\n  compound=true;\n");
    out.push_str("  node [shape=box, style=rounded, fontname=\"Helvetica\", fontsize=11];\n");
    out.push_str("  edge [fontname=\"Helvetica\", fontsize=9];\n");
    if let Some(t) = &opts.title {
        let _ = writeln!(out, "  labelloc=t;\n  label={};", quote(t));
    }
    let undef: Vec<usize> = w
        .relations
        .iter()
        .filter(|(n, _)| n == "undef-read")
        .flat_map(|(_, es)| es.iter().map(|&(a, _)| a))
        .collect();
    let lit = |i: usize| opts.highlight_events.contains(&i);
    // Initial writes (none drawn with `hide_init`).
    let is_init = |i: usize| w.events.get(i).is_some_and(|e| e.thread == "init");
    let inits: Vec<usize> = (0..w.events.len())
        .filter(|&i| is_init(i) && !opts.hide_init)
        .collect();
    let init_column = inits.len() > INIT_ROW_MAX;
    let ts = threads(w);
    // Barrier operations, one column per wave, in the box of its first lane.
    let mut barrier_cols: BTreeMap<usize, Vec<(String, Vec<usize>)>> = BTreeMap::new();
    if let Some(b) = &w.barrier {
        let mut cols: Vec<(String, Vec<usize>)> = Vec::new();
        for (i, op) in b.ops.iter().enumerate() {
            match cols.iter_mut().find(|(a, _)| *a == op.thread) {
                Some((_, v)) => v.push(i),
                None => cols.push((op.thread.clone(), vec![i])),
            }
        }
        for (actor, ops) in cols {
            let first = actor.split('+').next().unwrap_or(&actor);
            let k = ts.iter().position(|(t, _, _)| t == first).unwrap_or(0);
            barrier_cols.entry(k).or_default().push((actor, ops));
        }
    }
    let tree = scope_tree(&ts);
    // Without a row of initial writes above them (none drawn, or a
    // column of them), nothing else fixes the columns' order.
    if inits.is_empty() || init_column {
        column_order(&mut out, &tree, &ts, &barrier_cols, inits.first().copied());
    }
    if !inits.is_empty() {
        out.push_str(
            "  subgraph cluster_init {\n    label=\"initial writes\";\n    style=dashed;\n",
        );
        for &i in &inits {
            node(
                &mut out,
                "    ",
                &format!("e{i}"),
                &w.events[i],
                lit(i),
                false,
            );
        }
        out.push_str("  }\n");
    }
    let mut boxes = 0usize;
    #[allow(clippy::too_many_arguments)]
    fn emit(
        out: &mut String,
        trees: &[Tree],
        depth: usize,
        boxes: &mut usize,
        w: &Witness,
        ts: &[Column],
        barrier_cols: &BTreeMap<usize, Vec<(String, Vec<usize>)>>,
        lit: &dyn Fn(usize) -> bool,
        undef: &[usize],
    ) {
        let indent = "  ".repeat(depth + 1);
        for t in trees {
            match t {
                Tree::Box { title, children } => {
                    *boxes += 1;
                    let _ = writeln!(out, "{indent}subgraph cluster_scope{} {{", *boxes);
                    let _ = writeln!(out, "{indent}  label={};", quote(title));
                    let _ = writeln!(out, "{indent}  style=rounded; color=gray60;");
                    emit(
                        out,
                        children,
                        depth + 1,
                        boxes,
                        w,
                        ts,
                        barrier_cols,
                        lit,
                        undef,
                    );
                    let _ = writeln!(out, "{indent}}}");
                }
                Tree::Thread(k) => {
                    let (name, _, evs) = &ts[*k];
                    let _ = writeln!(out, "{indent}subgraph cluster_thread_{k} {{");
                    let _ = writeln!(
                        out,
                        "{indent}  label={}; style=solid; color=black;",
                        quote(name)
                    );
                    for &i in evs {
                        let id = format!("e{i}");
                        node(
                            out,
                            &format!("{indent}  "),
                            &id,
                            &w.events[i],
                            lit(i),
                            undef.contains(&i),
                        );
                    }
                    let _ = writeln!(out, "{indent}}}");
                    if let (Some(cols), Some(b)) = (barrier_cols.get(k), &w.barrier) {
                        for (c, (actor, ops)) in cols.iter().enumerate() {
                            let _ = writeln!(out, "{indent}subgraph cluster_barrier_{k}_{c} {{");
                            let _ = writeln!(
                                out,
                                "{indent}  label={}; style=dotted; color=teal;",
                                quote(&format!("barrier ops of {actor}"))
                            );
                            for &o in ops {
                                let id = format!("b{o}");
                                node(out, &format!("{indent}  "), &id, &b.ops[o], false, false);
                            }
                            let _ = writeln!(out, "{indent}}}");
                        }
                    }
                }
            }
        }
    }
    emit(
        &mut out,
        &tree,
        0,
        &mut boxes,
        w,
        &ts,
        &barrier_cols,
        &lit,
        &undef,
    );
    // Keep the initial writes above the threads; many of them form a
    // column beside the threads instead, one per row.
    if init_column {
        for pair in inits.windows(2) {
            let _ = writeln!(out, "  e{} -> e{} [style=invis];", pair[0], pair[1]);
        }
    } else if let Some(&first_init) = inits.first() {
        // From the first initial write, the first node Graphviz is given:
        // its edges, in column order, start the walk that orders the
        // columns (see `column_order`).
        for first in column_firsts(&tree, &ts, &barrier_cols) {
            let _ = writeln!(out, "  e{first_init} -> {first} [style=invis];");
        }
    }
    // A thread's events in listing order even where program order does not
    // link them (an async transfer's events precede only what follows its
    // completion).
    for (_, _, evs) in &ts {
        for pair in evs.windows(2) {
            if !w.po.contains(&(pair[0], pair[1])) {
                let _ = writeln!(out, "  e{} -> e{} [style=invis];", pair[0], pair[1]);
            }
        }
    }
    // Rows: the K-th event of every thread on one level, as herd draws.
    let depth = ts.iter().map(|(_, _, evs)| evs.len()).max().unwrap_or(0);
    for k in 0..depth {
        let mut row: Vec<String> = ts
            .iter()
            .filter_map(|(_, _, evs)| evs.get(k).map(|i| format!("e{i}")))
            .collect();
        if init_column {
            if let Some(i) = inits.get(k) {
                row.insert(0, format!("e{i}"));
            }
        }
        if row.len() > 1 {
            let _ = writeln!(out, "  {{ rank=same; {}; }}", row.join("; "));
        }
    }
    // Every relation's edges, parallel edges merged into one (a colour
    // per relation, the names as its label).
    let mut edges: BTreeMap<(String, String), Vec<(String, bool)>> = BTreeMap::new();
    let mut order: Vec<(String, String)> = Vec::new();
    let mut used: Vec<String> = Vec::new();
    let shown = |rel: &str| {
        rel == "po"
            || opts
                .relations
                .as_ref()
                .is_none_or(|rs| rs.iter().any(|r| r == rel))
    };
    let mut add = |from: String, to: String, rel: &str, lit: bool| {
        if !shown(rel) && !lit {
            return;
        }
        let key = (from, to);
        let entry = edges.entry(key.clone()).or_default();
        if entry.is_empty() {
            order.push(key);
        }
        if !entry.iter().any(|(r, _)| r == rel) {
            entry.push((rel.to_string(), lit));
        } else if lit {
            for e in entry.iter_mut().filter(|(r, _)| r == rel) {
                e.1 = true;
            }
        }
        if !used.iter().any(|u| u == rel) {
            used.push(rel.to_string());
        }
    };
    let is_lit = |rel: &str, a: usize, b: usize| {
        opts.highlight_edges
            .iter()
            .any(|(r, x, y)| r == rel && *x == a && *y == b)
    };
    let hidden = |i: usize| opts.hide_init && is_init(i);
    for &(a, b) in &w.po {
        add(format!("e{a}"), format!("e{b}"), "po", is_lit("po", a, b));
    }
    let sw: Vec<(usize, usize)> = w
        .relations
        .iter()
        .filter(|(n, _)| n == "sw" || n == "barrier-sw")
        .flat_map(|(_, es)| es.iter().copied())
        .collect();
    for (rel, es) in &w.relations {
        if rel == "undef-read" {
            continue;
        }
        for &(a, b) in es {
            if hidden(a) || hidden(b) {
                continue;
            }
            // A synchronizes-with edge is a happens-before edge already.
            if rel == "hb" && sw.contains(&(a, b)) && !is_lit(rel, a, b) {
                continue;
            }
            add(format!("e{a}"), format!("e{b}"), rel, is_lit(rel, a, b));
        }
    }
    // Highlighted edges of relations the witness does not list (an
    // explanation's cycle through eco, say).
    for (rel, a, b) in &opts.highlight_edges {
        add(format!("e{a}"), format!("e{b}"), rel, true);
    }
    if let Some(b) = &w.barrier {
        // Barrier operations of one wave in order.
        let mut last: BTreeMap<&str, usize> = BTreeMap::new();
        for (i, op) in b.ops.iter().enumerate() {
            if let Some(p) = last.insert(op.thread.as_str(), i) {
                let _ = writeln!(out, "  b{p} -> b{i} [style=invis];");
            }
        }
        for (rel, es) in &b.relations {
            for &(a, c) in es {
                add(format!("b{a}"), format!("b{c}"), rel, false);
            }
        }
    }
    // One strand per relation, each with its own colour and label (a
    // strand carrying several relations under one label could not be
    // told apart).
    for key in &order {
        for (rel, lit) in &edges[key] {
            let (color, style) = style_of(rel);
            let mut attrs = vec![
                format!("color={}", quote(color)),
                format!("fontcolor={color}"),
                format!("style={style}"),
                format!("label={}", quote(rel)),
            ];
            // Only program order (and the invisible edges) place the events.
            if rel != "po" {
                attrs.push("constraint=false".into());
            }
            if *lit {
                attrs.push("penwidth=3".into());
            }
            let _ = writeln!(out, "  {} -> {} [{}];", key.0, key.1, attrs.join(", "));
        }
    }
    if !undef.is_empty() {
        used.push("undef-read".into());
    }
    legend(&mut out, &used);
    out.push_str("}\n");
    out
}

/// Keeps the columns left to right in listing order: the initial writes'
/// column (when they form one), then each thread in the order of the scope
/// tree (listing order within a box), each followed by its barrier columns.
///
/// Graphviz's `dot` orders the boxes of a rank by a breadth-first walk
/// from the first node it was given, then moves them to remove edge
/// crossings. A row of initial writes above the threads starts that walk
/// from its first write, with invisible edges to each column in order;
/// without one (no initial writes drawn, or a column of them) the walk
/// followed the relations and drew a 30-event graph right to left (issue
/// 29). So an invisible node, emitted before every other node, with an
/// invisible edge to each column's first event in order, starts the walk.
/// On the corpus's 802 satisfying witnesses, without initial writes, 801
/// keep their columns in order (362 did before). Stronger means fail:
/// invisible edges between the columns inside a `rank=same` row make
/// Graphviz 2.43 crash (signal 11) once the columns sit in boxes, and
/// `ordering=out` on that node reorders graphs that were right before.
fn column_order(
    out: &mut String,
    tree: &[Tree],
    ts: &[Column],
    barrier_cols: &BTreeMap<usize, Vec<(String, Vec<usize>)>>,
    first_init: Option<usize>,
) {
    let mut firsts: Vec<String> = first_init.map(|i| format!("e{i}")).into_iter().collect();
    firsts.extend(column_firsts(tree, ts, barrier_cols));
    if firsts.len() < 2 {
        return;
    }
    out.push_str("  columns [shape=point, style=invis, width=0, height=0, label=\"\"];\n");
    for f in firsts {
        let _ = writeln!(out, "  columns -> {f} [style=invis];");
    }
}

/// The first node of each column, left to right: each thread in the order
/// of the scope tree (listing order within a box), each followed by its
/// barrier columns.
fn column_firsts(
    tree: &[Tree],
    ts: &[Column],
    barrier_cols: &BTreeMap<usize, Vec<(String, Vec<usize>)>>,
) -> Vec<String> {
    fn threads_in_order(trees: &[Tree], into: &mut Vec<usize>) {
        for t in trees {
            match t {
                Tree::Box { children, .. } => threads_in_order(children, into),
                Tree::Thread(k) => into.push(*k),
            }
        }
    }
    let mut ks = Vec::new();
    threads_in_order(tree, &mut ks);
    let mut firsts = Vec::new();
    for k in ks {
        if let Some(&i) = ts[k].2.first() {
            firsts.push(format!("e{i}"));
        }
        for (_, ops) in barrier_cols.get(&k).into_iter().flatten() {
            if let Some(&o) = ops.first() {
                firsts.push(format!("b{o}"));
            }
        }
    }
    firsts
}

/// The graph laid out without `newrank`, for a Graphviz that fails on the
/// graph as [`witness_to_dot`] writes it; `None` when it has no `newrank`.
///
/// Graphviz 2.43 (Debian 12's) stops with "trouble in init_rank" on a few
/// graphs whose rows (`rank=same` across the thread boxes) meet other
/// constraints: idioms/GridSync+rmw-counter+threadfence.agent and
/// vulkan-alloy's VK.test10, say. Without `newrank` it lays them out, its
/// rows no longer guaranteed across boxes: a picture rather than none.
pub fn dot_fallback(dot: &str) -> Option<String> {
    const NEWRANK: &str = "  newrank=true;\n";
    dot.contains(NEWRANK).then(|| dot.replacen(NEWRANK, "", 1))
}

/// A box listing each relation drawn in its colour.
fn legend(out: &mut String, used: &[String]) {
    if used.is_empty() {
        return;
    }
    out.push_str(
        "  subgraph cluster_legend {\n    label=\"legend\";\n    style=dashed; color=gray60;\n",
    );
    let mut rows = String::new();
    for rel in used {
        if rel == "undef-read" {
            rows.push_str("<tr><td bgcolor=\"mistyrose\"><font color=\"crimson\">undef</font></td><td align=\"left\">a read that returns undef</td></tr>");
            continue;
        }
        let (color, _) = style_of(rel);
        let _ = write!(
            rows,
            "<tr><td><font color=\"{color}\"><b>{}</b></font></td><td align=\"left\">{}</td></tr>",
            html(rel),
            html(meaning_of(rel))
        );
    }
    let _ = writeln!(
        out,
        "    legend [shape=plaintext, style=\"\", label=<<table border=\"0\" cellspacing=\"2\">{rows}</table>>];"
    );
    out.push_str("  }\n");
}

/// Every witness of `outcome` as DOT, with a file stem for each:
/// `NAME.state-K` for the witness of the K-th state (counted from 1 in the
/// order of the `States` lines) and `NAME.deadlock-K` for the K-th
/// deadlocked execution. `NAME` keeps letters, digits, `.`, `-`, `_` and
/// `+` of the test name; other characters become `_`.
pub fn outcome_graphs(test: &str, outcome: &amdmm_explore::Outcome) -> Vec<(String, String)> {
    outcome_graphs_with(test, outcome, &GraphChoice::default())
        .into_iter()
        .map(|g| (g.stem, g.dot))
        .collect()
}

/// Which witnesses `run --graph` draws, and how.
#[derive(Clone, Debug, Default)]
pub struct GraphChoice {
    /// Only the states that satisfy the condition's proposition
    /// (`--graph-states satisfying`); deadlocked executions are drawn
    /// either way (they have no state).
    pub satisfying_only: bool,
    /// `--graph-no-init`.
    pub hide_init: bool,
    /// `--graph-relations`: `None`, every relation.
    pub relations: Option<Vec<String>>,
}

/// One graph of [`outcome_graphs_with`].
#[derive(Clone, Debug)]
pub struct Graph {
    /// The file name without extension: `NAME.state-K`, `NAME.deadlock-K`.
    pub stem: String,
    pub dot: String,
    /// What it shows, for the index file: `state 2: P1:%r0=1; P1:%r1=42;
    /// (satisfies the condition)`.
    pub about: String,
}

/// [`outcome_graphs`], with the choices of `run --graph-states`,
/// `--graph-no-init` and `--graph-relations`, and a line per graph for an
/// index of the files.
pub fn outcome_graphs_with(
    test: &str,
    outcome: &amdmm_explore::Outcome,
    choice: &GraphChoice,
) -> Vec<Graph> {
    let stem = file_stem(test);
    let mut out = Vec::new();
    let base = DotOptions {
        hide_init: choice.hide_init,
        relations: choice.relations.clone(),
        ..DotOptions::default()
    };
    for w in &outcome.witnesses {
        let st = outcome.states.get(w.state);
        let satisfies = st.is_some_and(|s| s.satisfies);
        if choice.satisfying_only && !satisfies {
            continue;
        }
        let state = st
            .map(|s| crate::witness::state_text(&outcome.columns, s))
            .unwrap_or_default();
        let opts = DotOptions {
            title: Some(format!("{test}: state {}: {state}", w.state + 1)),
            ..base.clone()
        };
        out.push(Graph {
            stem: format!("{stem}.state-{}", w.state + 1),
            dot: witness_to_dot(w, &opts),
            about: format!(
                "state {}: {state}{}",
                w.state + 1,
                if satisfies {
                    " (satisfies the condition)"
                } else {
                    ""
                }
            ),
        });
    }
    for (k, w) in outcome.deadlocks.iter().enumerate() {
        let opts = DotOptions {
            title: Some(format!("{test}: deadlocked execution {}", k + 1)),
            ..base.clone()
        };
        out.push(Graph {
            stem: format!("{stem}.deadlock-{}", k + 1),
            dot: witness_to_dot(w, &opts),
            about: format!("deadlocked execution {} (no final state)", k + 1),
        });
    }
    out
}

/// A test name as a file name: letters, digits, `.`, `-`, `_` and `+` kept,
/// anything else `_`.
pub fn file_stem(test: &str) -> String {
    test.chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || "._-+".contains(c) {
                c
            } else {
                '_'
            }
        })
        .collect()
}
