//! Showing a program's bytes in a report safely: non-printable characters and
//! invalid UTF-8 escaped, and everything cut to a bounded length with a note.

use std::fmt::Write as _;

/// Bytes of one line (of output, input or stderr) shown in a report.
pub const LINE_BYTES: usize = 200;

/// `bytes` as printable text: `\\`, `\t`, `\r`, `\n`, `\0`, `\e`, `\u{..}` for
/// other control characters, `\xNN` for bytes that are not UTF-8, and `"` as
/// `\"` when `quoted` (the text then goes between quotes). At most `limit`
/// bytes of `bytes` are shown; a note says how many more there were.
///
/// # Example
/// ```
/// use judge_text::show::escape;
/// assert_eq!(escape(b"a\tb\xff\x1b", 100, false), "a\\tb\\xff\\e");
/// assert_eq!(escape(b"0123456789", 4, false), "0123... (6 more bytes)");
/// ```
pub fn escape(bytes: &[u8], limit: usize, quoted: bool) -> String {
    let shown = &bytes[..bytes.len().min(limit)];
    let mut text = String::with_capacity(shown.len());
    for chunk in shown.utf8_chunks() {
        for c in chunk.valid().chars() {
            match c {
                '\\' => text.push_str("\\\\"),
                '"' if quoted => text.push_str("\\\""),
                '\t' => text.push_str("\\t"),
                '\r' => text.push_str("\\r"),
                '\n' => text.push_str("\\n"),
                '\0' => text.push_str("\\0"),
                '\x1b' => text.push_str("\\e"),
                c if c.is_control() => {
                    let _ = write!(text, "\\u{{{:x}}}", c as u32);
                }
                c => text.push(c),
            }
        }
        for byte in chunk.invalid() {
            let _ = write!(text, "\\x{byte:02x}");
        }
    }
    if bytes.len() > shown.len() {
        let _ = write!(text, "... ({} more bytes)", bytes.len() - shown.len());
    }
    text
}

/// `bytes` between quotes, escaped and cut at [`LINE_BYTES`].
pub fn quoted(bytes: &[u8]) -> String {
    format!("\"{}\"", escape(bytes, LINE_BYTES, true))
}

/// One line for a report, escaped and cut at [`LINE_BYTES`].
pub fn line(bytes: &[u8]) -> String {
    escape(bytes, LINE_BYTES, false)
}

/// At most `max_lines` lines of `bytes`, each escaped and cut at [`LINE_BYTES`],
/// from the start (`tail` false) or the end; a note says what was left out.
///
/// # Example
/// ```
/// let text = judge_text::show::lines(b"1\n2\n3\n", 2, false);
/// assert_eq!(text, "1\n2\n... (1 more line, 6 bytes in all)\n");
/// ```
pub fn lines(bytes: &[u8], max_lines: usize, tail: bool) -> String {
    let body = bytes.strip_suffix(b"\n").unwrap_or(bytes);
    if body.is_empty() {
        return String::new();
    }
    let count = body.split(|&byte| byte == b'\n').count();
    let skip = if tail {
        count.saturating_sub(max_lines)
    } else {
        0
    };
    let mut text = String::new();
    let left_out = count - count.min(max_lines);
    let note = format!(
        "... ({left_out} more line{}, {} bytes in all)\n",
        if left_out == 1 { "" } else { "s" },
        bytes.len()
    );
    if tail && left_out > 0 {
        text += &note.replace("more", "earlier");
    }
    for row in body.split(|&byte| byte == b'\n').skip(skip).take(max_lines) {
        let row = row.strip_suffix(b"\r").unwrap_or(row);
        text += &line(row);
        text.push('\n');
    }
    if !tail && left_out > 0 {
        text += &note;
    }
    text
}

/// A path or file name, escaped like program output: names that are not UTF-8
/// or hold control characters are shown unambiguously.
pub fn show_path(path: impl AsRef<std::ffi::OsStr>) -> String {
    escape(path.as_ref().as_encoded_bytes(), 4096, false)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn control_characters_and_bad_utf8_are_escaped() {
        assert_eq!(escape(b"\0\r\x07\\", 10, false), "\\0\\r\\u{7}\\\\");
        assert_eq!(quoted(b"say \"hi\""), "\"say \\\"hi\\\"\"");
        assert_eq!(line("é\u{85}".as_bytes()), "é\\u{85}");
        assert_eq!(line(b"\xe9t\xe9"), "\\xe9t\\xe9");
    }

    #[test]
    fn quotes_are_escaped_only_between_quotes() {
        assert_eq!(line(b"say \"hi\""), "say \"hi\"");
        assert_eq!(escape(b"abc", 3, false), "abc");
    }

    #[test]
    fn lines_are_cut_with_a_note_only_when_some_are_left_out() {
        assert_eq!(lines(b"", 3, false), "");
        assert_eq!(lines(b"\n", 3, true), "");
        assert_eq!(lines(b"a\r\nb", 5, false), "a\nb\n");
        assert_eq!(lines(b"1\n2\n", 2, false), "1\n2\n");
        assert_eq!(lines(b"1\n2\n3\n", 3, true), "1\n2\n3\n");
        assert_eq!(
            lines(b"1\n2\n3\n", 2, true),
            "... (1 earlier line, 6 bytes in all)\n2\n3\n"
        );
        assert_eq!(
            lines(b"1\n2\n3\n4", 1, false),
            "1\n... (3 more lines, 7 bytes in all)\n"
        );
    }

    #[test]
    fn long_text_is_cut_with_a_note() {
        let long = vec![b'x'; 50_000_000];
        let shown = line(&long);
        assert!(shown.len() < LINE_BYTES + 40, "{}", shown.len());
        assert!(shown.ends_with("(49999800 more bytes)"), "{shown}");
        let many: Vec<u8> = (0..100)
            .flat_map(|i| format!("{i}\n").into_bytes())
            .collect();
        let tail = lines(&many, 3, true);
        assert_eq!(
            tail,
            "... (97 earlier lines, 290 bytes in all)\n97\n98\n99\n"
        );
    }
}
