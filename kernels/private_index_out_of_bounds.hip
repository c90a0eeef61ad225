// A private array read at a run-time index that one work-item's input puts
// past its end.
//
// LangRef, "'getelementptr' Instruction": an `inbounds` index past the
// object's end gives poison, and "Undefined behavior": a load through such
// a pointer is undefined. A private array is per work-item (AMDGPUUsage,
// "Address Spaces"), but its bounds are the same as a buffer's: amdmm
// reports the access "index out of bounds" as undefined behaviour at its
// line, as it does for a buffer index out of bounds (docs/semantics.md,
// "Private arrays and constant tables"). Work-item 0 reads t[1] (fine),
// work-item 1 reads t[5] of a 4-element array: ub.
//
// launch: --grid 1 --block 2 --arg sel=i32[2] --arg out=i32[2] --init sel[0]=1 --init sel[1]=5
// expect flags: ub
#include "amdmm_hip.h"

__global__ void oob(const int *sel, int *out) {
  unsigned w = tid_x();
  int t[4] = {1, 2, 3, 4};
  out[w] = t[sel[w]];
}
