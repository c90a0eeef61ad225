// An assertion that can fail: message passing with relaxed atomics only.
// The consumer sees flag = 1 and asserts that data is 42.
//
// memory-model.txt: relaxed (monotonic) atomics do not synchronize
// ("Synchronizes With" needs release and acquire), so the load of `data`
// may see either its initial 0 or 42 (both are atomics with inclusive
// agent scopes, the second value rule); reading 0 reaches __builtin_trap
// (llvm.trap): the assertion at line 24 is reachable. Spins past
// --loop-bound are cut off.
//
// launch: --grid 2 --block 1
// expect flags: assert cutoff
// expect assert: 24
#include "amdmm_hip.h"

__global__ void mp(int *data, int *flag) {
  if (wg_x() == 0) {
    __hip_atomic_store(data, 42, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_AGENT);
    __hip_atomic_store(flag, 1, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_AGENT);
  } else {
    while (__hip_atomic_load(flag, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_AGENT) == 0) {
    }
    if (__hip_atomic_load(data, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_AGENT) != 42)
      __builtin_trap();
  }
}
