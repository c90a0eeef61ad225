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
