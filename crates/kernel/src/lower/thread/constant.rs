//! Constant tables: module globals in the constant address space
//! (`addrspace(4)`), such as clang's `@__const.k.tbl = private
//! unnamed_addr addrspace(4) constant [4 x i32] [...]`. AMDGPUUsage,
//! "Address Spaces" (the address-space table): constant memory is
//! read-only for the kernel's whole execution ("constant" address space:
//! the kernel cannot write it). So a load from it always returns the
//! initializer's value: no memory-model event is needed, nothing can race
//! with it, and a store into it is refused.

use super::{err, Base, Ptr, Tx, V};
use crate::error::Result;
use crate::ir::{Global, Type};
use crate::lower::prog_ty;
use amdmm_program::Operand;

impl<'a> Tx<'a> {
    /// A pointer to `@name` when it is a constant table, else `None`.
    pub(super) fn constant_table(&self, name: &str) -> Result<Option<V>> {
        let Some(k) = self.m.globals.iter().position(|g| g.name == name) else {
            return Ok(None);
        };
        let g = &self.m.globals[k];
        if g.space != 4 {
            return Ok(None);
        }
        if !g.constant {
            return Err(err(
                self.line(),
                format!(
                    "`@{name}` is in the constant address space (4) but not declared `constant`"
                ),
            )
            .hint(
                "amdmm reads addrspace(4) globals as read-only tables: declare them `constant`",
            ));
        }
        if g.externally_initialized {
            return Err(err(self.line(), format!("`@{name}` is `externally_initialized` (a HIP `__constant__` variable): the host sets its value, which amdmm cannot know"))
                .hint("give the table its value in the kernel's source (a `const` array), or pass it as a buffer argument with --init"));
        }
        Ok(Some(V::Ptr(Ptr {
            base: Base::Const(k as u32),
            off: Operand::Const(0),
        })))
    }

    fn table(&self, k: u32) -> &'a Global {
        &self.m.globals[k as usize]
    }

    /// The bits of the `ty` at byte `off` of the table `g`'s image
    /// (little-endian), in the checker's sign-extended form; `undef` when a
    /// byte is `undef`; `None` past the end.
    fn table_value(image: &[Option<u8>], off: u64, ty: &Type) -> Option<Operand> {
        let size = ty.size();
        let end = off.checked_add(size)?;
        let bytes = image.get(off as usize..end as usize)?;
        let mut v: u128 = 0;
        for (k, b) in bytes.iter().enumerate() {
            match b {
                Some(b) => v |= u128::from(*b) << (8 * k),
                None => return Some(Operand::Undef),
            }
        }
        let t = prog_ty(ty)?;
        Some(Operand::Const(t.wrap(v as i64)))
    }

    /// A load of `ty` from the constant table `k` at byte offset `off`
    /// (a constant: the value itself; computed at run time: a `select`
    /// chain over the table's elements of that size, with the bounds
    /// check a private array has, `Tx::check_bounds`).
    pub(super) fn constant_load(&mut self, k: u32, off: Operand, ty: &Type) -> Result<V> {
        let line = self.line();
        let g = self.table(k);
        let image = g.image.as_ref().map_err(|why| {
            err(
                line,
                format!(
                    "the initializer of the constant `@{}` is not modelled: {why}",
                    g.name
                ),
            )
        })?;
        if ty.is_ptr() || prog_ty(ty).is_none() {
            return Err(err(
                line,
                format!(
                    "a load of {} from the constant `@{}` is not supported",
                    ty.text(),
                    g.name
                ),
            )
            .hint("amdmm reads integer and floating-point elements of constant tables"));
        }
        let size = ty.size().max(1);
        let n = image.len() as u64 / size;
        let key = format!("constant @{}", g.name);
        let name = format!("{} (constant)", g.name);
        match off {
            Operand::Const(o) => {
                match (o >= 0)
                    .then(|| Self::table_value(image, o as u64, ty))
                    .flatten()
                {
                    Some(v) => Ok(V::Int(v)),
                    None => {
                        let index = if o < 0 { -1 } else { o / size as i64 };
                        self.check_bounds(&key, &name, n.max(1), Operand::Const(index))?;
                        Ok(V::Int(Operand::Undef))
                    }
                }
            }
            Operand::Undef => Ok(V::Int(Operand::Undef)),
            Operand::Reg(_) => {
                if n == 0 {
                    return Err(err(
                        line,
                        format!("a {} load from `@{}`, which is smaller", ty.text(), g.name),
                    ));
                }
                let index = self.bin(
                    amdmm_program::BinOp::AShr,
                    amdmm_program::Ty::I64,
                    off,
                    Operand::Const(i64::from(size.trailing_zeros())),
                )?;
                self.check_bounds(&key, &name, n, index)?;
                let elem =
                    |k: u64| Self::table_value(image, k * size, ty).unwrap_or(Operand::Undef);
                let mut v = elem(n - 1);
                for j in (0..n - 1).rev() {
                    v = self.select_eq(index, j, elem(j), v)?;
                }
                Ok(V::Int(v))
            }
        }
    }

    /// A store, atomic or DMA into a constant table: refused.
    pub(super) fn constant_write(&self, k: u32) -> crate::error::KernelError {
        let g = self.table(k);
        err(self.line(), format!("a write into `@{}`, in the constant address space (4)", g.name))
            .hint("constant memory is read-only while a kernel runs (AMDGPUUsage, \"Address Spaces\"); write a global (addrspace(1)) or a buffer argument instead")
    }
}
