//! The one JSON form of a witness execution, written by `run --json
//! --show-executions` (`witnesses`, `deadlocks`) and by `explain --json`
//! (each class's `witness`): events as structured objects with their ids,
//! relations keyed by name (docs/json.md).

use crate::result::{EventOut, Witness};
use schemars::JsonSchema;
use serde::{Serialize, Serializer};
use std::collections::BTreeMap;

/// One event of a witness execution: its id, then the event's fields
/// (one description of an event, shared with the text and DOT witnesses).
#[derive(Clone, Debug, PartialEq, Serialize, JsonSchema)]
pub struct EventJson {
    /// Index of the event in `events` (the `eN` of its label).
    pub id: usize,
    #[serde(flatten)]
    pub event: EventOut,
}

impl EventJson {
    pub fn new(id: usize, e: &EventOut) -> EventJson {
        EventJson {
            id,
            event: e.clone(),
        }
    }
}

/// A barrier operation of a witness.
#[derive(Clone, Debug, PartialEq, Serialize, JsonSchema)]
pub struct BarrierOpJson {
    pub id: usize,
    /// The wave (its lanes joined by `+`).
    pub wave: String,
    pub label: String,
    pub line: u32,
}

/// The barrier execution of a witness.
#[derive(Clone, Debug, PartialEq, Serialize, JsonSchema)]
pub struct BarrierJson {
    pub ops: Vec<BarrierOpJson>,
    /// `bpi` and `bexec` edges, `[from, to]` indices into `ops`.
    pub relations: BTreeMap<String, Vec<(usize, usize)>>,
    /// The broken clauses and the waits that never complete.
    pub notes: Vec<String>,
}

/// One witness execution (`--show-executions`).
#[derive(Clone, Debug, PartialEq, Serialize, JsonSchema)]
pub struct WitnessJson {
    /// Index into `states` of the state this execution ends in.
    pub state: usize,
    pub events: Vec<EventJson>,
    /// Program order, immediate edges, `[from, to]` event ids.
    pub po: Vec<(usize, usize)>,
    /// `rf`, `mo`, `hb`, `av`, `vis`, `lo`, ... edges, `[from, to]` event ids.
    pub relations: BTreeMap<String, Vec<(usize, usize)>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub barrier: Option<BarrierJson>,
}

impl WitnessJson {
    pub fn new(w: &Witness) -> WitnessJson {
        WitnessJson {
            state: w.state,
            events: w
                .events
                .iter()
                .enumerate()
                .map(|(i, e)| EventJson::new(i, e))
                .collect(),
            po: w.po.clone(),
            relations: w.relations.iter().cloned().collect(),
            barrier: w.barrier.as_ref().map(|b| BarrierJson {
                ops: b
                    .ops
                    .iter()
                    .enumerate()
                    .map(|(i, e)| BarrierOpJson {
                        id: i,
                        wave: e.thread.clone(),
                        label: e.label.clone(),
                        line: e.line,
                    })
                    .collect(),
                relations: b.relations.iter().cloned().collect(),
                notes: b.notes.clone(),
            }),
        }
    }
}

/// `#[serde(serialize_with)]` for a [`Witness`] field: writes its
/// [`WitnessJson`], so every document shows witnesses one way.
pub fn serialize<S: Serializer>(w: &Witness, s: S) -> Result<S::Ok, S::Error> {
    WitnessJson::new(w).serialize(s)
}
