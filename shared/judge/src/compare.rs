//! Output comparison as online judges do it.
//!
//! CRLF and LF are the same, whitespace at the end of a line and blank lines at the
//! end of the output are ignored, everything else must match byte for byte.

use std::fmt;

use crate::show;

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
/// use judge::compare::compare;
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
}
