//! A kernel on a launch grid as a [`Program`]: every modelled work-item a
//! thread placed in its agent, workgroup and wavefront, every buffer,
//! LDS variable and device global a symbol, and the kernel's code inlined
//! into each thread with its ids as constants. The exploration, the model
//! and the reports then run exactly as for a litmus test.

mod bounds;
mod symbols;
mod thread;

use crate::debug::{DebugInfo, SourcePos};
use crate::error::{KernelError, Result};
use crate::ir::{Function, Module, Type};
use crate::launch::{ArgValue, InitValue, Launch};
use amdmm_program::{Cond, Condition, Observable, Placement, Program, Quantifier, RegId, Thread};
pub use symbols::{element_name, BufferInfo, SymbolKind};

/// How to run the kernel.
#[derive(Clone, Debug, Default)]
pub struct BuildOptions {
    pub launch: Launch,
    /// `--arg NAME=...`, by parameter name (source or IR name).
    pub args: Vec<(String, ArgValue)>,
    pub inits: Vec<InitValue>,
}

/// Where an instruction of a thread comes from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Origin {
    /// Line of the `.ll` file.
    pub ir_line: u32,
    /// Source file and line from the debug info, when there is some.
    pub source: Option<SourcePos>,
}

impl Origin {
    /// `file:line` of the source, else `FILE.ll:line`.
    pub fn text(&self, ll: &str) -> String {
        match &self.source {
            Some(p) => format!("{}:{}", p.file, p.line),
            None => format!("{ll}:{}", self.ir_line),
        }
    }
}

/// The program and what the report needs to speak of it in the kernel's
/// terms.
#[derive(Clone, Debug)]
pub struct Built {
    pub program: Program,
    /// The kernel's source name (its `DISubprogram` name) or IR name.
    pub kernel: String,
    /// Every buffer, LDS variable and global the kernel accesses.
    pub buffers: Vec<BufferInfo>,
    /// Per thread, per instruction of its code: where it comes from.
    pub origins: Vec<Vec<Origin>>,
    /// Per thread: the register an assertion failure writes its IR line
    /// into, when the thread's code has one (`llvm.trap`, `abort`,
    /// `__assert_fail`, `unreachable`).
    pub assert_regs: Vec<Option<RegId>>,
    /// The observables of the final states: written buffer elements first,
    /// then the assert registers.
    pub work_items: Vec<crate::launch::WorkItem>,
    pub launch: Launch,
}

/// Picks the kernel: `--kernel NAME` (IR or source name), else the
/// module's only one.
pub fn pick_kernel<'m>(m: &'m Module, name: Option<&str>) -> Result<&'m Function> {
    let dbg = DebugInfo::new(m);
    let source_name = |f: &Function| f.dbg.and_then(|sp| dbg.subprogram_name(sp));
    let kernels: Vec<&Function> = m.kernels().collect();
    let list = || {
        kernels
            .iter()
            .map(|f| source_name(f).unwrap_or_else(|| f.name.clone()))
            .collect::<Vec<_>>()
            .join(", ")
    };
    match name {
        Some(n) => kernels
            .iter()
            .find(|f| f.name == n || source_name(f).as_deref() == Some(n))
            .copied()
            .ok_or_else(|| {
                KernelError::new(0, 0, format!("no kernel named `{n}` in the module"))
                    .hint(format!("the module's kernels: {}", if kernels.is_empty() { "none".into() } else { list() }))
            }),
        None => match kernels.as_slice() {
            [k] => Ok(k),
            // A module of device functions only: point at the first.
            [] => Err(match m.functions.iter().find(|f| !f.blocks.is_empty()) {
                Some(f) => KernelError::new(f.line, 0, format!("the module has no kernel: `@{}` is a device function (`define` without `amdgpu_kernel`)", f.name)),
                None => KernelError::new(0, 0, "the module has no kernel (no `define amdgpu_kernel` with a body)"),
            }
            .hint("compile the HIP file with --cuda-device-only, and mark the kernel __attribute__((global))")),
            _ => Err(KernelError::new(0, 0, format!("the module has {} kernels", kernels.len()))
                .hint(format!("choose one with --kernel NAME: {}", list()))),
        },
    }
}

/// Builds the program of `kernel` on the launch of `opts`.
pub fn build(m: &Module, kernel: &Function, opts: &BuildOptions) -> Result<Built> {
    let l = &opts.launch;
    if l.wave_size != 32 && l.wave_size != 64 {
        return Err(KernelError::new(
            0,
            0,
            format!("--wave-size {} is not 32 or 64", l.wave_size),
        ));
    }
    if l.lanes == Some(0) {
        return Err(
            KernelError::new(0, 0, "--lanes 0 models no work-item").hint("give --lanes 1 or more")
        );
    }
    let dbg = DebugInfo::new(m);
    let kernel_name = kernel
        .dbg
        .and_then(|sp| dbg.subprogram_name(sp))
        .unwrap_or_else(|| kernel.name.clone());
    let mut syms = symbols::Symbols::new(m, kernel, &dbg, opts)?;
    let items = l.work_items();
    if items.is_empty() {
        return Err(KernelError::new(0, 0, "the launch has no work-item"));
    }
    let mut threads = Vec::new();
    let mut origins = Vec::new();
    let mut assert_regs = Vec::new();
    for (k, wi) in items.iter().enumerate() {
        let out = thread::translate(m, &dbg, kernel, wi, l, &mut syms)?;
        threads.push(Thread {
            name: format!("wg{}.wi{}", wi.wg_linear, wi.local_linear),
            placement: Placement::new(0, 0, wi.wg_linear, wi.wave, k as u32),
            regs: out.regs,
            code: out.code,
            pos: out.pos,
        });
        origins.push(out.origins);
        assert_regs.push(out.assert_reg);
    }
    let covers = std::mem::take(&mut syms.covers);
    let (locations, symbols, buffers, float_types) = syms.finish(opts)?;
    thread::check_covers(&covers, &symbols)?;
    let mut observed: Vec<Observable> = Vec::new();
    for b in &buffers {
        for &loc in &b.shown {
            observed.push(Observable::Mem { loc, wg: None });
        }
    }
    for (t, r) in assert_regs.iter().enumerate() {
        if let Some(r) = r {
            observed.push(Observable::Reg {
                thread: t as u32,
                reg: *r,
            });
        }
    }
    let mut workgroups: Vec<u32> = items.iter().map(|w| w.wg_linear).collect();
    workgroups.dedup();
    let program = Program {
        name: kernel_name.clone(),
        description: None,
        locations,
        symbols,
        barriers: Vec::new(),
        exclusive: Vec::new(),
        // The targets of `CallEnter`/`CallExit` (emitted around inlined
        // calls when the module uses async marks): the module's functions.
        functions: if thread::uses_async_marks(m) {
            m.functions
                .iter()
                .map(|f| amdmm_program::Function {
                    name: f.name.clone(),
                })
                .collect()
        } else {
            Vec::new()
        },
        threads,
        workgroups,
        observed,
        condition: Condition {
            quantifier: Quantifier::Exists,
            cond: Cond::True,
        },
        condition_text: "true".into(),
        expect: None,
        expect_by_model: Vec::new(),
        float_types,
    };
    bounds::check(
        &program,
        &origins,
        &items,
        &buffers,
        l.grid[1] > 1 || l.block[1] > 1,
    )?;
    Ok(Built {
        program,
        kernel: kernel_name,
        buffers,
        origins,
        assert_regs,
        work_items: items,
        launch: l.clone(),
    })
}

/// The program type of an IR integer or floating-point type.
pub(crate) fn prog_ty(t: &Type) -> Option<amdmm_program::Ty> {
    use amdmm_program::Ty;
    Some(match t {
        Type::Int(1) => Ty::I1,
        Type::Int(8) => Ty::I8,
        Type::Int(16) => Ty::I16,
        Type::Int(32) => Ty::I32,
        Type::Int(64) => Ty::I64,
        Type::Int(128) => Ty::I128,
        Type::Half => Ty::Half,
        Type::Float => Ty::Float,
        Type::Double => Ty::Double,
        _ => return None,
    })
}
