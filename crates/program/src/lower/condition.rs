//! The final condition and `locations`: observables resolved, and the
//! condition printed herd-style for `Program::condition_text`.

use super::body::observable_regs;
use super::{Cx, Named};
use crate::program::*;
use amdmm_litmus::ast;
use amdmm_litmus::suggest;
use amdmm_litmus::Diagnostic;

impl<'a> Cx<'a> {
    pub(super) fn observable(
        &mut self,
        o: &ast::Observable,
        threads: &[Thread],
        workgroups: &[u32],
    ) -> Option<Observable> {
        match o {
            ast::Observable::Reg { thread, reg, span } => {
                let Some(t) = threads.iter().position(|t| t.name == thread.name) else {
                    let names: Vec<&str> = threads.iter().map(|t| t.name.as_str()).collect();
                    self.error(
                        Diagnostic::new(format!("unknown thread `{}`", thread.name), thread.span)
                            .with_label("no such thread")
                            .with_hint(suggest::hint(&thread.name, &names, "threads")),
                    );
                    return None;
                };
                let th = &threads[t];
                let name = format!("%{}", reg.name);
                let Some(r) = th.regs.iter().position(|n| *n == name) else {
                    let pair = th.regs.iter().any(|n| *n == format!("{name}#old"));
                    let d = if pair {
                        Diagnostic::new(
                            format!("`{name}` of `{}` is a cmpxchg result pair, not a value", th.name),
                            *span,
                        )
                        .with_hint(format!(
                            "observe a field extracted with `%v = extractvalue {{ i32, i1 }} {name}, 0`"
                        ))
                    } else {
                        let known = observable_regs(&th.regs);
                        Diagnostic::new(
                            format!("thread `{}` has no register `{name}`", th.name),
                            reg.span,
                        )
                        .with_label("not a register of this thread")
                        .with_hint(suggest::hint(
                            &name,
                            &known,
                            "registers of this thread",
                        ))
                    };
                    self.error(d);
                    return None;
                };
                Some(Observable::Reg {
                    thread: t as u32,
                    reg: r as RegId,
                })
            }
            ast::Observable::Mem {
                wg,
                sym,
                index,
                span,
            } => {
                let s = match self.names.get(&sym.name) {
                    Some((Named::Sym(s), _)) => *s,
                    Some((Named::Barrier(_), _)) => {
                        self.error(
                            Diagnostic::new(
                                format!("`{}` is a barrier, not a location", sym.name),
                                sym.span,
                            )
                            .with_hint("a condition observes registers and memory locations"),
                        );
                        return None;
                    }
                    None => {
                        let known: Vec<&str> =
                            self.symbols.iter().map(|s| s.name.as_str()).collect();
                        self.error(
                            Diagnostic::new(
                                format!("undeclared location `@{}`", sym.name),
                                sym.span,
                            )
                            .with_label("not declared")
                            .with_hint(suggest::hint(
                                &sym.name,
                                &known,
                                "locations",
                            )),
                        );
                        return None;
                    }
                };
                let symbol = self.symbols[s as usize].clone();
                let elem = match index {
                    None if symbol.is_array => {
                        self.error(
                            Diagnostic::new(
                                format!("`@{}` is an array: name one element", sym.name),
                                *span,
                            )
                            .with_hint(format!("write `@{}[0]`", sym.name)),
                        );
                        return None;
                    }
                    None => 0,
                    Some(i) if i.node < 0 || i.node >= symbol.len as i64 => {
                        self.error(
                            Diagnostic::new(
                                format!(
                                    "index {} is out of bounds for `@{}` of length {}",
                                    i.node, sym.name, symbol.len
                                ),
                                i.span,
                            )
                            .with_label("out of bounds")
                            .with_hint(format!("valid indices are 0 to {}", symbol.len - 1)),
                        );
                        return None;
                    }
                    Some(i) => i.node as u32,
                };
                // A byte-level element is observed through its first byte
                // (the explorer composes the others with it).
                let loc = symbol.first + elem * symbol.bytes.unwrap_or(1);
                let space = self.spaces[s as usize];
                let wg = match (space, wg) {
                    (AddrSpace::Lds, None) => {
                        let example = workgroups.first().copied().unwrap_or(0);
                        self.error(
                            Diagnostic::new(
                                format!("the LDS location `@{}` needs a workgroup", sym.name),
                                *span,
                            )
                            .with_label("which workgroup's LDS?")
                            .with_hint(format!(
                                "LDS has one instance per workgroup: write `wg{example}:@{}`",
                                self.location_name(loc)
                            )),
                        );
                        return None;
                    }
                    (AddrSpace::Global, Some(w)) => {
                        self.error(
                            Diagnostic::new(
                                format!(
                                    "`@{}` is a global location: `wg{}:` applies to LDS only",
                                    sym.name, w.node
                                ),
                                w.span,
                            )
                            .with_hint(format!("write `@{}`", self.location_name(loc))),
                        );
                        return None;
                    }
                    (AddrSpace::Global, None) => None,
                    (AddrSpace::Lds, Some(w)) => {
                        let known = u32::try_from(w.node)
                            .ok()
                            .filter(|n| workgroups.contains(n));
                        if known.is_none() {
                            let list: Vec<String> =
                                workgroups.iter().map(|w| w.to_string()).collect();
                            self.error(
                                Diagnostic::new(
                                    format!("no thread runs in workgroup {}", w.node),
                                    w.span,
                                )
                                .with_hint(format!(
                                    "the workgroups of this test are {}",
                                    list.join(", ")
                                )),
                            );
                            return None;
                        }
                        known
                    }
                };
                Some(Observable::Mem { loc, wg })
            }
        }
    }

    /// Lowers a condition expression (`None` after an error).
    pub(super) fn cond(
        &mut self,
        e: &ast::Expr,
        threads: &[Thread],
        workgroups: &[u32],
    ) -> Option<Cond> {
        let bin = |cx: &mut Self, a: &ast::Expr, b: &ast::Expr| {
            let a = cx.cond(a, threads, workgroups);
            let b = cx.cond(b, threads, workgroups);
            Some((Box::new(a?), Box::new(b?)))
        };
        Some(match e {
            ast::Expr::True(_) => Cond::True,
            ast::Expr::False(_) => Cond::False,
            ast::Expr::Atom { obs, equal, value } => {
                let obs = self.observable(obs, threads, workgroups)?;
                let value = match (value.node, self.observable_float_type(&obs, threads)) {
                    (ast::Value::Undef, _) => Value::Undef,
                    (v, Some(ty)) => Value::Int(self.float_literal(
                        v,
                        value.span,
                        ty,
                        super::floats::LiteralAt::Condition,
                    )?),
                    (ast::Value::Int(v), None) => Value::Int(v),
                    (ast::Value::Float(_), None) => {
                        self.no_float_type(value.span, "this observable");
                        return None;
                    }
                };
                Cond::Atom {
                    obs,
                    equal: *equal,
                    value,
                }
            }
            ast::Expr::Not(a, _) => Cond::Not(Box::new(self.cond(a, threads, workgroups)?)),
            ast::Expr::And(a, b) => {
                let (a, b) = bin(self, a, b)?;
                Cond::And(a, b)
            }
            ast::Expr::Or(a, b) => {
                let (a, b) = bin(self, a, b)?;
                Cond::Or(a, b)
            }
            ast::Expr::Implies(a, b) => {
                let (a, b) = bin(self, a, b)?;
                Cond::Implies(a, b)
            }
        })
    }
}

/// Binding strength, for minimal parentheses.
fn prec(c: &Cond) -> u8 {
    match c {
        Cond::Implies(..) => 1,
        Cond::Or(..) => 2,
        Cond::And(..) => 3,
        Cond::Not(_) => 4,
        _ => 5,
    }
}

/// herd-style text of a condition: `P1:%r0=1 /\ P1:%r1!=42`, `wg1:t[0]=0`.
pub(super) fn text(p: &Program, c: &Cond) -> String {
    fn go(p: &Program, c: &Cond, ctx: u8, out: &mut String) {
        let paren = prec(c) < ctx;
        if paren {
            out.push('(');
        }
        match c {
            Cond::True => out.push_str("true"),
            Cond::False => out.push_str("false"),
            Cond::Atom { obs, equal, value } => {
                out.push_str(&p.observable_name(obs));
                out.push_str(if *equal { "=" } else { "!=" });
                out.push_str(&p.value_text(obs, *value));
            }
            Cond::Not(a) => {
                out.push('~');
                go(p, a, 4, out);
            }
            // Left-nested chains print flat; a right operand of the same
            // connective keeps its parentheses. `->` is right-associative.
            Cond::And(a, b) => {
                go(p, a, 3, out);
                out.push_str(" /\\ ");
                go(p, b, 4, out);
            }
            Cond::Or(a, b) => {
                go(p, a, 2, out);
                out.push_str(" \\/ ");
                go(p, b, 3, out);
            }
            Cond::Implies(a, b) => {
                go(p, a, 2, out);
                out.push_str(" -> ");
                go(p, b, 1, out);
            }
        }
        if paren {
            out.push(')');
        }
    }
    let mut s = String::new();
    go(p, c, 0, &mut s);
    s
}
