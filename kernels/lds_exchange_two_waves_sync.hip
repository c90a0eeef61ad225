// Two wavefronts of one workgroup exchange values through LDS with
// __syncthreads() between the writes and the reads.
//
// execution-synchronization.txt, "Barriers": each wave's arrive
// barrier-executes-before the other's wait completes; memory-model.txt,
// "Fence Synchronization": the workgroup release fence before the arrive
// synchronizes-with the acquire fence after the wait. Each LDS store
// happens-before the other wave's load: no race, out[w] = 10 + (1 - w).
//
// launch: --grid 1 --block 128 --lanes 1
// expect flags: none
// expect memory: out[0] = 11
// expect memory: out[1] = 10
#include "amdmm_hip.h"

__global__ void exchange(int *out) {
  __shared__ int tile[2];
  unsigned w = tid_x() / 64;
  tile[w] = 10 + w;
  __syncthreads();
  out[w] = tile[1 - w];
}
