//! The input validator (`src/bin/validate.rs`), checked in-process: every stored and
//! generated input is valid, every strip of up to 8 cells is judged by the strip
//! rule, each kind of bad input gets its message, the size limits hold at their
//! edges, and no single-byte mutant of a stored input makes it panic or hang. One
//! test runs the built binary for the exit status and stderr contract.

#[allow(dead_code)]
#[path = "../../src/bin/validate.rs"]
mod validator;

use judge_check::validate::{assert_invalid, assert_valid, Mutants};
use std::time::Duration;
use validator::validate;

#[test]
fn stored_inputs_are_valid() {
    judge_check::validate::assert_stored_inputs_valid(validate, env!("CARGO_MANIFEST_DIR"));
}

#[test]
fn generated_inputs_are_valid() {
    let mut random: Vec<(u64, &str)> = (0..10).map(|seed| (seed, "1000")).collect();
    random.extend([(10, "3000000"), (1, "max")]);
    judge_check::validate::assert_generated_inputs_valid(
        validate,
        env!("CARGO_BIN_EXE_line-sg-gen"),
        &random,
    );
}

#[test]
fn a_strip_is_valid_exactly_when_no_equal_symbols_touch() {
    let mut checked = 0;
    for len in 1..=8_u32 {
        for number in 0..3_usize.pow(len) {
            let strip: Vec<u8> = (0..len)
                .map(|cell| b".XO"[number / 3_usize.pow(cell) % 3])
                .collect();
            let legal = strip
                .windows(2)
                .all(|pair| pair[0] == b'.' || pair[0] != pair[1]);
            let input = [&b"2\n.\n"[..], &strip, b"\n"].concat();
            match validate(&input) {
                Ok(()) => assert!(legal, "{strip:?} is accepted"),
                Err(message) => {
                    assert!(!legal, "{strip:?}: {message}");
                    assert!(
                        message.starts_with("line-sg: line 3, column ")
                            && (message.ends_with(
                                " (case 2): expected no equal symbols side by side, found \"XX\""
                            ) || message.ends_with(
                                " (case 2): expected no equal symbols side by side, found \"OO\""
                            )),
                        "{message}"
                    );
                }
            }
            checked += 1;
        }
    }
    assert_eq!(checked, (1..=8).map(|len| 3_usize.pow(len)).sum::<usize>());
}

#[test]
fn bad_cells_are_rejected_where_they_are() {
    let at = |column: usize, case: usize, expected: &str, found: &str| {
        format!(
            "line-sg: line {}, column {column} (case {case}): expected {expected}, found {found}",
            case + 1
        )
    };
    let cell = "a cell '.', 'X' or 'O'";
    assert_invalid(validate, b"2\nX.\nXa.\n", &at(2, 2, cell, "\"a\""));
    assert_invalid(validate, b"1\nx..\n", &at(1, 1, cell, "\"x\""));
    assert_invalid(validate, b"1\n.0.\n", &at(2, 1, cell, "\"0\""));
    assert_invalid(
        validate,
        b"3\n...\nX.XX\n.\n",
        &at(3, 2, "no equal symbols side by side", "\"XX\""),
    );
    assert_invalid(
        validate,
        b"1\nOO\n",
        &at(1, 1, "no equal symbols side by side", "\"OO\""),
    );
    // Bytes that are not printable ASCII end the strip's token.
    assert_invalid(
        validate,
        b"1\n.\x00.\n",
        &at(2, 1, "a newline", "\"\\x00\""),
    );
    assert_invalid(
        validate,
        b"1\n.\xffX\n",
        &at(2, 1, "a newline", "\"\\xff\""),
    );
    assert_invalid(
        validate,
        "1\n\u{a0}X\n".as_bytes(),
        &at(1, 1, "a strip of '.', 'X' and 'O'", "\"\\xc2\""),
    );
}

#[test]
fn the_layout_is_one_strip_per_line() {
    let strip = "a strip of '.', 'X' and 'O'";
    assert_invalid(
        validate,
        b"2\n. X\n",
        "line-sg: line 2, column 2 (case 1): expected a newline, found \" \"",
    );
    assert_invalid(
        validate,
        b"2\n.\n\nX\n",
        &format!("line-sg: line 3, column 1 (case 2): expected {strip}, found \"\\n\""),
    );
    assert_invalid(
        validate,
        b"1\r\n.\n",
        "line-sg: line 1, column 2: expected a newline, found \"\\r\"",
    );
    assert_invalid(
        validate,
        b"1\n.",
        "line-sg: line 2, column 2 (case 1): expected a newline, found end of input",
    );
}

#[test]
fn missing_and_extra_strips_are_rejected() {
    let strip = "a strip of '.', 'X' and 'O'";
    assert_invalid(
        validate,
        b"3\n.\nX\n",
        &format!("line-sg: line 4, column 1 (case 3): expected {strip}, found end of input"),
    );
    assert_invalid(
        validate,
        b"1\n.\nX\n",
        "line-sg: line 3, column 1: expected end of input, found \"X\"",
    );
    assert_valid(validate, "no strips", b"0\n");
}

#[test]
fn a_bad_number_of_strips_is_rejected() {
    let expected = "the number of strips T, an integer from 0 to 1000000";
    for (count, found) in [
        ("abc", "\"abc\""),
        ("-1", "\"-1\""),
        ("2.5", "\"2.5\""),
        ("01", "\"01\""),
        ("1000001", "\"1000001\""),
        ("99999999999999999999999", "\"99999999999999999999\"..."),
    ] {
        assert_invalid(
            validate,
            format!("{count}\n.\n").as_bytes(),
            &format!("line-sg: line 1, column 1: expected {expected}, found {found}"),
        );
    }
    assert_invalid(
        validate,
        b"",
        &format!("line-sg: line 1, column 1: expected {expected}, found end of input"),
    );
}

#[test]
fn the_size_limits_hold_at_their_edges() {
    let strip = |cells: usize| ".X".repeat(cells / 2).into_bytes();
    let input = |strips: &[Vec<u8>]| {
        let mut text = format!("{}\n", strips.len()).into_bytes();
        for strip in strips {
            text.extend_from_slice(strip);
            text.push(b'\n');
        }
        text
    };
    assert_valid(
        validate,
        "a strip of 10^6 cells",
        &input(&[strip(1_000_000)]),
    );
    assert_invalid(
        validate,
        &input(&[b".".to_vec(), [&strip(1_000_000)[..], b"."].concat()]),
        "line-sg: line 3, column 1000001 (case 2): expected at most 10^6 cells in a strip, \
         found 1000001 cells",
    );
    // 11 strips: the count line `11\n` is 3 bytes, 10 strips of 999,998 cells take
    // 9,999,990 more with their newlines, and a last strip of 6 cells reaches 10^7
    // bytes exactly; of 7 cells, one byte over (its newline).
    let mut strips = vec![strip(999_998); 10];
    strips.push(b".X.X.X".to_vec());
    let at_limit = input(&strips);
    assert_eq!(at_limit.len(), 10_000_000);
    assert_valid(validate, "10^7 bytes", &at_limit);
    strips.pop();
    strips.push(b".X.X.X.".to_vec());
    assert_invalid(
        validate,
        &input(&strips),
        "line-sg: line 12, column 8: expected at most 10^7 bytes of input, found 10000001 bytes",
    );
}

#[test]
fn single_byte_mutants_of_stored_inputs_are_accepted_or_rejected_cleanly() {
    let inputs = judge_check::validate::stored_inputs(env!("CARGO_MANIFEST_DIR"));
    let Mutants { tried, rejected } =
        judge_check::validate::check_mutants(validate, "line-sg", &inputs, Duration::from_secs(60));
    println!("line-sg: {tried} mutants tried, {rejected} rejected");
    assert!(rejected > 0 && rejected < tried, "{rejected} of {tried}");
}

#[test]
fn the_binary_exits_0_silently_or_1_with_one_line() {
    judge_check::validate::assert_exit_contract(
        env!("CARGO_BIN_EXE_line-sg-validate"),
        b"2\nX.X\n...\n",
        b"3\n...\nX.XX\n.\n",
        "line-sg: line 3, column 3 (case 2): expected no equal symbols side by side, found \"XX\"",
    );
}
