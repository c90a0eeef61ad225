#!/usr/bin/env python3
"""Compares the hardware models' final states of two amdmm binaries.

Usage:
  scripts/hw-outcomes-diff.py BEFORE AFTER [--target T] [-j N] [-- AMDMM-ARGS] PATH...
  scripts/hw-outcomes-diff.py --outputs BEFORE.txt AFTER.txt

Runs `BIN run --target T --no-time PATH...` (T defaults to `all`) with each
binary (or reads two such outputs saved before) and compares, per (test,
target) pair, the set of final states, the flags and the observation; the
hardware state counts (`Target T (N hardware states)`) are summed and
compared, not required equal: that is what a reduction changes. Pairs that
one side ended at a limit (observation `Unknown`) are counted apart. Prints
one line per differing pair and a summary; exit status 1 when some pair
that both sides finished differs, 0 otherwise. Used to check that a change
of the hardware search (a reduction, the state store) keeps every outcome
(docs/performance.md, "Hardware models").
"""
import re
import subprocess
import sys

TARGET = re.compile(r"^Target (\S+)(?: \(as \S+\))? \((\d+) hardware states\)$")


def parse(text):
    """{(test, target): (block without the state count, states, unknown)}"""
    pairs = {}
    blocks = re.split(r"\n(?=Target \S+(?: \(as \S+\))? \(\d+ hardware states\)\n)", text)
    for b in blocks:
        lines = b.strip("\n").split("\n")
        m = TARGET.match(lines[0]) if lines else None
        if not m:
            continue
        target, states = m.group(1), int(m.group(2))
        test = next((l.split()[1] for l in lines if l.startswith("Test ")), "?")
        body = [l for l in lines[1:] if not l.startswith("Time ")]
        unknown = any(l.startswith("Observation ") and " Unknown " in l for l in body)
        key = (test, target)
        # Tests with the same name in different files: keep each.
        while key in pairs:
            key = (key[0] + "'", target)
        pairs[key] = ("\n".join(body), states, unknown)
    return pairs


def run(binary, target, jobs, extra, paths):
    cmd = [binary, "run", "--target", target, "--no-time", "-j", str(jobs)] + extra + paths
    return subprocess.run(cmd, capture_output=True, text=True).stdout


def main(argv):
    if not argv or argv[0] in ("-h", "--help"):
        print(__doc__.strip())
        return 0
    if argv[0] == "--outputs":
        before, after = (open(f).read() for f in argv[1:3])
    else:
        target, jobs, extra, rest = "all", 1, [], []
        args = iter(argv[2:])
        for a in args:
            if a == "--target":
                target = next(args)
            elif a == "-j":
                jobs = int(next(args))
            elif a == "--":
                extra = list(args)
            else:
                rest.append(a)
        before = run(argv[0], target, jobs, [], rest)
        after = run(argv[1], target, jobs, [], rest)
    a, b = parse(before), parse(after)
    same = differ = limit = missing = 0
    sa = sb = 0
    for key in sorted(set(a) | set(b)):
        if key not in a or key not in b:
            missing += 1
            print(f"ONLY-{'AFTER' if key in b else 'BEFORE'} {key[0]} {key[1]}")
            continue
        (ta, na, ua), (tb, nb, ub) = a[key], b[key]
        sa += na
        sb += nb
        if ua or ub:
            limit += 1
            if ta != tb:
                print(f"LIMIT {key[0]} {key[1]}: before {'Unknown' if ua else 'finished'}, after {'Unknown' if ub else 'finished'}")
        elif ta == tb:
            same += 1
        else:
            differ += 1
            print(f"DIFFER {key[0]} {key[1]}")
    ratio = f"{sa / sb:.2f}x" if sb else "-"
    print(
        f"{same} pairs identical, {differ} differ, {limit} at a limit on one side or both, "
        f"{missing} on one side only; hardware states {sa} before, {sb} after ({ratio} fewer)"
    )
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
