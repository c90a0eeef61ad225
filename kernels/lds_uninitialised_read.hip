// Each work-item stores to its LDS slot and reads the other slot, with no
// barrier and no earlier write: LDS has no initial value
// (AMDGPUUsage, "Address Spaces": LDS is allocated per workgroup at
// dispatch, uninitialised).
//
// memory-model.txt, the read rules: "If no write is location-ordered before
// a read R, then R returns undef" — the first rule, before the race rules,
// so the read returns undef without a race: flag `undef`, no `race`.
//
// launch: --grid 1 --block 2
// expect flags: undef
// expect memory: out[0] = undef
// expect memory: out[1] = undef
#include "amdmm_hip.h"

__global__ void exchange(int *out) {
  __shared__ int tile[2];
  unsigned t = tid_x();
  tile[t] = 10 + t;
  out[t] = tile[1 - t];
}
