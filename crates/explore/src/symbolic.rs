//! Symbolic execution of one thread: its control-flow paths, each with its
//! memory events, the expressions that compute values from the values read,
//! and the guards under which the path is taken.
//!
//! Values are not guessed here: a read yields a symbolic value that is fixed
//! later, once reads-from is chosen. A thread without branches on read values
//! therefore has exactly one path.

use amdmm_graph::{EventKind, LocalSet, Set};
use amdmm_model::async_ops::{AsyncOp, Tracker};
use amdmm_model::attributes::Access;
use amdmm_program::{
    Addr, BinOp, CmpOp, DmaKind, Instr, MemAttrs, Operand, Program, RmwOp, SyncScope, Thread, Ty,
    Value,
};

pub type NodeId = u32;

/// Resolves the value of a thread-local read, given the thread's values so far.
pub type ReadFn<'a> = &'a dyn Fn(u32, &[Option<Value>]) -> Option<Value>;

/// A value expression.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Node {
    Const(i64),
    Undef,
    /// The value read by the thread-local event with this index.
    Read(u32),
    Bin(BinOp, Ty, NodeId, NodeId),
    Cmp(CmpOp, Ty, NodeId, NodeId),
    Select(NodeId, NodeId, NodeId),
    Rmw(RmwOp, Ty, NodeId, NodeId),
    /// The value truncated to the width of an access (`wrap`).
    Wrap(Ty, NodeId),
}

/// A condition the values must meet for the path to be taken.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Guard {
    /// Defined and non-zero.
    True(NodeId),
    /// Defined and zero.
    False(NodeId),
    Undef(NodeId),
    Equals(NodeId, i64),
    /// `undef`, or not in `0..len`.
    OutOfRange(NodeId, u32),
}

/// A memory event of a path, values symbolic.
#[derive(Clone, Debug)]
pub struct PathEvent {
    pub kind: EventKind,
    pub access: Access,
    /// Location id in the program (instance chosen when the graph is built).
    pub loc: u32,
    pub attrs: MemAttrs,
    pub intrinsic_scope: Option<SyncScope>,
    /// For reads: the `Node::Read` of this event.
    pub read_node: Option<NodeId>,
    /// For writes: the value written.
    pub write_node: Option<NodeId>,
    /// Thread-local events (reads) this one depends on.
    pub deps: LocalSet,
    pub instr: u32,
    pub line: u32,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PathEnd {
    Done,
    /// The loop bound cut the path short.
    Cutoff,
    /// Undefined behaviour, with the reason.
    Ub(String),
    /// An `llvm.assume` whose condition is false: the execution is discarded
    /// (litmus-format.md). Kept as a path so that the discarded executions
    /// are counted, never silently lost.
    Assumed,
}

#[derive(Clone, Debug)]
pub struct Path {
    pub events: Vec<PathEvent>,
    pub nodes: Vec<Node>,
    /// Per node: the thread-local reads it depends on.
    pub node_deps: Vec<LocalSet>,
    pub guards: Vec<Guard>,
    /// The barrier instructions reached, in order (`crate::barrier`).
    pub barriers: Vec<crate::barrier::PathBarrier>,
    /// Final register values (`None`: never written on this path).
    pub regs: Vec<Option<NodeId>>,
    pub end: PathEnd,
    /// The async DMA operations of the path, in program order, with their
    /// completion points (async-operations.txt).
    pub asyncs: Vec<AsyncOp>,
}

/// Why a thread cannot be explored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SymbolicError {
    /// An instruction the engine does not implement yet.
    Unsupported(String),
    /// More paths or events than the limits allow.
    TooBig(String),
    /// The deadline (the test's `--timeout`) passed.
    Deadline,
}

const MAX_PATHS: usize = 100_000;
/// The most memory operations one path may hold: an execution holds at most
/// 256 events (`amdmm_graph::MAX_WIDE_EVENTS`), at least one of them an
/// initial write as soon as the path accesses memory.
const MAX_PATH_EVENTS: usize = amdmm_graph::MAX_WIDE_EVENTS - 1;
const MAX_STEPS: u64 = 2_000_000;

/// No dependency.
const NO_DEPS: LocalSet = amdmm_graph::Wide([0; 4]);

#[derive(Clone)]
struct State {
    pc: usize,
    path: Path,
    reg_node: Vec<Option<NodeId>>,
    ctrl: LocalSet,
    /// Back-edges taken, per jumping instruction.
    backedges: Vec<u32>,
    /// Per node: its value when it does not depend on any read (constant
    /// folding keeps guards on constants out of the search).
    consts: Vec<Option<Value>>,
    /// Instructions executed so far on this path.
    steps: u64,
    /// Async mark sequences (async-operations.txt).
    marks: Tracker,
}

impl State {
    fn node(&mut self, n: Node, deps: LocalSet) -> NodeId {
        let c = eval_node(n, |k| self.consts[k as usize], |_| None);
        self.path.nodes.push(n);
        self.path.node_deps.push(deps);
        self.consts.push(c);
        (self.path.nodes.len() - 1) as NodeId
    }

    fn operand(&mut self, op: Operand) -> (NodeId, LocalSet) {
        match op {
            Operand::Const(c) => (self.node(Node::Const(c), NO_DEPS), NO_DEPS),
            Operand::Undef => (self.node(Node::Undef, NO_DEPS), NO_DEPS),
            Operand::Reg(r) => match self.reg_node.get(r as usize).copied().flatten() {
                Some(n) => (n, self.path.node_deps[n as usize]),
                // Lowering rejects reads of unwritten registers; a path that
                // still reaches one reads `undef`.
                None => (self.node(Node::Undef, NO_DEPS), NO_DEPS),
            },
        }
    }

    fn set_reg(&mut self, r: u16, n: NodeId) {
        let r = r as usize;
        if self.reg_node.len() <= r {
            self.reg_node.resize(r + 1, None);
        }
        self.reg_node[r] = Some(n);
    }

    /// The constant value of a node, when it has one without any read.
    fn constant(&self, n: NodeId) -> Option<Value> {
        self.consts.get(n as usize).copied().flatten()
    }
}

/// Enumerates the paths of `thread`, with each loop's back-edges taken at
/// most `loop_bound` times.
pub fn paths(
    program: &Program,
    thread: &Thread,
    loop_bound: u32,
    deadline: Option<web_time::Instant>,
) -> Result<Vec<Path>, SymbolicError> {
    let mut out = Vec::new();
    let mut total_steps = 0u64;
    let start = State {
        pc: 0,
        path: Path {
            events: Vec::new(),
            nodes: Vec::new(),
            node_deps: Vec::new(),
            guards: Vec::new(),
            barriers: Vec::new(),
            regs: Vec::new(),
            end: PathEnd::Done,
            asyncs: Vec::new(),
        },
        reg_node: vec![None; thread.regs.len()],
        ctrl: NO_DEPS,
        backedges: vec![0; thread.code.len()],
        consts: Vec::new(),
        steps: 0,
        marks: Tracker::new(),
    };
    let mut stack = vec![start];
    while let Some(mut st) = stack.pop() {
        loop {
            st.steps += 1;
            total_steps += 1;
            if total_steps % 4096 == 0 && deadline.is_some_and(|d| web_time::Instant::now() > d) {
                return Err(SymbolicError::Deadline);
            }
            if st.steps > MAX_STEPS {
                return Err(SymbolicError::TooBig(format!(
                    "thread {} executes more than {MAX_STEPS} instructions on one path (lower --loop-bound)",
                    thread.name
                )));
            }
            match step(program, thread, loop_bound, &mut st, &mut stack)? {
                Step::Continue => {}
                Step::End(end) => {
                    st.path.end = end;
                    st.path.regs = st.reg_node.clone();
                    out.push(st.path);
                    if out.len() > MAX_PATHS {
                        return Err(SymbolicError::TooBig(format!(
                            "thread {} has more than {MAX_PATHS} paths",
                            thread.name
                        )));
                    }
                    break;
                }
            }
            if st.path.events.len() > MAX_PATH_EVENTS {
                return Err(SymbolicError::TooBig(format!(
                    "thread {} performs more than {MAX_PATH_EVENTS} memory operations on one path",
                    thread.name
                )));
            }
        }
    }
    // Depth-first order reversed the forks; restore source order for
    // deterministic numbering.
    out.reverse();
    Ok(out)
}

enum Step {
    Continue,
    End(PathEnd),
}

/// Forks `st` on the truth of `cond`: the current state continues with
/// `then_pc`, forks for the false and `undef` cases go on `stack`.
fn fork_on(
    st: &mut State,
    stack: &mut Vec<State>,
    cond: NodeId,
    deps: LocalSet,
    on_true: usize,
    on_false: usize,
    undef_is_ub: Option<&str>,
) {
    match st.constant(cond) {
        Some(Value::Int(v)) => {
            st.pc = if v != 0 { on_true } else { on_false };
        }
        Some(Value::Undef) => {
            if let Some(why) = undef_is_ub {
                st.path.end = PathEnd::Ub(why.to_string());
                st.pc = usize::MAX;
            }
        }
        None => {
            if let Some(why) = undef_is_ub {
                let mut u = st.clone();
                u.path.guards.push(Guard::Undef(cond));
                u.path.end = PathEnd::Ub(why.to_string());
                u.pc = usize::MAX;
                stack.push(u);
            }
            let mut f = st.clone();
            f.path.guards.push(Guard::False(cond));
            f.ctrl |= deps;
            f.pc = on_false;
            stack.push(f);
            st.path.guards.push(Guard::True(cond));
            st.ctrl |= deps;
            st.pc = on_true;
        }
    }
}

/// The location `addr` names, forking on an index computed at run time:
/// one path per element and one that ends as undefined behaviour, whose
/// message names the symbol, its length and the access's `line`, as a
/// constant index out of bounds does.
fn resolve_addr(
    program: &Program,
    st: &mut State,
    stack: &mut Vec<State>,
    addr: Addr,
    line: u32,
) -> Result<(u32, LocalSet), String> {
    let sym = &program.symbols[addr.symbol as usize];
    // Element `k` of a byte-level symbol is `bytes` one-byte locations; the
    // access reaches its byte `addr.byte` (0 for a whole location).
    let stride = sym.bytes.unwrap_or(1);
    let cell = |k: u32| sym.first + k * stride + addr.byte;
    let (idx, deps) = st.operand(addr.index);
    match st.constant(idx) {
        Some(Value::Int(i)) if i >= 0 && (i as u64) < sym.len as u64 => {
            Ok((cell(i as u32), NO_DEPS))
        }
        Some(_) => Err(format!(
            "index out of bounds of @{} (length {})",
            sym.name, sym.len
        )),
        None => {
            // Fork on every in-range index, and one undefined path.
            let mut bad = st.clone();
            bad.path.guards.push(Guard::OutOfRange(idx, sym.len));
            bad.path.end = PathEnd::Ub(format!(
                "index out of bounds of @{} (length {}) (line {line})",
                sym.name, sym.len
            ));
            bad.pc = usize::MAX;
            stack.push(bad);
            for k in (1..sym.len).rev() {
                let mut alt = st.clone();
                alt.path.guards.push(Guard::Equals(idx, k as i64));
                alt.ctrl |= deps;
                // The fork re-executes this instruction with the index chosen.
                stack.push(with_index_choice(alt, cell(k)));
            }
            st.path.guards.push(Guard::Equals(idx, 0));
            Ok((cell(0), deps))
        }
    }
}

/// Marks a forked state so that the next `resolve_addr` of the current
/// instruction uses location `loc`.
fn with_index_choice(mut st: State, loc: u32) -> State {
    st.path.events.push(PathEvent {
        kind: EventKind::Fence,
        access: Access::Fence,
        loc,
        attrs: INDEX_CHOICE,
        intrinsic_scope: None,
        read_node: None,
        write_node: None,
        deps: NO_DEPS,
        instr: u32::MAX,
        line: 0,
    });
    st
}

/// A placeholder event recording an index choice (removed before use).
const INDEX_CHOICE: MemAttrs = MemAttrs::PLAIN;

/// Takes a pending index choice left by `with_index_choice`.
fn take_index_choice(st: &mut State) -> Option<u32> {
    match st.path.events.last() {
        Some(e) if e.instr == u32::MAX => {
            let loc = e.loc;
            st.path.events.pop();
            Some(loc)
        }
        _ => None,
    }
}

fn location(
    program: &Program,
    st: &mut State,
    stack: &mut Vec<State>,
    addr: Addr,
    line: u32,
) -> Result<(u32, LocalSet), String> {
    if let Some(loc) = take_index_choice(st) {
        let (_, deps) = st.operand(addr.index);
        return Ok((loc, deps));
    }
    resolve_addr(program, st, stack, addr, line)
}

fn step(
    program: &Program,
    thread: &Thread,
    loop_bound: u32,
    st: &mut State,
    stack: &mut Vec<State>,
) -> Result<Step, SymbolicError> {
    if st.pc == usize::MAX {
        return Ok(Step::End(st.path.end.clone()));
    }
    let Some(instr) = thread.code.get(st.pc) else {
        return Ok(Step::End(PathEnd::Done));
    };
    let pc = st.pc;
    let line = thread.pos.get(pc).map(|p| p.line).unwrap_or(0);
    let mut next = pc + 1;
    macro_rules! ub {
        ($msg:expr) => {{
            return Ok(Step::End(PathEnd::Ub(format!("{} (line {})", $msg, line))));
        }};
    }
    match instr {
        Instr::Load {
            dst,
            addr,
            attrs,
            visible,
            ..
        } => {
            let (loc, adeps) = match location(program, st, stack, *addr, line) {
                Ok(x) => x,
                Err(m) => ub!(m),
            };
            let ev = st.path.events.len() as u32;
            let n = st.node(Node::Read(ev), LocalSet::bit(ev as usize));
            st.path.events.push(PathEvent {
                kind: EventKind::Read,
                access: Access::Load,
                loc,
                attrs: *attrs,
                intrinsic_scope: *visible,
                read_node: Some(n),
                write_node: None,
                deps: adeps | st.ctrl,
                instr: pc as u32,
                line,
            });
            st.set_reg(*dst, n);
        }
        Instr::Store {
            ty,
            value,
            addr,
            attrs,
            available,
        } => {
            let (loc, adeps) = match location(program, st, stack, *addr, line) {
                Ok(x) => x,
                Err(m) => ub!(m),
            };
            let (v, vdeps) = st.operand(*value);
            let v = st.node(Node::Wrap(*ty, v), vdeps);
            st.path.events.push(PathEvent {
                kind: EventKind::Write,
                access: Access::Store,
                loc,
                attrs: *attrs,
                intrinsic_scope: *available,
                read_node: None,
                write_node: Some(v),
                deps: adeps | vdeps | st.ctrl,
                instr: pc as u32,
                line,
            });
        }
        Instr::Rmw {
            dst,
            ty,
            op,
            addr,
            value,
            attrs,
        } => {
            let (loc, adeps) = match location(program, st, stack, *addr, line) {
                Ok(x) => x,
                Err(m) => ub!(m),
            };
            let (v, vdeps) = st.operand(*value);
            let ev = st.path.events.len() as u32;
            let old = st.node(Node::Read(ev), LocalSet::bit(ev as usize));
            let rmw_event = |s: &State, new: NodeId| PathEvent {
                kind: EventKind::Rmw,
                access: Access::Rmw,
                loc,
                attrs: *attrs,
                intrinsic_scope: None,
                read_node: Some(old),
                write_node: Some(new),
                deps: adeps | vdeps | s.ctrl,
                instr: pc as u32,
                line,
            };
            // `fmax` / `fmin` of operands that compare equal (+0.0 and
            // -0.0) "returns either one of the operands" (LangRef,
            // "'llvm.maxnum.*' Intrinsic"): `float::rmw` returns its first
            // operand then, so a second path runs it with the operands
            // swapped. Elsewhere both paths write the same value.
            if matches!(op, RmwOp::FMax | RmwOp::FMin) {
                let mut alt = st.clone();
                let new = alt.node(
                    Node::Rmw(*op, *ty, v, old),
                    LocalSet::bit(ev as usize) | vdeps,
                );
                let e = rmw_event(&alt, new);
                alt.path.events.push(e);
                alt.set_reg(*dst, old);
                alt.pc = next;
                stack.push(alt);
            }
            let new = st.node(
                Node::Rmw(*op, *ty, old, v),
                LocalSet::bit(ev as usize) | vdeps,
            );
            let e = rmw_event(st, new);
            st.path.events.push(e);
            st.set_reg(*dst, old);
        }
        Instr::CmpXchg {
            weak,
            dst_old,
            dst_ok,
            ty,
            addr,
            expected,
            new,
            attrs,
            failure,
        } => {
            let (loc, adeps) = match location(program, st, stack, *addr, line) {
                Ok(x) => x,
                Err(m) => ub!(m),
            };
            let (e, edeps) = st.operand(*expected);
            let (nv, ndeps) = st.operand(*new);
            let nv = st.node(Node::Wrap(*ty, nv), ndeps);
            let ev = st.path.events.len() as u32;
            let old = st.node(Node::Read(ev), LocalSet::bit(ev as usize));
            let ok = st.node(
                Node::Cmp(CmpOp::Eq, *ty, old, e),
                LocalSet::bit(ev as usize) | edeps,
            );
            let base = PathEvent {
                kind: EventKind::Rmw,
                access: Access::Rmw,
                loc,
                attrs: *attrs,
                intrinsic_scope: None,
                read_node: Some(old),
                write_node: Some(nv),
                deps: adeps | edeps | ndeps | st.ctrl,
                instr: pc as u32,
                line,
            };
            // Failure (including a comparison with `undef`, which we treat as
            // failing: docs/semantics.md, "cmpxchg on undef").
            let failed_event = PathEvent {
                kind: EventKind::Read,
                access: Access::FailedCmpXchg,
                attrs: MemAttrs {
                    ordering: *failure,
                    ..*attrs
                },
                write_node: None,
                ..base.clone()
            };
            let mut failures = vec![
                (Guard::False(ok), Failed::Flag),
                (Guard::Undef(ok), Failed::Undef),
            ];
            if *weak {
                failures.push((Guard::True(ok), Failed::Spurious));
            }
            for (guard, fail_ok) in failures {
                let mut f = st.clone();
                f.path.guards.push(guard);
                f.path.events.push(failed_event.clone());
                f.set_reg(*dst_old, old);
                let flag = match fail_ok {
                    Failed::Flag => ok,
                    Failed::Undef => f.node(Node::Undef, NO_DEPS),
                    Failed::Spurious => f.node(Node::Const(0), NO_DEPS),
                };
                f.set_reg(*dst_ok, flag);
                f.pc = next;
                stack.push(f);
            }
            st.path.guards.push(Guard::True(ok));
            st.path.events.push(base);
            st.set_reg(*dst_old, old);
            st.set_reg(*dst_ok, ok);
        }
        Instr::Fence { attrs } => {
            st.path.events.push(PathEvent {
                kind: EventKind::Fence,
                access: Access::Fence,
                loc: 0,
                attrs: *attrs,
                intrinsic_scope: None,
                read_node: None,
                write_node: None,
                deps: st.ctrl,
                instr: pc as u32,
                line,
            });
        }
        Instr::Move { dst, src } => {
            let (n, _) = st.operand(*src);
            st.set_reg(*dst, n);
        }
        Instr::Bin { dst, ty, op, a, b } => {
            let (x, dx) = st.operand(*a);
            let (y, dy) = st.operand(*b);
            let n = st.node(Node::Bin(*op, *ty, x, y), dx | dy);
            st.set_reg(*dst, n);
        }
        Instr::Cmp { dst, ty, op, a, b } => {
            let (x, dx) = st.operand(*a);
            let (y, dy) = st.operand(*b);
            let n = st.node(Node::Cmp(*op, *ty, x, y), dx | dy);
            st.set_reg(*dst, n);
        }
        Instr::Select { dst, cond, a, b } => {
            let (c, dc) = st.operand(*cond);
            let (x, dx) = st.operand(*a);
            let (y, dy) = st.operand(*b);
            let n = st.node(Node::Select(c, x, y), dc | dx | dy);
            st.set_reg(*dst, n);
        }
        Instr::Jump { target } => {
            next = *target as usize;
            if next <= pc {
                st.backedges[pc] += 1;
                if st.backedges[pc] > loop_bound {
                    return Ok(Step::End(PathEnd::Cutoff));
                }
            }
        }
        Instr::Branch { cond, then_, else_ } => {
            let (c, deps) = st.operand(*cond);
            let msg = format!("branch on undef (line {line})");
            let forks_from = stack.len();
            fork_on(
                st,
                stack,
                c,
                deps,
                *then_ as usize,
                *else_ as usize,
                Some(&msg),
            );
            // Count the back-edge on the continuing state and on the new forks.
            for s in stack[forks_from..]
                .iter_mut()
                .chain(std::iter::once(&mut *st))
            {
                if s.pc != usize::MAX && s.pc <= pc {
                    s.backedges[pc] += 1;
                    if s.backedges[pc] > loop_bound {
                        s.path.end = PathEnd::Cutoff;
                        s.pc = usize::MAX;
                    }
                }
            }
            return Ok(Step::Continue);
        }
        Instr::Assume { cond } => {
            let (c, deps) = st.operand(*cond);
            let msg = format!("llvm.assume on undef (line {line})");
            // The false case is discarded: it becomes a fork that ends at
            // once, explored only to count the executions it discards.
            match st.constant(c) {
                Some(Value::Int(0)) => return Ok(Step::End(PathEnd::Assumed)),
                Some(Value::Int(_)) => {}
                Some(Value::Undef) => ub!("llvm.assume on undef"),
                None => {
                    let mut u = st.clone();
                    u.path.guards.push(Guard::Undef(c));
                    u.path.end = PathEnd::Ub(msg);
                    u.pc = usize::MAX;
                    stack.push(u);
                    let mut f = st.clone();
                    f.path.guards.push(Guard::False(c));
                    f.path.end = PathEnd::Assumed;
                    f.pc = usize::MAX;
                    stack.push(f);
                    st.path.guards.push(Guard::True(c));
                    st.ctrl |= deps;
                }
            }
        }
        Instr::CallEnter { .. } => st.marks.call_enter(),
        Instr::CallExit { .. } => st.marks.call_exit(),
        Instr::Halt => return Ok(Step::End(PathEnd::Done)),
        Instr::Dma { kind, src, dst, .. } => {
            if let Err(m) = dma(program, st, stack, *kind, *src, *dst, pc, line)? {
                ub!(m)
            }
        }
        Instr::AsyncMark => st.marks.mark(),
        Instr::WaitAsyncMark { outstanding } => {
            let at = st.path.events.len() as u32;
            for op in st.marks.wait(*outstanding) {
                st.path.asyncs[op as usize].complete_at = Some(at);
            }
        }
        Instr::Hw(_) | Instr::Barrier(_) => {
            // A path entry per barrier instruction; `isfirst` forks on its result.
            let mut resolve = |op: Operand| {
                let (n, _) = st.operand(op);
                match st.constant(n) {
                    Some(Value::Int(v)) => Some(v),
                    _ => None,
                }
            };
            let mut alts = crate::barrier::calls(instr, &mut resolve)
                .map_err(|e| SymbolicError::Unsupported(format!("{e} (line {line})")))?;
            while let Some((call, set)) = alts.pop() {
                let mut s = st.clone();
                s.path.barriers.push(crate::barrier::PathBarrier {
                    call,
                    instr: pc as u32,
                    line,
                    events_before: s.path.events.len(),
                    guards_before: s.path.guards.len(),
                });
                if let Some((reg, v)) = set {
                    let n = s.node(Node::Const(v), NO_DEPS);
                    s.set_reg(reg, n);
                }
                if alts.is_empty() {
                    *st = s;
                } else {
                    s.pc = next;
                    stack.push(s);
                }
            }
        }
    }
    st.pc = next;
    Ok(Step::Continue)
}

/// A non-atomic access of an LDS DMA copy.
const DMA_ATTRS: MemAttrs = MemAttrs::PLAIN;

/// Is the element index of `addr` known without any read?
fn index_known(st: &State, addr: Addr) -> bool {
    match addr.index {
        Operand::Reg(r) => match st.reg_node.get(r as usize).copied().flatten() {
            Some(n) => st.constant(n).is_some(),
            None => true,
        },
        Operand::Const(_) | Operand::Undef => true,
    }
}

/// An LDS DMA copy: a non-atomic read of the source, then a non-atomic
/// write of the destination with the value read; the `.async` forms are
/// recorded as async operations, completed by marks and waits.
///
/// async-operations.txt, "Memory Consistency Model": "Each asynchronous
/// operation consists of a non-atomic read on the source and a non-atomic
/// write on the destination."  The compiler-tracked
/// `llvm.amdgcn.global.load.lds` is an ordinary read and write in program
/// order: "These are now augmented with their ".async" version, where the
/// compiler does not automatically track completion" — the plain form's
/// completion is tracked by the compiler (docs/semantics.md, "Asynchronous
/// operations").
#[allow(clippy::too_many_arguments)]
fn dma(
    program: &Program,
    st: &mut State,
    stack: &mut Vec<State>,
    kind: DmaKind,
    src: Addr,
    dst: Addr,
    pc: usize,
    line: u32,
) -> Result<Result<(), String>, SymbolicError> {
    // A fork on a computed index re-executes the instruction with the index
    // chosen; only one of the two addresses can be resolved that way.
    let (src_known, dst_known) = (index_known(st, src), index_known(st, dst));
    if !src_known && !dst_known {
        return Err(SymbolicError::Unsupported(format!(
            "an LDS DMA whose source and destination indices both depend on values read (line {line})"
        )));
    }
    let mut resolve = |st: &mut State, addr: Addr, known: bool| {
        if known {
            resolve_addr(program, st, stack, addr, line)
        } else {
            location(program, st, stack, addr, line)
        }
    };
    let (sloc, sdeps) = match resolve(st, src, src_known) {
        Ok(x) => x,
        Err(m) => return Ok(Err(m)),
    };
    let (dloc, ddeps) = match resolve(st, dst, dst_known) {
        Ok(x) => x,
        Err(m) => return Ok(Err(m)),
    };
    let ev = st.path.events.len() as u32;
    let n = st.node(Node::Read(ev), LocalSet::bit(ev as usize));
    let base = PathEvent {
        kind: EventKind::Read,
        access: Access::Load,
        loc: sloc,
        attrs: DMA_ATTRS,
        intrinsic_scope: None,
        read_node: Some(n),
        write_node: None,
        deps: sdeps | st.ctrl,
        instr: pc as u32,
        line,
    };
    let write = PathEvent {
        kind: EventKind::Write,
        access: Access::Store,
        loc: dloc,
        read_node: None,
        write_node: Some(n),
        deps: ddeps | LocalSet::bit(ev as usize) | st.ctrl,
        ..base.clone()
    };
    st.path.events.push(base);
    st.path.events.push(write);
    if kind != DmaKind::Tracked {
        st.marks.op();
        st.path.asyncs.push(AsyncOp {
            read: ev,
            write: ev + 1,
            complete_at: None,
        });
    }
    Ok(Ok(()))
}

/// How a failing `cmpxchg` path sets its success flag.
#[derive(Clone, Copy)]
enum Failed {
    /// The comparison failed: the flag is the (false) comparison.
    Flag,
    /// The comparison involved `undef`: the flag is `undef`.
    Undef,
    /// A weak cmpxchg whose comparison matched fails anyway. LangRef,
    /// "'cmpxchg' Instruction": "If the cmpxchg operation is marked as weak
    /// then a spurious failure is permitted: the operation may not write
    /// <new> even if the comparison matched." The flag is false and the
    /// access is a read with the failure ordering, like any failure.
    Spurious,
}

/// The value a store of type `ty` writes: truncated to the access width
/// (LangRef, "'store' Instruction": "the number of bytes written does not
/// exceed the minimum number of bytes needed to hold all bits of the
/// type"; `wrap` keeps the checker's sign-extended form, so an
/// `i8` store of 300 writes 44 and of 200 writes -56; docs/semantics.md,
/// "Integer widths").
pub fn stored(ty: Ty, v: Value) -> Value {
    match v {
        Value::Int(x) => Value::Int(wrap(ty, x)),
        Value::Undef => Value::Undef,
    }
}

/// Wraps a value to the width of `ty` (two's complement, sign-extended).
pub fn wrap(ty: Ty, v: i64) -> i64 {
    ty.wrap(v)
}

fn width(ty: Ty) -> u32 {
    match ty {
        Ty::I1 => 1,
        Ty::I8 => 8,
        Ty::I16 | Ty::Half => 16,
        Ty::I32 | Ty::Float => 32,
        Ty::I64 | Ty::I128 | Ty::V4I32 | Ty::Double => 64,
    }
}

fn unsigned(ty: Ty, v: i64) -> u64 {
    let w = width(ty);
    if w == 64 {
        v as u64
    } else {
        (v as u64) & ((1u64 << w) - 1)
    }
}

/// `undef` propagates through arithmetic (docs/semantics.md, "undef").
pub fn bin(op: BinOp, ty: Ty, a: Value, b: Value) -> Value {
    let (Value::Int(x), Value::Int(y)) = (a, b) else {
        return Value::Undef;
    };
    let w = width(ty);
    let r = match op {
        BinOp::FAdd | BinOp::FSub | BinOp::FMul | BinOp::FDiv | BinOp::FRem => {
            return amdmm_program::float::bin(op, ty, x, y).map_or(Value::Undef, Value::Int)
        }
        BinOp::FMath(op) => {
            return amdmm_program::float::math(op, ty, x, y).map_or(Value::Undef, Value::Int)
        }
        BinOp::Conv { op, from } => {
            // A conversion that does not fit is poison: `undef` here.
            return amdmm_program::float::convert(op, from, ty, x).map_or(Value::Undef, Value::Int);
        }
        BinOp::Add => x.wrapping_add(y),
        BinOp::Sub => x.wrapping_sub(y),
        BinOp::Mul => x.wrapping_mul(y),
        BinOp::And => x & y,
        BinOp::Or => x | y,
        BinOp::Xor => x ^ y,
        BinOp::Shl | BinOp::LShr | BinOp::AShr => {
            // An over-wide shift amount gives poison in LLVM: `undef` here.
            if y < 0 || y as u64 >= w as u64 {
                return Value::Undef;
            }
            match op {
                BinOp::Shl => x.wrapping_shl(y as u32),
                BinOp::LShr => (unsigned(ty, x) >> y) as i64,
                _ => x >> y,
            }
        }
    };
    Value::Int(wrap(ty, r))
}

pub fn cmp(op: CmpOp, ty: Ty, a: Value, b: Value) -> Value {
    let (Value::Int(x), Value::Int(y)) = (a, b) else {
        return Value::Undef;
    };
    let (ux, uy) = (unsigned(ty, x), unsigned(ty, y));
    let (sx, sy) = (wrap(ty, x), wrap(ty, y));
    let r = match op {
        CmpOp::F(p) => amdmm_program::float::cmp(p, ty, x, y),
        CmpOp::Eq => ux == uy,
        CmpOp::Ne => ux != uy,
        CmpOp::Slt => sx < sy,
        CmpOp::Sle => sx <= sy,
        CmpOp::Sgt => sx > sy,
        CmpOp::Sge => sx >= sy,
        CmpOp::Ult => ux < uy,
        CmpOp::Ule => ux <= uy,
        CmpOp::Ugt => ux > uy,
        CmpOp::Uge => ux >= uy,
    };
    Value::Int(r as i64)
}

/// The value an `atomicrmw` writes. `xchg` writes its operand whatever it read.
pub fn rmw(op: RmwOp, ty: Ty, old: Value, v: Value) -> Value {
    if op == RmwOp::Xchg {
        return v;
    }
    let (Value::Int(x), Value::Int(y)) = (old, v) else {
        return Value::Undef;
    };
    if op.is_float() {
        return Value::Int(amdmm_program::float::rmw(op, ty, x, y));
    }
    let r = match op {
        RmwOp::Xchg => y,
        RmwOp::Add => x.wrapping_add(y),
        RmwOp::Sub => x.wrapping_sub(y),
        RmwOp::And => x & y,
        RmwOp::Or => x | y,
        RmwOp::Xor => x ^ y,
        RmwOp::Max => wrap(ty, x).max(wrap(ty, y)),
        RmwOp::Min => wrap(ty, x).min(wrap(ty, y)),
        RmwOp::UMax => unsigned(ty, x).max(unsigned(ty, y)) as i64,
        RmwOp::UMin => unsigned(ty, x).min(unsigned(ty, y)) as i64,
        RmwOp::Nand => !(x & y),
        // LangRef, "'atomicrmw' Instruction", the operations' definitions:
        // "uinc_wrap: *ptr = (*ptr u>= val) ? 0 : (*ptr + 1)",
        // "udec_wrap: *ptr = ((*ptr == 0) || (*ptr u> val)) ? val : (*ptr - 1)",
        // "usub_cond: *ptr = (*ptr u>= val) ? *ptr - val : *ptr",
        // "usub_sat: *ptr = (*ptr u>= val) ? *ptr - val : 0".
        RmwOp::UIncWrap if unsigned(ty, x) >= unsigned(ty, y) => 0,
        RmwOp::UIncWrap => x.wrapping_add(1),
        RmwOp::UDecWrap if unsigned(ty, x) == 0 || unsigned(ty, x) > unsigned(ty, y) => y,
        RmwOp::UDecWrap => x.wrapping_sub(1),
        RmwOp::USubCond | RmwOp::USubSat if unsigned(ty, x) >= unsigned(ty, y) => x.wrapping_sub(y),
        RmwOp::USubCond => x,
        RmwOp::USubSat => 0,
        RmwOp::FAdd
        | RmwOp::FSub
        | RmwOp::FMax
        | RmwOp::FMin
        | RmwOp::FMaximum
        | RmwOp::FMinimum => unreachable!("computed by float::rmw"),
    };
    Value::Int(wrap(ty, r))
}

/// Evaluates the nodes that can be evaluated: `read(e)` gives the value of
/// thread-local read `e` when known. `vals` is extended and filled in place;
/// returns true when every node has a value.
///
/// `read` also receives the values computed so far for these nodes, so that
/// a read from an earlier write of the same thread can be resolved.
pub fn eval_nodes(nodes: &[Node], vals: &mut Vec<Option<Value>>, read: ReadFn) -> bool {
    if vals.len() < nodes.len() {
        vals.resize(nodes.len(), None);
    }
    let mut all = true;
    for (i, n) in nodes.iter().enumerate() {
        if vals[i].is_some() {
            continue;
        }
        let v = eval_node(*n, |k| vals[k as usize], |e| read(e, vals));
        vals[i] = v;
        all &= v.is_some();
    }
    all
}

/// The value of one node, given its operands' values (`get`) and, for a
/// read, the value read (`read`); `None` while an input is unknown.
fn eval_node(
    n: Node,
    get: impl Fn(NodeId) -> Option<Value>,
    read: impl FnOnce(u32) -> Option<Value>,
) -> Option<Value> {
    match n {
        Node::Const(c) => Some(Value::Int(c)),
        Node::Undef => Some(Value::Undef),
        Node::Read(e) => read(e),
        Node::Bin(op, ty, a, b) => get(a).zip(get(b)).map(|(x, y)| bin(op, ty, x, y)),
        Node::Cmp(op, ty, a, b) => get(a).zip(get(b)).map(|(x, y)| cmp(op, ty, x, y)),
        Node::Select(c, a, b) => match get(c) {
            Some(Value::Undef) => Some(Value::Undef),
            Some(Value::Int(0)) => get(b),
            Some(Value::Int(_)) => get(a),
            None => None,
        },
        Node::Rmw(op, ty, a, b) => get(a).zip(get(b)).map(|(x, y)| rmw(op, ty, x, y)),
        Node::Wrap(ty, a) => get(a).map(|x| stored(ty, x)),
    }
}

/// Does a guard hold for the evaluated values?
pub fn guard_holds(g: Guard, vals: &[Option<Value>]) -> bool {
    let get = |n: NodeId| vals.get(n as usize).copied().flatten();
    match g {
        Guard::True(n) => matches!(get(n), Some(Value::Int(v)) if v != 0),
        Guard::False(n) => get(n) == Some(Value::Int(0)),
        Guard::Undef(n) => get(n) == Some(Value::Undef),
        Guard::Equals(n, k) => get(n) == Some(Value::Int(k)),
        Guard::OutOfRange(n, len) => match get(n) {
            Some(Value::Int(v)) => v < 0 || v as u64 >= len as u64,
            Some(Value::Undef) => true,
            None => false,
        },
    }
}
