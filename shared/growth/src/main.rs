//! `growth`: how each problem's cost grows with its input. `scripts/bench.sh
//! --growth` builds the release binaries and runs this; see the root README's
//! Growth section.

use std::fs;
use std::io;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Duration;

use growth::analysis::{analyse, Analysis, Verdict};
use growth::series::{self, Program, Role, Settings, Subject};
use growth::{plot, report};
use judge::cases::problem::{
    growth_claim, missing_pieces, problem_names, program_path, Piece, Problem,
};

const USAGE: &str = "\
usage: growth [--root DIR] [--bin-dir DIR] [--out DIR] [--seeds N] [--rounds N]
              [--cap-ms MS] [--naive-cap-ms MS] [--tolerance K] [--self-test] [PROBLEM...]

For each problem (default: all under ROOT/crates), times its solution, its
input-only baseline and its naive on inputs from `PROBLEM-gen SEED SIZE` at SIZE
= 1, 2, 4, ... up to the generator's largest, fits time ∝ bytes^k, prints a
table per problem and a summary, and writes one SVG per problem and index.html
under OUT. Exit 1 when a solution's exponent exceeds its crate's `growth` by
more than the tolerance, or a program fails.

  --root DIR          the workspace (default: .)
  --bin-dir DIR       the release binaries (default: ROOT/target/release)
  --out DIR           plots and page (default: ROOT/target/growth)
  --seeds N           inputs per size, seeds 1..=N (default: 3)
  --rounds N          runs of each program on each input (default: 5)
  --cap-ms MS         no run may take longer (default: 5x the problem's time limit)
  --naive-cap-ms MS   the naive's cap, if lower (default: 1000)
  --tolerance K       allowed excess over the claimed exponent (default: 0.3)
  --self-test         measure the toy problem instead: its quadratic solution
                      must be flagged and its linear one not";

/// Allowed excess of the solution's measured exponent over its claim. Every
/// per-seed exponent measured for a linear program here (the problems'
/// solutions and baselines, the linear toy) lay between 0.89 and 1.04 (README,
/// Growth), so 0.3 is almost three times the largest deviation seen, while an
/// extra factor of n adds 1. An extra log factor (+0.05 to +0.1 over the fitted
/// sizes) stays within it.
const TOLERANCE: f64 = 0.3;

/// The self-test's toy has no judge; its "time limit" sets its cap (5x).
const TOY_TIME_LIMIT: Duration = Duration::from_millis(200);

struct Options {
    root: PathBuf,
    bin_dir: Option<PathBuf>,
    out: Option<PathBuf>,
    seeds: u64,
    rounds: usize,
    cap: Option<Duration>,
    naive_cap: Duration,
    tolerance: f64,
    self_test: bool,
    problems: Vec<String>,
}

fn parse_args() -> Result<Options, lexopt::Error> {
    use lexopt::prelude::*;
    let mut options = Options {
        root: PathBuf::from("."),
        bin_dir: None,
        out: None,
        seeds: 3,
        rounds: 5,
        cap: None,
        naive_cap: Duration::from_millis(1000),
        tolerance: TOLERANCE,
        self_test: false,
        problems: Vec::new(),
    };
    let mut parser = lexopt::Parser::from_env();
    let positive = |value: u64, name: &str| {
        if value == 0 {
            Err(lexopt::Error::from(format!("{name} must be at least 1")))
        } else {
            Ok(value)
        }
    };
    while let Some(arg) = parser.next()? {
        match arg {
            Long("root") => options.root = parser.value()?.into(),
            Long("bin-dir") => options.bin_dir = Some(parser.value()?.into()),
            Long("out") => options.out = Some(parser.value()?.into()),
            Long("seeds") => options.seeds = positive(parser.value()?.parse()?, "--seeds")?,
            Long("rounds") => {
                options.rounds = positive(parser.value()?.parse()?, "--rounds")? as usize;
            }
            Long("cap-ms") => {
                let ms = positive(parser.value()?.parse()?, "--cap-ms")?;
                options.cap = Some(Duration::from_millis(ms));
            }
            Long("naive-cap-ms") => {
                let ms = positive(parser.value()?.parse()?, "--naive-cap-ms")?;
                options.naive_cap = Duration::from_millis(ms);
            }
            Long("tolerance") => {
                let tolerance: f64 = parser.value()?.parse()?;
                if !(tolerance.is_finite() && tolerance >= 0.0) {
                    return Err("--tolerance must be a number from 0".into());
                }
                options.tolerance = tolerance;
            }
            Long("self-test") => options.self_test = true,
            Short('h') | Long("help") => {
                println!("{USAGE}");
                std::process::exit(0);
            }
            Value(problem) if !problem.to_string_lossy().starts_with('-') => {
                options.problems.push(problem.string()?);
            }
            _ => return Err(arg.unexpected()),
        }
    }
    Ok(options)
}

/// The program `name` built into `dir`, which must be an existing file.
fn binary(dir: &Path, name: &str) -> Result<PathBuf, String> {
    let path = program_path(dir, name);
    if path.is_file() {
        Ok(path)
    } else {
        Err(format!(
            "{}: no such program (build it: cargo build --release --bins)",
            path.display()
        ))
    }
}

/// The problem `name` of the workspace: its binaries, caps and claim.
fn problem_subject(
    options: &Options,
    bin_dir: &Path,
    problem: &Problem,
) -> Result<Subject, String> {
    let name = problem.name.as_str();
    let claim = growth_claim(&problem.manifest_dir).map_err(|error| format!("{name}: {error}"))?;
    let cap = options.cap.unwrap_or(problem.time_limit * 5);
    let mut programs = vec![
        Program {
            role: Role::Solution,
            path: binary(bin_dir, name)?,
            cap,
        },
        Program {
            role: Role::Baseline,
            path: binary(bin_dir, &format!("{name}-baseline"))?,
            cap,
        },
    ];
    if let Ok(path) = binary(bin_dir, &format!("{name}-naive")) {
        programs.push(Program {
            role: Role::Naive,
            path,
            cap: cap.min(options.naive_cap),
        });
    }
    Ok(Subject {
        name: name.to_string(),
        generator: binary(bin_dir, &format!("{name}-gen"))?,
        programs,
        claim,
        // Only where two right outputs cannot differ as tokens.
        compare_naive: !problem.checker && !problem.compare.tolerates_floats(),
    })
}

/// The self-test's two subjects: the toy solved in linear and in quadratic
/// time, both claiming linear growth.
fn toy_subjects(options: &Options, bin_dir: &Path) -> Result<Vec<Subject>, String> {
    let cap = options.cap.unwrap_or(TOY_TIME_LIMIT * 5);
    ["linear", "quadratic"]
        .iter()
        .map(|kind| {
            Ok(Subject {
                name: format!("toy-{kind}"),
                generator: binary(bin_dir, "growth-toy-gen")?,
                programs: vec![
                    Program {
                        role: Role::Solution,
                        path: binary(bin_dir, &format!("growth-toy-{kind}"))?,
                        cap,
                    },
                    Program {
                        role: Role::Baseline,
                        path: binary(bin_dir, "growth-toy-baseline")?,
                        cap,
                    },
                ],
                claim: Some(1.0),
                compare_naive: true,
            })
        })
        .collect()
}

/// Writes `name` under `dir` and returns its path as a `file://` link.
fn write_file(dir: &Path, name: &str, text: &str) -> io::Result<String> {
    let path = dir.join(name);
    fs::write(&path, text)
        .map_err(|error| io::Error::new(error.kind(), format!("{}: {error}", path.display())))?;
    let path = fs::canonicalize(&path)?;
    Ok(format!("file://{}", path.display()))
}

fn run(options: &Options) -> Result<bool, String> {
    let bin_dir = options
        .bin_dir
        .clone()
        .unwrap_or_else(|| options.root.join("target/release"));
    let mut out = options
        .out
        .clone()
        .unwrap_or_else(|| options.root.join("target/growth"));
    let subjects = if options.self_test {
        out = out.join("self-test");
        toy_subjects(options, &bin_dir)?
    } else {
        let all = options.problems.is_empty();
        let names = if all {
            problem_names(&options.root).map_err(|error| error.to_string())?
        } else {
            options.problems.clone()
        };
        let mut subjects = Vec::new();
        for name in &names {
            let problem =
                Problem::load(&options.root, name).map_err(|error| format!("{name}: {error}"))?;
            let missing = problem
                .lacking(&[Piece::Gen, Piece::Baseline])
                .map_err(|error| format!("{name}: {error}"))?;
            if missing.is_empty() {
                subjects.push(problem_subject(options, &bin_dir, &problem)?);
            } else if all {
                // A problem still being solved is no reason to stop measuring the others.
                eprintln!(
                    "growth: skipped: {}",
                    missing_pieces(name, "growth", &missing)
                );
            } else {
                return Err(missing_pieces(name, "growth", &missing));
            }
        }
        subjects
    };
    let settings = Settings {
        seeds: (1..=options.seeds).collect(),
        rounds: options.rounds,
        work_dir: out.join("inputs"),
    };
    fs::create_dir_all(&out).map_err(|error| format!("{}: {error}", out.display()))?;
    let io_error = |error: io::Error| error.to_string();

    let mut analyses: Vec<Analysis> = Vec::new();
    let mut plots = Vec::new();
    for subject in &subjects {
        let measured = series::measure(subject, &settings, &mut io::stderr())?;
        let analysis = analyse(subject, measured, options.tolerance);
        println!("{}", report::markdown(&analysis));
        let plot = match plot::svg(&analysis)? {
            Some(svg) => {
                let name = format!("{}.svg", subject.name);
                println!(
                    "plot: {}\n",
                    write_file(&out, &name, &svg).map_err(io_error)?
                );
                Some(name)
            }
            None => None,
        };
        analyses.push(analysis);
        plots.push(plot);
    }
    let page =
        write_file(&out, "index.html", &report::html_page(&analyses, &plots)).map_err(io_error)?;
    println!(
        "## Summary\n\n{}",
        report::summary_table(&analyses).markdown()
    );
    println!("all plots: {page}");

    if options.self_test {
        let find = |name: &str| analyses.iter().find(|analysis| analysis.name == name);
        let (linear, quadratic) = (find("toy-linear"), find("toy-quadratic"));
        let passed = linear
            .is_some_and(|analysis| matches!(analysis.verdict, Verdict::Within { .. }))
            && quadratic.is_some_and(|analysis| analysis.verdict.is_flagged());
        let said = |analysis: Option<&Analysis>| {
            analysis.map_or("not measured".to_string(), report::verdict)
        };
        println!(
            "\nself-test {}: toy-quadratic must be flagged ({}); toy-linear must not ({})",
            if passed { "passed" } else { "FAILED" },
            said(quadratic),
            said(linear),
        );
        return Ok(passed);
    }
    Ok(!analyses
        .iter()
        .any(|analysis| analysis.verdict.is_flagged()))
}

fn main() -> ExitCode {
    // `growth | head` ends quietly, as a shell pipeline expects, instead of
    // panicking in println! (Rust ignores SIGPIPE by default; Windows has none).
    // SAFETY: restores the default disposition of one signal, before any thread starts.
    #[cfg(unix)]
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
    let options = match parse_args() {
        Ok(options) => options,
        Err(error) => {
            eprintln!("growth: {error}\n{USAGE}");
            return ExitCode::from(2);
        }
    };
    match run(&options) {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => ExitCode::FAILURE,
        Err(message) => {
            eprintln!("growth: {message}");
            ExitCode::FAILURE
        }
    }
}
