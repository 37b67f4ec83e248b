//! Bad input: the built submission must exit with status 1, say what is wrong on
//! stderr, and print no answer at all (it checks the whole input before writing).

use judge::bad_input;

const SUBMISSION: &str = env!("CARGO_BIN_EXE_line-sg");

/// Asserts a clean rejection whose message mentions `hint`, with nothing printed.
fn assert_rejected(input: &[u8], hint: &str) {
    bad_input::assert_rejected(SUBMISSION, input, hint, b"");
}

#[test]
fn good_input_is_accepted() {
    let run = bad_input::run(SUBMISSION, b"2\nX.X\n...\n");
    assert!(run.succeeded());
    assert_eq!(run.stdout, b"Case 1: Yes\nCase 2: Yes\n");
    assert!(run.stderr.is_empty());
}

#[test]
fn zero_strips_print_nothing() {
    let run = bad_input::run(SUBMISSION, b"0\n");
    assert!(run.succeeded());
    assert!(run.stdout.is_empty());
}

#[test]
fn a_character_other_than_dot_x_o() {
    assert_rejected(b"2\nX.\nXa.\n", "strip 2: cell 2 holds 'a'");
    assert_rejected(b"1\nx..\n", "strip 1: cell 1 holds 'x'");
    assert_rejected(b"1\n.0.\n", "'0'");
    assert_rejected(b"1\n.\x00.\n", "strip 1: cell 2");
}

#[test]
fn a_byte_that_is_not_ascii() {
    assert_rejected("1\n.\u{a0}X\n".as_bytes(), "not ASCII");
    assert_rejected(b"1\n.\xffX\n", "not ASCII");
}

#[test]
fn two_equal_symbols_side_by_side() {
    assert_rejected(
        b"3\n...\nX.XX\n.\n",
        "strip 2: two 'X' side by side at cells 3 and 4",
    );
    assert_rejected(b"1\nOO\n", "two 'O' side by side at cells 1 and 2");
}

#[test]
fn fewer_strips_than_announced() {
    assert_rejected(b"3\n.\nX\n", "expected 3 strips, found 2");
    assert_rejected(b"1\n", "expected 1 strips, found 0");
}

#[test]
fn more_input_than_announced() {
    assert_rejected(b"1\n.\nX\n", "more input after the 1 strips");
}

#[test]
fn the_count_is_not_a_number() {
    assert_rejected(b"abc\n.\n", "not a whole number");
    assert_rejected(b"-1\n.\n", "not a whole number");
    assert_rejected(b"2.5\n.\n", "not a whole number");
    assert_rejected(b"99999999999999999999999\n.\n", "not a whole number");
    assert_rejected(b"", "empty input");
    assert_rejected(b" \n\n", "empty input");
}
