//! JSON output (`--json`): typed documents whose JSON Schemas are generated
//! from these same structs (docs/schema/, described in docs/json.md).

use crate::check::CheckResult;
use crate::herd::{condition_line, kind, ok};
use crate::{observation_name, unknown_reason};
pub use amdmm_explore::witness_json::{BarrierJson, BarrierOpJson, EventJson, WitnessJson};
use amdmm_explore::{Note, Outcome, ValueOut};
use amdmm_program::{Flags, Program};
use schemars::JsonSchema;
use serde::Serialize;

fn flag_list(f: impl Into<Flags>) -> Vec<String> {
    f.into().names().into_iter().map(String::from).collect()
}

/// One final state of a test.
#[derive(Clone, Debug, PartialEq, Serialize, JsonSchema)]
pub struct StateJson {
    /// One value per column (`columns`): an integer or `"undef"`.
    pub values: Vec<ValueOut>,
    /// Does the state satisfy the condition's proposition?
    pub satisfies: bool,
    /// Flags raised by the executions ending in this state.
    pub flags: Vec<String>,
}

/// The test's `expect` line for the model that ran.
#[derive(Clone, Debug, PartialEq, Serialize, JsonSchema)]
pub struct ExpectJson {
    /// `Always`, `Sometimes` or `Never`.
    pub observation: String,
    pub flags: Vec<String>,
}

/// `--check`'s verdict on one test.
#[derive(Clone, Debug, PartialEq, Serialize, JsonSchema)]
pub struct CheckJson {
    pub passed: bool,
    /// The `FAIL ...` line, when it failed.
    pub message: Option<String>,
}

/// One test's result (`run --json`; with `--target`, one per test and target).
#[derive(Clone, Debug, PartialEq, Serialize, JsonSchema)]
pub struct TestJson {
    pub name: String,
    pub description: Option<String>,
    /// herd's kind: `Allowed` (exists), `Required` (forall), `Forbidden` (~exists).
    pub kind: String,
    pub condition: String,
    /// Column headers of the states (`P1:%r0`, `x`, `wg1:t[0]`).
    pub columns: Vec<String>,
    pub states: Vec<StateJson>,
    /// herd's `Ok` / `No`.
    pub ok: bool,
    /// Distinct final states satisfying / not satisfying the proposition.
    pub positive: u64,
    pub negative: u64,
    pub flags: Vec<String>,
    /// `Always`, `Sometimes`, `Never` or `Unknown`.
    pub observation: String,
    /// Why there is no verdict, when `observation` is `Unknown`.
    pub unknown_reason: Option<String>,
    pub cutoff_executions: u64,
    pub assume_discarded: u64,
    pub candidates: u64,
    /// Seconds; null with `--no-time`.
    pub time: Option<f64>,
    pub expect: Option<ExpectJson>,
    /// Barrier undefined behaviour and deadlocks met by some execution.
    pub notes: Vec<Note>,
    /// One witness per state (`--show-executions`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub witnesses: Option<Vec<WitnessJson>>,
    /// One per deadlocked execution (`--show-executions`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub deadlocks: Option<Vec<WitnessJson>>,
    /// The file, as given on the command line.
    pub file: String,
    /// `--check`'s verdict.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub check: Option<CheckJson>,
    /// Hardware runs: the target (`gfx942:tgsplit`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub target: Option<String>,
    /// Hardware runs: distinct hardware states explored.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub hardware_states: Option<u64>,
    /// Hardware runs with `--show-executions`: per final state, the steps reaching it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub traces: Option<Vec<Vec<String>>>,
}

/// One test's result, without `file` (empty: the caller sets it) and
/// `check` (see [`with_check`]).
pub fn json(
    program: &Program,
    outcome: &Outcome,
    time: Option<f64>,
    show_executions: bool,
) -> TestJson {
    TestJson {
        name: program.name.clone(),
        description: program.description.clone(),
        kind: kind(program.condition.quantifier).to_string(),
        condition: condition_line(program),
        columns: outcome.columns.clone(),
        states: outcome
            .states
            .iter()
            .map(|s| StateJson {
                values: s.values.clone(),
                satisfies: s.satisfies,
                flags: flag_list(s.flags),
            })
            .collect(),
        ok: ok(program.condition.quantifier, outcome),
        positive: outcome.positive,
        negative: outcome.negative,
        flags: flag_list(outcome.flags),
        observation: observation_name(outcome).to_string(),
        unknown_reason: outcome
            .observation
            .is_none()
            .then(|| unknown_reason(outcome)),
        cutoff_executions: outcome.cutoff_executions,
        assume_discarded: outcome.assume_discarded,
        candidates: outcome.candidates,
        time,
        expect: program.expect.map(|e| ExpectJson {
            observation: e.observation.name().to_string(),
            flags: flag_list(e.flags),
        }),
        notes: outcome.notes.clone(),
        witnesses: show_executions
            .then(|| outcome.witnesses.iter().map(WitnessJson::new).collect()),
        deadlocks: show_executions
            .then(|| outcome.deadlocks.iter().map(WitnessJson::new).collect()),
        file: String::new(),
        check: None,
        target: None,
        hardware_states: None,
        traces: None,
    }
}

/// Sets the test's `check`: passed, and the `FAIL` line when it failed.
pub fn with_check(mut test: TestJson, name: &str, result: &CheckResult) -> TestJson {
    test.check = Some(CheckJson {
        passed: result.passed(),
        message: result.fail_line(name),
    });
    test
}

/// A file that could not be read or parsed.
#[derive(Clone, Debug, PartialEq, Serialize, JsonSchema)]
pub struct InputErrorJson {
    pub file: String,
    /// Always null (there is no test name).
    pub name: Option<String>,
    /// Always `input`.
    pub error: String,
    /// Why: each diagnostic with its place, message and hint.
    pub diagnostics: Vec<crate::DiagnosticJson>,
}

/// A file that could not be read or parsed.
pub fn input_error_json(file: &str, diagnostics: &[crate::FileDiagnostic]) -> InputErrorJson {
    InputErrorJson {
        file: file.to_string(),
        name: None,
        error: "input".to_string(),
        diagnostics: diagnostics.iter().map(|d| d.json()).collect(),
    }
}

/// An entry of `tests`: a test's result or an input error.
#[derive(Clone, Debug, PartialEq, Serialize, JsonSchema)]
#[serde(untagged)]
pub enum TestEntry {
    Test(Box<TestJson>),
    InputError(InputErrorJson),
}

/// Totals of a run, for the document's `summary`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Summary {
    /// Files given (after directory expansion).
    pub tests: usize,
    /// Files that could not be read or parsed.
    pub input_errors: usize,
    /// Tests without a verdict (limit or internal error).
    pub unknown: usize,
    /// `Some((passed, failed))` under `--check`.
    pub check: Option<(usize, usize)>,
}

/// The document's `summary`.
#[derive(Clone, Debug, PartialEq, Serialize, JsonSchema)]
pub struct SummaryJson {
    /// Input files.
    pub tests: usize,
    pub input_errors: usize,
    /// Tests without a verdict.
    pub unknown: usize,
    /// `--check` totals; null without `--check`.
    pub passed: Option<usize>,
    pub failed: Option<usize>,
}

/// The whole output of `run --json` (and of `run --target --json`, with
/// `model` `hardware` and no `summary`).
#[derive(Clone, Debug, PartialEq, Serialize, JsonSchema)]
pub struct RunDocument {
    /// The amdmm version.
    pub amdmm: String,
    /// `seed`, `upstream`, `proposed`, or `hardware` for `run --target`.
    pub model: String,
    /// One entry per input file (per file and target with `--target`), in input order.
    pub tests: Vec<TestEntry>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub summary: Option<SummaryJson>,
}

/// The whole output of `run --json`.
pub fn document(
    version: &str,
    model: &str,
    tests: Vec<TestEntry>,
    summary: &Summary,
) -> RunDocument {
    RunDocument {
        amdmm: version.to_string(),
        model: model.to_string(),
        tests,
        summary: Some(SummaryJson {
            tests: summary.tests,
            input_errors: summary.input_errors,
            unknown: summary.unknown,
            passed: summary.check.map(|c| c.0),
            failed: summary.check.map(|c| c.1),
        }),
    }
}
