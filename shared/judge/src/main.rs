//! `judge`: the command-line face of the harness.
//!
//! Its commands and their options are the help texts below (`judge --help`,
//! `judge help COMMAND`); `cargo judge COMMAND` runs it from anywhere in the
//! workspace (an alias in .cargo/config.toml).
//!
//! Every option is written `--opt VALUE` or `--opt=VALUE` (parsed by `lexopt`);
//! paths stay `OsString`s, so any bytes are accepted. Each command has a struct
//! of its options, a parser that fills it and a help text: an option is a
//! field, a match arm and a help line.

use std::ffi::{OsStr, OsString};
use std::fs;
use std::io::{self, IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use lexopt::prelude::*;
use lexopt::Parser;

use judge::cases::problem::{missing_pieces, problem_names, program_path, Piece, Problem, MAX_MB};
use judge::cases::suite::discover;
use judge::cases::workspace::find_root;
use judge::commands::bench::{
    bench_problem, machine_line, Settings as BenchSettings, Size, TABLE_HEADER,
};
use judge::commands::build::{release_dir, Build};
use judge::commands::check::{
    check_cases, check_workspace_problem, unusable, workspace_programs, Judges, Style, Summary,
};
use judge::commands::new::{create, parse_limit, Compare, NewError, NewProblem};
use judge::commands::outputs::write_outputs;
use judge::commands::passed::{self, Record, Shared};
use judge::commands::stress::{
    stress, Inputs, Outcome, Programs, Progress, Settings, DEFAULT_CASES, DEFAULT_NAIVE_LIMIT,
    DEFAULT_SIZE, SHRINK_BUDGET,
};
use judge::judging::answer::Checking;
use judge::judging::compare::Mode;
use judge::show::show_path;

const USAGE: &str = "\
usage: judge COMMAND [OPTION...]    (in this workspace: cargo judge COMMAND)

  check     Builds problems and judges them on their stored cases.
  test      Judges any program on a folder of .in/.out cases.
  stress    Compares a submission with its naive on generated inputs.
  outputs   Writes the .out of each new .in of a problem from its naive.
  new       Makes a problem (crates/NAME, io-tests/NAME), or adds pieces to one.
  listen    Makes each problem Competitive Companion sends from the browser.
  submit    Judges a problem, then copies what its judge takes to the clipboard.
  watch     Judges a problem again on every save of its sources or cases.
  bench     Times solutions against their input-only baselines.
  help      Shows this, or a command's options: judge help COMMAND.

Options are written `--opt VALUE` or `--opt=VALUE`; `judge COMMAND --help`
is `judge help COMMAND`.";

const CHECK_HELP: &str = "\
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
Progress goes to stderr. Exits 0 when every case agreed, 1 on a
disagreement (flaky or not), 2 on a usage or setup error (a problem
without a naive or a generator is one: the message names the command
that adds them), 3 when the naive, the generator, the validator or the checker failed, or the validator
rejected a generated input (no verdict on the submission).";

const OUTPUTS_HELP: &str = "\
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

const BENCH_HELP: &str = "\
usage: judge bench [--root DIR] [--bin-dir DIR | --no-build] [--runs N] [--seed S]
                   [--size K | --smoke] [PROBLEM...]
       judge bench --growth [OPTION...] [PROBLEM...]

Times each problem (every one under ROOT/crates by default) at judge
scale against its input-only baseline and prints a Markdown table.
`PROBLEM-gen S K` (S: --seed, default 1; K: --size, default max, capped
by the generator at its largest) writes the input to TARGET/bench/
(TARGET: the folder above BIN-DIR; regenerated each time). PROBLEM and
PROBLEM-baseline (which reads the same tokens the same way and solves
nothing) each run once for their peak memory, then N times each (--runs,
default 7), interleaved, as whole processes with stdout on the null
device. Columns: the median wall time of each (start-up included), their
ratio, input bytes, cases (the input's first token; 1 for single-case =
true in the crate's [package.metadata.judge]), throughput from the
solution's median, and peak memory. ROOT, BIN-DIR and the build (each
problem's solution, generator and baseline) are as for `judge check`.
A problem needs a generator and a baseline: a named problem without
them is an error (exit 2); with no problem named, such problems are
skipped, each with a line. --smoke (= --size 1000 --runs 1) is CI's
check: it asserts nothing about time, but exits 1 if any program fails
or the solution prints nothing.

--growth: how each problem's cost grows instead. The growth tool
(shared/growth, built with every problem's binaries) times solution,
baseline and naive at doubling generator sizes, fits time ∝ bytes^k,
prints a table per problem and writes an SVG each and an index.html
under TARGET/growth/; it exits 1 when a solution grows faster than the
growth its crate claims. `judge bench --growth --help` lists its
options; `--growth --self-test` checks that a quadratic toy is flagged
and a linear one is not.";

const NEW_HELP: &str = "\
usage: judge new [--root DIR] NAME [--url URL] [--time-limit-ms MS] [--memory-limit-mb MB]
                 [--compare tokens|float[:E]|checker] [--with PIECE,... | --full]
                 [--interactive] [--input-file FILE] [--output-file FILE]

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
  gen       src/bin/gen.rs, the input generator; tests/all/generator.rs
  validate  src/bin/validate.rs, the input validator; tests/all/validate.rs
  baseline  src/bin/baseline.rs, bench.sh's input-only baseline;
            tests/all/baseline.rs
naive and gen together also bring tests/all/brute_force.rs (the
submission against the naive on generated inputs), validate and gen
tests/all/generated_inputs.rs. The tests under tests/all/ are one test
binary, declared in tests/all/main.rs; the two that judge the stored
cases under the memory limit keep a binary each (the harness's own
memory counts in a run's peak). Each piece starts as a stub that fails,
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

--input-file FILE, --output-file FILE: the problem reads its input from
FILE (or writes its answer to FILE) in its working folder instead of
stdin (stdout), as some judges have it; they go into the manifest, the
harness lays each case out so, and main.rs opens the files.
Prints each file written; exits 0 when done, 2 on a usage error or a
request that cannot be made (nothing is written then: a bad name or
value, an existing problem with nothing to add), 1 when writing or
rustfmt failed.";

/// `judge help listen`: the listener's own `--help` says the rest.
const LISTEN_HELP: &str = "\
usage: judge listen [--root DIR] [--port P]

Receives problems from the Competitive Companion browser extension on
127.0.0.1:P (default 4244) and makes each one as `judge new` does, with
its samples, limits and URL. `judge listen --help` tells the rest.";

/// `judge help submit`: the tool's own `--help` says the rest.
const SUBMIT_HELP: &str = "\
usage: judge submit NAME [--no-check] [--open] [--print]

Judges NAME's stored cases as `judge check NAME` does and, when every case
passes, copies what NAME's judge takes to the clipboard (AtCoder: main.rs
as it is; other judges: the bundle), and says where to paste it.
`judge submit --help` tells the rest.";

/// `judge help watch`: the tool's own `--help` says the same.
const WATCH_HELP: &str = "\
usage: judge watch NAME

Judges NAME as `judge check NAME` does, then again on every save of its
crate or its cases (a burst of saves counts once), the screen cleared
first. Ctrl-C ends it.";

/// Exit status when stdout is a closed pipe (`judge ... | head -1`): what a
/// shell shows for a program ended by SIGPIPE, reached without a message.
const BROKEN_PIPE_EXIT: u8 = 141;

/// A command: its name, its help text, and the parser of its arguments.
struct CommandSpec {
    name: &'static str,
    help: &'static str,
    parse: fn(&mut Parser) -> Result<Command, Stop>,
}

const COMMANDS: [CommandSpec; 9] = [
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
        name: "bench",
        help: BENCH_HELP,
        parse: parse_bench,
    },
    CommandSpec {
        name: "new",
        help: NEW_HELP,
        parse: |parser| parse_new(parser).map(Command::New),
    },
    CommandSpec {
        name: "listen",
        help: LISTEN_HELP,
        // The listener reads its own options, and prints its own help.
        parse: |parser| Ok(Command::Listen(parser.raw_args()?.collect())),
    },
    CommandSpec {
        name: "submit",
        help: SUBMIT_HELP,
        // The tool reads its own options, and prints its own help.
        parse: |parser| Ok(Command::Submit(parser.raw_args()?.collect())),
    },
    CommandSpec {
        name: "watch",
        help: WATCH_HELP,
        parse: |parser| Ok(Command::Watch(parser.raw_args()?.collect())),
    },
];

/// What the command line asks to run.
enum Command {
    Check(CheckOptions),
    Test(TestOptions),
    Stress(StressOptions),
    Outputs(OutputsOptions),
    Bench(BenchOptions),
    /// `judge bench --growth ARGS`: ARGS go to the growth tool.
    Growth(Vec<OsString>),
    /// `judge listen ARGS`: ARGS go to the listener.
    Listen(Vec<OsString>),
    /// `judge submit ARGS`: ARGS go to the submit tool.
    Submit(Vec<OsString>),
    /// `judge watch ARGS`: ARGS go to the watch tool.
    Watch(Vec<OsString>),
    New(NewOptions),
}

/// `judge check`'s options.
struct CheckOptions {
    place: Place,
    /// Every problem under ROOT/crates when empty.
    problems: Vec<String>,
    /// Judges every problem, even one unchanged since it passed.
    force: bool,
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
    place: Place,
    problem: String,
    naive_limit: Duration,
}

/// `judge stress`'s options.
struct StressOptions {
    place: Place,
    problem: String,
    inputs: Inputs,
    max_cases: Option<u64>,
    time_budget: Option<Duration>,
    naive_limit: Duration,
}

/// `judge bench`'s options.
struct BenchOptions {
    place: Place,
    settings: BenchSettings,
    /// Every problem under ROOT/crates when empty.
    problems: Vec<String>,
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
        Command::Bench(options) => bench_command(&options),
        Command::Growth(args) => growth_command(&args),
        Command::Listen(args) => listen_command(&args),
        Command::Submit(args) => tool_command("submit", &args),
        Command::Watch(args) => tool_command("watch", &args),
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
            Short('h') | Long("help") => return Err(Stop::Help(CHECK_HELP)),
            _ => return Err(arg.unexpected().into()),
        }
    }
    Ok(CheckOptions {
        place,
        problems,
        force,
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
            Short('h') | Long("help") => return Err(Stop::Help(OUTPUTS_HELP)),
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

fn parse_stress(parser: &mut Parser) -> Result<StressOptions, Stop> {
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
        place,
        problem,
        inputs,
        max_cases,
        time_budget,
        naive_limit,
    })
}

fn parse_bench(parser: &mut Parser) -> Result<Command, Stop> {
    let mut place = Place::default();
    let mut settings = BenchSettings {
        runs: 7,
        seed: 1,
        size: Size::Max,
    };
    let mut problems = Vec::new();
    let mut first = true;
    while let Some(arg) = parser.next()? {
        match arg {
            Long("growth") if first => {
                return Ok(Command::Growth(parser.raw_args()?.collect()));
            }
            Long("growth") => return Err(Stop::mistake("--growth comes first")),
            Long("root") => place.root = Some(parser.value()?.into()),
            Long("bin-dir") => place.bin_dir = Some(parser.value()?.into()),
            Long("no-build") => place.no_build = true,
            Long("runs") => {
                let runs = at_least(parser, "--runs", 1)?;
                settings.runs = u32::try_from(runs)
                    .map_err(|_| Stop::mistake(format!("--runs {runs}: too many")))?;
            }
            Long("seed") => settings.seed = at_least(parser, "--seed", 0)?,
            Long("size") => settings.size = Size::Given(at_least(parser, "--size", 1)?),
            Long("smoke") => {
                settings.size = Size::Given(1000);
                settings.runs = 1;
            }
            Value(problem) => problems.push(problem.string()?),
            Short('h') | Long("help") => return Err(Stop::Help(BENCH_HELP)),
            _ => return Err(arg.unexpected().into()),
        }
        first = false;
    }
    Ok(Command::Bench(BenchOptions {
        place,
        settings,
        problems,
    }))
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
            Long("input-file") => spec.input_file = Some(parser.value()?.string()?),
            Long("output-file") => spec.output_file = Some(parser.value()?.string()?),
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

/// Where a command finds the workspace and its binaries: `--root DIR`
/// (default: the workspace the current folder is in), and either `--bin-dir
/// DIR` (binaries built already, there) or the release folder, built first
/// unless `--no-build`.
#[derive(Debug, Default)]
struct Place {
    root: Option<PathBuf>,
    bin_dir: Option<PathBuf>,
    no_build: bool,
}

impl Place {
    fn root(&self) -> Result<PathBuf, String> {
        match &self.root {
            Some(root) => Ok(root.clone()),
            None => find_root(Path::new(".")),
        }
    }

    /// The folder of the binaries, after running `build` when they are to be
    /// built.
    fn binaries(&self, root: &Path, build: &Build) -> Result<PathBuf, String> {
        self.build(root, build)?;
        Ok(self.bin_dir(root))
    }

    /// The folder of the binaries: `--bin-dir`'s, else the release folder.
    fn bin_dir(&self, root: &Path) -> PathBuf {
        self.bin_dir.clone().unwrap_or_else(|| release_dir(root))
    }

    /// Runs `build` into the release folder, unless the binaries are given
    /// (`--bin-dir`) or not to be built (`--no-build`).
    fn build(&self, root: &Path, build: &Build) -> Result<(), String> {
        if self.bin_dir.is_none() && !self.no_build {
            build.run(root, &self.bin_dir(root))?;
        }
        Ok(())
    }
}

/// Adds what `judge check` runs of `problem` to `build`: its submission, and
/// its validator, checker and interactor when it has them.
fn select_for_check(problem: &Problem, build: &mut Build) -> io::Result<()> {
    let declared = problem.binaries()?;
    build.binary(&problem.name, &problem.name);
    for piece in ["validate", "check", "interact"] {
        let binary = format!("{}-{piece}", problem.name);
        if declared.contains(&binary) {
            build.binary(&problem.name, &binary);
        }
    }
    Ok(())
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
fn on_every_core<T: Sync, R: Send>(items: &[T], f: impl Fn(&T) -> R + Sync) -> Vec<R> {
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
        case_io: Default::default(),
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

/// `judge stress`: exit 0 clean, 1 disagreement, 2 usage or setup error, 3 a tool failed.
fn stress_command(options: StressOptions) -> ExitCode {
    let place = &options.place;
    let loaded = place.root().and_then(|root| {
        let problem = Problem::load(&root, &options.problem)
            .map_err(|error| format!("{}: {error}", options.problem))?;
        let mut build = Build::default();
        build.all_binaries(&problem.name);
        let bin_dir = place.binaries(&root, &build)?;
        let programs = Programs::of(&problem, &bin_dir).map_err(|error| error.to_string())?;
        Ok((problem, programs, bin_dir))
    });
    let (problem, programs, bin_dir) = match loaded {
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
        checking: problem.checking(&bin_dir),
        case_io: problem.case_io.clone(),
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

/// `judge bench`: exit 0 when every program ran well, 1 when one failed, 2 on
/// a usage or setup error. Its messages start with `bench:`.
fn bench_command(options: &BenchOptions) -> ExitCode {
    match bench(options) {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => ExitCode::FAILURE,
        Err(message) => {
            eprintln!("bench: {message}");
            ExitCode::from(2)
        }
    }
}

/// Whether every benchmarked program ran well.
fn bench(options: &BenchOptions) -> Result<bool, String> {
    let root = options.place.root()?;
    let named = !options.problems.is_empty();
    let names = if named {
        options.problems.clone()
    } else {
        problem_names(&root).map_err(|error| error.to_string())?
    };
    let mut benched = Vec::new();
    for name in &names {
        if !root.join("crates").join(name).join("Cargo.toml").is_file() {
            return Err(format!("no problem crates/{name}"));
        }
        let problem = Problem::load(&root, name).map_err(|error| format!("{name}: {error}"))?;
        let missing = problem
            .lacking(&[Piece::Gen, Piece::Baseline])
            .map_err(|error| format!("{name}: {error}"))?;
        if missing.is_empty() {
            benched.push(problem);
        } else if named {
            return Err(missing_pieces(name, "bench", &missing));
        } else {
            eprintln!(
                "bench: skipped: {}",
                missing_pieces(name, "bench", &missing)
            );
        }
    }
    let mut build = Build::default();
    for problem in &benched {
        let name = &problem.name;
        build.binary(name, name);
        for piece in [Piece::Gen, Piece::Baseline] {
            build.binary(name, &piece.binary(name));
        }
    }
    let bin_dir = options.place.binaries(&root, &build)?;
    let work_dir = bin_dir.parent().unwrap_or(&bin_dir).join("bench");
    fs::create_dir_all(&work_dir).map_err(|error| format!("{}: {error}", show_path(&work_dir)))?;
    let mut rows = Vec::new();
    let mut all_ran = true;
    for problem in &benched {
        match bench_problem(
            problem,
            &bin_dir,
            &work_dir,
            &options.settings,
            &mut io::stderr(),
        ) {
            Ok(row) => rows.push(row.markdown()),
            Err(message) => {
                eprintln!("bench: {message}");
                all_ran = false;
            }
        }
    }
    let table = format!(
        "\n{}\n\n{TABLE_HEADER}\n{}",
        machine_line(&options.settings),
        rows.iter()
            .map(|row| format!("{row}\n"))
            .collect::<String>()
    );
    io::stdout()
        .write_all(table.as_bytes())
        .map_err(|error| error.to_string())?;
    Ok(all_ran)
}

/// `judge bench --growth ARGS`: builds the growth tool and every problem's
/// binaries, then runs the tool with ARGS; its exit status is this one's.
fn growth_command(args: &[OsString]) -> ExitCode {
    let run = || -> Result<ExitCode, String> {
        let root = find_root(Path::new("."))?;
        let mut build = Build::default();
        build.all_binaries("growth");
        for name in problem_names(&root).map_err(|error| error.to_string())? {
            build.all_binaries(&name);
        }
        let bin_dir = release_dir(&root);
        build.run(&root, &bin_dir)?;
        let out = bin_dir.parent().unwrap_or(&bin_dir).join("growth");
        let mut tool_args: Vec<OsString> = vec!["--root".into(), root.into(), "--bin-dir".into()];
        tool_args.extend([bin_dir.clone().into(), "--out".into(), out.into()]);
        tool_args.extend(args.iter().cloned());
        run_tool(&bin_dir, "growth", &tool_args)
    };
    run().unwrap_or_else(|message| {
        eprintln!("bench: {message}");
        ExitCode::from(2)
    })
}

/// `judge listen ARGS`: builds the listener (a package of its own, so that its
/// HTTP server and JSON parser stay out of every other build) and runs it.
fn listen_command(args: &[OsString]) -> ExitCode {
    let run = || -> Result<ExitCode, String> {
        let root = find_root(Path::new("."))?;
        let mut build = Build::default();
        build.binary("listen", "listen");
        let bin_dir = release_dir(&root);
        build.run(&root, &bin_dir)?;
        let mut tool_args: Vec<OsString> = vec!["--root".into(), root.into()];
        tool_args.extend(args.iter().cloned());
        run_tool(&bin_dir, "listen", &tool_args)
    };
    run().unwrap_or_else(|message| {
        eprintln!("judge: {message}");
        ExitCode::from(2)
    })
}

/// `judge submit ARGS` and `judge watch ARGS`: builds the tool (a package of
/// its own, as the listener is, so that what it links stays out of every
/// other build) and what `judge check` runs of the problem named (for
/// submit, the bundler too), then runs the tool, which judges with this
/// judge.
fn tool_command(tool: &str, args: &[OsString]) -> ExitCode {
    let run = || -> Result<ExitCode, String> {
        let root = find_root(Path::new("."))?;
        let mut build = Build::default();
        build.binary(tool, tool);
        let named = args
            .iter()
            .filter_map(|arg| arg.to_str())
            .find(|arg| !arg.starts_with('-'));
        // Without a problem (`--help`, a mistake) the tool alone says so.
        if let Some(problem) = named.and_then(|name| Problem::load(&root, name).ok()) {
            if tool == "submit" {
                build.binary("bundle", "bundle");
            }
            select_for_check(&problem, &mut build)
                .map_err(|error| format!("{}: {error}", problem.name))?;
        }
        let bin_dir = release_dir(&root);
        build.run(&root, &bin_dir)?;
        let mut tool_args: Vec<OsString> = vec![
            "--root".into(),
            root.into(),
            "--bin-dir".into(),
            bin_dir.clone().into(),
        ];
        tool_args.extend(args.iter().cloned());
        run_tool(&bin_dir, tool, &tool_args)
    };
    run().unwrap_or_else(|message| {
        eprintln!("judge: {message}");
        ExitCode::from(2)
    })
}

/// Runs the tool `name` of `bin_dir` with `args`; its exit status is the
/// judge's. On Unix the tool takes this process's place (`exec`), so that a
/// signal sent to the command started (SIGTERM from `timeout`, a service
/// manager or a terminal multiplexer) reaches the tool: a listener left
/// behind by its judge would keep its port.
#[cfg(unix)]
fn run_tool(bin_dir: &Path, name: &str, args: &[OsString]) -> Result<ExitCode, String> {
    use std::os::unix::process::CommandExt;
    let tool = program_path(bin_dir, name);
    let error = std::process::Command::new(&tool).args(args).exec();
    Err(format!("{}: {error}", show_path(&tool)))
}

/// Runs the tool `name` of `bin_dir` with `args`; its exit status is the
/// judge's (Windows has no `exec`: Ctrl-C reaches both, as one console's).
#[cfg(not(unix))]
fn run_tool(bin_dir: &Path, name: &str, args: &[OsString]) -> Result<ExitCode, String> {
    let tool = program_path(bin_dir, name);
    let status = std::process::Command::new(&tool)
        .args(args)
        .status()
        .map_err(|error| format!("{}: {error}", show_path(&tool)))?;
    Ok(match status.code() {
        Some(code) => ExitCode::from(u8::try_from(code).unwrap_or(1)),
        None => ExitCode::FAILURE,
    })
}

/// `judge new`: exit 0 when done, 2 when the request cannot be made (nothing
/// written), 1 when writing or formatting failed.
fn new_command(options: &NewOptions) -> ExitCode {
    let root = match &options.root {
        Some(root) => root.clone(),
        None => match find_root(Path::new(".")) {
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
