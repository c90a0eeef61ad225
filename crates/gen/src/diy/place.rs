//! Where a cycle's threads run and which of its locations are in LDS.
//!
//! Scopes include by placement (memory-model.txt, "Scopes"): lanes of one
//! wave share every scope instance; waves of one work-group share the
//! workgroup instance and above; work-groups of one agent the agent
//! instance; agents only the system one. LDS is "one separate instance
//! per workgroup" (the litmus format), so a location is LDS only when every
//! thread that accesses it is in one work-group; `s_barrier` synchronizes
//! the waves of a work-group, so a work-group's threads either all cross a
//! barrier edge or none does (otherwise the others never arrive and the
//! test deadlocks), and lanes of one wave (which would diverge) take none.

use super::cycle::Shape;
use super::edge::{Edge, PoKind};
use super::emit;

/// A placement of the threads.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Placement {
    /// Lanes of one wave.
    Wave,
    /// Waves of one work-group.
    Workgroup,
    /// Work-groups of different clusters of one agent.
    Cluster,
    /// Work-groups of one agent.
    Agent,
    /// Different agents.
    System,
    /// Every grouping of the threads into work-groups of one agent, other
    /// than all in one or each in its own.
    Mixed,
}

impl Placement {
    pub const ALL: [Placement; 6] = [
        Placement::Wave,
        Placement::Workgroup,
        Placement::Cluster,
        Placement::Agent,
        Placement::System,
        Placement::Mixed,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Placement::Wave => "wave",
            Placement::Workgroup => "wg",
            Placement::Cluster => "cl",
            Placement::Agent => "agent",
            Placement::System => "sys",
            Placement::Mixed => "mixed",
        }
    }
}

/// Which locations are LDS.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Spaces {
    /// Every location global.
    Global,
    /// Every location LDS.
    Lds,
    /// Some LDS, some global (every such assignment).
    Mixed,
}

impl Spaces {
    pub const ALL: [Spaces; 3] = [Spaces::Global, Spaces::Lds, Spaces::Mixed];

    pub fn name(self) -> &'static str {
        match self {
            Spaces::Global => "global",
            Spaces::Lds => "lds",
            Spaces::Mixed => "mixed",
        }
    }
}

/// One concrete layout of a cycle's test.
#[derive(Clone, Debug)]
pub struct Layout {
    /// The name's suffix (`@wg`, `@wg-001@lds-x`).
    pub suffix: String,
    /// Each thread's placement line.
    pub threads: Vec<String>,
    /// Each thread's work-group.
    pub wg: Vec<usize>,
    /// Whether each location is LDS.
    pub lds: Vec<bool>,
    /// In words, for the description.
    pub words: String,
}

/// The name of location `l`.
pub fn loc_name(l: usize) -> String {
    match l {
        0..=3 => ["x", "y", "z", "w"][l].to_string(),
        _ => format!("v{l}"),
    }
}

/// The layouts of `shape` under placement `p` with the address-space
/// assignments `spaces` asks for, in a fixed order.
pub fn layouts(shape: &Shape, p: &Placement, spaces: &[Spaces]) -> Vec<Layout> {
    let n = shape.threads;
    let groupings: Vec<(String, Vec<usize>, Vec<String>, String)> = match p {
        Placement::Wave => vec![(
            "wave".into(),
            vec![0; n],
            vec!["wg 0, wave 0".to_string(); n],
            "as lanes of one wave".into(),
        )],
        Placement::Workgroup => vec![(
            "wg".into(),
            vec![0; n],
            (0..n).map(|i| format!("wg 0, wave {i}")).collect(),
            "as waves of one work-group".into(),
        )],
        Placement::Cluster => vec![(
            "cl".into(),
            (0..n).collect(),
            (0..n).map(|i| format!("cluster {i}, wg {i}")).collect(),
            "in work-groups of different clusters of one agent".into(),
        )],
        Placement::Agent => vec![(
            "agent".into(),
            (0..n).collect(),
            (0..n).map(|i| format!("wg {i}")).collect(),
            "in different work-groups of one agent".into(),
        )],
        Placement::System => vec![(
            "sys".into(),
            (0..n).collect(),
            (0..n).map(|i| format!("agent {i}, wg {i}")).collect(),
            "on different agents".into(),
        )],
        Placement::Mixed => groupings(n)
            .into_iter()
            .filter(|g| g.iter().any(|&x| x != 0) && g.iter().max() != Some(&(n - 1)))
            .map(|g| {
                let label: String = g.iter().map(|x| x.to_string()).collect();
                let lines = (0..n).map(|i| format!("wg {}, wave {i}", g[i])).collect();
                let words = format!("in work-groups {label} of one agent (thread by thread)");
                (format!("wg-{label}"), g, lines, words)
            })
            .collect(),
    };
    // Locations an LDS DMA copy writes: LDS only (its destination is an
    // LDS pointer), and never among lanes of one wave, whose copies write
    // `4 * lane_id` bytes apart (AMDGPUDMAOperations, "GFX9 DMA").
    let dma: Vec<bool> = (0..shape.locs)
        .map(|l| {
            (0..shape.events.len()).any(|i| shape.events[i].loc == l && emit::annot(shape, i).dma)
        })
        .collect();
    if *p == Placement::Wave && dma.iter().any(|&d| d) {
        return Vec::new();
    }
    let mut out = Vec::new();
    for (label, wg, lines, words) in groupings {
        if !barriers_fit(shape, &wg, *p == Placement::Wave) {
            continue;
        }
        // A location may be LDS when its threads share one work-group.
        let may_lds: Vec<bool> = (0..shape.locs)
            .map(|l| {
                let mut ts = shape
                    .events
                    .iter()
                    .filter(|e| e.loc == l)
                    .map(|e| wg[e.thread]);
                let first = ts.next();
                ts.all(|w| Some(w) == first)
            })
            .collect();
        for s in spaces {
            let assignments: Vec<Vec<bool>> = match s {
                Spaces::Global => vec![vec![false; shape.locs]],
                Spaces::Lds => {
                    if may_lds.iter().all(|&b| b) {
                        vec![vec![true; shape.locs]]
                    } else {
                        vec![]
                    }
                }
                Spaces::Mixed => (1..(1u32 << shape.locs) - 1)
                    .map(|m| (0..shape.locs).map(|l| m >> l & 1 == 1).collect::<Vec<_>>())
                    .filter(|a: &Vec<bool>| a.iter().zip(&may_lds).all(|(&l, &ok)| !l || ok))
                    .collect(),
            };
            for lds in assignments {
                if lds.iter().zip(&dma).any(|(&l, &d)| d && !l) {
                    continue;
                }
                let mut suffix = format!("@{label}");
                let mut w = words.clone();
                if lds.iter().any(|&b| b) {
                    let names: String = (0..shape.locs).filter(|&l| lds[l]).map(loc_name).collect();
                    suffix += &format!("@lds-{names}");
                    w += &format!(", {names} in LDS");
                }
                out.push(Layout {
                    suffix,
                    threads: lines.clone(),
                    wg: wg.clone(),
                    lds,
                    words: w,
                });
            }
        }
    }
    out
}

/// Every grouping of `n` threads (restricted growth strings: thread 0 in
/// group 0, each next thread in a group used before or the next new one).
fn groupings(n: usize) -> Vec<Vec<usize>> {
    let mut out = vec![vec![0]];
    for _ in 1..n {
        out = out
            .into_iter()
            .flat_map(|g| {
                let top = g.iter().max().copied().unwrap_or(0);
                (0..=top + 1).map(move |x| {
                    let mut h = g.clone();
                    h.push(x);
                    h
                })
            })
            .collect();
    }
    out
}

/// Whether every work-group's threads all cross a barrier edge or none do
/// (and no barrier among lanes of one wave).
fn barriers_fit(shape: &Shape, wg: &[usize], lanes: bool) -> bool {
    let mut has = vec![false; shape.threads];
    for (i, e) in shape.edges.iter().enumerate() {
        if let Edge::Po {
            kind: PoKind::Barrier,
            ..
        } = e
        {
            has[shape.events[i].thread] = true;
        }
    }
    if lanes && has.iter().any(|&b| b) {
        return false;
    }
    (0..shape.threads).all(|t| (0..shape.threads).all(|u| wg[t] != wg[u] || has[t] == has[u]))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::diy::cycle::shape;

    fn sh(s: &str) -> Shape {
        let e: Vec<Edge> = s
            .split_whitespace()
            .map(|e| Edge::parse(e).unwrap())
            .collect();
        shape(&e).unwrap()
    }

    #[test]
    fn lds_only_where_threads_share_a_workgroup() {
        let mp = sh("PodWW Rfe PodRR Fre");
        let all = &Spaces::ALL;
        let suffixes = |p| -> Vec<String> {
            layouts(&mp, &p, all)
                .into_iter()
                .map(|l| l.suffix)
                .collect()
        };
        assert_eq!(
            suffixes(Placement::Workgroup),
            ["@wg", "@wg@lds-xy", "@wg@lds-x", "@wg@lds-y"]
        );
        // Both locations are shared by both threads: no LDS across work-groups.
        assert_eq!(suffixes(Placement::Agent), ["@agent"]);
        assert_eq!(suffixes(Placement::System), ["@sys"]);
        // Two threads have no mixed grouping.
        assert!(suffixes(Placement::Mixed).is_empty());
    }

    #[test]
    fn mixed_groupings_of_three_threads() {
        let wrc = sh("Rfe PodRW Rfe PodRR Fre");
        let got: Vec<String> = layouts(&wrc, &Placement::Mixed, &[Spaces::Global])
            .into_iter()
            .map(|l| l.suffix)
            .collect();
        assert_eq!(got, ["@wg-001", "@wg-010", "@wg-011"]);
    }

    #[test]
    fn barriers_need_the_whole_workgroup() {
        let half = sh("BarrierdWW Rfe PodRR Fre");
        assert!(layouts(&half, &Placement::Workgroup, &[Spaces::Global]).is_empty());
        assert_eq!(
            layouts(&half, &Placement::Agent, &[Spaces::Global]).len(),
            1
        );
        let both = sh("BarrierdWW Rfe BarrierdRR Fre");
        assert_eq!(
            layouts(&both, &Placement::Workgroup, &[Spaces::Global]).len(),
            1
        );
        assert!(layouts(&both, &Placement::Wave, &[Spaces::Global]).is_empty());
    }
}
