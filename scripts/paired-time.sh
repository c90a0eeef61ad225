#!/usr/bin/env bash
# Paired timing of two amdmm binaries on the same command:
# `scripts/paired-time.sh BEFORE AFTER ROUNDS ARGS...` runs `BEFORE ARGS...`
# and `AFTER ARGS...` ROUNDS times each, alternated (before/after in odd
# rounds, after/before in even ones, so that a change of the machine's load
# during the run falls on both), and prints, per binary, the median, the
# lowest and the highest CPU time (user + system) and elapsed time, then the
# ratio of the medians (after / before). CPU time is the figure to compare
# on a shared machine: elapsed time follows the other jobs' load. Output
# of the runs is discarded; a run's exit status is ignored (a test that
# fails fails in both). Example, the seed corpus (issue 27: "no slower
# than the previous release"):
#   scripts/paired-time.sh ./amdmm-prev target/release/amdmm 11 run --no-time --quiet litmus/
# Not run by CI (it runs every script's --help only).
# `--help` prints the comment above.
case "${1:-}" in -h | --help | "") sed -n '2,/^# `--help`/{/^# `--help`/d;s/^# \{0,1\}//;p;}' "$0"; exit 0 ;; esac
set -euo pipefail
if [ "$#" -lt 4 ]; then
    echo "usage: scripts/paired-time.sh BEFORE AFTER ROUNDS ARGS... (see --help)" >&2
    exit 2
fi
before="$1"
after="$2"
rounds="$3"
shift 3
dir="$(mktemp -d)"
trap 'rm -rf "$dir"' EXIT
for r in $(seq 1 "$rounds"); do
    if [ $((r % 2)) -eq 1 ]; then
        /usr/bin/time -f "%U %S %e" -o "$dir/t" "$before" "$@" >/dev/null 2>&1 || true
        tail -n 1 "$dir/t" >>"$dir/before"
        /usr/bin/time -f "%U %S %e" -o "$dir/t" "$after" "$@" >/dev/null 2>&1 || true
        tail -n 1 "$dir/t" >>"$dir/after"
    else
        /usr/bin/time -f "%U %S %e" -o "$dir/t" "$after" "$@" >/dev/null 2>&1 || true
        tail -n 1 "$dir/t" >>"$dir/after"
        /usr/bin/time -f "%U %S %e" -o "$dir/t" "$before" "$@" >/dev/null 2>&1 || true
        tail -n 1 "$dir/t" >>"$dir/before"
    fi
done
python3 - "$dir/before" "$dir/after" "$before" "$after" "$rounds" <<'PY'
import statistics, sys
def load(path):
    cpu, wall = [], []
    for line in open(path):
        u, s, e = map(float, line.split())
        cpu.append(u + s)
        wall.append(e)
    return cpu, wall
b, a = load(sys.argv[1]), load(sys.argv[2])
print(f"{sys.argv[5]} rounds, alternated; seconds: median (lowest-highest)")
for name, (cpu, wall) in (("before " + sys.argv[3], b), ("after  " + sys.argv[4], a)):
    print(f"{name}: CPU {statistics.median(cpu):.2f} ({min(cpu):.2f}-{max(cpu):.2f}), "
          f"elapsed {statistics.median(wall):.2f} ({min(wall):.2f}-{max(wall):.2f})")
rc = statistics.median(a[0]) / max(statistics.median(b[0]), 1e-9)
rw = statistics.median(a[1]) / max(statistics.median(b[1]), 1e-9)
print(f"after / before: CPU {rc:.3f}, elapsed {rw:.3f}")
PY
