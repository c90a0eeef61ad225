//! amdmm-litmus: the first stage of the pipeline (**parse** → program →
//! exploration → model checks → report).
//!
//! [`parse`] turns the text of a `.litmus` file (docs/format.md)
//! into an [`ast::File`] with byte spans, or into [`Diagnostic`]s that
//! [`Diagnostic::render`] prints rustc-style. It never panics.

pub mod ast;
pub mod budget;
pub mod diagnostic;
pub mod lexer;
pub mod parser;
pub mod span;
pub mod suggest;

pub use budget::Budget;
pub use diagnostic::{offset_of, render_all, render_message, Diagnostic, Label, Severity};
pub use parser::{parse, parse_within};
pub use span::{line_col, Span};
