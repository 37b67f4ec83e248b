//! Input generator: `line-sg-gen SEED SIZE` prints random legal strips holding SIZE
//! cells in total; `--all 0` prints every legal strip of 1 to 12 cells as one input.
//!
//! Legal: only `.`, `X`, `O`, never two equal symbols side by side (either parity of
//! symbols is fine: it only says whose turn it is).
//!
//! Shapes of a random input, picked by the seed:
//! - few long strips (up to 10^6 cells each),
//! - many short strips (up to 12 cells),
//! - a mix of both.
//!
//! Each strip is a chain of empty runs separated by single symbols, the longest run
//! drawn per strip: 0 gives a full strip, the strip's length may give an empty one.
//!
//! `max` (SIZE = 9,999,000 cells) is a judge-scale input: a first strip of exactly
//! 10^6 cells, then long strips only, so the input stays under 10^7 bytes
//! (cells + one newline per strip + the count line).

use judge_readers::generator::{generator_main, Generator};
use judge_readers::rng::SplitMix64;
use std::process::ExitCode;

/// The longest strip the problem allows.
const MAX_STRIP: usize = 1_000_000;
/// Cells in the `max` input.
const MAX_CELLS: u64 = 9_999_000;
/// Above this many cells only long strips are drawn: with short strips the newlines
/// alone could push the input past 10^7 bytes.
const SHORT_STRIPS_UP_TO: usize = 4_000_000;
/// The longest strip of the "short" shape, and of the exhaustive walk.
const SHORT_STRIP: usize = 12;

struct Inputs;

/// A legal strip of `len` cells whose empty runs hold at most `longest_run` cells.
fn random_strip(rng: &mut SplitMix64, len: usize, longest_run: usize) -> Vec<u8> {
    let mut strip = Vec::with_capacity(len);
    while strip.len() < len {
        let run = (rng.below(longest_run as u64 + 1) as usize).min(len - strip.len());
        strip.resize(strip.len() + run, b'.');
        if strip.len() == len {
            break;
        }
        let symbol = match strip.last() {
            // Right after a symbol, only the other one is legal.
            Some(b'X') => b'O',
            Some(b'O') => b'X',
            _ if rng.below(2) == 0 => b'X',
            _ => b'O',
        };
        strip.push(symbol);
    }
    strip
}

/// The longest empty run for a strip of `len` cells: from none (a full strip) to
/// the whole strip (possibly an empty one).
fn random_longest_run(rng: &mut SplitMix64, len: usize) -> usize {
    match rng.below(6) {
        0 => 0,
        1 => 1,
        2 => 3,
        3 => 10,
        4 => 1000.min(len),
        _ => len,
    }
}

/// Appends a strip and its newline.
fn push_strip(text: &mut String, strip: &[u8]) {
    text.push_str(std::str::from_utf8(strip).expect("strips are ASCII"));
    text.push('\n');
}

/// Every legal strip of exactly `len` cells, in lexicographic order of `.XO`.
fn legal_strips(len: usize) -> Vec<Vec<u8>> {
    let mut strips: Vec<Vec<u8>> = vec![Vec::new()];
    for _ in 0..len {
        let mut longer_strips = Vec::with_capacity(strips.len() * 3);
        for strip in &strips {
            for cell in [b'.', b'X', b'O'] {
                if cell == b'.' || strip.last() != Some(&cell) {
                    let mut longer = strip.clone();
                    longer.push(cell);
                    longer_strips.push(longer);
                }
            }
        }
        strips = longer_strips;
    }
    strips
}

impl Generator for Inputs {
    const MAX_SIZE: u64 = MAX_CELLS;

    fn random(rng: &mut SplitMix64, size: u64) -> String {
        let size = size as usize;
        let long = MAX_STRIP.min(size);
        // 0: few long strips, 1: many short ones, 2: a mix.
        let shape = if size > SHORT_STRIPS_UP_TO {
            0
        } else {
            rng.below(3)
        };
        let mut lengths = Vec::new();
        let mut remaining = size;
        if size == MAX_CELLS as usize {
            lengths.push(MAX_STRIP);
            remaining -= MAX_STRIP;
        }
        while remaining > 0 {
            let cap = match shape {
                0 => long,
                1 => SHORT_STRIP,
                _ if rng.below(2) == 0 => long,
                _ => SHORT_STRIP,
            };
            let len = rng.range_inclusive(1, cap.min(remaining) as u64) as usize;
            lengths.push(len);
            remaining -= len;
        }
        let mut text = String::with_capacity(size + lengths.len() + 16);
        text += &format!("{}\n", lengths.len());
        for len in lengths {
            let longest_run = random_longest_run(rng, len);
            push_strip(&mut text, &random_strip(rng, len, longest_run));
        }
        text
    }

    fn exhaustive_count() -> u64 {
        1
    }

    fn exhaustive(_index: u64) -> String {
        let strips: Vec<Vec<u8>> = (1..=SHORT_STRIP).flat_map(legal_strips).collect();
        let mut text = format!("{}\n", strips.len());
        for strip in &strips {
            push_strip(&mut text, strip);
        }
        text
    }
}

fn main() -> ExitCode {
    generator_main::<Inputs>()
}
