//! The hardware guard family of `litmus/hw/mp/` (`amdmm gen hw-mp`, called
//! by `scripts/gen-hw-mp.py`): message passing that pairs every release form
//! with an acquire load and every acquire form with a release store, at every
//! placement; load buffering with every release form; acquire through an
//! atomic without return plus a fence; and CoRR with the two reads at
//! different scopes (docs/hardware.md, "Mutation report"; docs/corpus.md,
//! "Hardware guards").
//!
//! Each test guards the code sequences of its synchronizing operations: with
//! a sequence weakened (`amdmm verify --mutate`) the hardware may show the
//! outcome the memory model forbids. Every expectation is derived in the
//! test's description from the rule it names (memory-model.txt, Availability
//! and Visibility Operation and Fences; LangRef, release/acquire
//! synchronization and monotonic coherence). The text is byte for byte what
//! the corpus holds (a test of the crate compares them).

/// A release or acquire form: its name in test names, its code (templates
/// with `{f}` for the flag pointer and `{s}` for the syncscope attribute) and
/// its description.
type Form = (&'static str, &'static [&'static str], &'static str);

const RELEASES: [Form; 8] = [
    (
        "rel",
        &["store atomic i32 1, {f}{s} release, align 4"],
        "store atomic release",
    ),
    (
        "fence-rel",
        &[
            "fence{s} release",
            "store atomic i32 1, {f}{s} monotonic, align 4",
        ],
        "fence release + store atomic monotonic",
    ),
    (
        "fence-acqrel",
        &[
            "fence{s} acq_rel",
            "store atomic i32 1, {f}{s} monotonic, align 4",
        ],
        "fence acq_rel + store atomic monotonic",
    ),
    (
        "rmw-rel",
        &["%q = atomicrmw xchg {f}, i32 1{s} release"],
        "atomicrmw release",
    ),
    (
        "rmw-acqrel",
        &["%q = atomicrmw xchg {f}, i32 1{s} acq_rel"],
        "atomicrmw acq_rel",
    ),
    (
        "sc",
        &["store atomic i32 1, {f}{s} seq_cst, align 4"],
        "store atomic seq_cst",
    ),
    (
        "fence-sc",
        &[
            "fence{s} seq_cst",
            "store atomic i32 1, {f}{s} monotonic, align 4",
        ],
        "fence seq_cst + store atomic monotonic",
    ),
    (
        "rmw-sc",
        &["%q = atomicrmw xchg {f}, i32 1{s} seq_cst"],
        "atomicrmw seq_cst",
    ),
];

const ACQUIRES: [Form; 8] = [
    (
        "acq",
        &["%r0 = load atomic i32, {f}{s} acquire, align 4"],
        "load atomic acquire",
    ),
    (
        "fence-acq",
        &[
            "%r0 = load atomic i32, {f}{s} monotonic, align 4",
            "fence{s} acquire",
        ],
        "load atomic monotonic + fence acquire",
    ),
    (
        "fence-acqrel",
        &[
            "%r0 = load atomic i32, {f}{s} monotonic, align 4",
            "fence{s} acq_rel",
        ],
        "load atomic monotonic + fence acq_rel",
    ),
    (
        "rmw-acq",
        &["%r0 = atomicrmw add {f}, i32 0{s} acquire"],
        "atomicrmw acquire",
    ),
    (
        "rmw-acqrel",
        &["%r0 = atomicrmw add {f}, i32 0{s} acq_rel"],
        "atomicrmw acq_rel",
    ),
    (
        "sc",
        &["%r0 = load atomic i32, {f}{s} seq_cst, align 4"],
        "load atomic seq_cst",
    ),
    (
        "fence-sc",
        &[
            "%r0 = load atomic i32, {f}{s} monotonic, align 4",
            "fence{s} seq_cst",
        ],
        "load atomic monotonic + fence seq_cst",
    ),
    (
        "rmw-sc",
        &["%r0 = atomicrmw add {f}, i32 0{s} seq_cst"],
        "atomicrmw seq_cst",
    ),
];

/// Where the two threads run and where the data and the flag live.
struct Place {
    name: &'static str,
    /// The syncscope; `None` is system scope (no attribute).
    scope: Option<&'static str>,
    /// The data is in LDS (`@t`) rather than global memory (`@x`).
    lds: bool,
    p0: &'static str,
    p1: &'static str,
    why: &'static str,
    /// The flag is in LDS (`@f`) rather than global memory (`@y`).
    ldsflag: bool,
}

const PLACES: [Place; 9] = [
    Place {
        name: "workgroup",
        scope: Some("workgroup"),
        lds: false,
        p0: "wg 0, wave 0",
        p1: "wg 0, wave 1",
        why: "one work-group (different waves: different L0s in GFX10+ WGP mode, different CUs in tgsplit mode), global data",
        ldsflag: false,
    },
    Place {
        name: "workgroup.lds",
        scope: Some("workgroup"),
        lds: true,
        p0: "wg 0, wave 0",
        p1: "wg 0, wave 1",
        why: "one work-group, data in LDS (the LDS counter waits)",
        ldsflag: false,
    },
    Place {
        name: "agent.lds",
        scope: Some("agent"),
        lds: true,
        p0: "wg 0, wave 0",
        p1: "wg 0, wave 1",
        why: "one work-group, agent scope, data in LDS (the LDS halves of the agent-scope waits)",
        ldsflag: false,
    },
    Place {
        name: "agent",
        scope: Some("agent"),
        lds: false,
        p0: "cluster 0, wg 0",
        p1: "cluster 1, wg 1",
        why: "different work-groups and clusters of one agent (different CUs / shader arrays / shader engines), global data",
        ldsflag: false,
    },
    Place {
        name: "system",
        scope: None,
        lds: false,
        p0: "agent 0, wg 0",
        p1: "agent 1, wg 1",
        why: "different agents (GFX90A/GFX942: different L2s, the system-scope write-backs and invalidates), global data",
        ldsflag: false,
    },
    Place {
        name: "workgroup.ldsflag",
        scope: Some("workgroup"),
        lds: false,
        p0: "wg 0, wave 0",
        p1: "wg 0, wave 1",
        why: "one work-group, flag in LDS, global data (the LDS waits that order the flag access: 'must happen after any preceding local/generic load atomic/atomicrmw', the fence-paired atomic)",
        ldsflag: true,
    },
    Place {
        name: "system.lds",
        scope: None,
        lds: true,
        p0: "wg 0, wave 0",
        p1: "wg 0, wave 1",
        why: "one work-group, system scope, data in LDS (the LDS halves of the system-scope waits)",
        ldsflag: false,
    },
    Place {
        name: "system.ldsflag",
        scope: None,
        lds: false,
        p0: "wg 0, wave 0",
        p1: "wg 0, wave 1",
        why: "one work-group, system scope, flag in LDS, global data",
        ldsflag: true,
    },
    Place {
        name: "agent.ldsflag",
        scope: Some("agent"),
        lds: false,
        p0: "wg 0, wave 0",
        p1: "wg 0, wave 1",
        why: "one work-group, agent scope, flag in LDS (an LDS atomic is a work-group-scope one: 'A memory synchronization scope wider than work-group is not meaningful for the group (LDS) address space'), global data",
        ldsflag: true,
    },
];

fn scope_attr(scope: Option<&str>) -> String {
    scope.map_or(String::new(), |s| format!(" syncscope(\"{s}\")"))
}

fn code(form: &Form, s: &str, f: &str) -> Vec<String> {
    form.1
        .iter()
        .map(|c| format!("  {}", c.replace("{s}", s).replace("{f}", f)))
        .collect()
}

fn flag(p: &Place) -> (&'static str, &'static str) {
    if p.ldsflag {
        ("ptr addrspace(3) @f", "  lds f = 0;")
    } else {
        ("ptr @y", "  global y = 0;")
    }
}

fn finish(lines: Vec<String>) -> String {
    lines.join("\n") + "\n"
}

/// Message passing: P0 stores the data and releases the flag, P1 acquires
/// the flag and loads the data. memory-model.txt, Availability and
/// Visibility Operation: when the acquire reads the release's flag they
/// synchronize and P1 reads 42; otherwise the data load races (undef).
fn mp(rel: &Form, acq: &Form, p: &Place) -> (String, String) {
    let (f, flag_decl) = flag(p);
    let s = scope_attr(p.scope);
    let name = format!("MP+{}+{}.{}", rel.0, acq.0, p.name);
    let (data, decl) = if p.lds {
        ("ptr addrspace(3) @t", "  lds t = 0;")
    } else {
        ("ptr @x", "  global x = 0;")
    };
    let scope_name = p.scope.unwrap_or("system (no syncscope)");
    let desc = format!(
        "Generated by scripts/gen-hw-mp.py. Guards the code sequences of '{}' and '{}' at {scope_name} scope, {}. \
memory-model.txt, Availability and Visibility Operation (and Fences; LangRef: seq_cst implies acquire/release): \
when the acquire reads the release's flag 1 they synchronize, the release makes P0's plain store of the data \
available and the acquire makes it visible, so P1 reads 42; when the flag is 0 the last load races with the \
store (undef). {}Run every mutation with `amdmm verify --mutate --target all litmus/hw/mp`.",
        rel.2,
        acq.2,
        p.why,
        if p.lds {
            ""
        } else {
            "P1's first plain load only primes its caches with 0 (racing: undef). "
        }
    );
    let mut l: Vec<String> = vec![
        format!("AMDGPU {name}"),
        format!("\"{desc}\""),
        String::new(),
        "{".into(),
        flag_decl.into(),
        decl.into(),
        "}".into(),
        String::new(),
        format!("thread P0 @ {} {{", p.p0),
        format!("  store i32 42, {data}"),
    ];
    l.extend(code(rel, &s, f));
    l.extend([
        "}".into(),
        String::new(),
        format!("thread P1 @ {} {{", p.p1),
    ]);
    if !p.lds {
        l.push(format!("  %r2 = load i32, {data}"));
    }
    l.extend(code(acq, &s, f));
    l.extend([
        format!("  %r1 = load i32, {data}"),
        "}".into(),
        String::new(),
        "locations [P1:%r0; P1:%r1;]".into(),
        "forall ((P1:%r0 == 1 /\\ P1:%r1 == 42) \\/ (P1:%r0 == 0 /\\ P1:%r1 == undef))".into(),
        "expect Always race".into(),
    ]);
    (name, finish(l))
}

/// Load buffering: P0 loads x, then releases; P1 acquires, then stores x.
/// memory-model.txt happens-before and coherence: when the acquire reads the
/// release's flag, P0's load happens before P1's store and cannot read it.
/// Guards the load half of the release waits ("must happen after any
/// preceding global/generic load").
fn lb(rel: &Form, p: &Place) -> (String, String) {
    let (f, flag_decl) = flag(p);
    let s = scope_attr(p.scope);
    let name = format!("LB+{}+acq.{}", rel.0, p.name);
    let scope_name = p.scope.unwrap_or("system (no syncscope)");
    let desc = format!(
        "Generated by scripts/gen-hw-mp.py. Guards the load half of the release wait of '{}' at {scope_name} scope \
('must happen after any preceding global/generic load'), {}. memory-model.txt, happens-before and coherence \
(LangRef: the acquire reading the release's value synchronizes with it): P0's load of x happens before its \
release, which synchronizes with P1's acquire when it reads 1, which happens before P1's store of x, so the \
load cannot read that store.",
        rel.2, p.why
    );
    let xs = if p.scope.is_none() { "" } else { s.as_str() };
    let mut l: Vec<String> = vec![
        format!("AMDGPU {name}"),
        format!("\"{desc}\""),
        String::new(),
        "{".into(),
        "  global x = 0;".into(),
        flag_decl.into(),
        "}".into(),
        String::new(),
        format!("thread P0 @ {} {{", p.p0),
        format!("  %r0 = load atomic i32, ptr @x{xs} monotonic, align 4"),
    ];
    l.extend(code(rel, &s, f));
    l.extend([
        "}".into(),
        String::new(),
        format!("thread P1 @ {} {{", p.p1),
        format!("  %r1 = load atomic i32, {f}{s} acquire, align 4"),
        format!("  store atomic i32 1, ptr @x{xs} monotonic, align 4"),
        "}".into(),
        String::new(),
        "exists (P0:%r0 == 1 /\\ P1:%r1 == 1)".into(),
        "expect Never".into(),
    ]);
    (name, finish(l))
}

/// Acquire through an atomicrmw whose result is unused (counted with the
/// stores: GFX10-GFX11 vscnt, GFX12+ storecnt) followed by an acquire fence:
/// the fence's wait for the "fence-paired atomic" ("must happen after any
/// preceding ... atomicrmw-no-return-value").
fn noret(p: &Place, fence_ord: &str) -> (String, String) {
    let s = scope_attr(p.scope);
    let name = format!(
        "MP+rel+rmw-noret-fence-{}.{}",
        fence_ord.replace('_', ""),
        p.name
    );
    let scope_name = p.scope.unwrap_or("system (no syncscope)");
    let desc = format!(
        "Generated by scripts/gen-hw-mp.py. Guards the wait of 'fence {fence_ord}' at {scope_name} scope for a \
fence-paired atomicrmw without return (GFX10-GFX11 vscnt, GFX12+ storecnt: 'must happen after any preceding ... \
atomicrmw-no-return-value'), {}. LangRef fence synchronization and memory-model.txt Availability/Visibility \
Operation: P1's atomicrmw add reads P0's release store of 1 exactly when the final y is 2; then the release \
synchronizes with the acquire fence and P1 reads 42; when y is 1 the RMW read 0 and the data load races (undef). \
P1's first plain load only primes its caches.",
        p.why
    );
    let l: Vec<String> = vec![
        format!("AMDGPU {name}"),
        format!("\"{desc}\""),
        String::new(),
        "{".into(),
        "  global y = 0;".into(),
        "  global x = 0;".into(),
        "}".into(),
        String::new(),
        format!("thread P0 @ {} {{", p.p0),
        "  store i32 42, ptr @x".into(),
        format!("  store atomic i32 1, ptr @y{s} release, align 4"),
        "}".into(),
        String::new(),
        format!("thread P1 @ {} {{", p.p1),
        "  %r2 = load i32, ptr @x".into(),
        format!("  %q = atomicrmw add ptr @y, i32 1{s} monotonic"),
        format!("  fence{s} {fence_ord}"),
        "  %r1 = load i32, ptr @x".into(),
        "}".into(),
        String::new(),
        "locations [@y; P1:%r1;]".into(),
        "forall ((@y == 2 /\\ P1:%r1 == 42) \\/ (@y == 1 /\\ P1:%r1 == undef))".into(),
        "expect Always race".into(),
    ];
    (name, finish(l))
}

/// CoRR with the two reads at different scopes. LangRef, monotonic: "If one
/// atomic read happens before another atomic read of the same address and
/// both are at least monotonic, the later read must not see an earlier value
/// in the address's modification order". Guards the cache-policy bits (or
/// `scope:`) of the second load.
fn corr(s1: &str, s2: &str, ord2: &str) -> (String, String) {
    let same_wg = s1 == "workgroup" || s2 == "workgroup";
    let (p0, p1) = if same_wg {
        ("wg 0, wave 0", "wg 0, wave 1")
    } else {
        ("cluster 0, wg 0", "cluster 1, wg 1")
    };
    let attr = |x: &str| scope_attr(if x == "system" { None } else { Some(x) });
    let (a1, a2) = (attr(s1), attr(s2));
    let name = format!("CoRR+{s1}-{s2}.{}.primed", ord2.replace('_', ""));
    let desc = format!(
        "Generated by scripts/gen-hw-mp.py. Guards the cache-policy bits (or scope:) of 'load atomic {ord2} {s2}' \
against coherence: LangRef monotonic, 'If one atomic read happens before another atomic read of the same address \
and both are at least monotonic, the later read must not see an earlier value in the address's modification \
order'. P1 primes its caches with x=0 (a plain load racing with P0's store: undef), reads x monotonic at {s1} \
scope, then {ord2} at {s2} scope: 1 then 0 is forbidden. A second load whose bits let it hit the primed copy \
after the first saw 1 breaks it."
    );
    let w = if same_wg {
        " syncscope(\"workgroup\")"
    } else {
        ""
    };
    let l: Vec<String> = vec![
        format!("AMDGPU {name}"),
        format!("\"{desc}\""),
        String::new(),
        "{".into(),
        "  global x = 0;".into(),
        "}".into(),
        String::new(),
        format!("thread P0 @ {p0} {{"),
        format!("  store atomic i32 1, ptr @x{w} monotonic, align 4"),
        "}".into(),
        String::new(),
        format!("thread P1 @ {p1} {{"),
        "  %r2 = load i32, ptr @x".into(),
        format!("  %r0 = load atomic i32, ptr @x{a1} monotonic, align 4"),
        format!("  %r1 = load atomic i32, ptr @x{a2} {ord2}, align 4"),
        "}".into(),
        String::new(),
        "locations [P1:%r0; P1:%r1;]".into(),
        "exists (P1:%r0 == 1 /\\ P1:%r1 == 0)".into(),
        "expect Never race".into(),
    ];
    (name, finish(l))
}

/// Every test of `litmus/hw/mp/`, as (name, text), in generation order.
pub fn all() -> Vec<(String, String)> {
    let mut out = Vec::new();
    let pairs = RELEASES
        .iter()
        .map(|r| (r, &ACQUIRES[0]))
        .chain(ACQUIRES[1..].iter().map(|a| (&RELEASES[0], a)));
    let pairs: Vec<_> = pairs.collect();
    for p in &PLACES {
        for (rel, acq) in &pairs {
            out.push(mp(rel, acq, p));
        }
    }
    let lb_places = [
        "workgroup",
        "agent",
        "system",
        "workgroup.ldsflag",
        "agent.ldsflag",
        "system.ldsflag",
    ];
    for p in PLACES.iter().filter(|p| lb_places.contains(&p.name)) {
        for rel in &RELEASES {
            out.push(lb(rel, p));
        }
    }
    for p in PLACES
        .iter()
        .filter(|p| ["workgroup", "agent", "system"].contains(&p.name))
    {
        for fence_ord in ["acquire", "acq_rel", "seq_cst"] {
            out.push(noret(p, fence_ord));
        }
    }
    let scope_pairs = [
        ("system", "agent"),
        ("agent", "system"),
        ("agent", "workgroup"),
        ("workgroup", "agent"),
        ("system", "workgroup"),
        ("workgroup", "system"),
    ];
    for (s1, s2) in scope_pairs {
        for ord2 in ["monotonic", "acquire", "seq_cst"] {
            out.push(corr(s1, s2, ord2));
        }
    }
    out
}
