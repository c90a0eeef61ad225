// gfx1200's split barrier with independent work between the signal and the
// wait: each wavefront stores its LDS slot, signals, does unrelated global
// work, waits, then reads the other wave's slot.
//
// execution-synchronization.txt, "Barriers": the wait completes only after
// both waves' signals (arrives); the release fence before each signal and
// the acquire fence after each wait synchronize (memory-model.txt, "Fence
// Synchronization"), so the slots are exchanged without a race; the work
// between touches only the wave's own element of `scratch`.
//
// launch: --target gfx1200 --grid 1 --block 64 --lanes 1
// expect flags: none
// expect memory: out[0] = 11
// expect memory: out[1] = 10
// expect memory: scratch[0] = 5
// expect memory: scratch[1] = 5
#include "amdmm_hip.h"

__global__ void exchange(int *out, int *scratch) {
  __shared__ int tile[2];
  unsigned w = tid_x() / 32;
  tile[w] = 10 + w;
  __builtin_amdgcn_fence(__ATOMIC_RELEASE, "workgroup");
  __builtin_amdgcn_s_barrier_signal(-1);
  scratch[w] = 5;
  __builtin_amdgcn_s_barrier_wait(-1);
  __builtin_amdgcn_fence(__ATOMIC_ACQUIRE, "workgroup");
  out[w] = tile[1 - w];
}
