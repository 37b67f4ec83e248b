#!/usr/bin/env bash
# Scaffolds a problem, or adds pieces to one.
#
#   scripts/new-problem.sh NAME [--url URL] [--time-limit-ms MS] [--memory-limit-mb MB]
#                               [--compare tokens|float[:E]|checker] [--with PIECE,... | --full]
#                               [--interactive]
#
# A new problem is crates/NAME (its manifest, an AtCoder-style src/main.rs that
# reads with proconio's input!, and tests/io_tests.rs, which runs the stored
# cases) and an empty io-tests/NAME/. Write main.rs, put the samples in
# io-tests/NAME/ as sample-1.in, sample-1.out, ..., and `scripts/check.sh NAME`
# judges them. NAME: lowercase letters, digits and dashes, starting with a
# letter. Defaults: 2000 ms, 256 MB.
#
# Pieces, for a problem to be hardened (--with takes a comma-separated list,
# --full all four: the library-checker set):
#   naive     src/bin/naive.rs, a brute force; tests/naive.rs runs it on the stored cases
#   gen       src/bin/gen.rs, the input generator; tests/generator.rs
#   validate  src/bin/validate.rs, the input validator; tests/validate.rs
#   baseline  src/bin/baseline.rs, bench.sh's input-only baseline; tests/baseline.rs
# naive and gen together also bring tests/brute_force.rs (the submission against
# the naive on generated inputs), validate and gen tests/generated_inputs.rs.
# Each piece starts as a stub that fails, saying so, until it is written.
# On an existing problem, --with and --full add the pieces it lacks (a piece
# is there when its binary is declared) and never overwrite a file.
#
# How outputs are judged (default: line by line), set when a problem is made:
#   --compare tokens     as whitespace-separated tokens
#   --compare float[:E]  as tokens, numbers within an absolute or relative error E
#                        (default 1e-6)
#   --compare checker    by src/bin/check.rs, a checker with testlib's interface
#                        (judge::checker), a stub that fails until it is written
#
# --interactive: the problem is judged by an interactor (testlib's convention),
# src/bin/interact.rs, a stub that fails until it is written; `interactive = true`
# goes into the manifest, and a new problem's main.rs reads each answer as it
# comes (a LineSource over stdin) and flushes each query.
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
# shellcheck source=lib/pieces.sh
source "$root/scripts/lib/pieces.sh"

usage() {
    sed -n '2,37s/^# \{0,1\}//p' "$0" >&2
    exit 2
}
die() {
    echo "new-problem: $*" >&2
    exit 2
}

# The piece table: each word names a function piece_WORD that adds the piece
# (run in this order, each once, only when the problem lacks it). Another option
# (a checker, an interactor) adds its word here, or its own case in the option
# loop, and a function that writes its files with write_new, declares a binary
# with declare_bin, and puts a key into the manifest's [package.metadata.judge]
# (a table of `key = value` lines: sed's `/^\[package.metadata.judge\]$/a` adds one).
all_pieces=(naive gen validate baseline)
# Pieces that --full does not add.
other_pieces=(interact)

[ $# -ge 1 ] || usage
name=$1
shift
case $name in -*) usage ;; esac
time_limit_ms=2000
memory_limit_mb=256
url=""
compare=""
settings_given=()
wanted=()
while [ $# -gt 0 ]; do
    case $1 in
        --time-limit-ms) time_limit_ms=${2:-}; settings_given+=("$1"); shift 2 || usage ;;
        --memory-limit-mb) memory_limit_mb=${2:-}; settings_given+=("$1"); shift 2 || usage ;;
        --url) url=${2:-}; settings_given+=("$1"); shift 2 || usage ;;
        --compare) compare=${2:-}; settings_given+=("$1"); shift 2 || usage ;;
        --with)
            [ $# -ge 2 ] || usage
            IFS=, read -r -a words <<<"$2"
            for word in "${words[@]}"; do
                [[ " ${all_pieces[*]} " == *" $word "* ]] ||
                    die "unknown piece '$word' (pieces: ${all_pieces[*]})"
                wanted+=("$word")
            done
            shift 2
            ;;
        --full) wanted+=("${all_pieces[@]}"); shift ;;
        --interactive) wanted+=(interact); shift ;;
        -h | --help) usage ;;
        *) echo "new-problem: unknown argument $1" >&2; usage ;;
    esac
done
[[ $name =~ ^[a-z][a-z0-9-]*$ ]] || die "bad name '$name'"
[[ $time_limit_ms =~ ^[1-9][0-9]*$ ]] || die "bad time limit '$time_limit_ms'"
[[ $memory_limit_mb =~ ^[1-9][0-9]*$ ]] || die "bad memory limit '$memory_limit_mb'"
[[ $url != *[\"\\]* ]] || die "the URL may not contain a quote or a backslash"
# The lines --compare adds to [package.metadata.judge].
case $compare in
    "") judge_keys="" ;;
    tokens) judge_keys='compare = "tokens"' ;;
    float | float:*)
        float_error=${compare#float}
        float_error=${float_error#:}
        float_error=${float_error:-1e-6}
        [[ $float_error =~ ^([0-9]+\.?[0-9]*|\.[0-9]+)([eE][-+]?[0-9]+)?$ ]] ||
            die "bad float error '$float_error' (a decimal number such as 1e-6)"
        judge_keys=$'compare = "float"\nfloat-error = '"$float_error"
        ;;
    checker) judge_keys="checker = true" ;;
    *) die "unknown comparison '$compare' (tokens, float, float:E or checker)" ;;
esac

crate=$root/crates/$name
written=()

# Writes stdin, with @NAME@ replaced by the problem's name, to crates/NAME/$1,
# unless that file exists: a file is never overwritten.
write_new() {
    local path=$crate/$1
    if [ -e "$path" ]; then
        echo "kept crates/$name/$1 (it exists)"
        cat >/dev/null
        return
    fi
    mkdir -p "$(dirname "$path")"
    sed "s/@NAME@/$name/g" >"$path"
    written+=("$1")
}

# Declares the binary NAME-$1 (source src/bin/$1.rs) in the manifest, after the
# comment $2.
declare_bin() {
    printf '\n# %s\n[[bin]]\nname = "%s-%s"\npath = "src/bin/%s.rs"\ntest = false\n' \
        "$2" "$name" "$1" "$1" >>"$crate/Cargo.toml"
}

create_problem() {
    mkdir -p "$crate" "$root/io-tests/$name"
    cat >"$crate/Cargo.toml" <<EOF
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
# One input per run, no leading case count (scripts/bench.sh reads this):
# remove the line when the input starts with its number of cases.
single-case = true

[dependencies]
proconio.workspace = true
itertools.workspace = true
# For the tests and the pieces; the submission never uses it.
judge.workspace = true

# The binaries have no unit tests (\`test = false\`): tests/ runs them. The
# pieces (scripts/new-problem.sh $name --with ...) add theirs below.

# The submission: src/main.rs uses std, proconio and itertools only.
[[bin]]
name = "$name"
path = "src/main.rs"
test = false
EOF
    if [ -n "$judge_keys" ]; then
        awk -v keys="$judge_keys" '{ print } /^url = / { print keys }' "$crate/Cargo.toml" >"$crate/Cargo.toml.new"
        mv "$crate/Cargo.toml.new" "$crate/Cargo.toml"
    fi
    written+=(Cargo.toml)

    if [[ " ${wanted[*]} " == *" interact "* ]]; then
        write_new src/main.rs <<'EOF'
// An interactive problem: read each answer as it comes, from a LineSource over
// stdin (proconio reads stdin whole otherwise), and flush after each query.
use proconio::input;
use proconio::source::line::LineSource;
use std::io::{stdin, stdout, BufReader, Write};

fn main() {
    let stdin = stdin();
    let mut source = LineSource::new(BufReader::new(stdin.lock()));
    input! {
        from &mut source,
        n: usize,
    }
    stdout().flush().unwrap();
    todo!("@NAME@: write the solution in src/main.rs (it has read n = {n})");
}
EOF
    else
        write_new src/main.rs <<'EOF'
use proconio::input;

fn main() {
    input! {
        n: usize,
    }
    todo!("@NAME@: write the solution in src/main.rs (it has read n = {n})");
}
EOF
    fi

    write_new tests/io_tests.rs <<'EOF'
//! The stored cases in io-tests/@NAME@ through the judge harness, as scripts/check.sh runs them.

#[test]
fn stored_cases_pass() {
    judge::commands::check::assert_io_tests_pass(env!("CARGO_MANIFEST_DIR"), env!("CARGO_BIN_EXE_@NAME@"));
}
EOF
}

piece_naive() {
    declare_bin naive "An independent brute force, written without the submission's insight."
    write_new src/bin/naive.rs <<'EOF'
//! Brute force (`@NAME@-naive`): reads an input on stdin and prints its answer by
//! the most direct method, without the submission's insight. tests/naive.rs runs it
//! on the stored cases; tests/brute_force.rs and scripts/stress.sh compare the
//! submission with it. A stub that fails until it is written.

fn main() {
    eprintln!("@NAME@-naive: the brute force is not written yet (src/bin/naive.rs is a stub)");
    std::process::exit(2);
}
EOF
    write_new tests/naive.rs <<'EOF'
//! The naive brute force passes the stored cases, as the submission does.

#[test]
fn naive_passes_the_stored_cases() {
    judge::commands::check::assert_io_tests_pass(
        env!("CARGO_MANIFEST_DIR"),
        env!("CARGO_BIN_EXE_@NAME@-naive"),
    );
}
EOF
}

piece_gen() {
    declare_bin gen "Input generator: \`$name-gen SEED SIZE\`, \`--count-all\`, \`--all I\`."
    write_new src/bin/gen.rs <<'EOF'
//! Input generator (`@NAME@-gen SEED SIZE`, see `judge::generator`): a random
//! valid input from SIZE 1 (tiny) to MAX_SIZE (judge scale, `@NAME@-gen SEED max`).
//! A stub that fails until it is written.

use judge::generator::{generator_main, Generator};
use judge::rng::SplitMix64;
use std::process::ExitCode;

struct Inputs;

impl Generator for Inputs {
    const MAX_SIZE: u64 = 1;

    fn random(_rng: &mut SplitMix64, _size: u64) -> String {
        eprintln!("@NAME@-gen: the generator is not written yet (src/bin/gen.rs is a stub)");
        std::process::exit(2);
    }
}

fn main() -> ExitCode {
    generator_main::<Inputs>()
}
EOF
    write_new tests/generator.rs <<'EOF'
//! The generator prints an input for each seed, small and judge-scale, and the same
//! input for the same arguments.

use judge::judging::crosscheck::generated_input;

const GEN: &str = env!("CARGO_BIN_EXE_@NAME@-gen");

#[test]
fn each_seed_gives_one_input_at_each_size() {
    for size in ["1", "max"] {
        for seed in 0..4 {
            let seed = seed.to_string();
            let input = generated_input(GEN, &[&seed, size]);
            assert!(!input.is_empty(), "`gen {seed} {size}` printed nothing");
            assert_eq!(input, generated_input(GEN, &[&seed, size]), "`gen {seed} {size}` twice");
        }
    }
}
EOF
}

piece_validate() {
    declare_bin validate "Input validator: exit 0 for a valid input, else exit 1 and one line saying what
# is wrong and where. \`judge check\` and \`judge stress\` run it on every input."
    write_new src/bin/validate.rs <<'EOF'
//! Input validator (`@NAME@-validate`): exit 0 and no output for a valid input, exit
//! 1 and one line on stderr saying where and what is wrong. Write it with
//! `judge::validate::Reader`, enforcing every constraint of the input (see
//! crates/csp-201803-4/src/bin/validate.rs). Until then it rejects every input.

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
    write_new tests/validate.rs <<'EOF'
//! The input validator (`src/bin/validate.rs`), in-process: every stored input is
//! valid, and no single-byte mutant of one makes it panic or hang. Add a test per
//! kind of bad input with its exact message (`judge::validate::assert_invalid`).

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
fn single_byte_mutants_of_stored_inputs_are_accepted_or_rejected_cleanly() {
    let inputs = judge::validate::stored_inputs(env!("CARGO_MANIFEST_DIR"));
    let mutants =
        judge::validate::check_mutants(validate, "@NAME@", &inputs, Duration::from_secs(60));
    println!("@NAME@: {} mutants tried, {} rejected", mutants.tried, mutants.rejected);
}
EOF
}

piece_baseline() {
    declare_bin baseline "Input-only baseline for scripts/bench.sh: reads like the submission, solves nothing."
    write_new src/bin/baseline.rs <<'EOF'
//! Benchmark baseline (`@NAME@-baseline`): reads the input exactly as src/main.rs
//! does, solves nothing, and prints what it read, so that the reading is not
//! optimised away. A stub that fails until it is written.

fn main() {
    eprintln!("@NAME@-baseline: the baseline is not written yet (src/bin/baseline.rs is a stub)");
    std::process::exit(2);
}
EOF
    write_new tests/baseline.rs <<'EOF'
//! The baseline reads every stored input and exits cleanly (scripts/bench.sh times
//! it against the submission).

use judge::runner::execute;
use judge::judging::verdict::run_stderr_tail;
use std::path::Path;
use std::time::Duration;

#[test]
fn baseline_reads_every_stored_input() {
    let inputs = judge::validate::stored_inputs(env!("CARGO_MANIFEST_DIR"));
    assert!(!inputs.is_empty(), "no stored inputs");
    for (name, input) in inputs {
        let baseline = Path::new(env!("CARGO_BIN_EXE_@NAME@-baseline"));
        let run = execute(baseline, &[], &input, Duration::from_secs(10)).expect("it starts");
        assert!(run.succeeded(), "{name}: {}\n{}", run.describe_end(), run_stderr_tail(&run));
    }
}
EOF
}

# The checker (--compare checker): the harness runs it on every output; the
# stored cases' test (tests/io_tests.rs) exercises it.
piece_check() {
    declare_bin check "The checker (checker = true): \`$name-check INPUT OUTPUT ANSWER\`, testlib's interface."
    write_new src/bin/check.rs <<'EOF'
//! The checker (`@NAME@-check INPUT OUTPUT ANSWER`, testlib's interface; see
//! `judge::checker` and shared/judge/examples/shortest_path_check.rs): reads the
//! input, the program's output and the stored answer as tokens, and accepts with
//! `Ok(message)` or rejects with `Err(wrong_answer(..))`. The harness runs it on
//! every output (`checker = true` in Cargo.toml). A stub that fails, as the
//! checker's own failure (exit 3), until it is written.
use judge::checker::{fail, Files, Outcome};
use std::process::ExitCode;

fn check(_files: &mut Files) -> Result<String, Outcome> {
    Err(fail("@NAME@-check: the checker is not written yet (src/bin/check.rs is a stub)"))
}

fn main() -> ExitCode {
    judge::checker::main(check)
}
EOF
}
# Whether the problem has pieces $1 and $2, one of them added now.
pair() {
    has_piece "$root" "$name" "$1" && has_piece "$root" "$name" "$2" &&
        [[ " ${added[*]} " == *" $1 "* || " ${added[*]} " == *" $2 "* ]]
}

piece_interact() {
    sed -i '/^\[package.metadata.judge\]$/a interactive = true' "$crate/Cargo.toml"
    declare_bin interact "The interactor (\`$name-interact INPUT OUTPUT [ANSWER]\`): talks to the submission; exit 0 AC, 1 WA, 2 PE, 3 its own failure."
    write_new src/bin/interact.rs <<'EOF'
//! The interactor (`@NAME@-interact INPUT OUTPUT [ANSWER]`, testlib's convention):
//! reads the case from INPUT, talks to the submission (its stdout is the
//! submission's stdin, the submission's stdout its stdin), and exits 0 (AC), 1 (WA)
//! or 2 (PE) with a message; see `judge::interact`. A stub that fails (exit 3)
//! until it is written, so that no case passes.

use judge::interact::{fail, Interactor};

fn main() {
    let _judge = Interactor::from_args();
    fail("@NAME@-interact: the interactor is not written yet (src/bin/interact.rs is a stub)");
}
EOF
}

# The tests of two pieces together, when one of them is added now.
pair_tests() {
    if pair naive gen; then
        write_new tests/brute_force.rs <<'EOF'
//! The submission against the naive brute force on generated inputs: 100 seeds at
//! sizes 1 and 10 (scripts/stress.sh runs as many as asked).

use judge::judging::crosscheck::assert_agree_on_generated;

const GEN: &str = env!("CARGO_BIN_EXE_@NAME@-gen");
const SUBMISSION: &str = env!("CARGO_BIN_EXE_@NAME@");
const NAIVE: &str = env!("CARGO_BIN_EXE_@NAME@-naive");

#[test]
fn agrees_with_naive_on_generated_inputs() {
    for size in ["1", "10"] {
        for seed in 0..100 {
            assert_agree_on_generated(GEN, SUBMISSION, NAIVE, &[&seed.to_string(), size]);
        }
    }
}
EOF
    fi
    if pair validate gen; then
        write_new tests/generated_inputs.rs <<'EOF'
//! Every generated input is valid: the generator's walk, 20 seeds at size 1 and 10,
//! and a judge-scale one.

#[allow(dead_code)]
#[path = "../src/bin/validate.rs"]
mod validator;

#[test]
fn generated_inputs_are_valid() {
    let mut random: Vec<(u64, &str)> = (0..20).map(|seed| (seed, "1")).collect();
    random.extend((0..20).map(|seed| (seed, "10")));
    random.push((0, "max"));
    judge::validate::assert_generated_inputs_valid(
        validator::validate,
        env!("CARGO_BIN_EXE_@NAME@-gen"),
        &random,
    );
}
EOF
    fi
}

if [ -f "$crate/Cargo.toml" ]; then
    [ ${#wanted[@]} -gt 0 ] ||
        die "crates/$name exists already: add pieces with --with PIECE,... or --full"
    [ ${#settings_given[@]} -eq 0 ] ||
        die "${settings_given[*]}: set when a problem is made; edit [package.metadata.judge] in crates/$name/Cargo.toml"
    created=false
else
    [ ! -e "$crate" ] && [ ! -e "$root/io-tests/$name" ] ||
        die "crates/$name or io-tests/$name exists already, without crates/$name/Cargo.toml"
    create_problem
    if [ "$compare" = checker ]; then
        piece_check
    fi
    created=true
fi
added=()
for piece in "${all_pieces[@]}" "${other_pieces[@]}"; do
    [[ " ${wanted[*]} " == *" $piece "* ]] || continue
    if has_piece "$root" "$name" "$piece"; then
        echo "crates/$name has its $piece already"
        continue
    fi
    "piece_$piece"
    added+=("$piece")
done
pair_tests

# rustfmt's line breaks depend on the name's length: format what was written.
rust_files=()
for file in "${written[@]}"; do
    case $file in *.rs) rust_files+=("$crate/$file") ;; esac
done
if [ ${#rust_files[@]} -gt 0 ]; then
    rustfmt --edition 2021 "${rust_files[@]}"
fi

for file in "${written[@]}"; do
    echo "wrote crates/$name/$file"
done
if $created; then
    echo "wrote io-tests/$name/ (empty)"
    # CI builds with --locked: the new crate goes into Cargo.lock now (its
    # dependencies are there already, so nothing is fetched).
    if (cd "$root" && cargo metadata --offline --format-version 1 >/dev/null); then
        echo "added $name to Cargo.lock (commit it with the crate)"
    else
        echo "new-problem: Cargo.lock not updated (cargo metadata failed, above); the first build will add $name to it" >&2
    fi
    case $url in
        http*://atcoder.jp/* | http*://codeforces.com/* | http*://*.codeforces.com/* | http*://yukicoder.me/*)
            echo "samples, with online-judge-tools (pip3 install online-judge-tools):"
            echo "  oj d $url -d io-tests/$name"
            ;;
    esac
    echo "next: write crates/$name/src/main.rs, put the samples in io-tests/$name/ (sample-1.in, sample-1.out, ...),"
    echo "then: scripts/check.sh $name"
fi
for file in "${written[@]}"; do
    case $file in src/bin/*) echo "write crates/$name/$file: it is a stub that fails until then" ;; esac
done
