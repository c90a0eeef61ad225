// The "last block done" pattern (CUDA's threadFenceReduction sample): each
// workgroup stores its partial sum, executes __threadfence() (an agent
// release fence here), takes a ticket with an agent-scope relaxed
// fetch_add, and the workgroup that draws the last ticket executes an
// acquire fence and adds up every partial.
//
// memory-model.txt, "Fence Synchronization": the release fence before the
// first workgroup's fetch_add and the acquire fence after the last one's
// fetch_add that reads it (RMWs of one location read each other in
// modification order, LangRef "atomicrmw") synchronize at agent scope, so
// every partial store happens-before the final loads: no race, and the
// total is 3 + 4 = 7 in every final state. clang -O2 vectorizes the loop
// (`load <2 x i32>`, vector phis and adds, `llvm.vector.reduce.add`), each
// vector load one load per element; with 2 workgroups the vector loop is
// skipped at run time and the scalar remainder adds the partials.
//
// launch: --grid 2 --block 1 --arg partial=i32[2] --arg out=i32[1]
// expect flags: none
// expect memory: out[0] = 7
#include "amdmm_hip.h"

__global__ void reduce(int *partial, int *ticket, int *out) {
  unsigned b = wg_x();
  partial[b] = 3 + b;
  __builtin_amdgcn_fence(__ATOMIC_RELEASE, "agent");
  int t = __hip_atomic_fetch_add(ticket, 1, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_AGENT);
  unsigned blocks = __builtin_amdgcn_grid_size_x(); // one work-item per workgroup
  if (t == blocks - 1) {
    __builtin_amdgcn_fence(__ATOMIC_ACQUIRE, "agent");
    int sum = 0;
    for (unsigned i = 0; i < blocks; i++)
      sum += partial[i];
    out[0] = sum;
  }
}
