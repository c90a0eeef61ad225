//! Relations over at most 64 events as 64×64 bit matrices.
//!
//! Row `a` holds the successors of event `a`; composition, union and
//! transitive closure are word operations. This is the hot path of the
//! checker, hence hand-rolled rather than a general graph library.

/// The most events one execution may have.
pub const MAX_EVENTS: usize = 64;

/// A set of events as a bit mask.
pub type EventSet = u64;

/// The set of the first `n` events.
#[inline]
pub fn full(n: usize) -> EventSet {
    if n >= MAX_EVENTS {
        u64::MAX
    } else {
        (1u64 << n) - 1
    }
}

/// Iterates over the members of a set, in increasing order.
#[inline]
pub fn members(mut set: EventSet) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        if set == 0 {
            None
        } else {
            let i = set.trailing_zeros() as usize;
            set &= set - 1;
            Some(i)
        }
    })
}

#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct BitRel {
    rows: [u64; MAX_EVENTS],
    n: usize,
}

impl std::fmt::Debug for BitRel {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(self.edges()).finish()
    }
}

impl BitRel {
    /// The empty relation over `n` events.
    pub fn new(n: usize) -> BitRel {
        assert!(n <= MAX_EVENTS, "at most {MAX_EVENTS} events");
        BitRel {
            rows: [0; MAX_EVENTS],
            n,
        }
    }

    pub fn len(&self) -> usize {
        self.n
    }

    pub fn is_empty(&self) -> bool {
        self.rows[..self.n].iter().all(|r| *r == 0)
    }

    #[inline]
    pub fn add(&mut self, a: usize, b: usize) {
        self.rows[a] |= 1u64 << b;
    }

    #[inline]
    pub fn has(&self, a: usize, b: usize) -> bool {
        self.rows[a] >> b & 1 == 1
    }

    /// Successors of `a`.
    #[inline]
    pub fn row(&self, a: usize) -> EventSet {
        self.rows[a]
    }

    #[inline]
    pub fn set_row(&mut self, a: usize, set: EventSet) {
        self.rows[a] = set;
    }

    /// Predecessors of `b`.
    pub fn column(&self, b: usize) -> EventSet {
        let mut s = 0;
        for a in 0..self.n {
            s |= (self.rows[a] >> b & 1) << a;
        }
        s
    }

    pub fn union_with(&mut self, other: &BitRel) {
        for a in 0..self.n {
            self.rows[a] |= other.rows[a];
        }
    }

    pub fn union(&self, other: &BitRel) -> BitRel {
        let mut r = *self;
        r.union_with(other);
        r
    }

    /// `self ; other`
    pub fn compose(&self, other: &BitRel) -> BitRel {
        let mut out = BitRel::new(self.n);
        for a in 0..self.n {
            let mut acc = 0;
            for k in members(self.rows[a]) {
                acc |= other.rows[k];
            }
            out.rows[a] = acc;
        }
        out
    }

    /// The inverse relation (`b → a` for every edge `a → b` with `a < n`).
    ///
    /// A bit-matrix transpose by block swaps (Hacker's Delight, 7-3): at
    /// step `j` (32, 16, …, 1) the upper-right `j×j` blocks are exchanged
    /// with the lower-left ones, a few rounds of word operations instead of
    /// one operation per edge. Rows `≥ n` are cleared first, so the result is
    /// exactly the edge-by-edge inverse (`inverse_matches_edgewise` tests
    /// it). When every edge lies among the first 32 events (the usual case),
    /// only that 32×32 block is transposed: the rest is empty.
    pub fn inverse(&self) -> BitRel {
        let mut a = self.rows;
        for r in a.iter_mut().skip(self.n) {
            *r = 0;
        }
        let low = a[..32].iter().fold(0, |m, r| m | r) >> 32 == 0;
        if self.n <= 32 && low {
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
        BitRel { rows: a, n: self.n }
    }

    /// Keeps the edges `a → b` with `a ∈ from` and `b ∈ to`.
    pub fn restrict(&self, from: EventSet, to: EventSet) -> BitRel {
        let mut out = BitRel::new(self.n);
        for a in members(from) {
            if a < self.n {
                out.rows[a] = self.rows[a] & to;
            }
        }
        out
    }

    /// `[s] ; self ; [t]` with optional reflexive extension, as used by RC11:
    /// identity edges on `set` are added.
    pub fn with_identity_on(&self, set: EventSet) -> BitRel {
        let mut out = *self;
        for a in members(set) {
            out.rows[a] |= 1 << a;
        }
        out
    }

    /// Transitive closure in place (Warshall, one word per row).
    pub fn close(&mut self) {
        for k in 0..self.n {
            let bit = 1u64 << k;
            let rk = self.rows[k];
            for a in 0..self.n {
                if self.rows[a] & bit != 0 {
                    self.rows[a] |= rk;
                }
            }
        }
    }

    /// Adds the edge `a → b` to a transitively closed relation and closes
    /// it again: every event that reaches `a` (or is `a`) now reaches `b` and
    /// everything `b` reaches. Returns false, leaving the relation unchanged,
    /// when the edge would close a cycle (`a = b`, or `b` already reaches
    /// `a`). On a closed acyclic relation the result equals
    /// `(self ∪ {a → b}).closure()` (tested by `add_closed_matches_closure`).
    pub fn add_closed(&mut self, a: usize, b: usize) -> bool {
        if a == b || self.has(b, a) {
            return false;
        }
        if self.has(a, b) {
            return true;
        }
        let succ = self.rows[b] | 1 << b;
        for x in members(self.column(a) | 1 << a) {
            self.rows[x] |= succ;
        }
        true
    }

    /// Copies `other` into `self` (same size), rows `< n` only: the rows
    /// beyond are empty in both.
    #[inline]
    pub fn copy_from(&mut self, other: &BitRel) {
        debug_assert_eq!(self.n, other.n);
        let n = other.n;
        self.rows[..n].copy_from_slice(&other.rows[..n]);
    }

    pub fn closure(&self) -> BitRel {
        let mut r = *self;
        r.close();
        r
    }

    /// Is some event related to itself?
    pub fn is_reflexive_somewhere(&self) -> bool {
        (0..self.n).any(|a| self.rows[a] >> a & 1 == 1)
    }

    /// Acyclicity by peeling sources (no closure needed).
    pub fn is_acyclic(&self) -> bool {
        let mut remaining: EventSet = full(self.n);
        loop {
            let mut progressed = false;
            for a in members(remaining) {
                // `a` is a sink among the remaining events: remove it.
                if self.rows[a] & remaining == 0 {
                    remaining &= !(1 << a);
                    progressed = true;
                }
            }
            if remaining == 0 {
                return true;
            }
            if !progressed {
                return false;
            }
        }
    }

    pub fn edges(&self) -> impl Iterator<Item = (usize, usize)> + '_ {
        (0..self.n).flat_map(move |a| members(self.rows[a]).map(move |b| (a, b)))
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn closure_and_cycles() {
        let mut r = BitRel::new(4);
        r.add(0, 1);
        r.add(1, 2);
        r.add(2, 3);
        assert!(r.is_acyclic());
        let c = r.closure();
        assert!(c.has(0, 3));
        assert!(!c.has(3, 0));
        r.add(3, 1);
        assert!(!r.is_acyclic());
        assert!(r.closure().is_reflexive_somewhere());
    }

    #[test]
    fn compose_inverse_restrict() {
        let mut a = BitRel::new(3);
        a.add(0, 1);
        let mut b = BitRel::new(3);
        b.add(1, 2);
        let ab = a.compose(&b);
        assert_eq!(ab.edges().collect::<Vec<_>>(), vec![(0, 2)]);
        assert_eq!(ab.inverse().edges().collect::<Vec<_>>(), vec![(2, 0)]);
        assert!(ab.restrict(0b010, 0b111).is_empty());
        assert_eq!(b.column(2), 0b010);
    }

    #[test]
    fn inverse_matches_edgewise() {
        // A pseudo-random relation per size, with stray bits beyond `n`.
        let mut seed = 0x9e37_79b9_7f4a_7c15u64;
        for n in [0, 1, 2, 5, 28, 33, 63, 64] {
            for _ in 0..20 {
                let mut r = BitRel::new(n);
                for a in 0..MAX_EVENTS {
                    seed ^= seed << 13;
                    seed ^= seed >> 7;
                    seed ^= seed << 17;
                    r.rows[a] = seed;
                }
                // Half the time within the `n × n` block (the 32×32 path).
                if seed & 1 == 0 {
                    for a in 0..MAX_EVENTS {
                        r.rows[a] &= if a < n { full(n) } else { 0 };
                    }
                }
                let mut expected = BitRel::new(n);
                for a in 0..n {
                    for b in members(r.rows[a]) {
                        expected.rows[b] |= 1 << a;
                    }
                }
                assert_eq!(r.inverse(), expected, "n = {n}");
            }
        }
    }

    #[test]
    fn add_closed_matches_closure() {
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        for n in [1, 2, 7, 28, 64] {
            for _ in 0..50 {
                let mut inc = BitRel::new(n);
                let mut plain = BitRel::new(n);
                for _ in 0..2 * n {
                    seed ^= seed << 13;
                    seed ^= seed >> 7;
                    seed ^= seed << 17;
                    let (a, b) = ((seed % n as u64) as usize, (seed >> 32) as usize % n);
                    let mut with = plain;
                    with.add(a, b);
                    let closed = with.closure();
                    if closed.is_reflexive_somewhere() {
                        let before = inc;
                        assert!(!inc.add_closed(a, b));
                        assert_eq!(inc, before);
                    } else {
                        assert!(inc.add_closed(a, b));
                        plain = with;
                        assert_eq!(inc, closed);
                    }
                }
            }
        }
    }

    #[test]
    fn full_width() {
        let mut r = BitRel::new(64);
        for i in 0..63 {
            r.add(i, i + 1);
        }
        assert!(r.is_acyclic());
        assert!(r.closure().has(0, 63));
        r.add(63, 0);
        assert!(!r.is_acyclic());
    }
}
