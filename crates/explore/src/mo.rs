//! Enumerating modification orders: per location, the linear extensions of
//! the edges coherence requires.

use amdmm_graph::{relation::members, BitRel, ExecutionGraph, Set};

/// How much of a location's modification order matters.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MoNeed {
    /// Every order: something checked depends on it (RMWs, seq_cst).
    All,
    /// Only which write is last: the location's final value is shown and
    /// nothing else reads its order.
    Last,
    /// One order: it affects nothing that is checked or shown.
    One,
}

/// Calls `f` with every modification order (transitive, total per location)
/// that contains `required`, as far as `need` says it matters: locations
/// with [`MoNeed::Last`] get one order per possible last write, those with
/// [`MoNeed::One`] one order. `f` returns false to stop the enumeration
/// (a limit was reached); so does this function then.
pub fn for_each_mo<S: Set>(
    g: &ExecutionGraph<S>,
    required: &BitRel<S>,
    need: &dyn Fn(u32) -> MoNeed,
    f: &mut dyn FnMut(&BitRel<S>) -> bool,
) -> bool {
    let mut groups: Vec<(S, MoNeed)> = Vec::new();
    let mut seen: Vec<u32> = Vec::new();
    for w in members(g.writes) {
        let loc = g.events[w].loc;
        if seen.contains(&loc) {
            continue;
        }
        seen.push(loc);
        let set = g.at_loc(loc) & g.writes;
        groups.push((set, need(loc)));
    }
    let mut mo = BitRel::new(g.len());
    product(&groups, 0, required, &mut mo, f)
}

fn product<S: Set>(
    groups: &[(S, MoNeed)],
    k: usize,
    required: &BitRel<S>,
    mo: &mut BitRel<S>,
    f: &mut dyn FnMut(&BitRel<S>) -> bool,
) -> bool {
    if k == groups.len() {
        return f(mo);
    }
    let (set, need) = groups[k];
    let mut visit = |ord: &[usize]| -> bool {
        let saved = *mo;
        for (i, &a) in ord.iter().enumerate() {
            let mut later = S::empty();
            for &b in &ord[i + 1..] {
                later |= S::bit(b);
            }
            mo.set_row(a, mo.row(a) | later);
        }
        let go_on = product(groups, k + 1, required, mo, f);
        *mo = saved;
        go_on
    };
    let mut order = Vec::with_capacity(set.size() as usize);
    match need {
        MoNeed::All => extensions(set, required, &mut order, &mut visit),
        MoNeed::One => {
            let mut result = true;
            extensions(set, required, &mut order, &mut |ord: &[usize]| {
                result = visit(ord);
                false
            });
            result
        }
        MoNeed::Last => {
            // A write with no required successor among the location's writes
            // is last in some linear extension (`required` is acyclic): any
            // order of the others, then it.
            for last in members(set) {
                if (required.row(last) & set).any() {
                    continue;
                }
                let mut first = None;
                extensions(
                    set & !S::bit(last),
                    required,
                    &mut order,
                    &mut |ord: &[usize]| {
                        let mut v = ord.to_vec();
                        v.push(last);
                        first = Some(v);
                        false
                    },
                );
                if let Some(ord) = first {
                    if !visit(&ord) {
                        return false;
                    }
                }
            }
            true
        }
    }
}

/// Linear extensions of `required` over `remaining`, until the callback
/// returns false. Returns false when the callback asked to stop.
fn extensions<S: Set>(
    remaining: S,
    required: &BitRel<S>,
    order: &mut Vec<usize>,
    f: &mut dyn FnMut(&[usize]) -> bool,
) -> bool {
    if remaining.none() {
        return f(order);
    }
    for w in members(remaining) {
        // `w` may come next when no remaining write must precede it.
        let preds = required.column(w) & remaining;
        if preds.any() {
            continue;
        }
        order.push(w);
        let go_on = extensions(remaining & !S::bit(w), required, order, f);
        order.pop();
        if !go_on {
            return false;
        }
    }
    true
}
