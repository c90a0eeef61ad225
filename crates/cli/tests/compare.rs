//! `amdmm compare`: the tests whose results differ between rule sets. The
//! differing test is litmus/fence-as/MP+fence-fence.wg.as-local.av-none.data-lds
//! (its description quotes both rules): under the seed (memory-model.txt,
//! MakeAvailable / MakeVisible) `amdgcn-av none` fences make nothing
//! available, so the LDS data read never returns 42 (it reads undef); under
//! upstream (AMDGPUMemoryModel.md: "Any access to addrspace(3) always results
//! in a store-available or load-visible operation with scope workgroup") it
//! returns 42 when the flag is 1. MP+rel-acq.agent agrees under both.

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
        stderr(&o).contains("compare needs two models or more"),
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
