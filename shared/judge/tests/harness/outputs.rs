//! `judge::commands::outputs`: the `.out` of every new input, from the naive, never
//! overwriting a file, and nothing written for an input that is rejected or that
//! the naive fails on.

// Its naives and validators are shell scripts.
#![cfg(unix)]

use std::fs;
use std::path::Path;
use std::time::Duration;

use judge::cases::problem::Problem;
use judge::commands::outputs::write_outputs;

use crate::common;

use common::{script, SECOND};

const NAIVE: &str = r#"
read x
case $x in
    crash) echo "naive: cannot solve $x" >&2; exit 4 ;;
    hang) sleep 60 ;;
esac
echo "answer $x"
"#;

const VALIDATOR: &str = r#"
if grep -q bad; then echo "line 1, column 1: a bad input" >&2; exit 1; fi
"#;

fn problem(dir: &Path, files: &[(&str, &str)]) -> Problem {
    let problem = common::fixture_problem(dir, SECOND);
    for (file, text) in files {
        fs::write(problem.io_tests_dir.join(file), text).unwrap();
    }
    problem
}

#[test]
fn new_inputs_get_the_naives_output_and_nothing_else_is_touched() {
    let dir = judge::scratch::tempdir().unwrap();
    let problem = problem(
        dir.path(),
        &[
            ("old.in", "old\n"),
            ("old.out", "kept as it was\n"),
            ("new.in", "new\n"),
            ("bad.in", "bad\n"),
            ("crash.in", "crash\n"),
            ("hang.in", "hang\n"),
            ("lonely.out", "no input\n"),
        ],
    );
    let naive = script(dir.path(), "naive", NAIVE);
    let validator = script(dir.path(), "validate", VALIDATOR);
    let mut report = Vec::new();
    let written = write_outputs(
        &problem,
        &naive,
        Some(&validator),
        Duration::from_millis(500),
        &mut report,
    )
    .unwrap();
    let report = String::from_utf8(report).unwrap();
    assert_eq!((written.written, written.not_written), (1, 3), "{report}");
    assert_eq!(written.to_string(), "1 written, 3 not written");
    let tests = &problem.io_tests_dir;
    let read = |file: &str| fs::read_to_string(tests.join(file)).ok();
    assert_eq!(read("new.out").as_deref(), Some("answer new\n"));
    assert_eq!(read("old.out").as_deref(), Some("kept as it was\n"));
    for file in ["bad.out", "crash.out", "hang.out", "lonely.in"] {
        assert_eq!(read(file), None, "{file} was written:\n{report}");
    }
    for expected in [
        "fixture: 4 inputs without an output in ",
        "new.out (11 bytes)",
        "the validator rejects the input:\n     line 1, column 1: a bad input",
        "the naive failed: exit status 4\n     naive: cannot solve crash",
        "the naive was still running after 500 ms",
    ] {
        assert!(
            report.contains(expected),
            "missing {expected:?} in\n{report}"
        );
    }

    // A second run has nothing left to write and touches nothing.
    fs::remove_file(tests.join("bad.in")).unwrap();
    fs::remove_file(tests.join("crash.in")).unwrap();
    fs::remove_file(tests.join("hang.in")).unwrap();
    let mut report = Vec::new();
    let written = write_outputs(&problem, &naive, None, 5 * SECOND, &mut report).unwrap();
    assert_eq!((written.written, written.not_written), (0, 0));
    assert_eq!(read("new.out").as_deref(), Some("answer new\n"));
}

#[test]
fn a_missing_naive_or_folder_is_an_error() {
    let dir = judge::scratch::tempdir().unwrap();
    let problem = problem(dir.path(), &[("a.in", "1\n")]);
    let error = write_outputs(
        &problem,
        &dir.path().join("no-naive"),
        None,
        SECOND,
        &mut Vec::new(),
    )
    .unwrap_err();
    assert!(error.to_string().contains("no-naive"), "{error}");
    let naive = script(dir.path(), "naive", NAIVE);
    let nowhere = Problem {
        io_tests_dir: dir.path().join("nowhere"),
        ..problem
    };
    assert!(write_outputs(&nowhere, &naive, None, SECOND, &mut Vec::new()).is_err());
}

#[test]
fn judge_outputs_writes_what_is_missing_and_fails_on_what_it_cannot() {
    let dir = judge::scratch::tempdir().unwrap();
    let root = dir.path();
    common::problem_crate(root, "demo", 500, &["naive", "validate"]);
    let bin_dir = root.join("bin");
    fs::create_dir_all(&bin_dir).unwrap();
    script(&bin_dir, "demo-naive", NAIVE);
    script(&bin_dir, "demo-validate", VALIDATOR);
    let tests = root.join("io-tests/demo");
    fs::create_dir_all(&tests).unwrap();
    fs::write(tests.join("one.in"), "1\n").unwrap();
    let run = || {
        let output = std::process::Command::new(env!("CARGO_BIN_EXE_judge"))
            .arg("outputs")
            .arg("--root")
            .arg(root)
            .arg("--bin-dir")
            .arg(&bin_dir)
            .arg("demo")
            .output()
            .unwrap();
        (
            output.status.code(),
            String::from_utf8(output.stdout).unwrap(),
            String::from_utf8(output.stderr).unwrap(),
        )
    };
    let (code, stdout, stderr) = run();
    assert_eq!(code, Some(0), "{stdout}{stderr}");
    assert!(stdout.ends_with("1 written, 0 not written\n"), "{stdout}");
    assert_eq!(
        fs::read_to_string(tests.join("one.out")).unwrap(),
        "answer 1\n"
    );

    fs::write(tests.join("two.in"), "bad\n").unwrap();
    let (code, stdout, _) = run();
    assert_eq!(code, Some(1), "{stdout}");
    assert!(stdout.contains("a bad input"), "{stdout}");
    assert!(stdout.ends_with("0 written, 1 not written\n"), "{stdout}");
    assert!(!tests.join("two.out").exists());

    fs::remove_file(bin_dir.join("demo-validate")).unwrap();
    let (code, _, stderr) = run();
    assert_eq!(code, Some(2), "the crate has a validator: it must be built");
    assert!(stderr.contains("demo-validate"), "{stderr}");

    common::problem_crate(root, "demo", 500, &["naive"]);
    fs::remove_file(tests.join("two.in")).unwrap();
    fs::write(tests.join("three.in"), "3\n").unwrap();
    let (code, stdout, stderr) = run();
    assert_eq!(
        code,
        Some(0),
        "no validator declared: none needed\n{stdout}{stderr}"
    );
    assert_eq!(
        fs::read_to_string(tests.join("three.out")).unwrap(),
        "answer 3\n"
    );
}

#[test]
fn an_output_that_appears_while_the_naive_runs_is_kept() {
    let dir = judge::scratch::tempdir().unwrap();
    let problem = problem(dir.path(), &[("a.in", "1\n")]);
    let output = problem.io_tests_dir.join("a.out");
    // The naive itself writes the `.out` first: it appears between the
    // search for inputs without one and the writing.
    let naive = script(
        dir.path(),
        "naive",
        &format!("echo written meanwhile > '{}'; echo 1", output.display()),
    );
    let mut report = Vec::new();
    let written = write_outputs(&problem, &naive, None, SECOND, &mut report).unwrap();
    let report = String::from_utf8(report).unwrap();
    assert_eq!((written.written, written.not_written), (0, 1), "{report}");
    assert!(
        report.ends_with(&format!(
            "not written: {}\n     it appeared meanwhile: never overwritten\n",
            output.display()
        )),
        "{report}"
    );
    assert_eq!(fs::read_to_string(&output).unwrap(), "written meanwhile\n");
}

#[test]
fn an_output_that_cannot_be_created_is_an_error() {
    let dir = judge::scratch::tempdir().unwrap();
    let problem = problem(dir.path(), &[("a.in", "1\n")]);
    // The naive removes the cases' folder: the `.out` has nowhere to go.
    let naive = script(
        dir.path(),
        "naive",
        &format!("rm -r '{}'; echo 1", problem.io_tests_dir.display()),
    );
    let error = write_outputs(&problem, &naive, None, SECOND, &mut Vec::new()).unwrap_err();
    assert_eq!(error.kind(), std::io::ErrorKind::NotFound);
    let output = problem.io_tests_dir.join("a.out");
    assert!(
        error
            .to_string()
            .starts_with(&format!("{}: ", output.display())),
        "{error}"
    );
}
