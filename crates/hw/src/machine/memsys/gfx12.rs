//! GFX12: an L0 per CU, an L1 buffer per shader array that holds no lines,
//! one L2 coherent for all agents; caches and accesses carry a `SCOPE`.
//! AMDGPUUsage, "Memory Model GFX12".

use super::{global_inv, op_scope, Ack, Generation, Invalidate, Layout, LoadPolicy};
use crate::isa::{Cpol, HwScope, MInstr};
use crate::target::Target;

#[derive(Debug)]
pub struct Gfx12;

impl Generation for Gfx12 {
    /// ("Memory Model GFX12", en 8126; seed zh 13104): the same geometry as
    /// GFX10-GFX11 ("The wavefronts for a single work-group are executed in
    /// the same WGP. In CU wavefront execution mode the wavefronts may be
    /// executed by different SIMDs in the same CU. In WGP wavefront
    /// execution mode the wavefronts may be executed by different SIMDs in
    /// different CUs in the same WGP.", "There is a single L0 cache per
    /// CU"): WGP mode one L0 per wave, CU mode one per work-group; "The
    /// vector and scalar memory L0 caches use an L1 buffer shared by all
    /// WGPs on the same SA": one SA per work-group; "The L2 cache can be kept
    /// coherent with other agents": one coherent L2 (as GFX10-GFX11). "The
    /// L1 buffer acts as a bridge to L2 for clients within a SA": it holds
    /// no lines.
    fn layout(&self, t: &Target) -> Layout {
        Layout {
            second_level: true,
            l1_cache: false,
            wgp_split: !t.cumode,
            ..Layout::default()
        }
    }

    /// "When a memory operation with a given `SCOPE` reaches a cache with a
    /// smaller `SCOPE` value, it is forwarded to the next level of cache." /
    /// "When a memory operation with a given `SCOPE` reaches a cache with a
    /// `SCOPE` value greater than or equal to its own, the operation can
    /// proceed: Reads can hit into the cache" ("Memory Model GFX12", en 8184,
    /// zh 13150): the L0 is `SCOPE_CU`, so only a load with scope `SCOPE_CU`
    /// may hit it.
    fn load_policy(&self, _tgsplit: bool, c: &Cpol) -> LoadPolicy {
        LoadPolicy {
            hit_l1: op_scope(c) == HwScope::Cu,
            system: op_scope(c) == HwScope::Sys,
        }
    }

    /// Never: "The L1 buffer acts as a bridge to L2 for clients within a SA",
    /// not a cache.
    fn second_level_hit(&self, _major: u32, _c: &Cpol) -> bool {
        false
    }

    fn store_writes_through(&self, _c: &Cpol) -> bool {
        false
    }

    /// At the L2. The GFX12 text says of a store reaching a cache of its
    /// scope "the transaction is acknowledged from this level of cache"
    /// (en 8191, zh 13156) but also "`global_wb` can be omitted for scopes
    /// other than `SCOPE_SYS` in gfx120x" (en 8207, zh 13166), and the GFX12
    /// release rows have no `global_wb` below system scope: they only wait
    /// `s_wait_storecnt 0x0` for the plain stores before the flag. That holds
    /// only if the `SCOPE_CU` L0 does not acknowledge a write before the L2
    /// has it, which is the reading modelled (docs/hardware.md, GFX12).
    fn store_ack(&self, _c: &Cpol) -> Ack {
        Ack::L2
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
}
