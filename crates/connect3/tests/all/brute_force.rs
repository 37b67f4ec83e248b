//! The submission against the naive brute force on all 64 inputs of the exhaustive
//! walk, which is the whole input space: each input once, in two halves that run in
//! parallel. Random inputs would only repeat walk inputs, so they are not run
//! against the brute force; one test checks that they are inputs of the walk.

use judge_check::judging::crosscheck::{assert_agree_on_generated, generated_input};
use judge_check::runner::execute;
use std::path::Path;
use std::time::Duration;

const GEN: &str = env!("CARGO_BIN_EXE_connect3-gen");
const SUBMISSION: &str = env!("CARGO_BIN_EXE_connect3");
const NAIVE: &str = env!("CARGO_BIN_EXE_connect3-naive");

/// The submission must agree with the naive brute force on `gen --all I` for each I.
fn agrees_on_walk(indices: std::ops::Range<u32>) {
    for index in indices {
        assert_agree_on_generated(GEN, SUBMISSION, NAIVE, &["--all", &index.to_string()]);
    }
}

#[test]
fn agrees_with_naive_on_walk_inputs_0_to_31() {
    agrees_on_walk(0..32);
}

#[test]
fn agrees_with_naive_on_walk_inputs_32_to_63() {
    agrees_on_walk(32..64);
}

/// Every `x a b` with each value in 1..=4, in walk order.
fn all_inputs() -> Vec<String> {
    let mut inputs = Vec::new();
    for x in 1..=4 {
        for a in 1..=4 {
            for b in 1..=4 {
                inputs.push(format!("{x}\n{a} {b}\n"));
            }
        }
    }
    inputs
}

#[test]
fn the_walk_is_the_whole_input_space_and_random_inputs_lie_in_it() {
    let count = generated_input(GEN, &["--count-all"]);
    assert_eq!(String::from_utf8_lossy(&count).trim(), "64");
    let walk: Vec<String> = (0..64)
        .map(|index| generated_input(GEN, &["--all", &index.to_string()]))
        .map(|text| String::from_utf8(text).expect("gen prints text"))
        .collect();
    let expected = all_inputs();
    assert_eq!(walk, expected, "the walk is every input once");
    for seed in 0..8 {
        let text = generated_input(GEN, &[&seed.to_string(), "1"]);
        let text = String::from_utf8(text).expect("gen prints text");
        assert!(expected.contains(&text), "seed {seed}: {text:?}");
    }
}

/// Mirroring the board left to right maps the games for (x, a, b) one to one onto
/// those for (5 - x, a, 5 - b), so their counts must match. A check of the built
/// submission that needs no brute force.
#[test]
fn mirrored_inputs_have_equal_counts() {
    let answer = |x: u32, a: u32, b: u32| {
        let input = format!("{x}\n{a} {b}\n");
        let run = execute(
            Path::new(SUBMISSION),
            &[],
            input.as_bytes(),
            Duration::from_secs(10),
        )
        .expect("the submission runs");
        assert!(run.succeeded(), "input {input:?}");
        String::from_utf8(run.stdout).expect("the answer is text")
    };
    for x in 1..=4 {
        for a in 1..=4 {
            for b in 1..=4 {
                assert_eq!(
                    answer(x, a, b),
                    answer(5 - x, a, 5 - b),
                    "x={x} a={a} b={b}"
                );
            }
        }
    }
}
