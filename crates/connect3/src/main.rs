//! Connect3 (Baekjoon 14952): how many distinct final boards end with white's
//! winning stone on square (a, b), when black opened on (1, x)?
//!
//! Depth-first search that plays every game forward, each board visited once. A
//! board is two 16-bit masks, black's and white's (bit `4 * row + column`, 0-based,
//! row 0 at the bottom). The visited set is a bitset over a 20-bit index with 5 bits
//! a column (`1 << height | its white stones`), which names every gravity-valid board
//! exactly once. Cost: O(1) a board; of the 31^4 boards the search meets 2,189 to 20,549.

use proconio::input;
use proconio::marker::Usize1;

/// Whether `stones` holds three in a row: for each direction, shifting by the step
/// to the next cell lines each cell up with the next two, and `starts` keeps the
/// cells whose line stays on the board.
fn has_three(stones: u16) -> bool {
    [(1, 0x3333), (4, 0x00ff), (5, 0x0033), (3, 0x00cc)]
        .iter()
        .any(|&(step, starts)| stones & (stones >> step) & (stones >> (2 * step)) & starts != 0)
}

struct Search {
    visited: Vec<u64>,
    /// The bit of square (a, b), where white's winning stone must land.
    target: u16,
    final_boards: u64,
}

impl Search {
    /// Plays every move of `mover` (0 black, 1 white) from a board where nobody has
    /// three in a row and the target is empty: `stones` by colour, `heights` of the
    /// columns, `index` of the board in the visited set.
    fn explore(&mut self, stones: [u16; 2], heights: [usize; 4], index: usize, mover: usize) {
        for column in (0..4).filter(|&column| heights[column] < 4) {
            // The column's code goes from `1 << h | w` to `1 << (h + 1) | w | white << h`.
            let next_index = index + ((1 + mover) << (heights[column] + 5 * column));
            let (word, bit) = (next_index / 64, 1 << (next_index % 64));
            if self.visited[word] & bit != 0 {
                continue;
            }
            self.visited[word] |= bit;
            let square = 1 << (4 * heights[column] + column);
            let mut next = stones;
            next[mover] |= square;
            let wins = has_three(next[mover]);
            if square == self.target {
                // Any stone on the target ends the story; only white's win counts.
                self.final_boards += u64::from(mover == 1 && wins);
            } else if !wins {
                let mut next_heights = heights;
                next_heights[column] += 1;
                self.explore(next, next_heights, next_index, 1 - mover);
            }
        }
    }
}

fn main() {
    input! { x: Usize1, a: Usize1, b: Usize1 }
    let mut search = Search {
        visited: vec![0; (1 << 20) / 64],
        target: 1 << (4 * a + b),
        final_boards: 0,
    };
    // Every column's code starts as `1 << 0` (empty), then black's stone goes on (1, x).
    let empty_index: usize = (0..4).map(|column| 1 << (5 * column)).sum();
    let mut heights = [0; 4];
    heights[x] = 1;
    search.explore([1 << x, 0], heights, empty_index + (1 << (5 * x)), 1);
    println!("{}", search.final_boards);
}
