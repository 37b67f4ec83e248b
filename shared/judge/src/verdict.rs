//! Judging one run: AC, WA, RE, TLE, MLE or OLE (and INVALID for an input its
//! validator rejects, FAIL for a checker that failed), or one exchange with an
//! interactor.

use std::fmt;
use std::io;
use std::path::Path;
use std::time::Duration;

use crate::compare::{compare, Mismatch};
use crate::run::{
    describe_status, execute, interact, Execution, Interaction, Kill, Limits, MEMORY_CAP_FACTOR,
    OUTPUT_CAP,
};
use crate::show;

/// Lines of stderr shown in a runtime-error report (each cut at [`show::LINE_BYTES`]).
const STDERR_TAIL_LINES: usize = 10;

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
    /// Still running at the time limit (`killed`), or ended by itself after it.
    TimeLimitExceeded {
        limit: Duration,
        killed: bool,
    },
    /// Printed more than [`OUTPUT_CAP`]: killed there.
    OutputLimitExceeded,
    /// Its peak resident memory passed the limit, or an allocation failed at
    /// the harness's cap (`allocation_failure`: the program's message).
    MemoryLimitExceeded {
        limit_mb: u64,
        peak_kb: u64,
        allocation_failure: Option<String>,
    },
    /// The input itself broke the problem's constraints: the validator's message.
    Invalid {
        message: String,
    },
    /// Not accepted by a token comparison or a checker: where and why in one
    /// line, then a few lines of context. A checker's presentation error (its
    /// exit status 2) is a WA marked `presentation`.
    Rejected {
        message: String,
        details: String,
        presentation: bool,
    },
    /// The checker itself failed (see [`crate::answer`]): no verdict on the program.
    CheckerFailed {
        reason: String,
    },
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
            Verdict::MemoryLimitExceeded { .. } => "MLE",
            Verdict::Invalid { .. } => "INVALID",
            Verdict::Rejected { .. } => "WA",
            Verdict::CheckerFailed { .. } => "FAIL",
        }
    }

    pub fn is_accepted(&self) -> bool {
        matches!(self, Verdict::Accepted)
    }

    /// Judges a finished [`Execution`] against the expected output.
    pub fn of_execution(run: &Execution, expected: &[u8], time_limit: Duration) -> Verdict {
        Verdict::of_run(run, time_limit, |got| match compare(expected, got) {
            None => Verdict::Accepted,
            Some(mismatch) => Verdict::WrongAnswer(mismatch),
        })
    }

    /// Judges a finished [`Execution`]: a run that ended within its limits is
    /// judged by `judge_output` on its stdout.
    pub fn of_run(
        run: &Execution,
        time_limit: Duration,
        judge_output: impl FnOnce(&[u8]) -> Verdict,
    ) -> Verdict {
        Verdict::of_failed_run(run, time_limit).unwrap_or_else(|| judge_output(&run.stdout))
    }

    /// How a run failed by itself, if it did: OLE, MLE, TLE or RE.
    fn of_failed_run(run: &Execution, time_limit: Duration) -> Option<Verdict> {
        if run.killed == Some(Kill::OutputLimit) || run.stdout_truncated {
            return Some(Verdict::OutputLimitExceeded);
        }
        if let Some(limit_mb) = run.limits.memory_mb {
            let allocation_failure = allocation_failure(run);
            if run.over_memory_limit() || allocation_failure.is_some() {
                return Some(Verdict::MemoryLimitExceeded {
                    limit_mb,
                    peak_kb: run.peak_memory_kb,
                    allocation_failure,
                });
            }
        }
        if run.timed_out(time_limit) {
            return Some(Verdict::TimeLimitExceeded {
                limit: time_limit,
                killed: run.killed.is_some(),
            });
        }
        if !run.succeeded() {
            let status = run.status.map(describe_status).unwrap_or_default();
            return Some(Verdict::RuntimeError {
                status: if overflowed_its_stack(run) {
                    format!("stack overflow ({status})")
                } else {
                    status
                },
                stderr_tail: run_stderr_tail(run),
            });
        }
        None
    }

    /// Judges a program's exchange with an interactor (testlib's exit codes:
    /// 0 AC, 1 WA, 2 PE). The program's own failure (RE, TLE, MLE) decides
    /// when it came first or the interactor accepted; otherwise the
    /// interactor's word does, and a program that exits early is judged by it.
    ///
    /// # Errors
    /// When the verdict rests on an interactor that failed (another exit
    /// status, a signal, its time limit): the reason, never a verdict.
    pub fn of_interaction(
        interaction: &Interaction,
        time_limit: Duration,
    ) -> Result<Verdict, String> {
        let interactor = &interaction.interactor;
        let said = interactor
            .status
            .and_then(|status| status.code())
            .filter(|_| !interactor.timed_out(interactor.limits.time));
        let own_failure = Verdict::of_failed_run(&interaction.program, time_limit);
        if interaction.program_ended_first || said == Some(0) {
            if let Some(verdict) = own_failure {
                return Ok(verdict);
            }
        }
        let message = run_stderr_tail(interactor);
        let rejected = |presentation| {
            let mut lines = message.lines();
            Verdict::Rejected {
                message: format!(
                    "the interactor says: {}",
                    lines.next().unwrap_or("(nothing)")
                ),
                details: lines.map(|line| format!("  {line}\n")).collect(),
                presentation,
            }
        };
        match said {
            Some(0) => Ok(Verdict::Accepted),
            Some(1) => Ok(rejected(false)),
            Some(2) => Ok(rejected(true)),
            _ => Err(format!(
                "the interactor failed: {}\n{message}",
                if interactor.timed_out(interactor.limits.time) {
                    format!(
                        "still running after {} ms",
                        interactor.limits.time.as_millis()
                    )
                } else {
                    interactor.describe_end()
                }
            )),
        }
    }
}

/// What a program prints when an allocation fails, by language: Rust's
/// `handle_alloc_error`, C++'s uncaught `std::bad_alloc`, Python's `MemoryError`.
const ALLOCATION_FAILURES: [&str; 3] = ["memory allocation of ", "std::bad_alloc", "MemoryError"];

/// The line of stderr saying an allocation failed, when the program did not
/// succeed: under the harness's data cap that is the memory limit's doing.
fn allocation_failure(run: &Execution) -> Option<String> {
    if run.succeeded() || run.killed.is_some() {
        return None;
    }
    let text = String::from_utf8_lossy(&run.stderr);
    text.lines()
        .rev()
        .find(|line| ALLOCATION_FAILURES.iter().any(|sign| line.contains(sign)))
        .map(|line| stderr_tail(line.as_bytes()))
}

/// Rust's runtime reports a stack overflow on stderr before it aborts.
fn overflowed_its_stack(run: &Execution) -> bool {
    let needle = b"has overflowed its stack";
    run.stderr
        .windows(needle.len())
        .any(|window| window == needle)
}

/// Megabytes (MiB) with one decimal, from KiB.
pub fn megabytes(kb: u64) -> String {
    format!("{:.1} MB", kb as f64 / 1024.0)
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
            Verdict::TimeLimitExceeded {
                limit,
                killed: true,
            } => writeln!(f, "killed at the time limit of {} ms", limit.as_millis()),
            Verdict::TimeLimitExceeded {
                limit,
                killed: false,
            } => writeln!(
                f,
                "ended by itself, but after the time limit of {} ms",
                limit.as_millis()
            ),
            Verdict::OutputLimitExceeded => writeln!(
                f,
                "killed after more than {} MiB of output",
                OUTPUT_CAP >> 20
            ),
            Verdict::MemoryLimitExceeded {
                limit_mb,
                peak_kb,
                allocation_failure,
            } => match allocation_failure {
                None => writeln!(
                    f,
                    "peak memory {} over the limit of {limit_mb} MB",
                    megabytes(*peak_kb)
                ),
                Some(line) => writeln!(
                    f,
                    "an allocation failed at the cap of {} MB (peak memory {}):\n  {line}",
                    limit_mb.saturating_mul(MEMORY_CAP_FACTOR),
                    megabytes(*peak_kb)
                ),
            },
            Verdict::Invalid { message } => {
                writeln!(f, "the validator rejects this input:")?;
                message.lines().try_for_each(|line| writeln!(f, "  {line}"))
            }
            Verdict::Rejected {
                message,
                details,
                presentation,
            } => {
                if *presentation {
                    write!(f, "presentation error: ")?;
                }
                writeln!(f, "{message}")?;
                write!(f, "{details}")
            }
            Verdict::CheckerFailed { reason } => {
                writeln!(f, "the checker failed: no verdict on the program")?;
                reason.lines().try_for_each(|line| writeln!(f, "  {line}"))
            }
        }
    }
}

/// The last lines of a stream, escaped and cut, for a report.
pub fn stderr_tail(stderr: &[u8]) -> String {
    show::lines(stderr, STDERR_TAIL_LINES, true)
        .trim_end_matches('\n')
        .to_string()
}

/// [`stderr_tail`] of a run, noting the bytes the harness did not keep.
pub fn run_stderr_tail(run: &Execution) -> String {
    let tail = stderr_tail(&run.stderr);
    if run.stderr_dropped == 0 {
        return tail;
    }
    format!(
        "... ({} earlier bytes not kept)\n{tail}",
        run.stderr_dropped
    )
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

/// How much longer than the program an interactor may run: it answers the
/// program's last query, then writes its verdict.
pub const INTERACTOR_GRACE: Duration = Duration::from_secs(1);

/// One exchange of a program with an interactor, judged.
#[derive(Debug)]
pub struct InteractiveJudgement {
    /// The verdict, or why the interactor failed (no verdict on the program).
    pub verdict: Result<Verdict, String>,
    pub interaction: Interaction,
    /// What the interactor wrote to its OUTPUT file, for a checker.
    pub output: Vec<u8>,
}

/// Runs `program` under `limits` against `interactor`, started as
/// `INTERACTOR INPUT OUTPUT [ANSWER]` (OUTPUT: a fresh file it may write for a
/// checker), and judges the exchange ([`Verdict::of_interaction`]).
///
/// # Errors
/// When either program cannot be started, or the scratch folder for OUTPUT
/// cannot be made.
pub fn judge_interactive(
    program: &Path,
    limits: &Limits,
    interactor: &Path,
    input: &Path,
    answer: Option<&Path>,
) -> io::Result<InteractiveJudgement> {
    let scratch = crate::scratch::tempdir()?;
    let output = scratch.path().join("output");
    let mut args = vec![input.as_os_str(), output.as_os_str()];
    args.extend(answer.map(Path::as_os_str));
    let interaction = interact(
        program,
        limits,
        interactor,
        &args,
        limits.time + INTERACTOR_GRACE,
    )?;
    Ok(InteractiveJudgement {
        verdict: Verdict::of_interaction(&interaction, limits.time),
        output: std::fs::read(&output).unwrap_or_default(),
        interaction,
    })
}
