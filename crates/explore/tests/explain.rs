//! `explain`: forbidden states name the first rule they break, allowed
//! states the chain that defines their reads, flags their cause. Each test
//! names the rule of the spec it exercises.

use amdmm_explore::explain::{explain, parse_state, ExplainTarget, Explanation, Verdict};
use amdmm_explore::Options;
use std::path::Path;

fn run(rel: &str, state: Option<&str>) -> Explanation {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../litmus")
        .join(rel);
    let src = std::fs::read_to_string(&path).expect("corpus file");
    let program = amdmm_program::load(&src).expect("parses");
    let columns: Vec<String> = program
        .shown_observables()
        .iter()
        .map(|o| program.observable_name(o))
        .collect();
    let target = match state {
        Some(s) => parse_state(&columns, s).expect("state parses"),
        None => ExplainTarget::Condition,
    };
    let x = explain(&program, &Options::default(), &target, 100_000);
    assert!(x.limit.is_none(), "{rel}: {:?}", x.limit);
    x
}

fn forbidden(x: &Explanation) -> bool {
    x.classes.iter().all(|c| c.verdict == Verdict::Forbidden)
}

/// The rules of the forbidden classes, in order.
fn rules(x: &Explanation) -> Vec<&str> {
    x.classes.iter().map(|c| c.rule.as_str()).collect()
}

fn class<'x>(x: &'x Explanation, rule: &str) -> &'x amdmm_explore::explain::ExplainClass {
    x.classes
        .iter()
        .find(|c| c.rule == rule)
        .unwrap_or_else(|| panic!("no {rule} class in {:?}", rules(x)))
}

// Read rule (memory-model.txt, "Location Order"): the stale read of x after
// the flag is forbidden because the initial write is location-ordered before
// the message write, which is location-ordered before the read.
#[test]
fn mp_stale_read_breaks_the_read_rule() {
    let x = run("MP+rel-acq.agent.litmus", Some("P1:%r0=1; P1:%r1=0"));
    assert!(forbidden(&x));
    assert_eq!(rules(&x), ["read rule"]);
    let c = class(&x, "read rule");
    assert_eq!(
        c.detail,
        "e0 is location-ordered before e2, which is location-ordered before e5, so e5 may not see e0"
    );
    assert!(c.quote.contains("W1 is location-ordered before a write W2"));
    assert_eq!(c.highlight_edges[0], ("lo".to_string(), 0, 2));
}

// The message itself is allowed: the read of x is defined by the one write
// location-ordered before it.
#[test]
fn mp_message_is_allowed_with_its_chain() {
    let x = run("MP+rel-acq.agent.litmus", Some("P1:%r0=1; P1:%r1=42"));
    assert_eq!(x.classes[0].verdict, Verdict::Allowed);
    assert!(
        x.classes[0].detail.contains(
            "e5 returns the value of e2, the one write it may see, location-ordered before it"
        ),
        "{}",
        x.classes[0].detail
    );
}

// seq_cst (LangRef, `seq_cst`): store buffering with seq_cst is forbidden by
// the total order; with monotonic it is allowed.
#[test]
fn sb_seq_cst_total_order_and_sb_monotonic_allowed() {
    let x = run("SB+sc.litmus", None);
    assert!(forbidden(&x) && x.matching > 0);
    assert_eq!(rules(&x), ["seq_cst total order"]);
    let x = run("SB+mono.litmus", None);
    assert_eq!(x.classes[0].verdict, Verdict::Allowed);
}

// IRIW: seq_cst forbids the readers disagreeing; release/acquire allows it.
#[test]
fn iriw() {
    assert_eq!(rules(&run("IRIW+sc.litmus", None)), ["seq_cst total order"]);
    assert_eq!(
        run("IRIW+rel-acq.litmus", None).classes[0].verdict,
        Verdict::Allowed
    );
}

// Coherence (LangRef `monotonic`, read-read coherence): CoRR.
#[test]
fn corr_breaks_read_read_coherence() {
    let x = run("CoRR.litmus", None);
    assert!(forbidden(&x));
    let c = class(&x, "coherence");
    assert!(
        c.detail
            .starts_with("read-read: e2 (reading e1) happens-before e3 (reading e0)"),
        "{}",
        c.detail
    );
    assert!(c.detail.contains("hb;eco cycle"));
}

// Read rule, second sentence: a read may not see a write it happens before.
#[test]
fn corw_read_may_not_see_a_later_write() {
    let x = run("CoRW.litmus", None);
    assert!(forbidden(&x));
    assert_eq!(
        class(&x, "read rule").detail,
        "e1 happens-before e2, so e1 may not see it"
    );
}

// Availability chains (memory-model.txt, store-available / load-visible):
// a workgroup-scope store-available write is not location-ordered before a
// read in another workgroup through a workgroup-scope release, so the read
// races; with an agent-scope release the chain orders it.
#[test]
fn availability_chain_too_narrow_races_and_wide_enough_defines() {
    let x = run(
        "ISA2+avs.wg+fence-rel.wg+avl.agent.litmus",
        Some("P1:%r0=1; P2:%r1=1; P2:%r2=42"),
    );
    assert!(forbidden(&x));
    let c = class(&x, "value rule");
    assert!(
        c.detail
            .contains("which is not location-ordered before it (a data race)"),
        "{}",
        c.detail
    );
    let x = run(
        "ISA2+avs.wg+fence-rel.agent+avl.agent.litmus",
        Some("P1:%r0=1; P2:%r1=1; P2:%r2=42"),
    );
    assert_eq!(x.classes[0].verdict, Verdict::Allowed);
    assert!(x.classes[0]
        .detail
        .contains("the one write it may see, location-ordered before it"));
}

// RMW atomicity (LangRef `monotonic`): two increments cannot both read 0.
#[test]
fn rmw_atomicity() {
    let x = run("RMW+atomicity.agent.litmus", Some("P0:%r0=0; P1:%r1=0"));
    assert!(forbidden(&x));
    let c = class(&x, "RMW atomicity");
    assert!(
        c.detail.contains("is modification-ordered between them"),
        "{}",
        c.detail
    );
}

// Barrier UB (execution-synchronization.txt: a drop needs a join before it).
#[test]
fn barrier_ub_clause_is_named() {
    let x = run("barrier/Abstract+drop-without-join.ub.litmus", None);
    assert!(
        x.flags
            .iter()
            .any(|f| f.flag == "ub" && f.text.starts_with("drop-without-join:")),
        "{:?}",
        x.flags
    );
}

// Barrier deadlock: which waves wait on which barrier forever; a deadlocked
// execution has no final state.
#[test]
fn barrier_deadlock_names_the_waves() {
    let x = run("barrier/Abstract+too-few.deadlock.litmus", None);
    assert_eq!(x.matching, 0);
    let f = x
        .flags
        .iter()
        .find(|f| f.flag == "deadlock")
        .expect("deadlock flag");
    assert!(
        f.text
            .contains("the wait on @B (wg 0) never completes for P0"),
        "{}",
        f.text
    );
}

// Async races (async-operations.txt, "Memory Consistency Model"): a read of
// the destination while the transfer is in flight.
#[test]
fn async_race_names_the_transfer() {
    let x = run("async/Async+race.read-destination.litmus", None);
    assert!(
        x.flags
            .iter()
            .any(|f| f.flag == "race" && f.text.starts_with("race-read-destination: e3")),
        "{:?}",
        x.flags
    );
}

#[test]
fn bad_states_point_at_the_bad_part() {
    use amdmm_explore::explain::parse_state_at;
    let cols = vec!["P1:%r0".to_string(), "P1:%r1".to_string()];
    let at = |t: &str| parse_state_at(&cols, t).unwrap_err().span;
    assert_eq!(at("P1:%r0=1;  P9:%r0=1"), 11..17);
    assert_eq!(at("P1:%r0= x"), 8..9);
    assert_eq!(at("P1:%r0=1; P1:%r1"), 10..16);
    assert_eq!(at(" ; "), 0..3);
    assert!(parse_state_at(&cols, " P1:%r1 = 2 ;").is_ok());
}

/// herd's condition form names the same state as the `States` lines' form
/// (issue 29), and its errors still point into the text as typed.
#[test]
fn herd_condition_syntax_names_the_same_state() {
    use amdmm_explore::explain::parse_state_at;
    let cols = vec!["P1:%r0".to_string(), "P1:%r1".to_string()];
    let ours = parse_state(&cols, "P1:%r0=1; P1:%r1=0").unwrap();
    for herd in [
        "P1:%r0=1 /\\ P1:%r1=0",
        "P1:%r0 == 1 /\\ P1:%r1 == 0",
        "(P1:%r0 == 1 /\\ P1:%r1 == 0)",
        " ( P1:%r0=1 ) ",
    ] {
        let got = parse_state(&cols, herd).unwrap();
        if herd.contains("r1") {
            assert_eq!(got, ours, "{herd}");
        }
    }
    // The bad value `x` is at bytes 25..26 of the text as typed.
    assert_eq!(
        parse_state_at(&cols, "P1:%r0 == 1 /\\ P1:%r1 == x")
            .unwrap_err()
            .span,
        25..26
    );
    assert_eq!(
        parse_state_at(&cols, "P1:%r0 == 1 /\\ P9:%r1 == 1")
            .unwrap_err()
            .span,
        15..21
    );
}

#[test]
fn bad_states_are_errors_with_the_columns() {
    let cols = vec!["P1:%r0".to_string()];
    assert!(parse_state(&cols, "P9:%r0=1")
        .unwrap_err()
        .contains("columns: P1:%r0"));
    assert!(parse_state(&cols, "P1:%r0=x")
        .unwrap_err()
        .contains("not an integer"));
    assert!(parse_state(&cols, "P1:%r0")
        .unwrap_err()
        .contains("COLUMN=VALUE"));
    assert_eq!(
        parse_state(&cols, "P1:%r0=undef").unwrap(),
        ExplainTarget::State(vec![(
            0,
            amdmm_explore::ValueOut::from(amdmm_program::Value::Undef)
        )])
    );
}

/// `explain` agrees with the exploration on the corpus: the condition's
/// states are allowed by `explain` exactly when some execution of `run`
/// ends in them (tests too large for the unpruned enumeration are skipped).
#[test]
fn explain_agrees_with_explore_on_the_corpus() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../litmus");
    let mut files: Vec<_> = ["", "barrier", "async"]
        .iter()
        .flat_map(|d| std::fs::read_dir(root.join(d)).unwrap())
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "litmus"))
        .collect();
    files.sort();
    let mut checked = 0;
    for path in files {
        let src = std::fs::read_to_string(&path).unwrap();
        let Ok(program) = amdmm_program::load(&src) else {
            continue;
        };
        let opts = Options::default();
        let outcome = amdmm_explore::explore(&program, &opts);
        if outcome.observation.is_none() {
            continue;
        }
        let x = explain(&program, &opts, &ExplainTarget::Condition, 20_000);
        if x.limit.is_some() {
            continue;
        }
        let allowed = x.classes.iter().any(|c| c.verdict == Verdict::Allowed);
        let seen = match program.condition.quantifier {
            amdmm_program::Quantifier::Forall => outcome.negative > 0,
            _ => outcome.positive > 0,
        };
        assert_eq!(allowed, seen, "{}", path.display());
        checked += 1;
    }
    assert!(checked >= 120, "only {checked} corpus tests checked");
}

/// MP+rel-acq.agent with `pad` plain stores to distinct locations before
/// P0's data store: more than 64 events once `pad` ≥ 30, each location
/// written once (one modification order per location).
fn padded_mp(pad: usize) -> String {
    let mut s = String::from("AMDGPU MP+padded\n\n{\n  global x = 0;\n  global y = 0;\n");
    for i in 0..pad {
        s += &format!("  global p{i} = 0;\n");
    }
    s += "}\n\nthread P0 @ wg 0 {\n";
    for i in 0..pad {
        s += &format!("  store i32 1, ptr @p{i}, align 4\n");
    }
    s += "  store i32 42, ptr @x, align 4\n";
    s += "  store atomic i32 1, ptr @y syncscope(\"agent\") release, align 4\n}\n\n";
    s += "thread P1 @ wg 1 {\n";
    s += "  %r0 = load atomic i32, ptr @y syncscope(\"agent\") acquire, align 4\n";
    s += "  %r1 = load i32, ptr @x, align 4\n}\n\n";
    s += "exists (P1:%r0 == 1 /\\ P1:%r1 == 0)\n";
    s
}

// Issue 12, "The 64-event ceiling": `explain` widens its relations as `run`
// does. The read rule (memory-model.txt, "Location Order": "If a write W1 is
// location-ordered before a write W2, and W2 is location-ordered before a
// read R, then R may not see W1") forbids the stale read of MP whether the
// execution has 64 events or more (128- and 256-event relations), and the
// classes are the same up to the event numbers.
#[test]
fn explain_is_not_limited_to_64_events() {
    let classes = |pad: usize| {
        let program = amdmm_program::load(&padded_mp(pad)).expect("loads");
        let x = explain(
            &program,
            &Options::default(),
            &ExplainTarget::Condition,
            100_000,
        );
        assert_eq!(x.limit, None, "pad {pad}");
        let outcome = amdmm_explore::explore(&program, &Options::default());
        assert_eq!(outcome.limit, None, "pad {pad}");
        assert_eq!(outcome.positive, 0, "pad {pad}");
        (x, pad)
    };
    for (x, pad) in [classes(0), classes(30), classes(100)] {
        let events = 2 * pad + 6;
        assert!(forbidden(&x), "{events} events: {:?}", rules(&x));
        assert_eq!(rules(&x), ["read rule"], "{events} events");
        let c = class(&x, "read rule");
        assert!(
            c.quote.contains("W1 is location-ordered before a write W2"),
            "{events} events: {}",
            c.quote
        );
        let (data, read) = (2 * pad + 2, 2 * pad + 5);
        assert_eq!(
            c.detail,
            format!(
                "e0 is location-ordered before e{data}, which is location-ordered before \
                 e{read}, so e{read} may not see e0"
            ),
            "{events} events"
        );
    }
}

// The modification orders are enumerated unpruned (every order, coherent or
// not, is a candidate to explain), so a thread of 98 stores to one location
// has 98! of them: `max_candidates` bounds them too, and the answer says it
// is incomplete instead of running for ever.
#[test]
fn explain_bounds_the_modification_orders() {
    let path =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../../litmus/wide/LB+ctrls.long-thread.litmus");
    let program = amdmm_program::load(&std::fs::read_to_string(path).unwrap()).unwrap();
    let started = std::time::Instant::now();
    let x = explain(
        &program,
        &Options::default(),
        &ExplainTarget::Condition,
        1_000,
    );
    assert_eq!(
        x.limit.as_deref(),
        Some("limit reached: more than 1000 modification orders (--max-candidates 1000)")
    );
    assert!(started.elapsed().as_secs() < 10, "{:?}", started.elapsed());
}

fn run_src(src: &str, state: Option<&str>) -> Explanation {
    let program = amdmm_program::load(src).expect("parses");
    let columns: Vec<String> = program
        .shown_observables()
        .iter()
        .map(|o| program.observable_name(o))
        .collect();
    let target = match state {
        Some(s) => parse_state(&columns, s).expect("state parses"),
        None => ExplainTarget::Condition,
    };
    explain(&program, &Options::default(), &target, 100_000)
}

/// The text after "the cycle: " or "cycle " in a class's detail.
fn cycle_of(c: &amdmm_explore::explain::ExplainClass) -> &str {
    let d = c.detail.as_str();
    let at = d
        .find("the cycle: ")
        .map(|i| i + "the cycle: ".len())
        .or_else(|| d.find("cycle e").map(|i| i + "cycle ".len()))
        .unwrap_or_else(|| panic!("no cycle in {d}"));
    &d[at..]
}

/// Every highlighted edge of a cycle is one of its printed steps, and the
/// steps close (the last ends where the first starts).
fn assert_edges_close(c: &amdmm_explore::explain::ExplainClass) {
    let edges = &c.highlight_edges;
    assert!(!edges.is_empty(), "{}", c.detail);
    for w in edges.windows(2) {
        assert_eq!(w[0].2, w[1].1, "{edges:?}");
    }
    assert_eq!(edges.last().unwrap().2, edges[0].1, "{edges:?}");
    let text: String = edges
        .iter()
        .map(|(rel, _, b)| format!(" -{rel}-> e{b}"))
        .collect();
    assert_eq!(
        cycle_of(c),
        format!("e{}{text}", edges[0].1),
        "{}",
        c.detail
    );
}

// Coherence as a cycle (LangRef `monotonic`: "All modification orders must
// be compatible with the happens-before order"; RC11: hb;eco irreflexive),
// each clause's violation printed as herd prints it. CoRR: e2 reads P0's
// write e1, e3 (after it in program order) reads the initial e0, so e3
// reads from-before e1: e1 -rf-> e2 -hb-> e3 -fr-> e1.
#[test]
fn coherence_violations_name_their_hb_eco_cycle() {
    let corr = run("CoRR.litmus", None);
    let c = class(&corr, "coherence");
    assert_eq!(cycle_of(c), "e1 -rf-> e2 -hb-> e3 -fr-> e1");
    assert_edges_close(c);
    // CoRW (read-write): e1 reads P1's e3 and happens before its own write
    // e2, which mo puts before e3.
    let corw = run("CoRW.litmus", None);
    let c = class(&corw, "coherence");
    assert_eq!(cycle_of(c), "e3 -rf-> e1 -hb-> e2 -mo-> e3");
    assert_edges_close(c);
    // CoWR (write-read): e1 happens before the read e2, which reads P1's e3
    // mo-ordered before e1, so e2 reads from-before e1.
    let cowr = run("CoWR.litmus", None);
    let c = class(&cowr, "coherence");
    assert_eq!(cycle_of(c), "e1 -hb-> e2 -fr-> e1");
    assert_edges_close(c);
    // CoWW (write-write): a final x = 1 puts P0's second write before its
    // first in mo.
    let coww = run("CoWW.litmus", Some("x=1; P1:%r0=0; P1:%r1=0"));
    let c = class(&coww, "coherence");
    assert_eq!(cycle_of(c), "e1 -hb-> e2 -mo-> e1");
    assert_edges_close(c);
}

// seq_cst fences (LangRef `seq_cst`: the fences' order "must be compatible
// with the individual total orders of monotonic (or stronger) memory
// accesses"; RC11 psc_F = [Fsc];hb;eco;hb;[Fsc]): in SB with seq_cst fences
// each fence reaches, through its thread's read reading from-before the
// other thread's write, the other fence. The cycle prints the accesses.
#[test]
fn seq_cst_fence_cycle_goes_through_the_accesses() {
    let x = run("SB+fence.sc.litmus", None);
    let c = class(&x, "seq_cst total order");
    assert_eq!(
        cycle_of(c),
        "e3 -hb-> e4 -fr-> e5 -hb-> e6 -hb-> e7 -fr-> e2 -hb-> e3"
    );
    assert_edges_close(c);
    let x = run("2+2W+sc.litmus", None);
    let c = class(&x, "seq_cst total order");
    assert_eq!(cycle_of(c), "e2 -hb-> e3 -mo-> e4 -hb-> e5 -mo-> e2");
    assert_edges_close(c);
}

// Out of thin air (dep ∪ rf acyclic): LB with control dependencies, both
// reads seeing 1, is a dependency and reads-from cycle, each step named.
#[test]
fn thin_air_cycle_names_dep_and_rf() {
    let x = run("LB+ctrls.litmus", None);
    let c = class(&x, "no thin air");
    assert_eq!(cycle_of(c), "e2 -dep-> e3 -rf-> e4 -dep-> e5 -rf-> e2");
    assert_edges_close(c);
}

// Happens-before is a partial order (LangRef, "Memory Model for Concurrent
// Operations"): load buffering with acquire reads and release writes, both
// reads seeing the other thread's write, makes po and sw a cycle.
#[test]
fn happens_before_cycle_names_po_and_sw() {
    let src = "AMDGPU LB+rel-acq\n\"hb cycle\"\n{\n  global x = 0;\n  global y = 0;\n}\n\
        thread P0 @ wg 0 {\n  %r0 = load atomic i32, ptr @x syncscope(\"agent\") acquire, align 4\n  \
        store atomic i32 1, ptr @y syncscope(\"agent\") release, align 4\n}\n\
        thread P1 @ wg 1 {\n  %r1 = load atomic i32, ptr @y syncscope(\"agent\") acquire, align 4\n  \
        store atomic i32 1, ptr @x syncscope(\"agent\") release, align 4\n}\n\
        exists (P0:%r0 == 1 /\\ P1:%r1 == 1)\n";
    let x = run_src(src, None);
    assert!(forbidden(&x));
    let c = class(&x, "happens-before is a partial order");
    assert_eq!(cycle_of(c), "e2 -po-> e3 -sw-> e4 -po-> e5 -sw-> e2");
    assert_edges_close(c);
}
