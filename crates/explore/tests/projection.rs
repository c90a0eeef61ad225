//! The observation-projected search (issue 27): reads whose choice nothing
//! observes get one consistent choice per choice of the others. Each test
//! runs a test both ways (default and `exhaustive`), requires the same
//! outcome, and where a read must not be projected, a test whose first
//! choice for it would lose a final state if it were.

use amdmm_explore::{explore, families, Options, Outcome};

fn both(src: &str) -> (Outcome, Outcome) {
    let p = amdmm_program::load(src).expect("test loads");
    let projected = explore(&p, &Options::default());
    let exhaustive = explore(
        &p,
        &Options {
            exhaustive: true,
            ..Options::default()
        },
    );
    (projected, exhaustive)
}

fn same_outcome(mut a: Outcome, mut b: Outcome) {
    a.candidates = 0;
    b.candidates = 0;
    assert_eq!(a, b);
}

fn states(o: &Outcome) -> Vec<String> {
    o.states
        .iter()
        .map(|s| {
            s.values
                .iter()
                .map(|v| format!("{v:?}"))
                .collect::<Vec<_>>()
                .join(" ")
        })
        .collect()
}

/// CO-3: the third reader shows nothing, so its 13 coherent pairs of
/// choices collapse into one per observed state: 163 candidates instead of
/// 13³ = 2197, with the same 163 states (none satisfying: two readers seeing
/// two writes in opposite orders break coherence).
#[test]
fn unobserved_readers_are_searched_once_per_observed_state() {
    let (projected, exhaustive) = both(&families::coherence_observers(3));
    assert_eq!(exhaustive.candidates, 13 * 13 * 13);
    assert_eq!(projected.states.len(), 163);
    assert_eq!(projected.candidates, 163);
    assert_eq!(projected.positive, 0);
    assert_eq!(projected.negative, 163);
    same_outcome(projected, exhaustive);
}

/// A read whose register is shown is observed: both of its values stay.
#[test]
fn a_shown_register_is_observed() {
    let src = "AMDGPU shown\n{\n  global x = 0;\n}\n\
        thread P0 @ wg 0 {\n  store atomic i32 1, ptr @x syncscope(\"agent\") monotonic, align 4\n}\n\
        thread P1 @ wg 1 {\n  %r0 = load atomic i32, ptr @x syncscope(\"agent\") monotonic, align 4\n}\n\
        exists (P1:%r0 == 1)\n";
    let (projected, exhaustive) = both(src);
    assert_eq!(states(&projected).len(), 2);
    same_outcome(projected, exhaustive);
}

/// P1's acquire load of y shows nothing, but it synchronizes: reading P0's
/// release store (the first write the search tries, P1's own store hiding
/// the initial one) makes P0's store to x happen before P1's, so x ends 2;
/// reading its own store leaves x's order open (1 or 2). Projecting the
/// read would keep only the first choice and lose `x = 1`.
const ACQUIRE_UNSHOWN: &str = "AMDGPU acq\n{\n  global x = 0;\n  global y = 0;\n}\n\
    thread P0 @ wg 0 {\n  store atomic i32 1, ptr @x syncscope(\"agent\") monotonic, align 4\n  \
    store atomic i32 1, ptr @y syncscope(\"agent\") release, align 4\n}\n\
    thread P1 @ wg 1 {\n  store atomic i32 5, ptr @y syncscope(\"agent\") monotonic, align 4\n  \
    %r0 = load atomic i32, ptr @y syncscope(\"agent\") ACQ, align 4\nFENCE  \
    store atomic i32 2, ptr @x syncscope(\"agent\") monotonic, align 4\n}\n\
    locations [@x;]\nexists (x == 1)\n";

#[test]
fn an_acquire_read_is_observed_through_what_it_orders() {
    let src = ACQUIRE_UNSHOWN
        .replace("ACQ", "acquire")
        .replace("FENCE", "");
    let (projected, exhaustive) = both(&src);
    assert_eq!(states(&projected), ["Int(1)", "Int(2)"]);
    same_outcome(projected, exhaustive);
}

/// The same with a monotonic load followed by an acquire fence, which
/// synchronizes in its place (LangRef, `fence`).
#[test]
fn a_read_before_an_acquire_fence_is_observed() {
    let src = ACQUIRE_UNSHOWN
        .replace("ACQ", "monotonic")
        .replace("FENCE", "  fence syncscope(\"agent\") acquire\n");
    let (projected, exhaustive) = both(&src);
    assert_eq!(states(&projected), ["Int(1)", "Int(2)"]);
    same_outcome(projected, exhaustive);
}

/// P1 reads x after its own store of 5 and shows nothing, but x's final
/// value is shown: reading P0's store (the search's first choice) orders
/// 5 before 1 (read-write coherence), so x ends 1; reading its own store
/// leaves both orders. A read of a shown location is observed.
#[test]
fn a_read_of_a_shown_location_is_observed() {
    let src = "AMDGPU loc\n{\n  global x = 0;\n}\n\
        thread P0 @ wg 0 {\n  store atomic i32 1, ptr @x syncscope(\"agent\") monotonic, align 4\n}\n\
        thread P1 @ wg 1 {\n  store atomic i32 5, ptr @x syncscope(\"agent\") monotonic, align 4\n  \
        %r0 = load atomic i32, ptr @x syncscope(\"agent\") monotonic, align 4\n}\n\
        locations [@x;]\nexists (x == 5)\n";
    let (projected, exhaustive) = both(src);
    assert_eq!(states(&projected), ["Int(1)", "Int(5)"]);
    same_outcome(projected, exhaustive);
}

/// A flag raised only in executions where a read nothing shows takes one
/// particular value must survive the projection: such a read decides a
/// guard, so it is not free (`projection::free_reads`, condition 1), and
/// a search that took only its first consistent choice (the initial value)
/// would lose the flag. Each test runs both modes, requires the same
/// outcome and the flag, and a control in which the value cannot arise
/// and the flag is gone (so the flag does come from that value). P3's two
/// reads of y are free, so the projection is at work in every test.
const UNSHOWN_GUARD: &str = "AMDGPU guard\n{\n  global x = 0;\n  global y = 0;\n}\n\
    thread P0 @ wg 0 {\n  store atomic i32 1, ptr @y syncscope(\"agent\") monotonic, align 4\n}\n\
    thread P1 @ wg 1 {\n  %r0 = load atomic i32, ptr @y syncscope(\"agent\") monotonic, align 4\n  \
    %c = icmp eq i32 %r0, 1\n  br i1 %c, label %w, label %done\nw:\nGUARDED  br label %done\n\
    done:\n  %z = add i32 0, 0\n}\n\
    thread P2 @ wg 2 {\n  store i32 2, ptr @x\n}\n\
    thread P3 @ wg 3 {\n  %r0 = load atomic i32, ptr @y syncscope(\"agent\") monotonic, align 4\n  \
    %r1 = load atomic i32, ptr @y syncscope(\"agent\") monotonic, align 4\n}\n\
    exists (true)\n";

/// Runs `src` both ways; returns the projected outcome after checking that
/// the modes agree and that the projection skipped candidates.
fn projected_and_checked(src: &str) -> Outcome {
    let (projected, exhaustive) = both(src);
    assert!(
        projected.candidates < exhaustive.candidates,
        "no read was projected:\n{src}"
    );
    let out = projected.clone();
    same_outcome(projected, exhaustive);
    out
}

/// The value of y, the flag's condition, made impossible: P0 stores 2.
fn without_the_value(src: &str) -> String {
    src.replace(
        "store atomic i32 1, ptr @y syncscope(\"agent\") monotonic",
        "store atomic i32 2, ptr @y syncscope(\"agent\") monotonic",
    )
}

/// race: when P1 reads y = 1 its plain read of x races with P2's plain
/// store (memory-model.txt, "Location Order": the read may see an
/// unordered write, so it returns `undef` and the test races).
#[test]
fn a_race_behind_an_unshown_read_stays() {
    let src = UNSHOWN_GUARD.replace("GUARDED", "  %r1 = load i32, ptr @x\n");
    assert!(projected_and_checked(&src).flags.race);
    let control = projected_and_checked(&without_the_value(&src));
    assert!(!control.flags.race);
}

/// ub: when P1 reads y = 1 it branches on a racy (undef) comparison, which
/// is undefined behaviour (the engine's rule for a conditional branch on
/// undef, docs/semantics.md).
#[test]
fn ub_behind_an_unshown_read_stays() {
    let src = UNSHOWN_GUARD.replace(
        "GUARDED",
        "  %r1 = load i32, ptr @x\n  %d = icmp eq i32 %r1, 0\n  br i1 %d, label %done, label %done\n",
    );
    let o = projected_and_checked(&src);
    assert!(o.flags.ub && o.flags.race);
    let control = projected_and_checked(&without_the_value(&src));
    assert!(!control.flags.ub && !control.flags.race);
}

/// cutoff: P1 spins while it reads y = 0; only executions reading the
/// initial value three times pass the loop bound (litmus-format.md, loops
/// are bounded, cut-off executions flagged). Control: y starts at 1.
#[test]
fn a_cutoff_behind_unshown_reads_stays() {
    let src = "AMDGPU spin\n{\n  global y = 0;\n}\n\
        thread P0 @ wg 0 {\n  store atomic i32 1, ptr @y syncscope(\"agent\") monotonic, align 4\n}\n\
        thread P1 @ wg 1 {\n  br label %spin\nspin:\n  \
        %r0 = load atomic i32, ptr @y syncscope(\"agent\") monotonic, align 4\n  \
        %c = icmp eq i32 %r0, 0\n  br i1 %c, label %spin, label %done\ndone:\n  %z = add i32 0, 0\n}\n\
        thread P3 @ wg 3 {\n  %r0 = load atomic i32, ptr @y syncscope(\"agent\") monotonic, align 4\n  \
        %r1 = load atomic i32, ptr @y syncscope(\"agent\") monotonic, align 4\n}\n\
        exists (true)\n";
    let o = projected_and_checked(src);
    assert!(o.flags.cutoff);
    assert_eq!(o.states.len(), 1, "the complete executions stay too");
    let control = projected_and_checked(&src.replace("global y = 0", "global y = 1"));
    assert!(!control.flags.cutoff);
}

/// deadlock: when P1 reads y = 1 it skips its arrive, and P0's wait on B
/// never completes (docs/semantics.md, barriers: a wait whose phase never
/// gets its expected arrive count deadlocks).
#[test]
fn a_deadlock_behind_an_unshown_read_stays() {
    let src = "AMDGPU dl\n{\n  global y = 0;\n  barrier B workgroup = 2;\n}\n\
        thread P0 @ wg 0, wave 0 {\n  barrier.join @B\n  barrier.arrive @B\n  barrier.wait @B\n}\n\
        thread P1 @ wg 0, wave 1 {\n  barrier.join @B\n  \
        %r0 = load atomic i32, ptr @y syncscope(\"agent\") monotonic, align 4\n  \
        %c = icmp eq i32 %r0, 1\n  br i1 %c, label %done, label %go\ngo:\n  \
        barrier.arrive @B\n  barrier.wait @B\n  br label %done\ndone:\n  %z = add i32 0, 0\n}\n\
        thread P2 @ wg 1 {\n  store atomic i32 1, ptr @y syncscope(\"agent\") monotonic, align 4\n}\n\
        thread P3 @ wg 2 {\n  %r0 = load atomic i32, ptr @y syncscope(\"agent\") monotonic, align 4\n  \
        %r1 = load atomic i32, ptr @y syncscope(\"agent\") monotonic, align 4\n}\n\
        exists (true)\n";
    let o = projected_and_checked(src);
    assert!(o.flags.deadlock);
    let control = projected_and_checked(&without_the_value(src));
    assert!(!control.flags.deadlock);
}

/// The tests of `amdmm diy` (critical cycles of the default vocabulary,
/// size 4, up to 3 threads, work-group and agent placements, global and
/// mixed address spaces) and of `amdmm gen` (the classic shapes at their
/// smallest sizes, every scope and ordering discipline).
fn generated_pool() -> &'static [String] {
    static POOL: std::sync::OnceLock<Vec<String>> = std::sync::OnceLock::new();
    POOL.get_or_init(|| {
        use amdmm_gen::{campaign, diy};
        let o = diy::Options {
            size: 4,
            nprocs: 3,
            relax: Vec::new(),
            safe: diy::parse_vocabulary(diy::DEFAULT_VOCABULARY, "default").unwrap(),
            placements: vec![diy::Placement::Workgroup, diy::Placement::Agent],
            spaces: vec![diy::Spaces::Global, diy::Spaces::Mixed],
            one_thread: false,
            max_tests: 100_000,
        };
        let mut pool: Vec<String> = diy::generate(&o)
            .unwrap()
            .into_iter()
            .map(|t| t.text)
            .collect();
        for f in campaign::Family::ALL {
            for s in campaign::Scope::ALL {
                for ord in campaign::Order::ALL {
                    let t = campaign::generate(f, f.min_threads(), s, ord).unwrap();
                    pool.push(t.text);
                }
            }
        }
        pool
    })
}

/// `src` with only the conjuncts of its final condition that `keep` marks
/// (bit `i` for the `i`-th `/\` operand; none kept: `true`): the registers
/// and locations the dropped ones named are then observed by nothing. A
/// condition that is not a plain conjunction is left as it is.
fn keep_conjuncts(src: &str, keep: u32) -> String {
    let mut out = String::new();
    for line in src.lines() {
        let quantifier = ["exists (", "~exists (", "forall ("]
            .into_iter()
            .find(|q| line.starts_with(q));
        match quantifier {
            Some(q) if line.ends_with(')') && !line.contains("\\/") => {
                let inner = &line[q.len()..line.len() - 1];
                let kept: Vec<&str> = inner
                    .split(" /\\ ")
                    .enumerate()
                    .filter(|(i, _)| keep & (1 << (i % 32)) != 0)
                    .map(|(_, a)| a)
                    .collect();
                let cond = if kept.is_empty() {
                    "true".to_string()
                } else {
                    kept.join(" /\\ ")
                };
                out += &format!("{q}{cond})\n");
            }
            _ => {
                out += line;
                out.push('\n');
            }
        }
    }
    out
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig {
        cases: 160,
        rng_seed: proptest::test_runner::RngSeed::Fixed(0x6765_6e65_7261),
        .. proptest::prelude::ProptestConfig::default()
    })]

    /// On tests from the generators (amdmm-gen's diy and campaign), with
    /// some of the condition's conjuncts dropped so that some reads are
    /// observed by nothing, the projected search and `exhaustive` give the
    /// same outcome under both models; only `candidates` differs, and the
    /// projected search never examines more.
    #[test]
    fn projection_changes_nothing_on_generated_tests(
        pick in 0..100_000usize,
        keep in proptest::prelude::any::<u32>(),
        upstream in proptest::prelude::any::<bool>(),
    ) {
        let pool = generated_pool();
        let src = keep_conjuncts(&pool[pick % pool.len()], keep);
        let p = amdmm_program::load(&src)
            .map_err(|d| proptest::test_runner::TestCaseError::fail(format!("{d:?}\n{src}")))?;
        let model = if upstream {
            amdmm_explore::ModelKind::Upstream
        } else {
            amdmm_explore::ModelKind::Seed
        };
        let projected = explore(&p, &Options { model, ..Options::default() });
        let exhaustive = explore(&p, &Options { model, exhaustive: true, ..Options::default() });
        proptest::prop_assert!(projected.candidates <= exhaustive.candidates, "{}", src);
        let mut a = projected;
        let mut b = exhaustive;
        a.candidates = 0;
        b.candidates = 0;
        proptest::prop_assert_eq!(a, b, "{}", src);
    }
}

/// The property above is not vacuous: on every 25th generated test with
/// only its first conjunct kept, the modes agree and the projection skips
/// candidates in a good share of them (the count is printed).
#[test]
fn generated_tests_exercise_the_projection() {
    let pool = generated_pool();
    let (mut tried, mut projected_some) = (0, 0);
    for src in pool.iter().step_by(25) {
        let src = keep_conjuncts(src, 1);
        let (projected, exhaustive) = both(&src);
        tried += 1;
        if projected.candidates < exhaustive.candidates {
            projected_some += 1;
        }
        same_outcome(projected, exhaustive);
    }
    eprintln!("{projected_some} of {tried} generated tests searched fewer candidates");
    assert!(projected_some * 5 >= tried, "{projected_some} of {tried}");
}

/// A spin loop cut off by the loop bound while another wave waits at the
/// barrier is a deadlock when the loop can never exit: its last read of
/// every location it read, used or not, sees that location's last write
/// (`engine::spin_stuck`; docs/semantics.md, "Spin loops that never
/// exit"). P1's reads of z feed nothing, but they decide that: only
/// executions whose last read of z sees P2's store are stuck. A path the
/// bound cut off has no free read, so the deadlock stays.
#[test]
fn a_stuck_spin_loop_keeps_its_unused_reads() {
    let src = "AMDGPU spin-z\n{\n  global x = 0;\n  global z = 0;\n}\n\
        thread P0 @ wg 0, wave 0 {\n  fence syncscope(\"workgroup\") release\n  \
        call void @llvm.amdgcn.s.barrier()\n  fence syncscope(\"workgroup\") acquire\n  \
        store atomic i32 1, ptr @x syncscope(\"workgroup\") release, align 4\n}\n\
        thread P1 @ wg 0, wave 1 {\n  br label %loop\nloop:\n  \
        %r1 = load atomic i32, ptr @z syncscope(\"agent\") monotonic, align 4\n  \
        %r0 = load atomic i32, ptr @x syncscope(\"workgroup\") acquire, align 4\n  \
        %c = icmp eq i32 %r0, 0\n  br i1 %c, label %loop, label %out\nout:\n  \
        fence syncscope(\"workgroup\") release\n  call void @llvm.amdgcn.s.barrier()\n  \
        fence syncscope(\"workgroup\") acquire\n}\n\
        thread P2 @ wg 1 {\n  store atomic i32 1, ptr @z syncscope(\"agent\") monotonic, align 4\n}\n\
        exists (true)\n";
    let (projected, exhaustive) = both(src);
    assert!(exhaustive.flags.deadlock, "{exhaustive:?}");
    same_outcome(projected, exhaustive);
}
