//! Floating-point literals: converted to the bits of the type they are used
//! with (docs/semantics.md, "Floating-point values"). An instruction names
//! its type; a declaration or a condition takes the type of the accesses
//! that reach the location or define the register.

use super::Cx;
use crate::float;
use crate::program::*;
use amdmm_litmus::ast;
use amdmm_litmus::Diagnostic;
use amdmm_litmus::Span;
use std::collections::HashMap;

/// Where a literal of a floating-point value is written.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum LiteralAt {
    Instruction,
    Declaration,
    Condition,
}

impl<'a> Cx<'a> {
    /// The bits of literal `v` (written at `span`) as a value of the
    /// floating-point type `ty`:
    /// - a decimal (`1.5`, `-0.0`, `2e3`) is that number, rounded to `ty`
    ///   ([`float::parse_literal`]);
    /// - a hex integer is the type's own bits (`0x7fc00000` is a `float`
    ///   quiet NaN) and must fit its width — unlike LLVM, whose hex
    ///   floating-point constants are written in `double`'s format;
    /// - a decimal integer is refused in an instruction, as LLVM's parser
    ///   refuses it, and elsewhere too unless it is `0` (+0.0 either way),
    ///   so that `1` is never read as the bits of a denormal.
    ///
    /// A condition may not compare with a NaN: LangRef, "Behavior of
    /// Floating-Point NaN values", makes a NaN result's sign and payload
    /// non-deterministic, and amdmm produces one of them (the preferred
    /// NaN), so a question about a NaN's bits would get a confident answer
    /// the text does not give.
    pub(super) fn float_literal(
        &mut self,
        v: ast::Value,
        span: Span,
        ty: Ty,
        at: LiteralAt,
    ) -> Option<i64> {
        let text = self.file.source.get(span.start..span.end).unwrap_or("");
        let hex = text.trim_start_matches('-').starts_with("0x")
            || text.trim_start_matches('-').starts_with("0X");
        let bits = match v {
            ast::Value::Float(_) => match float::parse_literal(ty, text) {
                Ok(b) => b,
                Err(why) => {
                    self.error(
                        Diagnostic::new(format!("invalid `{}` literal: {why}", ty.name()), span)
                            .with_label("not a value of this type")
                            .with_hint(format!(
                                "write a finite decimal within the range of `{}`",
                                ty.name()
                            )),
                    );
                    return None;
                }
            },
            ast::Value::Int(i) if hex => {
                let fits = ty.bits() >= 64 || (i as u64) < 1u64 << ty.bits();
                if !fits {
                    self.error(
                        Diagnostic::new(
                            format!("`{text}` does not fit the {} bits of `{}`", ty.bits(), ty.name()),
                            span,
                        )
                        .with_label("too wide")
                        .with_hint("amdmm reads a hex literal of a floating-point type as the type's own bits (`0x3f800000` is `float` 1.0); LLVM writes `float` constants in `double`'s format, which amdmm does not (`amdmm docs semantics`, \"Floating-point values\")"),
                    );
                    return None;
                }
                ty.wrap(i)
            }
            ast::Value::Int(0) if at != LiteralAt::Instruction => 0,
            ast::Value::Int(i) => {
                self.error(
                    Diagnostic::new(
                        format!("integer literal `{i}` for a `{}` value", ty.name()),
                        span,
                    )
                    .with_label("not a floating-point literal")
                    .with_hint(format!(
                        "write the number with a point (`{i}.0`), or its bits in hex (`amdmm docs semantics`, \"Floating-point values\")"
                    )),
                );
                return None;
            }
            ast::Value::Undef => return None,
        };
        if at == LiteralAt::Condition && float::is_nan(ty, bits) {
            self.error(
                Diagnostic::new("a condition compares with a NaN", span)
                    .with_label("NaN")
                    .with_hint("LangRef, \"Behavior of Floating-Point NaN values\": a NaN result's sign and payload are non-deterministic, and amdmm produces only the preferred NaN, so it does not answer questions about NaN bits; final states show a NaN as `nan` (`amdmm docs semantics`, \"Floating-point values\")"),
            );
            return None;
        }
        Some(bits)
    }

    /// A floating-point literal where nothing gives a floating-point type.
    pub(super) fn no_float_type(&mut self, span: Span, what: &str) {
        self.error(
            Diagnostic::new(
                format!("a floating-point literal for {what}, which no `half`, `float` or `double` access reaches"),
                span,
            )
            .with_label("no floating-point type")
            .with_hint("a literal takes its type from the accesses: load, store or `atomicrmw` the location (or define the register) with `half`, `float` or `double` (`amdmm docs semantics`, \"Floating-point values\")"),
        );
    }

    /// The floating-point type of an observable ([`observable_float_type`]).
    pub(super) fn observable_float_type(&self, obs: &Observable, threads: &[Thread]) -> Option<Ty> {
        observable_float_type(&self.symbols, &self.float_tys, threads, obs)
    }

    /// The initial values of locations accessed as floating-point values,
    /// converted to their type; a floating-point literal for any other
    /// location is an error.
    pub(super) fn resolve_float_inits(&mut self) {
        for (sym, values) in std::mem::take(&mut self.init_values) {
            let ty = self.float_tys.get(&sym).copied();
            let s = &self.symbols[sym as usize];
            let (first, name) = (s.first, s.name.clone());
            for (i, v) in values.iter().enumerate() {
                let init = match (v.node, ty) {
                    (ast::Value::Undef, _) => continue,
                    (ast::Value::Int(_), None) => continue,
                    (ast::Value::Float(_), None) => {
                        self.no_float_type(v.span, &format!("`@{name}`"));
                        // One error for `= 1.5` over an array.
                        break;
                    }
                    (value, Some(ty)) => {
                        self.float_literal(value, v.span, ty, LiteralAt::Declaration)
                    }
                };
                self.locations[(first as usize) + i].init = init;
            }
        }
    }
}

/// The floating-point type of an observable: the type a register's
/// defining load or `atomicrmw` has, or that the accesses of a location
/// have (`float_tys`, by symbol).
fn observable_float_type(
    symbols: &[Symbol],
    float_tys: &HashMap<u32, Ty>,
    threads: &[Thread],
    obs: &Observable,
) -> Option<Ty> {
    match *obs {
        Observable::Reg { thread, reg } => {
            threads[thread as usize].code.iter().find_map(|i| match *i {
                Instr::Load { dst, ty, .. } | Instr::Rmw { dst, ty, .. }
                    if dst == reg && ty.is_float() =>
                {
                    Some(ty)
                }
                _ => None,
            })
        }
        Observable::Mem { loc, .. } => {
            let sym = symbols
                .iter()
                .position(|s| (s.first..s.first + s.len).contains(&loc))?;
            float_tys.get(&(sym as u32)).copied()
        }
    }
}

/// [`Program::float_types`]: the shown observables with a floating-point
/// type.
pub(super) fn float_types_of(p: &Program, float_tys: &HashMap<u32, Ty>) -> Vec<(Observable, Ty)> {
    p.shown_observables()
        .into_iter()
        .filter_map(|o| {
            observable_float_type(&p.symbols, float_tys, &p.threads, &o).map(|t| (o, t))
        })
        .collect()
}
