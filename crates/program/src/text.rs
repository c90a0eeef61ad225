//! One instruction as a person reads it, in the litmus format's LLVM IR
//! spelling with the thread's register names: what a hardware trace prints
//! for a step of register arithmetic, a branch's condition or an
//! instruction without machine code (`%r2 = add i32 %r1, 1`;
//! `$t3 = lshr i64 $t2, 32` for the registers of llc's code run end to
//! end).

use crate::program::*;

impl Program {
    /// `i`, an instruction of thread `thread`, as text.
    pub fn instr_text(&self, thread: usize, i: &Instr) -> String {
        let t = &self.threads[thread];
        let reg = |r: RegId| {
            t.regs
                .get(r as usize)
                .cloned()
                .unwrap_or_else(|| format!("%{r}"))
        };
        let op = |o: Operand| match o {
            Operand::Reg(r) => reg(r),
            Operand::Const(c) => constant(c),
            Operand::Undef => "undef".to_string(),
        };
        let at = |a: &Addr| {
            let s = self
                .symbols
                .get(a.symbol as usize)
                .map_or("?", |s| s.name.as_str());
            match (a.index, a.byte) {
                (Operand::Const(0), 0) => format!("@{s}"),
                (ix, 0) => format!("@{s}[{}]", op(ix)),
                (ix, b) => format!("@{s}[{}] byte {b}", op(ix)),
            }
        };
        let ordered = |a: &MemAttrs| match a.ordering {
            Ordering::NotAtomic => String::new(),
            o => format!(" {}", o.name()),
        };
        let function = |f: u32| self.functions.get(f as usize).map_or("?", |f| &f.name);
        let barrier = |b: u32| self.barriers.get(b as usize).map_or("?", |b| &b.name);
        match *i {
            Instr::Load {
                dst,
                ty,
                ref addr,
                ref attrs,
                ..
            } => format!(
                "{} = load{} {}, {}",
                reg(dst),
                ordered(attrs),
                ty.name(),
                at(addr)
            ),
            Instr::Store {
                ty,
                value,
                ref addr,
                ref attrs,
                ..
            } => format!(
                "store{} {} {}, {}",
                ordered(attrs),
                ty.name(),
                op(value),
                at(addr)
            ),
            Instr::Rmw {
                dst,
                ty,
                op: rmw,
                ref addr,
                value,
                ref attrs,
            } => format!(
                "{} = atomicrmw {} {}, {} {}{}",
                reg(dst),
                rmw.name(),
                at(addr),
                ty.name(),
                op(value),
                ordered(attrs)
            ),
            Instr::CmpXchg {
                dst_old,
                dst_ok,
                ty,
                ref addr,
                expected,
                new,
                ref attrs,
                ..
            } => format!(
                "{}, {} = cmpxchg {}, {t} {}, {t} {}{}",
                reg(dst_old),
                reg(dst_ok),
                at(addr),
                op(expected),
                op(new),
                ordered(attrs),
                t = ty.name()
            ),
            Instr::Fence { ref attrs } => format!("fence{}", ordered(attrs)),
            Instr::Move { dst, src } => format!("{} = {}", reg(dst), op(src)),
            Instr::Bin {
                dst,
                ty,
                op: BinOp::Conv { op: conv, from },
                a,
                ..
            } => format!(
                "{} = {} {} {} to {}",
                reg(dst),
                conv.name(),
                from.name(),
                op(a),
                ty.name()
            ),
            // One operand: `b` is unused.
            Instr::Bin {
                dst,
                ty,
                op:
                    BinOp::FMath(
                        f @ (FMathOp::Sqrt
                        | FMathOp::Floor
                        | FMathOp::Ceil
                        | FMathOp::Trunc
                        | FMathOp::Rint
                        | FMathOp::Round),
                    ),
                a,
                ..
            } => format!("{} = {} {} {}", reg(dst), f.name(), ty.name(), op(a)),
            Instr::Bin {
                dst,
                ty,
                op: o,
                a,
                b,
            } => {
                format!(
                    "{} = {} {} {}, {}",
                    reg(dst),
                    o.name(),
                    ty.name(),
                    op(a),
                    op(b)
                )
            }
            Instr::Cmp {
                dst,
                ty,
                op: c,
                a,
                b,
            } => format!(
                "{} = {} {} {} {}, {}",
                reg(dst),
                if matches!(c, CmpOp::F(_)) {
                    "fcmp"
                } else {
                    "icmp"
                },
                c.name(),
                ty.name(),
                op(a),
                op(b)
            ),
            Instr::Select { dst, cond, a, b } => {
                format!("{} = select {}, {}, {}", reg(dst), op(cond), op(a), op(b))
            }
            Instr::Jump { .. } => "br".to_string(),
            Instr::Branch { cond, .. } => format!("br {}", op(cond)),
            Instr::Assume { cond } => format!("assume {}", op(cond)),
            Instr::CallEnter { func } => format!("call @{}", function(func)),
            Instr::CallExit { func } => format!("ret from @{}", function(func)),
            Instr::Dma {
                ref src,
                ref dst,
                size,
                ..
            } => format!("dma {} bytes {} -> {}", size, at(src), at(dst)),
            Instr::AsyncMark => "asyncmark".to_string(),
            Instr::WaitAsyncMark { outstanding } => format!("wait.asyncmark {outstanding}"),
            Instr::Hw(h) => match h {
                HwBarrier::Barrier => "s.barrier".to_string(),
                HwBarrier::Signal(id) => format!("s.barrier.signal {}", op(id)),
                HwBarrier::SignalIsFirst(id) => format!("s.barrier.signal.isfirst {}", op(id)),
                HwBarrier::SignalIsFirstTo { id, dst } => {
                    format!("{} = s.barrier.signal.isfirst {}", reg(dst), op(id))
                }
                HwBarrier::SignalVar(b, n) => {
                    format!("s.barrier.signal.var {}, {}", op(b), op(n))
                }
                HwBarrier::Wait(id) => format!("s.barrier.wait {}", op(id)),
                HwBarrier::Init(b, n) => format!("s.barrier.init {}, {}", op(b), op(n)),
                HwBarrier::Join(b) => format!("s.barrier.join {}", op(b)),
                HwBarrier::Leave => "s.barrier.leave".to_string(),
            },
            Instr::Barrier(b) => match b {
                BarrierOp::Init { barrier: x, count } => {
                    format!("barrier.init {}, {}", barrier(x), op(count))
                }
                BarrierOp::Join { barrier: x } => format!("barrier.join {}", barrier(x)),
                BarrierOp::Drop { barrier: x } => format!("barrier.drop {}", barrier(x)),
                BarrierOp::Arrive {
                    barrier: x,
                    new_count,
                } => match new_count {
                    Some(n) => format!("barrier.arrive {}, {}", barrier(x), op(n)),
                    None => format!("barrier.arrive {}", barrier(x)),
                },
                BarrierOp::Wait { barrier: x } => format!("barrier.wait {}", barrier(x)),
            },
            Instr::Halt => "halt".to_string(),
        }
    }
}

/// A constant as an assembly listing shows it: decimal up to 32 bits'
/// signed range, hexadecimal beyond (masks and addresses: `0xffffffff`,
/// `0x100000000000`).
fn constant(c: i64) -> String {
    if (i32::MIN as i64..=i32::MAX as i64).contains(&c) {
        c.to_string()
    } else if c < 0 {
        format!("-{:#x}", c.unsigned_abs())
    } else {
        format!("{c:#x}")
    }
}

#[cfg(test)]
mod tests {
    /// Each instruction of a thread as the test writes it (up to the
    /// litmus format's optional parts: alignment, `ptr`).
    #[test]
    fn instructions_read_as_the_test_writes_them() {
        let p = crate::load(
            "AMDGPU T\n{\n  global x = 0;\n  global a[2] = {0, 0};\n}\n\n\
thread P0 @ wg 0 {\n\
  %r0 = load atomic i32, ptr @x syncscope(\"agent\") acquire, align 4\n\
  %c0 = icmp ult i32 %r0, 100000\n\
  %s0 = select i1 %c0, i32 %r0, i32 -70000\n\
  %m0 = and i32 %s0, 4294967295\n\
  store i32 %m0, ptr @x\n\
  %o = atomicrmw add ptr @a[%r0], i32 1 monotonic\n\
  fence release\n\
}\n\nexists (true)\n",
        )
        .unwrap();
        let t = &p.threads[0];
        let text: Vec<String> = t.code.iter().map(|i| p.instr_text(0, i)).collect();
        for line in [
            "%r0 = load acquire i32, @x",
            "%c0 = icmp ult i32 %r0, 100000",
            "%s0 = select %c0, %r0, -70000",
            "store i32 %m0, @x",
            "%o = atomicrmw add @a[%r0], i32 1 monotonic",
            "fence release",
            "halt",
        ] {
            assert!(text.iter().any(|l| l == line), "no `{line}` in {text:#?}");
        }
        assert!(
            text.iter()
                .any(|l| l.starts_with("%m0 = and i32 %s0, ") && !l.contains('{')),
            "{text:#?}"
        );
    }
}
