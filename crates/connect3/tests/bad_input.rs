//! Malformed input: the submission must say what is wrong on stderr, exit with
//! status 1 and print no answer.

use judge::bad_input;

const SUBMISSION: &str = env!("CARGO_BIN_EXE_connect3");

/// Asserts a clean rejection whose message mentions `hint`, with nothing printed.
fn assert_rejected(input: &[u8], hint: &str) {
    bad_input::assert_rejected(SUBMISSION, input, hint, b"");
}

#[test]
fn valid_input_is_accepted() {
    // The control for the tests below: the same shape of input, well formed.
    let execution = bad_input::run(SUBMISSION, b"2\n2 3\n");
    assert!(execution.succeeded());
    assert_eq!(execution.stdout, b"516\n");
    assert!(execution.stderr.is_empty());
}

#[test]
fn values_outside_one_to_four_are_rejected() {
    assert_rejected(b"0\n2 3\n", "x must be a whole number from 1 to 4");
    assert_rejected(b"5\n2 3\n", "x must be");
    assert_rejected(b"2\n0 3\n", "a must be");
    assert_rejected(b"2\n2 5\n", "b must be");
    assert_rejected(b"-1\n2 3\n", "x must be");
    assert_rejected(b"2\n99999999999999999999999 3\n", "a must be");
}

#[test]
fn non_numbers_are_rejected() {
    assert_rejected(b"two\n2 3\n", "x must be");
    assert_rejected(b"2\n2 3.0\n", "b must be");
    assert_rejected(b"2\n2 \xff\n", "not UTF-8");
}

#[test]
fn missing_tokens_are_rejected() {
    assert_rejected(b"", "ends before x");
    assert_rejected(b"  \n", "ends before x");
    assert_rejected(b"2\n", "ends before a");
    assert_rejected(b"2\n2\n", "ends before b");
}

#[test]
fn extra_tokens_are_rejected() {
    assert_rejected(b"2\n2 3 4\n", "unexpected text");
    assert_rejected(b"2\n2 3\n2\n2 3\n", "unexpected text");
}
