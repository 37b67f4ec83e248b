//! Input generator (`@NAME@-gen SEED SIZE`, see `judge_readers::generator`): a random
//! valid input from SIZE 1 (tiny) to MAX_SIZE (judge scale, `@NAME@-gen SEED max`).
//! A stub that fails until it is written.

use judge_readers::generator::{generator_main, Generator};
use judge_readers::rng::SplitMix64;
use std::process::ExitCode;

struct Inputs;

impl Generator for Inputs {
    const MAX_SIZE: u64 = 1;

    fn random(_rng: &mut SplitMix64, _size: u64) -> String {
        eprintln!("@NAME@-gen: the generator is not written yet (src/bin/gen.rs is a stub)");
        std::process::exit(2);
    }
}

fn main() -> ExitCode {
    generator_main::<Inputs>()
}
