#!/usr/bin/env bash
# Issue 27's figures, the previous release against this checkout, paired in
# one run: `scripts/bench-perf.sh BEFORE [TIMEOUT] [MAX_N]`, where BEFORE is
# the previous release's `amdmm` binary (build it from the older commit and
# copy it aside). Prints, per n of the CO family (n writers storing 1..n to
# x, n readers loading it twice, relaxed agent scope; the condition names
# both registers of two readers; `crates/gen/src/families.rs`), the
# candidates, the distinct observed states and the time of both binaries
# (`run -j 1`, elapsed and user seconds, `--timeout TIMEOUT`, default 120),
# then the corpus run (`run litmus/`) of both, paired: 11 alternated
# runs each (scripts/paired-time.sh: medians and spreads). Writes the data to
# docs/perf/co-family.dat and, when $PYTHON (default python3) has
# matplotlib, the plot docs/perf/co-family.png (scripts/plot-co.py). The
# binary measured as "after" is this checkout's release build, or $AFTER
# when set (a copy, so that building meanwhile does not change it). Not run
# by CI (minutes).
# `--help` prints the comment above.
case "${1:-}" in -h | --help | "") sed -n '2,/^# `--help`/{/^# `--help`/d;s/^# \{0,1\}//;p;}' "$0"; exit 0 ;; esac
set -euo pipefail
before="$(realpath "$1")"
timeout="${2:-120}"
max_n="${3:-7}"
root="$(cd "$(dirname "$0")/.." && pwd)"
after="${AFTER:-$root/target/release/amdmm}"
dir="$(mktemp -d)"
trap 'rm -rf "$dir"' EXIT
if [ -z "${AFTER:-}" ]; then
    cargo build -q --release --manifest-path "$root/Cargo.toml" --bin amdmm
fi
cargo run -q --release --manifest-path "$root/Cargo.toml" -p amdmm-explore --example families -- "$dir"
data="$root/docs/perf/co-family.dat"
mkdir -p "$(dirname "$data")"
# One run: "elapsed user observation candidates states".
measure() {
    local bin="$1" file="$2"
    /usr/bin/time -f "%e %U" -o "$dir/time" "$bin" run -j 1 --json --timeout "$timeout" "$file" \
        >"$dir/out.json" 2>/dev/null || true
    python3 - "$dir/out.json" "$dir/time" <<'PY'
import json, sys
doc = json.load(open(sys.argv[1]))
t = doc["tests"][0]
elapsed, user = open(sys.argv[2]).read().split()[-2:]
print(elapsed, user, t["observation"], t["candidates"], len(t["states"]))
PY
}
echo "# n states candidates_before candidates_after before_s after_s before_user after_user before_obs after_obs" >"$data"
printf '%-3s %8s %14s %14s %10s %10s  %s\n' n states "cand. before" "cand. after" "before" "after" "observation"
for n in $(seq 2 "$max_n"); do
    f="$dir/CO-$n.litmus"
    read -r be bu bo bc bs < <(measure "$before" "$f")
    read -r ae au ao ac as < <(measure "$after" "$f")
    printf '%-3s %8s %14s %14s %9ss %9ss  %s / %s\n' "$n" "$as" "$bc" "$ac" "$be" "$ae" "$bo" "$ao"
    echo "$n $as $bc $ac $be $ae $bu $au $bo $ao" >>"$data"
done
# The seed corpus, paired: 11 alternated runs of each binary, medians
# and spreads of CPU and elapsed time (scripts/paired-time.sh).
echo "run litmus/:"
"$root/scripts/paired-time.sh" "$before" "$after" 11 run --no-time --quiet "$root/litmus"
py="${PYTHON:-python3}"
if "$py" -c 'import matplotlib' 2>/dev/null; then
    "$py" "$root/scripts/plot-co.py" "$data" "$root/docs/perf/co-family.png"
    echo "plot: docs/perf/co-family.png"
else
    echo "plot: skipped ($py has no matplotlib)"
fi
