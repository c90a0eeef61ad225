//! Thread placement: `@ agent A, cluster C, wg W, wave V` to scope instances.
//!
//! litmus-format.md, "Placement": agent, cluster and wg default to 0; a
//! thread without `wave` gets a wavefront of its own. Workgroup and wave
//! numbers are global names: a workgroup belongs to one (agent, cluster), a
//! wave to one workgroup.

use crate::scope::Placement;
use amdmm_litmus::ast::{self, PlaceKey, Span};
use amdmm_litmus::Diagnostic;
use std::collections::{BTreeSet, HashMap};

pub(super) struct Placements {
    /// One per thread, in file order.
    pub placements: Vec<Placement>,
    /// The distinct workgroup numbers, sorted.
    pub workgroups: Vec<u32>,
}

/// One thread's fields, defaults applied; `wave` is `None` when not given.
struct Fields {
    agent: u32,
    cluster: u32,
    wg: u32,
    wave: Option<u32>,
    /// Where the workgroup is named (or the thread name when defaulted).
    wg_span: Span,
    wave_span: Span,
}

fn key_name(k: PlaceKey) -> &'static str {
    match k {
        PlaceKey::Agent => "agent",
        PlaceKey::Cluster => "cluster",
        PlaceKey::Wg => "wg",
        PlaceKey::Wave => "wave",
    }
}

fn fields(t: &ast::Thread, diags: &mut Vec<Diagnostic>) -> Fields {
    let mut got: [Option<(u32, Span)>; 4] = [None; 4];
    for f in &t.placement {
        let slot = f.key.node as usize;
        let name = key_name(f.key.node);
        if let Some((_, first)) = got[slot] {
            diags.push(
                Diagnostic::new(format!("`{name}` given twice"), f.key.span)
                    .with_secondary(first, "first given here")
                    .with_hint("give each placement field at most once"),
            );
            continue;
        }
        let Ok(v) = u32::try_from(f.value.node) else {
            diags.push(
                Diagnostic::new(
                    format!("invalid {name} number {}", f.value.node),
                    f.value.span,
                )
                .with_hint("placement numbers are non-negative 32-bit integers"),
            );
            continue;
        };
        got[slot] = Some((v, f.key.span.to(f.value.span)));
    }
    let val = |k: PlaceKey| got[k as usize].map_or(0, |g| g.0);
    let span = |k: PlaceKey| got[k as usize].map_or(t.name.span, |g| g.1);
    Fields {
        agent: val(PlaceKey::Agent),
        cluster: val(PlaceKey::Cluster),
        wg: val(PlaceKey::Wg),
        wave: got[PlaceKey::Wave as usize].map(|g| g.0),
        wg_span: span(PlaceKey::Wg),
        wave_span: span(PlaceKey::Wave),
    }
}

/// Computes every thread's placement; contradictions become diagnostics.
pub(super) fn resolve(file: &ast::File, diags: &mut Vec<Diagnostic>) -> Placements {
    let all: Vec<Fields> = file.threads.iter().map(|t| fields(t, diags)).collect();
    // Workgroup -> (agent, cluster, where); wave -> (wg, where).
    let mut wg_home: HashMap<u32, (u32, u32, Span)> = HashMap::new();
    let mut wave_home: HashMap<u32, (u32, Span)> = HashMap::new();
    let mut cluster_ids: HashMap<(u32, u32), u32> = HashMap::new();
    let mut wave_ids: HashMap<u32, u32> = HashMap::new();
    for f in &all {
        match wg_home.get(&f.wg) {
            Some(&(a, c, first)) if (a, c) != (f.agent, f.cluster) => diags.push(
                Diagnostic::new(
                    format!(
                        "workgroup {} placed in agent {}, cluster {} here but in agent {a}, cluster {c} by another thread",
                        f.wg, f.agent, f.cluster
                    ),
                    f.wg_span,
                )
                .with_secondary(first, format!("agent {a}, cluster {c}"))
                .with_hint("a workgroup belongs to exactly one cluster and agent (`agent` and `cluster` default to 0)"),
            ),
            Some(_) => {}
            None => {
                wg_home.insert(f.wg, (f.agent, f.cluster, f.wg_span));
            }
        }
        let n = cluster_ids.len() as u32;
        cluster_ids.entry((f.agent, f.cluster)).or_insert(n);
        if let Some(w) = f.wave {
            match wave_home.get(&w) {
                Some(&(g, first)) if g != f.wg => diags.push(
                    Diagnostic::new(
                        format!("wave {w} placed in workgroup {} here but in workgroup {g} by another thread", f.wg),
                        f.wave_span,
                    )
                    .with_secondary(first, format!("in workgroup {g}"))
                    .with_hint("a wave belongs to exactly one workgroup (`wg` defaults to 0)"),
                ),
                Some(_) => {}
                None => {
                    wave_home.insert(w, (f.wg, f.wave_span));
                }
            }
            let n = wave_ids.len() as u32;
            wave_ids.entry(w).or_insert(n);
        }
    }
    let mut fresh = wave_ids.len() as u32;
    let placements = all
        .iter()
        .enumerate()
        .map(|(i, f)| {
            let wave = match f.wave {
                Some(w) => wave_ids[&w],
                None => {
                    fresh += 1;
                    fresh - 1
                }
            };
            let cluster = cluster_ids[&(f.agent, f.cluster)];
            Placement::new(f.agent, cluster, f.wg, wave, i as u32)
        })
        .collect();
    let workgroups: BTreeSet<u32> = all.iter().map(|f| f.wg).collect();
    Placements {
        placements,
        workgroups: workgroups.into_iter().collect(),
    }
}
