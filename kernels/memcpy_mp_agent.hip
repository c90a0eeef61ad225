// Message passing of a two-element message copied with memcpy: workgroup 0
// copies `in` into `msg` and sets the flag with an agent-scope release
// store; workgroup 1 spins on an agent-scope acquire load of the flag and
// copies `msg` into `out`.
//
// Each memcpy is two plain 32-bit loads and two plain stores (LangRef,
// "'llvm.memcpy' Intrinsic"; the copy is not atomic). memory-model.txt,
// "Synchronizes With": the release store and the acquire load that reads it
// synchronize, so both stores of the first copy are location-ordered before
// the loads of the second: no race, and out = in = {3, 4} in every final
// state. The spin loop's executions where the flag is still 0 at the loop
// bound are cut off.
//
// launch: --grid 2 --block 1 --arg in=i32[2] --arg msg=i32[2] --arg out=i32[2] --init in[0]=3 --init in[1]=4
// expect flags: cutoff
// expect memory: out[0] = 3
// expect memory: out[1] = 4
#include "amdmm_hip.h"

__global__ void mp(const int *in, int *msg, int *flag, int *out) {
  if (wg_x() == 0) {
    __builtin_memcpy(msg, in, 2 * sizeof(int));
    __hip_atomic_store(flag, 1, __ATOMIC_RELEASE, __HIP_MEMORY_SCOPE_AGENT);
  } else {
    while (__hip_atomic_load(flag, __ATOMIC_ACQUIRE, __HIP_MEMORY_SCOPE_AGENT) == 0) {}
    __builtin_memcpy(out, msg, 2 * sizeof(int));
  }
}
