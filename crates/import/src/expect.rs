//! The expectation lines of a `.test` file, and what they require of an
//! amdmm result.
//!
//! The translation keeps exactly the executions whose observed values are the
//! test's (an `llvm.assume` per observed value), and its condition holds in
//! an execution iff no read returns `undef`. With every location
//! initialised, a read returns `undef` only when it races, so, over the
//! executions the Alloy test describes:
//!
//! - `SATISFIABLE consistent[X] && #dr=0` (a race-free execution exists):
//!   some kept execution satisfies the condition;
//! - `SATISFIABLE consistent[X] && #dr>0` (a racy execution exists): some
//!   kept execution does not, and the run raises `race`;
//! - `NOSOLUTION` of either: the opposite;
//! - `NOSOLUTION consistent[X]`: no kept execution at all (`Never`, no flag).
//!
//! The observation is then `Always` (race-free executions only), `Sometimes`
//! (both), or `Never` (no race-free execution). `ub` can only come with
//! `race`: it marks an execution where a read whose value the test fixes
//! returned `undef` (the `llvm.assume` on it is then undefined behaviour);
//! the Khronos lines do not say which read races, so `ub` is left open
//! whenever a race is allowed.

use crate::ast::ExpectLine;
use crate::skip::SkipReason;
use std::fmt;

/// An observation, as amdmm prints it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Observation {
    Always,
    Sometimes,
    Never,
}

impl Observation {
    pub fn name(self) -> &'static str {
        match self {
            Observation::Always => "Always",
            Observation::Sometimes => "Sometimes",
            Observation::Never => "Never",
        }
    }

    pub fn from_name(s: &str) -> Option<Observation> {
        match s {
            "Always" => Some(Observation::Always),
            "Sometimes" => Some(Observation::Sometimes),
            "Never" => Some(Observation::Never),
            _ => None,
        }
    }
}

/// The flags of an amdmm run.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Flags {
    pub race: bool,
    pub ub: bool,
    pub deadlock: bool,
    pub cutoff: bool,
}

impl Flags {
    pub fn names(self) -> Vec<&'static str> {
        [
            (self.race, "race"),
            (self.ub, "ub"),
            (self.deadlock, "deadlock"),
            (self.cutoff, "cutoff"),
        ]
        .iter()
        .filter(|(b, _)| *b)
        .map(|(_, n)| *n)
        .collect()
    }
}

/// An amdmm result: the observation (`None`: Unknown) and the flags.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Verdict {
    pub observation: Option<Observation>,
    pub flags: Flags,
}

impl fmt::Display for Verdict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut parts = vec![self.observation.map_or("Unknown", |o| o.name())];
        parts.extend(self.flags.names());
        write!(f, "{}", parts.join(" "))
    }
}

/// What one expectation line contributes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LineUse {
    /// Checked: what it states in amdmm's terms.
    Checked(&'static str),
    /// Not checked, and why.
    Dropped(&'static str),
}

/// The Khronos expectations of one test, reduced to two facts about the
/// executions with the test's observed values.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Expected {
    /// Some such execution is race-free (`None`: the lines do not say).
    pub race_free: Option<bool>,
    /// Some such execution is racy.
    pub racy: Option<bool>,
    pub lines: Vec<(ExpectLine, LineUse)>,
}

enum Pred {
    Consistent,
    ConsistentDr(bool),
    /// `#dr>0` / `#dr=0` without `consistent[X]`.
    Dr(bool),
    Other,
}

fn predicate(p: &str) -> Pred {
    let s: String = p.chars().filter(|c| !c.is_whitespace()).collect();
    let dr = |t: &str| match t.trim_start_matches('(').trim_end_matches(')') {
        "#dr=0" => Some(false),
        "#dr>0" => Some(true),
        _ => None,
    };
    if s == "consistent[X]" {
        return Pred::Consistent;
    }
    if let Some(rest) = s.strip_prefix("consistent[X]&&") {
        return dr(rest).map_or(Pred::Other, Pred::ConsistentDr);
    }
    dr(&s).map_or(Pred::Other, Pred::Dr)
}

const NOCHAINS: &str = "NOCHAINS: the model variant without availability/visibility chains; \
     the AMDGPU model has chains (memory-model.txt, Properties 5)";

impl Expected {
    /// Reads the expectation lines.
    pub fn from_lines(lines: &[ExpectLine]) -> Result<Expected, SkipReason> {
        let mut e = Expected {
            race_free: None,
            racy: None,
            lines: Vec::new(),
        };
        let set = |slot: &mut Option<bool>, v: bool| -> Result<(), SkipReason> {
            match *slot {
                Some(old) if old != v => Err(SkipReason::Contradictory),
                _ => {
                    *slot = Some(v);
                    Ok(())
                }
            }
        };
        for l in lines {
            let sat = l.satisfiable;
            let use_ = if l.nochains {
                LineUse::Dropped(NOCHAINS)
            } else {
                match predicate(&l.predicate) {
                    Pred::ConsistentDr(false) => {
                        set(&mut e.race_free, sat)?;
                        LineUse::Checked(if sat {
                            "some execution with these values is race-free"
                        } else {
                            "no execution with these values is race-free"
                        })
                    }
                    Pred::ConsistentDr(true) => {
                        set(&mut e.racy, sat)?;
                        LineUse::Checked(if sat {
                            "some execution with these values races"
                        } else {
                            "no execution with these values races"
                        })
                    }
                    Pred::Consistent if !sat => {
                        set(&mut e.race_free, false)?;
                        set(&mut e.racy, false)?;
                        LineUse::Checked("no execution has these values")
                    }
                    Pred::Consistent => LineUse::Dropped(
                        "SATISFIABLE consistent[X] alone: amdmm checks race-free and racy executions separately",
                    ),
                    Pred::Dr(racy) if !sat => {
                        // No execution at all (consistent or not) with this
                        // race count: in particular no consistent one.
                        if racy {
                            set(&mut e.racy, false)?;
                        } else {
                            set(&mut e.race_free, false)?;
                        }
                        LineUse::Checked(if racy {
                            "no execution with these values races (implied: the line also excludes inconsistent executions)"
                        } else {
                            "no execution with these values is race-free (implied: the line also excludes inconsistent executions)"
                        })
                    }
                    Pred::Dr(_) => LineUse::Dropped(
                        "satisfiable without consistent[X]: amdmm only enumerates consistent executions",
                    ),
                    Pred::Other => LineUse::Dropped(
                        "a predicate amdmm does not compute (only consistent[X] and #dr are translated)",
                    ),
                }
            };
            e.lines.push((l.clone(), use_));
        }
        if e.race_free.is_none() && e.racy.is_none() {
            return Err(SkipReason::NoExpectation);
        }
        Ok(e)
    }

    /// The observations these facts allow.
    pub fn observations(&self) -> Vec<Observation> {
        use Observation::*;
        match (self.race_free, self.racy) {
            (Some(false), _) => vec![Never],
            (Some(true), Some(false)) => vec![Always],
            (Some(true), Some(true)) => vec![Sometimes],
            (Some(true), None) => vec![Always, Sometimes],
            (None, Some(true)) => vec![Sometimes, Never],
            (None, Some(false)) => vec![Always, Never],
            (None, None) => vec![Always, Sometimes, Never],
        }
    }

    /// Whether the run must raise `race` (`None`: open).
    pub fn race(&self) -> Option<bool> {
        match (self.race_free, self.racy) {
            // Never with no race-free execution and no racy one: nothing kept.
            (Some(false), Some(false)) => Some(false),
            (_, r) => r,
        }
    }

    /// Whether the run may raise `ub` (only with a race; then open).
    pub fn ub(&self) -> Option<bool> {
        match self.race() {
            Some(false) => Some(false),
            _ => None,
        }
    }

    /// Does an amdmm result agree with the Khronos expectations?
    pub fn admits(&self, v: &Verdict) -> bool {
        let Some(o) = v.observation else {
            return false;
        };
        self.observations().contains(&o)
            && self.race() != Some(!v.flags.race)
            && self.ub() != Some(!v.flags.ub)
            && !v.flags.deadlock
            && !v.flags.cutoff
    }

    /// Fully determined by the Khronos lines?
    pub fn determined(&self) -> Option<Verdict> {
        let obs = self.observations();
        match (obs.as_slice(), self.race(), self.ub()) {
            ([o], Some(race), Some(ub)) => Some(Verdict {
                observation: Some(*o),
                flags: Flags {
                    race,
                    ub,
                    ..Flags::default()
                },
            }),
            _ => None,
        }
    }

    /// A verdict the expectations admit, for a test that cannot be run yet:
    /// the determined one, else the first allowed observation with the
    /// required flags (`race` when a race is required or open and the
    /// observation is not `Always`).
    pub fn representative(&self) -> Verdict {
        if let Some(v) = self.determined() {
            return v;
        }
        let o = self.observations()[0];
        let race = self.race().unwrap_or(o != Observation::Always);
        Verdict {
            observation: Some(o),
            flags: Flags {
                race,
                ..Flags::default()
            },
        }
    }

    /// The constraint in words, for the test's comment and the report:
    /// `Always | Sometimes; race: no; ub: no`.
    pub fn constraint(&self) -> String {
        let yn = |b: Option<bool>| match b {
            Some(true) => "yes",
            Some(false) => "no",
            None => "open",
        };
        let obs: Vec<&str> = self.observations().iter().map(|o| o.name()).collect();
        format!(
            "{}; race: {}; ub: {}",
            obs.join(" or "),
            yn(self.race()),
            yn(self.ub())
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parse::parse;

    fn expected(lines: &str) -> Result<Expected, SkipReason> {
        Expected::from_lines(&parse(lines).unwrap().expectations)
    }

    fn verdict(o: Observation, race: bool, ub: bool) -> Verdict {
        Verdict {
            observation: Some(o),
            flags: Flags {
                race,
                ub,
                ..Flags::default()
            },
        }
    }

    #[test]
    fn pass_and_fail_shapes() {
        use Observation::*;
        let e = expected("SATISFIABLE consistent[X] && #dr=0\nNOSOLUTION consistent[X] && #dr>0")
            .unwrap();
        assert_eq!(e.determined(), Some(verdict(Always, false, false)));
        assert!(e.admits(&verdict(Always, false, false)));
        assert!(!e.admits(&verdict(Sometimes, true, false)));
        let e = expected("NOSOLUTION consistent[X] && #dr=0\nSATISFIABLE consistent[X] && #dr>0")
            .unwrap();
        assert!(e.admits(&verdict(Never, true, false)));
        assert!(e.admits(&verdict(Never, true, true)));
        assert!(!e.admits(&verdict(Never, false, false)));
        let e = expected("NOSOLUTION consistent[X]").unwrap();
        assert_eq!(e.determined(), Some(verdict(Never, false, false)));
        let e = expected("SATISFIABLE consistent[X] && #dr>0").unwrap();
        assert_eq!(e.observations(), vec![Sometimes, Never]);
        assert!(e.admits(&verdict(Sometimes, true, false)));
        assert!(!e.admits(&verdict(Always, false, false)));
    }

    #[test]
    fn dropped_lines() {
        let e = expected(
            "SATISFIABLE consistent[X] && #dr=0\nNOSOLUTION consistent[X] && (#rs>1)\n\
             NOSOLUTION NOCHAINS consistent[X] && #dr=0",
        )
        .unwrap();
        assert!(matches!(e.lines[1].1, LineUse::Dropped(_)));
        assert!(matches!(e.lines[2].1, LineUse::Dropped(_)));
        assert_eq!(e.racy, None);
        assert_eq!(e.race_free, Some(true));
        let e = expected("NOSOLUTION consistent[X] && #dr=0\nSATISFIABLE #dr>0").unwrap();
        assert_eq!((e.race_free, e.racy), (Some(false), None));
        let e = expected("SATISFIABLE consistent[X] && #dr=0\nNOSOLUTION #dr>0").unwrap();
        assert_eq!((e.race_free, e.racy), (Some(true), Some(false)));
        assert_eq!(
            expected("SATISFIABLE consistent[X] && (#rs=2)"),
            Err(SkipReason::NoExpectation)
        );
        assert_eq!(
            expected("SATISFIABLE consistent[X] && #dr=0\nNOSOLUTION consistent[X]"),
            Err(SkipReason::Contradictory)
        );
    }
}
