//! Targets (`gfx942`, `gfx1100:cumode`, ...) and their generation family.

use amdmm_program::processor;
use std::fmt;

/// A generation family: which code-sequence table applies.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Gen {
    /// GFX6-GFX9 (gfx600, gfx700, gfx900): table "AMDHSA Memory Model Code Sequences GFX6-GFX9".
    Gfx6To9,
    /// gfx90a: table "... GFX90A".
    Gfx90a,
    /// gfx942: table "... GFX942".
    Gfx942,
    /// gfx1010, gfx1100: table "... GFX10-GFX11".
    Gfx10To11,
    /// gfx1200: table "... GFX12".
    Gfx12,
    /// gfx1250: table "... GFX125x".
    Gfx125x,
}

/// A target with its features.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Target {
    /// The modelled processor: `gfx600`, ..., `gfx1250`.
    pub name: &'static str,
    /// The processor asked for (`gfx1030`), checked as `name` (`gfx1010`):
    /// see [`amdmm_program::processor`].
    pub processor: &'static str,
    /// Major GFX version (6, 7, 9, 10, 11, 12).
    pub major: u32,
    pub gen: Gen,
    /// `:tgsplit` (gfx90a, gfx942): threadgroup split execution mode.
    pub tgsplit: bool,
    /// `:cumode` (GFX10+ but gfx1250): CU wavefront execution mode instead of WGP mode.
    pub cumode: bool,
    /// Wavefront size 64 (default before GFX10, `:wave64` after).
    pub wave64: bool,
}

struct Known {
    name: &'static str,
    major: u32,
    gen: Gen,
    /// Features the tables distinguish for this target.
    tgsplit: bool,
    cumode: bool,
    /// Whether the wavefront size can be chosen (GFX10+).
    wave_choice: bool,
}

const KNOWN: &[Known] = &[
    Known {
        name: "gfx600",
        major: 6,
        gen: Gen::Gfx6To9,
        tgsplit: false,
        cumode: false,
        wave_choice: false,
    },
    Known {
        name: "gfx700",
        major: 7,
        gen: Gen::Gfx6To9,
        tgsplit: false,
        cumode: false,
        wave_choice: false,
    },
    Known {
        name: "gfx900",
        major: 9,
        gen: Gen::Gfx6To9,
        tgsplit: false,
        cumode: false,
        wave_choice: false,
    },
    Known {
        name: "gfx90a",
        major: 9,
        gen: Gen::Gfx90a,
        tgsplit: true,
        cumode: false,
        wave_choice: false,
    },
    Known {
        name: "gfx942",
        major: 9,
        gen: Gen::Gfx942,
        tgsplit: true,
        cumode: false,
        wave_choice: false,
    },
    Known {
        name: "gfx1010",
        major: 10,
        gen: Gen::Gfx10To11,
        tgsplit: false,
        cumode: true,
        wave_choice: true,
    },
    Known {
        name: "gfx1100",
        major: 11,
        gen: Gen::Gfx10To11,
        tgsplit: false,
        cumode: true,
        wave_choice: true,
    },
    Known {
        name: "gfx1200",
        major: 12,
        gen: Gen::Gfx12,
        tgsplit: false,
        cumode: true,
        wave_choice: true,
    },
    Known {
        name: "gfx1250",
        major: 12,
        gen: Gen::Gfx125x,
        tgsplit: false,
        cumode: false,
        wave_choice: true,
    },
];

/// Every target name `Target::parse` accepts, for error messages.
pub fn target_names() -> Vec<&'static str> {
    KNOWN.iter().map(|k| k.name).collect()
}

/// Processors `--target all` runs besides the modelled ones, each checked
/// as its family's modelled processor but with code of its own: gfx950 is
/// checked with GFX942's table ([`amdmm_program::processor`]) and has LDS
/// DMA sizes gfx942 lacks (AMDGPUDMAOperations, "GFX9 DMA": "1/2/4 (12/16
/// for gfx950)"), so `--target all` covers its wide DMA.
const ALSO_IN_ALL: &[(&str, &str)] = &[("gfx950", "gfx942")];

/// Every target with every feature combination the tables distinguish
/// (what `--target all` means): the modelled processors, each followed by
/// the processors of `ALSO_IN_ALL` modelled as it.
pub fn all_targets() -> Vec<Target> {
    let mut v = Vec::new();
    let entries = KNOWN.iter().flat_map(|k| {
        std::iter::once((k, k.name)).chain(
            ALSO_IN_ALL
                .iter()
                .filter(move |(_, m)| *m == k.name)
                .map(move |(p, _)| (k, *p)),
        )
    });
    for (k, processor) in entries {
        let base = Target {
            name: k.name,
            processor,
            major: k.major,
            gen: k.gen,
            tgsplit: false,
            cumode: false,
            wave64: !k.wave_choice,
        };
        v.push(base);
        if k.tgsplit {
            v.push(Target {
                tgsplit: true,
                ..base
            });
        }
        if k.cumode {
            v.push(Target {
                cumode: true,
                ..base
            });
        }
    }
    v
}

impl Target {
    /// Parses `PROCESSOR[:FEATURE]...`, case-insensitively. PROCESSOR is any
    /// processor of [`amdmm_program::processor::PROCESSORS`] (checked as its
    /// family's modelled processor); FEATURE is one of `tgsplit`, `cumode`,
    /// `wave32`, `wave64` (a trailing `+` is accepted, LLVM style), or the
    /// processor's `xnack` / `sramecc` (with `+` or `-`), which the code
    /// sequences do not depend on.
    pub fn parse(s: &str) -> Result<Target, String> {
        let lower = s.to_ascii_lowercase();
        let mut parts = lower.split(':');
        let name = parts.next().unwrap_or("");
        let processor = processor::find_processor(name).map_err(|e| {
            format!(
                "{e} (features: :tgsplit on gfx90a/gfx94x/gfx950, :cumode on GFX10-GFX12, :wave32/:wave64 on GFX10+, :xnack/:sramecc where the processor has them)"
            )
        })?;
        let k = KNOWN
            .iter()
            .find(|k| k.name == processor.modelled)
            .expect("every processor maps to a modelled one");
        let mut t = Target {
            name: k.name,
            processor: processor.name,
            major: k.major,
            gen: k.gen,
            tgsplit: false,
            cumode: false,
            wave64: !k.wave_choice,
        };
        for f in parts {
            if processor::is_codeless_feature(processor, f) {
                continue;
            }
            let f = f.strip_suffix('+').unwrap_or(f);
            match f {
                "tgsplit" if k.tgsplit => t.tgsplit = true,
                "cumode" if k.cumode => t.cumode = true,
                "wave32" if k.wave_choice => t.wave64 = false,
                "wave64" if k.wave_choice => t.wave64 = true,
                "wave64" if !k.wave_choice => {}
                _ => {
                    let mut valid = Vec::new();
                    if k.tgsplit {
                        valid.push(":tgsplit");
                    }
                    if k.cumode {
                        valid.push(":cumode");
                    }
                    if k.wave_choice {
                        valid.push(":wave32");
                        valid.push(":wave64");
                    }
                    if processor.xnack {
                        valid.push(":xnack");
                    }
                    if processor.sramecc {
                        valid.push(":sramecc");
                    }
                    return Err(format!(
                        "target `{}` has no feature {}; valid features: {}",
                        processor.name,
                        amdmm_program::suggest::quoted(f),
                        if valid.is_empty() {
                            "none".to_string()
                        } else {
                            valid.join(", ")
                        }
                    ));
                }
            }
        }
        Ok(t)
    }
}

impl Target {
    /// How this target's assembler spells memory instructions.
    pub fn dialect(&self) -> crate::isa::Dialect {
        crate::isa::Dialect::of(self.major, self.gen == Gen::Gfx942)
    }
}

impl fmt::Display for Target {
    /// `gfx942:tgsplit`; a processor checked as another one says so:
    /// `gfx1030:cumode (as gfx1010)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.processor)?;
        if self.tgsplit {
            f.write_str(":tgsplit")?;
        }
        if self.cumode {
            f.write_str(":cumode")?;
        }
        if self.major >= 10 && self.wave64 {
            f.write_str(":wave64")?;
        }
        if self.processor != self.name {
            write!(f, " (as {})", self.name)?;
        }
        Ok(())
    }
}
