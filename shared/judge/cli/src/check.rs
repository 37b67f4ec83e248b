//! `judge check`: its options, help and parser, and the check of a
//! workspace's problems, unchanged ones skipped.

use std::io::{self, Write};
use std::path::PathBuf;
use std::process::ExitCode;

use lexopt::prelude::*;
use lexopt::Parser;

use crate::build::Build;
use crate::passed::{self, Record, Shared, Stamps};
use crate::progress::{on_terminal, Progress};
use judge_cases::problem::{crate_folders, is_problem, program_path, Problem};
use judge_cases::suite::{discover, CaseChoice};
use judge_check::{
    check_workspace_cases_noting, on_every_core, on_every_core_beside, workspace_programs, Noted,
    Summary,
};
use judge_runner::Backend;

use crate::*;

pub const HELP: &str = "\
usage: judge check [--root DIR] [--bin-dir DIR | --no-build] [--force]
                   [PROBLEM...] [--case PATTERN]...

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
--case PATTERN (repeatable, with PROBLEM) judges only the cases it
chooses: a case's name (sample-2), a glob (stress-*: * any characters,
? one), or a group the case is under (secret-group1 chooses
secret-group1-01, ...); the problem's first line says how many of its
cases were chosen. A pattern that chooses none exits 2, naming the cases
there are. Chosen cases are always judged, and their pass is no pass of
the whole problem: nothing is recorded.
Prints a line per case and closes with `N passed, M failed`;
exits 1 if anything failed, 2 on a usage error.";

/// `judge check`'s options.
pub struct CheckOptions {
    place: Place,
    /// Every problem under ROOT/crates when empty.
    problems: Vec<String>,
    /// Judges every problem, even one unchanged since it passed.
    force: bool,
    /// `--case`: only the cases these choose, of each problem named.
    choice: Option<CaseChoice>,
}

pub fn parse_check(parser: &mut Parser) -> Result<CheckOptions, Stop> {
    let mut place = Place::default();
    let mut problems = Vec::new();
    let mut force = false;
    let mut patterns = Vec::new();
    while let Some(arg) = parser.next()? {
        match arg {
            Long("root") => place.root = Some(parser.value()?.into()),
            Long("bin-dir") => place.bin_dir = Some(parser.value()?.into()),
            Long("no-build") => place.no_build = true,
            Long("force") => force = true,
            Long("case") => {
                let pattern = parser.value()?.string()?;
                if pattern.is_empty() {
                    return Err(Stop::mistake(
                        "--case takes a case's name, a glob or a group".to_string(),
                    ));
                }
                patterns.push(pattern);
            }
            Value(problem) => problems.push(problem.string()?),
            Short('h') | Long("help") => return Err(Stop::Help(HELP)),
            _ => return Err(arg.unexpected().into()),
        }
    }
    if !patterns.is_empty() && problems.is_empty() {
        return Err(Stop::mistake(
            "--case chooses cases of the problems named: give a PROBLEM".to_string(),
        ));
    }
    Ok(CheckOptions {
        place,
        problems,
        force,
        choice: (!patterns.is_empty()).then_some(CaseChoice { patterns }),
    })
}

/// Checks the problems.
pub fn check(options: &CheckOptions) -> Result<Summary, Failure> {
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
    // Without what the problems share, nothing is skipped or recorded.
    // Chosen cases are always judged: a pass of some stands for nothing.
    let skip_unchanged = !options.force && options.choice.is_none();
    let (shared, stamps_now) = on_every_core_beside(
        || Shared::of(&root, backend.name(), cargo.as_deref()).ok(),
        &names,
        |name| skip_unchanged.then(|| record.stamps_now(name)).flatten(),
    );
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
    // A pattern that chooses no case is refused before anything is built.
    if let Some(choice) = &options.choice {
        for problem in &to_judge {
            let suite = discover(&problem.io_tests_dir)
                .map_err(|error| format!("{}: cannot read the cases: {error}", problem.name))?;
            choice
                .chosen(&suite)
                .map_err(|reason| format!("{}: {reason}", problem.name))?;
        }
    }
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
        options.place.build(&root, &build).map_err(|error| {
            // A main.rs made from the user's template: the template may be
            // what does not build.
            let made_from: Vec<String> = to_judge
                .iter()
                .filter_map(|problem| {
                    let template = problem.template.as_ref()?;
                    Some(format!(
                        "\nnote: crates/{}/src/main.rs was made from your template {template}: if the error is in what it wrote, mend the template too",
                        problem.name
                    ))
                })
                .collect();
            format!("{error}{}", made_from.concat())
        })?;
    }
    let mut total = Summary::default();
    let mut stdout = io::stdout().lock();
    // A bar over every case to judge, on a terminal.
    let chosen = options.choice.as_ref();
    let case_counts: Vec<u64> = to_judge
        .iter()
        .map(|problem| {
            let Ok(suite) = discover(&problem.io_tests_dir) else {
                return 0;
            };
            match chosen.map(|choice| choice.chosen(&suite)) {
                Some(Ok(cases)) => cases.len() as u64,
                Some(Err(_)) => 0,
                None => suite.cases.len() as u64,
            }
        })
        .collect();
    let progress = Progress::new(on_terminal(), case_counts.iter().sum(), "cases");
    let mut stdout = progress.above(&mut stdout);
    let mut before = 0;
    for (problem, cases) in to_judge.iter().zip(&case_counts) {
        let binary = program_path(&bin_dir, &problem.name);
        progress.set_done(before);
        let on_case = |judged: usize, case: &str| {
            progress.set_done(before + judged as u64);
            progress.running(format!("{} {case}", problem.name));
        };
        let mut noted = Noted {
            chosen,
            on_case: Some(&on_case),
            ..Noted::default()
        };
        let summary =
            check_workspace_cases_noting(problem, &binary, &mut stdout, style(), &mut noted)?;
        stdout.flush()?;
        before += cases;
        let recorded = match stamps(problem) {
            // Chosen cases passing leave the record as it was.
            _ if chosen.is_some() => Ok(()),
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
    Ok(total)
}

/// `judge check ARGS`.
pub fn main(parser: &mut Parser) -> Result<ExitCode, Stop> {
    let options = parse_check(parser)?;
    Ok(report(check(&options)))
}
