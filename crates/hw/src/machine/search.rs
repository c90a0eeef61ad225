//! The state-space search: depth-first over every scheduler choice, a set of
//! visited states, and the partial-order reductions of docs/hardware.md
//! ([`Explorer::is_local`], [`Explorer::solo_fetch_step`],
//! [`Explorer::pair_head_is_local`], [`Explorer::last_access_step`], the
//! independent waves of [`super::independence`], and the doomed states of
//! [`super::doomed`]).

use super::code::Micro;
use super::fingerprint::{fingerprint, Seen};
use super::memsys::Geometry;
use super::state::{ChanKind, Req, Stage, State};
use super::Ctx;
use crate::isa::{Family, MInstr};
use amdmm_explore::{FinalState, FlagsOut, ValueOut};
use amdmm_program::{Addr, AddrSpace, Instr, Observable, Operand, Program, ScopeLevel, Value};
use std::collections::HashMap;

/// The locations that at most one memory request of any run can access, and
/// only to read: no instruction of any thread stores to, RMWs, or is a DMA
/// destination of the location (so it keeps its initial value and every
/// cache line of it holds that value), and exactly one load or DMA source
/// may read it, in a thread without a backward branch (so it executes at
/// most once). A computed index counts as every element of its symbol.
/// [`Explorer::solo_fetch_step`] relies on this.
pub(super) fn solo_reads(p: &Program) -> Vec<bool> {
    let n = p.locations.len();
    let mut reads = vec![0u32; n];
    let mut written = vec![false; n];
    let range = |a: &Addr| may_access(p, a);
    for t in &p.threads {
        let looping = t.code.iter().enumerate().any(|(k, i)| match i {
            Instr::Jump { target } => *target as usize <= k,
            Instr::Branch { then_, else_, .. } => *then_ as usize <= k || *else_ as usize <= k,
            _ => false,
        });
        let once = if looping { 2 } else { 1 };
        for i in &t.code {
            let (r, w): (Option<&Addr>, Option<&Addr>) = match i {
                Instr::Load { addr, .. } => (Some(addr), None),
                Instr::Store { addr, .. } => (None, Some(addr)),
                Instr::Rmw { addr, .. } | Instr::CmpXchg { addr, .. } => (Some(addr), Some(addr)),
                Instr::Dma { src, dst, .. } => (Some(src), Some(dst)),
                _ => (None, None),
            };
            for l in r.map(range).into_iter().flatten() {
                reads[l] += once;
            }
            for l in w.map(range).into_iter().flatten() {
                written[l] = true;
            }
        }
    }
    (0..n).map(|l| reads[l] == 1 && !written[l]).collect()
}

/// The locations an access to `a` may touch (a computed index: every
/// element of the symbol; an index out of bounds: none, the access is
/// undefined behaviour).
pub(super) fn may_access(p: &Program, a: &Addr) -> std::ops::Range<usize> {
    let n = p.locations.len();
    let Some(sym) = p.symbols.get(a.symbol as usize) else {
        return 0..0;
    };
    let first = sym.first as usize;
    // A byte-level element is `bytes` one-byte locations; the address
    // reaches its byte `a.byte` (the other bytes of a wider access are the
    // program's next instructions, each with its own address).
    let stride = sym.bytes.unwrap_or(1) as usize;
    match a.index {
        Operand::Const(i) if i >= 0 && (i as u64) < sym.len as u64 => {
            let at = first + i as usize * stride + a.byte as usize;
            at..at + 1
        }
        Operand::Const(_) => 0..0,
        _ => first..(first + sym.len as usize * stride).min(n),
    }
}

/// Per location: do threads of more than one L2 (agent) access it? Only
/// then can the moment a dirty L2 line of it is written back be observed
/// ([`MemSys::housekeeping`]).
pub(super) fn shared_across_l2s(p: &Program, geo: &Geometry) -> Vec<bool> {
    let n = p.locations.len();
    let mut l2: Vec<Option<usize>> = vec![None; n];
    let mut shared = vec![false; n];
    for (ti, t) in p.threads.iter().enumerate() {
        for i in &t.code {
            let addrs: &[&Addr] = match i {
                Instr::Load { addr, .. }
                | Instr::Store { addr, .. }
                | Instr::Rmw { addr, .. }
                | Instr::CmpXchg { addr, .. } => &[addr],
                Instr::Dma { src, dst, .. } => &[src, dst],
                _ => &[],
            };
            for a in addrs {
                for l in may_access(p, a) {
                    match l2[l] {
                        None => l2[l] = Some(geo.l2[ti]),
                        Some(x) if x != geo.l2[ti] => shared[l] = true,
                        Some(_) => {}
                    }
                }
            }
        }
    }
    shared
}

pub(super) struct Explorer<'a, 'b> {
    pub(super) ctx: &'b Ctx<'a>,
    /// Visited states, as 128-bit fingerprints ([`super::fingerprint`]).
    /// The set's iteration order is never used, so the output does not
    /// depend on the hasher.
    pub(super) seen: Seen,
    pub(super) finals: HashMap<FinalState, Vec<String>>,
    pub(super) flags: FlagsOut,
    pub(super) path: Vec<String>,
    /// Set when a limit is reached: the search unwinds.
    pub(super) limit: Option<amdmm_explore::LimitReason>,
    pub(super) started: web_time::Instant,
    /// States where the reduction took a single step.
    pub(super) reduced: usize,
    /// Calls of [`Self::dfs`] (new and already visited states): the clock
    /// is read every [`LIMIT_CHECK_EVERY`] of them.
    pub(super) calls: u64,
}

/// How often (in [`Explorer::dfs`] calls) the time and memory limits are
/// checked. A call costs a few microseconds at most (a fingerprint, or the
/// successors of one state), so the limits are seen within milliseconds;
/// reading the clock and `/proc/self/statm` every call would cost more than
/// the search.
pub(super) const LIMIT_CHECK_EVERY: u64 = 256;

/// The result of trying to issue a wave's next instruction (a transient
/// return value, never stored).
#[allow(clippy::large_enum_variant)]
pub(super) enum Issue {
    Blocked,
    /// The path ends here (assume failed, cutoff, undefined behaviour).
    Dead,
    Next(State, String),
}

impl Explorer<'_, '_> {
    pub(super) fn dfs(&mut self, s: State) {
        if self.limit.is_some() {
            return;
        }
        self.calls += 1;
        // Time and memory, every few hundred calls: `--timeout` must end the
        // search within 10% (+0.5 s) of its bound (issue 24), and the drop
        // of the visited set after it is cheap ([`super::fingerprint`]).
        if self.calls % LIMIT_CHECK_EVERY == 0 && self.check_time_and_memory() {
            return;
        }
        let mut s = s;
        self.normalise(&mut s);
        // Interchangeable waves: one state per arrangement
        // ([`super::symmetry`]); the search goes on from `s` itself.
        let fp = if self.ctx.sym.is_empty() {
            fingerprint(&s)
        } else {
            fingerprint(&self.ctx.sym.canonical(&s))
        };
        if self.seen.contains(&fp) {
            return;
        }
        if self.seen.len() >= self.ctx.opts.max_states {
            self.limit = Some(amdmm_explore::LimitReason::PathLimit(format!(
                "hardware model state limit ({} states)",
                self.ctx.opts.max_states
            )));
            return;
        }
        self.seen.insert(fp);
        // A wave will fail an `assume` on every path from here: no final
        // state is reachable, and every path ends with no outcome and no
        // flag ([`Self::terminal`]; [`super::doomed`]).
        if self.ctx.opts.reduce
            && self
                .ctx
                .doom
                .doomed(self.ctx.p, &self.ctx.code, &s, &self.flags)
        {
            self.reduced += 1;
            return;
        }
        // Nothing the final state shows can change any more, and every
        // continuation reaches it: one continuation is enough, and none
        // when that final state is known already (with its images under
        // the symmetry, which [`Self::terminal`] records with it;
        // [`super::settled`]).
        if self.ctx.opts.reduce && self.ctx.settled.holds(&s) {
            self.reduced += 1;
            let fs = self.final_state(&s);
            if !self.finals.contains_key(&fs) {
                self.run_out(s, fs);
            }
            return;
        }
        let mut succ = self.successors(&s);
        self.fuse_sole_routes(&mut succ);
        if succ.is_empty() {
            self.terminal(&s);
        }
        drop(s);
        for (n, label) in succ {
            self.path.push(label);
            self.dfs(n);
            self.path.pop();
        }
    }

    /// The merges of states that differ only where no step looks (dead
    /// lines and registers, unshared L2 lines, canonical queues), with
    /// the reduction on.
    fn normalise(&self, s: &mut State) {
        if self.ctx.opts.reduce {
            super::dead::drop_dead_lines(s, &self.ctx.live, &self.ctx.geo);
            self.ctx.live_regs.forget_dead(self.ctx.p, s);
            if self.ctx.geo.per_agent_l2 {
                s.mem.fold_unshared_l2(&self.ctx.l2_shared);
            }
            super::canon::canonicalize(s, self.ctx);
        }
    }

    /// Runs settled state `s` ([`super::settled`]) to its end along one
    /// continuation (the first successor of each state) and records the
    /// final state reached, with the whole path as its trace. Every
    /// continuation reaches the same final state, `fs` (what `s` shows
    /// already), so the states on the way are neither stored nor counted.
    /// The run is finite: every step advances a program counter or a
    /// queue, or removes cache contents. Should the run reach another
    /// final state, `fs` is recorded too: a wrong argument then shows as
    /// a final state the search without reduction does not have (the
    /// test `settled_states_keep_every_final_state`), instead of hiding.
    fn run_out(&mut self, s: State, fs: FinalState) {
        let depth = self.path.len();
        let mut s = s;
        while let Some((mut n, label)) = self.successors(&s).into_iter().next() {
            self.normalise(&mut n);
            self.path.push(label);
            s = n;
        }
        self.terminal(&s);
        self.finals.entry(fs).or_insert_with(|| self.path.clone());
        self.path.truncate(depth);
    }

    /// Sets [`Self::limit`] when the time or memory limit is passed.
    pub(super) fn check_time_and_memory(&mut self) -> bool {
        let opts = &self.ctx.opts;
        if let Some(t) = opts.timeout.filter(|t| self.started.elapsed() > *t) {
            self.limit = Some(amdmm_explore::LimitReason::Timeout(amdmm_explore::millis(
                t,
            )));
        } else if let Some(m) = opts
            .max_memory
            .filter(|m| amdmm_explore::resident_mib().is_some_and(|r| r > *m))
        {
            self.limit = Some(amdmm_explore::LimitReason::Memory(m));
        }
        self.limit.is_some()
    }

    /// Records the final state of terminal state `s` and, with
    /// interchangeable waves, of each of its images
    /// ([`super::symmetry::Symmetry::images`]).
    pub(super) fn terminal(&mut self, s: &State) {
        // Only a final state has images worth recording (an image of a
        // blocked or doomed state is one too).
        if self.terminal_one(s) && !self.ctx.sym.is_empty() {
            let path = std::mem::take(&mut self.path);
            for (t, trace) in self.ctx.sym.images(s, &path) {
                self.path = trace;
                self.terminal_one(&t);
            }
            self.path = path;
        }
    }

    /// Records the final state of terminal state `s`; false when `s` is
    /// not final (blocked, or its path ended).
    fn terminal_one(&mut self, s: &State) -> bool {
        let done = s
            .waves
            .iter()
            .all(|w| w.halted && w.vm.is_empty() && w.lds.is_empty())
            && s.chan.iter().chain(&s.chan2).all(|c| c.is_empty())
            && s.pairq.iter().all(|q| q.is_empty());
        if !done || !s.mem.clean_where(&self.ctx.l2_shared) {
            // A wave whose next step ends its path (an `assume` that
            // fails, `ub`, the loop bound) ends it with no outcome: not a
            // deadlock ([`Self::path_ended`]).
            if !self.path_ended(s) {
                // Every wave is blocked: a deadlock (barrier) path.
                self.flags.deadlock = true;
            }
            return false;
        }
        let fs = self.final_state(s);
        self.finals.entry(fs).or_insert_with(|| self.path.clone());
        true
    }

    /// What the final state of `s` shows: the shown registers and
    /// locations and whether the condition holds. For a state that is not
    /// final, what it would show if the run ended here (for a settled
    /// state, what every continuation shows: [`super::settled`]).
    pub(super) fn final_state(&self, s: &State) -> FinalState {
        // Dirty L2 lines left are of locations one L2 alone accesses, whose
        // write-backs are taken here ([`MemSys::housekeeping`]).
        let mut mem = s.mem.clone();
        for a in 0..self.ctx.geo.n_l2 {
            mem.write_back(a, true);
        }
        let p = self.ctx.p;
        // One location's final value (an LDS one in work-group `wg`'s LDS).
        let cell = |loc: u32, wg: Option<u32>| -> Value {
            match p.locations.get(loc as usize).map(|l| l.space) {
                Some(AddrSpace::Lds) => {
                    let wgi = wg
                        .and_then(|w| {
                            let mut wgs: Vec<u32> = p
                                .threads
                                .iter()
                                .map(|t| t.placement.instance(ScopeLevel::Workgroup))
                                .collect();
                            wgs.sort_unstable();
                            wgs.dedup();
                            wgs.binary_search(&w).ok()
                        })
                        .unwrap_or(0);
                    mem.lds_value(wgi, loc, self.ctx.n_locs)
                }
                _ => mem.final_value(loc),
            }
        };
        let value = |o: &Observable| -> Value {
            match o {
                Observable::Reg { thread, reg } => s
                    .waves
                    .get(*thread as usize)
                    .and_then(|w| w.regs.get(*reg as usize).copied())
                    .unwrap_or(Value::Undef),
                // A byte-level element is composed of its bytes, as the
                // memory model shows it (docs/semantics.md, "Byte-level
                // accesses").
                Observable::Mem { loc, wg } => {
                    let cells = amdmm_explore::observed_cells(p, *loc);
                    if cells.len() == 1 {
                        cell(*loc, *wg)
                    } else {
                        amdmm_explore::compose_bytes(cells.map(|l| cell(l, *wg)))
                    }
                }
            }
        };
        let shown = p.shown_observables();
        let values: Vec<ValueOut> = shown
            .iter()
            .map(|o| match o {
                // As the memory model prints it (item 1 of issue 29): a
                // register no executed instruction wrote is `unwritten`,
                // a read's `undef` stays `undef`.
                Observable::Reg { thread, reg }
                    if s.waves
                        .get(*thread as usize)
                        .is_some_and(|w| !super::state::written(w, *reg)) =>
                {
                    ValueOut::Undef(amdmm_explore::UndefTag::Unwritten)
                }
                _ => ValueOut::shown(p, o, value(o)),
            })
            .collect();
        let satisfies = amdmm_explore::condition::holds(&p.condition.cond, &value);
        FinalState {
            values,
            satisfies,
            flags: FlagsOut::default(),
        }
    }

    /// Does some wave's next step end the path ([`Issue::Dead`]): an
    /// `llvm.assume` whose condition is false, `ub`, or the loop bound? The
    /// memory model discards such an execution ("Discarded: N executions by
    /// llvm.assume"; docs/semantics.md, "When no execution is left": an
    /// execution an `assume` discards is not complete, and is not
    /// deadlocked), so a path stuck only behind it is no deadlock. Whether
    /// a step ends the path depends only on the wave's own program counter
    /// and registers (an operand still pending blocks the step instead), so
    /// trying it again here gives the answer the search got, and raises no
    /// flag it did not raise already.
    fn path_ended(&mut self, s: &State) -> bool {
        (0..s.waves.len()).any(|w| !s.waves[w].halted && matches!(self.issue(s, w), Issue::Dead))
    }

    pub(super) fn successors(&mut self, s: &State) -> Vec<(State, String)> {
        let mut out = Vec::new();
        let names: Vec<&str> = self.ctx.p.threads.iter().map(|t| t.name.as_str()).collect();
        // Partial-order reduction (an ample set of one step): a wave's next
        // instruction that only touches the wave itself is taken alone.
        if self.ctx.opts.reduce {
            for (w, name) in names.iter().enumerate() {
                if s.waves[w].halted || !self.is_local(s, w) {
                    continue;
                }
                let next = self.issue_at_l1(s, w, name);
                if !next.is_empty() {
                    self.reduced += 1;
                    return next;
                }
            }
            if let Some(step) = self.solo_fetch_step(s) {
                self.reduced += 1;
                return vec![step];
            }
            if let Some(step) = self.unobserved_hop(s) {
                self.reduced += 1;
                return vec![step];
            }
            if let Some(step) = self.sole_route_step(s) {
                self.reduced += 1;
                return vec![step];
            }
            if let Some(steps) = self.last_access_step(s) {
                self.reduced += 1;
                return steps;
            }
            for q in 0..s.pairq.len() {
                if self.pair_head_is_local(s, q) {
                    let next: Vec<_> = [false, true]
                        .into_iter()
                        .filter_map(|evict| self.pair_step(s, q, evict))
                        .collect();
                    if !next.is_empty() {
                        self.reduced += 1;
                        return next;
                    }
                }
            }
        }
        // The unit of each successor (a wave, or a location's unit for
        // cache housekeeping), for [`super::independence`].
        let mut unit: Vec<usize> = Vec::new();
        for (w, name) in names.iter().enumerate() {
            if s.waves[w].halted {
                continue;
            }
            out.extend(self.issue_at_l1(s, w, name));
            unit.resize(out.len(), w);
        }
        // A `buffer_wbl2` whose earlier requests have completed is processed
        // (every other request reached the L1 when it was issued).
        for (w, name) in names.iter().enumerate() {
            for evict in [false, true] {
                if let Some((n, l)) = self.l1_step(s, w, evict) {
                    out.push((n, format!("{name}: L1 {l}")));
                    unit.push(w);
                }
            }
        }
        // A request reaches the L2.
        for cu in 0..s.chan.len() {
            for i in 0..s.chan[cu].len() {
                for evict in [false, true] {
                    if let Some((n, l)) = self.l2_step(s, cu, i, evict) {
                        out.push((n, l));
                        unit.push(s.chan[cu][i].wave as usize);
                    }
                }
            }
        }
        for sa in 0..s.chan2.len() {
            for i in 0..s.chan2[sa].len() {
                if let Some((n, l)) = self.l2_step_sa(s, sa, i) {
                    out.push((n, l));
                    unit.push(s.chan2[sa][i].wave as usize);
                }
            }
        }
        // GFX12.5: the head of a SIMD32-pair queue reaches the WGP$ or LDS.
        for q in 0..s.pairq.len() {
            for evict in [false, true] {
                if let Some(step) = self.pair_step(s, q, evict) {
                    out.push(step);
                    unit.push(s.pairq[q][0].wave as usize);
                }
            }
        }
        for (w, name) in names.iter().enumerate() {
            // GFX12.5: LDS requests are taken from the pair queues.
            if !s.waves[w].lds.is_empty() && self.ctx.geo.pairq.is_empty() {
                let (n, l) = self.perform_lds(s, w);
                out.push((n, format!("{name}: perform {l}")));
                unit.push(w);
            }
        }
        // Cache housekeeping.
        for (mem, l, loc) in s.mem.housekeeping(&self.ctx.geo, &self.ctx.l2_shared) {
            let mut n = s.clone();
            n.mem = mem;
            out.push((n, l));
            unit.push(self.ctx.foot.loc_unit(loc));
        }
        if self.ctx.opts.reduce {
            self.one_group(s, &mut out, &unit);
        }
        out
    }

    /// Partial-order reduction by independent components
    /// ([`super::independence`]): keeps the successors of the group of
    /// units with the fewest, when the successors belong to more than one.
    fn one_group(&mut self, s: &State, out: &mut Vec<(State, String)>, unit: &[usize]) {
        if out.len() < 2 {
            return;
        }
        // One wave whose current steps nothing else will touch.
        let foot = &self.ctx.foot;
        let now = foot.now(s);
        let housekept: Vec<bool> = if self.ctx.geo.per_agent_l2 {
            self.ctx.l2_shared.clone()
        } else {
            vec![false; self.ctx.l2_shared.len()]
        };
        let mut best: Option<(usize, usize)> = None;
        for u in 0..s.waves.len() {
            let c = unit.iter().filter(|&&x| x == u).count();
            if c == 0 || c == out.len() || best.is_some_and(|(b, _)| b <= c) {
                continue;
            }
            if foot.alone(&now, u, &housekept) {
                best = Some((c, u));
            }
        }
        if let Some((_, u)) = best {
            let mut k = 0;
            out.retain(|_| {
                k += 1;
                unit[k - 1] == u
            });
            self.reduced += 1;
            return;
        }
        let group = foot.groups(s);
        let of = |k: usize| group[unit[k]];
        let first = of(0);
        if (1..out.len()).all(|k| of(k) == first) {
            return;
        }
        // Successors per group, in order of first appearance.
        let mut counts: Vec<(usize, usize)> = Vec::new();
        for k in 0..out.len() {
            match counts.iter_mut().find(|(g, _)| *g == of(k)) {
                Some((_, c)) => *c += 1,
                None => counts.push((of(k), 1)),
            }
        }
        let Some(&(keep, _)) = counts.iter().min_by_key(|(_, c)| *c) else {
            return;
        };
        let mut k = 0;
        out.retain(|_| {
            let g = of(k);
            k += 1;
            g == keep
        });
        self.reduced += 1;
    }

    /// Is the issue of wave `wi`'s next instruction *independent* of every
    /// step of the other waves, caches and queues, so that exploring it alone
    /// (an ample set of size one) keeps every final state?
    ///
    /// Such a step reads and writes only the wave's own program counter,
    /// registers and the tail of its own queues: register arithmetic and
    /// control flow; an `s_waitcnt` (once enabled it stays enabled, since the
    /// other steps only shorten queues); a vector-memory, LDS or
    /// `buffer_wbl2` request, which is appended to the wave's own queue (the
    /// L1/L2/LDS steps take requests from the head, so the two commute).
    /// Such a step cannot be disabled by another step (its register operands
    /// are no longer pending, and only the wave itself makes them pending).
    /// Invalidates, barriers and the end of a wave touch shared state and are
    /// interleaved in full. The state graph is acyclic (every step advances
    /// a program counter or a queue, or removes cache contents), so no cycle
    /// proviso is needed.
    pub(super) fn is_local(&self, s: &State, wi: usize) -> bool {
        let w = &s.waves[wi];
        // The end of a wave (`halt`, or the end of its code) releases its
        // work-group's barrier and, when the code uses it, counts down its
        // cluster barrier ([`super::barriers::wave_ended`]): a step of its
        // own when no other wave is in its work-group and no cluster barrier
        // is used (it then writes only the wave and its work-group's barrier
        // state, which no other wave reads). So it is when no wave of its
        // work-group has a barrier operation: the work-group's barrier is
        // then never arrived at (`release_barrier` changes nothing), and no
        // other step reads the wave's `halted` (the final state only needs
        // every wave ended, and the end stays enabled until taken).
        //
        // Also when the work-group has barrier operations, provided the wave has not arrived at the
        // work-group barrier (`barrier` is `None`): "When a thread ends, it
        // automatically *drops* this barrier *object* if it had previously
        // *joined* it" (execution-synchronization.txt, "s_barrier GFX6-11"
        // and table "s_barrier GFX12"), so the end lowers the expected
        // count by one ([`super::wave::release_barrier`]). With `c`
        // arrivals of the `S - k` waves that have not ended, and neither
        // this wave nor an arriving one among them, `c <= S - k - 2`: an
        // arrival and the end complete the phase in either order exactly
        // when `c + 1 >= S - k - 1`, the arrival sees the same count (its
        // `isfirst`), and the phase cannot complete before the end (this
        // wave has not arrived), so no wait the end enables can run
        // before it, and a wait of an earlier phase only reads a phase
        // number the end can only raise. Named barriers are not dropped at
        // the end. A wave that arrived and ends without waiting is left
        // interleaved: its end could complete the phase before another
        // wave's arrival (which then opens the next phase) or after it.
        let g = self.ctx.wg[wi];
        let ends_alone =
            (self.ctx.wg_size[g] == 1 || !self.ctx.wg_barrier[g] || w.barrier.is_none())
                && s.cluster.is_empty();
        let Some(m) = self.ctx.code[wi].micro.get(w.pc as usize) else {
            return ends_alone;
        };
        // GFX12.5: a vector-memory, LDS or `global_wb` request is appended to
        // the wave's SIMD32-pair queue ([`Self::pair_step`] takes the head):
        // independent of the rest when no other wave shares the queue (two
        // waves appending to one queue do not commute).
        let geo = &self.ctx.geo;
        if let Some(&q) = geo.pairq.get(wi) {
            if let Micro::M {
                instr: MInstr::Mem(_) | MInstr::GlobalWb(_),
                ..
            } = m
            {
                return !geo
                    .pairq
                    .iter()
                    .enumerate()
                    .any(|(j, &p)| j != wi && p == q);
            }
        }
        match m {
            Micro::Ir(k) => match &self.ctx.p.threads[wi].code[*k] {
                Instr::Halt => ends_alone,
                Instr::Move { dst, .. }
                | Instr::Bin { dst, .. }
                | Instr::Cmp { dst, .. }
                | Instr::Select { dst, .. } => !w.pending.contains(dst),
                _ => true,
            },
            // A DS request goes to the wave's own LDS queue.
            Micro::M {
                instr: MInstr::Mem(op),
                ..
            } if op.family == Family::Ds => true,
            // A vector-memory request is processed by the CU's L1 when it is
            // issued: independent of the rest only when no other wave uses
            // that L1 and none of the wave's own loads is on its way back
            // (its refill of the L1 depends on the writes queued behind it).
            // A fetch of a solo location ([`solo_reads`]) does not count:
            // no write to its location can be queued, and its refill fills
            // a line that no other request (so not the one issued) reads.
            Micro::M {
                instr: MInstr::Mem(_),
                ..
            } => {
                let cu = self.ctx.geo.cu[wi];
                let alone = self
                    .ctx
                    .geo
                    .cu
                    .iter()
                    .enumerate()
                    .all(|(j, &c)| j == wi || c != cu);
                let fetching = s.chan.iter().chain(&s.chan2).flatten().any(|r| {
                    r.wave as usize == wi
                        && matches!(r.kind, ChanKind::Fetch { .. })
                        && !self.solo(r.loc)
                });
                // A fetch on its way back only refills the L1, which
                // matters only if a later load of the wave may hit it
                // ([`super::dead`]: when none may, the L1 is emptied in
                // every state, so the two orders reach one state).
                alone && (!fetching || !self.ctx.live.l1_at(wi, w.pc))
            }
            // A GFX12.5 `global_wb` marks the writes in flight from the
            // wave's WGP$ (`before_wb`), which only a `global_wb` of that
            // WGP$ already pending depends on.
            Micro::M {
                instr: MInstr::GlobalWb(_),
                ..
            } => {
                let cu = self.ctx.geo.cu[wi];
                !s.waves.iter().enumerate().any(|(j, v)| {
                    self.ctx.geo.cu[j] == cu
                        && v.vm.iter().any(|e| matches!(e.req, Req::GlobalWb { .. }))
                })
            }
            Micro::M { instr, .. } => matches!(
                instr,
                MInstr::Waitcnt { .. }
                    | MInstr::WaitcntVscnt(_)
                    | MInstr::Wait(..)
                    | MInstr::BufferWbl2 { .. }
            ),
        }
    }

    /// Is global location `loc` read by at most one request of any run and
    /// never written ([`solo_reads`])?
    pub(super) fn solo(&self, loc: u32) -> bool {
        self.ctx.solo.get(loc as usize).copied().unwrap_or(false)
    }

    /// Partial-order reduction, second rule: a fetch (load or LDS DMA) of a
    /// *solo* location ([`solo_reads`]: never written, and this fetch is the
    /// only request of the run that accesses it) that waits in a CU's queue
    /// in front of a second level (GFX10+: the GL1 / L1 buffer) passes that
    /// level alone, as an ample set of one step.
    ///
    /// Why it is sound: the step misses the second level (only this fetch
    /// could have filled a line of the location, and it has not been
    /// performed yet), so it changes nothing but the request's queue: it
    /// leaves the CU's queue for the shader array's queue, writing no
    /// register, LDS, cache line or memory (invisible to the final state).
    /// No other step reads where the request is: the per-address order of
    /// the queues only concerns requests to the same location (there are
    /// none), the refill checks look for writes to it (there are none),
    /// `global_wb` marks only writes, `is_local`'s in-flight test sees the
    /// fetch in either queue, and the final state needs both queues empty.
    /// So the step commutes with every other step and is never disabled by
    /// one (on GFX12.5, where the CU's queue is in order, it is only taken
    /// at the head, where it stays enabled; taking it can only enable the
    /// requests behind it). The state graph is acyclic, so no cycle proviso
    /// is needed. Only the GL1 stage is taken this way: the stage that
    /// performs the fetch writes its destination and is interleaved in full.
    /// This turns the three positions of an in-flight fetch (CU queue, SA
    /// queue, done) into two, e.g. 3^10 into 2^10 for the ten DMA copies of
    /// `Async+seed.uneven-blocks`.
    pub(super) fn solo_fetch_step(&self, s: &State) -> Option<(State, String)> {
        let geo = &self.ctx.geo;
        if !geo.gl1 {
            return None;
        }
        for (cu, q) in s.chan.iter().enumerate() {
            for (i, r) in q.iter().enumerate() {
                let ChanKind::Fetch { gl1_ok, .. } = r.kind else {
                    continue;
                };
                let sa = geo.sa[r.wave as usize];
                if !self.solo(r.loc) || (gl1_ok && s.mem.gl1_peek(sa, r.loc).is_some()) {
                    continue;
                }
                if let Some(step) = self.l2_step(s, cu, i, false) {
                    return Some(step);
                }
            }
        }
        None
    }
}

/// Per wave and global location: the last position of the wave's code
/// (an index of its micro code) that may access it: a memory instruction
/// of the machine code of a program instruction that may access it, or
/// that program instruction itself (`usize::MAX` when the wave has a
/// backward branch or a compare-and-swap loop: any instruction may run
/// again), `None` when no instruction of the wave accesses it.
/// [`Explorer::last_access_step`] relies on this.
pub(super) fn last_access(p: &Program, code: &[super::code::Code]) -> Vec<Vec<Option<usize>>> {
    let n = p.locations.len();
    p.threads
        .iter()
        .zip(code)
        .map(|(t, c)| {
            let looping = super::code::loops(c, t);
            let mut last = vec![None; n];
            for (pos, m) in c.micro.iter().enumerate() {
                let k = match m {
                    Micro::Ir(k)
                    | Micro::M {
                        instr: MInstr::Mem(_),
                        ir: k,
                    } => *k,
                    Micro::M { .. } => continue,
                };
                let Some(i) = t.code.get(k) else { continue };
                let addrs: &[&Addr] = match i {
                    Instr::Load { addr, .. }
                    | Instr::Store { addr, .. }
                    | Instr::Rmw { addr, .. }
                    | Instr::CmpXchg { addr, .. } => &[addr],
                    Instr::Dma { src, dst, .. } => &[src, dst],
                    _ => &[],
                };
                for a in addrs {
                    for l in may_access(p, a) {
                        last[l] = Some(if looping { usize::MAX } else { pos });
                    }
                }
            }
            last
        })
        .collect()
}

impl Explorer<'_, '_> {
    /// Partial-order reduction, fourth rule: the *last access* to a
    /// location. A request of a CU's queue (GFX10-GFX11: or a shader
    /// array's) is performed alone, as an ample set of one step (with its
    /// evict-first variant), when nothing else will ever touch its
    /// location: no other request to it is queued anywhere, no wave (its
    /// own included) has an instruction left that may access it, and no
    /// cache housekeeping step can touch its line.
    ///
    /// Why it is sound (the ample-set condition: every step that can run
    /// before it is independent of it, and none disables it): the step
    /// reads and writes the location's L2 line and memory, its GL1 and L1
    /// lines (a refill), the request's queue (it removes its entry; other
    /// entries only wait for entries to the *same* address) and its wave
    /// (the destination register, the request's completion). Other steps
    /// touching the location's lines are excluded by the three conditions;
    /// the wave's own later steps either do not read the destination (an
    /// instruction reading it is blocked until the step) or commute with it
    /// (a counter wait it enables stays enabled; the wave's code is
    /// loop-free, so no later instruction writes the destination again).
    /// The step is never disabled: only a request to the same address
    /// queued before it could, and there is none. GFX12.5 (in-order
    /// SIMD32-pair and WGP$ queues, `global_wb` marks) is left out, as are
    /// LDS DMA (it writes the LDS) and byte-level locations (their
    /// requests share a channel with the other bytes of the element). The
    /// state graph is acyclic, so no cycle proviso is needed.
    pub(super) fn last_access_step(&self, s: &State) -> Option<Vec<(State, String)>> {
        let geo = &self.ctx.geo;
        if !geo.pairq.is_empty() || geo.fifo_l0_queue {
            return None;
        }
        let queues = s.chan.iter().chain(&s.chan2);
        let n_chan = s.chan.len();
        for (q, reqs) in queues.enumerate() {
            for (i, r) in reqs.iter().enumerate() {
                if matches!(
                    r.kind,
                    ChanKind::Fetch {
                        to: super::state::FetchTo::Lds(_),
                        ..
                    }
                ) || !self.last_access_to(s, r.wave as usize, r.loc)
                {
                    continue;
                }
                let steps: Vec<(State, String)> = if q < n_chan {
                    [false, true]
                        .into_iter()
                        .filter_map(|evict| self.l2_step(s, q, i, evict))
                        .collect()
                } else {
                    self.l2_step_sa(s, q - n_chan, i).into_iter().collect()
                };
                if !steps.is_empty() {
                    return Some(steps);
                }
            }
        }
        None
    }

    /// Is the request of wave `owner` to `loc` the last access to it
    /// ([`Self::last_access_step`])?
    fn last_access_to(&self, s: &State, owner: usize, loc: u32) -> bool {
        let ctx = self.ctx;
        let l = loc as usize;
        let Some(place) = ctx.p.locations.get(l) else {
            return false;
        };
        if place.byte.is_some() || (ctx.geo.per_agent_l2 && ctx.l2_shared[l]) {
            return false;
        }
        if ctx.last_access[owner]
            .iter()
            .any(|a| a == &Some(usize::MAX))
        {
            return false;
        }
        let queued = s
            .chan
            .iter()
            .chain(&s.chan2)
            .flatten()
            .filter(|r| r.loc == loc)
            .count();
        if queued != 1 {
            return false;
        }
        s.waves.iter().enumerate().all(|(wi, w)| {
            // Requests issued and not yet at a CU's queue.
            let waiting = w.vm.iter().any(|e| e.stage == Stage::Queued);
            !waiting
                && match ctx.last_access[wi][l] {
                    Some(last) => w.halted || last < w.pc as usize,
                    None => true,
                }
        })
    }
}
