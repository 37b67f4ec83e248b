//! `judge`: the command-line face of the harness.
//!
//! ```text
//! judge check [--root DIR] [--bin-dir DIR] [PROBLEM...]
//! judge test --bin PROGRAM --tests DIR --time-limit-ms MS [--validator PROGRAM]
//!            [--compare lines|tokens|float] [--float-error E] [--checker PROGRAM]
//! judge outputs [--root DIR] [--bin-dir DIR] [--naive-time-limit-ms MS] PROBLEM
//!            [--memory-limit-mb MB] [--stack-limit-mb MB] [--interactor PROGRAM]
//! judge stress [--root DIR] [--bin-dir DIR] PROBLEM [--cases N] [--seed S]
//!              [--size K] [--time SECONDS] [--naive-time-limit-ms MS] [--all]
//! judge new [--root DIR] NAME [--url URL] [--time-limit-ms MS] [--memory-limit-mb MB]
//!           [--compare tokens|float[:E]|checker] [--with PIECE,... | --full] [--interactive]
//! judge help [COMMAND]        (or judge COMMAND --help)
//! ```
//!
//! Every option is written `--opt VALUE` or `--opt=VALUE` (parsed by `lexopt`);
//! paths stay `OsString`s, so any bytes are accepted. Each command has a struct
//! of its options, a parser that fills it and a help text: an option is a
//! field, a match arm and a help line.

use std::env;
use std::ffi::OsStr;
use std::io::{self, IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use lexopt::prelude::*;
use lexopt::Parser;

use judge::cases::problem::{missing_pieces, problem_names, program_path, Piece, Problem, MAX_MB};
use judge::cases::workspace::find_root;
use judge::commands::check::{
    check_cases, check_workspace_problem, unusable, Judges, Style, Summary,
};
use judge::commands::new::{create, parse_limit, Compare, NewError, NewProblem};
use judge::commands::outputs::write_outputs;
use judge::commands::stress::{
    stress, Inputs, Outcome, Programs, Progress, Settings, DEFAULT_CASES, DEFAULT_NAIVE_LIMIT,
    DEFAULT_SIZE, SHRINK_BUDGET,
};
use judge::judging::answer::Checking;
use judge::judging::compare::Mode;
use judge::show::show_path;

const USAGE: &str = "\
usage: judge COMMAND [OPTION...]

  judge check [--root DIR] [--bin-dir DIR] [PROBLEM...]
      Checks problems' built binaries against their stored cases.
  judge test --bin PROGRAM --tests DIR --time-limit-ms MS [OPTION...]
      Checks any program against a folder of .in/.out cases.
  judge stress [--root DIR] [--bin-dir DIR] PROBLEM [OPTION...]
      Compares a problem's submission with its naive on generated inputs.
  judge outputs [--root DIR] [--bin-dir DIR] PROBLEM
      Writes the .out of each new .in of a problem from its naive.
  judge new [--root DIR] NAME [OPTION...]
      Makes a problem (its crate and io-tests folder), or adds pieces to one.
  judge help [COMMAND]
      Shows this, or COMMAND's options (as `judge COMMAND --help` does).

Options are written `--opt VALUE` or `--opt=VALUE`.";

const CHECK_HELP: &str = "\
usage: judge check [--root DIR] [--bin-dir DIR] [PROBLEM...]

Checks each problem's built binary (BIN-DIR/PROBLEM) against
ROOT/io-tests/PROBLEM under the limits in its crate's
[package.metadata.judge] (time-limit-ms; memory-limit-mb, a case's
peak resident memory, over it MLE; stack-limit-mb, default the
memory limit). When the crate has a validator, every
input is first validated by BIN-DIR/PROBLEM-validate (exit 0: valid;
exit 1 and a message: the case fails as INVALID; a missing or
failing validator is an error). An interactive problem (interactive =
true) is judged by BIN-DIR/PROBLEM-interact, as for `judge test
--interactor`. Every problem under ROOT/crates by default. ROOT defaults
to the current folder, BIN-DIR to ${CARGO_TARGET_DIR:-ROOT/target}/release.
Outputs are compared as the crate's [package.metadata.judge] says:
compare = \"lines\" (the default), \"tokens\" or \"float\" (with
float-error = E, default 1e-6), or checker = true: BIN-DIR/PROBLEM-check
judges (see `judge test --help`).
Prints a line per case and closes with `N passed, M failed`;
exits 1 if anything failed, 2 on a usage error.";

const TEST_HELP: &str = "\
usage: judge test --bin PROGRAM --tests DIR --time-limit-ms MS [--validator PROGRAM]
                  [--compare lines|tokens|float] [--float-error E] [--checker PROGRAM]
                  [--memory-limit-mb MB] [--stack-limit-mb MB] [--interactor PROGRAM]

Checks any program against the .in/.out pairs in DIR (inputs
validated by PROGRAM when --validator is given).
Outputs are compared by --compare:
  lines   (the default) line by line; trailing spaces, CR and blank
          lines at the end ignored;
  tokens  whitespace-separated tokens, each exactly;
  float   tokens, where two decimal numbers agree when their absolute
          or relative error is at most E (--float-error, default 1e-6;
          giving it alone means float); other tokens (nan, inf, 0x10,
          1,5, words, numbers out of a double's range) must be equal.
or by a checker with testlib's interface (--checker): run as
`PROGRAM INPUT OUTPUT ANSWER` (the case's input, the program's output,
the stored .out), it exits 0 to accept, 1 for a wrong answer, 2 for a
presentation error (a WA); anything else, a signal or running past
10 s is its own failure (FAIL: no verdict on the program). The first
line of its stderr is the case's message.
--memory-limit-mb: over it, a case's peak resident memory is MLE (an
allocation failing at the cap of twice the limit too); without it,
memory is measured, not limited. --stack-limit-mb: the program's main
thread stack, whatever `ulimit -s` says (default: the memory limit,
else the caller's). --interactor: each case is an exchange with
PROGRAM, started as `PROGRAM CASE.in OUTPUT CASE.out` (testlib's
convention) with its stdout on the program's stdin and the program's
stdout on its stdin; its exit status decides (0 AC, 1 WA, 2 PE, any
other: the interactor failed) unless the program failed first.
Prints a line per case and closes with `N passed, M failed`;
exits 1 if anything failed, 2 on a usage error.";

const STRESS_HELP: &str = "\
usage: judge stress [--root DIR] [--bin-dir DIR] PROBLEM [--cases N] [--seed S]
                    [--size K] [--time SECONDS] [--naive-time-limit-ms MS] [--all]

Runs BIN-DIR/PROBLEM and BIN-DIR/PROBLEM-naive on inputs from
BIN-DIR/PROBLEM-gen, each validated by BIN-DIR/PROBLEM-validate
when the crate has a validator, until they disagree: case i is `PROBLEM-gen S+i K`
(S: --seed, default taken from the clock and printed; K: --size,
default 10). Stops after N cases (default 1000, or no limit when only
--time is given) or SECONDS. --all walks `PROBLEM-gen --all I` for every
I below `PROBLEM-gen --count-all` instead (N and SECONDS still cap it).
ROOT and BIN-DIR default as for `judge check`.
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
Progress goes to stderr. Exits 0 when every case agreed, 1 on a
disagreement (flaky or not), 2 on a usage or setup error (a problem
without a naive or a generator is one: the message names the command
that adds them), 3 when the naive, the generator, the validator or the checker failed, or the validator
rejected a generated input (no verdict on the submission).";

const OUTPUTS_HELP: &str = "\
usage: judge outputs [--root DIR] [--bin-dir DIR] [--naive-time-limit-ms MS] PROBLEM

For every ROOT/io-tests/PROBLEM/NAME.in without a NAME.out: validates
it with BIN-DIR/PROBLEM-validate (when the crate has a validator),
runs BIN-DIR/PROBLEM-naive on it (under MS, default 10000) and writes
its output as NAME.out. An existing file is never overwritten. An input
the validator rejects, or on which the naive fails or runs out of time,
gets nothing and is reported. ROOT and BIN-DIR default as for `judge
check`. Closes with `N written, M not written`; exits 0 when every
input has its output, 1 when one was not written, 2 on a setup error.";

const NEW_HELP: &str = "\
usage: judge new [--root DIR] NAME [--url URL] [--time-limit-ms MS] [--memory-limit-mb MB]
                 [--compare tokens|float[:E]|checker] [--with PIECE,... | --full]
                 [--interactive]

Makes the problem NAME: ROOT/crates/NAME (its manifest, an AtCoder-style
src/main.rs that reads with proconio's input!, and tests/io_tests.rs,
which runs the stored cases) and an empty ROOT/io-tests/NAME/, and adds
it to Cargo.lock. Write main.rs, put the samples in io-tests/NAME/ as
sample-1.in, sample-1.out, ..., and `scripts/check.sh NAME` judges them.
NAME: lowercase letters, digits and dashes, starting with a letter.
Defaults: 2000 ms, 256 MB; --url is recorded in the manifest (for an
AtCoder, Codeforces or yukicoder URL, the `oj d` command that fetches
the samples is printed). ROOT defaults to the workspace the current
folder is in (the first folder up with a Cargo.toml with [workspace]).

Pieces, for a problem to be hardened (--with takes a comma-separated
list, --full all four: the library-checker set):
  naive     src/bin/naive.rs, a brute force; tests/naive.rs runs it on
            the stored cases
  gen       src/bin/gen.rs, the input generator; tests/generator.rs
  validate  src/bin/validate.rs, the input validator; tests/validate.rs
  baseline  src/bin/baseline.rs, bench.sh's input-only baseline;
            tests/baseline.rs
naive and gen together also bring tests/brute_force.rs (the submission
against the naive on generated inputs), validate and gen
tests/generated_inputs.rs. Each piece starts as a stub that fails,
saying so, until it is written. On an existing problem, --with, --full
and --interactive add the pieces it lacks (a piece is there when its
binary is declared) and never overwrite a file; the other options are
for a new problem only.

How outputs are judged (default: line by line), set when a problem is made:
  --compare tokens     as whitespace-separated tokens
  --compare float[:E]  as tokens, numbers within an absolute or relative
                       error E (default 1e-6)
  --compare checker    by src/bin/check.rs, a checker with testlib's
                       interface (judge::checker), a stub that fails
                       until it is written

--interactive: the problem is judged by an interactor (testlib's
convention), src/bin/interact.rs, a stub that fails until it is written;
`interactive = true` goes into the manifest, and a new problem's main.rs
reads each answer as it comes (a LineSource over stdin) and flushes each
query.
Prints each file written; exits 0 when done, 2 on a usage error or a
request that cannot be made (nothing is written then: a bad name or
value, an existing problem with nothing to add), 1 when writing or
rustfmt failed.";

/// Exit status when stdout is a closed pipe (`judge ... | head -1`): what a
/// shell shows for a program ended by SIGPIPE, reached without a message.
const BROKEN_PIPE_EXIT: u8 = 141;

/// A command: its name, its help text, and the parser of its arguments.
struct CommandSpec {
    name: &'static str,
    help: &'static str,
    parse: fn(&mut Parser) -> Result<Command, Stop>,
}

const COMMANDS: [CommandSpec; 5] = [
    CommandSpec {
        name: "check",
        help: CHECK_HELP,
        parse: |parser| parse_check(parser).map(Command::Check),
    },
    CommandSpec {
        name: "test",
        help: TEST_HELP,
        parse: |parser| parse_test(parser).map(Command::Test),
    },
    CommandSpec {
        name: "stress",
        help: STRESS_HELP,
        parse: |parser| parse_stress(parser).map(Command::Stress),
    },
    CommandSpec {
        name: "outputs",
        help: OUTPUTS_HELP,
        parse: |parser| parse_outputs(parser).map(Command::Outputs),
    },
    CommandSpec {
        name: "new",
        help: NEW_HELP,
        parse: |parser| parse_new(parser).map(Command::New),
    },
];

/// What the command line asks to run.
enum Command {
    Check(CheckOptions),
    Test(TestOptions),
    Stress(StressOptions),
    Outputs(OutputsOptions),
    New(NewOptions),
}

/// `judge check`'s options.
struct CheckOptions {
    root: PathBuf,
    bin_dir: PathBuf,
    /// Every problem under ROOT/crates when empty.
    problems: Vec<String>,
}

/// `judge test`'s options.
struct TestOptions {
    bin: PathBuf,
    tests: PathBuf,
    time_limit: Duration,
    validator: Option<PathBuf>,
    checking: Checking,
    memory_limit_mb: Option<u64>,
    stack_limit_mb: Option<u64>,
    interactor: Option<PathBuf>,
}

/// `judge outputs`' options.
struct OutputsOptions {
    root: PathBuf,
    bin_dir: PathBuf,
    problem: String,
    naive_limit: Duration,
}

/// `judge stress`'s options.
struct StressOptions {
    root: PathBuf,
    bin_dir: PathBuf,
    problem: String,
    inputs: Inputs,
    max_cases: Option<u64>,
    time_budget: Option<Duration>,
    naive_limit: Duration,
}

/// `judge new`'s options.
struct NewOptions {
    /// `None`: the workspace the current folder is in.
    root: Option<PathBuf>,
    spec: NewProblem,
}

/// Why the command line runs nothing.
enum Stop {
    /// Help was asked for: this text goes to stdout.
    Help(&'static str),
    /// A mistake in the command line, and the command whose help to point at.
    Mistake {
        message: String,
        command: Option<&'static str>,
    },
}

impl Stop {
    fn mistake(message: impl Into<String>) -> Stop {
        Stop::Mistake {
            message: message.into(),
            command: None,
        }
    }

    /// A mistake among `name`'s arguments points at `judge name --help`.
    fn within(self, name: &'static str) -> Stop {
        match self {
            Stop::Mistake {
                message,
                command: None,
            } => Stop::Mistake {
                message,
                command: Some(name),
            },
            other => other,
        }
    }
}

impl From<lexopt::Error> for Stop {
    fn from(error: lexopt::Error) -> Stop {
        Stop::mistake(error.to_string())
    }
}

/// Why a command stopped after its command line was read.
enum Failure {
    /// A setup error: a program that cannot run, a problem that cannot be read.
    Setup(String),
    Io(io::Error),
}

impl From<io::Error> for Failure {
    fn from(error: io::Error) -> Failure {
        Failure::Io(error)
    }
}

impl From<String> for Failure {
    fn from(message: String) -> Failure {
        Failure::Setup(message)
    }
}

fn main() -> ExitCode {
    let command = match parse_command_line(&mut Parser::from_env()) {
        Ok(command) => command,
        Err(Stop::Help(text)) => {
            return match writeln!(io::stdout(), "{text}") {
                Ok(()) => ExitCode::SUCCESS,
                Err(error) => io_failure("judge", &error),
            };
        }
        Err(Stop::Mistake { message, command }) => {
            let help = match command {
                Some(name) => format!("judge {name} --help"),
                None => "judge --help".to_string(),
            };
            eprintln!("judge: {message}\ntry `{help}`");
            return ExitCode::from(2);
        }
    };
    match command {
        Command::Check(options) => report(check(&options)),
        Command::Test(options) => report(test(&options)),
        Command::Stress(options) => stress_command(options),
        Command::Outputs(options) => outputs_command(&options),
        Command::New(options) => new_command(&options),
    }
}

fn parse_command_line(parser: &mut Parser) -> Result<Command, Stop> {
    let name = match parser.next()? {
        None => return Err(Stop::mistake("no command given")),
        Some(Short('h') | Long("help")) => return Err(Stop::Help(USAGE)),
        Some(Value(name)) => name,
        Some(arg) => return Err(arg.unexpected().into()),
    };
    if name == "help" {
        return Err(Stop::Help(help_topic(parser)?));
    }
    let spec = command_spec(&name)?;
    (spec.parse)(parser).map_err(|stop| stop.within(spec.name))
}

fn command_spec(name: &OsStr) -> Result<&'static CommandSpec, Stop> {
    COMMANDS
        .iter()
        .find(|spec| name == spec.name)
        .ok_or_else(|| Stop::mistake(format!("unknown command {}", show_path(name))))
}

/// `judge help [COMMAND]`: the text to show.
fn help_topic(parser: &mut Parser) -> Result<&'static str, Stop> {
    let help = match parser.next()? {
        None => return Ok(USAGE),
        Some(Value(name)) if name == "help" => USAGE,
        Some(Value(name)) => command_spec(&name)?.help,
        Some(arg) => return Err(arg.unexpected().into()),
    };
    match parser.next()? {
        None => Ok(help),
        Some(arg) => Err(arg.unexpected().into()),
    }
}

fn parse_check(parser: &mut Parser) -> Result<CheckOptions, Stop> {
    let mut root = PathBuf::from(".");
    let mut bin_dir = None;
    let mut problems = Vec::new();
    while let Some(arg) = parser.next()? {
        match arg {
            Long("root") => root = parser.value()?.into(),
            Long("bin-dir") => bin_dir = Some(parser.value()?.into()),
            Value(problem) => problems.push(problem.string()?),
            Short('h') | Long("help") => return Err(Stop::Help(CHECK_HELP)),
            _ => return Err(arg.unexpected().into()),
        }
    }
    Ok(CheckOptions {
        bin_dir: bin_dir.unwrap_or_else(|| default_bin_dir(&root)),
        root,
        problems,
    })
}

fn parse_test(parser: &mut Parser) -> Result<TestOptions, Stop> {
    let mut bin = None;
    let mut tests = None;
    let mut time_limit = None;
    let mut validator = None;
    let mut compare = None;
    let mut float_error = None;
    let mut checker = None;
    let mut memory_limit_mb = None;
    let mut stack_limit_mb = None;
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
            Long("checker") => checker = Some(file_path(parser.value()?)),
            Long("memory-limit-mb") => {
                memory_limit_mb = Some(megabytes(parser, "--memory-limit-mb")?);
            }
            Long("stack-limit-mb") => stack_limit_mb = Some(megabytes(parser, "--stack-limit-mb")?),
            Long("interactor") => interactor = Some(file_path(parser.value()?)),
            Short('h') | Long("help") => return Err(Stop::Help(TEST_HELP)),
            _ => return Err(arg.unexpected().into()),
        }
    }
    let checking = match (checker, compare, float_error) {
        (Some(_), Some(_), _) | (Some(_), _, Some(_)) => {
            return Err(Stop::mistake(
                "--checker decides alone: it takes no --compare or --float-error",
            ))
        }
        (Some(program), None, None) => Checking::checker_program(program),
        (None, compare, float_error) => {
            let name = compare.as_deref().unwrap_or(match float_error {
                Some(_) => "float",
                None => "lines",
            });
            Checking::Compare(
                Mode::parse(name, float_error)
                    .map_err(|error| Stop::mistake(format!("--compare: {error}")))?,
            )
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
        interactor,
    })
}

fn parse_outputs(parser: &mut Parser) -> Result<OutputsOptions, Stop> {
    let mut root = PathBuf::from(".");
    let mut bin_dir = None;
    let mut problems = Vec::new();
    let mut naive_limit = DEFAULT_NAIVE_LIMIT;
    while let Some(arg) = parser.next()? {
        match arg {
            Long("root") => root = parser.value()?.into(),
            Long("bin-dir") => bin_dir = Some(parser.value()?.into()),
            Long("naive-time-limit-ms") => {
                naive_limit = milliseconds(parser, "--naive-time-limit-ms")?;
            }
            Value(problem) => problems.push(problem.string()?),
            Short('h') | Long("help") => return Err(Stop::Help(OUTPUTS_HELP)),
            _ => return Err(arg.unexpected().into()),
        }
    }
    let Ok([problem]) = <[String; 1]>::try_from(problems) else {
        return Err(Stop::mistake("name exactly one PROBLEM"));
    };
    Ok(OutputsOptions {
        bin_dir: bin_dir.unwrap_or_else(|| default_bin_dir(&root)),
        root,
        problem,
        naive_limit,
    })
}

fn parse_stress(parser: &mut Parser) -> Result<StressOptions, Stop> {
    let mut root = PathBuf::from(".");
    let mut bin_dir = None;
    let mut problems = Vec::new();
    let mut cases = None;
    let mut seed = None;
    let mut size = None;
    let mut time_budget = None;
    let mut naive_limit = DEFAULT_NAIVE_LIMIT;
    let mut walk = false;
    while let Some(arg) = parser.next()? {
        match arg {
            Long("root") => root = parser.value()?.into(),
            Long("bin-dir") => bin_dir = Some(parser.value()?.into()),
            Value(problem) => problems.push(problem.string()?),
            Long("cases") => cases = Some(at_least(parser, "--cases", 1)?),
            Long("seed") => seed = Some(at_least(parser, "--seed", 0)?),
            Long("size") => size = Some(at_least(parser, "--size", 1)?),
            Long("time") => time_budget = Some(seconds(parser, "--time")?),
            Long("naive-time-limit-ms") => {
                naive_limit = milliseconds(parser, "--naive-time-limit-ms")?;
            }
            Long("all") => walk = true,
            Short('h') | Long("help") => return Err(Stop::Help(STRESS_HELP)),
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
        bin_dir: bin_dir.unwrap_or_else(|| default_bin_dir(&root)),
        root,
        problem,
        inputs,
        max_cases,
        time_budget,
        naive_limit,
    })
}

fn parse_new(parser: &mut Parser) -> Result<NewOptions, Stop> {
    let mut root = None;
    let mut names = Vec::new();
    let mut spec = NewProblem::default();
    while let Some(arg) = parser.next()? {
        match arg {
            Long("root") => root = Some(parser.value()?.into()),
            Long("url") => spec.url = Some(parser.value()?.string()?),
            Long("time-limit-ms") => spec.time_limit_ms = Some(limit(parser, "time limit")?),
            Long("memory-limit-mb") => {
                spec.memory_limit_mb = Some(limit(parser, "memory limit")?);
            }
            Long("compare") => {
                spec.compare = Compare::parse(&parser.value()?.string()?)
                    .map_err(|error| Stop::mistake(error.to_string()))?;
            }
            Long("with") => {
                for word in parser.value()?.string()?.split(',') {
                    let piece = Piece::ALL
                        .into_iter()
                        .find(|piece| piece.word() == word)
                        .ok_or_else(|| {
                            Stop::mistake(format!(
                                "unknown piece '{word}' (pieces: naive gen validate baseline)"
                            ))
                        })?;
                    spec.pieces.push(piece);
                }
            }
            Long("full") => spec.pieces.extend(Piece::ALL),
            Long("interactive") => spec.interactive = true,
            Value(name) => names.push(name.string()?),
            Short('h') | Long("help") => return Err(Stop::Help(NEW_HELP)),
            _ => return Err(arg.unexpected().into()),
        }
    }
    let Ok([name]) = <[String; 1]>::try_from(names) else {
        return Err(Stop::mistake("name exactly one NAME"));
    };
    spec.name = name;
    Ok(NewOptions { root, spec })
}

/// A time or memory limit: a whole number from 1, written without a leading zero.
fn limit(parser: &mut Parser, what: &str) -> Result<u64, Stop> {
    let value = parser.value()?.string()?;
    parse_limit(&value).ok_or_else(|| Stop::mistake(format!("bad {what} '{value}'")))
}

/// A program named on the command line is a file (`prog` is `./prog`), never
/// looked up on PATH.
fn file_path(value: std::ffi::OsString) -> PathBuf {
    let path = PathBuf::from(value);
    if path.components().count() == 1 && path.is_relative() {
        Path::new(".").join(path)
    } else {
        path
    }
}

fn required<T>(value: Option<T>, option: &str) -> Result<T, Stop> {
    value.ok_or_else(|| Stop::mistake(format!("{option} is required")))
}

/// The option's value as read by `read`; a value it rejects is a mistake
/// that names the option and says what it `takes`.
fn value_of<T>(
    parser: &mut Parser,
    option: &str,
    takes: &str,
    read: impl FnOnce(&str) -> Option<T>,
) -> Result<T, Stop> {
    let value = parser.value()?;
    value
        .to_str()
        .and_then(read)
        .ok_or_else(|| Stop::mistake(format!("{option} takes {takes}, not {value:?}")))
}

fn at_least(parser: &mut Parser, option: &str, least: u64) -> Result<u64, Stop> {
    let takes = format!("a whole number of at least {least}");
    value_of(parser, option, &takes, |text| {
        text.parse().ok().filter(|&value| value >= least)
    })
}

fn milliseconds(parser: &mut Parser, option: &str) -> Result<Duration, Stop> {
    let takes = "a positive whole number of milliseconds";
    value_of(parser, option, takes, |text| {
        text.parse()
            .ok()
            .filter(|&ms| ms > 0)
            .map(Duration::from_millis)
    })
}

fn megabytes(parser: &mut Parser, option: &str) -> Result<u64, Stop> {
    let takes = format!("a whole number of MiB from 1 to {MAX_MB}");
    value_of(parser, option, &takes, |text| {
        text.parse().ok().filter(|mb| (1..=MAX_MB).contains(mb))
    })
}

fn seconds(parser: &mut Parser, option: &str) -> Result<Duration, Stop> {
    value_of(parser, option, "a positive number of seconds", |text| {
        text.parse()
            .ok()
            .filter(|&seconds: &f64| seconds > 0.0)
            .and_then(|seconds| Duration::try_from_secs_f64(seconds).ok())
    })
}

/// `${CARGO_TARGET_DIR:-ROOT/target}/release`.
fn default_bin_dir(root: &Path) -> PathBuf {
    env::var_os("CARGO_TARGET_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| root.join("target"))
        .join("release")
}

/// Ends `check` and `test`: the closing line, and exit 0 when every case
/// passed, 1 when one failed, 2 on a setup error.
fn report(result: Result<Summary, Failure>) -> ExitCode {
    let result = result.and_then(|summary| {
        let mut stdout = io::stdout().lock();
        writeln!(stdout, "{}", summary.closing_line())?;
        stdout.flush()?;
        Ok(summary)
    });
    match result {
        Ok(summary) if summary.failed == 0 => ExitCode::SUCCESS,
        Ok(_) => ExitCode::FAILURE,
        Err(Failure::Setup(message)) => {
            eprintln!("judge: {message}");
            ExitCode::from(2)
        }
        Err(Failure::Io(error)) => io_failure("judge", &error),
    }
}

/// Ends quietly on a closed stdout; any other write error is reported (exit 2).
fn io_failure(command: &str, error: &io::Error) -> ExitCode {
    if error.kind() == io::ErrorKind::BrokenPipe {
        return ExitCode::from(BROKEN_PIPE_EXIT);
    }
    eprintln!("{command}: {error}");
    ExitCode::from(2)
}

fn style() -> Style {
    if io::stdout().is_terminal() {
        Style::Color
    } else {
        Style::Plain
    }
}

fn check(options: &CheckOptions) -> Result<Summary, Failure> {
    let CheckOptions {
        root,
        bin_dir,
        problems,
    } = options;
    let names = if problems.is_empty() {
        problem_names(root).map_err(|error| error.to_string())?
    } else {
        problems.clone()
    };
    if names.is_empty() {
        return Err(format!("no problems under {}", root.join("crates").display()).into());
    }
    let mut total = Summary::default();
    let mut stdout = io::stdout().lock();
    for name in &names {
        let problem = Problem::load(root, name).map_err(|error| format!("{name}: {error}"))?;
        let summary =
            check_workspace_problem(&problem, &program_path(bin_dir, name), &mut stdout, style())?;
        total.add(summary);
        stdout.flush()?;
    }
    Ok(total)
}

fn test(options: &TestOptions) -> Result<Summary, Failure> {
    let TestOptions {
        bin,
        tests,
        time_limit,
        validator,
        checking,
        memory_limit_mb,
        stack_limit_mb,
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
        name: show_path(tests),
        manifest_dir: PathBuf::new(),
        io_tests_dir: tests.clone(),
        time_limit: *time_limit,
        memory_limit_mb: *memory_limit_mb,
        stack_limit_mb: *stack_limit_mb,
        interactive: interactor.is_some(),
        url: None,
        compare: Mode::Lines,
        checker: false,
    };
    let judges = Judges {
        validator: validator.as_deref(),
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

/// `judge outputs`: exit 0 when every input has its output, 1 when one was not
/// written, 2 on a setup error.
fn outputs_command(options: &OutputsOptions) -> ExitCode {
    let OutputsOptions {
        root,
        bin_dir,
        problem,
        naive_limit,
    } = options;
    let result = Problem::load(root, problem).and_then(|loaded| {
        let pieces = loaded.pieces()?;
        if !pieces.contains(&Piece::Naive) {
            return Err(io::Error::other(missing_pieces(
                problem,
                "judge outputs",
                &[Piece::Naive],
            )));
        }
        let has_validator = pieces.contains(&Piece::Validate);
        let validator = program_path(bin_dir, &Piece::Validate.binary(problem));
        let mut stdout = io::stdout().lock();
        let written = write_outputs(
            &loaded,
            &program_path(bin_dir, &Piece::Naive.binary(problem)),
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

/// `judge stress`: exit 0 clean, 1 disagreement, 2 usage or setup error, 3 a tool failed.
fn stress_command(options: StressOptions) -> ExitCode {
    let loaded = Problem::load(&options.root, &options.problem)
        .map_err(|error| format!("{}: {error}", options.problem))
        .and_then(|problem| {
            let programs =
                Programs::of(&problem, &options.bin_dir).map_err(|error| error.to_string())?;
            Ok((problem, programs))
        });
    let (problem, programs) = match loaded {
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
        checking: problem.checking(&options.bin_dir),
    };
    let mut stdout = io::stdout().lock();
    let mut stderr = io::stderr();
    let in_place = stderr.is_terminal();
    let mut progress = Progress::new(&mut stderr, in_place);
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

/// `judge new`: exit 0 when done, 2 when the request cannot be made (nothing
/// written), 1 when writing or formatting failed.
fn new_command(options: &NewOptions) -> ExitCode {
    let root = match &options.root {
        Some(root) => root.clone(),
        None => match env::current_dir()
            .map_err(|error| format!("the current folder: {error}"))
            .and_then(|folder| find_root(&folder))
        {
            Ok(root) => root,
            Err(message) => {
                eprintln!("judge: {message} (give --root DIR)");
                return ExitCode::from(2);
            }
        },
    };
    match create(&root, &options.spec) {
        Ok(created) => {
            let mut stdout = io::stdout().lock();
            let reported = created
                .report(&mut stdout, &mut io::stderr())
                .and_then(|()| stdout.flush());
            match reported {
                Ok(()) => ExitCode::SUCCESS,
                Err(error) => io_failure("judge new", &error),
            }
        }
        Err(error) => {
            eprintln!("judge: {error}");
            match error {
                NewError::Exists { .. } | NewError::Invalid(_) => ExitCode::from(2),
                NewError::Io { .. } | NewError::Rustfmt(_) => ExitCode::FAILURE,
            }
        }
    }
}

/// A different first seed for every run (it is printed, so a run can be repeated).
fn seed_from_clock() -> u64 {
    let micros = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|elapsed| elapsed.as_micros())
        .unwrap_or_default();
    // Short enough to read and type; wide enough not to repeat.
    (micros % 1_000_000_000) as u64
}
