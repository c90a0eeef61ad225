//! Translating a decoded `.test` program into amdmm litmus text.
//!
//! - Scopes: subgroup → `wavefront`, workgroup → `workgroup`, queue family →
//!   `agent`, device → system; placement: `NEWQF` opens an agent, `NEWWG` a
//!   workgroup, `NEWSG` a wavefront, and threads of one subgroup are lanes
//!   of one wave.
//! - Accesses (memory-model.txt, "The Vulkan Memory Model"): `nonpriv` (and
//!   private, when kept) → plain `load`/`store`; `st.av` → store-available
//!   (`@llvm.amdgcn.av.global.store.b128`), `ld.vis` → load-visible
//!   (`@llvm.amdgcn.av.global.load.b128`); atomics → `load atomic`,
//!   `store atomic`, `atomicrmw xchg`, at the scope's syncscope, `monotonic`
//!   unless `acq`/`rel`; an acquire without `semvis` and a release without
//!   `semav` carry `!mmra !{!"amdgcn-av", !"none"}`.
//! - `membar` → `fence`; `cbar` → `barrier.arrive`/`barrier.wait` on one
//!   barrier object per instance number (scope of the cbar, expected count
//!   the number of subgroups executing it: barrier operations are per
//!   wavefront), between a release fence and an
//!   acquire fence when the cbar releases or acquires.
//! - Storage classes: both are global memory, unless the storage-class
//!   semantics of some operation exclude a class it would then order
//!   ([`crate::classes::choose_local`]): one class is then LDS (`lds x`,
//!   `ptr addrspace(3)`), a fence whose semantics name one class carries
//!   that class's `amdgpu-as` tag and an atomic whose semantics name only
//!   its own class a `-one-as` scope.
//! - Observed values: every read gets a register; each observed value
//!   becomes an `llvm.assume` at the end of its thread, so only the
//!   executions with the test's values remain. The condition states that no
//!   read returns `undef` (see [`crate::expect`]).

use crate::ast::TestFile;
use crate::classes::Spaces;
use crate::expect::{Expected, LineUse, Verdict};
use crate::ops::{AccessKind, Class, Op, OpKind, Ordering, Scope};
use crate::skip::SkipReason;
use std::collections::BTreeMap;
use std::fmt::Write;

/// Where the corpus comes from (for the attribution in every file).
pub const UPSTREAM: &str =
    "github.com/KhronosGroup/Vulkan-MemoryModel, alloy/tests, commit 3a8b358";

/// One translated test.
#[derive(Clone, Debug)]
pub struct Translation {
    /// The file stem (`mp` for `mp.test`).
    pub name: String,
    pub expected: Expected,
    /// Uses control barriers (the engine may not support them yet).
    pub uses_barriers: bool,
    /// Remarks on the translation of this test.
    pub notes: Vec<String>,
    /// The original file.
    source: String,
    /// The original comments other than the licence notice.
    description: Vec<String>,
    /// The copyright line of the original.
    copyright: String,
    /// Declarations, threads and condition.
    body: String,
    /// For each translated instruction: the line of `body` where its
    /// translation starts (0-based) and its line in the `.test` file.
    origins: Vec<(usize, usize)>,
}

impl Translation {
    /// The litmus test name.
    pub fn test_name(&self) -> String {
        format!("VK.{}", self.name)
    }

    /// The `.test` line whose translation is at line `litmus_line` (1-based)
    /// of `rendered` (a [`Translation::render`] of this translation): to
    /// report a translation that does not load at its source. `None` for
    /// the lines before the first instruction (header, declarations).
    pub fn test_line(&self, rendered: &str, litmus_line: usize) -> Option<usize> {
        let body_start = rendered.find(&self.body)?;
        let first = rendered[..body_start].matches('\n').count() + 1;
        let in_body = litmus_line.checked_sub(first)?;
        self.origins
            .iter()
            .take_while(|(l, _)| *l <= in_body)
            .last()
            .map(|(_, t)| *t)
    }

    /// The whole `.litmus` file, with `expect` as its expect line and
    /// `extra` sentences appended to the description.
    pub fn render(&self, expect: &Verdict, extra: &[String]) -> String {
        let mut s = String::new();
        let header = format!(
            "Adapted from {}.test of the Khronos Vulkan memory model test suite ({UPSTREAM}). \
             Original work: {} Licensed under Creative Commons Attribution 4.0 International \
             (http://creativecommons.org/licenses/by/4.0/). Changes: translated into the amdmm \
             litmus format by `amdmm import vulkan-alloy` (`amdmm docs vulkan-crosscheck`); this \
             adaptation is distributed under the same licence.",
            self.name, self.copyright
        );
        for l in wrap(&header, 76).lines() {
            let _ = writeln!(s, "// {l}");
        }
        let _ = writeln!(s, "//\n// The original:");
        for l in self.source.lines() {
            let _ = writeln!(s, "{}", format!("//   {l}").trim_end());
        }
        let _ = writeln!(
            s,
            "//\n// Khronos expectations as an amdmm result: {}",
            self.expected.constraint()
        );
        let _ = writeln!(s, "\nAMDGPU {}", self.test_name());
        let mut d = format!(
            "Translated from the Khronos Vulkan memory model test {}.test ({}; CC BY 4.0; changed: translated to this format).",
            self.name,
            self.copyright.trim_end_matches('.')
        );
        if !self.description.is_empty() {
            let comment = self.description.join(" ");
            let stop = if comment.ends_with('.') { "" } else { "." };
            let _ = write!(d, " Original comment: {comment}{stop}");
        }
        d.push_str(
            " Only executions with the test's observed values are kept (llvm.assume); \
             the condition holds iff no read returns undef, i.e. no read races.",
        );
        for (line, use_) in &self.expected.lines {
            match use_ {
                LineUse::Checked(m) => {
                    let _ = write!(d, " Khronos `{}`: {m}.", line.text);
                }
                LineUse::Dropped(why) => {
                    let _ = write!(d, " Khronos `{}` not checked: {why}.", line.text);
                }
            }
        }
        for n in self.notes.iter().chain(extra) {
            let _ = write!(d, " {n}");
        }
        let _ = writeln!(s, "\"{}\"\n", wrap(&d.replace('"', "'"), 78));
        s.push_str(&self.body);
        let _ = writeln!(s, "expect {expect}");
        s
    }
}

/// Wraps text at spaces (the description may span lines).
fn wrap(text: &str, width: usize) -> String {
    let mut out = String::new();
    let mut col = 0;
    for w in text.split_whitespace() {
        if col > 0 && col + 1 + w.len() > width {
            out.push('\n');
            col = 0;
        } else if col > 0 {
            out.push(' ');
            col += 1;
        }
        out.push_str(w);
        col += w.len();
    }
    out
}

/// The `-one-as` syncscope of a scope (AMDGPUUsage, "Memory Scopes").
fn syncscope_one_as(s: Scope) -> &'static str {
    match s {
        Scope::Subgroup => " syncscope(\"wavefront-one-as\")",
        Scope::Workgroup => " syncscope(\"workgroup-one-as\")",
        Scope::QueueFamily => " syncscope(\"agent-one-as\")",
        Scope::Device => " syncscope(\"one-as\")",
    }
}

/// The address space a class is translated to.
fn space_name(c: Class, local: Option<Class>) -> &'static str {
    if local == Some(c) {
        "local"
    } else {
        "global"
    }
}

/// The `!mmra` of an ordering operation: its address-space tag (a fence
/// that synchronizes one class's space) and `amdgcn-av none`.
fn mmra(tag: Option<&str>, av_none: bool) -> String {
    match (tag, av_none) {
        (None, false) => String::new(),
        (None, true) => AV_NONE.to_string(),
        (Some(t), false) => format!(", !mmra !{{!\"amdgpu-as\", !\"{t}\"}}"),
        (Some(t), true) => {
            format!(", !mmra !{{!{{!\"amdgpu-as\", !\"{t}\"}}, !{{!\"amdgcn-av\", !\"none\"}}}}")
        }
    }
}

fn syncscope(s: Scope) -> &'static str {
    match s {
        Scope::Subgroup => " syncscope(\"wavefront\")",
        Scope::Workgroup => " syncscope(\"workgroup\")",
        Scope::QueueFamily => " syncscope(\"agent\")",
        Scope::Device => "",
    }
}

/// The scope's name as in a barrier declaration and intrinsic metadata.
fn scope_name(s: Scope) -> &'static str {
    match s {
        Scope::Subgroup => "wavefront",
        Scope::Workgroup => "workgroup",
        Scope::QueueFamily => "agent",
        Scope::Device => "system",
    }
}

fn metadata_scope(s: Scope) -> &'static str {
    match s {
        Scope::Device => "",
        other => scope_name(other),
    }
}

const AV_NONE: &str = ", !mmra !{!\"amdgcn-av\", !\"none\"}";

/// The LLVM ordering and whether `amdgcn-av none` is needed.
fn ordering(op: &Op, o: Option<Ordering>) -> Result<(&'static str, bool), SkipReason> {
    let Some(o) = o else {
        return Ok(("monotonic", false));
    };
    Ok(match (o.acq, o.rel) {
        (true, true) => {
            if o.semav != o.semvis {
                return Err(SkipReason::SplitAvVis { line: op.line });
            }
            ("acq_rel", !o.semav)
        }
        (true, false) => ("acquire", !o.semvis),
        (false, true) => ("release", !o.semav),
        (false, false) => ("monotonic", false),
    })
}

/// The address-space tag of a fence whose semantics name one class.
fn fence_tag(op: &Op, local: Option<Class>) -> Option<&'static str> {
    match crate::classes::spaces(op, local) {
        Spaces::FenceOnly(c) => Some(space_name(c, local)),
        _ => None,
    }
}

fn barrier_name(k: i64) -> String {
    if k >= 0 {
        format!("B{k}")
    } else {
        format!("Bm{}", -k)
    }
}

/// One participant of a control barrier instance.
struct CbarUse {
    thread: usize,
    line: usize,
    scope: Scope,
    order: Option<Ordering>,
}

/// Checks the control barrier instances and returns them by number.
fn barriers(
    file: &TestFile,
    threads: &[Vec<Op>],
) -> Result<BTreeMap<i64, Vec<CbarUse>>, SkipReason> {
    let mut map: BTreeMap<i64, Vec<CbarUse>> = BTreeMap::new();
    for (t, ops) in threads.iter().enumerate() {
        for op in ops {
            if let OpKind::Cbar { scope, instance } = op.kind {
                let uses = map.entry(instance).or_default();
                if uses.iter().any(|u| u.thread == t) {
                    return Err(SkipReason::Malformed {
                        line: op.line,
                        what: format!("cbar instance {instance} twice in one invocation"),
                    });
                }
                uses.push(CbarUse {
                    thread: t,
                    line: op.line,
                    scope,
                    order: op.order,
                });
            }
        }
    }
    for (k, uses) in &map {
        let u0 = &uses[0];
        for u in uses {
            if u.scope != u0.scope || u.order != u0.order {
                return Err(SkipReason::Malformed {
                    line: u.line,
                    what: format!("cbar instance {k} with different scopes or semantics"),
                });
            }
        }
        let key = |t: usize| {
            let th = &file.threads[t];
            match u0.scope {
                Scope::Subgroup => (th.qf, th.wg, Some(th.sg)),
                Scope::Workgroup => (th.qf, th.wg, None),
                Scope::QueueFamily => (th.qf, 0, None),
                Scope::Device => (0, 0, None),
            }
        };
        if uses.iter().any(|u| key(u.thread) != key(u0.thread)) {
            return Err(SkipReason::BarrierScope { instance: *k });
        }
    }
    // Two instances in opposite orders in two invocations never complete.
    for ops in threads {
        let seq: Vec<i64> = ops
            .iter()
            .filter_map(|o| match o.kind {
                OpKind::Cbar { instance, .. } => Some(instance),
                _ => None,
            })
            .collect();
        for other in threads {
            let seq2: Vec<i64> = other
                .iter()
                .filter_map(|o| match o.kind {
                    OpKind::Cbar { instance, .. } => Some(instance),
                    _ => None,
                })
                .collect();
            for (i, a) in seq.iter().enumerate() {
                for b in &seq[i + 1..] {
                    let pa = seq2.iter().position(|x| x == a);
                    let pb = seq2.iter().position(|x| x == b);
                    if let (Some(pa), Some(pb)) = (pa, pb) {
                        if pb < pa {
                            return Err(SkipReason::Malformed {
                                line: map[a][0].line,
                                what: format!("cbar instances {a} and {b} in opposite orders"),
                            });
                        }
                    }
                }
            }
        }
    }
    Ok(map)
}

/// How an observed value is bound.
enum Bound {
    /// The value identifies one write (or the initial value): assume it.
    Assume(i64),
    /// No write stores it: litmus.cpp binds nothing, the read is free.
    Free,
}

fn bind_value(threads: &[Vec<Op>], (t, i): (usize, usize), v: i64) -> Result<Bound, SkipReason> {
    let op = &threads[t][i];
    let a = op.access().expect("a read");
    if a.writes && a.write_value == Some(v) {
        return Err(SkipReason::Malformed {
            line: op.line,
            what: format!("`{}` reads its own value", op.text),
        });
    }
    let writers = threads
        .iter()
        .enumerate()
        .flat_map(|(u, ops)| ops.iter().enumerate().map(move |(j, o)| ((u, j), o)))
        .filter(|(n, o)| {
            *n != (t, i)
                && o.access()
                    .is_some_and(|b| b.var == a.var && b.writes && b.write_value == Some(v))
        })
        .count();
    match (v, writers) {
        (0, 0) | (_, 1) if !(v == 0 && writers > 0) => Ok(Bound::Assume(v)),
        (_, 0) => Ok(Bound::Free),
        _ => Err(SkipReason::AmbiguousValue { line: op.line }),
    }
}

/// Translates a parsed and decoded test.
pub fn translate(
    name: &str,
    source: &str,
    file: &TestFile,
    threads: &[Vec<Op>],
    expected: Expected,
    local: Option<Class>,
) -> Result<Translation, SkipReason> {
    let cbars = barriers(file, threads)?;
    let mut notes = Vec::new();
    let mut vars: Vec<(String, Class)> = Vec::new();
    for op in threads.iter().flatten() {
        if let Some(a) = op.access() {
            if !vars.iter().any(|(v, _)| *v == a.var) {
                vars.push((a.var.clone(), a.class));
            }
        }
    }
    if let Some(c) = local {
        notes.push(format!(
            "Storage classes as address spaces: {} is LDS (all its invocations are in one workgroup), {} global memory; storage-class semantics naming one class become that address space's amdgpu-as tag on a fence, a -one-as scope on an atomic of that class, and on an atomic of the other class a fence with that tag next to a monotonic atomic (`amdmm docs vulkan-crosscheck`).",
            c.name(),
            Class::ALL.iter().find(|d| **d != c).expect("two classes").name()
        ));
    }
    let mut body = String::from("{\n");
    for (v, c) in &vars {
        let kind = if local == Some(*c) { "lds" } else { "global" };
        let _ = writeln!(body, "  {kind} {v} = 0;");
    }
    for (k, uses) in &cbars {
        // Barrier operations are per wavefront (execution-synchronization.txt):
        // the invocations of one subgroup arrive together, so the expected
        // count is the number of subgroups executing the cbar.
        let mut waves: Vec<_> = uses
            .iter()
            .map(|u| {
                let th = &file.threads[u.thread];
                (th.qf, th.wg, th.sg)
            })
            .collect();
        waves.sort_unstable();
        waves.dedup();
        let _ = writeln!(
            body,
            "  barrier {} {} = {};",
            barrier_name(*k),
            scope_name(uses[0].scope),
            waves.len()
        );
    }
    body.push_str("}\n");
    let mut condition: Vec<String> = Vec::new();
    let mut origins = Vec::new();
    for (t, ops) in threads.iter().enumerate() {
        let th = &file.threads[t];
        let pname = format!("P{t}");
        let _ = writeln!(
            body,
            "\nthread {pname} @ agent {}, wg {}, wave {} {{",
            th.qf, th.wg, th.sg
        );
        for (k, uses) in &cbars {
            if uses.iter().any(|u| u.thread == t) {
                let _ = writeln!(body, "  barrier.join @{}", barrier_name(*k));
            }
        }
        let mut assumes = Vec::new();
        let mut reg = 0;
        // Lines that follow the current access (a split acquire's fence).
        let mut post: Vec<String> = Vec::new();
        for (i, op) in ops.iter().enumerate() {
            origins.push((body.matches('\n').count(), op.line));
            let _ = writeln!(body, "  ; {}", op.text);
            match &op.kind {
                OpKind::Access(a) => {
                    let r = format!("%r{reg}");
                    if a.reads {
                        condition.push(format!("{pname}:{r} != undef"));
                        if let Some(v) = a.read_value {
                            match bind_value(threads, (t, i), v)? {
                                Bound::Assume(v) => assumes.push((r.clone(), v)),
                                Bound::Free => notes.push(format!(
                                    "Line {}: no write stores the observed value {v}, so (as in litmus.cpp) the read is unconstrained.",
                                    op.line
                                )),
                            }
                        }
                        reg += 1;
                    }
                    let x = &a.var;
                    let ptr = if local == Some(a.class) {
                        "ptr addrspace(3)"
                    } else {
                        "ptr"
                    };
                    let line = match a.kind {
                        AccessKind::Private | AccessKind::NonPrivate => {
                            if a.reads {
                                format!("{r} = load i32, {ptr} @{x}")
                            } else {
                                format!("store i32 {}, {ptr} @{x}", a.write_value.expect("value"))
                            }
                        }
                        AccessKind::Available(s) => format!(
                            "call void @llvm.amdgcn.av.global.store.b128(ptr @{x}, i32 {}, metadata !\"{}\")",
                            a.write_value.expect("value"),
                            metadata_scope(s)
                        ),
                        AccessKind::Visible(s) => format!(
                            "{r} = call i32 @llvm.amdgcn.av.global.load.b128(ptr @{x}, metadata !\"{}\")",
                            metadata_scope(s)
                        ),
                        AccessKind::Atomic(s) => {
                            let split = match crate::classes::spaces(op, local) {
                                Spaces::Split(c) => Some(space_name(c, local)),
                                _ => None,
                            };
                            let (ord, none) = ordering(op, op.order)?;
                            if let (Some(tag), Some(o)) = (split, op.order.filter(|o| o.rel)) {
                                let _ = writeln!(
                                    body,
                                    "  fence{} release{}",
                                    syncscope(s),
                                    mmra(Some(tag), !o.semav)
                                );
                            }
                            if let (Some(tag), Some(o)) = (split, op.order.filter(|o| o.acq)) {
                                post.push(format!(
                                    "  fence{} acquire{}",
                                    syncscope(s),
                                    mmra(Some(tag), !o.semvis)
                                ));
                            }
                            let (ord, none) = if split.is_some() {
                                ("monotonic", false)
                            } else {
                                (ord, none)
                            };
                            let mmra = if none { AV_NONE } else { "" };
                            let ss = match crate::classes::spaces(op, local) {
                                Spaces::OneAs(_) => syncscope_one_as(s),
                                _ => syncscope(s),
                            };
                            match (a.reads, a.writes) {
                                (true, true) => format!(
                                    "{r} = atomicrmw xchg {ptr} @{x}, i32 {}{ss} {ord}, align 4{mmra}",
                                    a.write_value.expect("value")
                                ),
                                (true, false) => {
                                    format!("{r} = load atomic i32, {ptr} @{x}{ss} {ord}, align 4{mmra}")
                                }
                                _ => format!(
                                    "store atomic i32 {}, {ptr} @{x}{ss} {ord}, align 4{mmra}",
                                    a.write_value.expect("value")
                                ),
                            }
                        }
                    };
                    let _ = writeln!(body, "  {line}");
                    for l in post.drain(..) {
                        let _ = writeln!(body, "{l}");
                    }
                }
                OpKind::Fence(s) => {
                    let (ord, none) = ordering(op, op.order)?;
                    let tag = fence_tag(op, local);
                    let _ = writeln!(body, "  fence{} {ord}{}", syncscope(*s), mmra(tag, none));
                }
                OpKind::Cbar { scope, instance } => {
                    let b = barrier_name(*instance);
                    let ss = syncscope(*scope);
                    let tag = fence_tag(op, local);
                    if let Some(o) = op.order.filter(|o| o.rel) {
                        let _ = writeln!(body, "  fence{ss} release{}", mmra(tag, !o.semav));
                    }
                    let _ = writeln!(body, "  barrier.arrive @{b}\n  barrier.wait @{b}");
                    if let Some(o) = op.order.filter(|o| o.acq) {
                        let _ = writeln!(body, "  fence{ss} acquire{}", mmra(tag, !o.semvis));
                    }
                }
            }
        }
        for (k, (r, v)) in assumes.iter().enumerate() {
            let _ = writeln!(
                body,
                "  %c{k} = icmp eq i32 {r}, {v}\n  call void @llvm.assume(i1 %c{k})"
            );
        }
        body.push_str("}\n");
    }
    let cond = if condition.is_empty() {
        "true".to_string()
    } else {
        condition.join(" /\\ ")
    };
    let _ = writeln!(body, "\nforall ({cond})");
    let copyright = file
        .comments
        .iter()
        .find(|c| c.contains("Copyright"))
        .map(|c| {
            format!(
                "{}.",
                c.split(". This work")
                    .next()
                    .unwrap_or(c)
                    .trim_end_matches('.')
            )
        })
        .unwrap_or_else(|| "Copyright (c) Khronos Group.".to_string());
    let licence_words = ["Copyright", "Creative Commons", "creativecommons.org"];
    let description: Vec<String> = file
        .comments
        .iter()
        .filter(|c| !c.is_empty() && !licence_words.iter().any(|w| c.contains(w)))
        .cloned()
        .collect();
    Ok(Translation {
        name: name.to_string(),
        expected,
        uses_barriers: !cbars.is_empty(),
        notes,
        source: source.trim_end().to_string(),
        description,
        copyright,
        body,
        origins,
    })
}
