//! AMDGPU processor names (`gfx906`, `gfx1030`, `gfx1201`, ...) and the
//! modelled target each one is checked as.
//!
//! AMDGPUUsage, table "AMDGPU Processors", lists the processors and the
//! target features each supports; its memory-model chapter gives one
//! code-sequence table per family ("Memory Model GFX6-GFX9", "GFX90A",
//! "GFX942", "GFX10-GFX11", "GFX12", "GFX125x"). amdmm models one processor
//! per family (and per major version where the code differs: GFX6 has no
//! `buffer_wbinvl1_vol`, GFX6-GFX8 have no `global_*` instructions, GFX11
//! renames the DS instructions); every other processor of a family is checked
//! as that family's modelled processor. Names are case-insensitive.

use amdmm_litmus::suggest;

/// One processor of the "AMDGPU Processors" table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Processor {
    /// The processor name, lower case: `gfx1030`.
    pub name: &'static str,
    /// The modelled processor it is checked as: `gfx1010`.
    pub modelled: &'static str,
    /// Whether the processor has the `xnack` target feature.
    pub xnack: bool,
    /// Whether the processor has the `sramecc` target feature.
    pub sramecc: bool,
}

const fn p(name: &'static str, modelled: &'static str, xnack: bool, sramecc: bool) -> Processor {
    Processor {
        name,
        modelled,
        xnack,
        sramecc,
    }
}

/// Every processor of the generations the code-sequence tables cover
/// (AMDGPUUsage, "AMDGPU Processors": GFX6 to GFX12, and GFX12.5 from the
/// upstream text), with its modelled processor and its `xnack` / `sramecc`
/// features.
///
/// gfx940 and gfx941 are not in the table any more (upstream LLVM retired
/// them); they used the GFX942 code sequences and are accepted as gfx942.
pub const PROCESSORS: &[Processor] = &[
    // GFX6: the GFX6-GFX9 table; GFX6 has no `_vol` invalidate.
    p("gfx600", "gfx600", false, false),
    p("gfx601", "gfx600", false, false),
    p("gfx602", "gfx600", false, false),
    // GFX7, GFX8: the GFX6-GFX9 table, buffer/flat instructions only.
    p("gfx700", "gfx700", false, false),
    p("gfx701", "gfx700", false, false),
    p("gfx702", "gfx700", false, false),
    p("gfx703", "gfx700", false, false),
    p("gfx704", "gfx700", false, false),
    p("gfx705", "gfx700", false, false),
    p("gfx801", "gfx700", true, false),
    p("gfx802", "gfx700", false, false),
    p("gfx803", "gfx700", false, false),
    p("gfx805", "gfx700", false, false),
    p("gfx810", "gfx700", true, false),
    // GFX9 before GFX90A: the GFX6-GFX9 table with `global_*` instructions.
    p("gfx900", "gfx900", true, false),
    p("gfx902", "gfx900", true, false),
    p("gfx904", "gfx900", true, false),
    p("gfx906", "gfx900", true, true),
    p("gfx908", "gfx900", true, true),
    p("gfx909", "gfx900", true, false),
    p("gfx90c", "gfx900", true, false),
    // GFX90A and GFX942 have tables of their own; gfx950 uses GFX942's.
    p("gfx90a", "gfx90a", true, true),
    p("gfx940", "gfx942", true, true),
    p("gfx941", "gfx942", true, true),
    p("gfx942", "gfx942", true, true),
    p("gfx950", "gfx942", true, true),
    // GFX10-GFX11: one table; GFX11 renames the DS instructions.
    p("gfx1010", "gfx1010", true, false),
    p("gfx1011", "gfx1010", true, false),
    p("gfx1012", "gfx1010", true, false),
    p("gfx1013", "gfx1010", true, false),
    p("gfx1030", "gfx1010", false, false),
    p("gfx1031", "gfx1010", false, false),
    p("gfx1032", "gfx1010", false, false),
    p("gfx1033", "gfx1010", false, false),
    p("gfx1034", "gfx1010", false, false),
    p("gfx1035", "gfx1010", false, false),
    p("gfx1036", "gfx1010", false, false),
    p("gfx1100", "gfx1100", false, false),
    p("gfx1101", "gfx1100", false, false),
    p("gfx1102", "gfx1100", false, false),
    p("gfx1103", "gfx1100", false, false),
    p("gfx1150", "gfx1100", false, false),
    p("gfx1151", "gfx1100", false, false),
    p("gfx1152", "gfx1100", false, false),
    p("gfx1153", "gfx1100", false, false),
    // GFX12 and GFX12.5.
    p("gfx1200", "gfx1200", false, false),
    p("gfx1201", "gfx1200", false, false),
    p("gfx1250", "gfx1250", false, false),
];

/// Every accepted processor name.
pub fn processor_names() -> Vec<&'static str> {
    PROCESSORS.iter().map(|p| p.name).collect()
}

/// The processor named `name` (any case), or an error naming the closest
/// processor names ("did you mean `gfx1030`?").
pub fn find_processor(name: &str) -> Result<&'static Processor, String> {
    let lower = name.trim().to_ascii_lowercase();
    PROCESSORS.iter().find(|p| p.name == lower).ok_or_else(|| {
        let close = suggest::similar(&lower, &processor_names());
        let hint = if close.is_empty() {
            format!(
                "known processors: {} (GFX6 to GFX12.5)",
                processor_names().join(", ")
            )
        } else {
            suggest::hint(&lower, &processor_names(), "processors")
        };
        format!("unknown processor {}; {hint}", suggest::quoted(name))
    })
}

/// Whether `feature` (`xnack`, `xnack+`, `xnack-`, `sramecc`, ...) is a
/// target-ID feature of `p` that the code sequences do not depend on: the
/// tables' rows have no `xnack` or `sramecc` condition, so the feature is
/// accepted and changes nothing.
pub fn is_codeless_feature(p: &Processor, feature: &str) -> bool {
    let base = feature.trim_end_matches(['+', '-']);
    (base == "xnack" && p.xnack) || (base == "sramecc" && p.sramecc)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_modelled_processor_is_its_own_model() {
        for p in PROCESSORS {
            let m = find_processor(p.modelled).unwrap();
            assert_eq!(m.modelled, m.name, "{}", p.name);
        }
    }

    #[test]
    fn names_are_case_insensitive_and_typos_get_suggestions() {
        assert_eq!(find_processor("GFX1030").unwrap().modelled, "gfx1010");
        assert_eq!(find_processor("gfx950").unwrap().modelled, "gfx942");
        let e = find_processor("gfx1301").unwrap_err();
        assert!(e.contains("did you mean"), "{e}");
        assert!(e.contains("`gfx1201`") || e.contains("`gfx1031`"), "{e}");
        let e = find_processor("sm_90").unwrap_err();
        assert!(e.contains("known processors: gfx600"), "{e}");
    }

    #[test]
    fn xnack_and_sramecc_only_where_the_processor_has_them() {
        let gfx906 = find_processor("gfx906").unwrap();
        assert!(is_codeless_feature(gfx906, "xnack+"));
        assert!(is_codeless_feature(gfx906, "sramecc-"));
        let gfx1100 = find_processor("gfx1100").unwrap();
        assert!(!is_codeless_feature(gfx1100, "xnack"));
        assert!(!is_codeless_feature(gfx906, "tgsplit"));
    }
}
