//! The LLVM IR module as the reader keeps it: the subset clang-22 and
//! llc-22 print for device code, every instruction with its line.

use std::collections::HashMap;

/// An IR type.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Type {
    Void,
    /// `iN`
    Int(u32),
    Half,
    BFloat,
    Float,
    Double,
    /// `ptr addrspace(N)` (`ptr` is address space 0, generic).
    Ptr(u32),
    /// `[N x T]`
    Array(u64, Box<Type>),
    /// `<N x T>`
    Vector(u64, Box<Type>),
    /// `{ T, U }` (also packed `<{ ... }>`).
    Struct(Vec<Type>),
    Label,
    Metadata,
}

impl Type {
    /// Bytes the type takes in memory (the data layout's sizes: AMDGPU's
    /// pointers are 8 bytes except LDS and private, which are 4). Structs
    /// are laid out with natural alignment.
    pub fn size(&self) -> u64 {
        match self {
            Type::Void | Type::Label | Type::Metadata => 0,
            Type::Int(b) => u64::from(b.div_ceil(8)).next_power_of_two().max(1),
            Type::Half | Type::BFloat => 2,
            Type::Float => 4,
            Type::Double => 8,
            Type::Ptr(3) | Type::Ptr(5) | Type::Ptr(2) | Type::Ptr(6) => 4,
            Type::Ptr(_) => 8,
            Type::Array(n, t) | Type::Vector(n, t) => n * t.size(),
            Type::Struct(fs) => {
                let mut off: u64 = 0;
                let mut align: u64 = 1;
                for f in fs {
                    let a = f.align();
                    align = align.max(a);
                    off = off.div_ceil(a) * a + f.size();
                }
                off.div_ceil(align) * align
            }
        }
    }

    fn align(&self) -> u64 {
        match self {
            Type::Array(_, t) => t.align(),
            Type::Struct(fs) => fs.iter().map(Type::align).max().unwrap_or(1),
            t => t.size().max(1),
        }
    }

    /// Byte offset of field `k` of a struct.
    pub fn field_offset(&self, k: usize) -> Option<u64> {
        let Type::Struct(fs) = self else { return None };
        let mut off: u64 = 0;
        for (i, f) in fs.iter().enumerate() {
            let a = f.align();
            off = off.div_ceil(a) * a;
            if i == k {
                return Some(off);
            }
            off += f.size();
        }
        None
    }

    pub fn is_ptr(&self) -> bool {
        matches!(self, Type::Ptr(_))
    }

    /// The LLVM spelling, for messages.
    pub fn text(&self) -> String {
        match self {
            Type::Void => "void".into(),
            Type::Int(b) => format!("i{b}"),
            Type::Half => "half".into(),
            Type::BFloat => "bfloat".into(),
            Type::Float => "float".into(),
            Type::Double => "double".into(),
            Type::Ptr(0) => "ptr".into(),
            Type::Ptr(n) => format!("ptr addrspace({n})"),
            Type::Array(n, t) => format!("[{n} x {}]", t.text()),
            Type::Vector(n, t) => format!("<{n} x {}>", t.text()),
            Type::Struct(fs) => format!(
                "{{ {} }}",
                fs.iter().map(Type::text).collect::<Vec<_>>().join(", ")
            ),
            Type::Label => "label".into(),
            Type::Metadata => "metadata".into(),
        }
    }
}

/// An operand.
#[derive(Clone, Debug, PartialEq)]
pub enum Value {
    Local(String),
    Global(String),
    Int(i128),
    /// A floating-point constant's bits.
    FloatBits(i64),
    Null,
    Undef,
    Poison,
    ZeroInit,
    /// A constant expression (`getelementptr (...)`, `addrspacecast (...)`).
    Expr(Box<Inst>),
    /// A metadata operand (`metadata !"agent"`), kept as text.
    Meta(String),
    /// A vector constant (`<i32 1, i32 2>`, `splat (i32 1)`): its elements.
    Vector(Vec<Value>),
}

/// The syncscope and ordering of an atomic access or fence.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Atomic {
    /// As written (`""` for the system scope).
    pub scope: String,
    pub ordering: String,
}

/// One instruction with its result name and where it is.
#[derive(Clone, Debug, PartialEq)]
pub struct Inst {
    pub dst: Option<String>,
    pub op: Op,
    /// Line in the `.ll` file (1-based).
    pub line: u32,
    /// The `!dbg` attachment: a `DILocation` node number.
    pub dbg: Option<u32>,
    /// An `!mmra` attachment is present.
    pub mmra: bool,
}

#[derive(Clone, Debug, PartialEq)]
pub enum Op {
    Alloca {
        ty: Type,
        count: u64,
    },
    Load {
        ty: Type,
        /// The pointer operand's address space.
        space: u32,
        ptr: Value,
        atomic: Option<Atomic>,
        volatile: bool,
    },
    Store {
        ty: Type,
        value: Value,
        space: u32,
        ptr: Value,
        atomic: Option<Atomic>,
        volatile: bool,
    },
    AtomicRmw {
        op: String,
        space: u32,
        ptr: Value,
        ty: Type,
        value: Value,
        atomic: Atomic,
        volatile: bool,
    },
    CmpXchg {
        weak: bool,
        space: u32,
        ptr: Value,
        ty: Type,
        expected: Value,
        new: Value,
        atomic: Atomic,
        failure: String,
        volatile: bool,
    },
    Fence(Atomic),
    /// `add`, `sub`, `mul`, `udiv`, ..., `fadd` (the operation as written).
    Bin {
        op: String,
        ty: Type,
        a: Value,
        b: Value,
    },
    /// `fneg`
    Unary {
        op: String,
        ty: Type,
        a: Value,
    },
    Icmp {
        pred: String,
        ty: Type,
        a: Value,
        b: Value,
    },
    Fcmp {
        pred: String,
        ty: Type,
        a: Value,
        b: Value,
    },
    Select {
        cond: Value,
        ty: Type,
        a: Value,
        b: Value,
    },
    /// `zext`, `sext`, `trunc`, `bitcast`, `addrspacecast`, `ptrtoint`,
    /// `inttoptr`, `sitofp`, ...
    Cast {
        op: String,
        from: Type,
        value: Value,
        to: Type,
    },
    Gep {
        source: Type,
        base: Value,
        indices: Vec<(Type, Value)>,
    },
    Phi {
        ty: Type,
        incoming: Vec<(Value, String)>,
    },
    Call {
        ret: Type,
        callee: String,
        args: Vec<(Type, Value)>,
    },
    ExtractValue {
        agg: Value,
        index: u32,
    },
    /// `extractelement <N x T> %v, iK idx`
    ExtractElement {
        vec: Value,
        index: Value,
    },
    /// `insertelement <N x T> %v, T %x, iK idx`
    InsertElement {
        ty: Type,
        vec: Value,
        elt: Value,
        index: Value,
    },
    /// `shufflevector <N x T> %a, <N x T> %b, <M x i32> mask`: the mask's
    /// indices into `a ++ b` (`None` for a `poison` lane).
    ShuffleVector {
        ty: Type,
        a: Value,
        b: Value,
        mask: Vec<Option<u32>>,
    },
    Freeze {
        value: Value,
    },
    Br {
        target: String,
    },
    CondBr {
        cond: Value,
        then_: String,
        else_: String,
    },
    Switch {
        ty: Type,
        value: Value,
        default: String,
        cases: Vec<(i128, String)>,
    },
    Ret {
        value: Option<Value>,
    },
    Unreachable,
}

impl Op {
    /// Ends a basic block.
    pub fn is_terminator(&self) -> bool {
        matches!(
            self,
            Op::Br { .. }
                | Op::CondBr { .. }
                | Op::Switch { .. }
                | Op::Ret { .. }
                | Op::Unreachable
        )
    }
}

#[derive(Clone, Debug, PartialEq)]
pub struct Block {
    pub label: String,
    pub insts: Vec<Inst>,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Param {
    pub ty: Type,
    pub name: String,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Function {
    pub name: String,
    pub ret: Type,
    pub params: Vec<Param>,
    /// `amdgpu_kernel` (or `spir_kernel`) calling convention.
    pub is_kernel: bool,
    /// Empty for a declaration.
    pub blocks: Vec<Block>,
    /// Line of the `define` / `declare`.
    pub line: u32,
    /// The `!dbg` of the definition: its `DISubprogram`.
    pub dbg: Option<u32>,
}

/// A module-level variable.
#[derive(Clone, Debug, PartialEq)]
pub struct Global {
    pub name: String,
    pub space: u32,
    pub ty: Type,
    /// The initializer (`None` for `external`); `Undef` for `undef`/`poison`.
    pub init: Option<Value>,
    pub constant: bool,
    /// `externally_initialized`: the host may set the value before the
    /// kernel runs (HIP's `__constant__` variables).
    pub externally_initialized: bool,
    pub line: u32,
    /// The `!dbg` attachment: a `DIGlobalVariableExpression`.
    pub dbg: Option<u32>,
    /// The initializer laid out as memory, little-endian: per byte its
    /// value, `None` for `undef`/`poison`; `Err` says why it cannot be
    /// (a pointer or constant expression among the elements). Read for
    /// constant tables (`addrspace(4)`).
    pub image: std::result::Result<Vec<Option<u8>>, String>,
}

#[derive(Clone, Debug, Default, PartialEq)]
pub struct Module {
    pub functions: Vec<Function>,
    pub globals: Vec<Global>,
    /// Metadata nodes by number: their text after `= ` (`!DILocation(...)`).
    pub metadata: HashMap<u32, String>,
}

impl Module {
    pub fn function(&self, name: &str) -> Option<&Function> {
        self.functions.iter().find(|f| f.name == name)
    }
    pub fn global(&self, name: &str) -> Option<&Global> {
        self.globals.iter().find(|g| g.name == name)
    }
    pub fn kernels(&self) -> impl Iterator<Item = &Function> {
        self.functions
            .iter()
            .filter(|f| f.is_kernel && !f.blocks.is_empty())
    }
}
