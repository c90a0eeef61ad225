// A vector load that overlaps another work-item's vector store in half of
// its elements: work-item 0 stores an `int2` into elements 2 and 3 of
// `buf`; work-item 1, unsynchronized, loads the `int4` of elements 0..3
// and copies its x and z lanes to out.
//
// A vector access is one access per element (docs/semantics.md, "Kernels":
// memory-model.txt, "Memory Model", defines location order and races per
// memory location). The load of element 2 may see the store of element 2,
// which is not location-ordered before it: a race (line 27 against line
// 25), and its value is undef. Element 0 is written by no one: its load
// returns the initial 1, no race. So out[0] = 1 and out[1] is undef.
//
// launch: --grid 1 --block 2 --arg buf=i32[4] --arg out=i32[2] --init buf[0]=1
// expect flags: race
// expect race: 25 27
// expect memory: out[0] = 1
// expect memory: out[1] in {undef}
#include "amdmm_hip.h"

typedef int int2 __attribute__((ext_vector_type(2)));
typedef int int4 __attribute__((ext_vector_type(4)));

__global__ void overlap(int *buf, int *out) {
  if (tid_x() == 0) {
    ((int2 *)buf)[1] = int2{7, 8};
  } else {
    int4 v = *(int4 *)buf;
    out[0] = v.x;
    out[1] = v.z;
  }
}
