//! Errors of the kernel front end: every one names the file, line and
//! column, says what is wrong and hints at what to do.

use std::fmt;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KernelError {
    /// 1-based line in the `.ll` file (0 when the error is about the whole
    /// module or the command line).
    pub line: u32,
    pub col: u32,
    pub message: String,
    pub hint: Option<String>,
}

impl KernelError {
    pub fn new(line: u32, col: u32, message: impl Into<String>) -> KernelError {
        KernelError {
            line,
            col,
            message: message.into(),
            hint: None,
        }
    }

    pub fn hint(mut self, hint: impl Into<String>) -> KernelError {
        self.hint = Some(hint.into());
        self
    }

    /// The error of a module clang made from a source file: its line is a
    /// line of that IR, which the user never saw. It moves to `source_line`
    /// (the instruction's `!dbg` line) when there is one, else to the whole
    /// file, and the message says which IR line it was.
    /// The column is the location's (`DILocation`'s `column:`, 0 when it
    /// has none).
    pub fn from_ir(mut self, source: Option<(u32, u32)>) -> KernelError {
        if self.line == 0 {
            return self;
        }
        self.message = format!(
            "{} (line {} of the LLVM IR clang made from it; see that IR with \
             `clang -emit-llvm -S`, as `amdmm docs kernels` shows)",
            self.message, self.line
        );
        (self.line, self.col) = source.unwrap_or((0, 0));
        self
    }

    /// The error of a module the user gave (a `.ll`) whose debug info
    /// places the instruction in its source: the message names that
    /// source line too (`(source: k.hip:23)`), the line a HIP programmer
    /// reads, beside the `.ll` line the error points at.
    pub fn with_source(mut self, source: Option<crate::debug::SourcePos>) -> KernelError {
        if let Some(s) = source.filter(|_| self.line != 0) {
            self.message = format!("{} (source: {}:{})", self.message, s.file, s.line);
        }
        self
    }

    /// Gives an error about line `line` of `text` that has no column (the
    /// lowering knows instructions by their line) the column where the
    /// construct its message names in backticks starts on that line, else
    /// where the instruction starts: `k.ll:2:19` for the intrinsic
    /// `@llvm.amdgcn.readfirstlane` called on line 2, never a bare `:1`.
    pub fn locate(mut self, text: &str) -> KernelError {
        if self.line == 0 || self.col != 0 {
            return self;
        }
        let Some(l) = text.lines().nth(self.line as usize - 1) else {
            return self;
        };
        let named = self
            .message
            .split('`')
            .skip(1)
            .step_by(2)
            .filter(|s| !s.is_empty())
            .find_map(|s| l.find(s));
        let at = named
            .or_else(|| l.find(|c: char| !c.is_whitespace()))
            .unwrap_or(0);
        self.col = l[..at].chars().count() as u32 + 1;
        self
    }

    /// `FILE:LINE:COL: error: MESSAGE` and the hint on its own line.
    pub fn render(&self, file: &str) -> String {
        let mut s = if self.line == 0 {
            format!("{file}: error: {}", self.message)
        } else {
            format!(
                "{file}:{}:{}: error: {}",
                self.line,
                self.col.max(1),
                self.message
            )
        };
        if let Some(h) = &self.hint {
            s.push_str(&format!("\n  hint: {h}"));
        }
        s
    }
}

impl fmt::Display for KernelError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.render("<module>"))
    }
}

pub type Result<T> = std::result::Result<T, KernelError>;
