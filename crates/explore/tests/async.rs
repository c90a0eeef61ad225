//! Asynchronous LDS DMA through the whole engine, under both rule sets, and
//! the naming of races with transfers in flight (async-operations.txt).

use amdmm_explore::{explore, ModelKind, Options, Outcome};
use amdmm_program::Observation;
use std::path::PathBuf;

fn dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../litmus/async")
}

fn corpus(name: &str) -> String {
    let p = dir().join(format!("{name}.litmus"));
    std::fs::read_to_string(&p).unwrap_or_else(|e| panic!("{}: {e}", p.display()))
}

fn run(src: &str, model: ModelKind, witnesses: bool) -> Outcome {
    let program = amdmm_program::load(src).expect("the test lowers");
    explore(
        &program,
        &Options {
            model,
            witnesses,
            ..Options::default()
        },
    )
}

/// The edges of relation `name` in the witnesses (all states).
fn relation(o: &Outcome, name: &str) -> Vec<(usize, usize)> {
    o.witnesses
        .iter()
        .flat_map(|w| w.relations.iter())
        .filter(|(n, _)| n == name)
        .flat_map(|(_, e)| e.iter().copied())
        .collect()
}

/// The label of event `i` in the first witness.
fn label(o: &Outcome, i: usize) -> String {
    o.witnesses[0].events[i].label.clone()
}

#[test]
fn every_async_test_meets_its_expectation_under_both_models() {
    let mut n = 0;
    for entry in std::fs::read_dir(dir()).expect("litmus/async exists") {
        let path = entry.expect("entry").path();
        let src = std::fs::read_to_string(&path).expect("readable");
        let program = amdmm_program::load(&src).expect("the test lowers");
        let expect = program.expect.expect("an expect line");
        for model in [ModelKind::Seed, ModelKind::Upstream] {
            let o = run(&src, model, false);
            assert_eq!(
                (o.observation, amdmm_program::Flags::from(o.flags)),
                (Some(expect.observation), expect.flags),
                "{} under {}",
                path.display(),
                model.name()
            );
        }
        n += 1;
    }
    assert!(n >= 19, "only {n} tests");
}

#[test]
fn read_too_early_names_the_transfer_and_the_read() {
    let o = run(
        &corpus("Async+race.read-destination"),
        ModelKind::Seed,
        true,
    );
    let edges = relation(&o, "race-read-destination");
    assert_eq!(edges.len(), 1, "{:?}", o.witnesses);
    let (transfer, access) = edges[0];
    assert!(
        label(&o, transfer).contains("W.async"),
        "{}",
        label(&o, transfer)
    );
    assert!(label(&o, access).starts_with(&format!("e{access}: R ")));
    assert_eq!(o.witnesses[0].events[transfer].line, 10);
    assert_eq!(o.witnesses[0].events[access].line, 12);
}

#[test]
fn write_destination_and_write_source_are_named() {
    let o = run(
        &corpus("Async+race.write-destination"),
        ModelKind::Seed,
        true,
    );
    let edges = relation(&o, "race-write-destination");
    assert!(!edges.is_empty(), "{:?}", o.witnesses);
    let (transfer, access) = edges[0];
    assert!(label(&o, transfer).contains("W.async"));
    assert_eq!(o.witnesses[0].events[access].line, 12);

    let o = run(&corpus("Async+race.write-source"), ModelKind::Seed, true);
    let edges = relation(&o, "race-write-source");
    assert!(!edges.is_empty(), "{:?}", o.witnesses);
    let (transfer, access) = edges[0];
    assert!(label(&o, transfer).contains("R.async"));
    assert!(label(&o, access).contains("W g=7"), "{}", label(&o, access));
}

#[test]
fn ordered_accesses_name_no_race() {
    for name in ["Async+read-after-wait", "Async+seed.software-pipeline"] {
        let o = run(&corpus(name), ModelKind::Seed, true);
        assert_eq!(o.observation, Some(Observation::Always), "{name}");
        for r in [
            "race-read-destination",
            "race-write-destination",
            "race-write-source",
        ] {
            assert!(relation(&o, r).is_empty(), "{name}: {r}");
        }
    }
}

/// Under the upstream model the copy's write is location-ordered before the
/// read after the wait through availability and visibility (LDS accesses are
/// workgroup store-available / load-visible), not through program order.
#[test]
fn upstream_orders_the_copy_by_happens_before_only() {
    let o = run(&corpus("Async+read-after-wait"), ModelKind::Upstream, true);
    assert_eq!(o.observation, Some(Observation::Always));
    // e3: the copy's write; e4: the read after the wait.
    assert!(relation(&o, "hb").contains(&(3, 4)), "{:?}", o.witnesses);
    assert!(relation(&o, "vis").contains(&(3, 4)), "{:?}", o.witnesses);
    let o = run(&corpus("Async+read-after-wait"), ModelKind::Seed, true);
    assert!(!relation(&o, "hb").contains(&(3, 4)), "po, not extra hb");
}
