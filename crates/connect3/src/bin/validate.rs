//! Input validator for connect3 (`connect3-validate`): exit 0 and silence for a valid
//! input, exit 1 and one line on stderr saying where and what is wrong.
//!
//! Layout, exactly: `x` and a newline, then `a b` (one space) and a newline, each a
//! whole number from 1 to 4 written plainly; nothing else. All 64 such inputs are
//! valid, (a, b) = (1, x) included.

use judge_readers::validate::Reader;
use std::process::ExitCode;

const PROBLEM: &str = "connect3";

pub fn validate(input: &[u8]) -> Result<(), String> {
    let mut reader = Reader::new(PROBLEM, input);
    reader.integer("x (the column of black's first stone)", 1, 4)?;
    reader.newline()?;
    reader.integer("a (the row of white's last stone)", 1, 4)?;
    reader.space()?;
    reader.integer("b (the column of white's last stone)", 1, 4)?;
    reader.newline()?;
    reader.end()
}

fn main() -> ExitCode {
    judge_readers::validate::main(PROBLEM, validate)
}
