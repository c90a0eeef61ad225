//! Every `--json` document validates against its published JSON Schema
//! (docs/schema/NAME.json), and the published schemas are the ones
//! `amdmm schema NAME` generates from the structs that write the documents.
//! Objects are closed (`additionalProperties: false`), so an undocumented
//! field fails. Regenerate the files with `AMDMM_UPDATE_SCHEMAS=1 cargo test
//! --release -p amdmm --test json_schema`.

mod common;
use common::*;
use serde_json::Value;

const DOCUMENTS: [&str; 9] = [
    "run",
    "explain",
    "compare",
    "verify",
    "lint",
    "lower",
    "lower-compare",
    "lds",
    "kernel",
];

fn schema_path(name: &str) -> std::path::PathBuf {
    manifest_dir().join(format!("../../docs/schema/{name}.json"))
}

fn published(name: &str) -> Value {
    let text = std::fs::read_to_string(schema_path(name)).expect("docs/schema file");
    serde_json::from_str(&text).expect("schema is JSON")
}

/// The validation errors of `doc` against the published schema `name`.
fn errors(name: &str, doc: &Value) -> Vec<String> {
    let validator = jsonschema::validator_for(&published(name)).expect("a valid schema");
    validator
        .iter_errors(doc)
        .map(|e| format!("{} at {}", e, e.instance_path()))
        .collect()
}

/// Runs amdmm with `args`, parses stdout as JSON and validates it.
fn validates(name: &str, args: &[&str]) -> Value {
    let o = amdmm(args);
    let doc: Value = serde_json::from_str(&stdout(&o))
        .unwrap_or_else(|e| panic!("{args:?}: not JSON ({e}): {}{}", stdout(&o), stderr(&o)));
    let errs = errors(name, &doc);
    assert!(
        errs.is_empty(),
        "{args:?} does not match docs/schema/{name}.json: {errs:#?}"
    );
    doc
}

#[test]
fn published_schemas_are_generated_from_the_structs() {
    for name in DOCUMENTS {
        let o = amdmm(&["schema", name]);
        assert_eq!(code(&o), 0, "{}", stderr(&o));
        let path = schema_path(name);
        if std::env::var_os("AMDMM_UPDATE_SCHEMAS").is_some() {
            std::fs::write(&path, stdout(&o)).unwrap();
        }
        let on_disk = std::fs::read_to_string(&path).unwrap_or_default();
        assert_eq!(
            stdout(&o),
            on_disk,
            "docs/schema/{name}.json is stale: AMDMM_UPDATE_SCHEMAS=1 cargo test --release -p amdmm --test json_schema"
        );
    }
}

#[test]
fn run_json_validates() {
    let doc = validates(
        "run",
        &[
            "run",
            "--json",
            "--check",
            "--show-executions",
            "--no-time",
            "../../litmus/MP+rel-acq.agent.litmus",
            "../../litmus/barrier/Abstract+circular.deadlock.litmus",
            "../../litmus/barrier/Abstract+arrive-drop.ub.litmus",
            "tests/fixtures/bad/syntax-error.litmus",
        ],
    );
    assert_eq!(doc["tests"].as_array().unwrap().len(), 4);
    assert_eq!(doc["tests"][3]["error"], "input");
    assert!(doc["tests"][1]["deadlocks"]
        .as_array()
        .is_some_and(|d| !d.is_empty()));
    validates(
        "run",
        &[
            "run",
            "--json",
            "--show-executions",
            "--target",
            "gfx942",
            "../../litmus/MP+rel-acq.agent.litmus",
        ],
    );
}

#[test]
fn lds_json_validates() {
    // A conflict with suggestions, a two-address form, and clamped lanes
    // with a note (nullable fields both ways).
    let doc = validates(
        "lds",
        &["lds", "ds_read_b32", "--addr", "lane*128", "--json"],
    );
    assert_eq!(doc["max_conflict"], 32);
    assert!(!doc["suggestions"].as_array().unwrap().is_empty());
    let doc = validates(
        "lds",
        &[
            "lds",
            "ds_read2_b32",
            "--addr",
            "lane*8",
            "--offset0",
            "0",
            "--offset1",
            "1",
            "--json",
        ],
    );
    assert_eq!(doc["form"], "two");
    validates(
        "lds",
        &[
            "lds",
            "ds_read_b32",
            "--addr",
            "lane*4",
            "--m0",
            "128",
            "--json",
        ],
    );
    validates(
        "lds",
        &[
            "lds",
            "ds_add_src2_u32",
            "--addr",
            "(1<<17) + lane*4",
            "--offset1",
            "0x80",
            "--json",
        ],
    );
}

#[test]
fn an_undocumented_field_fails_validation() {
    let o = amdmm(&[
        "run",
        "--json",
        "--no-time",
        "../../litmus/MP+rel-acq.agent.litmus",
    ]);
    let mut doc: Value = serde_json::from_str(&stdout(&o)).unwrap();
    assert!(errors("run", &doc).is_empty());
    doc["tests"][0]["undocumented"] = Value::Bool(true);
    assert!(!errors("run", &doc).is_empty());
    doc["tests"][0]
        .as_object_mut()
        .unwrap()
        .remove("undocumented");
    doc["tests"][0]
        .as_object_mut()
        .unwrap()
        .remove("observation");
    assert!(
        !errors("run", &doc).is_empty(),
        "a missing required field must fail"
    );
}

#[test]
fn explain_and_compare_json_validate() {
    validates(
        "explain",
        &["explain", "--json", "../../litmus/MP+rel-acq.agent.litmus"],
    );
    validates(
        "explain",
        &[
            "explain",
            "--json",
            "../../litmus/barrier/Abstract+circular.deadlock.litmus",
        ],
    );
    let doc = validates(
        "compare",
        &[
            "compare",
            "--json",
            "--model",
            "seed",
            "--model",
            "upstream",
            "../../litmus/MP+rel-acq.agent.litmus",
            "../../litmus/fence-as/MP+fence-fence.wg.as-local.av-none.data-lds.litmus",
        ],
    );
    assert_eq!(doc["differing"], 1);
    // A model next to a target's hardware model, which skips the LDS test
    // (tgsplit allocates no LDS).
    let doc = validates(
        "compare",
        &[
            "compare",
            "--json",
            "--model",
            "seed",
            "--target",
            "gfx90a:tgsplit",
            "../../litmus/MP+rel-acq.agent.litmus",
            "../../litmus/MP+rel-acq.workgroup.lds.litmus",
        ],
    );
    assert_eq!(doc["models"][1], "gfx90a:tgsplit/table");
    assert_eq!(doc["skipped"], 1);
    assert!(
        doc["tests"][1]["results"][1]["skipped"].is_string(),
        "{doc}"
    );
}

#[test]
fn verify_lint_lower_json_validate() {
    let doc = validates(
        "verify",
        &[
            "verify",
            "--json",
            "--target",
            "gfx942,gfx1100",
            "../../litmus/MP+rel-acq.agent.litmus",
        ],
    );
    assert_eq!(doc["results"].as_array().unwrap().len(), 2);
    assert_eq!(doc["results"][0]["status"], "ok");
    let doc = validates(
        "lint",
        &[
            "lint",
            "--json",
            "tests/fixtures/lint/clean.litmus",
            "tests/fixtures/lint/findings.litmus",
        ],
    );
    assert!(doc["warnings"].as_u64().unwrap() > 0);
    assert!(doc["files"][1]["findings"][0]["line"].as_u64().unwrap() > 0);
    let doc = validates(
        "lower",
        &[
            "lower",
            "--json",
            "--target",
            "gfx942",
            "../../litmus/MP+rel-acq.agent.litmus",
        ],
    );
    assert_eq!(doc["target"], "gfx942");
    assert!(doc["threads"][0]["ops"][0]["code"]
        .as_array()
        .is_some_and(|c| !c.is_empty()));
}

/// The diagnostic object of the syntax error in `tests/fixtures/bad`: its
/// file, place, message and hint as fields, not a rendered string.
fn assert_syntax_error(d: &Value) {
    assert_eq!(d["file"], BAD, "{d:#}");
    assert_eq!(d["line"], 8, "{d:#}");
    assert_eq!(d["column"], 23, "{d:#}");
    assert_eq!(d["severity"], "error");
    assert_eq!(d["message"], "expected an instruction, found `@`");
    assert!(
        d["hint"]
            .as_str()
            .is_some_and(|h| h.contains("instructions")),
        "{d:#}"
    );
    let rendered = d["rendered"].as_str().unwrap();
    assert!(rendered.contains(&format!("--> {BAD}:8:23")), "{rendered}");
    assert!(!rendered.contains('\x1b'), "{rendered}");
}

const BAD: &str = "tests/fixtures/bad/syntax-error.litmus";
const GOOD: &str = "../../litmus/MP+rel-acq.agent.litmus";

/// Input errors are typed objects (file, line, column, message, hint) in
/// every `--json` document that reports them, valid against the schemas.
#[test]
fn diagnostics_are_objects_in_every_json_document() {
    let doc = validates("run", &["run", "--json", "--no-time", GOOD, BAD]);
    assert_syntax_error(&doc["tests"][1]["diagnostics"][0]);
    let doc = validates("run", &["run", "--json", "--target", "gfx942", BAD, GOOD]);
    assert_syntax_error(&doc["tests"][0]["diagnostics"][0]);
    let doc = validates("lint", &["lint", "--json", BAD]);
    assert_eq!(doc["input_errors"], 1);
    assert_syntax_error(&doc["diagnostics"][0]);
    let doc = validates(
        "compare",
        &[
            "compare", "--json", "--model", "seed", "--model", "upstream", BAD,
        ],
    );
    assert_syntax_error(&doc["diagnostics"][0]);
    let doc = validates("verify", &["verify", "--json", "--target", "gfx942", BAD]);
    assert_syntax_error(&doc["diagnostics"][0]);
    // A lowering error of `run --target`: at its place too.
    let lds = "../../litmus/MP+rel-acq.workgroup.lds.litmus";
    let doc = validates("run", &["run", "--json", "--target", "gfx90a:tgsplit", lds]);
    let d = &doc["tests"][0]["diagnostics"][0];
    assert_eq!(
        (d["line"].as_u64(), d["column"].as_u64()),
        (Some(10), Some(3)),
        "{d:#}"
    );
}

/// `lower --compare --json` validates, with a compared and a skipped
/// (test, target) and a difference with its kinds. Needs llc: skipped with
/// a message without one, a failure under CI.
#[test]
fn lower_compare_json_validates() {
    let o = amdmm(&[
        "compile",
        "--target",
        "gfx942",
        "../../litmus/MP+rel-acq.agent.litmus",
    ]);
    if code(&o) != 0 {
        assert!(
            std::env::var_os("CI").is_none(),
            "CI needs llc: {}",
            stderr(&o)
        );
        eprintln!("skipped: live llc test ({})", stderr(&o).trim());
        return;
    }
    let doc = validates(
        "lower-compare",
        &[
            "lower",
            "--compare",
            "--json",
            "--target",
            "gfx600",
            "../../litmus/MP+rel-acq.agent.litmus",
            // `--code llc` refuses the av intrinsics: skipped.
            "../../litmus/MP+avs-avl+fences.agent.av-none.litmus",
        ],
    );
    let results = doc["results"].as_array().unwrap();
    assert_eq!(results.len(), 2, "{doc}");
    let compared = results.iter().position(|r| r["skipped"].is_null()).unwrap();
    let skipped = 1 - compared;
    assert!(
        results[compared]["differences"][0]["kinds"][0]["kind"].is_string(),
        "{doc}"
    );
    // The reason places the operation as every diagnostic does.
    assert!(
        results[skipped]["skipped"]
            .as_str()
            .unwrap()
            .starts_with("llc: ../../litmus/MP+avs-avl+fences.agent.av-none.litmus:10:3: llvm.amdgcn.av.global.store.b128 is not an intrinsic of LLVM 22"),
        "{doc}"
    );
    assert_eq!(doc["summary"][0]["skipped"], 1, "{doc}");
    // A result is compared or skipped, not both.
    let mut both = doc.clone();
    both["results"][skipped]["operations"] = Value::from(1);
    assert!(!errors("lower-compare", &both).is_empty());
}

#[test]
fn kernel_json_validates() {
    let doc = validates(
        "kernel",
        &[
            "kernel",
            "--json",
            "--grid",
            "2",
            "../../kernels/fixtures/mp_relaxed_flag.O2.ll",
        ],
    );
    assert_eq!(doc["flags"]["race"], true);
    let race = &doc["races"][0];
    assert_eq!(race["read"]["file"], "mp_relaxed_flag.hip");
    assert!(race["write"]["line"].as_u64().is_some());
    assert_eq!(doc["memory"][0]["out[0]"], "undef");
}
