//! An LLVM IR module for a litmus test, for `llc` (docs/llc.md).
//!
//! One `amdgpu_kernel` per thread; every location symbol is an `internal`
//! `addrspace(1)` or `addrspace(3)` global array (internal, so that its
//! address is PC-relative and no GOT load is emitted); each register the
//! condition or `locations` observes, and each plain load's register that
//! nothing reads (`dead_plain_loads`), is stored to the kernel's `%out`
//! buffer after the test's last operation, so nothing is dead. Before each
//! operation that has machine code (accesses, fences, barriers) an inline-asm
//! comment `; amdmm op K` (K: the operation's index in the thread's code) is
//! emitted, and `; amdmm end` after the last one: `sideeffect` inline asm is
//! not moved across memory operations, so the code between two markers is
//! the code of the operation after the first one ([`super::asm`]).

use amdmm_program::{
    AddrSpace, BarrierOp, BinOp, CmpOp, DmaKind, HwBarrier, Instr, MemAttrs, Observable, Operand,
    Ordering, Program, RegId, RmwOp, ScopeLevel, Ty,
};
use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::fmt::Write;

/// The marker before operation `k`.
pub fn op_marker(k: usize) -> String {
    format!("amdmm op {k}")
}

/// The marker after the last operation.
pub const END_MARKER: &str = "amdmm end";

/// The kernel name of thread `t` (thread names are litmus identifiers; the
/// index keeps them apart and valid as assembler symbols).
pub fn kernel_name(p: &Program, t: usize) -> String {
    let clean: String = p.threads[t]
        .name
        .chars()
        .map(|c| if c.is_ascii_alphanumeric() { c } else { '_' })
        .collect();
    format!("amdmm_t{t}_{clean}")
}

/// Why a test cannot be compiled: the construct, named.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct IrError {
    pub thread: String,
    pub line: u32,
    pub col: u32,
    pub message: String,
}

impl std::fmt::Display for IrError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{}:{}:{}: {}",
            self.thread, self.line, self.col, self.message
        )
    }
}

fn ordering(o: Ordering) -> &'static str {
    match o {
        Ordering::NotAtomic => "",
        Ordering::Unordered => "unordered",
        Ordering::Monotonic => "monotonic",
        Ordering::Acquire => "acquire",
        Ordering::Release => "release",
        Ordering::AcqRel => "acq_rel",
        Ordering::SeqCst => "seq_cst",
    }
}

fn syncscope(a: &MemAttrs) -> String {
    let base = match a.scope.level {
        ScopeLevel::System => "",
        l => l.syncscope_name(),
    };
    let s = match (base, a.scope.one_as) {
        ("", false) => return String::new(),
        ("", true) => "one-as".to_string(),
        (b, true) => format!("{b}-one-as"),
        (b, false) => b.to_string(),
    };
    format!(" syncscope(\"{s}\")")
}

fn rmw_op(op: RmwOp) -> &'static str {
    op.name()
}

/// One thread's SSA values: the current value and type of each register.
struct Ssa {
    next: usize,
    cur: HashMap<RegId, (String, Ty)>,
    body: String,
}

impl Ssa {
    fn fresh(&mut self) -> String {
        self.next += 1;
        format!("%v{}", self.next)
    }

    /// `o` as a value of type `ty` (registers converted by zext/trunc; a
    /// floating-point value through the integer of its width by bitcast).
    fn operand(&mut self, o: Operand, ty: Ty) -> String {
        match o {
            Operand::Const(c) if ty == Ty::I1 => (c != 0).to_string(),
            Operand::Const(c) if ty.is_float() => float_literal(ty, c),
            Operand::Const(c) => c.to_string(),
            Operand::Undef => "undef".to_string(),
            Operand::Reg(r) => match self.cur.get(&r).cloned() {
                None => "undef".to_string(),
                Some((v, t)) if t == ty => v,
                Some((v, t)) if t.is_float() || ty.is_float() => self.float_cast(v, t, ty),
                Some((v, t)) => {
                    let n = self.fresh();
                    let conv = if t.bytes() < ty.bytes() || (t == Ty::I1 && ty != Ty::I1) {
                        "zext"
                    } else {
                        "trunc"
                    };
                    let _ = writeln!(
                        self.body,
                        "  {n} = {conv} {} {v} to {}",
                        t.name(),
                        ty.name()
                    );
                    n
                }
            },
        }
    }

    /// `v` of type `from` as type `to`, one of them floating-point: a
    /// float becomes the integer of its width by `bitcast` (its bits, as
    /// amdmm's registers hold them: docs/semantics.md, "Floating-point
    /// values"), integers of different widths meet by zext/trunc, and an
    /// integer becomes a float by `bitcast` from the float's width.
    fn float_cast(&mut self, v: String, from: Ty, to: Ty) -> String {
        let mut v = v;
        let mut cur = from;
        if from.is_float() {
            let n = self.fresh();
            let i = float_bits_ty(from);
            let _ = writeln!(
                self.body,
                "  {n} = bitcast {} {v} to {}",
                from.name(),
                i.name()
            );
            v = n;
            cur = i;
        }
        let want = if to.is_float() { float_bits_ty(to) } else { to };
        if cur != want {
            let n = self.fresh();
            let conv = if cur.bytes() < want.bytes() {
                "zext"
            } else {
                "trunc"
            };
            let _ = writeln!(
                self.body,
                "  {n} = {conv} {} {v} to {}",
                cur.name(),
                want.name()
            );
            v = n;
        }
        if to.is_float() {
            let n = self.fresh();
            let _ = writeln!(
                self.body,
                "  {n} = bitcast {} {v} to {}",
                want.name(),
                to.name()
            );
            v = n;
        }
        v
    }

    fn def(&mut self, r: RegId, ty: Ty) -> String {
        let n = self.fresh();
        self.cur.insert(r, (n.clone(), ty));
        n
    }
}

/// The integer type of a floating-point type's width.
fn float_bits_ty(ty: Ty) -> Ty {
    match ty {
        Ty::Half => Ty::I16,
        Ty::Float => Ty::I32,
        _ => Ty::I64,
    }
}

/// A floating-point constant (amdmm holds its bits) in LLVM's hexadecimal
/// form. LangRef, "Simple Constants": "The one non-intuitive notation for
/// constants is the hexadecimal form of floating-point constants ...
/// The only time hexadecimal floating-point constants are required (and
/// the only time that they are generated by the disassembler) is when a
/// floating-point constant must be emitted but it cannot be represented as
/// a decimal floating-point number"; `half` is written `0xH` and its 16
/// bits, `float` and `double` as the 64 bits of the `double` of the same
/// value (a `float` converts to `double` exactly).
fn float_literal(ty: Ty, bits: i64) -> String {
    match ty {
        Ty::Half => format!("0xH{:04X}", bits as u16),
        Ty::Float => format!("0x{:016X}", (f32::from_bits(bits as u32) as f64).to_bits()),
        _ => format!("0x{:016X}", bits as u64),
    }
}

/// The metadata of a floating-point `atomicrmw`: AMDGPUUsage, "Memory
/// Model": `!amdgpu.no.fine.grained.memory` ("the operation will not access
/// fine-grained memory") and `!amdgpu.ignore.denormal.mode` ("This is
/// necessary to emit native atomic instructions on some targets for some
/// address spaces where float denormals are unconditionally flushed"), as
/// the tables' lowering assumes (`float_rmw_instruction` in
/// crate::lower): llc then emits the native instruction where the target
/// has one, a compare-and-swap loop elsewhere (noted per operation).
const FLOAT_RMW_METADATA: &str =
    ", !amdgpu.no.fine.grained.memory !2, !amdgpu.ignore.denormal.mode !2";

/// The parts a plain or atomic `load` / `store` shares around its type and
/// pointer: `atomic volatile ` before the type, and the sync scope,
/// ordering, alignment and metadata after the pointer.
fn access_parts(attrs: &MemAttrs, ty: Ty) -> (String, String) {
    let atomic = attrs.ordering.is_atomic();
    let kind = format!(
        "{}{}",
        if atomic { "atomic " } else { "" },
        if attrs.volatile { "volatile " } else { "" }
    );
    let scope = if atomic {
        syncscope(attrs)
    } else {
        String::new()
    };
    let tail = format!(
        "{scope}{}, align {}{}",
        ordering_suffix(attrs.ordering),
        ty.bytes(),
        metadata(attrs, atomic)
    );
    (kind, tail)
}

/// The `!mmra` attachment of an access or fence, if any.
fn metadata(a: &MemAttrs, atomic: bool) -> &'static str {
    match (a.av_none, a.nontemporal && !atomic) {
        (true, true) => ", !mmra !0, !nontemporal !1",
        (true, false) => ", !mmra !0",
        (false, true) => ", !nontemporal !1",
        (false, false) => "",
    }
}

/// The `!mmra` attachment of a fence: its `amdgpu-as` tags, in the
/// spelling LLVM reads (`amdgpu-synchronize-as`), with `amdgcn-av` if the
/// fence has it, so that llc narrows the fence to the named address spaces
/// as the tables' lowering does.
///
/// AMDGPUUsage (upstream), "Fence and Address Spaces": "The AMDGPU backend
/// recognizes the following tags on fences to control which address space a
/// fence can synchronize: `amdgpu-synchronize-as:local` ... `:global`.
/// Multiple tags can be used at the same time" (docs/format.md,
/// docs/semantics.md, "Fences that name address spaces"). A fence without
/// tags gets [`metadata`]; one whose tags name no address space the test
/// has gets none (the full fence: stronger, never weaker).
fn fence_metadata(a: &MemAttrs) -> String {
    let Some(spaces) = a.fence_spaces else {
        return metadata(a, true).to_string();
    };
    let mut tags: Vec<&str> = Vec::new();
    if spaces.contains(AddrSpace::Lds) {
        tags.push(r#"!{!"amdgpu-synchronize-as", !"local"}"#);
    }
    if spaces.contains(AddrSpace::Global) {
        tags.push(r#"!{!"amdgpu-synchronize-as", !"global"}"#);
    }
    if a.av_none {
        tags.push(r#"!{!"amdgcn-av", !"none"}"#);
    }
    match tags.as_slice() {
        [] => String::new(),
        [one] => format!(", !mmra {one}"),
        many => format!(", !mmra !{{{}}}", many.join(", ")),
    }
}

/// The IR module of `p` (any target: the target is chosen on `llc`'s
/// command line).
pub fn emit(p: &Program) -> Result<String, IrError> {
    let mut m = String::new();
    let _ = writeln!(m, "; amdmm: litmus test {} (`amdmm docs llc`)", p.name);
    let _ = writeln!(m, "target triple = \"amdgcn-amd-amdhsa\"\n");
    let elems = element_types(p);
    for (si, s) in p.symbols.iter().enumerate() {
        let elem = elems.of(si as u32);
        let loc = &p.locations[s.first as usize];
        let init = match loc.space {
            AddrSpace::Lds => "undef".to_string(),
            AddrSpace::Global => {
                let vals: Vec<String> = (0..s.len)
                    .map(|i| {
                        let v = p.locations[(s.first + i) as usize].init.unwrap_or(0);
                        format!("{elem} {v}")
                    })
                    .collect();
                format!("[{}]", vals.join(", "))
            }
        };
        let _ = writeln!(
            m,
            "@{} = internal addrspace({}) global [{} x {elem}] {init}, align 16",
            symbol_name(&s.name),
            loc.space.number(),
            s.len
        );
    }
    for id in named_barrier_ids(p) {
        let _ = writeln!(
            m,
            "{} = internal addrspace(3) global target(\"amdgcn.named.barrier\", 0) poison",
            named_barrier(id)
        );
    }
    m.push('\n');
    let observed = p.shown_observables();
    let mut declare: BTreeSet<&'static str> = BTreeSet::new();
    let mut float_rmw = false;
    for (ti, t) in p.threads.iter().enumerate() {
        let mut ssa = Ssa {
            next: 0,
            cur: HashMap::new(),
            body: String::new(),
        };
        let flow = Flow::of(&t.code);
        let mut blocks = Blocks::default();
        if let Some(f) = &flow {
            let _ = writeln!(ssa.body, "  br label %B0");
            blocks.finish(ENTRY, &mut ssa, f);
        }
        for (k, i) in t.code.iter().enumerate() {
            if let Some(f) = &flow {
                if f.leaders.contains(&k) {
                    if blocks.open {
                        blocks.end_values(&mut ssa, f);
                        let _ = writeln!(ssa.body, "  br label %B{k}");
                        blocks.finish(blocks.current, &mut ssa, f);
                    }
                    blocks.start(k, &mut ssa, f);
                }
                // Code llc puts at a block's start or before a branch (a
                // wait for the branch condition's register) is attributed
                // to this instruction: the model runs it there.
                let has_marker = matches!(
                    i,
                    Instr::Load { .. }
                        | Instr::Store { .. }
                        | Instr::Rmw { .. }
                        | Instr::CmpXchg { .. }
                        | Instr::Fence { .. }
                        | Instr::Dma { part: 0, .. }
                        | Instr::Hw(_)
                        | Instr::Barrier(BarrierOp::Arrive { .. })
                ) || (matches!(i, Instr::Barrier(BarrierOp::Wait { .. }))
                    && !arrive_then_wait(&t.code, k, Some(f)));
                let flow_point = f.leaders.contains(&k)
                    || matches!(i, Instr::Jump { .. } | Instr::Branch { .. });
                if flow_point && !has_marker {
                    let _ = writeln!(
                        ssa.body,
                        "  call void asm sideeffect \"; {}\", \"\"()",
                        op_marker(k)
                    );
                }
            }
            let pos = t.pos.get(k).copied().unwrap_or_default();
            let err = |message: String| IrError {
                thread: t.name.clone(),
                line: pos.line,
                col: pos.col,
                message,
            };
            if let Some(s) = p.byte_level(i) {
                return Err(err(format!(
                    "`@{}` is accessed at several widths, which amdmm models byte by byte (`amdmm docs semantics`, \"Byte-level accesses\"); `--code llc` emits whole accesses only (use `--code table`, which lowers each access as one instruction of its width)",
                    s.name
                )));
            }
            let marker = |ssa: &mut Ssa| {
                let _ = writeln!(
                    ssa.body,
                    "  call void asm sideeffect \"; {}\", \"\"()",
                    op_marker(k)
                );
            };
            match i {
                Instr::Load {
                    dst,
                    ty,
                    addr,
                    attrs,
                    visible,
                } => {
                    if visible.is_some() {
                        return Err(err(not_in_llvm("llvm.amdgcn.av.global.load.b128")));
                    }
                    marker(&mut ssa);
                    let ptr = address(p, &elems, &mut ssa, addr);
                    let v = ssa.def(*dst, *ty);
                    let (kind, tail) = access_parts(attrs, *ty);
                    let _ = writeln!(ssa.body, "  {v} = load {kind}{}, {ptr}{tail}", ty.name());
                }
                Instr::Store {
                    ty,
                    value,
                    addr,
                    attrs,
                    available,
                } => {
                    if available.is_some() {
                        return Err(err(not_in_llvm("llvm.amdgcn.av.global.store.b128")));
                    }
                    marker(&mut ssa);
                    let v = ssa.operand(*value, *ty);
                    let ptr = address(p, &elems, &mut ssa, addr);
                    let (kind, tail) = access_parts(attrs, *ty);
                    let _ = writeln!(ssa.body, "  store {kind}{} {v}, {ptr}{tail}", ty.name());
                }
                Instr::Rmw {
                    dst,
                    ty,
                    op,
                    addr,
                    value,
                    attrs,
                } => {
                    marker(&mut ssa);
                    let val = ssa.operand(*value, *ty);
                    let ptr = address(p, &elems, &mut ssa, addr);
                    let v = ssa.def(*dst, *ty);
                    let _ = writeln!(
                        ssa.body,
                        "  {v} = atomicrmw {}{} {ptr}, {} {val}{} {}, align {}{}",
                        if attrs.volatile { "volatile " } else { "" },
                        rmw_op(*op),
                        ty.name(),
                        syncscope(attrs),
                        ordering(attrs.ordering),
                        ty.bytes(),
                        metadata(attrs, true)
                    );
                    if ty.is_float() {
                        float_rmw = true;
                        ssa.body.pop();
                        let _ = writeln!(ssa.body, "{FLOAT_RMW_METADATA}");
                    }
                }
                Instr::CmpXchg {
                    dst_old,
                    dst_ok,
                    ty,
                    addr,
                    expected,
                    new,
                    attrs,
                    failure,
                    weak,
                } => {
                    marker(&mut ssa);
                    let e = ssa.operand(*expected, *ty);
                    let n = ssa.operand(*new, *ty);
                    let ptr = address(p, &elems, &mut ssa, addr);
                    let pair = ssa.fresh();
                    let _ = writeln!(
                        ssa.body,
                        "  {pair} = cmpxchg {}{}{ptr}, {t} {e}, {t} {n}{} {} {}, align {}{}",
                        if *weak { "weak " } else { "" },
                        if attrs.volatile { "volatile " } else { "" },
                        syncscope(attrs),
                        ordering(attrs.ordering),
                        ordering(*failure),
                        ty.bytes(),
                        metadata(attrs, true),
                        t = ty.name(),
                    );
                    let old = ssa.def(*dst_old, *ty);
                    let _ = writeln!(
                        ssa.body,
                        "  {old} = extractvalue {{ {}, i1 }} {pair}, 0",
                        ty.name()
                    );
                    let ok = ssa.def(*dst_ok, Ty::I1);
                    let _ = writeln!(
                        ssa.body,
                        "  {ok} = extractvalue {{ {}, i1 }} {pair}, 1",
                        ty.name()
                    );
                }
                Instr::Fence { attrs } => {
                    marker(&mut ssa);
                    let _ = writeln!(
                        ssa.body,
                        "  fence{} {}{}",
                        syncscope(attrs),
                        ordering(attrs.ordering),
                        fence_metadata(attrs)
                    );
                }
                Instr::Move { dst, src } => {
                    let ty = match src {
                        Operand::Reg(r) => ssa.cur.get(r).map(|x| x.1).unwrap_or(Ty::I32),
                        _ => Ty::I32,
                    };
                    let v = ssa.operand(*src, ty);
                    if ty.is_float() {
                        // No arithmetic on floats: the destination names
                        // the same value.
                        ssa.cur.insert(*dst, (v, ty));
                        continue;
                    }
                    let n = ssa.def(*dst, ty);
                    let _ = writeln!(ssa.body, "  {n} = add {} {v}, 0", ty.name());
                }
                Instr::Bin {
                    dst,
                    ty,
                    op: BinOp::Conv { op, from },
                    a,
                    ..
                } => {
                    let x = ssa.operand(*a, *from);
                    let n = ssa.def(*dst, *ty);
                    let _ = writeln!(
                        ssa.body,
                        "  {n} = {} {} {x} to {}",
                        op.name(),
                        from.name(),
                        ty.name()
                    );
                }
                Instr::Bin { dst, ty, op, a, b } => {
                    let x = ssa.operand(*a, *ty);
                    let y = ssa.operand(*b, *ty);
                    let n = ssa.def(*dst, *ty);
                    let _ = writeln!(ssa.body, "  {n} = {} {} {x}, {y}", op.name(), ty.name());
                }
                Instr::Cmp { dst, ty, op, a, b } => {
                    let x = ssa.operand(*a, *ty);
                    let y = ssa.operand(*b, *ty);
                    let n = ssa.def(*dst, Ty::I1);
                    let _ = writeln!(
                        ssa.body,
                        "  {n} = {} {} {} {x}, {y}",
                        if matches!(op, CmpOp::F(_)) { "fcmp" } else { "icmp" },
                        op.name(),
                        ty.name()
                    );
                }
                Instr::Select { dst, cond, a, b } => {
                    let ty = match a {
                        Operand::Reg(r) => ssa.cur.get(r).map(|x| x.1).unwrap_or(Ty::I32),
                        _ => Ty::I32,
                    };
                    let c = ssa.operand(*cond, Ty::I1);
                    let x = ssa.operand(*a, ty);
                    let y = ssa.operand(*b, ty);
                    let n = ssa.def(*dst, ty);
                    let _ = writeln!(
                        ssa.body,
                        "  {n} = select i1 {c}, {t} {x}, {t} {y}",
                        t = ty.name()
                    );
                }
                // An assumption filters executions; it has no machine code
                // (the model evaluates it from the program).
                Instr::Assume { .. } | Instr::CallEnter { .. } | Instr::CallExit { .. } => {}
                Instr::Halt if flow.is_none() => break,
                Instr::Halt | Instr::Jump { .. } | Instr::Branch { .. } => {
                    let f = flow.as_ref().expect("control flow implies blocks");
                    let cond = match i {
                        Instr::Branch { cond, .. } => Some(ssa.operand(*cond, Ty::I1)),
                        _ => None,
                    };
                    blocks.end_values(&mut ssa, f);
                    let [a, b] = f.successors(k);
                    let _ = match cond {
                        Some(c) => writeln!(ssa.body, "  br i1 {c}, label %B{a}, label %B{b}"),
                        None => writeln!(ssa.body, "  br label %B{a}"),
                    };
                    blocks.finish(blocks.current, &mut ssa, f);
                }
                Instr::Hw(b) => {
                    let call = hw_barrier_call(b).map_err(err)?;
                    marker(&mut ssa);
                    declare.insert(call.declare);
                    match b {
                        HwBarrier::SignalIsFirstTo { dst, .. } => {
                            let v = ssa.def(*dst, Ty::I1);
                            let _ = writeln!(ssa.body, "  {v} = {}", call.text);
                        }
                        _ => {
                            let _ = writeln!(ssa.body, "  {}", call.text);
                        }
                    }
                }
                Instr::Barrier(op) => {
                    if let Some(call) =
                        barrier_object_call(p, op, arrive_then_wait(&t.code, k, flow.as_ref()))
                            .map_err(err)?
                    {
                        marker(&mut ssa);
                        declare.insert(call.declare);
                        let _ = writeln!(ssa.body, "  {}", call.text);
                    }
                }
                // Each thread is compiled as a kernel of its own, lane 0 of
                // its wave: a later lane's implicit LDS offset (`4 * lane`
                // bytes, AMDGPUDMAOperations "GFX9 DMA") has no place in it.
                Instr::Dma { buffer: true, .. } => {
                    return Err(err(unsupported(
                        "a buffer LDS DMA form (`llvm.amdgcn.{raw|struct}[.ptr].buffer.load[.async].lds`, whose resource amdmm writes as a location, not a descriptor)",
                    )))
                }
                Instr::Dma { lane: 1.., .. } => {
                    return Err(err(unsupported(
                        "an LDS DMA copy in a later lane of a wavefront (each thread is compiled as a kernel of its own, lane 0 of its wave)",
                    )))
                }
                Instr::Dma {
                    kind: DmaKind::Tracked,
                    src,
                    dst,
                    size,
                    part: 0,
                    ..
                } => {
                    // One intrinsic for the whole copy: a 12- or 16-byte copy
                    // the program splits into one copy per 32-bit element
                    // (`part` 1, 2, ...) is one `global_load_lds_dwordx3` /
                    // `_dwordx4` ([`crate::lower::wide_dma_elements`]). The
                    // offset is already in the program's addresses, so the
                    // intrinsic's is 0; its aux (cache policy) is 0, the
                    // tables' `Cpol::NONE`.
                    marker(&mut ssa);
                    declare.insert(DECLARE_DMA);
                    let n = crate::lower::wide_dma_elements(&t.code[k + 1..]) as u32;
                    let s = segment_address(p, &elems, &mut ssa, src);
                    let d = segment_address(p, &elems, &mut ssa, dst);
                    let _ = writeln!(
                        ssa.body,
                        "  call void @llvm.amdgcn.global.load.lds({s}, {d}, i32 {}, i32 0, i32 0)",
                        size * n
                    );
                }
                // The later elements of a wide copy: in the first's intrinsic.
                Instr::Dma {
                    kind: DmaKind::Tracked,
                    ..
                } => {}
                // async-operations.txt: the `.async` forms' completion is
                // "tracked using explicit mark/wait intrinsics", and "A later
                // change will implement the actual mark/wait semantics in
                // SIInsertWaitcnts": llc-22 compiles neither the marks nor
                // (so) a meaningful wait for these copies.
                Instr::Dma { .. } => {
                    return Err(err(unsupported(
                        "the `.async` LDS DMA forms (`global.load.async.lds`, `load.async.to.lds`)",
                    )))
                }
                Instr::AsyncMark | Instr::WaitAsyncMark { .. } => {
                    return Err(err(unsupported("`asyncmark` / `wait.asyncmark`")))
                }
            }
        }
        if let Some(f) = &flow {
            let exit = t.code.len();
            if blocks.open {
                blocks.end_values(&mut ssa, f);
                let _ = writeln!(ssa.body, "  br label %B{exit}");
                blocks.finish(blocks.current, &mut ssa, f);
            }
            blocks.start(exit, &mut ssa, f);
        }
        let _ = writeln!(
            ssa.body,
            "  call void asm sideeffect \"; {END_MARKER}\", \"\"()"
        );
        let mut slot = 0;
        for o in &observed {
            if let Observable::Reg { thread, reg } = o {
                if *thread as usize != ti {
                    continue;
                }
                let v = ssa.operand(Operand::Reg(*reg), Ty::I64);
                let _ = writeln!(
                    ssa.body,
                    "  %out{slot} = getelementptr i64, ptr addrspace(1) %out, i64 {slot}\n  store i64 {v}, ptr addrspace(1) %out{slot}, align 8"
                );
                slot += 1;
            }
        }
        for reg in dead_plain_loads(&t.code, ti, &observed) {
            let v = ssa.operand(Operand::Reg(reg), Ty::I64);
            let _ = writeln!(
                ssa.body,
                "  %out{slot} = getelementptr i64, ptr addrspace(1) %out, i64 {slot}\n  store i64 {v}, ptr addrspace(1) %out{slot}, align 8"
            );
            slot += 1;
        }
        let _ = writeln!(
            m,
            "define amdgpu_kernel void @{}(ptr addrspace(1) %out) {{",
            kernel_name(p, ti)
        );
        if let Some(f) = &flow {
            let _ = writeln!(ssa.body, "  ret void");
            blocks.finish(blocks.current, &mut ssa, f);
            m.push_str(&blocks.render(f));
            m.push_str("}\n\n");
        } else {
            m.push_str(&ssa.body);
            m.push_str("  ret void\n}\n\n");
        }
    }
    for d in declare {
        m.push_str(d);
        m.push('\n');
    }
    m.push_str("!0 = !{!\"amdgcn-av\", !\"none\"}\n!1 = !{i32 1}\n");
    if float_rmw {
        m.push_str("!2 = !{}\n");
    }
    Ok(m)
}

const DECLARE_DMA: &str =
    "declare void @llvm.amdgcn.global.load.lds(ptr addrspace(1), ptr addrspace(3), i32, i32, i32)";
const DECLARE_BARRIER: &str = "declare void @llvm.amdgcn.s.barrier()";
const DECLARE_SIGNAL: &str = "declare void @llvm.amdgcn.s.barrier.signal(i32)";
const DECLARE_ISFIRST: &str = "declare i1 @llvm.amdgcn.s.barrier.signal.isfirst(i32)";
const DECLARE_WAIT: &str = "declare void @llvm.amdgcn.s.barrier.wait(i16)";
const DECLARE_SIGNAL_VAR: &str =
    "declare void @llvm.amdgcn.s.barrier.signal.var(ptr addrspace(3), i32)";
const DECLARE_INIT: &str = "declare void @llvm.amdgcn.s.barrier.init(ptr addrspace(3), i32)";
const DECLARE_JOIN: &str = "declare void @llvm.amdgcn.s.barrier.join(ptr addrspace(3))";
const DECLARE_LEAVE: &str = "declare void @llvm.amdgcn.s.barrier.leave(i16)";

/// The named barrier ids (1-16) the test's `s.barrier.init`, `.join`,
/// `.signal` and `.signal.var` name, ascending: each is one LDS
/// named-barrier object of the module (`@amdmm.named.barrier.N`). llc-22 gives
/// the objects the kernels use the hardware ids 1, 2, ... in this order
/// (module-wide); [`super::from_asm`] maps them back and checks that
/// every operation got its own id.
pub fn named_barrier_ids(p: &Program) -> Vec<i64> {
    let mut ids: Vec<i64> = p
        .threads
        .iter()
        .flat_map(|t| &t.code)
        .filter_map(|i| match i {
            Instr::Hw(b) => named_barrier_id(b),
            _ => None,
        })
        .collect();
    ids.sort_unstable();
    ids.dedup();
    ids
}

/// The named barrier (1-16) a hardware barrier operation names through its
/// object under `--code llc` (`s.barrier.wait` names none: its immediate is
/// passed through).
pub fn named_barrier_id(b: &HwBarrier) -> Option<i64> {
    match b {
        HwBarrier::Init(Operand::Const(id), _)
        | HwBarrier::Join(Operand::Const(id))
        | HwBarrier::SignalVar(Operand::Const(id), _)
        | HwBarrier::Signal(Operand::Const(id))
            if (1..=16).contains(id) =>
        {
            Some(*id)
        }
        _ => None,
    }
}

/// The LDS named-barrier object of named barrier `id`.
fn named_barrier(id: i64) -> String {
    format!("@amdmm.named.barrier.{id}")
}

/// A barrier intrinsic call and its declaration.
struct Call {
    text: String,
    declare: &'static str,
}

/// The hardware barrier intrinsics, as the test writes them: `s.barrier`,
/// and GFX12's split barrier (`s.barrier.signal`, `.signal.isfirst`,
/// `.wait`) on a constant barrier id (execution-synchronization, "s_barrier
/// GFX12": *arrive* is `s_barrier_signal <N>` or `s_barrier_signal_isfirst
/// <N>`, *wait* is `s_barrier_wait <N>`). Whether the target has them is
/// checked before llc runs (`crate::lower::barrier_refusal`).
///
/// GFX12.5's named barriers 1-16: llc-22's `s.barrier.init`, `.join` and
/// `.signal.var` take a pointer to an LDS named-barrier object
/// (`target("amdgcn.named.barrier", 0)`), not an id; the test's barrier
/// `N` is the object [`named_barrier`]`(N)` ("*init* - ``[1, 16]`` |
/// ``s_barrier_init <N>`` [...] The value to set as the *expected count*
/// of the barrier is stored in the upper half of ``m0``"; "*join* - ``0``
/// | ``s_barrier_join <N>``", table "s_barrier GFX12"). A named barrier's
/// *arrive* `s.barrier.signal(N)` is `s.barrier.signal.var(object, 0)`:
/// the count 0 leaves the expected count alone ("if there is a non-zero
/// value contained in the bits ``[22:16]`` of ``m0``, the *expected count*
/// of the barrier *object* is set to that value"). *drop* is
/// `s.barrier.leave`, which takes no barrier ("``s_barrier_leave`` takes no
/// operand"; llc-22's `i16` operand is the barrier type, 1). A join of
/// the NULL named barrier `0` is a join of the null pointer. Refused:
/// `init` and `signal.var` of barrier 0 (no object names it) and
/// `_isfirst` on a named barrier (llc-22's takes an immediate id, not an
/// object).
fn hw_barrier_call(b: &HwBarrier) -> Result<Call, String> {
    let id = |o: &Operand| match o {
        Operand::Const(c) => Ok(*c),
        _ => Err(unsupported(
            "a barrier intrinsic with a register barrier id",
        )),
    };
    Ok(match b {
        HwBarrier::Barrier => Call {
            text: "call void @llvm.amdgcn.s.barrier()".into(),
            declare: DECLARE_BARRIER,
        },
        HwBarrier::Signal(i) | HwBarrier::SignalVar(i, _) if named_barrier_id(b).is_some() => {
            let count = match b {
                HwBarrier::SignalVar(_, Operand::Const(c)) => *c,
                HwBarrier::SignalVar(..) => {
                    return Err(unsupported(
                        "`s.barrier.signal.var` with a register count",
                    ))
                }
                _ => 0,
            };
            Call {
                text: format!(
                    "call void @llvm.amdgcn.s.barrier.signal.var(ptr addrspace(3) {}, i32 {count})",
                    named_barrier(id(i)?)
                ),
                declare: DECLARE_SIGNAL_VAR,
            }
        }
        HwBarrier::Signal(i) => Call {
            text: format!("call void @llvm.amdgcn.s.barrier.signal(i32 {})", id(i)?),
            declare: DECLARE_SIGNAL,
        },
        HwBarrier::Init(i, count) if named_barrier_id(b).is_some() => {
            let Operand::Const(count) = count else {
                return Err(unsupported("`s.barrier.init` with a register count"));
            };
            Call {
                text: format!(
                    "call void @llvm.amdgcn.s.barrier.init(ptr addrspace(3) {}, i32 {count})",
                    named_barrier(id(i)?)
                ),
                declare: DECLARE_INIT,
            }
        }
        HwBarrier::Join(i) if named_barrier_id(b).is_some() => Call {
            text: format!(
                "call void @llvm.amdgcn.s.barrier.join(ptr addrspace(3) {})",
                named_barrier(id(i)?)
            ),
            declare: DECLARE_JOIN,
        },
        // The NULL named barrier has no object: llc-22 compiles a join of
        // the null pointer to `s_barrier_join 0` (the table's "*join* -
        // ``0``"; its use: "a thread can use a *join* on the *NULL* barrier
        // as a way to \"unjoin\" a *named barrier*").
        HwBarrier::Join(Operand::Const(0)) => Call {
            text: "call void @llvm.amdgcn.s.barrier.join(ptr addrspace(3) null)".into(),
            declare: DECLARE_JOIN,
        },
        HwBarrier::Leave => Call {
            text: "call void @llvm.amdgcn.s.barrier.leave(i16 1)".into(),
            declare: DECLARE_LEAVE,
        },
        HwBarrier::SignalIsFirstTo {
            id: Operand::Const(1..=16),
            ..
        } => {
            return Err(unsupported(
                "`s.barrier.signal.isfirst` on a named barrier (llc-22's takes an immediate barrier id, while its named barriers are LDS objects whose ids llc allocates)",
            ))
        }
        HwBarrier::SignalIsFirstTo { id: i, .. } => Call {
            text: format!(
                "call i1 @llvm.amdgcn.s.barrier.signal.isfirst(i32 {})",
                id(i)?
            ),
            declare: DECLARE_ISFIRST,
        },
        HwBarrier::Wait(i) => Call {
            text: format!("call void @llvm.amdgcn.s.barrier.wait(i16 {})", id(i)?),
            declare: DECLARE_WAIT,
        },
        HwBarrier::SignalIsFirst(_) => {
            return Err(unsupported("`s.barrier.signal.isfirst` without its result"))
        }
        HwBarrier::SignalVar(..) | HwBarrier::Init(..) | HwBarrier::Join(_) => {
            return Err(unsupported(
                "`s.barrier.init` or `.signal.var` on a barrier other than the named barriers 1-16, or `.join` of one other than 0-16 (llc-22's take a pointer to an LDS named-barrier object, and no object names the NULL named barrier 0)",
            ))
        }
    })
}

/// Is the abstract *arrive* at `k` immediately followed by the *wait* on
/// the same barrier (within one basic block)? The pair is then the
/// GFX6-GFX11 tables' "*arrive* then *wait*" row, `s_barrier`
/// (execution-synchronization, "s_barrier GFX6-11"), and LLVM's
/// `llvm.amdgcn.s.barrier`, which llc lowers to `s_barrier` on GFX6-GFX11
/// and to `s_barrier_signal -1` + `s_barrier_wait -1` on GFX12+. Also true
/// at the *wait* of such a pair (`k` is the wait's index then).
fn arrive_then_wait(code: &[Instr], k: usize, flow: Option<&Flow>) -> bool {
    let pair = |a: usize| match (code.get(a), code.get(a + 1)) {
        (
            Some(Instr::Barrier(BarrierOp::Arrive { barrier: b, .. })),
            Some(Instr::Barrier(BarrierOp::Wait { barrier: w })),
        ) => b == w && !flow.is_some_and(|f| f.leaders.contains(&(a + 1))),
        _ => false,
    };
    match code.get(k) {
        Some(Instr::Barrier(BarrierOp::Arrive { .. })) => pair(k),
        Some(Instr::Barrier(BarrierOp::Wait { .. })) => k > 0 && pair(k - 1),
        _ => false,
    }
}

/// The abstract barrier operations (execution-synchronization, "Barrier
/// Execution Model") on a declared barrier object, as the tables map them
/// (crates/hw/src/lower.rs, `lower_barrier_object`): a work-group barrier
/// object is barrier `-1`, a cluster one `-3` ("s_barrier IDs GFX12");
/// *init*, *join* and *drop* are automatic ("Automatically initialized by
/// the hardware when a workgroup is launched") and have no code (`None`);
/// *arrive* is `s.barrier.signal(ID)`, *wait* `s.barrier.wait(ID)`, and an
/// *arrive* immediately followed by its *wait* is `s.barrier`
/// ([`arrive_then_wait`]; the *wait* has no code of its own then).
fn barrier_object_call(p: &Program, op: &BarrierOp, paired: bool) -> Result<Option<Call>, String> {
    let id = |b: u32| -> Result<i64, String> {
        match p.barriers.get(b as usize).map(|d| (d.scope, &d.name)) {
            Some((ScopeLevel::Workgroup, _)) => Ok(-1),
            Some((ScopeLevel::Cluster, _)) => Ok(-3),
            Some((s, n)) => Err(format!(
                "barrier `{n}` of scope {s} has no hardware barrier object (work-group: -1, cluster: -3)"
            )),
            None => Err("unknown barrier".into()),
        }
    };
    Ok(match op {
        BarrierOp::Init { barrier, .. }
        | BarrierOp::Join { barrier }
        | BarrierOp::Drop { barrier } => {
            id(*barrier)?;
            None
        }
        BarrierOp::Arrive { barrier, .. } if paired => {
            id(*barrier)?;
            Some(Call {
                text: "call void @llvm.amdgcn.s.barrier()".into(),
                declare: DECLARE_BARRIER,
            })
        }
        BarrierOp::Arrive { barrier, .. } => Some(Call {
            text: format!(
                "call void @llvm.amdgcn.s.barrier.signal(i32 {})",
                id(*barrier)?
            ),
            declare: DECLARE_SIGNAL,
        }),
        BarrierOp::Wait { .. } if paired => None,
        BarrierOp::Wait { barrier } => Some(Call {
            text: format!(
                "call void @llvm.amdgcn.s.barrier.wait(i16 {})",
                id(*barrier)?
            ),
            declare: DECLARE_WAIT,
        }),
    })
}

/// The availability / visibility intrinsics of the memory-model text are
/// not intrinsics of LLVM 22.1.8: its intrinsic table has no
/// `llvm.amdgcn.av.*` name, and llc-22 crashes in instruction selection on
/// a call to one, as on any unknown `llvm.amdgcn.*` name (docs/llc.md,
/// "Not supported").
fn not_in_llvm(what: &str) -> String {
    format!(
        "{what} is not an intrinsic of LLVM 22 (llc-22 cannot compile it), so `--code llc` cannot emit it (`amdmm docs llc`, \"Not supported\"); use `--code table`"
    )
}

/// The registers of thread `ti` loaded by a plain (non-atomic,
/// non-volatile) load that nothing reads and nothing observes: a test's
/// "priming" load, which brings a stale copy into a cache
/// (litmus/hw/mp/CoRR+agent-system.monotonic.primed). llc removes such a
/// load even at `-O0`, so they are stored to `%out` after the end marker,
/// like the observed registers: the load stays, and its operation's code
/// does not change (the store comes after the last operation). Atomic and
/// volatile loads are never removed; an RMW's unused result is not stored,
/// as that would turn llc's no-return atomic into a returning one.
fn dead_plain_loads(code: &[Instr], ti: usize, observed: &[Observable]) -> Vec<RegId> {
    let mut read = BTreeSet::new();
    let mut note = |o: &Operand| {
        if let Operand::Reg(r) = o {
            read.insert(*r);
        }
    };
    for i in code {
        match i {
            Instr::Load { addr, .. } => note(&addr.index),
            Instr::Store { value, addr, .. } | Instr::Rmw { value, addr, .. } => {
                note(value);
                note(&addr.index);
            }
            Instr::CmpXchg {
                expected,
                new,
                addr,
                ..
            } => {
                note(expected);
                note(new);
                note(&addr.index);
            }
            Instr::Move { src, .. } => note(src),
            Instr::Bin { a, b, .. } | Instr::Cmp { a, b, .. } => {
                note(a);
                note(b);
            }
            Instr::Select { cond, a, b, .. } => {
                note(cond);
                note(a);
                note(b);
            }
            Instr::Branch { cond, .. } | Instr::Assume { cond } => note(cond),
            Instr::Dma { src, dst, .. } => {
                note(&src.index);
                note(&dst.index);
            }
            _ => {}
        }
    }
    let shown = |r: RegId| {
        observed.iter().any(
            |o| matches!(o, Observable::Reg { thread, reg } if *thread as usize == ti && *reg == r),
        )
    };
    let mut out = Vec::new();
    for i in code {
        if let Instr::Load { dst, attrs, .. } = i {
            let plain = attrs.ordering == Ordering::NotAtomic && !attrs.volatile;
            if plain && !read.contains(dst) && !shown(*dst) && !out.contains(dst) {
                out.push(*dst);
            }
        }
    }
    out
}

fn unsupported(what: &str) -> String {
    format!(
        "{what} is not supported by `--code llc` yet (`amdmm docs llc`, \"Not supported\"); use `--code table`"
    )
}

fn ordering_suffix(o: Ordering) -> String {
    if o.is_atomic() {
        format!(" {}", ordering(o))
    } else {
        String::new()
    }
}

pub(crate) fn symbol_name(s: &str) -> String {
    let clean: String = s
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '_' {
                c
            } else {
                '_'
            }
        })
        .collect();
    format!("amdmm_{clean}")
}

/// `ptr addrspace(N) <pointer>` of an element of a symbol (a GEP for a
/// non-constant or non-zero index); through a generic pointer, that pointer
/// cast to `ptr` (addrspace 0), so that llc selects `flat_*`.
fn address(p: &Program, elems: &Elements, ssa: &mut Ssa, a: &amdmm_program::Addr) -> String {
    let typed = segment_address(p, elems, ssa, a);
    if !a.generic {
        return typed;
    }
    let f = ssa.fresh();
    let _ = writeln!(ssa.body, "  {f} = addrspacecast {typed} to ptr");
    format!("ptr {f}")
}

fn segment_address(
    p: &Program,
    elems: &Elements,
    ssa: &mut Ssa,
    a: &amdmm_program::Addr,
) -> String {
    let s = &p.symbols[a.symbol as usize];
    let space = p.locations[s.first as usize].space.number();
    let base = format!("@{}", symbol_name(&s.name));
    match a.index {
        Operand::Const(0) => format!("ptr addrspace({space}) {base}"),
        idx => {
            let i = ssa.operand(idx, Ty::I64);
            let g = ssa.fresh();
            let _ = writeln!(
                ssa.body,
                "  {g} = getelementptr inbounds [{} x {}], ptr addrspace({space}) {base}, i64 0, i64 {i}",
                s.len,
                elems.of(a.symbol)
            );
            format!("ptr addrspace({space}) {g}")
        }
    }
}

/// The IR element type of each symbol's array: `i64` (wide enough for every
/// access; an access narrower than it uses the element's first bytes), but
/// the copy's element width for a symbol an LDS DMA copies from or to, so
/// that the bytes the intrinsic moves are the elements the test names: a
/// 16-byte copy fills four 32-bit elements (docs/semantics.md, "Wide LDS
/// DMA"), which an `i64` array would lay out as two.
struct Elements(HashMap<u32, Ty>);

impl Elements {
    fn of(&self, symbol: u32) -> &'static str {
        self.0.get(&symbol).copied().unwrap_or(Ty::I64).name()
    }
}

fn element_types(p: &Program) -> Elements {
    let mut m = HashMap::new();
    for t in &p.threads {
        for i in &t.code {
            if let Instr::Dma { src, dst, size, .. } = i {
                let ty = match size {
                    1 => Ty::I8,
                    2 => Ty::I16,
                    4 => Ty::I32,
                    8 => Ty::I64,
                    _ => Ty::I128,
                };
                m.insert(src.symbol, ty);
                m.insert(dst.symbol, ty);
            }
        }
    }
    Elements(m)
}

/// The pseudo-leader of the function's entry block (`entry:`, which only
/// branches to the first instruction's block, so that a loop back to the
/// first instruction has a block to branch to).
const ENTRY: usize = usize::MAX;

/// A thread's basic blocks, for a thread with control flow: a block starts
/// at the first instruction, at every branch target and after every
/// `br`/halt; the exit block (leader `code.len()`) stores the observed
/// registers. Registers cross blocks as `i64` phis (one per register
/// defined in the thread, at every reachable block), so the IR is in SSA
/// form without allocas (which would be scratch memory at `-O0`).
struct Flow {
    leaders: BTreeSet<usize>,
    /// The blocks that branch to each leader, once per edge.
    preds: BTreeMap<usize, Vec<usize>>,
    regs: BTreeSet<RegId>,
    /// The successors of the branch, jump or halt at each index.
    succ: HashMap<usize, [usize; 2]>,
}

impl Flow {
    /// `None` for straight-line code (the module is then one block, as
    /// before control flow was supported).
    fn of(code: &[Instr]) -> Option<Flow> {
        let n = code.len();
        let clamp = |t: u32| (t as usize).min(n);
        if !code
            .iter()
            .any(|i| matches!(i, Instr::Jump { .. } | Instr::Branch { .. }))
        {
            return None;
        }
        let mut leaders = BTreeSet::from([0, n]);
        let mut succ = HashMap::new();
        let mut regs = BTreeSet::new();
        for (k, i) in code.iter().enumerate() {
            let s = match i {
                Instr::Jump { target } => Some([clamp(*target), clamp(*target)]),
                Instr::Branch { then_, else_, .. } => Some([clamp(*then_), clamp(*else_)]),
                Instr::Halt => Some([n, n]),
                _ => None,
            };
            if let Some(s) = s {
                leaders.extend(s);
                leaders.insert(k + 1);
                succ.insert(k, s);
            }
            regs.extend(i.writes());
        }
        let mut preds: BTreeMap<usize, Vec<usize>> = BTreeMap::new();
        preds.entry(0).or_default().push(ENTRY);
        let ls: Vec<usize> = leaders.iter().copied().filter(|&l| l < n).collect();
        for (bi, &l) in ls.iter().enumerate() {
            let end = ls.get(bi + 1).copied().unwrap_or(n);
            match succ.get(&(end - 1)) {
                Some([a, b]) if matches!(code[end - 1], Instr::Branch { .. }) => {
                    preds.entry(*a).or_default().push(l);
                    preds.entry(*b).or_default().push(l);
                }
                Some([a, _]) => preds.entry(*a).or_default().push(l),
                None => preds.entry(end).or_default().push(l),
            }
        }
        Some(Flow {
            leaders,
            preds,
            regs,
            succ,
        })
    }

    fn successors(&self, k: usize) -> [usize; 2] {
        self.succ[&k]
    }
}

/// The blocks of one thread as they are emitted: each block's body and
/// the `i64` value of every register at its end, for the phis.
#[derive(Default)]
struct Blocks {
    done: Vec<(usize, String)>,
    ends: HashMap<usize, HashMap<RegId, String>>,
    current: usize,
    open: bool,
}

impl Blocks {
    fn start(&mut self, leader: usize, ssa: &mut Ssa, f: &Flow) {
        self.current = leader;
        self.open = true;
        ssa.body.clear();
        ssa.cur.clear();
        if f.preds.contains_key(&leader) {
            for &r in &f.regs {
                ssa.cur.insert(r, (format!("%ph{leader}_{r}"), Ty::I64));
            }
        }
    }

    /// Records the registers' values at the end of the current block
    /// (before its terminator, which follows).
    fn end_values(&mut self, ssa: &mut Ssa, f: &Flow) {
        let mut vals = HashMap::new();
        for &r in &f.regs {
            vals.insert(r, ssa.operand(Operand::Reg(r), Ty::I64));
        }
        self.ends.insert(self.current, vals);
    }

    fn finish(&mut self, leader: usize, ssa: &mut Ssa, f: &Flow) {
        if leader == ENTRY {
            let undef = f.regs.iter().map(|&r| (r, "undef".to_string())).collect();
            self.ends.insert(ENTRY, undef);
        }
        self.done.push((leader, std::mem::take(&mut ssa.body)));
        self.open = false;
    }

    /// The function body: each block's label, its phis, its code.
    fn render(&self, f: &Flow) -> String {
        let mut out = String::new();
        for (leader, body) in &self.done {
            if *leader == ENTRY {
                out.push_str("entry:\n");
            } else {
                let _ = writeln!(out, "B{leader}:");
                for p in f.preds.get(leader).into_iter() {
                    for &r in &f.regs {
                        let ins: Vec<String> = p
                            .iter()
                            .map(|&pb| {
                                let v = self.ends[&pb][&r].clone();
                                let name = if pb == ENTRY {
                                    "entry".to_string()
                                } else {
                                    format!("B{pb}")
                                };
                                format!("[ {v}, %{name} ]")
                            })
                            .collect();
                        let _ = writeln!(out, "  %ph{leader}_{r} = phi i64 {}", ins.join(", "));
                    }
                }
            }
            out.push_str(body);
        }
        out
    }
}
