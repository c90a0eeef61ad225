//! Decoding an instruction's tokens into an operation, with the
//! well-formedness facts of `spirv.als` (an instruction the Alloy facts
//! exclude makes the whole test vacuous, so it is reported, not translated).

use crate::ast::{Instr, Token};
use crate::skip::SkipReason;

/// A Vulkan memory scope.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Scope {
    Subgroup,
    Workgroup,
    QueueFamily,
    Device,
}

/// A storage class (`sc0`, `sc1`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Class {
    Sc0,
    Sc1,
}

impl Class {
    pub const ALL: [Class; 2] = [Class::Sc0, Class::Sc1];

    pub fn name(self) -> &'static str {
        match self {
            Class::Sc0 => "sc0",
            Class::Sc1 => "sc1",
        }
    }
}

/// The ordering part of an acquire/release operation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Ordering {
    pub acq: bool,
    pub rel: bool,
    /// Storage-class semantics (`semsc0`, `semsc1`), indexed by [`Class`].
    pub sem: [bool; 2],
    /// `semav`: the release is also an availability operation.
    pub semav: bool,
    /// `semvis`: the acquire is also a visibility operation.
    pub semvis: bool,
}

impl Ordering {
    pub fn includes(&self, c: Class) -> bool {
        self.sem[c as usize]
    }
}

/// How a memory access takes part in inter-thread ordering.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AccessKind {
    /// No `nonpriv`: a private access.
    Private,
    /// `nonpriv`: non-private, without per-instruction availability/visibility.
    NonPrivate,
    /// `st.av`: non-private store with a per-instruction availability op.
    Available(Scope),
    /// `ld.vis`: non-private load with a per-instruction visibility op.
    Visible(Scope),
    /// `atom` / `rmw`.
    Atomic(Scope),
}

/// A memory access.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Access {
    pub var: String,
    pub class: Class,
    pub kind: AccessKind,
    pub reads: bool,
    pub writes: bool,
    /// The value the read observed, when the test states it.
    pub read_value: Option<i64>,
    /// The value written.
    pub write_value: Option<i64>,
}

/// What an instruction does.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OpKind {
    Access(Access),
    /// `membar`.
    Fence(Scope),
    /// `cbar`: a control barrier instance, possibly also a fence.
    Cbar {
        scope: Scope,
        instance: i64,
    },
}

/// A decoded instruction.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Op {
    pub line: usize,
    pub text: String,
    pub kind: OpKind,
    /// Set for acquire and/or release operations.
    pub order: Option<Ordering>,
}

impl Op {
    pub fn access(&self) -> Option<&Access> {
        match &self.kind {
            OpKind::Access(a) => Some(a),
            _ => None,
        }
    }
}

fn malformed<T>(i: &Instr, what: &str) -> Result<T, SkipReason> {
    Err(SkipReason::Malformed {
        line: i.line,
        what: format!("`{}`: {what}", i.text),
    })
}

/// Decodes one instruction.
pub fn decode(i: &Instr) -> Result<Op, SkipReason> {
    use Token as T;
    if i.has(T::AvDevice) || i.has(T::VisDevice) {
        return Err(SkipReason::DeviceDomain { line: i.line });
    }
    let reads = i.has(T::Ld) || i.has(T::Rmw);
    let writes = i.has(T::St) || i.has(T::Rmw);
    let atomic = i.has(T::Atom) || i.has(T::Rmw);
    let fence = i.has(T::Membar);
    let cbar = i.has(T::Cbar);
    let (acq, rel) = (i.has(T::Acq), i.has(T::Rel));
    let kinds = [reads || writes, fence, cbar]
        .iter()
        .filter(|b| **b)
        .count();
    if kinds != 1 {
        return malformed(i, "not exactly one of a memory access, membar or cbar");
    }
    let scopes: Vec<Scope> = [
        (T::ScopeSg, Scope::Subgroup),
        (T::ScopeWg, Scope::Workgroup),
        (T::ScopeQf, Scope::QueueFamily),
        (T::ScopeDev, Scope::Device),
    ]
    .iter()
    .filter(|(t, _)| i.has(*t))
    .map(|(_, s)| *s)
    .collect();
    if scopes.len() > 1 {
        return malformed(i, "more than one scope");
    }
    let scope = scopes.first().copied();
    let sem = [i.has(T::SemSc0), i.has(T::SemSc1)];
    let (semav, semvis) = (i.has(T::SemAv), i.has(T::SemVis));
    // ACQ+REL = SEMSC0+SEMSC1; SEMAV in REL; SEMVIS in ACQ.
    if (acq || rel) != (sem[0] || sem[1]) {
        return malformed(
            i,
            "acquire/release and storage-class semantics must come together",
        );
    }
    if (semav && !rel) || (semvis && !acq) {
        return malformed(i, "semav needs rel and semvis needs acq");
    }
    let order = (acq || rel).then_some(Ordering {
        acq,
        rel,
        sem,
        semav,
        semvis,
    });
    if fence || cbar {
        if i.has(T::Av) || i.has(T::Vis) || i.has(T::NonPriv) || i.has(T::Sc0) || i.has(T::Sc1) {
            return malformed(i, "access attributes on a barrier");
        }
        let Some(scope) = scope else {
            return malformed(i, "a barrier without a scope");
        };
        if fence && order.is_none() {
            return malformed(i, "a membar must acquire or release");
        }
        let kind = if cbar {
            let Some(instance) = i.cbar_instance else {
                return malformed(i, "a cbar without an instance number");
            };
            OpKind::Cbar { scope, instance }
        } else {
            OpKind::Fence(scope)
        };
        return Ok(Op {
            line: i.line,
            text: i.text.clone(),
            kind,
            order,
        });
    }
    // A memory access.
    if reads && writes && !atomic {
        return malformed(i, "a read-modify-write must be atomic");
    }
    if (acq && !(reads && atomic)) || (rel && !(writes && atomic)) {
        return malformed(
            i,
            "acq needs an atomic read and rel an atomic write (or a barrier)",
        );
    }
    if (i.has(T::Av) && !writes) || (i.has(T::Vis) && !reads) {
        return malformed(i, "av needs a write and vis a read");
    }
    let class = match (i.has(T::Sc0), i.has(T::Sc1)) {
        (true, false) => Class::Sc0,
        (false, true) => Class::Sc1,
        _ => return malformed(i, "a memory access needs exactly one storage class"),
    };
    let Some(var) = i.var.clone() else {
        return malformed(i, "a memory access without a variable");
    };
    let per_instr = (i.has(T::Av) || i.has(T::Vis)) && !atomic;
    if (atomic || per_instr) && scope.is_none() {
        return malformed(i, "an atomic or av/vis access without a scope");
    }
    let kind = if atomic {
        AccessKind::Atomic(scope.expect("checked"))
    } else if i.has(T::Av) {
        AccessKind::Available(scope.expect("checked"))
    } else if i.has(T::Vis) {
        AccessKind::Visible(scope.expect("checked"))
    } else if i.has(T::NonPriv) {
        AccessKind::NonPrivate
    } else {
        AccessKind::Private
    };
    let (read_value, write_value) = match (reads, writes) {
        (true, true) => (i.value, i.value2),
        (true, false) => (i.value, None),
        _ => (None, i.value),
    };
    if writes && write_value.is_none() {
        return malformed(i, "a write without a value");
    }
    if !(reads && writes) && i.value2.is_some() {
        return malformed(i, "a second value needs a read-modify-write");
    }
    Ok(Op {
        line: i.line,
        text: i.text.clone(),
        kind: OpKind::Access(Access {
            var,
            class,
            kind,
            reads,
            writes,
            read_value,
            write_value,
        }),
        order,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parse::parse;

    fn op(line: &str) -> Result<Op, SkipReason> {
        let f = parse(line).unwrap();
        decode(&f.threads[0].instrs[0])
    }

    #[test]
    fn decodes_accesses() {
        let o = op("st.av.scopedev.sc0 x = 1").unwrap();
        let a = o.access().unwrap();
        assert_eq!(a.kind, AccessKind::Available(Scope::Device));
        assert_eq!((a.writes, a.write_value), (true, Some(1)));
        let o = op("rmw.acq.rel.scopewg.sc1.semsc0.semsc1.semav.semvis y = 1 2").unwrap();
        let a = o.access().unwrap();
        assert_eq!((a.read_value, a.write_value), (Some(1), Some(2)));
        assert_eq!(a.class, Class::Sc1);
        let ord = o.order.unwrap();
        assert!(ord.acq && ord.rel && ord.semav && ord.semvis && ord.includes(Class::Sc0));
        assert_eq!(
            op("ld.sc0 x").unwrap().access().unwrap().kind,
            AccessKind::Private
        );
        let o = op("st.ld.atom.scopewg.sc0 y = 2 3").unwrap();
        assert!(o.access().unwrap().reads && o.access().unwrap().writes);
    }

    #[test]
    fn decodes_barriers() {
        let o = op("cbar.acq.rel.scopewg.semsc0 4").unwrap();
        assert_eq!(
            o.kind,
            OpKind::Cbar {
                scope: Scope::Workgroup,
                instance: 4
            }
        );
        assert!(o.order.is_some());
        assert!(op("cbar.scopewg 1").unwrap().order.is_none());
        assert_eq!(
            op("membar.rel.scopeqf.semsc0").unwrap().kind,
            OpKind::Fence(Scope::QueueFamily)
        );
    }

    #[test]
    fn rejects_what_alloy_excludes() {
        for bad in [
            "st.atom.sc0 x = 1",
            "st.atom.acq.scopewg.sc0.semsc0 x = 1",
            "ld.atom.acq.scopewg.sc0 x",
            "membar.scopewg",
            "st.sc0.sc1 x = 1",
            "st.rel.semsc0.scopewg.sc0 x = 1",
            "st.atom.scopewg.scopedev.sc0 x = 1",
            "st.atom.rel.semvis.scopewg.sc0.semsc0 x = 1",
        ] {
            assert!(
                matches!(op(bad), Err(SkipReason::Malformed { .. })),
                "{bad}"
            );
        }
        assert!(matches!(
            op("avdevice"),
            Err(SkipReason::DeviceDomain { .. })
        ));
    }
}
