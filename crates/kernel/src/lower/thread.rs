//! One work-item's code: the kernel's blocks laid out in reverse
//! post-order, `phi`s as moves on the edges, calls inlined, the ids and
//! launch sizes constants, and every address a symbol and an element index.

use super::symbols::{Param, Symbols};
use super::{prog_ty, Origin};
use crate::debug::DebugInfo;
use crate::error::{KernelError, Result};
use crate::ir::{Atomic, Block, Function, Inst, Module, Op, Type, Value};
use crate::launch::{Launch, WorkItem};
use amdmm_program::{
    Addr, BinOp, CmpOp, HwBarrier, Instr, MemAttrs, Operand, Ordering, Pos, RegId, RmwOp,
    SyncScope, Ty,
};
use std::collections::HashMap;

mod buffer;
mod constant;
mod dma;
mod float;
mod lanes;
mod memops;
pub(crate) use buffer::check_covers;
mod private;
pub(crate) use dma::uses_async_marks;
mod vector;

/// What a translated thread is made of.
pub(crate) struct ThreadCode {
    pub regs: Vec<String>,
    pub code: Vec<Instr>,
    pub pos: Vec<Pos>,
    pub origins: Vec<Origin>,
    pub assert_reg: Option<RegId>,
}

/// Where a pointer points, known when the code is laid out: the object
/// (the same in every execution) and a byte offset (a constant or a
/// register).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Base {
    Sym(u32),
    /// A private `alloca` of this thread, promoted to registers.
    Private(u32),
    /// A constant table (`addrspace(4)` global, `Module::globals[k]`):
    /// loads are its initializer's values.
    Const(u32),
    /// `llvm.amdgcn.implicitarg.ptr()`
    ImplicitArgs,
    /// `llvm.amdgcn.dispatch.ptr()`
    Dispatch,
    Null,
    /// A buffer resource (`ptr addrspace(8)`), `Tx::rsrcs[k]`: used only
    /// by the buffer intrinsics.
    Rsrc(u32),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Ptr {
    base: Base,
    off: Operand,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum V {
    Int(Operand),
    Ptr(Ptr),
    /// The `{ old, success }` pair of a `cmpxchg`.
    Pair(Operand, Operand),
    /// A vector value: its elements, `Tx::vecs[k]`.
    Vec(u32),
}

/// A promoted private variable: one register per (byte offset) slot.
struct Slot {
    /// Its `alloca`'s name, for messages.
    name: String,
    /// The function and `alloca` it comes from: one bounds-check symbol
    /// per `alloca` (`Tx::check_bounds`).
    key: String,
    /// The `alloca`'s size in bytes.
    bytes: u64,
    /// Stored once, in the entry block (clang -O0's copies of parameters
    /// and ids): its loads are the stored value itself.
    once: bool,
    known: HashMap<u64, V>,
    /// Register per byte offset.
    regs: HashMap<u64, RegId>,
    /// A pointer stored at an offset: its base (fixed) and offset register.
    ptrs: HashMap<u64, (Base, RegId)>,
}

struct Tx<'a> {
    m: &'a Module,
    dbg: &'a DebugInfo<'a>,
    wi: &'a WorkItem,
    launch: &'a Launch,
    syms: &'a mut Symbols,
    regs: Vec<String>,
    code: Vec<Instr>,
    pos: Vec<Pos>,
    origins: Vec<Origin>,
    slots: Vec<Slot>,
    assert_reg: Option<RegId>,
    /// Functions being inlined (recursion is refused).
    stack: Vec<String>,
    /// Where the current instruction comes from.
    here: (u32, Option<u32>),
    inline_count: u32,
    /// The elements of every vector value (`V::Vec`).
    vecs: Vec<Vec<Operand>>,
    /// The (register, shadow register) of each element of every vector
    /// `phi` (`PhiRegs::Vec`).
    vec_phis: Vec<Vec<(RegId, RegId)>>,
    /// The buffer resources made so far (`Base::Rsrc`).
    rsrcs: Vec<buffer::Rsrc>,
}

/// One inlined invocation: its values and how its `ret` is taken.
struct Frame<'f> {
    f: &'f Function,
    vals: HashMap<String, V>,
    /// Register prefix of this invocation (`""` for the kernel).
    prefix: String,
    /// Definitions by name, for the static base of pointers not yet laid out.
    defs: HashMap<&'f str, &'f Inst>,
    /// `phi` registers: (block, result name) → register(s).
    phis: HashMap<String, PhiRegs>,
    /// Arguments (inlined call) by parameter index.
    args: Vec<V>,
    /// The `ret` of an inlined call: the result register and the jumps to patch.
    ret_reg: Option<RegId>,
    ret_jumps: Vec<usize>,
    /// Allocas stored exactly once, in the entry block ([`stored_once`]).
    once: std::collections::HashSet<String>,
}

/// The allocas of `f` that only loads and one store in the entry block
/// use (directly or through pointer casts): the value of every load that
/// follows the store is the stored value.
fn stored_once(f: &Function) -> std::collections::HashSet<String> {
    use std::collections::{HashMap as Map, HashSet as Set};
    let mut alias: Map<&str, &str> = Map::new();
    for b in &f.blocks {
        for i in &b.insts {
            match (&i.op, &i.dst) {
                (Op::Alloca { .. }, Some(d)) => {
                    alias.insert(d, d);
                }
                (
                    Op::Cast {
                        op,
                        value: Value::Local(v),
                        ..
                    },
                    Some(d),
                ) if op == "addrspacecast" => {
                    if let Some(&a) = alias.get(v.as_str()) {
                        alias.insert(d, a);
                    }
                }
                _ => {}
            }
        }
    }
    let mut stores: Map<&str, u32> = Map::new();
    let mut bad: Set<&str> = Set::new();
    let of = |v: &Value| match v {
        Value::Local(n) => alias.get(n.as_str()).copied(),
        _ => None,
    };
    for (k, b) in f.blocks.iter().enumerate() {
        for i in &b.insts {
            match &i.op {
                Op::Alloca { .. } => {}
                Op::Cast { op, .. } if op == "addrspacecast" => {}
                Op::Load { ptr, .. } => {
                    let _ = of(ptr);
                }
                Op::Store { ptr, value, .. } => {
                    if let Some(a) = of(value) {
                        bad.insert(a);
                    }
                    if let Some(a) = of(ptr) {
                        *stores.entry(a).or_default() += if k == 0 { 1 } else { 2 };
                    }
                }
                op => {
                    for v in operands(op) {
                        if let Some(a) = of(v) {
                            bad.insert(a);
                        }
                    }
                }
            }
        }
    }
    stores
        .into_iter()
        .filter(|(a, n)| *n == 1 && !bad.contains(a))
        .map(|(a, _)| a.to_string())
        .collect()
}

/// The value operands of an instruction (for the escape check of [`stored_once`]).
fn operands(op: &Op) -> Vec<&Value> {
    match op {
        Op::Load { ptr, .. } => vec![ptr],
        Op::Store { value, ptr, .. } => vec![value, ptr],
        Op::AtomicRmw { ptr, value, .. } => vec![ptr, value],
        Op::CmpXchg {
            ptr, expected, new, ..
        } => vec![ptr, expected, new],
        Op::Bin { a, b, .. } | Op::Icmp { a, b, .. } | Op::Fcmp { a, b, .. } => vec![a, b],
        Op::Unary { a, .. } => vec![a],
        Op::Select { cond, a, b, .. } => vec![cond, a, b],
        Op::Cast { value, .. } | Op::Freeze { value } => vec![value],
        Op::Gep { base, indices, .. } => std::iter::once(base)
            .chain(indices.iter().map(|(_, v)| v))
            .collect(),
        Op::Phi { incoming, .. } => incoming.iter().map(|(v, _)| v).collect(),
        Op::Call { args, .. } => args.iter().map(|(_, v)| v).collect(),
        Op::ExtractValue { agg, .. } => vec![agg],
        Op::ExtractElement { vec, index } => vec![vec, index],
        Op::InsertElement {
            vec, elt, index, ..
        } => vec![vec, elt, index],
        Op::ShuffleVector { a, b, .. } => vec![a, b],
        Op::CondBr { cond, .. } => vec![cond],
        Op::Switch { value, .. } => vec![value],
        Op::Ret { value: Some(v) } => vec![v],
        _ => vec![],
    }
}

#[derive(Clone, Copy)]
enum PhiRegs {
    Int(RegId, RegId),
    /// A pointer phi: its base and (offset register, shadow register).
    Ptr(Base, RegId, RegId),
    /// A vector phi: `Tx::vec_phis[k]`.
    Vec(u32),
}

/// An error about the instruction on `line`; its column is found later
/// from the text ([`KernelError::locate`]).
fn err(line: u32, msg: impl Into<String>) -> KernelError {
    KernelError::new(line, 0, msg)
}

pub(crate) fn translate(
    m: &Module,
    dbg: &DebugInfo,
    kernel: &Function,
    wi: &WorkItem,
    launch: &Launch,
    syms: &mut Symbols,
) -> Result<ThreadCode> {
    let mut tx = Tx {
        m,
        dbg,
        wi,
        launch,
        syms,
        regs: Vec::new(),
        code: Vec::new(),
        pos: Vec::new(),
        origins: Vec::new(),
        slots: Vec::new(),
        assert_reg: None,
        stack: Vec::new(),
        here: (kernel.line, None),
        inline_count: 0,
        vecs: Vec::new(),
        vec_phis: Vec::new(),
        rsrcs: Vec::new(),
    };
    let mut args = Vec::new();
    for (k, p) in kernel.params.iter().enumerate() {
        args.push(match tx.syms.param(k) {
            Some(Param::Buffer(s)) => V::Ptr(Ptr {
                base: Base::Sym(s),
                off: Operand::Const(0),
            }),
            Some(Param::Scalar(v)) => V::Int(Operand::Const(wrap_int(&p.ty, v))),
            None => V::Int(Operand::Undef),
        });
    }
    if can_fail(m) {
        // Written first, so that a thread that never fails shows 0.
        let r = tx.reg("%.assert".into())?;
        tx.assert_reg = Some(r);
        tx.emit(Instr::Move {
            dst: r,
            src: Operand::Const(0),
        });
    }
    tx.function(kernel, args, String::new())?;
    tx.here = (kernel.line, None);
    tx.emit(Instr::Halt);
    Ok(ThreadCode {
        regs: tx.regs,
        code: tx.code,
        pos: tx.pos,
        origins: tx.origins,
        assert_reg: tx.assert_reg,
    })
}

/// Does some function of the module call a failing function (`llvm.trap`,
/// `abort`, `__assert_fail`) or reach `unreachable`?
fn can_fail(m: &Module) -> bool {
    m.functions
        .iter()
        .flat_map(|f| &f.blocks)
        .flat_map(|b| &b.insts)
        .any(|i| match &i.op {
            Op::Unreachable => true,
            Op::Call { callee, .. } => FAILING.contains(&callee.as_str()),
            _ => false,
        })
}

const FAILING: &[&str] = &[
    "llvm.trap",
    "llvm.debugtrap",
    "abort",
    "__assert_fail",
    "__assertfail",
    "__ockl_trap",
];

fn wrap_int(t: &Type, v: i64) -> i64 {
    prog_ty(t).map_or(v, |ty| ty.wrap(v))
}

/// Reverse post-order of the blocks reachable from the entry.
fn rpo(f: &Function) -> Vec<usize> {
    let index: HashMap<&str, usize> = f
        .blocks
        .iter()
        .enumerate()
        .map(|(i, b)| (b.label.as_str(), i))
        .collect();
    let succs = |b: &Block| -> Vec<usize> {
        match b.insts.last().map(|i| &i.op) {
            Some(Op::Br { target }) => vec![target],
            Some(Op::CondBr { then_, else_, .. }) => vec![then_, else_],
            Some(Op::Switch { default, cases, .. }) => {
                let mut v = vec![default];
                v.extend(cases.iter().map(|(_, l)| l));
                v
            }
            _ => vec![],
        }
        .into_iter()
        .filter_map(|l| index.get(l.as_str()).copied())
        .collect()
    };
    let mut seen = vec![false; f.blocks.len()];
    let mut post = Vec::new();
    // Iterative DFS: (block, next successor index).
    let mut stack = vec![(0usize, 0usize)];
    seen[0] = true;
    while let Some(&mut (b, ref mut k)) = stack.last_mut() {
        let s = succs(&f.blocks[b]);
        if *k < s.len() {
            let n = s[*k];
            *k += 1;
            if !seen[n] {
                seen[n] = true;
                stack.push((n, 0));
            }
        } else {
            post.push(b);
            stack.pop();
        }
    }
    post.reverse();
    post
}

fn ordering(s: &str) -> Ordering {
    match s {
        "unordered" => Ordering::Unordered,
        "monotonic" => Ordering::Monotonic,
        "acquire" => Ordering::Acquire,
        "release" => Ordering::Release,
        "acq_rel" => Ordering::AcqRel,
        _ => Ordering::SeqCst,
    }
}

impl<'a> Tx<'a> {
    fn line(&self) -> u32 {
        self.here.0
    }

    fn emit(&mut self, i: Instr) -> usize {
        let source = self.here.1.and_then(|d| self.dbg.location(d));
        let line = source.as_ref().map_or(self.here.0, |s| s.line);
        self.code.push(i);
        self.pos.push(Pos { line, col: 1 });
        self.origins.push(Origin {
            ir_line: self.here.0,
            source,
        });
        self.code.len() - 1
    }

    fn reg(&mut self, name: String) -> Result<RegId> {
        if self.regs.len() >= u16::MAX as usize {
            return Err(
                err(self.line(), "the thread needs more than 65535 registers")
                    .hint("run a smaller launch or a smaller kernel"),
            );
        }
        self.regs.push(name);
        Ok(self.regs.len() as RegId - 1)
    }

    fn temp(&mut self) -> Result<RegId> {
        let n = self.regs.len();
        self.reg(format!("%.t{n}"))
    }

    fn function(&mut self, f: &'a Function, args: Vec<V>, prefix: String) -> Result<Option<RegId>> {
        if self.stack.contains(&f.name) {
            return Err(err(self.line(), format!("recursive call of `@{}`", f.name))
                .hint("amdmm inlines calls; recursion has no bound it could inline to"));
        }
        if f.blocks.is_empty() {
            return Err(err(
                self.line(),
                format!("`@{}` is declared but not defined in the module", f.name),
            ));
        }
        self.stack.push(f.name.clone());
        let mut defs = HashMap::new();
        for b in &f.blocks {
            for i in &b.insts {
                if let Some(d) = &i.dst {
                    defs.insert(d.as_str(), i);
                }
            }
        }
        let ret_reg = if f.ret == Type::Void || prefix.is_empty() {
            None
        } else if prog_ty(&f.ret).is_some() {
            Some(self.reg(format!("{prefix}.ret"))?)
        } else {
            return Err(err(
                f.line,
                format!(
                    "`@{}` returns {}, which amdmm does not inline",
                    f.name,
                    f.ret.text()
                ),
            )
            .hint("amdmm inlines functions that return an integer or nothing"));
        };
        let mut fr = Frame {
            f,
            vals: HashMap::new(),
            prefix,
            defs,
            phis: HashMap::new(),
            args,
            ret_reg,
            ret_jumps: Vec::new(),
            once: stored_once(f),
        };
        for (k, p) in f.params.iter().enumerate() {
            let v = fr.args.get(k).copied().unwrap_or(V::Int(Operand::Undef));
            fr.vals.insert(p.name.clone(), v);
        }
        let order = rpo(f);
        let mut start: HashMap<&str, usize> = HashMap::new();
        // (instruction index, target label) of every jump to patch.
        let mut fixups: Vec<(usize, FixKind, String)> = Vec::new();
        for &b in &order {
            let block = &f.blocks[b];
            start.insert(block.label.as_str(), self.code.len());
            for inst in &block.insts {
                self.here = (inst.line, inst.dbg);
                self.inst(&mut fr, block, inst, &mut fixups)?;
            }
        }
        for (at, kind, label) in fixups {
            let target = *start
                .get(label.as_str())
                .ok_or_else(|| err(self.line(), format!("no block `%{label}`")))?
                as u32;
            let FixKind::Jump = kind;
            if let Instr::Jump { target: t } = &mut self.code[at] {
                *t = target;
            }
        }
        let end = self.code.len() as u32;
        for at in std::mem::take(&mut fr.ret_jumps) {
            if let Instr::Jump { target } = &mut self.code[at] {
                *target = end;
            }
        }
        self.stack.pop();
        Ok(fr.ret_reg)
    }

    // ---- values ----

    fn value(&mut self, fr: &Frame, v: &Value) -> Result<V> {
        Ok(match v {
            Value::Local(n) => *fr.vals.get(n).ok_or_else(|| {
                err(self.line(), format!("`%{n}` is used before it is defined (or is not defined)"))
                    .hint("amdmm lays blocks out in reverse post-order; a value must be defined on every path to its use")
            })?,
            Value::Int(i) => V::Int(Operand::Const(*i as i64)),
            Value::FloatBits(b) => V::Int(Operand::Const(*b)),
            Value::Undef | Value::Poison => V::Int(Operand::Undef),
            Value::Null => V::Ptr(Ptr { base: Base::Null, off: Operand::Const(0) }),
            Value::ZeroInit => V::Int(Operand::Const(0)),
            Value::Global(g) => {
                if self.m.function(g).is_some() {
                    return Err(err(self.line(), format!("a pointer to the function `@{g}` is not supported")));
                }
                if let Some(v) = self.constant_table(g)? {
                    return Ok(v);
                }
                let s = self.syms.global(self.m, self.dbg, g, self.line())?;
                V::Ptr(Ptr { base: Base::Sym(s), off: Operand::Const(0) })
            }
            Value::Expr(e) => match &e.op {
                Op::Gep { source, base, indices } => self.gep(fr, source, base, indices)?,
                Op::Cast { op, from, value, to } => self.cast(fr, e, op, from, value, to)?,
                _ => return Err(err(self.line(), "unsupported constant expression")),
            },
            Value::Meta(_) => return Err(err(self.line(), "a metadata operand is not a value here")),
            Value::Vector(es) => {
                let mut ops = Vec::with_capacity(es.len());
                for e in es {
                    ops.push(self.int(fr, e)?);
                }
                self.new_vec(ops)
            }
        })
    }

    fn int(&mut self, fr: &Frame, v: &Value) -> Result<Operand> {
        match self.value(fr, v)? {
            V::Int(o) => Ok(o),
            V::Ptr(p) => Err(err(self.line(), format!("a pointer ({}) is used as an integer", self.base_text(p.base)))
                .hint("amdmm follows pointers through ptrtoint only into getelementptr-like arithmetic (add of an offset)")),
            V::Pair(..) => Err(err(self.line(), "a cmpxchg result pair is used as an integer").hint("use extractvalue")),
            V::Vec(_) => Err(err(self.line(), "a vector is used as a scalar").hint("amdmm models vectors element by element: extractelement, insertelement, shufflevector, element-wise arithmetic")),
        }
    }

    fn ptr(&mut self, fr: &Frame, v: &Value) -> Result<Ptr> {
        match self.value(fr, v)? {
            V::Ptr(p) => Ok(p),
            V::Int(Operand::Undef) => Err(err(self.line(), "access through an undefined pointer")
                .hint("every pointer parameter is bound to a buffer; other pointers must come from one")),
            V::Int(_) => Err(err(self.line(), "a pointer made from an integer (inttoptr of a value that was never a pointer) is not supported")),
            V::Pair(..) => Err(err(self.line(), "a cmpxchg result pair is used as a pointer")),
            V::Vec(_) => Err(err(self.line(), "a vector of pointers is not supported")),
        }
    }

    fn base_text(&self, b: Base) -> String {
        match b {
            Base::Sym(s) => format!("into `{}`", self.syms.name(s)),
            Base::Private(_) => "to a private variable".into(),
            Base::Const(k) => format!("into the constant `@{}`", self.m.globals[k as usize].name),
            Base::ImplicitArgs => "to the implicit kernel arguments".into(),
            Base::Dispatch => "to the dispatch packet".into(),
            Base::Null => "null".into(),
            Base::Rsrc(_) => "to a buffer resource".into(),
        }
    }

    /// `a op b` of type `ty`, folded when both are constants.
    fn bin(&mut self, op: BinOp, ty: Ty, a: Operand, b: Operand) -> Result<Operand> {
        if let (Operand::Const(x), Operand::Const(y)) = (a, b) {
            if let amdmm_program::Value::Int(r) = fold_bin(op, ty, x, y) {
                return Ok(Operand::Const(r));
            }
            return Ok(Operand::Undef);
        }
        if a == Operand::Undef || b == Operand::Undef {
            return Ok(Operand::Undef);
        }
        let dst = self.temp()?;
        self.emit(Instr::Bin { dst, ty, op, a, b });
        Ok(Operand::Reg(dst))
    }

    fn named(&mut self, fr: &Frame, inst: &Inst) -> Result<RegId> {
        let n = inst.dst.clone().unwrap_or_else(|| "_".into());
        self.reg(format!("{}%{n}", fr.prefix))
    }

    /// The static base of a pointer value not laid out yet (a `phi`'s
    /// incoming value on a back edge): every pointer amdmm follows points
    /// into one object whatever the execution.
    fn static_base(&mut self, fr: &Frame, v: &Value, depth: u32) -> Result<Option<Base>> {
        if depth > 64 {
            return Ok(None);
        }
        match v {
            Value::Local(n) => {
                if let Some(V::Ptr(p)) = fr.vals.get(n) {
                    return Ok(Some(p.base));
                }
                if let Some(PhiRegs::Ptr(b, ..)) = fr.phis.get(n) {
                    return Ok(Some(*b));
                }
                let Some(def) = fr.defs.get(n.as_str()) else {
                    return Ok(None);
                };
                match &def.op {
                    Op::Gep { base, .. } => self.static_base(fr, base, depth + 1),
                    Op::Cast { value, .. } | Op::Freeze { value } => {
                        self.static_base(fr, value, depth + 1)
                    }
                    Op::Select { a, b, .. } => {
                        let x = self.static_base(fr, a, depth + 1)?;
                        Ok(x.or(self.static_base(fr, b, depth + 1)?))
                    }
                    Op::Phi { incoming, .. } => {
                        for (iv, _) in incoming {
                            if let Some(b) = self.static_base(fr, iv, depth + 1)? {
                                return Ok(Some(b));
                            }
                        }
                        Ok(None)
                    }
                    Op::Bin { a, b, .. } => {
                        let x = self.static_base(fr, a, depth + 1)?;
                        Ok(x.or(self.static_base(fr, b, depth + 1)?))
                    }
                    _ => Ok(None),
                }
            }
            Value::Global(_) | Value::Null | Value::Expr(_) => match self.value(fr, v)? {
                V::Ptr(p) => Ok(Some(p.base)),
                _ => Ok(None),
            },
            _ => Ok(None),
        }
    }

    fn phi_regs(&mut self, fr: &mut Frame, inst: &Inst) -> Result<PhiRegs> {
        let name = inst.dst.clone().unwrap_or_default();
        if let Some(r) = fr.phis.get(&name) {
            return Ok(*r);
        }
        let Op::Phi { ty, incoming } = &inst.op else {
            unreachable!()
        };
        let r = if let Type::Vector(n, _) = ty {
            let mut regs = Vec::new();
            for k in 0..*n {
                let a = self.reg(format!("{}%{name}.{k}", fr.prefix))?;
                regs.push((a, self.temp()?));
            }
            self.vec_phis.push(regs);
            PhiRegs::Vec(self.vec_phis.len() as u32 - 1)
        } else if ty.is_ptr() {
            let mut base = None;
            for (v, _) in incoming {
                if let Some(b) = self.static_base(fr, v, 0)? {
                    if base.is_some_and(|x| x != b) {
                        return Err(err(inst.line, format!("the pointer `%{name}` may point into two objects ({} and {})", self.base_text(base.unwrap()), self.base_text(b)))
                            .hint("amdmm needs every pointer to point into one buffer or variable whatever the execution"));
                    }
                    base = Some(b);
                }
            }
            let base = base
                .ok_or_else(|| err(inst.line, format!("cannot tell what `%{name}` points into")))?;
            let a = self.reg(format!("{}%{name}", fr.prefix))?;
            let s = self.temp()?;
            PhiRegs::Ptr(base, a, s)
        } else {
            let a = self.reg(format!("{}%{name}", fr.prefix))?;
            let s = self.temp()?;
            PhiRegs::Int(a, s)
        };
        fr.phis.insert(name, r);
        Ok(r)
    }

    /// The moves of the edge `from → to`: every `phi` of `to` gets its value
    /// for `from` (through shadow registers, so that the phis read their
    /// values at once).
    fn edge_moves(&mut self, fr: &mut Frame, from: &str, to: &str) -> Result<()> {
        let f = fr.f;
        let Some(block) = f.blocks.iter().find(|b| b.label == to) else {
            return Err(err(
                self.line(),
                format!("branch to an unknown block `%{to}`"),
            ));
        };
        let phis: Vec<&Inst> = block
            .insts
            .iter()
            .filter(|i| matches!(i.op, Op::Phi { .. }))
            .collect();
        let mut finals = Vec::new();
        for inst in phis {
            let Op::Phi { incoming, .. } = &inst.op else {
                unreachable!()
            };
            let Some((v, _)) = incoming.iter().find(|(_, b)| b == from) else {
                return Err(err(
                    inst.line,
                    format!(
                        "the phi `%{}` has no value for the edge from `%{from}`",
                        inst.dst.clone().unwrap_or_default()
                    ),
                ));
            };
            let regs = self.phi_regs(fr, inst)?;
            let saved = self.here;
            self.here = (inst.line, inst.dbg);
            match regs {
                PhiRegs::Int(r, s) => {
                    let src = self.int(fr, v)?;
                    self.emit(Instr::Move { dst: s, src });
                    finals.push((r, s));
                }
                PhiRegs::Vec(k) => {
                    let regs = self.vec_phis[k as usize].clone();
                    let ops = self.vec_of(fr, v, regs.len())?;
                    for ((r, s), src) in regs.into_iter().zip(ops) {
                        self.emit(Instr::Move { dst: s, src });
                        finals.push((r, s));
                    }
                }
                PhiRegs::Ptr(base, r, s) => {
                    let p = match self.value(fr, v)? {
                        V::Ptr(p) => p,
                        V::Int(Operand::Undef) => Ptr {
                            base,
                            off: Operand::Undef,
                        },
                        _ => return Err(err(inst.line, "a phi of pointers gets an integer")),
                    };
                    if p.base != base && p.base != Base::Null {
                        return Err(err(inst.line, format!("the pointer `%{}` may point into two objects ({} and {})", inst.dst.clone().unwrap_or_default(), self.base_text(base), self.base_text(p.base)))
                            .hint("amdmm needs every pointer to point into one buffer or variable whatever the execution"));
                    }
                    self.emit(Instr::Move { dst: s, src: p.off });
                    finals.push((r, s));
                }
            }
            self.here = saved;
        }
        for (r, s) in finals {
            self.emit(Instr::Move {
                dst: r,
                src: Operand::Reg(s),
            });
        }
        Ok(())
    }

    /// Jumps to `to` from block `from`, with the edge's moves.
    fn goto(
        &mut self,
        fr: &mut Frame,
        from: &str,
        to: &str,
        fixups: &mut Vec<(usize, FixKind, String)>,
    ) -> Result<()> {
        self.edge_moves(fr, from, to)?;
        let at = self.emit(Instr::Jump { target: 0 });
        fixups.push((at, FixKind::Jump, to.to_string()));
        Ok(())
    }

    fn inst(
        &mut self,
        fr: &mut Frame<'a>,
        block: &Block,
        inst: &Inst,
        fixups: &mut Vec<(usize, FixKind, String)>,
    ) -> Result<()> {
        if inst.mmra {
            return Err(err(inst.line, "`!mmra` metadata on a kernel instruction is not supported")
                .hint("amdmm models the address-space fences of MMRA in litmus tests; remove the attachment or write the test as a litmus test"));
        }
        match &inst.op {
            Op::Phi { .. } => {
                let regs = self.phi_regs(fr, inst)?;
                let v = match regs {
                    PhiRegs::Int(r, _) => V::Int(Operand::Reg(r)),
                    PhiRegs::Ptr(b, r, _) => V::Ptr(Ptr {
                        base: b,
                        off: Operand::Reg(r),
                    }),
                    PhiRegs::Vec(k) => {
                        let ops = self.vec_phis[k as usize]
                            .iter()
                            .map(|&(r, _)| Operand::Reg(r))
                            .collect();
                        self.new_vec(ops)
                    }
                };
                fr.vals.insert(inst.dst.clone().unwrap_or_default(), v);
            }
            Op::Br { target } => self.goto(fr, &block.label, target, fixups)?,
            Op::CondBr { cond, then_, else_ } => {
                let c = self.int(fr, cond)?;
                let at = self.emit(Instr::Branch {
                    cond: c,
                    then_: 0,
                    else_: 0,
                });
                // Each edge: its moves and a jump, right after the branch.
                let t_at = self.code.len() as u32;
                self.goto(fr, &block.label, then_, fixups)?;
                let e_at = self.code.len() as u32;
                self.goto(fr, &block.label, else_, fixups)?;
                if let Instr::Branch { then_, else_, .. } = &mut self.code[at] {
                    *then_ = t_at;
                    *else_ = e_at;
                }
            }
            Op::Switch {
                ty,
                value,
                default,
                cases,
            } => {
                let t = prog_ty(ty).ok_or_else(|| err(inst.line, "switch on a non-integer"))?;
                let v = self.int(fr, value)?;
                for (k, label) in cases {
                    let c = self.temp()?;
                    self.emit(Instr::Cmp {
                        dst: c,
                        ty: t,
                        op: CmpOp::Eq,
                        a: v,
                        b: Operand::Const(t.wrap(*k as i64)),
                    });
                    let at = self.emit(Instr::Branch {
                        cond: Operand::Reg(c),
                        then_: 0,
                        else_: 0,
                    });
                    let t_at = self.code.len() as u32;
                    self.goto(fr, &block.label, label, fixups)?;
                    let e_at = self.code.len() as u32;
                    if let Instr::Branch { then_, else_, .. } = &mut self.code[at] {
                        *then_ = t_at;
                        *else_ = e_at;
                    }
                }
                self.goto(fr, &block.label, default, fixups)?;
            }
            Op::Ret { value } => {
                if fr.prefix.is_empty() {
                    self.emit(Instr::Halt);
                } else {
                    if let (Some(v), Some(r)) = (value, fr.ret_reg) {
                        let src = self.int(fr, v)?;
                        self.emit(Instr::Move { dst: r, src });
                    }
                    let at = self.emit(Instr::Jump { target: 0 });
                    fr.ret_jumps.push(at);
                }
            }
            Op::Unreachable => {
                // Reaching `unreachable` is undefined behaviour: reported as
                // an assertion failure at its line.
                self.fail()?;
            }
            _ => {
                let v = self.compute(fr, block, inst, fixups)?;
                if let (Some(d), Some(v)) = (&inst.dst, v) {
                    fr.vals.insert(d.clone(), v);
                }
            }
        }
        Ok(())
    }

    /// An assertion failure here: the thread records the line and stops.
    fn fail(&mut self) -> Result<()> {
        let r = self
            .assert_reg
            .ok_or_else(|| err(self.line(), "internal: no assert register"))?;
        let line = self
            .here
            .1
            .and_then(|d| self.dbg.location(d))
            .map_or(self.here.0, |s| s.line);
        self.emit(Instr::Move {
            dst: r,
            src: Operand::Const(i64::from(line.max(1))),
        });
        self.emit(Instr::Halt);
        Ok(())
    }

    /// Instructions that compute a value (or have an effect) without
    /// changing the control flow.
    fn compute(
        &mut self,
        fr: &mut Frame<'a>,
        _block: &Block,
        inst: &Inst,
        _fixups: &mut Vec<(usize, FixKind, String)>,
    ) -> Result<Option<V>> {
        let line = inst.line;
        Ok(Some(match &inst.op {
            Op::Alloca { ty, count } => {
                let once = inst.dst.as_deref().is_some_and(|d| fr.once.contains(d));
                let name = format!("%{}", inst.dst.as_deref().unwrap_or("_"));
                self.slots.push(Slot {
                    key: format!("@{} {name}", fr.f.name),
                    name,
                    bytes: ty.size().saturating_mul(*count),
                    once,
                    known: HashMap::new(),
                    regs: HashMap::new(),
                    ptrs: HashMap::new(),
                });
                V::Ptr(Ptr {
                    base: Base::Private(self.slots.len() as u32 - 1),
                    off: Operand::Const(0),
                })
            }
            Op::Bin { op, ty, a, b } if matches!(ty, Type::Vector(..)) => {
                self.vec_bin(fr, op, ty, a, b)?
            }
            Op::Icmp { pred, ty, a, b } if matches!(ty, Type::Vector(..)) => {
                self.vec_icmp(fr, pred, ty, a, b)?
            }
            Op::Select { cond, ty, a, b } if matches!(ty, Type::Vector(..)) => {
                self.vec_select(fr, cond, ty, a, b)?
            }
            Op::Cast {
                op,
                from,
                value,
                to,
            } if matches!(from, Type::Vector(..)) || matches!(to, Type::Vector(..)) => {
                self.vec_cast(fr, op, from, value, to)?
            }
            Op::ExtractElement { vec, index } => self.extract_element(fr, vec, index)?,
            Op::InsertElement {
                ty,
                vec,
                elt,
                index,
            } => self.insert_element(fr, ty, vec, elt, index)?,
            Op::ShuffleVector { ty, a, b, mask } => self.shuffle(fr, ty, a, b, mask)?,
            Op::Load {
                ty: ty @ Type::Vector(..),
                space,
                ptr,
                atomic,
                volatile,
            } => {
                let p = self.ptr(fr, ptr)?;
                self.vec_load(fr, inst, ty, *space, p, atomic.is_some(), *volatile)?
            }
            Op::Store {
                ty: ty @ Type::Vector(..),
                value,
                space,
                ptr,
                atomic,
                volatile,
            } => {
                let p = self.ptr(fr, ptr)?;
                self.vec_store(fr, inst, ty, value, *space, p, atomic.is_some(), *volatile)?;
                return Ok(None);
            }
            Op::Bin { op, ty, a, b } => {
                // Pointer arithmetic through ptrtoint: an offset added to a pointer.
                let va = self.value(fr, a)?;
                let vb = self.value(fr, b)?;
                if let (V::Ptr(p), V::Int(o)) | (V::Int(o), V::Ptr(p)) = (va, vb) {
                    if op == "add" {
                        let off = self.bin(BinOp::Add, Ty::I64, p.off, o)?;
                        return Ok(Some(V::Ptr(Ptr { base: p.base, off })));
                    }
                    if op == "sub" && matches!(va, V::Ptr(_)) {
                        let off = self.bin(BinOp::Sub, Ty::I64, p.off, o)?;
                        return Ok(Some(V::Ptr(Ptr { base: p.base, off })));
                    }
                    return Err(
                        err(line, format!("`{op}` on a pointer value is not supported")).hint(
                            "amdmm follows pointer arithmetic that adds or subtracts an offset",
                        ),
                    );
                }
                if let (V::Ptr(p), V::Ptr(q)) = (va, vb) {
                    if op == "sub" && p.base == q.base {
                        return Ok(Some(V::Int(self.bin(BinOp::Sub, Ty::I64, p.off, q.off)?)));
                    }
                    return Err(err(
                        line,
                        format!("`{op}` of two pointers is not supported"),
                    ));
                }
                let (V::Int(x), V::Int(y)) = (va, vb) else {
                    return Err(err(line, "a cmpxchg pair or a vector in scalar arithmetic"));
                };
                V::Int(self.scalar_bin(op, ty, x, y)?)
            }
            Op::Unary { op, ty, a } => self.fneg(fr, op, ty, a)?,
            Op::Icmp { pred, ty, a, b } => {
                let Some(cop) = vector::cmp_op(pred) else {
                    return Err(err(line, format!("unknown icmp predicate `{pred}`")));
                };
                let (x, y, t) =
                    if ty.is_ptr() {
                        let (p, q) = (self.value(fr, a)?, self.value(fr, b)?);
                        match (p, q) {
                            (V::Ptr(p), V::Ptr(q)) if p.base == q.base => (p.off, q.off, Ty::I64),
                            (V::Ptr(_), V::Ptr(q)) if q.base == Base::Null => {
                                (Operand::Const(1), Operand::Const(0), Ty::I64)
                            }
                            (V::Ptr(p), V::Ptr(_)) if p.base == Base::Null => {
                                (Operand::Const(0), Operand::Const(1), Ty::I64)
                            }
                            _ => return Err(err(
                                line,
                                "comparison of pointers into different objects is not supported",
                            )),
                        }
                    } else {
                        let t = prog_ty(ty).ok_or_else(|| {
                            err(line, format!("icmp of {} is not supported", ty.text()))
                        })?;
                        (self.int(fr, a)?, self.int(fr, b)?, t)
                    };
                if let (Operand::Const(p), Operand::Const(q)) = (x, y) {
                    V::Int(match fold_cmp(cop, t, p, q) {
                        amdmm_program::Value::Int(r) => Operand::Const(r),
                        _ => Operand::Undef,
                    })
                } else {
                    let dst = self.named(fr, inst)?;
                    self.emit(Instr::Cmp {
                        dst,
                        ty: t,
                        op: cop,
                        a: x,
                        b: y,
                    });
                    V::Int(Operand::Reg(dst))
                }
            }
            Op::Fcmp { pred, ty, a, b } => self.fcmp(fr, pred, ty, a, b)?,
            Op::Select { cond, a, b, .. } => {
                let c = self.int(fr, cond)?;
                let (va, vb) = (self.value(fr, a)?, self.value(fr, b)?);
                match (va, vb) {
                    (V::Int(x), V::Int(y)) => V::Int(self.select(fr, inst, c, x, y)?),
                    (V::Ptr(p), V::Ptr(q)) if p.base == q.base => {
                        let off = self.select(fr, inst, c, p.off, q.off)?;
                        V::Ptr(Ptr { base: p.base, off })
                    }
                    (V::Ptr(p), V::Ptr(q)) => {
                        if let Operand::Const(k) = c {
                            V::Ptr(if k & 1 != 0 { p } else { q })
                        } else {
                            return Err(err(line, format!("the select may point into two objects ({} and {})", self.base_text(p.base), self.base_text(q.base)))
                                .hint("amdmm needs every pointer to point into one buffer or variable whatever the execution"));
                        }
                    }
                    _ => return Err(err(line, "a select of a pointer and an integer")),
                }
            }
            Op::Cast {
                op,
                from,
                value,
                to,
            } => self.cast(fr, inst, op, from, value, to)?,
            Op::Gep {
                source,
                base,
                indices,
            } => self.gep(fr, source, base, indices)?,
            Op::Freeze { value } => self.value(fr, value)?,
            Op::ExtractValue { agg, index } => match self.value(fr, agg)? {
                V::Pair(old, ok) => V::Int(if *index == 0 { old } else { ok }),
                _ => {
                    return Err(err(
                        line,
                        "extractvalue of something other than a cmpxchg result",
                    ))
                }
            },
            Op::Fence(a) => {
                let attrs = self.attrs(line, Some(a), false)?;
                self.emit(Instr::Fence { attrs });
                return Ok(None);
            }
            Op::Load {
                ty,
                space,
                ptr,
                atomic,
                volatile,
            } => {
                return self
                    .load(fr, inst, ty, *space, ptr, atomic.as_ref(), *volatile)
                    .map(Some)
            }
            Op::Store {
                ty,
                value,
                space,
                ptr,
                atomic,
                volatile,
            } => {
                self.store(fr, inst, ty, value, *space, ptr, atomic.as_ref(), *volatile)?;
                return Ok(None);
            }
            Op::AtomicRmw {
                op,
                space,
                ptr,
                ty,
                value,
                atomic,
                volatile,
            } => {
                let rop = RmwOp::ALL
                    .iter()
                    .copied()
                    .find(|o| o.name() == op)
                    .ok_or_else(|| err(line, format!("atomicrmw `{op}` is not supported")))?;
                let t = prog_ty(ty).ok_or_else(|| {
                    err(line, format!("atomicrmw of {} is not supported", ty.text()))
                })?;
                let p = self.ptr(fr, ptr)?;
                let addr = self.addr(p, *space, t, true)?;
                let v = self.int(fr, value)?;
                let attrs = self.attrs(line, Some(atomic), *volatile)?;
                let dst = self.named(fr, inst)?;
                self.emit(Instr::Rmw {
                    dst,
                    ty: t,
                    op: rop,
                    addr,
                    value: v,
                    attrs,
                });
                V::Int(Operand::Reg(dst))
            }
            Op::CmpXchg {
                weak,
                space,
                ptr,
                ty,
                expected,
                new,
                atomic,
                failure,
                volatile,
            } => {
                let t = prog_ty(ty).ok_or_else(|| {
                    err(line, format!("cmpxchg of {} is not supported", ty.text()))
                })?;
                let p = self.ptr(fr, ptr)?;
                let addr = self.addr(p, *space, t, true)?;
                let e = self.int(fr, expected)?;
                let n = self.int(fr, new)?;
                let attrs = self.attrs(line, Some(atomic), *volatile)?;
                let dst_old = self.named(fr, inst)?;
                let dst_ok = self.temp()?;
                self.emit(Instr::CmpXchg {
                    weak: *weak,
                    dst_old,
                    dst_ok,
                    ty: t,
                    addr,
                    expected: e,
                    new: n,
                    attrs,
                    failure: ordering(failure),
                });
                V::Pair(Operand::Reg(dst_old), Operand::Reg(dst_ok))
            }
            Op::Call { ret, callee, args } => return self.call(fr, inst, ret, callee, args),
            Op::Phi { .. }
            | Op::Br { .. }
            | Op::CondBr { .. }
            | Op::Switch { .. }
            | Op::Ret { .. }
            | Op::Unreachable => {
                return Err(err(line, "control flow inside a constant expression"))
            }
        }))
    }

    /// `getelementptr`: the byte offset of the indices, added to the base's.
    fn gep(
        &mut self,
        fr: &Frame,
        source: &Type,
        base: &Value,
        indices: &[(Type, Value)],
    ) -> Result<V> {
        let line = self.line();
        let p = self.ptr(fr, base)?;
        let mut off = p.off;
        let mut ty = source.clone();
        for (k, (_, iv)) in indices.iter().enumerate() {
            let idx = self.int(fr, iv)?;
            let scale = if k == 0 {
                source.size()
            } else {
                match &ty {
                    Type::Array(_, e) | Type::Vector(_, e) => {
                        let s = e.size();
                        ty = (**e).clone();
                        s
                    }
                    Type::Struct(_) => {
                        let Operand::Const(f) = idx else {
                            return Err(err(line, "a struct field index must be a constant"));
                        };
                        let o = ty
                            .field_offset(f as usize)
                            .ok_or_else(|| err(line, "struct field index out of range"))?;
                        let Type::Struct(fs) = &ty else {
                            unreachable!()
                        };
                        ty = fs[f as usize].clone();
                        off = self.bin(BinOp::Add, Ty::I64, off, Operand::Const(o as i64))?;
                        continue;
                    }
                    t => {
                        return Err(err(
                            line,
                            format!("getelementptr into {} is not supported", t.text()),
                        ))
                    }
                }
            };
            let step = self.bin(BinOp::Mul, Ty::I64, idx, Operand::Const(scale as i64))?;
            off = self.bin(BinOp::Add, Ty::I64, off, step)?;
        }
        Ok(V::Ptr(Ptr { base: p.base, off }))
    }

    fn select(
        &mut self,
        fr: &Frame,
        inst: &Inst,
        c: Operand,
        x: Operand,
        y: Operand,
    ) -> Result<Operand> {
        if let Operand::Const(k) = c {
            return Ok(if k & 1 != 0 { x } else { y });
        }
        if x == y {
            return Ok(x);
        }
        let dst = self.named(fr, inst)?;
        self.emit(Instr::Select {
            dst,
            cond: c,
            a: x,
            b: y,
        });
        Ok(Operand::Reg(dst))
    }

    /// `x op y` of the scalar type `ty` (also each lane of a vector operation).
    fn scalar_bin(&mut self, op: &str, ty: &Type, x: Operand, y: Operand) -> Result<Operand> {
        let t = prog_ty(ty).ok_or_else(|| {
            err(
                self.line(),
                format!("arithmetic (`{op}`) on {} is not modelled", ty.text()),
            )
            .hint("amdmm computes on integer and half/float/double values")
        })?;
        if t.is_float() {
            return self.float_bin(op, t, x, y);
        }
        self.arith(op, t, x, y)
    }

    /// Integer arithmetic; division and remainder by a power of two are
    /// shifts and masks, by anything else only between constants.
    fn arith(&mut self, op: &str, t: Ty, x: Operand, y: Operand) -> Result<Operand> {
        let line = self.line();
        let simple = match op {
            "add" => Some(BinOp::Add),
            "sub" => Some(BinOp::Sub),
            "mul" => Some(BinOp::Mul),
            "and" => Some(BinOp::And),
            "or" => Some(BinOp::Or),
            "xor" => Some(BinOp::Xor),
            "shl" => Some(BinOp::Shl),
            "lshr" => Some(BinOp::LShr),
            "ashr" => Some(BinOp::AShr),
            _ => None,
        };
        if let Some(b) = simple {
            return self.bin(b, t, x, y);
        }
        let unsigned = |v: i64| -> u64 {
            if t.bits() >= 64 {
                v as u64
            } else {
                (v as u64) & ((1u64 << t.bits()) - 1)
            }
        };
        match (x, y) {
            (_, Operand::Const(0)) => Ok(Operand::Undef), // division by zero: undefined
            (Operand::Const(a), Operand::Const(b)) => {
                let r = match op {
                    "udiv" => (unsigned(a) / unsigned(b)) as i64,
                    "urem" => (unsigned(a) % unsigned(b)) as i64,
                    "sdiv" => t.wrap(a).wrapping_div(t.wrap(b)),
                    "srem" => t.wrap(a).wrapping_rem(t.wrap(b)),
                    _ => return Err(err(line, format!("`{op}` is not supported"))),
                };
                Ok(Operand::Const(t.wrap(r)))
            }
            (Operand::Undef, _) | (_, Operand::Undef) => Ok(Operand::Undef),
            (_, Operand::Const(b)) if b > 0 && (b as u64).is_power_of_two() && (op == "udiv" || op == "urem") => {
                let k = (b as u64).trailing_zeros() as i64;
                if op == "udiv" {
                    self.bin(BinOp::LShr, t, x, Operand::Const(k))
                } else {
                    self.bin(BinOp::And, t, x, Operand::Const(b - 1))
                }
            }
            _ => Err(err(line, format!("`{op}` of a value computed at run time is not supported"))
                .hint("amdmm divides run-time values only unsigned by a power of two (udiv, urem); make the divisor a power of two or a launch constant")),
        }
    }

    fn cast(
        &mut self,
        fr: &Frame,
        inst: &Inst,
        op: &str,
        from: &Type,
        value: &Value,
        to: &Type,
    ) -> Result<V> {
        let line = inst.line;
        let v = self.value(fr, value)?;
        Ok(match op {
            "addrspacecast" | "bitcast" if from.is_ptr() && to.is_ptr() => v,
            "ptrtoint" | "inttoptr" => v,
            "bitcast" => v,
            "sitofp" | "uitofp" | "fptosi" | "fptoui" | "fpext" | "fptrunc" => {
                let V::Int(x) = v else {
                    return Err(err(line, format!("`{op}` of a pointer or vector")));
                };
                V::Int(self.convert(op, from, x, to)?)
            }
            "zext" | "sext" | "trunc" => {
                let V::Int(x) = v else {
                    return Err(err(line, format!("`{op}` of a pointer")));
                };
                // The same cast a vector applies to each lane.
                V::Int(self.scalar_cast(op, from, x, to)?)
            }
            _ => {
                return Err(err(
                    line,
                    format!(
                        "the cast `{op}` ({} to {}) is not modelled",
                        from.text(),
                        to.text()
                    ),
                )
                .hint(
                    "amdmm models integer casts (zext, sext, trunc), bitcasts and pointer casts",
                ))
            }
        })
    }

    fn attrs(&self, line: u32, atomic: Option<&Atomic>, volatile: bool) -> Result<MemAttrs> {
        let (ordering, scope) = match atomic {
            Some(a) => {
                let s = SyncScope::parse(&a.scope).ok_or_else(|| {
                    err(line, format!("unknown syncscope(\"{}\")", a.scope)).hint(format!(
                        "AMDGPU's sync scopes: {}",
                        SyncScope::SPELLINGS
                            .iter()
                            .map(|s| format!("\"{s}\""))
                            .collect::<Vec<_>>()
                            .join(", ")
                    ))
                })?;
                (ordering(&a.ordering), s)
            }
            None => (Ordering::NotAtomic, SyncScope::SYSTEM),
        };
        Ok(MemAttrs {
            ordering,
            scope,
            volatile,
            av_none: false,
            nontemporal: false,
            fence_spaces: None,
        })
    }

    /// The address of an access of type `t` through `p`: its symbol and
    /// element index (the byte offset over the element size).
    fn addr(&mut self, p: Ptr, space: u32, t: Ty, write: bool) -> Result<Addr> {
        let line = self.line();
        let sym = match p.base {
            Base::Sym(s) => s,
            Base::Null => return Err(err(line, "access through a null pointer")),
            Base::Rsrc(_) => {
                return Err(err(line, format!("a {} through a buffer resource (addrspace({space})) is not modelled", if write { "write" } else { "read" }))
                    .hint("a resource is accessed through the `.ptr.buffer` intrinsics (llvm.amdgcn.raw.ptr.buffer.load, ...); buffer fat pointers (addrspace 7) are not modelled"))
            }
            Base::Const(k) if write => return Err(self.constant_write(k)),
            Base::Const(_) => {
                return Err(err(
                    line,
                    "an atomic access to a constant table is not supported",
                )
                .hint("a constant table is never written: a plain load reads the same value"))
            }
            Base::Private(_) => {
                return Err(err(
                    line,
                    "an atomic access to a private variable is not supported",
                ))
            }
            Base::ImplicitArgs | Base::Dispatch => {
                return Err(err(
                    line,
                    format!(
                        "{} access {} is not supported",
                        if write { "a writing" } else { "this" },
                        self.base_text(p.base)
                    ),
                ))
            }
        };
        let lds = self.syms.is_lds(sym);
        match (space, lds) {
            (3, false) => {
                return Err(err(
                    line,
                    format!(
                        "`{}` is global memory, accessed through an LDS pointer (addrspace(3))",
                        self.syms.name(sym)
                    ),
                ))
            }
            (1, true) => {
                return Err(err(
                    line,
                    format!(
                        "`{}` is LDS, accessed through a global pointer (addrspace(1))",
                        self.syms.name(sym)
                    ),
                ))
            }
            (0 | 1 | 3, _) => {}
            (7, _) => {
                return Err(err(line, "an access through a buffer fat pointer (addrspace(7)) is not modelled")
                    .hint("use a buffer resource (llvm.amdgcn.make.buffer.rsrc, `ptr addrspace(8)`) with the `.ptr.buffer` intrinsics, or a global pointer"))
            }
            (n, _) => {
                return Err(err(
                    line,
                    format!("an access through addrspace({n}) is not modelled"),
                )
                .hint("amdmm models global (1), LDS (3) and generic (0) pointers"))
            }
        }
        let bytes = self.syms.access(sym, t, line)?;
        let index = match p.off {
            // A negative whole-element offset is out of bounds: kept as
            // its index for lower/bounds.rs to refuse where it is reached.
            Operand::Const(o) if o < 0 && o % i64::from(bytes) == 0 => {
                Operand::Const(o / i64::from(bytes))
            }
            Operand::Const(o) => {
                if o < 0 || o % i64::from(bytes) != 0 {
                    return Err(err(line, format!("the access {} at byte offset {o} is not at an element boundary ({bytes}-byte elements)", self.base_text(p.base)))
                        .hint("amdmm models each element as one location; access whole elements"));
                }
                let i = o / i64::from(bytes);
                self.syms.index(sym, u32::try_from(i).ok(), write);
                Operand::Const(i)
            }
            Operand::Undef => Operand::Undef,
            Operand::Reg(_) => {
                self.syms.index(sym, None, write);
                let k = i64::from(bytes.trailing_zeros());
                self.bin(BinOp::AShr, Ty::I64, p.off, Operand::Const(k))?
            }
        };
        Ok(Addr {
            symbol: sym,
            index,
            generic: space == 0,
            byte: 0,
        })
    }

    #[allow(clippy::too_many_arguments)]
    fn load(
        &mut self,
        fr: &Frame,
        inst: &Inst,
        ty: &Type,
        space: u32,
        ptr: &Value,
        atomic: Option<&Atomic>,
        volatile: bool,
    ) -> Result<V> {
        let p = self.ptr(fr, ptr)?;
        self.load_at(fr, inst, ty, space, p, atomic, volatile)
    }

    /// A load of `ty` through the resolved pointer `p` (also the element
    /// loads of `llvm.memcpy` and of vector loads).
    #[allow(clippy::too_many_arguments)]
    fn load_at(
        &mut self,
        fr: &Frame,
        inst: &Inst,
        ty: &Type,
        space: u32,
        p: Ptr,
        atomic: Option<&Atomic>,
        volatile: bool,
    ) -> Result<V> {
        let line = inst.line;
        match p.base {
            Base::Private(slot) => {
                let Operand::Const(off) = p.off else {
                    return self.private_load_at(slot, p.off, ty);
                };
                self.private_in_bounds(slot, off, ty)?;
                if let Some(v) = self.slots[slot as usize].known.get(&(off as u64)) {
                    return Ok(*v);
                }
                if ty.is_ptr() {
                    let Some(&(base, r)) = self.slots[slot as usize].ptrs.get(&(off as u64)) else {
                        return Err(err(line, "a pointer is loaded from a private variable before one is stored there"));
                    };
                    let d = self.named(fr, inst)?;
                    self.emit(Instr::Move {
                        dst: d,
                        src: Operand::Reg(r),
                    });
                    return Ok(V::Ptr(Ptr {
                        base,
                        off: Operand::Reg(d),
                    }));
                }
                prog_ty(ty).ok_or_else(|| {
                    err(line, format!("a private {} is not supported", ty.text()))
                })?;
                let r = self.slot_reg(slot, off as u64)?;
                let d = self.named(fr, inst)?;
                self.emit(Instr::Move {
                    dst: d,
                    src: Operand::Reg(r),
                });
                Ok(V::Int(Operand::Reg(d)))
            }
            Base::Const(k) => self.constant_load(k, p.off, ty),
            Base::ImplicitArgs | Base::Dispatch => {
                let Operand::Const(off) = p.off else {
                    return Err(err(
                        line,
                        format!("a load {} at a run-time offset", self.base_text(p.base)),
                    ));
                };
                Ok(V::Int(Operand::Const(self.launch_field(p.base, off, ty)?)))
            }
            _ => {
                if ty.is_ptr() {
                    return Err(err(line, format!("loading a pointer from memory ({}) is not supported", self.base_text(p.base)))
                        .hint("amdmm follows pointers that come from kernel parameters, globals and private variables"));
                }
                let t = prog_ty(ty).ok_or_else(|| {
                    err(line, format!("a load of {} is not supported", ty.text()))
                })?;
                if let Some(e) = self.narrower_elements(p, t, atomic.is_some()) {
                    return self.wide_load(fr, inst, t, e, space, p, volatile);
                }
                let addr = self.addr(p, space, t, false)?;
                let attrs = self.attrs(line, atomic, volatile)?;
                let dst = self.named(fr, inst)?;
                self.emit(Instr::Load {
                    dst,
                    ty: t,
                    addr,
                    attrs,
                    visible: None,
                });
                Ok(V::Int(Operand::Reg(dst)))
            }
        }
    }

    #[allow(clippy::too_many_arguments)]
    fn store(
        &mut self,
        fr: &Frame,
        inst: &Inst,
        ty: &Type,
        value: &Value,
        space: u32,
        ptr: &Value,
        atomic: Option<&Atomic>,
        volatile: bool,
    ) -> Result<()> {
        let p = self.ptr(fr, ptr)?;
        let v = self.value(fr, value)?;
        self.store_at(inst, ty, v, space, p, atomic, volatile)
    }

    /// A store of `v` (of type `ty`) through the resolved pointer `p` (also
    /// the element stores of `llvm.memcpy`/`llvm.memset` and of vector
    /// stores).
    #[allow(clippy::too_many_arguments)]
    fn store_at(
        &mut self,
        inst: &Inst,
        ty: &Type,
        v: V,
        space: u32,
        p: Ptr,
        atomic: Option<&Atomic>,
        volatile: bool,
    ) -> Result<()> {
        let line = inst.line;
        match p.base {
            Base::Private(slot) => {
                let Operand::Const(off) = p.off else {
                    let x = match v {
                        V::Int(x) => x,
                        _ => return Err(err(line, "storing a pointer, pair or vector into a private array at a run-time index is not supported")),
                    };
                    return self.private_store_at(slot, p.off, ty, x);
                };
                self.private_in_bounds(slot, off, ty)?;
                if self.slots[slot as usize].once {
                    self.slots[slot as usize].known.insert(off as u64, v);
                }
                match v {
                    V::Ptr(q) => {
                        let existing = self.slots[slot as usize].ptrs.get(&(off as u64)).copied();
                        let r = match existing {
                            Some((b, r)) if b == q.base => r,
                            Some((b, _)) => {
                                return Err(err(
                                    line,
                                    format!(
                                    "the private variable may point into two objects ({} and {})",
                                    self.base_text(b),
                                    self.base_text(q.base)
                                ),
                                ))
                            }
                            None => {
                                let r = self.temp()?;
                                self.slots[slot as usize]
                                    .ptrs
                                    .insert(off as u64, (q.base, r));
                                r
                            }
                        };
                        self.emit(Instr::Move { dst: r, src: q.off });
                    }
                    V::Int(x) => {
                        let r = self.slot_reg(slot, off as u64)?;
                        self.emit(Instr::Move { dst: r, src: x });
                    }
                    V::Pair(..) => {
                        return Err(err(line, "storing a cmpxchg pair is not supported"))
                    }
                    V::Vec(_) => return Err(err(line, "internal: a vector stored as a scalar")),
                }
                Ok(())
            }
            Base::Const(k) => Err(self.constant_write(k)),
            _ => {
                let x = match v {
                    V::Int(x) => x,
                    V::Ptr(_) => return Err(err(
                        line,
                        "storing a pointer to memory is not supported",
                    )
                    .hint("amdmm follows pointers that stay in registers and private variables")),
                    V::Pair(..) => {
                        return Err(err(line, "storing a cmpxchg pair is not supported"))
                    }
                    V::Vec(_) => return Err(err(line, "internal: a vector stored as a scalar")),
                };
                let t = prog_ty(ty).ok_or_else(|| {
                    err(line, format!("a store of {} is not supported", ty.text()))
                })?;
                if let Some(e) = self.narrower_elements(p, t, atomic.is_some()) {
                    return self.wide_store(inst, t, e, x, space, p, volatile);
                }
                let addr = self.addr(p, space, t, true)?;
                let attrs = self.attrs(line, atomic, volatile)?;
                self.emit(Instr::Store {
                    ty: t,
                    value: x,
                    addr,
                    attrs,
                    available: None,
                });
                Ok(())
            }
        }
    }

    fn slot_reg(&mut self, slot: u32, off: u64) -> Result<RegId> {
        if let Some(&r) = self.slots[slot as usize].regs.get(&off) {
            return Ok(r);
        }
        let r = self.temp()?;
        self.slots[slot as usize].regs.insert(off, r);
        Ok(r)
    }

    /// A field of the implicit kernel arguments (code object v5/v6:
    /// AMDGPUUsage, "Code Object V5 Metadata", hidden_block_count_{x,y,z} at
    /// 0, 4, 8 and hidden_group_size_{x,y,z} at 12, 14, 16) or of the HSA
    /// dispatch packet (workgroup_size_{x,y,z} at 4, 6, 8, grid_size_{x,y,z}
    /// at 12, 16, 20).
    fn launch_field(&self, base: Base, off: i64, ty: &Type) -> Result<i64> {
        let l = self.launch;
        let (bx, by) = (i64::from(l.block[0]), i64::from(l.block[1]));
        let (gx, gy) = (i64::from(l.grid[0]), i64::from(l.grid[1]));
        let v = match (base, off, ty.size()) {
            (Base::ImplicitArgs, 0, 4) => gx,
            (Base::ImplicitArgs, 4, 4) => gy,
            (Base::ImplicitArgs, 8, 4) => 1,
            (Base::ImplicitArgs, 12, 2) => bx,
            (Base::ImplicitArgs, 14, 2) => by,
            (Base::ImplicitArgs, 16, 2) => 1,
            // hidden_remainder_{x,y,z}: uniform work-group sizes.
            (Base::ImplicitArgs, 18 | 20 | 22, 2) => 0,
            (Base::Dispatch, 4, 2) => bx,
            (Base::Dispatch, 6, 2) => by,
            (Base::Dispatch, 8, 2) => 1,
            (Base::Dispatch, 12, 4) => gx * bx,
            (Base::Dispatch, 16, 4) => gy * by,
            (Base::Dispatch, 20, 4) => 1,
            _ => {
                return Err(err(self.line(), format!("the {} field at byte {off} ({}) is not modelled", self.base_text(base).trim_start_matches("to "), ty.text()))
                    .hint("amdmm knows the grid and workgroup sizes of the dispatch packet and the implicit kernel arguments"))
            }
        };
        Ok(v)
    }

    /// OpenCL C's work-item functions (OpenCL C 2.0, "Work-Item
    /// Functions"), external under `-nogpulib`: `get_local_id(d)`,
    /// `get_group_id(d)`, `get_global_id(d)` (group id times local size
    /// plus local id: uniform work-groups), `get_local_size(d)`,
    /// `get_num_groups(d)`, `get_global_size(d)` and `get_work_dim()`, each
    /// a constant of the work-item and the launch. The dimension must be a
    /// constant; dimension 2 and above are 0 (ids) or 1 (sizes).
    fn opencl_work_item(
        &mut self,
        fr: &Frame<'a>,
        line: u32,
        callee: &str,
        args: &[(Type, Value)],
    ) -> Result<Option<i64>> {
        const NAMES: &[(&str, &str)] = &[
            ("_Z12get_local_idj", "local_id"),
            ("_Z12get_group_idj", "group_id"),
            ("_Z13get_global_idj", "global_id"),
            ("_Z14get_local_sizej", "local_size"),
            ("_Z14get_num_groupsj", "num_groups"),
            ("_Z15get_global_sizej", "global_size"),
            ("_Z12get_work_dimv", "work_dim"),
        ];
        let Some(&(_, what)) = NAMES.iter().find(|(n, _)| *n == callee) else {
            return Ok(None);
        };
        let (l, wi) = (self.launch, self.wi);
        if what == "work_dim" {
            return Ok(Some(if l.grid[1] > 1 || l.block[1] > 1 {
                2
            } else {
                1
            }));
        }
        let d = match args.first() {
            Some(a) => match self.int(fr, &a.1)? {
                Operand::Const(d) => d,
                _ => {
                    return Err(err(
                        line,
                        format!("`@{callee}` with a dimension computed at run time"),
                    )
                    .hint("OpenCL's work-item functions are modelled with a constant dimension"))
                }
            },
            None => return Err(err(line, format!("`@{callee}` needs its dimension"))),
        };
        let pick = |v: [u32; 2], other: i64| match d {
            0 => i64::from(v[0]),
            1 => i64::from(v[1]),
            _ => other,
        };
        let v = match what {
            "local_id" => pick(wi.local, 0),
            "group_id" => pick(wi.wg, 0),
            "global_id" => pick(wi.wg, 0) * pick(l.block, 1) + pick(wi.local, 0),
            "local_size" => pick(l.block, 1),
            "num_groups" => pick(l.grid, 1),
            _ => pick(l.grid, 1) * pick(l.block, 1),
        };
        Ok(Some(v))
    }

    fn call(
        &mut self,
        fr: &mut Frame<'a>,
        inst: &Inst,
        ret: &Type,
        callee: &str,
        args: &[(Type, Value)],
    ) -> Result<Option<V>> {
        let line = inst.line;
        let wi = self.wi;
        let id = |xyz: &str, v: [u32; 2]| -> i64 {
            match xyz {
                "x" => i64::from(v[0]),
                "y" => i64::from(v[1]),
                _ => 0,
            }
        };
        let int_arg = |tx: &mut Tx, k: usize| -> Result<Operand> {
            let v = args
                .get(k)
                .ok_or_else(|| err(line, format!("`@{callee}` needs argument {}", k + 1)))?;
            tx.int(fr, &v.1)
        };
        if let Some(xyz) = callee.strip_prefix("llvm.amdgcn.workitem.id.") {
            return Ok(Some(V::Int(Operand::Const(id(xyz, wi.local)))));
        }
        if let Some(xyz) = callee.strip_prefix("llvm.amdgcn.workgroup.id.") {
            return Ok(Some(V::Int(Operand::Const(id(xyz, wi.wg)))));
        }
        if let Some(v) = self.opencl_work_item(fr, line, callee, args)? {
            return Ok(Some(V::Int(Operand::Const(v))));
        }
        // OpenCL C `barrier(flags)` / `work_group_barrier(flags)` (OpenCL C
        // 2.0, "Synchronization Functions"): every work-item of the
        // work-group arrives, with the fence's release before and acquire
        // after at work-group scope, which is what HIP's __syncthreads()
        // is (AMDGPUUsage, "Memory Model"; the device library's lowering).
        if matches!(callee, "_Z7barrierj" | "_Z18work_group_barrierj") {
            let fence = |o: &str| Atomic {
                scope: "workgroup".into(),
                ordering: o.into(),
            };
            let rel = self.attrs(line, Some(&fence("release")), false)?;
            let acq = self.attrs(line, Some(&fence("acquire")), false)?;
            self.emit(Instr::Fence { attrs: rel });
            self.emit(Instr::Hw(HwBarrier::Barrier));
            self.emit(Instr::Fence { attrs: acq });
            return Ok(None);
        }
        if let Some(half) = lanes::Half::of(callee) {
            return self.mbcnt(fr, half, ret, args).map(Some);
        }
        match callee {
            "llvm.amdgcn.implicitarg.ptr" => {
                return Ok(Some(V::Ptr(Ptr {
                    base: Base::ImplicitArgs,
                    off: Operand::Const(0),
                })))
            }
            "llvm.amdgcn.dispatch.ptr" => {
                return Ok(Some(V::Ptr(Ptr {
                    base: Base::Dispatch,
                    off: Operand::Const(0),
                })))
            }
            // No memory effect (AMDGPUUsage: waitcnt and sleep only wait; the
            // memory model is defined on the IR's operations).
            "llvm.amdgcn.s.waitcnt"
            | "llvm.amdgcn.s.sleep"
            | "llvm.amdgcn.s.setprio"
            | "llvm.amdgcn.sched.barrier"
            | "llvm.amdgcn.wave.barrier"
            | "llvm.lifetime.start.p5"
            | "llvm.lifetime.end.p5"
            | "llvm.lifetime.start.p0"
            | "llvm.lifetime.end.p0"
            | "llvm.experimental.noalias.scope.decl"
            | "llvm.donothing" => return Ok(None),
            "llvm.amdgcn.s.barrier" => {
                self.emit(Instr::Hw(HwBarrier::Barrier));
                return Ok(None);
            }
            "llvm.amdgcn.s.barrier.signal" => {
                let id = int_arg(self, 0)?;
                self.emit(Instr::Hw(HwBarrier::Signal(id)));
                return Ok(None);
            }
            "llvm.amdgcn.s.barrier.wait" => {
                let id = int_arg(self, 0)?;
                self.emit(Instr::Hw(HwBarrier::Wait(id)));
                return Ok(None);
            }
            "llvm.amdgcn.s.barrier.signal.isfirst" => {
                let id = int_arg(self, 0)?;
                let dst = self.named(fr, inst)?;
                self.emit(Instr::Hw(HwBarrier::SignalIsFirstTo { id, dst }));
                return Ok(Some(V::Int(Operand::Reg(dst))));
            }
            "llvm.assume" => {
                let c = int_arg(self, 0)?;
                self.emit(Instr::Assume { cond: c });
                return Ok(None);
            }
            f if FAILING.contains(&f) => {
                self.fail()?;
                return Ok(None);
            }
            _ => {}
        }
        if let Some(v) = self.buffer_call(fr, inst, ret, callee, args)? {
            return Ok(v);
        }
        if let Some(kind) = dma::dma_kind(callee) {
            self.lds_dma(fr, inst, kind, callee, args)?;
            return Ok(None);
        }
        if self.async_mark(fr, callee, args)? {
            return Ok(None);
        }
        if let Some(v) = self.float_intrinsic(fr, callee, ret, args)? {
            return Ok(Some(v));
        }
        if let Some(v) = self.vec_reduce(fr, callee, ret, args)? {
            return Ok(Some(v));
        }
        if let Some(op) = memops::MemOp::of(callee) {
            self.mem_intrinsic(fr, inst, op, callee, args)?;
            return Ok(None);
        }
        if callee.starts_with("llvm.") {
            return Err(err(line, format!("the intrinsic `@{callee}` is not modelled"))
                .hint("see docs/kernels.md, \"What the reader accepts\", for the intrinsics amdmm knows"));
        }
        let Some(f) = self.m.function(callee) else {
            return Err(err(
                line,
                format!("call of `@{callee}`, which the module does not declare"),
            ));
        };
        if f.blocks.is_empty() {
            return Err(err(line, format!("call of `@{callee}`, declared but not defined in the module"))
                .hint("amdmm inlines device functions defined in the module; an external function has no body to model"));
        }
        let mut vals = Vec::new();
        for (_, v) in args {
            vals.push(self.value(fr, v)?);
        }
        self.inline_count += 1;
        let prefix = format!("{}@{}#{}.", fr.prefix, short(callee), self.inline_count);
        // async-operations.txt: "The abstract machine maintains a sequence
        // of async marks during the execution of a function body, which
        // excludes any marks produced by calls to other functions".
        let func = self.m.functions.iter().position(|g| g.name == callee);
        let bracket = dma::uses_async_marks(self.m);
        if let (true, Some(func)) = (bracket, func) {
            self.emit(Instr::CallEnter { func: func as u32 });
        }
        let r = self.function(f, vals, prefix)?;
        if let (true, Some(func)) = (bracket, func) {
            self.here = (inst.line, inst.dbg);
            self.emit(Instr::CallExit { func: func as u32 });
        }
        self.here = (inst.line, inst.dbg);
        let _ = ret;
        Ok(r.map(|r| V::Int(Operand::Reg(r))))
    }
}

/// A function name without its C++ mangling noise, for register names.
fn short(name: &str) -> String {
    name.chars().take(24).collect()
}

/// What a pending jump's target is patched into.
#[derive(Clone, Copy)]
enum FixKind {
    Jump,
}

fn fold_bin(op: BinOp, ty: Ty, x: i64, y: i64) -> amdmm_program::Value {
    amdmm_explore::symbolic::bin(
        op,
        ty,
        amdmm_program::Value::Int(x),
        amdmm_program::Value::Int(y),
    )
}

fn fold_cmp(op: CmpOp, ty: Ty, x: i64, y: i64) -> amdmm_program::Value {
    amdmm_explore::symbolic::cmp(
        op,
        ty,
        amdmm_program::Value::Int(x),
        amdmm_program::Value::Int(y),
    )
}
