//! A hand-made test and outcome shared by the report tests.

use amdmm_explore::{FinalState, FlagsOut, Outcome, ValueOut};
use amdmm_program::{Cond, Condition, Expectation, Observation, Program, Quantifier, Value};

pub fn program(expect: Option<Expectation>) -> Program {
    Program {
        name: "MP+rel-acq.agent".into(),
        description: None,
        locations: vec![],
        symbols: vec![],
        barriers: vec![],
        exclusive: vec![],
        functions: vec![],
        threads: vec![],
        workgroups: vec![],
        observed: vec![],
        condition: Condition {
            quantifier: Quantifier::Exists,
            cond: Cond::True,
        },
        condition_text: "P1:%r0=1 /\\ P1:%r1!=42".into(),
        expect,
        expect_by_model: Vec::new(),
        float_types: Vec::new(),
    }
}

pub fn outcome() -> Outcome {
    let race = FlagsOut {
        race: true,
        ..Default::default()
    };
    Outcome {
        columns: vec!["P1:%r0".into(), "P1:%r1".into()],
        states: vec![
            FinalState {
                values: vec![ValueOut::Int(0), Value::Undef.into()],
                satisfies: false,
                flags: race,
            },
            FinalState {
                values: vec![ValueOut::Int(1), ValueOut::Int(42)],
                satisfies: false,
                flags: FlagsOut::default(),
            },
        ],
        positive: 0,
        negative: 2,
        flags: race,
        observation: Some(Observation::Never),
        limit: None,
        cutoff_executions: 0,
        assume_discarded: 0,
        candidates: 2,
        witnesses: vec![],
        notes: vec![],
        deadlocks: vec![],
    }
}
