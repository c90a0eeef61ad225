//! `amdmm lower --compare`: the code-sequence tables' code next to llc's,
//! per operation, for each test and target (docs/llc.md).

use crate::lower::{load_file, targets_and_files, LowerArgs};
use amdmm_hw::llc::compare::{self, DiffKind, OpDiff, Summary};
use amdmm_hw::Target;
use schemars::JsonSchema;
use serde::Serialize;
use std::collections::BTreeMap;
use std::path::PathBuf;
use std::process::ExitCode;

/// One (test, target): the differing operations, or why it was skipped.
struct Outcome {
    target: Target,
    file: String,
    test: String,
    result: Result<(usize, Vec<OpDiff>), String>,
}

pub fn compare_command(a: &LowerArgs) -> ExitCode {
    let (ts, files) = match targets_and_files(&a.target, false, &a.files) {
        Ok(x) => x,
        Err(code) => return code,
    };
    let llc = match amdmm_hw::llc::find(a.code.llc.as_deref(), a.code.opt_level) {
        Ok(l) => l,
        Err(e) => {
            crate::diag::error_line(e);
            return ExitCode::from(2);
        }
    };
    if a.code.code != crate::code::Code::Table {
        crate::diag::error_line("--compare compares the tables with llc; leave out --code");
        return ExitCode::from(2);
    }
    let mut input_error = false;
    let mut progs: Vec<(PathBuf, String, amdmm_program::Program)> = Vec::new();
    for f in &files {
        match load_file(f) {
            Ok((src, p)) => progs.push((f.clone(), src, p)),
            Err(diags) => {
                crate::diag::eprint(&diags);
                input_error = true;
            }
        }
    }
    // Target-major order: each target's tests together, then its summary.
    let pairs: Vec<(&Target, usize)> = ts
        .iter()
        .flat_map(|t| (0..progs.len()).map(move |i| (t, i)))
        .collect();
    let mut outcomes = Vec::with_capacity(pairs.len());
    // Each pair calls llc once (or reads its cache): a corpus over every
    // target takes minutes, so a terminal gets a bar (stderr only).
    let progress = crate::progress::Progress::counting(pairs.len(), "(test, target) compilations");
    let res = crate::run::ordered_parallel(
        &pairs,
        crate::run::jobs_or_cores(a.jobs),
        |&(t, i)| {
            let (f, src, p) = &progs[i];
            let file = crate::collect::display_name(f);
            Outcome {
                target: *t,
                result: compare_one(&file, src, p, t, &llc),
                file,
                test: p.name.clone(),
            }
        },
        || progress.inc(),
        |o| outcomes.push(o),
    );
    progress.finish();
    if let Err(e) = res {
        crate::diag::error_line(e);
        return ExitCode::from(2);
    }
    let mut summaries: BTreeMap<String, Summary> = BTreeMap::new();
    let mut order = Vec::new();
    for o in &outcomes {
        let key = o.target.to_string();
        if !summaries.contains_key(&key) {
            order.push(key.clone());
        }
        let s = summaries.entry(key).or_default();
        match &o.result {
            Ok((ops, diffs)) => s.add(*ops, diffs),
            Err(_) => s.skipped += 1,
        }
    }
    if a.json {
        println!("{}", to_json(&llc, &outcomes, &order, &summaries));
    } else {
        print!("{}", to_text(&llc, &outcomes, &order, &summaries));
    }
    if input_error {
        ExitCode::from(2)
    } else if a
        .fail_on
        .is_some_and(|f| outcomes.iter().any(|o| fails(f, o)))
    {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }
}

/// Whether `o` has a difference `--fail-on f` fails on: any, or one whose
/// kind makes llc's code weaker than the row's ([`DiffKind::stronger`]).
fn fails(f: crate::lower::FailOn, o: &Outcome) -> bool {
    let Ok((_, diffs)) = &o.result else {
        return false;
    };
    match f {
        crate::lower::FailOn::Differ => !diffs.is_empty(),
        crate::lower::FailOn::Weaker => diffs
            .iter()
            .any(|d| d.kinds.iter().any(|k| k.stronger() == Some(false))),
    }
}

/// The operations of `p` (the test in `src`, named `file`) whose llc code
/// differs from the table's on `t`, with the number of operations compared;
/// or why they cannot be compared, placed at `file:line:col` when an
/// operation is the reason.
fn compare_one(
    file: &str,
    src: &str,
    p: &amdmm_program::Program,
    t: &Target,
    llc: &amdmm_hw::llc::Llc,
) -> Result<(usize, Vec<OpDiff>), String> {
    let table = amdmm_hw::lower(p, t).map_err(|e| {
        format!(
            "table: {}",
            crate::lower::lower_diagnostic(file, src, &e).one_line()
        )
    })?;
    if t.name == "gfx1250" && llc.major < 22 {
        return Err(format!("llc: {} has no gfx1250 (LLVM 22 has)", llc.version));
    }
    let code = amdmm_hw::llc::lowered(p, t, llc).map_err(|e| {
        format!(
            "llc: {}",
            crate::lower::hw_diagnostic(file, src, &e).one_line()
        )
    })?;
    Ok((
        compare::operations(&table, &code),
        compare::compare(&table, &code),
    ))
}

fn seq(code: &[amdmm_hw::isa::MInstr]) -> String {
    if code.is_empty() {
        return "(no code)".into();
    }
    code.iter()
        .map(|i| i.to_string())
        .collect::<Vec<_>>()
        .join("; ")
}

fn kind_text(k: DiffKind) -> String {
    match k.stronger() {
        Some(true) => format!("{k} (stronger)"),
        Some(false) => format!("{k} (weaker)"),
        None => k.to_string(),
    }
}

fn summary_kinds(s: &Summary) -> String {
    DiffKind::ALL
        .iter()
        .filter_map(|k| s.kinds.get(k).map(|n| format!("{k} {n}")))
        .collect::<Vec<_>>()
        .join(", ")
}

fn to_text(
    llc: &amdmm_hw::llc::Llc,
    outcomes: &[Outcome],
    order: &[String],
    summaries: &BTreeMap<String, Summary>,
) -> String {
    let mut s = format!(
        "; table rows of AMDGPUUsage (https://llvm.org/docs/AMDGPUUsage.html) vs {} -O{}\n",
        llc.version, llc.opt_level
    );
    for o in outcomes {
        match &o.result {
            Err(e) => s.push_str(&format!("SKIP {} {}: {e}\n", o.test, o.target)),
            Ok((_, diffs)) if diffs.is_empty() => {}
            Ok((_, diffs)) => {
                s.push_str(&format!("{} {} ({})\n", o.target, o.test, o.file));
                for d in diffs {
                    let row = d
                        .row
                        .as_ref()
                        .map(|r| format!("  [row {r}]"))
                        .unwrap_or_default();
                    s.push_str(&format!(
                        "  {} line {}: {}{row}\n    table: {}\n    llc:   {}\n    differs: {}\n",
                        d.thread,
                        d.line,
                        d.text,
                        seq(&d.table),
                        seq(&d.llc),
                        d.kinds
                            .iter()
                            .map(|&k| kind_text(k))
                            .collect::<Vec<_>>()
                            .join(", ")
                    ));
                }
            }
        }
    }
    for t in order {
        let m = &summaries[t];
        let kinds = summary_kinds(m);
        s.push_str(&format!(
            "summary {t}: {} tests ({} skipped), {} operations, {} differ{}\n",
            m.tests + m.skipped,
            m.skipped,
            m.operations,
            m.differing,
            if kinds.is_empty() {
                String::new()
            } else {
                format!(": {kinds}")
            }
        ));
    }
    s
}

/// `lower --compare --json`: the table's code next to llc's, per operation
/// that differs, for every (test, target), and a summary per target.
#[derive(Serialize, JsonSchema)]
pub struct LowerCompareDocument {
    /// The llc version (`llc --version`'s LLVM line).
    pub llc: String,
    /// llc's optimization level (`-O`).
    pub opt_level: u8,
    /// One entry per (test, target), target-major.
    pub results: Vec<CompareResult>,
    /// One entry per target, in the order of `results`.
    pub summary: Vec<TargetSummary>,
}

/// One (test, target): compared, or skipped with the reason.
#[derive(Serialize, JsonSchema)]
#[serde(untagged)]
pub enum CompareResult {
    Compared {
        target: String,
        test: String,
        file: String,
        /// Operations with code in either lowering.
        operations: usize,
        /// The operations whose code differs, in program order.
        differences: Vec<Difference>,
    },
    Skipped {
        target: String,
        test: String,
        file: String,
        /// Why the test was not compared on this target (a construct
        /// `--code llc` refuses, LDS on a tgsplit target, no gfx1250 in
        /// this llc, ...): `table: ` or `llc: `, then `file:line:col:
        /// message (in THREAD)` when one operation is the reason.
        skipped: String,
    },
}

/// One operation whose compiler code differs from its table row.
#[derive(Serialize, JsonSchema)]
pub struct Difference {
    pub thread: String,
    /// The operation's line in the test.
    pub line: u32,
    /// The operation as text (`store atomic i32 1, @y release agent`).
    pub operation: String,
    /// The table row (`store atomic / release / agent / global`); null for
    /// code no row gives (barriers).
    pub row: Option<String>,
    /// The table's instructions, as the assembler spells them.
    pub table: Vec<String>,
    /// llc's instructions.
    pub llc: Vec<String>,
    pub kinds: Vec<DifferenceKind>,
}

/// A kind of difference (`amdmm docs llc`, "Table versus compiler").
#[derive(Serialize, JsonSchema)]
pub struct DifferenceKind {
    /// `extra-wait`, `missing-wait`, `cache-bits`, `extra-instruction`,
    /// `missing-instruction`, `different-instruction`, `order`, `loop` or
    /// `removed`.
    pub kind: String,
    /// true: llc's code is stronger than the row; false: weaker; null: the
    /// hardware model decides (`verify --code llc`), or not compared.
    pub stronger: Option<bool>,
}

/// The counts of one target.
#[derive(Serialize, JsonSchema)]
pub struct TargetSummary {
    pub target: String,
    /// Tests, skipped ones included.
    pub tests: usize,
    pub skipped: usize,
    /// Operations compared.
    pub operations: usize,
    /// Operations whose code differs.
    pub differing: usize,
    /// Operations per kind of difference (an operation may have several).
    pub kinds: BTreeMap<String, usize>,
}

fn to_json(
    llc: &amdmm_hw::llc::Llc,
    outcomes: &[Outcome],
    order: &[String],
    summaries: &BTreeMap<String, Summary>,
) -> String {
    let strs = |c: &[amdmm_hw::isa::MInstr]| c.iter().map(|i| i.to_string()).collect();
    let results = outcomes
        .iter()
        .map(|o| match &o.result {
            Err(e) => CompareResult::Skipped {
                target: o.target.to_string(),
                test: o.test.clone(),
                file: o.file.clone(),
                skipped: e.clone(),
            },
            Ok((ops, diffs)) => CompareResult::Compared {
                target: o.target.to_string(),
                test: o.test.clone(),
                file: o.file.clone(),
                operations: *ops,
                differences: diffs
                    .iter()
                    .map(|d| Difference {
                        thread: d.thread.clone(),
                        line: d.line,
                        operation: d.text.clone(),
                        row: d.row.clone(),
                        table: strs(&d.table),
                        llc: strs(&d.llc),
                        kinds: d
                            .kinds
                            .iter()
                            .map(|k| DifferenceKind {
                                kind: k.name().to_string(),
                                stronger: k.stronger(),
                            })
                            .collect(),
                    })
                    .collect(),
            },
        })
        .collect();
    let summary = order
        .iter()
        .map(|t| {
            let m = &summaries[t];
            TargetSummary {
                target: t.clone(),
                tests: m.tests + m.skipped,
                skipped: m.skipped,
                operations: m.operations,
                differing: m.differing,
                kinds: m
                    .kinds
                    .iter()
                    .map(|(k, n)| (k.name().to_string(), *n))
                    .collect(),
            }
        })
        .collect();
    let doc = LowerCompareDocument {
        llc: llc.version.clone(),
        opt_level: llc.opt_level,
        results,
        summary,
    };
    serde_json::to_string_pretty(&doc).unwrap_or_default()
}
