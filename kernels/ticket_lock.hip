// A ticket lock across two workgroups: each takes a ticket with a relaxed
// agent-scope fetch_add, spins until `serving` equals it (acquire), adds 1
// to a plain counter in the critical section, and hands the lock on with a
// release store of serving + 1.
//
// memory-model.txt, "Synchronizes With": the release store of `serving` by
// the first holder and the acquire load of the second that reads it are
// agent-scope atomics of inclusive scopes, so the first critical section
// happens-before the second: the second's plain load of the counter sees
// the first's store (location-ordered before it) and the counter ends at
// 2. The tickets are distinct by RMW atomicity (LangRef, "atomicrmw").
// Spins past --loop-bound are cut off.
//
// launch: --grid 2 --block 1 --loop-bound 3
// expect flags: cutoff
// expect memory: counter[0] = 2
#include "amdmm_hip.h"

__global__ void locked_add(int *next, int *serving, int *counter) {
  int me = __hip_atomic_fetch_add(next, 1, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_AGENT);
  while (__hip_atomic_load(serving, __ATOMIC_ACQUIRE, __HIP_MEMORY_SCOPE_AGENT) != me) {
  }
  counter[0] = counter[0] + 1;
  __hip_atomic_store(serving, me + 1, __ATOMIC_RELEASE, __HIP_MEMORY_SCOPE_AGENT);
}
