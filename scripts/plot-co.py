#!/usr/bin/env python3
"""Plots the CO family's time per n against its observed states, before and
after the projected search: `scripts/plot-co.py DATA PNG`, DATA as written by
scripts/bench-perf.sh (docs/perf/co-family.dat). Needs matplotlib (PyPI);
not run by CI beyond `--help`."""
import sys

if len(sys.argv) != 3 or sys.argv[1] in ("-h", "--help"):
    print(__doc__)
    sys.exit(0)

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt

rows = []
for line in open(sys.argv[1]):
    if line.startswith("#") or not line.strip():
        continue
    f = line.split()
    rows.append(
        dict(n=int(f[0]), states=int(f[1]), before=float(f[4]), after=float(f[5]),
             before_obs=f[8], after_obs=f[9])
    )
fig, ax = plt.subplots(figsize=(7, 4.5))
for key, label, marker in (("before", "previous release", "s"), ("after", "projected search", "o")):
    xs = [r["states"] for r in rows]
    ys = [max(r[key], 0.005) for r in rows]
    ax.plot(xs, ys, marker=marker, label=label)
    for r, x, y in zip(rows, xs, ys):
        unknown = r[key + "_obs"] == "Unknown"
        # Runs stopped by the timeout all sit at the timeout: their labels
        # go below the point so that neighbours do not overlap.
        ax.annotate(f"n={r['n']}" + ("\nUnknown" if unknown else ""), (x, y),
                    textcoords="offset points", xytext=(0, -24) if unknown else (4, 4),
                    fontsize=8, ha="center" if unknown else "left")
ax.set_xscale("log")
ax.set_yscale("log")
ax.set_xlabel("distinct observed final states")
ax.set_ylabel("time (s, elapsed, one thread)")
ax.set_title("CO-n: n writers, n readers loading twice (amdmm run -j 1)")
ax.grid(True, which="both", alpha=0.3)
ax.legend()
fig.tight_layout()
fig.savefig(sys.argv[2], dpi=110)
