// Two workgroups add 1 to one global counter with relaxed atomic adds of
// workgroup scope.
//
// AMDGPUUsage, "Memory Scopes": the workgroup scopes of work-items in two
// workgroups are not inclusive. memory-model.txt, "Location Order": each
// add's read may see the other's write, which is not location-ordered
// before it, and the set of writes it may see is not made of atomics with
// inclusive scopes, so it returns undef: a race on the add's line, and the
// counter ends undef.
//
// launch: --grid 2 --block 1
// expect flags: race
// expect race: 18 18
// expect memory: counter[0] = undef
#include "amdmm_hip.h"

__global__ void count(int *counter) {
  __hip_atomic_fetch_add(counter, 1, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_WORKGROUP);
}
