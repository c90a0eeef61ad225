//! Evaluating the final condition on a final state.

use amdmm_program::{Cond, Observable, Observation, Quantifier, Value};

/// Evaluates the proposition; `value` gives each observable's final value.
///
/// litmus-format.md, "Final condition": "`undef` is a value of its own in
/// conditions: `%r == undef` holds exactly when the read returned `undef`, and
/// `undef == 42` is false (`undef != 42` is true)."
pub fn holds(cond: &Cond, value: &dyn Fn(&Observable) -> Value) -> bool {
    match cond {
        Cond::True => true,
        Cond::False => false,
        Cond::Atom {
            obs,
            equal,
            value: v,
        } => (value(obs) == *v) == *equal,
        Cond::Not(a) => !holds(a, value),
        Cond::And(a, b) => holds(a, value) && holds(b, value),
        Cond::Or(a, b) => holds(a, value) || holds(b, value),
        Cond::Implies(a, b) => !holds(a, value) || holds(b, value),
    }
}

/// The observation over complete executions.
///
/// litmus-format.md: "`Always` when every complete execution satisfies the
/// condition, `Sometimes` when some do, `Never` when none do (also when there
/// is no complete execution at all)."
pub fn observation(positive: u64, negative: u64) -> Observation {
    match (positive, negative) {
        (0, _) => Observation::Never,
        (_, 0) => Observation::Always,
        _ => Observation::Sometimes,
    }
}

/// herd's validation of the quantified condition: `Ok` or `No`.
pub fn validated(q: Quantifier, positive: u64, negative: u64) -> bool {
    match q {
        Quantifier::Exists => positive > 0,
        Quantifier::NotExists => positive == 0,
        Quantifier::Forall => negative == 0,
    }
}
