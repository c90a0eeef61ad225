// Work-item 0 sets a flag; every other work-item records the flag it reads
// in its own element of `out` (out[gid], an id-dependent address).
//
// The accesses to `flag` are atomic, so there is no race; nothing orders the
// store before any load (memory-model.txt, "Synchronizes With" needs a
// release and an acquire, and no load is location-ordered after the store),
// so each reader independently returns the initial 0 or the stored 1
// (memory-model.txt, "Location Order": a read returns a write it is not
// location-ordered before), and the final states are every combination of
// the readers' values: 2^3 = 8 at this launch.
//
// The readers of workgroups 1 to 3 run the same code on locations each
// alone touches (out[1], out[2], out[3]): interchangeable under the
// renaming of those locations (docs/semantics.md, "Symmetry of work-items").
//
// launch: --grid 4 --block 1
// expect flags: none
// expect memory: out[0] = 0
// expect memory: out[1] in {0, 1}
// expect memory: out[2] in {0, 1}
// expect memory: out[3] in {0, 1}
#include "amdmm_hip.h"

__global__ void readers(int *flag, int *out) {
  unsigned gid = wg_x() * __builtin_amdgcn_workgroup_size_x() + tid_x();
  if (gid == 0)
    __hip_atomic_store(flag, 1, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_AGENT);
  else
    out[gid] = __hip_atomic_load(flag, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_AGENT);
}
