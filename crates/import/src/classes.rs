//! Which Vulkan programs survive the loss of storage classes and of private
//! accesses.
//!
//! AMDGPU ordering operations order every address space, and AMDGPU loads
//! and stores are all non-private. Both storage classes are translated to
//! global memory, so an acquire/release whose semantics exclude a class `c`
//! orders `c` accesses in the translation and not in the Vulkan test. That is
//! harmless unless it can connect two `c` accesses. The check is static and
//! conservative, over a graph of program order and every *potential*
//! synchronizes-with edge (a release side and an acquire side in different
//! threads whose atomics share a variable, or that meet at one control
//! barrier instance). An operation `O` whose semantics exclude a class `c`
//! used in the test blocks the translation when
//!
//! - as a release: some `c` access reaches an operation program-ordered
//!   before `O`, and some `c` access is reachable through one of `O`'s
//!   synchronizes-with edges; or
//! - as an acquire: some `c` access reaches an operation that may
//!   synchronize with `O`, and some `c` access is reachable from an
//!   operation program-ordered after `O`.
//!
//! When that check fails, the importer tries a second translation
//! ([`choose_local`]): one storage class becomes the local (LDS) address
//! space, the other global memory, and the storage-class semantics become
//! address spaces (AMDGPUUsage, "Fence and address spaces": a fence tagged
//! `amdgpu-as:local` / `:global` synchronizes only that space; "Memory
//! Scopes": a `one-as` operation only its own). The same check then runs on
//! what the translation orders ([`orders`]): an operation orders class `c`
//! when `c`'s address space is one it synchronizes.
//!
//! A private access is only kept when every access to its location is in its
//! own thread (Alloy `locord`: private accesses are ordered by program order
//! like non-private ones; they differ only across threads).

use crate::ast::TestFile;
use crate::ops::{AccessKind, Class, Op, OpKind, Ordering};
use crate::skip::SkipReason;
use std::collections::BTreeSet;

type Node = (usize, usize);

/// What can carry synchronization from a release side to an acquire side.
#[derive(Clone, PartialEq, Eq, PartialOrd, Ord)]
enum Carrier {
    Var(String),
    Cbar(i64),
}

fn is_atomic(op: &Op) -> bool {
    matches!(op.access(), Some(a) if matches!(a.kind, AccessKind::Atomic(_)))
}

fn cbar_instance(op: &Op) -> Option<i64> {
    match op.kind {
        OpKind::Cbar { instance, .. } => Some(instance),
        _ => None,
    }
}

/// Release-side carriers of `threads[t][i]` (empty when it is not a release).
fn release_carriers(threads: &[Vec<Op>], (t, i): Node) -> BTreeSet<Carrier> {
    let op = &threads[t][i];
    let mut out = BTreeSet::new();
    if !op.order.is_some_and(|o| o.rel) {
        return out;
    }
    match &op.kind {
        OpKind::Access(a) => {
            out.insert(Carrier::Var(a.var.clone()));
        }
        OpKind::Fence(_) | OpKind::Cbar { .. } => {
            for later in &threads[t][i..] {
                if let Some(k) = cbar_instance(later) {
                    out.insert(Carrier::Cbar(k));
                }
                if is_atomic(later) && later.access().is_some_and(|a| a.writes) {
                    out.insert(Carrier::Var(later.access().expect("atomic").var.clone()));
                }
            }
        }
    }
    out
}

/// Acquire-side carriers of `threads[t][i]` (empty when it is not an acquire).
fn acquire_carriers(threads: &[Vec<Op>], (t, i): Node) -> BTreeSet<Carrier> {
    let op = &threads[t][i];
    let mut out = BTreeSet::new();
    if !op.order.is_some_and(|o| o.acq) {
        return out;
    }
    match &op.kind {
        OpKind::Access(a) => {
            out.insert(Carrier::Var(a.var.clone()));
        }
        OpKind::Fence(_) | OpKind::Cbar { .. } => {
            for earlier in &threads[t][..=i] {
                if let Some(k) = cbar_instance(earlier) {
                    out.insert(Carrier::Cbar(k));
                }
                if is_atomic(earlier) && earlier.access().is_some_and(|a| a.reads) {
                    out.insert(Carrier::Var(earlier.access().expect("atomic").var.clone()));
                }
            }
        }
    }
    out
}

struct Graph<'a> {
    threads: &'a [Vec<Op>],
    /// Potential synchronizes-with edges.
    psw: Vec<(Node, Node)>,
}

impl<'a> Graph<'a> {
    fn new(threads: &'a [Vec<Op>]) -> Graph<'a> {
        let nodes: Vec<Node> = threads
            .iter()
            .enumerate()
            .flat_map(|(t, ops)| (0..ops.len()).map(move |i| (t, i)))
            .collect();
        let mut psw = Vec::new();
        for &r in &nodes {
            let rc = release_carriers(threads, r);
            if rc.is_empty() {
                continue;
            }
            for &a in &nodes {
                if a.0 != r.0 && !acquire_carriers(threads, a).is_disjoint(&rc) {
                    psw.push((r, a));
                }
            }
        }
        Graph { threads, psw }
    }

    fn successors(&self, (t, i): Node) -> Vec<Node> {
        let mut out: Vec<Node> = self
            .psw
            .iter()
            .filter(|(r, _)| *r == (t, i))
            .map(|(_, a)| *a)
            .collect();
        if i + 1 < self.threads[t].len() {
            out.push((t, i + 1));
        }
        out
    }

    /// Nodes reachable from `from` (including itself).
    fn reach(&self, from: Node) -> BTreeSet<Node> {
        let mut seen = BTreeSet::from([from]);
        let mut stack = vec![from];
        while let Some(n) = stack.pop() {
            for s in self.successors(n) {
                if seen.insert(s) {
                    stack.push(s);
                }
            }
        }
        seen
    }
}

/// The address spaces an ordering operation synchronizes in the
/// translation, given the class translated to LDS (`local`; `None`: both
/// classes are global memory and every operation synchronizes everything).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Spaces {
    /// Every address space: no tag, no `one-as`.
    All,
    /// A fence tagged with the address space of this class only.
    FenceOnly(Class),
    /// An atomic with a `one-as` scope: its own class's address space.
    OneAs(Class),
    /// An atomic whose semantics name only the other class: a monotonic
    /// atomic with a fence tagged with that class's address space before it
    /// (release) or after it (acquire). The fence does not pair with the
    /// atomic (a fence orders nothing outside its spaces, docs/semantics.md),
    /// so the atomic's own synchronizes-with is lost, and the fence may pair
    /// with other atomics of the named class; [`check`] rules out both.
    Split(Class),
}

/// What the translation of `op` synchronizes, with `local` the class
/// translated to LDS.
///
/// AMDGPUUsage, "Fence and address spaces": "`amdgpu-as:local` - fence only
/// the local address space; `amdgpu-as:global` - fence only the global
/// address space"; "Memory Scopes": "only the effects of memory operations in
/// the address space of the `one-as` operation are synchronized". A fence
/// (`membar`, the fences of a `cbar`) whose semantics name one class gets
/// that class's tag; an atomic whose semantics name only its own class gets
/// a `one-as` scope; anything else orders every address space (and may then
/// order more than the Vulkan operation, which [`check`] rules out).
pub fn spaces(op: &Op, local: Option<Class>) -> Spaces {
    let Some(ord) = op.order else {
        return Spaces::All;
    };
    if local.is_none() {
        return Spaces::All;
    }
    let only = |o: &Ordering| match o.sem {
        [true, false] => Some(Class::Sc0),
        [false, true] => Some(Class::Sc1),
        _ => None,
    };
    match (&op.kind, only(&ord)) {
        (OpKind::Fence(_) | OpKind::Cbar { .. }, Some(c)) => Spaces::FenceOnly(c),
        (OpKind::Access(a), Some(c)) if a.class == c => Spaces::OneAs(c),
        (OpKind::Access(_), Some(c)) => Spaces::Split(c),
        _ => Spaces::All,
    }
}

/// Whether the translation of `op` orders accesses of class `c` through the
/// synchronizes-with edges `op` has in the Vulkan test (a split atomic has
/// none left: see [`Spaces::Split`]).
pub fn orders(op: &Op, c: Class, local: Option<Class>) -> bool {
    match spaces(op, local) {
        Spaces::All => true,
        Spaces::FenceOnly(d) | Spaces::OneAs(d) => d == c,
        Spaces::Split(_) => false,
    }
}

/// The classes whose atomics the translated fence of `op` may pair with
/// although the Vulkan operation does not: for a fence, those it orders
/// outside its semantics (Alloy pairs a fence only with atomics of the
/// classes its semantics name, `posemtosc` / `posctosem`); for a split
/// atomic, every class its fence orders (the Vulkan atomic pairs with no
/// other atomic).
fn extra_pairing(op: &Op, c: Class, local: Option<Class>) -> bool {
    let Some(ord) = op.order else { return false };
    match (&op.kind, spaces(op, local)) {
        (_, Spaces::Split(d)) => d == c,
        (OpKind::Fence(_) | OpKind::Cbar { .. }, _) => orders(op, c, local) && !ord.includes(c),
        _ => false,
    }
}

/// Which class, if any, becomes the local address space: the translation
/// with both classes in global memory when it keeps the test's meaning
/// (`Ok(None)`), else one with a class in LDS that does (`Ok(Some(c))`),
/// else the first check's reason.
///
/// A class can live in LDS when every invocation that accesses it is in one
/// workgroup (format: one LDS instance per workgroup, so the accesses share
/// it as the Vulkan ones share the variable) and it has no `st.av` /
/// `ld.vis` access (the availability intrinsics are global-only:
/// `llvm.amdgcn.av.global.*`).
pub fn choose_local(file: &TestFile, threads: &[Vec<Op>]) -> Result<Option<Class>, SkipReason> {
    let first = match check(threads, None) {
        Ok(()) => return Ok(None),
        Err(e @ SkipReason::StorageClassSemantics { .. }) => e,
        Err(e) => return Err(e),
    };
    // A variable accessed in both classes cannot live in LDS: its
    // declaration would contradict half of its accesses (found by the
    // vulkan_test fuzz target: the translation did not load).
    let mixed: BTreeSet<&str> = threads
        .iter()
        .flatten()
        .filter_map(|op| op.access())
        .filter(|a| {
            threads
                .iter()
                .flatten()
                .filter_map(|o| o.access())
                .any(|b| b.var == a.var && b.class != a.class)
        })
        .map(|a| a.var.as_str())
        .collect();
    for c in [Class::Sc1, Class::Sc0] {
        let mut groups = BTreeSet::new();
        let mut fits = true;
        for (t, ops) in threads.iter().enumerate() {
            for op in ops {
                let Some(a) = op.access().filter(|a| a.class == c) else {
                    continue;
                };
                groups.insert((file.threads[t].qf, file.threads[t].wg));
                if mixed.contains(a.var.as_str()) {
                    fits = false;
                }
                if matches!(a.kind, AccessKind::Available(_) | AccessKind::Visible(_)) {
                    fits = false;
                }
            }
        }
        if fits && groups.len() <= 1 && check(threads, Some(c)).is_ok() {
            return Ok(Some(c));
        }
    }
    Err(first)
}

/// Checks that the translation keeps the test's meaning: dropping privacy,
/// and dropping storage classes (`local`: `None`) or mapping them to address
/// spaces (`local`: the class in LDS).
pub fn check(threads: &[Vec<Op>], local: Option<Class>) -> Result<(), SkipReason> {
    private_accesses(threads)?;
    let g = Graph::new(threads);
    let accesses_of = |c: Class| -> Vec<Node> {
        let mut v = Vec::new();
        for (t, ops) in threads.iter().enumerate() {
            for (i, op) in ops.iter().enumerate() {
                if op.access().is_some_and(|a| a.class == c) {
                    v.push((t, i));
                }
            }
        }
        v
    };
    for c in Class::ALL {
        let cs = accesses_of(c);
        if cs.is_empty() {
            continue;
        }
        let reach_from_c: Vec<(Node, BTreeSet<Node>)> =
            cs.iter().map(|&x| (x, g.reach(x))).collect();
        // Some `c` access other than `o` reaches `n`.
        let c_reaches =
            |n: Node, o: Node| reach_from_c.iter().any(|(x, r)| *x != o && r.contains(&n));
        // `n` reaches some `c` access other than `o`.
        let reaches_c = |n: Node, o: Node| g.reach(n).iter().any(|m| *m != o && cs.contains(m));
        for (t, ops) in threads.iter().enumerate() {
            for (i, op) in ops.iter().enumerate() {
                let Some(ord) = op.order else { continue };
                // Over-ordering (the translation orders `c`, the semantics
                // exclude it) or under-ordering (the reverse): either is
                // harmless unless it can connect two `c` accesses.
                let differs = ord.includes(c) != orders(op, c, local);
                let o = (t, i);
                let rel = differs
                    && ord.rel
                    && (0..i).any(|p| c_reaches((t, p), o))
                    && g.psw.iter().any(|(r, a)| *r == o && reaches_c(*a, o));
                let acq = differs
                    && ord.acq
                    && g.psw.iter().any(|(r, a)| *a == o && c_reaches(*r, o))
                    && (i + 1..ops.len()).any(|q| reaches_c((t, q), o));
                // Alloy pairs a fence only with atomics of the classes its
                // semantics name (`posemtosc`, `posctosem`); the translated
                // fence also pairs with a `c` atomic when it orders `c`.
                // Harmless when that atomic is itself a release (acquire)
                // ordering every address space: whatever acquire the fence
                // would synchronize with through it, the atomic synchronizes
                // with too (its release sequence is the fence's
                // `hypors`), and it orders all the fence orders.
                let extra_pair = |x: &Op, rel: bool| {
                    let covered = x.order.is_some_and(|o| if rel { o.rel } else { o.acq })
                        && spaces(x, local) == Spaces::All;
                    is_atomic(x)
                        && !covered
                        && x.access()
                            .is_some_and(|a| a.class == c && if rel { a.writes } else { a.reads })
                };
                let pairs_outside = extra_pairing(op, c, local)
                    && ((ord.rel && ops[i + 1..].iter().any(|x| extra_pair(x, true)))
                        || (ord.acq && ops[..i].iter().any(|x| extra_pair(x, false))));
                if rel || acq || pairs_outside {
                    return Err(SkipReason::StorageClassSemantics {
                        line: op.line,
                        op: op.text.clone(),
                        class: c.name(),
                    });
                }
            }
        }
    }
    Ok(())
}

/// A private access must have its location to its own thread.
fn private_accesses(threads: &[Vec<Op>]) -> Result<(), SkipReason> {
    for (t, ops) in threads.iter().enumerate() {
        for op in ops {
            let Some(a) = op.access() else { continue };
            if a.kind != AccessKind::Private {
                continue;
            }
            let shared = threads.iter().enumerate().any(|(u, others)| {
                u != t
                    && others
                        .iter()
                        .any(|o| o.access().is_some_and(|b| b.var == a.var))
            });
            if shared {
                return Err(SkipReason::PrivateShared {
                    line: op.line,
                    var: a.var.clone(),
                });
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ops::decode;
    use crate::parse::parse;

    fn run(src: &str) -> Result<(), SkipReason> {
        let f = parse(src).unwrap();
        let threads: Vec<Vec<Op>> = f
            .threads
            .iter()
            .map(|t| t.instrs.iter().map(|i| decode(i).unwrap()).collect())
            .collect();
        check(&threads, None)
    }

    #[test]
    fn sync_variable_in_another_class_is_harmless() {
        // atomicsc.test: the flag is sc1, the semantics only sc0.
        let src = "NEWTHREAD\nst.av.scopedev.sc0 x = 1\nst.atom.rel.scopewg.sc1.semsc0 y = 1\n\
                   NEWSG\nNEWTHREAD\nld.atom.acq.scopewg.sc1.semsc0 y = 1\nld.vis.scopedev.sc0 x\n";
        assert_eq!(run(src), Ok(()));
    }

    #[test]
    fn semantics_excluding_the_data_class_block() {
        // test1.test: the release of c has semsc1 only; a is sc0.
        let src = "NEWTHREAD\nst.av.scopedev.sc0 a = 1\nst.atom.rel.scopewg.sc1.semsc0 b = 1\n\
                   st.atom.rel.scopewg.sc0.semsc1 c = 1\nNEWSG\nNEWTHREAD\n\
                   ld.atom.acq.scopewg.sc0.semsc1 c = 1\nld.vis.scopedev.sc0 a\n";
        assert!(matches!(
            run(src),
            Err(SkipReason::StorageClassSemantics { class: "sc0", .. })
        ));
    }

    #[test]
    fn a_middle_link_without_the_class_blocks() {
        // mp3transitive4.test, shortened: the middle thread's semantics lack sc0.
        let src =
            "NEWTHREAD\nst.nonpriv.sc0 x = 1\nst.atom.rel.scopedev.sc1.semsc0.semsc1.semav z = 1\n\
                   NEWWG\nNEWSG\nNEWTHREAD\nld.atom.acq.scopedev.sc1.semsc1 z = 1\n\
                   st.atom.rel.scopedev.sc1.semsc1 v = 1\nNEWWG\nNEWSG\nNEWTHREAD\n\
                   ld.atom.acq.scopedev.sc1.semsc0.semsc1.semvis v = 1\nld.nonpriv.sc0 x\n";
        assert!(matches!(
            run(src),
            Err(SkipReason::StorageClassSemantics { line: 7, .. })
        ));
    }

    #[test]
    fn private_accesses() {
        assert_eq!(
            run("NEWTHREAD\nld.sc0 x = 0\nst.sc0 x = 1\nst.nonpriv.sc0 x = 2\n"),
            Ok(())
        );
        let src = "NEWTHREAD\nst.sc0 x = 1\nNEWSG\nNEWTHREAD\nld.nonpriv.sc0 x\n";
        assert!(matches!(run(src), Err(SkipReason::PrivateShared { .. })));
    }
}
