//! `judge check`: its options, help and parser, and the check of a
//! workspace's problems, unchanged ones skipped.

use std::io::{self, Write};
use std::path::PathBuf;
use std::process::{Command, ExitCode};

use lexopt::prelude::*;
use lexopt::Parser;

use judge::cases::problem::{problem_names, program_path, Problem};
use judge::commands::build::Build;
use judge::commands::check::{check_workspace_problem, workspace_programs, Summary};
use judge::commands::passed::{self, CargoNote, Record, Shared};

use crate::cli::*;

pub(crate) const HELP: &str = "\
usage: judge check [--root DIR] [--bin-dir DIR | --no-build] [--force]
                   [--cargo-if-stale] [PROBLEM...]

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
--cargo-if-stale (scripts/check.sh gives it, starting the judge without
cargo): go on only when this judge is the one that `cargo judge` last ran
and nothing it is built from has changed since (its note, beside it in
judge-passed/_cargo), else run `cargo judge check` with the other
arguments instead.
Prints a line per case and closes with `N passed, M failed`;
exits 1 if anything failed, 2 on a usage error.";

/// `judge check`'s options.
pub(crate) struct CheckOptions {
    place: Place,
    /// Every problem under ROOT/crates when empty.
    problems: Vec<String>,
    /// Judges every problem, even one unchanged since it passed.
    force: bool,
    /// Started without cargo: hands over to `cargo judge check` unless this
    /// judge is the one it would run.
    cargo_if_stale: bool,
}

pub(crate) fn parse_check(parser: &mut Parser) -> Result<CheckOptions, Stop> {
    let mut place = Place::default();
    let mut problems = Vec::new();
    let mut force = false;
    let mut cargo_if_stale = false;
    while let Some(arg) = parser.next()? {
        match arg {
            Long("root") => place.root = Some(parser.value()?.into()),
            Long("bin-dir") => place.bin_dir = Some(parser.value()?.into()),
            Long("no-build") => place.no_build = true,
            Long("force") => force = true,
            Long("cargo-if-stale") => cargo_if_stale = true,
            Value(problem) => problems.push(problem.string()?),
            Short('h') | Long("help") => return Err(Stop::Help(HELP)),
            _ => return Err(arg.unexpected().into()),
        }
    }
    Ok(CheckOptions {
        place,
        problems,
        force,
        cargo_if_stale,
    })
}

/// Checks the problems; `shared` is what they share, when known already.
pub(crate) fn check(options: &CheckOptions, shared: Option<Shared>) -> Result<Summary, Failure> {
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
    let shared = shared.or_else(|| Shared::of(&root, backend.name()).ok());
    let run_by_cargo = std::env::var_os("CARGO").filter(|_| !options.cargo_if_stale);
    if let (Some(cargo), Some(shared), Some(judge_dir)) = (run_by_cargo, shared, judge_dir()) {
        // Run by cargo, which built this judge if it had to: noted for
        // check.sh's next start without it.
        let note = CargoNote {
            cargo: cargo.into(),
            toolchain: std::env::var("RUSTUP_TOOLCHAIN").ok(),
            shared,
        };
        if let Err(error) = note.write(&judge_dir) {
            eprintln!("note: the judge's note for scripts/check.sh not written: {error}");
        }
    }
    let fingerprint = |problem: &Problem| {
        let programs = workspace_programs(problem, &program_path(&bin_dir, &problem.name)).ok()?;
        passed::fingerprint(problem, &programs, shared?).ok()
    };
    // A problem unchanged since it passed is neither built nor judged: the
    // cases it passed, else `None`.
    let passed_unchanged = on_every_core(&problems, |problem| {
        if options.force {
            return None;
        }
        record.passed_with(&problem.name, fingerprint(problem)?)
    });
    let (mut unchanged, mut cases_not_run, mut to_judge) = (0, 0, Vec::new());
    for (problem, passed) in problems.iter().zip(passed_unchanged) {
        match passed {
            Some(cases) => {
                unchanged += 1;
                cases_not_run += cases;
            }
            None => to_judge.push(problem),
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
                record.pass(&problem.name, now, summary.passed)
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
    if unchanged > 0 {
        let one = unchanged == 1;
        writeln!(
            stdout,
            "{unchanged} problem{} unchanged since {} passed ({cases_not_run} case{} not run again; --force judges them)",
            if one { "" } else { "s" },
            if one { "it" } else { "they" },
            if cases_not_run == 1 { "" } else { "s" },
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

/// The folder this judge runs from.
fn judge_dir() -> Option<PathBuf> {
    Some(std::env::current_exe().ok()?.parent()?.to_path_buf())
}

/// For `--cargo-if-stale`: what the problems share, when this judge is the one
/// `cargo judge` would run: its note ([`CargoNote`]) says what it was when
/// cargo last ran it, and that is what it is now (found as cargo's child
/// finds it: the note's cargo in `CARGO`, for a build and for the compiler's
/// files). A toolchain that `RUSTUP_TOOLCHAIN` chooses, other than the
/// note's, is cargo's to resolve.
fn what_cargo_would_run(options: &CheckOptions) -> Option<Shared> {
    let root = options.place.root().ok()?;
    let note = CargoNote::read(&judge_dir()?)?;
    let toolchain = std::env::var("RUSTUP_TOOLCHAIN").ok();
    if toolchain.is_some() && toolchain != note.toolchain {
        return None;
    }
    let backend = judge::runner::Backend::chosen().ok()?;
    std::env::set_var("CARGO", &note.cargo);
    let shared = Shared::of(&root, backend.name()).ok()?;
    (shared == note.shared).then_some(shared)
}

/// `judge check ARGS`.
pub(crate) fn main(parser: &mut Parser) -> Result<ExitCode, Stop> {
    let options = parse_check(parser)?;
    let mut shared = None;
    if options.cargo_if_stale {
        let cargo = std::env::var_os("CARGO");
        shared = what_cargo_would_run(&options);
        if shared.is_none() {
            let mut command = Command::new("cargo");
            command.arg("judge").args(
                std::env::args_os()
                    .skip(1)
                    .filter(|arg| arg != "--cargo-if-stale"),
            );
            match cargo {
                Some(cargo) => command.env("CARGO", cargo),
                None => command.env_remove("CARGO"),
            };
            return replace_with(command).or_else(|error| {
                eprintln!("judge: cargo: {error}");
                Ok(ExitCode::from(2))
            });
        }
    }
    Ok(report(check(&options, shared)))
}
