// Each work-item copies its struct with `out[w] = in[w]` and clears another
// with memset: clang emits llvm.memcpy and llvm.memset of 16 bytes (at -O0
// and -O2), which amdmm performs as four plain 32-bit loads and stores each.
//
// LangRef, "'llvm.memcpy' Intrinsic" copies the bytes of the source to the
// destination, "'llvm.memset'" fills them with the byte value; neither is
// atomic, so each is plain accesses of its elements (memory-model.txt defines
// races per location). The two work-items touch disjoint elements, so no
// access races, and in every final state out holds in's values and clear is
// zero (its initial 5 and 7 overwritten).
//
// launch: --grid 2 --block 1 --arg in=i32[8] --arg clear=i32[8] --init in[0]=1 --init in[1]=2 --init in[2]=3 --init in[3]=4 --init in[4]=5 --init in[5]=6 --init in[6]=7 --init in[7]=8 --init clear[1]=5 --init clear[6]=7
// expect flags: none
// expect memory: out[0] = 1
// expect memory: out[3] = 4
// expect memory: out[4] = 5
// expect memory: out[7] = 8
// expect memory: clear[1] = 0
// expect memory: clear[6] = 0
#include "amdmm_hip.h"

struct Quad {
  int a, b, c, d;
};

__global__ void copy(const Quad *in, Quad *out, Quad *clear) {
  unsigned w = wg_x();
  out[w] = in[w];
  __builtin_memset(&clear[w], 0, sizeof(Quad));
}
