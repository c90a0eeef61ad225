#!/usr/bin/env python3
"""Tabulates why `amdmm verify --code llc` skipped (test, target) pairs.

Reads verify's output, text (its `SKIP` lines) or `--json` (results whose
status is `skip`), from files or standard input, and prints a Markdown
table: each reason class, how many pairs and how many distinct tests it
skipped, then the totals verify printed (allowed / forbidden / known /
skipped / limit / errors). Reasons that match no class are printed in full
under "other", so nothing is hidden.

The classes that `--code llc` must not have (issue 26, "Done when": no test
skipped for a compare-and-swap loop, an idempotent RMW or a removed access)
are the first four rows, marked `(llc)`; `--check` exits 1 when any of them
is not zero.

How the tables of docs/llc.md ("Results so far") were made, from the
repository root (each level once; llc's cache makes reruns fast):

    dirs=$(for d in litmus/*/; do [ "$d" = litmus/wide/ ] || echo "${d%/}"; done)
    for o in 0 2 3; do
        target/release/amdmm verify --code llc --target all --opt-level $o \\
            --json litmus/*.litmus $dirs > llc-O$o.json
        python3 scripts/llc-skips.py llc-O$o.json
    done

Usage: llc-skips.py [--check] [FILE...]   (no FILE: standard input)
"""

import json
import re
import sys

# (class, pattern) in order; the first match names a reason's class.
CLASSES = [
    ("(llc) a loop llc made of an operation", r"the compiler's code has a loop"),
    ("(llc) an access llc removed or merged", r"has no memory instruction \(the compiler removed"),
    ("(llc) several memory instructions for one access", r"the compiler's code has \d+ memory instructions"),
    ("(llc) another kind of access (e.g. an idempotent RMW's load)", r"which is not the access's kind"),
    ("memory instruction the reader does not know", r"is not known to the hardware model"),
    ("av intrinsics (not in LLVM 22)", r"llvm\.amdgcn\.av\.global"),
    ("`.async` LDS DMA forms", r"`\.async` LDS DMA forms"),
    ("LDS on tgsplit targets", r"allocates no LDS"),
    ("generic pointers on GFX6", r"does not support the generic address space"),
    ("several access widths", r"is accessed at several widths"),
    ("buffer LDS DMA", r"buffer LDS DMA form"),
    ("a later lane's LDS DMA", r"LDS DMA copy in a later lane"),
    ("LDS DMA a target lacks", r"global\.load\.lds` is not (supported|compiled)|has no instruction on .*DMA"),
    ("GFX12.5 named barriers on other targets", r"needs named barrier objects"),
    ("GFX12 split barrier on GFX6-GFX11", r"split barrier; GFX6-GFX11"),
    ("barriers the one hardware barrier cannot be",
     r"hardware barrier object|would both be the work-group's one hardware barrier"
     r"|but the work-group's hardware barrier|not immediately followed by its \*wait\*"),
    ("gfx700 global double fmin/fmax (llc-22 crashes)", r"llc-22 crashes on it"),
    ("the memory model reports undefined behaviour", r"the memory model reports `ub`"),
    ("limit reached", r"limit reached"),
]


def reasons(text):
    """(test, target, reason) of every skipped pair in verify's output."""
    text = text.strip()
    if text.startswith("{"):
        for r in json.loads(text)["results"]:
            if r["status"] == "skip":
                yield r["test"], r["target"], r["reason"] or ""
        return
    for line in text.splitlines():
        m = re.match(r"SKIP (\S+) (\S+(?: \(as \S+\))?): (.*)", line)
        if m:
            yield m.group(1), m.group(2), m.group(3)


def totals(text):
    text = text.strip()
    if text.startswith("{"):
        d = json.loads(text)
        return {k: d[k] for k in ("allowed", "forbidden", "known", "skipped", "limited", "errors")}
    for line in reversed(text.splitlines()):
        m = re.match(r"(\d+) allowed, (\d+) with forbidden outcomes, (\d+) with known findings only, "
                     r"(\d+) skipped, (\d+) at a limit, (\d+) llc errors", line)
        if m:
            return dict(zip(("allowed", "forbidden", "known", "skipped", "limited", "errors"),
                            map(int, m.groups())))
    return None


def classify(reason):
    for name, pat in CLASSES:
        if re.search(pat, reason):
            return name
    return "other: " + reason


def main(argv):
    if "-h" in argv or "--help" in argv:
        print(__doc__)
        return 0
    check = "--check" in argv
    files = [a for a in argv if a != "--check"]
    texts = [open(f).read() for f in files] if files else [sys.stdin.read()]
    pairs, tests = {}, {}
    for text in texts:
        for test, target, reason in reasons(text):
            c = classify(reason)
            pairs[c] = pairs.get(c, 0) + 1
            tests.setdefault(c, set()).add(test)
    order = [n for n, _ in CLASSES] + sorted(c for c in pairs if c.startswith("other"))
    print("| skip reason | pairs | tests |")
    print("|---|---:|---:|")
    for c in order:
        if c in pairs or c.startswith("(llc)"):
            print(f"| {c} | {pairs.get(c, 0)} | {len(tests.get(c, ()))} |")
    print(f"| **total** | {sum(pairs.values())} | {len(set().union(*tests.values())) if tests else 0} |")
    for text in texts:
        t = totals(text)
        if t:
            print("\n" + ", ".join(f"{k} {v}" for k, v in t.items()))
    bad = sum(v for c, v in pairs.items() if c.startswith("(llc)"))
    if check and bad:
        print(f"llc-skips: {bad} pairs skipped for a loop, a removed or merged access, "
              "or another kind of access", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
