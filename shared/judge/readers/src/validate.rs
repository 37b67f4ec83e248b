//! Input validators: the reading code every `<problem>-validate` binary shares, and
//! the assertions their tests make.
//!
//! A validator is a `fn(&[u8]) -> Result<(), String>` over the whole input. It reads
//! with a [`Reader`], which knows the line and column of every byte, reads tokens and
//! integers with range checks, and checks exact spaces, newlines and the end of the
//! input. Every error is one line:
//!
//! ```text
//! csp-201803-4: line 5, column 3 (case 2): expected a cell 0, 1 or 2, found "7"
//! ```
//!
//! The binary's `main` is [`main`]: exit 0 and no output for a valid input, exit 1
//! and that line on stderr otherwise. No input makes a reader panic: every byte is
//! either accepted or reported.

use std::any::Any;
use std::io::{self, Read};
use std::panic;
use std::process::ExitCode;
use std::sync::mpsc;
use std::thread;
use std::time::Duration;

/// A problem's input validator.
pub type Validate = fn(&[u8]) -> Result<(), String>;

/// The longest piece of a token shown in a message.
const MAX_SHOWN: usize = 20;

/// `bytes` as a message shows them: quoted, with anything but printable ASCII
/// escaped (`"\n"`, `"\xff"`), cut after 20 bytes.
///
/// ```
/// assert_eq!(judge_readers::validate::shown(b"7"), r#""7""#);
/// assert_eq!(judge_readers::validate::shown(b"1\r"), r#""1\r""#);
/// assert_eq!(judge_readers::validate::shown(&[b'x'; 30]), format!("\"{}\"...", "x".repeat(20)));
/// ```
pub fn shown(bytes: &[u8]) -> String {
    let escaped: String = bytes
        .iter()
        .take(MAX_SHOWN)
        .flat_map(|&byte| std::ascii::escape_default(byte))
        .map(char::from)
        .collect();
    let cut = if bytes.len() > MAX_SHOWN { "..." } else { "" };
    format!("\"{escaped}\"{cut}")
}

/// Separators between tokens where a problem gives no exact layout.
fn is_blank(byte: u8) -> bool {
    matches!(byte, b' ' | b'\t' | b'\r' | b'\n')
}

/// Reads one input for a validator, from the first byte to the last.
///
/// Tokens are runs of printable ASCII (`!` to `~`); what separates them is the
/// validator's choice: [`Reader::space`] and [`Reader::newline`] for an exact layout,
/// [`Reader::skip_blanks`] for tokens separated by any whitespace.
///
/// ```
/// use judge_readers::validate::Reader;
///
/// fn validate(input: &[u8]) -> Result<(), String> {
///     let mut reader = Reader::new("demo", input);
///     let cases = reader.integer("the number of cases T", 1, 3)?;
///     reader.newline()?;
///     for case in 1..=cases as usize {
///         reader.set_case(case);
///         reader.one_of("a cell 0 or 1", &[b"0", b"1"])?;
///         reader.newline()?;
///     }
///     reader.clear_case();
///     reader.end()
/// }
/// assert_eq!(validate(b"2\n0\n1\n"), Ok(()));
/// assert_eq!(
///     validate(b"2\n0\n7\n").unwrap_err(),
///     r#"demo: line 3, column 1 (case 2): expected a cell 0 or 1, found "7""#
/// );
/// assert_eq!(
///     validate(b"4\n").unwrap_err(),
///     r#"demo: line 1, column 1: expected the number of cases T, an integer from 1 to 3, found "4""#
/// );
/// ```
pub struct Reader<'a> {
    problem: &'a str,
    input: &'a [u8],
    position: usize,
    case: Option<usize>,
}

impl<'a> Reader<'a> {
    /// A reader at the start of `input`; messages begin with `problem`.
    pub fn new(problem: &'a str, input: &'a [u8]) -> Reader<'a> {
        Reader {
            problem,
            input,
            position: 0,
            case: None,
        }
    }

    /// Names `case` (1-based) in the messages from now on.
    pub fn set_case(&mut self, case: usize) {
        self.case = Some(case);
    }

    /// Stops naming a case in the messages (after the last case).
    pub fn clear_case(&mut self) {
        self.case = None;
    }

    /// The offset of the next byte to read.
    pub fn position(&self) -> usize {
        self.position
    }

    /// The message for what was expected at byte offset `at` and what was found there.
    pub fn message(&self, at: usize, expected: &str, found: &str) -> String {
        let at = at.min(self.input.len());
        let before = &self.input[..at];
        let line = 1 + before.iter().filter(|&&byte| byte == b'\n').count();
        let line_start = before
            .iter()
            .rposition(|&byte| byte == b'\n')
            .map_or(0, |newline| newline + 1);
        let column = at - line_start + 1;
        let case = self
            .case
            .map(|case| format!(" (case {case})"))
            .unwrap_or_default();
        format!(
            "{}: line {line}, column {column}{case}: expected {expected}, found {found}",
            self.problem
        )
    }

    /// `Err` with [`Reader::message`].
    ///
    /// # Errors
    /// Always.
    pub fn fail_at<T>(&self, at: usize, expected: &str, found: &str) -> Result<T, String> {
        Err(self.message(at, expected, found))
    }

    /// What a message shows for the input at `at`: the token that starts there, the
    /// single byte that is not part of a token, or the end of the input.
    fn found_at(&self, at: usize) -> String {
        match self.input.get(at) {
            None => "end of input".to_string(),
            Some(byte) if byte.is_ascii_graphic() => shown(self.token_at(at)),
            Some(&byte) => shown(&[byte]),
        }
    }

    /// The run of printable ASCII bytes from `at` (empty when there is none).
    fn token_at(&self, at: usize) -> &'a [u8] {
        let input: &'a [u8] = self.input;
        let rest = &input[at.min(input.len())..];
        let len = rest
            .iter()
            .position(|byte| !byte.is_ascii_graphic())
            .unwrap_or(rest.len());
        &rest[..len]
    }

    /// Reads exactly the byte `byte`, described as `what` in the message.
    fn expect_byte(&mut self, byte: u8, what: &str) -> Result<(), String> {
        if self.input.get(self.position) == Some(&byte) {
            self.position += 1;
            Ok(())
        } else {
            self.fail_at(self.position, what, &self.found_at(self.position))
        }
    }

    /// Reads exactly one space.
    ///
    /// # Errors
    /// When the next byte is not `' '`.
    pub fn space(&mut self) -> Result<(), String> {
        self.expect_byte(b' ', "a space")
    }

    /// Reads exactly one line feed (a `\r` before it is an error).
    ///
    /// # Errors
    /// When the next byte is not `'\n'`.
    pub fn newline(&mut self) -> Result<(), String> {
        self.expect_byte(b'\n', "a newline")
    }

    /// Skips any spaces, tabs, carriage returns and line feeds.
    pub fn skip_blanks(&mut self) {
        while self.input.get(self.position).copied().is_some_and(is_blank) {
            self.position += 1;
        }
    }

    /// Checks that the whole input has been read.
    ///
    /// # Errors
    /// When any byte is left.
    pub fn end(&mut self) -> Result<(), String> {
        if self.position == self.input.len() {
            Ok(())
        } else {
            self.fail_at(self.position, "end of input", &self.found_at(self.position))
        }
    }

    /// Reads a token: the non-empty run of printable ASCII bytes at the reader's
    /// position. `what` names the token in the message.
    ///
    /// # Errors
    /// When the next byte is not printable ASCII, or there is none.
    pub fn token(&mut self, what: &str) -> Result<&'a [u8], String> {
        let token = self.token_at(self.position);
        if token.is_empty() {
            return self.fail_at(self.position, what, &self.found_at(self.position));
        }
        self.position += token.len();
        Ok(token)
    }

    /// Reads a token that is exactly one of `choices`; returns its index.
    ///
    /// # Errors
    /// When the token is missing or none of `choices`.
    pub fn one_of(&mut self, what: &str, choices: &[&[u8]]) -> Result<usize, String> {
        let start = self.position;
        let token = self.token(what)?;
        match choices.iter().position(|&choice| choice == token) {
            Some(index) => Ok(index),
            None => self.fail_at(start, what, &shown(token)),
        }
    }

    /// Reads an integer from `min` to `max` written the canonical way: an optional
    /// `-` (only when `min` is negative), then digits without leading zeros (`0`
    /// itself is fine, `-0` and `+1` are not).
    ///
    /// # Errors
    /// When the token is missing, not written that way, or out of range.
    pub fn integer(&mut self, what: &str, min: i64, max: i64) -> Result<i64, String> {
        let start = self.position;
        let expected = format!("{what}, an integer from {min} to {max}");
        let token = self.token(&expected)?;
        // A `-` is read whatever `min` is: when `min` is not negative, the value it
        // makes is out of range.
        let (negative, digits) = match token.strip_prefix(b"-") {
            Some(digits) => (true, digits),
            None => (false, token),
        };
        let canonical = match digits {
            [b'0'] => !negative,
            [b'1'..=b'9', rest @ ..] => rest.iter().all(u8::is_ascii_digit),
            _ => false,
        };
        // Only digits reach the sum; too many of them overflow to `None`.
        let value = canonical
            .then(|| {
                digits.iter().try_fold(0_i64, |value, &digit| {
                    value.checked_mul(10)?.checked_add(i64::from(digit - b'0'))
                })
            })
            .flatten()
            .map(|value| if negative { -value } else { value });
        match value {
            Some(value) if (min..=max).contains(&value) => Ok(value),
            _ => self.fail_at(start, &expected, &shown(token)),
        }
    }
}

/// The `main` of a validator binary: reads stdin, exits 0 without output when
/// `validate` accepts it, else prints its message as one line on stderr and exits 1.
pub fn main(problem: &str, validate: Validate) -> ExitCode {
    let mut input = Vec::new();
    if let Err(error) = io::stdin().lock().read_to_end(&mut input) {
        eprintln!("{problem}: cannot read the input: {error}");
        return ExitCode::from(1);
    }
    match validate(&input) {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            // One line, whatever a validator wrote: scripts show it as one.
            eprintln!("{}", message.replace('\n', " "));
            ExitCode::from(1)
        }
    }
}

/// For tests: panics unless `validate` accepts `input` (named `name` in the message).
///
/// # Panics
/// When `validate` rejects `input`.
pub fn assert_valid(validate: Validate, name: &str, input: &[u8]) {
    if let Err(message) = validate(input) {
        panic!("{name} is rejected: {message}");
    }
}

/// For tests: panics unless `validate` rejects `input` with exactly `message`.
///
/// # Panics
/// When `validate` accepts `input` or gives another message.
pub fn assert_invalid(validate: Validate, input: &[u8], message: &str) {
    match validate(input) {
        Ok(()) => panic!("{} is accepted; expected: {message}", shown(input)),
        Err(got) => assert_eq!(got, message, "the message for {}", shown(input)),
    }
}

/// How a validator met the single-byte mutants of some inputs.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Mutants {
    pub tried: usize,
    pub rejected: usize,
}

/// The bytes inserted and substituted by [`check_mutants`]: digits, signs, the
/// problems' symbols, whitespace of every kind, NUL, and bytes that are not UTF-8.
pub const MUTATION_BYTES: &[u8] = b"0129-+ \n\r\t\x0bxoXO.\x00\xc3\xff";

/// Every input that differs from `input` by one deleted, inserted or substituted
/// byte (from [`MUTATION_BYTES`]); duplicates and `input` itself may appear.
fn mutants(input: &[u8]) -> impl Iterator<Item = Vec<u8>> + '_ {
    let deletions = (0..input.len()).map(move |at| [&input[..at], &input[at + 1..]].concat());
    let insertions = (0..=input.len()).flat_map(move |at| {
        MUTATION_BYTES
            .iter()
            .map(move |&byte| [&input[..at], &[byte], &input[at..]].concat())
    });
    let substitutions = (0..input.len()).flat_map(move |at| {
        MUTATION_BYTES
            .iter()
            .map(move |&byte| [&input[..at], &[byte], &input[at + 1..]].concat())
    });
    deletions.chain(insertions).chain(substitutions)
}

/// The text of a panic's payload.
fn panic_text(payload: &(dyn Any + Send)) -> String {
    payload
        .downcast_ref::<&str>()
        .map(|text| text.to_string())
        .or_else(|| payload.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "a panic".to_string())
}

/// For tests: runs `validate` on every single-byte mutant of every input in `inputs`
/// and checks that each is accepted or rejected with one line that starts with
/// `"<problem>: line "`; a panic, another message or a hang (no result within
/// `limit` for the lot) fails.
///
/// # Panics
/// On the first mutant met badly, showing it.
pub fn check_mutants(
    validate: Validate,
    problem: &str,
    inputs: &[(String, Vec<u8>)],
    limit: Duration,
) -> Mutants {
    let (sender, receiver) = mpsc::channel();
    let inputs = inputs.to_vec();
    let prefix = format!("{problem}: line ");
    // On a thread of its own, so that a hang fails the test instead of stalling it.
    thread::spawn(move || {
        let mut count = Mutants::default();
        for (name, input) in &inputs {
            for mutant in mutants(input) {
                count.tried += 1;
                let outcome = panic::catch_unwind(|| validate(&mutant));
                let problem = match outcome {
                    Ok(Ok(())) => None,
                    Ok(Err(message)) if message.starts_with(&prefix) && !message.contains('\n') => {
                        count.rejected += 1;
                        None
                    }
                    Ok(Err(message)) => Some(format!("an unexpected message {message:?}")),
                    Err(payload) => Some(format!("a panic: {}", panic_text(payload.as_ref()))),
                };
                if let Some(problem) = problem {
                    let _ = sender.send(Err(format!(
                        "a mutant of {name}, {}, gives {problem}",
                        shown(&mutant)
                    )));
                    return;
                }
            }
        }
        let _ = sender.send(Ok(count));
    });
    match receiver.recv_timeout(limit) {
        Ok(Ok(count)) => count,
        Ok(Err(failure)) => panic!("{failure}"),
        Err(_) => panic!("the validator did not finish the mutants within {limit:?}: a hang"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn integer(input: &[u8], min: i64, max: i64) -> Result<i64, String> {
        Reader::new("p", input).integer("n", min, max)
    }

    #[test]
    fn integers_are_canonical_and_in_range() {
        assert_eq!(integer(b"0", 0, 5), Ok(0));
        assert_eq!(integer(b"-7", -10, 10), Ok(-7));
        assert_eq!(integer(b"9223372036854775807", 0, i64::MAX), Ok(i64::MAX));
        for bad in [
            &b"-0"[..],
            b"-7",
            b"007",
            b"+7",
            b"",
            b"9223372036854775808",
        ] {
            let min = if bad == b"-0" { -10 } else { 0 };
            assert!(integer(bad, min, i64::MAX).is_err(), "{}", shown(bad));
        }
        assert_eq!(
            integer(b"11", 0, 10).unwrap_err(),
            r#"p: line 1, column 1: expected n, an integer from 0 to 10, found "11""#
        );
    }

    #[test]
    fn positions_count_lines_and_bytes_from_one() {
        let mut reader = Reader::new("p", b"ab\n\ncd e");
        reader.set_case(3);
        assert_eq!(
            reader.message(7, "x", "y"),
            "p: line 3, column 4 (case 3): expected x, found y"
        );
        reader.clear_case();
        assert_eq!(
            reader.message(99, "x", "y"),
            "p: line 3, column 5: expected x, found y"
        );
        assert_eq!(
            reader.message(0, "x", "y"),
            "p: line 1, column 1: expected x, found y"
        );
    }

    #[test]
    fn a_token_is_cut_only_when_longer_than_shown() {
        let exactly = "x".repeat(MAX_SHOWN);
        assert_eq!(shown(exactly.as_bytes()), format!("\"{exactly}\""));
        let longer = format!("{exactly}y");
        assert_eq!(shown(longer.as_bytes()), format!("\"{exactly}\"..."));
        assert_eq!(shown(b"a\xff\n"), r#""a\xff\n""#);
    }

    #[test]
    fn a_message_shows_the_whole_token_or_the_one_byte_found() {
        let newline = |input: &[u8]| Reader::new("p", input).newline().unwrap_err();
        assert_eq!(
            newline(b"xyz"),
            r#"p: line 1, column 1: expected a newline, found "xyz""#
        );
        assert_eq!(
            newline(b" 1"),
            r#"p: line 1, column 1: expected a newline, found " ""#
        );
        assert_eq!(
            newline(b""),
            "p: line 1, column 1: expected a newline, found end of input"
        );
        let mut reader = Reader::new("p", b"7 ab\tc");
        reader.token("n").unwrap();
        reader.space().unwrap();
        assert_eq!(
            reader.end().unwrap_err(),
            r#"p: line 1, column 3: expected end of input, found "ab""#
        );
    }

    #[test]
    fn one_of_gives_the_index_of_the_choice_read() {
        let cell = |input: &[u8]| Reader::new("p", input).one_of("a cell", &[b"0", b"1", b"2"]);
        assert_eq!(cell(b"2"), Ok(2));
        assert_eq!(cell(b"0"), Ok(0));
        assert_eq!(
            cell(b"21").unwrap_err(),
            r#"p: line 1, column 1: expected a cell, found "21""#
        );
    }

    #[test]
    fn skip_blanks_skips_whitespace_only() {
        let mut reader = Reader::new("p", b" \t\r\n7 x");
        reader.skip_blanks();
        assert_eq!(reader.position(), 4);
        assert_eq!(reader.token("n"), Ok(&b"7"[..]));
        reader.skip_blanks();
        reader.skip_blanks();
        assert_eq!(reader.token("x"), Ok(&b"x"[..]));
        reader.skip_blanks();
        assert_eq!(reader.end(), Ok(()));
    }

    #[test]
    fn every_single_byte_mutant_is_made() {
        let input = b"12";
        let count = mutants(input).count();
        let k = MUTATION_BYTES.len();
        assert_eq!(count, 2 + 3 * k + 2 * k);
        assert!(mutants(input).any(|mutant| mutant == b"1"));
        assert!(mutants(input).any(|mutant| mutant == b"1\xff2"));
        assert!(mutants(input).any(|mutant| mutant == b"1\n"));
    }
}
