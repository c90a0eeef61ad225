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
    pub fn from_ir(mut self, source_line: Option<u32>) -> KernelError {
        if self.line == 0 {
            return self;
        }
        self.message = format!(
            "{} (line {} of the LLVM IR clang made from it; see that IR with \
             `clang -emit-llvm -S`, as `amdmm docs kernels` shows)",
            self.message, self.line
        );
        self.line = source_line.unwrap_or(0);
        self.col = 0;
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
