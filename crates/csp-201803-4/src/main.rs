//! CCF CSP 201803-4 "Position evaluation": the final score of a tic-tac-toe position
//! with Alice (1, X) to move when both play perfectly. A won game scores
//! ±(empty cells + 1), + for Alice, − for Bob (2, O); a draw scores 0.
//!
//! A board is a base-3 number below 3^9 (cell `row * 3 + col` is digit `row * 3 + col`),
//! the input's own digits. A stone only raises that number, so one sweep from the top
//! board down to 0 scores every board after all the boards it leads to; the mover
//! follows from the stone counts. Each case is then one lookup.
//! Cost: 3^9 · 9 steps once, O(1) a case.

use itertools::Itertools;
use proconio::{input, read_value};

const BOARDS: usize = 19_683;
const POW3: [usize; 9] = [1, 3, 9, 27, 81, 243, 729, 2187, 6561];
/// The eight lines as bit masks over the cells (bit `row * 3 + col`; octal: a digit a row).
const LINES: [u16; 8] = [0o007, 0o070, 0o700, 0o111, 0o222, 0o444, 0o421, 0o124];

fn owns_line(stones: u16) -> bool {
    // Owned: no cell of the line lacks a stone.
    LINES.iter().any(|&line| line & !stones == 0)
}

/// The score of perfect play from every board, Alice moving when the stone counts
/// are equal (on boards of a real game that is exactly when it is her turn).
fn score_all_boards() -> Vec<i8> {
    let mut score = vec![0i8; BOARDS];
    for board in (0..BOARDS).rev() {
        // The cells of each digit as bit masks: empty, Alice's, Bob's.
        let mut cells = [0u16; 3];
        for (cell, pow) in POW3.iter().enumerate() {
            cells[board / pow % 3] |= 1 << cell;
        }
        let finished = cells[0].count_ones() as i8 + 1;
        score[board] = if owns_line(cells[1]) {
            finished
        } else if owns_line(cells[2]) {
            -finished
        } else {
            let alice_moves = cells[1].count_ones() == cells[2].count_ones();
            let stone = if alice_moves { 1 } else { 2 };
            let next = (0..9)
                .filter(|cell| cells[0] >> cell & 1 == 1)
                .map(|cell| score[board + stone * POW3[cell]]);
            let best = if alice_moves { next.max() } else { next.min() };
            // A full board without a line is a draw.
            best.unwrap_or(0)
        };
    }
    score
}

fn main() {
    let score = score_all_boards();
    // T through read_value!: in proconio 0.5.0 only that reads stdin whole (release
    // builds); the input! calls below then share it instead of reading line by line.
    let t = read_value!(usize);
    let answers = (0..t)
        .map(|_| {
            input! { cells: [usize; 9] }
            score[cells.iter().rev().fold(0, |board, &cell| board * 3 + cell)]
        })
        .join("\n");
    println!("{answers}");
}
