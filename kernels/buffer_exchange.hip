// A plain exchange through buffer resources: each lane stores its input
// into a scratch buffer with __builtin_amdgcn_raw_buffer_store_b32
// (llvm.amdgcn.raw.ptr.buffer.store.i32, voffset 4 * L), the workgroup
// synchronizes, and each lane loads the other lane's element with
// __builtin_amdgcn_raw_buffer_load_b32 and writes it to out[L].
//
// The buffer intrinsics are plain (non-atomic) accesses at the resource's
// base + voffset (AMDGPUDMAOperations.md, "Buffer Addressing"), inside the
// 8-byte resource. The store is program ordered before the lane's release
// fence of __syncthreads(), the other lane's load after its acquire fence;
// the barrier makes the fences synchronize (memory-model.txt, "Fence
// Synchronization"; execution-synchronization.txt, "Barriers"), so the
// store happens-before the load, which reads it. No race; out[L] =
// in[1 - L]: in = {5, 7} gives out = {7, 5}.
//
// launch: --grid 1 --block 2 --arg in=i32[2] --arg scratch=i32[2] --arg out=i32[2] --init in[0]=5 --init in[1]=7
// expect flags: none
// expect memory: out[0] = 7
// expect memory: out[1] = 5
#include "amdmm_hip.h"

__global__ void exchange(const int *in, int *scratch, int *out) {
  unsigned l = tid_x();
  __amdgpu_buffer_rsrc_t s = __builtin_amdgcn_make_buffer_rsrc(scratch, 0, 8, 0);
  __builtin_amdgcn_raw_buffer_store_b32(in[l], s, 4 * l, 0, 0);
  __syncthreads();
  out[l] = __builtin_amdgcn_raw_buffer_load_b32(s, 4 * (1 - l), 0, 0);
}
