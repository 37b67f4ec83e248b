//! The whole of a problem's `tests/io_tests.rs`: its stored cases judged by a
//! test target without libtest (`harness = false` in its manifest), each case
//! a test. Linking libtest into a test binary took 0.04 s of the 0.15 s it
//! costs to build one, which every problem of a workspace of hundreds paid in
//! a cold `cargo test`; this speaks as much of libtest's command line and
//! report as `cargo test`, `cargo nextest run` and their users need.

use std::ffi::OsString;
use std::path::Path;
use std::process::ExitCode;
use std::time::Instant;

use lexopt::prelude::*;

use crate::cases::problem::Problem;
use crate::cases::suite::{discover, CaseChoice};
use crate::{check_workspace_cases_noting, Noted, Style};

/// What the command line asks: libtest's arguments that choose tests, the
/// others (`--test-threads 8`, `--format pretty`, `-q`, ...) read and ignored.
/// Each case is a test, named as the case (`sample-2`).
#[derive(Debug, Default, PartialEq, Eq)]
struct Asked {
    /// `--list`: name the tests instead of running them.
    list: bool,
    /// Filters: a case is chosen by one that its name contains (libtest's
    /// rule), or that chooses it as `judge check --case` does (a glob, or a
    /// group the case is under); with `--exact`, by its whole name alone.
    filters: Vec<String>,
    exact: bool,
    /// `--skip`: cases whose names contain one are left out.
    skips: Vec<String>,
    /// `--ignored` alone: no case is an ignored test, so none runs.
    only_ignored: bool,
    /// `--nocapture` or `--show-output`: the report on success too.
    show_output: bool,
}

impl Asked {
    /// Whether the test `name` is chosen.
    fn chooses(&self, name: &str) -> bool {
        let filtered = self.filters.is_empty()
            || self.filters.iter().any(|filter| {
                if self.exact {
                    filter == name
                } else {
                    name.contains(filter.as_str()) || CaseChoice::matches(filter, name)
                }
            });
        let skipped = self.skips.iter().any(|skip| name.contains(skip.as_str()));
        filtered && !skipped && !self.only_ignored
    }
}

fn asked(args: impl IntoIterator<Item = OsString>) -> Result<Asked, lexopt::Error> {
    let mut parser = lexopt::Parser::from_args(args);
    let mut asked = Asked::default();
    while let Some(arg) = parser.next()? {
        match arg {
            Long("list") => asked.list = true,
            Long("exact") => asked.exact = true,
            Long("ignored") => asked.only_ignored = true,
            Long("nocapture" | "show-output") => asked.show_output = true,
            Long("skip") => asked.skips.push(parser.value()?.string()?),
            // libtest's options that take a value.
            Long("test-threads" | "format" | "color" | "logfile" | "shuffle-seed") | Short('Z') => {
                parser.value()?;
            }
            Value(filter) => asked.filters.push(filter.string()?),
            _ => {}
        }
    }
    Ok(asked)
}

/// The name of the one test that stands for the problem's cases when they
/// cannot be read: running it reports why.
const UNREADABLE: &str = "stored_cases";

/// The problem's tests: the name of each case in the order they are judged,
/// then of each `.in` or `.out` without its partner (which fails).
fn case_names(manifest_dir: &Path) -> Result<(Vec<String>, Vec<String>), String> {
    let problem = Problem::from_manifest_dir(manifest_dir).map_err(|error| error.to_string())?;
    problem.generated_case_names()?;
    let suite = discover(&problem.io_tests_dir)
        .map_err(|cause| format!("cannot read the cases: {cause}"))?;
    let cases = suite.cases.iter().map(|case| case.name.clone()).collect();
    let orphans = suite.orphans.iter().map(|orphan| orphan.name()).collect();
    Ok((cases, orphans))
}

/// `tests/io_tests.rs`'s `main`: judges `binary` on the stored cases of the
/// problem at `manifest_dir` as `judge check` does (each input validated first
/// when the crate has a validator, an interactive problem's cases judged by
/// its interactor), and reports as libtest does, a test per case (so that
/// `cargo nextest run` runs each in a process of its own, and filters choose
/// cases): exit 0 when every case chosen passed, 101 with the report when one
/// did not or the problem cannot be judged.
pub fn io_tests_main(manifest_dir: &str, binary: &str) -> ExitCode {
    let asked = match asked(std::env::args_os().skip(1)) {
        Ok(asked) => asked,
        Err(error) => {
            eprintln!("error: {error}");
            return ExitCode::from(101);
        }
    };
    let manifest_dir = Path::new(manifest_dir);
    let names = case_names(manifest_dir);
    let tests = match &names {
        Ok((cases, orphans)) => [cases.as_slice(), orphans].concat(),
        Err(_) => vec![UNREADABLE.to_string()],
    };
    let chosen: Vec<&String> = tests.iter().filter(|name| asked.chooses(name)).collect();
    if asked.list {
        for name in &chosen {
            println!("{name}: test");
        }
        return ExitCode::SUCCESS;
    }
    let filtered_out = tests.len() - chosen.len();
    println!("\nrunning {} test{}", chosen.len(), plural(chosen.len()));
    let started = Instant::now();
    let finished = |passed: usize, failed: usize| {
        let result = if failed == 0 { "ok" } else { "FAILED" };
        let seconds = started.elapsed().as_secs_f64();
        println!("\ntest result: {result}. {passed} passed; {failed} failed; 0 ignored; 0 measured; {filtered_out} filtered out; finished in {seconds:.2}s\n");
    };
    if chosen.is_empty() {
        finished(0, 0);
        return ExitCode::SUCCESS;
    }
    // Every case: judged as `judge check` judges the problem; some: as
    // `--case` chooses them, by their exact names.
    let choice = (chosen.len() < tests.len()).then(|| CaseChoice {
        patterns: chosen.iter().map(|name| name.to_string()).collect(),
    });
    let (report, passed) = match &names {
        Ok((cases, orphans)) => {
            let orphans = chosen.iter().filter(|name| orphans.contains(name)).count();
            let (report, codes) = judged(manifest_dir, Path::new(binary), choice.as_ref(), orphans);
            // The cases judged, in order, each with its code (a group's name
            // may choose more cases than the one asked for).
            let judged: Vec<&String> = cases
                .iter()
                .filter(|case| choice.as_ref().is_none_or(|choice| choice.chooses(case)))
                .collect();
            // A case passed when it was judged AC; orphans and cases not
            // judged (the problem could not be) failed.
            let passed = chosen
                .iter()
                .map(|name| {
                    let index = judged.iter().position(|case| case == name);
                    index.and_then(|index| codes.get(index)) == Some(&"AC")
                })
                .collect();
            (report, passed)
        }
        Err(reason) => (reason.clone(), vec![false; chosen.len()]),
    };
    for (name, ok) in chosen.iter().zip(&passed) {
        println!("test {name} ... {}", if *ok { "ok" } else { "FAILED" });
    }
    let failed: Vec<&&String> = chosen
        .iter()
        .zip(&passed)
        .filter(|(_, ok)| !**ok)
        .map(|(name, _)| name)
        .collect();
    let title = match failed.as_slice() {
        [] => chosen[0].to_string(),
        [one] => one.to_string(),
        _ => "io-tests".to_string(),
    };
    if failed.is_empty() {
        if asked.show_output {
            print!("\nsuccesses:\n\n---- {title} stdout ----\n{report}\n");
        }
        finished(chosen.len(), 0);
        ExitCode::SUCCESS
    } else {
        print!("\nfailures:\n\n---- {title} stdout ----\n{report}\n\nfailures:\n");
        for name in &failed {
            println!("    {name}");
        }
        finished(chosen.len() - failed.len(), failed.len());
        ExitCode::from(101)
    }
}

fn plural(count: usize) -> &'static str {
    if count == 1 {
        ""
    } else {
        "s"
    }
}

/// The report of judging `binary` on the problem's cases (those `chosen`,
/// else all, `orphans` of them without their partner), and the code of each
/// case judged, in order.
fn judged(
    manifest_dir: &Path,
    binary: &Path,
    chosen: Option<&CaseChoice>,
    orphans: usize,
) -> (String, Vec<&'static str>) {
    let problem = match Problem::from_manifest_dir(manifest_dir) {
        Ok(problem) => problem,
        Err(error) => return (format!("cannot load the problem: {error}"), Vec::new()),
    };
    let mut report = Vec::new();
    let mut noted = Noted {
        chosen,
        ..Noted::default()
    };
    match check_workspace_cases_noting(&problem, binary, &mut report, Style::Plain, &mut noted) {
        Ok(summary) => {
            let mut text = String::from_utf8_lossy(&report).into_owned();
            if summary.failed > 0 {
                text.push_str(&summary.closing_line());
            }
            // A failure that neither the cases' codes nor the orphans show
            // (one before any case was judged) fails every case chosen.
            let shown = orphans + noted.verdicts.iter().filter(|code| **code != "AC").count();
            let codes = if summary.failed > shown {
                Vec::new()
            } else {
                noted.verdicts
            };
            (text.trim_end().to_string(), codes)
        }
        Err(error) => (format!("cannot check the problem: {error}"), Vec::new()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn of(args: &[&str]) -> Asked {
        asked(args.iter().map(OsString::from)).unwrap()
    }

    /// The cases of `names` that `args` choose.
    fn chosen<'a>(args: &[&str], names: &[&'a str]) -> Vec<&'a str> {
        let asked = of(args);
        names
            .iter()
            .copied()
            .filter(|name| asked.chooses(name))
            .collect()
    }

    const CASES: [&str; 4] = ["sample-1", "sample-2", "secret-group1-01", "stress-7"];

    #[test]
    fn no_filter_chooses_every_case() {
        assert_eq!(chosen(&[], &CASES), CASES);
        let ignored = [
            "--test-threads",
            "8",
            "--format",
            "pretty",
            "-q",
            "--color=always",
        ];
        assert_eq!(chosen(&ignored, &CASES), CASES);
        assert_eq!(chosen(&["-Z", "unstable-options"], &CASES), CASES);
    }

    #[test]
    fn a_filter_chooses_the_names_it_is_in_and_what_check_case_chooses() {
        assert_eq!(chosen(&["sample"], &CASES), ["sample-1", "sample-2"]);
        assert_eq!(chosen(&["2"], &CASES), ["sample-2"], "any part of a name");
        assert_eq!(chosen(&["stress-*"], &CASES), ["stress-7"], "a glob");
        assert_eq!(
            chosen(&["secret-group1"], &CASES),
            ["secret-group1-01"],
            "a group"
        );
        assert_eq!(
            chosen(&["sample-2", "stress-*"], &CASES),
            ["sample-2", "stress-7"],
            "any filter of several"
        );
        assert!(chosen(&["brute_force"], &CASES).is_empty());
    }

    #[test]
    fn exact_chooses_one_whole_name_as_nextest_runs_a_test() {
        assert_eq!(
            chosen(&["--exact", "sample-2", "--nocapture"], &CASES),
            ["sample-2"]
        );
        assert!(chosen(&["--exact", "sample"], &CASES).is_empty());
        assert!(chosen(&["--exact", "stress-*"], &CASES).is_empty());
    }

    #[test]
    fn skipped_or_only_ignored_cases_do_not_run() {
        assert_eq!(
            chosen(&["--skip", "sample"], &CASES),
            ["secret-group1-01", "stress-7"]
        );
        assert!(chosen(&["--ignored"], &CASES).is_empty(), "none is ignored");
        assert!(chosen(&["--list", "--format", "terse", "--ignored"], &CASES).is_empty());
        assert_eq!(chosen(&["--include-ignored"], &CASES), CASES);
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
