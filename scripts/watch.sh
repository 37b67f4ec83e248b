#!/bin/sh
# Judges PROBLEM as check.sh does, then again on every save of its crate or
# its cases, the screen cleared first; Ctrl-C ends it.
#
#   scripts/watch.sh PROBLEM [--case PATTERN]...
root=$(cd "$(dirname "$0")/.." && pwd) || exit 2
cd "$root" || exit 2
# shellcheck source=scripts/lib/judge.sh
. scripts/lib/judge.sh
run_judge watch "$@"
