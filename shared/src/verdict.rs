//! Judging one run: AC, WA, RE or TLE.

use std::fmt;
use std::io;
use std::path::Path;
use std::time::Duration;

use crate::compare::{compare, Mismatch};
use crate::run::{describe_status, execute, Execution, OUTPUT_CAP};

/// Lines of stderr kept in a runtime-error report.
const STDERR_TAIL_LINES: usize = 10;
/// Characters of stderr kept in a runtime-error report.
const STDERR_TAIL_CHARS: usize = 2000;

/// A judge's verdict on one run.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    Accepted,
    WrongAnswer(Mismatch),
    /// Non-zero exit or a signal: how it ended, and the tail of its stderr.
    RuntimeError {
        status: String,
        stderr_tail: String,
    },
    /// Still running at the time limit (it was killed), or finished after it.
    TimeLimitExceeded {
        limit: Duration,
    },
    /// Printed more than the harness keeps.
    OutputLimitExceeded,
}

impl Verdict {
    /// The two- or three-letter code judges print: `AC`, `WA`, `RE`, `TLE`, `OLE`.
    pub fn code(&self) -> &'static str {
        match self {
            Verdict::Accepted => "AC",
            Verdict::WrongAnswer(_) => "WA",
            Verdict::RuntimeError { .. } => "RE",
            Verdict::TimeLimitExceeded { .. } => "TLE",
            Verdict::OutputLimitExceeded => "OLE",
        }
    }

    pub fn is_accepted(&self) -> bool {
        matches!(self, Verdict::Accepted)
    }

    /// Judges a finished [`Execution`] against the expected output.
    pub fn of_execution(run: &Execution, expected: &[u8], time_limit: Duration) -> Verdict {
        if run.timed_out(time_limit) {
            return Verdict::TimeLimitExceeded { limit: time_limit };
        }
        if !run.succeeded() {
            return Verdict::RuntimeError {
                status: run.status.map(describe_status).unwrap_or_default(),
                stderr_tail: stderr_tail(&run.stderr),
            };
        }
        if run.stdout_truncated {
            return Verdict::OutputLimitExceeded;
        }
        match compare(expected, &run.stdout) {
            None => Verdict::Accepted,
            Some(mismatch) => Verdict::WrongAnswer(mismatch),
        }
    }
}

/// The details under a verdict's line in a report (empty for AC).
impl fmt::Display for Verdict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Verdict::Accepted => Ok(()),
            Verdict::WrongAnswer(mismatch) => write!(f, "{mismatch}\n{}", mismatch.diff),
            Verdict::RuntimeError {
                status,
                stderr_tail,
            } => {
                writeln!(f, "{status}")?;
                if stderr_tail.is_empty() {
                    writeln!(f, "(stderr was empty)")
                } else {
                    writeln!(f, "stderr (tail):")?;
                    stderr_tail
                        .lines()
                        .try_for_each(|line| writeln!(f, "  {line}"))
                }
            }
            Verdict::TimeLimitExceeded { limit } => {
                writeln!(f, "killed at the time limit of {} ms", limit.as_millis())
            }
            Verdict::OutputLimitExceeded => {
                writeln!(f, "more than {} MiB of output", OUTPUT_CAP >> 20)
            }
        }
    }
}

/// The last lines of a stream, for a report.
pub fn stderr_tail(stderr: &[u8]) -> String {
    let text = String::from_utf8_lossy(stderr);
    let lines: Vec<&str> = text.lines().collect();
    let tail = lines[lines.len().saturating_sub(STDERR_TAIL_LINES)..].join("\n");
    let chars: Vec<char> = tail.chars().collect();
    chars[chars.len().saturating_sub(STDERR_TAIL_CHARS)..]
        .iter()
        .collect()
}

/// Runs `program` on `input` and judges its output against `expected`.
///
/// Returns the verdict and the measured wall time.
///
/// # Errors
/// When the program cannot be started.
///
/// # Example
/// ```
/// use judge::verdict::{judge, Verdict};
/// use std::time::Duration;
/// let limit = Duration::from_secs(2);
/// let (verdict, _elapsed) = judge("/bin/cat".as_ref(), b"516\n", b"516\n", limit).unwrap();
/// assert_eq!(verdict, Verdict::Accepted);
/// let (verdict, _) = judge("/bin/cat".as_ref(), b"515\n", b"516\n", limit).unwrap();
/// assert_eq!(verdict.code(), "WA");
/// ```
pub fn judge(
    program: &Path,
    input: &[u8],
    expected: &[u8],
    time_limit: Duration,
) -> io::Result<(Verdict, Duration)> {
    let run = execute(program, &[], input, time_limit)?;
    Ok((
        Verdict::of_execution(&run, expected, time_limit),
        run.elapsed,
    ))
}
