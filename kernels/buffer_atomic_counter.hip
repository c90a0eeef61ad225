// A counter incremented through a buffer resource by every work-item of
// two workgroups with __builtin_amdgcn_raw_ptr_buffer_atomic_add_i32
// (llvm.amdgcn.raw.ptr.buffer.atomic.add.i32).
//
// The buffer atomic gives no scope and no ordering: memory-model.txt,
// "Scopes": "When an operation does not specify a scope, it indicates the
// *system* scope", and amdmm takes the weakest atomic ordering, monotonic
// (docs/semantics.md, "Buffer resources in kernels"). Atomics with
// inclusive scopes do not race, and each read-modify-write reads the one
// before it in the location's order (LangRef, "atomicrmw": atomic), so
// the two increments give 2 whatever the interleaving.
//
// launch: --grid 2 --block 1 --arg count=i32[1]
// expect flags: none
// expect memory: count[0] = 2
#include "amdmm_hip.h"

__global__ void counter(int *count) {
  __amdgpu_buffer_rsrc_t r = __builtin_amdgcn_make_buffer_rsrc(count, 0, 4, 0);
  __builtin_amdgcn_raw_ptr_buffer_atomic_add_i32(1, r, 0, 0, 0);
}
