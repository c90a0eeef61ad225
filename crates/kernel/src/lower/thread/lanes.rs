//! Lane counting: `llvm.amdgcn.mbcnt.lo` / `.hi`, the work-item's position
//! in its wavefront (HIP's `__lane_id()`, wave-level prefix sums). The lane
//! is known when the code is laid out (the launch's placement into waves,
//! `--wave-size`), so a constant mask gives a constant.

use super::{err, Frame, Tx, V};
use crate::error::Result;
use crate::ir::{Type, Value};
use amdmm_program::{BinOp, Operand, Ty};

/// Which half of the 64-bit thread mask an `mbcnt` counts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Half {
    /// `llvm.amdgcn.mbcnt.lo`: lanes 0-31.
    Lo,
    /// `llvm.amdgcn.mbcnt.hi`: lanes 32-63.
    Hi,
}

impl Half {
    pub(super) fn of(callee: &str) -> Option<Half> {
        match callee {
            "llvm.amdgcn.mbcnt.lo" => Some(Half::Lo),
            "llvm.amdgcn.mbcnt.hi" => Some(Half::Hi),
            _ => None,
        }
    }
}

/// How many bits of a 32-bit mask `mbcnt` counts for the lane `lane`:
/// the bits of `ThreadMask = (1 << lane) - 1` that fall in the half.
pub(super) fn counted_bits(half: Half, lane: u32) -> u32 {
    match half {
        Half::Lo => lane.min(32),
        Half::Hi => lane.saturating_sub(32).min(32),
    }
}

impl<'a> Tx<'a> {
    /// `llvm.amdgcn.mbcnt.lo(mask, acc)` and `.hi(mask, acc)`, as the
    /// instructions they select to define them (AMD "Vega" Instruction Set
    /// Architecture, V_MBCNT_LO_U32_B32 / V_MBCNT_HI_U32_B32: "ThreadMask
    /// = (1LL << ThreadPosition) - 1; MaskedValue = (S0.u &
    /// ThreadMask[31:0]); D.u = S1.u + CountOneBits(MaskedValue)", the hi
    /// form with `ThreadMask[63:32]`; LLVM's IntrinsicsAMDGPU.td names
    /// them "mbcnt_lo"/"mbcnt_hi" on i32). ThreadPosition is the
    /// work-item's lane in its wavefront, from the launch
    /// (execution-synchronization, "Hardware Model": a workgroup's
    /// work-item `L` runs in lane `L % wave_size`). In a wave32 the hi half
    /// counts nothing: every lane is below 32. The result wraps at 32 bits.
    pub(super) fn mbcnt(
        &mut self,
        fr: &Frame,
        half: Half,
        ret: &Type,
        args: &[(Type, Value)],
    ) -> Result<V> {
        let line = self.line();
        if *ret != Type::Int(32) || args.len() != 2 {
            return Err(
                err(line, "`mbcnt` takes two i32 operands and returns an i32")
                    .hint("llvm.amdgcn.mbcnt.lo/hi(i32 mask, i32 acc)"),
            );
        }
        let mask = self.int(fr, &args[0].1)?;
        let acc = self.int(fr, &args[1].1)?;
        let n = counted_bits(half, self.wi.lane);
        let count = match mask {
            Operand::Const(m) => {
                let below = if n >= 32 { u32::MAX } else { (1u32 << n) - 1 };
                Operand::Const(i64::from((m as u32 & below).count_ones()))
            }
            Operand::Undef => Operand::Undef,
            Operand::Reg(_) => {
                // CountOneBits of the bits below the lane, one at a time.
                let mut sum = Operand::Const(0);
                for k in 0..n {
                    let shifted =
                        self.bin(BinOp::LShr, Ty::I32, mask, Operand::Const(i64::from(k)))?;
                    let bit = self.bin(BinOp::And, Ty::I32, shifted, Operand::Const(1))?;
                    sum = self.bin(BinOp::Add, Ty::I32, sum, bit)?;
                }
                sum
            }
        };
        Ok(V::Int(self.bin(BinOp::Add, Ty::I32, acc, count)?))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_half_counts_the_lanes_below_in_its_32_bits() {
        assert_eq!(counted_bits(Half::Lo, 0), 0);
        assert_eq!(counted_bits(Half::Lo, 5), 5);
        assert_eq!(counted_bits(Half::Lo, 40), 32);
        assert_eq!(counted_bits(Half::Hi, 31), 0);
        assert_eq!(counted_bits(Half::Hi, 32), 0);
        assert_eq!(counted_bits(Half::Hi, 45), 13);
        assert_eq!(counted_bits(Half::Hi, 63), 31);
    }
}
