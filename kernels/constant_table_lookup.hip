// A constant lookup table: clang puts the initialised `const` array in
// the constant address space (`@__const.lookup.tbl = private unnamed_addr
// addrspace(4) constant [4 x i32] [...]`), and each work-item reads it at
// a constant index and at an index computed at run time (at -O0, clang
// first copies the table into a private array with llvm.memcpy).
//
// AMDGPUUsage, "Address Spaces": the constant address space is read-only
// while the kernel runs, so every load returns the initializer's value
// (no other work-item can write it: nothing races), and a table index
// inside the table reads that element: work-item w reads tbl[in[w]]
// (in = {3, 1}) plus tbl[0] = 5.
//
// launch: --grid 1 --block 2 --arg in=i32[2] --arg out=i32[2] --init in[0]=3 --init in[1]=1
// expect flags: none
// expect memory: out[0] = 45
// expect memory: out[1] = 25
#include "amdmm_hip.h"

__global__ void lookup(const int *in, int *out) {
  const int tbl[4] = {5, 20, 30, 40};
  unsigned w = tid_x();
  out[w] = tbl[in[w]] + tbl[0];
}
