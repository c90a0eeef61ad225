// Message passing between two workgroups through a workgroup-scope
// release/acquire flag.
//
// memory-model.txt, "Scopes": a workgroup-scope atomic of workgroup 0 and
// one of workgroup 1 do not have inclusive scopes (their workgroup
// instances differ). The value rules ("Memory Model", the read rules): the
// acquire load may see the release store, which is not location-ordered
// before it, and the two are not atomics with inclusive scopes, so the load
// returns undef: a race on `flag` itself, between the store (line 22) and
// the load (line 24). The spin loop then branches on undef, undefined
// behaviour (LangRef, "br": branching on undef/poison), so `data` is never
// read in such an execution. The seed's answer is thus the race on the
// flag's two lines and `ub`, not a race on `data`.
//
// launch: --grid 2 --block 1
// expect flags: race ub
// expect race: 22 24
#include "amdmm_hip.h"

__global__ void mp(int *data, int *flag, int *out) {
  if (wg_x() == 0) { data[0] = 42;
    __hip_atomic_store(flag, 1, __ATOMIC_RELEASE, __HIP_MEMORY_SCOPE_WORKGROUP);
  } else {
    while (__hip_atomic_load(flag, __ATOMIC_ACQUIRE, __HIP_MEMORY_SCOPE_WORKGROUP) == 0) {}
    out[0] = data[0];
  }
}
