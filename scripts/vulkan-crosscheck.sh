#!/bin/sh
# Regenerates the cross-check against the Khronos Vulkan memory model tests:
#   litmus/vulkan-alloy/         translations that agree (or carry a documented
#                                model difference): part of the corpus check
#   tests-pending/vulkan-alloy/  translations without an engine verdict yet
#                                (barriers) or with an unresolved disagreement
#   docs/vulkan-crosscheck.md    the generated part of the report
# then checks the corpus part.
#
# Usage: scripts/vulkan-crosscheck.sh CORPUS_DIR   (or set $VULKAN_ALLOY)
# CORPUS_DIR holds the Alloy `.test` files of the Khronos Vulkan memory model
# (https://github.com/KhronosGroup/Vulkan-MemoryModel, directory alloy/tests).
#
# Safe to run without its inputs: everything is checked first, the new files
# are generated in a temporary directory, and the tracked files are replaced
# only when generation and the corpus check both succeed.
# `--help` prints the comment above.
case "${1:-}" in -h | --help) sed -n '2,/^# `--help`/{/^# `--help`/d;s/^# \{0,1\}//;p;}' "$0"; exit 0 ;; esac
set -eu
cd "$(dirname "$0")/.."

corpus=${1:-${VULKAN_ALLOY:-}}
if [ -z "$corpus" ]; then
    echo "vulkan-crosscheck: no corpus given; usage: $0 CORPUS_DIR (or set VULKAN_ALLOY)" >&2
    echo "  CORPUS_DIR is alloy/tests of https://github.com/KhronosGroup/Vulkan-MemoryModel" >&2
    echo "  nothing was changed" >&2
    exit 2
fi
if ! ls "$corpus"/*.test >/dev/null 2>&1; then
    echo "vulkan-crosscheck: $corpus holds no .test files; nothing was changed" >&2
    exit 2
fi
for f in docs/vulkan-crosscheck.md litmus/vulkan-alloy; do
    if [ ! -e "$f" ]; then
        echo "vulkan-crosscheck: $f is missing (run from a clone of amdmm); nothing was changed" >&2
        exit 2
    fi
done

cargo build --release --quiet --bin amdmm
amdmm="$(cd "${CARGO_TARGET_DIR:-target}/release" && pwd)/amdmm"
corpus=$(cd "$corpus" && pwd)

tmp=$(mktemp -d "${TMPDIR:-/tmp}/vulkan-crosscheck.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$tmp/litmus/vulkan-alloy" "$tmp/tests-pending/vulkan-alloy" "$tmp/docs"
cp docs/vulkan-crosscheck.md "$tmp/docs/"

# Generated from inside $tmp, so that the report names the files by their
# paths in the repository.
(
    cd "$tmp"
    "$amdmm" import vulkan-alloy "$corpus" \
        --out litmus/vulkan-alloy \
        --pending tests-pending/vulkan-alloy \
        --report docs/vulkan-crosscheck.md
    "$amdmm" run --check --no-time litmus/vulkan-alloy > /dev/null
)

# Generation and check succeeded: replace the old files with the new ones.
rm -f litmus/vulkan-alloy/*.litmus
cp "$tmp/litmus/vulkan-alloy"/*.litmus litmus/vulkan-alloy/
rm -f tests-pending/vulkan-alloy/*.litmus
if ls "$tmp/tests-pending/vulkan-alloy"/*.litmus >/dev/null 2>&1; then
    mkdir -p tests-pending/vulkan-alloy
    cp "$tmp/tests-pending/vulkan-alloy"/*.litmus tests-pending/vulkan-alloy/
fi
cp "$tmp/docs/vulkan-crosscheck.md" docs/vulkan-crosscheck.md
echo "amdmm run --check litmus/vulkan-alloy: all passed"
