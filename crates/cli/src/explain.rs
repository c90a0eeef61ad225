//! The `explain` command: why a final state is forbidden, or how it is
//! allowed (`amdmm_explore::explain`), as text, JSON and graphs.

use crate::collect::LoadFailure;
use crate::graphviz::{GraphFormat, GraphSink};
use amdmm_explore::explain::{explain_since, parse_state_at, ExplainTarget, Explanation};
use amdmm_explore::{ModelKind, Options};
use clap::builder::PossibleValuesParser;
use clap::Args;
use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

const EXPLAIN_EXAMPLES: &str = "\
Examples:
  amdmm explain litmus/MP+rel-acq.agent.litmus         the states the condition looks for
  amdmm explain --state 'P1:%r0=1; P1:%r1=0' t.litmus  one state (herd's `P1:%r0=1 /\\ P1:%r1=0` too)
  amdmm explain --graph out/ t.litmus                  one graph per class of candidates

Exit status: 0 the explanation is complete; 2 bad input, or an incomplete
explanation (a limit was reached).";

#[derive(Args, Debug)]
#[command(after_help = EXPLAIN_EXAMPLES)]
pub struct ExplainArgs {
    /// The test file.
    #[arg(value_name = "FILE")]
    pub file: PathBuf,

    /// The final state to explain, e.g. 'P1:%r0=1; P1:%r1=0' (columns as in the `States`
    /// lines; unnamed columns take any value), or in herd's condition form,
    /// 'P1:%r0=1 /\ P1:%r1=0'. Default: the states the condition looks for
    /// (those satisfying it for exists / ~exists, those falsifying it for forall).
    #[arg(long, value_name = "STATE")]
    pub state: Option<String>,

    /// Rule set: `seed` (the specification's memory model), `upstream` (LLVM's
    /// AMDGPUMemoryModel) or `proposed` (not normative: the seed plus the
    /// wording changes of `amdmm docs findings`); how they differ: `amdmm docs
    /// semantics`.
    #[arg(long, value_name = "NAME", default_value = "seed",
          value_parser = PossibleValuesParser::new(ModelKind::NAMES))]
    pub model: String,

    /// Each loop runs at most N iterations.
    #[arg(long, value_name = "N", default_value_t = 2)]
    pub loop_bound: u32,

    /// Stop after N candidate executions, after N reads-from choices that contradict the
    /// paths' values, or after N modification orders, each in all (the answer then says it is
    /// incomplete); the limit's one name in run, explain, compare and verify
    /// (`--max-executions` is an alias).
    #[arg(
        long,
        visible_alias = "max-executions",
        value_name = "N",
        default_value_t = 200_000
    )]
    pub max_candidates: u64,

    /// Stop after SECS seconds (the answer then says it is incomplete).
    #[arg(long, value_name = "SECS", value_parser = crate::args::parse_secs)]
    pub timeout: Option<f64>,

    /// Stop when the process's resident memory passes MIB mebibytes (the answer then says it
    /// is incomplete).
    #[arg(long, value_name = "MIB", default_value_t = amdmm_explore::DEFAULT_MAX_MEMORY_MIB,
          value_parser = crate::args::parse_mib)]
    pub max_memory: u64,

    /// Write one graph per class into DIR (`TEST.explain-K.svg`), the violated rule's events
    /// and edges highlighted.
    #[arg(long, value_name = "DIR")]
    pub graph: Option<PathBuf>,

    /// Format of `--graph`: `svg` (Graphviz `dot`) or `dot`.
    #[arg(long, value_name = "FORMAT", value_enum, default_value = "svg")]
    pub graph_format: GraphFormat,

    /// Replace files in the --graph directory that amdmm did not write (amdmm's own are
    /// replaced freely; a symbolic link, FIFO or other non-regular file is refused even so).
    #[arg(long)]
    pub force: bool,

    /// Print one JSON document (`amdmm docs json`, "explain") instead of text.
    #[arg(long)]
    pub json: bool,
}

fn fail(msg: &str) -> ExitCode {
    crate::diag::error_line(msg);
    ExitCode::from(2)
}

/// A bad `--state`, through the one diagnostics renderer: the option's text
/// is the source (`--state:1:COL`), the bad part underlined.
fn fail_state(text: &str, e: &amdmm_explore::explain::StateError) -> ExitCode {
    let d = amdmm_report::state_diagnostic(text, e);
    let text_out = d.render_styled("--state", text, crate::diag::color());
    let _ = writeln!(std::io::stderr(), "{}", text_out.trim_end());
    ExitCode::from(2)
}

/// Exit status: 0 when the explanation is complete, 2 on bad input or an
/// incomplete one (a limit).
pub fn explain_command(a: &ExplainArgs) -> ExitCode {
    let Some(model) = ModelKind::from_name(&a.model) else {
        return fail(&format!(
            "unknown model {}",
            amdmm_litmus::suggest::quoted(&a.model)
        ));
    };
    let file = crate::collect::display_name(&a.file);
    let opts = Options {
        loop_bound: a.loop_bound,
        model,
        timeout: a.timeout.map(std::time::Duration::from_secs_f64),
        max_memory: Some(a.max_memory),
        ..Options::default()
    };
    // One clock for reading and explaining (`--timeout` covers both).
    let started = std::time::Instant::now();
    let (program, x) = match crate::collect::load_limited(&a.file, &opts, started) {
        Ok((_, program)) => {
            let columns: Vec<String> = program
                .shown_observables()
                .iter()
                .map(|o| program.observable_name(o))
                .collect();
            let target = match &a.state {
                Some(s) => match parse_state_at(&columns, s) {
                    Ok(t) => t,
                    Err(e) => return fail_state(s, &e),
                },
                None => ExplainTarget::Condition,
            };
            let x = explain_since(&program, &opts, &target, a.max_candidates, started);
            (program, x)
        }
        Err(LoadFailure::Invalid(diags)) => {
            crate::diag::eprint(&diags);
            return ExitCode::from(2);
        }
        Err(LoadFailure::Limit { name, reason }) => {
            let x = Explanation {
                columns: Vec::new(),
                candidates: 0,
                matching: 0,
                discarded: 0,
                classes: Vec::new(),
                flags: Vec::new(),
                limit: Some(reason.to_string()),
            };
            (amdmm_program::Program::unread(name), x)
        }
    };
    if let Some(dir) = &a.graph {
        let sink = match GraphSink::new(dir, a.graph_format, a.force, a.timeout) {
            Ok(s) => s,
            Err(e) => return fail(&e),
        };
        for (stem, dot) in amdmm_report::explain_graphs(&program.name, &x) {
            if let Err(e) = sink.write(&stem, &dot) {
                return fail(&e);
            }
        }
    }
    let text = if a.json {
        match serde_json::to_string_pretty(&amdmm_report::ExplainDocument::new(
            &program.name,
            &file,
            model.name(),
            a.state.as_deref(),
            &x,
        )) {
            Ok(s) => s,
            Err(e) => return fail(&format!("cannot write JSON: {e}")),
        }
    } else {
        amdmm_report::explain_text(&program, a.state.as_deref(), &x)
    };
    let mut o = std::io::stdout().lock();
    let _ = writeln!(o, "{}", text.trim_end());
    if x.limit.is_some() {
        ExitCode::from(2)
    } else {
        ExitCode::SUCCESS
    }
}
