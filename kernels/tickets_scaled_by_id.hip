// Every work-item takes a ticket from a counter with a relaxed atomic add
// and writes ticket * 10 + gid to its own element of `out`: a value that
// depends both on what the work-item read and on its id.
//
// The read-modify-writes of `next` are totally ordered by its modification
// order, each reading the value the previous one wrote (memory-model.txt;
// LangRef, "atomicrmw": the operation is atomic), so the tickets are 0 to 3
// in some order: out[i] = 10 * t(i) + i where t is a permutation of
// {0, 1, 2, 3} (24 final states), and next[0] = 4 in all of them.
//
// Work-items 1 to 3 (workgroups 1 to 3) are interchangeable although they
// write different values: out[gid] is written by its work-item alone and
// read by nobody, so its value changes no execution, only the final memory,
// which each orbit member computes from its own id (docs/semantics.md,
// "Symmetry of work-items", id-dependent values).
//
// launch: --grid 4 --block 1
// expect flags: none
// expect memory: next[0] = 4
// expect memory: out[0] in {0, 10, 20, 30}
// expect memory: out[1] in {1, 11, 21, 31}
// expect memory: out[2] in {2, 12, 22, 32}
// expect memory: out[3] in {3, 13, 23, 33}
#include "amdmm_hip.h"

__global__ void tickets(int *next, int *out) {
  unsigned gid = wg_x() * __builtin_amdgcn_workgroup_size_x() + tid_x();
  int t = __hip_atomic_fetch_add(next, 1, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_AGENT);
  out[gid] = t * 10 + gid;
}
