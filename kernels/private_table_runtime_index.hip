// A per-thread table in a private array, indexed by a value computed at
// run time: each work-item fills `int t[4]` and reads back the element
// its input selects, then writes its own table's element at another
// run-time index.
//
// AMDGPUUsage, "Address Spaces": private memory is per work-item, so the
// table belongs to one work-item alone and no access to it can race or be
// seen by another work-item. amdmm keeps it in registers (a run-time load
// is a select over the four elements, a store an update of each;
// docs/semantics.md, "Private arrays and constant tables"). The values
// follow from the work-item's own program order alone:
// (the fill loop runs 4 times: --loop-bound 5)
// work-item w builds t = {10w, 10w+1, 10w+2, 10w+3}, reads t[sel[w]]
// (sel = {2, 3}): out[0] = 2, out[1] = 13; then t[sel[w] - 2] = 7 and
// reads t[0] + t[1]: w0 stores t[0] = 7, so 7 + 1 = 8; w1 stores t[1] = 7,
// so 10 + 7 = 17.
//
// launch: --grid 1 --block 2 --loop-bound 5 --arg sel=i32[2] --arg out=i32[4] --init sel[0]=2 --init sel[1]=3
// expect flags: none
// expect memory: out[0] = 2
// expect memory: out[1] = 13
// expect memory: out[2] = 8
// expect memory: out[3] = 17
#include "amdmm_hip.h"

__global__ void table(const int *sel, int *out) {
  unsigned w = tid_x();
  int t[4];
  for (int k = 0; k < 4; k++)
    t[k] = 10 * w + k;
  int s = sel[w];
  out[w] = t[s];
  t[s - 2] = 7;
  out[2 + w] = t[0] + t[1];
}
