//! The syntax tree of one alloy `.test` file (Khronos Vulkan-MemoryModel,
//! `alloy/tests/`), as `alloy/litmus.cpp` reads it.

/// One instruction token (the `.`-separated words of an opcode).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Token {
    St,
    Ld,
    Membar,
    Atom,
    Rmw,
    Acq,
    Rel,
    Sc0,
    Sc1,
    SemSc0,
    SemSc1,
    ScopeSg,
    ScopeWg,
    ScopeQf,
    ScopeDev,
    Cbar,
    AvDevice,
    VisDevice,
    SemAv,
    SemVis,
    Av,
    Vis,
    NonPriv,
}

impl Token {
    /// Every token with its spelling.
    pub const ALL: [(Token, &'static str); 23] = [
        (Token::St, "st"),
        (Token::Ld, "ld"),
        (Token::Membar, "membar"),
        (Token::Atom, "atom"),
        (Token::Rmw, "rmw"),
        (Token::Acq, "acq"),
        (Token::Rel, "rel"),
        (Token::Sc0, "sc0"),
        (Token::Sc1, "sc1"),
        (Token::SemSc0, "semsc0"),
        (Token::SemSc1, "semsc1"),
        (Token::ScopeSg, "scopesg"),
        (Token::ScopeWg, "scopewg"),
        (Token::ScopeQf, "scopeqf"),
        (Token::ScopeDev, "scopedev"),
        (Token::Cbar, "cbar"),
        (Token::AvDevice, "avdevice"),
        (Token::VisDevice, "visdevice"),
        (Token::SemAv, "semav"),
        (Token::SemVis, "semvis"),
        (Token::Av, "av"),
        (Token::Vis, "vis"),
        (Token::NonPriv, "nonpriv"),
    ];

    pub fn from_name(s: &str) -> Option<Token> {
        Token::ALL.iter().find(|(_, n)| *n == s).map(|(t, _)| *t)
    }

    pub fn name(self) -> &'static str {
        Token::ALL
            .iter()
            .find(|(t, _)| *t == self)
            .map(|(_, n)| *n)
            .unwrap_or("?")
    }
}

/// One instruction line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Instr {
    /// 1-based line number in the file.
    pub line: usize,
    /// The line as written (trimmed).
    pub text: String,
    /// The opcode tokens, in the order written.
    pub tokens: Vec<Token>,
    /// The variable (`x` in `st.sc0 x = 1`), if any.
    pub var: Option<String>,
    /// The value after `=`: the value stored, or the value a load observed
    /// (for an RMW, the value read).
    pub value: Option<i64>,
    /// The second value of an RMW: the value written.
    pub value2: Option<i64>,
    /// The dynamic instance number of a `cbar`.
    pub cbar_instance: Option<i64>,
}

impl Instr {
    pub fn has(&self, t: Token) -> bool {
        self.tokens.contains(&t)
    }
}

/// One invocation (thread) with its place in the hierarchy.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Thread {
    /// The number `SSW` refers to (explicit `NEWTHREAD n`, or counted).
    pub number: i64,
    /// Queue family, workgroup and subgroup, numbered from 0 in file order.
    pub qf: u32,
    pub wg: u32,
    pub sg: u32,
    pub instrs: Vec<Instr>,
}

/// An expectation line: `SATISFIABLE|NOSOLUTION [NOCHAINS] <predicate>`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ExpectLine {
    pub line: usize,
    /// The line as written (trimmed).
    pub text: String,
    pub satisfiable: bool,
    pub nochains: bool,
    /// The Alloy predicate, as written.
    pub predicate: String,
}

/// A whole `.test` file.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct TestFile {
    /// The comment lines (without `//`), in file order: the licence notice
    /// first, then the test's own description.
    pub comments: Vec<String>,
    /// Threads with at least one instruction, in file order.
    pub threads: Vec<Thread>,
    /// `SLOC a b` directives: (line, a, b).
    pub sloc: Vec<(usize, String, String)>,
    /// `SSW m n` directives: (line, m, n).
    pub ssw: Vec<(usize, i64, i64)>,
    pub expectations: Vec<ExpectLine>,
}
