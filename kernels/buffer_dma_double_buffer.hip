// A double-buffered LDS pipeline fed by buffer LDS DMA: the input is a
// buffer resource (__builtin_amdgcn_make_buffer_rsrc: stride 0, 16 bytes,
// flags 0), each lane copies its element of stage 0 into tile 0 with
// __builtin_amdgcn_raw_ptr_buffer_load_lds
// (llvm.amdgcn.raw.ptr.buffer.load.lds, voffset 4 * L), the workgroup
// synchronizes, the copy of stage 1 into tile 1 (voffset 8 + 4 * L) is
// issued before stage 0 is consumed, and a second __syncthreads() precedes
// the reads of tile 1. Each lane reads the other lane's element of each
// tile.
//
// AMDGPUDMAOperations.md, "Buffer Addressing": the copy reads the
// resource at voffset + soffset + offset; "GFX9 DMA": lane L's copy lands
// 4 * L bytes past the LDS base, so tile[s][L] holds in[2s + L]. Every
// access lies inside the resource's 16 bytes. async-operations.txt: the
// non-async form is tracked by the compiler, so each copy is a non-atomic
// read and write program ordered before the lane's release fence of
// __syncthreads(); memory-model.txt, "Fence Synchronization", with the
// barrier (execution-synchronization.txt, "Barriers") orders it before the
// other lane's reads after the barrier. No race; out[L] = in[1 - L] +
// in[3 - L]: in = {1, 2, 3, 4} gives out = {2 + 4, 1 + 3}.
//
// launch: --grid 1 --block 2 --arg in=i32[4] --arg out=i32[2] --init in[0]=1 --init in[1]=2 --init in[2]=3 --init in[3]=4
// expect flags: none
// expect memory: out[0] = 6
// expect memory: out[1] = 4
#include "amdmm_hip.h"

#define LDS(p) ((__attribute__((address_space(3))) void *)(p))

__global__ void pipeline(int *in, int *out) {
  __shared__ int tile[2][2];
  unsigned l = tid_x();
  int acc = 0;
  __amdgpu_buffer_rsrc_t r = __builtin_amdgcn_make_buffer_rsrc(in, 0, 16, 0);
  __builtin_amdgcn_raw_ptr_buffer_load_lds(r, LDS(tile[0]), 4, 4 * l, 0, 0, 0);
  __syncthreads();
  __builtin_amdgcn_raw_ptr_buffer_load_lds(r, LDS(tile[1]), 4, 8 + 4 * l, 0, 0, 0);
  acc += tile[0][1 - l];
  __syncthreads();
  acc += tile[1][1 - l];
  out[l] = acc;
}
