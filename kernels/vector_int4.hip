// HIP vector types: each work-item loads an `int4` and stores an `int2`
// computed from its lanes. clang emits `load <4 x i32>`, `extractelement`,
// `insertelement` and `store <2 x i32>` (at -O0 through private copies).
//
// A vector access is one access per element (docs/semantics.md, "Kernels":
// memory-model.txt defines races per memory location, and a non-atomic
// vector access is not single-copy atomic). The work-items touch disjoint
// elements, so nothing races; with in = {1, 5, 0, 4, 0, 6, 0, 3}:
// out[w] = {in.x + in.w, in.y * 2} = {5, 10} and {3, 12}.
//
// launch: --grid 1 --block 2 --arg in=i32[8] --arg out=i32[4] --init in[0]=1 --init in[1]=5 --init in[3]=4 --init in[5]=6 --init in[7]=3
// expect flags: none
// expect memory: out[0] = 5
// expect memory: out[1] = 10
// expect memory: out[2] = 3
// expect memory: out[3] = 12
#include "amdmm_hip.h"

typedef int int2 __attribute__((ext_vector_type(2)));
typedef int int4 __attribute__((ext_vector_type(4)));

__global__ void lanes(const int4 *in, int2 *out) {
  unsigned w = tid_x();
  int4 v = in[w];
  int2 r;
  r.x = v.x + v.w;
  r.y = v.y * 2;
  out[w] = r;
}
