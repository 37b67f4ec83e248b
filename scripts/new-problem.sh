#!/bin/sh
# Makes a problem (crates/NAME, io-tests/NAME), or adds pieces to one. Options:
# `cargo drill help new`.
#
#   scripts/new-problem.sh NAME [--url URL] [--time-limit-ms MS] [--memory-limit-mb MB]
#                               [--compare tokens|float[:E]|checker] [--with PIECE,... | --full]
#                               [--interactive]
root=$(cd "$(dirname "$0")/.." && pwd) || exit 2
cd "$root" || exit 2
# shellcheck source=scripts/lib/judge.sh
. scripts/lib/judge.sh
run_judge new "$@"
