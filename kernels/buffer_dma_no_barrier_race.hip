// The buffer LDS DMA pipeline of buffer_dma_double_buffer.hip without its
// second __syncthreads(): the copies of stage 1 into tile 1 (struct form,
// __builtin_amdgcn_struct_ptr_buffer_load_lds, records of 8 bytes: record
// 1 is stage 1, voffset 4 * L its lane's element) are followed at once by
// the reads of the other lane's element of tile 1.
//
// async-operations.txt, "Memory Consistency Model": "Each asynchronous
// operation consists of a non-atomic read on the source and a non-atomic
// write on the destination" (the compiler-tracked form too). Lane 1's copy
// into tile[1][1] (line 35) is not ordered before lane 0's read of it
// (line 36): no barrier lies between them, and the first barrier precedes
// the copy. The read may see a write that is not location-ordered before
// it (memory-model.txt, the read rules): a race on the LDS buffer, the
// read returns undef, and so does out. Stage 0 is exchanged through the
// first barrier as in the pipeline, and does not race.
//
// launch: --grid 1 --block 2 --arg in=i32[4] --arg out=i32[2] --init in[0]=1 --init in[1]=2 --init in[2]=3 --init in[3]=4
// expect flags: race
// expect race: 36 35
// expect memory: out[0] in {undef}
// expect memory: out[1] in {undef}
#include "amdmm_hip.h"

#define LDS(p) ((__attribute__((address_space(3))) void *)(p))

__global__ void no_barrier(int *in, int *out) {
  __shared__ int tile[2][2];
  unsigned l = tid_x();
  int acc = 0;
  __amdgpu_buffer_rsrc_t r = __builtin_amdgcn_make_buffer_rsrc(in, 8, 2, 0);
  tile[1][l] = 0;
  __builtin_amdgcn_struct_ptr_buffer_load_lds(r, LDS(tile[0]), 4, 0, 4 * l, 0, 0, 0);
  __syncthreads();
  acc += tile[0][1 - l];
  __builtin_amdgcn_struct_ptr_buffer_load_lds(r, LDS(tile[1]), 4, 1, 4 * l, 0, 0, 0);
  acc += tile[1][1 - l];
  out[l] = acc;
}
