//! How much the runner adds to an interactive exchange: a program and an
//! interactor trade ROUND_TRIPS one-line messages, once through
//! `judge::runner::interact` and once over two bare pipes between the same
//! two processes, in turn, RUNS times each; it prints each side's median wall
//! time and the median of the pairs' ratios.
//!
//! ```text
//! cargo run --release -p judge --example interactive_bench [-- ROUND_TRIPS [RUNS]]
//! ```
//!
//! This one binary plays all three parts: the benchmark, the program (started
//! with no arguments, as the runner starts a submission, and told its part by
//! the environment) and the interactor (`interactor ROUND_TRIPS`).

use std::env;
use std::io::{self, BufRead, BufWriter, Write};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use judge::runner::{interact, Limits};

/// Tells a started copy that it is the program, and how many round trips to make.
const PROGRAM_ROUND_TRIPS: &str = "INTERACTIVE_BENCH_PROGRAM_ROUND_TRIPS";

fn main() {
    let args: Vec<String> = env::args().collect();
    if let Ok(round_trips) = env::var(PROGRAM_ROUND_TRIPS) {
        return program(parse(&round_trips, "round trips"));
    }
    match args.get(1).map(String::as_str) {
        Some("interactor") => interactor(parse(&args[2], "round trips")),
        _ => {
            let round_trips = args.get(1).map_or(20_000, |n| parse(n, "round trips"));
            let runs = args.get(2).map_or(7, |n| parse(n, "runs"));
            benchmark(round_trips, runs as usize)
        }
    }
}

fn parse(text: &str, what: &str) -> u64 {
    text.parse().unwrap_or_else(|_| {
        eprintln!("interactive_bench: {what} must be a whole number, not {text:?}");
        std::process::exit(2)
    })
}

/// Asks, reads the answer, `round_trips` times: each message flushed, as an
/// interactive solution must.
fn program(round_trips: u64) {
    let mut replies = io::stdin().lock().lines();
    let mut out = BufWriter::new(io::stdout().lock());
    for query in 0..round_trips {
        writeln!(out, "? {query}").unwrap();
        out.flush().unwrap();
        replies.next().expect("an answer").unwrap();
    }
    writeln!(out, "!").unwrap();
}

/// Answers each query with its number plus one; accepts the final `!`.
fn interactor(round_trips: u64) {
    let mut queries = io::stdin().lock().lines();
    let mut out = BufWriter::new(io::stdout().lock());
    for expected in 0..round_trips {
        let query = queries.next().expect("a query").unwrap();
        let number: u64 = query.strip_prefix("? ").unwrap().parse().unwrap();
        assert_eq!(number, expected);
        writeln!(out, "{}", number + 1).unwrap();
        out.flush().unwrap();
    }
    assert_eq!(queries.next().expect("the end").unwrap(), "!");
}

fn benchmark(round_trips: u64, runs: usize) {
    let exe = env::current_exe().unwrap();
    let count = round_trips.to_string();
    // SAFETY (of the environment): set before any thread is started.
    env::set_var(PROGRAM_ROUND_TRIPS, &count);
    let through_runner = || {
        let started = Instant::now();
        let interaction = interact(
            &exe,
            &Limits::time(Duration::from_secs(60)),
            &exe,
            &["interactor".as_ref(), count.as_ref()],
            Duration::from_secs(60),
        )
        .unwrap();
        let took = started.elapsed();
        assert!(interaction.program.succeeded(), "{interaction:?}");
        assert!(interaction.interactor.succeeded(), "{interaction:?}");
        took
    };
    let over_bare_pipes = || {
        let started = Instant::now();
        let mut interactor = Command::new(&exe)
            .args(["interactor", &count])
            .env_remove(PROGRAM_ROUND_TRIPS)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .unwrap();
        let mut program = Command::new(&exe)
            .stdin(interactor.stdout.take().unwrap())
            .stdout(interactor.stdin.take().unwrap())
            .spawn()
            .unwrap();
        assert!(program.wait().unwrap().success());
        assert!(interactor.wait().unwrap().success());
        started.elapsed()
    };
    through_runner();
    over_bare_pipes();
    let mut runner_times = Vec::new();
    let mut bare_times = Vec::new();
    let mut ratios = Vec::new();
    for _ in 0..runs {
        let runner = through_runner();
        let bare = over_bare_pipes();
        ratios.push(runner.as_secs_f64() / bare.as_secs_f64());
        runner_times.push(runner.as_secs_f64());
        bare_times.push(bare.as_secs_f64());
    }
    println!(
        "{round_trips} round trips, {runs} runs each, in turn, after one warm-up (runner: {})",
        judge::runner::Backend::chosen().unwrap().name()
    );
    println!(
        "through the runner  {:.3} s (median)",
        median(&mut runner_times)
    );
    println!(
        "over bare pipes     {:.3} s (median)",
        median(&mut bare_times)
    );
    println!(
        "runner / bare       {:.3} (median of the pairs; min {:.3}, max {:.3})",
        median(&mut ratios),
        ratios.iter().copied().fold(f64::INFINITY, f64::min),
        ratios.iter().copied().fold(0.0, f64::max)
    );
}

fn median(values: &mut [f64]) -> f64 {
    values.sort_by(f64::total_cmp);
    values[values.len() / 2]
}
