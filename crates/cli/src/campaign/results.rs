//! A campaign's results file: a header line, then one JSON line per (test,
//! target, code) pair. Written whole through the safe writer at intervals,
//! so a killed run leaves a file of finished pairs and resumes from it.

use crate::verify::PairResult;
use serde::{Deserialize, Serialize};
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

/// What makes two result files parts of one campaign (and the shard).
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub struct Header {
    /// Always `amdmm-campaign-results`.
    pub kind: String,
    /// amdmm's version and git revision.
    pub amdmm: String,
    /// `diy ARGS` or `files`.
    pub generator: String,
    /// FNV-1a of every test's name and text, in name order.
    pub tests_digest: String,
    /// The test names, in order (shards check each other's pairs).
    pub tests: Vec<String>,
    pub targets: Vec<String>,
    /// `table`, `llc-O0`, ...
    pub codes: Vec<String>,
    /// llc's version and a hash of its binary, when a code is llc's.
    pub llc: Option<String>,
    /// The options that change verdicts (loop bound, state limit, ...).
    pub options: String,
    pub shard: u32,
    pub shards: u32,
}

impl Header {
    /// The fields that must agree between shards, with their names.
    pub fn campaign_fields(&self) -> Vec<(&'static str, String)> {
        vec![
            ("amdmm version", self.amdmm.clone()),
            ("generator", self.generator.clone()),
            ("tests", self.tests_digest.clone()),
            ("targets", self.targets.join(",")),
            ("code sources", self.codes.join(",")),
            ("llc", self.llc.clone().unwrap_or_else(|| "none".into())),
            ("options", self.options.clone()),
        ]
    }
}

/// One pair's verdict and the code source it ran with.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub struct Line {
    pub code: String,
    #[serde(flatten)]
    pub result: PairResult,
    /// The smallest test found that still shows a forbidden outcome (new
    /// findings only).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reproducer: Option<String>,
}

impl Line {
    pub fn key(&self) -> (String, String, String) {
        (
            self.result.test.clone(),
            self.result.target.clone(),
            self.code.clone(),
        )
    }
}

/// FNV-1a, 64 bits: stable on every machine and in every run.
pub fn fnv(bytes: impl IntoIterator<Item = u8>) -> u64 {
    let mut h: u64 = 0xcbf29ce484222325;
    for b in bytes {
        h = (h ^ u64::from(b)).wrapping_mul(0x100000001b3);
    }
    h
}

/// The shard (1-based) a pair belongs to among `n`: a hash of its names,
/// so the partition does not depend on machine, thread count or the order
/// pairs are run in.
pub fn shard_of(test: &str, target: &str, code: &str, n: u32) -> u32 {
    let key = format!("{test}\t{target}\t{code}");
    (fnv(key.bytes()) % u64::from(n)) as u32 + 1
}

pub fn path(dir: &Path, shard: u32, shards: u32) -> PathBuf {
    dir.join(format!("results-{shard}-of-{shards}.jsonl"))
}

/// Whether a file's first bytes are a results file amdmm wrote.
pub fn is_results(head: &str) -> bool {
    head.starts_with("{\"kind\":\"amdmm-campaign-results\"")
}

/// Reads a results file: its header and lines (a line that does not parse
/// ends the file: a run killed while writing).
pub fn read(path: &Path) -> Result<(Header, Vec<Line>), String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let mut lines = text.lines();
    let header: Header = lines
        .next()
        .and_then(|l| serde_json::from_str(l).ok())
        .filter(|h: &Header| h.kind == "amdmm-campaign-results")
        .ok_or_else(|| {
            format!(
                "{}: not an amdmm campaign results file (its first line is no campaign header)",
                path.display()
            )
        })?;
    let mut out = Vec::new();
    for l in lines {
        match serde_json::from_str::<Line>(l) {
            Ok(x) => out.push(x),
            Err(_) => break,
        }
    }
    Ok((header, out))
}

/// Writes the header and lines, replacing the file atomically (a file
/// amdmm did not write only with `force`).
pub fn write(path: &Path, header: &Header, lines: &[Line], force: bool) -> Result<(), String> {
    let mut text = serde_json::to_string(header).map_err(|e| e.to_string())?;
    text.push('\n');
    for l in lines {
        text += &serde_json::to_string(l).map_err(|e| e.to_string())?;
        text.push('\n');
    }
    crate::safe_write::write(path, &text, force, is_results)
}

/// The pairs finished in `lines`.
pub fn done(lines: &[Line]) -> BTreeSet<(String, String, String)> {
    lines.iter().map(Line::key).collect()
}

/// `--shard K/N`, else the schedulers' variables: Slurm job arrays
/// (`SLURM_ARRAY_TASK_ID` from `SLURM_ARRAY_TASK_MIN`, default 0, and
/// `SLURM_ARRAY_TASK_COUNT`), Kubernetes Indexed Jobs
/// (`JOB_COMPLETION_INDEX`, 0-based, with `--shard-count` or
/// `AMDMM_SHARD_COUNT`); else 1/1.
pub fn shard(
    flag: Option<&str>,
    count: Option<u32>,
    env: &dyn Fn(&str) -> Option<String>,
) -> Result<(u32, u32), String> {
    let num = |s: &str, what: &str| -> Result<u32, String> {
        s.trim()
            .parse::<u32>()
            .map_err(|_| format!("{what}: `{s}` is not a number"))
    };
    let checked = |k: u32, n: u32, from: &str| {
        if n == 0 || k == 0 || k > n {
            Err(format!(
                "{from}: shard {k} of {n}; shards are numbered 1 to N"
            ))
        } else {
            Ok((k, n))
        }
    };
    if let Some(s) = flag {
        let (k, n) = s
            .split_once('/')
            .ok_or_else(|| format!("--shard `{s}`: write K/N, e.g. 2/8"))?;
        return checked(num(k, "--shard")?, num(n, "--shard")?, "--shard");
    }
    if let Some(id) = env("SLURM_ARRAY_TASK_ID") {
        let id = num(&id, "SLURM_ARRAY_TASK_ID")?;
        let min = env("SLURM_ARRAY_TASK_MIN")
            .map(|m| num(&m, "SLURM_ARRAY_TASK_MIN"))
            .transpose()?
            .unwrap_or(0);
        let n = env("SLURM_ARRAY_TASK_COUNT")
            .ok_or("SLURM_ARRAY_TASK_ID is set but SLURM_ARRAY_TASK_COUNT is not")?;
        let n = num(&n, "SLURM_ARRAY_TASK_COUNT")?;
        return checked(
            id.checked_sub(min)
                .ok_or("SLURM_ARRAY_TASK_ID below SLURM_ARRAY_TASK_MIN")?
                + 1,
            n,
            "SLURM_ARRAY_TASK_ID",
        );
    }
    if let Some(idx) = env("JOB_COMPLETION_INDEX") {
        let idx = num(&idx, "JOB_COMPLETION_INDEX")?;
        let n = match count {
            Some(n) => n,
            None => num(
                &env("AMDMM_SHARD_COUNT").ok_or(
                    "JOB_COMPLETION_INDEX is set: give the number of shards with --shard-count N or AMDMM_SHARD_COUNT (the Job's `completions`)",
                )?,
                "AMDMM_SHARD_COUNT",
            )?,
        };
        return checked(idx + 1, n, "JOB_COMPLETION_INDEX");
    }
    Ok((1, 1))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn env(vars: &[(&str, &str)]) -> impl Fn(&str) -> Option<String> {
        let v: Vec<(String, String)> = vars
            .iter()
            .map(|(a, b)| (a.to_string(), b.to_string()))
            .collect();
        move |k| v.iter().find(|(a, _)| a == k).map(|(_, b)| b.clone())
    }

    #[test]
    fn shard_from_flag_and_schedulers() {
        assert_eq!(shard(Some("2/8"), None, &env(&[])), Ok((2, 8)));
        assert!(shard(Some("0/8"), None, &env(&[])).is_err());
        assert!(shard(Some("9/8"), None, &env(&[])).is_err());
        assert_eq!(shard(None, None, &env(&[])), Ok((1, 1)));
        let slurm = env(&[
            ("SLURM_ARRAY_TASK_ID", "3"),
            ("SLURM_ARRAY_TASK_COUNT", "4"),
        ]);
        assert_eq!(shard(None, None, &slurm), Ok((4, 4)));
        let slurm1 = env(&[
            ("SLURM_ARRAY_TASK_ID", "1"),
            ("SLURM_ARRAY_TASK_MIN", "1"),
            ("SLURM_ARRAY_TASK_COUNT", "4"),
        ]);
        assert_eq!(shard(None, None, &slurm1), Ok((1, 4)));
        let k8s = env(&[("JOB_COMPLETION_INDEX", "0")]);
        assert_eq!(shard(None, Some(5), &k8s), Ok((1, 5)));
        assert!(shard(None, None, &k8s)
            .unwrap_err()
            .contains("--shard-count"));
        let k8s = env(&[("JOB_COMPLETION_INDEX", "4"), ("AMDMM_SHARD_COUNT", "5")]);
        assert_eq!(shard(None, None, &k8s), Ok((5, 5)));
        // The flag wins over the environment.
        assert_eq!(shard(Some("1/2"), None, &slurm), Ok((1, 2)));
    }

    #[test]
    fn partition_is_stable_and_covers_every_pair() {
        // Fixed values: the partition must not change between releases or
        // machines (shards of one campaign may run on different ones).
        assert_eq!(
            shard_of("MP", "gfx942", "table", 4),
            shard_of("MP", "gfx942", "table", 4)
        );
        let mut seen = [0u32; 4];
        for t in 0..100 {
            let s = shard_of(&format!("T{t}"), "gfx942", "llc-O2", 4);
            seen[s as usize - 1] += 1;
        }
        assert!(seen.iter().all(|&c| c > 10), "{seen:?}");
        assert_eq!(fnv(*b"a"), 0xaf63dc4c8601ec8c);
    }
}
