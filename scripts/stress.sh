#!/bin/sh
# Compares a problem's submission with its naive on generated inputs until
# they disagree; a repeatable disagreement is shrunk and stored as
# io-tests/PROBLEM/stress-SEED.in/.out. Exit 0 all agreed, 1 a disagreement,
# 2 a usage or setup error, 3 a tool failed. Options: `cargo drill help stress`.
#
#   scripts/stress.sh PROBLEM [--cases N] [--seed S] [--size K] [--time SECONDS]
#                             [--naive-time-limit-ms MS] [--all]
root=$(cd "$(dirname "$0")/.." && pwd) || exit 2
cd "$root" || exit 2
# shellcheck source=scripts/lib/judge.sh
. scripts/lib/judge.sh
run_judge stress "$@"
