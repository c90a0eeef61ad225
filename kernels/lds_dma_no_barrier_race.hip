// LDS DMA without the barrier: the lanes clear the tile and synchronize,
// then each copies its element into the tile with
// __builtin_amdgcn_global_load_lds and at once reads the other lane's
// element, with no __syncthreads() between the copy and the read.
//
// async-operations.txt, "Memory Consistency Model": "Each asynchronous
// operation consists of a non-atomic read on the source and a non-atomic
// write on the destination" (the tracked form too). Lane 1's DMA write of
// tile[1] (line 30) is not location-ordered before lane 0's read of it
// (line 31), which may see it (memory-model.txt, the read rules): the read
// returns undef, a race on the LDS buffer, and out is undef. (The clearing
// stores, ordered by the first barrier, make it a race rather than a read
// of uninitialised LDS.)
//
// launch: --grid 1 --block 2 --arg in=i32[2] --arg out=i32[2] --init in[0]=1 --init in[1]=2
// expect flags: race
// expect race: 31 30
// expect memory: out[0] in {undef}
// expect memory: out[1] in {undef}
#include "amdmm_hip.h"

#define LDS(p) ((__attribute__((address_space(3))) void *)(p))
#define GLOBAL(p) ((__attribute__((address_space(1))) void *)(p))

__global__ void no_barrier(const int *in, int *out) {
  __shared__ int tile[2];
  unsigned l = tid_x();
  tile[l] = 0;
  __syncthreads();
  __builtin_amdgcn_global_load_lds(GLOBAL(in + l), LDS(tile), 4, 0, 0);
  out[l] = tile[1 - l];
}
