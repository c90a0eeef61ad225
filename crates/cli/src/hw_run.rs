//! `amdmm run --target`: the outcomes of a target's operational hardware
//! model (crate `amdmm-hw`, docs/hardware.md) in the herd format of `amdmm run`
//! (or its JSON, with `target` and `hardware_states` added).

use crate::lower::{load_file, targets_and_files};
use crate::run;
use amdmm_hw::machine::HwOutcome;
use amdmm_program::Program;
use std::process::ExitCode;

/// Flags of `amdmm run` that concern the memory model only; with `--target`
/// they are an error rather than silently ignored.
fn model_only_flags(a: &crate::args::RunArgs) -> Option<&'static str> {
    if a.check {
        Some("--check compares the memory model with the `expect` line; to check hardware outcomes against the model use `amdmm verify --target ...`")
    } else if a.model != "seed" {
        Some("--model selects the memory model's rules; the hardware model has none (use `amdmm verify --target ...` to compare)")
    } else if a.barrier_target.is_some() {
        Some("--barrier-target selects the memory model's barrier intrinsics; with --target the hardware target decides")
    } else if a.max_executions.is_some() {
        Some("--max-candidates bounds the memory model's search; the hardware model is bounded by --timeout, --max-memory and its state limit (`amdmm verify --max-states`)")
    } else if a.graph_no_init
        || a.graph_relations.is_some()
        || a.graph_states != crate::args::GraphStates::All
    {
        Some("--graph-states, --graph-no-init and --graph-relations choose what the memory model's execution graphs show; a hardware trace has no initial writes or relations")
    } else {
        None
    }
}

/// `amdmm run --target TARGET FILE...`: the hardware model's outcomes, in the
/// herd format of `amdmm run`. Tests and targets run in parallel; output is in
/// input order.
pub fn hw_run_command(a: &crate::args::RunArgs) -> ExitCode {
    if let Some(why) = model_only_flags(a) {
        crate::diag::error_line(format_args!("with --target: {why}"));
        return ExitCode::from(2);
    }
    let spec = a.target.as_deref().unwrap_or("");
    let (ts, files) = match targets_and_files(spec, false, &a.paths) {
        Ok(x) => x,
        Err(code) => return code,
    };
    let opts = amdmm_hw::machine::HwOptions {
        loop_bound: a.loop_bound,
        timeout: a.timeout.map(std::time::Duration::from_secs_f64),
        max_memory: Some(a.max_memory),
        reduce: !a.reductions.no_reduction,
        symmetry: !a.reductions.no_symmetry,
        ..Default::default()
    };
    let source = match a.code.source() {
        Ok(s) => s,
        Err(e) => {
            crate::diag::error_line(e);
            return ExitCode::from(2);
        }
    };
    let mut status = ExitCode::SUCCESS;
    let mut progs: Vec<(String, String, Program)> = Vec::new();
    // Files that could not be loaded, first in the JSON document's tests.
    let mut input_errors = Vec::new();
    for f in &files {
        match load_file(f) {
            Ok((src, p)) => progs.push((crate::collect::display_name(f), src, p)),
            Err(diags) => {
                crate::diag::eprint(&diags);
                let file = crate::collect::display_name(f);
                input_errors.push(amdmm_report::TestEntry::InputError(
                    amdmm_report::input_error_json(&file, &diags),
                ));
                status = ExitCode::from(2);
            }
        }
    }
    let pairs: Vec<(usize, amdmm_hw::Target)> = (0..progs.len())
        .flat_map(|i| ts.iter().map(move |t| (i, *t)))
        .collect();
    let mut json_tests = input_errors;
    let sink = match a
        .graph
        .as_deref()
        .map(|dir| crate::graphviz::GraphSink::new(dir, a.graph_format, a.force, a.timeout))
        .transpose()
    {
        Ok(s) => s,
        Err(e) => {
            crate::diag::error_line(e);
            return ExitCode::from(2);
        }
    };
    let progress = crate::progress::Progress::counting(pairs.len(), "(test, target) runs");
    let res = run::ordered_parallel(
        &pairs,
        run::jobs_or_cores(a.jobs),
        |&(i, t)| {
            let start = std::time::Instant::now();
            let r = amdmm_hw::machine::explore_with(&progs[i].2, &t, &opts, &source);
            (i, t, r, start.elapsed().as_secs_f64())
        },
        || progress.inc(),
        |(i, t, r, secs)| {
            let (file, src, p) = &progs[i];
            let time = (!a.no_time).then_some(secs);
            if let (Some(sink), Ok(h)) = (&sink, &r) {
                if !progress.suspend(|| trace_graphs(sink, p, &t, h)) {
                    status = ExitCode::from(2);
                }
            }
            progress.suspend(|| match r {
                Ok(h) if a.json => json_tests.push(json(file, p, &t, &h, time, a)),
                Ok(h) => print_text(p, &t, &h, time, a.show_executions),
                Err(e) => {
                    let d = crate::lower::hw_diagnostic(file, src, &e);
                    crate::diag::eprint(std::slice::from_ref(&d));
                    if a.json {
                        json_tests.push(amdmm_report::TestEntry::InputError(
                            amdmm_report::input_error_json(file, &[d]),
                        ));
                    }
                    status = ExitCode::from(2);
                }
            })
        },
    );
    progress.finish();
    if let Err(e) = res {
        crate::diag::error_line(e);
        return ExitCode::from(2);
    }
    if a.json {
        let doc = amdmm_report::RunDocument {
            amdmm: env!("CARGO_PKG_VERSION").to_string(),
            model: "hardware".to_string(),
            tests: json_tests,
            summary: None,
        };
        match serde_json::to_string_pretty(&doc) {
            Ok(s) => println!("{s}"),
            Err(e) => {
                crate::diag::error_line(format_args!("cannot write JSON: {e}"));
                return ExitCode::from(2);
            }
        }
    }
    status
}

/// One (test, target) result: `amdmm run --json`'s test object plus the
/// target, the number of hardware states and, with `--show-executions`, one
/// trace per final state.
fn json(
    file: &str,
    p: &Program,
    t: &amdmm_hw::Target,
    h: &HwOutcome,
    time: Option<f64>,
    a: &crate::args::RunArgs,
) -> amdmm_report::TestEntry {
    let mut v = amdmm_report::json(p, &h.outcome, time, false);
    v.file = file.to_string();
    v.target = Some(t.to_string());
    v.hardware_states = Some(h.states_visited as u64);
    if a.show_executions {
        v.traces = Some(h.traces.clone());
    }
    amdmm_report::TestEntry::Test(Box::new(v))
}

/// `--graph DIR`: one sequence diagram per hardware final state, the trace
/// that reaches it (`TEST.TARGET.state-K.svg`, K counting from 1 in the
/// order of the `States` lines). False when a graph could not be written
/// (reported on stderr).
fn trace_graphs(
    sink: &crate::graphviz::GraphSink,
    p: &Program,
    t: &amdmm_hw::Target,
    h: &HwOutcome,
) -> bool {
    let states = h.outcome.states.iter().zip(&h.traces).map(|(st, trace)| {
        (
            amdmm_hw::machine::render_state(&h.outcome, st),
            trace.as_slice(),
        )
    });
    sink.write_traces(&p.name, &t.to_string(), "state", states)
}

fn print_text(p: &Program, t: &amdmm_hw::Target, h: &HwOutcome, time: Option<f64>, traces: bool) {
    println!("Target {t} ({} hardware states)", h.states_visited);
    print!("{}", amdmm_report::herd_text(p, &h.outcome, time, false));
    if traces {
        for (st, tr) in h.outcome.states.iter().zip(&h.traces) {
            println!(
                "Trace to {}:",
                amdmm_hw::machine::render_state(&h.outcome, st)
            );
            for (i, step) in tr.iter().enumerate() {
                println!("  {:3}. {step}", i + 1);
            }
        }
    }
    println!();
}
