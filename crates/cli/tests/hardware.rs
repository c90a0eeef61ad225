//! End-to-end tests of the hardware commands (`lower`, `run --target`,
//! `verify`): exit codes, the known-findings allowlist, and output that does
//! not depend on `--jobs`.

mod common;
use common::*;

const MP: &str = "../../litmus/MP+rel-acq.agent.litmus";
/// F3 of docs/findings.md: forbidden on gfx90a across agents.
const F3: &str = "../../litmus/MP+avs-avl.system.diffagent.litmus";

#[test]
fn lower_prints_rows_and_code() {
    let o = amdmm(&["lower", "--target", "gfx942", MP]);
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    let out = stdout(&o);
    assert!(out.contains("buffer_wbl2 sc1"), "{out}");
    // Rows are cited by the table's name, its public location and the row's
    // columns, never by a path outside the repository.
    assert!(
        out.contains("https://llvm.org/docs/AMDGPUUsage.html#amdgpu-amdhsa-memory-model-code-sequences-gfx942-table"),
        "{out}"
    );
    assert!(
        out.contains("[GFX942 row store atomic / release / agent / global, generic]"),
        "{out}"
    );
    assert!(!out.contains(".md:") && !out.contains(".txt:"), "{out}");
}

#[test]
fn unknown_target_lists_the_valid_ones() {
    let o = amdmm(&["verify", "--target", "sm_90", MP]);
    assert_eq!(code(&o), 2);
    assert!(stderr(&o).contains("gfx942"), "{}", stderr(&o));
}

/// AMDGPUUsage, "AMDGPU Processors": every processor of the tables'
/// generations is accepted (any case) and checked as its family's modelled
/// processor, which the output names; `xnack`/`sramecc` are accepted where
/// the processor has them; a typo gets the closest names.
#[test]
fn every_processor_name_maps_to_its_modelled_family() {
    let o = amdmm(&["lower", "--target", "GFX906:xnack+:sramecc-", MP]);
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    assert!(
        stdout(&o).starts_with("gfx906 (as gfx900) "),
        "{}",
        stdout(&o)
    );
    let o = amdmm(&["run", "--no-time", "--target", "gfx1201", MP]);
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    assert!(
        stdout(&o).contains("Target gfx1201 (as gfx1200)"),
        "{}",
        stdout(&o)
    );
    let o = amdmm(&["lower", "--target", "gfx1100:xnack", MP]);
    assert_eq!(code(&o), 2);
    assert!(stderr(&o).contains("no feature `xnack`"), "{}", stderr(&o));
    let o = amdmm(&["lower", "--target", "gfx9O6", MP]);
    assert_eq!(code(&o), 2);
    assert!(stderr(&o).contains("did you mean"), "{}", stderr(&o));
    assert!(stderr(&o).contains("`gfx906`"), "{}", stderr(&o));
    let o = amdmm(&["run", "--no-time", "--barrier-target", "GFX1151", MP]);
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    let o = amdmm(&["run", "--barrier-target", "gfx1210", MP]);
    assert_eq!(code(&o), 2);
    assert!(stderr(&o).contains("did you mean"), "{}", stderr(&o));
}

#[test]
fn run_target_prints_hardware_outcomes() {
    let o = amdmm(&["run", "--no-time", "--target", "gfx900", MP]);
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    let out = stdout(&o);
    assert!(out.contains("Target gfx900"), "{out}");
    assert!(out.contains("P1:%r0=1; P1:%r1=42;"), "{out}");
    assert!(!out.contains("P1:%r0=1; P1:%r1=0;"), "{out}");
}

#[test]
fn verify_passes_and_fails_on_a_finding() {
    let ok = amdmm(&["verify", "--target", "gfx942", MP]);
    assert_eq!(code(&ok), 0, "{}", stdout(&ok));
    assert!(stdout(&ok).starts_with("OK MP+rel-acq.agent gfx942"));

    // The known findings are built in: F3's outcome is KNOWN by default.
    let default = amdmm(&["verify", "--target", "gfx90a", F3]);
    assert_eq!(code(&default), 0, "{}", stdout(&default));
    assert!(
        stdout(&default).contains("KNOWN F3 "),
        "{}",
        stdout(&default)
    );
    assert!(!stdout(&default).contains("note:"), "{}", stdout(&default));

    let bad = amdmm(&["verify", "--no-known", "--target", "gfx90a", F3]);
    assert_eq!(code(&bad), 1, "{}", stdout(&bad));
    let out = stdout(&bad);
    assert!(
        out.contains("FORBIDDEN MP+avs-avl.system.diffagent gfx90a"),
        "{out}"
    );
    assert!(out.contains("hardware trace:"), "{out}");

    // --allow adds lines; with --no-known, only the file's apply, and the
    // lines no test reached are counted.
    let allowed = amdmm(&[
        "verify",
        "--no-known",
        "--target",
        "gfx90a",
        "--allow",
        "../hw/known-findings.txt",
        F3,
    ]);
    assert_eq!(code(&allowed), 0, "{}", stdout(&allowed));
    assert!(stdout(&allowed).contains("KNOWN F3 "));
    assert!(stdout(&allowed).contains("note: "), "{}", stdout(&allowed));

    let bad_file = std::env::temp_dir().join(format!("amdmm-bad-allow-{}.txt", std::process::id()));
    std::fs::write(&bad_file, "# comment\nF9 only-two-fields\n").unwrap();
    let o = amdmm(&[
        "verify",
        "--target",
        "gfx90a",
        "--allow",
        bad_file.to_str().unwrap(),
        F3,
    ]);
    let _ = std::fs::remove_file(&bad_file);
    assert_eq!(code(&o), 2);
    assert!(
        stderr(&o).contains(".txt:2: expected `ID TEST TARGET OUTCOME`"),
        "{}",
        stderr(&o)
    );
}

/// The built-in list is crates/hw/known-findings.txt, so an installed binary
/// applies the same findings as a checkout.
/// `verify --model`: the memory model the hardware outcomes are checked
/// against. litmus/hw/MP+volatile.system.diffagent on gfx90a reads 0 after
/// the flag (finding F3); the seed forbids nothing there (a non-atomic
/// volatile access is a plain one, docs/semantics.md "volatile": the read
/// returns `undef`), upstream forbids it (AMDGPUMemoryModel: "A non-atomic
/// `volatile` access results in a *store-available* or *load-visible*
/// operation with the widest scope supported by its address space"), and
/// the built-in list knows it as F3. `--json` names the model.
#[test]
fn verify_model_chooses_the_rules_the_outcomes_are_checked_against() {
    const VOLATILE: &str = "../../litmus/hw/MP+volatile.system.diffagent.litmus";
    let verify = |extra: &[&str]| {
        let mut args = vec!["verify", "--no-known", "--target", "gfx90a"];
        args.extend_from_slice(extra);
        args.push(VOLATILE);
        amdmm(&args)
    };
    let seed = verify(&[]);
    assert_eq!(code(&seed), 0, "{}", stdout(&seed));
    assert!(stdout(&seed).starts_with("OK MP+volatile.system.diffagent gfx90a"));
    assert_eq!(stdout(&seed), stdout(&verify(&["--model", "seed"])));
    let proposed = verify(&["--model", "proposed"]);
    assert_eq!(code(&proposed), 0, "{}", stdout(&proposed));

    let upstream = verify(&["--model", "upstream"]);
    assert_eq!(code(&upstream), 1, "{}", stdout(&upstream));
    assert!(
        stdout(&upstream)
            .contains("FORBIDDEN MP+volatile.system.diffagent gfx90a: P1:%r0=1; P1:%r1=0"),
        "{}",
        stdout(&upstream)
    );
    let known = amdmm(&[
        "verify", "--model", "upstream", "--target", "gfx90a", VOLATILE,
    ]);
    assert_eq!(code(&known), 0, "{}", stdout(&known));
    assert!(stdout(&known).contains("KNOWN F3 "), "{}", stdout(&known));

    for model in ["seed", "upstream"] {
        let o = verify(&["--json", "--model", model]);
        let doc: serde_json::Value = serde_json::from_slice(&o.stdout).expect("JSON");
        assert_eq!(doc["model"], model);
        let want = if model == "seed" { "ok" } else { "forbidden" };
        assert_eq!(doc["results"][0]["status"], want, "{model}");
    }
    let o = verify(&["--model", "c11"]);
    assert_eq!(code(&o), 2);
    assert!(stderr(&o).contains("upstream"), "{}", stderr(&o));
}

#[test]
fn built_in_known_findings_are_the_file() {
    let file = std::fs::read_to_string(manifest_dir().join("../hw/known-findings.txt")).unwrap();
    assert_eq!(amdmm_hw::KNOWN_FINDINGS, file);
}

/// Everything but the final line (which has the elapsed time) is the same
/// whatever the number of threads.
#[test]
fn verify_output_does_not_depend_on_jobs() {
    let run = |jobs: &str| {
        let o = amdmm(&[
            "verify",
            "--jobs",
            jobs,
            "--target",
            "gfx600,gfx90a,gfx1100:cumode",
            "../../litmus/hw",
            MP,
        ]);
        assert_eq!(code(&o), 0, "{}", stdout(&o));
        let out = stdout(&o);
        let mut lines: Vec<&str> = out.lines().collect();
        lines.pop();
        lines.join("\n")
    };
    let one = run("1");
    assert!(one.lines().count() > 10, "{one}");
    assert_eq!(one, run("2"));
}

#[test]
fn run_target_json_and_model_flags() {
    let o = amdmm(&["run", "--no-time", "--json", "--target", "gfx942", MP]);
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    let doc: serde_json::Value = serde_json::from_slice(&o.stdout).expect("JSON");
    assert_eq!(doc["model"], "hardware");
    assert_eq!(doc["tests"][0]["target"], "gfx942");
    assert!(doc["tests"][0]["hardware_states"].as_u64().unwrap() > 0);

    let o = amdmm(&["run", "--check", "--target", "gfx942", MP]);
    assert_eq!(code(&o), 2);
    assert!(stderr(&o).contains("amdmm verify"), "{}", stderr(&o));
}

/// `run --target --no-symmetry` and `--no-reduction` reach the hardware
/// model, as in `verify`: on the ticket lock (two waves with the same
/// code, interchangeable) each reference explores more hardware states
/// (the header line's count grows: symmetry off, then every reduction
/// off) and prints the same final states, observation and flags (the rest
/// of the output is the same to the byte). Without `--target` the flags
/// are refused.
#[test]
fn run_target_takes_the_reductions_off() {
    const TICKET: &str = "../../litmus/idioms/Ticket+rmw.agent.distinct.litmus";
    let run = |flag: Option<&str>| {
        let mut args = vec!["run", "--no-time", "--target", "gfx942"];
        args.extend(flag);
        args.push(TICKET);
        let o = amdmm(&args);
        assert_eq!(code(&o), 0, "{flag:?}: {}", stderr(&o));
        let out = stdout(&o);
        let (header, rest) = out.split_once('\n').unwrap();
        let states: u64 = header
            .strip_prefix("Target gfx942 (")
            .and_then(|h| h.strip_suffix(" hardware states)"))
            .unwrap_or_else(|| panic!("{flag:?}: {header}"))
            .parse()
            .unwrap();
        (states, rest.to_string())
    };
    let (reduced, text) = run(None);
    let (no_symmetry, text_no_symmetry) = run(Some("--no-symmetry"));
    let (no_reduction, text_no_reduction) = run(Some("--no-reduction"));
    assert!(text.contains("States 2"), "{text}");
    assert!(reduced < no_symmetry, "{reduced} {no_symmetry}");
    assert!(no_symmetry < no_reduction, "{no_symmetry} {no_reduction}");
    assert_eq!(text, text_no_symmetry);
    assert_eq!(text, text_no_reduction);

    for flag in ["--no-symmetry", "--no-reduction"] {
        let o = amdmm(&["run", flag, TICKET]);
        assert_eq!(code(&o), 2, "{flag}");
        assert!(stderr(&o).contains("--target"), "{flag}: {}", stderr(&o));
    }
}

/// Is an llc installed (as `amdmm` finds it)? Without one the llc tests are
/// skipped with a message; under CI that is a failure.
fn have_llc() -> bool {
    let o = amdmm(&["compile", "--target", "gfx942", MP]);
    if code(&o) == 0 {
        return true;
    }
    assert!(
        std::env::var_os("CI").is_none(),
        "CI needs llc: {}",
        stderr(&o)
    );
    eprintln!("skipped: live llc tests ({})", stderr(&o).trim());
    false
}

/// `lower --compare`: per operation, the row, both sequences and the kinds
/// of difference; a summary per target; the same as JSON.
#[test]
fn lower_compare_text_and_json() {
    if !have_llc() {
        return;
    }
    let o = amdmm(&["lower", "--compare", "--target", "gfx600,gfx942", MP]);
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    let out = stdout(&o);
    // GFX6 has no buffer_wbinvl1_vol; llc invalidates the whole L1.
    assert!(out.contains("    table: buffer_load_dword glc; s_waitcnt vmcnt(0); buffer_wbinvl1_vol\n    llc:   buffer_load_dword glc; s_waitcnt vmcnt(0); buffer_wbinvl1\n    differs: different-instruction"), "{out}");
    assert!(
        out.contains("[row load atomic / acquire / agent, system / global]"),
        "{out}"
    );
    assert!(
        out.contains("summary gfx600: 1 tests (0 skipped), 4 operations, 2 differ"),
        "{out}"
    );
    assert!(
        out.contains("summary gfx942: 1 tests (0 skipped), 4 operations, 0 differ"),
        "{out}"
    );
    let o = amdmm(&["lower", "--compare", "--json", "--target", "gfx600", MP]);
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    let v: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    assert!(v["llc"].as_str().unwrap().contains("LLVM version"), "{v}");
    let d = &v["results"][0]["differences"];
    assert_eq!(d.as_array().unwrap().len(), 2, "{v}");
    assert_eq!(v["summary"][0]["differing"], 2, "{v}");
    assert_eq!(v["summary"][0]["kinds"]["different-instruction"], 1, "{v}");
}

/// `lower` without --compare takes one test; its --json is the lowering's
/// document (docs/schema/lower.json), not the comparison's.
#[test]
fn lower_compare_options() {
    let o = amdmm(&["lower", "--target", "gfx942", MP, MP]);
    assert_eq!(code(&o), 2);
    assert!(stderr(&o).contains("one test"), "{}", stderr(&o));
    let o = amdmm(&["lower", "--json", "--target", "gfx942", MP]);
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    let v: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    assert_eq!(v["target"], "gfx942", "{v}");
    assert!(v.get("summary").is_none(), "{v}");
}

/// `lower --code llc` (issue 29): the header names llc and its version,
/// not the tables' rows, and llc's instructions keep their operands.
#[test]
fn lower_code_llc_names_llc_and_keeps_operands() {
    if !have_llc() {
        return;
    }
    let o = amdmm(&["lower", "--code", "llc", "--target", "gfx942", MP]);
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    let out = stdout(&o);
    let header = out.lines().nth(1).unwrap_or_default();
    assert!(header.starts_with("; code of llc"), "{out}");
    assert!(
        header.contains("LLVM version") && header.ends_with("no table row)"),
        "{out}"
    );
    assert!(!out.contains("rows of AMDGPUUsage"), "{out}");
    // The flag's store: a register operand and the address registers.
    assert!(
        out.lines()
            .any(|l| l.trim_start().starts_with("global_store_dword v") && l.contains("s[")),
        "{out}"
    );
}

/// `lower --compare --fail-on` gates CI (issue 29): exit 1 on an
/// operation where llc's code lacks a wait of the row (the one-as LDS
/// release on gfx942, docs/tutorial.md), 0 on a test where llc's code
/// differs only in stronger or model-decided ways, or not at all.
#[test]
fn lower_compare_fail_on_weaker() {
    if !have_llc() {
        return;
    }
    let one_as = "../../litmus/MP+rel-acq.workgroup-one-as.lds.litmus";
    let o = amdmm(&["lower", "--compare", "--target", "gfx942", one_as]);
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    assert!(stdout(&o).contains("missing-wait"), "{}", stdout(&o));
    let o = amdmm(&[
        "lower",
        "--compare",
        "--fail-on",
        "weaker",
        "--target",
        "gfx942",
        one_as,
    ]);
    assert_eq!(code(&o), 1, "{}", stdout(&o));
    // MP on gfx600: two differences, neither weaker (different-instruction).
    let o = amdmm(&[
        "lower",
        "--compare",
        "--fail-on",
        "weaker",
        "--target",
        "gfx600",
        MP,
    ]);
    assert_eq!(code(&o), 0, "{}", stdout(&o));
    let o = amdmm(&[
        "lower",
        "--compare",
        "--fail-on",
        "differ",
        "--target",
        "gfx600",
        MP,
    ]);
    assert_eq!(code(&o), 1, "{}", stdout(&o));
    let o = amdmm(&[
        "lower",
        "--compare",
        "--fail-on",
        "differ",
        "--target",
        "gfx942",
        MP,
    ]);
    assert_eq!(code(&o), 0, "{}", stdout(&o));
}
