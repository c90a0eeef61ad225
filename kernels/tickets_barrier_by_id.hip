// Every work-item of one workgroup takes a ticket from a counter with a
// relaxed atomic add, meets the others at __syncthreads(), then writes its
// ticket to its own element of `out` (out[gid], an id-dependent address).
//
// The read-modify-writes of `next` are totally ordered by its modification
// order, each reading the value the previous one wrote (memory-model.txt;
// LangRef, "atomicrmw"), so the tickets are 0 to 3 in every order: out is
// each of the 4! = 24 permutations of {0, 1, 2, 3}, next[0] = 4. The
// barrier completes: every wave of the workgroup arrives at it
// (execution-synchronization.txt, the workgroup barrier initialised to the
// number of waves), so there is no deadlock and no barrier ub; `out[gid]`
// is written by its work-item alone, so there is no race.
//
// Work-items 1 to 3, lanes of one wave with the same code and a barrier,
// are interchangeable under the renaming of out[1], out[2], out[3]
// (docs/semantics.md, "Symmetry of work-items", barriers).
//
// launch: --grid 1 --block 4
// expect flags: none
// expect memory: next[0] = 4
// expect memory: out[0] in {0, 1, 2, 3}
// expect memory: out[1] in {0, 1, 2, 3}
// expect memory: out[2] in {0, 1, 2, 3}
// expect memory: out[3] in {0, 1, 2, 3}
#include "amdmm_hip.h"

__global__ void tickets_sync(int *next, int *out) {
  unsigned gid = wg_x() * __builtin_amdgcn_workgroup_size_x() + tid_x();
  int t = __hip_atomic_fetch_add(next, 1, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_AGENT);
  __syncthreads();
  out[gid] = t;
}
