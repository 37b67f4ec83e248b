//! LightOJ 1401 "No More Tic-tac-toe": on a 1×N strip two players take turns
//! writing X or O into an empty cell, never next to an equal symbol; whoever cannot
//! move loses. Given a strip in mid-game (the user moves when the number of symbols
//! is even), print whether the user wins.
//!
//! Method: a move inside a run of empty cells only ever touches that run, so the
//! position is a sum of independent games, one per maximal empty run, and the
//! player to move wins iff the XOR of the runs' Grundy values is non-zero
//! (Sprague–Grundy). A run's Grundy value has a closed form in its length and its
//! two borders (see `run_grundy`; the crate README proves it, and the tests check
//! it against the mex definition). One pass over the input: O(input bytes).
//!
//! Bad input (a character other than `.`, `X`, `O`, two equal symbols side by
//! side, too few or too many strips, a count that is not a number) is reported on
//! stderr with exit status 1, and nothing is printed on stdout: the whole input is
//! checked (and answered) before any answer is written.

use proconio::source::once::OnceSource;
use proconio::source::Source;
use std::io::{self, BufWriter, Read, Write};
use std::process::ExitCode;

/// What lies on one side of a maximal run of empty cells.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Border {
    /// The end of the strip.
    Edge,
    /// A cell holding this symbol (`b'X'` or `b'O'`).
    Symbol(u8),
}

/// The Grundy value of a maximal run of `len` empty cells between `left` and `right`.
///
/// - between two equal symbols: 1 (every move leaves two runs worth 1 and 1, or 0 and 0);
/// - between two different symbols: 0 (every move leaves runs worth 1 and 0);
/// - between an edge and a symbol: `len`;
/// - the whole strip empty: `len % 2` (only whether it is zero matters here: the run
///   is then the whole game, and a mirror strategy decides it).
fn run_grundy(len: usize, left: Border, right: Border) -> usize {
    match (left, right) {
        (Border::Edge, Border::Edge) => len % 2,
        (Border::Edge, Border::Symbol(_)) | (Border::Symbol(_), Border::Edge) => len,
        (Border::Symbol(a), Border::Symbol(b)) => usize::from(a == b && len > 0),
    }
}

/// Whether the user wins from `strip`, the `number`-th strip (1-based, for messages).
fn user_wins(strip: &[u8], number: usize) -> Result<bool, String> {
    let mut grundy = 0;
    let mut symbols = 0usize;
    let mut left = Border::Edge;
    let mut run_start = 0;
    for (i, &cell) in strip.iter().enumerate() {
        match cell {
            b'.' => {}
            b'X' | b'O' => {
                if i > 0 && strip[i - 1] == cell {
                    return Err(format!(
                        "strip {number}: two '{}' side by side at cells {} and {}",
                        cell as char,
                        i,
                        i + 1
                    ));
                }
                grundy ^= run_grundy(i - run_start, left, Border::Symbol(cell));
                left = Border::Symbol(cell);
                run_start = i + 1;
                symbols += 1;
            }
            _ => {
                return Err(format!(
                    "strip {number}: cell {} holds {:?}, not '.', 'X' or 'O'",
                    i + 1,
                    cell as char
                ))
            }
        }
    }
    grundy ^= run_grundy(strip.len() - run_start, left, Border::Edge);
    let user_moves = symbols.is_multiple_of(2);
    Ok(user_moves == (grundy != 0))
}

/// The answer (does the user win?) for every strip of `input`, or a message saying
/// what is wrong with it.
fn read_answers(input: &[u8]) -> Result<Vec<bool>, String> {
    // Only ASCII is valid here; checking it first also keeps proconio's tokenizer
    // (which splits on Unicode whitespace and needs UTF-8) on plain ASCII.
    if let Some(offset) = input.iter().position(|byte| !byte.is_ascii()) {
        return Err(format!(
            "byte {:#04x} at offset {offset} is not ASCII",
            input[offset]
        ));
    }
    let mut source = OnceSource::new(input);
    let count_token = source
        .next_token()
        .ok_or("empty input: expected the number of strips")?;
    let count: usize = count_token
        .parse()
        .map_err(|_| format!("the number of strips {count_token:?} is not a whole number"))?;
    // Not `with_capacity(count)`: the count is not trusted until the strips are there.
    let mut answers = Vec::new();
    for number in 1..=count {
        let strip = source
            .next_token()
            .ok_or_else(|| format!("expected {count} strips, found {}", number - 1))?;
        answers.push(user_wins(strip.as_bytes(), number)?);
    }
    if let Some(extra) = source.next_token() {
        let shown: String = extra.chars().take(20).collect();
        return Err(format!(
            "more input after the {count} strips, starting with {shown:?}"
        ));
    }
    Ok(answers)
}

fn write_answers(answers: &[bool]) -> io::Result<()> {
    let mut out = BufWriter::new(io::stdout().lock());
    for (i, &user_wins) in answers.iter().enumerate() {
        let verdict = if user_wins { "Yes" } else { "No" };
        writeln!(out, "Case {}: {verdict}", i + 1)?;
    }
    out.flush()
}

fn main() -> ExitCode {
    let mut input = Vec::new();
    if let Err(error) = io::stdin().lock().read_to_end(&mut input) {
        eprintln!("line-sg: cannot read the input: {error}");
        return ExitCode::from(1);
    }
    let answers = match read_answers(&input) {
        Ok(answers) => answers,
        Err(message) => {
            eprintln!("line-sg: {message}");
            return ExitCode::from(1);
        }
    };
    match write_answers(&answers) {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("line-sg: cannot write the output: {error}");
            ExitCode::from(1)
        }
    }
}
