//! Parser tests: the format page's example and one test per construct.

use amdmm_litmus::ast::*;
use amdmm_litmus::parse;

/// The example of docs/format.md, "A whole test".
pub const EXAMPLE: &str = r#"AMDGPU MP+rel-acq.agent
"Message passing across workgroups: agent-scope release/acquire forbids a stale read."

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

fn ok(src: &str) -> File {
    match parse(src) {
        Ok(f) => f,
        Err(ds) => panic!("{}", amdmm_litmus::render_all(&ds, "t.litmus", src)),
    }
}

/// A file with one thread whose body is `body`.
fn with_body(body: &str) -> String {
    format!(
        "AMDGPU t\n{{ global x = 0; lds t[2] = 0; barrier B workgroup; }}\nthread P0 @ wg 0 {{\n{body}\n}}\nexists (true)\n"
    )
}

fn instrs(body: &str) -> Vec<Instr> {
    ok(&with_body(body)).threads[0]
        .body
        .iter()
        .filter_map(|s| match s {
            Stmt::Instr(i) => Some(i.clone()),
            Stmt::Label(_) => None,
        })
        .collect()
}

fn one(body: &str) -> InstrKind {
    let v = instrs(body);
    assert_eq!(v.len(), 1, "{v:?}");
    v[0].kind.clone()
}

#[test]
fn format_page_example() {
    let f = ok(EXAMPLE);
    assert_eq!(f.name.name, "MP+rel-acq.agent");
    assert!(f.description.unwrap().node.starts_with("Message passing"));
    assert_eq!(f.decls.len(), 2);
    assert_eq!(f.threads.len(), 2);
    assert_eq!(f.threads[1].name.name, "P1");
    assert_eq!(f.threads[1].placement[0].key.node, PlaceKey::Wg);
    assert_eq!(f.threads[1].placement[0].value.node, 1);
    assert_eq!(f.condition.quantifier.node, Quantifier::Exists);
    assert!(matches!(f.condition.expr, Expr::And(..)));
    let e = f.expect.unwrap();
    assert_eq!(e.outcome.node, Outcome::Never);
    assert_eq!(e.flags[0].node, Flag::Race);
    // Spans point at the source text.
    let t = &f.threads[0];
    assert_eq!(&EXAMPLE[t.name.span.start..t.name.span.end], "P0");
}

#[test]
fn declarations() {
    let f = ok("AMDGPU d\n{\n global x = 0;\n global y;\n global a[4] = 0;\n global b[2] = {1, 2};\n lds t[4] = 0;\n barrier B workgroup;\n barrier C workgroup = 3;\n exclusive B, C;\n}\nthread P0 { }\nexists (true)");
    assert_eq!(f.decls.len(), 8);
    match &f.decls[1] {
        Decl::Var {
            name, init, len, ..
        } => {
            assert_eq!(name.name, "y");
            assert!(init.is_none() && len.is_none());
        }
        d => panic!("{d:?}"),
    }
    match &f.decls[3] {
        Decl::Var {
            init: Some(Init::List(v)),
            len: Some(n),
            ..
        } => {
            assert_eq!(n.node, 2);
            assert_eq!(
                v.iter().map(|v| v.node).collect::<Vec<_>>(),
                vec![Value::Int(1), Value::Int(2)]
            );
        }
        d => panic!("{d:?}"),
    }
    assert!(matches!(&f.decls[4], Decl::Var { space, .. } if space.node == Space::Lds));
    assert!(matches!(&f.decls[6], Decl::Barrier { init: Some(k), .. } if k.node == 3));
    assert!(matches!(&f.decls[7], Decl::Exclusive { names, .. } if names.len() == 2));
}

#[test]
fn placement_fields_are_optional() {
    let f = ok("AMDGPU p\n{}\nthread P0 @ agent 1, cluster 2, wg 3, wave 4 { }\nthread P1 { }\nthread P2 @wg 5 { }\nexists (true)");
    let keys: Vec<_> = f.threads[0]
        .placement
        .iter()
        .map(|p| (p.key.node, p.value.node))
        .collect();
    assert_eq!(
        keys,
        vec![
            (PlaceKey::Agent, 1),
            (PlaceKey::Cluster, 2),
            (PlaceKey::Wg, 3),
            (PlaceKey::Wave, 4)
        ]
    );
    assert!(f.threads[1].placement.is_empty());
    assert_eq!(f.threads[2].placement[0].value.node, 5);
}

#[test]
fn comments_of_three_kinds() {
    let f = ok("// top\nAMDGPU c ; name\n(* herd\n comment *)\n{ global x = 0; // init\n}\nthread P0 { ; llvm comment\n  store i32 1, ptr @x ; trailing\n}\nexists (x == 1) (* end *)\n");
    assert_eq!(f.threads[0].body.len(), 1);
}

#[test]
fn loads_and_stores() {
    match one("%r = load atomic volatile i64, ptr addrspace(1) @x syncscope(\"agent-one-as\") seq_cst, align 8") {
        InstrKind::Load { atomic, volatile, ty, ptr, at } => {
            assert!(atomic && volatile);
            assert_eq!(ty.node, TyKind::I64);
            assert_eq!(ptr.addrspace.unwrap().node, 1);
            assert_eq!(at.scope.unwrap().node, "agent-one-as");
            assert_eq!(at.ordering.unwrap().node, Ordering::SeqCst);
        }
        k => panic!("{k:?}"),
    }
    match one("store atomic i32 1, ptr @y syncscope(\"agent\") release, !mmra !{!\"amdgcn-av\", !\"none\"}") {
        InstrKind::Store { at, value, .. } => {
            assert!(at.av_none);
            assert_eq!(value.node, OperandKind::Int(1));
        }
        k => panic!("{k:?}"),
    }
    match one("store i8 undef, ptr @t[1]") {
        InstrKind::Store { value, ptr, ty, .. } => {
            assert_eq!(value.node, OperandKind::Undef);
            assert_eq!(ty.node, TyKind::I8);
            assert_eq!(ptr.index.unwrap().node, OperandKind::Int(1));
        }
        k => panic!("{k:?}"),
    }
    match one("%v = load i32, ptr addrspace(3) @t[%i], align 4") {
        InstrKind::Load { ptr, .. } => {
            assert_eq!(ptr.index.unwrap().node, OperandKind::Reg("i".into()))
        }
        k => panic!("{k:?}"),
    }
}

#[test]
fn rmw_cmpxchg_extractvalue_fence() {
    match one("%o = atomicrmw add ptr @x, i32 1 syncscope(\"workgroup\") acq_rel") {
        InstrKind::AtomicRmw { op, at, .. } => {
            assert_eq!(op.name, "add");
            assert_eq!(at.ordering.unwrap().node, Ordering::AcqRel);
        }
        k => panic!("{k:?}"),
    }
    let v = instrs("%p = cmpxchg ptr @x, i32 0, i32 1 syncscope(\"agent\") acq_rel monotonic, align 4\n%v = extractvalue { i32, i1 } %p, 1");
    match &v[0].kind {
        InstrKind::CmpXchg {
            at, expected, new, ..
        } => {
            assert_eq!(at.ordering.as_ref().unwrap().node, Ordering::AcqRel);
            assert_eq!(at.failure.as_ref().unwrap().node, Ordering::Monotonic);
            assert_eq!(expected.node, OperandKind::Int(0));
            assert_eq!(new.node, OperandKind::Int(1));
        }
        k => panic!("{k:?}"),
    }
    assert!(matches!(&v[1].kind, InstrKind::ExtractValue { index, .. } if index.node == 1));
    match one("fence syncscope(\"workgroup\") release") {
        InstrKind::Fence { at } => assert_eq!(at.ordering.unwrap().node, Ordering::Release),
        k => panic!("{k:?}"),
    }
}

#[test]
fn arithmetic_compare_select_and_control_flow() {
    let v = instrs(
        "  %a = add nsw i32 1, 2\n  %b = shl i64 %a, 3\n  %c = icmp sge i32 %a, -1\n  %d = select i1 %c, i32 %a, i32 %b\nloop:\n  br i1 %c, label %loop, label %done\ndone:\n  br label %end\nend:\n  call void @llvm.assume(i1 %c)\n  ret void",
    );
    assert!(matches!(&v[0].kind, InstrKind::Bin { op, .. } if op.name == "add"));
    assert!(
        matches!(&v[1].kind, InstrKind::Bin { op, ty, .. } if op.name == "shl" && ty.node == TyKind::I64)
    );
    assert!(
        matches!(&v[2].kind, InstrKind::ICmp { pred, b, .. } if pred.name == "sge" && b.node == OperandKind::Int(-1))
    );
    assert!(matches!(&v[3].kind, InstrKind::Select { .. }));
    assert!(
        matches!(&v[4].kind, InstrKind::CondBr { then_, else_, .. } if then_.name == "loop" && else_.name == "done")
    );
    assert!(matches!(&v[5].kind, InstrKind::Br { target } if target.name == "end"));
    assert!(matches!(&v[6].kind, InstrKind::Call { callee, .. } if callee.name == "llvm.assume"));
    assert!(matches!(&v[7].kind, InstrKind::Ret));
    let f = ok(&with_body("a:\n b:\n ret void"));
    assert!(matches!(&f.threads[0].body[0], Stmt::Label(l) if l.name == "a"));
}

#[test]
fn intrinsics_and_barriers() {
    let v = instrs(
        r#"call void @llvm.amdgcn.av.global.store.b128(ptr @x, <4 x i32> 42, metadata !"agent")
call void @llvm.amdgcn.av.store.b128(ptr @x, i128 42, metadata !"")
%r = call <4 x i32> @llvm.amdgcn.av.global.load.b128(ptr @x, metadata !"workgroup")
%s = call i128 @llvm.amdgcn.av.load.b128(ptr @x, metadata !"agent")
call void @llvm.amdgcn.global.load.lds(ptr @x, ptr @t, i32 4, i32 0, i32 0)
call void @llvm.amdgcn.global.load.async.lds(ptr addrspace(1) @x, ptr addrspace(3) @t[1], i32 4, i32 0, i32 0)
call void @llvm.amdgcn.load.async.to.lds(ptr @x, ptr @t, i32 4, i32 0, i32 0)
call void @llvm.amdgcn.asyncmark()
call void @llvm.amdgcn.wait.asyncmark(i16 0)
call void @llvm.amdgcn.s.barrier()
call void @llvm.amdgcn.s.barrier.signal(i32 -1)
%first = call i1 @llvm.amdgcn.s.barrier.signal.isfirst(i32 -1)
call void @llvm.amdgcn.s.barrier.signal.var(i32 1, i32 2)
call void @llvm.amdgcn.s.barrier.wait(i16 -1)
call void @llvm.amdgcn.s.barrier.init(i32 1, i32 2)
call void @llvm.amdgcn.s.barrier.join(i32 1)
call void @llvm.amdgcn.s.barrier.leave()
barrier.init @B, 2
barrier.join @B
barrier.arrive @B
barrier.arrive @B, 1
barrier.wait @B
barrier.drop @B"#,
    );
    assert_eq!(v.len(), 23);
    match &v[0].kind {
        InstrKind::Call { ret, callee, args } => {
            assert_eq!(ret.node, TyKind::Void);
            assert_eq!(callee.name, "llvm.amdgcn.av.global.store.b128");
            assert!(matches!(&args[1], Arg::Value { ty, .. } if ty.node == TyKind::V4I32));
            assert!(matches!(&args[2], Arg::Metadata(m) if m.node == "agent"));
        }
        k => panic!("{k:?}"),
    }
    assert!(matches!(&v[2].kind, InstrKind::Call { ret, .. } if ret.node == TyKind::V4I32));
    assert!(matches!(&v[11].kind, InstrKind::Call { ret, .. } if ret.node == TyKind::I1));
    assert!(
        matches!(&v[17].kind, InstrKind::Barrier { op, count: Some(_), .. } if op.name == "barrier.init")
    );
    assert!(matches!(
        &v[19].kind,
        InstrKind::Barrier { count: None, .. }
    ));
    assert!(matches!(
        &v[20].kind,
        InstrKind::Barrier { count: Some(_), .. }
    ));
}

#[test]
fn functions_and_calls() {
    let f = ok("AMDGPU f\n{ global x = 0; }\ndefine void @f() {\n  store i32 1, ptr @x\n  ret void\n}\nthread P0 {\n  call void @f()\n}\nexists (x == 1)");
    assert_eq!(f.functions[0].name.name, "f");
    assert_eq!(f.functions[0].body.len(), 2);
}

#[test]
fn conditions() {
    let cond = |c: &str| {
        ok(&format!(
            "AMDGPU c\n{{ global x = 0; lds t[2] = 0; }}\nthread P1 {{ %r0 = add i32 0, 0 }}\n{c}"
        ))
        .condition
    };
    let c = cond("~exists (P1:%r0 = 1 \\/ ~(x != undef) -> wg1:@t[0] == 0 /\\ true \\/ false)");
    assert_eq!(c.quantifier.node, Quantifier::NotExists);
    // `->` binds loosest.
    match c.expr {
        Expr::Implies(a, b) => {
            assert!(matches!(*a, Expr::Or(..)));
            assert!(matches!(*b, Expr::Or(..)));
        }
        e => panic!("{e:?}"),
    }
    assert_eq!(cond("forall (true)").quantifier.node, Quantifier::Forall);
    assert_eq!(
        cond("~ exists (P1:r0 = 0)").quantifier.node,
        Quantifier::NotExists
    );
    match cond("exists (wg1:@t[1] == undef)").expr {
        Expr::Atom {
            obs: Observable::Mem { wg, index, .. },
            value,
            equal,
        } => {
            assert_eq!(wg.unwrap().node, 1);
            assert_eq!(index.unwrap().node, 1);
            assert_eq!(value.node, Value::Undef);
            assert!(equal);
        }
        e => panic!("{e:?}"),
    }
    // `a -> b -> c` is `a -> (b -> c)`.
    match cond("exists (x = 1 -> x = 2 -> x = 3)").expr {
        Expr::Implies(_, b) => assert!(matches!(*b, Expr::Implies(..))),
        e => panic!("{e:?}"),
    }
}

#[test]
fn locations_and_expect() {
    let f = ok("AMDGPU l\n{ global x = 0; lds t[1] = 0; }\nthread P1 { %r0 = add i32 0, 0 }\nlocations [P1:%r0; @x; wg1:@t[0];]\nexists (true)\nexpect Sometimes race ub deadlock cutoff\n");
    let locs = f.locations.unwrap();
    assert_eq!(locs.len(), 3);
    assert!(
        matches!(&locs[0], Observable::Reg { thread, reg, .. } if thread.name == "P1" && reg.name == "r0")
    );
    let e = f.expect.unwrap();
    assert_eq!(e.outcome.node, Outcome::Sometimes);
    assert_eq!(
        e.flags.iter().map(|f| f.node).collect::<Vec<_>>(),
        vec![Flag::Race, Flag::Ub, Flag::Deadlock, Flag::Cutoff]
    );
    assert_eq!(ok(&with_body("")).expect, None);
}

#[test]
fn deep_nesting_is_an_error_not_a_crash() {
    let src = format!(
        "AMDGPU d\n{{}}\nthread P0 {{ }}\nexists {}true{}",
        "(".repeat(100_000),
        ")".repeat(100_000)
    );
    let e = parse(&src).unwrap_err();
    assert!(e[0].message.contains("nested too deeply"), "{e:?}");
    let src = format!(
        "AMDGPU d\n{{}}\nthread P0 {{ }}\nexists ({}true)",
        "~".repeat(100_000)
    );
    assert!(parse(&src).is_err());
    let src = format!(
        "AMDGPU d\n{{}}\nthread P0 {{ }}\nexists (true{})",
        " /\\ true".repeat(100_000)
    );
    assert!(parse(&src).unwrap_err()[0].message.contains("too large"));
}

#[test]
fn edge_inputs_fail_cleanly() {
    for src in [
        "",
        "AMDGPU",
        "AMDGPU x",
        "AMDGPU x {",
        "AMDGPU x\n{}\nthread",
        "\u{feff}é",
        "AMDGPU x\r\n{}\r\nthread P0 {\r\n  %r = load\r\n}\r\n",
    ] {
        let e = parse(src).unwrap_err();
        let text = amdmm_litmus::render_all(&e, "t", src);
        assert!(text.starts_with("error: "), "{text}");
        assert!(e.iter().all(|d| d.hint.is_some()), "{text}");
    }
    let deep = format!(
        "AMDGPU x\n{{}}\nthread P0 {{ %r = load {}i32, ptr @x }}\nexists (true)",
        "<4 x ".repeat(100_000)
    );
    assert!(parse(&deep).is_err());
    let e = parse("").unwrap_err();
    assert_eq!(e[0].render("t", ""), "error: expected `AMDGPU`, found end of file\n--> t:1:1\n |\n |\n = note: expected `AMDGPU`\n = help: a test starts with `AMDGPU <name>`\n");
}

#[test]
fn several_errors_are_reported() {
    let src =
        with_body("  %a = lod i32, ptr @x\n  store i32 ptr @x\n  %b = add i32 1, 2\n  %c = foo");
    let e = parse(&src).unwrap_err();
    assert_eq!(e.len(), 3, "{e:?}");
}

#[test]
fn pasted_llvm_is_accepted() {
    let v = instrs(
        "entry:\n  %0 = load atomic i32, ptr addrspace(1) @x syncscope(\"agent\") acquire, align 4, !nontemporal !1\n  %1 = atomicrmw volatile xchg ptr @x, i32 %0 seq_cst, align 4\n  %2 = cmpxchg weak volatile ptr @x, i32 0, i32 1 seq_cst seq_cst\n  tail call void @llvm.amdgcn.s.barrier() #0\n  %3 = add nuw nsw i32 %0, 1",
    );
    assert_eq!(v.len(), 5);
    assert_eq!(v[0].dst.as_ref().unwrap().name, "0");
    let e = parse(&with_body(
        "  %r = load atomic i32, ptr @x acquire, !mmra !0",
    ))
    .unwrap_err();
    assert_eq!(e[0].message, "`!mmra` must be written inline");
    // A multi-line description.
    let f = ok("AMDGPU d\n\"line one\nline two\"\n{}\nthread P0 { }\nexists (true)");
    assert_eq!(f.description.unwrap().node, "line one\nline two");
}

/// The `!mmra` tags the texts define, alone and in tuples (LLVM's MMRA
/// syntax: one tag pair or a tuple of pairs).
#[test]
fn mmra_tags_and_tuples() {
    let fence = |md: &str| match one(&format!(
        "  fence syncscope(\"workgroup\") release, !mmra {md}"
    )) {
        InstrKind::Fence { at } => at,
        k => panic!("{k:?}"),
    };
    let at = fence(r#"!{!"amdgpu-as", !"local"}"#);
    let f = at.fence_spaces.unwrap().node;
    assert!(f.local && !f.global && !at.av_none);
    let at = fence(r#"!{!"amdgpu-synchronize-as", !"global"}"#);
    let f = at.fence_spaces.unwrap().node;
    assert!(!f.local && f.global);
    let at = fence(
        r#"!{!{!"amdgpu-as", !"local"}, !{!"amdgpu-synchronize-as", !"global"}, !{!"amdgcn-av", !"none"}}"#,
    );
    let f = at.fence_spaces.unwrap().node;
    assert!(f.local && f.global && at.av_none);
    let at = fence(r#"!{!"amdgcn-av", !"none"}"#);
    assert!(at.av_none && at.fence_spaces.is_none() && at.mmra.is_some());
}

/// Every other tag is refused at its position, with the valid ones listed.
#[test]
fn mmra_unknown_tags_are_refused() {
    let err = |md: &str| {
        let src = with_body(&format!("  fence syncscope(\"agent\") release, !mmra {md}"));
        let e = parse(&src).unwrap_err();
        let col = src.find(md).unwrap();
        (e[0].clone(), col)
    };
    // memory-model.txt: the scoped form is hypothetical.
    let (d, col) = err(r#"!{!"amdgcn-av", !"agent"}"#);
    assert_eq!(d.message, "unsupported MMRA tag `amdgcn-av:agent`");
    assert_eq!(d.span.start, col);
    assert!(d.hint.as_ref().unwrap().contains("Metadata cannot be used"));
    let (d, _) = err(r#"!{!"amdgpu-as", !"private"}"#);
    assert_eq!(d.message, "unknown MMRA tag `amdgpu-as:private`");
    assert!(d.hint.as_ref().unwrap().contains("amdgpu-synchronize-as"));
    let (d, _) = err(r#"!{!"foo", !"bar"}"#);
    assert_eq!(d.message, "unknown MMRA tag `foo:bar`");
    // The pair is no longer matched inside a longer flat tuple.
    let (d, _) = err(r#"!{!"x", !"amdgcn-av", !"none"}"#);
    assert_eq!(
        d.message,
        "an MMRA tag is a pair of strings, found 3 strings"
    );
    let (d, _) = err(r#"!{}"#);
    assert_eq!(
        d.message,
        "an MMRA tag is a pair of strings, found 0 strings"
    );
    // A bad tag inside a tuple.
    let md = r#"!{!{!"amdgpu-as", !"local"}, !{!"amdgcn-av", !"wavefront"}}"#;
    let (d, col) = err(md);
    assert_eq!(d.message, "unsupported MMRA tag `amdgcn-av:wavefront`");
    assert_eq!(d.span.start, col + md.find(r#"!{!"amdgcn-av""#).unwrap());
}

/// `expect MODEL ...` lines next to the unqualified one.
#[test]
fn per_model_expect_lines() {
    let base = EXAMPLE.trim_end();
    let f = ok(&format!("{base}\nexpect upstream Sometimes\n"));
    assert_eq!(f.expect.as_ref().unwrap().outcome.node, Outcome::Never);
    assert_eq!(f.model_expects.len(), 1);
    assert_eq!(f.model_expects[0].model.node, "upstream");
    assert_eq!(f.model_expects[0].expect.outcome.node, Outcome::Sometimes);
    assert!(f.model_expects[0].expect.flags.is_empty());
    let e = parse(&format!("{base}\nexpect upstrem Sometimes\n")).unwrap_err();
    assert_eq!(e[0].message, "unknown model `upstrem`");
    assert!(e[0].hint.as_ref().unwrap().contains("upstream"));
    let e = parse(&format!(
        "{base}\nexpect upstream Never\nexpect upstream Always\n"
    ))
    .unwrap_err();
    assert_eq!(e[0].message, "a second `expect upstream` line");
    let e = parse(&format!("{base}\nexpect Always\n")).unwrap_err();
    assert_eq!(e[0].message, "a second unqualified `expect` line");
}

/// The errors of `src`, which must not parse.
fn errors(src: &str) -> Vec<amdmm_litmus::Diagnostic> {
    match parse(src) {
        Ok(_) => panic!("parsed: {src}"),
        Err(ds) => ds,
    }
}

/// Issue 24: a refused `!mmra` tag at the end of a thread's last line is
/// one error. The recovery after it used to skip the thread's closing `}`,
/// then report "unknown instruction `exists`", "unclosed body" and
/// "expected the final condition". Each refused tag, in every thread, is
/// reported once at its line and column, with the valid tags as hint.
#[test]
fn a_refused_mmra_tag_is_one_error() {
    let src = "AMDGPU t\n{ global x = 0; }\nthread P0 @ wg 0 {\n  store atomic i32 1, ptr @x syncscope(\"agent\") release, align 4, !mmra !{!\"foo\", !\"bar\"}\n}\nthread P1 @ wg 1 {\n  %r0 = load atomic i32, ptr @x syncscope(\"agent\") acquire, align 4, !mmra !{!\"amdgcn-av\", !\"agent\"}\n  %r1 = load atomic i32, ptr @x monotonic, align 4\n}\nexists (P1:%r0 == 1)\n";
    let ds = errors(src);
    let msgs: Vec<&str> = ds.iter().map(|d| d.message.as_str()).collect();
    assert_eq!(
        msgs,
        [
            "unknown MMRA tag `foo:bar`",
            "unsupported MMRA tag `amdgcn-av:agent`"
        ],
        "{}",
        amdmm_litmus::render_all(&ds, "t.litmus", src)
    );
    assert_eq!(amdmm_litmus::line_col(src, ds[0].span.start), (4, 73));
    assert_eq!(amdmm_litmus::line_col(src, ds[1].span.start), (7, 76));
    assert!(ds[0]
        .hint
        .as_deref()
        .is_some_and(|h| h.contains("amdgcn-av")));
}

/// Issue 24: a run of stray characters is one error spanning the run (not
/// one per character), with its place and a hint; characters that can
/// start a token (`/`, `-`) end the run.
#[test]
fn a_run_of_stray_characters_is_one_error() {
    let src = with_body("  store atomic i32 1, ptr @x monotonic, align 4 ?&^|`");
    let ds = errors(&src);
    assert_eq!(
        ds.len(),
        1,
        "{}",
        amdmm_litmus::render_all(&ds, "t.litmus", &src)
    );
    assert_eq!(ds[0].message, "unexpected characters `?&^|``");
    let start = src.find('?').unwrap();
    assert_eq!((ds[0].span.start, ds[0].span.end), (start, start + 5));
    assert_eq!(amdmm_litmus::line_col(&src, ds[0].span.start), (4, 49));
    assert!(ds[0]
        .hint
        .as_deref()
        .is_some_and(|h| h.contains("remove it")));
    // One character alone keeps the singular.
    let ds = errors(&with_body(
        "  store atomic i32 1, ptr @x monotonic, align 4 ?",
    ));
    assert_eq!(ds[0].message, "unexpected character `?`");
}

/// A long run of stray characters is quoted shortened, with its length.
#[test]
fn a_long_stray_run_is_shortened_in_the_message() {
    let src = with_body(&format!("  {}", "?".repeat(100_000)));
    let ds = errors(&src);
    assert_eq!(ds.len(), 1);
    assert!(ds[0].message.len() < 200, "{}", ds[0].message);
    assert!(
        ds[0].message.ends_with("…` (100000 characters)"),
        "{}",
        ds[0].message
    );
}
