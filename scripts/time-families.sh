#!/usr/bin/env bash
# Times the scale families of crates/gen/src/families.rs, one line per
# test: `scripts/time-families.sh [FAMILY-PREFIX] [TIMEOUT-SECONDS]`, e.g.
# `scripts/time-families.sh W-R 120`. Runs single-threaded (`-j 1`) so the
# figures do not depend on the other jobs' use of the second core as much.
# The figures in docs/performance.md come from this script.
# `--help` prints the comment above.
case "${1:-}" in -h | --help) sed -n '2,/^# `--help`/{/^# `--help`/d;s/^# \{0,1\}//;p;}' "$0"; exit 0 ;; esac
set -euo pipefail
prefix="${1:-W-R}"
timeout="${2:-120}"
root="$(cd "$(dirname "$0")/.." && pwd)"
dir="$(mktemp -d)"
trap 'rm -rf "$dir"' EXIT
cargo build -q --release --manifest-path "$root/Cargo.toml" --bin amdmm
cargo run -q --release --manifest-path "$root/Cargo.toml" -p amdmm-explore --example families -- "$dir"
for f in $(ls "$dir"/"$prefix"-*.litmus | sort -V); do
    name="$(basename "$f" .litmus)"
    start=$(date +%s.%N)
    verdict=$("$root/target/release/amdmm" run -j 1 --no-time --timeout "$timeout" "$f" 2>/dev/null |
        grep '^Observation' || true)
    end=$(date +%s.%N)
    awk -v n="$name" -v s="$start" -v e="$end" -v v="$verdict" 'BEGIN { printf "%-10s %8.2f s  %s\n", n, e - s, v }'
done
