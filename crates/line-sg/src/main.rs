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
//! it against the mex definition). Summed over a strip, the XOR needs only the
//! first and last symbols and the parity of the symbol count (see `user_wins`), so
//! each strip costs a few branch-free, vectorised passes: O(input bytes).
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

/// True when `strip` holds only `.`, `X`, `O` and no two equal symbols side by side.
///
/// Branch-free over the whole strip so that the compiler vectorises it: at judge
/// scale this check and [`user_wins`] cost little more than reading the input.
fn is_legal(strip: &[u8]) -> bool {
    // Byte-wide accumulators (not `bool` and `&&`) keep the loops vectorisable.
    let unknown = strip.iter().fold(0u8, |bad, &cell| {
        bad | u8::from((cell != b'.') & (cell != b'X') & (cell != b'O'))
    });
    let equal_neighbours = strip
        .iter()
        .zip(strip.get(1..).unwrap_or_default())
        .fold(0u8, |bad, (&a, &b)| bad | u8::from((a == b) & (a != b'.')));
    unknown | equal_neighbours == 0
}

/// What is wrong with `strip`, the `number`-th strip (1-based), which
/// [`is_legal`] rejected: the first bad cell from the left.
fn strip_error(strip: &[u8], number: usize) -> String {
    for (i, &cell) in strip.iter().enumerate() {
        match cell {
            b'.' => {}
            b'X' | b'O' => {
                if i > 0 && strip[i - 1] == cell {
                    return format!(
                        "strip {number}: two '{}' side by side at cells {} and {}",
                        cell as char,
                        i,
                        i + 1
                    );
                }
            }
            _ => {
                return format!(
                    "strip {number}: cell {} holds {:?}, not '.', 'X' or 'O'",
                    i + 1,
                    cell as char
                )
            }
        }
    }
    unreachable!("strip {number} is legal")
}

/// Whether the user wins from the legal strip `strip`.
///
/// The XOR of the runs' Grundy values (see [`run_grundy`]) needs only the first
/// and last symbols and the number of symbols `k`: the end runs are worth their
/// lengths, and each run between two symbols is worth 1 iff they are equal. Of
/// the `k - 1` neighbouring pairs of symbols, the unequal ones number as many as
/// the changes from X to O and back, which is even iff the first and last symbols
/// are equal; so the inner runs XOR to `(k + [first == last]) mod 2`.
fn user_wins(strip: &[u8]) -> bool {
    // Only the parity of the number of symbols matters: counting modulo 256 in a
    // byte keeps it and lets the compiler add 16 or 32 cells at a time.
    let odd_symbols = strip.iter().fold(0u8, |count, &cell| {
        count.wrapping_add(u8::from(cell != b'.'))
    }) % 2
        == 1;
    let grundy = match (
        strip.iter().position(|&cell| cell != b'.'),
        strip.iter().rposition(|&cell| cell != b'.'),
    ) {
        (Some(first), Some(last)) => {
            let leading = run_grundy(first, Border::Edge, Border::Symbol(strip[first]));
            let trailing = run_grundy(
                strip.len() - 1 - last,
                Border::Symbol(strip[last]),
                Border::Edge,
            );
            let inner = usize::from(odd_symbols != (strip[first] == strip[last]));
            leading ^ inner ^ trailing
        }
        _ => run_grundy(strip.len(), Border::Edge, Border::Edge),
    };
    let user_moves = !odd_symbols;
    user_moves == (grundy != 0)
}

/// The answer (does the user win?) for every strip of `input`, or a message saying
/// what is wrong with it.
fn read_answers(input: &[u8]) -> Result<Vec<bool>, String> {
    // Only ASCII is valid here; checking it first also keeps proconio's tokenizer
    // (which splits on Unicode whitespace and needs UTF-8) on plain ASCII.
    // `is_ascii` is fast (a word at a time); `position` only runs to name the bad byte.
    if !input.is_ascii() {
        let offset = input
            .iter()
            .position(|byte| !byte.is_ascii())
            .expect("a byte is not ASCII");
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
        let strip = strip.as_bytes();
        if !is_legal(strip) {
            return Err(strip_error(strip, number));
        }
        answers.push(user_wins(strip));
    }
    if let Some(extra) = source.next_token() {
        let shown: String = extra.chars().take(20).collect();
        return Err(format!(
            "more input after the {count} strips, starting with {shown:?}"
        ));
    }
    Ok(answers)
}

/// Adds one to the decimal number held as ASCII digits in `digits`.
fn increment_decimal(digits: &mut Vec<u8>) {
    for digit in digits.iter_mut().rev() {
        if *digit == b'9' {
            *digit = b'0';
        } else {
            *digit += 1;
            return;
        }
    }
    digits.insert(0, b'1');
}

/// Writes `Case k: Yes` or `Case k: No` for every answer.
///
/// With millions of one-cell strips the output is nine times the input, so it is
/// assembled from byte slices: the case number is counted up in place as ASCII
/// digits rather than formatted anew (`writeln!` made the output cost four times
/// the reading).
fn write_answers(answers: &[bool]) -> io::Result<()> {
    let mut out = BufWriter::with_capacity(1 << 16, io::stdout().lock());
    let mut case_number = vec![b'0'];
    for &user_wins in answers {
        increment_decimal(&mut case_number);
        let verdict: &[u8] = if user_wins { b": Yes\n" } else { b": No\n" };
        out.write_all(b"Case ")?;
        out.write_all(&case_number)?;
        out.write_all(verdict)?;
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
