#!/bin/sh
# Judges every problem (or the named ones) on its stored cases in io-tests/,
# after building what it runs: a line per case, then `N passed, M failed`;
# exit 1 on any failure. Options: `cargo drill help check`.
#
#   scripts/check.sh [PROBLEM...] [--case PATTERN]...   (a name, a glob: stress-*, or a group)
root=$(cd "$(dirname "$0")/.." && pwd) || exit 2
cd "$root" || exit 2
# shellcheck source=scripts/lib/judge.sh
. scripts/lib/judge.sh
run_judge check "$@"
