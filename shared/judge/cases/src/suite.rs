//! Finding the stored cases of a problem: `<name>.in` beside `<name>.out`, the
//! layout online-judge-tools (`oj t -d DIR`) uses too.

use std::collections::BTreeMap;
use std::fmt;
use std::fs;
use std::io;
use std::path::{Path, PathBuf};

use crate::show::{self, show_path};

/// Whether `text` matches `pattern`, where `*` stands for any characters
/// and `?` for one, as in a shell's `case`.
pub fn glob(pattern: &str, text: &str) -> bool {
    fn chars(pattern: &[char], text: &[char]) -> bool {
        match (pattern.first(), text.first()) {
            (None, None) => true,
            (Some('*'), _) => {
                chars(&pattern[1..], text) || (!text.is_empty() && chars(pattern, &text[1..]))
            }
            (Some('?'), Some(_)) => chars(&pattern[1..], &text[1..]),
            (Some(p), Some(t)) if p == t => chars(&pattern[1..], &text[1..]),
            _ => false,
        }
    }
    let pattern: Vec<char> = pattern.chars().collect();
    let text: Vec<char> = text.chars().collect();
    chars(&pattern, &text)
}

/// Cases chosen by name (`--case PATTERN`, repeatable; a filter of `cargo
/// test -p NAME -- PATTERN`): a case is chosen when some pattern is its name,
/// a glob matching it (`*` any characters, `?` one: `stress-*`), or a group
/// it is under (`secret-group1` chooses `secret-group1-01`, ...).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CaseChoice {
    pub patterns: Vec<String>,
}

impl CaseChoice {
    /// Whether `pattern` chooses the case `name`.
    pub fn matches(pattern: &str, name: &str) -> bool {
        glob(pattern, name)
            || name
                .strip_prefix(pattern)
                .is_some_and(|rest| rest.starts_with('-'))
    }

    /// Whether it chooses the case `name`.
    pub fn chooses(&self, name: &str) -> bool {
        self.patterns
            .iter()
            .any(|pattern| CaseChoice::matches(pattern, name))
    }

    /// The cases of `suite` it chooses, in order.
    ///
    /// # Errors
    /// A pattern that chooses none of them: the message names the pattern
    /// and the cases there are.
    pub fn chosen<'a>(&self, suite: &'a TestSuite) -> Result<Vec<&'a TestCase>, String> {
        if let Some(pattern) = self.patterns.iter().find(|pattern| {
            !suite
                .cases
                .iter()
                .any(|case| CaseChoice::matches(pattern, &case.name))
        }) {
            let names: Vec<&str> = suite.cases.iter().map(|case| case.name.as_str()).collect();
            return Err(format!(
                "--case {pattern} chooses none of its cases, which are: {}",
                if names.is_empty() {
                    "none".to_string()
                } else {
                    names.join(", ")
                }
            ));
        }
        Ok(suite
            .cases
            .iter()
            .filter(|case| self.chooses(&case.name))
            .collect())
    }
}

/// One stored case.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TestCase {
    /// The file name before `.in`, escaped for showing (see [`show_path`]).
    pub name: String,
    pub input: PathBuf,
    pub output: PathBuf,
}

/// A file that has no partner: it can never pass.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Orphan {
    /// `<name>.in` with no `<name>.out`.
    InputWithoutOutput(PathBuf),
    /// `<name>.out` with no `<name>.in`.
    OutputWithoutInput(PathBuf),
}

impl Orphan {
    pub fn name(&self) -> String {
        let path = match self {
            Orphan::InputWithoutOutput(path) | Orphan::OutputWithoutInput(path) => path,
        };
        path.file_stem().map(show_path).unwrap_or_default()
    }
}

impl fmt::Display for Orphan {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Orphan::InputWithoutOutput(path) => {
                write!(f, "{} has no matching .out file", show_path(path))
            }
            Orphan::OutputWithoutInput(path) => {
                write!(f, "{} has no matching .in file", show_path(path))
            }
        }
    }
}

/// A file that looks like a case but is not read as one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Skipped {
    pub path: PathBuf,
    pub reason: &'static str,
}

impl fmt::Display for Skipped {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} skipped: {}", show_path(&self.path), self.reason)
    }
}

/// The cases found in a folder, sorted by the bytes of their names, the files
/// that have no partner, and the files skipped.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TestSuite {
    pub cases: Vec<TestCase>,
    pub orphans: Vec<Orphan>,
    pub skipped: Vec<Skipped>,
}

/// Reads `dir` for `.in`/`.out` pairs, matching names byte for byte. Files
/// named just `.in` or `.out`, or with those extensions in another case
/// (`.IN`), are listed as skipped; other files are ignored.
///
/// # Errors
/// When `dir` cannot be read (for example, it does not exist).
///
/// # Example
/// ```
/// use std::fs;
/// let dir = judge_runner::scratch::tempdir().unwrap();
/// for file in ["sample-1.in", "sample-1.out", "lonely.in", "notes.txt", "two.IN"] {
///     fs::write(dir.path().join(file), "1\n").unwrap();
/// }
/// let suite = judge_cases::suite::discover(dir.path()).unwrap();
/// assert_eq!(suite.cases.len(), 1);
/// assert_eq!(suite.cases[0].name, "sample-1");
/// assert_eq!(suite.orphans.len(), 1, "lonely.in has no .out");
/// assert_eq!(suite.skipped.len(), 1, "two.IN is not a case");
/// ```
pub fn discover(dir: &Path) -> io::Result<TestSuite> {
    let mut suite = TestSuite::default();
    let mut inputs: BTreeMap<Vec<u8>, PathBuf> = BTreeMap::new();
    let mut outputs: BTreeMap<Vec<u8>, PathBuf> = BTreeMap::new();
    let entries = fs::read_dir(dir)
        .map_err(|error| io::Error::new(error.kind(), format!("{}: {error}", show_path(dir))))?;
    for entry in entries {
        let path = entry?.path();
        let file_name = path.file_name().unwrap_or_default().as_encoded_bytes();
        let Some(dot) = file_name.iter().rposition(|&byte| byte == b'.') else {
            continue;
        };
        let (stem, extension) = (file_name[..dot].to_vec(), &file_name[dot + 1..]);
        let skip = |reason| Skipped {
            path: path.clone(),
            reason,
        };
        match extension {
            b"in" | b"out" if stem.is_empty() => suite
                .skipped
                .push(skip("a case needs a name before its extension")),
            b"in" => drop(inputs.insert(stem, path)),
            b"out" => drop(outputs.insert(stem, path)),
            _ if extension.eq_ignore_ascii_case(b"in")
                || extension.eq_ignore_ascii_case(b"out") =>
            {
                suite
                    .skipped
                    .push(skip("cases end in lowercase .in and .out"))
            }
            _ => {}
        }
    }
    for (name, input) in inputs {
        match outputs.remove(&name) {
            Some(output) => suite.cases.push(TestCase {
                name: show::escape(&name, 4096, false),
                input,
                output,
            }),
            None => suite.orphans.push(Orphan::InputWithoutOutput(input)),
        }
    }
    suite
        .orphans
        .extend(outputs.into_values().map(Orphan::OutputWithoutInput));
    Ok(suite)
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_case_is_chosen_by_its_name_a_glob_or_its_group() {
        let matches = CaseChoice::matches;
        assert!(matches("sample-2", "sample-2"));
        assert!(!matches("sample-2", "sample-20"));
        assert!(matches("stress-*", "stress-17"));
        assert!(matches("s?mple-*", "sample-1"));
        assert!(matches("secret-group1", "secret-group1-03"));
        assert!(!matches("secret-group1", "secret-group10-03"));
        assert!(!matches("sample", "samples-1"));
        let suite = TestSuite {
            cases: ["sample-1", "sample-2", "stress-5"]
                .map(|name| TestCase {
                    name: name.to_string(),
                    input: PathBuf::from(format!("{name}.in")),
                    output: PathBuf::from(format!("{name}.out")),
                })
                .to_vec(),
            ..TestSuite::default()
        };
        let choice = |patterns: &[&str]| CaseChoice {
            patterns: patterns.iter().map(|pattern| pattern.to_string()).collect(),
        };
        let names = |chosen: Vec<&TestCase>| -> Vec<String> {
            chosen.iter().map(|case| case.name.clone()).collect()
        };
        assert_eq!(
            names(choice(&["stress-*", "sample-2"]).chosen(&suite).unwrap()),
            ["sample-2", "stress-5"]
        );
        assert_eq!(
            choice(&["sample-2", "huge"]).chosen(&suite).unwrap_err(),
            "--case huge chooses none of its cases, which are: sample-1, sample-2, stress-5"
        );
    }

    use super::*;

    #[test]
    fn an_orphan_is_named_by_its_case_and_shown_by_its_path() {
        let lonely = Orphan::InputWithoutOutput(PathBuf::from("io-tests/p/lonely.in"));
        assert_eq!(lonely.name(), "lonely");
        assert_eq!(
            lonely.to_string(),
            "io-tests/p/lonely.in has no matching .out file"
        );
    }

    /// A file name that is not UTF-8 can only be made on Unix.
    #[cfg(unix)]
    #[test]
    fn an_orphan_whose_name_is_not_text_is_shown_escaped() {
        use std::os::unix::ffi::OsStrExt;
        let name = std::ffi::OsStr::from_bytes(b"p/a\xff\n.out");
        let odd = Orphan::OutputWithoutInput(PathBuf::from(name));
        assert_eq!(odd.name(), "a\\xff\\n");
        assert_eq!(odd.to_string(), "p/a\\xff\\n.out has no matching .in file");
    }
}
