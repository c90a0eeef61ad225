//! `amdmm`: run AMDGPU litmus tests and print every allowed outcome.
// The doc comments of the argument structs are clap's --help texts, where
// `NAME[:FEATURE]` and `VGPR[ADDR]` are usage notation, not intra-doc links.
#![allow(rustdoc::broken_intra_doc_links)]

mod args;
mod campaign;
mod code;
mod collect;
mod compare;
mod diag;
mod diy;
mod docs;
mod explain;
mod gen;
mod graphviz;
mod hip;
mod hw_run;
mod import;
mod input;
mod kernel;
mod lds;
mod lint;
mod lower;
mod lower_compare;
mod output;
mod progress;
mod run;
mod safe_write;
mod schema;
mod shell;
mod verify;

use clap::Parser;
use std::process::ExitCode;

/// Output piped into a reader that stops early (`amdmm verify … | head`)
/// ends amdmm quietly, as it ends `cat` or `grep`: Rust ignores SIGPIPE, so
/// without this every `println!` after the reader has gone would panic.
fn quiet_on_closed_pipe() {
    #[cfg(unix)]
    // SAFETY: called first thing in main, before any thread is started;
    // restoring a signal's default disposition has no other effect.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
}

fn main() -> ExitCode {
    quiet_on_closed_pipe();
    let cli = args::Cli::parse_from(diy::diy7_spellings(std::env::args_os().collect()));
    diag::init(cli.color);
    match cli.command {
        args::Command::Run(a) if a.target.is_some() => hw_run::hw_run_command(&a),
        args::Command::Run(a) if a.code.code != code::Code::Table || a.code.llc.is_some() => {
            crate::diag::error_line("--code, --llc and --opt-level choose the hardware model's code; they need --target");
            ExitCode::from(2)
        }
        args::Command::Run(a) => output::run_command(&a),
        args::Command::Lds(a) => lds::lds_command(&a),
        args::Command::Import(a) => import::import_command(&a),
        args::Command::Lower(a) => lower::lower_command(&a),
        args::Command::Compile(a) => code::compile_command(&a),
        args::Command::Verify(a) => verify::verify_command(&a),
        args::Command::Lint(a) => lint::lint_command(&a),
        args::Command::Explain(a) => explain::explain_command(&a),
        args::Command::Compare(a) => compare::compare_command(&a),
        args::Command::Gen(a) => gen::gen_command(&a),
        args::Command::Diy(a) => diy::diy_command(&a),
        args::Command::Campaign(a) => campaign::campaign_command(&a),
        args::Command::Hip(a) => hip::hip_command(&a),
        args::Command::CheckObserved(a) => hip::check_observed_command(&a),
        args::Command::Docs(a) => docs::docs_command(&a),
        args::Command::Completions(a) => shell::completions_command(&a),
        args::Command::Man(a) => shell::man_command(&a),
        args::Command::Schema(a) => schema::schema_command(&a),
        args::Command::Kernel(a) => kernel::kernel_command(&a),
    }
}
