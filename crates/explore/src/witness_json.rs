//! The one JSON form of a witness execution, written by `run --json
//! --show-executions` (`witnesses`, `deadlocks`) and by `explain --json`
//! (each class's `witness`): events as structured objects with their ids,
//! relations keyed by name (docs/json.md).

use crate::result::{EventKindOut, EventOut, PlacementOut, ValueOut, Witness};
use schemars::JsonSchema;
use serde::{Serialize, Serializer};
use std::collections::BTreeMap;

/// One event of a witness execution.
#[derive(Clone, Debug, PartialEq, Serialize, JsonSchema)]
pub struct EventJson {
    /// Index of the event in `events` (the `eN` of its label).
    pub id: usize,
    /// `init`, or the thread name.
    pub thread: String,
    /// The text witness's label, e.g. `e3: W.rel.agent x=1`.
    pub label: String,
    /// Source line (0 for initial writes).
    pub line: u32,
    /// `read`, `write`, `rmw`, `fence` or `barrier`.
    pub kind: EventKindOut,
    /// The location instance accessed (`x`, `wg1:t[0]`); null for fences.
    pub location: Option<String>,
    pub read_value: Option<ValueOut>,
    pub write_value: Option<ValueOut>,
    /// `na`, `monotonic`, `acquire`, ...
    pub ordering: Option<String>,
    /// The sync scope of an atomic or fence.
    pub scope: Option<String>,
    /// An event of an asynchronous LDS DMA transfer.
    #[serde(rename = "async")]
    pub is_async: bool,
    /// Where the thread runs; null for initial writes.
    pub placement: Option<PlacementOut>,
}

impl EventJson {
    pub fn new(id: usize, e: &EventOut) -> EventJson {
        EventJson {
            id,
            thread: e.thread.clone(),
            label: e.label.clone(),
            line: e.line,
            kind: e.kind,
            location: e.location.clone(),
            read_value: e.read_value,
            write_value: e.write_value,
            ordering: e.ordering.clone(),
            scope: e.scope.clone(),
            is_async: e.is_async,
            placement: e.placement,
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
