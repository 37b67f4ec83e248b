//! The interactive benchmark (`src/bin/interactive-bench.rs`) times only real
//! exchanges: its parts take their roles from their arguments, check every
//! query and answer, and a run whose parts did not play them fails it.

use std::process::Command;

/// The benchmark's exit code, stdout and stderr for `args`.
fn bench(args: &[&str]) -> (Option<i32>, String, String) {
    let output = Command::new(env!("CARGO_BIN_EXE_interactive-bench"))
        .args(args)
        .output()
        .unwrap();
    (
        output.status.code(),
        String::from_utf8_lossy(&output.stdout).into_owned(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

#[test]
fn a_real_exchange_is_timed_on_both_sides() {
    // Even with the variable the old benchmark told its parts apart by.
    let output = Command::new(env!("CARGO_BIN_EXE_interactive-bench"))
        .args(["bench", "300", "1"])
        .env("INTERACTIVE_BENCH_PROGRAM_ROUND_TRIPS", "300")
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(
        output.status.success(),
        "{stdout}{}",
        String::from_utf8_lossy(&output.stderr)
    );
    assert!(
        stdout.starts_with("300 round trips, every answer and query checked, 1 runs each"),
        "{stdout}"
    );
    for side in [
        "through the runner  median ",
        "over bare pipes     median ",
        "runner / bare       median ",
    ] {
        assert!(
            stdout.lines().any(|line| line.starts_with(side)),
            "no {side:?} in {stdout}"
        );
    }
}

#[test]
fn wrong_answers_fail_the_benchmark() {
    let (code, stdout, stderr) = bench(&["bench", "300", "1", "--fault", "wrong-answer"]);
    assert_eq!(code, Some(1), "{stdout}{stderr}");
    assert!(stdout.is_empty(), "a figure was printed: {stdout}");
    assert!(
        stderr.starts_with("interactive-bench: through the runner: the program did not play its part (exit not 0, stderr \"interactive-bench: program: the answer to query 150 is \\\"152\\\", not 151\""),
        "{stderr}"
    );
}

#[test]
fn an_interactor_that_checks_nothing_fails_the_benchmark() {
    let (code, stdout, stderr) = bench(&["bench", "300", "1", "--fault", "unchecked"]);
    assert_eq!(code, Some(1), "{stdout}{stderr}");
    assert!(stdout.is_empty(), "a figure was printed: {stdout}");
    assert!(
        stderr.starts_with("interactive-bench: through the runner: the interactor did not play its part (exit 0, stderr \"interactor: 300 queries answered, none checked\""),
        "{stderr}"
    );
}

#[test]
fn the_parts_check_what_they_are_sent() {
    // The program, fed a wrong answer by hand.
    let program = Command::new(env!("CARGO_BIN_EXE_interactive-bench"))
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    use std::io::Write;
    let mut program = program;
    program
        .stdin
        .take()
        .unwrap()
        .write_all(b"2\n1\n3\n")
        .unwrap();
    let output = program.wait_with_output().unwrap();
    assert_eq!(String::from_utf8_lossy(&output.stdout), "? 0\n? 1\n");
    assert_eq!(
        String::from_utf8_lossy(&output.stderr),
        "interactive-bench: program: the answer to query 1 is \"3\", not 2\n"
    );
    assert_eq!(output.status.code(), Some(1));
    // The interactor, asked the wrong query.
    let mut interactor = Command::new(env!("CARGO_BIN_EXE_interactive-bench"))
        .args(["interactor", "2"])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    interactor
        .stdin
        .take()
        .unwrap()
        .write_all(b"? 0\n? 2\n")
        .unwrap();
    let output = interactor.wait_with_output().unwrap();
    assert_eq!(String::from_utf8_lossy(&output.stdout), "2\n1\n");
    assert_eq!(
        String::from_utf8_lossy(&output.stderr),
        "interactive-bench: interactor: query 1 is \"? 2\", not \"? 1\"\n"
    );
    assert_eq!(output.status.code(), Some(1));
}

#[test]
fn bad_arguments_are_refused() {
    for args in [
        &["bench", "0"][..],
        &["bench", "10", "x"],
        &["bench", "1", "--fault", "late"],
        &["interactor"],
        &["what"],
    ] {
        let (code, stdout, stderr) = bench(args);
        assert_eq!(code, Some(1), "{args:?}: {stdout}{stderr}");
        assert!(
            stderr.starts_with("interactive-bench: "),
            "{args:?}: {stderr}"
        );
    }
}
