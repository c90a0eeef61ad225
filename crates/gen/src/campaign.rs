//! Test campaigns in the manner of herd's diy: the classic shapes (SB, MP,
//! LB, WRC, IRIW, ISA2, CoRR, CoWW) with N threads, at a scope, with an
//! ordering discipline (`amdmm gen FAMILY --threads N --scope S --order O`).
//!
//! Every access is atomic (no data race clouds the question the shape asks),
//! every location is global memory, and the threads are placed as far apart
//! as the scope still includes: distinct waves of one work-group for
//! `workgroup`, distinct work-groups of one agent for `agent`, distinct agents
//! for `system` (no syncscope attribute). The condition is the shape's
//! relaxed outcome, the one the ordering is meant to forbid.
//!
//! The tests carry no `expect` line: like diy, the generator states the
//! question and the model answers it (`amdmm run`). Deriving expectations is
//! the job of the corpus, where each one is argued from the specification.

use std::fmt::Write;

/// A shape.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Family {
    Sb,
    Mp,
    Lb,
    Wrc,
    Iriw,
    Isa2,
    Corr,
    Coww,
}

impl Family {
    pub const ALL: [Family; 8] = [
        Family::Sb,
        Family::Mp,
        Family::Lb,
        Family::Wrc,
        Family::Iriw,
        Family::Isa2,
        Family::Corr,
        Family::Coww,
    ];

    /// The name on the command line (lower case) and in test names (upper).
    pub fn name(self) -> &'static str {
        match self {
            Family::Sb => "sb",
            Family::Mp => "mp",
            Family::Lb => "lb",
            Family::Wrc => "wrc",
            Family::Iriw => "iriw",
            Family::Isa2 => "isa2",
            Family::Corr => "corr",
            Family::Coww => "coww",
        }
    }

    fn title(self) -> &'static str {
        match self {
            Family::Sb => "SB",
            Family::Mp => "MP",
            Family::Lb => "LB",
            Family::Wrc => "WRC",
            Family::Iriw => "IRIW",
            Family::Isa2 => "ISA2",
            Family::Corr => "CoRR",
            Family::Coww => "CoWW",
        }
    }

    /// The fewest threads the shape needs.
    pub fn min_threads(self) -> usize {
        match self {
            Family::Coww => 1,
            Family::Sb | Family::Mp | Family::Lb | Family::Corr => 2,
            Family::Wrc | Family::Isa2 => 3,
            Family::Iriw => 4,
        }
    }

    /// The classic size (the default of `--threads`).
    pub fn classic_threads(self) -> usize {
        match self {
            Family::Coww => 1,
            f => f.min_threads(),
        }
    }

    /// What the shape asks, for the test's description.
    fn question(self) -> &'static str {
        match self {
            Family::Sb => "store buffering in a ring: each thread stores its location, then loads its neighbour's; can every load miss every store?",
            Family::Mp => "message passing: P0 stores x then the flag y; each reader loads y then x; can a reader see the flag and miss the data?",
            Family::Lb => "load buffering in a ring: each thread loads its location, then stores its neighbour's; can every load read the store that comes after it?",
            Family::Wrc => "write-to-read causality along a chain: P0 stores x; P1 reads x and stores a flag; each next thread reads the previous flag and stores its own; the last reads its flag, then x; can it see the chain and miss x?",
            Family::Iriw => "independent reads of independent writes: two writers, readers loading both locations in opposite orders; can two readers disagree on the order of the writes?",
            Family::Isa2 => "message passing along a chain: P0 stores x then f1; each middle thread reads its flag and stores the next; the last reads its flag, then x; can it see the chain and miss x?",
            Family::Corr => "read-read coherence: P0 stores x; each reader loads x twice; can a reader see the store, then the initial value?",
            Family::Coww => "write-write coherence: each thread stores x twice; can the final value be a thread's first store?",
        }
    }
}

/// Where the threads are placed and the syncscope of every access.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Scope {
    Workgroup,
    Agent,
    System,
}

impl Scope {
    pub const ALL: [Scope; 3] = [Scope::Workgroup, Scope::Agent, Scope::System];

    pub fn name(self) -> &'static str {
        match self {
            Scope::Workgroup => "workgroup",
            Scope::Agent => "agent",
            Scope::System => "system",
        }
    }

    fn attr(self) -> &'static str {
        match self {
            Scope::Workgroup => " syncscope(\"workgroup\")",
            Scope::Agent => " syncscope(\"agent\")",
            Scope::System => "",
        }
    }

    /// Thread `i`'s placement: the farthest the scope still includes.
    fn placement(self, i: usize) -> String {
        match self {
            Scope::Workgroup => format!("wg 0, wave {i}"),
            Scope::Agent => format!("wg {i}"),
            Scope::System => format!("agent {i}, wg {i}"),
        }
    }
}

/// The ordering discipline of the accesses.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Order {
    /// Every access `monotonic`.
    Relaxed,
    /// Stores `release`, loads `acquire`.
    RelAcq,
    /// Every access `seq_cst`.
    Sc,
    /// Every access `monotonic`, a `fence acq_rel` between a thread's
    /// consecutive accesses.
    FenceAcqRel,
    /// Every access `monotonic`, a `fence seq_cst` between a thread's
    /// consecutive accesses.
    FenceSc,
}

impl Order {
    pub const ALL: [Order; 5] = [
        Order::Relaxed,
        Order::RelAcq,
        Order::Sc,
        Order::FenceAcqRel,
        Order::FenceSc,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Order::Relaxed => "relaxed",
            Order::RelAcq => "rel-acq",
            Order::Sc => "sc",
            Order::FenceAcqRel => "fence-acqrel",
            Order::FenceSc => "fence-sc",
        }
    }

    fn store(self) -> &'static str {
        match self {
            Order::RelAcq => "release",
            Order::Sc => "seq_cst",
            _ => "monotonic",
        }
    }

    fn load(self) -> &'static str {
        match self {
            Order::RelAcq => "acquire",
            Order::Sc => "seq_cst",
            _ => "monotonic",
        }
    }

    fn fence(self) -> Option<&'static str> {
        match self {
            Order::FenceAcqRel => Some("acq_rel"),
            Order::FenceSc => Some("seq_cst"),
            _ => None,
        }
    }
}

/// One access of a thread.
enum Access {
    Store(String, u32),
    /// Load of a location into `%rK`.
    Load(String, usize),
}

/// The threads of a shape (each a list of accesses) and its condition.
fn shape(f: Family, n: usize) -> (Vec<String>, Vec<Vec<Access>>, String) {
    use Access::{Load, Store};
    let st = |l: &str, v: u32| Store(l.to_string(), v);
    let ld = |l: &str, r: usize| Load(l.to_string(), r);
    let and = |c: Vec<String>| c.join(" /\\ ");
    // A disjunct that is a conjunction is parenthesised, unless it is the
    // only one: `exists` adds its own parentheses, and `exists ((...))`
    // reads as a mistake.
    let or = |c: Vec<String>| {
        if c.len() == 1 {
            return c.into_iter().next().unwrap_or_default();
        }
        let wrap = |d: String| {
            if d.contains("/\\") {
                format!("({d})")
            } else {
                d
            }
        };
        c.into_iter().map(wrap).collect::<Vec<_>>().join(" \\/ ")
    };
    match f {
        Family::Sb | Family::Lb => {
            let locs: Vec<String> = (0..n).map(|i| format!("x{i}")).collect();
            let threads = (0..n)
                .map(|i| {
                    let next = &locs[(i + 1) % n];
                    if f == Family::Sb {
                        vec![st(&locs[i], 1), ld(next, 0)]
                    } else {
                        vec![ld(&locs[i], 0), st(next, 1)]
                    }
                })
                .collect();
            let v = if f == Family::Sb { 0 } else { 1 };
            let cond = and((0..n).map(|i| format!("P{i}:%r0 == {v}")).collect());
            (locs, threads, cond)
        }
        Family::Mp => {
            let mut threads = vec![vec![st("x", 1), st("y", 1)]];
            threads.extend((1..n).map(|_| vec![ld("y", 0), ld("x", 1)]));
            let cond = or((1..n)
                .map(|i| format!("P{i}:%r0 == 1 /\\ P{i}:%r1 == 0"))
                .collect());
            (vec!["x".into(), "y".into()], threads, cond)
        }
        Family::Wrc | Family::Isa2 => {
            // Flags f1..f(n-1) for ISA2 (P0 stores x and f1), f1..f(n-2)
            // for WRC (P1 reads x and stores f1).
            let first_flag = if f == Family::Isa2 { 0 } else { 1 };
            let flags: Vec<String> = (1..n - first_flag).map(|k| format!("f{k}")).collect();
            let mut threads = Vec::new();
            if f == Family::Isa2 {
                threads.push(vec![st("x", 1), st(&flags[0], 1)]);
            } else {
                threads.push(vec![st("x", 1)]);
                threads.push(vec![ld("x", 0), st(&flags[0], 1)]);
            }
            while threads.len() < n - 1 {
                let k = threads.len() - first_flag;
                threads.push(vec![ld(&flags[k - 1], 0), st(&flags[k], 1)]);
            }
            threads.push(vec![ld(flags.last().unwrap(), 0), ld("x", 1)]);
            let mut c: Vec<String> = (1..n).map(|i| format!("P{i}:%r0 == 1")).collect();
            c.push(format!("P{}:%r1 == 0", n - 1));
            let mut locs = vec!["x".to_string()];
            locs.extend(flags);
            (locs, threads, and(c))
        }
        Family::Iriw => {
            let mut threads = vec![vec![st("x", 1)], vec![st("y", 1)]];
            for i in 0..n - 2 {
                let (a, b) = if i % 2 == 0 { ("x", "y") } else { ("y", "x") };
                threads.push(vec![ld(a, 0), ld(b, 1)]);
            }
            let cond = "P2:%r0 == 1 /\\ P2:%r1 == 0 /\\ P3:%r0 == 1 /\\ P3:%r1 == 0".to_string();
            (vec!["x".into(), "y".into()], threads, cond)
        }
        Family::Corr => {
            let mut threads = vec![vec![st("x", 1)]];
            threads.extend((1..n).map(|_| vec![ld("x", 0), ld("x", 1)]));
            let cond = or((1..n)
                .map(|i| format!("P{i}:%r0 == 1 /\\ P{i}:%r1 == 0"))
                .collect());
            (vec!["x".into()], threads, cond)
        }
        Family::Coww => {
            let threads = (0..n)
                .map(|i| vec![st("x", 2 * i as u32 + 1), st("x", 2 * i as u32 + 2)])
                .collect();
            let cond = or((0..n).map(|i| format!("@x == {}", 2 * i + 1)).collect());
            (vec!["x".into()], threads, cond)
        }
    }
}

/// A generated test.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Test {
    pub name: String,
    pub text: String,
}

/// The test of `family` with `threads` threads at `scope` under `order`;
/// an error when the shape needs more threads.
pub fn generate(
    family: Family,
    threads: usize,
    scope: Scope,
    order: Order,
) -> Result<Test, String> {
    let n = threads;
    if n < family.min_threads() {
        return Err(format!(
            "{} needs at least {} threads, not {n}",
            family.title(),
            family.min_threads()
        ));
    }
    if n > 64 {
        return Err(format!("at most 64 threads, not {n}"));
    }
    let name = format!("{}-{n}+{}.{}", family.title(), order.name(), scope.name());
    let (locs, body, cond) = shape(family, n);
    let s = scope.attr();
    let mut t = String::new();
    let _ = writeln!(t, "AMDGPU {name}");
    let _ = writeln!(
        t,
        "\"Generated by `amdmm gen {} --threads {n} --scope {} --order {}`: {} Every access {}{}, threads placed as far apart as {} scope includes. No expect line: run it with `amdmm run`.\"",
        family.name(),
        scope.name(),
        order.name(),
        family.question(),
        match order {
            Order::Relaxed | Order::FenceAcqRel | Order::FenceSc => "monotonic".to_string(),
            Order::RelAcq => "release (stores) / acquire (loads)".to_string(),
            Order::Sc => "seq_cst".to_string(),
        },
        order
            .fence()
            .map_or(String::new(), |f| format!(
                ", a fence {f} between each thread's accesses"
            )),
        scope.name()
    );
    t.push_str("\n{\n");
    for l in &locs {
        let _ = writeln!(t, "  global {l} = 0;");
    }
    t.push_str("}\n");
    for (i, accesses) in body.iter().enumerate() {
        let _ = write!(t, "\nthread P{i} @ {} {{\n", scope.placement(i));
        for (k, a) in accesses.iter().enumerate() {
            if k > 0 {
                if let Some(f) = order.fence() {
                    let _ = writeln!(t, "  fence{s} {f}");
                }
            }
            match a {
                Access::Store(l, v) => {
                    let _ = writeln!(
                        t,
                        "  store atomic i32 {v}, ptr @{l}{s} {}, align 4",
                        order.store()
                    );
                }
                Access::Load(l, r) => {
                    let _ = writeln!(
                        t,
                        "  %r{r} = load atomic i32, ptr @{l}{s} {}, align 4",
                        order.load()
                    );
                }
            }
        }
        t.push_str("}\n");
    }
    let _ = write!(t, "\nexists ({cond})\n");
    Ok(Test { name, text: t })
}
