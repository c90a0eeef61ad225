// Message passing with a relaxed (monotonic) flag: no synchronization.
//
// memory-model.txt, "Synchronizes With" needs a release and an acquire; with
// monotonic accesses the store of `data` (line 18) is not location-ordered
// before the load of `data` (line 22), which may see it: the value rules
// make the load return undef, a data race ("Location Order" and the read
// rules of "Memory Model").
//
// launch: --grid 2 --block 1
// expect flags: race cutoff
// expect race: 18 22
// expect memory: out[0] in {undef}
#include "amdmm_hip.h"

__global__ void mp(int *data, int *flag, int *out) {
  if (wg_x() == 0) {
    // the racy write
    data[0] = 42;
    __hip_atomic_store(flag, 1, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_AGENT);
  } else {
    while (__hip_atomic_load(flag, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_AGENT) == 0) {}
    out[0] = data[0];
  }
}
