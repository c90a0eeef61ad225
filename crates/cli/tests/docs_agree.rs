//! The documentation a newcomer reads first agrees with the binary (issue
//! 29): the tutorial's transcripts are what the commands print, the test
//! names of the corpus and the README are unique, `--help` lists the
//! subcommands in their groups and every subcommand's help gives its exit
//! status.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;

mod common;
use common::*;

fn repo() -> PathBuf {
    manifest_dir().join("../..")
}

fn read(rel: &str) -> String {
    std::fs::read_to_string(repo().join(rel)).unwrap_or_else(|e| panic!("{rel}: {e}"))
}

/// The fenced code blocks of a Markdown page, each as its lines.
fn code_blocks(md: &str) -> Vec<Vec<String>> {
    let mut blocks = Vec::new();
    let mut cur: Option<Vec<String>> = None;
    for line in md.lines() {
        if line.starts_with("```") {
            match cur.take() {
                Some(b) => blocks.push(b),
                None => cur = Some(Vec::new()),
            }
        } else if let Some(b) = cur.as_mut() {
            b.push(line.to_string());
        }
    }
    blocks
}

/// The subcommands `amdmm --help` lists, in its order.
fn listed_subcommands() -> Vec<String> {
    let help = stdout(&amdmm(&["--help"]));
    help.lines()
        .skip_while(|l| !l.starts_with("Commands:"))
        .skip(1)
        .take_while(|l| l.starts_with("  "))
        .filter_map(|l| l.split_whitespace().next())
        .filter(|n| *n != "help")
        .map(str::to_string)
        .collect()
}

/// The groups of `amdmm --help`, in order (crates/cli/src/args.rs): the
/// memory model, hardware and compiler, other inputs, reference. Commands
/// added later may sit anywhere in their group; these keep their order.
#[test]
fn help_lists_the_subcommands_in_their_groups() {
    let listed = listed_subcommands();
    let expected = [
        "run",
        "explain",
        "compare",
        "gen",
        "verify",
        "lower",
        "compile",
        "lds",
        "lint",
        "import",
        "docs",
        "schema",
        "completions",
        "man",
    ];
    let positions: Vec<usize> = expected
        .iter()
        .map(|n| {
            listed
                .iter()
                .position(|l| l == n)
                .unwrap_or_else(|| panic!("`{n}` missing from --help: {listed:?}"))
        })
        .collect();
    assert!(
        positions.windows(2).all(|w| w[0] < w[1]),
        "--help lists {listed:?}"
    );
}

/// Every subcommand's `--help` says what its exit status means.
#[test]
fn every_subcommand_help_gives_its_exit_status() {
    let mut commands: Vec<Vec<String>> =
        listed_subcommands().into_iter().map(|c| vec![c]).collect();
    commands.push(vec!["import".into(), "vulkan-alloy".into()]);
    assert!(commands.len() >= 14, "{commands:?}");
    for c in commands {
        let mut args: Vec<&str> = c.iter().map(String::as_str).collect();
        args.push("--help");
        let help = stdout(&amdmm(&args));
        assert!(
            help.contains("Exit status:"),
            "`amdmm {c:?} --help`:\n{help}"
        );
    }
}

/// A test's name: the word after `AMDGPU` on its first line that is not a
/// comment.
fn test_name(src: &str) -> Option<String> {
    let line = src
        .lines()
        .map(str::trim)
        .find(|l| !l.is_empty() && !l.starts_with("//"))?;
    let name = line.strip_prefix("AMDGPU ")?.split_whitespace().next()?;
    Some(name.to_string())
}

fn litmus_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for e in std::fs::read_dir(dir).unwrap().flatten() {
        let p = e.path();
        if p.is_dir() {
            litmus_files(&p, out);
        } else if p.extension().is_some_and(|x| x == "litmus") {
            out.push(p);
        }
    }
}

/// Two different tests with one name cannot be told apart in results,
/// graphs or `--check` failures: the names of the corpus (litmus/) and of
/// the README's example are unique.
#[test]
fn test_names_are_unique_across_the_corpus_and_the_readme() {
    let mut files = Vec::new();
    litmus_files(&repo().join("litmus"), &mut files);
    assert!(files.len() > 100, "the corpus is missing");
    let mut names: BTreeMap<String, Vec<String>> = BTreeMap::new();
    for f in &files {
        let src = std::fs::read_to_string(f).unwrap();
        let name =
            test_name(&src).unwrap_or_else(|| panic!("{}: no `AMDGPU NAME` line", f.display()));
        let rel = f.strip_prefix(repo()).unwrap_or(f).display().to_string();
        names.entry(name).or_default().push(rel);
    }
    for (i, b) in code_blocks(&read("README.md")).iter().enumerate() {
        if let Some(name) = test_name(&b.join("\n")) {
            names
                .entry(name)
                .or_default()
                .push(format!("README.md, code block {}", i + 1));
        }
    }
    let dups: Vec<_> = names.iter().filter(|(_, v)| v.len() > 1).collect();
    assert!(dups.is_empty(), "test names used more than once: {dups:?}");
}

/// Does `actual` match the documented `expected` line? `...` in the
/// documented line stands for any text; a line `; llc: ...` for any llc
/// version line.
fn line_matches(expected: &str, actual: &str) -> bool {
    if expected.starts_with("; llc: ") {
        return actual.starts_with("; llc: ");
    }
    let parts: Vec<&str> = expected.split("...").collect();
    if parts.len() == 1 {
        return expected == actual;
    }
    let (first, last) = (parts[0], parts[parts.len() - 1]);
    if !actual.starts_with(first) || actual.len() < first.len() + last.len() {
        return false;
    }
    let mut rest = &actual[first.len()..];
    for p in &parts[1..parts.len() - 1] {
        match rest.find(p) {
            Some(i) => rest = &rest[i + p.len()..],
            None => return false,
        }
    }
    rest.ends_with(last)
}

/// Does the output match the documented lines? A line that is only `...`
/// (indented or not) stands for any number of lines.
fn lines_match(expected: &[String], actual: &[&str]) -> bool {
    match expected.split_first() {
        None => actual.is_empty(),
        Some((e, rest)) if e.trim() == "..." => {
            (0..=actual.len()).any(|k| lines_match(rest, &actual[k..]))
        }
        Some((e, rest)) => {
            !actual.is_empty() && line_matches(e, actual[0]) && lines_match(rest, &actual[1..])
        }
    }
}

/// Splits a documented command line into words (single quotes group).
fn words(cmd: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut cur = String::new();
    let mut quoted = false;
    let mut any = false;
    for c in cmd.chars() {
        match c {
            '\'' => {
                quoted = !quoted;
                any = true;
            }
            c if c.is_whitespace() && !quoted => {
                if any {
                    out.push(std::mem::take(&mut cur));
                    any = false;
                }
            }
            c => {
                cur.push(c);
                any = true;
            }
        }
    }
    if any {
        out.push(cur);
    }
    out
}

fn have_program(name: &str, arg: &str) -> bool {
    Command::new(name)
        .arg(arg)
        .output()
        .is_ok_and(|o| o.status.success())
}

/// Runs one documented command (`amdmm ...`, optionally `| head -N`,
/// `ls DIR` or `cat FILE`) in `dir`, where the tutorial's `mp.litmus` is; `litmus/` is
/// the repository's corpus.
fn run_documented(cmd: &str, dir: &Path) -> String {
    let (cmd, head) = match cmd.split_once(" | head -") {
        Some((c, n)) => (c, Some(n.trim().parse::<usize>().expect("head -N"))),
        None => (cmd, None),
    };
    let w = words(cmd);
    let out = match w[0].as_str() {
        "cat" => std::fs::read_to_string(dir.join(&w[1])).unwrap(),
        "ls" => {
            let mut names: Vec<String> = std::fs::read_dir(dir.join(&w[1]))
                .unwrap()
                .flatten()
                .map(|e| e.file_name().to_string_lossy().into_owned())
                .collect();
            names.sort();
            names.join("  ") + "\n"
        }
        "amdmm" => {
            let args: Vec<String> = w[1..]
                .iter()
                .map(|a| match a.strip_prefix("litmus/") {
                    Some(rest) => repo().join("litmus").join(rest).display().to_string(),
                    None => a.clone(),
                })
                .collect();
            let o = Command::new(env!("CARGO_BIN_EXE_amdmm"))
                .args(&args)
                .current_dir(dir)
                .output()
                .unwrap();
            stdout(&o)
        }
        other => panic!("the tutorial runs `{other}`, which this test does not know"),
    };
    match head {
        Some(n) => out.lines().take(n).map(|l| format!("{l}\n")).collect(),
        None => out,
    }
}

/// A newcomer goes through docs/tutorial.md: every `$ ...` transcript is
/// what the command prints today, on the tutorial's own `mp.litmus` and on
/// the corpus (`...` marks what the tutorial leaves out). Commands that
/// need llc or Graphviz are skipped without them, except under CI.
#[test]
fn the_tutorial_transcripts_are_what_the_commands_print() {
    let tutorial = read("docs/tutorial.md");
    let blocks = code_blocks(&tutorial);
    let mp = blocks
        .iter()
        .find(|b| b.first().is_some_and(|l| l.starts_with("AMDGPU ")))
        .expect("the tutorial's first test");
    let dir = std::env::temp_dir().join(format!("amdmm-tutorial-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("mp.litmus"), mp.join("\n") + "\n").unwrap();
    let ci = std::env::var_os("CI").is_some();
    let mut checked = 0;
    for b in &blocks {
        // A skipped command skips the rest of its block (`ls out/` after
        // a `--graph` that needed Graphviz).
        let mut skipping = false;
        let mut i = 0;
        while i < b.len() {
            let Some(cmd) = b[i].strip_prefix("$ ") else {
                i += 1;
                continue;
            };
            let end = (i + 1..b.len())
                .find(|&j| b[j].starts_with("$ "))
                .unwrap_or(b.len());
            let expected = &b[i + 1..end];
            i = end;
            let needs_llc = cmd.contains("--code llc");
            let needs_dot = cmd.contains("--graph") && !cmd.contains("--graph-format dot");
            if skipping
                || (needs_llc && !ci && !have_program("llc-22", "--version"))
                || (needs_dot && !ci && !have_program("dot", "-V"))
            {
                skipping = true;
                eprintln!("skipped (no llc-22 or dot): {cmd}");
                continue;
            }
            let out = run_documented(cmd, &dir);
            let actual: Vec<&str> = out.lines().collect();
            assert!(
                lines_match(expected, &actual),
                "docs/tutorial.md: `{cmd}` printed\n{out}\nthe tutorial says\n{}",
                expected.join("\n")
            );
            checked += 1;
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
    assert!(checked >= 6, "only {checked} transcripts found");
}

/// docs/cli.md shows the corpus comparison too; its table is what
/// `compare` prints (the count of tests is left out: it grows).
#[test]
fn the_cli_page_shows_the_corpus_comparison() {
    let cli = read("docs/cli.md");
    let block = code_blocks(&cli)
        .into_iter()
        .find(|b| {
            b.last()
                .is_some_and(|l| l.ends_with("differ (seed vs upstream)"))
        })
        .expect("docs/cli.md's corpus comparison");
    let dir = std::env::temp_dir();
    let out = run_documented("amdmm compare --model seed --model upstream litmus/", &dir);
    let actual: Vec<&str> = out.lines().collect();
    assert!(
        lines_match(&block, &actual),
        "compare printed\n{out}\ndocs/cli.md says\n{}",
        block.join("\n")
    );
}
