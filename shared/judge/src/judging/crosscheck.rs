//! Running a submission and a reference (brute force) on the same input and
//! comparing their outputs like a judge.

use std::fmt;
use std::io;
use std::path::Path;
use std::time::Duration;

use crate::judging::answer::Checking;
use crate::judging::verdict::{run_stderr_tail, Verdict};
use crate::runner::{execute, execute_with, Execution, Limits};

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
/// use judge::judging::crosscheck::cross_check;
/// use std::time::Duration;
/// use judge::runner::Limits;
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
    )
}

/// [`cross_check`], the submission's output judged by `checking`: the
/// reference's output is the expected answer (a checker's ANSWER).
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
) -> io::Result<CrossCheck> {
    let reference_run = execute(reference, &[], input, reference_limit)?;
    if reference_run.timed_out(reference_limit) {
        return Ok(CrossCheck::ReferenceFailed(format!(
            "still running after {} ms",
            reference_limit.as_millis()
        )));
    }
    if !reference_run.completed() {
        let status = reference_run.describe_end();
        return Ok(CrossCheck::ReferenceFailed(format!(
            "{status}\n{}",
            run_stderr_tail(&reference_run)
        )));
    }
    let run = execute_with(submission, &[], input, submission_limits)?;
    Ok(
        match checking.verdict(&run, input, &reference_run.stdout, submission_limits.time) {
            Verdict::Accepted => CrossCheck::Agree,
            verdict => CrossCheck::Disagree(Box::new(Disagreement {
                expected: reference_run.stdout,
                run,
                verdict,
            })),
        },
    )
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
