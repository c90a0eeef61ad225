//! Location order (memory-model.txt, "Ordering" → "Location Order").

use crate::availability::AvOps;
use amdmm_graph::{BitRel, ExecutionGraph, Set};

/// Is write `w` location-ordered before access `y` (same location, `y ≠ w`)?
///
/// memory-model.txt, "Location Order":
/// - "A write `W` is *location-ordered* before an access `Y` to the same
///   address if `W` is program-ordered before `Y`."
/// - "A write `W` is *location-ordered* before a write `W1` to the same
///   address if there exists an availability operation `Z` on `W` such that:
///   `Z` happens-before `W1`, and, `W1` is included in `Z`'s scope instance."
/// - "A write `W` is *location-ordered* before a read `R` to the same address
///   if there exists a visibility operation `Z` on write `W` such that: `Z` is
///   `R` itself, or, `Z` precedes `R` in program order."
/// - "Each initialized global is assumed to have an initial *system scoped*
///   atomic write operation that is *location-ordered* before any other read
///   or write to that same location."
///
/// An RMW is both a write and a read: either rule orders it
/// (docs/semantics.md, "RMW in location order").
///
/// "Program-ordered" is `g.po`, in which an async copy's write precedes only
/// the events after the wait that completes it (async-operations.txt; the
/// reading is in docs/semantics.md, "Location order of an incomplete copy").
///
/// Upstream model only (AMDGPUMemoryModel.md, "Location Order"): "A read `R`
/// is *location-ordered* before an access (read and/or write) `X` to the same
/// address if it happens-before `X`." Location order is only ever asked of a
/// write here, so this matters for an RMW: it is then location-ordered before
/// every access it happens before.
#[allow(clippy::too_many_arguments)]
pub fn location_ordered<S: Set>(
    g: &ExecutionGraph<S>,
    hb_inv: &BitRel<S>,
    po_inv: &BitRel<S>,
    av: &AvOps<S>,
    vis: S,
    w: usize,
    y: usize,
) -> bool {
    let ew = &g.events[w];
    let ey = &g.events[y];
    if ew.is_init() || g.po.has(w, y) {
        return true;
    }
    if g.reads_location_ordered && ew.is_read() && hb_inv.row(y).has(w) {
        return true;
    }
    if ey.is_write() && (av.including(&g.scope_peers[y]) & hb_inv.row(y)).any() {
        return true;
    }
    ey.is_read() && (vis & (S::bit(y) | po_inv.row(y))).any()
}
