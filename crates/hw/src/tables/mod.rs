//! The code-sequence tables as data.
//!
//! One module per table of AMDGPUUsage's memory-model chapter ("AMDHSA
//! Memory Model Code Sequences GFX6-GFX9" is [`gfx6_9::TABLE`], and so on).
//! Each row is `(LLVM instruction, ordering, sync scopes, address spaces) →
//! steps`, and each step is a machine instruction with the conditions under
//! which the table emits it (`If not TgSplit execution mode, omit.` becomes
//! `Cond::TgSplit`). Above every row, the table cell is quoted: the English
//! upstream text (AMDGPUUsage, <https://llvm.org/docs/AMDGPUUsage.html>,
//! "Memory Model" section) as the translation, then the specification's
//! original Chinese AMDGPUUsage; where the two differ the specification wins
//! and the row says so. GFX125x exists only in the English text.
//!
//! Rows whose address spaces are only `private` or `constant` are left out:
//! a litmus test has only `addrspace(1)` (global) and `addrspace(3)` (local)
//! locations. The `generic` rows are in: an access through `ptr
//! addrspace(0)` is looked up in them whatever location it reaches (the
//! `load atomic acquire` and `atomicrmw acquire` / `acq_rel` rows that list
//! `generic` alone add the `lgkmcnt` / `dscnt` waits a flat access to LDS
//! needs). "If OpenCL, omit" notes are not
//! conditions here: litmus tests are HSA (the HSA memory model of the
//! table), so those instructions are always emitted.

#[rustfmt::skip]
pub mod gfx10_11;
#[rustfmt::skip]
pub mod gfx12;
#[rustfmt::skip]
pub mod gfx125x;
#[rustfmt::skip]
pub mod gfx6_9;
#[rustfmt::skip]
pub mod gfx90a;
#[rustfmt::skip]
pub mod gfx942;

use crate::isa::{HwScope, MInstr};
use crate::target::{Gen, Target};
pub use amdmm_program::Ordering as Ord;
pub use amdmm_program::ScopeLevel;

/// The "LLVM Instr" column.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum LlvmOp {
    Load,
    Store,
    LoadAtomic,
    StoreAtomic,
    /// `atomicrmw` (also `cmpxchg`, which the backend lowers the same way).
    AtomicRmw,
    Fence,
}

impl LlvmOp {
    pub fn name(self) -> &'static str {
        match self {
            LlvmOp::Load => "load",
            LlvmOp::Store => "store",
            LlvmOp::LoadAtomic => "load atomic",
            LlvmOp::StoreAtomic => "store atomic",
            LlvmOp::AtomicRmw => "atomicrmw",
            LlvmOp::Fence => "fence",
        }
    }
}

/// The "AMDGPU Address Space" column.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Space {
    Global,
    Local,
    Generic,
    Private,
    Constant,
}

/// A condition under which a step is emitted (from the notes of the table:
/// "If not TgSplit execution mode, omit.", "If GFX10, omit dlc=1.", the
/// "- volatile" sub-cases, "**Atomic with return:**", ...).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Cond {
    /// Threadgroup split execution mode (`:tgsplit`).
    TgSplit,
    NoTgSplit,
    /// CU wavefront execution mode (`:cumode`).
    CuMode,
    /// WGP wavefront execution mode (GFX10+ default).
    WgpMode,
    Gfx10,
    Gfx11,
    /// Atomic with return (the old value is used).
    Ret,
    /// Atomic without return.
    NoRet,
    /// `!volatile & !nontemporal`.
    Plain,
    /// `!volatile & nontemporal`.
    NonTemporal,
    Volatile,
    /// The row covers agent and system scope; "If agent scope, omit.".
    SystemScope,
}

/// One step of a code sequence.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Step {
    /// Emit the instruction when every condition holds.
    Emit(&'static [Cond], MInstr),
    /// "Same as corresponding `<op> <ordering>`" (the rest of the sequence).
    SameAs(LlvmOp, Ord),
}

/// One row of a table.
#[derive(Clone, Copy, Debug)]
pub struct Row {
    pub op: LlvmOp,
    pub ord: Ord,
    /// Empty: `*none*` / `*any*`.
    pub scopes: &'static [ScopeLevel],
    /// Empty: `*none*` / `*any*`.
    pub spaces: &'static [Space],
    /// Conditions without which the row cannot be used ("If TgSplit execution
    /// mode, local address space cannot be used.").
    pub requires: &'static [Cond],
    pub code: &'static [Step],
    /// Line of the row in the English text the quotes come from (an extract
    /// of AMDGPUUsage's memory-model chapter); identifies the row, never shown.
    pub en_line: u32,
    /// Line of the row in the seed's Chinese AMDGPUUsage (0: only in the
    /// English text); identifies the row, never shown.
    pub zh_line: u32,
}

impl Row {
    /// The row as the table's first four columns name it ("LLVM Instr",
    /// "LLVM Memory Ordering", "LLVM Memory Sync Scope", "AMDGPU Address
    /// Space"): `load atomic / acquire / agent, system / global`. This is how
    /// messages cite a row: the text's line numbers are not in the repository.
    pub fn key(&self) -> String {
        fn list(names: Vec<&str>) -> String {
            if names.is_empty() {
                "*none*".to_string()
            } else {
                names.join(", ")
            }
        }
        let ord = match self.ord {
            Ord::NotAtomic => "*none*",
            o => o.name(),
        };
        format!(
            "{} / {} / {} / {}",
            self.op.name(),
            ord,
            list(self.scopes.iter().map(|s| s.name()).collect()),
            list(self.spaces.iter().map(|&s| space_name(s)).collect()),
        )
    }
}

/// Where the code-sequence tables are published (the upstream AMDGPUUsage
/// document); a table's anchor is appended.
pub const AMDGPU_USAGE_URL: &str = "https://llvm.org/docs/AMDGPUUsage.html";

/// A whole table.
#[derive(Debug)]
pub struct Table {
    /// The table's name in the English text.
    pub name: &'static str,
    /// The table's name in the seed (empty for GFX125x).
    pub zh_name: &'static str,
    pub rows: &'static [Row],
}

impl Table {
    /// The table's public location: AMDGPUUsage with the table's anchor
    /// (`.. table:: ... :name: amdgpu-amdhsa-memory-model-code-sequences-gfx942-table`).
    pub fn url(&self) -> String {
        let gen = self
            .name
            .strip_prefix("AMDHSA Memory Model Code Sequences ")
            .unwrap_or(self.name)
            .to_ascii_lowercase();
        format!("{AMDGPU_USAGE_URL}#amdgpu-amdhsa-memory-model-code-sequences-{gen}-table")
    }
}

/// The table for a generation.
pub fn table(gen: Gen) -> &'static Table {
    match gen {
        Gen::Gfx6To9 => &gfx6_9::TABLE,
        Gen::Gfx90a => &gfx90a::TABLE,
        Gen::Gfx942 => &gfx942::TABLE,
        Gen::Gfx10To11 => &gfx10_11::TABLE,
        Gen::Gfx12 => &gfx12::TABLE,
        Gen::Gfx125x => &gfx125x::TABLE,
    }
}

/// The facts about one operation that the conditions test.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Ctx {
    pub target: Target,
    pub volatile: bool,
    pub nontemporal: bool,
    /// Atomic with return.
    pub ret: bool,
    pub scope: ScopeLevel,
}

impl Cond {
    pub fn holds(self, c: &Ctx) -> bool {
        match self {
            Cond::TgSplit => c.target.tgsplit,
            Cond::NoTgSplit => !c.target.tgsplit,
            Cond::CuMode => c.target.cumode,
            Cond::WgpMode => !c.target.cumode,
            Cond::Gfx10 => c.target.major == 10,
            Cond::Gfx11 => c.target.major == 11,
            Cond::Ret => c.ret,
            Cond::NoRet => !c.ret,
            Cond::Plain => !c.volatile && !c.nontemporal,
            Cond::NonTemporal => !c.volatile && c.nontemporal,
            Cond::Volatile => c.volatile,
            Cond::SystemScope => c.scope == ScopeLevel::System,
        }
    }
}

impl Row {
    pub fn matches(&self, op: LlvmOp, ord: Ord, scope: ScopeLevel, space: Option<Space>) -> bool {
        self.op == op
            && self.ord == ord
            && (self.scopes.is_empty() || self.scopes.contains(&scope))
            && match space {
                None => true,
                Some(s) => self.spaces.is_empty() || self.spaces.contains(&s),
            }
    }
}

impl Table {
    /// The row for an operation (`space` is `None` for fences).
    pub fn find(
        &self,
        op: LlvmOp,
        ord: Ord,
        scope: ScopeLevel,
        space: Option<Space>,
    ) -> Option<&'static Row> {
        self.rows.iter().find(|r| r.matches(op, ord, scope, space))
    }
}

/// A step of a resolved sequence, with the row it came from.
#[derive(Clone, Copy, Debug)]
pub struct Emitted {
    pub instr: MInstr,
    pub row: &'static Row,
    /// Index of the step in the row's `code`.
    pub step: usize,
}

/// Why a sequence cannot be produced.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TableError {
    /// No row of the table covers the operation.
    NoRow(String),
    /// The row exists but not under this target's features.
    Unavailable(String),
}

/// Expands a row into the instructions it emits for `ctx`, following
/// "Same as corresponding ..." references in the same table.
pub fn expand(
    table: &'static Table,
    row: &'static Row,
    space: Option<Space>,
    ctx: &Ctx,
) -> Result<Vec<Emitted>, TableError> {
    let mut out = Vec::new();
    expand_into(table, row, space, ctx, &mut out, 0)?;
    Ok(out)
}

fn expand_into(
    table: &'static Table,
    row: &'static Row,
    space: Option<Space>,
    ctx: &Ctx,
    out: &mut Vec<Emitted>,
    depth: u32,
) -> Result<(), TableError> {
    if let Some(c) = row.requires.iter().find(|c| !c.holds(ctx)) {
        return Err(TableError::Unavailable(format!(
            "{} {} {} {}: not available on {} (the row requires {}; {}, row {}){}",
            row.op.name(),
            row.ord.name(),
            ctx.scope,
            space.map(space_name).unwrap_or("-"),
            ctx.target,
            cond_name(*c),
            table.name,
            row.key(),
            if *c == Cond::NoTgSplit {
                ": \"If TgSplit execution mode, local address space cannot be used.\""
            } else {
                ""
            }
        )));
    }
    for (i, step) in row.code.iter().enumerate() {
        match *step {
            Step::Emit(conds, instr) => {
                if conds.iter().all(|c| c.holds(ctx)) {
                    out.push(Emitted {
                        instr,
                        row,
                        step: i,
                    });
                }
            }
            Step::SameAs(op, ord) => {
                let Some(r) = table.find(op, ord, ctx.scope, space) else {
                    return Err(TableError::NoRow(format!(
                        "{}: \"same as corresponding {} {}\" has no row for scope {} (row {})",
                        table.name,
                        op.name(),
                        ord.name(),
                        ctx.scope,
                        row.key()
                    )));
                };
                if depth > 4 {
                    return Err(TableError::NoRow(format!(
                        "{}: cyclic \"same as\" at row {}",
                        table.name,
                        row.key()
                    )));
                }
                expand_into(table, r, space, ctx, out, depth + 1)?;
            }
        }
    }
    Ok(())
}

pub fn space_name(s: Space) -> &'static str {
    match s {
        Space::Global => "global",
        Space::Local => "local",
        Space::Generic => "generic",
        Space::Private => "private",
        Space::Constant => "constant",
    }
}

pub fn cond_name(c: Cond) -> &'static str {
    match c {
        Cond::TgSplit => "TgSplit execution mode",
        Cond::NoTgSplit => "not TgSplit execution mode",
        Cond::CuMode => "CU wavefront execution mode",
        Cond::WgpMode => "WGP wavefront execution mode",
        Cond::Gfx10 => "GFX10",
        Cond::Gfx11 => "GFX11",
        Cond::Ret => "atomic with return",
        Cond::NoRet => "atomic without return",
        Cond::Plain => "!volatile & !nontemporal",
        Cond::NonTemporal => "!volatile & nontemporal",
        Cond::Volatile => "volatile",
        Cond::SystemScope => "system scope",
    }
}

/// The `scope:` operand for an LLVM sync scope ("Apply the Instruction Scopes
/// table"); `None` when the table says `*none*` (no operand, the default).
pub fn hw_scope(target: &Target, scope: ScopeLevel) -> Option<HwScope> {
    match target.gen {
        Gen::Gfx12 => gfx12::scope_operand(scope, target.cumode),
        Gen::Gfx125x => gfx125x::scope_operand(scope),
        _ => None,
    }
}
