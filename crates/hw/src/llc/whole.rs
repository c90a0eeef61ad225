//! End-to-end observation of llc's code (docs/llc.md, "End-to-end
//! observation"): each thread's whole machine code, from the kernel's entry
//! to `s_endpgm`, is run on the hardware model without attributing any
//! instruction to an operation of the test, and the observed registers are
//! what the code stores to the kernel's `%out` buffer. The outcome set is
//! then compared with the memory model's outcomes of the *source* test
//! (the Téléchat method: compile, run, compare outcome sets).
//!
//! How: the assembly is translated into a program of the same shape as a
//! litmus test's ([`Program`]), whose instructions are llc's own: each
//! memory instruction becomes one access (its address computed by llc's
//! scalar and vector arithmetic, which becomes the program's register
//! arithmetic), each wait, cache operation or barrier an operation whose
//! machine code is that one instruction, and llc's branches the program's
//! branches (so a loop llc made runs bounded by `--loop-bound`, with the
//! `cutoff` flag, as the test's own loops do). The machine runs that
//! program unchanged.
//!
//! The model of the machine state is one lane: a litmus thread is one
//! work-item, the only active lane of its wave (lane 0). Scalar and vector
//! registers hold 32 bits each; `exec` and `vcc` are lane masks whose bit 0
//! is the lane; `scc` is a register of its own. Addresses are concrete:
//! `s_getpc_b64` gives 0 and a `SYMBOL@rel32@lo` / `@hi` relocation the
//! symbol's address, every location of the test being 8 bytes at
//! [`GLOBAL_BASE`] + 8 × its index; the kernel-argument pointer (a scalar
//! load from registers no instruction wrote) gives `%out`, at
//! [`OUT_BASE`]; an LDS address is a byte offset into the one LDS symbol
//! the thread uses.

use super::asm;
use crate::isa::{Dialect, Family, MInstr, MemKind, MemOp};
use crate::lower::{LInstr, LOp, LThread, Lowered};
use crate::Target;
use amdmm_explore::symbolic;
use amdmm_program::{
    AddrSpace, BinOp, CmpOp, Instr, MemAttrs, Observable, Operand, Ordering, Pos, Program, RegId,
    RmwOp, Symbol, SyncScope, Thread, Ty, Value,
};
use std::collections::{HashMap, HashSet};

/// Where the locations of the test are (8 bytes each, in index order).
pub const GLOBAL_BASE: i64 = 0x1000_0000_0000;
/// Where each kernel's `%out` buffer is (8 bytes per observed register).
pub const OUT_BASE: i64 = 0x2000_0000_0000;

/// The program the hardware model runs for llc's whole code of `p`
/// (`asm_text`, as [`super::from_asm`] reads it), with its machine code:
/// registers 0.. of each thread are the test's own (the observed ones get
/// the values the code stores to `%out`), locations and the condition are
/// the test's, so the machine's final states compare with the memory
/// model's outcomes of `p`. An instruction the translation does not know
/// is an error naming it and its line, never a silent skip.
pub fn whole_program(
    p: &Program,
    target: &Target,
    asm_text: &str,
) -> Result<(Program, Lowered), String> {
    let mut q = p.clone();
    // One symbol spanning every location: the address of an access llc
    // computes from a loaded value (an address dependency) is resolved at
    // run time through it.
    let all = q.symbols.len() as u32;
    q.symbols.push(Symbol {
        name: "$memory".to_string(),
        first: 0,
        len: p.locations.len() as u32,
        is_array: true,
        bytes: None,
    });
    // An `assume` discards the paths where it fails in the memory model;
    // the compiled code has no trace of it, so its outcomes would be a
    // superset by construction.
    let refused = p
        .threads
        .iter()
        .flat_map(|t| &t.code)
        .find_map(|i| match i {
            Instr::Assume { .. } => Some("`assume`"),
            Instr::Hw(amdmm_program::HwBarrier::SignalIsFirstTo { .. }) => {
                Some("`s.barrier.signal.isfirst` (its result comes from `scc`)")
            }
            _ => None,
        });
    if let Some(what) = refused {
        return Err(format!("{what} is not run end to end"));
    }
    if p.symbols.iter().any(|s| s.bytes.is_some()) {
        return Err(
            "a location accessed at several widths (byte-level) is not run end to end".into(),
        );
    }
    let observed = p.shown_observables();
    let mut threads = Vec::new();
    let mut lthreads = Vec::new();
    let mut asm_lines = Vec::new();
    for ti in 0..p.threads.len() {
        let kernel = super::ir::kernel_name(p, ti);
        let lines = kernel_lines(asm_text, &kernel)?;
        let mut tx = Tx::new(p, ti, target, all);
        // Registers of the test that the code stores to `%out`, by slot.
        tx.slots = observed
            .iter()
            .filter_map(|o| match o {
                Observable::Reg { thread, reg } if *thread as usize == ti => Some(*reg),
                _ => None,
            })
            .collect();
        tx.start();
        for (line, code) in &lines {
            tx.line = *line;
            tx.instruction(code).map_err(|e| {
                format!(
                    "{} (llc output line {line}, `{code}`): {e}",
                    p.threads[ti].name
                )
            })?;
        }
        tx.finish()
            .map_err(|e| format!("{}: {e}", p.threads[ti].name))?;
        tx.resolve()
            .map_err(|e| format!("{}: {e}", p.threads[ti].name))?;
        let t = &p.threads[ti];
        asm_lines.push(tx.ops.iter().map(|o| vec![o.text.clone()]).collect());
        threads.push(Thread {
            name: t.name.clone(),
            placement: t.placement,
            regs: tx.regs,
            code: tx.code,
            pos: tx.pos,
        });
        lthreads.push(LThread {
            name: t.name.clone(),
            ops: tx.ops,
        });
    }
    q.threads = threads;
    let lowered = Lowered {
        target: *target,
        name: p.name.clone(),
        threads: lthreads,
        compiler: Some(crate::lower::Compiler {
            name: "llc (whole code, end to end)".to_string(),
            asm: asm_lines,
        }),
    };
    Ok((q, lowered))
}

/// The instruction lines of kernel `kernel`, from its label to its first
/// `s_endpgm` (included), with their line numbers; comments, directives and
/// empty lines left out, labels kept (`NAME:`).
fn kernel_lines(asm: &str, kernel: &str) -> Result<Vec<(usize, String)>, String> {
    let label = format!("{kernel}:");
    let mut out = Vec::new();
    let mut inside = false;
    for (n, raw) in asm.lines().enumerate() {
        let code = raw.split(';').next().unwrap_or("").trim();
        if !inside {
            inside = code == label;
            continue;
        }
        // The kernel ends at a label that is not one of its blocks
        // (`.Lfunc_end0:`, the next kernel) or at the kernel descriptor.
        let end = (code.ends_with(':') && !code.starts_with(".LBB"))
            || code.starts_with("---")
            || code.starts_with(".amdhsa_kernel")
            || code.starts_with(".size");
        if end {
            break;
        }
        if code.is_empty() || code.starts_with('.') && !code.ends_with(':') {
            continue;
        }
        out.push((n + 1, code.to_string()));
    }
    if inside && out.iter().any(|(_, c)| c.starts_with("s_endpgm")) {
        return Ok(out);
    }
    Err(format!(
        "kernel `{kernel}` not found (or without s_endpgm) in llc's output"
    ))
}

/// A memory access of the translated program, resolved once the
/// addresses are known ([`Tx::resolve`]).
struct Site {
    /// The access's instruction in the translated code.
    at: usize,
    /// The register holding its byte address.
    addr: RegId,
    /// The register holding its location index for a run-time address.
    index: RegId,
    lds: bool,
    /// A store's data, 64 bits per element (two for a 128-bit store,
    /// whose second element is at `at + 1`).
    data: Vec<Operand>,
}

/// Where a memory instruction's operands are: its destination, its data
/// registers, and its address (without the instruction's offset).
struct Layout {
    dst: Option<String>,
    datas: Vec<String>,
    addr: Operand,
}

/// A value a wide or narrow access left in a temporary register, copied
/// into llc's registers when they are first read (so that the wave waits
/// for the access only where llc's code reads its result, as the
/// hardware's register scoreboard does).
struct Later {
    from: RegId,
    /// (register, bits shifted right, mask width in bits, sign-extend)
    parts: Vec<(String, u32, u32, bool)>,
}

struct Tx<'a> {
    p: &'a Program,
    ti: usize,
    dialect: Dialect,
    wave64: bool,
    all: u32,
    regs: Vec<String>,
    ids: HashMap<String, RegId>,
    code: Vec<Instr>,
    pos: Vec<Pos>,
    ops: Vec<LOp>,
    labels: HashMap<String, usize>,
    /// Branches to patch: (instruction, label).
    fixups: Vec<(usize, String)>,
    /// Registers some instruction wrote (a scalar load from registers no
    /// instruction wrote reads the kernel arguments).
    written: HashSet<String>,
    later: Vec<Later>,
    sites: Vec<Site>,
    /// The test's register of each `%out` slot.
    slots: Vec<RegId>,
    line: usize,
    lds_first: Option<u32>,
    tmp: usize,
    /// Bytes of code since the last `s_getpc_b64` ([`Tx::bias`]).
    since_pc: i64,
}

fn attrs() -> MemAttrs {
    MemAttrs {
        ordering: Ordering::Monotonic,
        scope: SyncScope::SYSTEM,
        volatile: false,
        av_none: false,
        nontemporal: false,
        fence_spaces: None,
    }
}

/// An immediate: decimal or hexadecimal, maybe negative.
fn imm(s: &str) -> Option<i64> {
    let (neg, s) = match s.strip_prefix('-') {
        Some(r) => (true, r),
        None => (false, s),
    };
    let v = if let Some(h) = s.strip_prefix("0x") {
        i64::from_str_radix(h, 16).ok()?
    } else {
        s.parse::<i64>().ok()?
    };
    Some(if neg { -v } else { v })
}

/// The 32-bit register names of an operand: `s0`, `v[2:3]`, `vcc`, `exec`.
fn reg_names(s: &str, wave64: bool) -> Option<Vec<String>> {
    match s {
        "vcc" | "exec" if wave64 => return Some(vec![format!("{s}_lo"), format!("{s}_hi")]),
        "vcc" | "exec" => return Some(vec![format!("{s}_lo")]),
        "flat_scratch" | "xnack_mask" => return Some(vec![format!("{s}_lo"), format!("{s}_hi")]),
        "vcc_lo" | "vcc_hi" | "exec_lo" | "exec_hi" | "m0" | "scc" | "flat_scratch_lo"
        | "flat_scratch_hi" | "xnack_mask_lo" | "xnack_mask_hi" => {
            return Some(vec![s.to_string()])
        }
        _ => {}
    }
    let kind = s.chars().next()?;
    if !matches!(kind, 's' | 'v' | 'a') {
        return None;
    }
    let rest = &s[1..];
    if let Some(r) = rest.strip_prefix('[').and_then(|r| r.strip_suffix(']')) {
        let (a, b) = r.split_once(':')?;
        let (a, b): (u32, u32) = (a.parse().ok()?, b.parse().ok()?);
        return Some((a..=b).map(|i| format!("{kind}{i}")).collect());
    }
    rest.parse::<u32>().ok()?;
    Some(vec![s.to_string()])
}

/// Operand `i` (from 0) of [`operands`]' list, or the error naming it
/// (from 1) as missing.
fn nth_operand(ops: &[String], i: usize) -> Result<&str, String> {
    ops.get(i)
        .map(String::as_str)
        .ok_or_else(|| format!("operand {} missing", i + 1))
}

/// The operands of an instruction (split at commas and spaces) and its
/// modifiers (`offset:N`, cache bits, `off` kept as an operand).
fn operands(rest: &str) -> (Vec<String>, i64, HashSet<String>) {
    let mut ops = Vec::new();
    let mut offset = 0;
    let mut mods = HashSet::new();
    // `op_sel:[0,1]`: one token.
    let mut rest = rest.to_string();
    if let Some(i) = rest.find("op_sel:[") {
        let end = rest[i..].find(']').map_or(rest.len(), |e| i + e);
        let inner = rest[i..end].replace(',', "|");
        rest.replace_range(i..end, &inner);
    }
    for tok in rest
        .split([',', ' ', '\t'])
        .map(str::trim)
        .filter(|t| !t.is_empty())
    {
        if let Some(o) = tok.strip_prefix("offset:") {
            offset = imm(o).unwrap_or(0);
        } else if matches!(
            tok,
            "glc"
                | "slc"
                | "dlc"
                | "sc0"
                | "sc1"
                | "nt"
                | "lds"
                | "addr64"
                | "offen"
                | "idxen"
                | "gds"
        ) || tok.starts_with("th:")
            || tok.starts_with("scope:")
            || tok.starts_with("op_sel")
        {
            mods.insert(tok.to_string());
        } else {
            ops.push(tok.to_string());
        }
    }
    (ops, offset, mods)
}

impl<'a> Tx<'a> {
    fn new(p: &'a Program, ti: usize, target: &Target, all: u32) -> Tx<'a> {
        let regs = p.threads[ti].regs.clone();
        let ids = regs
            .iter()
            .enumerate()
            .map(|(i, r)| (r.clone(), i as RegId))
            .collect();
        let t = &p.threads[ti];
        let lds: HashSet<u32> = t
            .code
            .iter()
            .filter_map(|i| match i {
                Instr::Load { addr, .. }
                | Instr::Store { addr, .. }
                | Instr::Rmw { addr, .. }
                | Instr::CmpXchg { addr, .. } => Some(addr.symbol),
                _ => None,
            })
            .filter(|s| {
                let first = p.symbols[*s as usize].first as usize;
                p.locations[first].space == AddrSpace::Lds
            })
            .collect();
        let lds_first =
            (lds.len() == 1).then(|| p.symbols[*lds.iter().next().unwrap_or(&0) as usize].first);
        Tx {
            p,
            ti,
            dialect: target.dialect(),
            wave64: target.wave64,
            all,
            regs,
            ids,
            code: Vec::new(),
            pos: Vec::new(),
            ops: Vec::new(),
            labels: HashMap::new(),
            fixups: Vec::new(),
            written: HashSet::new(),
            later: Vec::new(),
            sites: Vec::new(),
            slots: Vec::new(),
            line: 0,
            lds_first: if lds.len() > 1 {
                None
            } else {
                lds_first.or(Some(0))
            },
            tmp: 0,
            since_pc: 0,
        }
    }

    fn reg(&mut self, name: &str) -> RegId {
        let key = format!("${name}");
        if let Some(&r) = self.ids.get(&key) {
            return r;
        }
        let r = self.regs.len() as RegId;
        self.regs.push(key.clone());
        self.ids.insert(key, r);
        r
    }

    fn temp(&mut self) -> RegId {
        self.tmp += 1;
        let name = format!("t{}", self.tmp);
        self.reg(&name)
    }

    fn push(&mut self, i: Instr) -> usize {
        self.code.push(i);
        self.pos.push(Pos {
            line: self.line as u32,
            col: 1,
        });
        self.code.len() - 1
    }

    /// The wave's state at the kernel's entry: lane 0 alone active.
    fn start(&mut self) {
        let exec = self.reg("exec_lo");
        self.push(Instr::Move {
            dst: exec,
            src: Operand::Const(1),
        });
        let hi = self.reg("exec_hi");
        self.push(Instr::Move {
            dst: hi,
            src: Operand::Const(0),
        });
    }

    fn bin(&mut self, ty: Ty, op: BinOp, a: Operand, b: Operand) -> Operand {
        let dst = self.temp();
        self.push(Instr::Bin { dst, ty, op, a, b });
        Operand::Reg(dst)
    }

    fn cmp(&mut self, ty: Ty, op: CmpOp, a: Operand, b: Operand) -> Operand {
        let dst = self.temp();
        self.push(Instr::Cmp { dst, ty, op, a, b });
        Operand::Reg(dst)
    }

    fn select(&mut self, cond: Operand, a: Operand, b: Operand) -> Operand {
        let dst = self.temp();
        self.push(Instr::Select { dst, cond, a, b });
        Operand::Reg(dst)
    }

    /// Copies the results of earlier accesses into the registers they
    /// fill ([`Later`]): before `names` are read or written, or all of
    /// them (`None`) at a label or branch.
    fn settle(&mut self, names: Option<&[String]>) {
        let mut keep = Vec::new();
        for l in std::mem::take(&mut self.later) {
            let hit = names.is_none_or(|ns| l.parts.iter().any(|(r, ..)| ns.contains(r)));
            if !hit {
                keep.push(l);
                continue;
            }
            for (r, shift, bits, signed) in &l.parts {
                let mut v = Operand::Reg(l.from);
                if *shift > 0 {
                    v = self.bin(Ty::I64, BinOp::LShr, v, Operand::Const(*shift as i64));
                }
                let ty = match (bits, signed) {
                    (8, true) => Ty::I8,
                    (16, true) => Ty::I16,
                    _ => Ty::I32,
                };
                if *bits < 32 && !signed {
                    v = self.bin(Ty::I64, BinOp::And, v, Operand::Const((1i64 << bits) - 1));
                }
                let v = self.bin(ty, BinOp::Add, v, Operand::Const(0));
                let v = if ty != Ty::I32 {
                    self.bin(Ty::I32, BinOp::Add, v, Operand::Const(0))
                } else {
                    v
                };
                let dst = self.reg(r);
                self.push(Instr::Move { dst, src: v });
            }
        }
        self.later = keep;
    }

    /// A 32-bit source operand (a register, an immediate, a relocation).
    fn src(&mut self, s: &str) -> Result<Operand, String> {
        if let Some(v) = imm(s) {
            return Ok(Operand::Const(Ty::I32.wrap(v)));
        }
        if s == "null" || s == "off" {
            return Ok(Operand::Const(0));
        }
        if let Some((sym, rel)) = s.split_once('@') {
            // `+K`: the PC-relative bias (the bytes from `s_getpc_b64`'s
            // result to the relocated literal) plus the element's offset.
            let k = rel.rsplit_once('+').and_then(|(_, k)| imm(k)).unwrap_or(0);
            let base = self.symbol_address(sym)? + k - self.bias();
            let half = if rel.starts_with("rel32@lo") || rel.starts_with("abs32@lo") {
                base
            } else if rel.starts_with("rel32@hi") || rel.starts_with("abs32@hi") {
                base >> 32
            } else {
                return Err(format!("relocation `{s}` is not run end to end"));
            };
            return Ok(Operand::Const(Ty::I32.wrap(half)));
        }
        let names = reg_names(s, self.wave64).ok_or_else(|| {
            format!("operand `{s}` is not run end to end (a float literal or a modifier?)")
        })?;
        self.settle(Some(&names));
        let name = &names[0];
        Ok(Operand::Reg(self.reg(name)))
    }

    /// A 64-bit source operand: a register pair or an immediate.
    fn src64(&mut self, s: &str) -> Result<Operand, String> {
        if let Some(v) = imm(s) {
            return Ok(Operand::Const(v));
        }
        // GFX12.5: `s_add_nc_u64 s[0:1], s[0:1], SYMBOL@rel64+4` after
        // `s_get_pc_i64` (0): the symbol's address.
        if let Some((sym, rel)) = s.split_once('@') {
            if rel.starts_with("rel64") || rel.starts_with("abs64") {
                let k = rel.rsplit_once('+').and_then(|(_, k)| imm(k)).unwrap_or(0);
                return Ok(Operand::Const(self.symbol_address(sym)? + k - self.bias()));
            }
        }
        let wide = self.wave64 || !matches!(s, "vcc" | "exec");
        let names =
            reg_names(s, wide).ok_or_else(|| format!("operand `{s}` is not run end to end"))?;
        if names.len() == 1 {
            // A 32-bit mask register on wave32 (`vcc_lo`): its value, zero-extended.
            let v = self.src(s)?;
            return Ok(self.bin(Ty::I64, BinOp::And, v, Operand::Const(0xffff_ffff)));
        }
        if names.len() != 2 {
            return Err(format!("`{s}` is not a 64-bit operand"));
        }
        self.settle(Some(&names));
        let lo = Operand::Reg(self.reg(&names[0]));
        let hi = Operand::Reg(self.reg(&names[1]));
        Ok(self.join(lo, hi))
    }

    fn join(&mut self, lo: Operand, hi: Operand) -> Operand {
        let lo = self.bin(Ty::I64, BinOp::And, lo, Operand::Const(0xffff_ffff));
        let hi = self.bin(Ty::I64, BinOp::Shl, hi, Operand::Const(32));
        self.bin(Ty::I64, BinOp::Or, hi, lo)
    }

    fn dst_names(&mut self, s: &str) -> Result<Vec<String>, String> {
        let names = reg_names(s, self.wave64)
            .ok_or_else(|| format!("destination `{s}` is not a register"))?;
        // An access's result not read before the register is written
        // again is dead: never copied (its access still happens).
        for l in &mut self.later {
            l.parts.retain(|(r, ..)| !names.contains(r));
        }
        self.later.retain(|l| !l.parts.is_empty());
        for n in &names {
            self.written.insert(n.clone());
        }
        Ok(names)
    }

    fn set(&mut self, name: &str, v: Operand) {
        let dst = self.reg(name);
        self.written.insert(name.to_string());
        self.push(Instr::Move { dst, src: v });
    }

    /// Writes a 64-bit value to `d` (a pair; on wave32 a mask register
    /// takes the low half).
    fn set64(&mut self, d: &str, v: Operand) -> Result<(), String> {
        let names = self.dst_names(d)?;
        let lo = self.bin(Ty::I32, BinOp::Add, v, Operand::Const(0));
        self.set(&names[0], lo);
        if names.len() > 1 {
            let hi = self.bin(Ty::I64, BinOp::AShr, v, Operand::Const(32));
            let hi = self.bin(Ty::I32, BinOp::Add, hi, Operand::Const(0));
            self.set(&names[1], hi);
        }
        Ok(())
    }

    fn set32(&mut self, d: &str, v: Operand) -> Result<(), String> {
        let names = self.dst_names(d)?;
        self.set(&names[0], v);
        if names.len() > 1 {
            // A mask written by a 32-bit value (a compare's lane bit).
            self.set(&names[1], Operand::Const(0));
        }
        Ok(())
    }

    /// The PC-relative bias of a relocation in the instruction being read:
    /// 4 (the instruction's own opcode word) plus the bytes of the code
    /// between `s_getpc_b64` (whose result is the address after it) and
    /// this instruction (`SYMBOL@rel32@lo+4`, `@hi+12` on GFX9; `+8`,
    /// `+16` on GFX12 after its `s_sext_i32_i16`).
    fn bias(&self) -> i64 {
        4 + self.since_pc
    }

    fn symbol_address(&self, name: &str) -> Result<i64, String> {
        let s = self
            .p
            .symbols
            .iter()
            .find(|s| super::ir::symbol_name(&s.name) == name)
            .ok_or_else(|| format!("symbol `{name}` is not one of the test's"))?;
        let first = s.first as usize;
        Ok(if self.p.locations[first].space == AddrSpace::Lds {
            0
        } else {
            GLOBAL_BASE + 8 * s.first as i64
        })
    }

    /// The lane bit of a mask value (bit 0), as 0 or 1.
    fn lane(&mut self, mask: Operand) -> Operand {
        self.bin(Ty::I32, BinOp::And, mask, Operand::Const(1))
    }

    fn scc(&mut self, v: Operand) {
        self.set("scc", v);
    }

    fn branch_to(&mut self, cond: Option<Operand>, label: &str) {
        self.settle(None);
        let at = match cond {
            Some(c) => self.push(Instr::Branch {
                cond: c,
                then_: 0,
                else_: 0,
            }),
            None => self.push(Instr::Jump { target: 0 }),
        };
        self.fixups.push((at, label.to_string()));
    }

    fn machine(&mut self, m: MInstr, text: &str) {
        let at = self.push(Instr::Fence { attrs: attrs() });
        self.op(at, m, text);
    }

    fn op(&mut self, at: usize, m: MInstr, text: &str) {
        self.ops.push(LOp {
            index: at,
            pos: self.pos[at],
            text: text.to_string(),
            table: "llc",
            code: vec![LInstr {
                instr: m,
                row: None,
                is_access: matches!(m, MInstr::Mem(_)),
            }],
            note: None,
        });
    }

    fn instruction(&mut self, code: &str) -> Result<(), String> {
        if let Some(l) = code.strip_suffix(':') {
            self.settle(None);
            self.labels.insert(l.to_string(), self.code.len());
            return Ok(());
        }
        if let Some((a, b)) = code.split_once("::") {
            // GFX11+ dual issue: two moves (or ALU operations) at once,
            // their sources read before either writes.
            let (a, b) = (
                a.trim().replacen("v_dual_", "v_", 1),
                b.trim().replacen("v_dual_", "v_", 1),
            );
            self.instruction(&a)?;
            return self.instruction(&b);
        }
        let (mn, rest) = code.split_once(char::is_whitespace).unwrap_or((code, ""));
        let (ops, offset, mods) = operands(rest);
        let r = self.instruction_at(code, mn, &ops, offset, &mods);
        // Instruction sizes for [`Tx::bias`]: 8 bytes with a literal (a
        // relocation, an immediate that is not inline) or in VOP3 form.
        let literal = ops
            .iter()
            .any(|o| o.contains('@') || imm(o).is_some_and(|v| !(-16..=64).contains(&v)))
            || mn.ends_with("_e64");
        self.since_pc = if mn.starts_with("s_getpc") || mn.starts_with("s_get_pc") {
            0
        } else {
            self.since_pc + if literal { 8 } else { 4 }
        };
        r
    }

    fn instruction_at(
        &mut self,
        code: &str,
        mn: &str,
        ops: &[String],
        offset: i64,
        mods: &HashSet<String>,
    ) -> Result<(), String> {
        let o = |i| nth_operand(ops, i);
        // Memory, waits, cache operations, barriers: the hardware model's
        // instructions, as `--code llc` reads them.
        if let Some(r) = asm::combined_wait(code) {
            for m in r? {
                self.machine(m, code);
            }
            return Ok(());
        }
        if let Some(r) = self.spill(mn, ops, offset) {
            return r;
        }
        if mn.starts_with("s_load_") || mn.starts_with("s_buffer_load_") {
            return self.scalar_load(mn, ops);
        }
        match asm::instruction(code, self.dialect)? {
            Some(MInstr::Mem(m)) => return self.access(m, code, ops, offset, mods),
            Some(m) => {
                self.machine(m, code);
                return Ok(());
            }
            None => {}
        }
        let base = mn
            .trim_end_matches("_e32")
            .trim_end_matches("_e64")
            .trim_end_matches("_sdwa")
            .trim_end_matches("_dpp");
        match base {
            "s_endpgm" => {
                self.settle(None);
                self.push(Instr::Halt);
            }
            "s_nop"
            | "s_setreg_imm32_b32"
            | "s_setreg_b32"
            | "s_delay_alu"
            | "s_clause"
            | "s_setprio"
            | "s_sleep"
            | "s_set_inst_prefetch_distance"
            | "s_waitcnt_depctr"
            | "s_wait_alu"
            | "s_wait_idle" => {}
            "s_getpc_b64" | "s_get_pc_i64" => self.set64(o(0)?, Operand::Const(0))?,
            "s_mov_b32"
            | "v_mov_b32"
            | "v_readfirstlane_b32"
            | "v_accvgpr_write_b32"
            | "v_accvgpr_read_b32"
            | "v_accvgpr_mov_b32" => {
                let v = self.src(o(1)?)?;
                self.set32(o(0)?, v)?;
            }
            "s_movk_i32" => {
                let v = imm(o(1)?).ok_or("bad immediate")?;
                self.set32(o(0)?, Operand::Const(v as i16 as i64))?;
            }
            "s_mov_b64" | "v_mov_b64" => {
                let v = self.src64(o(1)?)?;
                self.set64(o(0)?, v)?;
            }
            "v_pk_mov_b32" => {
                // D.lo = S0[op_sel[0]], D.hi = S1[op_sel[1]] (default [0,1]? no:
                // LLVM prints op_sel when not [0,0]; the default takes each
                // source's low half).
                let sel = mods
                    .iter()
                    .find_map(|m| m.strip_prefix("op_sel:["))
                    .map(|s| {
                        s.trim_end_matches(']')
                            .split('|')
                            .map(|x| x == "1")
                            .collect::<Vec<_>>()
                    })
                    .unwrap_or_else(|| vec![false, false]);
                let s0 = reg_names(o(1)?, true).ok_or("bad source")?;
                let s1 = reg_names(o(2)?, true).ok_or("bad source")?;
                let pick = |names: &Vec<String>, hi: bool| {
                    names[if hi && names.len() > 1 { 1 } else { 0 }].clone()
                };
                let (a, b) = (
                    pick(&s0, sel.first() == Some(&true)),
                    pick(&s1, sel.get(1) == Some(&true)),
                );
                let (a, b) = (self.src(&a)?, self.src(&b)?);
                let (ta, tb) = (self.temp(), self.temp());
                self.push(Instr::Move { dst: ta, src: a });
                self.push(Instr::Move { dst: tb, src: b });
                let d = self.dst_names(o(0)?)?;
                self.set(&d[0], Operand::Reg(ta));
                self.set(&d[1], Operand::Reg(tb));
            }
            "v_readlane_b32" => {
                let lane = imm(o(2)?).ok_or("a lane that is not an immediate")?;
                let v = if lane == 0 {
                    self.src(o(1)?)?
                } else {
                    Operand::Reg(self.reg(&format!("{}@{lane}", o(1)?)))
                };
                self.set32(o(0)?, v)?;
            }
            "v_writelane_b32" => {
                let lane = imm(o(2)?).ok_or("a lane that is not an immediate")?;
                let v = self.src(o(1)?)?;
                if lane == 0 {
                    self.set32(o(0)?, v)?;
                } else {
                    let name = format!("{}@{lane}", o(0)?);
                    self.set(&name, v);
                }
            }
            "s_sext_i32_i16" | "s_sext_i32_i8" => {
                let v = self.src(o(1)?)?;
                let ty = if base.ends_with("i16") {
                    Ty::I16
                } else {
                    Ty::I8
                };
                let v = self.bin(ty, BinOp::Add, v, Operand::Const(0));
                let v = self.bin(Ty::I32, BinOp::Add, v, Operand::Const(0));
                self.set32(o(0)?, v)?;
            }
            "s_add_u32" | "s_add_co_u32" | "s_addc_u32" | "s_add_co_ci_u32" | "s_sub_u32"
            | "s_sub_co_u32" | "s_subb_u32" | "s_sub_co_ci_u32" => {
                let (a, b) = (self.src(o(1)?)?, self.src(o(2)?)?);
                let carry_in =
                    base.contains("addc") || base.contains("subb") || base.contains("_ci_");
                let cin = if carry_in {
                    Operand::Reg(self.reg("scc"))
                } else {
                    Operand::Const(0)
                };
                let sub = base.starts_with("s_sub");
                let (r, c) = self.add_carry(a, b, cin, sub);
                self.set32(o(0)?, r)?;
                self.scc(c);
            }
            "s_add_i32" | "s_sub_i32" | "v_add_u32" | "v_add_nc_u32" | "v_sub_u32"
            | "v_sub_nc_u32" | "v_subrev_u32" | "v_subrev_nc_u32" | "s_mul_i32"
            | "v_mul_lo_u32" | "v_add_i32" | "v_sub_i32"
                if ops.len() == 3 =>
            {
                let (mut a, mut b) = (self.src(o(1)?)?, self.src(o(2)?)?);
                if base.contains("subrev") {
                    std::mem::swap(&mut a, &mut b);
                }
                let op = if base.contains("sub") {
                    BinOp::Sub
                } else if base.contains("mul") {
                    BinOp::Mul
                } else {
                    BinOp::Add
                };
                let r = self.bin(Ty::I32, op, a, b);
                self.set32(o(0)?, r)?;
            }
            "s_add_nc_u64" | "s_sub_nc_u64" => {
                let (a, b) = (self.src64(o(1)?)?, self.src64(o(2)?)?);
                let op = if base.contains("sub") {
                    BinOp::Sub
                } else {
                    BinOp::Add
                };
                let r = self.bin(Ty::I64, op, a, b);
                self.set64(o(0)?, r)?;
            }
            "v_add_co_u32" | "v_add_i32" | "v_add_u32" | "v_sub_co_u32" | "v_sub_i32"
            | "v_sub_u32" | "v_addc_co_u32" | "v_add_co_ci_u32" | "v_addc_u32"
            | "v_subb_co_u32" | "v_sub_co_ci_u32" => {
                // D, carry-out mask, A, B[, carry-in mask].
                let (a, b) = (self.src(o(2)?)?, self.src(o(3)?)?);
                let cin = match ops.get(4) {
                    Some(m) => {
                        let m = self.src(m)?;
                        self.lane(m)
                    }
                    None => Operand::Const(0),
                };
                let sub = base.contains("sub");
                let (r, c) = self.add_carry(a, b, cin, sub);
                self.set32(o(0)?, r)?;
                self.set32(o(1)?, c)?;
            }
            "s_and_b32" | "s_or_b32" | "s_xor_b32" | "s_andn2_b32" | "s_and_not1_b32"
            | "s_orn2_b32" | "s_or_not1_b32" | "s_lshl_b32" | "s_lshr_b32" | "s_ashr_i32"
            | "v_and_b32" | "v_or_b32" | "v_xor_b32" | "v_lshlrev_b32" | "v_lshrrev_b32"
            | "v_ashrrev_i32" => {
                let (mut a, mut b) = (self.src(o(1)?)?, self.src(o(2)?)?);
                if base.contains("rev") {
                    std::mem::swap(&mut a, &mut b);
                }
                let r = self.logic(base, Ty::I32, a, b);
                self.set32(o(0)?, r)?;
                if base.starts_with("s_") {
                    let nz = self.cmp(Ty::I32, CmpOp::Ne, r, Operand::Const(0));
                    self.scc(nz);
                }
            }
            "s_and_b64" | "s_or_b64" | "s_xor_b64" | "s_andn2_b64" | "s_and_not1_b64"
            | "s_orn2_b64" | "s_or_not1_b64" | "s_lshl_b64" | "s_lshr_b64" | "s_ashr_i64"
            | "v_lshlrev_b64" => {
                let shift = base.contains("sh");
                let (a, b) = if base.contains("rev") {
                    (self.src64(o(2)?)?, self.src(o(1)?)?)
                } else if shift {
                    (self.src64(o(1)?)?, self.src(o(2)?)?)
                } else {
                    (self.src64(o(1)?)?, self.src64(o(2)?)?)
                };
                let r = self.logic(base, Ty::I64, a, b);
                self.set64(o(0)?, r)?;
                if base.starts_with("s_") {
                    let nz = self.cmp(Ty::I64, CmpOp::Ne, r, Operand::Const(0));
                    self.scc(nz);
                }
            }
            "s_not_b32" | "v_not_b32" => {
                let a = self.src(o(1)?)?;
                let r = self.bin(Ty::I32, BinOp::Xor, a, Operand::Const(-1));
                self.set32(o(0)?, r)?;
                if base.starts_with("s_") {
                    let nz = self.cmp(Ty::I32, CmpOp::Ne, r, Operand::Const(0));
                    self.scc(nz);
                }
            }
            "s_not_b64" => {
                let a = self.src64(o(1)?)?;
                let r = self.bin(Ty::I64, BinOp::Xor, a, Operand::Const(-1));
                self.set64(o(0)?, r)?;
                let nz = self.cmp(Ty::I64, CmpOp::Ne, r, Operand::Const(0));
                self.scc(nz);
            }
            "s_cselect_b32" | "s_cselect_b64" => {
                let wide = base.ends_with("64");
                let (a, b) = if wide {
                    (self.src64(o(1)?)?, self.src64(o(2)?)?)
                } else {
                    (self.src(o(1)?)?, self.src(o(2)?)?)
                };
                let scc = Operand::Reg(self.reg("scc"));
                let r = self.select(scc, a, b);
                if wide {
                    self.set64(o(0)?, r)?;
                } else {
                    self.set32(o(0)?, r)?;
                }
            }
            "v_cndmask_b32" => {
                let (a, b) = (self.src(o(1)?)?, self.src(o(2)?)?);
                let m = match ops.get(3) {
                    Some(m) => self.src(m)?,
                    None => self.src("vcc")?,
                };
                let bit = self.lane(m);
                let r = self.select(bit, b, a);
                self.set32(o(0)?, r)?;
            }
            "v_mbcnt_lo_u32_b32" | "v_mbcnt_hi_u32_b32" => {
                // The lanes below lane 0 in the mask: none; the result is
                // the accumulator.
                let acc = self.src(o(2)?)?;
                self.set32(o(0)?, acc)?;
            }
            "s_bcnt1_i32_b32" | "s_bcnt1_i32_b64" => {
                let v = if base.ends_with("64") {
                    self.src64(o(1)?)?
                } else {
                    let v = self.src(o(1)?)?;
                    self.bin(Ty::I64, BinOp::And, v, Operand::Const(0xffff_ffff))
                };
                let n = self.popcount(v);
                self.set32(o(0)?, n)?;
                let nz = self.cmp(Ty::I32, CmpOp::Ne, n, Operand::Const(0));
                self.scc(nz);
            }
            "s_and_saveexec_b64"
            | "s_and_saveexec_b32"
            | "s_or_saveexec_b64"
            | "s_or_saveexec_b32"
            | "s_andn2_saveexec_b64"
            | "s_andn2_saveexec_b32" => {
                let exec = self.src64("exec")?;
                let s = self.src64(o(1)?)?;
                let op = if base.starts_with("s_and_") {
                    "s_and_b64"
                } else if base.starts_with("s_or_") {
                    "s_or_b64"
                } else {
                    "s_andn2_b64"
                };
                let r = self.logic(op, Ty::I64, s, exec);
                self.set64(o(0)?, exec)?;
                self.set64("exec", r)?;
                let nz = self.cmp(Ty::I64, CmpOp::Ne, r, Operand::Const(0));
                self.scc(nz);
            }
            _ if base.starts_with("s_cmp_") => {
                let wide = base.ends_with("64");
                let (a, b) = if wide {
                    (self.src64(o(0)?)?, self.src64(o(1)?)?)
                } else {
                    (self.src(o(0)?)?, self.src(o(1)?)?)
                };
                let ty = if wide { Ty::I64 } else { Ty::I32 };
                let op = compare(base).ok_or_else(|| format!("`{mn}` is not run end to end"))?;
                let c = self.cmp(ty, op, a, b);
                self.scc(c);
            }
            _ if base.starts_with("v_cmp_") || base.starts_with("v_cmpx_") => {
                // `v_cmp_OP_e32 vcc, A, B`, `v_cmp_OP_e64 s[0:1], A, B`;
                // GFX10+ `v_cmpx_OP_e32 A, B` writes exec alone.
                let x = base.starts_with("v_cmpx_");
                let first = if ops.len() >= 3 { 1 } else { 0 };
                let (a, b) = (o(first)?.to_string(), o(first + 1)?.to_string());
                let wide = base.ends_with("64");
                let (a, b) = if wide {
                    (self.src64(&a)?, self.src64(&b)?)
                } else {
                    (self.src(&a)?, self.src(&b)?)
                };
                let ty = if wide { Ty::I64 } else { Ty::I32 };
                let op = compare(base).ok_or_else(|| format!("`{mn}` is not run end to end"))?;
                let c = self.cmp(ty, op, a, b);
                let exec = self.src("exec")?;
                let on = self.lane(exec);
                let bit = self.bin(Ty::I32, BinOp::And, c, on);
                if first == 1 {
                    self.set32(o(0)?, bit)?;
                }
                if x {
                    self.set32("exec", bit)?;
                }
            }
            "v_lshl_add_u64" => {
                let (a, sh, c) = (self.src64(o(1)?)?, self.src(o(2)?)?, self.src64(o(3)?)?);
                let sh = self.bin(Ty::I32, BinOp::And, sh, Operand::Const(63));
                let x = self.bin(Ty::I64, BinOp::Shl, a, sh);
                let r = self.bin(Ty::I64, BinOp::Add, x, c);
                self.set64(o(0)?, r)?;
            }
            "v_lshl_add_u32" | "v_add_lshl_u32" | "v_add3_u32" | "v_lshl_or_b32"
            | "v_and_or_b32" | "v_or3_b32" | "v_xad_u32" => {
                let (a, b, c) = (self.src(o(1)?)?, self.src(o(2)?)?, self.src(o(3)?)?);
                let (first, second) = match base {
                    "v_lshl_add_u32" => (BinOp::Shl, BinOp::Add),
                    "v_add_lshl_u32" => (BinOp::Add, BinOp::Shl),
                    "v_add3_u32" => (BinOp::Add, BinOp::Add),
                    "v_lshl_or_b32" => (BinOp::Shl, BinOp::Or),
                    "v_and_or_b32" => (BinOp::And, BinOp::Or),
                    "v_or3_b32" => (BinOp::Or, BinOp::Or),
                    _ => (BinOp::Xor, BinOp::Add),
                };
                let b = if first == BinOp::Shl {
                    self.bin(Ty::I32, BinOp::And, b, Operand::Const(31))
                } else {
                    b
                };
                let x = self.bin(Ty::I32, first, a, b);
                let c = if second == BinOp::Shl {
                    self.bin(Ty::I32, BinOp::And, c, Operand::Const(31))
                } else {
                    c
                };
                let r = self.bin(Ty::I32, second, x, c);
                self.set32(o(0)?, r)?;
            }
            "v_max_u32" | "v_max_i32" | "v_min_u32" | "v_min_i32" | "s_max_u32" | "s_max_i32"
            | "s_min_u32" | "s_min_i32" => {
                let (a, b) = (self.src(o(1)?)?, self.src(o(2)?)?);
                let unsigned = base.ends_with("u32");
                let op = match (base.contains("max"), unsigned) {
                    (true, true) => CmpOp::Ugt,
                    (true, false) => CmpOp::Sgt,
                    (false, true) => CmpOp::Ult,
                    (false, false) => CmpOp::Slt,
                };
                let c = self.cmp(Ty::I32, op, a, b);
                let r = self.select(c, a, b);
                self.set32(o(0)?, r)?;
            }
            "s_branch" => self.branch_to(None, o(0)?),
            "s_cbranch_scc0" | "s_cbranch_scc1" | "s_cbranch_vccz" | "s_cbranch_vccnz"
            | "s_cbranch_execz" | "s_cbranch_execnz" => {
                let v = if base.contains("scc") {
                    self.src("scc")?
                } else if base.contains("vcc") {
                    self.src64("vcc")?
                } else {
                    self.src64("exec")?
                };
                let ty = if base.contains("scc") {
                    Ty::I32
                } else {
                    Ty::I64
                };
                let op = if base.ends_with("scc0") || base.ends_with('z') && !base.ends_with("nz") {
                    CmpOp::Eq
                } else {
                    CmpOp::Ne
                };
                let c = self.cmp(ty, op, v, Operand::Const(0));
                self.branch_to(Some(c), o(0)?);
            }
            _ => {
                return Err(format!(
                    "`{mn}` is not run end to end (docs/llc.md, \"End-to-end observation\")"
                ))
            }
        }
        Ok(())
    }

    /// `a + b + cin` (or `a - b - cin`) at 32 bits, and its carry (borrow).
    fn add_carry(&mut self, a: Operand, b: Operand, cin: Operand, sub: bool) -> (Operand, Operand) {
        let ua = self.bin(Ty::I64, BinOp::And, a, Operand::Const(0xffff_ffff));
        let ub = self.bin(Ty::I64, BinOp::And, b, Operand::Const(0xffff_ffff));
        let op = if sub { BinOp::Sub } else { BinOp::Add };
        let s = self.bin(Ty::I64, op, ua, ub);
        let s = self.bin(Ty::I64, op, s, cin);
        let r = self.bin(Ty::I32, BinOp::Add, s, Operand::Const(0));
        let c = self.bin(Ty::I64, BinOp::LShr, s, Operand::Const(32));
        let c = self.bin(Ty::I64, BinOp::And, c, Operand::Const(1));
        (r, c)
    }

    fn logic(&mut self, mn: &str, ty: Ty, a: Operand, b: Operand) -> Operand {
        let shift_mask = if ty == Ty::I64 { 63 } else { 31 };
        if mn.contains("shl") || mn.contains("shr") {
            let b = self.bin(Ty::I32, BinOp::And, b, Operand::Const(shift_mask));
            let op = if mn.contains("lshl") {
                BinOp::Shl
            } else if mn.contains("lshr") {
                BinOp::LShr
            } else {
                BinOp::AShr
            };
            return self.bin(ty, op, a, b);
        }
        let b = if mn.contains("n2") || mn.contains("not1") {
            self.bin(ty, BinOp::Xor, b, Operand::Const(-1))
        } else {
            b
        };
        let op = if mn.contains("_and") {
            BinOp::And
        } else if mn.contains("_or") {
            BinOp::Or
        } else {
            BinOp::Xor
        };
        self.bin(ty, op, a, b)
    }

    /// The number of bits set in the 64-bit value `v`.
    fn popcount(&mut self, v: Operand) -> Operand {
        let c = |x: u64| Operand::Const(x as i64);
        let t = self.bin(Ty::I64, BinOp::LShr, v, c(1));
        let t = self.bin(Ty::I64, BinOp::And, t, c(0x5555_5555_5555_5555));
        let x = self.bin(Ty::I64, BinOp::Sub, v, t);
        let a = self.bin(Ty::I64, BinOp::And, x, c(0x3333_3333_3333_3333));
        let b = self.bin(Ty::I64, BinOp::LShr, x, c(2));
        let b = self.bin(Ty::I64, BinOp::And, b, c(0x3333_3333_3333_3333));
        let x = self.bin(Ty::I64, BinOp::Add, a, b);
        let b = self.bin(Ty::I64, BinOp::LShr, x, c(4));
        let x = self.bin(Ty::I64, BinOp::Add, x, b);
        let x = self.bin(Ty::I64, BinOp::And, x, c(0x0f0f_0f0f_0f0f_0f0f));
        let x = self.bin(Ty::I64, BinOp::Mul, x, c(0x0101_0101_0101_0101));
        self.bin(Ty::I64, BinOp::LShr, x, c(56))
    }

    /// A register spill or reload: `scratch_*`, or a `buffer_*` access
    /// through a resource no instruction wrote (the private segment's, a
    /// user SGPR). Private memory of the one lane, which no other thread
    /// sees: each dword is a register of its own, `scratch@OFFSET`, and
    /// the spill and the reload are moves (`None`: not a spill).
    fn spill(&mut self, mn: &str, ops: &[String], offset: i64) -> Option<Result<(), String>> {
        let scratch = mn.starts_with("scratch_");
        let private_buffer = mn.starts_with("buffer_")
            && ops
                .get(2)
                .and_then(|r| reg_names(r, true))
                .is_some_and(|names| names.iter().all(|n| !self.written.contains(n)));
        if !scratch && !private_buffer {
            return None;
        }
        let store = mn.contains("_store_");
        if !store && !mn.contains("_load_") {
            return Some(Err(format!(
                "`{mn}` on private memory is not run end to end"
            )));
        }
        // scratch: `vdst|vaddr, [vdata,] saddr`; buffer: `vdata, off, rsrc, soffset`.
        let (data, addr_regs) = if scratch {
            if store {
                (ops.get(1), [ops.first(), ops.get(2)])
            } else {
                (ops.first(), [ops.get(1), ops.get(2)])
            }
        } else {
            (ops.first(), [ops.get(1), None])
        };
        if addr_regs.iter().flatten().any(|a| a.as_str() != "off") {
            return Some(Err(format!(
                "`{mn}` with a register address is not run end to end"
            )));
        }
        let soffset = if scratch {
            Some(0)
        } else {
            ops.get(3).and_then(|o| imm(o))
        };
        let Some(soffset) = soffset else {
            return Some(Err(format!(
                "`{mn}` with a register offset is not run end to end"
            )));
        };
        let Some(names) = data.and_then(|d| reg_names(d, true)) else {
            return Some(Err(format!("`{mn}`: bad data operand")));
        };
        for (k, n) in names.iter().enumerate() {
            let slot = format!("scratch@{}", offset + soffset + 4 * k as i64);
            let r = if store {
                self.src(n).map(|v| self.set(&slot, v))
            } else {
                let v = Operand::Reg(self.reg(&slot));
                self.set32(n, v)
            };
            if let Err(e) = r {
                return Some(Err(e));
            }
        }
        Some(Ok(()))
    }

    /// A scalar load: from the kernel arguments (its address registers
    /// were never written), `%out`'s address; anything else is refused.
    fn scalar_load(&mut self, mn: &str, ops: &[String]) -> Result<(), String> {
        let base = ops.get(1).ok_or("missing address")?;
        let names = reg_names(base, true).ok_or("bad address")?;
        if names.iter().any(|n| self.written.contains(n)) {
            return Err(format!(
                "`{mn}` reads memory through the scalar cache, which the hardware model does not have"
            ));
        }
        let off = ops.get(2).and_then(|s| imm(s)).unwrap_or(0);
        if off != 0 {
            return Err(format!("`{mn}` reads a kernel argument other than `%out`"));
        }
        let d = ops.first().ok_or("missing destination")?;
        self.set64(d, Operand::Const(OUT_BASE + 0x10000 * self.ti as i64))
    }

    /// A memory instruction: its address, data and destination from llc's
    /// operands, guarded by the lane's `exec` bit.
    fn access(
        &mut self,
        m: MemOp,
        text: &str,
        ops: &[String],
        offset: i64,
        mods: &HashSet<String>,
    ) -> Result<(), String> {
        let o = |i| nth_operand(ops, i);
        if m.kind == MemKind::LoadLds {
            return Err("LDS DMA is not run end to end".into());
        }
        if m.family == Family::Buffer {
            // GFX6: `buffer_OP vdata, off|vaddr, s[rsrc:+3], soffset`, the
            // returned value of an atomic in vdata; the address is the
            // resource's base (bits 47:0), plus vaddr (`addr64`, `offen`),
            // soffset and the offset.
            let ret = matches!(m.kind, MemKind::Atomic(_) | MemKind::CmpSwap) && m.ret;
            let vdata = o(0)?.to_string();
            let rsrc = reg_names(o(2)?, true).ok_or("bad buffer resource")?;
            let lo = self.src(&rsrc[0])?;
            let hi = self.src(&rsrc[1])?;
            let hi = self.bin(Ty::I32, BinOp::And, hi, Operand::Const(0xffff));
            let mut a = self.join(lo, hi);
            if mods.contains("addr64") {
                let v = self.src64(o(1)?)?;
                a = self.bin(Ty::I64, BinOp::Add, a, v);
            } else if mods.contains("offen") {
                let v = self.src(o(1)?)?;
                let v = self.bin(Ty::I64, BinOp::And, v, Operand::Const(0xffff_ffff));
                a = self.bin(Ty::I64, BinOp::Add, a, v);
            } else if mods.contains("idxen") {
                return Err("an indexed buffer access (`idxen`) is not run end to end".into());
            }
            let so = self.src(o(3)?)?;
            let so = self.bin(Ty::I64, BinOp::And, so, Operand::Const(0xffff_ffff));
            let a = self.bin(Ty::I64, BinOp::Add, a, so);
            let layout = Layout {
                dst: (m.kind == MemKind::Load || ret).then(|| vdata.clone()),
                datas: if m.kind == MemKind::Load {
                    vec![]
                } else {
                    vec![vdata]
                },
                addr: a,
            };
            return self.emit_access(m, text, layout, offset);
        }
        let returns = match m.kind {
            MemKind::Load => true,
            MemKind::Store => false,
            _ => m.ret,
        };
        // Positional operands: [vdst,] vaddr, [vdata, [vdata2,]] [saddr].
        let mut i = 0;
        let dst = if returns {
            i += 1;
            Some(o(0)?.to_string())
        } else {
            None
        };
        let vaddr = o(i)?.to_string();
        i += 1;
        let datas: Vec<String> = match m.kind {
            MemKind::Load => vec![],
            MemKind::CmpSwap if m.family == Family::Ds => {
                i += 2;
                vec![o(i - 2)?.to_string(), o(i - 1)?.to_string()]
            }
            _ => {
                i += 1;
                vec![o(i - 1)?.to_string()]
            }
        };
        let saddr = if m.family == Family::Global {
            Some(o(i)?.to_string())
        } else {
            None
        };
        // The address.
        let addr = match (&m.family, saddr.as_deref()) {
            (Family::Global, Some(s)) if s != "off" => {
                let base = self.src64(s)?;
                let v = self.src(&vaddr)?;
                let v = self.bin(Ty::I64, BinOp::And, v, Operand::Const(0xffff_ffff));
                self.bin(Ty::I64, BinOp::Add, base, v)
            }
            (Family::Ds, _) => {
                let v = self.src(&vaddr)?;
                self.bin(Ty::I64, BinOp::And, v, Operand::Const(0xffff_ffff))
            }
            _ => self.src64(&vaddr)?,
        };
        let layout = Layout { dst, datas, addr };
        self.emit_access(m, text, layout, offset)
    }

    /// The access of `m` at `layout.addr + offset`, its data and
    /// destination from `layout`.
    fn emit_access(
        &mut self,
        m: MemOp,
        text: &str,
        layout: Layout,
        offset: i64,
    ) -> Result<(), String> {
        let Layout { dst, datas, addr } = layout;
        let returns = dst.is_some();
        let addr = self.bin(Ty::I64, BinOp::Add, addr, Operand::Const(offset));
        let lds = m.family == Family::Ds;
        let index = if lds {
            let first = self.lds_first.ok_or(
                "the thread uses several LDS symbols, whose layout llc chooses: not run end to end",
            )?;
            let i = self.bin(Ty::I64, BinOp::LShr, addr, Operand::Const(3));
            self.bin(Ty::I64, BinOp::Add, i, Operand::Const(first as i64))
        } else {
            let i = self.bin(Ty::I64, BinOp::Sub, addr, Operand::Const(GLOBAL_BASE));
            self.bin(Ty::I64, BinOp::LShr, i, Operand::Const(3))
        };
        let (Operand::Reg(addr), Operand::Reg(index)) = (addr, index) else {
            return Err("internal: an address that is not a register".into());
        };
        // The data, 64 bits per element; a cmpswap's (new, expected).
        let words = (m.bits / 32).max(1) as usize;
        let mut data = Vec::new();
        for d in &datas {
            let names =
                reg_names(d, self.wave64).ok_or_else(|| format!("data `{d}` is not a register"))?;
            let mut vals = Vec::new();
            for n in &names {
                vals.push(self.src(n)?);
            }
            data.push(vals);
        }
        // The guard: the access happens when the lane is active.
        let exec = self.src("exec")?;
        let on = self.lane(exec);
        let guard = self.push(Instr::Branch {
            cond: on,
            then_: 0,
            else_: 0,
        });
        let ty = match m.bits {
            8 => Ty::I8,
            16 => Ty::I16,
            32 => Ty::I32,
            _ => Ty::I64,
        };
        let elem = |this: &mut Self, vals: &[Operand], k: usize| -> Operand {
            match (vals.get(2 * k), vals.get(2 * k + 1)) {
                (Some(lo), Some(hi)) if ty == Ty::I64 => this.join(*lo, *hi),
                (Some(lo), _) => *lo,
                _ => Operand::Undef,
            }
        };
        let mut site_data = Vec::new();
        let dst_reg = if returns {
            if m.bits > 64 {
                return Err("a 128-bit load or atomic is not run end to end".into());
            }
            let names = self.dst_names(dst.as_deref().unwrap_or(""))?;
            // Always a register of its own, copied into llc's where the
            // code reads it ([`Later`]): two loads into one register may
            // be performed in either order, and only the later one's value
            // may end there.
            Some((self.temp(), names))
        } else {
            None
        };
        let signed = text.contains("sbyte")
            || text.contains("sshort")
            || text.contains("_i8")
            || text.contains("_i16");
        let at = match m.kind {
            MemKind::Load => {
                let (d, _) = dst_reg.clone().ok_or("a load without destination")?;
                self.push(Instr::Load {
                    dst: d,
                    ty,
                    addr: amdmm_program::Addr {
                        symbol: self.all,
                        index: Operand::Reg(index),
                        generic: false,
                        byte: 0,
                    },
                    attrs: attrs(),
                    visible: None,
                })
            }
            MemKind::Store => {
                let vals = data.first().cloned().unwrap_or_default();
                for k in 0..words.div_ceil(2).max(1) {
                    let v = if m.bits == 128 || m.bits == 64 {
                        elem(self, &vals, k)
                    } else {
                        vals.first().copied().unwrap_or(Operand::Undef)
                    };
                    site_data.push(v);
                }
                let first = self.push(Instr::Store {
                    ty,
                    value: site_data[0],
                    addr: amdmm_program::Addr {
                        symbol: self.all,
                        index: Operand::Reg(index),
                        generic: false,
                        byte: 0,
                    },
                    attrs: attrs(),
                    available: None,
                });
                if m.bits == 128 {
                    // The second element: only a store to `%out` may be
                    // this wide ([`Tx::resolve`]).
                    let t = self.temp();
                    self.push(Instr::Move {
                        dst: t,
                        src: site_data[1],
                    });
                }
                first
            }
            MemKind::Atomic(name) => {
                let op =
                    rmw_op(name).ok_or_else(|| format!("atomic `{name}` is not run end to end"))?;
                let vals = data.first().cloned().unwrap_or_default();
                let v = elem(self, &vals, 0);
                let d = match &dst_reg {
                    Some((d, _)) => *d,
                    None => self.temp(),
                };
                self.push(Instr::Rmw {
                    dst: d,
                    ty,
                    op,
                    addr: amdmm_program::Addr {
                        symbol: self.all,
                        index: Operand::Reg(index),
                        generic: false,
                        byte: 0,
                    },
                    value: v,
                    attrs: attrs(),
                })
            }
            MemKind::CmpSwap => {
                // Vector memory: one data operand, (new, expected); DS
                // `cmpst`: (expected, new), GFX11+ `cmpstore`: (new, expected).
                let (new, expected) = if m.family == Family::Ds {
                    let a = elem(self, &data[0], 0);
                    let b = elem(self, &data[1], 0);
                    if self.dialect.new_names() {
                        (a, b)
                    } else {
                        (b, a)
                    }
                } else {
                    let vals = data.first().cloned().unwrap_or_default();
                    let half = vals.len() / 2;
                    let (n, e) = vals.split_at(half);
                    let n = if ty == Ty::I64 {
                        self.join(n[0], n[1])
                    } else {
                        n[0]
                    };
                    let e = if ty == Ty::I64 {
                        self.join(e[0], e[1])
                    } else {
                        e[0]
                    };
                    (n, e)
                };
                let d = match &dst_reg {
                    Some((d, _)) => *d,
                    None => self.temp(),
                };
                let ok = self.temp();
                self.push(Instr::CmpXchg {
                    weak: false,
                    dst_old: d,
                    dst_ok: ok,
                    ty,
                    addr: amdmm_program::Addr {
                        symbol: self.all,
                        index: Operand::Reg(index),
                        generic: false,
                        byte: 0,
                    },
                    expected,
                    new,
                    attrs: attrs(),
                    failure: Ordering::Monotonic,
                })
            }
            MemKind::LoadLds => unreachable!("refused above"),
        };
        let after = self.code.len();
        self.code[guard] = Instr::Branch {
            cond: on,
            then_: guard as u32 + 1,
            else_: after as u32,
        };
        self.op(at, MInstr::Mem(m), text);
        if let Some((d, names)) = dst_reg {
            {
                let parts = if m.bits <= 32 {
                    vec![(names[0].clone(), 0, m.bits, signed)]
                } else {
                    names
                        .iter()
                        .enumerate()
                        .take(2)
                        .map(|(k, n)| (n.clone(), 32 * k as u32, 32, false))
                        .collect()
                };
                self.later.push(Later { from: d, parts });
            }
        }
        self.sites.push(Site {
            at,
            addr,
            index,
            lds,
            data: site_data,
        });
        Ok(())
    }

    fn finish(&mut self) -> Result<(), String> {
        self.settle(None);
        self.push(Instr::Halt);
        for (at, label) in std::mem::take(&mut self.fixups) {
            let target = *self
                .labels
                .get(&label)
                .ok_or_else(|| format!("branch to `{label}`, a label not in the kernel"))?
                as u32;
            self.code[at] = match self.code[at] {
                Instr::Branch { cond, .. } => Instr::Branch {
                    cond,
                    then_: target,
                    else_: at as u32 + 1,
                },
                _ => Instr::Jump { target },
            };
        }
        Ok(())
    }

    /// Gives each access its location (or, for an address only known at
    /// run time, its index into every location), and turns the stores to
    /// `%out` into writes of the test's registers.
    fn resolve(&mut self) -> Result<(), String> {
        let known = constants(&self.code);
        let out = OUT_BASE + 0x10000 * self.ti as i64;
        let mut drop_ops = HashSet::new();
        for s in &self.sites {
            let addr = known[s.at].as_ref().and_then(|k| k.get(&s.addr).copied());
            let index = known[s.at].as_ref().and_then(|k| k.get(&s.index).copied());
            let store = matches!(self.code[s.at], Instr::Store { .. });
            match addr {
                Some(Value::Int(a)) if (out..out + 0x10000).contains(&a) && !s.lds => {
                    if !store {
                        return Err("llc's code reads or atomically updates `%out`".into());
                    }
                    let slot = ((a - out) / 8) as usize;
                    for (k, v) in s.data.iter().enumerate() {
                        let at = s.at + k;
                        match self.slots.get(slot + k) {
                            Some(&reg) => {
                                let ty = reg_ty(self.p, self.ti, reg);
                                self.code[at] = Instr::Bin {
                                    dst: reg,
                                    ty,
                                    op: BinOp::Add,
                                    a: *v,
                                    b: Operand::Const(0),
                                };
                            }
                            // A slot of a priming load's value, which
                            // nothing observes.
                            None => {
                                self.code[at] = Instr::Move {
                                    dst: s.index,
                                    src: *v,
                                };
                            }
                        }
                    }
                    drop_ops.insert(s.at);
                }
                _ => {
                    if s.data.len() > 1 {
                        return Err(
                            "a 128-bit access to a location of the test is not run end to end"
                                .into(),
                        );
                    }
                    if let Some(Value::Int(i)) = index {
                        let (sym, first) = self.locate(i, s.lds)?;
                        let addr = amdmm_program::Addr {
                            symbol: sym,
                            index: Operand::Const(i - first as i64),
                            generic: false,
                            byte: 0,
                        };
                        set_addr(&mut self.code[s.at], addr);
                    }
                }
            }
        }
        self.ops.retain(|o| !drop_ops.contains(&o.index));
        Ok(())
    }

    /// The symbol of location `i` and the symbol's first location; an LDS
    /// access must reach an LDS location and a global one a global.
    fn locate(&self, i: i64, lds: bool) -> Result<(u32, u32), String> {
        let p = self.p;
        let loc = usize::try_from(i)
            .ok()
            .filter(|&l| l < p.locations.len())
            .ok_or_else(|| {
                format!("an access to an address outside the test's locations (location {i})")
            })?;
        if (p.locations[loc].space == AddrSpace::Lds) != lds {
            return Err(format!(
                "an access to `{}` through the other address space's instruction",
                p.locations[loc].name
            ));
        }
        p.symbols
            .iter()
            .enumerate()
            .find(|(_, s)| (s.first..s.first + s.len).contains(&(loc as u32)))
            .map(|(k, s)| (k as u32, s.first))
            .ok_or_else(|| format!("location {loc} has no symbol"))
    }
}

fn set_addr(i: &mut Instr, a: amdmm_program::Addr) {
    match i {
        Instr::Load { addr, .. }
        | Instr::Store { addr, .. }
        | Instr::Rmw { addr, .. }
        | Instr::CmpXchg { addr, .. } => *addr = a,
        _ => {}
    }
}

fn compare(mn: &str) -> Option<CmpOp> {
    let parts: Vec<&str> = mn.split('_').collect();
    let (pred, ty) = (parts.get(2)?, parts.get(3)?);
    let signed = ty.starts_with('i');
    Some(match (*pred, signed) {
        ("eq", _) => CmpOp::Eq,
        ("lg" | "ne", _) => CmpOp::Ne,
        ("gt", true) => CmpOp::Sgt,
        ("ge", true) => CmpOp::Sge,
        ("lt", true) => CmpOp::Slt,
        ("le", true) => CmpOp::Sle,
        ("gt", false) => CmpOp::Ugt,
        ("ge", false) => CmpOp::Uge,
        ("lt", false) => CmpOp::Ult,
        ("le", false) => CmpOp::Ule,
        _ => return None,
    })
}

/// The test's operation of a memory instruction's atomic (as the reader
/// names it, [`crate::isa::MemKind::Atomic`]).
fn rmw_op(name: &str) -> Option<RmwOp> {
    Some(match name {
        "swap" => RmwOp::Xchg,
        "add" => RmwOp::Add,
        "sub" => RmwOp::Sub,
        "and" => RmwOp::And,
        "or" => RmwOp::Or,
        "xor" => RmwOp::Xor,
        "smax" => RmwOp::Max,
        "smin" => RmwOp::Min,
        "umax" => RmwOp::UMax,
        "umin" => RmwOp::UMin,
        "inc" => RmwOp::UIncWrap,
        "dec" => RmwOp::UDecWrap,
        "cond_sub" => RmwOp::USubCond,
        "sub_clamp" => RmwOp::USubSat,
        _ => return None,
    })
}

/// The type of register `reg` of thread `ti` of the test (the type of the
/// instruction that defines it): a value llc stores to `%out` zero-extended
/// to 64 bits is the register's value at that width.
fn reg_ty(p: &Program, ti: usize, reg: RegId) -> Ty {
    for i in &p.threads[ti].code {
        match i {
            Instr::Load { dst, ty, .. }
            | Instr::Rmw { dst, ty, .. }
            | Instr::Bin { dst, ty, .. }
                if *dst == reg =>
            {
                return int_of(*ty)
            }
            Instr::CmpXchg { dst_old, ty, .. } if *dst_old == reg => return int_of(*ty),
            Instr::CmpXchg { dst_ok, .. } if *dst_ok == reg => return Ty::I1,
            Instr::Cmp { dst, .. } if *dst == reg => return Ty::I1,
            _ => {}
        }
    }
    Ty::I64
}

/// Floating-point values are held as their bits (docs/semantics.md).
fn int_of(ty: Ty) -> Ty {
    match ty {
        Ty::Half => Ty::I16,
        Ty::Float => Ty::I32,
        Ty::Double => Ty::I64,
        t => t,
    }
}

/// The registers with a known value before each instruction (`None`: the
/// instruction is not reached), by forward propagation to a fixed point
/// over the program's branches.
fn constants(code: &[Instr]) -> Vec<Option<HashMap<RegId, Value>>> {
    let mut at: Vec<Option<HashMap<RegId, Value>>> = vec![None; code.len() + 1];
    at[0] = Some(HashMap::new());
    let mut work = vec![0usize];
    while let Some(k) = work.pop() {
        let Some(state) = at[k].clone() else { continue };
        let Some(i) = code.get(k) else { continue };
        let mut s = state;
        let val = |s: &HashMap<RegId, Value>, o: Operand| match o {
            Operand::Const(c) => Some(Value::Int(c)),
            Operand::Undef => Some(Value::Undef),
            Operand::Reg(r) => s.get(&r).copied(),
        };
        let mut next = vec![k + 1];
        let set = |s: &mut HashMap<RegId, Value>, d: RegId, v: Option<Value>| match v {
            Some(v) => {
                s.insert(d, v);
            }
            None => {
                s.remove(&d);
            }
        };
        match i {
            Instr::Move { dst, src } => {
                let v = val(&s, *src);
                set(&mut s, *dst, v);
            }
            Instr::Bin { dst, ty, op, a, b } => {
                let v = match (val(&s, *a), val(&s, *b)) {
                    (Some(x), Some(y)) => Some(symbolic::bin(*op, *ty, x, y)),
                    _ => None,
                };
                set(&mut s, *dst, v);
            }
            Instr::Cmp { dst, ty, op, a, b } => {
                let v = match (val(&s, *a), val(&s, *b)) {
                    (Some(x), Some(y)) => Some(symbolic::cmp(*op, *ty, x, y)),
                    _ => None,
                };
                set(&mut s, *dst, v);
            }
            Instr::Select { dst, cond, a, b } => {
                let v = match val(&s, *cond) {
                    Some(Value::Int(0)) => val(&s, *b),
                    Some(Value::Int(_)) => val(&s, *a),
                    _ => None,
                };
                set(&mut s, *dst, v);
            }
            Instr::Jump { target } => next = vec![*target as usize],
            Instr::Branch { cond, then_, else_ } => {
                next = match val(&s, *cond) {
                    Some(Value::Int(0)) => vec![*else_ as usize],
                    Some(Value::Int(_)) => vec![*then_ as usize],
                    _ => vec![*then_ as usize, *else_ as usize],
                };
            }
            Instr::Halt => next = vec![],
            // A memory access's or the barrier flag's result is not known.
            other => {
                for r in other.writes() {
                    s.remove(&r);
                }
            }
        }
        for n in next {
            let merged = match &at[n] {
                None => s.clone(),
                Some(old) => old
                    .iter()
                    .filter(|(r, v)| s.get(r) == Some(v))
                    .map(|(r, v)| (*r, *v))
                    .collect(),
            };
            if at[n].as_ref() != Some(&merged) {
                at[n] = Some(merged);
                work.push(n);
            }
        }
    }
    at
}

/// Is the end-to-end run asked for every test (`AMDMM_LLC_WHOLE=always`),
/// not only where per-operation attribution fails? For checking the
/// method itself against the per-operation runs (docs/llc.md).
pub fn always() -> bool {
    std::env::var("AMDMM_LLC_WHOLE").is_ok_and(|v| v == "always")
}

/// The hardware model's run of llc's whole code for `p` on `target`, when
/// per-operation attribution fails (or always, [`always`]); `None` when
/// the per-operation run applies (or the test is refused before llc runs,
/// which that run reports).
pub fn explore(
    p: &Program,
    target: &Target,
    opts: &crate::machine::HwOptions,
    llc: &super::Llc,
) -> Option<Result<crate::machine::HwOutcome, crate::machine::HwError>> {
    use crate::machine::HwError;
    crate::lower::tgsplit_lds(p, target).ok()?;
    let ir = super::module_for(p, target).ok()?;
    // llc's failure is the test's answer here: leaving it to the
    // per-operation path would run llc a second time (and, for a stuck llc,
    // wait for a second timeout).
    let asm = match llc.compile(&ir, target) {
        Ok((asm, _)) => asm,
        Err(e) => return Some(Err(super::compile_error(e))),
    };
    let why = if always() {
        None
    } else {
        let l = super::from_asm(p, target, &asm).ok()?;
        let bad = super::unattributable(p, &l);
        if bad.is_empty() {
            return None;
        }
        Some(bad.join("; "))
    };
    let (q, mut lowered) = match whole_program(p, target, &asm) {
        Ok(x) => x,
        Err(e) => {
            return Some(Err(HwError::Unsupported(match why {
                Some(w) => format!("{target} (llc): {w}, and the end-to-end run of llc's whole code cannot run it: {e}"),
                None => format!("{target} (llc, end to end): {e}"),
            })))
        }
    };
    if let Some(c) = lowered.compiler.as_mut() {
        c.name = format!("{} (whole code, end to end)", llc.describe());
    }
    Some(crate::machine::explore_lowered(&q, lowered, opts))
}
