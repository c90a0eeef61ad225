//! Location instances: a global location has one, an LDS location one per
//! workgroup.
//!
//! litmus-format.md, "Declarations": "`lds t[4] = 0;` — LDS (addrspace 3): one
//! separate instance per workgroup."

use amdmm_program::{AddrSpace, Program, Value};

#[derive(Clone, Debug)]
pub struct LocationMap {
    n_locs: u32,
    /// Workgroup numbers, sorted (LDS instance `k` belongs to `wgs[k]`).
    wgs: Vec<u32>,
}

impl LocationMap {
    pub fn new(program: &Program) -> LocationMap {
        let mut wgs: Vec<u32> = program
            .threads
            .iter()
            .map(|t| t.placement.instance(amdmm_program::ScopeLevel::Workgroup))
            .chain(program.workgroups.iter().copied())
            .collect();
        wgs.sort_unstable();
        wgs.dedup();
        LocationMap {
            n_locs: program.locations.len() as u32,
            wgs,
        }
    }

    /// The instance of location `loc` accessed from workgroup `wg`.
    pub fn instance(&self, program: &Program, loc: u32, wg: u32) -> u32 {
        match program.locations[loc as usize].space {
            AddrSpace::Global => loc,
            AddrSpace::Lds => {
                let k = self.wgs.binary_search(&wg).unwrap_or(self.wgs.len()) as u32;
                self.n_locs * (1 + k) + loc
            }
        }
    }

    /// The declared location of an instance.
    pub fn location(&self, instance: u32) -> u32 {
        instance % self.n_locs.max(1)
    }

    /// The instance observed by `@loc` (global) or `wgN:@loc` (LDS).
    pub fn observed(&self, program: &Program, loc: u32, wg: Option<u32>) -> u32 {
        self.instance(program, loc, wg.unwrap_or(0))
    }

    /// Display name: `x`, `a[1]`, or `wg1:t[0]` for LDS.
    pub fn name(&self, program: &Program, instance: u32) -> String {
        let loc = self.location(instance);
        let l = &program.locations[loc as usize];
        match l.space {
            AddrSpace::Global => l.name.clone(),
            AddrSpace::Lds => {
                let k = (instance / self.n_locs.max(1)) as usize - 1;
                let wg = self.wgs.get(k).copied().unwrap_or(0);
                format!("wg{wg}:{}", l.name)
            }
        }
    }

    /// The initial value, when the location is initialised.
    pub fn init(&self, program: &Program, instance: u32) -> Option<Value> {
        program.locations[self.location(instance) as usize]
            .init
            .map(Value::Int)
    }
}
