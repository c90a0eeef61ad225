//! Lowering: a parsed [`ast::File`] to a checked [`Program`].
//!
//! Declarations become locations (arrays expanded element by element),
//! thread bodies become resolved code (registers numbered, labels resolved,
//! calls inlined between `CallEnter` / `CallExit`), placements become scope
//! instances, and the condition is resolved to observables. Every static
//! error is reported with the offending text and a hint.

mod body;
mod condition;
mod defuse;
mod floats;
mod intrinsics;
mod lanes;
mod placement;

use crate::program::*;
use crate::scope::{ScopeLevel, SyncScope};
use amdmm_litmus::ast::{self, Span};
use amdmm_litmus::suggest;
use amdmm_litmus::{Budget, Diagnostic};
use std::collections::HashMap;

/// Longest array accepted (each element is a location of its own).
const MAX_ARRAY: i64 = 4096;

/// Lowers a parsed file; all static errors are returned together.
///
/// A first pass lowers every location whole. When it finds a symbol
/// accessed at several widths (or at a byte offset), a second pass lowers
/// the file again with those symbols modelled byte by byte
/// (docs/semantics.md, "Byte-level accesses"); every other test is lowered
/// once, exactly as before.
pub fn lower(file: &ast::File) -> Result<Program, Vec<Diagnostic>> {
    lower_within(file, &Budget::unlimited())
}

/// [`lower`] within `budget` (the caller's `--timeout` and `--max-memory`,
/// ticked once per thread and per statement): once it says stop, the
/// lowering ends early and its result is incomplete; the caller checks
/// [`Budget::stopped`] first.
pub fn lower_within<'a>(
    file: &'a ast::File,
    budget: &'a Budget<'a>,
) -> Result<Program, Vec<Diagnostic>> {
    let (result, layout) = lower_with(file, HashMap::new(), budget);
    if layout.is_empty() || budget.stopped() {
        return result;
    }
    lower_with(file, layout, budget).0
}

/// One lowering pass with the byte-level symbols of `layout` (symbol →
/// bytes per element); also returns the symbols this pass found accessed at
/// several widths, with the widest access's bytes (empty in a second pass).
fn lower_with<'a>(
    file: &'a ast::File,
    layout: HashMap<u32, u32>,
    budget: &'a Budget<'a>,
) -> (Result<Program, Vec<Diagnostic>>, HashMap<u32, u32>) {
    let mut cx = Cx::new(file, layout, budget);
    cx.declarations();
    cx.index_functions();
    let placements = placement::resolve(file, &mut cx.diags);
    let mut threads = Vec::new();
    let mut seen: HashMap<&str, Span> = HashMap::new();
    // Threads placed so far per wavefront: a thread's lane is their count
    // (counted as the threads go, not by rescanning them: 100,000 threads
    // took 38 s when each one rescanned the threads before it, issue 24).
    let mut lanes: HashMap<u32, u32> = HashMap::new();
    for (i, t) in file.threads.iter().enumerate() {
        if budget.tick() {
            break;
        }
        if let Some(first) = seen.get(t.name.name.as_str()) {
            cx.diags.push(
                Diagnostic::new(
                    format!("duplicate thread name `{}`", t.name.name),
                    t.name.span,
                )
                .with_label("declared again here")
                .with_secondary(*first, "first declared here")
                .with_hint("every thread needs a name of its own"),
            );
        } else {
            seen.insert(&t.name.name, t.name.span);
        }
        let lane = lanes
            .entry(placements.placements[i].instance(ScopeLevel::Wavefront))
            .or_insert(0);
        cx.lane = *lane;
        *lane += 1;
        cx.thread = i;
        threads.push(cx.lower_thread(t, placements.placements[i]));
    }
    let wave = |j: usize| placements.placements[j].instance(ScopeLevel::Wavefront);
    cx.check_uniform_lds_bases(&threads, &wave);
    cx.check_uncalled_functions();
    cx.resolve_float_inits();
    cx.wrap_initial_values();
    let workgroups = placements.workgroups;
    let observed = match &file.locations {
        Some(list) => list
            .iter()
            .filter_map(|o| cx.observable(o, &threads, &workgroups))
            .collect(),
        None => Vec::new(),
    };
    let cond = cx.cond(&file.condition.expr, &threads, &workgroups);
    let quantifier = match file.condition.quantifier.node {
        ast::Quantifier::Exists => Quantifier::Exists,
        ast::Quantifier::NotExists => Quantifier::NotExists,
        ast::Quantifier::Forall => Quantifier::Forall,
    };
    let expect = file.expect.as_ref().map(|e| cx.expectation(e));
    let expect_by_model = file
        .model_expects
        .iter()
        .map(|m| (m.model.node.clone(), cx.expectation(&m.expect)))
        .collect();
    // Only the first pass looks for mixed widths: the second lowers the
    // same accesses, with the symbols it found already byte-level.
    let found: HashMap<u32, u32> = cx
        .mixed
        .iter()
        .filter(|_| cx.layout.is_empty())
        .map(|&s| (s, cx.widest.get(&s).copied().unwrap_or(1).max(1)))
        .collect();
    if !found.is_empty() {
        // Lowered again byte by byte: this pass's errors are reported there.
        return (Err(Vec::new()), found);
    }
    if !cx.diags.is_empty() {
        let mut diags = cx.diags;
        // An inlined function reports its errors once, not once per call.
        let mut seen = std::collections::HashSet::new();
        diags.retain(|d| seen.insert((d.span, d.message.clone())));
        diags.sort_by_key(|d| d.span.start);
        return (Err(amdmm_litmus::diagnostic::cap(diags, false)), found);
    }
    let cond = cond.unwrap_or(Cond::True);
    let float_tys = std::mem::take(&mut cx.float_tys);
    let mut program = Program {
        name: file.name.name.clone(),
        description: file.description.as_ref().map(|d| d.node.clone()),
        locations: cx.locations,
        symbols: cx.symbols,
        barriers: cx.barriers,
        exclusive: cx.exclusive,
        functions: cx
            .functions
            .iter()
            .map(|f| Function {
                name: f.name.name.clone(),
            })
            .collect(),
        threads,
        workgroups,
        observed,
        condition: Condition { quantifier, cond },
        condition_text: String::new(),
        expect,
        expect_by_model,
        float_types: Vec::new(),
    };
    program.float_types = floats::float_types_of(&program, &float_tys);
    program.condition_text = condition::text(&program, &program.condition.cond);
    (Ok(program), found)
}

/// What a declared name refers to.
#[derive(Clone, Copy)]
enum Named {
    Sym(u32),
    Barrier(u32),
}

/// The lowering context shared by all threads.
struct Cx<'a> {
    file: &'a ast::File,
    /// The lane of the thread being lowered: how many threads declared
    /// before it share its wavefront (an LDS DMA's LDS address depends on it).
    lane: u32,
    /// The index of the thread being lowered.
    thread: usize,
    /// The LDS base of every LDS DMA call lowered so far (for the
    /// wave-uniform check).
    dma_bases: Vec<lanes::DmaBase>,
    diags: Vec<Diagnostic>,
    locations: Vec<Location>,
    symbols: Vec<Symbol>,
    /// Address space of each symbol.
    spaces: Vec<AddrSpace>,
    names: HashMap<String, (Named, Span)>,
    barriers: Vec<BarrierDecl>,
    exclusive: Vec<(u32, u32)>,
    functions: Vec<&'a ast::Function>,
    func_index: HashMap<String, u32>,
    /// Whether each function was inlined somewhere.
    called: Vec<bool>,
    /// First access of each whole symbol: its type and where (for width
    /// checks).
    widths: HashMap<u32, (Ty, Span)>,
    /// The floating-point type a symbol is accessed with, if any.
    float_tys: HashMap<u32, Ty>,
    /// Each symbol's initial values as written (for floating-point
    /// literals, resolved once the accesses are known).
    init_values: Vec<(u32, Vec<ast::Spanned<ast::Value>>)>,
    /// Byte-level symbols (second pass): bytes per element.
    layout: HashMap<u32, u32>,
    /// Whole symbols found accessed at several widths or at a byte offset
    /// (first pass): they are lowered again byte by byte.
    mixed: std::collections::BTreeSet<u32>,
    /// Bytes of the widest access of each symbol.
    widest: HashMap<u32, u32>,
    /// Byte offset of the start of each source line.
    line_starts: Vec<usize>,
    /// The caller's limits, ticked per thread and per statement.
    budget: &'a Budget<'a>,
}

impl<'a> Cx<'a> {
    fn new(file: &'a ast::File, layout: HashMap<u32, u32>, budget: &'a Budget<'a>) -> Cx<'a> {
        Cx {
            file,
            budget,
            lane: 0,
            thread: 0,
            dma_bases: Vec::new(),
            diags: Vec::new(),
            locations: Vec::new(),
            symbols: Vec::new(),
            spaces: Vec::new(),
            names: HashMap::new(),
            barriers: Vec::new(),
            exclusive: Vec::new(),
            functions: Vec::new(),
            func_index: HashMap::new(),
            called: Vec::new(),
            widths: HashMap::new(),
            float_tys: HashMap::new(),
            init_values: Vec::new(),
            layout,
            mixed: Default::default(),
            widest: HashMap::new(),
            line_starts: std::iter::once(0)
                .chain(file.source.match_indices('\n').map(|(i, _)| i + 1))
                .collect(),
        }
    }

    fn pos(&self, span: Span) -> Pos {
        let src = &self.file.source;
        let offset = amdmm_litmus::span::floor_char_boundary(src, span.start);
        let line = self.line_starts.partition_point(|&s| s <= offset);
        let start = self.line_starts[line - 1];
        Pos {
            line: line as u32,
            col: src[start..offset].chars().count() as u32 + 1,
        }
    }

    /// A location's name as a condition writes it (`x`, `a[2]`; the
    /// element's name for a byte-level location).
    fn location_name(&self, loc: LocId) -> &str {
        let l = &self.locations[loc as usize];
        l.byte.as_ref().map_or(&l.name, |b| &b.element)
    }

    fn error(&mut self, d: Diagnostic) {
        self.diags.push(d);
    }

    fn declare(&mut self, name: &ast::Ident, what: Named) -> bool {
        if let Some((_, first)) = self.names.get(&name.name) {
            let first = *first;
            self.error(
                Diagnostic::new(
                    format!("duplicate declaration of `{}`", name.name),
                    name.span,
                )
                .with_label("declared again here")
                .with_secondary(first, "first declared here")
                .with_hint("locations and barriers share one namespace: rename one of them"),
            );
            return false;
        }
        self.names.insert(name.name.clone(), (what, name.span));
        true
    }

    fn declarations(&mut self) {
        for d in &self.file.decls {
            match d {
                ast::Decl::Var {
                    space,
                    name,
                    len,
                    init,
                    ..
                } => self.var(space.node, name, len.as_ref(), init.as_ref()),
                ast::Decl::Barrier {
                    name, scope, init, ..
                } => self.barrier_decl(name, scope, init.as_ref()),
                ast::Decl::Exclusive { names, span } => self.exclusive_decl(names, *span),
            }
        }
    }

    fn var(
        &mut self,
        space: ast::Space,
        name: &ast::Ident,
        len: Option<&ast::Spanned<i64>>,
        init: Option<&ast::Init>,
    ) {
        let n = match len {
            None => 1,
            Some(l) if (1..=MAX_ARRAY).contains(&l.node) => l.node as u32,
            Some(l) => {
                self.error(
                    Diagnostic::new(format!("invalid array length {}", l.node), l.span)
                        .with_hint(format!("an array has 1 to {MAX_ARRAY} elements")),
                );
                return;
            }
        };
        // Floating-point literals are resolved once the accesses give the
        // location its type (`floats::resolve_float_inits`).
        let value = |v: &ast::Value| match v {
            ast::Value::Int(i) => Some(*i),
            ast::Value::Float(_) | ast::Value::Undef => None,
        };
        let written: Vec<ast::Spanned<ast::Value>> = match init {
            None => Vec::new(),
            Some(ast::Init::All(v)) => vec![v.clone(); n as usize],
            Some(ast::Init::List(vs)) => vs.clone(),
        };
        let inits: Vec<Option<i64>> = match init {
            None => vec![None; n as usize],
            Some(ast::Init::All(v)) => vec![value(&v.node); n as usize],
            Some(ast::Init::List(vs)) => {
                if vs.len() != n as usize {
                    let span = match (vs.first(), vs.last()) {
                        (Some(a), Some(b)) => a.span.to(b.span),
                        _ => name.span,
                    };
                    self.error(
                        Diagnostic::new(
                            format!(
                                "{} initial values for `{}`, which has {n} element{}",
                                vs.len(),
                                name.name,
                                if n == 1 { "" } else { "s" }
                            ),
                            span,
                        )
                        .with_hint("give one value per element, or a single value for all: `= 0`"),
                    );
                    return;
                }
                vs.iter().map(|v| value(&v.node)).collect()
            }
        };
        let sym = self.symbols.len() as u32;
        if !self.declare(name, Named::Sym(sym)) {
            return;
        }
        let space = match space {
            ast::Space::Global => AddrSpace::Global,
            ast::Space::Lds => AddrSpace::Lds,
        };
        let first = self.locations.len() as LocId;
        let bytes = self.layout.get(&sym).copied();
        for (i, init) in inits.into_iter().enumerate() {
            let lname = if len.is_some() {
                format!("{}[{i}]", name.name)
            } else {
                name.name.clone()
            };
            match bytes {
                None => self.locations.push(Location {
                    name: lname,
                    space,
                    init,
                    byte: None,
                }),
                Some(size) => self.byte_cells(lname, space, init, size),
            }
        }
        self.init_values.push((sym, written));
        self.symbols.push(Symbol {
            name: name.name.clone(),
            first,
            len: n,
            is_array: len.is_some(),
            bytes,
        });
        self.spaces.push(space);
    }

    /// The one-byte locations of an element modelled byte by byte, each
    /// holding its byte of the initial value. memory-model.txt: "Every
    /// (defined) read operation `R` reads a series of bytes written by
    /// (defined) write operations." Byte 0 is the lowest: AMDGPU is
    /// little-endian (its LLVM data layout string starts with `e`, which
    /// LangRef, "Data Layout", defines as little-endian).
    fn byte_cells(&mut self, element: String, space: AddrSpace, init: Option<i64>, size: u32) {
        for k in 0..size {
            // Bytes past the 64-bit value repeat its sign.
            let byte = init.map(|v| Ty::I8.wrap(v.checked_shr(8 * k).unwrap_or(v >> 63)));
            self.locations.push(Location {
                name: format!("{element}+{k}"),
                space,
                init: byte,
                byte: Some(ByteCell {
                    element: element.clone(),
                    index: k,
                    size,
                }),
            });
        }
    }

    fn barrier_decl(
        &mut self,
        name: &ast::Ident,
        scope: &ast::Ident,
        init: Option<&ast::Spanned<i64>>,
    ) {
        let level = match SyncScope::parse(&scope.name) {
            Some(s) if !s.one_as && !scope.name.is_empty() => s.level,
            _ => {
                let names: Vec<&str> = ScopeLevel::ALL.iter().map(|l| l.name()).collect();
                self.error(
                    Diagnostic::new(
                        format!("unknown barrier scope `{}`", scope.name),
                        scope.span,
                    )
                    .with_label("not a scope")
                    .with_hint(suggest::hint(&scope.name, &names, "scopes")),
                );
                return;
            }
        };
        let init = match init {
            Some(k) if k.node < 0 || k.node > u32::MAX as i64 => {
                self.error(
                    Diagnostic::new("invalid barrier count", k.span)
                        .with_hint("the expected count is a non-negative number"),
                );
                return;
            }
            other => other.map(|k| k.node),
        };
        let idx = self.barriers.len() as u32;
        if self.declare(name, Named::Barrier(idx)) {
            self.barriers.push(BarrierDecl {
                name: name.name.clone(),
                scope: level,
                init,
            });
        }
    }

    fn exclusive_decl(&mut self, names: &[ast::Ident], span: Span) {
        let ids: Vec<Option<u32>> = names.iter().map(|n| self.barrier_ref(n)).collect();
        if names.len() < 2 {
            self.error(
                Diagnostic::new("`exclusive` needs two or more barriers", span)
                    .with_hint("write `exclusive B, C;`"),
            );
        }
        for (i, a) in ids.iter().enumerate() {
            for b in &ids[i + 1..] {
                if let (Some(a), Some(b)) = (a, b) {
                    self.exclusive.push((*a, *b));
                }
            }
        }
    }

    /// Resolves `@B` to a declared barrier.
    fn barrier_ref(&mut self, name: &ast::Ident) -> Option<u32> {
        match self.names.get(&name.name) {
            Some((Named::Barrier(i), _)) => Some(*i),
            Some((Named::Sym(_), decl)) => {
                let decl = *decl;
                self.error(
                    Diagnostic::new(
                        format!("`@{}` is a location, not a barrier", name.name),
                        name.span,
                    )
                    .with_secondary(decl, "declared here")
                    .with_hint("declare a barrier object: `barrier B workgroup;`"),
                );
                None
            }
            None => {
                let known: Vec<&str> = self.barriers.iter().map(|b| b.name.as_str()).collect();
                let hint = suggest::hint(&name.name, &known, "barriers");
                self.error(
                    Diagnostic::new(format!("undeclared barrier `@{}`", name.name), name.span)
                        .with_label("not declared")
                        .with_hint(format!(
                            "{hint} (declare it: `barrier {} workgroup;`)",
                            name.name
                        )),
                );
                None
            }
        }
    }

    fn index_functions(&mut self) {
        for f in &self.file.functions {
            if let Some(&i) = self.func_index.get(&f.name.name) {
                let first = self.functions[i as usize].name.span;
                self.error(
                    Diagnostic::new(
                        format!("duplicate function `@{}`", f.name.name),
                        f.name.span,
                    )
                    .with_label("defined again here")
                    .with_secondary(first, "first defined here")
                    .with_hint("rename one of the functions"),
                );
                continue;
            }
            self.func_index
                .insert(f.name.name.clone(), self.functions.len() as u32);
            self.functions.push(f);
            self.called.push(false);
        }
    }

    /// Initial values hold what an access of the location's width reads:
    /// `global x = 300;` accessed as `i8` starts at 44. Every write is
    /// truncated to its access width too (the explorer's and the hardware
    /// models' stores), so no access ever sees more bits than its type has.
    /// docs/semantics.md, "Integer widths".
    fn wrap_initial_values(&mut self) {
        for (&sym, &(ty, _)) in &self.widths {
            let s = &self.symbols[sym as usize];
            for l in &mut self.locations[s.first as usize..(s.first + s.len) as usize] {
                l.init = l.init.map(|v| ty.wrap(v));
            }
        }
    }

    /// Records an access of `sym` with type `ty` at byte `offset` of an
    /// element. A whole symbol accessed at a second width, or at a byte
    /// offset, is marked for byte-level lowering (docs/semantics.md,
    /// "Byte-level accesses"); on a byte-level symbol the access must fit in
    /// its element and in the checker's 64-bit values.
    fn check_width(&mut self, sym: u32, ty: Ty, offset: i64, span: Span) {
        if ty.is_float() {
            self.float_tys.insert(sym, ty);
        }
        let name = self.symbols[sym as usize].name.clone();
        if let Some(&size) = self.layout.get(&sym) {
            if ty.bits() > 64 {
                self.error(
                    Diagnostic::new(
                        format!(
                            "a {} access to `@{name}`, which is accessed at several widths, is not modelled",
                            ty.name()
                        ),
                        span,
                    )
                    .with_label(format!("{}-bit access", ty.bits()))
                    .with_hint(format!(
                        "amdmm models a location byte by byte only with accesses of at most 64 bits (its values are 64-bit integers): access `@{name}` at one width"
                    )),
                );
            } else if offset < 0 || offset + ty.bytes() as i64 > size as i64 {
                self.error(
                    Diagnostic::new(
                        format!(
                            "this {} access covers bytes {offset} to {} of `@{name}`, whose {} {size} byte{} wide",
                            ty.name(),
                            offset + ty.bytes() as i64 - 1,
                            if self.symbols[sym as usize].is_array { "elements are" } else { "value is" },
                            if size == 1 { "" } else { "s" },
                        ),
                        span,
                    )
                    .with_label("outside the location")
                    .with_hint(format!(
                        "a location is as wide as its widest access ({size} byte{} here): an access may not reach past it (array elements are separate locations)",
                        if size == 1 { "" } else { "s" }
                    )),
                );
            }
            return;
        }
        let widest = self.widest.entry(sym).or_insert(0);
        *widest = (*widest).max(ty.bytes());
        if offset != 0 {
            self.mixed.insert(sym);
        }
        match self.widths.get(&sym) {
            None => {
                self.widths.insert(sym, (ty, span));
            }
            Some(&(first, _)) if first.bits() != ty.bits() => {
                self.mixed.insert(sym);
            }
            Some(_) => {}
        }
    }

    fn expectation(&mut self, e: &ast::Expect) -> Expectation {
        let observation = match e.outcome.node {
            ast::Outcome::Always => Observation::Always,
            ast::Outcome::Sometimes => Observation::Sometimes,
            ast::Outcome::Never => Observation::Never,
        };
        let mut flags = Flags::default();
        for f in &e.flags {
            match f.node {
                ast::Flag::Race => flags.race = true,
                ast::Flag::Ub => flags.ub = true,
                ast::Flag::Deadlock => flags.deadlock = true,
                ast::Flag::Cutoff => flags.cutoff = true,
            }
        }
        Expectation {
            observation,
            flags,
            pos: self.pos(e.span),
        }
    }
}
