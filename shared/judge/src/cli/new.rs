//! `judge new`: a new problem, or pieces added to one.

use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use lexopt::prelude::*;
use lexopt::Parser;

use judge::cases::problem::Piece;
use judge::cases::workspace::find_root;
use judge::commands::new::{create, Compare, NewError, NewProblem};

use crate::cli::*;

pub(crate) const HELP: &str = "\
usage: judge new [--root DIR] NAME [--url URL] [--time-limit-ms MS] [--memory-limit-mb MB]
                 [--compare tokens|float[:E]|checker] [--with PIECE,... | --full]
                 [--interactive] [--input-file FILE] [--output-file FILE]
                 [--template FILE]

Makes the problem NAME: ROOT/crates/NAME (its manifest, an AtCoder-style
src/main.rs that reads with proconio's input!, and tests/io_tests.rs,
which runs the stored cases) and an empty ROOT/io-tests/NAME/, and adds
it to Cargo.lock. Write main.rs, put the samples in io-tests/NAME/ as
sample-1.in, sample-1.out, ..., and `scripts/check.sh NAME` judges them.
NAME: lowercase letters, digits and dashes, starting with a letter.
Defaults: 2000 ms, 256 MB; --url is recorded in the manifest (for an
AtCoder, Codeforces or yukicoder URL, the `oj d` command that fetches
the samples is printed). ROOT defaults to the workspace the current
folder is in (the first folder up with a Cargo.toml with [workspace]).

Pieces, for a problem to be hardened (--with takes a comma-separated
list, --full all four: the library-checker set):
  naive     src/bin/naive.rs, a brute force; tests/naive.rs runs it on
            the stored cases
  gen       src/bin/gen.rs, the input generator; tests/all/generator.rs
  validate  src/bin/validate.rs, the input validator; tests/all/validate.rs
  baseline  src/bin/baseline.rs, bench.sh's input-only baseline;
            tests/all/baseline.rs
naive and gen together also bring tests/all/brute_force.rs (the
submission against the naive on generated inputs), validate and gen
tests/all/generated_inputs.rs. The tests under tests/all/ are one test
binary, declared in tests/all/main.rs; the two that judge the stored
cases under the memory limit keep a binary each (the harness's own
memory counts in a run's peak). Each piece starts as a stub that fails,
saying so, until it is written. On an existing problem, --with, --full
and --interactive add the pieces it lacks (a piece is there when its
binary is declared) and never overwrite a file; the other options are
for a new problem only.

How outputs are judged (default: line by line), set when a problem is made:
  --compare tokens     as whitespace-separated tokens
  --compare float[:E]  as tokens, numbers within an absolute or relative
                       error E (default 1e-6)
  --compare checker    by src/bin/check.rs, a checker with testlib's
                       interface (judge_readers::checker), a stub that fails
                       until it is written

--interactive: the problem is judged by an interactor (testlib's
convention), src/bin/interact.rs, a stub that fails until it is written;
`interactive = true` goes into the manifest, and a new problem's main.rs
reads each answer as it comes (a LineSource over stdin) and flushes each
query.

Your own main.rs: templates/main.rs of the workspace, when it is there
(templates/interactive.rs for --interactive), or --template FILE for this
problem alone, is a new problem's main.rs (stdin and stdout; the
compiled-in one otherwise), with @NAME@, @URL@, @TIME_LIMIT_MS@ and
@MEMORY_LIMIT_MB@ filled in; the manifest records it (template = ...), and
a check that cannot build main.rs names it. The listener and import make
their problems with it too.

--input-file FILE, --output-file FILE: the problem reads its input from
FILE (or writes its answer to FILE) in its working folder instead of
stdin (stdout), as some judges have it; they go into the manifest, the
harness lays each case out so, and main.rs opens the files.
Prints each file written; exits 0 when done, 2 on a usage error or a
request that cannot be made (nothing is written then: a bad name or
value, an existing problem with nothing to add), 1 when writing or
rustfmt failed.";

/// `judge new`'s options.
pub(crate) struct NewOptions {
    /// `None`: the workspace the current folder is in.
    root: Option<PathBuf>,
    spec: NewProblem,
}

pub(crate) fn parse_new(parser: &mut Parser) -> Result<NewOptions, Stop> {
    let mut root = None;
    let mut names = Vec::new();
    let mut spec = NewProblem::default();
    while let Some(arg) = parser.next()? {
        match arg {
            Long("root") => root = Some(parser.value()?.into()),
            Long("url") => spec.url = Some(parser.value()?.string()?),
            Long("time-limit-ms") => spec.time_limit_ms = Some(limit(parser, "time limit")?),
            Long("memory-limit-mb") => {
                spec.memory_limit_mb = Some(limit(parser, "memory limit")?);
            }
            Long("compare") => {
                spec.compare = Compare::parse(&parser.value()?.string()?)
                    .map_err(|error| Stop::mistake(error.to_string()))?;
            }
            Long("with") => {
                for word in parser.value()?.string()?.split(',') {
                    let piece = Piece::ALL
                        .into_iter()
                        .find(|piece| piece.word() == word)
                        .ok_or_else(|| {
                            Stop::mistake(format!(
                                "unknown piece '{word}' (pieces: naive gen validate baseline)"
                            ))
                        })?;
                    spec.pieces.push(piece);
                }
            }
            Long("full") => spec.pieces.extend(Piece::ALL),
            Long("interactive") => spec.interactive = true,
            Long("input-file") => spec.input_file = Some(parser.value()?.string()?),
            Long("output-file") => spec.output_file = Some(parser.value()?.string()?),
            Long("template") => spec.template = Some(parser.value()?.into()),
            Value(name) => names.push(name.string()?),
            Short('h') | Long("help") => return Err(Stop::Help(HELP)),
            _ => return Err(arg.unexpected().into()),
        }
    }
    let Ok([name]) = <[String; 1]>::try_from(names) else {
        return Err(Stop::mistake("name exactly one NAME"));
    };
    spec.name = name;
    Ok(NewOptions { root, spec })
}

/// `judge new`: exit 0 when done, 2 when the request cannot be made (nothing
/// written), 1 when writing or formatting failed.
pub(crate) fn new_command(options: &NewOptions) -> ExitCode {
    let root = match &options.root {
        Some(root) => root.clone(),
        None => match find_root(Path::new(".")) {
            Ok(root) => root,
            Err(message) => {
                eprintln!("judge: {message} (give --root DIR)");
                return ExitCode::from(2);
            }
        },
    };
    match create(&root, &options.spec) {
        Ok(created) => {
            let mut stdout = io::stdout().lock();
            let reported = created
                .report(&mut stdout, &mut io::stderr())
                .and_then(|()| stdout.flush());
            match reported {
                Ok(()) => ExitCode::SUCCESS,
                Err(error) => io_failure("judge new", &error),
            }
        }
        Err(error) => {
            eprintln!("judge: {error}");
            match error {
                NewError::Exists { .. } | NewError::Invalid(_) => ExitCode::from(2),
                NewError::Io { .. } | NewError::Rustfmt(_) => ExitCode::FAILURE,
            }
        }
    }
}

/// `judge new ARGS`.
pub(crate) fn main(parser: &mut Parser) -> Result<ExitCode, Stop> {
    Ok(new_command(&parse_new(parser)?))
}
