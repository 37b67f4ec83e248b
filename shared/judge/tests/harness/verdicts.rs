//! Every verdict of the harness, proved with deliberately broken fixture programs
//! (small shell scripts written to a temporary folder).

// Its programs are shell scripts.
#![cfg(unix)]

use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

use judge::cases::problem::Problem;
use judge::commands::check::{check_problem, Style, Summary};
use judge::judging::verdict::{judge, Verdict};

use crate::common;

use common::{problem_crate, script, SECOND};

fn verdict_of(body: &str, input: &[u8], expected: &[u8], limit: Duration) -> (Verdict, Duration) {
    let dir = judge::scratch::tempdir().unwrap();
    judge(&script(dir.path(), "program", body), input, expected, limit).unwrap()
}

#[test]
fn correct_program_is_accepted() {
    let (verdict, _) = verdict_of("cat", b"516\n", b"516\n", SECOND);
    assert_eq!(verdict, Verdict::Accepted);
}

#[test]
fn wrong_output_is_wrong_answer_with_the_line() {
    let (verdict, _) = verdict_of("echo 1; echo 515", b"", b"1\n516\n", SECOND);
    let Verdict::WrongAnswer(mismatch) = verdict else {
        panic!("expected WA, got {verdict:?}");
    };
    assert_eq!(mismatch.line, 2);
    assert_eq!(mismatch.expected.as_deref(), Some("516"));
    assert_eq!(mismatch.got.as_deref(), Some("515"));
}

#[test]
fn non_zero_exit_is_runtime_error_with_stderr_tail() {
    let (verdict, _) = verdict_of("echo 516; echo boom >&2; exit 3", b"", b"516\n", SECOND);
    assert_eq!(
        verdict,
        Verdict::RuntimeError {
            status: "exit status 3".to_string(),
            stderr_tail: "boom".to_string()
        }
    );
}

#[test]
fn crash_by_signal_is_runtime_error_naming_the_signal() {
    let (verdict, _) = verdict_of("kill -SEGV $$", b"", b"516\n", SECOND);
    let Verdict::RuntimeError { status, .. } = verdict else {
        panic!("expected RE, got {verdict:?}");
    };
    assert_eq!(status, "signal 11 (SIGSEGV)");
}

#[test]
fn endless_loop_is_killed_at_the_time_limit() {
    let limit = Duration::from_millis(300);
    let started = Instant::now();
    let (verdict, elapsed) = verdict_of("while :; do :; done", b"", b"516\n", limit);
    assert_eq!(
        verdict,
        Verdict::TimeLimitExceeded {
            limit,
            killed: true
        }
    );
    assert!(elapsed >= limit);
    assert!(
        started.elapsed() < limit + SECOND,
        "took {:?}",
        started.elapsed()
    );
}

/// Runs `body` under a 300 ms limit: it must be TLE, killed, and the harness
/// must return within a second of the limit.
fn assert_killed_promptly(body: &str, input: &[u8]) {
    let limit = Duration::from_millis(300);
    let started = Instant::now();
    let (verdict, _) = verdict_of(body, input, b"516\n", limit);
    assert_eq!(
        verdict,
        Verdict::TimeLimitExceeded {
            limit,
            killed: true
        }
    );
    assert!(
        started.elapsed() < limit + SECOND,
        "took {:?}",
        started.elapsed()
    );
}

#[test]
fn children_left_running_cannot_hang_the_run() {
    // `sleep` is a child of the shell and holds the output pipe open.
    assert_killed_promptly("sleep 30; echo 516", b"");
}

#[test]
fn a_program_that_never_reads_a_large_input_is_still_killed_at_its_limit() {
    // The input is more than a pipe holds: only a nonblocking feed lets the
    // harness watch the clock while the program does not read.
    assert_killed_promptly("exec sleep 10", &vec![b'7'; 8 << 20]);
}

#[test]
fn the_output_is_read_to_its_end_after_the_program_ends() {
    // Its last bytes, the end of its output and its exit reach the harness
    // together: the end of the output is read after the exit is noticed.
    let dir = judge::scratch::tempdir().unwrap();
    let program = script(dir.path(), "program", "exec head -c 4194304 /dev/zero");
    let run = judge::runner::execute(&program, &[], b"", 5 * SECOND).unwrap();
    assert!(run.succeeded(), "{run:?}");
    assert_eq!(run.stdout.len(), 4 << 20);
    assert!(!run.streams_abandoned);
}

#[test]
fn program_that_ignores_a_large_input_does_not_deadlock() {
    let input = vec![b'7'; 8 << 20];
    let (verdict, _) = verdict_of("echo 516", &input, b"516\n", 5 * SECOND);
    assert_eq!(verdict, Verdict::Accepted);
}

fn problem_with_cases(dir: &Path, cases: &[(&str, Option<&str>, Option<&str>)]) -> Problem {
    let problem = common::fixture_problem(dir, SECOND);
    let tests = &problem.io_tests_dir;
    for (name, input, output) in cases {
        if let Some(input) = input {
            fs::write(tests.join(format!("{name}.in")), input).unwrap();
        }
        if let Some(output) = output {
            fs::write(tests.join(format!("{name}.out")), output).unwrap();
        }
    }
    problem
}

fn report(problem: &Problem, program: &Path) -> (Summary, String) {
    let mut out = Vec::new();
    let summary = check_problem(problem, program, None, None, &mut out, Style::Plain).unwrap();
    (summary, String::from_utf8(out).unwrap())
}

#[test]
fn missing_out_or_in_files_are_failures_not_passes() {
    let dir = judge::scratch::tempdir().unwrap();
    let problem = problem_with_cases(
        dir.path(),
        &[
            ("good", Some("1\n"), Some("1\n")),
            ("no-answer", Some("2\n"), None),
            ("no-input", None, Some("3\n")),
        ],
    );
    let (summary, text) = report(&problem, &script(dir.path(), "cat", "cat"));
    assert_eq!(
        summary,
        Summary {
            passed: 1,
            failed: 2
        }
    );
    assert!(
        text.contains("no-answer.in has no matching .out file"),
        "{text}"
    );
    assert!(
        text.contains("no-input.out has no matching .in file"),
        "{text}"
    );
}

#[test]
fn a_problem_without_cases_fails() {
    let dir = judge::scratch::tempdir().unwrap();
    let problem = problem_with_cases(dir.path(), &[]);
    let (summary, text) = report(&problem, &script(dir.path(), "cat", "cat"));
    assert_eq!(summary.failed, 1);
    assert!(text.contains("no cases"), "{text}");

    let missing = Problem {
        io_tests_dir: dir.path().join("nowhere"),
        ..problem
    };
    let (summary, text) = report(&missing, &script(dir.path(), "cat", "cat"));
    assert_eq!(summary.failed, 1);
    assert!(text.contains("cannot read the cases"), "{text}");
}

#[test]
fn a_missing_binary_fails_every_case() {
    let dir = judge::scratch::tempdir().unwrap();
    let problem = problem_with_cases(dir.path(), &[("a", Some("1\n"), Some("1\n"))]);
    let (summary, text) = report(&problem, &dir.path().join("not-built"));
    assert_eq!(
        summary,
        Summary {
            passed: 0,
            failed: 1
        }
    );
    assert!(text.contains("not-built"), "{text}");
}

/// A workspace laid out like this one, with a broken "solution" per failure kind.
fn broken_workspace(root: &Path) -> PathBuf {
    let bin_dir = root.join("bin");
    fs::create_dir_all(&bin_dir).unwrap();
    for (name, body) in [
        ("fine", "cat"),
        ("wrong", "echo 41"),
        ("crash", "echo oops >&2; exit 101"),
        ("endless", "while :; do :; done"),
    ] {
        problem_crate(root, name, 400, &["validate"]);
        let tests = root.join("io-tests").join(name);
        fs::create_dir_all(&tests).unwrap();
        fs::write(tests.join("sample-1.in"), "42\n").unwrap();
        fs::write(tests.join("sample-1.out"), "42\n").unwrap();
        script(&bin_dir, name, body);
        script(&bin_dir, &format!("{name}-validate"), "cat >/dev/null");
    }
    bin_dir
}

#[test]
fn check_command_names_each_failure_and_exits_non_zero() {
    let dir = judge::scratch::tempdir().unwrap();
    let bin_dir = broken_workspace(dir.path());
    let started = Instant::now();
    let output = Command::new(env!("CARGO_BIN_EXE_judge"))
        .arg("check")
        .arg("--root")
        .arg(dir.path())
        .arg("--bin-dir")
        .arg(&bin_dir)
        .output()
        .unwrap();
    let stdout = String::from_utf8(output.stdout).unwrap();
    assert_eq!(output.status.code(), Some(1), "{stdout}");
    assert!(started.elapsed() < Duration::from_millis(400) + 2 * SECOND);
    for expected in [
        "crash (1 case, time limit 400 ms)",
        "RE   sample-1",
        "exit status 101",
        "oops",
        "TLE  sample-1",
        "WA   sample-1",
        "line 1: expected \"42\", got \"41\"",
        "AC   sample-1",
    ] {
        assert!(
            stdout.contains(expected),
            "missing {expected:?} in\n{stdout}"
        );
    }
    assert!(!stdout.contains('\x1b'), "plain text when not a terminal");
    assert_eq!(stdout.lines().last(), Some("1 passed, 3 failed"));
}

#[test]
fn check_command_can_name_problems() {
    let dir = judge::scratch::tempdir().unwrap();
    let bin_dir = broken_workspace(dir.path());
    let check_fine = || {
        let output = Command::new(env!("CARGO_BIN_EXE_judge"))
            .args(["check", "--root"])
            .arg(dir.path())
            .arg("--bin-dir")
            .arg(&bin_dir)
            .arg("fine")
            .output()
            .unwrap();
        let stdout = String::from_utf8(output.stdout).unwrap();
        assert!(output.status.success(), "{stdout}");
        assert_eq!(stdout.lines().last(), Some("1 passed, 0 failed"));
        stdout
    };
    let stdout = check_fine();
    assert!(!stdout.contains("not validated"), "{stdout}");

    // Issue 22: a problem without a validator is judged on its cases, under a
    // note; a validator binary it does not declare is not run.
    problem_crate(dir.path(), "fine", 400, &[]);
    script(&bin_dir, "fine-validate", "exit 1");
    let stdout = check_fine();
    assert_eq!(
        stdout.lines().take(2).collect::<Vec<_>>(),
        [
            "fine (1 case, time limit 400 ms)",
            "note: no validator, so the inputs are not validated (add one with `scripts/new-problem.sh fine --with validate`)",
        ]
    );
}

#[test]
fn usage_errors_exit_2() {
    let output = Command::new(env!("CARGO_BIN_EXE_judge"))
        .arg("frobnicate")
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&output.stderr).contains("unknown command frobnicate"));
}

#[test]
fn programs_run_without_backtraces_like_on_a_judge() {
    // A panic's message, not a backtrace, must be what the stderr tail shows.
    let (verdict, _) = verdict_of(
        "echo \"backtrace=${RUST_BACKTRACE:-unset}\" >&2; exit 101",
        b"",
        b"",
        SECOND,
    );
    let Verdict::RuntimeError { stderr_tail, .. } = verdict else {
        panic!("expected RE, got {verdict:?}");
    };
    assert_eq!(stderr_tail, "backtrace=unset");
}

#[test]
fn help_prints_the_usage_and_succeeds() {
    for (args, start) in [
        (&["--help"][..], "usage: judge [--cargo-if-stale] COMMAND"),
        (&["stress", "-h"][..], "usage: judge stress"),
    ] {
        let output = Command::new(env!("CARGO_BIN_EXE_judge"))
            .args(args)
            .output()
            .unwrap();
        assert!(output.status.success(), "{args:?}");
        assert!(String::from_utf8_lossy(&output.stdout).starts_with(start));
    }
}
