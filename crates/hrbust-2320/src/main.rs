//! HRBUST 2320 "OX": given a tic-tac-toe board and the player to move, print who
//! wins when both play perfectly (`x win!`, `o win!`) or `tie!`.
//!
//! A board is a base-3 number below 3^9 (cell `row * 3 + col` is digit `row * 3 + col`:
//! 0 empty, 1 x, 2 o). A stone only raises that number, so one sweep from the top
//! board down to 0 solves every board, for both movers, after all the boards it
//! leads to. Each case is then one lookup. Cost: 3^9 · 2 · 9 steps once, O(1) a case.

use proconio::marker::Bytes;
use proconio::{input, read_value};
use std::io::{stdout, Write};

const BOARDS: usize = 19_683;
const POW3: [usize; 9] = [1, 3, 9, 27, 81, 243, 729, 2187, 6561];
/// The eight lines as bit masks over the cells (bit `row * 3 + col`; octal: a digit a row).
const LINES: [u16; 8] = [0o007, 0o070, 0o700, 0o111, 0o222, 0o444, 0o421, 0o124];
/// The answer for each outcome: 0 x wins, 1 o wins, 2 tie.
const ANSWERS: [&str; 3] = ["x win!\n", "o win!\n", "tie!\n"];

fn owns_line(stones: u16) -> bool {
    // Owned: no cell of the line lacks a stone.
    LINES.iter().any(|&line| line & !stones == 0)
}

/// `outcome[board][mover]` (mover 0 is x, 1 is o) under perfect play. Boards where
/// both players own a line are never asked about.
fn solve_all_boards() -> Vec<[u8; 2]> {
    let mut outcome = vec![[2u8; 2]; BOARDS];
    for board in (0..BOARDS).rev() {
        // The cells of each digit as bit masks: empty, x, o.
        let mut cells = [0u16; 3];
        for (cell, pow) in POW3.iter().enumerate() {
            cells[board / pow % 3] |= 1 << cell;
        }
        if let Some(winner) = (1..3).find(|&player| owns_line(cells[player])) {
            outcome[board] = [winner as u8 - 1; 2];
            continue;
        }
        for mover in 0..2 {
            // The mover prefers a win (outcome `mover`), then a tie (2), then a loss.
            let preference = |result: u8| match result {
                2 => 1,
                _ if usize::from(result) == mover => 2,
                _ => 0,
            };
            let best = (0..9)
                .filter(|cell| cells[0] >> cell & 1 == 1)
                .map(|cell| outcome[board + (mover + 1) * POW3[cell]][1 - mover])
                .max_by_key(|&result| preference(result));
            // A full board keeps its tie.
            if let Some(best) = best {
                outcome[board][mover] = best;
            }
        }
    }
    outcome
}

fn main() {
    let outcome = solve_all_boards();
    // T through read_value!: in proconio 0.5.0 only that reads stdin whole (release
    // builds); the input! calls below then share it instead of reading line by line.
    let t = read_value!(usize);
    let mut out = String::new();
    for _ in 0..t {
        input! { cells: [Bytes; 9], mover: char }
        // A token starting with x is an x stone, with o an o stone, anything else empty.
        let board = cells.iter().rev().fold(0, |board, cell| {
            board * 3 + usize::from(cell[0] == b'x') + 2 * usize::from(cell[0] == b'o')
        });
        let mover = usize::from(mover == 'o');
        out.push_str(ANSWERS[usize::from(outcome[board][mover])]);
    }
    stdout().write_all(out.as_bytes()).unwrap();
}
