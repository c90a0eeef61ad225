// Two work-items exchange values through LDS with __syncthreads() between
// the writes and the reads.
//
// __syncthreads() is a workgroup release fence, s_barrier, a workgroup
// acquire fence. execution-synchronization.txt, "Barriers": the barrier's
// arrive of each wave barrier-executes-before the other's wait completes;
// memory-model.txt, "Fence Synchronization": the release fence before the
// arrive synchronizes-with the acquire fence after the wait. Each LDS store
// happens-before the other work-item's load: no race, out[t] = 1 - t + 10.
//
// launch: --grid 1 --block 2
// expect flags: none
// expect memory: out[0] = 11
// expect memory: out[1] = 10
#include "amdmm_hip.h"

__global__ void exchange(int *out) {
  __shared__ int tile[2];
  unsigned t = tid_x();
  tile[t] = 10 + t;
  __syncthreads();
  out[t] = tile[1 - t];
}
