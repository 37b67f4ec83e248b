//! Input generator for csp-201803-4: positions reached in play with Alice to move,
//! finished ones included (Bob may have just completed a line).
//!
//! The positions are found by playing: from the empty board, Alice and Bob take turns
//! on every empty cell until someone owns a line or the board is full; every position
//! met with Alice to move is kept (2 739 of them).
//!
//! - `gen SEED SIZE`: SIZE cases, each a stone count 0, 2, 4, 6 or 8 picked
//!   uniformly, then a uniform position of that count.
//! - `--all 0` (the only input of the walk): every such position once, in one input.

use judge_readers::generator::{generator_main, Generator};
use judge_readers::rng::SplitMix64;
use std::collections::BTreeSet;
use std::fmt::Write;
use std::process::ExitCode;

/// Cells in reading order: 0 empty, 1 Alice (X), 2 Bob (O).
type Cells = [u8; 9];

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

fn has_line(cells: &Cells, stone: u8) -> bool {
    LINES
        .iter()
        .any(|line| line.iter().all(|&cell| cells[cell] == stone))
}

/// Plays on from `cells` (where `to_move` places next), collecting each position met
/// with Alice to move into `found`; `seen` keeps each position from being explored twice.
fn explore(
    cells: &mut Cells,
    to_move: u8,
    seen: &mut BTreeSet<Cells>,
    found: &mut BTreeSet<Cells>,
) {
    if !seen.insert(*cells) {
        return;
    }
    if to_move == 1 {
        found.insert(*cells);
    }
    if has_line(cells, 1) || has_line(cells, 2) {
        return;
    }
    for cell in 0..9 {
        if cells[cell] == 0 {
            cells[cell] = to_move;
            explore(cells, 3 - to_move, seen, found);
            cells[cell] = 0;
        }
    }
}

/// Every position reached in play with Alice to move, in a fixed order.
fn alice_positions() -> Vec<Cells> {
    let (mut seen, mut found) = (BTreeSet::new(), BTreeSet::new());
    explore(&mut [0; 9], 1, &mut seen, &mut found);
    found.into_iter().collect()
}

fn push_case(text: &mut String, cells: &Cells) {
    for row in cells.chunks(3) {
        writeln!(text, "{} {} {}", row[0], row[1], row[2]).unwrap();
    }
}

struct Inputs;

impl Generator for Inputs {
    const MAX_SIZE: u64 = 1_000_000;

    fn random(rng: &mut SplitMix64, size: u64) -> String {
        let positions = alice_positions();
        let by_stones: Vec<Vec<&Cells>> = (0..=4)
            .map(|pairs| {
                positions
                    .iter()
                    .filter(|cells| cells.iter().filter(|&&cell| cell != 0).count() == 2 * pairs)
                    .collect()
            })
            .collect();
        let mut text = format!("{size}\n");
        for _ in 0..size {
            let group = &by_stones[rng.below(by_stones.len() as u64) as usize];
            push_case(&mut text, group[rng.below(group.len() as u64) as usize]);
        }
        text
    }

    fn exhaustive_count() -> u64 {
        1
    }

    fn exhaustive(_index: u64) -> String {
        let positions = alice_positions();
        let mut text = format!("{}\n", positions.len());
        for cells in &positions {
            push_case(&mut text, cells);
        }
        text
    }
}

fn main() -> ExitCode {
    generator_main::<Inputs>()
}
