//! Presentation: the text report (summary, passes, lanes × banks heat map,
//! suggestions) and the JSON document (its JSON Schema: `amdmm schema lds`).

use crate::addressing::{formulas, src2_mode, Access, Role};
use crate::banks::{Dword, Pass, BANKS};
use crate::instr::Form;
use crate::suggest::Suggestion;
use crate::Analysis;
use serde::Serialize;
use std::fmt::Write;

/// One access of one lane in `lds --json`.
#[derive(Serialize, schemars::JsonSchema)]
pub struct AccessJson<'a> {
    /// Which address of the instruction this is.
    pub role: Role,
    /// Byte address, without LDS_BASE.
    pub addr: u32,
    /// Physical byte address (LDS_BASE added).
    pub physical: u32,
    /// Bytes accessed.
    pub bytes: u32,
    /// Clamped by the M0 / LDS_SIZE limit: the access never reaches a bank.
    pub clamped: bool,
    /// Every dword the access touches.
    pub dwords: &'a [Dword],
}

/// One lane in `lds --json`.
#[derive(Serialize, schemars::JsonSchema)]
pub struct LaneJson<'a> {
    /// Lane number, from 0.
    pub lane: u32,
    /// The lane's address VGPR value.
    pub vgpr: u32,
    /// Byte address (without LDS_BASE) of each access.
    pub addresses: Vec<u32>,
    /// Bank of every dword touched, in access order.
    pub banks: Vec<u32>,
    /// The lane's accesses.
    pub accesses: Vec<AccessJson<'a>>,
}

/// The document `lds --json` prints (schema: `amdmm schema lds`).
#[derive(Serialize, schemars::JsonSchema)]
pub struct LdsDocument<'a> {
    /// The amdmm version (as every `--json` document).
    pub amdmm: &'static str,
    /// The DS instruction.
    pub instr: &'a str,
    /// What it does with the LDS.
    pub kind: crate::instr::Kind,
    /// Its address form (one formula of the ISA's DS addressing).
    pub form: Form,
    /// Bytes per address.
    pub bytes: u32,
    /// Wavefront size (lanes).
    pub wave: u32,
    /// The `--addr` expression, when the addresses came from one.
    pub addr_expr: Option<&'a str>,
    /// The instruction's OFFSET0 field.
    pub offset0: u8,
    /// The instruction's OFFSET1 field.
    pub offset1: u8,
    /// The offset multiplier of two-address forms.
    pub adj: Option<u32>,
    /// The `src2` mode selected by OFFSET1 (src2 forms only).
    pub src2_mode: Option<u8>,
    /// LDS_BASE.
    pub lds_base: u32,
    /// LDS_SIZE.
    pub lds_size: u32,
    /// M0.
    pub m0: u32,
    /// The LDS a work-group can address on the target (`--target`; 65536,
    /// the Vega ISA's, without one).
    pub lds_bytes: u32,
    /// The clamp limit derived from M0 and LDS_SIZE.
    pub limit: u32,
    /// The address formulas applied, in words.
    pub formulas: Vec<String>,
    /// Cycles the instruction takes for this wave.
    pub cycles: u32,
    /// Fewest cycles possible for this instruction.
    pub min_cycles: u32,
    /// Most cycles possible for this instruction.
    pub max_cycles: u32,
    /// Worst conflict degree over the passes (1 = none).
    pub max_conflict: u32,
    /// Dwords served by another lane's access (broadcast).
    pub broadcasts: u32,
    /// Accesses clamped by the limit.
    pub clamped: u32,
    /// Lanes served per pass.
    pub lanes_per_pass: u32,
    /// The passes, in order.
    pub passes: &'a [Pass],
    /// Every lane.
    pub lanes: Vec<LaneJson<'a>>,
    /// Layout changes that lower the cycles.
    pub suggestions: &'a [Suggestion],
    /// Why no suggestion applies, when none does.
    pub note: Option<&'a str>,
}

/// The analysis as a JSON value.
pub fn json(a: &Analysis) -> serde_json::Value {
    let s = &a.schedule;
    let lanes = a
        .lanes
        .iter()
        .zip(&s.dwords)
        .map(|(l, dw)| LaneJson {
            lane: l.lane,
            vgpr: l.vgpr,
            addresses: l.accesses.iter().map(|x| x.addr).collect(),
            banks: dw.iter().flatten().map(|d| d.bank).collect(),
            accesses: l
                .accesses
                .iter()
                .zip(dw)
                .map(|(x, d)| AccessJson {
                    role: x.role,
                    addr: x.addr,
                    physical: x.physical,
                    bytes: x.bytes,
                    clamped: x.clamped,
                    dwords: d,
                })
                .collect(),
        })
        .collect();
    let r = LdsDocument {
        amdmm: env!("CARGO_PKG_VERSION"),
        instr: &a.instr.name,
        kind: a.instr.kind,
        form: a.instr.form,
        bytes: a.instr.bytes,
        wave: a.wave,
        addr_expr: a.expr.as_deref(),
        offset0: a.params.offset0,
        offset1: a.params.offset1,
        adj: a.instr.adj(),
        src2_mode: (a.instr.form == Form::Src2).then(|| src2_mode(a.params.offset1)),
        lds_base: a.params.lds_base,
        lds_size: a.params.lds_size,
        m0: a.params.m0,
        lds_bytes: a.params.lds_bytes,
        limit: a.params.limit(),
        formulas: formulas(&a.instr, &a.params),
        cycles: s.cycles,
        min_cycles: s.min_cycles,
        max_cycles: s.max_cycles,
        max_conflict: s.max_conflict,
        broadcasts: s.broadcasts,
        clamped: s.clamped,
        lanes_per_pass: s.lanes_per_pass,
        passes: &s.passes,
        lanes,
        suggestions: &a.advice.suggestions,
        note: a.advice.note.as_deref(),
    };
    serde_json::to_value(&r).unwrap_or(serde_json::Value::Null)
}

/// One character for a bank load: `.` for 0, `1`-`9`, then `a` = 10 ...
/// `w` = 32 (the most one pass can put in a bank).
pub fn heat_char(n: u32) -> char {
    match n {
        0 => '.',
        1..=9 => char::from_digit(n, 10).unwrap_or('?'),
        10..=35 => char::from_digit(n, 36).unwrap_or('?'),
        _ => '*',
    }
}

fn range_or_list(v: &[u32]) -> String {
    if v.len() > 2 && v.windows(2).all(|w| w[1] == w[0] + 1) {
        format!("{}-{}", v[0], v[v.len() - 1])
    } else {
        v.iter().map(u32::to_string).collect::<Vec<_>>().join(",")
    }
}

fn address_cell(accesses: &[Access]) -> String {
    accesses
        .iter()
        .map(|x| format!("{:#06x}{}", x.addr, if x.clamped { "!" } else { "" }))
        .collect::<Vec<_>>()
        .join(" ")
}

fn bank_cell(dwords: &[Vec<Dword>]) -> String {
    dwords
        .iter()
        .map(|acc| range_or_list(&acc.iter().map(|d| d.bank).collect::<Vec<_>>()))
        .collect::<Vec<_>>()
        .join(" ")
}

/// The lane's row of the heat map: per bank, `#` (or a count when the lane
/// puts several dwords in it), `b` broadcast, `x` clamped, `.` untouched.
fn strip(dwords: &[Vec<Dword>]) -> String {
    let mut own = [0u32; BANKS as usize];
    let mut cast = [false; BANKS as usize];
    let mut clamp = [false; BANKS as usize];
    for d in dwords.iter().flatten() {
        let b = d.bank as usize;
        if d.clamped {
            clamp[b] = true;
        } else if d.broadcast {
            cast[b] = true;
        } else {
            own[b] += 1;
        }
    }
    (0..BANKS as usize)
        .map(|b| match (own[b], cast[b], clamp[b]) {
            (1, _, _) => '#',
            (n, _, _) if n > 1 => heat_char(n),
            (_, true, _) => 'b',
            (_, _, true) => 'x',
            _ => '.',
        })
        .collect()
}

/// `32-way`, or `none` when no access reached a bank.
fn way(n: u32) -> String {
    if n == 0 {
        "none".to_string()
    } else {
        format!("{n}-way")
    }
}

fn plural(n: u32, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

/// The text report.
pub fn text(a: &Analysis) -> String {
    let s = &a.schedule;
    let i = &a.instr;
    let p = &a.params;
    let mut o = String::new();
    let source = match &a.expr {
        Some(e) => format!("addr = {e}"),
        None => "addresses from file".to_string(),
    };
    let kind = match i.kind {
        crate::instr::Kind::Read => "load",
        crate::instr::Kind::Write => "store",
        crate::instr::Kind::Atomic => "atomic",
    };
    let _ = writeln!(
        o,
        "{}: {kind}, {} bytes per access, wave{}, {source}",
        i.name, i.bytes, a.wave
    );
    for f in formulas(i, p) {
        let _ = writeln!(o, "  {f}");
    }
    let _ = writeln!(
        o,
        "  size limit MIN(M0 {:#x}, LDS_SIZE {:#x}) = {:#x} bytes",
        p.m0,
        p.lds_size,
        p.limit()
    );
    let _ = writeln!(o);
    let _ = writeln!(
        o,
        "cycles {} (this instruction takes {}..{}), max conflict {}, {}, {}",
        s.cycles,
        s.min_cycles,
        s.max_cycles,
        way(s.max_conflict),
        plural(s.broadcasts, "broadcast", "broadcasts"),
        plural(s.clamped, "clamped access", "clamped accesses"),
    );
    let _ = writeln!(
        o,
        "{} lanes per pass ({} per lane, one dword per bank per cycle)",
        s.lanes_per_pass,
        plural(s.dwords_per_lane, "dword", "dwords")
    );
    let _ = writeln!(o);
    let _ = writeln!(o, "pass  lanes  cycles  conflict  worst banks");
    for ps in &s.passes {
        let cyc = if ps.cycles == 1 {
            format!("{}", ps.start_cycle)
        } else {
            format!("{}-{}", ps.start_cycle, ps.start_cycle + ps.cycles - 1)
        };
        let worst = if ps.conflict == 0 {
            "(no access reaches a bank)".to_string()
        } else if ps.conflict == 1 {
            "-".to_string()
        } else {
            ps.worst_banks
                .iter()
                .map(u32::to_string)
                .collect::<Vec<_>>()
                .join(",")
        };
        let _ = writeln!(
            o,
            "{:>4}  {:<5}  {:<6}  {:<8}  {worst}",
            ps.index,
            format!("{}-{}", ps.first_lane, ps.last_lane),
            cyc,
            way(ps.conflict),
        );
    }
    let _ = writeln!(o);

    // Lanes × banks.
    let rows: Vec<(String, String, String, String)> = a
        .lanes
        .iter()
        .zip(&s.dwords)
        .map(|(l, d)| {
            (
                format!("{:#x}", l.vgpr),
                address_cell(&l.accesses),
                bank_cell(d),
                strip(d),
            )
        })
        .collect();
    let wv = rows.iter().map(|r| r.0.len()).max().unwrap_or(4).max(4);
    let wa = rows.iter().map(|r| r.1.len()).max().unwrap_or(7).max(7);
    let wb = rows.iter().map(|r| r.2.len()).max().unwrap_or(4).max(4);
    let _ = writeln!(
        o,
        "lanes x banks: # access, 2-9 dwords of the lane in one bank, b broadcast, x clamped (! after an address)"
    );
    let _ = writeln!(
        o,
        "{:>4}  {:<wv$}  {:<wa$}  {:<wb$}  0    5    10   15   20   25   30",
        "lane", "vgpr", "address", "bank"
    );
    let label_w = 4 + 2 + wv + 2 + wa + 2 + wb;
    for ps in &s.passes {
        for lane in ps.first_lane..=ps.last_lane {
            let r = &rows[lane as usize];
            let _ = writeln!(
                o,
                "{:>4}  {:<wv$}  {:<wa$}  {:<wb$}  {}",
                lane, r.0, r.1, r.2, r.3
            );
        }
        let load: String = ps.bank_load.iter().map(|&n| heat_char(n)).collect();
        let _ = writeln!(
            o,
            "{:>label_w$}  {load}  {}, {}",
            format!("pass {} load", ps.index),
            way(ps.conflict),
            plural(ps.cycles, "cycle", "cycles"),
        );
    }
    let _ = writeln!(
        o,
        "(load: distinct accesses per bank in the pass, . 0, 1-9, a=10 ... w=32)"
    );
    let _ = writeln!(o);

    if s.max_conflict <= 1 {
        let _ = writeln!(o, "no bank conflicts: nothing to suggest");
    } else {
        let _ = writeln!(
            o,
            "{}-way conflicts cost {} cycles over the {}-cycle minimum",
            s.max_conflict,
            s.cycles - s.min_cycles,
            s.min_cycles
        );
        for sug in &a.advice.suggestions {
            let _ = writeln!(
                o,
                "  {}: {} -> {} cycles, max conflict {}-way",
                sug.kind, sug.description, sug.cycles, sug.max_conflict
            );
            match &sug.expr {
                Some(e) => {
                    let _ = writeln!(o, "    try: --addr '{e}'");
                }
                None => {
                    let _ = writeln!(o, "    addr' = {}", sug.formula);
                }
            }
        }
        if let Some(n) = &a.advice.note {
            let _ = writeln!(o, "  note: {n}");
        }
    }
    o
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::addressing::Params;
    use crate::expr::Expr;
    use crate::instr::lookup;

    fn analysis(name: &str, src: &str, p: Params) -> Analysis {
        let i = lookup(name).unwrap();
        let v = crate::vgprs_from_expr(&Expr::parse(src).unwrap(), 64).unwrap();
        crate::analyze(&i, &v, &p, Some(src)).unwrap()
    }

    #[test]
    fn heat_chars() {
        assert_eq!(heat_char(0), '.');
        assert_eq!(heat_char(1), '1');
        assert_eq!(heat_char(10), 'a');
        assert_eq!(heat_char(32), 'w');
        assert_eq!(heat_char(99), '*');
    }

    #[test]
    fn text_shows_the_conflict_at_a_glance() {
        let t = text(&analysis("ds_read_b32", "lane*128", Params::default()));
        assert!(t.contains("cycles 64 (this instruction takes 2..64), max conflict 32-way"));
        assert!(t.contains(&format!(
            "  {}  32-way, 32 cycles",
            "w".to_string() + &".".repeat(31)
        )));
        assert!(
            t.contains("try: --addr '(lane*128) + (lane*128)/128*4'"),
            "{t}"
        );
    }

    #[test]
    fn text_marks_broadcasts_and_clamps() {
        let t = text(&analysis("ds_read_b32", "0", Params::default()));
        assert!(t.contains("62 broadcasts"));
        assert!(t.contains(&format!("b{}", ".".repeat(31))));
        let p = Params {
            m0: 8,
            ..Params::default()
        };
        let t = text(&analysis("ds_read_b32", "lane*4", p));
        assert!(t.contains("62 clamped accesses"));
        assert!(t.contains("0x0008!"));
    }

    #[test]
    fn json_has_the_top_level_figures() {
        let j = json(&analysis(
            "ds_read2_b32",
            "lane*8",
            Params {
                offset0: 0,
                offset1: 1,
                ..Params::default()
            },
        ));
        assert_eq!(j["cycles"], 4);
        assert_eq!(j["max_conflict"], 1);
        assert_eq!(j["lanes"].as_array().unwrap().len(), 64);
        assert_eq!(j["lanes"][1]["addresses"], serde_json::json!([8, 12]));
        assert_eq!(j["lanes"][1]["banks"], serde_json::json!([2, 3]));
        assert_eq!(j["adj"], 4);
    }

    #[test]
    fn range_formatting() {
        assert_eq!(range_or_list(&[0, 1, 2, 3]), "0-3");
        assert_eq!(range_or_list(&[0, 1]), "0,1");
        assert_eq!(range_or_list(&[31, 0, 1, 2]), "31,0,1,2");
    }
}
