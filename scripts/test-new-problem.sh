#!/usr/bin/env bash
# Proves that scripts/new-problem.sh makes a problem checkable with no other edit:
# scaffolds a problem in a scratch copy of the workspace and checks that
# - the scaffold prints no error, writes its Cargo.toml comments intact and is
#   rustfmt-clean;
# - its validator stub rejects every input (exit 1, a message) and its validator
#   test fails and check.sh reports the stored case INVALID, so that CI stays
#   red until the validator is written;
# - once a validator is written, the stored case passes scripts/check.sh.
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
fail() { echo "test-new-problem: $*" >&2; exit 1; }

# The tracked files as they are in the working tree.
(cd "$root" && git ls-files -z --cached --others --exclude-standard) |
    (cd "$root" && xargs -0 cp --parents -t "$scratch")
# The main target folder: the registry crates are built already.
export CARGO_TARGET_DIR=${CARGO_TARGET_DIR:-$root/target}

"$scratch/scripts/new-problem.sh" echo-demo --time-limit-ms 1000 2>"$scratch/scaffold.err"
[ ! -s "$scratch/scaffold.err" ] || fail "the scaffold printed errors: $(cat "$scratch/scaffold.err")"
comment='# Set `single-case = true` when the input has no leading case count.'
grep -qxF "$comment" "$scratch/crates/echo-demo/Cargo.toml" ||
    fail "the scaffold's Cargo.toml lacks the line: $comment"
(cd "$scratch" && cargo fmt --all --check >/dev/null) || fail "the scaffold is not rustfmt-clean"

printf '5\n' > "$scratch/io-tests/echo-demo/sample-1.in"
printf '5\n' > "$scratch/io-tests/echo-demo/sample-1.out"

# The validator stub rejects the (valid) stored case with a message.
status=0
message=$(cd "$scratch" && cargo run -q -p echo-demo --bin echo-demo-validate \
    < "$scratch/io-tests/echo-demo/sample-1.in" 2>&1 >/dev/null) || status=$?
[ "$status" = 1 ] || fail "the validator stub exited with $status, not 1"
[[ $message == "echo-demo: the validator is not written yet"* ]] ||
    fail "the validator stub says: $message"
if (cd "$scratch" && cargo test -q -p echo-demo --test validate >/dev/null 2>&1); then
    fail "the validator test passed with the stub; it must fail until the validator is written"
fi

# The scaffold's naive is a stub that fails: its brute-force test must not pass.
if (cd "$scratch" && cargo test -q -p echo-demo --test brute_force >/dev/null 2>&1); then
    fail "the stub brute-force test passed; it must fail until naive is written"
fi

# check.sh runs the validator before the submission: with the stub, the stored
# case is INVALID and check.sh fails.
if "$scratch/scripts/check.sh" echo-demo >"$scratch/check.log" 2>&1; then
    fail "check.sh passed with the validator stub"
fi
grep -q '^INVALID' "$scratch/check.log" ||
    fail "check.sh did not report the stored case INVALID: $(tail -n 5 "$scratch/check.log")"

# A validator written as the stub says: one integer on one line.
cat > "$scratch/crates/echo-demo/src/bin/validate.rs" <<'RUST'
//! Validator of the self-test's echo problem: one integer from 0 to 10^9 on a line.

use judge::validate::Reader;
use std::process::ExitCode;

const PROBLEM: &str = "echo-demo";

pub fn validate(input: &[u8]) -> Result<(), String> {
    let mut reader = Reader::new(PROBLEM, input);
    reader.integer("n", 0, 1_000_000_000)?;
    reader.newline()?;
    reader.end()
}

fn main() -> ExitCode {
    judge::validate::main(PROBLEM, validate)
}
RUST
(cd "$scratch" && cargo test -q -p echo-demo --test validate stored_inputs_are_valid >/dev/null 2>&1) ||
    fail "the stored case is invalid under a written validator"
"$scratch/scripts/check.sh" echo-demo
echo "test-new-problem: scaffold is checkable; its stub validator and brute-force tests fail as they should"
