//! One test per static error class: the message, the position in the
//! rendered text, and the hint.

use amdmm_litmus::render_all;
use amdmm_program::load;

const HEAD: &str =
    "AMDGPU e\n{ global x = 0; lds t[2] = 0; global a[4] = 0; barrier B workgroup; }\n";

/// A test whose thread P0 (line 3, placed in wg 0) has `body` from line 4.
fn body(body: &str) -> String {
    format!("{HEAD}thread P0 @ wg 0 {{\n{body}\n}}\nthread P1 @ wg 1 {{ %r0 = add i32 0, 0 }}\nexists (true)\n")
}

/// The rendered errors of `src` (which must fail).
fn errors(src: &str) -> String {
    match load(src) {
        Ok(_) => panic!("expected an error for:\n{src}"),
        Err(ds) => render_all(&ds, "t.litmus", src),
    }
}

/// Asserts an error with this message, at `line:col`, with a hint containing `hint`.
fn check(src: &str, message: &str, at: &str, hint: &str) {
    let text = errors(src);
    let block = text
        .split("\n\n")
        .find(|b| b.starts_with(&format!("error: {message}\n")))
        .unwrap_or_else(|| panic!("no error `{message}` in:\n{text}"));
    assert!(
        block.contains(&format!("--> t.litmus:{at}\n")),
        "wrong position (want {at}):\n{block}"
    );
    assert!(
        block.contains("= help: ") && block.contains(hint),
        "wrong hint (want {hint}):\n{block}"
    );
}

fn is_ok(src: &str) {
    if let Err(ds) = load(src) {
        panic!("{}", render_all(&ds, "t.litmus", src));
    }
}

#[test]
fn syntax_error() {
    check(
        &body("  %r = load i32 ptr @x"),
        "expected `,`, found `ptr`",
        "4:17",
        "`%r = load [atomic] [volatile] <ty>, ptr <loc>",
    );
    // The exact rendering.
    let text = errors(&body("  %r = load i32 ptr @x"));
    assert!(
        text.contains(" --> t.litmus:4:17\n  |\n4 |   %r = load i32 ptr @x\n  |                 ^^^ expected `,`\n"),
        "{text}"
    );
    check(
        "AMDGPU e\n{}\nthread P0 { }\n",
        "expected the final condition, found end of file",
        "4:1",
        "`exists (...)`",
    );
    check(
        "AMDGPU e \"open\n{}\n",
        "unterminated string",
        "1:10",
        "close the string",
    );
    check(
        &body("  %r = load atomic i32, ptr @x aquire"),
        "unknown ordering `aquire`",
        "4:32",
        "did you mean `acquire`?",
    );
    check(
        "AMDGPU e\n{}\nthread P0 { }\nexists (true)\nexpect Never rase\n",
        "unknown flag `rase`",
        "5:14",
        "did you mean `race`?",
    );
}

#[test]
fn several_syntax_errors_are_reported() {
    let text = errors(&body(
        "  %r = lod i32, ptr @x\n  store i32 1 ptr @x\n  %s = add i32 1, 2",
    ));
    assert!(text.contains("t.litmus:4:8"), "{text}");
    assert!(text.contains("t.litmus:5:15"), "{text}");
}

#[test]
fn columns_count_characters() {
    check(
        "AMDGPU e\n{}\nthread P0 { }\n(* éé *) exists (P9:%r0 == 1)\n",
        "unknown thread `P9`",
        "4:18",
        "did you mean `P0`?",
    );
}

#[test]
fn unknown_instruction() {
    check(
        &body("  %r = lod i32, ptr @x"),
        "unknown instruction `lod`",
        "4:8",
        "did you mean `load`?",
    );
}

#[test]
fn unknown_intrinsic() {
    check(
        &body("  call void @llvm.amdgcn.s.barier()"),
        "unknown intrinsic `@llvm.amdgcn.s.barier`",
        "4:13",
        "`llvm.amdgcn.s.barrier`",
    );
    check(
        &body("  call void @llvm.amdgcn.s.barrier.signal()"),
        "wrong arguments for `@llvm.amdgcn.s.barrier.signal`",
        "4:13",
        "call void @llvm.amdgcn.s.barrier.signal(i32 <id>)",
    );
}

#[test]
fn register_never_written() {
    check(
        &body("  %u = add i32 %zz, 1"),
        "register `%zz` is read but never written",
        "4:16",
        "assign `%zz` first",
    );
}

#[test]
fn register_read_before_written() {
    check(
        &body("  %u = add i32 %v, 1\n  %v = add i32 0, 0"),
        "register `%v` may be read before it is written",
        "4:16",
        "on every path",
    );
    // Written on one branch only.
    check(
        &body("  %c = icmp eq i32 0, 0\n  br i1 %c, label %a, label %b\na:\n  %k = add i32 1, 0\n  br label %b\nb:\n  %m = add i32 %k, 1"),
        "register `%k` may be read before it is written",
        "10:16",
        "on every path",
    );
    // A loop that reads a register before the loop body writes it.
    check(
        &body("loop:\n  %c = icmp eq i32 %n, 0\n  %n = add i32 1, 0\n  br i1 %c, label %loop, label %out\nout:\n  ret void"),
        "register `%n` may be read before it is written",
        "5:20",
        "on every path",
    );
}

#[test]
fn valid_loops_are_accepted() {
    is_ok(&body(
        "  %i = add i32 0, 0\nloop:\n  %j = add i32 %i, 1\n  %i = add i32 %j, 0\n  %c = icmp slt i32 %i, 3\n  br i1 %c, label %loop, label %out\nout:\n  ret void",
    ));
    is_ok(&body(
        "spin:\n  %r = load atomic i32, ptr @x monotonic\n  %c = icmp eq i32 %r, 0\n  br i1 %c, label %spin, label %done\ndone:\n  %s = add i32 %r, 1",
    ));
}

#[test]
fn undeclared_location() {
    check(
        &body("  store i32 1, ptr @zzz"),
        "undeclared location `@zzz`",
        "4:20",
        "known locations: `x`, `t`, `a`",
    );
}

#[test]
fn undeclared_barrier() {
    check(
        &body("  barrier.join @C"),
        "undeclared barrier `@C`",
        "4:16",
        "did you mean `B`?",
    );
    check(
        &body("  barrier.join @x"),
        "`@x` is a location, not a barrier",
        "4:16",
        "barrier B workgroup;",
    );
}

#[test]
fn undeclared_function() {
    check(
        &body("  call void @g()"),
        "undeclared function `@g`",
        "4:13",
        "define void @g()",
    );
}

#[test]
fn undeclared_label() {
    check(
        &body("  br label %nowhere\nthere:\n  ret void"),
        "undeclared label `nowhere`",
        "4:12",
        "known labels: `there`",
    );
}

#[test]
fn unknown_thread_and_register_in_condition() {
    let src = format!("{HEAD}thread P0 {{ %r0 = add i32 0, 0 }}\nexists (P1:%r0 == 1)\n");
    check(&src, "unknown thread `P1`", "4:9", "did you mean `P0`?");
    let src = format!("{HEAD}thread P0 {{ %r0 = add i32 0, 0 }}\nexists (P0:%r1 == 1)\n");
    check(
        &src,
        "thread `P0` has no register `%r1`",
        "4:12",
        "did you mean `%r0`?",
    );
    let src = format!("{HEAD}thread P0 {{ }}\nlocations [@zz;]\nexists (true)\n");
    check(&src, "undeclared location `@zz`", "4:12", "known locations");
}

#[test]
fn placement_contradiction() {
    let src =
        format!("{HEAD}thread P0 @ wg 0 {{ }}\nthread P1 @ wg 0, cluster 1 {{ }}\nexists (true)\n");
    check(
        &src,
        "workgroup 0 placed in agent 0, cluster 1 here but in agent 0, cluster 0 by another thread",
        "4:13",
        "a workgroup belongs to exactly one cluster and agent",
    );
    let src = format!(
        "{HEAD}thread P0 @ wg 0, wave 3 {{ }}\nthread P1 @ wg 1, wave 3 {{ }}\nexists (true)\n"
    );
    check(
        &src,
        "wave 3 placed in workgroup 1 here but in workgroup 0 by another thread",
        "4:19",
        "a wave belongs to exactly one workgroup",
    );
    let src = format!("{HEAD}thread P0 @ wg 0, wg 1 {{ }}\nexists (true)\n");
    check(&src, "`wg` given twice", "3:19", "at most once");
}

#[test]
fn addrspace_contradiction() {
    check(
        &body("  store i32 1, ptr addrspace(3) @x"),
        "`@x` is declared `global` (addrspace(1)), not addrspace(3)",
        "4:20",
        "`ptr addrspace(1) @x`",
    );
    check(
        &body("  store i32 1, ptr addrspace(1) @t[0]"),
        "`@t` is declared `lds` (addrspace(3)), not addrspace(1)",
        "4:20",
        "`ptr addrspace(3) @t`",
    );
    is_ok(&body(
        "  store i32 1, ptr addrspace(0) @t[0]\n  store i32 1, ptr addrspace(0) @x",
    ));
}

#[test]
fn unknown_syncscope() {
    check(
        &body("  fence syncscope(\"agnt\") acquire"),
        "unknown syncscope \"agnt\"",
        "4:19",
        "\"agent\", \"cluster\", \"workgroup\", \"wavefront\", \"singlethread\", \"one-as\"",
    );
    check(
        &body("  call void @llvm.amdgcn.av.global.store.b128(ptr @x, i32 1, metadata !\"gpu\")"),
        "unknown syncscope \"gpu\"",
        "4:62",
        "\"agent-one-as\"",
    );
}

#[test]
fn invalid_ordering() {
    check(
        &body("  %r = load atomic i32, ptr @x release"),
        "invalid ordering `release` for a load",
        "4:32",
        "a load takes `unordered`, `monotonic`, `acquire`, `seq_cst`",
    );
    check(
        &body("  store atomic i32 1, ptr @x acquire"),
        "invalid ordering `acquire` for a store",
        "4:30",
        "a store takes `unordered`, `monotonic`, `release`, `seq_cst`",
    );
    check(
        &body("  fence monotonic"),
        "invalid ordering `monotonic` for a fence",
        "4:9",
        "a fence takes `acquire`, `release`, `acq_rel`, `seq_cst`",
    );
    check(
        &body("  %r = load atomic i32, ptr @x"),
        "atomic load without an ordering",
        "4:8",
        "add one of `unordered`",
    );
    check(
        &body("  %r = load i32, ptr @x acquire"),
        "ordering `acquire` on a non-atomic load",
        "4:25",
        "`load atomic ...`",
    );
    check(
        &body("  %p = cmpxchg ptr @x, i32 0, i32 1 acquire release"),
        "invalid failure ordering `release` for a cmpxchg",
        "4:45",
        "`monotonic`, `acquire` or `seq_cst`",
    );
    check(
        &body("  %o = atomicrmw add ptr @x, i32 1 unordered"),
        "invalid ordering `unordered` for an atomicrmw",
        "4:36",
        "an atomicrmw takes `monotonic`",
    );
}

#[test]
fn index_out_of_bounds() {
    check(
        &body("  store i32 1, ptr @a[4]"),
        "index 4 is out of bounds for `@a` of length 4",
        "4:23",
        "valid indices are 0 to 3",
    );
    let src = format!("{HEAD}thread P0 {{ }}\nexists (@a[7] == 0)\n");
    check(
        &src,
        "index 7 is out of bounds for `@a` of length 4",
        "4:12",
        "valid indices are 0 to 3",
    );
}

#[test]
fn width_mismatch() {
    // Mixed widths are modelled byte by byte (docs/semantics.md, "Byte-level
    // accesses"); an atomic access to such a location is refused, naming it
    // and pointing at the access.
    is_ok(&body("  store i32 1, ptr @x\n  %r = load i64, ptr @x"));
    let text = errors(&body(
        "  store i32 1, ptr @x\n  %r = load atomic i64, ptr @x monotonic, align 8",
    ));
    assert!(
        text.contains(
            "error: an atomic `load` on `@x`, which this test accesses at several widths, is not modelled\n --> t.litmus:5:25\n"
        ),
        "{text}"
    );
    assert!(text.contains("needs a whole location"), "{text}");
    assert!(
        text.contains("= help: amdmm models a location accessed at several widths byte by byte"),
        "{text}"
    );
    // Same width, different spelling: fine.
    is_ok(&body(
        "  call void @llvm.amdgcn.av.global.store.b128(ptr @a[0], <4 x i32> 1, metadata !\"agent\")\n  %v = load i128, ptr @a[1]",
    ));
}

#[test]
fn duplicate_thread_names() {
    let src = format!("{HEAD}thread P0 {{ }}\nthread P0 @ wg 1 {{ }}\nexists (true)\n");
    check(
        &src,
        "duplicate thread name `P0`",
        "4:8",
        "every thread needs a name of its own",
    );
}

#[test]
fn lds_and_workgroup_prefixes_in_the_condition() {
    let src = format!("{HEAD}thread P0 @ wg 1 {{ }}\nexists (@t[0] == 0)\n");
    check(
        &src,
        "the LDS location `@t` needs a workgroup",
        "4:9",
        "write `wg1:@t[0]`",
    );
    let src = format!("{HEAD}thread P0 @ wg 1 {{ }}\nexists (wg1:@x == 0)\n");
    check(
        &src,
        "`@x` is a global location: `wg1:` applies to LDS only",
        "4:9",
        "write `@x`",
    );
    let src = format!("{HEAD}thread P0 @ wg 1 {{ }}\nexists (wg2:@t[1] == 0)\n");
    check(
        &src,
        "no thread runs in workgroup 2",
        "4:9",
        "the workgroups of this test are 1",
    );
    let src = format!("{HEAD}thread P0 @ wg 1 {{ }}\nexists (P0:@x == 0)\n");
    check(
        &src,
        "`P0:` before a location is not a workgroup",
        "4:9",
        "`wgN:@t`",
    );
}

#[test]
fn extractvalue_errors() {
    check(
        &body("  %p = cmpxchg ptr @x, i32 0, i32 1 acq_rel monotonic\n  %v = extractvalue { i32, i1 } %p, 2"),
        "extractvalue index 2 is out of range",
        "5:37",
        "use 0 for the old value or 1 for the success flag",
    );
    check(
        &body("  %p = add i32 0, 0\n  %v = extractvalue { i32, i1 } %p, 0"),
        "`%p` is not the result of a cmpxchg",
        "5:33",
        "the `{ ty, i1 }` pair that a cmpxchg returns",
    );
    check(
        &body("  %p = cmpxchg ptr @x, i32 0, i32 1 acq_rel monotonic\n  %v = add i32 %p, 1"),
        "`%p` is a cmpxchg result pair, not a value",
        "5:16",
        "extractvalue { i32, i1 } %p, 0",
    );
}

#[test]
fn duplicate_declarations() {
    let src = "AMDGPU e\n{ global x = 0; lds x[2]; }\nthread P0 { }\nexists (true)\n";
    check(
        src,
        "duplicate declaration of `x`",
        "2:21",
        "rename one of them",
    );
    let src = "AMDGPU e\n{ barrier B workgroup; global B; }\nthread P0 { }\nexists (true)\n";
    check(
        src,
        "duplicate declaration of `B`",
        "2:31",
        "share one namespace",
    );
    let src =
        "AMDGPU e\n{}\ndefine void @f() { }\ndefine void @f() { }\nthread P0 { }\nexists (true)\n";
    check(
        src,
        "duplicate function `@f`",
        "4:13",
        "rename one of the functions",
    );
}

#[test]
fn recursion() {
    let src = "AMDGPU e\n{}\ndefine void @f() {\n  call void @g()\n}\ndefine void @g() {\n  call void @f()\n}\nthread P0 {\n  call void @f()\n}\nexists (true)\n";
    check(
        src,
        "recursive call of `@f`",
        "7:13",
        "recursion is not supported",
    );
}

#[test]
fn other_declaration_errors() {
    let src = "AMDGPU e\n{ global b[2] = {1, 2, 3}; }\nthread P0 { }\nexists (true)\n";
    check(
        src,
        "3 initial values for `b`, which has 2 elements",
        "2:18",
        "one value per element",
    );
    let src = "AMDGPU e\n{ barrier B everywhere; }\nthread P0 { }\nexists (true)\n";
    check(
        src,
        "unknown barrier scope `everywhere`",
        "2:13",
        "known scopes",
    );
    let src = "AMDGPU e\n{ global a[0]; }\nthread P0 { }\nexists (true)\n";
    check(src, "invalid array length 0", "2:12", "1 to 4096 elements");
}

#[test]
fn dma_errors() {
    check(
        &body("  call void @llvm.amdgcn.global.load.lds(ptr @t[0], ptr @x, i32 4, i32 0, i32 0)"),
        "the DMA source `@t` must be an `global` location",
        "4:42",
        "from global memory (addrspace 1) to LDS (addrspace 3)",
    );
    check(
        &body("  call void @llvm.amdgcn.global.load.lds(ptr @x, ptr @t[0], i32 3, i32 0, i32 0)"),
        "unsupported DMA size 3",
        "4:61",
        "1, 2, 4, 8, 12 or 16",
    );
}

#[test]
fn inlining_is_bounded() {
    // Each function calls the next one four times: 4^12 copies.
    let mut src = String::from("AMDGPU e\n{ global x = 0; }\n");
    for i in 0..12 {
        let call = format!("  call void @f{}()\n", i + 1);
        src += &format!("define void @f{i}() {{\n{}}}\n", call.repeat(4));
    }
    src += "define void @f12() {\n  store i32 1, ptr @x\n}\nthread P0 {\n  call void @f0()\n}\nexists (true)\n";
    let text = errors(&src);
    assert!(
        text.contains("more than 100000 instructions after inlining"),
        "{text}"
    );
}

/// `!mmra` tags: unknown tags at their position with the valid ones listed;
/// address-space tags only on fences; no tag on a non-atomic access.
#[test]
fn mmra_tags() {
    check(
        &body("  fence syncscope(\"agent\") release, !mmra !{!\"amdgcn-av\", !\"agent\"}"),
        "unsupported MMRA tag `amdgcn-av:agent`",
        "4:43",
        "Metadata cannot be used to model this",
    );
    check(
        &body("  fence release, !mmra !{!\"amdgpu-as\", !\"flat\"}"),
        "unknown MMRA tag `amdgpu-as:flat`",
        "4:24",
        "valid tags:",
    );
    check(
        &body("  store atomic i32 1, ptr @x syncscope(\"agent\") release, !mmra !{!\"amdgpu-as\", !\"global\"}"),
        "an address-space MMRA tag on a store",
        "4:64",
        "on fences",
    );
    check(
        &body("  store i32 1, ptr @x, !mmra !{!\"amdgcn-av\", !\"none\"}"),
        "`!mmra` on a non-atomic store",
        "4:30",
        "atomic operations and fences",
    );
    is_ok(&body(
        "  fence syncscope(\"workgroup-one-as\") acq_rel, !mmra !{!{!\"amdgpu-synchronize-as\", !\"local\"}, !{!\"amdgcn-av\", !\"none\"}}\n  %r = load atomic i32, ptr @x syncscope(\"agent\") monotonic, !mmra !{!\"amdgcn-av\", !\"none\"}",
    ));
}
