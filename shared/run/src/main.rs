//! `run --root DIR --bin-dir DIR NAME [--input FILE | --latest DIR]`: see
//! `USAGE`. `cargo drill run` builds what it runs and runs it.

use std::fs;
use std::io::{self, Read, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

use judge::cases::problem::{downloads, program_path, Problem};
use judge::cases::suite::{discover, CaseChoice};
use judge::runner::measure::{self, Outcome, Streams};
use judge::scratch::tempdir;
use lexopt::prelude::*;

const USAGE: &str = "\
usage: judge run NAME [--input FILE | --case PATTERN | --latest DIR]

Runs NAME's release build once, with no time limit, on FILE, or on stdin
(read to its end first), and prints its output; its time and peak memory
go to stderr after its own stderr: a custom test.
  --case PATTERN  on a stored case's input: the one case of
                io-tests/NAME that PATTERN chooses (its name, a glob or a
                group, as `judge check --case`); one that chooses none, or
                several, is refused, naming them.
  --latest DIR  for a problem whose judge hands its input out to download
                (input-pattern in its manifest, as the listener writes it
                for Meta Hacker Cup): runs on the newest file of DIR whose
                name matches the pattern, and writes the output to the
                manifest's answer-file (default output.txt) beside it.
Exits 1 when the program fails, 2 on a mistake.";

/// Far above any run a user waits for: a run is stopped by Ctrl-C.
const NO_LIMIT: Duration = Duration::from_secs(7 * 24 * 3600);

fn main() -> ExitCode {
    match run() {
        Ok(()) => ExitCode::SUCCESS,
        Err(Stop::Help) => {
            println!("{USAGE}");
            ExitCode::SUCCESS
        }
        Err(Stop::Failed(message)) => {
            eprintln!("run: {message}");
            ExitCode::FAILURE
        }
        Err(Stop::Setup(message)) => {
            eprintln!("run: {message}");
            ExitCode::from(2)
        }
    }
}

enum Stop {
    Help,
    /// The program failed: exit 1.
    Failed(String),
    /// A mistake, or a file that cannot be read or written: exit 2.
    Setup(String),
}

impl From<lexopt::Error> for Stop {
    fn from(error: lexopt::Error) -> Stop {
        Stop::Setup(format!("{error}\ntry `judge help run`"))
    }
}

/// Where the input comes from.
enum Input {
    Stdin,
    File(PathBuf),
    /// A stored case, chosen by `--case`.
    Case(String),
    Latest(PathBuf),
}

fn run() -> Result<(), Stop> {
    let (mut root, mut bin_dir, mut name, mut input) = (
        None::<PathBuf>,
        None::<PathBuf>,
        None::<String>,
        Input::Stdin,
    );
    let mut parser = lexopt::Parser::from_env();
    while let Some(arg) = parser.next()? {
        match arg {
            Long("root") => root = Some(parser.value()?.into()),
            Long("bin-dir") => bin_dir = Some(parser.value()?.into()),
            Long("input") | Long("latest") | Long("case") if !matches!(input, Input::Stdin) => {
                return Err(Stop::Setup(
                    "--input, --case and --latest: one of them".to_string(),
                ));
            }
            Long("input") => input = Input::File(parser.value()?.into()),
            Long("case") => input = Input::Case(parser.value()?.string()?),
            Long("latest") => input = Input::Latest(parser.value()?.into()),
            Short('h') | Long("help") => return Err(Stop::Help),
            Value(value) if name.is_none() => name = Some(value.string()?),
            _ => return Err(arg.unexpected().into()),
        }
    }
    let (Some(root), Some(bin_dir)) = (root, bin_dir) else {
        return Err(Stop::Setup(
            "--root and --bin-dir are given by `judge run`".to_string(),
        ));
    };
    let Some(name) = name else {
        return Err(Stop::Setup(format!("which problem?\n{USAGE}")));
    };
    let problem =
        Problem::load(&root, &name).map_err(|error| Stop::Setup(format!("{name}: {error}")))?;
    if !problem.case_io.is_stdio() {
        return Err(Stop::Setup(format!(
            "{name} reads or writes files of its folder (input-file, output-file): judge check runs it so"
        )));
    }
    let scratch = tempdir().map_err(|error| Stop::Setup(error.to_string()))?;
    let (input_path, answer) = match input {
        Input::File(path) => (path, None),
        Input::Case(pattern) => {
            let suite = discover(&problem.io_tests_dir)
                .map_err(|error| Stop::Setup(format!("{name}: cannot read its cases: {error}")))?;
            let choice = CaseChoice {
                patterns: vec![pattern.clone()],
            };
            let chosen = choice
                .chosen(&suite)
                .map_err(|reason| Stop::Setup(format!("{name}: {reason}")))?;
            match chosen[..] {
                [case] => (case.input.clone(), None),
                _ => {
                    let names: Vec<&str> = chosen.iter().map(|case| case.name.as_str()).collect();
                    return Err(Stop::Setup(format!(
                        "{name}: --case {pattern} chooses {} cases ({}): run takes one",
                        names.len(),
                        names.join(", ")
                    )));
                }
            }
        }
        Input::Stdin => {
            let path = scratch.path().join("stdin");
            let mut text = Vec::new();
            io::stdin()
                .read_to_end(&mut text)
                .and_then(|_| fs::write(&path, &text))
                .map_err(|error| Stop::Setup(format!("stdin: {error}")))?;
            (path, None)
        }
        Input::Latest(dir) => {
            let Some(downloads) =
                downloads(&problem.manifest_dir).map_err(|error| Stop::Setup(error.to_string()))?
            else {
                return Err(Stop::Setup(format!(
                    "{name} has no input-pattern in its manifest: --latest is for a problem whose input is downloaded"
                )));
            };
            let newest = run::latest(&dir, &downloads.input_pattern).map_err(Stop::Setup)?;
            let answer = newest.with_file_name(&downloads.answer_file);
            (newest, Some(answer))
        }
    };
    if !input_path.is_file() {
        return Err(Stop::Setup(format!(
            "{}: no such file",
            input_path.display()
        )));
    }
    let binary = program_path(&bin_dir, &name);
    let output = scratch.path().join("stdout");
    let stderr = scratch.path().join("stderr");
    let streams = Streams {
        stdin: &input_path,
        stdout: Some(&output),
        stderr: &stderr,
    };
    let outcome = measure::run(&binary, &[], streams, NO_LIMIT)
        .map_err(|error| Stop::Setup(error.to_string()))?;
    // Its own stderr first, as it would have shown.
    let _ = io::stderr().write_all(&fs::read(&stderr).unwrap_or_default());
    let sample = match outcome {
        Outcome::Finished(sample) => sample,
        Outcome::Failed(how) => {
            return Err(Stop::Failed(format!(
                "{name} on {}: {how}",
                input_path.display()
            )))
        }
        Outcome::OverCap => return Err(Stop::Failed(format!("{name} still running after a week"))),
    };
    let printed = fs::read(&output).map_err(|error| Stop::Setup(error.to_string()))?;
    let cost = format!(
        "{:.3} s (cpu {:.3} s), peak memory {:.1} MB",
        sample.wall.as_secs_f64(),
        sample.cpu.as_secs_f64(),
        sample.peak_rss_kib as f64 / 1024.0
    );
    match answer {
        Some(answer) => {
            fs::write(&answer, &printed)
                .map_err(|error| Stop::Setup(format!("{}: {error}", answer.display())))?;
            eprintln!(
                "{name} on {}: {cost}; wrote {} ({} bytes): upload it",
                input_path.display(),
                answer.display(),
                printed.len()
            );
        }
        None => {
            let mut stdout = io::stdout().lock();
            stdout
                .write_all(&printed)
                .and_then(|()| stdout.flush())
                .map_err(|error| Stop::Setup(error.to_string()))?;
            let shown = if input_path.starts_with(scratch.path()) {
                "stdin".to_string()
            } else {
                input_path.display().to_string()
            };
            eprintln!("{name} on {shown}: {cost}");
        }
    }
    Ok(())
}
