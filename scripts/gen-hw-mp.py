#!/usr/bin/env python3
"""Generates litmus/hw/mp/: message-passing tests that pair every release
form with an acquire load and every acquire form with a release store, at
every placement (docs/hardware.md, "Mutation report"). Each guards the code
sequences of its two synchronizing operations: with a sequence weakened
(`amdmm verify --mutate`) the hardware may show the forbidden outcome
flag == 1 /\\ data != 42.

Expected results, by memory-model.txt (Availability/Visibility Operation,
Fences) and LangRef (release/acquire synchronization, seq_cst implies
acq_rel): when the reader's acquire reads the writer's release (flag 1),
the release happens-before the acquire, the plain store of the data is made
available and visible at a scope that includes the reader, so the reader
sees 42; when the flag is 0, the data load races with the store (undef).
The reader's first plain load of the data only primes its caches (it races
with the store, so it is undef) and is not observed.

Run from the repository root: python3 scripts/gen-hw-mp.py
"""
import os

OUT = "litmus/hw/mp"

# Release forms: (name, code template, description). {s} is the syncscope
# attribute (' syncscope("agent")' or '' for system).
RELEASES = [
    ("rel", ["store atomic i32 1, {f}{s} release, align 4"], "store atomic release"),
    ("fence-rel", ["fence{s} release", "store atomic i32 1, {f}{s} monotonic, align 4"], "fence release + store atomic monotonic"),
    ("fence-acqrel", ["fence{s} acq_rel", "store atomic i32 1, {f}{s} monotonic, align 4"], "fence acq_rel + store atomic monotonic"),
    ("rmw-rel", ["%q = atomicrmw xchg {f}, i32 1{s} release"], "atomicrmw release"),
    ("rmw-acqrel", ["%q = atomicrmw xchg {f}, i32 1{s} acq_rel"], "atomicrmw acq_rel"),
    ("sc", ["store atomic i32 1, {f}{s} seq_cst, align 4"], "store atomic seq_cst"),
    ("fence-sc", ["fence{s} seq_cst", "store atomic i32 1, {f}{s} monotonic, align 4"], "fence seq_cst + store atomic monotonic"),
    ("rmw-sc", ["%q = atomicrmw xchg {f}, i32 1{s} seq_cst"], "atomicrmw seq_cst"),
]
ACQUIRES = [
    ("acq", ["%r0 = load atomic i32, {f}{s} acquire, align 4"], "load atomic acquire"),
    ("fence-acq", ["%r0 = load atomic i32, {f}{s} monotonic, align 4", "fence{s} acquire"], "load atomic monotonic + fence acquire"),
    ("fence-acqrel", ["%r0 = load atomic i32, {f}{s} monotonic, align 4", "fence{s} acq_rel"], "load atomic monotonic + fence acq_rel"),
    ("rmw-acq", ["%r0 = atomicrmw add {f}, i32 0{s} acquire"], "atomicrmw acquire"),
    ("rmw-acqrel", ["%r0 = atomicrmw add {f}, i32 0{s} acq_rel"], "atomicrmw acq_rel"),
    ("sc", ["%r0 = load atomic i32, {f}{s} seq_cst, align 4"], "load atomic seq_cst"),
    ("fence-sc", ["%r0 = load atomic i32, {f}{s} monotonic, align 4", "fence{s} seq_cst"], "load atomic monotonic + fence seq_cst"),
    ("rmw-sc", ["%r0 = atomicrmw add {f}, i32 0{s} seq_cst"], "atomicrmw seq_cst"),
]
# Placements: (name, scope, data in LDS, P0 placement, P1 placement, why,
# flag in LDS).
PLACES = [
    ("workgroup", "workgroup", False, "wg 0, wave 0", "wg 0, wave 1",
     "one work-group (different waves: different L0s in GFX10+ WGP mode, different CUs in tgsplit mode), global data"),
    ("workgroup.lds", "workgroup", True, "wg 0, wave 0", "wg 0, wave 1",
     "one work-group, data in LDS (the LDS counter waits)"),
    ("agent.lds", "agent", True, "wg 0, wave 0", "wg 0, wave 1",
     "one work-group, agent scope, data in LDS (the LDS halves of the agent-scope waits)"),
    ("agent", "agent", False, "cluster 0, wg 0", "cluster 1, wg 1",
     "different work-groups and clusters of one agent (different CUs / shader arrays / shader engines), global data"),
    ("system", None, False, "agent 0, wg 0", "agent 1, wg 1",
     "different agents (GFX90A/GFX942: different L2s, the system-scope write-backs and invalidates), global data"),
    ("workgroup.ldsflag", "workgroup", False, "wg 0, wave 0", "wg 0, wave 1",
     "one work-group, flag in LDS, global data (the LDS waits that order the flag access: 'must happen after any preceding local/generic load atomic/atomicrmw', the fence-paired atomic)", True),
    ("system.lds", None, True, "wg 0, wave 0", "wg 0, wave 1",
     "one work-group, system scope, data in LDS (the LDS halves of the system-scope waits)"),
    ("system.ldsflag", None, False, "wg 0, wave 0", "wg 0, wave 1",
     "one work-group, system scope, flag in LDS, global data", True),
    ("agent.ldsflag", "agent", False, "wg 0, wave 0", "wg 0, wave 1",
     "one work-group, agent scope, flag in LDS (an LDS atomic is a work-group-scope one: 'A memory synchronization scope wider than work-group is not meaningful for the group (LDS) address space'), global data", True),
]


def scope_attr(scope):
    return "" if scope is None else f' syncscope("{scope}")'


def test(rel, acq, place):
    pname, scope, lds, p0, p1, why = place[:6]
    ldsflag = len(place) > 6 and place[6]
    f = "ptr addrspace(3) @f" if ldsflag else "ptr @y"
    s = scope_attr(scope)
    name = f"MP+{rel[0]}+{acq[0]}.{pname}"
    data = "ptr addrspace(3) @t" if lds else "ptr @x"
    decl = "  lds t = 0;" if lds else "  global x = 0;"
    scope_name = scope or "system (no syncscope)"
    desc = (
        f"Generated by scripts/gen-hw-mp.py. Guards the code sequences of '{rel[2]}' and "
        f"'{acq[2]}' at {scope_name} scope, {why}. memory-model.txt, Availability and "
        f"Visibility Operation (and Fences; LangRef: seq_cst implies acquire/release): when the "
        f"acquire reads the release's flag 1 they synchronize, the release makes P0's plain "
        f"store of the data available and the acquire makes it visible, so P1 reads 42; when "
        f"the flag is 0 the last load races with the store (undef). "
        + ("" if lds else "P1's first plain load only primes its caches with 0 (racing: undef). ")
        + "Run every mutation with `amdmm verify --mutate --target all litmus/hw/mp`."
    )
    flag_decl = "  lds f = 0;" if ldsflag else "  global y = 0;"
    lines = [f"AMDGPU {name}", f'"{desc}"', "", "{", flag_decl, decl, "}", ""]
    lines.append(f"thread P0 @ {p0} {{")
    lines.append(f"  store i32 42, {data}")
    lines += ["  " + c.format(s=s, f=f) for c in rel[1]]
    lines.append("}")
    lines.append("")
    lines.append(f"thread P1 @ {p1} {{")
    if not lds:
        lines.append(f"  %r2 = load i32, {data}")
    lines += ["  " + c.format(s=s, f=f) for c in acq[1]]
    lines.append(f"  %r1 = load i32, {data}")
    lines.append("}")
    lines.append("")
    lines.append("locations [P1:%r0; P1:%r1;]")
    lines.append("forall ((P1:%r0 == 1 /\\ P1:%r1 == 42) \\/ (P1:%r0 == 0 /\\ P1:%r1 == undef))")
    lines.append("expect Always race")
    return name, "\n".join(lines) + "\n"


def lb_test(rel, place):
    """Load buffering: P0 loads x, then releases; P1 acquires, then stores x.
    memory-model.txt happens-before and coherence: when the acquire reads the
    release's flag, P0's load happens before P1's store, so it cannot read it
    (r0 == 1 /\ flag == 1 is forbidden). Guards the load half of the release
    waits ('must happen after any preceding global/generic load')."""
    pname, scope, _lds, p0, p1, why = place[:6]
    ldsflag = len(place) > 6 and place[6]
    s = scope_attr(scope)
    f = "ptr addrspace(3) @f" if ldsflag else "ptr @y"
    name = f"LB+{rel[0]}+acq.{pname}"
    scope_name = scope or "system (no syncscope)"
    desc = (
        f"Generated by scripts/gen-hw-mp.py. Guards the load half of the release wait of "
        f"'{rel[2]}' at {scope_name} scope ('must happen after any preceding global/generic "
        f"load'), {why}. memory-model.txt, happens-before and coherence (LangRef: the acquire "
        f"reading the release's value synchronizes with it): P0's load of x happens before its "
        f"release, which synchronizes with P1's acquire when it reads 1, which happens before "
        f"P1's store of x, so the load cannot read that store."
    )
    xs = "" if scope is None else s
    flag_decl = "  lds f = 0;" if ldsflag else "  global y = 0;"
    lines = [f"AMDGPU {name}", f'"{desc}"', "", "{", "  global x = 0;", flag_decl, "}", ""]
    lines.append(f"thread P0 @ {p0} {{")
    lines.append(f"  %r0 = load atomic i32, ptr @x{xs} monotonic, align 4")
    lines += ["  " + c.format(s=s, f=f) for c in rel[1]]
    lines.append("}")
    lines.append("")
    lines.append(f"thread P1 @ {p1} {{")
    lines.append(f"  %r1 = load atomic i32, {f}{s} acquire, align 4")
    lines.append(f"  store atomic i32 1, ptr @x{xs} monotonic, align 4")
    lines.append("}")
    lines.append("")
    lines.append("exists (P0:%r0 == 1 /\\ P1:%r1 == 1)")
    lines.append("expect Never")
    return name, "\n".join(lines) + "\n"


def noret_test(place, fence_ord):
    """Acquire through an atomicrmw whose result is unused (an atomic without
    return: counted with the stores, GFX10-GFX11 vscnt, GFX12+ storecnt)
    followed by an acquire fence: the fence's wait for the 'fence-paired
    atomic' ('must happen after any preceding ... atomicrmw-no-return-value')."""
    pname, scope, _lds, p0, p1, why = place[:6]
    s = scope_attr(scope)
    name = f"MP+rel+rmw-noret-fence-{fence_ord.replace('_', '')}.{pname}"
    scope_name = scope or "system (no syncscope)"
    desc = (
        f"Generated by scripts/gen-hw-mp.py. Guards the wait of 'fence {fence_ord}' at {scope_name} "
        f"scope for a fence-paired atomicrmw without return (GFX10-GFX11 vscnt, GFX12+ storecnt: "
        f"'must happen after any preceding ... atomicrmw-no-return-value'), {why}. LangRef fence "
        f"synchronization and memory-model.txt Availability/Visibility Operation: P1's atomicrmw "
        f"add reads P0's release store of 1 exactly when the final y is 2; then the release "
        f"synchronizes with the acquire fence and P1 reads 42; when y is 1 the RMW read 0 and "
        f"the data load races (undef). P1's first plain load only primes its caches."
    )
    lines = [f"AMDGPU {name}", f'"{desc}"', "", "{", "  global y = 0;", "  global x = 0;", "}", ""]
    lines.append(f"thread P0 @ {p0} {{")
    lines.append("  store i32 42, ptr @x")
    lines.append(f"  store atomic i32 1, ptr @y{s} release, align 4")
    lines.append("}")
    lines.append("")
    lines.append(f"thread P1 @ {p1} {{")
    lines.append("  %r2 = load i32, ptr @x")
    lines.append(f"  %q = atomicrmw add ptr @y, i32 1{s} monotonic")
    lines.append(f"  fence{s} {fence_ord}")
    lines.append("  %r1 = load i32, ptr @x")
    lines.append("}")
    lines.append("")
    lines.append("locations [@y; P1:%r1;]")
    lines.append("forall ((@y == 2 /\\ P1:%r1 == 42) \\/ (@y == 1 /\\ P1:%r1 == undef))")
    lines.append("expect Always race")
    return name, "\n".join(lines) + "\n"


def corr_test(s1, s2, ord2):
    """CoRR with the two reads at different scopes: LangRef monotonic, 'If one
    atomic read happens before another atomic read of the same address and
    both are at least monotonic, the later read must not see an earlier value
    in the address's modification order'. Guards the cache-policy bits (or
    scope:) of the second load: with a bit dropped it may hit a copy in the
    reader's caches that the first, stronger load did not refresh."""
    same_wg = "workgroup" in (s1, s2)
    p0 = "wg 0, wave 0" if same_wg else "cluster 0, wg 0"
    p1 = "wg 0, wave 1" if same_wg else "cluster 1, wg 1"
    a1, a2 = scope_attr(None if s1 == "system" else s1), scope_attr(None if s2 == "system" else s2)
    name = f"CoRR+{s1}-{s2}.{ord2.replace('_', '')}.primed"
    desc = (
        f"Generated by scripts/gen-hw-mp.py. Guards the cache-policy bits (or scope:) of "
        f"'load atomic {ord2} {s2}' against coherence: LangRef monotonic, 'If one atomic read "
        f"happens before another atomic read of the same address and both are at least "
        f"monotonic, the later read must not see an earlier value in the address's modification "
        f"order'. P1 primes its caches with x=0 (a plain load racing with P0's store: undef), "
        f"reads x monotonic at {s1} scope, then {ord2} at {s2} scope: 1 then 0 is forbidden. "
        f"A second load whose bits let it hit the primed copy after the first saw 1 breaks it."
    )
    w = "" if not same_wg else ' syncscope("workgroup")'
    lines = [f"AMDGPU {name}", f'"{desc}"', "", "{", "  global x = 0;", "}", ""]
    lines.append(f"thread P0 @ {p0} {{")
    lines.append(f"  store atomic i32 1, ptr @x{w} monotonic, align 4")
    lines.append("}")
    lines.append("")
    lines.append(f"thread P1 @ {p1} {{")
    lines.append("  %r2 = load i32, ptr @x")
    lines.append(f"  %r0 = load atomic i32, ptr @x{a1} monotonic, align 4")
    lines.append(f"  %r1 = load atomic i32, ptr @x{a2} {ord2}, align 4")
    lines.append("}")
    lines.append("")
    lines.append("locations [P1:%r0; P1:%r1;]")
    lines.append("exists (P1:%r0 == 1 /\\ P1:%r1 == 0)")
    lines.append("expect Never race")
    return name, "\n".join(lines) + "\n"


def main():
    os.makedirs(OUT, exist_ok=True)
    for f in os.listdir(OUT):
        if f.endswith(".litmus"):
            os.remove(os.path.join(OUT, f))
    pairs = [(r, ACQUIRES[0]) for r in RELEASES] + [(RELEASES[0], a) for a in ACQUIRES[1:]]
    n = 0
    for place in PLACES:
        for rel, acq in pairs:
            name, text = test(rel, acq, place)
            with open(os.path.join(OUT, name + ".litmus"), "w") as fh:
                fh.write(text)
            n += 1
    lb_places = ("workgroup", "agent", "system", "workgroup.ldsflag", "agent.ldsflag", "system.ldsflag")
    for place in [p for p in PLACES if p[0] in lb_places]:
        for rel in RELEASES:
            name, text = lb_test(rel, place)
            with open(os.path.join(OUT, name + ".litmus"), "w") as fh:
                fh.write(text)
            n += 1
    for place in [p for p in PLACES if p[0] in ("workgroup", "agent", "system")]:
        for fence_ord in ("acquire", "acq_rel", "seq_cst"):
            name, text = noret_test(place, fence_ord)
            with open(os.path.join(OUT, name + ".litmus"), "w") as fh:
                fh.write(text)
            n += 1
    scope_pairs = [("system", "agent"), ("agent", "system"), ("agent", "workgroup"),
                   ("workgroup", "agent"), ("system", "workgroup"), ("workgroup", "system")]
    for s1, s2 in scope_pairs:
        for ord2 in ("monotonic", "acquire", "seq_cst"):
            name, text = corr_test(s1, s2, ord2)
            with open(os.path.join(OUT, name + ".litmus"), "w") as fh:
                fh.write(text)
            n += 1
    print(f"{n} tests in {OUT}")


if __name__ == "__main__":
    main()
