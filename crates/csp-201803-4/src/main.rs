//! CCF CSP 201803-4 "Position evaluation": the final score of a tic-tac-toe position
//! with Alice (X) to move when both play perfectly. A finished game scores
//! ±(empty cells + 1) for a win by Alice/Bob and 0 for a draw; Alice maximises.
//!
//! Every board is a base-3 number below 3^9 (cell `row * 3 + col` is digit
//! `row * 3 + col`: 0 empty, 1 X, 2 O), the same digits as the input. A stone only
//! raises that number, so one sweep from the highest board down to 0 scores every
//! board after the boards it leads to. Each case is then a check and a table lookup.
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
const ALL_CELLS: u16 = 0b111_111_111;
/// The largest score in absolute value: a win with 9 empty cells (never reached).
const MAX_SCORE: i32 = 10;

fn owns_line(stones: u16) -> bool {
    // A line is owned when none of its cells lacks a stone. All eight lines are
    // tested, without stopping early: it runs for every case, on random boards,
    // where an early exit is a branch the processor mispredicts.
    LINES
        .iter()
        .fold(false, |owned, &line| owned | (line & !stones == 0))
}

/// The cells of X and of O on `board`, as bit masks.
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

/// The score of perfect play from every board, the mover following from the stone
/// counts (Alice when X has no more stones than O). Only boards of a real game are
/// ever looked up, and from those the counts name the right mover.
fn build_scores() -> Vec<i8> {
    let mut scores = vec![0_i8; BOARDS];
    for board in (0..BOARDS).rev() {
        let (xs, os) = stone_masks(board);
        let empty = ALL_CELLS & !(xs | os);
        let finished_score = empty.count_ones() as i8 + 1;
        scores[board] = if owns_line(xs) {
            finished_score
        } else if owns_line(os) {
            -finished_score
        } else if empty == 0 {
            0
        } else {
            let alice_moves = xs.count_ones() <= os.count_ones();
            let stone = if alice_moves { 1 } else { 2 };
            let next_scores = (0..9)
                .filter(|cell| empty & (1 << cell) != 0)
                .map(|cell| scores[board + stone * POW3[cell]]);
            let best = if alice_moves {
                next_scores.max()
            } else {
                next_scores.min()
            };
            best.expect("an open board has an empty cell")
        };
    }
    scores
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

/// Why a board cannot be an input: the statement promises a position reached in play
/// with Alice to move, which means equal stone counts and no line of Alice's (her
/// line would have ended the game on her own move). Bob may own a line.
fn rejection(xs: u16, os: u16) -> Option<String> {
    let (alice_line, bob_line) = (owns_line(xs), owns_line(os));
    let (alice_stones, bob_stones) = (xs.count_ones(), os.count_ones());
    if alice_line && bob_line {
        Some("both Alice (1) and Bob (2) own a line".to_string())
    } else if alice_stones != bob_stones {
        Some(format!(
            "it is not Alice's turn: {alice_stones} stones of Alice (1) and {bob_stones} of Bob (2), \
             she moves only when the counts are equal"
        ))
    } else if alice_line {
        Some(
            "Alice (1) owns a line, so the game ended on her move and it cannot be her turn"
                .to_string(),
        )
    } else {
        None
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
        .filter(|&cases| cases >= 1)
        .ok_or_else(|| {
            format!(
                "the number of cases T must be a positive whole number, got {}",
                shown(count_token)
            )
        })?;
    let scores = build_scores();
    // Each score's output line, formatted once: `writeln!` per case cost more than
    // reading the case (see the README's benchmark).
    let score_lines: Vec<String> = (-MAX_SCORE..=MAX_SCORE)
        .map(|score| format!("{score}\n"))
        .collect();
    for case in 1..=cases {
        let (mut board, mut xs, mut os) = (0, 0_u16, 0_u16);
        for (cell, pow) in POW3.iter().enumerate() {
            let token = tokens.next().ok_or_else(|| {
                format!(
                    "case {case}: the input ends before cell {} of 9 (T = {cases})",
                    cell + 1
                )
            })?;
            let digit = match token {
                [digit @ b'0'..=b'2'] => digit - b'0',
                _ => {
                    return Err(format!(
                        "case {case}: cell {} (row {}, column {}) must be 0, 1 or 2, got {}",
                        cell + 1,
                        cell / 3 + 1,
                        cell % 3 + 1,
                        shown(token)
                    ))
                }
            };
            // No branch on the digit itself: in random boards it is unpredictable, and
            // mispredicted branches here cost more than reading the token.
            xs |= u16::from(digit == 1) << cell;
            os |= u16::from(digit == 2) << cell;
            board += usize::from(digit) * pow;
        }
        if let Some(reason) = rejection(xs, os) {
            return Err(format!("case {case}: impossible position: {reason}"));
        }
        let score = usize::try_from(i32::from(scores[board]) + MAX_SCORE)
            .expect("scores are at least -MAX_SCORE");
        out.write_all(score_lines[score].as_bytes())
            .map_err(|error| format!("cannot write the output: {error}"))?;
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
        eprintln!("csp-201803-4: cannot read the input: {error}");
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
            eprintln!("csp-201803-4: {message}");
            ExitCode::FAILURE
        }
    }
}
