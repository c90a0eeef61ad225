//! Paths no execution takes, dropped before their combinations are made.
//!
//! A read of a location instance that no path of any thread writes can only
//! return the instance's initial value (`undef` when it has none), and the
//! guards of a path computed from such reads alone are known before any
//! reads-from choice. A kernel's input buffers and private tables indexed
//! by them are read that way: each index or branch on them forks the
//! work-item's paths (`symbolic`), and every combination of those paths
//! with the other work-items' used to be made and searched, for the one
//! combination whose values agree (kernels/private_table_runtime_index at
//! `-O0` and four work-items: millions of combinations, one consistent).

use crate::engine::Setup;
use crate::symbolic::{eval_nodes, guard_holds, Guard, Path};
use amdmm_graph::EventKind;
use amdmm_program::{ScopeLevel, Value};
use std::collections::BTreeMap;

/// Drops from every thread's paths those whose guards fail whatever the
/// other threads do (the paths left keep their order).
///
/// memory-model.txt (LangRef's memory model), the value rules: "If no write
/// is *location-ordered* before a read `R`, then `R` returns `undef`", and
/// otherwise a non-atomic read returns the value of a write that happens
/// before it with none location-ordered between (`undef` only on a race),
/// an atomic one a write of the location. When the only write of an
/// instance is its initial write, which happens before every event, no
/// race is possible and every read of it returns the initial value; with
/// no initial write, `undef`. When only the reading thread writes it, its
/// writes are ordered by program order ("single-thread program order" is
/// part of happens-before) and nothing races with the read, which returns
/// the latest of them before it (the initial value, or `undef`, when none
/// is): `engine::read_candidates` offers it no other write. A thread with
/// an asynchronous copy is left out: program order after the copy is not
/// total until it completes (async-operations.txt). A guard that fails on those values fails in
/// every candidate that takes the path (`engine::fill_values` evaluates the
/// same nodes with the same values), so the path's combinations give no
/// execution, and searching them changes nothing but the candidates
/// counted.
///
/// Only the guards before the path's first barrier instruction are used: a
/// thread blocked at a barrier performs its events and meets its guards
/// only up to it (`crate::barrier::BarrierRun::guards`), so a later guard
/// is not checked in every combination.
pub(crate) fn drop_infeasible_paths(setup: &mut Setup) {
    let program = setup.program;
    let wg_of = |t: usize| program.threads[t].placement.instance(ScopeLevel::Workgroup);
    // Per written instance: the one thread whose paths write it, or `None`
    // when several do.
    let mut writer: BTreeMap<u32, Option<usize>> = BTreeMap::new();
    for (t, paths) in setup.paths.iter().enumerate() {
        for e in paths.iter().flat_map(|p| &p.events) {
            if matches!(e.kind, EventKind::Write | EventKind::Rmw) {
                let w = writer
                    .entry(setup.locs.instance(program, e.loc, wg_of(t)))
                    .or_insert(Some(t));
                if *w != Some(t) {
                    *w = None;
                }
            }
        }
    }
    for t in 0..setup.paths.len() {
        let wg = wg_of(t);
        let instance = |loc: u32| setup.locs.instance(program, loc, wg);
        let initial = |inst: u32| setup.locs.init(program, inst).unwrap_or(Value::Undef);
        // The value the read `e` of path `p` returns, when it is known
        // (`vals`: the path's node values so far).
        let known = |p: &Path, e: u32, vals: &[Option<Value>]| -> Option<Value> {
            let pe = p.events.get(e as usize)?;
            if pe.kind != EventKind::Read {
                return None;
            }
            let inst = instance(pe.loc);
            match writer.get(&inst) {
                None => Some(initial(inst)),
                // Written by this thread alone, whose program order is
                // total (no asynchronous copy): the latest write before
                // the read, or the initial value.
                Some(&Some(w)) if w == t && p.asyncs.is_empty() => {
                    match p.events[..e as usize].iter().rev().find(|x| {
                        matches!(x.kind, EventKind::Write | EventKind::Rmw)
                            && instance(x.loc) == inst
                    }) {
                        None => Some(initial(inst)),
                        Some(x) => vals.get(x.write_node? as usize).copied().flatten(),
                    }
                }
                Some(_) => None,
            }
        };
        let paths = std::mem::take(&mut setup.paths[t]);
        let kept: Vec<Path> = paths
            .into_iter()
            .filter(|p| !surely_fails(p, &|e, vals| known(p, e, vals)))
            .collect();
        setup.paths[t] = kept;
    }
}

/// Does a guard before the path's first barrier fail on the values known
/// from the reads `known` fixes (the others unknown)?
fn surely_fails(p: &Path, known: crate::symbolic::ReadFn) -> bool {
    let checked = p
        .barriers
        .first()
        .map_or(p.guards.len(), |b| b.guards_before);
    if checked == 0 {
        return false;
    }
    let mut vals = Vec::new();
    eval_nodes(&p.nodes, &mut vals, known);
    p.guards[..checked.min(p.guards.len())].iter().any(|&g| {
        let node = match g {
            Guard::True(n)
            | Guard::False(n)
            | Guard::Undef(n)
            | Guard::Equals(n, _)
            | Guard::OutOfRange(n, _) => n,
        };
        vals.get(node as usize).copied().flatten().is_some() && !guard_holds(g, &vals)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Paths per thread before and after the drop.
    fn kept(src: &str) -> (Vec<usize>, Vec<usize>) {
        let program = amdmm_program::load(src).expect("loads");
        let opts = crate::Options::default();
        let mut setup =
            crate::engine::build_setup(&program, &opts, web_time::Instant::now()).expect("setup");
        let before: Vec<usize> = setup.paths.iter().map(|p| p.len()).collect();
        drop_infeasible_paths(&mut setup);
        let after: Vec<usize> = setup.paths.iter().map(|p| p.len()).collect();
        (before, after)
    }

    /// A branch on a location nobody writes takes its initial value's way
    /// only (not the other way, not the `undef` one); on a location
    /// another thread writes, every way stays; on a location only the
    /// thread itself writes, the way of its latest write before the read.
    #[test]
    fn only_the_ways_the_known_values_take_are_kept() {
        let branch = |thread: &str, wg: u32, body: &str| {
            format!(
                "thread {thread} @ wg {wg} {{\n{body}  %c = icmp eq i32 %r0, 1\n  \
                 br i1 %c, label %yes, label %no\nyes:\n  %r1 = add i32 0, 1\n  \
                 br label %done\nno:\n  %r1 = add i32 0, 2\n  br label %done\n\
                 done:\n  %z = add i32 0, 0\n}}\n"
            )
        };
        let src = format!(
            "AMDGPU T\n{{\n  global input = 1;\n  global shared = 0;\n  global own = 0;\n}}\n{}{}{}{}\
             exists (P0:%r1 == 1)\n",
            branch("P0", 0, "  %r0 = load i32, ptr @input\n"),
            branch(
                "P1",
                1,
                "  %r0 = load atomic i32, ptr @shared syncscope(\"agent\") monotonic, align 4\n"
            ),
            "thread P2 @ wg 2 {\n  store atomic i32 1, ptr @shared syncscope(\"agent\") monotonic, align 4\n}\n",
            branch(
                "P3",
                3,
                "  store i32 5, ptr @own\n  %r0 = load i32, ptr @own\n"
            ),
        );
        // P0: `input` is 1, the `yes` way; P1: both ways and `undef`'s
        // (a branch on undef ends the path in ub); P3: reads its own 5,
        // the `no` way.
        let (before, k) = kept(&src);
        assert!(before[0] >= 3 && before[3] >= 3, "{before:?}");
        assert_eq!(k[0], 1, "{k:?}");
        assert_eq!(k[1], before[1], "{k:?}");
        assert_eq!(k[3], 1, "{k:?}");
    }
}
