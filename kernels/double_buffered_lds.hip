// A double-buffered LDS pipeline (ping-pong tiles, one __syncthreads() per
// stage): two wavefronts each load their element of stage s into tile
// s % 2, synchronize, and read the other wave's element of that tile;
// the next stage writes the other tile, so one barrier per stage suffices.
//
// execution-synchronization.txt, "Barriers", and memory-model.txt, "Fence
// Synchronization": the barrier after each stage's stores orders them
// before that stage's loads; the loads of stage 0 (tile 0) are ordered
// before the stores of stage 2 (tile 0 again) by the barrier of stage 1.
// No race; each wave sums the other's elements: out[w] = in[1-w] + in[3-w]
// over stages 0 and 1 (in = {1, 2, 3, 4}: out = {2 + 4, 1 + 3}).
//
// launch: --grid 1 --block 128 --lanes 1 --arg in=i32[4] --arg out=i32[2] --init in[0]=1 --init in[1]=2 --init in[2]=3 --init in[3]=4
// expect flags: none
// expect memory: out[0] = 6
// expect memory: out[1] = 4
#include "amdmm_hip.h"

__global__ void pipeline(const int *in, int *out) {
  __shared__ int tile[2][2];
  unsigned w = tid_x() / 64;
  int acc = 0;
  tile[0][w] = in[w];
  __syncthreads();
  acc += tile[0][1 - w];
  tile[1][w] = in[2 + w];
  __syncthreads();
  acc += tile[1][1 - w];
  out[w] = acc;
}
