#!/usr/bin/env python3
"""The largest grid each corpus kernel finishes in one second
(docs/kernels.md, "Scale"): for every kernels/fixtures/NAME.O2.ll, its
`// launch:` line with --grid doubled (1, 2, 4, ... 64 workgroups, the
block unchanged) under `amdmm kernel --timeout 1`; prints the largest grid
whose run completed (verdict `complete`, not `unknown`) as a Markdown row.
A grid at which the kernel's fixed buffers overflow is refused (an index
the launch fixes outside its buffer); the run is repeated with the
`--arg NAME=TYPE[LEN]` the error's hint names. Usage: scripts/kernel-scale.py [amdmm binary
[options...]]: the options are added to every run (`--no-symmetry` for the
column without the symmetry of work-items). KERNELS=a,b (environment)
measures only those kernels. A hand-written `.ll` kernel's launch line is
`; launch:`."""
import glob, json, os, re, subprocess, sys

if len(sys.argv) > 1 and sys.argv[1] in ("-h", "--help"):
    print(__doc__)
    sys.exit(0)

amdmm = sys.argv[1] if len(sys.argv) > 1 else "target/release/amdmm"
extra = sys.argv[2:]
root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
os.chdir(root)
only = [k for k in os.environ.get("KERNELS", "").split(",") if k]
for ll in sorted(glob.glob("kernels/fixtures/*.O2.ll")):
    stem = os.path.basename(ll)[: -len(".O2.ll")]
    if only and stem not in only:
        continue
    src = next(
        p for p in (f"kernels/{stem}.{e}" for e in ("hip", "cl", "ll")) if os.path.exists(p)
    )
    launch = next(
        l.split("launch:", 1)[1]
        for l in open(src)
        if l.startswith("// launch:") or l.startswith("; launch:")
    ).split()
    best, grid = None, 1
    while grid <= 64:
        args, i = [], 0
        while i < len(launch):
            if launch[i] == "--grid":
                i += 2
                continue
            args.append(launch[i])
            i += 1
        r = None
        for _ in range(8):
            cmd = [amdmm, "kernel", ll, "--json", "--timeout", "1", "--grid", str(grid)] + args + extra
            p = subprocess.run(cmd, capture_output=True, text=True)
            try:
                r = json.loads(p.stdout)
                break
            except ValueError:
                # An out-of-bounds refusal: the buffer length its hint names.
                fit = re.search(r"\(--arg ([^=\s]+)=(\w+\[[0-9\]\[]+)\)", p.stderr)
                if "out of bounds" not in p.stderr or not fit:
                    break
                name, pairs, k = fit.group(1), [], 0
                while k < len(args):
                    if args[k] == "--arg" and args[k + 1].startswith(name + "="):
                        k += 2
                        continue
                    pairs.append(args[k])
                    k += 1
                args = pairs + ["--arg", f"{name}={fit.group(2)}"]
        if r is None:
            break
        if r["verdict"] != "complete":
            break
        best = (grid, r["launch"]["work_items"])
        grid *= 2
    # The launch line's options (without --grid), as the source gives them.
    shown = " ".join(
        a for k, a in enumerate(launch) if a != "--grid" and (k == 0 or launch[k - 1] != "--grid")
    )
    if best:
        print(f"| {stem} | {best[0]} | {best[1]} | `{shown}` |")
    else:
        print(f"| {stem} | - | - | `{shown}` |")
