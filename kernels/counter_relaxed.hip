// Every work-item adds 1 to a counter with a relaxed agent-scope atomic add.
//
// memory-model.txt: atomic read-modify-writes of one location with inclusive
// scopes are ordered by the location's modification order, each reading the
// value the previous one wrote (LangRef, "atomicrmw": the operation is
// atomic); after the 4 work-items of 2 workgroups the counter is 4 in every
// final state.
//
// launch: --grid 2 --block 2
// expect flags: none
// expect memory: counter[0] = 4
#include "amdmm_hip.h"

__global__ void count(int *counter) {
  __hip_atomic_fetch_add(counter, 1, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_AGENT);
}
