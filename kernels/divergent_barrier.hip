// __syncthreads() inside a branch that splits the lanes of one wavefront.
//
// AMDGPUUsage (s_barrier): "s_barrier instructions are convergent within a
// wave, and thus can only be performed in wave-uniform control flow";
// execution-synchronization.txt, "Barriers": otherwise the behaviour is
// undefined. Lane 0 reaches the barrier and lane 1 does not: ub.
//
// launch: --grid 1 --block 2
// expect flags: ub
#include "amdmm_hip.h"

__global__ void diverge(int *out) {
  unsigned t = tid_x();
  if (t == 0) {
    __syncthreads();
  }
  out[t] = 1;
}
