#!/usr/bin/env bash
# Scaffolds a problem: crates/NAME (submission, naive, gen and validator stubs, tests
# wired to the judge harness) and io-tests/NAME/. The workspace picks the crate up by itself.
set -euo pipefail

usage() {
    cat >&2 <<'EOF'
usage: scripts/new-problem.sh NAME [--time-limit-ms MS] [--memory-limit-mb MB] [--url URL]
  NAME: lowercase letters, digits and dashes, starting with a letter (it names the
  crate, its binary and its io-tests folder). Defaults: 2000 ms, 256 MB.
EOF
    exit 2
}

[ $# -ge 1 ] || usage
name=$1
shift
time_limit_ms=2000
memory_limit_mb=256
url=""
while [ $# -gt 0 ]; do
    case $1 in
        --time-limit-ms) time_limit_ms=${2:?}; shift 2 ;;
        --memory-limit-mb) memory_limit_mb=${2:?}; shift 2 ;;
        --url) url=${2:?}; shift 2 ;;
        *) usage ;;
    esac
done
[[ $name =~ ^[a-z][a-z0-9-]*$ ]] || { echo "new-problem: bad name '$name'" >&2; usage; }
[[ $time_limit_ms =~ ^[1-9][0-9]*$ ]] || { echo "new-problem: bad time limit '$time_limit_ms'" >&2; usage; }
[[ $memory_limit_mb =~ ^[1-9][0-9]*$ ]] || { echo "new-problem: bad memory limit '$memory_limit_mb'" >&2; usage; }
[[ $url != *\"* ]] || { echo "new-problem: the URL may not contain a quote" >&2; usage; }

root=$(cd "$(dirname "$0")/.." && pwd)
crate=$root/crates/$name
if [ -e "$crate" ] || [ -e "$root/io-tests/$name" ]; then
    echo "new-problem: crates/$name or io-tests/$name exists already" >&2
    exit 1
fi
mkdir -p "$crate/src/bin" "$crate/tests" "$root/io-tests/$name"

cat > "$crate/Cargo.toml" <<EOF
[package]
name = "$name"
version = "0.1.0"
edition.workspace = true
# What a judge compiles (main.rs and its bundle) must build on rustc 1.63
# (Baekjoon has 1.73); clippy's msrv lints read this.
rust-version = "1.63"
license.workspace = true
publish.workspace = true
default-run = "$name"
autobins = false

[package.metadata.judge]
time-limit-ms = $time_limit_ms
memory-limit-mb = $memory_limit_mb
url = "$url"
# Set \`single-case = true\` when the input has no leading case count.

# The submission: src/main.rs uses std, proconio and itertools only.
[[bin]]
name = "$name"
path = "src/main.rs"
test = false

# An independent brute force, written without the submission's insight.
[[bin]]
name = "$name-naive"
path = "src/bin/naive.rs"
test = false

# Input generator: \`$name-gen SEED SIZE\`, \`--count-all\`, \`--all I\`.
[[bin]]
name = "$name-gen"
path = "src/bin/gen.rs"
test = false

# Reads the input exactly as the submission does and solves nothing: the
# benchmark's baseline (scripts/bench.sh).
[[bin]]
name = "$name-baseline"
path = "src/bin/baseline.rs"
test = false

# Input validator: exit 0 for a valid input, else exit 1 and one line saying what
# is wrong and where. A stub that rejects everything until it is written.
[[bin]]
name = "$name-validate"
path = "src/bin/validate.rs"
test = false

[dependencies]
proconio.workspace = true
itertools.workspace = true
# For naive and gen only; the submission never uses it.
judge.workspace = true
EOF

cat > "$crate/src/main.rs" <<'EOF'
// TODO: replace this echo with the solution.
use proconio::input;

fn main() {
    input! { n: u64 }
    println!("{n}");
}
EOF

cat > "$crate/src/bin/naive.rs" <<'EOF'
//! Brute force for the tests and scripts/stress.sh. TODO: write it.

fn main() {
    eprintln!("naive: not written yet");
    std::process::exit(2);
}
EOF

cat > "$crate/src/bin/gen.rs" <<'EOF'
//! Input generator. TODO: generate valid inputs of the problem.

use judge::generator::{generator_main, Generator};
use judge::rng::SplitMix64;
use std::process::ExitCode;

struct Inputs;

impl Generator for Inputs {
    const MAX_SIZE: u64 = 1;

    fn random(_rng: &mut SplitMix64, _size: u64) -> String {
        eprintln!("gen: not written yet");
        std::process::exit(2);
    }
}

fn main() -> ExitCode {
    generator_main::<Inputs>()
}
EOF

cat > "$crate/src/bin/baseline.rs" <<'EOF'
//! Benchmark baseline: reads the input exactly as src/main.rs does, solves nothing.
//! TODO: keep it in step with the submission's reading.
use proconio::input;

fn main() {
    input! { n: u64 }
    // Printing what was read keeps the reading from being optimised away.
    println!("{n}");
}
EOF

# Quoted heredocs (nothing in them runs); @NAME@ is the problem's name.
scaffold() { sed "s/@NAME@/$name/g" > "$1"; }

scaffold "$crate/src/bin/validate.rs" <<'EOF'
//! Input validator (`@NAME@-validate`): exit 0 and no output for a valid input, exit
//! 1 and one line on stderr saying where and what is wrong. TODO: write it with
//! `judge::validate::Reader`, enforcing every constraint of the input (see
//! crates/csp-201803-4/src/bin/validate.rs). Until then it rejects every input, so
//! that the stored cases and `cargo test` fail.

use std::process::ExitCode;

const PROBLEM: &str = "@NAME@";

pub fn validate(_input: &[u8]) -> Result<(), String> {
    Err(format!(
        "{PROBLEM}: the validator is not written yet (src/bin/validate.rs rejects every input)"
    ))
}

fn main() -> ExitCode {
    judge::validate::main(PROBLEM, validate)
}
EOF

scaffold "$crate/tests/validate.rs" <<'EOF'
//! The input validator (`src/bin/validate.rs`), in-process: every stored and generated
//! input is valid, and no single-byte mutant of a stored input makes it panic or hang.
//! TODO: a test per kind of bad input with its exact message
//! (`judge::validate::assert_invalid`), and one for the binary's exit status
//! (`judge::validate::assert_exit_contract`).

#[allow(dead_code)]
#[path = "../src/bin/validate.rs"]
mod validator;

use std::time::Duration;
use validator::validate;

#[test]
fn stored_inputs_are_valid() {
    judge::validate::assert_stored_inputs_valid(validate, env!("CARGO_MANIFEST_DIR"));
}

#[test]
fn generated_inputs_are_valid() {
    let random: Vec<(u64, &str)> = (0..10).map(|seed| (seed, "1")).collect();
    judge::validate::assert_generated_inputs_valid(
        validate,
        env!("CARGO_BIN_EXE_@NAME@-gen"),
        &random,
    );
}

#[test]
fn single_byte_mutants_of_stored_inputs_are_accepted_or_rejected_cleanly() {
    let inputs = judge::validate::stored_inputs(env!("CARGO_MANIFEST_DIR"));
    let mutants =
        judge::validate::check_mutants(validate, "@NAME@", &inputs, Duration::from_secs(60));
    println!(
        "@NAME@: {} mutants tried, {} rejected",
        mutants.tried, mutants.rejected
    );
}
EOF

bin_ident=$name
cat > "$crate/tests/io_tests.rs" <<EOF
//! The stored cases in io-tests/$name, through the judge harness.

#[test]
fn stored_cases_pass() {
    judge::report::assert_io_tests_pass(
        env!("CARGO_MANIFEST_DIR"),
        env!("CARGO_BIN_EXE_$bin_ident"),
    );
}
EOF

cat > "$crate/tests/brute_force.rs" <<EOF
//! The submission against the naive brute force on generated inputs.

#[test]
fn agrees_with_naive_on_generated_inputs() {
    judge::crosscheck::assert_agree_on_generated(
        env!("CARGO_BIN_EXE_$name-gen"),
        env!("CARGO_BIN_EXE_$name"),
        env!("CARGO_BIN_EXE_$name-naive"),
        100,
        1,
    );
}
EOF

source=${url:-"TODO: where the problem is"}
cat > "$crate/README.md" <<EOF
# $name

Source: $source (time limit $time_limit_ms ms, memory $memory_limit_mb MB).

## Problem
TODO: the problem in your own words.

## Input and output
TODO.

## Validation
\`src/bin/validate.rs\` (binary \`$name-validate\`). TODO: the layout or token rules it
enforces, every constraint, and a message from a real run.

## Approach and complexity
TODO.
EOF

# rustfmt's line breaks depend on the name's length: format what was written.
(cd "$root" && cargo fmt -p "$name")

echo "created crates/$name and io-tests/$name/"
echo "next: write src/main.rs, src/bin/naive.rs, src/bin/gen.rs, src/bin/validate.rs and src/bin/baseline.rs,"
echo "add io-tests/$name/<case>.in + .out,"
echo "then: scripts/check.sh $name && cargo test -p $name"
