//! Table "AMDHSA Memory Model Code Sequences GFX125x" as data.
//!
//! Targets: gfx1250.
//! Only in the upstream AMDGPUUsage (<https://llvm.org/docs/AMDGPUUsage.html>); the
//! specification's Chinese AMDGPUUsage has no GFX125x table.
//! Each row: the English cell (`en`), the seed's original (`zh`), then the data.

use super::{Cond, LlvmOp, Ord, Row, ScopeLevel, Space, Step, Table};
#[allow(unused_imports)]
use crate::isa::{Counter, Cpol, MInstr, ScopeOp, Th};

pub static TABLE: Table = Table {
    name: "AMDHSA Memory Model Code Sequences GFX125x",
    zh_name: "",
    rows: ROWS,
};

static ROWS: &[Row] = &[
    // ---- load / *none* / *none* / global, generic, private, constant
    // en (upstream AMDGPUUsage, this row of the table):
    //   - !volatile & !nontemporal
    //
    //     1. buffer/global/flat_load
    //
    //   - !volatile & nontemporal
    //
    //     1. buffer/global/flat_load
    //        ``th:TH_LOAD_NT``
    //
    //   - volatile
    //
    //     1. buffer/global/flat_load
    //        ``scope:SCOPE_SYS``
    //
    //     2. ``s_wait_loadcnt 0x0``
    //
    //      - Must happen before
    //        any following volatile
    //        global/generic
    //        load/store.
    //      - Ensures that
    //        volatile
    //        operations to
    //        different
    //        addresses will not
    //        be reordered by
    //        hardware.
    Row {
        op: LlvmOp::Load,
        ord: Ord::NotAtomic,
        scopes: &[],
        spaces: &[Space::Global, Space::Generic, Space::Private, Space::Constant],
        requires: &[],
        code: &[
            Step::Emit(&[Cond::Plain], MInstr::Access(Cpol::NONE)),
            Step::Emit(&[Cond::NonTemporal], MInstr::Access(Cpol::NONE.th(Th::LoadNt))),
            Step::Emit(&[Cond::Volatile], MInstr::Access(Cpol::NONE.scope(ScopeOp::Sys))),
            Step::Emit(&[Cond::Volatile], MInstr::Wait(Counter::Load, 0)),
        ],
        en_line: 10513,
        zh_line: 0,
    },
    // ---- load / *none* / *none* / local
    // en (upstream AMDGPUUsage, this row of the table):
    //   1. ds_load
    Row {
        op: LlvmOp::Load,
        ord: Ord::NotAtomic,
        scopes: &[],
        spaces: &[Space::Local],
        requires: &[],
        code: &[
            Step::Emit(&[], MInstr::Access(Cpol::NONE)),
        ],
        en_line: 10541,
        zh_line: 0,
    },
    // ---- store / *none* / *none* / global, generic, private, constant
    // en (upstream AMDGPUUsage, this row of the table):
    //   - !volatile & !nontemporal
    //
    //     1. buffer/global/flat_store
    //
    //   - !volatile & nontemporal
    //
    //     1. buffer/global/flat_store
    //        ``th:TH_STORE_NT``
    //
    //   - volatile
    //
    //     1. buffer/global/flat_store
    //        ``scope:SCOPE_SYS``
    //
    //     2. ``s_wait_storecnt 0x0``
    //
    //      - Must happen before
    //        any following volatile
    //        global/generic
    //        load/store.
    //      - Ensures that
    //        volatile
    //        operations to
    //        different
    //        addresses will not
    //        be reordered by
    //        hardware.
    Row {
        op: LlvmOp::Store,
        ord: Ord::NotAtomic,
        scopes: &[],
        spaces: &[Space::Global, Space::Generic, Space::Private, Space::Constant],
        requires: &[],
        code: &[
            Step::Emit(&[Cond::Plain], MInstr::Access(Cpol::NONE)),
            Step::Emit(&[Cond::NonTemporal], MInstr::Access(Cpol::NONE.th(Th::StoreNt))),
            Step::Emit(&[Cond::Volatile], MInstr::Access(Cpol::NONE.scope(ScopeOp::Sys))),
            Step::Emit(&[Cond::Volatile], MInstr::Wait(Counter::Store, 0)),
        ],
        en_line: 10542,
        zh_line: 0,
    },
    // ---- store / *none* / *none* / local
    // en (upstream AMDGPUUsage, this row of the table):
    //   1. ds_store
    Row {
        op: LlvmOp::Store,
        ord: Ord::NotAtomic,
        scopes: &[],
        spaces: &[Space::Local],
        requires: &[],
        code: &[
            Step::Emit(&[], MInstr::Access(Cpol::NONE)),
        ],
        en_line: 10570,
        zh_line: 0,
    },
    // ---- load atomic / unordered / *any* / *any*
    // en (upstream AMDGPUUsage, this row of the table):
    //   *Same as non-atomic*.
    Row {
        op: LlvmOp::LoadAtomic,
        ord: Ord::Unordered,
        scopes: &[],
        spaces: &[],
        requires: &[],
        code: &[
            Step::SameAs(LlvmOp::Load, Ord::NotAtomic),
        ],
        en_line: 10573,
        zh_line: 0,
    },
    // ---- store atomic / unordered / *any* / *any*
    // en (upstream AMDGPUUsage, this row of the table):
    //   *Same as non-atomic*.
    Row {
        op: LlvmOp::StoreAtomic,
        ord: Ord::Unordered,
        scopes: &[],
        spaces: &[],
        requires: &[],
        code: &[
            Step::SameAs(LlvmOp::Store, Ord::NotAtomic),
        ],
        en_line: 10574,
        zh_line: 0,
    },
    // ---- atomicrmw / unordered / *any* / *any*
    // en (upstream AMDGPUUsage, this row of the table):
    //   *Same as monotonic atomic*.
    Row {
        op: LlvmOp::AtomicRmw,
        ord: Ord::Unordered,
        scopes: &[],
        spaces: &[],
        requires: &[],
        code: &[
            Step::SameAs(LlvmOp::AtomicRmw, Ord::Monotonic),
        ],
        en_line: 10575,
        zh_line: 0,
    },
    // ---- load atomic / monotonic / singlethread, wavefront, workgroup, cluster, agent, system / global, generic
    // en (upstream AMDGPUUsage, this row of the table):
    //   1. buffer/global/flat_load
    //
    //    - Apply :ref:`amdgpu-amdhsa-memory-model-code-sequences-gfx125x-scopes-table`.
    Row {
        op: LlvmOp::LoadAtomic,
        ord: Ord::Monotonic,
        scopes: &[ScopeLevel::SingleThread, ScopeLevel::Wavefront, ScopeLevel::Workgroup, ScopeLevel::Cluster, ScopeLevel::Agent, ScopeLevel::System],
        spaces: &[Space::Global, Space::Generic],
        requires: &[],
        code: &[
            Step::Emit(&[], MInstr::Access(Cpol::NONE.scope(ScopeOp::Table))),
        ],
        en_line: 10578,
        zh_line: 0,
    },
    // ---- load atomic / monotonic / singlethread, wavefront, workgroup / local
    // en (upstream AMDGPUUsage, this row of the table):
    //   1. ds_load
    Row {
        op: LlvmOp::LoadAtomic,
        ord: Ord::Monotonic,
        scopes: &[ScopeLevel::SingleThread, ScopeLevel::Wavefront, ScopeLevel::Workgroup],
        spaces: &[Space::Local],
        requires: &[],
        code: &[
            Step::Emit(&[], MInstr::Access(Cpol::NONE)),
        ],
        en_line: 10584,
        zh_line: 0,
    },
    // ---- store atomic / monotonic / singlethread, wavefront, workgroup, cluster, agent, system / global, generic
    // en (upstream AMDGPUUsage, this row of the table):
    //   1. ``s_wait_xcnt 0x0``
    //
    //     - Ensure operation remains atomic even during a xnack replay.
    //     - Only needed for ``flat`` and ``global`` operations.
    //
    //   2. buffer/global/flat_store
    //
    //     - Apply :ref:`amdgpu-amdhsa-memory-model-code-sequences-gfx125x-scopes-table`.
    Row {
        op: LlvmOp::StoreAtomic,
        ord: Ord::Monotonic,
        scopes: &[ScopeLevel::SingleThread, ScopeLevel::Wavefront, ScopeLevel::Workgroup, ScopeLevel::Cluster, ScopeLevel::Agent, ScopeLevel::System],
        spaces: &[Space::Global, Space::Generic],
        requires: &[],
        code: &[
            Step::Emit(&[], MInstr::Wait(Counter::X, 0)),
            Step::Emit(&[], MInstr::Access(Cpol::NONE.scope(ScopeOp::Table))),
        ],
        en_line: 10587,
        zh_line: 0,
    },
    // ---- store atomic / monotonic / singlethread, wavefront, workgroup / local
    // en (upstream AMDGPUUsage, this row of the table):
    //   1. ds_store
    Row {
        op: LlvmOp::StoreAtomic,
        ord: Ord::Monotonic,
        scopes: &[ScopeLevel::SingleThread, ScopeLevel::Wavefront, ScopeLevel::Workgroup],
        spaces: &[Space::Local],
        requires: &[],
        code: &[
            Step::Emit(&[], MInstr::Access(Cpol::NONE)),
        ],
        en_line: 10596,
        zh_line: 0,
    },
    // ---- atomicrmw / monotonic / singlethread, wavefront, workgroup, cluster, agent, system / global, generic
    // en (upstream AMDGPUUsage, this row of the table):
    //   1. ``s_wait_xcnt 0x0``
    //
    //     - Ensure operation remains atomic even during a xnack replay.
    //     - Only needed for ``flat`` and ``global`` operations.
    //
    //   2. buffer/global/flat_atomic
    //
    //     - Apply :ref:`amdgpu-amdhsa-memory-model-code-sequences-gfx125x-scopes-table`.
    Row {
        op: LlvmOp::AtomicRmw,
        ord: Ord::Monotonic,
        scopes: &[ScopeLevel::SingleThread, ScopeLevel::Wavefront, ScopeLevel::Workgroup, ScopeLevel::Cluster, ScopeLevel::Agent, ScopeLevel::System],
        spaces: &[Space::Global, Space::Generic],
        requires: &[],
        code: &[
            Step::Emit(&[], MInstr::Wait(Counter::X, 0)),
            Step::Emit(&[], MInstr::Access(Cpol::NONE.scope(ScopeOp::Table))),
        ],
        en_line: 10599,
        zh_line: 0,
    },
    // ---- atomicrmw / monotonic / singlethread, wavefront, workgroup / local
    // en (upstream AMDGPUUsage, this row of the table):
    //   1. ds_atomic
    Row {
        op: LlvmOp::AtomicRmw,
        ord: Ord::Monotonic,
        scopes: &[ScopeLevel::SingleThread, ScopeLevel::Wavefront, ScopeLevel::Workgroup],
        spaces: &[Space::Local],
        requires: &[],
        code: &[
            Step::Emit(&[], MInstr::Access(Cpol::NONE)),
        ],
        en_line: 10608,
        zh_line: 0,
    },
    // ---- load atomic / acquire / singlethread, wavefront / global, local, generic
    // en (upstream AMDGPUUsage, this row of the table):
    //   1. buffer/global/ds/flat_load
    Row {
        op: LlvmOp::LoadAtomic,
        ord: Ord::Acquire,
        scopes: &[ScopeLevel::SingleThread, ScopeLevel::Wavefront],
        spaces: &[Space::Global, Space::Local, Space::Generic],
        requires: &[],
        code: &[
            Step::Emit(&[], MInstr::Access(Cpol::NONE)),
        ],
        en_line: 10613,
        zh_line: 0,
    },
    // ---- load atomic / acquire / workgroup / global
    // en (upstream AMDGPUUsage, this row of the table):
    //   1. buffer/global_load
    //
    //     - Apply :ref:`amdgpu-amdhsa-memory-model-code-sequences-gfx125x-scopes-table`.
    //
    //   2.  ``s_wait_loadcnt 0x0``
    //
    //     - Must happen before any following
    //       global/generic
    //       load/load
    //       atomic/store/store
    //       atomic/atomicrmw.
    Row {
        op: LlvmOp::LoadAtomic,
        ord: Ord::Acquire,
        scopes: &[ScopeLevel::Workgroup],
        spaces: &[Space::Global],
        requires: &[],
        code: &[
            Step::Emit(&[], MInstr::Access(Cpol::NONE.scope(ScopeOp::Table))),
            Step::Emit(&[], MInstr::Wait(Counter::Load, 0)),
        ],
        en_line: 10616,
        zh_line: 0,
    },
    // ---- load atomic / acquire / workgroup / local
    // en (upstream AMDGPUUsage, this row of the table):
    //   1. ds_load
    //   2. ``s_wait_dscnt 0x0``
    //
    //     - If OpenCL, omit.
    //     - Must happen before any following
    //       global/generic load/load
    //       atomic/store/store
    //       atomic/atomicrmw.
    //     - Ensures any
    //       following global
    //       data read is no
    //       older than the local load
    //       atomic value being
    //       acquired.
    Row {
        op: LlvmOp::LoadAtomic,
        ord: Ord::Acquire,
        scopes: &[ScopeLevel::Workgroup],
        spaces: &[Space::Local],
        requires: &[],
        code: &[
            Step::Emit(&[], MInstr::Access(Cpol::NONE)),
            Step::Emit(&[], MInstr::Wait(Counter::Ds, 0)),
        ],
        en_line: 10629,
        zh_line: 0,
    },
    // ---- load atomic / acquire / workgroup / generic
    // en (upstream AMDGPUUsage, this row of the table):
    //   1. flat_load
    //
    //     - Apply :ref:`amdgpu-amdhsa-memory-model-code-sequences-gfx125x-scopes-table`.
    //
    //   2. | ``s_wait_loadcnt 0x0``
    //      | ``s_wait_dscnt 0x0``
    //
    //     - If OpenCL, omit ``s_wait_dscnt 0x0``
    //     - Must happen before any
    //       following global/generic
    //       load/load
    //       atomic/store/store
    //       atomic/atomicrmw.
    //     - Ensures any
    //       following global
    //       data read is no
    //       older than a local load
    //       atomic value being
    //       acquired.
    Row {
        op: LlvmOp::LoadAtomic,
        ord: Ord::Acquire,
        scopes: &[ScopeLevel::Workgroup],
        spaces: &[Space::Generic],
        requires: &[],
        code: &[
            Step::Emit(&[], MInstr::Access(Cpol::NONE.scope(ScopeOp::Table))),
            Step::Emit(&[], MInstr::Wait(Counter::Load, 0)),
            Step::Emit(&[], MInstr::Wait(Counter::Ds, 0)),
        ],
        en_line: 10645,
        zh_line: 0,
    },
    // ---- load atomic / acquire / cluster / global
    // en (upstream AMDGPUUsage, this row of the table):
    //   1. buffer/global_load
    //
    //     - Apply :ref:`amdgpu-amdhsa-memory-model-code-sequences-gfx125x-scopes-table`.
    //
    //   2.  ``s_wait_loadcnt 0x0``
    //
    //     - Must happen before
    //       following
    //       ``global_inv``.
    //     - Ensures the load
    //       has completed
    //       before invalidating
    //       the caches.
    //
    //   3. ``global_inv``
    //
    //     - Apply :ref:`amdgpu-amdhsa-memory-model-code-sequences-gfx125x-scopes-table`.
    //     - Must happen before
    //       any following
    //       global/generic
    //       load/load
    //       atomic/atomicrmw.
    //     - Ensures that
    //       following
    //       loads will not see
    //       stale global data.
    Row {
        op: LlvmOp::LoadAtomic,
        ord: Ord::Acquire,
        scopes: &[ScopeLevel::Cluster],
        spaces: &[Space::Global],
        requires: &[],
        code: &[
            Step::Emit(&[], MInstr::Access(Cpol::NONE.scope(ScopeOp::Table))),
            Step::Emit(&[], MInstr::Wait(Counter::Load, 0)),
            Step::Emit(&[], MInstr::GlobalInv(ScopeOp::Table)),
        ],
        en_line: 10665,
        zh_line: 0,
    },
    // ---- load atomic / acquire / agent, system / global
    // en (upstream AMDGPUUsage, this row of the table):
    //   1. buffer/global_load
    //
    //     - Apply :ref:`amdgpu-amdhsa-memory-model-code-sequences-gfx125x-scopes-table`.
    //
    //   2.  ``s_wait_loadcnt 0x0``
    //
    //     - Must happen before
    //       following
    //       ``global_inv``.
    //     - Ensures the load
    //       has completed
    //       before invalidating
    //       the caches.
    //
    //   3. ``global_inv``
    //
    //     - Apply :ref:`amdgpu-amdhsa-memory-model-code-sequences-gfx125x-scopes-table`.
    //     - Must happen before
    //       any following
    //       global/generic
    //       load/load
    //       atomic/atomicrmw.
    //     - Ensures that
    //       following
    //       loads will not see
    //       stale global data.
    //
    //   4.  ``s_wait_loadcnt 0x0``
    //       must happen after
    //       ``global_inv`` and before
    //       subsequent memory operations.
    Row {
        op: LlvmOp::LoadAtomic,
        ord: Ord::Acquire,
        scopes: &[ScopeLevel::Agent, ScopeLevel::System],
        spaces: &[Space::Global],
        requires: &[],
        code: &[
            Step::Emit(&[], MInstr::Access(Cpol::NONE.scope(ScopeOp::Table))),
            Step::Emit(&[], MInstr::Wait(Counter::Load, 0)),
            Step::Emit(&[], MInstr::GlobalInv(ScopeOp::Table)),
            Step::Emit(&[], MInstr::Wait(Counter::Load, 0)),
        ],
        en_line: 10692,
        zh_line: 0,
    },
    // ---- load atomic / acquire / agent, system / generic
    // en (upstream AMDGPUUsage, this row of the table):
    //   1. flat_load
    //
    //     - Apply :ref:`amdgpu-amdhsa-memory-model-code-sequences-gfx125x-scopes-table`.
    //
    //   2. | ``s_wait_loadcnt 0x0``
    //      | ``s_wait_dscnt 0x0``
    //
    //     - If OpenCL, omit ``s_wait_dscnt 0x0``
    //     - Must happen before
    //       following
    //       ``global_inv``.
    //     - Ensures the flat_load
    //       has completed
    //       before invalidating
    //       the caches.
    //
    //   3. ``global_inv``
    //
    //     - Apply :ref:`amdgpu-amdhsa-memory-model-code-sequences-gfx125x-scopes-table`.
    //     - Must happen before
    //       any following
    //       global/generic
    //       load/load
    //       atomic/atomicrmw.
    //     - Ensures that
    //       following loads
    //       will not see stale
    //       global data.
    //
    //   4.  ``s_wait_loadcnt 0x0``
    //       must happen after
    //       ``global_inv`` and before
    //       subsequent memory operations.
    Row {
        op: LlvmOp::LoadAtomic,
        ord: Ord::Acquire,
        scopes: &[ScopeLevel::Agent, ScopeLevel::System],
        spaces: &[Space::Generic],
        requires: &[],
        code: &[
            Step::Emit(&[], MInstr::Access(Cpol::NONE.scope(ScopeOp::Table))),
            Step::Emit(&[], MInstr::Wait(Counter::Load, 0)),
            Step::Emit(&[], MInstr::Wait(Counter::Ds, 0)),
            Step::Emit(&[], MInstr::GlobalInv(ScopeOp::Table)),
            Step::Emit(&[], MInstr::Wait(Counter::Load, 0)),
        ],
        en_line: 10753,
        zh_line: 0,
    },
    // ---- load atomic / acquire / cluster / generic
    // en (upstream AMDGPUUsage, this row of the table):
    //   1. flat_load
    //
    //     - Apply :ref:`amdgpu-amdhsa-memory-model-code-sequences-gfx125x-scopes-table`.
    //
    //   2. | ``s_wait_loadcnt 0x0``
    //      | ``s_wait_dscnt 0x0``
    //
    //     - If OpenCL, omit ``s_wait_dscnt 0x0``
    //     - Must happen before
    //       following
    //       ``global_inv``.
    //     - Ensures the flat_load
    //       has completed
    //       before invalidating
    //       the caches.
    //
    //   3. ``global_inv``
    //
    //     - Apply :ref:`amdgpu-amdhsa-memory-model-code-sequences-gfx125x-scopes-table`.
    //     - Must happen before
    //       any following
    //       global/generic
    //       load/load
    //       atomic/atomicrmw.
    //     - Ensures that
    //       following loads
    //       will not see stale
    //       global data.
    Row {
        op: LlvmOp::LoadAtomic,
        ord: Ord::Acquire,
        scopes: &[ScopeLevel::Cluster],
        spaces: &[Space::Generic],
        requires: &[],
        code: &[
            Step::Emit(&[], MInstr::Access(Cpol::NONE.scope(ScopeOp::Table))),
            Step::Emit(&[], MInstr::Wait(Counter::Load, 0)),
            Step::Emit(&[], MInstr::Wait(Counter::Ds, 0)),
            Step::Emit(&[], MInstr::GlobalInv(ScopeOp::Table)),
        ],
        en_line: 10724,
        zh_line: 0,
    },
    // ---- atomicrmw / acquire / singlethread, wavefront / global, local, generic
    // en (upstream AMDGPUUsage, this row of the table):
    //   1. ``s_wait_xcnt 0x0``
    //
    //     - Ensure operation remains atomic even during a xnack replay.
    //     - Only needed for ``flat`` and ``global`` operations.
    //
    //   2. buffer/global/ds/flat_atomic
    Row {
        op: LlvmOp::AtomicRmw,
        ord: Ord::Acquire,
        scopes: &[ScopeLevel::SingleThread, ScopeLevel::Wavefront],
        spaces: &[Space::Global, Space::Local, Space::Generic],
        requires: &[],
        code: &[
            Step::Emit(&[], MInstr::Wait(Counter::X, 0)),
            Step::Emit(&[], MInstr::Access(Cpol::NONE)),
        ],
        en_line: 10787,
        zh_line: 0,
    },
    // ---- atomicrmw / acquire / workgroup / global
    // en (upstream AMDGPUUsage, this row of the table):
    //   1. ``s_wait_xcnt 0x0``
    //
    //     - Ensure operation remains atomic even during a xnack replay.
    //     - Only needed for ``flat`` and ``global`` operations.
    //
    //   2. buffer/global_atomic
    //
    //     - Apply :ref:`amdgpu-amdhsa-memory-model-code-sequences-gfx125x-scopes-table`.
    //     - If atomic with return,
    //       use ``th:TH_ATOMIC_RETURN``
    //
    //   3. | **Atomic with return:**
    //      | ``s_wait_loadcnt 0x0``
    //      | **Atomic without return:**
    //      | ``s_wait_storecnt 0x0``
    //
    //     - Must happen before any following
    //       global/generic
    //       load/load
    //       atomic/store/store
    //       atomic/atomicrmw.
    Row {
        op: LlvmOp::AtomicRmw,
        ord: Ord::Acquire,
        scopes: &[ScopeLevel::Workgroup],
        spaces: &[Space::Global],
        requires: &[],
        code: &[
            Step::Emit(&[], MInstr::Wait(Counter::X, 0)),
            Step::Emit(&[Cond::Ret], MInstr::Access(Cpol::NONE.th(Th::AtomicReturn).scope(ScopeOp::Table))),
            Step::Emit(&[Cond::NoRet], MInstr::Access(Cpol::NONE.scope(ScopeOp::Table))),
            Step::Emit(&[Cond::Ret], MInstr::Wait(Counter::Load, 0)),
            Step::Emit(&[Cond::NoRet], MInstr::Wait(Counter::Store, 0)),
        ],
        en_line: 10794,
        zh_line: 0,
    },
    // ---- atomicrmw / acquire / workgroup / local
    // en (upstream AMDGPUUsage, this row of the table):
    //   1. ds_atomic
    //   2. ``s_wait_dscnt 0x0``
    //
    //     - If OpenCL, omit.
    //     - Ensures any
    //       following global
    //       data read is no
    //       older than the local
    //       atomicrmw value
    //       being acquired.
    Row {
        op: LlvmOp::AtomicRmw,
        ord: Ord::Acquire,
        scopes: &[ScopeLevel::Workgroup],
        spaces: &[Space::Local],
        requires: &[],
        code: &[
            Step::Emit(&[], MInstr::Access(Cpol::NONE)),
            Step::Emit(&[], MInstr::Wait(Counter::Ds, 0)),
        ],
        en_line: 10816,
        zh_line: 0,
    },
    // ---- atomicrmw / acquire / workgroup / generic
    // en (upstream AMDGPUUsage, this row of the table):
    //   1. ``s_wait_xcnt 0x0``
    //
    //     - Ensure operation remains atomic even during a xnack replay.
    //
    //   2. flat_atomic
    //
    //     - Apply :ref:`amdgpu-amdhsa-memory-model-code-sequences-gfx125x-scopes-table`.
    //     - If atomic with return,
    //       use ``th:TH_ATOMIC_RETURN``
    //
    //   3. | **Atomic with return:**
    //      | ``s_wait_loadcnt 0x0``
    //      | ``s_wait_dscnt 0x0``
    //      | **Atomic without return:**
    //      | ``s_wait_storecnt 0x0``
    //      | ``s_wait_dscnt 0x0``
    //
    //     - If OpenCL, omit ``s_wait_dscnt 0x0``
    //     - Ensures any
    //       following global
    //       data read is no
    //       older than the local
    //       atomicrmw value
    //       being acquired.
    Row {
        op: LlvmOp::AtomicRmw,
        ord: Ord::Acquire,
        scopes: &[ScopeLevel::Workgroup],
        spaces: &[Space::Generic],
        requires: &[],
        code: &[
            Step::Emit(&[], MInstr::Wait(Counter::X, 0)),
            Step::Emit(&[Cond::Ret], MInstr::Access(Cpol::NONE.th(Th::AtomicReturn).scope(ScopeOp::Table))),
            Step::Emit(&[Cond::NoRet], MInstr::Access(Cpol::NONE.scope(ScopeOp::Table))),
            Step::Emit(&[Cond::Ret], MInstr::Wait(Counter::Load, 0)),
            Step::Emit(&[Cond::NoRet], MInstr::Wait(Counter::Store, 0)),
            Step::Emit(&[], MInstr::Wait(Counter::Ds, 0)),
        ],
        en_line: 10828,
        zh_line: 0,
    },
    // ---- atomicrmw / acquire / cluster / global
    // en (upstream AMDGPUUsage, this row of the table):
    //   1. ``s_wait_xcnt 0x0``
    //
    //     - Ensure operation remains atomic even during a xnack replay.
    //     - Only needed for ``global`` operations.
    //
    //   2. buffer/global_atomic
    //
    //     - Apply :ref:`amdgpu-amdhsa-memory-model-code-sequences-gfx125x-scopes-table`.
    //     - If atomic with return,
    //       use ``th:TH_ATOMIC_RETURN``
    //
    //   3. | **Atomic with return:**
    //      | ``s_wait_loadcnt 0x0``
    //      | **Atomic without return:**
    //      | ``s_wait_storecnt 0x0``
    //
    //     - Must happen before
    //       following ``global_inv``.
    //     - Ensures the
    //       atomicrmw has
    //       completed before
    //       invalidating the
    //       caches.
    //
    //   4. ``global_inv``
    //
    //     - Apply :ref:`amdgpu-amdhsa-memory-model-code-sequences-gfx125x-scopes-table`.
    //     - Must happen before
    //       any following
    //       global/generic
    //       load/load
    //       atomic/atomicrmw.
    //     - Ensures that
    //       following loads
    //       will not see stale
    //       global data.
    Row {
        op: LlvmOp::AtomicRmw,
        ord: Ord::Acquire,
        scopes: &[ScopeLevel::Cluster],
        spaces: &[Space::Global],
        requires: &[],
        code: &[
            Step::Emit(&[], MInstr::Wait(Counter::X, 0)),
            Step::Emit(&[Cond::Ret], MInstr::Access(Cpol::NONE.th(Th::AtomicReturn).scope(ScopeOp::Table))),
            Step::Emit(&[Cond::NoRet], MInstr::Access(Cpol::NONE.scope(ScopeOp::Table))),
            Step::Emit(&[Cond::Ret], MInstr::Wait(Counter::Load, 0)),
            Step::Emit(&[Cond::NoRet], MInstr::Wait(Counter::Store, 0)),
            Step::Emit(&[], MInstr::GlobalInv(ScopeOp::Table)),
        ],
        en_line: 10853,
        zh_line: 0,
    },
    // ---- atomicrmw / acquire / agent, system / global
    // en (upstream AMDGPUUsage, this row of the table):
    //   1. ``s_wait_xcnt 0x0``
    //
    //     - Ensure operation remains atomic even during a xnack replay.
    //     - Only needed for ``global`` operations.
    //
    //   2. buffer/global_atomic
    //
    //     - Apply :ref:`amdgpu-amdhsa-memory-model-code-sequences-gfx125x-scopes-table`.
    //     - If atomic with return,
    //       use ``th:TH_ATOMIC_RETURN``
    //
    //   3. | **Atomic with return:**
    //      | ``s_wait_loadcnt 0x0``
    //      | **Atomic without return:**
    //      | ``s_wait_storecnt 0x0``
    //
    //     - Must happen before
    //       following ``global_inv``.
    //     - Ensures the
    //       atomicrmw has
    //       completed before
    //       invalidating the
    //       caches.
    //
    //   4. ``global_inv``
    //
    //     - Apply :ref:`amdgpu-amdhsa-memory-model-code-sequences-gfx125x-scopes-table`.
    //     - Must happen before
    //       any following
    //       global/generic
    //       load/load
    //       atomic/atomicrmw.
    //     - Ensures that
    //       following loads
    //       will not see stale
    //       global data.
    //
    //   5.  ``s_wait_loadcnt 0x0``
    //       ``global_inv`` and before
    //       subsequent memory operations.
    Row {
        op: LlvmOp::AtomicRmw,
        ord: Ord::Acquire,
        scopes: &[ScopeLevel::Agent, ScopeLevel::System],
        spaces: &[Space::Global],
        requires: &[],
        code: &[
            Step::Emit(&[], MInstr::Wait(Counter::X, 0)),
            Step::Emit(&[Cond::Ret], MInstr::Access(Cpol::NONE.th(Th::AtomicReturn).scope(ScopeOp::Table))),
            Step::Emit(&[Cond::NoRet], MInstr::Access(Cpol::NONE.scope(ScopeOp::Table))),
            Step::Emit(&[Cond::Ret], MInstr::Wait(Counter::Load, 0)),
            Step::Emit(&[Cond::NoRet], MInstr::Wait(Counter::Store, 0)),
            Step::Emit(&[], MInstr::GlobalInv(ScopeOp::Table)),
            Step::Emit(&[], MInstr::Wait(Counter::Load, 0)),
        ],
        en_line: 10890,
        zh_line: 0,
    },
    // ---- atomicrmw / acquire / agent, system / generic
    // en (upstream AMDGPUUsage, this row of the table):
    //   1. ``s_wait_xcnt 0x0``
    //
    //     - Ensure operation remains atomic even during a xnack replay.
    //
    //   2. flat_atomic
    //
    //     - Apply :ref:`amdgpu-amdhsa-memory-model-code-sequences-gfx125x-scopes-table`.
    //     - If atomic with return,
    //       use ``th:TH_ATOMIC_RETURN``
    //
    //   3. | **Atomic with return:**
    //      | ``s_wait_loadcnt 0x0``
    //      | ``s_wait_dscnt 0x0``
    //      | **Atomic without return:**
    //      | ``s_wait_storecnt 0x0``
    //      | ``s_wait_dscnt 0x0``
    //
    //     - If OpenCL, omit dscnt
    //     - Must happen before
    //       following
    //       global_inv
    //     - Ensures the
    //       atomicrmw has
    //       completed before
    //       invalidating the
    //       caches.
    //
    //   4. ``global_inv``
    //
    //     - Apply :ref:`amdgpu-amdhsa-memory-model-code-sequences-gfx125x-scopes-table`.
    //     - Must happen before
    //       any following
    //       global/generic
    //       load/load
    //       atomic/atomicrmw.
    //     - Ensures that
    //       following loads
    //       will not see stale
    //       global data.
    //
    //   5.  ``s_wait_loadcnt 0x0``
    //       must happen after
    //       ``global_inv`` and before
    //       subsequent memory operations.
    Row {
        op: LlvmOp::AtomicRmw,
        ord: Ord::Acquire,
        scopes: &[ScopeLevel::Agent, ScopeLevel::System],
        spaces: &[Space::Generic],
        requires: &[],
        code: &[
            Step::Emit(&[], MInstr::Wait(Counter::X, 0)),
            Step::Emit(&[Cond::Ret], MInstr::Access(Cpol::NONE.th(Th::AtomicReturn).scope(ScopeOp::Table))),
            Step::Emit(&[Cond::NoRet], MInstr::Access(Cpol::NONE.scope(ScopeOp::Table))),
            Step::Emit(&[Cond::Ret], MInstr::Wait(Counter::Load, 0)),
            Step::Emit(&[Cond::NoRet], MInstr::Wait(Counter::Store, 0)),
            Step::Emit(&[], MInstr::Wait(Counter::Ds, 0)),
            Step::Emit(&[], MInstr::GlobalInv(ScopeOp::Table)),
            Step::Emit(&[], MInstr::Wait(Counter::Load, 0)),
        ],
        en_line: 10971,
        zh_line: 0,
    },
    // ---- atomicrmw / acquire / cluster / generic
    // en (upstream AMDGPUUsage, this row of the table):
    //   1. ``s_wait_xcnt 0x0``
    //
    //     - Ensure operation remains atomic even during a xnack replay.
    //
    //   2. flat_atomic
    //
    //     - Apply :ref:`amdgpu-amdhsa-memory-model-code-sequences-gfx125x-scopes-table`.
    //     - If atomic with return,
    //       use ``th:TH_ATOMIC_RETURN``
    //
    //   3. | **Atomic with return:**
    //      | ``s_wait_loadcnt 0x0``
    //      | ``s_wait_dscnt 0x0``
    //      | **Atomic without return:**
    //      | ``s_wait_storecnt 0x0``
    //      | ``s_wait_dscnt 0x0``
    //
    //     - If OpenCL, omit dscnt
    //     - Must happen before
    //       following
    //       global_inv
    //     - Ensures the
    //       atomicrmw has
    //       completed before
    //       invalidating the
    //       caches.
    //
    //   4. ``global_inv``
    //
    //     - Apply :ref:`amdgpu-amdhsa-memory-model-code-sequences-gfx125x-scopes-table`.
    //     - Must happen before
    //       any following
    //       global/generic
    //       load/load
    //       atomic/atomicrmw.
    //     - Ensures that
    //       following loads
    //       will not see stale
    //       global data.
    Row {
        op: LlvmOp::AtomicRmw,
        ord: Ord::Acquire,
        scopes: &[ScopeLevel::Cluster],
        spaces: &[Space::Generic],
        requires: &[],
        code: &[
            Step::Emit(&[], MInstr::Wait(Counter::X, 0)),
            Step::Emit(&[Cond::Ret], MInstr::Access(Cpol::NONE.th(Th::AtomicReturn).scope(ScopeOp::Table))),
            Step::Emit(&[Cond::NoRet], MInstr::Access(Cpol::NONE.scope(ScopeOp::Table))),
            Step::Emit(&[Cond::Ret], MInstr::Wait(Counter::Load, 0)),
            Step::Emit(&[Cond::NoRet], MInstr::Wait(Counter::Store, 0)),
            Step::Emit(&[], MInstr::Wait(Counter::Ds, 0)),
            Step::Emit(&[], MInstr::GlobalInv(ScopeOp::Table)),
        ],
        en_line: 10931,
        zh_line: 0,
    },
    // ---- fence / acquire / singlethread, wavefront / *none*
    // en (upstream AMDGPUUsage, this row of the table):
    //   *none*
    Row {
        op: LlvmOp::Fence,
        ord: Ord::Acquire,
        scopes: &[ScopeLevel::SingleThread, ScopeLevel::Wavefront],
        spaces: &[],
        requires: &[],
        code: &[
        ],
        en_line: 11016,
        zh_line: 0,
    },
    // ---- fence / acquire / workgroup / *none*
    // en (upstream AMDGPUUsage, this row of the table):
    //   1. | ``s_wait_storecnt 0x0``
    //      | ``s_wait_loadcnt 0x0``
    //      | ``s_wait_dscnt 0x0``
    //
    //     - If OpenCL, omit ``s_wait_dscnt 0x0``
    //     - If OpenCL and address space is local,
    //       omit all.
    //     - See :ref:`amdgpu-fence-as` for
    //       more details on fencing specific
    //       address spaces.
    //     - The waits can be
    //       independently moved
    //       according to the
    //       following rules:
    //     - ``s_wait_loadcnt 0x0``
    //       must happen after
    //       any preceding
    //       global/generic load
    //       atomic/
    //       atomicrmw-with-return-value
    //       with an equal or
    //       wider sync scope
    //       and memory ordering
    //       stronger than
    //       unordered (this is
    //       termed the
    //       fence-paired-atomic).
    //     - ``s_wait_storecnt 0x0``
    //       must happen after
    //       any preceding
    //       global/generic
    //       atomicrmw-no-return-value
    //       with an equal or
    //       wider sync scope
    //       and memory ordering
    //       stronger than
    //       unordered (this is
    //       termed the
    //       fence-paired-atomic).
    //     - ``s_wait_dscnt 0x0``
    //       must happen after
    //       any preceding
    //       local/generic load
    //       atomic/atomicrmw
    //       with an equal or
    //       wider sync scope
    //       and memory ordering
    //       stronger than
    //       unordered (this is
    //       termed the
    //       fence-paired-atomic).
    //     - Ensures that the
    //       fence-paired atomic
    //       has completed
    //       before invalidating
    //       the
    //       cache. Therefore
    //       any following
    //       locations read must
    //       be no older than
    //       the value read by
    //       the
    //       fence-paired-atomic.
    Row {
        op: LlvmOp::Fence,
        ord: Ord::Acquire,
        scopes: &[ScopeLevel::Workgroup],
        spaces: &[],
        requires: &[],
        code: &[
            Step::Emit(&[], MInstr::Wait(Counter::Store, 0)),
            Step::Emit(&[], MInstr::Wait(Counter::Load, 0)),
            Step::Emit(&[], MInstr::Wait(Counter::Ds, 0)),
        ],
        en_line: 11018,
        zh_line: 0,
    },
    // ---- fence / acquire / cluster / *none*
    // en (upstream AMDGPUUsage, this row of the table):
    //   1.  | ``s_wait_storecnt 0x0``
    //       | ``s_wait_loadcnt 0x0``
    //       | ``s_wait_dscnt 0x0``
    //
    //     - If OpenCL, omit ``s_wait_dscnt 0x0``.
    //     - If OpenCL and address space is
    //       local, omit all.
    //     - See :ref:`amdgpu-fence-as` for
    //       more details on fencing specific
    //       address spaces.
    //     - The waits can be
    //       independently moved
    //       according to the
    //       following rules:
    //     - ``s_wait_loadcnt 0x0``
    //       must happen after
    //       any preceding
    //       global/generic load
    //       atomic/
    //       atomicrmw-with-return-value
    //       with an equal or
    //       wider sync scope
    //       and memory ordering
    //       stronger than
    //       unordered (this is
    //       termed the
    //       fence-paired-atomic).
    //     - ``s_wait_storecnt 0x0``
    //       must happen after
    //       any preceding
    //       global/generic
    //       atomicrmw-no-return-value
    //       with an equal or
    //       wider sync scope
    //       and memory ordering
    //       stronger than
    //       unordered (this is
    //       termed the
    //       fence-paired-atomic).
    //     - ``s_wait_dscnt 0x0``
    //       must happen after
    //       any preceding
    //       local/generic load
    //       atomic/atomicrmw
    //       with an equal or
    //       wider sync scope
    //       and memory ordering
    //       stronger than
    //       unordered (this is
    //       termed the
    //       fence-paired-atomic).
    //     - Must happen before
    //       the following
    //       ``global_inv``
    //     - Ensures that the
    //       fence-paired atomic
    //       has completed
    //       before invalidating the
    //       caches. Therefore
    //       any following
    //       locations read must
    //       be no older than
    //       the value read by
    //       the
    //       fence-paired-atomic.
    //
    //   2. ``global_inv``
    //
    //     - Apply :ref:`amdgpu-amdhsa-memory-model-code-sequences-gfx125x-scopes-table`.
    //     - Ensures that
    //       following
    //       loads will not see
    //       stale data.
    Row {
        op: LlvmOp::Fence,
        ord: Ord::Acquire,
        scopes: &[ScopeLevel::Cluster],
        spaces: &[],
        requires: &[],
        code: &[
            Step::Emit(&[], MInstr::Wait(Counter::Store, 0)),
            Step::Emit(&[], MInstr::Wait(Counter::Load, 0)),
            Step::Emit(&[], MInstr::Wait(Counter::Ds, 0)),
            Step::Emit(&[], MInstr::GlobalInv(ScopeOp::Table)),
        ],
        en_line: 11083,
        zh_line: 0,
    },
    // ---- fence / acquire / agent, system / *none*
    // en (upstream AMDGPUUsage, this row of the table):
    //   1.  | ``s_wait_storecnt 0x0``
    //       | ``s_wait_loadcnt 0x0``
    //       | ``s_wait_dscnt 0x0``
    //
    //     - If OpenCL, omit ``s_wait_dscnt 0x0``.
    //     - If OpenCL and address space is
    //       local, omit all.
    //     - See :ref:`amdgpu-fence-as` for
    //       more details on fencing specific
    //       address spaces.
    //     - The waits can be
    //       independently moved
    //       according to the
    //       following rules:
    //     - ``s_wait_loadcnt 0x0``
    //       must happen after
    //       any preceding
    //       global/generic load
    //       atomic/
    //       atomicrmw-with-return-value
    //       with an equal or
    //       wider sync scope
    //       and memory ordering
    //       stronger than
    //       unordered (this is
    //       termed the
    //       fence-paired-atomic).
    //     - ``s_wait_storecnt 0x0``
    //       must happen after
    //       any preceding
    //       global/generic
    //       atomicrmw-no-return-value
    //       with an equal or
    //       wider sync scope
    //       and memory ordering
    //       stronger than
    //       unordered (this is
    //       termed the
    //       fence-paired-atomic).
    //     - ``s_wait_dscnt 0x0``
    //       must happen after
    //       any preceding
    //       local/generic load
    //       atomic/atomicrmw
    //       with an equal or
    //       wider sync scope
    //       and memory ordering
    //       stronger than
    //       unordered (this is
    //       termed the
    //       fence-paired-atomic).
    //     - Must happen before
    //       the following
    //       ``global_inv``
    //     - Ensures that the
    //       fence-paired atomic
    //       has completed
    //       before invalidating the
    //       caches. Therefore
    //       any following
    //       locations read must
    //       be no older than
    //       the value read by
    //       the
    //       fence-paired-atomic.
    //
    //   2. ``global_inv``
    //
    //     - Apply :ref:`amdgpu-amdhsa-memory-model-code-sequences-gfx125x-scopes-table`.
    //     - Ensures that
    //       following
    //       loads will not see
    //       stale data.
    //
    //   3.  ``s_wait_loadcnt 0x0``
    //       must happen after
    //       ``global_inv`` and before
    //       subsequent memory operations.
    Row {
        op: LlvmOp::Fence,
        ord: Ord::Acquire,
        scopes: &[ScopeLevel::Agent, ScopeLevel::System],
        spaces: &[],
        requires: &[],
        code: &[
            Step::Emit(&[], MInstr::Wait(Counter::Store, 0)),
            Step::Emit(&[], MInstr::Wait(Counter::Load, 0)),
            Step::Emit(&[], MInstr::Wait(Counter::Ds, 0)),
            Step::Emit(&[], MInstr::GlobalInv(ScopeOp::Table)),
            Step::Emit(&[], MInstr::Wait(Counter::Load, 0)),
        ],
        en_line: 11156,
        zh_line: 0,
    },
    // ---- store atomic / release / singlethread, wavefront / global, local, generic
    // en (upstream AMDGPUUsage, this row of the table):
    //   1. ``s_wait_xcnt 0x0``
    //
    //     - Ensure operation remains atomic even during a xnack replay.
    //     - Only needed for ``flat`` and ``global`` operations.
    //
    //   2. buffer/global/ds/flat_store
    Row {
        op: LlvmOp::StoreAtomic,
        ord: Ord::Release,
        scopes: &[ScopeLevel::SingleThread, ScopeLevel::Wavefront],
        spaces: &[Space::Global, Space::Local, Space::Generic],
        requires: &[],
        code: &[
            Step::Emit(&[], MInstr::Wait(Counter::X, 0)),
            Step::Emit(&[], MInstr::Access(Cpol::NONE)),
        ],
        en_line: 11237,
        zh_line: 0,
    },
    // ---- store atomic / release / workgroup, cluster / global, generic
    // en (upstream AMDGPUUsage, this row of the table):
    //   1. | ``s_wait_storecnt 0x0``
    //      | ``s_wait_loadcnt 0x0``
    //      | ``s_wait_dscnt 0x0``
    //
    //     - If OpenCL, omit ``s_wait_dscnt 0x0``.
    //     - The waits can be
    //       independently moved
    //       according to the
    //       following rules:
    //     - ``s_wait_loadcnt 0x0``
    //       must happen after
    //       any preceding
    //       global/generic load/load
    //       atomic/
    //       atomicrmw-with-return-value.
    //     - ``s_wait_storecnt 0x0``
    //       must happen after
    //       any preceding
    //       global/generic
    //       store/store
    //       atomic/
    //       atomicrmw-no-return-value.
    //     - ``s_wait_dscnt 0x0``
    //       must happen after
    //       any preceding
    //       local/generic
    //       load/store/load
    //       atomic/store
    //       atomic/atomicrmw.
    //     - Must happen before the
    //       following store.
    //     - Ensures that all
    //       memory operations
    //       have
    //       completed before
    //       performing the
    //       store that is being
    //       released.
    //
    //   2. ``s_wait_xcnt 0x0``
    //
    //     - Ensure operation remains atomic even during a xnack replay.
    //     - Only needed for ``flat`` and ``global`` operations.
    //
    //   3. buffer/global/flat_store
    //
    //     - Apply :ref:`amdgpu-amdhsa-memory-model-code-sequences-gfx125x-scopes-table`.
    Row {
        op: LlvmOp::StoreAtomic,
        ord: Ord::Release,
        scopes: &[ScopeLevel::Workgroup, ScopeLevel::Cluster],
        spaces: &[Space::Global, Space::Generic],
        requires: &[],
        code: &[
            Step::Emit(&[], MInstr::Wait(Counter::Store, 0)),
            Step::Emit(&[], MInstr::Wait(Counter::Load, 0)),
            Step::Emit(&[], MInstr::Wait(Counter::Ds, 0)),
            Step::Emit(&[], MInstr::Wait(Counter::X, 0)),
            Step::Emit(&[], MInstr::Access(Cpol::NONE.scope(ScopeOp::Table))),
        ],
        en_line: 11244,
        zh_line: 0,
    },
    // ---- store atomic / release / workgroup / local
    // en (upstream AMDGPUUsage, this row of the table):
    //   1. | ``s_wait_storecnt 0x0``
    //      | ``s_wait_loadcnt 0x0``
    //      | ``s_wait_dscnt 0x0``
    //
    //     - If OpenCL, omit.
    //     - The waits can be
    //       independently moved
    //       according to the
    //       following rules:
    //     - ``s_wait_loadcnt 0x0``
    //       must happen after
    //       any preceding
    //       global/generic load/load
    //       atomic/
    //       atomicrmw-with-return-value.
    //     - ``s_wait_storecnt 0x0``
    //       must happen after
    //       any preceding
    //       global/generic
    //       store/store
    //       atomic/
    //       atomicrmw-no-return-value.
    //     - Must happen before the
    //       following store.
    //     - Ensures that all
    //       global memory
    //       operations have
    //       completed before
    //       performing the
    //       store that is being
    //       released.
    //
    //   2. ds_store
    Row {
        op: LlvmOp::StoreAtomic,
        ord: Ord::Release,
        scopes: &[ScopeLevel::Workgroup],
        spaces: &[Space::Local],
        requires: &[],
        code: &[
            Step::Emit(&[], MInstr::Wait(Counter::Store, 0)),
            Step::Emit(&[], MInstr::Wait(Counter::Load, 0)),
            Step::Emit(&[], MInstr::Wait(Counter::Ds, 0)),
            Step::Emit(&[], MInstr::Access(Cpol::NONE)),
        ],
        en_line: 11292,
        zh_line: 0,
    },
    // ---- store atomic / release / agent, system / global, generic
    // en (upstream AMDGPUUsage, this row of the table):
    //   1. | ``s_wait_loadcnt 0x0``
    //      | ``s_wait_storecnt 0x0``
    //
    //     - The waits can be
    //       independently moved
    //       according to the
    //       following rules:
    //
    //       - ``s_wait_loadcnt 0x0``
    //         must happen after
    //         any preceding
    //         global/generic
    //         atomicrmw-with-return-value.
    //       - ``s_wait_storecnt 0x0``
    //         must happen after
    //         any preceding
    //         global/generic
    //         store/store
    //         atomic/
    //         atomicrmw-no-return-value.
    //
    //     - Must happen before the
    //       following ``global_wb``.
    //     - Ensures that all
    //       global memory store/rmw
    //       operations have
    //       completed before
    //       their data is written
    //       back.
    //
    //   2. ``global_wb``
    //
    //       - Apply :ref:`amdgpu-amdhsa-memory-model-code-sequences-gfx125x-scopes-table`.
    //
    //   3. | ``s_wait_storecnt 0x0``
    //      | ``s_wait_loadcnt 0x0``
    //      | ``s_wait_dscnt 0x0``
    //
    //     - If OpenCL, omit ``s_wait_dscnt 0x0``.
    //     - The waits can be
    //       independently moved
    //       according to the
    //       following rules:
    //     - ``s_wait_loadcnt 0x0``
    //       must happen after
    //       any preceding
    //       global/generic
    //       load/load
    //       atomic/
    //       atomicrmw-with-return-value.
    //     - ``s_wait_storecnt 0x0``
    //       must happen after
    //       ``global_wb`` or
    //       any preceding
    //       global/generic
    //       store/store
    //       atomic/
    //       atomicrmw-no-return-value.
    //     - ``s_wait_dscnt 0x0``
    //       must happen after
    //       any preceding
    //       local/generic
    //       load/store/load
    //       atomic/store
    //       atomic/atomicrmw.
    //     - Must happen before the
    //       following store.
    //     - Ensures that all
    //       memory operations
    //       have
    //       completed before
    //       performing the
    //       store that is being
    //       released.
    //
    //   4. ``s_wait_xcnt 0x0``
    //
    //     - Ensure operation remains atomic even during a xnack replay.
    //     - Only needed for ``flat`` and ``global`` operations.
    //
    //   5. buffer/global/flat_store
    //
    //     - Apply :ref:`amdgpu-amdhsa-memory-model-code-sequences-gfx125x-scopes-table`.
    Row {
        op: LlvmOp::StoreAtomic,
        ord: Ord::Release,
        scopes: &[ScopeLevel::Agent, ScopeLevel::System],
        spaces: &[Space::Global, Space::Generic],
        requires: &[],
        code: &[
            Step::Emit(&[], MInstr::Wait(Counter::Load, 0)),
            Step::Emit(&[], MInstr::Wait(Counter::Store, 0)),
            Step::Emit(&[], MInstr::GlobalWb(ScopeOp::Table)),
            Step::Emit(&[], MInstr::Wait(Counter::Store, 0)),
            Step::Emit(&[], MInstr::Wait(Counter::Load, 0)),
            Step::Emit(&[], MInstr::Wait(Counter::Ds, 0)),
            Step::Emit(&[], MInstr::Wait(Counter::X, 0)),
            Step::Emit(&[], MInstr::Access(Cpol::NONE.scope(ScopeOp::Table))),
        ],
        en_line: 11325,
        zh_line: 0,
    },
    // ---- atomicrmw / release / singlethread, wavefront / global, local, generic
    // en (upstream AMDGPUUsage, this row of the table):
    //   1. ``s_wait_xcnt 0x0``
    //
    //     - Ensure operation remains atomic even during a xnack replay.
    //     - Only needed for ``flat`` and ``global`` operations.
    //
    //   2. buffer/global/ds/flat_atomic
    Row {
        op: LlvmOp::AtomicRmw,
        ord: Ord::Release,
        scopes: &[ScopeLevel::SingleThread, ScopeLevel::Wavefront],
        spaces: &[Space::Global, Space::Local, Space::Generic],
        requires: &[],
        code: &[
            Step::Emit(&[], MInstr::Wait(Counter::X, 0)),
            Step::Emit(&[], MInstr::Access(Cpol::NONE)),
        ],
        en_line: 11409,
        zh_line: 0,
    },
    // ---- atomicrmw / release / workgroup, cluster / global, generic
    // en (upstream AMDGPUUsage, this row of the table):
    //   1. | ``s_wait_storecnt 0x0``
    //      | ``s_wait_loadcnt 0x0``
    //      | ``s_wait_dscnt 0x0``
    //
    //     - If OpenCL, omit ``s_wait_dscnt 0x0``.
    //     - The waits can be
    //       independently moved
    //       according to the
    //       following rules:
    //     - ``s_wait_loadcnt 0x0``
    //       must happen after
    //       any preceding
    //       global/generic load/load
    //       atomic/
    //       atomicrmw-with-return-value.
    //     - ``s_wait_storecnt 0x0``
    //       must happen after
    //       any preceding
    //       global/generic
    //       store/store
    //       atomic/
    //       atomicrmw-no-return-value.
    //     - ``s_wait_dscnt 0x0``
    //       must happen after
    //       any preceding
    //       local/generic
    //       load/store/load
    //       atomic/store
    //       atomic/atomicrmw.
    //     - Must happen before the
    //       following atomic.
    //     - Ensures that all
    //       memory operations
    //       have
    //       completed before
    //       performing the
    //       atomicrmw that is
    //       being released.
    //
    //   2. ``s_wait_xcnt 0x0``
    //
    //     - Ensure operation remains atomic even during a xnack replay.
    //     - Only needed for ``flat`` and ``global`` operations.
    //
    //   3. buffer/global/flat_atomic
    //
    //     - Apply :ref:`amdgpu-amdhsa-memory-model-code-sequences-gfx125x-scopes-table`.
    Row {
        op: LlvmOp::AtomicRmw,
        ord: Ord::Release,
        scopes: &[ScopeLevel::Workgroup, ScopeLevel::Cluster],
        spaces: &[Space::Global, Space::Generic],
        requires: &[],
        code: &[
            Step::Emit(&[], MInstr::Wait(Counter::Store, 0)),
            Step::Emit(&[], MInstr::Wait(Counter::Load, 0)),
            Step::Emit(&[], MInstr::Wait(Counter::Ds, 0)),
            Step::Emit(&[], MInstr::Wait(Counter::X, 0)),
            Step::Emit(&[], MInstr::Access(Cpol::NONE.scope(ScopeOp::Table))),
        ],
        en_line: 11415,
        zh_line: 0,
    },
    // ---- atomicrmw / release / workgroup / local
    // en (upstream AMDGPUUsage, this row of the table):
    //   1. | ``s_wait_storecnt 0x0``
    //      | ``s_wait_loadcnt 0x0``
    //      | ``s_wait_dscnt 0x0``
    //
    //     - If OpenCL, omit all.
    //     - The waits can be
    //       independently moved
    //       according to the
    //       following rules:
    //     - ``s_wait_loadcnt 0x0``
    //       must happen after
    //       any preceding
    //       global/generic load/load
    //       atomic/
    //       atomicrmw-with-return-value.
    //     - ``s_wait_storecnt 0x0``
    //       must happen after
    //       any preceding
    //       global/generic
    //       store/store
    //       atomic/
    //       atomicrmw-no-return-value.
    //     - Must happen before the
    //       following atomic.
    //     - Ensures that all
    //       global memory
    //       operations have
    //       completed before
    //       performing the
    //       store that is being
    //       released.
    //
    //   2. ds_atomic
    Row {
        op: LlvmOp::AtomicRmw,
        ord: Ord::Release,
        scopes: &[ScopeLevel::Workgroup],
        spaces: &[Space::Local],
        requires: &[],
        code: &[
            Step::Emit(&[], MInstr::Wait(Counter::Store, 0)),
            Step::Emit(&[], MInstr::Wait(Counter::Load, 0)),
            Step::Emit(&[], MInstr::Wait(Counter::Ds, 0)),
            Step::Emit(&[], MInstr::Access(Cpol::NONE)),
        ],
        en_line: 11463,
        zh_line: 0,
    },
    // ---- atomicrmw / release / agent, system / global, generic
    // en (upstream AMDGPUUsage, this row of the table):
    //   1. | ``s_wait_loadcnt 0x0``
    //      | ``s_wait_storecnt 0x0``
    //
    //     - The waits can be
    //       independently moved
    //       according to the
    //       following rules:
    //
    //       - ``s_wait_loadcnt 0x0``
    //         must happen after
    //         any preceding
    //         global/generic
    //         atomicrmw-with-return-value.
    //       - ``s_wait_storecnt 0x0``
    //         must happen after
    //         any preceding
    //         global/generic
    //         store/store
    //         atomic/
    //         atomicrmw-no-return-value.
    //
    //     - Must happen before the
    //       following ``global_wb``.
    //     - Ensures that all
    //       global memory store/rmw
    //       operations have
    //       completed before
    //       their data is written
    //       back.
    //
    //   2. ``global_wb``
    //
    //     - Apply :ref:`amdgpu-amdhsa-memory-model-code-sequences-gfx125x-scopes-table`.
    //
    //   3. | ``s_wait_storecnt 0x0``
    //      | ``s_wait_loadcnt 0x0``
    //      | ``s_wait_dscnt 0x0``
    //
    //     - If OpenCL, omit ``s_wait_dscnt 0x0``.
    //     - The waits can be
    //       independently moved
    //       according to the
    //       following rules:
    //     - ``s_wait_loadcnt 0x0``
    //       must happen after
    //       any preceding
    //       global/generic
    //       load/load atomic/
    //       atomicrmw-with-return-value.
    //     - ``s_wait_storecnt 0x0``
    //       must happen after
    //       ``global_wb`` or
    //       any preceding
    //       global/generic
    //       store/store
    //       atomic/
    //       atomicrmw-no-return-value.
    //     - ``s_wait_dscnt 0x0``
    //       must happen after
    //       any preceding
    //       local/generic
    //       load/store/load
    //       atomic/store
    //       atomic/atomicrmw.
    //     - Must happen before the
    //       following atomic.
    //     - Ensures that all
    //       memory operations
    //       to global and local
    //       have completed
    //       before performing
    //       the atomicrmw that
    //       is being released.
    //
    //   4. ``s_wait_xcnt 0x0``
    //
    //     - Ensure operation remains atomic even during a xnack replay.
    //     - Only needed for ``flat`` and ``global`` operations.
    //
    //   5. buffer/global/flat_atomic
    //
    //     - Apply :ref:`amdgpu-amdhsa-memory-model-code-sequences-gfx125x-scopes-table`.
    Row {
        op: LlvmOp::AtomicRmw,
        ord: Ord::Release,
        scopes: &[ScopeLevel::Agent, ScopeLevel::System],
        spaces: &[Space::Global, Space::Generic],
        requires: &[],
        code: &[
            Step::Emit(&[], MInstr::Wait(Counter::Load, 0)),
            Step::Emit(&[], MInstr::Wait(Counter::Store, 0)),
            Step::Emit(&[], MInstr::GlobalWb(ScopeOp::Table)),
            Step::Emit(&[], MInstr::Wait(Counter::Store, 0)),
            Step::Emit(&[], MInstr::Wait(Counter::Load, 0)),
            Step::Emit(&[], MInstr::Wait(Counter::Ds, 0)),
            Step::Emit(&[], MInstr::Wait(Counter::X, 0)),
            Step::Emit(&[], MInstr::Access(Cpol::NONE.scope(ScopeOp::Table))),
        ],
        en_line: 11496,
        zh_line: 0,
    },
    // ---- fence / release / singlethread, wavefront / *none*
    // en (upstream AMDGPUUsage, this row of the table):
    //   *none*
    Row {
        op: LlvmOp::Fence,
        ord: Ord::Release,
        scopes: &[ScopeLevel::SingleThread, ScopeLevel::Wavefront],
        spaces: &[],
        requires: &[],
        code: &[
        ],
        en_line: 11579,
        zh_line: 0,
    },
    // ---- fence / release / workgroup, cluster / *none*
    // en (upstream AMDGPUUsage, this row of the table):
    //   1. | ``s_wait_storecnt 0x0``
    //      | ``s_wait_loadcnt 0x0``
    //      | ``s_wait_dscnt 0x0``
    //
    //     - If OpenCL, omit ``s_wait_dscnt 0x0``.
    //     - If OpenCL and
    //       address space is
    //       local, omit all.
    //     - See :ref:`amdgpu-fence-as` for
    //       more details on fencing specific
    //       address spaces.
    //     - The waits can be
    //       independently moved
    //       according to the
    //       following rules:
    //     - ``s_wait_loadcnt 0x0``
    //       must happen after
    //       any preceding
    //       global/generic
    //       load/load
    //       atomic/
    //       atomicrmw-with-return-value.
    //     - ``s_wait_storecnt 0x0``
    //       must happen after
    //       any preceding
    //       global/generic
    //       store/store
    //       atomic/
    //       atomicrmw-no-return-value.
    //     - ``s_wait_dscnt 0x0``
    //       must happen after
    //       any preceding
    //       local/generic
    //       load/store/load
    //       atomic/store atomic/
    //       atomicrmw.
    //     - Must happen before
    //       any following store
    //       atomic/atomicrmw
    //       with an equal or
    //       wider sync scope
    //       and memory ordering
    //       stronger than
    //       unordered (this is
    //       termed the
    //       fence-paired-atomic).
    //     - Ensures that all
    //       memory operations
    //       have
    //       completed before
    //       performing the
    //       following
    //       fence-paired-atomic.
    Row {
        op: LlvmOp::Fence,
        ord: Ord::Release,
        scopes: &[ScopeLevel::Workgroup, ScopeLevel::Cluster],
        spaces: &[],
        requires: &[],
        code: &[
            Step::Emit(&[], MInstr::Wait(Counter::Store, 0)),
            Step::Emit(&[], MInstr::Wait(Counter::Load, 0)),
            Step::Emit(&[], MInstr::Wait(Counter::Ds, 0)),
        ],
        en_line: 11581,
        zh_line: 0,
    },
    // ---- fence / release / agent, system / *none*
    // en (upstream AMDGPUUsage, this row of the table):
    //   1. | ``s_wait_loadcnt 0x0``
    //      | ``s_wait_storecnt 0x0``
    //
    //     - The waits can be
    //       independently moved
    //       according to the
    //       following rules:
    //
    //       - ``s_wait_loadcnt 0x0``
    //         must happen after
    //         any preceding
    //         global/generic
    //         atomicrmw-with-return-value.
    //       - ``s_wait_storecnt 0x0``
    //         must happen after
    //         any preceding
    //         global/generic
    //         store/store
    //         atomic/
    //         atomicrmw-no-return-value.
    //
    //     - Must happen before the
    //       following ``global_wb``.
    //     - Ensures that all
    //       global memory store/rmw
    //       operations have
    //       completed before
    //       their data is written
    //       back.
    //
    //   2. ``global_wb``
    //
    //     - Apply :ref:`amdgpu-amdhsa-memory-model-code-sequences-gfx125x-scopes-table`.
    //
    //   3. | ``s_wait_storecnt 0x0``
    //      | ``s_wait_loadcnt 0x0``
    //      | ``s_wait_dscnt 0x0``
    //      | **OpenCL:**
    //      | ``s_wait_storecnt 0x0``
    //      | ``s_wait_loadcnt 0x0``
    //
    //     - If OpenCl, omit ``s_wait_dscnt 0x0``.
    //     - If OpenCL and address space is local,
    //       omit all.
    //     - See :ref:`amdgpu-fence-as` for
    //       more details on fencing specific
    //       address spaces.
    //     - The waits can be
    //       independently moved
    //       according to the
    //       following rules:
    //     - ``s_wait_loadcnt 0x0``
    //       must happen after
    //       any preceding
    //       global/generic
    //       load/load atomic/
    //       atomicrmw-with-return-value.
    //     - ``s_wait_storecnt 0x0``
    //       must happen after
    //       ``global_wb``  or
    //       any preceding
    //       global/generic
    //       store/store
    //       atomic/
    //       atomicrmw-no-return-value.
    //     - ``s_wait_dscnt 0x0``
    //       must happen after
    //       any preceding
    //       local/generic
    //       load/store/load
    //       atomic/store
    //       atomic/atomicrmw.
    //     - Must happen before
    //       any following store
    //       atomic/atomicrmw
    //       with an equal or
    //       wider sync scope
    //       and memory ordering
    //       stronger than
    //       unordered (this is
    //       termed the
    //       fence-paired-atomic).
    //     - Ensures that all
    //       memory operations
    //       have
    //       completed before
    //       performing the
    //       following
    //       fence-paired-atomic.
    Row {
        op: LlvmOp::Fence,
        ord: Ord::Release,
        scopes: &[ScopeLevel::Agent, ScopeLevel::System],
        spaces: &[],
        requires: &[],
        code: &[
            Step::Emit(&[], MInstr::Wait(Counter::Load, 0)),
            Step::Emit(&[], MInstr::Wait(Counter::Store, 0)),
            Step::Emit(&[], MInstr::GlobalWb(ScopeOp::Table)),
            Step::Emit(&[], MInstr::Wait(Counter::Store, 0)),
            Step::Emit(&[], MInstr::Wait(Counter::Load, 0)),
            Step::Emit(&[], MInstr::Wait(Counter::Ds, 0)),
        ],
        en_line: 11635,
        zh_line: 0,
    },
    // ---- atomicrmw / acq_rel / singlethread, wavefront / global, local, generic
    // en (upstream AMDGPUUsage, this row of the table):
    //   1. ``s_wait_xcnt 0x0``
    //
    //     - Ensure operation remains atomic even during a xnack replay.
    //     - Only needed for ``flat`` and ``global`` operations.
    //
    //   2. buffer/global/ds/flat_atomic
    Row {
        op: LlvmOp::AtomicRmw,
        ord: Ord::AcqRel,
        scopes: &[ScopeLevel::SingleThread, ScopeLevel::Wavefront],
        spaces: &[Space::Global, Space::Local, Space::Generic],
        requires: &[],
        code: &[
            Step::Emit(&[], MInstr::Wait(Counter::X, 0)),
            Step::Emit(&[], MInstr::Access(Cpol::NONE)),
        ],
        en_line: 11727,
        zh_line: 0,
    },
    // ---- atomicrmw / acq_rel / workgroup, cluster / global
    // en (upstream AMDGPUUsage, this row of the table):
    //   1. | ``s_wait_storecnt 0x0``
    //      | ``s_wait_loadcnt 0x0``
    //      | ``s_wait_dscnt 0x0``
    //
    //     - If OpenCL, omit ``s_wait_dscnt 0x0``.
    //     - Must happen after
    //       any preceding
    //       local/generic
    //       load/store/load
    //       atomic/store
    //       atomic/atomicrmw.
    //     - The waits can be
    //       independently moved
    //       according to the
    //       following rules:
    //     - ``s_wait_loadcnt 0x0``
    //       must happen after
    //       any preceding
    //       global/generic load/load
    //       atomic/
    //       atomicrmw-with-return-value.
    //     - ``s_wait_storecnt 0x0``
    //       must happen after
    //       any preceding
    //       global/generic
    //       store/store
    //       atomic/
    //       atomicrmw-no-return-value.
    //     - ``s_wait_dscnt 0x0``
    //       must happen after
    //       any preceding
    //       local/generic
    //       load/store/load
    //       atomic/store
    //       atomic/atomicrmw.
    //     - Must happen before
    //       the following
    //       atomicrmw.
    //     - Ensures that all
    //       memory operations
    //       have
    //       completed before
    //       performing the
    //       atomicrmw that is
    //       being released.
    //
    //   2. ``s_wait_xcnt 0x0``
    //
    //     - Ensure operation remains atomic even during a xnack replay.
    //     - Only needed for ``flat`` and ``global`` operations.
    //
    //   3. buffer/global_atomic
    //
    //     - Apply :ref:`amdgpu-amdhsa-memory-model-code-sequences-gfx125x-scopes-table`.
    //     - If atomic with return, use
    //       ``th:TH_ATOMIC_RETURN``.
    //
    //   4. | **Atomic with return:**
    //      | ``s_wait_loadcnt 0x0``
    //      | **Atomic without return:**
    //      | ``s_wait_storecnt 0x0``
    //
    //     - Ensures any
    //       following global
    //       data read is no
    //       older than the
    //       atomicrmw value
    //       being acquired.
    Row {
        op: LlvmOp::AtomicRmw,
        ord: Ord::AcqRel,
        scopes: &[ScopeLevel::Workgroup, ScopeLevel::Cluster],
        spaces: &[Space::Global],
        requires: &[],
        code: &[
            Step::Emit(&[], MInstr::Wait(Counter::Store, 0)),
            Step::Emit(&[], MInstr::Wait(Counter::Load, 0)),
            Step::Emit(&[], MInstr::Wait(Counter::Ds, 0)),
            Step::Emit(&[], MInstr::Wait(Counter::X, 0)),
            Step::Emit(&[Cond::Ret], MInstr::Access(Cpol::NONE.th(Th::AtomicReturn).scope(ScopeOp::Table))),
            Step::Emit(&[Cond::NoRet], MInstr::Access(Cpol::NONE.scope(ScopeOp::Table))),
            Step::Emit(&[Cond::Ret], MInstr::Wait(Counter::Load, 0)),
            Step::Emit(&[Cond::NoRet], MInstr::Wait(Counter::Store, 0)),
        ],
        en_line: 11733,
        zh_line: 0,
    },
    // ---- atomicrmw / acq_rel / workgroup / local
    // en (upstream AMDGPUUsage, this row of the table):
    //   1  | ``s_wait_storecnt 0x0``
    //      | ``s_wait_loadcnt 0x0``
    //      | ``s_wait_dscnt 0x0``
    //
    //     - If OpenCL, omit.
    //     - The waits can be
    //       independently moved
    //       according to the
    //       following rules:
    //     - ``s_wait_loadcnt 0x0``
    //       must happen after
    //       any preceding
    //       global/generic load/load
    //       atomic/
    //       atomicrmw-with-return-value.
    //     - ``s_wait_storecnt 0x0``
    //       must happen after
    //       any preceding
    //       global/generic
    //       store/store
    //       atomic/
    //       atomicrmw-no-return-value.
    //     - Must happen before
    //       the following
    //       store.
    //     - Ensures that all
    //       global memory
    //       operations have
    //       completed before
    //       performing the
    //       store that is being
    //       released.
    //
    //   2. ds_atomic
    //   3. ``s_wait_dscnt 0x0``
    //
    //     - If OpenCL, omit.
    //     - Ensures any
    //       following global
    //       data read is no
    //       older than the local load
    //       atomic value being
    //       acquired.
    Row {
        op: LlvmOp::AtomicRmw,
        ord: Ord::AcqRel,
        scopes: &[ScopeLevel::Workgroup],
        spaces: &[Space::Local],
        requires: &[],
        code: &[
            Step::Emit(&[], MInstr::Wait(Counter::Store, 0)),
            Step::Emit(&[], MInstr::Wait(Counter::Load, 0)),
            Step::Emit(&[], MInstr::Wait(Counter::Ds, 0)),
            Step::Emit(&[], MInstr::Access(Cpol::NONE)),
            Step::Emit(&[], MInstr::Wait(Counter::Ds, 0)),
        ],
        en_line: 11802,
        zh_line: 0,
    },
    // ---- atomicrmw / acq_rel / workgroup, cluster / generic
    // en (upstream AMDGPUUsage, this row of the table):
    //   1. | ``s_wait_storecnt 0x0``
    //      | ``s_wait_loadcnt 0x0``
    //      | ``s_wait_dscnt 0x0``
    //
    //     - If OpenCL, omit ``s_wait_loadcnt 0x0``.
    //     - The waits can be
    //       independently moved
    //       according to the
    //       following rules:
    //     - ``s_wait_loadcnt 0x0``
    //       must happen after
    //       any preceding
    //       global/generic load/load
    //       atomic/
    //       atomicrmw-with-return-value.
    //     - ``s_wait_storecnt 0x0``
    //       must happen after
    //       any preceding
    //       global/generic
    //       store/store
    //       atomic/
    //       atomicrmw-no-return-value.
    //     - ``s_wait_dscnt 0x0``
    //       must happen after
    //       any preceding
    //       local/generic
    //       load/store/load
    //       atomic/store
    //       atomic/atomicrmw.
    //     - Must happen before
    //       the following
    //       atomicrmw.
    //     - Ensures that all
    //       memory operations
    //       have
    //       completed before
    //       performing the
    //       atomicrmw that is
    //       being released.
    //
    //   2. ``s_wait_xcnt 0x0``
    //
    //     - Ensure operation remains atomic even during a xnack replay.
    //
    //   3. flat_atomic
    //
    //     - Apply :ref:`amdgpu-amdhsa-memory-model-code-sequences-gfx125x-scopes-table`.
    //     - If atomic with return,
    //       use ``th:TH_ATOMIC_RETURN``.
    //
    //   4. | **Atomic without return:**
    //      | ``s_wait_dscnt 0x0``
    //      | ``s_wait_storecnt 0x0``
    //      | **Atomic with return:**
    //      | ``s_wait_loadcnt 0x0``
    //      | ``s_wait_dscnt 0x0``
    //
    //     - If OpenCL, omit ``s_wait_dscnt 0x0``
    //     - Ensures any
    //       following global
    //       data read is no
    //       older than the load
    //       atomic value being
    //       acquired.
    Row {
        op: LlvmOp::AtomicRmw,
        ord: Ord::AcqRel,
        scopes: &[ScopeLevel::Workgroup, ScopeLevel::Cluster],
        spaces: &[Space::Generic],
        requires: &[],
        code: &[
            Step::Emit(&[], MInstr::Wait(Counter::Store, 0)),
            Step::Emit(&[], MInstr::Wait(Counter::Load, 0)),
            Step::Emit(&[], MInstr::Wait(Counter::Ds, 0)),
            Step::Emit(&[], MInstr::Wait(Counter::X, 0)),
            Step::Emit(&[Cond::Ret], MInstr::Access(Cpol::NONE.th(Th::AtomicReturn).scope(ScopeOp::Table))),
            Step::Emit(&[Cond::NoRet], MInstr::Access(Cpol::NONE.scope(ScopeOp::Table))),
            Step::Emit(&[Cond::Ret], MInstr::Wait(Counter::Load, 0)),
            Step::Emit(&[Cond::NoRet], MInstr::Wait(Counter::Store, 0)),
            Step::Emit(&[], MInstr::Wait(Counter::Ds, 0)),
        ],
        en_line: 11846,
        zh_line: 0,
    },
    // ---- atomicrmw / acq_rel / agent, system / global
    // en (upstream AMDGPUUsage, this row of the table):
    //   1. | ``s_wait_loadcnt 0x0``
    //      | ``s_wait_storecnt 0x0``
    //
    //     - The waits can be
    //       independently moved
    //       according to the
    //       following rules:
    //
    //       - ``s_wait_loadcnt 0x0``
    //         must happen after
    //         any preceding
    //         global/generic
    //         atomicrmw-with-return-value.
    //       - ``s_wait_storecnt 0x0``
    //         must happen after
    //         any preceding
    //         global/generic
    //         store/store
    //         atomic/
    //         atomicrmw-no-return-value.
    //
    //     - Must happen before the
    //       following ``global_wb``.
    //     - Ensures that all
    //       global memory store/rmw
    //       operations have
    //       completed before
    //       their data is written
    //       back.
    //
    //   2. ``global_wb``
    //
    //     - Apply :ref:`amdgpu-amdhsa-memory-model-code-sequences-gfx125x-scopes-table`.
    //
    //   3. | ``s_wait_storecnt 0x0``
    //      | ``s_wait_loadcnt 0x0``
    //      | ``s_wait_dscnt 0x0``
    //
    //     - If OpenCL, omit
    //       ``s_wait_dscnt 0x0``
    //     - The waits can be
    //       independently moved
    //       according to the
    //       following rules:
    //     - ``s_wait_loadcnt 0x0``
    //       must happen after
    //       any preceding
    //       global/generic
    //       load/load atomic/
    //       atomicrmw-with-return-value.
    //     - ``s_wait_storecnt 0x0``
    //       must happen after
    //       ``global_wb``.
    //     - ``s_wait_dscnt 0x0``
    //       must happen after
    //       any preceding
    //       local/generic
    //       load/store/load
    //       atomic/store
    //       atomic/atomicrmw.
    //     - Must happen before
    //       the following
    //       atomicrmw.
    //     - Ensures that all
    //       memory operations
    //       to global have
    //       completed before
    //       performing the
    //       atomicrmw that is
    //       being released.
    //
    //   4. ``s_wait_xcnt 0x0``
    //
    //     - Ensure operation remains atomic even during a xnack replay.
    //     - Only needed for ``global`` operations.
    //
    //   6. buffer/global_atomic
    //
    //     - Apply :ref:`amdgpu-amdhsa-memory-model-code-sequences-gfx125x-scopes-table`.
    //     - If atomic with return, use
    //       ``th:TH_ATOMIC_RETURN``.
    //
    //   6. | **Atomic with return:**
    //      | ``s_wait_loadcnt 0x0``
    //      | **Atomic without return:**
    //      | ``s_wait_storecnt 0x0``
    //
    //     - Must happen before
    //       following
    //       ``global_inv``.
    //     - Ensures the
    //       atomicrmw has
    //       completed before
    //       invalidating the
    //       caches.
    //
    //   7. ``global_inv``
    //
    //     - Apply :ref:`amdgpu-amdhsa-memory-model-code-sequences-gfx125x-scopes-table`.
    //     - Must happen before
    //       any following
    //       global/generic
    //       load/load
    //       atomic/atomicrmw.
    //     - Ensures that
    //       following loads
    //       will not see stale
    //       global data.
    //
    //   8.  ``s_wait_loadcnt 0x0``
    //       must happen after
    //       ``global_inv`` and before
    //       subsequent memory operations.
    Row {
        op: LlvmOp::AtomicRmw,
        ord: Ord::AcqRel,
        scopes: &[ScopeLevel::Agent, ScopeLevel::System],
        spaces: &[Space::Global],
        requires: &[],
        code: &[
            Step::Emit(&[], MInstr::Wait(Counter::Load, 0)),
            Step::Emit(&[], MInstr::Wait(Counter::Store, 0)),
            Step::Emit(&[], MInstr::GlobalWb(ScopeOp::Table)),
            Step::Emit(&[], MInstr::Wait(Counter::Store, 0)),
            Step::Emit(&[], MInstr::Wait(Counter::Load, 0)),
            Step::Emit(&[], MInstr::Wait(Counter::Ds, 0)),
            Step::Emit(&[], MInstr::Wait(Counter::X, 0)),
            Step::Emit(&[Cond::Ret], MInstr::Access(Cpol::NONE.th(Th::AtomicReturn).scope(ScopeOp::Table))),
            Step::Emit(&[Cond::NoRet], MInstr::Access(Cpol::NONE.scope(ScopeOp::Table))),
            Step::Emit(&[Cond::Ret], MInstr::Wait(Counter::Load, 0)),
            Step::Emit(&[Cond::NoRet], MInstr::Wait(Counter::Store, 0)),
            Step::Emit(&[], MInstr::GlobalInv(ScopeOp::Table)),
            Step::Emit(&[], MInstr::Wait(Counter::Load, 0)),
        ],
        en_line: 11912,
        zh_line: 0,
    },
    // ---- atomicrmw / acq_rel / agent, system / generic
    // en (upstream AMDGPUUsage, this row of the table):
    //   1. | ``s_wait_loadcnt 0x0``
    //      | ``s_wait_storecnt 0x0``
    //
    //     - The waits can be
    //       independently moved
    //       according to the
    //       following rules:
    //
    //       - ``s_wait_loadcnt 0x0``
    //         must happen after
    //         any preceding
    //         global/generic
    //         atomicrmw-with-return-value.
    //       - ``s_wait_storecnt 0x0``
    //         must happen after
    //         any preceding
    //         global/generic
    //         store/store
    //         atomic/
    //         atomicrmw-no-return-value.
    //
    //     - Must happen before the
    //       following ``global_wb``.
    //     - Ensures that all
    //       global memory store/rmw
    //       operations have
    //       completed before
    //       their data is written
    //       back.
    //
    //   2. ``global_wb``
    //       - Apply :ref:`amdgpu-amdhsa-memory-model-code-sequences-gfx125x-scopes-table`.
    //
    //   3. | ``s_wait_storecnt 0x0``
    //      | ``s_wait_loadcnt 0x0``
    //      | ``s_wait_dscnt 0x0``
    //
    //     - If OpenCL, omit
    //       ``s_wait_dscnt 0x0``
    //     - The waits can be
    //       independently moved
    //       according to the
    //       following rules:
    //     - ``s_wait_loadcnt 0x0``
    //       must happen after
    //       any preceding
    //       global/generic
    //       load/load atomic
    //       atomicrmw-with-return-value.
    //     - ``s_wait_storecnt 0x0``
    //       must happen after
    //       ``global_wb``.
    //     - ``s_wait_dscnt 0x0``
    //       must happen after
    //       any preceding
    //       local/generic
    //       load/store/load
    //       atomic/store
    //       atomic/atomicrmw.
    //     - Must happen before
    //       the following
    //       atomicrmw.
    //     - Ensures that all
    //       memory operations
    //       have
    //       completed before
    //       performing the
    //       atomicrmw that is
    //       being released.
    //
    //   4. ``s_wait_xcnt 0x0``
    //
    //     - Ensure operation remains atomic even during a xnack replay.
    //
    //   5. flat_atomic
    //
    //     - Apply :ref:`amdgpu-amdhsa-memory-model-code-sequences-gfx125x-scopes-table`.
    //     - If atomic with return, use
    //       ``th:TH_ATOMIC_RETURN``.
    //
    //   6. | **Atomic with return:**
    //      | ``s_wait_loadcnt 0x0``
    //      | ``s_wait_dscnt 0x0``
    //      | **Atomic without return:**
    //      | ``s_wait_storecnt 0x0``
    //      | ``s_wait_dscnt 0x0``
    //
    //
    //     - If OpenCL, omit
    //       ``s_wait_dscnt 0x0``.
    //     - Must happen before
    //       following
    //       ``global_inv``.
    //     - Ensures the
    //       atomicrmw has
    //       completed before
    //       invalidating the
    //       caches.
    //
    //   7. ``global_inv``
    //
    //     - Apply :ref:`amdgpu-amdhsa-memory-model-code-sequences-gfx125x-scopes-table`.
    //     - Must happen before
    //       any following
    //       global/generic
    //       load/load
    //       atomic/atomicrmw.
    //     - Ensures that
    //       following loads
    //       will not see stale
    //       global data.
    //
    //   8.  ``s_wait_loadcnt 0x0``
    //       must happen after
    //       ``global_inv`` and before
    //       subsequent memory operations.
    Row {
        op: LlvmOp::AtomicRmw,
        ord: Ord::AcqRel,
        scopes: &[ScopeLevel::Agent, ScopeLevel::System],
        spaces: &[Space::Generic],
        requires: &[],
        code: &[
            Step::Emit(&[], MInstr::Wait(Counter::Load, 0)),
            Step::Emit(&[], MInstr::Wait(Counter::Store, 0)),
            Step::Emit(&[], MInstr::GlobalWb(ScopeOp::Table)),
            Step::Emit(&[], MInstr::Wait(Counter::Store, 0)),
            Step::Emit(&[], MInstr::Wait(Counter::Load, 0)),
            Step::Emit(&[], MInstr::Wait(Counter::Ds, 0)),
            Step::Emit(&[], MInstr::Wait(Counter::X, 0)),
            Step::Emit(&[Cond::Ret], MInstr::Access(Cpol::NONE.th(Th::AtomicReturn).scope(ScopeOp::Table))),
            Step::Emit(&[Cond::NoRet], MInstr::Access(Cpol::NONE.scope(ScopeOp::Table))),
            Step::Emit(&[Cond::Ret], MInstr::Wait(Counter::Load, 0)),
            Step::Emit(&[Cond::NoRet], MInstr::Wait(Counter::Store, 0)),
            Step::Emit(&[], MInstr::Wait(Counter::Ds, 0)),
            Step::Emit(&[], MInstr::GlobalInv(ScopeOp::Table)),
            Step::Emit(&[], MInstr::Wait(Counter::Load, 0)),
        ],
        en_line: 12026,
        zh_line: 0,
    },
    // ---- fence / acq_rel / singlethread, wavefront / *none*
    // en (upstream AMDGPUUsage, this row of the table):
    //   *none*
    Row {
        op: LlvmOp::Fence,
        ord: Ord::AcqRel,
        scopes: &[ScopeLevel::SingleThread, ScopeLevel::Wavefront],
        spaces: &[],
        requires: &[],
        code: &[
        ],
        en_line: 12143,
        zh_line: 0,
    },
    // ---- fence / acq_rel / workgroup, cluster / *none*
    // en (upstream AMDGPUUsage, this row of the table):
    //   1. | ``s_wait_storecnt 0x0``
    //      | ``s_wait_loadcnt 0x0``
    //      | ``s_wait_dscnt 0x0``
    //
    //     - If OpenCL and
    //       address space is
    //       not generic, omit
    //       ``s_wait_dscnt 0x0``
    //     - If OpenCL and
    //       address space is
    //       local, omit
    //       all but ``s_wait_dscnt 0x0``.
    //     - See :ref:`amdgpu-fence-as` for
    //       more details on fencing specific
    //       address spaces.
    //     - The waits can be
    //       independently moved
    //       according to the
    //       following rules:
    //     - ``s_wait_loadcnt 0x0``
    //       must happen after
    //       any preceding
    //       global/generic
    //       load/load
    //       atomic/
    //       atomicrmw-with-return-value.
    //     - ``s_wait_storecnt 0x0``
    //       must happen after
    //       any preceding
    //       global/generic
    //       store/store atomic/
    //       atomicrmw-no-return-value.
    //     - ``s_wait_dscnt 0x0``
    //       must happen after
    //       any preceding
    //       local/generic
    //       load/store/load
    //       atomic/store atomic/
    //       atomicrmw.
    //     - Must happen before
    //       any following
    //       global/generic
    //       load/load
    //       atomic/store/store
    //       atomic/atomicrmw.
    //     - Ensures that all
    //       memory operations
    //       have
    //       completed before
    //       performing any
    //       following global
    //       memory operations.
    //     - Ensures that the
    //       preceding
    //       local/generic load
    //       atomic/atomicrmw
    //       with an equal or
    //       wider sync scope
    //       and memory ordering
    //       stronger than
    //       unordered (this is
    //       termed the
    //       acquire-fence-paired-atomic)
    //       has completed
    //       before following
    //       global memory
    //       operations. This
    //       satisfies the
    //       requirements of
    //       acquire.
    //     - Ensures that all
    //       previous memory
    //       operations have
    //       completed before a
    //       following
    //       local/generic store
    //       atomic/atomicrmw
    //       with an equal or
    //       wider sync scope
    //       and memory ordering
    //       stronger than
    //       unordered (this is
    //       termed the
    //       release-fence-paired-atomic).
    //       This satisfies the
    //       requirements of
    //       release.
    //     - Ensures that the
    //       acquire-fence-paired
    //       atomic has completed
    //       before invalidating
    //       the
    //       cache. Therefore
    //       any following
    //       locations read must
    //       be no older than
    //       the value read by
    //       the
    //       acquire-fence-paired-atomic.
    Row {
        op: LlvmOp::Fence,
        ord: Ord::AcqRel,
        scopes: &[ScopeLevel::Workgroup, ScopeLevel::Cluster],
        spaces: &[],
        requires: &[],
        code: &[
            Step::Emit(&[], MInstr::Wait(Counter::Store, 0)),
            Step::Emit(&[], MInstr::Wait(Counter::Load, 0)),
            Step::Emit(&[], MInstr::Wait(Counter::Ds, 0)),
        ],
        en_line: 12145,
        zh_line: 0,
    },
    // ---- fence / acq_rel / agent, system / *none*
    // en (upstream AMDGPUUsage, this row of the table):
    //   1. | ``s_wait_loadcnt 0x0``
    //      | ``s_wait_storecnt 0x0``
    //
    //     - The waits can be
    //       independently moved
    //       according to the
    //       following rules:
    //
    //       - ``s_wait_loadcnt 0x0``
    //         must happen after
    //         any preceding
    //         global/generic
    //         atomicrmw-with-return-value.
    //       - ``s_wait_storecnt 0x0``
    //         must happen after
    //         any preceding
    //         global/generic
    //         store/store
    //         atomic/
    //         atomicrmw-no-return-value.
    //
    //     - Must happen before the
    //       following ``global_wb``.
    //     - Ensures that all
    //       global memory store/rmw
    //       operations have
    //       completed before
    //       their data is written
    //       back.
    //
    //   2. ``global_wb``
    //       - Apply :ref:`amdgpu-amdhsa-memory-model-code-sequences-gfx125x-scopes-table`.
    //
    //   3. | ``s_wait_storecnt 0x0``
    //      | ``s_wait_loadcnt 0x0``
    //      | ``s_wait_dscnt 0x0``
    //
    //     - If OpenCL and
    //       address space is
    //       not generic, omit
    //       ``s_wait_dscnt 0x0``
    //     - If OpenCL and
    //       address space is
    //       local, omit
    //       all but ``s_wait_dscnt 0x0``.
    //     - See :ref:`amdgpu-fence-as` for
    //       more details on fencing specific
    //       address spaces.
    //     - The waits can be
    //       independently moved
    //       according to the
    //       following rules:
    //     - ``s_wait_loadcnt 0x0``
    //       must happen after
    //       any preceding
    //       global/generic
    //       load/load
    //       atomic/
    //       atomicrmw-with-return-value.
    //     - ``s_wait_storecnt 0x0``
    //       must happen after
    //       ``global_wb``.
    //     - ``s_wait_dscnt 0x0``
    //       must happen after
    //       any preceding
    //       local/generic
    //       load/store/load
    //       atomic/store
    //       atomic/atomicrmw.
    //     - Must happen before
    //       the following
    //       ``global_inv``
    //     - Ensures that the
    //       preceding
    //       global/local/generic
    //       load
    //       atomic/atomicrmw
    //       with an equal or
    //       wider sync scope
    //       and memory ordering
    //       stronger than
    //       unordered (this is
    //       termed the
    //       acquire-fence-paired-atomic)
    //       has completed
    //       before invalidating
    //       the caches. This
    //       satisfies the
    //       requirements of
    //       acquire.
    //     - Ensures that all
    //       previous memory
    //       operations have
    //       completed before a
    //       following
    //       global/local/generic
    //       store
    //       atomic/atomicrmw
    //       with an equal or
    //       wider sync scope
    //       and memory ordering
    //       stronger than
    //       unordered (this is
    //       termed the
    //       release-fence-paired-atomic).
    //       This satisfies the
    //       requirements of
    //       release.
    //
    //   4. ``global_inv``
    //
    //     - Apply :ref:`amdgpu-amdhsa-memory-model-code-sequences-gfx125x-scopes-table`.
    //     - Must happen before
    //       any following
    //       global/generic
    //       load/load
    //       atomic/store/store
    //       atomic/atomicrmw.
    //     - Ensures that
    //       following loads
    //       will not see stale
    //       global data. This
    //       satisfies the
    //       requirements of
    //       acquire.
    //
    //   5.  ``s_wait_loadcnt 0x0``
    //       must happen after
    //       ``global_inv`` and before
    //       subsequent memory operations.
    Row {
        op: LlvmOp::Fence,
        ord: Ord::AcqRel,
        scopes: &[ScopeLevel::Agent, ScopeLevel::System],
        spaces: &[],
        requires: &[],
        code: &[
            Step::Emit(&[], MInstr::Wait(Counter::Load, 0)),
            Step::Emit(&[], MInstr::Wait(Counter::Store, 0)),
            Step::Emit(&[], MInstr::GlobalWb(ScopeOp::Table)),
            Step::Emit(&[], MInstr::Wait(Counter::Store, 0)),
            Step::Emit(&[], MInstr::Wait(Counter::Load, 0)),
            Step::Emit(&[], MInstr::Wait(Counter::Ds, 0)),
            Step::Emit(&[], MInstr::GlobalInv(ScopeOp::Table)),
            Step::Emit(&[], MInstr::Wait(Counter::Load, 0)),
        ],
        en_line: 12245,
        zh_line: 0,
    },
    // ---- load atomic / seq_cst / singlethread, wavefront / global, local, generic
    // en (upstream AMDGPUUsage, this row of the table):
    //   *Same as corresponding
    //   load atomic acquire,
    //   except must generate
    //   all instructions even
    //   for OpenCL.*
    Row {
        op: LlvmOp::LoadAtomic,
        ord: Ord::SeqCst,
        scopes: &[ScopeLevel::SingleThread, ScopeLevel::Wavefront],
        spaces: &[Space::Global, Space::Local, Space::Generic],
        requires: &[],
        code: &[
            Step::SameAs(LlvmOp::LoadAtomic, Ord::Acquire),
        ],
        en_line: 12378,
        zh_line: 0,
    },
    // ---- load atomic / seq_cst / workgroup / global, generic
    // en (upstream AMDGPUUsage, this row of the table):
    //   1. | ``s_wait_storecnt 0x0``
    //      | ``s_wait_loadcnt 0x0``
    //      | ``s_wait_dscnt 0x0``
    //
    //     - If OpenCL, omit
    //       ``s_wait_dscnt 0x0``
    //     - The waits can be
    //       independently moved
    //       according to the
    //       following rules:
    //     - ``s_wait_dscnt 0x0`` must
    //       happen after
    //       preceding
    //       local/generic load
    //       atomic/store
    //       atomic/atomicrmw
    //       with memory
    //       ordering of seq_cst
    //       and with equal or
    //       wider sync scope.
    //       (Note that seq_cst
    //       fences have their
    //       own ``s_wait_dscnt 0x0``
    //       and so do not need to be
    //       considered.)
    //     - ``s_wait_loadcnt 0x0``
    //       must happen after
    //       preceding
    //       global/generic load
    //       atomic/
    //       atomicrmw-with-return-value
    //       with memory
    //       ordering of seq_cst
    //       and with equal or
    //       wider sync scope.
    //       (Note that seq_cst
    //       fences have their
    //       own waits and so do
    //       not need to be
    //       considered.)
    //     - ``s_wait_storecnt 0x0``
    //       Must happen after
    //       preceding
    //       global/generic store
    //       atomic/
    //       atomicrmw-no-return-value
    //       with memory
    //       ordering of seq_cst
    //       and with equal or
    //       wider sync scope.
    //       (Note that seq_cst
    //       fences have their
    //       own ``s_wait_storecnt 0x0``
    //       and so do not need to be
    //       considered.)
    //     - Ensures any
    //       preceding
    //       sequential
    //       consistent global/local
    //       memory instructions
    //       have completed
    //       before executing
    //       this sequentially
    //       consistent
    //       instruction. This
    //       prevents reordering
    //       a seq_cst store
    //       followed by a
    //       seq_cst load. (Note
    //       that seq_cst is
    //       stronger than
    //       acquire/release as
    //       the reordering of
    //       load acquire
    //       followed by a store
    //       release is
    //       prevented by the
    //       ``s_wait``\s of
    //       the release, but
    //       there is nothing
    //       preventing a store
    //       release followed by
    //       load acquire from
    //       completing out of
    //       order. The ``s_wait``\s
    //       could be placed after
    //       seq_store or before
    //       the seq_load. We
    //       choose the load to
    //       make the ``s_wait``\s be
    //       as late as possible
    //       so that the store
    //       may have already
    //       completed.)
    //
    //   2. *Following
    //      instructions same as
    //      corresponding load
    //      atomic acquire,
    //      except must generate
    //      all instructions even
    //      for OpenCL.*
    Row {
        op: LlvmOp::LoadAtomic,
        ord: Ord::SeqCst,
        scopes: &[ScopeLevel::Workgroup],
        spaces: &[Space::Global, Space::Generic],
        requires: &[],
        code: &[
            Step::Emit(&[], MInstr::Wait(Counter::Store, 0)),
            Step::Emit(&[], MInstr::Wait(Counter::Load, 0)),
            Step::Emit(&[], MInstr::Wait(Counter::Ds, 0)),
            Step::SameAs(LlvmOp::LoadAtomic, Ord::Acquire),
        ],
        en_line: 12383,
        zh_line: 0,
    },
    // ---- load atomic / seq_cst / workgroup / local
    // en (upstream AMDGPUUsage, this row of the table):
    //   1. | ``s_wait_storecnt 0x0``
    //      | ``s_wait_loadcnt 0x0``
    //      | ``s_wait_dscnt 0x0``
    //
    //     - If OpenCL, omit all.
    //     - The waits can be
    //       independently moved
    //       according to the
    //       following rules:
    //     - ``s_wait_loadcnt 0x0``
    //       must happen after
    //       preceding
    //       global/generic load
    //       atomic/
    //       atomicrmw-with-return-value
    //       with memory
    //       ordering of seq_cst
    //       and with equal or
    //       wider sync scope.
    //       (Note that seq_cst
    //       fences have their
    //       own ``s_wait``\s and so do
    //       not need to be
    //       considered.)
    //     - ``s_wait_storecnt 0x0``
    //       Must happen after
    //       preceding
    //       global/generic store
    //       atomic/
    //       atomicrmw-no-return-value
    //       with memory
    //       ordering of seq_cst
    //       and with equal or
    //       wider sync scope.
    //       (Note that seq_cst
    //       fences have their
    //       own ``s_wait_storecnt 0x0``
    //       and so do
    //       not need to be
    //       considered.)
    //     - Ensures any
    //       preceding
    //       sequential
    //       consistent global
    //       memory instructions
    //       have completed
    //       before executing
    //       this sequentially
    //       consistent
    //       instruction. This
    //       prevents reordering
    //       a seq_cst store
    //       followed by a
    //       seq_cst load. (Note
    //       that seq_cst is
    //       stronger than
    //       acquire/release as
    //       the reordering of
    //       load acquire
    //       followed by a store
    //       release is
    //       prevented by the
    //       ``s_wait``\s of
    //       the release, but
    //       there is nothing
    //       preventing a store
    //       release followed by
    //       load acquire from
    //       completing out of
    //       order. The s_waitcnt
    //       could be placed after
    //       seq_store or before
    //       the seq_load. We
    //       choose the load to
    //       make the ``s_wait``\s be
    //       as late as possible
    //       so that the store
    //       may have already
    //       completed.)
    //
    //   2. *Following
    //      instructions same as
    //      corresponding load
    //      atomic acquire,
    //      except must generate
    //      all instructions even
    //      for OpenCL.*
    Row {
        op: LlvmOp::LoadAtomic,
        ord: Ord::SeqCst,
        scopes: &[ScopeLevel::Workgroup],
        spaces: &[Space::Local],
        requires: &[],
        code: &[
            Step::Emit(&[], MInstr::Wait(Counter::Store, 0)),
            Step::Emit(&[], MInstr::Wait(Counter::Load, 0)),
            Step::Emit(&[], MInstr::Wait(Counter::Ds, 0)),
            Step::SameAs(LlvmOp::LoadAtomic, Ord::Acquire),
        ],
        en_line: 12485,
        zh_line: 0,
    },
    // ---- load atomic / seq_cst / cluster, agent, system / global, generic
    // en (upstream AMDGPUUsage, this row of the table):
    //   1. | ``s_wait_storecnt 0x0``
    //      | ``s_wait_loadcnt 0x0``
    //      | ``s_wait_dscnt 0x0``
    //
    //     - If OpenCL, omit
    //       ``s_wait_dscnt 0x0``
    //     - The waits can be
    //       independently moved
    //       according to the
    //       following rules:
    //     - ``s_wait_dscnt 0x0``
    //       must happen after
    //       preceding
    //       local load
    //       atomic/store
    //       atomic/atomicrmw
    //       with memory
    //       ordering of seq_cst
    //       and with equal or
    //       wider sync scope.
    //       (Note that seq_cst
    //       fences have their
    //       own ``s_wait_dscnt 0x0``
    //       and so do
    //       not need to be
    //       considered.)
    //     - ``s_wait_loadcnt 0x0``
    //       must happen after
    //       preceding
    //       global/generic load
    //       atomic/
    //       atomicrmw-with-return-value
    //       with memory
    //       ordering of seq_cst
    //       and with equal or
    //       wider sync scope.
    //       (Note that seq_cst
    //       fences have their
    //       own ``s_wait``\s and so do
    //       not need to be
    //       considered.)
    //     - ``s_wait_storecnt 0x0``
    //       Must happen after
    //       preceding
    //       global/generic store
    //       atomic/
    //       atomicrmw-no-return-value
    //       with memory
    //       ordering of seq_cst
    //       and with equal or
    //       wider sync scope.
    //       (Note that seq_cst
    //       fences have their
    //       own
    //       ``s_wait_storecnt 0x0`` and so do
    //       not need to be
    //       considered.)
    //     - Ensures any
    //       preceding
    //       sequential
    //       consistent global
    //       memory instructions
    //       have completed
    //       before executing
    //       this sequentially
    //       consistent
    //       instruction. This
    //       prevents reordering
    //       a seq_cst store
    //       followed by a
    //       seq_cst load. (Note
    //       that seq_cst is
    //       stronger than
    //       acquire/release as
    //       the reordering of
    //       load acquire
    //       followed by a store
    //       release is
    //       prevented by the
    //       ``s_wait``\s of
    //       the release, but
    //       there is nothing
    //       preventing a store
    //       release followed by
    //       load acquire from
    //       completing out of
    //       order. The ``s_wait``\s
    //       could be placed after
    //       seq_store or before
    //       the seq_load. We
    //       choose the load to
    //       make the ``s_wait``\s be
    //       as late as possible
    //       so that the store
    //       may have already
    //       completed.)
    //
    //   2. *Following
    //      instructions same as
    //      corresponding load
    //      atomic acquire,
    //      except must generate
    //      all instructions even
    //      for OpenCL.*
    Row {
        op: LlvmOp::LoadAtomic,
        ord: Ord::SeqCst,
        scopes: &[ScopeLevel::Cluster, ScopeLevel::Agent, ScopeLevel::System],
        spaces: &[Space::Global, Space::Generic],
        requires: &[],
        code: &[
            Step::Emit(&[], MInstr::Wait(Counter::Store, 0)),
            Step::Emit(&[], MInstr::Wait(Counter::Load, 0)),
            Step::Emit(&[], MInstr::Wait(Counter::Ds, 0)),
            Step::SameAs(LlvmOp::LoadAtomic, Ord::Acquire),
        ],
        en_line: 12573,
        zh_line: 0,
    },
    // ---- store atomic / seq_cst / singlethread, wavefront, workgroup, cluster, agent, system / global, local, generic
    // en (upstream AMDGPUUsage, this row of the table):
    //   *Same as corresponding
    //   store atomic release,
    //   except must generate
    //   all instructions even
    //   for OpenCL.*
    Row {
        op: LlvmOp::StoreAtomic,
        ord: Ord::SeqCst,
        scopes: &[ScopeLevel::SingleThread, ScopeLevel::Wavefront, ScopeLevel::Workgroup, ScopeLevel::Cluster, ScopeLevel::Agent, ScopeLevel::System],
        spaces: &[Space::Global, Space::Local, Space::Generic],
        requires: &[],
        code: &[
            Step::SameAs(LlvmOp::StoreAtomic, Ord::Release),
        ],
        en_line: 12677,
        zh_line: 0,
    },
    // ---- atomicrmw / seq_cst / singlethread, wavefront, workgroup, cluster, agent, system / global, local, generic
    // en (upstream AMDGPUUsage, this row of the table):
    //   *Same as corresponding
    //   atomicrmw acq_rel,
    //   except must generate
    //   all instructions even
    //   for OpenCL.*
    Row {
        op: LlvmOp::AtomicRmw,
        ord: Ord::SeqCst,
        scopes: &[ScopeLevel::SingleThread, ScopeLevel::Wavefront, ScopeLevel::Workgroup, ScopeLevel::Cluster, ScopeLevel::Agent, ScopeLevel::System],
        spaces: &[Space::Global, Space::Local, Space::Generic],
        requires: &[],
        code: &[
            Step::SameAs(LlvmOp::AtomicRmw, Ord::AcqRel),
        ],
        en_line: 12683,
        zh_line: 0,
    },
    // ---- fence / seq_cst / singlethread, wavefront, workgroup, cluster, agent, system / *none*
    // en (upstream AMDGPUUsage, this row of the table):
    //   *Same as corresponding
    //   fence acq_rel,
    //   except must generate
    //   all instructions even
    //   for OpenCL.*
    Row {
        op: LlvmOp::Fence,
        ord: Ord::SeqCst,
        scopes: &[ScopeLevel::SingleThread, ScopeLevel::Wavefront, ScopeLevel::Workgroup, ScopeLevel::Cluster, ScopeLevel::Agent, ScopeLevel::System],
        spaces: &[],
        requires: &[],
        code: &[
            Step::SameAs(LlvmOp::Fence, Ord::AcqRel),
        ],
        en_line: 12689,
        zh_line: 0,
    },
];

/// Table "AMDHSA Memory Model Code Sequences GFX125x - Instruction Scopes"
/// (upstream AMDGPUUsage, "AMDHSA Memory Model Code Sequences GFX125x - Instruction Scopes"; not in the specification's Chinese text).
///
/// ```text
/// LLVM syncscope                    ISA
/// *none*, one-as                    scope:SCOPE_SYS
/// system, system-one-as             scope:SCOPE_SYS
/// agent, agent-one-as               scope:SCOPE_DEV
/// cluster, cluster-one-as           scope:SCOPE_SE
/// workgroup, workgroup-one-as       scope:SCOPE_CU [1]
/// wavefront, wavefront-one-as       scope:SCOPE_CU [1]
/// singlethread, singlethread-one-as scope:SCOPE_CU [1]
/// [1] SCOPE_CU is the default scope: emitted by the compiler. It will be
///     omitted when instructions are emitted in textual form by the compiler.
/// ```
pub static SCOPES: &[(ScopeLevel, HwScope)] = &[
    (ScopeLevel::System, HwScope::Sys),
    (ScopeLevel::Agent, HwScope::Dev),
    (ScopeLevel::Cluster, HwScope::Se),
    (ScopeLevel::Workgroup, HwScope::Cu),
    (ScopeLevel::Wavefront, HwScope::Cu),
    (ScopeLevel::SingleThread, HwScope::Cu),
];

use crate::isa::HwScope;

/// The `scope:` operand for `scope`.
pub fn scope_operand(scope: ScopeLevel) -> Option<HwScope> {
    SCOPES.iter().find(|r| r.0 == scope).map(|r| r.1)
}
