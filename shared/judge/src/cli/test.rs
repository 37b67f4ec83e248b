//! `judge test`: any program on a folder of cases.

use std::io::{self};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Duration;

use lexopt::prelude::*;
use lexopt::Parser;

use judge::cases::problem::Problem;
use judge::commands::check::{check_cases, unusable, Judges, Summary};
use judge::judging::answer::Checking;
use judge::judging::compare::{DefaultValidator, Mode};
use judge::show::show_path;

use crate::cli::*;

pub(crate) const HELP: &str = "\
usage: judge test --bin PROGRAM --tests DIR --time-limit-ms MS [--validator PROGRAM]
                  [--compare lines|tokens|float|kattis] [--float-error E]
                  [--validator-flags FLAGS] [--checker PROGRAM]
                  [--memory-limit-mb MB] [--stack-limit-mb MB] [--output-limit-mb MB]
                  [--interactor PROGRAM]

Checks any program against the .in/.out pairs in DIR (inputs
validated by PROGRAM when --validator is given).
Outputs are compared by --compare:
  lines   (the default) line by line; trailing spaces, CR and blank
          lines at the end ignored;
  tokens  whitespace-separated tokens, each exactly;
  float   tokens, where two decimal numbers agree when their absolute
          or relative error is at most E (--float-error, default 1e-6;
          giving it alone means float); other tokens (nan, inf, 0x10,
          1,5, words, numbers out of a double's range) must be equal;
  kattis  as the Kattis problem format's default output validator, with
          --validator-flags FLAGS as a problem.yaml's validator_flags
          (case_sensitive, space_change_sensitive, float_tolerance E,
          float_absolute_tolerance E, float_relative_tolerance E; giving
          it alone means kattis): tokens, ASCII case ignored, numbers of
          the answer within either tolerance, nan and NaN words alike.
or by a checker with testlib's interface (--checker): run as
`PROGRAM INPUT OUTPUT ANSWER` (the case's input, the program's output,
the stored .out), it exits 0 to accept, 1 for a wrong answer, 2 for a
presentation error (a WA), 7 for points (testlib's quitp: `points N`
first on its stderr; AC when N is full, what it gives the .out itself,
else PTS), or testlib's partially correct (exit n, `partially correct
(n)` on its stderr: PC); anything else, a signal or running past
10 s is its own failure (FAIL: no verdict on the program). The first
line of its stderr is the case's message.
--memory-limit-mb: over it, a case's peak resident memory is MLE (an
allocation failing at the cap of twice the limit too); without it,
memory is measured, not limited. --stack-limit-mb: the program's main
thread stack, whatever `ulimit -s` says (default: the memory limit,
else the caller's). --output-limit-mb: past it, a case's stdout (or
output file) is OLE, the program killed there (default 256).
--interactor: each case is an exchange with
PROGRAM, started as `PROGRAM CASE.in OUTPUT CASE.out` (testlib's
convention) with its stdout on the program's stdin and the program's
stdout on its stdin; its exit status decides (0 AC, 1 WA, 2 PE, any
other: the interactor failed) unless the program failed first.
Prints a line per case and closes with `N passed, M failed`;
exits 1 if anything failed, 2 on a usage error.";

/// `judge test`'s options.
pub(crate) struct TestOptions {
    bin: PathBuf,
    tests: PathBuf,
    time_limit: Duration,
    validator: Option<PathBuf>,
    checking: Checking,
    memory_limit_mb: Option<u64>,
    stack_limit_mb: Option<u64>,
    output_limit_mb: Option<u64>,
    interactor: Option<PathBuf>,
}

pub(crate) fn parse_test(parser: &mut Parser) -> Result<TestOptions, Stop> {
    let mut bin = None;
    let mut tests = None;
    let mut time_limit = None;
    let mut validator = None;
    let mut compare = None;
    let mut float_error = None;
    let mut validator_flags: Option<String> = None;
    let mut checker = None;
    let mut memory_limit_mb = None;
    let mut stack_limit_mb = None;
    let mut output_limit_mb = None;
    let mut interactor = None;
    while let Some(arg) = parser.next()? {
        match arg {
            Long("bin") => bin = Some(file_path(parser.value()?)),
            Long("tests") => tests = Some(parser.value()?.into()),
            Long("time-limit-ms") => time_limit = Some(milliseconds(parser, "--time-limit-ms")?),
            Long("validator") => validator = Some(file_path(parser.value()?)),
            Long("compare") => compare = Some(parser.value()?.string()?),
            Long("float-error") => {
                float_error = Some(value_of(
                    parser,
                    "--float-error",
                    "a decimal number",
                    |text| judge::judging::compare::decimal(text.as_bytes()).ok(),
                )?);
            }
            Long("validator-flags") => validator_flags = Some(parser.value()?.string()?),
            Long("checker") => checker = Some(file_path(parser.value()?)),
            Long("memory-limit-mb") => {
                memory_limit_mb = Some(megabytes(parser, "--memory-limit-mb")?);
            }
            Long("stack-limit-mb") => stack_limit_mb = Some(megabytes(parser, "--stack-limit-mb")?),
            Long("output-limit-mb") => {
                output_limit_mb = Some(megabytes(parser, "--output-limit-mb")?);
            }
            Long("interactor") => interactor = Some(file_path(parser.value()?)),
            Short('h') | Long("help") => return Err(Stop::Help(HELP)),
            _ => return Err(arg.unexpected().into()),
        }
    }
    let checking = match (checker, compare, float_error, &validator_flags) {
        (Some(program), None, None, None) => Checking::checker_program(program),
        (Some(_), ..) => return Err(Stop::mistake(
            "--checker decides alone: it takes no --compare, --float-error or --validator-flags",
        )),
        (None, compare, float_error, flags) => {
            let name = compare.as_deref().unwrap_or(match (float_error, flags) {
                (Some(_), _) => "float",
                (None, Some(_)) => "kattis",
                (None, None) => "lines",
            });
            let mode = Mode::parse(name, float_error)
                .map_err(|error| Stop::mistake(format!("--compare: {error}")))?;
            Checking::Compare(match (mode, flags) {
                (Mode::Kattis(_), Some(flags)) => Mode::Kattis(
                    DefaultValidator::parse(flags)
                        .map_err(|error| Stop::mistake(format!("--validator-flags: {error}")))?,
                ),
                (_, Some(_)) => {
                    return Err(Stop::mistake(format!(
                        "--validator-flags are for --compare kattis, not {name}"
                    )))
                }
                (mode, None) => mode,
            })
        }
    };
    Ok(TestOptions {
        bin: required(bin, "--bin")?,
        tests: required(tests, "--tests")?,
        time_limit: required(time_limit, "--time-limit-ms")?,
        validator,
        checking,
        memory_limit_mb,
        stack_limit_mb,
        output_limit_mb,
        interactor,
    })
}

pub(crate) fn test(options: &TestOptions) -> Result<Summary, Failure> {
    let TestOptions {
        bin,
        tests,
        time_limit,
        validator,
        checking,
        memory_limit_mb,
        stack_limit_mb,
        output_limit_mb,
        interactor,
    } = options;
    let checker = checking.checker().map(Path::to_path_buf);
    let programs = [
        ("--bin", Some(bin)),
        ("--validator", validator.as_ref()),
        ("--checker", checker.as_ref()),
        ("--interactor", interactor.as_ref()),
    ];
    for (flag, program) in programs {
        if let Some(reason) = program.and_then(|program| unusable(program)) {
            return Err(format!("{flag}: {reason}").into());
        }
    }
    let problem = Problem {
        memory_limit_mb: *memory_limit_mb,
        stack_limit_mb: *stack_limit_mb,
        output_limit_mb: *output_limit_mb,
        interactive: interactor.is_some(),
        ..Problem::plain(&show_path(tests), Path::new(""), tests, *time_limit)
    };
    let judges = Judges {
        validator: validator.as_deref(),
        input_validators: &[],
        checking,
        interactor: interactor.as_deref(),
    };
    Ok(check_cases(
        &problem,
        bin,
        &judges,
        None,
        &mut io::stdout().lock(),
        style(),
    )?)
}

/// `judge test ARGS`.
pub(crate) fn main(parser: &mut Parser) -> Result<ExitCode, Stop> {
    let options = parse_test(parser)?;
    Ok(report(test(&options)))
}
