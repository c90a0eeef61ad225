//! `amdmm lower --compare`: the code-sequence tables' code next to llc's,
//! per operation, for each test and target (docs/llc.md).

use crate::lower::{load_file, targets_and_files, LowerArgs};
use amdmm_hw::llc::compare::{self, DiffKind, OpDiff, Summary};
use amdmm_hw::Target;
use serde_json::json;
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
            eprintln!("error: {e}");
            return ExitCode::from(2);
        }
    };
    if a.code.code != crate::code::Code::Table {
        eprintln!("error: --compare compares the tables with llc; leave out --code");
        return ExitCode::from(2);
    }
    let mut input_error = false;
    let mut progs: Vec<(PathBuf, amdmm_program::Program)> = Vec::new();
    for f in &files {
        match load_file(f) {
            Ok((_, p)) => progs.push((f.clone(), p)),
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
    let res = crate::run::ordered_parallel(
        &pairs,
        crate::run::jobs_or_cores(a.jobs),
        |&(t, i)| {
            let (f, p) = &progs[i];
            Outcome {
                target: *t,
                file: crate::collect::display_name(f),
                test: p.name.clone(),
                result: compare_one(p, t, &llc),
            }
        },
        || {},
        |o| outcomes.push(o),
    );
    if let Err(e) = res {
        eprintln!("error: {e}");
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
    } else {
        ExitCode::SUCCESS
    }
}

/// The operations of `p` whose llc code differs from the table's on `t`,
/// with the number of operations compared.
fn compare_one(
    p: &amdmm_program::Program,
    t: &Target,
    llc: &amdmm_hw::llc::Llc,
) -> Result<(usize, Vec<OpDiff>), String> {
    let table = amdmm_hw::lower(p, t).map_err(|e| format!("table: {e}"))?;
    if t.name == "gfx1250" && llc.major < 22 {
        return Err(format!("llc: {} has no gfx1250 (LLVM 22 has)", llc.version));
    }
    let code = amdmm_hw::llc::lowered(p, t, llc).map_err(|e| format!("llc: {e}"))?;
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

fn to_json(
    llc: &amdmm_hw::llc::Llc,
    outcomes: &[Outcome],
    order: &[String],
    summaries: &BTreeMap<String, Summary>,
) -> serde_json::Value {
    let results: Vec<_> = outcomes
        .iter()
        .map(|o| match &o.result {
            Err(e) => json!({
                "target": o.target.to_string(),
                "test": o.test,
                "file": o.file,
                "skipped": e,
            }),
            Ok((ops, diffs)) => json!({
                "target": o.target.to_string(),
                "test": o.test,
                "file": o.file,
                "operations": ops,
                "differences": diffs.iter().map(|d| json!({
                    "thread": d.thread,
                    "line": d.line,
                    "operation": d.text,
                    "row": d.row,
                    "table": d.table.iter().map(|i| i.to_string()).collect::<Vec<_>>(),
                    "llc": d.llc.iter().map(|i| i.to_string()).collect::<Vec<_>>(),
                    "kinds": d.kinds.iter().map(|k| json!({
                        "kind": k.name(),
                        "stronger": k.stronger(),
                    })).collect::<Vec<_>>(),
                })).collect::<Vec<_>>(),
            }),
        })
        .collect();
    let summary: Vec<_> = order
        .iter()
        .map(|t| {
            let m = &summaries[t];
            json!({
                "target": t,
                "tests": m.tests + m.skipped,
                "skipped": m.skipped,
                "operations": m.operations,
                "differing": m.differing,
                "kinds": m.kinds.iter().map(|(k, n)| (k.name().to_string(), json!(n)))
                    .collect::<serde_json::Map<_, _>>(),
            })
        })
        .collect();
    json!({
        "llc": llc.version,
        "opt_level": llc.opt_level,
        "results": results,
        "summary": summary,
    })
}
