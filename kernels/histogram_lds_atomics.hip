// A histogram with LDS atomics (the shared-memory privatisation idiom):
// one work-item of each of two wavefronts adds 1 to its value's bin in an
// LDS histogram with a relaxed workgroup-scope atomic add; after
// __syncthreads() work-item 0 copies the bins out with atomic loads.
//
// memory-model.txt, "Location Order": the bins' initialising stores, the
// adds and the loads are atomics with inclusive (workgroup) scopes, so each
// load returns one of the writes it may see; both adds happen-before it
// through __syncthreads(), and the adds of one bin read each other in
// modification order (LangRef, "atomicrmw"), so the load sees the last.
// Both values are odd (in = {3, 1}; bin 0 holds odd values): bins = {2, 0}.
//
// launch: --grid 1 --block 128 --lanes 1 --arg in=i32[65] --arg out=i32[2] --init in[0]=3 --init in[64]=1
// expect flags: none
// expect memory: out[0] = 2
// expect memory: out[1] = 0
#include "amdmm_hip.h"

__global__ void histogram(const int *in, int *out) {
  __shared__ int bins[2];
  unsigned t = tid_x();
  if (t == 0) {
    __hip_atomic_store(&bins[0], 0, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_WORKGROUP);
    __hip_atomic_store(&bins[1], 0, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_WORKGROUP);
  }
  __syncthreads();
  int v = in[t];
  __hip_atomic_fetch_add(&bins[(v & 1) ? 0 : 1], 1, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_WORKGROUP);
  __syncthreads();
  if (t == 0) {
    out[0] = __hip_atomic_load(&bins[0], __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_WORKGROUP);
    out[1] = __hip_atomic_load(&bins[1], __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_WORKGROUP);
  }
}
