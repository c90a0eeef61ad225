// A single-producer single-consumer queue across workgroups: the producer
// fills two adjacent slots (clang -O2 merges the two stores into one
// `store <2 x i32>`, and the consumer's loads into one `load <2 x i32>`:
// two element accesses each), then publishes them with an agent-scope
// release store of the tail; the consumer spins on the tail with
// agent-scope acquire loads until both slots are published, then copies
// them to out[0], out[1].
//
// memory-model.txt, "Synchronizes With": the release store of tail = 2 and
// the acquire load that reads it are atomics with inclusive (agent)
// scopes, so the slots' plain stores happen-before the plain loads, which
// return 7 and 9 (the read rules, "Location Order"). Spins past
// --loop-bound are cut off.
//
// launch: --grid 2 --block 1 --arg slots=i32[2] --arg out=i32[2]
// expect flags: cutoff
// expect memory: out[0] = 7
// expect memory: out[1] = 9
#include "amdmm_hip.h"

__global__ void queue(int *slots, int *tail, int *out) {
  if (wg_x() == 0) {
    slots[0] = 7;
    slots[1] = 9;
    __hip_atomic_store(tail, 2, __ATOMIC_RELEASE, __HIP_MEMORY_SCOPE_AGENT);
  } else {
    while (__hip_atomic_load(tail, __ATOMIC_ACQUIRE, __HIP_MEMORY_SCOPE_AGENT) < 2) {
    }
    out[0] = slots[0];
    out[1] = slots[1];
  }
}
