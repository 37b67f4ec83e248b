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

#[cfg(test)]
mod tests {
    use super::*;
    use judge::generator::generate;

    #[test]
    fn an_input_is_its_count_then_that_many_numbers_on_one_line() {
        let args = ["7".to_string(), "5".to_string()];
        let input = generate::<Inputs>(&args).unwrap();
        let (count, numbers) = input.split_once('\n').unwrap();
        assert_eq!(count, "5");
        let numbers = numbers.strip_suffix('\n').unwrap();
        let numbers: Vec<u64> = numbers.split(' ').map(|n| n.parse().unwrap()).collect();
        assert_eq!(numbers.len(), 5, "{input:?}");
        assert!(numbers.iter().all(|&n| n < 1 << 20), "{input:?}");
    }

    #[test]
    fn the_checksum_depends_on_the_order() {
        let fold = |values: &[u64]| values.iter().fold(0, |sum, &value| checksum(sum, value));
        // ((1 * 1000003) + 2) * 1000003 + 3
        assert_eq!(fold(&[1, 2, 3]), 1_000_008_000_018);
        assert_ne!(fold(&[1, 2, 3]), fold(&[3, 2, 1]));
    }
}
