//! The memory a kernel reaches: one symbol per pointer parameter (a
//! buffer amdmm allocates), per LDS variable (`addrspace(3)`: one instance
//! per workgroup) and per device global it accesses.

use crate::debug::DebugInfo;
use crate::error::{KernelError, Result};
use crate::ir::{Function, Module, Type, Value};
use crate::launch::ArgValue;
use amdmm_program::{AddrSpace, LocId, Location, Observable, Symbol, Ty};
use std::collections::{BTreeSet, HashMap};

use super::BuildOptions;

#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, schemars::JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum SymbolKind {
    /// A pointer parameter's buffer (global memory).
    Buffer,
    /// An `addrspace(3)` variable: one instance per workgroup.
    Lds,
    /// A device global variable (`addrspace(1)`).
    Global,
}

/// A symbol as the report shows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BufferInfo {
    pub name: String,
    pub kind: SymbolKind,
    /// Element type (`i32`).
    pub elem: String,
    pub len: u32,
    /// Program symbol index.
    pub symbol: u32,
    pub first: LocId,
    /// Initial value per element (`None`: uninitialised).
    pub init: Vec<Option<i64>>,
    /// The elements some instruction may write, shown in the final states.
    pub shown: Vec<LocId>,
    /// The dimensions of an n-D array (`[2 x [2 x i32]]`: `[2, 2]`), whose
    /// elements are named by their indices (`tile[0][1]`); empty for a 1-D
    /// buffer, named by its one index.
    pub dims: Vec<u32>,
}

/// The name of element `i` of `name`: `name[i]`, or with the row-major
/// indices of an n-D array of dimensions `dims` (`tile[0][1]` for element
/// 1 of `[2 x [2 x i32]]`).
pub fn element_name(name: &str, dims: &[u32], i: i64) -> String {
    if dims.len() < 2 || i < 0 || i >= dims.iter().map(|&d| i64::from(d)).product::<i64>() {
        return format!("{name}[{i}]");
    }
    let mut rest = i;
    let mut idx = Vec::with_capacity(dims.len());
    for &d in dims.iter().rev() {
        idx.push(rest % i64::from(d));
        rest /= i64::from(d);
    }
    let mut s = name.to_string();
    for k in idx.iter().rev() {
        s.push_str(&format!("[{k}]"));
    }
    s
}

/// The dimensions of an array type whose innermost element is not an
/// array (`[2 x [3 x i32]]`: `[2, 3]`), with that element's size.
fn array_dims(t: &Type) -> (Vec<u32>, u64) {
    let mut dims = Vec::new();
    let mut t = t;
    while let Type::Array(n, e) = t {
        dims.push(u32::try_from(*n).unwrap_or(u32::MAX));
        t = e;
    }
    (dims, t.size())
}

/// What a kernel parameter stands for in every thread.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Param {
    Buffer(u32),
    Scalar(i64),
}

struct Entry {
    name: String,
    kind: SymbolKind,
    /// Element type, its bytes, and the line that fixed it.
    elem: Option<(Ty, u32, u32)>,
    /// Largest constant element index accessed.
    max_const: Option<u32>,
    /// Accessed at an index computed at run time.
    dynamic: bool,
    written: BTreeSet<u32>,
    written_dynamic: bool,
    /// `--arg NAME=TYPE[LEN]`, or the LDS / global declaration's size in bytes.
    fixed_len: Option<u32>,
    declared_bytes: Option<u64>,
    init: Option<i64>,
    /// The element type is a memory intrinsic's guess ([`Symbols::untyped`]).
    untyped: bool,
    /// An n-D array declaration's dimensions and innermost element size
    /// (an LDS or global variable's IR type).
    array: Option<(Vec<u32>, u64)>,
}

pub(crate) struct Symbols {
    entries: Vec<Entry>,
    params: Vec<Option<Param>>,
    globals: HashMap<String, u32>,
    /// Default length of a buffer accessed at run-time indices.
    dynamic_len: u32,
    /// Parameter names for messages: (source or IR name).
    param_names: Vec<String>,
    /// Buffer accesses at run-time offsets through resources, checked once
    /// the buffers have their lengths (thread/buffer.rs).
    pub(crate) covers: Vec<ResourceCover>,
}

/// A buffer access at an offset computed at run time through a resource
/// over `sym` from its start: sound only if the resource's `extent` covers
/// the whole buffer (docs/semantics.md, "Buffer resources in kernels").
#[derive(Clone, Debug)]
pub(crate) struct ResourceCover {
    pub sym: u32,
    /// The resource's extent in bytes (numrecords, or numrecords × stride).
    pub extent: u64,
    /// The buffer's element size in bytes.
    pub elem_bytes: u32,
    pub line: u32,
    pub callee: String,
}

fn elem_ty(name: &str) -> Option<Ty> {
    Some(match name {
        "i8" => Ty::I8,
        "i16" => Ty::I16,
        "i32" => Ty::I32,
        "i64" => Ty::I64,
        "half" => Ty::Half,
        "float" => Ty::Float,
        "double" => Ty::Double,
        _ => return None,
    })
}

impl Symbols {
    pub(crate) fn new(
        m: &Module,
        kernel: &Function,
        dbg: &DebugInfo,
        opts: &BuildOptions,
    ) -> Result<Symbols> {
        let _ = m;
        let mut s = Symbols {
            entries: Vec::new(),
            params: Vec::new(),
            globals: HashMap::new(),
            dynamic_len: opts.launch.work_items().len().max(1) as u32,
            param_names: Vec::new(),
            covers: Vec::new(),
        };
        let names: Vec<String> = kernel
            .params
            .iter()
            .enumerate()
            .map(|(k, p)| {
                kernel
                    .dbg
                    .and_then(|sp| dbg.param_name(sp, k))
                    .unwrap_or_else(|| format!("%{}", p.name))
            })
            .collect();
        for (given, _) in &opts.args {
            let known =
                kernel.params.iter().zip(&names).any(|(p, n)| {
                    n == given || p.name == *given || format!("%{}", p.name) == *given
                });
            if !known {
                return Err(KernelError::new(
                    0,
                    0,
                    format!("--arg {given}: the kernel has no parameter `{given}`"),
                )
                .hint(format!("its parameters: {}", names.join(", "))));
            }
        }
        for (k, p) in kernel.params.iter().enumerate() {
            let name = &names[k];
            let given = opts
                .args
                .iter()
                .find(|(n, _)| n == name || *n == p.name || *n == format!("%{}", p.name))
                .map(|(_, v)| v.clone());
            let bound = match (&p.ty, given) {
                (Type::Ptr(sp), given) if *sp == 1 || *sp == 0 => {
                    let (elem, fixed_len) = match given {
                        Some(ArgValue::Buffer { elem, len }) => {
                            let t = elem_ty(&elem).expect("checked by parse_arg");
                            (Some((t, t.bytes(), 0)), Some(len))
                        }
                        Some(ArgValue::Scalar(_)) => {
                            return Err(KernelError::new(kernel.line, 0, format!("--arg {name}: `{name}` is a pointer; give a buffer, e.g. --arg {name}=i32[4]")))
                        }
                        None => (None, None),
                    };
                    s.entries.push(Entry {
                        name: name.clone(),
                        kind: SymbolKind::Buffer,
                        elem,
                        max_const: None,
                        dynamic: false,
                        written: BTreeSet::new(),
                        written_dynamic: false,
                        fixed_len,
                        declared_bytes: None,
                        init: Some(0),
                        untyped: false,
                        array: None,
                    });
                    Some(Param::Buffer(s.entries.len() as u32 - 1))
                }
                (Type::Int(_), Some(ArgValue::Scalar(v))) => Some(Param::Scalar(v)),
                (Type::Int(b), None) => {
                    return Err(KernelError::new(
                        kernel.line,
                        1,
                        format!("the kernel parameter `{name}` (i{b}) has no value"),
                    )
                    .hint(format!("give it one: --arg {name}=3")))
                }
                (Type::Int(_), Some(ArgValue::Buffer { .. })) => {
                    return Err(KernelError::new(
                        kernel.line,
                        1,
                        format!(
                        "--arg {name}: `{name}` is an integer; give a value, e.g. --arg {name}=3"
                    ),
                    ))
                }
                // Other parameters are refused when used.
                _ => None,
            };
            s.params.push(bound);
        }
        s.param_names = names;
        for init in &opts.inits {
            if !s.entries.iter().any(|e| e.name == init.buffer) {
                return Err(KernelError::new(
                    0,
                    0,
                    format!(
                        "--init {}[{}]: no buffer named `{}`",
                        init.buffer, init.index, init.buffer
                    ),
                )
                .hint(format!(
                    "the kernel's parameters: {}",
                    s.param_names.join(", ")
                )));
            }
        }
        Ok(s)
    }

    pub(crate) fn param(&self, k: usize) -> Option<Param> {
        self.params.get(k).copied().flatten()
    }

    /// The symbol of module global `@name` (created on first use).
    pub(crate) fn global(
        &mut self,
        m: &Module,
        dbg: &DebugInfo,
        name: &str,
        line: u32,
    ) -> Result<u32> {
        if let Some(&k) = self.globals.get(name) {
            return Ok(k);
        }
        let g = m.global(name).ok_or_else(|| {
            KernelError::new(
                line,
                1,
                format!("`@{name}` is not a global variable of the module"),
            )
        })?;
        let kind = match g.space {
            3 => SymbolKind::Lds,
            1 | 0 => SymbolKind::Global,
            n => {
                return Err(KernelError::new(line, 0, format!("`@{name}` is in addrspace({n}), which amdmm does not model"))
                    .hint("amdmm models global (1) and LDS (3) variables; constants (4) only as the implicit kernel arguments"))
            }
        };
        let init = match (&g.init, kind) {
            (_, SymbolKind::Lds) => None,
            (Some(Value::Int(v)), _) => Some(*v as i64),
            // The parser keeps an aggregate initializer (`[4 x i32] [...]`)
            // as `ZeroInit` and lays it out in `image`: only an all-zero or
            // all-undef image is one value per element; any other would be
            // read as zeros, so it is refused.
            (Some(Value::ZeroInit), _) => aggregate_init(g, name)?,
            (Some(Value::Null), _) => Some(0),
            (Some(Value::Undef) | Some(Value::Poison), _) => None,
            (None, _) => {
                return Err(KernelError::new(
                    g.line,
                    1,
                    format!("`@{name}` is external: amdmm cannot know its value"),
                ))
            }
            (Some(_), _) => {
                return Err(KernelError::new(
                    g.line,
                    1,
                    format!("the initializer of `@{name}` is not supported"),
                )
                .hint("amdmm reads integer, zero and undef initializers"))
            }
        };
        let display = dbg.global_name(g.dbg).unwrap_or_else(|| name.to_string());
        self.entries.push(Entry {
            name: display,
            kind,
            elem: None,
            max_const: None,
            dynamic: false,
            written: BTreeSet::new(),
            written_dynamic: false,
            fixed_len: None,
            declared_bytes: Some(g.ty.size()),
            init,
            untyped: false,
            array: Some(array_dims(&g.ty)),
        });
        let k = self.entries.len() as u32 - 1;
        self.globals.insert(name.to_string(), k);
        Ok(k)
    }

    /// The bounds-check symbol of a private variable or constant table
    /// (`key`: one per `alloca` or global): `len` one-byte elements, 0,
    /// never written, so never shown (`Tx::check_bounds` in lower/thread).
    pub(crate) fn bounds(&mut self, key: &str, name: &str, len: u32) -> u32 {
        if let Some(&k) = self.globals.get(key) {
            return k;
        }
        self.entries.push(Entry {
            name: name.to_string(),
            kind: SymbolKind::Global,
            elem: Some((Ty::I8, 1, 0)),
            max_const: None,
            dynamic: false,
            written: BTreeSet::new(),
            written_dynamic: false,
            fixed_len: Some(len),
            declared_bytes: None,
            init: Some(0),
            untyped: false,
            array: None,
        });
        let k = self.entries.len() as u32 - 1;
        self.globals.insert(key.to_string(), k);
        k
    }

    pub(crate) fn is_lds(&self, sym: u32) -> bool {
        self.entries[sym as usize].kind == SymbolKind::Lds
    }

    pub(crate) fn name(&self, sym: u32) -> &str {
        &self.entries[sym as usize].name
    }

    /// Records an access of type `ty` to `sym`: every access of one symbol
    /// has the same width (amdmm models each element as one location).
    /// Returns the element's bytes.
    pub(crate) fn access(&mut self, sym: u32, ty: Ty, line: u32) -> Result<u32> {
        let e = &mut self.entries[sym as usize];
        match e.elem {
            None => {
                e.elem = Some((ty, ty.bytes(), line));
                Ok(ty.bytes())
            }
            Some((t, bytes, first)) if bytes == ty.bytes() => {
                if e.untyped && t != ty {
                    e.elem = Some((ty, bytes, first));
                    e.untyped = false;
                }
                Ok(bytes)
            }
            Some((t, _, first)) => Err(KernelError::new(
                line,
                1,
                if first == 0 {
                    format!("`{}` is accessed as {} here, but --arg gives it {} elements", e.name, ty.name(), t.name())
                } else {
                    format!("`{}` is accessed as {} here and as {} at line {first}", e.name, ty.name(), t.name())
                },
            )
            .hint("amdmm models each buffer with one element width; give it with --arg NAME=TYPE[LEN] and access it at that width")),
        }
    }

    /// The element type of `sym`, once an access or `--arg` fixed it.
    pub(crate) fn elem_ty(&self, sym: u32) -> Option<Ty> {
        self.entries[sym as usize].elem.map(|(t, _, _)| t)
    }

    /// Records the element width a memory intrinsic copies `sym` with, when
    /// nothing fixed it yet: `ty` stands until a typed access of the same
    /// width (a `float` load) gives the element its type.
    pub(crate) fn untyped(&mut self, sym: u32, ty: Ty, line: u32) {
        let e = &mut self.entries[sym as usize];
        if e.elem.is_none() {
            e.elem = Some((ty, ty.bytes(), line));
            e.untyped = true;
        }
    }

    /// Records the element index of an access (`None`: computed at run time).
    pub(crate) fn index(&mut self, sym: u32, index: Option<u32>, write: bool) {
        let e = &mut self.entries[sym as usize];
        match index {
            Some(i) => {
                e.max_const = Some(e.max_const.map_or(i, |m| m.max(i)));
                if write {
                    e.written.insert(i);
                }
            }
            None => {
                e.dynamic = true;
                if write {
                    e.written_dynamic = true;
                }
            }
        }
    }

    /// Lays the symbols out as the program's locations.
    #[allow(clippy::type_complexity)]
    pub(crate) fn finish(
        self,
        opts: &BuildOptions,
    ) -> Result<(
        Vec<Location>,
        Vec<Symbol>,
        Vec<BufferInfo>,
        Vec<(Observable, Ty)>,
    )> {
        let mut locations = Vec::new();
        let mut symbols = Vec::new();
        let mut infos = Vec::new();
        let mut floats = Vec::new();
        for (k, e) in self.entries.into_iter().enumerate() {
            let (ty, bytes) = e.elem.map_or((Ty::I32, 4), |(t, b, _)| (t, b));
            let len = match (e.fixed_len, e.declared_bytes) {
                (Some(n), _) => n,
                (None, Some(b)) => (b / u64::from(bytes)).max(1) as u32,
                (None, None) => {
                    let by_const = e.max_const.map_or(1, |m| m + 1);
                    if e.dynamic {
                        by_const.max(self.dynamic_len)
                    } else {
                        by_const
                    }
                }
            };
            // A constant index past `len` (a --arg or declared length) is
            // refused where the work-item reaches it (lower/bounds.rs).
            let first = locations.len() as LocId;
            let space = if e.kind == SymbolKind::Lds {
                AddrSpace::Lds
            } else {
                AddrSpace::Global
            };
            let mut init = vec![e.init; len as usize];
            for i in opts.inits.iter().filter(|i| i.buffer == e.name) {
                let slot = init.get_mut(i.index as usize).ok_or_else(|| {
                    KernelError::new(
                        0,
                        0,
                        format!(
                            "--init {}[{}]: `{}` has {len} elements",
                            i.buffer, i.index, e.name
                        ),
                    )
                    .hint(format!(
                        "give a larger buffer: --arg {}={}[{}]",
                        e.name,
                        ty.name(),
                        i.index + 1
                    ))
                })?;
                *slot = Some(init_bits(ty, i).map_err(|m| {
                    KernelError::new(0, 0, format!("--init {}[{}]: {m}", i.buffer, i.index))
                })?);
            }
            // An n-D array accessed at its innermost element's width is
            // named by its indices; at another width, by the flat index.
            let dims = match &e.array {
                Some((d, inner))
                    if d.len() >= 2
                        && *inner == u64::from(bytes)
                        && d.iter().map(|&n| u64::from(n)).product::<u64>() == u64::from(len) =>
                {
                    d.clone()
                }
                _ => Vec::new(),
            };
            for (i, v) in init.iter().enumerate() {
                locations.push(Location {
                    name: element_name(&e.name, &dims, i as i64),
                    space,
                    init: *v,
                    byte: None,
                });
            }
            symbols.push(Symbol {
                name: e.name.clone(),
                first,
                len,
                is_array: true,
                bytes: None,
            });
            let shown: Vec<LocId> = if e.kind == SymbolKind::Lds {
                Vec::new()
            } else if e.written_dynamic {
                (0..len).map(|i| first + i).collect()
            } else {
                e.written
                    .iter()
                    .filter(|&&i| i < len)
                    .map(|&i| first + i)
                    .collect()
            };
            if ty.is_float() {
                for &l in &shown {
                    floats.push((Observable::Mem { loc: l, wg: None }, ty));
                }
            }
            infos.push(BufferInfo {
                name: e.name,
                kind: e.kind,
                elem: ty.name().to_string(),
                len,
                symbol: k as u32,
                first,
                init,
                shown,
                dims,
            });
        }
        Ok((locations, symbols, infos, floats))
    }
}

/// The one initial value of every element of a global variable whose
/// initializer `zeroinitializer` or an aggregate gives: 0 for an all-zero
/// image (a struct's padding bytes, which the layout leaves undefined, and
/// any `undef` element among zeros read as 0 too: the layout does not tell
/// padding from an element), none (uninitialised) for an all-undef one.
/// Elements of different
/// values are refused: a buffer symbol has one initial value for all its
/// elements, and reading them as zeros would be silently wrong.
fn aggregate_init(g: &crate::ir::Global, name: &str) -> Result<Option<i64>> {
    let refuse = |why: &str| {
        Err(KernelError::new(
            g.line,
            1,
            format!("the initializer of the global variable `@{name}` is not supported: {why}"),
        )
        .hint("amdmm reads integer, zero and undef initializers of global variables (tables of values are read in addrspace(4) constants); set the buffer's values with --init, or make it a constant table"))
    };
    match &g.image {
        Ok(bytes) if bytes.iter().all(|b| b.is_none()) => Ok(None),
        Ok(bytes) if bytes.iter().all(|b| matches!(b, None | Some(0))) => Ok(Some(0)),
        Ok(_) => refuse("its elements have different initial values"),
        Err(why) => refuse(why),
    }
}

/// The initial bits of an element of type `ty`: the integer, or for a
/// floating-point element the number (`3` is 3.0, `1.5`) rounded to `ty`
/// (docs/kernels.md, "The launch").
fn init_bits(ty: Ty, i: &crate::launch::InitValue) -> std::result::Result<i64, String> {
    match (ty.is_float(), i.float.map(f64::from_bits)) {
        (false, None) => Ok(i.value),
        (false, Some(x)) => Err(format!(
            "{x} is not an integer, and `{}` has {} elements",
            i.buffer,
            ty.name()
        )),
        (true, x) => {
            let x = x.unwrap_or(i.value as f64);
            amdmm_program::float::parse_literal(ty, &format!("{x:?}"))
        }
    }
}
