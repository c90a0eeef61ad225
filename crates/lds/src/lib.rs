//! LDS bank-conflict analysis of one DS instruction executed by one
//! wavefront, following chapter 10 ("数据共享操作", data share operations) of
//! the Vega ISA guide as given in the seed `lds-vega-isa.zh.txt`.
//!
//! The pipeline: per-lane VGPR\[ADDR\] values (from an [`expr::Expr`] over
//! `lane`, or a file) → [`addressing::compute`] (the DS addressing formulas,
//! `LDS_BASE`, the M0 clamp) → [`banks::schedule`] (bank of every dword,
//! conflict degree per pass, cycles) → [`suggest::advise`] (padding or XOR
//! swizzle) → [`report`] (text table, heat map, JSON).
//!
//! Choices the seed leaves open are documented in `docs/lds.md` and live in
//! [`banks::model`] (scheduling) and [`addressing::size_limit`] (M0).

pub mod addressing;
pub mod banks;
pub mod expr;
pub mod instr;
pub mod report;
pub mod suggest;
pub mod targets;

use addressing::{LaneAccesses, Params};
use banks::Schedule;
use instr::Instr;
use std::fmt;

/// A bad input: what is wrong and how to fix it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LdsError {
    /// What is wrong.
    pub message: String,
    /// How to fix it (may be empty).
    pub hint: String,
    /// Where, when the error is in an address expression or file.
    pub at: Option<Place>,
}

/// The place of an error in the text of `--addr` or of an `--addrs` file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Place {
    /// The file's name, or `--addr`.
    pub origin: String,
    /// The whole text (the expression, or the file).
    pub text: String,
    /// 1-based line and column (in characters).
    pub line: usize,
    pub column: usize,
}

impl LdsError {
    /// A new error.
    pub fn new(message: impl Into<String>, hint: impl Into<String>) -> LdsError {
        LdsError {
            message: message.into(),
            hint: hint.into(),
            at: None,
        }
    }

    /// The same error at `line` and `column` of `text` (named `origin`).
    pub fn at(mut self, origin: &str, text: &str, line: usize, column: usize) -> LdsError {
        self.at = Some(Place {
            origin: origin.to_string(),
            text: text.to_string(),
            line,
            column,
        });
        self
    }

    /// The error as printed by the one diagnostics renderer (annotate-snippets,
    /// as every amdmm diagnostic): at its place with the text underlined
    /// when it has one, with `= help:` and the hint; ANSI colour when `color`.
    pub fn render(&self, color: bool) -> String {
        let hint = (!self.hint.is_empty()).then_some(self.hint.as_str());
        match &self.at {
            None => amdmm_litmus::render_message(&self.message, hint, color),
            Some(p) => {
                let start = amdmm_litmus::offset_of(&p.text, p.line, p.column);
                let mut d = amdmm_litmus::Diagnostic::new(
                    self.message.clone(),
                    amdmm_litmus::Span::new(start, start + 1),
                );
                if let Some(h) = hint {
                    d = d.with_hint(h);
                }
                d.render_styled(&p.origin, &p.text, color)
            }
        }
    }
}

impl fmt::Display for LdsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.message)?;
        if !self.hint.is_empty() {
            write!(f, "\n  hint: {}", self.hint)?;
        }
        Ok(())
    }
}

/// An error of the expression `text` (named `origin`, on line `line`,
/// starting at character `indent` of that line) as an [`LdsError`] at its
/// column: `PREFIX: column N: MESSAGE (at lane L)`.
fn expr_error(
    err: &expr::ExprError,
    prefix: &str,
    hint: String,
    (origin, text, line, indent): (&str, &str, usize, usize),
) -> LdsError {
    let lane = err
        .lane
        .map(|l| format!(" (at lane {l})"))
        .unwrap_or_default();
    LdsError::new(
        format!("{prefix}: column {}: {}{lane}", err.column, err.message),
        hint,
    )
    .at(origin, text, line, indent + err.column)
}

impl std::error::Error for LdsError {}

/// Lanes in a wavefront: 64 (GCN/Vega) or 32.
pub const WAVE_SIZES: [u32; 2] = [64, 32];

fn check_wave(wave: u32) -> Result<(), LdsError> {
    if WAVE_SIZES.contains(&wave) {
        Ok(())
    } else {
        Err(LdsError::new(
            format!("a wave has 64 or 32 lanes, not {wave}"),
            "use --wave 64 or --wave 32",
        ))
    }
}

fn value_to_vgpr(v: i64, lane: u32) -> Result<u32, LdsError> {
    addressing::to_vgpr(v).ok_or_else(|| {
        LdsError::new(
            format!("lane {lane}: address {v} does not fit a 32-bit VGPR"),
            "LDS addresses are byte offsets from 0 to 65535",
        )
    })
}

/// Evaluates `e` for lanes `0..wave` into VGPR\[ADDR\] values.
pub fn vgprs_from_expr(e: &expr::Expr, wave: u32) -> Result<Vec<u32>, LdsError> {
    check_wave(wave)?;
    (0..wave)
        .map(|lane| {
            let v = e.eval(lane).map_err(|err| {
                expr_error(
                    &err,
                    "in --addr",
                    err.hint.clone(),
                    ("--addr", e.source(), 1, 0),
                )
            })?;
            value_to_vgpr(v, lane)
        })
        .collect()
}

/// Parses an address file: one address per lane, in lane order. Each
/// non-blank line that does not start with `#` is an expression (usually a
/// number: `128`, `0x80`), evaluated with `lane` = its lane. With
/// `wave = None` the wave size is the number of addresses (32 or 64).
pub fn vgprs_from_file(text: &str, name: &str, wave: Option<u32>) -> Result<Vec<u32>, LdsError> {
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let t = line.trim();
        if t.is_empty() || t.starts_with('#') {
            continue;
        }
        let lane = out.len() as u32;
        let where_ = format!("{name}:{}", i + 1);
        let indent = line[..line.len() - line.trim_start().len()].chars().count();
        let place = (name, text, i + 1, indent);
        let e = expr::Expr::parse(t).map_err(|err| {
            let hint = format!(
                "{}; one address per line, e.g. 128 or 0x80 (`#` starts a comment line)",
                err.hint
            );
            expr_error(&err, &where_, hint, place)
        })?;
        let v = e
            .eval(lane)
            .map_err(|err| expr_error(&err, &where_, err.hint.clone(), place))?;
        out.push(value_to_vgpr(v, lane).map_err(|mut err| {
            err.message = format!("{where_}: {}", err.message);
            err.at(name, text, i + 1, indent + 1)
        })?);
    }
    let want = match wave {
        Some(w) => {
            check_wave(w)?;
            w
        }
        None if WAVE_SIZES.contains(&(out.len() as u32)) => out.len() as u32,
        None => 64,
    };
    if out.len() as u32 != want {
        return Err(LdsError::new(
            format!(
                "{name} has {} addresses; a wave{want} needs {want}, one per lane",
                out.len()
            ),
            "put one address per line (blank lines and `#` lines are skipped), or set --wave",
        ));
    }
    Ok(out)
}

/// Everything known about one instruction executed by one wave.
#[derive(Debug, Clone)]
pub struct Analysis {
    /// The instruction.
    pub instr: Instr,
    /// Lanes in the wave.
    pub wave: u32,
    /// Offsets, LDS_BASE, LDS_SIZE, M0.
    pub params: Params,
    /// The `--addr` expression, if the addresses came from one.
    pub expr: Option<String>,
    /// Every lane's accesses.
    pub lanes: Vec<LaneAccesses>,
    /// Passes, conflicts, cycles.
    pub schedule: Schedule,
    /// Padding / swizzle suggestions when conflicts exceed 1.
    pub advice: suggest::Advice,
}

/// Computes the addresses and the schedule (no suggestions).
pub fn schedule_of(
    instr: &Instr,
    vgprs: &[u32],
    params: &Params,
) -> Result<(Vec<LaneAccesses>, Schedule), LdsError> {
    check_wave(vgprs.len() as u32)?;
    let lanes = addressing::compute(instr, vgprs, params)?;
    let s = banks::schedule(instr.kind, &lanes);
    Ok((lanes, s))
}

/// Analyses `instr` with the per-lane VGPR\[ADDR\] values `vgprs` (32 or 64
/// of them); `expr` is the source text they came from, if any, used to
/// phrase suggestions as `--addr` expressions.
pub fn analyze(
    instr: &Instr,
    vgprs: &[u32],
    params: &Params,
    expr: Option<&str>,
) -> Result<Analysis, LdsError> {
    let (lanes, schedule) = schedule_of(instr, vgprs, params)?;
    let advice = suggest::advise(instr, vgprs, params, expr, &schedule);
    Ok(Analysis {
        instr: instr.clone(),
        wave: vgprs.len() as u32,
        params: *params,
        expr: expr.map(str::to_string),
        lanes,
        schedule,
        advice,
    })
}

/// The whole analysis from text, as `amdmm lds INSTR --addr EXPR` and the
/// browser playground take it: looks up the instruction `instr`, evaluates
/// the address expression `addr` for lanes `0..wave` and analyses it.
pub fn analyze_expr(
    instr: &str,
    addr: &str,
    wave: u32,
    params: &Params,
) -> Result<Analysis, LdsError> {
    let ins = instr::lookup(instr).map_err(|m| LdsError::new(m, String::new()))?;
    let e = expr::Expr::parse(addr)
        .map_err(|err| expr_error(&err, "in --addr", err.hint.clone(), ("--addr", addr, 1, 0)))?;
    let vgprs = vgprs_from_expr(&e, wave)?;
    analyze(&ins, &vgprs, params, Some(addr))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn file_addresses() {
        let text = "# comment\n0\n\n4\n";
        let e = vgprs_from_file(text, "a.txt", None).unwrap_err();
        assert!(e.message.contains("a.txt has 2 addresses"), "{e}");
        let text: String = (0..32).map(|l| format!("{}\n", l * 4)).collect();
        assert_eq!(vgprs_from_file(&text, "a", None).unwrap().len(), 32);
        assert!(vgprs_from_file(&text, "a", Some(64)).is_err());
        let e = vgprs_from_file("0\n4\nx\n", "f", None).unwrap_err();
        assert!(e.message.starts_with("f:3: column 1"), "{e}");
        let e = vgprs_from_file("0x100000000\n", "f", None).unwrap_err();
        assert!(e.message.contains("f:1: lane 0"), "{e}");
    }

    /// Random addresses and fields through every instruction and both
    /// reports: errors or results, never a panic; cycles within the bounds.
    #[test]
    fn random_analyses_never_panic() {
        let mut seed: u64 = 0x9E37_79B9_7F4A_7C15;
        let mut next = move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        let table = instr::all();
        let mut ok = 0;
        for round in 0..400 {
            let ins = &table[round % table.len()];
            let wave = if next() % 4 == 0 { 32 } else { 64 };
            let mask = [0xEFFF_u64, 0x3FF, 0xFF, 0xFFFF_FFFF][(next() % 4) as usize];
            let align = u64::from(ins.align());
            let misalign = next() % 8 == 0;
            let vgprs: Vec<u32> = (0..wave)
                .map(|lane| {
                    let v = next() & mask;
                    (if misalign && lane == 0 {
                        v | 1
                    } else {
                        v / align * align
                    }) as u32
                })
                .collect();
            let p = Params {
                offset0: (next() % 4) as u8,
                offset1: (next() & 0x83) as u8,
                m0: if next() % 3 == 0 {
                    (next() % 70_000) as u32
                } else {
                    addressing::M0_NO_LIMIT
                },
                ..Params::default()
            };
            if let Ok(a) = analyze(ins, &vgprs, &p, Some("lane")) {
                ok += 1;
                let s = &a.schedule;
                assert!(
                    s.min_cycles <= s.cycles && s.cycles <= s.max_cycles,
                    "{ins:?}"
                );
                let _ = report::text(&a);
                let _ = report::json(&a);
            }
        }
        assert!(ok > 100, "only {ok} of 400 random inputs were valid");
    }

    #[test]
    fn expression_addresses() {
        let e = expr::Expr::parse("lane*4").unwrap();
        assert_eq!(vgprs_from_expr(&e, 32).unwrap()[31], 124);
        assert!(vgprs_from_expr(&e, 16).is_err());
        let e = expr::Expr::parse("4/(lane-3)").unwrap();
        let err = vgprs_from_expr(&e, 64).unwrap_err();
        assert!(err.message.contains("lane 3"), "{err}");
    }
}
