//! `judge stress`: the submission against its naive on generated inputs.

use std::io::{self, Write};
use std::process::ExitCode;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use lexopt::prelude::*;
use lexopt::Parser;

use judge::cases::problem::Problem;
use judge::commands::build::Build;
use judge::commands::progress::on_terminal;
use judge::commands::stress::{
    stress, Inputs, Outcome, Programs, Progress, Settings, DEFAULT_CASES, DEFAULT_NAIVE_LIMIT,
    DEFAULT_SIZE, SHRINK_BUDGET,
};

use crate::cli::*;

pub(crate) const HELP: &str = "\
usage: judge stress [--root DIR] [--bin-dir DIR | --no-build] PROBLEM [--cases N] [--seed S]
                    [--size K] [--time SECONDS] [--naive-time-limit-ms MS] [--all]

Runs BIN-DIR/PROBLEM and BIN-DIR/PROBLEM-naive on inputs from
BIN-DIR/PROBLEM-gen, each validated by BIN-DIR/PROBLEM-validate
when the crate has a validator, until they disagree: case i is `PROBLEM-gen S+i K`
(S: --seed, default taken from the clock and printed; K: --size,
default 10). Stops after N cases (default 1000, or no limit when only
--time is given) or SECONDS. --all walks `PROBLEM-gen --all I` for every
I below `PROBLEM-gen --count-all` instead (N and SECONDS still cap it).
ROOT, BIN-DIR and the build are as for `judge check` (it builds
every binary of PROBLEM).
For an interactive problem, BIN-DIR/PROBLEM-interact takes the naive's
place: each input is judged by the interactor alone (as `judge check`
does), and a failing input is stored with an empty .out.
The submission runs under the problem's limits, the naive under
--naive-time-limit-ms (default 10000). A disagreement (WA, RE, TLE,
OLE) is re-run on the same input; one that does not repeat every time
is reported as flaky with its counts, and neither shrunk nor stored.
A repeatable one is shrunk: tries smaller sizes and nearby seeds for a
smaller input with the same repeatable verdict, prints it with both
outputs, and stores it with the naive's output as
ROOT/io-tests/PROBLEM/stress-SEED.in/.out (stress-all-I for --all). An
existing file is never overwritten (a -2, -3, ... suffix is added), and
an input already stored under any name is not stored again.
Outputs are compared as for `judge check`: with checker = true,
BIN-DIR/PROBLEM-check judges the submission's output with the naive's
as its ANSWER.
Progress goes to stderr: on a terminal, a bar (cases done of how many,
time spent and left, the next input); elsewhere, a line every 5 s. Exits 0 when every case agreed, 1 on a
disagreement (flaky or not), 2 on a usage or setup error (a problem
without a naive or a generator is one: the message names the command
that adds them), 3 when the naive, the generator, the validator or the checker failed, or the validator
rejected a generated input (no verdict on the submission).";

/// `judge stress`'s options.
pub(crate) struct StressOptions {
    place: Place,
    problem: String,
    inputs: Inputs,
    max_cases: Option<u64>,
    time_budget: Option<Duration>,
    naive_limit: Duration,
}

pub(crate) fn parse_stress(parser: &mut Parser) -> Result<StressOptions, Stop> {
    let mut place = Place::default();
    let mut problems = Vec::new();
    let mut cases = None;
    let mut seed = None;
    let mut size = None;
    let mut time_budget = None;
    let mut naive_limit = DEFAULT_NAIVE_LIMIT;
    let mut walk = false;
    while let Some(arg) = parser.next()? {
        match arg {
            Long("root") => place.root = Some(parser.value()?.into()),
            Long("bin-dir") => place.bin_dir = Some(parser.value()?.into()),
            Long("no-build") => place.no_build = true,
            Value(problem) => problems.push(problem.string()?),
            Long("cases") => cases = Some(at_least(parser, "--cases", 1)?),
            Long("seed") => seed = Some(at_least(parser, "--seed", 0)?),
            Long("size") => size = Some(at_least(parser, "--size", 1)?),
            Long("time") => time_budget = Some(seconds(parser, "--time")?),
            Long("naive-time-limit-ms") => {
                naive_limit = milliseconds(parser, "--naive-time-limit-ms")?;
            }
            Long("all") => walk = true,
            Short('h') | Long("help") => return Err(Stop::Help(HELP)),
            _ => return Err(arg.unexpected().into()),
        }
    }
    let Ok([problem]) = <[String; 1]>::try_from(problems) else {
        return Err(Stop::mistake("name exactly one PROBLEM"));
    };
    let inputs = if walk {
        if seed.is_some() || size.is_some() {
            return Err(Stop::mistake(
                "--all walks fixed inputs: it takes no --seed or --size",
            ));
        }
        Inputs::Walk
    } else {
        Inputs::Random {
            first_seed: seed.unwrap_or_else(seed_from_clock),
            size: size.unwrap_or(DEFAULT_SIZE),
        }
    };
    let max_cases = match (cases, time_budget, walk) {
        (Some(cases), _, _) => Some(cases),
        (None, None, false) => Some(DEFAULT_CASES),
        _ => None,
    };
    Ok(StressOptions {
        place,
        problem,
        inputs,
        max_cases,
        time_budget,
        naive_limit,
    })
}

/// `judge stress`: exit 0 clean, 1 disagreement, 2 usage or setup error, 3 a tool failed.
pub(crate) fn stress_command(options: StressOptions) -> ExitCode {
    let place = &options.place;
    let loaded = place.root().and_then(|root| {
        let problem = Problem::load(&root, &options.problem)
            .map_err(|error| format!("{}: {error}", options.problem))?;
        let mut build = Build::default();
        build.all_binaries(&problem.name);
        let bin_dir = place.binaries(&root, &build)?;
        let programs = Programs::of(&problem, &bin_dir).map_err(|error| error.to_string())?;
        let checking = problem
            .prepared_checking(&bin_dir)
            .map_err(|error| format!("{}: the output validator: {error}", problem.name))?;
        Ok((problem, programs, checking))
    });
    let (problem, programs, checking) = match loaded {
        Ok(loaded) => loaded,
        Err(message) => {
            eprintln!("judge: {message}");
            return ExitCode::from(2);
        }
    };
    let settings = Settings {
        inputs: options.inputs,
        max_cases: options.max_cases,
        time_budget: options.time_budget,
        shrink_budget: SHRINK_BUDGET,
        submission_limits: problem.limits(),
        naive_limit: options.naive_limit,
        checking,
        case_io: problem.case_io.clone(),
    };
    let mut stdout = io::stdout().lock();
    let mut stderr = io::stderr();
    let mut progress = Progress::new(&mut stderr, on_terminal());
    match stress(
        &problem.name,
        &programs,
        &settings,
        &problem.io_tests_dir,
        &mut stdout,
        &mut progress,
    ) {
        Ok(Outcome::Clean) => ExitCode::SUCCESS,
        Ok(Outcome::Disagreed | Outcome::Flaky) => ExitCode::FAILURE,
        Ok(Outcome::ToolFailed) => ExitCode::from(3),
        Err(error) => {
            let _ = stdout.flush();
            io_failure("judge stress", &error)
        }
    }
}

/// A different first seed for every run (it is printed, so a run can be repeated).
pub(crate) fn seed_from_clock() -> u64 {
    let micros = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|elapsed| elapsed.as_micros())
        .unwrap_or_default();
    // Short enough to read and type; wide enough not to repeat.
    (micros % 1_000_000_000) as u64
}

/// `judge stress ARGS`.
pub(crate) fn main(parser: &mut Parser) -> Result<ExitCode, Stop> {
    Ok(stress_command(parse_stress(parser)?))
}
