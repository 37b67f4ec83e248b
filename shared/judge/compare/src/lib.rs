//! Output comparison as online judges do it, in three modes ([`Mode`]).
//!
//! - **Lines** ([`compare`], the default): CRLF and LF are the same, whitespace at
//!   the end of a line and blank lines at the end of the output are ignored,
//!   everything else must match byte for byte.
//! - **Tokens** ([`compare_tokens`]): the outputs as tokens separated by any ASCII
//!   whitespace; each token must match byte for byte.
//! - **Float** ([`compare_floats`]): tokens, where two decimal numbers agree when
//!   their absolute or relative error is at most a bound (the rule of AtCoder's
//!   statements, `oj t -e` and testlib's `doubleCompare`).

use std::fmt;

pub use judge_text::decimal;
use judge_text::show;

/// Where two outputs first differ.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Mismatch {
    /// 1-based number of the first line that differs.
    pub line: usize,
    /// That line in the expected output (escaped and cut, see [`crate::show`]),
    /// `None` past its end.
    pub expected: Option<String>,
    /// That line in the program's output, likewise.
    pub got: Option<String>,
    /// A few lines of context around the difference, ready to print.
    pub diff: String,
}

impl fmt::Display for Mismatch {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "line {}: expected {}, got {}",
            self.line,
            describe_line(self.expected.as_deref()),
            describe_line(self.got.as_deref())
        )
    }
}

fn describe_line(line: Option<&str>) -> String {
    match line {
        Some(text) => format!("\"{text}\""),
        None => "end of output".to_string(),
    }
}

/// Lines of context shown before the first difference.
const CONTEXT_BEFORE: usize = 2;
/// Lines of each side shown from the first difference on.
const SHOWN_AFTER: usize = 3;

/// The judge lines of an output: split at LF, with a CR before it and other
/// trailing whitespace dropped. Blank lines at the end still appear here; see
/// [`judge_line_count`].
pub fn judge_lines(output: &[u8]) -> impl Iterator<Item = &[u8]> + Clone {
    output
        .split(|&byte| byte == b'\n')
        .map(|line| line.trim_ascii_end())
}

/// How many judge lines an output has once blank lines at its end are dropped.
pub fn judge_line_count(output: &[u8]) -> usize {
    judge_lines(output)
        .enumerate()
        .filter(|(_, line)| !line.is_empty())
        .last()
        .map_or(0, |(index, _)| index + 1)
}

/// Compares a program's output with the expected one.
///
/// Returns `None` when a judge would accept `got`.
///
/// # Example
/// ```
/// use judge_compare::compare;
/// assert!(compare(b"516\n", b"516  \r\n\r\n").is_none());
/// let mismatch = compare(b"1\n2\n", b"1\n3\n").unwrap();
/// assert_eq!(mismatch.line, 2);
/// ```
///
/// # Complexity
/// Linear in the sizes of both outputs; memory is the size of the report only.
pub fn compare(expected: &[u8], got: &[u8]) -> Option<Mismatch> {
    let expected_count = judge_line_count(expected);
    let got_count = judge_line_count(got);
    let first_difference = judge_lines(expected)
        .take(expected_count)
        .map(Some)
        .chain(std::iter::repeat(None))
        .zip(
            judge_lines(got)
                .take(got_count)
                .map(Some)
                .chain(std::iter::repeat(None)),
        )
        .take(expected_count.max(got_count))
        .position(|(expected, got)| expected != got)?;
    let line_at = |output, count, index| {
        (index < count).then(|| {
            let line = judge_lines(output).nth(index).unwrap_or_default();
            show::escape(line, show::LINE_BYTES, true)
        })
    };
    Some(Mismatch {
        line: first_difference + 1,
        expected: line_at(expected, expected_count, first_difference),
        got: line_at(got, got_count, first_difference),
        diff: short_diff(expected, got, first_difference),
    })
}

/// A unified-diff-like excerpt: common lines before the difference, then the next
/// few lines of each side marked `-` (expected) and `+` (got).
fn short_diff(expected: &[u8], got: &[u8], first_difference: usize) -> String {
    let row = |marker: char, number: usize, line: &[u8]| {
        format!("{marker} {number:>5} | {}\n", show::line(line))
    };
    let mut diff = String::new();
    let before = first_difference.saturating_sub(CONTEXT_BEFORE);
    for (i, line) in judge_lines(expected)
        .enumerate()
        .take(first_difference)
        .skip(before)
    {
        diff += &row(' ', i + 1, line);
    }
    for (marker, output, end_note) in [
        ('-', expected, "(end of expected output)"),
        ('+', got, "(end of output)"),
    ] {
        let count = judge_line_count(output);
        for (i, line) in judge_lines(output)
            .enumerate()
            .take(count)
            .skip(first_difference)
            .take(SHOWN_AFTER)
        {
            diff += &row(marker, i + 1, line);
        }
        if first_difference >= count {
            diff += &format!("{marker}       | {end_note}\n");
        }
    }
    diff
}

/// How a program's output is compared with the expected one: a problem's
/// `compare` and `float-error` keys, or `judge test --compare`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Mode {
    /// Judge lines (see [`compare`]): the default.
    Lines,
    /// Whitespace-separated tokens, each byte for byte (see [`compare_tokens`]).
    Tokens,
    /// Tokens; decimal numbers agree within `error` (see [`compare_floats`]).
    Float { error: f64 },
    /// The Kattis problem package format's default output validator, with
    /// its flags (see [`DefaultValidator`]).
    Kattis(DefaultValidator),
}

/// [`Mode::parse`] and [`DefaultValidator::parse`] admit only finite bounds,
/// so a `Mode` is never NaN.
impl Eq for Mode {}

/// The bound of `compare = "float"` when `float-error` is not given.
pub const DEFAULT_FLOAT_ERROR: f64 = 1e-6;

/// Slack added to every float bound: the decimal texts `0.5` and `0.500001` are
/// `1e-6` apart, their doubles a little more (testlib adds the same).
const FLOAT_SLACK: f64 = 1e-15;

impl Mode {
    /// The mode named `lines`, `tokens` or `float`, with the bound `float_error`
    /// (only for `float`; [`DEFAULT_FLOAT_ERROR`] when `None`).
    ///
    /// # Errors
    /// An unknown name, a bound that is not a positive finite number, or a bound
    /// given with another mode.
    pub fn parse(name: &str, float_error: Option<f64>) -> Result<Mode, String> {
        let mode = match name {
            "lines" => Mode::Lines,
            "tokens" => Mode::Tokens,
            "float" => Mode::Float {
                error: float_error.unwrap_or(DEFAULT_FLOAT_ERROR),
            },
            "kattis" => Mode::Kattis(DefaultValidator::default()),
            other => {
                return Err(format!(
                    "unknown comparison `{other}`: expected lines, tokens, float or kattis"
                ))
            }
        };
        match (mode, float_error) {
            (Mode::Float { error }, _) if !(error.is_finite() && error > 0.0) => Err(format!(
                "the float error must be a positive number, not {error}"
            )),
            (Mode::Lines | Mode::Tokens | Mode::Kattis(_), Some(_)) => {
                Err(format!("a float error is only for float, not {name}"))
            }
            _ => Ok(mode),
        }
    }

    /// Compares `got` with `expected` in this mode: `None` when a judge would
    /// accept it, else where and why it differs, in one line, and the few lines
    /// of context a report shows under it.
    pub fn compare(&self, expected: &[u8], got: &[u8]) -> Option<(String, String)> {
        match *self {
            Mode::Lines => compare(expected, got).map(|mismatch| {
                let line = mismatch.to_string();
                (line, mismatch.diff)
            }),
            Mode::Tokens => compare_tokens(expected, got).map(TokenMismatch::into_report),
            Mode::Float { error } => {
                compare_floats(expected, got, error).map(TokenMismatch::into_report)
            }
            Mode::Kattis(validator) => validator
                .compare(expected, got)
                .map(TokenMismatch::into_report),
        }
    }

    /// Whether two right answers may differ as text: numbers within a
    /// tolerance.
    pub fn tolerates_floats(&self) -> bool {
        match self {
            Mode::Float { .. } => true,
            Mode::Kattis(validator) => validator.uses_floats(),
            Mode::Lines | Mode::Tokens => false,
        }
    }
}

impl fmt::Display for Mode {
    /// `lines`, `tokens`, `float (error 1e-6)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Mode::Lines => write!(f, "lines"),
            Mode::Tokens => write!(f, "tokens"),
            Mode::Float { error } => write!(f, "float (error {error:e})"),
            Mode::Kattis(validator) if *validator == DefaultValidator::default() => {
                write!(f, "kattis")
            }
            Mode::Kattis(validator) => write!(f, "kattis ({})", validator.flags()),
        }
    }
}

/// The default output validator of the Kattis problem package format, as
/// problemtools' `default_validator.cc` judges (and DOMjudge's `compare`, but
/// for `nan` and `inf`): whitespace-separated tokens (space, tab, newline,
/// vertical tab, form feed, carriage return), compared without regard to
/// ASCII case unless `case_sensitive`; with `space_change_sensitive` the
/// whitespace too, byte for byte, to the last. With a tolerance set, a token
/// of the answer that is a number by the format's grammar (`decimal`: no
/// `nan`, `inf` or hexadecimal, and finite) is compared as one: the output's
/// token must be a number too, accepted when `|a - b| <= absolute` or `|a -
/// b| <= relative * |a|` (`a` the answer's). Any other token is a word: `nan`
/// and `NaN` agree unless `case_sensitive`, as they do in problemtools (and,
/// as numbers, in DOMjudge).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct DefaultValidator {
    pub case_sensitive: bool,
    pub space_change_sensitive: bool,
    /// `float_absolute_tolerance E` (or `float_tolerance E`).
    pub absolute: Option<f64>,
    /// `float_relative_tolerance E` (or `float_tolerance E`).
    pub relative: Option<f64>,
}

/// A byte that C's `isspace` takes for whitespace.
fn is_kattis_space(byte: u8) -> bool {
    matches!(byte, b' ' | b'\t' | b'\n' | 0x0B | 0x0C | b'\r')
}

impl DefaultValidator {
    /// The validator with `flags`, as `validator_flags` in a problem.yaml
    /// gives them: words separated by whitespace, a tolerance's value after
    /// its name; a flag given twice, the last one holds (as problemtools has
    /// it).
    ///
    /// # Errors
    /// An unknown flag, or a tolerance without a finite non-negative number.
    pub fn parse(flags: &str) -> Result<DefaultValidator, String> {
        let mut validator = DefaultValidator::default();
        let mut words = flags.split_ascii_whitespace();
        while let Some(word) = words.next() {
            let mut tolerance = || {
                let value = words.next().ok_or(format!("{word} needs a number"))?;
                decimal(value.as_bytes())
                    .ok()
                    .filter(|value| *value >= 0.0)
                    .ok_or(format!("{word} {value}: not a non-negative number"))
            };
            match word {
                "case_sensitive" => validator.case_sensitive = true,
                "space_change_sensitive" => validator.space_change_sensitive = true,
                "float_absolute_tolerance" => validator.absolute = Some(tolerance()?),
                "float_relative_tolerance" => validator.relative = Some(tolerance()?),
                "float_tolerance" => {
                    let both = tolerance()?;
                    (validator.absolute, validator.relative) = (Some(both), Some(both));
                }
                other => {
                    return Err(format!(
                        "unknown flag `{other}` of the default output validator: expected case_sensitive, space_change_sensitive, float_tolerance E, float_absolute_tolerance E or float_relative_tolerance E"
                    ))
                }
            }
        }
        Ok(validator)
    }

    /// Its flags, as [`parse`](Self::parse) reads them.
    pub fn flags(&self) -> String {
        let mut flags = Vec::new();
        if self.case_sensitive {
            flags.push("case_sensitive".to_string());
        }
        if self.space_change_sensitive {
            flags.push("space_change_sensitive".to_string());
        }
        match (self.absolute, self.relative) {
            (Some(absolute), Some(relative)) if absolute == relative => {
                flags.push(format!("float_tolerance {absolute:e}"));
            }
            (absolute, relative) => {
                if let Some(absolute) = absolute {
                    flags.push(format!("float_absolute_tolerance {absolute:e}"));
                }
                if let Some(relative) = relative {
                    flags.push(format!("float_relative_tolerance {relative:e}"));
                }
            }
        }
        flags.join(" ")
    }

    /// Whether numbers are compared within a tolerance.
    pub fn uses_floats(&self) -> bool {
        self.absolute.is_some() || self.relative.is_some()
    }

    /// Compares the program's output `got` with the answer `expected`:
    /// `None` when the validator accepts it, else the first difference.
    ///
    /// # Example
    /// ```
    /// use judge_compare::DefaultValidator;
    /// let validator = DefaultValidator::parse("float_tolerance 1e-6").unwrap();
    /// assert!(validator.compare(b"NaN\n0.5\n", b"nan 0.5000001").is_none());
    /// let mismatch = validator.compare(b"Yes\n", b"yes\n\n1\n").unwrap();
    /// assert_eq!(mismatch.to_string(), "token 2: expected end of output, got `1`");
    /// ```
    ///
    /// # Complexity
    /// Linear in the sizes of both outputs.
    pub fn compare(&self, expected: &[u8], got: &[u8]) -> Option<TokenMismatch> {
        let (mut at_expected, mut at_got) = (0, 0);
        let (mut line_expected, mut line_got) = (1, 1);
        let mismatch = |number: usize,
                        want: Option<(usize, &[u8])>,
                        have: Option<(usize, &[u8])>,
                        why: Option<String>| {
            let shown = |token: Option<(usize, &[u8])>| {
                token.map(|(_, text)| show::escape(text, show::LINE_BYTES, false))
            };
            Some(TokenMismatch {
                token: number,
                expected: shown(want),
                got: shown(have),
                why,
                context: token_context(expected, want, got, have),
            })
        };
        for number in 1.. {
            while at_expected < expected.len() && is_kattis_space(expected[at_expected]) {
                let space = expected[at_expected];
                if self.space_change_sensitive {
                    if got.get(at_got) != Some(&space) {
                        return mismatch(
                            number,
                            Some((line_expected, &expected[at_expected..=at_expected])),
                            got.get(at_got..=at_got).map(|have| (line_got, have)),
                            Some(SPACE_CHANGED.to_string()),
                        );
                    }
                    line_got += usize::from(space == b'\n');
                    at_got += 1;
                }
                line_expected += usize::from(space == b'\n');
                at_expected += 1;
            }
            while at_got < got.len() && is_kattis_space(got[at_got]) {
                if self.space_change_sensitive {
                    let want = (at_expected < expected.len())
                        .then(|| (line_expected, token_at(expected, at_expected)));
                    return mismatch(
                        number,
                        want,
                        Some((line_got, &got[at_got..=at_got])),
                        Some(SPACE_CHANGED.to_string()),
                    );
                }
                line_got += usize::from(got[at_got] == b'\n');
                at_got += 1;
            }
            if at_expected == expected.len() {
                if at_got == got.len() {
                    return None;
                }
                let have = token_at(got, at_got);
                return mismatch(number, None, Some((line_got, have)), None);
            }
            let want = token_at(expected, at_expected);
            at_expected += want.len();
            if at_got == got.len() {
                return mismatch(number, Some((line_expected, want)), None, None);
            }
            let have = token_at(got, at_got);
            at_got += have.len();
            if let Err(why) = self.agree(want, have) {
                return mismatch(
                    number,
                    Some((line_expected, want)),
                    Some((line_got, have)),
                    why,
                );
            }
        }
        unreachable!("the loop returns at the end of both outputs")
    }

    /// Whether the answer's token `want` accepts the output's `have`; if not,
    /// why, when there is more to say than that they differ.
    fn agree(&self, want: &[u8], have: &[u8]) -> Result<(), Option<String>> {
        if self.uses_floats() {
            if let Ok(answer) = decimal(want) {
                let output = decimal(have).map_err(|why| Some(format!("the output's {why}")))?;
                let difference = (answer - output).abs();
                let within = |bound: Option<f64>, scale: f64| {
                    bound.is_some_and(|bound| difference <= bound * scale)
                };
                if within(self.absolute, 1.0) || within(self.relative, answer.abs()) {
                    return Ok(());
                }
                return Err(Some(format!(
                    "absolute error {difference:.1e}, relative {}, over {}",
                    if answer == 0.0 {
                        "undefined".to_string()
                    } else {
                        format!("{:.1e}", difference / answer.abs())
                    },
                    self.flags()
                )));
            }
        }
        let same = if self.case_sensitive {
            want == have
        } else {
            want.eq_ignore_ascii_case(have)
        };
        if same {
            Ok(())
        } else {
            Err(None)
        }
    }
}

/// The token of `output` that starts at `start`.
fn token_at(output: &[u8], start: usize) -> &[u8] {
    let length = output[start..]
        .iter()
        .position(|&byte| is_kattis_space(byte))
        .unwrap_or(output.len() - start);
    &output[start..start + length]
}

/// Why outputs differ in their whitespace alone.
const SPACE_CHANGED: &str = "the whitespace differs (space_change_sensitive)";

/// The first token where two outputs differ (see [`compare_tokens`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TokenMismatch {
    /// 1-based number of the token.
    pub token: usize,
    /// The token of the expected output (escaped and cut, see [`crate::show`]),
    /// `None` past its end.
    pub expected: Option<String>,
    /// The token of the program's output, likewise.
    pub got: Option<String>,
    /// Why two tokens that differ as text are not accepted, when there is more to
    /// say: `error 1.0e-4 > 1e-6`, `` `0x10` is not a decimal number``.
    pub why: Option<String>,
    /// The lines holding the token in each output, ready to print.
    pub context: String,
}

impl TokenMismatch {
    fn into_report(self) -> (String, String) {
        let line = self.to_string();
        (line, self.context)
    }
}

impl fmt::Display for TokenMismatch {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let describe = |token: &Option<String>| match token {
            Some(text) => format!("`{text}`"),
            None => "end of output".to_string(),
        };
        write!(
            f,
            "token {}: expected {}, got {}",
            self.token,
            describe(&self.expected),
            describe(&self.got)
        )?;
        match &self.why {
            Some(why) => write!(f, ", {why}"),
            None => Ok(()),
        }
    }
}

/// The tokens of an output, each with its 1-based line number.
fn tokens(output: &[u8]) -> impl Iterator<Item = (usize, &[u8])> {
    output
        .split(|&byte| byte == b'\n')
        .enumerate()
        .flat_map(|(index, line)| {
            line.split(u8::is_ascii_whitespace)
                .filter(|token| !token.is_empty())
                .map(move |token| (index + 1, token))
        })
}

/// Compares two outputs token by token, each token byte for byte.
///
/// # Complexity
/// Linear in the sizes of both outputs.
pub fn compare_tokens(expected: &[u8], got: &[u8]) -> Option<TokenMismatch> {
    compare_tokens_by(expected, got, |a, b| (a == b).then_some(()).ok_or(None))
}

/// Compares two outputs token by token; two tokens agree when they are equal
/// bytes, or both are decimal numbers (see [`decimal`]) whose absolute or
/// relative error is at most `error` (plus 1e-15 for rounding, as testlib).
/// Any other pair of tokens must be equal bytes: `nan` matches only `nan`,
/// `0x10` and `1,5` are words, and a number out of a double's range (`1e400`)
/// matches only the same text. `-0` and `0` agree.
///
/// # Example
/// ```
/// use judge_compare::compare_floats;
/// assert!(compare_floats(b"0.5 x\n", b"0.5000001 x\n", 1e-6).is_none());
/// assert!(compare_floats(b"1000000\n", b"1000000.9\n", 1e-6).is_none(), "relative");
/// let mismatch = compare_floats(b"0.5000000\n", b"0.5001\n", 1e-6).unwrap();
/// assert_eq!(
///     mismatch.to_string(),
///     "token 1: expected `0.5000000`, got `0.5001`, error 1.0e-4 > 1e-6"
/// );
/// ```
///
/// # Complexity
/// Linear in the sizes of both outputs.
pub fn compare_floats(expected: &[u8], got: &[u8], error: f64) -> Option<TokenMismatch> {
    compare_tokens_by(expected, got, |want, have| {
        if want == have {
            return Ok(());
        }
        match (decimal(want), decimal(have)) {
            (Ok(want), Ok(have)) => {
                let absolute = (have - want).abs();
                let bound = error + FLOAT_SLACK;
                if absolute <= bound || absolute <= bound * want.abs() {
                    return Ok(());
                }
                let relative = if want == 0.0 {
                    f64::INFINITY
                } else {
                    absolute / want.abs()
                };
                Err(Some(format!(
                    "error {:.1e} > {error:e}",
                    absolute.min(relative)
                )))
            }
            (Err(why), _) => Err(Some(format!("the expected {why}"))),
            (Ok(_), Err(why)) => Err(Some(format!("the output's {why}"))),
        }
    })
}

/// The first pair of tokens `agree` does not accept: it returns why not, when
/// there is more to say than that they differ.
fn compare_tokens_by(
    expected: &[u8],
    got: &[u8],
    agree: impl Fn(&[u8], &[u8]) -> Result<(), Option<String>>,
) -> Option<TokenMismatch> {
    let mut want_tokens = tokens(expected);
    let mut have_tokens = tokens(got);
    for number in 1.. {
        let (want, have) = (want_tokens.next(), have_tokens.next());
        let why = match (want, have) {
            (None, None) => return None,
            (Some((_, want)), Some((_, have))) => match agree(want, have) {
                Ok(()) => continue,
                Err(why) => why,
            },
            _ => None,
        };
        let shown = |token: Option<(usize, &[u8])>| {
            token.map(|(_, text)| show::escape(text, show::LINE_BYTES, false))
        };
        return Some(TokenMismatch {
            token: number,
            expected: shown(want),
            got: shown(have),
            why,
            context: token_context(expected, want, got, have),
        });
    }
    unreachable!("the loop returns at the end of both outputs")
}

/// The line of each output that holds the differing token, marked `-`
/// (expected) and `+` (got) like [`Mismatch::diff`].
fn token_context(
    expected: &[u8],
    want: Option<(usize, &[u8])>,
    got: &[u8],
    have: Option<(usize, &[u8])>,
) -> String {
    let mut context = String::new();
    for (marker, output, token, end_note) in [
        ('-', expected, want, "(end of expected output)"),
        ('+', got, have, "(end of output)"),
    ] {
        match token {
            Some((number, _)) => {
                let line = judge_lines(output).nth(number - 1).unwrap_or_default();
                context += &format!("{marker} {number:>5} | {}\n", show::line(line));
            }
            None => context += &format!("{marker}       | {end_note}\n"),
        }
    }
    context
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn crlf_trailing_spaces_and_blank_lines_are_ignored() {
        assert_eq!(compare(b"a b\nc\n", b"a b \r\nc\t\r\n\n\n"), None);
        assert_eq!(compare(b"a b\nc", b"a b\nc\n"), None);
        assert_eq!(compare(b"", b"\n\n"), None);
        assert_eq!(compare(b"1\n\n\n", b"1"), None);
    }

    #[test]
    fn leading_and_inner_whitespace_matter() {
        assert_eq!(compare(b"a b\n", b" a b\n").unwrap().line, 1);
        assert_eq!(compare(b"a b\n", b"a  b\n").unwrap().line, 1);
        assert_eq!(compare(b"a\n\nb\n", b"a\nb\n").unwrap().line, 2);
    }

    #[test]
    fn reports_first_differing_line_with_both_sides() {
        let mismatch = compare(b"1\n2\n3\n", b"1\n2\n4\n5\n").unwrap();
        assert_eq!(mismatch.line, 3);
        assert_eq!(mismatch.expected.as_deref(), Some("3"));
        assert_eq!(mismatch.got.as_deref(), Some("4"));
        assert!(mismatch.diff.contains("-     3 | 3"));
        assert!(mismatch.diff.contains("+     3 | 4"));
        assert!(mismatch.diff.contains("+     4 | 5"));
        assert!(mismatch.diff.contains("      2 | 2"));
    }

    #[test]
    fn short_output_is_a_mismatch_past_its_end() {
        let mismatch = compare(b"1\n2\n", b"1\n").unwrap();
        assert_eq!(mismatch.line, 2);
        assert_eq!(mismatch.got, None);
        assert_eq!(
            mismatch.to_string(),
            "line 2: expected \"2\", got end of output"
        );
        assert!(mismatch.diff.contains("(end of output)"));
    }

    #[test]
    fn extra_output_is_a_mismatch() {
        let mismatch = compare(b"1\n", b"1\nextra\n").unwrap();
        assert_eq!(mismatch.line, 2);
        assert_eq!(mismatch.expected, None);
    }

    #[test]
    fn blank_lines_before_extra_output_count() {
        let mismatch = compare(b"1\n\n", b"1\n\nx\n").unwrap();
        assert_eq!(mismatch.line, 2);
        assert_eq!(mismatch.expected, None);
        let mismatch = compare(b"1\n\n2\n", b"1\n").unwrap();
        assert_eq!((mismatch.line, mismatch.got), (2, None));
    }

    #[test]
    fn reports_escape_and_cut_what_they_show() {
        let long = vec![b'7'; 50 << 20];
        let mismatch = compare(b"516\n", &long).unwrap();
        let report = format!("{mismatch}\n{}", mismatch.diff);
        assert!(report.len() < 2000, "{} bytes", report.len());
        assert!(report.contains("more bytes"), "{report}");
        let mismatch = compare(b"a\xff\n", b"a\r\x00\x1b[2J\xfe\n").unwrap();
        let report = format!("{mismatch}\n{}", mismatch.diff);
        assert!(report.contains(r"a\r\0\e[2J\xfe"), "{report}");
        assert!(report.contains(r"a\xff"), "{report}");
        assert!(
            !report.bytes().any(|b| b < b' ' && b != b'\n'),
            "{report:?}"
        );
    }

    fn accepts(expected: &str, got: &str) -> bool {
        compare_floats(expected.as_bytes(), got.as_bytes(), 1e-6).is_none()
    }

    fn float_why(expected: &str, got: &str) -> String {
        compare_floats(expected.as_bytes(), got.as_bytes(), 1e-6)
            .unwrap_or_else(|| panic!("{expected:?} against {got:?} was accepted"))
            .to_string()
    }

    #[test]
    fn tokens_ignore_the_layout_but_not_the_text() {
        assert_eq!(compare_tokens(b"1 2\n3\n", b"  1\t2\r\n\n3"), None);
        assert_eq!(compare_tokens(b"", b" \n\n"), None);
        let mismatch = compare_tokens(b"a b\nc d\n", b"a b\nc e\n").unwrap();
        assert_eq!(mismatch.token, 4);
        assert_eq!(mismatch.to_string(), "token 4: expected `d`, got `e`");
        assert_eq!(mismatch.context, "-     2 | c d\n+     2 | c e\n");
        assert_eq!(
            compare_tokens(b"1 2\n", b"1\n").unwrap().to_string(),
            "token 2: expected `2`, got end of output"
        );
        let extra = compare_tokens(b"1\n", b"1 2\n").unwrap();
        assert_eq!(
            extra.to_string(),
            "token 2: expected end of output, got `2`"
        );
        assert!(extra.context.contains("(end of expected output)"));
        assert!(
            compare_tokens(b"1.0\n", b"1\n").is_some(),
            "no numbers in tokens mode"
        );
    }

    #[test]
    fn floats_agree_within_the_absolute_or_relative_error() {
        assert!(
            accepts("0.5", "0.500001"),
            "exactly the bound, after rounding"
        );
        assert!(accepts("0.5", "0.499999"));
        assert!(!accepts("0.5", "0.5000011"));
        assert!(accepts("1000000", "1000000.999"), "relative");
        assert!(!accepts("1000000", "1000001.001"));
        assert!(accepts("0", "-0.000001"), "absolute near zero");
        assert!(accepts("1e5", "100000"));
        assert!(accepts("3 word 2.5", "3.0000000 word 2.5000001"));
        assert_eq!(
            float_why("0.5000000", "0.5001"),
            "token 1: expected `0.5000000`, got `0.5001`, error 1.0e-4 > 1e-6"
        );
        assert_eq!(
            float_why("1000", "1001"),
            "token 1: expected `1000`, got `1001`, error 1.0e-3 > 1e-6",
            "the smaller of the absolute and relative errors"
        );
        assert_eq!(
            float_why("0", "0.1"),
            "token 1: expected `0`, got `0.1`, error 1.0e-1 > 1e-6"
        );
    }

    #[test]
    fn every_odd_token_has_a_defined_answer() {
        // Signed zeros are numbers and equal.
        assert!(accepts("0", "-0"));
        assert!(accepts("-0.0", "0"));
        // Forms strtod reads: a leading dot, a trailing dot, a plus sign, E.
        assert!(accepts("0.5", ".5"));
        assert!(accepts("1", "1."));
        assert!(accepts("1", "+1"));
        assert!(accepts("1000", "1E3"));
        // nan and inf are words: they match only the same text.
        assert!(accepts("nan", "nan"));
        assert!(accepts("inf", "inf"));
        assert!(!accepts("nan", "NaN"));
        assert_eq!(
            float_why("1", "inf"),
            "token 1: expected `1`, got `inf`, the output's `inf` is not a decimal number"
        );
        assert_eq!(
            float_why("inf", "1e400"),
            "token 1: expected `inf`, got `1e400`, the expected `inf` is not a decimal number"
        );
        // Out of a double's range: only the same text.
        assert!(accepts("1e400", "1e400"));
        assert_eq!(
            float_why("1e400", "1.0e400"),
            "token 1: expected `1e400`, got `1.0e400`, the expected `1e400` is out of a double's range"
        );
        // Hexadecimal, decimal commas and words are not numbers.
        assert_eq!(
            float_why("16", "0x10"),
            "token 1: expected `16`, got `0x10`, the output's `0x10` is not a decimal number"
        );
        assert_eq!(
            float_why("1.5", "1,5"),
            "token 1: expected `1.5`, got `1,5`, the output's `1,5` is not a decimal number"
        );
        assert_eq!(
            float_why("YES", "1"),
            "token 1: expected `YES`, got `1`, the expected `YES` is not a decimal number"
        );
        for malformed in [".", "e5", "1e", "1e+", "--1", "1.2.3", "1e5.0", "١"] {
            assert!(decimal(malformed.as_bytes()).is_err(), "{malformed}");
        }
        assert_eq!(decimal(b"1e-400"), Ok(0.0), "underflow is a number");
        assert_eq!(decimal(b"-2.5e1"), Ok(-25.0));
        assert_eq!(
            float_why("1", "1 2"),
            "token 2: expected end of output, got `2`"
        );
    }

    #[test]
    fn modes_parse_and_compare() {
        assert_eq!(Mode::parse("lines", None), Ok(Mode::Lines));
        assert_eq!(
            Mode::parse("float", Some(1e-9)),
            Ok(Mode::Float { error: 1e-9 })
        );
        assert_eq!(Mode::parse("float", None), Ok(Mode::Float { error: 1e-6 }));
        assert!(Mode::parse("tokens", Some(1e-9)).is_err());
        assert!(Mode::parse("float", Some(0.0)).is_err());
        assert!(Mode::parse("float", Some(f64::NAN)).is_err());
        assert!(Mode::parse("exact", None).is_err());
        assert_eq!(
            Mode::Float { error: 1e-6 }.to_string(),
            "float (error 1e-6)"
        );
        assert_eq!(Mode::Tokens.compare(b"1 2\n", b"1\n2\n"), None);
        let (line, _) = Mode::Lines.compare(b"1 2\n", b"1\n2\n").unwrap();
        assert_eq!(line, "line 1: expected \"1 2\", got \"1\"");
        assert_eq!(
            Mode::Tokens.compare(b"1 2\n", b"1 3\n"),
            Some((
                "token 2: expected `2`, got `3`".to_string(),
                "-     1 | 1 2\n+     1 | 1 3\n".to_string()
            ))
        );
        assert_eq!(
            Mode::Float { error: 1e-6 }.compare(b"0.5\n", b"0.6\n"),
            Some((
                "token 1: expected `0.5`, got `0.6`, error 1.0e-1 > 1e-6".to_string(),
                "-     1 | 0.5\n+     1 | 0.6\n".to_string()
            ))
        );
    }

    fn kattis(flags: &str, answer: &str, output: &str) -> Option<String> {
        DefaultValidator::parse(flags)
            .unwrap()
            .compare(answer.as_bytes(), output.as_bytes())
            .map(|mismatch| mismatch.to_string())
    }

    #[test]
    fn the_default_validator_ignores_case_and_space_unless_told() {
        assert_eq!(kattis("", "Hello World!\n", "  hello\n\n\x0bWORLD!"), None);
        assert_eq!(
            kattis("case_sensitive", "Hello\n", "hello\n").as_deref(),
            Some("token 1: expected `Hello`, got `hello`")
        );
        assert_eq!(
            kattis("", "1 2\n", "1\n").as_deref(),
            Some("token 2: expected `2`, got end of output")
        );
        assert_eq!(
            kattis("", "1\n", "1 2\n").as_deref(),
            Some("token 2: expected end of output, got `2`")
        );
        assert_eq!(kattis("", "", "\n \n"), None, "blanks are no output");
        assert_eq!(kattis("space_change_sensitive", "1 2\n", "1 2\n"), None);
        for output in ["1  2\n", "1\n2\n", "1 2", "1 2\n\n", " 1 2\n"] {
            let why = kattis("space_change_sensitive", "1 2\n", output).unwrap();
            assert!(
                why.ends_with("the whitespace differs (space_change_sensitive)"),
                "{output:?}: {why}"
            );
        }
    }

    #[test]
    fn the_default_validator_shows_the_lines_of_a_difference() {
        let context = |flags, answer: &str, output: &str| {
            let mismatch = DefaultValidator::parse(flags)
                .unwrap()
                .compare(answer.as_bytes(), output.as_bytes())
                .unwrap();
            (mismatch.to_string(), mismatch.context)
        };
        for flags in ["", "space_change_sensitive"] {
            assert_eq!(
                context(flags, "1\n2\n3\n", "1\n2\n4\n"),
                (
                    "token 3: expected `3`, got `4`".to_string(),
                    "-     3 | 3\n+     3 | 4\n".to_string()
                ),
                "{flags}"
            );
        }
        // Blank lines are counted, each on its side.
        assert_eq!(
            context("", "1\n\n\n2\n5\n", "1\n2\n\n3\n").1,
            "-     5 | 5\n+     4 | 3\n"
        );
        // A space where the answer has its next token, or its end.
        let changed = ", the whitespace differs (space_change_sensitive)";
        assert_eq!(
            context("space_change_sensitive", "1 2\n", "1  2\n").0,
            format!("token 2: expected `2`, got ` `{changed}")
        );
        assert_eq!(
            context("space_change_sensitive", "1", "1 ").0,
            format!("token 2: expected end of output, got ` `{changed}")
        );
    }

    #[test]
    fn the_default_validator_compares_the_answers_numbers_within_either_tolerance() {
        let both = "float_tolerance 1e-6";
        assert_eq!(kattis(both, "0.5\n", "0.5000009"), None, "absolute");
        assert_eq!(kattis(both, "1000000\n", "1000000.9"), None, "relative");
        assert_eq!(
            kattis(both, "200\n", "2.0e2"),
            None,
            "an integer is a number"
        );
        let why = kattis(both, "0.5\n", "0.6").unwrap();
        assert!(why.starts_with("token 1: expected `0.5`, got `0.6`, absolute error 1.0e-1, relative 2.0e-1, over float_tolerance 1e-6"), "{why}");
        assert_eq!(kattis("float_absolute_tolerance 0.5", "10\n", "10.4"), None);
        assert!(kattis("float_absolute_tolerance 0.5", "10\n", "10.6").is_some());
        assert_eq!(kattis("float_relative_tolerance 0.1", "10\n", "10.9"), None);
        assert!(kattis("float_relative_tolerance 0.1", "10\n", "11.1").is_some());
        // Relative alone, an answer of 0 takes only 0.
        assert!(kattis("float_relative_tolerance 0.01", "0\n", "0.0001").is_some());
        assert_eq!(kattis("float_relative_tolerance 0.01", "0\n", "-0"), None);
        // The output's token must then be a number too.
        let why = kattis(both, "1.5\n", "abc").unwrap();
        assert!(
            why.ends_with("the output's `abc` is not a decimal number"),
            "{why}"
        );
        assert!(kattis(both, "1.5\n", "nan").is_some());
        // Without a tolerance numbers are words.
        assert!(kattis("", "0.5\n", "0.50").is_some());
    }

    #[test]
    fn nan_and_inf_are_words_to_the_default_validator() {
        let both = "float_tolerance 1e-6";
        assert_eq!(kattis(both, "NaN 0.5\n", "nan 0.5000001\n"), None);
        assert_eq!(kattis(both, "inf\n", "INF\n"), None);
        assert!(
            kattis(both, "inf\n", "1e400\n").is_some(),
            "a word, not a number"
        );
        assert!(kattis(&format!("{both} case_sensitive"), "NaN\n", "nan\n").is_some());
        assert!(kattis(both, "0x10\n", "16\n").is_some(), "no hexadecimal");
    }

    #[test]
    fn default_validator_flags_parse_as_problem_yaml_gives_them() {
        let parsed = DefaultValidator::parse("  float_tolerance 1e-4\tcase_sensitive ").unwrap();
        assert_eq!(
            parsed,
            DefaultValidator {
                case_sensitive: true,
                space_change_sensitive: false,
                absolute: Some(1e-4),
                relative: Some(1e-4),
            }
        );
        assert_eq!(parsed.flags(), "case_sensitive float_tolerance 1e-4");
        let last = DefaultValidator::parse("float_tolerance 1 float_relative_tolerance 2").unwrap();
        assert_eq!((last.absolute, last.relative), (Some(1.0), Some(2.0)));
        assert_eq!(
            last.flags(),
            "float_absolute_tolerance 1e0 float_relative_tolerance 2e0"
        );
        for (flags, message) in [
            ("float_tolerance", "float_tolerance needs a number"),
            (
                "float_tolerance x",
                "float_tolerance x: not a non-negative number",
            ),
            ("float_tolerance -1", "not a non-negative number"),
            ("ignore_case", "unknown flag `ignore_case`"),
        ] {
            let error = DefaultValidator::parse(flags).unwrap_err();
            assert!(error.contains(message), "{flags}: {error}");
        }
        assert_eq!(Mode::parse("kattis", None).unwrap().to_string(), "kattis");
        assert_eq!(
            Mode::Kattis(parsed).to_string(),
            "kattis (case_sensitive float_tolerance 1e-4)"
        );
        assert!(Mode::Kattis(parsed).tolerates_floats());
        assert!(!Mode::Kattis(DefaultValidator::default()).tolerates_floats());
    }

    #[test]
    fn token_reports_are_bounded() {
        let long = vec![b'7'; 10 << 20];
        let mismatch = compare_floats(b"1\n", &long, 1e-6).unwrap();
        let report = format!("{mismatch}\n{}", mismatch.context);
        assert!(report.len() < 2000, "{} bytes", report.len());
        assert!(report.contains("more bytes"), "{report}");
    }
}
