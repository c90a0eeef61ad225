//! GFX12.5's named barriers (1-16, the NULL barrier 0) and the cluster
//! barrier `-3`, as execution-synchronization.txt describes them ("Execution
//! Model"; tables "s_barrier GFX12" and "s_barrier IDs GFX12"). The
//! work-group barrier `-1` (and GFX6-GFX11's `s_barrier`) is in
//! [`super::wave`]. What the text leaves open, and the choices made, are in
//! docs/hardware.md, "Named and cluster barriers (GFX12.5)".

use super::search::Explorer;
use super::state::{set, BarObj, State};
use super::Ctx;
use amdmm_program::{HwBarrier, Instr, Value};

/// The instruction cannot be issued yet (an operand is pending, or the
/// phase it waits for has not completed).
pub(super) struct Blocked;

impl Explorer<'_, '_> {
    /// The count operand of the program's barrier call at `ir`
    /// (`s.barrier.init`, `s.barrier.signal.var`), if it has one; blocked
    /// while its register is pending.
    fn barrier_count(&self, n: &State, wi: usize, ir: usize) -> Result<Option<Value>, Blocked> {
        let count = match self.ctx.p.threads[wi].code.get(ir) {
            Some(Instr::Hw(HwBarrier::Init(_, c) | HwBarrier::SignalVar(_, c))) => *c,
            _ => return Ok(None),
        };
        match Self::operand(&n.waves[wi], count) {
            Some(v) => Ok(Some(v)),
            None => Err(Blocked),
        }
    }

    /// `s_barrier_signal_isfirst`: "The ``_isfirst`` variant sets ``SCC=1``
    /// if this wave is the first to signal the barrier, otherwise
    /// ``SCC=0``" (table "s_barrier GFX12", arrive): the program's result
    /// register gets 1 exactly when no arrive precedes this one in the
    /// phase.
    pub(super) fn set_is_first(&self, n: &mut State, wi: usize, ir: usize, first: bool) {
        if let Some(Instr::Hw(HwBarrier::SignalIsFirstTo { dst, .. })) =
            self.ctx.p.threads[wi].code.get(ir)
        {
            set(&mut n.waves[wi], *dst, Value::Int(first as i64));
        }
    }

    /// `s_barrier_init N` (N in 1-16): "Sets the *expected count* of the
    /// *barrier object* to *k*. Resets the *arrive count* of the *barrier
    /// object* to zero." ("Execution Model", Barrier *init*); "The value to
    /// set as the *expected count* of the barrier is stored in the upper half
    /// of ``m0``" (the call's count operand). On the NULL barrier 0 it is a
    /// no-op ("all operations other than barrier *join* are no-ops"). The
    /// arrives of the phase in progress are discarded: their waits never
    /// complete (docs/semantics.md, "Building barrier-modification-order in
    /// time"). A count that is not positive is undefined ("Barrier *init*
    /// takes an additional unsigned positive integer argument *k*"): the
    /// path is flagged and the init has no effect, as in the memory model.
    pub(super) fn named_init(
        &mut self,
        n: &mut State,
        wi: usize,
        ir: usize,
        id: u8,
    ) -> Result<(), Blocked> {
        let k = self.barrier_count(n, wi, ir)?;
        if id == 0 {
            return Ok(());
        }
        let k = match k {
            Some(Value::Int(k)) if k > 0 => k as u32,
            _ => {
                self.flags.ub = true;
                return Ok(());
            }
        };
        let b = named(n, self.ctx, wi, id);
        if b.arrived > 0 {
            b.dead.push(b.phase);
            b.phase += 1;
        }
        b.expected = Some(k);
        b.arrived = 0;
        Ok(())
    }

    /// `s_barrier_signal N` / `s_barrier_signal_isfirst N` on a named
    /// barrier: Barrier *arrive* "Increments the *arrive count* of the
    /// barrier *object* by one" on barrier N itself (the arrive row takes
    /// its operand; only *wait* is redirected to the last joined barrier).
    /// `s.barrier.signal.var(N, k)`: "if there is a non-zero value contained
    /// in the bits ``[22:16]`` of ``m0``, the *expected count* of the barrier
    /// *object* is set to that value before the *arrive count* of the barrier
    /// *object* is incremented" (a count not above the arrive count is
    /// undefined, "Execution Model", Barrier *arrive*). "This is a no-op on
    /// the *NULL named barrier object*". An arrive on a barrier never
    /// initialised counts but can never complete a phase (its expected count
    /// is unknown), as in the memory model.
    pub(super) fn named_arrive(
        &mut self,
        n: &mut State,
        wi: usize,
        ir: usize,
        id: u8,
    ) -> Result<(), Blocked> {
        let k = self.barrier_count(n, wi, ir)?;
        if id == 0 {
            return Ok(());
        }
        let first = named(n, self.ctx, wi, id).arrived == 0;
        self.set_is_first(n, wi, ir, first);
        let b = named(n, self.ctx, wi, id);
        match k {
            Some(Value::Int(0)) | None => {}
            Some(Value::Int(k)) if k > 0 => {
                if k <= b.arrived as i64 {
                    self.flags.ub = true;
                }
                b.expected = Some(k as u32);
            }
            Some(_) => {
                self.flags.ub = true;
                return Ok(());
            }
        }
        let phase = b.phase;
        b.arrived += 1;
        b.complete_if_equal();
        n.waves[wi].named_arrive = Some((id, phase));
        Ok(())
    }

    /// `s_barrier_wait N` (N in 0-16): "For *named barrier objects*, this
    /// instruction always waits on the last *named barrier object* that the
    /// thread has *joined*, even if it is different from the *barrier
    /// object* passed to the instruction", and "This is a no-op on the
    /// *NULL named barrier object*" (table "s_barrier GFX12", wait). The wave
    /// waits until the phase of its own arrive on that barrier completes.
    /// A wave that has not arrived on it since its last wait there does not
    /// wait (the memory model flags such a wait undefined, "wait-join-order",
    /// or lets it take any completed phase; the wave's arrive is what the
    /// hardware waits for).
    pub(super) fn named_wait(&mut self, n: &mut State, wi: usize, id: u8) -> Result<(), Blocked> {
        let target = n.waves[wi].join.map_or(id, |j| j.0);
        if target == 0 {
            return Ok(());
        }
        match n.waves[wi].named_arrive {
            Some((b, p)) if b == target => {
                if !named(n, self.ctx, wi, b).completed(p) {
                    return Err(Blocked);
                }
                n.waves[wi].named_arrive = None;
                Ok(())
            }
            _ => Ok(()),
        }
    }

    /// `s_barrier_leave`: "It can only be used to *drop* a barrier *object*
    /// ``BO`` if ``BO`` was previously *joined* using ``s_barrier_join``.
    /// *Drops* the barrier *object* ``BO`` if and only if there is a barrier
    /// *join* ``J`` such that ``J`` is *barrier-joined-before* this barrier
    /// *drop* operation." Barrier *drop* "Decrements *expected count* of the
    /// barrier *object* by one"; a drop that makes the counts equal completes
    /// the phase. A drop below zero is undefined ("``D`` cannot cause the
    /// *expected count* of ``BO`` to become negative"): flagged, no effect.
    pub(super) fn named_leave(&mut self, n: &mut State, wi: usize) {
        let Some((id, true)) = n.waves[wi].join else {
            return;
        };
        n.waves[wi].join = Some((id, false));
        if id == 0 {
            return;
        }
        let b = named(n, self.ctx, wi, id);
        match b.expected {
            None => {}
            Some(0) => self.flags.ub = true,
            Some(e) => {
                b.expected = Some(e - 1);
                b.complete_if_equal();
            }
        }
    }

    /// `s_barrier_signal -3`: "For barrier *objects* ``-4`` and ``-3``
    /// (``cluster`` barriers): only one wave per workgroup may arrive at the
    /// barrier on behalf of its entire workgroup" (table "s_barrier GFX12",
    /// arrive): the arrive counts for the wave's work-group, whose waves may
    /// all wait for that phase. A second arrive of one work-group in one
    /// phase is undefined in the memory model ("cluster-arrive"); here it
    /// simply counts again.
    pub(super) fn cluster_arrive(&mut self, n: &mut State, wi: usize, ir: usize) {
        let g = self.ctx.wg[wi];
        let c = self.ctx.cluster_of[g];
        let first = n.cluster[c].arrived == 0;
        self.set_is_first(n, wi, ir, first);
        let b = &mut n.cluster[c];
        let phase = b.phase;
        b.arrived += 1;
        b.complete_if_equal();
        n.wg_cluster_arrive[g] = Some(phase);
    }

    /// `s_barrier_wait -3`: "any wave within the workgroup cluster can then
    /// *wait* on this barrier *object*" (table "s_barrier GFX12", arrive):
    /// the wave waits for the phase in which its work-group arrived (by any
    /// of its waves), the first one it has not waited for yet; until its
    /// work-group has arrived it waits for that arrive. True when the wait
    /// completes.
    pub(super) fn cluster_wait(&mut self, n: &mut State, wi: usize) -> bool {
        let g = self.ctx.wg[wi];
        let c = self.ctx.cluster_of[g];
        let next = n.waves[wi].cluster_next;
        match n.wg_cluster_arrive[g] {
            Some(p) if p >= next && n.cluster[c].completed(p) => {
                n.waves[wi].cluster_next = p + 1;
                true
            }
            _ => false,
        }
    }
}

/// Work-group `wi`'s named barrier `id` (1-16).
fn named<'s>(n: &'s mut State, ctx: &Ctx, wi: usize, id: u8) -> &'s mut BarObj {
    &mut n.named[16 * ctx.wg[wi] + id as usize - 1]
}

/// Wave `wi` has ended: it drops the work-group barrier (see
/// [`super::wave::release_barrier`]) and, when it is the last wave of its
/// work-group to end, the work-group drops its cluster barrier: "*drop* -
/// ``-2``, ``-1``, ``-4``, ``-3`` When a thread ends, it automatically
/// *drops* this barrier *object* if it had previously *joined* it" (table
/// "s_barrier GFX12"). The cluster barrier's expected count counts
/// work-groups, so it is dropped once per work-group (docs/semantics.md,
/// "Drops at the end of a wave or workgroup"). Named barriers are not
/// dropped ("When a thread ends, it does **not** implicitly *drop* any
/// *named barrier objects*").
pub(super) fn wave_ended(n: &mut State, ctx: &Ctx, wi: usize) {
    let g = ctx.wg[wi];
    super::wave::release_barrier(n, ctx, g);
    if n.cluster.is_empty() {
        return;
    }
    let all_ended = n
        .waves
        .iter()
        .enumerate()
        .all(|(i, w)| ctx.wg[i] != g || w.halted);
    if all_ended {
        let b = &mut n.cluster[ctx.cluster_of[g]];
        if let Some(e) = b.expected {
            b.expected = Some(e.saturating_sub(1));
            b.complete_if_equal();
        }
    }
}
