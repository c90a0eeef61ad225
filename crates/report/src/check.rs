//! Comparing an outcome with the test's `expect` line (`--check`).

use crate::{observation_name, unknown_reason};
use amdmm_explore::Outcome;
use amdmm_program::{Expectation, Flags, Program};

/// The verdict of `--check` for one test.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CheckResult {
    Pass,
    Fail(Failure),
}

/// Why a test failed its check.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Failure {
    /// Observation or flag set differs: `expected` / `got` as `Never race`.
    Mismatch { expected: String, got: String },
    /// The run gave no verdict (a limit, or an internal error).
    Unknown {
        expected: String,
        got: String,
        reason: String,
    },
    /// The test has no `expect` line; `got` is this run's result when it
    /// has one (`Always race`), the line a newcomer would add once the
    /// result is checked against the specification.
    NoExpectation { got: Option<String> },
}

impl CheckResult {
    pub fn passed(&self) -> bool {
        matches!(self, CheckResult::Pass)
    }

    /// The `FAIL name: ...` line for a failure, `None` for a pass.
    pub fn fail_line(&self, name: &str) -> Option<String> {
        match self {
            CheckResult::Pass => None,
            CheckResult::Fail(f) => Some(format!("FAIL {name}: {}", f.message())),
        }
    }

    /// The `FAIL FILE:LINE: name: ...` line: the failure at its place, the
    /// `expect` line (or the file, when the test has none), as compilers
    /// name places, so an editor or terminal can jump there.
    pub fn fail_line_at(&self, file: &str, program: &Program) -> Option<String> {
        let place = match &program.expect {
            Some(e) => format!("{file}:{}", e.pos.line),
            None => file.to_string(),
        };
        match self {
            CheckResult::Pass => None,
            CheckResult::Fail(f) => {
                Some(format!("FAIL {place}: {}: {}", program.name, f.message()))
            }
        }
    }
}

impl Failure {
    /// What went wrong, without the test name.
    pub fn message(&self) -> String {
        match self {
            Failure::Mismatch { expected, got } => format!("expected {expected}, got {got}"),
            Failure::Unknown {
                expected,
                got,
                reason,
            } => format!("expected {expected}, got {got} ({reason})"),
            Failure::NoExpectation { got: Some(got) } => format!(
                "no expectation (this run's result is `expect {got}`: add that line after the \
                 condition once the specification confirms it)"
            ),
            Failure::NoExpectation { got: None } => {
                "no expectation (add a line such as `expect Never race` after the condition)"
                    .to_string()
            }
        }
    }
}

/// `Never race`: an observation name followed by the flag names.
fn verdict(observation: &str, flags: Flags) -> String {
    let mut parts = vec![observation];
    parts.extend(flags.names());
    parts.join(" ")
}

/// Pass iff the observation is known and equal to the expected one and the
/// flag set is exactly the expected one.
pub fn compare(expect: &Expectation, outcome: &Outcome) -> CheckResult {
    let expected = verdict(expect.observation.name(), expect.flags);
    let flags = Flags::from(outcome.flags);
    let got = verdict(observation_name(outcome), flags);
    match outcome.observation {
        None => CheckResult::Fail(Failure::Unknown {
            expected,
            got,
            reason: unknown_reason(outcome),
        }),
        Some(o) if o == expect.observation && flags == expect.flags => CheckResult::Pass,
        Some(_) => CheckResult::Fail(Failure::Mismatch { expected, got }),
    }
}

/// [`compare`] against the program's `expect` line; a missing line fails.
pub fn check(program: &Program, outcome: &Outcome) -> CheckResult {
    match &program.expect {
        Some(e) => compare(e, outcome),
        None => CheckResult::Fail(Failure::NoExpectation {
            got: outcome
                .observation
                .map(|o| verdict(o.name(), Flags::from(outcome.flags))),
        }),
    }
}
