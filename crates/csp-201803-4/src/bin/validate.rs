//! Input validator for csp-201803-4 (`csp-201803-4-validate`): exit 0 and silence for
//! a valid input, exit 1 and one line on stderr saying where and what is wrong.
//!
//! Layout, exactly: `T` (1 to 10^6) and a newline, then per case three lines of three
//! cells `0`, `1` or `2` separated by single spaces, each line ending with `\n`;
//! nothing after the last case. Every board must be one the statement allows: reached
//! in play with Alice to move, which is exactly "as many 1s as 2s and no line of 1s"
//! (`tests/all/validate.rs` proves it against a search of all games).

use judge_readers::validate::Reader;
use std::process::ExitCode;

const PROBLEM: &str = "csp-201803-4";
const MAX_CASES: i64 = 1_000_000;

/// The eight lines as bit masks over cells (bit `row * 3 + col`).
const LINES: [u16; 8] = [0o007, 0o070, 0o700, 0o111, 0o222, 0o444, 0o421, 0o124];

fn owns_line(stones: u16) -> bool {
    LINES.iter().any(|&line| line & !stones == 0)
}

/// Why a board with Alice's stones `xs` and Bob's `os` cannot be an input, as
/// (expected, found) for the message.
fn unreachable(xs: u16, os: u16) -> Option<(&'static str, String)> {
    let (alice, bob) = (xs.count_ones(), os.count_ones());
    if owns_line(xs) && owns_line(os) {
        Some((
            "a position reached in play",
            "both Alice (1) and Bob (2) own a line".to_string(),
        ))
    } else if alice != bob {
        Some((
            "Alice to move: as many 1s as 2s",
            format!("{alice} 1s and {bob} 2s"),
        ))
    } else if owns_line(xs) {
        Some((
            "a position with Alice to move",
            "a line of 1s: the game ended on Alice's own move".to_string(),
        ))
    } else {
        None
    }
}

pub fn validate(input: &[u8]) -> Result<(), String> {
    let mut reader = Reader::new(PROBLEM, input);
    let cases = reader.integer("the number of cases T", 1, MAX_CASES)?;
    reader.newline()?;
    for case in 1..=cases as usize {
        reader.set_case(case);
        let start = reader.position();
        let (mut xs, mut os) = (0_u16, 0_u16);
        for cell in 0..9 {
            match reader.one_of("a cell 0, 1 or 2", &[b"0", b"1", b"2"])? {
                1 => xs |= 1 << cell,
                2 => os |= 1 << cell,
                _ => {}
            }
            if cell % 3 == 2 {
                reader.newline()?;
            } else {
                reader.space()?;
            }
        }
        if let Some((expected, found)) = unreachable(xs, os) {
            return reader.fail_at(start, expected, &found);
        }
    }
    reader.clear_case();
    reader.end()
}

fn main() -> ExitCode {
    judge_readers::validate::main(PROBLEM, validate)
}
