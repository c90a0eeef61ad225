//! The seed model and the upstream alternative (`--model upstream`) differ
//! exactly where AMDGPUMemoryModel.md changed a rule.

use amdmm_explore::{explore, ModelKind, Options};
use amdmm_program::Observation;

fn run(src: &str, model: ModelKind) -> (Option<Observation>, bool) {
    let p = amdmm_program::load(src).unwrap();
    let out = explore(
        &p,
        &Options {
            model,
            ..Options::default()
        },
    );
    (out.observation, out.flags.race)
}

/// "Any access to `addrspace(3)` (aka LDS or local) always results in a
/// *store-available* or *load-visible* operation with scope "workgroup"":
/// with synchronization that makes nothing available (av-none), a plain LDS
/// message is a race in the seed model and is seen in the upstream model.
#[test]
fn lds_accesses_are_workgroup_available_upstream() {
    let src = r#"AMDGPU LDS-MP+av-none
{ lds d = 0; global f = 0; }
thread P0 @ wg 0 {
  store i32 1, ptr addrspace(3) @d
  store atomic i32 1, ptr @f syncscope("workgroup") release, align 4, !mmra !{!"amdgcn-av", !"none"}
}
thread P1 @ wg 0 {
  %r0 = load atomic i32, ptr @f syncscope("workgroup") acquire, align 4, !mmra !{!"amdgcn-av", !"none"}
  %r1 = load i32, ptr addrspace(3) @d
}
exists (P1:%r0 == 1 /\ P1:%r1 != 1)
"#;
    assert_eq!(
        run(src, ModelKind::Seed),
        (Some(Observation::Sometimes), true)
    );
    let (obs, _) = run(src, ModelKind::Upstream);
    assert_eq!(obs, Some(Observation::Never));
}

/// "A non-atomic `volatile` access results in a *store-available* or
/// *load-visible* operation with the widest scope supported by its address
/// space": volatile global data passes through av-none synchronization.
#[test]
fn volatile_is_widened_upstream() {
    let src = r#"AMDGPU MP+volatile+av-none
{ global d = 0; global f = 0; }
thread P0 @ wg 0 {
  store volatile i32 1, ptr @d
  store atomic i32 1, ptr @f syncscope("agent") release, align 4, !mmra !{!"amdgcn-av", !"none"}
}
thread P1 @ wg 1 {
  %r0 = load atomic i32, ptr @f syncscope("agent") acquire, align 4, !mmra !{!"amdgcn-av", !"none"}
  %r1 = load volatile i32, ptr @d
}
exists (P1:%r0 == 1 /\ P1:%r1 != 1)
"#;
    assert_eq!(
        run(src, ModelKind::Seed),
        (Some(Observation::Sometimes), true)
    );
    let (obs, _) = run(src, ModelKind::Upstream);
    assert_eq!(obs, Some(Observation::Never));
}

/// Where no changed rule applies, both models agree (agent-scope MP).
#[test]
fn models_agree_elsewhere() {
    let src = r#"AMDGPU MP
{ global d = 0; global f = 0; }
thread P0 @ wg 0 {
  store i32 42, ptr @d
  store atomic i32 1, ptr @f syncscope("agent") release, align 4
}
thread P1 @ wg 1 {
  %r0 = load atomic i32, ptr @f syncscope("agent") acquire, align 4
  %r1 = load i32, ptr @d
}
exists (P1:%r0 == 1 /\ P1:%r1 != 42)
"#;
    assert_eq!(run(src, ModelKind::Seed), run(src, ModelKind::Upstream));
}
