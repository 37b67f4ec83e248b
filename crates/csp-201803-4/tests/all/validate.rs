//! The input validator (`src/bin/validate.rs`), checked in-process: every stored and
//! generated input is valid, the rule on boards is exactly "reached in play with Alice
//! to move", each kind of bad input gets its message, and no single-byte mutant of a
//! stored input makes it panic or hang. One test runs the built binary for the exit
//! status and stderr contract.

use crate::common;

#[allow(dead_code)]
#[path = "../../src/bin/validate.rs"]
mod validator;

use common::owns_line;
use judge_check::validate::{assert_invalid, Mutants};
use std::collections::BTreeSet;
use std::time::Duration;
use validator::validate;

const EMPTY_BOARD: &str = "0 0 0\n0 0 0\n0 0 0\n";

fn board_text(cells: &[u8]) -> String {
    cells
        .chunks(3)
        .map(|row| format!("{} {} {}\n", row[0], row[1], row[2]))
        .collect()
}

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
        env!("CARGO_BIN_EXE_csp-201803-4-gen"),
        &random,
    );
}

/// Every position met with Alice to move in some game from the empty board (finished
/// ones included), found by playing every game.
fn positions_with_alice_to_move() -> BTreeSet<Vec<u8>> {
    fn play(cells: &mut Vec<u8>, alice: bool, found: &mut BTreeSet<Vec<u8>>) {
        if alice && !found.insert(cells.clone()) {
            return;
        }
        if owns_line(cells, 1) || owns_line(cells, 2) {
            return;
        }
        for cell in 0..9 {
            if cells[cell] == 0 {
                cells[cell] = if alice { 1 } else { 2 };
                play(cells, !alice, found);
                cells[cell] = 0;
            }
        }
    }
    let mut found = BTreeSet::new();
    play(&mut vec![0; 9], true, &mut found);
    found
}

#[test]
fn a_board_is_valid_exactly_when_a_game_reaches_it_with_alice_to_move() {
    let reachable = positions_with_alice_to_move();
    let mut rejected = 0;
    for number in 0..3_usize.pow(9) {
        let cells: Vec<u8> = (0..9)
            .map(|cell| (number / 3_usize.pow(cell) % 3) as u8)
            .collect();
        let input = format!("2\n{EMPTY_BOARD}{}", board_text(&cells));
        match validate(input.as_bytes()) {
            Ok(()) => assert!(reachable.contains(&cells), "{cells:?} is accepted"),
            Err(message) => {
                assert!(!reachable.contains(&cells), "{cells:?}: {message}");
                assert!(
                    message.starts_with("csp-201803-4: line 5, column 1 (case 2): expected "),
                    "{message}"
                );
                rejected += 1;
            }
        }
    }
    assert_eq!(rejected, 3_usize.pow(9) - reachable.len());
}

#[test]
fn each_kind_of_unreachable_board_has_its_message() {
    let case = |board: &str| format!("1\n{board}");
    assert_invalid(
        validate,
        case("1 1 1\n2 2 2\n0 0 0\n").as_bytes(),
        "csp-201803-4: line 2, column 1 (case 1): expected a position reached in play, \
         found both Alice (1) and Bob (2) own a line",
    );
    assert_invalid(
        validate,
        case("1 2 1\n1 2 2\n2 1 1\n").as_bytes(),
        "csp-201803-4: line 2, column 1 (case 1): expected Alice to move: as many 1s as 2s, \
         found 5 1s and 4 2s",
    );
    assert_invalid(
        validate,
        case("1 1 1\n2 2 0\n2 0 0\n").as_bytes(),
        "csp-201803-4: line 2, column 1 (case 1): expected a position with Alice to move, \
         found a line of 1s: the game ended on Alice's own move",
    );
}

#[test]
fn a_bad_number_of_cases_is_rejected() {
    let expected = "the number of cases T, an integer from 1 to 1000000";
    for (count, found) in [
        ("0", "\"0\""),
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
            format!("{count}\n{EMPTY_BOARD}").as_bytes(),
            &format!("csp-201803-4: line 1, column 1: expected {expected}, found {found}"),
        );
    }
    let at_start =
        |found: &str| format!("csp-201803-4: line 1, column 1: expected {expected}, found {found}");
    assert_invalid(validate, b"", &at_start("end of input"));
    assert_invalid(validate, b" 1\n", &at_start("\" \""));
    assert_invalid(validate, b"\n1\n", &at_start("\"\\n\""));
}

#[test]
fn a_cell_other_than_0_1_2_is_rejected() {
    for (cell, found) in [
        ("3", r#""3""#),
        ("-1", r#""-1""#),
        ("00", r#""00""#),
        ("01", r#""01""#),
        ("x", r#""x""#),
        (".", r#"".""#),
        ("1.0", r#""1.0""#),
        ("+1", r#""+1""#),
        // A no-break space: its first byte is not printable ASCII.
        ("\u{a0}", r#""\xc2""#),
    ] {
        let input = format!("2\n{EMPTY_BOARD}0 0 0\n0 {cell} 0\n0 0 0\n");
        assert_invalid(
            validate,
            input.as_bytes(),
            &format!(
                "csp-201803-4: line 6, column 3 (case 2): expected a cell 0, 1 or 2, found {found}"
            ),
        );
    }
}

#[test]
fn the_layout_is_exact() {
    let at = |line: usize, column: usize, expected: &str, found: &str| {
        format!("csp-201803-4: line {line}, column {column}{expected}, found {found}")
    };
    // Two spaces, a tab, a carriage return, a missing final newline, a blank line.
    let cases: [(&[u8], String); 6] = [
        (
            b"1\n0  0 0\n0 0 0\n0 0 0\n",
            at(2, 3, " (case 1): expected a cell 0, 1 or 2", "\" \""),
        ),
        (
            b"1\n0\t0 0\n0 0 0\n0 0 0\n",
            at(2, 2, " (case 1): expected a space", "\"\\t\""),
        ),
        (
            b"1\r\n0 0 0\n0 0 0\n0 0 0\n",
            at(1, 2, ": expected a newline", "\"\\r\""),
        ),
        (
            b"1\n0 0 0\n0 0 0\n0 0 0",
            at(4, 6, " (case 1): expected a newline", "end of input"),
        ),
        (
            b"1\n0 0 0\n0 0 0\n0 0 0\n\n",
            at(5, 1, ": expected end of input", "\"\\n\""),
        ),
        (
            b"1\n0 0 0 0 0 0\n0 0 0\n",
            at(2, 6, " (case 1): expected a newline", "\" \""),
        ),
    ];
    for (input, message) in cases {
        assert_invalid(validate, input, &message);
    }
}

#[test]
fn missing_and_extra_cases_are_rejected() {
    assert_invalid(
        validate,
        b"1\n",
        "csp-201803-4: line 2, column 1 (case 1): expected a cell 0, 1 or 2, found end of input",
    );
    assert_invalid(
        validate,
        format!("3\n{EMPTY_BOARD}{EMPTY_BOARD}").as_bytes(),
        "csp-201803-4: line 8, column 1 (case 3): expected a cell 0, 1 or 2, found end of input",
    );
    assert_invalid(
        validate,
        format!("1\n{EMPTY_BOARD}0\n").as_bytes(),
        "csp-201803-4: line 5, column 1: expected end of input, found \"0\"",
    );
}

#[test]
fn bytes_that_are_not_utf8_are_rejected() {
    assert_invalid(
        validate,
        b"1\n0 0 0\n0 \xff 0\n0 0 0\n",
        "csp-201803-4: line 3, column 3 (case 1): expected a cell 0, 1 or 2, found \"\\xff\"",
    );
    assert_invalid(
        validate,
        b"1\n0 0 0\n0 0\x00 0\n0 0 0\n",
        "csp-201803-4: line 3, column 4 (case 1): expected a space, found \"\\x00\"",
    );
}

#[test]
fn single_byte_mutants_of_stored_inputs_are_accepted_or_rejected_cleanly() {
    let inputs = judge_check::validate::stored_inputs(env!("CARGO_MANIFEST_DIR"));
    let Mutants { tried, rejected } = judge_check::validate::check_mutants(
        validate,
        "csp-201803-4",
        &inputs,
        Duration::from_secs(60),
    );
    println!("csp-201803-4: {tried} mutants tried, {rejected} rejected");
    assert!(rejected > 0 && rejected < tried, "{rejected} of {tried}");
}

#[test]
fn the_binary_exits_0_silently_or_1_with_one_line() {
    judge_check::validate::assert_exit_contract(
        env!("CARGO_BIN_EXE_csp-201803-4-validate"),
        format!("1\n{EMPTY_BOARD}").as_bytes(),
        b"2\n1 2 1\n2 1 2\n0 0 0\n0 0 0\n0 7 0\n0 0 0\n",
        "csp-201803-4: line 6, column 3 (case 2): expected a cell 0, 1 or 2, found \"7\"",
    );
}
