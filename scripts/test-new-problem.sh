#!/usr/bin/env bash
# Proves that scripts/new-problem.sh makes a problem checkable with no other edit:
# scaffolds a problem in a scratch copy of the workspace, stores one case, and runs
# scripts/check.sh on it.
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT

# The tracked files as they are in the working tree.
(cd "$root" && git ls-files -z --cached --others --exclude-standard) |
    (cd "$root" && xargs -0 cp --parents -t "$scratch")
# The main target folder: the registry crates are built already.
export CARGO_TARGET_DIR=${CARGO_TARGET_DIR:-$root/target}

"$scratch/scripts/new-problem.sh" echo-demo --time-limit-ms 1000
printf '5\n' > "$scratch/io-tests/echo-demo/sample-1.in"
printf '5\n' > "$scratch/io-tests/echo-demo/sample-1.out"
"$scratch/scripts/check.sh" echo-demo

# The scaffold's naive is a stub that fails: its brute-force test must not pass.
if (cd "$scratch" && cargo test -q -p echo-demo --test brute_force >/dev/null 2>&1); then
    echo "test-new-problem: the stub brute-force test passed; it must fail until naive is written" >&2
    exit 1
fi
echo "test-new-problem: scaffold is checkable; stub brute-force test fails as it should"
