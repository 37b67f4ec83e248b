//! The benchmark baseline reads all of what the submission reads: on the sample, on
//! every stored input, on random inputs and on the walk it prints the sum of all
//! cells, computed here from the tokens.

use judge_check::judging::crosscheck::{program_output, walk_and_random_inputs};
use judge_check::validate::stored_inputs;

const BASELINE: &str = env!("CARGO_BIN_EXE_csp-201803-4-baseline");
const GEN: &str = env!("CARGO_BIN_EXE_csp-201803-4-gen");

fn baseline_output(input: &[u8]) -> String {
    String::from_utf8(program_output(BASELINE, input)).expect("ASCII output")
}

/// The sum of every number after the case count.
fn expected_output(input: &[u8]) -> String {
    let text = std::str::from_utf8(input).expect("ASCII input");
    let sum: usize = text
        .split_whitespace()
        .skip(1)
        .map(|token| token.parse::<usize>().expect("a number"))
        .sum();
    format!("{sum}\n")
}

#[test]
fn prints_the_sum_of_the_cells_of_a_hand_made_input() {
    assert_eq!(
        baseline_output(b"2\n1 2 1\n0 0 0\n2 0 0\n0 0 0\n0 1 0\n0 0 2\n"),
        "9\n"
    );
}

#[test]
fn prints_the_sum_of_the_cells_of_every_stored_and_generated_input() {
    let mut inputs = stored_inputs(env!("CARGO_MANIFEST_DIR"));
    assert!(!inputs.is_empty(), "stored inputs exist");
    let random: Vec<(u64, &str)> = (0..5).map(|seed| (seed, "1000")).collect();
    inputs.extend(walk_and_random_inputs(GEN, &random));
    for (name, input) in inputs {
        assert_eq!(baseline_output(&input), expected_output(&input), "{name}");
    }
}
