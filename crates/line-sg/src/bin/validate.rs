//! Input validator for line-sg (`line-sg-validate`): exit 0 and silence for a valid
//! input, exit 1 and one line on stderr saying where and what is wrong.
//!
//! Layout, exactly: `T` (0 to 10^6) and a newline, then T strips, each on its own
//! line ending with `\n`; nothing else, and at most 10^7 bytes in all. A strip is 1 to
//! 10^6 cells `.`, `X`, `O` with no two equal symbols side by side (any count of
//! symbols: placing a legal strip's symbols in any order is a legal game).

use judge_readers::validate::{shown, Reader};
use std::process::ExitCode;

const PROBLEM: &str = "line-sg";
const MAX_CASES: i64 = 1_000_000;
const MAX_CELLS: usize = 1_000_000;
const MAX_INPUT_BYTES: usize = 10_000_000;

pub fn validate(input: &[u8]) -> Result<(), String> {
    let mut reader = Reader::new(PROBLEM, input);
    if input.len() > MAX_INPUT_BYTES {
        let found = format!("{} bytes", input.len());
        return reader.fail_at(MAX_INPUT_BYTES, "at most 10^7 bytes of input", &found);
    }
    let cases = reader.integer("the number of strips T", 0, MAX_CASES)?;
    reader.newline()?;
    for case in 1..=cases as usize {
        reader.set_case(case);
        let start = reader.position();
        let strip = reader.token("a strip of '.', 'X' and 'O'")?;
        if strip.len() > MAX_CELLS {
            let found = format!("{} cells", strip.len());
            return reader.fail_at(start + MAX_CELLS, "at most 10^6 cells in a strip", &found);
        }
        for (i, &cell) in strip.iter().enumerate() {
            if !matches!(cell, b'.' | b'X' | b'O') {
                return reader.fail_at(start + i, "a cell '.', 'X' or 'O'", &shown(&[cell]));
            }
            if i > 0 && cell != b'.' && strip[i - 1] == cell {
                let pair = &strip[i - 1..=i];
                return reader.fail_at(
                    start + i - 1,
                    "no equal symbols side by side",
                    &shown(pair),
                );
            }
        }
        reader.newline()?;
    }
    reader.clear_case();
    reader.end()
}

fn main() -> ExitCode {
    judge_readers::validate::main(PROBLEM, validate)
}
