//! The commands that are packages of their own, built and run by the judge:
//! `listen`, `submit`, `watch`, `run` and `import` (each reads its own
//! options).

use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use lexopt::Parser;

use judge::cases::problem::Problem;
use judge::cases::workspace::find_root;
use judge::commands::build::{release_dir, Build};

use crate::cli::*;

/// `judge help listen`: the listener's own `--help` says the rest.
pub(crate) const LISTEN_HELP: &str = "\
usage: judge listen [--root DIR] [--port P]

Receives problems from the Competitive Companion browser extension on
127.0.0.1:P (default 4244) and makes each one as `judge new` does, with
its samples, limits and URL. `judge listen --help` tells the rest.";

/// `judge help submit`: the tool's own `--help` says the rest.
pub(crate) const SUBMIT_HELP: &str = "\
usage: judge submit NAME [--no-check] [--open] [--print]

Judges NAME's stored cases as `judge check NAME` does and, when every case
passes, copies what NAME's judge takes to the clipboard (AtCoder: main.rs
as it is; other judges: the bundle), and says where to paste it.
`judge submit --help` tells the rest.";

/// `judge help watch`: the tool's own `--help` says the same.
pub(crate) const WATCH_HELP: &str = "\
usage: judge watch NAME [--case PATTERN]...

Judges NAME as `judge check NAME` does, then again on every save of its
crate or its cases (a burst of saves counts once), the screen cleared
first; with --case, only the cases chosen (as `judge check --case`).
Ctrl-C ends it.";

/// `judge help run`: the tool's own `--help` says the rest.
pub(crate) const RUN_HELP: &str = "\
usage: judge run NAME [--input FILE | --case PATTERN | --latest DIR]

Runs NAME's release build once, with no time limit, on FILE, on a stored
case's input (--case: its name, a glob or a group choosing one) or on stdin,
and prints its output, then its time and peak memory. --latest DIR runs a
problem whose input is downloaded (input-pattern in its manifest) on the
newest matching file of DIR and writes its answer-file beside it.
`judge run --help` tells the rest.";

/// `judge help import`: the tool's own `--help` says the rest.
pub(crate) const IMPORT_HELP: &str = "\
usage: judge import PACKAGE [--name NAME] [--time-limit-ms MS]
       judge import LIBRARY-CHECKER-REPOSITORY PROBLEM [--name NAME] [--cache DIR]
       judge import --generate NAME [--cache DIR]
       judge import --cases FOLDER NAME

Makes a problem from a problem package of the Kattis/ICPC format (a folder,
or a .zip or .kpp): the crate, every case of data/ in io-tests/NAME/, the
package's limits and how it judges outputs. A Polygon package (its
problem.xml) has its generated tests made by their command lines and its
answers by its main solution. A Library Checker problem (its
folder, or the repository and its name) has its tests generated here and
checked against its hash.json; --generate makes them again on another
machine. --cases adds judges' test data (AtCoder's in/ and out/, or .in
with .out or .ans) to the problem NAME. Nothing is overwritten.
`judge import --help` tells the rest.";

/// `judge listen ARGS`: builds the listener (a package of its own, so that its
/// HTTP server and JSON parser stay out of every other build) and runs it.
pub(crate) fn listen_command(args: &[OsString]) -> ExitCode {
    let run = || -> Result<ExitCode, String> {
        let root = find_root(Path::new("."))?;
        let mut build = Build::default();
        build.binary("listen", "listen");
        let bin_dir = release_dir(&root);
        build.run(&root, &bin_dir)?;
        let mut tool_args: Vec<OsString> = vec!["--root".into(), root.into()];
        tool_args.extend(args.iter().cloned());
        run_tool(&bin_dir, "listen", &tool_args)
    };
    run().unwrap_or_else(|message| {
        eprintln!("judge: {message}");
        ExitCode::from(2)
    })
}

/// `judge submit`, `judge watch` and `judge run ARGS`: builds the tool (a package of
/// its own, as the listener is, so that what it links stays out of every
/// other build) and what `judge check` runs of the problem named (for
/// submit, the bundler too), then runs the tool, which judges with this
/// judge.
pub(crate) fn tool_command(tool: &str, args: &[OsString]) -> ExitCode {
    let run = || -> Result<ExitCode, String> {
        // `--root DIR` among the tool's arguments (scripts/run.sh gives it,
        // running from the caller's folder), else the workspace of this one.
        let given = args
            .windows(2)
            .find(|pair| pair[0] == "--root")
            .map(|pair| PathBuf::from(&pair[1]));
        let root = match given {
            Some(root) => root,
            None => find_root(Path::new("."))?,
        };
        let mut build = Build::default();
        build.binary(tool, tool);
        // The first argument that is not an option or an option's value.
        let mut named = None;
        let mut words = args.iter().filter_map(|arg| arg.to_str());
        while let Some(word) = words.next() {
            if ["--root", "--bin-dir", "--input", "--latest"].contains(&word) {
                words.next();
            } else if !word.starts_with('-') {
                named = Some(word);
                break;
            }
        }
        // Without a problem (`--help`, a mistake) the tool alone says so. The
        // importer builds no problem (`--generate NAME` only its generators).
        let named = named.filter(|_| tool != "import");
        if let Some(problem) = named.and_then(|name| Problem::load(&root, name).ok()) {
            if tool == "submit" {
                build.binary("bundle", "bundle");
            }
            build
                .for_check(&problem)
                .map(|_| ())
                .map_err(|error| format!("{}: {error}", problem.name))?;
        }
        let bin_dir = release_dir(&root);
        build.run(&root, &bin_dir)?;
        let mut tool_args: Vec<OsString> = vec![
            "--root".into(),
            root.into(),
            "--bin-dir".into(),
            bin_dir.clone().into(),
        ];
        tool_args.extend(args.iter().cloned());
        run_tool(&bin_dir, tool, &tool_args)
    };
    run().unwrap_or_else(|message| {
        eprintln!("judge: {message}");
        ExitCode::from(2)
    })
}

/// `judge listen ARGS`: the listener reads them.
pub(crate) fn listen(parser: &mut Parser) -> Result<ExitCode, Stop> {
    Ok(listen_command(&parser.raw_args()?.collect::<Vec<_>>()))
}

/// `judge submit ARGS`: the submit tool reads them.
pub(crate) fn submit(parser: &mut Parser) -> Result<ExitCode, Stop> {
    Ok(tool_command(
        "submit",
        &parser.raw_args()?.collect::<Vec<_>>(),
    ))
}

/// `judge watch ARGS`: the watch tool reads them.
pub(crate) fn watch(parser: &mut Parser) -> Result<ExitCode, Stop> {
    Ok(tool_command(
        "watch",
        &parser.raw_args()?.collect::<Vec<_>>(),
    ))
}

/// `judge import ARGS`: the import tool reads them.
pub(crate) fn import(parser: &mut Parser) -> Result<ExitCode, Stop> {
    Ok(tool_command(
        "import",
        &parser.raw_args()?.collect::<Vec<_>>(),
    ))
}

/// `judge run ARGS`: the run tool reads them.
pub(crate) fn run(parser: &mut Parser) -> Result<ExitCode, Stop> {
    Ok(tool_command("run", &parser.raw_args()?.collect::<Vec<_>>()))
}
