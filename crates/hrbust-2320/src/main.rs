//! HRBUST 2320 "OX": given a tic-tac-toe board and the player to move, tell who wins
//! when both play perfectly, or that it is a tie.
//!
//! Every board is a base-3 number below 3^9 (cell `row * 3 + col` is digit
//! `row * 3 + col`: 0 empty, 1 x, 2 o). Placing a stone only raises that number, so
//! one sweep from the highest board down to 0 fills a table of the outcome for both
//! movers before any board that needs it. Each case is then one table lookup.
//!
//! Input: all of stdin in a proconio `OnceSource`, read with `input!` through the
//! marker types `CaseCount`, `Case` and `EndOfInput`. They exist because proconio's
//! own readers (`usize`, `String`, ...) panic (exit 101) on a missing or malformed
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

/// The digit of a cell token, by its first byte: x and o are stones, anything else
/// is an empty cell. A table, not a `match`: the compiler turns the `match` into
/// branches, which random boards make unpredictable.
const CELL_DIGIT: [u8; 256] = {
    let mut digits = [0; 256];
    digits[b'x' as usize] = 1;
    digits[b'o' as usize] = 2;
    digits
};

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
    XWins,
    OWins,
    Tie,
}

impl Outcome {
    fn win(winner: Player) -> Outcome {
        match winner {
            Player::X => Outcome::XWins,
            Player::O => Outcome::OWins,
        }
    }

    /// The output line of this outcome.
    fn line(self) -> &'static [u8] {
        // Looked up by the variant's number rather than matched: the outcomes of
        // random cases make a branch on them unpredictable.
        const LINES: [&[u8]; 3] = [b"x win!\n", b"o win!\n", b"tie!\n"];
        LINES[self as usize]
    }
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
        let outcome = after[mover.other().index()];
        if outcome == Outcome::win(mover) {
            return outcome;
        }
        can_tie |= outcome == Outcome::Tie;
    }
    if can_tie {
        Outcome::Tie
    } else {
        Outcome::win(mover.other())
    }
}

fn build_table() -> Table {
    let mut table: Table = vec![None; BOARDS];
    for board in (0..BOARDS).rev() {
        let (xs, os) = stone_masks(board);
        let empty = !(xs | os) & 0b111_111_111;
        table[board] = match (owns_line(xs), owns_line(os)) {
            (true, true) => None,
            (true, false) => Some([Outcome::XWins; 2]),
            (false, true) => Some([Outcome::OWins; 2]),
            (false, false) if empty == 0 => Some([Outcome::Tie; 2]),
            (false, false) => Some([
                best_outcome(&table, board, empty, Player::X),
                best_outcome(&table, board, empty, Player::O),
            ]),
        };
    }
    table
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
    MissingMover,
    BadMover(String),
    TokenAfterLastCase(String),
}

/// `input!` marker for T, the number of cases: a whole number that fits `usize`.
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
            .ok_or_else(|| InputError::BadCaseCount(shown(token)))
    }
}

/// `input!` marker for one case: nine cell tokens and the mover, read into the
/// board's number and the mover without allocating.
struct Case;

impl Readable for Case {
    type Output = Result<(usize, Player), InputError>;

    fn read<R: BufRead, S: Source<R>>(source: &mut S) -> Self::Output {
        let mut board = 0;
        for (cell, pow) in POW3.iter().enumerate() {
            // `let else`, not `ok_or`: `ok_or` builds (and drops) the error for
            // every token, and a drop of `InputError` is a call.
            let Some(token) = source.next_token() else {
                return Err(InputError::MissingCell(cell));
            };
            board += usize::from(CELL_DIGIT[usize::from(token.as_bytes()[0])]) * pow;
        }
        let Some(token) = source.next_token() else {
            return Err(InputError::MissingMover);
        };
        // The cell table tells x from o without a branch, which random movers
        // would make unpredictable.
        let digit = CELL_DIGIT[usize::from(token.as_bytes()[0])];
        if token.len() != 1 || digit == 0 {
            return Err(InputError::BadMover(shown(token)));
        }
        let mover = [Player::X, Player::O][usize::from(digit - 1)];
        Ok((board, mover))
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
            format!("the number of cases T must be a whole number, got {token}")
        }
        InputError::MissingCell(cell) => format!(
            "case {case}: the input ends before cell {} of 9 (T = {cases})",
            cell + 1
        ),
        InputError::MissingMover => {
            format!("case {case}: the input ends before the player to move (T = {cases})")
        }
        InputError::BadMover(token) => {
            format!("case {case}: the player to move must be `x` or `o`, got {token}")
        }
        InputError::TokenAfterLastCase(token) => {
            format!("unexpected token {token} after the last of the {cases} cases")
        }
    }
}

fn solve<R: BufRead>(source: &mut OnceSource<R>, out: &mut impl Write) -> Result<(), String> {
    input! { from &mut *source, cases: CaseCount }
    let cases = cases.map_err(|error| message(error, 0, 0))?;
    let table = build_table();
    let write_error = |error: io::Error| format!("cannot write the output: {error}");
    for case in 1..=cases {
        input! { from &mut *source, case_read: Case }
        let (board, mover) = case_read.map_err(|error| message(error, case, cases))?;
        let outcomes = table[board].ok_or_else(|| {
            format!("case {case}: both x and o own a line, which no game can reach")
        })?;
        out.write_all(outcomes[mover.index()].line())
            .map_err(write_error)?;
    }
    input! { from &mut *source, end: EndOfInput }
    end.map_err(|error| message(error, cases, cases))
}

fn main() -> ExitCode {
    let mut bytes = Vec::new();
    if let Err(error) = io::stdin().lock().read_to_end(&mut bytes) {
        eprintln!("hrbust-2320: cannot read the input: {error}");
        return ExitCode::FAILURE;
    }
    // `OnceSource` wants UTF-8 and panics otherwise; a cell may be any bytes, so
    // invalid sequences become U+FFFD (not whitespace, not x or o: still empty cells).
    // The lossy conversion is slow, so only input that needs it goes through it.
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
            eprintln!("hrbust-2320: {message}");
            ExitCode::FAILURE
        }
    }
}
