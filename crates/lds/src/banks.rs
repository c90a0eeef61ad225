//! Bank mapping, conflict degree and the cycle model.
//!
//! The seed fixes the bank geometry and the bounds; it is silent on how
//! multi-dword accesses, two-address forms and wave32 are scheduled. Every
//! choice the seed does not make is in [`model`], and nowhere else, so it can
//! be corrected in one place (`docs/lds.md` gives the reasoning).

use crate::addressing::LaneAccesses;
use crate::instr::Kind;
use serde::Serialize;
use std::collections::BTreeSet;

/// "分为32个库" — 32 banks.
pub const BANKS: u32 = 32;

/// "每库512个双字" — 512 dwords per bank (32 × 512 × 4 bytes = 64 KiB).
pub const DWORDS_PER_BANK: u32 = 512;

/// Bytes per dword, the unit of interleaving.
pub const DWORD_BYTES: u32 = 4;

/// The bank of a physical byte address: "双字按顺序放入各个存储体" (dwords are
/// placed into the banks in order), i.e. dword `d` is in bank `d mod 32`.
pub fn bank(physical: u32) -> u32 {
    (physical / DWORD_BYTES) % BANKS
}

/// The row of a dword inside its bank (0..512).
pub fn row(physical: u32) -> u32 {
    (physical / DWORD_BYTES / BANKS) % DWORDS_PER_BANK
}

/// The scheduling choices the seed leaves open, in one place.
pub mod model {
    use crate::instr::Kind;

    /// Dwords the bank array serves in one cycle without a conflict: one per
    /// bank. From "所有存储体可以同时执行存储或加载操作" (all banks can load or
    /// store at the same time), "有可能并发执行32条写入或读取指令,每条指令名义上为
    /// 32位" (32 reads or writes, each nominally 32 bits, can execute
    /// concurrently) and "每个存储体是一个……双端口RAM(每个时钟周期可1读1写)"
    /// (each bank is a dual-port RAM, one read and one write per clock).
    pub const DWORDS_PER_CYCLE: u32 = super::BANKS;

    /// Lanes served together (a "pass"): as many as fit in
    /// [`DWORDS_PER_CYCLE`] when each lane moves `dwords_per_lane` dwords.
    ///
    /// For 32-bit accesses this is 32 lanes, so a conflict-free wave64 takes
    /// two passes of one cycle each, which is the seed's lower bound
    /// "操作最快可在两个周期内完成" (an operation can complete in as few as two
    /// cycles); 32 lanes with distinct addresses in one bank take 32 cycles
    /// per pass, 64 in all, the upper bound "最多可能需要64个周期" (it may take
    /// up to 64 cycles).
    ///
    /// Chosen (the seed is silent): a 64-bit access or a `read2`/`write2`
    /// pair of 32-bit accesses moves 2 dwords, so 16 lanes a pass; 128 bits
    /// or two 64-bit accesses, 8 lanes a pass. Wave32 uses the same passes
    /// (it has half as many of them). The "four-cycle waterfall" of reads
    /// ("跨波前的读取操作以瀑布式分四个周期调度") describes how the wave's
    /// requests are issued, not how many bank cycles they cost, so it adds
    /// nothing to the count. See `docs/lds.md`.
    pub fn lanes_per_pass(dwords_per_lane: u32) -> u32 {
        (DWORDS_PER_CYCLE / dwords_per_lane.max(1)).max(1)
    }

    /// Whether several lanes reading (or writing) the same dword in one pass
    /// share one bank access (a broadcast) instead of conflicting.
    ///
    /// The seed defines a conflict as "同一时间对同一存储体进行多次访问尝试"
    /// (several access attempts to the same bank at the same time) and says
    /// the hardware serialises them "对于索引和原子操作" (for indexed and atomic
    /// operations). Chosen: identical addresses of loads and stores are one
    /// access (a load broadcasts the dword; for a store, one lane's value
    /// lands — which one is not modelled); atomics never merge, because each
    /// lane's read-modify-write must be applied in turn.
    pub fn merges_identical(kind: Kind) -> bool {
        kind != Kind::Atomic
    }

    /// Cycles a pass takes given its conflict degree (the largest number of
    /// distinct accesses to one bank). A pass whose accesses were all
    /// clamped still occupies one cycle (chosen).
    pub fn pass_cycles(conflict: u32) -> u32 {
        conflict.max(1)
    }
}

/// One group of lanes served together.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, schemars::JsonSchema)]
pub struct Pass {
    /// Pass number, from 0.
    pub index: u32,
    /// First lane of the pass.
    pub first_lane: u32,
    /// Last lane of the pass.
    pub last_lane: u32,
    /// Cycle (from 0) at which the pass starts.
    pub start_cycle: u32,
    /// Cycles the pass takes.
    pub cycles: u32,
    /// Conflict degree: the most distinct accesses to one bank (1 = none).
    pub conflict: u32,
    /// Distinct accesses per bank (32 entries).
    pub bank_load: Vec<u32>,
    /// Banks with the highest load (empty when nothing reached a bank).
    pub worst_banks: Vec<u32>,
}

/// Where one dword of one access lands.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, schemars::JsonSchema)]
pub struct Dword {
    /// Physical byte address of the dword.
    pub physical: u32,
    /// Its bank.
    pub bank: u32,
    /// Served by another lane's access to the same dword in the same pass.
    pub broadcast: bool,
    /// The access was clamped: the dword never reaches its bank.
    pub clamped: bool,
}

/// The schedule of one instruction for one wave.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Schedule {
    /// Lanes per pass.
    pub lanes_per_pass: u32,
    /// Dwords each lane moves (the shape of the instruction).
    pub dwords_per_lane: u32,
    /// The passes, in order.
    pub passes: Vec<Pass>,
    /// Total cycles.
    pub cycles: u32,
    /// Fewest cycles this instruction can take (every pass conflict-free).
    pub min_cycles: u32,
    /// Most cycles it can take (every access of a pass in one bank).
    pub max_cycles: u32,
    /// Worst conflict degree over the passes.
    pub max_conflict: u32,
    /// Dword accesses merged into another lane's (broadcasts).
    pub broadcasts: u32,
    /// Accesses clamped by `MIN(M0, LDS_SIZE)`.
    pub clamped: u32,
    /// Per lane, per access, per dword: where it lands.
    pub dwords: Vec<Vec<Vec<Dword>>>,
}

/// Schedules the accesses of one wave of one instruction of kind `kind`.
pub fn schedule(kind: Kind, lanes: &[LaneAccesses]) -> Schedule {
    let accesses_per_lane = lanes.iter().map(|l| l.accesses.len()).max().unwrap_or(1) as u32;
    let dwords_per_access = lanes
        .iter()
        .flat_map(|l| &l.accesses)
        .map(|a| a.bytes / DWORD_BYTES)
        .max()
        .unwrap_or(1);
    let dwords_per_lane = accesses_per_lane * dwords_per_access;
    let per_pass = model::lanes_per_pass(dwords_per_lane);
    let merge = model::merges_identical(kind);
    let mut passes = Vec::new();
    let mut dwords = Vec::with_capacity(lanes.len());
    let (mut cycle, mut max_conflict, mut broadcasts, mut clamped) = (0, 0, 0, 0);
    for (index, chunk) in (0u32..).zip(lanes.chunks(per_pass as usize)) {
        let mut load = vec![0u32; BANKS as usize];
        // Dwords already served in this pass, for broadcasts.
        let mut seen = BTreeSet::new();
        for lane in chunk {
            let mut lane_dwords = Vec::with_capacity(lane.accesses.len());
            for a in &lane.accesses {
                clamped += u32::from(a.clamped);
                let mut acc = Vec::new();
                for d in 0..a.bytes / DWORD_BYTES {
                    let physical = a.physical.wrapping_add(d * DWORD_BYTES);
                    let b = bank(physical);
                    let mut broadcast = false;
                    if !a.clamped {
                        if merge && !seen.insert(physical) {
                            broadcast = true;
                            broadcasts += 1;
                        } else {
                            load[b as usize] += 1;
                        }
                    }
                    acc.push(Dword {
                        physical,
                        bank: b,
                        broadcast,
                        clamped: a.clamped,
                    });
                }
                lane_dwords.push(acc);
            }
            dwords.push(lane_dwords);
        }
        let conflict = load.iter().copied().max().unwrap_or(0);
        let worst_banks = if conflict == 0 {
            Vec::new()
        } else {
            (0..BANKS)
                .filter(|&b| load[b as usize] == conflict)
                .collect()
        };
        let cycles = model::pass_cycles(conflict);
        max_conflict = max_conflict.max(conflict);
        passes.push(Pass {
            index,
            first_lane: chunk.first().map_or(0, |l| l.lane),
            last_lane: chunk.last().map_or(0, |l| l.lane),
            start_cycle: cycle,
            cycles,
            conflict,
            bank_load: load,
            worst_banks,
        });
        cycle += cycles;
    }
    let n = passes.len() as u32;
    Schedule {
        lanes_per_pass: per_pass,
        dwords_per_lane,
        passes,
        cycles: cycle,
        min_cycles: n,
        // The dwords of one access are consecutive, hence in different banks,
        // so the worst pass puts one dword of every access in one bank.
        max_cycles: n * per_pass * accesses_per_lane,
        max_conflict,
        broadcasts,
        clamped,
        dwords,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::addressing::{compute, Params};
    use crate::instr::lookup;

    fn run(name: &str, wave: u32, f: impl Fn(u32) -> u32, p: Params) -> Schedule {
        let i = lookup(name).unwrap();
        let v: Vec<u32> = (0..wave).map(f).collect();
        schedule(i.kind, &compute(&i, &v, &p).unwrap())
    }

    fn d() -> Params {
        Params::default()
    }

    #[test]
    fn dwords_interleave_across_32_banks() {
        assert_eq!(bank(0), 0);
        assert_eq!(bank(4), 1);
        assert_eq!(bank(124), 31);
        assert_eq!(bank(128), 0);
        assert_eq!(bank(132), 1);
        assert_eq!(row(128), 1);
        assert_eq!(row(65532), 511);
        assert_eq!(BANKS * DWORDS_PER_BANK * DWORD_BYTES, 65536);
    }

    #[test]
    fn passes_by_width() {
        assert_eq!(model::lanes_per_pass(1), 32);
        assert_eq!(model::lanes_per_pass(2), 16);
        assert_eq!(model::lanes_per_pass(4), 8);
        assert_eq!(model::lanes_per_pass(8), 4);
    }

    /// Stride 1 dword: lanes 0..31 hit banks 0..31, one each: 2 passes × 1.
    #[test]
    fn stride_1_is_conflict_free_in_2_cycles() {
        let s = run("ds_read_b32", 64, |l| l * 4, d());
        assert_eq!(
            (s.cycles, s.max_conflict, s.min_cycles, s.max_cycles),
            (2, 1, 2, 64)
        );
        assert_eq!(s.passes.len(), 2);
    }

    /// Stride 32 dwords: every lane in bank 0 → 32 cycles per pass, 64 total.
    #[test]
    fn stride_32_is_the_worst_case() {
        let s = run("ds_read_b32", 64, |l| l * 128, d());
        assert_eq!((s.cycles, s.max_conflict), (64, 32));
        assert_eq!(s.passes[0].worst_banks, vec![0]);
    }

    /// Stride 2 dwords: lanes 0..15 on even banks, 16..31 wrap onto them → 2-way.
    #[test]
    fn stride_2_is_2_way() {
        let s = run("ds_read_b32", 64, |l| l * 8, d());
        assert_eq!((s.cycles, s.max_conflict), (4, 2));
    }

    /// Stride 33 dwords: bank = 33·lane mod 32 = lane mod 32 → conflict-free.
    #[test]
    fn stride_33_is_conflict_free() {
        let s = run("ds_read_b32", 64, |l| l * 132, d());
        assert_eq!((s.cycles, s.max_conflict), (2, 1));
    }

    /// One address for all lanes: one access per pass for loads, 31
    /// broadcasts per pass; atomics serialise.
    #[test]
    fn broadcast_and_atomic_serialisation() {
        let s = run("ds_read_b32", 64, |_| 64, d());
        assert_eq!((s.cycles, s.max_conflict, s.broadcasts), (2, 1, 62));
        let s = run("ds_add_u32", 64, |_| 64, d());
        assert_eq!((s.cycles, s.max_conflict, s.broadcasts), (64, 32, 0));
    }

    /// b64: 16 lanes a pass; stride 8 bytes covers 32 banks → 4 cycles.
    /// b128: 8 lanes a pass → 8 cycles.
    #[test]
    fn wide_accesses() {
        let s = run("ds_read_b64", 64, |l| l * 8, d());
        assert_eq!((s.cycles, s.max_conflict, s.max_cycles), (4, 1, 64));
        let s = run("ds_read_b128", 64, |l| l * 16, d());
        assert_eq!((s.cycles, s.max_conflict, s.max_cycles), (8, 1, 64));
        // b64 at stride 128 bytes: 16 lanes in banks 0-1 → 16 per pass × 4.
        let s = run("ds_read_b64", 64, |l| l * 128, d());
        assert_eq!((s.cycles, s.max_conflict), (64, 16));
    }

    #[test]
    fn wave32_has_half_the_passes() {
        let s = run("ds_read_b32", 32, |l| l * 4, d());
        assert_eq!((s.cycles, s.min_cycles, s.max_cycles), (1, 1, 32));
        let s = run("ds_read_b32", 32, |l| l * 128, d());
        assert_eq!((s.cycles, s.max_conflict), (32, 32));
    }

    #[test]
    fn clamped_accesses_do_not_reach_a_bank() {
        // m0 = 64 bytes, stride 128: only lane 0 (address 0) is in range.
        let p = Params { m0: 64, ..d() };
        let s = run("ds_read_b32", 64, |l| l * 128, p);
        // Pass 0 has one access (conflict 1), pass 1 none (still 1 cycle).
        assert_eq!(s.clamped, 63);
        assert_eq!((s.passes[0].conflict, s.passes[1].conflict), (1, 0));
        assert_eq!(s.cycles, 2);
    }
}
