//! Table "AMDHSA Memory Model Code Sequences GFX6-GFX9" as data.
//!
//! Targets: gfx600, gfx700, gfx900.
//! Specification: the Chinese AMDGPUUsage, "表 79 AMDHSA 内存模型代码序列 GFX6-GFX9"; translation: the upstream AMDGPUUsage
//! (<https://llvm.org/docs/AMDGPUUsage.html>, "Memory Model" section).
//! Each row: the English cell (`en`), the seed's original (`zh`), then the data.

use super::{Cond, LlvmOp, Ord, Row, ScopeLevel, Space, Step, Table};
#[allow(unused_imports)]
use crate::isa::{Counter, Cpol, MInstr, ScopeOp, Th};

pub static TABLE: Table = Table {
    name: "AMDHSA Memory Model Code Sequences GFX6-GFX9",
    zh_name: "表 79 AMDHSA 内存模型代码序列 GFX6-GFX9",
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
    //        glc=1 slc=1
    //
    //   - volatile
    //
    //     1. buffer/global/flat_load
    //        glc=1
    //     2. s_waitcnt vmcnt(0)
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
    //   1. buffer/global/flat_load glc=1 slc=1
    //   • volatile (易失性)
    //   1. buffer/global/flat_load glc=1
    //   2. s_waitcnt vmcnt(0)
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
            Step::Emit(&[Cond::NonTemporal], MInstr::Access(Cpol::NONE.glc().slc())),
            Step::Emit(&[Cond::Volatile], MInstr::Access(Cpol::NONE.glc())),
            Step::Emit(&[Cond::Volatile], MInstr::waitcnt_vm(0)),
        ],
        en_line: 296,
        zh_line: 6944,
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
        en_line: 323,
        zh_line: 6976,
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
    //        glc=1 slc=1
    //
    //   - volatile
    //
    //     1. buffer/global/flat_store
    //     2. s_waitcnt vmcnt(0)
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
    //   1. buffer/global/flat_store glc=1 slc=1
    //   • volatile (易失性)
    //   1. buffer/global/flat_store
    //   2. s_waitcnt vmcnt(0)
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
            Step::Emit(&[Cond::NonTemporal], MInstr::Access(Cpol::NONE.glc().slc())),
            Step::Emit(&[Cond::Volatile], MInstr::Access(Cpol::NONE)),
            Step::Emit(&[Cond::Volatile], MInstr::waitcnt_vm(0)),
        ],
        en_line: 324,
        zh_line: 6986,
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
        en_line: 350,
        zh_line: 7018,
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
        en_line: 353,
        zh_line: 7030,
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
        en_line: 354,
        zh_line: 7040,
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
        en_line: 355,
        zh_line: 7050,
    },
    // ---- load atomic / monotonic / singlethread, wavefront, workgroup / global, local, generic
    // en (upstream AMDGPUUsage, this row of the table):
    //   1. buffer/global/ds/flat_load
    // zh (the specification's Chinese AMDGPUUsage, this row), original:
    //   load atomic (原子加载)
    //   monotonic (单调)
    //   • singlethread
    //   • wavefront
    //   • workgroup
    //   • global
    //   • local (本地)
    //   • generic (通用)
    //   1. buffer/global/ds/flat_load
    Row {
        op: LlvmOp::LoadAtomic,
        ord: Ord::Monotonic,
        scopes: &[ScopeLevel::SingleThread, ScopeLevel::Wavefront, ScopeLevel::Workgroup],
        spaces: &[Space::Global, Space::Local, Space::Generic],
        requires: &[],
        code: &[
            Step::Emit(&[], MInstr::Access(Cpol::NONE)),
        ],
        en_line: 358,
        zh_line: 7062,
    },
    // ---- load atomic / monotonic / agent, system / global, generic
    // en (upstream AMDGPUUsage, this row of the table):
    //   1. buffer/global/flat_load
    //      glc=1
    // zh (the specification's Chinese AMDGPUUsage, this row), original:
    //   load atomic (原子加载)
    //   monotonic (单调)
    //   • agent
    //   • system
    //   • global
    //   • generic (通用)
    //   1. buffer/global/flat_load glc=1
    Row {
        op: LlvmOp::LoadAtomic,
        ord: Ord::Monotonic,
        scopes: &[ScopeLevel::Agent, ScopeLevel::System],
        spaces: &[Space::Global, Space::Generic],
        requires: &[],
        code: &[
            Step::Emit(&[], MInstr::Access(Cpol::NONE.glc())),
        ],
        en_line: 361,
        zh_line: 7080,
    },
    // ---- store atomic / monotonic / singlethread, wavefront, workgroup, agent, system / global, generic
    // en (upstream AMDGPUUsage, this row of the table):
    //   1. buffer/global/flat_store
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
            Step::Emit(&[], MInstr::Access(Cpol::NONE)),
        ],
        en_line: 363,
        zh_line: 7094,
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
        en_line: 368,
        zh_line: 7114,
    },
    // ---- atomicrmw / monotonic / singlethread, wavefront, workgroup, agent, system / global, generic
    // en (upstream AMDGPUUsage, this row of the table):
    //   1. buffer/global/flat_atomic
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
            Step::Emit(&[], MInstr::Access(Cpol::NONE)),
        ],
        en_line: 371,
        zh_line: 7128,
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
        en_line: 376,
        zh_line: 7148,
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
        en_line: 381,
        zh_line: 7164,
    },
    // ---- load atomic / acquire / workgroup / global
    // en (upstream AMDGPUUsage, this row of the table):
    //   1. buffer/global_load
    // zh (the specification's Chinese AMDGPUUsage, this row), original:
    //   load atomic (原子加载)
    //   acquire (获取)
    //   • workgroup
    //   • global
    //   1. buffer/global_load
    Row {
        op: LlvmOp::LoadAtomic,
        ord: Ord::Acquire,
        scopes: &[ScopeLevel::Workgroup],
        spaces: &[Space::Global],
        requires: &[],
        code: &[
            Step::Emit(&[], MInstr::Access(Cpol::NONE)),
        ],
        en_line: 384,
        zh_line: 7180,
    },
    // ---- load atomic / acquire / workgroup / local, generic
    // en (upstream AMDGPUUsage, this row of the table):
    //   1. ds/flat_load
    //   2. s_waitcnt lgkmcnt(0)
    //
    //     - If OpenCL, omit.
    //     - Must happen before
    //       any following
    //       global/generic
    //       load/load
    //       atomic/store/store
    //       atomic/atomicrmw.
    //     - Ensures any
    //       following global
    //       data read is no
    //       older than a local load
    //       atomic value being
    //       acquired.
    // zh (the specification's Chinese AMDGPUUsage, this row), original:
    //   load atomic (原子加载)
    //   acquire (获取)
    //   • workgroup
    //   • local (本地)
    //   • generic (通用)
    //   1. ds/flat_load
    //   2. s_waitcnt lgkmcnt(0)
    //   • 如果是 OpenCL,则省略。
    //   • 必须在任何后续的全局/通用加载/原子加载/存储/原子存储/原子读-修改-写之前发生。
    //   • 确保任何后续的全局数据读取都不比正在获取的本地原子加载值旧。
    Row {
        op: LlvmOp::LoadAtomic,
        ord: Ord::Acquire,
        scopes: &[ScopeLevel::Workgroup],
        spaces: &[Space::Local, Space::Generic],
        requires: &[],
        code: &[
            Step::Emit(&[], MInstr::Access(Cpol::NONE)),
            Step::Emit(&[], MInstr::waitcnt_lgkm(0)),
        ],
        en_line: 385,
        zh_line: 7190,
    },
    // ---- load atomic / acquire / agent, system / global
    // en (upstream AMDGPUUsage, this row of the table):
    //   1. buffer/global_load
    //      glc=1
    //   2. s_waitcnt vmcnt(0)
    //
    //     - Must happen before
    //       following
    //       buffer_wbinvl1_vol.
    //     - Ensures the load
    //       has completed
    //       before invalidating
    //       the cache.
    //
    //   3. buffer_wbinvl1_vol
    //
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
    //   1. buffer/global_load glc=1
    //   2. s_waitcnt vmcnt(0)
    //   • 必须在后续的 buffer_wbinvl1_vol 之前发生。
    //   • 确保加载在使缓存无效之前已完成。
    //   1. buffer_wbinvl1_vol
    //   • 必须在任何后续的全局/通用加载/原子加载/原子读-修改-写之前发生。
    //   • 确保后续加载不会看到过时的全局数据。
    Row {
        op: LlvmOp::LoadAtomic,
        ord: Ord::Acquire,
        scopes: &[ScopeLevel::Agent, ScopeLevel::System],
        spaces: &[Space::Global],
        requires: &[],
        code: &[
            Step::Emit(&[], MInstr::Access(Cpol::NONE.glc())),
            Step::Emit(&[], MInstr::waitcnt_vm(0)),
            Step::Emit(&[], MInstr::BufferWbinvl1Vol),
        ],
        en_line: 402,
        zh_line: 7210,
    },
    // ---- load atomic / acquire / agent, system / generic
    // en (upstream AMDGPUUsage, this row of the table):
    //   1. flat_load glc=1
    //   2. s_waitcnt vmcnt(0) &
    //      lgkmcnt(0)
    //
    //     - If OpenCL omit
    //       lgkmcnt(0).
    //     - Must happen before
    //       following
    //       buffer_wbinvl1_vol.
    //     - Ensures the flat_load
    //       has completed
    //       before invalidating
    //       the cache.
    //
    //   3. buffer_wbinvl1_vol
    //
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
    //   1. flat_load glc=1
    //   2. s_waitcnt vmcnt(0) & lgkmcnt(0)
    //   • 如果是 OpenCL,则省略 lgkmcnt(0)。
    //   • 必须在后续的 buffer_wbinvl1_vol 之前发生。
    //   • 确保 flat_load 在使缓存无效之前已完成。
    //   1. buffer_wbinvl1_vol
    //   • 必须在任何后续的全局/通用加载/原子加载/原子读-修改-写之前发生。
    //   • 确保后续加载不会看到过时的全局数据。
    Row {
        op: LlvmOp::LoadAtomic,
        ord: Ord::Acquire,
        scopes: &[ScopeLevel::Agent, ScopeLevel::System],
        spaces: &[Space::Generic],
        requires: &[],
        code: &[
            Step::Emit(&[], MInstr::Access(Cpol::NONE.glc())),
            Step::Emit(&[], MInstr::waitcnt_vm(0)),
            Step::Emit(&[], MInstr::waitcnt_lgkm(0)),
            Step::Emit(&[], MInstr::BufferWbinvl1Vol),
        ],
        en_line: 426,
        zh_line: 7234,
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
        en_line: 452,
        zh_line: 7260,
    },
    // ---- atomicrmw / acquire / workgroup / global
    // en (upstream AMDGPUUsage, this row of the table):
    //   1. buffer/global_atomic
    // zh (the specification's Chinese AMDGPUUsage, this row), original:
    //   atomicrmw (原子读-修改-写)
    //   acquire (获取)
    //   • workgroup
    //   • global
    //   1. buffer/global_atomic
    Row {
        op: LlvmOp::AtomicRmw,
        ord: Ord::Acquire,
        scopes: &[ScopeLevel::Workgroup],
        spaces: &[Space::Global],
        requires: &[],
        code: &[
            Step::Emit(&[], MInstr::Access(Cpol::NONE)),
        ],
        en_line: 455,
        zh_line: 7276,
    },
    // ---- atomicrmw / acquire / workgroup / local, generic
    // en (upstream AMDGPUUsage, this row of the table):
    //   1. ds/flat_atomic
    //   2. s_waitcnt lgkmcnt(0)
    //
    //     - If OpenCL, omit.
    //     - Must happen before
    //       any following
    //       global/generic
    //       load/load
    //       atomic/store/store
    //       atomic/atomicrmw.
    //     - Ensures any
    //       following global
    //       data read is no
    //       older than a local
    //       atomicrmw value
    //       being acquired.
    // zh (the specification's Chinese AMDGPUUsage, this row), original:
    //   atomicrmw (原子读-修改-写)
    //   acquire (获取)
    //   • workgroup
    //   • local (本地)
    //   • generic (通用)
    //   1. ds/flat_atomic
    //   2. s_waitcnt lgkmcnt(0)
    //   • 如果是 OpenCL,则省略。
    //   • 必须在任何后续的全局/通用加载/原子加载/存储/原子存储/原子读-修改-写之前发生。
    //   • 确保任何后续的全局数据读取都不比正在获取的本地原子读-修改-写值旧。
    Row {
        op: LlvmOp::AtomicRmw,
        ord: Ord::Acquire,
        scopes: &[ScopeLevel::Workgroup],
        spaces: &[Space::Local, Space::Generic],
        requires: &[],
        code: &[
            Step::Emit(&[], MInstr::Access(Cpol::NONE)),
            Step::Emit(&[], MInstr::waitcnt_lgkm(0)),
        ],
        en_line: 456,
        zh_line: 7286,
    },
    // ---- atomicrmw / acquire / agent, system / global
    // en (upstream AMDGPUUsage, this row of the table):
    //   1. buffer/global_atomic
    //   2. s_waitcnt vmcnt(0)
    //
    //     - Must happen before
    //       following
    //       buffer_wbinvl1_vol.
    //     - Ensures the
    //       atomicrmw has
    //       completed before
    //       invalidating the
    //       cache.
    //
    //   3. buffer_wbinvl1_vol
    //
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
    //   2. s_waitcnt vmcnt(0)
    //   • 必须在后续的 buffer_wbinvl1_vol 之前发生。
    //   • 确保 atomicrmw 在使缓存无效之前已完成。
    //   1. buffer_wbinvl1_vol
    //   • 必须在任何后续的全局/通用加载/原子加载/原子读-修改-写之前发生。
    //   • 确保后续加载不会看到过时的全局数据。
    Row {
        op: LlvmOp::AtomicRmw,
        ord: Ord::Acquire,
        scopes: &[ScopeLevel::Agent, ScopeLevel::System],
        spaces: &[Space::Global],
        requires: &[],
        code: &[
            Step::Emit(&[], MInstr::Access(Cpol::NONE)),
            Step::Emit(&[], MInstr::waitcnt_vm(0)),
            Step::Emit(&[], MInstr::BufferWbinvl1Vol),
        ],
        en_line: 473,
        zh_line: 7306,
    },
    // ---- atomicrmw / acquire / agent, system / generic
    // en (upstream AMDGPUUsage, this row of the table):
    //   1. flat_atomic
    //   2. s_waitcnt vmcnt(0) &
    //      lgkmcnt(0)
    //
    //     - If OpenCL, omit
    //       lgkmcnt(0).
    //     - Must happen before
    //       following
    //       buffer_wbinvl1_vol.
    //     - Ensures the
    //       atomicrmw has
    //       completed before
    //       invalidating the
    //       cache.
    //
    //   3. buffer_wbinvl1_vol
    //
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
    //   2. s_waitcnt vmcnt(0) & lgkmcnt(0)
    //   • 如果是 OpenCL,则省略 lgkmcnt(0)。
    //   • 必须在后续的 buffer_wbinvl1_vol 之前发生。
    //   • 确保 atomicrmw 在使缓存无效之前已完成。
    //   1. buffer_wbinvl1_vol
    //   • 必须在任何后续的全局/通用加载/原子加载/原子读-修改-写之前发生。
    //   • 确保后续加载不会看到过时的全局数据。
    Row {
        op: LlvmOp::AtomicRmw,
        ord: Ord::Acquire,
        scopes: &[ScopeLevel::Agent, ScopeLevel::System],
        spaces: &[Space::Generic],
        requires: &[],
        code: &[
            Step::Emit(&[], MInstr::Access(Cpol::NONE)),
            Step::Emit(&[], MInstr::waitcnt_vm(0)),
            Step::Emit(&[], MInstr::waitcnt_lgkm(0)),
            Step::Emit(&[], MInstr::BufferWbinvl1Vol),
        ],
        en_line: 497,
        zh_line: 7330,
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
        en_line: 524,
        zh_line: 7356,
    },
    // ---- fence / acquire / workgroup / *none*
    // en (upstream AMDGPUUsage, this row of the table):
    //   1. s_waitcnt lgkmcnt(0)
    //
    //     - If OpenCL and
    //       address space is
    //       not generic, omit.
    //     - See :ref:`amdgpu-fence-as` for
    //       more details on fencing specific
    //       address spaces.
    //     - Must happen after
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
    //       any following
    //       global/generic
    //       load/load
    //       atomic/store/store
    //       atomic/atomicrmw.
    //     - Ensures any
    //       following global
    //       data read is no
    //       older than the
    //       value read by the
    //       fence-paired-atomic.
    // zh (the specification's Chinese AMDGPUUsage, this row), original:
    //   fence (栅栏)
    //   acquire (获取)
    //   • workgroup
    //   none
    //   1. s_waitcnt lgkmcnt(0)
    //   • 如果是 OpenCL 且地址空间不是通用,则省略。
    //   • 有关 fence 特定地址空间的更多详细信息,请参见 Fence 和地址空间
    //   • 必须在任何先前的本地/通用原子加载/原子读-修改-写之后发生,其同步作用域相等或更宽,并且内存排序强于无序(这被称为 fence 配对原子操作)。
    //   • 必须在任何后续的全局/通用加载/原子加载/存储/原子存储/原子读-修改-写之前发生。
    //   • 确保任何后续的全局数据读取都不比 fence 配对原子操作读取的值旧。
    Row {
        op: LlvmOp::Fence,
        ord: Ord::Acquire,
        scopes: &[ScopeLevel::Workgroup],
        spaces: &[],
        requires: &[],
        code: &[
            Step::Emit(&[], MInstr::waitcnt_lgkm(0)),
        ],
        en_line: 526,
        zh_line: 7368,
    },
    // ---- fence / acquire / agent, system / *none*
    // en (upstream AMDGPUUsage, this row of the table):
    //   1. s_waitcnt lgkmcnt(0) &
    //      vmcnt(0)
    //
    //     - If OpenCL and
    //       address space is
    //       not generic, omit
    //       lgkmcnt(0).
    //     - See :ref:`amdgpu-fence-as` for
    //       more details on fencing specific
    //       address spaces.
    //     - Could be split into
    //       separate s_waitcnt
    //       vmcnt(0) and
    //       s_waitcnt
    //       lgkmcnt(0) to allow
    //       them to be
    //       independently moved
    //       according to the
    //       following rules.
    //     - s_waitcnt vmcnt(0)
    //       must happen after
    //       any preceding
    //       global/generic load
    //       atomic/atomicrmw
    //       with an equal or
    //       wider sync scope
    //       and memory ordering
    //       stronger than
    //       unordered (this is
    //       termed the
    //       fence-paired-atomic).
    //     - s_waitcnt lgkmcnt(0)
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
    //       buffer_wbinvl1_vol.
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
    //   2. buffer_wbinvl1_vol
    //
    //     - Must happen before any
    //       following global/generic
    //       load/load
    //       atomic/store/store
    //       atomic/atomicrmw.
    //     - Ensures that
    //       following loads
    //       will not see stale
    //       global data.
    // zh (the specification's Chinese AMDGPUUsage, this row), original:
    //   fence (栅栏)
    //   acquire (获取)
    //   • agent
    //   • system
    //   none
    //   1. s_waitcnt lgkmcnt(0) & vmcnt(0)
    //   • 如果是 OpenCL 且地址空间不是通用,则省略 lgkmcnt(0)。
    //   • 有关 fence 特定地址空间的更多详细信息,请参见 Fence 和地址空间
    //   • 可以拆分为单独的 s_waitcnt vmcnt(0) 和 s_waitcnt lgkmcnt(0),以允许它们根据以下规则独立移动。
    //   • s_waitcnt vmcnt(0) 必须在任何先前的全局/通用原子加载/原子读-修改-写之后发生,其同步作用域相等或更宽,并且内存排序强于无序(这被称为 fence 配对原子操作)。
    //   • s_waitcnt lgkmcnt(0) 必须在任何先前的本地/通用原子加载/原子读-修改-写之后发生,其同步作用域相等或更宽,并且内存排序强于无序(这被称为 fence 配对原子操作)。
    //   • 必须在后续的 buffer_wbinvl1_vol 之前发生。
    //   • 确保 fence 配对原子操作在使缓存无效之前已完成。因此,任何后续读取的位置都必须不比 fence 配对原子操作读取的值旧。
    //   1. buffer_wbinvl1_vol
    //   • 必须在任何后续的全局/通用加载/原子加载/存储/原子存储/原子读-修改-写之前发生。
    //   • 确保后续加载不会看到过时的全局数据。
    //   释放原子
    Row {
        op: LlvmOp::Fence,
        ord: Ord::Acquire,
        scopes: &[ScopeLevel::Agent, ScopeLevel::System],
        spaces: &[],
        requires: &[],
        code: &[
            Step::Emit(&[], MInstr::waitcnt_lgkm(0)),
            Step::Emit(&[], MInstr::waitcnt_vm(0)),
            Step::Emit(&[], MInstr::BufferWbinvl1Vol),
        ],
        en_line: 558,
        zh_line: 7388,
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
        en_line: 631,
        zh_line: 7422,
    },
    // ---- store atomic / release / workgroup / global, generic
    // en (upstream AMDGPUUsage, this row of the table):
    //   1. s_waitcnt lgkmcnt(0)
    //
    //     - If OpenCL, omit.
    //     - Must happen after
    //       any preceding
    //       local/generic
    //       load/store/load
    //       atomic/store
    //       atomic/atomicrmw.
    //     - Must happen before
    //       the following
    //       store.
    //     - Ensures that all
    //       memory operations
    //       to local have
    //       completed before
    //       performing the
    //       store that is being
    //       released.
    //
    //   2. buffer/global/flat_store
    // zh (the specification's Chinese AMDGPUUsage, this row), original:
    //   store atomic (原子存储)
    //   release (释放)
    //   • workgroup
    //   • global
    //   • generic (通用)
    //   1. s_waitcnt lgkmcnt(0)
    //   • 如果是 OpenCL,则省略。
    //   • 必须在任何先前的本地/通用加载/存储/原子加载/原子存储/原子读-修改-写之后发生。
    //   • 必须在后续的存储之前发生。
    //   • 确保在执行正在释放的存储之前,所有对本地内存的操作都已完成。
    //   1. buffer/global/flat_store
    Row {
        op: LlvmOp::StoreAtomic,
        ord: Ord::Release,
        scopes: &[ScopeLevel::Workgroup],
        spaces: &[Space::Global, Space::Generic],
        requires: &[],
        code: &[
            Step::Emit(&[], MInstr::waitcnt_lgkm(0)),
            Step::Emit(&[], MInstr::Access(Cpol::NONE)),
        ],
        en_line: 634,
        zh_line: 7438,
    },
    // ---- store atomic / release / workgroup / local
    // en (upstream AMDGPUUsage, this row of the table):
    //   1. ds_store
    // zh (the specification's Chinese AMDGPUUsage, this row), original:
    //   store atomic (原子存储)
    //   release (释放)
    //   • workgroup
    //   • local (本地)
    //   1. ds_store
    Row {
        op: LlvmOp::StoreAtomic,
        ord: Ord::Release,
        scopes: &[ScopeLevel::Workgroup],
        spaces: &[Space::Local],
        requires: &[],
        code: &[
            Step::Emit(&[], MInstr::Access(Cpol::NONE)),
        ],
        en_line: 655,
        zh_line: 7460,
    },
    // ---- store atomic / release / agent, system / global, generic
    // en (upstream AMDGPUUsage, this row of the table):
    //   1. s_waitcnt lgkmcnt(0) &
    //      vmcnt(0)
    //
    //     - If OpenCL and
    //       address space is
    //       not generic, omit
    //       lgkmcnt(0).
    //     - Could be split into
    //       separate s_waitcnt
    //       vmcnt(0) and
    //       s_waitcnt
    //       lgkmcnt(0) to allow
    //       them to be
    //       independently moved
    //       according to the
    //       following rules.
    //     - s_waitcnt vmcnt(0)
    //       must happen after
    //       any preceding
    //       global/generic
    //       load/store/load
    //       atomic/store
    //       atomic/atomicrmw.
    //     - s_waitcnt lgkmcnt(0)
    //       must happen after
    //       any preceding
    //       local/generic
    //       load/store/load
    //       atomic/store
    //       atomic/atomicrmw.
    //     - Must happen before
    //       the following
    //       store.
    //     - Ensures that all
    //       memory operations
    //       to memory have
    //       completed before
    //       performing the
    //       store that is being
    //       released.
    //
    //   2. buffer/global/flat_store
    // zh (the specification's Chinese AMDGPUUsage, this row), original:
    //   store atomic (原子存储)
    //   release (释放)
    //   • agent
    //   • system
    //   • global
    //   • generic (通用)
    //   1. s_waitcnt lgkmcnt(0) & vmcnt(0)
    //   • 如果是 OpenCL 且地址空间不是通用,则省略 lgkmcnt(0)。
    //   • 可以拆分为单独的 s_waitcnt vmcnt(0) 和 s_waitcnt lgkmcnt(0),以允许它们根据以下规则独立移动。
    //   • s_waitcnt vmcnt(0) 必须在任何先前的全局/通用加载/存储/原子加载/原子存储/原子读-修改-写之后发生。
    //   • s_waitcnt lgkmcnt(0) 必须在任何先前的本地/通用加载/存储/原子加载/原子存储/原子读-修改-写之后发生。
    //   • 必须在后续的存储之前发生。
    //   • 确保在执行正在释放的存储之前,所有对内存的操作都已完成。
    //   1. buffer/global/flat_store
    Row {
        op: LlvmOp::StoreAtomic,
        ord: Ord::Release,
        scopes: &[ScopeLevel::Agent, ScopeLevel::System],
        spaces: &[Space::Global, Space::Generic],
        requires: &[],
        code: &[
            Step::Emit(&[], MInstr::waitcnt_lgkm(0)),
            Step::Emit(&[], MInstr::waitcnt_vm(0)),
            Step::Emit(&[], MInstr::Access(Cpol::NONE)),
        ],
        en_line: 656,
        zh_line: 7470,
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
        en_line: 698,
        zh_line: 7498,
    },
    // ---- atomicrmw / release / workgroup / global, generic
    // en (upstream AMDGPUUsage, this row of the table):
    //   1. s_waitcnt lgkmcnt(0)
    //
    //     - If OpenCL, omit.
    //     - Must happen after
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
    //       to local have
    //       completed before
    //       performing the
    //       atomicrmw that is
    //       being released.
    //
    //   2. buffer/global/flat_atomic
    // zh (the specification's Chinese AMDGPUUsage, this row), original:
    //   atomicrmw (原子读-修改-写)
    //   release (释放)
    //   • workgroup
    //   • global
    //   • generic (通用)
    //   1. s_waitcnt lgkmcnt(0)
    //   • 如果是 OpenCL,则省略。
    //   • 必须在任何先前的本地/通用加载/存储/原子加载/原子存储/原子读-修改-写之后发生。
    //   • 必须在后续的 atomicrmw 之前发生。
    //   • 确保在执行正在释放的 atomicrmw 之前,所有对本地内存的操作都已完成。
    //   1. buffer/global/flat_atomic
    Row {
        op: LlvmOp::AtomicRmw,
        ord: Ord::Release,
        scopes: &[ScopeLevel::Workgroup],
        spaces: &[Space::Global, Space::Generic],
        requires: &[],
        code: &[
            Step::Emit(&[], MInstr::waitcnt_lgkm(0)),
            Step::Emit(&[], MInstr::Access(Cpol::NONE)),
        ],
        en_line: 701,
        zh_line: 7514,
    },
    // ---- atomicrmw / release / workgroup / local
    // en (upstream AMDGPUUsage, this row of the table):
    //   1. ds_atomic
    // zh (the specification's Chinese AMDGPUUsage, this row), original:
    //   atomicrmw (原子读-修改-写)
    //   release (释放)
    //   • workgroup
    //   • local (本地)
    //   1. ds_atomic
    Row {
        op: LlvmOp::AtomicRmw,
        ord: Ord::Release,
        scopes: &[ScopeLevel::Workgroup],
        spaces: &[Space::Local],
        requires: &[],
        code: &[
            Step::Emit(&[], MInstr::Access(Cpol::NONE)),
        ],
        en_line: 722,
        zh_line: 7536,
    },
    // ---- atomicrmw / release / agent, system / global, generic
    // en (upstream AMDGPUUsage, this row of the table):
    //   1. s_waitcnt lgkmcnt(0) &
    //      vmcnt(0)
    //
    //     - If OpenCL, omit
    //       lgkmcnt(0).
    //     - Could be split into
    //       separate s_waitcnt
    //       vmcnt(0) and
    //       s_waitcnt
    //       lgkmcnt(0) to allow
    //       them to be
    //       independently moved
    //       according to the
    //       following rules.
    //     - s_waitcnt vmcnt(0)
    //       must happen after
    //       any preceding
    //       global/generic
    //       load/store/load
    //       atomic/store
    //       atomic/atomicrmw.
    //     - s_waitcnt lgkmcnt(0)
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
    //       to global and local
    //       have completed
    //       before performing
    //       the atomicrmw that
    //       is being released.
    //
    //   2. buffer/global/flat_atomic
    // zh (the specification's Chinese AMDGPUUsage, this row), original:
    //   atomicrmw (原子读-修改-写)
    //   release (释放)
    //   • agent
    //   • system
    //   • global
    //   • generic (通用)
    //   1. s_waitcnt lgkmcnt(0) & vmcnt(0)
    //   • 如果是 OpenCL,则省略 lgkmcnt(0)。
    //   • 可以拆分为单独的 s_waitcnt vmcnt(0) 和 s_waitcnt lgkmcnt(0),以允许它们根据以下规则独立移动。
    //   • s_waitcnt vmcnt(0) 必须在任何先前的全局/通用加载/存储/原子加载/原子存储/原子读-修改-写之后发生。
    //   • s_waitcnt lgkmcnt(0) 必须在任何先前的本地/通用加载/存储/原子加载/原子存储/原子读-修改-写之后发生。
    //   • 必须在后续的 atomicrmw 之前发生。
    //   • 确保在执行正在释放的 atomicrmw 之前,所有对全局和本地内存的操作都已完成。
    //   1. buffer/global/flat_atomic
    Row {
        op: LlvmOp::AtomicRmw,
        ord: Ord::Release,
        scopes: &[ScopeLevel::Agent, ScopeLevel::System],
        spaces: &[Space::Global, Space::Generic],
        requires: &[],
        code: &[
            Step::Emit(&[], MInstr::waitcnt_lgkm(0)),
            Step::Emit(&[], MInstr::waitcnt_vm(0)),
            Step::Emit(&[], MInstr::Access(Cpol::NONE)),
        ],
        en_line: 723,
        zh_line: 7546,
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
        en_line: 763,
        zh_line: 7574,
    },
    // ---- fence / release / workgroup / *none*
    // en (upstream AMDGPUUsage, this row of the table):
    //   1. s_waitcnt lgkmcnt(0)
    //
    //     - If OpenCL and
    //       address space is
    //       not generic, omit.
    //     - See :ref:`amdgpu-fence-as` for
    //       more details on fencing specific
    //       address spaces.
    //     - Must happen after
    //       any preceding
    //       local/generic
    //       load/load
    //       atomic/store/store
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
    //       to local have
    //       completed before
    //       performing the
    //       following
    //       fence-paired-atomic.
    // zh (the specification's Chinese AMDGPUUsage, this row), original:
    //   fence (栅栏)
    //   release (释放)
    //   • workgroup
    //   none
    //   1. s_waitcnt lgkmcnt(0)
    //   • 如果是 OpenCL 且地址空间不是通用,则省略。
    //   • 有关 fence 特定地址空间的更多详细信息,请参见 Fence 和地址空间
    //   • 必须在任何先前的本地/通用加载/原子加载/存储/原子存储/原子读-修改-写之后发生。
    //   • 必须在任何后续的原子存储/原子读-修改-写之前发生,其同步作用域相等或更宽,并且内存排序强于无序(这被称为 fence 配对原子操作)。
    //   • 确保在执行后续的 fence 配对原子操作之前,所有对本地内存的操作都已完成。
    Row {
        op: LlvmOp::Fence,
        ord: Ord::Release,
        scopes: &[ScopeLevel::Workgroup],
        spaces: &[],
        requires: &[],
        code: &[
            Step::Emit(&[], MInstr::waitcnt_lgkm(0)),
        ],
        en_line: 765,
        zh_line: 7586,
    },
    // ---- fence / release / agent, system / *none*
    // en (upstream AMDGPUUsage, this row of the table):
    //   1. s_waitcnt lgkmcnt(0) &
    //      vmcnt(0)
    //
    //     - If OpenCL and
    //       address space is
    //       not generic, omit
    //       lgkmcnt(0).
    //     - If OpenCL and
    //       address space is
    //       local, omit
    //       vmcnt(0).
    //     - See :ref:`amdgpu-fence-as` for
    //       more details on fencing specific
    //       address spaces.
    //     - Could be split into
    //       separate s_waitcnt
    //       vmcnt(0) and
    //       s_waitcnt
    //       lgkmcnt(0) to allow
    //       them to be
    //       independently moved
    //       according to the
    //       following rules.
    //     - s_waitcnt vmcnt(0)
    //       must happen after
    //       any preceding
    //       global/generic
    //       load/store/load
    //       atomic/store
    //       atomic/atomicrmw.
    //     - s_waitcnt lgkmcnt(0)
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
    //   1. s_waitcnt lgkmcnt(0) & vmcnt(0)
    //   • 如果是 OpenCL 且地址空间不是通用,则省略 lgkmcnt(0)。
    //   • 如果是 OpenCL 且地址空间是本地的,则省略 vmcnt(0)。
    //   • 有关 fence 特定地址空间的更多详细信息,请参见 Fence 和地址空间
    //   • 可以拆分为单独的 s_waitcnt vmcnt(0) 和 s_waitcnt lgkmcnt(0),以允许它们根据以下规则独立移动。
    //   • s_waitcnt vmcnt(0) 必须在任何先前的全局/通用加载/存储/原子加载/原子存储/原子读-修改-写之后发生。
    //   • s_waitcnt lgkmcnt(0) 必须在任何先前的本地/通用加载/存储/原子加载/原子存储/原子读-修改-写之后发生。
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
            Step::Emit(&[], MInstr::waitcnt_lgkm(0)),
            Step::Emit(&[], MInstr::waitcnt_vm(0)),
        ],
        en_line: 797,
        zh_line: 7606,
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
        en_line: 854,
        zh_line: 7636,
    },
    // ---- atomicrmw / acq_rel / workgroup / global
    // en (upstream AMDGPUUsage, this row of the table):
    //   1. s_waitcnt lgkmcnt(0)
    //
    //     - If OpenCL, omit.
    //     - Must happen after
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
    //       to local have
    //       completed before
    //       performing the
    //       atomicrmw that is
    //       being released.
    //
    //   2. buffer/global_atomic
    // zh (the specification's Chinese AMDGPUUsage, this row), original:
    //   atomicrmw (原子读-修改-写)
    //   acq_rel (获取-释放)
    //   • workgroup
    //   • global
    //   1. s_waitcnt lgkmcnt(0)
    //   • 如果是 OpenCL,则省略。
    //   • 必须在任何先前的本地/通用加载/存储/原子加载/原子存储/原子读-修改-写之后发生。
    //   • 必须在后续的 atomicrmw 之前发生。
    //   • 确保在执行正在释放的 atomicrmw 之前,所有对本地内存的操作都已完成。
    //   1. buffer/global_atomic
    Row {
        op: LlvmOp::AtomicRmw,
        ord: Ord::AcqRel,
        scopes: &[ScopeLevel::Workgroup],
        spaces: &[Space::Global],
        requires: &[],
        code: &[
            Step::Emit(&[], MInstr::waitcnt_lgkm(0)),
            Step::Emit(&[], MInstr::Access(Cpol::NONE)),
        ],
        en_line: 857,
        zh_line: 7652,
    },
    // ---- atomicrmw / acq_rel / workgroup / local
    // en (upstream AMDGPUUsage, this row of the table):
    //   1. ds_atomic
    //   2. s_waitcnt lgkmcnt(0)
    //
    //     - If OpenCL, omit.
    //     - Must happen before
    //       any following
    //       global/generic
    //       load/load
    //       atomic/store/store
    //       atomic/atomicrmw.
    //     - Ensures any
    //       following global
    //       data read is no
    //       older than the local load
    //       atomic value being
    //       acquired.
    // zh (the specification's Chinese AMDGPUUsage, this row), original:
    //   atomicrmw (原子读-修改-写)
    //   acq_rel (获取-释放)
    //   • workgroup
    //   • local (本地)
    //   1. ds_atomic
    //   2. s_waitcnt lgkmcnt(0)
    //   • 如果是 OpenCL,则省略。
    //   • 必须在任何后续的全局/通用加载/原子加载/存储/原子存储/原子读-修改-写之前发生。
    //   • 确保任何后续的全局数据读取都不比正在获取的本地原子加载值旧。
    Row {
        op: LlvmOp::AtomicRmw,
        ord: Ord::AcqRel,
        scopes: &[ScopeLevel::Workgroup],
        spaces: &[Space::Local],
        requires: &[],
        code: &[
            Step::Emit(&[], MInstr::Access(Cpol::NONE)),
            Step::Emit(&[], MInstr::waitcnt_lgkm(0)),
        ],
        en_line: 879,
        zh_line: 7672,
    },
    // ---- atomicrmw / acq_rel / workgroup / generic
    // en (upstream AMDGPUUsage, this row of the table):
    //   1. s_waitcnt lgkmcnt(0)
    //
    //     - If OpenCL, omit.
    //     - Must happen after
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
    //       to local have
    //       completed before
    //       performing the
    //       atomicrmw that is
    //       being released.
    //
    //   2. flat_atomic
    //   3. s_waitcnt lgkmcnt(0)
    //
    //     - If OpenCL, omit.
    //     - Must happen before
    //       any following
    //       global/generic
    //       load/load
    //       atomic/store/store
    //       atomic/atomicrmw.
    //     - Ensures any
    //       following global
    //       data read is no
    //       older than a local load
    //       atomic value being
    //       acquired.
    // zh (the specification's Chinese AMDGPUUsage, this row), original:
    //   atomicrmw (原子读-修改-写)
    //   acq_rel (获取-释放)
    //   • workgroup
    //   • generic (通用)
    //   1. s_waitcnt lgkmcnt(0)
    //   • 如果是 OpenCL,则省略。
    //   • 必须在任何先前的本地/通用加载/存储/原子加载/原子存储/原子读-修改-写之后发生。
    //   • 必须在后续的 atomicrmw 之前发生。
    //   • 确保在执行正在释放的 atomicrmw 之前,所有对本地内存的操作都已完成。
    //   1. flat_atomic
    //   2. s_waitcnt lgkmcnt(0)
    //   • 如果是 OpenCL,则省略。
    //   • 必须在任何后续的全局/通用加载/原子加载/存储/原子存储/原子读-修改-写之前发生。
    //   • 确保任何后续的全局数据读取都不比正在获取的本地原子加载值旧。
    Row {
        op: LlvmOp::AtomicRmw,
        ord: Ord::AcqRel,
        scopes: &[ScopeLevel::Workgroup],
        spaces: &[Space::Generic],
        requires: &[],
        code: &[
            Step::Emit(&[], MInstr::waitcnt_lgkm(0)),
            Step::Emit(&[], MInstr::Access(Cpol::NONE)),
            Step::Emit(&[], MInstr::waitcnt_lgkm(0)),
        ],
        en_line: 896,
        zh_line: 7690,
    },
    // ---- atomicrmw / acq_rel / agent, system / global
    // en (upstream AMDGPUUsage, this row of the table):
    //   1. s_waitcnt lgkmcnt(0) &
    //      vmcnt(0)
    //
    //     - If OpenCL, omit
    //       lgkmcnt(0).
    //     - Could be split into
    //       separate s_waitcnt
    //       vmcnt(0) and
    //       s_waitcnt
    //       lgkmcnt(0) to allow
    //       them to be
    //       independently moved
    //       according to the
    //       following rules.
    //     - s_waitcnt vmcnt(0)
    //       must happen after
    //       any preceding
    //       global/generic
    //       load/store/load
    //       atomic/store
    //       atomic/atomicrmw.
    //     - s_waitcnt lgkmcnt(0)
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
    //   2. buffer/global_atomic
    //   3. s_waitcnt vmcnt(0)
    //
    //     - Must happen before
    //       following
    //       buffer_wbinvl1_vol.
    //     - Ensures the
    //       atomicrmw has
    //       completed before
    //       invalidating the
    //       cache.
    //
    //   4. buffer_wbinvl1_vol
    //
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
    //   1. s_waitcnt lgkmcnt(0) & vmcnt(0)
    //   • 如果是 OpenCL,则省略 lgkmcnt(0)。
    //   • 可以拆分为单独的 s_waitcnt vmcnt(0) 和 s_waitcnt lgkmcnt(0),以允许它们根据以下规则独立移动。
    //   • s_waitcnt vmcnt(0) 必须在任何先前的全局/通用加载/存储/原子加载/原子存储/原子读-修改-写之后发生。
    //   • s_waitcnt lgkmcnt(0) 必须在任何先前的本地/通用加载/存储/原子加载/原子存储/原子读-修改-写之后发生。
    //   • 必须在后续的 atomicrmw 之前发生。
    //   • 确保在执行正在释放的 atomicrmw 之前,所有对全局内存的操作都已完成。
    //   1. buffer/global_atomic
    //   2. s_waitcnt vmcnt(0)
    //   • 必须在后续的 buffer_wbinvl1_vol 之前发生。
    //   • 确保 atomicrmw 在使缓存无效之前已完成。
    //   1. buffer_wbinvl1_vol
    //   • 必须在任何后续的全局/通用加载/原子加载/原子读-修改-写之前发生。
    //   • 确保后续加载不会看到过时的全局数据。
    Row {
        op: LlvmOp::AtomicRmw,
        ord: Ord::AcqRel,
        scopes: &[ScopeLevel::Agent, ScopeLevel::System],
        spaces: &[Space::Global],
        requires: &[],
        code: &[
            Step::Emit(&[], MInstr::waitcnt_lgkm(0)),
            Step::Emit(&[], MInstr::waitcnt_vm(0)),
            Step::Emit(&[], MInstr::Access(Cpol::NONE)),
            Step::Emit(&[], MInstr::waitcnt_vm(0)),
            Step::Emit(&[], MInstr::BufferWbinvl1Vol),
        ],
        en_line: 933,
        zh_line: 7718,
    },
    // ---- atomicrmw / acq_rel / agent, system / generic
    // en (upstream AMDGPUUsage, this row of the table):
    //   1. s_waitcnt lgkmcnt(0) &
    //      vmcnt(0)
    //
    //     - If OpenCL, omit
    //       lgkmcnt(0).
    //     - Could be split into
    //       separate s_waitcnt
    //       vmcnt(0) and
    //       s_waitcnt
    //       lgkmcnt(0) to allow
    //       them to be
    //       independently moved
    //       according to the
    //       following rules.
    //     - s_waitcnt vmcnt(0)
    //       must happen after
    //       any preceding
    //       global/generic
    //       load/store/load
    //       atomic/store
    //       atomic/atomicrmw.
    //     - s_waitcnt lgkmcnt(0)
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
    //   2. flat_atomic
    //   3. s_waitcnt vmcnt(0) &
    //      lgkmcnt(0)
    //
    //     - If OpenCL, omit
    //       lgkmcnt(0).
    //     - Must happen before
    //       following
    //       buffer_wbinvl1_vol.
    //     - Ensures the
    //       atomicrmw has
    //       completed before
    //       invalidating the
    //       cache.
    //
    //   4. buffer_wbinvl1_vol
    //
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
    //   1. s_waitcnt lgkmcnt(0) & vmcnt(0)
    //   • 如果是 OpenCL,则省略 lgkmcnt(0)。
    //   • 可以拆分为单独的 s_waitcnt vmcnt(0) 和 s_waitcnt lgkmcnt(0),以允许它们根据以下规则独立移动。
    //   • s_waitcnt vmcnt(0) 必须在任何先前的全局/通用加载/存储/原子加载/原子存储/原子读-修改-写之后发生。
    //   • s_waitcnt lgkmcnt(0) 必须在任何先前的本地/通用加载/存储/原子加载/原子存储/原子读-修改-写之后发生。
    //   • 必须在后续的 atomicrmw 之前发生。
    //   • 确保在执行正在释放的 atomicrmw 之前,所有对全局内存的操作都已完成。
    //   1. flat_atomic
    //   2. s_waitcnt vmcnt(0) & lgkmcnt(0)
    //   • 如果是 OpenCL,则省略 lgkmcnt(0)。
    //   • 必须在后续的 buffer_wbinvl1_vol 之前发生。
    //   • 确保 atomicrmw 在使缓存无效之前已完成。
    //   1. buffer_wbinvl1_vol
    //   • 必须在任何后续的全局/通用加载/原子加载/原子读-修改-写之前发生。
    //   • 确保后续加载不会看到过时的全局数据。
    Row {
        op: LlvmOp::AtomicRmw,
        ord: Ord::AcqRel,
        scopes: &[ScopeLevel::Agent, ScopeLevel::System],
        spaces: &[Space::Generic],
        requires: &[],
        code: &[
            Step::Emit(&[], MInstr::waitcnt_lgkm(0)),
            Step::Emit(&[], MInstr::waitcnt_vm(0)),
            Step::Emit(&[], MInstr::Access(Cpol::NONE)),
            Step::Emit(&[], MInstr::waitcnt_vm(0)),
            Step::Emit(&[], MInstr::waitcnt_lgkm(0)),
            Step::Emit(&[], MInstr::BufferWbinvl1Vol),
        ],
        en_line: 996,
        zh_line: 7756,
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
        en_line: 1062,
        zh_line: 7796,
    },
    // ---- fence / acq_rel / workgroup / *none*
    // en (upstream AMDGPUUsage, this row of the table):
    //   1. s_waitcnt lgkmcnt(0)
    //
    //     - If OpenCL and
    //       address space is
    //       not generic, omit.
    //     - However,
    //       since LLVM
    //       currently has no
    //       address space on
    //       the fence need to
    //       conservatively
    //       always generate
    //       (see comment for
    //       previous fence).
    //     - Must happen after
    //       any preceding
    //       local/generic
    //       load/load
    //       atomic/store/store
    //       atomic/atomicrmw.
    //     - Must happen before
    //       any following
    //       global/generic
    //       load/load
    //       atomic/store/store
    //       atomic/atomicrmw.
    //     - Ensures that all
    //       memory operations
    //       to local have
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
    // zh (the specification's Chinese AMDGPUUsage, this row), original:
    //   fence (栅栏)
    //   acq_rel (获取-释放)
    //   • workgroup
    //   none
    //   1. s_waitcnt lgkmcnt(0)
    //   • 如果是 OpenCL 且地址空间不是通用,则省略。
    //   • 但是,由于 LLVM 当前在 fence 上没有地址空间,因此需要保守地始终生成(参见先前 fence 的注释)。
    //   • 必须在任何先前的本地/通用加载/原子加载/存储/原子存储/原子读-修改-写之后发生。
    //   • 必须在任何后续的全局/通用加载/原子加载/存储/原子存储/原子读-修改-写之前发生。
    //   • 确保在执行任何后续的全局内存操作之前,所有对本地内存的操作都已完成。
    //   • 确保先前的本地/通用原子加载/原子读-修改-写(其同步作用域相等或更宽,并且内存排序强于无序,这被称为 acquire-fence 配对原子操作)在后续的全局内存操作之前已完成。这满足了 acquire 的要求。
    //   • 确保在后续的本地/通用原子存储/原子读-修改-写(其同步作用域相等或更宽,并且内存排序强于无序,这被称为 release-fence 配对原子操作)之前,所有先前的内存操作都已完成。这满足了 release 的要求。
    Row {
        op: LlvmOp::Fence,
        ord: Ord::AcqRel,
        scopes: &[ScopeLevel::Workgroup],
        spaces: &[],
        requires: &[],
        code: &[
            Step::Emit(&[], MInstr::waitcnt_lgkm(0)),
        ],
        en_line: 1064,
        zh_line: 7808,
    },
    // ---- fence / acq_rel / agent, system / *none*
    // en (upstream AMDGPUUsage, this row of the table):
    //   1. s_waitcnt lgkmcnt(0) &
    //      vmcnt(0)
    //
    //     - If OpenCL and
    //       address space is
    //       not generic, omit
    //       lgkmcnt(0).
    //     - See :ref:`amdgpu-fence-as` for
    //       more details on fencing specific
    //       address spaces.
    //     - Could be split into
    //       separate s_waitcnt
    //       vmcnt(0) and
    //       s_waitcnt
    //       lgkmcnt(0) to allow
    //       them to be
    //       independently moved
    //       according to the
    //       following rules.
    //     - s_waitcnt vmcnt(0)
    //       must happen after
    //       any preceding
    //       global/generic
    //       load/store/load
    //       atomic/store
    //       atomic/atomicrmw.
    //     - s_waitcnt lgkmcnt(0)
    //       must happen after
    //       any preceding
    //       local/generic
    //       load/store/load
    //       atomic/store
    //       atomic/atomicrmw.
    //     - Must happen before
    //       the following
    //       buffer_wbinvl1_vol.
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
    //       the cache. This
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
    //   2. buffer_wbinvl1_vol
    //
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
    //   1. s_waitcnt lgkmcnt(0) & vmcnt(0)
    //   • 如果是 OpenCL 且地址空间不是通用,则省略 lgkmcnt(0)。
    //   • 有关 fence 特定地址空间的更多详细信息,请参见 Fence 和地址空间
    //   • 可以拆分为单独的 s_waitcnt vmcnt(0) 和 s_waitcnt lgkmcnt(0),以允许它们根据以下规则独立移动。
    //   • s_waitcnt vmcnt(0) 必须在任何先前的全局/通用加载/存储/原子加载/原子存储/原子读-修改-写之后发生。
    //   • s_waitcnt lgkmcnt(0) 必须在任何先前的本地/通用加载/存储/原子加载/原子存储/原子读-修改-写之后发生。
    //   • 必须在后续的 buffer_wbinvl1_vol 之前发生。
    //   • 确保先前的全局/本地/通用原子加载/原子读-修改-写(其同步作用域相等或更宽,并且内存排序强于无序,这被称为 acquire-fence 配对原子操作)在使缓存无效之前已完成。这满足了 acquire 的要求。
    //   • 确保在后续的全局/本地/通用原子存储/原子读-修改-写(其同步作用域相等或更宽,并且内存排序强于无序,这被称为 release-fence 配对原子操作)之前,所有先前的内存操作都已完成。这满足了 release 的要求。
    //   1. buffer_wbinvl1_vol
    //   • 必须在任何后续的全局/通用加载/原子加载/存储/原子存储/原子读-修改-写之前发生。
    //   • 确保后续加载不会看到过时的全局数据。这满足了 acquire 的要求。
    //   顺序一致性原子
    Row {
        op: LlvmOp::Fence,
        ord: Ord::AcqRel,
        scopes: &[ScopeLevel::Agent, ScopeLevel::System],
        spaces: &[],
        requires: &[],
        code: &[
            Step::Emit(&[], MInstr::waitcnt_lgkm(0)),
            Step::Emit(&[], MInstr::waitcnt_vm(0)),
            Step::Emit(&[], MInstr::BufferWbinvl1Vol),
        ],
        en_line: 1133,
        zh_line: 7832,
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
        en_line: 1224,
        zh_line: 7868,
    },
    // ---- load atomic / seq_cst / workgroup / global, generic
    // en (upstream AMDGPUUsage, this row of the table):
    //   1. s_waitcnt lgkmcnt(0)
    //
    //
    //     - Must
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
    //       own s_waitcnt
    //       lgkmcnt(0) and so do
    //       not need to be
    //       considered.)
    //     - Ensures any
    //       preceding
    //       sequential
    //       consistent local
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
    //       s_waitcnt of
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
    //       make the s_waitcnt be
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
    //   1. s_waitcnt lgkmcnt(0)
    //   • 必须在先前的本地/通用原子加载/原子存储/原子读-修改-写之后发生,其内存排序为 seq_cst,并且同步作用域相等或更宽。(请注意,seq_cst fence 有自己的 s_waitcnt lgkmcnt(0),因此不需要考虑。)
    //   • 确保任何先前的顺序一致性本地内存指令在执行此顺序一致性指令之前已完成。这防止了重新排序 seq_cst 存储,然后是 seq_cst 加载。(请注意,seq_cst 比 acquire/release 更强,因为 release 的 s_waitcnt 阻止了加载 acquire 后跟存储 release 的重新排序,但是没有阻止存储 release 后跟加载 acquire 以乱序完成。s_waitcnt 可以放在 seq_store 之后或 seq_load 之前。我们选择加载以使 s_waitcnt 尽可能晚,以便存储可能已经完成。)
    //   1. 后续指令与相应的加载原子获取相同,除了即使对于 OpenCL 也必须生成所有指令。
    Row {
        op: LlvmOp::LoadAtomic,
        ord: Ord::SeqCst,
        scopes: &[ScopeLevel::Workgroup],
        spaces: &[Space::Global, Space::Generic],
        requires: &[],
        code: &[
            Step::Emit(&[], MInstr::waitcnt_lgkm(0)),
            Step::SameAs(LlvmOp::LoadAtomic, Ord::Acquire),
        ],
        en_line: 1229,
        zh_line: 7884,
    },
    // ---- load atomic / seq_cst / workgroup / local
    // en (upstream AMDGPUUsage, this row of the table):
    //   *Same as corresponding
    //   load atomic acquire,
    //   except must generate
    //   all instructions even
    //   for OpenCL.*
    // zh (the specification's Chinese AMDGPUUsage, this row), original:
    //   load atomic (原子加载)
    //   seq_cst (顺序一致性)
    //   • workgroup
    //   • local (本地)
    //   与相应的加载原子获取相同,除了即使对于 OpenCL 也必须生成所有指令。
    Row {
        op: LlvmOp::LoadAtomic,
        ord: Ord::SeqCst,
        scopes: &[ScopeLevel::Workgroup],
        spaces: &[Space::Local],
        requires: &[],
        code: &[
            Step::SameAs(LlvmOp::LoadAtomic, Ord::Acquire),
        ],
        en_line: 1295,
        zh_line: 7902,
    },
    // ---- load atomic / seq_cst / agent, system / global, generic
    // en (upstream AMDGPUUsage, this row of the table):
    //   1. s_waitcnt lgkmcnt(0) &
    //      vmcnt(0)
    //
    //     - Could be split into
    //       separate s_waitcnt
    //       vmcnt(0)
    //       and s_waitcnt
    //       lgkmcnt(0) to allow
    //       them to be
    //       independently moved
    //       according to the
    //       following rules.
    //     - s_waitcnt lgkmcnt(0)
    //       must happen after
    //       preceding
    //       global/generic load
    //       atomic/store
    //       atomic/atomicrmw
    //       with memory
    //       ordering of seq_cst
    //       and with equal or
    //       wider sync scope.
    //       (Note that seq_cst
    //       fences have their
    //       own s_waitcnt
    //       lgkmcnt(0) and so do
    //       not need to be
    //       considered.)
    //     - s_waitcnt vmcnt(0)
    //       must happen after
    //       preceding
    //       global/generic load
    //       atomic/store
    //       atomic/atomicrmw
    //       with memory
    //       ordering of seq_cst
    //       and with equal or
    //       wider sync scope.
    //       (Note that seq_cst
    //       fences have their
    //       own s_waitcnt
    //       vmcnt(0) and so do
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
    //       s_waitcnt of
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
    //       make the s_waitcnt be
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
    //   1. s_waitcnt lgkmcnt(0) & vmcnt(0)
    //   • 可以拆分为单独的 s_waitcnt vmcnt(0) 和 s_waitcnt lgkmcnt(0),以允许它们根据以下规则独立移动。
    //   • s_waitcnt lgkmcnt(0) 必须在先前的全局/通用原子加载/原子存储/原子读-修改-写之后发生,其内存排序为 seq_cst,并且同步作用域相等或更宽。(请注意,seq_cst fence 有自己的 s_waitcnt lgkmcnt(0),因此不需要考虑。)
    //   • s_waitcnt vmcnt(0) 必须在先前的全局/通用原子加载/原子存储/原子读-修改-写之后发生,其内存排序为 seq_cst,并且同步作用域相等或更宽。(请注意,seq_cst fence 有自己的 s_waitcnt vmcnt(0),因此不需要考虑。)
    //   • 确保任何先前的顺序一致性全局内存指令在执行此顺序一致性指令之前已完成。这防止了重新排序 seq_cst 存储,然后是 seq_cst 加载。(请注意,seq_cst 比 acquire/release 更强,因为 release 的 s_waitcnt 阻止了加载 acquire 后跟存储 release 的重新排序,但是没有阻止存储 release 后跟加载 acquire 以乱序完成。s_waitcnt 可以放在 seq_store 之后或 seq_load 之前。我们选择加载以使 s_waitcnt 尽可能晚,以便存储可能已经完成。)
    //   1. 后续指令与相应的加载原子获取相同,除了即使对于 OpenCL 也必须生成所有指令。
    Row {
        op: LlvmOp::LoadAtomic,
        ord: Ord::SeqCst,
        scopes: &[ScopeLevel::Agent, ScopeLevel::System],
        spaces: &[Space::Global, Space::Generic],
        requires: &[],
        code: &[
            Step::Emit(&[], MInstr::waitcnt_lgkm(0)),
            Step::Emit(&[], MInstr::waitcnt_vm(0)),
            Step::SameAs(LlvmOp::LoadAtomic, Ord::Acquire),
        ],
        en_line: 1301,
        zh_line: 7912,
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
        en_line: 1392,
        zh_line: 7936,
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
        en_line: 1397,
        zh_line: 7958,
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
        en_line: 1402,
        zh_line: 7980,
    },
];
