//! Table "AMDHSA Memory Model Code Sequences GFX10-GFX11" as data.
//!
//! Targets: gfx1010, gfx1100 (features: `:cumode`).
//! Specification: the Chinese AMDGPUUsage, "表 82 AMDHSA 内存模型代码序列 GFX10-GFX11"; translation: the upstream AMDGPUUsage
//! (<https://llvm.org/docs/AMDGPUUsage.html>, "Memory Model" section).
//! Each row: the English cell (`en`), the seed's original (`zh`), then the data.

use super::{Cond, LlvmOp, Ord, Row, ScopeLevel, Space, Step, Table};
#[allow(unused_imports)]
use crate::isa::{Counter, Cpol, MInstr, ScopeOp, Th};

pub static TABLE: Table = Table {
    name: "AMDHSA Memory Model Code Sequences GFX10-GFX11",
    zh_name: "表 82 AMDHSA 内存模型代码序列 GFX10-GFX11",
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
    //        slc=1 dlc=1
    //
    //      - If GFX10, omit dlc=1.
    //
    //   - volatile
    //
    //     1. buffer/global/flat_load
    //        glc=1 dlc=1
    //
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
    //   1. buffer/global/flat_load slc=1 dlc=1
    //   • 如果是 GFX10,则省略 dlc=1。
    //   • volatile (易失性)
    //   1. buffer/global/flat_load glc=1 dlc=1
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
            Step::Emit(&[Cond::NonTemporal, Cond::Gfx11], MInstr::Access(Cpol::NONE.slc().dlc())),
            Step::Emit(&[Cond::NonTemporal, Cond::Gfx10], MInstr::Access(Cpol::NONE.slc())),
            Step::Emit(&[Cond::Volatile], MInstr::Access(Cpol::NONE.glc().dlc())),
            Step::Emit(&[Cond::Volatile], MInstr::waitcnt_vm(0)),
        ],
        en_line: 6255,
        zh_line: 11710,
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
        en_line: 6285,
        zh_line: 11744,
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
    //        glc=1 slc=1 dlc=1
    //
    //      - If GFX10, omit dlc=1.
    //
    //   - volatile
    //
    //     1. buffer/global/flat_store
    //        dlc=1
    //
    //      - If GFX10, omit dlc=1.
    //
    //     2. s_waitcnt vscnt(0)
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
    //   1. buffer/global/flat_store glc=1 slc=1 dlc=1
    //   • 如果是 GFX10,则省略 dlc=1。
    //   • volatile (易失性)
    //   1. buffer/global/flat_store dlc=1
    //   • 如果是 GFX10,则省略 dlc=1。
    //   1. s_waitcnt vscnt(0)
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
            Step::Emit(&[Cond::NonTemporal, Cond::Gfx11], MInstr::Access(Cpol::NONE.glc().slc().dlc())),
            Step::Emit(&[Cond::NonTemporal, Cond::Gfx10], MInstr::Access(Cpol::NONE.glc().slc())),
            Step::Emit(&[Cond::Volatile, Cond::Gfx11], MInstr::Access(Cpol::NONE.dlc())),
            Step::Emit(&[Cond::Volatile, Cond::Gfx10], MInstr::Access(Cpol::NONE)),
            Step::Emit(&[Cond::Volatile], MInstr::WaitcntVscnt(0)),
        ],
        en_line: 6286,
        zh_line: 11754,
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
        en_line: 6318,
        zh_line: 11790,
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
        en_line: 6321,
        zh_line: 11802,
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
        en_line: 6322,
        zh_line: 11812,
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
        en_line: 6323,
        zh_line: 11822,
    },
    // ---- load atomic / monotonic / singlethread, wavefront / global, generic
    // en (upstream AMDGPUUsage, this row of the table):
    //   1. buffer/global/flat_load
    // zh (the specification's Chinese AMDGPUUsage, this row), original:
    //   load atomic (原子加载)
    //   monotonic (单调)
    //   • singlethread
    //   • wavefront
    //   • global
    //   • generic (通用)
    //   1. buffer/global/flat_load
    Row {
        op: LlvmOp::LoadAtomic,
        ord: Ord::Monotonic,
        scopes: &[ScopeLevel::SingleThread, ScopeLevel::Wavefront],
        spaces: &[Space::Global, Space::Generic],
        requires: &[],
        code: &[
            Step::Emit(&[], MInstr::Access(Cpol::NONE)),
        ],
        en_line: 6326,
        zh_line: 11834,
    },
    // ---- load atomic / monotonic / workgroup / global, generic
    // en (upstream AMDGPUUsage, this row of the table):
    //   1. buffer/global/flat_load
    //      glc=1
    //
    //     - If CU wavefront execution
    //       mode, omit glc=1.
    // zh (the specification's Chinese AMDGPUUsage, this row), original:
    //   load atomic (原子加载)
    //   monotonic (单调)
    //   • workgroup
    //   • global
    //   • generic (通用)
    //   1. buffer/global/flat_load glc=1
    //   • 如果是 CU wavefront 执行模式,则省略 glc=1。
    Row {
        op: LlvmOp::LoadAtomic,
        ord: Ord::Monotonic,
        scopes: &[ScopeLevel::Workgroup],
        spaces: &[Space::Global, Space::Generic],
        requires: &[],
        code: &[
            Step::Emit(&[Cond::CuMode], MInstr::Access(Cpol::NONE)),
            Step::Emit(&[Cond::WgpMode], MInstr::Access(Cpol::NONE.glc())),
        ],
        en_line: 6328,
        zh_line: 11848,
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
        en_line: 6334,
        zh_line: 11862,
    },
    // ---- load atomic / monotonic / agent, system / global, generic
    // en (upstream AMDGPUUsage, this row of the table):
    //   1. buffer/global/flat_load
    //      glc=1 dlc=1
    //
    //     - If GFX11, omit dlc=1.
    // zh (the specification's Chinese AMDGPUUsage, this row), original:
    //   load atomic (原子加载)
    //   monotonic (单调)
    //   • agent
    //   • system
    //   • global
    //   • generic (通用)
    //   1. buffer/global/flat_load glc=1 dlc=1
    //   • 如果是 GFX11,则省略 dlc=1。
    Row {
        op: LlvmOp::LoadAtomic,
        ord: Ord::Monotonic,
        scopes: &[ScopeLevel::Agent, ScopeLevel::System],
        spaces: &[Space::Global, Space::Generic],
        requires: &[],
        code: &[
            Step::Emit(&[Cond::Gfx10], MInstr::Access(Cpol::NONE.glc().dlc())),
            Step::Emit(&[Cond::Gfx11], MInstr::Access(Cpol::NONE.glc())),
        ],
        en_line: 6337,
        zh_line: 11876,
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
        en_line: 6342,
        zh_line: 11892,
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
        en_line: 6347,
        zh_line: 11912,
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
        en_line: 6350,
        zh_line: 11926,
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
        en_line: 6355,
        zh_line: 11946,
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
        en_line: 6360,
        zh_line: 11962,
    },
    // ---- load atomic / acquire / workgroup / global
    // en (upstream AMDGPUUsage, this row of the table):
    //   1. buffer/global_load glc=1
    //
    //     - If CU wavefront execution
    //       mode, omit glc=1.
    //
    //   2. s_waitcnt vmcnt(0)
    //
    //     - If CU wavefront execution
    //       mode, omit.
    //     - Must happen before
    //       the following buffer_gl0_inv
    //       and before any following
    //       global/generic
    //       load/load
    //       atomic/store/store
    //       atomic/atomicrmw.
    //
    //   3. buffer_gl0_inv
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
    //   1. buffer/global_load glc=1
    //   • 如果是 CU wavefront 执行模式,则省略 glc=1。
    //   1. s_waitcnt vmcnt(0)
    //   • 如果是 CU wavefront 执行模式,则省略。
    //   • 必须在以下 buffer_gl0_inv 以及任何后续 global/generic load/load atomic/store/store atomic/atomicrmw 之前发生。
    //   1. buffer_gl0_inv
    //   • 如果是 CU wavefront 执行模式,则省略。
    //   • 确保后续加载不会看到过时的数据。
    Row {
        op: LlvmOp::LoadAtomic,
        ord: Ord::Acquire,
        scopes: &[ScopeLevel::Workgroup],
        spaces: &[Space::Global],
        requires: &[],
        code: &[
            Step::Emit(&[Cond::CuMode], MInstr::Access(Cpol::NONE)),
            Step::Emit(&[Cond::WgpMode], MInstr::Access(Cpol::NONE.glc())),
            Step::Emit(&[Cond::WgpMode], MInstr::waitcnt_vm(0)),
            Step::Emit(&[Cond::WgpMode], MInstr::BufferGl0Inv),
        ],
        en_line: 6363,
        zh_line: 11978,
    },
    // ---- load atomic / acquire / workgroup / local
    // en (upstream AMDGPUUsage, this row of the table):
    //   1. ds_load
    //   2. s_waitcnt lgkmcnt(0)
    //
    //     - If OpenCL, omit.
    //     - Must happen before
    //       the following buffer_gl0_inv
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
    //   3. buffer_gl0_inv
    //
    //     - If CU wavefront execution
    //       mode, omit.
    //     - If OpenCL, omit.
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
    //   2. s_waitcnt lgkmcnt(0)
    //   • 如果是 OpenCL,则省略。
    //   • 必须在以下 buffer_gl0_inv 以及任何后续 global/generic load/load atomic/store/store atomic/atomicrmw 之前发生。
    //   • 确保任何后续的全局数据读取都不比正在获取的本地原子加载值旧。
    //   1. buffer_gl0_inv
    //   • 如果是 CU wavefront 执行模式,则省略。
    //   • 如果是 OpenCL,则省略。
    //   • 确保后续加载不会看到过时的数据。
    Row {
        op: LlvmOp::LoadAtomic,
        ord: Ord::Acquire,
        scopes: &[ScopeLevel::Workgroup],
        spaces: &[Space::Local],
        requires: &[],
        code: &[
            Step::Emit(&[], MInstr::Access(Cpol::NONE)),
            Step::Emit(&[], MInstr::waitcnt_lgkm(0)),
            Step::Emit(&[Cond::WgpMode], MInstr::BufferGl0Inv),
        ],
        en_line: 6389,
        zh_line: 12002,
    },
    // ---- load atomic / acquire / workgroup / generic
    // en (upstream AMDGPUUsage, this row of the table):
    //   1. flat_load glc=1
    //
    //     - If CU wavefront execution
    //       mode, omit glc=1.
    //
    //   2. s_waitcnt lgkmcnt(0) &
    //      vmcnt(0)
    //
    //     - If CU wavefront execution
    //       mode, omit vmcnt(0).
    //     - If OpenCL, omit
    //       lgkmcnt(0).
    //     - Must happen before
    //       the following
    //       buffer_gl0_inv and any
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
    //   3. buffer_gl0_inv
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
    //   1. flat_load glc=1
    //   • 如果是 CU wavefront 执行模式,则省略 glc=1。
    //   1. s_waitcnt lgkmcnt(0) & vmcnt(0)
    //   • 如果是 CU wavefront 执行模式,则省略 vmcnt(0)。
    //   • 如果是 OpenCL,则省略 lgkmcnt(0)。
    //   • 必须在以下 buffer_gl0_inv 以及任何后续 global/generic load/load atomic/store/store atomic/atomicrmw 之前发生。
    //   • 确保任何后续的全局数据读取都不比正在获取的本地原子加载值旧。
    //   1. buffer_gl0_inv
    //   • 如果是 CU wavefront 执行模式,则省略。
    //   • 确保后续加载不会看到过时的数据。
    Row {
        op: LlvmOp::LoadAtomic,
        ord: Ord::Acquire,
        scopes: &[ScopeLevel::Workgroup],
        spaces: &[Space::Generic],
        requires: &[],
        code: &[
            Step::Emit(&[Cond::CuMode], MInstr::Access(Cpol::NONE)),
            Step::Emit(&[Cond::WgpMode], MInstr::Access(Cpol::NONE.glc())),
            Step::Emit(&[], MInstr::waitcnt_lgkm(0)),
            Step::Emit(&[Cond::WgpMode], MInstr::waitcnt_vm(0)),
            Step::Emit(&[Cond::WgpMode], MInstr::BufferGl0Inv),
        ],
        en_line: 6416,
        zh_line: 12028,
    },
    // ---- load atomic / acquire / agent, system / global
    // en (upstream AMDGPUUsage, this row of the table):
    //   1. buffer/global_load
    //      glc=1 dlc=1
    //
    //     - If GFX11, omit dlc=1.
    //
    //   2. s_waitcnt vmcnt(0)
    //
    //     - Must happen before
    //       following
    //       buffer_gl*_inv.
    //     - Ensures the load
    //       has completed
    //       before invalidating
    //       the caches.
    //
    //   3. buffer_gl1_inv;
    //      buffer_gl0_inv
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
    //   1. buffer/global_load glc=1 dlc=1
    //   • 如果是 GFX11,则省略 dlc=1。
    //   1. s_waitcnt vmcnt(0)
    //   • 必须在后续 buffer_gl*_inv 之前发生。
    //   • 确保在使缓存失效之前,加载已完成。
    //   1. buffer_gl1_inv; buffer_gl0_inv
    //   • 必须在任何后续的全局/通用加载/原子加载/原子读-修改-写之前发生。
    //   • 确保后续加载不会看到过时的全局数据。
    Row {
        op: LlvmOp::LoadAtomic,
        ord: Ord::Acquire,
        scopes: &[ScopeLevel::Agent, ScopeLevel::System],
        spaces: &[Space::Global],
        requires: &[],
        code: &[
            Step::Emit(&[Cond::Gfx10], MInstr::Access(Cpol::NONE.glc().dlc())),
            Step::Emit(&[Cond::Gfx11], MInstr::Access(Cpol::NONE.glc())),
            Step::Emit(&[], MInstr::waitcnt_vm(0)),
            Step::Emit(&[], MInstr::BufferGl1Inv),
            Step::Emit(&[], MInstr::BufferGl0Inv),
        ],
        en_line: 6451,
        zh_line: 12056,
    },
    // ---- load atomic / acquire / agent, system / generic
    // en (upstream AMDGPUUsage, this row of the table):
    //   1. flat_load glc=1 dlc=1
    //
    //     - If GFX11, omit dlc=1.
    //
    //   2. s_waitcnt vmcnt(0) &
    //      lgkmcnt(0)
    //
    //     - If OpenCL omit
    //       lgkmcnt(0).
    //     - Must happen before
    //       following
    //       buffer_gl*_invl.
    //     - Ensures the flat_load
    //       has completed
    //       before invalidating
    //       the caches.
    //
    //   3. buffer_gl1_inv;
    //      buffer_gl0_inv
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
    //   1. flat_load glc=1 dlc=1
    //   • 如果是 GFX11,则省略 dlc=1。
    //   1. s_waitcnt vmcnt(0) & lgkmcnt(0)
    //   • 如果是 OpenCL,则省略 lgkmcnt(0)。
    //   • 必须在后续 buffer_gl*_invl 之前发生。
    //   • 确保在使缓存失效之前,flat_load 已完成。
    //   1. buffer_gl1_inv; buffer_gl0_inv
    //   • 必须在任何后续的全局/通用加载/原子加载/原子读-修改-写之前发生。
    //   • 确保后续加载不会看到过时的全局数据。
    Row {
        op: LlvmOp::LoadAtomic,
        ord: Ord::Acquire,
        scopes: &[ScopeLevel::Agent, ScopeLevel::System],
        spaces: &[Space::Generic],
        requires: &[],
        code: &[
            Step::Emit(&[Cond::Gfx10], MInstr::Access(Cpol::NONE.glc().dlc())),
            Step::Emit(&[Cond::Gfx11], MInstr::Access(Cpol::NONE.glc())),
            Step::Emit(&[], MInstr::waitcnt_vm(0)),
            Step::Emit(&[], MInstr::waitcnt_lgkm(0)),
            Step::Emit(&[], MInstr::BufferGl1Inv),
            Step::Emit(&[], MInstr::BufferGl0Inv),
        ],
        en_line: 6479,
        zh_line: 12082,
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
        en_line: 6509,
        zh_line: 12110,
    },
    // ---- atomicrmw / acquire / workgroup / global
    // en (upstream AMDGPUUsage, this row of the table):
    //   1. buffer/global_atomic
    //   2. s_waitcnt vm/vscnt(0)
    //
    //     - If CU wavefront execution
    //       mode, omit.
    //     - Use vmcnt(0) if atomic with
    //       return and vscnt(0) if
    //       atomic with no-return.
    //     - Must happen before
    //       the following buffer_gl0_inv
    //       and before any following
    //       global/generic
    //       load/load
    //       atomic/store/store
    //       atomic/atomicrmw.
    //
    //   3. buffer_gl0_inv
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
    //   2. s_waitcnt vm/vscnt(0)
    //   • 如果是 CU wavefront 执行模式,则省略。
    //   • 如果是有返回值的原子操作,则使用 vmcnt(0),如果是无返回值的原子操作,则使用 vscnt(0)。
    //   • 必须在以下 buffer_gl0_inv 以及任何后续 global/generic load/load atomic/store/store atomic/atomicrmw 之前发生。
    //   1. buffer_gl0_inv
    //   • 如果是 CU wavefront 执行模式,则省略。
    //   • 确保后续加载不会看到过时的数据。
    Row {
        op: LlvmOp::AtomicRmw,
        ord: Ord::Acquire,
        scopes: &[ScopeLevel::Workgroup],
        spaces: &[Space::Global],
        requires: &[],
        code: &[
            Step::Emit(&[], MInstr::Access(Cpol::NONE)),
            Step::Emit(&[Cond::WgpMode, Cond::Ret], MInstr::waitcnt_vm(0)),
            Step::Emit(&[Cond::WgpMode, Cond::NoRet], MInstr::WaitcntVscnt(0)),
            Step::Emit(&[Cond::WgpMode], MInstr::BufferGl0Inv),
        ],
        en_line: 6512,
        zh_line: 12126,
    },
    // ---- atomicrmw / acquire / workgroup / local
    // en (upstream AMDGPUUsage, this row of the table):
    //   1. ds_atomic
    //   2. s_waitcnt lgkmcnt(0)
    //
    //     - If OpenCL, omit.
    //     - Must happen before
    //       the following
    //       buffer_gl0_inv.
    //     - Ensures any
    //       following global
    //       data read is no
    //       older than the local
    //       atomicrmw value
    //       being acquired.
    //
    //   3. buffer_gl0_inv
    //
    //     - If OpenCL omit.
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
    //   2. s_waitcnt lgkmcnt(0)
    //   • 如果是 OpenCL,则省略。
    //   • 必须在以下 buffer_gl0_inv 之前发生。
    //   • 确保任何后续全局数据读取都不早于正在获取的本地 atomicrmw 值。
    //   1. buffer_gl0_inv
    //   • 如果是 OpenCL,则省略。
    //   • 确保后续加载不会看到过时的数据。
    Row {
        op: LlvmOp::AtomicRmw,
        ord: Ord::Acquire,
        scopes: &[ScopeLevel::Workgroup],
        spaces: &[Space::Local],
        requires: &[],
        code: &[
            Step::Emit(&[], MInstr::Access(Cpol::NONE)),
            Step::Emit(&[], MInstr::waitcnt_lgkm(0)),
            Step::Emit(&[], MInstr::BufferGl0Inv),
        ],
        en_line: 6537,
        zh_line: 12150,
    },
    // ---- atomicrmw / acquire / workgroup / generic
    // en (upstream AMDGPUUsage, this row of the table):
    //   1. flat_atomic
    //   2. s_waitcnt lgkmcnt(0) &
    //      vm/vscnt(0)
    //
    //     - If CU wavefront execution
    //       mode, omit vm/vscnt(0).
    //     - If OpenCL, omit lgkmcnt(0).
    //     - Use vmcnt(0) if atomic with
    //       return and vscnt(0) if
    //       atomic with no-return.
    //     - Must happen before
    //       the following
    //       buffer_gl0_inv.
    //     - Ensures any
    //       following global
    //       data read is no
    //       older than a local
    //       atomicrmw value
    //       being acquired.
    //
    //   3. buffer_gl0_inv
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
    //   2. s_waitcnt lgkmcnt(0) & vm/vscnt(0)
    //   • 如果是 CU wavefront 执行模式,则省略 vm/vscnt(0)。
    //   • 如果是 OpenCL,则省略 lgkmcnt(0)。
    //   • 如果是有返回值的原子操作,则使用 vmcnt(0),如果是无返回值的原子操作,则使用 vscnt(0)。
    //   • 必须在以下 buffer_gl0_inv 之前发生。
    //   • 确保任何后续的全局数据读取都不比正在获取的本地原子读-修改-写值旧。
    //   1. buffer_gl0_inv
    //   • 如果是 CU wavefront 执行模式,则省略。
    //   • 确保后续加载不会看到过时的数据。
    Row {
        op: LlvmOp::AtomicRmw,
        ord: Ord::Acquire,
        scopes: &[ScopeLevel::Workgroup],
        spaces: &[Space::Generic],
        requires: &[],
        code: &[
            Step::Emit(&[], MInstr::Access(Cpol::NONE)),
            Step::Emit(&[], MInstr::waitcnt_lgkm(0)),
            Step::Emit(&[Cond::WgpMode, Cond::Ret], MInstr::waitcnt_vm(0)),
            Step::Emit(&[Cond::WgpMode, Cond::NoRet], MInstr::WaitcntVscnt(0)),
            Step::Emit(&[Cond::WgpMode], MInstr::BufferGl0Inv),
        ],
        en_line: 6559,
        zh_line: 12174,
    },
    // ---- atomicrmw / acquire / agent, system / global
    // en (upstream AMDGPUUsage, this row of the table):
    //   1. buffer/global_atomic
    //   2. s_waitcnt vm/vscnt(0)
    //
    //     - Use vmcnt(0) if atomic with
    //       return and vscnt(0) if
    //       atomic with no-return.
    //     - Must happen before
    //       following
    //       buffer_gl*_inv.
    //     - Ensures the
    //       atomicrmw has
    //       completed before
    //       invalidating the
    //       caches.
    //
    //   3. buffer_gl1_inv;
    //      buffer_gl0_inv
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
    //   2. s_waitcnt vm/vscnt(0)
    //   • 如果是有返回值的原子操作,则使用 vmcnt(0),如果是无返回值的原子操作,则使用 vscnt(0)。
    //   • 必须在后续 buffer_gl*_inv 之前发生。
    //   • 确保在使缓存失效之前,atomicrmw 已完成。
    //   1. buffer_gl1_inv; buffer_gl0_inv
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
            Step::Emit(&[Cond::Ret], MInstr::waitcnt_vm(0)),
            Step::Emit(&[Cond::NoRet], MInstr::WaitcntVscnt(0)),
            Step::Emit(&[], MInstr::BufferGl1Inv),
            Step::Emit(&[], MInstr::BufferGl0Inv),
        ],
        en_line: 6588,
        zh_line: 12202,
    },
    // ---- atomicrmw / acquire / agent, system / generic
    // en (upstream AMDGPUUsage, this row of the table):
    //   1. flat_atomic
    //   2. s_waitcnt vm/vscnt(0) &
    //      lgkmcnt(0)
    //
    //     - If OpenCL, omit
    //       lgkmcnt(0).
    //     - Use vmcnt(0) if atomic with
    //       return and vscnt(0) if
    //       atomic with no-return.
    //     - Must happen before
    //       following
    //       buffer_gl*_inv.
    //     - Ensures the
    //       atomicrmw has
    //       completed before
    //       invalidating the
    //       caches.
    //
    //   3. buffer_gl1_inv;
    //      buffer_gl0_inv
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
    //   2. s_waitcnt vm/vscnt(0) & lgkmcnt(0)
    //   • 如果是 OpenCL,则省略 lgkmcnt(0)。
    //   • 如果是有返回值的原子操作,则使用 vmcnt(0),如果是无返回值的原子操作,则使用 vscnt(0)。
    //   • 必须在后续 buffer_gl*_inv 之前发生。
    //   • 确保在使缓存失效之前,atomicrmw 已完成。
    //   1. buffer_gl1_inv; buffer_gl0_inv
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
            Step::Emit(&[Cond::Ret], MInstr::waitcnt_vm(0)),
            Step::Emit(&[Cond::NoRet], MInstr::WaitcntVscnt(0)),
            Step::Emit(&[], MInstr::waitcnt_lgkm(0)),
            Step::Emit(&[], MInstr::BufferGl1Inv),
            Step::Emit(&[], MInstr::BufferGl0Inv),
        ],
        en_line: 6616,
        zh_line: 12228,
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
        en_line: 6647,
        zh_line: 12256,
    },
    // ---- fence / acquire / workgroup / *none*
    // en (upstream AMDGPUUsage, this row of the table):
    //   1. s_waitcnt lgkmcnt(0) &
    //      vmcnt(0) & vscnt(0)
    //
    //     - If CU wavefront execution
    //       mode, omit vmcnt(0) and
    //       vscnt(0).
    //     - If OpenCL and
    //       address space is
    //       not generic, omit
    //       lgkmcnt(0).
    //     - If OpenCL and
    //       address space is
    //       local, omit
    //       vmcnt(0) and vscnt(0).
    //     - See :ref:`amdgpu-fence-as` for
    //       more details on fencing specific
    //       address spaces.
    //     - Could be split into
    //       separate s_waitcnt
    //       vmcnt(0), s_waitcnt
    //       vscnt(0) and s_waitcnt
    //       lgkmcnt(0) to allow
    //       them to be
    //       independently moved
    //       according to the
    //       following rules.
    //     - s_waitcnt vmcnt(0)
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
    //     - s_waitcnt vscnt(0)
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
    //       buffer_gl0_inv.
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
    //   3. buffer_gl0_inv
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
    //   1. s_waitcnt lgkmcnt(0) & vmcnt(0) & vscnt(0)
    //   • 如果是 CU wavefront 执行模式,则省略 vmcnt(0) 和 vscnt(0)。
    //   • 如果是 OpenCL 且地址空间不是通用,则省略 lgkmcnt(0)。
    //   • 如果是 OpenCL 且地址空间是本地的,则省略 vmcnt(0) 和 vscnt(0)。
    //   • 有关 fence 特定地址空间的更多详细信息,请参见 Fence 和地址空间
    //   • 可以拆分为单独的 s_waitcnt vmcnt(0)、s_waitcnt vscnt(0) 和 s_waitcnt lgkmcnt(0),以允许根据以下规则独立移动它们。
    //   • s_waitcnt vmcnt(0) 必须在任何先前的 global/generic load atomic/ atomicrmw-with-return-value(具有相等或更宽的同步范围和比无序更强的内存排序,这称为 fence-paired-atomic)之后发生。
    //   • s_waitcnt vscnt(0) 必须在任何先前的 global/generic atomicrmw-no-return-value(具有相等或更宽的同步范围和比无序更强的内存排序,这称为 fence-paired-atomic)之后发生。
    //   • s_waitcnt lgkmcnt(0) 必须在任何先前的本地/通用原子加载/原子读-修改-写之后发生,其同步作用域相等或更宽,并且内存排序强于无序(这被称为 fence 配对原子操作)。
    //   • 必须在以下 buffer_gl0_inv 之前发生。
    //   • 确保 fence 配对原子操作在使缓存无效之前已完成。因此,任何后续读取的位置都必须不比 fence 配对原子操作读取的值旧。
    //   1. buffer_gl0_inv
    //   • 如果是 CU wavefront 执行模式,则省略。
    //   • 确保后续加载不会看到过时的数据。
    Row {
        op: LlvmOp::Fence,
        ord: Ord::Acquire,
        scopes: &[ScopeLevel::Workgroup],
        spaces: &[],
        requires: &[],
        code: &[
            Step::Emit(&[], MInstr::waitcnt_lgkm(0)),
            Step::Emit(&[Cond::WgpMode], MInstr::waitcnt_vm(0)),
            Step::Emit(&[Cond::WgpMode], MInstr::WaitcntVscnt(0)),
            Step::Emit(&[Cond::WgpMode], MInstr::BufferGl0Inv),
        ],
        en_line: 6649,
        zh_line: 12268,
    },
    // ---- fence / acquire / agent, system / *none*
    // en (upstream AMDGPUUsage, this row of the table):
    //   1. s_waitcnt lgkmcnt(0) &
    //      vmcnt(0) & vscnt(0)
    //
    //     - If OpenCL and
    //       address space is
    //       not generic, omit
    //       lgkmcnt(0).
    //     - If OpenCL and
    //       address space is
    //       local, omit
    //       vmcnt(0) and vscnt(0).
    //     - See :ref:`amdgpu-fence-as` for
    //       more details on fencing specific
    //       address spaces.
    //     - Could be split into
    //       separate s_waitcnt
    //       vmcnt(0), s_waitcnt
    //       vscnt(0) and s_waitcnt
    //       lgkmcnt(0) to allow
    //       them to be
    //       independently moved
    //       according to the
    //       following rules.
    //     - s_waitcnt vmcnt(0)
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
    //     - s_waitcnt vscnt(0)
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
    //       buffer_gl*_inv.
    //     - Ensures that the
    //       fence-paired atomic
    //       has completed
    //       before invalidating
    //       the
    //       caches. Therefore
    //       any following
    //       locations read must
    //       be no older than
    //       the value read by
    //       the
    //       fence-paired-atomic.
    //
    //   2. buffer_gl1_inv;
    //      buffer_gl0_inv
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
    //   1. s_waitcnt lgkmcnt(0) & vmcnt(0) & vscnt(0)
    //   • 如果是 OpenCL 且地址空间不是通用,则省略 lgkmcnt(0)。
    //   • 如果是 OpenCL 且地址空间是本地的,则省略 vmcnt(0) 和 vscnt(0)。
    //   • 有关 fence 特定地址空间的更多详细信息,请参见 Fence 和地址空间
    //   • 可以拆分为单独的 s_waitcnt vmcnt(0)、s_waitcnt vscnt(0) 和 s_waitcnt lgkmcnt(0),以允许根据以下规则独立移动它们。
    //   • s_waitcnt vmcnt(0) 必须在任何先前的 global/generic load atomic/ atomicrmw-with-return-value(具有相等或更宽的同步范围和比无序更强的内存排序,这称为 fence-paired-atomic)之后发生。
    //   • s_waitcnt vscnt(0) 必须在任何先前的 global/generic atomicrmw-no-return-value(具有相等或更宽的同步范围和比无序更强的内存排序,这称为 fence-paired-atomic)之后发生。
    //   • s_waitcnt lgkmcnt(0) 必须在任何先前的本地/通用原子加载/原子读-修改-写之后发生,其同步作用域相等或更宽,并且内存排序强于无序(这被称为 fence 配对原子操作)。
    //   • 必须在以下 buffer_gl*_inv 之前发生。
    //   • 确保 fence-paired atomic 在使缓存失效之前完成。因此,任何后续读取的位置都不能早于 fence-paired-atomic 读取的值。
    //   1. buffer_gl1_inv; buffer_gl0_inv
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
            Step::Emit(&[], MInstr::WaitcntVscnt(0)),
            Step::Emit(&[], MInstr::BufferGl1Inv),
            Step::Emit(&[], MInstr::BufferGl0Inv),
        ],
        en_line: 6737,
        zh_line: 12304,
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
        en_line: 6828,
        zh_line: 12342,
    },
    // ---- store atomic / release / workgroup / global, generic
    // en (upstream AMDGPUUsage, this row of the table):
    //   1. s_waitcnt lgkmcnt(0) &
    //      vmcnt(0) & vscnt(0)
    //
    //     - If OpenCL, omit
    //       lgkmcnt(0).
    //     - Could be split into
    //       separate s_waitcnt
    //       vmcnt(0), s_waitcnt
    //       vscnt(0) and s_waitcnt
    //       lgkmcnt(0) to allow
    //       them to be
    //       independently moved
    //       according to the
    //       following rules.
    //     - s_waitcnt vmcnt(0)
    //       must happen after
    //       any preceding
    //       global/generic load/load
    //       atomic/
    //       atomicrmw-with-return-value.
    //     - s_waitcnt vscnt(0)
    //       must happen after
    //       any preceding
    //       global/generic
    //       store/store
    //       atomic/
    //       atomicrmw-no-return-value.
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
    //       have
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
    //   1. s_waitcnt lgkmcnt(0) & vmcnt(0) & vscnt(0)
    //   • 如果是 CU wavefront 执行模式,则省略 vmcnt(0) 和 vscnt(0)。
    //   • 如果是 OpenCL,则省略 lgkmcnt(0)。
    //   • 可以拆分为单独的 s_waitcnt vmcnt(0)、s_waitcnt vscnt(0) 和 s_waitcnt lgkmcnt(0),以允许根据以下规则独立移动它们。
    //   • s_waitcnt vmcnt(0) 必须在任何先前的 global/generic load/load atomic/ atomicrmw-with-return-value 之后发生。
    //   • s_waitcnt vscnt(0) 必须在任何先前的 global/generic store/store atomic/ atomicrmw-no-return-value 之后发生。
    //   • s_waitcnt lgkmcnt(0) 必须在任何先前的本地/通用加载/存储/原子加载/原子存储/原子读-修改-写之后发生。
    //   • 必须在后续的存储之前发生。
    //   • 确保所有内存操作在执行正在释放的存储之前完成。
    //   1. buffer/global/flat_store
    Row {
        op: LlvmOp::StoreAtomic,
        ord: Ord::Release,
        scopes: &[ScopeLevel::Workgroup],
        spaces: &[Space::Global, Space::Generic],
        requires: &[],
        code: &[
            Step::Emit(&[], MInstr::waitcnt_lgkm(0)),
            Step::Emit(&[], MInstr::waitcnt_vm(0)),
            Step::Emit(&[], MInstr::WaitcntVscnt(0)),
            Step::Emit(&[], MInstr::Access(Cpol::NONE)),
        ],
        en_line: 6831,
        zh_line: 12358,
    },
    // ---- store atomic / release / workgroup / local
    // en (upstream AMDGPUUsage, this row of the table):
    //   1. s_waitcnt vmcnt(0) & vscnt(0)
    //
    //     - If OpenCL, omit.
    //     - Could be split into
    //       separate s_waitcnt
    //       vmcnt(0) and s_waitcnt
    //       vscnt(0) to allow
    //       them to be
    //       independently moved
    //       according to the
    //       following rules.
    //     - s_waitcnt vmcnt(0)
    //       must happen after
    //       any preceding
    //       global/generic load/load
    //       atomic/
    //       atomicrmw-with-return-value.
    //     - s_waitcnt vscnt(0)
    //       must happen after
    //       any preceding
    //       global/generic
    //       store/store atomic/
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
    //   2. ds_store
    // zh (the specification's Chinese AMDGPUUsage, this row), original:
    //   store atomic (原子存储)
    //   release (释放)
    //   • workgroup
    //   • local (本地)
    //   1. s_waitcnt vmcnt(0) & vscnt(0)
    //   • 如果是 CU wavefront 执行模式,则省略。
    //   • 如果是 OpenCL,则省略。
    //   • 可以拆分为单独的 s_waitcnt vmcnt(0) 和 s_waitcnt vscnt(0),以允许根据以下规则独立移动它们。
    //   • s_waitcnt vmcnt(0) 必须在任何先前的 global/generic load/load atomic/ atomicrmw-with-return-value 之后发生。
    //   • s_waitcnt vscnt(0) 必须在任何先前的 global/generic store/store atomic/ atomicrmw-no-return-value 之后发生。
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
            Step::Emit(&[], MInstr::waitcnt_vm(0)),
            Step::Emit(&[], MInstr::WaitcntVscnt(0)),
            Step::Emit(&[], MInstr::Access(Cpol::NONE)),
        ],
        en_line: 6877,
        zh_line: 12388,
    },
    // ---- store atomic / release / agent, system / global, generic
    // en (upstream AMDGPUUsage, this row of the table):
    //   1. s_waitcnt lgkmcnt(0) &
    //      vmcnt(0) & vscnt(0)
    //
    //     - If OpenCL and
    //       address space is
    //       not generic, omit
    //       lgkmcnt(0).
    //     - Could be split into
    //       separate s_waitcnt
    //       vmcnt(0), s_waitcnt vscnt(0)
    //       and s_waitcnt
    //       lgkmcnt(0) to allow
    //       them to be
    //       independently moved
    //       according to the
    //       following rules.
    //     - s_waitcnt vmcnt(0)
    //       must happen after
    //       any preceding
    //       global/generic
    //       load/load
    //       atomic/
    //       atomicrmw-with-return-value.
    //     - s_waitcnt vscnt(0)
    //       must happen after
    //       any preceding
    //       global/generic
    //       store/store atomic/
    //       atomicrmw-no-return-value.
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
    //       have
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
    //   1. s_waitcnt lgkmcnt(0) & vmcnt(0) & vscnt(0)
    //   • 如果是 OpenCL 且地址空间不是通用,则省略 lgkmcnt(0)。
    //   • 可以拆分为单独的 s_waitcnt vmcnt(0)、s_waitcnt vscnt(0) 和 s_waitcnt lgkmcnt(0),以允许根据以下规则独立移动它们。
    //   • s_waitcnt vmcnt(0) 必须在任何先前的 global/generic load/load atomic/ atomicrmw-with-return-value 之后发生。
    //   • s_waitcnt vscnt(0) 必须在任何先前的 global/generic store/store atomic/ atomicrmw-no-return-value 之后发生。
    //   • s_waitcnt lgkmcnt(0) 必须在任何先前的本地/通用加载/存储/原子加载/原子存储/原子读-修改-写之后发生。
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
            Step::Emit(&[], MInstr::waitcnt_lgkm(0)),
            Step::Emit(&[], MInstr::waitcnt_vm(0)),
            Step::Emit(&[], MInstr::WaitcntVscnt(0)),
            Step::Emit(&[], MInstr::Access(Cpol::NONE)),
        ],
        en_line: 6912,
        zh_line: 12414,
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
        en_line: 6960,
        zh_line: 12444,
    },
    // ---- atomicrmw / release / workgroup / global, generic
    // en (upstream AMDGPUUsage, this row of the table):
    //   1. s_waitcnt lgkmcnt(0) &
    //      vmcnt(0) & vscnt(0)
    //
    //     - If OpenCL, omit lgkmcnt(0).
    //     - Could be split into
    //       separate s_waitcnt
    //       vmcnt(0), s_waitcnt
    //       vscnt(0) and s_waitcnt
    //       lgkmcnt(0) to allow
    //       them to be
    //       independently moved
    //       according to the
    //       following rules.
    //     - s_waitcnt vmcnt(0)
    //       must happen after
    //       any preceding
    //       global/generic load/load
    //       atomic/
    //       atomicrmw-with-return-value.
    //     - s_waitcnt vscnt(0)
    //       must happen after
    //       any preceding
    //       global/generic
    //       store/store
    //       atomic/
    //       atomicrmw-no-return-value.
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
    //       have
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
    //   1. s_waitcnt lgkmcnt(0) & vmcnt(0) & vscnt(0)
    //   • 如果是 CU wavefront 执行模式,则省略 vmcnt(0) 和 vscnt(0)。
    //   • 如果是 OpenCL,则省略 lgkmcnt(0)。
    //   • 可以拆分为单独的 s_waitcnt vmcnt(0)、s_waitcnt vscnt(0) 和 s_waitcnt lgkmcnt(0),以允许根据以下规则独立移动它们。
    //   • s_waitcnt vmcnt(0) 必须在任何先前的 global/generic load/load atomic/ atomicrmw-with-return-value 之后发生。
    //   • s_waitcnt vscnt(0) 必须在任何先前的 global/generic store/store atomic/ atomicrmw-no-return-value 之后发生。
    //   • s_waitcnt lgkmcnt(0) 必须在任何先前的本地/通用加载/存储/原子加载/原子存储/原子读-修改-写之后发生。
    //   • 必须在后续的 atomicrmw 之前发生。
    //   • 确保所有内存操作在执行正在释放的 atomicrmw 之前完成。
    //   1. buffer/global/flat_atomic
    Row {
        op: LlvmOp::AtomicRmw,
        ord: Ord::Release,
        scopes: &[ScopeLevel::Workgroup],
        spaces: &[Space::Global, Space::Generic],
        requires: &[],
        code: &[
            Step::Emit(&[], MInstr::waitcnt_lgkm(0)),
            Step::Emit(&[], MInstr::waitcnt_vm(0)),
            Step::Emit(&[], MInstr::WaitcntVscnt(0)),
            Step::Emit(&[], MInstr::Access(Cpol::NONE)),
        ],
        en_line: 6963,
        zh_line: 12460,
    },
    // ---- atomicrmw / release / workgroup / local
    // en (upstream AMDGPUUsage, this row of the table):
    //   1. s_waitcnt vmcnt(0) & vscnt(0)
    //
    //     - If OpenCL, omit.
    //     - Could be split into
    //       separate s_waitcnt
    //       vmcnt(0) and s_waitcnt
    //       vscnt(0) to allow
    //       them to be
    //       independently moved
    //       according to the
    //       following rules.
    //     - s_waitcnt vmcnt(0)
    //       must happen after
    //       any preceding
    //       global/generic load/load
    //       atomic/
    //       atomicrmw-with-return-value.
    //     - s_waitcnt vscnt(0)
    //       must happen after
    //       any preceding
    //       global/generic
    //       store/store atomic/
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
    // zh (the specification's Chinese AMDGPUUsage, this row), original:
    //   atomicrmw (原子读-修改-写)
    //   release (释放)
    //   • workgroup
    //   • local (本地)
    //   1. s_waitcnt vmcnt(0) & vscnt(0)
    //   • 如果是 CU wavefront 执行模式,则省略。
    //   • 如果是 OpenCL,则省略。
    //   • 可以拆分为单独的 s_waitcnt vmcnt(0) 和 s_waitcnt vscnt(0),以允许根据以下规则独立移动它们。
    //   • s_waitcnt vmcnt(0) 必须在任何先前的 global/generic load/load atomic/ atomicrmw-with-return-value 之后发生。
    //   • s_waitcnt vscnt(0) 必须在任何先前的 global/generic store/store atomic/ atomicrmw-no-return-value 之后发生。
    //   • 必须在后续的存储之前发生。
    //   • 确保所有全局内存操作在执行正在释放的存储之前完成。
    //   1. ds_atomic
    Row {
        op: LlvmOp::AtomicRmw,
        ord: Ord::Release,
        scopes: &[ScopeLevel::Workgroup],
        spaces: &[Space::Local],
        requires: &[],
        code: &[
            Step::Emit(&[], MInstr::waitcnt_vm(0)),
            Step::Emit(&[], MInstr::WaitcntVscnt(0)),
            Step::Emit(&[], MInstr::Access(Cpol::NONE)),
        ],
        en_line: 7008,
        zh_line: 12490,
    },
    // ---- atomicrmw / release / agent, system / global, generic
    // en (upstream AMDGPUUsage, this row of the table):
    //   1. s_waitcnt lgkmcnt(0) &
    //       vmcnt(0) & vscnt(0)
    //
    //     - If OpenCL, omit
    //       lgkmcnt(0).
    //     - Could be split into
    //       separate s_waitcnt
    //       vmcnt(0), s_waitcnt
    //       vscnt(0) and s_waitcnt
    //       lgkmcnt(0) to allow
    //       them to be
    //       independently moved
    //       according to the
    //       following rules.
    //     - s_waitcnt vmcnt(0)
    //       must happen after
    //       any preceding
    //       global/generic
    //       load/load atomic/
    //       atomicrmw-with-return-value.
    //     - s_waitcnt vscnt(0)
    //       must happen after
    //       any preceding
    //       global/generic
    //       store/store atomic/
    //       atomicrmw-no-return-value.
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
    //   1. s_waitcnt lgkmcnt(0) &
    //   vmcnt(0) & vscnt(0)
    //   • 如果是 OpenCL,则省略 lgkmcnt(0)。
    //   • 可以拆分为单独的 s_waitcnt vmcnt(0)、s_waitcnt vscnt(0) 和 s_waitcnt lgkmcnt(0),以允许根据以下规则独立移动它们。
    //   • s_waitcnt vmcnt(0) 必须在任何先前的 global/generic load/load atomic/ atomicrmw-with-return-value 之后发生。
    //   • s_waitcnt vscnt(0) 必须在任何先前的 global/generic store/store atomic/ atomicrmw-no-return-value 之后发生。
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
            Step::Emit(&[], MInstr::WaitcntVscnt(0)),
            Step::Emit(&[], MInstr::Access(Cpol::NONE)),
        ],
        en_line: 7043,
        zh_line: 12516,
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
        en_line: 7088,
        zh_line: 12548,
    },
    // ---- fence / release / workgroup / *none*
    // en (upstream AMDGPUUsage, this row of the table):
    //   1. s_waitcnt lgkmcnt(0) &
    //      vmcnt(0) & vscnt(0)
    //
    //     - If OpenCL and
    //       address space is
    //       not generic, omit
    //       lgkmcnt(0).
    //     - If OpenCL and
    //       address space is
    //       local, omit
    //       vmcnt(0) and vscnt(0).
    //     - See :ref:`amdgpu-fence-as` for
    //       more details on fencing specific
    //       address spaces.
    //     - Could be split into
    //       separate s_waitcnt
    //       vmcnt(0), s_waitcnt
    //       vscnt(0) and s_waitcnt
    //       lgkmcnt(0) to allow
    //       them to be
    //       independently moved
    //       according to the
    //       following rules.
    //     - s_waitcnt vmcnt(0)
    //       must happen after
    //       any preceding
    //       global/generic
    //       load/load
    //       atomic/
    //       atomicrmw-with-return-value.
    //     - s_waitcnt vscnt(0)
    //       must happen after
    //       any preceding
    //       global/generic
    //       store/store atomic/
    //       atomicrmw-no-return-value.
    //     - s_waitcnt lgkmcnt(0)
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
    //   1. s_waitcnt lgkmcnt(0) & vmcnt(0) & vscnt(0)
    //   • 如果是 CU wavefront 执行模式,则省略 vmcnt(0) 和 vscnt(0)。
    //   • 如果是 OpenCL 且地址空间不是通用,则省略 lgkmcnt(0)。
    //   • 如果是 OpenCL 且地址空间是本地的,则省略 vmcnt(0) 和 vscnt(0)。
    //   • 有关 fence 特定地址空间的更多详细信息,请参见 Fence 和地址空间
    //   • 可以拆分为单独的 s_waitcnt vmcnt(0)、s_waitcnt vscnt(0) 和 s_waitcnt lgkmcnt(0),以允许根据以下规则独立移动它们。
    //   • s_waitcnt vmcnt(0) 必须在任何先前的 global/generic load/load atomic/ atomicrmw-with-return-value 之后发生。
    //   • s_waitcnt vscnt(0) 必须在任何先前的 global/generic store/store atomic/ atomicrmw-no-return-value 之后发生。
    //   • s_waitcnt lgkmcnt(0) 必须在任何先前的 local/generic load/store/load atomic/store atomic/ atomicrmw 之后发生。
    //   • 必须在任何后续的原子存储/原子读-修改-写之前发生,其同步作用域相等或更宽,并且内存排序强于无序(这被称为 fence 配对原子操作)。
    //   • 确保在执行后续的 fence 配对原子操作之前,所有内存操作都已完成。
    Row {
        op: LlvmOp::Fence,
        ord: Ord::Release,
        scopes: &[ScopeLevel::Workgroup],
        spaces: &[],
        requires: &[],
        code: &[
            Step::Emit(&[], MInstr::waitcnt_lgkm(0)),
            Step::Emit(&[], MInstr::waitcnt_vm(0)),
            Step::Emit(&[], MInstr::WaitcntVscnt(0)),
        ],
        en_line: 7090,
        zh_line: 12560,
    },
    // ---- fence / release / agent, system / *none*
    // en (upstream AMDGPUUsage, this row of the table):
    //   1. s_waitcnt lgkmcnt(0) &
    //      vmcnt(0) & vscnt(0)
    //
    //     - If OpenCL and
    //       address space is
    //       not generic, omit
    //       lgkmcnt(0).
    //     - If OpenCL and
    //       address space is
    //       local, omit
    //       vmcnt(0) and vscnt(0).
    //     - See :ref:`amdgpu-fence-as` for
    //       more details on fencing specific
    //       address spaces.
    //     - Could be split into
    //       separate s_waitcnt
    //       vmcnt(0), s_waitcnt
    //       vscnt(0) and s_waitcnt
    //       lgkmcnt(0) to allow
    //       them to be
    //       independently moved
    //       according to the
    //       following rules.
    //     - s_waitcnt vmcnt(0)
    //       must happen after
    //       any preceding
    //       global/generic
    //       load/load atomic/
    //       atomicrmw-with-return-value.
    //     - s_waitcnt vscnt(0)
    //       must happen after
    //       any preceding
    //       global/generic
    //       store/store atomic/
    //       atomicrmw-no-return-value.
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
    //   1. s_waitcnt lgkmcnt(0) & vmcnt(0) & vscnt(0)
    //   • 如果是 OpenCL 且地址空间不是通用,则省略 lgkmcnt(0)。
    //   • 如果是 OpenCL 且地址空间是本地的,则省略 vmcnt(0) 和 vscnt(0)。
    //   • 有关 fence 特定地址空间的更多详细信息,请参见 Fence 和地址空间
    //   • 可以拆分为单独的 s_waitcnt vmcnt(0)、s_waitcnt vscnt(0) 和 s_waitcnt lgkmcnt(0),以允许根据以下规则独立移动它们。
    //   • s_waitcnt vmcnt(0) 必须在任何先前的 global/generic load/load atomic/ atomicrmw-with-return-value 之后发生。
    //   • s_waitcnt vscnt(0) 必须在任何先前的 global/generic store/store atomic/ atomicrmw-no-return-value 之后发生。
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
            Step::Emit(&[], MInstr::WaitcntVscnt(0)),
        ],
        en_line: 7151,
        zh_line: 12590,
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
        en_line: 7213,
        zh_line: 12622,
    },
    // ---- atomicrmw / acq_rel / workgroup / global
    // en (upstream AMDGPUUsage, this row of the table):
    //   1. s_waitcnt lgkmcnt(0) &
    //      vmcnt(0) & vscnt(0)
    //
    //     - If OpenCL, omit
    //       lgkmcnt(0).
    //     - Must happen after
    //       any preceding
    //       local/generic
    //       load/store/load
    //       atomic/store
    //       atomic/atomicrmw.
    //     - Could be split into
    //       separate s_waitcnt
    //       vmcnt(0), s_waitcnt
    //       vscnt(0), and s_waitcnt
    //       lgkmcnt(0) to allow
    //       them to be
    //       independently moved
    //       according to the
    //       following rules.
    //     - s_waitcnt vmcnt(0)
    //       must happen after
    //       any preceding
    //       global/generic load/load
    //       atomic/
    //       atomicrmw-with-return-value.
    //     - s_waitcnt vscnt(0)
    //       must happen after
    //       any preceding
    //       global/generic
    //       store/store
    //       atomic/
    //       atomicrmw-no-return-value.
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
    //       have
    //       completed before
    //       performing the
    //       atomicrmw that is
    //       being released.
    //
    //   2. buffer/global_atomic
    //   3. s_waitcnt vm/vscnt(0)
    //
    //     - Use vmcnt(0) if atomic with
    //       return and vscnt(0) if
    //       atomic with no-return.
    //     - Must happen before
    //       the following
    //       buffer_gl0_inv.
    //     - Ensures any
    //       following global
    //       data read is no
    //       older than the
    //       atomicrmw value
    //       being acquired.
    //
    //   4. buffer_gl0_inv
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
    //   1. s_waitcnt lgkmcnt(0) & vmcnt(0) & vscnt(0)
    //   • 如果是 CU wavefront 执行模式,则省略 vmcnt(0) 和 vscnt(0)。
    //   • 如果是 OpenCL,则省略 lgkmcnt(0)。
    //   • 必须在任何先前的本地/通用加载/存储/原子加载/原子存储/原子读-修改-写之后发生。
    //   • 可以拆分为单独的 s_waitcnt vmcnt(0)、s_waitcnt vscnt(0) 和 s_waitcnt lgkmcnt(0),以允许根据以下规则独立移动它们。
    //   • s_waitcnt vmcnt(0) 必须在任何先前的 global/generic load/load atomic/ atomicrmw-with-return-value 之后发生。
    //   • s_waitcnt vscnt(0) 必须在任何先前的 global/generic store/store atomic/ atomicrmw-no-return-value 之后发生。
    //   • s_waitcnt lgkmcnt(0) 必须在任何先前的本地/通用加载/存储/原子加载/原子存储/原子读-修改-写之后发生。
    //   • 必须在后续的 atomicrmw 之前发生。
    //   • 确保所有内存操作在执行正在释放的 atomicrmw 之前完成。
    //   1. buffer/global_atomic
    //   2. s_waitcnt vm/vscnt(0)
    //   • 如果是 CU wavefront 执行模式,则省略。
    //   • 如果是有返回值的原子操作,则使用 vmcnt(0),如果是无返回值的原子操作,则使用 vscnt(0)。
    //   • 必须在以下 buffer_gl0_inv 之前发生。
    //   • 确保任何后续全局数据读取都不早于正在获取的 atomicrmw 值。
    //   1. buffer_gl0_inv
    //   • 如果是 CU wavefront 执行模式,则省略。
    //   • 确保后续加载不会看到过时的数据。
    Row {
        op: LlvmOp::AtomicRmw,
        ord: Ord::AcqRel,
        scopes: &[ScopeLevel::Workgroup],
        spaces: &[Space::Global],
        requires: &[],
        code: &[
            Step::Emit(&[], MInstr::waitcnt_lgkm(0)),
            Step::Emit(&[], MInstr::waitcnt_vm(0)),
            Step::Emit(&[], MInstr::WaitcntVscnt(0)),
            Step::Emit(&[], MInstr::Access(Cpol::NONE)),
            Step::Emit(&[Cond::Ret], MInstr::waitcnt_vm(0)),
            Step::Emit(&[Cond::NoRet], MInstr::WaitcntVscnt(0)),
            Step::Emit(&[Cond::WgpMode], MInstr::BufferGl0Inv),
        ],
        en_line: 7216,
        zh_line: 12638,
    },
    // ---- atomicrmw / acq_rel / workgroup / local
    // en (upstream AMDGPUUsage, this row of the table):
    //   1. s_waitcnt vmcnt(0) & vscnt(0)
    //
    //     - If OpenCL, omit.
    //     - Could be split into
    //       separate s_waitcnt
    //       vmcnt(0) and s_waitcnt
    //       vscnt(0) to allow
    //       them to be
    //       independently moved
    //       according to the
    //       following rules.
    //     - s_waitcnt vmcnt(0)
    //       must happen after
    //       any preceding
    //       global/generic load/load
    //       atomic/
    //       atomicrmw-with-return-value.
    //     - s_waitcnt vscnt(0)
    //       must happen after
    //       any preceding
    //       global/generic
    //       store/store atomic/
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
    //   3. s_waitcnt lgkmcnt(0)
    //
    //     - If OpenCL, omit.
    //     - Must happen before
    //       the following
    //       buffer_gl0_inv.
    //     - Ensures any
    //       following global
    //       data read is no
    //       older than the local load
    //       atomic value being
    //       acquired.
    //
    //   4. buffer_gl0_inv
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
    //   1. s_waitcnt vmcnt(0) & vscnt(0)
    //   • 如果是 CU wavefront 执行模式,则省略。
    //   • 如果是 OpenCL,则省略。
    //   • 可以拆分为单独的 s_waitcnt vmcnt(0) 和 s_waitcnt vscnt(0),以允许根据以下规则独立移动它们。
    //   • s_waitcnt vmcnt(0) 必须在任何先前的 global/generic load/load atomic/ atomicrmw-with-return-value 之后发生。
    //   • s_waitcnt vscnt(0) 必须在任何先前的 global/generic store/store atomic/ atomicrmw-no-return-value 之后发生。
    //   • 必须在后续的存储之前发生。
    //   • 确保所有全局内存操作在执行正在释放的存储之前完成。
    //   1. ds_atomic
    //   2. s_waitcnt lgkmcnt(0)
    //   • 如果是 OpenCL,则省略。
    //   • 必须在以下 buffer_gl0_inv 之前发生。
    //   • 确保任何后续的全局数据读取都不比正在获取的本地原子加载值旧。
    //   1. buffer_gl0_inv
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
            Step::Emit(&[], MInstr::waitcnt_vm(0)),
            Step::Emit(&[], MInstr::WaitcntVscnt(0)),
            Step::Emit(&[], MInstr::Access(Cpol::NONE)),
            Step::Emit(&[], MInstr::waitcnt_lgkm(0)),
            Step::Emit(&[Cond::WgpMode], MInstr::BufferGl0Inv),
        ],
        en_line: 7292,
        zh_line: 12684,
    },
    // ---- atomicrmw / acq_rel / workgroup / generic
    // en (upstream AMDGPUUsage, this row of the table):
    //   1. s_waitcnt lgkmcnt(0) &
    //      vmcnt(0) & vscnt(0)
    //
    //     - If OpenCL, omit lgkmcnt(0).
    //     - Could be split into
    //       separate s_waitcnt
    //       vmcnt(0), s_waitcnt
    //       vscnt(0) and s_waitcnt
    //       lgkmcnt(0) to allow
    //       them to be
    //       independently moved
    //       according to the
    //       following rules.
    //     - s_waitcnt vmcnt(0)
    //       must happen after
    //       any preceding
    //       global/generic load/load
    //       atomic/
    //       atomicrmw-with-return-value.
    //     - s_waitcnt vscnt(0)
    //       must happen after
    //       any preceding
    //       global/generic
    //       store/store
    //       atomic/
    //       atomicrmw-no-return-value.
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
    //       have
    //       completed before
    //       performing the
    //       atomicrmw that is
    //       being released.
    //
    //   2. flat_atomic
    //   3. s_waitcnt lgkmcnt(0) &
    //      vmcnt(0) & vscnt(0)
    //
    //     - If atomic with return, omit
    //       vscnt(0), if atomic with
    //       no-return, omit vmcnt(0).
    //     - If OpenCL, omit lgkmcnt(0).
    //     - Must happen before
    //       the following
    //       buffer_gl0_inv.
    //     - Ensures any
    //       following global
    //       data read is no
    //       older than the load
    //       atomic value being
    //       acquired.
    //
    //   3. buffer_gl0_inv
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
    //   1. s_waitcnt lgkmcnt(0) & vmcnt(0) & vscnt(0)
    //   • 如果是 CU wavefront 执行模式,则省略 vmcnt(0) 和 vscnt(0)。
    //   • 如果是 OpenCL,则省略 lgkmcnt(0)。
    //   • 可以拆分为单独的 s_waitcnt vmcnt(0)、s_waitcnt vscnt(0) 和 s_waitcnt lgkmcnt(0),以允许根据以下规则独立移动它们。
    //   • s_waitcnt vmcnt(0) 必须在任何先前的 global/generic load/load atomic/ atomicrmw-with-return-value 之后发生。
    //   • s_waitcnt vscnt(0) 必须在任何先前的 global/generic store/store atomic/ atomicrmw-no-return-value 之后发生。
    //   • s_waitcnt lgkmcnt(0) 必须在任何先前的本地/通用加载/存储/原子加载/原子存储/原子读-修改-写之后发生。
    //   • 必须在后续的 atomicrmw 之前发生。
    //   • 确保所有内存操作在执行正在释放的 atomicrmw 之前完成。
    //   1. flat_atomic
    //   2. s_waitcnt lgkmcnt(0) & vmcnt(0) & vscnt(0)
    //   • 如果是 CU wavefront 执行模式,则省略 vmcnt(0) 和 vscnt(0)。
    //   • 如果是 OpenCL,则省略 lgkmcnt(0)。
    //   • 必须在以下 buffer_gl0_inv 之前发生。
    //   • 确保任何后续全局数据读取都不早于正在获取的 load atomic 值。
    //   1. buffer_gl0_inv
    //   • 如果是 CU wavefront 执行模式,则省略。
    //   • 确保后续加载不会看到过时的数据。
    Row {
        op: LlvmOp::AtomicRmw,
        ord: Ord::AcqRel,
        scopes: &[ScopeLevel::Workgroup],
        spaces: &[Space::Generic],
        requires: &[],
        code: &[
            Step::Emit(&[], MInstr::waitcnt_lgkm(0)),
            Step::Emit(&[], MInstr::waitcnt_vm(0)),
            Step::Emit(&[], MInstr::WaitcntVscnt(0)),
            Step::Emit(&[], MInstr::Access(Cpol::NONE)),
            Step::Emit(&[], MInstr::waitcnt_lgkm(0)),
            Step::Emit(&[Cond::Ret], MInstr::waitcnt_vm(0)),
            Step::Emit(&[Cond::NoRet], MInstr::WaitcntVscnt(0)),
            Step::Emit(&[Cond::WgpMode], MInstr::BufferGl0Inv),
        ],
        en_line: 7350,
        zh_line: 12726,
    },
    // ---- atomicrmw / acq_rel / agent, system / global
    // en (upstream AMDGPUUsage, this row of the table):
    //   1. s_waitcnt lgkmcnt(0) &
    //      vmcnt(0) & vscnt(0)
    //
    //     - If OpenCL, omit
    //       lgkmcnt(0).
    //     - Could be split into
    //       separate s_waitcnt
    //       vmcnt(0), s_waitcnt
    //       vscnt(0) and s_waitcnt
    //       lgkmcnt(0) to allow
    //       them to be
    //       independently moved
    //       according to the
    //       following rules.
    //     - s_waitcnt vmcnt(0)
    //       must happen after
    //       any preceding
    //       global/generic
    //       load/load atomic/
    //       atomicrmw-with-return-value.
    //     - s_waitcnt vscnt(0)
    //       must happen after
    //       any preceding
    //       global/generic
    //       store/store atomic/
    //       atomicrmw-no-return-value.
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
    //   3. s_waitcnt vm/vscnt(0)
    //
    //     - Use vmcnt(0) if atomic with
    //       return and vscnt(0) if
    //       atomic with no-return.
    //     - Must happen before
    //       following
    //       buffer_gl*_inv.
    //     - Ensures the
    //       atomicrmw has
    //       completed before
    //       invalidating the
    //       caches.
    //
    //   4. buffer_gl1_inv;
    //      buffer_gl0_inv
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
    //   1. s_waitcnt lgkmcnt(0) & vmcnt(0) & vscnt(0)
    //   • 如果是 OpenCL,则省略 lgkmcnt(0)。
    //   • 可以拆分为单独的 s_waitcnt vmcnt(0)、s_waitcnt vscnt(0) 和 s_waitcnt lgkmcnt(0),以允许根据以下规则独立移动它们。
    //   • s_waitcnt vmcnt(0) 必须在任何先前的 global/generic load/load atomic/ atomicrmw-with-return-value 之后发生。
    //   • s_waitcnt vscnt(0) 必须在任何先前的 global/generic store/store atomic/ atomicrmw-no-return-value 之后发生。
    //   • s_waitcnt lgkmcnt(0) 必须在任何先前的本地/通用加载/存储/原子加载/原子存储/原子读-修改-写之后发生。
    //   • 必须在后续的 atomicrmw 之前发生。
    //   • 确保在执行正在释放的 atomicrmw 之前,所有对全局内存的操作都已完成。
    //   1. buffer/global_atomic
    //   2. s_waitcnt vm/vscnt(0)
    //   • 如果是有返回值的原子操作,则使用 vmcnt(0),如果是无返回值的原子操作,则使用 vscnt(0)。
    //   • 必须在后续 buffer_gl*_inv 之前发生。
    //   • 确保在使缓存失效之前,atomicrmw 已完成。
    //   1. buffer_gl1_inv; buffer_gl0_inv
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
            Step::Emit(&[], MInstr::WaitcntVscnt(0)),
            Step::Emit(&[], MInstr::Access(Cpol::NONE)),
            Step::Emit(&[Cond::Ret], MInstr::waitcnt_vm(0)),
            Step::Emit(&[Cond::NoRet], MInstr::WaitcntVscnt(0)),
            Step::Emit(&[], MInstr::BufferGl1Inv),
            Step::Emit(&[], MInstr::BufferGl0Inv),
        ],
        en_line: 7421,
        zh_line: 12770,
    },
    // ---- atomicrmw / acq_rel / agent, system / generic
    // en (upstream AMDGPUUsage, this row of the table):
    //   1. s_waitcnt lgkmcnt(0) &
    //      vmcnt(0) & vscnt(0)
    //
    //     - If OpenCL, omit
    //       lgkmcnt(0).
    //     - Could be split into
    //       separate s_waitcnt
    //       vmcnt(0), s_waitcnt
    //       vscnt(0), and s_waitcnt
    //       lgkmcnt(0) to allow
    //       them to be
    //       independently moved
    //       according to the
    //       following rules.
    //     - s_waitcnt vmcnt(0)
    //       must happen after
    //       any preceding
    //       global/generic
    //       load/load atomic
    //       atomicrmw-with-return-value.
    //     - s_waitcnt vscnt(0)
    //       must happen after
    //       any preceding
    //       global/generic
    //       store/store atomic/
    //       atomicrmw-no-return-value.
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
    //       have
    //       completed before
    //       performing the
    //       atomicrmw that is
    //       being released.
    //
    //   2. flat_atomic
    //   3. s_waitcnt vm/vscnt(0) &
    //      lgkmcnt(0)
    //
    //     - If OpenCL, omit
    //       lgkmcnt(0).
    //     - Use vmcnt(0) if atomic with
    //       return and vscnt(0) if
    //       atomic with no-return.
    //     - Must happen before
    //       following
    //       buffer_gl*_inv.
    //     - Ensures the
    //       atomicrmw has
    //       completed before
    //       invalidating the
    //       caches.
    //
    //   4. buffer_gl1_inv;
    //      buffer_gl0_inv
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
    //   1. s_waitcnt lgkmcnt(0) & vmcnt(0) & vscnt(0)
    //   • 如果是 OpenCL,则省略 lgkmcnt(0)。
    //   • 可以拆分为单独的 s_waitcnt vmcnt(0)、s_waitcnt vscnt(0) 和 s_waitcnt lgkmcnt(0),以允许根据以下规则独立移动它们。
    //   • s_waitcnt vmcnt(0) 必须在任何先前的 global/generic load/load atomic atomicrmw-with-return-value 之后发生。
    //   • s_waitcnt vscnt(0) 必须在任何先前的 global/generic store/store atomic/ atomicrmw-no-return-value 之后发生。
    //   • s_waitcnt lgkmcnt(0) 必须在任何先前的本地/通用加载/存储/原子加载/原子存储/原子读-修改-写之后发生。
    //   • 必须在后续的 atomicrmw 之前发生。
    //   • 确保所有内存操作在执行正在释放的 atomicrmw 之前完成。
    //   1. flat_atomic
    //   2. s_waitcnt vm/vscnt(0) & lgkmcnt(0)
    //   • 如果是 OpenCL,则省略 lgkmcnt(0)。
    //   • 如果是有返回值的原子操作,则使用 vmcnt(0),如果是无返回值的原子操作,则使用 vscnt(0)。
    //   • 必须在后续 buffer_gl*_inv 之前发生。
    //   • 确保在使缓存失效之前,atomicrmw 已完成。
    //   1. buffer_gl1_inv; buffer_gl0_inv
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
            Step::Emit(&[], MInstr::WaitcntVscnt(0)),
            Step::Emit(&[], MInstr::Access(Cpol::NONE)),
            Step::Emit(&[Cond::Ret], MInstr::waitcnt_vm(0)),
            Step::Emit(&[Cond::NoRet], MInstr::WaitcntVscnt(0)),
            Step::Emit(&[], MInstr::waitcnt_lgkm(0)),
            Step::Emit(&[], MInstr::BufferGl1Inv),
            Step::Emit(&[], MInstr::BufferGl0Inv),
        ],
        en_line: 7493,
        zh_line: 12812,
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
        en_line: 7568,
        zh_line: 12856,
    },
    // ---- fence / acq_rel / workgroup / *none*
    // en (upstream AMDGPUUsage, this row of the table):
    //   1. s_waitcnt lgkmcnt(0) &
    //      vmcnt(0) & vscnt(0)
    //
    //     - If OpenCL and
    //       address space is
    //       not generic, omit
    //       lgkmcnt(0).
    //     - If OpenCL and
    //       address space is
    //       local, omit
    //       vmcnt(0) and vscnt(0).
    //     - However,
    //       since LLVM
    //       currently has no
    //       address space on
    //       the fence need to
    //       conservatively
    //       always generate
    //       (see comment for
    //       previous fence).
    //     - Could be split into
    //       separate s_waitcnt
    //       vmcnt(0), s_waitcnt
    //       vscnt(0) and s_waitcnt
    //       lgkmcnt(0) to allow
    //       them to be
    //       independently moved
    //       according to the
    //       following rules.
    //     - s_waitcnt vmcnt(0)
    //       must happen after
    //       any preceding
    //       global/generic
    //       load/load
    //       atomic/
    //       atomicrmw-with-return-value.
    //     - s_waitcnt vscnt(0)
    //       must happen after
    //       any preceding
    //       global/generic
    //       store/store atomic/
    //       atomicrmw-no-return-value.
    //     - s_waitcnt lgkmcnt(0)
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
    //       buffer_gl0_inv.
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
    //   3. buffer_gl0_inv
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
    //   1. s_waitcnt lgkmcnt(0) & vmcnt(0) & vscnt(0)
    //   • 如果是 CU wavefront 执行模式,则省略 vmcnt(0) 和 vscnt(0)。
    //   • 如果是 OpenCL 且地址空间不是通用,则省略 lgkmcnt(0)。
    //   • 如果是 OpenCL 且地址空间是本地的,则省略 vmcnt(0) 和 vscnt(0)。
    //   • 但是,由于 LLVM 当前在 fence 上没有地址空间,因此需要保守地始终生成(参见先前 fence 的注释)。
    //   • 可以拆分为单独的 s_waitcnt vmcnt(0)、s_waitcnt vscnt(0) 和 s_waitcnt lgkmcnt(0),以允许根据以下规则独立移动它们。
    //   • s_waitcnt vmcnt(0) 必须在任何先前的 global/generic load/load atomic/ atomicrmw-with-return-value 之后发生。
    //   • s_waitcnt vscnt(0) 必须在任何先前的 global/generic store/store atomic/ atomicrmw-no-return-value 之后发生。
    //   • s_waitcnt lgkmcnt(0) 必须在任何先前的 local/generic load/store/load atomic/store atomic/ atomicrmw 之后发生。
    //   • 必须在任何后续的全局/通用加载/原子加载/存储/原子存储/原子读-修改-写之前发生。
    //   • 确保所有内存操作在执行任何后续全局内存操作之前完成。
    //   • 确保先前的本地/通用原子加载/原子读-修改-写(其同步作用域相等或更宽,并且内存排序强于无序,这被称为 acquire-fence 配对原子操作)在后续的全局内存操作之前已完成。这满足了 acquire 的要求。
    //   • 确保在后续的本地/通用原子存储/原子读-修改-写(其同步作用域相等或更宽,并且内存排序强于无序,这被称为 release-fence 配对原子操作)之前,所有先前的内存操作都已完成。这满足了 release 的要求。
    //   • 必须在以下 buffer_gl0_inv 之前发生。
    //   • 确保 acquire-fence-paired atomic 在使缓存失效之前完成。因此,任何后续读取的位置都不能早于 acquire-fence-paired-atomic 读取的值。
    //   1. buffer_gl0_inv
    //   • 如果是 CU wavefront 执行模式,则省略。
    //   • 确保后续加载不会看到过时的数据。
    Row {
        op: LlvmOp::Fence,
        ord: Ord::AcqRel,
        scopes: &[ScopeLevel::Workgroup],
        spaces: &[],
        requires: &[],
        code: &[
            Step::Emit(&[], MInstr::waitcnt_lgkm(0)),
            Step::Emit(&[], MInstr::waitcnt_vm(0)),
            Step::Emit(&[], MInstr::WaitcntVscnt(0)),
            Step::Emit(&[Cond::WgpMode], MInstr::BufferGl0Inv),
        ],
        en_line: 7570,
        zh_line: 12868,
    },
    // ---- fence / acq_rel / agent, system / *none*
    // en (upstream AMDGPUUsage, this row of the table):
    //   1. s_waitcnt lgkmcnt(0) &
    //      vmcnt(0) & vscnt(0)
    //
    //     - If OpenCL and
    //       address space is
    //       not generic, omit
    //       lgkmcnt(0).
    //     - If OpenCL and
    //       address space is
    //       local, omit
    //       vmcnt(0) and vscnt(0).
    //     - See :ref:`amdgpu-fence-as` for
    //       more details on fencing specific
    //       address spaces.
    //     - Could be split into
    //       separate s_waitcnt
    //       vmcnt(0), s_waitcnt
    //       vscnt(0) and s_waitcnt
    //       lgkmcnt(0) to allow
    //       them to be
    //       independently moved
    //       according to the
    //       following rules.
    //     - s_waitcnt vmcnt(0)
    //       must happen after
    //       any preceding
    //       global/generic
    //       load/load
    //       atomic/
    //       atomicrmw-with-return-value.
    //     - s_waitcnt vscnt(0)
    //       must happen after
    //       any preceding
    //       global/generic
    //       store/store atomic/
    //       atomicrmw-no-return-value.
    //     - s_waitcnt lgkmcnt(0)
    //       must happen after
    //       any preceding
    //       local/generic
    //       load/store/load
    //       atomic/store
    //       atomic/atomicrmw.
    //     - Must happen before
    //       the following
    //       buffer_gl*_inv.
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
    //   2. buffer_gl1_inv;
    //      buffer_gl0_inv
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
    //   1. s_waitcnt lgkmcnt(0) & vmcnt(0) & vscnt(0)
    //   • 如果是 OpenCL 且地址空间不是通用,则省略 lgkmcnt(0)。
    //   • 如果是 OpenCL 且地址空间是本地的,则省略 vmcnt(0) 和 vscnt(0)。
    //   • 有关 fence 特定地址空间的更多详细信息,请参见 Fence 和地址空间
    //   • 可以拆分为单独的 s_waitcnt vmcnt(0)、s_waitcnt vscnt(0) 和 s_waitcnt lgkmcnt(0),以允许根据以下规则独立移动它们。
    //   • s_waitcnt vmcnt(0) 必须在任何先前的 global/generic load/load atomic/ atomicrmw-with-return-value 之后发生。
    //   • s_waitcnt vscnt(0) 必须在任何先前的 global/generic store/store atomic/ atomicrmw-no-return-value 之后发生。
    //   • s_waitcnt lgkmcnt(0) 必须在任何先前的本地/通用加载/存储/原子加载/原子存储/原子读-修改-写之后发生。
    //   • 必须在以下 buffer_gl*_inv 之前发生。
    //   • 确保先前的 global/local/generic load atomic/atomicrmw(具有相等或更宽的同步范围和比无序更强的内存排序,这称为 acquire-fence-paired-atomic)在使缓存失效之前完成。这满足了 acquire 的要求。
    //   • 确保在后续的全局/本地/通用原子存储/原子读-修改-写(其同步作用域相等或更宽,并且内存排序强于无序,这被称为 release-fence 配对原子操作)之前,所有先前的内存操作都已完成。这满足了 release 的要求。
    //   1. buffer_gl1_inv; buffer_gl0_inv
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
            Step::Emit(&[], MInstr::WaitcntVscnt(0)),
            Step::Emit(&[], MInstr::BufferGl1Inv),
            Step::Emit(&[], MInstr::BufferGl0Inv),
        ],
        en_line: 7692,
        zh_line: 12912,
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
        en_line: 7794,
        zh_line: 12952,
    },
    // ---- load atomic / seq_cst / workgroup / global, generic
    // en (upstream AMDGPUUsage, this row of the table):
    //   1. s_waitcnt lgkmcnt(0) &
    //      vmcnt(0) & vscnt(0)
    //
    //     - Could be split into
    //       separate s_waitcnt
    //       vmcnt(0), s_waitcnt
    //       vscnt(0), and s_waitcnt
    //       lgkmcnt(0) to allow
    //       them to be
    //       independently moved
    //       according to the
    //       following rules.
    //     - s_waitcnt lgkmcnt(0) must
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
    //     - s_waitcnt vmcnt(0)
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
    //       own s_waitcnt
    //       vmcnt(0) and so do
    //       not need to be
    //       considered.)
    //     - s_waitcnt vscnt(0)
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
    //       own s_waitcnt
    //       vscnt(0) and so do
    //       not need to be
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
    //   1. s_waitcnt lgkmcnt(0) & vmcnt(0) & vscnt(0)
    //   • 如果是 CU wavefront 执行模式,则省略 vmcnt(0) 和 vscnt(0)。
    //   • 可以拆分为单独的 s_waitcnt vmcnt(0)、s_waitcnt vscnt(0) 和 s_waitcnt lgkmcnt(0),以允许根据以下规则独立移动它们。
    //   • s_waitcnt lgkmcnt(0) 必须在先前的 local/generic load atomic/store atomic/atomicrmw(具有 seq_cst 内存排序和相等或更宽的同步范围)之后发生。(请注意,seq_cst fences 有自己的 s_waitcnt lgkmcnt(0),因此无需考虑。)
    //   • s_waitcnt vmcnt(0) 必须在先前的 global/generic load atomic/ atomicrmw-with-return-value(具有 seq_cst 内存排序和相等或更宽的同步范围)之后发生。(请注意,seq_cst fences 有自己的 s_waitcnt vmcnt(0),因此无需考虑。)
    //   • s_waitcnt vscnt(0) 必须在先前的 global/generic store atomic/ atomicrmw-no-return-value(具有 seq_cst 内存排序和相等或更宽的同步范围)之后发生。(请注意,seq_cst fences 有自己的 s_waitcnt vscnt(0),因此无需考虑。)
    //   • 确保任何先前的顺序一致的全局/本地内存指令在执行此顺序一致的指令之前完成。这可以防止对 seq_cst store 之后跟随 seq_cst load 进行重新排序。(请注意,seq_cst 比 acquire/release 更强,因为 release 的 s_waitcnt 可以防止 load acquire 后跟 store release 的重新排序,但没有任何东西可以阻止 store release 后跟 load acquire 乱序完成。s_waitcnt 可以放在 seq_store 之后或 seq_load 之前。我们选择 load 以使 s_waitcnt 尽可能晚,以便 store 可能已经完成。)
    //   1. 后续指令与相应的加载原子获取相同,除了即使对于 OpenCL 也必须生成所有指令。
    Row {
        op: LlvmOp::LoadAtomic,
        ord: Ord::SeqCst,
        scopes: &[ScopeLevel::Workgroup],
        spaces: &[Space::Global, Space::Generic],
        requires: &[],
        code: &[
            Step::Emit(&[], MInstr::waitcnt_lgkm(0)),
            Step::Emit(&[], MInstr::waitcnt_vm(0)),
            Step::Emit(&[], MInstr::WaitcntVscnt(0)),
            Step::SameAs(LlvmOp::LoadAtomic, Ord::Acquire),
        ],
        en_line: 7799,
        zh_line: 12968,
    },
    // ---- load atomic / seq_cst / workgroup / local
    // en (upstream AMDGPUUsage, this row of the table):
    //
    //
    //   1. s_waitcnt vmcnt(0) & vscnt(0)
    //
    //     - Could be split into
    //       separate s_waitcnt
    //       vmcnt(0) and s_waitcnt
    //       vscnt(0) to allow
    //       them to be
    //       independently moved
    //       according to the
    //       following rules.
    //     - s_waitcnt vmcnt(0)
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
    //       own s_waitcnt
    //       vmcnt(0) and so do
    //       not need to be
    //       considered.)
    //     - s_waitcnt vscnt(0)
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
    //       own s_waitcnt
    //       vscnt(0) and so do
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
    //   • workgroup
    //   • local (本地)
    //   1. s_waitcnt vmcnt(0) & vscnt(0)
    //   • 如果是 CU wavefront 执行模式,则省略。
    //   • 可以拆分为单独的 s_waitcnt vmcnt(0) 和 s_waitcnt vscnt(0),以允许根据以下规则独立移动它们。
    //   • s_waitcnt vmcnt(0) 必须在先前的 global/generic load atomic/ atomicrmw-with-return-value(具有 seq_cst 内存排序和相等或更宽的同步范围)之后发生。(请注意,seq_cst fences 有自己的 s_waitcnt vmcnt(0),因此无需考虑。)
    //   • s_waitcnt vscnt(0) 必须在先前的 global/generic store atomic/ atomicrmw-no-return-value(具有 seq_cst 内存排序和相等或更宽的同步范围)之后发生。(请注意,seq_cst fences 有自己的 s_waitcnt vscnt(0),因此无需考虑。)
    //   • 确保任何先前的顺序一致性全局内存指令在执行此顺序一致性指令之前已完成。这防止了重新排序 seq_cst 存储,然后是 seq_cst 加载。(请注意,seq_cst 比 acquire/release 更强,因为 release 的 s_waitcnt 阻止了加载 acquire 后跟存储 release 的重新排序,但是没有阻止存储 release 后跟加载 acquire 以乱序完成。s_waitcnt 可以放在 seq_store 之后或 seq_load 之前。我们选择加载以使 s_waitcnt 尽可能晚,以便存储可能已经完成。)
    //   1. 后续指令与相应的加载原子获取相同,除了即使对于 OpenCL 也必须生成所有指令。
    Row {
        op: LlvmOp::LoadAtomic,
        ord: Ord::SeqCst,
        scopes: &[ScopeLevel::Workgroup],
        spaces: &[Space::Local],
        requires: &[],
        code: &[
            Step::Emit(&[], MInstr::waitcnt_vm(0)),
            Step::Emit(&[], MInstr::WaitcntVscnt(0)),
            Step::SameAs(LlvmOp::LoadAtomic, Ord::Acquire),
        ],
        en_line: 7906,
        zh_line: 12994,
    },
    // ---- load atomic / seq_cst / agent, system / global, generic
    // en (upstream AMDGPUUsage, this row of the table):
    //   1. s_waitcnt lgkmcnt(0) &
    //      vmcnt(0) & vscnt(0)
    //
    //     - Could be split into
    //       separate s_waitcnt
    //       vmcnt(0), s_waitcnt
    //       vscnt(0) and s_waitcnt
    //       lgkmcnt(0) to allow
    //       them to be
    //       independently moved
    //       according to the
    //       following rules.
    //     - s_waitcnt lgkmcnt(0)
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
    //       own s_waitcnt
    //       lgkmcnt(0) and so do
    //       not need to be
    //       considered.)
    //     - s_waitcnt vmcnt(0)
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
    //       own s_waitcnt
    //       vmcnt(0) and so do
    //       not need to be
    //       considered.)
    //     - s_waitcnt vscnt(0)
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
    //       own s_waitcnt
    //       vscnt(0) and so do
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
    //   1. s_waitcnt lgkmcnt(0) & vmcnt(0) & vscnt(0)
    //   • 可以拆分为单独的 s_waitcnt vmcnt(0)、s_waitcnt vscnt(0) 和 s_waitcnt lgkmcnt(0),以允许根据以下规则独立移动它们。
    //   • s_waitcnt lgkmcnt(0) 必须在先前的 local load atomic/store atomic/atomicrmw(具有 seq_cst 内存排序和相等或更宽的同步范围)之后发生。(请注意,seq_cst fences 有自己的 s_waitcnt lgkmcnt(0),因此无需考虑。)
    //   • s_waitcnt vmcnt(0) 必须在先前的 global/generic load atomic/ atomicrmw-with-return-value(具有 seq_cst 内存排序和相等或更宽的同步范围)之后发生。(请注意,seq_cst fences 有自己的 s_waitcnt vmcnt(0),因此无需考虑。)
    //   • s_waitcnt vscnt(0) 必须在先前的 global/generic store atomic/ atomicrmw-no-return-value(具有 seq_cst 内存排序和相等或更宽的同步范围)之后发生。(请注意,seq_cst fences 有自己的 s_waitcnt vscnt(0),因此无需考虑。)
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
            Step::Emit(&[], MInstr::WaitcntVscnt(0)),
            Step::SameAs(LlvmOp::LoadAtomic, Ord::Acquire),
        ],
        en_line: 7998,
        zh_line: 13016,
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
        en_line: 8105,
        zh_line: 13042,
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
        en_line: 8110,
        zh_line: 13064,
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
        en_line: 8115,
        zh_line: 13086,
    },
];
