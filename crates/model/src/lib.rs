//! amdmm-model: the fourth stage of the pipeline (parse → program →
//! exploration → **model checks** → report).
//!
//! The axioms of the AMDGPU memory model, evaluated on one candidate
//! execution graph. The exploration engine generates candidates; this crate
//! says which are consistent and what each read returns.

/// Which rule set to check executions against (`--model`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum ModelKind {
    /// The seed's `memory-model.txt` (the default).
    #[default]
    Seed,
    /// The upstream revision `AMDGPUMemoryModel.md`: LDS accesses are always
    /// workgroup-scope store-available / load-visible, non-atomic volatile
    /// accesses are widened, and reads are location-ordered before the
    /// accesses they happen-before.
    Upstream,
}

impl ModelKind {
    pub const NAMES: &'static [&'static str] = &["seed", "upstream"];

    pub fn name(self) -> &'static str {
        match self {
            ModelKind::Seed => "seed",
            ModelKind::Upstream => "upstream",
        }
    }

    pub fn from_name(s: &str) -> Option<ModelKind> {
        match s {
            "seed" => Some(ModelKind::Seed),
            "upstream" => Some(ModelKind::Upstream),
            _ => None,
        }
    }
}
