//! How much the runner adds to an interactive exchange: a program and an
//! interactor trade ROUND_TRIPS one-line messages, once through
//! `judge::runner::interact` and once over two bare pipes between the same
//! two processes, in turn, RUNS times each; it prints each side's median wall
//! time and the median of the pairs' ratios, with their spread.
//!
//! ```text
//! cargo run --release -p judge --bin interactive-bench -- [ROUND_TRIPS [RUNS]]
//! ```
//!
//! This one binary plays all three parts, each told its part by its
//! arguments alone: the benchmark (`bench ...`), the interactor
//! (`interactor ROUND_TRIPS`) and the program (no arguments, as the runner
//! starts a submission). The interactor sends ROUND_TRIPS first; the program
//! asks `? q` for q = 0, 1, ... and checks that each answer is q + 1; the
//! interactor checks each query and the closing `! ROUND_TRIPS`. Each part
//! ends by saying on stderr what it checked, and a run is timed only when
//! both exited 0 having said so: a run whose parts did not play them is an
//! error, never a figure.
//!
//! `--fault wrong-answer` (the interactor answers one query wrong) and
//! `--fault unchecked` (the interactor checks no query) must make the
//! benchmark fail: `tests/harness/interactive_bench.rs` shows they do.

use std::env;
use std::io::{self, BufRead, BufWriter, IsTerminal, Write};
use std::path::Path;
use std::process::{Command, ExitCode, Stdio};
use std::time::{Duration, Instant};

use judge::runner::{interact, Limits};

/// What a faulty interactor does instead of its part.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Fault {
    /// Answers the middle query with its number plus two.
    WrongAnswer,
    /// Answers every query without reading what it asks.
    Unchecked,
}

impl Fault {
    fn parse(text: &str) -> Result<Fault, String> {
        match text {
            "wrong-answer" => Ok(Fault::WrongAnswer),
            "unchecked" => Ok(Fault::Unchecked),
            _ => Err(format!(
                "--fault takes wrong-answer or unchecked, not {text:?}"
            )),
        }
    }

    fn name(self) -> &'static str {
        match self {
            Fault::WrongAnswer => "wrong-answer",
            Fault::Unchecked => "unchecked",
        }
    }
}

const USAGE: &str = "\
usage: interactive-bench bench [ROUND_TRIPS [RUNS]] [--fault wrong-answer|unchecked]
       (default 20000 round trips, 7 runs each; --fault makes a run fail, as a test of the checks)";

fn main() -> ExitCode {
    let args: Vec<String> = env::args().skip(1).collect();
    let parts: Vec<&str> = args.iter().map(String::as_str).collect();
    let result = match parts.as_slice() {
        [] if io::stdin().is_terminal() => Err(format!(
            "started with no arguments, this binary plays the program, which reads the interactor's messages: not a terminal's\n{USAGE}"
        )),
        [] => program(),
        ["interactor", rest @ ..] => match rest {
            [count] => parse(count, "round trips").and_then(|n| interactor(n, None)),
            [count, "--fault", fault] => parse(count, "round trips")
                .and_then(|n| Fault::parse(fault).and_then(|fault| interactor(n, Some(fault)))),
            _ => Err(USAGE.to_string()),
        },
        ["bench", rest @ ..] => bench_options(rest).and_then(|(n, runs, fault)| benchmark(n, runs, fault)),
        ["-h" | "--help"] => {
            println!("{USAGE}");
            Ok(())
        }
        _ => Err(USAGE.to_string()),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("interactive-bench: {message}");
            ExitCode::FAILURE
        }
    }
}

/// `[ROUND_TRIPS [RUNS]] [--fault F]`.
fn bench_options(args: &[&str]) -> Result<(u64, u64, Option<Fault>), String> {
    let (numbers, fault) = match args {
        [numbers @ .., "--fault", fault] => (numbers, Some(Fault::parse(fault)?)),
        numbers => (numbers, None),
    };
    match numbers {
        [] => Ok((20_000, 7, fault)),
        [n] => Ok((parse(n, "round trips")?, 7, fault)),
        [n, runs] => Ok((parse(n, "round trips")?, parse(runs, "runs")?, fault)),
        _ => Err(USAGE.to_string()),
    }
}

fn parse(text: &str, what: &str) -> Result<u64, String> {
    match text.parse() {
        Ok(number) if number > 0 => Ok(number),
        _ => Err(format!(
            "{what} must be a whole number above 0, not {text:?}"
        )),
    }
}

/// What the program says on stderr once every answer was right.
fn program_report(round_trips: u64) -> String {
    format!("program: {round_trips} answers checked")
}

/// What the interactor says on stderr once every query was as expected.
fn interactor_report(round_trips: u64) -> String {
    format!("interactor: {round_trips} queries checked")
}

/// Reads the number of round trips, then asks and checks each answer: each
/// query flushed, as an interactive solution must.
fn program() -> Result<(), String> {
    let mut replies = io::stdin().lock().lines();
    let mut next = |what: &str| match replies.next() {
        Some(Ok(line)) => Ok(line),
        _ => Err(format!("program: the interactor sent no {what}")),
    };
    let first = next("number of round trips")?;
    let round_trips: u64 = first
        .parse()
        .map_err(|_| format!("program: the first line is {first:?}, not a number"))?;
    let mut out = BufWriter::new(io::stdout().lock());
    for query in 0..round_trips {
        writeln!(out, "? {query}")
            .and_then(|()| out.flush())
            .map_err(|e| e.to_string())?;
        let answer = next("answer")?;
        if answer != (query + 1).to_string() {
            return Err(format!(
                "program: the answer to query {query} is {answer:?}, not {}",
                query + 1
            ));
        }
    }
    writeln!(out, "! {round_trips}")
        .and_then(|()| out.flush())
        .map_err(|e| e.to_string())?;
    eprintln!("{}", program_report(round_trips));
    Ok(())
}

/// Sends the number of round trips, then checks each query and answers it
/// with its number plus one; checks the closing `! ROUND_TRIPS`. A `fault`
/// plays the part wrong, as a test of the benchmark's checks.
fn interactor(round_trips: u64, fault: Option<Fault>) -> Result<(), String> {
    let mut queries = io::stdin().lock().lines();
    let mut next = || match queries.next() {
        Some(Ok(line)) => Ok(line),
        _ => Err("interactor: the program stopped asking".to_string()),
    };
    let mut out = BufWriter::new(io::stdout().lock());
    let send = |out: &mut BufWriter<_>, line: String| {
        writeln!(out, "{line}")
            .and_then(|()| out.flush())
            .map_err(|e: io::Error| e.to_string())
    };
    send(&mut out, round_trips.to_string())?;
    for expected in 0..round_trips {
        let query = next()?;
        if fault != Some(Fault::Unchecked) && query != format!("? {expected}") {
            return Err(format!(
                "interactor: query {expected} is {query:?}, not \"? {expected}\""
            ));
        }
        let wrong = fault == Some(Fault::WrongAnswer) && expected == round_trips / 2;
        send(&mut out, (expected + 1 + u64::from(wrong)).to_string())?;
    }
    let end = next()?;
    match fault {
        Some(Fault::Unchecked) => {
            eprintln!("interactor: {round_trips} queries answered, none checked");
        }
        _ if end != format!("! {round_trips}") => {
            return Err(format!(
                "interactor: the program ended with {end:?}, not \"! {round_trips}\""
            ));
        }
        _ => eprintln!("{}", interactor_report(round_trips)),
    }
    Ok(())
}

/// One part's run: its exit status and what it said on stderr.
struct Played {
    succeeded: bool,
    stderr: Vec<u8>,
}

/// Ok when each part exited 0 and said it checked all it was sent.
fn check_played(
    program: &Played,
    interactor: &Played,
    round_trips: u64,
    how: &str,
) -> Result<(), String> {
    for (part, played, report) in [
        ("program", program, program_report(round_trips)),
        ("interactor", interactor, interactor_report(round_trips)),
    ] {
        let said = String::from_utf8_lossy(&played.stderr);
        if !played.succeeded || said.trim_end() != report {
            return Err(format!(
                "{how}: the {part} did not play its part (exit {}, stderr {:?}; expected exit 0 and {report:?}): this run is not timed",
                if played.succeeded { "0" } else { "not 0" },
                said.trim_end()
            ));
        }
    }
    Ok(())
}

fn benchmark(round_trips: u64, runs: u64, fault: Option<Fault>) -> Result<(), String> {
    let exe = env::current_exe().map_err(|error| format!("cannot find this binary: {error}"))?;
    let mut interactor_args = vec!["interactor".to_string(), round_trips.to_string()];
    if let Some(fault) = fault {
        interactor_args.extend(["--fault".to_string(), fault.name().to_string()]);
    }
    let through_runner = || -> Result<Duration, String> {
        let args: Vec<&std::ffi::OsStr> = interactor_args.iter().map(|arg| arg.as_ref()).collect();
        let started = Instant::now();
        let interaction = interact(
            &exe,
            &Limits::time(Duration::from_secs(60)),
            &exe,
            &args,
            Duration::from_secs(60),
        )
        .map_err(|error| format!("the runner: {error}"))?;
        let took = started.elapsed();
        let played = |run: &judge::runner::Execution| Played {
            succeeded: run.succeeded(),
            stderr: run.stderr.clone(),
        };
        check_played(
            &played(&interaction.program),
            &played(&interaction.interactor),
            round_trips,
            "through the runner",
        )?;
        Ok(took)
    };
    let over_bare_pipes =
        || -> Result<Duration, String> { bare_pipes(&exe, &interactor_args, round_trips) };
    through_runner()?;
    over_bare_pipes()?;
    let mut runner_times = Vec::new();
    let mut bare_times = Vec::new();
    let mut ratios = Vec::new();
    for _ in 0..runs {
        let runner = through_runner()?;
        let bare = over_bare_pipes()?;
        ratios.push(runner.as_secs_f64() / bare.as_secs_f64());
        runner_times.push(runner.as_secs_f64());
        bare_times.push(bare.as_secs_f64());
    }
    println!(
        "{round_trips} round trips, every answer and query checked, {runs} runs each, in turn, after one warm-up (runner: {})",
        judge::runner::Backend::chosen().map_err(|error| error.to_string())?.name()
    );
    println!("through the runner  {}", spread(&mut runner_times, " s"));
    println!("over bare pipes     {}", spread(&mut bare_times, " s"));
    println!(
        "runner / bare       {} (pair by pair)",
        spread(&mut ratios, "")
    );
    Ok(())
}

/// The same two processes over two bare pipes, stderr kept to be checked.
fn bare_pipes(
    exe: &Path,
    interactor_args: &[String],
    round_trips: u64,
) -> Result<Duration, String> {
    let start = |command: &mut Command| {
        command
            .stderr(Stdio::piped())
            .spawn()
            .map_err(|e| e.to_string())
    };
    let started = Instant::now();
    let mut interactor = start(
        Command::new(exe)
            .args(interactor_args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped()),
    )?;
    let (to_program, from_program) = (interactor.stdout.take(), interactor.stdin.take());
    let program = start(
        Command::new(exe)
            .stdin(to_program.expect("piped"))
            .stdout(from_program.expect("piped")),
    )?;
    // Each stderr is a line or two: read after the exit, it cannot fill its pipe.
    let program = program.wait_with_output().map_err(|e| e.to_string())?;
    let interactor = interactor.wait_with_output().map_err(|e| e.to_string())?;
    let took = started.elapsed();
    check_played(
        &Played {
            succeeded: program.status.success(),
            stderr: program.stderr,
        },
        &Played {
            succeeded: interactor.status.success(),
            stderr: interactor.stderr,
        },
        round_trips,
        "over bare pipes",
    )?;
    Ok(took)
}

/// `median (min to max)` of `values`, each with `unit`.
fn spread(values: &mut [f64], unit: &str) -> String {
    values.sort_by(f64::total_cmp);
    format!(
        "median {:.3}{unit} (min {:.3}{unit}, max {:.3}{unit})",
        values[values.len() / 2],
        values[0],
        values[values.len() - 1]
    )
}
