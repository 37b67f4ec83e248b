//! Input generator: `x` on the first line, `a b` on the second, each in 1..=4.
//!
//! The input space has 64 inputs, so the exhaustive walk covers all of it
//! (input `I` is x = I / 16 + 1, a = I / 4 % 4 + 1, b = I % 4 + 1); a random input
//! is one of the 64, uniformly. SIZE has no meaning here (MAX_SIZE = 1).

use judge_readers::generator::{generator_main, Generator};
use judge_readers::rng::SplitMix64;
use std::process::ExitCode;

struct Inputs;

fn input_text(first_column: u64, row: u64, column: u64) -> String {
    format!("{first_column}\n{row} {column}\n")
}

impl Generator for Inputs {
    const MAX_SIZE: u64 = 1;

    fn random(rng: &mut SplitMix64, _size: u64) -> String {
        let first_column = rng.range_inclusive(1, 4);
        let row = rng.range_inclusive(1, 4);
        let column = rng.range_inclusive(1, 4);
        input_text(first_column, row, column)
    }

    fn exhaustive_count() -> u64 {
        64
    }

    fn exhaustive(index: u64) -> String {
        input_text(index / 16 + 1, index / 4 % 4 + 1, index % 4 + 1)
    }
}

fn main() -> ExitCode {
    generator_main::<Inputs>()
}
