//! The LDS base of an LDS DMA must be the same in every lane of a wave.

use super::Cx;
use crate::program::{Addr, Instr, Operand, Thread};
use amdmm_litmus::ast::Span;
use amdmm_litmus::Diagnostic;

/// The LDS base one LDS DMA call names (after its immediate offset, before
/// its lane's offset), in the thread that issues it.
pub(super) struct DmaBase {
    pub thread: usize,
    pub base: Addr,
    pub span: Span,
}

/// Which ordinal a number is (1st, 2nd, ...), for messages.
fn ordinal(n: usize) -> String {
    let suffix = match (n % 10, n % 100) {
        (_, 11..=13) => "th",
        (1, _) => "st",
        (2, _) => "nd",
        (3, _) => "rd",
        _ => "th",
    };
    format!("{n}{suffix}")
}

impl Cx<'_> {
    /// AMDGPUDMAOperations.md, "GFX9 DMA": "The `%lds_base` pointer must be
    /// wave-uniform". amdmm's lanes are threads with code of their own, so
    /// their calls are paired only where that is certain: two lanes of one
    /// wavefront (`wave_of`) without branches in their code and with as many
    /// LDS DMA calls as each other; their `k`-th calls must then name the
    /// same base wherever both bases are constant. Any other case is not
    /// checked (docs/semantics.md, "Per-lane LDS DMA").
    pub(super) fn check_uniform_lds_bases(
        &mut self,
        threads: &[Thread],
        wave_of: &dyn Fn(usize) -> u32,
    ) {
        let straight = |t: usize| {
            !threads[t]
                .code
                .iter()
                .any(|i| matches!(i, Instr::Jump { .. } | Instr::Branch { .. }))
        };
        // Linear in threads and copies (issue 24: a scan of the earlier
        // threads per thread made 100,000 threads take minutes).
        let mut by_thread: std::collections::HashMap<usize, Vec<&DmaBase>> =
            std::collections::HashMap::new();
        for b in &self.dma_bases {
            by_thread.entry(b.thread).or_default().push(b);
        }
        let calls = |t: usize| -> Vec<&DmaBase> { by_thread.get(&t).cloned().unwrap_or_default() };
        // Per wave, its first lane that copies.
        let mut first_of_wave: std::collections::HashMap<u32, usize> =
            std::collections::HashMap::new();
        let mut errors = Vec::new();
        for t in 0..threads.len() {
            if !by_thread.contains_key(&t) && !first_of_wave.contains_key(&wave_of(t)) {
                continue;
            }
            // The first earlier lane of the wave that copies: the reference.
            let Some(&first) = first_of_wave.get(&wave_of(t)) else {
                first_of_wave.insert(wave_of(t), t);
                continue;
            };
            let (mine, theirs) = (calls(t), calls(first));
            if mine.len() != theirs.len() || !straight(t) || !straight(first) {
                continue;
            }
            for (k, (m, f)) in mine.iter().zip(&theirs).enumerate() {
                let same = match (m.base.index, f.base.index) {
                    (Operand::Const(a), Operand::Const(b)) => {
                        m.base.symbol == f.base.symbol && a == b
                    }
                    _ => true,
                };
                if !same {
                    errors.push((t, first, k, m.base, f.base, m.span, f.span));
                }
            }
        }
        for (t, first, k, mine, theirs, span, their_span) in errors {
            let (a, b) = (self.base_name(theirs), self.base_name(mine));
            let (pa, pb) = (&threads[first].name, &threads[t].name);
            self.error(
                Diagnostic::new(
                    format!(
                        "the {} LDS DMA copies of {pa} and {pb}, lanes of one wavefront, name different LDS bases: {a} and {b}",
                        ordinal(k + 1)
                    ),
                    span,
                )
                .with_label(format!("LDS base {b}"))
                .with_secondary(their_span, format!("LDS base {a}"))
                .with_hint(format!(
                    "AMDGPUDMAOperations, \"GFX9 DMA\": \"The `%lds_base` pointer must be wave-uniform\"; name the same base in every lane ({a}): the copy of lane K lands 4 * K bytes past it (16 * K above 4 bytes)"
                )),
            );
        }
    }

    /// `@t[2]` (or `@t` for a scalar), for messages.
    fn base_name(&self, a: Addr) -> String {
        let s = &self.symbols[a.symbol as usize];
        match (s.is_array, a.index) {
            (true, Operand::Const(i)) => format!("`@{}[{i}]`", s.name),
            _ => format!("`@{}`", s.name),
        }
    }
}
