//! The syntax tree of a `.litmus` file, with byte spans, before any name
//! resolution or checking (that is `amdmm_program::lower`'s job).

pub use crate::span::Span;

/// A name as written (without its `@` / `%` sigil) and where.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ident {
    pub name: String,
    pub span: Span,
}

/// A value with its span.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Spanned<T> {
    pub node: T,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct File {
    /// The whole source text (for positions in later stages).
    pub source: String,
    pub name: Ident,
    pub description: Option<Spanned<String>>,
    pub decls: Vec<Decl>,
    pub functions: Vec<Function>,
    pub threads: Vec<Thread>,
    /// `locations [...]`, when present.
    pub locations: Option<Vec<Observable>>,
    pub condition: Condition,
    /// The `expect` line that holds for every model without its own line.
    pub expect: Option<Expect>,
    /// `expect MODEL ...` lines: the verdict under `--model MODEL`.
    pub model_expects: Vec<ModelExpect>,
}

/// The `--model` names an `expect` line may be qualified with.
pub const MODEL_NAMES: &[&str] = &["seed", "upstream", "proposed"];

/// `expect upstream Sometimes race`
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ModelExpect {
    pub model: Spanned<String>,
    pub expect: Expect,
}

impl File {
    /// 1-based line and column (in characters) of a byte offset.
    pub fn line_col(&self, offset: usize) -> (usize, usize) {
        crate::span::line_col(&self.source, offset)
    }
}

/// The address spaces of AMDGPUUsage's table "AMDGPU Address Spaces" that
/// amdmm does not model: number, name, and the sentence each refusal quotes
/// (AMDGPUUsage, "Memory Model", unless named otherwise). A declaration
/// keyword (`private x;`) and a pointer (`ptr addrspace(5)`) are refused
/// alike.
pub const UNMODELLED_SPACES: &[(i64, &str, &str)] = &[
    (
        2,
        "region (GDS)",
        "\"The memory model does not support the region address space which is treated as non-atomic.\"",
    ),
    (
        4,
        "constant",
        "\"Since the constant address space contents do not change during the execution of a kernel dispatch it is not legal to perform stores, and atomic memory orderings are not meaningful, and all accesses are treated as non-atomic.\"",
    ),
    (
        5,
        "private",
        "\"Since only a single thread is accessing the memory, atomic memory orderings are not meaningful, and all accesses are treated as non-atomic.\"",
    ),
    (6, "constant 32-bit", "AMDGPUUsage, \"Address Spaces\": \"Constant 32-bit: *TODO*\""),
    (
        7,
        "buffer fat pointer",
        "AMDGPUUsage, \"Address Spaces\": \"an experimental address space\"",
    ),
    (8, "buffer resource", "AMDGPUUsage, \"Address Spaces\": a V# descriptor, not a location"),
    (
        9,
        "buffer strided pointer",
        "AMDGPUUsage, \"Address Spaces\": \"(experimental)\"",
    ),
];

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Space {
    Global,
    Lds,
}

/// A constant in a declaration, a condition or an operand position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Value {
    Int(i64),
    /// A decimal floating-point literal, as the bits of an `f64` (its text
    /// is at the span, for rounding to the type it is used with).
    Float(u64),
    Undef,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Init {
    /// `= v`: every element.
    All(Spanned<Value>),
    /// `= {v0, v1, ...}`
    List(Vec<Spanned<Value>>),
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Decl {
    /// `global x = 0;`, `lds t[4] = 0;`, `global b[2] = {1, 2};`, `global y;`
    Var {
        space: Spanned<Space>,
        name: Ident,
        len: Option<Spanned<i64>>,
        init: Option<Init>,
        span: Span,
    },
    /// `barrier B workgroup [= k];`
    Barrier {
        name: Ident,
        scope: Ident,
        init: Option<Spanned<i64>>,
        span: Span,
    },
    /// `exclusive B, C;`
    Exclusive { names: Vec<Ident>, span: Span },
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Function {
    pub name: Ident,
    pub body: Vec<Stmt>,
    pub span: Span,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PlaceKey {
    Agent,
    Cluster,
    Wg,
    Wave,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlaceField {
    pub key: Spanned<PlaceKey>,
    pub value: Spanned<i64>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Thread {
    pub name: Ident,
    pub placement: Vec<PlaceField>,
    pub body: Vec<Stmt>,
    pub span: Span,
    /// The closing `}` of the body.
    pub end: Span,
}

/// A statement of a body: a label or an instruction.
#[allow(clippy::large_enum_variant)] // an AST node, built once
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Stmt {
    Label(Ident),
    Instr(Instr),
}

/// One instruction, with the register it assigns (if any).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Instr {
    pub dst: Option<Ident>,
    pub kind: InstrKind,
    /// From the destination (or the opcode) to the end of the instruction.
    pub span: Span,
    /// The opcode word (`load`, `call`, ...).
    pub op_span: Span,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TyKind {
    I1,
    I8,
    I16,
    I32,
    I64,
    I128,
    /// `<4 x i32>`
    V4I32,
    /// LangRef's IEEE-754 `half`, `float` and `double`.
    Half,
    Float,
    Double,
    Void,
    /// `ptr` as a value type (only valid as a pointer argument).
    Ptr,
}

pub type Type = Spanned<TyKind>;

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OperandKind {
    Int(i64),
    /// A decimal floating-point literal, as the bits of an `f64`.
    Float(u64),
    Reg(String),
    Undef,
}

pub type Operand = Spanned<OperandKind>;

/// `ptr [addrspace(N)] @sym[index]`
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pointer {
    pub addrspace: Option<Spanned<i64>>,
    pub sym: Ident,
    pub index: Option<Operand>,
    /// Bytes past the element, from the constant expression
    /// `getelementptr (i8, ptr @x, i64 N)` (docs/format.md, "Byte-level
    /// accesses"); `None` without one.
    pub offset: Option<Spanned<i64>>,
    pub span: Span,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ordering {
    Unordered,
    Monotonic,
    Acquire,
    Release,
    AcqRel,
    SeqCst,
}

impl Ordering {
    pub const SPELLINGS: &'static [&'static str] = &[
        "unordered",
        "monotonic",
        "acquire",
        "release",
        "acq_rel",
        "seq_cst",
    ];

    pub fn parse(s: &str) -> Option<Ordering> {
        Some(match s {
            "unordered" => Ordering::Unordered,
            "monotonic" => Ordering::Monotonic,
            "acquire" => Ordering::Acquire,
            "release" => Ordering::Release,
            "acq_rel" => Ordering::AcqRel,
            "seq_cst" => Ordering::SeqCst,
            _ => return None,
        })
    }

    pub fn name(self) -> &'static str {
        Ordering::SPELLINGS[self as usize]
    }
}

/// The memory-model attributes common to atomics and fences.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Atomicity {
    /// The string inside `syncscope("...")`.
    pub scope: Option<Spanned<String>>,
    pub ordering: Option<Spanned<Ordering>>,
    /// `cmpxchg`'s failure ordering.
    pub failure: Option<Spanned<Ordering>>,
    /// `!mmra !{!"amdgcn-av", !"none"}` was present.
    pub av_none: bool,
    /// `!nontemporal !{i32 1}` (or `!nontemporal !N`): where it was written.
    pub nontemporal: Option<Span>,
    /// The `!mmra` node, when there is one (for diagnostics on where its
    /// tags may be used).
    pub mmra: Option<Span>,
    /// The address spaces named by `amdgpu-as` / `amdgpu-synchronize-as`
    /// tags, with the span of the first such tag (`None`: no such tag).
    pub fence_spaces: Option<Spanned<FenceSpaces>>,
}

/// The address spaces a fence's `amdgpu-as:local|global` (seed AMDGPUUsage)
/// or `amdgpu-synchronize-as:local|global` (upstream) MMRA tags name.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct FenceSpaces {
    pub local: bool,
    pub global: bool,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum InstrKind {
    Load {
        atomic: bool,
        volatile: bool,
        ty: Type,
        ptr: Pointer,
        at: Atomicity,
    },
    Store {
        atomic: bool,
        volatile: bool,
        ty: Type,
        value: Operand,
        ptr: Pointer,
        at: Atomicity,
    },
    AtomicRmw {
        volatile: bool,
        op: Ident,
        ptr: Pointer,
        ty: Type,
        value: Operand,
        at: Atomicity,
    },
    CmpXchg {
        weak: bool,
        volatile: bool,
        ptr: Pointer,
        ty: Type,
        expected: Operand,
        new: Operand,
        at: Atomicity,
    },
    /// `extractvalue { ty, i1 } %p, N`
    ExtractValue {
        src: Ident,
        index: Spanned<i64>,
    },
    Fence {
        at: Atomicity,
    },
    /// `add|sub|...` (LLVM flags `nsw`, `nuw`, `exact` are dropped).
    Bin {
        op: Ident,
        ty: Type,
        a: Operand,
        b: Operand,
    },
    ICmp {
        pred: Ident,
        ty: Type,
        a: Operand,
        b: Operand,
    },
    Select {
        cond: Operand,
        ty: Type,
        a: Operand,
        b: Operand,
    },
    Br {
        target: Ident,
    },
    CondBr {
        cond: Operand,
        then_: Ident,
        else_: Ident,
    },
    /// `call <ty> @callee(args)`: intrinsics and defined functions alike.
    Call {
        ret: Type,
        callee: Ident,
        args: Vec<Arg>,
    },
    /// `barrier.init|join|drop|arrive|wait @B [, count]`
    Barrier {
        op: Ident,
        barrier: Ident,
        count: Option<Operand>,
    },
    Ret,
}

/// A call argument.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Arg {
    Ptr(Pointer),
    Value {
        ty: Type,
        value: Operand,
    },
    /// `metadata !"..."`
    Metadata(Spanned<String>),
}

impl Arg {
    pub fn span(&self) -> Span {
        match self {
            Arg::Ptr(p) => p.span,
            Arg::Value { ty, value } => ty.span.to(value.span),
            Arg::Metadata(m) => m.span,
        }
    }
}

/// Something a condition or `locations` observes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Observable {
    /// `THREAD:%reg`
    Reg {
        thread: Ident,
        reg: Ident,
        span: Span,
    },
    /// `@loc`, `@a[i]`, `wgN:@loc`
    Mem {
        wg: Option<Spanned<i64>>,
        sym: Ident,
        index: Option<Spanned<i64>>,
        span: Span,
    },
}

impl Observable {
    pub fn span(&self) -> Span {
        match self {
            Observable::Reg { span, .. } | Observable::Mem { span, .. } => *span,
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Quantifier {
    Exists,
    NotExists,
    Forall,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Condition {
    pub quantifier: Spanned<Quantifier>,
    pub expr: Expr,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Expr {
    True(Span),
    False(Span),
    /// `obs == v` (`equal`) or `obs != v`.
    Atom {
        obs: Observable,
        equal: bool,
        value: Spanned<Value>,
    },
    Not(Box<Expr>, Span),
    And(Box<Expr>, Box<Expr>),
    Or(Box<Expr>, Box<Expr>),
    Implies(Box<Expr>, Box<Expr>),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    Always,
    Sometimes,
    Never,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Flag {
    Race,
    Ub,
    Deadlock,
    Cutoff,
}

/// `expect Never race`
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Expect {
    pub outcome: Spanned<Outcome>,
    pub flags: Vec<Spanned<Flag>>,
    pub span: Span,
}
