//! Relations over the events of one execution as bit matrices: row `a`
//! holds the successors of event `a`; composition, union and transitive
//! closure are word operations. This is the hot path of the checker, hence
//! hand-rolled rather than a general graph library.
//!
//! A relation is generic over its set type ([`Set`]): `u64` rows (64×64,
//! the default and the fast path) for executions of at most 64 events,
//! [`Wide`] rows for up to 128 or 256.

pub use crate::set::{Set, Wide};

/// The most events of the fixed 64×64 fast path.
pub const MAX_EVENTS: usize = 64;

/// The most events one execution may have (with 256-event relations).
pub const MAX_WIDE_EVENTS: usize = 256;

/// A set of at most 64 events as a bit mask (the fast path's set type).
pub type EventSet = u64;

/// The set of the first `n` events.
#[inline]
pub fn full<S: Set>(n: usize) -> S {
    S::full(n)
}

/// Iterates over the members of a set, in increasing order.
#[inline]
pub fn members<S: Set>(mut set: S) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || set.pop_first())
}

#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct BitRel<S: Set = u64> {
    rows: S::Rows,
    n: usize,
}

impl<S: Set> std::fmt::Debug for BitRel<S> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(self.edges()).finish()
    }
}

impl<S: Set> BitRel<S> {
    /// The empty relation over `n` events.
    pub fn new(n: usize) -> Self {
        assert!(n <= S::BITS, "at most {} events", S::BITS);
        BitRel {
            rows: S::empty_rows(),
            n,
        }
    }

    #[inline(always)]
    fn r(&self) -> &[S] {
        self.rows.as_ref()
    }

    #[inline(always)]
    fn r_mut(&mut self) -> &mut [S] {
        self.rows.as_mut()
    }

    pub fn len(&self) -> usize {
        self.n
    }

    pub fn is_empty(&self) -> bool {
        self.r()[..self.n].iter().all(|r| r.none())
    }

    #[inline]
    pub fn add(&mut self, a: usize, b: usize) {
        self.r_mut()[a] |= S::bit(b);
    }

    #[inline]
    pub fn has(&self, a: usize, b: usize) -> bool {
        self.r()[a].has(b)
    }

    /// Successors of `a`.
    #[inline]
    pub fn row(&self, a: usize) -> S {
        self.r()[a]
    }

    #[inline]
    pub fn set_row(&mut self, a: usize, set: S) {
        self.r_mut()[a] = set;
    }

    /// Predecessors of `b`.
    pub fn column(&self, b: usize) -> S {
        let mut s = S::empty();
        for a in 0..self.n {
            s |= S::bit_if(self.r()[a].has(b), a);
        }
        s
    }

    pub fn union_with(&mut self, other: &Self) {
        let n = self.n;
        for a in 0..n {
            let o = other.r()[a];
            self.r_mut()[a] |= o;
        }
    }

    pub fn union(&self, other: &Self) -> Self {
        let mut r = *self;
        r.union_with(other);
        r
    }

    /// `self ; other`
    pub fn compose(&self, other: &Self) -> Self {
        let mut out = Self::new(self.n);
        for a in 0..self.n {
            let mut acc = S::empty();
            for k in members(self.r()[a]) {
                acc |= other.r()[k];
            }
            out.r_mut()[a] = acc;
        }
        out
    }

    /// The inverse relation (`b → a` for every edge `a → b` with `a < n`):
    /// [`Set::transpose`] (for 64 events a block-swap transpose; rows `≥ n`
    /// are cleared first, so the result is exactly the edge-by-edge inverse,
    /// which `inverse_matches_edgewise` tests).
    pub fn inverse(&self) -> Self {
        BitRel {
            rows: S::transpose(&self.rows, self.n),
            n: self.n,
        }
    }

    /// Keeps the edges `a → b` with `a ∈ from` and `b ∈ to`.
    pub fn restrict(&self, from: S, to: S) -> Self {
        let mut out = Self::new(self.n);
        for a in members(from) {
            if a < self.n {
                out.r_mut()[a] = self.r()[a] & to;
            }
        }
        out
    }

    /// `[s] ; self ; [t]` with optional reflexive extension, as used by RC11:
    /// identity edges on `set` are added.
    pub fn with_identity_on(&self, set: S) -> Self {
        let mut out = *self;
        for a in members(set) {
            out.r_mut()[a] |= S::bit(a);
        }
        out
    }

    /// Transitive closure in place (Warshall, one word per row).
    pub fn close(&mut self) {
        let n = self.n;
        let rows = self.r_mut();
        for k in 0..n {
            let rk = rows[k];
            for row in rows.iter_mut().take(n) {
                if row.has(k) {
                    *row |= rk;
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
        let succ = self.r()[b] | S::bit(b);
        for x in members(self.column(a) | S::bit(a)) {
            self.r_mut()[x] |= succ;
        }
        true
    }

    /// Copies `other` into `self` (same size), rows `< n` only: the rows
    /// beyond are empty in both.
    #[inline]
    pub fn copy_from(&mut self, other: &Self) {
        debug_assert_eq!(self.n, other.n);
        let n = other.n;
        self.r_mut()[..n].copy_from_slice(&other.r()[..n]);
    }

    pub fn closure(&self) -> Self {
        let mut r = *self;
        r.close();
        r
    }

    /// Is some event related to itself?
    pub fn is_reflexive_somewhere(&self) -> bool {
        (0..self.n).any(|a| self.r()[a].has(a))
    }

    /// Acyclicity by peeling sources (no closure needed).
    pub fn is_acyclic(&self) -> bool {
        let mut remaining: S = S::full(self.n);
        loop {
            let mut progressed = false;
            for a in members(remaining) {
                // `a` is a sink among the remaining events: remove it.
                if (self.r()[a] & remaining).none() {
                    remaining &= !S::bit(a);
                    progressed = true;
                }
            }
            if remaining.none() {
                return true;
            }
            if !progressed {
                return false;
            }
        }
    }

    pub fn edges(&self) -> impl Iterator<Item = (usize, usize)> + '_ {
        (0..self.n).flat_map(move |a| members(self.r()[a]).map(move |b| (a, b)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A xorshift step (deterministic pseudo-random bits).
    fn next(seed: &mut u64) -> u64 {
        *seed ^= *seed << 13;
        *seed ^= *seed >> 7;
        *seed ^= *seed << 17;
        *seed
    }

    /// Each test runs for the fast path and for both wide widths.
    macro_rules! every_width {
        ($f:ident) => {{
            $f::<u64>();
            $f::<Wide<2>>();
            $f::<Wide<4>>();
        }};
    }

    fn closure_and_cycles_at<S: Set>() {
        let mut r = BitRel::<S>::new(4);
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
    fn closure_and_cycles() {
        every_width!(closure_and_cycles_at);
    }

    fn compose_inverse_restrict_at<S: Set>() {
        let mut a = BitRel::<S>::new(3);
        a.add(0, 1);
        let mut b = BitRel::<S>::new(3);
        b.add(1, 2);
        let ab = a.compose(&b);
        assert_eq!(ab.edges().collect::<Vec<_>>(), vec![(0, 2)]);
        assert_eq!(ab.inverse().edges().collect::<Vec<_>>(), vec![(2, 0)]);
        assert!(ab.restrict(S::bit(1), S::full(3)).is_empty());
        assert_eq!(b.column(2), S::bit(1));
    }

    #[test]
    fn compose_inverse_restrict() {
        every_width!(compose_inverse_restrict_at);
    }

    #[test]
    fn inverse_matches_edgewise() {
        // A pseudo-random relation per size, with stray bits beyond `n`.
        let mut seed = 0x9e37_79b9_7f4a_7c15u64;
        for n in [0, 1, 2, 5, 28, 33, 63, 64] {
            for _ in 0..20 {
                let mut r = BitRel::<u64>::new(n);
                for a in 0..MAX_EVENTS {
                    r.rows[a] = next(&mut seed);
                }
                // Half the time within the `n × n` block (the 32×32 path).
                if seed & 1 == 0 {
                    for a in 0..MAX_EVENTS {
                        r.rows[a] &= if a < n { full::<u64>(n) } else { 0 };
                    }
                }
                let mut expected = BitRel::<u64>::new(n);
                for a in 0..n {
                    for b in members(r.rows[a]) {
                        expected.rows[b] |= 1 << a;
                    }
                }
                assert_eq!(r.inverse(), expected, "n = {n}");
            }
        }
    }

    fn wide_inverse_matches_edgewise_at<S: Set>() {
        let mut seed = 0x1234_5678_9abc_def1u64;
        for n in [0, 1, 63, 64, 65, 100, S::BITS - 1, S::BITS] {
            let mut r = BitRel::<S>::new(n);
            let mut expected = BitRel::<S>::new(n);
            for a in 0..n {
                for b in 0..n {
                    if next(&mut seed).is_multiple_of(5) {
                        r.add(a, b);
                        expected.add(b, a);
                    }
                }
            }
            assert_eq!(r.inverse(), expected, "n = {n}");
        }
    }

    #[test]
    fn wide_inverse_matches_edgewise() {
        wide_inverse_matches_edgewise_at::<Wide<2>>();
        wide_inverse_matches_edgewise_at::<Wide<4>>();
    }

    fn add_closed_matches_closure_at<S: Set>() {
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        for n in [1, 2, 7, 28, 64.min(S::BITS), S::BITS] {
            for _ in 0..10 {
                let mut inc = BitRel::<S>::new(n);
                let mut plain = BitRel::<S>::new(n);
                for _ in 0..2 * n {
                    let x = next(&mut seed);
                    let (a, b) = ((x % n as u64) as usize, (x >> 32) as usize % n);
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
    fn add_closed_matches_closure() {
        every_width!(add_closed_matches_closure_at);
    }

    fn full_width_at<S: Set>() {
        let n = S::BITS;
        let mut r = BitRel::<S>::new(n);
        for i in 0..n - 1 {
            r.add(i, i + 1);
        }
        assert!(r.is_acyclic());
        assert!(r.closure().has(0, n - 1));
        r.add(n - 1, 0);
        assert!(!r.is_acyclic());
    }

    #[test]
    fn full_width() {
        every_width!(full_width_at);
    }

    fn set_operations_at<S: Set>() {
        let n = S::BITS;
        assert_eq!(members(S::full(n)).count(), n);
        assert_eq!(S::full(0), S::empty());
        let s = S::bit(0) | S::bit(n - 1) | S::bit(n / 2);
        assert_eq!(members(s).collect::<Vec<_>>(), vec![0, n / 2, n - 1]);
        assert_eq!(s.size(), 3);
        assert_eq!(s.first(), Some(0));
        assert!(s.has(n - 1) && !s.has(1));
        assert!((s & !S::bit(0)).first() == Some(n / 2));
        // A thread-local set placed at every offset, across word borders.
        for offset in [0, 1, 60, 63, 64, 65, 127.min(n - 8)] {
            if offset + 8 > n {
                continue;
            }
            let placed = S::from_local(crate::Wide([0b1010_0101, 0, 0, 0]), offset);
            let want = [0, 2, 5, 7].map(|i| offset + i);
            assert_eq!(members(placed).collect::<Vec<_>>(), want.to_vec());
        }
        // A thread of more than 64 events: local members in every word of
        // the local set, placed after the initial writes.
        let local: Vec<usize> = [0, 63, 64, 100, 127, 128, 200, 254]
            .into_iter()
            .filter(|&i| i + 1 < n)
            .collect();
        let mut set = crate::LocalSet::default();
        for &i in &local {
            set |= crate::Wide::<4>::bit(i);
        }
        let placed = S::from_local(set, 1);
        let want: Vec<usize> = local.iter().map(|i| i + 1).collect();
        assert_eq!(members(placed).collect::<Vec<_>>(), want);
    }

    #[test]
    fn set_operations() {
        every_width!(set_operations_at);
    }
}
