//! Judging by comparison modes and by checkers, through the same report as
//! `judge check`: small shell-script programs and checkers, and the Rust checker
//! of a made-up "print any shortest path" problem (`tests/fixtures/shortest-path-check.rs`).

// Its programs and most of its checkers are shell scripts.
#![cfg(unix)]

use std::fs;
use std::path::{Path, PathBuf};
use std::time::Duration;

use judge::cases::problem::Problem;
use judge::commands::check::{check_cases, Judges, Style};
use judge::judging::answer::Checking;
use judge::judging::compare::Mode;

use crate::common;

use common::{script, SECOND};

/// A problem in `dir` with the given cases (name, input, expected output).
fn problem(dir: &Path, cases: &[(&str, &str, &str)]) -> Problem {
    let problem = common::fixture_problem(dir, 10 * SECOND);
    for (name, input, output) in cases {
        let tests = &problem.io_tests_dir;
        fs::write(tests.join(format!("{name}.in")), input).unwrap();
        fs::write(tests.join(format!("{name}.out")), output).unwrap();
    }
    problem
}

/// The report of `program` (a shell script body) on `problem`, judged by `checking`.
fn report(dir: &Path, problem: &Problem, program: &str, checking: &Checking) -> (usize, String) {
    let program = script(dir, "program", program);
    let mut out = Vec::new();
    let judges = Judges {
        validator: None,
        input_validators: &[],
        checking,
        interactor: None,
    };
    let summary = check_cases(problem, &program, &judges, None, &mut out, Style::Plain).unwrap();
    (summary.failed, String::from_utf8(out).unwrap())
}

fn checker_script(dir: &Path, body: &str) -> Checking {
    Checking::checker_program(script(dir, "checker", body))
}

#[test]
fn float_mode_accepts_within_the_error_and_says_why_not() {
    let dir = judge::scratch::tempdir().unwrap();
    let problem = problem(dir.path(), &[("a", "", "0.5000000 yes\n")]);
    let float = Checking::Compare(Mode::Float { error: 1e-6 });
    let (failed, text) = report(dir.path(), &problem, "echo '0.5000004   yes'", &float);
    assert_eq!(failed, 0, "{text}");
    assert!(text.contains("compared by float (error 1e-6)"), "{text}");
    let (failed, text) = report(dir.path(), &problem, "echo 0.5001 yes", &float);
    assert_eq!(failed, 1);
    assert!(
        text.contains("WA ")
            && text.contains("token 1: expected `0.5000000`, got `0.5001`, error 1.0e-4 > 1e-6"),
        "{text}"
    );
    assert!(text.contains("+     1 | 0.5001 yes"), "{text}");
    let (_, text) = report(dir.path(), &problem, "echo 0.5 no", &float);
    assert!(
        text.contains(
            "token 2: expected `yes`, got `no`, the expected `yes` is not a decimal number"
        ),
        "{text}"
    );
    let (_, lines) = report(
        dir.path(),
        &problem,
        "echo '0.5000000  yes'",
        &Checking::default(),
    );
    assert!(lines.contains("WA "), "lines mode is unchanged: {lines}");
}

#[test]
fn tokens_mode_ignores_the_layout() {
    let dir = judge::scratch::tempdir().unwrap();
    let problem = problem(dir.path(), &[("a", "", "1 2\n3\n")]);
    let tokens = Checking::Compare(Mode::Tokens);
    let (failed, text) = report(dir.path(), &problem, "printf '1\\n2 3'", &tokens);
    assert_eq!(failed, 0, "{text}");
    let (failed, text) = report(dir.path(), &problem, "echo 1 2", &tokens);
    assert_eq!(failed, 1);
    assert!(
        text.contains("token 3: expected `3`, got end of output"),
        "{text}"
    );
}

#[test]
fn the_checker_gets_input_output_and_answer_in_that_order() {
    let dir = judge::scratch::tempdir().unwrap();
    let problem = problem(dir.path(), &[("a", "the input\n", "the answer\n")]);
    let checker = checker_script(
        dir.path(),
        r#"echo "$(cat "$1") / $(cat "$2") / $(cat "$3")" >&2; exit 1"#,
    );
    let (failed, text) = report(dir.path(), &problem, "echo the output", &checker);
    assert_eq!(failed, 1);
    assert!(
        text.contains("the input / the output / the answer"),
        "{text}"
    );
}

#[test]
fn exit_statuses_of_a_checker() {
    let dir = judge::scratch::tempdir().unwrap();
    let problem = problem(dir.path(), &[("a", "1\n", "1\n")]);
    for (body, code, message) in [
        ("echo ok >&2; exit 0", "AC", ""),
        (
            "echo 'wrong answer 1st numbers differ' >&2; echo second line >&2; exit 1",
            "WA",
            "wrong answer 1st numbers differ\n     second line",
        ),
        ("exit 1", "WA", "(the checker gave no message)"),
        (
            "echo 'wrong output format Unexpected end of file' >&2; exit 2",
            "WA",
            "presentation error: wrong output format Unexpected end of file",
        ),
        (
            "echo 'FAIL answer is broken' >&2; exit 3",
            "FAIL",
            "the checker failed: no verdict on the program",
        ),
        ("exit 7", "FAIL", "exit status 7"),
        ("kill -SEGV $$", "FAIL", "signal 11 (SIGSEGV)"),
    ] {
        let (failed, text) = report(
            dir.path(),
            &problem,
            "cat",
            &checker_script(dir.path(), body),
        );
        assert_eq!(failed, usize::from(code != "AC"), "{body}: {text}");
        assert!(text.contains(&format!("\n{code:<4} a ")), "{body}: {text}");
        assert!(text.contains(message), "{body}: {text}");
    }
}

#[test]
fn a_hanging_checker_fails_at_its_own_limit() {
    let dir = judge::scratch::tempdir().unwrap();
    let problem = problem(dir.path(), &[("a", "1\n", "1\n")]);
    let checking = Checking::Checker {
        program: script(dir.path(), "checker", "sleep 60"),
        time_limit: Duration::from_millis(300),
        stack_mb: None,
    };
    let (failed, text) = report(dir.path(), &problem, "cat", &checking);
    assert_eq!(failed, 1);
    assert!(text.contains("FAIL a "), "{text}");
    assert!(text.contains("still running after 300 ms"), "{text}");
}

/// Issue 67: a checker runs with the stack it is given, the problem's
/// (as large as its memory limit), not the caller's 8 MB.
#[test]
fn a_checker_gets_the_stack_it_is_given() {
    let dir = judge::scratch::tempdir().unwrap();
    let problem = problem(dir.path(), &[("a", "1\n", "1\n")]);
    let checking = Checking::Checker {
        program: script(
            dir.path(),
            "checker",
            "[ \"$(ulimit -s)\" = 65536 ] && exit 0; echo \"a stack of $(ulimit -s) KiB\" >&2; exit 1",
        ),
        time_limit: Duration::from_secs(10),
        stack_mb: Some(64),
    };
    let (failed, text) = report(dir.path(), &problem, "cat", &checking);
    assert_eq!(failed, 0, "{text}");
    let (failed, text) = report(dir.path(), &problem, "cat", &checking.with_stack(Some(32)));
    assert_eq!(failed, 1);
    assert!(text.contains("a stack of 32768 KiB"), "{text}");
}

/// A contest package's output validator (Kattis's interface) gets its stack
/// too, as a checker does (issue 67, point 6).
#[test]
fn an_output_validator_gets_the_stack_it_is_given() {
    let dir = judge::scratch::tempdir().unwrap();
    let problem = problem(dir.path(), &[("a", "1\n", "1\n")]);
    let checking = Checking::Kattis {
        program: script(
            dir.path(),
            "validator",
            "[ \"$(ulimit -s)\" = 65536 ] && exit 42; echo \"a stack of $(ulimit -s) KiB\" > \"$3/judgemessage.txt\"; exit 43",
        ),
        args: Vec::new(),
        flags: Vec::new(),
        time_limit: Duration::from_secs(10),
        stack_mb: Some(64),
    };
    let (failed, text) = report(dir.path(), &problem, "cat", &checking);
    assert_eq!(failed, 0, "{text}");
    let (failed, text) = report(dir.path(), &problem, "cat", &checking.with_stack(Some(32)));
    assert_eq!(failed, 1);
    assert!(text.contains("a stack of 32768 KiB"), "{text}");
}

#[test]
fn a_missing_checker_fails_every_case() {
    let dir = judge::scratch::tempdir().unwrap();
    let problem = problem(dir.path(), &[("a", "1\n", "1\n"), ("b", "2\n", "2\n")]);
    let checking = Checking::checker_program(dir.path().join("no-checker"));
    let (failed, text) = report(dir.path(), &problem, "cat", &checking);
    assert_eq!(failed, 2, "{text}");
    assert!(text.contains("cannot run the checker"), "{text}");
}

#[test]
fn a_problem_with_checker_true_takes_its_checker_beside_its_binary() {
    let dir = judge::scratch::tempdir().unwrap();
    let mut problem = problem(dir.path(), &[("a", "1\n", "1\n")]);
    problem.checker = true;
    script(
        dir.path(),
        "fixture-check",
        "echo 'wrong answer from fixture-check' >&2; exit 1",
    );
    let program = script(dir.path(), "fixture", "cat");
    let mut out = Vec::new();
    let summary = judge::commands::check::check_problem(
        &problem,
        &program,
        None,
        None,
        &mut out,
        Style::Plain,
    )
    .unwrap();
    let text = String::from_utf8(out).unwrap();
    assert_eq!(summary.failed, 1);
    assert!(text.contains("wrong answer from fixture-check"), "{text}");
}

/// The fixture `shortest-path-check`, which cargo builds for this test.
fn shortest_path_checker() -> PathBuf {
    PathBuf::from(env!("CARGO_BIN_EXE_shortest-path-check"))
}

/// A square 1-2-3-4-1 with s = 1, t = 3: two shortest paths of 3 vertices.
const SQUARE: &str = "4 4\n1 2\n2 3\n3 4\n4 1\n1 3\n";

#[test]
fn any_shortest_path_is_accepted_by_the_rust_checker() {
    let dir = judge::scratch::tempdir().unwrap();
    let problem = problem(dir.path(), &[("square", SQUARE, "3\n1 2 3\n")]);
    let checking = Checking::checker_program(shortest_path_checker());
    for (output, code, message) in [
        ("3\n1 2 3", "AC", ""),
        ("3\n1 4 3", "AC", ""),
        (
            "3\n1 2 4",
            "WA",
            "wrong answer the path goes from 1 to 4, not from 1 to 3",
        ),
        (
            "3\n1 3 3",
            "WA",
            "wrong answer no edge between vertices 1 and 3 (step 1)",
        ),
        (
            "4\n1 2 2 3",
            "WA",
            "wrong answer no edge between vertices 2 and 2 (step 2)",
        ),
        (
            "3\n1 9 3",
            "WA",
            "wrong answer output token 3 (line 2): a vertex is 9, outside [1, 4]",
        ),
        (
            "3\n1 2",
            "WA",
            "presentation error: wrong output format output token 4 (line 3): expected a vertex, found the end of the output",
        ),
        (
            "three\n",
            "WA",
            "presentation error: wrong output format output token 1 (line 1): expected an integer for the number of vertices, found `three`",
        ),
        (
            "3\n1 2 3\n4",
            "WA",
            "presentation error: wrong output format output token 5 (line 3): expected the end of the output",
        ),
    ] {
        let (failed, text) = report(
            dir.path(),
            &problem,
            &format!("printf '{output}\\n'"),
            &checking,
        );
        assert_eq!(failed, usize::from(code != "AC"), "{output:?}: {text}");
        assert!(text.contains(&format!("\n{code:<4} square ")), "{output:?}: {text}");
        assert!(text.contains(message), "{output:?}: {text}");
    }
}

#[test]
fn a_longer_path_is_a_wrong_answer_and_a_shorter_one_the_answers_fault() {
    let dir = judge::scratch::tempdir().unwrap();
    // A path 1-2-3-4 with a shortcut 1-4.
    let input = "4 4\n1 2\n2 3\n3 4\n1 4\n1 4\n";
    let problem = problem(dir.path(), &[("shortcut", input, "2\n1 4\n")]);
    let checking = Checking::checker_program(shortest_path_checker());
    let (failed, text) = report(dir.path(), &problem, "echo 4; echo 1 2 3 4", &checking);
    assert_eq!(failed, 1);
    assert!(
        text.contains("wrong answer a path of 4 vertices, but one of 2 exists"),
        "{text}"
    );
    let wrong_answer_file = problem_with_answer(dir.path(), input, "4\n1 2 3 4\n");
    let (failed, text) = report(
        dir.path(),
        &wrong_answer_file,
        "echo 2; echo 1 4",
        &checking,
    );
    assert_eq!(failed, 1);
    assert!(text.contains("FAIL shortcut"), "{text}");
    assert!(
        text.contains("FAIL the output's path of 2 vertices is shorter than the answer's 4"),
        "{text}"
    );
}

fn problem_with_answer(dir: &Path, input: &str, answer: &str) -> Problem {
    let dir = dir.join("second");
    fs::create_dir_all(&dir).unwrap();
    problem(&dir, &[("shortcut", input, answer)])
}

/// Exit code, stdout and stderr of `judge test --bin PROGRAM --tests DIR
/// --time-limit-ms 10000 ARGS`.
fn judge_test(program: &Path, tests: &Path, args: &[&str]) -> (Option<i32>, String, String) {
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_judge"))
        .arg("test")
        .arg("--bin")
        .arg(program)
        .arg("--tests")
        .arg(tests)
        .args(["--time-limit-ms", "10000"])
        .args(args)
        .stdin(std::process::Stdio::null())
        .output()
        .unwrap();
    (
        output.status.code(),
        String::from_utf8(output.stdout).unwrap(),
        String::from_utf8(output.stderr).unwrap(),
    )
}

#[test]
fn judge_test_compares_as_its_options_say() {
    let dir = judge::scratch::tempdir().unwrap();
    let problem = problem(dir.path(), &[("a", "", "0.5 yes\n")]);
    let tests = &problem.io_tests_dir;
    let program = script(dir.path(), "program", "echo 0.5000001 yes");
    let accept = script(dir.path(), "accept", "echo ok >&2");
    let reject = script(dir.path(), "reject", "echo 'wrong answer no' >&2; exit 1");
    for (args, code, expected) in [
        (
            &[][..],
            1,
            "line 1: expected \"0.5 yes\", got \"0.5000001 yes\"",
        ),
        (
            &["--compare", "tokens"][..],
            1,
            "token 1: expected `0.5`, got `0.5000001`",
        ),
        (
            &["--compare", "float"][..],
            0,
            "compared by float (error 1e-6)",
        ),
        (
            &["--compare=float", "--float-error=1e-9"][..],
            1,
            "error 1.0e-7 > 1e-9",
        ),
        (
            &["--float-error", "1e-3"][..],
            0,
            "compared by float (error 1e-3)",
        ),
        (
            &["--compare", "kattis"][..],
            1,
            "token 1: expected `0.5`, got `0.5000001`",
        ),
        (
            &["--validator-flags", "float_tolerance 1e-6"][..],
            0,
            "compared by kattis (float_tolerance 1e-6)",
        ),
        (
            &[
                "--compare",
                "kattis",
                "--validator-flags=float_absolute_tolerance 1e-8",
            ][..],
            1,
            "absolute error 1.0e-7, relative 2.0e-7, over float_absolute_tolerance 1e-8",
        ),
        (
            &["--checker", accept.to_str().unwrap()][..],
            0,
            "compared by checker ",
        ),
        (
            &["--checker", reject.to_str().unwrap()][..],
            1,
            "wrong answer no",
        ),
    ] {
        let (status, stdout, stderr) = judge_test(&program, tests, args);
        assert_eq!(status, Some(code), "{args:?}: {stdout}{stderr}");
        assert!(stdout.contains(expected), "{args:?}: {stdout}");
    }
    let missing = dir.path().join("no-checker");
    for (args, expected) in [
        (
            &["--compare", "exact"][..],
            "judge: --compare: unknown comparison `exact`: expected lines, tokens, float or kattis",
        ),
        (
            &["--compare", "tokens", "--float-error", "1e-6"][..],
            "judge: --compare: a float error is only for float, not tokens",
        ),
        (
            &["--float-error", "0x10"][..],
            "judge: --float-error takes a decimal number, not \"0x10\"",
        ),
        (
            &["--checker", accept.to_str().unwrap(), "--compare", "float"][..],
            "judge: --checker decides alone: it takes no --compare, --float-error or --validator-flags",
        ),
        (
            &["--compare", "float", "--validator-flags", "case_sensitive"][..],
            "judge: --validator-flags are for --compare kattis, not float",
        ),
        (
            &["--validator-flags", "float_tolerance"][..],
            "judge: --validator-flags: float_tolerance needs a number",
        ),
        (
            &["--checker", missing.to_str().unwrap()][..],
            "judge: --checker: ",
        ),
    ] {
        let (status, stdout, stderr) = judge_test(&program, tests, args);
        assert_eq!(status, Some(2), "{args:?}: {stdout}{stderr}");
        assert!(stderr.starts_with(expected), "{args:?}: {stderr}");
    }
}

#[test]
fn judge_test_takes_an_output_limit() {
    let dir = judge::scratch::tempdir().unwrap();
    let problem = problem(dir.path(), &[("a", "", "yes\n")]);
    let tests = &problem.io_tests_dir;
    let program = script(
        dir.path(),
        "program",
        "echo yes; head -c 2000000 /dev/zero | tr '\\0' ' '",
    );
    let (status, stdout, _) = judge_test(&program, tests, &["--compare", "kattis"]);
    assert_eq!(status, Some(0), "{stdout}");
    let (status, stdout, _) = judge_test(&program, tests, &["--output-limit-mb", "1"]);
    assert_eq!(status, Some(1), "{stdout}");
    assert!(
        stdout.contains("killed after more than 1 MiB of output"),
        "{stdout}"
    );
    let (status, _, stderr) = judge_test(&program, tests, &["--output-limit-mb", "0"]);
    assert_eq!(status, Some(2), "{stderr}");
    assert!(stderr.contains("--output-limit-mb"), "{stderr}");
}
