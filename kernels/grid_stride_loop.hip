// A grid-stride loop (the common CUDA/HIP idiom): work-item i of a grid of
// N work-items handles elements i, i + N, ... of `in`, writing `out`.
//
// Every element of `out` is written by exactly one work-item and `in` is
// only read, so no two accesses conflict (memory-model.txt, "Location
// Order": a read with exactly one write location-ordered before it and no
// other visible write returns that write's value; here the initial values
// set by --init). out[i] = 2 * in[i] in every final state.
//
// launch: --grid 2 --block 1 --arg n=4 --arg in=i32[4] --arg out=i32[4] --init in[0]=1 --init in[1]=2 --init in[2]=3 --init in[3]=4
// expect flags: none
// expect memory: out[0] = 2
// expect memory: out[1] = 4
// expect memory: out[2] = 6
// expect memory: out[3] = 8
#include "amdmm_hip.h"

__global__ void scale(const int *in, int *out, int n) {
  unsigned stride = __builtin_amdgcn_grid_size_x();
  for (unsigned i = wg_x() * __builtin_amdgcn_workgroup_size_x() + tid_x(); i < n; i += stride)
    out[i] = 2 * in[i];
}
