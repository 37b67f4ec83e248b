//! The benchmark baseline reads all of what the submission reads: on a hand-made
//! input, on every stored input, on random inputs and on the walk it prints the sum
//! of the first bytes of the cells and movers, computed here from the tokens.

use judge_check::judging::crosscheck::{program_output, walk_and_random_inputs};
use judge_check::validate::stored_inputs;

const BASELINE: &str = env!("CARGO_BIN_EXE_hrbust-2320-baseline");
const GEN: &str = env!("CARGO_BIN_EXE_hrbust-2320-gen");

fn baseline_output(input: &[u8]) -> String {
    String::from_utf8(program_output(BASELINE, input)).expect("ASCII output")
}

/// The sum of the first bytes of every token after the case count.
fn expected_output(input: &[u8]) -> String {
    let text = std::str::from_utf8(input).expect("ASCII input");
    let sum: u64 = text
        .split_whitespace()
        .skip(1)
        .map(|token| u64::from(token.as_bytes()[0]))
        .sum();
    format!("{sum}\n")
}

#[test]
fn prints_the_sum_of_the_first_bytes_of_a_hand_made_input() {
    // Six `.` (46); `xo`, `x` and the mover `x` (120); `o` (111).
    let input = b"1\nxo . .\n. o .\n. x .\nx\n";
    assert_eq!(
        baseline_output(input),
        format!("{}\n", 6 * 46 + 3 * 120 + 111)
    );
}

#[test]
fn prints_the_sum_of_the_first_bytes_of_every_stored_and_generated_input() {
    let mut inputs = stored_inputs(env!("CARGO_MANIFEST_DIR"));
    assert!(!inputs.is_empty(), "stored inputs exist");
    let random: Vec<(u64, &str)> = (0..5).map(|seed| (seed, "1000")).collect();
    inputs.extend(walk_and_random_inputs(GEN, &random));
    for (name, input) in inputs {
        assert_eq!(baseline_output(&input), expected_output(&input), "{name}");
    }
}
