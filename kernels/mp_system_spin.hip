// Message passing across workgroups with a system-scope release store and a
// spinning system-scope acquire load.
//
// memory-model.txt, "Synchronizes With": system scope includes every
// work-item, so the scopes are inclusive and the release store
// synchronizes-with the acquire load that reads 1; the plain store of `data`
// happens-before the plain load, which returns 42. Spins past
// --loop-bound are cut off.
//
// launch: --grid 2 --block 1
// expect flags: cutoff
// expect memory: out[0] = 42
#include "amdmm_hip.h"

__global__ void mp(int *data, int *flag, int *out) {
  if (wg_x() == 0) {
    data[0] = 42;
    __hip_atomic_store(flag, 1, __ATOMIC_RELEASE, __HIP_MEMORY_SCOPE_SYSTEM);
  } else {
    while (__hip_atomic_load(flag, __ATOMIC_ACQUIRE, __HIP_MEMORY_SCOPE_SYSTEM) == 0) {
    }
    out[0] = data[0];
  }
}
