//! How a program's output is judged: by a comparison [`Mode`], or by a checker
//! program with testlib's interface, so that a checker written for Polygon or
//! library-checker works unchanged.
//!
//! A checker runs as `CHECKER INPUT OUTPUT ANSWER`: the paths of the case's input,
//! the program's output and the expected (jury's) answer. Its exit status is the
//! verdict: 0 accepted, 1 wrong answer, 2 presentation error (a WA marked so),
//! 7 points (testlib's `quitp`: `points N` first on stderr; full, and so
//! accepted, when N is what the checker gives the jury's answer itself), and
//! testlib's partially correct `_pc(n)` (exit n, its stderr saying so);
//! anything else (3, a signal, running past [`CHECKER_LIMIT`], a checker that
//! cannot be started) is a failure of the checker: [`Verdict::CheckerFailed`],
//! never a pass and never the program's fault. The first line of its stderr is
//! the case's message. [`crate::checker`] writes checkers in Rust.
//!
//! An output validator of the Kattis problem format runs as `VALIDATOR INPUT
//! ANSWER FEEDBACK_DIR/ [FLAGS] < OUTPUT` ([`run_kattis_validator`]): exit 42
//! accepts, 43 rejects with the message it wrote to `judgemessage.txt` in
//! FEEDBACK_DIR, anything else is its own failure, as with a checker.

use std::ffi::OsString;
use std::fs;
use std::io;
use std::path::{Path, PathBuf};
use std::time::Duration;

use crate::case_io::CaseRun;
use crate::compare::Mode;
use crate::runner::{execute_with, Execution, Limits};
use crate::scratch;
use crate::show;
use crate::show::show_path;
use crate::verdict::{run_stderr_tail, Verdict};

/// Time limit of a checker on one output: its own, not the program's.
pub const CHECKER_LIMIT: Duration = Duration::from_secs(10);
/// Time limit of a contest package's output validator: the Kattis format's
/// `limits.validation_time`, which "applies to running output validators",
/// at problemtools' default of 60 s. An interactive problem's validator has
/// it past the program's own limit, so that a program killed at its limit
/// with queries left in the pipe is TLE, as DOMjudge and problemtools give
/// it, and only a validator still running after that has failed.
pub const VALIDATION_TIME: Duration = Duration::from_secs(60);
/// Lines of a checker's stderr shown under its first one.
const CHECKER_DETAIL_LINES: usize = 5;

/// What decides whether an output is right.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Checking {
    /// Compared with the expected output in a mode.
    Compare(Mode),
    /// Judged by the checker `program`, killed after `time_limit` (a
    /// failure), with a stack of `stack_mb` (`None`: the caller's).
    Checker {
        program: PathBuf,
        time_limit: Duration,
        stack_mb: Option<u64>,
    },
    /// Judged by an output validator with Kattis's interface: `program`
    /// started with `args` (a Python validator's main file), then the case's
    /// files and `flags`.
    Kattis {
        program: PathBuf,
        args: Vec<OsString>,
        flags: Vec<String>,
        time_limit: Duration,
        stack_mb: Option<u64>,
    },
}

impl Default for Checking {
    fn default() -> Checking {
        Checking::Compare(Mode::Lines)
    }
}

impl Checking {
    /// The checker `program` under [`CHECKER_LIMIT`].
    pub fn checker_program(program: PathBuf) -> Checking {
        Checking::Checker {
            program,
            time_limit: CHECKER_LIMIT,
            stack_mb: None,
        }
    }

    /// The same, its checker or validator run with a stack of `stack_mb`:
    /// every program a problem runs gets a stack as large as its memory
    /// limit, as the judges give one to a submission.
    pub fn with_stack(self, stack_mb: Option<u64>) -> Checking {
        match self {
            Checking::Checker {
                program,
                time_limit,
                ..
            } => Checking::Checker {
                program,
                time_limit,
                stack_mb,
            },
            Checking::Kattis {
                program,
                args,
                flags,
                time_limit,
                ..
            } => Checking::Kattis {
                program,
                args,
                flags,
                time_limit,
                stack_mb,
            },
            compare => compare,
        }
    }

    /// The checker program, if a checker decides.
    pub fn checker(&self) -> Option<&Path> {
        match self {
            Checking::Compare(_) => None,
            Checking::Checker { program, .. } | Checking::Kattis { program, .. } => Some(program),
        }
    }

    /// `, compared by float (error 1e-6)` for a report's heading; nothing for
    /// the default, lines.
    pub fn heading_note(&self) -> String {
        match self {
            Checking::Compare(Mode::Lines) => String::new(),
            other => format!(", compared by {other}"),
        }
    }

    /// Judges `got`, a program's output on `input`, against `expected`.
    pub fn judge_output(&self, input: &[u8], expected: &[u8], got: &[u8]) -> Verdict {
        match self {
            Checking::Compare(Mode::Lines) => match crate::compare::compare(expected, got) {
                None => Verdict::Accepted,
                Some(mismatch) => Verdict::WrongAnswer(mismatch),
            },
            Checking::Compare(mode) => match mode.compare(expected, got) {
                None => Verdict::Accepted,
                Some((message, details)) => Verdict::Rejected {
                    message,
                    details,
                    presentation: false,
                },
            },
            Checking::Checker {
                program,
                time_limit,
                stack_mb,
            } => run_checker_with(
                program,
                input,
                got,
                expected,
                &Limits {
                    stack_mb: *stack_mb,
                    ..Limits::time(*time_limit)
                },
            ),
            Checking::Kattis {
                program,
                args,
                flags,
                time_limit,
                stack_mb,
            } => {
                let validator = KattisValidator {
                    program,
                    args,
                    flags,
                    time_limit: *time_limit,
                    stack_mb: *stack_mb,
                };
                validator.judge_bytes(input, got, expected)
            }
        }
    }

    /// Judges a finished run of a program on `input` (see [`Verdict::of_run`]).
    pub fn verdict(
        &self,
        run: &Execution,
        input: &[u8],
        expected: &[u8],
        time_limit: Duration,
    ) -> Verdict {
        Verdict::of_run(run, time_limit, |got| {
            self.judge_output(input, expected, got)
        })
    }

    /// Judges a program's run on a case ([`CaseRun`]): as [`Checking::verdict`],
    /// and a run that ended within its limits without writing its output
    /// file is a wrong answer saying so.
    pub fn case_verdict(
        &self,
        run: &CaseRun,
        input: &[u8],
        expected: &[u8],
        time_limit: Duration,
    ) -> Verdict {
        Verdict::of_run(&run.execution, time_limit, |got| {
            match &run.answer_missing {
                Some(why) => Verdict::Rejected {
                    message: why.clone(),
                    details: String::new(),
                    presentation: false,
                },
                None => self.judge_output(input, expected, got),
            }
        })
    }
}

impl std::fmt::Display for Checking {
    /// `lines`, `float (error 1e-6)`, `checker target/release/demo-check`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Checking::Compare(mode) => write!(f, "{mode}"),
            Checking::Checker { program, .. } => write!(f, "checker {}", show_path(program)),
            Checking::Kattis { program, args, .. } => {
                let shown = args.last().map_or(program.as_path(), Path::new);
                write!(f, "output validator {}", show_path(shown))
            }
        }
    }
}

/// Runs `checker` on the three texts (written to a scratch folder) under
/// `time_limit` and reads its verdict from its exit status.
pub fn run_checker(
    checker: &Path,
    input: &[u8],
    output: &[u8],
    answer: &[u8],
    time_limit: Duration,
) -> Verdict {
    run_checker_with(checker, input, output, answer, &Limits::time(time_limit))
}

/// [`run_checker`] under `limits` (its time and stack).
pub fn run_checker_with(
    checker: &Path,
    input: &[u8],
    output: &[u8],
    answer: &[u8],
    limits: &Limits,
) -> Verdict {
    match try_run_checker(checker, input, output, answer, limits) {
        Ok(verdict) => verdict,
        Err(error) => Verdict::CheckerFailed {
            reason: format!("cannot run the checker: {error}"),
        },
    }
}

fn try_run_checker(
    checker: &Path,
    input: &[u8],
    output: &[u8],
    answer: &[u8],
    limits: &Limits,
) -> io::Result<Verdict> {
    let time_limit = limits.time;
    let dir = scratch::tempdir()?;
    let mut paths = Vec::new();
    for (name, contents) in [("input", input), ("output", output), ("answer", answer)] {
        let path = dir.path().join(name);
        fs::write(&path, contents)?;
        paths.push(path);
    }
    let args: Vec<&str> = paths
        .iter()
        .map(|path| {
            path.to_str()
                .ok_or_else(|| io::Error::other("a scratch path is not UTF-8"))
        })
        .collect::<io::Result<_>>()?;
    let run = execute_with(checker, &args, b"", limits)?;
    let failed = |what: String| Verdict::CheckerFailed {
        reason: format!("{}: {what}", show_path(checker)),
    };
    if run.timed_out(time_limit) {
        return Ok(failed(format!(
            "still running after {} ms",
            time_limit.as_millis()
        )));
    }
    let code = run.status.and_then(|status| status.code());
    let (message, details) = first_line_and_rest(&run.stderr);
    // testlib's partially correct result, `_pc(n)`: its exit code is n (or
    // 50 + n, built for a TESTSYS), so its label, which testlib prints
    // first, tells it.
    if let Some(pctype) = message.as_deref().and_then(partially_correct) {
        if code == Some(pctype) || code == Some(pctype + 50) {
            let message = message.as_deref().unwrap_or_default();
            let message = message.split_once(") ").map_or("", |(_, rest)| rest);
            return Ok(Verdict::PartiallyCorrect {
                pctype,
                message: message.to_string(),
            });
        }
    }
    Ok(match code {
        _ if run.stdout_truncated => failed(run.describe_end()),
        Some(0) => Verdict::Accepted,
        Some(POINTS_EXIT_CODE) => {
            let Some((points, message)) = message.as_deref().and_then(testlib_points) else {
                return Ok(failed(format!(
                    "exit status 7 (testlib's points) without `points N` first on stderr\n{}",
                    run_stderr_tail(&run)
                )));
            };
            // The case's full points: what the checker gives the jury's own
            // answer.
            let full = if output == answer {
                Some(points.clone())
            } else {
                let run = execute_with(checker, &[args[0], args[2], args[2]], b"", limits)?;
                let said = first_line_and_rest(&run.stderr).0;
                match run.status.and_then(|status| status.code()) {
                    Some(POINTS_EXIT_CODE) => said
                        .as_deref()
                        .and_then(testlib_points)
                        .map(|(full, _)| full),
                    _ => None,
                }
            };
            Verdict::Points {
                points,
                full,
                message,
            }
        }
        Some(code @ (1 | 2)) => Verdict::Rejected {
            message: message.unwrap_or_else(|| "(the checker gave no message)".to_string()),
            details,
            presentation: code == 2,
        },
        _ => failed(format!("{}\n{}", run.describe_end(), run_stderr_tail(&run))),
    })
}

/// testlib's exit code for points (`quitp`).
pub const POINTS_EXIT_CODE: i32 = 7;

/// The points of a testlib checker's first line of stderr, `points 7.5 msg`
/// (`quitp`: the word, then the points, then the message), and the message.
fn testlib_points(first_line: &str) -> Option<(String, String)> {
    let rest = first_line.strip_prefix("points ")?;
    let (points, message) = rest.split_once(' ').unwrap_or((rest, ""));
    points.parse::<f64>().ok()?;
    Some((points.to_string(), message.to_string()))
}

/// The `n` of a testlib checker's first line of stderr that says `partially
/// correct (n) msg` (`_pc(n)`).
fn partially_correct(first_line: &str) -> Option<i32> {
    let rest = first_line.strip_prefix("partially correct (")?;
    rest.split_once(')')?.0.parse().ok()
}

/// Runs the output validator `program` (with `args` first) on a program's
/// `output` (its stdin), as Kattis and DOMjudge run one: `INPUT ANSWER
/// FEEDBACK_DIR/ FLAGS...`, the first two files and the folder in a scratch
/// folder, under `time_limit`. Exit 42: accepted; 43: a wrong answer whose
/// message is the first line of `judgemessage.txt` (else of its stderr);
/// anything else, running past the limit or not starting: its failure.
pub fn run_kattis_validator(
    program: &Path,
    args: &[OsString],
    flags: &[String],
    input: &[u8],
    output: &[u8],
    answer: &[u8],
    time_limit: Duration,
) -> Verdict {
    let validator = KattisValidator {
        program,
        args,
        flags,
        time_limit,
        stack_mb: None,
    };
    validator.judge_bytes(input, output, answer)
}

/// An output validator of the Kattis format, ready to judge outputs.
#[derive(Clone, Copy, Debug)]
pub struct KattisValidator<'a> {
    pub program: &'a Path,
    /// Before the case's files (a Python validator's main file).
    pub args: &'a [OsString],
    /// After them.
    pub flags: &'a [String],
    pub time_limit: Duration,
    /// Its stack (`None`: the caller's).
    pub stack_mb: Option<u64>,
}

impl KattisValidator<'_> {
    /// Judges `output` on the case `input` and `answer`, given as bytes
    /// (written to a scratch folder with a fresh feedback folder), as
    /// [`run_kattis_validator`].
    pub fn judge_bytes(&self, input: &[u8], output: &[u8], answer: &[u8]) -> Verdict {
        let run = || -> io::Result<Verdict> {
            let dir = scratch::tempdir()?;
            let (input_path, answer_path) = (dir.path().join("input"), dir.path().join("answer"));
            fs::write(&input_path, input)?;
            fs::write(&answer_path, answer)?;
            let feedback = dir.path().join("feedback");
            fs::create_dir(&feedback)?;
            Ok(self.judge(&input_path, &answer_path, &feedback, output))
        };
        run().unwrap_or_else(|error| Verdict::CheckerFailed {
            reason: format!(
                "output validator {}: cannot run it: {error}",
                show_path(self.args.last().map_or(self.program, Path::new))
            ),
        })
    }

    /// Judges `output` (the validator's stdin) on the case `input` and
    /// `answer`, the validator writing into `feedback` (a folder that may
    /// hold an earlier pass's files): as [`run_kattis_validator`].
    pub fn judge(&self, input: &Path, answer: &Path, feedback: &Path, output: &[u8]) -> Verdict {
        let shown = show_path(self.args.last().map_or(self.program, Path::new));
        let failed = |what: String| Verdict::CheckerFailed {
            reason: format!("output validator {shown}: {what}"),
        };
        let run = || -> io::Result<Verdict> {
            let mut all: Vec<OsString> = self.args.to_vec();
            all.extend([input.into(), answer.into()]);
            // The folder's path ends with a separator, as judges give it.
            let mut folder = feedback.as_os_str().to_owned();
            folder.push(std::path::MAIN_SEPARATOR_STR);
            all.push(folder);
            all.extend(self.flags.iter().map(OsString::from));
            let all: Vec<&str> = all
                .iter()
                .map(|arg| {
                    arg.to_str()
                        .ok_or_else(|| io::Error::other("a path that is not UTF-8"))
                })
                .collect::<io::Result<_>>()?;
            let limits = Limits {
                stack_mb: self.stack_mb,
                ..Limits::time(self.time_limit)
            };
            let run = execute_with(self.program, &all, output, &limits)?;
            if run.timed_out(self.time_limit) {
                return Ok(failed(format!(
                    "still running after {} ms",
                    self.time_limit.as_millis()
                )));
            }
            let message = fs::read(feedback.join("judgemessage.txt")).unwrap_or_default();
            let (message, details) = match first_line_and_rest(&message) {
                (Some(first), rest) => (Some(first), rest),
                (None, _) => first_line_and_rest(&run.stderr),
            };
            let score = fs::read_to_string(feedback.join("score.txt")).ok();
            let score = score.as_deref().map(str::trim);
            Ok(match run.status.and_then(|status| status.code()) {
                // A scoring problem's case: its score shown.
                Some(42) if score.is_some_and(|score| score.parse::<f64>().is_ok()) => {
                    Verdict::Scored {
                        score: score.unwrap_or_default().to_string(),
                    }
                }
                Some(42 | 43) if score.is_some() && score.and_then(|score| score.parse::<f64>().ok()).is_none() => failed(format!(
                    "its score.txt holds {:?}, not a number",
                    show::line(score.unwrap_or_default().as_bytes())
                )),
                Some(43) if score.is_some() => failed(
                    "it rejected the output and wrote a score.txt: a judge error, as the format has it".to_string(),
                ),
                Some(42) => Verdict::Accepted,
                Some(43) => Verdict::Rejected {
                    message: message
                        .unwrap_or_else(|| "(the validator gave no message)".to_string()),
                    details,
                    presentation: false,
                },
                _ => failed(format!(
                    "{} (an output validator exits 42 or 43)\n{}",
                    run.describe_end(),
                    run_stderr_tail(&run)
                )),
            })
        };
        run().unwrap_or_else(|error| failed(format!("cannot run it: {error}")))
    }
}

/// The first line of a checker's stderr (escaped and cut), and a few of the
/// next ones, indented, for a report.
pub(crate) fn first_line_and_rest(stderr: &[u8]) -> (Option<String>, String) {
    let text = stderr.strip_suffix(b"\n").unwrap_or(stderr);
    if text.is_empty() {
        return (None, String::new());
    }
    let (first, rest) = match text.iter().position(|&byte| byte == b'\n') {
        Some(end) => (&text[..end], &text[end + 1..]),
        None => (text, &b""[..]),
    };
    let first = first.strip_suffix(b"\r").unwrap_or(first);
    (
        Some(show::line(first)),
        show::lines(rest, CHECKER_DETAIL_LINES, false),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A checker: a shell script with `body`, in `dir`.
    #[cfg(unix)]
    fn checker(dir: &Path, body: &str) -> PathBuf {
        scratch::script(dir, "checker", body)
    }

    /// `checker`'s verdict on the output `2` of the input `1` with answer `3`.
    #[cfg(unix)]
    fn checked(checker: &Path, time_limit: Duration) -> Verdict {
        run_checker(checker, b"1\n", b"2\n", b"3\n", time_limit)
    }

    /// A validator with Kattis's interface: accepts an output equal to the
    /// answer's first line, else rejects saying why in judgemessage.txt;
    /// `flags` must be what it was given after the folder.
    #[cfg(unix)]
    fn kattis_validated(body: &str, output: &[u8], flags: &[&str]) -> Verdict {
        let dir = scratch::tempdir().unwrap();
        let validator = scratch::script(dir.path(), "validate", body);
        let flags: Vec<String> = flags.iter().map(|flag| flag.to_string()).collect();
        run_kattis_validator(
            &validator,
            &[],
            &flags,
            b"1\n",
            output,
            b"2\n",
            Duration::from_secs(10),
        )
    }

    #[cfg(unix)]
    const KATTIS: &str = r#"
        read expected < "$2"; read got
        case "$3" in */) ;; *) exit 1 ;; esac
        [ "$*" = "$1 $2 $3 case_sensitive" ] || exit 2
        [ "$got" = "$expected" ] && exit 42
        printf 'expected %s, got %s\nsecond line\n' "$expected" "$got" > "$3/judgemessage.txt"
        exit 43"#;

    #[cfg(unix)]
    #[test]
    fn a_kattis_validator_accepts_with_42_and_rejects_with_43_and_its_message() {
        assert_eq!(
            kattis_validated(KATTIS, b"2\n", &["case_sensitive"]),
            Verdict::Accepted
        );
        assert_eq!(
            kattis_validated(KATTIS, b"3\n", &["case_sensitive"]),
            Verdict::Rejected {
                message: "expected 2, got 3".to_string(),
                details: "second line\n".to_string(),
                presentation: false,
            }
        );
        // Without judgemessage.txt, the first line of its stderr.
        let stderr_only = kattis_validated("echo 'no way' >&2; exit 43", b"2\n", &[]);
        assert!(
            matches!(stderr_only, Verdict::Rejected { ref message, .. } if message == "no way"),
            "{stderr_only:?}"
        );
    }

    /// A scoring problem's validator writes the case's score to score.txt
    /// when it accepts; with a rejection, or not a number, it has failed.
    #[cfg(unix)]
    #[test]
    fn a_kattis_validators_score_is_shown() {
        let scored = kattis_validated("echo 37.5 > \"$3/score.txt\"; exit 42", b"2\n", &[]);
        assert_eq!(
            (scored.code(), scored.to_string()),
            ("AC", "score 37.5 (its score.txt)\n".to_string())
        );
        for (body, reason) in [
            (
                "echo 5 > \"$3/score.txt\"; exit 43",
                "rejected the output and wrote a score.txt",
            ),
            (
                "echo many > \"$3/score.txt\"; exit 42",
                "its score.txt holds \"many\", not a number",
            ),
        ] {
            let failed = kattis_validated(body, b"2\n", &[]);
            assert!(
                matches!(&failed, Verdict::CheckerFailed { reason: why } if why.contains(reason)),
                "{body}: {failed:?}"
            );
        }
    }

    #[cfg(unix)]
    #[test]
    fn a_kattis_validator_that_exits_otherwise_has_failed() {
        for (body, says) in [
            (
                "exit 0",
                "exit status 0 (an output validator exits 42 or 43)",
            ),
            (KATTIS, "exit status 2 (an output validator exits 42 or 43)"),
            ("kill -9 $$", "signal 9 (SIGKILL)"),
        ] {
            let verdict = kattis_validated(body, b"2\n", &[]);
            let Verdict::CheckerFailed { reason } = &verdict else {
                panic!("{body}: {verdict:?}");
            };
            assert!(
                reason.starts_with("output validator ") && reason.contains(says),
                "{body}: {reason}"
            );
        }
        let missing = run_kattis_validator(
            Path::new("/nonexistent/validate"),
            &[],
            &[],
            b"",
            b"",
            b"",
            Duration::from_secs(1),
        );
        assert!(
            matches!(missing, Verdict::CheckerFailed { ref reason } if reason.contains("cannot run it")),
            "{missing:?}"
        );
    }

    #[test]
    fn a_checking_names_itself_and_its_checker() {
        let program = PathBuf::from("bin/demo-check");
        let by_checker = Checking::checker_program(program.clone());
        assert_eq!(
            by_checker,
            Checking::Checker {
                program: program.clone(),
                time_limit: Duration::from_secs(10),
                stack_mb: None,
            }
        );
        assert_eq!(by_checker.checker(), Some(program.as_path()));
        assert_eq!(Checking::default().checker(), None);
        assert_eq!(by_checker.to_string(), "checker bin/demo-check");
        assert_eq!(
            by_checker.heading_note(),
            ", compared by checker bin/demo-check"
        );
        assert_eq!(Checking::default().heading_note(), "");
        assert_eq!(Checking::default().to_string(), "lines");
        assert_eq!(
            Checking::Compare(Mode::Tokens).heading_note(),
            ", compared by tokens"
        );
    }

    // Its programs are /bin/echo and /bin/false.
    #[cfg(unix)]
    #[test]
    fn comparisons_judge_the_output() {
        let lines = Checking::default();
        assert_eq!(
            lines.judge_output(b"", b"1 2\n", b"1 2 \n"),
            Verdict::Accepted
        );
        assert_eq!(
            lines.judge_output(b"", b"1 2\n", b"1  2\n").to_string(),
            "line 1: expected \"1 2\", got \"1  2\"\n-     1 | 1 2\n+     1 | 1  2\n"
        );
        let tokens = Checking::Compare(Mode::Tokens);
        assert_eq!(
            tokens.judge_output(b"", b"1 2\n", b"1  2\n"),
            Verdict::Accepted
        );
        assert_eq!(
            tokens.judge_output(b"", b"1 2\n", b"1 3\n"),
            Verdict::Rejected {
                message: "token 2: expected `2`, got `3`".to_string(),
                details: "-     1 | 1 2\n+     1 | 1 3\n".to_string(),
                presentation: false
            }
        );
        let limit = Duration::from_secs(10);
        let run = crate::runner::execute(Path::new("/bin/echo"), &["1", "2"], b"", limit).unwrap();
        assert_eq!(
            tokens.verdict(&run, b"", b"1\n2\n", limit),
            Verdict::Accepted
        );
        assert_eq!(lines.verdict(&run, b"", b"1\n2\n", limit).code(), "WA");
        let failed = crate::runner::execute(Path::new("/bin/false"), &[], b"", limit).unwrap();
        assert_eq!(lines.verdict(&failed, b"", b"", limit).code(), "RE");
    }

    // Its checkers are shell scripts.
    #[cfg(unix)]
    #[test]
    fn a_checker_gets_input_output_and_answer_and_its_status_decides() {
        let dir = scratch::tempdir().unwrap();
        let limit = Duration::from_secs(10);
        let accepts = checker(
            dir.path(),
            r#"[ "$(cat "$1" "$2" "$3")" = "$(printf '1\n2\n3')" ]"#,
        );
        assert_eq!(checked(&accepts, limit), Verdict::Accepted);
        let checking = Checking::checker_program(accepts);
        assert_eq!(
            checking.judge_output(b"1\n", b"3\n", b"2\n"),
            Verdict::Accepted
        );
        assert_eq!(checking.judge_output(b"1\n", b"2\n", b"3\n").code(), "WA");
        for (code, presentation) in [(1, false), (2, true)] {
            let rejects = checker(
                dir.path(),
                &format!("echo 'wrong answer 2 is odd' >&2; echo 'read 1 token' >&2; exit {code}"),
            );
            assert_eq!(
                checked(&rejects, limit),
                Verdict::Rejected {
                    message: "wrong answer 2 is odd".to_string(),
                    details: "read 1 token\n".to_string(),
                    presentation
                }
            );
        }
        let silent = checker(dir.path(), "exit 1");
        assert_eq!(
            checked(&silent, limit).to_string(),
            "(the checker gave no message)\n"
        );
    }

    // Its checkers are shell scripts.
    /// testlib's points: `quitp` exits 7 with `points N msg` on stderr;
    /// full points are what the checker gives the jury's answer itself.
    /// `_pc(n)` exits n, its stderr saying `partially correct (n)`.
    #[cfg(unix)]
    #[test]
    fn a_checkers_points_are_full_when_the_jurys_answer_gets_as_many() {
        let dir = scratch::tempdir().unwrap();
        let limit = Duration::from_secs(10);
        // 10 points for the answer, 10 * output / answer for another.
        let scores = checker(
            dir.path(),
            "out=$(cat \"$2\"); ans=$(cat \"$3\")\n\
             echo \"points $((10 * out / ans)) $out of $ans\" >&2; exit 7",
        );
        let points = |output: &[u8]| run_checker(&scores, b"1\n", output, b"4\n", limit);
        let full = points(b"4\n");
        assert_eq!((full.code(), full.is_accepted()), ("AC", true));
        assert_eq!(full.to_string(), "10 points of 10: 4 of 4\n");
        let half = points(b"2\n");
        assert_eq!((half.code(), half.is_accepted()), ("PTS", false));
        assert_eq!(half.to_string(), "5 points of 10: 2 of 4\n");
        // Points the jury's answer does not get: not full.
        let only_others = checker(
            dir.path(),
            "cmp -s \"$2\" \"$3\" && exit 0; echo 'points 3' >&2; exit 7",
        );
        let unknown = run_checker(&only_others, b"1\n", b"2\n", b"4\n", limit);
        assert_eq!(unknown.code(), "PTS");
        // Exit 7 without points is the checker's failure.
        let bare = checker(dir.path(), "exit 7");
        assert_eq!(checked(&bare, limit).code(), "FAIL");
        let partially = checker(
            dir.path(),
            "echo 'partially correct (30) half the pairs' >&2; exit 30",
        );
        assert_eq!(
            checked(&partially, limit),
            Verdict::PartiallyCorrect {
                pctype: 30,
                message: "half the pairs".to_string()
            }
        );
        // Built for a TESTSYS, 50 + n.
        let testsys = checker(dir.path(), "echo 'partially correct (2)' >&2; exit 52");
        assert_eq!(checked(&testsys, limit).code(), "PC");
    }

    #[cfg(unix)]
    #[test]
    fn a_checker_that_fails_gives_no_verdict() {
        let dir = scratch::tempdir().unwrap();
        let shown = show_path(dir.path().join("checker"));
        let limit = Duration::from_secs(10);
        let failed = |reason: String| Verdict::CheckerFailed { reason };
        let broken = checker(dir.path(), "echo 'cannot read the answer' >&2; exit 3");
        assert_eq!(
            checked(&broken, limit),
            failed(format!("{shown}: exit status 3\ncannot read the answer"))
        );
        let hangs = checker(dir.path(), "exec sleep 10");
        assert_eq!(
            checked(&hangs, Duration::from_millis(200)),
            failed(format!("{shown}: still running after 200 ms"))
        );
        let floods = checker(dir.path(), "head -c 300000000 /dev/zero; exit 0");
        assert_eq!(
            checked(&floods, limit),
            failed(format!("{shown}: killed after more than 256 MiB of output"))
        );
        let missing = dir.path().join("none");
        let Verdict::CheckerFailed { reason } = checked(&missing, limit) else {
            panic!("a missing checker gave a verdict");
        };
        assert!(reason.starts_with("cannot run the checker: "), "{reason}");
    }

    #[test]
    fn the_first_line_is_the_message() {
        assert_eq!(first_line_and_rest(b""), (None, String::new()));
        assert_eq!(
            first_line_and_rest(b"wrong answer 3rd numbers differ\r\nmore\n"),
            (
                Some("wrong answer 3rd numbers differ".to_string()),
                "more\n".to_string()
            )
        );
        let (first, _) = first_line_and_rest(&[b'x'; 5000]);
        assert!(first.unwrap().ends_with("(4800 more bytes)"));
    }
}
