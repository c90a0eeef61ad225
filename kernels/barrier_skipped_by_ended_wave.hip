// A __syncthreads() in wave-uniform control flow that the second of two
// wavefronts skips before it ends.
//
// execution-synchronization.txt, "Init, Join and Drop": a wave that ends
// drops the workgroup barrier, so the barrier completes with the first
// wave alone: no deadlock and no undefined behaviour. One lane of each
// 64-wide wavefront is modelled (--lanes 1).
//
// launch: --grid 1 --block 128 --lanes 1
// expect flags: none
// expect memory: out[0] = 1
#include "amdmm_hip.h"

__global__ void skip(int *out) {
  unsigned t = tid_x();
  if (t < 64) {
    __syncthreads();
    out[0] = 1;
  }
}
