//! The toy problem of `growth --self-test`: drain a queue of numbers from the
//! front and print an order-dependent checksum. Its input is a count on the
//! first line, then that many numbers.

use std::fmt::Write as _;
use std::io::{self, Read};

use judge::generator::Generator;
use judge::rng::SplitMix64;

/// Inputs of `growth-toy-gen SEED SIZE`: SIZE numbers below 2^20.
pub struct Inputs;

impl Generator for Inputs {
    const MAX_SIZE: u64 = 1 << 21;

    fn random(rng: &mut SplitMix64, size: u64) -> String {
        let mut text = format!("{size}\n");
        for index in 0..size {
            let separator = if index + 1 == size { '\n' } else { ' ' };
            let _ = write!(text, "{}{separator}", rng.below(1 << 20));
        }
        text
    }
}

/// The numbers after the count on stdin.
///
/// # Panics
/// On input that is not such numbers (the toy trusts its generator).
pub fn read_numbers() -> Vec<u64> {
    let mut input = String::new();
    io::stdin()
        .read_to_string(&mut input)
        .expect("stdin is readable text");
    let mut numbers = input
        .split_ascii_whitespace()
        .map(|token| token.parse::<u64>().expect("a number"));
    let count = numbers.next().expect("a count") as usize;
    let values: Vec<u64> = numbers.collect();
    assert_eq!(values.len(), count, "the count and the numbers disagree");
    values
}

/// Folds one more value into an order-dependent checksum.
pub fn checksum(sum: u64, value: u64) -> u64 {
    sum.wrapping_mul(1_000_003).wrapping_add(value)
}
