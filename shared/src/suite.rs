//! Finding the stored cases of a problem: `<name>.in` beside `<name>.out`, the
//! layout online-judge-tools (`oj t -d DIR`) uses too.

use std::collections::BTreeMap;
use std::fmt;
use std::fs;
use std::io;
use std::path::{Path, PathBuf};

/// One stored case.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TestCase {
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
        path.file_stem()
            .map(|stem| stem.to_string_lossy().into_owned())
            .unwrap_or_default()
    }
}

impl fmt::Display for Orphan {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Orphan::InputWithoutOutput(path) => {
                write!(f, "{} has no matching .out file", path.display())
            }
            Orphan::OutputWithoutInput(path) => {
                write!(f, "{} has no matching .in file", path.display())
            }
        }
    }
}

/// The cases found in a folder, sorted by name, and the files that have no partner.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TestSuite {
    pub cases: Vec<TestCase>,
    pub orphans: Vec<Orphan>,
}

/// Reads `dir` for `.in`/`.out` pairs. Other files are ignored.
///
/// # Errors
/// When `dir` cannot be read (for example, it does not exist).
///
/// # Example
/// ```
/// use std::fs;
/// let dir = tempfile::tempdir().unwrap();
/// for file in ["sample-1.in", "sample-1.out", "lonely.in", "notes.txt"] {
///     fs::write(dir.path().join(file), "1\n").unwrap();
/// }
/// let suite = judge::suite::discover(dir.path()).unwrap();
/// assert_eq!(suite.cases.len(), 1);
/// assert_eq!(suite.cases[0].name, "sample-1");
/// assert_eq!(suite.orphans.len(), 1, "lonely.in has no .out");
/// ```
pub fn discover(dir: &Path) -> io::Result<TestSuite> {
    let mut inputs = BTreeMap::new();
    let mut outputs = BTreeMap::new();
    let entries = fs::read_dir(dir)
        .map_err(|error| io::Error::new(error.kind(), format!("{}: {error}", dir.display())))?;
    for entry in entries {
        let path = entry?.path();
        let (Some(stem), Some(extension)) = (path.file_stem(), path.extension()) else {
            continue;
        };
        let stem = stem.to_string_lossy().into_owned();
        match extension.to_str() {
            Some("in") => inputs.insert(stem, path),
            Some("out") => outputs.insert(stem, path),
            _ => None,
        };
    }
    let mut suite = TestSuite::default();
    for (name, input) in inputs {
        match outputs.remove(&name) {
            Some(output) => suite.cases.push(TestCase {
                name,
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
