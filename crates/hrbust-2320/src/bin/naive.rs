//! Brute force for hrbust-2320: plain minimax over the whole game tree, straight
//! from the rules and with no memo. A finished game scores +1 when x has won, -1
//! when o has, 0 for a full board; x picks the largest score, o the smallest.
//!
//! It trusts its input apart from refusing a board where both players own a line.

use std::io::{self, Read, Write};

type Board = [[char; 3]; 3];

fn has_line(board: &Board, stone: char) -> bool {
    let row = (0..3).any(|r| (0..3).all(|c| board[r][c] == stone));
    let column = (0..3).any(|c| (0..3).all(|r| board[r][c] == stone));
    let diagonal = (0..3).all(|i| board[i][i] == stone);
    let anti_diagonal = (0..3).all(|i| board[i][2 - i] == stone);
    row || column || diagonal || anti_diagonal
}

fn opponent(player: char) -> char {
    if player == 'x' {
        'o'
    } else {
        'x'
    }
}

fn minimax(board: &mut Board, to_move: char) -> i32 {
    if has_line(board, 'x') {
        return 1;
    }
    if has_line(board, 'o') {
        return -1;
    }
    let mut best: Option<i32> = None;
    for r in 0..3 {
        for c in 0..3 {
            if board[r][c] != '.' {
                continue;
            }
            board[r][c] = to_move;
            let score = minimax(board, opponent(to_move));
            board[r][c] = '.';
            best = Some(match best {
                None => score,
                Some(so_far) if to_move == 'x' => so_far.max(score),
                Some(so_far) => so_far.min(score),
            });
        }
    }
    // No empty cell and no line: the board is full, a tie.
    best.unwrap_or(0)
}

fn main() {
    let mut raw = Vec::new();
    io::stdin().read_to_end(&mut raw).expect("read stdin");
    let text = String::from_utf8_lossy(&raw);
    let mut tokens = text.split_ascii_whitespace();
    let cases: usize = tokens.next().expect("T").parse().expect("T is a number");
    let mut answers = String::new();
    for case in 1..=cases {
        let mut board: Board = [['.'; 3]; 3];
        for row in board.iter_mut() {
            for cell in row.iter_mut() {
                *cell = match tokens.next().expect("a cell").chars().next() {
                    Some('x') => 'x',
                    Some('o') => 'o',
                    _ => '.',
                };
            }
        }
        let to_move = match tokens.next().expect("the player to move") {
            "x" => 'x',
            "o" => 'o',
            other => panic!("case {case}: bad player to move {other:?}"),
        };
        if has_line(&board, 'x') && has_line(&board, 'o') {
            eprintln!("naive: case {case}: both players own a line");
            std::process::exit(1);
        }
        answers += match minimax(&mut board, to_move) {
            1 => "x win!\n",
            -1 => "o win!\n",
            _ => "tie!\n",
        };
    }
    io::stdout()
        .write_all(answers.as_bytes())
        .expect("write stdout");
}
