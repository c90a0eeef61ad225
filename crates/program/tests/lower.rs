//! Lowering of valid tests: locations, placement, code, condition.

use amdmm_litmus::render_all;
use amdmm_program::*;

/// The example of docs/format.md, "A whole test".
const EXAMPLE: &str = r#"AMDGPU MP+rel-acq.agent
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

fn ok(src: &str) -> Program {
    load(src).unwrap_or_else(|ds| panic!("{}", render_all(&ds, "t.litmus", src)))
}

/// One thread `P0` with `body`, after the given declarations.
fn thread(decls: &str, body: &str) -> Program {
    ok(&format!(
        "AMDGPU t\n{{ {decls} }}\nthread P0 {{\n{body}\n}}\nexists (true)\n"
    ))
}

fn agent_scope() -> SyncScope {
    SyncScope::parse("agent").unwrap()
}

#[test]
fn format_page_example() {
    let p = ok(EXAMPLE);
    assert_eq!(p.name, "MP+rel-acq.agent");
    assert!(p
        .description
        .as_deref()
        .unwrap()
        .starts_with("Message passing"));
    assert_eq!(p.locations.len(), 2);
    assert_eq!(p.locations[0].name, "x");
    assert_eq!(p.locations[0].space, AddrSpace::Global);
    assert_eq!(p.locations[0].init, Some(0));
    assert!(!p.symbols[0].is_array);
    assert_eq!(p.workgroups, vec![0, 1]);
    let (p0, p1) = (&p.threads[0], &p.threads[1]);
    assert_eq!(p0.placement.instance(ScopeLevel::Workgroup), 0);
    assert_eq!(p1.placement.instance(ScopeLevel::Workgroup), 1);
    assert_eq!(
        p0.placement.common_level(&p1.placement),
        ScopeLevel::Cluster
    );
    assert_eq!(
        p0.code[1],
        Instr::Store {
            ty: Ty::I32,
            value: Operand::Const(1),
            addr: Addr {
                symbol: 1,
                index: Operand::Const(0),
                generic: false,
                byte: 0,
            },
            attrs: MemAttrs {
                ordering: Ordering::Release,
                scope: agent_scope(),
                volatile: false,
                av_none: false,
                nontemporal: false,
                fence_spaces: None
            },
            available: None,
        }
    );
    assert!(matches!(
        p0.code[0],
        Instr::Store {
            attrs: MemAttrs {
                ordering: Ordering::NotAtomic,
                scope: SyncScope::SYSTEM,
                ..
            },
            ..
        }
    ));
    assert_eq!(p0.code.last(), Some(&Instr::Halt));
    assert_eq!(p0.pos[0], Pos { line: 10, col: 3 });
    assert_eq!(p1.regs, vec!["%r0", "%r1"]);
    assert_eq!(p.condition.quantifier, Quantifier::Exists);
    assert_eq!(p.condition_text, "P1:%r0=1 /\\ P1:%r1!=42");
    let e = p.expect.unwrap();
    assert_eq!(e.observation, Observation::Never);
    assert_eq!(e.flags.names(), vec!["race"]);
    assert_eq!(e.pos, Pos { line: 20, col: 1 });
}

#[test]
fn arrays_lds_and_barriers() {
    let p = thread(
        "global a[3] = {1, 2, undef}; global y; lds t[2] = 5; barrier B workgroup; barrier C agent = 3; exclusive B, C;",
        "",
    );
    let names: Vec<_> = p.locations.iter().map(|l| l.name.as_str()).collect();
    assert_eq!(names, ["a[0]", "a[1]", "a[2]", "y", "t[0]", "t[1]"]);
    let inits: Vec<_> = p.locations.iter().map(|l| l.init).collect();
    assert_eq!(inits, [Some(1), Some(2), None, None, Some(5), Some(5)]);
    assert_eq!(p.locations[4].space, AddrSpace::Lds);
    assert_eq!(
        p.symbols[2],
        Symbol {
            name: "t".into(),
            first: 4,
            len: 2,
            is_array: true,
            bytes: None,
        }
    );
    assert_eq!(p.barriers[0].scope, ScopeLevel::Workgroup);
    assert_eq!(p.barriers[1].init, Some(3));
    assert_eq!(p.exclusive, vec![(0, 1)]);
}

#[test]
fn placement() {
    let p = ok("AMDGPU p\n{}\n\
        thread A @ agent 1, cluster 2, wg 5, wave 9 { }\n\
        thread B @ agent 1, cluster 2, wg 5, wave 9 { }\n\
        thread C @ wg 5, agent 1, cluster 2 { }\n\
        thread D { }\n\
        thread E @ agent 0, cluster 2, wg 6 { }\n\
        exists (true)");
    let pl: Vec<_> = p.threads.iter().map(|t| t.placement).collect();
    // Same named wave: same wave instance; thread ids differ.
    assert!(pl[0].same_instance(&pl[1], ScopeLevel::Wavefront));
    assert_eq!(pl[0].common_level(&pl[1]), ScopeLevel::Wavefront);
    // No `wave`: a wavefront of its own.
    assert!(!pl[2].same_instance(&pl[0], ScopeLevel::Wavefront));
    assert!(pl[2].same_instance(&pl[0], ScopeLevel::Workgroup));
    assert!(!pl[3].same_instance(&pl[2], ScopeLevel::Wavefront));
    // Defaults: agent 0, cluster 0, wg 0.
    assert_eq!(pl[3].instance(ScopeLevel::Agent), 0);
    assert_eq!(pl[3].instance(ScopeLevel::Workgroup), 0);
    // Cluster 2 of agent 0 is not cluster 2 of agent 1.
    assert!(!pl[4].same_instance(&pl[0], ScopeLevel::Cluster));
    assert!(!pl[3].same_instance(&pl[4], ScopeLevel::Cluster));
    assert_eq!(pl[4].common_level(&pl[3]), ScopeLevel::Agent);
    assert_eq!(pl[2].instance(ScopeLevel::SingleThread), 2);
    assert_eq!(p.workgroups, vec![0, 5, 6]);
}

#[test]
fn memory_instructions() {
    let p = thread(
        "global x = 0; global a[4] = 0; lds t[2] = 0;",
        r#"  %i = add i32 1, 0
  %r = load volatile i32, ptr addrspace(1) @a[%i], align 4
  store atomic i32 undef, ptr @a[3] syncscope("workgroup-one-as") seq_cst, !mmra !{!"amdgcn-av", !"none"}
  %o = atomicrmw umax ptr @x, i32 7 syncscope("agent") acq_rel
  fence syncscope("cluster") acquire
  %v = load atomic i32, ptr addrspace(3) @t[1] unordered"#,
    );
    let c = &p.threads[0].code;
    assert!(matches!(
        c[1],
        Instr::Load {
            dst: 1,
            ty: Ty::I32,
            addr: Addr {
                symbol: 1,
                index: Operand::Reg(0),
                generic: false,
                byte: 0,
            },
            attrs: MemAttrs {
                volatile: true,
                ordering: Ordering::NotAtomic,
                ..
            },
            visible: None
        }
    ));
    match c[2] {
        Instr::Store {
            value, addr, attrs, ..
        } => {
            assert_eq!(value, Operand::Undef);
            assert_eq!(addr.index, Operand::Const(3));
            assert_eq!(attrs.ordering, Ordering::SeqCst);
            assert_eq!(attrs.scope, SyncScope::parse("workgroup-one-as").unwrap());
            assert!(attrs.av_none);
        }
        ref i => panic!("{i:?}"),
    }
    assert!(matches!(
        c[3],
        Instr::Rmw {
            op: RmwOp::UMax,
            value: Operand::Const(7),
            attrs: MemAttrs {
                ordering: Ordering::AcqRel,
                ..
            },
            ..
        }
    ));
    assert!(matches!(
        c[4],
        Instr::Fence {
            attrs: MemAttrs {
                ordering: Ordering::Acquire,
                scope: SyncScope {
                    level: ScopeLevel::Cluster,
                    one_as: false
                },
                ..
            }
        }
    ));
    assert!(matches!(
        c[5],
        Instr::Load {
            addr: Addr {
                symbol: 2,
                index: Operand::Const(1),
                generic: false,
                byte: 0,
            },
            attrs: MemAttrs {
                ordering: Ordering::Unordered,
                ..
            },
            ..
        }
    ));
}

#[test]
fn cmpxchg_and_extractvalue() {
    let p = thread(
        "global x = 0;",
        "  %p = cmpxchg ptr @x, i32 0, i32 1 syncscope(\"agent\") acq_rel monotonic\n  %old = extractvalue { i32, i1 } %p, 0\n  %ok = extractvalue { i32, i1 } %p, 1",
    );
    let t = &p.threads[0];
    let Instr::CmpXchg {
        dst_old,
        dst_ok,
        failure,
        attrs,
        ..
    } = t.code[0]
    else {
        panic!("{:?}", t.code[0])
    };
    assert_eq!(failure, Ordering::Monotonic);
    assert_eq!(attrs.ordering, Ordering::AcqRel);
    assert_ne!(dst_old, dst_ok);
    let old = t.regs.iter().position(|r| r == "%old").unwrap() as RegId;
    let ok = t.regs.iter().position(|r| r == "%ok").unwrap() as RegId;
    assert_eq!(
        t.code[1],
        Instr::Move {
            dst: old,
            src: Operand::Reg(dst_old)
        }
    );
    assert_eq!(
        t.code[2],
        Instr::Move {
            dst: ok,
            src: Operand::Reg(dst_ok)
        }
    );
}

#[test]
fn values_and_control_flow() {
    let p = thread(
        "",
        "  %a = add i32 1, 2\n  %b = mul i64 %a, -3\n  %c = icmp ult i8 %a, %b\n  %d = select i1 %c, i32 %a, i32 undef\nloop:\n  br i1 %c, label %loop, label %out\nout:\n  br label %end\nend:\n  call void @llvm.assume(i1 true)\n  ret void\n  %e = add i1 0, 1",
    );
    let c = &p.threads[0].code;
    assert_eq!(
        c[0],
        Instr::Bin {
            dst: 0,
            ty: Ty::I32,
            op: BinOp::Add,
            a: Operand::Const(1),
            b: Operand::Const(2)
        }
    );
    assert_eq!(
        c[1],
        Instr::Bin {
            dst: 1,
            ty: Ty::I64,
            op: BinOp::Mul,
            a: Operand::Reg(0),
            b: Operand::Const(-3)
        }
    );
    assert_eq!(
        c[2],
        Instr::Cmp {
            dst: 2,
            ty: Ty::I8,
            op: CmpOp::Ult,
            a: Operand::Reg(0),
            b: Operand::Reg(1)
        }
    );
    assert_eq!(
        c[3],
        Instr::Select {
            dst: 3,
            cond: Operand::Reg(2),
            a: Operand::Reg(0),
            b: Operand::Undef
        }
    );
    assert_eq!(
        c[4],
        Instr::Branch {
            cond: Operand::Reg(2),
            then_: 4,
            else_: 5
        }
    );
    assert_eq!(c[5], Instr::Jump { target: 6 });
    assert_eq!(
        c[6],
        Instr::Assume {
            cond: Operand::Const(1)
        }
    );
    assert_eq!(c[7], Instr::Halt);
    assert!(matches!(c[8], Instr::Bin { ty: Ty::I1, .. }));
    assert_eq!(c[9], Instr::Halt);
}

#[test]
fn calls_are_inlined() {
    let p = ok("AMDGPU c\n{ global x = 0; }\n\
        define void @g() {\n  %r = load i32, ptr @x\n  ret void\n}\n\
        define void @f() {\n  %r = add i32 1, 0\n  br label %skip\nskip:\n  call void @g()\n  ret void\n}\n\
        thread P0 {\n  %r = add i32 5, 0\n  call void @f()\n  call void @g()\n  %s = add i32 %r, 1\n}\n\
        exists (P0:%r == 5)");
    assert_eq!(
        p.functions
            .iter()
            .map(|f| f.name.as_str())
            .collect::<Vec<_>>(),
        ["g", "f"]
    );
    let t = &p.threads[0];
    assert_eq!(t.regs, ["%r", "@f.%r", "@g.%r", "%s"]);
    use Instr::*;
    let c = &t.code;
    assert!(matches!(c[0], Bin { dst: 0, .. }));
    assert_eq!(c[1], CallEnter { func: 1 });
    assert!(matches!(c[2], Bin { dst: 1, .. }));
    assert_eq!(c[3], Jump { target: 4 });
    assert_eq!(c[4], CallEnter { func: 0 });
    assert!(matches!(c[5], Load { dst: 2, .. }));
    assert_eq!(c[6], Jump { target: 7 }); // ret void of @g
    assert_eq!(c[7], CallExit { func: 0 });
    assert_eq!(c[8], Jump { target: 9 }); // ret void of @f
    assert_eq!(c[9], CallExit { func: 1 });
    assert_eq!(c[10], CallEnter { func: 0 });
    assert_eq!(c[12], Jump { target: 13 });
    assert_eq!(c[13], CallExit { func: 0 });
    assert!(matches!(
        c[14],
        Bin {
            dst: 3,
            a: Operand::Reg(0),
            ..
        }
    ));
    assert_eq!(c[15], Halt);
    assert_eq!(c.len(), t.pos.len());
    // The inlined load keeps the callee's position.
    assert_eq!(t.pos[5], Pos { line: 4, col: 3 });
}

#[test]
fn intrinsics() {
    let p = thread(
        "global x = 0; lds t[2] = 0;",
        r#"  call void @llvm.amdgcn.av.global.store.b128(ptr @x, <4 x i32> 1, metadata !"agent")
  call void @llvm.amdgcn.av.store.b128(ptr @x, i128 2, metadata !"")
  %a = call <4 x i32> @llvm.amdgcn.av.global.load.b128(ptr @x, metadata !"workgroup")
  %b = call i128 @llvm.amdgcn.av.load.b128(ptr @x, metadata !"wavefront-one-as")
  call void @llvm.amdgcn.global.load.lds(ptr @x, ptr @t, i32 16, i32 0, i32 0)
  call void @llvm.amdgcn.global.load.async.lds(ptr addrspace(1) @x, ptr addrspace(3) @t[1], i32 16, i32 0, i32 0)
  call void @llvm.amdgcn.load.async.to.lds(ptr @x, ptr @t, i32 16, i32 0, i32 0)
  call void @llvm.amdgcn.asyncmark()
  call void @llvm.amdgcn.wait.asyncmark(i16 2)
  call void @llvm.amdgcn.s.barrier()
  call void @llvm.amdgcn.s.barrier.signal(i32 -1)
  %first = call i1 @llvm.amdgcn.s.barrier.signal.isfirst(i32 -1)
  call void @llvm.amdgcn.s.barrier.signal.var(i32 1, i32 2)
  call void @llvm.amdgcn.s.barrier.wait(i16 -1)
  call void @llvm.amdgcn.s.barrier.init(i32 1, i32 %first)
  call void @llvm.amdgcn.s.barrier.join(i32 1)
  call void @llvm.amdgcn.s.barrier.leave()"#,
    );
    let c = &p.threads[0].code;
    let plain = MemAttrs::PLAIN;
    let x = Addr {
        symbol: 0,
        index: Operand::Const(0),
        generic: false,
        byte: 0,
    };
    assert_eq!(
        c[0],
        Instr::Store {
            ty: Ty::V4I32,
            value: Operand::Const(1),
            addr: x,
            attrs: plain,
            available: Some(agent_scope())
        }
    );
    assert_eq!(
        c[1],
        Instr::Store {
            ty: Ty::I128,
            value: Operand::Const(2),
            addr: x,
            attrs: plain,
            available: Some(SyncScope::SYSTEM)
        }
    );
    assert!(matches!(
        c[2],
        Instr::Load {
            ty: Ty::V4I32,
            visible: Some(SyncScope {
                level: ScopeLevel::Workgroup,
                one_as: false
            }),
            ..
        }
    ));
    assert!(matches!(
        c[3],
        Instr::Load {
            ty: Ty::I128,
            visible: Some(SyncScope {
                level: ScopeLevel::Wavefront,
                one_as: true
            }),
            ..
        }
    ));
    let t1 = Addr {
        symbol: 1,
        index: Operand::Const(1),
        generic: false,
        byte: 0,
    };
    assert!(matches!(
        c[4],
        Instr::Dma {
            kind: DmaKind::Tracked,
            size: 16,
            ..
        }
    ));
    assert_eq!(
        c[5],
        Instr::Dma {
            kind: DmaKind::GlobalAsync,
            src: x,
            dst: t1,
            size: 16,
            part: 0,
            lane: 0,
            buffer: false
        }
    );
    assert!(matches!(
        c[6],
        Instr::Dma {
            kind: DmaKind::LoadAsync,
            ..
        }
    ));
    assert_eq!(c[7], Instr::AsyncMark);
    assert_eq!(c[8], Instr::WaitAsyncMark { outstanding: 2 });
    assert_eq!(c[9], Instr::Hw(HwBarrier::Barrier));
    assert_eq!(c[10], Instr::Hw(HwBarrier::Signal(Operand::Const(-1))));
    let first = p.threads[0]
        .regs
        .iter()
        .position(|r| r == "%first")
        .unwrap() as RegId;
    assert_eq!(
        c[11],
        Instr::Hw(HwBarrier::SignalIsFirstTo {
            id: Operand::Const(-1),
            dst: first
        })
    );
    assert_eq!(
        c[12],
        Instr::Hw(HwBarrier::SignalVar(Operand::Const(1), Operand::Const(2)))
    );
    assert_eq!(c[13], Instr::Hw(HwBarrier::Wait(Operand::Const(-1))));
    assert_eq!(
        c[14],
        Instr::Hw(HwBarrier::Init(Operand::Const(1), Operand::Reg(first)))
    );
    assert_eq!(c[15], Instr::Hw(HwBarrier::Join(Operand::Const(1))));
    assert_eq!(c[16], Instr::Hw(HwBarrier::Leave));
}

#[test]
fn abstract_barrier_operations() {
    let p = thread(
        "barrier B workgroup; barrier C workgroup = 2;",
        "  barrier.init @B, 2\n  barrier.join @B\n  barrier.arrive @C\n  barrier.arrive @B, 1\n  barrier.wait @B\n  barrier.drop @B",
    );
    use BarrierOp::*;
    let ops: Vec<_> = p.threads[0]
        .code
        .iter()
        .filter_map(|i| match i {
            Instr::Barrier(b) => Some(*b),
            _ => None,
        })
        .collect();
    assert_eq!(
        ops,
        [
            Init {
                barrier: 0,
                count: Operand::Const(2)
            },
            Join { barrier: 0 },
            Arrive {
                barrier: 1,
                new_count: None
            },
            Arrive {
                barrier: 0,
                new_count: Some(Operand::Const(1))
            },
            Wait { barrier: 0 },
            Drop { barrier: 0 },
        ]
    );
}

#[test]
fn condition_and_locations() {
    let p = ok("AMDGPU c\n{ global x = 0; lds t[2] = 0; global a[2]; }\n\
        thread P0 @ wg 1 { %r0 = add i32 0, 0 }\n\
        locations [P0:%r0; @a[1]; wg1:@t[0];]\n\
        ~exists (~(P0:%r0 = 1 \\/ x != undef) -> wg1:@t[1] == 0 /\\ (true \\/ false) -> a[0] == -1)\n\
        expect Always ub deadlock cutoff");
    assert_eq!(p.condition.quantifier, Quantifier::NotExists);
    assert_eq!(
        p.condition_text,
        "~(P0:%r0=1 \\/ x!=undef) -> wg1:t[1]=0 /\\ (true \\/ false) -> a[0]=-1"
    );
    assert_eq!(
        p.observed,
        vec![
            Observable::Reg { thread: 0, reg: 0 },
            Observable::Mem { loc: 4, wg: None },
            Observable::Mem {
                loc: 1,
                wg: Some(1)
            },
        ]
    );
    let e = p.expect.unwrap();
    assert_eq!(e.observation, Observation::Always);
    assert!(e.flags.ub && e.flags.deadlock && e.flags.cutoff && !e.flags.race);
    match &p.condition.cond {
        Cond::Implies(a, _) => assert!(matches!(**a, Cond::Not(_))),
        c => panic!("{c:?}"),
    }
    let p = ok("AMDGPU c\n{ global x = 0; }\nthread P0 { }\nforall (x = 0 /\\ (x = 1 /\\ x = 2))");
    assert_eq!(p.condition_text, "x=0 /\\ (x=1 /\\ x=2)");
    assert_eq!(p.condition.quantifier, Quantifier::Forall);
}
