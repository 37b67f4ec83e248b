//! Input validator for hrbust-2320 (`hrbust-2320-validate`): exit 0 and silence for a
//! valid input, exit 1 and one line on stderr saying where and what is wrong.
//!
//! Tokens separated by any spaces, tabs, carriage returns and line feeds (the
//! statement fixes no layout): `T` (0 to 10^6), then per case 9 cell tokens and the
//! mover, exactly `x` or `o`; nothing after the last case. A cell is any token of
//! printable ASCII: `x...` is an x stone, `o...` an o stone, anything else empty (the
//! real judge's empty symbol is unknown). Bytes outside printable ASCII are refused
//! so that every tokenizer, ASCII or Unicode, splits a valid input the same way.
//! A board where both players own a line is refused: no game reaches it. The stone
//! counts are free, since the mover is given.

use judge_readers::validate::Reader;
use std::process::ExitCode;

const PROBLEM: &str = "hrbust-2320";
const MAX_CASES: i64 = 1_000_000;

/// The eight lines as bit masks over cells (bit `row * 3 + col`).
const LINES: [u16; 8] = [0o007, 0o070, 0o700, 0o111, 0o222, 0o444, 0o421, 0o124];

fn owns_line(stones: u16) -> bool {
    LINES.iter().any(|&line| line & !stones == 0)
}

pub fn validate(input: &[u8]) -> Result<(), String> {
    let mut reader = Reader::new(PROBLEM, input);
    reader.skip_blanks();
    let cases = reader.integer("the number of cases T", 0, MAX_CASES)?;
    for case in 1..=cases as usize {
        reader.set_case(case);
        reader.skip_blanks();
        let start = reader.position();
        let (mut xs, mut os) = (0_u16, 0_u16);
        for cell in 0..9 {
            reader.skip_blanks();
            match reader.token("a cell (a token of printable ASCII)")?[0] {
                b'x' => xs |= 1 << cell,
                b'o' => os |= 1 << cell,
                _ => {}
            }
        }
        reader.skip_blanks();
        reader.one_of("the player to move, x or o", &[b"x", b"o"])?;
        if owns_line(xs) && owns_line(os) {
            return reader.fail_at(
                start,
                "a board where at most one player owns a line",
                "both x and o own a line",
            );
        }
    }
    reader.skip_blanks();
    reader.clear_case();
    reader.end()
}

fn main() -> ExitCode {
    judge_readers::validate::main(PROBLEM, validate)
}
