//! The playground's functions on the host: the JSON they answer, the
//! diagnostics' places, the options. (Byte-for-byte agreement with the
//! command line on the whole corpus is checked on the .wasm itself by
//! web/tests/corpus.mjs.)

use serde_json::Value;

const MP: &str = r#"AMDGPU MP+rel-acq.agent
{
  global x = 0;
  global y = 0;
}
thread P0 @ wg 0 {
  store i32 42, ptr @x
  store atomic i32 1, ptr @y syncscope("agent") release, align 4
}
thread P1 @ wg 1 {
  %r0 = load atomic i32, ptr @y syncscope("agent") acquire, align 4
  %r1 = load i32, ptr @x
}
exists (P1:%r0 == 1 /\ P1:%r1 != 42)
expect Never race
"#;

fn run(src: &str, options: &str) -> Value {
    serde_json::from_str(&amdmm_web::run(src, options)).unwrap()
}

#[test]
fn run_answers_the_herd_text_and_the_json_result() {
    let r = run(MP, "{}");
    assert_eq!(r["status"], "ran");
    assert_eq!(r["exit"], 0);
    let out = r["stdout"].as_str().unwrap();
    assert!(
        out.starts_with("Test MP+rel-acq.agent Allowed\nStates 2\n"),
        "{out}"
    );
    assert!(
        out.contains("Observation MP+rel-acq.agent Never 0 2\n"),
        "{out}"
    );
    assert!(!out.contains("Time "), "no Time line, as with --no-time");
    let res = &r["result"];
    assert_eq!(res["observation"], "Never");
    assert_eq!(res["check"]["passed"], true);
    assert_eq!(res["states"].as_array().unwrap().len(), 2);
    // One witness per final state, with its text.
    assert_eq!(res["witnesses"].as_array().unwrap().len(), 2);
    let texts = r["witness_texts"].as_array().unwrap();
    assert_eq!(texts.len(), 2);
    assert!(texts[0]
        .as_str()
        .unwrap()
        .starts_with("Witness for state 1"));
}

#[test]
fn show_executions_adds_the_witnesses_to_the_text() {
    let r = run(MP, r#"{"show_executions": true}"#);
    assert!(r["stdout"]
        .as_str()
        .unwrap()
        .contains("Witness for state 2"));
}

#[test]
fn a_broken_test_gives_diagnostics_at_their_line_and_column() {
    let src = MP.replace("ptr @x\n}", "ptr @z\n}");
    let r = run(&src, r#"{"file": "t.litmus"}"#);
    assert_eq!(r["status"], "input_error");
    assert_eq!(r["exit"], 2);
    let d = &r["diagnostics"][0];
    assert_eq!(d["line"], 12);
    assert_eq!(d["column"], 23);
    assert_eq!(d["end_column"], 25);
    assert!(d["rendered"]
        .as_str()
        .unwrap()
        .contains("--> t.litmus:12:23"));
    assert!(r["stderr"].as_str().unwrap().ends_with("\n\n"));
}

#[test]
fn options_are_checked() {
    let r = run(MP, r#"{"model": "nope"}"#);
    assert_eq!(r["status"], "option_error");
    assert!(r["stderr"]
        .as_str()
        .unwrap()
        .contains("unknown model `nope`"));
    let r = run(MP, r#"{"barrier_target": "gfx1"}"#);
    assert_eq!(r["status"], "option_error");
    let r = run(MP, r#"{"loop_bownd": 3}"#);
    assert_eq!(r["status"], "option_error", "unknown fields are refused");
    let r = run(
        MP,
        r#"{"model": "upstream", "barrier_target": "gfx1100", "timeout": 5}"#,
    );
    assert_eq!(r["status"], "ran");
}

#[test]
fn a_limit_ends_in_unknown() {
    let r = run(MP, r#"{"max_executions": 1}"#);
    assert_eq!(r["result"]["observation"], "Unknown");
    assert!(r["stdout"]
        .as_str()
        .unwrap()
        .contains("Unknown MP+rel-acq.agent limit reached"));
}

#[test]
fn lower_prints_the_table_code() {
    let r: Value = serde_json::from_str(&amdmm_web::lower(MP, "gfx942", "t.litmus")).unwrap();
    assert_eq!(r["ok"], true);
    assert!(
        r["text"].as_str().unwrap().contains("buffer_wbl2"),
        "{}",
        r["text"]
    );
    let r: Value = serde_json::from_str(&amdmm_web::lower(MP, "gfx9999", "t.litmus")).unwrap();
    assert_eq!(r["ok"], false);
    let e = r["error"].as_str().unwrap();
    assert!(e.contains("gfx9999"), "{e}");
}

#[test]
fn lds_reports_conflicts_and_errors() {
    let r: Value = serde_json::from_str(&amdmm_web::lds(
        r#"{"instr": "ds_read_b32", "addr": "lane*128"}"#,
    ))
    .unwrap();
    assert_eq!(r["ok"], true);
    assert_eq!(r["json"]["max_conflict"], 32);
    assert_eq!(r["json"]["cycles"], 64);
    let r: Value = serde_json::from_str(&amdmm_web::lds(
        r#"{"instr": "ds_read_b32", "addr": "lane*"}"#,
    ))
    .unwrap();
    assert_eq!(r["ok"], false);
    assert!(r["error"].as_str().unwrap().starts_with("in --addr"));
}

#[test]
fn catalogue_lists_the_menus() {
    let c: Value = serde_json::from_str(&amdmm_web::catalogue()).unwrap();
    // `proposed`: the seed plus the specification findings' wording changes
    // (docs/findings.md), offered by the playground too.
    assert_eq!(
        c["models"],
        serde_json::json!(["seed", "upstream", "proposed"])
    );
    assert!(c["lower_targets"]
        .as_array()
        .unwrap()
        .iter()
        .any(|t| t == "gfx942:tgsplit"));
    assert!(c["lds_instructions"]
        .as_array()
        .unwrap()
        .iter()
        .any(|t| t == "ds_read_b32"));
}

const S1: &str = r#"AMDGPU Counter+rmw.wg+syncthreads+plain
{ global x = 0; }
thread P0 @ wg 0, wave 0 {
  %a = atomicrmw add ptr @x, i32 1 syncscope("workgroup") monotonic
  fence syncscope("workgroup") release
  call void @llvm.amdgcn.s.barrier()
  fence syncscope("workgroup") acquire
  %r = load i32, ptr @x
}
thread P1 @ wg 0, wave 1 {
  %b = atomicrmw add ptr @x, i32 1 syncscope("workgroup") monotonic
  fence syncscope("workgroup") release
  call void @llvm.amdgcn.s.barrier()
  fence syncscope("workgroup") acquire
}
forall (P0:%r == 2)
"#;

fn call(f: fn(&str, &str) -> String, src: &str, options: &str) -> Value {
    serde_json::from_str(&f(src, options)).unwrap()
}

// explain (memory-model.txt, "Location Order"): MP's stale read breaks the
// read rule; the text is explain's, a graph per class, a bad state is the
// command line's diagnostic.
#[test]
fn explain_names_the_rule_with_graphs() {
    let r = call(amdmm_web::explain, MP, "{}");
    assert_eq!(r["status"], "ran");
    assert_eq!(r["exit"], 0);
    assert_eq!(r["verdict"], "forbidden");
    let out = r["stdout"].as_str().unwrap();
    assert!(out.starts_with("Explain MP+rel-acq.agent: "), "{out}");
    assert!(out.contains("] read rule ("), "{out}");
    let dots = r["class_dots"].as_array().unwrap();
    assert!(!dots.is_empty());
    assert!(dots[0].as_str().unwrap().starts_with("digraph"));
    let r = call(
        amdmm_web::explain,
        MP,
        r#"{"state": "P1:%r0=1; P1:%r1=42"}"#,
    );
    assert_eq!(r["verdict"], "allowed");
    let r = call(amdmm_web::explain, MP, r#"{"state": "P9:%r0=1"}"#);
    assert_eq!(r["status"], "option_error");
    assert_eq!(r["exit"], 2);
    let err = r["stderr"].as_str().unwrap();
    assert!(err.contains("--state:1:1"), "{err}");
    assert!(err.contains("is not a column of this test"), "{err}");
}

// compare: finding S1 (docs/findings.md) — two relaxed RMWs then a plain
// read return undef under the seed and 2 under the proposed wording, so
// the models differ (exit 1); seed and upstream agree (both undef).
#[test]
fn compare_models_differ_on_finding_s1() {
    let r = call(
        amdmm_web::compare,
        S1,
        r#"{"models": ["seed", "proposed"]}"#,
    );
    assert_eq!(r["status"], "ran");
    assert_eq!(r["exit"], 1, "{}", r["stdout"]);
    assert_eq!(r["differs"], true);
    let r = call(
        amdmm_web::compare,
        S1,
        r#"{"models": ["seed", "upstream"]}"#,
    );
    assert_eq!(r["exit"], 0, "{}", r["stdout"]);
    assert_eq!(r["differs"], false);
    let r = call(amdmm_web::compare, S1, r#"{"models": ["seed"]}"#);
    assert_eq!(r["status"], "option_error");
}

fn verify(src: &str, options: &str) -> Value {
    serde_json::from_str(&amdmm_web::verify(src, options)).unwrap()
}

/// The text of the corpus test `litmus/NAME`.
fn corpus(name: &str) -> String {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../litmus")
        .join(name);
    std::fs::read_to_string(path).unwrap()
}

/// `verify` on a target: MP with release/acquire at agent scope compiles
/// to code whose gfx942 hardware outcomes the memory model all allows (the
/// tables' sequences are correct; AMDGPUUsage's memory-model code
/// sequences, GFX942): an OK line with the counts, then the summary line,
/// exit 0. An unknown target is an option error (exit 2), not a panic.
#[test]
fn verify_runs_the_hardware_model_with_the_tables() {
    let v = verify(MP, r#"{"file": "MP.litmus", "target": "gfx942"}"#);
    assert_eq!(v["status"], "ran", "{v}");
    assert_eq!(v["exit"], 0, "{v}");
    assert_eq!(v["verdict"], "ok", "{v}");
    let out = v["stdout"].as_str().unwrap();
    assert!(
        out.starts_with("OK MP+rel-acq.agent gfx942: 3 hardware outcomes, all allowed ("),
        "{out}"
    );
    assert!(
        out.contains("\n1 allowed, 0 with forbidden outcomes, 0 with known findings only, 0 skipped, 0 at a limit, 0 llc errors ("),
        "{out}"
    );
    let bad = verify(MP, r#"{"target": "gfx9999"}"#);
    assert_eq!(bad["status"], "option_error", "{bad}");
    assert_eq!(bad["exit"], 2, "{bad}");
}

/// `verify` checks against the chosen model, as `amdmm verify --model`:
/// litmus/hw/MP+volatile.system.diffagent on gfx90a reads 0 after the flag
/// (finding F3). The seed reads the volatile store as a plain one
/// (`undef`: nothing forbidden), upstream makes it store-available at
/// system scope ("A non-atomic `volatile` access results in a
/// *store-available* or *load-visible* operation with the widest scope
/// supported by its address space"), so the outcome is forbidden there,
/// and known as F3. An unknown model is an option error.
#[test]
fn verify_checks_against_the_chosen_model() {
    let src = corpus("hw/MP+volatile.system.diffagent.litmus");
    let seed = verify(&src, r#"{"target": "gfx90a"}"#);
    assert_eq!(seed["verdict"], "ok", "{seed}");
    let named = verify(&src, r#"{"target": "gfx90a", "model": "seed"}"#);
    assert_eq!(named["verdict"], "ok", "{named}");
    let upstream = verify(&src, r#"{"target": "gfx90a", "model": "upstream"}"#);
    assert_eq!(upstream["verdict"], "known", "{upstream}");
    let out = upstream["stdout"].as_str().unwrap();
    assert!(
        out.starts_with("KNOWN F3 MP+volatile.system.diffagent gfx90a: P1:%r0=1; P1:%r1=0\n"),
        "{out}"
    );
    let bad = verify(&src, r#"{"target": "gfx90a", "model": "c11"}"#);
    assert_eq!(bad["status"], "option_error", "{bad}");
}

/// Known finding F2 (docs/findings.md): ISA2 with a workgroup-scope
/// release on gfx600 shows an outcome the memory model forbids; verify
/// names it KNOWN with its id, as the command line does, and exits 0.
#[test]
fn verify_names_a_known_finding() {
    let src = corpus("ISA2+avs.wg+fence-rel.agent+avl.agent.litmus");
    let v = verify(&src, r#"{"target": "gfx600"}"#);
    assert_eq!(v["verdict"], "known", "{v}");
    assert_eq!(v["exit"], 0, "{v}");
    let out = v["stdout"].as_str().unwrap();
    assert!(
        out.starts_with(
            "KNOWN F2 ISA2+avs.wg+fence-rel.agent+avl.agent gfx600: P1:%r0=1; P2:%r1=1; P2:%r2=0\n"
        ),
        "{out}"
    );
}
