//! `listen [--root DIR] [--port P]`: see `USAGE`. `cargo drill listen` builds
//! and runs it.

use std::io::{self, Write};
use std::path::PathBuf;
use std::process::ExitCode;

use lexopt::prelude::*;

use judge::cases::workspace::find_root;
use listen::server::{bind, serve, Listener, DEFAULT_PORT, EXTENSION_PORTS};

const USAGE: &str = "\
usage: judge listen [--root DIR] [--port P]

Receives problems from Competitive Companion (the browser extension:
its green plus on a problem's page sends it here) and makes each one a
problem of the workspace at ROOT (default: the one the current folder is
in), as `judge new` makes one: crates/NAME with the time and memory limits
and the URL, io-tests/NAME/sample-N.in and .out, the interactive scaffold
for an interactive problem, input-file and output-file for one that reads
or writes files, input-pattern and answer-file for one whose input is
downloaded (Meta Hacker Cup; `judge run NAME --latest DIR`). A contest
gives all its problems. NAME comes from the judge and the problem's id in
its URL (abc086-a, cf-954-g, boj-14952, cses-241-b), else from its name. A
problem already there is left as it is; another problem whose name is
taken gets NAME-2 (the same problem: the same URL but for its language, or
the same samples).
Listens on 127.0.0.1 only, on port P (default 4244, one of the ports the
extension sends to unless told: 1327, 4244, 6174, 10042, 10043, 10045,
27121; another port must be added in the extension's settings). Takes
only what the extension sends (POST / with a JSON body, Host localhost,
no web page's Origin): a web page the browser has open is refused. Runs
until stopped (Ctrl-C); each request gets a line here.";

fn main() -> ExitCode {
    match run() {
        Ok(()) => ExitCode::SUCCESS,
        Err(Stop::Help) => {
            println!("{USAGE}");
            ExitCode::SUCCESS
        }
        Err(Stop::Mistake(message)) => {
            eprintln!("listen: {message}\ntry `judge listen --help`");
            ExitCode::from(2)
        }
        Err(Stop::Failed(message)) => {
            eprintln!("listen: {message}");
            ExitCode::from(2)
        }
    }
}

enum Stop {
    Help,
    Mistake(String),
    Failed(String),
}

impl From<lexopt::Error> for Stop {
    fn from(error: lexopt::Error) -> Stop {
        Stop::Mistake(error.to_string())
    }
}

fn run() -> Result<(), Stop> {
    let mut root: Option<PathBuf> = None;
    let mut port = DEFAULT_PORT;
    let mut parser = lexopt::Parser::from_env();
    while let Some(arg) = parser.next()? {
        match arg {
            Long("root") => root = Some(parser.value()?.into()),
            Long("port") => {
                let value = parser.value()?;
                port = value
                    .to_str()
                    .and_then(|text| text.parse().ok())
                    .ok_or_else(|| {
                        Stop::Mistake(format!(
                            "--port takes a port number (0 to 65535), not {value:?}"
                        ))
                    })?;
            }
            Short('h') | Long("help") => return Err(Stop::Help),
            _ => return Err(arg.unexpected().into()),
        }
    }
    let root = match root {
        Some(root) => root,
        None => find_root(".".as_ref()).map_err(Stop::Failed)?,
    };
    if !root.join("crates").is_dir() {
        return Err(Stop::Failed(format!(
            "{} has no crates/ folder: not this workspace",
            root.display()
        )));
    }
    let (server, address) = bind(port).map_err(|error| {
        Stop::Failed(format!(
            "{error} (another tool on it? --port takes another of the extension's ports: {EXTENSION_PORTS:?})"
        ))
    })?;
    let mut stdout = io::stdout();
    let _ = writeln!(
        stdout,
        "listening on http://{address}/ for Competitive Companion: click its green plus on a problem's page (Ctrl-C stops)"
    );
    let _ = stdout.flush();
    serve(&server, Listener::new(&root), stdout);
    Ok(())
}
