//! Using amdmm as a library: load a litmus test, explore the executions the
//! memory model allows, print the result as `amdmm run` does and check it
//! against the test's `expect` line.
//! `cargo run --release -p amdmm-report --example library`

use amdmm_explore::{explore, ModelKind, Options};
use amdmm_report::{check, herd_text, observation_name, CheckResult};

const TEST: &str = r#"AMDGPU MP+rel-acq.agent
{
  global x = 0;
  global y = 0;
}
thread P0 @ wg 0 {
  store i32 42, ptr @x
  store atomic i32 1, ptr @y syncscope("agent") release, align 4
}
thread P1 @ wg 1 {
  %r0 = load atomic i32, ptr @y syncscope("agent") acquire, align 4
  %r1 = load i32, ptr @x
}
exists (P1:%r0 == 1 /\ P1:%r1 != 42)
expect Never race
"#;

pub fn main() {
    // Parse and check the test; a diagnostic renders with file:line:column.
    let program = match amdmm_program::load(TEST) {
        Ok(p) => p,
        Err(diags) => {
            for d in &diags {
                eprint!("{}", d.render("mp.litmus", TEST));
            }
            std::process::exit(2);
        }
    };
    // Every execution the rules allow (`--model upstream`: ModelKind::Upstream).
    let options = Options {
        model: ModelKind::Seed,
        ..Options::default()
    };
    let outcome = explore(&program, &options);
    // The herd-style block of `amdmm run --no-time`.
    print!("{}", herd_text(&program, &outcome, None, false));
    // The verdict of `amdmm run --check`.
    assert_eq!(check(&program, &outcome), CheckResult::Pass);
    // Or read the outcome directly: final states, observation, flags.
    println!(
        "{} final states, {}, race: {}",
        outcome.states.len(),
        observation_name(&outcome),
        outcome.flags.race
    );
}
