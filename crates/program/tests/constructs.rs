//! Constructs the specification names: each is modelled (its effect is
//! checked here) or refused with an error naming it (issue "Every construct
//! the specification names: modelled, or refused").

use amdmm_litmus::render_all;
use amdmm_program::*;

fn load_ok(src: &str) -> Program {
    load(src).unwrap_or_else(|ds| panic!("{}", render_all(&ds, "t.litmus", src)))
}

/// The rendered errors of `src`, which must not load.
fn errors(src: &str) -> String {
    match load(src) {
        Ok(_) => panic!("expected an error for:\n{src}"),
        Err(ds) => render_all(&ds, "t.litmus", src),
    }
}

/// One thread `P0` with `body`, after the declarations `decls`.
fn test(decls: &str, body: &str) -> String {
    format!("AMDGPU t\n{{ {decls} }}\nthread P0 @ wg 0 {{\n{body}\n}}\nexists (true)\n")
}

#[test]
fn trap_barriers_are_refused_in_shader_code() {
    // execution-synchronization.txt, "s_barrier IDs GFX12": -2 and -4 are
    // "only available in privileged execution mode (not accessible by the
    // shader)".
    for (call, id, what) in [
        ("s.barrier.signal(i32 -2)", -2, "workgroup trap barrier"),
        ("s.barrier.wait(i16 -2)", -2, "workgroup trap barrier"),
        ("s.barrier.signal(i32 -4)", -4, "cluster trap barrier"),
        (
            "s.barrier.signal.var(i32 -4, i32 2)",
            -4,
            "cluster trap barrier",
        ),
    ] {
        let text = errors(&test("", &format!("  call void @llvm.amdgcn.{call}")));
        assert!(
            text.contains(&format!("barrier ID {id} of `@llvm.amdgcn."))
                && text.contains(what)
                && text.contains("not accessible by the shader")
                && text.contains("privileged execution mode"),
            "{text}"
        );
        assert!(text.contains("--> t.litmus:4:"), "{text}");
    }
    // The user barriers next to them stay accepted.
    for call in ["s.barrier.signal(i32 -1)", "s.barrier.signal(i32 -3)"] {
        load_ok(&test("", &format!("  call void @llvm.amdgcn.{call}")));
    }
}

#[test]
fn weak_cmpxchg_is_kept() {
    let p = load_ok(&test(
        "global x = 0;",
        "  %p = cmpxchg weak ptr @x, i32 0, i32 1 syncscope(\"agent\") monotonic monotonic",
    ));
    assert!(matches!(
        p.threads[0].code[0],
        Instr::CmpXchg { weak: true, .. }
    ));
    let p = load_ok(&test(
        "global x = 0;",
        "  %p = cmpxchg ptr @x, i32 0, i32 1 syncscope(\"agent\") monotonic monotonic",
    ));
    assert!(matches!(
        p.threads[0].code[0],
        Instr::CmpXchg { weak: false, .. }
    ));
}

#[test]
fn initial_values_are_truncated_to_the_access_width() {
    let p = load_ok(&test(
        "global x = 300; global y = 300; global z = 300;",
        "  %a = load i8, ptr @x\n  %b = load i32, ptr @y",
    ));
    let init: Vec<Option<i64>> = p.locations.iter().map(|l| l.init).collect();
    // z is never accessed: no width, kept as declared.
    assert_eq!(init, vec![Some(44), Some(300), Some(300)]);
}

#[test]
fn nontemporal_is_kept_on_plain_accesses_and_refused_elsewhere() {
    let p = load_ok(&test(
        "global x = 0;",
        "  store i32 1, ptr @x, !nontemporal !{i32 1}\n  %r = load i32, ptr @x, align 4, !nontemporal !0\n  %s = load i32, ptr @x",
    ));
    let nt: Vec<bool> = p.threads[0]
        .code
        .iter()
        .filter_map(|i| match i {
            Instr::Load { attrs, .. } | Instr::Store { attrs, .. } => Some(attrs.nontemporal),
            _ => None,
        })
        .collect();
    assert_eq!(nt, vec![true, true, false]);
    let text = errors(&test(
        "global x = 0;",
        "  %r = load atomic i32, ptr @x syncscope(\"agent\") acquire, align 4, !nontemporal !0",
    ));
    assert!(
        text.contains("`!nontemporal` on an atomic load") && text.contains("--> t.litmus:4:"),
        "{text}"
    );
    let text = errors(&test(
        "global x = 0;",
        "  %r = atomicrmw add ptr @x, i32 1 monotonic, !nontemporal !0",
    ));
    assert!(text.contains("`!nontemporal` on an atomicrmw"), "{text}");
    // The node is `!{i32 1}` (LangRef) or a reference.
    let text = errors(&test(
        "global x = 0;",
        "  store i32 1, ptr @x, !nontemporal !{i32 2}",
    ));
    assert!(text.contains("expected `1`"), "{text}");
}

#[test]
fn unknown_metadata_is_refused_not_dropped() {
    let text = errors(&test("global x = 0;", "  store i32 1, ptr @x, !tbaa !3"));
    assert!(
        text.contains("unsupported metadata `!tbaa`") && text.contains("--> t.litmus:4:25"),
        "{text}"
    );
}

#[test]
fn integer_atomicrmw_operations_are_modelled() {
    for op in ["nand", "uinc_wrap", "udec_wrap", "usub_cond", "usub_sat"] {
        load_ok(&test(
            "global x = 0;",
            &format!("  %r = atomicrmw {op} ptr @x, i32 1 syncscope(\"agent\") monotonic"),
        ));
    }
}

/// LangRef, "'atomicrmw' Instruction": the floating-point operations take a
/// floating-point type only, the integer ones an integer type only; `xchg`
/// takes any. The operations LangRef added later than the texts amdmm
/// follows (`fmaximumnum`, `fminimumnum`) are refused by name.
#[test]
fn float_atomicrmw_operations_and_their_types() {
    for op in ["fadd", "fsub", "fmax", "fmin", "fmaximum", "fminimum"] {
        for ty in ["half", "float", "double"] {
            load_ok(&test(
                "global x = 0;",
                &format!("  %r = atomicrmw {op} ptr @x, {ty} 1.0 syncscope(\"agent\") monotonic"),
            ));
        }
        let text = errors(&test(
            "global x = 0;",
            &format!("  %r = atomicrmw {op} ptr @x, i32 1 syncscope(\"agent\") monotonic"),
        ));
        assert!(
            text.contains(&format!("`atomicrmw {op}` on `i32`"))
                && text.contains("may only be a floating-point type")
                && text.contains("--> t.litmus:4:18"),
            "{text}"
        );
    }
    let text = errors(&test(
        "global x = 0;",
        "  %r = atomicrmw add ptr @x, float 1.0 monotonic",
    ));
    assert!(text.contains("`atomicrmw add` on `float`"), "{text}");
    load_ok(&test(
        "global x = 0;",
        "  %r = atomicrmw xchg ptr @x, float 1.0 monotonic",
    ));
    for op in ["fmaximumnum", "fminimumnum"] {
        let text = errors(&test(
            "global x = 0;",
            &format!("  %r = atomicrmw {op} ptr @x, float 1.0 monotonic"),
        ));
        assert!(
            text.contains(&format!("`atomicrmw {op}` is not modelled")),
            "{text}"
        );
    }
}

/// AMDGPUDMAOperations.md, "Buffer Addressing": `{raw|struct}[.ptr].buffer.load[.async].lds(
/// rsrc, lds_base, size, [vindex,] voffset, soffset, offset, cpol)`. The
/// resource is a `global` location (the buffer's base); the source is
/// base + voffset + soffset + offset (+ vindex records of the copy's size),
/// the LDS destination lds_base + offset, as the global form's.
#[test]
fn buffer_lds_dma_addresses_through_the_resource() {
    let decls = "global g[8] = 0; lds t[4] = 0;";
    let copy = |call: &str| {
        let p = load_ok(&test(decls, &format!("  call void @llvm.amdgcn.{call}")));
        match p.threads[0].code[0] {
            Instr::Dma {
                kind,
                src,
                dst,
                buffer,
                ..
            } => (kind, src.index, dst.index, buffer),
            ref i => panic!("{i:?}"),
        }
    };
    let c = Operand::Const;
    // raw: voffset 4 + soffset 8 + offset 4 = 16 bytes, element 4 of @g;
    // the LDS gets offset 4 only: element 1 of @t.
    for form in ["raw.buffer.load.lds", "raw.ptr.buffer.load.lds"] {
        assert_eq!(
            copy(&format!("{form}(ptr addrspace(8) @g, ptr addrspace(3) @t, i32 4, i32 4, i32 8, i32 4, i32 0)")),
            (DmaKind::Tracked, c(4), c(1), true)
        );
    }
    // struct: vindex 2 (records of the copy's 4 bytes) + voffset 4 = element 3.
    assert_eq!(
        copy("struct.ptr.buffer.load.async.lds(ptr addrspace(8) @g, ptr @t[0], i32 4, i32 2, i32 4, i32 0, i32 0, i32 0)"),
        (DmaKind::GlobalAsync, c(3), c(0), true)
    );
    assert_eq!(
        copy("struct.buffer.load.lds(ptr @g, ptr @t[0], i32 4, i32 1, i32 0, i32 0, i32 0, i32 0)"),
        (DmaKind::Tracked, c(1), c(0), true)
    );
    // A 2-byte copy counts elements of 2 bytes.
    let p = load_ok(&test(
        "global h[4] = 0; lds u[2] = 0;",
        "  call void @llvm.amdgcn.raw.buffer.load.async.lds(ptr addrspace(8) @h, ptr @u, i32 2, i32 4, i32 0, i32 2, i32 0)",
    ));
    let Instr::Dma { src, dst, .. } = p.threads[0].code[0] else {
        panic!()
    };
    assert_eq!((src.index, dst.index), (c(3), c(1)));
    // The global forms are not buffer copies.
    let p = load_ok(&test(
        decls,
        "  call void @llvm.amdgcn.global.load.lds(ptr @g, ptr @t, i32 4, i32 0, i32 0)",
    ));
    assert!(matches!(
        p.threads[0].code[0],
        Instr::Dma { buffer: false, .. }
    ));
}

#[test]
fn buffer_lds_dma_refusals_name_the_operand() {
    let decls = "global g[4] = 0; lds t[4] = 0;";
    for (call, want) in [
        ("raw.buffer.load.lds(ptr addrspace(8) @g, ptr @t, i32 4, i32 2, i32 0, i32 0, i32 0)", "the buffer voffset 2 is not a whole number of elements"),
        ("raw.buffer.load.lds(ptr addrspace(8) @g, ptr @t, i32 4, i32 0, i32 -4, i32 0, i32 0)", "the buffer soffset -4 is not a whole number of elements"),
        ("struct.buffer.load.lds(ptr addrspace(8) @g, ptr @t, i32 4, i32 -1, i32 0, i32 0, i32 0, i32 0)", "the buffer vindex -1 is not a whole number of elements"),
        ("struct.buffer.load.lds(ptr addrspace(8) @g, ptr @t, i32 4, i32 %r, i32 0, i32 0, i32 0, i32 0)", "the buffer vindex must be a constant"),
        ("raw.buffer.load.lds(ptr addrspace(8) @g, ptr @t, i32 4, i32 %r, i32 0, i32 0, i32 0)", "the buffer voffset must be a constant"),
        ("raw.buffer.load.lds(ptr addrspace(1) @g, ptr @t, i32 4, i32 0, i32 0, i32 0, i32 0)", "a buffer resource in addrspace(1)"),
        ("raw.buffer.load.lds(ptr addrspace(8) @t, ptr @t, i32 4, i32 0, i32 0, i32 0, i32 0)", "the DMA source `@t` must be an `global` location"),
        ("raw.buffer.load.lds(ptr addrspace(8) @g, ptr @t, i32 4, i32 16, i32 0, i32 0, i32 0)", "the DMA offset moves `@g` to element 4, out of bounds for length 4"),
        ("raw.buffer.load.lds(ptr addrspace(8) @g, ptr @t, i32 4, i32 0, i32 0, i32 0, i32 1)", "the DMA aux (cache policy) operand 1 is not modelled"),
        ("raw.buffer.load.lds(ptr addrspace(8) @g, ptr @t, i32 4, i32 0, i32 0, i32 0)", "wrong arguments for `@llvm.amdgcn.raw.buffer.load.lds`"),
    ] {
        let text = errors(&test(
            decls,
            &format!("  %r = add i32 0, 0\n  call void @llvm.amdgcn.{call}"),
        ));
        assert!(text.contains(want), "{want}\n{text}");
    }
}

#[test]
fn dma_offsets_move_both_pointers() {
    let p = load_ok(&test(
        "global g[3] = 0; lds t[3] = 0;",
        "  call void @llvm.amdgcn.global.load.lds(ptr @g[0], ptr @t[1], i32 4, i32 4, i32 0)",
    ));
    let Instr::Dma { src, dst, .. } = p.threads[0].code[0] else {
        panic!("{:?}", p.threads[0].code[0])
    };
    assert_eq!(
        (src.index, dst.index),
        (Operand::Const(1), Operand::Const(2))
    );
    let text = errors(&test(
        "global g[3] = 0; lds t[3] = 0;",
        "  call void @llvm.amdgcn.global.load.lds(ptr @g[0], ptr @t[1], i32 4, i32 8, i32 0)",
    ));
    assert!(
        text.contains("the DMA offset moves `@t` to element 3, out of bounds for length 3"),
        "{text}"
    );
    let text = errors(&test(
        "global g[3] = 0; lds t[3] = 0;",
        "  call void @llvm.amdgcn.global.load.lds(ptr @g[0], ptr @t[0], i32 4, i32 2, i32 0)",
    ));
    assert!(
        text.contains("DMA offset 2 is not a multiple of the size 4"),
        "{text}"
    );
}

/// AMDGPUDMAOperations.md, "GFX9 DMA": the last operand is `%cpol`, "cache
/// policy (immediate)", and "GFX9 DMA instructions implement volatile (via
/// `aux/cpol` bit 31)". amdmm models the default policy only: 0 runs, any
/// other value is refused naming the operand.
#[test]
fn dma_aux_other_than_zero_is_refused() {
    let decls = "global g[2] = 0; lds t[2] = 0;";
    for name in [
        "global.load.lds",
        "global.load.async.lds",
        "load.async.to.lds",
    ] {
        let call = |aux: &str| {
            format!(
                "  call void @llvm.amdgcn.{name}(ptr @g[0], ptr @t[0], i32 4, i32 0, i32 {aux})"
            )
        };
        let p = load_ok(&test(decls, &call("0")));
        assert!(matches!(p.threads[0].code[0], Instr::Dma { .. }), "{name}");
        for aux in ["1", "-2147483648"] {
            let text = errors(&test(decls, &call(aux)));
            assert!(
                text.contains(&format!(
                    "the DMA aux (cache policy) operand {aux} is not modelled"
                )),
                "{text}"
            );
            assert!(text.contains("use 0"), "{text}");
            // The span is the operand: its column is where `i32 AUX` starts.
            let line = call(aux);
            let col = line.rfind("i32 ").unwrap() + 1;
            assert!(text.contains(&format!("t.litmus:4:{col}\n")), "{text}");
        }
    }
}

/// `ptr addrspace(0)` is a generic (flat) pointer: the access reaches the
/// declared location (AMDGPUUsage, "Address Spaces", Generic) and is marked
/// generic for the code-sequence tables' `generic` rows; a plain `ptr` and
/// `ptr addrspace(N)` of the declaration are not generic (litmus-format: "A
/// pointer may be written `ptr @x`, `ptr addrspace(1) @x`").
#[test]
fn generic_pointers_are_marked() {
    let p = load_ok(&test(
        "global x = 0; lds t[2] = 0;",
        "  store i32 1, ptr addrspace(0) @x\n  %r = load i32, ptr addrspace(0) @t[1]\n  store i32 2, ptr @x\n  %s = load i32, ptr addrspace(3) @t[0]",
    ));
    let generic: Vec<(u32, bool)> = p.threads[0]
        .code
        .iter()
        .filter_map(|i| match i {
            Instr::Load { addr, .. } | Instr::Store { addr, .. } => {
                Some((addr.symbol, addr.generic))
            }
            _ => None,
        })
        .collect();
    assert_eq!(generic, vec![(0, true), (1, true), (0, false), (1, false)]);
}

/// The elements (source index, destination index, part) of each DMA
/// instruction of thread 0.
fn dma_parts(p: &Program) -> Vec<(Operand, Operand, u8)> {
    p.threads[0]
        .code
        .iter()
        .filter_map(|i| match *i {
            Instr::Dma {
                src,
                dst,
                part,
                size,
                ..
            } => {
                assert!(part == 0 || size == 4);
                Some((src.index, dst.index, part))
            }
            _ => None,
        })
        .collect()
}

/// AMDGPUDMAOperations.md, "GFX9 DMA": sizes "1/2/4 (12/16 for gfx950)",
/// the wide ones moving dwords: a 12-byte copy fills three 32-bit elements
/// and a 16-byte one four (offsets in 4-byte elements); a 16-byte copy of a
/// location accessed at 128 bits stays one element.
#[test]
fn wide_dma_fills_several_elements() {
    let c = Operand::Const;
    let p = load_ok(&test(
        "global g[6] = 0; lds t[6] = 0;",
        "  call void @llvm.amdgcn.global.load.lds(ptr @g[0], ptr @t[1], i32 16, i32 0, i32 0)\n  call void @llvm.amdgcn.global.load.async.lds(ptr @g[1], ptr @t[0], i32 12, i32 8, i32 0)",
    ));
    assert_eq!(
        dma_parts(&p),
        vec![
            (c(0), c(1), 0),
            (c(1), c(2), 1),
            (c(2), c(3), 2),
            (c(3), c(4), 3),
            (c(3), c(2), 0),
            (c(4), c(3), 1),
            (c(5), c(4), 2),
        ]
    );
    // A register index: each element's index is computed before the copies,
    // which follow one another.
    let p = load_ok(&test(
        "global g[4] = 0; lds t[4] = 0;",
        "  %i = add i32 0, 0\n  call void @llvm.amdgcn.global.load.lds(ptr @g[%i], ptr @t[0], i32 12, i32 0, i32 0)",
    ));
    let code = &p.threads[0].code;
    let first = code
        .iter()
        .position(|i| matches!(i, Instr::Dma { .. }))
        .unwrap();
    assert!(code[first..]
        .iter()
        .take(3)
        .all(|i| matches!(i, Instr::Dma { .. })));
    assert_eq!(dma_parts(&p).len(), 3);
    // Accessed at 128 bits: one element.
    let p = load_ok(&test(
        "global x = 0; lds t[2] = 0;",
        "  call void @llvm.amdgcn.av.store.b128(ptr @x, i128 2, metadata !\"\")\n  call void @llvm.amdgcn.global.load.lds(ptr @x, ptr @t[1], i32 16, i32 0, i32 0)",
    ));
    assert_eq!(dma_parts(&p), vec![(c(0), c(1), 0)]);
    let text = errors(&test(
        "global g[4] = 0; lds t[4] = 0;",
        "  call void @llvm.amdgcn.global.load.lds(ptr @g[0], ptr @t[1], i32 16, i32 0, i32 0)",
    ));
    assert!(
        text.contains(
            "a 16-byte copy fills 4 elements from element 1 of `@t`, beyond its length 4"
        ),
        "{text}"
    );
    // The elements are 32-bit: with an i8 access elsewhere `@t` is modelled
    // byte by byte, and a DMA copy into it is refused.
    let text = errors(&test(
        "global g[4] = 0; lds t[4] = 0;",
        "  call void @llvm.amdgcn.global.load.lds(ptr @g[0], ptr @t[0], i32 12, i32 0, i32 0)\n  %r = load i8, ptr @t[0]",
    ));
    assert!(
        text.contains(
            "an LDS DMA copy on `@t`, which this test accesses at several widths, is not modelled"
        ),
        "{text}"
    );
}

/// Floating-point types and literals (docs/semantics.md, "Floating-point
/// values"): `half`, `float` and `double` are taken by accesses only, a
/// decimal literal takes the type it is used with, and what has no such type
/// is refused.
#[test]
fn floating_point_types_and_literals() {
    for (body, what) in [
        (
            "  %r = load bfloat, ptr @x",
            "floating-point type `bfloat` is not modelled",
        ),
        (
            "  %r = add float 1.0, 2.0",
            "`float` is not an integer type",
        ),
        (
            "  %p = cmpxchg ptr @x, double 0.0, double 1.0 monotonic monotonic",
            "`double` is not an integer type",
        ),
        (
            "  store i32 1.5, ptr @x",
            "a floating-point literal where an integer is expected",
        ),
        (
            "  store float 1, ptr @x",
            "integer literal `1` for a `float` value",
        ),
        (
            "  store half 1e10, ptr @x",
            "invalid `half` literal: `1e10` overflows `half`",
        ),
        (
            "  store float 0x3FF0000000000000, ptr @x",
            "does not fit the 32 bits of `float`",
        ),
    ] {
        let text = errors(&test("global x = 0;", body));
        assert!(text.contains(what), "{what}: {text}");
    }
    // A declaration or condition literal takes the type of the accesses.
    let p = load_ok(&test(
        "global x = 1.5;",
        "  %r = atomicrmw fadd ptr @x, float 2.5e-1 monotonic",
    ));
    assert_eq!(p.locations[0].init, Some(1.5f32.to_bits() as i64));
    let text = errors("AMDGPU t\n{ global x = 2.5; }\nthread P0 { %r = load i32, ptr @x }\nexists (P0:%r == 0.5)\n");
    assert!(
        text.contains("a floating-point literal for `@x`, which no `half`, `float` or `double` access reaches")
            && text.contains("a floating-point literal for this observable"),
        "{text}"
    );
    let text = errors("AMDGPU t\n{ global x = 0x7fc00000; }\nthread P0 { %r = load float, ptr @x }\nexists (P0:%r == 0x7fc00000)\n");
    assert!(text.contains("a condition compares with a NaN"), "{text}");
    let text = errors(
        "AMDGPU t\n{ global x = 3; }\nthread P0 { %r = load float, ptr @x }\nexists (P0:%r == 0)\n",
    );
    assert!(
        text.contains("integer literal `3` for a `float` value"),
        "{text}"
    );
    // Integers, hexadecimal included, are not affected.
    load_ok(&test(
        "global x = 0;",
        "  store i32 0x1e5, ptr @x\n  store i32 15, ptr @x",
    ));
}

/// The one-byte loads and stores byte-level accesses became, in order:
/// (is a store, location, value for a constant store). Accesses to whole
/// locations are left out.
fn byte_accesses(p: &Program, thread: usize) -> Vec<(bool, u32, Option<i64>)> {
    let loc = |a: &Addr| {
        let s = &p.symbols[a.symbol as usize];
        let Operand::Const(i) = a.index else {
            panic!("register index")
        };
        s.first + i as u32 * s.bytes.unwrap_or(1) + a.byte
    };
    p.threads[thread]
        .code
        .iter()
        .filter(|i| p.byte_level(i).is_some())
        .filter_map(|i| match i {
            Instr::Load { ty, addr, .. } => {
                assert_eq!(*ty, Ty::I8);
                Some((false, loc(addr), None))
            }
            Instr::Store {
                ty, addr, value, ..
            } => {
                assert_eq!(*ty, Ty::I8);
                let v = match value {
                    Operand::Const(c) => Some(*c),
                    _ => None,
                };
                Some((true, loc(addr), v))
            }
            _ => None,
        })
        .collect()
}

#[test]
fn mixed_widths_become_byte_accesses() {
    // memory-model.txt: "For each byte of a read R, R may see any write to
    // the same byte". `@x` is accessed as i32 and i8: four one-byte
    // locations, little-endian, the initial value split among them.
    let p = load_ok(&test(
        "global x = 0x11223344; global y = 5;",
        "  store i32 -2, ptr @x\n  %r = load i8, ptr getelementptr (i8, ptr @x, i64 2)\n  %s = load i32, ptr @y",
    ));
    let x = &p.symbols[0];
    assert_eq!((x.len, x.bytes), (1, Some(4)));
    let cells: Vec<_> = p.locations[..4]
        .iter()
        .map(|l| {
            (
                l.name.as_str(),
                l.init,
                l.byte.as_ref().map(|b| (b.index, b.size)),
            )
        })
        .collect();
    assert_eq!(
        cells,
        [
            ("x+0", Some(0x44), Some((0, 4))),
            ("x+1", Some(0x33), Some((1, 4))),
            ("x+2", Some(0x22), Some((2, 4))),
            ("x+3", Some(0x11), Some((3, 4))),
        ]
    );
    // -2 is fe ff ff ff; the i8 load reads byte 2.
    assert_eq!(
        byte_accesses(&p, 0),
        [
            (true, 0, Some(-2)),
            (true, 1, Some(-1)),
            (true, 2, Some(-1)),
            (true, 3, Some(-1)),
            (false, 2, None),
        ]
    );
    // `@y`, accessed at one width, stays one whole location.
    assert_eq!(p.symbols[1].bytes, None);
    assert_eq!(p.locations[4].byte, None);
    assert!(matches!(
        p.threads[0].code.iter().rev().nth(1),
        Some(Instr::Load { ty: Ty::I32, .. })
    ));
    assert_eq!(p.location_name(0), "x");
}

#[test]
fn byte_offsets_make_a_location_byte_level() {
    // An i64 store over the two i32 halves of `@x`: one location of 8
    // bytes; the second half is reached by a byte offset.
    let p = load_ok(&test(
        "global x = 0;",
        "  store i32 1, ptr @x\n  store i32 2, ptr getelementptr inbounds (i8, ptr @x, i64 4)\n  store i64 3, ptr @x",
    ));
    assert_eq!(p.symbols[0].bytes, Some(8));
    let stores: Vec<u32> = byte_accesses(&p, 0).iter().map(|a| a.1).collect();
    assert_eq!(stores, [0, 1, 2, 3, 4, 5, 6, 7, 0, 1, 2, 3, 4, 5, 6, 7]);
    // One width but an offset: byte-level too.
    let p = load_ok(&test(
        "global a[2] = 0;",
        "  store i8 1, ptr getelementptr (i8, ptr @a[1], i64 0)\n  %r = load i8, ptr @a[1]",
    ));
    assert_eq!(
        p.symbols[0].bytes, None,
        "offset 0 keeps the location whole"
    );
}

#[test]
fn byte_level_refusals_name_the_construct() {
    for (body, what) in [
        (
            "  store atomic i32 1, ptr @x monotonic, align 4\n  %r = load i8, ptr @x",
            "an atomic `store` on `@x`",
        ),
        (
            "  %o = atomicrmw add ptr @x, i32 1 monotonic\n  %r = load i16, ptr @x",
            "an `atomicrmw` on `@x`",
        ),
        (
            "  %p = cmpxchg ptr @x, i64 0, i64 1 monotonic monotonic\n  store i8 1, ptr @x",
            "a `cmpxchg` on `@x`",
        ),
        (
            "  call void @llvm.amdgcn.global.load.lds(ptr @x, ptr @t[0], i32 4, i32 0, i32 0)\n  %r = load i8, ptr @x",
            "an LDS DMA copy on `@x`",
        ),
    ] {
        let text = errors(&test("global x = 0; lds t[1] = 0;", body));
        assert!(
            text.contains(&format!(
                "{what}, which this test accesses at several widths, is not modelled"
            )),
            "{text}"
        );
    }
    // An access past the widest one, or wider than the 64-bit values.
    let text = errors(&test(
        "global x = 0;",
        "  store i32 1, ptr @x\n  %r = load i16, ptr getelementptr (i8, ptr @x, i64 3)",
    ));
    assert!(
        text.contains("this i16 access covers bytes 3 to 4 of `@x`, whose value is 4 bytes wide"),
        "{text}"
    );
    let text = errors(&test(
        "global x = 0;",
        "  store i32 1, ptr @x\n  %r = load i128, ptr @x",
    ));
    assert!(
        text.contains(
            "a i128 access to `@x`, which is accessed at several widths, is not modelled"
        ),
        "{text}"
    );
    // Steps other than bytes are not a second way to index.
    let text = errors(&test(
        "global a[2] = 0;",
        "  %r = load i32, ptr getelementptr (i32, ptr @a[0], i64 1)",
    ));
    assert!(
        text.contains("only byte (`i8`) offsets are supported"),
        "{text}"
    );
}

/// A wave of lanes: `P0` (lane 0) runs `first`, `P1` (lane 1 of the same
/// wavefront) runs `second`, after the declarations `decls`.
fn lanes(decls: &str, first: &str, second: &str) -> String {
    format!(
        "AMDGPU t\n{{ {decls} }}\nthread P0 @ wg 0, wave 0 {{\n  {first}\n}}\nthread P1 @ wg 0, wave 0 {{\n  {second}\n}}\nexists (true)\n"
    )
}

/// The destination elements and lane of each DMA instruction of thread `t`.
fn dma_dsts(p: &Program, t: usize) -> Vec<(Operand, u32)> {
    p.threads[t]
        .code
        .iter()
        .filter_map(|i| match *i {
            Instr::Dma { dst, lane, .. } => Some((dst.index, lane)),
            _ => None,
        })
        .collect()
}

/// AMDGPUDMAOperations.md, "GFX9 DMA": "The LDS address is implicitly
/// offset by `4 * lane_id` bytes for sizes up to 4 bytes, and by
/// `16 * lane_id` bytes for larger sizes". The threads of one wavefront are
/// its lanes in declaration order; lane 1's copy fills the element(s) 4 (or
/// 16) bytes past the base its pointer names, in elements of the copy's
/// size; the global source is the lane's own pointer.
#[test]
fn lds_dma_is_offset_by_the_lane() {
    let c = Operand::Const;
    let copy = |src: &str, dst: &str, size: u32, off: u32| {
        format!("call void @llvm.amdgcn.global.load.lds(ptr @g[{src}], ptr @t[{dst}], i32 {size}, i32 {off}, i32 0)")
    };
    let fence = "fence syncscope(\"workgroup\") acquire";
    // (size, elements of @t, lane 1's destination elements).
    for (size, len, want) in [
        (1, 8, vec![c(4)]),
        (2, 4, vec![c(2)]),
        (4, 2, vec![c(1)]),
        (8, 4, vec![c(2)]),
        (12, 8, vec![c(4), c(5), c(6)]),
        (16, 8, vec![c(4), c(5), c(6), c(7)]),
    ] {
        let decls = format!("global g[{len}] = 0; lds t[{len}] = 0;");
        let p = load_ok(&lanes(&decls, fence, &copy("0", "0", size, 0)));
        let lane1: Vec<Operand> = dma_dsts(&p, 1).into_iter().map(|d| d.0).collect();
        assert_eq!(lane1, want, "size {size}");
        assert!(dma_dsts(&p, 1).iter().all(|d| d.1 == 1));
        // The source is the lane's own pointer, not offset.
        let Instr::Dma { src, .. } = p.threads[1].code[0] else {
            panic!("no copy");
        };
        assert_eq!(src.index, c(0), "size {size}");
        // Lane 0 fills the base itself.
        let p = load_ok(&lanes(&decls, &copy("0", "0", size, 0), fence));
        assert_eq!(dma_dsts(&p, 0)[0], (c(0), 0), "size {size}");
    }
    // A 16-byte copy of a location accessed at 128 bits: one element per lane.
    let p = load_ok(&lanes(
        "global g[2] = 0; lds t[2] = 0;",
        "%r = call i128 @llvm.amdgcn.av.load.b128(ptr @t[1], metadata !\"\")",
        &copy("0", "0", 16, 0),
    ));
    assert_eq!(dma_dsts(&p, 1), vec![(c(1), 1)]);
    // The immediate offset and the lane's offset add up.
    let p = load_ok(&lanes(
        "global g[4] = 0; lds t[4] = 0;",
        fence,
        &copy("1", "1", 4, 4),
    ));
    assert_eq!(dma_dsts(&p, 1), vec![(c(3), 1)]);
    // A register index gets the lane's offset added at run time.
    let p = load_ok(&lanes(
        "global g[4] = 0; lds t[4] = 0;",
        fence,
        &format!("%i = add i32 0, 1\n  {}", copy("%i", "%i", 4, 0)),
    ));
    let code = &p.threads[1].code;
    let Some(Instr::Dma { dst, .. }) = code.iter().find(|i| matches!(i, Instr::Dma { .. })) else {
        panic!("no copy");
    };
    let Operand::Reg(r) = dst.index else {
        panic!("a constant index for a register base: {dst:?}");
    };
    assert!(code.iter().any(|i| matches!(
        i,
        Instr::Bin { dst, op: BinOp::Add, b: Operand::Const(1), .. } if *dst == r
    )));
    // Threads in wavefronts of their own are each lane 0.
    let p = load_ok(
        &lanes(
            "global g[1] = 0; lds t[1] = 0;",
            fence,
            &copy("0", "0", 4, 0),
        )
        .replace("P1 @ wg 0, wave 0", "P1 @ wg 0, wave 1"),
    );
    assert_eq!(dma_dsts(&p, 1), vec![(c(0), 0)]);
}

/// A lane whose offset takes its copy outside the LDS location or array is
/// an error naming the lane and quoting the rule.
#[test]
fn lds_dma_lane_out_of_bounds_is_refused() {
    let fence = "fence syncscope(\"workgroup\") acquire";
    for (decls, copy, want) in [
        (
            "global g = 0; lds t = 0;",
            "call void @llvm.amdgcn.global.load.lds(ptr @g, ptr @t, i32 4, i32 0, i32 0)",
            "lane 1 of its wavefront copies to byte 4 of `@t`, outside that single 4-byte location",
        ),
        (
            "global g[2] = 0; lds t[2] = 0;",
            "call void @llvm.amdgcn.global.load.lds(ptr @g[0], ptr @t[1], i32 4, i32 0, i32 0)",
            "lane 1 of its wavefront copies to element 2 of `@t`, out of bounds for length 2",
        ),
        (
            "global g[4] = 0; lds t[6] = 0;",
            "call void @llvm.amdgcn.global.load.lds(ptr @g[0], ptr @t[0], i32 16, i32 0, i32 0)",
            "lane 1 of its wavefront copies to elements 4 to 7 of `@t`, beyond its length 6",
        ),
    ] {
        let text = errors(&lanes(decls, fence, copy));
        assert!(text.contains(want), "{text}");
        assert!(text.contains("`4 * lane_id` bytes"), "{text}");
        assert!(text.contains("--> t.litmus:7:3"), "{text}");
        // The same copy in lane 0 is accepted.
        load_ok(&lanes(decls, copy, fence));
    }
}

/// AMDGPUDMAOperations.md, "GFX9 DMA": "The `%lds_base` pointer must be
/// wave-uniform". Two straight-line lanes with as many copies as each other
/// are paired call by call: different constant bases are an error naming
/// both lanes and bases; the same base, a register base or lanes with
/// branches (whose calls amdmm does not pair) are accepted.
#[test]
fn lds_dma_base_must_be_wave_uniform() {
    let copy = |src: &str, dst: &str| {
        format!("call void @llvm.amdgcn.global.load.lds(ptr @g[{src}], ptr @t[{dst}], i32 4, i32 0, i32 0)")
    };
    let decls = "global g[4] = 0; lds t[4] = 0;";
    let text = errors(&lanes(decls, &copy("0", "0"), &copy("1", "1")));
    assert!(
        text.contains("the 1st LDS DMA copies of P0 and P1, lanes of one wavefront, name different LDS bases: `@t[0]` and `@t[1]`"),
        "{text}"
    );
    assert!(text.contains("must be wave-uniform"), "{text}");
    // The second copies differ: named as the 2nd.
    let text = errors(&lanes(
        decls,
        &format!("{}\n  {}", copy("0", "0"), copy("0", "2")),
        &format!("{}\n  {}", copy("1", "0"), copy("1", "0")),
    ));
    assert!(
        text.contains("the 2nd LDS DMA copies of P0 and P1")
            && text.contains("`@t[2]` and `@t[0]`"),
        "{text}"
    );
    // The same base in both lanes: lane 1 writes t[1].
    load_ok(&lanes(decls, &copy("0", "0"), &copy("1", "0")));
    // A register base is not compared.
    load_ok(&lanes(
        decls,
        &copy("0", "0"),
        &format!("%i = add i32 0, 1\n  {}", copy("1", "%i")),
    ));
    // Lanes with branches are not paired.
    load_ok(&lanes(
        decls,
        &copy("0", "0"),
        &format!("br label %L\nL:\n  {}", copy("1", "1")),
    ));
    // Different wavefronts: each its own base.
    load_ok(
        &lanes(decls, &copy("0", "0"), &copy("1", "1"))
            .replace("P1 @ wg 0, wave 0", "P1 @ wg 0, wave 1"),
    );
}
