//! `load` never panics: random text, and random damage to valid tests.

use amdmm_program::load;
use proptest::prelude::*;

/// Valid tests covering most constructs (mutated below).
const SEEDS: &[&str] = &[
    r#"AMDGPU MP+rel-acq.agent
"Message passing across workgroups."
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
"#,
    r#"AMDGPU all (* herd comment *)
{ global a[2] = {1, 2}; global w; lds t[2] = 0; barrier B workgroup; barrier C workgroup = 3; exclusive B, C; }
define void @f() {
  %r = atomicrmw add ptr @a[1], i32 1 monotonic ; comment
  ret void
}
thread P0 @ agent 0, cluster 0, wg 1, wave 0 {
  %i = add i32 0, 1
loop:
  %p = cmpxchg ptr @a[%i], i32 0, i32 1 acq_rel monotonic, !mmra !{!"amdgcn-av", !"none"}
  %v = extractvalue { i32, i1 } %p, 0
  %c = icmp eq i32 %v, 0
  br i1 %c, label %loop, label %done
done:
  call void @f()
  call void @llvm.amdgcn.global.load.lds(ptr @a[0], ptr addrspace(3) @t[1], i32 4, i32 0, i32 0)
  call void @llvm.amdgcn.av.global.store.b128(ptr @w, <4 x i32> 1, metadata !"agent")
  %first = call i1 @llvm.amdgcn.s.barrier.signal.isfirst(i32 -1)
  barrier.arrive @C, 2
  fence syncscope("workgroup") seq_cst
}
locations [P0:%v; @a[1]; wg1:@t[0];]
~exists (P0:%v = 1 -> ~(wg1:@t[1] == undef \/ false))
expect Sometimes race ub
"#,
];

/// Fragments that stress the lexer and the parser's recovery.
const PIECES: &[&str] = &[
    "(",
    ")",
    "{",
    "}",
    "[",
    "]",
    "%",
    "@",
    "!",
    "\"",
    "(*",
    "*)",
    ";",
    "//",
    "\n",
    ",",
    "=",
    "==",
    "/\\",
    "\\/",
    "~",
    "->",
    "-",
    "é",
    "\u{1F600}",
    "0x",
    "99999999999999999999",
    "undef",
    "thread",
    "exists",
    "load",
    "ptr",
    "<4 x i32>",
    "addrspace(",
    "syncscope(\"",
    "wg1:",
];

fn mutate(seed: &str, ops: &[(u8, usize, usize)]) -> String {
    let mut bytes = seed.as_bytes().to_vec();
    for &(kind, at, n) in ops {
        let at = at % (bytes.len() + 1);
        match kind % 4 {
            0 => {
                let end = (at + n % 16).min(bytes.len());
                bytes.drain(at..end);
            }
            1 => {
                let piece = PIECES[n % PIECES.len()].as_bytes();
                bytes.splice(at..at, piece.iter().copied());
            }
            2 => bytes.insert(at, (n % 256) as u8),
            _ => bytes.truncate(at),
        }
    }
    String::from_utf8_lossy(&bytes).into_owned()
}

/// Loads `src` and renders every diagnostic (rendering must not panic either).
fn exercise(src: &str) {
    if let Err(ds) = load(src) {
        assert!(!ds.is_empty());
        for d in &ds {
            let text = d.render("t.litmus", src);
            assert!(text.starts_with("error: "));
        }
    }
}

#[test]
fn seeds_are_valid() {
    for s in SEEDS {
        if let Err(ds) = load(s) {
            panic!("{}", amdmm_litmus::render_all(&ds, "seed", s));
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 2000, ..ProptestConfig::default() })]

    #[test]
    fn random_text(src in "\\PC{0,200}") {
        exercise(&src);
    }

    #[test]
    fn random_header_and_text(body in "[ -~\n]{0,300}") {
        exercise(&format!("AMDGPU t\n{body}"));
    }

    #[test]
    fn damaged_tests(seed in 0..SEEDS.len(), ops in prop::collection::vec((any::<u8>(), any::<usize>(), any::<usize>()), 1..6)) {
        exercise(&mutate(SEEDS[seed], &ops));
    }
}
