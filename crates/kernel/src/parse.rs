//! The module reader: the LLVM IR text clang-22 and llc-22 print, read line
//! by line into [`crate::ir::Module`]. What it does not know it refuses with
//! the line, the column and the construct's name (docs/kernels.md, "The
//! reader").

use crate::error::{KernelError, Result};
use crate::ir::*;
use crate::lexer::{tokens, Tok, Token};

thread_local! {
    /// The module's named types (`%struct.S = type { i32, i32 }`), read
    /// before the functions that use them (LLVM prints them first).
    static NAMED_TYPES: std::cell::RefCell<std::collections::HashMap<String, Type>> =
        Default::default();
}

/// Reads a whole module.
pub fn module(text: &str) -> Result<Module> {
    NAMED_TYPES.with(|t| t.borrow_mut().clear());
    let lines: Vec<&str> = text.lines().collect();
    let mut m = Module::default();
    let mut i = 0;
    while i < lines.len() {
        let line_no = i as u32 + 1;
        let toks = lex(lines[i], line_no)?;
        i += 1;
        let Some(first) = toks.first() else { continue };
        match &first.kind {
            Tok::Word(w) if w == "define" => {
                // The body runs to the line that is only `}`.
                let start = i;
                while i < lines.len() && lines[i].trim() != "}" {
                    i += 1;
                }
                if i >= lines.len() {
                    return Err(KernelError::new(line_no, 1, "function body without its closing `}`")
                        .hint("the module is cut short; give the whole .ll file"));
                }
                let mut f = header(&toks, line_no)?;
                f.blocks = body(&lines[start..i], start as u32 + 1, &f)?;
                i += 1;
                m.functions.push(f);
            }
            Tok::Word(w) if w == "declare" => m.functions.push(header(&toks, line_no)?),
            Tok::Global(_) => m.globals.push(global(&toks, line_no)?),
            Tok::Local(name) => named_type(name, &toks, line_no)?,
            Tok::Meta(n) => {
                if let Ok(k) = n.parse::<u32>() {
                    let body = lines[i - 1].split_once('=').map_or("", |(_, b)| b.trim());
                    m.metadata.insert(k, body.to_string());
                }
            }
            Tok::Word(w)
                if matches!(
                    w.as_str(),
                    "source_filename" | "target" | "attributes" | "module"
                ) => {}
            Tok::Word(w) if w.starts_with('$') => {} // comdat
            _ => {
                return Err(KernelError::new(
                    line_no,
                    first.col,
                    "unrecognised module-level line",
                )
                .hint("amdmm reads the module syntax clang and llc print: define, declare, globals, attributes, metadata"))
            }
        }
    }
    Ok(m)
}

/// `%name = type { ... }` (or `type opaque`, refused when used).
fn named_type(name: &str, toks: &[Token], line: u32) -> Result<()> {
    let mut c = Cursor::new(toks, line);
    c.pos = 1;
    c.punct('=')?;
    if !c.eat_word("type") {
        return Err(c.err("expected `type` in a named type definition"));
    }
    if c.eat_word("opaque") {
        return Ok(());
    }
    let ty = c.ty()?;
    NAMED_TYPES.with(|t| t.borrow_mut().insert(name.to_string(), ty));
    Ok(())
}

fn lex(line: &str, line_no: u32) -> Result<Vec<Token>> {
    tokens(line).map_err(|(col, msg)| KernelError::new(line_no, col, msg))
}

/// A cursor over one line's (or one joined instruction's) tokens.
#[derive(Clone)]
pub(crate) struct Cursor<'t> {
    toks: &'t [Token],
    pos: usize,
    line: u32,
}

const VALUE_WORDS: &[&str] = &[
    "true",
    "false",
    "null",
    "undef",
    "poison",
    "zeroinitializer",
    "splat",
    "getelementptr",
    "addrspacecast",
    "bitcast",
    "ptrtoint",
    "inttoptr",
];

impl<'t> Cursor<'t> {
    fn new(toks: &'t [Token], line: u32) -> Cursor<'t> {
        Cursor { toks, pos: 0, line }
    }

    fn peek(&self) -> Option<&'t Tok> {
        self.toks.get(self.pos).map(|t| &t.kind)
    }

    fn peek_at(&self, k: usize) -> Option<&'t Tok> {
        self.toks.get(self.pos + k).map(|t| &t.kind)
    }

    fn col(&self) -> u32 {
        self.toks
            .get(self.pos)
            .or(self.toks.last())
            .map_or(1, |t| t.col)
    }

    fn err(&self, msg: impl Into<String>) -> KernelError {
        KernelError::new(self.line, self.col(), msg)
    }

    fn next(&mut self) -> Option<&'t Tok> {
        let t = self.peek();
        self.pos += 1;
        t
    }

    fn done(&self) -> bool {
        self.pos >= self.toks.len()
    }

    fn eat_word(&mut self, w: &str) -> bool {
        if self.peek().is_some_and(|t| t.is_word(w)) {
            self.pos += 1;
            true
        } else {
            false
        }
    }

    fn eat_punct(&mut self, c: char) -> bool {
        if self.peek().is_some_and(|t| t.is_punct(c)) {
            self.pos += 1;
            true
        } else {
            false
        }
    }

    fn punct(&mut self, c: char) -> Result<()> {
        if self.eat_punct(c) {
            Ok(())
        } else {
            Err(self.err(format!("expected `{c}`")))
        }
    }

    fn word(&mut self) -> Result<String> {
        match self.next() {
            Some(Tok::Word(w)) => Ok(w.clone()),
            _ => {
                self.pos -= 1;
                Err(self.err("expected a keyword"))
            }
        }
    }

    fn int(&mut self) -> Result<i128> {
        match self.next() {
            Some(Tok::Int(v)) => Ok(*v),
            _ => {
                self.pos -= 1;
                Err(self.err("expected an integer"))
            }
        }
    }

    fn local(&mut self) -> Result<String> {
        match self.next() {
            Some(Tok::Local(n)) => Ok(n.clone()),
            _ => {
                self.pos -= 1;
                Err(self.err("expected a `%name`"))
            }
        }
    }

    fn label(&mut self) -> Result<String> {
        if !self.eat_word("label") {
            return Err(self.err("expected `label %name`"));
        }
        self.local()
    }

    /// Skips a balanced `( ... )` group if one starts here.
    fn skip_group(&mut self) {
        if !self.peek().is_some_and(|t| t.is_punct('(')) {
            return;
        }
        let mut depth = 0;
        while let Some(t) = self.next() {
            if t.is_punct('(') {
                depth += 1;
            } else if t.is_punct(')') {
                depth -= 1;
                if depth == 0 {
                    return;
                }
            }
        }
    }

    /// Skips a balanced `!{ ... }` / `{ ... }` group (the opener consumed).
    fn skip_braces(&mut self) {
        let mut depth = 1;
        while let Some(t) = self.next() {
            if t.is_punct('{') || *t == Tok::MetaTuple {
                depth += 1;
            } else if t.is_punct('}') {
                depth -= 1;
                if depth == 0 {
                    return;
                }
            }
        }
    }

    pub(crate) fn ty(&mut self) -> Result<Type> {
        let col = self.col();
        let t = match self.next() {
            Some(Tok::Word(w)) => match w.as_str() {
                "void" => Type::Void,
                "half" => Type::Half,
                "bfloat" => Type::BFloat,
                "float" => Type::Float,
                "double" => Type::Double,
                "label" => Type::Label,
                "metadata" => Type::Metadata,
                "ptr" => {
                    if self.eat_word("addrspace") {
                        self.punct('(')?;
                        let n = self.int()?;
                        self.punct(')')?;
                        Type::Ptr(n as u32)
                    } else {
                        Type::Ptr(0)
                    }
                }
                w if w.starts_with('i') && w[1..].parse::<u32>().is_ok() => {
                    Type::Int(w[1..].parse().unwrap_or(32))
                }
                other => return Err(KernelError::new(
                    self.line,
                    col,
                    format!("unsupported type `{other}`"),
                )
                .hint(
                    "amdmm reads integer, floating-point, pointer, array, vector and struct types",
                )),
            },
            Some(Tok::Punct('[')) => {
                let n = self.int()?;
                if !self.eat_word("x") {
                    return Err(self.err("expected `x` in an array type"));
                }
                let e = self.ty()?;
                self.punct(']')?;
                Type::Array(n as u64, Box::new(e))
            }
            Some(Tok::Punct('<')) => {
                if self.peek().is_some_and(|t| t.is_punct('{')) {
                    let s = self.ty()?;
                    self.punct('>')?;
                    s
                } else {
                    let n = self.int()?;
                    if !self.eat_word("x") {
                        return Err(self.err("expected `x` in a vector type"));
                    }
                    let e = self.ty()?;
                    self.punct('>')?;
                    Type::Vector(n as u64, Box::new(e))
                }
            }
            Some(Tok::Punct('{')) => {
                let mut fs = Vec::new();
                if !self.eat_punct('}') {
                    loop {
                        fs.push(self.ty()?);
                        if self.eat_punct('}') {
                            break;
                        }
                        self.punct(',')?;
                    }
                }
                Type::Struct(fs)
            }
            Some(Tok::Local(n)) => NAMED_TYPES
                .with(|t| t.borrow().get(n).cloned())
                .ok_or_else(|| {
                    KernelError::new(self.line, col, format!("unknown type `%{n}`"))
                        .hint("a named type is defined at module level before its use: `%name = type { ... }`")
                })?,
            _ => {
                self.pos = self.pos.saturating_sub(1);
                return Err(KernelError::new(self.line, col, "expected a type"));
            }
        };
        // A function type `T (args)*` or a pointer-to-type `T*` (typed pointers) is refused.
        if self.peek().is_some_and(|t| t.is_punct('*')) {
            return Err(self
                .err("typed pointers (`T*`) are not supported")
                .hint("LLVM 17 and later print opaque `ptr`; recompile with clang-22"));
        }
        Ok(t)
    }

    /// A value of type `ty` (already read).
    pub(crate) fn value(&mut self, ty: &Type) -> Result<Value> {
        let col = self.col();
        let v = match self.next() {
            Some(Tok::Local(n)) => Value::Local(n.clone()),
            Some(Tok::Global(n)) => Value::Global(n.clone()),
            Some(Tok::Int(v)) => {
                if matches!(ty, Type::Half | Type::Float | Type::Double | Type::BFloat) {
                    Value::FloatBits(float_bits(ty, &v.to_string()).ok_or_else(|| KernelError::new(self.line, col, "bad floating-point constant"))?)
                } else {
                    Value::Int(*v)
                }
            }
            Some(Tok::Float(text)) => Value::FloatBits(
                float_bits(ty, text).ok_or_else(|| {
                    KernelError::new(self.line, col, format!("unsupported floating-point constant `{text}`"))
                })?,
            ),
            Some(Tok::MetaStr(s)) => Value::Meta(s.clone()),
            Some(Tok::Meta(s)) => Value::Meta(s.clone()),
            Some(Tok::Word(w)) => match w.as_str() {
                "true" => Value::Int(1),
                "false" => Value::Int(0),
                "null" => Value::Null,
                "undef" => Value::Undef,
                "poison" => Value::Poison,
                "zeroinitializer" => Value::ZeroInit,
                "splat" => {
                    let Type::Vector(n, _) = ty else {
                        return Err(KernelError::new(self.line, col, "`splat` of a non-vector type"));
                    };
                    self.punct('(')?;
                    let (_, v) = self.typed_value()?;
                    self.punct(')')?;
                    Value::Vector(vec![v; *n as usize])
                }
                "getelementptr" => {
                    let inbounds_etc = |c: &mut Cursor| {
                        while c.eat_word("inbounds") || c.eat_word("nuw") || c.eat_word("nusw") {}
                    };
                    inbounds_etc(self);
                    self.punct('(')?;
                    let op = self.gep_rest(None)?;
                    self.punct(')')?;
                    Value::Expr(Box::new(Inst { dst: None, op, line: self.line, dbg: None, mmra: false }))
                }
                "addrspacecast" | "bitcast" | "ptrtoint" | "inttoptr" => {
                    let op = w.clone();
                    self.punct('(')?;
                    let from = self.ty()?;
                    let value = self.value(&from)?;
                    if !self.eat_word("to") {
                        return Err(self.err("expected `to`"));
                    }
                    let to = self.ty()?;
                    self.punct(')')?;
                    Value::Expr(Box::new(Inst {
                        dst: None,
                        op: Op::Cast { op, from, value, to },
                        line: self.line,
                        dbg: None,
                        mmra: false,
                    }))
                }
                other => {
                    return Err(KernelError::new(self.line, col, format!("unsupported constant `{other}`"))
                        .hint("amdmm reads integer, floating-point, null, undef and poison constants, globals, and getelementptr/addrspacecast expressions"))
                }
            },
            Some(Tok::Punct('<')) if matches!(ty, Type::Vector(..)) => {
                let mut elems = Vec::new();
                loop {
                    let (_, v) = self.typed_value()?;
                    elems.push(v);
                    if self.eat_punct('>') {
                        break;
                    }
                    self.punct(',')?;
                }
                Value::Vector(elems)
            }
            Some(Tok::Punct('[')) | Some(Tok::Punct('<')) | Some(Tok::Punct('{')) => {
                return Err(KernelError::new(self.line, col, "aggregate and vector constants are not supported here")
                    .hint("amdmm reads scalar constants in instructions"))
            }
            _ => {
                self.pos = self.pos.saturating_sub(1);
                return Err(KernelError::new(self.line, col, "expected a value"));
            }
        };
        Ok(v)
    }

    /// A constant of type `ty` (already read) laid out into `bytes` from
    /// byte `at`, little-endian (AMDGPU's byte order): arrays, vectors and
    /// structs (at LangRef's field offsets) element by element,
    /// `zeroinitializer`, `undef`/`poison` (bytes left `None`), `c"..."`
    /// strings, and integer and floating-point scalars.
    pub(crate) fn layout(&mut self, ty: &Type, at: u64, bytes: &mut [Option<u8>]) -> Result<()> {
        let size = ty.size();
        let fill = |bytes: &mut [Option<u8>], v: Option<u128>| {
            for k in 0..size {
                if let Some(b) = bytes.get_mut((at + k) as usize) {
                    *b = v.map(|v| if k < 16 { (v >> (8 * k)) as u8 } else { 0 });
                }
            }
        };
        if self.eat_word("zeroinitializer") {
            fill(bytes, Some(0));
            return Ok(());
        }
        if self.eat_word("undef") || self.eat_word("poison") {
            fill(bytes, None);
            return Ok(());
        }
        match ty {
            Type::Array(n, e) | Type::Vector(n, e) => {
                let (open, close) = if matches!(ty, Type::Array(..)) {
                    ('[', ']')
                } else {
                    ('<', '>')
                };
                if let Some(Tok::Str(text)) = self.peek() {
                    self.pos += 1;
                    let chars = c_string(text);
                    if **e != Type::Int(8) || chars.len() as u64 != *n {
                        return Err(self.err(format!(
                            "a string of {} bytes for {}",
                            chars.len(),
                            ty.text()
                        )));
                    }
                    for (k, b) in chars.into_iter().enumerate() {
                        if let Some(slot) = bytes.get_mut(at as usize + k) {
                            *slot = Some(b);
                        }
                    }
                    return Ok(());
                }
                if matches!(**e, Type::Int(1)) && matches!(ty, Type::Vector(..)) {
                    return Err(self.err("a vector of i1 in a constant is not laid out"));
                }
                self.punct(open)?;
                for k in 0..*n {
                    if k > 0 {
                        self.punct(',')?;
                    }
                    let et = self.ty()?;
                    self.layout(&et, at + k * e.size(), bytes)?;
                }
                self.punct(close)
            }
            Type::Struct(fs) => {
                if self.eat_punct('<') {
                    return Err(self.err("a packed struct constant is not laid out"));
                }
                self.punct('{')?;
                for k in 0..fs.len() {
                    if k > 0 {
                        self.punct(',')?;
                    }
                    let ft = self.ty()?;
                    let off = ty.field_offset(k).unwrap_or(0);
                    self.layout(&ft, at + off, bytes)?;
                }
                self.punct('}')
            }
            _ => match self.value(ty)? {
                Value::Int(v) => {
                    fill(bytes, Some(v as u128));
                    Ok(())
                }
                Value::FloatBits(b) => {
                    fill(bytes, Some(u128::from(b as u64)));
                    Ok(())
                }
                Value::Null | Value::ZeroInit => {
                    fill(bytes, Some(0));
                    Ok(())
                }
                Value::Undef | Value::Poison => {
                    fill(bytes, None);
                    Ok(())
                }
                _ => Err(self.err(format!(
                    "a {} element that is not a number (a pointer or constant expression)",
                    ty.text()
                ))),
            },
        }
    }

    fn typed_value(&mut self) -> Result<(Type, Value)> {
        let t = self.ty()?;
        let v = self.value(&t)?;
        Ok((t, v))
    }

    /// `T, ptr base, T idx, ...` of a getelementptr (the keywords read).
    fn gep_rest(&mut self, _: Option<()>) -> Result<Op> {
        let source = self.ty()?;
        self.punct(',')?;
        let (bt, base) = self.typed_value()?;
        if !bt.is_ptr() {
            return Err(self.err("getelementptr of a vector of pointers is not supported"));
        }
        let mut indices = Vec::new();
        while self.peek().is_some_and(|t| t.is_punct(',')) {
            // Stop at the attachments (`, !dbg !7`, `, align 4`).
            if matches!(self.peek_at(1), Some(Tok::Meta(_)) | Some(Tok::Word(_)))
                && !matches!(self.peek_at(1), Some(Tok::Word(w)) if w.starts_with('i') && w[1..].parse::<u32>().is_ok())
            {
                break;
            }
            self.pos += 1;
            while self.eat_word("inrange") {
                self.skip_group();
            }
            indices.push(self.typed_value()?);
        }
        Ok(Op::Gep {
            source,
            base,
            indices,
        })
    }

    /// `syncscope("x")` if present.
    fn syncscope(&mut self) -> Result<String> {
        if self.eat_word("syncscope") {
            self.punct('(')?;
            let s = match self.next() {
                Some(Tok::Str(s)) => s.clone(),
                _ => return Err(self.err("expected the scope string")),
            };
            self.punct(')')?;
            Ok(s)
        } else {
            Ok(String::new())
        }
    }

    /// An atomic access's `[syncscope("x")] ORDERING`.
    fn atomic(&mut self) -> Result<Atomic> {
        let scope = self.syncscope()?;
        Ok(Atomic {
            scope,
            ordering: self.ordering()?,
        })
    }

    fn ordering(&mut self) -> Result<String> {
        let w = self.word()?;
        if matches!(
            w.as_str(),
            "unordered" | "monotonic" | "acquire" | "release" | "acq_rel" | "seq_cst"
        ) {
            Ok(w)
        } else {
            self.pos -= 1;
            Err(self.err(format!("expected an atomic ordering, found `{w}`")))
        }
    }

    /// The trailing `, align N`, `, !dbg !N`, `, !tbaa !N`... of an instruction.
    fn attachments(&mut self, inst: &mut Inst) -> Result<()> {
        while self.eat_punct(',') {
            if self.eat_word("align") {
                self.int()?;
                continue;
            }
            match self.next() {
                Some(Tok::Meta(kind)) => {
                    let kind = kind.clone();
                    match self.next() {
                        Some(Tok::Meta(n)) => {
                            if kind == "dbg" {
                                inst.dbg = n.parse().ok();
                            }
                        }
                        Some(Tok::MetaTuple) => self.skip_braces(),
                        _ => return Err(self.err("expected a metadata node")),
                    }
                    if kind == "mmra" {
                        inst.mmra = true;
                    }
                }
                _ => {
                    self.pos -= 1;
                    return Err(self.err("unexpected operand after the instruction"));
                }
            }
        }
        if !self.done() {
            return Err(self.err("unexpected text after the instruction"));
        }
        Ok(())
    }

    /// Skips parameter / return attributes (`noundef`, `align 8`,
    /// `dereferenceable(64)`, `captures(none)`, `range(i32 0, 8)`).
    fn skip_attrs(&mut self) {
        loop {
            match self.peek() {
                Some(Tok::Word(w)) if !VALUE_WORDS.contains(&w.as_str()) => {
                    let w = w.clone();
                    self.pos += 1;
                    if matches!(w.as_str(), "align" | "addrspace")
                        && matches!(self.peek(), Some(Tok::Int(_)))
                    {
                        self.pos += 1;
                    }
                    self.skip_group();
                }
                Some(Tok::Attr(_)) => self.pos += 1,
                _ => return,
            }
        }
    }
}

/// The bits of a floating-point constant of type `ty`: LLVM prints
/// exactly representable decimals (`1.500000e+00`) and hex for the rest
/// (`0x3FF8000000000000` for double and float, `0xH3E00` for half).
fn float_bits(ty: &Type, text: &str) -> Option<i64> {
    if let Some(h) = text
        .strip_prefix("0xH")
        .or_else(|| text.strip_prefix("0xR"))
    {
        return i64::from_str_radix(h, 16).ok();
    }
    let as_double: f64 = if let Some(h) = text.strip_prefix("0x") {
        f64::from_bits(u64::from_str_radix(h, 16).ok()?)
    } else {
        text.parse().ok()?
    };
    Some(match ty {
        Type::Double => as_double.to_bits() as i64,
        Type::Float => (as_double as f32).to_bits() as i32 as i64,
        _ => return None,
    })
}

/// The address space of a pointer type (generic for anything else).
fn space_of(t: &Type) -> u32 {
    match t {
        Type::Ptr(s) => *s,
        _ => 0,
    }
}

/// Is this a type keyword (a parameter list's next entry starts with one)?
fn starts_type(t: Option<&Tok>) -> bool {
    match t {
        Some(Tok::Word(w)) => {
            matches!(
                w.as_str(),
                "void" | "half" | "bfloat" | "float" | "double" | "ptr" | "label" | "metadata"
            ) || (w.starts_with('i') && w[1..].parse::<u32>().is_ok())
        }
        Some(Tok::Punct('[')) | Some(Tok::Punct('<')) | Some(Tok::Punct('{')) => true,
        _ => false,
    }
}

/// A `define` or `declare` line.
fn header(toks: &[Token], line: u32) -> Result<Function> {
    let at = toks
        .iter()
        .position(|t| matches!(t.kind, Tok::Global(_)))
        .ok_or_else(|| KernelError::new(line, 0, "function without a name"))?;
    let Tok::Global(name) = &toks[at].kind else {
        unreachable!()
    };
    let is_kernel = toks[..at]
        .iter()
        .any(|t| t.kind.is_word("amdgpu_kernel") || t.kind.is_word("spir_kernel"));
    // The return type is the type that ends right before the name.
    let mut ret = None;
    for s in 1..at {
        let mut c = Cursor::new(&toks[s..at], line);
        if starts_type(c.peek()) {
            if let Ok(t) = c.ty() {
                if c.done() {
                    ret = Some(t);
                    break;
                }
            }
        }
    }
    let ret =
        ret.ok_or_else(|| KernelError::new(line, toks[at].col, "cannot read the return type"))?;
    let mut c = Cursor::new(&toks[at + 1..], line);
    c.punct('(')?;
    let mut params = Vec::new();
    let mut numbered = 0;
    if !c.eat_punct(')') {
        loop {
            if c.peek() == Some(&Tok::Ellipsis) {
                return Err(c.err("variadic functions are not supported"));
            }
            let ty = c.ty()?;
            c.skip_attrs();
            let name = match c.peek() {
                Some(Tok::Local(n)) => {
                    let n = n.clone();
                    c.pos += 1;
                    n
                }
                _ => {
                    let n = numbered.to_string();
                    numbered += 1;
                    n
                }
            };
            params.push(Param { ty, name });
            if c.eat_punct(')') {
                break;
            }
            c.punct(',')?;
        }
    }
    let mut dbg = None;
    while let Some(t) = c.next() {
        if matches!(t, Tok::Meta(k) if k == "dbg") {
            if let Some(Tok::Meta(n)) = c.next() {
                dbg = n.parse().ok();
            }
        }
    }
    Ok(Function {
        name: name.clone(),
        ret,
        params,
        is_kernel,
        blocks: Vec::new(),
        line,
        dbg,
    })
}

/// `@name = ... [addrspace(N)] global|constant T init, ...`
fn global(toks: &[Token], line: u32) -> Result<Global> {
    let Tok::Global(name) = &toks[0].kind else {
        unreachable!()
    };
    let mut c = Cursor::new(&toks[1..], line);
    if !c.eat_punct('=') {
        return Err(c.err("expected `=` after the global's name"));
    }
    let mut space = 0;
    let mut external = false;
    let constant = loop {
        match c.next() {
            Some(Tok::Word(w)) if w == "global" => break false,
            Some(Tok::Word(w)) if w == "constant" => break true,
            Some(Tok::Word(w)) if w == "addrspace" => {
                c.punct('(')?;
                space = c.int()? as u32;
                c.punct(')')?;
            }
            Some(Tok::Word(w)) if w == "external" || w == "extern_weak" => external = true,
            Some(Tok::Word(w)) if w == "alias" || w == "ifunc" => {
                return Err(c.err(format!("`{w}` is not supported")))
            }
            Some(_) => {}
            None => return Err(KernelError::new(line, 0, "expected `global` or `constant`")),
        }
    };
    let externally_initialized = toks
        .iter()
        .any(|t| matches!(&t.kind, Tok::Word(w) if w == "externally_initialized"));
    let ty = c.ty()?;
    let image = if external {
        Err("it is external".to_string())
    } else {
        let mut image = c.clone();
        let mut bytes = vec![None; ty.size() as usize];
        image
            .layout(&ty, 0, &mut bytes)
            .map(|()| bytes)
            .map_err(|e| e.message)
    };
    let init = if external {
        None
    } else {
        Some(match c.peek() {
            Some(Tok::Punct('[')) | Some(Tok::Punct('{')) | Some(Tok::Punct('<')) => {
                // An aggregate initializer: kept only as "initialised".
                Value::ZeroInit
            }
            Some(Tok::Str(_)) => Value::ZeroInit,
            _ => c.value(&ty)?,
        })
    };
    let dbg = toks
        .windows(2)
        .find_map(|w| match (&w[0].kind, &w[1].kind) {
            (Tok::Meta(k), Tok::Meta(n)) if k == "dbg" => n.parse().ok(),
            _ => None,
        });
    Ok(Global {
        name: name.clone(),
        space,
        ty,
        init,
        constant,
        externally_initialized,
        line,
        dbg,
        image,
    })
}

/// The lines of a function body, joined where a bracket stays open
/// (a `switch`'s cases), split into blocks.
fn body(lines: &[&str], first_line: u32, f: &Function) -> Result<Vec<Block>> {
    // The entry block's implicit number follows the numbered parameters.
    let numbered = f
        .params
        .iter()
        .filter(|p| p.name.chars().all(|c| c.is_ascii_digit()))
        .count();
    let mut blocks = vec![Block {
        label: numbered.to_string(),
        insts: Vec::new(),
    }];
    let mut k = 0;
    while k < lines.len() {
        let line_no = first_line + k as u32;
        let mut toks = lex(lines[k], line_no)?;
        k += 1;
        // Join the lines of an instruction whose brackets stay open.
        let open = |ts: &[Token]| {
            ts.iter().fold(0i32, |d, t| match t.kind {
                Tok::Punct('[') | Tok::Punct('(') => d + 1,
                Tok::Punct(']') | Tok::Punct(')') => d - 1,
                _ => d,
            })
        };
        while open(&toks) > 0 && k < lines.len() {
            toks.extend(lex(lines[k], first_line + k as u32)?);
            k += 1;
        }
        if toks.is_empty() {
            continue;
        }
        // `label:`
        if toks.len() == 2 && toks[1].kind.is_punct(':') {
            let label = match &toks[0].kind {
                Tok::Word(w) => w.clone(),
                Tok::Str(s) => s.clone(),
                Tok::Int(v) => v.to_string(),
                _ => return Err(KernelError::new(line_no, 1, "bad block label")),
            };
            let last = blocks.last().expect("the entry block");
            if last.insts.is_empty() && blocks.len() == 1 {
                blocks[0].label = label;
            } else {
                blocks.push(Block {
                    label,
                    insts: Vec::new(),
                });
            }
            continue;
        }
        if let Tok::Word(w) = &toks[0].kind {
            if w.starts_with("#dbg_") {
                continue; // debug records carry no semantics
            }
        }
        let inst = instruction(&toks, line_no)?;
        if let Some(i) = inst {
            blocks.last_mut().expect("a block").insts.push(i);
        }
    }
    Ok(blocks)
}

const BINARY: &[&str] = &[
    "add", "sub", "mul", "udiv", "sdiv", "urem", "srem", "shl", "lshr", "ashr", "and", "or", "xor",
    "fadd", "fsub", "fmul", "fdiv", "frem",
];
const CASTS: &[&str] = &[
    "trunc",
    "zext",
    "sext",
    "fptrunc",
    "fpext",
    "fptoui",
    "fptosi",
    "uitofp",
    "sitofp",
    "ptrtoint",
    "inttoptr",
    "bitcast",
    "addrspacecast",
];
const FLAGS: &[&str] = &[
    "nuw", "nsw", "exact", "disjoint", "nneg", "samesign", "fast", "nnan", "ninf", "nsz", "arcp",
    "contract", "afn", "reassoc",
];

/// One instruction line; `None` for a call of an `llvm.dbg.*` intrinsic.
fn instruction(toks: &[Token], line: u32) -> Result<Option<Inst>> {
    let mut c = Cursor::new(toks, line);
    let dst = match c.peek() {
        Some(Tok::Local(n)) => {
            let n = n.clone();
            c.pos += 1;
            c.punct('=')?;
            Some(n)
        }
        _ => None,
    };
    let op_col = c.col();
    let opcode = c.word()?;
    let op = match opcode.as_str() {
        "alloca" => {
            c.eat_word("inalloca");
            let ty = c.ty()?;
            let mut count = 1;
            if c.peek().is_some_and(|t| t.is_punct(','))
                && matches!(c.peek_at(1), Some(Tok::Word(w)) if w.starts_with('i') && w != "inalloca")
            {
                c.pos += 1;
                let (_, v) = c.typed_value()?;
                count = match v {
                    Value::Int(n) => n as u64,
                    _ => return Err(c.err("an alloca of a variable count is not supported")),
                };
            }
            // `, align N`, `, addrspace(5)`
            while c.peek().is_some_and(|t| t.is_punct(','))
                && matches!(c.peek_at(1), Some(Tok::Word(w)) if w == "align" || w == "addrspace")
            {
                c.pos += 2;
                if c.peek().is_some_and(|t| t.is_punct('(')) {
                    c.skip_group();
                } else {
                    c.int()?;
                }
            }
            Op::Alloca { ty, count }
        }
        "load" => {
            let atomic = c.eat_word("atomic");
            let volatile = c.eat_word("volatile");
            let ty = c.ty()?;
            c.punct(',')?;
            let (pt, ptr) = c.typed_value()?;
            let atomic = if atomic { Some(c.atomic()?) } else { None };
            Op::Load {
                ty,
                space: space_of(&pt),
                ptr,
                atomic,
                volatile,
            }
        }
        "store" => {
            let atomic = c.eat_word("atomic");
            let volatile = c.eat_word("volatile");
            let (ty, value) = c.typed_value()?;
            c.punct(',')?;
            let (pt, ptr) = c.typed_value()?;
            let atomic = if atomic { Some(c.atomic()?) } else { None };
            Op::Store {
                ty,
                value,
                space: space_of(&pt),
                ptr,
                atomic,
                volatile,
            }
        }
        "atomicrmw" => {
            let volatile = c.eat_word("volatile");
            let op = c.word()?;
            let (pt, ptr) = c.typed_value()?;
            c.punct(',')?;
            let (ty, value) = c.typed_value()?;
            let atomic = c.atomic()?;
            Op::AtomicRmw {
                op,
                space: space_of(&pt),
                ptr,
                ty,
                value,
                atomic,
                volatile,
            }
        }
        "cmpxchg" => {
            let weak = c.eat_word("weak");
            let volatile = c.eat_word("volatile");
            let (pt, ptr) = c.typed_value()?;
            c.punct(',')?;
            let (ty, expected) = c.typed_value()?;
            c.punct(',')?;
            let (_, new) = c.typed_value()?;
            let atomic = c.atomic()?;
            let failure = c.ordering()?;
            Op::CmpXchg {
                weak,
                space: space_of(&pt),
                ptr,
                ty,
                expected,
                new,
                atomic,
                failure,
                volatile,
            }
        }
        "fence" => Op::Fence(c.atomic()?),
        o if BINARY.contains(&o) => {
            while c
                .peek()
                .is_some_and(|t| matches!(t, Tok::Word(w) if FLAGS.contains(&w.as_str())))
            {
                c.pos += 1;
            }
            let (ty, a) = c.typed_value()?;
            c.punct(',')?;
            let b = c.value(&ty)?;
            Op::Bin {
                op: o.to_string(),
                ty,
                a,
                b,
            }
        }
        "fneg" => {
            while c
                .peek()
                .is_some_and(|t| matches!(t, Tok::Word(w) if FLAGS.contains(&w.as_str())))
            {
                c.pos += 1;
            }
            let (ty, a) = c.typed_value()?;
            Op::Unary {
                op: "fneg".into(),
                ty,
                a,
            }
        }
        "icmp" => {
            c.eat_word("samesign");
            let pred = c.word()?;
            let (ty, a) = c.typed_value()?;
            c.punct(',')?;
            let b = c.value(&ty)?;
            Op::Icmp { pred, ty, a, b }
        }
        "fcmp" => {
            while c
                .peek()
                .is_some_and(|t| matches!(t, Tok::Word(w) if FLAGS.contains(&w.as_str())))
            {
                c.pos += 1;
            }
            let pred = c.word()?;
            let (ty, a) = c.typed_value()?;
            c.punct(',')?;
            let b = c.value(&ty)?;
            Op::Fcmp { pred, ty, a, b }
        }
        "select" => {
            while c
                .peek()
                .is_some_and(|t| matches!(t, Tok::Word(w) if FLAGS.contains(&w.as_str())))
            {
                c.pos += 1;
            }
            let (_, cond) = c.typed_value()?;
            c.punct(',')?;
            let (ty, a) = c.typed_value()?;
            c.punct(',')?;
            let (_, b) = c.typed_value()?;
            Op::Select { cond, ty, a, b }
        }
        o if CASTS.contains(&o) => {
            while c
                .peek()
                .is_some_and(|t| matches!(t, Tok::Word(w) if FLAGS.contains(&w.as_str())))
            {
                c.pos += 1;
            }
            let (from, value) = c.typed_value()?;
            if !c.eat_word("to") {
                return Err(c.err("expected `to`"));
            }
            let to = c.ty()?;
            Op::Cast {
                op: o.to_string(),
                from,
                value,
                to,
            }
        }
        "getelementptr" => {
            while c.eat_word("inbounds") || c.eat_word("nuw") || c.eat_word("nusw") {}
            c.gep_rest(None)?
        }
        "phi" => {
            while c
                .peek()
                .is_some_and(|t| matches!(t, Tok::Word(w) if FLAGS.contains(&w.as_str())))
            {
                c.pos += 1;
            }
            let ty = c.ty()?;
            let mut incoming = Vec::new();
            loop {
                c.punct('[')?;
                let v = c.value(&ty)?;
                c.punct(',')?;
                let b = c.local()?;
                c.punct(']')?;
                incoming.push((v, b));
                if !(c.peek().is_some_and(|t| t.is_punct(','))
                    && c.peek_at(1).is_some_and(|t| t.is_punct('[')))
                {
                    break;
                }
                c.pos += 1;
            }
            Op::Phi { ty, incoming }
        }
        "tail" | "musttail" | "notail" | "call" => {
            if opcode != "call" && !c.eat_word("call") {
                return Err(c.err("expected `call`"));
            }
            // Fast-math flags, calling convention, return attributes.
            loop {
                match c.peek() {
                    Some(Tok::Word(w)) if !starts_type(c.peek()) => {
                        let _ = w;
                        c.pos += 1;
                        if matches!(c.peek(), Some(Tok::Int(_))) {
                            c.pos += 1;
                        }
                        c.skip_group();
                    }
                    _ => break,
                }
            }
            let ret = c.ty()?;
            // A function type `(args...)` before the callee (varargs calls).
            if c.peek().is_some_and(|t| t.is_punct('(')) {
                c.skip_group();
            }
            let callee = match c.next() {
                Some(Tok::Global(n)) => n.clone(),
                Some(Tok::Local(_)) | Some(Tok::Word(_)) => {
                    c.pos -= 1;
                    return Err(c
                        .err("indirect calls are not supported")
                        .hint("amdmm inlines calls of functions defined in the module"));
                }
                _ => return Err(c.err("expected the callee")),
            };
            if callee.starts_with("llvm.dbg.") {
                return Ok(None);
            }
            c.punct('(')?;
            let mut args = Vec::new();
            if !c.eat_punct(')') {
                loop {
                    let ty = c.ty()?;
                    c.skip_attrs();
                    let v = if ty == Type::Metadata {
                        match c.peek() {
                            Some(Tok::MetaTuple) => {
                                c.pos += 1;
                                c.skip_braces();
                                Value::Meta(String::new())
                            }
                            _ => c.value(&ty)?,
                        }
                    } else {
                        c.value(&ty)?
                    };
                    args.push((ty, v));
                    if c.eat_punct(')') {
                        break;
                    }
                    c.punct(',')?;
                }
            }
            // Function attributes and operand bundles.
            while let Some(t) = c.peek() {
                match t {
                    Tok::Attr(_) => c.pos += 1,
                    Tok::Word(_) => {
                        c.pos += 1;
                        c.skip_group();
                    }
                    Tok::Punct('[') => {
                        return Err(c.err("operand bundles are not supported"));
                    }
                    _ => break,
                }
            }
            Op::Call { ret, callee, args }
        }
        "extractvalue" => {
            let (_, agg) = c.typed_value()?;
            c.punct(',')?;
            let index = c.int()? as u32;
            if c.peek().is_some_and(|t| t.is_punct(','))
                && matches!(c.peek_at(1), Some(Tok::Int(_)))
            {
                return Err(c.err("extractvalue with several indices is not supported"));
            }
            Op::ExtractValue { agg, index }
        }
        "freeze" => {
            let (_, value) = c.typed_value()?;
            Op::Freeze { value }
        }
        "extractelement" => {
            let (_, vec) = c.typed_value()?;
            c.punct(',')?;
            let (_, index) = c.typed_value()?;
            Op::ExtractElement { vec, index }
        }
        "insertelement" => {
            let (ty, vec) = c.typed_value()?;
            c.punct(',')?;
            let (_, elt) = c.typed_value()?;
            c.punct(',')?;
            let (_, index) = c.typed_value()?;
            Op::InsertElement {
                ty,
                vec,
                elt,
                index,
            }
        }
        "shufflevector" => {
            let (ty, a) = c.typed_value()?;
            c.punct(',')?;
            let (_, b) = c.typed_value()?;
            c.punct(',')?;
            let mask_col = c.col();
            let (mt, m) = c.typed_value()?;
            let n = match &mt {
                Type::Vector(n, _) => *n as usize,
                _ => {
                    return Err(KernelError::new(
                        line,
                        mask_col,
                        "the shufflevector mask is not a vector",
                    ))
                }
            };
            let mask = match m {
                Value::ZeroInit => vec![Some(0); n],
                Value::Undef | Value::Poison => vec![None; n],
                Value::Vector(es) => es
                    .into_iter()
                    .map(|e| match e {
                        Value::Int(k) => Ok(Some(k as u32)),
                        Value::Undef | Value::Poison => Ok(None),
                        _ => Err(KernelError::new(
                            line,
                            mask_col,
                            "a shufflevector mask element must be a constant",
                        )),
                    })
                    .collect::<Result<Vec<_>>>()?,
                _ => {
                    return Err(KernelError::new(
                        line,
                        mask_col,
                        "the shufflevector mask must be a constant",
                    ))
                }
            };
            Op::ShuffleVector { ty, a, b, mask }
        }
        "br" => {
            if c.peek().is_some_and(|t| t.is_word("label")) {
                Op::Br { target: c.label()? }
            } else {
                let (_, cond) = c.typed_value()?;
                c.punct(',')?;
                let then_ = c.label()?;
                c.punct(',')?;
                let else_ = c.label()?;
                Op::CondBr { cond, then_, else_ }
            }
        }
        "switch" => {
            let (ty, value) = c.typed_value()?;
            c.punct(',')?;
            let default = c.label()?;
            c.punct('[')?;
            let mut cases = Vec::new();
            while !c.eat_punct(']') {
                let (_, v) = c.typed_value()?;
                let Value::Int(k) = v else {
                    return Err(c.err("a switch case must be an integer constant"));
                };
                c.punct(',')?;
                cases.push((k, c.label()?));
            }
            Op::Switch {
                ty,
                value,
                default,
                cases,
            }
        }
        "ret" => {
            if c.eat_word("void") {
                Op::Ret { value: None }
            } else {
                let (_, v) = c.typed_value()?;
                Op::Ret { value: Some(v) }
            }
        }
        "unreachable" => Op::Unreachable,
        other => return Err(KernelError::new(
            line,
            op_col,
            format!("unsupported instruction `{other}`"),
        )
        .hint(
            "amdmm models the instructions listed in docs/kernels.md, \"What the reader accepts\"",
        )),
    };
    let mut inst = Inst {
        dst,
        op,
        line,
        dbg: None,
        mmra: false,
    };
    c.attachments(&mut inst)?;
    Ok(Some(inst))
}

/// The bytes of a `c"..."` string: `\XX` is a byte in hex, `\\` a backslash.
fn c_string(text: &str) -> Vec<u8> {
    let b = text.as_bytes();
    let mut out = Vec::new();
    let mut k = 0;
    while k < b.len() {
        if b[k] == b'\\' {
            if b.get(k + 1) == Some(&b'\\') {
                out.push(b'\\');
                k += 2;
                continue;
            }
            if let Some(v) = b
                .get(k + 1..k + 3)
                .and_then(|h| std::str::from_utf8(h).ok())
                .and_then(|h| u8::from_str_radix(h, 16).ok())
            {
                out.push(v);
                k += 3;
                continue;
            }
        }
        out.push(b[k]);
        k += 1;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    const MP: &str = r#"
define protected amdgpu_kernel void @_Z2mpPiS_S_(ptr addrspace(1) noundef captures(none) %0, ptr addrspace(1) noundef %1) local_unnamed_addr #0 !dbg !13 {
  %4 = tail call i32 @llvm.amdgcn.workgroup.id.x(), !dbg !24
  %5 = icmp eq i32 %4, 0, !dbg !25
  br i1 %5, label %6, label %7, !dbg !25

6:                                                ; preds = %3
  store i32 42, ptr addrspace(1) %0, align 4, !dbg !27, !tbaa !9
  store atomic i32 1, ptr addrspace(1) %1 syncscope("agent") release, align 4, !dbg !29
  switch i32 %4, label %7 [
    i32 0, label %6
  ]

7:
  %8 = getelementptr inbounds nuw [64 x i32], ptr addrspacecast (ptr addrspace(3) @t to ptr), i64 0, i64 %4, !dbg !59
  ret void, !dbg !40
}
declare noundef i32 @llvm.amdgcn.workgroup.id.x() #1
!24 = !DILocation(line: 3, column: 12, scope: !13)
"#;

    #[test]
    fn reads_a_kernel() {
        let m = module(MP).unwrap();
        let k = m.kernels().next().unwrap();
        assert_eq!(k.params.len(), 2);
        assert_eq!(k.blocks.len(), 3);
        assert_eq!(k.blocks[0].label, "2");
        assert_eq!(k.blocks[1].insts.len(), 3);
        let Op::Switch { cases, .. } = &k.blocks[1].insts[2].op else {
            panic!()
        };
        assert_eq!(cases.len(), 1);
        assert_eq!(k.blocks[0].insts[0].dbg, Some(24));
        assert_eq!(k.blocks[0].insts[0].line, 3);
        assert!(m.metadata[&24].starts_with("!DILocation"));
        let Op::Gep { indices, .. } = &k.blocks[2].insts[0].op else {
            panic!()
        };
        assert_eq!(indices.len(), 2);
    }

    #[test]
    fn refuses_unknown_instructions_with_their_line() {
        let text = "define amdgpu_kernel void @k() {\n  %1 = va_arg ptr %0, i32\n  ret void\n}\n";
        let e = module(text).unwrap_err();
        assert_eq!(e.line, 2);
        assert!(e.message.contains("`va_arg`"), "{}", e.message);
    }
}
