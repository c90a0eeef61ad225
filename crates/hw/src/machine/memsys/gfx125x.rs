//! GFX12.5: a write-through WGP$ per work-group behind two SIMD32-pair
//! request queues, an L1 buffer per shader engine (read as a `SCOPE_SE`
//! cache), one non-coherent L2 per agent (`SCOPE_DEV`) with memory below it.
//! AMDGPUUsage, "Memory Model GFX125x".

use super::{global_inv, op_scope, Ack, Generation, Invalidate, Layout, LoadPolicy};
use crate::isa::{Cpol, HwScope, MInstr};
use crate::target::Target;

#[derive(Debug)]
pub struct Gfx125x;

impl Generation for Gfx125x {
    /// ("Memory Model GFX125x", en 10278): "The wavefronts for a single
    /// work-group are executed in the same WGP" and "Each WGP has a single
    /// write-through WGP cache (WGP$) shared by the wavefronts of the
    /// work-groups executing on it": one WGP$ per work-group. "The vector and
    /// scalar memory L0 caches are both clients of an L1 buffer shared by all
    /// WGPs on the same SE": the work-groups of one cluster instance of the
    /// test (`cluster N`, 0 by default; `SCOPE_SE` is the cluster scope,
    /// GFX125x scopes table) share an SE, work-groups of different clusters
    /// (or agents) are on different SEs. The placement depends on the
    /// program only, never on the machine code, so weakening a row's
    /// `SCOPE_DEV` to `SCOPE_SE` cannot move the work-groups together and
    /// hide itself (docs/hardware.md, GFX12.5). "Each WGP$ has two request
    /// queues; one per SIMD32-pair": the waves of a work-group are spread
    /// over the two queues of its WGP$ by their index in the work-group
    /// ([`super::Geometry::pair_queue`]). "L1 buffers have separate request
    /// queues for each WGP$ it serves. Requests in one queue are executed
    /// serially and in-order": the queue from a WGP$ to the L1 buffer is in
    /// order. "There may be multiple L2 caches per agent ... Be
    /// non-hardware-coherent": one L2 per agent with `SCOPE_DEV`, memory
    /// below it (`SCOPE_SYS`), like GFX942, so the system-scope
    /// `global_wb`/`global_inv` act (docs/hardware.md, GFX12.5).
    fn layout(&self, _t: &Target) -> Layout {
        Layout {
            per_agent_l2: true,
            second_level: true,
            l1_cache: true,
            wgp_split: false,
            se_per_cluster: true,
            pair_queues: true,
            fifo_l0_queue: true,
        }
    }

    /// As GFX12 ("Memory Model GFX125x", en 10398): only a `SCOPE_CU` load
    /// may hit the WGP$; a `SCOPE_SYS` load also misses the agent's clean L2
    /// lines (the L2 is `SCOPE_DEV`).
    fn load_policy(&self, _tgsplit: bool, c: &Cpol) -> LoadPolicy {
        LoadPolicy {
            hit_l1: op_scope(c) == HwScope::Cu,
            system: op_scope(c) == HwScope::Sys,
        }
    }

    /// The L1 buffer is read as a `SCOPE_SE` cache (docs/hardware.md,
    /// GFX12.5), so a load with scope `SCOPE_CU` or `SCOPE_SE` may hit it
    /// ("Reads can hit into the cache").
    fn second_level_hit(&self, _major: u32, c: &Cpol) -> bool {
        op_scope(c) <= HwScope::Se
    }

    /// A `SCOPE_SYS` store is forwarded past the `SCOPE_DEV` L2 to memory
    /// ("When a vector memory operation with a given `SCOPE` reaches a cache
    /// with a smaller `SCOPE` value, it is forwarded to the next level of
    /// cache", en 10398).
    fn store_writes_through(&self, c: &Cpol) -> bool {
        op_scope(c) == HwScope::Sys
    }

    /// "When a vector memory operation with a given `SCOPE` reaches a cache
    /// with a `SCOPE` value greater than or equal to its own, the operation
    /// can proceed: ... Writes can happen in this cache and completion
    /// (`s_wait` decrement) can be reported." (en 10405): a `SCOPE_CU` store
    /// is acknowledged by the WGP$, a `SCOPE_SE` store by the L1 buffer, a
    /// `SCOPE_DEV` store by the L2, a `SCOPE_SYS` store by memory; the caches
    /// are write-through ("write-through WGP cache", "Vector L0 memory holds
    /// clean data only"), so the store goes on asynchronously and
    /// `global_wb` waits for it.
    fn store_ack(&self, c: &Cpol) -> Ack {
        match op_scope(c) {
            HwScope::Cu => Ack::L0,
            HwScope::Se => Ack::L1,
            HwScope::Dev | HwScope::Sys => Ack::L2,
        }
    }

    fn wbl2_is_system(&self, _sc0: bool, _sc1: bool) -> bool {
        true
    }

    /// `global_inv` ([`global_inv`]).
    fn invalidates(&self, instr: MInstr) -> Invalidate {
        match instr {
            MInstr::GlobalInv(s) => global_inv(s),
            _ => Invalidate::NONE,
        }
    }

    /// `global_wb` acts below `SCOPE_SYS` (the GFX12 reading: `super::super::queues`).
    fn global_wb_acts(&self) -> bool {
        true
    }
}
