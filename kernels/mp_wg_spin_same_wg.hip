// Message passing between two wavefronts of one workgroup with a
// workgroup-scope release store and a spinning workgroup-scope acquire load.
//
// memory-model.txt, "Synchronizes With": both atomics are in one workgroup,
// so their workgroup scopes are inclusive and the release store
// synchronizes-with the acquire load that reads it; the plain store of
// `data` happens-before the plain load, which returns 42 (AMDGPUUsage,
// "Memory Scopes": workgroup scope covers the work-items of the workgroup).
// Executions where the spin runs past --loop-bound are cut off.
//
// launch: --grid 1 --block 128 --lanes 1
// expect flags: cutoff
// expect memory: out[0] = 42
#include "amdmm_hip.h"

__global__ void mp(int *data, int *flag, int *out) {
  if (tid_x() == 0) {
    data[0] = 42;
    __hip_atomic_store(flag, 1, __ATOMIC_RELEASE, __HIP_MEMORY_SCOPE_WORKGROUP);
  } else {
    while (__hip_atomic_load(flag, __ATOMIC_ACQUIRE, __HIP_MEMORY_SCOPE_WORKGROUP) == 0) {
    }
    out[0] = data[0];
  }
}
