//! CCF CSP 201803-4 "Position evaluation": the final score of a tic-tac-toe position
//! with Alice (X) to move when both play perfectly. A finished game scores
//! ±(empty cells + 1) for a win by Alice/Bob and 0 for a draw; Alice maximises.
//!
//! Every board is a base-3 number below 3^9 (cell `row * 3 + col` is digit
//! `row * 3 + col`: 0 empty, 1 X, 2 O), the same digits as the input. A stone only
//! raises that number, so one sweep from the highest board down to 0 scores every
//! board after the boards it leads to. Each case is then a check and a table lookup.
//!
//! Input: all of stdin in a proconio `OnceSource`, read with `input!` through the
//! marker types `CaseCount`, `Case` and `EndOfInput`. They exist because proconio's
//! own readers (`usize`, `u8`, ...) panic (exit 101) on a missing or malformed
//! token, and this program must instead name the problem and exit with code 1: each
//! marker's `Readable::Output` is a `Result` built from `Source::next_token`.

use proconio::input;
use proconio::source::once::OnceSource;
use proconio::source::{Readable, Source};
use std::io::{self, BufRead, Read, Write};
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

/// A token as it may appear in an error message: cut to a sane length, quoted.
fn shown(token: &str) -> String {
    const MAX_SHOWN: usize = 20;
    match token.char_indices().nth(MAX_SHOWN) {
        Some((cut, _)) => format!("{:?}...", &token[..cut]),
        None => format!("{token:?}"),
    }
}

/// What is wrong with the input; the caller adds the case number.
#[derive(Debug)]
enum InputError {
    NoCaseCount,
    BadCaseCount(String),
    /// The input ends before this cell (0-based) of a case.
    MissingCell(usize),
    /// This cell (0-based) is not exactly `0`, `1` or `2`.
    BadCell(usize, String),
    TokenAfterLastCase(String),
}

/// `input!` marker for T, the number of cases: a positive whole number that fits
/// `usize`.
struct CaseCount;

impl Readable for CaseCount {
    type Output = Result<usize, InputError>;

    fn read<R: BufRead, S: Source<R>>(source: &mut S) -> Self::Output {
        let token = source.next_token().ok_or(InputError::NoCaseCount)?;
        // `parse` alone would take a leading `+`.
        token
            .bytes()
            .all(|byte| byte.is_ascii_digit())
            .then(|| token.parse().ok())
            .flatten()
            .filter(|&cases| cases >= 1)
            .ok_or_else(|| InputError::BadCaseCount(shown(token)))
    }
}

/// One case as read: the board's number and the cells of Alice (X) and of Bob (O)
/// as bit masks (bit `row * 3 + col`).
struct Board {
    number: usize,
    xs: u16,
    os: u16,
}

/// `input!` marker for one case: nine cell tokens, each exactly `0`, `1` or `2`,
/// read into a `Board` without allocating.
struct Case;

impl Readable for Case {
    type Output = Result<Board, InputError>;

    fn read<R: BufRead, S: Source<R>>(source: &mut S) -> Self::Output {
        let mut board = Board {
            number: 0,
            xs: 0,
            os: 0,
        };
        for (cell, pow) in POW3.iter().enumerate() {
            // `let else`, not `ok_or`: `ok_or` builds (and drops) the error for
            // every token, and a drop of `InputError` is a call.
            let Some(token) = source.next_token() else {
                return Err(InputError::MissingCell(cell));
            };
            let digit = match token.as_bytes() {
                [digit @ b'0'..=b'2'] => digit - b'0',
                _ => return Err(InputError::BadCell(cell, shown(token))),
            };
            // No branch on the digit itself: in random boards it is unpredictable, and
            // mispredicted branches here cost more than reading the token.
            board.xs |= u16::from(digit == 1) << cell;
            board.os |= u16::from(digit == 2) << cell;
            board.number += usize::from(digit) * pow;
        }
        Ok(board)
    }
}

/// `input!` marker for the end of the input: no token may follow the last case.
struct EndOfInput;

impl Readable for EndOfInput {
    type Output = Result<(), InputError>;

    fn read<R: BufRead, S: Source<R>>(source: &mut S) -> Self::Output {
        match source.next_token() {
            Some(token) => Err(InputError::TokenAfterLastCase(shown(token))),
            None => Ok(()),
        }
    }
}

/// The message for `error`, met in case `case` of `cases` (case 0: before any case).
fn message(error: InputError, case: usize, cases: usize) -> String {
    match error {
        InputError::NoCaseCount => "the input is empty: expected the number of cases T".to_string(),
        InputError::BadCaseCount(token) => {
            format!("the number of cases T must be a positive whole number, got {token}")
        }
        InputError::MissingCell(cell) => format!(
            "case {case}: the input ends before cell {} of 9 (T = {cases})",
            cell + 1
        ),
        InputError::BadCell(cell, token) => format!(
            "case {case}: cell {} (row {}, column {}) must be 0, 1 or 2, got {token}",
            cell + 1,
            cell / 3 + 1,
            cell % 3 + 1,
        ),
        InputError::TokenAfterLastCase(token) => {
            format!("unexpected token {token} after the last of the {cases} cases")
        }
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

fn solve<R: BufRead>(source: &mut OnceSource<R>, out: &mut impl Write) -> Result<(), String> {
    input! { from &mut *source, cases: CaseCount }
    let cases = cases.map_err(|error| message(error, 0, 0))?;
    let scores = build_scores();
    // Each score's output line, formatted once: `writeln!` per case cost more than
    // reading the case (see the README's benchmark).
    let score_lines: Vec<String> = (-MAX_SCORE..=MAX_SCORE)
        .map(|score| format!("{score}\n"))
        .collect();
    for case in 1..=cases {
        input! { from &mut *source, board: Case }
        let board = board.map_err(|error| message(error, case, cases))?;
        if let Some(reason) = rejection(board.xs, board.os) {
            return Err(format!("case {case}: impossible position: {reason}"));
        }
        let score = usize::try_from(i32::from(scores[board.number]) + MAX_SCORE)
            .expect("scores are at least -MAX_SCORE");
        out.write_all(score_lines[score].as_bytes())
            .map_err(|error| format!("cannot write the output: {error}"))?;
    }
    input! { from &mut *source, end: EndOfInput }
    end.map_err(|error| message(error, cases, cases))
}

fn main() -> ExitCode {
    let mut bytes = Vec::new();
    if let Err(error) = io::stdin().lock().read_to_end(&mut bytes) {
        eprintln!("csp-201803-4: cannot read the input: {error}");
        return ExitCode::FAILURE;
    }
    // `OnceSource` wants UTF-8 and panics otherwise. Invalid sequences become U+FFFD,
    // which no cell accepts, so such input is still rejected with a message. The
    // lossy conversion is slow, so only input that needs it goes through it.
    let text = String::from_utf8(bytes)
        .unwrap_or_else(|error| String::from_utf8_lossy(error.as_bytes()).into_owned());
    let mut source = OnceSource::new(text.as_bytes());
    let mut out = io::BufWriter::new(io::stdout().lock());
    // Answers of the cases before a bad one are still written, then the error.
    let solved = solve(&mut source, &mut out);
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
