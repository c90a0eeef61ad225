// Two work-items exchange values through local memory with OpenCL's
// barrier(CLK_LOCAL_MEM_FENCE) between the writes and the reads; ids from
// get_local_id().
//
// OpenCL C 2.0, "Synchronization Functions": every work-item of the
// work-group reaches the barrier, and its fence orders the local memory
// accesses before it before those after it; amdmm models it as HIP's
// __syncthreads() (workgroup release fence, s_barrier, workgroup acquire
// fence: execution-synchronization.txt, "Barriers"; memory-model.txt,
// "Fence Synchronization"). Each store happens-before the other
// work-item's load: no race, out[t] = 10 + (1 - t).
//
// launch: --grid 1 --block 2
// expect flags: none
// expect memory: out[0] = 11
// expect memory: out[1] = 10
__kernel void exchange(__global int *out) {
  __local int tile[2];
  size_t t = get_local_id(0);
  tile[t] = 10 + (int)t;
  barrier(CLK_LOCAL_MEM_FENCE);
  out[t] = tile[1 - t];
}
