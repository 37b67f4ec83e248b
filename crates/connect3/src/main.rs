//! Connect3 (Baekjoon 14952): how many distinct final boards end with white's
//! winning stone on square (a, b), when the game opened with black on (1, x)?
//!
//! Forward search over the positions of the game, each board visited once. A board
//! is two 16-bit masks (bit `4 * row + column`, 0-based, row 0 at the bottom); the
//! visited set is a bitset over a 20-bit index with 5 bits per column
//! (`1 << height | white stones of the column`), which names every gravity-valid
//! board exactly once.

use proconio::input;
use proconio::source::once::OnceSource;
use proconio::source::Source;
use std::io::{self, Read, Write};
use std::process::ExitCode;
use std::time::Instant;

const SIDE: usize = 4;
/// Bits per column in the board index: a column's code is below 2^5.
const COLUMN_CODE_BITS: usize = 5;
const INDEX_COUNT: usize = 1 << (COLUMN_CODE_BITS * SIDE);

/// True when `stones` holds three in a row horizontally, vertically or diagonally.
///
/// Shifting by the step between neighbours lines each cell up with the next two along
/// that direction; the mask keeps only starting cells whose line stays on the board.
fn has_three(stones: u16) -> bool {
    // (step to the next cell of the line, starting cells that leave room for two more)
    const DIRECTIONS: [(u32, u16); 4] = [
        (1, 0x3333), // right: columns 0 and 1
        (4, 0x00FF), // up: rows 0 and 1
        (5, 0x0033), // up-right: rows 0 and 1, columns 0 and 1
        (3, 0x00CC), // up-left: rows 0 and 1, columns 2 and 3
    ];
    DIRECTIONS
        .iter()
        .any(|&(step, starts)| stones & (stones >> step) & (stones >> (2 * step)) & starts != 0)
}

/// A position of the game; whose turn it is follows from the stone counts.
#[derive(Clone, Copy)]
struct Position {
    black: u16,
    white: u16,
    heights: [u8; SIDE],
    /// The board's index in the visited bitset, kept up to date move by move.
    index: u32,
}

impl Position {
    fn opening(first_column: usize) -> Position {
        let mut empty = Position {
            black: 0,
            white: 0,
            heights: [0; SIDE],
            // Every column's code starts as `1 << 0`: height 0, no stones.
            index: (0..SIDE)
                .map(|column| 1 << (COLUMN_CODE_BITS * column))
                .sum(),
        };
        empty.drop_stone(first_column, false);
        empty
    }

    /// Drops a stone into `column` (which must have room); returns the square's bit.
    fn drop_stone(&mut self, column: usize, white: bool) -> u16 {
        let height = usize::from(self.heights[column]);
        let bit = 1 << (SIDE * height + column);
        if white {
            self.white |= bit;
        } else {
            self.black |= bit;
        }
        self.heights[column] += 1;
        // The column code goes from `1 << h | p` to `1 << (h + 1) | p | white << h`.
        let added = (1 + u32::from(white)) << height;
        self.index += added << (COLUMN_CODE_BITS * column);
        bit
    }
}

struct Search {
    visited: Vec<u64>,
    /// The bit of square (a, b), where white's winning stone must land.
    target: u16,
    final_boards: u64,
    boards_visited: u64,
}

impl Search {
    /// Marks the board as visited; false if it was already.
    fn first_visit(&mut self, index: u32) -> bool {
        let (word, bit) = (index as usize / 64, index % 64);
        let fresh = self.visited[word] >> bit & 1 == 0;
        self.visited[word] |= 1 << bit;
        if fresh {
            self.boards_visited += 1;
        }
        fresh
    }

    /// Explores every move from `position`, where nobody has three in a row and the
    /// target square is still empty.
    fn explore(&mut self, position: &Position, white_to_move: bool) {
        for column in 0..SIDE {
            if usize::from(position.heights[column]) == SIDE {
                continue;
            }
            let mut next = *position;
            let bit = next.drop_stone(column, white_to_move);
            if !self.first_visit(next.index) {
                continue;
            }
            let mover = if white_to_move {
                next.white
            } else {
                next.black
            };
            let wins = has_three(mover);
            if bit == self.target {
                // Any stone on the target square ends the story: only white's
                // winning stone makes a final board that counts.
                if white_to_move && wins {
                    self.final_boards += 1;
                }
            } else if !wins {
                self.explore(&next, !white_to_move);
            }
        }
    }
}

/// Distinct final boards of games opened by black on (1, `first_column`) and won by
/// white's stone on (`row`, `column`); all three are 1-based.
///
/// Also returns how many distinct boards the search visited, the opening included.
/// When (row, column) is (1, first_column) black already holds it and nothing counts.
fn count_final_boards(first_column: usize, row: usize, column: usize) -> (u64, u64) {
    let mut search = Search {
        visited: vec![0; INDEX_COUNT / 64],
        target: 1 << (SIDE * (row - 1) + (column - 1)),
        final_boards: 0,
        boards_visited: 0,
    };
    let opening = Position::opening(first_column - 1);
    search.first_visit(opening.index);
    search.explore(&opening, true);
    (search.final_boards, search.boards_visited)
}

/// Reads `x`, `a`, `b`: exactly three whole numbers from 1 to 4.
fn read_input() -> Result<(usize, usize, usize), String> {
    let mut bytes = Vec::new();
    io::stdin()
        .read_to_end(&mut bytes)
        .map_err(|error| format!("cannot read the input: {error}"))?;
    let text = String::from_utf8(bytes).map_err(|_| "the input is not UTF-8 text".to_string())?;
    let mut source = OnceSource::from(text.as_str());
    let mut read_square_number = |name: &str| -> Result<usize, String> {
        // proconio panics on a missing token; check first to say what is missing.
        if source.is_empty() {
            return Err(format!("the input ends before {name}"));
        }
        input! { from &mut source, token: String }
        token
            .parse::<usize>()
            .ok()
            .filter(|value| (1..=SIDE).contains(value))
            .ok_or_else(|| format!("{name} must be a whole number from 1 to 4, got {token:?}"))
    };
    let first_column = read_square_number("x")?;
    let row = read_square_number("a")?;
    let column = read_square_number("b")?;
    if !source.is_empty() {
        return Err("unexpected text after `x a b`".to_string());
    }
    Ok((first_column, row, column))
}

fn main() -> ExitCode {
    let (first_column, row, column) = match read_input() {
        Ok(values) => values,
        Err(message) => {
            eprintln!("connect3: {message}");
            return ExitCode::FAILURE;
        }
    };
    let search_started = Instant::now();
    let (final_boards, boards_visited) = count_final_boards(first_column, row, column);
    // For the benchmark in the README; judges never set it.
    if std::env::var_os("CONNECT3_STATS").is_some() {
        let elapsed = search_started.elapsed();
        eprintln!("connect3: {boards_visited} boards visited in {elapsed:?}");
    }
    let mut stdout = io::stdout().lock();
    match writeln!(stdout, "{final_boards}").and_then(|()| stdout.flush()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("connect3: cannot write the answer: {error}");
            ExitCode::FAILURE
        }
    }
}
