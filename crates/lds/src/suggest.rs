//! Suggestions when conflicts exceed 1: padding or an XOR swizzle of the
//! per-lane address, each checked by re-running the analysis on the
//! transformed addresses.
//!
//! Both act on VGPR\[ADDR\] (the value a kernel computes), in units of the
//! access width `E` (4, 8 or 16 bytes) so transformed addresses stay aligned:
//!
//! - padding: `addr + addr/P*E` — one unused element after every `P` bytes
//!   (`P` = 128, 256, ..., 65536: a bank row of 32 dwords times a power of
//!   two). Stride 32 dwords becomes stride 33.
//! - XOR swizzle: `addr ^ addr/R%B*E` with `B = 128/E` elements per bank row
//!   and blocks of `R` bytes (128, 256, ...): the element index within each
//!   128-byte row is XORed with the row number, a permutation inside the
//!   row, so it costs no memory.
//!
//! For each kind the candidate with the fewest cycles is reported (ties: the
//! least padding, the smallest swizzle block), if it beats the original.

use crate::addressing::{src2_mode, Params, LDS_BYTES};
use crate::banks::Schedule;
use crate::instr::{Form, Instr, Kind};
use serde::Serialize;

/// One suggested layout change.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, schemars::JsonSchema)]
pub struct Suggestion {
    /// `padding` or `xor-swizzle`.
    pub kind: String,
    /// The transformation in words.
    pub description: String,
    /// The transformation of the address `addr`.
    pub formula: String,
    /// A `--addr` expression to try it, when the addresses came from one.
    pub expr: Option<String>,
    /// Cycles with the transformation.
    pub cycles: u32,
    /// Worst conflict degree with the transformation.
    pub max_conflict: u32,
}

/// Suggestions, or a note on why none applies.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct Advice {
    /// Improving transformations (at most one of each kind).
    pub suggestions: Vec<Suggestion>,
    /// Explanation when conflicts exceed 1 but nothing is suggested, or a
    /// remark about serialised atomics.
    pub note: Option<String>,
}

/// Padding block sizes: 128 bytes (one row of the 32 banks) times 2^k.
fn blocks() -> impl Iterator<Item = u32> {
    (0..10).map(|k| 128u32 << k)
}

fn pad(v: u32, block: u32, e: u32) -> Option<u32> {
    (v / block).checked_mul(e).and_then(|x| v.checked_add(x))
}

fn swizzle(v: u32, block: u32, e: u32) -> u32 {
    v ^ ((v / block) % (128 / e) * e)
}

fn wrap(src: &str) -> String {
    let simple = src
        .trim()
        .chars()
        .all(|c| c.is_ascii_alphanumeric() || c == '_');
    if simple {
        src.trim().to_string()
    } else {
        format!("({})", src.trim())
    }
}

/// Whether atomics with identical addresses in one pass serialise (there is
/// no layout fix for that).
fn atomic_same_address(instr: &Instr, s: &Schedule) -> bool {
    if instr.kind != Kind::Atomic {
        return false;
    }
    let per = s.lanes_per_pass as usize;
    s.dwords.chunks(per).any(|pass| {
        let mut seen = std::collections::BTreeSet::new();
        pass.iter()
            .flatten()
            .flatten()
            .filter(|d| !d.clamped)
            .any(|d| !seen.insert(d.physical))
    })
}

/// Tries padding and XOR swizzles of `vgprs` and keeps the best of each kind
/// that lowers the cycle count. Nothing when the worst conflict is 1.
pub fn advise(
    instr: &Instr,
    vgprs: &[u32],
    params: &Params,
    expr: Option<&str>,
    current: &Schedule,
) -> Advice {
    let mut advice = Advice::default();
    if current.max_conflict <= 1 {
        return advice;
    }
    let same_atomic = atomic_same_address(instr, current);
    if instr.form == Form::Src2 && src2_mode(params.offset1) == 1 {
        advice.note = Some(
            "src2 mode 1 packs a per-lane offset into VGPR[31:17], so no padding or swizzle of \
             the whole VGPR is tried; pad or swizzle the addresses in VGPR[16:0] and the data \
             terms instead"
                .to_string(),
        );
        return advice;
    }
    let e = instr.align();
    let a = expr.map(wrap);
    let try_it = |f: &dyn Fn(u32) -> Option<u32>| -> Option<(u32, u32)> {
        let v: Option<Vec<u32>> = vgprs.iter().map(|&x| f(x)).collect();
        let (_, s) = crate::schedule_of(instr, &v?, params).ok()?;
        // A transformation must not win by pushing accesses past the limit.
        (s.clamped <= current.clamped).then_some((s.cycles, s.max_conflict))
    };
    // Padding: largest block first, so ties keep the least memory.
    let mut best: Option<(u32, u32, u32)> = None;
    for block in blocks().collect::<Vec<_>>().into_iter().rev() {
        if let Some((c, m)) = try_it(&|x| pad(x, block, e)) {
            if c < current.cycles && !matches!(best, Some(b) if c >= b.1) {
                best = Some((block, c, m));
            }
        }
    }
    if let Some((block, cycles, max_conflict)) = best {
        let overhead = f64::from(e) * 100.0 / f64::from(block);
        advice.suggestions.push(Suggestion {
            kind: "padding".into(),
            description: format!(
                "leave {e} unused bytes after every {block} bytes ({overhead:.1}% more LDS)"
            ),
            formula: format!("addr + addr/{block}*{e}"),
            expr: a.as_ref().map(|a| format!("{a} + {a}/{block}*{e}")),
            cycles,
            max_conflict,
        });
    }
    // XOR swizzle: smallest block first.
    let mut best: Option<(u32, u32, u32)> = None;
    for block in blocks().filter(|&b| b < LDS_BYTES) {
        if let Some((c, m)) = try_it(&|x| Some(swizzle(x, block, e))) {
            if c < current.cycles && !matches!(best, Some(b) if c >= b.1) {
                best = Some((block, c, m));
            }
        }
    }
    if let Some((block, cycles, max_conflict)) = best {
        let b = 128 / e;
        advice.suggestions.push(Suggestion {
            kind: "xor-swizzle".into(),
            description: format!(
                "XOR the {e}-byte element index within each 128-byte bank row with the \
                 {block}-byte block number mod {b} (no extra memory)"
            ),
            formula: format!("addr ^ addr/{block}%{b}*{e}"),
            expr: a.as_ref().map(|a| format!("{a} ^ {a}/{block}%{b}*{e}")),
            cycles,
            max_conflict,
        });
    }
    if same_atomic {
        advice.note = Some(
            "atomics from different lanes to the same address serialise, whatever the layout; \
             combine the values within the wave first (e.g. a DPP or ds_swizzle reduction) and \
             let one lane per address do the atomic"
                .to_string(),
        );
    } else if advice.suggestions.is_empty() {
        advice.note = Some(
            "no padding or XOR swizzle of the address lowers the cycle count; reorganise which \
             lane accesses which element so that the lanes of a pass spread over the 32 banks"
                .to_string(),
        );
    }
    advice
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::expr::Expr;
    use crate::instr::lookup;

    fn advice_for(name: &str, src: &str) -> Advice {
        let i = lookup(name).unwrap();
        let e = Expr::parse(src).unwrap();
        let v = crate::vgprs_from_expr(&e, 64).unwrap();
        crate::analyze(&i, &v, &Params::default(), Some(src))
            .unwrap()
            .advice
    }

    /// The suggested `--addr` expressions compute the transformed addresses
    /// and remove the conflict.
    #[test]
    fn stride_32_gets_padding_and_swizzle() {
        let a = advice_for("ds_read_b32", "lane*128");
        assert_eq!(a.suggestions.len(), 2, "{a:?}");
        let p = &a.suggestions[0];
        assert_eq!(p.kind, "padding");
        // 128-byte block: lane*128 + lane*4 = lane*132, stride 33 dwords.
        assert_eq!(p.expr.as_deref(), Some("(lane*128) + (lane*128)/128*4"));
        assert_eq!((p.cycles, p.max_conflict), (2, 1));
        let s = &a.suggestions[1];
        assert_eq!(s.expr.as_deref(), Some("(lane*128) ^ (lane*128)/128%32*4"));
        assert_eq!((s.cycles, s.max_conflict), (2, 1));
        for sug in &a.suggestions {
            let e = Expr::parse(sug.expr.as_deref().unwrap()).unwrap();
            let i = lookup("ds_read_b32").unwrap();
            let v = crate::vgprs_from_expr(&e, 64).unwrap();
            let an = crate::analyze(&i, &v, &Params::default(), None).unwrap();
            assert_eq!(an.schedule.cycles, sug.cycles);
        }
        assert!(a.note.is_none());
    }

    #[test]
    fn stride_2_padding_prefers_the_largest_block() {
        // lane*8: lanes 16..31 land on the even banks again. One dword of
        // padding per 128 bytes moves them to the odd banks.
        let a = advice_for("ds_read_b32", "lane*8");
        let p = &a.suggestions[0];
        assert_eq!(p.formula, "addr + addr/128*4");
        assert_eq!(p.cycles, 2);
    }

    #[test]
    fn wide_accesses_pad_by_their_width() {
        let a = advice_for("ds_read_b64", "lane*128");
        let p = &a.suggestions[0];
        assert_eq!(p.formula, "addr + addr/128*8");
        assert_eq!((p.cycles, p.max_conflict), (4, 1));
    }

    #[test]
    fn no_advice_without_conflicts_and_a_note_for_atomics() {
        assert_eq!(advice_for("ds_read_b32", "lane*4"), Advice::default());
        let a = advice_for("ds_add_u32", "0");
        assert!(a.suggestions.is_empty());
        assert!(a.note.unwrap().contains("serialise"));
    }

    /// A candidate that clamps more accesses than the original (and so
    /// "removes" conflicts by dropping accesses) is never suggested.
    #[test]
    fn suggestions_do_not_clamp_more() {
        let i = lookup("ds_read_b32").unwrap();
        let e = Expr::parse("lane*64").unwrap();
        let v = crate::vgprs_from_expr(&e, 64).unwrap();
        // Limit 2048: lanes 0-31 (0..1984) inside, 32-63 clamped. Stride 16
        // dwords: banks 0 and 16, 16 lanes each → 16-way in pass 0.
        let p = Params {
            m0: 2048,
            ..Params::default()
        };
        let a = crate::analyze(&i, &v, &p, Some("lane*64")).unwrap();
        assert_eq!((a.schedule.cycles, a.schedule.clamped), (17, 32));
        for s in &a.advice.suggestions {
            let e = Expr::parse(s.expr.as_deref().unwrap()).unwrap();
            let v = crate::vgprs_from_expr(&e, 64).unwrap();
            let b = crate::analyze(&i, &v, &p, None).unwrap();
            assert!(b.schedule.clamped <= 32, "{s:?}");
            assert_eq!(b.schedule.cycles, s.cycles);
        }
        assert!(!a.advice.suggestions.is_empty());
    }

    #[test]
    fn transforms() {
        assert_eq!(pad(256, 128, 4), Some(264));
        assert_eq!(swizzle(128 * 3, 128, 4), 128 * 3 + 12);
        assert_eq!(swizzle(128 * 33, 128, 4), 128 * 33 + 4);
        assert_eq!(wrap("lane"), "lane");
        assert_eq!(wrap(" lane*4 "), "(lane*4)");
    }
}
