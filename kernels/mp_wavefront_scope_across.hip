// Message passing between two wavefronts of one workgroup, but with a
// wavefront-scope flag.
//
// AMDGPUUsage, "Memory Scopes": wavefront scope covers the work-items of
// one wavefront, so the two atomics' scopes are not inclusive: no
// synchronizes-with (memory-model.txt, "Synchronizes With"), and by the
// read rules ("Location Order") the flag read may see the store that is not
// location-ordered before it, with a non-inclusive set: it returns undef
// (race on the flag's two lines, 21 and 23) and the branch on it is
// undefined (ub), which ends the spinning work-item: no execution spins
// to the loop bound, and `data` is never read.
//
// launch: --grid 1 --block 128 --lanes 1
// expect flags: race ub
// expect race: 21 23
#include "amdmm_hip.h"

__global__ void mp(int *data, int *flag, int *out) {
  if (tid_x() == 0) {
    data[0] = 42;
    __hip_atomic_store(flag, 1, __ATOMIC_RELEASE, __HIP_MEMORY_SCOPE_WAVEFRONT);
  } else {
    while (__hip_atomic_load(flag, __ATOMIC_ACQUIRE, __HIP_MEMORY_SCOPE_WAVEFRONT) == 0) {
    }
    out[0] = data[0];
  }
}
