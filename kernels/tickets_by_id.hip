// Every work-item takes a ticket from a counter with a relaxed atomic add and
// writes it to its own element of `out` (out[gid], an id-dependent address).
//
// The read-modify-writes of `next` are totally ordered by its modification
// order, each reading the value the previous one wrote (memory-model.txt;
// LangRef, "atomicrmw": the operation is atomic), so the tickets are 0 to 3
// in every order: out is each of the 4! = 24 permutations of {0, 1, 2, 3}
// in some final state, and next[0] = 4 in all of them.
//
// Work-items 1 to 3 (workgroups 1 to 3) are interchangeable under the
// renaming of out[1], out[2], out[3] (docs/semantics.md, "Symmetry of
// work-items"): the orbit of a final state is up to 3! = 6 states.
//
// launch: --grid 4 --block 1
// expect flags: none
// expect memory: next[0] = 4
// expect memory: out[0] in {0, 1, 2, 3}
// expect memory: out[1] in {0, 1, 2, 3}
// expect memory: out[2] in {0, 1, 2, 3}
// expect memory: out[3] in {0, 1, 2, 3}
#include "amdmm_hip.h"

__global__ void tickets(int *next, int *out) {
  unsigned gid = wg_x() * __builtin_amdgcn_workgroup_size_x() + tid_x();
  out[gid] = __hip_atomic_fetch_add(next, 1, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_AGENT);
}
