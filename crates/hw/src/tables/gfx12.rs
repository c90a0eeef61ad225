//! Table "AMDHSA Memory Model Code Sequences GFX12" as data.
//!
//! Targets: gfx1200 (features: `:cumode`).
//! Specification: the Chinese AMDGPUUsage, "表 84 AMDHSA 内存模型代码序列 GFX12"; translation: the upstream AMDGPUUsage
//! (<https://llvm.org/docs/AMDGPUUsage.html>, "Memory Model" section).
//! Each row: the English cell (`en`), the seed's original (`zh`), then the data.

use super::{Cond, LlvmOp, Ord, Row, ScopeLevel, Space, Step, Table};
#[allow(unused_imports)]
use crate::isa::{Counter, Cpol, MInstr, ScopeOp, Th};

pub static TABLE: Table = Table {
    name: "AMDHSA Memory Model Code Sequences GFX12",
    zh_name: "表 84 AMDHSA 内存模型代码序列 GFX12",
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
    // zh (the specification's Chinese AMDGPUUsage, this row), original:
    //   load (加载)
    //   none
    //   none
    //   • global
    //   • generic (通用)
    //   • private
    //   • constant
    //   • !volatile & !nontemporal (非易失性 & 非临时性)
    //   1. buffer/global/flat_load
    //   • !volatile & nontemporal (非易失性 & 临时性)
    //   1. buffer/global/flat_load th:TH_LOAD_NT
    //   • volatile (易失性)
    //   1. buffer/global/flat_load scope:SCOPE_SYS
    //   2. s_wait_loadcnt 0x0
    //   • 必须在任何后续的易失性全局/通用加载/存储之前发生。
    //   • 确保对不同地址的易失性操作不会被硬件重新排序。
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
        en_line: 8357,
        zh_line: 13328,
    },
    // ---- load / *none* / *none* / local
    // en (upstream AMDGPUUsage, this row of the table):
    //   1. ds_load
    // zh (the specification's Chinese AMDGPUUsage, this row), original:
    //   load (加载)
    //   none
    //   none
    //   • local (本地)
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
        en_line: 8385,
        zh_line: 13360,
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
    // zh (the specification's Chinese AMDGPUUsage, this row), original:
    //   store (存储)
    //   none
    //   none
    //   • global
    //   • generic (通用)
    //   • private
    //   • constant
    //   • !volatile & !nontemporal (非易失性 & 非临时性)
    //   1. buffer/global/flat_store
    //   • !volatile & nontemporal (非易失性 & 临时性)
    //   1. buffer/global/flat_store th:TH_STORE_NT
    //   • volatile (易失性)
    //   1. buffer/global/flat_store scope:SCOPE_SYS
    //   2. s_wait_storecnt 0x0
    //   • 必须在任何后续的易失性全局/通用加载/存储之前发生。
    //   • 确保对不同地址的易失性操作不会被硬件重新排序。
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
        en_line: 8386,
        zh_line: 13370,
    },
    // ---- store / *none* / *none* / local
    // en (upstream AMDGPUUsage, this row of the table):
    //   1. ds_store
    // zh (the specification's Chinese AMDGPUUsage, this row), original:
    //   store (存储)
    //   none
    //   none
    //   • local (本地)
    //   1. ds_store
    //   无序原子
    Row {
        op: LlvmOp::Store,
        ord: Ord::NotAtomic,
        scopes: &[],
        spaces: &[Space::Local],
        requires: &[],
        code: &[
            Step::Emit(&[], MInstr::Access(Cpol::NONE)),
        ],
        en_line: 8414,
        zh_line: 13402,
    },
    // ---- load atomic / unordered / *any* / *any*
    // en (upstream AMDGPUUsage, this row of the table):
    //   *Same as non-atomic*.
    // zh (the specification's Chinese AMDGPUUsage, this row), original:
    //   load atomic (原子加载)
    //   unordered (无序)
    //   any (任何)
    //   any (任何)
    //   与非原子相同.
    Row {
        op: LlvmOp::LoadAtomic,
        ord: Ord::Unordered,
        scopes: &[],
        spaces: &[],
        requires: &[],
        code: &[
            Step::SameAs(LlvmOp::Load, Ord::NotAtomic),
        ],
        en_line: 8417,
        zh_line: 13414,
    },
    // ---- store atomic / unordered / *any* / *any*
    // en (upstream AMDGPUUsage, this row of the table):
    //   *Same as non-atomic*.
    // zh (the specification's Chinese AMDGPUUsage, this row), original:
    //   store atomic (原子存储)
    //   unordered (无序)
    //   any (任何)
    //   any (任何)
    //   与非原子相同.
    Row {
        op: LlvmOp::StoreAtomic,
        ord: Ord::Unordered,
        scopes: &[],
        spaces: &[],
        requires: &[],
        code: &[
            Step::SameAs(LlvmOp::Store, Ord::NotAtomic),
        ],
        en_line: 8418,
        zh_line: 13424,
    },
    // ---- atomicrmw / unordered / *any* / *any*
    // en (upstream AMDGPUUsage, this row of the table):
    //   *Same as monotonic atomic*.
    // zh (the specification's Chinese AMDGPUUsage, this row), original:
    //   atomicrmw (原子读-修改-写)
    //   unordered (无序)
    //   any (任何)
    //   any (任何)
    //   与单调原子相同.
    //   单调原子
    Row {
        op: LlvmOp::AtomicRmw,
        ord: Ord::Unordered,
        scopes: &[],
        spaces: &[],
        requires: &[],
        code: &[
            Step::SameAs(LlvmOp::AtomicRmw, Ord::Monotonic),
        ],
        en_line: 8419,
        zh_line: 13434,
    },
    // ---- load atomic / monotonic / singlethread, wavefront, workgroup, agent, system / global, generic
    // en (upstream AMDGPUUsage, this row of the table):
    //   1. buffer/global/flat_load
    //
    //    - Apply :ref:`amdgpu-amdhsa-memory-model-code-sequences-gfx12-scopes-table`.
    // zh (the specification's Chinese AMDGPUUsage, this row), original:
    //   load atomic (原子加载)
    //   monotonic (单调)
    //   • singlethread
    //   • wavefront
    //   • workgroup
    //   • agent
    //   • system
    //   • global
    //   • generic (通用)
    //   1. buffer/global/flat_load
    Row {
        op: LlvmOp::LoadAtomic,
        ord: Ord::Monotonic,
        scopes: &[ScopeLevel::SingleThread, ScopeLevel::Wavefront, ScopeLevel::Workgroup, ScopeLevel::Agent, ScopeLevel::System],
        spaces: &[Space::Global, Space::Generic],
        requires: &[],
        code: &[
            Step::Emit(&[], MInstr::Access(Cpol::NONE.scope(ScopeOp::Table))),
        ],
        en_line: 8422,
        zh_line: 13446,
    },
    // ---- load atomic / monotonic / singlethread, wavefront, workgroup / local
    // en (upstream AMDGPUUsage, this row of the table):
    //   1. ds_load
    // zh (the specification's Chinese AMDGPUUsage, this row), original:
    //   load atomic (原子加载)
    //   monotonic (单调)
    //   • singlethread
    //   • wavefront
    //   • workgroup
    //   • local (本地)
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
        en_line: 8427,
        zh_line: 13466,
    },
    // ---- store atomic / monotonic / singlethread, wavefront, workgroup, agent, system / global, generic
    // en (upstream AMDGPUUsage, this row of the table):
    //   1. buffer/global/flat_store
    //
    //     - Apply :ref:`amdgpu-amdhsa-memory-model-code-sequences-gfx12-scopes-table`.
    // zh (the specification's Chinese AMDGPUUsage, this row), original:
    //   store atomic (原子存储)
    //   monotonic (单调)
    //   • singlethread
    //   • wavefront
    //   • workgroup
    //   • agent
    //   • system
    //   • global
    //   • generic (通用)
    //   1. buffer/global/flat_store
    Row {
        op: LlvmOp::StoreAtomic,
        ord: Ord::Monotonic,
        scopes: &[ScopeLevel::SingleThread, ScopeLevel::Wavefront, ScopeLevel::Workgroup, ScopeLevel::Agent, ScopeLevel::System],
        spaces: &[Space::Global, Space::Generic],
        requires: &[],
        code: &[
            Step::Emit(&[], MInstr::Access(Cpol::NONE.scope(ScopeOp::Table))),
        ],
        en_line: 8430,
        zh_line: 13480,
    },
    // ---- store atomic / monotonic / singlethread, wavefront, workgroup / local
    // en (upstream AMDGPUUsage, this row of the table):
    //   1. ds_store
    // zh (the specification's Chinese AMDGPUUsage, this row), original:
    //   store atomic (原子存储)
    //   monotonic (单调)
    //   • singlethread
    //   • wavefront
    //   • workgroup
    //   • local (本地)
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
        en_line: 8435,
        zh_line: 13500,
    },
    // ---- atomicrmw / monotonic / singlethread, wavefront, workgroup, agent, system / global, generic
    // en (upstream AMDGPUUsage, this row of the table):
    //   1. buffer/global/flat_atomic
    //
    //     - Apply :ref:`amdgpu-amdhsa-memory-model-code-sequences-gfx12-scopes-table`.
    // zh (the specification's Chinese AMDGPUUsage, this row), original:
    //   atomicrmw (原子读-修改-写)
    //   monotonic (单调)
    //   • singlethread
    //   • wavefront
    //   • workgroup
    //   • agent
    //   • system
    //   • global
    //   • generic (通用)
    //   1. buffer/global/flat_atomic
    Row {
        op: LlvmOp::AtomicRmw,
        ord: Ord::Monotonic,
        scopes: &[ScopeLevel::SingleThread, ScopeLevel::Wavefront, ScopeLevel::Workgroup, ScopeLevel::Agent, ScopeLevel::System],
        spaces: &[Space::Global, Space::Generic],
        requires: &[],
        code: &[
            Step::Emit(&[], MInstr::Access(Cpol::NONE.scope(ScopeOp::Table))),
        ],
        en_line: 8438,
        zh_line: 13514,
    },
    // ---- atomicrmw / monotonic / singlethread, wavefront, workgroup / local
    // en (upstream AMDGPUUsage, this row of the table):
    //   1. ds_atomic
    // zh (the specification's Chinese AMDGPUUsage, this row), original:
    //   atomicrmw (原子读-修改-写)
    //   monotonic (单调)
    //   • singlethread
    //   • wavefront
    //   • workgroup
    //   • local (本地)
    //   1. ds_atomic
    //   获取原子
    Row {
        op: LlvmOp::AtomicRmw,
        ord: Ord::Monotonic,
        scopes: &[ScopeLevel::SingleThread, ScopeLevel::Wavefront, ScopeLevel::Workgroup],
        spaces: &[Space::Local],
        requires: &[],
        code: &[
            Step::Emit(&[], MInstr::Access(Cpol::NONE)),
        ],
        en_line: 8443,
        zh_line: 13534,
    },
    // ---- load atomic / acquire / singlethread, wavefront / global, local, generic
    // en (upstream AMDGPUUsage, this row of the table):
    //   1. buffer/global/ds/flat_load
    // zh (the specification's Chinese AMDGPUUsage, this row), original:
    //   load atomic (原子加载)
    //   acquire (获取)
    //   • singlethread
    //   • wavefront
    //   • global
    //   • local (本地)
    //   • generic (通用)
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
        en_line: 8448,
        zh_line: 13550,
    },
    // ---- load atomic / acquire / workgroup / global
    // en (upstream AMDGPUUsage, this row of the table):
    //   1. buffer/global_load ``scope:SCOPE_SE``
    //
    //     - Apply :ref:`amdgpu-amdhsa-memory-model-code-sequences-gfx12-scopes-table`.
    //
    //   2.  ``s_wait_loadcnt 0x0``
    //
    //     - If CU wavefront execution
    //       mode, omit.
    //     - Must happen before
    //       the following ``global_inv``
    //       and before any following
    //       global/generic
    //       load/load
    //       atomic/store/store
    //       atomic/atomicrmw.
    //
    //   3. ``global_inv scope:SCOPE_SE``
    //
    //     - If CU wavefront execution
    //       mode, omit.
    //     - Ensures that
    //       following
    //       loads will not see
    //       stale data.
    // zh (the specification's Chinese AMDGPUUsage, this row), original:
    //   load atomic (原子加载)
    //   acquire (获取)
    //   • workgroup
    //   • global
    //   1. buffer/global_load scope:SCOPE_SE
    //   1. s_wait_loadcnt 0x0
    //   • 如果是 CU wavefront 执行模式,则省略。
    //   • 必须在以下 global_inv 之前以及任何后续的 global/generic load/load atomic/store/store atomic/atomicrmw 之前发生。
    //   1. global_inv scope:SCOPE_SE
    //   • 如果是 CU wavefront 执行模式,则省略。
    //   • 确保后续加载不会看到过时的数据。
    Row {
        op: LlvmOp::LoadAtomic,
        ord: Ord::Acquire,
        scopes: &[ScopeLevel::Workgroup],
        spaces: &[Space::Global],
        requires: &[],
        code: &[
            // "Apply the Instruction Scopes table" (Table 83, "AMDHSA Memory
            // Model Code Sequences GFX12 - Instruction Scopes"): workgroup is
            // `scope:SCOPE_SE` in WGP mode and *none* in CU mode; the row's
            // literal `scope:SCOPE_SE` is the WGP-mode column (llc-22 emits
            // no scope for `gfx1200 -mattr=+cumode`).
            Step::Emit(&[], MInstr::Access(Cpol::NONE.scope(ScopeOp::Table))),
            Step::Emit(&[Cond::WgpMode], MInstr::Wait(Counter::Load, 0)),
            Step::Emit(&[Cond::WgpMode], MInstr::GlobalInv(ScopeOp::Se)),
        ],
        en_line: 8451,
        zh_line: 13566,
    },
    // ---- load atomic / acquire / workgroup / local
    // en (upstream AMDGPUUsage, this row of the table):
    //   1. ds_load
    //   2. ``s_wait_dscnt 0x0``
    //
    //     - If OpenCL, omit.
    //     - Must happen before
    //       the following ``global_inv``
    //       and before any following
    //       global/generic load/load
    //       atomic/store/store
    //       atomic/atomicrmw.
    //     - Ensures any
    //       following global
    //       data read is no
    //       older than the local load
    //       atomic value being
    //       acquired.
    //
    //   3. ``global_inv scope:SCOPE_SE``
    //
    //     - If OpenCL or CU wavefront
    //       execution mode, omit.
    //     - Ensures that
    //       following
    //       loads will not see
    //       stale data.
    // zh (the specification's Chinese AMDGPUUsage, this row), original:
    //   load atomic (原子加载)
    //   acquire (获取)
    //   • workgroup
    //   • local (本地)
    //   1. ds_load
    //   2. s_wait_dscnt 0x0
    //   • 如果是 OpenCL,则省略。
    //   • 必须在以下 global_inv 之前以及任何后续的 global/generic load/load atomic/store/store atomic/atomicrmw 之前发生。
    //   • 确保任何后续的全局数据读取都不比正在获取的本地原子加载值旧。
    //   1. global_inv scope:SCOPE_SE
    //   • 如果为 OpenCL 或 CU 波前执行模式,则省略。
    //   • 确保后续加载不会看到过时的数据。
    Row {
        op: LlvmOp::LoadAtomic,
        ord: Ord::Acquire,
        scopes: &[ScopeLevel::Workgroup],
        spaces: &[Space::Local],
        requires: &[],
        code: &[
            Step::Emit(&[], MInstr::Access(Cpol::NONE)),
            Step::Emit(&[], MInstr::Wait(Counter::Ds, 0)),
            Step::Emit(&[], MInstr::GlobalInv(ScopeOp::Se)),
        ],
        en_line: 8476,
        zh_line: 13588,
    },
    // ---- load atomic / acquire / workgroup / generic
    // en (upstream AMDGPUUsage, this row of the table):
    //   1. flat_load
    //
    //     - Apply :ref:`amdgpu-amdhsa-memory-model-code-sequences-gfx12-scopes-table`.
    //
    //   2. | ``s_wait_loadcnt 0x0``
    //      | ``s_wait_dscnt 0x0``
    //      | **CU wavefront execution mode:**
    //      | ``s_wait_dscnt 0x0``
    //
    //     - If OpenCL, omit ``s_wait_dscnt 0x0``
    //     - Must happen before
    //       the following
    //       ``global_inv`` and any
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
    //
    //   3. ``global_inv scope:SCOPE_SE``
    //
    //     - If CU wavefront execution
    //       mode, omit.
    //     - Ensures that
    //       following
    //       loads will not see
    //       stale data.
    // zh (the specification's Chinese AMDGPUUsage, this row), original:
    //   load atomic (原子加载)
    //   acquire (获取)
    //   • workgroup
    //   • generic (通用)
    //   1. flat_load
    //   1. s_wait_loadcnt 0x0
    //   s_wait_dscnt 0x0
    //   CU 波前执行模式
    //   s_wait_dscnt 0x0
    //   • 如果为 OpenCL,则省略 s_wait_dscnt 0x0
    //   • 必须在以下 global_inv 之前以及任何后续的 global/generic load/load atomic/store/store atomic/atomicrmw 之前发生。
    //   • 确保任何后续的全局数据读取都不比正在获取的本地原子加载值旧。
    //   1. global_inv scope:SCOPE_SE
    //   • 如果是 CU wavefront 执行模式,则省略。
    //   • 确保后续加载不会看到过时的数据。
    Row {
        op: LlvmOp::LoadAtomic,
        ord: Ord::Acquire,
        scopes: &[ScopeLevel::Workgroup],
        spaces: &[Space::Generic],
        requires: &[],
        code: &[
            Step::Emit(&[], MInstr::Access(Cpol::NONE.scope(ScopeOp::Table))),
            Step::Emit(&[Cond::WgpMode], MInstr::Wait(Counter::Load, 0)),
            Step::Emit(&[], MInstr::Wait(Counter::Ds, 0)),
            Step::Emit(&[Cond::WgpMode], MInstr::GlobalInv(ScopeOp::Se)),
        ],
        en_line: 8502,
        zh_line: 13612,
    },
    // ---- load atomic / acquire / agent, system / global
    // en (upstream AMDGPUUsage, this row of the table):
    //   1. buffer/global_load
    //
    //     - Apply :ref:`amdgpu-amdhsa-memory-model-code-sequences-gfx12-scopes-table`.
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
    //     - Apply :ref:`amdgpu-amdhsa-memory-model-code-sequences-gfx12-scopes-table`.
    //     - Must happen before
    //       any following
    //       global/generic
    //       load/load
    //       atomic/atomicrmw.
    //     - Ensures that
    //       following
    //       loads will not see
    //       stale global data.
    // zh (the specification's Chinese AMDGPUUsage, this row), original:
    //   load atomic (原子加载)
    //   acquire (获取)
    //   • agent
    //   • system
    //   • global
    //   1. buffer/global_load
    //   1. s_wait_loadcnt 0x0
    //   • 必须在以下 global_inv 之前发生。
    //   • 确保在使缓存失效之前,加载已完成。
    //   1. global_inv
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
        ],
        en_line: 8535,
        zh_line: 13638,
    },
    // ---- load atomic / acquire / agent, system / generic
    // en (upstream AMDGPUUsage, this row of the table):
    //   1. flat_load
    //
    //     - Apply :ref:`amdgpu-amdhsa-memory-model-code-sequences-gfx12-scopes-table`.
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
    //     - Apply :ref:`amdgpu-amdhsa-memory-model-code-sequences-gfx12-scopes-table`.
    //     - Must happen before
    //       any following
    //       global/generic
    //       load/load
    //       atomic/atomicrmw.
    //     - Ensures that
    //       following loads
    //       will not see stale
    //       global data.
    // zh (the specification's Chinese AMDGPUUsage, this row), original:
    //   load atomic (原子加载)
    //   acquire (获取)
    //   • agent
    //   • system
    //   • generic (通用)
    //   1. flat_load
    //   1. s_wait_loadcnt 0x0
    //   s_wait_dscnt 0x0
    //   • 如果为 OpenCL,则省略 s_wait_dscnt 0x0
    //   • 必须在以下 global_inv 之前发生。
    //   • 确保在使缓存失效之前,flat_load 已完成。
    //   1. global_inv
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
        ],
        en_line: 8562,
        zh_line: 13658,
    },
    // ---- atomicrmw / acquire / singlethread, wavefront / global, local, generic
    // en (upstream AMDGPUUsage, this row of the table):
    //   1. buffer/global/ds/flat_atomic
    // zh (the specification's Chinese AMDGPUUsage, this row), original:
    //   atomicrmw (原子读-修改-写)
    //   acquire (获取)
    //   • singlethread
    //   • wavefront
    //   • global
    //   • local (本地)
    //   • generic (通用)
    //   1. buffer/global/ds/flat_atomic
    Row {
        op: LlvmOp::AtomicRmw,
        ord: Ord::Acquire,
        scopes: &[ScopeLevel::SingleThread, ScopeLevel::Wavefront],
        spaces: &[Space::Global, Space::Local, Space::Generic],
        requires: &[],
        code: &[
            Step::Emit(&[], MInstr::Access(Cpol::NONE)),
        ],
        en_line: 8591,
        zh_line: 13680,
    },
    // ---- atomicrmw / acquire / workgroup / global
    // en (upstream AMDGPUUsage, this row of the table):
    //   1. buffer/global_atomic
    //
    //     - Apply :ref:`amdgpu-amdhsa-memory-model-code-sequences-gfx12-scopes-table`.
    //     - If atomic with return,
    //       use ``th:TH_ATOMIC_RETURN``
    //
    //   2. | **Atomic with return:**
    //      | ``s_wait_loadcnt 0x0``
    //      | **Atomic without return:**
    //      | ``s_wait_storecnt 0x0``
    //
    //     - If CU wavefront execution
    //       mode, omit.
    //     - Must happen before
    //       the following ``global_inv``
    //       and before any following
    //       global/generic
    //       load/load
    //       atomic/store/store
    //       atomic/atomicrmw.
    //
    //   3. ``global_inv scope:SCOPE_SE``
    //
    //     - If CU wavefront execution
    //       mode, omit.
    //     - Ensures that
    //       following
    //       loads will not see
    //       stale data.
    // zh (the specification's Chinese AMDGPUUsage, this row), original:
    //   atomicrmw (原子读-修改-写)
    //   acquire (获取)
    //   • workgroup
    //   • global
    //   1. buffer/global_atomic
    //   1. 带返回值的 Atomic
    //   s_wait_loadcnt 0x0
    //   不带返回值的 Atomic
    //   s_wait_storecnt 0x0
    //   • 如果是 CU wavefront 执行模式,则省略。
    //   • 必须在以下 global_inv 之前以及任何后续的 global/generic load/load atomic/store/store atomic/atomicrmw 之前发生。
    //   1. global_inv scope:SCOPE_SE
    //   • 如果是 CU wavefront 执行模式,则省略。
    //   • 确保后续加载不会看到过时的数据。
    // NOTE: the seed and the upstream text differ here (upstream only: TH_ATOMIC_RETURN; seed only: -);
    // the data follows the seed.
    Row {
        op: LlvmOp::AtomicRmw,
        ord: Ord::Acquire,
        scopes: &[ScopeLevel::Workgroup],
        spaces: &[Space::Global],
        requires: &[],
        code: &[
            Step::Emit(&[], MInstr::Access(Cpol::NONE.scope(ScopeOp::Table))),
            Step::Emit(&[Cond::WgpMode, Cond::Ret], MInstr::Wait(Counter::Load, 0)),
            Step::Emit(&[Cond::WgpMode, Cond::NoRet], MInstr::Wait(Counter::Store, 0)),
            Step::Emit(&[Cond::WgpMode], MInstr::GlobalInv(ScopeOp::Se)),
        ],
        en_line: 8594,
        zh_line: 13696,
    },
    // ---- atomicrmw / acquire / workgroup / local
    // en (upstream AMDGPUUsage, this row of the table):
    //   1. ds_atomic
    //   2. ``s_wait_dscnt 0x0``
    //
    //     - If OpenCL, omit.
    //     - Must happen before
    //       the following
    //       ``global_inv``.
    //     - Ensures any
    //       following global
    //       data read is no
    //       older than the local
    //       atomicrmw value
    //       being acquired.
    //
    //   3. ``global_inv scope:SCOPE_SE``
    //
    //     - If OpenCL omit.
    //     - If CU wavefront execution
    //       mode, omit.
    //     - Ensures that
    //       following
    //       loads will not see
    //       stale data.
    // zh (the specification's Chinese AMDGPUUsage, this row), original:
    //   atomicrmw (原子读-修改-写)
    //   acquire (获取)
    //   • workgroup
    //   • local (本地)
    //   1. ds_atomic
    //   2. s_wait_dscnt 0x0
    //   • 如果是 OpenCL,则省略。
    //   • 必须在以下 global_inv 之前发生。
    //   • 确保任何后续全局数据读取都不早于正在获取的本地 atomicrmw 值。
    //   1. global_inv scope:SCOPE_SE
    //   • 如果是 OpenCL,则省略。
    //   • 如果是 CU wavefront 执行模式,则省略。
    //   • 确保后续加载不会看到过时的数据。
    Row {
        op: LlvmOp::AtomicRmw,
        ord: Ord::Acquire,
        scopes: &[ScopeLevel::Workgroup],
        spaces: &[Space::Local],
        requires: &[],
        code: &[
            Step::Emit(&[], MInstr::Access(Cpol::NONE)),
            Step::Emit(&[], MInstr::Wait(Counter::Ds, 0)),
            Step::Emit(&[Cond::WgpMode], MInstr::GlobalInv(ScopeOp::Se)),
        ],
        en_line: 8624,
        zh_line: 13720,
    },
    // ---- atomicrmw / acquire / workgroup / generic
    // en (upstream AMDGPUUsage, this row of the table):
    //   1. flat_atomic
    //
    //     - Apply :ref:`amdgpu-amdhsa-memory-model-code-sequences-gfx12-scopes-table`.
    //     - If atomic with return,
    //       use ``th:TH_ATOMIC_RETURN``
    //
    //   2. | **Atomic with return:**
    //      | ``s_wait_loadcnt 0x0``
    //      | ``s_wait_dscnt 0x0``
    //      | **Atomic without return:**
    //      | ``s_wait_storecnt 0x0``
    //      | ``s_wait_dscnt 0x0``
    //
    //     - If CU wavefront execution mode,
    //       omit all for atomics without
    //       return, and only emit
    //       ``s_wait_dscnt 0x0`` for atomics
    //       with return.
    //     - If OpenCL, omit ``s_wait_dscnt 0x0``
    //     - Must happen before
    //       the following
    //       ``global_inv``.
    //     - Ensures any
    //       following global
    //       data read is no
    //       older than a local
    //       atomicrmw value
    //       being acquired.
    //
    //   3. ``global_inv scope:SCOPE_SE``
    //
    //     - If CU wavefront execution
    //       mode, omit.
    //     - Ensures that
    //       following
    //       loads will not see
    //       stale data.
    // zh (the specification's Chinese AMDGPUUsage, this row), original:
    //   atomicrmw (原子读-修改-写)
    //   acquire (获取)
    //   • workgroup
    //   • generic (通用)
    //   1. flat_atomic
    //   1. 带返回值的 Atomic
    //   s_wait_loadcnt 0x0
    //   s_wait_dscnt 0x0
    //   不带返回值的 Atomic
    //   s_wait_storecnt 0x0
    //   s_wait_dscnt 0x0
    //   • 如果为 CU 波前执行模式,则对于不带返回值的 atomic,省略所有内容,对于带返回值的 atomic,仅发出 s_wait_dscnt 0x0
    //   • 如果为 OpenCL,则省略 s_wait_dscnt 0x0
    //   • 必须在以下 global_inv 之前发生。
    //   • 确保任何后续的全局数据读取都不比正在获取的本地原子读-修改-写值旧。
    //   1. global_inv scope:SCOPE_SE
    //   • 如果是 CU wavefront 执行模式,则省略。
    //   • 确保后续加载不会看到过时的数据。
    Row {
        op: LlvmOp::AtomicRmw,
        ord: Ord::Acquire,
        scopes: &[ScopeLevel::Workgroup],
        spaces: &[Space::Generic],
        requires: &[],
        code: &[
            Step::Emit(&[], MInstr::Access(Cpol::NONE.scope(ScopeOp::Table))),
            Step::Emit(&[Cond::WgpMode, Cond::Ret], MInstr::Wait(Counter::Load, 0)),
            Step::Emit(&[Cond::WgpMode, Cond::NoRet], MInstr::Wait(Counter::Store, 0)),
            Step::Emit(&[Cond::Ret], MInstr::Wait(Counter::Ds, 0)),
            Step::Emit(&[Cond::WgpMode, Cond::NoRet], MInstr::Wait(Counter::Ds, 0)),
            Step::Emit(&[Cond::WgpMode], MInstr::GlobalInv(ScopeOp::Se)),
        ],
        en_line: 8648,
        zh_line: 13746,
    },
    // ---- atomicrmw / acquire / agent, system / global
    // en (upstream AMDGPUUsage, this row of the table):
    //   1. buffer/global_atomic
    //
    //     - Apply :ref:`amdgpu-amdhsa-memory-model-code-sequences-gfx12-scopes-table`.
    //     - If atomic with return,
    //       use ``th:TH_ATOMIC_RETURN``
    //
    //   2. | **Atomic with return:**
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
    //   3. ``global_inv``
    //
    //     - Apply :ref:`amdgpu-amdhsa-memory-model-code-sequences-gfx12-scopes-table`.
    //     - Must happen before
    //       any following
    //       global/generic
    //       load/load
    //       atomic/atomicrmw.
    //     - Ensures that
    //       following loads
    //       will not see stale
    //       global data.
    // zh (the specification's Chinese AMDGPUUsage, this row), original:
    //   atomicrmw (原子读-修改-写)
    //   acquire (获取)
    //   • agent
    //   • system
    //   • global
    //   1. buffer/global_atomic
    //   1. 带返回值的 Atomic
    //   s_wait_loadcnt 0x0
    //   不带返回值的 Atomic
    //   s_wait_storecnt 0x0
    //   • 必须在以下 global_inv 之前发生。
    //   • 确保在使缓存失效之前,atomicrmw 已完成。
    //   1. global_inv
    // NOTE: the seed and the upstream text differ here (upstream only: TH_ATOMIC_RETURN; seed only: -);
    // the data follows the seed.
    Row {
        op: LlvmOp::AtomicRmw,
        ord: Ord::Acquire,
        scopes: &[ScopeLevel::Agent, ScopeLevel::System],
        spaces: &[Space::Global],
        requires: &[],
        code: &[
            Step::Emit(&[], MInstr::Access(Cpol::NONE.scope(ScopeOp::Table))),
            Step::Emit(&[Cond::Ret], MInstr::Wait(Counter::Load, 0)),
            Step::Emit(&[Cond::NoRet], MInstr::Wait(Counter::Store, 0)),
            Step::Emit(&[], MInstr::GlobalInv(ScopeOp::Table)),
        ],
        en_line: 8686,
        zh_line: 13776,
    },
    // ---- atomicrmw / acquire / agent, system / generic
    // en (upstream AMDGPUUsage, this row of the table):
    //   1. flat_atomic
    //
    //     - Apply :ref:`amdgpu-amdhsa-memory-model-code-sequences-gfx12-scopes-table`.
    //     - If atomic with return,
    //       use ``th:TH_ATOMIC_RETURN``
    //
    //   2. | **Atomic with return:**
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
    //   3. ``global_inv``
    //
    //     - Apply :ref:`amdgpu-amdhsa-memory-model-code-sequences-gfx12-scopes-table`.
    //     - Must happen before
    //       any following
    //       global/generic
    //       load/load
    //       atomic/atomicrmw.
    //     - Ensures that
    //       following loads
    //       will not see stale
    //       global data.
    // zh (the specification's Chinese AMDGPUUsage, this row), original:
    //   atomicrmw (原子读-修改-写)
    //   acquire (获取)
    //   • agent
    //   • system
    //   • generic (通用)
    //   1. flat_atomic
    //   1. 带返回值的 Atomic
    //   s_wait_loadcnt 0x0
    //   s_wait_dscnt 0x0
    //   不带返回值的 Atomic
    //   s_wait_storecnt 0x0
    //   s_wait_dscnt 0x0
    //   • 如果为 OpenCL,则省略 dscnt
    //   • 必须在以下 global_inv 之前发生
    //   • 确保在使缓存失效之前,atomicrmw 已完成。
    //   1. global_inv
    Row {
        op: LlvmOp::AtomicRmw,
        ord: Ord::Acquire,
        scopes: &[ScopeLevel::Agent, ScopeLevel::System],
        spaces: &[Space::Generic],
        requires: &[],
        code: &[
            Step::Emit(&[], MInstr::Access(Cpol::NONE.scope(ScopeOp::Table))),
            Step::Emit(&[Cond::Ret], MInstr::Wait(Counter::Load, 0)),
            Step::Emit(&[Cond::NoRet], MInstr::Wait(Counter::Store, 0)),
            Step::Emit(&[], MInstr::Wait(Counter::Ds, 0)),
            Step::Emit(&[], MInstr::GlobalInv(ScopeOp::Table)),
        ],
        en_line: 8718,
        zh_line: 13798,
    },
    // ---- fence / acquire / singlethread, wavefront / *none*
    // en (upstream AMDGPUUsage, this row of the table):
    //   *none*
    // zh (the specification's Chinese AMDGPUUsage, this row), original:
    //   fence (栅栏)
    //   acquire (获取)
    //   • singlethread
    //   • wavefront
    //   none
    //   none
    Row {
        op: LlvmOp::Fence,
        ord: Ord::Acquire,
        scopes: &[ScopeLevel::SingleThread, ScopeLevel::Wavefront],
        spaces: &[],
        requires: &[],
        code: &[
        ],
        en_line: 8754,
        zh_line: 13824,
    },
    // ---- fence / acquire / workgroup / *none*
    // en (upstream AMDGPUUsage, this row of the table):
    //   1. | ``s_wait_storecnt 0x0``
    //      | ``s_wait_loadcnt 0x0``
    //      | ``s_wait_dscnt 0x0``
    //      | **CU wavefront execution mode:**
    //      | ``s_wait_dscnt 0x0``
    //
    //     - If OpenCL, omit ``s_wait_dscnt 0x0``
    //     - If OpenCL and address space is local,
    //       omit all.
    //     - See :ref:`amdgpu-fence-as` for
    //       more details on fencing specific
    //       address spaces.
    //     - Note: we don't have to use
    //       ``s_wait_samplecnt 0x0`` or
    //       ``s_wait_bvhcnt 0x0`` because
    //       there are no atomic sample or
    //       BVH instructions that the fence
    //       could pair with.
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
    //       ``global_inv``.
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
    //
    //   2. ``global_inv scope:SCOPE_SE``
    //
    //     - If CU wavefront execution
    //       mode, omit.
    //     - Ensures that
    //       following
    //       loads will not see
    //       stale data.
    // zh (the specification's Chinese AMDGPUUsage, this row), original:
    //   fence (栅栏)
    //   acquire (获取)
    //   • workgroup
    //   none
    //   1. s_wait_storecnt 0x0
    //   s_wait_loadcnt 0x0
    //   s_wait_dscnt 0x0
    //   CU 波前执行模式
    //   s_wait_dscnt 0x0
    //   • 如果为 OpenCL,则省略 s_wait_dscnt 0x0
    //   • 如果为 OpenCL 且地址空间为 local,则省略所有内容。
    //   • 有关 fence 特定地址空间的更多详细信息,请参见 Fence 和地址空间
    //   • 注意:我们不必使用 s_wait_samplecnt 0x0s_wait_bvhcnt 0x0,因为没有栅栏可以与 atomic sample 或 BVH 指令配对。
    //   • 等待可以根据以下规则独立移动
    //   • s_wait_loadcnt 0x0 必须在任何先前的 global/generic load atomic/ atomicrmw-with-return-value 之后发生,且该指令具有相等或更宽的同步作用域以及强于 unordered 的内存排序(这称为栅栏配对原子操作)。
    //   • s_wait_storecnt 0x0 必须在任何先前的 global/generic atomicrmw-no-return-value 之后发生,且该指令具有相等或更宽的同步作用域以及强于 unordered 的内存排序(这称为栅栏配对原子操作)。
    //   • s_wait_dscnt 0x0 必须在任何先前的 local/generic load atomic/atomicrmw 之后发生,且该指令具有相等或更宽的同步作用域以及强于 unordered 的内存排序(这称为栅栏配对原子操作)。
    //   • 必须在以下 global_inv 之前发生。
    //   • 确保 fence 配对原子操作在使缓存无效之前已完成。因此,任何后续读取的位置都必须不比 fence 配对原子操作读取的值旧。
    //   1. global_inv scope:SCOPE_SE
    //   • 如果是 CU wavefront 执行模式,则省略。
    //   • 确保后续加载不会看到过时的数据。
    Row {
        op: LlvmOp::Fence,
        ord: Ord::Acquire,
        scopes: &[ScopeLevel::Workgroup],
        spaces: &[],
        requires: &[],
        code: &[
            Step::Emit(&[Cond::WgpMode], MInstr::Wait(Counter::Store, 0)),
            Step::Emit(&[Cond::WgpMode], MInstr::Wait(Counter::Load, 0)),
            Step::Emit(&[Cond::WgpMode], MInstr::Wait(Counter::Ds, 0)),
            Step::Emit(&[Cond::CuMode], MInstr::Wait(Counter::Ds, 0)),
            Step::Emit(&[Cond::WgpMode], MInstr::GlobalInv(ScopeOp::Se)),
        ],
        en_line: 8756,
        zh_line: 13836,
    },
    // ---- fence / acquire / agent / *none*
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
    //     - Note: we don't have to use
    //       ``s_wait_samplecnt 0x0`` or
    //       ``s_wait_bvhcnt 0x0`` because
    //       there are no atomic sample or
    //       BVH instructions that the fence
    //       could pair with.
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
    //     - Apply :ref:`amdgpu-amdhsa-memory-model-code-sequences-gfx12-scopes-table`.
    //     - Ensures that
    //       following
    //       loads will not see
    //       stale data.
    // zh (the specification's Chinese AMDGPUUsage, this row), original:
    //   fence (栅栏)
    //   acquire (获取)
    //   • agent
    //   none
    //   1. s_wait_storecnt 0x0
    //   s_wait_loadcnt 0x0
    //   s_wait_dscnt 0x0
    //   • 如果为 OpenCL,则省略 s_wait_dscnt 0x0
    //   • 如果为 OpenCL 且地址空间为 local,则省略所有内容。
    //   • 有关 fence 特定地址空间的更多详细信息,请参见 Fence 和地址空间
    //   • 注意:我们不必使用 s_wait_samplecnt 0x0s_wait_bvhcnt 0x0,因为没有栅栏可以与 atomic sample 或 BVH 指令配对。
    //   • 等待可以根据以下规则独立移动
    //   • s_wait_loadcnt 0x0 必须在任何先前的 global/generic load atomic/ atomicrmw-with-return-value 之后发生,且该指令具有相等或更宽的同步作用域以及强于 unordered 的内存排序(这称为栅栏配对原子操作)。
    //   • s_wait_storecnt 0x0 必须在任何先前的 global/generic atomicrmw-no-return-value 之后发生,且该指令具有相等或更宽的同步作用域以及强于 unordered 的内存排序(这称为栅栏配对原子操作)。
    //   • s_wait_dscnt 0x0 必须在任何先前的 local/generic load atomic/atomicrmw 之后发生,且该指令具有相等或更宽的同步作用域以及强于 unordered 的内存排序(这称为栅栏配对原子操作)。
    //   • 必须在以下 global_inv 之前发生
    //   • 确保 fence-paired atomic 在使缓存失效之前完成。因此,任何后续读取的位置都不能早于 fence-paired-atomic 读取的值。
    //   1. global_inv
    //   释放原子
    // NOTE: both texts list only `agent` for this row, while every other
    // GFX12 fence row, and GFX125x's `fence acquire`, reads "agent / system";
    // without `system` the table has no code for `fence acquire system`. The
    // data adds `system` (the code is the same, `global_inv` takes
    // SCOPE_SYS from the scopes table): docs/findings.md F5.
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
        ],
        en_line: 8840,
        zh_line: 13875,
    },
    // ---- store atomic / release / singlethread, wavefront / global, local, generic
    // en (upstream AMDGPUUsage, this row of the table):
    //   1. buffer/global/ds/flat_store
    // zh (the specification's Chinese AMDGPUUsage, this row), original:
    //   store atomic (原子存储)
    //   release (释放)
    //   • singlethread
    //   • wavefront
    //   • global
    //   • local (本地)
    //   • generic (通用)
    //   1. buffer/global/ds/flat_store
    Row {
        op: LlvmOp::StoreAtomic,
        ord: Ord::Release,
        scopes: &[ScopeLevel::SingleThread, ScopeLevel::Wavefront],
        spaces: &[Space::Global, Space::Local, Space::Generic],
        requires: &[],
        code: &[
            Step::Emit(&[], MInstr::Access(Cpol::NONE)),
        ],
        en_line: 8922,
        zh_line: 13910,
    },
    // ---- store atomic / release / workgroup / global, generic
    // en (upstream AMDGPUUsage, this row of the table):
    //   1. | ``s_wait_bvhcnt 0x0``
    //      | ``s_wait_samplecnt 0x0``
    //      | ``s_wait_storecnt 0x0``
    //      | ``s_wait_loadcnt 0x0``
    //      | ``s_wait_dscnt 0x0``
    //
    //     - If OpenCL, omit ``s_wait_dscnt 0x0``.
    //     - The waits can be
    //       independently moved
    //       according to the
    //       following rules:
    //     - ``s_wait_loadcnt 0x0``,
    //       ``s_wait_samplecnt 0x0`` and
    //       ``s_wait_bvhcnt 0x0``
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
    //     - Ensures that all
    //       memory operations
    //       have
    //       completed before
    //       performing the
    //       store that is being
    //       released.
    //
    //   3. buffer/global/flat_store
    //
    //     - Apply :ref:`amdgpu-amdhsa-memory-model-code-sequences-gfx12-scopes-table`.
    // zh (the specification's Chinese AMDGPUUsage, this row), original:
    //   store atomic (原子存储)
    //   release (释放)
    //   • workgroup
    //   • global
    //   1. s_wait_bvhcnt 0x0
    //   s_wait_samplecnt 0x0
    //   s_wait_storecnt 0x0
    //   s_wait_loadcnt 0x0
    //   s_wait_dscnt 0x0
    //   CU 波前执行模式
    //   s_wait_dscnt 0x0
    //   • 如果为 OpenCL,则省略 s_wait_dscnt 0x0
    //   • 等待可以根据以下规则独立移动
    //   • s_wait_loadcnt 0x0s_wait_samplecnt 0x0s_wait_bvhcnt 0x0 必须在任何先前的 global/generic load/load atomic/ atomicrmw-with-return-value 之后发生。
    //   • s_wait_storecnt 0x0 必须在任何先前的 global/generic store/store atomic/ atomicrmw-no-return-value 之后发生。
    //   • s_wait_dscnt 0x0 必须在任何先前的 local/generic load/store/load atomic/store atomic/atomicrmw 之后发生。
    //   • 确保所有内存操作在执行正在释放的存储之前完成。
    //   1. buffer/global/flat_store
    Row {
        op: LlvmOp::StoreAtomic,
        ord: Ord::Release,
        scopes: &[ScopeLevel::Workgroup],
        spaces: &[Space::Global, Space::Generic],
        requires: &[],
        code: &[
            Step::Emit(&[], MInstr::Wait(Counter::Bvh, 0)),
            Step::Emit(&[], MInstr::Wait(Counter::Sample, 0)),
            Step::Emit(&[], MInstr::Wait(Counter::Store, 0)),
            Step::Emit(&[], MInstr::Wait(Counter::Load, 0)),
            Step::Emit(&[], MInstr::Wait(Counter::Ds, 0)),
            Step::Emit(&[], MInstr::Access(Cpol::NONE.scope(ScopeOp::Table))),
        ],
        en_line: 8925,
        zh_line: 13926,
    },
    // ---- store atomic / release / workgroup / local
    // en (upstream AMDGPUUsage, this row of the table):
    //   1. | ``s_wait_bvhcnt 0x0``
    //      | ``s_wait_samplecnt 0x0``
    //      | ``s_wait_storecnt 0x0``
    //      | ``s_wait_loadcnt 0x0``
    //      | ``s_wait_dscnt 0x0``
    //
    //     - If OpenCL, omit.
    //     - The waits can be
    //       independently moved
    //       according to the
    //       following rules:
    //     - ``s_wait_loadcnt 0x0``,
    //       ``s_wait_samplecnt 0x0`` and
    //       ``s_wait_bvhcnt 0x0``
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
    //   3. ds_store
    // zh (the specification's Chinese AMDGPUUsage, this row), original:
    //   store atomic (原子存储)
    //   release (释放)
    //   • workgroup
    //   • local (本地)
    //   1. s_wait_bvhcnt 0x0
    //   s_wait_samplecnt 0x0
    //   s_wait_storecnt 0x0
    //   s_wait_loadcnt 0x0
    //   s_wait_dscnt 0x0
    //   CU 波前执行模式
    //   s_wait_dscnt 0x0
    //   • 如果是 OpenCL,则省略。
    //   • 等待可以根据以下规则独立移动
    //   • s_wait_loadcnt 0x0s_wait_samplecnt 0x0s_wait_bvhcnt 0x0 必须在任何先前的 global/generic load/load atomic/ atomicrmw-with-return-value 之后发生。
    //   • s_wait_storecnt 0x0 必须在任何先前的 global/generic store/store atomic/ atomicrmw-no-return-value 之后发生。
    //   • 必须在后续的存储之前发生。
    //   • 确保所有全局内存操作在执行正在释放的存储之前完成。
    //   1. ds_store
    Row {
        op: LlvmOp::StoreAtomic,
        ord: Ord::Release,
        scopes: &[ScopeLevel::Workgroup],
        spaces: &[Space::Local],
        requires: &[],
        code: &[
            Step::Emit(&[], MInstr::Wait(Counter::Bvh, 0)),
            Step::Emit(&[], MInstr::Wait(Counter::Sample, 0)),
            Step::Emit(&[], MInstr::Wait(Counter::Store, 0)),
            Step::Emit(&[], MInstr::Wait(Counter::Load, 0)),
            Step::Emit(&[], MInstr::Wait(Counter::Ds, 0)),
            Step::Emit(&[], MInstr::Access(Cpol::NONE)),
        ],
        en_line: 8970,
        zh_line: 13955,
    },
    // ---- store atomic / release / agent, system / global, generic
    // en (upstream AMDGPUUsage, this row of the table):
    //   1. ``global_wb scope:SCOPE_SYS``
    //
    //      - If agent scope, omit.
    //
    //   2. | ``s_wait_bvhcnt 0x0``
    //      | ``s_wait_samplecnt 0x0``
    //      | ``s_wait_storecnt 0x0``
    //      | ``s_wait_loadcnt 0x0``
    //      | ``s_wait_dscnt 0x0``
    //
    //     - If OpenCL, omit ``s_wait_dscnt 0x0``.
    //     - The waits can be
    //       independently moved
    //       according to the
    //       following rules:
    //     - ``s_wait_loadcnt 0x0``,
    //       ``s_wait_samplecnt 0x0`` and
    //       ``s_wait_bvhcnt 0x0``
    //       must happen after
    //       any preceding
    //       global/generic
    //       load/load
    //       atomic/
    //       atomicrmw-with-return-value.
    //     - ``s_wait_storecnt 0x0``
    //       must happen after
    //       ``global_wb`` if present, or
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
    //   3. buffer/global/flat_store
    //
    //     - Apply :ref:`amdgpu-amdhsa-memory-model-code-sequences-gfx12-scopes-table`.
    // zh (the specification's Chinese AMDGPUUsage, this row), original:
    //   store atomic (原子存储)
    //   release (释放)
    //   • agent
    //   • system
    //   • global
    //   • generic (通用)
    //   1. global_wb scope:SCOPE_SYS
    //   • 如果是代理作用域,则省略。
    //   2. s_wait_bvhcnt 0x0
    //   s_wait_samplecnt 0x0
    //   s_wait_storecnt 0x0
    //   s_wait_loadcnt 0x0
    //   s_wait_dscnt 0x0
    //   • 如果为 OpenCL,则省略 s_wait_dscnt 0x0
    //   • 等待可以根据以下规则独立移动
    //   • s_wait_loadcnt 0x0s_wait_samplecnt 0x0s_wait_bvhcnt 0x0 必须在任何先前的 global/generic load/load atomic/ atomicrmw-with-return-value 之后发生。
    //   • s_wait_storecnt 0x0 必须在 global_wb (如果存在)之后或任何先前的 global/generic store/store atomic/ atomicrmw-no-return-value 之后发生。
    //   • s_wait_dscnt 0x0 必须在任何先前的 local/generic load/store/load atomic/store atomic/atomicrmw 之后发生。
    //   • 必须在后续的存储之前发生。
    //   • 确保所有内存操作在执行正在释放的存储之前完成。
    //   1. buffer/global/flat_store
    Row {
        op: LlvmOp::StoreAtomic,
        ord: Ord::Release,
        scopes: &[ScopeLevel::Agent, ScopeLevel::System],
        spaces: &[Space::Global, Space::Generic],
        requires: &[],
        code: &[
            Step::Emit(&[Cond::SystemScope], MInstr::GlobalWb(ScopeOp::Sys)),
            Step::Emit(&[], MInstr::Wait(Counter::Bvh, 0)),
            Step::Emit(&[], MInstr::Wait(Counter::Sample, 0)),
            Step::Emit(&[], MInstr::Wait(Counter::Store, 0)),
            Step::Emit(&[], MInstr::Wait(Counter::Load, 0)),
            Step::Emit(&[], MInstr::Wait(Counter::Ds, 0)),
            Step::Emit(&[], MInstr::Access(Cpol::NONE.scope(ScopeOp::Table))),
        ],
        en_line: 9007,
        zh_line: 13984,
    },
    // ---- atomicrmw / release / singlethread, wavefront / global, local, generic
    // en (upstream AMDGPUUsage, this row of the table):
    //   1. buffer/global/ds/flat_atomic
    // zh (the specification's Chinese AMDGPUUsage, this row), original:
    //   atomicrmw (原子读-修改-写)
    //   release (释放)
    //   • singlethread
    //   • wavefront
    //   • global
    //   • local (本地)
    //   • generic (通用)
    //   1. buffer/global/ds/flat_atomic
    Row {
        op: LlvmOp::AtomicRmw,
        ord: Ord::Release,
        scopes: &[ScopeLevel::SingleThread, ScopeLevel::Wavefront],
        spaces: &[Space::Global, Space::Local, Space::Generic],
        requires: &[],
        code: &[
            Step::Emit(&[], MInstr::Access(Cpol::NONE)),
        ],
        en_line: 9060,
        zh_line: 14021,
    },
    // ---- atomicrmw / release / workgroup / global, generic
    // en (upstream AMDGPUUsage, this row of the table):
    //   1. | ``s_wait_bvhcnt 0x0``
    //      | ``s_wait_samplecnt 0x0``
    //      | ``s_wait_storecnt 0x0``
    //      | ``s_wait_loadcnt 0x0``
    //      | ``s_wait_dscnt 0x0``
    //
    //     - If OpenCL, omit ``s_wait_dscnt 0x0``.
    //     - If OpenCL and CU wavefront
    //       execution mode, omit all.
    //     - The waits can be
    //       independently moved
    //       according to the
    //       following rules:
    //     - ``s_wait_loadcnt 0x0``,
    //       ``s_wait_samplecnt 0x0`` and
    //       ``s_wait_bvhcnt 0x0``
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
    //   2. buffer/global/flat_atomic
    //
    //     - Apply :ref:`amdgpu-amdhsa-memory-model-code-sequences-gfx12-scopes-table`.
    // zh (the specification's Chinese AMDGPUUsage, this row), original:
    //   atomicrmw (原子读-修改-写)
    //   release (释放)
    //   • workgroup
    //   • global
    //   • generic (通用)
    //   1. s_wait_bvhcnt 0x0
    //   s_wait_samplecnt 0x0
    //   s_wait_storecnt 0x0
    //   s_wait_loadcnt 0x0
    //   s_wait_dscnt 0x0
    //   CU 波前执行模式
    //   s_wait_dscnt 0x0
    //   • 如果为 OpenCL,则省略 s_wait_dscnt 0x0
    //   • 如果为 OpenCL 和 CU 波前执行模式,则全部省略。
    //   • 等待可以根据以下规则独立移动
    //   • s_wait_loadcnt 0x0s_wait_samplecnt 0x0s_wait_bvhcnt 0x0 必须在任何先前的 global/generic load/load atomic/ atomicrmw-with-return-value 之后发生。
    //   • s_wait_storecnt 0x0 必须在任何先前的 global/generic store/store atomic/ atomicrmw-no-return-value 之后发生。
    //   • s_wait_dscnt 0x0 必须在任何先前的 local/generic load/store/load atomic/store atomic/atomicrmw 之后发生。
    //   • 必须在以下 atomic 之前发生。
    //   • 确保所有内存操作在执行正在释放的 atomicrmw 之前完成。
    //   1. buffer/global/flat_atomic
    Row {
        op: LlvmOp::AtomicRmw,
        ord: Ord::Release,
        scopes: &[ScopeLevel::Workgroup],
        spaces: &[Space::Global, Space::Generic],
        requires: &[],
        code: &[
            Step::Emit(&[], MInstr::Wait(Counter::Bvh, 0)),
            Step::Emit(&[], MInstr::Wait(Counter::Sample, 0)),
            Step::Emit(&[], MInstr::Wait(Counter::Store, 0)),
            Step::Emit(&[], MInstr::Wait(Counter::Load, 0)),
            Step::Emit(&[], MInstr::Wait(Counter::Ds, 0)),
            Step::Emit(&[], MInstr::Access(Cpol::NONE.scope(ScopeOp::Table))),
        ],
        en_line: 9063,
        zh_line: 14037,
    },
    // ---- atomicrmw / release / workgroup / local
    // en (upstream AMDGPUUsage, this row of the table):
    //   1. | ``s_wait_bvhcnt 0x0``
    //      | ``s_wait_samplecnt 0x0``
    //      | ``s_wait_storecnt 0x0``
    //      | ``s_wait_loadcnt 0x0``
    //      | ``s_wait_dscnt 0x0``
    //
    //     - If OpenCL, omit all.
    //     - The waits can be
    //       independently moved
    //       according to the
    //       following rules:
    //     - ``s_wait_loadcnt 0x0``,
    //       ``s_wait_samplecnt 0x0`` and
    //       ``s_wait_bvhcnt 0x0``
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
    // zh (the specification's Chinese AMDGPUUsage, this row), original:
    //   atomicrmw (原子读-修改-写)
    //   release (释放)
    //   • workgroup
    //   • local (本地)
    //   1. s_wait_bvhcnt 0x0
    //   s_wait_samplecnt 0x0
    //   s_wait_storecnt 0x0
    //   s_wait_loadcnt 0x0
    //   s_wait_dscnt 0x0
    //   CU 波前执行模式
    //   s_wait_dscnt 0x0
    //   • 如果为 OpenCL,则全部省略。
    //   • 等待可以根据以下规则独立移动
    //   • s_wait_loadcnt 0x0s_wait_samplecnt 0x0s_wait_bvhcnt 0x0 必须在任何先前的 global/generic load/load atomic/ atomicrmw-with-return-value 之后发生。
    //   • s_wait_storecnt 0x0 必须在任何先前的 global/generic store/store atomic/ atomicrmw-no-return-value 之后发生。
    //   • 必须在以下 atomic 之前发生。
    //   • 确保所有全局内存操作在执行正在释放的存储之前完成。
    //   1. ds_atomic
    Row {
        op: LlvmOp::AtomicRmw,
        ord: Ord::Release,
        scopes: &[ScopeLevel::Workgroup],
        spaces: &[Space::Local],
        requires: &[],
        code: &[
            Step::Emit(&[], MInstr::Wait(Counter::Bvh, 0)),
            Step::Emit(&[], MInstr::Wait(Counter::Sample, 0)),
            Step::Emit(&[], MInstr::Wait(Counter::Store, 0)),
            Step::Emit(&[], MInstr::Wait(Counter::Load, 0)),
            Step::Emit(&[], MInstr::Wait(Counter::Ds, 0)),
            Step::Emit(&[], MInstr::Access(Cpol::NONE)),
        ],
        en_line: 9112,
        zh_line: 14072,
    },
    // ---- atomicrmw / release / agent, system / global, generic
    // en (upstream AMDGPUUsage, this row of the table):
    //   1. ``global_wb scope:SCOPE_SYS``
    //
    //     - If agent scope, omit.
    //
    //   2. | ``s_wait_bvhcnt 0x0``
    //      | ``s_wait_samplecnt 0x0``
    //      | ``s_wait_storecnt 0x0``
    //      | ``s_wait_loadcnt 0x0``
    //      | ``s_wait_dscnt 0x0``
    //
    //     - If OpenCL, omit ``s_wait_dscnt 0x0``.
    //     - The waits can be
    //       independently moved
    //       according to the
    //       following rules:
    //     - ``s_wait_loadcnt 0x0``,
    //       ``s_wait_samplecnt 0x0`` and
    //       ``s_wait_bvhcnt 0x0``
    //       must happen after
    //       any preceding
    //       global/generic
    //       load/load atomic/
    //       atomicrmw-with-return-value.
    //     - ``s_wait_storecnt 0x0``
    //       must happen after
    //       ``global_wb`` if present, or
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
    //   3. buffer/global/flat_atomic
    //
    //     - Apply :ref:`amdgpu-amdhsa-memory-model-code-sequences-gfx12-scopes-table`.
    // zh (the specification's Chinese AMDGPUUsage, this row), original:
    //   atomicrmw (原子读-修改-写)
    //   release (释放)
    //   • agent
    //   • system
    //   • global
    //   • generic (通用)
    //   1. global_wb scope:SCOPE_SYS
    //   • 如果是代理作用域,则省略。
    //   1. s_wait_bvhcnt 0x0
    //   s_wait_samplecnt 0x0
    //   s_wait_storecnt 0x0
    //   s_wait_loadcnt 0x0
    //   s_wait_dscnt 0x0
    //   • 如果为 OpenCL,则省略 s_wait_dscnt 0x0
    //   • 等待可以根据以下规则独立移动
    //   • s_wait_loadcnt 0x0s_wait_samplecnt 0x0s_wait_bvhcnt 0x0 必须在任何先前的 global/generic load/load atomic/ atomicrmw-with-return-value 之后发生。
    //   • s_wait_storecnt 0x0 必须在 global_wb (如果存在)之后或任何先前的 global/generic store/store atomic/ atomicrmw-no-return-value 之后发生。
    //   • s_wait_dscnt 0x0 必须在任何先前的 local/generic load/store/load atomic/store atomic/atomicrmw 之后发生。
    //   • 必须在以下 atomic 之前发生。
    //   • 确保在执行正在释放的 atomicrmw 之前,所有对全局和本地内存的操作都已完成。
    //   1. buffer/global/flat_atomic
    Row {
        op: LlvmOp::AtomicRmw,
        ord: Ord::Release,
        scopes: &[ScopeLevel::Agent, ScopeLevel::System],
        spaces: &[Space::Global, Space::Generic],
        requires: &[],
        code: &[
            Step::Emit(&[Cond::SystemScope], MInstr::GlobalWb(ScopeOp::Sys)),
            Step::Emit(&[], MInstr::Wait(Counter::Bvh, 0)),
            Step::Emit(&[], MInstr::Wait(Counter::Sample, 0)),
            Step::Emit(&[], MInstr::Wait(Counter::Store, 0)),
            Step::Emit(&[], MInstr::Wait(Counter::Load, 0)),
            Step::Emit(&[], MInstr::Wait(Counter::Ds, 0)),
            Step::Emit(&[], MInstr::Access(Cpol::NONE.scope(ScopeOp::Table))),
        ],
        en_line: 9149,
        zh_line: 14101,
    },
    // ---- fence / release / singlethread, wavefront / *none*
    // en (upstream AMDGPUUsage, this row of the table):
    //   *none*
    // zh (the specification's Chinese AMDGPUUsage, this row), original:
    //   fence (栅栏)
    //   release (释放)
    //   • singlethread
    //   • wavefront
    //   none
    //   none
    Row {
        op: LlvmOp::Fence,
        ord: Ord::Release,
        scopes: &[ScopeLevel::SingleThread, ScopeLevel::Wavefront],
        spaces: &[],
        requires: &[],
        code: &[
        ],
        en_line: 9201,
        zh_line: 14138,
    },
    // ---- fence / release / workgroup / *none*
    // en (upstream AMDGPUUsage, this row of the table):
    //   1. | ``s_wait_bvhcnt 0x0``
    //      | ``s_wait_samplecnt 0x0``
    //      | ``s_wait_storecnt 0x0``
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
    //     - ``s_wait_loadcnt 0x0``,
    //       ``s_wait_samplecnt 0x0`` and
    //       ``s_wait_bvhcnt 0x0``
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
    // zh (the specification's Chinese AMDGPUUsage, this row), original:
    //   fence (栅栏)
    //   release (释放)
    //   • workgroup
    //   none
    //   1. s_wait_bvhcnt 0x0
    //   s_wait_samplecnt 0x0
    //   s_wait_storecnt 0x0
    //   s_wait_loadcnt 0x0
    //   s_wait_dscnt 0x0
    //   CU 波前执行模式
    //   s_wait_dscnt 0x0
    //   • 如果为 OpenCL,则省略 s_wait_dscnt 0x0
    //   • 如果为 OpenCL 且地址空间为 local,则省略所有内容。
    //   • 有关 fence 特定地址空间的更多详细信息,请参见 Fence 和地址空间
    //   • 等待可以根据以下规则独立移动
    //   • s_wait_loadcnt 0x0s_wait_samplecnt 0x0s_wait_bvhcnt 0x0 必须在任何先前的 global/generic load/load atomic/ atomicrmw-with-return-value 之后发生。
    //   • s_wait_storecnt 0x0 必须在任何先前的 global/generic store/store atomic/ atomicrmw-no-return-value 之后发生。
    //   • s_wait_dscnt 0x0 必须在任何先前的 local/generic load/store/load atomic/store atomic/ atomicrmw 之后发生。
    //   • 必须在任何后续的原子存储/原子读-修改-写之前发生,其同步作用域相等或更宽,并且内存排序强于无序(这被称为 fence 配对原子操作)。
    //   • 确保在执行后续的 fence 配对原子操作之前,所有内存操作都已完成。
    Row {
        op: LlvmOp::Fence,
        ord: Ord::Release,
        scopes: &[ScopeLevel::Workgroup],
        spaces: &[],
        requires: &[],
        code: &[
            Step::Emit(&[], MInstr::Wait(Counter::Bvh, 0)),
            Step::Emit(&[], MInstr::Wait(Counter::Sample, 0)),
            Step::Emit(&[], MInstr::Wait(Counter::Store, 0)),
            Step::Emit(&[], MInstr::Wait(Counter::Load, 0)),
            Step::Emit(&[], MInstr::Wait(Counter::Ds, 0)),
        ],
        en_line: 9203,
        zh_line: 14150,
    },
    // ---- fence / release / agent, system / *none*
    // en (upstream AMDGPUUsage, this row of the table):
    //   1. ``global_wb scope:SCOPE_SYS``
    //
    //     - If agent scope, omit.
    //
    //   2. | ``s_wait_bvhcnt 0x0``
    //      | ``s_wait_samplecnt 0x0``
    //      | ``s_wait_storecnt 0x0``
    //      | ``s_wait_loadcnt 0x0``
    //      | ``s_wait_dscnt 0x0``
    //      | **OpenCL:**
    //      | ``s_wait_bvhcnt 0x0``
    //      | ``s_wait_samplecnt 0x0``
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
    //     - ``s_wait_loadcnt 0x0``,
    //       ``s_wait_samplecnt 0x0`` and
    //       ``s_wait_bvhcnt 0x0``
    //       must happen after
    //       any preceding
    //       global/generic
    //       load/load atomic/
    //       atomicrmw-with-return-value.
    //     - ``s_wait_storecnt 0x0``
    //       must happen after
    //       ``global_wb`` if present, or
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
    // zh (the specification's Chinese AMDGPUUsage, this row), original:
    //   fence (栅栏)
    //   release (释放)
    //   • agent
    //   • system
    //   none
    //   1. global_wb scope:SCOPE_SYS
    //   • 如果是代理作用域,则省略。
    //   1. s_wait_bvhcnt 0x0
    //   s_wait_samplecnt 0x0
    //   s_wait_storecnt 0x0
    //   s_wait_loadcnt 0x0
    //   s_wait_dscnt 0x0
    //   OpenCL
    //   s_wait_bvhcnt 0x0
    //   s_wait_samplecnt 0x0
    //   s_wait_storecnt 0x0
    //   s_wait_loadcnt 0x0
    //   • 如果为 OpenCL,则省略 s_wait_dscnt 0x0
    //   • 如果为 OpenCL 且地址空间为 local,则省略所有内容。
    //   • 有关 fence 特定地址空间的更多详细信息,请参见 Fence 和地址空间
    //   • 等待可以根据以下规则独立移动
    //   • s_wait_loadcnt 0x0s_wait_samplecnt 0x0s_wait_bvhcnt 0x0 必须在任何先前的 global/generic load/load atomic/ atomicrmw-with-return-value 之后发生。
    //   • s_wait_storecnt 0x0 必须在 global_wb (如果存在)之后或任何先前的 global/generic store/store atomic/ atomicrmw-no-return-value 之后发生。
    //   • s_wait_dscnt 0x0 必须在任何先前的 local/generic load/store/load atomic/store atomic/atomicrmw 之后发生。
    //   • 必须在任何后续的原子存储/原子读-修改-写之前发生,其同步作用域相等或更宽,并且内存排序强于无序(这被称为 fence 配对原子操作)。
    //   • 确保在执行后续的 fence 配对原子操作之前,所有内存操作都已完成。
    //   获取-释放原子
    Row {
        op: LlvmOp::Fence,
        ord: Ord::Release,
        scopes: &[ScopeLevel::Agent, ScopeLevel::System],
        spaces: &[],
        requires: &[],
        code: &[
            Step::Emit(&[Cond::SystemScope], MInstr::GlobalWb(ScopeOp::Sys)),
            Step::Emit(&[], MInstr::Wait(Counter::Bvh, 0)),
            Step::Emit(&[], MInstr::Wait(Counter::Sample, 0)),
            Step::Emit(&[], MInstr::Wait(Counter::Store, 0)),
            Step::Emit(&[], MInstr::Wait(Counter::Load, 0)),
            Step::Emit(&[], MInstr::Wait(Counter::Ds, 0)),
        ],
        en_line: 9261,
        zh_line: 14183,
    },
    // ---- atomicrmw / acq_rel / singlethread, wavefront / global, local, generic
    // en (upstream AMDGPUUsage, this row of the table):
    //   1. buffer/global/ds/flat_atomic
    // zh (the specification's Chinese AMDGPUUsage, this row), original:
    //   atomicrmw (原子读-修改-写)
    //   acq_rel (获取-释放)
    //   • singlethread
    //   • wavefront
    //   • global
    //   • local (本地)
    //   • generic (通用)
    //   1. buffer/global/ds/flat_atomic
    Row {
        op: LlvmOp::AtomicRmw,
        ord: Ord::AcqRel,
        scopes: &[ScopeLevel::SingleThread, ScopeLevel::Wavefront],
        spaces: &[Space::Global, Space::Local, Space::Generic],
        requires: &[],
        code: &[
            Step::Emit(&[], MInstr::Access(Cpol::NONE)),
        ],
        en_line: 9329,
        zh_line: 14227,
    },
    // ---- atomicrmw / acq_rel / workgroup / global
    // en (upstream AMDGPUUsage, this row of the table):
    //   1. | ``s_wait_bvhcnt 0x0``
    //      | ``s_wait_samplecnt 0x0``
    //      | ``s_wait_storecnt 0x0``
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
    //     - ``s_wait_loadcnt 0x0``,
    //       ``s_wait_samplecnt 0x0`` and
    //       ``s_wait_bvhcnt 0x0``
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
    //   2. buffer/global_atomic
    //
    //     - Apply :ref:`amdgpu-amdhsa-memory-model-code-sequences-gfx12-scopes-table`.
    //     - If atomic with return, use
    //       ``th:TH_ATOMIC_RETURN``.
    //
    //   3. | **Atomic with return:**
    //      | ``s_wait_loadcnt 0x0``
    //      | **Atomic without return:**
    //      | ``s_wait_storecnt 0x0``
    //
    //     - Must happen before
    //       the following
    //       ``global_inv``.
    //     - Ensures any
    //       following global
    //       data read is no
    //       older than the
    //       atomicrmw value
    //       being acquired.
    //
    //   4. ``global_inv scope:SCOPE_SE``
    //
    //     - If CU wavefront execution
    //       mode, omit.
    //     - Ensures that
    //       following
    //       loads will not see
    //       stale data.
    // zh (the specification's Chinese AMDGPUUsage, this row), original:
    //   atomicrmw (原子读-修改-写)
    //   acq_rel (获取-释放)
    //   • workgroup
    //   • global
    //   1. s_wait_bvhcnt 0x0
    //   s_wait_samplecnt 0x0
    //   s_wait_storecnt 0x0
    //   s_wait_loadcnt 0x0
    //   s_wait_dscnt 0x0
    //   CU 波前执行模式
    //   s_wait_dscnt 0x0
    //   • 如果为 OpenCL,则省略 s_wait_dscnt 0x0
    //   • 必须在任何先前的本地/通用加载/存储/原子加载/原子存储/原子读-修改-写之后发生。
    //   • 等待可以根据以下规则独立移动
    //   • s_wait_loadcnt 0x0s_wait_samplecnt 0x0s_wait_bvhcnt 0x0 必须在任何先前的 global/generic load/load atomic/ atomicrmw-with-return-value 之后发生。
    //   • s_wait_storecnt 0x0 必须在任何先前的 global/generic store/store atomic/ atomicrmw-no-return-value 之后发生。
    //   • s_wait_dscnt 0x0 必须在任何先前的 local/generic load/store/load atomic/store atomic/atomicrmw 之后发生。
    //   • 必须在后续的 atomicrmw 之前发生。
    //   • 确保所有内存操作在执行正在释放的 atomicrmw 之前完成。
    //   1. buffer/global_atomic
    //   1. 带返回值的 Atomic
    //   s_wait_loadcnt 0x0
    //   不带返回值的 Atomic
    //   s_wait_storecnt 0x0
    //   • 如果是 CU wavefront 执行模式,则省略。
    //   • 必须在以下 global_inv 之前发生。
    //   • 确保任何后续全局数据读取都不早于正在获取的 atomicrmw 值。
    //   1. global_inv scope:SCOPE_SE
    //   • 如果是 CU wavefront 执行模式,则省略。
    //   • 确保后续加载不会看到过时的数据。
    // NOTE: the seed and the upstream text differ here (upstream only: TH_ATOMIC_RETURN; seed only: -);
    // the data follows the seed.
    Row {
        op: LlvmOp::AtomicRmw,
        ord: Ord::AcqRel,
        scopes: &[ScopeLevel::Workgroup],
        spaces: &[Space::Global],
        requires: &[],
        code: &[
            Step::Emit(&[], MInstr::Wait(Counter::Bvh, 0)),
            Step::Emit(&[], MInstr::Wait(Counter::Sample, 0)),
            Step::Emit(&[], MInstr::Wait(Counter::Store, 0)),
            Step::Emit(&[], MInstr::Wait(Counter::Load, 0)),
            Step::Emit(&[], MInstr::Wait(Counter::Ds, 0)),
            Step::Emit(&[], MInstr::Access(Cpol::NONE.scope(ScopeOp::Table))),
            Step::Emit(&[Cond::Ret], MInstr::Wait(Counter::Load, 0)),
            Step::Emit(&[Cond::NoRet], MInstr::Wait(Counter::Store, 0)),
            Step::Emit(&[Cond::WgpMode], MInstr::GlobalInv(ScopeOp::Se)),
        ],
        en_line: 9332,
        zh_line: 14243,
    },
    // ---- atomicrmw / acq_rel / workgroup / local
    // en (upstream AMDGPUUsage, this row of the table):
    //   1  | ``s_wait_bvhcnt 0x0``
    //      | ``s_wait_samplecnt 0x0``
    //      | ``s_wait_storecnt 0x0``
    //      | ``s_wait_loadcnt 0x0``
    //      | ``s_wait_dscnt 0x0``
    //
    //     - If OpenCL, omit.
    //     - The waits can be
    //       independently moved
    //       according to the
    //       following rules:
    //     - ``s_wait_loadcnt 0x0``,
    //       ``s_wait_samplecnt 0x0`` and
    //       ``s_wait_bvhcnt 0x0``
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
    //     - Must happen before
    //       the following
    //       ``global_inv``.
    //     - Ensures any
    //       following global
    //       data read is no
    //       older than the local load
    //       atomic value being
    //       acquired.
    //
    //   4. ``global_inv scope:SCOPE_SE``
    //
    //     - If CU wavefront execution
    //       mode, omit.
    //     - If OpenCL omit.
    //     - Ensures that
    //       following
    //       loads will not see
    //       stale data.
    // zh (the specification's Chinese AMDGPUUsage, this row), original:
    //   atomicrmw (原子读-修改-写)
    //   acq_rel (获取-释放)
    //   • workgroup
    //   • local (本地)
    //   1 | s_wait_bvhcnt 0x0
    //   s_wait_samplecnt 0x0
    //   s_wait_storecnt 0x0
    //   s_wait_loadcnt 0x0
    //   s_wait_dscnt 0x0
    //   CU 波前执行模式
    //   s_wait_dscnt 0x0
    //   • 如果是 OpenCL,则省略。
    //   • 等待可以根据以下规则独立移动
    //   • s_wait_loadcnt 0x0s_wait_samplecnt 0x0s_wait_bvhcnt 0x0 必须在任何先前的 global/generic load/load atomic/ atomicrmw-with-return-value 之后发生。
    //   • s_wait_storecnt 0x0 必须在任何先前的 global/generic store/store atomic/ atomicrmw-no-return-value 之后发生。
    //   • 必须在后续的存储之前发生。
    //   • 确保所有全局内存操作在执行正在释放的存储之前完成。
    //   1. ds_atomic
    //   2. s_wait_dscnt 0x0
    //   • 如果是 OpenCL,则省略。
    //   • 必须在以下 global_inv 之前发生。
    //   • 确保任何后续的全局数据读取都不比正在获取的本地原子加载值旧。
    //   1. global_inv scope:SCOPE_SE
    //   • 如果是 CU wavefront 执行模式,则省略。
    //   • 如果是 OpenCL,则省略。
    //   • 确保后续加载不会看到过时的数据。
    Row {
        op: LlvmOp::AtomicRmw,
        ord: Ord::AcqRel,
        scopes: &[ScopeLevel::Workgroup],
        spaces: &[Space::Local],
        requires: &[],
        code: &[
            Step::Emit(&[], MInstr::Wait(Counter::Bvh, 0)),
            Step::Emit(&[], MInstr::Wait(Counter::Sample, 0)),
            Step::Emit(&[], MInstr::Wait(Counter::Store, 0)),
            Step::Emit(&[], MInstr::Wait(Counter::Load, 0)),
            Step::Emit(&[], MInstr::Wait(Counter::Ds, 0)),
            Step::Emit(&[], MInstr::Access(Cpol::NONE)),
            Step::Emit(&[], MInstr::Wait(Counter::Ds, 0)),
            Step::Emit(&[Cond::WgpMode], MInstr::GlobalInv(ScopeOp::Se)),
        ],
        en_line: 9412,
        zh_line: 14292,
    },
    // ---- atomicrmw / acq_rel / workgroup / generic
    // en (upstream AMDGPUUsage, this row of the table):
    //   1. | ``s_wait_bvhcnt 0x0``
    //      | ``s_wait_samplecnt 0x0``
    //      | ``s_wait_storecnt 0x0``
    //      | ``s_wait_loadcnt 0x0``
    //      | ``s_wait_dscnt 0x0``
    //
    //     - If OpenCL, omit ``s_wait_loadcnt 0x0``.
    //     - The waits can be
    //       independently moved
    //       according to the
    //       following rules:
    //     - ``s_wait_loadcnt 0x0``,
    //       ``s_wait_samplecnt 0x0`` and
    //       ``s_wait_bvhcnt 0x0``
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
    //   2. flat_atomic
    //
    //     - Apply :ref:`amdgpu-amdhsa-memory-model-code-sequences-gfx12-scopes-table`.
    //     - If atomic with return,
    //       use ``th:TH_ATOMIC_RETURN``.
    //
    //   3. | **Atomic without return:**
    //      | ``s_wait_dscnt 0x0``
    //      | ``s_wait_storecnt 0x0``
    //      | **Atomic with return:**
    //      | ``s_wait_loadcnt 0x0``
    //      | ``s_wait_dscnt 0x0``
    //      | **CU wavefront execution mode:**
    //      | ``s_wait_dscnt 0x0``
    //
    //     - If OpenCL, omit ``s_wait_dscnt 0x0``
    //     - Must happen before
    //       the following
    //       ``global_inv``.
    //     - Ensures any
    //       following global
    //       data read is no
    //       older than the load
    //       atomic value being
    //       acquired.
    //
    //   4. ``global_inv scope:SCOPE_SE``
    //
    //     - If CU wavefront execution
    //       mode, omit.
    //     - Ensures that
    //       following
    //       loads will not see
    //       stale data.
    // zh (the specification's Chinese AMDGPUUsage, this row), original:
    //   atomicrmw (原子读-修改-写)
    //   acq_rel (获取-释放)
    //   • workgroup
    //   • generic (通用)
    //   1. s_wait_bvhcnt 0x0
    //   s_wait_samplecnt 0x0
    //   s_wait_storecnt 0x0
    //   s_wait_loadcnt 0x0
    //   s_wait_dscnt 0x0
    //   CU 波前执行模式
    //   s_wait_dscnt 0x0
    //   • 如果为 OpenCL,则省略 s_wait_loadcnt 0x0
    //   • 等待可以根据以下规则独立移动
    //   • s_wait_loadcnt 0x0s_wait_samplecnt 0x0s_wait_bvhcnt 0x0 必须在任何先前的 global/generic load/load atomic/ atomicrmw-with-return-value 之后发生。
    //   • s_wait_storecnt 0x0 必须在任何先前的 global/generic store/store atomic/ atomicrmw-no-return-value 之后发生。
    //   • s_wait_dscnt 0x0 必须在任何先前的 local/generic load/store/load atomic/store atomic/atomicrmw 之后发生。
    //   • 必须在后续的 atomicrmw 之前发生。
    //   • 确保所有内存操作在执行正在释放的 atomicrmw 之前完成。
    //   1. flat_atomic
    //   1. 不带返回值的 Atomic
    //   s_wait_dscnt 0x0
    //   s_wait_storecnt 0x0
    //   带返回值的 Atomic
    //   s_wait_loadcnt 0x0
    //   s_wait_dscnt 0x0
    //   CU 波前执行模式
    //   s_wait_dscnt 0x0
    //   • 如果为 OpenCL,则省略 s_wait_dscnt 0x0
    //   • 必须在以下 global_inv 之前发生。
    //   • 确保任何后续全局数据读取都不早于正在获取的 load atomic 值。
    //   1. global_inv scope:SCOPE_SE
    //   • 如果是 CU wavefront 执行模式,则省略。
    //   • 确保后续加载不会看到过时的数据。
    Row {
        op: LlvmOp::AtomicRmw,
        ord: Ord::AcqRel,
        scopes: &[ScopeLevel::Workgroup],
        spaces: &[Space::Generic],
        requires: &[],
        code: &[
            Step::Emit(&[], MInstr::Wait(Counter::Bvh, 0)),
            Step::Emit(&[], MInstr::Wait(Counter::Sample, 0)),
            Step::Emit(&[], MInstr::Wait(Counter::Store, 0)),
            Step::Emit(&[], MInstr::Wait(Counter::Load, 0)),
            Step::Emit(&[], MInstr::Wait(Counter::Ds, 0)),
            Step::Emit(&[], MInstr::Access(Cpol::NONE.scope(ScopeOp::Table))),
            Step::Emit(&[], MInstr::Wait(Counter::Ds, 0)),
            Step::Emit(&[Cond::WgpMode, Cond::NoRet], MInstr::Wait(Counter::Store, 0)),
            Step::Emit(&[Cond::WgpMode, Cond::Ret], MInstr::Wait(Counter::Load, 0)),
            Step::Emit(&[Cond::WgpMode], MInstr::GlobalInv(ScopeOp::Se)),
        ],
        en_line: 9473,
        zh_line: 14337,
    },
    // ---- atomicrmw / acq_rel / agent, system / global
    // en (upstream AMDGPUUsage, this row of the table):
    //   1. ``global_wb scope:SCOPE_SYS``
    //
    //     - If agent scope, omit.
    //
    //   2. | ``s_wait_bvhcnt 0x0``
    //      | ``s_wait_samplecnt 0x0``
    //      | ``s_wait_storecnt 0x0``
    //      | ``s_wait_loadcnt 0x0``
    //      | ``s_wait_dscnt 0x0``
    //
    //     - If OpenCL, omit
    //       ``s_wait_dscnt 0x0``
    //     - The waits can be
    //       independently moved
    //       according to the
    //       following rules:
    //     - ``s_wait_loadcnt 0x0``,
    //       ``s_wait_samplecnt 0x0`` and
    //       ``s_wait_bvhcnt 0x0``
    //       must happen after
    //       any preceding
    //       global/generic
    //       load/load atomic/
    //       atomicrmw-with-return-value.
    //     - ``s_wait_storecnt 0x0``
    //       must happen after
    //       ``global_wb`` if present, or
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
    //       to global have
    //       completed before
    //       performing the
    //       atomicrmw that is
    //       being released.
    //
    //   3. buffer/global_atomic
    //
    //     - Apply :ref:`amdgpu-amdhsa-memory-model-code-sequences-gfx12-scopes-table`.
    //     - If atomic with return, use
    //       ``th:TH_ATOMIC_RETURN``.
    //
    //   4. | **Atomic with return:**
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
    //   5. ``global_inv``
    //
    //     - Apply :ref:`amdgpu-amdhsa-memory-model-code-sequences-gfx12-scopes-table`.
    //     - Must happen before
    //       any following
    //       global/generic
    //       load/load
    //       atomic/atomicrmw.
    //     - Ensures that
    //       following loads
    //       will not see stale
    //       global data.
    // zh (the specification's Chinese AMDGPUUsage, this row), original:
    //   atomicrmw (原子读-修改-写)
    //   acq_rel (获取-释放)
    //   • agent
    //   • system
    //   • global
    //   1. global_wb scope:SCOPE_SYS
    //   • 如果是代理作用域,则省略。
    //   1. s_wait_bvhcnt 0x0
    //   s_wait_samplecnt 0x0
    //   s_wait_storecnt 0x0
    //   s_wait_loadcnt 0x0
    //   s_wait_dscnt 0x0
    //   • 如果为 OpenCL,则省略 s_wait_dscnt 0x0
    //   • 等待可以根据以下规则独立移动
    //   • s_wait_loadcnt 0x0s_wait_samplecnt 0x0s_wait_bvhcnt 0x0 必须在任何先前的 global/generic load/load atomic/ atomicrmw-with-return-value 之后发生。
    //   • s_wait_storecnt 0x0 必须在 global_wb (如果存在)之后或任何先前的 global/generic store/store atomic/ atomicrmw-no-return-value 之后发生。
    //   • s_wait_dscnt 0x0 必须在任何先前的 local/generic load/store/load atomic/store atomic/atomicrmw 之后发生。
    //   • 必须在后续的 atomicrmw 之前发生。
    //   • 确保在执行正在释放的 atomicrmw 之前,所有对全局内存的操作都已完成。
    //   1. buffer/global_atomic
    //   1. 带返回值的 Atomic
    //   s_wait_loadcnt 0x0
    //   不带返回值的 Atomic
    //   s_wait_storecnt 0x0
    //   • 必须在以下 global_inv 之前发生。
    //   • 确保在使缓存失效之前,atomicrmw 已完成。
    //   1. global_inv
    // NOTE: the seed and the upstream text differ here (upstream only: TH_ATOMIC_RETURN; seed only: -);
    // the data follows the seed.
    Row {
        op: LlvmOp::AtomicRmw,
        ord: Ord::AcqRel,
        scopes: &[ScopeLevel::Agent, ScopeLevel::System],
        spaces: &[Space::Global],
        requires: &[],
        code: &[
            Step::Emit(&[Cond::SystemScope], MInstr::GlobalWb(ScopeOp::Sys)),
            Step::Emit(&[], MInstr::Wait(Counter::Bvh, 0)),
            Step::Emit(&[], MInstr::Wait(Counter::Sample, 0)),
            Step::Emit(&[], MInstr::Wait(Counter::Store, 0)),
            Step::Emit(&[], MInstr::Wait(Counter::Load, 0)),
            Step::Emit(&[], MInstr::Wait(Counter::Ds, 0)),
            Step::Emit(&[], MInstr::Access(Cpol::NONE.scope(ScopeOp::Table))),
            Step::Emit(&[Cond::Ret], MInstr::Wait(Counter::Load, 0)),
            Step::Emit(&[Cond::NoRet], MInstr::Wait(Counter::Store, 0)),
            Step::Emit(&[], MInstr::GlobalInv(ScopeOp::Table)),
        ],
        en_line: 9552,
        zh_line: 14388,
    },
    // ---- atomicrmw / acq_rel / agent, system / generic
    // en (upstream AMDGPUUsage, this row of the table):
    //   1. ``global_wb scope:SCOPE_SYS``
    //
    //     - If agent scope, omit.
    //
    //   2. | ``s_wait_bvhcnt 0x0``
    //      | ``s_wait_samplecnt 0x0``
    //      | ``s_wait_storecnt 0x0``
    //      | ``s_wait_loadcnt 0x0``
    //      | ``s_wait_dscnt 0x0``
    //
    //     - If OpenCL, omit
    //       ``s_wait_dscnt 0x0``
    //     - The waits can be
    //       independently moved
    //       according to the
    //       following rules:
    //     - ``s_wait_loadcnt 0x0``,
    //       ``s_wait_samplecnt 0x0`` and
    //       ``s_wait_bvhcnt 0x0``
    //       must happen after
    //       any preceding
    //       global/generic
    //       load/load atomic
    //       atomicrmw-with-return-value.
    //     - ``s_wait_storecnt 0x0``
    //       must happen after
    //       ``global_wb`` if present, or
    //       any preceding
    //       global/generic
    //       store/store atomic/
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
    //   3. flat_atomic
    //
    //     - Apply :ref:`amdgpu-amdhsa-memory-model-code-sequences-gfx12-scopes-table`.
    //     - If atomic with return, use
    //       ``th:TH_ATOMIC_RETURN``.
    //
    //   4. | **Atomic with return:**
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
    //   5. ``global_inv``
    //
    //     - Apply :ref:`amdgpu-amdhsa-memory-model-code-sequences-gfx12-scopes-table`.
    //     - Must happen before
    //       any following
    //       global/generic
    //       load/load
    //       atomic/atomicrmw.
    //     - Ensures that
    //       following loads
    //       will not see stale
    //       global data.
    // zh (the specification's Chinese AMDGPUUsage, this row), original:
    //   atomicrmw (原子读-修改-写)
    //   acq_rel (获取-释放)
    //   • agent
    //   • system
    //   • generic (通用)
    //   1. global_wb scope:SCOPE_SYS
    //   • 如果是代理作用域,则省略。
    //   1. s_wait_bvhcnt 0x0
    //   s_wait_samplecnt 0x0
    //   s_wait_storecnt 0x0
    //   s_wait_loadcnt 0x0
    //   s_wait_dscnt 0x0
    //   • 如果为 OpenCL,则省略 s_wait_dscnt 0x0
    //   • 等待可以根据以下规则独立移动
    //   • s_wait_loadcnt 0x0s_wait_samplecnt 0x0s_wait_bvhcnt 0x0 必须在任何先前的 global/generic load/load atomic atomicrmw-with-return-value 之后发生。
    //   • s_wait_storecnt 0x0 必须在 global_wb (如果存在)之后或任何先前的 global/generic store/store atomic/ atomicrmw-no-return-value 之后发生。
    //   • s_wait_dscnt 0x0 必须在任何先前的 local/generic load/store/load atomic/store atomic/atomicrmw 之后发生。
    //   • 必须在后续的 atomicrmw 之前发生。
    //   • 确保所有内存操作在执行正在释放的 atomicrmw 之前完成。
    //   1. flat_atomic
    //   1. 带返回值的 Atomic
    //   s_wait_loadcnt 0x0
    //   s_wait_dscnt 0x0
    //   不带返回值的 Atomic
    //   s_wait_storecnt 0x0
    //   s_wait_dscnt 0x0
    //   • 如果为 OpenCL,则省略 s_wait_dscnt 0x0
    //   • 必须在以下 global_inv 之前发生。
    //   • 确保在使缓存失效之前,atomicrmw 已完成。
    //   1. global_inv
    Row {
        op: LlvmOp::AtomicRmw,
        ord: Ord::AcqRel,
        scopes: &[ScopeLevel::Agent, ScopeLevel::System],
        spaces: &[Space::Generic],
        requires: &[],
        code: &[
            Step::Emit(&[Cond::SystemScope], MInstr::GlobalWb(ScopeOp::Sys)),
            Step::Emit(&[], MInstr::Wait(Counter::Bvh, 0)),
            Step::Emit(&[], MInstr::Wait(Counter::Sample, 0)),
            Step::Emit(&[], MInstr::Wait(Counter::Store, 0)),
            Step::Emit(&[], MInstr::Wait(Counter::Load, 0)),
            Step::Emit(&[], MInstr::Wait(Counter::Ds, 0)),
            Step::Emit(&[], MInstr::Access(Cpol::NONE.scope(ScopeOp::Table))),
            Step::Emit(&[Cond::Ret], MInstr::Wait(Counter::Load, 0)),
            Step::Emit(&[Cond::NoRet], MInstr::Wait(Counter::Store, 0)),
            Step::Emit(&[], MInstr::Wait(Counter::Ds, 0)),
            Step::Emit(&[], MInstr::GlobalInv(ScopeOp::Table)),
        ],
        en_line: 9635,
        zh_line: 14433,
    },
    // ---- fence / acq_rel / singlethread, wavefront / *none*
    // en (upstream AMDGPUUsage, this row of the table):
    //   *none*
    // zh (the specification's Chinese AMDGPUUsage, this row), original:
    //   fence (栅栏)
    //   acq_rel (获取-释放)
    //   • singlethread
    //   • wavefront
    //   none
    //   none
    Row {
        op: LlvmOp::Fence,
        ord: Ord::AcqRel,
        scopes: &[ScopeLevel::SingleThread, ScopeLevel::Wavefront],
        spaces: &[],
        requires: &[],
        code: &[
        ],
        en_line: 9722,
        zh_line: 14482,
    },
    // ---- fence / acq_rel / workgroup / *none*
    // en (upstream AMDGPUUsage, this row of the table):
    //   1. | ``s_wait_bvhcnt 0x0``
    //      | ``s_wait_samplecnt 0x0``
    //      | ``s_wait_storecnt 0x0``
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
    //     - ``s_wait_loadcnt 0x0``,
    //       ``s_wait_samplecnt 0x0`` and
    //       ``s_wait_bvhcnt 0x0``
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
    //     - Must happen before
    //       the following
    //       ``global_inv``.
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
    //
    //   2. ``global_inv scope:SCOPE_SE``
    //
    //     - If CU wavefront execution
    //       mode, omit.
    //     - Ensures that
    //       following
    //       loads will not see
    //       stale data.
    // zh (the specification's Chinese AMDGPUUsage, this row), original:
    //   fence (栅栏)
    //   acq_rel (获取-释放)
    //   • workgroup
    //   none
    //   1. s_wait_bvhcnt 0x0
    //   s_wait_samplecnt 0x0
    //   s_wait_storecnt 0x0
    //   s_wait_loadcnt 0x0
    //   s_wait_dscnt 0x0
    //   CU 波前执行模式
    //   s_wait_dscnt 0x0
    //   • 如果为 OpenCL 且地址空间不是 generic,则省略 s_wait_dscnt 0x0
    //   • 如果为 OpenCL 且地址空间为 local,则除了 s_wait_dscnt 0x0 之外全部省略。
    //   • 有关 fence 特定地址空间的更多详细信息,请参见 Fence 和地址空间
    //   • 等待可以根据以下规则独立移动
    //   • s_wait_loadcnt 0x0s_wait_samplecnt 0x0s_wait_bvhcnt 0x0 必须在任何先前的 global/generic load/load atomic/ atomicrmw-with-return-value 之后发生。
    //   • s_wait_storecnt 0x0 必须在任何先前的 global/generic store/store atomic/ atomicrmw-no-return-value 之后发生。
    //   • s_wait_dscnt 0x0 必须在任何先前的 local/generic load/store/load atomic/store atomic/ atomicrmw 之后发生。
    //   • 必须在任何后续的全局/通用加载/原子加载/存储/原子存储/原子读-修改-写之前发生。
    //   • 确保所有内存操作在执行任何后续全局内存操作之前完成。
    //   • 确保先前的本地/通用原子加载/原子读-修改-写(其同步作用域相等或更宽,并且内存排序强于无序,这被称为 acquire-fence 配对原子操作)在后续的全局内存操作之前已完成。这满足了 acquire 的要求。
    //   • 确保在后续的本地/通用原子存储/原子读-修改-写(其同步作用域相等或更宽,并且内存排序强于无序,这被称为 release-fence 配对原子操作)之前,所有先前的内存操作都已完成。这满足了 release 的要求。
    //   • 必须在以下 global_inv 之前发生。
    //   • 确保 acquire-fence-paired atomic 在使缓存失效之前完成。因此,任何后续读取的位置都不能早于 acquire-fence-paired-atomic 读取的值。
    //   1. global_inv scope:SCOPE_SE
    //   • 如果是 CU wavefront 执行模式,则省略。
    //   • 确保后续加载不会看到过时的数据。
    Row {
        op: LlvmOp::Fence,
        ord: Ord::AcqRel,
        scopes: &[ScopeLevel::Workgroup],
        spaces: &[],
        requires: &[],
        code: &[
            Step::Emit(&[], MInstr::Wait(Counter::Bvh, 0)),
            Step::Emit(&[], MInstr::Wait(Counter::Sample, 0)),
            Step::Emit(&[], MInstr::Wait(Counter::Store, 0)),
            Step::Emit(&[], MInstr::Wait(Counter::Load, 0)),
            Step::Emit(&[], MInstr::Wait(Counter::Ds, 0)),
            Step::Emit(&[Cond::WgpMode], MInstr::GlobalInv(ScopeOp::Se)),
        ],
        en_line: 9724,
        zh_line: 14494,
    },
    // ---- fence / acq_rel / agent, system / *none*
    // en (upstream AMDGPUUsage, this row of the table):
    //   1.  ``global_wb scope:SCOPE_SYS``
    //
    //     - If agent scope, omit.
    //
    //   2. | ``s_wait_bvhcnt 0x0``
    //      | ``s_wait_samplecnt 0x0``
    //      | ``s_wait_storecnt 0x0``
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
    //     - ``s_wait_loadcnt 0x0``,
    //       ``s_wait_samplecnt 0x0`` and
    //       ``s_wait_bvhcnt 0x0``
    //       must happen after
    //       any preceding
    //       global/generic
    //       load/load
    //       atomic/
    //       atomicrmw-with-return-value.
    //     - ``s_wait_storecnt 0x0``
    //       must happen after
    //       ``global_wb`` if present, or
    //       any preceding
    //       global/generic
    //       store/store atomic/
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
    //   3. ``global_inv scope:``
    //
    //     - Apply :ref:`amdgpu-amdhsa-memory-model-code-sequences-gfx12-scopes-table`.
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
    // zh (the specification's Chinese AMDGPUUsage, this row), original:
    //   fence (栅栏)
    //   acq_rel (获取-释放)
    //   • agent
    //   • system
    //   none
    //   1. global_wb scope:SCOPE_SYS
    //   • 如果是代理作用域,则省略。
    //   1. s_wait_bvhcnt 0x0
    //   s_wait_samplecnt 0x0
    //   s_wait_storecnt 0x0
    //   s_wait_loadcnt 0x0
    //   s_wait_dscnt 0x0
    //   • 如果为 OpenCL 且地址空间不是 generic,则省略 s_wait_dscnt 0x0
    //   • 如果为 OpenCL 且地址空间为 local,则除了 s_wait_dscnt 0x0 之外全部省略。
    //   • 有关 fence 特定地址空间的更多详细信息,请参见 Fence 和地址空间
    //   • 等待可以根据以下规则独立移动
    //   • s_wait_loadcnt 0x0s_wait_samplecnt 0x0s_wait_bvhcnt 0x0 必须在任何先前的 global/generic load/load atomic/ atomicrmw-with-return-value 之后发生。
    //   • s_wait_storecnt 0x0 必须在 global_wb (如果存在)之后或任何先前的 global/generic store/store atomic/ atomicrmw-no-return-value 之后发生。
    //   • s_wait_dscnt 0x0 必须在任何先前的 local/generic load/store/load atomic/store atomic/atomicrmw 之后发生。
    //   • 必须在以下 global_inv 之前发生
    //   • 确保先前的 global/local/generic load atomic/atomicrmw(具有相等或更宽的同步范围和比无序更强的内存排序,这称为 acquire-fence-paired-atomic)在使缓存失效之前完成。这满足了 acquire 的要求。
    //   • 确保在后续的全局/本地/通用原子存储/原子读-修改-写(其同步作用域相等或更宽,并且内存排序强于无序,这被称为 release-fence 配对原子操作)之前,所有先前的内存操作都已完成。这满足了 release 的要求。
    //   1. global_inv scope:
    //   顺序一致性原子
    Row {
        op: LlvmOp::Fence,
        ord: Ord::AcqRel,
        scopes: &[ScopeLevel::Agent, ScopeLevel::System],
        spaces: &[],
        requires: &[],
        code: &[
            Step::Emit(&[Cond::SystemScope], MInstr::GlobalWb(ScopeOp::Sys)),
            Step::Emit(&[], MInstr::Wait(Counter::Bvh, 0)),
            Step::Emit(&[], MInstr::Wait(Counter::Sample, 0)),
            Step::Emit(&[], MInstr::Wait(Counter::Store, 0)),
            Step::Emit(&[], MInstr::Wait(Counter::Load, 0)),
            Step::Emit(&[], MInstr::Wait(Counter::Ds, 0)),
            Step::Emit(&[], MInstr::GlobalInv(ScopeOp::Table)),
        ],
        en_line: 9840,
        zh_line: 14541,
    },
    // ---- load atomic / seq_cst / singlethread, wavefront / global, local, generic
    // en (upstream AMDGPUUsage, this row of the table):
    //   *Same as corresponding
    //   load atomic acquire,
    //   except must generate
    //   all instructions even
    //   for OpenCL.*
    // zh (the specification's Chinese AMDGPUUsage, this row), original:
    //   load atomic (原子加载)
    //   seq_cst (顺序一致性)
    //   • singlethread
    //   • wavefront
    //   • global
    //   • local (本地)
    //   • generic (通用)
    //   与相应的加载原子获取相同,除了即使对于 OpenCL 也必须生成所有指令。
    Row {
        op: LlvmOp::LoadAtomic,
        ord: Ord::SeqCst,
        scopes: &[ScopeLevel::SingleThread, ScopeLevel::Wavefront],
        spaces: &[Space::Global, Space::Local, Space::Generic],
        requires: &[],
        code: &[
            Step::SameAs(LlvmOp::LoadAtomic, Ord::Acquire),
        ],
        en_line: 9947,
        zh_line: 14584,
    },
    // ---- load atomic / seq_cst / workgroup / global, generic
    // en (upstream AMDGPUUsage, this row of the table):
    //   1. | ``s_wait_bvhcnt 0x0``
    //      | ``s_wait_samplecnt 0x0``
    //      | ``s_wait_storecnt 0x0``
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
    //     - ``s_wait_loadcnt 0x0``\,
    //       ``s_wait_samplecnt 0x0`` and
    //       ``s_wait_bvhcnt 0x0``
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
    // zh (the specification's Chinese AMDGPUUsage, this row), original:
    //   load atomic (原子加载)
    //   seq_cst (顺序一致性)
    //   • workgroup
    //   • global
    //   • generic (通用)
    //   1. s_wait_bvhcnt 0x0
    //   s_wait_samplecnt 0x0
    //   s_wait_storecnt 0x0
    //   s_wait_loadcnt 0x0
    //   s_wait_dscnt 0x0
    //   CU 波前执行模式
    //   s_wait_dscnt 0x0
    //   • 如果为 OpenCL,则省略 s_wait_dscnt 0x0
    //   • 等待可以根据以下规则独立移动
    //   • s_wait_dscnt 0x0 必须在先前的 local/generic load atomic/store atomic/atomicrmw 之后发生,且该指令的内存排序为 seq_cst,并具有相等或更宽的同步作用域。(请注意,seq_cst 栅栏有其自己的 s_wait_dscnt 0x0,因此无需考虑。)
    //   • s_wait_loadcnt 0x0s_wait_samplecnt 0x0s_wait_bvhcnt 0x0 必须在先前的 global/generic load atomic/ atomicrmw-with-return-value 之后发生,且该指令的内存排序为 seq_cst,并具有相等或更宽的同步作用域。(请注意,seq_cst 栅栏有其自己的等待,因此无需考虑。)
    //   • s_wait_storecnt 0x0 必须在先前的 global/generic store atomic/ atomicrmw-no-return-value 之后发生,且该指令的内存排序为 seq_cst,并具有相等或更宽的同步作用域。(请注意,seq_cst 栅栏有其自己的 s_wait_storecnt 0x0,因此无需考虑。)
    //   • 确保任何先前的顺序一致的 global/local 内存指令在执行此顺序一致的指令之前完成。 这可以防止重新排序 seq_cst store,然后重新排序 seq_cst load。(请注意,seq_cst 比 acquire/release 更强,因为 load acquire 后跟 store release 的重新排序会被 release 的 s_wait 阻止,但没有任何东西可以阻止 store release 后跟 load acquire 乱序完成。 s_wait 可以放在 seq_store 之后或 seq_load 之前。 我们选择 load 是为了使 s_wait 尽可能晚,以便 store 可能已完成。)
    //   1. 后续指令与相应的加载原子获取相同,除了即使对于 OpenCL 也必须生成所有指令。
    Row {
        op: LlvmOp::LoadAtomic,
        ord: Ord::SeqCst,
        scopes: &[ScopeLevel::Workgroup],
        spaces: &[Space::Global, Space::Generic],
        requires: &[],
        code: &[
            Step::Emit(&[], MInstr::Wait(Counter::Bvh, 0)),
            Step::Emit(&[], MInstr::Wait(Counter::Sample, 0)),
            Step::Emit(&[], MInstr::Wait(Counter::Store, 0)),
            Step::Emit(&[], MInstr::Wait(Counter::Load, 0)),
            Step::Emit(&[], MInstr::Wait(Counter::Ds, 0)),
            Step::SameAs(LlvmOp::LoadAtomic, Ord::Acquire),
        ],
        en_line: 9952,
        zh_line: 14600,
    },
    // ---- load atomic / seq_cst / workgroup / local
    // en (upstream AMDGPUUsage, this row of the table):
    //   1. | ``s_wait_bvhcnt 0x0``
    //      | ``s_wait_samplecnt 0x0``
    //      | ``s_wait_storecnt 0x0``
    //      | ``s_wait_loadcnt 0x0``
    //      | ``s_wait_dscnt 0x0``
    //
    //     - If OpenCL, omit all.
    //     - The waits can be
    //       independently moved
    //       according to the
    //       following rules:
    //     - ``s_wait_loadcnt 0x0``\,
    //       ``s_wait_samplecnt 0x0`` and
    //       ``s_wait_bvhcnt 0x0``
    //       Must happen after
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
    // zh (the specification's Chinese AMDGPUUsage, this row), original:
    //   load atomic (原子加载)
    //   seq_cst (顺序一致性)
    //   • workgroup
    //   • local (本地)
    //   1. s_wait_bvhcnt 0x0
    //   s_wait_samplecnt 0x0
    //   s_wait_storecnt 0x0
    //   s_wait_loadcnt 0x0
    //   s_wait_dscnt 0x0
    //   CU 波前执行模式
    //   s_wait_dscnt 0x0
    //   • 如果为 OpenCL,则全部省略。
    //   • 等待可以根据以下规则独立移动
    //   • s_wait_loadcnt 0x0s_wait_samplecnt 0x0s_wait_bvhcnt 0x0 必须在先前的 global/generic load atomic/ atomicrmw-with-return-value 之后发生,且该指令的内存排序为 seq_cst,并具有相等或更宽的同步作用域。(请注意,seq_cst 栅栏有其自己的 s_wait,因此无需考虑。)
    //   • s_wait_storecnt 0x0 必须在先前的 global/generic store atomic/ atomicrmw-no-return-value 之后发生,且该指令的内存排序为 seq_cst,并具有相等或更宽的同步作用域。(请注意,seq_cst 栅栏有其自己的 s_wait_storecnt 0x0,因此无需考虑。)
    //   • 确保任何先前的顺序一致的 global 内存指令在执行此顺序一致的指令之前完成。 这可以防止重新排序 seq_cst store,然后重新排序 seq_cst load。(请注意,seq_cst 比 acquire/release 更强,因为 load acquire 后跟 store release 的重新排序会被 release 的 s_wait 阻止,但没有任何东西可以阻止 store release 后跟 load acquire 乱序完成。 s_waitcnt 可以放在 seq_store 之后或 seq_load 之前。 我们选择 load 是为了使 s_wait 尽可能晚,以便 store 可能已完成。)
    //   1. 后续指令与相应的加载原子获取相同,除了即使对于 OpenCL 也必须生成所有指令。
    Row {
        op: LlvmOp::LoadAtomic,
        ord: Ord::SeqCst,
        scopes: &[ScopeLevel::Workgroup],
        spaces: &[Space::Local],
        requires: &[],
        code: &[
            Step::Emit(&[], MInstr::Wait(Counter::Bvh, 0)),
            Step::Emit(&[], MInstr::Wait(Counter::Sample, 0)),
            Step::Emit(&[], MInstr::Wait(Counter::Store, 0)),
            Step::Emit(&[], MInstr::Wait(Counter::Load, 0)),
            Step::Emit(&[], MInstr::Wait(Counter::Ds, 0)),
            Step::SameAs(LlvmOp::LoadAtomic, Ord::Acquire),
        ],
        en_line: 10058,
        zh_line: 14631,
    },
    // ---- load atomic / seq_cst / agent, system / global, generic
    // en (upstream AMDGPUUsage, this row of the table):
    //   1. | ``s_wait_bvhcnt 0x0``
    //      | ``s_wait_samplecnt 0x0``
    //      | ``s_wait_storecnt 0x0``
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
    //     - ``s_wait_loadcnt 0x0``\,
    //       ``s_wait_samplecnt 0x0`` and
    //       ``s_wait_bvhcnt 0x0``
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
    // zh (the specification's Chinese AMDGPUUsage, this row), original:
    //   load atomic (原子加载)
    //   seq_cst (顺序一致性)
    //   • agent
    //   • system
    //   • global
    //   • generic (通用)
    //   1. s_wait_bvhcnt 0x0
    //   s_wait_samplecnt 0x0
    //   s_wait_storecnt 0x0
    //   s_wait_loadcnt 0x0
    //   s_wait_dscnt 0x0
    //   • 如果为 OpenCL,则省略 s_wait_dscnt 0x0
    //   • 等待可以根据以下规则独立移动
    //   • s_wait_dscnt 0x0 必须在先前的 local load atomic/store atomic/atomicrmw 之后发生,且该指令的内存排序为 seq_cst,并具有相等或更宽的同步作用域。(请注意,seq_cst 栅栏有其自己的 s_wait_dscnt 0x0,因此无需考虑。)
    //   • s_wait_loadcnt 0x0s_wait_samplecnt 0x0s_wait_bvhcnt 0x0 必须在先前的 global/generic load atomic/ atomicrmw-with-return-value 之后发生,且该指令的内存排序为 seq_cst,并具有相等或更宽的同步作用域。(请注意,seq_cst 栅栏有其自己的 s_wait,因此无需考虑。)
    //   • s_wait_storecnt 0x0 必须在先前的 global/generic store atomic/ atomicrmw-no-return-value 之后发生,且该指令的内存排序为 seq_cst,并具有相等或更宽的同步作用域。(请注意,seq_cst 栅栏有其自己的 s_wait_storecnt 0x0,因此无需考虑。)
    //   • 确保任何先前的顺序一致的 global 内存指令在执行此顺序一致的指令之前完成。 这可以防止重新排序 seq_cst store,然后重新排序 seq_cst load。(请注意,seq_cst 比 acquire/release 更强,因为 load acquire 后跟 store release 的重新排序会被 release 的 s_wait 阻止,但没有任何东西可以阻止 store release 后跟 load acquire 乱序完成。 s_wait 可以放在 seq_store 之后或 seq_load 之前。 我们选择 load 是为了使 s_wait 尽可能晚,以便 store 可能已完成。)
    //   1. 后续指令与相应的加载原子获取相同,除了即使对于 OpenCL 也必须生成所有指令。
    Row {
        op: LlvmOp::LoadAtomic,
        ord: Ord::SeqCst,
        scopes: &[ScopeLevel::Agent, ScopeLevel::System],
        spaces: &[Space::Global, Space::Generic],
        requires: &[],
        code: &[
            Step::Emit(&[], MInstr::Wait(Counter::Bvh, 0)),
            Step::Emit(&[], MInstr::Wait(Counter::Sample, 0)),
            Step::Emit(&[], MInstr::Wait(Counter::Store, 0)),
            Step::Emit(&[], MInstr::Wait(Counter::Load, 0)),
            Step::Emit(&[], MInstr::Wait(Counter::Ds, 0)),
            Step::SameAs(LlvmOp::LoadAtomic, Ord::Acquire),
        ],
        en_line: 10150,
        zh_line: 14658,
    },
    // ---- store atomic / seq_cst / singlethread, wavefront, workgroup, agent, system / global, local, generic
    // en (upstream AMDGPUUsage, this row of the table):
    //   *Same as corresponding
    //   store atomic release,
    //   except must generate
    //   all instructions even
    //   for OpenCL.*
    // zh (the specification's Chinese AMDGPUUsage, this row), original:
    //   store atomic (原子存储)
    //   seq_cst (顺序一致性)
    //   • singlethread
    //   • wavefront
    //   • workgroup
    //   • agent
    //   • system
    //   • global
    //   • local (本地)
    //   • generic (通用)
    //   与相应的存储原子释放相同,除了即使对于 OpenCL 也必须生成所有指令。
    Row {
        op: LlvmOp::StoreAtomic,
        ord: Ord::SeqCst,
        scopes: &[ScopeLevel::SingleThread, ScopeLevel::Wavefront, ScopeLevel::Workgroup, ScopeLevel::Agent, ScopeLevel::System],
        spaces: &[Space::Global, Space::Local, Space::Generic],
        requires: &[],
        code: &[
            Step::SameAs(LlvmOp::StoreAtomic, Ord::Release),
        ],
        en_line: 10258,
        zh_line: 14689,
    },
    // ---- atomicrmw / seq_cst / singlethread, wavefront, workgroup, agent, system / global, local, generic
    // en (upstream AMDGPUUsage, this row of the table):
    //   *Same as corresponding
    //   atomicrmw acq_rel,
    //   except must generate
    //   all instructions even
    //   for OpenCL.*
    // zh (the specification's Chinese AMDGPUUsage, this row), original:
    //   atomicrmw (原子读-修改-写)
    //   seq_cst (顺序一致性)
    //   • singlethread
    //   • wavefront
    //   • workgroup
    //   • agent
    //   • system
    //   • global
    //   • local (本地)
    //   • generic (通用)
    //   与相应的 atomicrmw 获取-释放相同,除了即使对于 OpenCL 也必须生成所有指令。
    Row {
        op: LlvmOp::AtomicRmw,
        ord: Ord::SeqCst,
        scopes: &[ScopeLevel::SingleThread, ScopeLevel::Wavefront, ScopeLevel::Workgroup, ScopeLevel::Agent, ScopeLevel::System],
        spaces: &[Space::Global, Space::Local, Space::Generic],
        requires: &[],
        code: &[
            Step::SameAs(LlvmOp::AtomicRmw, Ord::AcqRel),
        ],
        en_line: 10263,
        zh_line: 14711,
    },
    // ---- fence / seq_cst / singlethread, wavefront, workgroup, agent, system / *none*
    // en (upstream AMDGPUUsage, this row of the table):
    //   *Same as corresponding
    //   fence acq_rel,
    //   except must generate
    //   all instructions even
    //   for OpenCL.*
    // zh (the specification's Chinese AMDGPUUsage, this row), original:
    //   fence (栅栏)
    //   seq_cst (顺序一致性)
    //   • singlethread
    //   • wavefront
    //   • workgroup
    //   • agent
    //   • system
    //   none
    //   与相应的 fence 获取-释放相同,除了即使对于 OpenCL 也必须生成所有指令。
    Row {
        op: LlvmOp::Fence,
        ord: Ord::SeqCst,
        scopes: &[ScopeLevel::SingleThread, ScopeLevel::Wavefront, ScopeLevel::Workgroup, ScopeLevel::Agent, ScopeLevel::System],
        spaces: &[],
        requires: &[],
        code: &[
            Step::SameAs(LlvmOp::Fence, Ord::AcqRel),
        ],
        en_line: 10268,
        zh_line: 14733,
    },
];

/// Table "AMDHSA Memory Model Code Sequences GFX12 - Instruction Scopes"
/// (seed: "表 83 AMDHSA 内存模型代码序列 GFX12 - 指令作用域"; upstream AMDGPUUsage, "AMDHSA Memory Model Code Sequences GFX12 - Instruction Scopes").
///
/// ```text
/// LLVM syncscope      CU wavefront        WGP wavefront
///                     execution mode      execution mode
/// *none*              scope:SCOPE_SYS     scope:SCOPE_SYS
/// system              scope:SCOPE_SYS     scope:SCOPE_SYS
/// agent               scope:SCOPE_DEV     scope:SCOPE_DEV
/// workgroup           *none*              scope:SCOPE_SE
/// wavefront           *none*              *none*
/// singlethread        *none*              *none*
/// (the -one-as variants map like their scope)
/// ```
///
/// "This table applies if and only if it is directly referenced by an entry
/// in the AMDHSA Memory Model Code Sequences GFX12 table, and it only applies
/// to the instructions in the code sequence that references the table."
/// GFX12 has no cluster scope; LLVM treats `cluster` as `agent` on targets
/// without clusters, and so does this table.
pub static SCOPES: &[(ScopeLevel, Option<HwScope>, Option<HwScope>)] = &[
    (ScopeLevel::System, Some(HwScope::Sys), Some(HwScope::Sys)),
    (ScopeLevel::Agent, Some(HwScope::Dev), Some(HwScope::Dev)),
    (ScopeLevel::Cluster, Some(HwScope::Dev), Some(HwScope::Dev)),
    (ScopeLevel::Workgroup, None, Some(HwScope::Se)),
    (ScopeLevel::Wavefront, None, None),
    (ScopeLevel::SingleThread, None, None),
];

use crate::isa::HwScope;

/// The `scope:` operand for `scope` (`cumode`: CU wavefront execution mode column).
pub fn scope_operand(scope: ScopeLevel, cumode: bool) -> Option<HwScope> {
    SCOPES
        .iter()
        .find(|r| r.0 == scope)
        .and_then(|r| if cumode { r.1 } else { r.2 })
}
