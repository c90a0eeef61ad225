//! Every whole test shown in docs/format.md (a ```` ```litmus ```` block)
//! meets its `expect` line: the page's examples say what amdmm answers.
//! (crates/program/tests/format_doc.rs checks that every example loads.)

mod common;
use common::*;

#[test]
fn every_whole_test_of_the_format_page_meets_its_expect_line() {
    let page = std::fs::read_to_string(manifest_dir().join("../../docs/format.md")).unwrap();
    let dir = std::env::temp_dir().join(format!("amdmm-format-doc-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let mut n = 0;
    let mut current: Option<String> = None;
    for line in page.lines() {
        match &mut current {
            None if line.trim_end() == "```litmus" => current = Some(String::new()),
            None => {}
            Some(text) if line.trim_end() == "```" => {
                n += 1;
                std::fs::write(dir.join(format!("example{n:02}.litmus")), text).unwrap();
                current = None;
            }
            Some(text) => {
                text.push_str(line);
                text.push('\n');
            }
        }
    }
    assert!(n >= 8, "only {n} whole tests found in docs/format.md");
    let out = amdmm(&["run", "--check", "--no-time", dir.to_str().unwrap()]);
    std::fs::remove_dir_all(&dir).ok();
    assert_eq!(code(&out), 0, "{}{}", stdout(&out), stderr(&out));
    assert!(
        stdout(&out).contains(&format!("{n} passed, 0 failed")),
        "{}",
        stdout(&out)
    );
}
