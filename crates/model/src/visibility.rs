//! Visibility operations (memory-model.txt, "Ordering" → "Visibility
//! Operation").

use crate::availability::{acts_on, AvOps};
use crate::scopes::common_level;
use amdmm_graph::{BitRel, ExecutionGraph, Set};
use amdmm_program::ScopeLevel;

/// The visibility operations on write `w` (the scope instance each makes `w`
/// visible in is worked out on the way: the second rule needs it).
///
/// memory-model.txt, "Visibility Operation": "An operation `Y` is a
/// *visibility operation* on a write `W` if `Y` is a *load-visible* operation
/// to the same address, or a `MakeVisible` operation, and one of the
/// following holds:
/// - There exists an *availability* operation `X` on write `W` such that: `X`
///   happens-before `Y`, and, `X` and `Y` specify inclusive scopes. Then `Y`
///   makes `W` visible in the common scope instance `S` of `X` and `Y`, and
///   every subscope instance of `S` that includes `Y`.
/// - There exists a *visibility* operation `X` on write `W` such that: `X`
///   happens-before `Y`, and, `X` makes `W` visible in a scope instance `S1`
///   that includes `Y`, and, `X` is included in the scope instance `S2` of
///   `Y`. Then `Y` makes `W` visible in the intersection `S` of `S1` and
///   `S2`, and every subscope instance of `S` that includes `Y`."
///
/// Every instance `Y` makes `W` visible in contains `Y`, so an instance is
/// identified by its level. When several rules apply, the widest instance is
/// kept: it contains the narrower ones (docs/semantics.md, "Visibility
/// instances").
///
/// Only the events `order` lists are considered, `w` itself excepted:
/// `order` lists, in a topological order of happens-before (so the second
/// rule sees every `X` before `Y`), the events that can be visibility
/// operations on a write of `w`'s location — load-visible accesses of the
/// location and MakeVisible operations — among those that matter: the
/// caller passes those that happen before (or are) a read of the location
/// other than `w`, as no other can matter for location order. The list
/// depends only on the location (and, for an RMW, on `w`), so the caller
/// builds it once for all the writes of a location.
pub fn visibility_ops<S: Set>(
    g: &ExecutionGraph<S>,
    hb_inv: &BitRel<S>,
    av: &AvOps<S>,
    make_visible: S,
    order: &[u8],
    w: usize,
) -> S {
    let ew = &g.events[w];
    let mut visible = S::empty();
    let mut vis_by_level = [S::empty(); 6];
    if av.all.none() {
        return S::empty();
    }
    for &y in order {
        let y = y as usize;
        if y == w {
            continue;
        }
        let before = hb_inv.row(y);
        if (before & (av.all | visible)).none() {
            continue;
        }
        let ey = &g.events[y];
        let mut roles: [Option<ScopeLevel>; 2] = [None, None];
        if ey.is_read() && !ey.is_fence() && ey.loc == ew.loc {
            roles[0] = ey.load_visible;
        }
        if make_visible.has(y) && acts_on(ey, ew) {
            roles[1] = Some(ey.scope.level);
        }
        // `peers[l]`: the events whose instance of level `l` includes `y`.
        let peers = &g.scope_peers[y];
        let mut best: Option<usize> = None;
        for ly in roles.into_iter().flatten() {
            let ly = ly as usize;
            // First rule: an availability operation X (instance of level lx)
            // with X hb Y and inclusive scopes; Y makes W visible in the
            // common instance, of level max(lx, ly). The widest wins.
            for lx in 0..6 {
                if (av.by_level[lx] & before & peers[lx] & peers[ly]).any() {
                    let l = common_level(ScopeLevel::ALL[lx], ScopeLevel::ALL[ly]) as usize;
                    best = Some(best.map_or(l, |b| b.min(l)));
                    break;
                }
            }
            // Second rule: a visibility operation X with X hb Y, whose
            // instance S1 (level l1) includes Y, and X in Y's instance S2;
            // Y makes W visible in S1 ∩ S2, of level max(l1, ly).
            for l1 in 0..6 {
                if (vis_by_level[l1] & before & peers[l1] & peers[ly]).any() {
                    let l = l1.max(ly);
                    best = Some(best.map_or(l, |b| b.min(l)));
                    break;
                }
            }
        }
        if let Some(l) = best {
            visible |= S::bit(y);
            vis_by_level[l] |= S::bit(y);
        }
    }
    visible
}
