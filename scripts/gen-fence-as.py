#!/usr/bin/env python3
"""Generates litmus/fence-as/: fences that name the address spaces they
synchronize (`amdgpu-as` / `amdgpu-synchronize-as` MMRA tags).

Each expectation is derived here, next to the test, from the rules quoted in
docs/semantics.md ("Fences that name address spaces"):

- AMDGPUUsage, "Fence and address spaces": `amdgpu-as:local` -- the fence
  synchronizes only the local address space; `amdgpu-as:global` -- only the
  global one; several tags combine (upstream: "Multiple tags can be used at
  the same time to synchronize with more than one address space").
- amdmm's reading: a synchronizes-with edge orders memory only in the address
  spaces both of its ends synchronize (happens-before per address space), and
  a fence's MakeAvailable / MakeVisible acts only on writes in its spaces.
- memory-model.txt, Location Order and the value rules: a plain read returns
  a plain write's value only if the write is location-ordered before it
  (made available and visible along happens-before); otherwise `undef`
  (race).

Run from the repository root: python3 scripts/gen-fence-as.py
"""

import os

OUT = "litmus/fence-as"

SEED_TAG = {"local": '!{!"amdgpu-as", !"local"}', "global": '!{!"amdgpu-as", !"global"}'}
UP_TAG = {
    "local": '!{!"amdgpu-synchronize-as", !"local"}',
    "global": '!{!"amdgpu-synchronize-as", !"global"}',
}
SPACE = {"lds": "addrspace(3) ", "global": ""}
TAG_SPACE = {"local": "lds", "global": "global"}


def decls(data_space, flag_space):
    lines = []
    for name, sp in (("x", data_space), ("y", flag_space)):
        lines.append(f"  {'lds' if sp == 'lds' else 'global'} {name} = 0;")
    return "{\n" + "\n".join(lines) + "\n}"


def write(name, description, body, condition, expects):
    text = f'AMDGPU {name}\n"{description}"\n\n{body}\n\n{condition}\n'
    for e in expects:
        text += f"expect {e}\n"
    with open(os.path.join(OUT, name + ".litmus"), "w") as f:
        f.write(text)


def mp(name, description, data, flag, scope, rel_md, acq_md, works, rel_scope=None, acq_scope=None, p1="wg 0, wave 1"):
    """Message passing: plain data, monotonic flag, fences around it."""
    rel_scope = rel_scope or scope
    acq_scope = acq_scope or scope
    body = f"""{decls(data, flag)}

thread P0 @ wg 0, wave 0 {{
  store i32 42, ptr {SPACE[data]}@x
  fence syncscope("{rel_scope}") release, !mmra {rel_md}
  store atomic i32 1, ptr {SPACE[flag]}@y syncscope("{scope}") monotonic, align 4
}}

thread P1 @ {p1} {{
  %r0 = load atomic i32, ptr {SPACE[flag]}@y syncscope("{scope}") monotonic, align 4
  fence syncscope("{acq_scope}") acquire, !mmra {acq_md}
  %r1 = load i32, ptr {SPACE[data]}@x
}}"""
    if works:
        cond = "forall ((P1:%r0 == 1 /\\ P1:%r1 == 42) \\/ (P1:%r0 == 0 /\\ P1:%r1 == undef))"
    else:
        cond = "forall ((P1:%r0 == 0 \\/ P1:%r0 == 1) /\\ P1:%r1 == undef)"
    write(name, description, body, cond, ["Always race"])


def main():
    os.makedirs(OUT, exist_ok=True)
    # 1. One tag, each scope, data in the named space (works) or the other
    #    (race). The flag lives in the tag's space, as an OpenCL local / global
    #    fence would use it.
    for scope, short in (("workgroup", "wg"), ("agent", "agent"), ("system", "system")):
        for tag in ("local", "global"):
            for data in ("lds", "global"):
                works = TAG_SPACE[tag] == data
                md = SEED_TAG[tag]
                flag = TAG_SPACE[tag]
                name = f"MP+fence-fence.{short}.as-{tag}.data-{data}"
                if works:
                    why = (
                        f"the {tag} release fence is a MakeAvailable operation on the {data} write "
                        f"(program order), the fences synchronize through the flag in the {tag} "
                        f"address space they both name, and the {tag} acquire fence makes the write "
                        "visible (inclusive scopes, happens-before in that space): 42 when the flag "
                        "is 1, undef (race) when it is 0"
                    )
                else:
                    why = (
                        f"the fences synchronize only the {tag} address space: the {data} write is "
                        "made neither available nor visible by them and is not ordered before the "
                        "read in its address space, so the read may see it without it being "
                        "location-ordered: undef (race) whatever the flag"
                    )
                mp(
                    name,
                    f"AMDGPUUsage, Fence and address spaces (amdgpu-as:{tag} -- the fence synchronizes "
                    f"only the {tag} address space) + memory-model.txt Availability/Visibility/"
                    f"Location Order, {scope} scope: {why}.",
                    data,
                    flag,
                    scope,
                    md,
                    md,
                    works,
                )
    # 1b. Global data across work-groups (different CUs on the hardware
    #     models, so the narrowed agent / system rows' waits and cache
    #     operations matter): a global tag passes the message, a local tag
    #     (with an LDS flag there is no common LDS across work-groups, so the
    #     flag is global and the local fences do not pair with it) does not.
    for scope, short in (("agent", "agent"), ("system", "system")):
        mp(
            f"MP+fence-fence.{short}.as-global.data-global.diffwg",
            "AMDGPUUsage, Fence and address spaces (amdgpu-as:global) + memory-model.txt "
            f"Availability/Visibility/Location Order, {scope} scope across work-groups: the global "
            "release fence makes the global write available, the fences synchronize through the "
            "global flag, the global acquire fence makes it visible: 42 when the flag is 1, undef "
            "(race) when it is 0.",
            "global",
            "global",
            scope,
            SEED_TAG["global"],
            SEED_TAG["global"],
            True,
            p1="wg 1",
        )
        mp(
            f"MP+fence-fence.{short}.as-local.data-global.diffwg",
            "AMDGPUUsage, Fence and address spaces (amdgpu-as:local): fences that synchronize only "
            "the local address space neither pair with the global flag nor order the global data: "
            f"{scope} scope across work-groups, undef (race) whatever the flag.",
            "global",
            "global",
            scope,
            SEED_TAG["local"],
            SEED_TAG["local"],
            False,
            p1="wg 1",
        )
    # 2. Both tags (seed spelling, and upstream spelling in the other order):
    #    both data spaces are synchronized (the global flag is in their
    #    spaces).
    both_seed = '!{!{!"amdgpu-as", !"local"}, !{!"amdgpu-as", !"global"}}'
    both_up = '!{!{!"amdgpu-synchronize-as", !"global"}, !{!"amdgpu-synchronize-as", !"local"}}'
    for data in ("lds", "global"):
        for spelling, md in (("seed", both_seed), ("upstream", both_up)):
            mp(
                f"MP+fence-fence.wg.as-local-global.{spelling}.data-{data}",
                "AMDGPUUsage, Fence and address spaces: several tags may be combined (upstream: "
                "'Multiple tags can be used at the same time to synchronize with more than one "
                f"address space'); a fence tagged local and global synchronizes the {data} data "
                f"written before it ({spelling} spelling of the tags): 42 when the flag is 1, "
                "undef (race) when it is 0.",
                data,
                "global",
                "workgroup",
                md,
                md,
                True,
            )
    # 3. Release and acquire name different spaces: no common space, so no
    #    synchronizes-with at all.
    for data in ("lds", "global"):
        mp(
            f"MP+fence-fence.wg.as-local-global-mismatch.data-{data}",
            "Execution-barrier rule carried to fence pairs ('BA and BR's address spaces both "
            "include AS'): a release fence tagged local and an acquire fence tagged global have no "
            f"address space in common, so they do not synchronize; the {data} write is never "
            "location-ordered before the read: undef (race) whatever the flag.",
            data,
            "global",
            "workgroup",
            SEED_TAG["local"] if data == "lds" else SEED_TAG["global"],
            SEED_TAG["global"] if data == "lds" else SEED_TAG["local"],
            False,
        )
    # 3b. The flag is outside the fences' spaces: the fences do not pair
    #     with it (they order nothing outside their spaces, the paired atomic
    #     included), so nothing synchronizes even the data in their space.
    for tag, flag in (("global", "lds"), ("local", "global")):
        data = TAG_SPACE[tag]
        mp(
            f"MP+fence-fence.wg.as-{tag}.flag-{flag}.data-{data}",
            f"AMDGPUUsage, Fence and address spaces: a fence tagged amdgpu-as:{tag} synchronizes "
            f"only the {tag} address space, so it does not pair with the monotonic flag in the "
            f"other space (the tables' waits for the fence-paired atomic are per address space); "
            f"no synchronizes-with: the {data} data is never location-ordered before the read: "
            "undef (race) whatever the flag.",
            data,
            flag,
            "workgroup",
            SEED_TAG[tag],
            SEED_TAG[tag],
            False,
        )
    # 4. one-as fences: their address space is the tag's (upstream AMDGPUUsage,
    #    Memory Scopes: "The address space of a fence instruction with one-as
    #    sync scope is specified via amdgpu-synchronize-as MMRAs").
    for data in ("lds", "global"):
        works = data == "lds"
        mp(
            f"MP+fence-fence.wg-one-as.as-local.data-{data}",
            "AMDGPUUsage, Memory Scopes ('The address space of a fence instruction with one-as "
            "sync scope is specified via amdgpu-synchronize-as MMRAs'): a workgroup-one-as fence "
            "tagged local synchronizes the local address space only: "
            + (
                "the LDS data is made available and visible: 42 when the flag is 1, undef (race) when it is 0 (the untagged one-as fence of MP+fence-fence.workgroup-one-as.lds does not)."
                if works
                else "the global data is not ordered: undef (race) whatever the flag."
            ),
            data,
            "lds",
            "workgroup",
            UP_TAG["local"],
            UP_TAG["local"],
            works,
            rel_scope="workgroup-one-as",
            acq_scope="workgroup-one-as",
        )
    # 5. With amdgcn-av none: the fences synchronize (local) but are not
    #    MakeAvailable / MakeVisible. Seed: the plain LDS write is never made
    #    available -> undef (the flag is in the tag's space). Upstream: LDS accesses are store-available /
    #    load-visible at workgroup scope, and the write happens-before the read
    #    in the local address space -> 42. A global tag gives no local
    #    happens-before: undef under both models.
    for tag in ("local", "global"):
        md = f'!{{!{{!"amdgpu-as", !"{tag}"}}, !{{!"amdgcn-av", !"none"}}}}'
        flag = TAG_SPACE[tag]
        body = f"""{decls("lds", flag)}

thread P0 @ wg 0, wave 0 {{
  store i32 42, ptr addrspace(3) @x
  fence syncscope("workgroup") release, !mmra {md}
  store atomic i32 1, ptr {SPACE[flag]}@y syncscope("workgroup") monotonic, align 4
}}

thread P1 @ wg 0, wave 1 {{
  %r0 = load atomic i32, ptr {SPACE[flag]}@y syncscope("workgroup") monotonic, align 4
  fence syncscope("workgroup") acquire, !mmra {md}
  %r1 = load i32, ptr addrspace(3) @x
}}"""
        if tag == "local":
            desc = (
                "memory-model.txt MakeAvailable and MakeVisible (amdgcn-av none: no MakeAvailable / "
                "MakeVisible) combined with amdgpu-as:local (the fences synchronize the local address "
                "space). Seed: nothing makes the plain LDS write available, so the read never returns "
                "42. Upstream (AMDGPUMemoryModel.md: 'Any access to addrspace(3) always results in a "
                "store-available or load-visible operation with scope workgroup'): the write is its own "
                "availability operation and happens-before the load-visible read in the local address "
                "space: 42 when the flag is 1."
            )
            expects = ["Never race", "upstream Sometimes race"]
        else:
            desc = (
                "amdgcn-av none with amdgpu-as:global: the fences synchronize only the global address "
                "space, so under neither model does the LDS write happen-before the read in the local "
                "address space (upstream: the store-available / load-visible LDS accesses need that "
                "happens-before): the read never returns 42."
            )
            expects = ["Never race"]
        write(
            f"MP+fence-fence.wg.as-{tag}.av-none.data-lds",
            desc,
            body,
            "exists (P1:%r0 == 1 /\\ P1:%r1 == 42)",
            expects,
        )
    # 6. Load buffering: a fence pair that synchronizes only LDS does not put
    #    the global read before the global write in happens-before, so the
    #    read may see it ("If a read R happens-before a write W3, then R may
    #    not see W3" does not apply). A global tag (global flag) forbids it.
    for tag in ("local", "global"):
        md = SEED_TAG[tag]
        flag = TAG_SPACE[tag]
        body = f"""{decls("global", flag)}

thread P0 @ wg 0, wave 0 {{
  %r0 = load atomic i32, ptr @x syncscope("workgroup") monotonic, align 4
  fence syncscope("workgroup") release, !mmra {md}
  store atomic i32 1, ptr {SPACE[flag]}@y syncscope("workgroup") monotonic, align 4
}}

thread P1 @ wg 0, wave 1 {{
  %r1 = load atomic i32, ptr {SPACE[flag]}@y syncscope("workgroup") monotonic, align 4
  fence syncscope("workgroup") acquire, !mmra {md}
  store atomic i32 1, ptr @x syncscope("workgroup") monotonic, align 4
}}"""
        if tag == "local":
            desc = (
                "memory-model.txt, value rules ('If a read R happens-before a write W3, then R may not "
                "see W3') with happens-before per address space: fences tagged amdgpu-as:local "
                "synchronize through the LDS flag but do not order the global accesses, so P0's read of "
                "x may see P1's later write: r0 = r1 = 1 is allowed."
            )
            expects = ["Sometimes"]
        else:
            desc = (
                "memory-model.txt, value rules ('If a read R happens-before a write W3, then R may not "
                "see W3'): fences tagged amdgpu-as:global synchronize the global address space (and pair with the global flag), so "
                "when the flag is read as 1 P0's read of x happens before P1's write and cannot see it."
            )
            expects = ["Never"]
        write(
            f"LB+fence-fence.wg.as-{tag}.data-global",
            desc,
            body,
            "exists (P0:%r0 == 1 /\\ P1:%r1 == 1)",
            expects,
        )

    hardware_guards()
    barrier_tests()


# Placements of the hardware guards (as in scripts/gen-hw-mp.py): scope, the
# two threads' placements, and why the placement matters on the hardware
# models.
GUARD_PLACES = [
    ("wg", "workgroup", "wg 0, wave 0", "wg 0, wave 1",
     "one work-group, different waves (different L0s in GFX10+ WGP mode, different CUs in tgsplit mode)"),
    ("agent", "agent", "cluster 0, wg 0", "cluster 1, wg 1",
     "different work-groups and clusters of one agent (different CUs / shader engines)"),
    ("system", "system", "agent 0, cluster 0, wg 0", "agent 1, cluster 1, wg 1",
     "different agents (GFX90A/GFX942: different L2s)"),
]
BOTH_TAGS = '!{!{!"amdgpu-as", !"local"}, !{!"amdgpu-as", !"global"}}'
BOTH_UP_TAGS = '!{!{!"amdgpu-synchronize-as", !"global"}, !{!"amdgpu-synchronize-as", !"local"}}'


def sc(scope):
    """The syncscope attribute (system scope has none)."""
    return "" if scope == "system" else f' syncscope("{scope}")'


def guard(name, description, decl, p0, p0_body, p1, p1_body, tail):
    body = "{\n" + "\n".join(f"  {d};" for d in decl) + "\n}\n\n"
    body += f"thread P0 @ {p0} {{\n" + "\n".join(f"  {l}" for l in p0_body) + "\n}\n\n"
    body += f"thread P1 @ {p1} {{\n" + "\n".join(f"  {l}" for l in p1_body) + "\n}"
    condition, expects = tail
    write(name, description, body, condition, expects)


def hardware_guards():
    """Tests that make the narrowed rows' remaining steps observable on the
    hardware models (`amdmm verify --mutate litmus/fence-as`): primed caches
    for the global part's invalidates and write-backs, load buffering for the
    load-counter waits of a release, an acquire through an atomic without
    return for the store-counter wait of an acquire fence, and LDS data or an
    LDS flag with both tags for the LDS-counter waits (docs/hardware.md,
    "Fences that name address spaces")."""
    for short, scope, p0, p1, why in GUARD_PLACES:
        s = sc(scope)
        for tname, g in (("global", SEED_TAG["global"]), ("local-global", BOTH_TAGS)):
            spaces = "global" if tname == "global" else "local and global"
            # Primed caches: P1 first reads x with a plain load (racing with
            # P0's store: undef, never observed), which leaves x=0 in its
            # nearer caches; only the acquire fence's invalidates (and the
            # release fence's write-backs) keep the last load from hitting
            # that copy.
            guard(
                f"MP+fence-fence.{short}.as-{tname}.primed",
                f"AMDGPUUsage, Fence and address spaces (the fences synchronize the {spaces} "
                "address space(s)) + memory-model.txt Availability/Visibility Operation, "
                f"{scope} scope, {why}: the release fence is a MakeAvailable operation on the "
                "global write of x, the fences synchronize through the global flag, and the "
                "acquire fence makes the write visible: the plain load after it reads 42 when the "
                "flag is 1, undef (race) when it is 0. P1's first plain load of x races with P0's "
                "store (undef) and only primes its caches, so the rows' cache invalidates and "
                "write-backs are what keeps the stale 0 out.",
                ["global x = 0", "global y = 0"],
                p0,
                ["store i32 42, ptr @x",
                 f"fence{s} release, !mmra {g}",
                 f"store atomic i32 1, ptr @y{s} monotonic, align 4"],
                p1,
                ["%r2 = load i32, ptr @x",
                 f"%r0 = load atomic i32, ptr @y{s} monotonic, align 4",
                 f"fence{s} acquire, !mmra {g}",
                 "%r1 = load i32, ptr @x"],
                ("locations [P1:%r0; P1:%r1;]\nforall ((P1:%r0 == 1 /\\ P1:%r1 == 42) \\/ (P1:%r0 == 0 /\\ P1:%r1 == undef))",
                 ["Always race"]),
            )
            # Acquire through an atomicrmw without return value plus an
            # acquire fence: the fence's wait for the fence-paired atomic.
            guard(
                f"MP+fence-fence.{short}.as-{tname}.rmw-noret",
                f"AMDGPUUsage, Fence and address spaces (the fences synchronize the {spaces} "
                f"address space(s)) + LangRef fence synchronization, {scope} scope, {why}: P1's "
                "atomicrmw add on the global flag is the fence-paired atomic of the acquire fence "
                "(its wait 'must happen after any preceding ... atomicrmw-no-return-value', "
                "GFX10-GFX11 vscnt, GFX12+ storecnt); it reads P0's 1 exactly when the final y is "
                "2, then the release fence synchronizes with the acquire fence and the plain load "
                "reads 42 (memory-model.txt Availability/Visibility Operation); when y is 1 the "
                "data load races (undef). P1's first plain load only primes its caches.",
                ["global y = 0", "global x = 0"],
                p0,
                ["store i32 42, ptr @x",
                 f"fence{s} release, !mmra {g}",
                 f"store atomic i32 1, ptr @y{s} monotonic, align 4"],
                p1,
                ["%r2 = load i32, ptr @x",
                 f"%q = atomicrmw add ptr @y, i32 1{s} monotonic",
                 f"fence{s} acquire, !mmra {g}",
                 "%r1 = load i32, ptr @x"],
                ("locations [@y; P1:%r1;]\nforall ((@y == 2 /\\ P1:%r1 == 42) \\/ (@y == 1 /\\ P1:%r1 == undef))",
                 ["Always race"]),
            )
            if short == "wg" and tname == "global":
                continue  # LB+fence-fence.wg.as-global.data-global above
            # Load buffering: the release fence's wait for earlier loads.
            guard(
                f"LB+fence-fence.{short}.as-{tname}.data-global",
                "memory-model.txt, value rules ('If a read R happens-before a write W3, then R may "
                f"not see W3'), AMDGPUUsage, Fence and address spaces: fences that synchronize the "
                f"{spaces} address space(s) synchronize through the global flag at {scope} scope "
                f"({why}), so when P1 reads the flag as 1 P0's read of x happens before P1's write "
                "and cannot see it. Guards the release fence's wait for P0's load.",
                ["global x = 0", "global y = 0"],
                p0,
                [f"%r0 = load atomic i32, ptr @x{s} monotonic, align 4",
                 f"fence{s} release, !mmra {g}",
                 f"store atomic i32 1, ptr @y{s} monotonic, align 4"],
                p1,
                [f"%r1 = load atomic i32, ptr @y{s} monotonic, align 4",
                 f"fence{s} acquire, !mmra {g}",
                 f"store atomic i32 1, ptr @x{s} monotonic, align 4"],
                ("exists (P0:%r0 == 1 /\\ P1:%r1 == 1)", ["Never"]),
            )
        # LDS halves: one work-group (LDS is per work-group), both tags, so
        # the fences pair with a flag in one space and order data in the
        # other; the LDS-counter waits order the LDS access against the
        # global one.
        for kind, data, flag in (("lds-data", "lds", "global"), ("lds-flag", "global", "lds")):
            guard(
                f"MP+fence-fence.{short}.as-local-global.{kind}.samewg",
                "AMDGPUUsage, Fence and address spaces (several tags combine: the fences "
                "synchronize the local and the global address spaces) + memory-model.txt "
                f"Availability/Visibility/Location Order, {scope} scope, one work-group, data in "
                f"{'LDS' if data == 'lds' else 'global memory'}, flag in "
                f"{'LDS' if flag == 'lds' else 'global memory'}: the fences synchronize through "
                "the flag (in one of their spaces) and order the data (in the other): 42 when the "
                "flag is 1, undef (race) when it is 0. Guards the LDS-counter waits (lgkmcnt, "
                "dscnt) that order the LDS access against the global one.",
                [f"{'lds' if data == 'lds' else 'global'} x = 0", f"{'lds' if flag == 'lds' else 'global'} y = 0"],
                "wg 0, wave 0",
                [f"store i32 42, ptr {SPACE[data]}@x",
                 f"fence{s} release, !mmra {BOTH_TAGS}",
                 f"store atomic i32 1, ptr {SPACE[flag]}@y{s} monotonic, align 4"],
                "wg 0, wave 1",
                [f"%r0 = load atomic i32, ptr {SPACE[flag]}@y{s} monotonic, align 4",
                 f"fence{s} acquire, !mmra {BOTH_TAGS}",
                 f"%r1 = load i32, ptr {SPACE[data]}@x"],
                ("forall ((P1:%r0 == 1 /\\ P1:%r1 == 42) \\/ (P1:%r0 == 0 /\\ P1:%r1 == undef))",
                 ["Always race"]),
            )



def barrier_tests():
    """A work-group barrier between tagged fences: AMDGPUUsage, Execution
    Barriers, "A BR synchronizes-with BA in an address space AS if and only
    if: A barrier-executes-before W. BA and BR's synchronization scope
    overlap. [...] BA and BR's address spaces both include AS", with a
    fence's address spaces those its tags name (docs/semantics.md, "Barriers
    and memory" and "Fences that name address spaces"). Both waves execute
    the barrier, so the arrive always barrier-executes-before the wait: the
    outcome is the same in every execution."""
    cases = [
        # (name part, release tags, acquire tags, {data: works})
        ("as-local", SEED_TAG["local"], SEED_TAG["local"], {"lds": True, "global": False}),
        ("as-global", SEED_TAG["global"], SEED_TAG["global"], {"lds": False, "global": True}),
        ("as-local-global", BOTH_TAGS, BOTH_UP_TAGS, {"lds": True, "global": True}),
        ("as-local-global-mismatch", SEED_TAG["local"], SEED_TAG["global"], {"lds": False, "global": False}),
        # "they cannot have one-as": a workgroup-one-as fence does not pair
        # with the barrier even when its tag names the data's space.
        ("one-as.as-local", UP_TAG["local"], UP_TAG["local"], {"lds": False, "global": False}),
    ]
    # The fences' scope only has to overlap the barrier's (work-group):
    # agent and system fences pair with s.barrier too, and guard the LDS
    # waits of those rows (a barrier does not wait for the wave's LDS
    # accesses).
    cases += [(f"{short}:{part}", rel, acq, works)
              for short in ("agent", "system")
              for part, rel, acq, works in cases[:2]]
    for part, rel, acq, works in cases:
        fscope, _, part = part.rpartition(":")
        scope = "workgroup-one-as" if part.startswith("one-as") else (fscope or "workgroup")
        short = {"workgroup": "wg", "agent": "agent", "system": "system"}.get(scope)
        reads = []
        for data, ok in works.items():
            reads.append((data, ok))
        why = []
        for data, ok in reads:
            space = "local" if data == "lds" else "global"
            if ok:
                why.append(
                    f"in the {space} address space both fences name it, so the barrier-arrive-release "
                    f"synchronizes-with the barrier-wait-acquire there: the release fence makes the "
                    f"{data} write available, the acquire fence makes it visible, and the read returns 42"
                )
            elif part.startswith("one-as"):
                why.append(
                    "the fences have a one-as scope ('they cannot have one-as'), so the barrier "
                    f"synchronizes nothing, although the tags name the {space} address space: the "
                    f"read may see the {data} write without it being location-ordered, undef (race)"
                    if space == "local" else
                    f"the {space} address space is not named by the fences (and a one-as fence does "
                    "not pair with a barrier): undef (race)"
                )
            else:
                why.append(
                    f"the {space} address space is not named by both fences, so no synchronizes-with "
                    f"orders the {data} write before the read (nor makes it available and visible): "
                    "the read may see it without it being location-ordered, undef (race)"
                )
        decl = ["global x = 0", "lds t = 0"]
        p0 = ["store i32 42, ptr @x", "store i32 42, ptr addrspace(3) @t",
              f'fence{sc(scope)} release, !mmra {rel}',
              "call void @llvm.amdgcn.s.barrier()"]
        p1 = ["call void @llvm.amdgcn.s.barrier()",
              f'fence{sc(scope)} acquire, !mmra {acq}',
              "%r0 = load i32, ptr @x", "%r1 = load i32, ptr addrspace(3) @t"]
        atoms = []
        for reg, data in (("%r0", "global"), ("%r1", "lds")):
            atoms.append(f"P1:{reg} == {'42' if works[data] else 'undef'}")
        cond = "forall (" + " /\\ ".join(atoms) + ")"
        expect = "Always race" if not all(works.values()) else "Always"
        guard(
            f"MP+fence-sbarrier-fence.{short}.{part}" if short else f"MP+fence-sbarrier-fence.wg-{part}",
            "AMDGPUUsage, Execution Barriers ('A BR synchronizes-with BA in an address space AS if "
            "and only if [...] BA and BR's address spaces both include AS') with the fences' address "
            "spaces given by their amdgpu-as / amdgpu-synchronize-as tags (Fence and address "
            f"spaces); one work-group, two waves, s.barrier between {scope}-scope release and "
            "acquire fences (a fence scope that overlaps the barrier's work-group), plain data in global memory (x) and in LDS (t). Global x: "
            + why[1] + ". LDS t: " + why[0] + ".",
            decl, "wg 0, wave 0", p0, "wg 0, wave 1", p1, (cond, [expect]),
        )


if __name__ == "__main__":
    import sys

    if len(sys.argv) > 1:
        print(__doc__.strip())
        sys.exit(0 if sys.argv[1] in ("-h", "--help") else 2)
    main()
