//! The benchmark baseline reads all of what the submission reads: on a hand-made
//! input, on every stored input and on random inputs it prints the total length of
//! the strips, computed here from the tokens.

use judge_check::judging::crosscheck::{program_output, walk_and_random_inputs};
use judge_check::validate::stored_inputs;

const BASELINE: &str = env!("CARGO_BIN_EXE_line-sg-baseline");
const GEN: &str = env!("CARGO_BIN_EXE_line-sg-gen");

fn baseline_output(input: &[u8]) -> String {
    String::from_utf8(program_output(BASELINE, input)).expect("ASCII output")
}

/// The total length of the tokens after the strip count.
fn expected_output(input: &[u8]) -> String {
    let text = std::str::from_utf8(input).expect("ASCII input");
    let cells: usize = text.split_whitespace().skip(1).map(str::len).sum();
    format!("{cells}\n")
}

#[test]
fn prints_the_total_length_of_a_hand_made_input() {
    assert_eq!(baseline_output(b"3\nX.O\n....\nX\n"), "8\n");
}

#[test]
fn prints_the_total_length_of_every_stored_and_generated_input() {
    let mut inputs = stored_inputs(env!("CARGO_MANIFEST_DIR"));
    assert!(!inputs.is_empty(), "stored inputs exist");
    let random: Vec<(u64, &str)> = (0..5).map(|seed| (seed, "5000")).collect();
    inputs.extend(walk_and_random_inputs(GEN, &random));
    for (name, input) in inputs {
        assert_eq!(baseline_output(&input), expected_output(&input), "{name}");
    }
}
