//! Stopping the parser (and the lowering after it) at the caller's limits.
//!
//! `--timeout` and `--max-memory` bound the whole test, reading and lowering
//! included: a file of 100,000 threads must end within its time limit with
//! `Unknown`, not parse for seconds first (issue 24). The front end knows no
//! clock and no memory meter (it also runs in the browser), so the caller
//! hands it a check; the lexer, the parser and the lowering call
//! [`Budget::tick`] once per character, token or instruction, and the check
//! runs every [`CHECK_EVERY`] ticks (amortised: a clock read or a look at
//! `/proc/self/statm` per few thousand steps).

use std::cell::Cell;

/// Ticks between two runs of the caller's check.
pub const CHECK_EVERY: u32 = 4096;

/// A limit on the work of the front end: the caller's check, run every
/// [`CHECK_EVERY`] ticks. Once the check has said stop, every later tick
/// says stop too, and the result of the stage is to be discarded (the
/// caller asks [`Budget::stopped`] and reports its limit).
pub struct Budget<'a> {
    check: Option<&'a dyn Fn() -> bool>,
    ticks: Cell<u32>,
    stopped: Cell<bool>,
}

impl<'a> Budget<'a> {
    /// No limit: [`Budget::tick`] never stops.
    pub fn unlimited() -> Budget<'static> {
        Budget {
            check: None,
            ticks: Cell::new(0),
            stopped: Cell::new(false),
        }
    }

    /// A budget that stops once `check` returns `true`.
    pub fn new(check: &'a dyn Fn() -> bool) -> Budget<'a> {
        Budget {
            check: Some(check),
            ticks: Cell::new(0),
            stopped: Cell::new(false),
        }
    }

    /// Counts one step of work; `true` when the work must stop.
    #[inline]
    pub fn tick(&self) -> bool {
        if self.stopped.get() {
            return true;
        }
        let Some(check) = self.check else {
            return false;
        };
        let t = self.ticks.get() + 1;
        if t < CHECK_EVERY {
            self.ticks.set(t);
            return false;
        }
        self.ticks.set(0);
        if check() {
            self.stopped.set(true);
        }
        self.stopped.get()
    }

    /// Whether a limit stopped the work (whatever the stage returned is
    /// then incomplete).
    pub fn stopped(&self) -> bool {
        self.stopped.get()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unlimited_never_stops() {
        let b = Budget::unlimited();
        assert!((0..3 * CHECK_EVERY).all(|_| !b.tick()));
        assert!(!b.stopped());
    }

    #[test]
    fn the_check_runs_every_check_every_ticks_and_stop_sticks() {
        let calls = Cell::new(0u32);
        let check = || {
            calls.set(calls.get() + 1);
            calls.get() >= 2
        };
        let b = Budget::new(&check);
        let first_stop = (1..=10 * CHECK_EVERY).find(|_| b.tick());
        assert_eq!(first_stop, Some(2 * CHECK_EVERY));
        assert_eq!(calls.get(), 2);
        assert!(b.tick() && b.stopped());
        assert_eq!(calls.get(), 2, "no check after the stop");
    }
}
