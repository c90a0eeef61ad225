#!/bin/sh
# Recompiles the checked-in .ll fixtures of the kernel corpus
# (kernels/fixtures/NAME.O0.ll and NAME.O2.ll) from kernels/*.hip with
# clang-22, the compile line amdmm kernel uses (docs/kernels.md); a
# hand-written kernels/NAME.ll is its own -O0 fixture and opt-22 -O2 of it
# the -O2 one (none when opt-22 rejects the module: an intrinsic LLVM 22
# does not define, kernels/buffer_async_dma_pipeline*.ll).
# Usage: scripts/kernel-fixtures.sh [kernels/NAME.hip|.cl|.ll ...]
set -eu
case "${1:-}" in
-h|--help)
    sed -n '2,8p' "$0" | sed 's/^# \{0,1\}//'
    exit 0 ;;
esac
cd "$(dirname "$0")/.."
clang=${AMDMM_CLANG:-clang-22}
[ $# -gt 0 ] || set -- kernels/*.hip kernels/*.cl kernels/*.ll
for src in "$@"; do
    name=$(basename "$src")
    stem=${name%.*}
    target=gfx942
    t=$(sed -n 's|^// launch:.*--target \([a-z0-9]*\).*|\1|p' "$src" | head -1)
    [ -n "$t" ] && target=$t
    for o in 0 2; do
        case "$name" in
        *.ll) if [ $o = 0 ]; then cp "kernels/$name" "kernels/fixtures/$stem.O0.ll"
              elif ! "${AMDMM_OPT:-opt-22}" -O2 -S "kernels/$name" -o "kernels/fixtures/$stem.O2.ll" 2>/dev/null; then
                  # opt-22 rejects an intrinsic LLVM 22 does not define with
                  # that signature (the `.async` buffer LDS DMA forms): the
                  # kernel has its -O0 fixture only.
                  rm -f "kernels/fixtures/$stem.O2.ll"
                  echo "note: opt rejected kernels/$name: no -O2 fixture" >&2
              fi ;;
        *.cl) (cd kernels && "$clang" -x cl -cl-std=CL2.0 --target=amdgcn-amd-amdhsa -nogpulib -mcpu="$target" \
            -O$o -g -emit-llvm -S "$name" -o "fixtures/$stem.O$o.ll") ;;
        *) (cd kernels && "$clang" -x hip --cuda-device-only --offload-arch="$target" -nogpulib -nogpuinc \
            -O$o -g -emit-llvm -S "$name" -o "fixtures/$stem.O$o.ll") ;;
        esac
    done
done
