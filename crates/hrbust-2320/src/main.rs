//! HRBUST 2320 "OX": given a tic-tac-toe board and the player to move, tell who wins
//! when both play perfectly, or that it is a tie.
//!
//! Every board is a base-3 number below 3^9 (cell `row * 3 + col` is digit
//! `row * 3 + col`: 0 empty, 1 x, 2 o). Placing a stone only raises that number, so
//! one sweep from the highest board down to 0 fills a table of the outcome for both
//! movers before any board that needs it. Each case is then one table lookup.
//!
//! Input is read with std only: proconio's macros panic (exit 101) on malformed
//! input, and this program must instead name the problem and exit with code 1.

use std::io::{self, Read, Write};
use std::process::ExitCode;

/// 3^i for each cell i: the weight of that cell's digit in a board's number.
const POW3: [usize; 9] = [1, 3, 9, 27, 81, 243, 729, 2187, 6561];
const BOARDS: usize = 19_683;

/// The eight lines as bit masks over cells (bit `row * 3 + col`).
const LINES: [u16; 8] = [
    0b000_000_111,
    0b000_111_000,
    0b111_000_000,
    0b001_001_001,
    0b010_010_010,
    0b100_100_100,
    0b100_010_001,
    0b001_010_100,
];

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Player {
    X,
    O,
}

impl Player {
    /// The cell digit of this player's stones.
    fn digit(self) -> usize {
        match self {
            Player::X => 1,
            Player::O => 2,
        }
    }

    fn index(self) -> usize {
        self.digit() - 1
    }

    fn other(self) -> Player {
        match self {
            Player::X => Player::O,
            Player::O => Player::X,
        }
    }
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Outcome {
    Win(Player),
    Tie,
}

/// The outcome of perfect play from each board, indexed by the mover (`Player::index`);
/// `None` for the boards where both players own a line, which no game reaches.
type Table = Vec<Option<[Outcome; 2]>>;

fn owns_line(stones: u16) -> bool {
    // A line is owned when none of its cells lacks a stone.
    LINES.iter().any(|&line| line & !stones == 0)
}

/// The cells of x and of o on `board`, as bit masks.
fn stone_masks(board: usize) -> (u16, u16) {
    let (mut xs, mut os) = (0, 0);
    for (cell, pow) in POW3.iter().enumerate() {
        match board / pow % 3 {
            1 => xs |= 1 << cell,
            2 => os |= 1 << cell,
            _ => {}
        }
    }
    (xs, os)
}

/// The best `mover` can force on an open board (no line, some empty cell), given the
/// outcomes of every board with more stones.
fn best_outcome(table: &Table, board: usize, empty: u16, mover: Player) -> Outcome {
    let mut can_tie = false;
    for (cell, pow) in POW3.iter().enumerate() {
        if empty & (1 << cell) == 0 {
            continue;
        }
        let after = table[board + mover.digit() * pow]
            .expect("one stone on an open board cannot give both players a line");
        match after[mover.other().index()] {
            Outcome::Win(winner) if winner == mover => return Outcome::Win(mover),
            Outcome::Tie => can_tie = true,
            Outcome::Win(_) => {}
        }
    }
    if can_tie {
        Outcome::Tie
    } else {
        Outcome::Win(mover.other())
    }
}

fn build_table() -> Table {
    let mut table: Table = vec![None; BOARDS];
    for board in (0..BOARDS).rev() {
        let (xs, os) = stone_masks(board);
        let empty = !(xs | os) & 0b111_111_111;
        table[board] = match (owns_line(xs), owns_line(os)) {
            (true, true) => None,
            (true, false) => Some([Outcome::Win(Player::X); 2]),
            (false, true) => Some([Outcome::Win(Player::O); 2]),
            (false, false) if empty == 0 => Some([Outcome::Tie; 2]),
            (false, false) => Some([
                best_outcome(&table, board, empty, Player::X),
                best_outcome(&table, board, empty, Player::O),
            ]),
        };
    }
    table
}

/// A token as it may appear in an error message: lossy UTF-8, cut to a sane length.
fn shown(token: &[u8]) -> String {
    const MAX_SHOWN: usize = 20;
    let text = String::from_utf8_lossy(&token[..token.len().min(MAX_SHOWN)]).into_owned();
    if token.len() > MAX_SHOWN {
        format!("{text:?}...")
    } else {
        format!("{text:?}")
    }
}

/// The digit of a cell token: its first character decides, anything but x or o is empty.
fn cell_digit(token: &[u8]) -> usize {
    match token[0] {
        b'x' => Player::X.digit(),
        b'o' => Player::O.digit(),
        _ => 0,
    }
}

fn solve(input: &[u8], out: &mut impl Write) -> Result<(), String> {
    let mut tokens = input
        .split(|byte| byte.is_ascii_whitespace())
        .filter(|token| !token.is_empty());
    let count_token = tokens
        .next()
        .ok_or("the input is empty: expected the number of cases T")?;
    let cases: usize = std::str::from_utf8(count_token)
        .ok()
        .filter(|text| text.bytes().all(|byte| byte.is_ascii_digit()))
        .and_then(|text| text.parse().ok())
        .ok_or_else(|| {
            format!(
                "the number of cases T must be a whole number, got {}",
                shown(count_token)
            )
        })?;
    let table = build_table();
    let write_error = |error: io::Error| format!("cannot write the output: {error}");
    for case in 1..=cases {
        let mut board = 0;
        for (cell, pow) in POW3.iter().enumerate() {
            let token = tokens.next().ok_or_else(|| {
                format!(
                    "case {case}: the input ends before cell {} of 9 (T = {cases})",
                    cell + 1
                )
            })?;
            board += cell_digit(token) * pow;
        }
        let mover = match tokens.next() {
            Some(b"x") => Player::X,
            Some(b"o") => Player::O,
            Some(token) => {
                return Err(format!(
                    "case {case}: the player to move must be `x` or `o`, got {}",
                    shown(token)
                ))
            }
            None => {
                return Err(format!(
                    "case {case}: the input ends before the player to move (T = {cases})"
                ))
            }
        };
        let outcomes = table[board].ok_or_else(|| {
            format!("case {case}: both x and o own a line, which no game can reach")
        })?;
        let answer: &[u8] = match outcomes[mover.index()] {
            Outcome::Win(Player::X) => b"x win!\n",
            Outcome::Win(Player::O) => b"o win!\n",
            Outcome::Tie => b"tie!\n",
        };
        out.write_all(answer).map_err(write_error)?;
    }
    if let Some(extra) = tokens.next() {
        return Err(format!(
            "unexpected token {} after the last of the {cases} cases",
            shown(extra)
        ));
    }
    Ok(())
}

fn main() -> ExitCode {
    let mut input = Vec::new();
    if let Err(error) = io::stdin().lock().read_to_end(&mut input) {
        eprintln!("hrbust-2320: cannot read the input: {error}");
        return ExitCode::FAILURE;
    }
    let mut out = io::BufWriter::new(io::stdout().lock());
    // Answers of the cases before a bad one are still written, then the error.
    let solved = solve(&input, &mut out);
    let flushed = out
        .flush()
        .map_err(|error| format!("cannot write the output: {error}"));
    match solved.and(flushed) {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("hrbust-2320: {message}");
            ExitCode::FAILURE
        }
    }
}
