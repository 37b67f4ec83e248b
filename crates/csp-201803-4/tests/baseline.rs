//! The benchmark baseline reads all of what the submission reads: on the sample, on
//! every stored input, on random inputs and on the walk it prints the sum of all
//! cells, computed here from the tokens.

use judge::crosscheck::{generated_input, program_output};
use judge::validate::stored_inputs;

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
    inputs.push(("--all 0".into(), generated_input(GEN, &["--all", "0"])));
    for seed in 0..5 {
        let seed = seed.to_string();
        inputs.push((
            format!("{seed} 1000"),
            generated_input(GEN, &[&seed, "1000"]),
        ));
    }
    for (name, input) in inputs {
        assert_eq!(baseline_output(&input), expected_output(&input), "{name}");
    }
}
