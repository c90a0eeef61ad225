//! Scope-instance membership and inclusive scopes between events.

use amdmm_graph::Event;
use amdmm_program::ScopeLevel;

/// Does `x`'s instance of scope `level` include the operation `y`?
///
/// memory-model.txt, "Scopes": "When an operation `X` specifies a scope `S`,
/// it indicates the instance of `S` that contains `X`."  The initial write of
/// an initialised location belongs to every scope instance (litmus-format.md,
/// "Declarations"), so every instance includes it, and its own (system)
/// instance includes everything.
#[inline]
pub fn includes(x: &Event, level: ScopeLevel, y: &Event) -> bool {
    x.is_init() || y.is_init() || x.placement.same_instance(&y.placement, level)
}

/// Do `x` and `y` have inclusive scopes at the given levels?
///
/// memory-model.txt, "Scopes": "Two operations `X` and `Y` are said to have
/// *inclusive scopes* if the scope instance of each operation contains the
/// other operation."
#[inline]
pub fn inclusive_at(x: &Event, lx: ScopeLevel, y: &Event, ly: ScopeLevel) -> bool {
    includes(x, lx, y) && includes(y, ly, x)
}

/// Inclusive scopes of two operations at their sync scopes.
#[inline]
pub fn inclusive(x: &Event, y: &Event) -> bool {
    inclusive_at(x, x.scope.level, y, y.scope.level)
}

/// The level of the common scope instance of two operations with inclusive
/// scopes: "the *common scope instance* `S'` of `X` and `Y` is the
/// intersection of their scope instances" (memory-model.txt, "Scopes"), and
/// "if two scope instances `X` and `Y` intersect, then their intersection is
/// the smaller of `X` and `Y`".
#[inline]
pub fn common_level(lx: ScopeLevel, ly: ScopeLevel) -> ScopeLevel {
    lx.narrower(ly)
}
