//! The `lds` command: bank-conflict analysis of one DS instruction executed
//! by one wavefront (crate `amdmm-lds`, docs/lds.md).

use amdmm_lds::addressing::{Params, LDS_BYTES, M0_NO_LIMIT};
use amdmm_lds::{instr, report, LdsError};
use clap::builder::PossibleValuesParser;
use clap::Args;
use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

const EXAMPLES: &str = "\
Examples:
  amdmm lds ds_read_b32 --addr 'lane*4'            stride 1 dword: 2 cycles, no conflict
  amdmm lds ds_read_b32 --addr 'lane*128'          stride 32 dwords: 64 cycles, 32-way
  amdmm lds ds_read_b32 --addr 'lane*132'          padded to stride 33: 2 cycles
  amdmm lds ds_write_b32 --addr '(lane%8)*128+lane/8*4'
  amdmm lds ds_read2_b32 --addr 'lane*8' --offset0 0 --offset1 1
  amdmm lds ds_add_src2_u32 --addr '(1<<17) + lane*4' --offset1 0x80
                                  src2 mode 1: data term 1 dword above the destination
  amdmm lds ds_read_b32 --addr 'lane*4' --m0 128   lanes 32-63 are clamped by M0
  amdmm lds ds_read_b64 --addrs addrs.txt --json
  amdmm lds ds_read_b32 --addr 'lane*4 + 100000' --target gfx950
                                  gfx950's 160 KiB of LDS; wave64
  amdmm lds ds_read_b32 --addr 'lane*128' --target gfx1100   wave32 by default
  amdmm lds --list

The address expression is evaluated for lane = 0..63 (or 0..31): integers
(128, 0x80, 0b1000_0000), `lane`, + - * / % << >> & | ^ ~ and parentheses,
with C precedence (`lane<<2+1` is `lane<<3`) and C division. `--addrs FILE`
reads one address per lane, one per line (`#` lines are comments).

Output: the addressing formulas, total cycles, worst conflict degree,
broadcasts and clamped accesses, the passes (lanes served together) with
their conflict degree and cycles, a lanes x banks map, and a padding or XOR
swizzle suggestion when conflicts exceed 1. The model is in `amdmm docs lds`.

Exit status: 0 success; 2 bad input (unknown instruction, malformed
expression, unaligned address, address beyond the LDS (64 KiB, or the
--target's), a wave size the target does not run).";

/// Options of `amdmm lds`.
#[derive(Args, Debug)]
#[command(after_help = EXAMPLES)]
pub struct LdsArgs {
    /// DS instruction, e.g. ds_read_b32, ds_write2_b64, ds_add_u32, ds_add_src2_u32
    /// (`--list` shows all).
    #[arg(value_name = "INSTR", required_unless_present = "list")]
    pub instr: Option<String>,

    /// Per-lane VGPR[ADDR] byte address as an expression over `lane`, e.g. `lane*4`.
    #[arg(
        long,
        value_name = "EXPR",
        allow_hyphen_values = true,
        conflicts_with = "addrs"
    )]
    pub addr: Option<String>,

    /// File with one VGPR[ADDR] byte address per lane, one per line.
    #[arg(long, value_name = "FILE")]
    pub addrs: Option<PathBuf>,

    /// The instruction's OFFSET0 field (0-255).
    #[arg(long, value_name = "N", value_parser = parse_u8, default_value = "0")]
    pub offset0: u8,

    /// The instruction's OFFSET1 field (0-255); for src2 forms bit 7 selects mode 1.
    #[arg(long, value_name = "N", value_parser = parse_u8, default_value = "0")]
    pub offset1: u8,

    /// The 16-bit offset {OFFSET1,OFFSET0} of single-address forms, in one number (0-65535).
    #[arg(long, value_name = "N", value_parser = parse_u16, conflicts_with_all = ["offset0", "offset1"])]
    pub offset: Option<u16>,

    /// The processor (gfx900, gfx950, gfx1100, ...): its LDS per work-group (the cap on
    /// --lds-size and on addresses: 32 KiB on GFX6, 160 KiB on gfx950, 320 KiB on gfx1250,
    /// 64 KiB elsewhere) and its wave sizes (wave64 before GFX10, wave32 by default from
    /// GFX10, wave32 only on gfx1250). Banks stay the Vega ISA's. [default: 64 KiB, wave64]
    #[arg(long, value_name = "PROCESSOR")]
    pub target: Option<String>,

    /// Lanes in the wavefront [default: 64 (the target's default with --target), or the
    /// number of lines of --addrs if 32].
    #[arg(long, value_name = "64|32", value_parser = PossibleValuesParser::new(["64", "32"]))]
    pub wave: Option<String>,

    /// The M0 register: the access size limit is MIN(M0, LDS_SIZE) [default: 0xffffffff, no limit].
    #[arg(long, value_name = "N", value_parser = parse_u32)]
    pub m0: Option<u32>,

    /// LDS bytes allocated to the wave/work-group (LDS_SIZE), at most the target's LDS
    /// [default: all of it, 65536 without --target].
    #[arg(long, value_name = "N", value_parser = parse_u32)]
    pub lds_size: Option<u32>,

    /// LDS_BASE: the physical start of the allocation (a multiple of 4) [default: 0].
    #[arg(long, value_name = "N", value_parser = parse_u32)]
    pub lds_base: Option<u32>,

    /// Print one JSON document instead of the text report (schema: `amdmm docs lds`).
    #[arg(long)]
    pub json: bool,

    /// List the supported DS instructions and exit.
    #[arg(long)]
    pub list: bool,
}

fn parse_num(s: &str) -> Result<u64, String> {
    let t = s.trim().replace('_', "");
    let lower = t.to_ascii_lowercase();
    let r = if let Some(h) = lower.strip_prefix("0x") {
        u64::from_str_radix(h, 16)
    } else if let Some(b) = lower.strip_prefix("0b") {
        u64::from_str_radix(b, 2)
    } else {
        lower.parse::<u64>()
    };
    r.map_err(|_| format!("`{s}` is not a number (decimal, 0x hex or 0b binary)"))
}

fn parse_bounded(s: &str, max: u64, what: &str) -> Result<u64, String> {
    let v = parse_num(s)?;
    if v > max {
        return Err(format!(
            "`{s}` is out of range: {what} is 0 to {max} ({max:#x})"
        ));
    }
    Ok(v)
}

fn parse_u8(s: &str) -> Result<u8, String> {
    parse_bounded(s, 255, "an 8-bit offset field").map(|v| v as u8)
}

fn parse_u16(s: &str) -> Result<u16, String> {
    parse_bounded(s, 65535, "the 16-bit offset").map(|v| v as u16)
}

fn parse_u32(s: &str) -> Result<u32, String> {
    parse_bounded(s, u64::from(u32::MAX), "a 32-bit value").map(|v| v as u32)
}

fn out(text: &str) {
    let mut o = std::io::stdout().lock();
    let _ = o.write_all(text.as_bytes()).and_then(|()| o.flush());
}

fn fail(e: &LdsError) -> ExitCode {
    let text = e.render(crate::diag::color());
    let _ = writeln!(std::io::stderr().lock(), "{}", text.trim_end());
    ExitCode::from(2)
}

fn list() -> String {
    let mut s = String::from("instruction            kind    form    bytes\n");
    for i in instr::all() {
        let kind = serde_json::to_value(i.kind).unwrap_or_default();
        let form = serde_json::to_value(i.form).unwrap_or_default();
        s.push_str(&format!(
            "{:<22} {:<7} {:<7} {}\n",
            i.name,
            kind.as_str().unwrap_or(""),
            form.as_str().unwrap_or(""),
            i.bytes
        ));
    }
    s
}

/// Runs `amdmm lds`.
pub fn lds_command(a: &LdsArgs) -> ExitCode {
    if a.list {
        out(&list());
        return ExitCode::SUCCESS;
    }
    match analyse(a) {
        Ok(text) => {
            out(&text);
            ExitCode::SUCCESS
        }
        Err(e) => fail(&e),
    }
}

fn analyse(a: &LdsArgs) -> Result<String, LdsError> {
    let name = a.instr.as_deref().unwrap_or_default();
    let mut wave = a.wave.as_deref().and_then(|w| w.parse::<u32>().ok());
    let target = match &a.target {
        None => None,
        Some(t) => {
            let bare = t.split(':').next().unwrap_or_default();
            let p = amdmm_program::processor::find_processor(bare)
                .map_err(|e| LdsError::new(e, "e.g. --target gfx942 or --target gfx1100"))?;
            let lt = amdmm_lds::targets::lds_target(p.name)?;
            // --addrs decides the wave by its line count; --addr by --wave
            // or the target's default.
            if a.addrs.is_none() || wave.is_some() {
                wave = Some(lt.wave(wave)?);
            }
            Some(lt)
        }
    };
    let lds_bytes = target.map_or(LDS_BYTES, |t| t.lds_bytes);
    let (offset0, offset1) = match a.offset {
        Some(o) => ((o & 0xFF) as u8, (o >> 8) as u8),
        None => (a.offset0, a.offset1),
    };
    let params = Params {
        offset0,
        offset1,
        lds_base: a.lds_base.unwrap_or(0),
        lds_size: a.lds_size.unwrap_or(lds_bytes),
        m0: a.m0.unwrap_or(M0_NO_LIMIT),
        lds_bytes,
    };
    let analysis = match (&a.addr, &a.addrs) {
        (Some(src), _) => amdmm_lds::analyze_expr(name, src, wave.unwrap_or(64), &params)?,
        (None, Some(path)) => {
            let ins = instr::lookup(name).map_err(|m| LdsError::new(m, String::new()))?;
            let text = crate::input::read_text(path).map_err(|err| {
                let fd = err.diagnostic(&path.display().to_string());
                let hint = fd.diagnostic.hint.clone().unwrap_or_else(|| {
                    "--addrs takes a text file with one address per line".to_string()
                });
                let e = LdsError::new(fd.diagnostic.message.clone(), hint);
                match (&fd.src, fd.line_col()) {
                    (Some(src), Some((line, col))) => e.at(&fd.file, src, line, col),
                    _ => e,
                }
            })?;
            let v = amdmm_lds::vgprs_from_file(&text, &path.display().to_string(), wave)?;
            amdmm_lds::analyze(&ins, &v, &params, None)?
        }
        (None, None) => {
            return Err(LdsError::new(
                "no addresses given",
                "add --addr EXPR (e.g. --addr 'lane*4') or --addrs FILE",
            ))
        }
    };
    if let Some(t) = target {
        // A wave read from --addrs must be one the target runs.
        t.wave(Some(analysis.wave))?;
    }
    Ok(if a.json {
        let v = report::json(&analysis);
        serde_json::to_string_pretty(&v).unwrap_or_default() + "\n"
    } else {
        match target {
            Some(t) => format!("{}\n{}", t.line(analysis.wave), report::text(&analysis)),
            None => report::text(&analysis),
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers() {
        assert_eq!(parse_u8("0x80"), Ok(128));
        assert!(parse_u8("256").is_err());
        assert_eq!(parse_u32("0xFFFF_FFFF"), Ok(u32::MAX));
        assert!(parse_u32("0x1_0000_0000").is_err());
        assert!(parse_u16("x").is_err());
    }
}
