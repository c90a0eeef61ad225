// A float accumulator and histogram with atomicAdd on float: each of three
// workgroups scales its input by 2 (fmul), adds it to `sum` with a relaxed
// agent-scope atomic fadd, compares it with 0 (fcmp) and adds 1.0 to the
// bin of its sign.
//
// LangRef, "'atomicrmw' Instruction": "fadd: *ptr = *ptr + val", each add
// atomic and rounded to float (round to nearest even: LangRef,
// "Floating-Point Environment"); memory-model.txt: the atomic
// read-modify-writes of `sum` follow its modification order, in any of the
// 3! orders. Float addition is not associative: with x = {1e8, 1, -1e8}
// (ulp(1e8) = 8 in float), 1e8 + 1 rounds to 1e8, so the orders that add 1
// next to +-1e8 end at 0.0 and those that add it after they cancel end at
// 1.0: sum[0] in {0.0, 1.0}. The bins count the signs in every order:
// bins = {1.0 (one negative), 2.0}. No race (every access is atomic).
//
// launch: --grid 3 --block 1 --arg in=float[3] --arg sum=float[1] --arg bins=float[2] --init in[0]=5e7 --init in[1]=0.5 --init in[2]=-5e7
// expect flags: none
// expect memory: sum[0] in {0.0, 1.0}
// expect memory: bins[0] = 1.0
// expect memory: bins[1] = 2.0
#include "amdmm_hip.h"

__global__ void accumulate(const float *in, float *sum, float *bins) {
  unsigned w = wg_x();
  float x = in[w] * 2.0f;
  __hip_atomic_fetch_add(sum, x, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_AGENT);
  int b = x > 0.0f ? 1 : 0;
  __hip_atomic_fetch_add(&bins[b], 1.0f, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_AGENT);
}
