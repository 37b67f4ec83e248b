//! Input generator. TODO: generate valid inputs of the problem.

use judge::generator::{generator_main, Generator};
use judge::rng::SplitMix64;
use std::process::ExitCode;

struct Inputs;

impl Generator for Inputs {
    const MAX_SIZE: u64 = 1;

    fn random(_rng: &mut SplitMix64, _size: u64) -> String {
        eprintln!("gen: not written yet");
        std::process::exit(2);
    }
}

fn main() -> ExitCode {
    generator_main::<Inputs>()
}
