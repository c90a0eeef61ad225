//! A progress bar on stderr, shown only when stderr is a terminal and there
//! is more than one item: never in the bytes of stdout, never on a pipe or
//! in a log file.

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use std::io::IsTerminal;

pub struct Progress(Option<ProgressBar>);

impl Progress {
    /// A bar over `total` tests.
    pub fn new(total: usize) -> Progress {
        Progress::counting(total, "tests")
    }

    /// A bar over `total` items of the kind `what` (`tests`, `runs`, ...).
    pub fn counting(total: usize, what: &str) -> Progress {
        if total <= 1 || !std::io::stderr().is_terminal() {
            return Progress(None);
        }
        let bar = ProgressBar::with_draw_target(Some(total as u64), ProgressDrawTarget::stderr());
        let template = format!("{{bar:40}} {{pos}}/{{len}} {what}  {{elapsed}}");
        if let Ok(style) = ProgressStyle::with_template(&template) {
            bar.set_style(style);
        }
        Progress(Some(bar))
    }

    /// One more item finished.
    pub fn inc(&self) {
        if let Some(b) = &self.0 {
            b.inc(1);
        }
    }

    /// Runs `f` (which prints) with the bar hidden.
    pub fn suspend<R>(&self, f: impl FnOnce() -> R) -> R {
        match &self.0 {
            Some(b) => b.suspend(f),
            None => f(),
        }
    }

    pub fn finish(&self) {
        if let Some(b) = &self.0 {
            b.finish_and_clear();
        }
    }
}

/// The bar goes away on every path out, errors included.
impl Drop for Progress {
    fn drop(&mut self) {
        self.finish();
    }
}
