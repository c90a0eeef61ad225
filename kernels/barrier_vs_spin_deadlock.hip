// Two wavefronts wait on each other: wave 0 waits at the barrier (line 22)
// before it sets the flag; wave 1 spins on the flag (line 25) before it
// arrives at the barrier.
//
// execution-synchronization.txt, "Barriers": the barrier's wait completes
// only when every joined wave has arrived; wave 1 arrives only after it
// reads flag = 1, which wave 0 stores only after its wait completes. No
// execution completes: the spin loop is cut off at every --loop-bound, and
// the report says "no execution completes". amdmm flags a deadlock only in
// executions whose paths have ended (a cut-off path has not), so the flag
// is `cutoff` alone, with no complete execution (docs/kernels.md, "Spin
// loops and deadlocks").
//
// launch: --grid 1 --block 128 --lanes 1
// expect flags: cutoff
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
