// A block reduction in LDS (the tree reduction of every GPU reduction
// kernel): four work-items of one wavefront load their value, then halve
// the active range (from blockDim / 2) each step with __syncthreads() between the steps;
// work-item 0 writes the sum.
//
// execution-synchronization.txt, "Barriers", and memory-model.txt, "Fence
// Synchronization": each __syncthreads() (release fence, s_barrier,
// acquire fence) orders every LDS store before it before every load after
// it in the workgroup, so each load sees exactly the one store
// location-ordered last before it: no race, out[0] = 1 + 2 + 3 + 4 = 10.
//
// launch: --grid 1 --block 4 --loop-bound 3 --arg in=i32[4] --init in[0]=1 --init in[1]=2 --init in[2]=3 --init in[3]=4
// expect flags: none
// expect memory: out[0] = 10
#include "amdmm_hip.h"

__global__ void reduce(const int *in, int *out) {
  __shared__ int part[4];
  unsigned t = tid_x();
  part[t] = in[t];
  __syncthreads();
  for (unsigned s = __builtin_amdgcn_workgroup_size_x() / 2; s > 0; s >>= 1) {
    if (t < s)
      part[t] += part[t + s];
    __syncthreads();
  }
  if (t == 0)
    out[0] = part[0];
}
