#!/usr/bin/env bash
# Issue 27's hardware-model figures, the previous release against this
# checkout, paired in one run: `scripts/bench-hw.sh BEFORE [TIMEOUT]`, where
# BEFORE is the previous release's `amdmm` binary (build it from the older
# commit and copy it aside). Prints, for each binary: CO-3 (CoRR with 6
# threads, crates/gen/src/families.rs) on gfx942 (`verify --timeout
# TIMEOUT`, default 120: hardware states and seconds); `verify --target all`
# over the corpus but litmus/wide, as CI runs it (its summary line: pairs,
# hardware states, time; and the CPU seconds); litmus/wide under the
# default limits (the LIMIT lines, counted per reason). Then compares the
# final states of every (test, target) pair of `run --target all` of both
# (scripts/hw-outcomes-diff.py). Not run by CI (tens of minutes).
# `--help` prints the comment above.
case "${1:-}" in -h | --help | "") sed -n '2,/^# `--help`/{/^# `--help`/d;s/^# \{0,1\}//;p;}' "$0"; exit 0 ;; esac
set -euo pipefail
before="$(realpath "$1")"
timeout="${2:-120}"
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
for which in before after; do
    bin="$before"
    [ "$which" = after ] && bin="$after"
    echo "== $which: $bin"
    printf 'CO-3 gfx942: '
    "$bin" verify --target gfx942 --timeout "$timeout" "$dir/CO-3.litmus" | tail -n 1 || true
    printf 'corpus (but litmus/wide), all targets: '
    /usr/bin/time -f '%U s user CPU' -o "$dir/time" \
        "$bin" verify --target all --quiet "${corpus[@]}" | tail -n 1 || true
    cat "$dir/time"
    echo 'litmus/wide, all targets, default limits:'
    "$bin" verify --target all litmus/wide | tee "$dir/wide.txt" | tail -n 1 || true
    grep '^LIMIT' "$dir/wide.txt" | sed 's/.*limit reached: //' | sort | uniq -c || true
done
echo "== final states of run --target all, before vs after:"
"$before" run --target all --no-time "${corpus[@]}" >"$dir/before.txt" 2>/dev/null || true
"$after" run --target all --no-time "${corpus[@]}" >"$dir/after.txt" 2>/dev/null || true
python3 "$root/scripts/hw-outcomes-diff.py" --outputs "$dir/before.txt" "$dir/after.txt" | tail -n 1
