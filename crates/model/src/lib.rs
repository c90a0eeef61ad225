//! amdmm-model: the fourth stage of the pipeline (parse → program →
//! exploration → **model checks** → report).
//!
//! The axioms of the AMDGPU memory model, evaluated on one candidate
//! execution graph. The exploration engine generates candidates; this crate
//! says which are consistent and what each read returns.

pub mod async_ops;
pub mod attributes;
pub mod availability;
pub mod barrier;
pub mod coherence;
pub mod happens_before;
pub mod location_order;
pub mod scopes;
pub mod seq_cst;
pub mod thin_air;
pub mod values;
pub mod visibility;

use amdmm_graph::{
    relation::{full, members},
    BitRel, ExecutionGraph, Set,
};
pub use values::ReadRule;

/// Why a candidate execution is inconsistent (for statistics and tests).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reject {
    ThinAir,
    CyclicHappensBefore,
    /// A read returns something the value rules do not allow.
    Value,
    /// No modification order satisfies coherence.
    Coherence,
}

/// Everything the axioms derive from one candidate's reads-from, over the
/// candidate's set type `S` (`u64`: at most 64 events).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Analysis<S: Set = u64> {
    pub sw: BitRel<S>,
    pub hb: BitRel<S>,
    /// Per write: its availability operations (one entry per possible
    /// event, `S::BITS`).
    pub av: S::Rows,
    /// Per write: its availability operations grouped by scope level
    /// (`S::BITS` entries, made once per buffer).
    pub av_ops: Vec<availability::AvOps<S>>,
    /// Per write: its visibility operations.
    pub vis: S::Rows,
    /// Location order (write → access).
    pub lo: BitRel<S>,
    /// Per read: the value rule that applied (`S::BITS` entries).
    pub rules: Vec<Option<ReadRule<S>>>,
    /// Some read returned `undef` because of a data race.
    pub race: bool,
    /// The reads that return `undef` by "Otherwise, `R` returns `undef`"
    /// although every write they may see is an atomic operation, with
    /// pairwise inclusive scopes and location-ordered before them: the
    /// pattern of specification finding S1 (docs/findings.md), where
    /// `--model proposed` returns the modification-order-last of them.
    pub s1_reads: S,
    /// Edges every modification order must contain.
    pub mo_required: BitRel<S>,
}

impl<S: Set> Analysis<S> {
    /// An empty analysis (every relation over `n` events empty, no rules):
    /// a buffer for [`analyze_into`].
    pub fn empty(n: usize) -> Self {
        Analysis {
            sw: BitRel::new(n),
            hb: BitRel::new(n),
            av: S::empty_rows(),
            av_ops: vec![availability::AvOps::default(); S::BITS],
            vis: S::empty_rows(),
            lo: BitRel::new(n),
            rules: vec![None; S::BITS],
            race: false,
            s1_reads: S::empty(),
            mo_required: BitRel::new(n),
        }
    }
}

/// Checks a candidate's reads-from against the axioms that do not depend on
/// the modification order, and derives the relations the rest need.
pub fn analyze<S: Set>(g: &ExecutionGraph<S>) -> Result<Analysis<S>, Reject> {
    let mut a = Analysis::empty(g.len());
    analyze_into(g, &mut a)?;
    Ok(a)
}

/// [`analyze`] writing into a caller's buffer: the exploration engine keeps
/// one `Analysis` (about 7 KB) per unit of work and reuses it for every
/// candidate, instead of building one and moving it out per candidate.
///
/// On `Ok`, `out` equals what [`analyze`] returns: every field is written,
/// and the per-event arrays are reset for the events that are not writes
/// (resp. reads) before the writes (resp. reads) are filled in, so nothing of
/// an earlier candidate survives (entries at indices `≥ g.len()` are those of
/// the buffer: empty when it was made by [`Analysis::empty`] and only ever
/// used with graphs of at most that many events). On `Err` the contents are
/// unspecified.
pub fn analyze_into<S: Set>(g: &ExecutionGraph<S>, out: &mut Analysis<S>) -> Result<(), Reject> {
    if !thin_air::no_thin_air(g) {
        return Err(Reject::ThinAir);
    }
    out.sw = happens_before::synchronizes_with(g);
    out.hb = happens_before::happens_before(g, &out.sw).ok_or(Reject::CyclicHappensBefore)?;
    derive_from_hb(g, out, true)
}

/// [`analyze_into`] for a caller that already knows the candidate's
/// happens-before: `hb` must equal
/// `happens_before::happens_before(g, &happens_before::synchronizes_with(g))`
/// and be `Some` (acyclic). The result, `Ok` or `Err`, and on `Ok` every
/// field of `out`, are then those of [`analyze_into`]: the same checks run
/// in the same order, the closure (Warshall over every event) is just not
/// recomputed. The exploration engine builds happens-before read by read
/// along its search and passes it here when it is exact (see
/// `Combo::hb_exact` there).
pub fn analyze_into_with_hb<S: Set>(
    g: &ExecutionGraph<S>,
    out: &mut Analysis<S>,
    hb: &BitRel<S>,
) -> Result<(), Reject> {
    if !thin_air::no_thin_air(g) {
        return Err(Reject::ThinAir);
    }
    out.sw = happens_before::synchronizes_with(g);
    debug_assert_eq!(
        happens_before::happens_before(g, &out.sw).as_ref(),
        Some(hb),
        "analyze_into_with_hb: the given happens-before is not the candidate's"
    );
    out.hb = *hb;
    derive_from_hb(g, out, true)
}

/// The rest of [`analyze_into`], once `out.sw` and `out.hb` are set
/// (happens-before acyclic): availability, visibility, location order, the
/// value rules and the modification-order constraints. With `strict` false
/// (`analyze_lenient`), a value-rule or coherence failure does not stop it.
fn derive_from_hb<S: Set>(
    g: &ExecutionGraph<S>,
    out: &mut Analysis<S>,
    strict: bool,
) -> Result<(), Reject> {
    let n = g.len();
    let hb = &out.hb;
    let hb_inv = hb.inverse();
    let po_inv = &g.po_inv;
    let mut make_available = S::empty();
    let mut make_visible = S::empty();
    for (i, e) in g.events.iter().enumerate() {
        make_available |= S::bit_if(e.make_available, i);
        make_visible |= S::bit_if(e.make_visible, i);
    }
    // A topological order of hb: fewer predecessors first (counting sort).
    // Event indices fit a byte (at most `MAX_WIDE_EVENTS` = 256 events).
    let mut topo_buf = [0u8; amdmm_graph::MAX_WIDE_EVENTS];
    let mut count = [0u16; amdmm_graph::MAX_WIDE_EVENTS + 1];
    for e in 0..n {
        count[hb_inv.row(e).size() as usize + 1] += 1;
    }
    for k in 1..=n {
        count[k] += count[k - 1];
    }
    for e in 0..n {
        let k = hb_inv.row(e).size() as usize;
        topo_buf[count[k] as usize] = e as u8;
        count[k] += 1;
    }
    let topo = &topo_buf[..n];
    let av = out.av.as_mut();
    let av_ops = &mut out.av_ops;
    let vis = out.vis.as_mut();
    // What `analyze` leaves empty: the entries of events that are not writes.
    for e in members(full::<S>(n) & !g.writes) {
        av[e] = S::empty();
        av_ops[e] = availability::AvOps::default();
        vis[e] = S::empty();
    }
    let mut lo = BitRel::new(n);
    // The writes location by location: what visibility looks at depends on
    // the location, not on the write (except for an RMW, below), so it is
    // listed once per location. Each write's results depend only on `w`, so
    // the order the writes are taken in changes nothing.
    let mut order_buf = [0u8; amdmm_graph::MAX_WIDE_EVENTS];
    let mut rmw_buf = [0u8; amdmm_graph::MAX_WIDE_EVENTS];
    // The rules about a location use the happens-before of its address space.
    let hbs = happens_before::SpaceHb::new(g, &out.sw, hb, &hb_inv);
    let mut pending = g.writes;
    while let Some(first) = pending.first() {
        let (hb, hb_inv) = hbs.of(g.events[first].space);
        let here_all = g.same_loc[first];
        let loc_writes = here_all & g.writes;
        let loc_reads = here_all & g.reads;
        pending &= !loc_writes;
        // Visibility matters only up to the reads of the location: only
        // operations that happen before (or are) one of them can order `w`
        // before a read. `w` itself is not one of "the reads" when it is an
        // RMW, which the RMW's own list below accounts for.
        let relevant_from = |reads: S| {
            let mut relevant = S::empty();
            for r in members(reads) {
                relevant |= hb_inv.row(r) | S::bit(r);
            }
            relevant
        };
        // Only load-visible accesses of the location and MakeVisible
        // operations can be visibility operations.
        let capable_among = |relevant: S| relevant & (make_visible | loc_reads);
        let list = |capable: S, buf: &mut [u8; amdmm_graph::MAX_WIDE_EVENTS]| -> usize {
            let mut len = 0;
            for &y in topo {
                if capable.has(y as usize) {
                    buf[len] = y;
                    len += 1;
                }
            }
            len
        };
        let shared_len = list(capable_among(relevant_from(loc_reads)), &mut order_buf);
        for w in members(loc_writes) {
            let here = g.same_loc[w] & !S::bit(w);
            av_ops[w] = availability::availability_ops(g, hb, hb_inv, make_available, w);
            av[w] = av_ops[w].all;
            let order: &[u8] = if loc_reads.has(w) {
                let len = list(
                    capable_among(relevant_from(loc_reads & !S::bit(w))),
                    &mut rmw_buf,
                );
                &rmw_buf[..len]
            } else {
                &order_buf[..shared_len]
            };
            let visible = visibility::visibility_ops(g, hb_inv, &av_ops[w], make_visible, order, w);
            vis[w] = visible;
            let mut row = S::empty();
            for y in members(here) {
                if location_order::location_ordered(g, hb_inv, po_inv, &av_ops[w], visible, w, y) {
                    row |= S::bit(y);
                }
            }
            lo.set_row(w, row);
        }
    }
    out.lo = lo;
    let lo_inv = lo.inverse();
    let rules = &mut out.rules;
    for e in members(full::<S>(n) & !g.reads) {
        rules[e] = None;
    }
    let mut race = false;
    let mut s1_reads = S::empty();
    for r in members(g.reads) {
        let writes_here = g.same_loc[r] & g.writes;
        let (hb, _) = hbs.of(g.events[r].space);
        let seen = values::may_see(writes_here, &lo_inv, hb, r);
        let rule = values::read_rule(g, &lo_inv, writes_here, seen, r);
        if strict && !rule.allows(g.rf[r]) {
            return Err(Reject::Value);
        }
        race |= rule.is_race();
        if rule == ReadRule::SeveralWrites && values::atomics_with_inclusive_scopes(g, seen) {
            s1_reads |= S::bit(r);
        }
        rules[r] = Some(rule);
    }
    out.race = race;
    out.s1_reads = s1_reads;
    out.mo_required = coherence::mo_constraints(g, &hbs);
    if strict && !out.mo_required.is_acyclic() {
        return Err(Reject::Coherence);
    }
    Ok(())
}

/// [`analyze`] that goes on past the value rules and coherence, for
/// `amdmm explain`: every field is derived as `analyze` derives it, and a
/// read whose reads-from its rule does not allow (`rules[r]` says why) or a
/// cyclic `mo_required` is left for the caller to report. Thin air and a
/// cyclic happens-before still stop it (nothing can be derived past them).
pub fn analyze_lenient<S: Set>(g: &ExecutionGraph<S>) -> Result<Analysis<S>, Reject> {
    if !thin_air::no_thin_air(g) {
        return Err(Reject::ThinAir);
    }
    let mut out = Analysis::empty(g.len());
    out.sw = happens_before::synchronizes_with(g);
    out.hb = happens_before::happens_before(g, &out.sw).ok_or(Reject::CyclicHappensBefore)?;
    derive_from_hb(g, &mut out, false)?;
    Ok(out)
}

/// The axioms that depend on the modification order `mo` (transitive, total
/// per location, containing `Analysis::mo_required`).
pub fn mo_consistent<S: Set>(g: &ExecutionGraph<S>, a: &Analysis<S>, mo: &BitRel<S>) -> bool {
    coherence::rmw_atomicity(g, mo) && seq_cst::sc_consistent(g, &a.hb, mo)
}

/// Which rule set to check executions against (`--model`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum ModelKind {
    /// The seed's `memory-model.txt` (the default).
    #[default]
    Seed,
    /// The upstream revision `AMDGPUMemoryModel.md`: LDS accesses are always
    /// workgroup-scope store-available / load-visible, non-atomic volatile
    /// accesses are widened, and reads are location-ordered before the
    /// accesses they happen-before.
    Upstream,
    /// Not normative: the seed plus the smallest change that fixes each
    /// specification finding (docs/findings.md, "Specification findings").
    /// S1: a read that may see several atomic writes with inclusive scopes,
    /// each location-ordered before it, returns one of them (coherence
    /// chooses) instead of `undef` ([`values::read_rule`]).
    Proposed,
}

impl ModelKind {
    pub const NAMES: &'static [&'static str] = &["seed", "upstream", "proposed"];

    pub fn name(self) -> &'static str {
        match self {
            ModelKind::Seed => "seed",
            ModelKind::Upstream => "upstream",
            ModelKind::Proposed => "proposed",
        }
    }

    pub fn from_name(s: &str) -> Option<ModelKind> {
        match s {
            "seed" => Some(ModelKind::Seed),
            "upstream" => Some(ModelKind::Upstream),
            "proposed" => Some(ModelKind::Proposed),
            _ => None,
        }
    }
}
