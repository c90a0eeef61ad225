//! Symmetry between waves (issue 27): waves that run the same code from
//! the same kind of place are interchangeable, so the search stores one
//! state per arrangement of them and expands each final state back over
//! every arrangement.
//!
//! Two waves are *interchangeable* when their program code, their machine
//! code and their register files are the same (the registers are numbered
//! per thread, so equal code uses equal register numbers), the final state
//! shows the same registers of each ([`shown_registers`]) and exchanging
//! them, together with the caches and queues each owns alone, maps the
//! machine onto itself. Per kind of place (CU, shader array, L2, work-group,
//! SIMD32-pair queue, cluster) the waves of a class either all share one,
//! or each owns its own, which no other wave uses; a class that mixes the
//! two is split by that place until it does not. A wave that owns its
//! work-group is only exchanged when the test has no LDS location (an LDS
//! request names its work-group's copy of the location, which the exchange
//! would have to rename).
//!
//! The machine's steps look at a wave only through its code, its place and
//! its own state, so a permutation `π` of interchangeable waves (and of the
//! rows they own) maps every step `s → t` of the unreduced machine onto a
//! step `π s → π t`, and the initial state onto itself; and since the
//! exchanged waves show the same registers, the final state of `π t` is
//! that of `t` with those registers exchanged. So the final states
//! reachable from `π s` are the images of those reachable from `s`. The
//! search ([`super::search::Explorer::dfs`]) fingerprints the *canonical*
//! state ([`Symmetry::canonical`]: each class's members sorted by what
//! they and their own rows hold), after the other reductions, so a state
//! whose image was explored before is not explored again: what it would
//! give is the image of what was found. The other reductions keep, from
//! every state, its reachable final states (not every register of every
//! terminal state: dead registers are forgotten), which is all this needs
//! because an image's final state depends only on the final state. By
//! induction over the longest path to a terminal state (the state graph is
//! acyclic), recording at each terminal state reached the final states of
//! its images ([`Symmetry::images`]) gives exactly the final states of the
//! search without symmetry (`verify --no-symmetry`, `--no-reduction`).
//! docs/hardware.md, "Symmetry between waves", has the argument and the
//! bug the shown-register condition fixed.

use super::code::Code;
use super::memsys::{permute, Geometry};
use super::state::{ChanReq, State};
use amdmm_program::{AddrSpace, Observable, Program};
use std::borrow::Cow;
use std::hash::{BuildHasher, Hash, Hasher};

/// The kinds of place a wave may own, in the order of [`Perm::rows`].
const CU: usize = 0;
const SA: usize = 1;
const L2: usize = 2;
const WG: usize = 3;
const PAIRQ: usize = 4;
const CLUSTER: usize = 5;
const KINDS: usize = 6;

/// The largest number of arrangements a terminal state is expanded into:
/// classes are cut so that the product of their sizes' factorials stays
/// under it (a smaller group is still a symmetry, only a weaker one).
const MAX_GROUP: usize = 5040;

/// The interchangeable waves of a test and what each permutation moves.
#[derive(Debug, Default)]
pub(super) struct Symmetry {
    classes: Vec<Class>,
    /// Every permutation of the group but the identity.
    others: Vec<Perm>,
    /// The identity (rows of each kind).
    identity: Perm,
    /// Thread names, for the traces of images.
    names: Vec<String>,
    n_locs: usize,
}

/// A class of interchangeable waves.
#[derive(Debug)]
struct Class {
    members: Vec<usize>,
    /// Per kind of place: each member's place.
    at: [Vec<usize>; KINDS],
    /// Per kind of place: does each member own its place (else all share
    /// one)?
    owns: [bool; KINDS],
}

/// A permutation of the waves and of the rows they own: wave `w`'s state
/// goes to wave `wave[w]`, row `i` of kind `k` to row `rows[k][i]`.
#[derive(Clone, Debug, Default)]
pub(super) struct Perm {
    wave: Vec<usize>,
    rows: [Vec<usize>; KINDS],
}

impl Symmetry {
    /// The classes of interchangeable waves of `p` (none when `enabled` is
    /// false).
    pub(super) fn new(
        p: &Program,
        code: &[Code],
        geo: &Geometry,
        wg: &[usize],
        cluster_of: &[usize],
        enabled: bool,
    ) -> Symmetry {
        let n = p.threads.len();
        let n_locs = p.locations.len();
        let place = |k: usize, w: usize| -> usize {
            match k {
                CU => geo.cu[w],
                SA => geo.sa.get(w).copied().unwrap_or(0),
                L2 => geo.l2[w],
                WG => wg[w],
                PAIRQ => geo.pairq.get(w).copied().unwrap_or(0),
                _ => cluster_of.get(wg[w]).copied().unwrap_or(0),
            }
        };
        let n_rows = |k: usize| -> usize {
            (0..n)
                .map(|w| place(k, w) + 1)
                .max()
                .unwrap_or(0)
                .max(match k {
                    CU => geo.cu_l2.len(),
                    SA => geo.n_sa,
                    L2 => geo.n_l2,
                    PAIRQ => geo.n_pairq,
                    _ => 0,
                })
        };
        let identity = Perm {
            wave: (0..n).collect(),
            rows: std::array::from_fn(|k| (0..n_rows(k)).collect()),
        };
        let mut sym = Symmetry {
            identity,
            names: p.threads.iter().map(|t| t.name.clone()).collect(),
            n_locs,
            ..Symmetry::default()
        };
        if !enabled {
            return sym;
        }
        let has_lds = p.locations.iter().any(|l| l.space == AddrSpace::Lds);
        let shown = shown_registers(p);
        let same = |a: usize, b: usize| {
            let (ta, tb) = (&p.threads[a], &p.threads[b]);
            ta.code == tb.code
                && ta.regs.len() == tb.regs.len()
                && code[a].micro == code[b].micro
                && code[a].start == code[b].start
                && shown[a] == shown[b]
        };
        // Waves with the same code, in order of their first member.
        let mut groups: Vec<Vec<usize>> = Vec::new();
        for w in 0..n {
            match groups.iter_mut().find(|g| same(g[0], w)) {
                Some(g) => g.push(w),
                None => groups.push(vec![w]),
            }
        }
        let users = |k: usize, v: usize| (0..n).filter(|&w| place(k, w) == v).count();
        let mut classes: Vec<Class> = Vec::new();
        let mut todo: Vec<Vec<usize>> = groups.into_iter().filter(|g| g.len() > 1).collect();
        'class: while let Some(members) = todo.pop() {
            let at: [Vec<usize>; KINDS] =
                std::array::from_fn(|k| members.iter().map(|&m| place(k, m)).collect());
            let mut owns = [false; KINDS];
            for (k, vals) in at.iter().enumerate() {
                if vals.iter().all(|&v| v == vals[0]) {
                    continue;
                }
                let alone = vals.iter().all(|&v| users(k, v) == 1);
                if alone && !(k == WG && has_lds) {
                    owns[k] = true;
                    continue;
                }
                // Split by this kind of place: each part shares it.
                let mut parts: Vec<Vec<usize>> = Vec::new();
                for &m in &members {
                    match parts.iter_mut().find(|q| place(k, q[0]) == place(k, m)) {
                        Some(q) => q.push(m),
                        None => parts.push(vec![m]),
                    }
                }
                todo.extend(parts.into_iter().filter(|q| q.len() > 1));
                continue 'class;
            }
            classes.push(Class { members, at, owns });
        }
        classes.sort_by_key(|c| c.members[0]);
        // Cut the classes to keep the group within `MAX_GROUP`.
        let mut order = 1usize;
        let mut kept = Vec::new();
        for mut c in classes {
            while c.members.len() > 1 && order * factorial(c.members.len()) > MAX_GROUP {
                c.members.pop();
                for v in c.at.iter_mut() {
                    v.pop();
                }
            }
            if c.members.len() > 1 {
                order *= factorial(c.members.len());
                kept.push(c);
            }
        }
        sym.classes = kept;
        sym.others = sym.group().into_iter().skip(1).collect();
        sym
    }

    /// Are there interchangeable waves?
    pub(super) fn is_empty(&self) -> bool {
        self.classes.is_empty()
    }

    /// Every permutation of the group, the identity first.
    fn group(&self) -> Vec<Perm> {
        let mut out = vec![self.identity.clone()];
        for c in &self.classes {
            let arrangements = permutations(c.members.len());
            let mut next = Vec::with_capacity(out.len() * arrangements.len());
            for p in &out {
                for a in &arrangements {
                    let mut q = p.clone();
                    for (i, &j) in a.iter().enumerate() {
                        self.send(&mut q, c, i, j);
                    }
                    next.push(q);
                }
            }
            out = next;
        }
        out
    }

    /// Makes `q` send member `i` of class `c` (its wave and the rows it
    /// owns) to member `j`'s place.
    fn send(&self, q: &mut Perm, c: &Class, i: usize, j: usize) {
        q.wave[c.members[i]] = c.members[j];
        for k in (0..KINDS).filter(|&k| c.owns[k]) {
            q.rows[k][c.at[k][i]] = c.at[k][j];
        }
    }

    /// The state's canonical image: the members of each class sorted by
    /// what they hold ([`Self::key`]; equal keys by wave number). Two states
    /// with the same canonical image are images of each other (the sort
    /// only ever applies a permutation of the group), which is all the
    /// search needs; states whose members' keys differ have the same
    /// canonical image exactly when they are images of each other.
    pub(super) fn canonical<'s>(&self, s: &'s State) -> Cow<'s, State> {
        let mut perm: Option<Perm> = None;
        for c in &self.classes {
            let mut keyed: Vec<(u64, usize)> = (0..c.members.len())
                .map(|i| (self.key(s, c, i), i))
                .collect();
            keyed.sort_unstable();
            for (j, &(_, i)) in keyed.iter().enumerate() {
                if i != j {
                    let q = perm.get_or_insert_with(|| self.identity.clone());
                    self.send(q, c, i, j);
                }
            }
        }
        match perm {
            None => Cow::Borrowed(s),
            Some(q) => Cow::Owned(self.apply(&q, s)),
        }
    }

    /// The images of terminal state `s` under every permutation of the
    /// group but the identity, each with the trace `path` renamed: a step
    /// of wave `w` (a label `NAME: ...`) becomes one of its image, and a
    /// last line names the exchange.
    pub(super) fn images(&self, s: &State, path: &[String]) -> Vec<(State, Vec<String>)> {
        self.others
            .iter()
            .map(|q| {
                let mut trace: Vec<String> = path.iter().map(|l| self.rename(q, l)).collect();
                let moved: Vec<String> = q
                    .wave
                    .iter()
                    .enumerate()
                    .filter(|(w, to)| w != *to)
                    .map(|(w, &to)| format!("{} -> {}", self.names[w], self.names[to]))
                    .collect();
                trace.push(format!(
                    "(symmetry: the run found, with interchangeable waves renamed {})",
                    moved.join(", ")
                ));
                (self.apply(q, s), trace)
            })
            .collect()
    }

    fn rename(&self, q: &Perm, label: &str) -> String {
        for (w, name) in self.names.iter().enumerate() {
            if let Some(rest) = label
                .strip_prefix(name.as_str())
                .and_then(|r| r.strip_prefix(": "))
            {
                return format!("{}: {rest}", self.names[q.wave[w]]);
            }
        }
        label.to_string()
    }

    /// What member `i` of class `c` holds: its wave, the rows it owns, and
    /// its requests (with their positions) in the queues it shares, all
    /// without its wave number.
    fn key(&self, s: &State, c: &Class, i: usize) -> u64 {
        let m = c.members[i];
        let mut h = foldhash::quality::FixedState::with_seed(0x5bd1_e995).build_hasher();
        s.waves[m].hash(&mut h);
        let own = |k: usize| c.owns[k].then(|| c.at[k][i]);
        s.mem
            .hash_owned(&mut h, [own(CU), own(SA), own(L2), own(WG)], self.n_locs);
        let req = |h: &mut foldhash::quality::FoldHasher, r: &ChanReq| {
            (r.id, r.loc, &r.kind, r.acked, r.before_wb).hash(h);
        };
        for (k, queues) in [(CU, &s.chan), (SA, &s.chan2)] {
            match own(k) {
                Some(row) => {
                    for r in queues.get(row).into_iter().flatten() {
                        req(&mut h, r);
                    }
                }
                None => {
                    let queue = queues.get(c.at[k][i]).into_iter().flatten();
                    for (pos, r) in queue.enumerate().filter(|(_, r)| r.wave as usize == m) {
                        pos.hash(&mut h);
                        req(&mut h, r);
                    }
                }
            }
        }
        let pairq = s.pairq.get(c.at[PAIRQ][i]).into_iter().flatten();
        for (pos, r) in pairq.enumerate() {
            // An owned queue holds only the member's requests.
            if c.owns[PAIRQ] || r.wave as usize == m {
                (pos, r.id).hash(&mut h);
            }
        }
        if let Some(g) = own(WG) {
            s.bars.get(g).hash(&mut h);
            s.named.get(16 * g..16 * g + 16).hash(&mut h);
            s.wg_cluster_arrive.get(g).hash(&mut h);
        }
        if let Some(k) = own(CLUSTER) {
            s.cluster.get(k).hash(&mut h);
        }
        h.finish()
    }

    /// The image of `s` under `q`.
    fn apply(&self, q: &Perm, s: &State) -> State {
        let mut n = s.clone();
        for (w, &to) in q.wave.iter().enumerate() {
            if to != w {
                n.waves[to] = s.waves[w].clone();
            }
        }
        let wave = |w: u32| q.wave.get(w as usize).map_or(w, |&t| t as u32);
        for r in n.chan.iter_mut().chain(n.chan2.iter_mut()).flatten() {
            r.wave = wave(r.wave);
        }
        for r in n.pairq.iter_mut().flatten() {
            r.wave = wave(r.wave);
        }
        permute(&mut n.chan, &q.rows[CU]);
        permute(&mut n.chan2, &q.rows[SA]);
        permute(&mut n.pairq, &q.rows[PAIRQ]);
        permute(&mut n.bars, &q.rows[WG]);
        permute(&mut n.wg_cluster_arrive, &q.rows[WG]);
        if !n.named.is_empty() {
            let mut rows: Vec<Vec<_>> = n.named.chunks(16).map(<[_]>::to_vec).collect();
            permute(&mut rows, &q.rows[WG]);
            n.named = rows.concat();
        }
        permute(&mut n.cluster, &q.rows[CLUSTER]);
        n.mem.permute_rows(
            [&q.rows[CU], &q.rows[SA], &q.rows[L2], &q.rows[WG]],
            self.n_locs,
        );
        n
    }
}

/// Per thread, the registers the final state shows (the condition's and
/// the `locations` list's), sorted.
///
/// Interchangeable waves must show the same registers: an exchange must map
/// what the final state shows onto itself. Two reasons. The dead-register
/// rule (`machine::live`) forgets a register that no instruction will read
/// and the final state does not show, so with `R0:%r0` shown and `R2:%r0`
/// not, R2's finished state has lost the value R0's keeps: exchanging them
/// is no longer a symmetry of the steps (CO-3 lost final states this way
/// once the dead-register rule landed). And the partial-order reductions
/// keep the final states, not every register of every terminal state, so an
/// image's final state must be a function of the original's final state,
/// which holds only when the exchange maps shown registers onto shown
/// registers.
fn shown_registers(p: &Program) -> Vec<Vec<amdmm_program::RegId>> {
    let mut shown = vec![Vec::new(); p.threads.len()];
    for o in p.shown_observables() {
        if let Observable::Reg { thread, reg } = o {
            if let Some(regs) = shown.get_mut(thread as usize) {
                regs.push(reg);
            }
        }
    }
    for regs in &mut shown {
        regs.sort_unstable();
        regs.dedup();
    }
    shown
}

fn factorial(k: usize) -> usize {
    (1..=k).product()
}

/// Every arrangement of `0..k` (member `i` goes to place `a[i]`), the
/// identity first.
fn permutations(k: usize) -> Vec<Vec<usize>> {
    let mut out = Vec::new();
    let mut a: Vec<usize> = (0..k).collect();
    fn go(a: &mut Vec<usize>, at: usize, out: &mut Vec<Vec<usize>>) {
        if at == a.len() {
            out.push(a.clone());
            return;
        }
        for i in at..a.len() {
            a.swap(at, i);
            go(a, at + 1, out);
            a.swap(at, i);
        }
    }
    go(&mut a, 0, &mut out);
    out
}
