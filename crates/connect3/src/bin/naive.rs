//! Brute force for the tests: same input and output as the submission, reached the
//! other way round.
//!
//! Instead of playing forward from the opening, it lists every board that gravity
//! allows (each column a stack of 0 to 4 stones), keeps those that look like a final
//! board (white on (a, b) at the top of its column, white has three in a row, as
//! many black stones as white), and then un-plays each one: the board minus the
//! stone on (a, b) must lead back to the opening by taking stones off column tops,
//! in the reverse order of the turns, through boards where nobody has three in a row.

use itertools::Itertools;
use proconio::input;
use std::collections::HashMap;

#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
enum Cell {
    Empty,
    Black,
    White,
}

/// `grid[row][column]`, 0-based, row 0 at the bottom.
type Grid = [[Cell; 4]; 4];

fn on_board(row: i32, column: i32) -> bool {
    (0..4).contains(&row) && (0..4).contains(&column)
}

/// Three cells of `colour` in a row, checked cell by cell in all eight directions.
fn has_three(grid: &Grid, colour: Cell) -> bool {
    let directions = [
        (0, 1),
        (1, 0),
        (1, 1),
        (1, -1),
        (0, -1),
        (-1, 0),
        (-1, -1),
        (-1, 1),
    ];
    (0..4).cartesian_product(0..4).any(|(row, column)| {
        directions.iter().any(|&(d_row, d_column)| {
            (0..3).all(|step| {
                let (r, c) = (row + step * d_row, column + step * d_column);
                on_board(r, c) && grid[r as usize][c as usize] == colour
            })
        })
    })
}

fn count(grid: &Grid, colour: Cell) -> usize {
    grid.iter()
        .flatten()
        .filter(|&&cell| cell == colour)
        .count()
}

/// Height of a column: the number of stones in it (gravity holds for every grid here).
fn height(grid: &Grid, column: usize) -> usize {
    (0..4)
        .filter(|&row| grid[row][column] != Cell::Empty)
        .count()
}

struct Retro {
    first_column: usize,
    /// Whether a grid is a position some game reaches with nobody yet on three.
    known: HashMap<Grid, bool>,
}

impl Retro {
    /// Can a game opened by black on (1, first_column) reach `grid` with every
    /// position along the way, `grid` included, free of three in a row?
    fn reachable(&mut self, grid: &Grid) -> bool {
        if let Some(&answer) = self.known.get(grid) {
            return answer;
        }
        let answer = self.reachable_uncached(grid);
        self.known.insert(*grid, answer);
        answer
    }

    fn reachable_uncached(&mut self, grid: &Grid) -> bool {
        if has_three(grid, Cell::Black) || has_three(grid, Cell::White) {
            return false;
        }
        // The opening stone is never taken back before the opening itself.
        if grid[0][self.first_column] != Cell::Black {
            return false;
        }
        let (blacks, whites) = (count(grid, Cell::Black), count(grid, Cell::White));
        if blacks + whites == 1 {
            return true;
        }
        // Black moves first, so black is one stone ahead after black's move.
        let last_mover = if blacks == whites + 1 {
            Cell::Black
        } else if blacks == whites {
            Cell::White
        } else {
            return false;
        };
        for column in 0..4 {
            let h = height(grid, column);
            if h == 0 || grid[h - 1][column] != last_mover {
                continue;
            }
            let mut earlier = *grid;
            earlier[h - 1][column] = Cell::Empty;
            if self.reachable(&earlier) {
                return true;
            }
        }
        false
    }
}

/// Every gravity-valid grid: each column is a stack of up to four stones.
fn all_grids() -> impl Iterator<Item = Grid> {
    let mut stacks: Vec<Vec<Cell>> = vec![Vec::new()];
    let mut one_taller: Vec<Vec<Cell>> = vec![Vec::new()];
    for _ in 0..4 {
        one_taller = one_taller
            .iter()
            .flat_map(|stack| {
                [Cell::Black, Cell::White].map(|cell| {
                    let mut taller = stack.clone();
                    taller.push(cell);
                    taller
                })
            })
            .collect();
        stacks.extend(one_taller.iter().cloned());
    }
    assert_eq!(stacks.len(), 31, "1 + 2 + 4 + 8 + 16 stacks");
    // Grid `code` has stack `code / 31^column % 31` in each column (no per-grid
    // allocation: this loop is most of the brute force's time).
    (0..31usize.pow(4)).map(move |code| {
        let mut grid = [[Cell::Empty; 4]; 4];
        for column in 0..4 {
            let stack = &stacks[code / 31usize.pow(column as u32) % 31];
            for (row, &cell) in stack.iter().enumerate() {
                grid[row][column] = cell;
            }
        }
        grid
    })
}

fn main() {
    input! { x: usize, a: usize, b: usize }
    assert!(
        [x, a, b].iter().all(|v| (1..=4).contains(v)),
        "naive: x, a, b must be in 1..=4"
    );
    let (first_column, row, column) = (x - 1, a - 1, b - 1);
    let mut retro = Retro {
        first_column,
        known: HashMap::new(),
    };
    let mut final_boards = 0u64;
    for grid in all_grids() {
        let looks_final = grid[row][column] == Cell::White
            && height(&grid, column) == row + 1
            && count(&grid, Cell::Black) == count(&grid, Cell::White)
            && has_three(&grid, Cell::White);
        if !looks_final {
            continue;
        }
        let mut before_last_move = grid;
        before_last_move[row][column] = Cell::Empty;
        if retro.reachable(&before_last_move) {
            final_boards += 1;
        }
    }
    println!("{final_boards}");
}
