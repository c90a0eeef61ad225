// Message passing across workgroups with relaxed agent-scope flag accesses
// and __threadfence() (an agent-scope fence, seq_cst in HIP; here release
// before the flag store, acquire after the flag load).
//
// memory-model.txt, "Fence Synchronization": a release fence followed by
// an atomic store, and an atomic load read by... followed by an acquire
// fence, synchronize when the load reads the store and the scopes are
// inclusive (agent); the plain store of `data` happens-before the plain
// load, which returns 42. Spins past --loop-bound are cut off.
//
// launch: --grid 2 --block 1
// expect flags: cutoff
// expect memory: out[0] = 42
#include "amdmm_hip.h"

__global__ void mp(int *data, int *flag, int *out) {
  if (wg_x() == 0) {
    data[0] = 42;
    __builtin_amdgcn_fence(__ATOMIC_RELEASE, "agent");
    __hip_atomic_store(flag, 1, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_AGENT);
  } else {
    while (__hip_atomic_load(flag, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_AGENT) == 0) {
    }
    __builtin_amdgcn_fence(__ATOMIC_ACQUIRE, "agent");
    out[0] = data[0];
  }
}
