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

    pub fn inverse(&self) -> BitRel {
        let mut out = BitRel::new(self.n);
        for a in 0..self.n {
            for b in members(self.rows[a]) {
                out.rows[b] |= 1 << a;
            }
        }
        out
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
