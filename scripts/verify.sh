#!/bin/sh
# Judges an imported contest package's example submissions (crates/PROBLEM/
# submissions/, in C, C++, Python 3 or Rust) up to the case that settles its
# result (--all-cases: every case), each against the
# verdict its folder (or a DOMjudge @EXPECTED_RESULTS@ tag) says; exit 1 when
# one does not get it. Options: `cargo drill help verify`.
#
#   scripts/verify.sh PROBLEM
root=$(cd "$(dirname "$0")/.." && pwd) || exit 2
cd "$root" || exit 2
# shellcheck source=scripts/lib/judge.sh
. scripts/lib/judge.sh
run_judge verify "$@"
