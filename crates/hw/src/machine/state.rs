//! The state of the hardware model: the waves (program counter, registers,
//! outstanding requests per counter), the queues between the cache levels,
//! the barriers, and the cache contents ([`super::memsys::MemSys`]).

use super::memsys::{self, MemSys};
use crate::isa::{Counter, HwScope, MemOp};
use amdmm_program::{RegId, Ty, Value};

/// A queued vector-memory or LDS request.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Req {
    /// A load of `width` locations from `loc`: 1 for a whole location, the
    /// access's bytes for a byte-level one (docs/semantics.md, "Byte-level
    /// accesses"), whose byte `k` goes to the destination of the program's
    /// instruction `ir + k` (`Explorer::load_parts`).
    Load {
        dst: RegId,
        loc: u32,
        op: MemOp,
        ir: u32,
        width: u8,
    },
    /// A store of `width` locations from `loc` (as for `Load`): byte `k` of a
    /// byte-level store writes `byte_of``(val, k)`.
    Store {
        loc: u32,
        val: Value,
        op: MemOp,
        width: u8,
    },
    Rmw {
        dst: Option<RegId>,
        ok: Option<RegId>,
        loc: u32,
        /// `ir` index: the program instruction (for the operation and operands).
        ir: u32,
        a: Value,
        b: Value,
        op: MemOp,
    },
    /// LDS DMA: for each `(src, dst)`, read global `src` and write LDS
    /// `dst` (several pairs: gfx950's `dwordx3` / `dwordx4` copy, whose
    /// elements are independent reads and writes, complete together).
    Dma { copies: Vec<(u32, u32)>, op: MemOp },
    /// `buffer_wbl2`: write back dirty L2 lines at `system` scope or not.
    Wb { system: bool },
    /// GFX12.5 `global_wb scope:S` (`Explorer::global_wb_ready`).
    GlobalWb { scope: HwScope },
}

/// The counter a vector-memory request is reported on: `vmcnt` (GFX6-GFX11),
/// `s_wait_loadcnt` (GFX12+).
pub(super) const LOADCNT: u8 = 0;
/// `vscnt` (GFX10-GFX11), `s_wait_storecnt` (GFX12+).
pub(super) const STORECNT: u8 = 1;
/// `s_wait_asynccnt` (GFX12.5 LDS DMA).
pub(super) const ASYNCCNT: u8 = 2;

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(super) struct Wave {
    pub(super) pc: u32,
    pub(super) regs: Vec<Value>,
    /// One bit per register of `regs`: set once an instruction wrote it. A
    /// register no executed instruction wrote (on a branch not taken) is
    /// shown `unwritten`, as the memory model shows it, not `undef`
    /// (docs/format.md, "Values").
    pub(super) written: Vec<u64>,
    pub(super) pending: Vec<RegId>,
    /// Vector-memory requests not yet reported complete, in issue order.
    pub(super) vm: Vec<VmEntry>,
    pub(super) next_id: u32,
    /// LDS queue, performed in order.
    pub(super) lds: Vec<Req>,
    pub(super) halted: bool,
    pub(super) back_edges: u32,
    /// Waiting at the workgroup barrier for the phase after this one.
    pub(super) barrier: Option<u32>,
    /// GFX12.5: the named barrier (0-16) of the wave's latest
    /// `s_barrier_join`, and whether no `s_barrier_leave` dropped it since.
    pub(super) join: Option<(u8, bool)>,
    /// GFX12.5: the wave's arrive on a named barrier not yet waited for
    /// (barrier, phase).
    pub(super) named_arrive: Option<(u8, u32)>,
    /// GFX12.5: the first phase of its cluster barrier a wait of this wave
    /// may complete with (the phases before it were waited for).
    pub(super) cluster_next: u32,
}

/// A GFX12.5 barrier object other than the work-group barrier: a named
/// barrier (1-16) of a work-group, or the cluster barrier `-3` of a
/// cluster (execution-synchronization.txt, "Execution Model": "Each barrier
/// *object* has the following state: [...] *expected count* [...] *arrive
/// count*").
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub(super) struct BarObj {
    /// `None`: a named barrier no `s_barrier_init` has initialised.
    pub(super) expected: Option<u32>,
    pub(super) arrived: u32,
    /// The open phase (the number of phases completed or discarded before it).
    pub(super) phase: u32,
    /// Phases an `s_barrier_init` discarded: their waits never complete.
    pub(super) dead: Vec<u32>,
}

impl BarObj {
    /// Has phase `p` completed?
    pub(super) fn completed(&self, p: u32) -> bool {
        p < self.phase && !self.dead.contains(&p)
    }

    /// "When an operation causes *arrive count* to be equal to *expected
    /// count*, the barrier is completed, and the *arrive count* is reset to
    /// zero." (execution-synchronization.txt, "Execution Model").
    pub(super) fn complete_if_equal(&mut self) {
        if self.expected == Some(self.arrived) {
            self.arrived = 0;
            self.phase += 1;
        }
    }
}

/// Where a vector-memory request is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(super) enum Stage {
    /// Issued, not yet processed by the CU's L1.
    Queued,
    /// Sent from the L1 towards the L2 (in a channel queue).
    InFlight,
    /// GFX12.5 `global_wb`: taken from its SIMD32-pair queue, the writes the
    /// WGP$ passed on before it are marked; waiting for them
    /// (`Explorer::global_wb_ready`).
    Marked,
    Done,
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(super) struct VmEntry {
    pub(super) id: u32,
    pub(super) req: Req,
    pub(super) stage: Stage,
    /// The counter that reports it ([`LOADCNT`], [`STORECNT`], [`ASYNCCNT`]).
    pub(super) cnt: u8,
}

/// A request in a CU's queue towards the L2.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(super) struct ChanReq {
    pub(super) wave: u32,
    pub(super) id: u32,
    pub(super) loc: u32,
    pub(super) kind: ChanKind,
    /// GFX12.5: a store already acknowledged by a cache of its scope (its
    /// request `id` is no longer the wave's), written through to the L2.
    pub(super) acked: bool,
    /// GFX12.5: issued before a `global_wb` of its wave, which waits for it.
    pub(super) before_wb: bool,
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(super) enum ChanKind {
    Write {
        val: Value,
        through: bool,
        /// Where the store is acknowledged ([`memsys::store_ack`]).
        ack: memsys::Ack,
    },
    Fetch {
        system: bool,
        to: FetchTo,
        /// GFX10-GFX11: the GL1 may serve it ([`memsys::gl1_hit_allowed`]).
        gl1_ok: bool,
    },
    Atomic {
        ir: u32,
        a: Value,
        b: Value,
        dst: Option<RegId>,
        ok: Option<RegId>,
    },
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(super) enum FetchTo {
    Reg(RegId),
    Lds(u32),
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(super) struct State {
    pub(super) waves: Vec<Wave>,
    pub(super) mem: MemSys,
    /// Per CU: requests on their way from the L1 to the L2 (GFX10-GFX11:
    /// from the L0 to the GL1).
    pub(super) chan: Vec<Vec<ChanReq>>,
    /// GFX10-GFX11, per shader array: requests on their way from the GL1 to
    /// the L2.
    pub(super) chan2: Vec<Vec<ChanReq>>,
    /// Per workgroup index: (arrived count, phase).
    pub(super) bars: Vec<(u32, u32)>,
    /// GFX12.5 named barriers 1-16: work-group index `g`'s barrier `id` is
    /// `named[16 * g + id - 1]` (empty when the code uses none).
    pub(super) named: Vec<BarObj>,
    /// GFX12.5 cluster barrier `-3`, per cluster index (empty when unused).
    pub(super) cluster: Vec<BarObj>,
    /// Per work-group index: the phase of its cluster barrier in which it
    /// last arrived ("only one wave per workgroup may arrive at the barrier
    /// on behalf of its entire workgroup").
    pub(super) wg_cluster_arrive: Vec<Option<u32>>,
    /// GFX12.5, per WGP$ SIMD32-pair ([`Geometry::pair_queue`]): the
    /// vector-memory and LDS requests issued and not yet taken by the WGP$
    /// or the LDS, in issue order ([`Explorer::pair_step`]).
    pub(super) pairq: Vec<Vec<PairReq>>,
}

/// A request in a GFX12.5 SIMD32-pair queue: wave `wave`'s vector-memory
/// request `id` (`Some`), or its oldest LDS request (`None`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(super) struct PairReq {
    pub(super) wave: u32,
    pub(super) id: Option<u32>,
}

pub(super) fn push_vm(w: &mut Wave, req: Req, cnt: u8) {
    w.vm.push(VmEntry {
        id: w.next_id,
        req,
        stage: Stage::Queued,
        cnt,
    });
    w.next_id += 1;
}

/// The machine's number for a vector-memory counter of [`MemOp::vm_counter`].
pub(super) fn vm_cnt(c: Counter) -> u8 {
    match c {
        Counter::Store => STORECNT,
        Counter::Async => ASYNCCNT,
        _ => LOADCNT,
    }
}

/// Counts a `flat_*` access that reaches the LDS on its vector-memory
/// counter `cnt` as well (the LDS queue performs it). AMDGPUUsage's tables
/// await a generic access with both counters ("s_waitcnt vmcnt(0) must
/// happen after any preceding global/generic ..." and "s_waitcnt
/// lgkmcnt(0) must happen after any preceding local/generic ..."), and no
/// text says when the counter of the memory a flat access does not reach
/// reports it. Choice (docs/semantics.md, "Generic pointers"): it is
/// complete at once, so it is reported as soon as every earlier request of
/// its counter is ([`unreported`]); a `vmcnt(k)` wait counts it in its
/// place, as the async marks of the lowering do, and a `vmcnt(0)` wait does
/// not wait for the LDS to perform it. A later report would only make
/// waits longer, which gives no outcome this does not. The LDS-counter
/// half of a `flat_*` access to global memory is not tracked, for the same
/// reason: `lgkmcnt` waits complete no later than on the hardware.
pub(super) fn push_reported(w: &mut Wave, cnt: u8, req: Req) {
    w.vm.push(VmEntry {
        id: w.next_id,
        req,
        stage: Stage::Done,
        cnt,
    });
    w.next_id += 1;
    pop_done(w);
}

/// The requests of one counter not yet reported complete. GFX6-GFX942:
/// "completion is reported to a wavefront in execution order"; GFX10-GFX11:
/// "vmcnt reports completion of load, atomic with return and sample
/// instructions in order, and the vscnt reports the completion of store and
/// atomic without return in order": a request is reported once it and every
/// earlier request *of its counter* are complete. GFX12+: the same per
/// type (`loadcnt`, `storecnt`, GFX12.5 `asynccnt`; see the `s_wait_*cnt`
/// case of [`Explorer::issue_machine`]).
pub(super) fn unreported(w: &Wave, cnt: u8) -> usize {
    match w
        .vm
        .iter()
        .position(|e| e.cnt == cnt && e.stage != Stage::Done)
    {
        Some(i) => w.vm[i..].iter().filter(|e| e.cnt == cnt).count(),
        None => 0,
    }
}

/// Drops the requests that have been reported complete.
pub(super) fn pop_done(w: &mut Wave) {
    let mut open = [false; 3];
    w.vm.retain(|e| {
        let c = (e.cnt as usize).min(2);
        let keep = e.stage != Stage::Done || open[c];
        if e.stage != Stage::Done {
            open[c] = true;
        }
        keep
    });
    if w.vm.is_empty() {
        // Ids only need to be unique among outstanding requests.
        w.next_id = 0;
    }
}

pub(super) fn set(w: &mut Wave, r: RegId, v: Value) {
    if let Some(slot) = w.regs.get_mut(r as usize) {
        *slot = v;
        if let Some(word) = w.written.get_mut(r as usize / 64) {
            *word |= 1 << (r as usize % 64);
        }
    }
    w.pending.retain(|&x| x != r);
}

/// Has an executed instruction written register `r` of the wave?
pub(super) fn written(w: &Wave, r: RegId) -> bool {
    w.written
        .get(r as usize / 64)
        .is_some_and(|word| word >> (r as usize % 64) & 1 == 1)
}

/// Byte `k` (little-endian, 0 the lowest) of the value `v` a byte-level
/// store writes: what the memory model's one-byte store `k` writes
/// (docs/semantics.md, "Byte-level accesses").
pub(super) fn byte_of(v: Value, k: u32) -> Value {
    match v {
        Value::Int(x) => Value::Int(Ty::I8.wrap(x.checked_shr(8 * k).unwrap_or(x >> 63))),
        Value::Undef => Value::Undef,
    }
}
