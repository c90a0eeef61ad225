//! The machine instructions that matter to the memory model, as a small typed
//! enum (never strings): the access itself with its cache-policy bits, the
//! counter waits, the cache write-back and invalidate instructions, barriers.
//!
//! AMDGPUUsage, "Memory Model": "Only the instructions related to the memory
//! model are given; additional `s_waitcnt` instructions are required to ensure
//! registers are defined before being used."

use std::fmt;

/// `scope:` operand of GFX12+ instructions (`SCOPE_CU` is the default).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum HwScope {
    Cu,
    Se,
    Dev,
    Sys,
}

impl HwScope {
    pub fn name(self) -> &'static str {
        match self {
            HwScope::Cu => "SCOPE_CU",
            HwScope::Se => "SCOPE_SE",
            HwScope::Dev => "SCOPE_DEV",
            HwScope::Sys => "SCOPE_SYS",
        }
    }
}

/// The `scope:` of a table step: fixed, or "Apply the Instruction Scopes table".
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ScopeOp {
    /// "Apply :ref:`...-scopes-table`": the scope comes from the LLVM syncscope
    /// (`tables::gfx12::SCOPES`, `tables::gfx125x::SCOPES`).
    Table,
    Cu,
    Se,
    Dev,
    Sys,
}

impl ScopeOp {
    pub fn fixed(self) -> Option<HwScope> {
        match self {
            ScopeOp::Table => None,
            ScopeOp::Cu => Some(HwScope::Cu),
            ScopeOp::Se => Some(HwScope::Se),
            ScopeOp::Dev => Some(HwScope::Dev),
            ScopeOp::Sys => Some(HwScope::Sys),
        }
    }
}

/// GFX12 temporal hints (`th:`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Th {
    Default,
    LoadNt,
    StoreNt,
    AtomicReturn,
}

/// Cache-policy bits of a vector memory instruction, across generations:
/// `glc slc dlc` (GFX6-GFX11), `sc0 sc1 nt` (GFX942), `th: scope:` (GFX12+).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Cpol {
    pub glc: bool,
    pub slc: bool,
    pub dlc: bool,
    pub sc0: bool,
    pub sc1: bool,
    pub nt: bool,
    pub th: Th,
    /// `None`: no `scope:` operand (the default `SCOPE_CU` on GFX12+).
    pub scope: Option<ScopeOp>,
}

impl Cpol {
    pub const NONE: Cpol = Cpol {
        glc: false,
        slc: false,
        dlc: false,
        sc0: false,
        sc1: false,
        nt: false,
        th: Th::Default,
        scope: None,
    };
    pub const fn glc(self) -> Cpol {
        Cpol { glc: true, ..self }
    }
    pub const fn slc(self) -> Cpol {
        Cpol { slc: true, ..self }
    }
    pub const fn dlc(self) -> Cpol {
        Cpol { dlc: true, ..self }
    }
    pub const fn sc0(self) -> Cpol {
        Cpol { sc0: true, ..self }
    }
    pub const fn sc1(self) -> Cpol {
        Cpol { sc1: true, ..self }
    }
    pub const fn nt(self) -> Cpol {
        Cpol { nt: true, ..self }
    }
    pub const fn th(self, th: Th) -> Cpol {
        Cpol { th, ..self }
    }
    pub const fn scope(self, s: ScopeOp) -> Cpol {
        Cpol {
            scope: Some(s),
            ..self
        }
    }
}

impl fmt::Display for Cpol {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut parts: Vec<String> = Vec::new();
        for (on, name) in [
            (self.glc, "glc"),
            (self.slc, "slc"),
            (self.dlc, "dlc"),
            (self.sc0, "sc0"),
            (self.sc1, "sc1"),
            (self.nt, "nt"),
        ] {
            if on {
                parts.push(name.to_string());
            }
        }
        match self.th {
            Th::Default => {}
            Th::LoadNt => parts.push("th:TH_LOAD_NT".into()),
            Th::StoreNt => parts.push("th:TH_STORE_NT".into()),
            Th::AtomicReturn => parts.push("th:TH_ATOMIC_RETURN".into()),
        }
        match self.scope.and_then(ScopeOp::fixed) {
            // SCOPE_CU is the default and "will be omitted when instructions
            // are emitted in textual form by the compiler".
            None | Some(HwScope::Cu) => {}
            Some(s) => parts.push(format!("scope:{}", s.name())),
        }
        f.write_str(&parts.join(" "))
    }
}

/// GFX12+ counters (`s_wait_*cnt`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Counter {
    Load,
    Store,
    Ds,
    Km,
    Sample,
    Bvh,
    /// `s_wait_xcnt` (GFX12.5).
    X,
    /// `s_wait_asynccnt` (GFX12.5).
    Async,
}

impl Counter {
    pub fn name(self) -> &'static str {
        match self {
            Counter::Load => "loadcnt",
            Counter::Store => "storecnt",
            Counter::Ds => "dscnt",
            Counter::Km => "kmcnt",
            Counter::Sample => "samplecnt",
            Counter::Bvh => "bvhcnt",
            Counter::X => "xcnt",
            Counter::Async => "asynccnt",
        }
    }
}

/// Which instruction family performs an access (the table's
/// `buffer/global/ds/flat` is resolved per target and address space).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Family {
    Buffer,
    Global,
    Flat,
    Ds,
}

/// What an access does.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MemKind {
    Load,
    Store,
    /// Read-modify-write; the string is the operation (`add`, `swap`, ...).
    Atomic(&'static str),
    /// Compare-and-swap.
    CmpSwap,
    /// LDS DMA: a global load whose data goes to LDS.
    LoadLds,
}

/// A concrete memory instruction produced by lowering.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct MemOp {
    pub family: Family,
    pub kind: MemKind,
    /// Access width in bits (32, 64, 128).
    pub bits: u32,
    pub cpol: Cpol,
    /// GFX6-GFX10 spell LDS accesses `ds_read`/`ds_write`, GFX11+ `ds_load`/`ds_store`.
    pub new_ds_names: bool,
    /// An atomic with return (the table's "Atomic with return"): counted by
    /// `vmcnt` on GFX10-GFX11, where an atomic without return is counted by
    /// `vscnt` like a store.
    pub ret: bool,
}

impl MemOp {
    /// GFX10-GFX11: "vmcnt reports completion of load, atomic with return and
    /// sample instructions in order, and the vscnt reports the completion of
    /// store and atomic without return in order."
    pub fn counted_by_vscnt(&self) -> bool {
        match self.kind {
            MemKind::Store => true,
            MemKind::Atomic(_) | MemKind::CmpSwap => !self.ret,
            MemKind::Load | MemKind::LoadLds => false,
        }
    }
}

impl fmt::Display for MemOp {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let fam = match self.family {
            Family::Buffer => "buffer",
            Family::Global => "global",
            Family::Flat => "flat",
            Family::Ds => "ds",
        };
        let w = self.bits;
        let name = match (self.family, self.kind) {
            (Family::Ds, MemKind::Load) if !self.new_ds_names => format!("ds_read_b{w}"),
            (Family::Ds, MemKind::Store) if !self.new_ds_names => format!("ds_write_b{w}"),
            (Family::Ds, MemKind::Atomic(op)) => format!("ds_{op}_rtn_b{w}"),
            (Family::Ds, MemKind::CmpSwap) if !self.new_ds_names => format!("ds_cmpst_rtn_b{w}"),
            (Family::Ds, MemKind::CmpSwap) => format!("ds_cmpstore_rtn_b{w}"),
            (_, MemKind::Load) => format!("{fam}_load_b{w}"),
            (_, MemKind::Store) => format!("{fam}_store_b{w}"),
            (_, MemKind::Atomic(op)) => format!("{fam}_atomic_{op}_b{w}"),
            (_, MemKind::CmpSwap) => format!("{fam}_atomic_cmpswap_b{w}"),
            (_, MemKind::LoadLds) => format!("{fam}_load_lds_b{w}"),
        };
        let bits = self.cpol.to_string();
        if bits.is_empty() {
            f.write_str(&name)
        } else {
            write!(f, "{name} {bits}")
        }
    }
}

/// One machine instruction of a code sequence.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MInstr {
    /// Table template: "the access itself" (`buffer/global/ds/flat_load`,
    /// `..._store`, `..._atomic`) with these cache-policy bits. Lowering
    /// replaces it with a [`MInstr::Mem`].
    Access(Cpol),
    /// A concrete access.
    Mem(MemOp),
    /// `s_waitcnt vmcnt(N) expcnt(N) lgkmcnt(N)` (GFX6-GFX11); `None`: not waited on.
    Waitcnt {
        vm: Option<u8>,
        exp: Option<u8>,
        lgkm: Option<u8>,
    },
    /// `s_waitcnt_vscnt null, N` (GFX10-GFX11; the tables write `s_waitcnt vscnt(0)`).
    WaitcntVscnt(u8),
    /// `s_wait_<counter> N` (GFX12+).
    Wait(Counter, u8),
    /// `buffer_wbinvl1_vol` (GFX6-GFX9, GFX90A): invalidate the L1's volatile lines.
    BufferWbinvl1Vol,
    /// `buffer_invl2` (GFX90A): invalidate non-coherent L2 lines.
    BufferInvl2,
    /// `buffer_wbl2` (GFX90A: no operands; GFX942: `sc0`/`sc1` select the scope).
    BufferWbl2 { sc0: bool, sc1: bool },
    /// `buffer_inv` (GFX942): `sc0`/`sc1` select the levels to invalidate.
    BufferInv { sc0: bool, sc1: bool },
    /// `buffer_gl0_inv` (GFX10-GFX11).
    BufferGl0Inv,
    /// `buffer_gl1_inv` (GFX10-GFX11).
    BufferGl1Inv,
    /// `global_inv scope:` (GFX12+).
    GlobalInv(ScopeOp),
    /// `global_wb scope:` (GFX12+).
    GlobalWb(ScopeOp),
    /// `s_barrier` (GFX6-GFX11).
    SBarrier,
    /// `s_barrier_signal N` (GFX12+).
    SBarrierSignal(i64),
    /// `s_barrier_signal_isfirst N` (GFX12+).
    SBarrierSignalIsFirst(i64),
    /// `s_barrier_wait N` (GFX12+).
    SBarrierWait(i64),
    /// `s_barrier_init N` (GFX12.5 named barriers).
    SBarrierInit(i64),
    /// `s_barrier_join N` (GFX12.5 named barriers).
    SBarrierJoin(i64),
    /// `s_barrier_leave` (GFX12.5 named barriers).
    SBarrierLeave,
}

impl MInstr {
    pub const fn waitcnt_vm(n: u8) -> MInstr {
        MInstr::Waitcnt {
            vm: Some(n),
            exp: None,
            lgkm: None,
        }
    }
    pub const fn waitcnt_lgkm(n: u8) -> MInstr {
        MInstr::Waitcnt {
            vm: None,
            exp: None,
            lgkm: Some(n),
        }
    }

    /// A cache write-back or invalidate (what `!mmra !{!"amdgcn-av", !"none"}`
    /// suppresses).
    ///
    /// AMDGPUUsage, "Memory Model": "The presence of AV metadata can
    /// **suppress cache operations** (such as write-back or invalidate) that
    /// are usually part of these sequences."
    pub fn is_cache_op(self) -> bool {
        matches!(
            self,
            MInstr::BufferWbinvl1Vol
                | MInstr::BufferInvl2
                | MInstr::BufferWbl2 { .. }
                | MInstr::BufferInv { .. }
                | MInstr::BufferGl0Inv
                | MInstr::BufferGl1Inv
                | MInstr::GlobalInv(_)
                | MInstr::GlobalWb(_)
        )
    }
}

fn sc_bits(sc0: bool, sc1: bool) -> &'static str {
    match (sc0, sc1) {
        (false, false) => "",
        (true, false) => " sc0",
        (false, true) => " sc1",
        (true, true) => " sc0 sc1",
    }
}

fn scope_suffix(s: ScopeOp) -> String {
    match s.fixed() {
        None | Some(HwScope::Cu) => String::new(),
        Some(h) => format!(" scope:{}", h.name()),
    }
}

impl fmt::Display for MInstr {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            MInstr::Access(c) => write!(f, "<access> {c}"),
            MInstr::Mem(m) => write!(f, "{m}"),
            MInstr::Waitcnt { vm, exp, lgkm } => {
                let mut parts = Vec::new();
                if let Some(n) = vm {
                    parts.push(format!("vmcnt({n})"));
                }
                if let Some(n) = exp {
                    parts.push(format!("expcnt({n})"));
                }
                if let Some(n) = lgkm {
                    parts.push(format!("lgkmcnt({n})"));
                }
                write!(f, "s_waitcnt {}", parts.join(" "))
            }
            MInstr::WaitcntVscnt(n) => write!(f, "s_waitcnt_vscnt null, {n:#x}"),
            MInstr::Wait(c, n) => write!(f, "s_wait_{} {n:#x}", c.name()),
            MInstr::BufferWbinvl1Vol => f.write_str("buffer_wbinvl1_vol"),
            MInstr::BufferInvl2 => f.write_str("buffer_invl2"),
            MInstr::BufferWbl2 { sc0, sc1 } => write!(f, "buffer_wbl2{}", sc_bits(sc0, sc1)),
            MInstr::BufferInv { sc0, sc1 } => write!(f, "buffer_inv{}", sc_bits(sc0, sc1)),
            MInstr::BufferGl0Inv => f.write_str("buffer_gl0_inv"),
            MInstr::BufferGl1Inv => f.write_str("buffer_gl1_inv"),
            MInstr::GlobalInv(s) => write!(f, "global_inv{}", scope_suffix(s)),
            MInstr::GlobalWb(s) => write!(f, "global_wb{}", scope_suffix(s)),
            MInstr::SBarrier => f.write_str("s_barrier"),
            MInstr::SBarrierSignal(n) => write!(f, "s_barrier_signal {n}"),
            MInstr::SBarrierSignalIsFirst(n) => write!(f, "s_barrier_signal_isfirst {n}"),
            MInstr::SBarrierWait(n) => write!(f, "s_barrier_wait {n}"),
            MInstr::SBarrierInit(n) => write!(f, "s_barrier_init {n}"),
            MInstr::SBarrierJoin(n) => write!(f, "s_barrier_join {n}"),
            MInstr::SBarrierLeave => f.write_str("s_barrier_leave"),
        }
    }
}
