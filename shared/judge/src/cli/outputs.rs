//! `judge outputs`: the `.out` of new inputs, from the naive.

use std::io::{self, Write};
use std::process::ExitCode;
use std::time::Duration;

use lexopt::prelude::*;
use lexopt::Parser;

use judge::cases::problem::{missing_pieces, program_path, Piece, Problem};
use judge::commands::build::Build;
use judge::commands::outputs::write_outputs;
use judge::commands::stress::DEFAULT_NAIVE_LIMIT;

use crate::cli::*;

pub(crate) const HELP: &str = "\
usage: judge outputs [--root DIR] [--bin-dir DIR | --no-build] [--naive-time-limit-ms MS] PROBLEM

For every ROOT/io-tests/PROBLEM/NAME.in without a NAME.out: validates
it with BIN-DIR/PROBLEM-validate (when the crate has a validator),
runs BIN-DIR/PROBLEM-naive on it (under MS, default 10000) and writes
its output as NAME.out. An existing file is never overwritten. An input
the validator rejects, or on which the naive fails or runs out of time,
gets nothing and is reported. ROOT, BIN-DIR and the build (the naive
and validator) are as for `judge check`. Closes with `N written, M not
written`; exits 0 when every input has its output, 1 when one was not
written, 2 on a setup error.";

/// `judge outputs`' options.
pub(crate) struct OutputsOptions {
    place: Place,
    problem: String,
    naive_limit: Duration,
}

pub(crate) fn parse_outputs(parser: &mut Parser) -> Result<OutputsOptions, Stop> {
    let mut place = Place::default();
    let mut problems = Vec::new();
    let mut naive_limit = DEFAULT_NAIVE_LIMIT;
    while let Some(arg) = parser.next()? {
        match arg {
            Long("root") => place.root = Some(parser.value()?.into()),
            Long("bin-dir") => place.bin_dir = Some(parser.value()?.into()),
            Long("no-build") => place.no_build = true,
            Long("naive-time-limit-ms") => {
                naive_limit = milliseconds(parser, "--naive-time-limit-ms")?;
            }
            Value(problem) => problems.push(problem.string()?),
            Short('h') | Long("help") => return Err(Stop::Help(HELP)),
            _ => return Err(arg.unexpected().into()),
        }
    }
    let Ok([problem]) = <[String; 1]>::try_from(problems) else {
        return Err(Stop::mistake("name exactly one PROBLEM"));
    };
    Ok(OutputsOptions {
        place,
        problem,
        naive_limit,
    })
}

/// `judge outputs`: exit 0 when every input has its output, 1 when one was not
/// written, 2 on a setup error.
pub(crate) fn outputs_command(options: &OutputsOptions) -> ExitCode {
    let OutputsOptions {
        place,
        problem,
        naive_limit,
    } = options;
    let result = place.root().map_err(io::Error::other).and_then(|root| {
        let loaded = Problem::load(&root, problem)?;
        let pieces = loaded.pieces()?;
        if !pieces.contains(&Piece::Naive) {
            return Err(io::Error::other(missing_pieces(
                problem,
                "judge outputs",
                &[Piece::Naive],
            )));
        }
        let has_validator = pieces.contains(&Piece::Validate);
        let mut build = Build::default();
        build.binary(problem, &Piece::Naive.binary(problem));
        if has_validator {
            build.binary(problem, &Piece::Validate.binary(problem));
        }
        let bin_dir = place.binaries(&root, &build).map_err(io::Error::other)?;
        let validator = program_path(&bin_dir, &Piece::Validate.binary(problem));
        let mut stdout = io::stdout().lock();
        let written = write_outputs(
            &loaded,
            &program_path(&bin_dir, &Piece::Naive.binary(problem)),
            has_validator.then_some(validator.as_path()),
            *naive_limit,
            &mut stdout,
        )?;
        writeln!(stdout, "{written}")?;
        stdout.flush()?;
        Ok(written)
    });
    match result {
        Ok(written) if written.not_written == 0 => ExitCode::SUCCESS,
        Ok(_) => ExitCode::FAILURE,
        Err(error) => io_failure("judge outputs", &error),
    }
}

/// `judge outputs ARGS`.
pub(crate) fn main(parser: &mut Parser) -> Result<ExitCode, Stop> {
    Ok(outputs_command(&parse_outputs(parser)?))
}
