//! `amdmm_gen::hw_mp` regenerates `litmus/hw/mp/` byte for byte: the same
//! set of files and the same text in each (the corpus is its output).

use std::collections::BTreeMap;

#[test]
fn hw_mp_is_the_corpus_directory() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../litmus/hw/mp");
    let mut on_disk = BTreeMap::new();
    for e in std::fs::read_dir(&dir).unwrap() {
        let p = e.unwrap().path();
        if p.extension().is_some_and(|x| x == "litmus") {
            let name = p.file_stem().unwrap().to_string_lossy().into_owned();
            on_disk.insert(name, std::fs::read_to_string(&p).unwrap());
        }
    }
    let generated: BTreeMap<String, String> = amdmm_gen::hw_mp::all().into_iter().collect();
    assert_eq!(generated.len(), 210, "names must be distinct");
    let missing: Vec<_> = on_disk
        .keys()
        .filter(|k| !generated.contains_key(*k))
        .collect();
    let extra: Vec<_> = generated
        .keys()
        .filter(|k| !on_disk.contains_key(*k))
        .collect();
    assert!(
        missing.is_empty() && extra.is_empty(),
        "not generated: {missing:?}; not in the corpus: {extra:?}"
    );
    for (name, text) in &generated {
        assert_eq!(
            text, &on_disk[name],
            "{name} differs from litmus/hw/mp/{name}.litmus"
        );
    }
}
