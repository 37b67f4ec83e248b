//! The whole of a new problem's `tests/io_tests.rs`: its stored cases judged
//! by a test target without libtest (`harness = false` in its manifest).
//! Linking libtest into a test binary took 0.04 s of the 0.15 s it costs to
//! build one, which every problem of a workspace of hundreds paid in a cold
//! `cargo test`; this speaks as much of libtest's command line and report as
//! `cargo test` and its users need.

use std::ffi::OsString;
use std::path::Path;
use std::process::ExitCode;
use std::time::Instant;

use lexopt::prelude::*;

use crate::cases::problem::Problem;
use crate::cases::suite::{discover, CaseChoice};
use crate::commands::check::{check_workspace_cases, Style};

/// The name of the one test, as libtest would list it.
const TEST: &str = "stored_cases_pass";

/// What the command line asks of the test: libtest's arguments that matter
/// to one test, the others (`--test-threads 8`, `--format pretty`, `-q`, ...)
/// read and ignored.
#[derive(Debug, Default, PartialEq, Eq)]
struct Asked {
    /// `--list`: name the test instead of running it.
    list: bool,
    /// Run it: no filter, or one that it matches, not skipped, and not
    /// `--ignored` alone (it is not an ignored test).
    selected: bool,
    /// `--nocapture` or `--show-output`: the report on success too.
    show_output: bool,
    /// Filters that do not name the test, each then a case's name, glob or
    /// group (`cargo test -p NAME -- sample-2`), when the test is not
    /// skipped and not asked for by `--exact`.
    case_filters: Vec<String>,
}

fn asked(args: impl IntoIterator<Item = OsString>) -> Result<Asked, lexopt::Error> {
    let mut parser = lexopt::Parser::from_args(args);
    let (mut filters, mut skips) = (Vec::new(), Vec::new());
    let (mut exact, mut only_ignored, mut asked) = (false, false, Asked::default());
    while let Some(arg) = parser.next()? {
        match arg {
            Long("list") => asked.list = true,
            Long("exact") => exact = true,
            Long("ignored") => only_ignored = true,
            Long("nocapture" | "show-output") => asked.show_output = true,
            Long("skip") => skips.push(parser.value()?.string()?),
            // libtest's options that take a value.
            Long("test-threads" | "format" | "color" | "logfile" | "shuffle-seed") | Short('Z') => {
                parser.value()?;
            }
            Value(filter) => filters.push(filter.string()?),
            _ => {}
        }
    }
    let matches = |pattern: &String| {
        if exact {
            pattern == TEST
        } else {
            TEST.contains(pattern.as_str())
        }
    };
    let allowed = !skips.iter().any(|skip| TEST.contains(skip.as_str())) && !only_ignored;
    asked.selected = (filters.is_empty() || filters.iter().any(matches)) && allowed;
    if allowed && !asked.selected && !exact {
        asked.case_filters = filters;
    }
    Ok(asked)
}

/// `tests/io_tests.rs`'s `main`: judges `binary` on the stored cases of the
/// problem at `manifest_dir` as `judge check` does (each input validated first
/// when the crate has a validator, an interactive problem's cases judged by
/// its interactor), and reports as libtest does: exit 0 when every case
/// passed, 101 with the report when one did not or the problem cannot be
/// judged.
pub fn io_tests_main(manifest_dir: &str, binary: &str) -> ExitCode {
    let asked = match asked(std::env::args_os().skip(1)) {
        Ok(asked) => asked,
        Err(error) => {
            eprintln!("error: {error}");
            return ExitCode::from(101);
        }
    };
    if asked.list {
        println!("{TEST}: test");
        return ExitCode::SUCCESS;
    }
    // Filters that choose cases: those cases alone.
    let choice = chosen_cases(Path::new(manifest_dir), &asked.case_filters);
    if !asked.selected && choice.is_none() {
        println!("\nrunning 0 tests\n\ntest result: ok. 0 passed; 0 failed; 0 ignored; 0 measured; 1 filtered out; finished in 0.00s\n");
        return ExitCode::SUCCESS;
    }
    println!("\nrunning 1 test");
    let started = Instant::now();
    let (report, passed) = judged(Path::new(manifest_dir), Path::new(binary), choice.as_ref());
    let seconds = started.elapsed().as_secs_f64();
    if passed {
        println!("test {TEST} ... ok");
        if asked.show_output {
            print!("\nsuccesses:\n\n---- {TEST} stdout ----\n{report}\n\nsuccesses:\n    {TEST}\n");
        }
        println!("\ntest result: ok. 1 passed; 0 failed; 0 ignored; 0 measured; 0 filtered out; finished in {seconds:.2}s\n");
        ExitCode::SUCCESS
    } else {
        println!("test {TEST} ... FAILED\n\nfailures:\n\n---- {TEST} stdout ----\n{report}\n\nfailures:\n    {TEST}\n");
        println!("test result: FAILED. 0 passed; 1 failed; 0 ignored; 0 measured; 0 filtered out; finished in {seconds:.2}s\n");
        ExitCode::from(101)
    }
}

/// The cases of the problem at `manifest_dir` that `filters` choose (each a
/// case's name, glob or group; a filter that chooses none is another test
/// binary's), or `None` when they choose none.
fn chosen_cases(manifest_dir: &Path, filters: &[String]) -> Option<CaseChoice> {
    if filters.is_empty() {
        return None;
    }
    let problem = Problem::from_manifest_dir(manifest_dir).ok()?;
    let suite = discover(&problem.io_tests_dir).ok()?;
    let patterns: Vec<String> = filters
        .iter()
        .filter(|filter| {
            suite
                .cases
                .iter()
                .any(|case| CaseChoice::matches(filter, &case.name))
        })
        .cloned()
        .collect();
    (!patterns.is_empty()).then_some(CaseChoice { patterns })
}

/// The report of judging `binary` on the problem's cases (those `chosen`,
/// else all), and whether every case judged passed.
fn judged(manifest_dir: &Path, binary: &Path, chosen: Option<&CaseChoice>) -> (String, bool) {
    let problem = match Problem::from_manifest_dir(manifest_dir) {
        Ok(problem) => problem,
        Err(error) => return (format!("cannot load the problem: {error}"), false),
    };
    let mut report = Vec::new();
    match check_workspace_cases(&problem, binary, chosen, &mut report, Style::Plain) {
        Ok(summary) => {
            let mut text = String::from_utf8_lossy(&report).into_owned();
            if summary.failed > 0 {
                text.push_str(&summary.closing_line());
            }
            (text.trim_end().to_string(), summary.failed == 0)
        }
        Err(error) => (format!("cannot check the problem: {error}"), false),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn of(args: &[&str]) -> Asked {
        asked(args.iter().map(OsString::from)).unwrap()
    }

    fn runs(args: &[&str]) -> bool {
        of(args).selected
    }

    #[test]
    fn no_filter_runs_it() {
        assert!(runs(&[]));
        assert!(runs(&["--test-threads", "8", "--format", "pretty", "-q"]));
        assert!(runs(&["--color=always", "-Z", "unstable-options"]));
    }

    #[test]
    fn a_filter_runs_it_when_it_matches() {
        assert!(runs(&["stored"]));
        assert!(
            runs(&["brute_force", "cases_pass"]),
            "any filter of several"
        );
        assert!(!runs(&["brute_force"]));
        assert!(runs(&["--exact", TEST]));
        assert!(!runs(&["--exact", "stored"]));
        // A value of an option is no filter.
        assert!(runs(&["--format", "terse"]));
    }

    #[test]
    fn a_filter_that_names_no_test_may_name_cases() {
        assert_eq!(
            of(&["sample-2", "stress-*"]).case_filters,
            ["sample-2", "stress-*"]
        );
        assert!(of(&["stored"]).case_filters.is_empty(), "the test itself");
        assert!(of(&["--exact", "sample-2"]).case_filters.is_empty());
        assert!(of(&["--skip", "stored", "sample-2"])
            .case_filters
            .is_empty());
        assert!(of(&["--ignored", "sample-2"]).case_filters.is_empty());
    }

    #[test]
    fn skipped_or_only_ignored_it_does_not_run() {
        assert!(!runs(&["--skip", "stored"]));
        assert!(runs(&["--skip", "brute_force"]));
        assert!(!runs(&["--ignored"]));
        assert!(runs(&["--include-ignored"]));
    }

    #[test]
    fn list_and_show_output_are_read() {
        assert!(of(&["--list", "--format", "terse"]).list);
        assert!(of(&["--nocapture"]).show_output);
        assert!(of(&["--show-output"]).show_output);
        assert!(!of(&[]).show_output);
    }

    #[test]
    fn a_malformed_command_line_is_an_error() {
        let error = asked(["--skip"].map(OsString::from)).unwrap_err();
        assert!(error.to_string().contains("--skip"), "{error}");
    }
}
