#!/usr/bin/env bash
# Tests of the browser playground against a fresh build:
#  1. web/tests/corpus.mjs: the shipped .wasm (in Node) prints byte for byte
#     what the amdmm binary prints, on the whole corpus;
#  2. web/tests/e2e.test.mjs: the page in headless Chromium (playwright-core,
#     Debian's chromium), screenshots in target/web-shots/.
# Installs chromium when missing (Debian, as root or with sudo).
#
#   scripts/web-test.sh [OUTDIR]      (default: target/web-site)
# `--help` prints the comment above.
case "${1:-}" in -h | --help) sed -n '2,/^# `--help`/{/^# `--help`/d;s/^# \{0,1\}//;p;}' "$0"; exit 0 ;; esac
set -euo pipefail

root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
out="${1:-target/web-site}"

if ! command -v cargo >/dev/null 2>&1 && [ -x "$HOME/.cargo/bin/cargo" ]; then
    export PATH="$HOME/.cargo/bin:$PATH"
fi

scripts/web-build.sh "$out"
cargo build --release -q -p amdmm

chromium_bin="${CHROMIUM:-/usr/bin/chromium}"
if [ ! -x "$chromium_bin" ]; then
    SUDO=""
    if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
    $SUDO apt-get update
    $SUDO apt-get install -y --no-install-recommends chromium
fi

echo "web-test: the .wasm against the command line on the corpus" >&2
node web/tests/corpus.mjs "$out" target/release/amdmm

echo "web-test: the page in headless Chromium" >&2
OUTDIR="$out" AMDMM="$root/target/release/amdmm" SHOTS="$root/target/web-shots" CHROMIUM="$chromium_bin" \
    node --test --test-concurrency=1 web/tests/e2e.test.mjs
