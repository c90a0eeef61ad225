#!/usr/bin/env bash
# Issue 27's hardware-model figures, earlier binaries against this
# checkout, side by side in one run: `scripts/bench-hw.sh BEFORE...
# [TIMEOUT]`, where each BEFORE is an earlier `amdmm` binary (build it
# from the older commit and copy it aside; e.g. the previous release and
# main before a change) and TIMEOUT (a number, default 120) bounds CO-3.
# Prints, for each binary in the order given and then this checkout's
# release build: CO-3 (CoRR with 6 threads, crates/gen/src/families.rs)
# on gfx942 (`verify --timeout TIMEOUT`: hardware states and seconds);
# `verify --target all -j2` over the corpus but litmus/wide, as CI runs
# it (its summary line: pairs, hardware states, time; and the CPU seconds
# and maximum resident size); litmus/wide under the default limits (the
# LIMIT lines, counted per reason; WIDE=0 skips it, WIDE=last runs it for
# this checkout only: an old binary may spend an hour reaching the memory
# limit there). Then compares the final states of every (test, target)
# pair of `run --target all` of the first binary and this checkout
# (scripts/hw-outcomes-diff.py; DIFF=0 skips it). Not run by CI (tens of
# minutes).
# `--help` prints the comment above.
case "${1:-}" in -h | --help | "") sed -n '2,/^# `--help`/{/^# `--help`/d;s/^# \{0,1\}//;p;}' "$0"; exit 0 ;; esac
set -euo pipefail
timeout=120
bins=()
for a in "$@"; do
    case "$a" in
        *[!0-9]*) bins+=("$(realpath "$a")") ;;
        *) timeout="$a" ;;
    esac
done
before="${bins[0]}"
root="$(cd "$(dirname "$0")/.." && pwd)"
after="$root/target/release/amdmm"
dir="$(mktemp -d)"
trap 'rm -rf "$dir"' EXIT
cargo build -q --release --manifest-path "$root/Cargo.toml" --bin amdmm
cargo run -q --release --manifest-path "$root/Cargo.toml" -p amdmm-explore --example families -- "$dir"
cd "$root"
corpus=(litmus/*.litmus)
for d in litmus/*/; do
    case "$d" in litmus/wide/) ;; *) corpus+=("${d%/}") ;; esac
done
n_bins=$((${#bins[@]} + 1))
k=0
for bin in "${bins[@]}" "$after"; do
    k=$((k + 1))
    echo "== $bin ($("$bin" --version))"
    printf 'CO-3 gfx942: '
    "$bin" verify --target gfx942 --timeout "$timeout" "$dir/CO-3.litmus" | tail -n 1 || true
    printf 'corpus (but litmus/wide), all targets: '
    /usr/bin/time -f '%U s user CPU, %e s elapsed, %M KB max resident' -o "$dir/time" \
        "$bin" verify --target all -j2 --quiet "${corpus[@]}" | tail -n 1 || true
    cat "$dir/time"
    case "${WIDE:-all}" in
        0) continue ;;
        last) [ "$k" -lt "$n_bins" ] && continue ;;
    esac
    echo 'litmus/wide, all targets, default limits:'
    "$bin" verify --target all litmus/wide | tee "$dir/wide.txt" | tail -n 1 || true
    grep '^LIMIT' "$dir/wide.txt" | sed 's/.*limit reached: //' | sort | uniq -c || true
done
[ "${DIFF:-1}" = 0 ] && exit 0
echo "== final states of run --target all, before vs after:"
"$before" run --target all --no-time "${corpus[@]}" >"$dir/before.txt" 2>/dev/null || true
"$after" run --target all --no-time "${corpus[@]}" >"$dir/after.txt" 2>/dev/null || true
python3 "$root/scripts/hw-outcomes-diff.py" --outputs "$dir/before.txt" "$dir/after.txt" | tail -n 1
