//! Generated litmus tests of growing size (benchmarks and scaling tests).
//!
//! Each function returns the text of a litmus test with `n` threads.

/// SB-n: a ring of store buffering. Thread `i` stores `x_i` and loads
/// `x_{i+1}` (relaxed, agent scope, each in its own workgroup).
pub fn sb(n: usize) -> String {
    let mut s = format!("AMDGPU SB-{n}\n{{\n");
    for i in 0..n {
        s += &format!("  global x{i} = 0;\n");
    }
    s += "}\n";
    for i in 0..n {
        let j = (i + 1) % n;
        s += &format!(
            "thread P{i} @ wg {i} {{\n  store atomic i32 1, ptr @x{i} syncscope(\"agent\") monotonic, align 4\n  %r0 = load atomic i32, ptr @x{j} syncscope(\"agent\") monotonic, align 4\n}}\n"
        );
    }
    let cond: Vec<String> = (0..n).map(|i| format!("P{i}:%r0 == 0")).collect();
    s += &format!("exists ({})\n", cond.join(" /\\ "));
    s
}

/// MP-n: a message-passing chain. P0 writes data then releases f1; each
/// middle thread acquires f_i and releases f_{i+1}; the last acquires and
/// reads the data.
pub fn mp(n: usize) -> String {
    let n = n.max(2);
    let mut s = format!("AMDGPU MP-{n}\n{{\n  global d = 0;\n");
    for i in 1..n {
        s += &format!("  global f{i} = 0;\n");
    }
    s += "}\n";
    s += "thread P0 @ wg 0 {\n  store i32 1, ptr @d\n  store atomic i32 1, ptr @f1 syncscope(\"agent\") release, align 4\n}\n";
    for i in 1..n - 1 {
        s += &format!(
            "thread P{i} @ wg {i} {{\n  %r0 = load atomic i32, ptr @f{i} syncscope(\"agent\") acquire, align 4\n  store atomic i32 %r0, ptr @f{} syncscope(\"agent\") release, align 4\n}}\n",
            i + 1
        );
    }
    let last = n - 1;
    s += &format!(
        "thread P{last} @ wg {last} {{\n  %r0 = load atomic i32, ptr @f{last} syncscope(\"agent\") acquire, align 4\n  %r1 = load i32, ptr @d\n}}\n"
    );
    s += &format!("exists (P{last}:%r0 == 1 /\\ P{last}:%r1 != 1)\n");
    s
}

/// IRIW-n: two writers and `n - 2` readers reading both locations, half in
/// one order and half in the other (acquire loads, agent scope).
pub fn iriw(n: usize) -> String {
    let n = n.max(3);
    let mut s = format!("AMDGPU IRIW-{n}\n{{\n  global x = 0;\n  global y = 0;\n}}\n");
    s += "thread W0 @ wg 0 {\n  store atomic i32 1, ptr @x syncscope(\"agent\") release, align 4\n}\n";
    s += "thread W1 @ wg 1 {\n  store atomic i32 1, ptr @y syncscope(\"agent\") release, align 4\n}\n";
    let mut cond = Vec::new();
    for i in 0..n - 2 {
        let (a, b) = if i % 2 == 0 { ("x", "y") } else { ("y", "x") };
        s += &format!(
            "thread R{i} @ wg {} {{\n  %r0 = load atomic i32, ptr @{a} syncscope(\"agent\") acquire, align 4\n  %r1 = load atomic i32, ptr @{b} syncscope(\"agent\") acquire, align 4\n}}\n",
            i + 2
        );
        if i < 2 {
            cond.push(format!("R{i}:%r0 == 1 /\\ R{i}:%r1 == 0"));
        }
    }
    s += &format!("exists ({})\n", cond.join(" /\\ "));
    s
}

/// WRC-n: write-to-read causality along a chain: P0 writes x; each next
/// thread reads the previous location and writes its own flag (release /
/// acquire, agent scope); the last reads x.
pub fn wrc(n: usize) -> String {
    let n = n.max(2);
    let mut s = format!("AMDGPU WRC-{n}\n{{\n  global x = 0;\n");
    for i in 1..n {
        s += &format!("  global f{i} = 0;\n");
    }
    s += "}\nthread P0 @ wg 0 {\n  store atomic i32 1, ptr @x syncscope(\"agent\") monotonic, align 4\n}\n";
    for i in 1..n {
        let src = if i == 1 {
            "x".to_string()
        } else {
            format!("f{}", i - 1)
        };
        s += &format!(
            "thread P{i} @ wg {i} {{\n  %r0 = load atomic i32, ptr @{src} syncscope(\"agent\") acquire, align 4\n  store atomic i32 1, ptr @f{i} syncscope(\"agent\") release, align 4\n"
        );
        if i == n - 1 {
            s += "  %r1 = load atomic i32, ptr @x syncscope(\"agent\") monotonic, align 4\n";
        }
        s += "}\n";
    }
    let last = n - 1;
    s += &format!("exists (P{last}:%r0 == 1 /\\ P{last}:%r1 == 0)\n");
    s
}

/// 4 threads × 6 accesses: each thread alternates stores to its own
/// location and loads of its neighbours' (relaxed atomics, agent scope).
pub fn four_by_six() -> String {
    let mut s = String::from("AMDGPU 4x6\n{\n");
    for i in 0..4 {
        s += &format!("  global x{i} = 0;\n");
    }
    s += "}\n";
    for i in 0..4 {
        let a = (i + 1) % 4;
        let b = (i + 2) % 4;
        s += &format!("thread P{i} @ wg {i} {{\n");
        s += &format!("  store atomic i32 1, ptr @x{i} syncscope(\"agent\") release, align 4\n");
        s += &format!("  %r0 = load atomic i32, ptr @x{a} syncscope(\"agent\") acquire, align 4\n");
        s += &format!("  store atomic i32 2, ptr @x{i} syncscope(\"agent\") release, align 4\n");
        s += &format!("  %r1 = load atomic i32, ptr @x{b} syncscope(\"agent\") acquire, align 4\n");
        s += &format!("  store atomic i32 3, ptr @x{i} syncscope(\"agent\") release, align 4\n");
        s += &format!("  %r2 = load atomic i32, ptr @x{a} syncscope(\"agent\") acquire, align 4\n");
        s += "}\n";
    }
    s += "exists (P0:%r0 == 0 /\\ P1:%r0 == 0 /\\ P2:%r0 == 0 /\\ P3:%r0 == 0)\n";
    s
}

/// W-R-n: `n` writers and `n` readers of one location (2n threads, each in
/// its own work-group). Writer `Wi` stores `i + 1` to x, reader `Ri` loads
/// it (relaxed atomics, agent scope); the condition asks whether the first
/// reader sees the first write while the last reader sees the initial value.
/// The readers' choices are independent of each other, and the threads of
/// each kind have identical bodies: the family for incremental checks and
/// symmetry reduction.
pub fn writers_readers(n: usize) -> String {
    let n = n.max(1);
    let mut s = format!("AMDGPU W-R-{n}\n{{\n  global x = 0;\n}}\n");
    for i in 0..n {
        s += &format!(
            "thread W{i} @ wg {i} {{\n  store atomic i32 {}, ptr @x syncscope(\"agent\") monotonic, align 4\n}}\n",
            i + 1
        );
    }
    for i in 0..n {
        s += &format!(
            "thread R{i} @ wg {} {{\n  %r0 = load atomic i32, ptr @x syncscope(\"agent\") monotonic, align 4\n}}\n",
            n + i
        );
    }
    let last = n - 1;
    s += &format!("exists (R0:%r0 == 1 /\\ R{last}:%r0 == 0)\n");
    s
}

/// Long-n: two writers storing `n` values each to x (W0: 1..=n, W1:
/// 101..=100+n) and a reader loading it twice (relaxed atomics, agent
/// scope): `2n + 3` events, more than 64 from n = 31, with a small
/// reads-from space. The condition asks for CoRR against W0's program
/// order (first the last of W0's values, then its first), which read-read
/// coherence forbids.
pub fn long_threads(n: usize) -> String {
    let n = n.max(1);
    let mut s = format!("AMDGPU Long-{n}\n{{\n  global x = 0;\n}}\n");
    for (t, base) in [(0, 0), (1, 100)] {
        s += &format!("thread W{t} @ wg {t} {{\n");
        for i in 1..=n {
            s += &format!(
                "  store atomic i32 {}, ptr @x syncscope(\"agent\") monotonic, align 4\n",
                base + i
            );
        }
        s += "}\n";
    }
    s += "thread R @ wg 2 {\n";
    for r in 0..2 {
        s +=
            &format!("  %r{r} = load atomic i32, ptr @x syncscope(\"agent\") monotonic, align 4\n");
    }
    s += &format!("}}\nexists (R:%r0 == {n} /\\ R:%r1 == 1)\n");
    s
}

/// CO-n: coherence with many observers. `n` writers store `1..=n` to x,
/// `n` readers load it twice (relaxed atomics, agent scope, one thread per
/// work-group, `2n` threads). The condition names both registers of the
/// first two readers and asks whether they see two writes in opposite
/// orders, which coherence forbids (LangRef, `monotonic`: one modification
/// order per address, read-read coherence). The other `n - 2` readers show
/// nothing: their `(n² + n + 1)` coherent choices each multiply the
/// reads-from space, not the observed states (issue 27's family).
pub fn coherence_observers(n: usize) -> String {
    let n = n.max(2);
    let mut s = format!("AMDGPU CO-{n}\n{{\n  global x = 0;\n}}\n");
    for i in 0..n {
        s += &format!(
            "thread W{i} @ wg {i} {{\n  store atomic i32 {}, ptr @x syncscope(\"agent\") monotonic, align 4\n}}\n",
            i + 1
        );
    }
    for i in 0..n {
        s += &format!("thread R{i} @ wg {} {{\n", n + i);
        for r in 0..2 {
            s += &format!(
                "  %r{r} = load atomic i32, ptr @x syncscope(\"agent\") monotonic, align 4\n"
            );
        }
        s += "}\n";
    }
    s += "exists (R0:%r0 == 1 /\\ R0:%r1 == 2 /\\ R1:%r0 == 2 /\\ R1:%r1 == 1)\n";
    s
}
