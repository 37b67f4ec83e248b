#!/bin/sh
# Judges PROBLEM on its stored cases and, when every case passes, copies what
# its judge takes (AtCoder: main.rs; others: the bundle) to the clipboard,
# saying where to paste it. Options: `cargo drill help submit`.
#
#   scripts/submit.sh PROBLEM [--no-check] [--open] [--print]
root=$(cd "$(dirname "$0")/.." && pwd) || exit 2
cd "$root" || exit 2
# shellcheck source=scripts/lib/judge.sh
. scripts/lib/judge.sh
run_judge submit "$@"
