//! Why a test is not translated: the features with no faithful AMDGPU
//! counterpart, each with the message the importer prints.

use std::fmt;

/// The reason a `.test` file is left out of the translated suite.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SkipReason {
    /// The file does not follow the `.test` syntax.
    Parse {
        line: usize,
        col: usize,
        message: String,
    },
    /// The program is outside the Alloy model's well-formed executions (the
    /// Alloy facts exclude it, so every expectation would be vacuous).
    Malformed { line: usize, what: String },
    /// `SLOC`: two references to one location.
    Sloc { line: usize },
    /// `SSW`: system-synchronizes-with between invocations.
    Ssw { line: usize },
    /// `avdevice` / `visdevice`: device-domain availability/visibility.
    DeviceDomain { line: usize },
    /// A private access (no `nonpriv`, `av`, `vis` or `atom`) to a location
    /// that another invocation accesses.
    PrivateShared { line: usize, var: String },
    /// Storage-class semantics that exclude a class whose accesses the
    /// operation would order in AMDGPU.
    StorageClassSemantics {
        line: usize,
        op: String,
        class: &'static str,
    },
    /// An acquire-release with only one of `semav` / `semvis`.
    SplitAvVis { line: usize },
    /// An observed value that the Alloy generator would bind to several
    /// writes at once (or to the initial value and a write).
    AmbiguousValue { line: usize },
    /// A control barrier instance whose invocations are not all in one
    /// instance of its scope.
    BarrierScope { instance: i64 },
    /// No expectation line has an amdmm counterpart.
    NoExpectation,
    /// The expectation lines contradict each other.
    Contradictory,
}

impl SkipReason {
    /// A short, stable key for grouping in the report.
    pub fn key(&self) -> &'static str {
        match self {
            SkipReason::Parse { .. } => "syntax",
            SkipReason::Malformed { .. } => "malformed",
            SkipReason::Sloc { .. } => "SLOC",
            SkipReason::Ssw { .. } => "SSW",
            SkipReason::DeviceDomain { .. } => "avdevice/visdevice",
            SkipReason::PrivateShared { .. } => "private access shared between invocations",
            SkipReason::StorageClassSemantics { .. } => {
                "storage-class semantics excluding an ordered class"
            }
            SkipReason::SplitAvVis { .. } => "acquire-release with only one of semav/semvis",
            SkipReason::AmbiguousValue { .. } => "ambiguous observed value",
            SkipReason::BarrierScope { .. } => "control barrier wider than its scope",
            SkipReason::NoExpectation => "no checkable expectation",
            SkipReason::Contradictory => "contradictory expectations",
        }
    }

    /// Why the feature has no faithful AMDGPU counterpart (one sentence).
    pub fn why(&self) -> &'static str {
        match self {
            SkipReason::Parse { .. } => "the file does not follow the .test syntax of alloy/litmus.cpp",
            SkipReason::Malformed { .. } => {
                "the Alloy facts exclude every execution of this program, so its expectations are vacuous"
            }
            SkipReason::Sloc { .. } => {
                "AMDGPU has addresses only: two distinct references (per-reference av/vis ops, avvisinc) to one location have no counterpart"
            }
            SkipReason::Ssw { .. } => {
                "system-synchronizes-with (ordering established outside the shaders) has no AMDGPU counterpart"
            }
            SkipReason::DeviceDomain { .. } => {
                "availability/visibility operations to the device domain performed outside a shader have no AMDGPU counterpart"
            }
            SkipReason::PrivateShared { .. } => {
                "AMDGPU loads and stores are all non-private (memory-model.txt: `load` = `OpLoad NonPrivatePointer`), so a private access that another invocation's access could be ordered with has no counterpart"
            }
            SkipReason::StorageClassSemantics { .. } => {
                "AMDGPU ordering operations affect all address spaces (memory-model.txt, Ordering: the storage-class parameter is a TODO) unless a fence names its address spaces (amdgpu-as) or an atomic is one-as; with the storage classes in global memory, and with one of them in LDS where that is possible, the translation would still order accesses the Vulkan operation leaves unordered (or lose ordering it gives)"
            }
            SkipReason::SplitAvVis { .. } => {
                "`!mmra !{!\"amdgcn-av\", !\"none\"}` removes MakeAvailable and MakeVisible together: an AMDGPU acq_rel operation cannot keep only one"
            }
            SkipReason::AmbiguousValue { .. } => {
                "litmus.cpp binds an observed value to every write of that value (or the initial value), which no single amdmm execution reproduces"
            }
            SkipReason::BarrierScope { .. } => {
                "an AMDGPU barrier object exists within one scope instance and cannot be used by invocations outside it"
            }
            SkipReason::NoExpectation => {
                "every expectation line is over a predicate amdmm does not compute (NOCHAINS, #rs, satisfiability without consistency)"
            }
            SkipReason::Contradictory => "the expectation lines contradict each other",
        }
    }
}

impl fmt::Display for SkipReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SkipReason::Parse { line, col, message } => write!(f, "line {line}:{col}: {message}"),
            SkipReason::Malformed { line, what } => write!(f, "line {line}: {what}"),
            SkipReason::Sloc { line } => write!(f, "line {line}: `SLOC`"),
            SkipReason::Ssw { line } => write!(f, "line {line}: `SSW`"),
            SkipReason::DeviceDomain { line } => write!(f, "line {line}: `avdevice`/`visdevice`"),
            SkipReason::PrivateShared { line, var } => write!(
                f,
                "line {line}: private access to `{var}`, which other invocations also access"
            ),
            SkipReason::StorageClassSemantics { line, op, class } => write!(
                f,
                "line {line}: the semantics of `{op}` exclude {class}, whose accesses it would order in AMDGPU"
            ),
            SkipReason::SplitAvVis { line } => write!(
                f,
                "line {line}: acquire-release with only one of semav/semvis"
            ),
            SkipReason::AmbiguousValue { line } => write!(
                f,
                "line {line}: the observed value is written by several writes (or is 0 and also written)"
            ),
            SkipReason::BarrierScope { instance } => write!(
                f,
                "control barrier instance {instance} joins invocations outside one instance of its scope"
            ),
            SkipReason::NoExpectation => write!(f, "no expectation line amdmm can check"),
            SkipReason::Contradictory => write!(f, "the expectation lines contradict each other"),
        }
    }
}
