// Message passing across workgroups with an agent-scope release store and a
// spinning agent-scope acquire load.
//
// memory-model.txt, "Synchronizes With": the release store of `flag` and the
// acquire load that reads it are atomics with inclusive (agent) scopes, so
// the store synchronizes-with the load; the plain store of `data` happens
// before the plain load, which is location-ordered after it and returns 42.
// Executions where the spin loop runs past --loop-bound are cut off (flag
// `cutoff`), never reported as races.
//
// launch: --grid 2 --block 1
// expect flags: cutoff
// expect memory: out[0] = 42
#include "amdmm_hip.h"

__global__ void mp(int *data, int *flag, int *out) {
  if (wg_x() == 0) {
    data[0] = 42;
    __hip_atomic_store(flag, 1, __ATOMIC_RELEASE, __HIP_MEMORY_SCOPE_AGENT);
  } else {
    while (__hip_atomic_load(flag, __ATOMIC_ACQUIRE, __HIP_MEMORY_SCOPE_AGENT) == 0) {
    }
    out[0] = data[0];
  }
}
