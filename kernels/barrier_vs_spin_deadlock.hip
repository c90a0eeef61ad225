// Two wavefronts wait on each other: wave 0 waits at the barrier (line 24)
// before it sets the flag; wave 1 spins on the flag (line 27) before it
// arrives at the barrier.
//
// execution-synchronization.txt, "Barriers": the barrier's wait completes
// only when every joined wave has arrived; wave 1 arrives only after it
// reads flag = 1, which wave 0 stores only after its wait completes. The
// spin loop's last read sees the last write of flag (its initial 0: wave 0
// is blocked before its store), so by coherence no later iteration can see
// anything else: the loop never exits, wave 1 never arrives nor ends (a
// wave drops the barrier only when it ends, "Init, Join and Drop"), and
// wave 0's wait never completes. amdmm reports the deadlock at the
// barrier's line (24) and the spinning wave's loop, not a loop cutoff
// (docs/kernels.md, "Spin loops and deadlocks").
//
// launch: --grid 1 --block 128 --lanes 1
// expect flags: deadlock
// expect deadlock: 24
#include "amdmm_hip.h"

__global__ void wait_each_other(int *flag) {
  unsigned t = tid_x();
  if (t < 64) {
    __syncthreads();
    __hip_atomic_store(flag, 1, __ATOMIC_RELEASE, __HIP_MEMORY_SCOPE_WORKGROUP);
  } else {
    while (__hip_atomic_load(flag, __ATOMIC_ACQUIRE, __HIP_MEMORY_SCOPE_WORKGROUP) == 0) {}
    __syncthreads();
  }
}
