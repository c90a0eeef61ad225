#!/usr/bin/env python3
"""Regenerates litmus/hw/mp/ with `amdmm gen hw-mp`: message-passing tests
that pair every release form with an acquire load and every acquire form with
a release store, at every placement, plus load buffering, acquire through an
atomic without return, and CoRR at mixed scopes (docs/hardware.md, "Mutation
report"; docs/corpus.md, "Hardware guards"). The generator, and the rule each
expectation is derived from, is crates/gen/src/hw_mp.rs; a test of that crate
checks that the directory is its output byte for byte.

Usage (from anywhere): python3 scripts/gen-hw-mp.py [--help]

The tests are written first; only then are the directory's other .litmus
files removed (`--replace`). Needs cargo (https://rustup.rs).
"""
import os
import shutil
import subprocess
import sys


def main():
    if len(sys.argv) > 1:
        print(__doc__.strip())
        return 0 if sys.argv[1] in ("-h", "--help") else 2
    root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
    if shutil.which("cargo") is None:
        print("gen-hw-mp: cargo not found; install Rust with rustup (https://rustup.rs)", file=sys.stderr)
        return 2
    cmd = ["cargo", "run", "--release", "-q", "-p", "amdmm", "--",
           "gen", "hw-mp", "--replace", "--out", "litmus/hw/mp"]
    return subprocess.call(cmd, cwd=root)


if __name__ == "__main__":
    sys.exit(main())
