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
    let list = out.split("Commands:").nth(1).expect("a Commands: section");
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

#[test]
fn help_names_no_repository_file() {
    let pages: BTreeSet<String> = stdout(&amdmm(&["docs"]))
        .lines()
        .skip(1)
        .filter_map(|l| l.split_whitespace().next().map(String::from))
        .collect();
    let mut helps = vec![stdout(&amdmm(&["--help"]))];
    let subs = subcommands();
    assert!(subs.len() >= 12, "{subs:?}");
    for s in &subs {
        let o = amdmm(&[s, "--help"]);
        assert_eq!(code(&o), 0, "{s}");
        helps.push(stdout(&o));
    }
    for h in &helps {
        // Public URLs (the upstream LLVM documentation) are fine.
        let words: Vec<&str> = h
            .split_whitespace()
            .filter(|w| !w.contains("://"))
            .collect();
        let h = &words.join(" ");
        for bad in ["docs/", "crates/", "scripts/", "README"] {
            assert!(!h.contains(bad), "help mentions `{bad}`:\n{h}");
        }
        // Every `amdmm docs TOPIC` it points at exists.
        for (i, _) in h.match_indices("amdmm docs ") {
            let topic: String = h[i + 11..]
                .chars()
                .take_while(|c| c.is_ascii_alphanumeric() || *c == '-')
                .collect();
            assert!(
                topic.is_empty() || pages.contains(&topic),
                "help points at `amdmm docs {topic}`:\n{h}"
            );
        }
    }
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
            page.contains(&format!("amdmm\\-{s}(1)")),
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
