// Every work-item reserves gid slots of a shared counter with a relaxed
// atomic add, base[gid] = fetch_add(next, gid): the offsets an allocator
// hands out, each the sum of the ids of the work-items that came before.
//
// The read-modify-writes of `next` are totally ordered by its modification
// order, each reading the value the previous one wrote (memory-model.txt;
// LangRef, "atomicrmw": the operation is atomic), so next[0] = 0 + 1 + 2 +
// 3 = 6 in every final state, and base[i] is the sum of the ids of any set
// of the other work-items (any of them may come first): base[0] in 0..6,
// base[1] in {0, 2, 3, 5}, base[2] in {0, 1, 3, 4}, base[3] in {0, 1, 2, 3};
// one final state per order of the four, 24 in all.
//
// The id flows into a value another work-item reads (the counter), so the
// work-items are NOT interchangeable (docs/semantics.md, "Symmetry of
// work-items", id-dependent values: not reached): the reduction must leave
// them alone, and the report is the full search's.
//
// launch: --grid 4 --block 1
// expect flags: none
// expect memory: next[0] = 6
// expect memory: base[0] in {0, 1, 2, 3, 4, 5, 6}
// expect memory: base[1] in {0, 2, 3, 5}
// expect memory: base[2] in {0, 1, 3, 4}
// expect memory: base[3] in {0, 1, 2, 3}
#include "amdmm_hip.h"

__global__ void offsets(int *next, int *base) {
  unsigned gid = wg_x() * __builtin_amdgcn_workgroup_size_x() + tid_x();
  base[gid] = __hip_atomic_fetch_add(next, (int)gid, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_AGENT);
}
