//! `amdmm kernel` end to end: the fixtures of kernels/ (no clang needed),
//! `--check`, `--json`, and the errors of bad input.

mod common;
use common::*;

#[test]
fn message_passing_report_names_the_race_by_source_line() {
    let o = amdmm(&[
        "kernel",
        "../../kernels/fixtures/mp_relaxed_flag.O2.ll",
        "--grid",
        "2",
    ]);
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    let out = stdout(&o);
    assert!(
        out.contains("race: mp_relaxed_flag.hip:22 load of data[0] (wg1.wi0)"),
        "{out}"
    );
    assert!(
        out.contains("may see mp_relaxed_flag.hip:18 store of data[0] (wg0.wi0)"),
        "{out}"
    );
    assert!(out.contains("out[0] = undef  (every final state)"), "{out}");
    assert!(out.contains("Flags: race cutoff"), "{out}");
}

#[test]
fn agent_release_acquire_has_no_race_and_out_is_42() {
    let o = amdmm(&[
        "kernel",
        "../../kernels/fixtures/mp_agent_spin.O0.ll",
        "--grid",
        "2",
        "--block",
        "1",
    ]);
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    let out = stdout(&o);
    assert!(out.contains("Races: none"), "{out}");
    assert!(out.contains("out[0] = 42  (every final state)"), "{out}");
}

#[test]
fn check_reads_the_sources_expectations() {
    let o = amdmm(&[
        "kernel",
        "--check",
        "../../kernels/fixtures/lds_exchange_sync.O2.ll",
        "../../kernels/fixtures/counter_relaxed.O0.ll",
    ]);
    assert_eq!(code(&o), 0, "{}{}", stdout(&o), stderr(&o));
    assert!(stderr(&o).contains("2 passed, 0 failed"), "{}", stderr(&o));
}

#[test]
fn check_fails_on_a_mismatch() {
    let dir = std::env::temp_dir().join(format!("amdmm-kernel-check-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let src =
        std::fs::read_to_string(manifest_dir().join("../../kernels/counter_relaxed.hip")).unwrap();
    std::fs::write(
        dir.join("k.hip"),
        src.replace("counter[0] = 4", "counter[0] = 3"),
    )
    .unwrap();
    std::fs::copy(
        manifest_dir().join("../../kernels/fixtures/counter_relaxed.O2.ll"),
        dir.join("k.O2.ll"),
    )
    .unwrap();
    let o = amdmm(&["kernel", "--check", dir.join("k.O2.ll").to_str().unwrap()]);
    let _ = std::fs::remove_dir_all(&dir);
    assert_eq!(code(&o), 1, "{}", stderr(&o));
    assert!(
        stderr(&o).contains("FAIL") && stderr(&o).contains("counter[0]"),
        "{}",
        stderr(&o)
    );
}

#[test]
fn missing_clang_is_one_error_naming_the_package() {
    let o = amdmm(&[
        "kernel",
        "../../kernels/mp_agent_spin.hip",
        "--clang",
        "/nonexistent/clang",
    ]);
    assert_eq!(code(&o), 2);
    let e = stderr(&o);
    assert!(
        e.contains("clang-22") && e.contains("apt-get install"),
        "{e}"
    );
    assert_eq!(e.lines().count(), 1, "{e}");
}

#[test]
fn bad_input_is_an_error_with_its_line() {
    let dir = std::env::temp_dir().join(format!("amdmm-kernel-bad-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let f = dir.join("bad.ll");
    std::fs::write(&f, "define amdgpu_kernel void @k(ptr addrspace(1) %p) {\n  %x = call float @llvm.amdgcn.rsq.f32(float 2.0)\n  ret void\n}\n").unwrap();
    let o = amdmm(&["kernel", f.to_str().unwrap()]);
    std::fs::write(&f, "declare void @f()\n").unwrap();
    let none = amdmm(&["kernel", f.to_str().unwrap()]);
    let _ = std::fs::remove_dir_all(&dir);
    assert_eq!(code(&o), 2);
    assert!(
        stderr(&o).contains("bad.ll:2:") && stderr(&o).contains("llvm.amdgcn.rsq.f32"),
        "{}",
        stderr(&o)
    );
    assert_eq!(code(&none), 2);
    assert!(stderr(&none).contains("no kernel"), "{}", stderr(&none));
}

/// An error in a `.hip` compiled on the fly names the `.hip`'s own line (the
/// instruction's `!dbg` location), and the line of clang's IR it came from,
/// never an IR line under the `.hip`'s name.
#[test]
fn hip_error_names_the_source_line() {
    let Some(_) = std::env::var_os("PATH")
        .and_then(|p| std::env::split_paths(&p).find(|d| d.join("clang-22").is_file()))
    else {
        if std::env::var_os("CI").is_some() {
            panic!("clang-22 is required under CI");
        }
        return;
    };
    let dir = tmp("hip-error");
    std::fs::create_dir_all(&dir).unwrap();
    let f = dir.join("bad.hip");
    // Line 5 calls a float intrinsic amdmm does not model (the target's
    // approximate reciprocal square root).
    std::fs::write(
        &f,
        "// launch: --grid 1 --block 1\n\n__attribute__((global)) void k(float *out) {\n  float x = out[0];\n  out[1] = __builtin_amdgcn_rsqf(x);\n}\n",
    )
    .unwrap();
    for opt in ["0", "2"] {
        let o = amdmm(&["kernel", f.to_str().unwrap(), "--opt-level", opt]);
        assert_eq!(code(&o), 2, "{}", stderr(&o));
        let e = stderr(&o);
        assert!(e.contains("bad.hip:5:"), "-O{opt}: {e}");
        assert!(e.contains("of the LLVM IR clang made"), "-O{opt}: {e}");
        assert!(e.contains("llvm.amdgcn.rsq.f32"), "-O{opt}: {e}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// With clang-22 installed, a `.hip` file runs as its fixture does.
#[test]
fn hip_source_through_clang() {
    let Some(_) = std::env::var_os("PATH")
        .and_then(|p| std::env::split_paths(&p).find(|d| d.join("clang-22").is_file()))
    else {
        if std::env::var_os("CI").is_some() {
            panic!("clang-22 is required under CI");
        }
        return;
    };
    let o = amdmm(&[
        "kernel",
        "../../kernels/lds_exchange_sync.hip",
        "--block",
        "2",
        "--opt-level",
        "0",
    ]);
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    assert!(stdout(&o).contains("out[0] = 11"), "{}", stdout(&o));
}

/// issue #31 item 5: a kernel result that comes from specification finding
/// S1 (relaxed RMWs, a barrier, a plain read: `undef`) carries the same
/// one-line note `run` prints, in the text and in the JSON's `notes`; a
/// kernel without the pattern has none.
#[test]
fn finding_s1_is_named_in_the_text_and_the_json() {
    let file = "../../kernels/fixtures/counter_barrier_plain_read.O2.ll";
    let launch = ["--grid", "1", "--block", "128", "--lanes", "1"];
    let o = amdmm(&[&["kernel", file][..], &launch[..]].concat());
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    let out = stdout(&o);
    let notes: Vec<&str> = out.lines().filter(|l| l.starts_with("note: ")).collect();
    assert_eq!(notes.len(), 1, "{out}");
    assert!(
        notes[0].starts_with("note: this is finding S1 ") && notes[0].contains("line 32"),
        "{out}"
    );
    let o = amdmm(&[&["kernel", file, "--json"][..], &launch[..]].concat());
    let v: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    let notes = v["notes"].as_array().unwrap();
    assert_eq!(notes.len(), 1, "{v}");
    assert!(notes[0]["text"]
        .as_str()
        .unwrap()
        .starts_with("this is finding S1 "));
    // The race-free counter: no note.
    let o = amdmm(&[
        "kernel",
        "../../kernels/fixtures/counter_relaxed.O2.ll",
        "--grid",
        "2",
        "--block",
        "2",
        "--json",
    ]);
    let v: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    assert_eq!(v["notes"].as_array().unwrap().len(), 0, "{v}");
}

/// issue #25: two waves that wait on each other (one at `__syncthreads()`,
/// one spinning on a flag the other sets after it) are a deadlock at the
/// barrier's line, not a loop cutoff; a spin loop that can exit is not.
#[test]
fn barrier_against_spin_is_a_deadlock_at_the_barrier_line() {
    for o in [0, 2] {
        let f = format!("../../kernels/fixtures/barrier_vs_spin_deadlock.O{o}.ll");
        let o = amdmm(&["kernel", &f, "--block", "128", "--lanes", "1"]);
        assert_eq!(code(&o), 0, "{}", stderr(&o));
        let out = stdout(&o);
        assert!(out.contains("Flags: deadlock\n"), "{out}");
        assert!(
            out.contains("never completes for wg0.wi0 (line 24)"),
            "{out}"
        );
        assert!(
            out.contains("wg0.wi64 never leaves its loop (line 27)"),
            "{out}"
        );
    }
    let o = amdmm(&[
        "kernel",
        "../../kernels/fixtures/mp_agent_spin.O2.ll",
        "--grid",
        "2",
    ]);
    let out = stdout(&o);
    assert!(out.contains("Flags: cutoff\n"), "{out}");
    assert!(!out.contains("deadlock"), "{out}");
}

/// OpenCL C source through clang (`-x cl -cl-std=CL2.0`): OpenCL's
/// work-item functions and `barrier()` are modelled; the kernels' `// expect`
/// lines hold at -O0 and -O2. Without clang, the checked-in fixtures are
/// checked instead (crates/kernel/tests/corpus.rs).
#[test]
fn opencl_source_through_clang() {
    let Some(_) = std::env::var_os("PATH")
        .and_then(|p| std::env::split_paths(&p).find(|d| d.join("clang-22").is_file()))
    else {
        if std::env::var_os("CI").is_some() {
            panic!("clang-22 is required under CI");
        }
        return;
    };
    for o in ["0", "2"] {
        let out = amdmm(&[
            "kernel",
            "--check",
            "--opt-level",
            o,
            "../../kernels/mp_opencl_device_scope.cl",
            "../../kernels/lds_exchange_opencl_barrier.cl",
        ]);
        assert_eq!(code(&out), 0, "{}{}", stdout(&out), stderr(&out));
        assert!(
            stderr(&out).contains("2 passed, 0 failed"),
            "{}",
            stderr(&out)
        );
    }
}

fn tmp(name: &str) -> std::path::PathBuf {
    let d = std::env::temp_dir().join(format!("amdmm-kernel-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    d
}

/// Does Graphviz's `dot` accept `file`? `None` when it is not installed.
fn dot_parses(file: &std::path::Path) -> Option<bool> {
    let o = std::process::Command::new("dot")
        .arg("-Tsvg")
        .arg(file)
        .output()
        .ok()?;
    Some(o.status.success())
}

/// issue #25 item 5: each race has an explain-style witness under it: the
/// two accesses by source line and work-item, why the read returns undef
/// (not happens-before ordered, not atomic; memory-model.txt, "Location
/// Order"), the events of one execution with the race and its relations;
/// `--graph DIR` writes that execution as a graph named after the race,
/// and the JSON carries it.
#[test]
fn race_witness_names_both_lines_work_items_and_relations() {
    let dir = tmp("race");
    for level in [0, 2] {
        let f = format!("../../kernels/fixtures/mp_relaxed_flag.O{level}.ll");
        let o = amdmm(&[
            "kernel",
            &f,
            "--grid",
            "2",
            "--graph",
            dir.to_str().unwrap(),
            "--graph-format",
            "dot",
        ]);
        assert_eq!(code(&o), 0, "{}", stderr(&o));
        let out = stdout(&o);
        // The data race: store on line 18 by wg0.wi0, load on line 22 by wg1.wi0.
        assert!(
            out.contains("why: the store of wg0.wi0 does not happen before the load of wg1.wi0"),
            "{out}"
        );
        assert!(out.contains("why: neither access is atomic"), "{out}");
        let trace: Vec<&str> = out
            .lines()
            .skip_while(|l| !l.trim_start().starts_with("witness"))
            .take_while(|l| !l.starts_with("Final memory"))
            .collect();
        let trace = trace.join("\n");
        let after = |head: &str| {
            trace
                .split(head)
                .nth(1)
                .unwrap_or_default()
                .lines()
                .skip(1)
                .take_while(|l| l.starts_with("            "))
                .collect::<Vec<_>>()
                .join("\n")
        };
        let writer = after("wg0.wi0:");
        let reader = after("wg1.wi0:");
        assert!(writer.contains("W data[0]=42  (line 18)"), "{trace}");
        assert!(reader.contains("R data[0]=undef  (line 22)"), "{trace}");
        assert!(trace.contains("race: e"), "{trace}");
        let graph = dir.join(format!("mp_relaxed_flag.O{level}.race-1-data.dot"));
        assert!(
            out.contains(&format!("(graph: {})", graph.display())),
            "{out}"
        );
        let dot = std::fs::read_to_string(&graph).unwrap();
        assert!(dot.starts_with("digraph execution {"), "{dot}");
        assert!(dot.contains("R data[0]=undef (line 22)"), "{dot}");
        if let Some(ok) = dot_parses(&graph) {
            assert!(ok, "dot rejects {}", graph.display());
        }
    }
    // The JSON carries the same witness.
    let o = amdmm(&[
        "kernel",
        "../../kernels/fixtures/mp_relaxed_flag.O2.ll",
        "--grid",
        "2",
        "--json",
    ]);
    let v: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    let race = &v["races"][0];
    assert!(race["why"][0]
        .as_str()
        .unwrap()
        .contains("does not happen before"));
    assert!(race["witness"]["graph"].is_null());
    let events = race["witness"]["execution"]["events"].as_array().unwrap();
    let at = |who: &str, line: u64| {
        events
            .iter()
            .any(|e| e["thread"] == who && e["line"] == line)
    };
    assert!(at("wg0.wi0", 18) && at("wg1.wi0", 22), "{race}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// issue #25 item 3: a workgroup-scope flag across workgroups races on the
/// flag itself; the race says why (the scopes are not inclusive) and a
/// one-line note points at docs/findings.md's "Expected behaviours" for a
/// reader who expected the race on `data`. A race between plain accesses
/// has no such note.
#[test]
fn scope_mismatch_race_explains_itself() {
    let o = amdmm(&[
        "kernel",
        "../../kernels/fixtures/mp_wg_scope_across.O2.ll",
        "--grid",
        "2",
    ]);
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    let out = stdout(&o);
    assert!(
        out.contains("why: both are atomic, but their scopes are not inclusive"),
        "{out}"
    );
    let notes: Vec<&str> = out
        .lines()
        .filter(|l| {
            l.trim_start()
                .starts_with("note: a scope mismatch is a race")
        })
        .collect();
    assert_eq!(notes.len(), 1, "{out}");
    assert!(notes[0].contains("\"Expected behaviours\""), "{out}");
    let o = amdmm(&[
        "kernel",
        "../../kernels/fixtures/mp_relaxed_flag.O2.ll",
        "--grid",
        "2",
    ]);
    assert!(!stdout(&o).contains("scope mismatch"), "{}", stdout(&o));
}

/// `--graph` writes a witness of each deadlock, undefined behaviour and
/// reachable assertion too, and the text names the file under its line.
#[test]
fn graphs_of_deadlocks_ub_and_asserts() {
    let dir = tmp("flags");
    let d = dir.to_str().unwrap();
    let cases: [(&str, &[&str], &str); 3] = [
        (
            "barrier_vs_spin_deadlock.O2",
            &["--block", "128", "--lanes", "1"],
            "deadlock-1",
        ),
        ("mp_wg_scope_across.O2", &["--grid", "2"], "ub-1"),
        (
            "assert_reachable_relaxed_mp.O2",
            &["--grid", "2"],
            "assert-1-line24",
        ),
    ];
    for (stem, launch, graph) in cases {
        let f = format!("../../kernels/fixtures/{stem}.ll");
        let args = [
            &["kernel", &f, "--graph", d, "--graph-format", "dot"][..],
            launch,
        ]
        .concat();
        let o = amdmm(&args);
        assert_eq!(code(&o), 0, "{}", stderr(&o));
        let path = dir.join(format!("{stem}.{graph}.dot"));
        assert!(
            stdout(&o).contains(&format!("witness graph: {}", path.display())),
            "{}",
            stdout(&o)
        );
        assert!(path.exists(), "{}", path.display());
        if let Some(ok) = dot_parses(&path) {
            assert!(ok, "dot rejects {}", path.display());
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// Issue 25, "Done when": an out-of-bounds access is bad input, one clear
/// error with its line (exit 2, as every input error): the store of
/// work-item 1 of workgroup 1 to `out[3]` of `--arg out=i32[3]`, at the
/// `.ll` line, its column and the `.hip` line its debug info names, with
/// the `--arg` that fits. Under --check, its `// expect error:` line makes
/// the refusal the expected result.
#[test]
fn an_out_of_bounds_launch_is_one_input_error_with_its_line() {
    let f = "../../kernels/fixtures/out_of_bounds_launch.O2.ll";
    let o = amdmm(&[
        "kernel",
        f,
        "--grid",
        "2",
        "--block",
        "2",
        "--arg",
        "out=i32[3]",
        "--arg",
        "n=3",
    ]);
    assert_eq!(code(&o), 2, "{}", stdout(&o));
    assert_eq!(
        stderr(&o),
        format!(
            "{f}:34:3: error: the store to `out[3]` by work-item 1 of workgroup 1 (wg1.wi1) is out \
             of bounds: `out` has 3 elements (i32[3]) (source: out_of_bounds_launch.hip:23)\n  \
             hint: give the buffer the elements the launch reaches (--arg out=i32[4]), or launch \
             fewer work-items (--grid, --block)\n"
        )
    );
    let o = amdmm(&["kernel", "--check", f]);
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    assert!(stderr(&o).contains("1 passed, 0 failed"), "{}", stderr(&o));
}
