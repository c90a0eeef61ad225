//! The combinations of one path per thread and one barrier execution of
//! those paths, made one at a time in the search's order ([`Combos`]).
//!
//! A kernel's work-items each have their own paths, and the number of
//! combinations is the product of their counts: made all at once, a launch
//! of a few work-items with run-time indices needs gigabytes before the
//! search examines its first candidate. Made on demand, the engine holds
//! one batch at a time (`engine::run_with`), and every limit (`--timeout`,
//! `--max-memory` here, `--max-candidates` in the search of each batch) is
//! checked while they are made.

use crate::barrier::BarrierRun;
use crate::engine::{Combo, Setup};
use crate::result::{millis, LimitReason};
use crate::symbolic::Path;
use crate::Options;
use amdmm_graph::Set;
use std::marker::PhantomData;
use web_time::Instant;

/// Combinations of paths made between two reads of the resident memory
/// (a read of /proc costs more than making a small combination).
const MEMORY_EVERY: u64 = 64;

/// Every combination of one path per thread (odometer, last thread
/// fastest) and, for each, every barrier execution of those paths, in
/// that order: the order the engine merges its results in, so that the
/// output does not depend on how many are made at once. An item is `Err`
/// with the limit reached (`None` for a timeout without `--timeout`, which
/// cannot happen); no item follows it.
pub(crate) struct Combos<'s, 'o, S: Set> {
    setup: &'s Setup<'s>,
    opts: &'o Options,
    started: Instant,
    /// Per thread: the member of its group just before it, whose path
    /// index its own may not be smaller than ([`crate::work_items::sorted`]).
    floor: Vec<Option<usize>>,
    /// The next combination of paths to try; `None` after the last.
    next: Option<Vec<usize>>,
    /// The combination of paths whose barrier executions are being made.
    current: Vec<usize>,
    runs: std::vec::IntoIter<BarrierRun>,
    /// Combinations of paths tried so far.
    tried: u64,
    set: PhantomData<S>,
}

impl<'s, 'o, S: Set> Combos<'s, 'o, S> {
    pub(crate) fn new(setup: &'s Setup<'s>, opts: &'o Options, started: Instant) -> Self {
        let threads = setup.paths.len();
        let mut floor = vec![None; threads];
        for g in &setup.groups.members {
            for w in g.windows(2) {
                // The jump below needs the earlier member set first.
                if w[0] < w[1] {
                    floor[w[1]] = Some(w[0]);
                }
            }
        }
        let empty = setup.paths.iter().any(|p| p.is_empty());
        Combos {
            setup,
            opts,
            started,
            floor,
            next: (!empty).then(|| vec![0; threads]),
            current: Vec::new(),
            runs: Vec::new().into_iter(),
            tried: 0,
            set: PhantomData,
        }
    }

    /// The next combination of paths in odometer order (last thread
    /// fastest) that [`crate::work_items::sorted`] keeps; false after the
    /// last.
    ///
    /// The plain odometer resets the threads after the one it advances to
    /// path 0; this one resets a grouped thread to its floor's path instead,
    /// when that exists. Every combination it jumps over is one the plain
    /// odometer would have made and `sorted` refused: the first thread `u`
    /// where a skipped suffix differs from the jump's has a smaller path
    /// index than its floor (set before it, equal in both). So the
    /// combinations kept, and their order, are the plain odometer's, while
    /// a launch of `n` interchangeable work-items with `p` paths each makes
    /// the `C(n+p-1, n)` sorted ones instead of stepping through all `p^n`.
    fn advance(&self, choice: &mut [usize]) -> bool {
        loop {
            let Some(t) = (0..choice.len()).rfind(|&t| choice[t] + 1 < self.setup.paths[t].len())
            else {
                return false;
            };
            choice[t] += 1;
            for u in t + 1..choice.len() {
                choice[u] = match self.floor[u] {
                    Some(f) if choice[f] < self.setup.paths[u].len() => choice[f],
                    _ => 0,
                };
            }
            if crate::work_items::sorted(&self.setup.groups, choice) {
                return true;
            }
        }
    }

    /// `--timeout` and `--max-memory`, between two combinations of paths.
    fn check(&self) -> Result<(), Option<LimitReason>> {
        if let Some(t) = self.opts.timeout {
            if self.started.elapsed() > t {
                return Err(Some(LimitReason::Timeout(millis(t))));
            }
        }
        if let Some(max) = self.opts.max_memory {
            // `% N == 0`, not is_multiple_of: that needs Rust 1.87 (MSRV 1.85).
            if self.tried % MEMORY_EVERY == 0 && crate::resident_mib().is_some_and(|m| m > max) {
                return Err(Some(LimitReason::Memory(max)));
            }
        }
        Ok(())
    }

    /// Makes `choice`'s barrier executions the current ones.
    fn start(&mut self, choice: Vec<usize>) -> Result<(), Option<LimitReason>> {
        self.check()?;
        self.tried += 1;
        let chosen: Vec<&Path> = choice
            .iter()
            .enumerate()
            .map(|(t, &c)| &self.setup.paths[t][c])
            .collect();
        let deadline = self.opts.timeout.map(|t| (self.started + t, t));
        let runs = crate::barrier::runs(self.setup.program, &chosen, &self.opts.target, deadline)
            .map_err(Some)?;
        if deadline.is_some_and(|(d, _)| Instant::now() > d) {
            return Err(self.opts.timeout.map(|t| LimitReason::Timeout(millis(t))));
        }
        self.current = choice;
        self.runs = runs.into_iter();
        Ok(())
    }
}

impl<'s, S: Set> Iterator for Combos<'s, '_, S> {
    type Item = Result<Combo<'s, S>, Option<LimitReason>>;

    fn next(&mut self) -> Option<Self::Item> {
        loop {
            if let Some(run) = self.runs.next() {
                let made = Combo::new(self.setup, &self.current, self.opts, run);
                if made.is_err() {
                    self.next = None;
                    self.runs = Vec::new().into_iter();
                }
                return Some(made.map_err(Some));
            }
            let mut choice = self.next.take()?;
            if !crate::work_items::sorted(&self.setup.groups, &choice) {
                // Only the first combination (all paths 0) is not checked
                // by `advance`; it is always sorted.
                if !self.advance(&mut choice) {
                    return None;
                }
            }
            let mut following = choice.clone();
            self.next = self.advance(&mut following).then_some(following);
            if let Err(limit) = self.start(choice) {
                self.next = None;
                return Some(Err(limit));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::work_items::{sorted, Groups};

    /// The plain odometer filtered by `sorted`: the reference order.
    fn reference(lens: &[usize], groups: &Groups) -> Vec<Vec<usize>> {
        let mut out = Vec::new();
        let mut c = vec![0; lens.len()];
        loop {
            if sorted(groups, &c) {
                out.push(c.clone());
            }
            let Some(t) = (0..c.len()).rfind(|&t| c[t] + 1 < lens[t]) else {
                return out;
            };
            c[t] += 1;
            for x in &mut c[t + 1..] {
                *x = 0;
            }
        }
    }

    /// The jumping odometer makes exactly the plain one's sorted
    /// combinations, in the same order, for groups in and out of thread
    /// order and threads of different path counts.
    #[test]
    fn the_jump_skips_only_unsorted_combinations() {
        let program = amdmm_program::load(
            "AMDGPU T\n{\n  global x = 0;\n}\n\nthread P0 @ wg 0 {\n  store i32 1, ptr @x, align 4\n}\n\nlocations [@x;]\nexists (@x == 1)\n",
        )
        .expect("loads");
        let opts = Options::default();
        let one = crate::engine::build_setup(&program, &opts, Instant::now())
            .expect("setup")
            .paths[0][0]
            .clone();
        let cases: Vec<(Vec<usize>, Vec<Vec<usize>>)> = vec![
            (vec![3, 3, 3], vec![vec![0, 1, 2]]),
            (vec![2, 3, 3, 2, 3], vec![vec![1, 2, 4], vec![0, 3]]),
            (vec![3, 2, 3], vec![vec![2, 0]]),
            (vec![4, 1, 4, 4], vec![vec![0, 2, 3]]),
            (vec![2, 2], vec![]),
        ];
        for (lens, members) in cases {
            let groups = Groups {
                members,
                ..Default::default()
            };
            let setup = Setup {
                program: &program,
                locs: crate::locations::LocationMap::new(&program),
                paths: lens.iter().map(|&n| vec![one.clone(); n]).collect(),
                columns: Vec::new(),
                inits: Vec::new(),
                shown_locs: Vec::new(),
                groups,
            };
            let stream = Combos::<u64>::new(&setup, &opts, Instant::now());
            let mut made = vec![vec![0; lens.len()]];
            let mut c = made[0].clone();
            while stream.advance(&mut c) {
                made.push(c.clone());
            }
            assert_eq!(made, reference(&lens, &setup.groups), "{lens:?}");
        }
    }
}
