//! Visited states stored as 128-bit fingerprints (hash compaction).
//!
//! The search only asks "was this state visited?", so it stores a 128-bit
//! hash of each state instead of the state: 16 bytes and one allocation
//! for the whole set, where a stored [`State`] was a tree of `Vec`s
//! (hundreds of bytes and a dozen allocations each; docs/performance.md,
//! "Hardware models", has the figures). Dropping the set at a limit is then
//! instant, which keeps `--timeout` within its bound.
//!
//! The price is a collision: two different states with the same
//! fingerprint make the search skip the second one. The two halves are
//! `foldhash`'s quality hash of the state's `Hash` stream under two fixed
//! seeds; taken as a random 128-bit function, the probability that any two
//! of `n` visited states collide is at most `n² / 2¹²⁹`: below 10⁻²² for
//! the 2,000,000-state default limit and below 10⁻¹⁸ for 10⁹ states.
//! The choice and its reason are recorded in docs/semantics.md ("Hardware
//! states are compared by fingerprint").

use super::state::State;
use std::collections::HashSet;
use std::hash::{BuildHasher, BuildHasherDefault, Hasher};

/// A 128-bit fingerprint of a state.
pub(super) type Fingerprint = u128;

/// The seeds of the two halves (arbitrary distinct constants).
const SEEDS: [u64; 2] = [0x243f_6a88_85a3_08d3, 0x1319_8a2e_0370_7344];

/// The state's fingerprint.
pub(super) fn fingerprint(s: &State) -> Fingerprint {
    let [a, b] = SEEDS.map(|k| foldhash::quality::FixedState::with_seed(k).hash_one(s));
    (u128::from(a) << 64) | u128::from(b)
}

/// Hashes a fingerprint (already a hash) as its low 64 bits.
#[derive(Default)]
pub(super) struct PassThrough(u64);

impl Hasher for PassThrough {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        // Only `write_u128` is used; this keeps any other caller correct.
        for &b in bytes {
            self.0 = self.0.rotate_left(8) ^ u64::from(b);
        }
    }
    fn write_u128(&mut self, v: u128) {
        self.0 = v as u64;
    }
}

/// The set of visited states' fingerprints.
pub(super) type Seen = HashSet<Fingerprint, BuildHasherDefault<PassThrough>>;
