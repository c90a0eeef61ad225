//! The `s_barrier` intrinsics of each GPU generation, as barrier operations on
//! barrier objects (execution-synchronization.txt, "Barrier Implementations on
//! AMDGPU Targets").
//!
//! The seed's tables are data here: [`BARRIER_IDS`] (the "s_barrier IDs GFX12"
//! table), [`INTRINSICS`] (which intrinsic exists on which generation) and
//! [`rules`] (the "Init, Join and Drop" rows of the "s_barrier GFX6-11" and
//! "s_barrier GFX12" tables). [`Lowering`] turns one wave's intrinsic calls
//! into operations.

use super::OpKind;
use amdmm_program::ScopeLevel;
use std::fmt;

/// A generation of the barrier hardware.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Generation {
    /// "Targets from GFX6 through GFX11 included do not have the "split
    /// barrier" feature."
    Gfx6To11,
    /// "GFX12 targets have the split-barrier feature, and also allow
    /// ``s_barrier`` instructions to use one of multiple barrier *objects*
    /// available per workgroup."
    Gfx12,
    /// "GFX12.5 additionally introduces new barrier *objects* that offer more
    /// flexibility for synchronizing the execution of a subset of waves of a
    /// workgroup, or synchronizing execution across workgroups within a
    /// workgroup cluster".
    Gfx12_5,
}

impl Generation {
    /// The generation whose semantics apply without `--barrier-target`.
    pub const NEWEST: Generation = Generation::Gfx12_5;

    pub fn name(self) -> &'static str {
        match self {
            Generation::Gfx6To11 => "GFX6-11",
            Generation::Gfx12 => "GFX12",
            Generation::Gfx12_5 => "GFX12.5",
        }
    }
}

impl fmt::Display for Generation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A `--barrier-target` processor and its generation.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Target {
    /// As given, lower-cased: `gfx1100`.
    pub name: String,
    pub generation: Generation,
}

impl Default for Target {
    fn default() -> Self {
        Target {
            name: "gfx1250".into(),
            generation: Generation::NEWEST,
        }
    }
}

/// Parses a processor name (`gfx90a`, `gfx942`, `gfx1030`, `gfx1201`,
/// `gfx1250`, ...; any case, every processor of
/// [`amdmm_program::processor::PROCESSORS`]) into its barrier generation.
/// Target features after a colon (`gfx90a:tgsplit`, `gfx906:xnack+`) do not
/// change the barriers and are ignored.
pub fn parse_target(s: &str) -> Result<Target, String> {
    let full = s.trim().to_ascii_lowercase();
    let name = full.split(':').next().unwrap_or("");
    let p = amdmm_program::processor::find_processor(name).map_err(|e| {
        format!("{e} (barriers: GFX6-GFX11 s.barrier only, gfx120x split barriers, gfx125x named and cluster barriers)")
    })?;
    let generation = match p.modelled {
        "gfx1200" => Generation::Gfx12,
        "gfx1250" => Generation::Gfx12_5,
        _ => Generation::Gfx6To11,
    };
    Ok(Target {
        name: full,
        generation,
    })
}

/// A hardware barrier object (per scope instance).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum HwObject {
    /// GFX6-11: "There is only one *workgroup barrier* object of
    /// ``workgroup`` scope that is implicitly used by all ``s_barrier``
    /// instructions."
    Workgroup,
    /// GFX12 and later: a barrier ID.
    Id(i32),
}

/// One row of the "s_barrier IDs GFX12" table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct IdRow {
    pub first: i32,
    pub last: i32,
    pub scope: ScopeLevel,
    pub since: Generation,
    /// "only available in privileged execution mode (not accessible by the
    /// shader)": a litmus thread, being shader code, may not use it.
    pub privileged: bool,
    /// The table row, quoted.
    pub row: &'static str,
}

/// execution-synchronization.txt, table "s_barrier IDs GFX12".
pub const BARRIER_IDS: &[IdRow] = &[
    IdRow {
        first: -4,
        last: -4,
        scope: ScopeLevel::Cluster,
        since: Generation::Gfx12_5,
        privileged: true,
        row: "-4 | cluster | GFX12.5 | Cluster trap barrier; cluster barrier object for use by all workgroups of a workgroup cluster. Dedicated for the trap handler and only available in privileged execution mode (not accessible by the shader).",
    },
    IdRow {
        first: -3,
        last: -3,
        scope: ScopeLevel::Cluster,
        since: Generation::Gfx12_5,
        privileged: false,
        row: "-3 | cluster | GFX12.5 | Cluster user barrier; cluster barrier object for use by all workgroups of a workgroup cluster.",
    },
    IdRow {
        first: -2,
        last: -2,
        scope: ScopeLevel::Workgroup,
        since: Generation::Gfx12,
        privileged: true,
        row: "-2 | workgroup | GFX12 (all) | Workgroup trap barrier, dedicated for the trap handler and only available in privileged execution mode (not accessible by the shader).",
    },
    IdRow {
        first: -1,
        last: -1,
        scope: ScopeLevel::Workgroup,
        since: Generation::Gfx12,
        privileged: false,
        row: "-1 | workgroup | GFX12 (all) | Workgroup barrier.",
    },
    IdRow {
        first: 0,
        last: 0,
        scope: ScopeLevel::Workgroup,
        since: Generation::Gfx12_5,
        privileged: false,
        row: "0 | workgroup | GFX12.5 | NULL named barrier object. Barrier-mutually-exclusive with barriers [1, 16].",
    },
    IdRow {
        first: 1,
        last: 16,
        scope: ScopeLevel::Workgroup,
        since: Generation::Gfx12_5,
        privileged: false,
        row: "[1, 16] | workgroup | GFX12.5 | Named barrier object. All barrier objects in this range are barrier-mutually-exclusive with other barriers in [0, 16].",
    },
];

/// The row of barrier ID `id`, if the ID exists on `generation`.
pub fn id_row(generation: Generation, id: i64) -> Option<&'static IdRow> {
    BARRIER_IDS
        .iter()
        .find(|r| r.first as i64 <= id && id <= r.last as i64 && r.since <= generation)
}

/// The scope of a hardware object.
pub fn scope(obj: HwObject) -> ScopeLevel {
    match obj {
        HwObject::Workgroup => ScopeLevel::Workgroup,
        HwObject::Id(id) => id_row(Generation::NEWEST, id as i64)
            .map(|r| r.scope)
            .unwrap_or(ScopeLevel::Workgroup),
    }
}

/// What the hardware initialises an object to at launch.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LaunchInit {
    /// "The *expected count* of this barrier is set to the number of waves in
    /// the workgroup."
    WavesInWorkgroup,
    /// "The *expected count* of this barrier is set to the number of
    /// workgroups in the workgroup cluster."
    WorkgroupsInCluster,
    /// Initialised by an instruction (`s_barrier_init`), or never modified.
    None,
}

/// Who drops an object automatically, and when.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AutoDrop {
    /// "When a thread ends, it automatically *drops* this barrier *object* if
    /// it had previously *joined* it."
    WaveEnd,
    /// The same sentence for a cluster barrier, whose expected count counts
    /// workgroups: the drop is made once per workgroup, when its last wave
    /// ends (docs/semantics.md, "Barriers").
    WorkgroupEnd,
    /// "When a thread ends, it does **not** implicitly *drop* any *named
    /// barrier objects* (barrier IDs ``[0, 16]``) it has *joined*."
    None,
}

/// The "Init, Join and Drop" rows for one object, and its other properties.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ObjectRules {
    pub launch_init: LaunchInit,
    /// Every wave of the scope instance joins at launch.
    pub auto_join: bool,
    pub auto_drop: AutoDrop,
    /// A named barrier ([0, 16]): mutually exclusive with the others.
    pub named: bool,
    /// The NULL named barrier 0: every operation but join is a no-op.
    pub null: bool,
    /// A cluster barrier: one arrive per workgroup.
    pub one_arrive_per_workgroup: bool,
    /// The table rows these rules come from.
    pub rows: &'static [&'static str],
}

const ROWS_GFX6_11: &[&str] = &[
    "init | Workgroup barrier | Automatically initialized by the hardware when a workgroup is launched. The expected count of this barrier is set to the number of waves in the workgroup.",
    "join | Workgroup barrier | Any thread launched within a workgroup automatically joins this barrier object.",
    "drop | Workgroup barrier | When a thread ends, it automatically drops this barrier object if it had previously joined it.",
];
const ROWS_WORKGROUP: &[&str] = &[
    "init | -2, -1 | Automatically initialized by the hardware when a workgroup is launched. The expected count of this barrier is set to the number of waves in the workgroup.",
    "join | -2, -1 | Any thread launched within a workgroup automatically joins this barrier object.",
    "drop | -2, -1, -4, -3 | When a thread ends, it automatically drops this barrier object if it had previously joined it.",
];
const ROWS_CLUSTER: &[&str] = &[
    "init | -4, -3 | Automatically initialized by the hardware when a workgroup is launched as part of a workgroup cluster. The expected count of this barrier is set to the number of workgroups in the workgroup cluster.",
    "join | -4, -3 | Any thread launched within a workgroup cluster automatically joins this barrier object.",
    "drop | -2, -1, -4, -3 | When a thread ends, it automatically drops this barrier object if it had previously joined it.",
    "arrive | -4, -3 | only one wave per workgroup may arrive at the barrier on behalf of its entire workgroup. However, any wave within the workgroup cluster can then wait on this barrier object.",
];
const ROWS_NULL: &[&str] = &[
    "init | 0 | Automatically initialized by the hardware and always available. This barrier object is opaque and immutable as all operations other than barrier join are no-ops.",
    "join | 0, [1, 16] | s_barrier_join <N>",
];
const ROWS_NAMED: &[&str] = &[
    "init | [1, 16] | s_barrier_init <N> [...] The value to set as the expected count of the barrier is stored in the upper half of m0.",
    "join | 0, [1, 16] | s_barrier_join <N>",
    "drop | 0, [1, 16] | s_barrier_leave [...] Drops the barrier object BO if and only if there is a barrier join J such that J is barrier-joined-before this barrier drop operation.",
];

/// The rules of a hardware object.
pub fn rules(obj: HwObject) -> ObjectRules {
    match obj {
        HwObject::Workgroup => ObjectRules {
            launch_init: LaunchInit::WavesInWorkgroup,
            auto_join: true,
            auto_drop: AutoDrop::WaveEnd,
            named: false,
            null: false,
            one_arrive_per_workgroup: false,
            rows: ROWS_GFX6_11,
        },
        HwObject::Id(-1) | HwObject::Id(-2) => ObjectRules {
            launch_init: LaunchInit::WavesInWorkgroup,
            auto_join: true,
            auto_drop: AutoDrop::WaveEnd,
            named: false,
            null: false,
            one_arrive_per_workgroup: false,
            rows: ROWS_WORKGROUP,
        },
        HwObject::Id(-3) | HwObject::Id(-4) => ObjectRules {
            launch_init: LaunchInit::WorkgroupsInCluster,
            auto_join: true,
            auto_drop: AutoDrop::WorkgroupEnd,
            named: false,
            null: false,
            one_arrive_per_workgroup: true,
            rows: ROWS_CLUSTER,
        },
        HwObject::Id(0) => ObjectRules {
            launch_init: LaunchInit::None,
            auto_join: false,
            auto_drop: AutoDrop::None,
            named: true,
            null: true,
            one_arrive_per_workgroup: false,
            rows: ROWS_NULL,
        },
        HwObject::Id(_) => ObjectRules {
            launch_init: LaunchInit::None,
            auto_join: false,
            auto_drop: AutoDrop::None,
            named: true,
            null: false,
            one_arrive_per_workgroup: false,
            rows: ROWS_NAMED,
        },
    }
}

/// One barrier intrinsic call, its operands resolved to constants.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Intrinsic {
    /// `llvm.amdgcn.s.barrier`
    Barrier,
    /// `llvm.amdgcn.s.barrier.signal(id)`
    Signal(i64),
    /// `llvm.amdgcn.s.barrier.signal.isfirst(id)`, whose result the path
    /// assumes to be `first`.
    SignalIsFirst { id: i64, first: bool },
    /// `llvm.amdgcn.s.barrier.signal.var(id, count)`
    SignalVar(i64, i64),
    /// `llvm.amdgcn.s.barrier.wait(id)`
    Wait(i64),
    /// `llvm.amdgcn.s.barrier.init(id, count)`
    Init(i64, i64),
    /// `llvm.amdgcn.s.barrier.join(id)`
    Join(i64),
    /// `llvm.amdgcn.s.barrier.leave()`
    Leave,
}

impl Intrinsic {
    pub fn name(self) -> &'static str {
        match self {
            Intrinsic::Barrier => "llvm.amdgcn.s.barrier",
            Intrinsic::Signal(_) => "llvm.amdgcn.s.barrier.signal",
            Intrinsic::SignalIsFirst { .. } => "llvm.amdgcn.s.barrier.signal.isfirst",
            Intrinsic::SignalVar(..) => "llvm.amdgcn.s.barrier.signal.var",
            Intrinsic::Wait(_) => "llvm.amdgcn.s.barrier.wait",
            Intrinsic::Init(..) => "llvm.amdgcn.s.barrier.init",
            Intrinsic::Join(_) => "llvm.amdgcn.s.barrier.join",
            Intrinsic::Leave => "llvm.amdgcn.s.barrier.leave",
        }
    }
}

/// One row of the intrinsic availability table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct IntrinsicRow {
    pub name: &'static str,
    pub since: Generation,
    /// The machine code of the seed's tables the intrinsic stands for.
    pub row: &'static str,
}

/// Which intrinsic exists from which generation on (the machine code column
/// of the "s_barrier GFX6-11" and "s_barrier GFX12" tables).
pub const INTRINSICS: &[IntrinsicRow] = &[
    IntrinsicRow {
        name: "llvm.amdgcn.s.barrier",
        since: Generation::Gfx6To11,
        row: "arrive then wait | Workgroup barrier | s_barrier (GFX6-11); on GFX12 and later the split pair s_barrier_signal -1, s_barrier_wait -1",
    },
    IntrinsicRow {
        name: "llvm.amdgcn.s.barrier.signal",
        since: Generation::Gfx12,
        row: "arrive | -4, -3, -2, -1, 0, [1, 16] | s_barrier_signal <N>",
    },
    IntrinsicRow {
        name: "llvm.amdgcn.s.barrier.signal.isfirst",
        since: Generation::Gfx12,
        row: "arrive | -4, -3, -2, -1, 0, [1, 16] | s_barrier_signal_isfirst <N> [...] sets SCC=1 if this wave is the first to signal the barrier, otherwise SCC=0.",
    },
    IntrinsicRow {
        name: "llvm.amdgcn.s.barrier.wait",
        since: Generation::Gfx12,
        row: "wait | -4, -3, -2, -1, 0, [1, 16] | s_barrier_wait <N>",
    },
    IntrinsicRow {
        name: "llvm.amdgcn.s.barrier.signal.var",
        since: Generation::Gfx12_5,
        row: "arrive | [1, 16] | s_barrier_signal with m0: if there is a non-zero value contained in the bits [22:16] of m0, the expected count of the barrier object is set to that value before the arrive count of the barrier object is incremented.",
    },
    IntrinsicRow {
        name: "llvm.amdgcn.s.barrier.init",
        since: Generation::Gfx12_5,
        row: "init | [1, 16] | s_barrier_init <N>",
    },
    IntrinsicRow {
        name: "llvm.amdgcn.s.barrier.join",
        since: Generation::Gfx12_5,
        row: "join | 0, [1, 16] | s_barrier_join <N>",
    },
    IntrinsicRow {
        name: "llvm.amdgcn.s.barrier.leave",
        since: Generation::Gfx12_5,
        row: "drop | 0, [1, 16] | s_barrier_leave",
    },
];

/// One wave's state while its intrinsic calls are lowered: which named
/// barrier it joined last.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Lowering {
    /// The named barrier (0-16) of the wave's latest `s_barrier_join`.
    last_join: Option<i32>,
    /// That join has not been dropped by `s_barrier_leave` since.
    joined: bool,
}

impl Lowering {
    pub fn new() -> Lowering {
        Lowering::default()
    }

    /// The operations `call` performs on `generation`; an error when the
    /// intrinsic or barrier ID does not exist there.
    pub fn lower(
        &mut self,
        generation: Generation,
        call: Intrinsic,
    ) -> Result<Vec<(HwObject, OpKind)>, String> {
        let row = INTRINSICS
            .iter()
            .find(|r| r.name == call.name())
            .expect("every intrinsic has a row");
        if generation < row.since {
            return Err(format!(
                "`{}` is not available on {generation} (it needs {} or later{})",
                call.name(),
                row.since,
                if row.since == Generation::Gfx12 {
                    ": split barriers"
                } else {
                    ": named barriers"
                }
            ));
        }
        let arrive = OpKind::Arrive {
            new_count: None,
            first: None,
        };
        let ops = match call {
            Intrinsic::Barrier => {
                // "arrive then wait - Workgroup barrier | s_barrier"
                let obj = if generation == Generation::Gfx6To11 {
                    HwObject::Workgroup
                } else {
                    HwObject::Id(-1)
                };
                vec![(obj, arrive), (obj, OpKind::Wait)]
            }
            Intrinsic::Signal(id) => match self.id(generation, call, id)? {
                // "This is a no-op on the NULL named barrier object"
                0 => vec![],
                id => vec![(HwObject::Id(id), arrive)],
            },
            Intrinsic::SignalIsFirst { id, first } => match self.id(generation, call, id)? {
                0 => {
                    return Err(format!(
                        "`{}` on the NULL named barrier 0 is a no-op whose result the \
                         specification does not give",
                        call.name()
                    ))
                }
                id => vec![(
                    HwObject::Id(id),
                    OpKind::Arrive {
                        new_count: None,
                        first: Some(first),
                    },
                )],
            },
            Intrinsic::SignalVar(id, count) => match self.id(generation, call, id)? {
                0 => vec![],
                // "For barrier objects [1, 16]: When using m0 as an operand, if
                // there is a non-zero value contained in the bits [22:16] of m0,
                // the expected count of the barrier object is set to that value
                // before the arrive count of the barrier object is incremented."
                id if id >= 1 && count != 0 => vec![(
                    HwObject::Id(id),
                    OpKind::Arrive {
                        new_count: Some(count),
                        first: None,
                    },
                )],
                id => vec![(HwObject::Id(id), arrive)],
            },
            Intrinsic::Wait(id) => match self.id(generation, call, id)? {
                // "For named barrier objects, this instruction always waits on
                // the last named barrier object that the thread has joined,
                // even if it is different from the barrier object passed to
                // the instruction." and "This is a no-op on the NULL named
                // barrier object (barrier object 0)". Barrier 0 is itself a
                // named barrier object (IDs table), so the first sentence
                // covers `s_barrier_wait 0` too: it waits on the last joined
                // named barrier, and is a no-op when that is NULL (or when
                // the thread joined none and passes 0). Both sentences hold
                // (docs/semantics.md, "s_barrier_wait 0 after a join").
                id if id >= 0 => match self.last_join.unwrap_or(id) {
                    0 => vec![],
                    n => vec![(HwObject::Id(n), OpKind::Wait)],
                },
                id => vec![(HwObject::Id(id), OpKind::Wait)],
            },
            Intrinsic::Init(id, count) => match self.id(generation, call, id)? {
                // "init - 0: [...] all operations other than barrier join are no-ops."
                0 => vec![],
                id if id >= 1 => vec![(HwObject::Id(id), OpKind::Init(count))],
                id => {
                    return Err(format!(
                        "`{}`: barrier {id} is initialised by the hardware at launch; only \
                         named barriers 1-16 are initialised by s_barrier_init",
                        call.name()
                    ))
                }
            },
            Intrinsic::Join(id) => match self.id(generation, call, id)? {
                id if id >= 0 => {
                    self.last_join = Some(id);
                    self.joined = true;
                    vec![(HwObject::Id(id), OpKind::Join)]
                }
                id => {
                    return Err(format!(
                        "`{}`: barrier {id} is joined by the hardware at launch; only named \
                         barriers 0-16 are joined by s_barrier_join",
                        call.name()
                    ))
                }
            },
            Intrinsic::Leave => {
                // "s_barrier_leave takes no operand. [...] Drops the barrier
                // object BO if and only if there is a barrier join J such that
                // J is barrier-joined-before this barrier drop operation."
                match (self.last_join, self.joined) {
                    (Some(n), true) => {
                        self.joined = false;
                        if n == 0 {
                            vec![]
                        } else {
                            vec![(HwObject::Id(n), OpKind::Drop)]
                        }
                    }
                    _ => vec![],
                }
            }
        };
        Ok(ops)
    }

    /// Checks that barrier ID `id` exists on `generation`.
    fn id(&self, generation: Generation, call: Intrinsic, id: i64) -> Result<i32, String> {
        match id_row(generation, id) {
            Some(r) if r.privileged => Err(format!(
                "`{}`: barrier ID {id} is a trap barrier, only available in privileged \
                 execution mode (not accessible by the shader): execution-synchronization.txt, \
                 \"s_barrier IDs GFX12\"",
                call.name()
            )),
            Some(_) => Ok(id as i32),
            None => {
                let known: Vec<String> = BARRIER_IDS
                    .iter()
                    .filter(|r| r.since <= generation)
                    .map(|r| {
                        if r.first == r.last {
                            r.first.to_string()
                        } else {
                            format!("{}..{}", r.first, r.last)
                        }
                    })
                    .collect();
                let exists_later = id_row(Generation::NEWEST, id).is_some();
                Err(format!(
                    "`{}`: barrier ID {id} {} on {generation} (IDs there: {})",
                    call.name(),
                    if exists_later {
                        "is not available"
                    } else {
                        "does not exist"
                    },
                    known.join(", ")
                ))
            }
        }
    }
}

/// Display name of a hardware object in a scope instance.
///
/// The GFX12 IDs -1 and -2 are named as execution-synchronization.txt's
/// table "s_barrier IDs GFX12" does ("-1 | workgroup | ... | Workgroup
/// barrier", "-2 | ... | Workgroup trap barrier"): ID -1 is the object
/// `s_barrier` uses on GFX12, so `amdmm run` and `amdmm kernel` name it
/// "the workgroup barrier" on every generation.
pub fn object_name(obj: HwObject, instance: u32) -> String {
    match obj {
        HwObject::Workgroup | HwObject::Id(-1) => format!("the workgroup barrier (wg {instance})"),
        HwObject::Id(-2) => format!("the workgroup trap barrier (wg {instance})"),
        HwObject::Id(id @ (-3 | -4)) => format!("cluster barrier {id} (cluster {instance})"),
        HwObject::Id(0) => format!("NULL named barrier 0 (wg {instance})"),
        HwObject::Id(id) if id > 0 => format!("named barrier {id} (wg {instance})"),
        HwObject::Id(id) => format!("barrier {id} (wg {instance})"),
    }
}
