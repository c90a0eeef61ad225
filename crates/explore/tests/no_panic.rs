//! No input makes the engine panic: every corpus file, damaged at random, is
//! explored (when it still parses) under small limits.

use amdmm_explore::{explore, Options};
use proptest::prelude::*;
use std::time::Duration;

fn corpus() -> Vec<String> {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../../litmus");
    let mut files: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .filter_map(|e| e.ok())
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "litmus"))
        .collect();
    files.sort();
    files
        .iter()
        .map(|p| std::fs::read_to_string(p).unwrap())
        .collect()
}

fn opts() -> Options {
    Options {
        max_executions: Some(20_000),
        timeout: Some(Duration::from_secs(2)),
        ..Options::default()
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, .. ProptestConfig::default() })]

    /// Replaces one token-sized piece of a corpus file with another piece of
    /// the same or another file: still mostly valid, often semantically odd
    /// (other registers, locations, orderings, scopes, values).
    #[test]
    fn damaged_corpus_files_do_not_panic(file in any::<prop::sample::Index>(),
                                         donor in any::<prop::sample::Index>(),
                                         at in any::<prop::sample::Index>(),
                                         from in any::<prop::sample::Index>(),
                                         len in 1usize..12) {
        let files = corpus();
        let target = &files[file.index(files.len())];
        let source = &files[donor.index(files.len())];
        let cut = |s: &str, i: prop::sample::Index| {
            let mut k = i.index(s.len().max(1));
            while !s.is_char_boundary(k) { k -= 1; }
            k
        };
        let a = cut(target, at);
        let mut b = a + len.min(target.len() - a);
        while !target.is_char_boundary(b) { b -= 1; }
        let f = cut(source, from);
        let mut g = f + len.min(source.len() - f);
        while !source.is_char_boundary(g) { g -= 1; }
        let text = format!("{}{}{}", &target[..a], &source[f..g], &target[b..]);
        if let Ok(p) = amdmm_program::load(&text) {
            let _ = explore(&p, &opts());
        }
    }
}

#[test]
fn every_corpus_file_explores_under_every_loop_bound() {
    for text in corpus() {
        let p = amdmm_program::load(&text).unwrap();
        for bound in [0, 1, 3] {
            let _ = explore(
                &p,
                &Options {
                    loop_bound: bound,
                    ..opts()
                },
            );
        }
    }
}
