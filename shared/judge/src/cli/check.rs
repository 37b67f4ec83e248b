//! `judge check`: its options, help and parser, and the check of a
//! workspace's problems, unchanged ones skipped.

use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode};

use lexopt::prelude::*;
use lexopt::Parser;

use judge::cases::problem::{crate_folders, is_problem, program_path, Problem};
use judge::commands::build::Build;
use judge::commands::check::{
    check_workspace_problem, on_every_core, on_every_core_beside, workspace_programs, Summary,
};
use judge::commands::passed::{self, CargoNote, Record, Shared, Stamps};
use judge::runner::Backend;

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
passes is BIN-DIR/judge-passed/_passed, so a fresh clone starts without
one.
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

/// What [`check`] did.
pub(crate) enum Checked {
    /// The problems were judged (or found unchanged).
    Judged(Summary),
    /// Under `--cargo-if-stale`, this judge is not the one `cargo judge`
    /// would run: nothing was judged or written.
    Stale,
}

/// Checks the problems.
pub(crate) fn check(options: &CheckOptions) -> Result<Checked, Failure> {
    let root = options.place.root()?;
    let backend = Backend::chosen()?;
    let cargo = std::env::var_os("CARGO").map(PathBuf::from);
    let listed = options.problems.is_empty();
    let bin_dir = options.place.bin_dir(&root);
    let names = if listed {
        crate_folders(&root).map_err(|error| error.to_string())?
    } else {
        options.problems.clone()
    };
    let mut record = Record::beside(&bin_dir, &root);
    // What the problems share is read while the stamps of what each
    // problem's recorded pass depends on are looked at (on the other cores,
    // then on this one too): with hundreds of problems and nothing changed,
    // the two are the whole check.
    let (shared, stamps_now) = on_every_core_beside(
        || {
            if options.cargo_if_stale {
                what_cargo_would_run(&root, backend)
            } else {
                Shared::of(&root, backend.name(), cargo.as_deref())
                    .ok()
                    .map(|shared| (shared, None))
            }
        },
        &names,
        |name| (!options.force).then(|| record.stamps_now(name)).flatten(),
    );
    let shared = match shared {
        Some((shared, Some(note_cargo))) => {
            // Found as cargo's child finds it: the note's cargo, for a build.
            std::env::set_var("CARGO", note_cargo);
            Some(shared)
        }
        Some((shared, None)) => Some(shared),
        None if options.cargo_if_stale => return Ok(Checked::Stale),
        // Without what the problems share, nothing is skipped or recorded.
        None => None,
    };
    if let (Some(cargo), Some(shared), Some(judge_dir), false) =
        (cargo, shared, judge_dir(), options.cargo_if_stale)
    {
        // Run by cargo, which built this judge if it had to: noted for
        // check.sh's next start without it.
        let note = CargoNote {
            cargo,
            toolchain: std::env::var("RUSTUP_TOOLCHAIN").ok(),
            shared,
        };
        if let Err(error) = note.write(&judge_dir) {
            eprintln!("note: the judge's note for scripts/check.sh not written: {error}");
        }
    }
    // A problem unchanged since it passed is neither read, built nor judged.
    let (mut unchanged, mut cases_not_run, mut changed) = (0, 0, Vec::new());
    for (name, stamps) in names.iter().zip(stamps_now) {
        let passed = shared.zip(stamps).and_then(|(shared, stamps)| {
            record.passed_with(name, passed::fingerprint(shared, stamps))
        });
        match passed {
            Some(cases) => {
                unchanged += 1;
                cases_not_run += cases;
            }
            // A folder of crates/ without a manifest is no problem.
            None if listed && !is_problem(&root, name) => {}
            None => changed.push(name),
        }
    }
    if unchanged + changed.len() == 0 {
        return Err(format!("no problems under {}", root.join("crates").display()).into());
    }
    let to_judge = on_every_core(&changed, |name| {
        Problem::load(&root, name).map_err(|error| format!("{name}: {error}"))
    })
    .into_iter()
    .collect::<Result<Vec<Problem>, String>>()?;
    // The paths a problem's result depends on, and their fingerprint.
    let stamps = |problem: &Problem| {
        let programs = workspace_programs(problem, &program_path(&bin_dir, &problem.name)).ok()?;
        let paths = passed::stamped_paths(problem, &programs).ok()?;
        let stamps = Stamps::of(paths.iter().map(PathBuf::as_path)).ok()?;
        Some((paths, passed::fingerprint(shared?, stamps)))
    };
    let mut build = Build::default();
    for problem in &to_judge {
        build
            .for_check(problem)
            .map(|_| ())
            .map_err(|error| format!("{}: {error}", problem.name))?;
    }
    if !to_judge.is_empty() {
        options.place.build(&root, &build)?;
    }
    let mut total = Summary::default();
    let mut stdout = io::stdout().lock();
    for problem in &to_judge {
        let binary = program_path(&bin_dir, &problem.name);
        let summary = check_workspace_problem(problem, &binary, &mut stdout, style())?;
        stdout.flush()?;
        let recorded = match stamps(problem) {
            Some((paths, now)) if summary.failed == 0 && summary.passed > 0 => {
                record.pass(&problem.name, paths, now, summary.passed)
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
    Ok(Checked::Judged(total))
}

/// The folder this judge runs from.
fn judge_dir() -> Option<PathBuf> {
    Some(std::env::current_exe().ok()?.parent()?.to_path_buf())
}

/// For `--cargo-if-stale`: what the problems share, and the cargo to build
/// with, when this judge is the one `cargo judge` would run: its note
/// ([`CargoNote`]) says what it was when cargo last ran it, and that is what
/// it is now (found as cargo's child finds it: the note's cargo, for the
/// compiler's files). A toolchain that `RUSTUP_TOOLCHAIN` chooses, other
/// than the note's, is cargo's to resolve.
fn what_cargo_would_run(root: &Path, backend: Backend) -> Option<(Shared, Option<PathBuf>)> {
    let note = CargoNote::read(&judge_dir()?)?;
    let toolchain = std::env::var("RUSTUP_TOOLCHAIN").ok();
    if toolchain.is_some() && toolchain != note.toolchain {
        return None;
    }
    let shared = Shared::of(root, backend.name(), Some(&note.cargo)).ok()?;
    (shared == note.shared).then_some((shared, Some(note.cargo)))
}

/// `judge check ARGS`.
pub(crate) fn main(parser: &mut Parser) -> Result<ExitCode, Stop> {
    let options = parse_check(parser)?;
    match check(&options) {
        Ok(Checked::Judged(summary)) => Ok(report(Ok(summary))),
        Err(failure) => Ok(report(Err(failure))),
        Ok(Checked::Stale) => {
            let mut command = Command::new("cargo");
            command.arg("judge").args(
                std::env::args_os()
                    .skip(1)
                    .filter(|arg| arg != "--cargo-if-stale"),
            );
            replace_with(command).or_else(|error| {
                eprintln!("judge: cargo: {error}");
                Ok(ExitCode::from(2))
            })
        }
    }
}
