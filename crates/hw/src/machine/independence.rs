//! Partial-order reduction by independent components (issue 27): the waves
//! of a state fall into groups that will never again touch anything in
//! common, and the search takes the steps of one group only.
//!
//! Every step of the machine belongs to a *unit*: a wave (its issue, its
//! requests' L1, GL1, L2 and LDS stages, which move only its own requests
//! and write only its own registers and counters) or a location (the cache
//! housekeeping of the location's L2 lines, [`super::memsys::MemSys::housekeeping`]).
//! What a step reads and writes besides its own unit is the cache lines,
//! memory cell and LDS cell of the location it accesses, and the position
//! of its request in a queue, where only requests to the same address
//! (the same channel) wait for each other; so two steps of different
//! units that access different locations commute and neither enables nor
//! disables the other, except for these shared objects, which are joined
//! explicitly:
//!
//! - an invalidate of the L1 (GFX10+: L0) writes every line of its CU: its
//!   wave is joined with every wave placed on the CU (only their requests
//!   fill, update or read those lines); one of the second level (GL1)
//!   likewise with the waves of its shader array;
//! - an invalidate of a per-agent L2 (GFX90A, GFX942, GFX12.5) and a
//!   write-back of one (`buffer_wbl2` at system scope, `global_wb
//!   scope:SCOPE_SYS`) touch every location's L2 line and memory: its wave
//!   is joined with every location;
//! - barriers: the waves of a work-group that uses one are joined (the
//!   barrier's count, and the end of a wave, which drops it); with a
//!   cluster barrier every wave is;
//! - GFX12.5: the waves of a WGP$ are joined (they share in-order
//!   SIMD32-pair queues and the in-order queue to the L1 buffer, and a
//!   `global_wb` marks the WGP$'s writes of every wave);
//! - the bytes of one byte-level element are one location (their requests
//!   share a channel).
//!
//! A wave is joined with every location its remaining code may access (all
//! of its code when it has a backward branch or a compare-and-swap loop,
//! a computed index counting as every element of its symbol) and with the
//! locations of its requests not yet performed. These only shrink along a
//! path, so two groups that are apart in a state stay apart in every state
//! after it. The steps of one group are then a *persistent set*: every
//! step of the other groups, now or later, is independent of them, so
//! every final state (and every deadlock, and every flag: a wave whose
//! next step ends its path keeps that step, whatever the others do) is
//! reached through one of them first. The state graph is acyclic, so no
//! cycle proviso is needed. The group chosen is the one with the fewest
//! successors (the first such in the order of the successor list, so the
//! choice depends on the state alone).

use super::code::{Code, Micro};
use super::memsys::Geometry;
use super::search::may_access;
use super::state::{Req, Stage, State};
use crate::isa::{HwScope, MInstr};
use amdmm_program::{Addr, Instr, Program};

/// Effects of a wave's remaining code on caches shared with other units.
const INV_L1: u8 = 1;
const INV_SECOND: u8 = 2;
/// A per-agent L2 invalidate or write-back: every location.
const ALL_LOCS: u8 = 4;

/// What each wave may still touch, per position of its code.
pub(super) struct Footprints {
    n_waves: usize,
    n_locs: usize,
    words: usize,
    /// Per location: its unit (the first byte of its byte-level element,
    /// else itself).
    node: Vec<usize>,
    /// Per wave and micro position (one past the end included): the
    /// locations its code may access from there on, a bit set.
    locs: Vec<Vec<Vec<u64>>>,
    /// Per wave and micro position: `INV_L1 | INV_SECOND | ALL_LOCS` from
    /// there on.
    fx: Vec<Vec<u8>>,
    /// Per wave and micro position: the locations and effects of that
    /// instruction alone.
    at_locs: Vec<Vec<Vec<u64>>>,
    at_fx: Vec<Vec<u8>>,
    /// Waves always in one group (barriers, GFX12.5 WGP$s).
    tied: Vec<(usize, usize)>,
    geo_cu: Vec<usize>,
    geo_sa: Vec<usize>,
    per_agent_l2: bool,
}

/// The locations an instruction's addresses may reach.
fn addrs(i: &Instr) -> Vec<&Addr> {
    match i {
        Instr::Load { addr, .. }
        | Instr::Store { addr, .. }
        | Instr::Rmw { addr, .. }
        | Instr::CmpXchg { addr, .. } => vec![addr],
        Instr::Dma { src, dst, .. } => vec![src, dst],
        _ => Vec::new(),
    }
}

/// Is `i` a barrier operation (work-group, named or cluster)?
pub(super) fn is_barrier(i: &MInstr) -> bool {
    matches!(
        i,
        MInstr::SBarrier
            | MInstr::SBarrierSignal(_)
            | MInstr::SBarrierSignalIsFirst(_)
            | MInstr::SBarrierWait(_)
            | MInstr::SBarrierInit(_)
            | MInstr::SBarrierJoin(_)
            | MInstr::SBarrierLeave
    )
}

impl Footprints {
    pub(super) fn new(p: &Program, code: &[Code], geo: &Geometry, wg: &[usize]) -> Footprints {
        let n_locs = p.locations.len();
        let words = n_locs.div_ceil(64).max(1);
        let node: Vec<usize> = (0..n_locs)
            .map(|l| match p.locations[l].byte.as_ref() {
                Some(c) => l.saturating_sub(c.index as usize),
                None => l,
            })
            .collect();
        let mut locs = Vec::new();
        let mut fx = Vec::new();
        let mut at_locs = Vec::new();
        let mut at_fx = Vec::new();
        for (t, c) in p.threads.iter().zip(code) {
            let looping = super::code::loops(c, t);
            let len = c.micro.len();
            let mut set = vec![vec![0u64; words]; len + 1];
            let mut eff = vec![0u8; len + 1];
            let mut one = vec![vec![0u64; words]; len + 1];
            let mut one_fx = vec![0u8; len + 1];
            for pos in (0..len).rev() {
                let k = match &c.micro[pos] {
                    Micro::Ir(k) | Micro::M { ir: k, .. } => *k,
                };
                if let Some(i) = t.code.get(k) {
                    for a in addrs(i) {
                        for l in may_access(p, a) {
                            let n = node[l];
                            one[pos][n / 64] |= 1 << (n % 64);
                        }
                    }
                }
                if let Micro::M { instr, .. } = &c.micro[pos] {
                    one_fx[pos] = Self::effects(geo, instr);
                }
                set[pos] = set[pos + 1]
                    .iter()
                    .zip(&one[pos])
                    .map(|(a, b)| a | b)
                    .collect();
                eff[pos] = eff[pos + 1] | one_fx[pos];
            }
            at_locs.push(one);
            at_fx.push(one_fx);
            if looping {
                let all = set[0].clone();
                let e = eff[0];
                set.iter_mut().for_each(|x| x.clone_from(&all));
                eff.iter_mut().for_each(|x| *x = e);
            }
            locs.push(set);
            fx.push(eff);
        }
        let n = p.threads.len();
        let mut tied = Vec::new();
        let barrier_in = |w: usize| {
            code[w].micro.iter().any(|m| match m {
                Micro::M { instr, .. } => is_barrier(instr),
                Micro::Ir(_) => false,
            })
        };
        let cluster = code.iter().any(|c| {
            c.micro.iter().any(|m| {
                matches!(
                    m,
                    Micro::M {
                        instr: MInstr::SBarrierSignal(-3)
                            | MInstr::SBarrierSignalIsFirst(-3)
                            | MInstr::SBarrierWait(-3),
                        ..
                    }
                )
            })
        });
        for a in 0..n {
            for b in a + 1..n {
                // A wave without a barrier of its own still counts in its
                // work-group's (its end drops it): the whole work-group.
                let wg_barrier = wg[a] == wg[b] && (0..n).any(|c| wg[c] == wg[a] && barrier_in(c));
                let wgp = (!geo.pairq.is_empty() || geo.fifo_l0_queue) && geo.cu[a] == geo.cu[b];
                if wg_barrier || cluster || wgp {
                    tied.push((a, b));
                }
            }
        }
        Footprints {
            n_waves: n,
            n_locs,
            words,
            node,
            locs,
            fx,
            at_locs,
            at_fx,
            tied,
            geo_cu: geo.cu.clone(),
            geo_sa: geo.sa.clone(),
            per_agent_l2: geo.per_agent_l2,
        }
    }

    /// The shared-cache effects of one machine instruction.
    fn effects(geo: &Geometry, instr: &MInstr) -> u8 {
        let mut e = 0;
        let inv = geo.fam.invalidates(*instr);
        if inv.l1 {
            e |= INV_L1;
        }
        if inv.second {
            e |= INV_SECOND;
        }
        if inv.l2 && geo.per_agent_l2 {
            e |= ALL_LOCS;
        }
        match instr {
            MInstr::BufferWbl2 { sc0, sc1 }
                if geo.per_agent_l2 && geo.fam.wbl2_is_system(*sc0, *sc1) =>
            {
                e |= ALL_LOCS
            }
            MInstr::GlobalWb(s)
                if geo.per_agent_l2
                    && geo.fam.global_wb_acts()
                    && s.fixed().unwrap_or(HwScope::Cu) == HwScope::Sys =>
            {
                e |= ALL_LOCS
            }
            _ => {}
        }
        e
    }

    /// The unit of location `loc` (an LDS location of any work-group
    /// counts as its location).
    pub(super) fn loc_unit(&self, loc: u32) -> usize {
        let l = loc as usize % self.n_locs.max(1);
        self.n_waves + self.node.get(l).copied().unwrap_or(l)
    }

    /// The group of every unit (waves `0..n`, then locations) in state `s`:
    /// a representative unit per unit.
    pub(super) fn groups(&self, s: &State) -> Vec<usize> {
        let n = self.n_waves;
        let mut uf = UnionFind::new(n + self.n_locs);
        for &(a, b) in &self.tied {
            uf.union(a, b);
        }
        let mut all_locs = false;
        for (wi, w) in s.waves.iter().enumerate() {
            let mut fx = 0;
            if !w.halted {
                let pc = (w.pc as usize).min(self.locs[wi].len() - 1);
                for (k, word) in self.locs[wi][pc].iter().enumerate() {
                    let mut b = *word;
                    while b != 0 {
                        let bit = b.trailing_zeros() as usize;
                        b &= b - 1;
                        uf.union(wi, n + k * 64 + bit);
                    }
                }
                fx = self.fx[wi][pc];
            }
            let reqs =
                w.vm.iter()
                    .filter(|e| e.stage != Stage::Done)
                    .map(|e| &e.req)
                    .chain(&w.lds);
            for r in reqs {
                match r {
                    Req::Load { loc, width, .. } | Req::Store { loc, width, .. } => {
                        for k in 0..(*width).max(1) as u32 {
                            uf.union(wi, self.loc_unit(loc + k));
                        }
                    }
                    Req::Rmw { loc, .. } => uf.union(wi, self.loc_unit(*loc)),
                    Req::Dma { copies, .. } => {
                        for &(a, b) in copies {
                            uf.union(wi, self.loc_unit(a));
                            uf.union(wi, self.loc_unit(b));
                        }
                    }
                    Req::Wb { system: true } if self.per_agent_l2 => fx |= ALL_LOCS,
                    Req::GlobalWb {
                        scope: HwScope::Sys,
                    } if self.per_agent_l2 => fx |= ALL_LOCS,
                    Req::Wb { .. } | Req::GlobalWb { .. } => {}
                }
            }
            if fx & INV_L1 != 0 {
                for j in 0..n {
                    if self.geo_cu[j] == self.geo_cu[wi] {
                        uf.union(wi, j);
                    }
                }
            }
            if fx & INV_SECOND != 0 {
                for j in 0..n {
                    if self.geo_sa.get(j) == self.geo_sa.get(wi) {
                        uf.union(wi, j);
                    }
                }
            }
            if fx & ALL_LOCS != 0 {
                all_locs = true;
                if self.n_locs > 0 {
                    uf.union(wi, n);
                }
            }
        }
        for r in s.chan.iter().chain(&s.chan2).flatten() {
            uf.union(r.wave as usize, self.loc_unit(r.loc));
        }
        if all_locs {
            for l in 1..self.n_locs {
                uf.union(n, n + l);
            }
        }
        (0..n + self.n_locs).map(|u| uf.find(u)).collect()
    }
    /// What every wave touches in state `s`: with its current
    /// instruction and requests (`cur`), and from now on (`fut`).
    pub(super) fn now(&self, s: &State) -> Now {
        let n = self.n_waves;
        let mut now = Now {
            cur: vec![vec![0; self.words]; n],
            cur_fx: vec![0; n],
            fut: vec![vec![0; self.words]; n],
            fut_fx: vec![0; n],
            busy: vec![false; n],
        };
        for (wi, w) in s.waves.iter().enumerate() {
            if !w.halted {
                let pc = (w.pc as usize).min(self.locs[wi].len() - 1);
                now.cur[wi].clone_from(&self.at_locs[wi][pc]);
                now.cur_fx[wi] = self.at_fx[wi][pc];
                now.fut[wi].clone_from(&self.locs[wi][pc]);
                now.fut_fx[wi] = self.fx[wi][pc];
                now.busy[wi] = true;
            }
            let reqs =
                w.vm.iter()
                    .filter(|e| e.stage != Stage::Done)
                    .map(|e| &e.req)
                    .chain(&w.lds);
            for r in reqs {
                now.busy[wi] = true;
                let mut fx = 0;
                match r {
                    Req::Load { loc, width, .. } | Req::Store { loc, width, .. } => {
                        for k in 0..(*width).max(1) as u32 {
                            now.add(wi, self.bit(loc + k));
                        }
                    }
                    Req::Rmw { loc, .. } => now.add(wi, self.bit(*loc)),
                    Req::Dma { copies, .. } => {
                        for &(a, b) in copies {
                            now.add(wi, self.bit(a));
                            now.add(wi, self.bit(b));
                        }
                    }
                    Req::Wb { system: true } if self.per_agent_l2 => fx = ALL_LOCS,
                    Req::GlobalWb {
                        scope: HwScope::Sys,
                    } if self.per_agent_l2 => fx = ALL_LOCS,
                    Req::Wb { .. } | Req::GlobalWb { .. } => {}
                }
                now.cur_fx[wi] |= fx;
                now.fut_fx[wi] |= fx;
            }
        }
        for r in s.chan.iter().chain(&s.chan2).flatten() {
            let wi = r.wave as usize;
            if wi < n {
                now.busy[wi] = true;
                now.add(wi, self.bit(r.loc));
            }
        }
        now
    }

    /// The bit of location `loc`'s unit in a location set.
    fn bit(&self, loc: u32) -> usize {
        let l = loc as usize % self.n_locs.max(1);
        self.node.get(l).copied().unwrap_or(l)
    }

    /// May the enabled steps of wave `u` (its issue and its requests'
    /// next stages) be explored alone from the state `now` describes?
    /// They may when no other wave, now or later, touches what they touch
    /// (`housekept`: locations whose L2 lines have housekeeping steps of
    /// their own); see [`super::independence`] for why.
    pub(super) fn alone(&self, now: &Now, u: usize, housekept: &[bool]) -> bool {
        if !now.busy[u] {
            return false;
        }
        let touches = now.cur[u].iter().any(|&w| w != 0);
        if touches
            && housekept
                .iter()
                .enumerate()
                .any(|(l, &h)| h && now.cur[u][self.node[l] / 64] >> (self.node[l] % 64) & 1 == 1)
        {
            return false;
        }
        if now.cur_fx[u] & ALL_LOCS != 0 && housekept.iter().any(|&h| h) {
            return false;
        }
        for v in (0..self.n_waves).filter(|&v| v != u && now.busy[v]) {
            let same_cu = self.geo_cu[v] == self.geo_cu[u];
            let same_sa = self.geo_sa.get(v) == self.geo_sa.get(u);
            let tied = self
                .tied
                .iter()
                .any(|&(a, b)| (a, b) == (u.min(v), u.max(v)));
            let overlap = now.cur[u].iter().zip(&now.fut[v]).any(|(a, b)| a & b != 0);
            let theirs = now.fut_fx[v];
            let mine = now.cur_fx[u];
            if tied
                || overlap
                || mine & ALL_LOCS != 0
                || (mine & INV_L1 != 0 && same_cu)
                || (mine & INV_SECOND != 0 && same_sa)
                || (touches
                    && (theirs & ALL_LOCS != 0
                        || (theirs & INV_L1 != 0 && same_cu)
                        || (theirs & INV_SECOND != 0 && same_sa)))
            {
                return false;
            }
        }
        true
    }
}

/// What each wave touches in one state ([`Footprints::now`]).
pub(super) struct Now {
    cur: Vec<Vec<u64>>,
    cur_fx: Vec<u8>,
    fut: Vec<Vec<u64>>,
    fut_fx: Vec<u8>,
    busy: Vec<bool>,
}

impl Now {
    fn add(&mut self, wi: usize, bit: usize) {
        for set in [&mut self.cur[wi], &mut self.fut[wi]] {
            if let Some(word) = set.get_mut(bit / 64) {
                *word |= 1 << (bit % 64);
            }
        }
    }
}

/// Union-find over units, with path halving.
struct UnionFind(Vec<usize>);

impl UnionFind {
    fn new(n: usize) -> Self {
        UnionFind((0..n).collect())
    }
    fn find(&mut self, mut a: usize) -> usize {
        while self.0[a] != a {
            self.0[a] = self.0[self.0[a]];
            a = self.0[a];
        }
        a
    }
    fn union(&mut self, a: usize, b: usize) {
        if a >= self.0.len() || b >= self.0.len() {
            return;
        }
        let (a, b) = (self.find(a), self.find(b));
        if a != b {
            self.0[a.max(b)] = a.min(b);
        }
    }
}
