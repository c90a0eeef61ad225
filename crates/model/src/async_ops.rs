//! Asynchronous LDS DMA operations, async marks and their completion
//! (the specification's async-operations text; the `upstream` alternative
//! follows AMDGPUAsyncOperations, <https://llvm.org/docs/AMDGPUAsyncOperations.html>).
//!
//! Three pure pieces, used by the exploration engine and by `amdmm lint`:
//! - [`Tracker`]: the abstract machine's mark sequences along one path of a
//!   thread, and which async operations are known complete at each point;
//! - [`thread_order`]: the program order (and, for the upstream model, the
//!   extra happens-before edges) of one thread's events once every async
//!   operation's completion point is known;
//! - [`async_races`]: which races of a candidate execution involve a transfer
//!   in flight, naming the transfer and the access.
//!
//! The interpretation choices are recorded in `docs/semantics.md`,
//! "Asynchronous operations".

use crate::values::may_see;
use crate::{Analysis, ModelKind};
use amdmm_graph::{relation::members, ExecutionGraph, LocalSet, Set};

/// The abstract machine of async marks along one path of one thread.
///
/// Async operations are numbered in program order from 0. A mark is
/// represented by the number of async operations issued before it: the
/// operations it tracks are exactly those with a smaller number.
///
/// async-operations.txt, "Async Mark Operations": "An *async mark* in the
/// abstract machine tracks all the async operations that are program ordered
/// before that mark." — "The abstract machine maintains a sequence of *async
/// marks* during the execution of a function body, which excludes any marks
/// produced by calls to other functions encountered in the currently
/// executing function."
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tracker {
    /// One mark sequence per active function body (innermost last); each
    /// holds the outstanding marks, oldest first.
    frames: Vec<Vec<u32>>,
    /// Async operations issued so far.
    issued: u32,
    /// Async operations known complete: always a prefix `0..done` (a later
    /// mark tracks every operation an earlier one tracks).
    done: u32,
}

impl Default for Tracker {
    fn default() -> Self {
        Tracker::new()
    }
}

impl Tracker {
    /// The state at the start of a kernel: one empty sequence, nothing issued.
    pub fn new() -> Tracker {
        Tracker {
            frames: vec![Vec::new()],
            issued: 0,
            done: 0,
        }
    }

    /// An async operation is initiated; returns its number.
    pub fn op(&mut self) -> u32 {
        self.issued += 1;
        self.issued - 1
    }

    /// `llvm.amdgcn.asyncmark()`.
    ///
    /// async-operations.txt, "`@llvm.amdgcn.asyncmark()`": "When executed,
    /// inserts an async mark in the sequence associated with the currently
    /// executing function body."
    pub fn mark(&mut self) {
        let issued = self.issued;
        self.current().push(issued);
    }

    /// `llvm.amdgcn.wait.asyncmark(N)`: returns the async operations that
    /// become known complete here (a possibly empty range of numbers).
    ///
    /// async-operations.txt, "`@llvm.amdgcn.wait.asyncmark(i16 %N)`": "Waits
    /// until there are at most N outstanding marks in the sequence associated
    /// with the currently executing function body."  "A mark M is said to be
    /// *completed* only when all async operations program ordered before M
    /// are reported by the implementation as having finished, and it is said
    /// to be *outstanding* otherwise." — "An async operation X is *completed*
    /// at a program point P if there exists a mark M such that X is program
    /// ordered before M, M is program ordered before P, and M is completed."
    ///
    /// A later mark tracks every operation an earlier mark of the thread
    /// tracks, so the outstanding marks are always the newest ones: after the
    /// wait, every mark of the sequence but the last N is completed, and with
    /// it every operation it tracks (wherever that operation was initiated:
    /// in this body, a callee or a caller).
    pub fn wait(&mut self, n: u32) -> std::ops::Range<u32> {
        let before = self.done;
        let seq = self.current();
        let keep = (n as usize).min(seq.len());
        let completed: Vec<u32> = seq.drain(..seq.len() - keep).collect();
        if let Some(&newest) = completed.last() {
            self.done = self.done.max(newest);
        }
        before..self.done
    }

    /// Entry of a called function body: a new, empty mark sequence.
    pub fn call_enter(&mut self) {
        self.frames.push(Vec::new());
    }

    /// Return from a called function body: its sequence is dropped; the
    /// caller's sequence is as it was before the call ("excludes any marks
    /// produced by calls to other functions").
    pub fn call_exit(&mut self) {
        if self.frames.len() > 1 {
            self.frames.pop();
        }
    }

    /// Marks that may still be outstanding in the current body's sequence.
    pub fn outstanding_marks(&self) -> usize {
        self.frames.last().map_or(0, |s| s.len())
    }

    /// Async operations not known complete (numbers).
    pub fn incomplete(&self) -> std::ops::Range<u32> {
        self.done..self.issued
    }

    /// Is async operation `op` known complete?
    pub fn is_complete(&self, op: u32) -> bool {
        op < self.done
    }

    fn current(&mut self) -> &mut Vec<u32> {
        if self.frames.is_empty() {
            self.frames.push(Vec::new());
        }
        self.frames.last_mut().expect("a frame")
    }
}

/// One step of a thread's path that matters for async completion.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AsyncStep {
    /// An async operation (one of the `.async` intrinsics) is initiated.
    Op,
    /// `llvm.amdgcn.asyncmark()`.
    Mark,
    /// `llvm.amdgcn.wait.asyncmark(N)`.
    Wait(u32),
    /// Entry of an inlined call.
    CallEnter,
    /// Return of an inlined call.
    CallExit,
}

/// For a path given as `(position, step)` pairs (positions increasing), the
/// position at which each async operation (in order of their `Op` steps) is
/// known complete: the position of the wait that completes it, or `None`
/// when the path ends first.
pub fn completion_points(steps: &[(u32, AsyncStep)]) -> Vec<Option<u32>> {
    let mut t = Tracker::new();
    let mut out = Vec::new();
    for &(at, step) in steps {
        match step {
            AsyncStep::Op => {
                t.op();
                out.push(None);
            }
            AsyncStep::Mark => t.mark(),
            AsyncStep::Wait(n) => {
                for op in t.wait(n) {
                    out[op as usize] = Some(at);
                }
            }
            AsyncStep::CallEnter => t.call_enter(),
            AsyncStep::CallExit => t.call_exit(),
        }
    }
    out
}

/// An async operation placed in one thread's events (thread-local indices).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AsyncOp {
    /// The non-atomic read of the source.
    pub read: u32,
    /// The non-atomic write of the destination (the value read).
    pub write: u32,
    /// The first event index after the wait that completes the operation
    /// (`None`: not known complete before the path ends).
    pub complete_at: Option<u32>,
}

/// Program order of one thread, and the happens-before edges of its async
/// operations that are not program order; rows over thread-local indices.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ThreadOrder {
    pub po: Vec<LocalSet>,
    pub async_hb: Vec<LocalSet>,
}

/// The set `from..len` of thread-local events.
fn from_to(from: u32, len: usize) -> LocalSet {
    LocalSet::full(len) & !LocalSet::full(from as usize)
}

/// Program order of a thread of `len` events with the async operations
/// `ops`.
///
/// async-operations.txt, "Memory Consistency Model": "Each asynchronous
/// operation consists of a non-atomic read on the source and a non-atomic
/// write on the destination." — "An asynchronous operation `A` program
/// ordered before an overlapping memory operation `X` happens-before `X`
/// only if `A` is completed before `X`." — "A memory operation `X` program
/// ordered before an overlapping asynchronous operation `A` happens-before
/// `A`." — "The *only if* in the above wording implies that unlike the
/// default LLVM memory model, certain program order edges are not
/// automatically included in happens-before."
///
/// Seed model: an event of an async operation is program-ordered before the
/// events after its completion point only (and its read before its write);
/// every other edge of program order is kept, including the edges into the
/// operation. Because happens-before is transitive, the restriction applies
/// to every later event, overlapping or not; and because location order and
/// availability are defined by program order too, the same restricted order
/// serves them (docs/semantics.md, "Asynchronous operations").
///
/// Upstream model (AMDGPUAsyncOperations.md, "Memory Model"): "Each dynamic
/// instance `I` of an async *instruction* initiates a corresponding async
/// *operation* `A` such that `I` *happens-before* `A`. Then `A`
/// *happens-before* a `wait.asyncmark()` operation `Y` if there exists an
/// `asyncmark()` operation `X` such that: `I` is *program-ordered* before
/// `X`, and, `X` is *completed-at* `Y`." The operation is not in program
/// order after the instruction: its edges to the events after the wait are
/// happens-before edges (`async_hb`), not program order.
pub fn thread_order(model: ModelKind, len: usize, ops: &[AsyncOp]) -> ThreadOrder {
    let mut po: Vec<LocalSet> = (0..len).map(|a| from_to(a as u32 + 1, len)).collect();
    let mut async_hb = vec![LocalSet::empty(); len];
    for op in ops {
        let after = op
            .complete_at
            .map_or(LocalSet::empty(), |c| from_to(c.max(op.write + 1), len));
        let (r, w) = (op.read as usize, op.write as usize);
        match model {
            ModelKind::Seed | ModelKind::Proposed => {
                po[r] = after | LocalSet::bit(w);
                po[w] = after;
            }
            ModelKind::Upstream => {
                po[r] = LocalSet::bit(w);
                po[w] = LocalSet::empty();
                async_hb[r] = after;
                async_hb[w] = after;
            }
        }
    }
    ThreadOrder { po, async_hb }
}

/// What a race with a transfer in flight does.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum AsyncRaceKind {
    /// A read of the destination that the copy into it is not completed
    /// before ("reading the destination too early").
    ReadDestination,
    /// A write of the destination unordered with the copy into it ("writing
    /// the destination while a copy into it is outstanding").
    WriteDestination,
    /// A write of the source unordered with the copy's read of it ("writing
    /// the source of an outstanding copy").
    WriteSource,
}

impl AsyncRaceKind {
    /// The name of the witness relation listing these races
    /// (`transfer -> access`).
    pub fn relation(self) -> &'static str {
        match self {
            AsyncRaceKind::ReadDestination => "race-read-destination",
            AsyncRaceKind::WriteDestination => "race-write-destination",
            AsyncRaceKind::WriteSource => "race-write-source",
        }
    }
}

/// A race of a candidate execution that involves an async transfer.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct AsyncRace {
    pub kind: AsyncRaceKind,
    /// An event of the transfer: its write for the destination kinds, its
    /// read for `WriteSource`.
    pub transfer: usize,
    /// The conflicting access.
    pub access: usize,
}

/// The races of an analysed candidate that involve async transfers (the
/// events `async_events`): for every read that returns `undef` because of a race
/// (memory-model.txt: "if `R` may see some write that is not
/// *location-ordered* before `R`" / "Otherwise, `R` returns `undef`"), the
/// transfers among the writes it may see, and the transfer that is itself
/// the read.
pub fn async_races<S: Set>(
    g: &ExecutionGraph<S>,
    a: &Analysis<S>,
    async_events: S,
) -> Vec<AsyncRace> {
    let mut out = Vec::new();
    if async_events.none() {
        return out;
    }
    let lo_inv = a.lo.inverse();
    for r in members(g.reads) {
        let Some(rule) = a.rules[r] else { continue };
        if !rule.is_race() {
            continue;
        }
        let here = g.at_loc(g.events[r].loc) & g.writes;
        let seen = may_see(here, &lo_inv, &a.hb, r);
        let unordered = seen & !lo_inv.row(r);
        let conflicting = if unordered.any() { unordered } else { seen };
        if async_events.has(r) {
            for w in members(conflicting & !g.inits) {
                out.push(AsyncRace {
                    kind: AsyncRaceKind::WriteSource,
                    transfer: r,
                    access: w,
                });
            }
            continue;
        }
        for w in members(conflicting & async_events) {
            if !a.hb.has(w, r) {
                out.push(AsyncRace {
                    kind: AsyncRaceKind::ReadDestination,
                    transfer: w,
                    access: r,
                });
            }
        }
        for w in members(seen & async_events) {
            for w2 in members(seen & !g.inits & !S::bit(w)) {
                if a.hb.has(w, w2) || a.hb.has(w2, w) {
                    continue;
                }
                // Two transfers into one place: name the later one the access.
                if async_events.has(w2) && w2 < w {
                    continue;
                }
                out.push(AsyncRace {
                    kind: AsyncRaceKind::WriteDestination,
                    transfer: w,
                    access: w2,
                });
            }
        }
    }
    out.sort_unstable();
    out.dedup();
    out
}

#[cfg(test)]
mod tests {
    use super::AsyncStep::*;
    use super::*;
    use amdmm_graph::BitRel;

    fn points(steps: &[AsyncStep]) -> Vec<Option<u32>> {
        let with_pos: Vec<(u32, AsyncStep)> = steps
            .iter()
            .enumerate()
            .map(|(i, s)| (i as u32, *s))
            .collect();
        completion_points(&with_pos)
    }

    /// async-operations.txt, "Uneven blocks of async transfers": 3, 5 and 2
    /// copies, a mark after each block, `wait.asyncmark(2)` waits for the
    /// first block only.
    #[test]
    fn uneven_blocks() {
        let mut s = vec![
            Op,
            Op,
            Op,
            Mark,
            Op,
            Op,
            Op,
            Op,
            Op,
            Mark,
            Op,
            Op,
            Mark,
            Wait(2),
        ];
        let p = points(&s);
        assert_eq!(p.len(), 10);
        assert!(p[..3].iter().all(|c| *c == Some(13)));
        assert!(p[3..].iter().all(|c| c.is_none()));
        s.push(Wait(0));
        let p = points(&s);
        assert!(p[3..].iter().all(|c| *c == Some(14)));
    }

    /// async-operations.txt, "Software pipeline": three blocks in flight, the
    /// loop waits for the oldest (`wait.asyncmark(2)`) and starts the next.
    #[test]
    fn software_pipeline() {
        // Prologue: three blocks; two loop iterations; the flush.
        let s = [
            Op,
            Mark,
            Op,
            Mark,
            Op,
            Mark, // blocks 0, 1, 2
            Wait(2),
            Op,
            Mark, // use block 0, start block 3
            Wait(2),
            Op,
            Mark, // use block 1, start block 4
            Wait(2),
            Wait(1),
            Wait(0),
        ];
        let p = points(&s);
        assert_eq!(p, vec![Some(6), Some(9), Some(12), Some(13), Some(14)]);
    }

    /// async-operations.txt, "Ordinary function call": `wait.asyncmark(1)`
    /// "will wait for at least the second block, possibly including bar()";
    /// `wait.asyncmark(0)` "will wait for third block, including bar()".
    #[test]
    fn ordinary_function_call() {
        let s = [
            Op,
            Mark,
            Op,
            Mark, // first and second block
            CallEnter,
            Op,
            Mark,
            CallExit, // bar() with a mark of its own
            Op,
            Mark, // third block
            Wait(1),
            Wait(0),
        ];
        let p = points(&s);
        assert_eq!(p, vec![Some(10), Some(10), Some(11), Some(11)]);
    }

    /// The callee's marks are excluded from the caller's sequence: with
    /// marks B and C before the call and A inside it, `wait.asyncmark(1)`
    /// completes B (before inlining) — not C.
    #[test]
    fn callee_marks_excluded() {
        let s = [Op, Mark, Op, Mark, CallEnter, Op, Mark, CallExit, Wait(1)];
        assert_eq!(points(&s), vec![Some(8), None, None]);
        // Inlined (the mark of the callee now in the caller's sequence):
        // the wait completes C as well.
        let s = [Op, Mark, Op, Mark, Op, Mark, Wait(1)];
        assert_eq!(points(&s), vec![Some(6), Some(6), None]);
    }

    /// A wait inside a callee counts the callee's sequence only, but a
    /// callee mark tracks every operation program-ordered before it,
    /// including the caller's.
    #[test]
    fn callee_wait() {
        // No mark in the callee: its wait completes nothing.
        let s = [Op, Mark, CallEnter, Wait(0), CallExit];
        assert_eq!(points(&s), vec![None]);
        // A mark in the callee tracks the caller's earlier operation.
        let s = [Op, CallEnter, Mark, Wait(0), CallExit];
        assert_eq!(points(&s), vec![Some(3)]);
        // Nested calls: each body has its own sequence.
        let s = [
            Op,
            Mark,
            CallEnter,
            Op,
            Mark,
            CallEnter,
            Wait(0),
            CallExit,
            Wait(0),
            CallExit,
        ];
        assert_eq!(points(&s), vec![Some(8), Some(8)]);
    }

    #[test]
    fn wait_without_marks_and_unmarked_ops() {
        // A wait with no marks waits for nothing; an op after the last mark
        // is not tracked by it.
        let s = [Wait(0), Op, Mark, Op, Wait(0)];
        assert_eq!(points(&s), vec![Some(4), None]);
        // A larger count than the outstanding marks: nothing.
        let s = [Op, Mark, Wait(3)];
        assert_eq!(points(&s), vec![None]);
    }

    #[test]
    fn tracker_counts() {
        let mut t = Tracker::new();
        t.op();
        t.mark();
        t.mark();
        assert_eq!(t.outstanding_marks(), 2);
        assert_eq!(t.wait(1), 0..1);
        assert_eq!(t.outstanding_marks(), 1);
        assert!(t.is_complete(0));
        t.call_enter();
        assert_eq!(t.outstanding_marks(), 0);
        t.call_exit();
        assert_eq!(t.outstanding_marks(), 1);
        assert_eq!(t.incomplete(), 1..1);
    }

    /// Events: 0 plain, 1-2 the copy, 3 plain, (wait), 4 plain.
    #[test]
    fn order_seed_and_upstream() {
        let ops = [AsyncOp {
            read: 1,
            write: 2,
            complete_at: Some(4),
        }];
        let o = thread_order(ModelKind::Seed, 5, &ops);
        assert_eq!(o.po[0].0[0], 0b11110);
        assert_eq!(o.po[1].0[0], 0b10100);
        assert_eq!(o.po[2].0[0], 0b10000);
        assert_eq!(o.po[3].0[0], 0b10000);
        assert!(o.async_hb.iter().all(|r| r.none()));
        let u = thread_order(ModelKind::Upstream, 5, &ops);
        assert_eq!(u.po[0].0[0], 0b11110);
        assert_eq!(u.po[1].0[0], 0b00100);
        assert_eq!(u.po[2].0[0], 0);
        assert_eq!(u.async_hb[1].0[0], 0b10000);
        assert_eq!(u.async_hb[2].0[0], 0b10000);
        // Never completed: no edge out of the operation.
        let ops = [AsyncOp {
            read: 1,
            write: 2,
            complete_at: None,
        }];
        let o = thread_order(ModelKind::Seed, 5, &ops);
        assert_eq!(o.po[1].0[0], 0b00100);
        assert_eq!(o.po[2].0[0], 0);
    }

    /// The restricted order stays transitive: two copies, the first
    /// completed before the second starts, the second never.
    #[test]
    fn order_is_transitive() {
        let ops = [
            AsyncOp {
                read: 0,
                write: 1,
                complete_at: Some(3),
            },
            AsyncOp {
                read: 3,
                write: 4,
                complete_at: None,
            },
        ];
        let o = thread_order(ModelKind::Seed, 6, &ops);
        let mut r = BitRel::new(6);
        for (a, row) in o.po.iter().enumerate() {
            r.set_row(a, row.0[0]);
        }
        let mut c = r;
        c.close();
        assert_eq!(c, r);
        assert!(r.has(0, 3) && r.has(1, 5) && r.has(2, 3));
        assert!(!r.has(0, 2) && !r.has(3, 5));
    }
}
