//! Writing an interactor in Rust (`judge::interact`): the fixture
//! `guess-interact` (tests/fixtures/guess-interact.rs) run by the harness against
//! small shell-script guessers, each of its ways to end shown with its message.

// Its guessers are shell scripts.
#![cfg(unix)]

use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use judge::judging::verdict::{judge_interactive, InteractiveJudgement, Verdict};
use judge::runner::Limits;

use crate::common;

use common::{script, SECOND};

const INTERACTOR: &str = env!("CARGO_BIN_EXE_guess-interact");

/// Guesses 5, then 7, checking the replies: right when the secret is 7.
const GUESSES_5_THEN_7: &str =
    r#"echo 5; read r; [ "$r" = "<" ] || exit 9; echo 7; read r; [ "$r" = "=" ] || exit 9"#;

/// The interactor's judgement of `program` (a shell script body) on the secret
/// `input`, with the answer file `answer` when given.
fn exchange(dir: &Path, program: &str, input: &str, answer: Option<&str>) -> InteractiveJudgement {
    let program = script(dir, "program", program);
    let input_path = dir.join("input");
    fs::write(&input_path, input).unwrap();
    let answer_path = answer.map(|text| {
        let path = dir.join("answer");
        fs::write(&path, text).unwrap();
        path
    });
    judge_interactive(
        &program,
        &Limits::time(10 * SECOND),
        INTERACTOR.as_ref(),
        &input_path,
        answer_path.as_deref(),
    )
    .unwrap()
}

fn interactor_said(judgement: &InteractiveJudgement) -> String {
    String::from_utf8_lossy(&judgement.interaction.interactor.stderr).into_owned()
}

#[test]
fn a_right_guesser_is_accepted_and_the_output_file_written() {
    let dir = judge::scratch::tempdir().unwrap();
    let judged = exchange(dir.path(), GUESSES_5_THEN_7, "7\n", None);
    assert_eq!(
        judged.verdict,
        Ok(Verdict::Accepted),
        "{}",
        interactor_said(&judged)
    );
    assert_eq!(interactor_said(&judged), "found in 2 queries\n");
    assert_eq!(judged.output, b"2\n");
    let judged = exchange(
        dir.path(),
        "echo 9; read r; [ \"$r\" = \">\" ] || exit 9; echo 7; read r",
        "7\n",
        Some("2\n"),
    );
    assert_eq!(
        judged.verdict,
        Ok(Verdict::Accepted),
        "{}",
        interactor_said(&judged)
    );
}

#[test]
fn the_answer_file_bounds_the_queries() {
    let dir = judge::scratch::tempdir().unwrap();
    let judged = exchange(dir.path(), GUESSES_5_THEN_7, "7\n", Some("1\n"));
    assert_eq!(
        judged.verdict.unwrap().to_string(),
        "the interactor says: no right guess in 1 queries\n"
    );
}

#[test]
fn a_malformed_or_missing_guess_is_a_presentation_error() {
    let dir = judge::scratch::tempdir().unwrap();
    let judged = exchange(dir.path(), "echo five", "7\n", None);
    assert_eq!(
        judged.verdict.unwrap().to_string(),
        "presentation error: the interactor says: expected a guess, found \"five\"\n"
    );
    let judged = exchange(dir.path(), "exit 0", "7\n", None);
    assert_eq!(
        judged.verdict.unwrap().to_string(),
        "presentation error: the interactor says: expected a guess, found the end\n"
    );
}

#[test]
fn a_broken_input_or_answer_is_the_interactors_failure() {
    let dir = judge::scratch::tempdir().unwrap();
    let judged = exchange(dir.path(), GUESSES_5_THEN_7, "seven\n", None);
    assert_eq!(
        judged.verdict,
        Err(
            "the interactor failed: exit status 3\nthe input: expected the secret, found \"seven\""
                .to_string()
        )
    );
    let judged = exchange(dir.path(), GUESSES_5_THEN_7, "7\n", Some("many\n"));
    assert_eq!(
        judged.verdict,
        Err(
            "the interactor failed: exit status 3\nthe answer: expected the most queries allowed"
                .to_string()
        )
    );
}

/// Runs the interactor directly with `args` and `stdin`: its exit code and stderr.
fn run_directly(args: &[PathBuf], stdin: &[u8]) -> (Option<i32>, String) {
    let mut child = Command::new(INTERACTOR)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // An interactor that fails early may not read it all.
    let _ = child.stdin.take().unwrap().write_all(stdin);
    let output = child.wait_with_output().unwrap();
    (
        output.status.code(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

#[test]
fn bad_usage_and_unreadable_files_fail_with_their_reason() {
    let dir = judge::scratch::tempdir().unwrap();
    let usage = (
        Some(3),
        "usage: INTERACTOR INPUT OUTPUT [ANSWER]\n".to_string(),
    );
    assert_eq!(run_directly(&[], b""), usage);
    let input = dir.path().join("input");
    let output = dir.path().join("output");
    assert_eq!(
        run_directly(
            &[input.clone(), output.clone(), input.clone(), input.clone()],
            b""
        ),
        usage
    );
    let (code, message) = run_directly(&[input.clone(), output.clone()], b"");
    assert_eq!(code, Some(3));
    assert!(
        message.starts_with(&format!("cannot open {}: ", input.display())),
        "{message}"
    );
    fs::write(&input, "7\n").unwrap();
    let missing = dir.path().join("no-answer");
    let (code, message) = run_directly(&[input.clone(), output.clone(), missing.clone()], b"7\n");
    assert_eq!(code, Some(3));
    assert!(
        message.starts_with(&format!("cannot read {}: ", missing.display())),
        "{message}"
    );
    let (code, message) = run_directly(&[input.clone(), dir.path().to_path_buf()], b"7\n");
    assert_eq!(code, Some(3));
    let shown = dir.path().display();
    assert!(
        message.starts_with(&format!("cannot write {shown}: ")),
        "{message}"
    );
}
