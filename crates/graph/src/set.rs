//! Sets of events as bit masks: `u64` for executions of at most 64 events
//! (the fast path), [`Wide`] words for wider ones. Every relation and every
//! axiom is generic over the set type, and the exploration picks the width
//! once per combination of thread paths, so each width's code is
//! monomorphic (no dispatch in the hot loops).

use std::fmt::Debug;
use std::hash::Hash;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not};

/// A set of event indices `0..BITS`.
pub trait Set:
    Copy
    + Eq
    + Hash
    + Debug
    + Default
    + Send
    + Sync
    + 'static
    + BitAnd<Output = Self>
    + BitOr<Output = Self>
    + BitXor<Output = Self>
    + Not<Output = Self>
    + BitAndAssign
    + BitOrAssign
    + BitXorAssign
{
    /// The most events a set (and a relation over it) can hold.
    const BITS: usize;
    /// One set per event: the rows of a relation, per-event tables.
    type Rows: Copy + Eq + Hash + Debug + Send + Sync + AsRef<[Self]> + AsMut<[Self]>;
    /// `BITS` empty sets.
    fn empty_rows() -> Self::Rows;
    /// The empty set.
    fn empty() -> Self {
        Self::default()
    }
    /// `{i}`.
    fn bit(i: usize) -> Self;
    /// `{i}` when `on`, else the empty set.
    #[inline]
    fn bit_if(on: bool, i: usize) -> Self {
        if on {
            Self::bit(i)
        } else {
            Self::empty()
        }
    }
    fn has(self, i: usize) -> bool;
    fn none(self) -> bool;
    #[inline]
    fn any(self) -> bool {
        !self.none()
    }
    /// The number of members.
    fn size(self) -> u32;
    /// The smallest member (`None` for the empty set).
    fn first(self) -> Option<usize>;
    /// Removes and returns the smallest member.
    fn pop_first(&mut self) -> Option<usize>;
    /// The set of the first `n` events.
    fn full(n: usize) -> Self;
    /// A thread-local set (bit `i` for the thread's `i`-th event) placed at
    /// the thread's first event `offset`. Members that would land at or
    /// beyond `BITS` are dropped (the caller checks the execution fits).
    fn from_local(local: LocalSet, offset: usize) -> Self;
    /// The transpose of `rows` (rows `≥ n` are ignored and come back empty).
    fn transpose(rows: &Self::Rows, n: usize) -> Self::Rows;
}

impl Set for u64 {
    const BITS: usize = 64;
    type Rows = [u64; 64];
    #[inline]
    fn empty_rows() -> [u64; 64] {
        [0; 64]
    }
    #[inline]
    fn bit(i: usize) -> u64 {
        1u64 << i
    }
    #[inline]
    fn has(self, i: usize) -> bool {
        self >> i & 1 == 1
    }
    #[inline]
    fn none(self) -> bool {
        self == 0
    }
    #[inline]
    fn size(self) -> u32 {
        self.count_ones()
    }
    #[inline]
    fn first(self) -> Option<usize> {
        (self != 0).then(|| self.trailing_zeros() as usize)
    }
    #[inline]
    fn pop_first(&mut self) -> Option<usize> {
        if *self == 0 {
            None
        } else {
            let i = self.trailing_zeros() as usize;
            *self &= *self - 1;
            Some(i)
        }
    }
    #[inline]
    fn full(n: usize) -> u64 {
        if n >= 64 {
            u64::MAX
        } else {
            (1u64 << n) - 1
        }
    }
    #[inline]
    fn from_local(local: LocalSet, offset: usize) -> u64 {
        // An execution of at most 64 events: the thread's events are all in
        // the first word.
        debug_assert!(local.0[1..].iter().all(|w| *w == 0));
        if offset >= 64 {
            0
        } else {
            local.0[0] << offset
        }
    }

    /// A bit-matrix transpose by block swaps (Hacker's Delight, 7-3): at
    /// step `j` (32, 16, …, 1) the upper-right `j×j` blocks are exchanged
    /// with the lower-left ones, a few rounds of word operations instead of
    /// one operation per edge. When every edge lies among the first 32
    /// events (the usual case), only that 32×32 block is transposed.
    fn transpose(rows: &[u64; 64], n: usize) -> [u64; 64] {
        let mut a = *rows;
        for r in a.iter_mut().skip(n) {
            *r = 0;
        }
        let low = a[..32].iter().fold(0, |m, r| m | r) >> 32 == 0;
        if n <= 32 && low {
            let block: &mut [u64; 32] = (&mut a[..32]).try_into().expect("32 rows");
            transpose_step::<16, 32>(block, 0x0000_FFFF_0000_FFFF);
            transpose_step::<8, 32>(block, 0x00FF_00FF_00FF_00FF);
            transpose_step::<4, 32>(block, 0x0F0F_0F0F_0F0F_0F0F);
            transpose_step::<2, 32>(block, 0x3333_3333_3333_3333);
            transpose_step::<1, 32>(block, 0x5555_5555_5555_5555);
        } else {
            transpose_step::<32, 64>(&mut a, 0x0000_0000_FFFF_FFFF);
            transpose_step::<16, 64>(&mut a, 0x0000_FFFF_0000_FFFF);
            transpose_step::<8, 64>(&mut a, 0x00FF_00FF_00FF_00FF);
            transpose_step::<4, 64>(&mut a, 0x0F0F_0F0F_0F0F_0F0F);
            transpose_step::<2, 64>(&mut a, 0x3333_3333_3333_3333);
            transpose_step::<1, 64>(&mut a, 0x5555_5555_5555_5555);
        }
        a
    }
}

/// One step of the transpose of a `W×W` bit matrix (`W` rows, element
/// `(r, c)` is bit `c` of row `r`): for every row `r` without bit `J` and
/// column `c` with it (`m` has the columns without it), swap `(r, c)` and
/// `(r + J, c - J)`.
#[inline(always)]
fn transpose_step<const J: usize, const W: usize>(a: &mut [u64; W], m: u64) {
    let mut blk = 0;
    while blk < W {
        for k in blk..blk + J {
            let t = ((a[k] >> J) ^ a[k + J]) & m;
            a[k + J] ^= t;
            a[k] ^= t << J;
        }
        blk += 2 * J;
    }
}

/// A set of one thread's events by thread-local index (bit `i`: the
/// thread's `i`-th event of its path): as wide as the widest execution, so
/// one path may hold up to 256 events. Symbolic paths keep their
/// dependencies and program order in it; [`Set::from_local`] places it in
/// an execution of any width.
pub type LocalSet = Wide<4>;

/// A set of up to `64 × W` events, `W` words (bit `i` is bit `i % 64` of
/// word `i / 64`).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Wide<const W: usize>(pub [u64; W]);

impl<const W: usize> Default for Wide<W> {
    #[inline]
    fn default() -> Self {
        Wide([0; W])
    }
}

macro_rules! wide_op {
    ($tr:ident, $f:ident, $atr:ident, $af:ident, $op:tt) => {
        impl<const W: usize> $tr for Wide<W> {
            type Output = Self;
            #[inline]
            #[allow(clippy::assign_op_pattern)]
            fn $f(mut self, o: Self) -> Self {
                for i in 0..W {
                    self.0[i] = self.0[i] $op o.0[i];
                }
                self
            }
        }
        impl<const W: usize> $atr for Wide<W> {
            #[inline]
            #[allow(clippy::assign_op_pattern)]
            fn $af(&mut self, o: Self) {
                for i in 0..W {
                    self.0[i] = self.0[i] $op o.0[i];
                }
            }
        }
    };
}
wide_op!(BitAnd, bitand, BitAndAssign, bitand_assign, &);
wide_op!(BitOr, bitor, BitOrAssign, bitor_assign, |);
wide_op!(BitXor, bitxor, BitXorAssign, bitxor_assign, ^);

impl<const W: usize> Not for Wide<W> {
    type Output = Self;
    #[inline]
    fn not(mut self) -> Self {
        for w in &mut self.0 {
            *w = !*w;
        }
        self
    }
}

macro_rules! wide_set {
    ($w:literal, $bits:literal) => {
        impl Set for Wide<$w> {
            const BITS: usize = $bits;
            type Rows = [Wide<$w>; $bits];
            #[inline]
            fn empty_rows() -> Self::Rows {
                [Wide([0; $w]); $bits]
            }
            #[inline]
            fn bit(i: usize) -> Self {
                let mut s = Wide([0; $w]);
                s.0[i / 64] = 1u64 << (i % 64);
                s
            }
            #[inline]
            fn has(self, i: usize) -> bool {
                self.0[i / 64] >> (i % 64) & 1 == 1
            }
            #[inline]
            fn none(self) -> bool {
                self.0.iter().all(|w| *w == 0)
            }
            #[inline]
            fn size(self) -> u32 {
                self.0.iter().map(|w| w.count_ones()).sum()
            }
            #[inline]
            fn first(self) -> Option<usize> {
                let k = self.0.iter().position(|w| *w != 0)?;
                Some(k * 64 + self.0[k].trailing_zeros() as usize)
            }
            #[inline]
            fn pop_first(&mut self) -> Option<usize> {
                let k = self.0.iter().position(|w| *w != 0)?;
                let w = &mut self.0[k];
                let i = w.trailing_zeros() as usize;
                *w &= *w - 1;
                Some(k * 64 + i)
            }
            #[inline]
            fn full(n: usize) -> Self {
                let mut s = Wide([0; $w]);
                for (k, w) in s.0.iter_mut().enumerate() {
                    *w = <u64 as Set>::full(n.saturating_sub(k * 64));
                }
                s
            }
            #[inline]
            fn from_local(local: LocalSet, offset: usize) -> Self {
                let mut s = Wide([0; $w]);
                for (i, &word) in local.0.iter().enumerate() {
                    if word == 0 {
                        continue;
                    }
                    let at = offset + 64 * i;
                    let (k, sh) = (at / 64, at % 64);
                    if k < $w {
                        s.0[k] |= word << sh;
                    }
                    if sh != 0 && k + 1 < $w {
                        s.0[k + 1] |= word >> (64 - sh);
                    }
                }
                s
            }
            /// Block by block: the `64×64` block of rows `64i..` and word
            /// `j` becomes, transposed with the `u64` block swaps, the block
            /// of rows `64j..` and word `i`; empty blocks are skipped.
            fn transpose(rows: &Self::Rows, n: usize) -> Self::Rows {
                let mut out = Self::empty_rows();
                let keep = Self::full(n);
                for i in 0..n.div_ceil(64) {
                    let in_rows = (n - 64 * i).min(64);
                    for j in 0..n.div_ceil(64) {
                        let mut block = [0u64; 64];
                        let mut any = 0;
                        for (k, b) in block.iter_mut().enumerate().take(in_rows) {
                            *b = rows[64 * i + k].0[j] & keep.0[j];
                            any |= *b;
                        }
                        if any == 0 {
                            continue;
                        }
                        let t = <u64 as Set>::transpose(&block, 64);
                        for (k, word) in t.iter().enumerate() {
                            out[64 * j + k].0[i] = *word;
                        }
                    }
                }
                out
            }
        }
    };
}
wide_set!(2, 128);
wide_set!(4, 256);

/// The transpose edge by edge: the reference that [`Set::transpose`] is
/// tested (and benchmarked) against. Rows `≥ n` and columns `≥ n` are
/// dropped, as there.
pub fn transpose_by_edges<S: Set>(rows: &S::Rows, n: usize) -> S::Rows {
    let mut out = S::empty_rows();
    let (rows, o) = (rows.as_ref(), out.as_mut());
    for (a, &row) in rows.iter().enumerate().take(n) {
        let mut row = row;
        while let Some(b) = row.pop_first() {
            if b < n {
                o[b] |= S::bit(a);
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// Rows of `S` from random words, sparse or dense; with `n`, only the
    /// `n × n` block (the relations' invariant; the wide transpose drops
    /// the rest as the edgewise one does, the `u64` one keeps stray
    /// columns).
    fn rows_of<S: Set>(words: &[u64], dense: bool, n: Option<usize>) -> S::Rows {
        let mut rows = S::empty_rows();
        let per_row = S::BITS / 64;
        for (k, w) in words.iter().enumerate() {
            let (a, word) = (k / per_row, k % per_row);
            // Sparse: about one bit in eight.
            let bits = if dense {
                *w
            } else {
                w & w.rotate_left(17) & w.rotate_left(41)
            };
            for b in 0..64 {
                let inside = n.is_none_or(|n| a < n && 64 * word + b < n);
                if bits >> b & 1 == 1 && inside {
                    rows.as_mut()[a] |= S::bit(64 * word + b);
                }
            }
        }
        rows
    }

    proptest! {
        #[test]
        fn wide2_block_transpose_matches_edges(
            words in prop::collection::vec(any::<u64>(), 256),
            n in 0usize..=128,
            dense in any::<bool>(),
        ) {
            let rows = rows_of::<Wide<2>>(&words, dense, None);
            prop_assert_eq!(
                <Wide<2> as Set>::transpose(&rows, n),
                transpose_by_edges::<Wide<2>>(&rows, n)
            );
        }

        #[test]
        fn wide4_block_transpose_matches_edges(
            words in prop::collection::vec(any::<u64>(), 1024),
            n in 0usize..=256,
            dense in any::<bool>(),
        ) {
            let rows = rows_of::<Wide<4>>(&words, dense, None);
            prop_assert_eq!(
                <Wide<4> as Set>::transpose(&rows, n),
                transpose_by_edges::<Wide<4>>(&rows, n)
            );
        }

        #[test]
        fn u64_transpose_matches_edges(
            words in prop::collection::vec(any::<u64>(), 64),
            n in 0usize..=64,
            dense in any::<bool>(),
        ) {
            let rows = rows_of::<u64>(&words, dense, Some(n));
            prop_assert_eq!(
                <u64 as Set>::transpose(&rows, n),
                transpose_by_edges::<u64>(&rows, n)
            );
        }
    }
}
