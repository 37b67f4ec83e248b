//! `judge`: the command-line face of the harness.
//!
//! ```text
//! judge check [--root DIR] [--bin-dir DIR] [PROBLEM...]
//! judge test --bin PROGRAM --tests DIR --time-limit-ms MS
//! ```

use std::env;
use std::io::{self, IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Duration;

use judge::problem::{problem_names, Problem};
use judge::report::{check_problem, Style, Summary};

const USAGE: &str = "\
usage:
  judge check [--root DIR] [--bin-dir DIR] [PROBLEM...]
      Checks each problem's built binary (BIN-DIR/PROBLEM) against
      ROOT/io-tests/PROBLEM under the time limit in its crate's
      [package.metadata.judge]. Every problem under ROOT/crates by default.
      ROOT defaults to the current folder, BIN-DIR to
      ${CARGO_TARGET_DIR:-ROOT/target}/release.
  judge test --bin PROGRAM --tests DIR --time-limit-ms MS
      Checks any program against the .in/.out pairs in DIR.

Prints a line per case and closes with `N passed, M failed`;
exits 1 if anything failed, 2 on a usage error.";

fn main() -> ExitCode {
    let args: Vec<String> = env::args().skip(1).collect();
    match run(&args) {
        Ok(summary) => {
            println!("{}", summary.closing_line());
            if summary.failed == 0 {
                ExitCode::SUCCESS
            } else {
                ExitCode::FAILURE
            }
        }
        Err(message) => {
            eprintln!("judge: {message}\n\n{USAGE}");
            ExitCode::from(2)
        }
    }
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
        if arg == "-h" || arg == "--help" {
            return Err("help requested".to_string());
        } else if let Some(flag) = known.iter().find(|&&flag| flag == arg) {
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

fn run(args: &[String]) -> Result<Summary, String> {
    let style = if io::stdout().is_terminal() {
        Style::Color
    } else {
        Style::Plain
    };
    let (command, rest) = args
        .split_first()
        .ok_or_else(|| "no command given".to_string())?;
    match command.as_str() {
        "check" => {
            let (options, problems) = parse_options(rest, &["--root", "--bin-dir"])?;
            let root = PathBuf::from(option(&options, "--root").unwrap_or("."));
            let bin_dir = match option(&options, "--bin-dir") {
                Some(dir) => PathBuf::from(dir),
                None => env::var_os("CARGO_TARGET_DIR")
                    .map(PathBuf::from)
                    .unwrap_or_else(|| root.join("target"))
                    .join("release"),
            };
            check(&root, &bin_dir, &problems, style)
        }
        "test" => {
            let (options, positional) =
                parse_options(rest, &["--bin", "--tests", "--time-limit-ms"])?;
            if let Some(extra) = positional.first() {
                return Err(format!("unexpected argument {extra}"));
            }
            let need = |flag| option(&options, flag).ok_or_else(|| format!("{flag} is required"));
            let binary = Path::new(need("--bin")?);
            let tests = PathBuf::from(need("--tests")?);
            let time_limit_ms: u64 = need("--time-limit-ms")?
                .parse()
                .map_err(|_| "--time-limit-ms takes a whole number of milliseconds".to_string())?;
            let problem = Problem {
                name: tests.display().to_string(),
                manifest_dir: PathBuf::new(),
                io_tests_dir: tests,
                time_limit: Duration::from_millis(time_limit_ms),
                memory_limit_mb: None,
                url: None,
            };
            check_problem(&problem, binary, &mut io::stdout().lock(), style)
                .map_err(|error| error.to_string())
        }
        other => Err(format!("unknown command {other}")),
    }
}

fn check(root: &Path, bin_dir: &Path, names: &[&str], style: Style) -> Result<Summary, String> {
    let names: Vec<String> = if names.is_empty() {
        problem_names(root).map_err(|error| error.to_string())?
    } else {
        names.iter().map(|name| name.to_string()).collect()
    };
    if names.is_empty() {
        return Err(format!(
            "no problems under {}",
            root.join("crates").display()
        ));
    }
    let mut total = Summary::default();
    let mut stdout = io::stdout().lock();
    for name in &names {
        let problem = Problem::load(root, name).map_err(|error| format!("{name}: {error}"))?;
        let summary = check_problem(&problem, &bin_dir.join(name), &mut stdout, style)
            .map_err(|error| error.to_string())?;
        total.add(summary);
        stdout.flush().map_err(|error| error.to_string())?;
    }
    Ok(total)
}
