//! `amdmm completions SHELL` and `amdmm man`: shell completion scripts and a
//! man page, generated from the same clap definition as `--help`.

use clap::{Args, CommandFactory};
use clap_complete::Shell;
use std::io::Write;
use std::process::ExitCode;

const COMPLETIONS_EXAMPLES: &str = "\
Examples:
  amdmm completions bash > ~/.local/share/bash-completion/completions/amdmm
  amdmm completions zsh > ~/.zfunc/_amdmm        (with fpath+=~/.zfunc in .zshrc)
  amdmm completions fish > ~/.config/fish/completions/amdmm.fish

Exit status: 0 success; 2 an unknown shell.";

/// Options of `amdmm completions`.
#[derive(Args, Debug)]
#[command(after_help = COMPLETIONS_EXAMPLES)]
pub struct CompletionsArgs {
    /// The shell: bash, zsh, fish, elvish or powershell.
    #[arg(value_name = "SHELL", value_enum)]
    pub shell: Shell,
}

const MAN_EXAMPLES: &str = "\
Examples:
  amdmm man > amdmm.1 && man ./amdmm.1
  amdmm man run > amdmm-run.1
  amdmm man > ~/.local/share/man/man1/amdmm.1

Exit status: 0 success; 2 an unknown command.";

/// Options of `amdmm man`.
#[derive(Args, Debug)]
#[command(after_help = MAN_EXAMPLES)]
pub struct ManArgs {
    /// The page of one subcommand (`amdmm-run(1)`, ...) instead of amdmm(1).
    #[arg(value_name = "COMMAND")]
    pub command: Option<String>,
}

pub fn completions_command(a: &CompletionsArgs) -> ExitCode {
    let mut cmd = crate::args::Cli::command();
    clap_complete::generate(a.shell, &mut cmd, "amdmm", &mut std::io::stdout());
    ExitCode::SUCCESS
}

pub fn man_command(a: &ManArgs) -> ExitCode {
    let mut cmd = crate::args::Cli::command();
    cmd.build();
    let page = match &a.command {
        None => cmd,
        Some(name) => match cmd.find_subcommand(name) {
            // The subcommand page is named amdmm-NAME, as in amdmm-NAME(1).
            // clap takes a &'static str here (without its `string`
            // feature); the process prints one page and ends.
            Some(sub) => {
                let title: &'static str = Box::leak(format!("amdmm-{name}").into_boxed_str());
                sub.clone().name(title).version(crate::args::VERSION)
            }
            None => {
                let names: Vec<&str> = cmd.get_subcommands().map(|s| s.get_name()).collect();
                crate::diag::error_line(format_args!("no command `{name}`"));
                eprintln!("  hint: the commands are {}", names.join(", "));
                return ExitCode::from(2);
            }
        },
    };
    let mut out = Vec::new();
    if let Err(e) = clap_mangen::Man::new(page).render(&mut out) {
        crate::diag::error_line(format_args!("cannot render the man page: {e}"));
        return ExitCode::from(2);
    }
    if std::io::stdout().write_all(&out).is_err() {
        return ExitCode::from(2);
    }
    ExitCode::SUCCESS
}
