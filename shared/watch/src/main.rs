//! `watch --root DIR --bin-dir DIR NAME`: see `USAGE`. `cargo drill watch`
//! builds and runs it.

use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode, Stdio};
use std::sync::mpsc::{self, RecvTimeoutError};
use std::time::Duration;

use lexopt::prelude::*;
use notify::{Event, EventKind, RecursiveMode, Watcher};

const USAGE: &str = "\
usage: judge watch NAME [--case PATTERN]...

Judges NAME as `judge check NAME` does (its build's errors as cargo prints
them, then a line per case), then again on every save of its crate
(crates/NAME: main.rs, the other sources, the manifest) or of its cases
(io-tests/NAME), the screen cleared first. Saves in a burst (an editor
writes a file in steps) count once. --case PATTERN (repeatable) judges
only the cases it chooses, as `judge check NAME --case PATTERN` does.
Ctrl-C ends it.";

/// How long after the last change of a burst the problem is judged.
const QUIET: Duration = Duration::from_millis(300);

fn main() -> ExitCode {
    match run() {
        Ok(()) => ExitCode::SUCCESS,
        Err(Some(message)) => {
            eprintln!("watch: {message}");
            ExitCode::from(2)
        }
        Err(None) => {
            println!("{USAGE}");
            ExitCode::SUCCESS
        }
    }
}

fn run() -> Result<(), Option<String>> {
    let mistake = |error: lexopt::Error| Some(format!("{error}\ntry `judge help watch`"));
    let (mut root, mut bin_dir, mut name) = (None::<PathBuf>, None::<PathBuf>, None::<String>);
    let mut cases = Vec::new();
    let mut parser = lexopt::Parser::from_env();
    while let Some(arg) = parser.next().map_err(mistake)? {
        match arg {
            Long("root") => root = Some(parser.value().map_err(mistake)?.into()),
            Long("bin-dir") => bin_dir = Some(parser.value().map_err(mistake)?.into()),
            Long("case") => cases.push(parser.value().map_err(mistake)?),
            Short('h') | Long("help") => return Err(None),
            Value(value) if name.is_none() => name = Some(value.string().map_err(mistake)?),
            _ => return Err(mistake(arg.unexpected())),
        }
    }
    let (Some(root), Some(bin_dir)) = (root, bin_dir) else {
        return Err(Some(
            "--root and --bin-dir are given by `judge watch`".to_string(),
        ));
    };
    let Some(name) = name else {
        return Err(Some(format!("which problem?\n{USAGE}")));
    };
    let watched = [
        root.join("crates").join(&name),
        root.join("io-tests").join(&name),
    ];
    if !watched[0].join("Cargo.toml").is_file() {
        return Err(Some(format!("no problem crates/{name}")));
    }
    let (changes, saves) = mpsc::channel();
    let mut watcher = notify::recommended_watcher(move |event: notify::Result<Event>| {
        // Reading a file changes nothing; an error of the watcher is shown.
        let counts = event
            .as_ref()
            .map_or(true, |event| !matches!(event.kind, EventKind::Access(_)));
        if counts {
            let _ = changes.send(event.err());
        }
    })
    .map_err(|error| Some(format!("cannot watch files: {error}")))?;
    for folder in &watched {
        if folder.is_dir() {
            watcher
                .watch(folder, RecursiveMode::Recursive)
                .map_err(|error| Some(format!("cannot watch {}: {error}", folder.display())))?;
        }
    }
    loop {
        judge(&root, &bin_dir, &name, &cases);
        println!("watching crates/{name} and io-tests/{name}: save to judge again (Ctrl-C ends)");
        let _ = io::stdout().flush();
        // The first change of a burst, then quiet.
        match saves.recv() {
            Ok(Some(error)) => eprintln!("watch: {error}"),
            Ok(None) => {}
            Err(_) => return Ok(()),
        }
        loop {
            match saves.recv_timeout(QUIET) {
                Ok(_) => continue,
                Err(RecvTimeoutError::Timeout) => break,
                Err(RecvTimeoutError::Disconnected) => return Ok(()),
            }
        }
    }
}

/// The screen cleared, then `judge check NAME` (which builds first), on the
/// cases `--case` chose.
fn judge(root: &Path, bin_dir: &Path, name: &str, cases: &[std::ffi::OsString]) {
    print!("\x1b[2J\x1b[H");
    let _ = io::stdout().flush();
    let judge = bin_dir.join(format!("judge{}", std::env::consts::EXE_SUFFIX));
    let status = Command::new(&judge)
        .args(["check", "--root"])
        .arg(root)
        .arg(name)
        .args(
            cases
                .iter()
                .flat_map(|case| [std::ffi::OsStr::new("--case"), case]),
        )
        .stdin(Stdio::null())
        .status();
    if let Err(error) = status {
        eprintln!("watch: {}: {error}", judge.display());
    }
}
