//! The submission against the naive game-tree search: every legal strip of 1 to 12
//! cells in one multi-case input (the generator's exhaustive walk), and seeded random
//! inputs of 16 cells in total, whose strips of 13 to 16 cells the walk does not
//! reach. The two tests run in parallel.

use judge::judging::crosscheck::assert_agree_on_generated;

const GEN: &str = env!("CARGO_BIN_EXE_line-sg-gen");
const SUBMISSION: &str = env!("CARGO_BIN_EXE_line-sg");
const NAIVE: &str = env!("CARGO_BIN_EXE_line-sg-naive");

/// The submission must agree with the naive brute force on `gen ARGS`.
fn agrees_on(args: &[&str]) {
    assert_agree_on_generated(GEN, SUBMISSION, NAIVE, args);
}

#[test]
fn agrees_with_naive_on_every_strip_up_to_12_cells() {
    agrees_on(&["--all", "0"]);
}

#[test]
fn agrees_with_naive_on_random_inputs_of_16_cells() {
    for seed in 0..200 {
        agrees_on(&[&seed.to_string(), "16"]);
    }
}
