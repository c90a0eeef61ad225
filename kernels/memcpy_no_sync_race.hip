// Workgroup 0 copies `in` into `msg` with memcpy while workgroup 1 copies
// `msg` into `out` and then counts itself done, with no synchronization
// between them (the count keeps clang -O2 from merging the two copies into
// one instruction of both branches).
//
// Each memcpy is plain loads and stores of the elements (LangRef,
// "'llvm.memcpy' Intrinsic"; not atomic). memory-model.txt, the read rules
// of "Memory Model": a plain load that may see a write not location-ordered
// before it returns undef, a data race. Each of the two elements races on its
// own, both between the copy at line 23 (its stores) and the copy at line 25
// (its loads), so out[0] and out[1] are undef.
//
// launch: --grid 2 --block 1 --arg in=i32[2] --arg msg=i32[2] --arg out=i32[2] --init in[0]=3 --init in[1]=4
// expect flags: race
// expect race: 23 25
// expect memory: done[0] = 1
// expect memory: out[0] in {undef}
// expect memory: out[1] in {undef}
#include "amdmm_hip.h"

__global__ void copy(const int *in, int *msg, int *out, int *done) {
  if (wg_x() == 0) {
    __builtin_memcpy(msg, in, 2 * sizeof(int));
  } else {
    __builtin_memcpy(out, msg, 2 * sizeof(int));
    done[0] = 1;
  }
}
