//! The `schema` command: the JSON Schema of each `--json` document, generated
//! (schemars) from the structs that write it, so the two cannot drift. The
//! same schemas are checked into docs/schema/ and tests validate every
//! command's `--json` output against them.

use clap::{Args, ValueEnum};
use schemars::generate::SchemaSettings;
use schemars::transform::RecursiveTransform;
use schemars::{JsonSchema, Schema};
use std::process::ExitCode;

/// The commands with a `--json` document.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Document {
    /// `run --json` (also `run --target --json`)
    Run,
    /// `explain --json`
    Explain,
    /// `compare --json`
    Compare,
    /// `verify --json`
    Verify,
    /// `lint --json`
    Lint,
    /// `lower --json`
    Lower,
    /// `lower --compare --json`
    LowerCompare,
    /// `lds --json`
    Lds,
    /// `kernel --json`
    Kernel,
}

const SCHEMA_EXAMPLES: &str = "\
Examples:
  amdmm schema run > run.schema.json
  amdmm schema lower-compare

Exit status: 0 success; 2 an unknown command name.";

#[derive(Args, Debug)]
#[command(after_help = SCHEMA_EXAMPLES)]
pub struct SchemaArgs {
    /// Whose document: run, explain, compare, verify, lint, lower,
    /// lower-compare, lds or kernel.
    #[arg(value_name = "COMMAND", value_enum)]
    pub document: Document,
}

/// Objects admit no property their struct does not declare
/// (`additionalProperties: false`), so a field written but not in the
/// schema fails validation instead of passing unnoticed.
fn closed_objects(s: &mut Schema) {
    if let Some(obj) = s.as_object_mut() {
        if obj.contains_key("properties") && !obj.contains_key("additionalProperties") {
            obj.insert("additionalProperties".into(), false.into());
        }
    }
}

fn schema_of<T: JsonSchema>() -> Schema {
    SchemaSettings::draft2020_12()
        .with_transform(RecursiveTransform(closed_objects))
        .into_generator()
        .into_root_schema_for::<T>()
}

/// The schema of `d`'s document, pretty-printed.
pub fn schema_text(d: Document) -> String {
    let schema = match d {
        Document::Run => schema_of::<amdmm_report::RunDocument>(),
        Document::Explain => schema_of::<amdmm_report::ExplainDocument<'static>>(),
        Document::Compare => schema_of::<amdmm_report::CompareDocument>(),
        Document::Verify => schema_of::<crate::verify::VerifyDocument>(),
        Document::Lint => schema_of::<crate::lint::LintDocument>(),
        Document::Lower => schema_of::<crate::lower::LowerDocument>(),
        Document::LowerCompare => schema_of::<crate::lower_compare::LowerCompareDocument>(),
        Document::Lds => schema_of::<amdmm_lds::report::LdsDocument<'static>>(),
        Document::Kernel => schema_of::<amdmm_kernel::report::KernelReport>(),
    };
    serde_json::to_string_pretty(&schema).unwrap_or_default()
}

pub fn schema_command(a: &SchemaArgs) -> ExitCode {
    println!("{}", schema_text(a.document));
    ExitCode::SUCCESS
}
