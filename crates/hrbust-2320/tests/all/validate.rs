//! The input validator (`src/bin/validate.rs`), checked in-process: every stored and
//! generated input is valid, every board of 3^9 with each mover is judged by the one
//! board rule (not both players own a line), each kind of bad input gets its message,
//! and no single-byte mutant of a stored input makes it panic or hang. One test runs
//! the built binary for the exit status and stderr contract.

use crate::common;
#[allow(dead_code)]
#[path = "../../src/bin/validate.rs"]
mod validator;

use common::owns_line;
use judge_check::validate::{assert_invalid, assert_valid, Mutants};
use std::time::Duration;
use validator::validate;

const EMPTY_CASE: &str = ". . .\n. . .\n. . .\nx\n";

#[test]
fn stored_inputs_are_valid() {
    judge_check::validate::assert_stored_inputs_valid(validate, env!("CARGO_MANIFEST_DIR"));
}

#[test]
fn generated_inputs_are_valid() {
    let mut random: Vec<(u64, &str)> = (0..10).map(|seed| (seed, "100")).collect();
    random.push((10, "20000"));
    judge_check::validate::assert_generated_inputs_valid(
        validate,
        env!("CARGO_BIN_EXE_hrbust-2320-gen"),
        &random,
    );
}

#[test]
fn a_board_is_valid_unless_both_players_own_a_line() {
    let mut rejected = 0;
    for number in 0..3_usize.pow(9) {
        let cells: Vec<u8> = (0..9)
            .map(|cell| b".xo"[number / 3_usize.pow(cell) % 3])
            .collect();
        let both = owns_line(&cells, b'x') && owns_line(&cells, b'o');
        for mover in ["x", "o"] {
            let rows: Vec<String> = cells
                .chunks(3)
                .map(|row| format!("{} {} {}\n", row[0] as char, row[1] as char, row[2] as char))
                .collect();
            let input = format!("2\n{EMPTY_CASE}{}{mover}\n", rows.concat());
            match validate(input.as_bytes()) {
                Ok(()) => assert!(!both, "{input:?} is accepted"),
                Err(message) => {
                    assert!(both, "{input:?}: {message}");
                    assert_eq!(
                        message,
                        "hrbust-2320: line 6, column 1 (case 2): expected a board where at most \
                         one player owns a line, found both x and o own a line"
                    );
                    rejected += 1;
                }
            }
        }
    }
    assert!(rejected > 0);
}

#[test]
fn any_printable_token_is_a_cell_and_any_blank_separates() {
    assert_valid(validate, "odd cells", b"1\nxo o1 _ X x! 0 - O oo\nx\n");
    assert_valid(validate, "one line", b"1 . . . . . . . . . o");
    assert_valid(
        validate,
        "tabs and CRLF",
        b"\t1\r\n.\t.\t.\r\n. . .\r\n. . .\r\no\r\n\n",
    );
    assert_valid(validate, "no cases", b"0\n");
}

#[test]
fn a_bad_number_of_cases_is_rejected() {
    let expected = "the number of cases T, an integer from 0 to 1000000";
    for (count, found) in [
        ("1000001", "\"1000001\""),
        ("-1", "\"-1\""),
        ("+1", "\"+1\""),
        ("01", "\"01\""),
        ("1.5", "\"1.5\""),
        ("abc", "\"abc\""),
        ("99999999999999999999999", "\"99999999999999999999\"..."),
    ] {
        assert_invalid(
            validate,
            format!("{count}\n{EMPTY_CASE}").as_bytes(),
            &format!("hrbust-2320: line 1, column 1: expected {expected}, found {found}"),
        );
    }
    let at = |line: usize, found: &str| {
        format!("hrbust-2320: line {line}, column 1: expected {expected}, found {found}")
    };
    assert_invalid(validate, b"", &at(1, "end of input"));
    assert_invalid(validate, b" \n\n", &at(3, "end of input"));
}

#[test]
fn a_bad_mover_is_rejected() {
    for mover in ["X", "O", "xo", ".", "1"] {
        let input = format!("1\n. . .\n. . .\n. . .\n{mover}\n");
        assert_invalid(
            validate,
            input.as_bytes(),
            &format!(
                "hrbust-2320: line 5, column 1 (case 1): expected the player to move, x or o, \
                 found \"{mover}\""
            ),
        );
    }
}

#[test]
fn missing_and_extra_tokens_are_rejected() {
    let cell = "a cell (a token of printable ASCII)";
    assert_invalid(
        validate,
        b"1\n. . .\n. .\n",
        &format!("hrbust-2320: line 4, column 1 (case 1): expected {cell}, found end of input"),
    );
    assert_invalid(
        validate,
        b"1\n. . .\n. . .\n. . .\n",
        "hrbust-2320: line 5, column 1 (case 1): expected the player to move, x or o, \
         found end of input",
    );
    assert_invalid(
        validate,
        format!("2\n{EMPTY_CASE}").as_bytes(),
        &format!("hrbust-2320: line 6, column 1 (case 2): expected {cell}, found end of input"),
    );
    assert_invalid(
        validate,
        format!("1\n{EMPTY_CASE}x\n").as_bytes(),
        "hrbust-2320: line 6, column 1: expected end of input, found \"x\"",
    );
}

#[test]
fn bytes_outside_printable_ascii_and_blanks_are_rejected() {
    let cell = "a cell (a token of printable ASCII)";
    for (bytes, found) in [
        (&b"\xff"[..], r#""\xff""#),
        (b"\xc2\xa0", r#""\xc2""#),
        (b"\x00", r#""\x00""#),
        (b"\x0b", r#""\x0b""#),
        (b"\x0c", r#""\x0c""#),
    ] {
        let input = [&b"1\n. "[..], bytes, b" .\n. . .\n. . .\nx\n"].concat();
        assert_invalid(
            validate,
            &input,
            &format!("hrbust-2320: line 2, column 3 (case 1): expected {cell}, found {found}"),
        );
    }
    // Glued to a token, the byte is met where the next token should start.
    assert_invalid(
        validate,
        b"1\n.\xff . .\n. . .\n. . .\nx\n",
        &format!("hrbust-2320: line 2, column 2 (case 1): expected {cell}, found \"\\xff\""),
    );
}

#[test]
fn single_byte_mutants_of_stored_inputs_are_accepted_or_rejected_cleanly() {
    let inputs = judge_check::validate::stored_inputs(env!("CARGO_MANIFEST_DIR"));
    let Mutants { tried, rejected } = judge_check::validate::check_mutants(
        validate,
        "hrbust-2320",
        &inputs,
        Duration::from_secs(60),
    );
    println!("hrbust-2320: {tried} mutants tried, {rejected} rejected");
    assert!(rejected > 0 && rejected < tried, "{rejected} of {tried}");
}

#[test]
fn the_binary_exits_0_silently_or_1_with_one_line() {
    judge_check::validate::assert_exit_contract(
        env!("CARGO_BIN_EXE_hrbust-2320-validate"),
        format!("1\n{EMPTY_CASE}").as_bytes(),
        b"1\nx x x\no o o\n. . .\nx\n",
        "hrbust-2320: line 2, column 1 (case 1): expected a board where at most one player \
         owns a line, found both x and o own a line",
    );
}
