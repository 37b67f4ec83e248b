//! `judge`: the command-line face of the harness.
//!
//! This file only lists the commands: each is a module of `cli/`, with the
//! struct of its options, the parser that fills it, its help text and what
//! runs it (an option is a field, a match arm and a help line); `check`, what
//! they share and the dispatch are the `judge-cli` package's (shared/judge/cli,
//! whose binary `judge-check` is `check` alone). `judge --help` lists them,
//! `judge help COMMAND` shows one's help; `cargo drill COMMAND` runs it from
//! anywhere in the workspace (shared/cargo-drill, installed once), and so do
//! the scripts, through `--cargo-if-stale` (judge-cli's `start.rs`).
//!
//! Every option is written `--opt VALUE` or `--opt=VALUE` (parsed by `lexopt`);
//! paths stay `OsString`s, so any bytes are accepted.

mod cli;

use std::process::ExitCode;

use judge_cli::dispatch::{Binary, CommandSpec};

use cli::{bench, check, new, outputs, stress, test, tools, verify};

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
cargo would build and run now (its note, beside it in judge-passed/_cargo-judge,
written when cargo last ran it, says what it was built from), else run the
same command line through cargo (cargo run --release -p judge --bin judge).";

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

static JUDGE: Binary = Binary {
    package: "judge",
    name: "judge",
    usage: USAGE,
    commands: &COMMANDS,
};

fn main() -> ExitCode {
    JUDGE.main()
}
