//! Which memory-model roles an instruction's event plays: store-available,
//! load-visible, MakeAvailable, MakeVisible.

use crate::ModelKind;
use amdmm_program::{AddrSpace, MemAttrs, ScopeLevel, SpaceSet, SyncScope};

/// The availability / visibility roles of one event.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct AvRoles {
    pub store_available: Option<ScopeLevel>,
    pub load_visible: Option<ScopeLevel>,
    pub make_available: bool,
    pub make_visible: bool,
}

/// What kind of instruction produced the event.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Access {
    Load,
    Store,
    /// atomicrmw, or a cmpxchg that writes.
    Rmw,
    /// A cmpxchg that failed: a read with the failure ordering.
    FailedCmpXchg,
    Fence,
}

/// Computes the roles of an event.
///
/// memory-model.txt, "store-available": "An atomic operation that results in
/// a store operation is a *store-available* operation with scope
/// `syncscope`"; the `llvm.amdgcn.av.global.store.b128` intrinsic "performs a
/// non-atomic *store-available* operation on `ptr` with scope `scope`"
/// (`intrinsic_scope`).
///
/// memory-model.txt, "load-visible": "An atomic operation that results in a
/// read operation is a *load-visible* operation with scope `syncscope`."
///
/// memory-model.txt, "MakeAvailable and MakeVisible": "A synchronization
/// operation with at least `release` ordering is a `MakeAvailable` operation
/// with scope `syncscope`, if it is not marked as `!{!"amdgcn-av", !"none"}`"
/// (and likewise `acquire` / `MakeVisible`); "For an atomic operation which
/// itself accesses memory [...] the metadata does not affect the availability
/// or the visibility of the access performed by the operation itself."
///
/// Under [`ModelKind::Upstream`] (AMDGPUMemoryModel.md): "Any access to
/// `addrspace(3)` (aka LDS or local) always results in a *store-available* or
/// *load-visible* operation with scope "workgroup"", and "A non-atomic
/// `volatile` access results in a *store-available* or *load-visible*
/// operation with the widest scope supported by its address space".
pub fn roles(
    model: ModelKind,
    access: Access,
    attrs: &MemAttrs,
    space: AddrSpace,
    intrinsic_scope: Option<SyncScope>,
) -> AvRoles {
    let atomic = attrs.ordering.is_atomic();
    let writes = matches!(access, Access::Store | Access::Rmw);
    let reads = matches!(access, Access::Load | Access::Rmw | Access::FailedCmpXchg);
    let mut r = AvRoles::default();
    if access != Access::Fence {
        let own = if atomic {
            Some(attrs.scope.level)
        } else {
            intrinsic_scope.map(|s| s.level)
        };
        let own = match model {
            ModelKind::Seed | ModelKind::Proposed => own,
            ModelKind::Upstream => {
                if space == AddrSpace::Lds {
                    // LDS: always workgroup, independent of the syncscope.
                    Some(ScopeLevel::Workgroup)
                } else if !atomic && attrs.volatile {
                    Some(ScopeLevel::System)
                } else {
                    own
                }
            }
        };
        if writes {
            r.store_available = own;
        }
        if reads {
            r.load_visible = own;
        }
    }
    let sync = atomic && !attrs.av_none;
    // A failed cmpxchg has only its failure ordering, already in `attrs`.
    r.make_available = sync && attrs.ordering.is_release() && access != Access::Load;
    r.make_visible = sync && attrs.ordering.is_acquire() && access != Access::Store;
    r
}

/// The address spaces an event synchronizes: the spaces in which its
/// synchronizes-with edges order memory, and whose writes its MakeAvailable /
/// MakeVisible act on (docs/semantics.md, "Fences that name address spaces").
///
/// AMDGPUUsage, "Fence and address spaces": the tags `amdgpu-as:local` and
/// `amdgpu-as:global` (upstream `amdgpu-synchronize-as:...`) make a fence
/// synchronize only the local / global address space, and "Multiple tags can
/// be used at the same time to synchronize with more than one address space".
/// AMDGPUUsage, "Memory Scopes": with a `one-as` sync scope "only the effects
/// of memory operations in the address space of the `one-as` operation are
/// synchronized. The address space of a `fence` instruction with `one-as` sync
/// scope is specified via `amdgpu-synchronize-as` MMRAs" — an untagged
/// `one-as` fence keeps amdmm's earlier choice, the global address space.
/// Everything else synchronizes every address space.
pub fn sync_spaces(access: Access, attrs: &MemAttrs, space: AddrSpace) -> SpaceSet {
    match (access, attrs.fence_spaces, attrs.scope.one_as) {
        (Access::Fence, Some(tags), _) => tags,
        (Access::Fence, None, true) => SpaceSet::of(AddrSpace::Global),
        (_, _, true) => SpaceSet::of(space),
        _ => SpaceSet::ALL,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use amdmm_program::Ordering;

    fn attrs(ordering: Ordering, level: ScopeLevel, av_none: bool) -> MemAttrs {
        MemAttrs {
            ordering,
            scope: SyncScope {
                level,
                one_as: false,
            },
            volatile: false,
            av_none,
            nontemporal: false,
            fence_spaces: None,
        }
    }

    #[test]
    fn release_store_is_available_and_make_available() {
        let a = attrs(Ordering::Release, ScopeLevel::Agent, false);
        let r = roles(ModelKind::Seed, Access::Store, &a, AddrSpace::Global, None);
        assert_eq!(r.store_available, Some(ScopeLevel::Agent));
        assert!(r.make_available && !r.make_visible);
    }

    #[test]
    fn av_none_keeps_own_access() {
        let a = attrs(Ordering::Release, ScopeLevel::Agent, true);
        let r = roles(ModelKind::Seed, Access::Store, &a, AddrSpace::Global, None);
        assert_eq!(r.store_available, Some(ScopeLevel::Agent));
        assert!(!r.make_available);
    }

    #[test]
    fn plain_accesses_have_no_roles_in_seed_but_lds_widens_upstream() {
        let a = attrs(Ordering::NotAtomic, ScopeLevel::System, false);
        let seed = roles(ModelKind::Seed, Access::Store, &a, AddrSpace::Lds, None);
        assert_eq!(seed, AvRoles::default());
        let up = roles(ModelKind::Upstream, Access::Store, &a, AddrSpace::Lds, None);
        assert_eq!(up.store_available, Some(ScopeLevel::Workgroup));
    }

    #[test]
    fn fence_roles() {
        let a = attrs(Ordering::AcqRel, ScopeLevel::Workgroup, false);
        let r = roles(ModelKind::Seed, Access::Fence, &a, AddrSpace::Global, None);
        assert!(r.make_available && r.make_visible);
        assert_eq!(r.store_available, None);
    }
}
