//! Scopes, scope instances and thread placement.
//!
//! memory-model.txt, "Scopes": "A *scope* is an abstract description of sets
//! of memory accesses and synchronization operations [...] Each such set is
//! called an *instance* of that scope."  The instances an operation belongs to
//! follow from the placement of the thread that performs it.

use std::fmt;

/// The AMDGPU scopes, from largest to smallest.
///
/// memory-model.txt, "AMDGPU scopes": "These are arranged from largest scope
/// (*system scope*) to smallest scope ("singlethread")."  The discriminant is
/// the depth: a larger number is a narrower scope.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum ScopeLevel {
    System = 0,
    Agent = 1,
    Cluster = 2,
    Workgroup = 3,
    Wavefront = 4,
    SingleThread = 5,
}

impl ScopeLevel {
    pub const ALL: [ScopeLevel; 6] = [
        ScopeLevel::System,
        ScopeLevel::Agent,
        ScopeLevel::Cluster,
        ScopeLevel::Workgroup,
        ScopeLevel::Wavefront,
        ScopeLevel::SingleThread,
    ];

    /// The spelling used in `syncscope("...")` (system is the empty string).
    pub fn syncscope_name(self) -> &'static str {
        match self {
            ScopeLevel::System => "",
            ScopeLevel::Agent => "agent",
            ScopeLevel::Cluster => "cluster",
            ScopeLevel::Workgroup => "workgroup",
            ScopeLevel::Wavefront => "wavefront",
            ScopeLevel::SingleThread => "singlethread",
        }
    }

    /// A human-readable name (system is spelled out).
    pub fn name(self) -> &'static str {
        match self {
            ScopeLevel::System => "system",
            other => other.syncscope_name(),
        }
    }

    /// The narrower of two levels.
    #[inline]
    pub fn narrower(self, other: ScopeLevel) -> ScopeLevel {
        self.max(other)
    }
}

impl fmt::Display for ScopeLevel {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A sync scope as written on an operation: a level and the `-one-as` flag.
///
/// AMDGPUUsage, "Memory Scopes": "There is a `one-as` variant for each sync
/// scope. If a `release` or `acquire` operation with a `one-as` sync scope
/// participates in a synchronization, only the effects of memory operations in
/// the address space of the `one-as` operation are synchronized."
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct SyncScope {
    pub level: ScopeLevel,
    pub one_as: bool,
}

impl SyncScope {
    pub const SYSTEM: SyncScope = SyncScope {
        level: ScopeLevel::System,
        one_as: false,
    };

    /// Parses the string inside `syncscope("...")` or an intrinsic's
    /// `metadata !"..."`: `""`, `"agent"`, ..., `"one-as"`, `"agent-one-as"`, ...
    pub fn parse(s: &str) -> Option<SyncScope> {
        if s == "one-as" {
            return Some(SyncScope {
                level: ScopeLevel::System,
                one_as: true,
            });
        }
        let (base, one_as) = match s.strip_suffix("-one-as") {
            Some(b) => (b, true),
            None => (s, false),
        };
        let level = match base {
            "" | "system" => ScopeLevel::System,
            "agent" => ScopeLevel::Agent,
            "cluster" => ScopeLevel::Cluster,
            "workgroup" => ScopeLevel::Workgroup,
            "wavefront" => ScopeLevel::Wavefront,
            "singlethread" => ScopeLevel::SingleThread,
            _ => return None,
        };
        Some(SyncScope { level, one_as })
    }

    /// Every spelling `parse` accepts, for hints in error messages.
    pub const SPELLINGS: &'static [&'static str] = &[
        "",
        "agent",
        "cluster",
        "workgroup",
        "wavefront",
        "singlethread",
        "one-as",
        "agent-one-as",
        "cluster-one-as",
        "workgroup-one-as",
        "wavefront-one-as",
        "singlethread-one-as",
    ];
}

impl fmt::Display for SyncScope {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.level, self.one_as) {
            (ScopeLevel::System, true) => f.write_str("one-as"),
            (l, true) => write!(f, "{}-one-as", l.syncscope_name()),
            (l, false) => f.write_str(l.name()),
        }
    }
}

/// Where a thread runs: the instance of every scope that contains it.
///
/// memory-model.txt, "AMDGPU scopes": "Every instance `X` of some scope `S1`
/// other than "singlethread" scope is partitioned by the scope `S2` one level
/// below it."  The instance identifiers here are globally unique per level
/// (the litmus format names workgroups and waves globally), so two threads
/// share an instance of level `L` exactly when their ids at `L` are equal.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Placement {
    /// Instance id per level, indexed by `ScopeLevel as usize`.
    pub ids: [u32; 6],
}

impl Placement {
    pub fn new(agent: u32, cluster: u32, wg: u32, wave: u32, thread: u32) -> Placement {
        Placement {
            ids: [0, agent, cluster, wg, wave, thread],
        }
    }

    #[inline]
    pub fn instance(&self, level: ScopeLevel) -> u32 {
        self.ids[level as usize]
    }

    /// True when `self`'s instance of `level` also contains a thread placed at
    /// `other`.
    #[inline]
    pub fn same_instance(&self, other: &Placement, level: ScopeLevel) -> bool {
        self.instance(level) == other.instance(level)
    }

    /// The narrowest level whose instance contains both placements.
    pub fn common_level(&self, other: &Placement) -> ScopeLevel {
        let mut best = ScopeLevel::System;
        for level in ScopeLevel::ALL {
            if self.same_instance(other, level) {
                best = level;
            } else {
                break;
            }
        }
        best
    }
}
