//! Judging one run: AC, WA, RE, TLE, MLE or OLE (and INVALID for an input its
//! validator rejects, FAIL for a checker that failed), or one exchange with an
//! interactor.

use std::ffi::{OsStr, OsString};
use std::fmt;
use std::io;
use std::path::Path;
use std::time::Duration;

use crate::answer::{KattisValidator, CHECKER_LIMIT};
use crate::compare::{compare, Mismatch};
use crate::runner::{
    describe_status, execute, interact_with, Execution, Interaction, Kill, Limits,
    MEMORY_CAP_FACTOR,
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
    /// Printed more than its output limit (`limit_mb`, by default
    /// [`OUTPUT_CAP`](crate::runner::OUTPUT_CAP)): killed there.
    OutputLimitExceeded {
        limit_mb: u64,
    },
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
    /// A checker's points (testlib's `quitp`, exit 7): `points` of the
    /// case's `full`, the points it gives the jury's own answer (`None` when
    /// it gives that none); accepted at full points, as Polygon takes them.
    Points {
        points: String,
        full: Option<String>,
        message: String,
    },
    /// A checker's partially correct result (testlib's `_pc(n)`): never
    /// accepted.
    PartiallyCorrect {
        pctype: i32,
        message: String,
    },
    /// Accepted by a Kattis output validator that gave the case a score
    /// (`score.txt` in its feedback folder, a scoring problem's).
    Scored {
        score: String,
    },
}

/// Whether `points` are full by `full` (a hundred-millionth of a point
/// spared: testlib prints ten decimals).
fn full_points(points: &str, full: Option<&str>) -> bool {
    match (points.parse::<f64>(), full.map(str::parse::<f64>)) {
        (Ok(points), Some(Ok(full))) => points >= full - 1e-8,
        _ => false,
    }
}

impl Verdict {
    /// The two- or three-letter code judges print: `AC`, `WA`, `RE`, `TLE`, `OLE`.
    pub fn code(&self) -> &'static str {
        match self {
            Verdict::Accepted => "AC",
            Verdict::WrongAnswer(_) => "WA",
            Verdict::RuntimeError { .. } => "RE",
            Verdict::TimeLimitExceeded { .. } => "TLE",
            Verdict::OutputLimitExceeded { .. } => "OLE",
            Verdict::MemoryLimitExceeded { .. } => "MLE",
            Verdict::Invalid { .. } => "INVALID",
            Verdict::Rejected { .. } => "WA",
            Verdict::CheckerFailed { .. } => "FAIL",
            Verdict::Points { .. } if self.is_accepted() => "AC",
            Verdict::Points { .. } => "PTS",
            Verdict::PartiallyCorrect { .. } => "PC",
            Verdict::Scored { .. } => "AC",
        }
    }

    pub fn is_accepted(&self) -> bool {
        match self {
            Verdict::Accepted | Verdict::Scored { .. } => true,
            Verdict::Points { points, full, .. } => full_points(points, full.as_deref()),
            _ => false,
        }
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

    /// How a program talking to an interactor failed by itself, if it did:
    /// as [`Verdict::of_failed_run`], but a program ended by SIGPIPE (it
    /// wrote to an interactor that had gone) is left to the interactor's
    /// word, as problemtools' `interactive` reports it (an exit of 0).
    fn of_failed_exchange(run: &Execution, time_limit: Duration) -> Option<Verdict> {
        let verdict = Verdict::of_failed_run(run, time_limit);
        match verdict {
            Some(Verdict::RuntimeError { .. }) if run.killed.is_none() && ended_by_sigpipe(run) => {
                None
            }
            verdict => verdict,
        }
    }

    /// How a run failed by itself, if it did: OLE, MLE, TLE or RE.
    fn of_failed_run(run: &Execution, time_limit: Duration) -> Option<Verdict> {
        if run.killed == Some(Kill::OutputLimit) || run.stdout_truncated {
            return Some(Verdict::OutputLimitExceeded {
                limit_mb: (run.limits.output_cap() >> 20) as u64,
            });
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
        let own_failure = Verdict::of_failed_exchange(&interaction.program, time_limit);
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

impl Verdict {
    /// Judges an exchange with an output validator of the Kattis format
    /// (`validator_message`: the first line of its `judgemessage.txt`, if
    /// any, and the rest), as problemtools does: a validator that did not
    /// exit 42 or 43 has failed (no verdict); one that rejected (43) before
    /// the program ended decides; else the program's own failure (TLE, RE,
    /// MLE) comes first; else the validator's word, 42 accepting.
    ///
    /// # Errors
    /// When the validator failed: the reason.
    pub fn of_kattis_interaction(
        interaction: &Interaction,
        time_limit: Duration,
        validator_message: (Option<String>, String),
    ) -> Result<Verdict, String> {
        let validator = &interaction.interactor;
        let said = validator
            .status
            .and_then(|status| status.code())
            .filter(|_| !validator.timed_out(validator.limits.time));
        if !matches!(said, Some(42 | 43)) {
            return Err(format!(
                "the output validator failed: {} (an output validator exits 42 or 43)\n{}",
                if validator.timed_out(validator.limits.time) {
                    format!(
                        "still running after {} ms",
                        validator.limits.time.as_millis()
                    )
                } else {
                    validator.describe_end()
                },
                run_stderr_tail(validator)
            ));
        }
        let (first, rest) = validator_message;
        let rejected = || Verdict::Rejected {
            message: format!(
                "the output validator says: {}",
                first.clone().unwrap_or_else(|| "(nothing)".to_string())
            ),
            details: rest.clone(),
            presentation: false,
        };
        if said == Some(43) && !interaction.program_ended_first {
            return Ok(rejected());
        }
        if let Some(verdict) = Verdict::of_failed_exchange(&interaction.program, time_limit) {
            return Ok(verdict);
        }
        Ok(if said == Some(42) {
            Verdict::Accepted
        } else {
            rejected()
        })
    }
}

/// Runs `program` under `limits` against an output validator of the Kattis
/// format, interactively: `VALIDATOR [ARGS] INPUT ANSWER FEEDBACK_DIR/
/// [FLAGS]` (ARGS: a Python validator's main file), its stdout the program's
/// stdin and the program's stdout its stdin; judged by
/// [`Verdict::of_kattis_interaction`]. The validator runs up to its
/// `time_limit` past the program's limit ([`tool_limits`]). FEEDBACK_DIR is
/// `feedback` (a multi-pass problem's, kept from pass to pass), else a
/// fresh one.
///
/// # Errors
/// When either cannot be started, or the feedback folder cannot be made.
pub fn judge_kattis_interactive(
    program: &Path,
    limits: &Limits,
    validator: &KattisValidator,
    input: &Path,
    answer: &Path,
    feedback: Option<&Path>,
) -> io::Result<InteractiveJudgement> {
    let scratch = crate::scratch::tempdir()?;
    let feedback = match feedback {
        Some(folder) => folder.to_path_buf(),
        None => {
            let folder = scratch.path().join("feedback");
            std::fs::create_dir(&folder)?;
            folder
        }
    };
    let mut folder = feedback.clone().into_os_string();
    folder.push(std::path::MAIN_SEPARATOR_STR);
    let flags: Vec<OsString> = validator.flags.iter().map(OsString::from).collect();
    let mut args: Vec<&OsStr> = validator.args.iter().map(OsString::as_os_str).collect();
    args.extend([input.as_os_str(), answer.as_os_str(), folder.as_os_str()]);
    args.extend(flags.iter().map(OsString::as_os_str));
    let interaction = interact_with(
        program,
        limits,
        validator.program,
        &args,
        &tool_limits(limits, validator.time_limit),
    )?;
    let message = std::fs::read(feedback.join("judgemessage.txt")).unwrap_or_default();
    let message = crate::answer::first_line_and_rest(&message);
    let verdict = Verdict::of_kattis_interaction(&interaction, limits.time, message);
    // A scoring problem's accepted case: its score shown.
    let score = std::fs::read_to_string(feedback.join("score.txt")).ok();
    let verdict = match (verdict, score.as_deref().map(str::trim)) {
        (Ok(Verdict::Accepted), Some(score)) if score.parse::<f64>().is_ok() => {
            Ok(Verdict::Scored {
                score: score.to_string(),
            })
        }
        (verdict, _) => verdict,
    };
    Ok(InteractiveJudgement {
        verdict,
        output: Vec::new(),
        interaction,
    })
}

/// Whether the run was ended by SIGPIPE (never on Windows, which has no
/// signals: a write to a closed pipe fails there).
fn ended_by_sigpipe(run: &Execution) -> bool {
    #[cfg(unix)]
    {
        use std::os::unix::process::ExitStatusExt;
        run.status.and_then(|status| status.signal()) == Some(libc::SIGPIPE)
    }
    #[cfg(not(unix))]
    {
        let _ = run;
        false
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
            Verdict::OutputLimitExceeded { limit_mb } => {
                writeln!(f, "killed after more than {limit_mb} MiB of output")
            }
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
            Verdict::Points {
                points,
                full,
                message,
            } => {
                match full {
                    Some(full) => write!(f, "{points} points of {full}")?,
                    None => write!(
                        f,
                        "{points} points, not full: the checker gives the jury's own answer no points"
                    )?,
                }
                writeln!(f, "{}{message}", if message.is_empty() { "" } else { ": " })
            }
            Verdict::PartiallyCorrect { pctype, message } => {
                writeln!(f, "partially correct ({pctype}): {message}")
            }
            Verdict::Scored { score } => writeln!(f, "score {score} (its score.txt)"),
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
/// use judge_judging::verdict::{judge, Verdict};
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

/// How long past the program's time limit an interactor may run: a tool's
/// own limit, as a checker has ([`CHECKER_LIMIT`]). A program killed at its
/// limit may leave many queries in the pipe, which the interactor still
/// reads and answers (DOMjudge lets it finish, and the program's TIMELIMIT
/// is the verdict); only an interactor still running past this has failed.
pub const INTERACTOR_AFTER: Duration = CHECKER_LIMIT;

/// The limits of an interactor (or an interactive problem's output
/// validator) beside a program under `program`: `after` past the program's
/// time limit, and a stack as large as the program's, as the judges give
/// every program a package runs.
pub fn tool_limits(program: &Limits, after: Duration) -> Limits {
    Limits {
        stack_mb: crate::runner::tool_stack_mb(program.stack_mb),
        ..Limits::time(program.time + after)
    }
}

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
/// checker), and judges the exchange ([`Verdict::of_interaction`]). The
/// interactor runs up to [`INTERACTOR_AFTER`] past the program's limit.
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
    let interaction = interact_with(
        program,
        limits,
        interactor,
        &args,
        &tool_limits(limits, INTERACTOR_AFTER),
    )?;
    Ok(InteractiveJudgement {
        verdict: Verdict::of_interaction(&interaction, limits.time),
        output: std::fs::read(&output).unwrap_or_default(),
        interaction,
    })
}

#[cfg(test)]
mod tests {
    #[cfg(unix)]
    use std::os::unix::process::ExitStatusExt;
    #[cfg(windows)]
    use std::os::windows::process::ExitStatusExt;
    use std::process::ExitStatus;

    use super::*;

    const LIMIT: Duration = Duration::from_secs(2);

    /// A run that exited with `code` after 1 s under a 64 MB limit, with this
    /// stdout and stderr.
    fn exited(code: i32, stdout: &[u8], stderr: &[u8]) -> Execution {
        ended(Some(exit_status(code)), stdout, stderr)
    }

    /// The status of a program that exited with `code`.
    #[cfg(unix)]
    fn exit_status(code: i32) -> ExitStatus {
        ExitStatus::from_raw(code << 8)
    }

    #[cfg(windows)]
    fn exit_status(code: i32) -> ExitStatus {
        ExitStatus::from_raw(code as u32)
    }

    fn ended(status: Option<ExitStatus>, stdout: &[u8], stderr: &[u8]) -> Execution {
        Execution {
            status,
            killed: None,
            stdout: stdout.to_vec(),
            stderr: stderr.to_vec(),
            stderr_dropped: 0,
            stdout_truncated: false,
            streams_abandoned: false,
            elapsed: Duration::from_secs(1),
            cpu: Duration::from_secs(1),
            peak_memory_kb: 1024,
            limits: Limits {
                time: LIMIT,
                memory_mb: Some(64),
                stack_mb: None,
                output_mb: None,
            },
        }
    }

    fn verdict(run: &Execution) -> Verdict {
        Verdict::of_execution(run, b"516\n", LIMIT)
    }

    #[test]
    fn a_run_that_ends_at_its_time_limit_is_in_time() {
        let run = Execution {
            elapsed: Duration::from_secs(2),
            ..exited(0, b"1\n", b"")
        };
        assert!(!run.timed_out(Duration::from_secs(2)));
        assert!(run.timed_out(Duration::from_millis(1999)));
    }

    #[test]
    fn a_tool_whose_output_was_cut_did_not_complete_and_says_so() {
        let whole = exited(0, b"1\n", b"");
        assert!(whole.completed());
        assert_eq!(whole.describe_end(), "exit status 0");
        let cut = Execution {
            stdout_truncated: true,
            ..whole
        };
        assert!(cut.succeeded() && !cut.completed());
        assert_eq!(
            cut.describe_end(),
            "exit status 0 after more than 256 MiB of output"
        );
        assert!(!exited(1, b"1\n", b"").completed());
    }

    #[test]
    fn codes_name_every_verdict() {
        let failed = |reason: &str| Verdict::CheckerFailed {
            reason: reason.to_string(),
        };
        assert_eq!(Verdict::Accepted.code(), "AC");
        assert_eq!(verdict(&exited(0, b"515\n", b"")).code(), "WA");
        assert_eq!(verdict(&exited(1, b"", b"")).code(), "RE");
        assert_eq!(Verdict::OutputLimitExceeded { limit_mb: 8 }.code(), "OLE");
        assert_eq!(
            Verdict::Invalid {
                message: String::new()
            }
            .code(),
            "INVALID"
        );
        assert_eq!(failed("").code(), "FAIL");
        assert!(Verdict::Accepted.is_accepted());
        assert!(!failed("").is_accepted());
        let points = |points: &str, full: Option<&str>| Verdict::Points {
            points: points.to_string(),
            full: full.map(str::to_string),
            message: "ok".to_string(),
        };
        assert_eq!(points("10", Some("10")).code(), "AC");
        assert_eq!(points("10.0000000", Some("10")).code(), "AC");
        assert_eq!(points("7.29", Some("10")).code(), "PTS");
        assert_eq!(points("10", None).code(), "PTS");
        assert_eq!(
            points("7.29", Some("10")).to_string(),
            "7.29 points of 10: ok\n"
        );
        assert_eq!(
            points("21.0", None).to_string(),
            "21.0 points, not full: the checker gives the jury's own answer no points: ok\n"
        );
        let partially = Verdict::PartiallyCorrect {
            pctype: 30,
            message: "half".to_string(),
        };
        assert_eq!(partially.code(), "PC");
        assert!(!partially.is_accepted());
    }

    #[test]
    fn a_clean_run_is_judged_by_its_output() {
        assert_eq!(
            verdict(&exited(0, b"516\n", b"warning\n")),
            Verdict::Accepted
        );
        let wrong = verdict(&exited(0, b"515\n", b""));
        assert_eq!(
            wrong.to_string(),
            "line 1: expected \"516\", got \"515\"\n-     1 | 516\n+     1 | 515\n"
        );
        let checked = Verdict::of_run(&exited(0, b"x", b""), LIMIT, |got| Verdict::Invalid {
            message: String::from_utf8_lossy(got).into_owned(),
        });
        assert_eq!(
            checked.to_string(),
            "the validator rejects this input:\n  x\n"
        );
    }

    #[test]
    fn output_past_the_cap_is_ole_first() {
        let mut run = exited(0, b"516\n", b"");
        run.stdout_truncated = true;
        let default = Verdict::OutputLimitExceeded { limit_mb: 256 };
        assert_eq!(verdict(&run), default);
        let mut run = ended(None, b"516\n", b"");
        run.killed = Some(Kill::OutputLimit);
        run.peak_memory_kb = 1 << 20;
        assert_eq!(verdict(&run), default);
        assert_eq!(
            default.to_string(),
            "killed after more than 256 MiB of output\n"
        );
        run.limits.output_mb = Some(8);
        assert_eq!(
            verdict(&run).to_string(),
            "killed after more than 8 MiB of output\n"
        );
    }

    // A failed allocation aborts the program: SIGABRT, a signal of Unix.
    #[cfg(unix)]
    #[test]
    fn memory_over_the_limit_or_a_failed_allocation_is_mle() {
        let mut run = exited(0, b"516\n", b"");
        run.peak_memory_kb = 64 * 1024 + 1;
        let over = verdict(&run);
        assert_eq!(
            over,
            Verdict::MemoryLimitExceeded {
                limit_mb: 64,
                peak_kb: 64 * 1024 + 1,
                allocation_failure: None
            }
        );
        assert_eq!(
            over.to_string(),
            "peak memory 64.0 MB over the limit of 64 MB\n"
        );
        run.peak_memory_kb = 64 * 1024;
        assert_eq!(verdict(&run), Verdict::Accepted, "at the limit");

        let aborted = Some(ExitStatus::from_raw(libc::SIGABRT));
        let run = ended(
            aborted,
            b"",
            b"start\nmemory allocation of 4096 bytes failed\nthen\n",
        );
        let failed = verdict(&run);
        assert_eq!(
            failed.to_string(),
            "an allocation failed at the cap of 128 MB (peak memory 1.0 MB):\n  \
             memory allocation of 4096 bytes failed\n"
        );
        // Without a memory limit, the same run is a runtime error.
        let mut unlimited = ended(aborted, b"", b"std::bad_alloc\n");
        unlimited.limits.memory_mb = None;
        assert_eq!(verdict(&unlimited).code(), "RE");
    }

    #[test]
    fn a_failed_allocation_counts_only_for_a_run_that_failed_by_itself() {
        // A program that succeeds, or that the harness killed, is judged as such.
        assert_eq!(
            verdict(&exited(0, b"516\n", b"caught std::bad_alloc\n")),
            Verdict::Accepted
        );
        let mut killed = ended(None, b"", b"MemoryError\n");
        killed.killed = Some(Kill::TimeLimit);
        assert_eq!(
            verdict(&killed),
            Verdict::TimeLimitExceeded {
                limit: LIMIT,
                killed: true
            }
        );
    }

    #[test]
    fn time_past_the_limit_is_tle_killed_or_not() {
        let mut run = ended(None, b"", b"");
        run.killed = Some(Kill::TimeLimit);
        assert_eq!(
            verdict(&run).to_string(),
            "killed at the time limit of 2000 ms\n"
        );
        let mut late = exited(0, b"516\n", b"");
        late.elapsed = LIMIT + Duration::from_millis(1);
        assert_eq!(
            verdict(&late).to_string(),
            "ended by itself, but after the time limit of 2000 ms\n"
        );
    }

    // A stack overflow aborts the program: SIGABRT, a signal of Unix.
    #[cfg(unix)]
    #[test]
    fn a_failed_run_is_re_with_its_stderr() {
        let run = exited(
            3,
            b"516\n",
            b"thread 'main' panicked at src/main.rs:1:1\nboom\n",
        );
        assert_eq!(
            verdict(&run).to_string(),
            "exit status 3\nstderr (tail):\n  thread 'main' panicked at src/main.rs:1:1\n  boom\n"
        );
        assert_eq!(
            verdict(&exited(1, b"", b"")).to_string(),
            "exit status 1\n(stderr was empty)\n"
        );
        let overflow = ended(
            Some(ExitStatus::from_raw(libc::SIGABRT)),
            b"",
            b"\nthread 'main' has overflowed its stack\nfatal runtime error: stack overflow\n",
        );
        assert_eq!(
            verdict(&overflow),
            Verdict::RuntimeError {
                status: "stack overflow (signal 6 (SIGABRT))".to_string(),
                stderr_tail:
                    "\nthread 'main' has overflowed its stack\nfatal runtime error: stack overflow"
                        .to_string()
            }
        );
        let mut dropped = exited(2, b"", b"last words\n");
        dropped.stderr_dropped = 70000;
        assert_eq!(
            verdict(&dropped).to_string(),
            "exit status 2\nstderr (tail):\n  ... (70000 earlier bytes not kept)\n  last words\n"
        );
    }

    #[test]
    fn megabytes_have_one_decimal() {
        assert_eq!(megabytes(1536), "1.5 MB");
        assert_eq!(megabytes(0), "0.0 MB");
    }

    #[test]
    fn other_verdicts_show_their_reason() {
        let rejected = |presentation| Verdict::Rejected {
            message: "token 2: expected `1`, got `2`".to_string(),
            details: "-     1 | 0 1\n".to_string(),
            presentation,
        };
        assert_eq!(
            rejected(false).to_string(),
            "token 2: expected `1`, got `2`\n-     1 | 0 1\n"
        );
        assert_eq!(
            rejected(true).to_string(),
            "presentation error: token 2: expected `1`, got `2`\n-     1 | 0 1\n"
        );
        let failed = Verdict::CheckerFailed {
            reason: "exit status 3\nbad answer file".to_string(),
        };
        assert_eq!(
            failed.to_string(),
            "the checker failed: no verdict on the program\n  exit status 3\n  bad answer file\n"
        );
        assert_eq!(Verdict::Accepted.to_string(), "");
    }

    /// A program that printed `516` (ending first or not), against an
    /// interactor that exited with `code` and wrote `stderr`.
    fn interaction(program: Execution, code: i32, stderr: &[u8], first: bool) -> Interaction {
        Interaction {
            program,
            interactor: exited(code, b"", stderr),
            program_ended_first: first,
        }
    }

    #[test]
    fn the_interactor_decides_unless_the_program_failed_first() {
        let judged = |run, code, first| {
            Verdict::of_interaction(
                &interaction(run, code, b"wrong guess\n2 queries\n", first),
                LIMIT,
            )
        };
        let clean = || exited(0, b"516\n", b"");
        assert_eq!(judged(clean(), 0, false), Ok(Verdict::Accepted));
        let wrong = judged(clean(), 1, true).unwrap();
        assert_eq!(
            wrong,
            Verdict::Rejected {
                message: "the interactor says: wrong guess".to_string(),
                details: "  2 queries\n".to_string(),
                presentation: false
            }
        );
        assert_eq!(wrong.code(), "WA");
        let presentation = judged(clean(), 2, false).unwrap();
        assert_eq!(
            presentation.to_string(),
            "presentation error: the interactor says: wrong guess\n  2 queries\n"
        );
        // The program's crash decides when it came first, or when the
        // interactor accepted; else the interactor's word does.
        let crash = || exited(3, b"", b"");
        assert_eq!(judged(crash(), 1, true).unwrap().code(), "RE");
        assert_eq!(judged(crash(), 0, false).unwrap().code(), "RE");
        assert_eq!(judged(crash(), 1, false).unwrap().code(), "WA");
        let silent = Verdict::of_interaction(&interaction(clean(), 1, b"", false), LIMIT);
        assert_eq!(
            silent.unwrap().to_string(),
            "the interactor says: (nothing)\n"
        );
    }

    #[test]
    fn a_failed_interactor_is_an_error_never_a_verdict() {
        let failed = Verdict::of_interaction(
            &interaction(
                exited(0, b"516\n", b""),
                3,
                b"cannot read the input\n",
                true,
            ),
            LIMIT,
        );
        assert_eq!(
            failed,
            Err("the interactor failed: exit status 3\ncannot read the input".to_string())
        );
        let mut late = interaction(exited(0, b"516\n", b""), 0, b"", true);
        late.interactor.elapsed = LIMIT + Duration::from_millis(1);
        assert_eq!(
            Verdict::of_interaction(&late, LIMIT),
            Err("the interactor failed: still running after 2000 ms\n".to_string())
        );
    }

    #[test]
    fn a_kattis_validator_rejecting_before_the_end_decides_else_the_program_failing_does() {
        let message = || (Some("wrong guess".to_string()), "  2 queries\n".to_string());
        let judged = |run, code, first| {
            Verdict::of_kattis_interaction(&interaction(run, code, b"", first), LIMIT, message())
        };
        let clean = || exited(0, b"", b"");
        let crash = || exited(3, b"", b"");
        assert_eq!(judged(clean(), 42, true), Ok(Verdict::Accepted));
        assert_eq!(judged(clean(), 42, false), Ok(Verdict::Accepted));
        let rejected = Verdict::Rejected {
            message: "the output validator says: wrong guess".to_string(),
            details: "  2 queries\n".to_string(),
            presentation: false,
        };
        assert_eq!(judged(clean(), 43, true), Ok(rejected.clone()));
        // Rejected while the program still ran: the validator's word, though
        // the program then crashed (its input ended under it).
        assert_eq!(judged(crash(), 43, false), Ok(rejected));
        // The program ended first: its failure comes first, accepted or not.
        assert_eq!(judged(crash(), 43, true).unwrap().code(), "RE");
        assert_eq!(judged(crash(), 42, true).unwrap().code(), "RE");
        assert_eq!(judged(crash(), 42, false).unwrap().code(), "RE");
        let silent = Verdict::of_kattis_interaction(
            &interaction(clean(), 43, b"", true),
            LIMIT,
            (None, String::new()),
        );
        assert_eq!(
            silent.unwrap().to_string(),
            "the output validator says: (nothing)\n"
        );
    }

    #[test]
    fn a_kattis_validator_that_exits_otherwise_or_runs_too_long_failed() {
        let judged = |interaction: &Interaction| {
            Verdict::of_kattis_interaction(interaction, LIMIT, (None, String::new()))
        };
        for code in [0, 1, 2, 3] {
            let failed = judged(&interaction(exited(0, b"", b""), code, b"no input\n", true));
            assert_eq!(
                failed,
                Err(format!(
                    "the output validator failed: exit status {code} (an output validator exits 42 or 43)\nno input"
                ))
            );
        }
        // An accepting exit after its limit is no verdict either.
        let mut late = interaction(exited(0, b"", b""), 42, b"", true);
        late.interactor.elapsed = LIMIT + Duration::from_millis(1);
        assert_eq!(
            judged(&late),
            Err("the output validator failed: still running after 2000 ms (an output validator exits 42 or 43)\n".to_string())
        );
    }

    // Its validator and programs are shell scripts.
    #[cfg(unix)]
    #[test]
    fn a_kattis_validator_gets_input_answer_and_feedback_folder_and_its_own_time_more() {
        let dir = crate::scratch::tempdir().unwrap();
        let script = |name, body| crate::scratch::script(dir.path(), name, body);
        let validator = script(
            "validator",
            "read secret < \"$1\"\n\
             echo \"$secret\"\n\
             read guess\n\
             [ \"$4\" = --strict ] || exit 3\n\
             [ \"$guess\" = \"$(cat \"$2\")\" ] && exit 42\n\
             echo \"wrong guess $guess\" > \"$3/judgemessage.txt\"; exit 43",
        );
        let (input, answer) = (dir.path().join("input"), dir.path().join("answer"));
        std::fs::write(&input, "7\n").unwrap();
        std::fs::write(&answer, "7\n").unwrap();
        let limits = Limits::time(Duration::from_millis(900));
        let judged = |program: &Path| {
            let flags = ["--strict".to_string()];
            let validator = KattisValidator {
                program: &validator,
                args: &[],
                flags: &flags,
                time_limit: Duration::from_secs(1),
                stack_mb: None,
            };
            judge_kattis_interactive(program, &limits, &validator, &input, &answer, None).unwrap()
        };
        let accepted = judged(&script("echoes", "read x; echo \"$x\""));
        assert_eq!(accepted.verdict, Ok(Verdict::Accepted));
        // Under a second: the validator's limit is the program's plus its own.
        assert_eq!(
            accepted.interaction.interactor.limits.time,
            Duration::from_millis(1900)
        );
        let wrong = judged(&script("wrong", "read x; echo 8"));
        assert_eq!(
            wrong.verdict.unwrap().to_string(),
            "the output validator says: wrong guess 8\n"
        );
    }

    /// DOMjudge's boolfind, as issue 67 found it: a program that writes
    /// queries and never reads is killed at its limit while the validator,
    /// which takes its time over each query, still has seconds of them to
    /// read; it then rejects, and the verdict is the program's TLE, never
    /// the validator's failure.
    #[cfg(unix)]
    #[test]
    fn a_validator_still_reading_after_the_program_was_killed_leaves_it_tle() {
        let dir = crate::scratch::tempdir().unwrap();
        let script = |name, body| crate::scratch::script(dir.path(), name, body);
        let validator = script(
            "validator",
            "sleep 2; while read -r query; do :; done; echo 'no answer' > \"$3/judgemessage.txt\"; exit 43",
        );
        let spins = script("spins", "echo 'READ 0'; exec sleep 30");
        let (input, answer) = (dir.path().join("input"), dir.path().join("answer"));
        std::fs::write(&input, "").unwrap();
        std::fs::write(&answer, "").unwrap();
        let limits = Limits::time(Duration::from_millis(500));
        let validator = KattisValidator {
            program: &validator,
            args: &[],
            flags: &[],
            time_limit: Duration::from_secs(10),
            stack_mb: None,
        };
        let judged =
            judge_kattis_interactive(&spins, &limits, &validator, &input, &answer, None).unwrap();
        assert_eq!(
            judged.verdict.map(|verdict| verdict.code()),
            Ok("TLE"),
            "{:?}",
            judged.interaction.interactor
        );
        assert!(judged.interaction.interactor.elapsed >= Duration::from_secs(2));
    }

    /// Issue 67, point 3, for testlib's interface: an interactor still
    /// working when its program is killed at the limit runs on (within
    /// [`INTERACTOR_AFTER`]), and the verdict is the program's TLE, not the
    /// interactor's WA that a closed pipe brings it to.
    #[cfg(unix)]
    #[test]
    fn an_interactor_still_reading_after_the_program_was_killed_leaves_it_tle() {
        let dir = crate::scratch::tempdir().unwrap();
        let script = |name, body| crate::scratch::script(dir.path(), name, body);
        let interactor = script(
            "interactor",
            "sleep 2; while read -r query; do :; done; echo 'no answer' >&2; exit 1",
        );
        let spins = script("spins", "echo 'READ 0'; exec sleep 30");
        let input = dir.path().join("input");
        std::fs::write(&input, "").unwrap();
        let limits = Limits::time(Duration::from_millis(500));
        let judged = judge_interactive(&spins, &limits, &interactor, &input, None).unwrap();
        assert_eq!(
            judged.verdict.map(|verdict| verdict.code()),
            Ok("TLE"),
            "{:?}",
            judged.interaction.interactor
        );
        assert!(judged.interaction.interactor.elapsed >= Duration::from_secs(2));
    }

    // Its interactor and programs are shell scripts.
    #[cfg(unix)]
    #[test]
    fn an_interactor_gets_input_output_and_answer_and_its_own_time_more() {
        let dir = crate::scratch::tempdir().unwrap();
        let script = |name, body| crate::scratch::script(dir.path(), name, body);
        let interactor = script(
            "interactor",
            "read secret < \"$1\"\n\
             echo \"$secret\"\n\
             read guess\n\
             echo \"guessed $guess\" > \"$2\"\n\
             [ \"$guess\" = \"$secret\" ] || { echo \"wrong guess $guess\" >&2; exit 1; }\n\
             [ -f \"$3\" ] || { echo 'no answer file' >&2; exit 3; }",
        );
        let input = dir.path().join("input");
        std::fs::write(&input, "7\n").unwrap();
        let echoes = script("echoes", "read x; echo \"$x\"");
        // Under a second: the interactor's limit is the program's plus its own.
        let limits = Limits {
            stack_mb: Some(64),
            ..Limits::time(Duration::from_millis(900))
        };
        let judged = |program: &Path, answer: Option<&Path>| {
            judge_interactive(program, &limits, &interactor, &input, answer).unwrap()
        };
        let accepted = judged(&echoes, Some(&input));
        assert_eq!(accepted.verdict, Ok(Verdict::Accepted));
        assert_eq!(accepted.output, b"guessed 7\n");
        // Its own time past the program's, and the program's stack.
        assert_eq!(
            accepted.interaction.interactor.limits,
            Limits {
                stack_mb: Some(64),
                ..Limits::time(Duration::from_millis(900) + INTERACTOR_AFTER)
            }
        );
        assert_eq!(
            judged(&echoes, None).verdict,
            Err("the interactor failed: exit status 3\nno answer file".to_string())
        );
        let wrong = judged(&script("wrong", "read x; echo 8"), Some(&input));
        assert_eq!(
            wrong.verdict.unwrap().to_string(),
            "the interactor says: wrong guess 8\n"
        );
    }
}
