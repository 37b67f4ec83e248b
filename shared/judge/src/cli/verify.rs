//! `judge verify`: its options, help and parser.

use std::io::{self, Write};
use std::process::ExitCode;

use lexopt::prelude::*;
use lexopt::Parser;

use judge::cases::problem::Problem;
use judge::commands::verify::verify;

use crate::cli::*;

pub(crate) const HELP: &str = "\
usage: judge verify [--root DIR] [--bin-dir DIR] NAME

Proves an imported contest package as problemtools' verifyproblem and
DOMjudge do: every example submission in crates/NAME/submissions/ (copied
there from the package) in C, C++, Python 3 or Rust is built (gcc, g++,
rustc; python3 runs Python) and judged on every case of NAME, and its
result compared with what it must get: its folder's verdict (accepted,
wrong_answer, time_limit_exceeded, run_time_error, partially_accepted), or
a DOMjudge tag in its source (@EXPECTED_RESULTS@: CORRECT, TIMELIMIT).
The result is the worst verdict over the cases (problemtools' default:
RE, then TLE, OLE, WA; a memory limit counts as RE); CE when it does not
build. A submission in another language, or a folder that names no
verdict, is skipped by name. Prints a line per submission, then `N of M
submissions as expected`; exits 0 when all are, 1 when one is not, 2 on a
usage or setup error. BIN-DIR (default the release folder) holds the
problem's built validator and, in verify/NAME/, the submissions' builds.";

/// `judge verify`'s options.
pub(crate) struct VerifyOptions {
    place: Place,
    problem: String,
}

pub(crate) fn parse_verify(parser: &mut Parser) -> Result<VerifyOptions, Stop> {
    let mut place = Place::default();
    let mut problem = None;
    while let Some(arg) = parser.next()? {
        match arg {
            Long("root") => place.root = Some(parser.value()?.into()),
            Long("bin-dir") => place.bin_dir = Some(parser.value()?.into()),
            Value(name) if problem.is_none() => problem = Some(name.string()?),
            Short('h') | Long("help") => return Err(Stop::Help(HELP)),
            _ => return Err(arg.unexpected().into()),
        }
    }
    Ok(VerifyOptions {
        place,
        problem: required(problem, "NAME")?,
    })
}

/// `judge verify ARGS`.
pub(crate) fn main(parser: &mut Parser) -> Result<ExitCode, Stop> {
    let options = parse_verify(parser)?;
    let run = || -> Result<bool, String> {
        let root = options.place.root()?;
        let problem = Problem::load(&root, &options.problem)
            .map_err(|error| format!("{}: {error}", options.problem))?;
        let bin_dir = options.place.bin_dir(&root);
        let mut stdout = io::stdout().lock();
        let (as_expected, all) = verify(&problem, &bin_dir, &mut stdout)
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
