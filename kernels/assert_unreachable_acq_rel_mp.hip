// The assertion of assert_reachable_relaxed_mp.hip that cannot fail: the
// flag is written with release and read with acquire (agent scope).
//
// memory-model.txt, "Synchronizes With": the release store and the
// acquire load that reads it synchronize, so the store of 42 to `data`
// happens-before the consumer's load and is location-ordered after the
// initial write; the load may not see the initial 0 ("If a write W1 is
// location-ordered before a write W2, and W2 is location-ordered before a
// read R, then R may not see W1"), reads 42, and __builtin_trap is never
// reached: no `assert` flag. Spins past --loop-bound are cut off.
//
// launch: --grid 2 --block 1
// expect flags: cutoff
#include "amdmm_hip.h"

__global__ void mp(int *data, int *flag) {
  if (wg_x() == 0) {
    __hip_atomic_store(data, 42, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_AGENT);
    __hip_atomic_store(flag, 1, __ATOMIC_RELEASE, __HIP_MEMORY_SCOPE_AGENT);
  } else {
    while (__hip_atomic_load(flag, __ATOMIC_ACQUIRE, __HIP_MEMORY_SCOPE_AGENT) == 0) {
    }
    if (__hip_atomic_load(data, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_AGENT) != 42)
      __builtin_trap();
  }
}
