//! Interactive problems (issue 20, point 3): a program wired to an interactor
//! (a shell script here, testlib's convention), each verdict shown with one
//! deliberately right or broken guesser compiled by rustc.

// Its interactor is a shell script.
#![cfg(unix)]

use std::fs;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;
use std::time::Instant;

use judge::cases::problem::Problem;
use judge::commands::check::{check_problem, Style};
use judge::judging::verdict::{judge_interactive, InteractiveJudgement, Verdict};
use judge::runner::Limits;

use crate::common;

use common::{built_once_dir, judge_cli, rust_program, script, SECOND};

/// Guess a number in 1..=10^9 with at most 30 queries: the secret is the
/// input; `<` means the guess is below it, `>` above, `=` found.
const INTERACTOR: &str = r#"
secret=$(cat "$1")
query=0
while read -r guess; do
    query=$((query + 1))
    case $guess in
        ''|*[!0-9]*) echo "expected a guess, found '$guess'" >&2; exit 2 ;;
    esac
    if [ "$guess" -eq "$secret" ]; then
        echo "="
        echo "$query" > "$2"
        echo "found in $query queries" >&2
        exit 0
    fi
    if [ "$query" -ge 30 ]; then
        echo "no right guess in 30 queries" >&2
        exit 1
    fi
    if [ "$guess" -lt "$secret" ]; then echo "<"; else echo ">"; fi
done
echo "the program ended without a right guess" >&2
exit 1
"#;

/// `guesser MODE`: `right` (binary search), `linear` (1, 2, 3, ...),
/// `noflush` (binary search, but never flushes), `quiet` (asks nothing),
/// `crash` (panics after the first answer).
const GUESSER: &str = r#"
use std::io::{BufRead, BufWriter, Write};

fn main() {
    let mode = std::env::args().nth(1).unwrap();
    let mut replies = std::io::stdin().lock().lines();
    let mut out = BufWriter::new(std::io::stdout());
    let (mut low, mut high, mut next) = (1u64, 1_000_000_000u64, 1u64);
    loop {
        let guess = match mode.as_str() {
            "quiet" => return,
            "linear" => next,
            _ => (low + high) / 2,
        };
        writeln!(out, "{guess}").unwrap();
        if mode != "noflush" {
            out.flush().unwrap();
        }
        let reply = replies.next().unwrap().unwrap();
        match reply.as_str() {
            "=" => return,
            "<" => low = guess + 1,
            ">" => high = guess - 1,
            other => panic!("unexpected reply {other:?}"),
        }
        if mode == "crash" {
            panic!("crashed after one query");
        }
        next += 1;
    }
}
"#;

struct Fixture {
    dir: PathBuf,
    guesser: PathBuf,
    interactor: PathBuf,
}

fn fixture() -> &'static Fixture {
    static BUILT: OnceLock<Fixture> = OnceLock::new();
    BUILT.get_or_init(|| {
        let dir = built_once_dir("interactive");
        Fixture {
            guesser: rust_program(&dir, "guesser", GUESSER),
            interactor: script(&dir, "interactor", INTERACTOR),
            dir,
        }
    })
}

/// A guesser in `mode`, as a program without arguments.
fn guesser(dir: &Path, mode: &str) -> PathBuf {
    let body = format!("exec {} {mode}", fixture().guesser.display());
    script(dir, &format!("guess-{mode}"), &body)
}

fn play(mode: &str, secret: u64, interactor: &Path) -> InteractiveJudgement {
    let dir = judge::scratch::tempdir().unwrap();
    let input = dir.path().join("secret.in");
    fs::write(&input, format!("{secret}\n")).unwrap();
    let limits = Limits {
        memory_mb: Some(256),
        ..Limits::time(SECOND)
    };
    judge_interactive(
        &guesser(dir.path(), mode),
        &limits,
        interactor,
        &input,
        None,
    )
    .unwrap()
}

fn verdict(mode: &str, secret: u64) -> Verdict {
    let judged = play(mode, secret, &fixture().interactor);
    judged
        .verdict
        .unwrap_or_else(|reason| panic!("{mode}: {reason}"))
}

#[test]
fn a_right_guesser_is_accepted_and_the_output_file_kept() {
    let judged = play("right", 777_777_777, &fixture().interactor);
    assert_eq!(judged.verdict, Ok(Verdict::Accepted));
    let queries: u32 = String::from_utf8(judged.output)
        .unwrap()
        .trim()
        .parse()
        .unwrap();
    assert!((1..=30).contains(&queries), "{queries}");
    assert!(judged.interaction.program.peak_memory_kb > 0);
}

#[test]
fn the_interactor_decides_wrong_answers() {
    let Verdict::Rejected {
        presentation: false,
        message,
        ..
    } = verdict("linear", 1000)
    else {
        panic!("not WA");
    };
    assert_eq!(message, "the interactor says: no right guess in 30 queries");
    // A program that exits without asking is judged by what the interactor says.
    let Verdict::Rejected { message, .. } = verdict("quiet", 5) else {
        panic!("not WA");
    };
    assert_eq!(
        message,
        "the interactor says: the program ended without a right guess"
    );
}

#[test]
fn a_program_that_forgets_to_flush_is_tle_not_a_hang() {
    let started = Instant::now();
    let verdict = verdict("noflush", 5);
    assert_eq!(
        verdict,
        Verdict::TimeLimitExceeded {
            limit: SECOND,
            killed: true
        }
    );
    assert!(started.elapsed() < 5 * SECOND, "{:?}", started.elapsed());
}

#[test]
fn a_program_that_crashes_first_is_re() {
    let Verdict::RuntimeError {
        status,
        stderr_tail,
    } = verdict("crash", 5)
    else {
        panic!("not RE: {:?}", play("crash", 5, &fixture().interactor));
    };
    assert_eq!(status, "exit status 101");
    assert!(
        stderr_tail.contains("crashed after one query"),
        "{stderr_tail}"
    );
}

#[test]
fn a_failing_interactor_is_its_own_error_never_a_verdict() {
    let dir = judge::scratch::tempdir().unwrap();
    let broken = script(
        dir.path(),
        "broken",
        "read -r guess; echo 'lost my input' >&2; exit 3",
    );
    let reason = play("right", 5, &broken).verdict.unwrap_err();
    assert!(
        reason.starts_with("the interactor failed: exit status 3\nlost my input"),
        "{reason}"
    );
    let killed = script(dir.path(), "killed", "read -r guess; kill -SEGV $$");
    let reason = play("right", 5, &killed).verdict.unwrap_err();
    assert!(
        reason.starts_with("the interactor failed: signal 11 (SIGSEGV)"),
        "{reason}"
    );
    // It answers the last query, then never ends: killed at its own limit
    // past the program's 1 s.
    let stuck = script(
        dir.path(),
        "stuck",
        "read -r guess; echo '='; exec sleep 30",
    );
    let started = Instant::now();
    let reason = play("right", 500_000_000, &stuck).verdict.unwrap_err();
    let limit = SECOND + judge::judging::verdict::INTERACTOR_AFTER;
    assert!(
        reason.starts_with(&format!(
            "the interactor failed: still running after {} ms",
            limit.as_millis()
        )),
        "{reason}"
    );
    assert!(
        started.elapsed() < limit + 4 * SECOND,
        "{:?}",
        started.elapsed()
    );
}

/// A problem's report runs each case against the interactor: the `.in` is
/// INPUT, the `.out` ANSWER.
#[test]
fn an_interactive_problem_is_checked_case_by_case() {
    let dir = judge::scratch::tempdir().unwrap();
    let tests = dir.path().join("io-tests");
    fs::create_dir_all(&tests).unwrap();
    for (name, secret) in [("low", 1), ("high", 1_000_000_000)] {
        fs::write(tests.join(format!("{name}.in")), format!("{secret}\n")).unwrap();
        fs::write(tests.join(format!("{name}.out")), "").unwrap();
    }
    let problem = Problem {
        memory_limit_mb: Some(64),
        interactive: true,
        ..Problem::plain("guess", dir.path(), &tests, SECOND)
    };
    let check = |program: &Path, interactor: &Path| {
        let mut report = Vec::new();
        let summary = check_problem(
            &problem,
            program,
            None,
            Some(interactor),
            &mut report,
            Style::Plain,
        )
        .unwrap();
        (summary.passed, String::from_utf8(report).unwrap())
    };
    let (passed, report) = check(&guesser(dir.path(), "right"), &fixture().interactor);
    assert_eq!(passed, 2, "{report}");
    let (passed, report) = check(&guesser(dir.path(), "linear"), &fixture().interactor);
    assert_eq!(passed, 1, "{report}");
    assert!(report.contains("\nWA   high "), "{report}");
    assert!(report.contains("no right guess in 30 queries"), "{report}");
    let missing = fixture().dir.join("no-such-interactor");
    let (passed, report) = check(&guesser(dir.path(), "right"), &missing);
    assert_eq!(passed, 0, "{report}");
    assert!(
        report.contains("ERR  cannot run the interactor"),
        "{report}"
    );
}

/// `judge test --interactor PROGRAM` judges each case by the interactor.
#[test]
fn judge_test_takes_an_interactor() {
    let dir = judge::scratch::tempdir().unwrap();
    let tests = dir.path().join("tests");
    fs::create_dir_all(&tests).unwrap();
    fs::write(tests.join("a.in"), "1000\n").unwrap();
    fs::write(tests.join("a.out"), "").unwrap();
    let judge = |mode: &str| {
        let (code, stdout, _) = judge_cli(&[
            "test".as_ref(),
            "--time-limit-ms".as_ref(),
            "1000".as_ref(),
            "--interactor".as_ref(),
            fixture().interactor.as_os_str(),
            format!("--tests={}", tests.display()).as_ref(),
            "--bin".as_ref(),
            guesser(dir.path(), mode).as_os_str(),
        ]);
        (code, stdout)
    };
    let (code, report) = judge("right");
    assert_eq!(code, Some(0), "{report}");
    let (code, report) = judge("linear");
    assert_eq!(code, Some(1), "{report}");
    assert!(report.contains("WA   a "), "{report}");
    let (code, report) = judge("noflush");
    assert_eq!(code, Some(1), "{report}");
    assert!(report.contains("TLE  a "), "{report}");
}

/// After the interactor accepts, the problem's checker (if it has one) judges
/// the interactor's OUTPUT against the case's ANSWER: here, the number of
/// queries against the most the case allows.
#[test]
fn a_checker_judges_the_interactors_output_against_the_answer() {
    let dir = judge::scratch::tempdir().unwrap();
    let tests = dir.path().join("io-tests");
    fs::create_dir_all(&tests).unwrap();
    fs::write(tests.join("a.in"), "1000\n").unwrap();
    fs::write(tests.join("a.out"), "5\n").unwrap();
    let checker = script(
        dir.path(),
        "checker",
        r#"used=$(cat "$2"); most=$(cat "$3")
[ "$used" -le "$most" ] || { echo "$used queries, more than $most" >&2; exit 1; }"#,
    );
    let checking = judge::judging::answer::Checking::checker_program(checker);
    let judges = judge::commands::check::Judges {
        validator: None,
        input_validators: &[],
        checking: &checking,
        interactor: Some(&fixture().interactor),
    };
    let problem = Problem {
        interactive: true,
        ..common::fixture_problem(dir.path(), SECOND)
    };
    let mut report = Vec::new();
    let summary = judge::commands::check::check_cases(
        &problem,
        &guesser(dir.path(), "right"),
        &judges,
        None,
        &mut report,
        Style::Plain,
    )
    .unwrap();
    let report = String::from_utf8(report).unwrap();
    assert_eq!(summary.failed, 1, "{report}");
    assert!(report.contains("\nWA   a "), "{report}");
    assert!(report.contains("queries, more than 5"), "{report}");
}

/// A message larger than a pipe holds, to an interactor slow to start reading,
/// arrives whole: the program's writes wait for the interactor's reads.
#[test]
fn a_message_larger_than_a_pipe_arrives_whole() {
    let dir = judge::scratch::tempdir().unwrap();
    let program = script(dir.path(), "program", "exec head -c 3000000 /dev/zero");
    let interactor = script(dir.path(), "interactor", "sleep 0.2; wc -c >&2");
    let limits = Limits {
        time: 10 * SECOND,
        memory_mb: None,
        stack_mb: None,
        output_mb: None,
    };
    let interaction =
        judge::runner::interact(&program, &limits, &interactor, &[], 10 * SECOND).unwrap();
    assert!(interaction.program.succeeded(), "{interaction:?}");
    assert_eq!(
        String::from_utf8_lossy(&interaction.interactor.stderr).trim(),
        "3000000"
    );
    assert!(interaction.program_ended_first);
}

/// `interactor` (a shell script's body) against `program` (another), with
/// no input file of interest: the judgement.
fn exchange_of_scripts(program: &str, interactor: &str) -> InteractiveJudgement {
    let dir = judge::scratch::tempdir().unwrap();
    let input = dir.path().join("empty.in");
    fs::write(&input, "").unwrap();
    judge_interactive(
        &script(dir.path(), "program", program),
        &Limits::time(SECOND),
        &script(dir.path(), "interactor", interactor),
        &input,
        None,
    )
    .unwrap()
}

/// As DOMjudge's runpipe starts it, an interactor ignores SIGPIPE: a write
/// to a program that has gone fails instead of killing it. The program
/// starts with the default.
#[cfg(target_os = "linux")]
#[test]
fn the_interactor_ignores_sigpipe_and_the_program_does_not() {
    // Bit 13 of the mask of ignored signals, from /proc.
    let ignores_sigpipe = "mask=$(sed -n 's/^SigIgn:[[:space:]]*//p' /proc/$$/status); \
         [ $(( 0x$mask >> 12 & 1 )) -eq 1 ]";
    let judged = exchange_of_scripts(
        &format!("if {ignores_sigpipe}; then echo ignored; else echo default; fi"),
        &format!(
            "read -r program; if {ignores_sigpipe}; then echo \"ignored, program $program\" >&2; \
             exit 0; fi; echo \"default, program $program\" >&2; exit 1"
        ),
    );
    assert_eq!(
        judged.verdict,
        Ok(Verdict::Accepted),
        "{}",
        String::from_utf8_lossy(&judged.interaction.interactor.stderr)
    );
    assert_eq!(
        String::from_utf8_lossy(&judged.interaction.interactor.stderr),
        "ignored, program default\n"
    );
}

/// An interactor that writes more than a pipe holds to a program that reads
/// nothing and exits (the importer's package `ask` is the real case): its
/// writes neither kill it nor fail, so it reads the program's end and gives
/// its verdict, as DOMjudge and problemtools do. Before, the interactor died
/// of SIGPIPE and the verdict was its failure.
#[test]
fn an_interactor_writing_to_a_program_that_has_gone_still_gives_its_verdict() {
    let judged = exchange_of_scripts(
        "exit 0",
        // 2 MiB in pieces, more than a pipe's buffer (64 KiB, or 1 MiB made
        // larger); a failed write is reported as the interactor's failure.
        "line=$(printf '%1023s' x); i=0; \
         while [ $i -lt 2048 ]; do printf '%s\\n' \"$line\" || { echo 'a write failed' >&2; exit 3; }; \
         i=$((i + 1)); done; \
         if read -r answer; then exit 0; fi; echo 'the program ended without an answer' >&2; exit 1",
    );
    let Ok(Verdict::Rejected { message, .. }) = &judged.verdict else {
        panic!("not WA: {:?}", judged.verdict);
    };
    assert_eq!(
        message,
        "the interactor says: the program ended without an answer"
    );
}

/// A program ended by SIGPIPE wrote to an interactor that had gone: the
/// interactor's word decides, as problemtools' `interactive` reports it.
#[test]
fn a_program_ended_by_sigpipe_is_judged_by_the_interactor() {
    // `yes` writes until the interactor, satisfied with one line, has gone.
    let judged = exchange_of_scripts("exec yes", "read -r line; exit 0");
    assert_eq!(judged.verdict, Ok(Verdict::Accepted));
    let status = judged.interaction.program.status.unwrap();
    assert_eq!(
        std::os::unix::process::ExitStatusExt::signal(&status),
        Some(13),
        "{status:?}"
    );
    let judged = exchange_of_scripts(
        "exec yes",
        "read -r line; echo 'one line is not enough' >&2; exit 1",
    );
    let Ok(Verdict::Rejected { message, .. }) = &judged.verdict else {
        panic!("not WA: {:?}", judged.verdict);
    };
    assert_eq!(message, "the interactor says: one line is not enough");
}
