// A buffer too small for the launch: work-item i of the grid writes
// out[i], and `--arg out=i32[3]` gives `out` 3 elements for 4 work-items.
//
// LangRef, "'getelementptr' Instruction": with `inbounds`, an index past
// the object's end is poison, and "Undefined Behavior": a store through
// such a pointer is undefined behaviour. The index here is a constant of
// work-item 3's code (its ids and the launch are known before exploring),
// so amdmm refuses the launch as bad input, one error naming the line,
// the buffer, the index, the length and the work-item, with the --arg
// that fits (docs/kernels.md, "Out of bounds"), instead of exploring a
// kernel whose every execution is undefined. The guarded store below,
// `if (i < n)`, is never out of bounds: the work-items it would reach
// past the end do not reach it.
//
// launch: --grid 2 --block 2 --arg out=i32[3] --arg n=3
// expect error: the store to `out[3]` by work-item 1 of workgroup 1 (wg1.wi1) is out of bounds: `out` has 3 elements (i32[3])
#include "amdmm_hip.h"

__global__ void fill(int *out, int *guarded, int n) {
  unsigned i = wg_x() * 2 + tid_x();
  if (i < n)
    guarded[i] = 1;
  out[i] = 1;
}
