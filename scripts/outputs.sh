#!/bin/sh
# Writes the expected output of every new case of a problem from its naive:
# each io-tests/PROBLEM/NAME.in without a NAME.out gets one, never over an
# existing file. Exit 0 every input has its output, 1 one was not written,
# 2 a usage or setup error. Options: `cargo drill help outputs`.
#
#   scripts/outputs.sh PROBLEM [--naive-time-limit-ms MS]
root=$(cd "$(dirname "$0")/.." && pwd) || exit 2
cd "$root" || exit 2
# shellcheck source=scripts/lib/judge.sh
. scripts/lib/judge.sh
run_judge outputs "$@"
