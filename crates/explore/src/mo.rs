//! Enumerating modification orders: per location, the linear extensions of
//! the edges coherence requires.

use amdmm_graph::{relation::members, BitRel, EventSet, ExecutionGraph};

/// Calls `f` with every modification order (transitive, total per location)
/// that contains `required`. Locations not in `relevant` (when given) get one
/// order only: their order affects nothing that is checked or shown.
pub fn for_each_mo(
    g: &ExecutionGraph,
    required: &BitRel,
    relevant: Option<Vec<u32>>,
    f: &mut dyn FnMut(&BitRel),
) {
    let mut groups: Vec<(EventSet, bool)> = Vec::new();
    let mut seen: Vec<u32> = Vec::new();
    for w in members(g.writes) {
        let loc = g.events[w].loc;
        if seen.contains(&loc) {
            continue;
        }
        seen.push(loc);
        let set = g.at_loc(loc) & g.writes;
        let all = relevant.as_ref().is_none_or(|r| r.contains(&loc));
        groups.push((set, all));
    }
    let mut mo = BitRel::new(g.len());
    product(&groups, 0, required, &mut mo, f);
}

fn product(
    groups: &[(EventSet, bool)],
    k: usize,
    required: &BitRel,
    mo: &mut BitRel,
    f: &mut dyn FnMut(&BitRel),
) {
    if k == groups.len() {
        f(mo);
        return;
    }
    let (set, all) = groups[k];
    let mut order = Vec::with_capacity(set.count_ones() as usize);
    extensions(set, required, &mut order, &mut |ord: &[usize]| {
        let saved = *mo;
        for (i, &a) in ord.iter().enumerate() {
            let mut later = 0u64;
            for &b in &ord[i + 1..] {
                later |= 1 << b;
            }
            mo.set_row(a, mo.row(a) | later);
        }
        product(groups, k + 1, required, mo, f);
        *mo = saved;
        // Returning true asks for more orders.
        all
    });
}

/// Linear extensions of `required` over `remaining`, until the callback
/// returns false. Returns false when the callback asked to stop.
fn extensions(
    remaining: EventSet,
    required: &BitRel,
    order: &mut Vec<usize>,
    f: &mut dyn FnMut(&[usize]) -> bool,
) -> bool {
    if remaining == 0 {
        return f(order);
    }
    for w in members(remaining) {
        // `w` may come next when no remaining write must precede it.
        let preds = required.column(w) & remaining;
        if preds != 0 {
            continue;
        }
        order.push(w);
        let go_on = extensions(remaining & !(1 << w), required, order, f);
        order.pop();
        if !go_on {
            return false;
        }
    }
    true
}
