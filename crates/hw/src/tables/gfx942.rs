//! Table "AMDHSA Memory Model Code Sequences GFX942" as data.
//!
//! Targets: gfx942 (features: `:tgsplit`).
//! Specification: the Chinese AMDGPUUsage, "表 81 AMDHSA 内存模型代码序列 GFX942"; translation: the upstream AMDGPUUsage
//! (<https://llvm.org/docs/AMDGPUUsage.html>, "Memory Model" section).
//! Each row: the English cell (`en`), the seed's original (`zh`), then the data.

use super::{Cond, LlvmOp, Ord, Row, ScopeLevel, Space, Step, Table};
#[allow(unused_imports)]
use crate::isa::{Counter, Cpol, MInstr, ScopeOp, Th};

pub static TABLE: Table = Table {
    name: "AMDHSA Memory Model Code Sequences GFX942",
    zh_name: "表 81 AMDHSA 内存模型代码序列 GFX942",
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
    //        nt=1
    //
    //   - volatile
    //
    //     1. buffer/global/flat_load
    //        sc0=1 sc1=1
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
    //   1. buffer/global/flat_load nt=1
    //   • volatile (易失性)
    //   1. buffer/global/flat_load sc0=1 sc1=1
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
            Step::Emit(&[Cond::NonTemporal], MInstr::Access(Cpol::NONE.nt())),
            Step::Emit(&[Cond::Volatile], MInstr::Access(Cpol::NONE.sc0().sc1())),
            Step::Emit(&[Cond::Volatile], MInstr::waitcnt_vm(0)),
        ],
        en_line: 3898,
        zh_line: 9866,
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
        en_line: 3925,
        zh_line: 9898,
    },
    // ---- store / *none* / *none* / global, generic, private, constant
    // en (upstream AMDGPUUsage, this row of the table):
    //   - !volatile & !nontemporal
    //
    //     1. GFX942
    //          buffer/global/flat_store
    //
    //   - !volatile & nontemporal
    //
    //     1. GFX942
    //          buffer/global/flat_store
    //          nt=1
    //
    //   - volatile
    //
    //     1. buffer/global/flat_store
    //        sc0=1 sc1=1
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
    //   1. GFX942
    //   buffer/global/flat_store
    //   • !volatile & nontemporal (非易失性 & 临时性)
    //   1. GFX942
    //   buffer/global/flat_store nt=1
    //   • volatile (易失性)
    //   1. buffer/global/flat_store sc0=1 sc1=1
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
            Step::Emit(&[Cond::NonTemporal], MInstr::Access(Cpol::NONE.nt())),
            Step::Emit(&[Cond::Volatile], MInstr::Access(Cpol::NONE.sc0().sc1())),
            Step::Emit(&[Cond::Volatile], MInstr::waitcnt_vm(0)),
        ],
        en_line: 3926,
        zh_line: 9908,
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
        en_line: 3955,
        zh_line: 9944,
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
        en_line: 3958,
        zh_line: 9956,
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
        en_line: 3959,
        zh_line: 9966,
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
        en_line: 3960,
        zh_line: 9976,
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
        en_line: 3963,
        zh_line: 9988,
    },
    // ---- load atomic / monotonic / workgroup / global, generic
    // en (upstream AMDGPUUsage, this row of the table):
    //   1. buffer/global/flat_load
    //      sc0=1
    // zh (the specification's Chinese AMDGPUUsage, this row), original:
    //   load atomic (原子加载)
    //   monotonic (单调)
    //   • workgroup
    //   • global
    //   • generic (通用)
    //   1. buffer/global/flat_load sc0=1
    Row {
        op: LlvmOp::LoadAtomic,
        ord: Ord::Monotonic,
        scopes: &[ScopeLevel::Workgroup],
        spaces: &[Space::Global, Space::Generic],
        requires: &[],
        code: &[
            Step::Emit(&[], MInstr::Access(Cpol::NONE.sc0())),
        ],
        en_line: 3965,
        zh_line: 10002,
    },
    // ---- load atomic / monotonic / singlethread, wavefront, workgroup / local
    // en (upstream AMDGPUUsage, this row of the table):
    //   *If TgSplit execution mode,
    //   local address space cannot
    //   be used.*
    //
    //   1. ds_load
    // zh (the specification's Chinese AMDGPUUsage, this row), original:
    //   load atomic (原子加载)
    //   monotonic (单调)
    //   • singlethread
    //   • wavefront
    //   • workgroup
    //   • local (本地)
    //   如果是 TgSplit 执行模式,则无法使用本地地址空间。
    //   1. ds_load
    Row {
        op: LlvmOp::LoadAtomic,
        ord: Ord::Monotonic,
        scopes: &[ScopeLevel::SingleThread, ScopeLevel::Wavefront, ScopeLevel::Workgroup],
        spaces: &[Space::Local],
        requires: &[Cond::NoTgSplit],
        code: &[
            Step::Emit(&[], MInstr::Access(Cpol::NONE)),
        ],
        en_line: 3967,
        zh_line: 10014,
    },
    // ---- load atomic / monotonic / agent / global, generic
    // en (upstream AMDGPUUsage, this row of the table):
    //   1. buffer/global/flat_load
    //      sc1=1
    // zh (the specification's Chinese AMDGPUUsage, this row), original:
    //   load atomic (原子加载)
    //   monotonic (单调)
    //   • agent
    //   • global
    //   • generic (通用)
    //   1. buffer/global/flat_load sc1=1
    Row {
        op: LlvmOp::LoadAtomic,
        ord: Ord::Monotonic,
        scopes: &[ScopeLevel::Agent],
        spaces: &[Space::Global, Space::Generic],
        requires: &[],
        code: &[
            Step::Emit(&[], MInstr::Access(Cpol::NONE.sc1())),
        ],
        en_line: 3972,
        zh_line: 10030,
    },
    // ---- load atomic / monotonic / system / global, generic
    // en (upstream AMDGPUUsage, this row of the table):
    //   1. buffer/global/flat_load
    //      sc0=1 sc1=1
    // zh (the specification's Chinese AMDGPUUsage, this row), original:
    //   load atomic (原子加载)
    //   monotonic (单调)
    //   • system
    //   • global
    //   • generic (通用)
    //   1. buffer/global/flat_load sc0=1 sc1=1
    Row {
        op: LlvmOp::LoadAtomic,
        ord: Ord::Monotonic,
        scopes: &[ScopeLevel::System],
        spaces: &[Space::Global, Space::Generic],
        requires: &[],
        code: &[
            Step::Emit(&[], MInstr::Access(Cpol::NONE.sc0().sc1())),
        ],
        en_line: 3974,
        zh_line: 10042,
    },
    // ---- store atomic / monotonic / singlethread, wavefront / global, generic
    // en (upstream AMDGPUUsage, this row of the table):
    //   1. buffer/global/flat_store
    // zh (the specification's Chinese AMDGPUUsage, this row), original:
    //   store atomic (原子存储)
    //   monotonic (单调)
    //   • singlethread
    //   • wavefront
    //   • global
    //   • generic (通用)
    //   1. buffer/global/flat_store
    Row {
        op: LlvmOp::StoreAtomic,
        ord: Ord::Monotonic,
        scopes: &[ScopeLevel::SingleThread, ScopeLevel::Wavefront],
        spaces: &[Space::Global, Space::Generic],
        requires: &[],
        code: &[
            Step::Emit(&[], MInstr::Access(Cpol::NONE)),
        ],
        en_line: 3976,
        zh_line: 10054,
    },
    // ---- store atomic / monotonic / workgroup / global, generic
    // en (upstream AMDGPUUsage, this row of the table):
    //   1. buffer/global/flat_store
    //      sc0=1
    // zh (the specification's Chinese AMDGPUUsage, this row), original:
    //   store atomic (原子存储)
    //   monotonic (单调)
    //   • workgroup
    //   • global
    //   • generic (通用)
    //   1. buffer/global/flat_store sc0=1
    Row {
        op: LlvmOp::StoreAtomic,
        ord: Ord::Monotonic,
        scopes: &[ScopeLevel::Workgroup],
        spaces: &[Space::Global, Space::Generic],
        requires: &[],
        code: &[
            Step::Emit(&[], MInstr::Access(Cpol::NONE.sc0())),
        ],
        en_line: 3978,
        zh_line: 10068,
    },
    // ---- store atomic / monotonic / agent / global, generic
    // en (upstream AMDGPUUsage, this row of the table):
    //   1. buffer/global/flat_store
    //      sc1=1
    // zh (the specification's Chinese AMDGPUUsage, this row), original:
    //   store atomic (原子存储)
    //   monotonic (单调)
    //   • agent
    //   • global
    //   • generic (通用)
    //   1. buffer/global/flat_store sc1=1
    Row {
        op: LlvmOp::StoreAtomic,
        ord: Ord::Monotonic,
        scopes: &[ScopeLevel::Agent],
        spaces: &[Space::Global, Space::Generic],
        requires: &[],
        code: &[
            Step::Emit(&[], MInstr::Access(Cpol::NONE.sc1())),
        ],
        en_line: 3980,
        zh_line: 10080,
    },
    // ---- store atomic / monotonic / system / global, generic
    // en (upstream AMDGPUUsage, this row of the table):
    //   1. buffer/global/flat_store
    //      sc0=1 sc1=1
    // zh (the specification's Chinese AMDGPUUsage, this row), original:
    //   store atomic (原子存储)
    //   monotonic (单调)
    //   • system
    //   • global
    //   • generic (通用)
    //   1. buffer/global/flat_store sc0=1 sc1=1
    Row {
        op: LlvmOp::StoreAtomic,
        ord: Ord::Monotonic,
        scopes: &[ScopeLevel::System],
        spaces: &[Space::Global, Space::Generic],
        requires: &[],
        code: &[
            Step::Emit(&[], MInstr::Access(Cpol::NONE.sc0().sc1())),
        ],
        en_line: 3982,
        zh_line: 10092,
    },
    // ---- store atomic / monotonic / singlethread, wavefront, workgroup / local
    // en (upstream AMDGPUUsage, this row of the table):
    //   *If TgSplit execution mode,
    //   local address space cannot
    //   be used.*
    //
    //   1. ds_store
    // zh (the specification's Chinese AMDGPUUsage, this row), original:
    //   store atomic (原子存储)
    //   monotonic (单调)
    //   • singlethread
    //   • wavefront
    //   • workgroup
    //   • local (本地)
    //   如果是 TgSplit 执行模式,则无法使用本地地址空间。
    //   1. ds_store
    Row {
        op: LlvmOp::StoreAtomic,
        ord: Ord::Monotonic,
        scopes: &[ScopeLevel::SingleThread, ScopeLevel::Wavefront, ScopeLevel::Workgroup],
        spaces: &[Space::Local],
        requires: &[Cond::NoTgSplit],
        code: &[
            Step::Emit(&[], MInstr::Access(Cpol::NONE)),
        ],
        en_line: 3984,
        zh_line: 10104,
    },
    // ---- atomicrmw / monotonic / singlethread, wavefront, workgroup, agent / global, generic
    // en (upstream AMDGPUUsage, this row of the table):
    //   1. buffer/global/flat_atomic
    // zh (the specification's Chinese AMDGPUUsage, this row), original:
    //   atomicrmw (原子读-修改-写)
    //   monotonic (单调)
    //   • singlethread
    //   • wavefront
    //   • workgroup
    //   • agent
    //   • global
    //   • generic (通用)
    //   1. buffer/global/flat_atomic
    Row {
        op: LlvmOp::AtomicRmw,
        ord: Ord::Monotonic,
        scopes: &[ScopeLevel::SingleThread, ScopeLevel::Wavefront, ScopeLevel::Workgroup, ScopeLevel::Agent],
        spaces: &[Space::Global, Space::Generic],
        requires: &[],
        code: &[
            Step::Emit(&[], MInstr::Access(Cpol::NONE)),
        ],
        en_line: 3989,
        zh_line: 10120,
    },
    // ---- atomicrmw / monotonic / system / global, generic
    // en (upstream AMDGPUUsage, this row of the table):
    //   1. buffer/global/flat_atomic
    //      sc1=1
    // zh (the specification's Chinese AMDGPUUsage, this row), original:
    //   atomicrmw (原子读-修改-写)
    //   monotonic (单调)
    //   • system
    //   • global
    //   • generic (通用)
    //   1. buffer/global/flat_atomic sc1=1
    Row {
        op: LlvmOp::AtomicRmw,
        ord: Ord::Monotonic,
        scopes: &[ScopeLevel::System],
        spaces: &[Space::Global, Space::Generic],
        requires: &[],
        code: &[
            Step::Emit(&[], MInstr::Access(Cpol::NONE.sc1())),
        ],
        en_line: 3993,
        zh_line: 10138,
    },
    // ---- atomicrmw / monotonic / singlethread, wavefront, workgroup / local
    // en (upstream AMDGPUUsage, this row of the table):
    //   *If TgSplit execution mode,
    //   local address space cannot
    //   be used.*
    //
    //   1. ds_atomic
    // zh (the specification's Chinese AMDGPUUsage, this row), original:
    //   atomicrmw (原子读-修改-写)
    //   monotonic (单调)
    //   • singlethread
    //   • wavefront
    //   • workgroup
    //   • local (本地)
    //   如果是 TgSplit 执行模式,则无法使用本地地址空间。
    //   1. ds_atomic
    //   获取原子
    Row {
        op: LlvmOp::AtomicRmw,
        ord: Ord::Monotonic,
        scopes: &[ScopeLevel::SingleThread, ScopeLevel::Wavefront, ScopeLevel::Workgroup],
        spaces: &[Space::Local],
        requires: &[Cond::NoTgSplit],
        code: &[
            Step::Emit(&[], MInstr::Access(Cpol::NONE)),
        ],
        en_line: 3995,
        zh_line: 10150,
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
        en_line: 4002,
        zh_line: 10168,
    },
    // ---- load atomic / acquire / workgroup / global
    // en (upstream AMDGPUUsage, this row of the table):
    //   1. buffer/global_load sc0=1
    //   2. s_waitcnt vmcnt(0)
    //
    //     - If not TgSplit execution
    //       mode, omit.
    //     - Must happen before the
    //       following buffer_inv.
    //
    //   3. buffer_inv sc0=1
    //
    //     - If not TgSplit execution
    //       mode, omit.
    //     - Must happen before
    //       any following
    //       global/generic
    //       load/load
    //       atomic/store/store
    //       atomic/atomicrmw.
    //     - Ensures that
    //       following
    //       loads will not see
    //       stale data.
    // zh (the specification's Chinese AMDGPUUsage, this row), original:
    //   load atomic (原子加载)
    //   acquire (获取)
    //   • workgroup
    //   • global
    //   1. buffer/global_load sc0=1
    //   2. s_waitcnt vmcnt(0)
    //   • 如果不是 TgSplit 执行模式,则省略。
    //   • 必须在以下 buffer_inv 之前发生。
    //   1. buffer_inv sc0=1
    //   • 如果不是 TgSplit 执行模式,则省略。
    //   • 必须在任何后续的全局/通用加载/原子加载/存储/原子存储/原子读-修改-写之前发生。
    //   • 确保后续加载不会看到过时的数据。
    Row {
        op: LlvmOp::LoadAtomic,
        ord: Ord::Acquire,
        scopes: &[ScopeLevel::Workgroup],
        spaces: &[Space::Global],
        requires: &[],
        code: &[
            Step::Emit(&[], MInstr::Access(Cpol::NONE.sc0())),
            Step::Emit(&[Cond::TgSplit], MInstr::waitcnt_vm(0)),
            Step::Emit(&[Cond::TgSplit], MInstr::BufferInv { sc0: true, sc1: false }),
        ],
        en_line: 4005,
        zh_line: 10184,
    },
    // ---- load atomic / acquire / workgroup / local
    // en (upstream AMDGPUUsage, this row of the table):
    //   *If TgSplit execution mode,
    //   local address space cannot
    //   be used.*
    //
    //   1. ds_load
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
    //   load atomic (原子加载)
    //   acquire (获取)
    //   • workgroup
    //   • local (本地)
    //   如果是 TgSplit 执行模式,则无法使用本地地址空间。
    //   1. ds_load
    //   2. s_waitcnt lgkmcnt(0)
    //   • 如果是 OpenCL,则省略。
    //   • 必须在任何后续的全局/通用加载/原子加载/存储/原子存储/原子读-修改-写之前发生。
    //   • 确保任何后续的全局数据读取都不比正在获取的本地原子加载值旧。
    Row {
        op: LlvmOp::LoadAtomic,
        ord: Ord::Acquire,
        scopes: &[ScopeLevel::Workgroup],
        spaces: &[Space::Local],
        requires: &[Cond::NoTgSplit],
        code: &[
            Step::Emit(&[], MInstr::Access(Cpol::NONE)),
            Step::Emit(&[], MInstr::waitcnt_lgkm(0)),
        ],
        en_line: 4028,
        zh_line: 10208,
    },
    // ---- load atomic / acquire / workgroup / generic
    // en (upstream AMDGPUUsage, this row of the table):
    //   1. flat_load  sc0=1
    //   2. s_waitcnt lgkm/vmcnt(0)
    //
    //     - Use lgkmcnt(0) if not
    //       TgSplit execution mode
    //       and vmcnt(0) if TgSplit
    //       execution mode.
    //     - If OpenCL, omit lgkmcnt(0).
    //     - Must happen before
    //       the following
    //       buffer_inv and any
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
    //   3. buffer_inv sc0=1
    //
    //     - If not TgSplit execution
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
    //   1. flat_load sc0=1
    //   2. s_waitcnt lgkm/vmcnt(0)
    //   • 如果不是 TgSplit 执行模式,则使用 lgkmcnt(0),如果是 TgSplit 执行模式,则使用 vmcnt(0)。
    //   • 如果是 OpenCL,则省略 lgkmcnt(0)。
    //   • 必须在以下 buffer_inv 以及任何后续 global/generic load/load atomic/store/store atomic/atomicrmw 之前发生。
    //   • 确保任何后续的全局数据读取都不比正在获取的本地原子加载值旧。
    //   1. buffer_inv sc0=1
    //   • 如果不是 TgSplit 执行模式,则省略。
    //   • 确保后续加载不会看到过时的数据。
    Row {
        op: LlvmOp::LoadAtomic,
        ord: Ord::Acquire,
        scopes: &[ScopeLevel::Workgroup],
        spaces: &[Space::Generic],
        requires: &[],
        code: &[
            Step::Emit(&[], MInstr::Access(Cpol::NONE.sc0())),
            Step::Emit(&[Cond::NoTgSplit], MInstr::waitcnt_lgkm(0)),
            Step::Emit(&[Cond::TgSplit], MInstr::waitcnt_vm(0)),
            Step::Emit(&[Cond::TgSplit], MInstr::BufferInv { sc0: true, sc1: false }),
        ],
        en_line: 4049,
        zh_line: 10228,
    },
    // ---- load atomic / acquire / agent / global
    // en (upstream AMDGPUUsage, this row of the table):
    //   1. buffer/global_load
    //      sc1=1
    //   2. s_waitcnt vmcnt(0)
    //
    //     - Must happen before
    //       following
    //       buffer_inv.
    //     - Ensures the load
    //       has completed
    //       before invalidating
    //       the cache.
    //
    //   3. buffer_inv sc1=1
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
    //   • global
    //   1. buffer/global_load sc1=1
    //   2. s_waitcnt vmcnt(0)
    //   • 必须在后续 buffer_inv 之前发生。
    //   • 确保加载在使缓存无效之前已完成。
    //   1. buffer_inv sc1=1
    //   • 必须在任何后续的全局/通用加载/原子加载/原子读-修改-写之前发生。
    //   • 确保后续加载不会看到过时的全局数据。
    Row {
        op: LlvmOp::LoadAtomic,
        ord: Ord::Acquire,
        scopes: &[ScopeLevel::Agent],
        spaces: &[Space::Global],
        requires: &[],
        code: &[
            Step::Emit(&[], MInstr::Access(Cpol::NONE.sc1())),
            Step::Emit(&[], MInstr::waitcnt_vm(0)),
            Step::Emit(&[], MInstr::BufferInv { sc0: false, sc1: true }),
        ],
        en_line: 4080,
        zh_line: 10254,
    },
    // ---- load atomic / acquire / system / global
    // en (upstream AMDGPUUsage, this row of the table):
    //   1. buffer/global/flat_load
    //      sc0=1 sc1=1
    //   2. s_waitcnt vmcnt(0)
    //
    //     - Must happen before
    //       following
    //       buffer_inv.
    //     - Ensures the load
    //       has completed
    //       before invalidating
    //       the cache.
    //
    //   3. buffer_inv sc0=1 sc1=1
    //
    //     - Must happen before
    //       any following
    //       global/generic
    //       load/load
    //       atomic/atomicrmw.
    //     - Ensures that
    //       following
    //       loads will not see
    //       stale MTYPE NC global data.
    //       MTYPE RW and CC memory will
    //       never be stale due to the
    //       memory probes.
    // zh (the specification's Chinese AMDGPUUsage, this row), original:
    //   load atomic (原子加载)
    //   acquire (获取)
    //   • system
    //   • global
    //   1. buffer/global/flat_load sc0=1 sc1=1
    //   2. s_waitcnt vmcnt(0)
    //   • 必须在后续 buffer_inv 之前发生。
    //   • 确保加载在使缓存无效之前已完成。
    //   1. buffer_inv sc0=1 sc1=1
    //   • 必须在任何后续的全局/通用加载/原子加载/原子读-修改-写之前发生。
    //   • 确保后续加载不会看到过时的 MTYPE NC 全局数据。由于内存探测,MTYPE RW 和 CC 内存永远不会过时。
    Row {
        op: LlvmOp::LoadAtomic,
        ord: Ord::Acquire,
        scopes: &[ScopeLevel::System],
        spaces: &[Space::Global],
        requires: &[],
        code: &[
            Step::Emit(&[], MInstr::Access(Cpol::NONE.sc0().sc1())),
            Step::Emit(&[], MInstr::waitcnt_vm(0)),
            Step::Emit(&[], MInstr::BufferInv { sc0: true, sc1: true }),
        ],
        en_line: 4104,
        zh_line: 10276,
    },
    // ---- load atomic / acquire / agent / generic
    // en (upstream AMDGPUUsage, this row of the table):
    //   1. flat_load sc1=1
    //   2. s_waitcnt vmcnt(0) &
    //      lgkmcnt(0)
    //
    //     - If TgSplit execution mode,
    //       omit lgkmcnt(0).
    //     - If OpenCL omit
    //       lgkmcnt(0).
    //     - Must happen before
    //       following
    //       buffer_inv.
    //     - Ensures the flat_load
    //       has completed
    //       before invalidating
    //       the cache.
    //
    //   3. buffer_inv sc1=1
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
    //   • generic (通用)
    //   1. flat_load sc1=1
    //   2. s_waitcnt vmcnt(0) & lgkmcnt(0)
    //   • 如果是 TgSplit 执行模式,则省略 lgkmcnt(0)。
    //   • 如果是 OpenCL,则省略 lgkmcnt(0)。
    //   • 必须在后续 buffer_inv 之前发生。
    //   • 确保 flat_load 在使缓存无效之前已完成。
    //   1. buffer_inv sc1=1
    //   • 必须在任何后续的全局/通用加载/原子加载/原子读-修改-写之前发生。
    //   • 确保后续加载不会看到过时的全局数据。
    Row {
        op: LlvmOp::LoadAtomic,
        ord: Ord::Acquire,
        scopes: &[ScopeLevel::Agent],
        spaces: &[Space::Generic],
        requires: &[],
        code: &[
            Step::Emit(&[], MInstr::Access(Cpol::NONE.sc1())),
            Step::Emit(&[], MInstr::waitcnt_vm(0)),
            Step::Emit(&[Cond::NoTgSplit], MInstr::waitcnt_lgkm(0)),
            Step::Emit(&[], MInstr::BufferInv { sc0: false, sc1: true }),
        ],
        en_line: 4131,
        zh_line: 10298,
    },
    // ---- load atomic / acquire / system / generic
    // en (upstream AMDGPUUsage, this row of the table):
    //   1. flat_load sc0=1 sc1=1
    //   2. s_waitcnt vmcnt(0) &
    //      lgkmcnt(0)
    //
    //     - If TgSplit execution mode,
    //       omit lgkmcnt(0).
    //     - If OpenCL omit
    //       lgkmcnt(0).
    //     - Must happen before
    //       the following
    //       buffer_inv.
    //     - Ensures the flat_load
    //       has completed
    //       before invalidating
    //       the caches.
    //
    //   3. buffer_inv sc0=1 sc1=1
    //
    //     - Must happen before
    //       any following
    //       global/generic
    //       load/load
    //       atomic/atomicrmw.
    //     - Ensures that
    //       following
    //       loads will not see
    //       stale MTYPE NC global data.
    //       MTYPE RW and CC memory will
    //       never be stale due to the
    //       memory probes.
    // zh (the specification's Chinese AMDGPUUsage, this row), original:
    //   load atomic (原子加载)
    //   acquire (获取)
    //   • system
    //   • generic (通用)
    //   1. flat_load sc0=1 sc1=1
    //   2. s_waitcnt vmcnt(0) & lgkmcnt(0)
    //   • 如果是 TgSplit 执行模式,则省略 lgkmcnt(0)。
    //   • 如果是 OpenCL,则省略 lgkmcnt(0)。
    //   • 必须在以下 buffer_inv 之前发生。
    //   • 确保在使缓存失效之前,flat_load 已完成。
    //   1. buffer_inv sc0=1 sc1=1
    //   • 必须在任何后续的全局/通用加载/原子加载/原子读-修改-写之前发生。
    //   • 确保后续加载不会看到过时的 MTYPE NC 全局数据。由于内存探测,MTYPE RW 和 CC 内存永远不会过时。
    Row {
        op: LlvmOp::LoadAtomic,
        ord: Ord::Acquire,
        scopes: &[ScopeLevel::System],
        spaces: &[Space::Generic],
        requires: &[],
        code: &[
            Step::Emit(&[], MInstr::Access(Cpol::NONE.sc0().sc1())),
            Step::Emit(&[], MInstr::waitcnt_vm(0)),
            Step::Emit(&[Cond::NoTgSplit], MInstr::waitcnt_lgkm(0)),
            Step::Emit(&[], MInstr::BufferInv { sc0: true, sc1: true }),
        ],
        en_line: 4159,
        zh_line: 10324,
    },
    // ---- atomicrmw / acquire / singlethread, wavefront / global, generic
    // en (upstream AMDGPUUsage, this row of the table):
    //   1. buffer/global/flat_atomic
    // zh (the specification's Chinese AMDGPUUsage, this row), original:
    //   atomicrmw (原子读-修改-写)
    //   acquire (获取)
    //   • singlethread
    //   • wavefront
    //   • global
    //   • generic (通用)
    //   1. buffer/global/flat_atomic
    Row {
        op: LlvmOp::AtomicRmw,
        ord: Ord::Acquire,
        scopes: &[ScopeLevel::SingleThread, ScopeLevel::Wavefront],
        spaces: &[Space::Global, Space::Generic],
        requires: &[],
        code: &[
            Step::Emit(&[], MInstr::Access(Cpol::NONE)),
        ],
        en_line: 4190,
        zh_line: 10350,
    },
    // ---- atomicrmw / acquire / singlethread, wavefront / local
    // en (upstream AMDGPUUsage, this row of the table):
    //   *If TgSplit execution mode,
    //   local address space cannot
    //   be used.*
    //
    //   1. ds_atomic
    // zh (the specification's Chinese AMDGPUUsage, this row), original:
    //   atomicrmw (原子读-修改-写)
    //   acquire (获取)
    //   • singlethread
    //   • wavefront
    //   • local (本地)
    //   如果是 TgSplit 执行模式,则无法使用本地地址空间。
    //   1. ds_atomic
    Row {
        op: LlvmOp::AtomicRmw,
        ord: Ord::Acquire,
        scopes: &[ScopeLevel::SingleThread, ScopeLevel::Wavefront],
        spaces: &[Space::Local],
        requires: &[Cond::NoTgSplit],
        code: &[
            Step::Emit(&[], MInstr::Access(Cpol::NONE)),
        ],
        en_line: 4192,
        zh_line: 10364,
    },
    // ---- atomicrmw / acquire / workgroup / global
    // en (upstream AMDGPUUsage, this row of the table):
    //   1. buffer/global_atomic
    //   2. s_waitcnt vmcnt(0)
    //
    //     - If not TgSplit execution
    //       mode, omit.
    //     - Must happen before the
    //       following buffer_inv.
    //     - Ensures the atomicrmw
    //       has completed
    //       before invalidating
    //       the cache.
    //
    //   3. buffer_inv sc0=1
    //
    //     - If not TgSplit execution
    //       mode, omit.
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
    //   • workgroup
    //   • global
    //   1. buffer/global_atomic
    //   2. s_waitcnt vmcnt(0)
    //   • 如果不是 TgSplit 执行模式,则省略。
    //   • 必须在以下 buffer_inv 之前发生。
    //   • 确保 atomicrmw 在使缓存无效之前已完成。
    //   1. buffer_inv sc0=1
    //   • 如果不是 TgSplit 执行模式,则省略。
    //   • 必须在任何后续的全局/通用加载/原子加载/原子读-修改-写之前发生。
    //   • 确保后续加载不会看到过时的全局数据。
    Row {
        op: LlvmOp::AtomicRmw,
        ord: Ord::Acquire,
        scopes: &[ScopeLevel::Workgroup],
        spaces: &[Space::Global],
        requires: &[],
        code: &[
            Step::Emit(&[], MInstr::Access(Cpol::NONE)),
            Step::Emit(&[Cond::TgSplit], MInstr::waitcnt_vm(0)),
            Step::Emit(&[Cond::TgSplit], MInstr::BufferInv { sc0: true, sc1: false }),
        ],
        en_line: 4197,
        zh_line: 10378,
    },
    // ---- atomicrmw / acquire / workgroup / local
    // en (upstream AMDGPUUsage, this row of the table):
    //   *If TgSplit execution mode,
    //   local address space cannot
    //   be used.*
    //
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
    //       older than the local
    //       atomicrmw value
    //       being acquired.
    // zh (the specification's Chinese AMDGPUUsage, this row), original:
    //   atomicrmw (原子读-修改-写)
    //   acquire (获取)
    //   • workgroup
    //   • local (本地)
    //   如果是 TgSplit 执行模式,则无法使用本地地址空间。
    //   1. ds_atomic
    //   2. s_waitcnt lgkmcnt(0)
    //   • 如果是 OpenCL,则省略。
    //   • 必须在任何后续的全局/通用加载/原子加载/存储/原子存储/原子读-修改-写之前发生。
    //   • 确保任何后续全局数据读取都不早于正在获取的本地 atomicrmw 值。
    Row {
        op: LlvmOp::AtomicRmw,
        ord: Ord::Acquire,
        scopes: &[ScopeLevel::Workgroup],
        spaces: &[Space::Local],
        requires: &[Cond::NoTgSplit],
        code: &[
            Step::Emit(&[], MInstr::Access(Cpol::NONE)),
            Step::Emit(&[], MInstr::waitcnt_lgkm(0)),
        ],
        en_line: 4223,
        zh_line: 10404,
    },
    // ---- atomicrmw / acquire / workgroup / generic
    // en (upstream AMDGPUUsage, this row of the table):
    //   1. flat_atomic
    //   2. s_waitcnt lgkm/vmcnt(0)
    //
    //     - Use lgkmcnt(0) if not
    //       TgSplit execution mode
    //       and vmcnt(0) if TgSplit
    //       execution mode.
    //     - If OpenCL, omit lgkmcnt(0).
    //     - Must happen before
    //       the following
    //       buffer_inv and
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
    //
    //   3. buffer_inv sc0=1
    //
    //     - If not TgSplit execution
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
    //   2. s_waitcnt lgkm/vmcnt(0)
    //   • 如果不是 TgSplit 执行模式,则使用 lgkmcnt(0),如果是 TgSplit 执行模式,则使用 vmcnt(0)。
    //   • 如果是 OpenCL,则省略 lgkmcnt(0)。
    //   • 必须在以下 buffer_inv 以及任何后续 global/generic load/load atomic/store/store atomic/atomicrmw 之前发生。
    //   • 确保任何后续的全局数据读取都不比正在获取的本地原子读-修改-写值旧。
    //   1. buffer_inv sc0=1
    //   • 如果不是 TgSplit 执行模式,则省略。
    //   • 确保后续加载不会看到过时的数据。
    Row {
        op: LlvmOp::AtomicRmw,
        ord: Ord::Acquire,
        scopes: &[ScopeLevel::Workgroup],
        spaces: &[Space::Generic],
        requires: &[],
        code: &[
            Step::Emit(&[], MInstr::Access(Cpol::NONE)),
            Step::Emit(&[Cond::NoTgSplit], MInstr::waitcnt_lgkm(0)),
            Step::Emit(&[Cond::TgSplit], MInstr::waitcnt_vm(0)),
            Step::Emit(&[Cond::TgSplit], MInstr::BufferInv { sc0: true, sc1: false }),
        ],
        en_line: 4244,
        zh_line: 10424,
    },
    // ---- atomicrmw / acquire / agent / global
    // en (upstream AMDGPUUsage, this row of the table):
    //   1. buffer/global_atomic
    //   2. s_waitcnt vmcnt(0)
    //
    //     - Must happen before
    //       following
    //       buffer_inv.
    //     - Ensures the
    //       atomicrmw has
    //       completed before
    //       invalidating the
    //       cache.
    //
    //   3. buffer_inv sc1=1
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
    //   • global
    //   1. buffer/global_atomic
    //   2. s_waitcnt vmcnt(0)
    //   • 必须在后续 buffer_inv 之前发生。
    //   • 确保 atomicrmw 在使缓存无效之前已完成。
    //   1. buffer_inv sc1=1
    //   • 必须在任何后续的全局/通用加载/原子加载/原子读-修改-写之前发生。
    //   • 确保后续加载不会看到过时的全局数据。
    Row {
        op: LlvmOp::AtomicRmw,
        ord: Ord::Acquire,
        scopes: &[ScopeLevel::Agent],
        spaces: &[Space::Global],
        requires: &[],
        code: &[
            Step::Emit(&[], MInstr::Access(Cpol::NONE)),
            Step::Emit(&[], MInstr::waitcnt_vm(0)),
            Step::Emit(&[], MInstr::BufferInv { sc0: false, sc1: true }),
        ],
        en_line: 4276,
        zh_line: 10450,
    },
    // ---- atomicrmw / acquire / system / global
    // en (upstream AMDGPUUsage, this row of the table):
    //   1. buffer/global_atomic
    //      sc1=1
    //   2. s_waitcnt vmcnt(0)
    //
    //     - Must happen before
    //       following
    //       buffer_inv.
    //     - Ensures the
    //       atomicrmw has
    //       completed before
    //       invalidating the
    //       caches.
    //
    //   3. buffer_inv sc0=1 sc1=1
    //
    //     - Must happen before
    //       any following
    //       global/generic
    //       load/load
    //       atomic/atomicrmw.
    //     - Ensures that
    //       following
    //       loads will not see
    //       stale MTYPE NC global data.
    //       MTYPE RW and CC memory will
    //       never be stale due to the
    //       memory probes.
    // zh (the specification's Chinese AMDGPUUsage, this row), original:
    //   atomicrmw (原子读-修改-写)
    //   acquire (获取)
    //   • system
    //   • global
    //   1. buffer/global_atomic sc1=1
    //   2. s_waitcnt vmcnt(0)
    //   • 必须在后续 buffer_inv 之前发生。
    //   • 确保在使缓存失效之前,atomicrmw 已完成。
    //   1. buffer_inv sc0=1 sc1=1
    //   • 必须在任何后续的全局/通用加载/原子加载/原子读-修改-写之前发生。
    //   • 确保后续加载不会看到过时的 MTYPE NC 全局数据。由于内存探测,MTYPE RW 和 CC 内存永远不会过时。
    Row {
        op: LlvmOp::AtomicRmw,
        ord: Ord::Acquire,
        scopes: &[ScopeLevel::System],
        spaces: &[Space::Global],
        requires: &[],
        code: &[
            Step::Emit(&[], MInstr::Access(Cpol::NONE.sc1())),
            Step::Emit(&[], MInstr::waitcnt_vm(0)),
            Step::Emit(&[], MInstr::BufferInv { sc0: true, sc1: true }),
        ],
        en_line: 4300,
        zh_line: 10472,
    },
    // ---- atomicrmw / acquire / agent / generic
    // en (upstream AMDGPUUsage, this row of the table):
    //   1. flat_atomic
    //   2. s_waitcnt vmcnt(0) &
    //      lgkmcnt(0)
    //
    //     - If TgSplit execution mode,
    //       omit lgkmcnt(0).
    //     - If OpenCL, omit
    //       lgkmcnt(0).
    //     - Must happen before
    //       following
    //       buffer_inv.
    //     - Ensures the
    //       atomicrmw has
    //       completed before
    //       invalidating the
    //       cache.
    //
    //   3. buffer_inv sc1=1
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
    //   • generic (通用)
    //   1. flat_atomic
    //   2. s_waitcnt vmcnt(0) & lgkmcnt(0)
    //   • 如果是 TgSplit 执行模式,则省略 lgkmcnt(0)。
    //   • 如果是 OpenCL,则省略 lgkmcnt(0)。
    //   • 必须在后续 buffer_inv 之前发生。
    //   • 确保 atomicrmw 在使缓存无效之前已完成。
    //   1. buffer_inv sc1=1
    //   • 必须在任何后续的全局/通用加载/原子加载/原子读-修改-写之前发生。
    //   • 确保后续加载不会看到过时的全局数据。
    Row {
        op: LlvmOp::AtomicRmw,
        ord: Ord::Acquire,
        scopes: &[ScopeLevel::Agent],
        spaces: &[Space::Generic],
        requires: &[],
        code: &[
            Step::Emit(&[], MInstr::Access(Cpol::NONE)),
            Step::Emit(&[], MInstr::waitcnt_vm(0)),
            Step::Emit(&[Cond::NoTgSplit], MInstr::waitcnt_lgkm(0)),
            Step::Emit(&[], MInstr::BufferInv { sc0: false, sc1: true }),
        ],
        en_line: 4328,
        zh_line: 10494,
    },
    // ---- atomicrmw / acquire / system / generic
    // en (upstream AMDGPUUsage, this row of the table):
    //   1. flat_atomic sc1=1
    //   2. s_waitcnt vmcnt(0) &
    //      lgkmcnt(0)
    //
    //     - If TgSplit execution mode,
    //       omit lgkmcnt(0).
    //     - If OpenCL, omit
    //       lgkmcnt(0).
    //     - Must happen before
    //       following
    //       buffer_inv.
    //     - Ensures the
    //       atomicrmw has
    //       completed before
    //       invalidating the
    //       caches.
    //
    //   3. buffer_inv sc0=1 sc1=1
    //
    //     - Must happen before
    //       any following
    //       global/generic
    //       load/load
    //       atomic/atomicrmw.
    //     - Ensures that
    //       following
    //       loads will not see
    //       stale MTYPE NC global data.
    //       MTYPE RW and CC memory will
    //       never be stale due to the
    //       memory probes.
    // zh (the specification's Chinese AMDGPUUsage, this row), original:
    //   atomicrmw (原子读-修改-写)
    //   acquire (获取)
    //   • system
    //   • generic (通用)
    //   1. flat_atomic sc1=1
    //   2. s_waitcnt vmcnt(0) & lgkmcnt(0)
    //   • 如果是 TgSplit 执行模式,则省略 lgkmcnt(0)。
    //   • 如果是 OpenCL,则省略 lgkmcnt(0)。
    //   • 必须在后续 buffer_inv 之前发生。
    //   • 确保在使缓存失效之前,atomicrmw 已完成。
    //   1. buffer_inv sc0=1 sc1=1
    //   • 必须在任何后续的全局/通用加载/原子加载/原子读-修改-写之前发生。
    //   • 确保后续加载不会看到过时的 MTYPE NC 全局数据。由于内存探测,MTYPE RW 和 CC 内存永远不会过时。
    Row {
        op: LlvmOp::AtomicRmw,
        ord: Ord::Acquire,
        scopes: &[ScopeLevel::System],
        spaces: &[Space::Generic],
        requires: &[],
        code: &[
            Step::Emit(&[], MInstr::Access(Cpol::NONE.sc1())),
            Step::Emit(&[], MInstr::waitcnt_vm(0)),
            Step::Emit(&[Cond::NoTgSplit], MInstr::waitcnt_lgkm(0)),
            Step::Emit(&[], MInstr::BufferInv { sc0: true, sc1: true }),
        ],
        en_line: 4357,
        zh_line: 10520,
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
        en_line: 4389,
        zh_line: 10546,
    },
    // ---- fence / acquire / workgroup / *none*
    // en (upstream AMDGPUUsage, this row of the table):
    //   1. s_waitcnt lgkm/vmcnt(0)
    //
    //     - Use lgkmcnt(0) if not
    //       TgSplit execution mode
    //       and vmcnt(0) if TgSplit
    //       execution mode.
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
    //     - s_waitcnt vmcnt(0)
    //       must happen after
    //       any preceding
    //       global/generic load
    //       atomic/
    //       atomicrmw
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
    //       buffer_inv and
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
    //
    //   3. buffer_inv sc0=1
    //
    //     - If not TgSplit execution
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
    //   1. s_waitcnt lgkm/vmcnt(0)
    //   • 如果不是 TgSplit 执行模式,则使用 lgkmcnt(0),如果是 TgSplit 执行模式,则使用 vmcnt(0)。
    //   • 如果是 OpenCL 且地址空间不是通用,则省略 lgkmcnt(0)。
    //   • 如果是 OpenCL 且地址空间是本地的,则省略 vmcnt(0)。
    //   • 有关 fence 特定地址空间的更多详细信息,请参见 Fence 和地址空间
    //   • s_waitcnt vmcnt(0) 必须在任何先前的 global/generic load atomic/ atomicrmw(具有相等或更宽的同步范围和比无序更强的内存排序,这称为 fence-paired-atomic)之后发生。
    //   • s_waitcnt lgkmcnt(0) 必须在任何先前的本地/通用原子加载/原子读-修改-写之后发生,其同步作用域相等或更宽,并且内存排序强于无序(这被称为 fence 配对原子操作)。
    //   • 必须在以下 buffer_inv 以及任何后续 global/generic load/load atomic/store/store atomic/atomicrmw 之前发生。
    //   • 确保任何后续的全局数据读取都不比 fence 配对原子操作读取的值旧。
    //   1. buffer_inv sc0=1
    //   • 如果不是 TgSplit 执行模式,则省略。
    //   • 确保后续加载不会看到过时的数据。
    Row {
        op: LlvmOp::Fence,
        ord: Ord::Acquire,
        scopes: &[ScopeLevel::Workgroup],
        spaces: &[],
        requires: &[],
        code: &[
            Step::Emit(&[Cond::NoTgSplit], MInstr::waitcnt_lgkm(0)),
            Step::Emit(&[Cond::TgSplit], MInstr::waitcnt_vm(0)),
            Step::Emit(&[Cond::TgSplit], MInstr::BufferInv { sc0: true, sc1: false }),
        ],
        en_line: 4391,
        zh_line: 10558,
    },
    // ---- fence / acquire / agent / *none*
    // en (upstream AMDGPUUsage, this row of the table):
    //   1. s_waitcnt lgkmcnt(0) &
    //      vmcnt(0)
    //
    //     - If TgSplit execution mode,
    //       omit lgkmcnt(0).
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
    //       buffer_inv.
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
    //   2. buffer_inv sc1=1
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
    //   none
    //   1. s_waitcnt lgkmcnt(0) & vmcnt(0)
    //   • 如果是 TgSplit 执行模式,则省略 lgkmcnt(0)。
    //   • 如果是 OpenCL 且地址空间不是通用,则省略 lgkmcnt(0)。
    //   • 有关 fence 特定地址空间的更多详细信息,请参见 Fence 和地址空间
    //   • 可以拆分为单独的 s_waitcnt vmcnt(0) 和 s_waitcnt lgkmcnt(0),以允许它们根据以下规则独立移动。
    //   • s_waitcnt vmcnt(0) 必须在任何先前的全局/通用原子加载/原子读-修改-写之后发生,其同步作用域相等或更宽,并且内存排序强于无序(这被称为 fence 配对原子操作)。
    //   • s_waitcnt lgkmcnt(0) 必须在任何先前的本地/通用原子加载/原子读-修改-写之后发生,其同步作用域相等或更宽,并且内存排序强于无序(这被称为 fence 配对原子操作)。
    //   • 必须在以下 buffer_inv 之前发生。
    //   • 确保 fence 配对原子操作在使缓存无效之前已完成。因此,任何后续读取的位置都必须不比 fence 配对原子操作读取的值旧。
    //   1. buffer_inv sc1=1
    //   • 必须在任何后续的全局/通用加载/原子加载/存储/原子存储/原子读-修改-写之前发生。
    //   • 确保后续加载不会看到过时的全局数据。
    Row {
        op: LlvmOp::Fence,
        ord: Ord::Acquire,
        scopes: &[ScopeLevel::Agent],
        spaces: &[],
        requires: &[],
        code: &[
            Step::Emit(&[Cond::NoTgSplit], MInstr::waitcnt_lgkm(0)),
            Step::Emit(&[], MInstr::waitcnt_vm(0)),
            Step::Emit(&[], MInstr::BufferInv { sc0: false, sc1: true }),
        ],
        en_line: 4457,
        zh_line: 10590,
    },
    // ---- fence / acquire / system / *none*
    // en (upstream AMDGPUUsage, this row of the table):
    //   1. s_waitcnt lgkmcnt(0) &
    //      vmcnt(0)
    //
    //     - If TgSplit execution mode,
    //       omit lgkmcnt(0).
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
    //       buffer_inv.
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
    //   2. buffer_inv sc0=1 sc1=1
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
    //   • system
    //   none
    //   1. s_waitcnt lgkmcnt(0) & vmcnt(0)
    //   • 如果是 TgSplit 执行模式,则省略 lgkmcnt(0)。
    //   • 如果是 OpenCL 且地址空间不是通用,则省略 lgkmcnt(0)。
    //   • 有关 fence 特定地址空间的更多详细信息,请参见 Fence 和地址空间
    //   • 可以拆分为单独的 s_waitcnt vmcnt(0) 和 s_waitcnt lgkmcnt(0),以允许它们根据以下规则独立移动。
    //   • s_waitcnt vmcnt(0) 必须在任何先前的全局/通用原子加载/原子读-修改-写之后发生,其同步作用域相等或更宽,并且内存排序强于无序(这被称为 fence 配对原子操作)。
    //   • s_waitcnt lgkmcnt(0) 必须在任何先前的本地/通用原子加载/原子读-修改-写之后发生,其同步作用域相等或更宽,并且内存排序强于无序(这被称为 fence 配对原子操作)。
    //   • 必须在以下 buffer_inv 之前发生。
    //   • 确保 fence 配对原子操作在使缓存无效之前已完成。因此,任何后续读取的位置都必须不比 fence 配对原子操作读取的值旧。
    //   1. buffer_inv sc0=1 sc1=1
    //   • 必须在任何后续的全局/通用加载/原子加载/存储/原子存储/原子读-修改-写之前发生。
    //   • 确保后续加载不会看到过时的全局数据。
    //   释放原子
    Row {
        op: LlvmOp::Fence,
        ord: Ord::Acquire,
        scopes: &[ScopeLevel::System],
        spaces: &[],
        requires: &[],
        code: &[
            Step::Emit(&[Cond::NoTgSplit], MInstr::waitcnt_lgkm(0)),
            Step::Emit(&[], MInstr::waitcnt_vm(0)),
            Step::Emit(&[], MInstr::BufferInv { sc0: true, sc1: true }),
        ],
        en_line: 4530,
        zh_line: 10622,
    },
    // ---- store atomic / release / singlethread, wavefront / global, generic
    // en (upstream AMDGPUUsage, this row of the table):
    //   1. GFX942
    //        buffer/global/flat_store
    // zh (the specification's Chinese AMDGPUUsage, this row), original:
    //   store atomic (原子存储)
    //   release (释放)
    //   • singlethread
    //   • wavefront
    //   • global
    //   • generic (通用)
    //   1. GFX942
    //   buffer/global/flat_store
    Row {
        op: LlvmOp::StoreAtomic,
        ord: Ord::Release,
        scopes: &[ScopeLevel::SingleThread, ScopeLevel::Wavefront],
        spaces: &[Space::Global, Space::Generic],
        requires: &[],
        code: &[
            Step::Emit(&[], MInstr::Access(Cpol::NONE)),
        ],
        en_line: 4605,
        zh_line: 10656,
    },
    // ---- store atomic / release / singlethread, wavefront / local
    // en (upstream AMDGPUUsage, this row of the table):
    //   *If TgSplit execution mode,
    //   local address space cannot
    //   be used.*
    //
    //   1. ds_store
    // zh (the specification's Chinese AMDGPUUsage, this row), original:
    //   store atomic (原子存储)
    //   release (释放)
    //   • singlethread
    //   • wavefront
    //   • local (本地)
    //   如果是 TgSplit 执行模式,则无法使用本地地址空间。
    //   1. ds_store
    Row {
        op: LlvmOp::StoreAtomic,
        ord: Ord::Release,
        scopes: &[ScopeLevel::SingleThread, ScopeLevel::Wavefront],
        spaces: &[Space::Local],
        requires: &[Cond::NoTgSplit],
        code: &[
            Step::Emit(&[], MInstr::Access(Cpol::NONE)),
        ],
        en_line: 4608,
        zh_line: 10672,
    },
    // ---- store atomic / release / workgroup / global, generic
    // en (upstream AMDGPUUsage, this row of the table):
    //   1. s_waitcnt lgkm/vmcnt(0)
    //
    //     - Use lgkmcnt(0) if not
    //       TgSplit execution mode
    //       and vmcnt(0) if TgSplit
    //       execution mode.
    //     - If OpenCL, omit lgkmcnt(0).
    //     - s_waitcnt vmcnt(0)
    //       must happen after
    //       any preceding
    //       global/generic load/store/
    //       load atomic/store atomic/
    //       atomicrmw.
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
    //   2. GFX942
    //        buffer/global/flat_store
    //        sc0=1
    // zh (the specification's Chinese AMDGPUUsage, this row), original:
    //   store atomic (原子存储)
    //   release (释放)
    //   • workgroup
    //   • global
    //   • generic (通用)
    //   1. s_waitcnt lgkm/vmcnt(0)
    //   • 如果不是 TgSplit 执行模式,则使用 lgkmcnt(0),如果是 TgSplit 执行模式,则使用 vmcnt(0)。
    //   • 如果是 OpenCL,则省略 lgkmcnt(0)。
    //   • s_waitcnt vmcnt(0) 必须在任何先前的 global/generic load/store/ load atomic/store atomic/ atomicrmw 之后发生。
    //   • s_waitcnt lgkmcnt(0) 必须在任何先前的本地/通用加载/存储/原子加载/原子存储/原子读-修改-写之后发生。
    //   • 必须在后续的存储之前发生。
    //   • 确保所有内存操作在执行正在释放的存储之前完成。
    //   1. GFX942
    //   buffer/global/flat_store sc0=1
    Row {
        op: LlvmOp::StoreAtomic,
        ord: Ord::Release,
        scopes: &[ScopeLevel::Workgroup],
        spaces: &[Space::Global, Space::Generic],
        requires: &[],
        code: &[
            Step::Emit(&[Cond::NoTgSplit], MInstr::waitcnt_lgkm(0)),
            Step::Emit(&[Cond::TgSplit], MInstr::waitcnt_vm(0)),
            Step::Emit(&[], MInstr::Access(Cpol::NONE.sc0())),
        ],
        en_line: 4613,
        zh_line: 10686,
    },
    // ---- store atomic / release / workgroup / local
    // en (upstream AMDGPUUsage, this row of the table):
    //   *If TgSplit execution mode,
    //   local address space cannot
    //   be used.*
    //
    //   1. ds_store
    // zh (the specification's Chinese AMDGPUUsage, this row), original:
    //   store atomic (原子存储)
    //   release (释放)
    //   • workgroup
    //   • local (本地)
    //   如果是 TgSplit 执行模式,则无法使用本地地址空间。
    //   1. ds_store
    Row {
        op: LlvmOp::StoreAtomic,
        ord: Ord::Release,
        scopes: &[ScopeLevel::Workgroup],
        spaces: &[Space::Local],
        requires: &[Cond::NoTgSplit],
        code: &[
            Step::Emit(&[], MInstr::Access(Cpol::NONE)),
        ],
        en_line: 4647,
        zh_line: 10714,
    },
    // ---- store atomic / release / agent / global, generic
    // en (upstream AMDGPUUsage, this row of the table):
    //   1. buffer_wbl2 sc1=1
    //
    //     - Must happen before
    //       following s_waitcnt.
    //     - Performs L2 writeback to
    //       ensure previous
    //       global/generic
    //       store/atomicrmw are
    //       visible at agent scope.
    //
    //   2. s_waitcnt lgkmcnt(0) &
    //      vmcnt(0)
    //
    //     - If TgSplit execution mode,
    //       omit lgkmcnt(0).
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
    //   3. GFX942
    //        buffer/global/flat_store
    //        sc1=1
    // zh (the specification's Chinese AMDGPUUsage, this row), original:
    //   store atomic (原子存储)
    //   release (释放)
    //   • agent
    //   • global
    //   • generic (通用)
    //   1. buffer_wbl2 sc1=1
    //   • 必须在后续 s_waitcnt 之前发生。
    //   • 执行 L2 写回以确保先前的 global/generic store/atomicrmw 在 Agent 范围内可见。
    //   1. s_waitcnt lgkmcnt(0) & vmcnt(0)
    //   • 如果是 TgSplit 执行模式,则省略 lgkmcnt(0)。
    //   • 如果是 OpenCL 且地址空间不是通用,则省略 lgkmcnt(0)。
    //   • 可以拆分为单独的 s_waitcnt vmcnt(0) 和 s_waitcnt lgkmcnt(0),以允许它们根据以下规则独立移动。
    //   • s_waitcnt vmcnt(0) 必须在任何先前的全局/通用加载/存储/原子加载/原子存储/原子读-修改-写之后发生。
    //   • s_waitcnt lgkmcnt(0) 必须在任何先前的本地/通用加载/存储/原子加载/原子存储/原子读-修改-写之后发生。
    //   • 必须在后续的存储之前发生。
    //   • 确保在执行正在释放的存储之前,所有对内存的操作都已完成。
    //   1. GFX942
    //   buffer/global/flat_store sc1=1
    Row {
        op: LlvmOp::StoreAtomic,
        ord: Ord::Release,
        scopes: &[ScopeLevel::Agent],
        spaces: &[Space::Global, Space::Generic],
        requires: &[],
        code: &[
            Step::Emit(&[], MInstr::BufferWbl2 { sc0: false, sc1: true }),
            Step::Emit(&[Cond::NoTgSplit], MInstr::waitcnt_lgkm(0)),
            Step::Emit(&[], MInstr::waitcnt_vm(0)),
            Step::Emit(&[], MInstr::Access(Cpol::NONE.sc1())),
        ],
        en_line: 4652,
        zh_line: 10726,
    },
    // ---- store atomic / release / system / global, generic
    // en (upstream AMDGPUUsage, this row of the table):
    //   1. buffer_wbl2 sc0=1 sc1=1
    //
    //     - Must happen before
    //       following s_waitcnt.
    //     - Performs L2 writeback to
    //       ensure previous
    //       global/generic
    //       store/atomicrmw are
    //       visible at system scope.
    //
    //   2. s_waitcnt lgkmcnt(0) &
    //      vmcnt(0)
    //
    //     - If TgSplit execution mode,
    //       omit lgkmcnt(0).
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
    //       must happen after any
    //       preceding
    //       global/generic
    //       load/store/load
    //       atomic/store
    //       atomic/atomicrmw.
    //     - s_waitcnt lgkmcnt(0)
    //       must happen after any
    //       preceding
    //       local/generic
    //       load/store/load
    //       atomic/store
    //       atomic/atomicrmw.
    //     - Must happen before
    //       the following
    //       store.
    //     - Ensures that all
    //       memory operations
    //       to memory and the L2
    //       writeback have
    //       completed before
    //       performing the
    //       store that is being
    //       released.
    //
    //   3. buffer/global/flat_store
    //      sc0=1 sc1=1
    // zh (the specification's Chinese AMDGPUUsage, this row), original:
    //   store atomic (原子存储)
    //   release (释放)
    //   • system
    //   • global
    //   • generic (通用)
    //   1. buffer_wbl2 sc0=1 sc1=1
    //   • 必须在后续 s_waitcnt 之前发生。
    //   • 执行 L2 写回以确保先前的 global/generic store/atomicrmw 在系统范围内可见。
    //   1. s_waitcnt lgkmcnt(0) & vmcnt(0)
    //   • 如果是 TgSplit 执行模式,则省略 lgkmcnt(0)。
    //   • 如果是 OpenCL 且地址空间不是通用,则省略 lgkmcnt(0)。
    //   • 可以拆分为单独的 s_waitcnt vmcnt(0) 和 s_waitcnt lgkmcnt(0),以允许它们根据以下规则独立移动。
    //   • s_waitcnt vmcnt(0) 必须在任何先前的全局/通用加载/存储/原子加载/原子存储/原子读-修改-写之后发生。
    //   • s_waitcnt lgkmcnt(0) 必须在任何先前的本地/通用加载/存储/原子加载/原子存储/原子读-修改-写之后发生。
    //   • 必须在后续的存储之前发生。
    //   • 确保所有内存操作和 L2 写回在执行正在释放的存储之前完成。
    //   1. buffer/global/flat_store sc0=1 sc1=1
    Row {
        op: LlvmOp::StoreAtomic,
        ord: Ord::Release,
        scopes: &[ScopeLevel::System],
        spaces: &[Space::Global, Space::Generic],
        requires: &[],
        code: &[
            Step::Emit(&[], MInstr::BufferWbl2 { sc0: true, sc1: true }),
            Step::Emit(&[Cond::NoTgSplit], MInstr::waitcnt_lgkm(0)),
            Step::Emit(&[], MInstr::waitcnt_vm(0)),
            Step::Emit(&[], MInstr::Access(Cpol::NONE.sc0().sc1())),
        ],
        en_line: 4708,
        zh_line: 10762,
    },
    // ---- atomicrmw / release / singlethread, wavefront / global, generic
    // en (upstream AMDGPUUsage, this row of the table):
    //   1. buffer/global/flat_atomic
    // zh (the specification's Chinese AMDGPUUsage, this row), original:
    //   atomicrmw (原子读-修改-写)
    //   release (释放)
    //   • singlethread
    //   • wavefront
    //   • global
    //   • generic (通用)
    //   1. buffer/global/flat_atomic
    Row {
        op: LlvmOp::AtomicRmw,
        ord: Ord::Release,
        scopes: &[ScopeLevel::SingleThread, ScopeLevel::Wavefront],
        spaces: &[Space::Global, Space::Generic],
        requires: &[],
        code: &[
            Step::Emit(&[], MInstr::Access(Cpol::NONE)),
        ],
        en_line: 4764,
        zh_line: 10796,
    },
    // ---- atomicrmw / release / singlethread, wavefront / local
    // en (upstream AMDGPUUsage, this row of the table):
    //   *If TgSplit execution mode,
    //   local address space cannot
    //   be used.*
    //
    //   1. ds_atomic
    // zh (the specification's Chinese AMDGPUUsage, this row), original:
    //   atomicrmw (原子读-修改-写)
    //   release (释放)
    //   • singlethread
    //   • wavefront
    //   • local (本地)
    //   如果是 TgSplit 执行模式,则无法使用本地地址空间。
    //   1. ds_atomic
    Row {
        op: LlvmOp::AtomicRmw,
        ord: Ord::Release,
        scopes: &[ScopeLevel::SingleThread, ScopeLevel::Wavefront],
        spaces: &[Space::Local],
        requires: &[Cond::NoTgSplit],
        code: &[
            Step::Emit(&[], MInstr::Access(Cpol::NONE)),
        ],
        en_line: 4766,
        zh_line: 10810,
    },
    // ---- atomicrmw / release / workgroup / global, generic
    // en (upstream AMDGPUUsage, this row of the table):
    //   1. s_waitcnt lgkm/vmcnt(0)
    //
    //     - Use lgkmcnt(0) if not
    //       TgSplit execution mode
    //       and vmcnt(0) if TgSplit
    //       execution mode.
    //     - If OpenCL, omit
    //       lgkmcnt(0).
    //     - s_waitcnt vmcnt(0)
    //       must happen after
    //       any preceding
    //       global/generic load/store/
    //       load atomic/store atomic/
    //       atomicrmw.
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
    //   2. buffer/global/flat_atomic sc0=1
    // zh (the specification's Chinese AMDGPUUsage, this row), original:
    //   atomicrmw (原子读-修改-写)
    //   release (释放)
    //   • workgroup
    //   • global
    //   • generic (通用)
    //   1. s_waitcnt lgkm/vmcnt(0)
    //   • 如果不是 TgSplit 执行模式,则使用 lgkmcnt(0),如果是 TgSplit 执行模式,则使用 vmcnt(0)。
    //   • 如果是 OpenCL,则省略 lgkmcnt(0)。
    //   • s_waitcnt vmcnt(0) 必须在任何先前的 global/generic load/store/ load atomic/store atomic/ atomicrmw 之后发生。
    //   • s_waitcnt lgkmcnt(0) 必须在任何先前的本地/通用加载/存储/原子加载/原子存储/原子读-修改-写之后发生。
    //   • 必须在后续的 atomicrmw 之前发生。
    //   • 确保所有内存操作在执行正在释放的 atomicrmw 之前完成。
    //   1. buffer/global/flat_atomic sc0=1
    Row {
        op: LlvmOp::AtomicRmw,
        ord: Ord::Release,
        scopes: &[ScopeLevel::Workgroup],
        spaces: &[Space::Global, Space::Generic],
        requires: &[],
        code: &[
            Step::Emit(&[Cond::NoTgSplit], MInstr::waitcnt_lgkm(0)),
            Step::Emit(&[Cond::TgSplit], MInstr::waitcnt_vm(0)),
            Step::Emit(&[], MInstr::Access(Cpol::NONE.sc0())),
        ],
        en_line: 4771,
        zh_line: 10824,
    },
    // ---- atomicrmw / release / workgroup / local
    // en (upstream AMDGPUUsage, this row of the table):
    //   *If TgSplit execution mode,
    //   local address space cannot
    //   be used.*
    //
    //   1. ds_atomic
    // zh (the specification's Chinese AMDGPUUsage, this row), original:
    //   atomicrmw (原子读-修改-写)
    //   release (释放)
    //   • workgroup
    //   • local (本地)
    //   如果是 TgSplit 执行模式,则无法使用本地地址空间。
    //   1. ds_atomic
    Row {
        op: LlvmOp::AtomicRmw,
        ord: Ord::Release,
        scopes: &[ScopeLevel::Workgroup],
        spaces: &[Space::Local],
        requires: &[Cond::NoTgSplit],
        code: &[
            Step::Emit(&[], MInstr::Access(Cpol::NONE)),
        ],
        en_line: 4804,
        zh_line: 10850,
    },
    // ---- atomicrmw / release / agent / global, generic
    // en (upstream AMDGPUUsage, this row of the table):
    //   1. buffer_wbl2 sc1=1
    //
    //     - Must happen before
    //       following s_waitcnt.
    //     - Performs L2 writeback to
    //       ensure previous
    //       global/generic
    //       store/atomicrmw are
    //       visible at agent scope.
    //
    //   2. s_waitcnt lgkmcnt(0) &
    //      vmcnt(0)
    //
    //     - If TgSplit execution mode,
    //       omit lgkmcnt(0).
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
    //   3. buffer/global/flat_atomic sc1=1
    // zh (the specification's Chinese AMDGPUUsage, this row), original:
    //   atomicrmw (原子读-修改-写)
    //   release (释放)
    //   • agent
    //   • global
    //   • generic (通用)
    //   1. buffer_wbl2 sc1=1
    //   • 必须在后续 s_waitcnt 之前发生。
    //   • 执行 L2 写回以确保先前的 global/generic store/atomicrmw 在 Agent 范围内可见。
    //   1. s_waitcnt lgkmcnt(0) & vmcnt(0)
    //   • 如果是 TgSplit 执行模式,则省略 lgkmcnt(0)。
    //   • 如果是 OpenCL,则省略 lgkmcnt(0)。
    //   • 可以拆分为单独的 s_waitcnt vmcnt(0) 和 s_waitcnt lgkmcnt(0),以允许它们根据以下规则独立移动。
    //   • s_waitcnt vmcnt(0) 必须在任何先前的全局/通用加载/存储/原子加载/原子存储/原子读-修改-写之后发生。
    //   • s_waitcnt lgkmcnt(0) 必须在任何先前的本地/通用加载/存储/原子加载/原子存储/原子读-修改-写之后发生。
    //   • 必须在后续的 atomicrmw 之前发生。
    //   • 确保在执行正在释放的 atomicrmw 之前,所有对全局和本地内存的操作都已完成。
    //   1. buffer/global/flat_atomic sc1=1
    Row {
        op: LlvmOp::AtomicRmw,
        ord: Ord::Release,
        scopes: &[ScopeLevel::Agent],
        spaces: &[Space::Global, Space::Generic],
        requires: &[],
        code: &[
            Step::Emit(&[], MInstr::BufferWbl2 { sc0: false, sc1: true }),
            Step::Emit(&[Cond::NoTgSplit], MInstr::waitcnt_lgkm(0)),
            Step::Emit(&[], MInstr::waitcnt_vm(0)),
            Step::Emit(&[], MInstr::Access(Cpol::NONE.sc1())),
        ],
        en_line: 4809,
        zh_line: 10862,
    },
    // ---- atomicrmw / release / system / global, generic
    // en (upstream AMDGPUUsage, this row of the table):
    //   1. buffer_wbl2 sc0=1 sc1=1
    //
    //     - Must happen before
    //       following s_waitcnt.
    //     - Performs L2 writeback to
    //       ensure previous
    //       global/generic
    //       store/atomicrmw are
    //       visible at system scope.
    //
    //   2. s_waitcnt lgkmcnt(0) &
    //      vmcnt(0)
    //
    //     - If TgSplit execution mode,
    //       omit lgkmcnt(0).
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
    //       to memory and the L2
    //       writeback have
    //       completed before
    //       performing the
    //       store that is being
    //       released.
    //
    //   3. buffer/global/flat_atomic
    //      sc0=1 sc1=1
    // zh (the specification's Chinese AMDGPUUsage, this row), original:
    //   atomicrmw (原子读-修改-写)
    //   release (释放)
    //   • system
    //   • global
    //   • generic (通用)
    //   1. buffer_wbl2 sc0=1 sc1=1
    //   • 必须在后续 s_waitcnt 之前发生。
    //   • 执行 L2 写回以确保先前的 global/generic store/atomicrmw 在系统范围内可见。
    //   1. s_waitcnt lgkmcnt(0) & vmcnt(0)
    //   • 如果是 TgSplit 执行模式,则省略 lgkmcnt(0)。
    //   • 如果是 OpenCL,则省略 lgkmcnt(0)。
    //   • 可以拆分为单独的 s_waitcnt vmcnt(0) 和 s_waitcnt lgkmcnt(0),以允许它们根据以下规则独立移动。
    //   • s_waitcnt vmcnt(0) 必须在任何先前的全局/通用加载/存储/原子加载/原子存储/原子读-修改-写之后发生。
    //   • s_waitcnt lgkmcnt(0) 必须在任何先前的本地/通用加载/存储/原子加载/原子存储/原子读-修改-写之后发生。
    //   • 必须在后续的 atomicrmw 之前发生。
    //   • 确保所有内存操作和 L2 写回在执行正在释放的存储之前完成。
    //   1. buffer/global/flat_atomic sc0=1 sc1=1
    Row {
        op: LlvmOp::AtomicRmw,
        ord: Ord::Release,
        scopes: &[ScopeLevel::System],
        spaces: &[Space::Global, Space::Generic],
        requires: &[],
        code: &[
            Step::Emit(&[], MInstr::BufferWbl2 { sc0: true, sc1: true }),
            Step::Emit(&[Cond::NoTgSplit], MInstr::waitcnt_lgkm(0)),
            Step::Emit(&[], MInstr::waitcnt_vm(0)),
            Step::Emit(&[], MInstr::Access(Cpol::NONE.sc0().sc1())),
        ],
        en_line: 4861,
        zh_line: 10896,
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
        en_line: 4915,
        zh_line: 10930,
    },
    // ---- fence / release / workgroup / *none*
    // en (upstream AMDGPUUsage, this row of the table):
    //   1. s_waitcnt lgkm/vmcnt(0)
    //
    //     - Use lgkmcnt(0) if not
    //       TgSplit execution mode
    //       and vmcnt(0) if TgSplit
    //       execution mode.
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
    //     - s_waitcnt vmcnt(0)
    //       must happen after
    //       any preceding
    //       global/generic
    //       load/store/
    //       load atomic/store atomic/
    //       atomicrmw.
    //     - s_waitcnt lgkmcnt(0)
    //       must happen after
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
    //   1. s_waitcnt lgkm/vmcnt(0)
    //   • 如果不是 TgSplit 执行模式,则使用 lgkmcnt(0),如果是 TgSplit 执行模式,则使用 vmcnt(0)。
    //   • 如果是 OpenCL 且地址空间不是通用,则省略 lgkmcnt(0)。
    //   • 如果是 OpenCL 且地址空间是本地的,则省略 vmcnt(0)。
    //   • 有关 fence 特定地址空间的更多详细信息,请参见 Fence 和地址空间
    //   • s_waitcnt vmcnt(0) 必须在任何先前的 global/generic load/store/ load atomic/store atomic/ atomicrmw 之后发生。
    //   • s_waitcnt lgkmcnt(0) 必须在任何先前的 local/generic load/load atomic/store/store atomic/atomicrmw 之后发生。
    //   • 必须在任何后续的原子存储/原子读-修改-写之前发生,其同步作用域相等或更宽,并且内存排序强于无序(这被称为 fence 配对原子操作)。
    //   • 确保在执行后续的 fence 配对原子操作之前,所有内存操作都已完成。
    Row {
        op: LlvmOp::Fence,
        ord: Ord::Release,
        scopes: &[ScopeLevel::Workgroup],
        spaces: &[],
        requires: &[],
        code: &[
            Step::Emit(&[Cond::NoTgSplit], MInstr::waitcnt_lgkm(0)),
            Step::Emit(&[Cond::TgSplit], MInstr::waitcnt_vm(0)),
        ],
        en_line: 4917,
        zh_line: 10942,
    },
    // ---- fence / release / agent / *none*
    // en (upstream AMDGPUUsage, this row of the table):
    //   1. buffer_wbl2 sc1=1
    //
    //     - If OpenCL and
    //       address space is
    //       local, omit.
    //     - Must happen before
    //       following s_waitcnt.
    //     - Performs L2 writeback to
    //       ensure previous
    //       global/generic
    //       store/atomicrmw are
    //       visible at agent scope.
    //
    //   2. s_waitcnt lgkmcnt(0) &
    //      vmcnt(0)
    //
    //     - If TgSplit execution mode,
    //       omit lgkmcnt(0).
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
    //   none
    //   1. buffer_wbl2 sc1=1
    //   • 如果是 OpenCL 且地址空间是本地的,则省略。
    //   • 必须在后续 s_waitcnt 之前发生。
    //   • 执行 L2 写回以确保先前的 global/generic store/atomicrmw 在 Agent 范围内可见。
    //   1. s_waitcnt lgkmcnt(0) & vmcnt(0)
    //   • 如果是 TgSplit 执行模式,则省略 lgkmcnt(0)。
    //   • 如果是 OpenCL 且地址空间不是通用,则省略 lgkmcnt(0)。
    //   • 如果是 OpenCL 且地址空间是本地的,则省略 vmcnt(0)。
    //   • 有关 fence 特定地址空间的更多详细信息,请参见 Fence 和地址空间
    //   • 可以拆分为单独的 s_waitcnt vmcnt(0) 和 s_waitcnt lgkmcnt(0),以允许它们根据以下规则独立移动。
    //   • s_waitcnt vmcnt(0) 必须在任何先前的全局/通用加载/存储/原子加载/原子存储/原子读-修改-写之后发生。
    //   • s_waitcnt lgkmcnt(0) 必须在任何先前的本地/通用加载/存储/原子加载/原子存储/原子读-修改-写之后发生。
    //   • 必须在任何后续的原子存储/原子读-修改-写之前发生,其同步作用域相等或更宽,并且内存排序强于无序(这被称为 fence 配对原子操作)。
    //   • 确保在执行后续的 fence 配对原子操作之前,所有内存操作都已完成。
    Row {
        op: LlvmOp::Fence,
        ord: Ord::Release,
        scopes: &[ScopeLevel::Agent],
        spaces: &[],
        requires: &[],
        code: &[
            Step::Emit(&[], MInstr::BufferWbl2 { sc0: false, sc1: true }),
            Step::Emit(&[Cond::NoTgSplit], MInstr::waitcnt_lgkm(0)),
            Step::Emit(&[], MInstr::waitcnt_vm(0)),
        ],
        en_line: 4966,
        zh_line: 10968,
    },
    // ---- fence / release / system / *none*
    // en (upstream AMDGPUUsage, this row of the table):
    //   1. buffer_wbl2 sc0=1 sc1=1
    //
    //     - Must happen before
    //       following s_waitcnt.
    //     - Performs L2 writeback to
    //       ensure previous
    //       global/generic
    //       store/atomicrmw are
    //       visible at system scope.
    //
    //   2. s_waitcnt lgkmcnt(0) &
    //      vmcnt(0)
    //
    //     - If TgSplit execution mode,
    //       omit lgkmcnt(0).
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
    //   • system
    //   none
    //   1. buffer_wbl2 sc0=1 sc1=1
    //   • 必须在后续 s_waitcnt 之前发生。
    //   • 执行 L2 写回以确保先前的 global/generic store/atomicrmw 在系统范围内可见。
    //   1. s_waitcnt lgkmcnt(0) & vmcnt(0)
    //   • 如果是 TgSplit 执行模式,则省略 lgkmcnt(0)。
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
        scopes: &[ScopeLevel::System],
        spaces: &[],
        requires: &[],
        code: &[
            Step::Emit(&[], MInstr::BufferWbl2 { sc0: true, sc1: true }),
            Step::Emit(&[Cond::NoTgSplit], MInstr::waitcnt_lgkm(0)),
            Step::Emit(&[], MInstr::waitcnt_vm(0)),
        ],
        en_line: 5036,
        zh_line: 11004,
    },
    // ---- atomicrmw / acq_rel / singlethread, wavefront / global, generic
    // en (upstream AMDGPUUsage, this row of the table):
    //   1. buffer/global/flat_atomic
    // zh (the specification's Chinese AMDGPUUsage, this row), original:
    //   atomicrmw (原子读-修改-写)
    //   acq_rel (获取-释放)
    //   • singlethread
    //   • wavefront
    //   • global
    //   • generic (通用)
    //   1. buffer/global/flat_atomic
    Row {
        op: LlvmOp::AtomicRmw,
        ord: Ord::AcqRel,
        scopes: &[ScopeLevel::SingleThread, ScopeLevel::Wavefront],
        spaces: &[Space::Global, Space::Generic],
        requires: &[],
        code: &[
            Step::Emit(&[], MInstr::Access(Cpol::NONE)),
        ],
        en_line: 5105,
        zh_line: 11040,
    },
    // ---- atomicrmw / acq_rel / singlethread, wavefront / local
    // en (upstream AMDGPUUsage, this row of the table):
    //   *If TgSplit execution mode,
    //   local address space cannot
    //   be used.*
    //
    //   1. ds_atomic
    // zh (the specification's Chinese AMDGPUUsage, this row), original:
    //   atomicrmw (原子读-修改-写)
    //   acq_rel (获取-释放)
    //   • singlethread
    //   • wavefront
    //   • local (本地)
    //   如果是 TgSplit 执行模式,则无法使用本地地址空间。
    //   1. ds_atomic
    Row {
        op: LlvmOp::AtomicRmw,
        ord: Ord::AcqRel,
        scopes: &[ScopeLevel::SingleThread, ScopeLevel::Wavefront],
        spaces: &[Space::Local],
        requires: &[Cond::NoTgSplit],
        code: &[
            Step::Emit(&[], MInstr::Access(Cpol::NONE)),
        ],
        en_line: 5107,
        zh_line: 11054,
    },
    // ---- atomicrmw / acq_rel / workgroup / global
    // en (upstream AMDGPUUsage, this row of the table):
    //   1. s_waitcnt lgkm/vmcnt(0)
    //
    //     - Use lgkmcnt(0) if not
    //       TgSplit execution mode
    //       and vmcnt(0) if TgSplit
    //       execution mode.
    //     - If OpenCL, omit
    //       lgkmcnt(0).
    //     - Must happen after
    //       any preceding
    //       local/generic
    //       load/store/load
    //       atomic/store
    //       atomic/atomicrmw.
    //     - s_waitcnt vmcnt(0)
    //       must happen after
    //       any preceding
    //       global/generic load/store/
    //       load atomic/store atomic/
    //       atomicrmw.
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
    //   3. s_waitcnt vmcnt(0)
    //
    //     - If not TgSplit execution
    //       mode, omit.
    //     - Must happen before
    //       the following
    //       buffer_inv.
    //     - Ensures any
    //       following global
    //       data read is no
    //       older than the
    //       atomicrmw value
    //       being acquired.
    //
    //   4. buffer_inv sc0=1
    //
    //     - If not TgSplit execution
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
    //   1. s_waitcnt lgkm/vmcnt(0)
    //   • 如果不是 TgSplit 执行模式,则使用 lgkmcnt(0),如果是 TgSplit 执行模式,则使用 vmcnt(0)。
    //   • 如果是 OpenCL,则省略 lgkmcnt(0)。
    //   • 必须在任何先前的本地/通用加载/存储/原子加载/原子存储/原子读-修改-写之后发生。
    //   • s_waitcnt vmcnt(0) 必须在任何先前的 global/generic load/store/ load atomic/store atomic/ atomicrmw 之后发生。
    //   • s_waitcnt lgkmcnt(0) 必须在任何先前的本地/通用加载/存储/原子加载/原子存储/原子读-修改-写之后发生。
    //   • 必须在后续的 atomicrmw 之前发生。
    //   • 确保所有内存操作在执行正在释放的 atomicrmw 之前完成。
    //   1. buffer/global_atomic
    //   2. s_waitcnt vmcnt(0)
    //   • 如果不是 TgSplit 执行模式,则省略。
    //   • 必须在以下 buffer_inv 之前发生。
    //   • 确保任何后续全局数据读取都不早于正在获取的 atomicrmw 值。
    //   1. buffer_inv sc0=1
    //   • 如果不是 TgSplit 执行模式,则省略。
    //   • 确保后续加载不会看到过时的数据。
    Row {
        op: LlvmOp::AtomicRmw,
        ord: Ord::AcqRel,
        scopes: &[ScopeLevel::Workgroup],
        spaces: &[Space::Global],
        requires: &[],
        code: &[
            Step::Emit(&[Cond::NoTgSplit], MInstr::waitcnt_lgkm(0)),
            Step::Emit(&[Cond::TgSplit], MInstr::waitcnt_vm(0)),
            Step::Emit(&[], MInstr::Access(Cpol::NONE)),
            Step::Emit(&[Cond::TgSplit], MInstr::waitcnt_vm(0)),
            Step::Emit(&[Cond::TgSplit], MInstr::BufferInv { sc0: true, sc1: false }),
        ],
        en_line: 5112,
        zh_line: 11068,
    },
    // ---- atomicrmw / acq_rel / workgroup / local
    // en (upstream AMDGPUUsage, this row of the table):
    //   *If TgSplit execution mode,
    //   local address space cannot
    //   be used.*
    //
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
    //   如果是 TgSplit 执行模式,则无法使用本地地址空间。
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
        requires: &[Cond::NoTgSplit],
        code: &[
            Step::Emit(&[], MInstr::Access(Cpol::NONE)),
            Step::Emit(&[], MInstr::waitcnt_lgkm(0)),
        ],
        en_line: 5174,
        zh_line: 11108,
    },
    // ---- atomicrmw / acq_rel / workgroup / generic
    // en (upstream AMDGPUUsage, this row of the table):
    //   1. s_waitcnt lgkm/vmcnt(0)
    //
    //     - Use lgkmcnt(0) if not
    //       TgSplit execution mode
    //       and vmcnt(0) if TgSplit
    //       execution mode.
    //     - If OpenCL, omit
    //       lgkmcnt(0).
    //     - s_waitcnt vmcnt(0)
    //       must happen after
    //       any preceding
    //       global/generic load/store/
    //       load atomic/store atomic/
    //       atomicrmw.
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
    //      vmcnt(0)
    //
    //     - If not TgSplit execution
    //       mode, omit vmcnt(0).
    //     - If OpenCL, omit
    //       lgkmcnt(0).
    //     - Must happen before
    //       the following
    //       buffer_inv and
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
    //
    //   3. buffer_inv sc0=1
    //
    //     - If not TgSplit execution
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
    //   1. s_waitcnt lgkm/vmcnt(0)
    //   • 如果不是 TgSplit 执行模式,则使用 lgkmcnt(0),如果是 TgSplit 执行模式,则使用 vmcnt(0)。
    //   • 如果是 OpenCL,则省略 lgkmcnt(0)。
    //   • s_waitcnt vmcnt(0) 必须在任何先前的 global/generic load/store/ load atomic/store atomic/ atomicrmw 之后发生。
    //   • s_waitcnt lgkmcnt(0) 必须在任何先前的本地/通用加载/存储/原子加载/原子存储/原子读-修改-写之后发生。
    //   • 必须在后续的 atomicrmw 之前发生。
    //   • 确保所有内存操作在执行正在释放的 atomicrmw 之前完成。
    //   1. flat_atomic
    //   2. s_waitcnt lgkmcnt(0) & vmcnt(0)
    //   • 如果不是 TgSplit 执行模式,则省略 vmcnt(0)。
    //   • 如果是 OpenCL,则省略 lgkmcnt(0)。
    //   • 必须在以下 buffer_inv 以及任何后续 global/generic load/load atomic/store/store atomic/atomicrmw 之前发生。
    //   • 确保任何后续的全局数据读取都不比正在获取的本地原子加载值旧。
    //   1. buffer_inv sc0=1
    //   • 如果不是 TgSplit 执行模式,则省略。
    //   • 确保后续加载不会看到过时的数据。
    Row {
        op: LlvmOp::AtomicRmw,
        ord: Ord::AcqRel,
        scopes: &[ScopeLevel::Workgroup],
        spaces: &[Space::Generic],
        requires: &[],
        code: &[
            Step::Emit(&[Cond::NoTgSplit], MInstr::waitcnt_lgkm(0)),
            Step::Emit(&[Cond::TgSplit], MInstr::waitcnt_vm(0)),
            Step::Emit(&[], MInstr::Access(Cpol::NONE)),
            Step::Emit(&[], MInstr::waitcnt_lgkm(0)),
            Step::Emit(&[Cond::TgSplit], MInstr::waitcnt_vm(0)),
            Step::Emit(&[Cond::TgSplit], MInstr::BufferInv { sc0: true, sc1: false }),
        ],
        en_line: 5195,
        zh_line: 11128,
    },
    // ---- atomicrmw / acq_rel / agent / global
    // en (upstream AMDGPUUsage, this row of the table):
    //   1. buffer_wbl2 sc1=1
    //
    //     - Must happen before
    //       following s_waitcnt.
    //     - Performs L2 writeback to
    //       ensure previous
    //       global/generic
    //       store/atomicrmw are
    //       visible at agent scope.
    //
    //   2. s_waitcnt lgkmcnt(0) &
    //      vmcnt(0)
    //
    //     - If TgSplit execution mode,
    //       omit lgkmcnt(0).
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
    //   3. buffer/global_atomic
    //   4. s_waitcnt vmcnt(0)
    //
    //     - Must happen before
    //       following
    //       buffer_inv.
    //     - Ensures the
    //       atomicrmw has
    //       completed before
    //       invalidating the
    //       cache.
    //
    //   5. buffer_inv sc1=1
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
    //   • global
    //   1. buffer_wbl2 sc1=1
    //   • 必须在后续 s_waitcnt 之前发生。
    //   • 执行 L2 写回以确保先前的 global/generic store/atomicrmw 在 Agent 范围内可见。
    //   1. s_waitcnt lgkmcnt(0) & vmcnt(0)
    //   • 如果是 TgSplit 执行模式,则省略 lgkmcnt(0)。
    //   • 如果是 OpenCL,则省略 lgkmcnt(0)。
    //   • 可以拆分为单独的 s_waitcnt vmcnt(0) 和 s_waitcnt lgkmcnt(0),以允许它们根据以下规则独立移动。
    //   • s_waitcnt vmcnt(0) 必须在任何先前的全局/通用加载/存储/原子加载/原子存储/原子读-修改-写之后发生。
    //   • s_waitcnt lgkmcnt(0) 必须在任何先前的本地/通用加载/存储/原子加载/原子存储/原子读-修改-写之后发生。
    //   • 必须在后续的 atomicrmw 之前发生。
    //   • 确保在执行正在释放的 atomicrmw 之前,所有对全局内存的操作都已完成。
    //   1. buffer/global_atomic
    //   2. s_waitcnt vmcnt(0)
    //   • 必须在后续 buffer_inv 之前发生。
    //   • 确保 atomicrmw 在使缓存无效之前已完成。
    //   1. buffer_inv sc1=1
    //   • 必须在任何后续的全局/通用加载/原子加载/原子读-修改-写之前发生。
    //   • 确保后续加载不会看到过时的全局数据。
    Row {
        op: LlvmOp::AtomicRmw,
        ord: Ord::AcqRel,
        scopes: &[ScopeLevel::Agent],
        spaces: &[Space::Global],
        requires: &[],
        code: &[
            Step::Emit(&[], MInstr::BufferWbl2 { sc0: false, sc1: true }),
            Step::Emit(&[Cond::NoTgSplit], MInstr::waitcnt_lgkm(0)),
            Step::Emit(&[], MInstr::waitcnt_vm(0)),
            Step::Emit(&[], MInstr::Access(Cpol::NONE)),
            Step::Emit(&[], MInstr::waitcnt_vm(0)),
            Step::Emit(&[], MInstr::BufferInv { sc0: false, sc1: true }),
        ],
        en_line: 5259,
        zh_line: 11168,
    },
    // ---- atomicrmw / acq_rel / system / global
    // en (upstream AMDGPUUsage, this row of the table):
    //   1. buffer_wbl2 sc0=1 sc1=1
    //
    //     - Must happen before
    //       following s_waitcnt.
    //     - Performs L2 writeback to
    //       ensure previous
    //       global/generic
    //       store/atomicrmw are
    //       visible at system scope.
    //
    //   2. s_waitcnt lgkmcnt(0) &
    //      vmcnt(0)
    //
    //     - If TgSplit execution mode,
    //       omit lgkmcnt(0).
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
    //       to global and L2 writeback
    //       have completed before
    //       performing the
    //       atomicrmw that is
    //       being released.
    //
    //   3. buffer/global_atomic
    //      sc1=1
    //   4. s_waitcnt vmcnt(0)
    //
    //     - Must happen before
    //       following
    //       buffer_inv.
    //     - Ensures the
    //       atomicrmw has
    //       completed before
    //       invalidating the
    //       caches.
    //
    //   5. buffer_inv sc0=1 sc1=1
    //
    //     - Must happen before
    //       any following
    //       global/generic
    //       load/load
    //       atomic/atomicrmw.
    //     - Ensures that
    //       following loads
    //       will not see stale
    //       MTYPE NC global data.
    //       MTYPE RW and CC memory will
    //       never be stale due to the
    //       memory probes.
    // zh (the specification's Chinese AMDGPUUsage, this row), original:
    //   atomicrmw (原子读-修改-写)
    //   acq_rel (获取-释放)
    //   • system
    //   • global
    //   1. buffer_wbl2 sc0=1 sc1=1
    //   • 必须在后续 s_waitcnt 之前发生。
    //   • 执行 L2 写回以确保先前的 global/generic store/atomicrmw 在系统范围内可见。
    //   1. s_waitcnt lgkmcnt(0) & vmcnt(0)
    //   • 如果是 TgSplit 执行模式,则省略 lgkmcnt(0)。
    //   • 如果是 OpenCL,则省略 lgkmcnt(0)。
    //   • 可以拆分为单独的 s_waitcnt vmcnt(0) 和 s_waitcnt lgkmcnt(0),以允许它们根据以下规则独立移动。
    //   • s_waitcnt vmcnt(0) 必须在任何先前的全局/通用加载/存储/原子加载/原子存储/原子读-修改-写之后发生。
    //   • s_waitcnt lgkmcnt(0) 必须在任何先前的本地/通用加载/存储/原子加载/原子存储/原子读-修改-写之后发生。
    //   • 必须在后续的 atomicrmw 之前发生。
    //   • 确保对全局内存和 L2 写回的所有内存操作在执行正在释放的 atomicrmw 之前完成。
    //   1. buffer/global_atomic sc1=1
    //   2. s_waitcnt vmcnt(0)
    //   • 必须在后续 buffer_inv 之前发生。
    //   • 确保在使缓存失效之前,atomicrmw 已完成。
    //   1. buffer_inv sc0=1 sc1=1
    //   • 必须在任何后续的全局/通用加载/原子加载/原子读-修改-写之前发生。
    //   • 确保后续加载不会看到过时的 MTYPE NC 全局数据。由于内存探测,MTYPE RW 和 CC 内存永远不会过时。
    Row {
        op: LlvmOp::AtomicRmw,
        ord: Ord::AcqRel,
        scopes: &[ScopeLevel::System],
        spaces: &[Space::Global],
        requires: &[],
        code: &[
            Step::Emit(&[], MInstr::BufferWbl2 { sc0: true, sc1: true }),
            Step::Emit(&[Cond::NoTgSplit], MInstr::waitcnt_lgkm(0)),
            Step::Emit(&[], MInstr::waitcnt_vm(0)),
            Step::Emit(&[], MInstr::Access(Cpol::NONE.sc1())),
            Step::Emit(&[], MInstr::waitcnt_vm(0)),
            Step::Emit(&[], MInstr::BufferInv { sc0: true, sc1: true }),
        ],
        en_line: 5334,
        zh_line: 11212,
    },
    // ---- atomicrmw / acq_rel / agent / generic
    // en (upstream AMDGPUUsage, this row of the table):
    //   1. buffer_wbl2 sc1=1
    //
    //     - Must happen before
    //       following s_waitcnt.
    //     - Performs L2 writeback to
    //       ensure previous
    //       global/generic
    //       store/atomicrmw are
    //       visible at agent scope.
    //
    //   2. s_waitcnt lgkmcnt(0) &
    //      vmcnt(0)
    //
    //     - If TgSplit execution mode,
    //       omit lgkmcnt(0).
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
    //   3. flat_atomic
    //   4. s_waitcnt vmcnt(0) &
    //      lgkmcnt(0)
    //
    //     - If TgSplit execution mode,
    //       omit lgkmcnt(0).
    //     - If OpenCL, omit
    //       lgkmcnt(0).
    //     - Must happen before
    //       following
    //       buffer_inv.
    //     - Ensures the
    //       atomicrmw has
    //       completed before
    //       invalidating the
    //       cache.
    //
    //   5. buffer_inv sc1=1
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
    //   • generic (通用)
    //   1. buffer_wbl2 sc1=1
    //   • 必须在后续 s_waitcnt 之前发生。
    //   • 执行 L2 写回以确保先前的 global/generic store/atomicrmw 在 Agent 范围内可见。
    //   1. s_waitcnt lgkmcnt(0) & vmcnt(0)
    //   • 如果是 TgSplit 执行模式,则省略 lgkmcnt(0)。
    //   • 如果是 OpenCL,则省略 lgkmcnt(0)。
    //   • 可以拆分为单独的 s_waitcnt vmcnt(0) 和 s_waitcnt lgkmcnt(0),以允许它们根据以下规则独立移动。
    //   • s_waitcnt vmcnt(0) 必须在任何先前的全局/通用加载/存储/原子加载/原子存储/原子读-修改-写之后发生。
    //   • s_waitcnt lgkmcnt(0) 必须在任何先前的本地/通用加载/存储/原子加载/原子存储/原子读-修改-写之后发生。
    //   • 必须在后续的 atomicrmw 之前发生。
    //   • 确保在执行正在释放的 atomicrmw 之前,所有对全局内存的操作都已完成。
    //   1. flat_atomic
    //   2. s_waitcnt vmcnt(0) & lgkmcnt(0)
    //   • 如果是 TgSplit 执行模式,则省略 lgkmcnt(0)。
    //   • 如果是 OpenCL,则省略 lgkmcnt(0)。
    //   • 必须在后续 buffer_inv 之前发生。
    //   • 确保 atomicrmw 在使缓存无效之前已完成。
    //   1. buffer_inv sc1=1
    //   • 必须在任何后续的全局/通用加载/原子加载/原子读-修改-写之前发生。
    //   • 确保后续加载不会看到过时的全局数据。
    Row {
        op: LlvmOp::AtomicRmw,
        ord: Ord::AcqRel,
        scopes: &[ScopeLevel::Agent],
        spaces: &[Space::Generic],
        requires: &[],
        code: &[
            Step::Emit(&[], MInstr::BufferWbl2 { sc0: false, sc1: true }),
            Step::Emit(&[Cond::NoTgSplit], MInstr::waitcnt_lgkm(0)),
            Step::Emit(&[], MInstr::waitcnt_vm(0)),
            Step::Emit(&[], MInstr::Access(Cpol::NONE)),
            Step::Emit(&[], MInstr::waitcnt_vm(0)),
            Step::Emit(&[Cond::NoTgSplit], MInstr::waitcnt_lgkm(0)),
            Step::Emit(&[], MInstr::BufferInv { sc0: false, sc1: true }),
        ],
        en_line: 5413,
        zh_line: 11256,
    },
    // ---- atomicrmw / acq_rel / system / generic
    // en (upstream AMDGPUUsage, this row of the table):
    //   1. buffer_wbl2 sc0=1 sc1=1
    //
    //     - Must happen before
    //       following s_waitcnt.
    //     - Performs L2 writeback to
    //       ensure previous
    //       global/generic
    //       store/atomicrmw are
    //       visible at system scope.
    //
    //   2. s_waitcnt lgkmcnt(0) &
    //      vmcnt(0)
    //
    //     - If TgSplit execution mode,
    //       omit lgkmcnt(0).
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
    //       to global and L2 writeback
    //       have completed before
    //       performing the
    //       atomicrmw that is
    //       being released.
    //
    //   3. flat_atomic sc1=1
    //   4. s_waitcnt vmcnt(0) &
    //      lgkmcnt(0)
    //
    //     - If TgSplit execution mode,
    //       omit lgkmcnt(0).
    //     - If OpenCL, omit
    //       lgkmcnt(0).
    //     - Must happen before
    //       following
    //       buffer_inv.
    //     - Ensures the
    //       atomicrmw has
    //       completed before
    //       invalidating the
    //       caches.
    //
    //   5. buffer_inv sc0=1 sc1=1
    //
    //     - Must happen before
    //       any following
    //       global/generic
    //       load/load
    //       atomic/atomicrmw.
    //     - Ensures that
    //       following loads
    //       will not see stale
    //       MTYPE NC global data.
    //       MTYPE RW and CC memory will
    //       never be stale due to the
    //       memory probes.
    // zh (the specification's Chinese AMDGPUUsage, this row), original:
    //   atomicrmw (原子读-修改-写)
    //   acq_rel (获取-释放)
    //   • system
    //   • generic (通用)
    //   1. buffer_wbl2 sc0=1 sc1=1
    //   • 必须在后续 s_waitcnt 之前发生。
    //   • 执行 L2 写回以确保先前的 global/generic store/atomicrmw 在系统范围内可见。
    //   1. s_waitcnt lgkmcnt(0) & vmcnt(0)
    //   • 如果是 TgSplit 执行模式,则省略 lgkmcnt(0)。
    //   • 如果是 OpenCL,则省略 lgkmcnt(0)。
    //   • 可以拆分为单独的 s_waitcnt vmcnt(0) 和 s_waitcnt lgkmcnt(0),以允许它们根据以下规则独立移动。
    //   • s_waitcnt vmcnt(0) 必须在任何先前的全局/通用加载/存储/原子加载/原子存储/原子读-修改-写之后发生。
    //   • s_waitcnt lgkmcnt(0) 必须在任何先前的本地/通用加载/存储/原子加载/原子存储/原子读-修改-写之后发生。
    //   • 必须在后续的 atomicrmw 之前发生。
    //   • 确保对全局内存和 L2 写回的所有内存操作在执行正在释放的 atomicrmw 之前完成。
    //   1. flat_atomic sc1=1
    //   2. s_waitcnt vmcnt(0) & lgkmcnt(0)
    //   • 如果是 TgSplit 执行模式,则省略 lgkmcnt(0)。
    //   • 如果是 OpenCL,则省略 lgkmcnt(0)。
    //   • 必须在后续 buffer_inv 之前发生。
    //   • 确保在使缓存失效之前,atomicrmw 已完成。
    //   1. buffer_inv sc0=1 sc1=1
    //   • 必须在任何后续的全局/通用加载/原子加载/原子读-修改-写之前发生。
    //   • 确保后续加载不会看到过时的 MTYPE NC 全局数据。由于内存探测,MTYPE RW 和 CC 内存永远不会过时。
    Row {
        op: LlvmOp::AtomicRmw,
        ord: Ord::AcqRel,
        scopes: &[ScopeLevel::System],
        spaces: &[Space::Generic],
        requires: &[],
        code: &[
            Step::Emit(&[], MInstr::BufferWbl2 { sc0: true, sc1: true }),
            Step::Emit(&[Cond::NoTgSplit], MInstr::waitcnt_lgkm(0)),
            Step::Emit(&[], MInstr::waitcnt_vm(0)),
            Step::Emit(&[], MInstr::Access(Cpol::NONE.sc1())),
            Step::Emit(&[], MInstr::waitcnt_vm(0)),
            Step::Emit(&[Cond::NoTgSplit], MInstr::waitcnt_lgkm(0)),
            Step::Emit(&[], MInstr::BufferInv { sc0: true, sc1: true }),
        ],
        en_line: 5493,
        zh_line: 11304,
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
        en_line: 5576,
        zh_line: 11352,
    },
    // ---- fence / acq_rel / workgroup / *none*
    // en (upstream AMDGPUUsage, this row of the table):
    //   1. s_waitcnt lgkm/vmcnt(0)
    //
    //     - Use lgkmcnt(0) if not
    //       TgSplit execution mode
    //       and vmcnt(0) if TgSplit
    //       execution mode.
    //     - If OpenCL and
    //       address space is
    //       not generic, omit
    //       lgkmcnt(0).
    //     - If OpenCL and
    //       address space is
    //       local, omit
    //       vmcnt(0).
    //     - However,
    //       since LLVM
    //       currently has no
    //       address space on
    //       the fence need to
    //       conservatively
    //       always generate
    //       (see comment for
    //       previous fence).
    //     - s_waitcnt vmcnt(0)
    //       must happen after
    //       any preceding
    //       global/generic
    //       load/store/
    //       load atomic/store atomic/
    //       atomicrmw.
    //     - s_waitcnt lgkmcnt(0)
    //       must happen after
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
    //       buffer_inv.
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
    //   3. buffer_inv sc0=1
    //
    //     - If not TgSplit execution
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
    //   1. s_waitcnt lgkm/vmcnt(0)
    //   • 如果不是 TgSplit 执行模式,则使用 lgkmcnt(0),如果是 TgSplit 执行模式,则使用 vmcnt(0)。
    //   • 如果是 OpenCL 且地址空间不是通用,则省略 lgkmcnt(0)。
    //   • 如果是 OpenCL 且地址空间是本地的,则省略 vmcnt(0)。
    //   • 但是,由于 LLVM 当前在 fence 上没有地址空间,因此需要保守地始终生成(参见先前 fence 的注释)。
    //   • s_waitcnt vmcnt(0) 必须在任何先前的 global/generic load/store/ load atomic/store atomic/ atomicrmw 之后发生。
    //   • s_waitcnt lgkmcnt(0) 必须在任何先前的 local/generic load/load atomic/store/store atomic/atomicrmw 之后发生。
    //   • 必须在任何后续的全局/通用加载/原子加载/存储/原子存储/原子读-修改-写之前发生。
    //   • 确保所有内存操作在执行任何后续全局内存操作之前完成。
    //   • 确保先前的本地/通用原子加载/原子读-修改-写(其同步作用域相等或更宽,并且内存排序强于无序,这被称为 acquire-fence 配对原子操作)在后续的全局内存操作之前已完成。这满足了 acquire 的要求。
    //   • 确保在后续的本地/通用原子存储/原子读-修改-写(其同步作用域相等或更宽,并且内存排序强于无序,这被称为 release-fence 配对原子操作)之前,所有先前的内存操作都已完成。这满足了 release 的要求。
    //   • 必须在以下 buffer_inv 之前发生。
    //   • 确保 acquire-fence-paired atomic 在使缓存失效之前完成。因此,任何后续读取的位置都不能早于 acquire-fence-paired-atomic 读取的值。
    //   1. buffer_inv sc0=1
    //   • 如果不是 TgSplit 执行模式,则省略。
    //   • 确保后续加载不会看到过时的数据。
    Row {
        op: LlvmOp::Fence,
        ord: Ord::AcqRel,
        scopes: &[ScopeLevel::Workgroup],
        spaces: &[],
        requires: &[],
        code: &[
            Step::Emit(&[Cond::NoTgSplit], MInstr::waitcnt_lgkm(0)),
            Step::Emit(&[Cond::TgSplit], MInstr::waitcnt_vm(0)),
            Step::Emit(&[Cond::TgSplit], MInstr::BufferInv { sc0: true, sc1: false }),
        ],
        en_line: 5578,
        zh_line: 11364,
    },
    // ---- fence / acq_rel / agent / *none*
    // en (upstream AMDGPUUsage, this row of the table):
    //   1. buffer_wbl2 sc1=1
    //
    //     - If OpenCL and
    //       address space is
    //       local, omit.
    //     - Must happen before
    //       following s_waitcnt.
    //     - Performs L2 writeback to
    //       ensure previous
    //       global/generic
    //       store/atomicrmw are
    //       visible at agent scope.
    //
    //   2. s_waitcnt lgkmcnt(0) &
    //      vmcnt(0)
    //
    //     - If TgSplit execution mode,
    //       omit lgkmcnt(0).
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
    //       buffer_inv.
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
    //   3. buffer_inv sc1=1
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
    //   none
    //   1. buffer_wbl2 sc1=1
    //   • 如果是 OpenCL 且地址空间是本地的,则省略。
    //   • 必须在后续 s_waitcnt 之前发生。
    //   • 执行 L2 写回以确保先前的 global/generic store/atomicrmw 在 Agent 范围内可见。
    //   1. s_waitcnt lgkmcnt(0) & vmcnt(0)
    //   • 如果是 TgSplit 执行模式,则省略 lgkmcnt(0)。
    //   • 如果是 OpenCL 且地址空间不是通用,则省略 lgkmcnt(0)。
    //   • 有关 fence 特定地址空间的更多详细信息,请参见 Fence 和地址空间
    //   • 可以拆分为单独的 s_waitcnt vmcnt(0) 和 s_waitcnt lgkmcnt(0),以允许它们根据以下规则独立移动。
    //   • s_waitcnt vmcnt(0) 必须在任何先前的全局/通用加载/存储/原子加载/原子存储/原子读-修改-写之后发生。
    //   • s_waitcnt lgkmcnt(0) 必须在任何先前的本地/通用加载/存储/原子加载/原子存储/原子读-修改-写之后发生。
    //   • 必须在以下 buffer_inv 之前发生。
    //   • 确保先前的全局/本地/通用原子加载/原子读-修改-写(其同步作用域相等或更宽,并且内存排序强于无序,这被称为 acquire-fence 配对原子操作)在使缓存无效之前已完成。这满足了 acquire 的要求。
    //   • 确保在后续的全局/本地/通用原子存储/原子读-修改-写(其同步作用域相等或更宽,并且内存排序强于无序,这被称为 release-fence 配对原子操作)之前,所有先前的内存操作都已完成。这满足了 release 的要求。
    //   1. buffer_inv sc1=1
    //   • 必须在任何后续的全局/通用加载/原子加载/存储/原子存储/原子读-修改-写之前发生。
    //   • 确保后续加载不会看到过时的全局数据。这满足了 acquire 的要求。
    Row {
        op: LlvmOp::Fence,
        ord: Ord::AcqRel,
        scopes: &[ScopeLevel::Agent],
        spaces: &[],
        requires: &[],
        code: &[
            Step::Emit(&[], MInstr::BufferWbl2 { sc0: false, sc1: true }),
            Step::Emit(&[Cond::NoTgSplit], MInstr::waitcnt_lgkm(0)),
            Step::Emit(&[], MInstr::waitcnt_vm(0)),
            Step::Emit(&[], MInstr::BufferInv { sc0: false, sc1: true }),
        ],
        en_line: 5688,
        zh_line: 11404,
    },
    // ---- fence / acq_rel / system / *none*
    // en (upstream AMDGPUUsage, this row of the table):
    //   1. buffer_wbl2 sc0=1 sc1=1
    //
    //     - If OpenCL and
    //       address space is
    //       local, omit.
    //     - Must happen before
    //       following s_waitcnt.
    //     - Performs L2 writeback to
    //       ensure previous
    //       global/generic
    //       store/atomicrmw are
    //       visible at system scope.
    //
    //   1. s_waitcnt lgkmcnt(0) &
    //      vmcnt(0)
    //
    //     - If TgSplit execution mode,
    //       omit lgkmcnt(0).
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
    //       buffer_inv.
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
    //   2. buffer_inv sc0=1 sc1=1
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
    //       MTYPE NC global data.
    //       MTYPE RW and CC memory will
    //       never be stale due to the
    //       memory probes.
    // zh (the specification's Chinese AMDGPUUsage, this row), original:
    //   fence (栅栏)
    //   acq_rel (获取-释放)
    //   • system
    //   none
    //   1. buffer_wbl2 sc0=1 sc1=1
    //   • 如果是 OpenCL 且地址空间是本地的,则省略。
    //   • 必须在后续 s_waitcnt 之前发生。
    //   • 执行 L2 写回以确保先前的 global/generic store/atomicrmw 在系统范围内可见。
    //   1. s_waitcnt lgkmcnt(0) & vmcnt(0)
    //   • 如果是 TgSplit 执行模式,则省略 lgkmcnt(0)。
    //   • 如果是 OpenCL 且地址空间不是通用,则省略 lgkmcnt(0)。
    //   • 有关 fence 特定地址空间的更多详细信息,请参见 Fence 和地址空间
    //   • 可以拆分为单独的 s_waitcnt vmcnt(0) 和 s_waitcnt lgkmcnt(0),以允许它们根据以下规则独立移动。
    //   • s_waitcnt vmcnt(0) 必须在任何先前的全局/通用加载/存储/原子加载/原子存储/原子读-修改-写之后发生。
    //   • s_waitcnt lgkmcnt(0) 必须在任何先前的本地/通用加载/存储/原子加载/原子存储/原子读-修改-写之后发生。
    //   • 必须在以下 buffer_inv 之前发生。
    //   • 确保先前的全局/本地/通用原子加载/原子读-修改-写(其同步作用域相等或更宽,并且内存排序强于无序,这被称为 acquire-fence 配对原子操作)在使缓存无效之前已完成。这满足了 acquire 的要求。
    //   • 确保在后续的全局/本地/通用原子存储/原子读-修改-写(其同步作用域相等或更宽,并且内存排序强于无序,这被称为 release-fence 配对原子操作)之前,所有先前的内存操作都已完成。这满足了 release 的要求。
    //   1. buffer_inv sc0=1 sc1=1
    //   • 必须在任何后续的全局/通用加载/原子加载/存储/原子存储/原子读-修改-写之前发生。
    //   • 确保后续加载不会看到过时的 MTYPE NC 全局数据。由于内存探测,MTYPE RW 和 CC 内存永远不会过时。
    //   顺序一致性原子
    Row {
        op: LlvmOp::Fence,
        ord: Ord::AcqRel,
        scopes: &[ScopeLevel::System],
        spaces: &[],
        requires: &[],
        code: &[
            Step::Emit(&[], MInstr::BufferWbl2 { sc0: true, sc1: true }),
            Step::Emit(&[Cond::NoTgSplit], MInstr::waitcnt_lgkm(0)),
            Step::Emit(&[], MInstr::waitcnt_vm(0)),
            Step::Emit(&[], MInstr::BufferInv { sc0: true, sc1: true }),
        ],
        en_line: 5792,
        zh_line: 11446,
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
        en_line: 5898,
        zh_line: 11490,
    },
    // ---- load atomic / seq_cst / workgroup / global, generic
    // en (upstream AMDGPUUsage, this row of the table):
    //   1. s_waitcnt lgkm/vmcnt(0)
    //
    //     - Use lgkmcnt(0) if not
    //       TgSplit execution mode
    //       and vmcnt(0) if TgSplit
    //       execution mode.
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
    //   1. s_waitcnt lgkm/vmcnt(0)
    //   • 如果不是 TgSplit 执行模式,则使用 lgkmcnt(0),如果是 TgSplit 执行模式,则使用 vmcnt(0)。
    //   • s_waitcnt lgkmcnt(0) 必须在先前的 local/generic load atomic/store atomic/atomicrmw(具有 seq_cst 内存排序和相等或更宽的同步范围)之后发生。(请注意,seq_cst fences 有自己的 s_waitcnt lgkmcnt(0),因此无需考虑。)
    //   • s_waitcnt vmcnt(0) 必须在先前的全局/通用原子加载/原子存储/原子读-修改-写之后发生,其内存排序为 seq_cst,并且同步作用域相等或更宽。(请注意,seq_cst fence 有自己的 s_waitcnt vmcnt(0),因此不需要考虑。)
    //   • 确保任何先前的顺序一致的全局/本地内存指令在执行此顺序一致的指令之前完成。这可以防止对 seq_cst store 之后跟随 seq_cst load 进行重新排序。(请注意,seq_cst 比 acquire/release 更强,因为 release 的 s_waitcnt 可以防止 load acquire 后跟 store release 的重新排序,但没有任何东西可以阻止 store release 后跟 load acquire 乱序完成。s_waitcnt 可以放在 seq_store 之后或 seq_load 之前。我们选择 load 以使 s_waitcnt 尽可能晚,以便 store 可能已经完成。)
    //   1. 后续指令与相应的加载原子获取相同,除了即使对于 OpenCL 也必须生成所有指令。
    Row {
        op: LlvmOp::LoadAtomic,
        ord: Ord::SeqCst,
        scopes: &[ScopeLevel::Workgroup],
        spaces: &[Space::Global, Space::Generic],
        requires: &[],
        code: &[
            Step::Emit(&[Cond::NoTgSplit], MInstr::waitcnt_lgkm(0)),
            Step::Emit(&[Cond::TgSplit], MInstr::waitcnt_vm(0)),
            Step::SameAs(LlvmOp::LoadAtomic, Ord::Acquire),
        ],
        en_line: 5903,
        zh_line: 11506,
    },
    // ---- load atomic / seq_cst / workgroup / local
    // en (upstream AMDGPUUsage, this row of the table):
    //   *If TgSplit execution mode,
    //   local address space cannot
    //   be used.*
    //
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
    //   如果是 TgSplit 执行模式,则无法使用本地地址空间。
    //   与相应的加载原子获取相同,除了即使对于 OpenCL 也必须生成所有指令。
    Row {
        op: LlvmOp::LoadAtomic,
        ord: Ord::SeqCst,
        scopes: &[ScopeLevel::Workgroup],
        spaces: &[Space::Local],
        requires: &[Cond::NoTgSplit],
        code: &[
            Step::SameAs(LlvmOp::LoadAtomic, Ord::Acquire),
        ],
        en_line: 5988,
        zh_line: 11528,
    },
    // ---- load atomic / seq_cst / agent, system / global, generic
    // en (upstream AMDGPUUsage, this row of the table):
    //   1. s_waitcnt lgkmcnt(0) &
    //      vmcnt(0)
    //
    //     - If TgSplit execution mode,
    //       omit lgkmcnt(0).
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
    //   • 如果是 TgSplit 执行模式,则省略 lgkmcnt(0)。
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
            Step::Emit(&[Cond::NoTgSplit], MInstr::waitcnt_lgkm(0)),
            Step::Emit(&[], MInstr::waitcnt_vm(0)),
            Step::SameAs(LlvmOp::LoadAtomic, Ord::Acquire),
        ],
        en_line: 5998,
        zh_line: 11540,
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
        en_line: 6091,
        zh_line: 11566,
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
        en_line: 6096,
        zh_line: 11588,
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
        en_line: 6101,
        zh_line: 11610,
    },
];
