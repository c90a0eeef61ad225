//! The README's "Using amdmm as a library" example is examples/library.rs,
//! and it runs: loads, explores and checks a test, through the public API.

#[path = "../examples/library.rs"]
mod library;

#[test]
fn the_example_runs() {
    library::main();
}

#[test]
fn the_readme_shows_the_example() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let readme = std::fs::read_to_string(root.join("README.md")).unwrap();
    let example = std::fs::read_to_string(root.join("crates/report/examples/library.rs")).unwrap();
    let section = readme
        .split("## Using amdmm as a library")
        .nth(1)
        .expect("README has a library section");
    let code = section
        .split("```rust\n")
        .nth(1)
        .and_then(|s| s.split("```").next())
        .expect("a rust block in the section");
    assert_eq!(
        code, example,
        "README's example differs from crates/report/examples/library.rs"
    );
}
