// The LDS exchange of lds_exchange_sync.hip without the second
// __syncthreads(): both work-items first zero their slot and synchronize,
// then each stores a value (line 20) and reads the other's slot (line 21)
// with nothing between.
//
// memory-model.txt, the read rules: the zero of the other slot is
// location-ordered before the read (through the barrier), and the read may
// also see the other work-item's store, which is not location-ordered
// before it: the read returns undef, a race.
//
// launch: --grid 1 --block 2
// expect flags: race
// expect race: 20 21
#include "amdmm_hip.h"

__global__ void exchange(int *out) {
  __shared__ int tile[2]; unsigned t = tid_x();
  tile[t] = 0;
  __syncthreads();
  tile[t] = 10 + t;
  out[t] = tile[1 - t];
}
