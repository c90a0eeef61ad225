// Two wavefronts of one workgroup exchange values through LDS with no
// barrier between the writes and the reads.
//
// memory-model.txt, "Location Order": LDS has no initial write, and the
// other wave's plain store is not location-ordered before the load (no
// happens-before between the waves), so no write is location-ordered
// before it and the first value rule applies: "If no write is
// location-ordered before a read R, then R returns undef". The report
// says `undef` (uninitialised memory), not a race: compare
// lds_exchange_nosync, where a zeroing store ordered by a barrier makes
// the same read a race.
//
// launch: --grid 1 --block 128 --lanes 1
// expect flags: undef
// expect memory: out[0] = undef
// expect memory: out[1] = undef
#include "amdmm_hip.h"

__global__ void exchange(int *out) {
  __shared__ int tile[2];
  unsigned w = tid_x() / 64;
  tile[w] = 10 + w;
  out[w] = tile[1 - w];
}
