//! Output comparison as online judges do it.
//!
//! CRLF and LF are the same, whitespace at the end of a line and blank lines at the
//! end of the output are ignored, everything else must match byte for byte.

use std::fmt;

/// Where two outputs first differ.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Mismatch {
    /// 1-based number of the first line that differs.
    pub line: usize,
    /// That line in the expected output, `None` past its end.
    pub expected: Option<String>,
    /// That line in the program's output, `None` past its end.
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
        Some(text) => format!("{text:?}"),
        None => "end of output".to_string(),
    }
}

/// Lines of context shown before the first difference.
const CONTEXT_BEFORE: usize = 2;
/// Lines of each side shown from the first difference on.
const SHOWN_AFTER: usize = 3;

/// Splits an output into judge lines: CR before LF and trailing whitespace dropped,
/// trailing blank lines removed.
pub fn judge_lines(output: &[u8]) -> Vec<&[u8]> {
    let mut lines: Vec<&[u8]> = output
        .split(|&byte| byte == b'\n')
        .map(|line| line.trim_ascii_end())
        .collect();
    while lines.last().is_some_and(|line| line.is_empty()) {
        lines.pop();
    }
    lines
}

/// Compares a program's output with the expected one.
///
/// Returns `None` when a judge would accept `got`.
///
/// # Example
/// ```
/// use judge::compare::compare;
/// assert!(compare(b"516\n", b"516  \r\n\r\n").is_none());
/// let mismatch = compare(b"1\n2\n", b"1\n3\n").unwrap();
/// assert_eq!(mismatch.line, 2);
/// ```
///
/// # Complexity
/// Linear in the sizes of both outputs.
pub fn compare(expected: &[u8], got: &[u8]) -> Option<Mismatch> {
    let expected_lines = judge_lines(expected);
    let got_lines = judge_lines(got);
    let first_difference = (0..expected_lines.len().max(got_lines.len()))
        .find(|&i| expected_lines.get(i) != got_lines.get(i))?;
    let text = |lines: &[&[u8]], i: usize| {
        lines
            .get(i)
            .map(|line| String::from_utf8_lossy(line).into_owned())
    };
    Some(Mismatch {
        line: first_difference + 1,
        expected: text(&expected_lines, first_difference),
        got: text(&got_lines, first_difference),
        diff: short_diff(&expected_lines, &got_lines, first_difference),
    })
}

/// A unified-diff-like excerpt: common lines before the difference, then the next
/// few lines of each side marked `-` (expected) and `+` (got).
fn short_diff(expected: &[&[u8]], got: &[&[u8]], first_difference: usize) -> String {
    let row = |marker: char, number: usize, line: &[u8]| {
        format!("{marker} {number:>5} | {}\n", String::from_utf8_lossy(line))
    };
    let mut diff = String::new();
    for (i, line) in expected
        .iter()
        .enumerate()
        .take(first_difference)
        .skip(first_difference.saturating_sub(CONTEXT_BEFORE))
    {
        diff += &row(' ', i + 1, line);
    }
    for (marker, lines, end_note) in [
        ('-', expected, "(end of expected output)"),
        ('+', got, "(end of output)"),
    ] {
        for (i, line) in lines
            .iter()
            .enumerate()
            .skip(first_difference)
            .take(SHOWN_AFTER)
        {
            diff += &row(marker, i + 1, line);
        }
        if first_difference >= lines.len() {
            diff += &format!("{marker}       | {end_note}\n");
        }
    }
    diff
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn crlf_trailing_spaces_and_blank_lines_are_ignored() {
        assert_eq!(compare(b"a b\nc\n", b"a b \r\nc\t\r\n\n\n"), None);
        assert_eq!(compare(b"a b\nc", b"a b\nc\n"), None);
        assert_eq!(compare(b"", b"\n\n"), None);
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
}
