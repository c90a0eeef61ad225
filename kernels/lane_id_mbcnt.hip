// Lane ids and lane counting with mbcnt: HIP's __lane_id() is
// mbcnt_hi(~0, mbcnt_lo(~0, 0)), the number of lanes below this one in
// its wavefront; with a mask loaded from memory (`mask[0] = 5`, lanes 0
// and 2), mbcnt counts the mask's set bits below the lane, the position
// of a lane among the selected ones (the first step of a wave-level
// prefix sum or stream compaction).
//
// AMD "Vega" ISA, V_MBCNT_LO_U32_B32 / V_MBCNT_HI_U32_B32: "ThreadMask =
// (1LL << ThreadPosition) - 1; MaskedValue = (S0.u & ThreadMask[31:0]);
// D.u = S1.u + CountOneBits(MaskedValue)" (hi: ThreadMask[63:32]); the
// thread position is the work-item's lane, L % wave_size for the
// workgroup's work-item L (execution-synchronization, "Hardware Model").
// With a block of 128 in waves of 64 and --lanes 3, the modelled
// work-items are 0, 1, 2 (lanes 0-2 of wave 0) and 64, 65, 66 (lanes 0-2
// of wave 1): lane ids 0, 1, 2, 0, 1, 2, and set bits of 0b101 below
// lanes 0, 1, 2: 0, 1, 1. Each work-item writes its own elements: no race.
//
// launch: --grid 1 --block 128 --wave-size 64 --lanes 3 --arg lane=i32[128] --arg rank=i32[128] --arg mask=i32[1] --init mask[0]=5
// expect flags: none
// expect memory: lane[0] = 0
// expect memory: lane[2] = 2
// expect memory: lane[64] = 0
// expect memory: lane[66] = 2
// expect memory: rank[0] = 0
// expect memory: rank[1] = 1
// expect memory: rank[2] = 1
// expect memory: rank[65] = 1
// expect memory: rank[66] = 1
#include "amdmm_hip.h"

__global__ void lanes(int *lane, int *rank, const unsigned *mask) {
  unsigned t = tid_x();
  lane[t] = __builtin_amdgcn_mbcnt_hi(~0u, __builtin_amdgcn_mbcnt_lo(~0u, 0u));
  unsigned m = mask[0];
  rank[t] = __builtin_amdgcn_mbcnt_hi(0u, __builtin_amdgcn_mbcnt_lo(m, 0u));
}
