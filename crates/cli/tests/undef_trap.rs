//! The undef trap (issue #29): a racy plain read returns `undef`, and
//! `undef == 0` is false (litmus-format.md, "Final condition"), so
//! `exists (P1:%r1 == 0)` on a stale racy read answers `Never`. `run` warns
//! when the condition compares such a value with a number, and prints a
//! register no executed instruction wrote as `unwritten`, apart from a racy
//! `undef` (docs/format.md, "The final condition").

mod common;
use common::*;
use std::io::Write;

/// Writes `src` to a file of its own in the system's temporary directory.
fn temp_test(name: &str, src: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("amdmm-undef-trap-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(format!("{name}.litmus"));
    std::fs::File::create(&path)
        .and_then(|mut f| f.write_all(src.as_bytes()))
        .unwrap();
    path
}

/// Message passing with no synchronization: the data read is racy.
fn stale(cond: &str) -> String {
    format!(
        r#"AMDGPU Stale
{{ global x = 0; global y = 0; }}
thread P0 @ wg 0 {{
  store i32 1, ptr @x
  store atomic i32 1, ptr @y syncscope("agent") monotonic, align 4
}}
thread P1 @ wg 1 {{
  %r0 = load atomic i32, ptr @y syncscope("agent") monotonic, align 4
  %r1 = load i32, ptr @x
}}
{cond}
"#
    )
}

#[test]
fn comparing_a_racy_undef_with_a_number_warns() {
    let t = temp_test("stale", &stale("exists (P1:%r1 == 0)"));
    let o = amdmm(&["run", "--no-time", t.to_str().unwrap()]);
    let out = stdout(&o);
    // The trap itself: the racy read never equals 0.
    assert!(out.contains("Observation Stale Never"), "{out}");
    let warnings: Vec<&str> = out.lines().filter(|l| l.starts_with("warning: ")).collect();
    assert_eq!(
        warnings,
        [
            "warning: P1:%r1 is undef in 1 of 1 final states, where `P1:%r1 == 0` is false \
          (undef equals no number): a racy read returns undef (the race flag); to ask for \
          it, compare with undef (`P1:%r1 == undef`)"
        ],
        "{out}"
    );
    let o = amdmm(&["run", "--no-time", "--json", t.to_str().unwrap()]);
    let v: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    let notes = v["tests"][0]["notes"].as_array().unwrap();
    assert_eq!(notes.len(), 1, "{v}");
    assert_eq!(notes[0]["flag"], "undef");
}

/// No warning when the condition asks about undef for that register, or
/// compares it only with `!=`.
#[test]
fn asking_about_undef_does_not_warn() {
    for cond in [
        "exists (P1:%r1 == 0 \\/ P1:%r1 == undef)",
        "exists (P1:%r1 != 1)",
    ] {
        let t = temp_test("asked", &stale(cond));
        let out = stdout(&amdmm(&["run", "--no-time", t.to_str().unwrap()]));
        assert!(!out.contains("warning:"), "{cond}\n{out}");
    }
}

/// A register assigned only on a branch not taken prints `unwritten`, not
/// `undef`; the condition still takes it for `undef`, and no warning names
/// it (it is not a race).
#[test]
fn a_register_never_written_prints_unwritten() {
    let src = r#"AMDGPU Branch
{ global x = 0; }
thread P0 @ wg 0 {
  %f = load i32, ptr @x
  %c = icmp eq i32 %f, 1
  br i1 %c, label %then, label %done
then:
  %d = add i32 %f, 1
  br label %done
done:
  ret void
}
forall (P0:%d == undef /\ P0:%d != 2)
"#;
    let t = temp_test("branch", src);
    let out = stdout(&amdmm(&["run", "--no-time", t.to_str().unwrap()]));
    assert!(out.contains("\nP0:%d=unwritten;\n"), "{out}");
    assert!(out.contains("Observation Branch Always"), "{out}");
    assert!(
        !out.contains("warning:") && !out.contains("Flags:"),
        "{out}"
    );
    let v: serde_json::Value = serde_json::from_str(&stdout(&amdmm(&[
        "run",
        "--no-time",
        "--json",
        t.to_str().unwrap(),
    ])))
    .unwrap();
    assert_eq!(v["tests"][0]["states"][0]["values"][0], "unwritten", "{v}");
    // explain --state takes the printed word, and `undef` for it too.
    for word in ["unwritten", "undef"] {
        let o = amdmm(&[
            "explain",
            "--state",
            &format!("P0:%d={word}"),
            t.to_str().unwrap(),
        ]);
        assert_eq!(code(&o), 0, "{word}: {}{}", stdout(&o), stderr(&o));
        assert!(
            stdout(&o).contains("Verdict Allowed"),
            "{word}: {}",
            stdout(&o)
        );
    }
}

/// On the hardware models too (issue 29): the register the branch not taken
/// would have written is `unwritten`, as the memory model prints it, not
/// `undef`; and the hardware outcome is allowed by the model's.
#[test]
fn hardware_runs_print_unwritten_for_a_register_never_written() {
    let src = r#"AMDGPU BranchHw
{ global x = 0; }
thread P0 @ wg 0 {
  %f = load atomic i32, ptr @x syncscope("agent") monotonic, align 4
  %c = icmp eq i32 %f, 1
  br i1 %c, label %then, label %done
then:
  %d = add i32 %f, 1
  br label %done
done:
  ret void
}
forall (P0:%d == undef)
"#;
    let t = temp_test("branch-hw", src);
    for target in ["gfx942", "gfx1200"] {
        let o = amdmm(&["run", "--no-time", "--target", target, t.to_str().unwrap()]);
        let out = stdout(&o);
        assert_eq!(code(&o), 0, "{target}: {out}{}", stderr(&o));
        assert!(out.contains("\nP0:%d=unwritten;\n"), "{target}: {out}");
        assert!(!out.contains("P0:%d=undef;"), "{target}: {out}");
        let o = amdmm(&["verify", "--target", target, t.to_str().unwrap()]);
        assert_eq!(code(&o), 0, "{target}: {}", stdout(&o));
        assert!(stdout(&o).starts_with("OK BranchHw"), "{}", stdout(&o));
    }
}
