//! The JSON document of `amdmm explain --json` (typed; its schema is
//! generated from these structs, docs/schema/explain.json).

use amdmm_explore::explain::Explanation;
use schemars::JsonSchema;
use serde::Serialize;

/// `amdmm explain --json`.
#[derive(Serialize, JsonSchema)]
pub struct ExplainDocument<'a> {
    pub test: &'a str,
    pub file: &'a str,
    pub model: &'a str,
    /// The `--state` given, or null for the condition's states.
    pub state: Option<&'a str>,
    /// `allowed`, `forbidden` or `unknown` (a limit stopped the enumeration).
    pub verdict: &'static str,
    #[serde(flatten)]
    pub explanation: &'a Explanation,
}

impl<'a> ExplainDocument<'a> {
    pub fn new(
        test: &'a str,
        file: &'a str,
        model: &'a str,
        state: Option<&'a str>,
        explanation: &'a Explanation,
    ) -> Self {
        use amdmm_explore::explain::Verdict;
        let verdict = if explanation.limit.is_some() {
            "unknown"
        } else if explanation
            .classes
            .iter()
            .any(|c| c.verdict == Verdict::Allowed)
        {
            "allowed"
        } else {
            "forbidden"
        };
        ExplainDocument {
            test,
            file,
            model,
            state,
            verdict,
            explanation,
        }
    }
}
