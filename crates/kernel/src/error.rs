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
