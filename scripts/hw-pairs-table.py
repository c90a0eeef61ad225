#!/usr/bin/env python3
"""Measures every (test, target) pair of the hardware models, one process each.

Usage:
  scripts/hw-pairs-table.py [--bin BIN] [--targets T,T,...] [--max-states N]
                            [--timeout SECS] FILE_OR_DIR...

For each litmus file (a directory: its *.litmus files, sorted) and each
target (default: the targets `BIN verify --target all` runs), runs
`BIN verify --target T --json FILE` (with `--max-states N` and `--timeout
SECS` when given; otherwise amdmm's default limits) as a process of its own
and measures its CPU time (user + system) and peak resident memory
(os.wait4). Prints one Markdown table row per pair: test, target, status
(ok, known, forbidden, limit, skip, error), hardware states, CPU seconds and
peak RSS in MB; then a summary line with the number of pairs per status and
the total CPU time. Run it with -j1 semantics in mind: pairs run one after
the other, so the figures are per pair; run it under `nice` on a shared
machine. BIN defaults to target/release/amdmm of the current directory.
Exit status 0, or 2 on bad arguments or a pair whose output is not JSON.
"""
import json
import os
import subprocess
import sys
import tempfile

PROBE = """AMDGPU Probe
{
  global x = 0;
}
thread P0 @ wg 0 {
  store atomic i32 1, ptr @x syncscope("agent") monotonic, align 4
}
exists (@x == 1)
"""


def all_targets(binary):
    """The targets `verify --target all` runs, from a one-store probe test."""
    with tempfile.NamedTemporaryFile("w", suffix=".litmus", delete=False) as f:
        f.write(PROBE)
        path = f.name
    try:
        out = subprocess.run(
            [binary, "verify", "--target", "all", "--json", path],
            capture_output=True,
            text=True,
        ).stdout
    finally:
        os.unlink(path)
    return [r["target"].split(" ")[0] for r in json.loads(out)["results"]]


def measure(cmd):
    """(stdout, CPU seconds, peak RSS in MB) of one process."""
    p = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    out = p.stdout.read()
    _, _, ru = os.wait4(p.pid, 0)
    p.returncode = 0
    return out, ru.ru_utime + ru.ru_stime, ru.ru_maxrss / 1024.0


def files_of(paths):
    for path in paths:
        if os.path.isdir(path):
            for name in sorted(os.listdir(path)):
                if name.endswith(".litmus"):
                    yield os.path.join(path, name)
        else:
            yield path


def main(argv):
    if not argv or argv[0] in ("-h", "--help"):
        print(__doc__.strip())
        return 0
    binary = os.path.join("target", "release", "amdmm")
    targets, extra, paths = None, [], []
    args = iter(argv)
    for a in args:
        if a == "--bin":
            binary = next(args)
        elif a == "--targets":
            targets = next(args).split(",")
        elif a in ("--max-states", "--timeout"):
            extra += [a, next(args)]
        elif a.startswith("-"):
            print(f"unknown option {a} (see --help)", file=sys.stderr)
            return 2
        else:
            paths.append(a)
    if not paths:
        print("no FILE_OR_DIR given (see --help)", file=sys.stderr)
        return 2
    targets = targets or all_targets(binary)
    print("| test | target | status | hardware states | CPU (s) | peak RSS (MB) |")
    print("|---|---|---|---:|---:|---:|")
    counts, total = {}, 0.0
    for path in files_of(paths):
        for t in targets:
            cmd = [binary, "verify", "--target", t, "--json"] + extra + [path]
            out, cpu, rss = measure(cmd)
            try:
                r = json.loads(out)["results"][0]
            except (ValueError, KeyError, IndexError):
                print(f"{path} {t}: no JSON result from {' '.join(cmd)}", file=sys.stderr)
                return 2
            states = r.get("hardware_states")
            shown = f"{states:,}" if states is not None else "-"
            status = r["status"]
            counts[status] = counts.get(status, 0) + 1
            total += cpu
            print(f"| {r['test']} | {t} | {status} | {shown} | {cpu:.1f} | {rss:.0f} |", flush=True)
    summary = ", ".join(f"{n} {s}" for s, n in sorted(counts.items()))
    print(f"\n{sum(counts.values())} pairs: {summary}; {total:.1f} s CPU in all")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
