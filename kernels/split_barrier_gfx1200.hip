// An LDS exchange through gfx1200's split barrier: s_barrier_signal -1 (the
// workgroup barrier's arrive) and s_barrier_wait -1 (its wait), with a
// workgroup release fence before the signal and an acquire fence after the
// wait, between two wavefronts of 32 lanes.
//
// execution-synchronization.txt, "Barriers": each wave's signal (arrive)
// barrier-executes-before the other wave's wait completes; memory-model.txt,
// "Fence Synchronization": the release fence before the arrive
// synchronizes-with the acquire fence after the wait. Each LDS store
// happens-before the other wave's load: no race, out[w] = 10 + (1 - w).
//
// launch: --target gfx1200 --grid 1 --block 64 --lanes 1
// expect flags: none
// expect memory: out[0] = 11
// expect memory: out[1] = 10
#include "amdmm_hip.h"

__global__ void exchange(int *out) {
  __shared__ int tile[2];
  unsigned w = tid_x() / 32;
  tile[w] = 10 + w;
  __builtin_amdgcn_fence(__ATOMIC_RELEASE, "workgroup");
  __builtin_amdgcn_s_barrier_signal(-1);
  __builtin_amdgcn_s_barrier_wait(-1);
  __builtin_amdgcn_fence(__ATOMIC_ACQUIRE, "workgroup");
  out[w] = tile[1 - w];
}
