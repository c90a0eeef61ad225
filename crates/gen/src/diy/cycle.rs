//! Critical cycles of edges: enumeration up to rotation, and what a cycle
//! means as a test (threads, locations, the values of its final state).
//!
//! A cycle `e0 e1 ... e(n-1)` has one event per edge: edge `i` goes from
//! event `i` to event `i+1` (mod n). An external communication edge starts
//! a new thread; `Pod`, `Dp*`, `Fenced` and `Barrier` edges move to a new
//! location. herd's diy7 builds its tests the same way (Alglave, Maranget,
//! Sarkar, Sewell, "Fences in weak memory models": a *critical cycle*
//! alternates program order and communication); this module is our own.

use super::edge::{Com, Dir, Edge};

/// Why a sequence of edges is no cycle we generate (for the tests of the
/// rules; the enumeration simply leaves such sequences out).
#[derive(Debug, PartialEq, Eq)]
pub enum Reject {
    /// An edge's source is not the previous edge's target (R/W ends).
    Ends,
    /// Two program-order edges in a row: one thread's po edge per visit
    /// (their composition is a po edge already in the vocabulary).
    PoPo,
    /// One external edge, or external edges that do not close the cycle
    /// (the last edge must return to the first thread).
    Threads,
    /// A one-thread cycle (no external edge) that does not end with a
    /// communication edge: its last edge, back to the thread's first event,
    /// goes backwards in program order, which only a communication edge can.
    OneThreadEnd,
    /// One location change only: the cycle cannot return to its first
    /// location.
    OneChange,
    /// A read asked to return two different values, or a location asked to
    /// end with two different writes: the condition could never hold.
    Contradiction,
    /// A coherence edge whose later write is not the last one of its
    /// location: a final state cannot observe it.
    Unobservable,
}

/// One event of a cycle.
#[derive(Clone, Debug)]
pub struct Event {
    pub dir: Dir,
    pub thread: usize,
    pub loc: usize,
    /// The value written (writes), counted per location from 1 along the
    /// location's coherence order.
    pub value: u32,
    /// The value the condition asks this read to return.
    pub reads: Option<u32>,
}

/// A cycle made concrete: events with threads, locations and values.
#[derive(Clone, Debug)]
pub struct Shape {
    pub edges: Vec<Edge>,
    pub events: Vec<Event>,
    pub threads: usize,
    pub locs: usize,
    /// `(location, value)`: the final value the condition pins.
    pub finals: Vec<(usize, u32)>,
}

/// Checks the closing rules of a cycle (the enumeration checks the
/// adjacency rules as it goes) and computes its events.
pub fn shape(edges: &[Edge]) -> Result<Shape, Reject> {
    let n = edges.len();
    for i in 0..n {
        let (a, b) = (&edges[i], &edges[(i + 1) % n]);
        if a.ends().1 != b.ends().0 {
            return Err(Reject::Ends);
        }
        if a.is_po() && b.is_po() {
            return Err(Reject::PoPo);
        }
    }
    let externals = edges.iter().filter(|e| e.is_external()).count();
    if externals == 0 {
        // One thread: events in the cycle's order are in program order, and
        // the last edge closes the cycle backwards (herd's coherence tests
        // CoRW1, CoWR, CoWW are such cycles).
        if edges[n - 1].is_po() {
            return Err(Reject::OneThreadEnd);
        }
    } else if externals < 2 || !edges[n - 1].is_external() {
        return Err(Reject::Threads);
    }
    let changes = edges.iter().filter(|e| e.changes_location()).count();
    if changes == 1 {
        return Err(Reject::OneChange);
    }
    let locs = changes.max(1);
    let mut events = Vec::with_capacity(n);
    let (mut thread, mut loc) = (0, 0);
    for e in edges {
        events.push(Event {
            dir: e.ends().0,
            thread,
            loc,
            value: 0,
            reads: None,
        });
        thread += usize::from(e.is_external());
        if e.changes_location() {
            loc = (loc + 1) % locs;
        }
    }
    // Each location's events in one walk: from just after the last
    // location change (so location 0's tail and head join), or from event
    // 0 when there is one location. Along it, writes are coherence-ordered.
    let start = edges
        .iter()
        .rposition(|e| e.changes_location())
        .map_or(0, |i| (i + 1) % n);
    let walk: Vec<usize> = (0..n).map(|k| (start + k) % n).collect();
    let rank: Vec<usize> = {
        let mut r = vec![0; n];
        for (k, &i) in walk.iter().enumerate() {
            r[i] = k;
        }
        r
    };
    let mut last_write = vec![0u32; locs];
    for &i in &walk {
        if events[i].dir == Dir::W {
            let l = events[i].loc;
            last_write[l] += 1;
            events[i].value = last_write[l];
        }
    }
    let mut finals: Vec<(usize, u32)> = Vec::new();
    for (i, e) in edges.iter().enumerate() {
        let (src, dst) = (i, (i + 1) % n);
        let Edge::Com { com, .. } = *e else {
            continue;
        };
        let backward = rank[dst] < rank[src];
        match com {
            Com::Rf => {
                let v = events[src].value;
                set_read(&mut events[dst], v)?;
            }
            Com::Fr => {
                // The read returns the write just before the target in
                // coherence order (the initial 0 before the first).
                let v = events[dst].value - 1;
                set_read(&mut events[src], v)?;
            }
            Com::Co => {
                let l = events[dst].loc;
                let v = events[dst].value;
                if v != last_write[l] && !backward {
                    return Err(Reject::Unobservable);
                }
                match finals.iter().find(|(fl, _)| *fl == l) {
                    Some(&(_, fv)) if fv != v => return Err(Reject::Contradiction),
                    Some(_) => {}
                    None => finals.push((l, v)),
                }
            }
        }
    }
    finals.sort_unstable();
    Ok(Shape {
        edges: edges.to_vec(),
        events,
        threads: externals.max(1),
        locs,
        finals,
    })
}

fn set_read(e: &mut Event, v: u32) -> Result<(), Reject> {
    match e.reads {
        Some(old) if old != v => Err(Reject::Contradiction),
        _ => {
            e.reads = Some(v);
            Ok(())
        }
    }
}

/// Every cycle of at most `size` edges over `vocab` (indices into it) with
/// at most `nprocs` threads, each once: the rotation listed is the smallest
/// (as index sequences) of those starting a thread, so rotations and the
/// thread and location renamings they imply are one cycle. `keep` filters
/// (the `-relax` rule); `limit` stops the enumeration with `Err(count)`.
/// With `one_thread`, cycles without an external edge are listed too, each
/// rotation that ends with a communication edge on its own: in one thread
/// the rotation fixes the program order, so rotations are different tests.
pub fn enumerate(
    vocab: &[Edge],
    size: usize,
    nprocs: usize,
    one_thread: bool,
    keep: &dyn Fn(&[usize]) -> bool,
    limit: usize,
) -> Result<Vec<Vec<usize>>, usize> {
    let mut out = Vec::new();
    let mut seq = Vec::with_capacity(size);
    let w = Walk {
        vocab,
        size,
        nprocs,
        one_thread,
        keep,
        limit,
    };
    for first in 0..vocab.len() {
        seq.push(first);
        walk(&w, &mut seq, &mut out)?;
        seq.pop();
    }
    Ok(out)
}

/// The fixed parameters of one enumeration.
struct Walk<'a> {
    vocab: &'a [Edge],
    size: usize,
    nprocs: usize,
    one_thread: bool,
    keep: &'a dyn Fn(&[usize]) -> bool,
    limit: usize,
}

fn walk(w: &Walk, seq: &mut Vec<usize>, out: &mut Vec<Vec<usize>>) -> Result<(), usize> {
    let (vocab, size, keep, limit) = (w.vocab, w.size, w.keep, w.limit);
    let last = &vocab[*seq.last().expect("non-empty")];
    let externals = seq.iter().filter(|&&i| vocab[i].is_external()).count();
    if externals > w.nprocs {
        return Ok(());
    }
    let closes = if externals == 0 {
        w.one_thread && !last.is_po()
    } else {
        last.is_external() && is_canonical(seq, vocab)
    };
    if closes
        && seq.len() >= 2
        && keep(seq)
        && shape(&seq.iter().map(|&i| vocab[i]).collect::<Vec<_>>()).is_ok()
    {
        if out.len() >= limit {
            return Err(out.len() + 1);
        }
        out.push(seq.clone());
    }
    if seq.len() == size {
        return Ok(());
    }
    for (next, e) in vocab.iter().enumerate() {
        if e.ends().0 != last.ends().1 || (e.is_po() && last.is_po()) {
            continue;
        }
        // A rotation starting at a thread's first event is smaller than
        // the sequence only if some later start has a smaller first edge.
        if next < seq[0] && last.is_external() {
            continue;
        }
        seq.push(next);
        walk(w, seq, out)?;
        seq.pop();
    }
    Ok(())
}

/// Whether `seq` (ending with an external edge) is its own smallest
/// rotation among those that also end with one.
fn is_canonical(seq: &[usize], vocab: &[Edge]) -> bool {
    let n = seq.len();
    (1..n)
        .filter(|&r| vocab[seq[r - 1]].is_external())
        .all(|r| {
            let rotated = seq[r..].iter().chain(&seq[..r]);
            rotated.cmp(seq.iter()) != std::cmp::Ordering::Less
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn edges(s: &str) -> Vec<Edge> {
        s.split_whitespace()
            .map(|e| Edge::parse(e).unwrap())
            .collect()
    }

    #[test]
    fn message_passing_final_state() {
        // P0: W x=1; W y=1. P1: R y; R x. The cycle asks y=1 and x=0.
        let s = shape(&edges("PodWW Rfe PodRR Fre")).unwrap();
        assert_eq!((s.threads, s.locs), (2, 2));
        let reads: Vec<_> = s.events.iter().map(|e| e.reads).collect();
        assert_eq!(reads, [None, None, Some(1), Some(0)]);
        assert!(s.finals.is_empty());
    }

    #[test]
    fn two_plus_two_writes_pins_both_locations() {
        let s = shape(&edges("PodWW Coe PodWW Coe")).unwrap();
        assert_eq!(s.finals, [(0, 2), (1, 2)]);
    }

    #[test]
    fn read_read_coherence_on_one_location() {
        let s = shape(&edges("PosRR Fre Rfe")).unwrap();
        assert_eq!(s.locs, 1);
        let reads: Vec<_> = s.events.iter().map(|e| e.reads).collect();
        assert_eq!(reads, [Some(1), Some(0), None]);
    }

    /// herd's CoRW1: a read, then a write to the same location in program
    /// order, the read reading that later write. With the write an LDS DMA
    /// copy this is `Async+tracked.lds-load-before-copy` (finding F7).
    #[test]
    fn one_thread_read_then_write() {
        let s = shape(&edges("PosRW__dma Rfi")).unwrap();
        assert_eq!((s.threads, s.locs), (1, 1));
        let reads: Vec<_> = s.events.iter().map(|e| e.reads).collect();
        assert_eq!(reads, [Some(1), None]);
        assert!(s.events.iter().all(|e| e.thread == 0));
    }

    #[test]
    fn rejections() {
        assert_eq!(shape(&edges("PodWW Rfe")).unwrap_err(), Reject::Ends);
        assert_eq!(shape(&edges("PodWR PodRR Fre")).unwrap_err(), Reject::PoPo);
        assert_eq!(shape(&edges("PodWR Fre")).unwrap_err(), Reject::Threads);
        assert_eq!(
            shape(&edges("Rfi PosRW")).unwrap_err(),
            Reject::OneThreadEnd
        );
        assert_eq!(
            shape(&edges("PodWR Fre PosWR Fre")).unwrap_err(),
            Reject::OneChange
        );
        // The read would return the write and the value before it.
        assert_eq!(shape(&edges("Rfe Fre")).unwrap_err(), Reject::Contradiction);
        // Three writes to x: W1 ->co W2 is not observable at the end.
        assert_eq!(
            shape(&edges("Coe PosWW Coe")).unwrap_err(),
            Reject::Unobservable
        );
    }
}
