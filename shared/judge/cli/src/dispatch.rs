//! A judge binary's `main`: `BINARY [--cargo-if-stale] COMMAND [OPTION...]`.
//! It reads how it was started and the command's name, then hands the rest
//! to the command. `judge` has every command; `judge-check` has `check`
//! alone, so that a user's first `scripts/check.sh` builds nothing else.

use std::ffi::OsStr;
use std::io::{self, Write};
use std::process::ExitCode;

use lexopt::prelude::*;
use lexopt::Parser;

use judge_text::show::show_path;

use crate::{io_failure, start, Stop};

/// A command: its name, its help text, and what parses its arguments and
/// runs it.
pub struct CommandSpec {
    pub name: &'static str,
    pub help: &'static str,
    pub main: fn(&mut Parser) -> Result<ExitCode, Stop>,
}

/// A judge binary: the package cargo builds it from, its name, its usage
/// text and its commands.
pub struct Binary {
    pub package: &'static str,
    pub name: &'static str,
    pub usage: &'static str,
    pub commands: &'static [CommandSpec],
}

impl Binary {
    /// Runs the command line of this process.
    pub fn main(&self) -> ExitCode {
        match self.run(&mut Parser::from_env()) {
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
    fn run(&self, parser: &mut Parser) -> Result<ExitCode, Stop> {
        let mut cargo_if_stale = false;
        let name = loop {
            match parser.next()? {
                Some(Long(start::CARGO_IF_STALE)) if !cargo_if_stale => cargo_if_stale = true,
                None => return Err(Stop::mistake("no command given")),
                Some(Short('h') | Long("help")) => return Err(Stop::Help(self.usage)),
                Some(Value(name)) => break name,
                Some(arg) => return Err(arg.unexpected().into()),
            }
        };
        if !cargo_if_stale {
            start::note_if_run_by_cargo(self);
        } else if !start::is_what_cargo_would_run(self) {
            return Ok(start::hand_over_to_cargo(self));
        }
        if name == "help" {
            return Err(Stop::Help(self.help_topic(parser)?));
        }
        let spec = self.command_spec(&name)?;
        (spec.main)(parser).map_err(|stop| stop.within(spec.name))
    }

    fn command_spec(&self, name: &OsStr) -> Result<&'static CommandSpec, Stop> {
        self.commands
            .iter()
            .find(|spec| name == spec.name)
            .ok_or_else(|| Stop::mistake(format!("unknown command {}", show_path(name))))
    }

    /// `judge help [COMMAND]`: the text to show.
    fn help_topic(&self, parser: &mut Parser) -> Result<&'static str, Stop> {
        let help = match parser.next()? {
            None => return Ok(self.usage),
            Some(Value(name)) if name == "help" => self.usage,
            Some(Value(name)) => self.command_spec(&name)?.help,
            Some(arg) => return Err(arg.unexpected().into()),
        };
        match parser.next()? {
            None => Ok(help),
            Some(arg) => Err(arg.unexpected().into()),
        }
    }
}
