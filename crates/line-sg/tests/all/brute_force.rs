//! The submission against the naive game-tree search: every legal strip of 1 to 12
//! cells in one multi-case input (the generator's exhaustive walk), and seeded random
//! inputs of 16 cells in total, whose strips of 13 to 16 cells the walk does not
//! reach. The two tests run in parallel.

use judge_check::judging::crosscheck::{assert_agree, assert_agree_on_generated, generated_input};

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

/// The 200 seeds' strips as the cases of one input, so that each program runs
/// once (the cases are independent); on a disagreement, the seeds are checked
/// one by one to name the first that disagrees (if none does alone, the
/// disagreement as one input is the failure).
#[test]
fn agrees_with_naive_on_random_inputs_of_16_cells() {
    let seeds: Vec<String> = (0..200).map(|seed| seed.to_string()).collect();
    let mut strips = Vec::new();
    for seed in &seeds {
        let input = String::from_utf8(generated_input(GEN, &[seed, "16"])).unwrap();
        strips.extend(input.split_whitespace().skip(1).map(str::to_string));
    }
    let input = format!("{}\n{}\n", strips.len(), strips.join("\n"));
    let together = std::panic::catch_unwind(|| assert_agree(SUBMISSION, NAIVE, input.as_bytes()));
    if together.is_err() {
        for seed in &seeds {
            agrees_on(&[seed, "16"]);
        }
        panic!("every seed agrees alone, not all as one input (above)");
    }
}
