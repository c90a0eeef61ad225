//! `amdmm compare`: the tests whose results differ between rule sets. The
//! differing test is litmus/fence-as/MP+fence-fence.wg.as-local.av-none.data-lds
//! (its description quotes both rules): under the seed (memory-model.txt,
//! MakeAvailable / MakeVisible) `amdgcn-av none` fences make nothing
//! available, so the LDS data read never returns 42 (it reads undef); under
//! upstream (AMDGPUMemoryModel.md: "Any access to addrspace(3) always results
//! in a store-available or load-visible operation with scope workgroup") it
//! returns 42 when the flag is 1. MP+rel-acq.agent agrees under both.
//!
//! With `--target T --code table --code llc` the columns are a target's
//! hardware model running the code-sequence tables' code (AMDGPUUsage,
//! "Memory Model Code Sequences") and llc's. The differing test is
//! MP+rel-acq.workgroup-one-as.lds: its LDS read races under the model
//! (memory-model.txt, Location Order; one-as fences make nothing in LDS
//! available), so any value is allowed, and llc's one-as release on GFX942
//! does not wait for the LDS store (lgkmcnt) the table's row waits for: the
//! flag can be 1 and the data 0 only under llc's code. Each column's states
//! are checked against `run --target T --code C` on the same test.

mod common;
use common::*;

const DIFFERS: &str = "../../litmus/fence-as/MP+fence-fence.wg.as-local.av-none.data-lds.litmus";
const AGREES: &str = "../../litmus/MP+rel-acq.agent.litmus";

#[test]
fn compare_text_lists_only_the_differing_tests() {
    let o = amdmm(&[
        "compare", "--model", "seed", "--model", "upstream", AGREES, DIFFERS,
    ]);
    assert_eq!(code(&o), 1, "{}", stderr(&o));
    let s = stdout(&o);
    let lines: Vec<&str> = s.lines().collect();
    assert_eq!(lines.len(), 5, "{s}");
    assert!(
        lines[0].starts_with("Test ") && lines[0].ends_with("seed        upstream"),
        "{s}"
    );
    assert!(
        lines[1].starts_with("MP+fence-fence.wg.as-local.av-none.data-lds  Never race"),
        "{s}"
    );
    assert!(lines[1].ends_with("Sometimes race"), "{s}");
    assert_eq!(lines[2], "  only seed: P1:%r0=1; P1:%r1=undef;");
    assert_eq!(lines[3], "  only upstream: P1:%r0=1; P1:%r1=42;");
    assert_eq!(lines[4], "2 tests, 1 differ (seed vs upstream)");
    assert!(!s.contains("MP+rel-acq.agent"), "{s}");
}

#[test]
fn compare_json_has_every_test() {
    let o = amdmm(&[
        "compare", "--json", "-j", "1", "--model", "upstream", "--model", "seed", AGREES, DIFFERS,
    ]);
    assert_eq!(code(&o), 1, "{}", stderr(&o));
    let v: serde_json::Value = serde_json::from_str(&stdout(&o)).expect("JSON");
    assert_eq!(v["models"], serde_json::json!(["upstream", "seed"]));
    assert_eq!(v["differing"], 1);
    assert_eq!(v["tests"][0]["test"], "MP+rel-acq.agent");
    assert_eq!(v["tests"][0]["differs"], false);
    assert_eq!(
        v["tests"][0]["results"][0]["only_here"],
        serde_json::json!([])
    );
    let t = &v["tests"][1];
    assert_eq!(t["differs"], true);
    assert_eq!(t["results"][0]["model"], "upstream");
    assert_eq!(t["results"][0]["observation"], "Sometimes");
    assert_eq!(
        t["results"][0]["only_here"],
        serde_json::json!(["P1:%r0=1; P1:%r1=42;"])
    );
    assert_eq!(t["results"][1]["observation"], "Never");
    assert_eq!(t["results"][1]["flags"], serde_json::json!(["race"]));
    // Independent of -j.
    let o2 = amdmm(&[
        "compare", "--json", "-j", "2", "--model", "upstream", "--model", "seed", AGREES, DIFFERS,
    ]);
    assert_eq!(stdout(&o), stdout(&o2));
}

#[test]
fn compare_exit_status() {
    let o = amdmm(&["compare", "--model", "seed", "--model", "upstream", AGREES]);
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    assert_eq!(stdout(&o), "1 tests, 0 differ (seed vs upstream)\n");
    let o = amdmm(&["compare", "--model", "seed", AGREES]);
    assert_eq!(code(&o), 2);
    assert!(
        stderr(&o).contains("compare needs two columns or more"),
        "{}",
        stderr(&o)
    );
    let o = amdmm(&["compare", "--model", "seed", "--model", "seed", AGREES]);
    assert_eq!(code(&o), 2);
    assert!(stderr(&o).contains("given twice"), "{}", stderr(&o));
}

#[test]
fn compare_reports_bad_input_once() {
    let dir = std::env::temp_dir().join(format!("amdmm-compare-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let bad = dir.join("bad.litmus");
    std::fs::write(
        &bad,
        "AMDGPU Bad\n{ global x = 0; }\nP0:\n  store i32 1, ptr @z\nexists (x=1)\n",
    )
    .unwrap();
    let o = amdmm(&[
        "compare",
        "--model",
        "seed",
        "--model",
        "upstream",
        bad.to_str().unwrap(),
        AGREES,
    ]);
    let _ = std::fs::remove_dir_all(&dir);
    assert_eq!(code(&o), 2, "{}", stdout(&o));
    assert_eq!(stderr(&o).matches("error:").count(), 1, "{}", stderr(&o));
    assert_eq!(
        stdout(&o),
        "1 tests, 0 differ (seed vs upstream); 1 input errors\n"
    );
}

const ONE_AS: &str = "../../litmus/MP+rel-acq.workgroup-one-as.lds.litmus";
const AV: &str = "../../litmus/MP+avs-avl+fences.agent.av-none.litmus";

/// True when llc can compile for gfx942; without it the live test is
/// skipped with a message, and under CI it fails.
fn have_llc() -> bool {
    let o = amdmm(&["compile", "--target", "gfx942", AGREES]);
    if code(&o) == 0 {
        return true;
    }
    assert!(
        std::env::var_os("CI").is_none(),
        "CI needs llc: {}",
        stderr(&o)
    );
    eprintln!("skipped: live llc test ({})", stderr(&o).trim());
    false
}

/// The states `run --target TARGET --code CODE --json` prints for `file`,
/// as compare writes them.
fn run_states(file: &str, target: &str, code_source: &str) -> Vec<String> {
    let o = amdmm(&[
        "run",
        "--json",
        "--target",
        target,
        "--code",
        code_source,
        file,
    ]);
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    let v: serde_json::Value = serde_json::from_str(&stdout(&o)).expect("JSON");
    let t = &v["tests"][0];
    let cols: Vec<&str> = t["columns"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c.as_str().unwrap())
        .collect();
    t["states"]
        .as_array()
        .unwrap()
        .iter()
        .map(|st| {
            let vals = st["values"].as_array().unwrap();
            cols.iter()
                .zip(vals)
                .map(|(c, v)| format!("{c}={v}; "))
                .collect::<String>()
                .trim_end()
                .to_string()
        })
        .collect()
}

#[test]
fn compare_table_with_llc_on_a_target() {
    if !have_llc() {
        return;
    }
    let args = [
        "compare", "--target", "gfx942", "--code", "table", "--code", "llc", AGREES, AV, ONE_AS,
    ];
    let o = amdmm(&args);
    assert_eq!(code(&o), 1, "{}", stderr(&o));
    let s = stdout(&o);
    assert!(s.starts_with("; llc: "), "{s}");
    // The test llc cannot compile is skipped for llc only, at the
    // intrinsic `--code llc` refuses.
    assert!(
        s.contains("SKIP MP+avs-avl+fences.agent.av-none gfx942/llc: ../../litmus/MP+avs-avl+fences.agent.av-none.litmus:10:3: llvm.amdgcn.av.global.store.b128 is not an intrinsic of LLVM 22"),
        "{s}"
    );
    assert!(
        s.contains("\nMP+rel-acq.workgroup-one-as.lds  Never         Never\n"),
        "{s}"
    );
    assert!(
        s.contains("  only gfx942/llc: P1:%r0=1; P1:%r1=0;\n"),
        "{s}"
    );
    assert!(!s.contains("only gfx942/table"), "{s}");
    assert!(
        s.ends_with(
            "3 tests, 1 differ (gfx942/table vs gfx942/llc); 1 (test, column) pairs skipped\n"
        ),
        "{s}"
    );

    let mut json_args = vec!["compare", "--json"];
    json_args.extend_from_slice(&args[1..]);
    let o = amdmm(&json_args);
    assert_eq!(code(&o), 1, "{}", stderr(&o));
    let v: serde_json::Value = serde_json::from_str(&stdout(&o)).expect("JSON");
    assert_eq!(
        v["models"],
        serde_json::json!(["gfx942/table", "gfx942/llc"])
    );
    assert!(v["llc"].as_str().unwrap().ends_with("-O0"), "{v}");
    assert_eq!(
        (v["differing"].as_u64(), v["skipped"].as_u64()),
        (Some(1), Some(1))
    );
    let lp = &v["tests"][1];
    assert_eq!(lp["differs"], false, "one column left: nothing to differ");
    assert_eq!(lp["results"][0]["skipped"], serde_json::Value::Null);
    assert_eq!(lp["results"][1]["observation"], "Skipped");
    assert!(lp["results"][1]["skipped"]
        .as_str()
        .unwrap()
        .contains(":10:3: "));
    // Each column's states are the hardware model's under that code.
    let t = &v["tests"][2];
    assert_eq!(t["differs"], true);
    for (k, source) in ["table", "llc"].iter().enumerate() {
        let states: Vec<String> = t["results"][k]["states"]
            .as_array()
            .unwrap()
            .iter()
            .map(|s| s.as_str().unwrap().to_string())
            .collect();
        assert_eq!(states, run_states(ONE_AS, "gfx942", source), "{source}");
    }
}

#[test]
fn compare_a_model_with_a_target() {
    let o = amdmm(&[
        "compare", "--json", "--model", "seed", "--target", "gfx942", ONE_AS,
    ]);
    // The model's undef matches any hardware value (issue #29): every
    // hardware state is one the model allows, so nothing differs.
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    let v: serde_json::Value = serde_json::from_str(&stdout(&o)).expect("JSON");
    // --code defaults to the tables.
    assert_eq!(v["models"], serde_json::json!(["seed", "gfx942/table"]));
    assert_eq!(v["llc"], serde_json::Value::Null);
    assert_eq!(v["tests"][0]["differs"], false);
    let r = &v["tests"][0]["results"];
    // The model: the LDS read races (undef); the hardware reads a value.
    assert_eq!(r[0]["flags"], serde_json::json!(["race"]));
    assert!(r[0]["states"]
        .as_array()
        .unwrap()
        .iter()
        .all(|s| s.as_str().unwrap().ends_with("P1:%r1=undef;")));
    assert_eq!(r[1]["flags"], serde_json::json!([]));
    let states: Vec<String> = r[1]["states"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s.as_str().unwrap().to_string())
        .collect();
    assert_eq!(states, run_states(ONE_AS, "gfx942", "table"));
}

#[test]
fn compare_target_option_errors() {
    // --code needs --target (clap).
    let o = amdmm(&["compare", "--model", "seed", "--code", "llc", AGREES]);
    assert_eq!(code(&o), 2, "{}", stderr(&o));
    assert!(stderr(&o).contains("--target"), "{}", stderr(&o));
    let o = amdmm(&[
        "compare", "--target", "gfx942", "--code", "table", "--code", "table", AGREES,
    ]);
    assert_eq!(code(&o), 2);
    assert!(
        stderr(&o).contains("--code table is given twice"),
        "{}",
        stderr(&o)
    );
    // One column is not a comparison.
    let o = amdmm(&["compare", "--target", "gfx942", AGREES]);
    assert_eq!(code(&o), 2);
    assert!(stderr(&o).contains("two columns or more"), "{}", stderr(&o));
    let o = amdmm(&[
        "compare", "--target", "gfx942", "--model", "seed", "--llc", "/x", AGREES,
    ]);
    assert_eq!(code(&o), 2);
    assert!(stderr(&o).contains("need --code llc"), "{}", stderr(&o));
    let o = amdmm(&["compare", "--target", "gfx9999", "--model", "seed", AGREES]);
    assert_eq!(code(&o), 2);
    assert!(stderr(&o).contains("gfx9999"), "{}", stderr(&o));
}

/// Columns skipped for the same reason share one SKIP line (issue 29 item
/// 4: a ~400-character reason repeated per column).
#[test]
fn one_skip_line_per_distinct_reason() {
    if !have_llc() {
        return;
    }
    let o = amdmm(&[
        "compare",
        "--target",
        "gfx942,gfx90a",
        "--code",
        "table",
        "--code",
        "llc",
        AV,
    ]);
    let s = stdout(&o);
    let skips: Vec<&str> = s.lines().filter(|l| l.starts_with("SKIP ")).collect();
    assert_eq!(skips.len(), 1, "{s}");
    assert!(
        skips[0].starts_with("SKIP MP+avs-avl+fences.agent.av-none gfx942/llc, gfx90a/llc: ../../litmus/MP+avs-avl+fences.agent.av-none.litmus:10:3: "),
        "{s}"
    );
    assert!(s.contains("2 (test, column) pairs skipped"), "{s}");
}

/// A model next to a target is compared as `verify` judges: by the states,
/// a model's `undef` matching any hardware value; observations and flags are
/// not compared (the table says so on its first line). MP+rel-acq.agent
/// (the model's racy `P1:%r1=undef` against the hardware's 0 and 42) agrees;
/// IRIW+rel-acq differs: the model allows the non-multi-copy-atomic state
/// (memory-model.txt: release/acquire alone orders no independent writes),
/// which GFX942's hardware model never produces.
#[test]
fn compare_a_model_with_a_target_matches_undef() {
    let o = amdmm(&[
        "compare",
        "--model",
        "seed",
        "--target",
        "gfx942",
        AGREES,
        "../../litmus/IRIW+rel-acq.litmus",
    ]);
    assert_eq!(code(&o), 1, "{}", stderr(&o));
    let s = stdout(&o);
    let lines: Vec<&str> = s.lines().collect();
    assert!(
        lines[0].starts_with("; a model and a hardware column are compared by their states"),
        "{s}"
    );
    assert!(lines[2].starts_with("IRIW+rel-acq "), "{s}");
    assert_eq!(
        lines[3], "  only seed: P2:%r0=1; P2:%r1=0; P3:%r2=1; P3:%r3=0;",
        "{s}"
    );
    assert_eq!(lines[4], "2 tests, 1 differ (seed vs gfx942/table)", "{s}");
}
