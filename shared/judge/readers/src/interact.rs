//! Writing an interactor in Rust, by testlib's convention: it is started as
//! `INTERACTOR INPUT OUTPUT [ANSWER]`, reads the program's output on stdin and
//! writes to the program on stdout, and exits 0 (AC), 1 (WA), 2 (PE) or 3 (its
//! own failure), with a one-line message on stderr.
//!
//! ```no_run
//! // A guess-the-number interactor: the secret is the case's input.
//! use judge_readers::interact::Interactor;
//!
//! let mut judge = Interactor::from_args();
//! let secret: u64 = judge.input("the secret");
//! for query in 1..=30 {
//!     let guess: u64 = judge.read("a guess");
//!     if guess == secret {
//!         judge.send("=");
//!         judge.write_output(&format!("{query}\n"));
//!         judge.accept(&format!("found in {query} queries"));
//!     }
//!     judge.send(if guess < secret { "<" } else { ">" });
//! }
//! judge.wrong_answer("no right guess in 30 queries");
//! ```

use std::fmt::Display;
use std::fs::{self, File};
use std::io::{self, BufRead, BufReader, StdinLock, Stdout, Write};
use std::path::PathBuf;
use std::process;
use std::str::FromStr;

/// Exit status: the program's answer is accepted.
pub const ACCEPTED: i32 = 0;
/// Exit status: a wrong answer.
pub const WRONG_ANSWER: i32 = 1;
/// Exit status: the program's output is malformed.
pub const PRESENTATION_ERROR: i32 = 2;
/// Exit status: the interactor itself failed (bad arguments, a broken input).
pub const FAILURE: i32 = 3;

/// Whitespace-separated tokens from a stream, read no further than needed:
/// an interactor must not wait for bytes the program has not sent.
pub struct Tokens<R> {
    reader: R,
}

impl<R: BufRead> Tokens<R> {
    pub fn new(reader: R) -> Tokens<R> {
        Tokens { reader }
    }

    /// The next token, or `None` at the end of the stream.
    ///
    /// # Errors
    /// When reading fails.
    pub fn token(&mut self) -> io::Result<Option<Vec<u8>>> {
        let mut token = Vec::new();
        loop {
            let buffer = self.reader.fill_buf()?;
            if buffer.is_empty() {
                return Ok((!token.is_empty()).then_some(token));
            }
            let mut used = 0;
            let mut done = false;
            for &byte in buffer {
                used += 1;
                if byte.is_ascii_whitespace() {
                    if !token.is_empty() {
                        done = true;
                        break;
                    }
                } else {
                    token.push(byte);
                }
            }
            self.reader.consume(used);
            if done {
                return Ok(Some(token));
            }
        }
    }

    /// The next token parsed as `T`: `Err` says what was found instead.
    ///
    /// # Errors
    /// At the end of the stream, on a token that is not a `T`, or when reading fails.
    pub fn parse<T: FromStr>(&mut self, what: &str) -> Result<T, String> {
        match self.token() {
            Err(error) => Err(format!("cannot read {what}: {error}")),
            Ok(None) => Err(format!("expected {what}, found the end")),
            Ok(Some(token)) => std::str::from_utf8(&token)
                .ok()
                .and_then(|text| text.parse().ok())
                .ok_or_else(|| {
                    format!("expected {what}, found {}", crate::validate::shown(&token))
                }),
        }
    }
}

/// An interactor's two sides: the case's files and the program.
pub struct Interactor {
    input: Tokens<BufReader<File>>,
    program: Tokens<StdinLock<'static>>,
    to_program: Stdout,
    output: PathBuf,
    answer: Option<PathBuf>,
}

impl Interactor {
    /// Reads `INPUT OUTPUT [ANSWER]` from the command line; exits with
    /// [`FAILURE`] when they are not there or INPUT cannot be opened.
    pub fn from_args() -> Interactor {
        let args: Vec<std::ffi::OsString> = std::env::args_os().skip(1).collect();
        if !(2..=3).contains(&args.len()) {
            fail("usage: INTERACTOR INPUT OUTPUT [ANSWER]");
        }
        let input = File::open(&args[0]).unwrap_or_else(|error| {
            fail(&format!(
                "cannot open {}: {error}",
                crate::show::show_path(&args[0])
            ))
        });
        Interactor {
            input: Tokens::new(BufReader::new(input)),
            program: Tokens::new(io::stdin().lock()),
            to_program: io::stdout(),
            output: PathBuf::from(&args[1]),
            answer: args.get(2).map(PathBuf::from),
        }
    }

    /// The next token of the case's input; a malformed input is the
    /// interactor's failure (the validator should have caught it).
    pub fn input<T: FromStr>(&mut self, what: &str) -> T {
        self.input
            .parse(what)
            .unwrap_or_else(|message| fail(&format!("the input: {message}")))
    }

    /// The case's answer file, if the harness gave one.
    pub fn answer(&self) -> Option<Vec<u8>> {
        self.answer.as_ref().map(|path| {
            fs::read(path).unwrap_or_else(|error| {
                fail(&format!(
                    "cannot read {}: {error}",
                    crate::show::show_path(path)
                ))
            })
        })
    }

    /// The program's next token: at the end of its output, or on a token that
    /// is not a `T`, the verdict is PE.
    pub fn read<T: FromStr>(&mut self, what: &str) -> T {
        self.program
            .parse(what)
            .unwrap_or_else(|message| presentation_error(&message))
    }

    /// Sends `line` to the program and flushes; a program that no longer reads
    /// (it exited) gets WA.
    pub fn send(&mut self, line: impl Display) {
        let sent = writeln!(self.to_program, "{line}").and_then(|()| self.to_program.flush());
        if sent.is_err() {
            wrong_answer("the program stopped reading");
        }
    }

    /// Writes the OUTPUT file (what a checker reads), replacing it.
    pub fn write_output(&mut self, text: &str) {
        fs::write(&self.output, text).unwrap_or_else(|error| {
            fail(&format!(
                "cannot write {}: {error}",
                crate::show::show_path(&self.output)
            ))
        });
    }

    pub fn accept(&mut self, message: &str) -> ! {
        finish(ACCEPTED, message)
    }

    pub fn wrong_answer(&mut self, message: &str) -> ! {
        wrong_answer(message)
    }
}

fn finish(code: i32, message: &str) -> ! {
    eprintln!("{message}");
    process::exit(code)
}

/// Exits with [`WRONG_ANSWER`] and `message`.
pub fn wrong_answer(message: &str) -> ! {
    finish(WRONG_ANSWER, message)
}

/// Exits with [`PRESENTATION_ERROR`] and `message`.
pub fn presentation_error(message: &str) -> ! {
    finish(PRESENTATION_ERROR, message)
}

/// Exits with [`FAILURE`] and `message`: the interactor's own fault.
pub fn fail(message: &str) -> ! {
    finish(FAILURE, message)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_are_read_across_lines_and_parsed() {
        let mut tokens = Tokens::new(&b"  12 ab\n\n-3\t"[..]);
        assert_eq!(tokens.parse::<u64>("a count"), Ok(12));
        assert_eq!(
            tokens.parse::<u64>("a guess"),
            Err("expected a guess, found \"ab\"".to_string())
        );
        assert_eq!(tokens.parse::<i64>("a number"), Ok(-3));
        assert_eq!(
            tokens.parse::<i64>("a number"),
            Err("expected a number, found the end".to_string())
        );
    }
}
