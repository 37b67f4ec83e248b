#!/usr/bin/env bash
# The self-test of scripts/new-problem.sh, in a scratch copy of the workspace
# ($CARGO_TARGET_DIR/test-new-problem/ws: the same folder on every run, its
# files' times kept, so that cargo reuses what it built before). On AtCoder
# ABC086 A (read a b, print Even if a*b is even, else Odd):
# (a) a minimal problem, with main.rs and two samples written, passes
#     scripts/check.sh and `cargo test -p`; a wrong main.rs fails both, with WA;
#     stress.sh and bench.sh name the pieces they lack;
# (b) a --full problem, every piece written as small real code, passes
#     check.sh and every test (the brute-force test among them); `judge
#     stress` finds a bug put into main.rs; bench.sh --smoke and bundle.sh work;
# (c) each stub of a piece, and the main.rs template, fails with its own
#     message: every failure is matched by its message, so that a compile error
#     or a crash never passes for the expected failure.
# (d) --compare tokens, float:E and checker: for each, check.sh accepts a right
#     answer written differently from the stored one and rejects a wrong one
#     with the mode's message; the checker's stub fails with its own message;
# (e) an --interactive problem (guess a number with at most 30 queries), its
#     interactor written with judge::interact: check.sh gives AC for a right
#     guesser, WA for one that counts up, TLE for one that forgets to flush.
# Each step prints the seconds it took.
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
target_dir=${CARGO_TARGET_DIR:-$root/target}
case $target_dir in /*) ;; *) target_dir=$root/$target_dir ;; esac
export CARGO_TARGET_DIR=$target_dir
ws=$target_dir/test-new-problem/ws
log=$target_dir/test-new-problem/log
rm -rf "$ws"
mkdir -p "$ws"
# The tracked files as they are in the working tree, with their times.
(cd "$root" && git ls-files -z --cached --others --exclude-standard) |
    (cd "$root" && xargs -0 cp -p --parents -t "$ws")
cd "$ws"

started=$SECONDS
last=$SECONDS
step() {
    echo "test-new-problem: $* [$((SECONDS - last)) s]"
    last=$SECONDS
}
fail() {
    echo "test-new-problem: FAILED: $*" >&2
    if [ -s "$log" ]; then
        echo "--- its output (tail):" >&2
        tail -n 40 "$log" >&2
    fi
    exit 1
}
# expect STATUS COMMAND...: runs COMMAND into $log; fails unless it exits with STATUS.
expect() {
    local want=$1 status=0
    shift
    "$@" >"$log" 2>&1 || status=$?
    [ "$status" = "$want" ] || fail "\`$*\` exited with $status, not $want"
}
# has TEXT...: fails unless $log holds each TEXT (a fixed string).
has() {
    local text
    for text in "$@"; do
        grep -qF -- "$text" "$log" || fail "no \"$text\" in the output"
    done
}
# has_line REGEX: fails unless a line of $log matches REGEX.
has_line() {
    grep -qE -- "$1" "$log" || fail "no line matching /$1/ in the output"
}
# samples NAME: the two samples of ABC086 A.
samples() {
    printf '3 4\n' >"io-tests/$1/sample-1.in"
    printf 'Even\n' >"io-tests/$1/sample-1.out"
    printf '1 21\n' >"io-tests/$1/sample-2.in"
    printf 'Odd\n' >"io-tests/$1/sample-2.out"
}
# solution NAME [BUG]: a correct main.rs, or one that ignores b with BUG = bug.
solution() {
    local parity='a * b % 2 == 0'
    [ "${2:-}" != bug ] || parity='a % 2 == 0'
    cat >"crates/$1/src/main.rs" <<EOF
use proconio::input;

fn main() {
    input! {
        a: u32,
        b: u32,
    }
    println!("{}", if $parity { "Even" } else { "Odd" });
}
EOF
}

# (a) The minimal problem.
expect 0 scripts/new-problem.sh abc-min --url https://atcoder.jp/contests/abc086/tasks/abc086_a
has "oj d https://atcoder.jp/contests/abc086/tasks/abc086_a -d io-tests/abc-min"
[ "$(ls crates/abc-min crates/abc-min/src crates/abc-min/tests | tr '\n' ' ')" = \
    "crates/abc-min: Cargo.toml src tests  crates/abc-min/src: main.rs  crates/abc-min/tests: io_tests.rs " ] ||
    fail "the minimal problem is more than its manifest, main.rs and io_tests.rs: $(find crates/abc-min -type f)"
[ -d io-tests/abc-min ] || fail "no io-tests/abc-min/"
expect 0 cargo fmt --all --check
# CI builds with --locked: the scaffold put the crate into Cargo.lock.
expect 0 cargo metadata --locked --offline --format-version 1
samples abc-min
# (c) The main.rs template fails with its message.
expect 1 scripts/check.sh abc-min
has_line '^RE   sample-1 '
has "not yet implemented: abc-min: write the solution in src/main.rs (it has read n = 3)"
step "(a) scaffold; (c) the main.rs template fails its samples with its message"

solution abc-min
expect 0 scripts/check.sh abc-min
has_line '^AC   sample-1 '
has "note: no validator, so the inputs are not validated"
has_line '^AC   sample-2 '
has_line '^2 passed, 0 failed$'
expect 0 cargo test -p abc-min
has "test stored_cases_pass ... ok"
step "(a) main.rs and two samples: check.sh and cargo test -p pass"

solution abc-min bug
expect 1 scripts/check.sh abc-min
has_line '^WA   sample-1 '
has_line '^1 passed, 1 failed$'
expect 101 cargo test -p abc-min
has_line '^WA   sample-1 '
has "test stored_cases_pass ... FAILED"
step "(a) a wrong main.rs: check.sh and cargo test -p fail with WA"

expect 2 scripts/stress.sh abc-min
has "abc-min has no naive and no gen, which judge stress needs: add them with \`scripts/new-problem.sh abc-min --with naive,gen\`"
expect 2 scripts/bench.sh --smoke abc-min
has "abc-min has no gen and no baseline, which bench needs: add them with \`scripts/new-problem.sh abc-min --with gen,baseline\`"
step "(a) stress.sh and bench.sh name the pieces to add"

# Pieces added to an existing problem: what they bring, nothing overwritten.
cp crates/abc-min/src/main.rs "$ws/abc-min-main.rs"
cp crates/abc-min/Cargo.toml "$ws/abc-min-Cargo.toml"
expect 0 scripts/new-problem.sh abc-min --with naive,gen
for file in src/bin/naive.rs tests/naive.rs src/bin/gen.rs tests/generator.rs tests/brute_force.rs; do
    has "wrote crates/abc-min/$file"
done
[ "$(grep -c '^wrote' "$log")" = 5 ] || fail "--with naive,gen wrote more than its five files"
cmp -s crates/abc-min/src/main.rs "$ws/abc-min-main.rs" || fail "--with changed main.rs"
cmp -s "$ws/abc-min-Cargo.toml" <(head -c "$(wc -c <"$ws/abc-min-Cargo.toml")" crates/abc-min/Cargo.toml) ||
    fail "--with changed the manifest's lines instead of adding its own"
grep -qx 'name = "abc-min-naive"' crates/abc-min/Cargo.toml && grep -qx 'name = "abc-min-gen"' crates/abc-min/Cargo.toml ||
    fail "--with naive,gen did not declare both binaries"
expect 0 cargo fmt --all --check
step "(a) --with naive,gen on the existing problem adds its files and binaries"

# (c) Every piece's stub, in a --full problem whose main.rs and samples are written.
expect 0 scripts/new-problem.sh abc-full --full
for file in src/bin/naive.rs src/bin/gen.rs src/bin/validate.rs src/bin/baseline.rs \
    tests/naive.rs tests/generator.rs tests/validate.rs tests/baseline.rs \
    tests/brute_force.rs tests/generated_inputs.rs; do
    [ -f "crates/abc-full/$file" ] || fail "--full wrote no crates/abc-full/$file"
done
expect 0 cargo fmt --all --check
samples abc-full
solution abc-full
expect 0 cargo test -p abc-full --no-run
# Each test target against a stub: it builds and runs ("test result: FAILED"),
# and fails for the stub's own reason.
stub_fails() {
    local test=$1 message=$2
    expect 101 cargo test -p abc-full --test "$test"
    has "test result: FAILED" "$message"
}
naive_stub="abc-full-naive: the brute force is not written yet (src/bin/naive.rs is a stub)"
gen_stub="abc-full-gen: the generator is not written yet (src/bin/gen.rs is a stub)"
validator_stub="abc-full: the validator is not written yet (src/bin/validate.rs rejects every input)"
baseline_stub="abc-full-baseline: the baseline is not written yet (src/bin/baseline.rs is a stub)"
stub_fails validate "$validator_stub"
stub_fails io_tests "$validator_stub"
expect 1 scripts/check.sh abc-full
has_line '^INVALID sample-1$'
has "$validator_stub"
# The validator written, so that the other stubs' tests meet valid inputs.
cat >crates/abc-full/src/bin/validate.rs <<'EOF'
//! `a b` on one line, each an integer from 1 to 10^4.
use judge::validate::Reader;
use std::process::ExitCode;

const PROBLEM: &str = "abc-full";

pub fn validate(input: &[u8]) -> Result<(), String> {
    let mut reader = Reader::new(PROBLEM, input);
    reader.integer("a", 1, 10_000)?;
    reader.space()?;
    reader.integer("b", 1, 10_000)?;
    reader.newline()?;
    reader.end()
}

fn main() -> ExitCode {
    judge::validate::main(PROBLEM, validate)
}
EOF
stub_fails naive "$naive_stub"
stub_fails generator "$gen_stub"
stub_fails brute_force "$gen_stub"
stub_fails generated_inputs "$gen_stub"
stub_fails baseline "$baseline_stub"
step "(c) each stub fails its test with its own message"

# Asking again for pieces it has changes nothing.
expect 0 scripts/new-problem.sh abc-full --with naive,validate
has "crates/abc-full has its naive already" "crates/abc-full has its validate already"
! grep -q '^wrote' "$log" || fail "asking for pieces it has wrote a file"
[ "$(grep -c '^name = "abc-full-naive"$' crates/abc-full/Cargo.toml)" = 1 ] ||
    fail "the naive is declared more than once"

# (b) The pieces written.
cat >crates/abc-full/src/bin/naive.rs <<'EOF'
//! Brute force: a * b by repeated addition, then its last bit.
use proconio::input;

fn main() {
    input! { a: u64, b: u64 }
    let product: u64 = (0..b).map(|_| a).sum();
    println!("{}", ["Even", "Odd"][(product & 1) as usize]);
}
EOF
cat >crates/abc-full/src/bin/gen.rs <<'EOF'
//! `a b`, each from 1 to SIZE (at most 10^4).
use judge::generator::{generator_main, Generator};
use judge::rng::SplitMix64;
use std::process::ExitCode;

struct Inputs;

impl Generator for Inputs {
    const MAX_SIZE: u64 = 10_000;

    fn random(rng: &mut SplitMix64, size: u64) -> String {
        let a = rng.range_inclusive(1, size);
        let b = rng.range_inclusive(1, size);
        format!("{a} {b}\n")
    }
}

fn main() -> ExitCode {
    generator_main::<Inputs>()
}
EOF
cat >crates/abc-full/src/bin/baseline.rs <<'EOF'
//! Reads `a b` as main.rs does; prints them.
use proconio::input;

fn main() {
    input! { a: u32, b: u32 }
    println!("{a} {b}");
}
EOF
expect 0 scripts/check.sh abc-full
has_line '^AC   sample-1 '
has_line '^2 passed, 0 failed$'
grep -q "not validated" "$log" && fail "check.sh did not validate abc-full's inputs"
step "(b) every piece written: check.sh passes, inputs validated"

expect 0 cargo test -p abc-full
for test in stored_cases_pass naive_passes_the_stored_cases each_seed_gives_one_input_at_each_size \
    agrees_with_naive_on_generated_inputs stored_inputs_are_valid generated_inputs_are_valid \
    single_byte_mutants_of_stored_inputs_are_accepted_or_rejected_cleanly \
    baseline_reads_every_stored_input; do
    has "test $test ... ok"
done
step "(b) every test passes, the brute-force test among them"

solution abc-full bug
expect 1 scripts/stress.sh abc-full --seed 1 --cases 100 --size 10
has_line '^WA '
has "stored as"
solution abc-full
step "(b) judge stress finds the bug put into main.rs"

expect 0 scripts/bench.sh --smoke abc-full
has_line '^\| abc-full \| '
expect 0 scripts/bundle.sh abc-full -o "$ws/abc-full.rs"
expect 0 rustc --edition 2021 -O -o "$ws/abc-full-bundled" "$ws/abc-full.rs"
[ "$("$ws/abc-full-bundled" <io-tests/abc-full/sample-1.in)" = Even ] ||
    fail "the bundle does not answer sample-1"
step "(b) bench.sh --smoke, bundle.sh (the bundle compiles and answers)"

# (d) Problems whose answers are not exact lines: --compare tokens, float:E and
# checker. For each, check.sh accepts a right answer that differs from the
# stored one as text, and rejects a wrong one with the mode's message.
# main_rs NAME BODY: a main.rs that reads `a b` and runs BODY.
main_rs() {
    cat >"crates/$1/src/main.rs" <<EOF
use proconio::input;

fn main() {
    input! {
        a: u64,
        b: u64,
    }
    $2
}
EOF
}
# scaffold_mode NAME COMPARE KEY: `new-problem.sh NAME --compare COMPARE`, whose
# manifest must hold the line KEY.
scaffold_mode() {
    expect 0 scripts/new-problem.sh "$1" --compare "$2"
    grep -qxF -- "$3" "crates/$1/Cargo.toml" || fail "no line '$3' in crates/$1/Cargo.toml"
}
# judged NAME IN OUT RIGHT WRONG NOTE WHY: with sample-1 IN -> OUT, check.sh
# accepts main.rs running RIGHT (its report saying NOTE) and rejects WRONG with WHY.
judged() {
    printf '%s\n' "$2" >"io-tests/$1/sample-1.in"
    printf '%s\n' "$3" >"io-tests/$1/sample-1.out"
    main_rs "$1" "$4"
    expect 0 scripts/check.sh "$1"
    has_line '^AC   sample-1 '
    has "$6"
    main_rs "$1" "$5"
    expect 1 scripts/check.sh "$1"
    has_line '^WA   sample-1 '
    has "$7"
}
scaffold_mode abc-tokens tokens 'compare = "tokens"'
judged abc-tokens '3 4' '7 12' 'println!("{}\n{}", a + b, a * b);' \
    'println!("{} {}", a + b, a * b + 1);' "compared by tokens" 'token 2: expected `12`, got `13`'
step "(d) --compare tokens: another layout accepted, a wrong token rejected"

scaffold_mode abc-float float:1e-6 'float-error = 1e-6'
judged abc-float '1 3' '0.3333333333' 'println!("{:.7}", a as f64 / b as f64);' \
    'println!("{:.3}", a as f64 / b as f64);' "compared by float (error 1e-6)" \
    'token 1: expected `0.3333333333`, got `0.333`, error 3.3e-4 > 1e-6'
expect 2 scripts/new-problem.sh abc-float2 --compare float:0x1
has "bad float error '0x1'"
step "(d) --compare float:1e-6: a close number accepted, a far one rejected"

# A checker: print any divisor d of a with 1 < d < a (a composite; b unused).
scaffold_mode abc-div checker 'checker = true'
[ -f crates/abc-div/src/bin/check.rs ] || fail "no src/bin/check.rs"
expect 0 cargo fmt --all --check
printf '12 0\n' >io-tests/abc-div/sample-1.in
printf '2\n' >io-tests/abc-div/sample-1.out
main_rs abc-div 'let _ = b; println!("{}", (2..a).rev().find(|d| a % d == 0).unwrap());'
expect 1 scripts/check.sh abc-div
has_line '^FAIL sample-1 '
has "FAIL abc-div-check: the checker is not written yet (src/bin/check.rs is a stub)"
cat >crates/abc-div/src/bin/check.rs <<'EOF'
//! Any divisor d of a with 1 < d < a is accepted.
use judge::checker::{fail, wrong_answer, Files, Outcome};
use std::process::ExitCode;

fn check(files: &mut Files) -> Result<String, Outcome> {
    let a = files.input.integer("a", 4, 1_000_000)?;
    let jury = files.answer.integer("the jury's divisor", 2, a - 1)?;
    if a % jury != 0 {
        return Err(fail(format!("the answer {jury} does not divide {a}")));
    }
    let d = files.output.integer("a divisor", 2, a - 1)?;
    if a % d != 0 {
        return Err(wrong_answer(format!("{d} does not divide {a}")));
    }
    Ok(format!("{d} divides {a}"))
}

fn main() -> ExitCode {
    judge::checker::main(check)
}
EOF
judged abc-div '12 0' '2' 'let _ = b; println!("{}", (2..a).rev().find(|d| a % d == 0).unwrap());' \
    'let _ = b; println!("{}", a / 2 - 1);' "compared by checker " "wrong answer 5 does not divide 12"
step "(d) --compare checker: the stub fails with its message; written, it accepts another divisor and rejects a non-divisor"

# (e) An interactive problem: guess a number in 1..=10^9 with at most 30 queries
# (`<`: the guess is below the secret, `>` above, `=` found; the secret is the input).
expect 0 scripts/new-problem.sh guess-demo --interactive --time-limit-ms 1000
grep -qx 'interactive = true' crates/guess-demo/Cargo.toml ||
    fail "the interactive scaffold's manifest does not say interactive = true"
expect 0 cargo fmt -p guess-demo --check
printf '777\n' >io-tests/guess-demo/low.in
printf '1000000000\n' >io-tests/guess-demo/high.in
: >io-tests/guess-demo/low.out
: >io-tests/guess-demo/high.out
# guesser NEXT FLUSH: a main.rs whose guesses go by NEXT (binary search, or one
# up) and that runs FLUSH after each query.
guesser() {
    cat >crates/guess-demo/src/main.rs <<EOF
use proconio::input;
use proconio::source::line::LineSource;
use std::io::{stdin, stdout, BufReader, BufWriter, Write};

fn main() {
    let stdin = stdin();
    let mut source = LineSource::new(BufReader::new(stdin.lock()));
    let out = stdout();
    let mut out = BufWriter::new(out.lock());
    let (mut low, mut high, mut guess) = (1u64, 1_000_000_000u64, 0u64);
    loop {
        guess = $1;
        writeln!(out, "{guess}").unwrap();
        $2
        input! { from &mut source, reply: String }
        match reply.as_str() {
            "=" => return,
            "<" => low = guess + 1,
            _ => high = guess - 1,
        }
    }
}
EOF
}
guesser 'low + (high - low) / 2' 'out.flush().unwrap();'
# (c) The interactor stub fails every case: an error of the interactor, never a pass.
expect 1 scripts/check.sh guess-demo
has_line '^ERR  high: the interactor failed: exit status 3'
has "guess-demo-interact: the interactor is not written yet"
step "(e) interactive scaffold; (c) its interactor stub fails every case with its message"

cat >crates/guess-demo/src/bin/interact.rs <<'EOF'
//! Interactor of the self-test's guessing problem: the secret is the input.

use judge::interact::Interactor;

fn main() {
    let mut judge = Interactor::from_args();
    let secret: u64 = judge.input("the secret");
    for query in 1..=30 {
        let guess: u64 = judge.read("a guess");
        if guess == secret {
            judge.send("=");
            judge.write_output(&format!("{query}\n"));
            judge.accept(&format!("found in {query} queries"));
        }
        judge.send(if guess < secret { "<" } else { ">" });
    }
    judge.wrong_answer("no right guess in 30 queries");
}
EOF
expect 0 scripts/check.sh guess-demo
has_line '^AC   high '
has_line '^2 passed, 0 failed$'
expect 0 cargo test -p guess-demo
has "test stored_cases_pass ... ok"
step "(e) a right guesser: check.sh and cargo test -p pass"

guesser 'guess + 1' 'out.flush().unwrap();'
expect 1 scripts/check.sh guess-demo
has_line '^WA   high '
has "no right guess in 30 queries"
guesser 'low + (high - low) / 2' ''
expect 1 scripts/check.sh guess-demo
has_line '^TLE  high '
has "killed at the time limit of 1000 ms"
step "(e) a guesser that counts up is WA, one that forgets to flush TLE"

rm -rf "$ws"
echo "test-new-problem: (a) to (e) hold [$((SECONDS - started)) s]"
