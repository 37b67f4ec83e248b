//! Input generator for hrbust-2320.
//!
//! - `gen SEED SIZE`: SIZE cases. Each picks a stone count 0..=9 uniformly, puts that
//!   many stones on random cells, each x or o at random (counts need not match any
//!   game), redraws boards where both players own a line, and picks a random mover.
//!   Empty cells are `.` or, in some cases, another symbol (`_`, `-`, `#`, `*`, `0`),
//!   since any token not starting with x or o is an empty cell.
//! - `--all 0` (the only input of the walk): every one of the 3^9 boards except those
//!   where both players own a line, each with x and then o to move, in one input.

use judge_readers::generator::{generator_main, Generator};
use judge_readers::rng::SplitMix64;
use std::fmt::Write;
use std::process::ExitCode;

/// Cells in reading order: `None` empty, `Some('x')` or `Some('o')` a stone.
type Cells = [Option<char>; 9];

const LINES: [[usize; 3]; 8] = [
    [0, 1, 2],
    [3, 4, 5],
    [6, 7, 8],
    [0, 3, 6],
    [1, 4, 7],
    [2, 5, 8],
    [0, 4, 8],
    [2, 4, 6],
];

const EMPTY_SYMBOLS: [&str; 6] = ["_", "-", "#", "*", "0", "."];

fn has_line(cells: &Cells, stone: char) -> bool {
    LINES
        .iter()
        .any(|line| line.iter().all(|&cell| cells[cell] == Some(stone)))
}

fn both_own_a_line(cells: &Cells) -> bool {
    has_line(cells, 'x') && has_line(cells, 'o')
}

fn push_case(text: &mut String, cells: &Cells, empty_symbol: &str, to_move: char) {
    for row in cells.chunks(3) {
        let tokens: Vec<String> = row
            .iter()
            .map(|cell| cell.map_or(empty_symbol.to_string(), String::from))
            .collect();
        writeln!(text, "{}", tokens.join(" ")).unwrap();
    }
    writeln!(text, "{to_move}").unwrap();
}

fn random_cells(rng: &mut SplitMix64) -> Cells {
    loop {
        let mut order: Vec<usize> = (0..9).collect();
        for i in (1..9).rev() {
            order.swap(i, rng.below(i as u64 + 1) as usize);
        }
        let stones = rng.below(10) as usize;
        let mut cells: Cells = [None; 9];
        for &cell in &order[..stones] {
            cells[cell] = Some(if rng.below(2) == 0 { 'x' } else { 'o' });
        }
        if !both_own_a_line(&cells) {
            return cells;
        }
    }
}

struct Inputs;

impl Generator for Inputs {
    const MAX_SIZE: u64 = 1_000_000;

    fn random(rng: &mut SplitMix64, size: u64) -> String {
        let mut text = format!("{size}\n");
        for _ in 0..size {
            let cells = random_cells(rng);
            // Mostly `.`, sometimes another symbol for every empty cell of the case.
            let symbol = if rng.below(4) == 0 {
                EMPTY_SYMBOLS[rng.below(EMPTY_SYMBOLS.len() as u64) as usize]
            } else {
                "."
            };
            let to_move = if rng.below(2) == 0 { 'x' } else { 'o' };
            push_case(&mut text, &cells, symbol, to_move);
        }
        text
    }

    fn exhaustive_count() -> u64 {
        1
    }

    fn exhaustive(_index: u64) -> String {
        let mut boards = Vec::new();
        for number in 0..3_u32.pow(9) {
            let mut cells: Cells = [None; 9];
            let mut rest = number;
            for cell in cells.iter_mut() {
                *cell = [None, Some('x'), Some('o')][(rest % 3) as usize];
                rest /= 3;
            }
            if !both_own_a_line(&cells) {
                boards.push(cells);
            }
        }
        let mut text = format!("{}\n", 2 * boards.len());
        for cells in &boards {
            for to_move in ['x', 'o'] {
                push_case(&mut text, cells, ".", to_move);
            }
        }
        text
    }
}

fn main() -> ExitCode {
    generator_main::<Inputs>()
}
