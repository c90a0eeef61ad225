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


if __name__ == "__main__":
    main()
