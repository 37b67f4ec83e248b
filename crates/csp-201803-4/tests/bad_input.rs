//! Malformed input: the built submission must print a message on stderr, exit with
//! code 1 and give no answer for the bad case (answers before it may stay).

mod common;

use common::owns_line;
use judge::bad_input;
use judge::run::Execution;

const SUBMISSION: &str = env!("CARGO_BIN_EXE_csp-201803-4");
const EMPTY_BOARD: &str = "0 0 0\n0 0 0\n0 0 0\n";

fn run(input: &[u8]) -> Execution {
    bad_input::run(SUBMISSION, input)
}

/// What the submission prints for `input`, which must be valid.
fn answers(input: &str) -> Vec<u8> {
    let output = run(input.as_bytes());
    assert!(output.succeeded(), "valid input {input:?} fails");
    output.stdout
}

/// The submission rejects `input`, mentions `message`, and printed exactly
/// `answered`: its answers to the cases before the bad one.
fn assert_rejected(input: &str, answered: &[u8], message: &str) {
    bad_input::assert_rejected(SUBMISSION, input.as_bytes(), message, answered);
}

fn board_text(cells: &[u8]) -> String {
    cells
        .chunks(3)
        .map(|row| format!("{} {} {}\n", row[0], row[1], row[2]))
        .collect()
}

#[test]
fn a_bad_number_of_cases_is_rejected() {
    for count in ["0", "-1", "abc", "1.5", "+1", "99999999999999999999999"] {
        let input = format!("{count}\n{EMPTY_BOARD}");
        assert_rejected(&input, b"", "number of cases");
    }
    assert_rejected("", b"", "empty");
    assert_rejected(" \n\n", b"", "empty");
}

#[test]
fn a_cell_other_than_0_1_2_is_rejected() {
    let answered = answers(&format!("1\n{EMPTY_BOARD}"));
    for cell in ["3", "-1", "00", "01", "x", "o", ".", "1.0", "+1"] {
        let input = format!("2\n{EMPTY_BOARD}0 0 0\n0 {cell} 0\n0 0 0\n");
        assert_rejected(
            &input,
            &answered,
            "case 2: cell 5 (row 2, column 2) must be 0, 1 or 2",
        );
    }
}

#[test]
fn a_missing_token_is_rejected() {
    assert_rejected("1\n", b"", "case 1: the input ends before cell 1 of 9");
    assert_rejected(
        "1\n1 2 0\n0 0\n",
        b"",
        "case 1: the input ends before cell 6 of 9",
    );
    assert_rejected(
        &format!("3\n{EMPTY_BOARD}{EMPTY_BOARD}"),
        &answers(&format!("2\n{EMPTY_BOARD}{EMPTY_BOARD}")),
        "case 3: the input ends before cell 1 of 9",
    );
}

#[test]
fn a_token_after_the_last_case_is_rejected() {
    let valid = format!("1\n{EMPTY_BOARD}");
    assert_rejected(
        &format!("{valid}0\n"),
        &answers(&valid),
        "unexpected token \"0\"",
    );
}

/// Every board of 3^9 with equal stone counts that the statement rules out (Alice
/// owns a line), every board where both own a line, and every 7th of the boards
/// with unequal counts (all 16 544 would take a process each): each is rejected
/// with the reason that fits it.
#[test]
fn impossible_positions_are_rejected() {
    let answered = answers(&format!("1\n{EMPTY_BOARD}"));
    let mut checked = [0; 3];
    for number in 0..3_usize.pow(9) {
        let cells: Vec<u8> = (0..9)
            .map(|cell| (number / 3_usize.pow(cell) % 3) as u8)
            .collect();
        let count = |stone| cells.iter().filter(|&&cell| cell == stone).count();
        let (alice_line, bob_line) = (owns_line(&cells, 1), owns_line(&cells, 2));
        let (kind, message) = if alice_line && bob_line {
            (0, "both Alice (1) and Bob (2) own a line")
        } else if count(1) != count(2) {
            if number % 7 != 0 {
                continue;
            }
            (1, "it is not Alice's turn")
        } else if alice_line {
            (2, "Alice (1) owns a line, so the game ended on her move")
        } else {
            continue;
        };
        checked[kind] += 1;
        let input = format!("2\n{EMPTY_BOARD}{}", board_text(&cells));
        assert_rejected(
            &input,
            &answered,
            &format!("case 2: impossible position: {message}"),
        );
    }
    assert!(checked.iter().all(|&count| count > 0), "{checked:?}");
}

#[test]
fn a_full_board_is_never_alices_turn() {
    let full = "1 2 1\n1 2 2\n2 1 1\n";
    assert_rejected(
        &format!("1\n{full}"),
        b"",
        "it is not Alice's turn: 5 stones of Alice (1) and 4 of Bob (2)",
    );
}

#[test]
fn a_cell_that_is_not_utf8_is_rejected() {
    let mut input = format!("2\n{EMPTY_BOARD}0 0 0\n0 ").into_bytes();
    input.extend_from_slice(b"\xff 0\n0 0 0\n");
    bad_input::assert_rejected(
        SUBMISSION,
        &input,
        "case 2: cell 5 (row 2, column 2) must be 0, 1 or 2",
        &answers(&format!("1\n{EMPTY_BOARD}")),
    );
}

/// Tokens are split as proconio splits them (`char::is_whitespace`): vertical tab,
/// no-break space and ideographic space separate tokens like a space does.
#[test]
fn unicode_whitespace_separates_tokens() {
    let plain = answers("2\n1 2 1\n2 1 2\n0 0 0\n2 1 1\n0 2 1\n0 0 2\n");
    for separator in ["\u{b}", "\u{a0}", "\u{3000}", " \u{85} "] {
        let cells = ["2", "1", "2", "1", "2", "1", "2", "0", "0", "0"];
        let second = ["2", "1", "1", "0", "2", "1", "0", "0", "2"];
        let input = cells
            .iter()
            .chain(&second)
            .copied()
            .collect::<Vec<_>>()
            .join(separator);
        assert_eq!(answers(&input), plain, "separator {separator:?}");
    }
}
