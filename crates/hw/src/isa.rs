//! The machine instructions that matter to the memory model, as a small typed
//! enum (never strings): the access itself with its cache-policy bits, the
//! counter waits, the cache write-back and invalidate instructions, barriers.
//!
//! AMDGPUUsage, "Memory Model": "Only the instructions related to the memory
//! model are given; additional `s_waitcnt` instructions are required to ensure
//! registers are defined before being used."

use crate::target::Gen;
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
    /// `s_wait_expcnt` (GFX12, GFX12.5): exports and LDS-direct loads,
    /// no memory order ([`Counter::orders_memory`]).
    Exp,
    /// `s_wait_xcnt` (GFX12.5): address translation, no memory order
    /// ([`Counter::orders_memory`]).
    X,
    /// `s_wait_asynccnt` (GFX12.5).
    Async,
}

impl Counter {
    /// Does a wait on this counter order memory operations, i.e. can an
    /// access the counter counts be unperformed while it is counted? No for
    /// the two counters that count steps which end before the access is
    /// performed or that no test issues:
    ///
    /// - `xcnt` (GFX12.5): upstream AMDGPUUsage, "Memory Model GFX125x":
    ///   "`s_wait_xcnt` is a counter that is incremented when a memory
    ///   operation is issued, and decremented when memory address
    ///   translation for that instruction is completed." Translation
    ///   precedes the access, so after `s_wait_xcnt 0x0` the earlier
    ///   accesses may still be unperformed: the wait orders nothing the
    ///   access counters do not. Its use is "to guarantee atomicity during
    ///   a xnack replay", a translation fault the model does not have.
    /// - `expcnt` (`s_wait_expcnt` on GFX12, the `expcnt` field of
    ///   `s_waitcnt` before): LLVM's AMDGPU operand reference (the
    ///   `waitcnt` pages, e.g. GFX7: "EXP_CNT: export count"; GFX11:
    ///   "export and LDSDIR count"): exports and LDS-direct loads, which a
    ///   compute kernel does not issue. On GFX6 llc also counts there the
    ///   reading of a store's (or returning atomic's) data registers (LLVM's
    ///   SIInsertWaitcnts: the `VMW_GPR_LOCK` event when
    ///   `vmemWriteNeedsExpWaitcnt()`, "generation before Sea Islands"), so
    ///   that the registers are not overwritten while the store reads them:
    ///   a register hazard, decremented when the data has been read, before
    ///   the write is performed, whose completion `vmcnt` counts.
    ///
    /// The machine reads a store's data and translates its address when it
    /// issues the instruction, so both counters are zero in the model and
    /// their waits are satisfied at once. Every hardware execution is still
    /// one of the model's: the wait only delays later instructions until an
    /// earlier step that leaves memory unchanged has happened.
    pub fn orders_memory(self) -> bool {
        !matches!(self, Counter::Exp | Counter::X)
    }

    pub fn name(self) -> &'static str {
        match self {
            Counter::Load => "loadcnt",
            Counter::Store => "storecnt",
            Counter::Ds => "dscnt",
            Counter::Km => "kmcnt",
            Counter::Sample => "samplecnt",
            Counter::Bvh => "bvhcnt",
            Counter::Exp => "expcnt",
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

/// How a target's assembler spells memory instructions (LLVM's AMDGPU
/// assembler, the names `llc` prints), so that table output and compiler
/// output can be compared without guesswork.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Dialect {
    /// GFX6: `buffer_load_dword`, `ds_read_b32`; return bit `glc`.
    Gfx6,
    /// GFX7-GFX8 (no `global_`): `flat_load_dword`; return bit `glc`.
    Gfx7,
    /// GFX9, GFX90A, GFX10: `global_load_dword`, `ds_read_b32`; return bit `glc`.
    Gfx9,
    /// GFX942: as GFX9, return bit `sc0`.
    Gfx942,
    /// GFX11: `global_load_b32`, `ds_load_b32`, `global_atomic_add_u32`; `glc`.
    Gfx11,
    /// GFX12, GFX12.5: as GFX11; return bit `th:TH_ATOMIC_RETURN`.
    Gfx12,
}

impl Dialect {
    /// The dialect of a target (GFX major version and family).
    pub fn of(major: u32, gfx942: bool) -> Dialect {
        match major {
            0..=6 => Dialect::Gfx6,
            7 | 8 => Dialect::Gfx7,
            9 if gfx942 => Dialect::Gfx942,
            9 | 10 => Dialect::Gfx9,
            11 => Dialect::Gfx11,
            _ => Dialect::Gfx12,
        }
    }

    /// `ds_load`/`ds_store`/`global_load_b32` names (GFX11+) rather than
    /// `ds_read`/`ds_write`/`global_load_dword`.
    pub fn new_names(self) -> bool {
        self >= Dialect::Gfx11
    }
}

/// A concrete memory instruction produced by lowering (or read from `llc`'s
/// assembly).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct MemOp {
    pub family: Family,
    pub kind: MemKind,
    /// Access width in bits (8, 16, 32, 64, 128).
    pub bits: u32,
    pub cpol: Cpol,
    /// How the target's assembler spells it.
    pub dialect: Dialect,
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

    /// The vector-memory counter that counts this instruction until its
    /// completion is reported, on a target of generation `gen`; `None` for a
    /// `ds_*` access, which only the LDS counter counts. The one answer the
    /// lowering's async marks (`lower`, `MarkState`) and the machine's waits
    /// (`machine::wave`) both use.
    ///
    /// - A `flat_*` access is counted here whichever memory it reaches: a
    ///   generic access is awaited by both counters, AMDGPUUsage, Memory Model
    ///   code sequences: "s_waitcnt vmcnt(0) must happen after any preceding
    ///   global/generic load/store/..." and "s_waitcnt lgkmcnt(0) must happen
    ///   after any preceding local/generic load/store/...". The LDS counter
    ///   counts `ds_*` and `flat_*` instructions ("`ds/flat_load/store/atomic`
    ///   instructions to local memory are termed LDS operations").
    /// - GFX10-GFX11: "vmcnt reports completion of load, atomic with return
    ///   and sample instructions in order, and the vscnt reports the
    ///   completion of store and atomic without return in order"; GFX12+
    ///   `loadcnt` / `storecnt` the same ([`Self::counted_by_vscnt`]).
    /// - GFX12.5: "ASYNC LDS: `s_wait_asynccnt`" (Memory Model GFX125x): the
    ///   LDS DMA is counted by `asynccnt`.
    pub fn vm_counter(&self, gen: Gen) -> Option<Counter> {
        let split_stores = matches!(gen, Gen::Gfx10To11 | Gen::Gfx12 | Gen::Gfx125x);
        match self.family {
            Family::Ds => None,
            _ if self.kind == MemKind::LoadLds && gen == Gen::Gfx125x => Some(Counter::Async),
            _ if split_stores && self.counted_by_vscnt() => Some(Counter::Store),
            _ => Some(Counter::Load),
        }
    }

    /// The mnemonic the target's assembler uses (LLVM AMDGPU assembler names,
    /// as `llc` prints them): `global_load_dword` (GFX9-GFX10),
    /// `global_load_b32` (GFX11+), `flat_*` on GFX7, `buffer_*` on GFX6,
    /// `ds_read_b32` / `ds_load_b32`, `ds_wrxchg_rtn_b32` /
    /// `ds_storexchg_rtn_b32`, `global_atomic_add` / `global_atomic_add_u32`.
    pub fn mnemonic(&self) -> String {
        // No AMDGPU atomic is narrower than 32 bits: LLVM's AtomicExpand
        // makes a compare-and-swap loop on the containing 32-bit word
        // (`expandPartwordAtomicRMW`, `expandPartwordCmpXchg`), whose
        // instruction this is; the model runs the access at its width
        // (docs/hardware.md, "Narrow atomics").
        if self.bits < 32 && self.is_integer_atomic() {
            let word = MemOp {
                kind: MemKind::CmpSwap,
                bits: 32,
                ..*self
            };
            return word.mnemonic();
        }
        let fam = match self.family {
            Family::Buffer => "buffer",
            Family::Global => "global",
            Family::Flat => "flat",
            Family::Ds => "ds",
        };
        let new = self.dialect.new_names();
        let w = self.bits;
        // Width suffix of a plain load/store: `dword`/`dwordx2` or `b32`/`b64`.
        let (load_w, store_w) = match (new, w) {
            (false, 8) => ("ubyte".to_string(), "byte".to_string()),
            (false, 16) => ("ushort".to_string(), "short".to_string()),
            (false, 32) => ("dword".to_string(), "dword".to_string()),
            (false, n) => (format!("dwordx{}", n / 32), format!("dwordx{}", n / 32)),
            (true, 8) => ("u8".to_string(), "b8".to_string()),
            (true, 16) => ("u16".to_string(), "b16".to_string()),
            (true, n) => (format!("b{n}"), format!("b{n}")),
        };
        let rtn = if self.ret { "_rtn" } else { "" };
        match (self.family, self.kind) {
            (Family::Ds, MemKind::Load) if !new => format!("ds_read_{}", ds_width(w, 'u')),
            (Family::Ds, MemKind::Load) => format!("ds_load_{}", ds_width(w, 'u')),
            (Family::Ds, MemKind::Store) if !new => format!("ds_write_b{w}"),
            (Family::Ds, MemKind::Store) => format!("ds_store_b{w}"),
            // Floating-point atomics: the stem names the type
            // (`crate::lower::float_rmw_instruction`): `ds_add_rtn_f32`,
            // `global_atomic_add_f32`, `global_atomic_fmin_x2`.
            (Family::Ds, MemKind::Atomic(op)) if is_float_stem(op) => {
                let (name, ty) = op.rsplit_once('_').unwrap_or((op, ""));
                format!("ds_{name}{rtn}_{ty}")
            }
            (_, MemKind::Atomic(op)) if is_float_stem(op) => format!("{fam}_atomic_{op}"),
            (Family::Ds, MemKind::Atomic("swap")) if !new => format!("ds_wrxchg_rtn_b{w}"),
            (Family::Ds, MemKind::Atomic("swap")) => format!("ds_storexchg_rtn_b{w}"),
            (Family::Ds, MemKind::Atomic(op)) => {
                let (name, ty) = ds_atomic(op);
                format!("ds_{name}{rtn}_{ty}{w}")
            }
            (Family::Ds, MemKind::CmpSwap) if !new => format!("ds_cmpst{rtn}_b{w}"),
            (Family::Ds, MemKind::CmpSwap) => format!("ds_cmpstore{rtn}_b{w}"),
            (_, MemKind::Load) => format!("{fam}_load_{load_w}"),
            (_, MemKind::Store) => format!("{fam}_store_{store_w}"),
            (_, MemKind::Atomic(op)) if new => {
                let (name, ty) = ds_atomic(op);
                format!("{fam}_atomic_{name}_{ty}{w}")
            }
            (_, MemKind::Atomic(op)) => {
                format!("{fam}_atomic_{op}{}", if w == 64 { "_x2" } else { "" })
            }
            (_, MemKind::CmpSwap) if new => format!("{fam}_atomic_cmpswap_b{w}"),
            (_, MemKind::CmpSwap) => {
                format!("{fam}_atomic_cmpswap{}", if w == 64 { "_x2" } else { "" })
            }
            // LDS DMA (LLVM's assembler; `llvm-mc` rejects the other
            // spellings on each): GFX12.5 `global_load_async_to_lds_b32`,
            // GFX942 `global_load_lds_dword`, GFX6-GFX10 the ordinary load
            // with the `lds` modifier ([`MemOp::lds_modifier`]).
            (_, MemKind::LoadLds) if new => format!("{fam}_load_async_to_lds_b{w}"),
            (_, MemKind::LoadLds) if self.dialect == Dialect::Gfx942 => {
                format!("{fam}_load_lds_{load_w}")
            }
            (_, MemKind::LoadLds) => format!("{fam}_load_{load_w}"),
        }
    }

    /// An integer atomic (an RMW that is not a floating-point one, or a
    /// compare-and-swap).
    fn is_integer_atomic(&self) -> bool {
        match self.kind {
            MemKind::Atomic(op) => !is_float_stem(op),
            MemKind::CmpSwap => true,
            _ => false,
        }
    }

    /// `lds`: the modifier that makes a GFX6-GFX10 `buffer_load_*` /
    /// `global_load_*` an LDS DMA (`global_load_dword v0, s[6:7] lds`, as
    /// llc-22 prints it for gfx900, gfx90a and gfx1010).
    fn lds_modifier(&self) -> Option<&'static str> {
        let spelled_apart = self.dialect != Dialect::Gfx942 && !self.dialect.new_names();
        (self.kind == MemKind::LoadLds && spelled_apart).then_some("lds")
    }

    /// The return bit the ISA needs on a returning vector-memory atomic, if
    /// the cache-policy bits do not already carry it: `glc` (GFX6-GFX11),
    /// `sc0` (GFX942), `th:TH_ATOMIC_RETURN` (GFX12+).
    fn return_bit(&self) -> Option<&'static str> {
        let atomic = matches!(self.kind, MemKind::Atomic(_) | MemKind::CmpSwap);
        if !atomic || !self.ret || self.family == Family::Ds {
            return None;
        }
        match self.dialect {
            Dialect::Gfx942 if !self.cpol.sc0 => Some("sc0"),
            Dialect::Gfx942 => None,
            Dialect::Gfx12 if self.cpol.th != Th::AtomicReturn => Some("th:TH_ATOMIC_RETURN"),
            Dialect::Gfx12 => None,
            _ if !self.cpol.glc => Some("glc"),
            _ => None,
        }
    }
}

/// DS atomic operation names and operand type letter (`ds_add_u32`,
/// `ds_max_i32`, `ds_and_b32`; GFX11+ vector atomics use the same).
/// A floating-point atomic's stem (`add_f32`, `min_num_f32`, `fmin_x2`);
/// no integer stem contains `_f` or starts with `f`.
fn is_float_stem(op: &str) -> bool {
    op.contains("_f") || op.starts_with('f')
}

fn ds_atomic(op: &str) -> (&str, char) {
    match op {
        // `ds_inc_u32`, GFX12's `global_atomic_inc_u32` / `_cond_sub_u32` /
        // `_sub_clamp_u32`: the assembler (llvm-mc) rejects `_b32` for them.
        "add" | "sub" | "inc" | "dec" | "cond_sub" | "sub_clamp" => (op, 'u'),
        "smax" => ("max", 'i'),
        "smin" => ("min", 'i'),
        "umax" => ("max", 'u'),
        "umin" => ("min", 'u'),
        "swap" => ("swap", 'b'),
        _ => (op, 'b'),
    }
}

/// `ds_read_u8` / `ds_read_u16` / `ds_read_b32`.
fn ds_width(w: u32, unsigned: char) -> String {
    if w < 32 {
        format!("{unsigned}{w}")
    } else {
        format!("b{w}")
    }
}

impl fmt::Display for MemOp {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut parts = vec![self.mnemonic()];
        if let Some(m) = self.lds_modifier() {
            parts.push(m.to_string());
        }
        if let Some(r) = self.return_bit() {
            parts.push(r.to_string());
        }
        let bits = self.cpol.to_string();
        if !bits.is_empty() {
            parts.push(bits);
        }
        f.write_str(&parts.join(" "))
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
    /// `buffer_wbinvl1` (GFX6, which has no `_vol` form; what `llc` emits
    /// there for the tables' `buffer_wbinvl1_vol`): invalidate the L1.
    BufferWbinvl1,
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
    /// The head of a compare-and-swap loop (`.LBB_cas:`), where an RMW
    /// without an instruction of its own is retried
    /// (`crate::lower::cas_loop`): no effect of its own.
    CasLoopHead,
    /// The end of a compare-and-swap loop (`s_cbranch_execnz .LBB_cas`):
    /// back to [`MInstr::CasLoopHead`] while the loop's `cmpswap` failed
    /// (its old value was not the expected one), counted against the loop
    /// bound; out of the loop with the RMW's result once it succeeded.
    CasLoopBack,
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
                | MInstr::BufferWbinvl1
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
            MInstr::BufferWbinvl1 => f.write_str("buffer_wbinvl1"),
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
            MInstr::CasLoopHead => f.write_str(".LBB_cas:"),
            MInstr::CasLoopBack => f.write_str("s_cbranch_execnz .LBB_cas"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// "No AMDGPU atomic is narrower than 32 bits": an `i8` add and an
    /// `i16` cmpxchg print the word's compare-and-swap of each dialect,
    /// a 32-bit add keeps its own name.
    #[test]
    fn narrow_atomics_print_the_word_compare_and_swap() {
        let op = |kind, bits, dialect| MemOp {
            family: Family::Global,
            kind,
            bits,
            cpol: Cpol::NONE,
            dialect,
            ret: true,
        };
        let add = MemKind::Atomic("add");
        assert_eq!(
            op(add, 8, Dialect::Gfx942).mnemonic(),
            "global_atomic_cmpswap"
        );
        assert_eq!(
            op(add, 8, Dialect::Gfx12).mnemonic(),
            "global_atomic_cmpswap_b32"
        );
        assert_eq!(
            op(MemKind::CmpSwap, 16, Dialect::Gfx12).mnemonic(),
            "global_atomic_cmpswap_b32"
        );
        assert_eq!(
            op(add, 32, Dialect::Gfx12).mnemonic(),
            "global_atomic_add_u32"
        );
        assert_eq!(op(add, 32, Dialect::Gfx942).mnemonic(), "global_atomic_add");
    }
}
