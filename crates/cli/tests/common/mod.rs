//! Helpers shared by the end-to-end tests: run the built `amdmm` binary and
//! read what it printed. (Not every test file uses every helper.)
#![allow(dead_code)]

use std::path::PathBuf;
use std::process::{Command, Output};

pub fn manifest_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// Runs `amdmm` from the crate directory (fixture paths are relative to it).
pub fn amdmm(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_amdmm"))
        .args(args)
        .current_dir(manifest_dir())
        .output()
        .expect("the amdmm binary runs")
}

pub fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

pub fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

pub fn code(o: &Output) -> i32 {
    o.status.code().expect("exit status")
}
