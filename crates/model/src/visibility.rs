//! Visibility operations (memory-model.txt, "Ordering" → "Visibility
//! Operation").

use crate::availability::{acts_on, av_level};
use crate::scopes::{common_level, includes, inclusive_at};
use amdmm_graph::{relation::members, BitRel, EventSet, ExecutionGraph, MAX_EVENTS};
use amdmm_program::ScopeLevel;

/// For each event, the widest level at which it makes the write visible
/// (anchored at the event itself), or `None`.
pub type VisLevels = [Option<ScopeLevel>; MAX_EVENTS];

/// The visibility operations on write `w`, with the scope instance each makes
/// `w` visible in.
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
/// instances").  `topo` lists the events in a topological order of
/// happens-before, so the second rule sees every `X` before `Y`. Only the
/// events in `relevant` are considered (the caller passes those that happen
/// before a read of the location: no other can matter for location order).
pub fn visibility_ops(
    g: &ExecutionGraph,
    hb_inv: &BitRel,
    av: EventSet,
    make_visible: EventSet,
    topo: &[u8],
    relevant: EventSet,
    w: usize,
) -> (EventSet, VisLevels) {
    let ew = &g.events[w];
    let mut levels: VisLevels = [None; MAX_EVENTS];
    let mut visible: EventSet = 0;
    // Only load-visible accesses of the location and MakeVisible operations
    // can be visibility operations.
    let capable = relevant & (make_visible | (g.same_loc[w] & g.reads)) & !(1u64 << w);
    if capable == 0 || av == 0 {
        return (0, levels);
    }
    for &y in topo {
        let y = y as usize;
        if capable >> y & 1 == 0 {
            continue;
        }
        let before = hb_inv.row(y);
        if before & (av | visible) == 0 {
            continue;
        }
        let ey = &g.events[y];
        let mut roles: [Option<ScopeLevel>; 2] = [None, None];
        if ey.is_read() && !ey.is_fence() && ey.loc == ew.loc && y != w {
            roles[0] = ey.load_visible;
        }
        if make_visible >> y & 1 == 1 && acts_on(ey, ew) {
            roles[1] = Some(ey.scope.level);
        }
        let mut best: Option<ScopeLevel> = None;
        let mut widen = |l: ScopeLevel| {
            best = Some(match best {
                Some(b) if b <= l => b,
                _ => l,
            })
        };
        for ly in roles.into_iter().flatten() {
            for x in members(av & before) {
                let lx = av_level(g, x, w);
                if inclusive_at(&g.events[x], lx, ey, ly) {
                    widen(common_level(lx, ly));
                }
            }
            for x in members(visible & before) {
                let ex = &g.events[x];
                let Some(l1) = levels[x] else { continue };
                if includes(ex, l1, ey) && includes(ey, ly, ex) {
                    widen(l1.narrower(ly));
                }
            }
        }
        if let Some(l) = best {
            levels[y] = Some(l);
            visible |= 1 << y;
        }
    }
    (visible, levels)
}
