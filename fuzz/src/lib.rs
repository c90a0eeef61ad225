//! The bodies of the fuzz targets, shared with the regression test that
//! replays every saved crash input (crates/cli/tests/fuzz_regressions.rs
//! includes this file). Each takes the raw input bytes; a panic is a bug.

use std::time::Duration;

/// Input as text: the commands refuse non-UTF-8 before parsing
/// (crates/cli/src/input.rs), so only text reaches the parsers.
fn text(data: &[u8]) -> Option<&str> {
    std::str::from_utf8(data).ok()
}

/// The litmus parser and loader: parse, lower, and render every diagnostic.
pub fn litmus_load(data: &[u8]) {
    let Some(src) = text(data) else { return };
    match amdmm_program::load(src) {
        Ok(p) => {
            let _ = p.shown_observables();
        }
        Err(diags) => {
            assert!(!diags.is_empty(), "an error without a diagnostic");
            assert!(
                diags.len() <= amdmm_litmus::diagnostic::MAX_DIAGNOSTICS + 1,
                "diagnostics not capped"
            );
            for d in &diags {
                let _ = d.render("fuzz.litmus", src);
            }
        }
    }
}

/// Parse and explore under tight limits (small loop bound, few executions,
/// a short time limit): any outcome, `Unknown` included, is fine; a panic
/// or a hang is not.
pub fn explore(data: &[u8]) {
    let Some(src) = text(data) else { return };
    let Ok(program) = amdmm_program::load(src) else {
        return;
    };
    let opts = amdmm_explore::Options {
        loop_bound: 2,
        max_executions: Some(2_000),
        timeout: Some(Duration::from_millis(300)),
        max_memory: Some(2048),
        ..amdmm_explore::Options::default()
    };
    let _ = amdmm_explore::explore(&program, &opts);
}

/// The LDS address-expression parser: parse, evaluate for a wave, analyse.
pub fn lds_expr(data: &[u8]) {
    let Some(src) = text(data) else { return };
    match amdmm_lds::expr::Expr::parse(src) {
        Ok(e) => {
            for lane in 0..64 {
                let _ = e.eval(lane);
            }
        }
        Err(e) => {
            let _ = e.render(src);
        }
    }
    let params = amdmm_lds::addressing::Params::default();
    let _ = amdmm_lds::analyze_expr("ds_read_b32", src, 64, &params);
}

/// The Vulkan `.test` importer: a translation must load as a litmus test
/// (the importer validates names and values; a translation that does not
/// load is an importer bug).
pub fn vulkan_test(data: &[u8]) {
    let Some(src) = text(data) else { return };
    if let Ok(t) = amdmm_import::translate("fuzz", src) {
        let rendered = t.render(&t.expected.representative(), &[]);
        if let Err(diags) = amdmm_program::load(&rendered) {
            panic!(
                "the translation does not load:\n{}",
                amdmm_litmus::render_all(&diags, "fuzz.litmus", &rendered)
            );
        }
    }
}

/// The reader of llc's AMDGPU assembly (`amdmm_hw::llc::asm`): every
/// kernel the text names (`amdmm_t...:` labels, else `amdmm_t0_fuzz`), read
/// in every dialect, and every line read as one instruction. Mutated llc
/// output must give an error naming its line, never a panic.
pub fn llc_asm(data: &[u8]) {
    use amdmm_hw::isa::Dialect;
    use amdmm_hw::llc::asm;
    let Some(src) = text(data) else { return };
    let mut kernels: Vec<&str> = src
        .lines()
        .filter_map(|l| l.trim().strip_suffix(':'))
        .filter(|l| l.starts_with("amdmm_t"))
        .take(8)
        .collect();
    if kernels.is_empty() {
        kernels.push("amdmm_t0_fuzz");
    }
    for dialect in [
        Dialect::Gfx6,
        Dialect::Gfx7,
        Dialect::Gfx9,
        Dialect::Gfx942,
        Dialect::Gfx11,
        Dialect::Gfx12,
    ] {
        for k in &kernels {
            if let Err(e) = asm::read_kernel(src, k, dialect) {
                assert!(!e.message.is_empty(), "an error without a message");
                let _ = e.to_string();
            }
        }
        for line in src.lines().take(2_000) {
            let _ = asm::instruction(line, dialect);
            let _ = asm::combined_wait(line);
        }
    }
}

/// The safe writer's path handling (`amdmm_io::write`): a name (as a test
/// name or a raw file name), an entry already at that name (nothing, a
/// file amdmm wrote, a foreign file, a link to a file outside the
/// directory, a dangling link pointing outside, a directory) and `--force`.
/// Whatever the writer does, nothing outside the directory changes, a link
/// is never written through, and a success leaves a regular file directly
/// in the directory with exactly the bytes written and no temporary file.
///
/// Input: byte 0 chooses the entry, byte 1 the flags (bit 0 `--force`, bit
/// 1 the name used raw rather than as a test name through
/// `amdmm_report::file_stem`); then the name up to a 0 byte, then the
/// contents.
#[cfg(unix)]
pub fn writer_paths(data: &[u8]) {
    use std::fs;
    use std::path::PathBuf;
    use std::sync::OnceLock;
    static ROOT: OnceLock<PathBuf> = OnceLock::new();
    let root = ROOT.get_or_init(|| {
        let r = std::env::temp_dir().join(format!("amdmm-fuzz-writer-{}", std::process::id()));
        let _ = fs::remove_dir_all(&r);
        fs::create_dir_all(&r).expect("the fuzz root");
        r
    });
    let [entry, flags, rest @ ..] = data else {
        return;
    };
    let (name, contents) = match rest.iter().position(|&b| b == 0) {
        Some(i) => (&rest[..i], &rest[i + 1..]),
        None => (rest, &[][..]),
    };
    let name = String::from_utf8_lossy(name);
    let force = flags & 1 != 0;
    let file = if flags & 2 != 0 {
        name.to_string()
    } else {
        format!("{}.state-1.dot", amdmm_report::file_stem(&name))
    };
    // Only one component: the callers join a file name to the directory the
    // user gave (a name with `/` or NUL is no file name, and the file stem
    // never has one).
    if file.contains('/') || file.contains('\0') || file.is_empty() || file.len() > 255 {
        return;
    }
    // A fresh sandbox beside a sentinel file outside it.
    let dir = root.join("dir");
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).expect("the sandbox");
    let outside = root.join("outside.txt");
    fs::write(&outside, "outside\n").expect("the sentinel");
    let nowhere = root.join("nowhere.txt");
    let _ = fs::remove_file(&nowhere);
    let path = dir.join(&file);
    let is_entry = !matches!(file.as_str(), "." | "..");
    if is_entry {
        let made = match entry % 6 {
            0 => Ok(()),
            1 => fs::write(&path, format!("x\n// {}\n", amdmm_io::write::MARK)),
            2 => fs::write(&path, "hand-written\n"),
            3 => std::os::unix::fs::symlink(&outside, &path),
            4 => std::os::unix::fs::symlink(&nowhere, &path),
            _ => fs::create_dir(&path),
        };
        if made.is_err() {
            return;
        }
    }
    let before = fs::symlink_metadata(&path).ok();
    let was_link = before.as_ref().is_some_and(|m| m.file_type().is_symlink());
    let result = amdmm_io::write::write(&path, contents, force, amdmm_io::write::marked);
    // Nothing outside the sandbox changed.
    assert_eq!(
        fs::read_to_string(&outside).ok().as_deref(),
        Some("outside\n"),
        "wrote outside"
    );
    assert!(!nowhere.exists(), "created a file through a dangling link");
    let mut beside: Vec<String> = fs::read_dir(root)
        .expect("the root")
        .map(|e| {
            e.expect("an entry")
                .file_name()
                .to_string_lossy()
                .into_owned()
        })
        .collect();
    beside.sort();
    assert_eq!(
        beside,
        ["dir", "outside.txt"],
        "a file appeared outside the sandbox"
    );
    // No temporary file left.
    for e in fs::read_dir(&dir).expect("the sandbox") {
        let n = e
            .expect("an entry")
            .file_name()
            .to_string_lossy()
            .into_owned();
        let ours = format!(".amdmm-{}-", std::process::id());
        assert!(n == file || !n.contains(&ours), "temporary file {n} left");
    }
    match result {
        Ok(()) => {
            assert!(
                is_entry && !was_link,
                "wrote {file:?} through a link or at a directory"
            );
            let m = fs::symlink_metadata(&path).expect("the written file");
            assert!(m.is_file(), "the written file is no regular file");
            assert_eq!(fs::read(&path).expect("the written file"), contents);
        }
        Err(e) => assert!(!e.is_empty(), "an error without a message"),
    }
}
