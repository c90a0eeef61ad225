//! `amdmm docs [TOPIC]`: the repository's documentation, built into the
//! binary, so the pages `--help` names are there after `cargo install` too
//! (an installed binary has no docs/ directory beside it).

use clap::Args;
use std::process::ExitCode;

const DOCS_EXAMPLES: &str = "\
Examples:
  amdmm docs                   the list of pages
  amdmm docs tutorial          a first test, its graph, an explanation, a comparison
  amdmm docs format | less     the litmus format

Exit status: 0 success; 2 no page of that name.";

/// Options of `amdmm docs`.
#[derive(Args, Debug)]
#[command(after_help = DOCS_EXAMPLES)]
pub struct DocsArgs {
    /// The page to print (Markdown); without one, the list of pages.
    #[arg(value_name = "TOPIC")]
    pub topic: Option<String>,
}

/// (topic, text): docs/TOPIC.md of the repository, the README, and the
/// known findings `verify` applies by default.
pub const PAGES: &[(&str, &str)] = &[
    ("readme", include_str!("../../../README.md")),
    ("tutorial", include_str!("../../../docs/tutorial.md")),
    ("format", include_str!("../../../docs/format.md")),
    ("cli", include_str!("../../../docs/cli.md")),
    ("json", include_str!("../../../docs/json.md")),
    ("graphs", include_str!("../../../docs/graphs.md")),
    ("semantics", include_str!("../../../docs/semantics.md")),
    ("corpus", include_str!("../../../docs/corpus.md")),
    ("diy", include_str!("../../../docs/diy.md")),
    ("campaigns", include_str!("../../../docs/campaigns.md")),
    ("hardware", include_str!("../../../docs/hardware.md")),
    ("findings", include_str!("../../../docs/findings.md")),
    ("known-findings", amdmm_hw::KNOWN_FINDINGS),
    ("llc", include_str!("../../../docs/llc.md")),
    ("gpu", include_str!("../../../docs/gpu.md")),
    ("lds", include_str!("../../../docs/lds.md")),
    ("kernels", include_str!("../../../docs/kernels.md")),
    ("performance", include_str!("../../../docs/performance.md")),
    (
        "vulkan-crosscheck",
        include_str!("../../../docs/vulkan-crosscheck.md"),
    ),
    ("web", include_str!("../../../docs/web.md")),
];

/// A page's title: its first line without the Markdown heading marks.
fn title(text: &str) -> &str {
    text.lines()
        .next()
        .unwrap_or("")
        .trim_start_matches(['#', ' '])
}

pub fn docs_command(a: &DocsArgs) -> ExitCode {
    let Some(topic) = &a.topic else {
        println!("Pages (amdmm docs TOPIC prints one, in Markdown):");
        for (name, text) in PAGES {
            println!("  {name:<18} {}", title(text));
        }
        return ExitCode::SUCCESS;
    };
    match PAGES.iter().find(|(n, _)| n.eq_ignore_ascii_case(topic)) {
        Some((_, text)) => {
            print!("{text}");
            ExitCode::SUCCESS
        }
        None => {
            let names: Vec<&str> = PAGES.iter().map(|(n, _)| *n).collect();
            let near = names
                .iter()
                .min_by_key(|n| strsim::damerau_levenshtein(n, &topic.to_ascii_lowercase()))
                .filter(|n| strsim::damerau_levenshtein(n, &topic.to_ascii_lowercase()) <= 3);
            crate::diag::error_line(format_args!("no documentation page `{topic}`"));
            match near {
                Some(n) => eprintln!("  hint: did you mean `{n}`? (`amdmm docs` lists the pages)"),
                None => eprintln!("  hint: the pages are {}", names.join(", ")),
            }
            ExitCode::from(2)
        }
    }
}
