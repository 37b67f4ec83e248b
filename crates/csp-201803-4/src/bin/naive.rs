//! Brute force for csp-201803-4: plain minimax over the whole game tree, straight
//! from the statement and with no memo. Alice (1) moves first from the given
//! position, then the players alternate; Alice takes the largest score, Bob the
//! smallest. It trusts its input: the statement promises a reachable position with
//! Alice to move.

use std::io::{self, Read, Write};

type Board = [[u8; 3]; 3];

const ALICE: u8 = 1;
const BOB: u8 = 2;

fn has_line(board: &Board, stone: u8) -> bool {
    let row = (0..3).any(|r| (0..3).all(|c| board[r][c] == stone));
    let column = (0..3).any(|c| (0..3).all(|r| board[r][c] == stone));
    let diagonal = (0..3).all(|i| board[i][i] == stone);
    let anti_diagonal = (0..3).all(|i| board[i][2 - i] == stone);
    row || column || diagonal || anti_diagonal
}

fn empty_cells(board: &Board) -> i32 {
    board.iter().flatten().filter(|&&cell| cell == 0).count() as i32
}

fn minimax(board: &mut Board, alice_to_move: bool) -> i32 {
    if has_line(board, ALICE) {
        return empty_cells(board) + 1;
    }
    if has_line(board, BOB) {
        return -(empty_cells(board) + 1);
    }
    if empty_cells(board) == 0 {
        return 0;
    }
    let mut best: Option<i32> = None;
    for r in 0..3 {
        for c in 0..3 {
            if board[r][c] == 0 {
                board[r][c] = if alice_to_move { ALICE } else { BOB };
                let score = minimax(board, !alice_to_move);
                board[r][c] = 0;
                best = Some(match best {
                    None => score,
                    Some(so_far) if alice_to_move => so_far.max(score),
                    Some(so_far) => so_far.min(score),
                });
            }
        }
    }
    best.expect("a board that is not full has an empty cell")
}

fn main() {
    let mut text = String::new();
    io::stdin().read_to_string(&mut text).expect("read stdin");
    let mut numbers = text
        .split_ascii_whitespace()
        .map(|token| token.parse::<u32>().expect("a number"));
    let cases = numbers.next().expect("T");
    let mut answers = String::new();
    for _ in 0..cases {
        let mut board: Board = [[0; 3]; 3];
        for row in board.iter_mut() {
            for cell in row.iter_mut() {
                *cell = numbers.next().expect("a cell") as u8;
            }
        }
        answers += &format!("{}\n", minimax(&mut board, true));
    }
    io::stdout()
        .write_all(answers.as_bytes())
        .expect("write stdout");
}
