//! Translated tests whose amdmm result differs from the Khronos expectation,
//! with the analysis (docs/vulkan-crosscheck.md quotes both texts).
//!
//! A [`Kind::ModelDifference`] test stays in the corpus with amdmm's result
//! as its expect line and this note in its description; a
//! [`Kind::SuspectedBug`] test is kept out of the corpus until resolved.

/// What a disagreement is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// The two models really differ on this program.
    ModelDifference,
    /// amdmm seems to misread the AMDGPU text.
    SuspectedBug,
}

/// One documented disagreement.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Difference {
    /// The test's file stem.
    pub test: &'static str,
    pub kind: Kind,
    /// The amdmm result the note explains (`Never race`): if the result
    /// changes, the note no longer applies and the test is reported again.
    pub amdmm: &'static str,
    /// One or two sentences for the test's description and the report.
    pub note: &'static str,
}

/// The documented disagreements.
pub const DIFFERENCES: &[Difference] = &[
    Difference {
        test: "noncohcoww",
        kind: Kind::ModelDifference,
        amdmm: "Never race ub",
        note: "The reader's atomic load races with the other invocation's non-atomic \
           store-available of x=1 (no happens-before between them). In AMDGPU a racy read \
           returns undef (memory-model.txt, value rules) and so takes no part in coherence: \
           amdmm keeps one racy execution with both reads undef. The Alloy model keeps the \
           reads-from of a racy read and rejects the execution by coherence \
           (consistent[X]: locord+rf+fr+asmo acyclic), so it has no execution at all. Both \
           models see the race; they differ on whether a racy read is still coherent.",
    },
    Difference {
        test: "noncohrmw",
        kind: Kind::ModelDifference,
        amdmm: "Never race ub",
        note: "A non-atomic store-available of x=1, a control barrier, then two workgroup-scope \
           RMWs in different subgroups. Alloy judges pairs: dr = sloc & (conflicting pairs) - \
           mutordatom - rai[locord]; the store is location-ordered before both RMWs and the \
           RMWs are mutually ordered atomics, so there is no race. AMDGPU judges the set a read \
           may see (memory-model.txt: \"if the set consisting of R and all writes that R may \
           see contains only atomic operations with inclusive scopes\" ... \"Otherwise, if R may \
           see some write that is not location-ordered before R, then R returns undef\"): the \
           second RMW may see the non-atomic store and the other RMW, which is not \
           location-ordered before it, so it returns undef.",
    },
    Difference {
        test: "noncohrmwfail",
        kind: Kind::ModelDifference,
        amdmm: "Never race ub",
        note: "As noncohrmw, with both RMWs expecting to read the store's 1: Alloy has no \
           consistent execution (RMW atomicity). In AMDGPU an RMW that may see both the \
           non-atomic store and the other, unordered RMW returns undef (memory-model.txt value \
           rules), so the assumed value is undef: a race and undefined behaviour, and no \
           execution meets the condition either.",
    },
];

/// The note for `test`, if its result is the one documented.
pub fn find(test: &str, amdmm: &str) -> Option<&'static Difference> {
    DIFFERENCES
        .iter()
        .find(|d| d.test == test && d.amdmm == amdmm)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_note_applies_to_its_result_only() {
        assert!(find("noncohcoww", "Never race ub").is_some());
        assert!(find("noncohcoww", "Never").is_none());
        assert!(find("mp", "Always").is_none());
    }
}
