//! GFX6-GFX9, GFX90A and GFX942: a vector L1 per CU, one L2 coherent for all
//! agents (GFX6-GFX9) or one non-coherent L2 per agent with memory below it
//! (GFX90A, GFX942). AMDGPUUsage, "Memory Model GFX6-GFX9", "... GFX90A" and
//! "... GFX942".

use super::{Ack, Generation, Invalidate, Layout, LoadPolicy};
use crate::isa::{Cpol, MInstr};
use crate::target::{Gen, Target};

/// The family; `gen` tells GFX90A and GFX942 (per-agent L2, `sc` bits) from
/// GFX6-GFX9.
#[derive(Debug)]
pub struct Gfx6To942 {
    pub gen: Gen,
}

impl Generation for Gfx6To942 {
    /// "The wavefronts for a single work-group are executed in the same CU
    /// but may be executed by different SIMDs. The exception is when in
    /// tgsplit execution mode when the wavefronts may be executed by
    /// different SIMDs in different CUs." ("Memory Model GFX942"; placement:
    /// [`super::Geometry::new`].)
    ///
    /// GFX6-GFX9: "The L2 cache can be kept coherent with other agents on
    /// some targets, or ranges of virtual addresses can be set up to bypass
    /// it to ensure system coherence": modelled as one L2 coherent for all
    /// agents. GFX90A/GFX942: each agent has its own L2 ("The gfx942 can be
    /// configured as a number of smaller agents with each having a single L2
    /// shared by all CUs on the same agent"), not coherent with the others
    /// without `buffer_wbl2`/`buffer_inv` (MTYPE NC memory).
    fn layout(&self, _t: &Target) -> Layout {
        Layout {
            per_agent_l2: matches!(self.gen, Gen::Gfx90a | Gen::Gfx942),
            ..Layout::default()
        }
    }

    /// GFX6-GFX9, GFX90A: "buffer/global/flat_load glc=1" is the agent-scope
    /// load, and the acquire rows pair it with `buffer_wbinvl1_vol` to stop
    /// following loads from seeing "stale global data" in the L1: a `glc`
    /// load misses the L1. GFX942 (`sc0`/`sc1` encode the scope: "Atomic
    /// read-modify-write instructions [...] use sc1 to indicate system or
    /// agent scope coherence"): a load with `sc1` (agent or system) misses
    /// the L1; one with `sc0` only (work-group) misses it in tgsplit mode,
    /// where "wavefronts of the same work-group can be in different CUs";
    /// `sc0 sc1` (system) also refetches clean L2 lines ("stale MTYPE NC
    /// global data").
    fn load_policy(&self, tgsplit: bool, c: &Cpol) -> LoadPolicy {
        if self.gen == Gen::Gfx942 {
            LoadPolicy {
                hit_l1: !(c.sc1 || (c.sc0 && tgsplit)),
                system: c.sc0 && c.sc1,
            }
        } else {
            LoadPolicy {
                hit_l1: !c.glc,
                system: false,
            }
        }
    }

    /// No second level between the L1 and the L2.
    fn second_level_hit(&self, _major: u32, _c: &Cpol) -> bool {
        false
    }

    /// GFX942 stores with `sc0 sc1` (system scope) write through the L2 to
    /// memory; other stores leave a dirty L2 line ("To ensure coherence of
    /// local memory writes of CUs in different agents a `buffer_wbl2 sc1` is
    /// required. It will writeback dirty L2 cache lines.").
    fn store_writes_through(&self, c: &Cpol) -> bool {
        self.gen == Gen::Gfx942 && c.sc0 && c.sc1
    }

    /// Stores are acknowledged where they are performed, at the L2.
    fn store_ack(&self, _c: &Cpol) -> Ack {
        Ack::L2
    }

    /// Does a `buffer_wbl2` write back the agent's L2 to memory? GFX90A: "To
    /// ensure coherence of local memory writes of different agents a
    /// `buffer_wbl2` is required. It will writeback dirty L2 cache lines."
    /// GFX942: the system-scope rows use `buffer_wbl2 sc0=1 sc1=1`; the agent
    /// rows' `buffer_wbl2 sc1=1` "does nothing if the agent is configured to
    /// have a single L2", which is the configuration modelled.
    fn wbl2_is_system(&self, sc0: bool, sc1: bool) -> bool {
        match self.gen {
            Gen::Gfx942 => sc0 && sc1,
            _ => true,
        }
    }

    /// `buffer_wbinvl1_vol` (GFX6-GFX9, GFX90A): "invalidate the L1 cache";
    /// `buffer_inv sc0`/`sc1` (GFX942) invalidate the L1 and, with `sc0 sc1`,
    /// "will invalidate non-local L2 cache lines"; `buffer_invl2` (GFX90A)
    /// invalidates the L2's non-coherent lines. Dirty lines are kept.
    fn invalidates(&self, instr: MInstr) -> Invalidate {
        match instr {
            // GFX6's `buffer_wbinvl1` (no `_vol` form): the whole L1.
            MInstr::BufferWbinvl1Vol | MInstr::BufferWbinvl1 => Invalidate::L1,
            MInstr::BufferInv { sc0, sc1 } => Invalidate {
                l1: true,
                second: false,
                l2: sc0 && sc1,
            },
            MInstr::BufferInvl2 => Invalidate {
                l1: false,
                second: false,
                l2: true,
            },
            _ => Invalidate::NONE,
        }
    }
}
