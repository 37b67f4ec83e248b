//! `judge verify`: its options, help and parser.

use std::io::{self, Write};
use std::process::ExitCode;

use lexopt::prelude::*;
use lexopt::Parser;

use judge::cases::problem::Problem;
use judge::commands::build::Build;
use judge::commands::libraries::{self, Outcome};
use judge::commands::passed::Shared;
use judge::commands::progress::on_terminal;
use judge::commands::verify::verify;
use judge::runner::Backend;

use crate::cli::*;

pub(crate) const HELP: &str = "\
usage: judge verify [--root DIR] [--bin-dir DIR] [--all-cases] NAME
       judge verify [--root DIR] [--bin-dir DIR | --no-build] [--force] --libs

Proves an imported contest package as problemtools' verifyproblem and
DOMjudge do: every example submission in crates/NAME/submissions/ (copied
there from the package) in C, C++, Python 3, Rust or Java is built (gcc,
g++, rustc, javac; python3 runs Python, java with -Xmx the memory limit
runs Java, skipped by name where they are not) and judged on every case
of NAME, and its
result compared with what it must get: its folder's verdict (accepted,
wrong_answer, time_limit_exceeded, run_time_error, partially_accepted), or
a DOMjudge tag in its source (@EXPECTED_RESULTS@: CORRECT, TIMELIMIT).
A submission's judging stops at the case that settles its result, as
DOMjudge's lazy evaluation and problemtools' on_reject: break stop: its
first case not accepted (a partially accepted one, of a scoring problem,
is judged on every case); --all-cases judges every case, the full check
that a folder such as brute_force (never a WA anywhere) needs. The result
is the worst verdict over the cases judged (problemtools' default: RE,
then TLE, OLE, WA; a memory limit counts as RE); CE when it does not
build. A submission in another language, or a folder that names no
verdict, is skipped by name. Prints a line per submission, then `N of M
submissions as expected`; exits 0 when all are, 1 when one is not, 2 on a
usage or setup error. BIN-DIR (default the release folder) holds the
problem's built validator and, in verify/NAME/, the submissions' builds.
A manifest's [[package.metadata.judge.submission]] tables (an imported
Library Checker problem's solutions) list submissions with what they
must get: some case one of `expected`, every case one of `allowed`; the
judging goes on past an allowed verdict, and stops at an expected one. A
Library Checker problem's solutions run as its generate.py runs them:
the time limit, and no memory limit.

--libs verifies the workspace's own libraries (libs/NAME/) on problems:
each example of a library, libs/NAME/examples/X.rs, whose first lines
say `// verify: PROBLEM` (a problem's name, or its url, as
https://judge.yosupo.jp/problem/unionfind) is built and judged on that
problem's cases as `judge check` judges its submission; one whose problem
is not in the workspace is named with the command that imports it. A
verification that passed is not judged again while nothing it depends on
changed (the library files it uses, its program, the problem, the
judge): the record is check's; --force judges them all. Then each file of
each library is listed with the verifications that verify it (those that
use it and passed). Exits 0 when none failed, 1 when one did.";

/// `judge verify`'s options.
pub(crate) struct VerifyOptions {
    place: Place,
    /// What to verify: a problem's submissions, or the libraries.
    what: Verified,
}

/// What `judge verify` verifies.
#[derive(Debug, PartialEq, Eq)]
enum Verified {
    /// NAME: the problem's example submissions, every case judged with
    /// `all_cases`.
    Problem { name: String, all_cases: bool },
    /// `--libs`: the workspace's libraries, every verification judged again
    /// with `force`.
    Libraries { force: bool },
}

pub(crate) fn parse_verify(parser: &mut Parser) -> Result<VerifyOptions, Stop> {
    let mut place = Place::default();
    let mut problem = None;
    let (mut libs, mut force, mut all_cases) = (false, false, false);
    while let Some(arg) = parser.next()? {
        match arg {
            Long("root") => place.root = Some(parser.value()?.into()),
            Long("bin-dir") => place.bin_dir = Some(parser.value()?.into()),
            Long("no-build") => place.no_build = true,
            Long("libs") => libs = true,
            Long("force") => force = true,
            Long("all-cases") => all_cases = true,
            Value(name) if problem.is_none() => problem = Some(name.string()?),
            Short('h') | Long("help") => return Err(Stop::Help(HELP)),
            _ => return Err(arg.unexpected().into()),
        }
    }
    let what = match (libs, problem) {
        (true, _) if all_cases => {
            return Err(Stop::mistake(
                "--all-cases goes with a problem's NAME, not --libs".to_string(),
            ))
        }
        (true, None) => Verified::Libraries { force },
        (true, Some(name)) => {
            return Err(Stop::mistake(format!(
                "--libs verifies the libraries, not a problem: drop {name} or --libs"
            )))
        }
        (false, problem) if !force && !place.no_build => Verified::Problem {
            name: required(problem, "NAME (or --libs)")?,
            all_cases,
        },
        (false, _) => {
            return Err(Stop::mistake(
                "--force and --no-build go with --libs".to_string(),
            ))
        }
    };
    Ok(VerifyOptions { place, what })
}

/// `judge verify ARGS`.
pub(crate) fn main(parser: &mut Parser) -> Result<ExitCode, Stop> {
    let options = parse_verify(parser)?;
    let (problem, all_cases) = match &options.what {
        Verified::Problem { name, all_cases } => (name.clone(), *all_cases),
        Verified::Libraries { force } => return Ok(verify_libraries(&options.place, *force)),
    };
    let run = || -> Result<bool, String> {
        let root = options.place.root()?;
        let problem =
            Problem::load(&root, &problem).map_err(|error| format!("{problem}: {error}"))?;
        let bin_dir = options.place.bin_dir(&root);
        let mut stdout = io::stdout().lock();
        let (as_expected, all) = verify(&problem, &bin_dir, all_cases, on_terminal(), &mut stdout)
            .map_err(|error| format!("{}: {error}", problem.name))?;
        stdout.flush().map_err(|error| error.to_string())?;
        Ok(as_expected == all)
    };
    Ok(match run() {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => ExitCode::FAILURE,
        Err(message) => {
            eprintln!("judge: {message}");
            ExitCode::from(2)
        }
    })
}

/// `judge verify --libs`: builds each verification whose problem is in the
/// workspace (with what judges that problem), judges those not unchanged
/// since they passed, and says which library files are verified.
fn verify_libraries(place: &Place, force: bool) -> ExitCode {
    let run = || -> Result<bool, String> {
        let root = place.root()?;
        let bin_dir = place.bin_dir(&root);
        let prepared = libraries::prepare(&root).map_err(|error| error.to_string())?;
        if prepared.is_empty() {
            println!(
                "no verifications: a library's examples/X.rs whose first lines say `// verify: PROBLEM` is one (libs/README.md)"
            );
            return Ok(true);
        }
        let mut build = Build::default();
        for item in &prepared {
            if let Ok(problem) = &item.problem {
                let verification = &item.verification;
                build.example(&verification.library.name, &verification.stem);
                build
                    .judges_of(problem)
                    .map_err(|error| format!("{}: {error}", problem.name))?;
            }
        }
        place.build(&root, &build)?;
        let runner = Backend::chosen().map_err(|error| error.to_string())?;
        let cargo = std::env::var_os("CARGO").map(std::path::PathBuf::from);
        let shared = Shared::of_tools(&root, runner.name(), cargo.as_deref()).ok();
        let mut stdout = io::stdout().lock();
        let outcomes = libraries::judge_all(&root, &bin_dir, &prepared, shared, force, &mut stdout)
            .map_err(|error| error.to_string())?;
        let mut passed = 0;
        for (item, outcome) in prepared.iter().zip(&outcomes) {
            let key = libraries::record_key(&root, &item.verification);
            let on = item
                .problem
                .as_ref()
                .map(|problem| format!(" on {}", problem.name))
                .unwrap_or_default();
            let line = match outcome {
                Outcome::Passed { cases, judged } => {
                    passed += 1;
                    format!(
                        "AC   {key}{on}: {cases} cases{}",
                        if *judged {
                            ""
                        } else {
                            " (not judged again: nothing it depends on changed)"
                        }
                    )
                }
                Outcome::Failed(why) => format!("FAIL {key}{on}: {why}"),
                Outcome::NotImported(how) => format!("--   {key}: {how}"),
            };
            writeln!(stdout, "{line}").map_err(|error| error.to_string())?;
        }
        let table = libraries::files_table(&root, &prepared, &outcomes)
            .map_err(|error| error.to_string())?;
        write!(stdout, "{table}").map_err(|error| error.to_string())?;
        writeln!(
            stdout,
            "{passed} of {} verifications passed",
            prepared.len()
        )
        .map_err(|error| error.to_string())?;
        Ok(!outcomes
            .iter()
            .any(|outcome| matches!(outcome, Outcome::Failed(_))))
    };
    match run() {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => ExitCode::FAILURE,
        Err(message) => {
            eprintln!("judge: {message}");
            ExitCode::from(2)
        }
    }
}
