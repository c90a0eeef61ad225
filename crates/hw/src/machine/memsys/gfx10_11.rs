//! GFX10-GFX11: an L0 per CU, a GL1 per shader array, one L2 coherent for
//! all agents. AMDGPUUsage, "Memory Model GFX10-GFX11".

use super::{Ack, Generation, Invalidate, Layout, LoadPolicy};
use crate::isa::{Cpol, MInstr};
use crate::target::Target;

#[derive(Debug)]
pub struct Gfx10To11;

impl Generation for Gfx10To11 {
    /// "In WGP wavefront execution mode the wavefronts may be executed by
    /// different SIMDs in different CUs in the same WGP": each wave gets an
    /// L0 of its own (the most separated placement); in CU mode ("executed
    /// by different SIMDs in the same CU") a work-group shares one L0. "a
    /// `buffer_gl1_inv` is required for coherence between wavefronts
    /// executing in different work-groups as they may be executing on
    /// different SAs that access different L1s": each work-group gets a
    /// shader array of its own, whose GL1 holds lines.
    fn layout(&self, t: &Target) -> Layout {
        Layout {
            second_level: true,
            l1_cache: true,
            wgp_split: !t.cumode,
            ..Layout::default()
        }
    }

    /// The rows give a work-group-scope load in WGP mode `glc=1` (its
    /// wavefronts "may be executing on SIMDs of different CUs that access
    /// different L0s"): `glc` misses the L0. See [`Self::second_level_hit`]
    /// for the GL1.
    fn load_policy(&self, _tgsplit: bool, c: &Cpol) -> LoadPolicy {
        LoadPolicy {
            hit_l1: !c.glc,
            system: false,
        }
    }

    /// May a load that missed the L0 be served by the GL1? The agent-scope
    /// load is `glc=1 dlc=1` on GFX10 but only `glc=1` on GFX11 ("If GFX11,
    /// omit dlc=1"): on GFX10 `dlc` misses the L1, on GFX11 `glc` does (the
    /// agent-scope row would otherwise read a stale L1).
    fn second_level_hit(&self, major: u32, c: &Cpol) -> bool {
        if major >= 11 {
            !c.glc
        } else {
            !c.dlc
        }
    }

    fn store_writes_through(&self, _c: &Cpol) -> bool {
        false
    }

    fn store_ack(&self, _c: &Cpol) -> Ack {
        Ack::L2
    }

    fn wbl2_is_system(&self, _sc0: bool, _sc1: bool) -> bool {
        true
    }

    /// "a `buffer_gl0_inv` is required for coherence between wavefronts
    /// executing in the same work-group as they may be executing on SIMDs of
    /// different CUs that access different L0s"; "a `buffer_gl1_inv` is
    /// required for coherence between wavefronts executing in different
    /// work-groups as they may be executing on different SAs that access
    /// different L1s".
    fn invalidates(&self, instr: MInstr) -> Invalidate {
        match instr {
            MInstr::BufferGl0Inv => Invalidate::L1,
            MInstr::BufferGl1Inv => Invalidate {
                l1: false,
                second: true,
                l2: false,
            },
            _ => Invalidate::NONE,
        }
    }
}
