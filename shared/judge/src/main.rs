//! `judge`: the command-line face of the harness.
//!
//! ```text
//! judge check [--root DIR] [--bin-dir DIR] [PROBLEM...]
//! judge test --bin PROGRAM --tests DIR --time-limit-ms MS [--validator PROGRAM]
//! judge stress [--root DIR] [--bin-dir DIR] PROBLEM [--cases N] [--seed S]
//!              [--size K] [--time SECONDS] [--naive-time-limit-ms MS] [--all]
//! ```

use std::env;
use std::io::{self, IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use judge::problem::{problem_names, Problem};
use judge::report::{check_problem, unusable, Style, Summary};
use judge::stress::{
    stress, Inputs, Outcome, Programs, Progress, Settings, DEFAULT_CASES, DEFAULT_NAIVE_LIMIT,
    DEFAULT_SIZE,
};

const USAGE: &str = "\
usage:
  judge check [--root DIR] [--bin-dir DIR] [PROBLEM...]
      Checks each problem's built binary (BIN-DIR/PROBLEM) against
      ROOT/io-tests/PROBLEM under the time limit in its crate's
      [package.metadata.judge]. Every input is first validated by
      BIN-DIR/PROBLEM-validate (exit 0: valid; exit 1 and a message:
      the case fails as INVALID; a missing or failing validator is an
      error). Every problem under ROOT/crates by default. ROOT defaults
      to the current folder, BIN-DIR to ${CARGO_TARGET_DIR:-ROOT/target}/release.
  judge test --bin PROGRAM --tests DIR --time-limit-ms MS [--validator PROGRAM]
      Checks any program against the .in/.out pairs in DIR (inputs
      validated by PROGRAM when --validator is given).
      Both print a line per case and close with `N passed, M failed`;
      they exit 1 if anything failed, 2 on a usage error.
  judge stress [--root DIR] [--bin-dir DIR] PROBLEM [--cases N] [--seed S]
               [--size K] [--time SECONDS] [--naive-time-limit-ms MS] [--all]
      Runs BIN-DIR/PROBLEM and BIN-DIR/PROBLEM-naive on inputs from
      BIN-DIR/PROBLEM-gen, each validated by BIN-DIR/PROBLEM-validate,
      until they disagree: case i is `PROBLEM-gen S+i K`
      (S: --seed, default taken from the clock and printed; K: --size,
      default 10). Stops after N cases (default 1000, or no limit when only
      --time is given) or SECONDS. --all walks `PROBLEM-gen --all I` for every
      I below `PROBLEM-gen --count-all` instead (N and SECONDS still cap it).
      The submission runs under the problem's time limit, the naive under
      --naive-time-limit-ms (default 10000). A disagreement (WA, RE, TLE,
      OLE) is re-run on the same input; one that does not repeat every time
      is reported as flaky with its counts, and neither shrunk nor stored.
      A repeatable one is shrunk: tries smaller sizes and nearby seeds for a
      smaller input with the same repeatable verdict, prints it with both
      outputs, and stores it with the naive's output as
      ROOT/io-tests/PROBLEM/stress-SEED.in/.out (stress-all-I for --all). An
      existing file is never overwritten (a -2, -3, ... suffix is added), and
      an input already stored under any name is not stored again.
      Progress goes to stderr. Exits 0 when every case agreed, 1 on a
      disagreement (flaky or not), 2 on a usage or setup error, 3 when the
      naive, the generator or the validator failed, or the validator
      rejected a generated input (no verdict on the submission).";

/// Exit status when stdout is a closed pipe (`judge ... | head -1`): what a
/// shell shows for a program ended by SIGPIPE, reached without a message.
const BROKEN_PIPE_EXIT: u8 = 141;

/// Why a command stopped.
enum Failure {
    Usage(String),
    Io(io::Error),
}

impl From<io::Error> for Failure {
    fn from(error: io::Error) -> Failure {
        Failure::Io(error)
    }
}

impl From<String> for Failure {
    fn from(message: String) -> Failure {
        Failure::Usage(message)
    }
}

fn main() -> ExitCode {
    // Runs are one at a time and the only children: any orphan is a stray.
    judge::run::claim_all_children();
    let args: Vec<String> = env::args().skip(1).collect();
    if args.iter().any(|arg| arg == "-h" || arg == "--help") {
        println!("{USAGE}");
        return ExitCode::SUCCESS;
    }
    if args.first().is_some_and(|command| command == "stress") {
        return stress_command(&args[1..]);
    }
    let result = run(&args).and_then(|summary| {
        let mut stdout = io::stdout().lock();
        writeln!(stdout, "{}", summary.closing_line())?;
        stdout.flush()?;
        Ok(summary)
    });
    match result {
        Ok(summary) if summary.failed == 0 => ExitCode::SUCCESS,
        Ok(_) => ExitCode::FAILURE,
        Err(Failure::Usage(message)) => {
            eprintln!("judge: {message}\n\n{USAGE}");
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

/// `--flag VALUE` pairs, in order.
type Options<'a> = Vec<(&'static str, &'a str)>;

/// Splits `--flag VALUE` options from positional arguments.
fn parse_options<'a>(
    args: &'a [String],
    known: &[&'static str],
) -> Result<(Options<'a>, Vec<&'a str>), String> {
    let mut options = Vec::new();
    let mut positional = Vec::new();
    let mut rest = args.iter();
    while let Some(arg) = rest.next() {
        if let Some(flag) = known.iter().find(|&&flag| flag == arg) {
            let value = rest.next().ok_or_else(|| format!("{flag} needs a value"))?;
            options.push((*flag, value.as_str()));
        } else if arg.starts_with('-') {
            return Err(format!("unknown option {arg}"));
        } else {
            positional.push(arg.as_str());
        }
    }
    Ok((options, positional))
}

fn option<'a>(options: &[(&str, &'a str)], flag: &str) -> Option<&'a str> {
    options
        .iter()
        .rev()
        .find(|(name, _)| *name == flag)
        .map(|(_, value)| *value)
}

fn run(args: &[String]) -> Result<Summary, Failure> {
    let style = if io::stdout().is_terminal() {
        Style::Color
    } else {
        Style::Plain
    };
    let (command, rest) = args
        .split_first()
        .ok_or_else(|| Failure::Usage("no command given".to_string()))?;
    match command.as_str() {
        "check" => {
            let (options, problems) = parse_options(rest, &["--root", "--bin-dir"])?;
            let (root, bin_dir) = root_and_bin_dir(&options);
            check(&root, &bin_dir, &problems, style)
        }
        "test" => {
            let (options, positional) = parse_options(
                rest,
                &["--bin", "--tests", "--time-limit-ms", "--validator"],
            )?;
            if let Some(extra) = positional.first() {
                return Err(format!("unexpected argument {extra}").into());
            }
            let need = |flag| option(&options, flag).ok_or_else(|| format!("{flag} is required"));
            let binary = Path::new(need("--bin")?);
            let tests = PathBuf::from(need("--tests")?);
            let time_limit_ms: u64 = need("--time-limit-ms")?
                .parse()
                .ok()
                .filter(|&ms| ms > 0)
                .ok_or_else(|| {
                    "--time-limit-ms takes a positive whole number of milliseconds".to_string()
                })?;
            let validator = option(&options, "--validator").map(Path::new);
            for (flag, program) in [("--bin", Some(binary)), ("--validator", validator)] {
                if let Some(reason) = program.and_then(unusable) {
                    return Err(format!("{flag}: {reason}").into());
                }
            }
            let problem = Problem {
                name: tests.display().to_string(),
                manifest_dir: PathBuf::new(),
                io_tests_dir: tests,
                time_limit: Duration::from_millis(time_limit_ms),
                memory_limit_mb: None,
                url: None,
            };
            Ok(check_problem(
                &problem,
                binary,
                validator,
                &mut io::stdout().lock(),
                style,
            )?)
        }
        other => Err(format!("unknown command {other}").into()),
    }
}

fn check(root: &Path, bin_dir: &Path, names: &[&str], style: Style) -> Result<Summary, Failure> {
    let names: Vec<String> = if names.is_empty() {
        problem_names(root).map_err(|error| error.to_string())?
    } else {
        names.iter().map(|name| name.to_string()).collect()
    };
    if names.is_empty() {
        return Err(format!("no problems under {}", root.join("crates").display()).into());
    }
    let mut total = Summary::default();
    let mut stdout = io::stdout().lock();
    for name in &names {
        let problem = Problem::load(root, name).map_err(|error| format!("{name}: {error}"))?;
        let validator = bin_dir.join(format!("{name}-validate"));
        let summary = check_problem(
            &problem,
            &bin_dir.join(name),
            Some(&validator),
            &mut stdout,
            style,
        )?;
        total.add(summary);
        stdout.flush()?;
    }
    Ok(total)
}

/// `--root` (default: the current folder) and `--bin-dir` (default:
/// `${CARGO_TARGET_DIR:-ROOT/target}/release`).
fn root_and_bin_dir(options: &[(&str, &str)]) -> (PathBuf, PathBuf) {
    let root = PathBuf::from(option(options, "--root").unwrap_or("."));
    let bin_dir = match option(options, "--bin-dir") {
        Some(dir) => PathBuf::from(dir),
        None => env::var_os("CARGO_TARGET_DIR")
            .map(PathBuf::from)
            .unwrap_or_else(|| root.join("target"))
            .join("release"),
    };
    (root, bin_dir)
}

/// `judge stress`: exit 0 clean, 1 disagreement, 2 usage or setup error, 3 a tool failed.
fn stress_command(args: &[String]) -> ExitCode {
    let request = match parse_stress(args) {
        Ok(request) => request,
        Err(message) => {
            eprintln!("judge stress: {message}\n\n{USAGE}");
            return ExitCode::from(2);
        }
    };
    let (problem, programs, settings) = request;
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

fn parse_stress(args: &[String]) -> Result<(Problem, Programs, Settings), String> {
    // `--all` is the one flag without a value.
    let walk = args.iter().any(|arg| arg == "--all");
    let rest: Vec<String> = args.iter().filter(|arg| *arg != "--all").cloned().collect();
    let (options, positional) = parse_options(
        &rest,
        &[
            "--root",
            "--bin-dir",
            "--cases",
            "--seed",
            "--size",
            "--time",
            "--naive-time-limit-ms",
        ],
    )?;
    let [name] = positional.as_slice() else {
        return Err("name exactly one PROBLEM".to_string());
    };
    let whole = |flag: &str, least: u64| -> Result<Option<u64>, String> {
        option(&options, flag)
            .map(|text| {
                text.parse::<u64>()
                    .ok()
                    .filter(|&value| value >= least)
                    .ok_or_else(|| format!("{flag} takes a whole number of at least {least}"))
            })
            .transpose()
    };
    let cases = whole("--cases", 1)?;
    let seed = whole("--seed", 0)?;
    let size = whole("--size", 1)?;
    let naive_limit = whole("--naive-time-limit-ms", 1)?
        .map(Duration::from_millis)
        .unwrap_or(DEFAULT_NAIVE_LIMIT);
    let time_budget = option(&options, "--time")
        .map(|text| {
            text.parse::<f64>()
                .ok()
                .filter(|seconds| seconds.is_finite() && *seconds > 0.0)
                .map(Duration::from_secs_f64)
                .ok_or_else(|| "--time takes a positive number of seconds".to_string())
        })
        .transpose()?;
    let inputs = if walk {
        if seed.is_some() || size.is_some() {
            return Err("--all walks fixed inputs: it takes no --seed or --size".to_string());
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
    let (root, bin_dir) = root_and_bin_dir(&options);
    let problem = Problem::load(&root, name).map_err(|error| format!("{name}: {error}"))?;
    let programs = Programs::in_dir(&bin_dir, name);
    let settings = Settings {
        inputs,
        max_cases,
        time_budget,
        submission_limit: problem.time_limit,
        naive_limit,
    };
    Ok((problem, programs, settings))
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
