//! The checked program: what a litmus test means once parsed and validated.
//!
//! Everything here is resolved: locations, registers, labels and functions are
//! indices, scopes and placements are computed, and every error that can be
//! found without running the program has been reported by `lower`.

use crate::scope::{Placement, SyncScope};
use std::fmt;

/// A source position kept for run-time diagnostics (1-based line and column).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Pos {
    pub line: u32,
    pub col: u32,
}

/// A value of the checker: a 64-bit signed integer or `undef`.
///
/// litmus-format.md, "Declarations": "Values are integers (64-bit signed in the
/// checker) or `undef`."
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Value {
    Int(i64),
    Undef,
}

impl fmt::Display for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Value::Int(v) => write!(f, "{v}"),
            Value::Undef => f.write_str("undef"),
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum AddrSpace {
    /// addrspace(1)
    Global,
    /// addrspace(3): one instance per workgroup.
    Lds,
}

impl AddrSpace {
    pub fn number(self) -> u32 {
        match self {
            AddrSpace::Global => 1,
            AddrSpace::Lds => 3,
        }
    }
}

/// Index into `Program::locations`.
pub type LocId = u32;
/// Index into a thread's register file.
pub type RegId = u16;

/// One memory location (arrays are expanded: each element is its own location).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Location {
    /// Display name: `x`, or `a[2]` for an array element.
    pub name: String,
    pub space: AddrSpace,
    /// `None` for an uninitialised location (no initial write).
    pub init: Option<i64>,
    /// `Some` when this location is one byte of an element that the test
    /// accesses at several widths (docs/semantics.md, "Byte-level
    /// accesses"); `None` for a whole location.
    pub byte: Option<ByteCell>,
}

/// Where a byte-level location sits in its element.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ByteCell {
    /// The element's display name: `x`, or `a[2]`.
    pub element: String,
    /// Byte number within the element, little-endian (0 is the lowest).
    pub index: u32,
    /// Bytes in the element.
    pub size: u32,
}

/// An array (or scalar, with `len == 1`) as declared: its elements are the
/// consecutive locations `first .. first + len`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Symbol {
    pub name: String,
    pub first: LocId,
    pub len: u32,
    pub is_array: bool,
    /// `Some(n)`: the symbol is byte-level, each of its `len` elements `n`
    /// consecutive one-byte locations from `first`; `None`:
    /// each element is one whole location. docs/semantics.md, "Byte-level
    /// accesses".
    pub bytes: Option<u32>,
}

/// A `load` or `store` of a byte-level symbol, which the lowering split
/// into one-byte accesses ([`Program::byte_access`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ByteAccess {
    /// Index in `Thread::code` of the lowest byte's access.
    pub first: usize,
    /// Bytes (1, 2, 4 or 8): the access is instructions `first .. first + len`.
    pub len: u32,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Ordering {
    NotAtomic,
    Unordered,
    Monotonic,
    Acquire,
    Release,
    AcqRel,
    SeqCst,
}

impl Ordering {
    pub fn is_acquire(self) -> bool {
        matches!(
            self,
            Ordering::Acquire | Ordering::AcqRel | Ordering::SeqCst
        )
    }
    pub fn is_release(self) -> bool {
        matches!(
            self,
            Ordering::Release | Ordering::AcqRel | Ordering::SeqCst
        )
    }
    pub fn is_atomic(self) -> bool {
        self != Ordering::NotAtomic
    }
    pub fn name(self) -> &'static str {
        match self {
            Ordering::NotAtomic => "na",
            Ordering::Unordered => "unordered",
            Ordering::Monotonic => "monotonic",
            Ordering::Acquire => "acquire",
            Ordering::Release => "release",
            Ordering::AcqRel => "acq_rel",
            Ordering::SeqCst => "seq_cst",
        }
    }
}

/// An operand: a constant, a register or `undef`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Operand {
    Const(i64),
    Reg(RegId),
    Undef,
}

/// A memory address: a declared symbol and an element index.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Addr {
    /// Index into `Program::symbols`.
    pub symbol: u32,
    /// Element index (`Const(0)` for a scalar).
    pub index: Operand,
    /// Reached through a generic (flat) pointer, `ptr addrspace(0)`. The
    /// memory model is the same as through the location's own address
    /// space: AMDGPUUsage, "Address Spaces", Generic: "FLAT instructions
    /// [...] can take a flat address and access global, private (scratch),
    /// and group (LDS) memory depending on if the address is within one of
    /// the aperture ranges". The hardware models lower it through the
    /// code-sequence tables' `generic` rows (docs/semantics.md, "Generic
    /// pointers").
    pub generic: bool,
    /// Byte within the element, for a symbol modelled byte by byte
    /// (`Symbol::bytes`): the access reaches location
    /// `first + index × bytes + byte`. Always 0 for a whole location.
    pub byte: u32,
}

/// How an access or fence takes part in the memory model.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MemAttrs {
    pub ordering: Ordering,
    pub scope: SyncScope,
    pub volatile: bool,
    /// `!mmra !{!"amdgcn-av", !"none"}`: no MakeAvailable / MakeVisible.
    pub av_none: bool,
    /// `!nontemporal` (non-atomic loads and stores only): a cache hint the
    /// memory model ignores and the code-sequence tables lower through their
    /// `nontemporal` rows.
    pub nontemporal: bool,
    /// A fence's `amdgpu-as` / `amdgpu-synchronize-as` MMRA tags: the
    /// address spaces it synchronizes (`None`: untagged).
    pub fence_spaces: Option<SpaceSet>,
}

impl MemAttrs {
    /// A plain access: not atomic, no hints, no MMRA tags (the scope of a
    /// non-atomic access is never read; system is the neutral one).
    pub const PLAIN: MemAttrs = MemAttrs {
        ordering: Ordering::NotAtomic,
        scope: SyncScope::SYSTEM,
        volatile: false,
        av_none: false,
        nontemporal: false,
        fence_spaces: None,
    };
}

/// A set of address spaces (what a fence or a `one-as` operation
/// synchronizes).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct SpaceSet(u32);

impl SpaceSet {
    pub const ALL: SpaceSet = SpaceSet(u32::MAX);
    pub const EMPTY: SpaceSet = SpaceSet(0);

    pub fn of(space: AddrSpace) -> SpaceSet {
        SpaceSet(1 << space.number())
    }

    pub fn with(self, space: AddrSpace) -> SpaceSet {
        SpaceSet(self.0 | SpaceSet::of(space).0)
    }

    pub fn contains(self, space: AddrSpace) -> bool {
        self.0 & SpaceSet::of(space).0 != 0
    }

    pub fn intersection(self, other: SpaceSet) -> SpaceSet {
        SpaceSet(self.0 & other.0)
    }

    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    pub fn is_all(self) -> bool {
        self == SpaceSet::ALL
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RmwOp {
    Xchg,
    Add,
    Sub,
    And,
    Or,
    Xor,
    Max,
    Min,
    UMax,
    UMin,
    /// `~(old & v)`
    Nand,
    /// `(old u>= v) ? 0 : old + 1`
    UIncWrap,
    /// `(old == 0 || old u> v) ? v : old - 1`
    UDecWrap,
    /// `(old u>= v) ? old - v : old`
    USubCond,
    /// `(old u>= v) ? old - v : 0`
    USubSat,
    /// The floating-point operations (`crate::float::rmw`).
    FAdd,
    FSub,
    /// `maxnum(old, v)`
    FMax,
    /// `minnum(old, v)`
    FMin,
    /// `maximum(old, v)`
    FMaximum,
    /// `minimum(old, v)`
    FMinimum,
}

impl RmwOp {
    /// The LLVM IR spelling.
    pub fn name(self) -> &'static str {
        match self {
            RmwOp::Xchg => "xchg",
            RmwOp::Add => "add",
            RmwOp::Sub => "sub",
            RmwOp::And => "and",
            RmwOp::Or => "or",
            RmwOp::Xor => "xor",
            RmwOp::Max => "max",
            RmwOp::Min => "min",
            RmwOp::UMax => "umax",
            RmwOp::UMin => "umin",
            RmwOp::Nand => "nand",
            RmwOp::UIncWrap => "uinc_wrap",
            RmwOp::UDecWrap => "udec_wrap",
            RmwOp::USubCond => "usub_cond",
            RmwOp::USubSat => "usub_sat",
            RmwOp::FAdd => "fadd",
            RmwOp::FSub => "fsub",
            RmwOp::FMax => "fmax",
            RmwOp::FMin => "fmin",
            RmwOp::FMaximum => "fmaximum",
            RmwOp::FMinimum => "fminimum",
        }
    }

    /// Every operation, for parsing and suggestions.
    pub const ALL: [RmwOp; 21] = [
        RmwOp::Xchg,
        RmwOp::Add,
        RmwOp::Sub,
        RmwOp::And,
        RmwOp::Or,
        RmwOp::Xor,
        RmwOp::Max,
        RmwOp::Min,
        RmwOp::UMax,
        RmwOp::UMin,
        RmwOp::Nand,
        RmwOp::UIncWrap,
        RmwOp::UDecWrap,
        RmwOp::USubCond,
        RmwOp::USubSat,
        RmwOp::FAdd,
        RmwOp::FSub,
        RmwOp::FMax,
        RmwOp::FMin,
        RmwOp::FMaximum,
        RmwOp::FMinimum,
    ];

    /// One of the floating-point operations (LangRef: their operand "may
    /// only be a floating-point [...] type").
    pub fn is_float(self) -> bool {
        matches!(
            self,
            RmwOp::FAdd
                | RmwOp::FSub
                | RmwOp::FMax
                | RmwOp::FMin
                | RmwOp::FMaximum
                | RmwOp::FMinimum
        )
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BinOp {
    Add,
    Sub,
    Mul,
    And,
    Or,
    Xor,
    Shl,
    LShr,
    AShr,
    /// `fadd`, `fsub`, `fmul`, `fdiv`, `frem` on the bits of the
    /// instruction's floating-point type (`crate::float::bin`).
    FAdd,
    FSub,
    FMul,
    FDiv,
    FRem,
    /// `a` (of type `from`) converted to the instruction's type; `b` is
    /// unused (`crate::float::convert`).
    Conv {
        op: ConvOp,
        from: Ty,
    },
    /// A floating-point intrinsic of one or two operands on the bits of
    /// the instruction's floating-point type (`b` unused for one operand;
    /// `crate::float::math`).
    FMath(FMathOp),
}

impl BinOp {
    /// The LLVM IR spelling (`add`, `lshr`, `fadd`, `sitofp`, `sqrt`).
    pub fn name(self) -> &'static str {
        match self {
            BinOp::Add => "add",
            BinOp::Sub => "sub",
            BinOp::Mul => "mul",
            BinOp::And => "and",
            BinOp::Or => "or",
            BinOp::Xor => "xor",
            BinOp::Shl => "shl",
            BinOp::LShr => "lshr",
            BinOp::AShr => "ashr",
            BinOp::FAdd => "fadd",
            BinOp::FSub => "fsub",
            BinOp::FMul => "fmul",
            BinOp::FDiv => "fdiv",
            BinOp::FRem => "frem",
            BinOp::Conv { op, .. } => op.name(),
            BinOp::FMath(op) => op.name(),
        }
    }
}

/// The floating-point intrinsics a kernel's `llvm.*` calls lower to
/// (LangRef, "Standard C/C++ Library Intrinsics"), and the exact steps
/// `llvm.fma` is built from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FMathOp {
    Sqrt,
    Floor,
    Ceil,
    Trunc,
    /// `llvm.rint`, `llvm.nearbyint`, `llvm.roundeven`: to an integer,
    /// ties to even (the default rounding mode).
    Rint,
    /// `llvm.round`: to an integer, ties away from zero.
    Round,
    MinNum,
    MaxNum,
    Minimum,
    Maximum,
    Copysign,
    /// `a + b` rounded to odd (an inexact result gets an odd last bit).
    AddOdd,
    /// The exact error of `a + b` rounded to nearest: `(a + b) - RN(a + b)`.
    AddErr,
    /// The exact error of `a * b` rounded to nearest: `a * b - RN(a * b)`.
    MulErr,
}

impl FMathOp {
    /// The intrinsic's name (`sqrt` for `llvm.sqrt.*`), or the step's.
    pub fn name(self) -> &'static str {
        match self {
            FMathOp::Sqrt => "sqrt",
            FMathOp::Floor => "floor",
            FMathOp::Ceil => "ceil",
            FMathOp::Trunc => "trunc",
            FMathOp::Rint => "rint",
            FMathOp::Round => "round",
            FMathOp::MinNum => "minnum",
            FMathOp::MaxNum => "maxnum",
            FMathOp::Minimum => "minimum",
            FMathOp::Maximum => "maximum",
            FMathOp::Copysign => "copysign",
            FMathOp::AddOdd => "fadd.round_to_odd",
            FMathOp::AddErr => "fadd.error",
            FMathOp::MulErr => "fmul.error",
        }
    }
}

/// A conversion between integer and floating-point types (LangRef,
/// "Conversion Operations").
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ConvOp {
    SIToFP,
    UIToFP,
    FPToSI,
    FPToUI,
    FPExt,
    FPTrunc,
}

impl ConvOp {
    /// The LLVM IR spelling.
    pub fn name(self) -> &'static str {
        match self {
            ConvOp::SIToFP => "sitofp",
            ConvOp::UIToFP => "uitofp",
            ConvOp::FPToSI => "fptosi",
            ConvOp::FPToUI => "fptoui",
            ConvOp::FPExt => "fpext",
            ConvOp::FPTrunc => "fptrunc",
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CmpOp {
    Eq,
    Ne,
    Slt,
    Sle,
    Sgt,
    Sge,
    Ult,
    Ule,
    Ugt,
    Uge,
    /// `fcmp PRED` on the bits of the instruction's floating-point type.
    F(FPred),
}

impl CmpOp {
    /// The predicate's LLVM IR spelling (`eq`, `ult`; `fcmp`'s `olt`).
    pub fn name(self) -> &'static str {
        match self {
            CmpOp::Eq => "eq",
            CmpOp::Ne => "ne",
            CmpOp::Slt => "slt",
            CmpOp::Sle => "sle",
            CmpOp::Sgt => "sgt",
            CmpOp::Sge => "sge",
            CmpOp::Ult => "ult",
            CmpOp::Ule => "ule",
            CmpOp::Ugt => "ugt",
            CmpOp::Uge => "uge",
            CmpOp::F(p) => p.name(),
        }
    }
}

/// The predicates of `fcmp` (LangRef, "'fcmp' Instruction"): ordered
/// (`o*`: neither operand is a NaN and the relation holds), unordered (`u*`:
/// either operand is a NaN or the relation holds), `ord`, `uno`, `true`,
/// `false`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FPred {
    False,
    Oeq,
    Ogt,
    Oge,
    Olt,
    Ole,
    One,
    Ord,
    Ueq,
    Ugt,
    Uge,
    Ult,
    Ule,
    Une,
    Uno,
    True,
}

impl FPred {
    pub const ALL: [FPred; 16] = [
        FPred::False,
        FPred::Oeq,
        FPred::Ogt,
        FPred::Oge,
        FPred::Olt,
        FPred::Ole,
        FPred::One,
        FPred::Ord,
        FPred::Ueq,
        FPred::Ugt,
        FPred::Uge,
        FPred::Ult,
        FPred::Ule,
        FPred::Une,
        FPred::Uno,
        FPred::True,
    ];

    /// The LLVM IR spelling.
    pub fn name(self) -> &'static str {
        match self {
            FPred::False => "false",
            FPred::Oeq => "oeq",
            FPred::Ogt => "ogt",
            FPred::Oge => "oge",
            FPred::Olt => "olt",
            FPred::Ole => "ole",
            FPred::One => "one",
            FPred::Ord => "ord",
            FPred::Ueq => "ueq",
            FPred::Ugt => "ugt",
            FPred::Uge => "uge",
            FPred::Ult => "ult",
            FPred::Ule => "ule",
            FPred::Une => "une",
            FPred::Uno => "uno",
            FPred::True => "true",
        }
    }
}

/// Value types, for wrap-around and for width checks. The floating-point
/// types hold the IEEE-754 bits of their value (`crate::float`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Ty {
    I1,
    I8,
    I16,
    I32,
    I64,
    I128,
    /// `<4 x i32>` of the b128 intrinsics, treated as one value.
    V4I32,
    Half,
    Float,
    Double,
}

impl Ty {
    /// `v` truncated to this width, in the checker's sign-extended form
    /// (`i1` keeps the low bit; 64 bits and wider are kept whole).
    pub fn wrap(self, v: i64) -> i64 {
        match self {
            Ty::I1 => v & 1,
            Ty::I8 => v as i8 as i64,
            Ty::I16 | Ty::Half => v as i16 as i64,
            Ty::I32 | Ty::Float => v as i32 as i64,
            Ty::I64 | Ty::I128 | Ty::V4I32 | Ty::Double => v,
        }
    }

    /// The LLVM IR spelling (`i32`, `<4 x i32>`).
    pub fn name(self) -> &'static str {
        match self {
            Ty::I1 => "i1",
            Ty::I8 => "i8",
            Ty::I16 => "i16",
            Ty::I32 => "i32",
            Ty::I64 => "i64",
            Ty::I128 => "i128",
            Ty::V4I32 => "<4 x i32>",
            Ty::Half => "half",
            Ty::Float => "float",
            Ty::Double => "double",
        }
    }

    /// Bits the value occupies in memory (`i1` takes a byte).
    pub fn bits(self) -> u32 {
        match self {
            Ty::I1 | Ty::I8 => 8,
            Ty::I16 | Ty::Half => 16,
            Ty::I32 | Ty::Float => 32,
            Ty::I64 | Ty::Double => 64,
            Ty::I128 | Ty::V4I32 => 128,
        }
    }

    /// Bytes the value occupies in memory.
    pub fn bytes(self) -> u32 {
        self.bits() / 8
    }

    /// `half`, `float` or `double`.
    pub fn is_float(self) -> bool {
        matches!(self, Ty::Half | Ty::Float | Ty::Double)
    }
}

/// Which intrinsic family a DMA copy belongs to (async-operations.txt).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DmaKind {
    /// `llvm.amdgcn.global.load.lds`: completion tracked by the compiler.
    Tracked,
    /// `llvm.amdgcn.global.load.async.lds`
    GlobalAsync,
    /// `llvm.amdgcn.load.async.to.lds`
    LoadAsync,
}

/// Hardware barrier intrinsics (execution-synchronization.txt).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HwBarrier {
    Barrier,
    Signal(Operand),
    SignalIsFirst(Operand),
    SignalVar(Operand, Operand),
    Wait(Operand),
    Init(Operand, Operand),
    Join(Operand),
    Leave,
    /// `%first = call i1 @llvm.amdgcn.s.barrier.signal.isfirst(i32 id)`:
    /// signals `id` and writes to `dst` whether this wave signalled first.
    /// `lower` always produces this form (a hidden register when the result
    /// is unused), never `SignalIsFirst`.
    SignalIsFirstTo {
        id: Operand,
        dst: RegId,
    },
}

/// Operations of the abstract barrier execution model on declared objects.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BarrierOp {
    Init {
        barrier: u32,
        count: Operand,
    },
    Join {
        barrier: u32,
    },
    Drop {
        barrier: u32,
    },
    Arrive {
        barrier: u32,
        new_count: Option<Operand>,
    },
    Wait {
        barrier: u32,
    },
}

/// One instruction. Labels are resolved to instruction indices in the same
/// body; `Call` refers to `Program::functions`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Instr {
    /// `load` (plain, atomic or volatile); `visible` is `Some(scope)` for
    /// `llvm.amdgcn.av.global.load.b128` (a non-atomic load-visible).
    Load {
        dst: RegId,
        ty: Ty,
        addr: Addr,
        attrs: MemAttrs,
        visible: Option<SyncScope>,
    },
    /// `store`; `available` is `Some(scope)` for
    /// `llvm.amdgcn.av.global.store.b128` (a non-atomic store-available).
    Store {
        ty: Ty,
        value: Operand,
        addr: Addr,
        attrs: MemAttrs,
        available: Option<SyncScope>,
    },
    Rmw {
        dst: RegId,
        ty: Ty,
        op: RmwOp,
        addr: Addr,
        value: Operand,
        attrs: MemAttrs,
    },
    /// `cmpxchg`: `dst_old` gets the old value, `dst_ok` the success flag
    /// (the two fields of the `{ ty, i1 }` pair). `weak`: may fail
    /// spuriously (LangRef, "'cmpxchg' Instruction").
    CmpXchg {
        weak: bool,
        dst_old: RegId,
        dst_ok: RegId,
        ty: Ty,
        addr: Addr,
        expected: Operand,
        new: Operand,
        attrs: MemAttrs,
        failure: Ordering,
    },
    Fence {
        attrs: MemAttrs,
    },
    /// Register copy (`extractvalue` of a cmpxchg pair lowers to this).
    Move {
        dst: RegId,
        src: Operand,
    },
    Bin {
        dst: RegId,
        ty: Ty,
        op: BinOp,
        a: Operand,
        b: Operand,
    },
    Cmp {
        dst: RegId,
        ty: Ty,
        op: CmpOp,
        a: Operand,
        b: Operand,
    },
    Select {
        dst: RegId,
        cond: Operand,
        a: Operand,
        b: Operand,
    },
    Jump {
        target: u32,
    },
    Branch {
        cond: Operand,
        then_: u32,
        else_: u32,
    },
    Assume {
        cond: Operand,
    },
    /// Entry of an inlined call of `Program::functions[func]` (a marker: the
    /// callee's body follows, inlined with its registers renamed).
    CallEnter {
        func: u32,
    },
    /// The matching return of an inlined call.
    CallExit {
        func: u32,
    },
    Dma {
        kind: DmaKind,
        src: Addr,
        dst: Addr,
        /// Bytes this instruction copies: one element of `src` and `dst`.
        size: u32,
        /// 0 for a copy of one element, or the first element of a copy
        /// that fills several (a 12- or 16-byte copy of 32-bit elements);
        /// `k` for the `k`-th following element of such a copy, which comes
        /// right after element `k - 1` (docs/semantics.md, "Wide LDS DMA").
        part: u8,
        /// The issuing thread's lane in its wavefront. `dst` already
        /// includes the lane's implicit LDS offset (`4 * lane` bytes for
        /// sizes up to 4, `16 * lane` above); kept to show it
        /// (docs/semantics.md, "Per-lane LDS DMA").
        lane: u32,
        /// Issued by a buffer form (`llvm.amdgcn.{raw|struct}[.ptr].buffer.load[.async].lds`):
        /// the same copy, its source addressed through a buffer
        /// resource (docs/semantics.md, "Buffer LDS DMA").
        buffer: bool,
    },
    AsyncMark,
    WaitAsyncMark {
        outstanding: u32,
    },
    Hw(HwBarrier),
    Barrier(BarrierOp),
    /// End of the thread (`ret void` at top level, or falling off the end).
    Halt,
}

impl Instr {
    /// The registers the instruction writes: a load's, an RMW's, a copy's,
    /// an arithmetic result's, both results of a `cmpxchg`, and
    /// `s.barrier.signal.isfirst`'s flag. The one list the register
    /// dataflow of lowering (read before write), the hardware model's
    /// pruning and llc's IR (phis) share.
    pub fn writes(&self) -> Vec<RegId> {
        match *self {
            Instr::Load { dst, .. }
            | Instr::Rmw { dst, .. }
            | Instr::Move { dst, .. }
            | Instr::Bin { dst, .. }
            | Instr::Cmp { dst, .. }
            | Instr::Select { dst, .. }
            | Instr::Hw(HwBarrier::SignalIsFirstTo { dst, .. }) => vec![dst],
            Instr::CmpXchg {
                dst_old, dst_ok, ..
            } => vec![dst_old, dst_ok],
            _ => Vec::new(),
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Thread {
    pub name: String,
    pub placement: Placement,
    /// Register names, indexed by `RegId` (`%r0`; inlined callee registers
    /// are spelled `@f.%r` to keep them apart).
    pub regs: Vec<String>,
    /// The body with calls inlined; always ends in `Halt`.
    pub code: Vec<Instr>,
    /// Source position of each instruction of `code`.
    pub pos: Vec<Pos>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Function {
    pub name: String,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BarrierDecl {
    pub name: String,
    pub scope: crate::scope::ScopeLevel,
    /// `Some(k)` when declared `= k` (initialised before any thread starts).
    pub init: Option<i64>,
}

/// Something a condition or `locations` list can observe.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Observable {
    /// `THREAD:%reg` (thread index, register id).
    Reg { thread: u32, reg: RegId },
    /// `@loc` (global) or `wgN:@loc` (LDS of workgroup N).
    Mem { loc: LocId, wg: Option<u32> },
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Cond {
    True,
    False,
    /// `obs == value` (or `!=` when `equal` is false).
    Atom {
        obs: Observable,
        equal: bool,
        value: Value,
    },
    Not(Box<Cond>),
    And(Box<Cond>, Box<Cond>),
    Or(Box<Cond>, Box<Cond>),
    Implies(Box<Cond>, Box<Cond>),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Quantifier {
    Exists,
    NotExists,
    Forall,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Condition {
    pub quantifier: Quantifier,
    pub cond: Cond,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize)]
pub enum Observation {
    Always,
    Sometimes,
    Never,
}

impl Observation {
    pub fn name(self) -> &'static str {
        match self {
            Observation::Always => "Always",
            Observation::Sometimes => "Sometimes",
            Observation::Never => "Never",
        }
    }
}

/// The flags a run reports (litmus-format.md, "Expected result").
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Flags {
    pub race: bool,
    pub ub: bool,
    pub deadlock: bool,
    pub cutoff: bool,
}

impl Flags {
    pub fn union(self, o: Flags) -> Flags {
        Flags {
            race: self.race | o.race,
            ub: self.ub | o.ub,
            deadlock: self.deadlock | o.deadlock,
            cutoff: self.cutoff | o.cutoff,
        }
    }
    /// Names of the set flags in a fixed order.
    pub fn names(self) -> Vec<&'static str> {
        let mut v = Vec::new();
        if self.race {
            v.push("race");
        }
        if self.ub {
            v.push("ub");
        }
        if self.deadlock {
            v.push("deadlock");
        }
        if self.cutoff {
            v.push("cutoff");
        }
        v
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Expectation {
    pub observation: Observation,
    pub flags: Flags,
    pub pos: Pos,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Program {
    pub name: String,
    pub description: Option<String>,
    pub locations: Vec<Location>,
    pub symbols: Vec<Symbol>,
    pub barriers: Vec<BarrierDecl>,
    /// Pairs of barrier indices declared `exclusive`.
    pub exclusive: Vec<(u32, u32)>,
    pub functions: Vec<Function>,
    pub threads: Vec<Thread>,
    /// The workgroup ids that occur in the placement, sorted.
    pub workgroups: Vec<u32>,
    /// What to print besides the condition's terms (`locations [...]`).
    pub observed: Vec<Observable>,
    pub condition: Condition,
    /// The condition as written, normalised for display (`P1:%r0=1 /\ ...`).
    pub condition_text: String,
    /// The unqualified `expect` line: the verdict under every model without
    /// a line of its own.
    pub expect: Option<Expectation>,
    /// `expect MODEL ...` lines, by `--model` name.
    pub expect_by_model: Vec<(String, Expectation)>,
    /// The floating-point type of each shown observable that has one (a
    /// register a `half`/`float`/`double` load or `atomicrmw` defines, a
    /// location such an access reaches): final states show its value as a
    /// decimal.
    pub float_types: Vec<(Observable, Ty)>,
}

impl Program {
    /// A test that a limit stopped reading: its name only (no threads, no
    /// locations, the condition `true`), for an `Unknown` result that still
    /// names the test.
    pub fn unread(name: String) -> Program {
        Program {
            name,
            description: None,
            locations: Vec::new(),
            symbols: Vec::new(),
            barriers: Vec::new(),
            exclusive: Vec::new(),
            functions: Vec::new(),
            threads: Vec::new(),
            workgroups: Vec::new(),
            observed: Vec::new(),
            condition: Condition {
                quantifier: Quantifier::Exists,
                cond: Cond::True,
            },
            condition_text: "true".to_string(),
            expect: None,
            expect_by_model: Vec::new(),
            float_types: Vec::new(),
        }
    }

    /// The expectation under `--model NAME`: its own `expect NAME ...` line,
    /// else the unqualified one.
    pub fn expectation_for(&self, model: &str) -> Option<Expectation> {
        self.expect_by_model
            .iter()
            .find(|(m, _)| m == model)
            .map(|(_, e)| *e)
            .or(self.expect)
    }

    /// Display name of an observable, as herd prints it (`P1:%r0`, `x`, `wg1:t[0]`).
    pub fn observable_name(&self, obs: &Observable) -> String {
        match obs {
            Observable::Reg { thread, reg } => {
                let t = &self.threads[*thread as usize];
                format!("{}:{}", t.name, t.regs[*reg as usize])
            }
            Observable::Mem { loc, wg: None } => self.location_name(*loc).to_string(),
            Observable::Mem { loc, wg: Some(w) } => {
                format!("wg{}:{}", w, self.location_name(*loc))
            }
        }
    }

    /// The floating-point type of an observable, if it has one.
    pub fn float_type(&self, obs: &Observable) -> Option<Ty> {
        self.float_types
            .iter()
            .find(|(o, _)| o == obs)
            .map(|&(_, t)| t)
    }

    /// How a final state shows `v` for `obs`: a decimal (`1.5`, `-0.0`,
    /// `nan`) for a floating-point observable, else the integer.
    pub fn value_text(&self, obs: &Observable, v: Value) -> String {
        match (self.float_type(obs), v) {
            (Some(ty), Value::Int(bits)) => crate::float::display(ty, bits),
            _ => v.to_string(),
        }
    }

    /// The symbol an instruction reaches byte by byte (a `load` or `store`
    /// the lowering split into one-byte accesses: docs/semantics.md,
    /// "Byte-level accesses"), if any. Consumers that need whole accesses
    /// (the hardware models, the IR emitter) refuse it by this.
    pub fn byte_level(&self, i: &Instr) -> Option<&Symbol> {
        let addr = match i {
            Instr::Load { addr, .. } | Instr::Store { addr, .. } => addr,
            _ => return None,
        };
        let s = &self.symbols[addr.symbol as usize];
        s.bytes.map(|_| s)
    }

    /// The whole access a one-byte `load` or `store` of a byte-level symbol
    /// belongs to ([`Self::byte_level`]): the lowering emits a load or store
    /// of N bytes as N consecutive one-byte accesses, lowest byte first,
    /// all with the access's source position (`byte_load` / `byte_store`
    /// of the lowering). Consumers that perform the access as one
    /// instruction (the hardware models) find it by this. `None` for
    /// anything else.
    pub fn byte_access(&self, t: &Thread, k: usize) -> Option<ByteAccess> {
        self.byte_level(t.code.get(k)?)?;
        // Does instruction `b` continue the access of instruction `a`?
        let next = |a: usize, b: usize| {
            let (x, y) = match (&t.code[a], &t.code[b]) {
                (Instr::Load { addr: x, .. }, Instr::Load { addr: y, .. })
                | (Instr::Store { addr: x, .. }, Instr::Store { addr: y, .. }) => (x, y),
                _ => return false,
            };
            x.symbol == y.symbol
                && x.index == y.index
                && x.generic == y.generic
                && y.byte == x.byte + 1
                && t.pos.get(a) == t.pos.get(b)
        };
        let mut first = k;
        while first > 0 && next(first - 1, first) {
            first -= 1;
        }
        let mut end = k + 1;
        while end < t.code.len() && next(end - 1, end) {
            end += 1;
        }
        Some(ByteAccess {
            first,
            len: (end - first) as u32,
        })
    }

    /// The name `@loc` shows under: the element's for a byte-level one
    /// (an observed `@x` is its first byte, composed with the others).
    pub fn location_name(&self, loc: LocId) -> &str {
        let l = &self.locations[loc as usize];
        match &l.byte {
            Some(b) => &b.element,
            None => &l.name,
        }
    }

    /// Every observable the final states show: the condition's terms, then the
    /// `locations` list, without repetition, in first-mention order.
    pub fn shown_observables(&self) -> Vec<Observable> {
        let mut out: Vec<Observable> = Vec::new();
        fn walk(c: &Cond, out: &mut Vec<Observable>) {
            match c {
                Cond::True | Cond::False => {}
                Cond::Atom { obs, .. } => {
                    if !out.contains(obs) {
                        out.push(obs.clone())
                    }
                }
                Cond::Not(a) => walk(a, out),
                Cond::And(a, b) | Cond::Or(a, b) | Cond::Implies(a, b) => {
                    walk(a, out);
                    walk(b, out)
                }
            }
        }
        for o in &self.observed {
            if !out.contains(o) {
                out.push(o.clone());
            }
        }
        walk(&self.condition.cond, &mut out);
        out
    }
}
