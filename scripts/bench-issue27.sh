#!/usr/bin/env bash
# Every figure of issue 27 ("time in proportion to outcomes"), the previous
# release against this checkout, in one run: `scripts/bench-issue27.sh
# BEFORE [TIMEOUT]`, where BEFORE is the previous release's `amdmm` binary
# (build it from the older commit and copy it aside) and TIMEOUT (default
# 120) bounds each run of the CO family and of CO-3. Runs, in turn:
# - scripts/bench-perf.sh BEFORE TIMEOUT 6: the CO family for n = 2..6
#   (candidates, distinct observed states, time of both binaries), the
#   seed corpus `run litmus/` paired (11 alternated runs each), the data
#   file and, when $PYTHON has matplotlib, the plot;
# - scripts/bench-hw.sh BEFORE TIMEOUT with WIDE=last: CO-3 (CoRR with 6
#   threads) on gfx942, `verify --target all` over the corpus but
#   litmus/wide (hardware states, CPU, memory) for both binaries, and
#   litmus/wide under the default limits for this checkout (the previous
#   release may take an hour there). Set DIFF=1 to add the comparison of
#   every pair's final states (long).
# Tens of minutes on a 2-core machine; not run by CI (which runs --help).
# `--help` prints the comment above.
case "${1:-}" in -h | --help | "") sed -n '2,/^# `--help`/{/^# `--help`/d;s/^# \{0,1\}//;p;}' "$0"; exit 0 ;; esac
set -euo pipefail
before="$(realpath "$1")"
timeout="${2:-120}"
here="$(cd "$(dirname "$0")" && pwd)"
echo "== The memory model: the CO family and the seed corpus"
"$here/bench-perf.sh" "$before" "$timeout" 6
echo
echo "== The hardware models: CO-3, the corpus, litmus/wide"
WIDE=last DIFF="${DIFF:-0}" "$here/bench-hw.sh" "$before" "$timeout"
