#!/bin/sh
# Regenerates the cross-check against the Khronos Vulkan memory model tests:
#   litmus/vulkan-alloy/         translations that agree (or carry a documented
#                                model difference): part of the corpus check
#   tests-pending/vulkan-alloy/  translations without an engine verdict yet
#                                (barriers) or with an unresolved disagreement
#   docs/vulkan-crosscheck.md    the generated part of the report
# then checks the corpus part. Usage: scripts/vulkan-crosscheck.sh [CORPUS_DIR]
# (default: ../shared/corpora/vulkan-alloy, or $VULKAN_ALLOY).
set -eu
cd "$(dirname "$0")/.."
corpus=${1:-${VULKAN_ALLOY:-../shared/corpora/vulkan-alloy}}
cargo build --release --quiet --bin amdmm
amdmm="${CARGO_TARGET_DIR:-target}/release/amdmm"
rm -f litmus/vulkan-alloy/*.litmus tests-pending/vulkan-alloy/*.litmus
"$amdmm" import vulkan-alloy "$corpus" \
    --out litmus/vulkan-alloy \
    --pending tests-pending/vulkan-alloy \
    --report docs/vulkan-crosscheck.md
"$amdmm" run --check --no-time litmus/vulkan-alloy > /dev/null
echo "amdmm run --check litmus/vulkan-alloy: all passed"
