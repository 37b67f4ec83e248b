//! `judge`: the command-line face of the harness.
//!
//! This file only dispatches: each command is a module of `cli/`, with the
//! struct of its options, the parser that fills it, its help text and what
//! runs it (an option is a field, a match arm and a help line); `cli/mod.rs`
//! holds what they share. `judge --help` lists them, `judge help COMMAND`
//! shows one's help; `cargo drill COMMAND` runs it from anywhere in the
//! workspace (shared/cargo-drill, installed once), and so do the scripts,
//! through `--cargo-if-stale` (`cli/start.rs`).
//!
//! Every option is written `--opt VALUE` or `--opt=VALUE` (parsed by `lexopt`);
//! paths stay `OsString`s, so any bytes are accepted.

mod cli;

use std::ffi::OsStr;
use std::io::{self, Write};
use std::process::ExitCode;

use lexopt::prelude::*;
use lexopt::Parser;

use judge::show::show_path;

use cli::{bench, check, io_failure, new, outputs, start, stress, test, tools, verify, Stop};

const USAGE: &str = "\
usage: judge [--cargo-if-stale] COMMAND [OPTION...]
       (in this workspace: cargo drill COMMAND, once shared/cargo-drill is
       installed: cargo install --path shared/cargo-drill)

  check     Builds problems and judges them on their stored cases.
  test      Judges any program on a folder of .in/.out cases.
  stress    Compares a submission with its naive on generated inputs.
  outputs   Writes the .out of each new .in of a problem from its naive.
  new       Makes a problem (crates/NAME, io-tests/NAME), or adds pieces to one.
  listen    Makes each problem Competitive Companion sends from the browser.
  submit    Judges a problem, then copies what its judge takes to the clipboard.
  watch     Judges a problem again on every save of its sources or cases.
  run       Runs a problem's release build once on a file or stdin (a custom test).
  import    Makes a problem from a contest's problem package, or adds judges' test data.
  verify    Judges an imported package's example submissions against their verdicts.
  bench     Times solutions against their input-only baselines.
  help      Shows this, or a command's options: judge help COMMAND.

Options are written `--opt VALUE` or `--opt=VALUE`; `judge COMMAND --help`
is `judge help COMMAND`.

--cargo-if-stale (`cargo drill` and the scripts give it, starting the judge
that cargo built last without cargo): go on only when this judge is the one
cargo would build and run now (its note, beside it in judge-passed/_cargo,
written when cargo last ran it, says what it was built from), else run the
same command line through cargo (cargo run --release -p judge --bin judge).";

/// A command: its name, its help text, and what parses its arguments and
/// runs it (each in its module of `cli/`).
struct CommandSpec {
    name: &'static str,
    help: &'static str,
    main: fn(&mut Parser) -> Result<ExitCode, Stop>,
}

const COMMANDS: [CommandSpec; 12] = [
    CommandSpec {
        name: "check",
        help: check::HELP,
        main: check::main,
    },
    CommandSpec {
        name: "test",
        help: test::HELP,
        main: test::main,
    },
    CommandSpec {
        name: "stress",
        help: stress::HELP,
        main: stress::main,
    },
    CommandSpec {
        name: "outputs",
        help: outputs::HELP,
        main: outputs::main,
    },
    CommandSpec {
        name: "bench",
        help: bench::HELP,
        main: bench::main,
    },
    CommandSpec {
        name: "new",
        help: new::HELP,
        main: new::main,
    },
    CommandSpec {
        name: "listen",
        help: tools::LISTEN_HELP,
        main: tools::listen,
    },
    CommandSpec {
        name: "submit",
        help: tools::SUBMIT_HELP,
        main: tools::submit,
    },
    CommandSpec {
        name: "watch",
        help: tools::WATCH_HELP,
        main: tools::watch,
    },
    CommandSpec {
        name: "run",
        help: tools::RUN_HELP,
        main: tools::run,
    },
    CommandSpec {
        name: "import",
        help: tools::IMPORT_HELP,
        main: tools::import,
    },
    CommandSpec {
        name: "verify",
        help: verify::HELP,
        main: verify::main,
    },
];

fn main() -> ExitCode {
    match run(&mut Parser::from_env()) {
        Ok(code) => code,
        Err(Stop::Help(text)) => match writeln!(io::stdout(), "{text}") {
            Ok(()) => ExitCode::SUCCESS,
            Err(error) => io_failure("judge", &error),
        },
        Err(Stop::Mistake { message, command }) => {
            let help = match command {
                Some(name) => format!("judge {name} --help"),
                None => "judge --help".to_string(),
            };
            eprintln!("judge: {message}\ntry `{help}`");
            ExitCode::from(2)
        }
    }
}

/// Reads the command's name, then hands the rest to the command; a judge
/// started without cargo first makes sure it is the one cargo would run.
fn run(parser: &mut Parser) -> Result<ExitCode, Stop> {
    let mut cargo_if_stale = false;
    let name = loop {
        match parser.next()? {
            Some(Long(start::CARGO_IF_STALE)) if !cargo_if_stale => cargo_if_stale = true,
            None => return Err(Stop::mistake("no command given")),
            Some(Short('h') | Long("help")) => return Err(Stop::Help(USAGE)),
            Some(Value(name)) => break name,
            Some(arg) => return Err(arg.unexpected().into()),
        }
    };
    if !cargo_if_stale {
        start::note_if_run_by_cargo();
    } else if !start::is_what_cargo_would_run() {
        return Ok(start::hand_over_to_cargo());
    }
    if name == "help" {
        return Err(Stop::Help(help_topic(parser)?));
    }
    let spec = command_spec(&name)?;
    (spec.main)(parser).map_err(|stop| stop.within(spec.name))
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
