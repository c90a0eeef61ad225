//! amdmm's two doors to the outside world, each the only one of its kind
//! (docs/cli.md, "Files amdmm writes" and "External programs"):
//!
//! - [`write`](mod@write): every file amdmm writes (graphs, generated tests, imported
//!   tests, reports, the llc cache) goes through [`write::write`]: never
//!   through a symbolic link, never into anything but a regular or new
//!   file, atomically (temporary file and rename), never over a file amdmm
//!   did not write unless forced;
//! - [`tool`]: every external program (llc, clang, Graphviz `dot`) runs
//!   through [`tool::run_tool`]: input written on its own thread, output
//!   and error collected, bounded by a deadline, failures named.

pub mod tool;
pub mod write;

pub use tool::{run_tool, ToolError, ToolOutput};
