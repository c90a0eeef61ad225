// Specification finding S1 (docs/findings.md), as a kernel: two waves of
// one workgroup each add 1 to an LDS counter with a relaxed workgroup-scope
// atomic add, meet at __syncthreads(), and work-item 0 then reads the
// counter with a plain load.
//
// memory-model.txt, "Location Order": the plain read may see both RMW
// writes (both happen-before it through the barrier), and neither is
// location-ordered before the other, since relaxed RMWs make no
// availability operation of one happen-before the other; "Otherwise, R
// returns undef". So the read is undef and the race flag is set, and
// amdmm says that this is finding S1 (C++ and HIP read 2 here). The two
// atomic adds themselves end with the counter at 2: they are ordered by
// the location's modification order, each reading the previous write
// (the counter is initialised with an atomic store, so each add may see
// only atomic writes with inclusive scopes: memory-model.txt's second
// value rule, no race there).
//
// launch: --grid 1 --block 128 --lanes 1
// expect flags: race
// expect race: 32
// expect memory: out[0] = undef
// expect note: S1
#include "amdmm_hip.h"

__global__ void count_then_read(int *out) {
  __shared__ int counter;
  if (tid_x() == 0)
    __hip_atomic_store(&counter, 0, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_WORKGROUP);
  __syncthreads();
  __hip_atomic_fetch_add(&counter, 1, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_WORKGROUP);
  __syncthreads();
  if (tid_x() == 0) out[0] = counter;
}
