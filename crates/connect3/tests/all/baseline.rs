//! The benchmark baseline reads all of what the submission reads: on the sample, on
//! every stored input and on every input of the walk it prints x + a + b - 3 (the
//! three numbers read 0-based), computed here from the tokens.

use judge_check::judging::crosscheck::{program_output, walk_and_random_inputs};
use judge_check::validate::stored_inputs;

const BASELINE: &str = env!("CARGO_BIN_EXE_connect3-baseline");
const GEN: &str = env!("CARGO_BIN_EXE_connect3-gen");

fn baseline_output(input: &[u8]) -> String {
    String::from_utf8(program_output(BASELINE, input)).expect("ASCII output")
}

/// The sum of the input's numbers, each made 0-based.
fn expected_output(input: &[u8]) -> String {
    let text = std::str::from_utf8(input).expect("ASCII input");
    let sum: usize = text
        .split_whitespace()
        .map(|token| token.parse::<usize>().expect("a number") - 1)
        .sum();
    format!("{sum}\n")
}

#[test]
fn prints_the_sum_of_the_sample() {
    assert_eq!(baseline_output(b"2\n2 3\n"), "4\n");
}

#[test]
fn prints_the_sum_of_every_stored_and_walked_input() {
    let mut inputs = stored_inputs(env!("CARGO_MANIFEST_DIR"));
    assert!(!inputs.is_empty(), "stored inputs exist");
    inputs.extend(walk_and_random_inputs(GEN, &[]));
    for (name, input) in inputs {
        assert_eq!(baseline_output(&input), expected_output(&input), "{name}");
    }
}
