//! `judge bench`: solutions timed against their baselines, and `--growth`,
//! which runs the growth tool.

use std::ffi::OsString;
use std::fs;
use std::io::{self, Write};
use std::path::Path;
use std::process::ExitCode;

use lexopt::prelude::*;
use lexopt::Parser;

use judge::cases::problem::{missing_pieces, problem_names, Piece, Problem};
use judge::cases::workspace::find_root;
use judge::commands::bench::{
    bench_problem, machine_line, Settings as BenchSettings, Size, TABLE_HEADER,
};
use judge::commands::build::{release_dir, Build};
use judge::commands::progress::{on_terminal, Progress};
use judge::show::show_path;

use crate::cli::*;

pub(crate) const HELP: &str = "\
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

/// `judge bench`'s options.
pub(crate) struct BenchOptions {
    place: Place,
    settings: BenchSettings,
    /// Every problem under ROOT/crates when empty.
    problems: Vec<String>,
}

fn parse_bench(parser: &mut Parser) -> Result<Parsed, Stop> {
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
                return Ok(Parsed::Growth(parser.raw_args()?.collect()));
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
            Short('h') | Long("help") => return Err(Stop::Help(HELP)),
            _ => return Err(arg.unexpected().into()),
        }
        first = false;
    }
    Ok(Parsed::Table(BenchOptions {
        place,
        settings,
        problems,
    }))
}

/// `judge bench`: exit 0 when every program ran well, 1 when one failed, 2 on
/// a usage or setup error. Its messages start with `bench:`.
pub(crate) fn bench_command(options: &BenchOptions) -> ExitCode {
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
pub(crate) fn bench(options: &BenchOptions) -> Result<bool, String> {
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
    // On a terminal, a bar over the problems; the progress lines above it.
    let bar = Progress::new(on_terminal(), benched.len() as u64, "problems");
    let mut stderr = io::stderr();
    let mut lines = bar.above(&mut stderr);
    for (done, problem) in benched.iter().enumerate() {
        bar.set_done(done as u64);
        bar.running(format!("bench {}", problem.name));
        match bench_problem(problem, &bin_dir, &work_dir, &options.settings, &mut lines) {
            Ok(row) => rows.push(row.markdown()),
            Err(message) => {
                let _ = writeln!(lines, "bench: {message}");
                all_ran = false;
            }
        }
    }
    drop(lines);
    drop(bar);
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
pub(crate) fn growth_command(args: &[OsString]) -> ExitCode {
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

/// What `judge bench`'s command line asks for.
enum Parsed {
    /// The table of solutions against baselines.
    Table(BenchOptions),
    /// `judge bench --growth ARGS`: ARGS go to the growth tool.
    Growth(Vec<OsString>),
}

/// `judge bench ARGS`.
pub(crate) fn main(parser: &mut Parser) -> Result<ExitCode, Stop> {
    Ok(match parse_bench(parser)? {
        Parsed::Table(options) => bench_command(&options),
        Parsed::Growth(args) => growth_command(&args),
    })
}
