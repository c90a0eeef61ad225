// Two wavefronts of one workgroup each add 1 to an LDS counter with relaxed
// workgroup-scope atomic adds, meet at __syncthreads(), and work-item 0
// reads the counter with a workgroup-scope atomic load.
//
// memory-model.txt, "Location Order": the atomic load, the atomic
// initialising store and both adds are atomics with inclusive (workgroup)
// scopes, so the load returns the value of one of the writes it may see;
// the adds happen-before it through the barrier's fences, and the second
// add in modification order reads the first's 1 (LangRef, "atomicrmw"),
// so by coherence the load sees 2. Compare counter_barrier_plain_read,
// where a plain read gives undef (finding S1).
//
// launch: --grid 1 --block 128 --lanes 1
// expect flags: none
// expect memory: out[0] = 2
#include "amdmm_hip.h"

__global__ void count_then_read(int *out) {
  __shared__ int counter;
  if (tid_x() == 0)
    __hip_atomic_store(&counter, 0, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_WORKGROUP);
  __syncthreads();
  __hip_atomic_fetch_add(&counter, 1, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_WORKGROUP);
  __syncthreads();
  if (tid_x() == 0)
    out[0] = __hip_atomic_load(&counter, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_WORKGROUP);
}
