//! `judge check`: its options, help and parser, and the check of a
//! workspace's problems, unchanged ones skipped.

use std::io::{self, Write};
use std::process::ExitCode;

use lexopt::prelude::*;
use lexopt::Parser;

use judge::cases::problem::{problem_names, program_path, Problem};
use judge::cases::suite::discover;
use judge::commands::build::Build;
use judge::commands::check::{check_workspace_problem, workspace_programs, Summary};
use judge::commands::passed::{self, Record, Shared};

use crate::cli::*;

pub(crate) const HELP: &str = "\
usage: judge check [--root DIR] [--bin-dir DIR | --no-build] [--force] [PROBLEM...]

Checks each problem's built binary (BIN-DIR/PROBLEM) against
ROOT/io-tests/PROBLEM under the limits in its crate's
[package.metadata.judge] (time-limit-ms; memory-limit-mb, a case's
peak resident memory, over it MLE; stack-limit-mb, default the
memory limit). When the crate has a validator, every
input is first validated by BIN-DIR/PROBLEM-validate (exit 0: valid;
exit 1 and a message: the case fails as INVALID; a missing or
failing validator is an error). An interactive problem (interactive =
true) is judged by BIN-DIR/PROBLEM-interact, as for `judge test
--interactor`. A problem with input-file = \"NAME\" reads each case's
input from that file of a fresh working folder (stdin empty); with
output-file = \"NAME\" its answer is that file (stdout ignored; no file:
WA). Every problem under ROOT/crates by default. ROOT defaults
to the workspace the current folder is in. What it runs is built first
(cargo build --release) into the release folder the judge runs from,
else ${CARGO_TARGET_DIR:-ROOT/target}/release; --no-build skips that,
--bin-dir DIR takes the binaries, built already, from DIR.
Outputs are compared as the crate's [package.metadata.judge] says:
compare = \"lines\" (the default), \"tokens\" or \"float\" (with
float-error = E, default 1e-6), or checker = true: BIN-DIR/PROBLEM-check
judges (see `judge test --help`).
A problem that passed is not judged again while nothing its result
depends on has changed (its sources and binary, each file of its
cases, its manifest, its validator, checker or interactor, the judge
itself): one
line counts those, and --force judges every problem. The record of
passes is BIN-DIR/judge-passed/, so a fresh clone starts without one.
Prints a line per case and closes with `N passed, M failed`;
exits 1 if anything failed, 2 on a usage error.";

/// `judge check`'s options.
pub(crate) struct CheckOptions {
    place: Place,
    /// Every problem under ROOT/crates when empty.
    problems: Vec<String>,
    /// Judges every problem, even one unchanged since it passed.
    force: bool,
}

pub(crate) fn parse_check(parser: &mut Parser) -> Result<CheckOptions, Stop> {
    let mut place = Place::default();
    let mut problems = Vec::new();
    let mut force = false;
    while let Some(arg) = parser.next()? {
        match arg {
            Long("root") => place.root = Some(parser.value()?.into()),
            Long("bin-dir") => place.bin_dir = Some(parser.value()?.into()),
            Long("no-build") => place.no_build = true,
            Long("force") => force = true,
            Value(problem) => problems.push(problem.string()?),
            Short('h') | Long("help") => return Err(Stop::Help(HELP)),
            _ => return Err(arg.unexpected().into()),
        }
    }
    Ok(CheckOptions {
        place,
        problems,
        force,
    })
}

pub(crate) fn check(options: &CheckOptions) -> Result<Summary, Failure> {
    let root = options.place.root()?;
    let names = if options.problems.is_empty() {
        problem_names(&root).map_err(|error| error.to_string())?
    } else {
        options.problems.clone()
    };
    if names.is_empty() {
        return Err(format!("no problems under {}", root.join("crates").display()).into());
    }
    // Hundreds of problems are read, and most of them found unchanged, on
    // every core: with nothing changed, that reading is the whole check.
    let problems = on_every_core(&names, |name| {
        Problem::load(&root, name).map_err(|error| format!("{name}: {error}"))
    })
    .into_iter()
    .collect::<Result<Vec<Problem>, String>>()?;
    let bin_dir = options.place.bin_dir(&root);
    let record = Record::beside(&bin_dir);
    let backend = judge::runner::Backend::chosen()?;
    // Without what the problems share, nothing is skipped or recorded.
    let shared = Shared::of(&root, backend.name()).ok();
    let fingerprint = |problem: &Problem| {
        let programs = workspace_programs(problem, &program_path(&bin_dir, &problem.name)).ok()?;
        passed::fingerprint(problem, &programs, shared?).ok()
    };
    // A problem unchanged since it passed is neither built nor judged.
    let is_unchanged = on_every_core(&problems, |problem| {
        !options.force
            && fingerprint(problem).is_some_and(|now| record.passed_with(&problem.name, now))
    });
    let (mut unchanged, mut to_judge) = (Vec::new(), Vec::new());
    for (problem, same) in problems.iter().zip(is_unchanged) {
        if same {
            unchanged.push(problem);
        } else {
            to_judge.push(problem);
        }
    }
    let mut build = Build::default();
    for problem in &to_judge {
        select_for_check(problem, &mut build)
            .map_err(|error| format!("{}: {error}", problem.name))?;
    }
    if !to_judge.is_empty() {
        options.place.build(&root, &build)?;
    }
    let mut total = Summary::default();
    let mut stdout = io::stdout().lock();
    for problem in to_judge {
        let binary = program_path(&bin_dir, &problem.name);
        let summary = check_workspace_problem(problem, &binary, &mut stdout, style())?;
        stdout.flush()?;
        let recorded = match fingerprint(problem) {
            Some(now) if summary.failed == 0 && summary.passed > 0 => {
                record.pass(&problem.name, now)
            }
            _ => record.forget(&problem.name),
        };
        if let Err(error) = recorded {
            writeln!(
                stdout,
                "note: {}: the record of passes not updated: {error}",
                problem.name
            )?;
        }
        total.add(summary);
    }
    if !unchanged.is_empty() {
        let cases: usize = unchanged
            .iter()
            .map(|problem| discover(&problem.io_tests_dir).map_or(0, |suite| suite.cases.len()))
            .sum();
        let one = unchanged.len() == 1;
        writeln!(
            stdout,
            "{} problem{} unchanged since {} passed ({cases} case{} not run again; --force judges them)",
            unchanged.len(),
            if one { "" } else { "s" },
            if one { "it" } else { "they" },
            if cases == 1 { "" } else { "s" },
        )?;
    }
    Ok(total)
}

/// `f` of each item, in order, the items shared out among the cores.
pub(crate) fn on_every_core<T: Sync, R: Send>(items: &[T], f: impl Fn(&T) -> R + Sync) -> Vec<R> {
    let cores = std::thread::available_parallelism().map_or(1, |cores| cores.get());
    let chunk = items.len().div_ceil(cores).max(1);
    std::thread::scope(|scope| {
        let handles: Vec<_> = items
            .chunks(chunk)
            .map(|part| scope.spawn(|| part.iter().map(&f).collect::<Vec<R>>()))
            .collect();
        handles
            .into_iter()
            .flat_map(|handle| handle.join().expect("a worker panicked"))
            .collect()
    })
}

/// `judge check ARGS`.
pub(crate) fn main(parser: &mut Parser) -> Result<ExitCode, Stop> {
    let options = parse_check(parser)?;
    Ok(report(check(&options)))
}
