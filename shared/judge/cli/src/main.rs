//! `judge-check`: `judge check` alone, what `scripts/check.sh` and `cargo
//! drill check` run, built without the judge's other commands (the `judge`
//! binary has them all, `check` too). `judge-check [--cargo-if-stale] check
//! [OPTION...]`; `judge-check help check` shows its options.

use std::process::ExitCode;

use judge_cli::check;
use judge_cli::dispatch::{Binary, CommandSpec};

const USAGE: &str = "\
usage: judge-check [--cargo-if-stale] check [OPTION...]

`judge check`, built alone: what scripts/check.sh and `cargo drill check`
run, so that the first check builds none of the judge's other commands.
Every other command is the judge's: `cargo drill --help`.";

static JUDGE_CHECK: Binary = Binary {
    package: "judge-cli",
    name: "judge-check",
    usage: USAGE,
    commands: &[CommandSpec {
        name: "check",
        help: check::HELP,
        main: check::main,
    }],
};

fn main() -> ExitCode {
    JUDGE_CHECK.main()
}
