//! `amdmm-import`: the Khronos Vulkan memory model test suite (the alloy
//! `.test` files of github.com/KhronosGroup/Vulkan-MemoryModel) as amdmm
//! litmus tests.
//!
//! The modules, in pipeline order: [`parse`] (the `.test` syntax → [`ast`]),
//! [`ops`] (tokens → operations, with the Alloy well-formedness facts),
//! [`classes`] (is dropping storage classes and privacy faithful?),
//! [`expect`] (expectation lines → what an amdmm result must be),
//! [`translate`] (→ litmus text), [`differences`] (the documented
//! differences between the models) and [`report`] (the cross-check report).
//! [`skip`] lists why a test is not translated.

pub mod ast;
pub mod classes;
pub mod differences;
pub mod expect;
pub mod ops;
pub mod parse;
pub mod report;
pub mod skip;
pub mod translate;

pub use expect::{Expected, Flags, Observation, Verdict};
pub use skip::SkipReason;
pub use translate::Translation;

/// Translates one `.test` file (`name` is its stem).
pub fn translate(name: &str, src: &str) -> Result<Translation, SkipReason> {
    let file = parse::parse(src).map_err(|e| SkipReason::Parse {
        line: e.line,
        message: e.message,
    })?;
    if let Some((line, ..)) = file.sloc.first() {
        return Err(SkipReason::Sloc { line: *line });
    }
    if let Some((line, ..)) = file.ssw.first() {
        return Err(SkipReason::Ssw { line: *line });
    }
    let threads = file
        .threads
        .iter()
        .map(|t| {
            t.instrs
                .iter()
                .map(ops::decode)
                .collect::<Result<Vec<_>, _>>()
        })
        .collect::<Result<Vec<_>, _>>()?;
    classes::check(&threads)?;
    let expected = Expected::from_lines(&file.expectations)?;
    translate::translate(name, src, &file, &threads, expected)
}
