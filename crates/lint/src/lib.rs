//! amdmm-lint: static checks of asynchronous LDS DMA code (`amdmm lint`).
//!
//! The checks read the lowered program (calls inlined between `CallEnter`
//! and `CallExit`) and follow its control flow; they explore no executions.
//! Every path of the control-flow graph counts, whatever the values read.
//!
//! 1. `unwaited-mark`: an `asyncmark` that no later `wait.asyncmark` of its
//!    function counts on any path (async-operations.txt, "Optimization",
//!    case 1): the only marks that may be removed.
//! 2. `redundant-wait`: a `wait.asyncmark(N)` whose count is at least the
//!    number of marks that can be outstanding there (case 2).
//! 3. `uncovered-access`: an access of the destination (or a write of the
//!    source) of an async copy that some path reaches before a wait
//!    completes the copy — the races the engine reports as `race`.
//! 4. `outstanding-at-end`: a kernel that can end with marks outstanding.
//! 5. `outstanding-at-sync`: a release fence or barrier signal that some
//!    path reaches while one of the thread's copies is not completed: another
//!    wave synchronizing with it may read the destination, or overwrite the
//!    source, before the copy completes.
//! 6. `unmarked-copy`: a copy that some path takes to the end of the
//!    kernel with no `asyncmark` after it: no wait can ever complete it.
//!
//! Addresses are compared exactly: an access overlaps a copy when both name
//! the same element with constant indices (or the same scalar). Accesses
//! through computed indices are not checked by (3).

use amdmm_litmus::{Diagnostic, Span};
use amdmm_program::{Addr, BarrierOp, DmaKind, HwBarrier, Instr, Operand, Pos, Program, Thread};
use std::collections::{BTreeSet, HashSet};
use std::fmt;

/// Which check found a problem.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum LintKind {
    UnwaitedMark,
    RedundantWait,
    UncoveredAccess,
    OutstandingAtEnd,
    OutstandingAtSync,
    UnmarkedCopy,
}

impl LintKind {
    pub fn name(self) -> &'static str {
        match self {
            LintKind::UnwaitedMark => "unwaited-mark",
            LintKind::RedundantWait => "redundant-wait",
            LintKind::UncoveredAccess => "uncovered-access",
            LintKind::OutstandingAtEnd => "outstanding-at-end",
            LintKind::OutstandingAtSync => "outstanding-at-sync",
            LintKind::UnmarkedCopy => "unmarked-copy",
        }
    }
}

/// One finding: where, what, and a suggested fix.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Lint {
    /// 1-based source line and column.
    pub line: u32,
    pub col: u32,
    pub kind: LintKind,
    pub message: String,
    pub help: String,
}

impl Lint {
    /// The finding as a warning diagnostic of `src` (the test's text),
    /// underlining the operation, for the one diagnostics renderer.
    pub fn diagnostic(&self, src: &str) -> Diagnostic {
        let start = amdmm_litmus::offset_of(src, self.line as usize, self.col as usize);
        let (_, end) = amdmm_litmus::span::line_range(src, start);
        let text = &src[start..end];
        // The operation: up to a `;` or a comment, blanks trimmed.
        let len = text.find([';', '#']).unwrap_or(text.len());
        let len = text[..len].trim_end().len().max(1);
        Diagnostic::new(self.message.clone(), Span::new(start, start + len))
            .with_hint(self.help.clone())
            .warning(self.kind.name())
    }
}

impl fmt::Display for Lint {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

/// Every finding of every thread, sorted by position, without repetition
/// (a function inlined several times is reported once).
pub fn lint(program: &Program) -> Vec<Lint> {
    let mut out: BTreeSet<Lint> = BTreeSet::new();
    for t in &program.threads {
        let cfg = Cfg::new(t);
        unwaited_marks(&cfg, &mut out);
        redundant_waits_and_end(&cfg, &mut out);
        uncovered_accesses(program, &cfg, &mut out);
        copies_at_sync_and_end(&cfg, &mut out);
    }
    out.into_iter().collect()
}

/// Counts saturate here (more marks than any wait count can matter).
const CAP: u32 = 63;

/// The control flow of one thread's lowered code, with its inlined bodies.
struct Cfg<'t> {
    thread: &'t Thread,
    /// For a `CallEnter` at `pc`: the matching `CallExit`.
    exit_of: Vec<Option<usize>>,
    /// The `CallExit` ending the inlined body `pc` belongs to (`None` at
    /// the thread's top level). A `CallEnter` and its `CallExit` belong to
    /// the calling body.
    body_end: Vec<Option<usize>>,
    /// How many inlined bodies enclose `pc`.
    depth: Vec<usize>,
}

impl<'t> Cfg<'t> {
    fn new(thread: &'t Thread) -> Cfg<'t> {
        let len = thread.code.len();
        let mut exit_of = vec![None; len];
        let mut open: Vec<usize> = Vec::new();
        let mut enclosing = vec![None; len];
        let mut depth = vec![0; len];
        for (pc, i) in thread.code.iter().enumerate() {
            if let Instr::CallExit { .. } = i {
                if let Some(e) = open.pop() {
                    exit_of[e] = Some(pc);
                }
            }
            enclosing[pc] = open.last().copied();
            depth[pc] = open.len();
            if let Instr::CallEnter { .. } = i {
                open.push(pc);
            }
        }
        let body_end = enclosing
            .iter()
            .map(|e: &Option<usize>| e.and_then(|e| exit_of[e]))
            .collect();
        Cfg {
            thread,
            exit_of,
            body_end,
            depth,
        }
    }

    fn code(&self) -> &[Instr] {
        &self.thread.code
    }

    fn pos(&self, pc: usize) -> Pos {
        self.thread.pos.get(pc).copied().unwrap_or_default()
    }

    /// Successors of `pc` in the whole thread.
    fn succ(&self, pc: usize) -> Vec<usize> {
        match self.code()[pc] {
            Instr::Halt => vec![],
            Instr::Jump { target } => vec![target as usize],
            Instr::Branch { then_, else_, .. } => vec![then_ as usize, else_ as usize],
            _ if pc + 1 < self.code().len() => vec![pc + 1],
            _ => vec![],
        }
    }

    /// Successors of `pc` within its own function body: a call is stepped
    /// over (its marks belong to another sequence); the `CallExit` that ends
    /// the body is not part of it.
    fn succ_in_body(&self, pc: usize) -> Vec<usize> {
        let end = self.body_end[pc];
        match self.code()[pc] {
            Instr::CallEnter { .. } => self.exit_of[pc].into_iter().collect(),
            _ => self
                .succ(pc)
                .into_iter()
                .filter(|&p| Some(p) != end)
                .collect(),
        }
    }

    /// Where a body's instructions start: the thread's first instruction and
    /// the first instruction after each `CallEnter`.
    fn bodies(&self) -> Vec<usize> {
        let mut v = vec![0];
        for (pc, i) in self.code().iter().enumerate() {
            if matches!(i, Instr::CallEnter { .. }) && self.exit_of[pc] != Some(pc + 1) {
                v.push(pc + 1);
            }
        }
        v
    }
}

/// `unwaited-mark`: async-operations.txt, "Optimization": "The implementation
/// may eliminate async mark/wait intrinsics in the following cases: 1. An
/// `asyncmark` operation which is not included in the wait count of a later
/// wait operation in the current function. In particular, an `asyncmark`
/// which is not post-dominated by any `wait.asyncmark`."
///
/// A mark M is counted by a `wait.asyncmark(N)` when at least N marks of the
/// same body follow M there (it is then not among the N outstanding ones).
/// The search follows every path from M within M's body, counting later marks.
fn unwaited_marks(cfg: &Cfg, out: &mut BTreeSet<Lint>) {
    for (m, i) in cfg.code().iter().enumerate() {
        if !matches!(i, Instr::AsyncMark) {
            continue;
        }
        let mut seen: HashSet<(usize, u32)> = HashSet::new();
        let mut work: Vec<(usize, u32)> = cfg.succ_in_body(m).into_iter().map(|p| (p, 0)).collect();
        // Any later wait of the body counts the mark: in its N when fewer
        // than N marks follow it (removing it would let an older mark stay
        // outstanding), or as a mark it completes.
        let mut counted = false;
        while let Some((pc, k)) = work.pop() {
            if !seen.insert((pc, k)) {
                continue;
            }
            let k = match cfg.code()[pc] {
                Instr::AsyncMark => (k + 1).min(CAP),
                Instr::WaitAsyncMark { .. } => {
                    counted = true;
                    break;
                }
                _ => k,
            };
            work.extend(cfg.succ_in_body(pc).into_iter().map(|p| (p, k)));
        }
        if !counted {
            out.insert(Lint {
                line: cfg.pos(m).line,
                col: cfg.pos(m).col,
                kind: LintKind::UnwaitedMark,
                message: "no later wait.asyncmark of its function counts this asyncmark".into(),
                help: "it may be removed (async-operations.txt, Optimization, case 1); if the \
                       data it tracks is used later, add `call void @llvm.amdgcn.wait.asyncmark(i16 0)` \
                       before the use instead (a wait in a caller or callee does not count it)"
                    .into(),
            });
        }
    }
}

/// The possible numbers of outstanding marks of each body's sequence before
/// each instruction (bit `k`: `k` marks, saturating at [`CAP`]).
fn outstanding(cfg: &Cfg) -> Vec<u64> {
    let len = cfg.code().len();
    let mut before = vec![0u64; len];
    for start in cfg.bodies() {
        if start >= len {
            continue;
        }
        before[start] |= 1;
        let mut work = vec![start];
        while let Some(pc) = work.pop() {
            let s = before[pc];
            let after = match cfg.code()[pc] {
                Instr::AsyncMark => (s << 1) | (s & 1 << CAP),
                Instr::WaitAsyncMark { outstanding } => {
                    let n = outstanding.min(CAP);
                    let keep = (1u64 << n << 1).wrapping_sub(1);
                    let above = s & !keep;
                    (s & keep) | if above != 0 { 1 << n } else { 0 }
                }
                _ => s,
            };
            for p in cfg.succ_in_body(pc) {
                if before[p] | after != before[p] {
                    before[p] |= after;
                    work.push(p);
                }
            }
        }
    }
    before
}

fn plural(n: u32, one: &str) -> String {
    if n == 1 {
        format!("1 {one}")
    } else {
        format!("{n} {one}s")
    }
}

/// `redundant-wait` and `outstanding-at-end`.
///
/// async-operations.txt, "Optimization": "2. A `wait.asyncmark` whose wait
/// count is more than the outstanding async marks at that point. In
/// particular, a `wait.asyncmark` that is not dominated by any `asyncmark`."
/// A wait whose count is at least the most marks that can be outstanding
/// before it completes nothing on any path.
///
/// A kernel's marks are completed only by its own waits ("`wait.asyncmark`
/// ... waits until there are at most N outstanding marks in the sequence");
/// marks still outstanding at the end of the kernel track transfers nothing
/// waited for.
fn redundant_waits_and_end(cfg: &Cfg, out: &mut BTreeSet<Lint>) {
    let before = outstanding(cfg);
    for (pc, i) in cfg.code().iter().enumerate() {
        let s = before[pc];
        match *i {
            Instr::WaitAsyncMark { outstanding } if s != 0 => {
                let most = 63 - s.leading_zeros();
                if outstanding >= most {
                    let help = if most == 0 {
                        "remove it: no asyncmark of this function can be outstanding here \
                         (marks of callers and callees are not counted)"
                            .to_string()
                    } else {
                        format!(
                            "remove it, or lower the count below {most} to wait for the \
                             oldest mark (`wait.asyncmark(i16 {})`)",
                            most - 1
                        )
                    };
                    out.insert(Lint {
                        line: cfg.pos(pc).line,
                        col: cfg.pos(pc).col,
                        kind: LintKind::RedundantWait,
                        message: if most == 0 {
                            format!(
                                "wait.asyncmark({outstanding}) waits for nothing: no asyncmark \
                                 of this function can be outstanding here"
                            )
                        } else {
                            format!(
                                "wait.asyncmark({outstanding}) waits for nothing: at most {} of \
                                 this function can be outstanding here",
                                plural(most, "mark")
                            )
                        },
                        help,
                    });
                }
            }
            Instr::Halt if cfg.depth[pc] == 0 && s > 1 => {
                let most = 63 - s.leading_zeros();
                out.insert(Lint {
                    line: cfg.pos(pc).line,
                    col: cfg.pos(pc).col,
                    kind: LintKind::OutstandingAtEnd,
                    message: format!(
                        "thread {} can end with {} outstanding",
                        cfg.thread.name,
                        plural(most, "asyncmark")
                    ),
                    help: "add `call void @llvm.amdgcn.wait.asyncmark(i16 0)` before the end, \
                           or remove the marks no wait counts"
                        .into(),
                });
            }
            _ => {}
        }
    }
}

/// How an access conflicts with a copy in flight.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Conflict {
    ReadDestination,
    WriteDestination,
    WriteSource,
}

/// The memory accesses of an instruction: (address, writes it).
fn accesses(i: &Instr) -> Vec<(Addr, bool)> {
    match *i {
        Instr::Load { addr, .. } => vec![(addr, false)],
        Instr::Store { addr, .. } | Instr::Rmw { addr, .. } | Instr::CmpXchg { addr, .. } => {
            vec![(addr, true)]
        }
        Instr::Dma { src, dst, .. } => vec![(src, false), (dst, true)],
        _ => vec![],
    }
}

/// Do two addresses certainly name the same location?
fn same_location(program: &Program, a: Addr, b: Addr) -> bool {
    if a.symbol != b.symbol {
        return false;
    }
    let scalar = program
        .symbols
        .get(a.symbol as usize)
        .is_some_and(|s| s.len == 1);
    match (a.index, b.index) {
        (Operand::Const(x), Operand::Const(y)) => x == y,
        _ => scalar,
    }
}

fn addr_text(program: &Program, a: Addr) -> String {
    let name = program
        .symbols
        .get(a.symbol as usize)
        .map_or("?", |s| s.name.as_str());
    match (program.symbols.get(a.symbol as usize), a.index) {
        (Some(s), Operand::Const(i)) if s.is_array => format!("@{name}[{i}]"),
        (Some(s), Operand::Reg(_)) if s.is_array => format!("@{name}[..]"),
        _ => format!("@{name}"),
    }
}

fn access_word(i: &Instr) -> &'static str {
    match i {
        Instr::Load { .. } => "load",
        Instr::Store { .. } => "store",
        Instr::Rmw { .. } => "atomicrmw",
        Instr::CmpXchg { .. } => "cmpxchg",
        Instr::Dma { .. } => "copy",
        _ => "access",
    }
}

/// Per active body (outermost first): `None` before its first mark after
/// the copy, else the number of its marks since then (saturating).
type Frames = Vec<Option<u32>>;

/// `uncovered-access`: async-operations.txt, "Memory Consistency Model": "An
/// asynchronous operation `A` program ordered before an overlapping memory
/// operation `X` happens-before `X` only if `A` is completed before `X`."
/// For each async copy D and each access X that certainly overlaps it (a read
/// or write of D's destination, a write of D's source), is there a path from
/// D to X on which D is not completed?
///
/// D is completed at a `wait.asyncmark(N)` of some body when a mark of that
/// body program-ordered after D has at least N later marks of the body (the
/// mark and every mark before it are then completed, and the mark tracks D).
/// The search state is, per active body, the number of its marks since the
/// first one after D.
fn uncovered_accesses(program: &Program, cfg: &Cfg, out: &mut BTreeSet<Lint>) {
    let code = cfg.code();
    for (d, di) in code.iter().enumerate() {
        let Instr::Dma { kind, src, dst, .. } = *di else {
            continue;
        };
        if kind == DmaKind::Tracked {
            continue;
        }
        // Which instructions conflict with this copy, and how.
        let conflict = |x: &Instr| -> Option<(Conflict, Addr)> {
            for (a, writes) in accesses(x) {
                if same_location(program, a, dst) {
                    return Some(if writes {
                        (Conflict::WriteDestination, a)
                    } else {
                        (Conflict::ReadDestination, a)
                    });
                }
                if writes && same_location(program, a, src) {
                    return Some((Conflict::WriteSource, a));
                }
            }
            None
        };
        let start: Frames = vec![None; cfg.depth[d] + 1];
        let mut seen: HashSet<(usize, Frames)> = HashSet::new();
        let mut work: Vec<(usize, Frames)> = cfg
            .succ(d)
            .into_iter()
            .map(|p| (p, start.clone()))
            .collect();
        // Per conflicting instruction: the smallest count that would have
        // completed D on every path found so far (None: some path has no
        // mark after D in the accessing body).
        let mut found: Vec<(usize, Option<u32>)> = Vec::new();
        // (A path that comes back to D itself starts a second copy into the
        // destination while the first is outstanding: reported too.)
        while let Some((pc, mut frames)) = work.pop() {
            if !seen.insert((pc, frames.clone())) {
                continue;
            }
            let ins = &code[pc];
            if conflict(ins).is_some() {
                let suggest = frames.last().copied().flatten().map(|k| k - 1);
                match found.iter_mut().find(|(x, _)| *x == pc) {
                    Some((_, s)) => {
                        *s = match (*s, suggest) {
                            (Some(a), Some(b)) => Some(a.min(b)),
                            _ => None,
                        }
                    }
                    None => found.push((pc, suggest)),
                }
                // Later accesses on this path are reported on their own.
            }
            match *ins {
                Instr::AsyncMark => {
                    if let Some(f) = frames.last_mut() {
                        *f = Some(f.map_or(1, |k| (k + 1).min(CAP)));
                    }
                }
                Instr::WaitAsyncMark { outstanding } => {
                    if matches!(frames.last(), Some(Some(k)) if *k > outstanding) {
                        continue; // D is completed on this path.
                    }
                }
                Instr::CallEnter { .. } => frames.push(None),
                Instr::CallExit { .. } => {
                    frames.pop();
                }
                _ => {}
            }
            for p in cfg.succ(pc) {
                work.push((p, frames.clone()));
            }
        }
        for (x, suggest) in found {
            let Some((how, a)) = conflict(&code[x]) else {
                continue;
            };
            let p = cfg.pos(d);
            let what = access_word(&code[x]);
            let place = addr_text(program, a);
            let message = match how {
                Conflict::ReadDestination => format!(
                    "this {what} of {place} may read the destination of the async copy at {}:{} \
                     before the copy completes",
                    p.line, p.col
                ),
                Conflict::WriteDestination => format!(
                    "this {what} of {place} may write the destination of the async copy at {}:{} \
                     while the copy is outstanding",
                    p.line, p.col
                ),
                Conflict::WriteSource => format!(
                    "this {what} of {place} may write the source of the async copy at {}:{} \
                     while the copy is outstanding",
                    p.line, p.col
                ),
            };
            let help = match suggest {
                Some(n) => format!(
                    "wait for the copy's mark first: `call void @llvm.amdgcn.wait.asyncmark(i16 {n})` \
                     before this {what}"
                ),
                None => format!(
                    "add `call void @llvm.amdgcn.asyncmark()` after the copy (in this function) and \
                     `call void @llvm.amdgcn.wait.asyncmark(i16 0)` before this {what}"
                ),
            };
            out.insert(Lint {
                line: cfg.pos(x).line,
                col: cfg.pos(x).col,
                kind: LintKind::UncoveredAccess,
                message,
                help,
            });
        }
    }
}

/// Does instruction `i` let another wave synchronize with what came
/// before it: a release (or stronger) fence, or a barrier signal (arrive)?
fn publishes(i: &Instr) -> Option<&'static str> {
    match i {
        Instr::Fence { attrs } if attrs.ordering.is_release() => Some("release fence"),
        Instr::Hw(
            HwBarrier::Barrier
            | HwBarrier::Signal(_)
            | HwBarrier::SignalIsFirst(_)
            | HwBarrier::SignalVar(..)
            | HwBarrier::SignalIsFirstTo { .. },
        ) => Some("barrier signal"),
        Instr::Barrier(BarrierOp::Arrive { .. }) => Some("barrier arrive"),
        _ => None,
    }
}

/// `outstanding-at-sync` and `unmarked-copy`, from each copy along every
/// path of its function (as [`uncovered_accesses`] walks them).
///
/// async-operations.txt, "Memory Consistency Model": "An asynchronous
/// operation `A` program ordered before an overlapping memory operation `X`
/// happens-before `X` only if `A` is completed before `X`." Another wave's
/// access is ordered after the copy only through a release this wave
/// performs; a release (fence or barrier signal) issued while the copy is
/// outstanding publishes nothing about it, so the other wave may read the
/// destination, or overwrite the source, before the copy completes. A copy
/// is completed only by a wait counting a mark after it ("waits until there
/// are at most N outstanding marks"), so a copy that reaches the end of the
/// kernel with no mark after it (in the kernel's sequence; a caller's mark
/// after the call tracks a callee's copy) was never waited for.
fn copies_at_sync_and_end(cfg: &Cfg, out: &mut BTreeSet<Lint>) {
    let code = cfg.code();
    for (d, di) in code.iter().enumerate() {
        let Instr::Dma { kind, part, .. } = *di else {
            continue;
        };
        // The elements of a wide copy share its marks: one report, at the first.
        if kind == DmaKind::Tracked || part > 0 {
            continue;
        }
        let start: Frames = vec![None; cfg.depth[d] + 1];
        let mut seen: HashSet<(usize, Frames)> = HashSet::new();
        let mut work: Vec<(usize, Frames)> = cfg
            .succ(d)
            .into_iter()
            .map(|p| (p, start.clone()))
            .collect();
        let mut syncs: BTreeSet<usize> = BTreeSet::new();
        let mut unmarked_end: Option<usize> = None;
        while let Some((pc, mut frames)) = work.pop() {
            if !seen.insert((pc, frames.clone())) {
                continue;
            }
            let ins = &code[pc];
            if publishes(ins).is_some() {
                syncs.insert(pc);
            }
            match *ins {
                Instr::AsyncMark => {
                    if let Some(f) = frames.last_mut() {
                        *f = Some(f.map_or(1, |k| (k + 1).min(CAP)));
                    }
                }
                Instr::WaitAsyncMark { outstanding } => {
                    if matches!(frames.last(), Some(Some(k)) if *k > outstanding) {
                        continue; // Completed on this path.
                    }
                }
                Instr::CallEnter { .. } => frames.push(None),
                Instr::CallExit { .. } => {
                    // A caller's mark after the call tracks the copy too.
                    frames.pop();
                }
                // The kernel ends with no mark after the copy in its
                // sequence.
                Instr::Halt if frames.len() == 1 && frames[0].is_none() => {
                    unmarked_end.get_or_insert(pc);
                }
                _ => {}
            }
            for p in cfg.succ(pc) {
                work.push((p, frames.clone()));
            }
        }
        let p = cfg.pos(d);
        for x in syncs {
            let what = publishes(&code[x]).unwrap_or("release");
            out.insert(Lint {
                line: cfg.pos(x).line,
                col: cfg.pos(x).col,
                kind: LintKind::OutstandingAtSync,
                message: format!(
                    "this {what} may be reached while the async copy at {}:{} is outstanding: \
                     a wave synchronizing with it may read the copy's destination, or overwrite \
                     its source, before the copy completes",
                    p.line, p.col
                ),
                help: "complete the copy first: `call void @llvm.amdgcn.asyncmark()` after the \
                       copy and `call void @llvm.amdgcn.wait.asyncmark(i16 0)` before this"
                    .into(),
            });
        }
        if unmarked_end.is_some() {
            out.insert(Lint {
                line: p.line,
                col: p.col,
                kind: LintKind::UnmarkedCopy,
                message: "this async copy can reach the end of the kernel with no asyncmark \
                          after it: no wait can complete it"
                    .into(),
                help: "add `call void @llvm.amdgcn.asyncmark()` after the copy, and a \
                       `wait.asyncmark` before its data is used"
                    .into(),
            });
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const D: &str = "call void @llvm.amdgcn.global.load.async.lds";
    const M: &str = "call void @llvm.amdgcn.asyncmark()";

    fn wait(n: u32) -> String {
        format!("call void @llvm.amdgcn.wait.asyncmark(i16 {n})")
    }

    fn copy(k: usize) -> String {
        format!("{D}(ptr @g[{k}], ptr @t[{k}], i32 4, i32 0, i32 0)")
    }

    /// A test with `g[4]`, `t[4]`, the given functions and one thread body.
    fn src(functions: &str, body: &[String]) -> String {
        format!(
            "AMDGPU T\n{{\n  global g[4] = 1;\n  lds t[4] = 0;\n}}\n{functions}\nthread P0 @ wg 0 {{\n{}\n}}\nexists (true)\n",
            body.iter()
                .map(|l| format!("  {l}\n"))
                .collect::<String>()
        )
    }

    fn run(functions: &str, body: &[String]) -> Vec<(LintKind, u32)> {
        let p = amdmm_program::load(&src(functions, body)).expect("the test lowers");
        lint(&p).into_iter().map(|l| (l.kind, l.line)).collect()
    }

    fn s(x: &str) -> String {
        x.to_string()
    }

    /// Lines: the thread body starts on line 8 (no functions).
    const L: u32 = 8;

    #[test]
    fn clean_copy_wait_read() {
        let body = [copy(0), s(M), wait(0), s("%r = load i32, ptr @t[0]")];
        assert_eq!(run("", &body), vec![]);
    }

    #[test]
    fn software_pipeline_is_clean() {
        let body = [
            copy(0),
            s(M),
            copy(1),
            s(M),
            copy(2),
            s(M),
            wait(2),
            s("%a = load i32, ptr @t[0]"),
            copy(3),
            s(M),
            wait(2),
            s("%b = load i32, ptr @t[1]"),
            wait(1),
            s("%c = load i32, ptr @t[2]"),
            wait(0),
            s("%d = load i32, ptr @t[3]"),
        ];
        assert_eq!(run("", &body), vec![]);
    }

    #[test]
    fn read_too_early() {
        let body = [copy(0), s(M), s("%r = load i32, ptr @t[0]"), wait(0)];
        assert_eq!(run("", &body), vec![(LintKind::UncoveredAccess, L + 2)]);
    }

    #[test]
    fn write_destination_and_source() {
        let body = [
            copy(0),
            s(M),
            s("store i32 5, ptr @t[0]"),
            s("store i32 5, ptr @g[0]"),
            s("store i32 5, ptr @g[1]"),
            wait(0),
        ];
        assert_eq!(
            run("", &body),
            vec![
                (LintKind::UncoveredAccess, L + 2),
                (LintKind::UncoveredAccess, L + 3)
            ]
        );
    }

    #[test]
    fn wait_too_weak_and_outstanding_at_end() {
        let body = [
            copy(0),
            s(M),
            copy(1),
            s(M),
            wait(1),
            s("%a = load i32, ptr @t[0]"),
            s("%b = load i32, ptr @t[1]"),
        ];
        // The second mark is counted in wait(1)'s count (removing it would
        // let the first copy stay outstanding): not an unwaited mark.
        assert_eq!(
            run("", &body),
            vec![
                (LintKind::UncoveredAccess, L + 6),
                (LintKind::OutstandingAtEnd, L + 8),
            ]
        );
    }

    #[test]
    fn only_marks_no_wait_counts_are_unwaited() {
        // No wait after the last mark: removable.
        let body = [copy(0), s(M), wait(0), s(M)];
        assert_eq!(
            run("", &body),
            vec![
                (LintKind::UnwaitedMark, L + 3),
                (LintKind::OutstandingAtEnd, L + 5)
            ]
        );
    }

    #[test]
    fn release_while_a_copy_is_outstanding() {
        let body = [
            copy(0),
            s(M),
            s("fence syncscope(\"workgroup\") release"),
            wait(0),
            s("fence syncscope(\"workgroup\") release"),
            s("call void @llvm.amdgcn.s.barrier()"),
        ];
        assert_eq!(run("", &body), vec![(LintKind::OutstandingAtSync, L + 2)]);
        let body = [
            copy(0),
            s(M),
            s("call void @llvm.amdgcn.s.barrier()"),
            wait(0),
        ];
        assert_eq!(run("", &body), vec![(LintKind::OutstandingAtSync, L + 2)]);
    }

    #[test]
    fn copy_with_no_mark_at_the_end() {
        let body = [s(M), copy(0)];
        let lints = run("", &body);
        assert!(
            lints.contains(&(LintKind::UnmarkedCopy, L + 1)),
            "{lints:?}"
        );
        // A caller's mark after the call tracks a callee's copy.
        let f = format!("define void @f() {{\n  {}\n  ret void\n}}\n", copy(0));
        let body = [s("call void @f()"), s(M), wait(0)];
        assert_eq!(run(&f, &body), vec![]);
    }

    #[test]
    fn redundant_waits() {
        // No mark before the first wait; the second waits for at most 1 of 1.
        let body = [wait(0), copy(0), s(M), wait(1), wait(0)];
        assert_eq!(
            run("", &body),
            vec![
                (LintKind::RedundantWait, L),
                (LintKind::RedundantWait, L + 3)
            ]
        );
    }

    #[test]
    fn callee_sequences_are_separate() {
        // The callee's mark is never counted by its own body; the caller's
        // wait sees an empty sequence.
        let f = format!(
            "define void @f() {{\n  {}\n  {M}\n  ret void\n}}\n",
            copy(0)
        );
        let body = [s("call void @f()"), wait(0), s("%r = load i32, ptr @t[0]")];
        let lints = run(&f, &body);
        assert!(lints.contains(&(LintKind::UnwaitedMark, 8)), "{lints:?}");
        assert!(lints.contains(&(LintKind::RedundantWait, 14)), "{lints:?}");
        assert!(
            lints.contains(&(LintKind::UncoveredAccess, 15)),
            "{lints:?}"
        );
        // A mark after the call tracks the callee's copy.
        let f = format!("define void @f() {{\n  {}\n  ret void\n}}\n", copy(0));
        let body = [
            s("call void @f()"),
            s(M),
            wait(0),
            s("%r = load i32, ptr @t[0]"),
        ];
        assert_eq!(run(&f, &body), vec![]);
    }

    #[test]
    fn loop_copy_into_same_slot_each_iteration() {
        let body = [
            s("%i = add i32 0, 0"),
            s("br label %l"),
            s("l:"),
            copy(0),
            s(M),
            s("%i = add i32 %i, 1"),
            s("%c = icmp slt i32 %i, 2"),
            s("br i1 %c, label %l, label %e"),
            s("e:"),
            wait(0),
        ];
        // The second iteration's copy into t[0] while the first is in flight.
        assert_eq!(run("", &body), vec![(LintKind::UncoveredAccess, L + 3)]);
    }

    #[test]
    fn findings_are_warning_diagnostics() {
        let l = Lint {
            line: 3,
            col: 5,
            kind: LintKind::RedundantWait,
            message: "m".into(),
            help: "h".into(),
        };
        let src = "AMDGPU t\n{}\nP0: call void @llvm.amdgcn.wait.asyncmark(i16 1) ; x\n";
        let d = l.diagnostic(src);
        assert_eq!(
            d.render("f.litmus", src),
            "warning[redundant-wait]: m\n --> f.litmus:3:5\n  |\n3 | P0: call void @llvm.amdgcn.wait.asyncmark(i16 1) ; x\n  |     --------------------------------------------\n  |\n  = help: h\n"
        );
    }
}
