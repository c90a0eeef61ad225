// buffer_exchange.hip without the __syncthreads(): each lane stores its
// input into the scratch buffer with __builtin_amdgcn_raw_buffer_store_b32
// and at once loads the other lane's element with
// __builtin_amdgcn_raw_buffer_load_b32.
//
// The buffer intrinsics are plain (non-atomic) accesses
// (AMDGPUDMAOperations.md, "Buffer Addressing"). Nothing orders lane 1's
// store (line 24) before lane 0's load of that element (line 25): the load
// may see a write that is not location-ordered before it (memory-model.txt,
// the read rules), a race, and it returns undef, so out is undef. The
// scratch buffer amdmm allocates starts at 0, so the race is on the store,
// not an uninitialised read.
//
// launch: --grid 1 --block 2 --arg in=i32[2] --arg scratch=i32[2] --arg out=i32[2] --init in[0]=5 --init in[1]=7
// expect flags: race
// expect race: 25 24
// expect memory: out[0] in {undef}
// expect memory: out[1] in {undef}
#include "amdmm_hip.h"

__global__ void exchange(const int *in, int *scratch, int *out) {
  unsigned l = tid_x();
  __amdgpu_buffer_rsrc_t s = __builtin_amdgcn_make_buffer_rsrc(scratch, 0, 8, 0);
  __builtin_amdgcn_raw_buffer_store_b32(in[l], s, 4 * l, 0, 0);
  out[l] = __builtin_amdgcn_raw_buffer_load_b32(s, 4 * (1 - l), 0, 0);
}
