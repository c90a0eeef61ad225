// Message passing across work-groups in OpenCL C 2.0 (compiled with
// `-x cl -cl-std=CL2.0`): a device-scope release store of the flag and a
// spinning device-scope acquire load, with clang's __opencl_atomic_*
// builtins (the atomic_*_explicit library functions are external under
// -nogpulib, and amdmm refuses external calls). get_group_id() is
// OpenCL's work-item function, modelled as the work-group id.
//
// memory-model.txt, "Synchronizes With": OpenCL's device scope is
// AMDGPU's agent scope (AMDGPUUsage, "Memory Scopes"); the release store
// and the acquire load that reads it have inclusive scopes and
// synchronize, so the plain store of `data` happens-before the plain
// load, which returns 42. Spins past --loop-bound are cut off.
//
// launch: --grid 2 --block 1
// expect flags: cutoff
// expect memory: out[0] = 42
__kernel void mp(__global int *data, __global atomic_int *flag, __global int *out) {
  if (get_group_id(0) == 0) {
    data[0] = 42;
    __opencl_atomic_store(flag, 1, __ATOMIC_RELEASE, __OPENCL_MEMORY_SCOPE_DEVICE);
  } else {
    while (__opencl_atomic_load(flag, __ATOMIC_ACQUIRE, __OPENCL_MEMORY_SCOPE_DEVICE) == 0) {
    }
    out[0] = data[0];
  }
}
