//! The exploration loop: thread paths × reads-from × modification order,
//! checked against the model and gathered into an [`Outcome`].

use crate::condition;
use crate::locations::LocationMap;
use crate::mo::{for_each_mo, MoNeed};
use crate::result::*;
use crate::symbolic::{self, eval_nodes, guard_holds, Path, PathEnd, SymbolicError};
use crate::witness;
use crate::Options;
use amdmm_graph::{
    relation::members, BitRel, DepSet, Event, EventKind, ExecutionGraph, Set, Wide, INIT_THREAD,
    MAX_WIDE_EVENTS,
};
use amdmm_model::attributes::{roles, sync_spaces};
use amdmm_model::coherence::at_least_monotonic;
use amdmm_model::happens_before::{happens_before, synchronizes_with_read};
use amdmm_model::{analyze_into, analyze_into_with_hb, mo_consistent, Analysis};
use amdmm_program::{
    AddrSpace, Observable, Ordering, Placement, Program, SpaceSet, SyncScope, Value,
};
#[cfg(not(target_family = "wasm"))]
use rayon::prelude::*;
use std::collections::{BTreeMap, BTreeSet};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering as AtomicOrdering};
// std's `Instant` panics on wasm32-unknown-unknown; web-time's is std's
// elsewhere and `performance.now()` in a browser or Node.
use web_time::Instant;

/// The static part of a test: paths per thread, location instances, the
/// observables shown.
pub(crate) struct Setup<'p> {
    pub(crate) program: &'p Program,
    pub(crate) locs: LocationMap,
    pub(crate) paths: Vec<Vec<Path>>,
    pub(crate) columns: Vec<Observable>,
    /// Location instances with an initial write, sorted.
    pub(crate) inits: Vec<u32>,
    /// Location instances whose final value is shown.
    pub(crate) shown_locs: Vec<u32>,
    /// Groups of interchangeable work-items (`crate::work_items`); empty
    /// unless `Options::work_item_symmetry`.
    pub(crate) groups: crate::work_items::Groups,
}

/// Called with every consistent complete execution (graph, axioms' analysis,
/// modification order): a hook for property tests.
/// The visitor of executions over set type `S`.
pub type VisitorOf<'v, S> = &'v (dyn Fn(&ExecutionGraph<S>, &Analysis<S>, &BitRel<S>) + Sync);

/// Called with every consistent complete execution (graph, axioms' analysis,
/// modification order): a hook for property tests. It sees executions of at
/// most 64 events; a test that needs wider relations is `Unknown` (too many
/// events) when a visitor is given.
pub type Visitor<'v> = VisitorOf<'v, u64>;

pub fn run(program: &Program, opts: &Options, visitor: Option<Visitor>) -> Outcome {
    run_collecting(program, opts, visitor, false).0
}

/// [`run`], also returning what the reads of the consistent executions
/// returned `undef` for ([`ReadFinding`]) when `collect` is set.
pub fn run_collecting(
    program: &Program,
    opts: &Options,
    visitor: Option<Visitor>,
    collect: bool,
) -> (Outcome, Findings) {
    // The time limit counts from here: paths, barrier runs and the
    // reads-from search all check it.
    run_collecting_since(program, opts, visitor, collect, Instant::now())
}

/// [`run_collecting`] with the time limit counted from `started`.
pub fn run_collecting_since(
    program: &Program,
    opts: &Options,
    visitor: Option<Visitor>,
    collect: bool,
    started: Instant,
) -> (Outcome, Findings) {
    let mut outcome = Outcome::empty(program);
    let mut setup = match build_setup(program, opts, started) {
        Ok(s) => s,
        Err(limit) => {
            outcome.limit = limit;
            return (outcome, Findings::default());
        }
    };
    // Paths whose guards fail on the values of unwritten locations make no
    // execution (crate::feasible).
    crate::feasible::drop_infeasible_paths(&mut setup);
    // Witnesses and visitors need the executions themselves.
    if opts.symmetry && opts.work_item_symmetry && !opts.witnesses && visitor.is_none() {
        setup.groups = crate::work_items::groups(&setup);
    }
    if setup.paths.iter().any(|p| p.is_empty()) {
        // Some thread has no path at all (cannot happen: a false `assume`
        // ends a path too); `finish` reports it as `Unknown`.
        finish(&mut outcome, Accumulator::default());
        return (outcome, Findings::default());
    }
    // The width of every relation, chosen once per test from its largest
    // combination of paths, so that the search and the axioms are
    // monomorphic: 64×64 words (the fast path), 128 or 256 events.
    let events = max_events(&setup);
    if events <= u64::BITS as usize {
        return run_with::<u64>(&setup, opts, visitor, collect, started, outcome);
    }
    if visitor.is_some() || events > MAX_WIDE_EVENTS {
        outcome.limit = Some(LimitReason::TooManyEvents(events));
        return (outcome, Findings::default());
    }
    if events <= <Wide<2> as Set>::BITS {
        run_with::<Wide<2>>(&setup, opts, None, collect, started, outcome)
    } else {
        run_with::<Wide<4>>(&setup, opts, None, collect, started, outcome)
    }
}

/// The most events any combination of paths can have: the initial writes and
/// each thread's longest path (a barrier run only ever cuts a path short).
pub(crate) fn max_events(setup: &Setup) -> usize {
    setup.inits.len()
        + setup
            .paths
            .iter()
            .map(|ps| ps.iter().map(|p| p.events.len()).max().unwrap_or(0))
            .sum::<usize>()
}

/// [`run`] with relations over set type `S` (`S::BITS` ≥ [`max_events`]).
fn run_with<S: Set>(
    setup: &Setup,
    opts: &Options,
    visitor: Option<VisitorOf<S>>,
    collect: bool,
    started: Instant,
    mut outcome: Outcome,
) -> (Outcome, Findings) {
    let shared = Shared {
        visitor,
        collect,
        started,
        counted: AtomicU64::new(0),
        stop: AtomicBool::new(false),
        checks: AtomicU64::new(0),
    };
    let mut acc = Accumulator::default();
    // The combinations are made and searched in batches, in order
    // (crate::combos): memory holds one batch, and a limit reached in one
    // ends the run before the next is made.
    let mut combos = crate::combos::Combos::<S>::new(setup, opts, started);
    let mut exhausted = false;
    while !exhausted && outcome.limit.is_none() {
        let mut batch: Vec<Combo<S>> = Vec::new();
        // Units of work: a combination and a prefix of reads-from choices.
        // They run in parallel and merge in order, so the result does not
        // depend on the number of threads.
        let mut units: Vec<(usize, Vec<u8>)> = Vec::new();
        while units.len() < UNITS_PER_BATCH && batch.len() < COMBOS_PER_BATCH {
            let mut c = match combos.next() {
                None => {
                    exhausted = true;
                    break;
                }
                Some(Ok(c)) => c,
                Some(Err(limit)) => {
                    // What the earlier batches found is dropped, as the
                    // search's own limits drop it (below), and nothing is
                    // counted: the answer when every combination was made
                    // before the search.
                    outcome.limit = limit;
                    return (outcome, Findings::default());
                }
            };
            prepare(setup, opts, visitor.is_some(), &mut c);
            let k = batch.len();
            units.extend(c.units().into_iter().map(|p| (k, p)));
            batch.push(c);
        }
        for (a, limit) in run_units(setup, opts, &shared, &batch, &units) {
            // A unit that stopped because another reached a limit does not
            // name the limit.
            if matches!(outcome.limit, None | Some(LimitReason::Stopped)) && limit.is_some() {
                outcome.limit = limit;
            }
            acc.merge(a);
        }
    }
    if outcome.limit.is_none() && setup.groups.moves_columns() {
        if let Err(limit) = expand_orbits(setup, opts, started, &mut acc) {
            outcome.limit = Some(limit);
        }
    }
    if outcome.limit.is_some() {
        // No partial answer: what was seen before the limit depends on timing.
        let candidates = acc.candidates;
        acc = Accumulator {
            candidates,
            ..Accumulator::default()
        };
    }
    let findings = Findings {
        reads: std::mem::take(&mut acc.findings).into_iter().collect(),
        ub: std::mem::take(&mut acc.ub_paths).into_iter().collect(),
        witnesses: std::mem::take(&mut acc.finding_witnesses),
        reduced: !setup.groups.is_empty(),
    };
    finish(&mut outcome, acc);
    outcome
        .notes
        .extend(crate::findings::undef_comparisons(setup.program, &outcome));
    outcome.notes.sort();
    (outcome, findings)
}

/// Units of work (a combination and a prefix of reads-from choices) made
/// into one batch at most, when the combinations have that many: enough
/// for the threads to share, few enough that a batch's combinations stay
/// small in memory.
const UNITS_PER_BATCH: usize = 256;
/// Combinations in one batch at most.
const COMBOS_PER_BATCH: usize = 256;

/// Readies a combination for its search: reads nothing observes are
/// searched last, for one consistent choice (crate::projection);
/// interchangeable threads in one representative ordering of their
/// choices, weighted (crate::symmetry). Witnesses and visitors need the
/// executions themselves.
fn prepare<S: Set>(setup: &Setup, opts: &Options, visitor: bool, c: &mut Combo<S>) {
    if opts.witnesses || visitor {
        return;
    }
    let reordered = !opts.exhaustive && c.project(setup);
    // The symmetry groups are ranges of `reads` in event order.
    if !reordered && opts.symmetry && !opts.work_item_symmetry {
        c.symmetry = crate::symmetry::groups(setup, c);
    }
    if !setup.groups.is_empty() {
        c.swaps = crate::work_items::Swaps::new(setup, &setup.groups, &c.choice, c);
    }
}

/// Searches the units of one batch (in parallel where there are threads)
/// and returns what each found, in the units' order.
fn run_units<S: Set>(
    setup: &Setup,
    opts: &Options,
    shared: &Shared<S>,
    batch: &[Combo<S>],
    units: &[(usize, Vec<u8>)],
) -> Vec<(Accumulator, Option<LimitReason>)> {
    let run_unit = |(k, prefix): &(usize, Vec<u8>)| {
        let mut acc = Accumulator::default();
        let limit = batch[*k]
            .run_unit(setup, prefix, opts, shared, &mut acc)
            .err();
        (acc, limit)
    };
    // wasm32-unknown-unknown has no threads: the units run in order on the
    // calling thread, and merge exactly as the parallel ones do.
    #[cfg(not(target_family = "wasm"))]
    return units.par_iter().with_max_len(1).map(run_unit).collect();
    #[cfg(target_family = "wasm")]
    return units.iter().map(run_unit).collect();
}

/// The static part of a test: every thread's paths, the location instances
/// and their initial writes, the observables shown. `Err` holds the limit
/// reached (`None` for a timeout without `--timeout`, which cannot happen).
pub(crate) fn build_setup<'p>(
    program: &'p Program,
    opts: &Options,
    started: Instant,
) -> Result<Setup<'p>, Option<LimitReason>> {
    let columns = program.shown_observables();
    let mut paths = Vec::new();
    for t in &program.threads {
        match symbolic::paths(
            program,
            t,
            opts.loop_bound,
            opts.timeout.map(|d| started + d),
        ) {
            Ok(p) => paths.push(p),
            Err(SymbolicError::Unsupported(what)) => {
                return Err(Some(LimitReason::Unsupported(what)))
            }
            Err(SymbolicError::TooBig(what)) => return Err(Some(LimitReason::PathLimit(what))),
            Err(SymbolicError::Deadline) => {
                return Err(opts.timeout.map(|t| LimitReason::Timeout(millis(t))))
            }
        }
    }
    let locs = LocationMap::new(program);
    let mut touched: Vec<u32> = Vec::new();
    for (t, tp) in paths.iter().enumerate() {
        let wg = program.threads[t]
            .placement
            .instance(amdmm_program::ScopeLevel::Workgroup);
        for p in tp {
            for e in &p.events {
                if e.kind != EventKind::Fence {
                    touched.push(locs.instance(program, e.loc, wg));
                }
            }
        }
    }
    let mut shown_locs = Vec::new();
    for c in &columns {
        if let Observable::Mem { loc, wg } = c {
            for cell in observed_cells(program, *loc) {
                shown_locs.push(locs.observed(program, cell, *wg));
            }
        }
    }
    touched.extend(shown_locs.iter().copied());
    touched.sort_unstable();
    touched.dedup();
    let inits: Vec<u32> = touched
        .into_iter()
        .filter(|&i| locs.init(program, i).is_some())
        .collect();
    Ok(Setup {
        program,
        locs,
        paths,
        columns,
        inits,
        shown_locs,
        groups: crate::work_items::Groups::default(),
    })
}

/// Every combination of one path per thread and one barrier execution of
/// those paths, each with its graph and reads-from candidates, all at once
/// (the engine makes them in batches: [`crate::combos::Combos`]). `Err` as
/// for [`build_setup`].
#[cfg(test)]
pub(crate) fn build_combos<'s, S: Set>(
    setup: &'s Setup<'s>,
    opts: &Options,
    started: Instant,
) -> Result<Vec<Combo<'s, S>>, Option<LimitReason>> {
    crate::combos::Combos::new(setup, opts, started).collect()
}

/// State shared by the units of one test.
struct Shared<'v, S: Set> {
    visitor: Option<VisitorOf<'v, S>>,
    /// Record the [`ReadFinding`]s of consistent executions.
    collect: bool,
    started: Instant,
    /// Candidates counted so far (flushed in batches).
    counted: AtomicU64,
    /// Set when a limit is reached: every unit stops.
    stop: AtomicBool,
    /// Limit checks so far (the memory is read every 64th).
    checks: AtomicU64,
}

impl<S: Set> Shared<'_, S> {
    /// Adds `local` executions examined to the test's count and checks
    /// every limit: `--max-candidates`, `--timeout`, another unit's stop.
    ///
    /// Called from every search loop of the engine (reads-from choices,
    /// modification orders) every [`CHECK_EVERY`] steps, so a search that
    /// prunes heavily, or spends its time in one candidate's modification
    /// orders, still stops within a few milliseconds of its limit.
    fn check(&self, opts: &Options, local: &mut u64) -> Result<(), LimitReason> {
        let total = self.counted.fetch_add(*local, AtomicOrdering::Relaxed) + *local;
        *local = 0;
        if let Some(max) = opts.max_executions {
            if total > max {
                self.stop.store(true, AtomicOrdering::Relaxed);
                return Err(LimitReason::MaxExecutions(max));
            }
        }
        if self.stop.load(AtomicOrdering::Relaxed) {
            return Err(LimitReason::Stopped);
        }
        if let Some(t) = opts.timeout {
            if self.started.elapsed() > t {
                self.stop.store(true, AtomicOrdering::Relaxed);
                return Err(LimitReason::Timeout(millis(t)));
            }
        }
        if let Some(max) = opts.max_memory {
            // `% 64 == 0`, not is_multiple_of: that needs Rust 1.87 (MSRV 1.85).
            if self.checks.fetch_add(1, AtomicOrdering::Relaxed) % 64 == 0
                && crate::resident_mib().is_some_and(|m| m > max)
            {
                self.stop.store(true, AtomicOrdering::Relaxed);
                return Err(LimitReason::Memory(max));
            }
        }
        Ok(())
    }
}

/// Search steps (reads-from nodes, modification orders) between two limit
/// checks: a check costs a clock read and an atomic add.
const CHECK_EVERY: u32 = 256;

/// Counts the steps of one unit and checks the limits every
/// [`CHECK_EVERY`] of them.
struct Budget<'a, 'v, S: Set> {
    shared: &'a Shared<'v, S>,
    opts: &'a Options,
    /// Executions examined and not yet added to `Shared::counted`.
    local: u64,
    steps: u32,
}

impl<S: Set> Budget<'_, '_, S> {
    /// One search step; `executions` of them are executions examined. A
    /// step that examines an execution always checks (a candidate's check
    /// costs far more than a clock read); other steps every
    /// [`CHECK_EVERY`].
    fn step(&mut self, executions: u64) -> Result<(), LimitReason> {
        self.local += executions;
        self.steps += 1;
        if executions > 0 || self.steps >= CHECK_EVERY {
            self.steps = 0;
            self.shared.check(self.opts, &mut self.local)?;
        }
        Ok(())
    }

    /// The final check of a unit.
    fn flush(&mut self) -> Result<(), LimitReason> {
        self.shared.check(self.opts, &mut self.local)
    }
}

/// What the units of a test found. Executions are told apart by their
/// final state only (docs/semantics.md, "Counting executions"): every
/// count printed is a number of distinct final states, which the projected
/// search and `--exhaustive` agree on.
#[derive(Default)]
struct Accumulator {
    /// Final state → (satisfies, flags).
    states: BTreeMap<Vec<ValueOut>, (bool, amdmm_program::Flags)>,
    witnesses: BTreeMap<Vec<ValueOut>, Witness>,
    flags: amdmm_program::Flags,
    /// Final states of executions the loop bound cut short.
    cutoff: BTreeSet<Vec<ValueOut>>,
    /// Final states of executions discarded by a false `llvm.assume`.
    assume_discarded: BTreeSet<Vec<ValueOut>>,
    /// Final states of consistent executions that deadlocked (not shown).
    deadlocked: BTreeSet<Vec<ValueOut>>,
    candidates: u64,
    /// Barrier undefined behaviour and deadlocks.
    notes: std::collections::BTreeSet<Note>,
    /// Deadlock witnesses, by their notes.
    deadlocks: BTreeMap<Vec<String>, Witness>,
    /// Reads that returned `undef`, when collected.
    findings: std::collections::BTreeSet<ReadFinding>,
    /// Why paths of consistent executions ended in undefined behaviour,
    /// when collected.
    ub_paths: std::collections::BTreeSet<String>,
    /// The first execution (in search order) of each finding, when collected.
    finding_witnesses: BTreeMap<FindingKey, Witness>,
}

impl Accumulator {
    /// Adds a later unit's findings (its witnesses only for new states, so
    /// the first execution in sequential order stays the witness).
    fn merge(&mut self, other: Accumulator) {
        for (k, (sat, flags)) in other.states {
            let e = self
                .states
                .entry(k)
                .or_insert((sat, amdmm_program::Flags::default()));
            e.1 = e.1.union(flags);
        }
        for (k, w) in other.witnesses {
            self.witnesses.entry(k).or_insert(w);
        }
        self.flags = self.flags.union(other.flags);
        self.cutoff.extend(other.cutoff);
        self.assume_discarded.extend(other.assume_discarded);
        self.deadlocked.extend(other.deadlocked);
        self.candidates += other.candidates;
        self.notes.extend(other.notes);
        self.findings.extend(other.findings);
        self.ub_paths.extend(other.ub_paths);
        for (k, w) in other.deadlocks {
            self.deadlocks.entry(k).or_insert(w);
        }
        for (k, w) in other.finding_witnesses {
            self.finding_witnesses.entry(k).or_insert(w);
        }
    }
}

/// The final states of the full search from the reduced one's: interchangeable
/// work-items that rename the locations they alone touch were explored in
/// one arrangement, and the other arrangements' final states are the
/// images of the found ones (`crate::work_items`, point 3), within the
/// time and memory limits.
fn expand_orbits(
    setup: &Setup,
    opts: &Options,
    started: Instant,
    acc: &mut Accumulator,
) -> Result<(), LimitReason> {
    let mut check = || {
        if let Some(t) = opts.timeout {
            if started.elapsed() > t {
                return Err(LimitReason::Timeout(millis(t)));
            }
        }
        if let Some(max) = opts.max_memory {
            if crate::resident_mib().is_some_and(|m| m > max) {
                return Err(LimitReason::Memory(max));
            }
        }
        Ok(())
    };
    let g = &setup.groups;
    if g.role_columns() > 0 {
        // Witnesses are kept per state shown, without the roles.
        let shown = setup.columns.len();
        let mut witnesses = BTreeMap::new();
        for (mut k, w) in std::mem::take(&mut acc.witnesses) {
            k.truncate(shown);
            witnesses.entry(k).or_insert(w);
        }
        acc.witnesses = witnesses;
    }
    acc.states = g.expand(
        setup,
        std::mem::take(&mut acc.states),
        |a, b| a.1 = a.1.union(b.1),
        &mut check,
    )?;
    for set in [
        &mut acc.cutoff,
        &mut acc.assume_discarded,
        &mut acc.deadlocked,
    ] {
        let map = std::mem::take(set).into_iter().map(|s| (s, ())).collect();
        *set = g
            .expand(setup, map, |_, _| {}, &mut check)?
            .into_keys()
            .collect();
    }
    Ok(())
}

fn finish(outcome: &mut Outcome, acc: Accumulator) {
    let any_execution = has_executions(&acc);
    let positive = acc.states.values().filter(|s| s.0).count() as u64;
    let negative = acc.states.len() as u64 - positive;
    outcome.positive = positive;
    outcome.negative = negative;
    outcome.flags = acc.flags.into();
    outcome.cutoff_executions = acc.cutoff.len() as u64;
    outcome.assume_discarded = acc.assume_discarded.len() as u64;
    outcome.candidates = acc.candidates;
    outcome.notes = acc.notes.into_iter().collect();
    outcome.deadlocks = acc.deadlocks.into_values().collect();
    let mut witnesses = acc.witnesses;
    for (k, (values, (satisfies, flags))) in acc.states.into_iter().enumerate() {
        if let Some(mut w) = witnesses.remove(&values) {
            w.state = k;
            outcome.witnesses.push(w);
        }
        outcome.states.push(FinalState {
            values,
            satisfies,
            flags: flags.into(),
        });
    }
    if outcome.limit.is_none() && !any_execution {
        outcome.limit = Some(LimitReason::NoExecution);
    }
    if outcome.limit.is_none() {
        outcome.observation = Some(condition::observation(positive, negative));
    }
}

/// Is there an execution of some kind to base a verdict on?
///
/// litmus-format.md: "`Never` when none do (also when there is no complete
/// execution at all)". That clause covers executions that `llvm.assume`
/// discards, that deadlock (flagged `deadlock`) or that the loop bound cuts
/// off (flagged `cutoff`); when there is none of those either, every
/// candidate was rejected and the run is `Unknown` (docs/semantics.md,
/// "When no execution is left").
fn has_executions(acc: &Accumulator) -> bool {
    !(acc.states.is_empty()
        && acc.cutoff.is_empty()
        && acc.assume_discarded.is_empty()
        && acc.deadlocked.is_empty())
}

/// One thread's events placed in the graph.
pub(crate) struct Placed {
    pub(crate) offset: usize,
    pub(crate) len: usize,
}

/// One combination of thread paths: the graph without reads-from, and the
/// reads-from candidates of each read.
pub(crate) struct Combo<'s, S: Set = u64> {
    pub(crate) paths: Vec<&'s Path>,
    pub(crate) placed: Vec<Placed>,
    /// (thread, index in the path) of each non-initial event.
    pub(crate) thread_of: Vec<(usize, usize)>,
    pub(crate) graph: ExecutionGraph<S>,
    pub(crate) reads: Vec<usize>,
    /// Per read: `None` (returns undef) and/or the writes it may read from.
    pub(crate) cands: Vec<Vec<Option<u8>>>,
    /// The barrier execution this combination is explored with.
    pub(crate) barrier: crate::barrier::BarrierRun,
    /// Happens-before without synchronizes-with (program order, barrier and
    /// async edges, initial writes first), closed; `None` when already
    /// cyclic. The root of [`Scratch::hb`].
    pub(crate) hb_base: Option<BitRel<S>>,
    /// The happens-before built along the search ([`Combo::extend_hb`]) is,
    /// at a leaf, exactly the candidate's, so the leaf check starts from it
    /// instead of closing happens-before again
    /// (`amdmm_model::analyze_into_with_hb`).
    ///
    /// Why this holds when there is no RMW and `hb_base` is transitively
    /// closed: `synchronizes_with_read` for read `y` looks only at `g.rf[y]`
    /// and at the reads-from of the RMWs of the release sequence; with no
    /// RMW the release sequence of `w` is `w` alone ("while the current
    /// write is an RMW", `release_sequence_heads`), so the edges added when
    /// `y` is chosen are the ones the full `synchronizes_with` gives `y` in
    /// every completion, and at a leaf (every read chosen) their union is
    /// the candidate's synchronizes-with. `hb_base` is
    /// `happens_before(g, ∅)`; when closed it is the closure of
    /// `po ∪ barrier ∪ async edges ∪ initial writes first`, and adding the
    /// synchronizes-with edges one by one with `BitRel::add_closed` (exact
    /// on a closed acyclic relation) gives the closure of all of them:
    /// LangRef's "least partial order that is a superset of single-thread
    /// program order, and when `a` *synchronizes-with* `b`, includes an
    /// edge from `a` to `b`", which is what `happens_before` computes (when
    /// it adds nothing to `po ∪ barrier ∪ async ∪ inits` it returns that
    /// union unclosed, equal to `hb_base`, closed by assumption). A leaf is
    /// checked only when its built relation is acyclic, so `happens_before`
    /// returns `Some` of the same relation. With an RMW a later choice can
    /// lengthen an earlier read's release sequence, and the leaf closes
    /// happens-before itself, as before.
    pub(crate) hb_exact: bool,
    /// Whether the read rule and write-read coherence may be applied along the search
    /// ([`Combo::reads_from_after`]): the rules about a location use the
    /// whole happens-before, which the one built along the search is part
    /// of (no event synchronizes fewer than all address spaces,
    /// `amdmm_model::happens_before::narrowed`).
    pub(crate) prune_read_rule: bool,
    /// Interchangeable threads whose choices are explored in one order
    /// only (empty unless `run` finds some).
    pub(crate) symmetry: crate::symmetry::Symmetry,
    /// Swaps of interchangeable work-items with the same path
    /// (`crate::work_items`); empty unless the setup has groups.
    pub(crate) swaps: crate::work_items::Swaps,
    /// The path of each thread (index into `Setup::paths`).
    pub(crate) choice: Vec<usize>,
    /// `reads[free_from..]` are the free reads ([`Combo::project`]),
    /// searched for one consistent choice only; `reads.len()` when there
    /// are none or the search is exhaustive.
    pub(crate) free_from: usize,
}

/// Buffers of one unit of work, reused from one candidate to the next.
struct Scratch<S: Set> {
    /// Per thread: the values of its path's nodes.
    vals: Vec<Vec<Option<Value>>>,
    /// The axioms' analysis of the current candidate.
    analysis: Box<Analysis<S>>,
    /// `hb[k]`: a part of the happens-before of every candidate that extends
    /// the first `k` reads-from choices (see [`Combo::extend_hb`]); closed.
    hb: Vec<BitRel<S>>,
}

/// Prefixes of at least this many units are made, when the choices allow.
const UNITS_WANTED: usize = 64;
/// Reads-from spaces smaller than this are not split.
const SPLIT_ABOVE: usize = 4096;

impl<'s, S: Set> Combo<'s, S> {
    pub(crate) fn new(
        setup: &'s Setup,
        choice: &[usize],
        opts: &Options,
        barrier: crate::barrier::BarrierRun,
    ) -> Result<Combo<'s, S>, LimitReason> {
        let program = setup.program;
        let paths: Vec<&Path> = choice
            .iter()
            .enumerate()
            .map(|(t, &c)| &setup.paths[t][c])
            .collect();
        // Events: initial writes, then each thread in program order.
        // A thread blocked at a barrier wait performs only the events before it.
        let lens: Vec<usize> = paths
            .iter()
            .enumerate()
            .map(|(t, p)| barrier.events(t, p.events.len()))
            .collect();
        let total = setup.inits.len() + lens.iter().sum::<usize>();
        if total > S::BITS {
            return Err(LimitReason::TooManyEvents(total));
        }
        let mut events: Vec<Event> = Vec::with_capacity(total);
        for &inst in &setup.inits {
            let loc = &program.locations[setup.locs.location(inst) as usize];
            let v = setup.locs.init(program, inst).unwrap_or(Value::Undef);
            events.push(Event {
                thread: INIT_THREAD,
                kind: EventKind::Write,
                loc: inst,
                space: loc.space,
                read_value: Value::Undef,
                write_value: v,
                ordering: Ordering::Monotonic,
                scope: SyncScope::SYSTEM,
                store_available: Some(amdmm_program::ScopeLevel::System),
                load_visible: None,
                make_available: false,
                make_visible: false,
                sync_spaces: SpaceSet::ALL,
                placement: Placement { ids: [0; 6] },
                deps: DepSet::default(),
                instr: 0,
                line: 0,
            });
        }
        let mut placed = Vec::with_capacity(paths.len());
        let mut thread_of = Vec::new();
        for (t, p) in paths.iter().enumerate() {
            let thread = &program.threads[t];
            let wg = thread
                .placement
                .instance(amdmm_program::ScopeLevel::Workgroup);
            let offset = events.len();
            for (i, pe) in p.events.iter().enumerate().take(lens[t]) {
                let inst = if pe.kind == EventKind::Fence {
                    u32::MAX
                } else {
                    setup.locs.instance(program, pe.loc, wg)
                };
                let space = if pe.kind == EventKind::Fence {
                    AddrSpace::Global
                } else {
                    program.locations[pe.loc as usize].space
                };
                let r = roles(opts.model, pe.access, &pe.attrs, space, pe.intrinsic_scope);
                let deps = DepSet::from_local(pe.deps, offset);
                events.push(Event {
                    thread: t as u32,
                    kind: pe.kind,
                    loc: inst,
                    space,
                    read_value: Value::Undef,
                    write_value: Value::Undef,
                    ordering: pe.attrs.ordering,
                    scope: pe.attrs.scope,
                    store_available: r.store_available,
                    load_visible: r.load_visible,
                    make_available: r.make_available,
                    make_visible: r.make_visible,
                    sync_spaces: sync_spaces(pe.access, &pe.attrs, space),
                    placement: thread.placement,
                    deps,
                    instr: pe.instr,
                    line: pe.line,
                });
                thread_of.push((t, i));
            }
            placed.push(Placed {
                offset,
                len: lens[t],
            });
        }
        let n = events.len();
        // Program order, restricted after async operations until their
        // completion (amdmm_model::async_ops::thread_order).
        let mut po = BitRel::new(n);
        let mut async_hb = BitRel::new(n);
        for (pl, p) in placed.iter().zip(&paths) {
            let order = amdmm_model::async_ops::thread_order(opts.model, pl.len, &p.asyncs);
            for a in 0..pl.len {
                po.set_row(pl.offset + a, S::from_local(order.po[a], pl.offset));
                async_hb.set_row(pl.offset + a, S::from_local(order.async_hb[a], pl.offset));
            }
        }
        let mut graph = ExecutionGraph {
            events,
            po,
            rf: vec![None; n],
            extra_sw: BitRel::new(n),
            async_hb,
            reads: S::empty(),
            writes: S::empty(),
            fences: S::empty(),
            atomics: S::empty(),
            inits: S::empty(),
            same_loc: Vec::new(),
            po_inv: BitRel::new(n),
            scope_peers: Vec::new(),
            reads_location_ordered: opts.model == amdmm_model::ModelKind::Upstream,
            ordered_atomics_coherent: opts.model == amdmm_model::ModelKind::Proposed,
        };
        graph.index();
        let offsets: Vec<usize> = placed.iter().map(|p| p.offset).collect();
        graph.extra_sw = barrier.extra_sw(&graph, &offsets);
        let reads = graph.reads;
        let read_list: Vec<usize> = members(reads).collect();
        let cands = read_list
            .iter()
            .map(|&r| read_candidates(&graph, r))
            .collect();
        let n_reads = read_list.len();
        let hb_base = happens_before(&graph, &BitRel::new(n));
        let hb_exact = hb_base.is_some_and(|base| {
            let mut closed = base;
            closed.close();
            closed == base
        }) && graph.events.iter().all(|e| e.kind != EventKind::Rmw);
        let prune_read_rule = !amdmm_model::happens_before::narrowed(&graph);
        Ok(Combo {
            paths,
            placed,
            thread_of,
            graph,
            reads: read_list,
            cands,
            barrier,
            hb_base,
            hb_exact,
            prune_read_rule,
            symmetry: Default::default(),
            swaps: Default::default(),
            choice: choice.to_vec(),
            free_from: n_reads,
        })
    }

    /// Moves the free reads (`crate::projection`) to the end of `reads`,
    /// each part in event order, and marks where they start. Returns
    /// whether the order of `reads` changed.
    pub(crate) fn project(&mut self, setup: &Setup) -> bool {
        let free = crate::projection::free_reads(setup, self);
        let (mut order, rest): (Vec<usize>, Vec<usize>) =
            (0..self.reads.len()).partition(|&k| !free.has(self.reads[k]));
        self.free_from = order.len();
        order.extend(rest);
        if order.iter().enumerate().all(|(i, &k)| i == k) {
            return false;
        }
        self.reads = order.iter().map(|&k| self.reads[k]).collect();
        self.cands = order.iter().map(|&k| self.cands[k].clone()).collect();
        true
    }

    /// Can read `k` take source `ck` given that an earlier read `i` took
    /// `ci`? Only cheap, certain conflicts: read-read coherence along
    /// program order against writes ordered by program order, and two RMWs
    /// reading from the same write (RMW atomicity).
    fn compatible(&self, i: usize, ci: Option<u8>, k: usize, ck: Option<u8>) -> bool {
        let (Some(wi), Some(wk)) = (ci, ck) else {
            return true;
        };
        let g = &self.graph;
        let (ri, rk) = (self.reads[i], self.reads[k]);
        let (wi, wk) = (wi as usize, wk as usize);
        if g.events[ri].kind == EventKind::Rmw && g.events[rk].kind == EventKind::Rmw && wi == wk {
            return false;
        }
        if wi == wk || g.events[ri].loc != g.events[rk].loc {
            return true;
        }
        // Read-read coherence binds only reads that are both at least
        // monotonic (`amdmm_model::coherence::mo_constraints`).
        if !at_least_monotonic(g.events[ri].ordering) || !at_least_monotonic(g.events[rk].ordering)
        {
            return true;
        }
        // Read-read coherence: ri before rk in po, so wk may not be
        // modification-ordered before wi; it is when wk is the initial write
        // or program-ordered before wi.
        let (w_first, w_second) = if g.po.has(ri, rk) {
            (wi, wk)
        } else if g.po.has(rk, ri) {
            (wk, wi)
        } else {
            return true;
        };
        // Write-write coherence orders unordered stores with no other store.
        let ordered = |w: usize| g.events[w].ordering != Ordering::Unordered;
        !(g.events[w_second].is_init()
            || (g.po.has(w_second, w_first) && ordered(w_second) && ordered(w_first)))
    }

    /// Can the next read (after the choices `prefix`) take source `ck`?
    fn fits(&self, prefix: &[u8], ck: Option<u8>) -> bool {
        let k = prefix.len();
        (0..k).all(|i| self.compatible(i, self.cands[i][prefix[i] as usize], k, ck))
    }

    /// Prefixes of reads-from choices splitting the work into units. A small
    /// space stays one unit: splitting costs more than it saves.
    fn units(&self) -> Vec<Vec<u8>> {
        let mut prefixes: Vec<Vec<u8>> = vec![Vec::new()];
        let space = self
            .cands
            .iter()
            .try_fold(1usize, |acc, c| acc.checked_mul(c.len()))
            .unwrap_or(usize::MAX);
        if space < SPLIT_ABOVE {
            return prefixes;
        }
        let mut depth = 0;
        // The free reads are searched for one consistent choice within a
        // unit: splitting among them would search one per unit.
        while prefixes.len() < UNITS_WANTED && depth < self.free_from {
            let mut next = Vec::new();
            for p in &prefixes {
                for c in 0..self.cands[depth].len() {
                    let ck = self.cands[depth][c];
                    if self.fits(p, ck) && self.symmetry.allows(p, c as u8) {
                        let mut q = p.clone();
                        q.push(c as u8);
                        next.push(q);
                    }
                }
            }
            prefixes = next;
            depth += 1;
        }
        prefixes
    }

    /// Explores every reads-from choice that extends `prefix`.
    fn run_unit(
        &self,
        setup: &Setup,
        prefix: &[u8],
        opts: &Options,
        shared: &Shared<S>,
        acc: &mut Accumulator,
    ) -> Result<(), LimitReason> {
        let mut g = self.graph.clone();
        let mut pick: Vec<u8> = prefix.to_vec();
        for (k, &c) in prefix.iter().enumerate() {
            g.rf[self.reads[k]] = self.cands[k][c as usize];
        }
        let n = g.len();
        let mut scratch = Scratch {
            vals: vec![Vec::new(); self.paths.len()],
            analysis: Box::new(Analysis::empty(n)),
            hb: vec![BitRel::new(n); self.reads.len() + 1],
        };
        // The prefix's part of happens-before: the root, then the
        // synchronizes-with edges of the prefix's reads (their reads-from
        // are final; the others are still `None`).
        let live = match self.hb_base {
            Some(base) => {
                let h = &mut scratch.hb[prefix.len()];
                *h = base;
                let mut ok = true;
                for &r in &self.reads[..prefix.len()] {
                    synchronizes_with_read(&g, r, &mut |a, b| ok = ok && h.add_closed(a, b));
                }
                ok
            }
            None => false,
        };
        let mut budget = Budget {
            shared,
            opts,
            local: 0,
            steps: 0,
        };
        let res = self.dfs(
            setup,
            &mut g,
            &mut pick,
            &mut scratch,
            opts,
            shared,
            acc,
            &mut budget,
            live,
        );
        let flushed = budget.flush();
        res?;
        flushed
    }

    /// Explores the reads-from choices that extend `pick`; returns whether
    /// some complete one was consistent (and recorded). Among the free
    /// reads (`reads[free_from..]`) it stops at the first such choice:
    /// every other consistent one gives the same final states and flags
    /// (`crate::projection`).
    #[allow(clippy::too_many_arguments)]
    fn dfs(
        &self,
        setup: &Setup,
        g: &mut ExecutionGraph<S>,
        pick: &mut Vec<u8>,
        scratch: &mut Scratch<S>,
        opts: &Options,
        shared: &Shared<S>,
        acc: &mut Accumulator,
        budget: &mut Budget<S>,
        live: bool,
    ) -> Result<bool, LimitReason> {
        let k = pick.len();
        if k == self.reads.len() {
            // The executions this choice vector stands for (1 unless
            // symmetric threads are reduced to one ordering).
            let weight = if self.symmetry.is_trivial() {
                1
            } else {
                self.symmetry.weight(pick)
            };
            // Another arrangement of interchangeable work-items' choices
            // stands for this one (crate::work_items): not a candidate.
            if !self.swaps.is_empty() && !self.swaps.keeps(self, pick) {
                budget.step(0)?;
                return Ok(false);
            }
            acc.candidates += weight;
            budget.step(weight)?;
            // A candidate whose partial happens-before is cyclic is still
            // counted (the count and the limits see the same sequence of
            // candidates), but not checked: the axioms reject it.
            if live {
                return check_candidate(setup, self, g, scratch, opts, shared, acc, budget, weight);
            }
            return Ok(false);
        }
        // Inner nodes count towards the time limit too: a search that
        // prunes almost everything may reach no leaf for a long time.
        budget.step(0)?;
        if k == self.free_from && !(live && self.observed_part_consistent(setup, g, scratch)) {
            return Ok(false);
        }
        let r = self.reads[k];
        let mut any = false;
        for c in 0..self.cands[k].len() {
            let ck = self.cands[k][c];
            if !self.fits(pick, ck) || !self.symmetry.allows(pick, c as u8) {
                continue;
            }
            g.rf[r] = ck;
            pick.push(c as u8);
            // Every completion is another arrangement's of interchangeable
            // work-items (crate::work_items).
            if !self.swaps.is_empty() && !self.swaps.keeps(self, pick) {
                pick.pop();
                continue;
            }
            let child_live = live && self.extend_hb(g, scratch, k);
            if child_live && self.reads_from_after(g, &scratch.hb[k + 1], k) {
                // No completion is consistent (the value rules reject it):
                // the subtree is pruned, and not counted as candidates.
                pick.pop();
                continue;
            }
            let res = self.dfs(
                setup, g, pick, scratch, opts, shared, acc, budget, child_live,
            );
            pick.pop();
            any |= res?;
            if any && k >= self.free_from {
                break;
            }
        }
        // Reads not chosen yet read nothing (`extend_hb` relies on it).
        g.rf[r] = None;
        Ok(any)
    }

    /// Can some choice of the free reads (`reads[free_from..]`, all still
    /// reading nothing) complete the current choices into a consistent
    /// execution? False only when none can: the values (guards, thin air)
    /// do not depend on the free reads, and with them reading nothing the
    /// axioms see the happens-before, the other reads' value rules and a
    /// part of the coherence constraints of every completion
    /// (`crate::projection`: a free read adds no synchronizes-with edge,
    /// and `coherence::mo_constraints` adds nothing for a read that reads
    /// nothing). So when a rule other than a free read's own value rule
    /// fails here (`analyze_lenient` goes past the value rules and the
    /// coherence cycle, which are checked here for the other reads), it
    /// fails in every completion, and the whole subtree of free choices,
    /// which would otherwise be searched to its end, is skipped.
    fn observed_part_consistent(
        &self,
        setup: &Setup,
        g: &mut ExecutionGraph<S>,
        scratch: &mut Scratch<S>,
    ) -> bool {
        if fill_values(setup, self, g, &mut scratch.vals) != Filled::Ok {
            return false;
        }
        let Ok(a) = amdmm_model::analyze_lenient(g) else {
            return false;
        };
        self.reads[..self.free_from]
            .iter()
            .all(|&r| a.rules[r].is_some_and(|rule| rule.allows(g.rf[r])))
            && a.mo_required.is_acyclic()
    }

    /// Does one of the reads chosen so far (reads `0..=k`) read from a write
    /// it happens before, in `hb` (`scratch.hb[k + 1]`)?
    ///
    /// memory-model.txt, "Location Order" (the rules of which writes a read
    /// may see): "If a read R happens-before a write W3, then R may not see
    /// W3." LangRef says the same of every read ("If R_byte happens before
    /// write3, then R_byte does not see write3"). A write the read may not
    /// see is never its source: the value rules give either `undef` or the
    /// value of one of the writes it may see (`amdmm_model::values::
    /// read_rule`, `ReadRule::allows`), so `analyze` rejects every
    /// completion (`Reject::Value`). `hb` is part of the happens-before of
    /// every completion ([`Combo::extend_hb`]), and the rule looks at the
    /// whole happens-before unless some event is narrowed to fewer address
    /// spaces (then it is not applied here: `prune_read_rule`). Choices
    /// after `k` add edges, so every chosen read is checked again, not only
    /// read `k`: the cheap part of the value rules, applied as soon as the
    /// edges that decide it are known (issue 12, "Scale families").
    ///
    /// The same holds for the coherence cycles that the choices so far
    /// already close ([`Combo::incoherent_so_far`],
    /// [`Combo::read_read_incoherent`]), checked here too.
    fn reads_from_after(&self, g: &ExecutionGraph<S>, hb: &BitRel<S>, k: usize) -> bool {
        if !self.prune_read_rule {
            return false;
        }
        let chosen = &self.reads[..=k];
        chosen.iter().any(|&r| {
            g.rf[r].is_some_and(|w| {
                let w = w as usize;
                hb.has(r, w) || self.incoherent_so_far(g, hb, r, w)
            })
        }) || self.read_read_incoherent(g, hb, chosen)
    }

    /// Do two of the `chosen` reads break read-read coherence through the
    /// happens-before known so far (`hb`, a part of every completion's)?
    ///
    /// LangRef, `monotonic`: "If one atomic read happens before another
    /// atomic read of the same address and both are at least `monotonic`,
    /// the later read must not see an earlier value in the address's
    /// modification order" (`amdmm_model::coherence::mo_constraints`:
    /// `r1 hb r2`, sources `s1 ≠ s2` ⇒ `s1 mo s2`). The edge `s2 mo s1` is
    /// certain when `s2` is the initial write ("the initial write is
    /// first") or `s2 hb s1` with neither store `unordered` (write-write
    /// coherence), so the pair closes a cycle in the constraints of every
    /// completion and `analyze` rejects them all (`Reject::Coherence`).
    /// [`Combo::compatible`] applies the rule along program order before a
    /// choice is made; this applies it through synchronizes-with as soon as
    /// the edges are known (issue 12, "Check the cheap rules incrementally
    /// along the reads-from search").
    fn read_read_incoherent(
        &self,
        g: &ExecutionGraph<S>,
        hb: &BitRel<S>,
        chosen: &[usize],
    ) -> bool {
        let ordered = |w: usize| g.events[w].ordering != Ordering::Unordered;
        let monotonic_reads = chosen
            .iter()
            .filter(|&&r| g.rf[r].is_some() && at_least_monotonic(g.events[r].ordering))
            .fold(S::empty(), |set, &r| set | S::bit(r));
        members(monotonic_reads).any(|r1| {
            let s1 = g.rf[r1].map_or(0, usize::from);
            let later = hb.row(r1) & g.same_loc[r1] & monotonic_reads & !S::bit(r1);
            members(later).any(|r2| {
                let s2 = g.rf[r2].map_or(0, usize::from);
                s1 != s2
                    && (g.events[s2].is_init() || (hb.has(s2, s1) && ordered(s1) && ordered(s2)))
            })
        })
    }

    /// Does read `r`, reading from `src`, close a coherence cycle with
    /// writes already ordered by `hb` (a part of every completion's
    /// happens-before)?
    ///
    /// The edges are those of `amdmm_model::coherence::mo_constraints`
    /// (LangRef, `monotonic`: "All modification orders must be compatible
    /// with the happens-before order"; read-write and write-read coherence
    /// as C++20 [intro.races]): write-read, "a write that happens before a
    /// read is not newer than what the read returns" (`w hb r`, `w ≠ src`
    /// ⇒ `w mo src`), against the write-write edge `src mo w` (`src` is the
    /// initial write, or `src hb w` with neither store `unordered`). (The
    /// read-write counterpart, `r hb w` and `w hb src`, is the read rule
    /// above: `hb` is closed, so then `r hb src`.) Each constraint only grows as
    /// happens-before and reads-from grow, so the cycle is in the
    /// constraints of every completion, and `analyze` rejects it
    /// (`Reject::Coherence`).
    fn incoherent_so_far(
        &self,
        g: &ExecutionGraph<S>,
        hb: &BitRel<S>,
        r: usize,
        src: usize,
    ) -> bool {
        let ordered = |w: usize| g.events[w].ordering != Ordering::Unordered;
        let others = g.same_loc[r] & g.writes & !S::bit(src) & !S::bit(r);
        members(others).any(|w| {
            hb.has(w, r)
                && (g.events[src].is_init() || (hb.has(src, w) && ordered(src) && ordered(w)))
        })
    }

    /// Sets `scratch.hb[k + 1]` to `scratch.hb[k]` with the
    /// synchronizes-with edges of read `k` (just chosen in `g.rf`), closed.
    /// Returns false when they close a cycle.
    ///
    /// Why pruning on it is sound: `hb[k + 1]` is contained in the
    /// happens-before of every candidate that extends the current choices.
    /// By induction: `hb[0]` is `po ∪ barrier ∪ async edges ∪ initial writes
    /// first`, closed, which `amdmm_model::happens_before::happens_before`
    /// includes for every candidate; the edges added for read `k` are those
    /// of `synchronizes_with_read` with the reads not chosen yet reading
    /// nothing, a subset of the candidate's synchronizes-with (its doc
    /// comment); the closure of a subset is a subset. So a cycle here is a
    /// cycle in the candidate's happens-before, and `analyze` rejects it
    /// (`Reject::CyclicHappensBefore`, or `ThinAir` checked before it), with
    /// nothing recorded: `check_candidate` records only accepted ones.
    /// Edges that appear later (a release sequence extended by a later RMW
    /// choice) are simply not added here; the full check at the leaf sees
    /// them.
    fn extend_hb(&self, g: &ExecutionGraph<S>, scratch: &mut Scratch<S>, k: usize) -> bool {
        let (done, next) = scratch.hb.split_at_mut(k + 1);
        let h = &mut next[0];
        h.copy_from(&done[k]);
        let mut ok = true;
        synchronizes_with_read(g, self.reads[k], &mut |a, b| ok = ok && h.add_closed(a, b));
        ok
    }
}

/// The reads-from candidates of read `r`: `None` (the read returns `undef`)
/// unless the value rules can never give `undef`, then every write it could
/// read from.
///
/// memory-model.txt, the value rules: "If no write is *location-ordered*
/// before a read `R`, then `R` returns `undef`"; otherwise `undef` needs a
/// race (a conflicting write not ordered with `R`).
fn read_candidates<S: Set>(g: &ExecutionGraph<S>, r: usize) -> Vec<Option<u8>> {
    let er = &g.events[r];
    let loc = er.loc;
    let po_before = g.po.column(r);
    // The latest own write before `r` hides the initial write and every
    // earlier own write (they are location-ordered before it).
    let own_latest = members(po_before & g.writes)
        .filter(|&w| g.events[w].loc == loc)
        .last();
    let mut ws: Vec<usize> = Vec::new();
    for w in members(g.writes) {
        let ew = &g.events[w];
        if ew.loc != loc || w == r || g.po.has(r, w) {
            continue;
        }
        if let Some(own) = own_latest {
            if w != own && (ew.is_init() || g.po.has(w, own)) {
                continue;
            }
        }
        ws.push(w);
    }
    // `undef` needs either no write location-ordered before the read (no
    // initial write and no earlier own write), or a race, which the value
    // rules exclude when the read and every write it could see are atomics
    // with pairwise inclusive scopes.
    let something_ordered = own_latest.is_some() || ws.iter().any(|&w| g.events[w].is_init());
    let all_inclusive_atomics = er.is_atomic()
        && ws.iter().all(|&a| {
            let ea = &g.events[a];
            ea.is_atomic()
                && amdmm_model::scopes::inclusive(ea, er)
                && ws
                    .iter()
                    .all(|&b| amdmm_model::scopes::inclusive(ea, &g.events[b]))
        });
    // Nor is there a race when the only write the read could see is the
    // initial write or one of its own thread's program-ordered before it:
    // it happens before the read, is location-ordered before it, and no
    // write conflicts (memory-model.txt, the value rules; a private
    // variable of a kernel's work-item at -O0, read and written by it
    // alone, returns its latest write). Two such writes unordered with
    // each other (an asynchronous copy and a store) race.
    let no_race = matches!(ws[..], [w] if g.events[w].is_init() || g.po.has(w, r));
    let mut c = Vec::with_capacity(ws.len() + 1);
    if !(something_ordered && (all_inclusive_atomics || no_race)) {
        c.push(None);
    }
    c.extend(ws.into_iter().map(|w| Some(w as u8)));
    c
}

/// What [`fill_values`] found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Filled {
    /// Every value is known and every path guard holds.
    Ok,
    /// Some value depends on itself through reads-from.
    ThinAir,
    /// A guard of a chosen path fails: this candidate is not an execution
    /// of these paths.
    GuardFails,
}

/// Fixes the values of a candidate from its reads-from (into `vals` and
/// the events of `g`) and checks the paths' guards.
pub(crate) fn fill_values<S: Set>(
    setup: &Setup,
    combo: &Combo<S>,
    g: &mut ExecutionGraph<S>,
    vals: &mut [Vec<Option<Value>>],
) -> Filled {
    let paths = &combo.paths[..];
    let placed = &combo.placed[..];
    let thread_of = &combo.thread_of[..];
    // Values: evaluate until nothing changes; a value that stays unknown
    // depends on itself through reads-from (out of thin air).
    for v in vals.iter_mut() {
        v.clear();
    }
    let n_init = setup.inits.len();
    let mut done = vec![false; paths.len()];
    loop {
        let mut progress = false;
        for t in 0..paths.len() {
            if done[t] {
                continue;
            }
            let offset = placed[t].offset;
            let performed = placed[t].len;
            let before = vals[t].iter().filter(|v| v.is_some()).count();
            let mut mine = std::mem::take(&mut vals[t]);
            let all = {
                let vals_ro: &[Vec<Option<Value>>] = vals;
                let read = |e: u32, own: &[Option<Value>]| -> Option<Value> {
                    if e as usize >= performed {
                        // Not performed (the thread is blocked before it).
                        return Some(Value::Undef);
                    }
                    match g.rf[offset + e as usize] {
                        None => Some(Value::Undef),
                        Some(w) => {
                            let w = w as usize;
                            if w < n_init {
                                Some(g.events[w].write_value)
                            } else {
                                let (wt, wi) = thread_of[w - n_init];
                                let node = paths[wt].events[wi].write_node? as usize;
                                let src = if wt == t { own } else { &vals_ro[wt][..] };
                                src.get(node).copied().flatten()
                            }
                        }
                    }
                };
                eval_nodes(&paths[t].nodes, &mut mine, &read)
            };
            let after = mine.iter().filter(|v| v.is_some()).count();
            vals[t] = mine;
            done[t] = all;
            progress |= after > before;
        }
        if done.iter().all(|d| *d) {
            break;
        }
        if !progress {
            return Filled::ThinAir;
        }
    }
    for (t, p) in paths.iter().enumerate() {
        let guards = combo.barrier.guards(t, p.guards.len());
        if !p.guards[..guards]
            .iter()
            .all(|gd| guard_holds(*gd, &vals[t]))
        {
            return Filled::GuardFails;
        }
        let offset = placed[t].offset;
        for (i, pe) in p.events.iter().enumerate().take(placed[t].len) {
            let e = &mut g.events[offset + i];
            if let Some(n) = pe.read_node {
                e.read_value = vals[t][n as usize].unwrap_or(Value::Undef);
            }
            if let Some(n) = pe.write_node {
                e.write_value = vals[t][n as usize].unwrap_or(Value::Undef);
            }
        }
    }
    Filled::Ok
}

/// A read of some consistent execution that returned `undef`: the
/// instruction that read (thread index, instruction index in its code) and,
/// for a race with one write it may see that is not location-ordered before
/// it, that write's instruction (memory-model.txt, "Location Order", the
/// value rules). `write` is `None` for a read that sees several writes (a
/// race too) and for a read with no write location-ordered before it
/// (`race` false: uninitialised memory).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct ReadFinding {
    pub read: (u32, u32),
    pub write: Option<(u32, u32)>,
    pub race: bool,
}

/// What `run_collecting` gathers besides the outcome.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Findings {
    /// Reads that returned `undef`, sorted.
    pub reads: Vec<ReadFinding>,
    /// Why some thread's path ended in undefined behaviour (an index out
    /// of bounds, a branch on `undef`, ...), sorted.
    pub ub: Vec<String>,
    /// A witness of each finding: the first consistent execution in the
    /// search's order (units merge in order, so it does not depend on the
    /// number of threads) that has it.
    pub witnesses: BTreeMap<FindingKey, Witness>,
    /// Interchangeable work-items were explored in one arrangement only
    /// (`Options::work_item_symmetry`): the states and flags are exact, the
    /// work-items a finding names and its witness are those of the
    /// arrangements explored. Run again without the reduction to name them
    /// as the full search does.
    pub reduced: bool,
}

/// What a witness of [`Findings::witnesses`] is a witness of.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum FindingKey {
    /// A read that returned `undef` ([`Findings::reads`]).
    Read(ReadFinding),
    /// A path that ended in undefined behaviour ([`Findings::ub`]).
    PathUb(String),
    /// A barrier note of the outcome (`ub` or `deadlock`): its flag and text.
    Note(String, String),
}

/// Whether every path cut off by the loop bound is stuck in its loop for
/// good in `g` under modification order `mo`: it read something, and the
/// last read of each location it read returns the modification-order-last
/// write of that location. Nothing later can be written by a thread that
/// has ended or waits at a barrier, and coherence (memory-model.txt,
/// "Coherence"; LangRef, "read-read coherence") lets a later read see no
/// earlier write, so every further iteration reads the same values and
/// takes the same branch: the spin loop never exits (`while (load(flag) ==
/// 0) {}` with nobody left to set the flag). A read returning `undef`, or
/// a loop without reads (one that just needs a larger bound), is not
/// stuck. An approximation recorded in docs/semantics.md ("Spin loops that
/// never exit"): iterations that differ in registers alone are not told
/// apart.
fn spin_stuck<S: Set>(g: &ExecutionGraph<S>, paths: &[&Path], mo: &BitRel<S>) -> bool {
    let mut any = false;
    for (t, p) in paths.iter().enumerate() {
        if p.end != PathEnd::Cutoff {
            continue;
        }
        // The last read of each location by thread t (events are in
        // program order within a thread).
        let mut last: std::collections::BTreeMap<u32, usize> = Default::default();
        for r in members(g.reads) {
            let e = &g.events[r];
            if e.thread as usize == t && !e.is_init() {
                last.insert(e.loc, r);
            }
        }
        if last.is_empty() {
            return false;
        }
        for &r in last.values() {
            let Some(w) = g.rf.get(r).copied().flatten() else {
                return false;
            };
            let w = w as usize;
            let later = members(g.writes)
                .any(|w2| w2 != w && g.events[w2].loc == g.events[w].loc && mo.has(w, w2));
            if later {
                return false;
            }
        }
        any = true;
    }
    any
}

/// Records the reads of `g` that return `undef` under `a`'s value rules.
fn collect_findings<S: Set>(
    g: &ExecutionGraph<S>,
    a: &Analysis<S>,
    out: &mut std::collections::BTreeSet<ReadFinding>,
    new: &mut Vec<ReadFinding>,
) {
    use amdmm_model::values::ReadRule;
    let at = |e: usize| (g.events[e].thread, g.events[e].instr);
    for r in members(g.reads) {
        let (write, race) = match a.rules.get(r).copied().flatten() {
            Some(ReadRule::UnorderedWrite(w)) if !g.events[w].is_init() => (Some(at(w)), true),
            Some(ReadRule::UnorderedWrite(_)) | Some(ReadRule::SeveralWrites) => (None, true),
            Some(ReadRule::NothingOrdered) => (None, false),
            _ => continue,
        };
        let f = ReadFinding {
            read: at(r),
            write,
            race,
        };
        if out.insert(f) {
            new.push(f);
        }
    }
}

/// Fixes the values of a candidate from its reads-from, checks path guards,
/// the model, and every modification order; records what it finds and
/// returns whether it is consistent (something was recorded). Fails only
/// when a limit is reached among its modification orders.
#[allow(clippy::too_many_arguments)]
fn check_candidate<S: Set>(
    setup: &Setup,
    combo: &Combo<S>,
    g: &mut ExecutionGraph<S>,
    scratch: &mut Scratch<S>,
    opts: &Options,
    shared: &Shared<S>,
    acc: &mut Accumulator,
    budget: &mut Budget<S>,
    weight: u64,
) -> Result<bool, LimitReason> {
    let vals = &mut scratch.vals[..];
    if fill_values(setup, combo, g, vals) != Filled::Ok {
        return Ok(false);
    }
    let paths = &combo.paths[..];
    // A read's value must be the value of the write it reads from.
    // The analysis is written into the unit's buffer (no 7 KB copy per
    // candidate); `analyze_into` fills it exactly as `analyze` would.
    // When the happens-before built along the search is exact
    // (`Combo::hb_exact`; the leaf is checked only when it is acyclic), it
    // seeds the analysis: same result, one closure fewer.
    let analyzed = if combo.hb_exact {
        let hb = &scratch.hb[combo.reads.len()];
        analyze_into_with_hb(g, &mut scratch.analysis, hb)
    } else {
        analyze_into(g, &mut scratch.analysis)
    };
    if analyzed.is_err() {
        return Ok(false);
    }
    let analysis: &Analysis<S> = &scratch.analysis;
    let cutoff = paths.iter().any(|p| p.end == PathEnd::Cutoff);
    let assumed = paths.iter().any(|p| p.end == PathEnd::Assumed);
    let ub = paths.iter().any(|p| matches!(p.end, PathEnd::Ub(_)));
    let mut found: Vec<Vec<ValueOut>> = Vec::new();
    let mut witness_mo: Vec<BitRel<S>> = Vec::new();
    let need = mo_need(setup, g);
    let mut limit = Ok(());
    let mut first = true;
    // Every cut-off path is stuck in its loop in every order examined.
    let mut stuck = cutoff;
    for_each_mo(g, &analysis.mo_required, &need, &mut |mo: &BitRel<S>| {
        // Every order after the first is one more execution examined.
        limit = budget.step(weight * u64::from(!first));
        first = false;
        if limit.is_err() {
            return false;
        }
        if !mo_consistent(g, analysis, mo) {
            return true;
        }
        if let Some(visit) = shared.visitor {
            visit(g, analysis, mo);
        }
        if cutoff {
            stuck &= spin_stuck(g, paths, mo);
        }
        if shared.collect {
            let mut new: Vec<FindingKey> = Vec::new();
            let mut reads = Vec::new();
            collect_findings(g, analysis, &mut acc.findings, &mut reads);
            new.extend(reads.into_iter().map(FindingKey::Read));
            for p in paths {
                if let PathEnd::Ub(why) = &p.end {
                    if acc.ub_paths.insert(why.clone()) {
                        new.push(FindingKey::PathUb(why.clone()));
                    }
                }
            }
            new.retain(|k| !acc.finding_witnesses.contains_key(k));
            if !new.is_empty() {
                let w = render_witness(setup, combo, g, analysis, mo);
                for k in new {
                    acc.finding_witnesses.insert(k, w.clone());
                }
            }
        }
        let mut state = final_state(setup, paths, g, vals, mo);
        // Interchangeable work-items with id-valued sinks: their roles
        // (crate::work_items::Valued), dropped when the orbits are rebuilt.
        setup.groups.push_roles(setup, combo, g, mo, &mut state);
        if !found.contains(&state) {
            found.push(state);
            witness_mo.push(*mo);
        }
        true
    });
    limit?;
    if found.is_empty() {
        return Ok(false);
    }
    if assumed {
        // A false `llvm.assume`: the execution is discarded (litmus-format.md),
        // whatever else it does; only counted.
        acc.assume_discarded.extend(found);
        return Ok(true);
    }
    // A path cut by the loop bound has not ended: what the barrier model
    // says of it (waits others never pass while it is in its loop) is real
    // only when the loop can never exit (`spin_stuck`): then the blocked
    // waits are a deadlock, and the execution is that deadlock, not a
    // cut-off one. Otherwise the barrier's verdicts wait for a larger bound.
    let spin_deadlock = stuck && combo.barrier.deadlock;
    let cutoff = cutoff && !spin_deadlock;
    let barrier = !cutoff;
    let flags = amdmm_program::Flags {
        race: analysis.race,
        ub: ub || (barrier && combo.barrier.ub),
        deadlock: barrier && combo.barrier.deadlock,
        cutoff,
    };
    let mut notes: Vec<Note> = Vec::new();
    if spin_deadlock {
        for (t, p) in paths.iter().enumerate() {
            if p.end == PathEnd::Cutoff {
                // The line of its last read: the loop's.
                let line = members(g.reads)
                    .filter(|&r| g.events[r].thread as usize == t && !g.events[r].is_init())
                    .last()
                    .map_or(0, |r| g.events[r].line);
                notes.push(Note {
                    flag: "deadlock".into(),
                    text: format!(
                        "{} never leaves its loop (line {line}): its last reads already see \
                         the last write of each location they read, and the waves that could \
                         write more wait at a barrier",
                        setup.program.threads[t].name
                    ),
                });
            }
        }
    }
    acc.flags = acc.flags.union(flags);
    for r in members(analysis.s1_reads) {
        acc.notes
            .insert(crate::findings::s1_note(setup.program, &g.events[r]));
    }
    for m in combo.barrier.messages.iter().filter(|_| barrier) {
        let (flag, text) = match m.strip_prefix("deadlock: ") {
            Some(t) => ("deadlock", t),
            None => ("ub", m.as_str()),
        };
        notes.push(Note {
            flag: flag.into(),
            text: text.into(),
        });
    }
    for n in notes {
        if shared.collect {
            let key = FindingKey::Note(n.flag.clone(), n.text.clone());
            acc.finding_witnesses
                .entry(key)
                .or_insert_with(|| render_witness(setup, combo, g, analysis, &witness_mo[0]));
        }
        acc.notes.insert(n);
    }
    if flags.deadlock {
        acc.deadlocked.extend(found.iter().cloned());
        // A deadlocked execution has no final state (litmus-format.md).
        if opts.witnesses && !acc.deadlocks.contains_key(&combo.barrier.messages) {
            let w = render_witness(setup, combo, g, analysis, &witness_mo[0]);
            acc.deadlocks.insert(combo.barrier.messages.clone(), w);
        }
        return Ok(true);
    }
    if cutoff {
        acc.cutoff.extend(found);
        return Ok(true);
    }
    for (state, mo) in found.into_iter().zip(witness_mo) {
        let satisfies = {
            let lookup = |o: &Observable| -> Value {
                let i = setup.columns.iter().position(|c| c == o).unwrap_or(0);
                state.get(i).map_or(Value::Undef, |v| v.value())
            };
            condition::holds(&setup.program.condition.cond, &lookup)
        };
        let entry = acc
            .states
            .entry(state.clone())
            .or_insert((satisfies, amdmm_program::Flags::default()));
        entry.1 = entry.1.union(flags);
        // Collecting findings (the kernel front end) keeps a witness of
        // each final state too: its assertion failures are final values.
        if (opts.witnesses || shared.collect) && !acc.witnesses.contains_key(&state) {
            let w = render_witness(setup, combo, g, analysis, &mo);
            acc.witnesses.insert(state, w);
        }
    }
    Ok(true)
}

/// The witness of execution `g` under modification order `mo`, with its
/// barrier execution.
fn render_witness<S: Set>(
    setup: &Setup,
    combo: &Combo<S>,
    g: &ExecutionGraph<S>,
    analysis: &Analysis<S>,
    mo: &BitRel<S>,
) -> Witness {
    let mut w = witness::render(setup.program, &setup.locs, g, analysis, mo);
    w.barrier = combo.barrier.witness.clone();
    w
}

/// How much of each location's modification order matters: every order
/// for locations with RMWs (atomicity) and for every location when seq_cst
/// operations exist (the total order `S`); only the last write for the
/// other shown locations (a final value observes only the
/// modification-order-last write, and `mo_consistent` checks nothing else
/// of their order); one order for the rest.
fn mo_need<S: Set>(setup: &Setup, g: &ExecutionGraph<S>) -> impl Fn(u32) -> MoNeed {
    let all_needed = g.events.iter().any(|e| e.ordering == Ordering::SeqCst);
    let rmw_locs: Vec<u32> = g
        .events
        .iter()
        .filter(|e| e.kind == EventKind::Rmw)
        .map(|e| e.loc)
        .collect();
    let shown = setup.shown_locs.clone();
    move |loc| {
        if all_needed || rmw_locs.contains(&loc) {
            MoNeed::All
        } else if shown.contains(&loc) {
            MoNeed::Last
        } else {
            MoNeed::One
        }
    }
}

pub(crate) fn final_state<S: Set>(
    setup: &Setup,
    paths: &[&Path],
    g: &ExecutionGraph<S>,
    vals: &[Vec<Option<Value>>],
    mo: &BitRel<S>,
) -> Vec<ValueOut> {
    setup
        .columns
        .iter()
        .map(|c| match c {
            Observable::Reg { thread, reg } => {
                let t = *thread as usize;
                let node = paths[t].regs.get(*reg as usize).copied().flatten();
                if node.is_none() {
                    // No instruction of this path writes the register.
                    return ValueOut::Undef(UndefTag::Unwritten);
                }
                let v = node
                    .and_then(|n| vals[t].get(n as usize).copied().flatten())
                    .unwrap_or(Value::Undef);
                ValueOut::shown(setup.program, c, v)
            }
            Observable::Mem { loc, wg } => {
                let value = |cell: u32| {
                    let inst = setup.locs.observed(setup.program, cell, *wg);
                    last_write(g, mo, inst)
                        .map(|w| g.events[w].write_value)
                        .unwrap_or(Value::Undef)
                };
                let cells = observed_cells(setup.program, *loc);
                let v = if cells.len() == 1 {
                    value(*loc)
                } else {
                    compose_bytes(cells.map(value))
                };
                ValueOut::shown(setup.program, c, v)
            }
        })
        .collect()
}

/// The locations an observed `@x` reads: `x` itself, or every byte of a
/// byte-level element (`loc` is its first byte).
pub fn observed_cells(program: &Program, loc: u32) -> std::ops::Range<u32> {
    match &program.locations[loc as usize].byte {
        Some(b) => loc..loc + b.size,
        None => loc..loc + 1,
    }
}

/// The value of a byte-level element from its bytes, lowest first, as a
/// load of its whole width composes it: LangRef, "R returns the value
/// composed of the series of bytes it read". Sign-extended from the
/// element's width like every value; `undef` if any byte is
/// (docs/semantics.md, "Byte-level accesses").
pub fn compose_bytes(bytes: impl Iterator<Item = Value>) -> Value {
    let mut v: u64 = 0;
    let mut n = 0;
    for b in bytes {
        let Value::Int(b) = b else {
            return Value::Undef;
        };
        if n < 8 {
            v |= (b as u64 & 0xff) << (8 * n);
        }
        n += 1;
    }
    let bits = 8 * n.min(8);
    Value::Int(((v << (64 - bits)) as i64) >> (64 - bits))
}

/// The modification-order-last write to a location instance.
pub(crate) fn last_write<S: Set>(
    g: &ExecutionGraph<S>,
    mo: &BitRel<S>,
    inst: u32,
) -> Option<usize> {
    members(g.writes)
        .filter(|&w| g.events[w].loc == inst)
        .find(|&w| (mo.row(w) & g.at_loc(inst) & g.writes).none())
}
