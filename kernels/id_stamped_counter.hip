// Every work-item adds 1 to a shared counter with a relaxed atomic add and
// stamps its own element with a value of its id, stamp[gid] = gid * 2,
// that nobody reads; the lanes of one wave also write their id to their own
// LDS slot, which nobody reads either.
//
// The counter: relaxed read-modify-writes are atomic (LangRef, "atomicrmw";
// memory-model.txt: each reads the value the modification order puts before
// it), so count[0] = 4 in every final state. The stamps: each element has
// one write, by its own work-item, and no other access, so the final value
// is that write's (memory-model.txt, "Location Order": the last write in
// the location's order), stamp[i] = 2 * i in every final state; no race (no
// two work-items access one element or one LDS slot).
//
// The four lanes of the wave are interchangeable although their stores
// write different values (docs/semantics.md, "Symmetry of work-items",
// id-dependent values): the stamps and slots are written by their lane
// alone and read by nobody.
//
// launch: --grid 1 --block 4
// expect flags: none
// expect memory: count[0] = 4
// expect memory: stamp[0] = 0
// expect memory: stamp[1] = 2
// expect memory: stamp[2] = 4
// expect memory: stamp[3] = 6
#include "amdmm_hip.h"

__global__ void stamp_and_count(int *count, int *stamp) {
  __shared__ int slot[64];
  unsigned l = tid_x();
  unsigned gid = wg_x() * __builtin_amdgcn_workgroup_size_x() + l;
  slot[l] = l;
  __hip_atomic_fetch_add(count, 1, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_AGENT);
  stamp[gid] = gid * 2;
}
