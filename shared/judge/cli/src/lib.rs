//! The judge's command line, what every command of it shares, and the one a
//! user runs first, `check`, with what it needs: building the workspace's
//! binaries ([`build`]), the record of the problems that passed ([`passed`]),
//! the bar of long work ([`progress`]) and the start without cargo
//! ([`start`]). A package of its own so that `scripts/check.sh` builds its
//! small binary, `judge-check`, and none of the judge's other commands
//! (stress, verify, new, bench: the `judge` package, which dispatches to
//! this one for `check`).

pub mod build;
pub mod check;
pub mod dispatch;
pub mod passed;
pub mod progress;
pub mod start;

use std::ffi::OsString;
use std::io::{self, IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Duration;

use lexopt::prelude::*;
use lexopt::Parser;

use crate::build::{release_dir, Build};
use judge_cases::problem::{program_path, MAX_MB};
use judge_cases::workspace::find_root;
use judge_check::{Style, Summary};
use judge_text::show::show_path;

/// Exit status when stdout is a closed pipe (`judge ... | head -1`): what a
/// shell shows for a program ended by SIGPIPE, reached without a message.
pub const BROKEN_PIPE_EXIT: u8 = 141;

/// Why the command line runs nothing.
pub enum Stop {
    /// Help was asked for: this text goes to stdout.
    Help(&'static str),
    /// A mistake in the command line, and the command whose help to point at.
    Mistake {
        message: String,
        command: Option<&'static str>,
    },
}

impl Stop {
    pub fn mistake(message: impl Into<String>) -> Stop {
        Stop::Mistake {
            message: message.into(),
            command: None,
        }
    }

    /// A mistake among `name`'s arguments points at `judge name --help`.
    pub fn within(self, name: &'static str) -> Stop {
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
pub enum Failure {
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

/// A time or memory limit: a whole number from 1, written without a leading zero.
pub fn limit(parser: &mut Parser, what: &str) -> Result<u64, Stop> {
    let value = parser.value()?.string()?;
    parse_limit(&value).ok_or_else(|| Stop::mistake(format!("bad {what} '{value}'")))
}

/// A program named on the command line is a file (`prog` is `./prog`), never
/// looked up on PATH.
pub fn file_path(value: std::ffi::OsString) -> PathBuf {
    let path = PathBuf::from(value);
    if path.components().count() == 1 && path.is_relative() {
        Path::new(".").join(path)
    } else {
        path
    }
}

pub fn required<T>(value: Option<T>, option: &str) -> Result<T, Stop> {
    value.ok_or_else(|| Stop::mistake(format!("{option} is required")))
}

/// The option's value as read by `read`; a value it rejects is a mistake
/// that names the option and says what it `takes`.
pub fn value_of<T>(
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

pub fn at_least(parser: &mut Parser, option: &str, least: u64) -> Result<u64, Stop> {
    let takes = format!("a whole number of at least {least}");
    value_of(parser, option, &takes, |text| {
        text.parse().ok().filter(|&value| value >= least)
    })
}

pub fn milliseconds(parser: &mut Parser, option: &str) -> Result<Duration, Stop> {
    let takes = "a positive whole number of milliseconds";
    value_of(parser, option, takes, |text| {
        text.parse()
            .ok()
            .filter(|&ms| ms > 0)
            .map(Duration::from_millis)
    })
}

pub fn megabytes(parser: &mut Parser, option: &str) -> Result<u64, Stop> {
    let takes = format!("a whole number of MiB from 1 to {MAX_MB}");
    value_of(parser, option, &takes, |text| {
        text.parse().ok().filter(|mb| (1..=MAX_MB).contains(mb))
    })
}

pub fn seconds(parser: &mut Parser, option: &str) -> Result<Duration, Stop> {
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
pub struct Place {
    pub root: Option<PathBuf>,
    pub bin_dir: Option<PathBuf>,
    pub no_build: bool,
}

impl Place {
    pub fn root(&self) -> Result<PathBuf, String> {
        match &self.root {
            Some(root) => Ok(root.clone()),
            None => find_root(Path::new(".")),
        }
    }

    /// The folder of the binaries, after running `build` when they are to be
    /// built.
    pub fn binaries(&self, root: &Path, build: &Build) -> Result<PathBuf, String> {
        self.build(root, build)?;
        Ok(self.bin_dir(root))
    }

    /// The folder of the binaries: `--bin-dir`'s, else the release folder.
    pub fn bin_dir(&self, root: &Path) -> PathBuf {
        self.bin_dir.clone().unwrap_or_else(|| release_dir(root))
    }

    /// Runs `build` into the release folder, unless the binaries are given
    /// (`--bin-dir`) or not to be built (`--no-build`).
    pub fn build(&self, root: &Path, build: &Build) -> Result<(), String> {
        if self.bin_dir.is_none() && !self.no_build {
            build.run(root, &self.bin_dir(root))?;
        }
        Ok(())
    }
}

/// Ends `check` and `test`: the closing line, and exit 0 when every case
/// passed, 1 when one failed, 2 on a setup error.
pub fn report(result: Result<Summary, Failure>) -> ExitCode {
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
pub fn io_failure(command: &str, error: &io::Error) -> ExitCode {
    if error.kind() == io::ErrorKind::BrokenPipe {
        return ExitCode::from(BROKEN_PIPE_EXIT);
    }
    eprintln!("{command}: {error}");
    ExitCode::from(2)
}

pub fn style() -> Style {
    if io::stdout().is_terminal() {
        Style::Color
    } else {
        Style::Plain
    }
}

/// Runs the tool `name` of `bin_dir` with `args`; its exit status is the
/// judge's ([`replace_with`]).
pub fn run_tool(bin_dir: &Path, name: &str, args: &[OsString]) -> Result<ExitCode, String> {
    let tool = program_path(bin_dir, name);
    let mut command = std::process::Command::new(&tool);
    command.args(args);
    replace_with(command).map_err(|error| format!("{}: {error}", show_path(&tool)))
}

/// Runs `command` in this process's stead: its exit status is the judge's. On
/// Unix it takes this process's place (`exec`), so that a signal sent to the
/// command started (SIGTERM from `timeout`, a service manager or a terminal
/// multiplexer) reaches it: a listener left behind by its judge would keep
/// its port.
#[cfg(unix)]
pub fn replace_with(mut command: std::process::Command) -> io::Result<ExitCode> {
    use std::os::unix::process::CommandExt;
    Err(command.exec())
}

/// Runs `command` in this process's stead: its exit status is the judge's
/// (Windows has no `exec`: Ctrl-C reaches both, as one console's).
#[cfg(not(unix))]
pub fn replace_with(mut command: std::process::Command) -> io::Result<ExitCode> {
    let status = command.status()?;
    Ok(match status.code() {
        Some(code) => ExitCode::from(u8::try_from(code).unwrap_or(1)),
        None => ExitCode::FAILURE,
    })
}

/// A time or memory limit as written in a manifest or on a command line: a
/// whole number from 1, without a leading zero (`None` otherwise).
pub fn parse_limit(text: &str) -> Option<u64> {
    let digits = !text.is_empty() && text.bytes().all(|byte| byte.is_ascii_digit());
    if digits && !text.starts_with('0') {
        text.parse().ok()
    } else {
        None
    }
}
