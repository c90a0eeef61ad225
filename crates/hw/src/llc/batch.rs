//! Many tests for one target in one llc run (issue 26 item 4; docs/llc.md,
//! "Batches"). llc spends most of a small test's time starting up and
//! setting up the AMDGPU backend, not compiling: one process for a batch of
//! tests costs little more than one for a single test.
//!
//! The modules of a batch are joined into one: test `j`'s names
//! (`@amdmm_…`, its kernels and symbols) become `@amdmm_bJ_…`, its metadata
//! nodes are renumbered past the previous tests', and the `declare`s and the
//! target triple are kept once. llc compiles each kernel on its own (a kernel
//! calls nothing and its LDS is laid out from the variables it uses), so
//! each kernel's code is the code of a run on the test alone, but for the
//! function numbers in its local labels (`.LBB12_3`, `.Lfunc_end12`), which
//! the split renumbers back, and the names, which it renames back.
//!
//! The assembly is split per test and stored in the cache under the test's
//! own key ([`super::cache::key`], unchanged): a later run of the test
//! (batched or not) reads it from there. A batch entry holds the test's
//! kernels only (not the module's data and metadata sections) and starts
//! ends with [`BATCH_MARK`]; `amdmm compile`, which prints llc's whole output,
//! treats such an entry as a miss ([`super::tool::Llc::compile_full`]).
//! A batch llc fails on is split in halves until the failing tests are
//! alone; those are left to the per-test run, which reports llc's error,
//! as are the tests of a batch past its timeout and a batch of one test.

use super::tool::Llc;
use crate::Target;
use std::time::Instant;

/// The first line of a cache entry made by a batch.
pub const BATCH_MARK: &str = "; amdmm: llc output split from a batch (the test's kernels only)";

/// Tests per llc run: large enough that start-up is amortised (docs/
/// performance.md, "Batches"), small enough that a failing test costs
/// few re-runs and the work spreads over the cores.
pub const DEFAULT_BATCH: usize = 32;

/// What [`prefetch`] did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// Tests already in the cache.
    pub cached: usize,
    /// Tests compiled in a batch and stored.
    pub compiled: usize,
    /// llc processes run.
    pub runs: usize,
    /// Tests left to the per-test run (llc failed on them in a batch).
    pub left: usize,
}

impl std::ops::AddAssign for Stats {
    fn add_assign(&mut self, o: Stats) {
        self.cached += o.cached;
        self.compiled += o.compiled;
        self.runs += o.runs;
        self.left += o.left;
    }
}

/// One test of a batch: its module and its cache key.
struct Item {
    ir: String,
    key: String,
}

/// Compiles for `target` every module of `irs` that the cache lacks, at
/// most `batch` per llc run, and stores each test's assembly in the cache.
/// Without a cache ([`Llc::cache`] `None`) it does nothing: the per-test
/// runs compile as before.
pub fn prefetch(llc: &Llc, target: &Target, irs: &[String], batch: usize) -> Stats {
    let mut stats = Stats::default();
    let Some(dir) = &llc.cache else {
        return stats;
    };
    let args = llc.args(target);
    let mut todo = Vec::new();
    let mut seen = std::collections::HashSet::new();
    for ir in irs {
        let key = llc.cache_key(&args, ir);
        if !seen.insert(key.clone()) {
            continue;
        }
        if super::cache::get(dir, &key, &super::cache::kernels(ir)).is_some() {
            stats.cached += 1;
        } else {
            todo.push(Item {
                ir: ir.clone(),
                key,
            });
        }
    }
    for chunk in todo.chunks(batch.max(1)) {
        let refs: Vec<&Item> = chunk.iter().collect();
        stats += compile_batch(llc, &args, dir, &refs);
    }
    stats
}

/// One llc run on `items` joined; on failure, each half again (a single
/// test that fails is left to its own run).
fn compile_batch(llc: &Llc, args: &[String], dir: &std::path::Path, items: &[&Item]) -> Stats {
    let mut stats = Stats::default();
    if items.is_empty() {
        return stats;
    }
    if items.len() == 1 {
        // Alone it is the ordinary per-test compilation: the test's own
        // run does it (and reports its errors), not twice.
        stats.left += 1;
        return stats;
    }
    let module = join(items.iter().map(|i| i.ir.as_str()));
    let deadline = llc.timeout.map(|t| Instant::now() + t * items.len() as u32);
    stats.runs += 1;
    let out = amdmm_io::run_tool(
        &llc.path,
        &[
            args,
            &["-o".to_string(), "-".to_string(), "-".to_string()][..],
        ]
        .concat(),
        module.as_bytes(),
        deadline,
    );
    if matches!(out, Err(amdmm_io::ToolError::Timeout { .. })) {
        // Past the batch's share of the timeout: each test's own run is
        // bounded by the timeout and reports it (halving would wait again).
        stats.left += items.len();
        return stats;
    }
    let split = out
        .ok()
        .map(|o| String::from_utf8_lossy(&o.stdout).into_owned())
        .and_then(|asm| {
            items
                .iter()
                .enumerate()
                .map(|(j, it)| split(&asm, j, &super::cache::kernels(&it.ir)))
                .collect::<Option<Vec<String>>>()
        });
    match split {
        Some(parts) => {
            for (it, part) in items.iter().zip(parts) {
                super::cache::put(dir, &it.key, &part);
                stats.compiled += 1;
            }
        }
        None => {
            let (a, b) = items.split_at(items.len() / 2);
            stats += compile_batch(llc, args, dir, a);
            stats += compile_batch(llc, args, dir, b);
        }
    }
    stats
}

/// The prefix test `j`'s names get in a batch.
fn prefix(j: usize) -> String {
    format!("amdmm_b{j}_")
}

/// The modules `irs` as one: names prefixed per test (`amdmm_bJ_`),
/// metadata renumbered, `declare`s and the triple once.
pub fn join<'a>(irs: impl Iterator<Item = &'a str>) -> String {
    let mut head = String::new();
    let mut declares: Vec<String> = Vec::new();
    let mut body = String::new();
    let mut meta_base = 0usize;
    for (j, ir) in irs.enumerate() {
        let mut most = 0usize;
        for line in ir.lines() {
            let t = line.trim_start();
            if t.starts_with("target triple") || t.starts_with("target datalayout") {
                if !head.contains(t) {
                    head.push_str(t);
                    head.push('\n');
                }
                continue;
            }
            if t.starts_with(';') && !t.starts_with("; amdmm op") {
                continue;
            }
            let renamed = renumber_metadata(
                &line.replace("@amdmm_", &format!("@{}", prefix(j))),
                meta_base,
                &mut most,
            );
            if t.starts_with("declare ") {
                if !declares.contains(&renamed) {
                    declares.push(renamed);
                }
                continue;
            }
            body.push_str(&renamed);
            body.push('\n');
        }
        meta_base += most;
    }
    let mut out = head;
    for d in declares {
        out.push_str(&d);
        out.push('\n');
    }
    out.push_str(&body);
    out
}

/// `line` with every metadata node number `!N` (not `!"…"`, `!{`, or a
/// named kind such as `!mmra`) raised by `base`; `most` becomes at least
/// the largest N + 1 seen.
fn renumber_metadata(line: &str, base: usize, most: &mut usize) -> String {
    let b = line.as_bytes();
    let mut out = String::with_capacity(line.len() + 8);
    let mut i = 0;
    let mut in_string = false;
    while i < b.len() {
        let c = b[i];
        if c == b'"' {
            in_string = !in_string;
        }
        if !in_string && c == b'!' && b.get(i + 1).is_some_and(|d| d.is_ascii_digit()) {
            let start = i + 1;
            let mut end = start;
            while end < b.len() && b[end].is_ascii_digit() {
                end += 1;
            }
            let n: usize = line[start..end].parse().unwrap_or(0);
            *most = (*most).max(n + 1);
            out.push('!');
            out.push_str(&(n + base).to_string());
            i = end;
            continue;
        }
        let ch = line[i..].chars().next().unwrap_or('\0');
        out.push(ch);
        i += ch.len_utf8();
    }
    out
}

/// Test `j`'s kernels from the batch's assembly, named and numbered as in
/// a run on the test alone, followed by [`BATCH_MARK`]; `None` when a
/// kernel is missing. The module's header (the lines before the first
/// kernel) comes first and each kernel's lines run from its `.globl` to the
/// next kernel's (or the padding after the last), so every kernel line has
/// the line number it has in a run on the test alone (messages cite it).
pub fn split(asm: &str, j: usize, kernels: &[&str]) -> Option<String> {
    let pre = prefix(j);
    let lines: Vec<&str> = asm.lines().collect();
    let is_globl = |l: &str| l.starts_with("\t.globl\t");
    let header = lines.iter().position(|l| is_globl(l))?;
    let mut out = String::new();
    for l in &lines[..header] {
        out.push_str(l);
        out.push('\n');
    }
    for (i, k) in kernels.iter().enumerate() {
        let name = format!("{pre}{}", k.strip_prefix("amdmm_")?);
        let first = lines.iter().position(|l| {
            l.strip_prefix("\t.globl\t")
                .is_some_and(|r| r.split_whitespace().next() == Some(name.as_str()))
        })?;
        let last = first
            + 1
            + lines[first + 1..]
                .iter()
                .position(|l| is_globl(l) || l.starts_with("\t.p2alignl"))
                .unwrap_or(lines.len() - first - 1);
        // The function's number in the batch: its `.Lfunc_endN` label.
        let number = lines[first..last]
            .iter()
            .find_map(|l| l.strip_prefix(".Lfunc_end")?.strip_suffix(':'))?
            .to_string();
        for l in &lines[first..last] {
            let renamed = l
                .replace(&pre, "amdmm_")
                .replace(&format!(".LBB{number}_"), &format!(".LBB{i}_"))
                .replace(&format!(".Lfunc_end{number}"), &format!(".Lfunc_end{i}"));
            if renamed.len() == l.len() {
                out.push_str(&renamed);
            } else {
                out.push_str(&realign(&renamed));
            }
            out.push('\n');
        }
    }
    out.push_str(BATCH_MARK);
    out.push('\n');
    Some(out)
}

/// A renamed `line` with its end-of-line comment back at column 40, where
/// llc puts it after a name or label (counting a tab as one column, at
/// least one space before it): the shorter name leaves it further left.
fn realign(line: &str) -> String {
    let Some(at) = line.find("  ;") else {
        return line.to_string();
    };
    let code = line[..at].trim_end();
    let comment = line[at..].trim_start();
    let pad = 40usize.saturating_sub(code.chars().count()).max(1);
    format!("{code}{}{comment}", " ".repeat(pad))
}

/// Was this cache entry made by a batch ([`split`])?
pub fn is_batch_entry(entry: &str) -> bool {
    entry.trim_end().ends_with(BATCH_MARK)
}

#[cfg(test)]
mod tests {
    use super::*;

    const A: &str = "; amdmm: litmus test A\ntarget triple = \"amdgcn-amd-amdhsa\"\n\n\
        @amdmm_x = internal addrspace(1) global [1 x i64] [i64 0], align 16\n\
        declare void @llvm.amdgcn.s.barrier()\n\
        define amdgpu_kernel void @amdmm_t0_P0(ptr addrspace(1) %out) {\n\
          call void asm sideeffect \"; amdmm op 0\", \"\"()\n\
          store atomic i32 1, ptr addrspace(1) @amdmm_x monotonic, align 4, !amdgcn.no.remote.memory !1\n\
          ret void\n}\n!0 = !{!\"amdgcn-av\", !\"none\"}\n!1 = !{i32 1}\n";

    #[test]
    fn joined_modules_keep_their_names_and_metadata_apart() {
        let j = join([A, A].into_iter());
        assert_eq!(j.matches("target triple").count(), 1);
        assert_eq!(
            j.matches("declare void @llvm.amdgcn.s.barrier()").count(),
            1
        );
        assert!(j.contains("@amdmm_b0_t0_P0(") && j.contains("@amdmm_b1_t0_P0("));
        assert!(j.contains("@amdmm_b1_x monotonic"));
        // The second module's nodes follow the first's.
        assert!(j.contains("!0 = !{!\"amdgcn-av\", !\"none\"}"));
        assert!(j.contains("!3 = !{i32 1}"));
        assert!(j.contains("!amdgcn.no.remote.memory !3"));
        assert!(j.contains("; amdmm op 0"));
    }

    #[test]
    fn the_split_renames_and_renumbers_back() {
        let asm = "\t.text\n\t.globl\tamdmm_b1_t0_P0                     ; -- Begin function amdmm_b1_t0_P0\n\
            amdmm_b1_t0_P0:\n\
            \ts_add_u32 s0, s0, amdmm_b1_x@rel32@lo+4\n\
            .LBB7_1:\n\
            \ts_cbranch_scc1 .LBB7_1\n\
            .Lfunc_end7:\n\
            \t.size\tamdmm_b1_t0_P0, .Lfunc_end7-amdmm_b1_t0_P0\n\
            \x20                                       ; -- End function\n";
        let s = split(asm, 1, &["amdmm_t0_P0"]).unwrap();
        assert!(s.starts_with("\t.text\n\t.globl\tamdmm_t0_P0 "));
        assert!(is_batch_entry(&s));
        assert!(s.contains("amdmm_t0_P0:\n"));
        assert!(s.contains("amdmm_x@rel32@lo+4"));
        assert!(s.contains(".LBB0_1:") && s.contains("s_cbranch_scc1 .LBB0_1"));
        assert!(s.contains(".Lfunc_end0-amdmm_t0_P0"));
        assert!(!s.contains("amdmm_b1_"));
        assert_eq!(split(asm, 1, &["amdmm_t1_P1"]), None);
    }
}
