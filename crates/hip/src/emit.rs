//! The HIP program of one litmus test (docs/gpu.md, "What the program does").

use crate::{Refusal, HEADER};
use amdmm_program::{
    Addr, AddrSpace, BinOp, CmpOp, Cond, HwBarrier, Instr, MemAttrs, Observable, Operand, Ordering,
    Program, Quantifier, RmwOp, ScopeLevel, SpaceSet, SyncScope, Ty, Value,
};
use std::fmt::Write;

/// The HIP program of `p` (read from `source`), byte-stable: the same test
/// gives the same bytes. Errors name the first construct the program cannot
/// express.
pub fn generate(p: &Program, source: &str) -> Result<String, Refusal> {
    let layout = Layout::of(p)?;
    let mut bodies = String::new();
    for (ti, t) in p.threads.iter().enumerate() {
        bodies.push_str(&thread_body(p, &layout, ti).map_err(|(k, message)| {
            let pos = t.pos.get(k).copied().unwrap_or_default();
            Refusal {
                thread: Some(t.name.clone()),
                line: pos.line,
                col: pos.col,
                message,
            }
        })?);
    }
    let shown = p.shown_observables();
    let cond = condition(p, &shown, &p.condition.cond).map_err(|message| Refusal {
        thread: None,
        line: 0,
        col: 0,
        message,
    })?;
    let mut o = String::new();
    let _ = writeln!(o, "{HEADER} from {source}: test {}.", p.name);
    o.push_str(PREAMBLE_DOC);
    o.push_str(RUNTIME_INCLUDE);
    o.push_str(RUNTIME_DECLS);
    o.push_str("#endif\n");
    let _ = writeln!(o, "#define AMDMM_TEST \"{}\"", c_string(&p.name));
    let _ = writeln!(o, "#define AMDMM_N_GLOBAL {}", layout.globals.len().max(1));
    let _ = writeln!(o, "#define AMDMM_N_LDS {}", layout.lds.len().max(1));
    let _ = writeln!(o, "#define AMDMM_N_WGS {}", layout.wgs.len());
    let _ = writeln!(o, "#define AMDMM_WAVES {}", layout.waves_per_wg);
    let _ = writeln!(o, "#define AMDMM_LANES {}", layout.lanes_per_wave);
    let _ = writeln!(o, "#define AMDMM_N_OBS {}", shown.len().max(1));
    o.push_str(DEVICE_PRELUDE);
    // The kernel.
    o.push_str(KERNEL_HEAD);
    // The LDS locations' initial values, before every test thread starts.
    o.push_str("  if (tid == 0) {\n");
    for (slot, &l) in layout.lds.iter().enumerate() {
        let _ = writeln!(
            o,
            "    lds[{slot}] = (unsigned long long){}LL;",
            p.locations[l as usize].init.unwrap_or(0)
        );
    }
    o.push_str("  }\n  __syncthreads();\n");
    o.push_str(&bodies);
    // LDS observables: read once every test thread of the block is done.
    let lds_obs: Vec<(usize, u32, usize)> = shown
        .iter()
        .enumerate()
        .filter_map(|(j, ob)| match ob {
            Observable::Mem { loc, wg: Some(w) } if layout.is_lds(*loc) => layout
                .wgs
                .iter()
                .position(|x| x == w)
                .map(|wi| (j, *loc, wi)),
            _ => None,
        })
        .collect();
    o.push_str("  __syncthreads();\n");
    for (j, loc, wi) in &lds_obs {
        let _ = writeln!(
            o,
            "  if (tid == 0 && wg == {wi}) obs[inst * AMDMM_N_OBS + {j}] = {}lds[{}];",
            if layout.wide.contains(loc) {
                "(long long)"
            } else {
                "(long long)(int)"
            },
            layout.slot(*loc)
        );
    }
    o.push_str("}\n\n");
    // Host side.
    o.push_str(HOST_PRELUDE);
    // Initial values of the global locations.
    o.push_str("static const long long amdmm_init[AMDMM_N_GLOBAL] = {");
    let inits: Vec<String> = if layout.globals.is_empty() {
        vec!["0".into()]
    } else {
        layout
            .globals
            .iter()
            .map(|&l| p.locations[l as usize].init.unwrap_or(0).to_string())
            .collect()
    };
    o.push_str(&inits.join(", "));
    o.push_str("};\n");
    // Observable names and how the host gets each value.
    o.push_str("static const char *const amdmm_obs_name[AMDMM_N_OBS] = {");
    let names: Vec<String> = if shown.is_empty() {
        vec!["\"\"".into()]
    } else {
        shown
            .iter()
            .map(|ob| format!("\"{}\"", c_string(&p.observable_name(ob))))
            .collect()
    };
    o.push_str(&names.join(", "));
    o.push_str("};\n");
    o.push_str("// Global location read by the host per observable (-1: the kernel writes it).\n");
    o.push_str("static const int amdmm_obs_global[AMDMM_N_OBS] = {");
    let from: Vec<String> = if shown.is_empty() {
        vec!["-1".into()]
    } else {
        shown
            .iter()
            .map(|ob| match ob {
                Observable::Mem { loc, wg: None } if !layout.is_lds(*loc) => {
                    layout.slot(*loc).to_string()
                }
                _ => "-1".into(),
            })
            .collect()
    };
    o.push_str(&from.join(", "));
    o.push_str("};\n");
    o.push_str("// 1: the observable is a 64-bit location.\n");
    o.push_str("static const int amdmm_obs_wide[AMDMM_N_OBS] = {");
    let wide: Vec<String> = if shown.is_empty() {
        vec!["0".into()]
    } else {
        shown
            .iter()
            .map(|ob| match ob {
                Observable::Mem { loc, .. } if layout.wide.contains(loc) => "1".into(),
                _ => "0".into(),
            })
            .collect()
    };
    o.push_str(&wide.join(", "));
    o.push_str("};\n");
    let _ = writeln!(
        o,
        "static const char *const amdmm_kind = \"{}\";",
        match p.condition.quantifier {
            Quantifier::Exists => "Allowed",
            Quantifier::Forall => "Required",
            Quantifier::NotExists => "Forbidden",
        }
    );
    let _ = writeln!(
        o,
        "static const int amdmm_quantifier = {};",
        match p.condition.quantifier {
            Quantifier::Exists => 0,
            Quantifier::Forall => 1,
            Quantifier::NotExists => 2,
        }
    );
    let _ = writeln!(
        o,
        "static const char *const amdmm_condition = \"{} ({})\";",
        match p.condition.quantifier {
            Quantifier::Exists => "exists",
            Quantifier::Forall => "forall",
            Quantifier::NotExists => "~exists",
        },
        c_string(&p.condition_text)
    );
    o.push_str("// The test's condition over one final state (comparisons with undef are\n// false: a GPU reads some value; `amdmm docs gpu`).\n");
    let _ = writeln!(
        o,
        "static bool amdmm_holds(const long long *v) {{\n  (void)v;\n  return {cond};\n}}\n"
    );
    o.push_str(HOST_MAIN);
    Ok(o)
}

/// Where the test's locations and threads go.
struct Layout {
    /// Global locations, in declaration order.
    globals: Vec<u32>,
    /// LDS locations, in declaration order.
    lds: Vec<u32>,
    /// The test's work-group instances, sorted: block `inst * N_WGS + i`
    /// runs work-group `wgs[i]` of instance `inst`.
    wgs: Vec<u32>,
    /// Per thread: (work-group index, wave slot in the work-group, lane).
    place: Vec<(usize, usize, usize)>,
    /// Locations some access reads or writes as i64.
    wide: Vec<u32>,
    waves_per_wg: usize,
    lanes_per_wave: usize,
}

impl Layout {
    fn of(p: &Program) -> Result<Layout, Refusal> {
        let refuse = |message: String| Refusal {
            thread: None,
            line: 0,
            col: 0,
            message,
        };
        let agents: std::collections::BTreeSet<u32> = p
            .threads
            .iter()
            .map(|t| t.placement.instance(ScopeLevel::Agent))
            .collect();
        if agents.len() > 1 {
            return Err(refuse(format!(
                "the test places threads on {} agents; the program runs on one device (`amdmm docs gpu`, \"Restrictions\")",
                agents.len()
            )));
        }
        let clusters: std::collections::BTreeSet<u32> = p
            .threads
            .iter()
            .map(|t| t.placement.instance(ScopeLevel::Cluster))
            .collect();
        if clusters.len() > 1 {
            return Err(refuse(format!(
                "the test places threads in {} clusters; the program launches no work-group clusters (`amdmm docs gpu`, \"Restrictions\")",
                clusters.len()
            )));
        }
        let mut wgs: Vec<u32> = p
            .threads
            .iter()
            .map(|t| t.placement.instance(ScopeLevel::Workgroup))
            .collect();
        wgs.sort_unstable();
        wgs.dedup();
        let mut place = Vec::new();
        let mut waves_per_wg = 1;
        let mut lanes_per_wave = 1;
        for t in &p.threads {
            let w = t.placement.instance(ScopeLevel::Workgroup);
            let wi = wgs.binary_search(&w).unwrap_or(0);
            let mut waves: Vec<u32> = p
                .threads
                .iter()
                .filter(|u| u.placement.instance(ScopeLevel::Workgroup) == w)
                .map(|u| u.placement.instance(ScopeLevel::Wavefront))
                .collect();
            waves.sort_unstable();
            waves.dedup();
            let wave = t.placement.instance(ScopeLevel::Wavefront);
            let slot = waves.binary_search(&wave).unwrap_or(0);
            let mut lanes: Vec<u32> = p
                .threads
                .iter()
                .filter(|u| u.placement.instance(ScopeLevel::Wavefront) == wave)
                .map(|u| u.placement.instance(ScopeLevel::SingleThread))
                .collect();
            lanes.sort_unstable();
            lanes.dedup();
            let lane = lanes
                .binary_search(&t.placement.instance(ScopeLevel::SingleThread))
                .unwrap_or(0);
            waves_per_wg = waves_per_wg.max(waves.len());
            lanes_per_wave = lanes_per_wave.max(lanes.len());
            place.push((wi, slot, lane));
        }
        if lanes_per_wave > 32 {
            return Err(refuse(format!(
                "a wave of the test has {lanes_per_wave} threads; the program supports at most 32 (a wave32 processor's width)"
            )));
        }
        let mut globals = Vec::new();
        let mut lds = Vec::new();
        for (i, l) in p.locations.iter().enumerate() {
            if l.byte.is_some() {
                return Err(refuse(format!(
                    "`@{}` is accessed at several widths (byte-level); the program keeps whole locations only",
                    p.location_name(i as u32)
                )));
            }
            match l.space {
                AddrSpace::Global => globals.push(i as u32),
                AddrSpace::Lds => lds.push(i as u32),
            }
        }
        let mut wide = Vec::new();
        for t in &p.threads {
            for i in &t.code {
                let (ty, addr) = match i {
                    Instr::Load { ty, addr, .. }
                    | Instr::Store { ty, addr, .. }
                    | Instr::Rmw { ty, addr, .. }
                    | Instr::CmpXchg { ty, addr, .. } => (*ty, addr),
                    _ => continue,
                };
                let sym = &p.symbols[addr.symbol as usize];
                if ty == Ty::I64 {
                    wide.extend(sym.first..sym.first + sym.len);
                }
            }
        }
        Ok(Layout {
            globals,
            lds,
            wgs,
            place,
            wide,
            waves_per_wg,
            lanes_per_wave,
        })
    }

    fn is_lds(&self, loc: u32) -> bool {
        self.lds.contains(&loc)
    }

    /// The location's slot among the global (or LDS) locations.
    fn slot(&self, loc: u32) -> usize {
        self.globals
            .iter()
            .position(|&l| l == loc)
            .or_else(|| self.lds.iter().position(|&l| l == loc))
            .unwrap_or(0)
    }
}

/// The code of thread `ti`: a branch of the kernel taken by its work-item.
/// Errors: (instruction index, message).
fn thread_body(p: &Program, layout: &Layout, ti: usize) -> Result<String, (usize, String)> {
    let t = &p.threads[ti];
    let (wg, wave, lane) = layout.place[ti];
    let mut o = String::new();
    let _ = writeln!(
        o,
        "  if (wg == {wg} && wave == {wave} && lane == {lane}) {{ // {} (test line {})",
        t.name,
        t.pos.first().map_or(0, |p| p.line)
    );
    // Registers: declared first, so that every `goto` skips no declaration.
    for (r, name) in t.regs.iter().enumerate() {
        let _ = writeln!(o, "    long long R{r} = 0; // {name}");
    }
    // A loop cut off or an assume that fails sets `flag`; it is reported
    // after the thread's last marker, so that no harness access is among
    // the test's operations.
    o.push_str("    unsigned spins = 0;\n    int flag = 0;\n");
    o.push_str("    (void)spins;\n");
    o.push_str("    amdmm_delay(prm, inst, ");
    let _ = writeln!(o, "{ti});");
    let targets: std::collections::BTreeSet<u32> = t
        .code
        .iter()
        .flat_map(|i| match i {
            Instr::Jump { target } => vec![*target],
            Instr::Branch { then_, else_, .. } => vec![*then_, *else_],
            _ => vec![],
        })
        .collect();
    for (k, i) in t.code.iter().enumerate() {
        if targets.contains(&(k as u32)) {
            let _ = writeln!(o, "  T{ti}_L{k}:;");
        }
        let _ = writeln!(o, "    AMDMM_OP(\"; amdmm t{ti} op {k}\");");
        let stmt = statement(p, layout, ti, k, i).map_err(|m| (k, m))?;
        for line in stmt.lines() {
            let _ = writeln!(o, "    {line}");
        }
    }
    if targets.contains(&(t.code.len() as u32)) {
        let _ = writeln!(o, "  T{ti}_L{}:;", t.code.len());
    }
    let _ = writeln!(o, "  T{ti}_end:;");
    let _ = writeln!(o, "    AMDMM_OP(\"; amdmm t{ti} end\");");
    o.push_str("    if (flag) amdmm_flag(flags, inst, flag);\n");
    // The registers the final states show; every other one is kept alive,
    // so that the compiler drops no load whose value the test does not
    // show (the harness drops no access, docs/gpu.md "What CI checks").
    let mut kept = vec![false; t.regs.len()];
    for (j, ob) in p.shown_observables().iter().enumerate() {
        if let Observable::Reg { thread, reg } = ob {
            if *thread as usize == ti {
                let _ = writeln!(o, "    obs[inst * AMDMM_N_OBS + {j}] = R{reg};");
                kept[*reg as usize] = true;
            }
        }
    }
    for (r, k) in kept.iter().enumerate() {
        if !k {
            let _ = writeln!(o, "    AMDMM_KEEP(R{r});");
        }
    }
    o.push_str("  }\n");
    Ok(o)
}

fn operand(o: Operand) -> Result<String, String> {
    match o {
        Operand::Const(c) => Ok(format!("{c}LL")),
        Operand::Reg(r) => Ok(format!("R{r}")),
        Operand::Undef => Err("an `undef` operand has no value on a GPU".into()),
    }
}

/// The C type of an access of type `ty`.
fn c_type(ty: Ty) -> Result<&'static str, String> {
    match ty {
        Ty::I32 => Ok("int"),
        Ty::I64 => Ok("long long"),
        t => Err(format!(
            "accesses of type {} (the program keeps i32 and i64 locations)",
            t.name()
        )),
    }
}

/// A pointer expression to the location `a` addresses, of C type `ty`.
fn pointer(p: &Program, layout: &Layout, a: &Addr, ty: &str) -> Result<String, String> {
    let sym = &p.symbols[a.symbol as usize];
    if sym.bytes.is_some() || a.byte != 0 {
        return Err(format!("`@{}` is accessed byte by byte", sym.name));
    }
    let i = match a.index {
        Operand::Const(i) if i >= 0 && (i as u64) < sym.len as u64 => i as u32,
        Operand::Const(i) => {
            return Err(format!(
                "index {i} is outside `@{}` (undefined behaviour the program cannot run)",
                sym.name
            ))
        }
        _ => {
            return Err(format!(
                "a register index into `@{}` (the program addresses constant elements only)",
                sym.name
            ))
        }
    };
    let loc = sym.first + i;
    let slot = layout.slot(loc);
    let ptr = if layout.is_lds(loc) {
        format!("((AMDMM_LDS {ty} *)&lds[{slot}])")
    } else {
        format!("((AMDMM_GLOBAL {ty} *)AMDMM_LOC({slot}))")
    };
    Ok(if a.generic {
        format!("AMDMM_GENERIC({ty}, {ptr})")
    } else {
        ptr
    })
}

fn order(o: Ordering) -> Result<&'static str, String> {
    match o {
        Ordering::Monotonic => Ok("__ATOMIC_RELAXED"),
        Ordering::Acquire => Ok("__ATOMIC_ACQUIRE"),
        Ordering::Release => Ok("__ATOMIC_RELEASE"),
        Ordering::AcqRel => Ok("__ATOMIC_ACQ_REL"),
        Ordering::SeqCst => Ok("__ATOMIC_SEQ_CST"),
        Ordering::Unordered => Err("`unordered` atomics (C++ has no such ordering)".into()),
        Ordering::NotAtomic => Err("a non-atomic ordering where an atomic one is needed".into()),
    }
}

/// `__HIP_MEMORY_SCOPE_*` of an atomic access's syncscope.
fn hip_scope(s: SyncScope) -> Result<&'static str, String> {
    if s.one_as {
        return Err(format!(
            "syncscope(\"{s}\") on an atomic access: HIP's atomic builtins have no one-as scopes"
        ));
    }
    Ok(match s.level {
        ScopeLevel::System => "__HIP_MEMORY_SCOPE_SYSTEM",
        ScopeLevel::Agent => "__HIP_MEMORY_SCOPE_AGENT",
        ScopeLevel::Cluster => "__HIP_MEMORY_SCOPE_CLUSTER",
        ScopeLevel::Workgroup => "__HIP_MEMORY_SCOPE_WORKGROUP",
        ScopeLevel::Wavefront => "__HIP_MEMORY_SCOPE_WAVEFRONT",
        ScopeLevel::SingleThread => "__HIP_MEMORY_SCOPE_SINGLETHREAD",
    })
}

/// The syncscope string of `__builtin_amdgcn_fence` (LLVM's names; system
/// scope is the empty string).
fn fence_scope(s: SyncScope) -> String {
    let level = match s.level {
        ScopeLevel::System => "",
        ScopeLevel::Agent => "agent",
        ScopeLevel::Cluster => "cluster",
        ScopeLevel::Workgroup => "workgroup",
        ScopeLevel::Wavefront => "wavefront",
        ScopeLevel::SingleThread => "singlethread",
    };
    match (s.one_as, level) {
        (true, "") => "one-as".into(),
        (true, l) => format!("{l}-one-as"),
        (false, l) => l.into(),
    }
}

/// Refuses the attributes the program cannot keep.
fn plain_attrs(attrs: &MemAttrs) -> Result<(), String> {
    if attrs.av_none {
        return Err("`!amdgcn-av none` metadata (HIP cannot attach it)".into());
    }
    if attrs.nontemporal {
        return Err("`!nontemporal` accesses".into());
    }
    if attrs.volatile {
        return Err("`volatile` accesses".into());
    }
    Ok(())
}

/// The C++ statement(s) of instruction `k` of thread `ti`.
fn statement(
    p: &Program,
    layout: &Layout,
    ti: usize,
    k: usize,
    i: &Instr,
) -> Result<String, String> {
    let back = |target: u32| -> String {
        if target as usize <= k {
            format!("if (++spins > prm.loop_limit) {{ flag = AMDMM_CUTOFF; goto T{ti}_end; }}\n")
        } else {
            String::new()
        }
    };
    let goto = |target: u32| -> String { format!("{}goto T{ti}_L{target};", back(target)) };
    Ok(match i {
        Instr::Load {
            dst,
            ty,
            addr,
            attrs,
            visible,
        } => {
            if visible.is_some() {
                return Err("the `llvm.amdgcn.av` load-visible intrinsics".into());
            }
            plain_attrs(attrs)?;
            let ct = c_type(*ty)?;
            let ptr = pointer(p, layout, addr, ct)?;
            if attrs.ordering == Ordering::NotAtomic {
                format!("R{dst} = (long long)*{ptr};")
            } else {
                format!(
                    "R{dst} = (long long)__hip_atomic_load({ptr}, {}, {});",
                    order(attrs.ordering)?,
                    hip_scope(attrs.scope)?
                )
            }
        }
        Instr::Store {
            ty,
            value,
            addr,
            attrs,
            available,
        } => {
            if available.is_some() {
                return Err("the `llvm.amdgcn.av` store-available intrinsics".into());
            }
            plain_attrs(attrs)?;
            let ct = c_type(*ty)?;
            let ptr = pointer(p, layout, addr, ct)?;
            let v = operand(*value)?;
            if attrs.ordering == Ordering::NotAtomic {
                format!("*{ptr} = ({ct}){v};")
            } else {
                format!(
                    "__hip_atomic_store({ptr}, ({ct}){v}, {}, {});",
                    order(attrs.ordering)?,
                    hip_scope(attrs.scope)?
                )
            }
        }
        Instr::Rmw {
            dst,
            ty,
            op,
            addr,
            value,
            attrs,
        } => {
            plain_attrs(attrs)?;
            let (f, unsigned) = match op {
                RmwOp::Xchg => ("__hip_atomic_exchange", false),
                RmwOp::Add => ("__hip_atomic_fetch_add", false),
                RmwOp::Sub => ("__hip_atomic_fetch_sub", false),
                RmwOp::And => ("__hip_atomic_fetch_and", false),
                RmwOp::Or => ("__hip_atomic_fetch_or", false),
                RmwOp::Xor => ("__hip_atomic_fetch_xor", false),
                RmwOp::Max => ("__hip_atomic_fetch_max", false),
                RmwOp::Min => ("__hip_atomic_fetch_min", false),
                RmwOp::UMax => ("__hip_atomic_fetch_max", true),
                RmwOp::UMin => ("__hip_atomic_fetch_min", true),
                other => {
                    return Err(format!(
                        "`atomicrmw {}` (HIP has no builtin for it)",
                        other.name()
                    ))
                }
            };
            let ct = c_type(*ty)?;
            let ct = match (unsigned, ct) {
                (true, "int") => "unsigned int",
                (true, _) => "unsigned long long",
                (false, c) => c,
            };
            let ptr = pointer(p, layout, addr, ct)?;
            let wrap = if ty.bits() == 32 { "(int)" } else { "" };
            format!(
                "R{dst} = (long long){wrap}{f}({ptr}, ({ct}){}, {}, {});",
                operand(*value)?,
                order(attrs.ordering)?,
                hip_scope(attrs.scope)?
            )
        }
        Instr::CmpXchg {
            weak,
            dst_old,
            dst_ok,
            ty,
            addr,
            expected,
            new,
            attrs,
            failure,
        } => {
            plain_attrs(attrs)?;
            let ct = c_type(*ty)?;
            let ptr = pointer(p, layout, addr, ct)?;
            format!(
                "{{ {ct} e = ({ct}){}; bool ok = __hip_atomic_compare_exchange_{}({ptr}, &e, ({ct}){}, {}, {}, {}); R{dst_old} = (long long)e; R{dst_ok} = ok; }}",
                operand(*expected)?,
                if *weak { "weak" } else { "strong" },
                operand(*new)?,
                order(attrs.ordering)?,
                order(*failure)?,
                hip_scope(attrs.scope)?
            )
        }
        Instr::Fence { attrs } => {
            let spaces = match attrs.fence_spaces {
                None => String::new(),
                Some(s) => fence_spaces(s)?,
            };
            format!(
                "__builtin_amdgcn_fence({}, \"{}\"{spaces});",
                order(attrs.ordering)?,
                fence_scope(attrs.scope)
            )
        }
        Instr::Move { dst, src } => format!("R{dst} = {};", operand(*src)?),
        Instr::Bin { dst, ty, op, a, b } => {
            let bits = int_bits(*ty)?;
            let (a, b) = (operand(*a)?, operand(*b)?);
            let e = match op {
                BinOp::Add => format!("{a} + {b}"),
                BinOp::Sub => format!("{a} - {b}"),
                BinOp::Mul => format!("(long long)((unsigned long long){a} * (unsigned long long){b})"),
                BinOp::And => format!("{a} & {b}"),
                BinOp::Or => format!("{a} | {b}"),
                BinOp::Xor => format!("{a} ^ {b}"),
                BinOp::Shl => format!("(long long)((unsigned long long){a} << ({b} & 63))"),
                BinOp::LShr => format!("(long long)(amdmm_u({a}, {bits}) >> ({b} & 63))"),
                BinOp::AShr => format!("{a} >> ({b} & 63)"),
                BinOp::FAdd
                | BinOp::FSub
                | BinOp::FMul
                | BinOp::FDiv
                | BinOp::FRem
                | BinOp::FMath(_)
                | BinOp::Conv { .. } => {
                    return Err("floating-point arithmetic and conversions".into())
                }
            };
            format!("R{dst} = amdmm_w({e}, {bits});")
        }
        Instr::Cmp { dst, ty, op, a, b } => {
            let bits = int_bits(*ty)?;
            let (a, b) = (operand(*a)?, operand(*b)?);
            let (sa, sb) = (format!("amdmm_w({a}, {bits})"), format!("amdmm_w({b}, {bits})"));
            let (ua, ub) = (format!("amdmm_u({a}, {bits})"), format!("amdmm_u({b}, {bits})"));
            let e = match op {
                CmpOp::Eq => format!("{sa} == {sb}"),
                CmpOp::Ne => format!("{sa} != {sb}"),
                CmpOp::Slt => format!("{sa} < {sb}"),
                CmpOp::Sle => format!("{sa} <= {sb}"),
                CmpOp::Sgt => format!("{sa} > {sb}"),
                CmpOp::Sge => format!("{sa} >= {sb}"),
                CmpOp::Ult => format!("{ua} < {ub}"),
                CmpOp::Ule => format!("{ua} <= {ub}"),
                CmpOp::Ugt => format!("{ua} > {ub}"),
                CmpOp::Uge => format!("{ua} >= {ub}"),
                CmpOp::F(_) => return Err("floating-point comparisons".into()),
            };
            format!("R{dst} = ({e}) ? 1 : 0;")
        }
        Instr::Select { dst, cond, a, b } => format!(
            "R{dst} = {} ? {} : {};",
            operand(*cond)?,
            operand(*a)?,
            operand(*b)?
        ),
        Instr::Jump { target } => goto(*target),
        Instr::Branch { cond, then_, else_ } => format!(
            "if ({}) {{\n  {}\n}} else {{\n  {}\n}}",
            operand(*cond)?,
            goto(*then_).replace('\n', "\n  "),
            goto(*else_).replace('\n', "\n  ")
        ),
        Instr::Assume { cond } => format!(
            "if (!{}) {{ flag = AMDMM_DISCARD; goto T{ti}_end; }}",
            operand(*cond)?
        ),
        // Markers of an inlined function's body: no code.
        Instr::CallEnter { .. } | Instr::CallExit { .. } => String::new(),
        Instr::Halt => format!("goto T{ti}_end;"),
        Instr::Hw(b) => match b {
            HwBarrier::Barrier => "__builtin_amdgcn_s_barrier();".into(),
            HwBarrier::Signal(id) => format!(
                "__builtin_amdgcn_s_barrier_signal({});",
                const_id(*id)?
            ),
            HwBarrier::Wait(id) => format!(
                "__builtin_amdgcn_s_barrier_wait({});",
                const_id(*id)?
            ),
            HwBarrier::SignalIsFirstTo { id, dst } => format!(
                "R{dst} = __builtin_amdgcn_s_barrier_signal_isfirst({}) ? 1 : 0;",
                const_id(*id)?
            ),
            HwBarrier::SignalIsFirst(id) => format!(
                "(void)__builtin_amdgcn_s_barrier_signal_isfirst({});",
                const_id(*id)?
            ),
            HwBarrier::Init(..) | HwBarrier::Join(_) | HwBarrier::Leave | HwBarrier::SignalVar(..) => {
                return Err("GFX12.5's named barriers (their builtins take an LDS named-barrier object, not an id)".into())
            }
        },
        Instr::Barrier(_) => {
            return Err("the abstract barrier operations (`barrier.*`: no hardware instruction)".into())
        }
        Instr::Dma { .. } => return Err("LDS DMA (not yet generated)".into()),
        Instr::AsyncMark | Instr::WaitAsyncMark { .. } => {
            return Err("asyncmark / wait.asyncmark (not yet generated)".into())
        }
    })
}

fn const_id(o: Operand) -> Result<i64, String> {
    match o {
        Operand::Const(c) => Ok(c),
        _ => Err("a barrier id that is not a constant".into()),
    }
}

fn int_bits(ty: Ty) -> Result<u32, String> {
    match ty {
        Ty::I1 => Ok(1),
        Ty::I8 | Ty::I16 | Ty::I32 | Ty::I64 => Ok(ty.bits()),
        t => Err(format!("arithmetic on {}", t.name())),
    }
}

/// The address-space arguments of `__builtin_amdgcn_fence` (clang:
/// `"local"`, `"global"`).
fn fence_spaces(s: SpaceSet) -> Result<String, String> {
    if s.is_all() {
        return Ok(String::new());
    }
    let mut out = String::new();
    if s.contains(AddrSpace::Global) {
        out.push_str(", \"global\"");
    }
    if s.contains(AddrSpace::Lds) {
        out.push_str(", \"local\"");
    }
    if out.is_empty() {
        return Err("a fence on no address space the program has".into());
    }
    Ok(out)
}

/// The condition as a C expression over the state `v` (observable `j` is
/// `v[j]`).
fn condition(p: &Program, shown: &[Observable], c: &Cond) -> Result<String, String> {
    Ok(match c {
        Cond::True => "true".into(),
        Cond::False => "false".into(),
        Cond::Atom { obs, equal, value } => {
            if p.float_type(obs).is_some() {
                return Err(format!(
                    "the condition compares `{}` as a float",
                    p.observable_name(obs)
                ));
            }
            let j = shown.iter().position(|o| o == obs).unwrap_or(0);
            match value {
                Value::Int(v) => format!("(v[{j}] {} {v}LL)", if *equal { "==" } else { "!=" }),
                Value::Undef => (if *equal { "false" } else { "true" }).to_string(),
            }
        }
        Cond::Not(a) => format!("!{}", condition(p, shown, a)?),
        Cond::And(a, b) => format!(
            "({} && {})",
            condition(p, shown, a)?,
            condition(p, shown, b)?
        ),
        Cond::Or(a, b) => format!(
            "({} || {})",
            condition(p, shown, a)?,
            condition(p, shown, b)?
        ),
        Cond::Implies(a, b) => format!(
            "(!{} || {})",
            condition(p, shown, a)?,
            condition(p, shown, b)?
        ),
    })
}

/// `s` as the contents of a C string literal.
fn c_string(s: &str) -> String {
    s.chars()
        .flat_map(|c| match c {
            '"' => vec!['\\', '"'],
            '\\' => vec!['\\', '\\'],
            c if c.is_control() => vec![' '],
            c => vec![c],
        })
        .collect()
}

const PREAMBLE_DOC: &str = r#"// A litmus test as a standalone HIP program, in the litmus7 tradition
// (`amdmm docs gpu`). Build and run on a ROCm GPU:
//   hipcc -O2 -fno-unroll-loops -mllvm -amdgpu-atomic-optimizer-strategy=None
//         --offload-arch=gfx942 THIS.hip -o test && ./test  (one command)
// (no unrolling and no atomic optimizer: each operation of the test stays one
// instruction sequence of its own, as CI checks it)
//   ./test -h            options: iterations, instances per launch, stride,
//                        shared cache lines, stress work-groups, delays
// It prints the histogram of final states (herd's States / Positive /
// Negative format); `amdmm check-observed LOG TEST` compares it with the
// model. Each test thread is one work-item placed as the test says (its own
// work-group and wave); every operation keeps the test's ordering and scope
// (__hip_atomic_* with __HIP_MEMORY_SCOPE_*, __builtin_amdgcn_fence) and is
// preceded by a marker the compiler does not move memory operations across.
"#;

/// The HIP runtime, or (without ROCm) the program's own declarations of
/// it, each once: a program included after [`RUNTIME_DECLS`] (a
/// [`crate::bundle`]) reuses them.
const RUNTIME_INCLUDE: &str = "#if __has_include(<hip/hip_runtime.h>)\n#include <hip/hip_runtime.h>\n#elif !defined(AMDMM_HIP_DECLARED)\n";

/// Without ROCm (CI compiles with `-nogpuinc`): the few declarations of the
/// HIP runtime a program uses, guarded by `AMDMM_HIP_DECLARED` so that a
/// translation unit holding many programs ([`crate::bundle`]) declares them
/// once, at file scope.
pub const RUNTIME_DECLS: &str = r#"// Without ROCm (CI: clang -x hip -nogpuinc): the few declarations the
// program uses, so that both sides parse and the device side compiles.
#define AMDMM_HIP_DECLARED
#define __global__ __attribute__((global))
#define __device__ __attribute__((device))
#define __host__ __attribute__((host))
typedef int hipError_t;
#define hipSuccess 0
#define hipMemcpyHostToDevice 1
#define hipMemcpyDeviceToHost 2
struct dim3 { unsigned x, y, z; dim3(unsigned a = 1, unsigned b = 1, unsigned c = 1) : x(a), y(b), z(c) {} };
struct hipDeviceProp_t { int warpSize; };
typedef void *hipStream_t;
extern "C" {
hipError_t hipMalloc(void **, unsigned long);
hipError_t hipFree(void *);
hipError_t hipMemcpy(void *, const void *, unsigned long, int);
hipError_t hipMemset(void *, int, unsigned long);
hipError_t hipGetDevice(int *);
hipError_t hipGetDeviceProperties(hipDeviceProp_t *, int);
hipError_t hipDeviceSynchronize(void);
const char *hipGetErrorString(hipError_t);
}
hipError_t hipLaunchKernel(const void *, dim3, dim3, void **, unsigned long, hipStream_t);
__device__ static inline void __syncthreads() {
  __builtin_amdgcn_fence(__ATOMIC_RELEASE, "workgroup");
  __builtin_amdgcn_s_barrier();
  __builtin_amdgcn_fence(__ATOMIC_ACQUIRE, "workgroup");
}
"#;

const DEVICE_PRELUDE: &str = r#"
#define AMDMM_GLOBAL __attribute__((address_space(1)))
#define AMDMM_LDS __attribute__((address_space(3)))
#define AMDMM_OP(m) __asm__ __volatile__(m ::: "memory")
// A register the final states do not show: its value is used (an empty
// asm reading it), so the access that produced it stays.
#define AMDMM_KEEP(r) __asm__ __volatile__("" :: "v"(r))
// A generic pointer the compiler cannot see through (an empty asm hands it
// over), so that the access stays a flat instruction, as the test's generic
// access is: without it, address-space inference makes it a global or LDS one.
#define AMDMM_GENERIC(ty, p) ({ ty *g_ = (ty *)(p); __asm__("" : "+v"(g_)); g_; })
#define AMDMM_CUTOFF 1
#define AMDMM_DISCARD 2
// Where the locations go, chosen when compiling (so that the test's code
// has no branch on it): -DAMDMM_STRIDE=BYTES between two locations (default
// 4352 = 17 x 256: other cache lines, and other L2 channels for channel
// interleaves of 256 B to 4 KiB), or -DAMDMM_SHARE_LINES to put an
// instance's locations next to each other (one cache line).
#ifndef AMDMM_STRIDE
#define AMDMM_STRIDE 4352
#endif
#ifdef AMDMM_SHARE_LINES
#define AMDMM_SLOT(k, inst, instances) ((unsigned long long)(inst) * AMDMM_N_GLOBAL + (k))
#else
#define AMDMM_SLOT(k, inst, instances) (((unsigned long long)(k) * (instances) + (inst)) * ((AMDMM_STRIDE + 7) / 8))
#endif
// Global location `k` of instance `inst`.
#define AMDMM_LOC(k) (glob + AMDMM_SLOT(k, inst, prm.instances))

struct AmdmmParams {
  unsigned instances;
  unsigned loop_limit;
  unsigned max_delay;
  unsigned seed;
  unsigned stress_iters;
};

__device__ static inline long long amdmm_w(long long v, unsigned bits) {
  return bits >= 64 ? v : bits == 1 ? (v & 1) : (long long)((unsigned long long)v << (64 - bits)) >> (64 - bits);
}
__device__ static inline unsigned long long amdmm_u(long long v, unsigned bits) {
  return bits >= 64 ? (unsigned long long)v : (unsigned long long)v & ((1ULL << bits) - 1);
}
__device__ static inline unsigned amdmm_hash(unsigned x) {
  x ^= x >> 16; x *= 0x7feb352dU; x ^= x >> 15; x *= 0x846ca68bU; x ^= x >> 16;
  return x;
}
// A random delay before the thread's first operation (-d N): s_sleep only,
// no memory access.
__device__ static inline void amdmm_delay(const AmdmmParams &prm, unsigned inst, unsigned thread) {
  if (prm.max_delay == 0) return;
  unsigned d = amdmm_hash(prm.seed ^ (inst * 64u + thread)) % (prm.max_delay + 1);
  for (unsigned i = 0; i < d; ++i) __builtin_amdgcn_s_sleep(1);
}
__device__ static inline void amdmm_flag(AMDMM_GLOBAL int *flags, unsigned inst, int f) {
  __hip_atomic_fetch_or(&flags[inst], f, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_AGENT);
}
"#;

const KERNEL_HEAD: &str = r#"
__attribute__((shared)) unsigned long long lds[AMDMM_N_LDS];

extern "C" __global__ void amdmm_litmus(AMDMM_GLOBAL unsigned long long *glob,
    AMDMM_GLOBAL long long *obs, AMDMM_GLOBAL int *flags,
    AMDMM_GLOBAL unsigned *stress, AmdmmParams prm) {
  const unsigned block = __builtin_amdgcn_workgroup_id_x();
  const unsigned tid = __builtin_amdgcn_workitem_id_x();
  const unsigned ws = __builtin_amdgcn_wavefrontsize();
  if (block >= prm.instances * AMDMM_N_WGS) {
    // A stress work-group (-s N): loads and stores to its own lines.
    unsigned x = amdmm_hash(prm.seed ^ block ^ (tid << 8));
    for (unsigned i = 0; i < prm.stress_iters; ++i) {
      x = amdmm_hash(x);
      unsigned a = (x >> 4) % 65536u;
      if (x & 1) stress[a] = x; else x += stress[a];
    }
    return;
  }
  const unsigned inst = block / AMDMM_N_WGS;
  const unsigned wg = block % AMDMM_N_WGS;
  const unsigned wave = tid / ws;
  const unsigned lane = tid % ws;
"#;

const HOST_PRELUDE: &str = r#"// ---- host side ----
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <vector>

#define AMDMM_CHECK(e) do { hipError_t err_ = (e); if (err_ != hipSuccess) { \
  fprintf(stderr, "%s: %s\n", #e, hipGetErrorString(err_)); exit(2); } } while (0)

"#;

const HOST_MAIN: &str = r#"static void usage(const char *argv0) {
  printf("usage: %s [-n ITERATIONS] [-i INSTANCES] [-s STRESS_WORKGROUPS]\n"
         "          [-d MAX_DELAY] [--seed N] [--loop-limit N]\n"
         "  -n  total iterations (default 1000000)\n"
         "  -i  test instances per launch, each with fresh locations (default 1024)\n"
         "  -s  stress work-groups per launch (default 0)\n"
         "  -d  random delay before each thread, up to N s_sleep (default 0)\n"
         "  --loop-limit   spins before a loop is cut off (default 100000)\n"
         "compile with -DAMDMM_STRIDE=BYTES (default 4352) or -DAMDMM_SHARE_LINES\n"
         "to place the locations\n", argv0);
}

int main(int argc, char **argv) {
  unsigned long long iterations = 1000000;
  AmdmmParams prm = {1024, 100000, 0, 1, 1000};
  unsigned stress_wgs = 0;
  for (int i = 1; i < argc; ++i) {
    const char *a = argv[i];
    const char *v = i + 1 < argc ? argv[i + 1] : "";
    if (!strcmp(a, "-h") || !strcmp(a, "--help")) { usage(argv[0]); return 0; }
    else if (!strcmp(a, "-n")) { iterations = strtoull(v, 0, 10); ++i; }
    else if (!strcmp(a, "-i")) { prm.instances = (unsigned)strtoul(v, 0, 10); ++i; }
    else if (!strcmp(a, "-s")) { stress_wgs = (unsigned)strtoul(v, 0, 10); ++i; }
    else if (!strcmp(a, "-d")) { prm.max_delay = (unsigned)strtoul(v, 0, 10); ++i; }
    else if (!strcmp(a, "--seed")) { prm.seed = (unsigned)strtoul(v, 0, 10); ++i; }
    else if (!strcmp(a, "--loop-limit")) { prm.loop_limit = (unsigned)strtoul(v, 0, 10); ++i; }
    else { fprintf(stderr, "unknown option %s\n", a); usage(argv[0]); return 2; }
  }
  if (prm.instances == 0) { fprintf(stderr, "-i must be positive\n"); return 2; }
  int device = 0;
  hipDeviceProp_t props;
  AMDMM_CHECK(hipGetDevice(&device));
  AMDMM_CHECK(hipGetDeviceProperties(&props, device));
  const unsigned long long slots = AMDMM_SLOT(AMDMM_N_GLOBAL - 1, prm.instances - 1, prm.instances) + 1;
  std::vector<unsigned long long> glob_host(slots, 0);
  std::vector<long long> obs_host((size_t)prm.instances * AMDMM_N_OBS);
  std::vector<int> flags_host(prm.instances);
  unsigned long long *glob = 0; long long *obs = 0; int *flags = 0; unsigned *stress = 0;
  AMDMM_CHECK(hipMalloc((void **)&glob, slots * sizeof(unsigned long long)));
  AMDMM_CHECK(hipMalloc((void **)&obs, obs_host.size() * sizeof(long long)));
  AMDMM_CHECK(hipMalloc((void **)&flags, flags_host.size() * sizeof(int)));
  AMDMM_CHECK(hipMalloc((void **)&stress, 65536 * sizeof(unsigned)));
  AMDMM_CHECK(hipMemset(stress, 0, 65536 * sizeof(unsigned)));
  std::map<std::vector<long long>, unsigned long long> histogram;
  unsigned long long cutoff = 0, discarded = 0, done = 0;
  for (unsigned long long launch = 0; done < iterations; ++launch) {
    for (unsigned inst = 0; inst < prm.instances; ++inst)
      for (unsigned k = 0; k < AMDMM_N_GLOBAL; ++k) {
        glob_host[AMDMM_SLOT(k, inst, prm.instances)] = (unsigned long long)amdmm_init[k];
      }
    AMDMM_CHECK(hipMemcpy(glob, glob_host.data(), slots * sizeof(unsigned long long), hipMemcpyHostToDevice));
    AMDMM_CHECK(hipMemset(obs, 0, obs_host.size() * sizeof(long long)));
    AMDMM_CHECK(hipMemset(flags, 0, flags_host.size() * sizeof(int)));
    prm.seed = prm.seed * 1103515245u + 12345u;
    void *args[] = {&glob, &obs, &flags, &stress, &prm};
    dim3 grid(prm.instances * AMDMM_N_WGS + stress_wgs);
    dim3 block(AMDMM_WAVES * (unsigned)props.warpSize);
    AMDMM_CHECK(hipLaunchKernel((const void *)amdmm_litmus, grid, block, args, 0, 0));
    AMDMM_CHECK(hipDeviceSynchronize());
    AMDMM_CHECK(hipMemcpy(glob_host.data(), glob, slots * sizeof(unsigned long long), hipMemcpyDeviceToHost));
    AMDMM_CHECK(hipMemcpy(obs_host.data(), obs, obs_host.size() * sizeof(long long), hipMemcpyDeviceToHost));
    AMDMM_CHECK(hipMemcpy(flags_host.data(), flags, flags_host.size() * sizeof(int), hipMemcpyDeviceToHost));
    for (unsigned inst = 0; inst < prm.instances && done < iterations; ++inst, ++done) {
      if (flags_host[inst] & AMDMM_CUTOFF) { ++cutoff; continue; }
      if (flags_host[inst] & AMDMM_DISCARD) { ++discarded; continue; }
      std::vector<long long> state(AMDMM_N_OBS);
      for (unsigned j = 0; j < AMDMM_N_OBS; ++j) {
        int g = amdmm_obs_global[j];
        if (g >= 0) {
          unsigned long long s = AMDMM_SLOT(g, inst, prm.instances);
          state[j] = amdmm_obs_wide[j] ? (long long)glob_host[s] : (long long)(int)glob_host[s];
        } else {
          state[j] = obs_host[(size_t)inst * AMDMM_N_OBS + j];
        }
      }
      ++histogram[state];
    }
  }
  unsigned long long pos = 0, neg = 0;
  printf("Test %s %s\n", AMDMM_TEST, amdmm_kind);
  printf("States %zu\n", histogram.size());
  for (const auto &e : histogram) {
    bool ok = amdmm_holds(e.first.data());
    if (ok) pos += e.second; else neg += e.second;
    printf("%llu%s>", e.second, ok ? "*" : ":");
    for (unsigned j = 0; j < AMDMM_N_OBS; ++j)
      if (amdmm_obs_name[j][0]) printf("%s=%lld; ", amdmm_obs_name[j], e.first[j]);
    printf("\n");
  }
  bool validated = amdmm_quantifier == 0 ? pos > 0 : amdmm_quantifier == 1 ? neg == 0 : pos == 0;
  printf("%s\n", validated ? "Ok" : "No");
  printf("Witnesses\n");
  printf("Positive: %llu, Negative: %llu\n", pos, neg);
  printf("Condition %s is %svalidated\n", amdmm_condition, validated ? "" : "NOT ");
  printf("Observation %s %s %llu %llu\n", AMDMM_TEST,
         pos == 0 ? "Never" : neg == 0 ? "Always" : "Sometimes", pos, neg);
  if (cutoff) printf("Cutoff %llu (iterations whose loops reached --loop-limit; not counted)\n", cutoff);
  if (discarded) printf("Discarded %llu (iterations an assume ruled out; not counted)\n", discarded);
  AMDMM_CHECK(hipFree(glob)); AMDMM_CHECK(hipFree(obs)); AMDMM_CHECK(hipFree(flags)); AMDMM_CHECK(hipFree(stress));
  return 0;
}
"#;
