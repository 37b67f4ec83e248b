//! Malformed input: the built submission must print a message on stderr, exit with
//! code 1 and give no answer for the bad case (answers before it may stay).

use judge::bad_input;
use judge::run::Execution;

const SUBMISSION: &str = env!("CARGO_BIN_EXE_hrbust-2320");
const EMPTY_BOARD: &str = ". . .\n. . .\n. . .\n";

fn run(input: &[u8]) -> Execution {
    bad_input::run(SUBMISSION, input)
}

/// The submission rejects `input`, mentions `message`, and answered exactly the
/// cases before the bad one: what it prints for `answered_prefix` on its own.
fn assert_rejected(input: &str, answered_prefix: &str, message: &str) {
    let expected = run(answered_prefix.as_bytes());
    assert!(expected.succeeded(), "prefix {answered_prefix:?} fails");
    bad_input::assert_rejected(SUBMISSION, input.as_bytes(), message, &expected.stdout);
}

#[test]
fn a_bad_number_of_cases_is_rejected() {
    for count in ["-1", "abc", "1.5", "+1", "99999999999999999999999"] {
        let input = format!("{count}\n{EMPTY_BOARD}x\n");
        assert_rejected(&input, "0\n", "number of cases");
    }
    assert_rejected("", "0\n", "empty");
    assert_rejected(" \n\n", "0\n", "empty");
}

#[test]
fn a_mover_other_than_x_or_o_is_rejected() {
    for mover in ["X", "O", "xo", "ox", "1", ".", "x!"] {
        let input = format!("2\n{EMPTY_BOARD}o\n{EMPTY_BOARD}{mover}\n");
        let prefix = format!("1\n{EMPTY_BOARD}o\n");
        assert_rejected(&input, &prefix, "player to move must be `x` or `o`");
    }
}

#[test]
fn a_missing_token_is_rejected() {
    assert_rejected("1\n", "0\n", "case 1: the input ends before cell 1 of 9");
    assert_rejected(
        "1\nx o x\no x\n",
        "0\n",
        "case 1: the input ends before cell 6 of 9",
    );
    assert_rejected(
        &format!("1\n{EMPTY_BOARD}"),
        "0\n",
        "case 1: the input ends before the player to move",
    );
    assert_rejected(
        &format!("3\n{EMPTY_BOARD}x\n{EMPTY_BOARD}o\n"),
        &format!("2\n{EMPTY_BOARD}x\n{EMPTY_BOARD}o\n"),
        "case 3: the input ends before cell 1 of 9",
    );
}

#[test]
fn a_token_after_the_last_case_is_rejected() {
    let valid = format!("1\n{EMPTY_BOARD}x\n");
    assert_rejected(&format!("{valid}x\n"), &valid, "unexpected token \"x\"");
}

#[test]
fn every_board_where_both_players_own_a_line_is_rejected() {
    let mut both_lines = 0;
    for number in 0..3_usize.pow(9) {
        let cells: Vec<char> = (0..9)
            .map(|cell| ['.', 'x', 'o'][number / 3_usize.pow(cell) % 3])
            .collect();
        let owns = |stone| {
            let at = |row: usize, col: usize| cells[row * 3 + col] == stone;
            (0..3).any(|i| (0..3).all(|j| at(i, j)) || (0..3).all(|j| at(j, i)))
                || (0..3).all(|i| at(i, i))
                || (0..3).all(|i| at(i, 2 - i))
        };
        if !(owns('x') && owns('o')) {
            continue;
        }
        both_lines += 1;
        let board: String = cells
            .chunks(3)
            .map(|row| format!("{} {} {}\n", row[0], row[1], row[2]))
            .collect();
        let mover = if number % 2 == 0 { "x" } else { "o" };
        assert_rejected(
            &format!("2\n{EMPTY_BOARD}x\n{board}{mover}\n"),
            &format!("1\n{EMPTY_BOARD}x\n"),
            "case 2: both x and o own a line",
        );
    }
    assert!(both_lines > 0);
}

#[test]
fn no_cases_is_an_empty_answer() {
    let output = run(b"0\n");
    assert!(output.succeeded());
    assert!(output.stdout.is_empty());
}

#[test]
fn cells_that_are_not_utf8_count_as_empty() {
    let mut input = b"1\n".to_vec();
    for _ in 0..9 {
        input.extend_from_slice(b"\xff\xfe ");
    }
    input.extend_from_slice(b"\nx\n");
    let with_bytes = run(&input);
    let with_dots = run(format!("1\n{EMPTY_BOARD}x\n").as_bytes());
    assert!(with_bytes.succeeded() && with_dots.succeeded());
    assert_eq!(with_bytes.stdout, with_dots.stdout);
}

#[test]
fn a_mover_that_is_not_utf8_is_rejected() {
    let mut input = format!("1\n{EMPTY_BOARD}").into_bytes();
    input.extend_from_slice(b"\xff\n");
    bad_input::assert_rejected(SUBMISSION, &input, "player to move must be `x` or `o`", b"");
}

/// Tokens are split as proconio splits them (`char::is_whitespace`): vertical tab,
/// no-break space and ideographic space separate tokens like a space does.
#[test]
fn unicode_whitespace_separates_tokens() {
    let plain = run(b"2\nx o .\n. x .\no . x\no\n. . .\n. . .\n. . .\nx\n");
    assert!(plain.succeeded());
    for separator in ["\u{b}", "\u{a0}", "\u{3000}", " \u{85} "] {
        let input = format!(
            "2{s}x{s}o{s}.{s}.{s}x{s}.{s}o{s}.{s}x{s}o{s}.{s}.{s}.{s}.{s}.{s}.{s}.{s}.{s}.{s}x",
            s = separator
        );
        let output = run(input.as_bytes());
        assert!(output.succeeded(), "separator {separator:?}");
        assert_eq!(output.stdout, plain.stdout, "separator {separator:?}");
    }
}
