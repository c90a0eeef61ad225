//! The LDS and wave sizes of each processor (`amdmm lds --target`).
//!
//! What the target changes is the LDS a work-group can address (the cap
//! on LDS_SIZE, LDS_BASE + LDS_SIZE and every address) and the wave sizes
//! it runs; the bank model (32 banks of 4-byte dwords, one pass per half
//! wave) stays the Vega ISA's for every target: the specification
//! describes no other (docs/semantics.md, "LDS sizes per processor").
//!
//! Sources:
//! - GFX6 32 KiB, GFX7-GFX8 64 KiB: AMDGPUUsage, "M0" (kernel code): "the
//!   maximum possible LDS value for the target (0x7FFF on GFX6, 0xFFFF on
//!   GFX7-GFX8)".
//! - GFX9 64 KiB: the Vega ISA, "Local Data Share": "each compute unit has
//!   64 kB of memory; a work-group can request at most 64 kB".
//! - GFX10-GFX12 64 KiB per work-group, gfx950 160 KiB, gfx1250 320 KiB:
//!   LLVM's AMDGPU processor definitions; the specification's texts give
//!   no figure. Measured with llc-22 (a kernel with a larger LDS array is
//!   refused with "local memory (N) exceeds limit (M)"; M is every figure
//!   of this table, GFX6 and GFX7-GFX9 included).
//! - Wave sizes: AMDGPUUsage, "AMDGPU Processors" and target feature
//!   `wavefrontsize64`: processors before GFX10 run wave64 only; GFX10 to
//!   GFX12 run wave32 natively and wave64 with `wavefrontsize64`. gfx1250
//!   runs wave32 only (llc-22 emits no kernel for it with
//!   `+wavefrontsize64`).

use crate::LdsError;

/// One processor's LDS and wave sizes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LdsTarget {
    /// The processor, lower case (`gfx950`).
    pub name: &'static str,
    /// LDS bytes a work-group can address.
    pub lds_bytes: u32,
    /// The wave sizes it runs, the default first.
    pub waves: &'static [u32],
}

const WAVE64: &[u32] = &[64];
const WAVE32_64: &[u32] = &[32, 64];
const WAVE32: &[u32] = &[32];

/// The LDS and wave sizes of `processor`, a name of AMDGPUUsage's
/// "AMDGPU Processors" table as `amdmm_program::processor` lists them
/// (`gfx906`, `gfx1030`, ...; lower case).
pub fn lds_target(processor: &'static str) -> Result<LdsTarget, LdsError> {
    let digits = processor.strip_prefix("gfx").unwrap_or("");
    let (lds_bytes, waves) = match digits.len() {
        3 if digits.starts_with('6') => (32 * 1024, WAVE64),
        3 if digits == "950" => (160 * 1024, WAVE64),
        3 => (64 * 1024, WAVE64),
        4 if digits == "1250" => (320 * 1024, WAVE32),
        4 => (64 * 1024, WAVE32_64),
        _ => {
            return Err(LdsError::new(
                format!("`{processor}` is not a processor amdmm knows the LDS of"),
                "give a processor of GFX6-GFX12.5, e.g. --target gfx942",
            ))
        }
    };
    Ok(LdsTarget {
        name: processor,
        lds_bytes,
        waves,
    })
}

impl LdsTarget {
    /// The wave size to analyse: `asked` if the target runs it, else an
    /// error naming the sizes it runs; the target's default without one.
    pub fn wave(&self, asked: Option<u32>) -> Result<u32, LdsError> {
        match asked {
            None => Ok(self.waves[0]),
            Some(w) if self.waves.contains(&w) => Ok(w),
            Some(w) => Err(LdsError::new(
                format!(
                    "{} runs {} only, not wave{w}",
                    self.name,
                    self.waves
                        .iter()
                        .map(|w| format!("wave{w}"))
                        .collect::<Vec<_>>()
                        .join(" and ")
                ),
                "processors before GFX10 run wave64 only, gfx1250 wave32 only (AMDGPUUsage, \
                 target feature `wavefrontsize64`); leave out --wave",
            )),
        }
    }

    /// One line for the text report: `target gfx950: 160 KiB of LDS per
    /// work-group, wave64`.
    pub fn line(&self, wave: u32) -> String {
        let waves = self
            .waves
            .iter()
            .map(|w| format!("wave{w}"))
            .collect::<Vec<_>>()
            .join(", ");
        format!(
            "target {}: {} KiB of LDS per work-group ({} bytes); runs {waves}; this analysis: wave{wave}; banks as the Vega ISA's (32 x 4 bytes)",
            self.name,
            self.lds_bytes / 1024,
            self.lds_bytes
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_per_generation() {
        let t = |n| lds_target(n).unwrap();
        assert_eq!((t("gfx600").lds_bytes, t("gfx600").waves), (32768, WAVE64));
        assert_eq!(t("gfx803").lds_bytes, 65536);
        assert_eq!((t("gfx942").lds_bytes, t("gfx942").waves), (65536, WAVE64));
        assert_eq!(t("gfx950").lds_bytes, 163840);
        assert_eq!(
            (t("gfx1100").lds_bytes, t("gfx1100").waves),
            (65536, WAVE32_64)
        );
        assert_eq!(
            (t("gfx1250").lds_bytes, t("gfx1250").waves),
            (327680, WAVE32)
        );
        assert!(lds_target("sm_90").is_err());
    }

    #[test]
    fn wave_sizes_are_the_targets() {
        let g900 = lds_target("gfx900").unwrap();
        assert_eq!(g900.wave(None).unwrap(), 64);
        let e = g900.wave(Some(32)).unwrap_err();
        assert!(e.message.contains("gfx900 runs wave64 only"), "{e}");
        let g1100 = lds_target("gfx1100").unwrap();
        assert_eq!(g1100.wave(None).unwrap(), 32);
        assert_eq!(g1100.wave(Some(64)).unwrap(), 64);
    }
}
