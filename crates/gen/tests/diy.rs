//! `amdmm diy`'s tests are valid input, and the model answers the classic
//! cycles as the specification says.

use amdmm_explore::{explore, Options};
use amdmm_gen::diy::{self, Edge, Placement, Spaces};
use amdmm_program::Observation;
use std::time::Duration;

fn whole_vocabulary(size: usize, nprocs: usize) -> diy::Options {
    diy::Options {
        size,
        nprocs,
        relax: Vec::new(),
        safe: diy::parse_vocabulary(diy::DEFAULT_VOCABULARY, "default").unwrap(),
        placements: Placement::ALL.to_vec(),
        spaces: Spaces::ALL.to_vec(),
        one_thread: false,
        max_tests: 1_000_000,
    }
}

fn opts() -> Options {
    Options {
        timeout: Some(Duration::from_secs(20)),
        ..Default::default()
    }
}

/// Every test of the whole vocabulary at -size 4 -nprocs 3, every placement
/// and address-space layout, parses and lowers (LDS only where the threads
/// share a work-group, barriers only where the whole work-group crosses
/// one, decorations LLVM accepts); a spread sample runs in the model.
#[test]
fn every_test_is_valid_input_and_a_sample_runs() {
    let tests = diy::generate(&whole_vocabulary(4, 3)).unwrap();
    assert!(tests.len() > 2000, "{} tests", tests.len());
    let mut programs = Vec::new();
    for t in &tests {
        match amdmm_program::load(&t.text) {
            Ok(p) => programs.push(p),
            Err(d) => panic!("{}: {:?}\n{}", t.name, d, t.text),
        }
    }
    for p in programs.iter().step_by(97) {
        let o = explore(p, &opts());
        assert!(o.observation.is_some(), "{}: {:?}", p.name, o.limit);
    }
}

fn observe(cycle: &str, placement: Placement) -> (Observation, bool) {
    let safe: Vec<Edge> = cycle.split('+').map(|e| Edge::parse(e).unwrap()).collect();
    let o = diy::Options {
        size: safe.len(),
        nprocs: 4,
        relax: Vec::new(),
        safe,
        placements: vec![placement],
        spaces: vec![Spaces::Global],
        one_thread: false,
        max_tests: 1000,
    };
    let tests = diy::generate(&o).unwrap();
    let want = format!("{cycle}@{}", placement.name());
    let t = tests.iter().find(|t| t.name == want).unwrap_or_else(|| {
        panic!(
            "{want} not among {:?}",
            tests.iter().map(|t| &t.name).collect::<Vec<_>>()
        )
    });
    let p = amdmm_program::load(&t.text).unwrap();
    let o = explore(&p, &opts());
    (o.observation.unwrap(), o.flags.race)
}

/// memory-model.txt: monotonic accesses do not order one thread's accesses
/// for another (MP is observable); an agent-scope release store read by an
/// agent-scope acquire load synchronizes work-groups of one agent, so the
/// data store happens before the data load (MP is not observable).
#[test]
fn message_passing_answers() {
    assert_eq!(
        observe("PodRR+Fre+PodWW+Rfe", Placement::Agent),
        (Observation::Sometimes, false)
    );
    assert_eq!(
        observe(
            "PodRR_acq.agent_+Fre+PodWW__rel.agent+Rfe",
            Placement::Agent
        ),
        (Observation::Never, false)
    );
    // Workgroup scope does not include work-groups of one agent: atomics
    // whose scopes are not inclusive race (memory-model.txt, "Data race"),
    // so the reads may return undef.
    assert!(observe("PodRR_acq.wg_+Fre+PodWW__rel.wg+Rfe", Placement::Agent).1);
    // As waves of one work-group, workgroup scope includes both.
    assert_eq!(
        observe("PodRR_acq.wg_+Fre+PodWW__rel.wg+Rfe", Placement::Workgroup),
        (Observation::Never, false)
    );
}

/// Coherence (memory-model.txt, location order): two reads of one location
/// in program order cannot see a write and then the value before it.
#[test]
fn read_read_coherence_answers() {
    assert_eq!(
        observe("PosRR+Fre+Rfe", Placement::Agent),
        (Observation::Never, false)
    );
}

/// Same options, same bytes.
#[test]
fn stable_bytes() {
    let a = diy::generate(&whole_vocabulary(3, 3)).unwrap();
    let b = diy::generate(&whole_vocabulary(3, 3)).unwrap();
    assert_eq!(a, b);
}
