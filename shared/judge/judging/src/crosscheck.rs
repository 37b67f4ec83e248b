//! Running a submission and a reference (brute force) on the same input and
//! comparing their outputs like a judge.

use std::fmt;
use std::io;
use std::path::Path;
use std::time::Duration;

use crate::answer::Checking;
use crate::case_io::{CaseIo, CaseRun};
use crate::runner::{execute, Execution, Limits};
use crate::verdict::{run_stderr_tail, Verdict};

/// The outcome of running both programs on one input.
#[derive(Debug)]
pub enum CrossCheck {
    /// The submission's output is accepted against the reference's.
    Agree,
    /// The reference ran fine; the submission's verdict against it is not AC.
    Disagree(Box<Disagreement>),
    /// The reference itself crashed or ran out of time: no verdict on the submission.
    ReferenceFailed(String),
}

/// Both runs of an input on which the submission is not accepted.
#[derive(Debug)]
pub struct Disagreement {
    /// The reference's output: the expected answer.
    pub expected: Vec<u8>,
    /// The submission's run.
    pub run: Execution,
    pub verdict: Verdict,
}

impl CrossCheck {
    pub fn agrees(&self) -> bool {
        matches!(self, CrossCheck::Agree)
    }
}

impl fmt::Display for CrossCheck {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CrossCheck::Agree => write!(f, "outputs agree"),
            CrossCheck::Disagree(disagreement) => {
                let verdict = &disagreement.verdict;
                write!(f, "{}: {verdict}", verdict.code())
            }
            CrossCheck::ReferenceFailed(reason) => write!(f, "the reference failed: {reason}"),
        }
    }
}

/// Runs `reference` then `submission` on `input`: the submission under its
/// limits, the reference under a time limit of its own.
///
/// # Errors
/// When either program cannot be started.
///
/// # Example
/// ```
/// use judge_judging::crosscheck::cross_check;
/// use std::time::Duration;
/// use judge_runner::Limits;
/// let limit = Duration::from_secs(2);
/// let limits = Limits { memory_mb: Some(64), ..Limits::time(limit) };
/// let outcome = cross_check("/bin/cat".as_ref(), "/bin/cat".as_ref(), b"42\n", &limits, limit);
/// assert!(outcome.unwrap().agrees());
/// let outcome = cross_check("/bin/true".as_ref(), "/bin/cat".as_ref(), b"42\n", &limits, limit);
/// assert!(!outcome.unwrap().agrees(), "no output is a wrong answer");
/// ```
pub fn cross_check(
    submission: &Path,
    reference: &Path,
    input: &[u8],
    submission_limits: &Limits,
    reference_limit: Duration,
) -> io::Result<CrossCheck> {
    cross_check_judged(
        submission,
        reference,
        input,
        submission_limits,
        reference_limit,
        &Checking::default(),
        &CaseIo::default(),
    )
}

/// [`cross_check`], the submission's output judged by `checking`: the
/// reference's output is the expected answer (a checker's ANSWER). Both
/// programs read and write as `case_io` says (see [`CaseIo::run`]).
///
/// # Errors
/// When either program cannot be started.
pub fn cross_check_judged(
    submission: &Path,
    reference: &Path,
    input: &[u8],
    submission_limits: &Limits,
    reference_limit: Duration,
    checking: &Checking,
    case_io: &CaseIo,
) -> io::Result<CrossCheck> {
    let reference_run = case_io.run(reference, input, &Limits::time(reference_limit))?;
    let reference_answer = match reference_failure(&reference_run, reference_limit) {
        Some(reason) => return Ok(CrossCheck::ReferenceFailed(reason)),
        None => reference_run.execution.stdout,
    };
    let run = case_io.run(submission, input, submission_limits)?;
    Ok(
        match checking.case_verdict(&run, input, &reference_answer, submission_limits.time) {
            Verdict::Accepted => CrossCheck::Agree,
            verdict => CrossCheck::Disagree(Box::new(Disagreement {
                expected: reference_answer,
                run: run.execution,
                verdict,
            })),
        },
    )
}

/// Why a reference's run (a naive's) gave no answer to judge by, if it did
/// not: past its time limit, failed, output cut, or no output file.
fn reference_failure(run: &CaseRun, time_limit: Duration) -> Option<String> {
    let execution = &run.execution;
    if execution.timed_out(time_limit) {
        return Some(format!("still running after {} ms", time_limit.as_millis()));
    }
    if !execution.completed() {
        return Some(format!(
            "{}\n{}",
            execution.describe_end(),
            run_stderr_tail(execution)
        ));
    }
    run.answer_missing.clone()
}

/// Time limit for both programs in tests: speed is measured by benchmarks.
const TEST_LIMIT: Duration = Duration::from_secs(60);

fn cross_check_for_test(submission: &str, reference: &str, input: &[u8]) -> CrossCheck {
    cross_check(
        Path::new(submission),
        Path::new(reference),
        input,
        &Limits::time(TEST_LIMIT),
        TEST_LIMIT,
    )
    .unwrap_or_else(|error| panic!("cannot run: {error}"))
}

/// For tests: panics unless `submission` agrees with `reference` on `input`.
/// Both get a generous time limit of a minute.
///
/// # Panics
/// When the outputs differ, either program fails, or either cannot be started.
pub fn assert_agree(submission: &str, reference: &str, input: &[u8]) {
    let outcome = cross_check_for_test(submission, reference, input);
    assert!(
        outcome.agrees(),
        "{submission} against {reference}: {outcome}"
    );
}

/// Prints what `gen` prints for `args`.
///
/// # Panics
/// When the generator cannot run or fails.
pub fn generated_input(gen: &str, args: &[&str]) -> Vec<u8> {
    output_for_test(gen, args, b"", "the generator")
}

/// For tests: every input of `gen`'s exhaustive walk (`gen --all I` for each I
/// below `gen --count-all`), then the input of each `SEED SIZE` in `random`,
/// each named by its command (`` `gen --all 3` ``).
///
/// # Panics
/// When the generator cannot run or fails.
pub fn walk_and_random_inputs(gen: &str, random: &[(u64, &str)]) -> Vec<(String, Vec<u8>)> {
    let count: u64 = String::from_utf8_lossy(&generated_input(gen, &["--count-all"]))
        .trim()
        .parse()
        .expect("--count-all prints a number");
    let walk = (0..count).map(|index| vec!["--all".to_string(), index.to_string()]);
    let random = random
        .iter()
        .map(|(seed, size)| vec![seed.to_string(), size.to_string()]);
    walk.chain(random)
        .map(|args| {
            let args: Vec<&str> = args.iter().map(String::as_str).collect();
            (
                format!("`gen {}`", args.join(" ")),
                generated_input(gen, &args),
            )
        })
        .collect()
}

/// For tests: what `program` prints for `input` (a benchmark baseline's
/// checksum of what it read, say), within a minute.
///
/// # Panics
/// When the program cannot run or fails.
pub fn program_output(program: &str, input: &[u8]) -> Vec<u8> {
    output_for_test(program, &[], input, "the program")
}

fn output_for_test(program: &str, args: &[&str], input: &[u8], what: &str) -> Vec<u8> {
    let run = execute(Path::new(program), args, input, TEST_LIMIT)
        .unwrap_or_else(|error| panic!("cannot run {what}: {error}"));
    let command = std::iter::once(program)
        .chain(args.iter().copied())
        .collect::<Vec<_>>()
        .join(" ");
    assert!(
        run.completed(),
        "{command}: {}\n{}",
        run.describe_end(),
        run_stderr_tail(&run)
    );
    run.stdout
}

/// For tests: `submission` must agree with `reference` on what `gen` prints for
/// `args` (`["--all", "3"]` for an input of the exhaustive walk, `[SEED, SIZE]`
/// for a random one). Both get a minute.
///
/// # Panics
/// When they do not agree, naming the generator arguments; when a program
/// cannot run.
pub fn assert_agree_on_generated(gen: &str, submission: &str, reference: &str, args: &[&str]) {
    let outcome = cross_check_for_test(submission, reference, &generated_input(gen, args));
    assert!(
        outcome.agrees(),
        "input from `gen {}`: {outcome}",
        args.join(" ")
    );
}
