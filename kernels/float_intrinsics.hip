// The floating-point intrinsics clang emits for the C library functions:
// fmaf (llvm.fma), sqrtf (llvm.sqrt), floorf / ceilf / truncf / roundf /
// rintf (llvm.floor ... llvm.rint), fminf / fmaxf (llvm.minnum /
// llvm.maxnum) and copysignf (llvm.copysign), each work-item on its own
// elements.
//
// LangRef, "Standard C/C++ Library Intrinsics": each returns the same
// value as the C function, correctly rounded in the default environment
// (round to nearest even; docs/semantics.md, "Floating-point
// intrinsics"). With x = in[0] = 1 + 2^-12 and y = in[1] = -2.5:
// fma(x, x, -(1 + 2^-11)) = 2^-24 exactly (x * x = 1 + 2^-11 + 2^-24 is
// rounded once, after the addition; an unfused multiply would round the
// product to 1 + 2^-11 and give 0), sqrt(6.25) = 2.5, floor(-2.5) = -3,
// ceil(-2.5) = -2, trunc(-2.5) = -2, round(-2.5) = -3 (ties away from
// zero), rint(-2.5) = -2 (ties to even), fmin(x, y) = -2.5, fmax(y, nan)
// = -2.5 (a NaN operand is ignored), copysign(2.5, -0.0) = -2.5, and
// fmax(x, y) = x (shown as the shortest decimal of its float, 1.0002441).
// Nothing is shared: no race.
//
// launch: --grid 1 --block 1 --arg in=float[2] --arg out=float[11] --init in[0]=1.000244140625 --init in[1]=-2.5
// expect flags: none
// expect memory: out[0] = 5.9604645e-8
// expect memory: out[1] = 2.5
// expect memory: out[2] = -3.0
// expect memory: out[3] = -2.0
// expect memory: out[4] = -2.0
// expect memory: out[5] = -3.0
// expect memory: out[6] = -2.0
// expect memory: out[7] = -2.5
// expect memory: out[8] = -2.5
// expect memory: out[9] = -2.5
// expect memory: out[10] = 1.0002441
#include "amdmm_hip.h"

__global__ void math(const float *in, float *out) {
  float x = in[0], y = in[1];
  out[0] = __builtin_fmaf(x, x, -(1.0f + 0x1p-11f));
  out[1] = __builtin_sqrtf(y * y);
  out[2] = __builtin_floorf(y);
  out[3] = __builtin_ceilf(y);
  out[4] = __builtin_truncf(y);
  out[5] = __builtin_roundf(y);
  out[6] = __builtin_rintf(y);
  out[7] = __builtin_fminf(x, y);
  out[8] = __builtin_fmaxf(y, __builtin_nanf(""));
  out[9] = __builtin_copysignf(-y, -0.0f);
  out[10] = __builtin_fmaxf(x, y);
}
