//! Thread bodies: registers, labels, memory instructions and inlined calls.

use super::{defuse, Cx, Named};
use crate::program::*;
use crate::scope::{Placement, SyncScope};
use amdmm_litmus::ast::{self, InstrKind, Span};
use amdmm_litmus::suggest;
use amdmm_litmus::Diagnostic;
use std::collections::HashMap;

/// A thread's code under construction.
#[derive(Default)]
pub(super) struct Code {
    pub regs: Vec<String>,
    reg_ids: HashMap<String, RegId>,
    /// Registers holding a cmpxchg pair: name -> (old value, success flag).
    pairs: HashMap<String, (RegId, RegId)>,
    pub code: Vec<Instr>,
    pub pos: Vec<Pos>,
    /// Register reads: (instruction, register, where written).
    pub uses: Vec<(usize, RegId, Span)>,
    /// Results of instructions dropped after an error (their reads are not
    /// checked).
    pub poisoned: std::collections::HashSet<RegId>,
    too_many_regs: bool,
    too_large: bool,
}

/// LangRef's floating-point `atomicrmw` operations that amdmm does not
/// model (newer than the texts amdmm follows): refused by name.
const FLOAT_RMW_UNMODELLED: &[&str] = &["fmaximumnum", "fminimumnum"];

/// Placeholder target of a function's `ret void` until its exit is known.
const RET: u32 = u32::MAX;

/// Longest thread body accepted once calls are inlined.
const MAX_CODE: usize = 100_000;

/// Which operand of a jump a label fills in.
#[derive(Clone, Copy)]
enum Slot {
    Jump,
    Then,
    Else,
}

/// Where a body is being lowered: the register prefix (`""` for the thread,
/// `@f.` for an inlined function) and the call stack.
pub(super) struct Frame {
    pub prefix: String,
    pub stack: Vec<u32>,
}

impl Frame {
    fn in_function(&self) -> bool {
        !self.stack.is_empty()
    }
}

/// Access kinds, for the ordering rules.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Access {
    Load,
    Store,
    Rmw,
    CmpXchg,
    Fence,
}

impl Access {
    fn name(self) -> &'static str {
        match self {
            Access::Load => "load",
            Access::Store => "store",
            Access::Rmw => "atomicrmw",
            Access::CmpXchg => "cmpxchg",
            Access::Fence => "fence",
        }
    }

    /// The orderings LLVM allows on this access.
    fn allowed(self) -> &'static [ast::Ordering] {
        use ast::Ordering::*;
        match self {
            Access::Load => &[Unordered, Monotonic, Acquire, SeqCst],
            Access::Store => &[Unordered, Monotonic, Release, SeqCst],
            Access::Rmw | Access::CmpXchg => &[Monotonic, Acquire, Release, AcqRel, SeqCst],
            Access::Fence => &[Acquire, Release, AcqRel, SeqCst],
        }
    }
}

fn ordering(o: ast::Ordering) -> Ordering {
    match o {
        ast::Ordering::Unordered => Ordering::Unordered,
        ast::Ordering::Monotonic => Ordering::Monotonic,
        ast::Ordering::Acquire => Ordering::Acquire,
        ast::Ordering::Release => Ordering::Release,
        ast::Ordering::AcqRel => Ordering::AcqRel,
        ast::Ordering::SeqCst => Ordering::SeqCst,
    }
}

fn list(names: &[&str]) -> String {
    names
        .iter()
        .map(|n| format!("`{n}`"))
        .collect::<Vec<_>>()
        .join(", ")
}

fn is_hidden(name: &str) -> bool {
    name.contains('#')
}

impl<'a> Cx<'a> {
    pub(super) fn lower_thread(&mut self, t: &'a ast::Thread, placement: Placement) -> Thread {
        let mut code = Code::default();
        let mut frame = Frame {
            prefix: String::new(),
            stack: Vec::new(),
        };
        self.lower_body(&mut code, &t.body, &mut frame);
        code.code.push(Instr::Halt);
        code.pos.push(self.pos(t.end));
        defuse::check(&code, &mut self.diags);
        Thread {
            name: t.name.name.clone(),
            placement,
            regs: code.regs,
            code: code.code,
            pos: code.pos,
        }
    }

    /// Lowers the functions no thread calls, for their static errors only.
    pub(super) fn check_uncalled_functions(&mut self) {
        for i in 0..self.functions.len() {
            if self.called[i] {
                continue;
            }
            let f = self.functions[i];
            let mut code = Code::default();
            let mut frame = Frame {
                prefix: format!("@{}.", f.name.name),
                stack: vec![i as u32],
            };
            self.lower_body(&mut code, &f.body, &mut frame);
            code.code.push(Instr::Halt);
            code.pos.push(self.pos(f.span));
            let end = (code.code.len() - 1) as u32;
            patch_returns(&mut code.code, 0, end);
            defuse::check(&code, &mut self.diags);
        }
    }

    /// Lowers `stmts`; labels are local to this body. In a function body,
    /// `ret void` jumps to the following `CallExit` (patched by the caller:
    /// such jumps are emitted with target `RET`).
    fn lower_body(&mut self, code: &mut Code, stmts: &'a [ast::Stmt], frame: &mut Frame) {
        // cmpxchg results are pairs throughout the body.
        for s in stmts {
            if let ast::Stmt::Instr(ast::Instr {
                dst: Some(d),
                kind: InstrKind::CmpXchg { .. },
                ..
            }) = s
            {
                let name = format!("{}%{}", frame.prefix, d.name);
                if !code.pairs.contains_key(&name) {
                    let old = self.new_reg(code, format!("{name}#old"), d.span);
                    let ok = self.new_reg(code, format!("{name}#ok"), d.span);
                    code.pairs.insert(name, (old, ok));
                }
            }
        }
        let mut labels: HashMap<&str, (u32, Span)> = HashMap::new();
        let mut fixups: Vec<(usize, Slot, &'a ast::Ident)> = Vec::new();
        for s in stmts {
            if self.budget.tick() {
                break;
            }
            match s {
                ast::Stmt::Label(l) => {
                    if let Some(&(_, first)) = labels.get(l.name.as_str()) {
                        self.error(
                            Diagnostic::new(format!("duplicate label `{}`", l.name), l.span)
                                .with_secondary(first, "first defined here")
                                .with_hint("labels are unique within a body"),
                        );
                    } else {
                        labels.insert(&l.name, (code.code.len() as u32, l.span));
                    }
                }
                ast::Stmt::Instr(i) => {
                    let before = code.code.len();
                    let errors = self.diags.len();
                    self.lower_instr(code, i, frame);
                    if let (Some(d), true) = (&i.dst, code.code.len() == before) {
                        if self.diags.len() > errors {
                            // Not emitted: later reads of its result are
                            // not reported again as unwritten.
                            let name = format!("{}%{}", frame.prefix, d.name);
                            let regs = match code.pairs.get(&name) {
                                Some(&(a, b)) => vec![a, b],
                                None => vec![self.new_reg(code, name, d.span)],
                            };
                            code.poisoned.extend(regs);
                        }
                    }
                    match (&i.kind, code.code.get(before)) {
                        (InstrKind::Br { target }, Some(Instr::Jump { .. })) => {
                            fixups.push((before, Slot::Jump, target))
                        }
                        (InstrKind::CondBr { then_, else_, .. }, Some(Instr::Branch { .. })) => {
                            fixups.push((before, Slot::Then, then_));
                            fixups.push((before, Slot::Else, else_));
                        }
                        _ => {}
                    }
                }
            }
        }
        for (at, slot, label) in fixups {
            let Some(&(target, _)) = labels.get(label.name.as_str()) else {
                let known: Vec<&str> = labels.keys().copied().collect();
                let mut known = known;
                known.sort();
                self.error(
                    Diagnostic::new(format!("undeclared label `{}`", label.name), label.span)
                        .with_label("no such label in this body")
                        .with_hint(suggest::hint(&label.name, &known, "labels")),
                );
                continue;
            };
            match (&mut code.code[at], slot) {
                (Instr::Jump { target: t }, Slot::Jump)
                | (Instr::Branch { then_: t, .. }, Slot::Then)
                | (Instr::Branch { else_: t, .. }, Slot::Else) => *t = target,
                _ => {}
            }
        }
    }

    pub(super) fn emit(&self, code: &mut Code, instr: Instr, span: Span) -> usize {
        code.code.push(instr);
        code.pos.push(self.pos(span));
        code.code.len() - 1
    }

    fn new_reg(&mut self, code: &mut Code, name: String, span: Span) -> RegId {
        if let Some(&r) = code.reg_ids.get(&name) {
            return r;
        }
        if code.regs.len() >= RegId::MAX as usize {
            if !code.too_many_regs {
                code.too_many_regs = true;
                self.error(Diagnostic::new("too many registers in one thread", span));
            }
            return 0;
        }
        let r = code.regs.len() as RegId;
        code.regs.push(name.clone());
        code.reg_ids.insert(name, r);
        r
    }

    /// A register nobody names (a discarded result).
    pub(super) fn hidden_reg(&mut self, code: &mut Code, span: Span) -> RegId {
        let name = format!("%#{}", code.regs.len());
        self.new_reg(code, name, span)
    }

    /// The register an instruction assigns (a hidden one when unnamed).
    pub(super) fn def(&mut self, code: &mut Code, frame: &Frame, i: &ast::Instr) -> RegId {
        let Some(d) = &i.dst else {
            return self.hidden_reg(code, i.op_span);
        };
        let name = format!("{}%{}", frame.prefix, d.name);
        if code.pairs.contains_key(&name) {
            self.error(
                Diagnostic::new(
                    format!(
                        "`%{}` holds a cmpxchg result and cannot be assigned a value",
                        d.name
                    ),
                    d.span,
                )
                .with_hint("use another register name"),
            );
        }
        self.new_reg(code, name, d.span)
    }

    /// Resolves a register read.
    fn reg_use(&mut self, code: &mut Code, frame: &Frame, name: &str, span: Span) -> RegId {
        let full = format!("{}%{name}", frame.prefix);
        if let Some(&(old, _)) = code.pairs.get(&full) {
            self.error(
                Diagnostic::new(format!("`%{name}` is a cmpxchg result pair, not a value"), span)
                    .with_hint(format!(
                        "extract a field: `extractvalue {{ i32, i1 }} %{name}, 0` (old value) or `, 1` (success flag)"
                    )),
            );
            return old;
        }
        let r = self.new_reg(code, full, span);
        code.uses.push((code.code.len(), r, span));
        r
    }

    pub(super) fn operand(&mut self, code: &mut Code, frame: &Frame, op: &ast::Operand) -> Operand {
        match &op.node {
            ast::OperandKind::Int(v) => Operand::Const(*v),
            ast::OperandKind::Float(_) => {
                self.error(
                    Diagnostic::new("a floating-point literal where an integer is expected", op.span)
                        .with_label("not an integer")
                        .with_hint("floating-point literals are values of `half`, `float` and `double` loads, stores and `atomicrmw` (`amdmm docs format`, \"Types, values and pointers\")"),
                );
                Operand::Const(0)
            }
            ast::OperandKind::Undef => Operand::Undef,
            ast::OperandKind::Reg(r) => Operand::Reg(self.reg_use(code, frame, r, op.span)),
        }
    }

    /// The value operand of an access of type `ty`: for a floating-point
    /// type, a literal is converted to the type's bits
    /// ([`Cx::float_literal`]).
    fn value_operand(
        &mut self,
        code: &mut Code,
        frame: &Frame,
        op: &ast::Operand,
        ty: Ty,
    ) -> Operand {
        match &op.node {
            ast::OperandKind::Int(_) | ast::OperandKind::Float(_) if ty.is_float() => {
                let v = match op.node {
                    ast::OperandKind::Int(v) => ast::Value::Int(v),
                    _ => ast::Value::Float(0),
                };
                Operand::Const(
                    self.float_literal(v, op.span, ty, super::floats::LiteralAt::Instruction)
                        .unwrap_or(0),
                )
            }
            _ => self.operand(code, frame, op),
        }
    }

    /// A constant operand (a number of bytes, a mark count, ...).
    pub(super) fn constant(&mut self, op: &ast::Operand, what: &str) -> Option<i64> {
        match op.node {
            ast::OperandKind::Int(v) => Some(v),
            _ => {
                self.error(
                    Diagnostic::new(format!("{what} must be a constant"), op.span)
                        .with_hint("write an integer literal here"),
                );
                None
            }
        }
    }

    /// An integer type. `half`, `float` and `double` are taken by the
    /// accesses only ([`Self::value_ty`]): LangRef's floating-point
    /// arithmetic and comparisons (`fadd`, `fcmp`, ...) are other
    /// instructions, which amdmm does not model.
    pub(super) fn ty(&mut self, t: &ast::Type) -> Ty {
        let ty = self.value_ty(t);
        if ty.is_float() {
            self.error(
                Diagnostic::new(format!("`{}` is not an integer type", ty.name()), t.span)
                    .with_label("floating-point type")
                    .with_hint("`half`, `float` and `double` values are loaded, stored and changed by `atomicrmw` only; amdmm does not model floating-point arithmetic, comparisons or `cmpxchg` on them (LangRef: cmpxchg takes an integer or pointer type)"),
            );
            return Ty::I32;
        }
        ty
    }

    /// The type of a load, store or `atomicrmw`: an integer type or one of
    /// the floating-point types amdmm models (docs/semantics.md,
    /// "Floating-point values").
    pub(super) fn value_ty(&mut self, t: &ast::Type) -> Ty {
        match t.node {
            ast::TyKind::I1 => Ty::I1,
            ast::TyKind::I8 => Ty::I8,
            ast::TyKind::I16 => Ty::I16,
            ast::TyKind::I32 => Ty::I32,
            ast::TyKind::I64 => Ty::I64,
            ast::TyKind::I128 => Ty::I128,
            ast::TyKind::V4I32 => Ty::V4I32,
            ast::TyKind::Half => Ty::Half,
            ast::TyKind::Float => Ty::Float,
            ast::TyKind::Double => Ty::Double,
            ast::TyKind::Void | ast::TyKind::Ptr => {
                self.error(
                    Diagnostic::new("expected an integer type", t.span).with_hint(
                        "value types are `i1`, `i8`, `i16`, `i32`, `i64`, `i128` and `<4 x i32>` (and `half`, `float`, `double` for loads, stores and `atomicrmw`)",
                    ),
                );
                Ty::I32
            }
        }
    }

    /// Resolves `ptr [addrspace(N)] @sym[index]` and checks it; `ty` is the
    /// access type for the width check. `whole` names the construct when it
    /// needs a whole location (anything but a non-atomic `load` or
    /// `store`): on a symbol modelled byte by byte it is refused.
    pub(super) fn addr(
        &mut self,
        code: &mut Code,
        frame: &Frame,
        p: &ast::Pointer,
        ty: Option<Ty>,
        whole: Option<&str>,
    ) -> Option<Addr> {
        let sym = match self.names.get(&p.sym.name) {
            Some((Named::Sym(s), _)) => *s,
            Some((Named::Barrier(_), decl)) => {
                let decl = *decl;
                self.error(
                    Diagnostic::new(
                        format!("`@{}` is a barrier, not a memory location", p.sym.name),
                        p.sym.span,
                    )
                    .with_secondary(decl, "declared here")
                    .with_hint("barrier objects are used by `barrier.join @B` and friends"),
                );
                return None;
            }
            None => {
                let known: Vec<&str> = self.symbols.iter().map(|s| s.name.as_str()).collect();
                let hint = suggest::hint(&p.sym.name, &known, "locations");
                self.error(
                    Diagnostic::new(format!("undeclared location `@{}`", p.sym.name), p.sym.span)
                        .with_label("not declared")
                        .with_hint(format!(
                            "{hint} (declare it in the `{{ ... }}` block: `global {} = 0;`)",
                            p.sym.name
                        )),
                );
                return None;
            }
        };
        let space = self.spaces[sym as usize];
        if let Some(n) = &p.addrspace {
            if let Some((_, name, why)) = ast::UNMODELLED_SPACES.iter().find(|s| s.0 == n.node) {
                self.error(
                    Diagnostic::new(
                        format!("the {name} address space (addrspace({})) is not modelled", n.node),
                        n.span,
                    )
                    .with_label("not modelled")
                    .with_hint(format!(
                        "amdmm models global (1), local/LDS (3) and generic (0) pointers; AMDGPUUsage: {why}"
                    )),
                );
                return None;
            }
            if n.node != 0 && n.node != space.number() as i64 {
                let kind = if space == AddrSpace::Global {
                    "global"
                } else {
                    "lds"
                };
                self.error(
                    Diagnostic::new(
                        format!(
                            "`@{}` is declared `{kind}` (addrspace({})), not addrspace({})",
                            p.sym.name,
                            space.number(),
                            n.node
                        ),
                        n.span,
                    )
                    .with_label("contradicts the declaration")
                    .with_hint(format!(
                        "write `ptr addrspace({}) @{}`, `ptr addrspace(0)` (flat) or plain `ptr`",
                        space.number(),
                        p.sym.name
                    )),
                );
            }
        }
        let len = self.symbols[sym as usize].len;
        let index = match &p.index {
            None => Operand::Const(0),
            Some(op) => match &op.node {
                ast::OperandKind::Int(i) if *i < 0 || *i >= len as i64 => {
                    let name = &p.sym.name;
                    self.error(
                        Diagnostic::new(
                            format!("index {i} is out of bounds for `@{name}` of length {len}"),
                            op.span,
                        )
                        .with_label("out of bounds")
                        .with_hint(format!("valid indices are 0 to {}", len - 1)),
                    );
                    return None;
                }
                ast::OperandKind::Undef => {
                    self.error(
                        Diagnostic::new("an index cannot be `undef`", op.span)
                            .with_hint("index with a constant or a register"),
                    );
                    return None;
                }
                _ => self.operand(code, frame, op),
            },
        };
        let offset = p.offset.as_ref().map_or(0, |o| o.node);
        match ty {
            Some(ty) => self.check_width(sym, ty, offset, p.span),
            None if offset != 0 && !self.layout.contains_key(&sym) => {
                self.mixed.insert(sym);
            }
            None => {}
        }
        let byte = match self.layout.get(&sym) {
            None => 0,
            Some(_) if whole.is_some() => {
                let what = whole.unwrap_or_default();
                let name = &p.sym.name;
                self.error(
                    Diagnostic::new(
                        format!("{what} on `@{name}`, which this test accesses at several widths, is not modelled"),
                        p.span,
                    )
                    .with_label("needs a whole location")
                    .with_hint(format!(
                        "amdmm models a location accessed at several widths byte by byte, with non-atomic loads and stores only (LangRef gives \"a single total order for modifications by `monotonic` operations on each address\" and nothing for atomics of different sizes on overlapping bytes): access `@{name}` at one width"
                    )),
                );
                return None;
            }
            // An offset outside the element was reported by `check_width`.
            Some(&size) => u32::try_from(offset).ok().filter(|&o| o < size)?,
        };
        let generic = p.addrspace.as_ref().is_some_and(|n| n.node == 0);
        Some(Addr {
            symbol: sym,
            index,
            generic,
            byte,
        })
    }

    /// A non-atomic `load` from a symbol modelled byte by byte: one `i8`
    /// load per byte, composed little-endian into `dst` at the access's
    /// width. memory-model.txt: "For each byte of a read `R`, `R` may see
    /// any write to the same byte", and LangRef: "R returns the value
    /// composed of the series of bytes it read". A byte that reads `undef`
    /// makes the whole value `undef` (the checker's values have no partly
    /// undefined form; docs/semantics.md, "Byte-level accesses").
    ///
    /// The byte loads are consecutive instructions, lowest byte first, with
    /// the access's source position, and the composition follows them: the
    /// hardware models find the whole access by this
    /// ([`crate::Program::byte_access`]) and perform it as one instruction.
    fn byte_load(
        &mut self,
        code: &mut Code,
        dst: RegId,
        ty: Ty,
        addr: Addr,
        attrs: MemAttrs,
        span: Span,
    ) {
        let bytes: Vec<RegId> = (0..ty.bytes())
            .map(|k| {
                let b = self.hidden_reg(code, span);
                let load = Instr::Load {
                    dst: b,
                    ty: Ty::I8,
                    addr: Addr {
                        byte: addr.byte + k,
                        ..addr
                    },
                    attrs,
                    visible: None,
                };
                self.emit(code, load, span);
                b
            })
            .collect();
        let mut acc: Option<RegId> = None;
        for (k, b) in bytes.into_iter().enumerate() {
            // The byte unsigned, moved to its place.
            let mut part = self.hidden_reg(code, span);
            self.bin(
                code,
                part,
                BinOp::And,
                Operand::Reg(b),
                Operand::Const(0xff),
                span,
            );
            if k > 0 {
                let shifted = self.hidden_reg(code, span);
                let by = Operand::Const(8 * k as i64);
                self.bin(code, shifted, BinOp::Shl, Operand::Reg(part), by, span);
                part = shifted;
            }
            acc = Some(match acc {
                None => part,
                Some(a) => {
                    let both = self.hidden_reg(code, span);
                    self.bin(
                        code,
                        both,
                        BinOp::Or,
                        Operand::Reg(a),
                        Operand::Reg(part),
                        span,
                    );
                    both
                }
            });
        }
        let Some(acc) = acc else { return };
        // At the access's width, in the checker's sign-extended form.
        let set = Instr::Bin {
            dst,
            ty,
            op: BinOp::Or,
            a: Operand::Reg(acc),
            b: Operand::Const(0),
        };
        self.emit(code, set, span);
    }

    /// A non-atomic `store` to a symbol modelled byte by byte: one `i8`
    /// store per byte of the value, little-endian. LangRef, "Memory Model
    /// for Concurrent Operations": a read "reads a series of bytes written
    /// by (defined) write operations", so a write of N bytes is N byte
    /// writes to the memory model.
    ///
    /// Each byte's value is computed first; the byte stores follow as
    /// consecutive instructions, lowest byte first, with the access's source
    /// position (as for [`Self::byte_load`]: the hardware models perform
    /// them as one instruction, [`crate::Program::byte_access`]).
    fn byte_store(
        &mut self,
        code: &mut Code,
        ty: Ty,
        value: Operand,
        addr: Addr,
        attrs: MemAttrs,
        span: Span,
    ) {
        let bytes: Vec<Operand> = (0..ty.bytes())
            .map(|k| {
                let shift = 8 * k as i64;
                match value {
                    Operand::Const(v) => Operand::Const(Ty::I8.wrap(v >> shift)),
                    Operand::Undef => Operand::Undef,
                    Operand::Reg(r) if k == 0 => Operand::Reg(r),
                    Operand::Reg(r) => {
                        let t = self.hidden_reg(code, span);
                        self.bin(
                            code,
                            t,
                            BinOp::LShr,
                            Operand::Reg(r),
                            Operand::Const(shift),
                            span,
                        );
                        Operand::Reg(t)
                    }
                }
            })
            .collect();
        for (k, byte) in bytes.into_iter().enumerate() {
            let store = Instr::Store {
                ty: Ty::I8,
                value: byte,
                addr: Addr {
                    byte: addr.byte + k as u32,
                    ..addr
                },
                attrs,
                available: None,
            };
            self.emit(code, store, span);
        }
    }

    /// `dst = a OP b` at 64 bits (the byte-level compositions).
    fn bin(&mut self, code: &mut Code, dst: RegId, op: BinOp, a: Operand, b: Operand, span: Span) {
        let ins = Instr::Bin {
            dst,
            ty: Ty::I64,
            op,
            a,
            b,
        };
        self.emit(code, ins, span);
    }

    /// Checks scope and ordering of an access or fence.
    pub(super) fn attrs(
        &mut self,
        access: Access,
        atomic: bool,
        volatile: bool,
        at: &ast::Atomicity,
        op_span: Span,
    ) -> MemAttrs {
        let mut attrs = MemAttrs {
            ordering: Ordering::NotAtomic,
            scope: SyncScope::SYSTEM,
            volatile,
            av_none: at.av_none,
            nontemporal: at.nontemporal.is_some(),
            fence_spaces: None,
        };
        self.check_nontemporal(access, atomic, at);
        if let Some(s) = &at.scope {
            attrs.scope = self.sync_scope(s);
        }
        let what = access.name();
        self.mmra_use(access, atomic, at);
        if let Some(f) = &at.fence_spaces {
            let mut set = SpaceSet::EMPTY;
            if f.node.local {
                set = set.with(AddrSpace::Lds);
            }
            if f.node.global {
                set = set.with(AddrSpace::Global);
            }
            attrs.fence_spaces = Some(set);
        }
        if !atomic {
            let extra = at
                .ordering
                .as_ref()
                .map(|o| (o.span, format!("ordering `{}`", o.node.name())));
            let extra = extra.or(at
                .scope
                .as_ref()
                .map(|s| (s.span, "a syncscope".to_string())));
            if let Some((span, thing)) = extra {
                self.error(
                    Diagnostic::new(format!("{thing} on a non-atomic {what}"), span)
                        .with_hint(format!("write `{what} atomic ...` for an atomic access")),
                );
            }
            return attrs;
        }
        let allowed = access.allowed();
        let names: Vec<&str> = allowed.iter().map(|o| o.name()).collect();
        match &at.ordering {
            None => {
                self.error(
                    Diagnostic::new(format!("atomic {what} without an ordering"), op_span)
                        .with_hint(format!("add one of {} after the pointer", list(&names))),
                );
            }
            Some(o) if !allowed.contains(&o.node) => {
                self.error(
                    Diagnostic::new(
                        format!("invalid ordering `{}` for {}", o.node.name(), article(what)),
                        o.span,
                    )
                    .with_label("not allowed here")
                    .with_hint(format!(
                        "{} takes {}",
                        article(what),
                        list(&names)
                    )),
                );
            }
            Some(o) => attrs.ordering = ordering(o.node),
        }
        if access != Access::CmpXchg {
            if let Some(f) = &at.failure {
                self.error(
                    Diagnostic::new(format!("a second ordering on {}", article(what)), f.span)
                        .with_hint("only cmpxchg takes a failure ordering"),
                );
            }
        }
        attrs
    }

    /// LangRef: `!nontemporal` is an attachment of the non-atomic `load` and
    /// `store` ("'load' Instruction": `load [volatile] <ty>, ptr <pointer>
    /// ... [, !nontemporal !<nontemporal_node>]`; the `load atomic` form has
    /// no such attachment). Elsewhere it is refused, never dropped.
    fn check_nontemporal(&mut self, access: Access, atomic: bool, at: &ast::Atomicity) {
        let Some(span) = at.nontemporal else { return };
        let plain_access = matches!(access, Access::Load | Access::Store) && !atomic;
        if !plain_access {
            let what = if atomic && matches!(access, Access::Load | Access::Store) {
                format!("an atomic {}", access.name())
            } else {
                article(access.name())
            };
            self.error(
                Diagnostic::new(format!("`!nontemporal` on {what}"), span)
                    .with_label("not a non-atomic load or store")
                    .with_hint("LangRef gives `!nontemporal` to non-atomic `load` and `store` only; remove it"),
            );
        }
    }

    /// Where `!mmra` tags may be used.
    ///
    /// memory-model.txt, "MakeAvailable and MakeVisible", lists
    /// `!mmra !{!"amdgcn-av", !"none"}` on `store atomic`, `load atomic`,
    /// `atomicrmw`, `cmpxchg` and `fence` only; AMDGPUUsage, "Fence and address
    /// spaces": "The AMDGPU backend recognizes the following tags on fences".
    /// A tag elsewhere has no meaning the texts give, so it is refused rather
    /// than ignored.
    fn mmra_use(&mut self, access: Access, atomic: bool, at: &ast::Atomicity) {
        let what = access.name();
        if let (Some(span), false) = (at.mmra, atomic) {
            self.error(
                Diagnostic::new(format!("`!mmra` on a non-atomic {what}"), span)
                    .with_label("no meaning here")
                    .with_hint("`amdgcn-av:none` applies to atomic operations and fences (memory-model.txt, \"MakeAvailable and MakeVisible\")"),
            );
            return;
        }
        if let (Some(f), false) = (&at.fence_spaces, access == Access::Fence) {
            self.error(
                Diagnostic::new(format!("an address-space MMRA tag on {}", article(what)), f.span)
                    .with_label("fences only")
                    .with_hint("AMDGPUUsage, \"Fence and address spaces\": the backend recognizes `amdgpu-as` / `amdgpu-synchronize-as` tags on fences; an atomic access synchronizes its own address space with a `-one-as` syncscope"),
            );
        }
    }

    /// cmpxchg's failure ordering.
    fn failure(&mut self, at: &ast::Atomicity, op_span: Span) -> Ordering {
        use ast::Ordering::*;
        let allowed = [Monotonic, Acquire, SeqCst];
        match &at.failure {
            None => {
                if at.ordering.is_some() {
                    self.error(
                        Diagnostic::new("cmpxchg without a failure ordering", op_span)
                            .with_hint("cmpxchg takes a success and a failure ordering: `... acq_rel monotonic`"),
                    );
                }
                Ordering::Monotonic
            }
            Some(o) if !allowed.contains(&o.node) => {
                self.error(
                    Diagnostic::new(
                        format!("invalid failure ordering `{}` for a cmpxchg", o.node.name()),
                        o.span,
                    )
                    .with_label("not allowed here")
                    .with_hint("the failure ordering is `monotonic`, `acquire` or `seq_cst`"),
                );
                Ordering::Monotonic
            }
            Some(o) => ordering(o.node),
        }
    }

    /// LangRef, "'atomicrmw' Instruction": "For xchg, this may be any type.
    /// For add, sub, and, nand, or, xor, max, min, umax, umin, uinc_wrap,
    /// udec_wrap, usub_cond, and usub_sat, this may only be an integer type.
    /// For fadd, fsub, fmax, fmin, fmaximum, and fminimum, this may only be a
    /// floating-point or fixed vector of floating-point type."
    fn rmw_type(&mut self, op: Option<RmwOp>, ty: Ty, at: &ast::Ident) {
        let Some(op) = op else { return };
        let wanted = match (op, op.is_float(), ty.is_float()) {
            (RmwOp::Xchg, _, _) | (_, true, true) => return,
            (_, true, false) => "a floating-point type (`half`, `float` or `double`)",
            (_, false, true) => "an integer type",
            _ => return,
        };
        self.error(
            Diagnostic::new(
                format!("`atomicrmw {}` on `{}`", op.name(), ty.name()),
                at.span,
            )
            .with_label("wrong type for this operation")
            .with_hint(format!(
                "LangRef: the operand of `atomicrmw {}` may only be {wanted} (`amdmm docs format`, \"Memory operations\")",
                op.name()
            )),
        );
    }

    fn no_result(&mut self, i: &ast::Instr, what: &str) {
        if let Some(d) = &i.dst {
            self.error(
                Diagnostic::new(format!("{what} produces no value"), d.span)
                    .with_label("nothing to assign")
                    .with_hint(format!("remove `%{} =`", d.name)),
            );
        }
    }

    fn lower_instr(&mut self, code: &mut Code, i: &'a ast::Instr, frame: &mut Frame) {
        let span = i.span;
        match &i.kind {
            InstrKind::Load {
                atomic,
                volatile,
                ty,
                ptr,
                at,
            } => {
                let ty = self.value_ty(ty);
                let attrs = self.attrs(Access::Load, *atomic, *volatile, at, i.op_span);
                let whole = atomic.then_some("an atomic `load`");
                let addr = self.addr(code, frame, ptr, Some(ty), whole);
                let dst = self.def(code, frame, i);
                if let Some(addr) = addr.filter(|a| self.layout.contains_key(&a.symbol)) {
                    self.byte_load(code, dst, ty, addr, attrs, span);
                } else if let Some(addr) = addr {
                    let ins = Instr::Load {
                        dst,
                        ty,
                        addr,
                        attrs,
                        visible: None,
                    };
                    self.emit(code, ins, span);
                }
            }
            InstrKind::Store {
                atomic,
                volatile,
                ty,
                value,
                ptr,
                at,
            } => {
                self.no_result(i, "`store`");
                let ty = self.value_ty(ty);
                let value = self.value_operand(code, frame, value, ty);
                let attrs = self.attrs(Access::Store, *atomic, *volatile, at, i.op_span);
                let whole = atomic.then_some("an atomic `store`");
                let addr = self.addr(code, frame, ptr, Some(ty), whole);
                if let Some(addr) = addr.filter(|a| self.layout.contains_key(&a.symbol)) {
                    self.byte_store(code, ty, value, addr, attrs, span);
                } else if let Some(addr) = addr {
                    let ins = Instr::Store {
                        ty,
                        value,
                        addr,
                        attrs,
                        available: None,
                    };
                    self.emit(code, ins, span);
                }
            }
            InstrKind::AtomicRmw {
                volatile,
                op,
                ptr,
                ty,
                value,
                at,
            } => {
                let rop = RmwOp::ALL.into_iter().find(|o| o.name() == op.name);
                if FLOAT_RMW_UNMODELLED.contains(&op.name.as_str()) {
                    self.error(
                        Diagnostic::new(
                            format!("`atomicrmw {}` is not modelled", op.name),
                            op.span,
                        )
                        .with_label("not modelled")
                        .with_hint(
                            "amdmm models LangRef's older floating-point operations: `fadd`, `fsub`, `fmax`, `fmin`, `fmaximum` and `fminimum`",
                        ),
                    );
                } else if rop.is_none() {
                    let known: Vec<&str> = RmwOp::ALL.iter().map(|o| o.name()).collect();
                    self.error(
                        Diagnostic::new(
                            format!("unknown atomicrmw operation `{}`", op.name),
                            op.span,
                        )
                        .with_label("not supported")
                        .with_hint(suggest::hint(
                            &op.name,
                            &known,
                            "atomicrmw operations",
                        )),
                    );
                }
                let ty = self.value_ty(ty);
                self.rmw_type(rop, ty, op);
                let addr = self.addr(code, frame, ptr, Some(ty), Some("an `atomicrmw`"));
                let value = self.value_operand(code, frame, value, ty);
                let attrs = self.attrs(Access::Rmw, true, *volatile, at, i.op_span);
                let dst = self.def(code, frame, i);
                if let (Some(op), Some(addr)) = (rop, addr) {
                    let ins = Instr::Rmw {
                        dst,
                        ty,
                        op,
                        addr,
                        value,
                        attrs,
                    };
                    self.emit(code, ins, span);
                }
            }
            InstrKind::CmpXchg {
                weak,
                volatile,
                ptr,
                ty,
                expected,
                new,
                at,
            } => {
                let ty = self.ty(ty);
                let addr = self.addr(code, frame, ptr, Some(ty), Some("a `cmpxchg`"));
                let expected = self.operand(code, frame, expected);
                let new = self.operand(code, frame, new);
                let attrs = self.attrs(Access::CmpXchg, true, *volatile, at, i.op_span);
                let failure = self.failure(at, i.op_span);
                // Named pairs were allocated when the body was entered.
                let named = i
                    .dst
                    .as_ref()
                    .and_then(|d| code.pairs.get(&format!("{}%{}", frame.prefix, d.name)));
                let (dst_old, dst_ok) = match named {
                    Some(&pair) => pair,
                    None => (self.hidden_reg(code, span), self.hidden_reg(code, span)),
                };
                if let Some(addr) = addr {
                    let ins = Instr::CmpXchg {
                        weak: *weak,
                        dst_old,
                        dst_ok,
                        ty,
                        addr,
                        expected,
                        new,
                        attrs,
                        failure,
                    };
                    self.emit(code, ins, span);
                }
            }
            InstrKind::ExtractValue { src, index } => {
                let full = format!("{}%{}", frame.prefix, src.name);
                let pair = code.pairs.get(&full).copied();
                let Some((old, ok)) = pair else {
                    self.error(
                        Diagnostic::new(
                            format!("`%{}` is not the result of a cmpxchg", src.name),
                            src.span,
                        )
                        .with_label("not a cmpxchg pair")
                        .with_hint(
                            "extractvalue takes the `{ ty, i1 }` pair that a cmpxchg returns",
                        ),
                    );
                    return;
                };
                let field = match index.node {
                    0 => old,
                    1 => ok,
                    n => {
                        self.error(
                            Diagnostic::new(
                                format!("extractvalue index {n} is out of range"),
                                index.span,
                            )
                            .with_label("not a field of `{ ty, i1 }`")
                            .with_hint("use 0 for the old value or 1 for the success flag"),
                        );
                        return;
                    }
                };
                code.uses.push((code.code.len(), field, src.span));
                let dst = self.def(code, frame, i);
                let ins = Instr::Move {
                    dst,
                    src: Operand::Reg(field),
                };
                self.emit(code, ins, span);
            }
            InstrKind::Fence { at } => {
                self.no_result(i, "`fence`");
                let attrs = self.attrs(Access::Fence, true, false, at, i.op_span);
                self.emit(code, Instr::Fence { attrs }, span);
            }
            InstrKind::Bin { op, ty, a, b } => {
                let bop = match op.name.as_str() {
                    "add" => BinOp::Add,
                    "sub" => BinOp::Sub,
                    "mul" => BinOp::Mul,
                    "and" => BinOp::And,
                    "or" => BinOp::Or,
                    "xor" => BinOp::Xor,
                    "shl" => BinOp::Shl,
                    "lshr" => BinOp::LShr,
                    _ => BinOp::AShr,
                };
                let ty = self.ty(ty);
                let a = self.operand(code, frame, a);
                let b = self.operand(code, frame, b);
                let dst = self.def(code, frame, i);
                let ins = Instr::Bin {
                    dst,
                    ty,
                    op: bop,
                    a,
                    b,
                };
                self.emit(code, ins, span);
            }
            InstrKind::ICmp { pred, ty, a, b } => {
                let cop = match pred.name.as_str() {
                    "eq" => Some(CmpOp::Eq),
                    "ne" => Some(CmpOp::Ne),
                    "slt" => Some(CmpOp::Slt),
                    "sle" => Some(CmpOp::Sle),
                    "sgt" => Some(CmpOp::Sgt),
                    "sge" => Some(CmpOp::Sge),
                    "ult" => Some(CmpOp::Ult),
                    "ule" => Some(CmpOp::Ule),
                    "ugt" => Some(CmpOp::Ugt),
                    "uge" => Some(CmpOp::Uge),
                    _ => None,
                };
                let ty = self.ty(ty);
                let a = self.operand(code, frame, a);
                let b = self.operand(code, frame, b);
                let dst = self.def(code, frame, i);
                match cop {
                    Some(op) => {
                        let ins = Instr::Cmp { dst, ty, op, a, b };
                        self.emit(code, ins, span);
                    }
                    None => {
                        let known = [
                            "eq", "ne", "slt", "sle", "sgt", "sge", "ult", "ule", "ugt", "uge",
                        ];
                        self.error(
                            Diagnostic::new(
                                format!("unknown icmp predicate `{}`", pred.name),
                                pred.span,
                            )
                            .with_label("not a predicate")
                            .with_hint(suggest::hint(
                                &pred.name,
                                &known,
                                "predicates",
                            )),
                        );
                    }
                }
            }
            InstrKind::Select { cond, a, b, .. } => {
                let cond = self.operand(code, frame, cond);
                let a = self.operand(code, frame, a);
                let b = self.operand(code, frame, b);
                let dst = self.def(code, frame, i);
                self.emit(code, Instr::Select { dst, cond, a, b }, span);
            }
            InstrKind::Br { .. } => {
                self.no_result(i, "`br`");
                self.emit(code, Instr::Jump { target: 0 }, span);
            }
            InstrKind::CondBr { cond, .. } => {
                self.no_result(i, "`br`");
                let cond = self.operand(code, frame, cond);
                let ins = Instr::Branch {
                    cond,
                    then_: 0,
                    else_: 0,
                };
                self.emit(code, ins, span);
            }
            InstrKind::Ret => {
                self.no_result(i, "`ret`");
                let ins = if frame.in_function() {
                    Instr::Jump { target: RET }
                } else {
                    Instr::Halt
                };
                self.emit(code, ins, span);
            }
            InstrKind::Barrier { op, barrier, count } => {
                self.no_result(i, &format!("`{}`", op.name));
                let b = self.barrier_ref(barrier);
                let count = count.as_ref().map(|c| self.operand(code, frame, c));
                let takes_count = matches!(op.name.as_str(), "barrier.init" | "barrier.arrive");
                if count.is_some() && !takes_count {
                    self.error(
                        Diagnostic::new(format!("`{}` takes no count", op.name), span)
                            .with_hint(format!("write `{} @{}`", op.name, barrier.name)),
                    );
                    return;
                }
                let Some(barrier) = b else { return };
                let bop = match op.name.as_str() {
                    "barrier.init" => match count {
                        Some(count) => BarrierOp::Init { barrier, count },
                        None => {
                            self.error(
                                Diagnostic::new("`barrier.init` needs an expected count", span)
                                    .with_hint(format!(
                                        "write `barrier.init @{}, 2`",
                                        barrier_name(&self.barriers, barrier)
                                    )),
                            );
                            return;
                        }
                    },
                    "barrier.join" => BarrierOp::Join { barrier },
                    "barrier.drop" => BarrierOp::Drop { barrier },
                    "barrier.arrive" => BarrierOp::Arrive {
                        barrier,
                        new_count: count,
                    },
                    _ => BarrierOp::Wait { barrier },
                };
                self.emit(code, Instr::Barrier(bop), span);
            }
            InstrKind::Call { ret, callee, args } => {
                if callee.name.starts_with("llvm.") {
                    self.intrinsic(code, frame, i, ret, callee, args);
                } else {
                    self.call(code, frame, i, ret, callee, args);
                }
            }
        }
    }

    /// `call void @f()`: inlines `f` between `CallEnter` and `CallExit`.
    fn call(
        &mut self,
        code: &mut Code,
        frame: &mut Frame,
        i: &'a ast::Instr,
        ret: &ast::Type,
        callee: &ast::Ident,
        args: &[ast::Arg],
    ) {
        let Some(&f) = self.func_index.get(&callee.name) else {
            let known: Vec<&str> = self
                .functions
                .iter()
                .map(|f| f.name.name.as_str())
                .collect();
            self.error(
                Diagnostic::new(
                    format!("undeclared function `@{}`", callee.name),
                    callee.span,
                )
                .with_label("not defined")
                .with_hint(format!(
                    "{} (define it: `define void @{}() {{ ... }}`)",
                    suggest::hint(&callee.name, &known, "functions"),
                    callee.name
                )),
            );
            return;
        };
        if ret.node != ast::TyKind::Void || !args.is_empty() || i.dst.is_some() {
            self.error(
                Diagnostic::new(
                    format!("`@{}` takes no arguments and returns nothing", callee.name),
                    i.span,
                )
                .with_hint(format!("call it as `call void @{}()`", callee.name)),
            );
            return;
        }
        if frame.stack.contains(&f) {
            let def = self.functions[f as usize].name.span;
            self.error(
                Diagnostic::new(format!("recursive call of `@{}`", callee.name), callee.span)
                    .with_label("calls a function that is already running")
                    .with_secondary(def, "defined here")
                    .with_hint("calls are inlined, so recursion is not supported"),
            );
            return;
        }
        if code.code.len() > MAX_CODE {
            if !code.too_large {
                code.too_large = true;
                self.error(
                    Diagnostic::new(
                        format!("more than {MAX_CODE} instructions after inlining"),
                        callee.span,
                    )
                    .with_hint("calls are inlined: call functions fewer times"),
                );
            }
            return;
        }
        self.called[f as usize] = true;
        let func = self.functions[f as usize];
        self.emit(code, Instr::CallEnter { func: f }, i.span);
        let first = code.code.len();
        let saved = std::mem::replace(&mut frame.prefix, format!("@{}.", func.name.name));
        frame.stack.push(f);
        self.lower_body(code, &func.body, frame);
        frame.stack.pop();
        frame.prefix = saved;
        let exit = self.emit(code, Instr::CallExit { func: f }, i.span) as u32;
        patch_returns(&mut code.code, first, exit);
    }
}

/// Points the `ret void` jumps (target `RET`) of `code[from..]` at `exit`.
fn patch_returns(code: &mut [Instr], from: usize, exit: u32) {
    for ins in &mut code[from..] {
        if let Instr::Jump { target } = ins {
            if *target == RET {
                *target = exit;
            }
        }
    }
}

fn barrier_name(barriers: &[BarrierDecl], b: u32) -> &str {
    barriers.get(b as usize).map_or("B", |d| d.name.as_str())
}

fn article(what: &str) -> String {
    let an = what.starts_with(['a', 'e', 'i', 'o', 'u']);
    format!("{} {what}", if an { "an" } else { "a" })
}

/// Names of the registers a condition may observe (not hidden, not inlined).
pub(super) fn observable_regs(regs: &[String]) -> Vec<&str> {
    regs.iter()
        .map(|r| r.as_str())
        .filter(|r| !is_hidden(r) && r.starts_with('%'))
        .collect()
}
