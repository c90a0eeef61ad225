//! No execution is ever lost silently: every test of the corpus ends with an
//! execution of some kind (complete, deadlocked, cut off or discarded by
//! `llvm.assume`) behind its verdict, and a run with none is `Unknown`
//! (issue 12; docs/semantics.md, "When no execution is left").

use amdmm_explore::{explore, LimitReason, Options};
use amdmm_model::ModelKind;
use std::path::{Path, PathBuf};

fn litmus_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    entries.sort();
    for p in entries {
        if p.is_dir() {
            litmus_files(&p, out);
        } else if p.extension().is_some_and(|e| e == "litmus") {
            out.push(p);
        }
    }
}

#[test]
fn every_corpus_test_has_an_execution_behind_its_verdict() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../litmus");
    let mut files = Vec::new();
    litmus_files(&root, &mut files);
    assert!(files.len() > 100, "corpus not found at {}", root.display());
    let mut checked = 0;
    for f in files {
        let src = std::fs::read_to_string(&f).unwrap();
        let Ok(p) = amdmm_program::load(&src) else {
            continue; // error tests of the corpus
        };
        // Under both rule sets (`--model seed|upstream`).
        for model in [ModelKind::Seed, ModelKind::Upstream] {
            let opts = Options {
                model,
                ..Options::default()
            };
            let out = explore(&p, &opts);
            assert_ne!(
                out.limit,
                Some(LimitReason::NoExecution),
                "{} ({model:?}): every execution was lost",
                f.display()
            );
            if out.observation.is_some() {
                let any =
                    out.positive + out.negative + out.cutoff_executions + out.assume_discarded;
                assert!(
                    any > 0 || out.flags.deadlock,
                    "{} ({model:?}): a verdict with no execution behind it",
                    f.display()
                );
            }
        }
        checked += 1;
    }
    assert!(checked > 100);
}
