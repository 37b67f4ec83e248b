//! Multi-pass problems (the Kattis format's `multi-pass` type, DOMjudge's
//! legacy `validation: custom multi-pass`): the output validator may ask for
//! the program to run again, on an input it writes.
//!
//! A pass runs the program on its input (the case's, then what the
//! validator wrote) under the problem's limits, each pass its own, as the
//! format says; then the validator judges its output (or talks to it, for an
//! interactive problem) given that pass's input, the case's answer and one
//! feedback folder kept from pass to pass. The validator accepting (42) and
//! writing `nextpass.in` there asks for another pass, which gets it as its
//! input (moved out of the folder first); accepting without it ends the
//! judging with AC, and rejecting (43), or the program failing by itself,
//! ends it with that verdict. As the format and problemtools have it, a
//! `nextpass.in` beside a rejection, or one written on the last pass the
//! problem allows (`limits.validation_passes`), is the validator's failure
//! (a judge error), never a verdict on the program. The run reported is the
//! last pass's, as DOMjudge reports it (its judgedaemon's pass loop runs
//! each pass under the whole time limit and sends the last pass's run).

use std::fs;
use std::io;
use std::path::Path;

use crate::answer::KattisValidator;
use crate::runner::{execute_in, Execution, Limits};
use crate::verdict::{judge_kattis_interactive, Verdict};

/// The file of the feedback folder that asks for another pass.
pub const NEXT_PASS: &str = "nextpass.in";

/// How a multi-pass case was judged.
#[derive(Debug)]
pub struct MultiPass {
    /// The verdict, or why the validator failed talking to the program (an
    /// interactive problem's); its failures judging an output are
    /// [`Verdict::CheckerFailed`].
    pub verdict: Result<Verdict, String>,
    /// The pass that decided, from 1.
    pub pass: u32,
    /// The program's run in that pass.
    pub run: Execution,
}

/// Judges `program` on the case `input` and `answer` in at most `passes`
/// passes (at least 1), each under `limits`, with `validator`, which talks
/// to it when `interactive`.
///
/// # Errors
/// When a program cannot be started, or a scratch file cannot be written.
pub fn judge_multi_pass(
    program: &Path,
    limits: &Limits,
    validator: &KattisValidator,
    interactive: bool,
    input: &Path,
    answer: &Path,
    passes: u32,
) -> io::Result<MultiPass> {
    let scratch = crate::scratch::tempdir()?;
    let feedback = scratch.path().join("feedback");
    fs::create_dir(&feedback)?;
    let mut input = input.to_path_buf();
    for pass in 1..=passes.max(1) {
        let (verdict, run) = if interactive {
            let judged = judge_kattis_interactive(
                program,
                limits,
                validator,
                &input,
                answer,
                Some(&feedback),
            )?;
            (judged.verdict, judged.interaction.program)
        } else {
            // In a folder of its own, apart from the feedback folder.
            let work = crate::scratch::tempdir()?;
            let run = execute_in(program, &[], &fs::read(&input)?, limits, work.path())?;
            let verdict = Verdict::of_run(&run, limits.time, |output| {
                validator.judge(&input, answer, &feedback, output)
            });
            (Ok(verdict), run)
        };
        let next = feedback.join(NEXT_PASS);
        let asks = next.is_file();
        let failed = |reason: String| Verdict::CheckerFailed {
            reason: format!("output validator: {reason}"),
        };
        let verdict = match verdict {
            Ok(Verdict::Accepted) if asks && pass >= passes => Ok(failed(format!(
                "it wrote {NEXT_PASS} after pass {pass}, the last the problem allows (validation-passes = {passes}): a judge error, as the format has it"
            ))),
            Ok(Verdict::Accepted) if asks => {
                input = scratch.path().join(format!("pass-{}.in", pass + 1));
                fs::rename(&next, &input)?;
                continue;
            }
            Ok(Verdict::Rejected { .. }) if asks => Ok(failed(format!(
                "it rejected pass {pass} (exit 43) and wrote {NEXT_PASS}: a judge error, as the format has it"
            ))),
            verdict => verdict,
        };
        return Ok(MultiPass { verdict, pass, run });
    }
    unreachable!("every pass returns or goes on, and the last returns")
}

#[cfg(all(test, unix))]
mod tests {
    use std::time::Duration;

    use super::*;

    /// A validator (a shell script) that takes the pass's input as a count
    /// of passes left: 0 accepts, more asks for a pass with one less, and
    /// keeps a log in the feedback folder. The program echoes its input.
    fn judged(passes_in_input: u32, passes: u32, validator_body: &str) -> MultiPass {
        judged_running(
            "cat",
            Duration::from_secs(5),
            passes_in_input,
            passes,
            validator_body,
        )
    }

    /// [`judged`], the program `program_body` under a time limit of `limit`.
    fn judged_running(
        program_body: &str,
        limit: Duration,
        passes_in_input: u32,
        passes: u32,
        validator_body: &str,
    ) -> MultiPass {
        let dir = crate::scratch::tempdir().unwrap();
        let validator = crate::scratch::script(dir.path(), "validator", validator_body);
        let program = crate::scratch::script(dir.path(), "program", program_body);
        let (input, answer) = (dir.path().join("input"), dir.path().join("answer"));
        fs::write(&input, format!("{passes_in_input}\n")).unwrap();
        fs::write(&answer, "").unwrap();
        let validator = KattisValidator {
            program: &validator,
            args: &[],
            flags: &[],
            time_limit: Duration::from_secs(10),
            stack_mb: None,
        };
        let limits = Limits::time(limit);
        judge_multi_pass(
            &program, &limits, &validator, false, &input, &answer, passes,
        )
        .unwrap()
    }

    const COUNTS_DOWN: &str = "read left\n\
        [ \"$left\" = \"$(cat \"$1\")\" ] || { echo 'not my input' > \"$3/judgemessage.txt\"; exit 43; }\n\
        echo \"pass with $left left\" >> \"$3/log\"\n\
        [ \"$left\" = 0 ] && { [ \"$(wc -l < \"$3/log\")\" -ge 1 ] && exit 42; exit 1; }\n\
        echo $((left - 1)) > \"$3/nextpass.in\"; exit 42";

    #[test]
    fn the_validator_asks_for_passes_until_it_accepts() {
        let three = judged(2, 3, COUNTS_DOWN);
        assert_eq!((three.verdict, three.pass), (Ok(Verdict::Accepted), 3));
        let one = judged(0, 2, COUNTS_DOWN);
        assert_eq!((one.verdict, one.pass), (Ok(Verdict::Accepted), 1));
    }

    /// DOMjudge's judgedaemon (judge/judgedaemon.main.php, its pass loop)
    /// runs each pass under the whole time limit and reports the last
    /// pass's run: three passes of 0.4 s each under 1 s are accepted.
    #[test]
    fn each_pass_has_the_whole_time_limit_and_the_last_is_reported() {
        let second = Duration::from_secs(1);
        let slow = judged_running("sleep 0.4; cat", second, 2, 3, COUNTS_DOWN);
        assert_eq!((slow.verdict, slow.pass), (Ok(Verdict::Accepted), 3));
        assert!(slow.run.elapsed < second, "{:?}", slow.run.elapsed);
        assert!(
            slow.run.elapsed >= Duration::from_millis(400),
            "{:?}",
            slow.run.elapsed
        );
        // A pass over the limit is the program's TLE, at that pass.
        let slower = judged_running(
            "read left; [ \"$left\" = 0 ] && sleep 3; echo $left",
            second,
            2,
            3,
            COUNTS_DOWN,
        );
        assert_eq!(slower.pass, 3);
        assert_eq!(slower.verdict.map(|verdict| verdict.code()), Ok("TLE"));
    }

    #[test]
    fn the_feedback_folder_is_kept_from_pass_to_pass() {
        // It accepts only when the log holds every pass.
        let body = COUNTS_DOWN.replace("-ge 1", "-ge 3");
        assert_eq!(judged(2, 3, &body).verdict, Ok(Verdict::Accepted));
    }

    #[test]
    fn a_pass_past_the_limit_or_beside_a_rejection_is_the_validators_failure() {
        let over = judged(3, 3, COUNTS_DOWN);
        assert_eq!(over.pass, 3);
        assert_eq!(
            over.verdict,
            Ok(Verdict::CheckerFailed {
                reason: "output validator: it wrote nextpass.in after pass 3, the last the problem allows (validation-passes = 3): a judge error, as the format has it".to_string()
            })
        );
        let both = judged(1, 3, "echo 0 > \"$3/nextpass.in\"; exit 43");
        assert_eq!(
            both.verdict,
            Ok(Verdict::CheckerFailed {
                reason: "output validator: it rejected pass 1 (exit 43) and wrote nextpass.in: a judge error, as the format has it".to_string()
            })
        );
    }

    #[test]
    fn a_rejection_ends_the_judging_at_its_pass() {
        // Rejects the second pass's output.
        let body =
            "read left; [ \"$left\" = 1 ] && { echo 'no' > \"$3/judgemessage.txt\"; exit 43; }\n\
            echo 1 > \"$3/nextpass.in\"; exit 42";
        let wrong = judged(5, 4, body);
        assert_eq!(wrong.pass, 2);
        assert_eq!(wrong.verdict.unwrap().code(), "WA");
    }
}
