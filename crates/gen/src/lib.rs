//! amdmm-gen: generators of litmus test families, as text.
//!
//! - [`campaign`]: the classic shapes (SB, MP, LB, WRC, IRIW, ISA2, CoRR,
//!   CoWW) with N threads, a scope and an ordering discipline, the tests
//!   `amdmm gen FAMILY` writes;
//! - [`hw_mp`]: the hardware guard family of `litmus/hw/mp/`
//!   (`amdmm gen hw-mp`);
//! - [`diy`]: tests from critical cycles of relaxation edges (`amdmm diy`);
//! - [`families`]: the scaling families of the engine's benchmarks.
//!
//! No dependencies: the engine's benchmarks and the command line share it.

pub mod campaign;
pub mod diy;
pub mod families;
pub mod hw_mp;
