#!/usr/bin/env bash
# Runs every cargo-fuzz target of fuzz/ for SECONDS each (default 60) on its
# seed corpus (fuzz/README.md). Installs what it needs, idempotently: the
# nightly toolchain (rustup) and cargo-fuzz (pinned). Exits non-zero on the
# first crash; the crash input is in fuzz/artifacts/TARGET/.
#
#   scripts/fuzz.sh [SECONDS] [TARGET...]
#
# TARGET is one of litmus_load, explore, lds_expr, vulkan_test, llc_asm,
# writer_paths (default: all).
# `--help` prints the comment above.
case "${1:-}" in -h | --help) sed -n '2,/^# `--help`/{/^# `--help`/d;s/^# \{0,1\}//;p;}' "$0"; exit 0 ;; esac
set -euo pipefail
cd "$(dirname "$0")/.."

CARGO_FUZZ_VERSION=0.13.2
all_targets=(litmus_load explore lds_expr vulkan_test llc_asm writer_paths)
secs="${1:-60}"
shift || true
targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then
    targets=("${all_targets[@]}")
fi
# Check the arguments before installing or building anything.
case "$secs" in
    '' | *[!0-9]*)
        echo "fuzz: SECONDS must be a whole number, not '$secs' (scripts/fuzz.sh --help)" >&2
        exit 2
        ;;
esac
for t in "${targets[@]}"; do
    case " ${all_targets[*]} " in
        *" $t "*) ;;
        *)
            echo "fuzz: unknown target '$t'; the targets are: ${all_targets[*]}" >&2
            exit 2
            ;;
    esac
done

# libfuzzer-sys compiles libFuzzer (C++).
if ! command -v c++ >/dev/null 2>&1; then
    SUDO=""
    if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
    $SUDO apt-get update
    $SUDO apt-get install -y --no-install-recommends g++
fi
if ! cargo +nightly --version >/dev/null 2>&1; then
    rustup toolchain install nightly --profile minimal
fi
if [ "$(cargo fuzz --version 2>/dev/null | awk '{print $2}')" != "$CARGO_FUZZ_VERSION" ]; then
    cargo install cargo-fuzz --locked --version "$CARGO_FUZZ_VERSION"
fi

# Seed corpora: the first directory collects what the fuzzer finds (not
# tracked), the others are read (recursively) as seeds.
seeds() {
    case "$1" in
        litmus_load | explore) echo litmus crates/cli/tests/fixtures ;;
        lds_expr) echo fuzz/seeds/lds_expr ;;
        vulkan_test) echo crates/cli/tests/fixtures/vulkan-alloy ;;
        llc_asm) echo fuzz/seeds/llc_asm ;;
        writer_paths) echo fuzz/seeds/writer_paths ;;
    esac
    echo "fuzz/regressions/$1"
}

cargo +nightly fuzz build -O
mkdir -p fuzz/artifacts
for t in "${targets[@]}"; do
    mkdir -p "fuzz/corpus/$t" "fuzz/regressions/$t"
    log="fuzz/artifacts/$t.log"
    echo "fuzz: $t for ${secs}s"
    # shellcheck disable=SC2046
    if ! cargo +nightly fuzz run -O "$t" "fuzz/corpus/$t" $(seeds "$t") -- \
        -max_total_time="$secs" -timeout=20 -rss_limit_mb=4096 -max_len=65536 \
        -print_final_stats=1 >"$log" 2>&1; then
        tail -n 60 "$log" >&2
        echo "fuzz: $t found a crash; the input is in fuzz/artifacts/$t/ (log: $log)" >&2
        exit 1
    fi
    grep -E '^stat::(number_of_executed_units|peak_rss_mb)' "$log" | tr '\n' ' '
    echo
done
