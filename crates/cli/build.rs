//! Records the git revision the binary is built from, for `amdmm --version`
//! (`AMDMM_GIT_REVISION`): `git 0123abcd4567`, or `git revision unknown`
//! when git or the repository is missing (a source tarball, `cargo
//! install` from a registry). Never fails the build.

use std::process::Command;

fn git(args: &[&str]) -> Option<String> {
    let out = Command::new("git").args(args).output().ok()?;
    if !out.status.success() {
        return None;
    }
    let s = String::from_utf8(out.stdout).ok()?.trim().to_string();
    (!s.is_empty()).then_some(s)
}

fn main() {
    let rev = git(&["rev-parse", "--short=12", "HEAD"]);
    let text = match &rev {
        Some(r) => format!("git {r}"),
        None => "git revision unknown".to_string(),
    };
    println!("cargo:rustc-env=AMDMM_GIT_REVISION={text}");
    // Rebuild when HEAD moves: HEAD itself (a checkout), the branch it
    // points at (a commit) and packed-refs. Without git, only build.rs.
    println!("cargo:rerun-if-changed=build.rs");
    if rev.is_some() {
        let mut watched = vec!["HEAD".to_string(), "packed-refs".to_string()];
        if let Some(branch) = git(&["symbolic-ref", "-q", "HEAD"]) {
            watched.push(branch);
        }
        for w in watched {
            // A watched file that does not exist (packed-refs before the
            // first `git pack-refs`) would make cargo rerun this script and
            // rebuild the binary on every command.
            if let Some(p) = git(&["rev-parse", "--git-path", &w]) {
                if std::path::Path::new(&p).exists() {
                    println!("cargo:rerun-if-changed={p}");
                }
            }
        }
    }
}
