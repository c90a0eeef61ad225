//! The wave's instruction semantics: register arithmetic and control flow,
//! the counter waits, cache invalidates, barriers, and the issue of memory
//! requests into the wave's queues (what happens to them afterwards is in
//! [`super::queues`] and, per generation, [`super::memsys`]).

use super::barriers::wave_ended;
use super::code::Micro;
use super::search::{Explorer, Issue};
use super::state::{
    push_reported, push_vm, set, unreported, vm_cnt, PairReq, Req, State, Wave, ASYNCCNT, LOADCNT,
    STORECNT,
};
use super::Ctx;
use crate::isa::{Counter, Family, MInstr, MemKind, MemOp};
use amdmm_explore::symbolic;
use amdmm_program::{Addr, AddrSpace, Instr, Operand, RegId, RmwOp, Ty, Value};

impl Explorer<'_, '_> {
    pub(super) fn operand(w: &Wave, o: Operand) -> Option<Value> {
        match o {
            Operand::Const(c) => Some(Value::Int(c)),
            Operand::Undef => Some(Value::Undef),
            Operand::Reg(r) => {
                if w.pending.contains(&r) {
                    None
                } else {
                    Some(w.regs.get(r as usize).copied().unwrap_or(Value::Undef))
                }
            }
        }
    }

    /// Resolves an address to a location index (`None`: operand pending;
    /// `Some(Err)`: out of bounds or undef index). Element `i` of a
    /// byte-level symbol is `bytes` one-byte locations, and the address
    /// reaches its byte `a.byte` (0 for a whole location), as in the memory
    /// model.
    pub(super) fn loc(&self, w: &Wave, a: &Addr) -> Option<Result<u32, ()>> {
        let sym = self.ctx.p.symbols.get(a.symbol as usize)?;
        let i = Self::operand(w, a.index)?;
        let stride = sym.bytes.unwrap_or(1);
        Some(match i {
            Value::Int(i) if i >= 0 && (i as u64) < sym.len as u64 => {
                Ok(sym.first + i as u32 * stride + a.byte)
            }
            _ => Err(()),
        })
    }

    /// The program instructions of the access at `ir`: `ir .. ir + width`,
    /// `width` > 1 for a byte-level load or store, performed as one
    /// instruction of that width (docs/semantics.md, "Byte-level
    /// accesses"; [`amdmm_program::Program::byte_access`]).
    pub(super) fn access_width(&self, wi: usize, ir: usize) -> u8 {
        let p = self.ctx.p;
        p.byte_access(&p.threads[wi], ir)
            .map_or(1, |b| b.len.min(8) as u8)
    }

    /// The (destination register, location) of each byte of a load request:
    /// byte `k` is location `loc + k`, loaded into the destination of the
    /// program's one-byte load `ir + k` (one part for a whole location).
    pub(super) fn load_parts(
        &self,
        wi: usize,
        dst: RegId,
        loc: u32,
        ir: u32,
        width: u8,
    ) -> Vec<(RegId, u32)> {
        let code = &self.ctx.p.threads[wi].code;
        (0..width as u32)
            .map(|k| match code.get((ir + k) as usize) {
                Some(Instr::Load { dst: d, .. }) if k > 0 => (*d, loc + k),
                _ => (dst, loc + k),
            })
            .collect()
    }

    /// A request's location(s) for a trace: `x`, or `x+0..x+3` for a
    /// byte-level access of four bytes.
    pub(super) fn locs_name(&self, loc: u32, width: u8, op: MemOp) -> String {
        let first = self.loc_name(loc, op);
        if width <= 1 {
            return first;
        }
        let p = self.ctx.p;
        let last = &p.locations[((loc + width as u32 - 1) % self.ctx.n_locs.max(1)) as usize];
        format!("{first}..{}", last.name)
    }

    pub(super) fn issue(&mut self, s: &State, wi: usize) -> Issue {
        let ctx = self.ctx;
        let w = &s.waves[wi];
        let code = &ctx.code[wi];
        let pc = w.pc as usize;
        let thread = &ctx.p.threads[wi];
        let Some(m) = code.micro.get(pc) else {
            let mut n = s.clone();
            n.waves[wi].halted = true;
            wave_ended(&mut n, ctx, wi);
            return Issue::Next(n, "end".into());
        };
        let mut n = s.clone();
        match m.clone() {
            Micro::Ir(k) => {
                let instr = &thread.code[k];
                let nw = &mut n.waves[wi];
                let next = code.start[k + 1] as u32;
                match instr {
                    Instr::Move { dst, src } => {
                        let Some(v) = Self::operand(w, *src) else {
                            return Issue::Blocked;
                        };
                        set(nw, *dst, v);
                        nw.pc = next;
                    }
                    Instr::Bin { dst, ty, op, a, b } => {
                        let (Some(x), Some(y)) = (Self::operand(w, *a), Self::operand(w, *b))
                        else {
                            return Issue::Blocked;
                        };
                        set(nw, *dst, symbolic::bin(*op, *ty, x, y));
                        nw.pc = next;
                    }
                    Instr::Cmp { dst, ty, op, a, b } => {
                        let (Some(x), Some(y)) = (Self::operand(w, *a), Self::operand(w, *b))
                        else {
                            return Issue::Blocked;
                        };
                        set(nw, *dst, symbolic::cmp(*op, *ty, x, y));
                        nw.pc = next;
                    }
                    Instr::Select { dst, cond, a, b } => {
                        let (Some(c), Some(x), Some(y)) = (
                            Self::operand(w, *cond),
                            Self::operand(w, *a),
                            Self::operand(w, *b),
                        ) else {
                            return Issue::Blocked;
                        };
                        let v = match c {
                            Value::Int(0) => y,
                            Value::Int(_) => x,
                            Value::Undef => Value::Undef,
                        };
                        set(nw, *dst, v);
                        nw.pc = next;
                    }
                    Instr::Jump { target } => {
                        return self.jump(n, wi, k, *target as usize, "br");
                    }
                    Instr::Branch { cond, then_, else_ } => {
                        let Some(c) = Self::operand(w, *cond) else {
                            return Issue::Blocked;
                        };
                        let t = match c {
                            Value::Int(0) => *else_,
                            Value::Int(_) => *then_,
                            Value::Undef => {
                                self.flags.ub = true;
                                return Issue::Dead;
                            }
                        };
                        return self.jump(n, wi, k, t as usize, "br");
                    }
                    Instr::Assume { cond } => {
                        let Some(c) = Self::operand(w, *cond) else {
                            return Issue::Blocked;
                        };
                        match c {
                            Value::Int(0) => return Issue::Dead,
                            Value::Int(_) => nw.pc = next,
                            Value::Undef => {
                                self.flags.ub = true;
                                return Issue::Dead;
                            }
                        }
                    }
                    Instr::Halt => {
                        nw.halted = true;
                        wave_ended(&mut n, ctx, wi);
                        return Issue::Next(n, "halt".into());
                    }
                    _ => nw.pc = next,
                }
                Issue::Next(n, ctx.p.instr_text(wi, instr))
            }
            Micro::M { instr, ir } => self.issue_machine(n, wi, instr, ir),
        }
    }

    pub(super) fn jump(
        &mut self,
        mut n: State,
        wi: usize,
        from: usize,
        to: usize,
        what: &str,
    ) -> Issue {
        let code = &self.ctx.code[wi];
        let nw = &mut n.waves[wi];
        if to <= from {
            nw.back_edges += 1;
            if nw.back_edges > self.ctx.opts.loop_bound {
                self.flags.cutoff = true;
                return Issue::Dead;
            }
        }
        nw.pc = code.start.get(to).copied().unwrap_or(code.micro.len()) as u32;
        Issue::Next(n, format!("{what} -> {to}"))
    }

    pub(super) fn issue_machine(
        &mut self,
        mut n: State,
        wi: usize,
        instr: MInstr,
        ir: usize,
    ) -> Issue {
        let ctx = self.ctx;
        let w = &n.waves[wi];
        match instr {
            // "s_waitcnt vmcnt(0) ... ensures a previous vector memory
            // operation has completed": completion is reported in order
            // (per counter, [`unreported`]).
            // `expcnt` counts exports, LDS-direct loads and (GFX6) the
            // reading of a store's data registers, steps that end before
            // the access is performed: satisfied at once
            // ([`Counter::orders_memory`], docs/llc.md, "Counters that
            // order no memory operation").
            MInstr::Waitcnt { vm, lgkm, .. }
                if vm.is_some_and(|k| unreported(w, LOADCNT) > k as usize)
                    || lgkm.is_some_and(|k| w.lds.len() > k as usize) =>
            {
                return Issue::Blocked;
            }
            MInstr::Waitcnt { .. } => {}
            // GFX10-GFX11 `s_waitcnt_vscnt null, N`: stores and atomics
            // without return.
            MInstr::WaitcntVscnt(k) if unreported(w, STORECNT) > k as usize => {
                return Issue::Blocked;
            }
            MInstr::WaitcntVscnt(_) => {}
            // GFX12: "Completion of a vector memory operation is reported to
            // a wavefront in-order within a type, but may be out of order
            // between types" ("Memory Model GFX12", en 8164, zh 13128);
            // GFX12.5: "Within a wavefront, vector memory operation completion
            // (`s_wait_*cnt` decrement) is reported in order of issue within a
            // type, but in no particular order between types" (en 10360).
            // `s_wait_<type>cnt N` waits until at most N of that type are
            // unreported. `samplecnt`, `bvhcnt` and `kmcnt` count nothing a
            // test issues; `xcnt` (address translation, GFX12.5) and
            // `expcnt` (exports) count steps that end before an access is
            // performed, which the machine takes at issue: both are zero
            // ([`Counter::orders_memory`]).
            MInstr::Wait(c, k) => {
                let open = match c {
                    Counter::Load => unreported(w, LOADCNT),
                    Counter::Store => unreported(w, STORECNT),
                    Counter::Async => unreported(w, ASYNCCNT),
                    Counter::Ds => w.lds.len(),
                    Counter::Km | Counter::Sample | Counter::Bvh | Counter::Exp | Counter::X => 0,
                };
                if open > k as usize {
                    return Issue::Blocked;
                }
            }
            // GFX12, GFX12.5: "The invalidation requests cannot be reordered
            // with pending or upcoming memory operations" (GFX12 en 8200,
            // zh 13162; GFX125x en 10424): performed when issued, in order
            // (like `buffer_gl0_inv`). GFX12.5 reports its completion with
            // `s_wait_loadcnt`; performing it at issue makes that wait
            // redundant for the model (docs/hardware.md, GFX12.5).
            MInstr::GlobalInv(_) => {
                let cu = ctx.geo.cu[wi];
                let sa = ctx.geo.sa[wi];
                let agent = ctx.geo.l2[wi];
                n.mem.invalidate(&ctx.geo, instr, cu, sa, agent);
            }
            MInstr::GlobalWb(s) => self.global_wb(&mut n, wi, s),
            MInstr::BufferWbinvl1Vol
            | MInstr::BufferWbinvl1
            | MInstr::BufferInv { .. }
            | MInstr::BufferInvl2
            | MInstr::BufferGl0Inv
            | MInstr::BufferGl1Inv => {
                let cu = ctx.geo.cu[wi];
                let sa = ctx.geo.sa[wi];
                let agent = ctx.geo.l2[wi];
                n.mem.invalidate(&ctx.geo, instr, cu, sa, agent);
            }
            MInstr::BufferWbl2 { sc0, sc1 } => {
                let system = ctx.geo.fam.wbl2_is_system(sc0, sc1);
                push_vm(&mut n.waves[wi], Req::Wb { system }, LOADCNT);
            }
            MInstr::SBarrier
            | MInstr::SBarrierSignal(-1)
            | MInstr::SBarrierSignalIsFirst(-1)
            | MInstr::SBarrierWait(-1) => {
                let g = ctx.wg[wi];
                let arrive = !matches!(instr, MInstr::SBarrierWait(_));
                let wait = matches!(instr, MInstr::SBarrier | MInstr::SBarrierWait(_));
                if arrive && n.waves[wi].barrier.is_none() {
                    let first = n.bars[g].0 == 0;
                    self.set_is_first(&mut n, wi, ir, first);
                }
                let nw = &mut n.waves[wi];
                match nw.barrier {
                    None if arrive => {
                        let phase = n.bars[g].1;
                        n.bars[g].0 += 1;
                        release_barrier(&mut n, ctx, g);
                        let nw = &mut n.waves[wi];
                        if wait {
                            nw.barrier = Some(phase);
                            return Issue::Next(n, "s_barrier (arrive)".into());
                        }
                        nw.barrier = Some(phase);
                    }
                    Some(p) if wait => {
                        if n.bars[g].1 <= p {
                            return Issue::Blocked;
                        }
                        nw.barrier = None;
                    }
                    None => {
                        // A wait without a prior arrive: nothing to wait for.
                    }
                    Some(_) => {}
                }
            }
            MInstr::SBarrierSignal(id) | MInstr::SBarrierSignalIsFirst(id) if id >= 0 => {
                let blocked = self.named_arrive(&mut n, wi, ir, id as u8).is_err();
                if blocked {
                    return Issue::Blocked;
                }
            }
            MInstr::SBarrierWait(id) if id >= 0 => {
                let blocked = self.named_wait(&mut n, wi, id as u8).is_err();
                if blocked {
                    return Issue::Blocked;
                }
            }
            MInstr::SBarrierInit(id) => {
                let blocked = self.named_init(&mut n, wi, ir, id as u8).is_err();
                if blocked {
                    return Issue::Blocked;
                }
            }
            // "*join* - ``0``, ``[1, 16]`` | ``s_barrier_join <N>``": allows
            // the wave to wait on barrier N; the named barriers are
            // barrier-mutually-exclusive ("All barrier *objects* in this
            // range are *barrier-mutually-exclusive* with other barriers in
            // ``[0, 16]``"), so the join replaces the wave's previous one
            // (table "s_barrier IDs GFX12").
            MInstr::SBarrierJoin(id) => n.waves[wi].join = Some((id as u8, true)),
            MInstr::SBarrierLeave => self.named_leave(&mut n, wi),
            MInstr::SBarrierSignal(-3) | MInstr::SBarrierSignalIsFirst(-3) => {
                self.cluster_arrive(&mut n, wi, ir)
            }
            MInstr::SBarrierWait(-3) if !self.cluster_wait(&mut n, wi) => return Issue::Blocked,
            MInstr::SBarrierWait(-3) => {}
            MInstr::Mem(op) => return self.issue_access(n, wi, op, ir),
            MInstr::CasLoopBack => return self.cas_loop_back(n, wi, ir),
            MInstr::CasLoopHead => {}
            // Other generations' instructions never reach a modelled target.
            _ => {}
        }
        n.waves[wi].pc += 1;
        Issue::Next(n, instr.to_string())
    }

    pub(super) fn issue_access(&mut self, mut n: State, wi: usize, op: MemOp, ir: usize) -> Issue {
        let thread = &self.ctx.p.threads[wi];
        let w = n.waves[wi].clone();
        let wg = self.ctx.wg[wi];
        let lds_loc = |l: u32| wg as u32 * self.ctx.n_locs + l;
        // A partword loop's scratch register, forgotten once its
        // compare-and-swap issues (so that states after it do not differ
        // by it).
        let mut forget = None;
        let req = match &thread.code[ir] {
            Instr::Load { dst, addr, .. } => {
                let Some(l) = self.loc(&w, addr) else {
                    return Issue::Blocked;
                };
                let Ok(loc) = l else {
                    self.flags.ub = true;
                    return Issue::Dead;
                };
                Req::Load {
                    dst: *dst,
                    loc,
                    op,
                    ir: ir as u32,
                    width: self.access_width(wi, ir),
                }
            }
            Instr::Store {
                ty, value, addr, ..
            } => {
                let Some(l) = self.loc(&w, addr) else {
                    return Issue::Blocked;
                };
                let width = self.access_width(wi, ir);
                let v = if width > 1 {
                    // The bytes the program's one-byte stores write (their
                    // values are computed before the first:
                    // `Program::byte_access`), composed little-endian.
                    let code = &thread.code[ir..ir + width as usize];
                    let mut bytes = Vec::with_capacity(code.len());
                    for i in code {
                        let Instr::Store { ty, value, .. } = i else {
                            return Issue::Dead;
                        };
                        let Some(b) = Self::operand(&w, *value) else {
                            return Issue::Blocked;
                        };
                        bytes.push(symbolic::stored(*ty, b));
                    }
                    amdmm_explore::compose_bytes(bytes.into_iter())
                } else {
                    let Some(v) = Self::operand(&w, *value) else {
                        return Issue::Blocked;
                    };
                    // Truncated to the access width, as the explorer does.
                    symbolic::stored(*ty, v)
                };
                let Ok(loc) = l else {
                    self.flags.ub = true;
                    return Issue::Dead;
                };
                Req::Store {
                    loc,
                    val: v,
                    op,
                    width,
                }
            }
            Instr::Rmw {
                dst,
                ty,
                op: rmw,
                addr,
                value,
                ..
            } => {
                let Some(l) = self.loc(&w, addr) else {
                    return Issue::Blocked;
                };
                if op.kind == MemKind::Load && !self.in_cas_loop(wi, ir) {
                    // `--code llc`: an idempotent RMW that llc lowered to a
                    // load (AtomicExpand's `simplifyIdempotentRMW`, docs/llc.md,
                    // "Idempotent RMWs"): the loaded value is the RMW's
                    // result, and memory keeps the value it would rewrite.
                    let Ok(loc) = l else {
                        self.flags.ub = true;
                        return Issue::Dead;
                    };
                    Req::Load {
                        dst: *dst,
                        loc,
                        op,
                        ir: ir as u32,
                        width: 1,
                    }
                } else if op.kind == MemKind::Load || op.kind == MemKind::CmpSwap {
                    let Ok(loc) = l else {
                        self.flags.ub = true;
                        return Issue::Dead;
                    };
                    let Some(v) = Self::operand(&w, *value) else {
                        return Issue::Blocked;
                    };
                    match self.cas_step(&w, wi, ir, op, loc, *rmw, *ty, v) {
                        Some(req) => req,
                        None => return Issue::Blocked,
                    }
                } else {
                    let Some(v) = Self::operand(&w, *value) else {
                        return Issue::Blocked;
                    };
                    let Ok(loc) = l else {
                        self.flags.ub = true;
                        return Issue::Dead;
                    };
                    Req::Rmw {
                        dst: Some(*dst),
                        ok: None,
                        loc,
                        ir: ir as u32,
                        a: v,
                        b: Value::Undef,
                        op,
                    }
                }
            }
            Instr::CmpXchg {
                dst_old,
                dst_ok,
                ty,
                addr,
                expected,
                new,
                ..
            } => {
                let Some(l) = self.loc(&w, addr) else {
                    return Issue::Blocked;
                };
                if op.kind == MemKind::Load {
                    // `--code llc`: the load of the containing word before
                    // AtomicExpand's partword compare-and-swap loop of an
                    // `i8` / `i16` cmpxchg (docs/llc.md, "Partword
                    // compare-and-swap loops"); its value gives the word's
                    // other bytes only, which no access of the test writes,
                    // so it goes to the loop's scratch register.
                    let Ok(loc) = l else {
                        self.flags.ub = true;
                        return Issue::Dead;
                    };
                    Req::Load {
                        dst: self.cas_regs(wi).0,
                        loc,
                        op,
                        ir: ir as u32,
                        width: 1,
                    }
                } else {
                    let (Some(e), Some(nv)) =
                        (Self::operand(&w, *expected), Self::operand(&w, *new))
                    else {
                        return Issue::Blocked;
                    };
                    forget = Some(self.cas_regs(wi).0);
                    // Compared and written at the access width, as the explorer
                    // does (its comparison is unsigned at the width).
                    let (e, nv) = (symbolic::stored(*ty, e), symbolic::stored(*ty, nv));
                    let Ok(loc) = l else {
                        self.flags.ub = true;
                        return Issue::Dead;
                    };
                    Req::Rmw {
                        dst: Some(*dst_old),
                        ok: Some(*dst_ok),
                        loc,
                        ir: ir as u32,
                        a: e,
                        b: nv,
                        op,
                    }
                }
            }
            Instr::Dma { size, .. } => {
                // A `dwordx3` / `dwordx4` copy (its width spans several
                // elements) copies the elements of the program's following
                // `part`s too: one request, one counter slot
                // ([`crate::lower::wide_dma_elements`]).
                let n = (op.bits / (size * 8).max(1)).max(1) as usize;
                let mut copies = Vec::with_capacity(n);
                for i in &thread.code[ir..(ir + n).min(thread.code.len())] {
                    let Instr::Dma { src, dst, .. } = i else {
                        break;
                    };
                    let (Some(s), Some(d)) = (self.loc(&w, src), self.loc(&w, dst)) else {
                        return Issue::Blocked;
                    };
                    let (Ok(s), Ok(d)) = (s, d) else {
                        self.flags.ub = true;
                        return Issue::Dead;
                    };
                    copies.push((s, lds_loc(d)));
                }
                Req::Dma { copies, op }
            }
            _ => {
                n.waves[wi].pc += 1;
                return Issue::Next(n, op.to_string());
            }
        };
        let nw = &mut n.waves[wi];
        let mut label = op.to_string();
        match &req {
            Req::Load {
                dst,
                loc,
                ir,
                width,
                ..
            } => {
                let parts = self.load_parts(wi, *dst, *loc, *ir, *width);
                nw.pending.extend(parts.iter().map(|&(d, _)| d));
                label.push_str(&format!(" {}", self.locs_name(*loc, *width, op)));
            }
            Req::Rmw { dst, ok, loc, .. } => {
                nw.pending.extend(dst.iter().chain(ok.iter()).copied());
                label.push_str(&format!(" {}", self.loc_name(*loc, op)));
            }
            Req::Store {
                loc, val, width, ..
            } => label.push_str(&format!(" {}={val}", self.locs_name(*loc, *width, op))),
            _ => {}
        }
        if self.to_lds(op, &req) {
            let req = match req {
                Req::Load {
                    dst,
                    loc,
                    op,
                    ir,
                    width,
                } => Req::Load {
                    dst,
                    loc: lds_loc(loc),
                    op,
                    ir,
                    width,
                },
                Req::Store {
                    loc,
                    val,
                    op,
                    width,
                } => Req::Store {
                    loc: lds_loc(loc),
                    val,
                    op,
                    width,
                },
                Req::Rmw {
                    dst,
                    ok,
                    loc,
                    ir,
                    a,
                    b,
                    op,
                } => Req::Rmw {
                    dst,
                    ok,
                    loc: lds_loc(loc),
                    ir,
                    a,
                    b,
                    op,
                },
                r => r,
            };
            if let Some(c) = op.vm_counter(self.ctx.geo.gen) {
                // A `flat_*` access to LDS is counted on the vector-memory
                // counter too (`MemOp::vm_counter`).
                push_reported(nw, vm_cnt(c), req.clone());
            }
            nw.lds.push(req);
            if let Some(&q) = self.ctx.geo.pairq.get(wi) {
                n.pairq[q].push(PairReq {
                    wave: wi as u32,
                    id: None,
                });
            }
        } else {
            // `vmcnt` / `loadcnt`, GFX10-GFX11 `vscnt` and GFX12+ `storecnt`
            // for stores and atomics without return, GFX12.5 `asynccnt` for
            // LDS DMA: `MemOp::vm_counter`, which the async marks of the
            // lowering count with too.
            let cnt = vm_cnt(op.vm_counter(self.ctx.geo.gen).unwrap_or(Counter::Load));
            let id = nw.next_id;
            push_vm(nw, req, cnt);
            if let Some(&q) = self.ctx.geo.pairq.get(wi) {
                n.pairq[q].push(PairReq {
                    wave: wi as u32,
                    id: Some(id),
                });
            }
        }
        let nw = &mut n.waves[wi];
        if let Some(r) = forget.filter(|r| !nw.pending.contains(r)) {
            set(nw, r, Value::Undef);
        }
        nw.pc += 1;
        Issue::Next(n, label)
    }

    /// The two registers of wave `wi`'s compare-and-swap loop
    /// ([`crate::lower::cas_loop`]), past the program's own: the value the
    /// loop expects (the first load's, then each failed compare-and-swap's
    /// old value) and the compare-and-swap's success.
    pub(super) fn cas_regs(&self, wi: usize) -> (RegId, RegId) {
        let n = self.ctx.p.threads[wi].regs.len() as RegId;
        (n, n + 1)
    }

    /// Is the code of wave `wi`'s operation `ir` a compare-and-swap loop
    /// (it has a [`MInstr::CasLoopHead`])?
    fn in_cas_loop(&self, wi: usize, ir: usize) -> bool {
        self.ctx.code[wi]
            .micro
            .iter()
            .any(|m| matches!(m, Micro::M { instr: MInstr::CasLoopHead, ir: i } if *i == ir))
    }

    /// The request of a step of a compare-and-swap loop for the RMW at
    /// `ir` (`None`: the expected value is not loaded yet). The loop's
    /// load (`op` a load) reads the location into the expected-value
    /// register. Its compare-and-swap (`op` a `cmpswap`) compares with that
    /// value and writes `rmw` applied to it and the RMW's operand `v`, as
    /// AtomicExpand's `%new = some_op iN %loaded, %incr`; its old value
    /// becomes the next expected value and its success decides
    /// [`MInstr::CasLoopBack`]. Compared and written at the access width,
    /// as a `cmpxchg` is.
    #[allow(clippy::too_many_arguments)]
    fn cas_step(
        &self,
        w: &Wave,
        wi: usize,
        ir: usize,
        op: MemOp,
        loc: u32,
        rmw: RmwOp,
        ty: Ty,
        v: Value,
    ) -> Option<Req> {
        let (expected, ok) = self.cas_regs(wi);
        if op.kind == MemKind::Load {
            return Some(Req::Load {
                dst: expected,
                loc,
                op,
                ir: ir as u32,
                width: 1,
            });
        }
        let old = symbolic::stored(ty, Self::operand(w, Operand::Reg(expected))?);
        let new = symbolic::stored(ty, symbolic::rmw(rmw, ty, old, v));
        Some(Req::Rmw {
            dst: Some(expected),
            ok: Some(ok),
            loc,
            ir: ir as u32,
            a: old,
            b: new,
            op,
        })
    }

    /// [`MInstr::CasLoopBack`]: once the loop's compare-and-swap has
    /// succeeded, the RMW's result is the value it replaced (AtomicExpand:
    /// "AI->replaceAllUsesWith(Loaded)", the loop's last `%newloaded`) and
    /// the wave leaves the loop; otherwise back to [`MInstr::CasLoopHead`]
    /// (a back edge: beyond `--loop-bound` the execution is cut off, as a
    /// program loop's).
    pub(super) fn cas_loop_back(&mut self, mut n: State, wi: usize, ir: usize) -> Issue {
        let (expected, ok) = self.cas_regs(wi);
        let w = &n.waves[wi];
        let (Some(success), Some(old)) = (
            Self::operand(w, Operand::Reg(ok)),
            Self::operand(w, Operand::Reg(expected)),
        ) else {
            return Issue::Blocked;
        };
        let nw = &mut n.waves[wi];
        if success == Value::Int(1) {
            if let Some(Instr::Rmw { dst, .. }) = self.ctx.p.threads[wi].code.get(ir) {
                set(nw, *dst, old);
            }
            // Forgotten, so that states after the loop do not differ by it.
            set(nw, expected, Value::Undef);
            set(nw, ok, Value::Undef);
            nw.pc += 1;
            return Issue::Next(n, "cmpxchg loop: succeeded".into());
        }
        nw.back_edges += 1;
        if nw.back_edges > self.ctx.opts.loop_bound {
            self.flags.cutoff = true;
            return Issue::Dead;
        }
        let code = &self.ctx.code[wi];
        let head = code.micro[..nw.pc as usize]
            .iter()
            .rposition(|m| matches!(m, Micro::M { instr: MInstr::CasLoopHead, ir: i } if *i == ir));
        match head {
            Some(h) => nw.pc = h as u32,
            None => return Issue::Dead,
        }
        Issue::Next(n, "cmpxchg loop: failed, retry".into())
    }

    /// Does the access go to the LDS? A `ds_*` access does; so does a
    /// `flat_*` one whose location is in LDS: AMDGPUUsage, "Memory Model":
    /// "`ds/flat_load/store/atomic` instructions to local memory are termed
    /// LDS operations", and the generic rows wait for them with `lgkmcnt`
    /// ("s_waitcnt lgkmcnt(0) must happen after any preceding local/generic
    /// load atomic"). It is counted on the vector-memory counter as well
    /// ([`push_reported`]; docs/hardware.md, "Generic (flat) accesses").
    fn to_lds(&self, op: MemOp, req: &Req) -> bool {
        match op.family {
            Family::Ds => true,
            Family::Flat => match req {
                Req::Load { loc, .. } | Req::Store { loc, .. } | Req::Rmw { loc, .. } => {
                    self.is_lds_loc(*loc)
                }
                _ => false,
            },
            _ => false,
        }
    }

    fn is_lds_loc(&self, loc: u32) -> bool {
        let p = self.ctx.p;
        p.locations[(loc % self.ctx.n_locs.max(1)) as usize].space == AddrSpace::Lds
    }

    pub(super) fn loc_name(&self, loc: u32, op: MemOp) -> String {
        let p = self.ctx.p;
        let l = &p.locations[(loc % self.ctx.n_locs.max(1)) as usize];
        if op.family == Family::Ds || (op.family == Family::Flat && l.space == AddrSpace::Lds) {
            format!("{} (lds)", l.name)
        } else {
            l.name.clone()
        }
    }
}

/// The value an RMW writes (`None`: a failed compare-and-swap writes
/// nothing). `cas`: the request is a compare-and-swap (it has a success
/// register), a `cmpxchg` or the compare-and-swap of an RMW's loop
/// ([`Explorer::cas_step`]), which compares with `a` and writes `b`.
pub(super) fn rmw_new(instr: &Instr, cas: bool, old: Value, a: Value, b: Value) -> Option<Value> {
    if cas {
        return cas_succeeds(old, a).then_some(b);
    }
    match instr {
        Instr::Rmw { op, ty, .. } => Some(symbolic::rmw(*op, *ty, old, a)),
        _ => None,
    }
}

/// Does a compare-and-swap that finds `old` where it expects `a` succeed?
pub(super) fn cas_succeeds(old: Value, a: Value) -> bool {
    old == a && old != Value::Undef
}

/// Completes the workgroup barrier's phase when every wave of the
/// workgroup that has not ended has arrived. execution-synchronization.txt,
/// "s_barrier GFX6-11": "When a thread ends, it automatically *drops* this
/// barrier *object* if it had previously *joined* it."
pub(super) fn release_barrier(n: &mut State, ctx: &Ctx, g: usize) {
    let ended = n
        .waves
        .iter()
        .enumerate()
        .filter(|(i, w)| ctx.wg[*i] == g && w.halted)
        .count() as u32;
    let expected = ctx.wg_size[g].saturating_sub(ended);
    if n.bars[g].0 > 0 && n.bars[g].0 >= expected {
        n.bars[g] = (0, n.bars[g].1 + 1);
    }
}
