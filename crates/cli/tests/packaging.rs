//! What an installed binary carries: `--version` with the git revision,
//! shell completions, man pages, the documentation (`amdmm docs`), and
//! `--help` texts that name no file of the repository (an installed binary
//! has none beside it).

use std::collections::BTreeSet;

mod common;
use common::*;

fn subcommands() -> Vec<String> {
    let o = amdmm(&["--help"]);
    assert_eq!(code(&o), 0);
    let out = stdout(&o);
    assert!(out.contains("Commands:"), "a Commands: section");
    commands_in(&out)
}

/// The command names listed under a help text's `Commands:` heading
/// (none without one), `help` left out.
fn commands_in(help: &str) -> Vec<String> {
    let Some(list) = help.split("Commands:").nth(1) else {
        return Vec::new();
    };
    list.lines()
        .skip(1)
        .take_while(|l| l.starts_with("  "))
        .filter_map(|l| l.split_whitespace().next())
        .filter(|c| *c != "help")
        .map(String::from)
        .collect()
}

#[test]
fn version_names_the_git_revision() {
    let o = amdmm(&["--version"]);
    assert_eq!(code(&o), 0);
    let v = stdout(&o);
    let prefix = format!("amdmm {} (git ", env!("CARGO_PKG_VERSION"));
    assert!(v.starts_with(&prefix) && v.trim_end().ends_with(')'), "{v}");
    let git = std::process::Command::new("git")
        .args(["rev-parse", "--short=12", "HEAD"])
        .current_dir(manifest_dir())
        .output();
    match git {
        Ok(g) if g.status.success() => {
            let rev = String::from_utf8_lossy(&g.stdout).trim().to_string();
            assert_eq!(v.trim_end(), format!("{prefix}{rev})"));
        }
        // Built outside a git checkout: says so rather than failing.
        _ => assert_eq!(v.trim_end(), format!("{prefix}revision unknown)")),
    }
}

/// Words of `text` that name a file an installed binary does not have beside
/// it: a path into the repository (`docs/`, `crates/`, `scripts/`), the
/// specification's directory (`shared/`), or a Markdown file. Public URLs (the
/// upstream LLVM documentation) are fine.
fn repository_paths(text: &str) -> Vec<String> {
    text.split_whitespace()
        .filter(|w| !w.contains("://"))
        .map(|w| w.trim_matches(|c: char| !c.is_ascii_alphanumeric() && c != '/' && c != '.'))
        .map(|w| w.trim_end_matches('.'))
        .filter(|w| {
            ["docs/", "crates/", "scripts/", "shared/"]
                .iter()
                .any(|d| w.contains(d))
                || w.ends_with(".md")
                || w.starts_with("README")
        })
        .map(String::from)
        .collect()
}

/// Every `amdmm docs TOPIC` that `text` points at is a page of `amdmm docs`.
fn assert_topics_exist(text: &str, pages: &BTreeSet<String>) {
    for (i, _) in text.match_indices("amdmm docs ") {
        let topic: String = text[i + 11..]
            .chars()
            .take_while(|c| c.is_ascii_alphanumeric() || *c == '-')
            .collect();
        assert!(
            topic.is_empty() || pages.contains(&topic),
            "points at `amdmm docs {topic}`, which is no page:\n{text}"
        );
    }
}

fn doc_pages() -> BTreeSet<String> {
    stdout(&amdmm(&["docs"]))
        .lines()
        .skip(1)
        .filter_map(|l| l.split_whitespace().next().map(String::from))
        .collect()
}

/// The subcommands of `amdmm CMD` (`gen`'s families, `import`'s sources).
fn nested(cmd: &str) -> Vec<String> {
    commands_in(&stdout(&amdmm(&[cmd, "--help"])))
}

#[test]
fn help_names_no_repository_file() {
    let pages = doc_pages();
    let mut helps = vec![("amdmm".to_string(), stdout(&amdmm(&["--help"])))];
    let subs = subcommands();
    assert!(subs.len() >= 12, "{subs:?}");
    for s in &subs {
        let o = amdmm(&[s, "--help"]);
        assert_eq!(code(&o), 0, "{s}");
        helps.push((s.clone(), stdout(&o)));
        for n in nested(s) {
            let o = amdmm(&[s, &n, "--help"]);
            assert_eq!(code(&o), 0, "{s} {n}");
            helps.push((format!("{s} {n}"), stdout(&o)));
        }
    }
    assert!(
        helps.iter().any(|(c, _)| c.contains(' ')),
        "no nested command"
    );
    for (cmd, h) in &helps {
        let bad = repository_paths(h);
        assert!(bad.is_empty(), "`{cmd} --help` names {bad:?}:\n{h}");
        assert_topics_exist(h, &pages);
    }
}

/// A test whose body is `body` (the README's example otherwise).
fn test_with(body: &str) -> String {
    format!(
        "AMDGPU T\n{{\n  global x = 0;\n}}\n\nthread P0 @ wg 0 {{\n{body}\n}}\n\n\
         exists (P0:%r0 == 1)\n"
    )
}

/// A sample of the errors and annotations whose hints point at the
/// documentation: they name `amdmm docs TOPIC` or a section, never a file
/// of the repository.
#[test]
fn errors_name_no_repository_file() {
    let pages = doc_pages();
    let dir = std::env::temp_dir().join(format!("amdmm-errors-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    // (what, command, test, whether its hint points at `amdmm docs`)
    let cases: [(&str, &[&str], String, bool); 4] = [
        (
            "float literal for an integer",
            &["run"],
            test_with("  store i32 1.5, ptr @x\n  %r0 = load i32, ptr @x"),
            true,
        ),
        (
            "integer literal for a float",
            &["run"],
            test_with("  store float 1, ptr @x\n  %r0 = load i32, ptr @x"),
            true,
        ),
        (
            "float operation on an integer",
            &["run"],
            test_with("  %r0 = atomicrmw fadd ptr @x, i32 1 monotonic"),
            true,
        ),
        (
            "DMA on GFX12",
            &["lower", "--target", "gfx1200"],
            std::fs::read_to_string(
                manifest_dir().join("../../litmus/async/Async+MP.wait-fence.samewg.litmus"),
            )
            .unwrap(),
            false,
        ),
    ];
    for (what, args, text, points) in cases {
        let file = dir.join("t.litmus");
        std::fs::write(&file, &text).unwrap();
        let mut a: Vec<&str> = args.to_vec();
        a.push(file.to_str().unwrap());
        let o = amdmm(&a);
        let out = format!("{}{}", stdout(&o), stderr(&o));
        assert_ne!(code(&o), 0, "{what}: not an error:\n{out}");
        assert!(
            !points || out.contains("amdmm docs "),
            "{what}: no pointer:\n{out}"
        );
        let bad = repository_paths(&out);
        assert!(bad.is_empty(), "{what}: names {bad:?}:\n{out}");
        assert_topics_exist(&out, &pages);
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn docs_are_the_repository_pages() {
    let out = stdout(&amdmm(&["docs"]));
    let pages: BTreeSet<String> = out
        .lines()
        .skip(1)
        .filter_map(|l| l.split_whitespace().next().map(String::from))
        .collect();
    let docs = manifest_dir().join("../../docs");
    for e in std::fs::read_dir(&docs).unwrap() {
        let p = e.unwrap().path();
        if p.extension().is_some_and(|x| x == "md") {
            let topic = p.file_stem().unwrap().to_string_lossy().into_owned();
            assert!(
                pages.contains(&topic),
                "docs/{topic}.md is not an `amdmm docs` page"
            );
            let o = amdmm(&["docs", &topic]);
            assert_eq!(code(&o), 0);
            assert_eq!(o.stdout, std::fs::read(&p).unwrap(), "{topic}");
        }
    }
    let readme = amdmm(&["docs", "README"]);
    assert_eq!(
        readme.stdout,
        std::fs::read(manifest_dir().join("../../README.md")).unwrap()
    );
    let known = amdmm(&["docs", "known-findings"]);
    assert_eq!(
        known.stdout,
        std::fs::read(manifest_dir().join("../hw/known-findings.txt")).unwrap()
    );
    let o = amdmm(&["docs", "fromat"]);
    assert_eq!(code(&o), 2);
    assert!(
        stderr(&o).contains("did you mean `format`?"),
        "{}",
        stderr(&o)
    );
}

#[test]
fn completions_for_every_shell() {
    for shell in ["bash", "zsh", "fish", "elvish", "powershell"] {
        let o = amdmm(&["completions", shell]);
        assert_eq!(code(&o), 0, "{shell}: {}", stderr(&o));
        let out = stdout(&o);
        for sub in ["run", "verify", "gen", "loop-bound", "barrier-target"] {
            assert!(out.contains(sub), "{shell} completion lacks {sub}");
        }
    }
    // The bash script is valid bash (when bash is here to say so).
    let script = amdmm(&["completions", "bash"]).stdout;
    let dir = std::env::temp_dir().join(format!("amdmm-completion-{}.bash", std::process::id()));
    std::fs::write(&dir, script).unwrap();
    if let Ok(o) = std::process::Command::new("bash")
        .arg("-n")
        .arg(&dir)
        .output()
    {
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    }
    let _ = std::fs::remove_file(&dir);
    let o = amdmm(&["completions", "tcsh"]);
    assert_eq!(code(&o), 2);
}

#[test]
fn man_pages_for_amdmm_and_every_command() {
    let o = amdmm(&["man"]);
    assert_eq!(code(&o), 0);
    let page = stdout(&o);
    assert!(page.contains(".TH amdmm 1"), "{page}");
    for s in subcommands() {
        assert!(
            // roff escapes every hyphen (`check-observed`).
            page.contains(&format!("amdmm\\-{}(1)", s.replace('-', "\\-"))),
            "amdmm(1) lacks {s}"
        );
        let o = amdmm(&["man", &s]);
        assert_eq!(code(&o), 0, "{s}");
        let sub = stdout(&o);
        assert!(sub.contains(&format!(".TH amdmm-{s} 1")), "{sub}");
        assert!(sub.contains(".SH OPTIONS") || s == "docs", "{s}: {sub}");
    }
    let o = amdmm(&["man", "rnu"]);
    assert_eq!(code(&o), 2);
    assert!(
        stderr(&o).contains("the commands are run, "),
        "{}",
        stderr(&o)
    );
}
