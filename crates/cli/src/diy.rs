//! `amdmm diy`: write the tests of every critical cycle of a relaxation
//! vocabulary (crate `amdmm-gen`, module `diy`; docs/diy.md).

use amdmm_gen::diy::{self, Edge, Placement, Spaces};
use clap::builder::PossibleValuesParser;
use clap::Args;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

const EXAMPLES: &str = "\
Examples:
  amdmm diy -size 4 -nprocs 3 --out tests/             the whole vocabulary
  amdmm diy -relax PodWR -safe Fre,Rfe,PodWW --out t/   cycles with at least one PodWR
  amdmm diy -vocabulary mine.txt -size 6 --placement wg,mixed --out t/
  amdmm diy -size 6 -safe Rfe,Fre,PodWW__rel.wg,PodRW_acq.wg_rel.agent,PodRR_acq.agent_ \
      --placement mixed --out t/                        mixed scopes on 3 threads (ISA2)
  amdmm diy --one-thread -nprocs 1 -safe PosRW__dma,Rfi,PosWR_dma_,Fri --spaces lds --out t/
  amdmm diy --show-vocabulary                           the default vocabulary
  amdmm diy -size 4 --list                              the names only
  amdmm run tests/ ; amdmm campaign tests/ --target all

A test is a critical cycle of edges (herd's diy7): communication Rfe Rfi Fre
Fri Coe Coi (Wse, Wsi), program order PodXY (different locations) PosXY
(same), dependencies DpAddrdR DpAddrdW DpDatadW DpCtrldR DpCtrldW, fences
FencedXY-ORDER[.SCOPE][.1as][.as-global|.as-local|.as-local-global], and
__syncthreads BarrierdXY (X, Y: R or W). A po edge decorates its two
accesses: KIND_SRC_DST, each `.`-separated from na un rlx acq rel ar sc
(ordering), wf wg cl agent (scope; none: system), 1as (-one-as), gen
(generic pointer), avnone (amdgcn-av none), xchg add0 cas (RMW), dma (the
write as an LDS DMA copy, llvm.amdgcn.global.load.lds); e.g.
PodWW_na_rel.agent. Each cycle is listed once (up to rotation and renaming);
its test's condition is the cycle's final state; it is placed as each
--placement says and its locations are global or LDS as --spaces says (LDS
only where the threads share a work-group). A test is named after its
cycle and layout (PodWW+Rfe+PodRR+Fre@wg@lds-y) and written to
DIR/NAME.litmus. Same options, same files, byte for byte.

Single-dash spellings as in diy7 are accepted: -size -nprocs -relax -safe
-vocabulary.

Exit status: 0 success; 2 bad options, a limit reached, or a file that
cannot be written.";

/// Options of `amdmm diy`.
#[derive(Args, Debug)]
#[command(after_help = EXAMPLES)]
pub struct DiyArgs {
    /// At most N edges per cycle.
    #[arg(long, value_name = "N", default_value_t = 4)]
    pub size: usize,

    /// At most P threads per test.
    #[arg(long, value_name = "P", default_value_t = 3)]
    pub nprocs: usize,

    /// Edges every cycle contains at least one of (comma-separated).
    #[arg(long, value_name = "EDGES", value_delimiter = ',')]
    pub relax: Vec<String>,

    /// The other edges cycles may use (comma-separated) [default: the default vocabulary, or
    /// --vocabulary's].
    #[arg(long, value_name = "EDGES", value_delimiter = ',')]
    pub safe: Vec<String>,

    /// A file of edges (blank- or comma-separated, `#` comments) used as the -safe list.
    #[arg(long, value_name = "FILE")]
    pub vocabulary: Option<PathBuf>,

    /// Thread placements, comma-separated: wave (lanes of one wave), wg (waves of one
    /// work-group), cl (work-groups of different clusters), agent (work-groups of one agent),
    /// sys (different agents), mixed (every other grouping into work-groups), or all.
    #[arg(long, value_name = "PLACES", value_delimiter = ',', default_value = "wg,agent,sys",
          value_parser = PossibleValuesParser::new(["wave", "wg", "cl", "agent", "sys", "mixed", "all"]))]
    pub placement: Vec<String>,

    /// Address spaces of the locations, comma-separated: global (all global), lds (all LDS),
    /// mixed (every mix), or all. LDS only where every thread using the location shares a
    /// work-group.
    #[arg(long, value_name = "SPACES", value_delimiter = ',', default_value = "global,lds,mixed",
          value_parser = PossibleValuesParser::new(["global", "lds", "mixed", "all"]))]
    pub spaces: Vec<String>,

    /// Also the cycles of one thread (no external edge): herd's coherence tests (CoRW1 is
    /// PosRW+Rfi) and LDS DMA copies (PosRW__dma+Rfi), placed once, under the first --placement.
    #[arg(long)]
    pub one_thread: bool,

    /// The directory to write the tests into (created if missing).
    #[arg(long, value_name = "DIR", required_unless_present_any = ["list", "show_vocabulary"])]
    pub out: Option<PathBuf>,

    /// Print the test names instead of writing files.
    #[arg(long)]
    pub list: bool,

    /// Print the default vocabulary (a valid --vocabulary file) and exit.
    #[arg(long)]
    pub show_vocabulary: bool,

    /// Stop with an error past N tests.
    #[arg(long, value_name = "N", default_value_t = 100_000)]
    pub max_tests: usize,

    /// Afterwards, remove the `.litmus` files of DIR written by `amdmm diy` that this run did
    /// not write.
    #[arg(long)]
    pub replace: bool,

    /// Overwrite files of DIR that amdmm did not write.
    #[arg(long)]
    pub force: bool,
}

/// diy7's single-dash options, as `--` ones, when the command is `diy`
/// (herd users type `-size 4`; clap's long options take two dashes).
pub fn diy7_spellings(args: Vec<std::ffi::OsString>) -> Vec<std::ffi::OsString> {
    let is_diy = args
        .iter()
        .skip(1)
        .find(|a| !a.to_string_lossy().starts_with('-'))
        .is_some_and(|a| a == "diy");
    if !is_diy {
        return args;
    }
    args.into_iter()
        .map(|a| match a.to_str() {
            Some("-size" | "-nprocs" | "-relax" | "-safe" | "-vocabulary") => {
                format!("-{}", a.to_string_lossy()).into()
            }
            _ => a,
        })
        .collect()
}

pub fn diy_command(a: &DiyArgs) -> ExitCode {
    if a.show_vocabulary {
        print!("{}", diy::DEFAULT_VOCABULARY);
        return ExitCode::SUCCESS;
    }
    let result = options(a).and_then(|o| diy::generate(&o));
    let tests = match result {
        Ok(t) => t,
        Err(e) => {
            crate::diag::error_line(e);
            return ExitCode::from(2);
        }
    };
    if a.list {
        for t in &tests {
            println!("{}", t.name);
        }
        return ExitCode::SUCCESS;
    }
    let dir = a.out.as_deref().expect("clap requires --out");
    match write(dir, &tests, a.replace, a.force) {
        Ok(n) => {
            println!("{n} tests written to {}", dir.display());
            ExitCode::SUCCESS
        }
        Err(e) => {
            crate::diag::error_line(e);
            ExitCode::from(2)
        }
    }
}

/// The generator's options from the command line.
pub fn options(a: &DiyArgs) -> Result<diy::Options, String> {
    let edges = |list: &[String], what: &str| -> Result<Vec<Edge>, String> {
        list.iter()
            .filter(|s| !s.is_empty())
            .map(|s| Edge::parse(s).map_err(|e| format!("{what}: {e}")))
            .collect()
    };
    let relax = edges(&a.relax, "-relax")?;
    let mut safe = edges(&a.safe, "-safe")?;
    if let Some(path) = &a.vocabulary {
        let text = crate::input::read_text(path).map_err(|e| {
            e.render(&path.display().to_string())
                .trim_start_matches("error: ")
                .to_string()
        })?;
        safe.extend(diy::parse_vocabulary(&text, &path.display().to_string())?);
    } else if a.safe.is_empty() {
        safe = diy::parse_vocabulary(diy::DEFAULT_VOCABULARY, "the default vocabulary")?;
    }
    let placements = pick(&a.placement, &Placement::ALL, Placement::name);
    let spaces = pick(&a.spaces, &Spaces::ALL, Spaces::name);
    Ok(diy::Options {
        size: a.size,
        nprocs: a.nprocs,
        relax,
        safe,
        placements,
        spaces,
        one_thread: a.one_thread,
        max_tests: a.max_tests,
    })
}

fn pick<T: Copy>(names: &[String], all: &[T], name: fn(T) -> &'static str) -> Vec<T> {
    if names.iter().any(|n| n == "all") {
        return all.to_vec();
    }
    all.iter()
        .copied()
        .filter(|x| names.iter().any(|n| n == name(*x)))
        .collect()
}

/// Whether a file's first bytes are a test `amdmm diy` wrote.
pub fn written_by_diy(head: &str) -> bool {
    head.starts_with("AMDGPU ") && head.contains("\"Generated by `amdmm diy`")
}

/// Writes the tests into `dir` through the safe writer ([`amdmm_io::write`]);
/// with `replace`, then removes the other `amdmm diy` tests of `dir` (never
/// a link or another file).
pub fn write(dir: &Path, tests: &[diy::Test], replace: bool, force: bool) -> Result<usize, String> {
    amdmm_io::write::create_dir(dir, false)?;
    let mut written = std::collections::BTreeSet::new();
    for t in tests {
        let file = format!("{}.litmus", file_stem(&t.name));
        amdmm_io::write::write(&dir.join(&file), t.text.as_bytes(), force, written_by_diy)?;
        written.insert(file);
    }
    if replace {
        let entries = std::fs::read_dir(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
        let mut stale = Vec::new();
        for e in entries {
            let path = e.map_err(|e| format!("{}: {e}", dir.display()))?.path();
            let name = path.file_name().map(|n| n.to_string_lossy().into_owned());
            if let Some(name) = name {
                if name.ends_with(".litmus") && !written.contains(&name) {
                    stale.push(path);
                }
            }
        }
        stale.sort();
        for p in stale {
            amdmm_io::write::remove_own(&p, false, written_by_diy)?;
        }
    }
    Ok(tests.len())
}

/// The file name of a test: its name, or for a name too long for a file
/// system (255 bytes), its start and a hash of the whole (FNV-1a).
pub fn file_stem(name: &str) -> String {
    if name.len() <= 200 {
        return name.to_string();
    }
    let mut h: u64 = 0xcbf29ce484222325;
    for b in name.bytes() {
        h = (h ^ u64::from(b)).wrapping_mul(0x100000001b3);
    }
    let mut cut = 180;
    while !name.is_char_boundary(cut) {
        cut -= 1;
    }
    format!("{}~{h:016x}", &name[..cut])
}
