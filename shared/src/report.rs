//! Checking a problem's binary against its stored cases, one report line per case.

use std::fmt::Write as _;
use std::fs;
use std::io::{self, Write};
use std::path::Path;
use std::time::Duration;

use crate::problem::Problem;
use crate::suite::discover;
use crate::verdict::judge;

/// Counts of passed and failed cases.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Summary {
    pub passed: usize,
    pub failed: usize,
}

impl Summary {
    pub fn add(&mut self, other: Summary) {
        self.passed += other.passed;
        self.failed += other.failed;
    }

    /// The closing line of a run: `N passed, M failed`.
    pub fn closing_line(&self) -> String {
        format!("{} passed, {} failed", self.passed, self.failed)
    }
}

/// Whether report lines carry ANSI colours (only when writing to a terminal).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Style {
    Plain,
    Color,
}

impl Style {
    fn code(self, code: &str, good: bool) -> String {
        let padded = format!("{code:<4}");
        match (self, good) {
            (Style::Plain, _) => padded,
            (Style::Color, true) => format!("\x1b[1;32m{padded}\x1b[0m"),
            (Style::Color, false) => format!("\x1b[1;31m{padded}\x1b[0m"),
        }
    }
}

/// Indents report details under their verdict line.
pub(crate) fn indented(details: &str) -> String {
    details.lines().fold(String::new(), |mut text, line| {
        let _ = writeln!(text, "     {line}");
        text
    })
}

fn millis(duration: Duration) -> u128 {
    duration.as_millis()
}

/// Runs `binary` on every stored case of `problem` under the problem's time limit,
/// writing one line per case (verdict, name, time) and the details of each failure.
///
/// A missing folder, a folder with no cases, a case missing its `.in` or `.out`
/// and a binary that cannot be started are failures, never passes.
///
/// # Errors
/// Only when writing to `out` fails.
pub fn check_problem(
    problem: &Problem,
    binary: &Path,
    out: &mut dyn Write,
    style: Style,
) -> io::Result<Summary> {
    let mut summary = Summary::default();
    let error = |out: &mut dyn Write, summary: &mut Summary, message: String| {
        summary.failed += 1;
        writeln!(out, "{} {message}", style.code("ERR", false))
    };
    let suite = match discover(&problem.io_tests_dir) {
        Ok(suite) => suite,
        Err(cause) => {
            writeln!(out, "{}", problem.name)?;
            error(out, &mut summary, format!("cannot read the cases: {cause}"))?;
            return Ok(summary);
        }
    };
    let count = suite.cases.len();
    writeln!(
        out,
        "{} ({count} case{}, time limit {} ms)",
        problem.name,
        if count == 1 { "" } else { "s" },
        millis(problem.time_limit)
    )?;
    if suite.cases.is_empty() && suite.orphans.is_empty() {
        error(
            out,
            &mut summary,
            format!("no cases in {}", problem.io_tests_dir.display()),
        )?;
    }
    for orphan in &suite.orphans {
        error(out, &mut summary, format!("{}: {orphan}", orphan.name()))?;
    }
    let name_width = suite
        .cases
        .iter()
        .map(|case| case.name.len())
        .max()
        .unwrap_or(0);
    for case in &suite.cases {
        let files = fs::read(&case.input).and_then(|input| Ok((input, fs::read(&case.output)?)));
        let result = files
            .and_then(|(input, expected)| judge(binary, &input, &expected, problem.time_limit));
        match result {
            Ok((verdict, elapsed)) => {
                writeln!(
                    out,
                    "{} {:<name_width$} {:>6} ms",
                    style.code(verdict.code(), verdict.is_accepted()),
                    case.name,
                    millis(elapsed)
                )?;
                write!(out, "{}", indented(&verdict.to_string()))?;
                if verdict.is_accepted() {
                    summary.passed += 1;
                } else {
                    summary.failed += 1;
                }
            }
            Err(cause) => error(out, &mut summary, format!("{}: {cause}", case.name))?,
        }
    }
    Ok(summary)
}

/// For a problem crate's `cargo test`: checks the built binary against the
/// problem's stored cases and panics with the report unless every case passes.
///
/// # Panics
/// When the problem cannot be loaded or any case does not pass.
///
/// # Example
/// ```no_run
/// judge::report::assert_io_tests_pass(env!("CARGO_MANIFEST_DIR"), "target/release/connect3");
/// ```
pub fn assert_io_tests_pass(manifest_dir: &str, binary: &str) {
    let problem = Problem::from_manifest_dir(Path::new(manifest_dir))
        .unwrap_or_else(|error| panic!("cannot load the problem: {error}"));
    let mut report = Vec::new();
    let summary = check_problem(&problem, Path::new(binary), &mut report, Style::Plain)
        .expect("writing to memory cannot fail");
    let report = String::from_utf8_lossy(&report);
    print!("{report}");
    assert!(summary.failed == 0, "{report}{}", summary.closing_line());
}
