//! Writing a checker in Rust: the reading code every `<problem>-check` binary
//! shares, with testlib's calls and exit codes (see `judge::judging::answer` for how the
//! harness runs it).
//!
//! A checker is a function over the three files, each read as whitespace-separated
//! tokens by a [`Stream`]: `input` (the case), `output` (the program's) and
//! `answer` (the stored expected output). It returns `Ok(message)` to accept, or
//! an [`Outcome`] saying why not. A token of the output that is missing or not of
//! the kind asked for is a presentation error, one out of its range a wrong
//! answer, both naming the token and its line; the same in the input or the
//! answer is the checker's failure (the jury's files are wrong, not the
//! program). Output left unread after an accept is a presentation error, as in
//! testlib.
//!
//! The binary's `main` is [`main`]: it reads `CHECKER INPUT OUTPUT ANSWER`,
//! writes one line on stderr (`ok ...`, `wrong answer ...`, `wrong output format
//! ...`, `FAIL ...`) and exits 0, 1, 2 or 3.
//!
//! # Example
//! A checker for "print the sum of the two numbers, any spelling of it within
//! 1e-9", tried on texts with [`judge`]:
//! ```
//! use judge_readers::checker::{judge, wrong_answer, Files, Outcome};
//!
//! fn check(files: &mut Files) -> Result<String, Outcome> {
//!     let a = files.input.integer("a", -1000, 1000)?;
//!     let b = files.input.integer("b", -1000, 1000)?;
//!     let expected = files.answer.float("the sum")?;
//!     let got = files.output.float("the sum")?;
//!     if (got - (a + b) as f64).abs() > 1e-9 {
//!         return Err(wrong_answer(format!("expected {expected}, found {got}")));
//!     }
//!     Ok(format!("the sum is {got}"))
//! }
//!
//! assert_eq!(judge(check, b"1 2\n", b"3.0\n", b"3\n"), Outcome::Accepted("the sum is 3".into()));
//! assert_eq!(judge(check, b"1 2\n", b"4\n", b"3\n").exit_code(), 1);
//! let Outcome::PresentationError(why) = judge(check, b"1 2\n", b"three\n", b"3\n") else { panic!() };
//! assert_eq!(why, "output token 1 (line 1): expected a number for the sum, found `three`");
//! assert_eq!(judge(check, b"1 2\n", b"3 3\n", b"3\n").exit_code(), 2, "extra output");
//! assert_eq!(judge(check, b"1\n", b"3\n", b"3\n").exit_code(), 3, "a broken input");
//! ```
//! and its binary, `src/bin/check.rs`, is that function and
//! `fn main() -> std::process::ExitCode { judge_readers::checker::main(check) }`
//! (a whole one: `shared/judge/tests/fixtures/shortest-path-check.rs`).

use std::fs;
use std::process::ExitCode;

use crate::show;
use judge_text::decimal;

/// How a checker ends: testlib's `_ok`, `_wa`, `_pe` and `_fail`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    Accepted(String),
    WrongAnswer(String),
    PresentationError(String),
    /// The checker's own failure: bad usage, or an input or answer that breaks
    /// what it expects.
    Fail(String),
}

impl Outcome {
    /// 0, 1, 2 or 3, as testlib's checkers exit.
    pub fn exit_code(&self) -> u8 {
        match self {
            Outcome::Accepted(_) => 0,
            Outcome::WrongAnswer(_) => 1,
            Outcome::PresentationError(_) => 2,
            Outcome::Fail(_) => 3,
        }
    }

    /// The line a checker writes on stderr: `wrong answer the path has 3 edges`.
    pub fn line(&self) -> String {
        let (prefix, message) = match self {
            Outcome::Accepted(message) => ("ok", message),
            Outcome::WrongAnswer(message) => ("wrong answer", message),
            Outcome::PresentationError(message) => ("wrong output format", message),
            Outcome::Fail(message) => ("FAIL", message),
        };
        if message.is_empty() {
            prefix.to_string()
        } else {
            format!("{prefix} {}", message.replace('\n', " "))
        }
    }
}

/// A wrong answer with `message`: `return Err(wrong_answer("..."))`.
pub fn wrong_answer(message: impl Into<String>) -> Outcome {
    Outcome::WrongAnswer(message.into())
}

/// The checker's own failure with `message` (the jury's files disagree with
/// each other, say).
pub fn fail(message: impl Into<String>) -> Outcome {
    Outcome::Fail(message.into())
}

/// Which of the three files a [`Stream`] reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Role {
    Input,
    Output,
    Answer,
}

impl Role {
    fn name(self) -> &'static str {
        match self {
            Role::Input => "input",
            Role::Output => "output",
            Role::Answer => "answer",
        }
    }
}

/// One of the three files, read token by token.
#[derive(Clone, Debug)]
pub struct Stream {
    role: Role,
    bytes: Vec<u8>,
    position: usize,
    /// Tokens read so far.
    tokens: usize,
    /// Line of `position`, 1-based.
    line: usize,
}

impl Stream {
    pub fn new(role: Role, bytes: Vec<u8>) -> Stream {
        Stream {
            role,
            bytes,
            position: 0,
            tokens: 0,
            line: 1,
        }
    }

    fn skip_whitespace(&mut self) {
        while let Some(&byte) = self.bytes.get(self.position) {
            if !byte.is_ascii_whitespace() {
                break;
            }
            if byte == b'\n' {
                self.line += 1;
            }
            self.position += 1;
        }
    }

    /// A format error (missing or malformed token): PE in the output, the
    /// checker's failure elsewhere.
    fn malformed(&self, message: String) -> Outcome {
        match self.role {
            Role::Output => Outcome::PresentationError(message),
            Role::Input | Role::Answer => Outcome::Fail(message),
        }
    }

    /// A value out of its range: WA in the output, the checker's failure elsewhere.
    fn out_of_range(&self, message: String) -> Outcome {
        match self.role {
            Role::Output => Outcome::WrongAnswer(message),
            Role::Input | Role::Answer => Outcome::Fail(message),
        }
    }

    fn place(&self) -> String {
        format!(
            "{} token {} (line {})",
            self.role.name(),
            self.tokens,
            self.line
        )
    }

    /// The next token, `what` naming it in messages.
    ///
    /// # Errors
    /// At the end of the file.
    pub fn token(&mut self, what: &str) -> Result<&[u8], Outcome> {
        self.skip_whitespace();
        let start = self.position;
        while self
            .bytes
            .get(self.position)
            .is_some_and(|byte| !byte.is_ascii_whitespace())
        {
            self.position += 1;
        }
        self.tokens += 1;
        if start == self.position {
            return Err(self.malformed(format!(
                "{}: expected {what}, found the end of the {}",
                self.place(),
                self.role.name()
            )));
        }
        Ok(&self.bytes[start..self.position])
    }

    /// The next token as text.
    ///
    /// # Errors
    /// At the end of the file, or when the token is not UTF-8.
    pub fn word(&mut self, what: &str) -> Result<String, Outcome> {
        let token = self.token(what)?.to_vec();
        String::from_utf8(token.clone()).map_err(|_| {
            self.malformed(format!(
                "{}: expected {what}, found `{}`",
                self.place(),
                show::line(&token)
            ))
        })
    }

    /// The next token as an integer in `min..=max`.
    ///
    /// # Errors
    /// A missing token or one that is not an integer of at most 64 bits
    /// (format), or one out of the range (WA in the output).
    pub fn integer(&mut self, what: &str, min: i64, max: i64) -> Result<i64, Outcome> {
        let token = self.token(what)?;
        let value = std::str::from_utf8(token)
            .ok()
            .filter(|text| !text.starts_with('+'))
            .and_then(|text| text.parse::<i64>().ok());
        let shown = show::line(token);
        let Some(value) = value else {
            return Err(self.malformed(format!(
                "{}: expected an integer for {what}, found `{shown}`",
                self.place()
            )));
        };
        if !(min..=max).contains(&value) {
            return Err(self.out_of_range(format!(
                "{}: {what} is {value}, outside [{min}, {max}]",
                self.place()
            )));
        }
        Ok(value)
    }

    /// The next token as a decimal number (see [`judge_text::decimal`]).
    ///
    /// # Errors
    /// A missing token, or one that is not such a number.
    pub fn float(&mut self, what: &str) -> Result<f64, Outcome> {
        let token = self.token(what)?;
        let shown = show::line(token);
        decimal(token).map_err(|_| {
            self.malformed(format!(
                "{}: expected a number for {what}, found `{shown}`",
                self.place()
            ))
        })
    }

    /// Whether only whitespace is left.
    pub fn at_end(&mut self) -> bool {
        self.skip_whitespace();
        self.position == self.bytes.len()
    }

    /// Ends the reading: only whitespace may be left.
    ///
    /// # Errors
    /// When a token is left (a PE in the output).
    pub fn end(&mut self) -> Result<(), Outcome> {
        if self.at_end() {
            return Ok(());
        }
        let token = self.token("the end")?.to_vec();
        Err(self.malformed(format!(
            "{}: expected the end of the {}, found `{}`",
            self.place(),
            self.role.name(),
            show::line(&token)
        )))
    }
}

/// The three files of one check.
#[derive(Clone, Debug)]
pub struct Files {
    pub input: Stream,
    pub output: Stream,
    pub answer: Stream,
}

/// A checker: `Ok(message)` accepts.
pub type Check = fn(&mut Files) -> Result<String, Outcome>;

/// Runs `check` on three texts: what the checker binary decides for them. After
/// an accept, any token left in the output is a presentation error.
pub fn judge(check: Check, input: &[u8], output: &[u8], answer: &[u8]) -> Outcome {
    let mut files = Files {
        input: Stream::new(Role::Input, input.to_vec()),
        output: Stream::new(Role::Output, output.to_vec()),
        answer: Stream::new(Role::Answer, answer.to_vec()),
    };
    match check(&mut files).and_then(|message| files.output.end().map(|()| message)) {
        Ok(message) => Outcome::Accepted(message),
        Err(outcome) => outcome,
    }
}

/// A checker binary's `main`: reads the files named by `CHECKER INPUT OUTPUT
/// ANSWER`, runs `check`, writes its [`Outcome::line`] on stderr and exits with
/// its [`Outcome::exit_code`]. Bad usage or an unreadable file exits 3.
pub fn main(check: Check) -> ExitCode {
    let args: Vec<std::ffi::OsString> = std::env::args_os().skip(1).collect();
    let outcome = match args.as_slice() {
        [input, output, answer] => {
            let read = |path: &std::ffi::OsString| {
                fs::read(path)
                    .map_err(|error| fail(format!("{}: {error}", crate::show::show_path(path))))
            };
            match (read(input), read(output), read(answer)) {
                (Ok(input), Ok(output), Ok(answer)) => judge(check, &input, &output, &answer),
                (Err(failure), _, _) | (_, Err(failure), _) | (_, _, Err(failure)) => failure,
            }
        }
        _ => fail("usage: CHECKER INPUT OUTPUT ANSWER"),
    };
    eprintln!("{}", outcome.line());
    ExitCode::from(outcome.exit_code())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sum_of_integers(files: &mut Files) -> Result<String, Outcome> {
        let count = files.input.integer("n", 1, 10)?;
        let mut sum = 0;
        for _ in 0..count {
            sum += files.input.integer("a number", -100, 100)?;
        }
        let expected = files.answer.integer("the sum", -1000, 1000)?;
        if expected != sum {
            return Err(fail(format!(
                "the answer says {expected}, the sum is {sum}"
            )));
        }
        let got = files.output.integer("the sum", -1000, 1000)?;
        if got != sum {
            return Err(wrong_answer(format!("expected {sum}, found {got}")));
        }
        Ok(format!("{sum}"))
    }

    #[test]
    fn outcomes_of_the_output() {
        let run = |output: &[u8]| judge(sum_of_integers, b"2\n3 4\n", output, b"7\n");
        assert_eq!(run(b"7\n"), Outcome::Accepted("7".to_string()));
        assert_eq!(run(b"  7"), Outcome::Accepted("7".to_string()));
        assert_eq!(run(b"8\n"), wrong_answer("expected 7, found 8"));
        assert_eq!(
            run(b""),
            Outcome::PresentationError(
                "output token 1 (line 1): expected the sum, found the end of the output"
                    .to_string()
            )
        );
        assert_eq!(
            run(b"\n\n7.0\n"),
            Outcome::PresentationError(
                "output token 1 (line 3): expected an integer for the sum, found `7.0`".to_string()
            )
        );
        assert_eq!(run(b"+7").exit_code(), 2, "no plus sign");
        assert_eq!(run(b"99999999999999999999").exit_code(), 2, "over 64 bits");
        assert_eq!(
            run(b"5000"),
            wrong_answer("output token 1 (line 1): the sum is 5000, outside [-1000, 1000]")
        );
        assert_eq!(
            run(b"7\n7\n"),
            Outcome::PresentationError(
                "output token 2 (line 2): expected the end of the output, found `7`".to_string()
            )
        );
        assert_eq!(run(b"\xff").exit_code(), 2);
    }

    #[test]
    fn a_broken_input_or_answer_is_the_checkers_failure() {
        let outcome = judge(sum_of_integers, b"2\n3\n", b"7\n", b"7\n");
        assert_eq!(
            outcome,
            fail("input token 3 (line 3): expected a number, found the end of the input")
        );
        let outcome = judge(sum_of_integers, b"2\n3 4\n", b"7\n", b"x\n");
        assert_eq!(outcome.exit_code(), 3, "{outcome:?}");
        let outcome = judge(sum_of_integers, b"2\n3 4\n", b"7\n", b"8\n");
        assert_eq!(outcome, fail("the answer says 8, the sum is 7"));
        assert_eq!(outcome.line(), "FAIL the answer says 8, the sum is 7");
    }

    #[test]
    fn words_floats_and_the_end() {
        let mut stream = Stream::new(Role::Output, b"YES 0.5\n1e400 x".to_vec());
        assert_eq!(stream.word("a verdict"), Ok("YES".to_string()));
        assert_eq!(stream.float("a length"), Ok(0.5));
        assert_eq!(stream.float("a length").unwrap_err().exit_code(), 2);
        assert!(!stream.at_end());
        assert_eq!(stream.end().unwrap_err().exit_code(), 2);
        assert!(stream.at_end());
        assert_eq!(stream.end(), Ok(()));
        assert_eq!(Outcome::Accepted(String::new()).line(), "ok");
        assert_eq!(
            Outcome::PresentationError("a\nb".to_string()).line(),
            "wrong output format a b"
        );
    }
}
