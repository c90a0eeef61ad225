//! Events and the execution graph the model's axioms are evaluated on.

use crate::relation::BitRel;
use crate::set::{Set, Wide};
use amdmm_program::{AddrSpace, Ordering, Placement, ScopeLevel, SpaceSet, SyncScope, Value};

/// The `thread` of an initial write.
pub const INIT_THREAD: u32 = u32::MAX;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum EventKind {
    Read,
    Write,
    /// A successful read-modify-write: one event that reads and writes.
    Rmw,
    Fence,
}

/// The dependencies of an event ([`Event::deps`]).
pub type DepSet = Wide<4>;

/// One memory event of a candidate execution.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Event {
    /// Thread index, or `INIT_THREAD` for an initial write.
    pub thread: u32,
    pub kind: EventKind,
    /// Location instance (an LDS location has one instance per workgroup).
    pub loc: u32,
    pub space: AddrSpace,
    /// The value read (reads and RMWs).
    pub read_value: Value,
    /// The value written (writes and RMWs).
    pub write_value: Value,
    pub ordering: Ordering,
    /// The op's sync scope (atomics and fences).
    pub scope: SyncScope,
    /// Store-available with this scope (memory-model.txt, "store-available").
    pub store_available: Option<ScopeLevel>,
    /// Load-visible with this scope (memory-model.txt, "load-visible").
    pub load_visible: Option<ScopeLevel>,
    /// A MakeAvailable operation (release or stronger, not `amdgcn-av none`).
    pub make_available: bool,
    /// A MakeVisible operation (acquire or stronger, not `amdgcn-av none`).
    pub make_visible: bool,
    /// The address spaces this event synchronizes
    /// (`amdmm_model::attributes::sync_spaces`).
    pub sync_spaces: SpaceSet,
    pub placement: Placement,
    /// Reads (event indices) this event depends on through data, address or
    /// control dependencies: a set as wide as the widest execution, so that
    /// events need no width of their own.
    pub deps: DepSet,
    /// Index of the instruction in the thread's code (for display).
    pub instr: u32,
    /// Source line (0 for initial writes).
    pub line: u32,
}

impl Event {
    pub fn is_read(&self) -> bool {
        matches!(self.kind, EventKind::Read | EventKind::Rmw)
    }
    pub fn is_write(&self) -> bool {
        matches!(self.kind, EventKind::Write | EventKind::Rmw)
    }
    pub fn is_fence(&self) -> bool {
        self.kind == EventKind::Fence
    }
    pub fn is_atomic(&self) -> bool {
        self.ordering.is_atomic()
    }
    pub fn is_init(&self) -> bool {
        self.thread == INIT_THREAD
    }
}

/// A candidate execution: events, program order, reads-from and, once chosen,
/// the modification order.
///
/// Generic over the set type of its relations (`u64` for at most 64 events,
/// the default; [`Wide`] for more).
#[derive(Clone, Debug)]
pub struct ExecutionGraph<S: Set = u64> {
    /// Initial writes first, then each thread's events in program order.
    pub events: Vec<Event>,
    /// Program order (transitive, within a thread). The events of an async
    /// LDS DMA copy precede only the events after the wait that completes it
    /// (`amdmm_model::async_ops::thread_order`).
    pub po: BitRel<S>,
    /// `rf[r] = Some(w)`: read `r` returns the value of write `w`;
    /// `None` for a read that returns `undef` by the value rules (and for
    /// non-reads).
    pub rf: Vec<Option<u8>>,
    /// Synchronizes-with edges that come from outside the memory accesses
    /// (the barrier execution model); part of happens-before.
    pub extra_sw: BitRel<S>,
    /// Happens-before edges of async operations that are not program order
    /// (the `upstream` model's async operation as an event of its own;
    /// empty under the seed model). Part of happens-before.
    pub async_hb: BitRel<S>,
    pub reads: S,
    pub writes: S,
    pub fences: S,
    pub atomics: S,
    pub inits: S,
    /// Per event: the events accessing the same location instance (empty for
    /// fences). Fixed for a graph; see [`ExecutionGraph::index`].
    pub same_loc: Vec<S>,
    /// `po` inverted. Fixed for a graph; see [`ExecutionGraph::index`].
    pub po_inv: BitRel<S>,
    /// Reads are location-ordered before the accesses they happen before
    /// (the upstream model's rule; see `amdmm_model::location_order`).
    pub reads_location_ordered: bool,
    /// A read that may see several writes, all location-ordered before it,
    /// atomic and with pairwise inclusive scopes, returns one of them, which
    /// coherence chooses (the `proposed` model's change for specification
    /// finding S1; see `amdmm_model::values::read_rule`).
    pub ordered_atomics_coherent: bool,
    /// Per event `y` and scope level `L`: the events `x` such that `x`'s
    /// instance of `L` includes `y` (equivalently `y`'s includes `x`; initial
    /// writes belong to every instance). Fixed for a graph.
    pub scope_peers: Vec<[S; 6]>,
}

impl<S: Set> ExecutionGraph<S> {
    pub fn len(&self) -> usize {
        self.events.len()
    }

    pub fn is_empty(&self) -> bool {
        self.events.is_empty()
    }

    /// The reads-from relation as a bit matrix (write → read).
    pub fn rf_rel(&self) -> BitRel<S> {
        let mut r = BitRel::new(self.len());
        for (read, w) in self.rf.iter().enumerate() {
            if let Some(w) = w {
                r.add(*w as usize, read);
            }
        }
        r
    }

    /// Computes the derived fields (`reads`, `writes`, `fences`, `atomics`,
    /// `inits`, `same_loc`, `po_inv`) from `events` and `po`.
    pub fn index(&mut self) {
        let n = self.events.len();
        let (mut reads, mut writes, mut fences, mut atomics, mut inits) =
            (S::empty(), S::empty(), S::empty(), S::empty(), S::empty());
        for (i, e) in self.events.iter().enumerate() {
            reads |= S::bit_if(e.is_read(), i);
            writes |= S::bit_if(e.is_write(), i);
            fences |= S::bit_if(e.is_fence(), i);
            atomics |= S::bit_if(e.is_atomic(), i);
            inits |= S::bit_if(e.is_init(), i);
        }
        self.reads = reads;
        self.writes = writes;
        self.fences = fences;
        self.atomics = atomics;
        self.inits = inits;
        self.same_loc = (0..n)
            .map(|i| {
                if self.events[i].is_fence() {
                    S::empty()
                } else {
                    self.at_loc(self.events[i].loc)
                }
            })
            .collect();
        self.po_inv = self.po.inverse();
        self.scope_peers = (0..n)
            .map(|y| {
                let ey = &self.events[y];
                let mut peers = [S::empty(); 6];
                for level in ScopeLevel::ALL {
                    let mut m = S::empty();
                    for (x, ex) in self.events.iter().enumerate() {
                        if ex.is_init()
                            || ey.is_init()
                            || ex.placement.same_instance(&ey.placement, level)
                        {
                            m |= S::bit(x);
                        }
                    }
                    peers[level as usize] = m;
                }
                peers
            })
            .collect();
    }

    /// The events that access location instance `loc`.
    pub fn at_loc(&self, loc: u32) -> S {
        let mut s = S::empty();
        for (i, e) in self.events.iter().enumerate() {
            if !e.is_fence() && e.loc == loc {
                s |= S::bit(i);
            }
        }
        s
    }
}
