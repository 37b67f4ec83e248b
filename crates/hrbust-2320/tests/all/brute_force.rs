//! The submission against the naive brute force (plain minimax). The exhaustive walk
//! is one input holding every board with each mover: the whole input space up to
//! how cells are spelled. So the walk runs once as generated and once respelled
//! (cells of several bytes, other empty-cell tokens); a few random inputs only
//! exercise the generator's random path. The tests run in parallel.

use judge_check::judging::crosscheck::{assert_agree, assert_agree_on_generated, generated_input};

const GEN: &str = env!("CARGO_BIN_EXE_hrbust-2320-gen");
const SUBMISSION: &str = env!("CARGO_BIN_EXE_hrbust-2320");
const NAIVE: &str = env!("CARGO_BIN_EXE_hrbust-2320-naive");

/// The submission must agree with the naive brute force on `gen ARGS`.
fn agrees_on(args: &[&str]) {
    assert_agree_on_generated(GEN, SUBMISSION, NAIVE, args);
}

#[test]
fn agrees_with_naive_on_every_board_and_mover() {
    agrees_on(&["--all", "0"]);
}

/// A cell is x or o by its first byte alone, and any other token is empty: every
/// cell of the walk gets another spelling, in turn, and the mover stays as it is.
#[test]
fn agrees_with_naive_on_every_board_and_mover_spelled_otherwise() {
    let walk = String::from_utf8(generated_input(GEN, &["--all", "0"])).expect("text");
    let spellings = |cell: &str| match cell {
        "x" => ["x", "xo", "x!", "xx"],
        "o" => ["o", "o1", "ox", "oo"],
        _ => ["_", "-", "X", "O0"],
    };
    let mut respelled = String::new();
    for (line, text) in walk.lines().enumerate() {
        let cells: Vec<&str> = text.split(' ').collect();
        if cells.len() == 3 {
            for (i, cell) in cells.iter().enumerate() {
                respelled += spellings(cell)[(line + i) % 4];
                respelled += if i == 2 { "\n" } else { " " };
            }
        } else {
            // The count line and the mover line.
            respelled += text;
            respelled += "\n";
        }
    }
    assert_agree(SUBMISSION, NAIVE, respelled.as_bytes());
}

#[test]
fn agrees_with_naive_on_a_few_random_inputs() {
    for seed in ["0", "1", "2"] {
        agrees_on(&[seed, "200"]);
    }
}
