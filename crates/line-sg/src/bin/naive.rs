//! Brute force for the tests: a plain game-tree search over the whole strip, with no
//! Sprague–Grundy theory. A position is won for the player to move iff some legal
//! move leads to a position that is lost for the opponent; positions are memoised by
//! their full contents, shared across the cases of one run.
//!
//! Same input and output format as the submission. Only for short strips (at most
//! `MAX_CELLS` cells): the number of positions grows about 2.4-fold per cell.

use std::collections::HashMap;
use std::io::{self, Read, Write};
use std::process::ExitCode;

/// The longest strip searched; longer ones are refused rather than left to run for ages.
const MAX_CELLS: usize = 16;

/// A strip packed two bits per cell (0 empty, 1 X, 2 O) under a leading 1 bit that
/// marks its length, so strips of different lengths never share a key.
fn key(cells: &[u8]) -> u64 {
    cells.iter().fold(1, |packed, &cell| {
        packed << 2
            | match cell {
                b'X' => 1,
                b'O' => 2,
                _ => 0,
            }
    })
}

/// Writing `symbol` into the empty cell `i` keeps equal symbols apart.
fn can_write(cells: &[u8], i: usize, symbol: u8) -> bool {
    cells[i] == b'.'
        && (i == 0 || cells[i - 1] != symbol)
        && (i + 1 == cells.len() || cells[i + 1] != symbol)
}

/// Whether the player about to move from `cells` wins with best play.
fn mover_wins(cells: &mut [u8], memo: &mut HashMap<u64, bool>) -> bool {
    let position = key(cells);
    if let Some(&known) = memo.get(&position) {
        return known;
    }
    let mut wins = false;
    'moves: for i in 0..cells.len() {
        for symbol in [b'X', b'O'] {
            if can_write(cells, i, symbol) {
                cells[i] = symbol;
                let opponent_wins = mover_wins(cells, memo);
                cells[i] = b'.';
                if !opponent_wins {
                    wins = true;
                    break 'moves;
                }
            }
        }
    }
    memo.insert(position, wins);
    wins
}

fn run(input: &str) -> Result<String, String> {
    let mut tokens = input.split_ascii_whitespace();
    let count: usize = tokens
        .next()
        .and_then(|token| token.parse().ok())
        .ok_or("the first token must be the number of strips")?;
    let mut memo = HashMap::new();
    let mut output = String::new();
    for number in 1..=count {
        let strip = tokens.next().ok_or("fewer strips than announced")?;
        let mut cells = strip.as_bytes().to_vec();
        if cells.len() > MAX_CELLS {
            return Err(format!("strip {number} is longer than {MAX_CELLS} cells"));
        }
        if let Some(bad) = cells.iter().find(|cell| !b".XO".contains(cell)) {
            return Err(format!("strip {number} holds {:?}", *bad as char));
        }
        if cells
            .windows(2)
            .any(|pair| pair[0] != b'.' && pair[0] == pair[1])
        {
            return Err(format!("strip {number} has two equal symbols side by side"));
        }
        let symbols = cells.iter().filter(|&&cell| cell != b'.').count();
        let user_moves = symbols % 2 == 0;
        let user_wins = user_moves == mover_wins(&mut cells, &mut memo);
        let verdict = if user_wins { "Yes" } else { "No" };
        output += &format!("Case {number}: {verdict}\n");
    }
    Ok(output)
}

fn main() -> ExitCode {
    let mut input = String::new();
    if let Err(error) = io::stdin().read_to_string(&mut input) {
        eprintln!("naive: cannot read the input: {error}");
        return ExitCode::from(1);
    }
    match run(&input) {
        Ok(output) => {
            io::stdout()
                .lock()
                .write_all(output.as_bytes())
                .expect("cannot write the output");
            ExitCode::SUCCESS
        }
        Err(message) => {
            eprintln!("naive: {message}");
            ExitCode::from(1)
        }
    }
}
