//! Every example of docs/format.md parses and passes the static checks
//! (`amdmm_program::load`): the format page may not show what amdmm refuses.
//!
//! A ```` ```litmus ```` block is a whole file; a ```` ```litmus-body ````
//! block is a list of instructions placed in one thread of [`BODY_FILE`].

use std::path::Path;

/// The file a `litmus-body` example is placed in (the page names these
/// declarations).
const BODY_FILE: &str = "AMDGPU body-example\n\
{\n  global x = 0;\n  global y = 0;\n  global z = 0;\n  global a[4] = 0;\n  lds t[4] = 0;\n  barrier B workgroup;\n}\n\
thread P0 @ wg 0 {\nBODY\n}\nexists (true)\n";

/// The fenced blocks of `text` with the given info string, with the line
/// number of their first line.
fn blocks(text: &str, info: &str) -> Vec<(usize, String)> {
    let mut out = Vec::new();
    let mut current: Option<(usize, String)> = None;
    for (i, line) in text.lines().enumerate() {
        match &mut current {
            None if line.trim_end() == format!("```{info}") => {
                current = Some((i + 2, String::new()))
            }
            None => {}
            Some(_) if line.trim_end() == "```" => out.push(current.take().unwrap()),
            Some((_, body)) => {
                body.push_str(line);
                body.push('\n');
            }
        }
    }
    assert!(
        current.is_none(),
        "docs/format.md: unclosed ```{info} block"
    );
    out
}

fn format_page() -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs/format.md");
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn check(src: &str, what: &str) {
    if let Err(ds) = amdmm_program::load(src) {
        panic!(
            "{what} is refused:\n{}",
            amdmm_litmus::render_all(&ds, "docs/format.md example", src)
        );
    }
}

#[test]
fn every_whole_file_example_loads() {
    let page = format_page();
    let files = blocks(&page, "litmus");
    assert!(
        files.len() >= 8,
        "only {} `litmus` examples found",
        files.len()
    );
    for (line, src) in files {
        check(&src, &format!("docs/format.md:{line} (litmus)"));
    }
}

#[test]
fn every_body_example_loads() {
    let page = format_page();
    let bodies = blocks(&page, "litmus-body");
    assert!(
        bodies.len() >= 8,
        "only {} `litmus-body` examples found",
        bodies.len()
    );
    for (line, body) in bodies {
        check(
            &BODY_FILE.replace("BODY", &body),
            &format!("docs/format.md:{line} (litmus-body)"),
        );
    }
}

/// Every construct the page lists as refused is refused, with an error
/// naming it: a ```` ```litmus-refused ```` block's first line is
/// `; refused: TEXT`, and loading the block must fail with a diagnostic
/// whose message contains `TEXT`.
#[test]
fn every_refused_construct_is_refused_by_name() {
    let page = format_page();
    let refused = blocks(&page, "litmus-refused");
    assert!(
        refused.len() >= 10,
        "only {} `litmus-refused` examples found",
        refused.len()
    );
    for (line, block) in refused {
        let (first, rest) = block.split_once('\n').unwrap_or((&block, ""));
        let needle = first
            .strip_prefix("; refused: ")
            .unwrap_or_else(|| panic!("docs/format.md:{line}: starts with `; refused: `"));
        let src = if rest.trim_start().starts_with("AMDGPU") {
            rest.to_string()
        } else {
            BODY_FILE.replace("BODY", rest)
        };
        match amdmm_program::load(&src) {
            Ok(_) => panic!("docs/format.md:{line}: accepted, but the page says it is refused"),
            Err(ds) => assert!(
                ds.iter().any(|d| d.message.contains(needle)),
                "docs/format.md:{line}: no error `{needle}` in:\n{}",
                amdmm_litmus::render_all(&ds, "docs/format.md example", &src)
            ),
        }
    }
}

/// The checker itself: a refused construct in an example would fail the test.
#[test]
fn a_refused_example_is_caught() {
    let page = "```litmus-body\n%r = load i32, ptr @nowhere\n```\n";
    let (_, body) = blocks(page, "litmus-body").remove(0);
    let src = BODY_FILE.replace("BODY", &body);
    assert!(amdmm_program::load(&src).is_err());
}
