// The few HIP spellings the corpus uses, for clang-22 without the ROCm
// headers (-nogpuinc): the kernel attributes and __syncthreads(), which HIP
// defines as this fence / s_barrier / fence triple.
#pragma once
#define __global__ __attribute__((global))
#define __shared__ __attribute__((shared))
#define __device__ __attribute__((device))
#define __syncthreads()                                        \
  do {                                                         \
    __builtin_amdgcn_fence(__ATOMIC_RELEASE, "workgroup");     \
    __builtin_amdgcn_s_barrier();                              \
    __builtin_amdgcn_fence(__ATOMIC_ACQUIRE, "workgroup");     \
  } while (0)
#define tid_x() __builtin_amdgcn_workitem_id_x()
#define wg_x() __builtin_amdgcn_workgroup_id_x()
