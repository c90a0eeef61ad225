//! Private arrays indexed by a value computed at run time (`alloca [4 x
//! i32]` then a `getelementptr` with a register index; clang -O0's arrays
//! and small per-thread tables). A private `alloca` belongs to its
//! work-item alone (AMDGPUUsage, "Address Spaces": the private address
//! space is "per work-item"), so it stays in registers, one per element:
//! a load at a run-time index is a `select` chain over the elements and a
//! store a conditional update of each. No other work-item can observe
//! them, so they make no memory-model events.

use super::{err, Tx, V};
use crate::error::Result;
use crate::ir::Type;
use amdmm_program::{Addr, BinOp, CmpOp, Instr, MemAttrs, Operand, Ty};

impl<'a> Tx<'a> {
    /// The element size and count of a run-time indexed access of `ty` to
    /// the private variable `slot` (its bytes over the access's size).
    fn private_elements(&self, slot: u32, ty: &Type) -> Result<(u64, u64)> {
        let line = self.line();
        let s = &self.slots[slot as usize];
        let size = ty.size();
        if ty.is_ptr() {
            return Err(err(
                line,
                "a pointer in a private array at a run-time index is not supported",
            )
            .hint("amdmm follows pointers kept in private variables at constant offsets"));
        }
        if size == 0 || s.bytes == 0 || s.bytes % size != 0 {
            return Err(err(
                line,
                format!(
                    "a {} access at a run-time index into the private `{}` ({} bytes) is not modelled",
                    ty.text(),
                    s.name,
                    s.bytes
                ),
            )
            .hint("amdmm indexes a private array by whole elements of the access's size"));
        }
        Ok((size, s.bytes / size))
    }

    /// The element index of byte offset `off` for elements of `size` bytes.
    fn element_index(&mut self, off: Operand, size: u64) -> Result<Operand> {
        let k = i64::from(size.trailing_zeros());
        self.bin(BinOp::AShr, Ty::I64, off, Operand::Const(k))
    }

    /// An index outside the variable is undefined behaviour, as for a
    /// buffer (LangRef, "'getelementptr' Instruction": an `inbounds` index
    /// past the object gives poison, and the access through it is
    /// undefined): the same "index out of bounds" the explorer reports for
    /// a buffer element, by a bounds-check read of a symbol with one
    /// element per element of the variable that no instruction writes
    /// (docs/semantics.md, "Private arrays and constant tables").
    pub(super) fn check_bounds(
        &mut self,
        key: &str,
        name: &str,
        len: u64,
        index: Operand,
    ) -> Result<()> {
        let line = self.line();
        let len = u32::try_from(len)
            .map_err(|_| err(line, format!("`{name}` has more than 2^32 elements")))?;
        let symbol = self.syms.bounds(key, name, len);
        if let Operand::Const(i) = index {
            if i >= 0 && i < i64::from(len) {
                return Ok(());
            }
        }
        if let Operand::Const(i) = index {
            self.syms.index(symbol, u32::try_from(i).ok(), false);
        }
        let dst = self.temp()?;
        self.emit(Instr::Load {
            dst,
            ty: Ty::I8,
            addr: Addr {
                symbol,
                index,
                generic: false,
                byte: 0,
            },
            attrs: MemAttrs::PLAIN,
            visible: None,
        });
        Ok(())
    }

    /// A constant byte offset outside the variable: the bounds check
    /// reports it when the access is reached.
    pub(super) fn private_in_bounds(&mut self, slot: u32, off: i64, ty: &Type) -> Result<()> {
        let bytes = self.slots[slot as usize].bytes;
        let size = ty.size().max(1);
        if bytes == 0 || (off >= 0 && (off as u64).saturating_add(size) <= bytes) {
            return Ok(());
        }
        let (key, name) = self.private_key(slot);
        let index = if off < 0 { -1 } else { off / size as i64 };
        self.check_bounds(&key, &name, (bytes / size).max(1), Operand::Const(index))
    }

    fn private_key(&self, slot: u32) -> (String, String) {
        let s = &self.slots[slot as usize];
        (
            format!("private {}", s.key),
            format!("{} (private)", s.name),
        )
    }

    /// A load of `ty` from the private `slot` at the run-time byte offset
    /// `off`: `select (off == k * size) element_k ...` over the elements.
    pub(super) fn private_load_at(&mut self, slot: u32, off: Operand, ty: &Type) -> Result<V> {
        let (size, n) = self.private_elements(slot, ty)?;
        let index = self.element_index(off, size)?;
        let (key, name) = self.private_key(slot);
        self.check_bounds(&key, &name, n, index)?;
        let mut v = self.private_element(slot, (n - 1) * size)?;
        for k in (0..n - 1).rev() {
            let elem = self.private_element(slot, k * size)?;
            v = self.select_eq(index, k, elem, v)?;
        }
        // A copy: the element's register changes with later stores.
        if let Operand::Reg(_) = v {
            let d = self.temp()?;
            self.emit(Instr::Move { dst: d, src: v });
            v = Operand::Reg(d);
        }
        Ok(V::Int(v))
    }

    /// A store of `x` into the private `slot` at the run-time byte offset
    /// `off`: every element `k` becomes `select (off == k * size) x
    /// element_k`.
    pub(super) fn private_store_at(
        &mut self,
        slot: u32,
        off: Operand,
        ty: &Type,
        x: Operand,
    ) -> Result<()> {
        let (size, n) = self.private_elements(slot, ty)?;
        let index = self.element_index(off, size)?;
        let (key, name) = self.private_key(slot);
        self.check_bounds(&key, &name, n, index)?;
        for k in 0..n {
            let old = self.private_element(slot, k * size)?;
            let new = self.select_eq(index, k, x, old)?;
            let r = self.slot_reg(slot, k * size)?;
            if new != Operand::Reg(r) {
                self.emit(Instr::Move { dst: r, src: new });
            }
        }
        Ok(())
    }

    /// The current value of the private element at byte `off`: its
    /// register (a register never written reads `undef`, as an
    /// uninitialised `alloca` does), or the value stored once.
    fn private_element(&mut self, slot: u32, off: u64) -> Result<Operand> {
        match self.slots[slot as usize].known.get(&off) {
            Some(V::Int(x)) => Ok(*x),
            Some(_) => Err(err(
                self.line(),
                "a pointer in a private array at a run-time index is not supported",
            )),
            None => Ok(Operand::Reg(self.slot_reg(slot, off)?)),
        }
    }

    /// `index == k ? a : b`, folded when the index is a constant.
    pub(super) fn select_eq(
        &mut self,
        index: Operand,
        k: u64,
        a: Operand,
        b: Operand,
    ) -> Result<Operand> {
        match index {
            Operand::Const(i) => return Ok(if i == k as i64 { a } else { b }),
            Operand::Undef => return Ok(Operand::Undef),
            Operand::Reg(_) => {}
        }
        if a == b {
            return Ok(a);
        }
        let c = self.temp()?;
        self.emit(Instr::Cmp {
            dst: c,
            ty: Ty::I64,
            op: CmpOp::Eq,
            a: index,
            b: Operand::Const(k as i64),
        });
        let dst = self.temp()?;
        self.emit(Instr::Select {
            dst,
            cond: Operand::Reg(c),
            a,
            b,
        });
        Ok(Operand::Reg(dst))
    }
}
