//! The input validator (`src/bin/validate.rs`), checked in-process: every stored
//! input and all 64 inputs of the generator's walk are valid, each kind of bad input
//! gets its message, and no single-byte mutant of a stored input makes it panic or
//! hang. One test runs the built binary for the exit status and stderr contract.

#[allow(dead_code)]
#[path = "../../src/bin/validate.rs"]
mod validator;

use judge_check::validate::{assert_invalid, Mutants};
use std::time::Duration;
use validator::validate;

const X: &str = "x (the column of black's first stone), an integer from 1 to 4";
const A: &str = "a (the row of white's last stone), an integer from 1 to 4";
const B: &str = "b (the column of white's last stone), an integer from 1 to 4";

fn message(line: usize, column: usize, expected: &str, found: &str) -> String {
    format!("connect3: line {line}, column {column}: expected {expected}, found {found}")
}

#[test]
fn stored_inputs_are_valid() {
    judge_check::validate::assert_stored_inputs_valid(validate, env!("CARGO_MANIFEST_DIR"));
}

#[test]
fn generated_inputs_are_valid() {
    let random: Vec<(u64, &str)> = (0..4).map(|seed| (seed, "1")).collect();
    judge_check::validate::assert_generated_inputs_valid(
        validate,
        env!("CARGO_BIN_EXE_connect3-gen"),
        &random,
    );
}

#[test]
fn values_outside_one_to_four_are_rejected() {
    assert_invalid(validate, b"0\n2 3\n", &message(1, 1, X, "\"0\""));
    assert_invalid(validate, b"5\n2 3\n", &message(1, 1, X, "\"5\""));
    assert_invalid(validate, b"-1\n2 3\n", &message(1, 1, X, "\"-1\""));
    assert_invalid(validate, b"2\n0 3\n", &message(2, 1, A, "\"0\""));
    assert_invalid(validate, b"2\n2 5\n", &message(2, 3, B, "\"5\""));
    assert_invalid(
        validate,
        b"2\n99999999999999999999999 3\n",
        &message(2, 1, A, "\"99999999999999999999\"..."),
    );
}

#[test]
fn non_numbers_are_rejected() {
    assert_invalid(validate, b"two\n2 3\n", &message(1, 1, X, "\"two\""));
    assert_invalid(validate, b"+2\n2 3\n", &message(1, 1, X, "\"+2\""));
    assert_invalid(validate, b"02\n2 3\n", &message(1, 1, X, "\"02\""));
    assert_invalid(validate, b"2\n2 3.0\n", &message(2, 3, B, "\"3.0\""));
    assert_invalid(validate, b"2\n2 \xff\n", &message(2, 3, B, "\"\\xff\""));
}

#[test]
fn the_layout_is_exact() {
    assert_invalid(validate, b"2 2 3\n", &message(1, 2, "a newline", "\" \""));
    assert_invalid(validate, b"2\n2\n3\n", &message(2, 2, "a space", "\"\\n\""));
    assert_invalid(validate, b"2\n2  3\n", &message(2, 3, B, "\" \""));
    assert_invalid(
        validate,
        b"2\n2 3",
        &message(2, 4, "a newline", "end of input"),
    );
    assert_invalid(
        validate,
        b"2\r\n2 3\r\n",
        &message(1, 2, "a newline", "\"\\r\""),
    );
    assert_invalid(validate, b" 2\n2 3\n", &message(1, 1, X, "\" \""));
}

#[test]
fn missing_and_extra_tokens_are_rejected() {
    assert_invalid(validate, b"", &message(1, 1, X, "end of input"));
    assert_invalid(validate, b"2\n", &message(2, 1, A, "end of input"));
    assert_invalid(validate, b"2\n2 ", &message(2, 3, B, "end of input"));
    assert_invalid(
        validate,
        b"2\n2 3 4\n",
        &message(2, 4, "a newline", "\" \""),
    );
    assert_invalid(
        validate,
        b"2\n2 3\n2\n2 3\n",
        &message(3, 1, "end of input", "\"2\""),
    );
}

#[test]
fn single_byte_mutants_of_stored_inputs_are_accepted_or_rejected_cleanly() {
    let inputs = judge_check::validate::stored_inputs(env!("CARGO_MANIFEST_DIR"));
    let Mutants { tried, rejected } = judge_check::validate::check_mutants(
        validate,
        "connect3",
        &inputs,
        Duration::from_secs(60),
    );
    println!("connect3: {tried} mutants tried, {rejected} rejected");
    assert!(rejected > 0 && rejected < tried, "{rejected} of {tried}");
}

#[test]
fn the_binary_exits_0_silently_or_1_with_one_line() {
    judge_check::validate::assert_exit_contract(
        env!("CARGO_BIN_EXE_connect3-validate"),
        b"2\n2 3\n",
        b"2\n2 5\n",
        &message(2, 3, B, "\"5\""),
    );
}
