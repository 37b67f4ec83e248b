#!/bin/sh
# Times every problem (or the named ones) against its input-only baseline and
# prints a Markdown table; --smoke is CI's check, --growth how each cost grows.
# Options: `cargo drill help bench`.
#
#   scripts/bench.sh [--runs N] [--seed S] [--size K | --smoke] [PROBLEM...]
#   scripts/bench.sh --growth [--help | OPTION...] [PROBLEM...]
root=$(cd "$(dirname "$0")/.." && pwd) || exit 2
cd "$root" || exit 2
# shellcheck source=scripts/lib/judge.sh
. scripts/lib/judge.sh
run_judge bench "$@"
