//! Progress on long work (verify, check, an import's generation): a bar on
//! stderr that says what runs, how many steps of how many are done, the time
//! spent and the time left, drawn with `indicatif` only when stderr is a
//! terminal. Logs, pipes and CI get the command's lines alone, as before.
//!
//! The lines a command prints go through [`Progress::above`], which writes
//! each whole line above the bar (the bar cleared, the line written, the bar
//! drawn again), so that neither garbles the other. On Windows, `indicatif`
//! (through `console`) draws in the console as it does in a terminal.

use std::borrow::Cow;
use std::io::{self, IsTerminal, Write};
use std::time::Duration;

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

/// Whether a bar is drawn: stderr is a terminal that can draw one (not
/// `TERM=dumb`).
pub fn on_terminal() -> bool {
    io::stderr().is_terminal() && std::env::var_os("TERM").is_none_or(|term| term != "dumb")
}

/// A progress bar, or nothing when it is not shown. Cleared when dropped.
pub struct Progress {
    bar: Option<ProgressBar>,
}

impl Progress {
    /// A bar of `len` steps, each a `unit` (`cases`), on stderr when `shown`
    /// (the command's callers pass [`on_terminal`]; tests, `false`).
    pub fn new(shown: bool, len: u64, unit: &str) -> Progress {
        if !shown {
            return Progress::hidden();
        }
        let template = format!(
            "[{{bar:20}}] {{pos}}/{{len}} {unit}, {{elapsed}} spent, ~{{eta}} left: {{wide_msg}}"
        );
        let style = ProgressStyle::with_template(&template)
            .expect("the template is valid")
            // ASCII, which every console draws.
            .progress_chars("=> ");
        let bar = ProgressBar::with_draw_target(Some(len), ProgressDrawTarget::stderr())
            .with_style(style);
        // Drawn again as time passes, while a long case runs.
        bar.enable_steady_tick(Duration::from_millis(200));
        Progress { bar: Some(bar) }
    }

    /// A count of steps whose number is not known ahead (a run that stops
    /// when its time is up): the steps done, the time spent and what runs.
    pub fn counter(shown: bool, unit: &str) -> Progress {
        if !shown {
            return Progress::hidden();
        }
        let template = format!("{{pos}} {unit}, {{elapsed}} spent: {{wide_msg}}");
        let style = ProgressStyle::with_template(&template).expect("the template is valid");
        let bar =
            ProgressBar::with_draw_target(None, ProgressDrawTarget::stderr()).with_style(style);
        bar.enable_steady_tick(Duration::from_millis(200));
        Progress { bar: Some(bar) }
    }

    /// Clears the bar now (before a command's closing lines).
    pub fn clear(&self) {
        if let Some(bar) = &self.bar {
            bar.finish_and_clear();
        }
    }

    /// No bar: every call does nothing, and lines are written as they come.
    pub fn hidden() -> Progress {
        Progress { bar: None }
    }

    /// Whether a bar is drawn (when not, a command may print the lines it
    /// printed for progress before).
    pub fn is_shown(&self) -> bool {
        self.bar.is_some()
    }

    /// What runs now, shown after the counts.
    pub fn running(&self, what: impl Into<Cow<'static, str>>) {
        if let Some(bar) = &self.bar {
            bar.set_message(what);
        }
    }

    /// `done` steps are done.
    pub fn set_done(&self, done: u64) {
        if let Some(bar) = &self.bar {
            bar.set_position(done);
        }
    }

    /// The steps there are, when they turn out more or fewer.
    pub fn set_len(&self, len: u64) {
        if let Some(bar) = &self.bar {
            bar.set_length(len);
        }
    }

    /// A writer of `out`'s lines above the bar: each whole line is written
    /// with the bar cleared, and what is left of a line when the writer is
    /// flushed or dropped.
    pub fn above<'a>(&'a self, out: &'a mut dyn Write) -> Above<'a> {
        Above {
            bar: self.bar.as_ref(),
            out,
            pending: Vec::new(),
        }
    }
}

impl Drop for Progress {
    fn drop(&mut self) {
        if let Some(bar) = &self.bar {
            bar.finish_and_clear();
        }
    }
}

/// See [`Progress::above`].
pub struct Above<'a> {
    bar: Option<&'a ProgressBar>,
    out: &'a mut dyn Write,
    pending: Vec<u8>,
}

impl Above<'_> {
    fn write_out(&mut self, bytes: &[u8]) -> io::Result<()> {
        let out = &mut *self.out;
        let mut write = || out.write_all(bytes).and_then(|()| out.flush());
        match self.bar {
            Some(bar) => bar.suspend(write),
            None => write(),
        }
    }
}

impl Write for Above<'_> {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        if self.bar.is_none() {
            return self.out.write(bytes);
        }
        self.pending.extend_from_slice(bytes);
        if let Some(end) = self.pending.iter().rposition(|&byte| byte == b'\n') {
            let lines: Vec<u8> = self.pending.drain(..=end).collect();
            self.write_out(&lines)?;
        }
        Ok(bytes.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        let pending = std::mem::take(&mut self.pending);
        self.write_out(&pending)
    }
}

impl Drop for Above<'_> {
    fn drop(&mut self) {
        let _ = self.flush();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_hidden_bar_writes_every_line_as_it_comes() {
        let progress = Progress::hidden();
        assert!(!progress.is_shown());
        progress.running("sol.cpp tests-01");
        progress.set_done(3);
        let mut out = Vec::new();
        {
            let mut above = progress.above(&mut out);
            write!(above, "AC   ").unwrap();
            writeln!(above, "tests-01").unwrap();
            write!(above, "no newline").unwrap();
        }
        assert_eq!(out, b"AC   tests-01\nno newline");
    }

    #[test]
    fn a_shown_bar_writes_whole_lines_and_the_rest_when_flushed() {
        // Drawn to a hidden target here: what is written is the same.
        let progress = Progress::new(true, 10, "cases");
        if let Some(bar) = &progress.bar {
            bar.set_draw_target(ProgressDrawTarget::hidden());
        }
        let mut out = Vec::new();
        {
            let mut above = progress.above(&mut out);
            write!(above, "AC   ").unwrap();
            assert!(
                above.pending == b"AC   ",
                "a part of a line waits for its end"
            );
            writeln!(above, "tests-01\nWA   tests-02").unwrap();
            write!(above, "tail").unwrap();
        }
        assert_eq!(out, b"AC   tests-01\nWA   tests-02\ntail");
    }
}
